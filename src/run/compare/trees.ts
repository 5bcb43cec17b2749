// The two trees of a compare step, packed on the host into one tar file: the head tree (the work
// tree as on disk: tracked and untracked, not ignored) and the base tree (the base revision with
// every test file replaced by the head's, new ones added, deleted ones removed). The tar is
// unpacked inside the agent's sandbox, as the agent's user (see workspace-ops.ts).
//
// The repository may be one the agent wrote (its workspace), so git is used only for plumbing
// that reads objects, the index and the work tree. With fsmonitor off, none of it runs a program
// the repository's config names (no hooks, filters, textconv, pager): that is why reading such a
// repository is safe here, and why safe.directory may be waived. Blobs are taken raw (cat-file),
// never through smudge filters.
import * as exec from '@actions/exec'
import { createHash } from 'node:crypto'
import { constants, createWriteStream } from 'node:fs'
import { lstat, mkdtemp, open, readlink, realpath, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { pack as tarPack, type Header } from 'tar-stream'
import { CompareError } from '../../errors.js'

export { CompareError }

export interface GitResult {
  code: number
  stdout: Buffer
  stderr: string
}

export interface Git {
  run(
    args: string[],
    opts: { cwd: string; env?: Record<string, string>; input?: Buffer }
  ): Promise<GitResult>
}

const SAFE_CONFIG = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'safe.directory=*',
  '-c',
  'core.attributesFile=/dev/null',
  '-c',
  'core.useReplaceRefs=false'
]

/** No system config, no replace refs (an agent-written refs/replace/ could swap the base tree). */
const SAFE_ENV = {
  GIT_OPTIONAL_LOCKS: '0',
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_ATTR_NOSYSTEM: '1'
}

/** git on the host, through @actions/exec, with none of the host's GIT_* variables. */
export function hostGit(): Git {
  return {
    async run(args, opts) {
      const env: Record<string, string> = { ...SAFE_ENV }
      for (const [k, v] of Object.entries(process.env)) {
        if (v !== undefined && !k.startsWith('GIT_')) env[k] = v
      }
      const chunks: Buffer[] = []
      let stderr = ''
      try {
        const code = await exec.exec('git', [...SAFE_CONFIG, ...args], {
          cwd: opts.cwd,
          env: { ...env, ...opts.env },
          input: opts.input,
          silent: true,
          ignoreReturnCode: true,
          listeners: {
            stdout: (d: Buffer) => void chunks.push(d),
            stderr: (d: Buffer) => void (stderr += d.toString())
          }
        })
        return { code, stdout: Buffer.concat(chunks), stderr }
      } catch (e) {
        throw new CompareError(`cannot run git: ${(e as Error).message}`)
      }
    }
  }
}

async function must(git: Git, what: string, args: string[], cwd: string, extra = {}) {
  const r = await git.run(args, { cwd, ...extra })
  if (r.code !== 0) {
    throw new CompareError(
      `cannot ${what}: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`
    )
  }
  return r.stdout
}

const split0 = (b: Buffer): string[] => b.toString('utf8').split('\0').filter(Boolean)

export interface WorkTree {
  /** Real path of the work tree's top level. */
  top: string
  /** HEAD commit. */
  head: string
}

export async function workTree(git: Git, repo: string): Promise<WorkTree> {
  const r = await git.run(['rev-parse', '--show-toplevel'], { cwd: repo })
  if (r.code !== 0) throw new CompareError(`${repo} is not inside a git work tree`)
  const top = await realpath(r.stdout.toString('utf8').trim())
  const head = (await must(git, 'resolve HEAD', ['rev-parse', '--verify', 'HEAD^{commit}'], top))
    .toString()
    .trim()
  return { top, head }
}

