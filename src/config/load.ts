// MassGen-style YAML → validated RunPlan. Problems are collected, not thrown one by one, and
// raised together as a ConfigError whose lines read `file:line:col: message`.
import { readFile } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { LineCounter, parseDocument, type Node } from 'yaml'
import { compilePythonRegex } from '../policy/python-regex.js'
import { ConfigError, type ConfigIssue } from './errors.js'
import { parseMemory } from './memory.js'
import { CONFIG } from './schema.js'
import type {
  AgentPlan,
  CommandPattern,
  ContextPath,
  CredentialsConfig,
  DockerConfig,
  RunPlan,
  SourcePos,
  SrtConfig,
  Step
} from './types.js'
import { validateDocument } from './validate.js'
import {
  DEFAULT_IMAGE,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_PIDS_LIMIT,
  DEFAULT_SUDO_IMAGE,
  DEFAULT_TIMEOUT_SEC,
  DEFAULT_USER
} from './defaults.js'

export interface LoadOptions {
  /** Where relative paths in the config resolve (default: the process's cwd). */
  workingDirectory?: string
  /** Default seconds per step when the config sets none (default 60). */
  defaultTimeoutSec?: number
}

type Obj = Record<string, unknown>
type KeyPath = (string | number)[]

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
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const issues: ConfigIssue[] = []
  const at = (offset: number): SourcePos => {
    const { line, col } = lineCounter.linePos(offset)
    return { file, line, col }
  }
  const nodePos = (node: Node | null | undefined): SourcePos =>
    node?.range ? at(node.range[0]) : { file, line: 1, col: 1 }
  const report = (pos: SourcePos, message: string) => issues.push({ ...pos, message })

  for (const err of doc.errors)
    report(at(err.pos[0]), `YAML syntax error: ${firstLine(err.message)}`)
  if (issues.length) throw new ConfigError(issues)

  for (const w of validateDocument(doc, CONFIG)) report(nodePos(w.node), w.message)

  const root = (doc.toJS({ maxAliasCount: 1000 }) ?? {}) as Obj
  if (typeof root !== 'object' || Array.isArray(root)) throw new ConfigError(issues)
  const posOf = (keys: KeyPath): SourcePos => nodePos(doc.getIn(keys, true) as Node | undefined)

  const hasAgent = root.agent !== undefined
  const hasAgents = root.agents !== undefined
  if (hasAgent && hasAgents) {
    report(posOf(['agents']), 'give either "agent" or "agents", not both')
  } else if (!hasAgent && !hasAgents) {
    report({ file, line: 1, col: 1 }, 'the config has no "agent" or "agents"')
  }
  if (issues.length) throw new ConfigError(issues)

  const wd = resolve(opts.workingDirectory ?? process.cwd())
  const defaultTimeoutSec = opts.defaultTimeoutSec ?? DEFAULT_TIMEOUT_SEC
  const orchestrator = (root.orchestrator ?? {}) as Obj
  const agentEntries: [Obj, KeyPath][] = hasAgent
    ? [[root.agent as Obj, ['agent']]]
    : (root.agents as Obj[]).map((a, i) => [a, ['agents', i]])

  const ctx: BuildContext = { wd, defaultTimeoutSec, orchestrator, posOf, report }
  const agents = agentEntries.map(([a, p], i) =>
    buildAgent(a, p, hasAgent ? 'agent' : `agent_${i + 1}`, ctx)
  )

  const byId = new Map<string, KeyPath>()
  const byWorkspace = new Map<string, string>()
  agentEntries.forEach(([, p], i) => {
    const a = agents[i]
    if (byId.has(a.id)) report(posOf([...p, 'id']), `duplicate agent id ${JSON.stringify(a.id)}`)
    byId.set(a.id, p)
    const other = byWorkspace.get(a.workspace)
    if (other !== undefined) {
      report(
        posOf([...p, 'backend', 'cwd']),
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
    defaults: { timeoutSec: defaultTimeoutSec, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES }
  }
}

interface BuildContext {
  wd: string
  defaultTimeoutSec: number
  orchestrator: Obj
  posOf: (keys: KeyPath) => SourcePos
  report: (pos: SourcePos, message: string) => void
}

function buildAgent(agent: Obj, p: KeyPath, defaultId: string, ctx: BuildContext): AgentPlan {
  const { wd, posOf, report } = ctx
  const backend = (agent.backend ?? {}) as Obj
  const bp = [...p, 'backend']
  const id = agent.id === undefined || agent.id === null ? defaultId : String(agent.id)
  const mode = executionMode(backend.command_line_execution_mode)
  const workspace = resolve(wd, String(backend.cwd ?? '.'))
  const sudo = backend.command_line_docker_enable_sudo === true

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

  const tempWs = ctx.orchestrator.agent_temporary_workspace ?? backend.agent_temporary_workspace
  const timeoutSec = num(backend.command_line_timeout) ?? ctx.defaultTimeoutSec
  const plan: AgentPlan = {
    id,
    mode,
    workspace,
    contextPaths: mergeContextPaths(wd, backend.context_paths, ctx.orchestrator.context_paths),
    tempWorkspace: tempWs !== undefined ? resolve(wd, String(tempWs)) : undefined,
    commandPrefix: str(backend.command_execution_prefix),
    venvPath:
      backend.command_execution_venv_path !== undefined
        ? resolve(wd, String(backend.command_execution_venv_path))
        : undefined,
    policy: {
      // Outside a sudo-enabled container, privilege changes are always refused (as MassGen).
      enableSudo: mode === 'docker' && sudo,
      allowed: compile('command_line_allowed_commands'),
      blocked: compile('command_line_blocked_commands')
    },
    maxOutputBytes: num(backend.command_line_max_output_bytes) ?? DEFAULT_MAX_OUTPUT_BYTES,
    steps: asList(agent.commands).map((s, i) =>
      buildStep(s, i, workspace, timeoutSec, posOf([...p, 'commands', i]))
    ),
    pos: posOf(p)
  }
  if (mode === 'docker') plan.docker = buildDocker(backend, bp, ctx)
  if (mode === 'srt') plan.srt = buildSrt(backend, ctx.wd)
  return plan
}

function executionMode(v: unknown): AgentPlan['mode'] {
  return v === 'docker' || v === 'srt' ? v : 'local'
}

function buildSrt(backend: Obj, wd: string): SrtConfig {
  const paths = (key: string) => asList(backend[key]).map((p) => resolve(wd, expandHome(String(p))))
  return {
    readMode: (str(backend.command_line_srt_read_mode) ?? 'confined') as SrtConfig['readMode'],
    networkAllowedDomains: asList(backend.command_line_srt_network_allowed_domains).map(String),
    denyRead: paths('command_line_srt_deny_read'),
    allowRead: paths('command_line_srt_allow_read'),
    allowUnixSockets: paths('command_line_srt_allow_unix_sockets'),
    readOnly: backend.command_line_srt_read_only === true
  }
}

function buildDocker(backend: Obj, bp: KeyPath, ctx: BuildContext): DockerConfig {
  const sudo = backend.command_line_docker_enable_sudo === true
  let image = str(backend.command_line_docker_image) ?? DEFAULT_IMAGE
  if (sudo && image === DEFAULT_IMAGE) image = DEFAULT_SUDO_IMAGE
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
    ownImage: image === DEFAULT_IMAGE || image === DEFAULT_SUDO_IMAGE,
    memoryBytes,
    cpus: num(backend.command_line_docker_cpu_limit),
    network: (str(backend.command_line_docker_network_mode) ?? 'none') as DockerConfig['network'],
    enableSudo: sudo,
    pidsLimit: num(backend.command_line_docker_pids_limit) ?? DEFAULT_PIDS_LIMIT,
    user: str(backend.command_line_docker_user) ?? DEFAULT_USER,
    credentials: creds ? buildCredentials(creds, ctx.wd) : undefined,
    packages: pkgs
      ? {
          python: asList(pkgs.python).map(String),
          npm: asList(pkgs.npm).map(String),
          system: asList(pkgs.system).map(String)
        }
      : undefined
  }
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
  if (typeof raw === 'string' || typeof raw === 'number') {
    return runStep({ run: String(raw) }, index, workspace, timeoutSec, pos)
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
      offset: num(r.offset) ?? 1,
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
    junit: str(s.junit)
  }
}

function mergeContextPaths(
  wd: string,
  agentLevel: unknown,
  orchestratorLevel: unknown
): ContextPath[] {
  const merged = new Map<string, ContextPath>()
  // Orchestrator entries win for the same path (MassGen's rule), so they go in last.
  for (const entry of [...asList(agentLevel), ...asList(orchestratorLevel)]) {
    const e = entry as Obj
    const path = resolve(wd, expandHome(String(e.path)))
    merged.set(path, {
      path,
      permission: e.permission === 'write' ? 'write' : 'read',
      protectedPaths: asList(e.protected_paths).map((pp) =>
        isAbsolute(String(pp)) ? String(pp) : resolve(path, String(pp))
      ),
      name: str(e.name)
    })
  }
  return [...merged.values()]
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
function firstLine(s: string): string {
  return s.split('\n')[0]
}
function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p
}
