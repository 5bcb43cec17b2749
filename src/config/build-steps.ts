// An agent's `commands:` entries → Steps (run, write_file, read_file; compare specs), paths
// resolved against its workspace.
import { resolve } from 'node:path'
import { asList, num, str, type Obj } from './build-context.js'
import type {
  CompareSpec,
  EvidenceKind,
  EvidenceRequire,
  MutationSettings,
  SourcePos,
  Step,
  TamperKind
} from './types.js'

export function buildStep(
  raw: unknown,
  index: number,
  workspace: string,
  timeoutSec: number,
  pos: SourcePos
): Step {
  if (typeof raw === 'string') {
    return runStep({ run: raw }, index, workspace, timeoutSec, pos)
  }
  const s = (raw ?? {}) as Obj
  // What write_file and read_file steps share: the step's place, and its path against the workspace.
  const fileStep = (f: Obj) => ({
    index,
    name: str(s.name),
    pos,
    path: resolve(workspace, String(f.path ?? ''))
  })
  if (s.write_file !== undefined) {
    const w = s.write_file as Obj
    return { kind: 'write_file', ...fileStep(w), content: String(w.content ?? '') }
  }
  if (s.read_file !== undefined) {
    const r = s.read_file as Obj
    return {
      kind: 'read_file',
      ...fileStep(r),
      offset: num(r.offset) ?? 0,
      lineCount: num(r.line_count)
    }
  }
  return runStep(s, index, workspace, timeoutSec, pos)
}

function runStep(
  s: Obj,
  index: number,
  workspace: string,
  timeoutSec: number,
  pos: SourcePos
): Step {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries((s.env ?? {}) as Obj)) env[k] = v === null ? '' : String(v)
  return {
    kind: 'run',
    index,
    name: str(s.name),
    pos,
    run: String(s.run ?? ''),
    timeoutSec: num(s.timeout) ?? timeoutSec,
    workDir: s.work_dir !== undefined ? resolve(workspace, String(s.work_dir)) : undefined,
    env,
    expectExit: num(s.expect_exit) ?? 0,
    allowFailure: s.allow_failure === true,
    background: s.background === true,
    junit: str(s.junit),
    ...(num(s.retries) ? { retries: num(s.retries) } : {}),
    ...(s.compare !== undefined ? { compare: compareSpec(s.compare as Obj, workspace) } : {}),
    ...(typeof s.egress === 'boolean' ? { egress: s.egress } : {})
  }
}

function compareSpec(c: Obj, workspace: string): CompareSpec {
  return {
    repo: resolve(workspace, String(c.repo ?? '.')),
    base: str(c.base),
    tests: asList(c.tests).map(String),
    ...(c.allow !== undefined ? { allow: asList(c.allow).map(String) as TamperKind[] } : {}),
    ...evidenceSpec(c)
  }
}

/** compare.evidence / require / mutation (shapes and ranges checked by the schema). */
function evidenceSpec(c: Obj): Pick<CompareSpec, 'evidence' | 'require' | 'mutation'> {
  const req = (c.require ?? {}) as Obj
  const mut = (c.mutation ?? {}) as Obj
  const require: EvidenceRequire = {
    ...(num(req.changed_line_coverage) !== undefined
      ? { changed_line_coverage: num(req.changed_line_coverage) }
      : {}),
    ...(num(req.mutation_score) !== undefined ? { mutation_score: num(req.mutation_score) } : {})
  }
  const mutation: MutationSettings = {
    ...(num(mut.max_mutants) !== undefined ? { max_mutants: num(mut.max_mutants) } : {}),
    ...(num(mut.time_limit) !== undefined ? { time_limit: num(mut.time_limit) } : {})
  }
  return {
    ...(c.evidence !== undefined
      ? { evidence: [...new Set(asList(c.evidence).map(String))] as EvidenceKind[] }
      : {}),
    ...(c.require !== undefined ? { require } : {}),
    ...(c.mutation !== undefined ? { mutation } : {})
  }
}
