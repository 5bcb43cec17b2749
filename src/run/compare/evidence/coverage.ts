// Coverage of the changed lines. Pure: harness files and environments out, reports in, per-file
// changed / covered / uncovered lines out.
//
// Python: coverage.py started in every Python process of the step through a harness
// `sitecustomize.py` (coverage's documented subprocess hook, COVERAGE_PROCESS_START naming the
// harness rcfile), so the step's command runs as written, whatever wraps pytest. The rcfile is
// ours, outside the tree: coverage reads only the file it is given, so a `.coveragerc`,
// `setup.cfg [coverage:*]` or `pyproject [tool.coverage]` in the head tree changes nothing, and
// its `exclude_lines` matches nothing, so `# pragma: no cover` hides no changed line. A harness
// pytest plugin (PYTEST_PLUGINS) names each test's lines with its node id (coverage contexts),
// which gives the fail-to-pass tests' own coverage and the tests covering each line.
//
// JavaScript: NODE_V8_COVERAGE makes every node process write its V8 block coverage; byte ranges
// are mapped to the lines of the file as it is on disk (no source maps: a file node runs after a
// transform, e.g. jest's babel or TypeScript, is mapped wrongly; see the README).
import type { ChangedFile, CoverageReport, FileCoverage } from './types.js'

export const PLUGIN_MODULE = 'mgx_evidence_ctx'

/** The harness rcfile: `source` the tree, data in `dataDir`, the JSON report at `json`. */
export function rcfile(o: { source: string; dataFile: string; json: string }): string {
  return [
    '[run]',
    `source = ${o.source}`,
    `data_file = ${o.dataFile}`,
    'parallel = True',
    'branch = False',
    'relative_files = False',
    'disable_warnings = no-data-collected, module-not-measured, module-not-imported, include-ignored',
    '',
    '[report]',
    // Replaces the default "# pragma: no cover": a pattern no source line holds.
    'exclude_lines = ',
    '    MGX_EVIDENCE_EXCLUDES_NOTHING_8d1f2c',
    'ignore_errors = True',
    '',
    '[json]',
    `output = ${o.json}`,
    'show_contexts = True',
    ''
  ].join('\n')
}

/** Starts coverage in every Python process that finds it first on sys.path (PYTHONPATH). */
export const SITECUSTOMIZE = `import os
if os.environ.get("COVERAGE_PROCESS_START"):
    try:
        import coverage
        coverage.process_startup()
    except Exception as e:
        import sys
        sys.stderr.write("massgen-exec evidence: coverage not started: %r\\n" % (e,))
`

/** pytest plugin: each test's lines under its node id (setup, call and teardown alike). */
export const CONTEXT_PLUGIN = `import pytest

def _cov():
    try:
        import coverage
        return coverage.Coverage.current()
    except Exception:
        return None

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cov = _cov()
    if cov is not None:
        cov.switch_context(item.nodeid)
    try:
        yield
    finally:
        if cov is not None:
            cov.switch_context("")
`

/** The environment of the Python coverage run (harness directory first on PYTHONPATH). */
export function pythonEnv(
  stepEnv: Record<string, string>,
  o: { harnessDir: string; rc: string }
): Record<string, string> {
  const prior = stepEnv.PYTHONPATH
  return {
    ...stepEnv,
    PYTHONPATH: prior ? `${o.harnessDir}:${prior}` : o.harnessDir,
    COVERAGE_PROCESS_START: o.rc,
    PYTEST_PLUGINS: stepEnv.PYTEST_PLUGINS
      ? `${PLUGIN_MODULE},${stepEnv.PYTEST_PLUGINS}`
      : PLUGIN_MODULE
  }
}

/** coverage.py's JSON report (the parts read here). */
export interface CoveragePyJson {
  files?: Record<
    string,
    {
      executed_lines?: number[]
      missing_lines?: number[]
      excluded_lines?: number[]
      contexts?: Record<string, string[]>
    }
  >
}

