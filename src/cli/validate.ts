// `massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]`: every problem
// as `file:line:col: message` (exit 2), warnings (exit 0; errors with --strict), the MassGen keys
// that are accepted and not acted on (`ignored:`), and with --json the plan a run would use.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { formatBytes } from '../config/memory.js'
import { ConfigError, formatIssue } from '../config/errors.js'
import { loadConfig } from '../config/load.js'
import type { AgentPlan, RunPlan, SourcePos, Step } from '../config/types.js'
import { CREDENTIAL_MOUNTS } from '../runtime/docker/credentials.js'
import { AGENT_HOME } from '../runtime/docker/labels.js'

export interface ValidateIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

const USAGE = `usage: massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]

Prints every problem as file:line:col: message (exit 2), warnings as file:line:col: warning: …
and the MassGen keys that are accepted and not acted on as file:line:col: ignored: …; exit 0.

  --working-directory DIR  where relative paths in the config resolve (default: .), as for run
  --json                   print the resolved plan as JSON on stdout (see README, "validate --json")
  --strict                 warnings are errors (exit 2)`

export async function validateCommand(argv: string[], io: ValidateIo): Promise<number> {
  const out = (s: string) => io.stdout.write(s + '\n')
  const err = (s: string) => io.stderr.write(s + '\n')
  let values: { 'working-directory'?: string; json?: boolean; strict?: boolean; help?: boolean }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'working-directory': { type: 'string' },
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      }
    }))
  } catch (e) {
    err(`massgen-exec validate: ${(e as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (values.help) {
    out(USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    err(`massgen-exec validate: expected exactly one config file\n\n${USAGE}`)
    return 2
  }
  const file = positionals[0]
  let plan: RunPlan
  try {
    plan = await loadConfig(file, { workingDirectory: values['working-directory'] })
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    err(e.message)
    return 2
  }
  const warnings = plan.warnings ?? []
  if (values.strict && warnings.length > 0) {
    for (const w of warnings) err(formatIssue(w))
    return 2
  }
  for (const w of warnings) err(formatIssue({ ...w, message: `warning: ${w.message}` }))
  if (values.json) {
    out(JSON.stringify(describePlan(plan), null, 2))
    return 0
  }
  for (const line of ignoredLines(plan)) out(line)
  const agents = plan.agents.map(agentLine)
  out(`${file}: ok — ${plan.agents.length} agent(s): ${agents.join(', ')}`)
  return 0
}

/** One line per reason, at the first place, naming every key path it covers. */
function ignoredLines(plan: RunPlan): string[] {
  const byReason = new Map<string, { at: SourcePos; paths: string[] }>()
  for (const i of plan.ignored ?? []) {
    const entry = byReason.get(i.reason) ?? { at: i.at[0], paths: [] }
    entry.paths.push(i.at.length > 1 ? `${i.path} (×${i.at.length})` : i.path)
    byReason.set(i.reason, entry)
  }
  return [...byReason].map(([reason, { at, paths }]) =>
    formatIssue({ ...at, message: `ignored: ${paths.join(', ')}: ${reason}` })
  )
}

function agentLine(a: AgentPlan): string {
  if (a.steps.length === 0) return `${a.id} (${a.mode}, no commands: nothing runs)`
  return `${a.id} (${a.mode}, ${a.steps.length} step${a.steps.length === 1 ? '' : 's'})`
}

type Json = Record<string, unknown>

/** The plan as `validate --json` prints it (documented in the README). */
export function describePlan(plan: RunPlan): Json {
  return {
    config: plan.configFile,
    workingDirectory: plan.workingDirectory,
    warnings: (plan.warnings ?? []).map((w) => ({ ...w })),
    ignored: plan.ignored ?? [],
    agents: plan.agents.map(describeAgent)
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
          maxOutputBytes: a.maxOutputBytes
        }
      : { maxOutputBytes: a.maxOutputBytes },
    network: d ? d.network : 'host (local mode: no isolation)',
    mounts: d ? mounts(a) : [],
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

/** What a docker agent's container gets mounted, as the runtime mounts it. */
function mounts(a: AgentPlan): Mount[] {
  const list: Mount[] = []
  if (a.steps.length > 0 || a.workspaceSource !== 'default') {
    list.push({ kind: 'workspace', source: a.workspace, target: a.workspace, mode: 'rw' })
  }
  if (a.tempWorkspace) {
    list.push({
      kind: 'temporary-workspace',
      source: a.tempWorkspace,
      target: a.tempWorkspace,
      mode: 'ro'
    })
  }
  for (const c of a.contextPaths) {
    list.push({
      kind: 'context',
      source: c.path,
      target: c.path,
      mode: c.permission === 'write' ? 'rw' : 'ro'
    })
    for (const p of c.protectedPaths)
      list.push({ kind: 'protected', source: p, target: p, mode: 'ro' })
  }
  const creds = a.docker?.credentials
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
        junit: s.junit ?? null
      }
    case 'write_file':
      return { ...base, path: s.path, bytes: Buffer.byteLength(s.content) }
    case 'read_file':
      return { ...base, path: s.path, offset: s.offset, lineCount: s.lineCount ?? null }
  }
}
