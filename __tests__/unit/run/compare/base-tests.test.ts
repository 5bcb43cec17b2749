// Base's own tests: the base revision as it is, collected in a sandbox of its own, against head's
// collection and run. runCompare with real git and a fake sandbox whose "pytest" reads the tree:
// each `def test_*` in tests/*.py is a test id; a `@pytest.mark.skip`/`xfail` line just before it
// makes it skipped; a test with `# needs fix` passes only where calc.py says "fixed".
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CompareSpec, RunStep, TamperKind } from '../../../../src/config/types.js'
import type { JunitCase } from '../../../../src/report/junit.js'
import type { StepResult } from '../../../../src/report/types.js'
import {
  runCompare,
  type SideBox,
  type SideRequest,
  type Weakenings
} from '../../../../src/run/compare/run.js'
import { hostGit } from '../../../../src/run/compare/trees.js'
import { GitRepo } from '../../../helpers/git-repo.js'
import { agentPlan, runStep } from '../../../helpers/plan.js'

const scratch = mkdtempSync(join(tmpdir(), 'compare-base-tests-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let n = 0

function fakePytest(tree: string): { ids: string[]; cases: JunitCase[] } {
  const dir = join(tree, 'tests')
  const fixed =
    existsSync(join(tree, 'calc.py')) &&
    readFileSync(join(tree, 'calc.py'), 'utf8').includes('fixed')
  const cases: JunitCase[] = []
  for (const f of existsSync(dir) ? readdirSync(dir).sort() : []) {
    if (!/^test_.*\.py$/.test(f)) continue
    const lines = readFileSync(join(dir, f), 'utf8').split('\n')
    lines.forEach((l, i) => {
      const m = /^def (test_\w+)/.exec(l)
      if (!m) return
      const id = `tests/${f}::${m[1]}`
      const skip = /@pytest\.mark\.(skip|xfail)/.test(lines[i - 1] ?? '')
      const needsFix = l.includes('# needs fix')
      const outcome = skip ? 'skip' : needsFix && !fixed ? 'fail' : 'pass'
      cases.push({ id, outcome } as JunitCase)
    })
  }
  return { ids: cases.map((c) => c.id), cases }
}

interface Opened {
  member: string
  commands: string[]
}

function fakeSide(req: SideRequest, opened: Opened[]): SideBox {
  execFileSync('tar', ['-xf', req.tar, '-C', req.root, req.member])
  rmSync(req.tar)
  const tree = join(req.root, req.member)
  const log: Opened = { member: req.member, commands: [] }
  opened.push(log)
  const base = {
    index: 0,
    command: 'pytest',
    kind: 'run',
    exitCode: 0,
    durationMs: 0,
    stdout: '',
    stderr: '',
    truncated: false
  } as StepResult
  return {
    exec: async (command) => {
      log.commands.push(command)
      const { ids } = fakePytest(tree)
      return {
        exitCode: 0,
        stdout: `${ids.join('\n')}\n\n${ids.length} tests collected in 0.01s\n`
      }
    },
    attempts: async (place, _retries, after) => {
      const command = place.command ?? 'step'
      log.commands.push(command)
      const deselected = new Set([...command.matchAll(/--deselect '([^']+)'/g)].map((m) => m[1]))
      const cases = fakePytest(tree).cases.filter((c) => !deselected.has(c.id))
      await after(0)
      const failed = cases.some((c) => c.outcome === 'fail')
      return {
        result: { ...base, status: failed ? 'failed' : 'passed', exitCode: failed ? 1 : 0 },
        cases,
        runs: [cases]
      }
    },
    close: async () => undefined
  }
}

const GOOD = 'def test_greet():\n    assert True\n\n\ndef test_wave():\n    assert True\n'

async function compare(
  head: Record<string, string | null>,
  allow?: TamperKind[],
  weaken?: Weakenings
) {
  const dir = join(scratch, `p${n++}`)
  const repo = new GitRepo(join(dir, 'repo'))
  const baseSha = repo.commit({
    'calc.py': 'bug\n',
    'tests/test_unrelated.py': GOOD
  })
  repo.commit({
    'calc.py': 'fixed\n',
    'tests/test_calc.py': 'def test_calc():  # needs fix\n    pass\n',
    ...head
  })
  const ws = join(dir, 'repo')
  const agent = agentPlan({ id: 'v', workspace: ws, mode: 'docker' })
  const compareSpec: CompareSpec = {
    repo: ws,
    base: baseSha,
    tests: ['tests/**'],
    ...(allow ? { allow } : {})
  }
  const step = runStep('python -m pytest -q --junitxml=report.xml tests', {
    junit: 'report.xml',
    compare: compareSpec
  }) as RunStep & { compare: CompareSpec }
  const opened: Opened[] = []
  const r = await runCompare({
    agent,
    step,
    base: { index: 0, command: step.run, kind: 'run', status: 'passed' } as StepResult,
    git: hostGit(),
    openSide: async (req) => fakeSide(req, opened),
    outDir: join(dir, 'out'),
    log: () => undefined,
    weaken
  })
  return { c: r.compare!, opened }
}

describe("compare: base's own tests", () => {
  it('a faithful change: catches-change, base collected as is in a sandbox of its own', async () => {
    const { c, opened } = await compare({})
    expect([c.verdict, c.tamper]).toEqual(['catches-change', undefined])
    expect(c.baseOwn).toEqual({ collected: 2, checkedSkipped: [] })
    // head, base, base as is (collection only, nothing skipped to run), then the two re-runs.
    expect(opened).toHaveLength(5)
    expect(new Set(opened.map((o) => o.member)).size).toBe(3)
  })

  it('a base test renamed: untrusted, removed-test naming its id', async () => {
    const { c } = await compare({
      'tests/test_unrelated.py': GOOD.replace('test_wave', 'test_wave_renamed')
    })
    expect(c.verdict).toBe('untrusted')
    expect(c.tamper).toEqual([
      {
        kind: 'removed-test',
        path: 'tests/test_unrelated.py::test_wave',
        detail: 'collected on base, not on head'
      }
    ])
  })

  it('a base test file deleted: one finding for the file, not one more per id', async () => {
    const { c } = await compare({ 'tests/test_unrelated.py': null })
    expect(c.verdict).toBe('untrusted')
    expect(c.tamper).toEqual([
      expect.objectContaining({ kind: 'removed-test', path: 'tests/test_unrelated.py' })
    ])
  })

  it('a base test skipped or xfailed on head that runs on base: untrusted, skipped-test; run alone on base', async () => {
    for (const mark of ['skip', 'xfail']) {
      const { c, opened } = await compare({
        'tests/test_unrelated.py': `import pytest\n\n\n@pytest.mark.${mark}\n` + GOOD
      })
      expect(c.verdict).toBe('untrusted')
      expect(c.tamper).toEqual([
        {
          kind: 'skipped-test',
          path: 'tests/test_unrelated.py::test_greet',
          detail: 'runs on base, skipped or xfail on head'
        }
      ])
      expect(c.baseOwn!.checkedSkipped).toEqual(['tests/test_unrelated.py::test_greet'])
      const own = opened.find((o) =>
        o.commands.some(
          (x) =>
            x.includes("--deselect 'tests/test_unrelated.py::test_wave'") &&
            !x.includes('test_greet')
        )
      )
      expect(own).toBeDefined()
    }
    // Without the check (base's own tests never collected) the same change catches.
    const weak = await compare(
      { 'tests/test_unrelated.py': `import pytest\n\n\n@pytest.mark.skip\n` + GOOD },
      undefined,
      { noTamper: true }
    )
    expect([weak.c.verdict, weak.c.baseOwn]).toEqual(['catches-change', undefined])
  })

  it('a test skipped on base too, or a new skipped test: no finding', async () => {
    const dir = `import pytest\n\n\n@pytest.mark.skip\ndef test_new():\n    pass\n`
    const { c } = await compare({ 'tests/test_new.py': dir })
    expect([c.verdict, c.tamper]).toEqual(['catches-change', undefined])
  })

  it('compare.allow accepts the kinds knowingly, recorded', async () => {
    const { c } = await compare(
      { 'tests/test_unrelated.py': GOOD.replace('test_wave', 'test_wave2') },
      ['removed-test']
    )
    expect(c.verdict).toBe('catches-change')
    expect(c.tamper).toEqual([expect.objectContaining({ kind: 'removed-test', allowed: true })])
    expect(c.allow).toEqual(['removed-test'])
  })
})
