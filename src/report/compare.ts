// Compare verdicts and flaky tests in the reports: the run's overall verdict for the action's
// outputs, and the per-step block under an agent's table in summary.md and the job summary.
// Test names come from agent-written reports: always capped and escaped.
import type { RunResults, StepResult, Transitions, Verdict } from './types.js'

export const VERDICT_ICON: Record<Verdict, string> = {
  'catches-change': '✅',
  'does-not-catch': '🟡',
  regression: '❌',
  error: '⚠️'
}

/** Names shown per list; the rest are counted ("… and 12 more"). results.json has them all. */
export const MAX_LISTED = 20

const WORST_FIRST: Verdict[] = ['error', 'regression', 'does-not-catch', 'catches-change']

const LISTS: [keyof Transitions, string][] = [
  ['failToPass', 'fail → pass'],
  ['passToFail', 'pass → fail'],
  ['failToFail', 'fail → fail'],
  ['passToPass', 'pass → pass'],
  ['onlyHead', 'only on head (not run on base)'],
  ['onlyBase', 'only on base'],
  ['skipped', 'skipped on head']
]

const steps = (r: RunResults): StepResult[] => r.agents.flatMap((a) => a.commands)

/** The action's `verdict` (worst over all compare steps, '' when none) and `fail-to-pass`. */
export function compareOutputs(r: RunResults): { verdict: Verdict | ''; failToPass: string } {
  const verdicts = new Set(steps(r).flatMap((s) => (s.compare ? [s.compare.verdict] : [])))
  const verdict = WORST_FIRST.find((v) => verdicts.has(v)) ?? ''
  const names = new Set(steps(r).flatMap((s) => s.compare?.transitions.failToPass ?? []))
  return { verdict, failToPass: JSON.stringify([...names]) }
}

interface Escapes {
  text: (s: string, max: number) => string
  code: (s: string) => string
}

function block(s: StepResult, e: Escapes, item: (line: string) => string): string[] {
  const lines: string[] = []
  const c = s.compare
  if (c) {
    const revs =
      c.base && c.head
        ? ` (base ${e.code(c.base.slice(0, 12))}${c.baseRef && !c.base.startsWith(c.baseRef) ? ` = ${e.text(c.baseRef, 80)}` : ''} → head ${e.code(c.head.slice(0, 12))})`
        : ''
    lines.push(
      `${VERDICT_ICON[c.verdict]} step ${s.index + 1} compare: ${c.verdict}${revs}` +
        (c.reason ? ` — ${e.text(c.reason, 300)}` : '')
    )
    for (const [key, label] of LISTS) {
      const names = c.transitions[key]
      if (names.length) lines.push(item(`${label} (${names.length}): ${listed(names, e)}`))
    }
  }
  if (s.flaky?.length) {
    lines.push(
      `🔁 step ${s.index + 1}: flaky (failed, then passed on a retry; ${s.attempts?.length ?? 1} attempts): ${listed(s.flaky, e)}`
    )
  }
  return lines
}

function listed(names: string[], e: Escapes): string {
  const shown = names
    .slice(0, MAX_LISTED)
    .map((n) => e.code(n))
    .join(', ')
  return names.length > MAX_LISTED ? `${shown} … and ${names.length - MAX_LISTED} more` : shown
}

/** Markdown lines (summary.md) for a step's compare verdict and flaky tests; '' when none. */
export function compareMarkdown(s: StepResult, escape: (t: string, max: number) => string): string {
  const e: Escapes = { text: escape, code: (t) => `<code>${escape(t, 200)}</code>` }
  const lines = block(s, e, (l) => `  - ${l}`)
  return lines.length
    ? lines.map((l) => (l.startsWith('  - ') ? l : `- ${l}`)).join('\n') + '\n'
    : ''
}

/** The same as HTML (job summary). */
export function compareHtml(s: StepResult, escapeHtml: (t: string) => string): string {
  const clip = (t: string, max: number) => (t.length <= max ? t : t.slice(0, max - 1) + '…')
  const e: Escapes = {
    text: (t, max) => escapeHtml(clip(t, max)),
    code: (t) => `<code>${escapeHtml(clip(t, 200))}</code>`
  }
  const lines = block(s, e, (l) => `<li>${l}</li>`)
  if (!lines.length) return ''
  const out: string[] = []
  let inList = false
  for (const l of lines) {
    const isItem = l.startsWith('<li>')
    if (isItem && !inList) out.push('<ul>')
    if (!isItem && inList) out.push('</ul>')
    inList = isItem
    out.push(isItem ? l : `<p>${l}</p>`)
  }
  if (inList) out.push('</ul>')
  return out.join('\n') + '\n'
}