/** The commit a revision names; a clear error (with a hint for shallow clones) when none. */
export async function resolveRevision(git: Git, top: string, rev: string): Promise<string> {
  if (!rev.trim() || rev.startsWith('-')) {
    throw new CompareError(`base revision ${JSON.stringify(rev)} is not a revision`)
  }
  const r = await git.run(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`],
    {
      cwd: top
    }
  )
  if (r.code === 0) return r.stdout.toString().trim()
  const shallow = await git.run(['rev-parse', '--is-shallow-repository'], { cwd: top })
  const hint =
    shallow.stdout.toString().trim() === 'true'
      ? ' (the clone is shallow: fetch the base revision, e.g. actions/checkout with fetch-depth: 0)'
      : ''
  throw new CompareError(`base revision ${JSON.stringify(rev)} not found in ${top}${hint}`)
}

/** compare.tests → git pathspecs: globs, "!pattern" excludes, explicit magic kept. */
export function pathspecs(patterns: string[]): string[] {
  return patterns
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) =>
      p.startsWith(':') ? p : p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`
    )
}

export interface PackSpec {
  top: string
  baseSha: string
  tests: string[]
  /** Work-tree-relative (posix) paths left out of both trees: our scratch, the report. */
  exclude: (rel: string) => boolean
  /** Work-tree-relative directories to create in both trees (the step's cwd, the report's). */
  dirs: string[]
  /**
   * Top-level directory names of the trees in the tar; `original` (when given) is the base
   * revision as it is, its own tests included, none of head's (to collect base's own test ids).
   */
  names: { head: string; base: string; original?: string }
  maxBytes?: number
  /** Paths whose base and head contents the caller wants (runner configuration, test support). */
  watch?: (rel: string) => boolean
  /** HEAD's commit, to list the work tree's uncommitted and untracked files. */
  headSha?: string
}

export interface Watched {
  path: string
  base?: Buffer
  head?: Buffer
}

export interface Packed {
  headFiles: number
  baseFiles: number
  /** Test files taken from head into base. */
  testFiles: number
  /** Test files of base that head deleted (left out of base). */
  removedTests: number
  bytes: number
  /** Submodules (gitlinks) and special files, not copied. */
  skipped: string[]
  /** Test files of base that head deleted. */
  removedTestPaths: string[]
  /** Watched paths present on either side, with their contents. */
  watched: Watched[]
  /** Work-tree paths that differ from HEAD (modified, added, untracked, deleted). */
  dirty: string[]
}

export const MAX_TREE_BYTES = 1024 * 1024 * 1024

type Entry =
  | { type: 'file'; mode: number; data: Buffer }
  | { type: 'symlink'; target: string }
  | { type: 'skip' }

interface BaseEntry {
  mode: string
  sha: string
  path: string
}

const GITLINK = '160000'

/** Writes the two trees into a new tar file `out` (which must not exist). */
export async function packTrees(git: Git, spec: PackSpec, out: string): Promise<Packed> {
  const specs = pathspecs(spec.tests)
  const { headPaths, headTests } = await listHead(git, spec, specs)
  const { baseEntries, baseTests } = await listBase(git, spec, specs)

  const skipped: string[] = []
  const budget = byteBudget(spec.maxBytes ?? MAX_TREE_BYTES)
  const head = await readHead(spec.top, headPaths, budget.take, skipped)
  const { fromBase, removedTestPaths } = baseFiles(baseEntries, baseTests, headTests, head, skipped)
  const watch = spec.watch ?? (() => false)
  const watchedBase = baseEntries.filter((e) => watch(e.path) && e.mode !== GITLINK)
  const original = spec.names.original ? baseEntries.filter((e) => e.mode !== GITLINK) : []
  const blobs = await catBlobs(
    git,
    spec.top,
    [...new Set([...fromBase, ...watchedBase, ...original].map((e) => e.sha))],
    budget.take
  )
  const watched = watchedContents(watchedBase, blobs, head, watch)
  const dirty = spec.headSha ? await dirtyPaths(git, spec.top, spec.headSha, head) : []

  const testFiles = await writeTar(out, spec, { head, headTests, fromBase, original, blobs })
  return {
    headFiles: head.size,
    baseFiles: fromBase.length + testFiles,
    testFiles,
    removedTests: removedTestPaths.length,
    removedTestPaths,
    bytes: budget.used(),
    skipped,
    watched: [...watched.values()],
    dirty
  }
}

