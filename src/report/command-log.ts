// <out>/<agent>/commands.log: every step with its (capped, redacted) output, appended as steps end.
import { appendFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { StepResult } from './types.js'

export function formatStepLog(s: StepResult): string {
  const title = s.name ? `${s.name} ` : ''
  const head =
    `=== [${s.index + 1}] ${title}(${s.kind}) ${s.status}` +
    (s.exitCode !== null ? `, exit ${s.exitCode}` : '') +
    `, ${s.durationMs} ms` +
    (s.truncated ? ', output truncated' : '') +
    (s.reason ? `\n# ${s.reason}` : '')
  const parts = [head, `$ ${s.command}`]
  if (s.stdout) parts.push('--- stdout', s.stdout.replace(/\n$/, ''))
  if (s.stderr) parts.push('--- stderr', s.stderr.replace(/\n$/, ''))
  return parts.join('\n') + '\n\n'
}

export async function appendStepLog(outDir: string, agentId: string, s: StepResult): Promise<void> {
  const dir = join(outDir, agentId)
  await mkdir(dir, { recursive: true })
  await appendFile(join(dir, 'commands.log'), formatStepLog(s))
}
