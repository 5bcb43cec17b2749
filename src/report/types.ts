// results.json, version 1: the one record of a run that every report (Markdown, job summary,
// outputs, artifacts) is rendered from.
import type { ConfigSource, ExecutionMode } from '../config/types.js'
import type { EgressReport, EgressStepReport } from '../lib/egress/types.js'

export type { EgressReport, EgressStepReport }

/** `running` only in the files written while the run goes on (a run killed hard leaves it so). */
export type RunStatus = 'running' | 'passed' | 'failed' | 'error'
export type AgentStatus = 'running' | 'passed' | 'failed' | 'error'
export type StepStatus = 'passed' | 'failed' | 'blocked' | 'timeout' | 'oom' | 'error' | 'skipped'

export interface JunitSummary {
  file: string
  tests: number
  failures: number
  errors: number
  skipped: number
  /** "suite › name" of each failing or erroring test (capped). */
  failed: string[]
  /** Why the report could not be read, when it could not. */
  error?: string
}

export interface StepResult {
  index: number
  name?: string
  /** The command as written (or a description of a file step, e.g. "write_file notes.txt"). */
  command: string
  kind: 'run' | 'write_file' | 'read_file' | 'mcp'
  status: StepStatus
  exitCode: number | null
  durationMs: number
  stdout: string
  stderr: string
  truncated: boolean
  /** Why it is not "passed": the policy rule and message, the timeout, the error. */
  reason?: string
  /** Policy rule id when blocked. */
  rule?: string
  allowFailure?: boolean
  background?: boolean
  junit?: JunitSummary
  /** Every run of a step with `retries` that ran more than once, in order (the last is final). */
  attempts?: AttemptSummary[]
  /** Tests that failed in one attempt and passed in a later one. */
  flaky?: string[]
  /** Base vs head (steps with `compare`). */
  compare?: CompareResult
  /**
   * Agents with command_line_egress: whether egress was on for this step and every destination
   * its commands asked for (allowed, refused, failed; host, port, rule, count, first/last time).
   */
  egress?: EgressStepReport
}

export interface AttemptSummary {
  status: StepStatus
  exitCode: number | null
  durationMs: number
  reason?: string
}

export type Verdict = 'catches-change' | 'does-not-catch' | 'regression' | 'error' | 'untrusted'

/** Test ids ("classname › name") by their outcome on base and on head. */
export interface Transitions {
  failToPass: string[]
  passToPass: string[]
  failToFail: string[]
  passToFail: string[]
  /** Run on head, absent from base's report (counted as not passing on base, as SWE-bench does). */
  onlyHead: string[]
  /** In base's report only. */
  onlyBase: string[]
  /** Skipped on head (no transition). */
  skipped: string[]
  /** Outcome changed between attempts on either side: never fail-to-pass. */
  flaky?: string[]
}

/** Something the change did to how its tests run or are reported (verdict untrusted unless allowed). */
export interface Tamper {
  kind: import('../config/types.js').TamperKind
  path: string
  detail: string
  /** Accepted by compare.allow: recorded, the verdict not changed by it. */
  allowed?: boolean
}

/** One side's run, in brief (the step's own fields are the head run). */
export interface SideRun {
  status: StepStatus
  exitCode: number | null
  durationMs: number
  reason?: string
  stdout: string
  stderr: string
  truncated: boolean
  junit?: JunitSummary
}

export interface CompareResult {
  /** The revision as given (config or base-ref) and as resolved. */
  baseRef?: string
  base?: string
  /** HEAD of the work tree; the head tree is the work tree as on disk (HEAD plus changes). */
  head?: string
  transitions: Transitions
  verdict: Verdict
  /** Why the verdict is not catches-change. */
  reason?: string
  baseRun?: SideRun
  timings: { prepareMs: number; headMs: number; baseMs: number; evidenceMs?: number }
  /** The order the two sides ran in (random per run), each in a fresh sandbox. */
  order?: ('base' | 'head')[]
  /** Attempts per side (the same on both). */
  attemptsPerSide?: number
  tamper?: Tamper[]
  /** compare.allow as configured. */
  allow?: string[]
  /** Each side's JUnit report per attempt, copied into the output directory (relative to it). */
  reports?: { base: string[]; head: string[] }
  /** The head tree had uncommitted or untracked files (git status paths). */
  dirty?: string[]
  /** Test ids each side collected in a separate process (pytest --collect-only), by count. */
  collected?: { base?: number; head?: number; runner: string }
  /** The fail-to-pass tests re-run alone, each side in a fresh sandbox. */
  rerun?: { ids: string[]; base: string; head: string }
  /**
   * Base's own tests (the base revision as it is, pytest): how many it collected, the ids head
   * skipped that were run alone on it, and why the check could not be made.
   */
  baseOwn?: { collected?: number; checkedSkipped: string[]; problem?: string }
  /** compare.evidence and compare.require: changed-line coverage, mutants, the gate (issue 25). */
  evidence?: import('./evidence-types.js').EvidenceResult
}

export interface AgentResult {
  id: string
  mode: ExecutionMode
  status: AgentStatus
  image?: string
  container?: string
  limits?: Record<string, string | number | boolean | null>
  durationMs: number
  commands: StepResult[]
  error?: string
  /** Something to know that is not an error, e.g. that an agent had nothing to run. */
  note?: string
  /**
   * Agents with command_line_egress: the rules in force and, per step (preinstall and traffic
   * outside any step included), every destination; in audit mode the proposed allowed_domains.
   */
  egress?: EgressReport
}

export interface Totals {
  commands: number
  passed: number
  failed: number
  blocked: number
  timedOut: number
  oom: number
  errored: number
  skipped: number
}

/** How docker mode got an image ready, in the order images became ready. */
export interface ImageResult {
  image: string
  id: string
  /** Present and current (ours: its context-hash label matches docker/). */
  reused: boolean
  built: boolean
  /** Pulled by its own name (not ours, or image-policy pull). */
  pulled?: boolean
  /** Ours, without a build: loaded from the Actions cache, or pulled from image-registry. */
  restored?: 'cache' | 'registry'
  /** The cache key or registry reference it was restored from. */
  restoredFrom?: string
  /** The Actions cache key it was saved under after the build. */
  savedAs?: string
  durationMs: number
}

export interface RunResults {
  version: 1
  status: RunStatus
  runId: string
  startedAt: string
  durationMs: number
  /** Path of the config file, as given. */
  config: string
  totals: Totals
  agents: AgentResult[]
  /** Docker mode's images (absent when no agent ran in a container). */
  images?: ImageResult[]
  error?: string
  /** Where the config was read from: the work tree, or a git revision (config-ref) and its blob. */
  configSource?: ConfigSource
  /** The unsafe classes the invoker allowed, and the settings they let through. */
  unsafe?: UnsafeSummary
}

/** What results.json says about unsafe settings (see config/unsafe.ts). */
export interface UnsafeSummary {
  /** Classes the invoker allowed (--allow-unsafe, input allow-unsafe). */
  allowed: string[]
  /** The config's settings of those classes (and, from the CLI, a local agent), `file:line:col`. */
  used: { class: string; agent: string; key: string; at: string }[]
}
