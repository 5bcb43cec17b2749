// isolation.json and the probe × agent matrix (Markdown for isolation.md, HTML for the job
// summary). Details come from agents' containers in part, so every cell is escaped.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { escapeHtml } from '../report/job-summary.js'
import { escapeCell, formatDuration } from '../report/markdown.js'
import { trustLine } from '../report/trust.js'
import type { IsolationReport, ProbeResult, ProbeStatus } from './types.js'

const ICON: Record<ProbeStatus, string> = { pass: '✅', fail: '❌', skip: '⏭️' }

export interface WrittenIsolation {
  resultsFile: string
  summaryFile: string
}

export function countStatuses(report: IsolationReport): Record<ProbeStatus, number> {
  const counts: Record<ProbeStatus, number> = { pass: 0, fail: 0, skip: 0 }
  for (const a of report.agents) for (const r of a.results) counts[r.status]++
  return counts
}

export function headline(report: IsolationReport): string {
  const c = countStatuses(report)
  return `${report.agents.length} agent(s) × ${report.probes.length} probes: ${c.pass} pass, ${c.fail} fail, ${c.skip} skip`
}

function cell(r: ProbeResult | undefined): ProbeStatus | undefined {
  return r?.status
}

function engineLine(report: IsolationReport): string {
  const e = report.engine
  return [
    e.docker && `Docker ${e.docker}`,
    e.containerd && `containerd ${e.containerd}`,
    e.runc && `runc ${e.runc}`,
    e.cgroupVersion && `cgroup v${e.cgroupVersion}`,
    e.runtimes?.length &&
      `runtimes ${e.runtimes.join(', ')}${e.defaultRuntime ? ` (default ${e.defaultRuntime})` : ''}`,
    report.expectRuntime && `expected runtime ${report.expectRuntime}`
  ]
    .filter(Boolean)
    .join(' · ')
}

export function renderIsolationMarkdown(report: IsolationReport): string {
  const lines = [
    `## massgen-exec verify-isolation: ${report.status}`,
    '',
    `${headline(report)} · ${formatDuration(report.durationMs)} · config \`${escapeCell(report.config, 200)}\``,
    '',
    escapeCell(engineLine(report), 300),
    ''
  ]
  if (trustLine(report)) lines.push(escapeCell(trustLine(report), 600), '')
  if (report.error) lines.push(`> **Error:** ${escapeCell(report.error, 1000)}`, '')
  for (const n of report.notProbed)
    lines.push(`> ${escapeCell(n.id)} not probed: ${escapeCell(n.reason, 300)}`, '')
  if (report.agents.length) {
    lines.push(`| # | probe | ${report.agents.map((a) => escapeCell(a.id, 40)).join(' | ')} |`)
    lines.push(`|---|---|${report.agents.map(() => '---').join('|')}|`)
    for (const p of report.probes) {
      const cells = report.agents.map((a) => {
        const s = cell(a.results.find((r) => r.id === p.id))
        return s ? `${ICON[s]} ${s}` : ''
      })
      lines.push(`| ${p.number} | ${escapeCell(p.title, 90)} | ${cells.join(' | ')} |`)
    }
    lines.push('', '### Details', '')
    for (const a of report.agents) {
      lines.push(
        `#### ${escapeCell(a.id)}${a.container ? ` (${escapeCell(a.container, 80)}${a.runtime ? `, runtime ${escapeCell(a.runtime, 40)}` : ''})` : ''}`,
        ''
      )
      if (a.error) lines.push(`> ${escapeCell(a.error, 500)}`, '')
      for (const r of a.results)
        lines.push(
          `- ${ICON[r.status]} **${r.number}** ${escapeCell(r.id, 40)}: ${escapeCell(r.detail, 600)}`
        )
      lines.push('')
    }
  }
  return lines.join('\n')
}

/** The job summary section: the matrix with each cell's detail in its tooltip and below. */
export function renderIsolationHtml(report: IsolationReport): string {
  const mark = report.status === 'passed' ? '✅' : report.status === 'failed' ? '❌' : '⚠️'
  let html =
    `<h2>massgen-exec verify-isolation: ${mark} ${escapeHtml(report.status)}</h2>\n` +
    `<p>${escapeHtml(headline(report))} · ${formatDuration(report.durationMs)} · config <code>${escapeHtml(report.config)}</code></p>\n` +
    `<p>${escapeHtml(engineLine(report))}</p>\n` +
    (trustLine(report) ? `<p>${escapeHtml(trustLine(report))}</p>\n` : '')
  if (report.error) html += `<p><b>Error:</b> ${escapeHtml(report.error.slice(0, 4000))}</p>\n`
  for (const n of report.notProbed)
    html += `<p>${escapeHtml(n.id)} not probed: ${escapeHtml(n.reason)}</p>\n`
  if (!report.agents.length) return html
  html += `<table><thead><tr><th>#</th><th>probe</th>${report.agents.map((a) => `<th>${escapeHtml(a.id)}</th>`).join('')}</tr></thead><tbody>\n`
  for (const p of report.probes) {
    const cells = report.agents.map((a) => {
      const r = a.results.find((x) => x.id === p.id)
      if (!r) return '<td></td>'
      return `<td title="${escapeHtml(r.detail.slice(0, 500))}">${ICON[r.status]} ${r.status}</td>`
    })
    html += `<tr><td>${p.number}</td><td>${escapeHtml(p.title)}</td>${cells.join('')}</tr>\n`
  }
  html += '</tbody></table>\n'
  for (const a of report.agents) {
    const notable = a.results.filter((r) => r.status !== 'pass')
    html += `<details><summary>${escapeHtml(a.id)}: details (${notable.length} not passed)</summary>\n<ul>\n`
    if (a.error) html += `<li><b>Error:</b> ${escapeHtml(a.error)}</li>\n`
    for (const r of a.results)
      html += `<li>${ICON[r.status]} ${r.number} <code>${escapeHtml(r.id)}</code>: ${escapeHtml(r.detail.slice(0, 1000))}</li>\n`
    html += '</ul>\n</details>\n'
  }
  return html
}

/** Synchronous, like writeReports: it also runs on crash paths. */
export function writeIsolationReport(outDir: string, report: IsolationReport): WrittenIsolation {
  mkdirSync(outDir, { recursive: true })
  const resultsFile = join(outDir, 'isolation.json')
  const summaryFile = join(outDir, 'isolation.md')
  writeFileSync(resultsFile, JSON.stringify(report, null, 2) + '\n')
  writeFileSync(summaryFile, renderIsolationMarkdown(report))
  return { resultsFile, summaryFile }
}
