// The one rule for "is this path inside that one", shared by the config, the policy, the runtimes,
// the probes and the reports (issue 24: five copies had drifted; one of them guarded the srt secret
// stores and counted `~/.ssh/..x` as outside `~/.ssh`).
import { isAbsolute, relative, sep } from 'node:path'

/**
 * Whether `child` is `parent` or below it, by whole path segments: `..cache` is a name, not `..`.
 * Lexical (no symlinks resolved): callers that must follow links realpath both sides first.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel))
}

/** Whether `child` is below `parent`, and not `parent` itself (same rule as isInside). */
export function isStrictlyInside(child: string, parent: string): boolean {
  return relative(parent, child) !== '' && isInside(child, parent)
}
