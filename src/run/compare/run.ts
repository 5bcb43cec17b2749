// A compare step: the step on the head tree (with its retries), then once on the base tree with
// the head's tests, each in its own copy inside the agent's workspace (so inside its sandbox,
// same image, limits and policy), and the verdict their JUnit reports add up to. A side that
// cannot be prepared or judged makes the verdict `error`, never `does-not-catch`.
import { randomBytes } from 'node:crypto'
import { realpath, rm } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import type { AgentPlan, CompareSpec, RunStep } from '../../config/types.js'
import type { CompareResult, SideRun, StepResult, Transitions } from '../../report/types.js'
import type { Checked, Placement } from '../attempts.js'
import { allowedRoots, isInside } from '../../config/paths.js'
import type { WorkspaceOps } from '../workspace-ops.js'
import { judge, transitions } from './transitions.js'
import { CompareError, packTrees, resolveRevision, workTree, type Git } from './trees.js'

/** Under the agent workspace: the unpacked trees, and (beside it) the tar on its way in. */
export const COMPARE_DIR = '.massgen-compare'

export interface CompareOptions {
  agent: AgentPlan
  step: RunStep & { compare: CompareSpec }
  /** The step as described before running. */
  base: StepResult
  /** base-ref / --base-ref: wins over compare.base. */
  baseRef?: string
  git: Git
  ops: WorkspaceOps
  /** Runs the step at a placement with its report rules, re-running up to `retries` times. */
  attempts: (place: Placement, retries: number) => Promise<Checked>
  log: (line: string) => void
}

const noTransitions = (): Transitions => ({
  failToPass: [],
  passToPass: [],
  failToFail: [],
  passToFail: [],
  onlyHead: [],
  onlyBase: [],
  skipped: []
})

interface Prepared {
  /** The trees' directory as the sandbox sees it (the workspace path as configured). */
  root: string
  place: (side: 'head' | 'base') => Placement
}

export async function runCompare(o: CompareOptions): Promise<StepResult> {
  const t0 = Date.now()
  const ref = o.baseRef || o.step.compare.base
  const compare: CompareResult = {
    ...(ref ? { baseRef: ref } : {}),
    transitions: noTransitions(),
    verdict: 'error',
    timings: { prepareMs: 0, headMs: 0, baseMs: 0 }
  }
  const failed = (reason: string): StepResult => ({
    ...o.base,
    status: 'error',
    reason: `compare: ${reason}`,
    durationMs: Date.now() - t0,
    compare: { ...compare, reason }
  })
  if (!ref) return failed('no base revision: set compare.base, or the base-ref input / --base-ref')

  let prepared: Prepared
  try {
    prepared = await prepare(o, ref, compare)
  } catch (e) {
    const msg = (e as Error).message
    return failed(e instanceof CompareError ? msg : `cannot prepare the trees: ${msg}`)
  } finally {
    compare.timings.prepareMs = Date.now() - t0
  }

  let head: Checked
  let base: Checked | undefined
  try {
    const th = Date.now()
    head = await o.attempts(prepared.place('head'), o.step.retries ?? 0)
    compare.timings.headMs = Date.now() - th
    // A head that cannot be judged makes the verdict `error` whatever base does.
    if (!head.problem) {
      const tb = Date.now()
      base = await o.attempts(prepared.place('base'), 0)
      compare.timings.baseMs = Date.now() - tb
    }
  } finally {
    await o.ops
      .removeTree(prepared.root)
      .catch((e: Error) => o.log(`[${o.agent.id}] compare: ${e.message}`))
  }

  const problem = head.problem
    ? `head: ${head.problem}`
    : base?.problem
      ? `base: ${base.problem}`
      : undefined
  const t = problem ? undefined : transitions(head.cases, base!.cases)
  const { verdict, reason } = judge({
    problem,
    headGreen: head.result.status === 'passed',
    transitions: t
  })
  Object.assign(compare, {
    transitions: t ?? noTransitions(),
    verdict,
    ...(reason ? { reason } : {}),
    ...(base ? { baseRun: sideRun(base.result) } : {})
  })
  const result: StepResult = { ...head.result, durationMs: Date.now() - t0, compare }
  // A head that passed does not make the step pass when the comparison itself broke.
  if (verdict === 'error' && result.status === 'passed') {
    Object.assign(result, { status: 'error', reason: `compare: ${reason}` })
  }
  return result
}

