// `massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]`: every problem
// as `file:line:col: message` (exit 2), warnings (exit 0; errors with --strict), the MassGen keys
// that are accepted and not acted on (`ignored:`), and with --json the plan a run would use.
import { join } from 'node:path'
import { formatBytes } from '../config/memory.js'
import { loadConfigFrom } from '../config/source.js'
import {
  classesOf,
  describeSource,
  parseUnsafeClasses,
  refuseUnsafe,
  type UnsafeClass
} from '../config/unsafe.js'
import type { AgentPlan, RunPlan, Step } from '../config/types.js'
import { ignoredLines, warningLines } from '../config/notices.js'
import { ConfigError, formatIssue } from '../errors.js'
import {
  AGENT_HOME,
  CREDENTIAL_MOUNTS,
  dockerDefaults,
  planMounts,
  scratchTmpfs
} from '../runtime/docker/index.js'
import { EGRESS_DIR_IN_SANDBOX } from '../runtime/egress/sandbox.js'
import { oneConfig, parseCommandArgs, printer, type CliCommand } from './io.js'

export const validateCommand: CliCommand = {
  usage: `massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]
                             [--config-ref REV] [--allow-unsafe a,b]

Prints every problem as file:line:col: message (exit 2), warnings as file:line:col: warning: …
and the MassGen keys that are accepted and not acted on as file:line:col: ignored: …; exit 0.

  --working-directory DIR  where relative paths in the config resolve (default: .), as for run
  --json                   print the resolved plan as JSON on stdout (see README, "validate --json")
  --strict                 warnings are errors (exit 2)
  --config-ref REV         read the config from this git revision, not the work tree
  --allow-unsafe a,b       unsafe classes the invoker allows (docker-socket, host-paths, root-user,
                           host-network, host-env, no-sandbox); any other found is an error (exit 2)`,

  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      'working-directory': { type: 'string' },
      json: { type: 'boolean' },
      strict: { type: 'boolean' },
      'config-ref': { type: 'string' },
      'allow-unsafe': { type: 'string' }
    })
    const file = oneConfig(positionals)
    const allow = parseUnsafeClasses(values['allow-unsafe'], '--allow-unsafe')
    const out = printer(io.stdout)
    const err = printer(io.stderr)
    const plan = await loadConfigFrom(file, {
      workingDirectory: values['working-directory'],
      configRef: values['config-ref'] || undefined
    })
    const warnings = plan.warnings ?? []
    if (values.strict && warnings.length > 0) {
      for (const w of warnings) err(formatIssue(w))
      return 2
    }
    for (const line of warningLines(plan)) err(line)
    // Unsafe settings are refused here as run refuses them, so that "ok" means "runs".
    let refused: ConfigError | undefined
    try {
      for (const line of refuseUnsafe(plan, { allow, surface: 'cli' })) err(line)
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e
      refused = e
      err(e.message)
    }
    if (values.json) {
      out(JSON.stringify(describePlan(plan, allow), null, 2))
      return refused ? 2 : 0
    }
    if (refused) return 2
    for (const line of ignoredLines(plan)) out(line)
    const agents = plan.agents.map(agentLine)
    const from = plan.source?.kind === 'revision' ? ` (${describeSource(plan.source)})` : ''
    out(`${file}: ok${from} — ${plan.agents.length} agent(s): ${agents.join(', ')}`)
    return 0
  }
}

export const listAgentsCommand: CliCommand = {
  usage: `massgen-exec list-agents <config> [--config-ref REV]

  --config-ref REV         read the config from this git revision (e.g. the PR's base), not the
                           work tree: the matrix a pull request's workflow builds is then not the
                           pull request's to choose`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { 'config-ref': { type: 'string' } })
    const plan = await loadConfigFrom(oneConfig(positionals), {
      configRef: values['config-ref'] || undefined
    })
    printer(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)))
    return 0
  }
}

function agentLine(a: AgentPlan): string {
  if (a.steps.length === 0) return `${a.id} (${a.mode}, no commands: nothing runs)`
  return `${a.id} (${a.mode}, ${a.steps.length} step${a.steps.length === 1 ? '' : 's'})`
}

type Json = Record<string, unknown>

/** The plan as `validate --json` prints it (documented in the README). */
export function describePlan(plan: RunPlan, allow: UnsafeClass[] = []): Json {
  const found = plan.unsafe ?? []
  return {
    config: plan.configFile,
    workingDirectory: plan.workingDirectory,
    warnings: (plan.warnings ?? []).map((w) => ({ ...w })),
    ignored: plan.ignored ?? [],
    agents: plan.agents.map(describeAgent),
    configSource: plan.source ?? null,
    unsafe: {
      classes: classesOf(found),
      allowed: allow,
      refused: classesOf(found.filter((f) => !allow.includes(f.class) && f.class !== 'no-sandbox')),
      found: found.map((f) => ({
        class: f.class,
        agent: f.agent,
        key: f.key,
        message: f.message,
        at: `${f.file}:${f.line}:${f.col}`
      }))
    }
  }
}

