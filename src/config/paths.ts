// The roots of an agent's plan and how to compare paths, as pure functions of the plan (no file
// system): the policy uses them lexically (read-only-path), runtime/allowed-paths.ts after
// resolving symlinks.
import { resolve } from 'node:path'
import { isInside } from '../lib/paths.js'
import type { AgentPlan } from './types.js'

export interface AllowedRoot {
  path: string
  writable: boolean
  what: string
}

/** The agent's roots, each with its access; a deeper root decides over a shallower one. */
export function allowedRoots(
  agent: Pick<AgentPlan, 'workspace' | 'contextPaths' | 'tempWorkspace'>
): AllowedRoot[] {
  const roots: AllowedRoot[] = [
    { path: resolve(agent.workspace), writable: true, what: 'workspace' }
  ]
  for (const c of agent.contextPaths) {
    roots.push({ path: resolve(c.path), writable: c.permission === 'write', what: 'context path' })
    for (const p of c.protectedPaths)
      roots.push({ path: resolve(p), writable: false, what: 'protected path' })
  }
  if (agent.tempWorkspace)
    roots.push({ path: resolve(agent.tempWorkspace), writable: false, what: 'temporary workspace' })
  return roots
}

/** The root that decides for `path` (the deepest containing it), compared as written. */
export function decidingRootOf(roots: AllowedRoot[], path: string): AllowedRoot | undefined {
  let best: AllowedRoot | undefined
  for (const root of roots)
    if (isInside(path, root.path) && (!best || root.path.length > best.path.length)) best = root
  return best
}
