// Compare verdicts and flaky tests in the reports: the run's overall verdict for the action's
// outputs, and the per-step block under an agent's table in summary.md and the job summary.
// Test names come from agent-written reports: always capped and escaped.
import type { RunResults, StepResult, Transitions, Verdict } from './types.js'
import { evidenceLines } from './evidence.js'

export const VERDICT_ICON: Record<Verdict, string> = {
  'catches-change': '✅',
  'does-not-catch': '🟡',
  regression: '❌',
  error: '⚠️',
  untrusted: '🚫'
}

/** Names shown per list; the rest are counted ("… and 12 more"). results.json has them all. */
export const MAX_LISTED = 20

const WORST_FIRST: Verdict[] = [
  'error',
  'untrusted',
  'regression',
  'does-not-catch',
  'catches-change'
]

const LISTS: [keyof Transitions, string][] = [
  ['failToPass', 'fail → pass'],
  ['passToFail', 'pass → fail'],
  ['failToFail', 'fail → fail'],
  ['onlyHead', 'only on head (not run on base)'],
  ['onlyBase', 'only on base'],
  ['skipped', 'skipped on head'],
  ['flaky', 'flaky (outcome changed between attempts; never fail → pass)']
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
      const names = c.transitions[key] ?? []
      if (names.length) lines.push(item(`${label} (${names.length}): ${listed(names, e)}`))
    }
    // Pass-to-pass is only counted here; results.json has the names.
    if (c.transitions.passToPass.length)
      lines.push(item(`pass → pass: ${c.transitions.passToPass.length}`))
    for (const t of c.tamper ?? []) {
      lines.push(
        item(
          `${t.allowed ? 'allowed by compare.allow' : 'tampering'} (${e.text(t.kind, 40)}): ${e.code(t.path)} — ${e.text(t.detail, 200)}`
        )
      )
    }
    if (c.dirty?.length) {
      lines.push(
        item(
          `head is the work tree, not the commit: ${c.dirty.length} uncommitted or untracked file(s): ${listed(c.dirty, e)}`
        )
      )
    }
    if (c.rerun) {
      lines.push(
        item(
          `fail-to-pass re-run alone, each side in a fresh sandbox: base ${e.text(c.rerun.base, 200)}; head ${e.text(c.rerun.head, 200)}`
        )
      )
    }
    if (c.baseOwn) {
      const b = c.baseOwn
      lines.push(
        item(
          `base's own tests (base revision as is, fresh sandbox): ${b.collected ?? '-'} collected, ${b.checkedSkipped.length} skipped on head run there` +
            (b.problem ? `; not checked: ${e.text(b.problem, 200)}` : '')
        )
      )
    }
    if (c.evidence) lines.push(...evidenceLines(c.evidence, e).map(item))
    if (c.order) {
      lines.push(
        item(
          `sides: ${c.order.join(' then ')}, each in a fresh sandbox, ${c.attemptsPerSide ?? 1} attempt(s) each` +
            (c.collected
              ? `; pytest --collect-only: base ${c.collected.base ?? '-'}, head ${c.collected.head ?? '-'} ids`
              : '')
        )
      )
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

/** Verdicts a reviewer must hear about whatever fail-on says. */
const ANNOUNCED: Verdict[] = ['does-not-catch', 'untrusted', 'regression']

/** One annotation per compare step whose verdict is does-not-catch, untrusted or regression, and one per compare.require not met. */
export function verdictAnnotations(r: RunResults): { title: string; message: string }[] {
  return [...verdictOnly(r), ...gateAnnotations(r)]
}

function verdictOnly(r: RunResults): { title: string; message: string }[] {
  return r.agents.flatMap((a) =>
    a.commands.flatMap((s) =>
      s.compare && ANNOUNCED.includes(s.compare.verdict)
        ? [
            {
              title: `massgen-exec: ${a.id} step ${s.index + 1} compare: ${s.compare.verdict}`,
              message: `${s.name ?? s.command.split('\n')[0].slice(0, 100)}: ${s.compare.verdict}${s.compare.reason ? ` — ${s.compare.reason.slice(0, 500)}` : ''}`
            }
          ]
        : []
    )
  )
}

/** One annotation per compare step whose compare.require was not met: the uncovered lines and surviving mutants. */
export function gateAnnotations(r: RunResults): { title: string; message: string }[] {
  return r.agents.flatMap((a) =>
    a.commands.flatMap((s) => {
      const g = s.compare?.evidence?.gate
      return g && !g.passed
        ? [
            {
              title: `massgen-exec: ${a.id} step ${s.index + 1} compare.require not met`,
              message: g.failures.join('\n').slice(0, 4000)
            }
          ]
        : []
    })
  )
}

/** fail-on not-caught: why the run fails (some compare step did not say catches-change, or missed its compare.require), or undefined. */
export function notCaughtMessage(r: RunResults): string | undefined {
  const compared = steps(r).filter((s) => s.compare)
  if (!compared.length) return 'massgen-exec: fail-on not-caught, but no compare step ran'
  const gated = (s: StepResult) => s.compare!.evidence?.gate?.passed === false
  const bad = compared.filter((s) => s.compare!.verdict !== 'catches-change' || gated(s))
  if (!bad.length) return undefined
  const list = bad
    .map(
      (s) =>
        `step ${s.index + 1}: ${s.compare!.verdict}${gated(s) ? ' (compare.require not met)' : ''}`
    )
    .join(', ')
  return `massgen-exec: not every compare step catches the change (${list})`
}
