// Running a step whose tests we must be able to believe: its JUnit report is removed before each
// run and must be written during it, the report and the exit code must agree, at least one test
// must run; a failing step is re-run up to `retries` times, and tests that flip are "flaky".
import { lstat } from 'node:fs/promises'
import { readJunitReport, type JunitCase, type JunitReport } from '../report/junit.js'
import type { AttemptSummary, StepResult } from '../report/types.js'
import { flakyTests } from './compare/transitions.js'
import type { WorkspaceOps } from './workspace-ops.js'

/** Where one run of the step happens. */
export interface Placement {
  cwd: string
  env: Record<string, string>
  /** Host path of the JUnit report this run must write. */
  report?: string
  /** The command to run instead of the step's (compare's re-run of the fail-to-pass tests). */
  command?: string
}

export interface Checked {
  result: StepResult
  cases: JunitCase[]
  /** Why this run cannot be judged by its tests (it did not run to the end, or its report is not to be believed). */
  problem?: string
  /** Each attempt's cases, in order. */
  runs?: JunitCase[][]
}

export interface AttemptOptions {
  /** The step as described before running (for errors before the command runs). */
  base: StepResult
  /** Runs the command once (policy, exec, status from the exit code). */
  exec: (place: Placement) => Promise<StepResult>
  ops: WorkspaceOps
  workspace: string
  place: Placement
  /** The report as the config names it, for messages. */
  reportLabel?: string
  retries: number
  stopped?: () => boolean
  /** Run all 1 + retries attempts, passed or not (compare: the same number on both sides). */
  exactly?: boolean
  /** Called after each attempt that ran (with its 0-based number), before the next one. */
  afterAttempt?: (attempt: number) => Promise<void>
}

export async function runAttempts(o: AttemptOptions): Promise<Checked> {
  const runs: Checked[] = []
  for (let i = 0; i <= o.retries; i++) {
    const c = await runChecked(o)
    runs.push(c)
    await o.afterAttempt?.(i)
    // Only test failures are worth another run; a report we cannot believe stays unbelievable.
    if (o.stopped?.()) break
    if (o.exactly ? c.problem !== undefined : c.result.status !== 'failed' || c.problem) break
  }
  return combine(runs, o.retries)
}

async function runChecked(o: AttemptOptions): Promise<Checked> {
  const report = o.place.report
  if (report) {
    try {
      // Nothing there, nothing to remove (an exec saved): a process that writes it from now on
      // could as well write it during the step.
      if (await present(report)) {
        await o.ops.removeFile(report)
        if (await present(report)) throw new Error(`${report} is still there`)
      }
    } catch (e) {
      const reason = `cannot remove the previous JUnit report: ${(e as Error).message}`
      return { result: { ...o.base, status: 'error', reason }, cases: [], problem: reason }
    }
  }
  const r = await o.exec(o.place)
  if (!report) return { result: r, cases: [], problem: problemOf(r) }
  if (!ran(r)) return { result: r, cases: [], problem: problemOf(r) }
  return crossCheck(r, await readJunitReport(report, o.workspace), o.reportLabel ?? report)
}

async function present(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return false
      throw e
    }
  )
}

/** The command ran (so it may have written a report). */
const ran = (r: StepResult) => ['passed', 'failed', 'timeout', 'oom'].includes(r.status)

function problemOf(r: StepResult): string | undefined {
  if (r.status === 'passed' || r.status === 'failed') return undefined
  return `${r.status}${r.reason ? `: ${r.reason}` : ''}`
}

/** Applies the report rules to a run that ended (passed or failed by its exit code, or killed). */
export function crossCheck(r: StepResult, rep: JunitReport, label: string): Checked {
  const junit = rep.summary
  if (r.status !== 'passed' && r.status !== 'failed') {
    // Timed out or killed: the status says it all; a report it managed to write is kept.
    return { result: rep.missing ? r : { ...r, junit }, cases: [], problem: problemOf(r) }
  }
  const fail = (status: 'failed' | 'error', reason: string): Checked => ({
    result: { ...r, status, reason, junit },
    cases: rep.cases,
    problem: reason
  })
  if (rep.missing)
    return fail('error', `no fresh JUnit report: ${label} was not written by the step`)
  if (junit.error) return fail('error', `JUnit report ${label} unusable: ${junit.error}`)
  const ran = junit.tests - junit.skipped
  if (ran <= 0) {
    return fail(
      'failed',
      `no tests ran: ${label} has ${junit.tests ? `${junit.tests} tests, all skipped` : 'no tests'}`
    )
  }
  const failing = junit.failures + junit.errors
  const code = r.exitCode === null ? 'no exit code (killed by a signal)' : `exit ${r.exitCode}`
  if (r.exitCode === 0 && failing > 0) {
    return fail(
      'failed',
      `exit code and JUnit disagree: exit 0, but ${label} has ${failing} failing test(s)`
    )
  }
  if (r.exitCode !== 0 && failing === 0) {
    return fail(
      'failed',
      `exit code and JUnit disagree: ${code}, but ${label} says all ${ran} test(s) passed`
    )
  }
  return { result: { ...r, junit }, cases: rep.cases }
}

function combine(runs: Checked[], retries: number): Checked {
  const last = { ...runs[runs.length - 1], runs: runs.map((c) => c.cases) }
  if (runs.length === 1) return last
  const attempts: AttemptSummary[] = runs.map(({ result: a }) => ({
    status: a.status,
    exitCode: a.exitCode,
    durationMs: a.durationMs,
    ...(a.reason ? { reason: a.reason } : {})
  }))
  const result: StepResult = {
    ...last.result,
    durationMs: attempts.reduce((sum, a) => sum + a.durationMs, 0),
    attempts
  }
  const flaky = flakyTests(runs.map((c) => c.cases))
  if (flaky.length) result.flaky = flaky
  if (result.status === 'passed' && !result.reason) {
    result.reason =
      `passed on attempt ${runs.length} of ${retries + 1}` + (flaky.length ? ' (flaky)' : '')
  }
  return { ...last, result }
}
