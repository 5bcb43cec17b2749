// The container one agent gets: mounts (path-transparent), limits, hardening and labels, as a pure
// function of the plan so it can be checked without an engine.
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { DEFAULT_PIDS_LIMIT } from '../../config/defaults.js'
import type { AgentPlan, DockerConfig } from '../../config/types.js'
import { isInside } from '../../lib/paths.js'
import type { ContainerCreateSpec, HostConfigSpec, MountSpec } from './container-client.js'
import type { BindMount } from './credentials.js'
import {
  AGENT_HOME,
  AGENT_USER,
  DEFAULT_IMAGE,
  KEEPALIVE_USER,
  LABEL_AGENT,
  LABEL_MANAGED,
  LABEL_RUN,
  LABEL_VERSION
} from './labels.js'

export { DEFAULT_PIDS_LIMIT }

/**
 * What the sudo variant needs, and nothing more: SETUID/SETGID/AUDIT_WRITE for sudo itself, and for
 * what root then does (apt/dpkg): CHOWN, DAC_OVERRIDE, FOWNER, FSETID, SETFCAP, KILL. It also runs
 * without no-new-privileges, which would stop the setuid sudo binary from gaining root.
 */
export const SUDO_CAPABILITIES = [
  'SETUID',
  'SETGID',
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'SETFCAP',
  'KILL'
]

export function dockerDefaults(): DockerConfig {
  return {
    image: DEFAULT_IMAGE,
    ownImage: true,
    network: 'none',
    enableSudo: false,
    readOnlyRootfs: true,
    pidsLimit: DEFAULT_PIDS_LIMIT,
    user: AGENT_USER
  }
}

/**
 * With a read-only root filesystem, what stays writable: the scratch directories as sized tmpfs
 * (cleared if the container is restarted), and the agent's home as an anonymous volume that the
 * engine fills from the image (venv, npm prefix) and removes with the container, so `pip install`
 * keeps working and persists from step to step. A tmpfs is memory charged to the container: each
 * is at most a quarter of the memory limit, so filling one ends in "no space left", not in the OOM
 * killer taking the agent's processes (and the full tmpfs keeping the container at its limit).
 */
const SCRATCH: [path: string, bytes: number, opts: string][] = [
  ['/tmp', 1024 ** 3, 'rw,nosuid,nodev,mode=1777'],
  ['/var/tmp', 256 * 1024 ** 2, 'rw,nosuid,nodev,mode=1777'],
  ['/run', 64 * 1024 ** 2, 'rw,nosuid,nodev,noexec,mode=755']
]

export function scratchTmpfs(memoryBytes?: number): Record<string, string> {
  const cap = memoryBytes !== undefined ? Math.floor(memoryBytes / 4) : Infinity
  return Object.fromEntries(
    SCRATCH.map(([path, bytes, opts]) => [path, `${opts},size=${Math.min(bytes, cap)}`])
  )
}

/**
 * massgen-<agent>-<run suffix>: a valid, per-run unique container name. An agent id longer than
 * 60 characters keeps its first 51 and a hash of the whole id, so two long ids that differ only at
 * the end (a compare step's side or mutant sandboxes, "<agent>-compare-m<token>") stay distinct.
 */
export function containerName(agentId: string, runId: string): string {
  const safe = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent'
  const agent = safe.length <= 60 ? safe : `${safe.slice(0, 51)}-${hex(agentId, 8)}`
  return `massgen-${agent}-${hex(runId, 10)}`
}

const hex = (text: string, n: number): string =>
  createHash('sha256').update(text).digest('hex').slice(0, n)

/**
 * The agent's bind mounts, each at its own host path: temp workspace ro, context paths by
 * permission, the workspace rw, then protected paths ro (a second bind of the same path over a
 * writable parent), then credential mounts. A later entry for the same target replaces an earlier
 * one; the engine mounts parents before children.
 */
