import { describe, expect, it } from '@jest/globals'
import type { JunitCase } from '../../../../src/report/junit.js'
import {
  flakyTests,
  judge,
  outcomes,
  transitions
} from '../../../../src/run/compare/transitions.js'

const cases = (spec: Record<string, JunitCase['outcome']>): JunitCase[] =>
  Object.entries(spec).map(([id, outcome]) => ({ id, outcome }))

describe('transitions', () => {
  it('classifies every test by its outcome on base and on head', () => {
    const t = transitions(
      cases({
        f2p: 'pass',
        p2p: 'pass',
        f2f: 'fail',
        p2f: 'fail',
        new: 'pass',
        skipped: 'skip',
        baseSkip: 'pass'
      }),
      cases({
        f2p: 'fail',
        p2p: 'pass',
        f2f: 'fail',
        p2f: 'pass',
        gone: 'pass',
        skipped: 'pass',
        baseSkip: 'skip'
      })
    )
    expect(t).toEqual({
      // Absent on base (its import fails there) and skipped on base both count as not passing.
      failToPass: ['f2p', 'new', 'baseSkip'],
      passToPass: ['p2p'],
      failToFail: ['f2f'],
      passToFail: ['p2f'],
      onlyHead: ['new'],
      onlyBase: ['gone'],
      skipped: ['skipped']
    })
  })

  it('merges a test reported twice (pytest teardown error): it fails', () => {
    expect(outcomes(cases({})).size).toBe(0)
    const twice: JunitCase[] = [
      { id: 't', outcome: 'pass' },
      { id: 't', outcome: 'fail' },
      { id: 's', outcome: 'skip' },
      { id: 's', outcome: 'pass' }
    ]
    expect([...outcomes(twice)]).toEqual([
      ['t', 'fail'],
      ['s', 'pass']
    ])
  })
})

describe('verdict', () => {
  const t = (over: Partial<ReturnType<typeof transitions>>) => ({
    ...transitions([], []),
    ...over
  })

  it('catches-change needs a failToPass, no passToFail and a green head', () => {
    expect(
      judge({ headGreen: true, transitions: t({ failToPass: ['a'], passToPass: ['b'] }) })
    ).toEqual({
      verdict: 'catches-change'
    })
    expect(
      judge({ headGreen: false, transitions: t({ failToPass: ['a'], failToFail: ['c'] }) })
    ).toEqual({
      verdict: 'does-not-catch',
      reason: 'head is not green: 1 test(s) fail on base and on head'
    })
  })

  it('does-not-catch when the tests pass on base too', () => {
    expect(judge({ headGreen: true, transitions: t({ passToPass: ['a'] }) })).toMatchObject({
      verdict: 'does-not-catch',
      reason: expect.stringContaining('pass without the change')
    })
  })

  it('regression on any passToFail, even with failToPass', () => {
    expect(
      judge({ headGreen: false, transitions: t({ failToPass: ['a'], passToFail: ['b'] }) })
    ).toEqual({ verdict: 'regression', reason: '1 test(s) pass on base and fail on head' })
  })

  it('error whenever a side could not be judged, whatever the lists say', () => {
    expect(
      judge({
        problem: 'base: timeout: timed out after 5 s',
        headGreen: true,
        transitions: t({ passToPass: ['a'] })
      })
    ).toEqual({ verdict: 'error', reason: 'base: timeout: timed out after 5 s' })
    expect(judge({ headGreen: true })).toEqual({ verdict: 'error', reason: 'no transitions' })
  })
})

describe('flaky tests', () => {
  it('are the ones that failed in an attempt and passed in a later one', () => {
    expect(
      flakyTests([
        cases({ a: 'fail', b: 'fail', c: 'pass', d: 'pass' }),
        cases({ a: 'pass', b: 'fail', c: 'fail', d: 'pass' }),
        cases({ a: 'pass', b: 'pass', c: 'fail', d: 'pass' })
      ])
    ).toEqual(['a', 'b'])
    expect(flakyTests([cases({ a: 'fail' })])).toEqual([])
  })
})
