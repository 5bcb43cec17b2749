// verify-isolation for srt agents: the probes that apply to a sandbox-runtime sandbox on the host,
// each a real attempt made as the agent through its session (as a step runs), checked from the
// host where the sandbox cannot be trusted to say. Numbers follow the container probes where the
// meaning is the same; the container probes that have no counterpart are listed, with the reason,
// in SRT_NOT_APPLICABLE (reported as `skip`).
import { lstat, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises'
import type { ExecResult } from '../../runtime/types.js'
import { fail, list, pass, sh, skip, tagged } from '../outcome.js'
import type { ProbeDef, SrtProbeContext } from '../types.js'

export type SrtProbe = ProbeDef<SrtProbeContext>

/** What the protected-names probe writes at the top of each writable path, and how. */
const PROTECTED_WRITES: { rel: string; how: (p: string) => string }[] = [
  { rel: '.git/config', how: (p) => `echo '[core] fsmonitor = probe' >> ${sh(p)}` },
  { rel: '.git/hooks/pre-commit', how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}` },
  { rel: '.envrc', how: (p) => `echo x > ${sh(p)}` },
  { rel: '.profile', how: (p) => `echo x >> ${sh(p)}` },
  {
    rel: '.bashrc',
    how: (p) => `t=${sh(p)}.tmp-$$; echo x > "$t" && mv -f "$t" ${sh(p)}; r=$?; rm -f "$t"; exit $r`
  },
  { rel: '.zshrc', how: (p) => `ln -s /bin/true ${sh(p)}` },
  { rel: '.gitmodules', how: (p) => `echo x > ${sh(p)}` },
  {
    rel: '.vscode/settings.json',
    how: (p) => `mkdir -p ${sh(dirOf(p))} && echo '{}' > ${sh(p)}`
  }
]
const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/'))

/** A path's state on the host: its bytes, its link target, or absent. */
async function hostState(p: string): Promise<string> {
  try {
    const st = await lstat(p)
    if (st.isSymbolicLink()) return `link:${await readlink(p)}`
    if (st.isDirectory()) return `dir:${(await readdir(p)).sort().join('/')}`
    return `file:${(await readFile(p)).toString('base64')}`
  } catch {
    return 'absent'
  }
}

export const protectedNamesProbe: SrtProbe = {
  id: 'protected-names',
  number: 31,
  phase: 'parallel',
  title:
    'git hooks and config, shell rc and profile files, .envrc and IDE settings in the writable paths can be neither modified nor created (git config, >>, rename over, ln -s, mkdir then write; in a new directory, undone and the step failed)',
  async run(ctx) {
    if (ctx.srt.readOnly) return skip('read_only: no writable path')
    const roots = [
      ctx.agent.workspace,
      ...ctx.agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path)
    ]
    const nested = `${ctx.scratch}/protected-probe-${process.pid}/sub`
    const targets = [
      ...roots.flatMap((r) => PROTECTED_WRITES.map((w) => ({ path: `${r}/${w.rel}`, how: w.how }))),
      {
        path: `${nested}/.git/hooks/x`,
        how: (p: string) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}`
      }
    ]
    const watched = [...new Set(targets.flatMap((t) => [t.path, dirOf(t.path)]))]
    const before = new Map<string, string>()
    for (const p of watched) before.set(p, await hostState(p))
    const gitConfigs = roots.filter((r) => before.get(`${r}/.git`)?.startsWith('dir:'))
    const script = [
      ...gitConfigs.map(
        (r) =>
          `if (cd ${sh(r)} && git config core.fsmonitor 'echo probe') >/dev/null 2>&1; then echo "WROTE ${r}/.git/config (git config)"; fi`
      ),
      ...targets
        .slice(0, -1)
        .map((t) => `if (${t.how(t.path)}) 2>/dev/null; then echo "WROTE ${t.path}"; fi`),
      `(${targets[targets.length - 1].how(nested + '/.git/hooks/x')}) 2>/dev/null`,
      'echo DONE'
    ].join('\n')
    let r: ExecResult
    const changed: string[] = []
    try {
      r = await ctx.agentExec(script)
    } finally {
      for (const t of targets)
        if ((await hostState(t.path)) !== before.get(t.path)) changed.push(t.path)
      // Whatever reached the host is put back as it was (the probe must not leave a hook behind).
      for (const p of [...watched].reverse()) {
        const was = before.get(p)!
        if ((await hostState(p)) === was) continue
        if (was === 'absent') await rm(p, { recursive: true, force: true }).catch(() => undefined)
        else if (was.startsWith('file:'))
          await writeFile(p, Buffer.from(was.slice(5), 'base64')).catch(() => undefined)
      }
      await rm(dirOf(dirOf(nested)), { recursive: true, force: true }).catch(() => undefined)
    }
    if (!r.stdout.includes('DONE')) return fail(`the writes did not complete (exit ${r.exitCode})`)
    const wrote = tagged(r.stdout, 'WROTE')
    if (wrote.length || changed.length)
      return fail(
        `written: ${list([...new Set([...wrote, ...changed.map((c) => `${c} (on the host)`)])])}`
      )
    if (!r.violation)
      return fail(`a hook made in a new directory (${nested}/.git/hooks/x) was not undone`)
    return pass(
      `${targets.length - 1 + gitConfigs.length} writes refused in ${roots.length} writable path(s); a hook made in a new directory was undone and failed the step`
    )
  }
}

/** Probe 20 for srt agents: evaluated by the check once every session closed. */
export const SRT_CLEANUP_PROBE = {
  id: 'cleanup',
  number: 20,
  title: 'after the sessions close no process of the agents and no private temp directory remains'
}
