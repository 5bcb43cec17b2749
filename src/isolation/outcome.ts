// Small helpers every probe uses: outcomes, shell quoting, reading KEY value lines, attempts.
import type { ExecResult } from '../runtime/types.js'
import type { ProbeOutcome, SandboxContext } from './types.js'
import { shellQuote } from '../lib/shell.js'

export const pass = (detail: string): ProbeOutcome => ({ status: 'pass', detail })
export const fail = (detail: string): ProbeOutcome => ({ status: 'fail', detail })
export const skip = (detail: string): ProbeOutcome => ({ status: 'skip', detail })

/** Quotes a string for /bin/sh. */
export const sh = shellQuote

/** Lines of the form `TAG rest` printed by a probe script, by tag. */
export function tagged(output: string, tag: string): string[] {
  const prefix = `${tag} `
  return output
    .split('\n')
    .filter((l) => l.startsWith(prefix))
    .map((l) => l.slice(prefix.length).trim())
}

/** A list for a detail line, shortened after `max` items. */
export function list(items: string[], max = 6): string {
  if (items.length <= max) return items.join(', ')
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`
}

/** Runs `script` with python3 from a quoted heredoc, so nothing in it is expanded by the shell. */
export function python(script: string, args: string[] = []): string {
  return `python3 - ${args.map(sh).join(' ')} <<'MASSGEN_PY'\n${script}\nMASSGEN_PY`
}

export const NO_PYTHON =
  'python3 is not in the image, and this probe needs it for the syscall it tries'

export const isOutcome = (x: unknown): x is ProbeOutcome =>
  typeof x === 'object' && x !== null && 'status' in x && 'detail' in x

/**
 * Runs a probe's attempts as the agent, followed by `echo DONE`: the result, or the fail that says
 * `what` did not complete (a script cut short proves nothing either way).
 */
export async function attempts(
  ctx: Pick<SandboxContext, 'agentExec'>,
  lines: string[],
  what: string,
  timeoutMs?: number
): Promise<ExecResult | ProbeOutcome> {
  const r = await ctx.agentExec(
    [...lines, 'echo DONE'].join('\n'),
    timeoutMs ? { timeoutMs } : undefined
  )
  return r.stdout.includes('DONE') ? r : fail(`${what} did not complete (exit ${r.exitCode})`)
}
