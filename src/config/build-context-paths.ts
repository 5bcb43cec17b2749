// Agent-level and orchestrator-level context_paths, merged.
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { asList, expandHome, str } from './build-context.js'
import type { BuildContext, KeyPath, Obj } from './build-context.js'
import type { ContextPath } from './types.js'

/**
 * Agent-level and orchestrator-level context paths; for the same path the orchestrator's entry
 * wins (MassGen's rule), so it goes in last. A missing path is a warning: MassGen refuses to
 * start, but a CI job may create it in an earlier step.
 */
export function mergeContextPaths(
  wd: string,
  sources: [unknown, KeyPath][],
  ctx: BuildContext
): ContextPath[] {
  const merged = new Map<string, ContextPath>()
  for (const [list, p] of sources) {
    asList(list).forEach((entry, i) => {
      const e = (typeof entry === 'string' ? { path: entry } : (entry ?? {})) as Obj
      const path = resolve(wd, expandHome(String(e.path)))
      if (!existsSync(path)) {
        ctx.warn(
          ctx.posOf(typeof entry === 'string' ? [...p, i] : [...p, i, 'path']),
          `context path ${path} does not exist (MassGen refuses to start with a missing context path)`
        )
      }
      merged.set(path, {
        path,
        permission: e.permission === 'write' ? 'write' : 'read',
        protectedPaths: asList(e.protected_paths).map((pp) =>
          isAbsolute(String(pp)) ? String(pp) : resolve(path, String(pp))
        ),
        name: str(e.name)
      })
    })
  }
  return [...merged.values()]
}