function describeAgent(a: AgentPlan): Json {
  const runs = a.steps.length > 0
  const d = a.docker
  return {
    id: a.id,
    mode: a.mode,
    runs,
    workspace: {
      path: a.workspace,
      source: a.workspaceSource ?? 'cwd',
      used: runs || a.workspaceSource !== 'default'
    },
    image: d?.image ?? null,
    ownImage: d?.ownImage ?? null,
    user: d?.user ?? null,
    limits: d
      ? {
          memory: d.memoryBytes !== undefined ? formatBytes(d.memoryBytes) : null,
          memoryBytes: d.memoryBytes ?? null,
          cpus: d.cpus ?? null,
          pids: d.pidsLimit,
          readOnlyRootfs: d.readOnlyRootfs,
          runtime: d.runtime ?? null,
          maxOutputBytes: a.maxOutputBytes,
          disk: d.diskLimitBytes !== undefined ? formatBytes(d.diskLimitBytes) : null,
          diskBytes: d.diskLimitBytes ?? null
        }
      : { maxOutputBytes: a.maxOutputBytes },
    network: d
      ? a.egress
        ? `${d.network} + egress ${a.egress.audit ? 'audit' : 'allowlist'}`
        : d.network
      : 'host (local mode: no isolation)',
    egress: a.egress
      ? {
          allowedDomains: [...a.egress.allowedDomains, ...a.egress.srtAllowedDomains],
          presets: a.egress.presets,
          allowedPrivateRanges: a.egress.allowedPrivateRanges,
          audit: a.egress.audit
        }
      : null,
    mounts: d && runs ? mounts(a) : [],
    environment: d?.credentials
      ? {
          vars: d.credentials.envVars,
          file: d.credentials.envFile ?? null,
          fromFile: d.credentials.envVarsFromFile,
          passAllEnv: d.credentials.passAllEnv
        }
      : null,
    packages: d?.packages ?? null,
    policy: {
      enableSudo: a.policy.enableSudo,
      allowed: a.policy.allowed.map((p) => p.source),
      blocked: a.policy.blocked.map((p) => p.source)
    },
    permissions: {
      deny: permissionList(a, 'deny'),
      ask: permissionList(a, 'ask'),
      allow: permissionList(a, 'allow')
    },
    commandPrefix: a.commandPrefix ?? null,
    venvPath: a.venvPath ?? null,
    steps: a.steps.map(describeStep)
  }
}

function permissionList(a: AgentPlan, decision: 'deny' | 'ask' | 'allow'): string[] {
  return (a.policy.permissions ?? [])
    .filter((r) => r.decision === decision)
    .map((r) => (r.origin ? `${r.source} (${r.origin})` : r.source))
}

interface Mount {
  kind: string
  source: string
  target: string
  mode: 'ro' | 'rw'
}

/** What a docker agent's container gets mounted, from the runtime's own mount plan. */
function mounts(a: AgentPlan): Mount[] {
  const kindOf = (target: string): string => {
    if (target === a.workspace) return 'workspace'
    if (target === a.tempWorkspace) return 'temporary-workspace'
    if (a.contextPaths.some((c) => c.path === target)) return 'context'
    return 'protected'
  }
  const planned: Mount[] = planMounts(a).map((m) => ({
    kind: kindOf(m.target),
    source: m.source,
    target: m.target,
    mode: m.readOnly ? 'ro' : 'rw'
  }))
  // The workspace first: it is what a reader looks for.
  const list = [
    ...planned.filter((m) => m.kind === 'workspace'),
    ...planned.filter((m) => m.kind !== 'workspace')
  ]
  const config = a.docker ?? dockerDefaults()
  const creds = config.credentials
  for (const name of creds?.mount ?? []) {
    const rel = CREDENTIAL_MOUNTS[name]
    if (rel) {
      list.push({
        kind: `credential ${name}`,
        source: `~/${rel}`,
        target: join(AGENT_HOME, rel),
        mode: 'ro'
      })
    }
  }
  for (const m of creds?.additionalMounts ?? []) {
    list.push({ kind: 'additional', source: m.hostPath, target: m.bind, mode: m.mode })
  }
  if (a.egress)
    list.push({
      kind: 'egress proxy',
      source: '(a directory per run, under the temp directory)',
      target: EGRESS_DIR_IN_SANDBOX,
      mode: 'ro'
    })
  if (config.readOnlyRootfs) {
    list.push({ kind: 'home volume', source: '(anonymous volume)', target: AGENT_HOME, mode: 'rw' })
    for (const path of Object.keys(scratchTmpfs(config.memoryBytes)))
      list.push({ kind: 'tmpfs', source: 'tmpfs', target: path, mode: 'rw' })
  }
  return list
}

function describeStep(s: Step): Json {
  const base = { index: s.index, kind: s.kind, name: s.name ?? null, line: s.pos?.line ?? null }
  switch (s.kind) {
    case 'run':
      return {
        ...base,
        run: s.run,
        timeoutSec: s.timeoutSec,
        workDir: s.workDir ?? null,
        env: s.env,
        expectExit: s.expectExit,
        allowFailure: s.allowFailure,
        background: s.background,
        junit: s.junit ?? null,
        egress: s.egress ?? null
      }
    case 'write_file':
      return { ...base, path: s.path, bytes: Buffer.byteLength(s.content) }
    case 'read_file':
      return { ...base, path: s.path, offset: s.offset, lineCount: s.lineCount ?? null }
  }
}
