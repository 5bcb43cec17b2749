// Per-test transitions between a base run and a head run, the verdict they add up to, and the
// tests that flip between attempts of one run (flaky). Pure: JUnit cases in, lists out.
import type { JunitCase } from '../../report/junit.js'
import type { Tamper, Transitions, Verdict } from '../../report/types.js'

type Outcome = JunitCase['outcome']

/** One outcome per test id: a test reported twice (pytest's teardown error) fails if either fails. */
export function outcomes(cases: JunitCase[]): Map<string, Outcome> {
  const rank: Record<Outcome, number> = { skip: 0, pass: 1, fail: 2 }
  const out = new Map<string, Outcome>()
  for (const c of cases) {
    const seen = out.get(c.id)
    if (seen === undefined || rank[c.outcome] > rank[seen]) out.set(c.id, c.outcome)
  }
  return out
}

/**
 * A test "passes on base" only when base ran it and it passed: failed, skipped and absent all
 * count as not passing (SWE-bench's rule, so a new test whose import fails on base is FAIL_TO_PASS).
 * Tests skipped on head have no transition.
 */
/** Transitions with every list empty. */
export function emptyTransitions(): Transitions {
  return {
    failToPass: [],
    passToPass: [],
    failToFail: [],
    passToFail: [],
    onlyHead: [],
    onlyBase: [],
    skipped: []
  }
}

export function transitions(head: JunitCase[], base: JunitCase[]): Transitions {
  const h = outcomes(head)
  const b = outcomes(base)
  const t = emptyTransitions()
  for (const [id, onHead] of h) {
    const onBase = b.get(id)
    if (onBase === undefined) t.onlyHead.push(id)
    if (onHead === 'skip') t.skipped.push(id)
    else if (onHead === 'pass') (onBase === 'pass' ? t.passToPass : t.failToPass).push(id)
    else (onBase === 'pass' ? t.passToFail : t.failToFail).push(id)
  }
  for (const id of b.keys()) if (!h.has(id)) t.onlyBase.push(id)
  return t
}

/** Tests whose outcome is not the same in every attempt of a side. */
export function changingTests(attempts: JunitCase[][]): string[] {
  if (attempts.length < 2) return []
  const seen = new Map<string, Set<Outcome>>()
  for (const cases of attempts) {
    const now = outcomes(cases)
    const ids = new Set([...seen.keys(), ...now.keys()])
    for (const id of ids) {
      const s = seen.get(id) ?? new Set<Outcome>()
      // Absent from an attempt counts as an outcome of its own.
      s.add(now.get(id) ?? ('absent' as Outcome))
      seen.set(id, s)
    }
  }
  return [...seen].filter(([, s]) => s.size > 1).map(([id]) => id)
}

/** Flaky tests leave every transition list for `flaky`: never fail-to-pass. */
export function withoutFlaky(t: Transitions, flaky: string[]): Transitions {
  if (!flaky.length) return t
  const f = new Set(flaky)
  const out = { ...t } as Transitions
  for (const k of Object.keys(t) as (keyof Transitions)[]) {
    if (k !== 'flaky') out[k] = (t[k] ?? []).filter((id) => !f.has(id))
  }
  out.flaky = [...f].sort()
  return out
}

export interface VerdictInput {
  /** Why a side cannot be judged by its tests (prepare failed, timeout, OOM, untrusted report). */
  problem?: string
  /** The head run passed (exit code, a fresh report that agrees, tests ran). */
  headGreen: boolean
  transitions?: Transitions
  /** Tampering not accepted by compare.allow. */
  tamper?: Tamper[]
}

export function judge(v: VerdictInput): { verdict: Verdict; reason?: string } {
  if (v.problem || !v.transitions) {
    return { verdict: 'error', reason: v.problem ?? 'no transitions' }
  }
  const tamper = (v.tamper ?? []).filter((x) => !x.allowed)
  if (tamper.length) {
    const kinds = [...new Set(tamper.map((x) => x.kind))].join(', ')
    const first = tamper[0]
    return {
      verdict: 'untrusted',
      reason: `the change alters how its tests run or are reported (${kinds}): ${first.path}: ${first.detail}${tamper.length > 1 ? ` (and ${tamper.length - 1} more)` : ''}`
    }
  }
  const t = v.transitions
  if (t.passToFail.length) {
    return {
      verdict: 'regression',
      reason: `${t.passToFail.length} test(s) pass on base and fail on head`
    }
  }
  if (!v.headGreen) {
    return {
      verdict: 'does-not-catch',
      reason:
        `head is not green` +
        (t.failToFail.length ? `: ${t.failToFail.length} test(s) fail on base and on head` : '')
    }
  }
  if (!t.failToPass.length) {
    const flaky = t.flaky?.length ? ` (${t.flaky.length} flaky test(s) not counted)` : ''
    return {
      verdict: 'does-not-catch',
      reason: `no test fails on base: the tests pass without the change${flaky}`
    }
  }
  return { verdict: 'catches-change' }
}

/** Tests that failed in some attempt and passed in a later one. */
export function flakyTests(attempts: JunitCase[][]): string[] {
  const failedBefore = new Set<string>()
  const flaky = new Set<string>()
  for (const cases of attempts) {
    const now = outcomes(cases)
    for (const [id, o] of now) if (o === 'pass' && failedBefore.has(id)) flaky.add(id)
    for (const [id, o] of now) if (o === 'fail') failedBefore.add(id)
  }
  return [...flaky]
}
