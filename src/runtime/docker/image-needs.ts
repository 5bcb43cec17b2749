// What the harness needs from an agent image, and saying exactly what is missing. Any image with
// /bin/sh can be an agent image: steps run as `/bin/sh -c`, the kill is `/bin/sh -c 'kill -9 -1'`
// (a shell builtin), the engine lists processes from the host. Beyond /bin/sh the harness uses
// `sleep` (the container's keepalive, `sleep infinity`) and, for write_file/read_file steps,
// mkdir, dirname, cat, head and tail. Our runtime images have all of them; for other images a start
// that fails for want of one says which, and the file-step tools are checked once at start.
import { errorMessage } from '../../errors.js'
import { harnessExec, type ExecTarget } from './exec.js'

export const FILE_STEP_TOOLS = ['mkdir', 'dirname', 'cat', 'head', 'tail'] as const

const NEEDS =
  'an agent image needs /bin/sh and sleep (the keepalive); write_file/read_file steps also use ' +
  FILE_STEP_TOOLS.join(', ')

/** The engine's start/exec error, or one that names the program the image lacks. */
export function explainImageError(err: unknown, image: string): Error {
  const message = errorMessage(err)
  const m =
    /exec: "([^"]+)": (?:executable file not found in \$PATH|stat [^:]+: no such file or directory)/.exec(
      message
    ) ?? /exec(?:ute)? "?([^"\s:]+)"?: no such file or directory/.exec(message)
  if (!m) return err instanceof Error ? err : new Error(message)
  const program = m[1]
  const role = /(^|\/)sleep$/.test(program)
    ? 'the container keepalive (`sleep infinity`)'
    : /(^|\/)sh$/.test(program)
      ? 'every step (`/bin/sh -c`)'
      : 'the harness'
  return new Error(
    `image ${image} has no ${program}, which the harness needs for ${role}; ${NEEDS} (the engine said: ${message.trim()})`
  )
}

/**
 * Which of the file-step tools the image lacks (on the harness's PATH), or [] — checked as nobody,
 * by /bin/sh's own `command -v`. Throws the explained error when /bin/sh itself is missing.
 */
export async function missingFileStepTools(
  target: ExecTarget,
  image: string,
  user: string
): Promise<string[]> {
  try {
    const r = await harnessExec(target, {
      cmd: [
        '/bin/sh',
        '-c',
        'for t in "$@"; do command -v "$t" >/dev/null 2>&1 || echo "$t"; done',
        'sh',
        ...FILE_STEP_TOOLS
      ],
      user,
      maxOutputBytes: 4096,
      timeoutMs: 30_000
    })
    if (r.exitCode === 0) return r.stdout.split('\n').filter(Boolean)
    throw new Error(`${r.stderr || r.stdout}`.trim() || `exit ${r.exitCode}`)
  } catch (err) {
    throw explainImageError(err, image)
  }
}

/** The start-time warning for an image without some file-step tools, or undefined. */
export function fileStepToolsWarning(image: string, missing: string[]): string | undefined {
  if (missing.length === 0) return undefined
  return (
    `image ${image} has no ${missing.join(', ')}: write_file and read_file steps will fail in it ` +
    '(run steps are unaffected); use an image that has them or install them in a step'
  )
}