async function prepare(o: CompareOptions, ref: string, compare: CompareResult): Promise<Prepared> {
  const { agent, step, git } = o
  const tree = await workTree(git, step.compare.repo)
  compare.head = tree.head
  const roots = await Promise.all(
    allowedRoots(agent).map((r) => realpath(r.path).catch(() => r.path))
  )
  if (!roots.some((r) => isInside(tree.top, r))) {
    // The whole work tree is copied into the sandbox: only what the agent may already read.
    throw new CompareError(
      `the git work tree ${tree.top} is not inside the agent's workspace or context paths`
    )
  }
  compare.base = await resolveRevision(git, tree.top, ref)

  // Paths the sandbox sees use the workspace as configured (it is mounted at that path); paths
  // compared with the work tree use real paths.
  const ws = resolve(agent.workspace)
  const realWs = await realpath(ws)
  const rel = (p: string) => relative(tree.top, p).split(sep).join('/')
  const within = (p: string) => isInside(p, tree.top)
  const cwd = await realpath(step.workDir ?? agent.workspace).catch(() => resolve(step.workDir!))
  if (!within(cwd)) {
    throw new CompareError(`the step's directory ${cwd} is outside the git work tree ${tree.top}`)
  }
  const report = resolve(ws, step.junit!)
  const realReport = resolve(realWs, step.junit!)
  const reportRel = within(realReport) ? rel(realReport) : undefined

  const root = join(ws, COMPARE_DIR)
  const realRoot = join(realWs, COMPARE_DIR)
  const rootRel = within(realRoot) ? rel(realRoot) : undefined
  const token = () => randomBytes(6).toString('hex')
  // Neutral names: a test should not learn from its path which side it runs on.
  const names = { head: token(), base: token() }
  const tarName = `${COMPARE_DIR}-${token()}.tar`
  const exclude = (p: string) =>
    p === reportRel ||
    (rootRel !== undefined &&
      (p === rootRel ||
        p.startsWith(`${rootRel}/`) ||
        (p.startsWith(`${rootRel}-`) && p.endsWith('.tar'))))

  const tarFile = join(ws, tarName)
  try {
    const packed = await packTrees(
      git,
      {
        top: tree.top,
        baseSha: compare.base,
        tests: step.compare.tests,
        exclude,
        dirs: [rel(cwd), ...(reportRel ? [reportRel.split('/').slice(0, -1).join('/')] : [])],
        names
      },
      tarFile
    )
    o.log(
      `[${agent.id}] compare: head ${tree.head.slice(0, 12)} (${packed.headFiles} files), base ${compare.base.slice(0, 12)} = ${ref} ` +
        `(${packed.baseFiles} files, ${packed.testFiles} test files from head), ${(packed.bytes / 1e6).toFixed(1)} MB` +
        (packed.skipped.length ? `; not copied: ${packed.skipped.slice(0, 5).join(', ')}` : '')
    )
    await o.ops.unpack(tarFile, root, 600_000)
  } catch (e) {
    // Our own file, created with O_EXCL; rm does not follow a symlink put in its place.
    await rm(tarFile, { force: true }).catch(() => undefined)
    throw e
  }

  const place = (side: 'head' | 'base'): Placement => {
    const dir = join(root, names[side])
    return {
      cwd: join(dir, relative(tree.top, cwd)),
      env: step.env,
      report: reportRel !== undefined ? join(dir, reportRel) : report
    }
  }
  return { root, place }
}

function sideRun(r: StepResult): SideRun {
  return {
    status: r.status,
    exitCode: r.exitCode,
    durationMs: r.durationMs,
    ...(r.reason ? { reason: r.reason } : {}),
    stdout: r.stdout,
    stderr: r.stderr,
    truncated: r.truncated,
    ...(r.junit ? { junit: r.junit } : {})
  }
}
