// Rule read-only-path: for agents without a sandbox (local mode), a statically visible write into
// a read-only root — a `read` context path, a protected path, the temporary workspace — is
// refused before it runs, as MassGen's path-permission layer refuses it. Docker agents rely on the
// read-only mount instead (the kernel refuses, whatever the command's shape).
import { isAbsolute, join, normalize } from 'node:path'
import { decidingRootOf, type AllowedRoot } from '../config/paths.js'
import type { Write } from './analyze.js'
import type { Verdict } from './types.js'

/** Where a write lands, or undefined when that depends on something only known at run time. */
function resolveWrite(w: Write, stepCwd: string): string | undefined {
  if (w.path.startsWith('~') || w.dir === null) return undefined
  const dir = isAbsolute(w.dir) ? w.dir : join(stepCwd, w.dir)
  const path = normalize(isAbsolute(w.path) ? w.path : join(dir, w.path))
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

export function readOnlyVerdict(
  writes: Write[],
  roots: AllowedRoot[],
  stepCwd: string
): Verdict | undefined {
  for (const w of writes) {
    const target = resolveWrite(w, stepCwd)
    if (target === undefined) continue
    const root = decidingRootOf(roots, target)
    if (root && !root.writable)
      return {
        verdict: 'block',
        rule: 'read-only-path',
        reason: `${w.how} writes ${target}, inside the read-only ${root.what} ${root.path}`
      }
  }
  return undefined
}
