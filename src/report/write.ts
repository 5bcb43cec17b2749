// Writes results.json and summary.md into the output directory, through the redactor.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderMarkdown } from './markdown.js'
import type { Redactor } from './redact.js'
import type { RunResults } from './types.js'

export interface WrittenReports {
  resultsFile: string
  summaryFile: string
}

/** Synchronous on purpose: it also runs from signal handlers and crash paths. */
export function writeReports(
  outDir: string,
  results: RunResults,
  redactor?: Redactor
): WrittenReports {
  const redact = (s: string) => (redactor ? redactor.apply(s) : s)
  mkdirSync(outDir, { recursive: true })
  const resultsFile = join(outDir, 'results.json')
  const summaryFile = join(outDir, 'summary.md')
  writeFileSync(resultsFile, redact(JSON.stringify(results, null, 2)) + '\n')
  writeFileSync(summaryFile, redact(renderMarkdown(results)))
  return { resultsFile, summaryFile }
}