export function planMounts(agent: AgentPlan, extra: BindMount[] = []): BindMount[] {
  const byTarget = new Map<string, BindMount>()
  const add = (path: string, readOnly: boolean): void => {
    const abs = resolve(path)
    byTarget.delete(abs)
    byTarget.set(abs, { source: abs, target: abs, readOnly })
  }
  if (agent.tempWorkspace) add(agent.tempWorkspace, true)
  for (const ctx of agent.contextPaths)
    if (resolve(ctx.path) !== resolve(agent.workspace)) add(ctx.path, ctx.permission !== 'write')
  add(agent.workspace, false)
  for (const ctx of agent.contextPaths)
    for (const p of ctx.protectedPaths) if (isInside(resolve(p), resolve(ctx.path))) add(p, true)
  for (const m of extra) {
    byTarget.delete(m.target)
    byTarget.set(m.target, m)
  }
  return [...byTarget.values()]
}

export interface ContainerSpecInput {
  agent: AgentPlan
  config: DockerConfig
  /** Image reference or id to create from. */
  image: string
  name: string
  runId: string
  version: string
  mounts: BindMount[]
  env: Record<string, string>
  /** Who created it (owner.ts), so a later run can tell when it was left behind. */
  ownerLabels?: Record<string, string>
}

export function containerCreateOptions(input: ContainerSpecInput): ContainerCreateSpec {
  const { config } = input
  const mounts: MountSpec[] = input.mounts.map((m) => ({
    Type: 'bind',
    Source: m.source,
    Target: m.target,
    ReadOnly: m.readOnly
  }))
  if (config.readOnlyRootfs) mounts.unshift({ Type: 'volume', Target: AGENT_HOME })
  const hostConfig: HostConfigSpec = {
    Init: true,
    AutoRemove: false,
    Mounts: mounts,
    NetworkMode: config.network,
    PidsLimit: config.pidsLimit,
    CapDrop: ['ALL'],
    CapAdd: config.enableSudo ? SUDO_CAPABILITIES : [],
    SecurityOpt: config.enableSudo ? [] : ['no-new-privileges:true']
  }
  if (config.memoryBytes !== undefined) {
    hostConfig.Memory = config.memoryBytes
    hostConfig.MemorySwap = config.memoryBytes // no swap: the limit is the limit
  }
  if (config.cpus !== undefined) hostConfig.NanoCpus = Math.round(config.cpus * 1e9)
  if (config.readOnlyRootfs) {
    hostConfig.ReadonlyRootfs = true
    hostConfig.Tmpfs = scratchTmpfs(config.memoryBytes)
  }
  if (config.runtime) hostConfig.Runtime = config.runtime
  return {
    name: input.name,
    Image: input.image,
    // The keepalive is not the agent's uid, so killing every process of that uid spares it.
    Cmd: ['sleep', 'infinity'],
    User: KEEPALIVE_USER,
    WorkingDir: resolve(input.agent.workspace),
    Env: Object.entries(input.env).map(([k, v]) => `${k}=${v}`),
    Labels: {
      [LABEL_MANAGED]: 'true',
      [LABEL_RUN]: input.runId,
      [LABEL_AGENT]: input.agent.id,
      [LABEL_VERSION]: input.version,
      ...input.ownerLabels
    },
    HostConfig: hostConfig
  }
}

/** The limits reported in SessionInfo and results.json. */
export function describeLimits(
  config: DockerConfig
): Record<string, string | number | boolean | null> {
  return {
    memory: config.memoryBytes ?? null,
    memorySwap: config.memoryBytes ?? null,
    cpus: config.cpus ?? null,
    pidsLimit: config.pidsLimit,
    network: config.network,
    user: config.user,
    capDrop: 'ALL',
    capAdd: config.enableSudo ? SUDO_CAPABILITIES.join(',') : '',
    noNewPrivileges: !config.enableSudo,
    readOnlyRootfs: config.readOnlyRootfs,
    runtime: config.runtime ?? null,
    sudo: config.enableSudo,
    disk: config.diskLimitBytes ?? null
  }
}
