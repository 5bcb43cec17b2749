// results.json, version 1: the one record of a run that every report (Markdown, job summary,
// outputs, artifacts) is rendered from.

export type RunStatus = 'passed' | 'failed' | 'error'
export type AgentStatus = 'passed' | 'failed' | 'error'
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
  kind: 'run' | 'write_file' | 'read_file'
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
}

export interface AgentResult {
  id: string
  mode: 'local' | 'docker' | 'srt'
  status: AgentStatus
  image?: string
  container?: string
  limits?: Record<string, string | number | boolean | null>
  durationMs: number
  commands: StepResult[]
  error?: string
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
  error?: string
}
