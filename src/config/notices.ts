// What a config says that is not an error, as lines: warnings (a context path that does not
// exist, a repeated key) and the MassGen keys accepted but not acted on. validate prints them, and
// so does every run, so that no key is dropped without a word.
import { formatIssue } from '../errors.js'
import type { RunPlan, SourcePos } from './types.js'

export function warningLines(plan: RunPlan): string[] {
  return (plan.warnings ?? []).map((w) => formatIssue({ ...w, message: `warning: ${w.message}` }))
}

/** One line per reason, at the first place, naming every key path it covers. */
export function ignoredLines(plan: RunPlan): string[] {
  const byReason = new Map<string, { at: SourcePos; paths: string[] }>()
  for (const i of plan.ignored ?? []) {
    const entry = byReason.get(i.reason) ?? { at: i.at[0], paths: [] }
    entry.paths.push(i.at.length > 1 ? `${i.path} (×${i.at.length})` : i.path)
    byReason.set(i.reason, entry)
  }
  return [...byReason].map(([reason, { at, paths }]) =>
    formatIssue({ ...at, message: `ignored: ${paths.join(', ')}: ${reason}` })
  )
}
