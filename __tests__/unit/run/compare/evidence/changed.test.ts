// Changed lines: hunk headers, and changedLines on a real scratch repository (host git), with the
// index and attribute tricks an agent could play on it.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import {
  allLines,
  changedLines,
  hunkLines
} from '../../../../../src/run/compare/evidence/changed.js'
import { hostGit } from '../../../../../src/run/compare/trees.js'
import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

describe('hunkLines', () => {
  it('reads head-side ranges; a count of 0 (pure deletion) adds none; no count means 1', () => {
    const patch = [
      'diff --git a/src/calc.py b/src/calc.py',
      '--- a/src/calc.py',
      '+++ b/src/calc.py',
      '@@ -3,0 +4,2 @@ def f(x):',
      '+    if x > 10:',
      '+        return x * 2',
      '@@ -10,2 +11,0 @@',
      '-gone',
      '-gone',
      '@@ -20 +19 @@',
      '-a',
      '+b',
      '@@ -30,1 +29,3 @@',
      '+@@ -1 +999 @@ (a changed line that looks like a header is not at line start)'
    ].join('\n')
    expect(hunkLines(patch)).toEqual([4, 5, 19, 29, 30, 31])
  })

  it('counts every line of a new file, with or without a final newline', () => {
    expect(allLines('a\nb\n')).toEqual([1, 2])
    expect(allLines('a\nb')).toEqual([1, 2])
    expect(allLines('')).toEqual([])
  })
})

describe('changedLines (real git on a scratch repository)', () => {
  let top: string
  let base: string
  const git = hostGit()
  const sh = (cmd: string) => execSync(cmd, { cwd: top, stdio: 'pipe' }).toString().trim()

  beforeEach(() => {
    top = mkdtempSync(join(tmpdir(), 'changed-'))
    sh('git init -q && git config user.email t@t && git config user.name t')
    mkdirSync(join(top, 'src'))
    mkdirSync(join(top, 'tests'))
    writeFileSync(join(top, 'src/calc.py'), 'def f(x):\n    return x\n')
    writeFileSync(join(top, 'src/util.js'), 'exports.a = 1\n')
    writeFileSync(join(top, 'tests/test_calc.py'), 'def test(): pass\n')
    sh('git add -A && git commit -qm base')
    base = sh('git rev-parse HEAD')
  })
  afterEach(() => rmSync(top, { recursive: true, force: true }))

  const changed = () => changedLines(git, { top, baseSha: base, tests: ['tests/**'] })

  it('lists non-test source files with their head-side lines, new files whole', async () => {
    writeFileSync(
      join(top, 'src/calc.py'),
      'def f(x):\n    if x > 10:\n        return x * 2\n    return x\n'
    )
    writeFileSync(join(top, 'src/new.py'), 'A = 1\nB = 2\n')
    writeFileSync(join(top, 'tests/test_calc.py'), 'def test(): assert 1\n')
    writeFileSync(join(top, 'README.md'), 'x\n')
    const r = await changed()
    expect(r.files).toEqual([
      { path: 'src/calc.py', lines: [2, 3] },
      { path: 'src/new.py', lines: [1, 2] }
    ])
    expect(r).toMatchObject({ omitted: 0, unreadable: [] })
  })

  it("is not fooled by the agent's index: assume-unchanged and skip-worktree entries still show their lines", async () => {
    writeFileSync(join(top, 'src/calc.py'), 'def f(x):\n    return x + 1\n')
    writeFileSync(join(top, 'src/util.js'), 'exports.a = 2\n')
    sh(
      'git update-index --assume-unchanged src/calc.py && git update-index --skip-worktree src/util.js'
    )
    expect(sh(`git diff --name-only ${base}`)).toBe('') // what a plain diff would have said
    expect((await changed()).files).toEqual([
      { path: 'src/calc.py', lines: [2] },
      { path: 'src/util.js', lines: [1] }
    ])
  })

  it('is not fooled by attributes: -diff, binary and a NUL byte still give text hunks', async () => {
    writeFileSync(join(top, '.gitattributes'), '*.py -diff\n*.js binary\n')
    writeFileSync(join(top, 'src/calc.py'), 'def f(x):\n    return x - 1\n')
    writeFileSync(join(top, 'src/util.js'), 'exports.a = 3 // \0\n')
    expect((await changed()).files).toEqual([
      { path: 'src/calc.py', lines: [2] },
      { path: 'src/util.js', lines: [1] }
    ])
  })

  it('says which changed source files it could not read (a symlink) instead of dropping them', async () => {
    rmSync(join(top, 'src/calc.py'))
    writeFileSync(join(top, 'elsewhere.txt'), 'def f(x):\n    return 0\n')
    symlinkSync(join(top, 'elsewhere.txt'), join(top, 'src/calc.py'))
    const r = await changed()
    expect(r.unreadable).toEqual(['src/calc.py'])
    expect(r.files).toEqual([])
  })

  it('a deleted file and a symlink base has as it is add nothing and are not "unreadable"', async () => {
    symlinkSync('calc.py', join(top, 'src/alias.py'))
    sh('git add -A && git commit -qm link')
    base = sh('git rev-parse HEAD')
    rmSync(join(top, 'src/util.js'))
    expect(await changed()).toEqual({ files: [], omitted: 0, unreadable: [] })
  })

  it('fails clearly when git does', async () => {
    await expect(
      changedLines(git, { top, baseSha: 'no-such-revision', tests: ['t/**'] })
    ).rejects.toThrow(/cannot list the changed lines/)
  })
})
