import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JunitReport } from '../../../src/report/junit.js'
import type { StepResult } from '../../../src/report/types.js'
import { crossCheck, runAttempts, type AttemptOptions } from '../../../src/run/attempts.js'
import type { WorkspaceOps } from '../../../src/run/workspace-ops.js'

const base: StepResult = {
  index: 0,
  command: 'pytest',
  kind: 'run',
  status: 'error',
  exitCode: null,
  durationMs: 0,
  stdout: '',
  stderr: '',
  truncated: false
}
const ran = (exitCode: number | null, over: Partial<StepResult> = {}): StepResult => ({
  ...base,
  status: exitCode === 0 ? 'passed' : 'failed',
  exitCode,
  durationMs: 10,
  ...over
})
const xml = (cases: Record<string, 'pass' | 'fail' | 'skip'>) =>
  `<testsuite name="s">${Object.entries(cases)
    .map(([n, o]) =>
      o === 'pass'
        ? `<testcase classname="c" name="${n}"/>`
        : `<testcase classname="c" name="${n}"><${o === 'fail' ? 'failure' : 'skipped'}/></testcase>`
    )
    .join('')}</testsuite>`

/** Ops that act on the host directly and record what they were asked. */
class HostOps implements WorkspaceOps {
  removed: string[] = []
  constructor(private readonly fail?: string) {}
  async removeFile(path: string) {
    if (this.fail) throw new Error(this.fail)
    this.removed.push(path)
    rmSync(path, { force: true })
  }
  async unpack() {}
  async unpackMember() {}
  async removeTree() {}
}

function setup(
  script: { exit: number | null; report?: string; over?: Partial<StepResult> }[],
  extra: Partial<AttemptOptions> = {}
) {
  const ws = mkdtempSync(join(tmpdir(), 'attempts-'))
  const report = join(ws, 'report.xml')
  const ops = (extra.ops as HostOps) ?? new HostOps()
  let i = 0
  const opts: AttemptOptions = {
    base,
    ops,
    workspace: ws,
    place: { cwd: ws, env: {}, report },
    reportLabel: 'report.xml',
    retries: 0,
    exec: async () => {
      const s = script[Math.min(i++, script.length - 1)]
      if (s.report !== undefined) writeFileSync(report, s.report)
      return ran(s.exit, s.over)
    },
    ...extra
  }
  return { opts, ops, report, runs: () => i }
}

describe('a step with a JUnit report', () => {
  it('removes the report before the step: a stale one does not count', async () => {
    const { opts, ops, report } = setup([{ exit: 0 }])
    writeFileSync(report, xml({ t: 'pass' }))
    const c = await runAttempts(opts)
    expect(ops.removed).toEqual([report])
    expect(c.result).toMatchObject({
      status: 'error',
      reason: 'no fresh JUnit report: report.xml was not written by the step'
    })
    expect(c.problem).toBe(c.result.reason)
    expect(existsSync(report)).toBe(false)
  })

  it('does not run the step when the old report cannot be removed', async () => {
    const { opts, runs, report } = setup([{ exit: 0 }], { ops: new HostOps('is a directory') })
    writeFileSync(report, 'stale')
    const c = await runAttempts(opts)
    expect(c.result).toMatchObject({
      status: 'error',
      reason: 'cannot remove the previous JUnit report: is a directory'
    })
    expect(runs()).toBe(0)
  })

  it('passes a fresh report that agrees with the exit code, and keeps its cases', async () => {
    const { opts } = setup([{ exit: 0, report: xml({ a: 'pass', b: 'skip' }) }])
    const c = await runAttempts(opts)
    expect(c.result).toMatchObject({ status: 'passed', junit: { tests: 2, skipped: 1 } })
    expect(c.problem).toBeUndefined()
    expect(c.cases).toEqual([
      { id: 'c › a', outcome: 'pass' },
      { id: 'c › b', outcome: 'skip' }
    ])
  })
})

