// Mutation testing scoped to the diff (issue 25, items 3 and 5): mutants only on the changed lines,
// each run in a fresh sandbox on a fresh copy of head (the verdict's machinery, through openHead)
// against the tests that cover its line, up to `parallel` at once, within a budget.
//
// - Python: the product's own mutator (python-mutator.ts) lists the mutants in one sandbox (where
//   pytest's ids are also collected) and applies each one in its own sandbox before any of the
//   agent's code has run there. JavaScript/TypeScript: Stryker, when the project has it
//   (stryker.ts), once, scoped to the changed lines.
// - Tests per mutant: the pytest ids covering its line (coveringTests), fail-to-pass first, each
//   group with -x; without coverage, the fail-to-pass tests and then the step's command; for a
//   command that is not plain pytest, the step's command.
// - Timeout per mutant (its tests, all stages together): max(3 × headRunMs, headRunMs + 5 s). A
//   mutant past it is `timeout` — never killed — and its sandbox is ended.
// - Outcomes from exit codes: 0 survived (every stage passed); pytest 1 killed, pytest 2–5
//   (interrupted or collection error, internal error, usage error, no tests) error; any other
//   non-zero exit of a command that is not pytest killed. A mutant that cannot be applied, or a
//   sandbox that cannot be opened, is `error`. Score = killed / (killed + survived).
// - Budget: at most max_mutants (default 50), chosen spread across files, operators and lines
//   when more are found (`sampled`, `skipped`); none started after time_limit (default 600 s).
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { collectCommand, parseCollected, rerunCommand } from '../collect.js'
import { readNoFollow } from '../../../lib/read-no-follow.js'
import { openFreshHead, type OpenedHead } from './mutation-head.js'
import { mutatorCommand, parseListing, type PyMutant } from './python-mutator.js'
import { isStrykerFile, runStryker } from './stryker.js'
import type { Mutant, MutantResult, MutationInput, MutationReport } from './types.js'

export const DEFAULT_MAX_MUTANTS = 50
export const DEFAULT_TIME_LIMIT_SEC = 600

/** The time each mutant's tests get: three head runs, and never less than one head run + 5 s. */
export function mutantTimeoutMs(headRunMs: number): number {
  return Math.max(3 * headRunMs, headRunMs + 5000)
}

const PY = /\.py$/

