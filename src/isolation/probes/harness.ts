// Probe 22: the harness cannot be hijacked through the agent's PATH. The agent plants executables
// named after every program the harness (or a careless one) runs — sh, pgrep, kill, cat, … — in
// each directory of the container's PATH it can write (the image puts its own venv first), lets a
// step time out, and checks that none of them ran as root, that the step was reported as a timeout
// and that no process of the agent survived it. The shims then go again.
import { fail, list, pass, sh, tagged } from '../outcome.js'
import type { Probe, ProbeContext } from '../types.js'
import { agentProcesses } from './processes.js'

/** What a harness runs, or might: a shim of each name is planted. */
export const SHIM_NAMES = [
  'sh',
  'bash',
  'kill',
  'pkill',
  'pgrep',
  'ps',
  'cat',
  'mkdir',
  'dirname',
  'tail',
  'head',
  'env',
  'timeout',
  'python3',
  'pip',
  'npm',
  'sudo',
  'apt-get'
]

const TIMEOUT_MS = 1500

/**
 * A shim logs its name and uid, and does nothing else: a planted `sh` swallows the harness's
 * kill, a planted `pgrep` reports that nothing is left.
 */
function shim(name: string, log: string): string {
  return [
    '#!/bin/sh',
    `echo "${name} $(/usr/bin/id -u)" >> ${sh(log)}`,
    `[ "$(/usr/bin/id -u)" = 0 ] && : > /etc/massgen-shim-ran-as-root 2>/dev/null`,
    name === 'pgrep' ? 'echo 0' : ':',
    'exit 0',
    ''
  ].join('\n')
}

async function plant(ctx: ProbeContext, log: string): Promise<string[]> {
  const script = [
    `: > ${sh(log)} && chmod 666 ${sh(log)}`,
    'IFS=:',
    // Root-owned system directories are left alone: an agent that can write there is root already
    // (probe 1 says so), and a shim there would replace the system's own programs.
    // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
    'for d in $PATH; do [ -d "$d" ] && [ -w "$d" ] && [ -z "$(find "$d" -maxdepth 0 -user 0)" ] && echo "DIR $d"; done'
  ].join('\n')
  const r = await ctx.agentExec(script)
  const dirs = tagged(r.stdout, 'DIR')
  for (const dir of dirs) {
    const writes = SHIM_NAMES.map(
      (name) =>
        `printf '%s' ${sh(shim(name, log))} > ${sh(`${dir}/${name}`)} && chmod 755 ${sh(`${dir}/${name}`)}`
    )
    // A shim must not replace what was there for good: the originals are kept aside.
    const keep = SHIM_NAMES.map(
      (name) =>
        `[ -e ${sh(`${dir}/${name}`)} ] && mv ${sh(`${dir}/${name}`)} ${sh(`${dir}/.massgen-kept-${name}`)}`
    )
    await ctx.agentExec([...keep, ...writes].join('; ') + '; true')
  }
  return dirs
}

async function remove(ctx: ProbeContext, dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    const undo = SHIM_NAMES.map(
      (name) =>
        `/bin/rm -f ${sh(`${dir}/${name}`)}; [ -e ${sh(`${dir}/.massgen-kept-${name}`)} ] && /bin/mv ${sh(`${dir}/.massgen-kept-${name}`)} ${sh(`${dir}/${name}`)}`
    )
    await ctx.agentExec(undo.join('; ') + '; true').catch(() => undefined)
  }
}

export const harnessShimsProbe: Probe = {
  id: 'harness-shims',
  number: 22,
  title:
    "the harness runs nothing from the agent's PATH: shims never run as root, timeouts still kill",
  phase: 'disruptive',
  async run(ctx) {
    const log = `${ctx.scratch}/shims.log`
    await ctx.agentExec(`chmod 777 ${sh(ctx.scratch)}`)
    const dirs = await plant(ctx, log)
    if (!dirs.length)
      return pass(
        "no directory on the container's PATH is the agent's to write: nothing could be planted"
      )
    try {
      const r = await ctx.agentExec('/bin/sleep 600 & /bin/sleep 600', { timeoutMs: TIMEOUT_MS })
      const ran = await ctx.rootExec(['/bin/cat', log])
      const lines = ran.stdout.split('\n').filter(Boolean)
      const asRoot = lines.filter((l) => l.endsWith(' 0')).map((l) => l.split(' ')[0])
      const listing = await agentProcesses(ctx)
      const left = 'error' in listing ? [listing.error] : listing.processes
      const problems: string[] = []
      if (asRoot.length) problems.push(`shims ran as root: ${list([...new Set(asRoot)])}`)
      if (!r.timedOut) problems.push(`the step was not reported as timed out (exit ${r.exitCode})`)
      if (left.length) problems.push(`left after the timeout: ${list(left, 3)}`)
      if (problems.length) return fail(list(problems))
      const byAgent = [...new Set(lines.map((l) => l.split(' ')[0]))]
      return pass(
        `${SHIM_NAMES.length} shims in ${list(dirs)}; a step timed out, nothing survived, no shim ran as root` +
          (byAgent.length ? ` (ran as the agent only: ${list(byAgent)})` : ' (none ran)')
      )
    } finally {
      await remove(ctx, dirs)
    }
  }
}
