// compare.require: the evidence measured against the gate. Pure. Evidence that was asked for by
// the gate but not measured (a verdict the evidence does not run on, a tool that failed) fails
// it: a gate that cannot be checked does not pass.
import { lineList } from '../../../lib/line-list.js'
import type { CoverageReport, EvidenceRequire, MutationReport } from './types.js'

/** Uncovered lines and survivors listed in a failure (the results have them all). */
export const GATE_LISTED = 20

const pct = (r: number) => `${Math.round(r * 1000) / 10} %`

export function checkGate(
  req: EvidenceRequire,
  ev: {
    coverage?: CoverageReport
    mutation?: MutationReport
    notRun?: string
    /** Changed source lines found (a measure with nothing measured on them is not a pass). */
    changedLines?: number
    /** Changed files the evidence could not look at (over the limit, unreadable). */
    incomplete?: string
  }
): { passed: boolean; failures: string[] } {
  const failures: string[] = []
  if (
    ev.incomplete &&
    (req.changed_line_coverage !== undefined || req.mutation_score !== undefined)
  )
    failures.push(`evidence incomplete, the gate cannot pass: ${ev.incomplete} not measured`)
  const changed = ev.changedLines ?? 0
  const want = req.changed_line_coverage
  if (want !== undefined) {
    const c = ev.coverage
    if (!c || c.problem) {
      failures.push(
        `changed-line coverage required ≥ ${pct(want)}, not measured: ${ev.notRun ?? c?.problem ?? 'no coverage'}`
      )
    } else if (c.suite.ratio === null && changed > 0) {
      // Changed lines exist but none was measurable (e.g. TypeScript without source maps).
      failures.push(
        `changed-line coverage required ≥ ${pct(want)}, not measured: none of the ${changed} changed line(s) is in a file coverage could measure${c.notes?.length ? ` (${c.notes.join('; ')})` : ''}`
      )
    } else if (c.suite.ratio !== null && c.suite.ratio < want) {
      const uncovered = c.suite.files.map((f) => ({ path: f.path, lines: f.uncovered }))
      failures.push(
        `changed-line coverage ${pct(c.suite.ratio)} < ${pct(want)}; uncovered: ${lineList(uncovered, GATE_LISTED)}`
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
    } else if (m.score === null && m.found === 0 && changed > 0) {
      failures.push(
        `mutation score required ≥ ${pct(score)}, not measured: no mutant on the ${changed} changed line(s)${m.problem ? ` (${m.problem})` : ''}`
      )
    } else if (m.score === null && m.timeout + m.error > 0) {
      // Timeouts are never kills: mutants that all time out or break prove nothing either way.
      failures.push(
        `mutation score required ≥ ${pct(score)}, none scored: ${m.timeout} timeout, ${m.error} error, 0 killed or survived`
      )
    } else if (m.error > m.killed + m.survived) {
      // Errors leave the score; a score carried by a few mutants among many errors proves little.
      failures.push(
        `mutation score required ≥ ${pct(score)}, not measured: ${m.error} mutant(s) errored, more than the ${m.killed + m.survived} scored`
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
