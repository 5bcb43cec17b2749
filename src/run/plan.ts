// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.
import { loadConfig } from '../config/load.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { UsageError } from '../errors.js'
import { chown, mkdir } from 'node:fs/promises'
import { DEFAULT_USER } from '../config/defaults.js'
import { parseUser } from '../runtime/docker/host-access.js'

export interface PlanOptions {
  workingDirectory?: string
  /** Only these agent ids (all when absent or empty). */
  agents?: string[]
  defaultTimeoutSec?: number
}

export async function loadRunPlan(configPath: string, opts: PlanOptions = {}): Promise<RunPlan> {
  const plan = await loadConfig(configPath, {
    workingDirectory: opts.workingDirectory,
    defaultTimeoutSec: opts.defaultTimeoutSec
  })
  return selectAgents(plan, opts.agents)
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
