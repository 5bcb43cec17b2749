// The egress part of the reports: under an agent's table in summary.md and the job summary, the
// totals, a table of refused destinations (step, destination, count, why) and, in audit mode, the
// proposed allowed_domains list; one annotation per refused destination naming its step. Host names
// come from the sandbox: always capped and escaped.
import type { EgressDestination } from '../runtime/egress/types.js'
import type { AgentResult } from './types.js'

/** Rows shown per agent; the rest are counted. results.json has them all. */
export const MAX_REFUSED_ROWS = 30

export interface RefusedRow {
  /** "step 2 (deps)", or "outside any step". */
  step: string
  stepIndex: number
  destination: string
  count: number
  rule: string
  reason: string
}

function destination(d: EgressDestination): string {
  return `${d.host.includes(':') ? `[${d.host}]` : d.host}:${d.port}`
}

export function refusedRows(a: AgentResult): RefusedRow[] {
  return (a.egress?.steps ?? []).flatMap((s) =>
    s.destinations
      .filter((d) => d.outcome === 'refused')
      .map((d) => ({
        step:
          s.index < 0
            ? 'outside any step'
            : `step ${s.index + 1}${s.name ? ` (${s.name})` : ''}${s.egress ? '' : ', egress: false'}`,
        stepIndex: s.index,
        destination: destination(d),
        count: d.count,
        rule: d.rule,
        reason: d.reason ?? ''
      }))
  )
}

export function egressHeadline(a: AgentResult): string {
  const e = a.egress
  if (!e) return ''
  const t = e.totals
  const failed = t.failed ? `, ${t.failed} failed` : ''
  return `egress (${e.mode}): ${t.allowed} allowed, ${t.refused} refused${failed}`
}

interface Escapes {
  text: (s: string, max: number) => string
  code: (s: string) => string
}

function render(a: AgentResult, esc: Escapes, html: boolean): string {
  const e = a.egress
  if (!e) return ''
  const rows = refusedRows(a)
  const shown = rows.slice(0, MAX_REFUSED_ROWS)
  const more = rows.length - shown.length
  const proposal = e.proposedAllowedDomains
    ? `proposed allowed_domains: ${e.proposedAllowedDomains.length ? e.proposedAllowedDomains.map((d) => esc.code(esc.text(d, 200))).join(', ') : '(none: nothing went out)'}`
    : ''
  const cells = (r: RefusedRow) => [
    esc.text(r.step, 80),
    esc.code(esc.text(r.destination, 200)),
    String(r.count),
    esc.text(r.reason || r.rule, 200)
  ]
  if (html) {
    let out = `<p>${esc.text(egressHeadline(a), 200)}</p>\n`
    if (shown.length)
      out +=
        '<table><thead><tr><th>step</th><th>refused destination</th><th>count</th><th>why</th></tr></thead><tbody>\n' +
        shown.map((r) => `<tr><td>${cells(r).join('</td><td>')}</td></tr>`).join('\n') +
        '\n</tbody></table>\n'
    if (more > 0) out += `<p>… and ${more} more refused destinations (results.json)</p>\n`
    if (proposal) out += `<p>${proposal}</p>\n`
    return out
  }
  const lines = [`**${esc.text(egressHeadline(a), 200)}**`, '']
  if (shown.length) {
    lines.push('| step | refused destination | count | why |', '|---|---|---|---|')
    for (const r of shown) lines.push(`| ${cells(r).join(' | ')} |`)
    lines.push('')
  }
  if (more > 0) lines.push(`… and ${more} more refused destinations (results.json)`, '')
  if (proposal) lines.push(proposal, '')
  return lines.join('\n')
}

export function egressMarkdown(a: AgentResult, escapeCell: (s: string, max: number) => string) {
  return render(a, { text: escapeCell, code: (s) => `<code>${s}</code>` }, false)
}

export function egressHtml(a: AgentResult, escapeHtml: (s: string) => string): string {
  return render(
    a,
    {
      text: (s, max) => escapeHtml(s.length > max ? s.slice(0, max - 1) + '…' : s),
      code: (s) => `<code>${s}</code>`
    },
    true
  )
}

/** Plain lines for the CLI: the totals, each refused destination, the audit proposal. */
export function egressLines(a: AgentResult): string[] {
  const e = a.egress
  if (!e) return []
  return [
    egressHeadline(a),
    ...refusedRows(a).map(
      (r) => `  refused ${r.destination} (${r.count}×) in ${r.step}: ${r.reason || r.rule}`
    ),
    ...(e.proposedAllowedDomains
      ? [`  proposed allowed_domains: ${JSON.stringify(e.proposedAllowedDomains)}`]
      : [])
  ]
}

/** One annotation per refused destination: [message, title]. */
export function egressAnnotations(a: AgentResult): { message: string; title: string }[] {
  return refusedRows(a).map((r) => ({
    message: `egress refused: ${r.destination} (${r.count}×) — ${r.reason || r.rule}`,
    title: `massgen-exec: ${a.id} ${r.step}`
  }))
}
