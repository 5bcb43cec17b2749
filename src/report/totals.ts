// Counting and judging results: one place decides what "passed" means.
import type {
  AgentResult,
  AgentStatus,
  RunResults,
  RunStatus,
  StepResult,
  Totals
} from './types.js'

export function emptyTotals(): Totals {
  return {
    commands: 0,
    passed: 0,
    failed: 0,
    blocked: 0,
    timedOut: 0,
    oom: 0,
    errored: 0,
    skipped: 0
  }
}

export function countSteps(steps: StepResult[], into: Totals = emptyTotals()): Totals {
  for (const s of steps) {
    into.commands++
    if (s.status === 'passed') into.passed++
    else if (s.status === 'failed') into.failed++
    else if (s.status === 'blocked') into.blocked++
    else if (s.status === 'timeout') into.timedOut++
    else if (s.status === 'oom') into.oom++
    else if (s.status === 'error') into.errored++
    else if (s.status === 'skipped') into.skipped++
  }
  return into
}

/** A step that counts against its agent: not passed, not skipped, not allowed to fail. */
export function stepFails(s: StepResult): boolean {
  return s.status !== 'passed' && s.status !== 'skipped' && !s.allowFailure
}

/** The steps that count against their agents (allow_failure ones left out), counted. */
export function failingTotals(r: Pick<RunResults, 'agents'>): Totals {
  const into = emptyTotals()
  for (const a of r.agents) countSteps(a.commands.filter(stepFails), into)
  return into
}

export function agentStatus(a: AgentResult): AgentStatus {
  if (a.error) return 'error'
  return a.commands.some(stepFails) ? 'failed' : 'passed'
}

export function runStatus(r: Pick<RunResults, 'agents' | 'error'>): RunStatus {
  if (r.error || r.agents.some((a) => a.status === 'error')) return 'error'
  return r.agents.some((a) => a.status === 'failed') ? 'failed' : 'passed'
}

export function exitCodeFor(status: RunStatus): number {
  return status === 'passed' ? 0 : status === 'failed' ? 1 : 2
}