/** A running total of the bytes read, which fails past `max`. */
function byteBudget(max: number): { take: (n: number) => void; used: () => number } {
  let bytes = 0
  return {
    take: (n) => {
      bytes += n
      if (bytes > max) throw new CompareError(`the trees are larger than ${max} bytes`)
    },
    used: () => bytes
  }
}

/** The work tree's paths (tracked and untracked, not ignored) and, among them, the test files. */
async function listHead(
  git: Git,
  spec: PackSpec,
  specs: string[]
): Promise<{ headPaths: string[]; headTests: Set<string> }> {
  const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard']
  const headPaths = unique(split0(await must(git, 'list the work tree', list, spec.top))).filter(
    (p) => !spec.exclude(p)
  )
  const headTests = new Set(
    split0(await must(git, 'list the test files', [...list, '--', ...specs], spec.top)).filter(
      (p) => !spec.exclude(p)
    )
  )
  return { headPaths, headTests }
}

/** The base revision's entries and test files, read through a scratch index. */
async function listBase(
  git: Git,
  spec: PackSpec,
  specs: string[]
): Promise<{ baseEntries: BaseEntry[]; baseTests: Set<string> }> {
  const { top } = spec
  const index = await mkdtemp(join(tmpdir(), 'mgx-compare-index-'))
  try {
    const env = { env: { GIT_INDEX_FILE: join(index, 'index') } }
    await must(git, 'read the base tree', ['read-tree', spec.baseSha], top, env)
    const baseEntries = split0(
      await must(git, 'list the base tree', ['ls-files', '-z', '-s'], top, env)
    )
      .map((line) => {
        const tab = line.indexOf('\t')
        const [mode, sha] = line.slice(0, tab).split(' ')
        return { mode, sha, path: line.slice(tab + 1) }
      })
      .filter((e) => !spec.exclude(e.path))
    const baseTests = new Set(
      split0(
        await must(git, 'list the base test files', ['ls-files', '-z', '--', ...specs], top, env)
      )
    )
    return { baseEntries, baseTests }
  } finally {
    await rm(index, { recursive: true, force: true })
  }
}

/** The work tree's files and symlinks by path; special files go to `skipped`. */
async function readHead(
  top: string,
  paths: string[],
  budget: (n: number) => void,
  skipped: string[]
): Promise<Map<string, Entry>> {
  const reader = new WorkTreeReader(top)
  const head = new Map<string, Entry>()
  for (const p of paths) {
    const e = await reader.read(p, budget)
    if (!e) continue
    if (e.type === 'skip') skipped.push(p)
    else head.set(p, e)
  }
  return head
}

/**
 * Base: its files minus its tests, minus anything in the way of a head test (a file where
 * head has a directory, or the reverse); head's tests are added when writing. Submodules go to
 * `skipped`; base tests head deleted are returned as removed.
 */
function baseFiles(
  baseEntries: BaseEntry[],
  baseTests: Set<string>,
  headTests: Set<string>,
  head: Map<string, Entry>,
  skipped: string[]
): { fromBase: BaseEntry[]; removedTestPaths: string[] } {
  const testDirs = new Set<string>()
  for (const t of headTests)
    for (let d = posix.dirname(t); d !== '.'; d = posix.dirname(d)) testDirs.add(d)
  const inTheWay = (p: string) => {
    if (testDirs.has(p)) return true
    for (let d = posix.dirname(p); d !== '.'; d = posix.dirname(d))
      if (headTests.has(d)) return true
    return false
  }
  const removedTestPaths: string[] = []
  const fromBase = baseEntries.filter((e) => {
    if (baseTests.has(e.path) || headTests.has(e.path)) {
      if (!headTests.has(e.path) && !head.has(e.path)) removedTestPaths.push(e.path)
      return false
    }
    if (e.mode === GITLINK) {
      skipped.push(e.path)
      return false
    }
    return !inTheWay(e.path)
  })
  return { fromBase, removedTestPaths }
}

