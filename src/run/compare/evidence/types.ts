// The shapes shared by the compare step's evidence (issue 25): changed lines, coverage of them and
// mutants on them. Coverage, the gate and the wiring live in coverage.ts / gate.ts / index.ts;
// the mutation runner, the Python mutator and the Stryker adapter in mutation*.ts, python-mutator.ts
// and stryker.ts. Edit additively: two branches build on this file.
import type { SideBox, SideRequest } from '../run.js'

/** compare.evidence: what to gather on head after the verdict. */
export type EvidenceKind = 'coverage' | 'mutation'

/** Lines (1-based, in the head tree) that the change base..head adds or modifies in one non-test source file. */
export interface ChangedFile {
  /** Work-tree-relative, POSIX separators. */
  path: string
  lines: number[]
}

export interface FileCoverage {
  path: string
  /** Changed lines that are executable (a blank or comment line is not counted). */
  changed: number[]
  covered: number[]
  uncovered: number[]
}

export interface CoverageReport {
  tool: 'coverage.py' | 'v8'
  /** By the fail-to-pass tests alone, and by the whole head suite. */
  failToPass?: { files: FileCoverage[]; ratio: number | null }
  suite: { files: FileCoverage[]; ratio: number | null }
  problem?: string
}

export type MutantOutcome = 'killed' | 'survived' | 'timeout' | 'error'

export interface Mutant {
  /** Stable within one run, e.g. "src/calc.py:12:cmp:0". */
  id: string
  path: string
  line: number
  operator: string
  /** The source of the changed node before and after (one line, shortened). */
  original: string
  mutated: string
}

export interface MutantResult extends Mutant {
  outcome: MutantOutcome
  durationMs?: number
  detail?: string
}

export interface MutationReport {
  tool: 'massgen-python' | 'stryker'
  mutants: MutantResult[]
  killed: number
  survived: number
  timeout: number
  error: number
  /** killed / (killed + survived); null when there is nothing to score. */
  score: number | null
  /** Mutants found on the changed lines, and how many were not run (budget or time cap). */
  found: number
  skipped: number
  sampled?: string
  problem?: string
}

/** compare.require: the gate (any subset). */
export interface EvidenceRequire {
  changed_line_coverage?: number
  mutation_score?: number
}

/** compare.mutation. */
export interface MutationSettings {
  /** Default 50. */
  max_mutants?: number
  /** Total wall-clock cap for all mutants, seconds (default 600). */
  time_limit?: number
}

/** What the mutation runner is given by the evidence wiring. */
export interface MutationInput {
  changed: ChangedFile[]
  /** Test ids (the runner's own, e.g. pytest node ids) covering each changed line, when coverage ran: "path:line" → ids. */
  coveringTests?: Record<string, string[]>
  failToPass: string[]
  /** The step's command as configured, and how long one head run took (the timeout is derived from it). */
  command: string
  headRunMs: number
  settings: MutationSettings
  /** Opens a fresh sandbox on a fresh copy of the head tree (the verdict's machinery). */
  openHead: (req: Omit<SideRequest, 'side'>) => Promise<SideBox>
  /** CPU limit of the agent's sandbox: how many mutants may run at once. */
  parallel: number
  log: (line: string) => void
}

export interface EvidenceResult {
  kinds: EvidenceKind[]
  coverage?: CoverageReport
  mutation?: MutationReport
  require?: EvidenceRequire
  /** Whether the gate held; the failures in words (uncovered lines, surviving mutants). */
  gate?: { passed: boolean; failures: string[] }
}

// Added by the evidence wiring (i25), as declaration merges so the interfaces above stay as they were.

export interface CoverageReport {
  /** What was left out or ignored (TypeScript files, a tool that wrote nothing while another did). */
  notes?: string[]
}

export interface EvidenceResult {
  /** The changed lines measured (non-test source files, head-side numbers). */
  changed?: ChangedFile[]
  /** What was left out or ignored (files over the limit, coverage configuration in the head tree). */
  notes?: string[]
  /** Why the evidence could not be gathered at all. */
  problem?: string
  /** One head run of the step's command in the verdict (the mutants' timeout and the bench's yardstick). */
  headRunMs?: number
}

/**
 * Compare's prepared trees, as the mutation runner asks openHead for a fresh copy of head. The
 * same declaration as i25m's in MutationInput above (identical merges are allowed): drop this
 * copy at merge.
 */
export interface HeadTrees {
  /** Our 0700 host directory: each sandbox's root is made in it (as compare's sides are). */
  dir: string
  /** The packed trees and the head tree's member name in it. */
  tar: string
  member: string
  /** Work-tree-relative directory of the step ('' for the top). */
  cwdRel: string
  /** The step's environment. */
  env: Record<string, string>
  /** srt and local: each sandbox gets a new HOME and TMPDIR under its root (docker has its own). */
  freshHome?: boolean
}

export interface MutationInput {
  /** The packed trees openHead's requests name; without them nothing can be opened. */
  head?: HeadTrees
}
