// JavaScript/TypeScript mutation through Stryker (issue 25, item 3), when the project has
// `@stryker-mutator/core` installed in the head tree: run once, in a fresh sandbox on a fresh copy
// of head, scoped with `--mutate file:start-end` per run of changed lines, `--reporters json`,
// `--concurrency` = the CPU limit. Its mutation-testing-report-schema statuses map to ours:
// Killed → killed; Survived and NoCoverage → survived; Timeout → timeout; RuntimeError and
// CompileError → error; Ignored and Pending → skipped (not run). Stryker's own per-mutant timeout
// applies (its dry run is its baseline), and the whole run is bounded by time_limit. Stryker runs
// every mutant in the ranges: max_mutants cannot cap it in advance (the report says so).
// Stryker's config file is the project's (its test runner is there), so it is the agent's: it
// can exclude mutators, and any test can notice it runs under Stryker — evidence, not proof.
import { join, posix } from 'node:path'
import { readNoFollow } from '../../../lib/read-no-follow.js'
import { openFreshHead, type OpenedHead } from './mutation-head.js'
import type { ChangedFile, MutantResult, MutationInput, MutationReport } from './types.js'

const JS = /\.(m|c)?(j|t)sx?$/

export function isStrykerFile(path: string): boolean {
  return JS.test(path) && !/\.d\.(m|c)?ts$/.test(path)
}

