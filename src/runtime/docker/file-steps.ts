// write_file and read_file steps in the container, as the agent's uid (so ownership, permissions
// and read-only mounts are the agent's), through /bin/sh with a clean PATH: a program the agent
// planted on its own PATH is never what runs. The caller has already checked the path against the
// agent's allowed paths (runtime/allowed-paths.ts).
import { HARNESS_PATH, type RawExecResult, type RunExecOptions } from './exec.js'

/** Runs argv as the agent in its workspace (the session supplies user, cwd and kill-on-timeout). */
export type AgentExec = (cmd: string[], extra?: Partial<RunExecOptions>) => Promise<RawExecResult>

const READ_FILE_MAX_BYTES = 8 * 1024 * 1024
const WRITE_SCRIPT = 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"'
const READ_SCRIPT =
  '[ -f "$3" ] || { echo "$3: not a regular file (or missing)" >&2; exit 1; }; ' +
  'exec <"$3" || exit 1; tail -n "+$1" | if [ -n "$2" ]; then head -n "$2"; else cat; fi'

export async function writeFileAsAgent(
  exec: AgentExec,
  target: string,
  content: string
): Promise<void> {
  const r = await exec(['/bin/sh', '-c', WRITE_SCRIPT, 'sh', target], {
    env: { PATH: HARNESS_PATH },
    stdin: Buffer.from(content, 'utf8')
  })
  if (r.exitCode !== 0)
    throw new Error(`cannot write ${target}: ${r.stderr.trim() || `exit ${r.exitCode}`}`)
}

/** `lineCount` lines (all when undefined) after skipping `offset` lines. */
export async function readFileAsAgent(
  exec: AgentExec,
  target: string,
  offset: number,
  lineCount?: number
): Promise<string> {
  const first = Math.max(0, Math.floor(offset)) + 1
  const count = lineCount === undefined ? '' : String(Math.max(0, Math.floor(lineCount)))
  const r = await exec(['/bin/sh', '-c', READ_SCRIPT, 'sh', String(first), count, target], {
    env: { PATH: HARNESS_PATH },
    maxOutputBytes: READ_FILE_MAX_BYTES
  })
  if (r.exitCode !== 0)
    throw new Error(`cannot read ${target}: ${r.stderr.trim() || `exit ${r.exitCode}`}`)
  return r.stdout
}
