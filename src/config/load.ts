// MassGen-style YAML → validated RunPlan. Problems are collected, not thrown one by one, and
// raised together as a ConfigError whose lines read `file:line:col: message`. Paths are placed
// as MassGen places them: a relative `cwd` under .massgen/workspaces/, a relative temporary
// workspace under .massgen/.
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { readFile } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'
import { isMap, isSeq, type Node } from 'yaml'
import { isInside } from '../lib/paths.js'
import { compilePythonRegex } from '../lib/python-regex.js'
import { buildEgress } from './egress.js'
import {
  DEFAULT_IMAGE,
  DEFAULT_MAX_OUTPUT_BYTES,
  defaultPidsLimit,
  DEFAULT_TIMEOUT_SEC,
  DEFAULT_USER,
  isOwnImage,
  sudoImageFor
} from './defaults.js'
import { ConfigError, type ConfigIssue } from '../errors.js'
import { parseMemory } from './memory.js'
import { DEFAULT_DISK_LIMIT_BYTES, SYSTEM_CA } from './defaults.js'
import { DECISIONS, parseRule, roleRules } from './permissions.js'
import { CONFIG } from './schema.js'
import { suggest } from './suggest.js'
import type { TamperKind } from './types.js'
import type {
  AgentPlan,
  CommandPattern,
  CompareSpec,
  ConfigWarning,
  ContextPath,
  CredentialsConfig,
  DockerConfig,
  IgnoredKey,
  PermissionRule,
  RunPlan,
  SourcePos,
  SrtConfig,
  Step
} from './types.js'
import { checkRunSteps } from './step-checks.js'
import { findAgentUnsafe, hostFacts, type HostFacts, type UnsafeFinding } from './unsafe.js'
import { validateDocument } from './validate.js'
import { deref, keyNodeAt, nodeAt, readYaml } from './yaml.js'

export interface LoadOptions {
  /** Where relative paths in the config resolve (default: the process's cwd). */
  workingDirectory?: string
  /** Default seconds per step when the config sets none (default 60). */
  defaultTimeoutSec?: number
  /** CPUs a container may get at most (default: this host's, `os.availableParallelism()`). */
  hostCpus?: number
}

type Obj = Record<string, unknown>
type KeyPath = (string | number)[]

/** Where MassGen keeps its state; relative workspaces are placed under it. */
export const MASSGEN_DIR = '.massgen'

export async function loadConfig(path: string, opts: LoadOptions = {}): Promise<RunPlan> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    throw new ConfigError([
      { file: path, line: 1, col: 1, message: `cannot read config: ${(e as Error).message}` }
    ])
  }
  return parseConfig(text, path, opts)
}

export function parseConfig(text: string, file: string, opts: LoadOptions = {}): RunPlan {
  try {
    return parse(text, file, opts)
  } catch (e) {
    if (e instanceof ConfigError) throw e
    // Whatever goes wrong reading a config is the config's problem to report, never a stack trace.
    throw new ConfigError([
      { file, line: 1, col: 1, message: `cannot read config: ${(e as Error).message}` }
    ])
  }
}

