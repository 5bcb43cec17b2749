// Probe 14: a canary secret the check put into the runner's environment (before any container
// existed) must not reach the container: not its env, not /proc/1/environ, not what an agent
// process sees. The rest (container logs, results, written files) is scanned once everything is
// written — see verify.ts, which amends this probe's result.
import { fail, list, pass } from '../outcome.js'
import type { Probe, ProbeDef, SrtProbeContext } from '../types.js'

export const canaryProbe: Probe = {
  id: 'canary',
  number: 14,
  title:
    "a canary secret in the runner's environment is absent from the container, logs and results",
  phase: 'parallel',
  async run(ctx) {
    const { name, value } = ctx.canary
    const found: string[] = []
    const info = await ctx.inspect()
    if ((info.Config.Env ?? []).some((e) => e.includes(value)))
      found.push('container env (inspect)')
    const mine = await ctx.agentExec('env; cat /proc/self/environ | tr "\\0" "\\n"; echo DONE')
    if (!mine.stdout.includes('DONE'))
      return fail(`could not read the agent's environment (exit ${mine.exitCode})`)
    if (mine.stdout.includes(value)) found.push("an agent process's environment")
    // pid 1 is the init of the container, owned by another uid: read as root.
    const init = await ctx.rootExec([
      '/bin/sh',
      '-c',
      'for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done'
    ])
    if (init.stdout.includes(value)) found.push('/proc/<pid>/environ of the container processes')
    if (found.length) return fail(`${name} found in ${list(found)}`)
    return pass(`${name} absent from the container env, /proc/*/environ and an agent process's env`)
  }
}

export const srtCanaryProbe: ProbeDef<SrtProbeContext> = {
  id: 'canary',
  number: 14,
  phase: 'parallel',
  title: "a canary secret in the runner's environment is absent from the sandbox, logs and results",
  async run(ctx) {
    const { name, value } = ctx.canary
    const r = await ctx.agentExec(
      'env; for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done | tr "\\0" "\\n"; echo DONE'
    )
    if (!r.stdout.includes('DONE'))
      return fail(`could not read the environment (exit ${r.exitCode})`)
    if (r.stdout.includes(value))
      return fail(`${name} found in the environment of a sandboxed process`)
    return pass(`${name} absent from the step's env and every /proc/<pid>/environ in the sandbox`)
  }
}
