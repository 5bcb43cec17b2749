// The names inside an srt agent's writable paths that programs on the HOST run or obey later:
// a repository's hooks and config (`core.fsmonitor`, `core.hooksPath`, filters and aliases run
// commands on the host's next `git status`), shell rc and profile files, direnv's `.envrc`, IDE
// settings. sandbox-runtime has such a list of its own, but computes it against this process's
// working directory (process.cwd()), not the command's, so the workspace is covered only when
// the CLI happens to be started in it or one level above (and write context paths never). Here
// the list is computed per step for every writable path and passed as write denies, which the
// library binds read-only (an existing name) or covers with an empty read-only mount point (an
// absent one: an empty file, or an empty directory for `.git` and the IDE directories, made on
// the host while the step runs and removed by the library when it ends).
//
// A mount can only stand where a directory already is: a name created in a directory that did
// not exist when the step began (`mkdir -p new/.git/hooks`) cannot be refused. What such a step
// leaves behind is found by comparing the scans before and after it (`createdDuring`), removed
// and the step failed (session.ts).
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { isInside } from '../../lib/paths.js'

/** Files, at any depth, that shells, direnv, git and tools read from the directory they are in. */
export const PROTECTED_FILES = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.zlogout',
  '.kshrc',
  '.cshrc',
  '.tcshrc',
  '.login',
  '.envrc',
  '.ripgreprc',
  '.mcp.json'
]
/** Directories protected whole, at any depth. */
export const PROTECTED_DIRS = ['.vscode', '.idea']
/** What git runs or obeys inside a repository's git directory. */
export const GIT_DIR_PROTECTED = ['hooks', 'config']

/** Not walked: package trees (rewritten by installs; sandbox-runtime skips them too). */
const SKIPPED_DIRS = new Set(['node_modules'])
const MAX_ENTRIES = 200_000

export interface ProtectedScan {
  /** Paths to deny writing (present or absent). */
  deny: string[]
  /**
   * Protected paths found present (files, directories or symlinks; a git directory's hooks and
   * config rather than the directory) — the scan's snapshot, and what a sweep removes.
   */
  present: Set<string>
  /** The walk stopped at MAX_ENTRIES: deeper names were not looked at. */
  truncated: boolean
}

export interface ScanOptions {
  /** Relative paths below a root the walk leaves alone (the product's own compare trees). */
  skip?: string[]
  /** core.hooksPath from the host's global/system git config, resolved per repository. */
  hostHooksPath?: string
  /**
   * Who the sandbox's commands run as. An absent name whose nearest existing directory this
   * identity cannot write is left out of the denies: the agent cannot create it there anyway, and
   * the library could not make its mount point either (bubblewrap fails the whole command with
   * "Can't create file", e.g. a root-owned checkout that a root runner's sandbox user, 1000,
   * cannot write: the run then says so at start instead of every step failing).
   */
  creator?: { uid: number; gid: number }
}

/** Whether `id` may create entries in directory `dir` (owner, group, other bits; root only in its own). */
export function canCreateIn(dir: string, id: { uid: number; gid: number }): boolean {
  let st
  try {
    st = statSync(dir)
  } catch {
    return false
  }
  if (!st.isDirectory()) return false
  const m = st.mode
  // In the sandbox's user namespace root's capabilities cover only inodes it owns (mapped ids).
  if (st.uid === id.uid) return (m & 0o300) === 0o300 || (id.uid === 0 && st.uid === 0)
  if (st.gid === id.gid) return (m & 0o030) === 0o030
  return (m & 0o003) === 0o003
}

/** The nearest directory at or above `p` that exists. */
function nearestExisting(p: string): string {
  let d = dirname(p)
  while (!kind(d) && dirname(d) !== d) d = dirname(d)
  return d
}

