// summary.md: totals and one table per agent. Agent output never goes into a table cell
// unescaped, so it can neither break the table nor inject HTML when GitHub renders it.
import { failedLike, outputTail } from './output-tail.js'
import { compareMarkdown } from './compare.js'
import { evidenceBrief } from './evidence.js'
import { egressMarkdown } from './egress.js'
import { trustLine } from './trust.js'
import type { AgentResult, RunResults, RunStatus, StepResult, StepStatus } from './types.js'

/** The one icon table for every status a run, an agent or a step can have. */
export const STATUS_ICON: Record<StepStatus | RunStatus, string> = {
  running: '🔄',
  passed: '✅',
  failed: '❌',
  blocked: '⛔',
  timeout: '⏱️',
  oom: '💥',
  error: '⚠️',
  skipped: '⏭️'
}

/** Escapes text for a Markdown table cell rendered by GitHub (HTML allowed there). */
export function escapeCell(text: string, max = 120): string {
  let t = text.replace(/\r?\n/g, ' ⏎ ')
  if (t.length > max) t = t.slice(0, max - 1) + '…'
  return t
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '&#124;')
    .replace(/`/g, '&#96;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/\*/g, '&#42;')
    .replace(/_/g, '&#95;')
    .replace(/@/g, '&#64;')
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
}

export function totalsLine(r: RunResults): string {
  const t = r.totals
  const parts = [`${t.passed} passed`, `${t.failed} failed`]
  if (t.blocked) parts.push(`${t.blocked} blocked`)
  if (t.timedOut) parts.push(`${t.timedOut} timed out`)
  if (t.oom) parts.push(`${t.oom} out of memory`)
  if (t.errored) parts.push(`${t.errored} errors`)
  if (t.skipped) parts.push(`${t.skipped} skipped`)
  return `${t.commands} steps: ${parts.join(', ')}`
}

export function stepRow(s: StepResult): string[] {
  const label = s.name ? `${escapeCell(s.name, 60)}: ` : ''
  const status =
    `${STATUS_ICON[s.status]} ${s.status}` +
    (s.allowFailure && s.status !== 'passed' ? ' (allowed)' : '') +
    (s.truncated ? ' ✂️' : '')
  return [
    String(s.index + 1),
    `${label}<code>${escapeCell(s.command)}</code>`,
    status,
    s.exitCode === null ? '' : String(s.exitCode),
    formatDuration(s.durationMs),
    s.reason ? escapeCell(s.reason) : ''
  ]
}

function agentTable(a: AgentResult): string {
  const runtime =
    typeof a.limits?.runtime === 'string' ? `, runtime ${escapeCell(a.limits.runtime, 40)}` : ''
  const where = a.mode === 'docker' ? `docker, ${escapeCell(a.image ?? '', 80)}${runtime}` : a.mode
  const lines = [`### ${STATUS_ICON[a.status]} ${escapeCell(a.id)} (${where}) — ${a.status}`, '']
  if (a.error) lines.push(`> ${escapeCell(a.error, 500)}`, '')
  if (a.note) lines.push(`> ${escapeCell(a.note, 500)}`, '')
  if (a.commands.length) {
    lines.push('| # | step | status | exit | duration | note |', '|---|---|---|---|---|---|')
    for (const s of a.commands) lines.push(`| ${stepRow(s).join(' | ')} |`)
    lines.push('')
    const compared = a.commands.map((s) => compareMarkdown(s, escapeCell)).join('')
    if (compared) lines.push(compared)
    for (const s of a.commands.filter(failedLike)) lines.push(...failedTail(s))
  }
  const egress = egressMarkdown(a, escapeCell)
  if (egress) lines.push(egress)
  return lines.join('\n')
}

/** A failed step's last output lines, folded, as <pre> (HTML-escaped: the output is untrusted). */
function failedTail(s: StepResult): string[] {
  const tail = outputTail(s)
  if (!tail.length) return []
  const html = tail.join('\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return [
    `<details><summary>step ${s.index + 1} ${s.status}: last ${tail.length} output lines</summary>`,
    '',
    `<pre>${html}</pre>`,
    '</details>',
    ''
  ]
}

export function renderMarkdown(r: RunResults): string {
  const head = [
    `## massgen-exec: ${r.status}`,
    '',
    `${totalsLine(r)} · ${formatDuration(r.durationMs)} · config \`${escapeCell(r.config, 200)}\``,
    ''
  ]
  if (trustLine(r)) head.push(escapeCell(trustLine(r), 600), '')
  if (r.error) head.push(`> **Error:** ${escapeCell(r.error, 1000)}`, '')
  return head.join('\n') + r.agents.map(agentTable).join('\n')
}

/** One plain line per step, as the CLI prints it and the action logs it. */
export function stepLine(s: StepResult): string {
  const label = s.name ?? s.command.split('\n')[0].slice(0, 80)
  const exit =
    s.exitCode !== null && s.status !== 'passed' && !s.reason ? ` (exit ${s.exitCode})` : ''
  const reason = s.reason && s.status !== 'passed' ? ` — ${s.reason}` : ''
  const compare = s.compare
    ? ` · compare: ${s.compare.verdict}${evidenceBrief(s.compare.evidence)}`
    : ''
  const flaky = s.flaky?.length ? ` · flaky: ${s.flaky.length}` : ''
  return `${s.status.toUpperCase()} ${label}${exit}${reason}${compare}${flaky} [${s.durationMs} ms]`
}
