// Writes results.json and summary.md into the output directory, through the redactor.
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EnvironmentError } from '../errors.js'
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
  ensureOutputDir(outDir)
  const resultsFile = join(outDir, 'results.json')
  const summaryFile = join(outDir, 'summary.md')
  writing(resultsFile, () =>
    writeFileSync(resultsFile, redact(JSON.stringify(results, null, 2)) + '\n')
  )
  writing(summaryFile, () => writeFileSync(summaryFile, redact(renderMarkdown(results))))
  return { resultsFile, summaryFile }
}

/**
 * Creates an output directory (results, logs, artifacts) and checks it can be written, before
 * anything runs: a directory this user cannot make or write is a clear exit 2 naming it, never a
 * stack trace from the first write.
 */
export function ensureOutputDir(dir: string): void {
  writing(dir, () => {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK | constants.X_OK)
  })
}

/** Runs a write; a filesystem refusal becomes an EnvironmentError naming the path. */
function writing(path: string, write: () => void): void {
  try {
    write()
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (!err.code || !FS_REFUSALS.has(err.code)) throw e
    throw new EnvironmentError(
      `cannot write the output directory ${path}: ${FS_REFUSALS.get(err.code)} (${err.code}); give an --out this user can write`
    )
  }
}

const FS_REFUSALS = new Map([
  ['EACCES', 'permission denied'],
  ['EPERM', 'not permitted'],
  ['EROFS', 'read-only file system'],
  ['ENOTDIR', 'a file is in the way'],
  ['EEXIST', 'a file is in the way'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'disk quota exceeded']
])
