// One agent of the config → AgentPlan: its paths as MassGen places them, its policy, its steps,
// and the mode-specific settings (build-docker.ts, build-sandbox.ts), egress and unsafe findings.
import { existsSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { isInside } from '../lib/paths.js'
import { compilePythonRegex } from '../lib/python-regex.js'
import {
  asList,
  expandHome,
  MASSGEN_DIR,
  num,
  str,
  type BuildContext,
  type KeyPath,
  type Obj,
  type PermissionsContext
} from './build-context.js'
import { mergeContextPaths } from './build-context-paths.js'
import { buildDocker } from './build-docker.js'
import { buildCaCertificates, buildSrt, executionMode } from './build-sandbox.js'
import { buildStep } from './build-steps.js'
import { DEFAULT_MAX_OUTPUT_BYTES } from './defaults.js'
import { buildEgress } from './egress.js'
import { DECISIONS, parseRule, roleRules } from './permissions.js'
import { checkRunSteps } from './step-checks.js'
import { suggest } from './suggest.js'
import type { AgentPlan, CommandPattern, PermissionRule } from './types.js'
import { findAgentUnsafe } from './unsafe.js'

/** The applicable rules of one `permissions:` block (role preset first, then its rules). */
export function readPermissions(
  raw: unknown,
  p: KeyPath,
  ctx: PermissionsContext
): PermissionRule[] {
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

export function hasCwd(agent: Obj): boolean {
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

export function buildAgent(
  agent: Obj,
  p: KeyPath,
  defaultId: string,
  ctx: BuildContext
): AgentPlan {
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
