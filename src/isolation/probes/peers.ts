// Probe 19: agents cannot see each other's workspaces or processes. Every other container of the
// check (the config's other agents, or a throwaway started from this agent's plan) has a marker
// file in its workspace and a marker process; neither may be visible from here. The process is
// looked for with a pattern that does not match itself, so the looking shell is never a hit.
import { isInside } from '../../lib/paths.js'
import { fail, list, pass, sh, skip, tagged, attempts, isOutcome } from '../outcome.js'
import type { Probe, ProbeDef, SrtProbeContext } from '../types.js'

/** A line that echoes `said` when `file` (a peer's marker) can be read. */
const canRead = (file: string, said: string) =>
  `if cat ${sh(file)} >/dev/null 2>&1; then echo "${said}"; fi`

/** A line that echoes `said` when a process whose argv has `tag` is visible. */
const canSee = (tag: string, said: string) =>
  `if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' ' ' | grep -q ${sh(tag.replace('.', '[.]'))}; then echo "${said}"; fi`

export const crossAgentProbe: Probe = {
  id: 'cross-agent',
  number: 19,
  title: "agents cannot see each other's workspaces or processes",
  phase: 'parallel',
  async run(ctx) {
    if (!ctx.peers.length) return skip('no other container to look for')
    const r = await attempts(
      ctx,
      [
        ...ctx.peers.map((p) => canRead(p.markerFile, `SEEN workspace of ${p.id}`)),
        ...ctx.peers.map((p) => canSee(p.processTag, `SEEN a process of ${p.id}`)),
        'set -- /proc/[0-9]*; echo "PIDS $#"'
      ],
      'the checks'
    )
    if (isOutcome(r)) return r
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

export const srtCrossAgentProbe: ProbeDef<SrtProbeContext> = {
  id: 'cross-agent',
  number: 19,
  phase: 'parallel',
  title:
    "agents cannot write each other's workspaces nor see their processes (nor read them in strict)",
  async run(ctx) {
    if (!ctx.peers.length) return skip('no other srt agent to look for')
    const r = await attempts(
      ctx,
      [
        ...ctx.peers.map(
          (p) =>
            `if (echo x >> ${sh(p.markerFile)}) 2>/dev/null; then echo "WROTE workspace of ${p.id}"; fi`
        ),
        ...ctx.peers.map((p) => canRead(p.markerFile, `READ workspace of ${p.id}`)),
        ...ctx.peers.map((p) => canSee(p.processArgv, `SAW a process of ${p.id}`))
      ],
      'the checks'
    )
    if (isOutcome(r)) return r
    const problems = [...tagged(r.stdout, 'WROTE'), ...tagged(r.stdout, 'SAW')]
    const read = tagged(r.stdout, 'READ')
    // Only strict hides other agents' workspaces outright; confined hides those under $HOME.
    const mustHide = ctx.peers.filter(
      (p) =>
        ctx.srt.readMode === 'strict' ||
        (ctx.srt.readMode === 'confined' &&
          p.workspace !== ctx.host.home &&
          isInside(p.workspace, ctx.host.home))
    )
    problems.push(...read.filter((l) => mustHide.some((p) => l.endsWith(` ${p.id}`))))
    if (problems.length) return fail(list(problems))
    const readable = read.length ? `; readable (read_mode ${ctx.srt.readMode}): ${list(read)}` : ''
    return pass(
      `${ctx.peers.length} peer(s): workspace not writable, processes invisible${readable}`
    )
  }
}
