// A compare step: the step on the head tree and on the base tree (base's revision with only the
// head's test files), each side in a fresh sandbox started from the agent's image with its
// limits and policy (new home and /tmp, no process left from the other side), from copies
// outside the agent's workspace and outside every path it can write; the sides in a random
// order, the same number of attempts each. pytest's tests are also collected in a separate
// process on each side and the reports checked against that collection; a change to runner
// configuration or test-support code makes the verdict `untrusted` (unless compare.allow says
// otherwise). A side that cannot be prepared or judged makes the verdict `error`.
import { randomBytes, randomInt } from 'node:crypto'
import { constants } from 'node:fs'
import { chmod, copyFile, mkdir, mkdtemp, open, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { AgentPlan, CompareSpec, RunStep } from '../../config/types.js'
import type { JunitCase } from '../../report/junit.js'
import type { CompareResult, SideRun, StepResult, Tamper } from '../../report/types.js'
import type { Checked, Placement } from '../attempts.js'
import { allowedRoots } from '../../config/paths.js'
import { isInside } from '../../lib/paths.js'
import {
  collectCommand,
  MAX_DESELECT,
  parseCollected,
  reportMismatch,
  rerunCommand,
  rerunDisagrees,
  withNodeIds
} from './collect.js'
import { assertRepoInside } from './gitdirs.js'
import { evidenceKinds, gatherEvidence } from './evidence/index.js'
import { applyAllow, fileTamper, testTamper, watched } from './tamper.js'
import { changingTests, emptyTransitions, judge, transitions, withoutFlaky } from './transitions.js'
import { CompareError, packTrees, resolveRevision, workTree, type Git } from './trees.js'

/** Under the agent workspace: the trees when the fresh-sandbox defence is switched off (tests). */
export const COMPARE_DIR = '.massgen-compare'

export type Side = 'base' | 'head'

/** What openSide is asked for: a sandbox whose workspace is `root`, holding `member` of `tar`. */
export interface SideRequest {
  side: Side
  /** Host directory (created, empty, writable by the sandbox user); the sandbox's workspace. */
  root: string
  /** The packed trees, inside `root`; the sandbox extracts `member` and removes it. */
  tar: string
  member: string
  /** Test-only weakening: run in the agent's own sandbox (root is then inside its workspace). */
  shared?: boolean
  /** What the sandbox is for, in logs (e.g. "mutation-<token>"). */
  label?: string
}

/** One side's sandbox. */
export interface SideBox {
  attempts(
    place: Placement,
    retries: number,
    afterAttempt: (i: number) => Promise<void>
  ): Promise<Checked>
  /** Runs a harness command (the collection) in the sandbox, outside the policy. */
  exec(command: string, place: Placement): Promise<{ exitCode: number | null; stdout: string }>
  /** Removes the tree and ends the sandbox (every process in it). */
  close(): Promise<void>
}

/** Defences that tests switch off to show each one is needed (never set by a config). */
export interface Weakenings {
  /** Both sides in the agent's own sandbox, trees inside its workspace, head first. */
  sharedSandbox?: boolean
  /** Retries on head only, and tests that change between attempts count as they ended. */
  oneSidedRetries?: boolean
  /** No runner-config / test-support / removed-test / skipped-test findings (nor base's own collection). */
  noTamper?: boolean
  /** No independent collection (nor re-run, which needs its ids). */
  noCollection?: boolean
  /** No re-run of the fail-to-pass tests alone. */
  noRerun?: boolean
}

export interface CompareOptions {
  agent: AgentPlan
  step: RunStep & { compare: CompareSpec }
  /** The step as described before running. */
  base: StepResult
  /** base-ref / --base-ref: wins over compare.base. */
  baseRef?: string
  git: Git
  openSide: (req: SideRequest) => Promise<SideBox>
  /** The run's output directory: each side's JUnit reports are kept under it. */
  outDir: string
  log: (line: string) => void
  weaken?: Weakenings
}

interface Prepared {
  /** Host directory holding the tar and the sides' roots (ours, mode 0700). */
  dir: string
  tar: string
  names: Record<Side, string> & { original?: string }
  /** Work-tree-relative step directory and report. */
  cwdRel: string
  reportRel: string
  found: Tamper[]
  /** The git work tree's top, and the paths left out of the trees. */
  top: string
  exclude: (rel: string) => boolean
}

interface SideOutcome {
  checked: Checked
  collected?: string[]
  ms: number
  reports: string[]
}

/** A phase after the verdict (the re-run, the evidence): it reads both sides and amends the result. */
type AfterVerdict = (
  o: CompareOptions,
  p: Prepared,
  out: Partial<Record<Side, SideOutcome>>,
  result: StepResult
) => Promise<void>

export async function runCompare(o: CompareOptions): Promise<StepResult> {
  const t0 = Date.now()
  const ref = o.baseRef || o.step.compare.base
  const compare: CompareResult = {
    ...(ref ? { baseRef: ref } : {}),
    transitions: emptyTransitions(),
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

  const w = o.weaken ?? {}
  const order: Side[] = w.sharedSandbox
    ? ['head', 'base']
    : randomInt(2) === 0
      ? ['base', 'head']
      : ['head', 'base']
  const retries = o.step.retries ?? 0
  compare.order = order
  compare.attemptsPerSide = retries + 1
  const collect = w.noCollection ? undefined : collectCommand(o.step.run)
  const out: Partial<Record<Side, SideOutcome>> = {}
  try {
    for (const side of order) {
      const n = w.oneSidedRetries && side === 'base' ? 0 : retries
      out[side] = await runSide(o, prepared, side, n, { collect })
      compare.timings[side === 'head' ? 'headMs' : 'baseMs'] = out[side].ms
      if (out[side].checked.problem) break
    }
    const result = conclude(o, compare, prepared, out, t0)
    if (collect && prepared.names.original && compare.verdict !== 'error')
      await baseOwnTests(o, prepared, out, result, collect)
    if (collect && !w.noRerun && compare.verdict === 'catches-change')
      await rerun(o, prepared, out, result)
    await evidence(o, prepared, out, result)
    result.durationMs = Date.now() - t0
    return result
  } catch (e) {
    return failed(`cannot run a side: ${(e as Error).message}`)
  } finally {
    await rm(prepared.dir, { recursive: true, force: true }).catch((e: Error) =>
      o.log(`[${o.agent.id}] compare: ${e.message}`)
    )
  }
}

/**
 * The fail-to-pass tests again, alone (every other collected id deselected), each side in a
 * fresh sandbox: they must fail on base and pass on head, else the verdict is untrusted.
 */
const rerun: AfterVerdict = async (o, p, out, result) => {
  const c = result.compare!
  const ids = c.transitions.failToPass
  const sides: Side[] = randomInt(2) === 0 ? ['base', 'head'] : ['head', 'base']
  const found: Tamper[] = []
  const said: Record<Side, string> = { base: 'not run', head: 'not run' }
  for (const side of sides) {
    const collected = out[side]?.collected ?? []
    const command = rerunCommand(o.step.run, ids, collected)
    if (!command) {
      said[side] = `not re-run: more than ${MAX_DESELECT} other tests or an id with a quote`
      continue
    }
    const s = await runSide(o, p, side, 0, { command, label: `${side}-rerun` })
    out[side]?.reports.push(...s.reports)
    const cases = withNodeIds(s.checked.cases, collected)
    const bad =
      s.checked.problem && !(side === 'base' && s.checked.result.status === 'failed')
        ? `${side}: the re-run cannot be judged: ${s.checked.problem}`
        : rerunDisagrees(side, ids, cases)
    said[side] = bad ?? (side === 'base' ? 'all failed again' : 'all passed again')
    if (bad) found.push({ kind: 'rerun-mismatch', path: ids.slice(0, 5).join(', '), detail: bad })
  }
  c.rerun = { ids, base: said.base, head: said.head }
  if (!found.length) return
  c.tamper = [...(c.tamper ?? []), ...applyAllow(found, o.step.compare.allow)]
  const { verdict, reason } = judge({
    headGreen: true,
    transitions: c.transitions,
    tamper: c.tamper
  })
  c.verdict = verdict
  if (reason) c.reason = reason
}

/**
 * Base's own tests, from the base revision as it is (none of head's test files) in a fresh
 * sandbox: collected, and those head reports skipped or xfail run alone there. A base test head
 * did not collect (deleted, renamed) or skips where base runs it makes the verdict untrusted.
 */
async function baseOwnTests(
  o: CompareOptions,
  p: Prepared,
  out: Partial<Record<Side, SideOutcome>>,
  result: StepResult,
  collect: string
): Promise<void> {
  const c = result.compare!
  const head = out.head
  if (!head?.collected) return
  const skippedOnHead = withNodeIds(head.checked.cases, head.collected)
    .filter((x) => x.outcome === 'skip')
    .map((x) => x.id)
  let selected: string[] = []
  let unselectable = false
  const s = await runSide(o, p, 'base', 0, {
    collect,
    member: p.names.original,
    label: 'base-own',
    select: (ids) => {
      const known = new Set(ids)
      selected = [...new Set(skippedOnHead.filter((id) => known.has(id)))]
      const command = selected.length ? rerunCommand(o.step.run, selected, ids) : undefined
      unselectable = selected.length > 0 && !command
      return command
    }
  })
  out.base?.reports.push(...s.reports)
  const own: NonNullable<CompareResult['baseOwn']> = { checkedSkipped: selected }
  if (s.collected) own.collected = s.collected.length
  if (!s.collected) own.problem = s.checked.problem ?? 'not collected'
  else if (unselectable)
    own.problem = `skipped tests not run on base: more than ${MAX_DESELECT} other tests or an id with a quote`
  c.baseOwn = own
  if (own.problem) o.log(`[${o.agent.id}] compare: base's own tests: ${own.problem}`)
  const ran = new Map(withNodeIds(s.checked.cases, s.collected ?? []).map((x) => [x.id, x.outcome]))
  const runsOnBase = selected.filter((id) => ran.get(id) === 'pass' || ran.get(id) === 'fail')
  const removedFiles = (c.tamper ?? []).filter((t) => t.kind === 'removed-test').map((t) => t.path)
  const inRemovedFile = (id: string) => {
    const file = id.split('::')[0]
    return removedFiles.some((r) => r === file || r.endsWith(`/${file}`))
  }
  const found = testTamper(s.collected, head.collected, runsOnBase).filter(
    (t) => !(t.kind === 'removed-test' && inRemovedFile(t.path))
  )
  if (!found.length) return
  c.tamper = [...(c.tamper ?? []), ...applyAllow(found, o.step.compare.allow)]
  if (o.step.compare.allow?.length) c.allow = o.step.compare.allow
  const { verdict, reason } = judge({
    headGreen: head.checked.result.status === 'passed',
    transitions: c.transitions,
    tamper: c.tamper
  })
  c.verdict = verdict
  if (reason) c.reason = reason
}

function conclude(
  o: CompareOptions,
  compare: CompareResult,
  prepared: Prepared,
  out: Partial<Record<Side, SideOutcome>>,
  t0: number
): StepResult {
  const { head, base } = out
  const w = o.weaken ?? {}
  const problem = !head
    ? `base: ${base?.checked.problem}`
    : head.checked.problem
      ? `head: ${head.checked.problem}`
      : !base
        ? 'base did not run'
        : base.checked.problem
          ? `base: ${base.checked.problem}`
          : undefined
  const found = [...prepared.found]
  const named = (s?: SideOutcome): JunitCase[][] => {
    if (!s) return []
    const runs = s.checked.runs ?? [s.checked.cases]
    return s.collected ? runs.map((r) => withNodeIds(r, s.collected!)) : runs
  }
  const headRuns = named(head)
  const baseRuns = named(base)
  const lastOf = (runs: JunitCase[][]) => runs[runs.length - 1] ?? []
  for (const [side, s, runs] of [
    ['base', base, baseRuns],
    ['head', head, headRuns]
  ] as const) {
    if (s?.collected && !problem) found.push(...reportMismatch(side, lastOf(runs), s.collected))
  }
  const runners = collectCommand(o.step.run) && !w.noCollection ? 'pytest' : undefined
  if (runners) {
    compare.collected = {
      runner: 'pytest',
      ...(base?.collected ? { base: base.collected.length } : {}),
      ...(head?.collected ? { head: head.collected.length } : {})
    }
  }
  const tamper = applyAllow(found, o.step.compare.allow)
  if (tamper.length) compare.tamper = tamper
  if (o.step.compare.allow?.length) compare.allow = o.step.compare.allow

  const flaky = w.oneSidedRetries
    ? []
    : [...new Set([...changingTests(headRuns), ...changingTests(baseRuns)])]
  const t = problem
    ? undefined
    : withoutFlaky(transitions(lastOf(headRuns), lastOf(baseRuns)), flaky)
  const { verdict, reason } = judge({
    problem,
    headGreen: head?.checked.result.status === 'passed',
    transitions: t,
    tamper
  })
  compare.reports = { base: base?.reports ?? [], head: head?.reports ?? [] }
  Object.assign(compare, {
    transitions: t ?? emptyTransitions(),
    verdict,
    ...(reason ? { reason } : {}),
    ...(base ? { baseRun: sideRun(base.checked.result) } : {})
  })
  const headResult = head?.checked.result ?? { ...o.base, status: 'error' as const }
  const result: StepResult = { ...headResult, durationMs: Date.now() - t0, compare }
  if (flaky.length) result.flaky = flaky
  // A head that passed does not make the step pass when the comparison itself broke (and a head
  // that never ran, the base side having failed first, says why).
  if (verdict === 'error' && (result.status === 'passed' || !head)) {
    Object.assign(result, { status: 'error', reason: `compare: ${reason}` })
  }
  return result
}

async function runSide(
  o: CompareOptions,
  p: Prepared,
  side: Side,
  retries: number,
  how: {
    collect?: string
    command?: string
    label?: string
    /** The tree to run in, when not the side's own (base's own tests). */
    member?: string
    /** After the collection: the command to run on its ids; undefined runs nothing more. */
    select?: (collected: string[]) => string | undefined
  }
): Promise<SideOutcome> {
  const collect = how.collect
  const t0 = Date.now()
  const { box, root, place, shared } = await openBox(o, p, side, how.member)
  if (how.command) place.command = how.command
  const reports: string[] = []
  try {
    let collected: string[] | undefined
    if (collect) {
      // A separate process before the step: the ids pytest finds, not the ones a report claims.
      const r = await box.exec(collect, place)
      collected = parseCollected(r.stdout)
      if (!collected) {
        const checked: Checked = {
          result: { ...o.base, status: 'error', reason: 'collection failed' },
          cases: [],
          problem: `pytest --collect-only gave no test ids (exit ${r.exitCode}): ${r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300)}`
        }
        return { checked, ms: Date.now() - t0, reports }
      }
      if (how.select) {
        const command = how.select(collected)
        if (!command)
          return { checked: { result: o.base, cases: [] }, collected, ms: Date.now() - t0, reports }
        place.command = command
      }
    }
    const checked = await box.attempts(place, retries, async (i) => {
      const kept = await keepReport(o, place.report!, `${how.label ?? side}-${i + 1}.xml`)
      if (kept) reports.push(kept)
    })
    return { checked, collected, ms: Date.now() - t0, reports }
  } finally {
    await box.close()
    // Test-only layout: the root is ours, inside the workspace (its tree went with the sandbox's user).
    if (shared) await rm(root, { recursive: true, force: true })
  }
}

/** A fresh sandbox on a fresh copy of one tree of the tar (`member`: the side's own by default). */
async function openBox(
  o: CompareOptions,
  p: Prepared,
  side: Side,
  member = p.names[side]
): Promise<{ box: SideBox; root: string; tree: string; place: Placement; shared: boolean }> {
  const token = randomBytes(6).toString('hex')
  const shared = o.weaken?.sharedSandbox === true
  const root = shared ? join(resolve(o.agent.workspace), COMPARE_DIR, token) : join(p.dir, token)
  await mkdir(root, { recursive: true })
  // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
  await chmod(root, 0o777)
  const tar = join(root, `${token}.tar`)
  await copyFile(p.tar, tar)
  const box = await o.openSide({ side, root, tar, member, ...(shared ? { shared } : {}) })
  const tree = join(root, member)
  const scratch = o.agent.mode === 'docker' ? {} : await freshHome(root)
  const place: Placement = {
    cwd: join(tree, p.cwdRel),
    env: { ...o.step.env, ...scratch },
    report: join(tree, p.reportRel)
  }
  return { box, root, tree, place, shared }
}

/**
 * compare.evidence (and compare.require) on head, after the verdict, each measure in a fresh
 * sandbox; a gate not met fails the step (the verdict stays what the transitions say).
 */
const evidence: AfterVerdict = async (o, p, out, result) => {
  const c = result.compare!
  if (!evidenceKinds(o.step.compare).length || !c.base) return
  const t0 = Date.now()
  const ev = await gatherEvidence({
    spec: o.step.compare,
    verdict: c.verdict,
    git: o.git,
    top: p.top,
    baseSha: c.base,
    exclude: p.exclude,
    failToPass: c.transitions.failToPass,
    command: o.step.run,
    env: o.step.env,
    timeoutSec: o.step.timeoutSec,
    headRunMs: out.head?.checked.result.durationMs ?? 0,
    cpus: o.agent.docker?.cpus,
    open: () => openBox(o, p, 'head'),
    mutation: {
      openHead: (req) => o.openSide({ side: 'head', ...req }),
      head: {
        dir: p.dir,
        tar: p.tar,
        member: p.names.head,
        cwdRel: p.cwdRel,
        env: o.step.env,
        freshHome: o.agent.mode !== 'docker'
      }
    },
    log: (l) => o.log(`[${o.agent.id}] ${l}`)
  })
  c.evidence = ev
  c.timings.evidenceMs = Date.now() - t0
  if (ev.gate && !ev.gate.passed && (result.status === 'passed' || result.status === 'failed')) {
    result.status = 'failed'
    result.reason = `compare.require not met: ${ev.gate.failures.join(' | ')}`.slice(0, 2000)
  }
}

/** A new HOME and TMPDIR per side where the sandbox does not give one (srt, local). */
async function freshHome(root: string): Promise<Record<string, string>> {
  const home = join(root, 'home')
  const tmp = join(root, 'tmp')
  await mkdir(home, { mode: 0o777 })
  await mkdir(tmp, { mode: 0o777 })
  await chmod(home, 0o777)
  await chmod(tmp, 0o777)
  return { HOME: home, TMPDIR: tmp, XDG_CACHE_HOME: join(home, '.cache') }
}

const MAX_REPORT_BYTES = 64 * 1024 * 1024

/** Copies a side's report (written by the agent's code: no symlink followed) into the output dir. */
async function keepReport(
  o: CompareOptions,
  src: string,
  name: string
): Promise<string | undefined> {
  const rel = join(o.agent.id, `step-${o.step.index + 1}-compare`, name)
  try {
    const fh = await open(src, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const st = await fh.stat()
      if (!st.isFile() || st.size > MAX_REPORT_BYTES) return undefined
      const dest = join(o.outDir, rel)
      await mkdir(dirname(dest), { recursive: true })
      await writeFile(dest, await fh.readFile())
      return rel.split(sep).join('/')
    } finally {
      await fh.close()
    }
  } catch {
    return undefined
  }
}

async function prepare(o: CompareOptions, ref: string, compare: CompareResult): Promise<Prepared> {
  const { agent, step, git } = o
  const roots = await Promise.all(
    allowedRoots(agent).map((r) => realpath(r.path).catch(() => r.path))
  )
  // Before anything is read from it: the repository and every git dir it names are the agent's.
  await assertRepoInside(git, step.compare.repo, roots)
  const tree = await workTree(git, step.compare.repo)
  compare.head = tree.head
  compare.base = await resolveRevision(git, tree.top, ref)

  const rel = (p: string) => relative(tree.top, p).split(sep).join('/')
  const within = (p: string) => isInside(p, tree.top)
  const cwd = await realpath(step.workDir ?? agent.workspace).catch(() => resolve(step.workDir!))
  if (!within(cwd)) {
    throw new CompareError(`the step's directory ${cwd} is outside the git work tree ${tree.top}`)
  }
  const realWs = await realpath(resolve(agent.workspace))
  const realReport = resolve(realWs, step.junit!)
  if (!within(realReport)) {
    throw new CompareError(
      `the JUnit report ${step.junit} is outside the git work tree ${tree.top}: each side runs in its own copy, so the report must be written inside the tree (a relative path)`
    )
  }
  const reportRel = rel(realReport)

  // Outside the workspace and every path the agent can write (or read).
  const dir = await mkdtemp(join(tmpdir(), 'mgx-compare-'))
  const realDir = await realpath(dir)
  if (!o.weaken?.sharedSandbox && roots.some((r) => isInside(realDir, r) || isInside(r, realDir))) {
    await rm(dir, { recursive: true, force: true })
    throw new CompareError(
      `the temporary directory ${realDir} overlaps the agent's allowed paths: set TMPDIR elsewhere`
    )
  }
  const token = () => randomBytes(6).toString('hex')
  const exclude = (p: string) =>
    p === reportRel || p === COMPARE_DIR || p.startsWith(`${COMPARE_DIR}/`)
  // Neutral names: a test should not learn from its path which side it runs on.
  const ownTests = !o.weaken?.noTamper && !o.weaken?.noCollection && !!collectCommand(step.run)
  const names = { head: token(), base: token(), ...(ownTests ? { original: token() } : {}) }
  const tar = join(dir, 'trees.tar')
  try {
    const packed = await packTrees(
      git,
      {
        top: tree.top,
        baseSha: compare.base,
        tests: step.compare.tests,
        exclude,
        dirs: [rel(cwd), reportRel.split('/').slice(0, -1).join('/')],
        names,
        watch: watched,
        headSha: tree.head
      },
      tar
    )
    if (packed.dirty.length) compare.dirty = packed.dirty
    o.log(
      `[${agent.id}] compare: head ${tree.head.slice(0, 12)}${packed.dirty.length ? ` + ${packed.dirty.length} uncommitted file(s)` : ''} (${packed.headFiles} files), base ${compare.base.slice(0, 12)} = ${ref} ` +
        `(${packed.baseFiles} files, ${packed.testFiles} test files from head), ${(packed.bytes / 1e6).toFixed(1)} MB` +
        (packed.skipped.length ? `; not copied: ${packed.skipped.slice(0, 5).join(', ')}` : '')
    )
    const found = o.weaken?.noTamper ? [] : fileTamper(packed.watched, packed.removedTestPaths)
    return { dir, tar, names, cwdRel: rel(cwd), reportRel, found, top: tree.top, exclude }
  } catch (e) {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined)
    throw e
  }
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