/** Runs mutation testing on the changed lines; never throws (a problem is reported). */
export async function runMutation(
  input: MutationInput,
  /** Tests only: a timeout per mutant other than the one derived from headRunMs. */
  opts: { timeoutMs?: number } = {}
): Promise<MutationReport> {
  const t0 = Date.now()
  const deadline = t0 + (input.settings.time_limit ?? DEFAULT_TIME_LIMIT_SEC) * 1000
  const max = input.settings.max_mutants ?? DEFAULT_MAX_MUTANTS
  const timeoutMs = opts.timeoutMs ?? mutantTimeoutMs(input.headRunMs)
  const pyFiles = input.changed.filter((f) => PY.test(f.path) && f.lines.length)
  const jsFiles = input.changed.filter((f) => isStrykerFile(f.path) && f.lines.length)
  const reports: MutationReport[] = []
  const problems: string[] = []
  if (!input.head) problems.push('no head tree was given to mutate')
  else {
    if (pyFiles.length) {
      try {
        reports.push(await runPython(input, pyFiles, { max, deadline, timeoutMs }))
      } catch (e) {
        problems.push(`python: ${(e as Error).message}`)
      }
    }
    if (jsFiles.length) {
      try {
        const left = Math.max(0, max - (reports[0]?.mutants.length ?? 0))
        reports.push(await runStryker(input, jsFiles, { max: left, deadline, timeoutMs }))
      } catch (e) {
        problems.push(`stryker: ${(e as Error).message}`)
      }
    }
  }
  const report = merge(reports, problems)
  report.timeoutMs = timeoutMs
  input.log(
    `mutation: ${report.found} found, ${report.mutants.length} run in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
      `${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error` +
      (report.skipped ? `, ${report.skipped} skipped` : '') +
      (report.score === null ? '' : `; score ${report.score.toFixed(2)}`)
  )
  return report
}

/** One report from the tools' reports (both when a change touches Python and JavaScript). */
export function merge(reports: MutationReport[], problems: string[]): MutationReport {
  const mutants = reports.flatMap((r) => r.mutants)
  const count = (o: MutantResult['outcome']) => mutants.filter((m) => m.outcome === o).length
  const killed = count('killed')
  const survived = count('survived')
  const all = [...problems, ...reports.flatMap((r) => (r.problem ? [r.problem] : []))]
  const sampled = reports.flatMap((r) => (r.sampled ? [r.sampled] : []))
  const out: MutationReport = {
    tool: reports[0]?.tool ?? 'massgen-python',
    mutants,
    killed,
    survived,
    timeout: count('timeout'),
    error: count('error'),
    score: killed + survived ? killed / (killed + survived) : null,
    found: reports.reduce((n, r) => n + r.found, 0),
    skipped: reports.reduce((n, r) => n + r.skipped, 0)
  }
  if (reports.length > 1) out.tools = reports.map((r) => r.tool)
  if (sampled.length) out.sampled = sampled.join('; ')
  if (all.length) out.problem = all.join('; ')
  return out
}

interface Budget {
  max: number
  /** Epoch ms after which no mutant starts. */
  deadline: number
  timeoutMs: number
}

/** The mutants listed, and pytest's collected ids (when the step is plain pytest), from one sandbox. */
async function listPython(
  input: MutationInput,
  files: MutationInput['changed']
): Promise<{ mutants: PyMutant[]; problems: string[]; collected?: string[] }> {
  const head = await openFreshHead(input)
  try {
    // Read before any of the agent's code runs in this sandbox (the collection below).
    const out = join(head.root, `mutants-${randomBytes(6).toString('hex')}.json`)
    const r = await head.box.exec(
      mutatorCommand('list', { root: head.tree, files, max: 5000, out }),
      {
        cwd: head.root,
        env: {}
      }
    )
    const listing = parseListing((await readNoFollow(out)) ?? r.stdout)
    if (!listing) {
      const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300)
      throw new Error(`the mutator did not run (exit ${r.exitCode}): ${tail || 'no output'}`)
    }
    if (listing.error) throw new Error(listing.error)
    const collect = collectCommand(input.command)
    let collected: string[] | undefined
    if (collect && listing.mutants.length) {
      const c = await head.box.exec(collect, head.place)
      collected = parseCollected(c.stdout)
      if (!collected)
        listing.problems.push(`pytest --collect-only gave no ids (exit ${c.exitCode})`)
    }
    return { mutants: listing.mutants, problems: listing.problems, collected }
  } finally {
    await head.close()
  }
}

async function runPython(
  input: MutationInput,
  files: MutationInput['changed'],
  budget: Budget
): Promise<MutationReport> {
  const listed = await listPython(input, files)
  const { chosen, sampled } = sample(listed.mutants, budget.max)
  if (sampled) input.log(`mutation: ${sampled}`)
  const tests = testPlan(input, listed.collected)
  const results = await pool(chosen, input.parallel, budget.deadline, (m, i) =>
    runPyMutant(input, m, tests(m), budget.timeoutMs).then((r) => {
      input.log(
        `mutation: [${i + 1}/${chosen.length}] ${r.path}:${r.line} ${r.operator} ${r.outcome} (${((r.durationMs ?? 0) / 1000).toFixed(1)} s)`
      )
      return r
    })
  )
  const ran = results.filter((r): r is MutantResult => r !== undefined)
  const notStarted = chosen.length - ran.length
  const report = merge(
    [
      {
        tool: 'massgen-python',
        mutants: ran,
        killed: 0,
        survived: 0,
        timeout: 0,
        error: 0,
        score: null,
        found: listed.mutants.length,
        skipped: listed.mutants.length - ran.length
      }
    ],
    [
      ...listed.problems,
      ...(notStarted
        ? [
            `${notStarted} mutant(s) not started: the time limit (compare.mutation.time_limit) was reached`
          ]
        : [])
    ]
  )
  if (sampled) report.sampled = sampled
  return report
}

export interface Stage {
  command: string
  /** pytest's exit codes apply (1 failed tests, 2–5 not a test failure). */
  pytest: boolean
}

/** The commands each mutant runs, in order, from the tests covering its line. */
export function testPlan(
  input: Pick<MutationInput, 'command' | 'failToPass' | 'coveringTests'>,
  collected: string[] | undefined
): (m: Mutant) => Stage[] {
  const pytest = collectCommand(input.command) !== undefined
  const step: Stage = { command: input.command, pytest }
  if (!pytest || !collected) return () => [step]
  const known = new Set(collected)
  const f2p = input.failToPass.filter((id) => known.has(id))
  const select = (ids: string[]): Stage | undefined => {
    const c = ids.length ? rerunCommand(input.command, ids, collected) : undefined
    return c ? { command: `${c} -x`, pytest } : undefined
  }
  // Fail-to-pass tests that are the whole suite: one run of the step is the same selection.
  const f2pStage = f2p.length < known.size ? select(f2p) : undefined
  return (m) => {
    const covering = (input.coveringTests?.[`${m.path}:${m.line}`] ?? []).filter((id) =>
      known.has(id)
    )
    if (covering.length) {
      const first = covering.filter((id) => f2p.includes(id))
      const rest = covering.filter((id) => !f2p.includes(id))
      const stages = [select(first), select(rest)].filter((s): s is Stage => !!s)
      if (stages.length === (first.length ? 1 : 0) + (rest.length ? 1 : 0)) return stages
    }
    return f2pStage ? [f2pStage, step] : [step]
  }
}

/** How one stage's exit reads: undefined when it passed (go on to the next stage). */
export function classify(
  exitCode: number | null,
  pytest: boolean
): { outcome: 'killed' | 'error'; detail: string } | undefined {
  if (exitCode === 0) return undefined
  if (exitCode === null)
    return {
      outcome: 'error',
      detail: 'the tests did not exit (ended by the step timeout or a signal)'
    }
  if (!pytest) return { outcome: 'killed', detail: `exit ${exitCode}` }
  if (exitCode === 1) return { outcome: 'killed', detail: 'pytest exit 1: tests failed' }
  const why: Record<number, string> = {
    2: 'interrupted or a collection error',
    3: 'internal error',
    4: 'usage error',
    5: 'no tests collected'
  }
  return {
    outcome: 'error',
    detail: `pytest exit ${exitCode}: ${why[exitCode] ?? 'not a test failure'}`
  }
}

const TIMED_OUT = Symbol('timeout')

async function runPyMutant(
  input: MutationInput,
  m: PyMutant,
  stages: Stage[],
  timeoutMs: number
): Promise<MutantResult> {
  const { edits: _edits, ...shown } = m
  const t0 = Date.now()
  const done = (outcome: MutantResult['outcome'], detail?: string): MutantResult => ({
    ...shown,
    outcome,
    durationMs: Date.now() - t0,
    ...(detail ? { detail } : {})
  })
  let head: OpenedHead
  try {
    head = await openFreshHead(input)
  } catch (e) {
    return done('error', `cannot open a sandbox: ${(e as Error).message}`)
  }
  try {
    // Before any of the agent's code runs in this sandbox.
    const a = await head.box.exec(mutatorCommand('apply', { root: head.tree, mutant: m }), {
      cwd: head.root,
      env: {}
    })
    if (a.exitCode !== 0) {
      return done('error', `cannot apply: ${a.stdout.trim().slice(0, 300) || `exit ${a.exitCode}`}`)
    }
    const t1 = Date.now()
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs)
    })
    try {
      for (const s of stages) {
        const run = head.box.exec(s.command, head.place)
        run.catch(() => undefined)
        const r = await Promise.race([run, expired])
        if (r === TIMED_OUT) {
          // Ending the sandbox ends every process in it.
          await head.close()
          return done('timeout', `no result within ${(timeoutMs / 1000).toFixed(1)} s`)
        }
        const c = classify(r.exitCode, s.pytest)
        if (c) return done(c.outcome, c.detail)
      }
      return done(
        'survived',
        `${stages.length > 1 ? 'every stage' : 'the tests'} passed in ${((Date.now() - t1) / 1000).toFixed(1)} s`
      )
    } finally {
      clearTimeout(timer)
    }
  } catch (e) {
    return done('error', `sandbox: ${(e as Error).message}`)
  } finally {
    await head.close()
  }
}

/**
 * Runs `fn` on each item, at most `parallel` at once, none started after `deadline`; the results
 * in the items' order (undefined for those not started).
 */
export async function pool<T, R>(
  items: T[],
  parallel: number,
  deadline: number,
  fn: (item: T, i: number) => Promise<R>,
  now: () => number = Date.now
): Promise<(R | undefined)[]> {
  const out: (R | undefined)[] = new Array(items.length).fill(undefined)
  let next = 0
  const worker = async () => {
    while (next < items.length && now() < deadline) {
      const i = next++
      out[i] = await fn(items[i], i)
    }
  }
  const n = Math.max(1, Math.min(Math.floor(parallel) || 1, items.length))
  await Promise.all(Array.from({ length: n }, worker))
  return out
}

/**
 * At most `max` mutants, spread deterministically: files in turn, within a file operators in turn,
 * within an operator its lines by halves (both ends, the middle, the quarters…, so any cut keeps
 * the whole span). Returned in the listing's order.
 */
export function sample<T extends Mutant>(
  mutants: T[],
  max: number
): { chosen: T[]; sampled?: string } {
  if (mutants.length <= max) return { chosen: mutants }
  const group = <U>(xs: U[], key: (x: U) => string): U[][] => {
    const m = new Map<string, U[]>()
    for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x])
    return [...m.keys()].sort().map((k) => m.get(k)!)
  }
  const interleave = <U>(lists: U[][]): U[] => {
    const out: U[] = []
    for (let i = 0; lists.some((l) => i < l.length); i++)
      for (const l of lists) if (i < l.length) out.push(l[i])
    return out
  }
  const order = interleave(
    group(mutants, (m) => m.path).map((inFile) =>
      interleave(
        group(inFile, (m) => m.operator).map((ofOp) =>
          spread([...ofOp].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id)))
        )
      )
    )
  )
  const keep = new Set(order.slice(0, Math.max(0, max)))
  const chosen = mutants.filter((m) => keep.has(m))
  const files = new Set(mutants.map((m) => m.path)).size
  return {
    chosen,
    sampled: `${mutants.length} mutants found on the changed lines of ${files} file(s); ${chosen.length} run (compare.mutation.max_mutants), spread across files, operators and lines; ${mutants.length - chosen.length} skipped`
  }
}

/** The items in an order where any prefix is spread over the whole list (binary subdivision). */
export function spread<T>(xs: T[]): T[] {
  if (xs.length <= 2) return xs
  const out: T[] = []
  const seen = new Set<number>()
  const add = (i: number) => {
    if (!seen.has(i)) {
      seen.add(i)
      out.push(xs[i])
    }
  }
  add(0)
  add(xs.length - 1)
  for (let parts = 2; out.length < xs.length; parts *= 2)
    for (let k = 1; k < parts; k += 2) add(Math.floor((k * (xs.length - 1)) / parts))
  return out
}
