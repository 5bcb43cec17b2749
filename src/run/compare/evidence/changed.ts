// The lines a change adds or modifies, base..head, in non-test source files, head-side numbers.
// What is compared is content, never the agent's index or attributes: each source file of the
// head listing (as the head tree is packed: tracked and untracked, not ignored) is read from disk
// and hashed as a git blob; one whose blob differs from base's is diffed against base's blob with
// `git diff --no-index --text -U0` on two scratch files outside the repository. So an index entry
// marked assume-unchanged or skip-worktree, stat data forged to match, or a `-diff` / binary
// attribute hides no changed line. git runs as for the trees (trees.ts: no hooks, fsmonitor off,
// no external diff or textconv). A source file that cannot be read (a symlink, over the size
// cap) is listed as not measured, never dropped silently.
import { createHash } from 'node:crypto'
import { lstat, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readBytesNoFollow, readNoFollow } from '../../../lib/read-no-follow.js'
import { CompareError, pathspecs, type Git } from '../trees.js'
import type { ChangedFile } from './types.js'

/** Source files whose lines are measured: Python (coverage.py) and JavaScript/TypeScript (V8). */
export const SOURCE = /\.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx)$/

/** Most files looked at; the rest are left out and said so by the caller. */
export const MAX_CHANGED_FILES = 500
const MAX_FILE_BYTES = 8 * 1024 * 1024

const DIFF = [
  'diff',
  '--no-index',
  '--text',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--no-renames',
  '--src-prefix=a/',
  '--dst-prefix=b/',
  '-U0'
]

/** Head-side line numbers a `-U0` patch adds or modifies (pure deletions add none). */
export function hunkLines(patch: string): number[] {
  const lines: number[] = []
  for (const m of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(m[1])
    const count = m[2] === undefined ? 1 : Number(m[2])
    for (let i = 0; i < count; i++) lines.push(start + i)
  }
  return [...new Set(lines)].sort((a, b) => a - b)
}

/** Line numbers of a whole (new) file. */
export function allLines(text: string): number[] {
  if (!text) return []
  const n = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  return Array.from({ length: n }, (_, i) => i + 1)
}

export interface ChangedSpec {
  top: string
  baseSha: string
  /** compare.tests: test files are not source. */
  tests: string[]
  /** Work-tree-relative paths left out (our scratch, the report). */
  exclude?: (rel: string) => boolean
}

export interface Changed {
  files: ChangedFile[]
  /** Source files left out over MAX_CHANGED_FILES. */
  omitted: number
  /** Changed source files that could not be read (a symlink, over the size cap): not measured. */
  unreadable: string[]
}

const split0 = (b: Buffer): string[] => b.toString('utf8').split('\0').filter(Boolean)

async function must(git: Git, args: string[], cwd: string): Promise<Buffer> {
  const r = await git.run(args, { cwd })
  if (r.code !== 0) {
    throw new CompareError(
      `cannot list the changed lines: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`
    )
  }
  return r.stdout
}

/** The git blob id of `bytes` in the repository's object format. */
export function blobId(bytes: Buffer, format: string): string {
  const h = createHash(format === 'sha256' ? 'sha256' : 'sha1')
  h.update(`blob ${bytes.length}\0`)
  h.update(bytes)
  return h.digest('hex')
}

/** Base's blobs by path (ls-tree reads the commit, not the index). */
async function baseBlobs(git: Git, top: string, baseSha: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const line of split0(
    await must(git, ['ls-tree', '-r', '-z', '--full-tree', baseSha], top)
  )) {
    const tab = line.indexOf('\t')
    const [, type, sha] = line.slice(0, tab).split(' ')
    if (type === 'blob') out.set(line.slice(tab + 1), sha)
  }
  return out
}

export async function changedLines(git: Git, spec: ChangedSpec): Promise<Changed> {
  const { top, baseSha } = spec
  const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard']
  const tests = new Set(split0(await must(git, [...list, '--', ...pathspecs(spec.tests)], top)))
  const isSource = (p: string) => SOURCE.test(p) && !tests.has(p) && !spec.exclude?.(p)
  const head = [...new Set(split0(await must(git, list, top)))].filter(isSource).sort()
  const base = await baseBlobs(git, top, baseSha)
  const format =
    (await git.run(['rev-parse', '--show-object-format'], { cwd: top })).stdout.toString().trim() ||
    'sha1'
  const scratch = await mkdtemp(join(tmpdir(), 'mgx-changed-'))
  const files: ChangedFile[] = []
  const unreadable: string[] = []
  let seen = 0
  let omitted = 0
  try {
    for (const p of head) {
      const bytes = await readBytesNoFollow(join(top, p), MAX_FILE_BYTES)
      const was = base.get(p)
      if (bytes === undefined) {
        if (!(await goneOrSameLink(join(top, p), was, format))) unreadable.push(p)
        continue
      }
      if (was !== undefined && blobId(bytes, format) === was) continue
      if (++seen > MAX_CHANGED_FILES) {
        omitted++
        continue
      }
      const lines =
        was === undefined
          ? allLines(bytes.toString('utf8'))
          : hunkLines(await diffBlob(git, scratch, was, bytes, top))
      if (lines.length) files.push({ path: p, lines })
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  return { files, omitted, unreadable }
}

/**
 * A listed path that is not a readable file but adds no line: nothing at it (deleted in the work
 * tree, a deletion) or a symbolic link base has as it is (git stores the link's target as its blob).
 */
async function goneOrSameLink(
  path: string,
  was: string | undefined,
  format: string
): Promise<boolean> {
  const st = await lstat(path).catch(() => undefined)
  if (!st) return true
  if (!st.isSymbolicLink() || was === undefined) return false
  return blobId(Buffer.from(await readlink(path)), format) === was
}

/** `-U0` patch of base's blob `sha` against `bytes`, on scratch files outside the repository. */
async function diffBlob(
  git: Git,
  scratch: string,
  sha: string,
  bytes: Buffer,
  top: string
): Promise<string> {
  const a = join(scratch, 'base')
  const b = join(scratch, 'head')
  await writeFile(a, await must(git, ['cat-file', 'blob', sha], top))
  await writeFile(b, bytes)
  // --no-index exits 1 when the files differ: that is the answer, not a failure.
  const r = await git.run([...DIFF, a, b], { cwd: scratch })
  if (r.code !== 0 && r.code !== 1)
    throw new CompareError(`cannot diff a changed file: ${r.stderr.trim().split('\n').pop()}`)
  return r.stdout.toString('utf8')
}

/** An untracked file's text (the agent's: no symlink followed, size capped); '' when not a file. */
export async function readText(path: string): Promise<string> {
  return (await readNoFollow(path, MAX_FILE_BYTES)) ?? ''
}
