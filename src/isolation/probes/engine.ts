// Probe 21: the engine's runc, containerd and Docker versions against known container-escape CVEs.
// An open critical CVE fails; an open one that needs what this agent does not have, or one on a
// distribution build whose backports we cannot see, passes with a warning in the detail.
import type { AgentPlan } from '../../config/types.js'
import { checkRuntime, dockerDefaults, type ContainerClient } from '../../runtime/docker/index.js'
import { type AgentExposure, type ComponentVersion, type Finding } from '../cves.js'
import { fail, list, pass } from '../outcome.js'
import type { EngineInfo, EngineRuntimeFacts, ProbeOutcome } from '../types.js'

export const ENGINE_PROBE = {
  id: 'engine-cves',
  number: 21,
  title: 'engine audit: runc, containerd and Docker against known container-escape CVEs'
}

export interface EngineFacts {
  info: EngineInfo
  components: ComponentVersion[]
  authzPlugins: string[]
  runtime: EngineRuntimeFacts
}

export async function engineFacts(client: ContainerClient): Promise<EngineFacts> {
  const version = await client.version()
  const sys = await client.info().catch(() => ({}) as Awaited<ReturnType<ContainerClient['info']>>)
  const comps = version.Components ?? []
  const find = (name: string) => comps.find((c) => c.Name.toLowerCase() === name)
  const components: ComponentVersion[] = []
  const dockerVersion = find('engine')?.Version ?? version.Version
  if (dockerVersion) components.push({ component: 'docker', version: dockerVersion })
  for (const name of ['runc', 'containerd'] as const) {
    const c = find(name)
    // runc and containerd report the package version as GitCommit on distribution builds.
    if (c)
      components.push({
        component: name,
        version: c.Version,
        packageVersion: c.Details?.GitCommit || undefined
      })
  }
  return {
    info: {
      docker: dockerVersion,
      apiVersion: version.ApiVersion,
      containerd: find('containerd')
        ? `${find('containerd')!.Version} (${find('containerd')!.Details?.GitCommit ?? ''})`
        : undefined,
      runc: find('runc')
        ? `${find('runc')!.Version} (${find('runc')!.Details?.GitCommit ?? ''})`
        : undefined,
      init: find('docker-init')?.Version,
      runtimes: Object.keys(sys.Runtimes ?? {}).sort(),
      defaultRuntime: sys.DefaultRuntime,
      cgroupVersion: sys.CgroupVersion,
      os: sys.OperatingSystem,
      kernel: version.KernelVersion
    },
    components,
    authzPlugins: sys.Plugins?.Authorization ?? [],
    runtime: {
      runtimes: sys.Runtimes ?? {},
      defaultRuntime: sys.DefaultRuntime ?? 'runc',
      kernel: version.KernelVersion
    }
  }
}

export function exposureOf(agent: AgentPlan, facts: EngineFacts): AgentExposure {
  const check = checkRuntime(agent.docker ?? dockerDefaults(), {
    Runtimes: facts.runtime.runtimes,
    DefaultRuntime: facts.runtime.defaultRuntime
  })
  return {
    ownImage: agent.docker?.ownImage ?? true,
    hostNetwork: agent.docker?.network === 'host',
    authzPlugins: facts.authzPlugins,
    gvisor: check.ok && check.runtime.gvisor
  }
}

function describe(f: Finding & { state: 'open' }): string {
  const c = f.component
  const v =
    c.packageVersion && c.packageVersion !== c.version
      ? `${c.version} (package ${c.packageVersion})`
      : c.version
  return `${f.cve.id} ${c.component} ${v} < ${f.cve.fixedIn.join('/')} [${f.severity}: ${f.reason}]`
}

export function engineOutcome(findings: Finding[]): ProbeOutcome {
  const open = findings.filter((f): f is Finding & { state: 'open' } => f.state === 'open')
  const fixed = findings.filter((f) => f.state === 'fixed')
  const moot = findings.filter((f) => f.state === 'not-applicable')
  const hard = open.filter((f) => f.severity === 'critical' && !f.distro)
  const backported = fixed.filter((f) => f.state === 'fixed' && f.how === 'distro')
  const checked =
    `${findings.length} known CVEs checked, ${fixed.length} fixed${backported.length ? ` (${backported.map((f) => `${f.cve.id} by ${f.state === 'fixed' ? f.note : ''}`).join(', ')})` : ''}` +
    (moot.length
      ? `, ${moot.length} not applicable under gVisor (runsc runs the container, not runc: ${moot.map((f) => f.cve.id).join(', ')})`
      : '')
  if (hard.length) return fail(`critical open: ${list(hard.map(describe), 4)}; ${checked}`)
  if (!open.length) return pass(checked)
  const warnings = open.map((f) => {
    const why =
      f.severity === 'critical'
        ? 'version predates the upstream fix; distro backports not verified'
        : 'not reachable by this agent'
    return `${describe(f)} — ${why}`
  })
  return pass(`warn: ${warnings.join('; ')}; ${checked}`)
}
