// Coverage reports → changed / covered / uncovered lines per file (coverage.py JSON, V8 ranges).
import { describe, expect, it } from '@jest/globals'
import {
  codeLines,
  fromCoveragePy,
  fromV8,
  pythonEnv,
  rcfile,
  v8LinesRun
} from '../../../../../src/run/compare/evidence/coverage.js'

describe('coverage.py JSON', () => {
  const json = {
    files: {
      '/sb/tree/src/calc.py': {
        executed_lines: [1, 2, 3, 5, 7],
        missing_lines: [6],
        contexts: {
          '1': [''],
          '2': ['tests/test_calc.py::test_big', 'tests/test_calc.py::test_small'],
          '3': ['tests/test_calc.py::test_big'],
          '5': ['tests/test_calc.py::test_small'],
          '7': ['tests/test_calc.py::test_small']
        }
      },
      '/elsewhere/src/calc.py': { executed_lines: [1, 2, 3, 4, 5, 6, 7], missing_lines: [] }
    }
  }
  const changed = [
    { path: 'src/calc.py', lines: [2, 3, 4, 5, 6] },
    { path: 'src/never.py', lines: [1, 2, 3] },
    { path: 'src/app.js', lines: [1] }
  ]
  const texts: Record<string, string> = { 'src/never.py': '# header\n\nx = 1\n' }
  const r = fromCoveragePy(json, changed, {
    trees: ['/sb/tree'],
    failToPass: ['tests/test_calc.py::test_big'],
    text: (p) => texts[p]
  })

  it('counts changed executable lines (comments out, "pragma: no cover" lines in) and lists the uncovered', () => {
    expect(r.report.suite.files[0]).toEqual({
      path: 'src/calc.py',
      changed: [2, 3, 5, 6],
      covered: [2, 3, 5],
      uncovered: [6]
    })
  })

  it('a file never imported has every code line uncovered; files outside the tree and JavaScript are not its business', () => {
    expect(r.report.suite.files[1]).toEqual({
      path: 'src/never.py',
      changed: [3],
      covered: [],
      uncovered: [3]
    })
    expect(r.report.suite.files).toHaveLength(2)
    expect(r.report.suite.ratio).toBeCloseTo(3 / 5)
  })

  it("gives the fail-to-pass tests' own coverage and the tests covering each line", () => {
    expect(r.report.failToPass?.files[0]).toMatchObject({ covered: [2, 3], uncovered: [5, 6] })
    expect(r.coveringTests['src/calc.py:2']).toEqual([
      'tests/test_calc.py::test_big',
      'tests/test_calc.py::test_small'
    ])
    expect(r.coveringTests['src/calc.py:6']).toBeUndefined()
  })
})

describe('the harness configuration', () => {
  it('excludes nothing (no "pragma: no cover"), measures the tree, writes contexts', () => {
    const rc = rcfile({
      source: '/sb/tree',
      dataFile: '/sb/data/.coverage',
      json: '/sb/data/c.json'
    })
    expect(rc).toMatch(/^source = \/sb\/tree$/m)
    expect(rc).not.toMatch(/pragma/)
    expect(rc).toMatch(/^exclude_lines = $/m)
    expect(rc).toMatch(/^show_contexts = True$/m)
  })

  it('puts the harness first on PYTHONPATH and keeps the step’s plugins', () => {
    expect(
      pythonEnv({ PYTHONPATH: 'src', PYTEST_PLUGINS: 'x' }, { harnessDir: '/h', rc: '/h/rc' })
    ).toEqual({
      PYTHONPATH: '/h:src',
      COVERAGE_PROCESS_START: '/h/rc',
      PYTEST_PLUGINS: 'mgx_evidence_ctx,x'
    })
  })
})

describe('V8 ranges → lines', () => {
  const src = [
    'function big(x) {', // 1  offset 0..17
    '  if (x > 10) {', // 2
    '    return x * 2', // 3
    '  }', // 4
    '  return x', // 5
    '}', // 6
    ''
  ].join('\n')
  const at = (line: number, col = 0) =>
    src
      .split('\n')
      .slice(0, line - 1)
      .reduce((n, l) => n + l.length + 1, 0) + col

  it('takes the innermost range holding the first character of a line', () => {
    const fns = [
      { ranges: [{ startOffset: 0, endOffset: src.length, count: 1 }] },
      {
        ranges: [
          { startOffset: at(1), endOffset: at(6, 1), count: 1 },
          // the if-block never entered
          { startOffset: at(2, 14), endOffset: at(4, 3), count: 0 }
        ]
      }
    ]
    const m = v8LinesRun(src, fns)
    expect(m.get(1)).toBe(true)
    expect(m.get(2)).toBe(true)
    expect(m.get(3)).toBe(false)
    expect(m.get(5)).toBe(true)
  })

  it('maps file URLs in the tree to changed files, any process that ran a line covering it', () => {
    const changed = [{ path: 'lib/big.js', lines: [2, 3, 4, 5] }]
    const whole = { ranges: [{ startOffset: 0, endOffset: src.length, count: 1 }] }
    const skipBlock = {
      ranges: [
        { startOffset: at(1), endOffset: at(6, 1), count: 1 },
        { startOffset: at(2, 14), endOffset: at(4, 3), count: 0 }
      ]
    }
    const one = { result: [{ url: 'file:///sb/tree/lib/big.js', functions: [whole, skipBlock] }] }
    const other = { result: [{ url: 'file:///sb/tree/lib/other.js', functions: [whole] }] }
    const r = fromV8([one, other], changed, { trees: ['/sb/tree'], text: () => src })
    // Line 4 ("  }") is punctuation, not counted.
    expect(r.report.suite.files).toEqual([
      { path: 'lib/big.js', changed: [2, 3, 5], covered: [2, 5], uncovered: [3] }
    ])
    const entered = {
      result: [{ url: 'file:///sb/tree/lib/big.js', functions: [whole] }]
    }
    const both = fromV8([one, entered], changed, { trees: ['/sb/tree'], text: () => src })
    expect(both.report.suite.files[0].uncovered).toEqual([])
  })

  it('reads JavaScript code lines without comments or lone braces', () => {
    expect(codeLines('// c\nx()\n}\n/* a\n * b\n', [1, 2, 3, 4, 5], 'js')).toEqual([2])
  })
})
