// Path rules for docker mode. Mounts are path-transparent (the same absolute path inside as on
// the host), so a host-side check of a path is a check of the container path.
import { realpath, stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { AgentPlan } from '../../config/types.js'

export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel))
}

/** The host paths a command may use as its working directory. */
export function allowedRoots(agent: AgentPlan): string[] {
  const roots = [agent.workspace, ...agent.contextPaths.map((c) => c.path)]
  if (agent.tempWorkspace) roots.push(agent.tempWorkspace)
  return roots.map((p) => resolve(p))
}

export class WorkDirError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WorkDirError'
  }
}

/**
 * Resolves `cwd` (symlinks included) and checks it is a directory inside the workspace, a context
 * path or the temporary workspace; throws WorkDirError otherwise.
 */
export async function validateWorkDir(cwd: string, agent: AgentPlan): Promise<string> {
  if (!isAbsolute(cwd)) throw new WorkDirError(`work_dir ${cwd} is not an absolute path`)
  let real: string
  try {
    real = await realpath(cwd)
  } catch {
    throw new WorkDirError(`work_dir ${cwd} does not exist`)
  }
  if (!(await stat(real)).isDirectory())
    throw new WorkDirError(`work_dir ${cwd} is not a directory`)
  const roots = await Promise.all(
    allowedRoots(agent).map((root) => realpath(root).catch(() => root))
  )
  if (!roots.some((root) => isInside(real, root)))
    throw new WorkDirError(
      `work_dir ${cwd} is outside the agent's allowed paths (workspace, context paths, temporary workspace)`
    )
  return cwd
}
