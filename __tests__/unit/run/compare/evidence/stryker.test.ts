// The Stryker adapter's pure parts on a real report: __tests__/fixtures/stryker/mutation.json was
// written by Stryker 9.4.0 (command test runner, node --test) on a three-function project with
// `--mutate 'src/calc.js:2-4,src/calc.js:9-9,src/calc.js:13-13' --reporters json`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  isStrykerFile,
  mutateRanges,
  parseStrykerReport,
  strykerCommand
} from '../../../../../src/run/compare/evidence/stryker.js'

const REPORT = readFileSync(join(process.cwd(), '__tests__/fixtures/stryker/mutation.json'), 'utf8')

test('statuses map to outcomes, only on changed lines, with the mutated line shown', () => {
  const r = parseStrykerReport(REPORT, [{ path: 'src/calc.js', lines: [2, 3, 4, 9, 13] }])
  const by = (o: string) => r.mutants.filter((m) => m.outcome === o)
  expect(r.found).toBe(11)
  expect(by('killed').length).toBe(9)
  expect(by('survived').map((m) => [m.line, m.operator, m.original, m.mutated])).toEqual([
    [13, 'ArithmeticOperator', 'return a - 1', 'return a + 1']
  ])
  expect(by('timeout').map((m) => [m.line, m.mutated])).toEqual([[9, 'while (i < n) i--']])
  const cmp = r.mutants.find((m) => m.mutated === 'if (x >= 10) {')!
  expect(cmp).toMatchObject({
    path: 'src/calc.js',
    line: 2,
    operator: 'EqualityOperator',
    original: 'if (x > 10) {'
  })
  expect(new Set(r.mutants.map((m) => m.id)).size).toBe(r.mutants.length)

  // Lines not changed are left out; a prefix makes the report's paths work-tree-relative.
  const only3 = parseStrykerReport(REPORT, [{ path: 'web/src/calc.js', lines: [3] }], 'web')
  expect(only3.mutants.map((m) => [m.path, m.mutated])).toEqual([
    ['web/src/calc.js', 'return x / 2']
  ])
})

test('other statuses: NoCoverage survives, errors, Ignored is skipped', () => {
  const report = JSON.parse(REPORT)
  const ms = report.files['src/calc.js'].mutants
  ms[0].status = 'NoCoverage'
  ms[1].status = 'RuntimeError'
  ms[2].status = 'CompileError'
  ms[3].status = 'Ignored'
  const r = parseStrykerReport(JSON.stringify(report), [
    { path: 'src/calc.js', lines: [2, 3, 4, 9, 13] }
  ])
  expect(r.mutants.find((m) => m.detail?.startsWith('NoCoverage'))!.outcome).toBe('survived')
  expect(r.mutants.filter((m) => m.outcome === 'error').length).toBe(2)
  expect(r.skipped).toBe(1)
  expect(r.mutants.length).toBe(10)
  expect(() => parseStrykerReport('{"x":1}', [])).toThrow(/not a mutation-testing report/)
})

test('--mutate ranges from changed lines, relative to the step directory', () => {
  expect(mutateRanges([{ path: 'src/a.js', lines: [9, 2, 3, 4, 12] }], '')).toEqual([
    'src/a.js:2-4',
    'src/a.js:9-9',
    'src/a.js:12-12'
  ])
  expect(
    mutateRanges(
      [
        { path: 'web/src/a.ts', lines: [1] },
        { path: 'other/b.js', lines: [1] }
      ],
      'web'
    )
  ).toEqual(['src/a.ts:1-1'])
  expect(
    strykerCommand(
      '/t/node_modules/@stryker-mutator/core/bin/stryker.js',
      ['a.js:1-2', 'b.js:3-3'],
      2
    )
  ).toBe(
    "node '/t/node_modules/@stryker-mutator/core/bin/stryker.js' run --mutate 'a.js:1-2,b.js:3-3' --reporters json --concurrency 2 --logLevel warn"
  )
  expect(['a.js', 'b.mjs', 'c.cts', 'd.tsx', 'e.d.ts', 'f.py'].map(isStrykerFile)).toEqual([
    true,
    true,
    true,
    true,
    false,
    false
  ])
})
