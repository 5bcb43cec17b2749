// Shared pieces of the verify-isolation e2e tests: a working directory with a config, and the
// fail set of each agent read back from isolation.json.
import { chmod, mkdtemp, realpath, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IsolationReport } from '../../../src/isolation/types.js'
import {
  LABEL_AGENT,
  type ContainerClient,
  type ExecSpec,
  type HostConfigSpec,
  type ProcessList
} from '../../../src/runtime/docker/index.js'

export const VERIFY_TIMEOUT_MS = 900_000

export async function workDir(tag: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), `mgx-iso-${tag}-`)))
  await chmod(dir, 0o755)
  return dir
}

export async function writeConfig(dir: string, yaml: string): Promise<string> {
  const file = join(dir, 'config.yaml')
  await writeFile(file, yaml)
  return file
}

/** probe ids with status `fail`, per agent. */
export function failures(report: IsolationReport): Record<string, string[]> {
  return Object.fromEntries(
    report.agents.map((a) => [
      a.id,
      a.results
        .filter((r) => r.status === 'fail')
        .map((r) => r.id)
        .sort()
    ])
  )
}

/** Every agent's results: one per probe, each with a detail. */
export function everyProbeReported(report: IsolationReport): boolean {
  return report.agents.every(
    (a) =>
      a.results.length === report.probes.length &&
      report.probes.every((p) => a.results.some((r) => r.id === p.id && r.detail.length > 0))
  )
}

/**
 * The engine client verify-isolation's self-tests hand it: containers of the named agents are
 * created with a weakened HostConfig, the harness's own execs can be rewritten (e.g. to resolve
 * programs through the agent's PATH, as a careless harness would), `top` can be made to fail, and
 * removals can be skipped (to leave containers behind). Everything else goes to the real client.
 */
export interface Weakening {
  host?: (agentId: string) => Partial<HostConfigSpec> | undefined
  exec?: (agentId: string, spec: ExecSpec) => ExecSpec
  top?: (agentId: string) => ProcessList | 'fail' | undefined
  keepContainers?: boolean
}

export function weakeningClient(base: ContainerClient, w: Weakening): ContainerClient {
  const agentOf = new Map<string, string>()
  const agentFor = async (id: string): Promise<string> => {
    if (!agentOf.has(id)) {
      const info = await base.inspectContainer(id).catch(() => undefined)
      agentOf.set(id, info?.Config.Labels?.[LABEL_AGENT] ?? '')
    }
    return agentOf.get(id)!
  }
  const overrides: Partial<ContainerClient> = {
    createContainer: async (spec) => {
      const agent = spec.Labels?.[LABEL_AGENT] ?? ''
      const id = await base.createContainer({
        ...spec,
        HostConfig: { ...spec.HostConfig, ...w.host?.(agent) }
      })
      agentOf.set(id, agent)
      agentOf.set(spec.name, agent)
      return id
    },
    exec: async (id, spec) => base.exec(id, w.exec ? w.exec(await agentFor(id), spec) : spec),
    top: async (id, psArgs) => {
      const reply = w.top?.(await agentFor(id))
      if (reply === 'fail') throw new Error('top is not available (self-test)')
      return reply ?? base.top(id, psArgs)
    },
    removeContainer: async (id) => {
      if (!w.keepContainers) await base.removeContainer(id)
    }
  }
  return new Proxy(base, {
    get(target, prop) {
      if (typeof prop === 'string' && prop in overrides)
        return overrides[prop as keyof ContainerClient]
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value
    }
  })
}
