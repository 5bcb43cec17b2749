// Verification of agent-written tests with the bundled CLI, in docker mode, against git
// repositories each test builds: base vs head transitions and verdicts, the report rules an
// agent cannot slip past (fresh, agreeing with the exit code, at least one test) and flaky
// tests under retries. pytest runs in the runtime image.
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentResult, RunResults, StepResult } from '../../src/report/types.js'
import { GitRepo } from '../helpers/git-repo.js'
import { CLI, runNode } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

const PYTEST = 'python -m pytest -q -p no:cacheprovider'

/** Base: `double` has a bug, `greet` has a passing test. Head: the fix and two new tests. */
function project(head: Record<string, string | null> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'compare-docker-'))
  const repo = new GitRepo(join(dir, 'repo'))
  const base = repo.commit({
    'calc.py': 'def double(x):\n    return x + x + 1\n',
    'util.py': 'def greet():\n    return "hi"\n',
    'tests/test_unrelated.py':
      'from util import greet\n\n\ndef test_greet():\n    assert greet() == "hi"\n'
  })
  repo.commit({
    'calc.py': 'def double(x):\n    return x + x\n',
    'tests/test_calc.py':
      'from calc import double\n\n\ndef test_double():\n    assert double(2) == 4\n',
    'tests/test_trivial.py': 'def test_trivial():\n    assert True\n',
    ...head
  })
  return { dir, repo, base, head: repo.git('rev-parse', 'HEAD') }
}

async function run(dir: string, yaml: string, args: string[] = []) {
  const config = join(dir, 'config.yaml')
  // Workspaces are absolute: a relative cwd would go under .massgen/workspaces/, as in MassGen.
  writeFileSync(config, yaml.replaceAll('DIR/', `${dir}/`))
  const r = await runNode(CLI, [
    'run',
    config,
    '--out',
    join(dir, 'out'),
    '--working-directory',
    dir,
    ...args
  ])
  const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
  expect(containersOfRun(res.runId)).toEqual([])
  return {
    code: r.code,
    stdout: r.stdout,
    res,
    summary: readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
  }
}

const agent = (res: RunResults, id: string): AgentResult => res.agents.find((a) => a.id === id)!
const last = (a: AgentResult): StepResult => a.commands[a.commands.length - 1]

/** The agent's own repository is its workspace (the layout of an agent that commits its work). */
const inWorkspace = (base: string) => `
agent:
  id: v
  backend: {cwd: DIR/repo, command_line_execution_mode: docker}
  commands:
    - name: tests
      run: ${PYTEST} --junitxml=report.xml tests
      junit: report.xml
      compare: {repo: ., base: ${base}, tests: ["tests/**"]}
`