/** Runs of consecutive lines as `--mutate` ranges (paths relative to the step's directory). */
export function mutateRanges(files: ChangedFile[], cwdRel: string): string[] {
  const out: string[] = []
  for (const f of files) {
    const rel = cwdRel ? posix.relative(cwdRel, f.path) : f.path
    if (rel.startsWith('..') || /[,'\s]/.test(rel)) continue
    const lines = [...new Set(f.lines)].sort((a, b) => a - b)
    for (let i = 0; i < lines.length;) {
      let j = i
      while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++
      out.push(`${rel}:${lines[i]}-${lines[j]}`)
      i = j + 1
    }
  }
  return out
}

export function strykerCommand(bin: string, ranges: string[], parallel: number): string {
  return [
    'node',
    `'${bin}'`,
    'run',
    '--mutate',
    `'${ranges.join(',')}'`,
    '--reporters',
    'json',
    '--concurrency',
    String(Math.max(1, Math.floor(parallel))),
    '--logLevel',
    'warn'
  ].join(' ')
}

interface Position {
  line: number
  column: number
}
interface SchemaMutant {
  id: string
  mutatorName: string
  replacement?: string
  location: { start: Position; end: Position }
  status: string
  statusReason?: string
  duration?: number
}
interface SchemaReport {
  files: Record<string, { source?: string; mutants: SchemaMutant[] }>
}

const STATUS: Record<string, MutantResult['outcome'] | 'skipped'> = {
  Killed: 'killed',
  Survived: 'survived',
  NoCoverage: 'survived',
  Timeout: 'timeout',
  RuntimeError: 'error',
  CompileError: 'error',
  Ignored: 'skipped',
  Pending: 'skipped'
}

const short = (s: string, n = 120) => {
  const t = s.replace(/\s+/g, ' ').trim()
  return t.length <= n ? t : `${t.slice(0, n - 1)}…`
}

/**
 * Our results from a Stryker JSON report (mutation-testing-report-schema; lines and columns are
 * 1-based), only for mutants starting on changed lines. `prefix` makes report paths (relative to
 * the step's directory) work-tree-relative.
 */
export function parseStrykerReport(
  json: string,
  changed: ChangedFile[],
  prefix = ''
): { mutants: MutantResult[]; skipped: number; found: number } {
  const report = JSON.parse(json) as SchemaReport
  if (!report || typeof report.files !== 'object') throw new Error('not a mutation-testing report')
  const lines = new Map(changed.map((f) => [f.path, new Set(f.lines)]))
  const mutants: MutantResult[] = []
  let skipped = 0
  let found = 0
  for (const [file, body] of Object.entries(report.files)) {
    const path = prefix ? posix.join(prefix, file) : file
    const wanted = lines.get(path)
    const src = (body.source ?? '').split(/\r?\n/)
    for (const m of body.mutants ?? []) {
      const { start, end } = m.location
      if (!wanted?.has(start.line)) continue
      found++
      const outcome = STATUS[m.status] ?? 'error'
      if (outcome === 'skipped') {
        skipped++
        continue
      }
      const line = src[start.line - 1] ?? ''
      const mutated =
        start.line === end.line && m.replacement !== undefined
          ? line.slice(0, start.column - 1) + m.replacement + line.slice(end.column - 1)
          : (m.replacement ?? '')
      mutants.push({
        id: `${path}:${start.line}:${m.mutatorName}:${m.id}`,
        path,
        line: start.line,
        operator: m.mutatorName,
        original: short(line),
        mutated: short(mutated),
        outcome,
        ...(m.duration !== undefined ? { durationMs: m.duration } : {}),
        detail:
          m.status === 'NoCoverage'
            ? 'NoCoverage: no test covers it'
            : m.statusReason
              ? `${m.status}: ${short(m.statusReason, 200)}`
              : m.status
      })
    }
  }
  return { mutants, skipped, found }
}

/** Stryker's CLI script in the head copy, from its package.json; undefined when not installed. */
async function strykerBin(head: OpenedHead): Promise<string | undefined> {
  const dir = join(head.place.cwd, 'node_modules', '@stryker-mutator', 'core')
  const pkg = await readNoFollow(join(dir, 'package.json'), 1024 * 1024)
  if (!pkg) return undefined
  try {
    const bin = (JSON.parse(pkg) as { bin?: string | Record<string, string> }).bin
    const rel = typeof bin === 'string' ? bin : bin?.stryker
    if (!rel || rel.includes("'") || rel.split('/').includes('..')) return undefined
    return join(dir, rel)
  } catch {
    return undefined
  }
}

export async function runStryker(
  input: MutationInput,
  files: ChangedFile[],
  budget: { max: number; deadline: number; timeoutMs: number }
): Promise<MutationReport> {
  const cwdRel = input.head?.cwdRel ?? ''
  const ranges = mutateRanges(files, cwdRel)
  const empty = (problem: string, skipped = 0): MutationReport => ({
    tool: 'stryker',
    mutants: [],
    killed: 0,
    survived: 0,
    timeout: 0,
    error: 0,
    score: null,
    found: skipped,
    skipped,
    problem
  })
  if (!ranges.length) return empty('no changed JavaScript line under the step directory to mutate')
  const head = await openFreshHead(input)
  try {
    const bin = await strykerBin(head)
    if (!bin) {
      return empty(
        'JavaScript/TypeScript files changed but @stryker-mutator/core is not installed in the head tree (node_modules): not mutated'
      )
    }
    const left = budget.deadline - Date.now()
    if (left <= 0) return empty('Stryker not started: the time limit was reached')
    input.log(`mutation: stryker on ${ranges.join(', ')}`)
    const run = head.box.exec(strykerCommand(bin, ranges, input.parallel), head.place)
    run.catch(() => undefined)
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<'expired'>((r) => (timer = setTimeout(() => r('expired'), left)))
    const r = await Promise.race([run, expired]).finally(() => clearTimeout(timer))
    if (r === 'expired') {
      await head.close()
      return empty('Stryker did not finish within the time limit (compare.mutation.time_limit)')
    }
    const json = await readNoFollow(join(head.place.cwd, 'reports', 'mutation', 'mutation.json'))
    if (!json) {
      const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300)
      return empty(`Stryker wrote no JSON report (exit ${r.exitCode}): ${tail}`)
    }
    const parsed = parseStrykerReport(json, files, cwdRel)
    const count = (o: MutantResult['outcome']) =>
      parsed.mutants.filter((m) => m.outcome === o).length
    const killed = count('killed')
    const survived = count('survived')
    const over =
      parsed.found > budget.max
        ? `Stryker ran all ${parsed.found} mutants on the changed lines (max_mutants ${budget.max} cannot cap it in advance)`
        : undefined
    return {
      tool: 'stryker',
      mutants: parsed.mutants,
      killed,
      survived,
      timeout: count('timeout'),
      error: count('error'),
      score: killed + survived ? killed / (killed + survived) : null,
      found: parsed.found,
      skipped: parsed.skipped,
      ...(over ? { problem: over } : {})
    }
  } finally {
    await head.close()
  }
}
