// The container one agent gets: mounts (path-transparent), limits, hardening and labels, as a pure
// function of the plan so it can be checked without an engine.
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import type Docker from 'dockerode'
import { DEFAULT_PIDS_LIMIT } from '../../config/defaults.js'
import type { AgentPlan, DockerConfig } from '../../config/types.js'
import type { BindMount } from './credentials.js'
import { isInside } from './paths.js'
import {
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
    pidsLimit: DEFAULT_PIDS_LIMIT,
    user: AGENT_USER
  }
}

/** massgen-<agent>-<run suffix>: a valid, per-run unique container name. */
export function containerName(agentId: string, runId: string): string {
  const agent = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent'
  const suffix = createHash('sha256').update(runId).digest('hex').slice(0, 10)
  return `massgen-${agent.slice(0, 60)}-${suffix}`
}

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
}

export function containerCreateOptions(input: ContainerSpecInput): Docker.ContainerCreateOptions {
  const { config } = input
  const hostConfig: Docker.HostConfig = {
    Init: true,
    AutoRemove: false,
    Mounts: input.mounts.map((m) => ({
      Type: 'bind' as const,
      Source: m.source,
      Target: m.target,
      ReadOnly: m.readOnly
    })),
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
      [LABEL_VERSION]: input.version
    },
    Tty: false,
    OpenStdin: false,
    AttachStdin: false,
    AttachStdout: false,
    AttachStderr: false,
    HostConfig: hostConfig
  }
}

/**
 * Merges a self-test override into create options. Only verify-isolation's own tests use this (to
 * prove that each probe fails against a deliberately weakened container); it is never set from a
 * config. Arrays and scalars replace the planned values; nothing else is touched.
 */
export function applyHostConfigOverrides(
  options: Docker.ContainerCreateOptions,
  overrides: Partial<Docker.HostConfig> | undefined
): Docker.ContainerCreateOptions {
  if (!overrides || Object.keys(overrides).length === 0) return options
  return { ...options, HostConfig: { ...options.HostConfig, ...overrides } }
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
    sudo: config.enableSudo
  }
}
