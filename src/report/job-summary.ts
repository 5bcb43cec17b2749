// The job summary (GITHUB_STEP_SUMMARY) as HTML: totals, a table per agent, the tail of each
// failed step's output. Every agent-controlled string is HTML-escaped, and the page is kept
// under GitHub's 1 MiB limit by shortening output tails first, then dropping them.
import { compareHtml } from './compare.js'
import { egressHtml } from './egress.js'
import { formatDuration, STATUS_ICON, totalsLine } from './markdown.js'
import { trustLine } from './trust.js'
import type { AgentResult, RunResults, StepResult } from './types.js'

export const SUMMARY_LIMIT_BYTES = 1024 * 1024
const BUDGET = SUMMARY_LIMIT_BYTES - 64 * 1024 // headroom for other steps' summaries

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…'
}

function tail(s: string, maxChars: number): string {
  if (s.length <= maxChars) return s
  return '…' + s.slice(s.length - maxChars)
}

function stepRow(s: StepResult): string {
  const cells = [
    String(s.index + 1),
    (s.name ? `${escapeHtml(clip(s.name, 80))}: ` : '') +
      `<code>${escapeHtml(clip(s.command.replace(/\s*\n\s*/g, ' ⏎ '), 160))}</code>`,
    `${STATUS_ICON[s.status]} ${s.status}${s.allowFailure && s.status !== 'passed' ? ' (allowed)' : ''}`,
    s.exitCode === null ? '' : String(s.exitCode),
    formatDuration(s.durationMs),
    escapeHtml(clip(s.reason ?? '', 200)) + junitCell(s)
  ]
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`
}

function junitCell(s: StepResult): string {
  const j = s.junit
  if (!j) return ''
  if (j.error) return `<br>JUnit: ${escapeHtml(clip(j.error, 200))}`
  const failedNames = j.failed.length
    ? `<br>failing: ${j.failed
        .slice(0, 10)
        .map((n) => `<code>${escapeHtml(clip(n, 120))}</code>`)
        .join(', ')}`
    : ''
  return `<br>JUnit: ${j.tests} tests, ${j.failures} failures, ${j.errors} errors, ${j.skipped} skipped${failedNames}`
}

function failureDetails(a: AgentResult, s: StepResult, tailChars: number): string {
  if (tailChars <= 0) return ''
  const out = [
    s.stdout && `stdout:\n${tail(s.stdout, tailChars)}`,
    s.stderr && `stderr:\n${tail(s.stderr, tailChars)}`
  ]
    .filter(Boolean)
    .join('\n')
  if (!out) return ''
  return (
    `<details><summary>${escapeHtml(a.id)} · step ${s.index + 1}: output (last ${tailChars} characters)</summary>\n\n` +
    `<pre>${escapeHtml(out)}</pre>\n</details>\n`
  )
}

function agentSection(a: AgentResult, tailChars: number): string {
  const runtime =
    typeof a.limits?.runtime === 'string' ? ` · runtime ${escapeHtml(a.limits.runtime)}` : ''
  const where = a.mode === 'docker' ? `docker · ${escapeHtml(a.image ?? '')}${runtime}` : a.mode
  let html = `<h3>${STATUS_ICON[a.status]} ${escapeHtml(a.id)} <sub>${where} · ${formatDuration(a.durationMs)}</sub></h3>\n`
  if (a.error) html += `<p><b>Error:</b> ${escapeHtml(clip(a.error, 2000))}</p>\n`
  if (a.note) html += `<p>${escapeHtml(clip(a.note, 2000))}</p>\n`
  if (a.commands.length) {
    html +=
      '<table><thead><tr><th>#</th><th>step</th><th>status</th><th>exit</th><th>duration</th><th>note</th></tr></thead><tbody>\n' +
      a.commands.map(stepRow).join('\n') +
      '\n</tbody></table>\n' +
      a.commands.map((s) => compareHtml(s, escapeHtml)).join('')
  }
  html += egressHtml(a, escapeHtml)
  for (const s of a.commands) {
    if (s.status !== 'passed' && s.status !== 'skipped') html += failureDetails(a, s, tailChars)
  }
  return html
}

export function renderJobSummary(r: RunResults, artifactUrl?: string): string {
  const head =
    `<h2>massgen-exec: ${STATUS_ICON[r.status]} ${r.status}</h2>\n` +
    `<p>${escapeHtml(totalsLine(r))} · ${formatDuration(r.durationMs)} · config <code>${escapeHtml(r.config)}</code>` +
    (artifactUrl ? ` · <a href="${escapeHtml(artifactUrl)}">results artifact</a>` : '') +
    '</p>\n' +
    (trustLine(r) ? `<p>${escapeHtml(trustLine(r))}</p>\n` : '') +
    (r.error ? `<p><b>Error:</b> ${escapeHtml(clip(r.error, 4000))}</p>\n` : '')
  // Shrink the output tails until the page fits.
  for (const tailChars of [4000, 1500, 500, 0]) {
    const html = head + r.agents.map((a) => agentSection(a, tailChars)).join('')
    if (Buffer.byteLength(html) <= BUDGET) return html
  }
  // Even the tables do not fit (thousands of steps): keep the head and say where the rest is.
  return (
    head +
    '<p>The step tables are too large for the job summary; see results.json in the artifact.</p>\n'
  )
}