describe('compare steps (docker)', () => {
  it('catches the change: exact transitions, the checkout untouched, copies gone; plain step for scale', async () => {
    // The PR-verification layout: the checkout is a read-only context path, copies go to the workspace.
    const { dir, repo, base, head } = project()
    const ws = join(dir, 'ws')
    const { code, res, summary } = await run(
      dir,
      `
agent:
  id: v
  backend:
    cwd: DIR/ws
    command_line_execution_mode: docker
    command_line_allowed_commands: ["python -m pytest.*"]
    context_paths: [{path: repo, permission: read}]
  commands:
    - name: plain
      run: ${PYTEST} --junitxml=${ws}/plain.xml tests
      work_dir: ../repo
      junit: plain.xml
    - name: compared
      run: ${PYTEST} --junitxml=report.xml tests
      work_dir: ../repo
      junit: ../repo/report.xml
      compare: {repo: ../repo, base: main~1, tests: ["tests/**", "!tests/fixtures/**"]}
`
    )
    const a = agent(res, 'v')
    expect([code, a.status, a.error]).toEqual([0, 'passed', undefined])
    const [plain, s] = a.commands
    expect(plain.junit).toMatchObject({ tests: 3, failures: 0 })
    expect(s.status).toBe('passed')
    expect(s.compare).toMatchObject({ verdict: 'catches-change', base, head, baseRef: 'main~1' })
    const t = s.compare!.transitions
    // pytest's own ids, from its collection in a separate process on each side.
    expect(t.failToPass).toEqual(['tests/test_calc.py::test_double'])
    expect([...t.passToPass].sort()).toEqual([
      'tests/test_trivial.py::test_trivial',
      'tests/test_unrelated.py::test_greet'
    ])
    expect(s.compare).toMatchObject({
      attemptsPerSide: 1,
      collected: { runner: 'pytest', base: 3, head: 3 },
      reports: {
        base: ['v/step-2-compare/base-1.xml', 'v/step-2-compare/base-rerun-1.xml'],
        head: ['v/step-2-compare/head-1.xml', 'v/step-2-compare/head-rerun-1.xml']
      },
      rerun: {
        ids: ['tests/test_calc.py::test_double'],
        base: 'all failed again',
        head: 'all passed again'
      }
    })
    expect([...s.compare!.order!].sort()).toEqual(['base', 'head'])
    expect(s.compare!.tamper).toBeUndefined()
    expect(s.compare!.dirty).toBeUndefined()
    expect(readFileSync(join(dir, 'out', 'v/step-2-compare/base-1.xml'), 'utf8')).toContain(
      'test_double'
    )
    expect([t.failToFail, t.passToFail, t.onlyHead, t.onlyBase]).toEqual([[], [], [], []])
    expect(s.junit).toMatchObject({ tests: 3, failures: 0, errors: 0 })
    expect(s.compare!.baseRun).toMatchObject({
      status: 'failed',
      exitCode: 1,
      junit: { tests: 3, failures: 1, failed: ['tests.test_calc › test_double'] }
    })
    expect(summary).toContain('step 2 compare: catches-change')
    expect(repo.git('status', '--porcelain')).toBe('')
    expect(readdirSync(ws).filter((f) => f.startsWith('.massgen-compare'))).toEqual([])
    const c = s.compare!.timings
    process.stdout.write(
      `compare timing: plain step ${plain.durationMs} ms; compare step ${s.durationMs} ms ` +
        `(prepare ${c.prepareMs}, head ${c.headMs}, base ${c.baseMs})\n`
    )
  })

  it('reverting the fix on head (tests kept): does-not-catch, the new test fails on both', async () => {
    const { dir, repo, base } = project()
    repo.write({ 'calc.py': 'def double(x):\n    return x + x + 1\n' }) // uncommitted: head is the work tree
    const { code, res } = await run(dir, inWorkspace(base))
    const s = last(agent(res, 'v'))
    expect(code).toBe(1)
    expect(s.status).toBe('failed')
    expect(s.compare).toMatchObject({
      verdict: 'does-not-catch',
      transitions: {
        failToPass: [],
        passToFail: [],
        failToFail: ['tests/test_calc.py::test_double']
      },
      dirty: ['calc.py']
    })
    expect(existsSync(join(repo.dir, '.massgen-compare'))).toBe(false)
  })

  it('a head that breaks the unrelated test: regression; base-ref overrides compare.base', async () => {
    const { dir, base } = project({ 'util.py': 'def greet():\n    return "hello"\n' })
    const { res, stdout } = await run(dir, inWorkspace('no-such-revision'), ['--base-ref', base])
    const s = last(agent(res, 'v'))
    expect(s.compare).toMatchObject({
      verdict: 'regression',
      base,
      baseRef: base,
      transitions: {
        passToFail: ['tests/test_unrelated.py::test_greet'],
        failToPass: ['tests/test_calc.py::test_double']
      }
    })
    expect(stdout).toContain('compare: regression')
  })

  it('a base side killed by the OOM killer is an error, never does-not-catch', async () => {
    // Without the fix, the new test allocates far past the limit: only the base run dies.
    const { dir, base } = project({
      'tests/test_calc.py':
        'from calc import double\n\n\ndef test_double():\n    if double(2) != 4:\n        b = bytearray(1 << 30)\n        b[::4096] = b"x" * len(b[::4096])\n    assert double(2) == 4\n'
    })
    const { res } = await run(
      dir,
      inWorkspace(base).replace(
        'command_line_execution_mode: docker}',
        'command_line_execution_mode: docker, command_line_docker_memory_limit: "256m"}'
      )
    )
    const s = last(agent(res, 'v'))
    expect(s.compare).toMatchObject({ verdict: 'error', baseRun: { status: 'oom' } })
    expect(s.compare!.reason).toMatch(/^base: oom/)
    expect(s.status).toBe('error')
  })
})

