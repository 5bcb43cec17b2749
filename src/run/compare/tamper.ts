// What a change did to how its tests run, beyond tests and code: runner configuration and test
// support it added or edited, base tests it deleted, skipped or renamed, reports that disagree
// with an independent collection. Each makes the verdict `untrusted` unless compare.allow
// accepts its kind. Pure: contents in, findings out.
import { posix } from 'node:path'
import type { TamperKind } from '../../config/types.js'
import type { Tamper } from '../../report/types.js'
import type { Watched } from './trees.js'

const base = (p: string) => posix.basename(p)

/** Files loaded by a test runner besides the tests (always compared, whatever compare.tests says). */
export function isTestSupport(p: string): boolean {
  const b = base(p)
  return (
    b === 'conftest.py' ||
    /pytest_?plugins?\b/i.test(b) ||
    /^(jest|vitest)\.setup\.[cm]?[jt]sx?$/.test(b) ||
    /^setupTests\.[cm]?[jt]sx?$/.test(b)
  )
}

/** Runner configuration files (parts of them are compared for the shared ones). */
export function isRunnerConfig(p: string): boolean {
  const b = base(p)
  return (
    [
      'pytest.ini',
      '.pytest.ini',
      'tox.ini',
      'setup.cfg',
      'pyproject.toml',
      'package.json'
    ].includes(b) ||
    /^(jest|vitest|vite|ava)\.config\.[cm]?[jt]s(on)?$/.test(b) ||
    /^\.mocharc(\.[a-z]+)?$/.test(b) ||
    /^\.taprc$/.test(b)
  )
}

export const watched = (p: string) => isTestSupport(p) || isRunnerConfig(p)

/** INI sections (setup.cfg, tox.ini) or TOML tables (pyproject) that configure a test runner. */
function sections(text: string, keep: (name: string) => boolean): string {
  const out: string[] = []
  let on = false
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    const header = /^\[+\s*([^\]]+?)\s*\]+$/.exec(line)
    if (header) on = keep(header[1].replace(/["']/g, ''))
    if (on && line && !line.startsWith('#') && !line.startsWith(';')) out.push(line)
  }
  return out.join('\n')
}

const PACKAGE_KEYS = ['scripts', 'jest', 'mocha', 'ava', 'vitest', 'c8', 'nyc', 'type', 'imports']

/** The part of a runner config file that matters; the whole file when it cannot be read as such. */
function relevant(p: string, data: Buffer | undefined): string | undefined {
  if (data === undefined) return undefined
  const text = data.toString('utf8')
  const b = base(p)
  if (b === 'pyproject.toml') return sections(text, (n) => n.startsWith('tool.pytest'))
  if (b === 'setup.cfg') return sections(text, (n) => /^(tool:pytest|pytest|coverage)/.test(n))
  if (b === 'tox.ini') return sections(text, (n) => /^(pytest|testenv)/.test(n))
  if (b === 'package.json') {
    try {
      const j = JSON.parse(text) as Record<string, unknown>
      return JSON.stringify(PACKAGE_KEYS.map((k) => [k, j[k]]))
    } catch {
      return text
    }
  }
  return text
}

/** Runner configuration and test support added, edited or removed between base and head. */
export function fileTamper(files: Watched[], removedTests: string[]): Tamper[] {
  const out: Tamper[] = []
  for (const w of files) {
    const kind: TamperKind = isTestSupport(w.path) ? 'test-support' : 'runner-config'
    const before = kind === 'runner-config' ? relevant(w.path, w.base) : w.base?.toString('utf8')
    const after = kind === 'runner-config' ? relevant(w.path, w.head) : w.head?.toString('utf8')
    if (before === after || (!before && !after)) continue
    const detail =
      before === undefined || before === ''
        ? kind === 'runner-config'
          ? 'test-runner settings added'
          : 'added by the change'
        : after === undefined || after === ''
          ? 'removed by the change'
          : kind === 'runner-config'
            ? 'test-runner settings edited'
            : 'edited by the change'
    out.push({ kind, path: w.path, detail })
  }
  for (const p of removedTests) {
    out.push({ kind: 'removed-test', path: p, detail: 'a test file of base deleted by the change' })
  }
  return out
}

/** Base's test ids gone from head's collection (deleted or renamed) and base tests skipped on head. */
export function testTamper(
  baseIds: string[] | undefined,
  headIds: string[] | undefined,
  headSkipped: string[]
): Tamper[] {
  if (!baseIds || !headIds) return []
  const head = new Set(headIds)
  const skipped = new Set(headSkipped)
  const out: Tamper[] = []
  for (const id of baseIds) {
    if (!head.has(id)) {
      out.push({ kind: 'removed-test', path: id, detail: 'collected on base, not on head' })
    } else if (skipped.has(id)) {
      out.push({ kind: 'skipped-test', path: id, detail: 'runs on base, skipped or xfail on head' })
    }
  }
  return out
}

/** Marks findings compare.allow accepts; the rest decide the verdict. */
export function applyAllow(found: Tamper[], allow: string[] = []): Tamper[] {
  return found.map((t) => (allow.includes(t.kind) ? { ...t, allowed: true } : t))
}
