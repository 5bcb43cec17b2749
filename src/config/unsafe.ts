// Settings that expose the host to the agent, found in a loaded config: the Docker socket, host
// system paths, root in the container, the host's network, the host's environment, and no sandbox
// at all. In a pull request the config is written by the agent under review, so none of them may
// come from the config alone: the invoker (CLI --allow-unsafe, action input allow-unsafe) allows
// a class, never the config. Detection is here (with positions, from load.ts); enforcement is
// `refuseUnsafe`, called by everything that starts sandboxes (run, verify-isolation, mcp) and by
// validate.
import { existsSync, realpathSync } from 'node:fs'
import { homedir } from 'node:os'
import { resolve } from 'node:path'
import { ConfigError, UsageError, type ConfigIssue } from '../errors.js'
import { isInside } from '../lib/paths.js'
import { uidOf } from '../lib/user.js'
import type {
  AgentPlan,
  ConfigSource,
  CredentialsConfig,
  DockerConfig,
  RunPlan,
  SourcePos
} from './types.js'

export const UNSAFE_CLASSES = [
  'docker-socket',
  'host-paths',
  'root-user',
  'host-network',
  'host-env',
  'no-sandbox'
] as const
export type UnsafeClass = (typeof UNSAFE_CLASSES)[number]

/** One unsafe setting where it is written. */
export interface UnsafeFinding extends SourcePos {
  class: UnsafeClass
  /** Agent id. */
  agent: string
  /** The key as a path, e.g. `agent.backend.command_line_docker_user`. */
  key: string
  /** What it does, e.g. `mounts the Docker engine's socket /var/run/docker.sock`. */
  message: string
}

/**
 * Who starts the sandboxes: the action refuses a local agent, the CLI only warns, and
 * verify-isolation (probe) starts no local agent at all.
 */
export type Surface = 'cli' | 'action' | 'probe'

/** What a plan, or one of its agents, carries once the invoker's allowance is applied. */
export interface UnsafeAllowance {
  allowUnsafe?: UnsafeClass[]
}

/**
 * Whether the invoker allowed an unsafe class for this run (e.g. `root-user` before a container
 * runs as uid 0). Works on the RunPlan and on each AgentPlan; false before `refuseUnsafe` ran.
 */
export function isUnsafeAllowed(who: UnsafeAllowance | undefined, cls: UnsafeClass): boolean {
  return who?.allowUnsafe?.includes(cls) ?? false
}

