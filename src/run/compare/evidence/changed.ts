// The lines a change adds or modifies, base..head, in non-test source files: head-side line
// numbers from the hunk headers of `git diff -U0 <base>` (the work tree as on disk, as the head
// tree is packed), plus every line of untracked files. git runs as for the trees (trees.ts: no
// hooks, fsmonitor off, no external diff or textconv), with the prefixes, colour and rename
// settings the repository's config could change fixed on the command line.
import { join } from 'node:path'
import { readNoFollow } from '../../../lib/read-no-follow.js'
import { CompareError, pathspecs, type Git } from '../trees.js'
import type { ChangedFile } from './types.js'

/** Source files whose lines are measured: Python (coverage.py) and JavaScript/TypeScript (V8). */
export const SOURCE = /\.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx)$/

/** Most files looked at; the rest are left out and said so by the caller. */
export const MAX_CHANGED_FILES = 500
const MAX_FILE_BYTES = 8 * 1024 * 1024

const DIFF = [
  'diff',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--no-renames',
  '--no-relative',
  '--src-prefix=a/',
  '--dst-prefix=b/'
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

export async function changedLines(git: Git, spec: ChangedSpec): Promise<Changed> {
  const { top, baseSha } = spec
  const tests = new Set(
    split0(
      await must(
        git,
        [
          'ls-files',
          '-z',
          '--cached',
          '--others',
          '--exclude-standard',
          '--',
          ...pathspecs(spec.tests)
        ],
        top
      )
    )
  )
  const isSource = (p: string) => SOURCE.test(p) && !tests.has(p) && !spec.exclude?.(p)
  const modified = split0(
    await must(git, [...DIFF, '--name-only', '-z', '--diff-filter=AMT', baseSha, '--'], top)
  ).filter(isSource)
  const untracked = split0(
    await must(git, ['ls-files', '-z', '--others', '--exclude-standard'], top)
  ).filter((p) => isSource(p) && !modified.includes(p))
  const all = [
    ...modified.map((p) => ({ p, new: false })),
    ...untracked.map((p) => ({ p, new: true }))
  ]
  const files: ChangedFile[] = []
  for (const f of all.slice(0, MAX_CHANGED_FILES)) {
    const lines = f.new
      ? allLines(await readText(join(top, f.p)))
      : hunkLines((await must(git, [...DIFF, '-U0', baseSha, '--', f.p], top)).toString('utf8'))
    if (lines.length) files.push({ path: f.p, lines })
  }
  files.sort((a, b) => a.path.localeCompare(b.path))
  return { files, omitted: Math.max(0, all.length - MAX_CHANGED_FILES) }
}

/** An untracked file's text (the agent's: no symlink followed, size capped); '' when not a file. */
export async function readText(path: string): Promise<string> {
  return (await readNoFollow(path, MAX_FILE_BYTES)) ?? ''
}
