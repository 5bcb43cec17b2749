// The compare step's evidence as results.json carries it (issue 25): changed lines, their coverage,
// mutants on them and the gate.
import type { EvidenceKind, EvidenceRequire } from '../config/types.js'

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
  /** What was left out or ignored (TypeScript files, a tool that wrote nothing while another did). */
  notes?: string[]
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
  /** The tools that ran, when more than `tool` (a change to Python and JavaScript files). */
  tools?: Array<'massgen-python' | 'stryker'>
  /** The timeout each mutant's tests got, derived from headRunMs. */
  timeoutMs?: number
}

export interface EvidenceResult {
  kinds: EvidenceKind[]
  coverage?: CoverageReport
  mutation?: MutationReport
  require?: EvidenceRequire
  /** Whether the gate held; the failures in words (uncovered lines, surviving mutants). */
  gate?: { passed: boolean; failures: string[] }
  /** The changed lines measured (non-test source files, head-side numbers). */
  changed?: ChangedFile[]
  /** What was left out or ignored (files over the limit, coverage configuration in the head tree). */
  notes?: string[]
  /** Why the evidence could not be gathered at all. */
  problem?: string
  /** One head run of the step's command in the verdict (the mutants' timeout and the bench's yardstick). */
  headRunMs?: number
}