describe('crossCheck', () => {
  const rep = (text: Partial<JunitReport['summary']>, missing = false): JunitReport => ({
    summary: {
      file: '/w/r.xml',
      tests: 1,
      failures: 0,
      errors: 0,
      skipped: 0,
      failed: [],
      ...text
    },
    cases: [],
    missing
  })

  it('fails a run whose exit code and report disagree, either way', () => {
    expect(crossCheck(ran(1), rep({ tests: 3 }), 'r.xml').result).toMatchObject({
      status: 'failed',
      reason: 'exit code and JUnit disagree: exit 1, but r.xml says all 3 test(s) passed'
    })
    expect(
      crossCheck(ran(0), rep({ tests: 3, failures: 1, errors: 1 }), 'r.xml').result
    ).toMatchObject({
      status: 'failed',
      reason: 'exit code and JUnit disagree: exit 0, but r.xml has 2 failing test(s)'
    })
    expect(crossCheck(ran(null), rep({ tests: 1 }), 'r.xml').result.reason).toBe(
      'exit code and JUnit disagree: no exit code (killed by a signal), but r.xml says all 1 test(s) passed'
    )
  })

  it('agreement keeps the exit-code status (expect_exit: 1 with failures passes)', () => {
    const c = crossCheck(ran(1, { status: 'passed' }), rep({ tests: 2, failures: 1 }), 'r.xml')
    expect(c.result.status).toBe('passed')
    expect(c.problem).toBeUndefined()
    const f = crossCheck(ran(1), rep({ tests: 2, failures: 1 }), 'r.xml')
    expect([f.result.status, f.result.reason, f.problem]).toEqual(['failed', undefined, undefined])
  })

  it('fails a report in which no test ran (none, or all skipped)', () => {
    expect(crossCheck(ran(5), rep({ tests: 0 }), 'r.xml').result).toMatchObject({
      status: 'failed',
      reason: 'no tests ran: r.xml has no tests'
    })
    expect(crossCheck(ran(0), rep({ tests: 2, skipped: 2 }), 'r.xml').result.reason).toBe(
      'no tests ran: r.xml has 2 tests, all skipped'
    )
  })

  it('an unreadable report is an error; a killed run keeps its status and any report', () => {
    expect(crossCheck(ran(0), rep({ error: 'malformed XML' }), 'r.xml').result).toMatchObject({
      status: 'error',
      reason: 'JUnit report r.xml unusable: malformed XML'
    })
    const killed = ran(null, { status: 'timeout', reason: 'timed out after 5 s' })
    expect(crossCheck(killed, rep({}, true), 'r.xml')).toMatchObject({
      result: { status: 'timeout' },
      problem: 'timeout: timed out after 5 s'
    })
    expect(crossCheck(killed, rep({ tests: 4 }), 'r.xml').result.junit).toMatchObject({ tests: 4 })
  })
})

describe('retries', () => {
  it('re-runs a failing step; tests that failed then passed are flaky; the last run decides', async () => {
    const { opts, runs } = setup(
      [
        { exit: 1, report: xml({ a: 'fail', b: 'pass', c: 'fail' }) },
        { exit: 1, report: xml({ a: 'pass', b: 'pass', c: 'fail' }) },
        { exit: 0, report: xml({ a: 'pass', b: 'pass', c: 'pass' }) }
      ],
      { retries: 5 }
    )
    const c = await runAttempts(opts)
    expect(runs()).toBe(3)
    expect(c.result).toMatchObject({
      status: 'passed',
      durationMs: 30,
      flaky: ['a', 'c'].map((n) => `c › ${n}`),
      reason: 'passed on attempt 3 of 6 (flaky)'
    })
    expect(c.result.attempts!.map((a) => a.status)).toEqual(['failed', 'failed', 'passed'])
  })

  it('stops after N retries with the last failure, and never retries what it cannot believe', async () => {
    const exhausted = setup([{ exit: 1, report: xml({ a: 'fail' }) }], { retries: 2 })
    const c = await runAttempts(exhausted.opts)
    expect([exhausted.runs(), c.result.status, c.result.flaky]).toEqual([3, 'failed', undefined])
    expect(c.result.attempts).toHaveLength(3)

    const forged = setup([{ exit: 1, report: xml({ a: 'pass' }) }], { retries: 2 })
    expect((await runAttempts(forged.opts)).result.reason).toMatch(/disagree/)
    expect(forged.runs()).toBe(1)

    const timeout = setup([{ exit: null, over: { status: 'timeout' } }], { retries: 2 })
    await runAttempts(timeout.opts)
    expect(timeout.runs()).toBe(1)

    const stopped = setup([{ exit: 1, report: xml({ a: 'fail' }) }], {
      retries: 2,
      stopped: () => true
    })
    await runAttempts(stopped.opts)
    expect(stopped.runs()).toBe(1)
  })

  it('retries a step without a report by its exit code alone', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'attempts-'))
    let n = 0
    const c = await runAttempts({
      base,
      ops: new HostOps(),
      workspace: ws,
      place: { cwd: ws, env: {} },
      retries: 1,
      exec: async () => ran(n++ === 0 ? 1 : 0)
    })
    expect(c.result).toMatchObject({ status: 'passed', reason: 'passed on attempt 2 of 2' })
    expect(c.result.flaky).toBeUndefined()
  })
})
