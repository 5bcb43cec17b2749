// compare.evidence and compare.require with the bundled CLI in docker mode, against git
// repositories each test builds (issue 25's acceptance): changed-line coverage through
// coverage.py in a fresh head sandbox, mutants on the changed lines (mutation.ts), the gate.
// The image must have python3-coverage (docker/Dockerfile); EVIDENCE_IMAGE names another one
// (a branch testing before the runtime image is rebuilt).
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults, StepResult } from '../../src/report/types.js'
import { GitRepo } from '../helpers/git-repo.js'
import { CLI, runNode } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

const IMAGE = process.env.EVIDENCE_IMAGE ?? 'massgen/mcp-runtime:latest'
const PYTEST = 'python -m pytest -q -p no:cacheprovider'

function project(base: Record<string, string>, head: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'compare-evidence-'))
  const repo = new GitRepo(join(dir, 'repo'))
  const sha = repo.commit(base)
  repo.commit(head)
  return { dir, repo, base: sha }
}

async function run(dir: string, compare: string, args: string[] = []) {
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `
agent:
  id: v
  backend: {cwd: ${dir}/repo, command_line_execution_mode: docker, command_line_docker_image: "${IMAGE}"}
  commands:
    - name: tests
      run: ${PYTEST} --junitxml=report.xml tests
      junit: report.xml
      timeout: 120
      compare: ${compare}
`
  )
  const r = await runNode(CLI, ['run', config, '--out', join(dir, 'out'), ...args])
  const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
  expect(containersOfRun(res.runId)).toEqual([])
  const step: StepResult = res.agents[0].commands[0]
  return {
    ...r,
    res,
    step,
    ev: step.compare!.evidence!,
    summary: readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
  }
}

const BASE = {
  'calc.py': 'def scale(x):\n    return x\n',
  'tests/test_base.py': 'from calc import scale\n\n\ndef test_small():\n    assert scale(1) == 1\n'
}
const OTHER_BASE = { ...BASE, 'tests/test_base.py': 'def test_ok():\n    pass\n' }
const SCALE = 'def scale(x):\n    if x > 10:\n        return x * 2\n    return x\n'
const EXACT =
  'from calc import scale\n\n\ndef test_exact():\n    assert scale(10) == 10\n    assert scale(11) == 22\n    assert scale(12) == 24\n'
// Fails on base only because LIMIT is new there (AttributeError when the test runs: an import
// error would be a collection error, which makes the verdict untrusted).
const WEAK =
  'import calc\n\n\ndef test_weak():\n    assert calc.LIMIT\n    assert calc.scale(11) is not None\n'

