// compare.evidence in the reports: changed-line coverage per file, mutants, the gate. Paths and
// code come from the agent's tree: capped and escaped by the caller's escapes.
import type { EvidenceResult, FileCoverage } from './evidence-types.js'
import { lineList } from '../lib/line-list.js'

const pct = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 1000) / 10} %`)

/** Per-file lines shown; results.json has them all. */
const MAX_FILES = 20
const MAX_SURVIVORS = 20

export function evidenceLines(
  ev: EvidenceResult,
  e: { text: (s: string, max: number) => string; code: (s: string) => string }
): string[] {
  const lines: string[] = []
  const c = ev.coverage
  if (c) {
    const f2p = c.failToPass ? `; by the fail-to-pass tests ${pct(c.failToPass.ratio)}` : ''
    lines.push(
      `changed-line coverage (${c.tool}, head suite): ${pct(c.suite.ratio)}${f2p}` +
        (c.problem ? ` — ${e.text(c.problem, 300)}` : '')
    )
    for (const f of c.suite.files.slice(0, MAX_FILES)) lines.push(fileLine(f, e))
    if (c.suite.files.length > MAX_FILES)
      lines.push(`… and ${c.suite.files.length - MAX_FILES} more file(s)`)
    for (const n of c.notes ?? []) lines.push(`coverage note: ${e.text(n, 300)}`)
  }
  const m = ev.mutation
  if (m) {
    lines.push(
      `mutation (${m.tool}): score ${pct(m.score)} — ${m.killed} killed, ${m.survived} survived, ${m.timeout} timeout (never counted as killed), ${m.error} error; ${m.found} found, ${m.skipped} not run` +
        (m.sampled ? `; ${e.text(m.sampled, 200)}` : '') +
        (m.problem ? ` — ${e.text(m.problem, 300)}` : '')
    )
    const survivors = m.mutants.filter((x) => x.outcome === 'survived')
    for (const x of survivors.slice(0, MAX_SURVIVORS))
      lines.push(
        `survived: ${e.code(`${x.path}:${x.line}`)} ${e.code(x.original)} → ${e.code(x.mutated)} (${e.text(x.operator, 40)})`
      )
    if (survivors.length > MAX_SURVIVORS)
      lines.push(`… and ${survivors.length - MAX_SURVIVORS} more survivor(s)`)
  }
  for (const n of ev.notes ?? []) lines.push(`evidence note: ${e.text(n, 300)}`)
  if (ev.problem) lines.push(`evidence: ${e.text(ev.problem, 300)}`)
  if (ev.gate) {
    lines.push(
      ev.gate.passed
        ? `compare.require met (${requireText(ev)})`
        : `❌ compare.require not met (${requireText(ev)}): ${ev.gate.failures.map((f) => e.text(f, 600)).join(' | ')}`
    )
  }
  return lines
}

function requireText(ev: EvidenceResult): string {
  const r = ev.require ?? {}
  return [
    r.changed_line_coverage !== undefined ? `changed_line_coverage ${r.changed_line_coverage}` : '',
    r.mutation_score !== undefined ? `mutation_score ${r.mutation_score}` : ''
  ]
    .filter(Boolean)
    .join(', ')
}

function fileLine(
  f: FileCoverage,
  e: { text: (s: string, max: number) => string; code: (s: string) => string }
) {
  const unc = f.uncovered.length
    ? `; uncovered: ${e.text(lineList([{ path: f.path, lines: f.uncovered }], 40).replace(`${f.path}:`, ''), 300)}`
    : ''
  return `${e.code(f.path)}: ${f.covered.length}/${f.changed.length} changed lines covered${unc}`
}

/** For the one-line step summary: " · changed-line coverage 50 % · mutation score 90 % · require not met". */
export function evidenceBrief(ev?: EvidenceResult): string {
  if (!ev) return ''
  const parts: string[] = []
  if (ev.coverage) parts.push(`changed-line coverage ${pct(ev.coverage.suite.ratio)}`)
  if (ev.mutation) parts.push(`mutation score ${pct(ev.mutation.score)}`)
  if (ev.gate) parts.push(ev.gate.passed ? 'require met' : 'require NOT met')
  return parts.map((p) => ` · ${p}`).join('')
}
