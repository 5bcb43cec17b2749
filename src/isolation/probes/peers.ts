// Probe 19: agents cannot see each other's workspaces or processes. Every other container of the
// check (the config's other agents, or a throwaway started from this agent's plan) has a marker
// file in its workspace and a marker process; neither may be visible from here. The process is
// looked for with a pattern that does not match itself, so the looking shell is never a hit.
import { fail, list, pass, sh, skip } from '../outcome.js'
import type { Probe } from '../types.js'

export const crossAgentProbe: Probe = {
  id: 'cross-agent',
  number: 19,
  title: "agents cannot see each other's workspaces or processes",
  phase: 'parallel',
  async run(ctx) {
    if (!ctx.peers.length) return skip('no other container to look for')
    const script = [
      ...ctx.peers.map(
        (p) =>
          `if cat ${sh(p.markerFile)} >/dev/null 2>&1; then echo "SEEN workspace of ${p.id}"; fi`
      ),
      ...ctx.peers.map(
        (p) =>
          `if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' ' ' | grep -q ${sh(p.processTag.replace('.', '[.]'))}; then echo "SEEN a process of ${p.id}"; fi`
      ),
      'set -- /proc/[0-9]*; echo "PIDS $#"',
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
    const seen = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('SEEN '))
      .map((l) => l.slice(5))
    if (seen.length) return fail(`visible: ${list(seen)}`)
    const names = ctx.peers.map((p) =>
      p.fromConfig ? p.id : `${p.id} (throwaway from this agent's plan)`
    )
    return pass(`workspace marker and marker process of ${list(names)} invisible`)
  }
}
