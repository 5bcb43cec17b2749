// An agent's `commands:` entries → Steps (run, write_file, read_file; compare specs), paths
// resolved against its workspace.
import { resolve } from 'node:path'
import { asList, num, str, type Obj } from './build-context.js'
import type { CompareSpec, SourcePos, Step, TamperKind } from './types.js'

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
  const name = str(s.name)
  if (s.write_file !== undefined) {
    const w = s.write_file as Obj
    return {
      kind: 'write_file',
      index,
      name,
      pos,
      path: resolve(workspace, String(w.path ?? '')),
      content: String(w.content ?? '')
    }
  }
  if (s.read_file !== undefined) {
    const r = s.read_file as Obj
    return {
      kind: 'read_file',
      index,
      name,
      pos,
      path: resolve(workspace, String(r.path ?? '')),
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
    ...(c.allow !== undefined ? { allow: asList(c.allow).map(String) as TamperKind[] } : {})
  }
}