/** Lines that hold code by a plain reading (used where the tool says nothing about a file). */
export function codeLines(text: string, lines: number[], lang: 'py' | 'js'): number[] {
  const src = text.split('\n')
  const comment = lang === 'py' ? /^\s*(#.*)?$/ : /^\s*(\/\/.*|\/\*.*|\*.*)?$/
  const punctuation = /^[\s{}()[\];,]*$/
  return lines.filter((n) => {
    const l = src[n - 1]
    return l !== undefined && !comment.test(l) && !(lang === 'js' && punctuation.test(l))
  })
}

export const ratioOf = (files: FileCoverage[]): number | null => {
  const changed = files.reduce((n, f) => n + f.changed.length, 0)
  const covered = files.reduce((n, f) => n + f.covered.length, 0)
  return changed ? covered / changed : null
}

function fileCoverage(path: string, changed: number[], isCovered: (n: number) => boolean) {
  const covered = changed.filter(isCovered)
  return { path, changed, covered, uncovered: changed.filter((n) => !isCovered(n)) }
}

export interface MappedCoverage {
  report: CoverageReport
  /** "path:line" → node ids of the tests that run it. */
  coveringTests: Record<string, string[]>
}

/**
 * coverage.py's JSON (absolute paths in the sandbox) → per changed file. `tree`: the tree's
 * absolute path(s) in the sandbox (as given and as resolved); `text`: a file's head contents,
 * for the files coverage did not report (never imported: every code line uncovered).
 */
export function fromCoveragePy(
  json: CoveragePyJson,
  changed: ChangedFile[],
  o: { trees: string[]; failToPass: string[]; text: (path: string) => string | undefined }
): MappedCoverage {
  const byRel = new Map<string, NonNullable<CoveragePyJson['files']>[string]>()
  for (const [abs, f] of Object.entries(json.files ?? {})) {
    for (const t of o.trees) {
      if (abs.startsWith(`${t}/`)) byRel.set(abs.slice(t.length + 1), f)
    }
  }
  const f2p = new Set(o.failToPass)
  const coveringTests: Record<string, string[]> = {}
  const suite: FileCoverage[] = []
  const ftp: FileCoverage[] = []
  for (const c of changed.filter((c) => c.path.endsWith('.py'))) {
    const f = byRel.get(c.path)
    if (!f) {
      const lines = codeLines(o.text(c.path) ?? '', c.lines, 'py')
      suite.push(fileCoverage(c.path, lines, () => false))
      ftp.push(fileCoverage(c.path, lines, () => false))
      continue
    }
    const executed = new Set(f.executed_lines ?? [])
    const statements = new Set([...executed, ...(f.missing_lines ?? [])])
    const lines = c.lines.filter((n) => statements.has(n))
    const ctx = (n: number) => f.contexts?.[String(n)] ?? []
    for (const n of lines) {
      const ids = ctx(n).filter(Boolean)
      if (ids.length) coveringTests[`${c.path}:${n}`] = [...new Set(ids)].sort()
    }
    suite.push(fileCoverage(c.path, lines, (n) => executed.has(n)))
    // Lines run while importing (no test's context) count for the fail-to-pass tests too.
    ftp.push(
      fileCoverage(
        c.path,
        lines,
        (n) => executed.has(n) && ctx(n).some((id) => id === '' || f2p.has(id))
      )
    )
  }
  const report: CoverageReport = {
    tool: 'coverage.py',
    suite: { files: suite, ratio: ratioOf(suite) },
    ...(o.failToPass.length ? { failToPass: { files: ftp, ratio: ratioOf(ftp) } } : {})
  }
  return { report, coveringTests }
}

/** One V8 coverage file (NODE_V8_COVERAGE): per script, functions with nested byte ranges. */
export interface V8Coverage {
  result?: {
    url: string
    functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[]
  }[]
}

/**
 * Per line of `text`, whether V8 ran it: the count of the innermost range holding the line's
 * first non-blank character (a block range nested in its function's range overrides it; ranges
 * come outermost first). Offsets are UTF-16 code units, as JavaScript strings index.
 */
export function v8LinesRun(
  text: string,
  functions: NonNullable<V8Coverage['result']>[number]['functions']
): Map<number, boolean> {
  const ranges = functions.flatMap((f) => f.ranges)
  const out = new Map<number, boolean>()
  let offset = 0
  text.split('\n').forEach((line, i) => {
    const indent = line.length - line.trimStart().length
    const at = offset + indent
    offset += line.length + 1
    if (!line.trim()) return
    let best: { size: number; count: number } | undefined
    for (const r of ranges) {
      if (r.startOffset <= at && at < r.endOffset) {
        const size = r.endOffset - r.startOffset
        if (!best || size <= best.size) best = { size, count: r.count }
      }
    }
    if (best) out.set(i + 1, best.count > 0)
  })
  return out
}

/**
 * V8 coverage files → per changed JavaScript file. A script V8 saw several times (several
 * processes) counts a line run when any saw it run. `tree`: the tree's absolute path(s).
 */
export function fromV8(
  reports: V8Coverage[],
  changed: ChangedFile[],
  o: { trees: string[]; text: (path: string) => string | undefined }
): MappedCoverage {
  const runs = new Map<string, Map<number, boolean>[]>()
  const js = changed.filter((c) => /\.(js|mjs|cjs|jsx)$/.test(c.path))
  for (const rep of reports) {
    for (const s of rep.result ?? []) {
      if (!s.url.startsWith('file://')) continue
      let abs: string
      try {
        abs = decodeURIComponent(new URL(s.url).pathname)
      } catch {
        continue
      }
      const rel = o.trees
        .filter((t) => abs.startsWith(`${t}/`))
        .map((t) => abs.slice(t.length + 1))[0]
      if (!rel || !js.some((c) => c.path === rel)) continue
      const text = o.text(rel)
      if (text === undefined) continue
      runs.set(rel, [...(runs.get(rel) ?? []), v8LinesRun(text, s.functions)])
    }
  }
  const suite = js.map((c) => {
    const lines = codeLines(o.text(c.path) ?? '', c.lines, 'js')
    const seen = runs.get(c.path) ?? []
    return fileCoverage(c.path, lines, (n) => seen.some((m) => m.get(n) === true))
  })
  return {
    report: { tool: 'v8', suite: { files: suite, ratio: ratioOf(suite) } },
    coveringTests: {}
  }
}
