// compare.evidence: after the verdict, on head, in fresh sandboxes (the verdict's machinery):
// the changed lines, their coverage by the head suite and by the fail-to-pass tests, mutants on
// them (mutation.ts), and compare.require checked against what was measured.
//
// When: coverage on catches-change and does-not-catch (head green: what the suite runs is still
// worth knowing when no test catches the change); mutation on catches-change only (a mutant is
// "killed" by tests that judge the change; with none, every mutant would survive for a reason
// the verdict already gives). Nothing on regression, untrusted or error: head is not green or the
// tests are not to be believed, and a gate asked for then fails as "not measured".
import { chmod, mkdir, readdir, realpath, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import type { CompareSpec } from '../../../config/types.js'
import { readNoFollow } from '../../../lib/read-no-follow.js'
import type { Verdict } from '../../../report/types.js'
import type { Placement } from '../../attempts.js'
import type { SideBox } from '../run.js'
import type { Git } from '../trees.js'
import { changedLines, readText } from './changed.js'
import {
  CONTEXT_PLUGIN,
  fromCoveragePy,
  fromV8,
  PLUGIN_MODULE,
  pythonEnv,
  ratioOf,
  rcfile,
  SITECUSTOMIZE,
  type CoveragePyJson,
  type MappedCoverage,
  type V8Coverage
} from './coverage.js'
import { checkGate } from './gate.js'
import { runMutation } from './mutation.js'
import type {
  ChangedFile,
  CoverageReport,
  EvidenceKind,
  EvidenceResult,
  MutationInput,
  MutationReport
} from './types.js'

/** A fresh head sandbox, its tree unpacked: `root` is ours (host path, the sandbox's workspace). */
export interface HeadBox {
  box: SideBox
  root: string
  /** The tree's absolute path (the same in the sandbox). */
  tree: string
  place: Placement
}

export interface EvidenceRun {
  spec: CompareSpec
  verdict: Verdict
  git: Git
  top: string
  baseSha: string
  exclude: (rel: string) => boolean
  failToPass: string[]
  /** The step's command and environment. */
  command: string
  env: Record<string, string>
  timeoutSec: number
  headRunMs: number
  /** CPUs of the agent's sandbox (undefined: the host's). */
  cpus?: number
  open: () => Promise<HeadBox>
  mutation: Pick<MutationInput, 'openHead' | 'head'>
  log: (line: string) => void
}

/** compare.evidence plus what compare.require needs (a gate turns its evidence on). */
export function evidenceKinds(spec: CompareSpec): EvidenceKind[] {
  const kinds = new Set(spec.evidence ?? [])
  if (spec.require?.changed_line_coverage !== undefined) kinds.add('coverage')
  if (spec.require?.mutation_score !== undefined) kinds.add('mutation')
  return (['coverage', 'mutation'] as const).filter((k) => kinds.has(k))
}

/** Files a head tree may carry to change what coverage measures (ignored: the harness rcfile is used). */
const COVERAGE_CONFIG =
  /(^|\/)(\.coveragerc|setup\.cfg|tox\.ini|pyproject\.toml|\.c8rc(\.json)?|\.nycrc(\.json|\.ya?ml)?)$/

export async function gatherEvidence(r: EvidenceRun): Promise<EvidenceResult> {
  const kinds = evidenceKinds(r.spec)
  const result: EvidenceResult = {
    kinds,
    ...(r.spec.require ? { require: r.spec.require } : {}),
    headRunMs: r.headRunMs
  }
  const runs = (k: EvidenceKind) =>
    k === 'coverage'
      ? r.verdict === 'catches-change' || r.verdict === 'does-not-catch'
      : r.verdict === 'catches-change'
  let notRun: string | undefined
  /** Changed lines the evidence could not look at: a gate never passes over them. */
  const incomplete: string[] = []
  try {
    const { files, omitted, unreadable } = await changedLines(r.git, {
      top: r.top,
      baseSha: r.baseSha,
      tests: r.spec.tests,
      exclude: r.exclude
    })
    result.changed = files
    if (omitted) incomplete.push(`${omitted} changed source file(s) over the limit`)
    if (unreadable.length)
      incomplete.push(`changed source file(s) not readable as files: ${unreadable.join(', ')}`)
    if (incomplete.length)
      result.notes = [...(result.notes ?? []), ...incomplete.map((x) => `${x}: not measured`)]
    const configs = await changedConfig(r)
    if (configs.length)
      result.notes = [
        ...(result.notes ?? []),
        `head changes coverage configuration (${configs.join(', ')}): ignored, the harness's own configuration is used`
      ]
    let covering: Record<string, string[]> | undefined
    if (kinds.includes('coverage')) {
      if (!runs('coverage')) notRun = `verdict ${r.verdict}`
      else {
        const mapped = await measureCoverage(r, files)
        result.coverage = mapped.report
        covering = mapped.coveringTests
        r.log(`compare evidence: changed-line coverage ${fmt(mapped.report.suite.ratio)}`)
      }
    }
    if (kinds.includes('mutation')) {
      if (!runs('mutation')) notRun = `verdict ${r.verdict}`
      else result.mutation = await mutate(r, files, covering)
    }
  } catch (e) {
    const problem = `evidence not gathered: ${(e as Error).message}`
    r.log(`compare ${problem}`)
    notRun = problem
    result.problem = problem
  }
  if (notRun && !result.problem)
    result.notes = [
      ...(result.notes ?? []),
      `not gathered on a ${notRun}: head must be green and its tests believed`
    ]
  if (r.spec.require) {
    result.gate = checkGate(r.spec.require, {
      coverage: result.coverage,
      mutation: result.mutation,
      changedLines: (result.changed ?? []).reduce((n, f) => n + f.lines.length, 0),
      ...(incomplete.length ? { incomplete: incomplete.join('; ') } : {}),
      ...(notRun ? { notRun } : {})
    })
  }
  return result
}

const fmt = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 1000) / 10} %`)

async function changedConfig(r: EvidenceRun): Promise<string[]> {
  const out = await r.git.run(
    [
      'diff',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      '--no-relative',
      '--name-only',
      '-z',
      r.baseSha,
      '--'
    ],
    { cwd: r.top }
  )
  const untracked = await r.git.run(['ls-files', '-z', '--others', '--exclude-standard'], {
    cwd: r.top
  })
  return [
    ...out.stdout.toString('utf8').split('\0'),
    ...untracked.stdout.toString('utf8').split('\0')
  ]
    .filter((p) => COVERAGE_CONFIG.test(p))
    .slice(0, 10)
}

async function mutate(
  r: EvidenceRun,
  changed: ChangedFile[],
  coveringTests?: Record<string, string[]>
): Promise<MutationReport> {
  const settings = r.spec.mutation ?? {}
  const parallel = Math.max(1, Math.floor(r.cpus ?? availableParallelism()))
  const report = await runMutation({
    changed,
    ...(coveringTests ? { coveringTests } : {}),
    failToPass: r.failToPass,
    command: r.command,
    headRunMs: r.headRunMs,
    settings,
    parallel,
    log: r.log,
    ...r.mutation
  })
  if (report.sampled) r.log(`compare evidence: mutation: ${report.sampled}`)
  r.log(
    `compare evidence: mutation score ${fmt(report.score)} (${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error; ${report.skipped} of ${report.found} not run)`
  )
  return report
}

const MAX_JSON_BYTES = 64 * 1024 * 1024
const MAX_V8_FILES = 200

/** A file the sandbox wrote (its user's: no symlink followed, size capped); undefined when none. */
const readOurs = (path: string) => readNoFollow(path, MAX_JSON_BYTES)

/**
 * The step's command as written, once, in a fresh head sandbox, with coverage.py started in every
 * Python process and V8 coverage on for every node process; harness files in a directory the
 * sandbox's user cannot write, data in one it can.
 */
async function measureCoverage(r: EvidenceRun, changed: ChangedFile[]): Promise<MappedCoverage> {
  const py = changed.some((c) => c.path.endsWith('.py'))
  const js = changed.some((c) => /\.(js|mjs|cjs|jsx)$/.test(c.path))
  const ts = changed.filter((c) => /\.(ts|mts|cts|tsx)$/.test(c.path)).map((c) => c.path)
  const head = await r.open()
  try {
    const harness = join(head.root, 'evidence-harness')
    const data = join(head.root, 'evidence-data')
    await mkdir(harness, { mode: 0o755 })
    await mkdir(data, { mode: 0o777 })
    await chmod(data, 0o777)
    const json = join(data, 'coverage.json')
    const rc = join(harness, 'coveragerc')
    const v8dir = join(data, 'v8')
    await writeFile(rc, rcfile({ source: head.tree, dataFile: join(data, '.coverage'), json }), {
      mode: 0o644
    })
    await writeFile(join(harness, 'sitecustomize.py'), SITECUSTOMIZE, { mode: 0o644 })
    await writeFile(join(harness, `${PLUGIN_MODULE}.py`), CONTEXT_PLUGIN, { mode: 0o644 })
    const env = {
      ...(py ? pythonEnv(head.place.env, { harnessDir: harness, rc }) : head.place.env),
      ...(js ? { NODE_V8_COVERAGE: v8dir } : {})
    }
    const t0 = Date.now()
    const run = await head.box.exec(r.command, { ...head.place, env })
    r.log(`compare evidence: coverage run exit ${run.exitCode} in ${Date.now() - t0} ms`)
    const trees = [head.tree, await realpath(head.tree).catch(() => head.tree)]
    const text = (p: string) => textOf(r.top, p)
    const texts = new Map<string, string>()
    for (const c of changed) texts.set(c.path, await text(c.path))
    const parts: MappedCoverage[] = []
    const problems: string[] = []
    if (py) {
      // The harness's coverage, from its own directory, isolated (-I): no module of the tree.
      // A report the step's processes planted is never read: removed first, and only a json
      // step that succeeded counts.
      const rep = await head.box.exec(
        `rm -f ${json} ; python3 -I -m coverage combine --rcfile=${rc} -q ; python3 -I -m coverage json --rcfile=${rc} -q`,
        { ...head.place, cwd: harness, env: head.place.env }
      )
      const raw = rep.exitCode === 0 ? await readOurs(json) : undefined
      if (!raw)
        problems.push(
          `coverage.py wrote no report (exit ${rep.exitCode}): ${rep.stdout.trim().slice(-300)}`
        )
      else
        parts.push(
          fromCoveragePy(JSON.parse(raw) as CoveragePyJson, changed, {
            trees,
            failToPass: r.failToPass,
            text: (p) => texts.get(p)
          })
        )
    }
    if (js) {
      const names = (await readdir(v8dir).catch(() => [] as string[]))
        .filter((n) => n.endsWith('.json'))
        .slice(0, MAX_V8_FILES)
      const reports: V8Coverage[] = []
      for (const n of names) {
        const raw = await readOurs(join(v8dir, n))
        if (raw) reports.push(JSON.parse(raw) as V8Coverage)
      }
      if (!reports.length) problems.push('no V8 coverage written: the command ran no node process')
      else parts.push(fromV8(reports, changed, { trees, text: (p) => texts.get(p) }))
    }
    return merge(parts, problems, ts)
  } finally {
    await head.box.close()
  }
}

async function textOf(top: string, rel: string): Promise<string> {
  return readText(join(top, rel))
}

function merge(parts: MappedCoverage[], problems: string[], ts: string[]): MappedCoverage {
  const suite = parts.flatMap((p) => p.report.suite.files)
  const f2p = parts.flatMap((p) => p.report.failToPass?.files ?? [])
  const report: CoverageReport = {
    tool:
      parts.some((p) => p.report.tool === 'coverage.py') || !parts.length ? 'coverage.py' : 'v8',
    suite: { files: suite, ratio: ratioOf(suite) },
    ...(f2p.length ? { failToPass: { files: f2p, ratio: ratioOf(f2p) } } : {})
  }
  if (ts.length)
    report.notes = [`TypeScript not measured (no source maps): ${ts.slice(0, 10).join(', ')}`]
  if (problems.length && !parts.length) report.problem = problems.join('; ')
  else if (problems.length) report.notes = [...(report.notes ?? []), ...problems]
  return { report, coveringTests: Object.assign({}, ...parts.map((p) => p.coveringTests)) }
}
