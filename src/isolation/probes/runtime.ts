// Probe 27: the container runs under the runtime it should — by the engine's account (inspect's
// HostConfig.Runtime, the engine's default when unset) and by the kernel that answers an agent
// process (gVisor's own dmesg, or /proc/version naming the engine host's release). What "should"
// means comes from outside the config when the check is told (`--expect-runtime`, action input
// `expect-runtime`: a name, or `gvisor` for any gVisor runtime), so that a config that lost its
// `command_line_docker_runtime` key fails here; otherwise it is the config's own runtime.
import { UsageError } from '../../errors.js'
import { isGvisorRuntime, kernelIdentity } from '../../runtime/docker/index.js'
import { fail, list, pass, tagged } from '../outcome.js'
import type { Probe, ProbeContext } from '../types.js'

/** `--expect-runtime gvisor`: any runtime the engine runs as gVisor. */
export const ANY_GVISOR = 'gvisor'

const KERNEL_VIEW = [
  // gVisor answers syslog(2) for anyone with its own boot log; the host's kernel refuses uid 1000.
  'dmesg 2>&1 | head -n 3 | sed "s/^/DMESG /"',
  'echo "VERSION $(cat /proc/version 2>&1)"',
  'echo DONE'
].join('\n')

/**
 * `--expect-runtime` / input `expect-runtime`: a runtime name as the engine spells one (the config
 * key's own pattern), or `gvisor`; empty means none.
 */
export function expectRuntimeOption(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value))
    throw new UsageError(
      `expect-runtime: ${JSON.stringify(value)} is not a runtime name like "runsc" (or "${ANY_GVISOR}")`
    )
  return value
}

interface Expectation {
  /** A runtime name the container must run under; undefined: any gVisor runtime. */
  name?: string
  gvisor: boolean
  from: string
}

export function expectationOf(ctx: ProbeContext): Expectation {
  const info = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime }
  const wanted = ctx.expectRuntime
  if (wanted === ANY_GVISOR) return { gvisor: true, from: '--expect-runtime gvisor' }
  if (wanted)
    return { name: wanted, gvisor: isGvisorRuntime(wanted, info), from: '--expect-runtime' }
  return {
    name: ctx.runtime.name,
    gvisor: ctx.runtime.gvisor,
    from: ctx.config.runtime ? 'the config' : "the engine's default"
  }
}

export const runtimeProbe: Probe = {
  id: 'runtime',
  number: 27,
  title: 'the container runs under the expected runtime (engine inspect + the kernel that answers)',
  phase: 'parallel',
  async run(ctx) {
    const info = await ctx.inspect()
    const actual = info.HostConfig.Runtime || ctx.engine.defaultRuntime
    const engineInfo = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime }
    const expected = expectationOf(ctx)
    const r = await ctx.agentExec(KERNEL_VIEW)
    if (!r.stdout.includes('DONE'))
      return fail(`could not ask the container's kernel (exit ${r.exitCode})`)
    const dmesg = tagged(r.stdout, 'DMESG').join('\n')
    const procVersion = tagged(r.stdout, 'VERSION')[0] ?? ''
    const kernel = kernelIdentity({ dmesg, procVersion, hostRelease: ctx.engine.kernel })
    const release = /^Linux version (\S+)/.exec(procVersion)?.[1] ?? 'unknown'
    const seen =
      kernel === 'gvisor'
        ? `gVisor's kernel answers (dmesg "Starting gVisor", release ${release})`
        : kernel === 'host'
          ? `the engine host's kernel answers (${release})`
          : `a kernel that is neither gVisor's nor the engine host's (${release}; host ${ctx.engine.kernel ?? 'unknown'})`
    const want = expected.name ?? 'a gVisor runtime'
    const problems: string[] = []
    if (expected.name !== undefined && actual !== expected.name)
      problems.push(`the container runs under ${actual}, expected ${expected.name}`)
    if (expected.name === undefined && !isGvisorRuntime(actual, engineInfo))
      problems.push(`the container runs under ${actual}, which is not gVisor`)
    if (expected.gvisor && kernel !== 'gvisor')
      problems.push(`${seen}, not gVisor's: the agent's system calls reach the host kernel`)
    if (!expected.gvisor && kernel !== 'host') problems.push(`${seen}, expected the host's`)
    if (expected.name !== undefined && !Object.hasOwn(ctx.engine.runtimes, expected.name))
      problems.push(`the engine does not list ${expected.name}`)
    if (problems.length) return fail(`${list(problems)} [expected ${want} per ${expected.from}]`)
    return pass(`${actual} (expected ${want} per ${expected.from}); ${seen}`)
  }
}
