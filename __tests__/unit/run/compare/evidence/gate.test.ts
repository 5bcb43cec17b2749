// compare.require against the measured evidence.
import { describe, expect, it } from '@jest/globals'
import { lineList } from '../../../../../src/lib/line-list.js'
import { checkGate } from '../../../../../src/run/compare/evidence/gate.js'
import { evidenceKinds } from '../../../../../src/run/compare/evidence/index.js'
import type {
  CoverageReport,
  MutationReport
} from '../../../../../src/run/compare/evidence/types.js'

const coverage = (changed: number[], covered: number[]): CoverageReport => ({
  tool: 'coverage.py',
  suite: {
    files: [
      {
        path: 'src/calc.py',
        changed,
        covered,
        uncovered: changed.filter((n) => !covered.includes(n))
      }
    ],
    ratio: changed.length ? covered.length / changed.length : null
  }
})

const mutation = (over: Partial<MutationReport>): MutationReport => ({
  tool: 'massgen-python',
  mutants: [],
  killed: 0,
  survived: 0,
  timeout: 0,
  error: 0,
  score: null,
  found: 0,
  skipped: 0,
  ...over
})

describe('checkGate', () => {
  it('passes at or above the thresholds', () => {
    expect(checkGate({ changed_line_coverage: 0.5 }, { coverage: coverage([1, 2], [1]) })).toEqual({
      passed: true,
      failures: []
    })
  })

  it('lists the uncovered lines when coverage is short', () => {
    const g = checkGate({ changed_line_coverage: 0.8 }, { coverage: coverage([4, 5, 6, 9], [4]) })
    expect(g.passed).toBe(false)
    expect(g.failures[0]).toBe('changed-line coverage 25 % < 80 %; uncovered: src/calc.py:5-6, 9')
  })

  it('lists the survivors when the score is short; timeouts are not kills', () => {
    const g = checkGate(
      { mutation_score: 0.7 },
      {
        mutation: mutation({
          killed: 1,
          survived: 1,
          timeout: 5,
          score: 0.5,
          found: 7,
          mutants: [
            {
              id: 'm1',
              path: 'src/calc.py',
              line: 3,
              operator: 'arith',
              original: 'x * 2',
              mutated: 'x / 2',
              outcome: 'survived'
            }
          ]
        })
      }
    )
    expect(g.failures[0]).toMatch(
      /mutation score 50 % < 70 % \(1 killed, 1 survived, 5 timeout\); survivors: src\/calc.py:3 x \* 2 → x \/ 2/
    )
  })

  it('fails a gate whose evidence was not measured, or whose mutants all timed out', () => {
    expect(
      checkGate({ changed_line_coverage: 0.1 }, { notRun: 'verdict untrusted' }).failures
    ).toEqual(['changed-line coverage required ≥ 10 %, not measured: verdict untrusted'])
    expect(
      checkGate({ mutation_score: 0.1 }, { mutation: mutation({ timeout: 3, found: 3 }) }).passed
    ).toBe(false)
    expect(checkGate({ mutation_score: 0.1 }, { mutation: mutation({}) }).passed).toBe(true)
  })

  it('never passes over changed lines it did not measure (files left out, none measurable, no mutant)', () => {
    const incomplete = checkGate(
      { changed_line_coverage: 0.5 },
      {
        coverage: coverage([1, 2], [1, 2]),
        changedLines: 2,
        incomplete: '3 changed source file(s) over the limit'
      }
    )
    expect(incomplete.failures).toEqual([
      'evidence incomplete, the gate cannot pass: 3 changed source file(s) over the limit not measured'
    ])
    // A TypeScript-only change: lines changed, coverage measured none of them.
    expect(
      checkGate({ changed_line_coverage: 0.5 }, { coverage: coverage([], []), changedLines: 4 })
        .failures[0]
    ).toMatch(/not measured: none of the 4 changed line\(s\) is in a file coverage could measure/)
    expect(
      checkGate({ mutation_score: 0.5 }, { mutation: mutation({}), changedLines: 4 }).failures[0]
    ).toMatch(/not measured: no mutant on the 4 changed line\(s\)/)
    // With no changed source line there is nothing to gate.
    expect(
      checkGate({ changed_line_coverage: 0.5 }, { coverage: coverage([], []), changedLines: 0 })
        .passed
    ).toBe(true)
  })

  it('does not let a few scored mutants among many errors carry the score', () => {
    const g = checkGate(
      { mutation_score: 0.5 },
      { mutation: mutation({ killed: 1, error: 49, score: 1, found: 50 }), changedLines: 10 }
    )
    expect(g.failures[0]).toMatch(/49 mutant\(s\) errored, more than the 1 scored/)
  })

  it('shortens long line lists', () => {
    const lines = Array.from({ length: 30 }, (_, i) => i * 2 + 1)
    expect(lineList([{ path: 'a.py', lines }], 3)).toBe('a.py:1, 3, 5 … and 27 more')
  })
})

describe('evidenceKinds', () => {
  it('a gate turns its evidence on', () => {
    expect(evidenceKinds({ repo: '/r', tests: [], require: { mutation_score: 0.5 } })).toEqual([
      'mutation'
    ])
    expect(evidenceKinds({ repo: '/r', tests: [], evidence: ['mutation', 'coverage'] })).toEqual([
      'coverage',
      'mutation'
    ])
  })
})
