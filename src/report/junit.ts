// Summarises a JUnit XML report (pytest --junitxml, jest-junit, surefire, …) that a step wrote
// into its agent's workspace. The workspace is written by the agent, so the report is read
// without following symlinks out of it, and with a size cap.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { constants } from 'node:fs'
import { lstat, open, realpath } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import { ReportError } from '../errors.js'
import { isInside } from '../lib/paths.js'
import type { JunitSummary } from './types.js'

export const MAX_JUNIT_BYTES = 20 * 1024 * 1024
export const MAX_FAILED_NAMES = 50

type XmlNode = Record<string, unknown>

/** One test's outcome; a test reported twice (pytest's teardown error) appears twice. */
export interface JunitCase {
  /** "classname › name" (the suite's name when the case has no classname). */
  id: string
  outcome: 'pass' | 'fail' | 'skip'
}

export interface JunitReport {
  summary: JunitSummary
  cases: JunitCase[]
  /** The file does not exist (as opposed to existing and being unreadable). */
  missing: boolean
}

export async function readJunit(path: string, workspace: string): Promise<JunitSummary> {
  return (await readJunitReport(path, workspace)).summary
}

export async function readJunitReport(path: string, workspace: string): Promise<JunitReport> {
  try {
    const xml = await readInsideWorkspace(path, workspace)
    const { cases, ...counts } = summarise(xml)
    return { summary: { file: path, ...counts }, cases, missing: false }
  } catch (e) {
    const error = e instanceof ReportError ? e.message : `cannot read ${path}: ${describe(e)}`
    return {
      summary: { file: path, tests: 0, failures: 0, errors: 0, skipped: 0, failed: [], error },
      cases: [],
      missing: (e as NodeJS.ErrnoException).code === 'ENOENT'
    }
  }
}

function describe(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'ELOOP') return 'it is a symlink'
  return e instanceof Error ? e.message : String(e)
}

/** `path` (relative to the workspace, or absolute) as UTF-8, refusing anything that leaves it. */
async function readInsideWorkspace(path: string, workspace: string): Promise<string> {
  const root = await realpath(workspace)
  const real = await realpath(isAbsolute(path) ? path : join(workspace, path))
  if (!isInside(real, root)) {
    throw new ReportError(`${path} resolves outside the workspace; refusing to read it`)
  }
  const rel = relative(root, real)
  // realpath returned a symlink-free path; a symlink found now was swapped in since.
  let current = root
  let last
  for (const part of rel.split(sep)) {
    current = join(current, part)
    last = await lstat(current)
    if (last.isSymbolicLink()) throw new ReportError(`${path} changed while being read`)
  }
  const fh = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const st = await fh.stat()
    if (!st.isFile()) throw new ReportError(`${path} is not a regular file`)
    if (last && (st.dev !== last.dev || st.ino !== last.ino)) {
      throw new ReportError(`${path} changed while being read`)
    }
    if (st.size > MAX_JUNIT_BYTES) {
      throw new ReportError(`${path} is ${st.size} bytes, over the ${MAX_JUNIT_BYTES}-byte cap`)
    }
    // Read at most the cap even if the file grows meanwhile.
    const buf = Buffer.alloc(Math.min(st.size, MAX_JUNIT_BYTES) + 1)
    let length = 0
    while (length < buf.length) {
      const { bytesRead } = await fh.read(buf, length, buf.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
    }
    if (length > MAX_JUNIT_BYTES) throw new ReportError(`${path} grew past the size cap`)
    return buf.subarray(0, length).toString('utf8')
  } finally {
    await fh.close()
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'testsuite' || name === 'testcase'
})

/** Child elements; an element with neither attributes nor children parses as '' and counts. */
const children = (node: XmlNode, tag: string): XmlNode[] =>
  Array.isArray(node[tag]) ? (node[tag] as unknown[]).map((c) => (isNode(c) ? c : {})) : []

const isNode = (v: unknown): v is XmlNode => typeof v === 'object' && v !== null

const attr = (node: XmlNode, name: string): string | undefined => {
  const v = node[`@_${name}`]
  return typeof v === 'string' ? v : undefined
}

const count = (node: XmlNode, ...names: string[]): number => {
  for (const n of names) {
    const v = Number.parseInt(attr(node, n) ?? '', 10)
    if (Number.isFinite(v) && v >= 0) return v
  }
  return 0
}

type Counts = Omit<JunitSummary, 'file' | 'error'>

function summarise(text: string): Counts & { cases: JunitCase[] } {
  const xml = text.replace(/^\uFEFF/, '')
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    const { msg, line, col } = valid.err
    throw new ReportError(`malformed XML at line ${line}, column ${col}: ${msg}`)
  }
  const doc = parser.parse(xml) as XmlNode
  const suitesRoot = isNode(doc.testsuites) ? doc.testsuites : undefined
  const topSuites = suitesRoot ? children(suitesRoot, 'testsuite') : children(doc, 'testsuite')
  if (!suitesRoot && topSuites.length === 0) {
    throw new ReportError('not a JUnit report: no <testsuites> or <testsuite> root element')
  }

  const out: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, failed: [] }
  const cases: JunitCase[] = []
  const visit = (suite: XmlNode, suiteName: string | undefined): void => {
    let previous: string | undefined
    for (const tc of children(suite, 'testcase')) {
      const owner = attr(tc, 'classname') || suiteName
      const named = attr(tc, 'name')
      const name = named ?? '(unnamed)'
      const label = owner ? `${owner} › ${name}` : name
      // pytest reports a teardown error as a second case right after the first, same name: one
      // test with two outcomes (its own totals count it so too).
      if (label !== previous) out.tests++
      previous = named === undefined ? undefined : label
      // One outcome per case element.
      const outcome =
        'failure' in tc ? 'failures' : 'error' in tc ? 'errors' : 'skipped' in tc ? 'skipped' : ''
      cases.push({
        id: label,
        outcome: !outcome ? 'pass' : outcome === 'skipped' ? 'skip' : 'fail'
      })
      if (!outcome) continue
      out[outcome]++
      if (outcome === 'skipped' || out.failed.length >= MAX_FAILED_NAMES) continue
      if (!out.failed.includes(label)) out.failed.push(label)
    }
    for (const child of children(suite, 'testsuite')) visit(child, attr(child, 'name'))
  }
  if (suitesRoot) visit(suitesRoot, undefined)
  else for (const s of topSuites) visit(s, attr(s, 'name'))

  if (out.tests === 0) {
    // Only totals recorded (or no tests ran): trust the attributes of the outermost element.
    const holders = suitesRoot && attr(suitesRoot, 'tests') !== undefined ? [suitesRoot] : topSuites
    for (const h of holders) {
      out.tests += count(h, 'tests')
      out.failures += count(h, 'failures')
      out.errors += count(h, 'errors')
      out.skipped += count(h, 'skipped', 'skips', 'disabled')
    }
  }
  return { ...out, cases }
}
