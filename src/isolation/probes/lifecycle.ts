// Probes 15 and 16: a step that overruns its timeout leaves nothing of the agent running, and a
// step that floods its output is capped — both through the session, as a real step is.
import { readdir, readFile } from 'node:fs/promises'
import { fail, list, pass, python } from '../outcome.js'
import type { Probe, ProbeContext, ProbeDef, SandboxContext, SrtProbeContext } from '../types.js'
import { agentProcesses } from './processes.js'

const TIMEOUT_MS = 1500

// Chains of processes that fork a child and exit at once (pids keep changing), holding the step's
// output open; bounded (32 chains) so that it cannot hurt a runner without a pids limit.
const HOPPING_BOMB = `
import os, time
for _ in range(32):
    if os.fork() == 0:
        while True:
            if os.fork() != 0:
                os._exit(0)
            time.sleep(0.01)
print('launched', flush=True)
`

const CASES: { name: string; command: string }[] = [
  { name: 'sleep', command: 'sleep 600' },
  { name: 'setsid child', command: 'setsid sh -c "sleep 600" & sleep 600' },
  {
    name: 'nohup child with closed output',
    command: 'nohup sleep 600 >/dev/null 2>&1 </dev/null & sleep 600'
  },
  { name: 'fork bomb that returns', command: python(HOPPING_BOMB) }
]

async function leftovers(ctx: ProbeContext): Promise<string | undefined> {
  const listing = await agentProcesses(ctx)
  if ('error' in listing) return listing.error
  return listing.processes.length ? listing.processes.slice(0, 3).join(' | ') : undefined
}

export const timeoutsProbe: Probe = {
  id: 'timeouts',
  number: 15,
  title: 'timeouts leave no process of the agent (sleep, setsid child, fork bomb that returns)',
  phase: 'disruptive',
  async run(ctx) {
    const before = await leftovers(ctx)
    if (before) return fail(`processes of uid ${ctx.uid} before the probe: ${before}`)
    const problems: string[] = []
    const notes: string[] = []
    const cases = [...CASES]
    if (ctx.config.enableSudo)
      cases.push({ name: 'sudo child', command: 'sudo -n setsid sleep 600 & sleep 600' })
    for (const c of cases) {
      const r = await ctx.agentExec(c.command, { timeoutMs: TIMEOUT_MS })
      if (!r.timedOut) {
        problems.push(`${c.name}: did not time out (exit ${r.exitCode})`)
        continue
      }
      if (r.note) notes.push(`${c.name}: ${r.note}`)
      const left = await leftovers(ctx)
      // The sudo child runs as root, outside the agent's uid: look for it by name.
      const rootLeft =
        c.name === 'sudo child'
          ? await ctx.rootExec(['/usr/bin/pgrep', '-f', 'sleep 600'])
          : undefined
      if (left) problems.push(`${c.name}: left ${left}`)
      else if (rootLeft && rootLeft.exitCode === 0)
        problems.push(`${c.name}: a root process started through sudo survived the timeout`)
    }
    if (problems.length) return fail(list(problems))
    return pass(
      `${cases.length} overrunning steps timed out after ${TIMEOUT_MS} ms and left no process of uid ${ctx.uid}${notes.length ? ` (${list(notes, 2)})` : ''}`
    )
  }
}

/** Floods bigger than this are not produced; a cap at or above it is not a cap worth the name. */
const MAX_FLOOD = 64 * 1024 * 1024

export const outputFloodProbe: ProbeDef<SandboxContext> = {
  id: 'output-flood',
  number: 16,
  title: 'output floods are capped',
  phase: 'disruptive',
  async run(ctx) {
    const cap = ctx.agent.maxOutputBytes
    const flood = Math.min(cap * 2 + 1024 * 1024, MAX_FLOOD)
    const r = await ctx.agentExec(
      `head -c ${flood} /dev/zero | tr '\\0' x; head -c ${flood} /dev/zero | tr '\\0' y >&2; echo`,
      { timeoutMs: 120_000, maxOutputBytes: cap }
    )
    // OutputCap keeps head and tail plus a marker line; allow for the marker.
    const slack = 4096
    const kept = Math.max(Buffer.byteLength(r.stdout), Buffer.byteLength(r.stderr))
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`
    if (kept > cap + slack || !r.truncated)
      return fail(
        `a ${mib(flood)} flood on each stream kept ${mib(kept)}${r.truncated ? '' : ' (not truncated)'}; output cap ${mib(cap)}`
      )
    return pass(
      `a ${mib(flood)} flood on stdout and stderr kept ${mib(kept)} each at most (cap ${mib(cap)}), marked truncated`
    )
  }
}

/** Host-side: live processes whose argv is exactly `argv`. */
export async function processesWithArgv(argv: string): Promise<number[]> {
  const found: number[] = []
  for (const e of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(e)
    if (!Number.isInteger(pid)) continue
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (cmd.split('\0').filter(Boolean).join(' ') !== argv) continue
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    if (stat && !/^\S+ \(.*\) [ZX]/.test(stat)) found.push(pid)
  }
  return found
}

export const srtTimeoutsProbe: ProbeDef<SrtProbeContext> = {
  id: 'timeouts',
  number: 15,
  phase: 'parallel',
  title: 'timeouts leave no process (sleep, background, setsid and nohup children)',
  async run(ctx) {
    const tag = `${600 + (process.pid % 300)}.${Date.now() % 100000}`
    const argv = `sleep ${tag}`
    const cases = [
      { name: 'sleep', command: argv },
      { name: 'background and foreground', command: `${argv} & ${argv}` },
      { name: 'setsid child', command: `setsid ${argv} & ${argv}` },
      {
        name: 'nohup child with closed output',
        command: `nohup ${argv} >/dev/null 2>&1 </dev/null & ${argv}`
      }
    ]
    const problems: string[] = []
    for (const c of cases) {
      const r = await ctx.agentExec(c.command, { timeoutMs: 1500 })
      if (!r.timedOut) {
        problems.push(`${c.name}: did not time out (exit ${r.exitCode})`)
        continue
      }
      const left = await processesWithArgv(argv)
      if (left.length)
        problems.push(`${c.name}: ${left.length} process(es) left (pid ${left.join(', ')})`)
      if (r.note) problems.push(`${c.name}: ${r.note}`)
    }
    if (problems.length) return fail(list(problems))
    return pass(
      `${cases.length} overrunning steps timed out after 1500 ms and left no process on the host`
    )
  }
}
