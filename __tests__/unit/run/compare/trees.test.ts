// The compare trees, against real git repositories (git is a host tool here, like in production).
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extract } from 'tar-stream'
import {
  CompareError,
  hostGit,
  packTrees,
  pathspecs,
  resolveRevision,
  workTree,
  type Git,
  type PackSpec
} from '../../../../src/run/compare/trees.js'
import { GitRepo } from '../../../helpers/git-repo.js'

const scratch = mkdtempSync(join(tmpdir(), 'trees-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let n = 0
const git = hostGit()

interface Item {
  type: string
  mode: number
  text?: string
  link?: string
}

async function unpack(file: string): Promise<Record<string, Item>> {
  const items: Record<string, Item> = {}
  const ex = extract()
  ex.on('entry', (h, stream, next) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: unknown) => chunks.push(c as Buffer))
    stream.on('end', () => {
      items[h.name] = {
        type: h.type,
        mode: h.mode & 0o777,
        ...(h.type === 'file' ? { text: Buffer.concat(chunks).toString() } : {}),
        ...(h.type === 'symlink' ? { link: h.linkname } : {})
      }
      next()
    })
    stream.resume()
  })
  await new Promise<void>((res, rej) => {
    ex.on('finish', res)
    ex.on('error', rej)
    createReadStream(file).pipe(ex)
  })
  return items
}

/** The files of one side: name → content (or "-> target" for a symlink). */
function side(items: Record<string, Item>, name: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(items)) {
    if (!k.startsWith(`${name}/`) || v.type === 'directory') continue
    out[k.slice(name.length + 1)] = v.type === 'symlink' ? `-> ${v.link}` : v.text!
  }
  return out
}

function fixture() {
  const repo = new GitRepo(join(scratch, `r${n++}`))
  const base = repo.commit({
    '.gitignore': 'ignored/\n',
    'src/lib.py': 'bug\n',
    'tests/test_old.py': 'old\n',
    'tests/test_gone.py': 'gone\n',
    'tests/test_kept.py': 'kept, base version\n',
    'docs/readme.md': 'base docs\n'
  })
  repo.commit({
    'src/lib.py': 'fixed\n',
    'tests/test_kept.py': 'kept, head version\n',
    'tests/test_gone.py': null,
    'docs/readme.md': 'head docs\n'
  })
  // Uncommitted head changes: a new test, an untracked helper, an ignored file, an executable.
  repo.write({
    'tests/test_new.py': 'new\n',
    'tests/helper_util.py': 'helper (not a test file)\n',
    'ignored/big.bin': 'x',
    'run.sh': '#!/bin/sh\n'
  })
  chmodSync(join(repo.dir, 'run.sh'), 0o755)
  symlinkSync('src/lib.py', join(repo.dir, 'lib-link'))
  return { repo, base }
}

async function pack(top: string, baseSha: string, over: Partial<PackSpec> = {}) {
  const out = join(scratch, `t${n++}.tar`)
  const packed = await packTrees(
    git,
    {
      top,
      baseSha,
      tests: ['tests/**/test_*.py'],
      exclude: () => false,
      dirs: [],
      names: { head: 'H', base: 'B' },
      ...over
    },
    out
  )
  return { packed, items: await unpack(out), out }
}