/** The watched paths' base and head contents (a head symlink as `-> target`). */
function watchedContents(
  watchedBase: BaseEntry[],
  blobs: Map<string, Buffer>,
  head: Map<string, Entry>,
  watch: (rel: string) => boolean
): Map<string, Watched> {
  const watched = new Map<string, Watched>()
  for (const e of watchedBase) watched.set(e.path, { path: e.path, base: blobs.get(e.sha) })
  for (const [p, e] of head) {
    if (!watch(p)) continue
    const w = watched.get(p) ?? { path: p }
    w.head = e.type === 'file' ? e.data : Buffer.from(e.type === 'symlink' ? `-> ${e.target}` : '')
    watched.set(p, w)
  }
  return watched
}

/** A tar stream written to a new file; each add waits for the entry or fails with the file. */
function tarFile(fd: FileHandle) {
  const pack = tarPack()
  const written = pipeline(pack, createWriteStream('', { fd }))
  const failed = written.then(
    () => new Promise<never>(() => undefined),
    (e: Error) => Promise.reject(e)
  )
  const add = (h: Partial<Header> & { name: string }, data?: Buffer) =>
    Promise.race([
      new Promise<void>((res, rej) => {
        const done = (err?: Error | null) => (err ? rej(err) : res())
        if (data) pack.entry(h, data, done)
        else pack.entry(h, done)
      }),
      failed
    ])
  return { pack, written, add }
}

/**
 * Writes the tar: each root with the spec's directories, head's entries, base's (and the
 * original base's) blobs, then head's tests into base. Returns how many tests it added to base.
 */
async function writeTar(
  out: string,
  spec: PackSpec,
  trees: {
    head: Map<string, Entry>
    headTests: Set<string>
    fromBase: BaseEntry[]
    original: BaseEntry[]
    blobs: Map<string, Buffer>
  }
): Promise<number> {
  const { head, headTests, fromBase, original, blobs } = trees
  const fd = await open(out, 'wx', 0o644)
  const { pack, written, add } = tarFile(fd)
  const addEntry = async (name: string, e: Entry) => {
    if (e.type === 'file') await add({ name, type: 'file', mode: e.mode }, e.data)
    else if (e.type === 'symlink') await add({ name, type: 'symlink', linkname: e.target })
  }
  const addBlob = async (root: string, e: BaseEntry) => {
    const name = `${root}/${e.path}`
    const data = blobs.get(e.sha)!
    if (e.mode === '120000') await add({ name, type: 'symlink', linkname: data.toString('utf8') })
    else await add({ name, type: 'file', mode: e.mode === '100755' ? 0o755 : 0o644 }, data)
  }
  try {
    const roots = [spec.names.head, spec.names.base, spec.names.original]
    for (const side of roots.filter((r): r is string => !!r)) {
      await add({ name: `${side}/`, type: 'directory', mode: 0o755 })
      for (const d of spec.dirs) {
        if (d !== '' && d !== '.')
          await add({ name: `${side}/${d}/`, type: 'directory', mode: 0o755 })
      }
    }
    for (const [p, e] of head) await addEntry(`${spec.names.head}/${p}`, e)
    for (const e of fromBase) await addBlob(spec.names.base, e)
    for (const e of original) await addBlob(spec.names.original!, e)
    let testFiles = 0
    for (const t of headTests) {
      const e = head.get(t)
      if (!e) continue
      testFiles++
      await addEntry(`${spec.names.base}/${t}`, e)
    }
    pack.finalize()
    await written
    return testFiles
  } catch (e) {
    pack.destroy()
    await written.catch(() => undefined)
    throw e
  }
}

/**
 * The work tree against HEAD by content, hashed here (no `git status`: it may run the
 * repository's clean filters and fsmonitor, which the agent configures).
 */
