// Where an agent may work, in every mode: its workspace (writable), its context paths (by
// permission, protected paths read-only), the orchestrator's temporary workspace (read-only). The
// one rule for work_dir, write_file, read_file and junit paths. Paths are checked after resolving
// symlinks, so a link planted in the workspace cannot lead a step out. Docker mounts are path-
// transparent (the same absolute path inside), so a host-side check is a check of the container
// path too, and the error is the same in every mode.
import { lstat, realpath, stat } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join } from 'node:path'
import { allowedRoots, decidingRootOf, type AllowedRoot } from '../config/paths.js'
import type { AgentPlan } from '../config/types.js'
import { PathError } from '../errors.js'

export { allowedRoots, type AllowedRoot }

type Agent = Pick<AgentPlan, 'workspace' | 'contextPaths' | 'tempWorkspace'>

/** The root that decides for a real path, the roots compared by their real paths too. */
async function decidingRoot(agent: Agent, real: string): Promise<AllowedRoot | undefined> {
  const roots = await Promise.all(
    allowedRoots(agent).map(async (r) => ({
      ...r,
      path: await realpath(r.path).catch(() => r.path)
    }))
  )
  return decidingRootOf(roots, real)
}

const ROOTS_TEXT = "the agent's allowed paths (workspace, context paths, temporary workspace)"

/**
 * Resolves a step's work_dir: absolute, an existing directory, inside an allowed root after
 * symlinks are resolved. Returns the path as given (containers see the same path).
 */
export async function resolveWorkDir(agent: Agent, dir: string): Promise<string> {
  if (!isAbsolute(dir)) throw new PathError(`work_dir ${dir} is not an absolute path`)
  let real: string
  try {
    real = await realpath(dir)
  } catch {
    throw new PathError(`work_dir ${dir} does not exist`)
  }
  if (!(await stat(real)).isDirectory()) throw new PathError(`work_dir ${dir} is not a directory`)
  if (!(await decidingRoot(agent, real)))
    throw new PathError(
      `work_dir ${dir}${real !== dir ? ` (resolves to ${real})` : ''} is outside ${ROOTS_TEXT}`
    )
  return dir
}

/**
 * Checks a file a step reads or writes. Reads: the file's real path must be inside a root. Writes:
 * the real path of what would be written (the existing file, through any symlink, or the deepest
 * existing parent plus the new names) must be inside a writable root, and not inside a read-only
 * one below it. A symlink that points nowhere is refused (writing through it would create its
 * target wherever it points).
 */
export async function checkFileAccess(
  agent: Agent,
  path: string,
  access: 'read' | 'write'
): Promise<void> {
  const verb = access === 'read' ? 'read_file' : 'write_file'
  if (!isAbsolute(path)) throw new PathError(`${verb} ${path} is not an absolute path`)
  const real = await realTarget(path, verb)
  const root = await decidingRoot(agent, real)
  const shown = real !== path ? `${path} (resolves to ${real})` : path
  if (!root) throw new PathError(`${verb} ${shown} is outside ${ROOTS_TEXT}`)
  if (access === 'write' && !root.writable)
    throw new PathError(`${verb} ${shown} is in a read-only ${root.what} (${root.path})`)
}

/** Where a path really leads: its realpath if it exists, else the real parent plus the rest. */
async function realTarget(path: string, verb: string): Promise<string> {
  const existing = await lstat(path).catch(() => undefined)
  if (existing) {
    try {
      return await realpath(path)
    } catch {
      throw new PathError(`${verb} ${path} is a symbolic link that points nowhere`)
    }
  }
  const parent = dirname(path)
  if (parent === path) return path
  return join(await realTarget(parent, verb), basename(path))
}