/** `docker-socket,host-paths root-user` → classes; an unknown name is a usage error. */
export function parseUnsafeClasses(value: string | undefined, what: string): UnsafeClass[] {
  const names = (value ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  const unknown = names.filter((n) => !(UNSAFE_CLASSES as readonly string[]).includes(n))
  if (unknown.length) {
    throw new UsageError(
      `${what}: unknown class ${unknown.map((u) => JSON.stringify(u)).join(', ')} (known: ${UNSAFE_CLASSES.join(', ')})`
    )
  }
  return [...new Set(names as UnsafeClass[])]
}

export function allowHint(cls: UnsafeClass): string {
  return `refused unless the invoker allows it: --allow-unsafe ${cls} (action input allow-unsafe: ${cls}); the config cannot allow it`
}

export interface RefuseOptions {
  allow: UnsafeClass[]
  surface: Surface
}

/**
 * Throws a ConfigError naming every unsafe setting the invoker did not allow; returns the lines
 * to warn with (a local agent from the CLI). On success the plan and its agents carry the
 * allowance (`isUnsafeAllowed`).
 */
export function refuseUnsafe(plan: RunPlan, opts: RefuseOptions): string[] {
  const ids = new Set(plan.agents.map((a) => a.id))
  const found = (plan.unsafe ?? []).filter(
    (f) => ids.has(f.agent) && !(f.class === 'no-sandbox' && opts.surface === 'probe')
  )
  const warnOnly = (f: UnsafeFinding) => f.class === 'no-sandbox' && opts.surface === 'cli'
  // A setting shared through an anchor is one line, however many agents use it.
  const place = (f: UnsafeFinding) => `${f.file}:${f.line}:${f.col}:${f.class}`
  const refused: ConfigIssue[] = found
    .filter((f) => !opts.allow.includes(f.class) && !warnOnly(f))
    .filter((f, n, all) => all.findIndex((g) => place(g) === place(f)) === n)
    .map((f) => issueOf(f))
  if (refused.length) throw new ConfigError(refused)
  plan.allowUnsafe = [...opts.allow]
  for (const a of plan.agents) a.allowUnsafe = [...opts.allow]
  return found
    .filter((f) => warnOnly(f) && !opts.allow.includes(f.class))
    .map(
      (f) =>
        `${f.file}:${f.line}:${f.col}: warning: ${f.key}: ${f.message} (no-sandbox; the action refuses it unless allow-unsafe lists no-sandbox)`
    )
}

export function issueOf(f: UnsafeFinding): ConfigIssue {
  return {
    file: f.file,
    line: f.line,
    col: f.col,
    message: `unsafe setting (${f.class}): ${f.key}: ${f.message}; ${allowHint(f.class)}`
  }
}

/** Sorted, de-duplicated classes of a list of findings. */
export function classesOf(found: UnsafeFinding[]): UnsafeClass[] {
  return UNSAFE_CLASSES.filter((c) => found.some((f) => f.class === c))
}

// ---- detection ------------------------------------------------------------------------------

/** Directories whose mount exposes the host (the directory itself, or `/`). */
export const SYSTEM_DIRS = [
  '/etc',
  '/root',
  '/home',
  '/var',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/usr'
]
/** Directories whose every part is the host's own (secrets, devices, kernel, boot). */
const SENSITIVE_TREES = ['/etc', '/root', '/proc', '/sys', '/dev', '/boot', '/var/lib/docker']

/** The engine sockets a mount must not reach: the usual places, DOCKER_HOST, rootless Docker. */
export function engineSockets(env: NodeJS.ProcessEnv = process.env): string[] {
  const list = [
    '/var/run/docker.sock',
    '/run/docker.sock',
    '/run/containerd/containerd.sock',
    '/var/run/containerd/containerd.sock',
    '/run/podman/podman.sock'
  ]
  const host = env.DOCKER_HOST
  if (host?.startsWith('unix://')) list.push(host.slice('unix://'.length))
  if (env.XDG_RUNTIME_DIR) list.push(`${env.XDG_RUNTIME_DIR}/docker.sock`)
  return withRealPaths(list.map((p) => resolve(p)))
}

function withRealPaths(paths: string[]): string[] {
  const out = new Set(paths)
  for (const p of paths) {
    const real = realOf(p)
    if (real) out.add(real)
  }
  return [...out]
}

function realOf(p: string): string | undefined {
  try {
    return existsSync(p) ? realpathSync(p) : undefined
  } catch {
    return undefined
  }
}

export interface HostFacts {
  /** Where relative paths resolved (the checkout: trusted as a place, not as content). */
  workingDirectory: string
  home: string
  sockets: string[]
}

export function hostFacts(workingDirectory: string): HostFacts {
  return { workingDirectory, home: homedir(), sockets: engineSockets() }
}

type Found = Pick<UnsafeFinding, 'class' | 'message'>

/**
 * What mounting (or allowing) a host path exposes. Checked as written and after symlinks (a link
 * in the pull request's tree to `/` is `/`). `inside` lists the paths a writable one may be in.
 */
export function pathExposure(
  path: string,
  host: HostFacts,
  opts: { writable?: boolean; inside?: string[] } = {}
): Found[] {
  const out = new Map<string, Found>()
  const add = (f: Found) => out.set(f.class, out.get(f.class) ?? f)
  const real = realOf(path)
  for (const p of real && real !== path ? [path, real] : [path]) {
    const via = p === path ? '' : ` (a symlink to ${p})`
    const socket = host.sockets.find((s) => isInside(s, p))
    if (socket) {
      add({
        class: 'docker-socket',
        message:
          (socket === p
            ? `${path}${via} is the container engine's socket`
            : `${path}${via} contains the container engine's socket ${socket}`) +
          ': whoever reaches it controls the host'
      })
    }
    const system = p === '/' || SYSTEM_DIRS.includes(p)
    const sensitive = SENSITIVE_TREES.find((d) => isInside(p, d))
    if (system) {
      add({
        class: 'host-paths',
        message: `${path}${via} is ${p === '/' ? "the host's root" : `the system directory ${p}`}`
      })
    } else if (sensitive && !isInside(p, host.workingDirectory)) {
      add({
        class: 'host-paths',
        message: `${path}${via} is inside the system directory ${sensitive}`
      })
    } else if (isInside(host.home, p)) {
      add({
        class: 'host-paths',
        message: `${path}${via} contains the runner's home directory ${host.home}`
      })
    } else if (
      opts.writable &&
      socket !== p &&
      opts.inside &&
      !opts.inside.some((d) => isInside(p, d))
    ) {
      add({
        class: 'host-paths',
        message: `${path}${via} is writable and outside the workspace, the context paths and the temporary workspace`
      })
    }
  }
  return [...out.values()]
}

type Obj = Record<string, unknown>
type KeyPath = (string | number)[]

/** What load.ts knows about one agent when it looks for unsafe settings. */
export interface AgentSource {
  plan: AgentPlan
  backend: Obj
  /** Key path of the agent (`['agents', 0]`) and of its backend. */
  agentPath: KeyPath
  orchestrator: Obj
  cwdGiven: boolean
  /** A path of the config as the loader resolves it (working directory, `~`). */
  resolvePath: (p: string) => string
  host: HostFacts
  /** Position of a key (the key itself when there is one). */
  keyAt: (keys: KeyPath) => SourcePos
  /** Position of a value. */
  at: (keys: KeyPath) => SourcePos
}

export function keyName(keys: KeyPath): string {
  return keys
    .map((k, i) =>
      typeof k === 'number'
        ? `[${k}]`
        : /^[A-Za-z0-9_-]+$/.test(k)
          ? `${i ? '.' : ''}${k}`
          : `[${JSON.stringify(k)}]`
    )
    .join('')
}

/** What the checks of one agent share: where its backend is, how to record a finding, its paths. */
interface AgentCheck {
  src: AgentSource
  /** Key path of the backend. */
  bp: KeyPath
  add: (keys: KeyPath, f: Found, pos?: SourcePos) => void
  /** The agent's own paths (workspace, context paths, temporary workspace). */
  inside: string[]
  /** Records what exposing `path` would expose, at `keys`. */
  checkPath: (keys: KeyPath, path: string, writable: boolean, pos?: SourcePos) => void
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** Every unsafe setting of one agent, at the key that writes it. */
export function findAgentUnsafe(src: AgentSource): UnsafeFinding[] {
  const { plan } = src
  const bp = [...src.agentPath, 'backend']
  const out: UnsafeFinding[] = []
  const add = (keys: KeyPath, f: Found, pos: SourcePos = src.keyAt(keys)) =>
    out.push({ ...pos, class: f.class, agent: plan.id, key: keyName(keys), message: f.message })

  if (plan.mode === 'local') {
    localAgentUnsafe(src, bp, add)
    return out
  }
  const inside = [
    plan.workspace,
    ...plan.contextPaths.map((c) => c.path),
    ...(plan.tempWorkspace ? [plan.tempWorkspace] : [])
  ]
  const insideReal = withRealPaths(inside)
  const checkPath = (keys: KeyPath, path: string, writable: boolean, pos?: SourcePos) => {
    for (const f of pathExposure(path, src.host, { writable, inside: insideReal }))
      add(keys, f, pos ?? src.at(keys))
  }
  const check: AgentCheck = { src, bp, add, inside, checkPath }
  agentPathsUnsafe(check)
  if (plan.srt) srtSocketsUnsafe(check)
  if (!plan.docker) return out
  dockerUnsafe(check, plan.docker)
  if (plan.docker.credentials) credentialsUnsafe(check, plan.docker.credentials)
  return out
}

/** Nothing isolates a local agent; one that runs nothing exposes nothing. */
function localAgentUnsafe(src: AgentSource, bp: KeyPath, add: AgentCheck['add']): void {
  const { plan, backend } = src
  if (plan.steps.length === 0) return
  const keys = backend.command_line_execution_mode
    ? [...bp, 'command_line_execution_mode']
    : [...src.agentPath, 'commands']
  add(keys, {
    class: 'no-sandbox',
    message: `agent ${plan.id} runs its commands on the host with no sandbox (execution mode local)`
  })
}

/** The workspace, context paths and temporary workspace, each at the key that names it. */
function agentPathsUnsafe({ src, bp, checkPath }: AgentCheck): void {
  const { plan, backend } = src
  // The workspace is mounted (or allowed) read-write; `cwd: ../../..` can climb to /.
  if (src.cwdGiven) checkPath([...bp, 'cwd'], plan.workspace, false)
  const contextLists: [unknown, KeyPath][] = [
    [backend.context_paths, [...bp, 'context_paths']],
    [src.orchestrator.context_paths, ['orchestrator', 'context_paths']]
  ]
  for (const [list, p] of contextLists) {
    asList(list).forEach((entry, i) => {
      const e = (typeof entry === 'string' ? { path: entry } : (entry ?? {})) as Obj
      if (e.path === undefined || e.path === null) return
      const keys = typeof entry === 'string' ? [...p, i] : [...p, i, 'path']
      checkPath(keys, src.resolvePath(String(e.path)), false)
    })
  }
  if (plan.tempWorkspace) {
    const keys =
      src.orchestrator.agent_temporary_workspace !== undefined
        ? ['orchestrator', 'agent_temporary_workspace']
        : [...bp, 'agent_temporary_workspace']
    checkPath(keys, plan.tempWorkspace, false)
  }
}

/** srt's allowed Unix sockets: the container engine's socket among them. */
function srtSocketsUnsafe({ src, bp, add }: AgentCheck): void {
  asList(src.backend.command_line_srt_allow_unix_sockets).forEach((s, i) => {
    const keys = [...bp, 'command_line_srt_allow_unix_sockets', i]
    for (const f of pathExposure(src.resolvePath(String(s)), src.host))
      if (f.class === 'docker-socket') add(keys, f, src.at(keys))
  })
}

/** A root user the config asks for, and the host's network. */
function dockerUnsafe({ src, bp, add }: AgentCheck, d: DockerConfig): void {
  // Only the config's own user counts: a default (e.g. the checkout's owner) never makes root.
  const user = src.backend.command_line_docker_user
  if (user !== undefined && user !== null && uidOf(String(user)) === 0) {
    add([...bp, 'command_line_docker_user'], {
      class: 'root-user',
      message: `commands run as uid 0 (${String(user)}) in the container: root there is one kernel bug from root on the host`
    })
  }
  if (d.network === 'host') {
    add([...bp, 'command_line_docker_network_mode'], {
      class: 'host-network',
      message:
        "the container shares the host's network: it reaches the runner's loopback services and every address, around the egress allowlist"
    })
  }
}

/** command_line_docker_credentials: host mounts, the runner's credentials and environment. */
function credentialsUnsafe(check: AgentCheck, creds: CredentialsConfig): void {
  const { src, bp, add, checkPath } = check
  const { host } = src
  const cp = [...bp, 'command_line_docker_credentials']
  const rawMounts = ((src.backend.command_line_docker_credentials as Obj | undefined)
    ?.additional_mounts ?? {}) as Obj
  Object.keys(rawMounts).forEach((host_, i) => {
    const m = creds.additionalMounts[i]
    if (!m) return
    const keys = [...cp, 'additional_mounts', host_]
    checkPath(keys, m.hostPath, m.mode === 'rw', src.keyAt(keys))
  })
  asList(creds.mount).forEach((name, i) => {
    add(
      [...cp, 'mount', i],
      {
        class: 'host-paths',
        message: `mounts the runner's ${String(name)} (from its home directory ${host.home}) into the container`
      },
      src.at([...cp, 'mount', i])
    )
  })
  if (creds.passAllEnv) {
    add([...cp, 'pass_all_env'], {
      class: 'host-env',
      message: "copies the runner's whole environment (tokens included) into the container"
    })
  }
  if (creds.envFile) envFileUnsafe(check, cp, creds.envFile)
  asList(creds.envVars).forEach((name, i) => {
    if (!/^ACTIONS_/.test(String(name))) return
    add(
      [...cp, 'env_vars', i],
      {
        class: 'host-env',
        message: `copies the runner's ${String(name)} (its cache, artifact and token service credentials) into the container`
      },
      src.at([...cp, 'env_vars', i])
    )
  })
}

/** An env_file outside the working directory and the agent's paths (or a symlink leading out). */
function envFileUnsafe({ src, add, inside }: AgentCheck, cp: KeyPath, envFile: string): void {
  const allowed = withRealPaths([src.host.workingDirectory, ...inside])
  const real = realOf(envFile) ?? envFile
  if ([envFile, real].every((p) => allowed.some((d) => isInside(p, d)))) return
  add(
    [...cp, 'env_file'],
    {
      class: 'host-env',
      message: `reads ${envFile}${real !== envFile ? ` (a symlink to ${real})` : ''}, outside the working directory and the agent's paths, into the container's environment`
    },
    src.at([...cp, 'env_file'])
  )
}

/** The record results.json keeps: what was allowed, and what of it the config uses. */
export function unsafeSummary(plan: RunPlan): {
  allowed: UnsafeClass[]
  used: { class: UnsafeClass; agent: string; key: string; at: string }[]
} {
  const ids = new Set(plan.agents.map((a) => a.id))
  return {
    allowed: plan.allowUnsafe ?? [],
    used: (plan.unsafe ?? [])
      .filter((f) => ids.has(f.agent))
      .map((f) => ({
        class: f.class,
        agent: f.agent,
        key: f.key,
        at: `${f.file}:${f.line}:${f.col}`
      }))
  }
}

/** A line for logs and summaries: where the config came from. */
export function describeSource(s: ConfigSource | undefined): string {
  if (!s) return 'unknown'
  if (s.kind === 'worktree') return `${s.path} (work tree${s.blob ? `, blob ${s.blob}` : ''})`
  return `${s.path} at revision ${s.ref}${s.commit ? ` (commit ${s.commit}, blob ${s.blob})` : ''}`
}
