// Changed lines from `git diff -U0` hunk headers, test files left out (fake git: no repository).
import { describe, expect, it } from '@jest/globals'
import {
  allLines,
  changedLines,
  hunkLines
} from '../../../../../src/run/compare/evidence/changed.js'
import type { Git } from '../../../../../src/run/compare/trees.js'

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

describe('changedLines', () => {
  const calls: string[][] = []
  const out = (s: string) => ({ code: 0, stdout: Buffer.from(s), stderr: '' })
  const git: Git = {
    async run(args) {
      calls.push(args)
      if (args[0] === 'ls-files' && args.includes('--')) return out('tests/test_calc.py\0')
      if (args[0] === 'ls-files') return out('')
      if (args.includes('--name-only'))
        return out('src/calc.py\0tests/test_calc.py\0README.md\0src/util.js\0')
      const file = args[args.length - 1]
      if (file === 'src/calc.py') return out('@@ -3,0 +4,2 @@\n+x\n+y\n')
      if (file === 'src/util.js') return out('@@ -1 +1 @@\n-a\n+b\n')
      return out('')
    }
  }

  it('lists non-test source files with their head-side lines, git run without external diff or textconv', async () => {
    const r = await changedLines(git, { top: '/repo', baseSha: 'abc', tests: ['tests/**'] })
    expect(r.files).toEqual([
      { path: 'src/calc.py', lines: [4, 5] },
      { path: 'src/util.js', lines: [1] }
    ])
    const diffs = calls.filter((c) => c[0] === 'diff')
    for (const d of diffs)
      expect(d).toEqual(
        expect.arrayContaining(['--no-ext-diff', '--no-textconv', '--no-color', '--src-prefix=a/'])
      )
    expect(calls.find((c) => c[0] === 'ls-files' && c.includes('--'))).toContain(
      '(glob)tests/**'.replace('(glob)', ':(glob)')
    )
  })

  it('fails clearly when git does', async () => {
    const broken: Git = {
      run: async () => ({ code: 128, stdout: Buffer.alloc(0), stderr: 'fatal: bad revision' })
    }
    await expect(
      changedLines(broken, { top: '/r', baseSha: 'x', tests: ['t/**'] })
    ).rejects.toThrow(/cannot list the changed lines: fatal: bad revision/)
  })
})
