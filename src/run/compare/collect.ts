// pytest's own test ids, collected in a separate process (`--collect-only -q`) on each side, to
// check the JUnit report against and to name tests as pytest spells them
// (`tests/test_x.py::TestA::test_b`). Pure: commands and texts in, ids and findings out.
import type { JunitCase } from '../../report/junit.js'
import type { Tamper } from '../../report/types.js'

const PYTEST = /^\s*((python3?|py)\s+-m\s+pytest|pytest|py\.test)(\s|$)/
/** Shell syntax that makes the command more than one pytest invocation we can rewrite. */
const SHELL = /[;&|`$()<>\n\\"']/
const VERBOSITY = /^(-q+|-v+|--quiet|--verbose)$/
const JUNIT = /^--junit-?xml(=.*)?$/

/** The step's pytest command made a collection (no report, quiet ids); undefined when not one. */
export function collectCommand(run: string): string | undefined {
  if (!PYTEST.test(run) || SHELL.test(run)) return undefined
  const tokens = run.trim().split(/\s+/)
  const kept: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (VERBOSITY.test(t)) continue
    if (JUNIT.test(t)) {
      if (!t.includes('=')) i++
      continue
    }
    kept.push(t)
  }
  return `${kept.join(' ')} --collect-only -q`
}

/** Node ids from `--collect-only -q` output; undefined when it does not look like one. */
export function parseCollected(stdout: string): string[] | undefined {
  const ids = stdout
    .split(/\r?\n/)
    .filter((l) => /^\S+\.py::\S/.test(l) || /^\S+\.py::.+$/.test(l))
    .map((l) => l.trimEnd())
  const summary = /(\d+) tests? collected|no tests collected|(\d+)\/\d+ tests collected/.test(
    stdout
  )
  return summary || ids.length ? ids : undefined
}

/** The JUnit id ("classname › name") pytest writes for a node id. */
export function junitIdOf(nodeId: string): string {
  const parts = nodeId.split('::')
  const file = parts[0].replace(/\.py$/, '').replaceAll('/', '.')
  const classname = [file, ...parts.slice(1, -1)].join('.')
  return `${classname} › ${parts[parts.length - 1]}`
}

/** Report cases renamed to node ids where the collection has them. */
export function withNodeIds(cases: JunitCase[], collected: string[]): JunitCase[] {
  const byJunit = new Map(collected.map((id) => [junitIdOf(id), id]))
  return cases.map((c) => {
    const id = byJunit.get(c.id)
    return id ? { ...c, id } : c
  })
}

/** A report that names tests the collection did not find, or leaves collected tests out. */
export function reportMismatch(
  side: 'base' | 'head',
  cases: JunitCase[],
  collected: string[]
): Tamper[] {
  const reported = new Set(cases.map((c) => c.id))
  const ids = new Set(collected)
  const out: Tamper[] = []
  const extra = [...reported].filter((id) => !ids.has(id))
  const missing = collected.filter((id) => !reported.has(id))
  if (extra.length) {
    out.push({
      kind: 'report-mismatch',
      path: extra.slice(0, 5).join(', '),
      detail: `${side}: ${extra.length} test(s) in the JUnit report were not collected by pytest --collect-only`
    })
  }
  if (missing.length) {
    out.push({
      kind: 'report-mismatch',
      path: missing.slice(0, 5).join(', '),
      detail: `${side}: ${missing.length} collected test(s) missing from the JUnit report`
    })
  }
  return out
}

/** Most ids a re-run deselects (one argument each) before it is left out. */
export const MAX_DESELECT = 2000

/**
 * The step's command selecting exactly `ids` among `collected`: every other collected id
 * deselected (the step's own paths and options kept). Undefined when an id cannot be quoted or
 * there are too many to deselect.
 */
export function rerunCommand(run: string, ids: string[], collected: string[]): string | undefined {
  const keep = new Set(ids)
  const others = collected.filter((id) => !keep.has(id))
  if (others.length > MAX_DESELECT || [...ids, ...others].some((id) => id.includes("'"))) {
    return undefined
  }
  return [run.trim(), ...others.map((id) => `--deselect '${id}'`)].join(' ')
}

/** Why a re-run of the fail-to-pass tests does not confirm them, or undefined. */
export function rerunDisagrees(
  side: 'base' | 'head',
  ids: string[],
  cases: JunitCase[]
): string | undefined {
  const want = side === 'base' ? 'fail' : 'pass'
  const got = new Map(cases.map((c) => [c.id, c.outcome]))
  const wrong = ids.filter((id) => got.get(id) !== want)
  const extra = [...got.keys()].filter((id) => !ids.includes(id))
  if (wrong.length)
    return `${side}: ${wrong.length} fail-to-pass test(s) did not ${want} when re-run alone: ${wrong.slice(0, 5).join(', ')}`
  if (extra.length)
    return `${side}: the re-run reported ${extra.length} test(s) it was not asked to run: ${extra.slice(0, 5).join(', ')}`
  return undefined
}
