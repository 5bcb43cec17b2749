// Egress in the reports: the refused destinations of an agent (summary.md, the job summary, one
// annotation each, the run log) and, in audit mode, the proposed allowed_domains list. Host names
// come from the agent's requests: always capped and escaped by the caller's escaper.
import type { AgentResult, EgressReport, RunResults } from './types.js'
import type { EgressDestination } from '../lib/egress/types.js'

/** Rows per agent in the summaries; results.json has them all. */
export const MAX_EGRESS_ROWS = 50
/** Annotations per run (GitHub shows ten of a kind per step anyway). */
export const MAX_EGRESS_ANNOTATIONS = 20

export interface NotAllowed extends EgressDestination {
  /** The step as people read it: `step 2 (deps)`, `preinstall`, `outside any step`. */
  step: string
  stepIndex: number
}

/** `step 2 (deps)`; the harness's pseudo-steps (index -1) by name. */
export function egressStepLabel(s: { index: number; name?: string }): string {
  if (s.index < 0) return s.name ?? 'outside any step'
  return `step ${s.index + 1}${s.name ? ` (${s.name})` : ''}`
}

/** Every destination that did not go out (refused, or did not resolve), in step order. */
export function notAllowed(report: EgressReport | undefined): NotAllowed[] {
  if (!report) return []
  return report.steps.flatMap((s) =>
    s.destinations
      .filter((d) => d.outcome !== 'allowed')
      .map((d) => ({ ...d, step: egressStepLabel(s), stepIndex: s.index }))
  )
}

export function destination(d: { host: string; port: number }): string {
  return `${d.host.includes(':') ? `[${d.host}]` : d.host}:${d.port}`
}

/** Entries safe to print verbatim in a YAML block (anything else was not a host name). */
function proposable(report: EgressReport): { safe: string[]; dropped: number } {
  const all = report.proposedAllowedDomains ?? []
  const safe = all.filter((e) => /^[a-z0-9._:[\]*-]{1,260}$/i.test(e))
  return { safe, dropped: all.length - safe.length }
}

function headline(report: EgressReport): string {
  const t = report.totals
  return `egress (${report.mode}): ${t.allowed} allowed, ${t.refused} refused, ${t.failed} failed connection(s)`
}

/** The run log's lines for one agent at its end. */
export function egressLogLines(agentId: string, report: EgressReport): string[] {
  const lines = [`[${agentId}] ${headline(report)}`]
  const refused = notAllowed(report)
  for (const d of refused.slice(0, MAX_EGRESS_ROWS))
    lines.push(
      `[${agentId}]   ${d.outcome} ${destination(d)} in ${d.step}: ${d.rule}${d.count > 1 ? ` (${d.count}×)` : ''}`
    )
  if (refused.length > MAX_EGRESS_ROWS)
    lines.push(`[${agentId}]   … and ${refused.length - MAX_EGRESS_ROWS} more in results.json`)
  if (report.mode === 'audit') {
    const { safe } = proposable(report)
    lines.push(
      `[${agentId}] egress audit: proposed command_line_egress.allowed_domains: ${JSON.stringify(safe)}`
    )
  }
  return lines
}

interface Escaper {
  text: (s: string, max: number) => string
}

function rows(a: AgentResult, e: Escaper): string[][] {
  return notAllowed(a.egress)
    .slice(0, MAX_EGRESS_ROWS)
    .map((d) => [
      e.text(d.step, 80),
      e.text(destination(d), 200),
      d.outcome,
      e.text(d.rule, 80),
      String(d.count),
      d.firstAt.slice(11, 19)
    ])
}

const HEAD = ['step', 'destination', 'outcome', 'rule', 'count', 'first (UTC)']

/** summary.md: the agent's refused destinations and the audit proposal; '' without egress. */
export function egressMarkdown(a: AgentResult, escape: (t: string, max: number) => string): string {
  const report = a.egress
  if (!report) return ''
  const lines = [`**${escape(headline(report), 200)}**`, '']
  const body = rows(a, { text: escape })
  if (body.length) {
    lines.push(`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`)
    for (const r of body) lines.push(`| ${r.join(' | ')} |`)
    const more = notAllowed(report).length - body.length
    if (more > 0) lines.push('', `… and ${more} more in results.json`)
    lines.push('')
  }
  if (report.mode === 'audit') {
    const { safe, dropped } = proposable(report)
    lines.push(
      'Proposed list (audit mode let every name through; names that never resolved are left out):',
      '',
      '```yaml',
      'command_line_egress:',
      `  allowed_domains: ${JSON.stringify(safe)}`,
      '```',
      ''
    )
    if (dropped) lines.push(`(${dropped} entries that are not host names left out)`, '')
  }
  return lines.join('\n') + '\n'
}

/** The same as HTML for the job summary. */
export function egressHtml(a: AgentResult, escapeHtml: (t: string) => string): string {
  const report = a.egress
  if (!report) return ''
  const clip = (t: string, max: number) => (t.length <= max ? t : t.slice(0, max - 1) + '…')
  const text = (t: string, max: number) => escapeHtml(clip(t, max))
  let html = `<p><b>${text(headline(report), 200)}</b></p>\n`
  const body = rows(a, { text })
  if (body.length) {
    html +=
      `<table><thead><tr>${HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>\n` +
      body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n') +
      '\n</tbody></table>\n'
    const more = notAllowed(report).length - body.length
    if (more > 0) html += `<p>… and ${more} more in results.json</p>\n`
  }
  if (report.mode === 'audit') {
    const { safe } = proposable(report)
    html +=
      '<p>Proposed list (audit mode let every name through; names that never resolved are left out):</p>\n' +
      `<pre>command_line_egress:\n  allowed_domains: ${escapeHtml(JSON.stringify(safe))}</pre>\n`
  }
  return html
}

/** One annotation per refused destination, naming the agent and the step (capped). */
export function egressAnnotations(r: RunResults): { title: string; message: string }[] {
  const all = r.agents.flatMap((a) =>
    notAllowed(a.egress)
      .filter((d) => d.outcome === 'refused')
      .map((d) => ({
        title: `massgen-exec: ${a.id} egress refused`,
        message:
          `${destination(d)} refused in ${d.step} (${d.rule}${d.count > 1 ? `, ${d.count}×` : ''})` +
          (d.reason ? ` — ${d.reason}` : '')
      }))
  )
  if (all.length <= MAX_EGRESS_ANNOTATIONS) return all
  return [
    ...all.slice(0, MAX_EGRESS_ANNOTATIONS),
    {
      title: 'massgen-exec: egress refused',
      message: `… and ${all.length - MAX_EGRESS_ANNOTATIONS} more refused destinations (see results.json)`
    }
  ]
}