async function dirtyPaths(
  git: Git,
  top: string,
  headSha: string,
  head: Map<string, Entry>
): Promise<string[]> {
  const listed = split0(
    await must(git, 'list HEAD', ['ls-tree', '-r', '-z', '--full-tree', headSha], top)
  )
  const committed = new Map<string, string>()
  for (const line of listed) {
    const tab = line.indexOf('\t')
    const [mode, , sha] = line.slice(0, tab).split(' ')
    if (mode !== '160000') committed.set(line.slice(tab + 1), sha)
  }
  const dirty: string[] = []
  for (const [p, e] of head) {
    const sha = committed.get(p)
    if (sha === undefined) {
      dirty.push(p)
      continue
    }
    const data = e.type === 'file' ? e.data : Buffer.from(e.type === 'symlink' ? e.target : '')
    const algo = sha.length === 64 ? 'sha256' : 'sha1'
    const h = createHash(algo).update(`blob ${data.length}\0`).update(data).digest('hex')
    if (h !== sha) dirty.push(p)
  }
  for (const p of committed.keys()) if (!head.has(p)) dirty.push(p)
  return dirty.sort()
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)]
}

/** Raw blob contents by sha (`git cat-file --batch`), after checking their total size. */
async function catBlobs(
  git: Git,
  top: string,
  shas: string[],
  budget: (n: number) => void
): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>()
  if (!shas.length) return blobs
  const input = Buffer.from(shas.join('\n') + '\n')
  const sizes = (
    await must(git, 'size the base tree', ['cat-file', '--batch-check'], top, { input })
  )
    .toString()
    .trim()
    .split('\n')
  for (const line of sizes) {
    const size = Number(line.split(' ')[2])
    if (!Number.isFinite(size)) throw new CompareError(`base object missing: ${line}`)
    budget(size)
  }
  const buf = await must(git, 'read the base tree', ['cat-file', '--batch'], top, { input })
  let pos = 0
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos)
    if (nl < 0) break
    const [sha, type, sizeText] = buf.subarray(pos, nl).toString().split(' ')
    const size = Number(sizeText)
    if (type !== 'blob' || !Number.isFinite(size)) {
      throw new CompareError(`unexpected object in the base tree: ${sha} ${type}`)
    }
    blobs.set(sha, buf.subarray(nl + 1, nl + 1 + size))
    pos = nl + 1 + size + 1
  }
  for (const sha of shas) if (!blobs.has(sha)) throw new CompareError(`base object missing: ${sha}`)
  return blobs
}

/**
 * Reads work-tree files without following symlinks: a listed path whose directories are not
 * real directories inside the work tree is refused (an index can name anything), a symlink is
 * copied as a symlink, a file is opened with O_NOFOLLOW and must still be the file lstat saw.
 */
class WorkTreeReader {
  private readonly dirs = new Map<string, Promise<boolean>>()
  constructor(private readonly top: string) {}

  private realDir(rel: string): Promise<boolean> {
    let p = this.dirs.get(rel)
    if (!p) {
      const abs = join(this.top, rel)
      p = realpath(abs).then(
        (real) => real === abs,
        () => false
      )
      this.dirs.set(rel, p)
    }
    return p
  }

  async read(rel: string, budget: (bytes: number) => void): Promise<Entry | undefined> {
    const dir = posix.dirname(rel)
    if (rel.split('/').includes('..') || !(await this.realDir(dir === '.' ? '' : dir))) {
      // Missing directories are files deleted from the work tree; symlinked ones are refused.
      const exists = await lstat(join(this.top, dir)).then(
        () => true,
        () => false
      )
      if (!exists) return undefined
      throw new CompareError(`refusing ${rel}: a directory on its path is a symlink`)
    }
    const abs = join(this.top, rel)
    const st = await lstat(abs).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return undefined
      throw e
    })
    if (!st) return undefined
    if (st.isSymbolicLink()) return { type: 'symlink', target: await readlink(abs) }
    if (!st.isFile()) return { type: 'skip' }
    const fh = await open(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const now = await fh.stat()
      if (!now.isFile() || now.ino !== st.ino || now.dev !== st.dev) {
        throw new CompareError(`${rel} changed while being read`)
      }
      budget(now.size)
      return { type: 'file', mode: now.mode & 0o111 ? 0o755 : 0o644, data: await fh.readFile() }
    } finally {
      await fh.close()
    }
  }
}
