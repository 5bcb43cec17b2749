// compare.require: the evidence measured against the gate. Pure. Evidence that was asked for by
// the gate but not measured (a verdict the evidence does not run on, a tool that failed) fails
// it: a gate that cannot be checked does not pass.
import type { CoverageReport, EvidenceRequire, MutationReport } from './types.js'

/** Uncovered lines and survivors listed in a failure (the results have them all). */
export const GATE_LISTED = 20

const pct = (r: number) => `${Math.round(r * 1000) / 10} %`

/** "src/a.py:3, 5-7; src/b.py:10" */
export function lineList(files: { path: string; lines: number[] }[], max = GATE_LISTED): string {
  const parts: string[] = []
  let shown = 0
  let total = 0
  for (const f of files) {
    total += f.lines.length
    if (!f.lines.length || shown >= max) continue
    const take = f.lines.slice(0, max - shown)
    shown += take.length
    const runs: string[] = []
    for (let i = 0; i < take.length;) {
      let j = i
      while (j + 1 < take.length && take[j + 1] === take[j] + 1) j++
      runs.push(i === j ? `${take[i]}` : `${take[i]}-${take[j]}`)
      i = j + 1
    }
    parts.push(`${f.path}:${runs.join(', ')}`)
  }
  return parts.join('; ') + (total > shown ? ` … and ${total - shown} more` : '')
}

export function checkGate(
  req: EvidenceRequire,
  ev: { coverage?: CoverageReport; mutation?: MutationReport; notRun?: string }
): { passed: boolean; failures: string[] } {
  const failures: string[] = []
  const want = req.changed_line_coverage
  if (want !== undefined) {
    const c = ev.coverage
    if (!c || c.problem) {
      failures.push(
        `changed-line coverage required ≥ ${pct(want)}, not measured: ${ev.notRun ?? c?.problem ?? 'no coverage'}`
      )
    } else if (c.suite.ratio !== null && c.suite.ratio < want) {
      const uncovered = c.suite.files.map((f) => ({ path: f.path, lines: f.uncovered }))
      failures.push(
        `changed-line coverage ${pct(c.suite.ratio)} < ${pct(want)}; uncovered: ${lineList(uncovered)}`
      )
    }
  }
  const score = req.mutation_score
  if (score !== undefined) {
    const m = ev.mutation
    if (!m || (m.problem && m.score === null)) {
      failures.push(
        `mutation score required ≥ ${pct(score)}, not measured: ${ev.notRun ?? m?.problem ?? 'no mutation run'}`
      )
    } else if (m.score === null && m.timeout + m.error > 0) {
      // Timeouts are never kills: mutants that all time out or break prove nothing either way.
      failures.push(
        `mutation score required ≥ ${pct(score)}, none scored: ${m.timeout} timeout, ${m.error} error, 0 killed or survived`
      )
    } else if (m.score !== null && m.score < score) {
      const survivors = m.mutants.filter((x) => x.outcome === 'survived')
      const listed = survivors
        .slice(0, GATE_LISTED)
        .map((x) => `${x.path}:${x.line} ${x.original} → ${x.mutated}`)
        .join('; ')
      failures.push(
        `mutation score ${pct(m.score)} < ${pct(score)} (${m.killed} killed, ${m.survived} survived, ${m.timeout} timeout); survivors: ${listed}` +
          (survivors.length > GATE_LISTED ? ` … and ${survivors.length - GATE_LISTED} more` : '')
      )
    }
  }
  return { passed: failures.length === 0, failures }
}
