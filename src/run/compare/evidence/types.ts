// What the evidence wiring hands the mutation runner (issue 25). The config's evidence settings
// are in config/types.ts and the result shapes in report/evidence-types.ts; they are re-exported
// here so the evidence code imports one module.
import type { MutationSettings } from '../../../config/types.js'
import type { ChangedFile } from '../../../report/evidence-types.js'
import type { SideBox, SideRequest } from '../run.js'

export type { EvidenceKind, EvidenceRequire, MutationSettings } from '../../../config/types.js'
export type {
  ChangedFile,
  CoverageReport,
  EvidenceResult,
  FileCoverage,
  Mutant,
  MutantOutcome,
  MutantResult,
  MutationReport
} from '../../../report/evidence-types.js'

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
  /** The packed trees openHead's requests name; without them nothing can be opened. */
  head?: HeadTrees
}

/** Compare's prepared trees, as the mutation runner asks openHead for a fresh copy of head. */
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
