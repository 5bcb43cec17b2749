// The one layout of background steps' logs in the output directory, for every mode (docker,
// local, srt): `<out>/<agent>/background_<name>.log` per background step, its command and how it
// ended in a header, then its stdout and its stderr.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface BackgroundLogEntry {
  name: string
  command: string
  startedAt: Date
  /** How it ended: set once it has (killed at the end of the steps, or exited). */
  result?: { exitCode: number | null; durationMs: number; truncated: boolean }
  /** Why it could not run. */
  error?: string
  stdout: string
  stderr: string
}

/** The file name of a background step's log (the name's odd characters replaced). */
export function backgroundLogName(name: string): string {
  return `background_${name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`
}

/** One line: how the background step ended (or that it had not). */
export function describeBackground(b: Pick<BackgroundLogEntry, 'result' | 'error'>): string {
  if (b.error) return `error: ${b.error}`
  if (!b.result) return 'still running when logs were saved'
  return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`
}

export function backgroundLogText(b: BackgroundLogEntry): string {
  const body = [
    `# ${b.name}: ${b.command}`,
    `# started ${b.startedAt.toISOString()}; ${describeBackground(b)}`,
    '## stdout',
    b.stdout,
    '## stderr',
    b.stderr || b.error || ''
  ]
  return body.join('\n') + '\n'
}

/** background_<name>.log per entry, into `dir` (which exists). */
export async function writeBackgroundLogs(
  dir: string,
  entries: BackgroundLogEntry[]
): Promise<void> {
  for (const b of entries)
    await writeFile(join(dir, backgroundLogName(b.name)), backgroundLogText(b))
}