/** Every protected path of the writable roots: the roots' own names always, deeper ones found. */
export function scanProtected(roots: string[], opts: ScanOptions = {}): ProtectedScan {
  const deny = new Set<string>()
  const present = new Set<string>()
  const budget = { left: MAX_ENTRIES }
  for (const root of roots) {
    for (const f of [...PROTECTED_FILES, ...PROTECTED_DIRS]) deny.add(join(root, f))
    const dotGit = kind(join(root, '.git'))
    if (dotGit === 'file') deny.add(join(root, '.git'))
    else for (const n of GIT_DIR_PROTECTED) deny.add(join(root, '.git', n))
    const skip = new Set((opts.skip ?? []).map((s) => join(root, s)))
    walk(root, roots, skip, opts, deny, present, budget)
  }
  const creator = opts.creator
  const denied = creator
    ? [...deny].filter((p) => kind(p) || canCreateIn(nearestExisting(p), creator))
    : [...deny]
  return { deny: denied, present, truncated: budget.left <= 0 }
}

function walk(
  dir: string,
  roots: string[],
  skip: Set<string>,
  opts: ScanOptions,
  deny: Set<string>,
  present: Set<string>,
  budget: { left: number }
): void {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) {
    if (--budget.left <= 0) return
    const p = join(dir, e.name)
    if (skip.has(p)) continue
    if (PROTECTED_FILES.includes(e.name) || PROTECTED_DIRS.includes(e.name)) {
      deny.add(p)
      present.add(p)
    } else if (e.name === '.git') {
      if (e.isDirectory()) {
        gitDir(p, dirname(p), roots, opts, deny)
        for (const n of GIT_DIR_PROTECTED) if (kind(join(p, n))) present.add(join(p, n))
      } else {
        deny.add(p)
        present.add(p)
      }
    } else if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) {
      walk(p, roots, skip, opts, deny, present, budget)
    }
  }
}

/** A repository's git directory: its hooks and config, its submodules', its hooksPath target. */
function gitDir(
  git: string,
  worktree: string,
  roots: string[],
  opts: ScanOptions,
  deny: Set<string>
): void {
  for (const n of GIT_DIR_PROTECTED) deny.add(join(git, n))
  for (const hooksPath of [configuredHooksPath(join(git, 'config')), opts.hostHooksPath]) {
    if (!hooksPath) continue
    const target = isAbsolute(hooksPath) ? hooksPath : resolve(worktree, hooksPath)
    if (roots.some((r) => isInside(target, r))) deny.add(target)
  }
  // Submodules keep their git directories in .git/modules/<name>/ (nested for theirs).
  const stack = [join(git, 'modules')]
  while (stack.length) {
    const d = stack.pop()!
    let entries: Dirent[]
    try {
      entries = readdirSync(d, { withFileTypes: true })
    } catch {
      continue
    }
    if (entries.some((e) => e.name === 'HEAD' && e.isFile()))
      for (const n of GIT_DIR_PROTECTED) deny.add(join(d, n))
    for (const e of entries)
      if (e.isDirectory() && !['objects', 'refs', 'logs', 'hooks'].includes(e.name))
        stack.push(join(d, e.name))
  }
}

/** core.hooksPath as a repository's config file sets it (the last one wins, as in git). */
export function configuredHooksPath(configFile: string): string | undefined {
  let text: string
  try {
    text = readFileSync(configFile, 'utf8')
  } catch {
    return undefined
  }
  let section = ''
  let found: string | undefined
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    const s = /^\[\s*([A-Za-z0-9.-]+)[^\]]*\]\s*(.*)$/.exec(line)
    if (s) {
      section = s[1].toLowerCase()
      continue
    }
    const kv = /^hookspath\s*=\s*(.*?)\s*$/i.exec(line)
    if (section === 'core' && kv) found = kv[1].replace(/^"(.*)"$/, '$1')
  }
  return found
}

/**
 * Protected names present after a step that were not before, leaving out what the step's own
 * denies account for (the library's empty mount points stand at a denied path or at the first
 * missing directory above one).
 */
export function createdDuring(before: ProtectedScan, after: ProtectedScan): string[] {
  const denied = before.deny
  return [...after.present]
    .filter((p) => !before.present.has(p))
    .filter((p) => !denied.some((d) => d === p || isInside(d, p)))
    .sort()
}

function kind(p: string): 'file' | 'dir' | undefined {
  try {
    const s = lstatSync(p)
    return s.isDirectory() ? 'dir' : 'file'
  } catch {
    return undefined
  }
}
