// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.
import { loadConfig } from '../config/load.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { UsageError } from '../errors.js'
import { mkdir } from 'node:fs/promises'

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

/** MassGen creates the workspace and the temporary workspace when missing; so do we. */
export async function prepareWorkspace(agent: AgentPlan): Promise<void> {
  await mkdir(agent.workspace, { recursive: true })
  if (agent.tempWorkspace) await mkdir(agent.tempWorkspace, { recursive: true })
}