describe('JUnit reports an agent cannot slip past (docker)', () => {
  it('disagreement, no report, stale report, zero tests, and flaky tests under retries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reports-docker-'))
    const agentYaml = (id: string, steps: string) =>
      `  - id: ${id}\n    backend: {cwd: ${id}, command_line_execution_mode: docker}\n    commands:\n${steps}`
    const passing = `<testsuite name="s" tests="1"><testcase classname="t" name="ok"/></testsuite>`
    const { code, res, summary } = await run(
      dir,
      `agents:\n` +
        [
          agentYaml(
            'forged',
            `      - run: printf '%s' '${passing}' > report.xml; exit 1\n        junit: report.xml\n`
          ),
          agentYaml('none', `      - run: echo all good\n        junit: report.xml\n`),
          agentYaml(
            'stale',
            `      - run: printf '%s' '${passing}' > report.xml\n` +
              `      - run: echo pretending\n        junit: report.xml\n`
          ),
          agentYaml(
            'empty',
            `      - run: mkdir -p tests\n      - run: ${PYTEST} --junitxml=report.xml tests\n        junit: report.xml\n`
          ),
          agentYaml(
            'flaky',
            `      - write_file:\n          path: tests/test_flaky.py\n          content: |\n` +
              `            import pathlib\n\n\n            def test_flaky():\n` +
              `                p = pathlib.Path("counter.txt")\n` +
              `                n = int(p.read_text()) if p.exists() else 0\n` +
              `                p.write_text(str(n + 1))\n` +
              `                assert n >= 1\n\n\n            def test_steady():\n                assert True\n` +
              `      - run: ${PYTEST} --junitxml=report.xml tests\n        junit: report.xml\n        retries: 1\n`
          )
        ].join('')
    )
    expect(code).toBe(1) // step errors fail their agent; only agent/run errors exit 2
    const forged = last(agent(res, 'forged'))
    expect(forged).toMatchObject({ status: 'failed', exitCode: 1 })
    expect(forged.reason).toMatch(
      /^exit code and JUnit disagree: exit 1, but report.xml says all 1 test\(s\) passed/
    )

    expect(last(agent(res, 'none'))).toMatchObject({
      status: 'error',
      exitCode: 0,
      reason: 'no fresh JUnit report: report.xml was not written by the step'
    })

    const stale = agent(res, 'stale')
    expect(stale.commands[0].status).toBe('passed')
    expect(stale.commands[1]).toMatchObject({
      status: 'error',
      reason: 'no fresh JUnit report: report.xml was not written by the step'
    })
    expect(existsSync(join(dir, '.massgen/workspaces/stale', 'report.xml'))).toBe(false) // removed before the step

    const empty = last(agent(res, 'empty'))
    expect(empty).toMatchObject({ status: 'failed', exitCode: 5 })
    expect(empty.reason).toBe('no tests ran: report.xml has no tests')

    const flaky = last(agent(res, 'flaky'))
    expect(flaky).toMatchObject({
      status: 'passed',
      flaky: ['tests.test_flaky › test_flaky'],
      reason: 'passed on attempt 2 of 2 (flaky)'
    })
    expect(flaky.attempts!.map((x) => [x.status, x.exitCode])).toEqual([
      ['failed', 1],
      ['passed', 0]
    ])
    expect(readFileSync(join(dir, '.massgen/workspaces/flaky', 'counter.txt'), 'utf8')).toBe('2')
    expect(summary).toContain('flaky (failed, then passed on a retry; 2 attempts)')
  })
})