describe('compare evidence (docker)', () => {
  it('an exact test: changed-line coverage 100 %, mutation score ≥ 0.9, the gate met', async () => {
    const { dir, base } = project(BASE, { 'calc.py': SCALE, 'tests/test_scale.py': EXACT })
    const { code, step, ev, summary } = await run(
      dir,
      `{repo: ., base: ${base}, tests: ["tests/**"], evidence: [coverage, mutation], require: {changed_line_coverage: 1, mutation_score: 0.9}}`
    )
    expect(step.compare!.verdict).toBe('catches-change')
    expect(ev.changed).toEqual([{ path: 'calc.py', lines: [2, 3] }])
    expect(ev.coverage).toMatchObject({
      tool: 'coverage.py',
      suite: {
        ratio: 1,
        files: [{ path: 'calc.py', changed: [2, 3], covered: [2, 3], uncovered: [] }]
      },
      failToPass: { ratio: 1 }
    })
    expect(summary).toContain('changed-line coverage (coverage.py, head suite): 100 %')
    // Mutation: needs the runner (mutation.ts).
    expect(ev.mutation?.problem).toBeUndefined()
    expect(ev.mutation!.score).toBeGreaterThanOrEqual(0.9)
    expect(ev.gate).toEqual({ passed: true, failures: [] })
    expect([code, step.status]).toEqual([0, 'passed'])
  })

  it('a weak test: coverage 100 %, the arithmetic and comparison mutants survive and are listed, the gate fails', async () => {
    // The case: a test that fails on base for a reason unrelated to the behaviour (a
    // name the change adds), with a weak assertion on head.
    const { dir, base } = project(BASE, {
      'calc.py':
        'LIMIT = 10\n\n\ndef scale(x):\n    if x > LIMIT:\n        return x * 2\n    return x\n',
      'tests/test_scale.py': WEAK
    })
    const { code, stderr, step, ev, summary } = await run(
      dir,
      `{repo: ., base: ${base}, tests: ["tests/**"], evidence: [coverage, mutation], require: {mutation_score: 0.7}}`,
      ['--fail-on', 'not-caught']
    )
    expect(step.compare!.verdict).toBe('catches-change')
    expect(ev.coverage!.suite.ratio).toBe(1)
    const survivors = (ev.mutation?.mutants ?? []).filter((m) => m.outcome === 'survived')
    // `if x > LIMIT:` and `return x * 2` are lines 5 and 6 of head's calc.py.
    expect(survivors.map((m) => m.line)).toEqual(expect.arrayContaining([5, 6]))
    expect(survivors.map((m) => m.operator)).toEqual(expect.arrayContaining(['cmp', 'arith']))
    expect(ev.gate!.passed).toBe(false)
    expect(ev.gate!.failures[0]).toMatch(/survivors: calc\.py:\d/)
    expect(step.status).toBe('failed')
    expect(step.compare!.verdict).toBe('catches-change')
    expect(code).toBe(1)
    expect(stderr).toMatch(/compare\.require not met/)
    expect(summary).toMatch(/survived: <code>calc\.py:[56]<\/code>/)
  })

  it('a mutant that loops forever is a timeout, never a kill', async () => {
    const { dir, base } = project(
      {
        'count.py': 'def countdown(n):\n    return 0\n',
        'tests/test_base.py': 'def test_ok():\n    pass\n'
      },
      {
        'count.py':
          'def countdown(n):\n    steps = 0\n    while n > 0:\n        n -= 1\n        steps += 1\n    return steps\n',
        'tests/test_count.py':
          'from count import countdown\n\n\ndef test_countdown():\n    assert countdown(3) == 3\n'
      }
    )
    const { ev } = await run(
      dir,
      `{repo: ., base: ${base}, tests: ["tests/**"], evidence: [mutation], mutation: {max_mutants: 50, time_limit: 300}}`
    )
    const loops = (ev.mutation?.mutants ?? []).filter(
      (m) => m.line === 4 && /n \+= 1|n \+ 1/.test(m.mutated)
    )
    expect(loops.length).toBeGreaterThan(0)
    for (const m of loops) expect(m.outcome).toBe('timeout')
    expect(ev.mutation!.timeout).toBeGreaterThan(0)
    expect(
      ev.mutation!.killed + ev.mutation!.survived + ev.mutation!.timeout + ev.mutation!.error
    ).toBe(ev.mutation!.mutants.length)
  })

  it('two new branches, one tested: coverage 50 %, the uncovered lines listed, whatever the head tree says about coverage', async () => {
    // Base's own test does not call scale (it would run the second condition).
    const { dir, base } = project(OTHER_BASE, {
      // The head tree tries to hide the untested branch: its own coverage config and a pragma.
      'calc.py':
        'def scale(x):\n    if x > 10:\n        return x * 2\n    if x < 0:  # pragma: no cover\n        return 0\n    return x\n',
      '.coveragerc': '[run]\nomit = calc.py\n[report]\nexclude_lines =\n    if x < 0\n',
      'tests/test_scale.py':
        'from calc import scale\n\n\ndef test_big():\n    assert scale(11) == 22\n'
    })
    const { code, stderr, step, ev, summary, stdout } = await run(
      dir,
      `{repo: ., base: ${base}, tests: ["tests/**"], evidence: [coverage], require: {changed_line_coverage: 0.8}}`,
      ['--fail-on', 'not-caught']
    )
    expect(step.compare!.verdict).toBe('catches-change')
    expect(ev.coverage!.suite).toEqual({
      ratio: 0.5,
      files: [{ path: 'calc.py', changed: [2, 3, 4, 5], covered: [2, 3], uncovered: [4, 5] }]
    })
    expect(ev.notes?.join(' ')).toMatch(/head changes coverage configuration \(\.coveragerc\)/)
    expect(ev.gate).toEqual({
      passed: false,
      failures: ['changed-line coverage 50 % < 80 %; uncovered: calc.py:4-5']
    })
    expect(step.status).toBe('failed')
    expect(code).toBe(1)
    expect(stderr).toContain('compare.require not met')
    expect(stdout).toContain('changed-line coverage 50 %')
    expect(summary).toContain('<code>calc.py</code>: 2/4 changed lines covered; uncovered: 4-5')
  })
})
