// Where an agent may work: its workspace, its context paths, its temporary workspace.
import { relative, isAbsolute } from 'node:path'
import type { AgentPlan } from '../config/types.js'

export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

export function allowedRoots(agent: AgentPlan): string[] {
  return [
    agent.workspace,
    ...agent.contextPaths.map((c) => c.path),
    ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
  ]
}

/** Why `dir` may not be used as a work_dir, or undefined when it may. */
export function workDirProblem(agent: AgentPlan, dir: string): string | undefined {
  if (allowedRoots(agent).some((root) => isInside(dir, root))) return undefined
  return `work_dir ${dir} is outside the agent's workspace and context paths`
}