describe('compare trees', () => {
  it('the original tree, when asked for, is the base revision as it is: its own tests, none of head', async () => {
    const { repo, base } = fixture()
    const { items } = await pack(repo.dir, base, {
      names: { head: 'H', base: 'B', original: 'O' },
      dirs: ['sub/dir']
    })
    expect(side(items, 'O')).toEqual({
      '.gitignore': 'ignored/\n',
      'docs/readme.md': 'base docs\n',
      'src/lib.py': 'bug\n',
      'tests/test_gone.py': 'gone\n',
      'tests/test_kept.py': 'kept, base version\n',
      'tests/test_old.py': 'old\n'
    })
    expect(items['O/sub/dir/']).toMatchObject({ type: 'directory' })
    const { items: without } = await pack(repo.dir, base)
    expect(Object.keys(without).some((k) => k.startsWith('O/'))).toBe(false)
  })

  it('head is the work tree as on disk; base is the base revision with head tests applied', async () => {
    const { repo, base } = fixture()
    const { packed, items } = await pack(repo.dir, base, {
      exclude: (p) => p === 'docs/readme.md',
      dirs: ['sub/dir']
    })
    expect(side(items, 'H')).toEqual({
      '.gitignore': 'ignored/\n',
      'lib-link': '-> src/lib.py',
      'run.sh': '#!/bin/sh\n',
      'src/lib.py': 'fixed\n',
      'tests/helper_util.py': 'helper (not a test file)\n',
      'tests/test_kept.py': 'kept, head version\n',
      'tests/test_new.py': 'new\n',
      'tests/test_old.py': 'old\n'
    })
    expect(side(items, 'B')).toEqual({
      '.gitignore': 'ignored/\n',
      'src/lib.py': 'bug\n', // the code under test stays at base
      'tests/test_kept.py': 'kept, head version\n',
      'tests/test_new.py': 'new\n',
      'tests/test_old.py': 'old\n'
      // test_gone.py: deleted at head, so deleted here; docs/readme.md: excluded
    })
    expect(items['H/run.sh'].mode).toBe(0o755)
    expect(items['H/src/lib.py'].mode).toBe(0o644)
    expect(items['B/sub/dir/']).toMatchObject({ type: 'directory' })
    expect(items['H/sub/dir/']).toMatchObject({ type: 'directory' })
    expect(packed).toMatchObject({ testFiles: 3, removedTests: 1, skipped: [] })
  })

  it('resolves the work tree top, HEAD and revisions; rejects option-like revisions', async () => {
    const { repo, base } = fixture()
    mkdirSync(join(repo.dir, 'src', 'deep'), { recursive: true })
    const wt = await workTree(git, join(repo.dir, 'src', 'deep'))
    expect(wt).toEqual({ top: repo.dir, head: repo.git('rev-parse', 'HEAD') })
    expect(await resolveRevision(git, repo.dir, 'main~1')).toBe(base)
    await expect(resolveRevision(git, repo.dir, '--output=/tmp/x')).rejects.toThrow(
      'base revision "--output=/tmp/x" is not a revision'
    )
    await expect(resolveRevision(git, repo.dir, 'nope')).rejects.toThrow(
      `base revision "nope" not found in ${repo.dir}`
    )
    await expect(workTree(git, scratch)).rejects.toThrow('is not inside a git work tree')
  })

  it('says when the clone is shallow', async () => {
    const { repo, base } = fixture()
    const clone = join(scratch, `shallow${n++}`)
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone])
    await expect(resolveRevision(git, clone, base)).rejects.toThrow(
      /the clone is shallow.*fetch-depth: 0/
    )
  })

  it('never reads through a symlinked directory, even when the index names a file below it', async () => {
    const { repo, base } = fixture()
    const secret = join(scratch, `secret${n++}`)
    mkdirSync(secret)
    writeFileSync(join(secret, 'readme.md'), 'host secret\n')
    rmSync(join(repo.dir, 'docs'), { recursive: true })
    symlinkSync(secret, join(repo.dir, 'docs')) // the index still lists docs/readme.md
    await expect(pack(repo.dir, base)).rejects.toThrow(
      'refusing docs/readme.md: a directory on its path is a symlink'
    )
  })

  it('runs nothing the repository configures: no fsmonitor, no smudge filter', async () => {
    const { repo, base } = fixture()
    const marker = join(scratch, `ran${n++}`)
    const hook = join(scratch, `hook${n++}.sh`)
    writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\ncat\n`)
    chmodSync(hook, 0o755)
    repo.git('config', 'core.fsmonitor', hook)
    repo.git('config', 'filter.evil.smudge', hook)
    repo.commit({ '.gitattributes': '* filter=evil\n' })
    // The probe can fail: plain git does run the repository's fsmonitor.
    repo.git('status', '--porcelain')
    expect(existsSync(marker)).toBe(true)
    rmSync(marker)
    const { items } = await pack(repo.dir, base)
    expect(side(items, 'B')['src/lib.py']).toBe('bug\n')
    expect(existsSync(marker)).toBe(false)
  })

  it('drops base files in the way of head tests (a file where head has a directory)', async () => {
    const repo = new GitRepo(join(scratch, `r${n++}`))
    const base = repo.commit({ 'tests/data': 'a file at base\n', 'tests/test_a.py': 'a\n' })
    repo.commit({
      'tests/data': null,
      'tests/data/test_b.py': 'b\n',
      'tests/data/input.txt': 'in\n'
    })
    const { items } = await pack(repo.dir, base)
    expect(side(items, 'B')).toEqual({ 'tests/test_a.py': 'a\n', 'tests/data/test_b.py': 'b\n' })
  })

  it('caps the size of the trees', async () => {
    const { repo, base } = fixture()
    await expect(pack(repo.dir, base, { maxBytes: 20 })).rejects.toThrow(
      'the trees are larger than 20 bytes'
    )
  })

  it("turns git failures into a CompareError with git's message", async () => {
    const { repo, base } = fixture()
    const failing: Git = {
      run: async (args, opts) =>
        args[0] === 'read-tree'
          ? { code: 128, stdout: Buffer.alloc(0), stderr: 'warning: x\nfatal: bad tree object\n' }
          : git.run(args, opts)
    }
    const err = await packTrees(
      failing,
      {
        top: repo.dir,
        baseSha: base,
        tests: ['tests/**'],
        exclude: () => false,
        dirs: [],
        names: { head: 'H', base: 'B' }
      },
      join(scratch, `t${n++}.tar`)
    ).catch((e: Error) => e)
    expect(err).toBeInstanceOf(CompareError)
    expect((err as Error).message).toBe('cannot read the base tree: fatal: bad tree object')
  })

  it('refuses to overwrite an existing file', async () => {
    const { repo, base } = fixture()
    const out = join(scratch, `exists${n++}.tar`)
    writeFileSync(out, 'mine')
    await expect(
      packTrees(
        git,
        {
          top: repo.dir,
          baseSha: base,
          tests: ['tests/**'],
          exclude: () => false,
          dirs: [],
          names: { head: 'H', base: 'B' }
        },
        out
      )
    ).rejects.toThrow(/EEXIST/)
  })

  it('turns test patterns into git pathspecs', () => {
    expect(
      pathspecs(['tests/**', ' **/test_*.py ', '!tests/fixtures/**', ':(literal)a*b', ''])
    ).toEqual([
      ':(glob)tests/**',
      ':(glob)**/test_*.py',
      ':(exclude,glob)tests/fixtures/**',
      ':(literal)a*b'
    ])
  })
})
