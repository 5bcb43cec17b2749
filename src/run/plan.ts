// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.
import { loadConfigFrom } from '../config/source.js'
import { refuseUnsafe, type Surface, type UnsafeClass } from '../config/unsafe.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { UsageError } from '../errors.js'
import { mergeCaEntries } from '../runtime/ca-bundle.js'
import { chown, mkdir } from 'node:fs/promises'
import { DEFAULT_USER } from '../config/defaults.js'
import { parseUser } from '../lib/user.js'

export interface PlanOptions {
  workingDirectory?: string
  /** Only these agent ids (all when absent or empty). */
  agents?: string[]
  defaultTimeoutSec?: number
  /** Read the config from this git revision (CLI --config-ref, action input config-ref). */
  configRef?: string
  /** Unsafe classes the invoker allows (CLI --allow-unsafe, action input allow-unsafe). */
  allowUnsafe?: UnsafeClass[]
  /** The action refuses a local agent; the CLI warns (default: cli). */
  surface?: Surface
  log?: (line: string) => void
  /** The run's `ca-certificates` (absolute paths or `system`), added to every sandboxed agent's. */
  caCertificates?: string[]
}

/**
 * The plan, narrowed to the selected agents, with every unsafe setting of theirs refused unless
 * the invoker allowed its class (a ConfigError, exit 2, naming each key).
 */
export async function loadRunPlan(configPath: string, opts: PlanOptions = {}): Promise<RunPlan> {
  const plan = selectAgents(
    await loadConfigFrom(configPath, {
      workingDirectory: opts.workingDirectory,
      defaultTimeoutSec: opts.defaultTimeoutSec,
      configRef: opts.configRef
    }),
    opts.agents
  )
  const warnings = refuseUnsafe(plan, {
    allow: opts.allowUnsafe ?? [],
    surface: opts.surface ?? 'cli'
  })
  for (const line of warnings) opts.log?.(line)
  return withCaCertificates(plan, opts.caCertificates)
}

/** The run's CA list added to every docker and srt agent's (local mode has no sandbox). */
export function withCaCertificates(plan: RunPlan, run: string[] | undefined): RunPlan {
  if (!run?.length) return plan
  return {
    ...plan,
    agents: plan.agents.map((a) =>
      a.mode === 'local' ? a : { ...a, caCertificates: mergeCaEntries(a.caCertificates, run) }
    )
  }
}

export function selectAgents(plan: RunPlan, ids?: string[]): RunPlan {
  if (!ids || ids.length === 0) return plan
  const known = plan.agents.map((a) => a.id)
  const unknown = ids.filter((id) => !known.includes(id))
  if (unknown.length) {
    throw new UsageError(
      `unknown agent(s): ${unknown.join(', ')} (the config has: ${known.join(', ')})`
    )
  }
  return { ...plan, agents: plan.agents.filter((a) => ids.includes(a.id)) }
}

/**
 * MassGen creates the workspace and the temporary workspace when missing; so do we. A workspace
 * this run creates is its own, not the user's: created by root for a sandboxed agent, it is made
 * the agent's (the images' user, or command_line_docker_user when not root), as if the agent had
 * created it. An existing one is never touched (the agent follows its owner instead).
 */
export async function prepareWorkspace(
  agent: AgentPlan,
  euid = process.geteuid?.()
): Promise<void> {
  const created = await mkdir(agent.workspace, { recursive: true })
  if (agent.tempWorkspace) await mkdir(agent.tempWorkspace, { recursive: true })
  if (created === undefined || euid !== 0 || agent.mode === 'local') return
  const { uid, gid } = parseUser(agent.docker?.user ?? DEFAULT_USER)
  if (uid !== 0) await chown(agent.workspace, uid, gid)
}