function parse(text: string, file: string, opts: LoadOptions): RunPlan {
  const yaml = readYaml(text, file)
  const { doc, nodePos } = yaml
  if (yaml.errors.length) throw new ConfigError(yaml.errors)
  const issues: ConfigIssue[] = []
  const warnings: ConfigWarning[] = [...yaml.warnings]
  const report = (pos: SourcePos, message: string) => issues.push({ ...pos, message })
  const warn = (pos: SourcePos, message: string) => warnings.push({ ...pos, message })
  const posOf = (keys: KeyPath): SourcePos => nodePos(nodeAt(doc, keys))
  const keyPosOf = (keys: KeyPath): SourcePos => nodePos(keyNodeAt(doc, keys) ?? nodeAt(doc, keys))

  const top = deref(doc, doc.contents)
  if (top !== null && !isMap(top)) {
    throw new ConfigError([{ ...nodePos(top), message: 'the config must be a mapping' }])
  }
  const legacy = legacyProblem(doc, nodePos)
  if (legacy) throw new ConfigError([legacy])

  const validation = validateDocument(doc, CONFIG)
  for (const i of validation.issues) report(nodePos(i.node), i.message)
  const ignored = new IgnoredList()
  for (const i of validation.ignored) ignored.add(i.path, i.reason, nodePos(i.node))

  let root: Obj
  try {
    root = (doc.toJS({ maxAliasCount: 10_000 }) ?? {}) as Obj
  } catch (e) {
    // The problems found above explain it (e.g. a merge key on a list of strings).
    if (issues.length) throw new ConfigError(issues)
    throw e
  }

  const hasAgent = root.agent !== undefined
  const hasAgents = root.agents !== undefined
  if (hasAgent && hasAgents) {
    report(keyPosOf(['agents']), 'give either "agent" or "agents", not both')
  } else if (!hasAgent && !hasAgents) {
    report({ file, line: 1, col: 1 }, 'the config has no "agent" or "agents"')
  }
  if (issues.length) throw new ConfigError(issues)

  const wd = resolve(opts.workingDirectory ?? process.cwd())
  const defaultTimeoutSec = opts.defaultTimeoutSec ?? DEFAULT_TIMEOUT_SEC
  const orchestrator = (root.orchestrator ?? {}) as Obj
  const agentEntries: [Obj, KeyPath][] = hasAgent
    ? [[(root.agent ?? {}) as Obj, ['agent']]]
    : asList(root.agents).map((a, i) => [(a ?? {}) as Obj, ['agents', i]])

  const ctx: BuildContext = {
    wd,
    defaultTimeoutSec,
    hostCpus: opts.hostCpus ?? availableParallelism(),
    orchestrator,
    posOf,
    report,
    warn,
    ignored,
    keyPosOf,
    host: hostFacts(wd),
    unsafe: [],
    topPermissions: readPermissions(root.permissions, ['permissions'], {
      posOf,
      report,
      ignored
    })
  }
  const agents = agentEntries.map(([a, p], i) =>
    buildAgent(a, p, hasAgent ? 'agent' : `agent_${i + 1}`, ctx)
  )

  // MassGen checks duplicate workspaces only among agents that set a cwd; an agent without one
  // has a workspace of its own only when it has commands to run.
  const byId = new Map<string, string>()
  const byWorkspace = new Map<string, string>()
  agentEntries.forEach(([raw, p], i) => {
    const a = agents[i]
    if (byId.has(a.id)) report(posOf([...p, 'id']), `duplicate agent id ${JSON.stringify(a.id)}`)
    byId.set(a.id, a.id)
    if (a.workspaceSource === 'default' && a.steps.length === 0) return
    const other = byWorkspace.get(a.workspace)
    if (other !== undefined) {
      const at = hasCwd(raw) ? posOf([...p, 'backend', 'cwd']) : keyPosOf([...p, 'commands'])
      report(
        at,
        `agents ${JSON.stringify(other)} and ${JSON.stringify(a.id)} share the workspace ${a.workspace}; give each its own "cwd"`
      )
    }
    byWorkspace.set(a.workspace, a.id)
  })

  if (issues.length) throw new ConfigError(issues)
  return {
    configFile: resolve(file),
    workingDirectory: wd,
    agents,
    defaults: { timeoutSec: defaultTimeoutSec, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    warnings: sortByPosition(warnings),
    ignored: ignored.list(),
    unsafe: dedupeUnsafe(ctx.unsafe)
  }
}

/**
 * MassGen's v1 format (`agent_id`, `agent_type`, `model_config`) is read by MassGen's legacy
 * CLI only; say that instead of reporting its consequences.
 */
function legacyProblem(
  doc: ReturnType<typeof readYaml>['doc'],
  nodePos: (n: Node | null | undefined) => SourcePos
): ConfigIssue | undefined {
  const agents = nodeAt(doc, ['agents'])
  if (!isSeq(agents)) return undefined
  const LEGACY = ['agent_id', 'agent_type', 'model_config']
  for (let i = 0; i < agents.items.length; i++) {
    const a = nodeAt(doc, ['agents', i])
    if (!isMap(a) || nodeAt(doc, ['agents', i, 'backend'])) continue
    const found = LEGACY.filter((k) => keyNodeAt(doc, ['agents', i, k]))
    if (found.length === 0) continue
    return {
      ...nodePos(keyNodeAt(doc, ['agents', i, found[0]])),
      message:
        `agents[${i}] is in MassGen's legacy v1 format (${found.map((k) => JSON.stringify(k)).join(', ')}), ` +
        'which only massgen.v1 reads; massgen-exec reads the current format: agents: [{id, backend: {type, model, cwd, …}, commands: […]}]'
    }
  }
  return undefined
}

/** Ignored keys grouped by path (list indexes as [*]) and reason, with every position. */
class IgnoredList {
  private readonly byKey = new Map<string, IgnoredKey>()
  add(path: string, reason: string, pos: SourcePos): void {
    const general = path.replace(/\[\d+\]/g, '[*]')
    const key = `${general}\0${reason}`
    const entry = this.byKey.get(key) ?? { path: general, reason, at: [] }
    if (!entry.at.some((p) => p.line === pos.line && p.col === pos.col)) entry.at.push(pos)
    this.byKey.set(key, entry)
  }
  list(): IgnoredKey[] {
    return [...this.byKey.values()].sort(
      (a, b) => a.at[0].line - b.at[0].line || a.at[0].col - b.at[0].col
    )
  }
}

interface PermissionsContext {
  posOf: (keys: KeyPath) => SourcePos
  report: (pos: SourcePos, message: string) => void
  ignored: IgnoredList
}

interface BuildContext extends PermissionsContext {
  wd: string
  defaultTimeoutSec: number
  hostCpus: number
  orchestrator: Obj
  warn: (pos: SourcePos, message: string) => void
  topPermissions: PermissionRule[]
  keyPosOf: (keys: KeyPath) => SourcePos
  host: HostFacts
  /** Unsafe settings found so far (config/unsafe.ts). */
  unsafe: UnsafeFinding[]
}

/** An aliased node is found once per use; once per place, class and agent is enough. */
function dedupeUnsafe(list: UnsafeFinding[]): UnsafeFinding[] {
  const seen = new Set<string>()
  return list.filter((f) => {
    const key = `${f.line}:${f.col}:${f.class}:${f.agent}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The applicable rules of one `permissions:` block (role preset first, then its rules). */
function readPermissions(raw: unknown, p: KeyPath, ctx: PermissionsContext): PermissionRule[] {
  if (!raw || typeof raw !== 'object') return []
  const perms = raw as Obj
  const where = p.join('.').replace(/\.(\d+)/g, '[$1]')
  if (perms.enabled === false) {
    ctx.ignored.add(`${where}.rules`, 'enabled: false switches the rules off', ctx.posOf(p))
    return []
  }
  const out: PermissionRule[] = typeof perms.role === 'string' ? roleRules(perms.role) : []
  const rules = (perms.rules ?? {}) as Obj
  for (const decision of DECISIONS) {
    asList(rules[decision]).forEach((spec, i) => {
      if (typeof spec !== 'string') return
      const at = [...p, 'rules', decision, i]
      const parsed = parseRule(spec, decision, ctx.posOf(at))
      if ('rule' in parsed) out.push(parsed.rule)
      else if ('notApplicable' in parsed) {
        ctx.ignored.add(`${where}.rules.${decision}[${i}]`, parsed.notApplicable, ctx.posOf(at))
      } else {
        const near = parsed.action
          ? suggest(parsed.action, ['command', 'read_file', 'write_file'])
          : undefined
        ctx.report(
          ctx.posOf(at),
          `permissions.rules.${decision}[${i}]: ${parsed.error}` +
            (near ? ` (did you mean ${JSON.stringify(near)}?)` : '')
        )
      }
    })
  }
  return out
}

function hasCwd(agent: Obj): boolean {
  const b = agent.backend as Obj | undefined
  return b?.cwd !== undefined && b?.cwd !== null
}

/** MassGen's relocation: relative paths go under `.massgen/<under>`; absolute and `.massgen/…` stay. */
function massgenPath(wd: string, path: string, under: string): string {
  const p = expandHome(path)
  if (isAbsolute(p)) return p
  if (p.startsWith(`${MASSGEN_DIR}/`)) return resolve(wd, p)
  return resolve(wd, MASSGEN_DIR, under, p)
}

function buildAgent(agent: Obj, p: KeyPath, defaultId: string, ctx: BuildContext): AgentPlan {
  const { wd, posOf, report } = ctx
  const backend = (agent.backend ?? {}) as Obj
  const bp = [...p, 'backend']
  const id = agent.id === undefined || agent.id === null ? defaultId : String(agent.id)
  const mode = executionMode(backend.command_line_execution_mode)
  const cwdGiven = hasCwd(agent)
  const workspace = cwdGiven
    ? massgenPath(wd, String(backend.cwd), 'workspaces')
    : resolve(wd, MASSGEN_DIR, 'workspaces', id)
  const sudo = backend.command_line_docker_enable_sudo === true

  if (cwdGiven) {
    const insideMassgen = isInside(workspace, resolve(wd, MASSGEN_DIR))
    if (!insideMassgen && !existsSync(dirname(workspace))) {
      ctx.warn(
        posOf([...bp, 'cwd']),
        `the parent directory of cwd ${workspace} does not exist (it is created on the first run)`
      )
    }
  }

  const compile = (key: string): CommandPattern[] =>
    asList(backend[key]).flatMap((source, i) => {
      const pos = posOf([...bp, key, i])
      const c = compilePythonRegex(String(source))
      if ('error' in c) {
        report(pos, `${key}[${i}]: ${c.error}`)
        return []
      }
      return [{ source: String(source), regex: c.regex, pos }]
    })

  const orchTemp = ctx.orchestrator.agent_temporary_workspace
  const tempWorkspace =
    orchTemp !== undefined && orchTemp !== null
      ? massgenPath(wd, String(orchTemp), '')
      : backend.agent_temporary_workspace !== undefined
        ? resolve(wd, expandHome(String(backend.agent_temporary_workspace)))
        : undefined
  const timeoutSec = num(backend.command_line_timeout) ?? ctx.defaultTimeoutSec
  const contextPaths = mergeContextPaths(
    wd,
    [
      [backend.context_paths, [...bp, 'context_paths']],
      [ctx.orchestrator.context_paths, ['orchestrator', 'context_paths']]
    ],
    ctx
  )
  const plan: AgentPlan = {
    id,
    mode,
    workspace,
    workspaceSource: cwdGiven ? 'cwd' : 'default',
    contextPaths,
    tempWorkspace,
    commandPrefix: str(backend.command_execution_prefix),
    venvPath:
      backend.command_execution_venv_path !== undefined
        ? resolve(wd, String(backend.command_execution_venv_path))
        : undefined,
    policy: {
      // Outside a sudo-enabled container, privilege changes are always refused (as MassGen).
      enableSudo: mode === 'docker' && sudo,
      allowed: compile('command_line_allowed_commands'),
      blocked: compile('command_line_blocked_commands'),
      permissions: [
        ...ctx.topPermissions,
        ...readPermissions(backend.permissions, [...bp, 'permissions'], ctx)
      ]
    },
    maxOutputBytes: num(backend.command_line_max_output_bytes) ?? DEFAULT_MAX_OUTPUT_BYTES,
    steps: asList(agent.commands).map((s, i) =>
      buildStep(s, i, workspace, timeoutSec, posOf([...p, 'commands', i]))
    ),
    pos: posOf(p)
  }
  if (mode === 'docker') plan.docker = buildDocker(backend, bp, plan.steps.length > 0, ctx)
  checkRunSteps(plan, (i, key, message) => report(posOf([...p, 'commands', i, ...key]), message))
  const egress = buildEgress(backend, bp, plan.steps, [...p, 'commands'], posOf, report)
  if (egress) plan.egress = egress
  if (mode === 'srt') plan.srt = buildSrt(backend, ctx.wd)
  ctx.unsafe.push(
    ...findAgentUnsafe({
      plan,
      backend,
      agentPath: p,
      orchestrator: ctx.orchestrator,
      cwdGiven,
      resolvePath: (x) => resolve(wd, expandHome(x)),
      host: ctx.host,
      keyAt: ctx.keyPosOf,
      at: posOf
    })
  )
  const cas = buildCaCertificates(backend, bp, mode, ctx)
  if (cas) plan.caCertificates = cas
  return plan
}

/** command_line_ca_certificates: `system` kept, paths absolute; local mode has no sandbox to give them. */
function buildCaCertificates(
  backend: Obj,
  bp: KeyPath,
  mode: AgentPlan['mode'],
  ctx: BuildContext
): string[] | undefined {
  const raw = backend.command_line_ca_certificates
  if (raw === undefined) return undefined
  if (mode === 'local')
    ctx.warn(
      ctx.posOf([...bp, 'command_line_ca_certificates']),
      "command_line_ca_certificates applies to docker and srt sandboxes; local mode runs with the runner's own trust store"
    )
  const entries = asList(raw).map((e) =>
    String(e) === SYSTEM_CA ? SYSTEM_CA : resolve(ctx.wd, expandHome(String(e)))
  )
  return entries.length ? entries : undefined
}

function executionMode(v: unknown): AgentPlan['mode'] {
  return v === 'docker' || v === 'srt' ? v : 'local'
}

function buildSrt(backend: Obj, wd: string): SrtConfig {
  const paths = (key: string) => asList(backend[key]).map((p) => resolve(wd, expandHome(String(p))))
  return {
    readMode: (str(backend.command_line_srt_read_mode) ?? 'confined') as SrtConfig['readMode'],
    denyRead: paths('command_line_srt_deny_read'),
    allowRead: paths('command_line_srt_allow_read'),
    allowUnixSockets: paths('command_line_srt_allow_unix_sockets'),
    readOnly: backend.command_line_srt_read_only === true
  }
}

function buildDocker(backend: Obj, bp: KeyPath, runs: boolean, ctx: BuildContext): DockerConfig {
  const sudo = backend.command_line_docker_enable_sudo === true
  let image = str(backend.command_line_docker_image) ?? DEFAULT_IMAGE
  if (sudo) image = sudoImageFor(image)
  let memoryBytes: number | undefined
  if (backend.command_line_docker_memory_limit !== undefined) {
    const m = parseMemory(backend.command_line_docker_memory_limit)
    if (m === undefined) {
      ctx.report(
        ctx.posOf([...bp, 'command_line_docker_memory_limit']),
        `command_line_docker_memory_limit: ${JSON.stringify(backend.command_line_docker_memory_limit)} is not a size like "512m" or "2g"`
      )
    } else if (m < 6 * 1024 * 1024) {
      ctx.report(
        ctx.posOf([...bp, 'command_line_docker_memory_limit']),
        'command_line_docker_memory_limit: Docker needs at least 6m'
      )
    }
    memoryBytes = m
  }
  checkCpuLimit(backend, bp, runs, ctx)
  const diskLimitBytes = diskLimit(backend, bp, ctx)
  const creds = backend.command_line_docker_credentials as Obj | undefined
  const pkgs = (backend.command_line_docker_packages as Obj | undefined)?.preinstall as
    Obj | undefined
  if (pkgs && asList(pkgs.system).length > 0 && !sudo) {
    ctx.report(
      ctx.posOf([...bp, 'command_line_docker_packages', 'preinstall', 'system']),
      'system packages need command_line_docker_enable_sudo: true'
    )
  }
  return {
    image,
    ownImage: isOwnImage(image),
    memoryBytes,
    cpus: num(backend.command_line_docker_cpu_limit),
    network: (str(backend.command_line_docker_network_mode) ?? 'none') as DockerConfig['network'],
    enableSudo: sudo,
    readOnlyRootfs:
      typeof backend.command_line_docker_read_only_rootfs === 'boolean'
        ? backend.command_line_docker_read_only_rootfs
        : !sudo,
    pidsLimit:
      num(backend.command_line_docker_pids_limit) ??
      defaultPidsLimit(str(backend.command_line_docker_runtime)),
    runtime: str(backend.command_line_docker_runtime),
    user: str(backend.command_line_docker_user) ?? DEFAULT_USER,
    userExplicit: str(backend.command_line_docker_user) !== undefined,
    credentials: creds ? buildCredentials(creds, ctx.wd) : undefined,
    packages: pkgs
      ? {
          python: asList(pkgs.python).map(String),
          npm: asList(pkgs.npm).map(String),
          system: asList(pkgs.system).map(String)
        }
      : undefined,
    diskLimitBytes
  }
}

/**
 * Docker refuses to start a container with more CPUs than the engine's machine has ("Range of CPUs
 * is from 0.01 to N"), so a limit above this host's count fails here, before anything starts: an
 * error for an agent that runs steps, a warning for one that runs nothing (MassGen's shipped
 * configs load on any host). The count is this host's; a remote DOCKER_HOST may have another.
 */
function checkCpuLimit(backend: Obj, bp: KeyPath, runs: boolean, ctx: BuildContext): void {
  const cpus = num(backend.command_line_docker_cpu_limit)
  if (cpus === undefined || cpus <= ctx.hostCpus) return
  const n = ctx.hostCpus
  const message =
    `command_line_docker_cpu_limit: ${cpus} is more than the ${n} CPU${n === 1 ? '' : 's'} this host has; ` +
    `Docker refuses to start such a container (set at most ${n}, or leave the key out for no limit)`
  const pos = ctx.posOf([...bp, 'command_line_docker_cpu_limit'])
  if (runs) ctx.report(pos, message)
  else ctx.warn(pos, `${message}; this agent runs no commands, so nothing starts`)
}

/** command_line_disk_limit (ours): a size, at least 1m; the default keeps a hosted runner's disk. */
function diskLimit(backend: Obj, bp: KeyPath, ctx: BuildContext): number {
  const raw = backend.command_line_disk_limit
  if (raw === undefined) return DEFAULT_DISK_LIMIT_BYTES
  const bytes = parseMemory(raw)
  if (bytes === undefined || bytes < 1024 ** 2) {
    ctx.report(
      ctx.posOf([...bp, 'command_line_disk_limit']),
      `command_line_disk_limit: ${JSON.stringify(raw)} is not a size of at least 1m like "500m" or "4g"`
    )
    return DEFAULT_DISK_LIMIT_BYTES
  }
  return bytes
}

function buildCredentials(c: Obj, wd: string): CredentialsConfig {
  const mounts = (c.additional_mounts ?? {}) as Record<string, Obj>
  return {
    mount: asList(c.mount).map(String),
    additionalMounts: Object.entries(mounts).map(([host, m]) => ({
      hostPath: resolve(wd, expandHome(host)),
      bind: String(m.bind),
      // MassGen documents read-only as the default (docker-py silently mounted rw).
      mode: m.mode === 'rw' ? 'rw' : 'ro'
    })),
    envFile: c.env_file !== undefined ? resolve(wd, expandHome(String(c.env_file))) : undefined,
    envVars: asList(c.env_vars).map(String),
    envVarsFromFile: asList(c.env_vars_from_file).map(String),
    passAllEnv: c.pass_all_env === true
  }
}

function buildStep(
  raw: unknown,
  index: number,
  workspace: string,
  timeoutSec: number,
  pos: SourcePos
): Step {
  if (typeof raw === 'string') {
    return runStep({ run: raw }, index, workspace, timeoutSec, pos)
  }
  const s = (raw ?? {}) as Obj
  const name = str(s.name)
  if (s.write_file !== undefined) {
    const w = s.write_file as Obj
    return {
      kind: 'write_file',
      index,
      name,
      pos,
      path: resolve(workspace, String(w.path ?? '')),
      content: String(w.content ?? '')
    }
  }
  if (s.read_file !== undefined) {
    const r = s.read_file as Obj
    return {
      kind: 'read_file',
      index,
      name,
      pos,
      path: resolve(workspace, String(r.path ?? '')),
      offset: num(r.offset) ?? 0,
      lineCount: num(r.line_count)
    }
  }
  return runStep(s, index, workspace, timeoutSec, pos)
}

function runStep(
  s: Obj,
  index: number,
  workspace: string,
  timeoutSec: number,
  pos: SourcePos
): Step {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries((s.env ?? {}) as Obj)) env[k] = v === null ? '' : String(v)
  return {
    kind: 'run',
    index,
    name: str(s.name),
    pos,
    run: String(s.run ?? ''),
    timeoutSec: num(s.timeout) ?? timeoutSec,
    workDir: s.work_dir !== undefined ? resolve(workspace, String(s.work_dir)) : undefined,
    env,
    expectExit: num(s.expect_exit) ?? 0,
    allowFailure: s.allow_failure === true,
    background: s.background === true,
    junit: str(s.junit),
    ...(num(s.retries) ? { retries: num(s.retries) } : {}),
    ...(s.compare !== undefined ? { compare: compareSpec(s.compare as Obj, workspace) } : {}),
    ...(typeof s.egress === 'boolean' ? { egress: s.egress } : {})
  }
}

function compareSpec(c: Obj, workspace: string): CompareSpec {
  return {
    repo: resolve(workspace, String(c.repo ?? '.')),
    base: str(c.base),
    tests: asList(c.tests).map(String),
    ...(c.allow !== undefined ? { allow: asList(c.allow).map(String) as TamperKind[] } : {})
  }
}

/**
 * Agent-level and orchestrator-level context paths; for the same path the orchestrator's entry
 * wins (MassGen's rule), so it goes in last. A missing path is a warning: MassGen refuses to
 * start, but a CI job may create it in an earlier step.
 */
function mergeContextPaths(
  wd: string,
  sources: [unknown, KeyPath][],
  ctx: BuildContext
): ContextPath[] {
  const merged = new Map<string, ContextPath>()
  for (const [list, p] of sources) {
    asList(list).forEach((entry, i) => {
      const e = (typeof entry === 'string' ? { path: entry } : (entry ?? {})) as Obj
      const path = resolve(wd, expandHome(String(e.path)))
      if (!existsSync(path)) {
        ctx.warn(
          ctx.posOf(typeof entry === 'string' ? [...p, i] : [...p, i, 'path']),
          `context path ${path} does not exist (MassGen refuses to start with a missing context path)`
        )
      }
      merged.set(path, {
        path,
        permission: e.permission === 'write' ? 'write' : 'read',
        protectedPaths: asList(e.protected_paths).map((pp) =>
          isAbsolute(String(pp)) ? String(pp) : resolve(path, String(pp))
        ),
        name: str(e.name)
      })
    })
  }
  return [...merged.values()]
}

function sortByPosition(list: ConfigWarning[]): ConfigWarning[] {
  // The same aliased node can be warned about once per use; once is enough.
  const seen = new Set<string>()
  return list
    .filter((w) => {
      const key = `${w.line}:${w.col}:${w.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => a.line - b.line || a.col - b.col)
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}
function str(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : String(v)
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}
function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p
}
