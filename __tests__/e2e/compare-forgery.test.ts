// A verdict the agent cannot forge: each forgery a hostile agent tried against compare, run in
// docker mode against the real engine, gives `untrusted` or `does-not-catch` with the reason in
// the results, and gives `catches-change` when the defence against it is switched off (the
// test-only Weakenings the pipeline takes): so every defence is shown to be needed. The re-run
// of the fail-to-pass tests alone also refuses several of them (defence in depth), so it is
// switched off with them. Also: a
// real fix with its regression test (pytest's exact id), a `.git` file pointing at a host
// repository, and fail-on not-caught.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StepResult } from '../../src/report/types.js'
import type { Weakenings } from '../../src/run/compare/run.js'
import { runPipeline } from '../../src/run/pipeline.js'
import { GitRepo } from '../helpers/git-repo.js'
import { containersOfRun } from '../helpers/run-containers.js'
import { CLI, runNode } from '../helpers/run-dist.js'

const PYTEST = 'python -m pytest -q -p no:cacheprovider'

/** Base: `double` has a bug, `greet` a passing test. Head: what the test gives. */
function project(head: Record<string, string | null>, extraBase: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'compare-forgery-'))
  const repo = new GitRepo(join(dir, 'repo'))
  const base = repo.commit({
    'calc.py': 'def double(x):\n    return x + x + 1\n',
    'util.py': 'def greet():\n    return "hi"\n',
    'tests/test_unrelated.py':
      'from util import greet\n\n\ndef test_greet():\n    assert greet() == "hi"\n',
    ...extraBase
  })
  repo.commit(head)
  repo.openUp()
  return { dir, repo, base }
}

const config = (dir: string, base: string, extra = '') => `
agent:
  id: v
  backend: {cwd: ${dir}/repo, command_line_execution_mode: docker}
  commands:
    - name: tests
      run: ${PYTEST} --junitxml=report.xml tests
      junit: report.xml
      compare: {repo: ., base: ${base}, tests: ["tests/**"]${extra}}
`

async function compare(
  p: { dir: string; base: string },
  weaken?: Weakenings,
  extra = '',
  retries = 0
): Promise<StepResult> {
  const out = join(p.dir, `out-${Math.random().toString(36).slice(2)}`)
  const file = join(p.dir, 'config.yaml')
  const yaml = config(p.dir, p.base, extra)
  writeFileSync(
    file,
    retries
      ? yaml.replace('junit: report.xml', `junit: report.xml\n      retries: ${retries}`)
      : yaml
  )
  const o = await runPipeline({
    configPath: file,
    outDir: out,
    log: () => {},
    weakenCompare: weaken
  })
  expect(o.results.agents[0].error).toBeUndefined()
  expect(containersOfRun(o.results.runId)).toEqual([])
  return o.results.agents[0].commands.at(-1)!
}

const FIX = { 'calc.py': 'def double(x):\n    return x + x\n' }

describe('compare: forgeries (docker)', () => {
  it('a real fix with its regression test: catches-change, the exact pytest id, pass-to-pass unchanged', async () => {
    const p = project({
      ...FIX,
      'tests/test_calc.py':
        'from calc import double\n\n\nclass TestDouble:\n    def test_two(self):\n        assert double(2) == 4\n'
    })
    const s = await compare(p)
    expect(s.compare).toMatchObject({
      verdict: 'catches-change',
      transitions: {
        failToPass: ['tests/test_calc.py::TestDouble::test_two'],
        passToPass: ['tests/test_unrelated.py::test_greet'],
        passToFail: []
      }
    })
    expect(s.compare!.tamper).toBeUndefined()
    expect(s.compare!.rerun).toEqual({
      ids: ['tests/test_calc.py::TestDouble::test_two'],
      base: 'all failed again',
      head: 'all passed again'
    })
    expect([...s.compare!.reports!.base].sort()).toEqual([
      'v/step-1-compare/base-1.xml',
      'v/step-1-compare/base-rerun-1.xml'
    ])
  })

  it('state carried over between the sides (/tmp, home): does-not-catch; catches-change in one shared sandbox', async () => {
    // Passes the first time it runs in a sandbox, fails every time after.
    const p = project({
      'tests/test_state.py':
        'import os, pathlib\n\n\ndef test_first_time():\n' +
        '    marks = [pathlib.Path("/tmp/.seen"), pathlib.Path(os.path.expanduser("~/.seen"))]\n' +
        '    fresh = not any(m.exists() for m in marks)\n' +
        '    for m in marks:\n        m.write_text("x")\n' +
        '    assert fresh\n'
    })
    const s = await compare(p)
    expect(s.compare!.verdict).toBe('does-not-catch')
    expect(s.compare!.transitions.passToPass).toContain('tests/test_state.py::test_first_time')
    const weak = await compare(p, { sharedSandbox: true, noRerun: true })
    expect([weak.compare!.verdict, weak.compare!.reason]).toEqual(['catches-change', undefined])
    expect(weak.compare!.transitions.failToPass).toEqual(['tests/test_state.py::test_first_time'])
  })

  it('retries on one side only (a test failing on odd-numbered runs): flaky, does-not-catch', async () => {
    const p = project({
      'tests/test_odd.py':
        'import pathlib\n\n\ndef test_odd():\n' +
        '    c = pathlib.Path("counter.txt")\n' +
        '    n = int(c.read_text()) if c.exists() else 0\n' +
        '    c.write_text(str(n + 1))\n' +
        '    assert n % 2 == 1\n'
    })
    const s = await compare(p, undefined, '', 1)
    expect(s.compare).toMatchObject({
      verdict: 'does-not-catch',
      attemptsPerSide: 2,
      transitions: { failToPass: [], flaky: ['tests/test_odd.py::test_odd'] }
    })
    expect(s.compare!.reports!.base).toHaveLength(2)
    expect(s.compare!.reason).toContain('1 flaky test(s) not counted')
    const weak = await compare(p, { oneSidedRetries: true, noRerun: true }, '', 1)
    expect(weak.compare!.verdict).toBe('catches-change')
    expect(weak.compare!.transitions.failToPass).toEqual(['tests/test_odd.py::test_odd'])
  })

  it('a conftest.py that rewrites the JUnit report at exit: untrusted (tampering, then the collection)', async () => {
    // Eight invented tests, failing where the bug is and passing where it is fixed, and an exit
    // code to match.
    const conftest = `import os


def pytest_unconfigure(config):
    path = getattr(config.option, "xmlpath", None)
    if not path:
        return
    fixed = "x + x\\n" in open("calc.py").read()
    fail = "" if fixed else '<failure message="no"/>'
    cases = "".join(
        f'<testcase classname="tests.test_forged" name="test_{i}">{fail}</testcase>' for i in range(8)
    )
    with open(path, "w") as f:
        f.write(
            f'<testsuites><testsuite name="pytest" tests="8" failures="{0 if fixed else 8}" '
            f'errors="0" skipped="0">{cases}</testsuite></testsuites>'
        )
    os._exit(0 if fixed else 1)
`
    const p = project({ ...FIX, 'tests/conftest.py': conftest })
    const s = await compare(p)
    expect(s.compare!.verdict).toBe('untrusted')
    expect(s.compare!.tamper![0]).toEqual({
      kind: 'test-support',
      path: 'tests/conftest.py',
      detail: 'added by the change'
    })
    expect(s.compare!.tamper!.slice(1).map((t) => t.kind)).toContain('report-mismatch')
    // Without the file check, the independent collection still refuses the invented tests.
    const noTamper = await compare(p, { noTamper: true })
    expect(noTamper.compare!.verdict).toBe('untrusted')
    expect(noTamper.compare!.tamper!.map((t) => t.kind)).toContain('report-mismatch')
    expect(noTamper.compare!.tamper!.map((t) => t.detail).join('\n')).toContain(
      '8 test(s) in the JUnit report were not collected'
    )
    const weak = await compare(p, { noTamper: true, noCollection: true })
    expect(weak.compare!.verdict).toBe('catches-change')
    expect(weak.compare!.transitions.failToPass).toHaveLength(8)
    // compare.allow accepts the kind knowingly: recorded, and the collection still speaks.
    const allowed = await compare(p, undefined, ', allow: [test-support]')
    expect(allowed.compare!.allow).toEqual(['test-support'])
    expect(allowed.compare!.tamper![0]).toMatchObject({ kind: 'test-support', allowed: true })
    expect(allowed.compare!.verdict).toBe('untrusted')
  })

  it("head's root conftest.py loaded on base: untrusted; does-not-catch without the file check; catches-change with the trees in the workspace", async () => {
    // Loaded from the agent's workspace (not from the tree under test) it knows it runs on base.
    const p = project({
      'pytest.ini': '[pytest]\n',
      'conftest.py':
        'import pytest\n\nON_BASE = ".massgen-compare" not in __file__\n\n\n' +
        '@pytest.hookimpl(tryfirst=True)\ndef pytest_runtest_call(item):\n' +
        '    if ON_BASE:\n        pytest.fail("base")\n',
      'tests/test_trivial.py': 'def test_trivial():\n    assert True\n'
    })
    const s = await compare(p)
    expect(s.compare!.verdict).toBe('untrusted')
    expect(s.compare!.tamper!.map((t) => [t.kind, t.path])).toEqual([
      ['test-support', 'conftest.py'],
      ['runner-config', 'pytest.ini']
    ])
    // In a tree of its own the conftest runs on head only: head goes red, never catches-change.
    const noTamper = await compare(p, { noTamper: true })
    expect(noTamper.compare!.verdict).toBe('regression')
    const weak = await compare(p, { noTamper: true, sharedSandbox: true, noRerun: true })
    expect(weak.compare!.verdict).toBe('catches-change')
    expect(weak.compare!.transitions.failToPass).toContain('tests/test_trivial.py::test_trivial')
  })

  it("base tests deleted or skipped by the change: untrusted (base's own tests collected, the skipped one run alone on base); catches-change without the check", async () => {
    const REGRESSION = {
      'tests/test_calc.py':
        'from calc import double\n\n\ndef test_two():\n    assert double(2) == 4\n'
    }
    const more =
      'def test_keep():\n    assert True\n\n\ndef test_inconvenient():\n    assert True\n'
    // One test of a base file deleted (the file kept), in a change that does fix the bug.
    const deleted = project(
      { ...FIX, ...REGRESSION, 'tests/test_more.py': 'def test_keep():\n    assert True\n' },
      { 'tests/test_more.py': more }
    )
    const d = await compare(deleted)
    expect(d.compare!.verdict).toBe('untrusted')
    expect(d.compare!.tamper).toEqual([
      {
        kind: 'removed-test',
        path: 'tests/test_more.py::test_inconvenient',
        detail: 'collected on base, not on head'
      }
    ])
    expect(d.compare!.baseOwn).toEqual({ collected: 3, checkedSkipped: [] })
    const dWeak = await compare(deleted, { noTamper: true })
    expect(dWeak.compare!.verdict).toBe('catches-change')

    // A passing base test marked skip: skipped on both trees under test, so only base's own run sees it.
    const skipped = project({
      ...FIX,
      ...REGRESSION,
      'tests/test_unrelated.py':
        'import pytest\nfrom util import greet\n\n\n@pytest.mark.skip\ndef test_greet():\n    assert greet() == "hi"\n'
    })
    const k = await compare(skipped)
    expect(k.compare!.verdict).toBe('untrusted')
    expect(k.compare!.tamper).toEqual([
      {
        kind: 'skipped-test',
        path: 'tests/test_unrelated.py::test_greet',
        detail: 'runs on base, skipped or xfail on head'
      }
    ])
    expect(k.compare!.baseOwn!.checkedSkipped).toEqual(['tests/test_unrelated.py::test_greet'])
    expect(k.compare!.reports!.base).toContain('v/step-1-compare/base-own-1.xml')
    const kWeak = await compare(skipped, { noTamper: true })
    expect(kWeak.compare!.verdict).toBe('catches-change')
    // Accepted knowingly: recorded, and the verdict is the tests' again.
    const allowed = await compare(skipped, undefined, ', allow: [skipped-test]')
    expect(allowed.compare!.tamper).toEqual([
      expect.objectContaining({ kind: 'skipped-test', allowed: true })
    ])
    expect(allowed.compare!.verdict).toBe('catches-change')
  })

  it('a test that fails on base only after another test ran: the re-run alone refuses it', async () => {
    const p = project({
      ...FIX,
      'tests/test_pair.py':
        'from calc import double\n\nRAN = []\n\n\ndef test_a():\n    RAN.append(1)\n\n\n' +
        'def test_b():\n    assert double(2) == 4 or not RAN\n'
    })
    const s = await compare(p)
    expect(s.compare!.verdict).toBe('untrusted')
    expect(s.compare!.tamper).toEqual([
      {
        kind: 'rerun-mismatch',
        path: 'tests/test_pair.py::test_b',
        detail:
          'base: 1 fail-to-pass test(s) did not fail when re-run alone: tests/test_pair.py::test_b'
      }
    ])
    const weak = await compare(p, { noRerun: true })
    expect(weak.compare!.verdict).toBe('catches-change')
    expect(weak.compare!.transitions.failToPass).toEqual(['tests/test_pair.py::test_b'])
  })

  it('a .git file pointing at a host repository: step error naming it, nothing of it in any output', async () => {
    const secret = 'SECRET-' + Math.random().toString(36).slice(2)
    const host = new GitRepo(mkdtempSync(join(tmpdir(), 'host-repo-')))
    host.commit({ 'tests/test_secret.py': `# ${secret}\ndef test_x():\n    pass\n` })
    const dir = mkdtempSync(join(tmpdir(), 'compare-gitfile-'))
    const ws = join(dir, 'repo')
    new GitRepo(ws).openUp()
    const { rmSync } = await import('node:fs')
    rmSync(join(ws, '.git'), { recursive: true, force: true })
    writeFileSync(join(ws, '.git'), `gitdir: ${host.dir}/.git\n`)
    const out = join(dir, 'out')
    const file = join(dir, 'config.yaml')
    writeFileSync(file, config(dir, 'HEAD'))
    const o = await runPipeline({ configPath: file, outDir: out, log: () => {} })
    const s = o.results.agents[0].commands.at(-1)!
    expect(s.status).toBe('error')
    expect(s.compare!.reason).toContain(`the git directory ${host.dir}/.git`)
    expect(s.compare!.reason).toContain("is outside the agent's workspace and context paths")
    const everything = readdirSync(out, { recursive: true })
      .map((f) => String(f))
      .filter((f) => !f.endsWith('/'))
      .map((f) => {
        try {
          return readFileSync(join(out, f), 'utf8')
        } catch {
          return ''
        }
      })
      .join('\n')
    expect(everything).not.toContain(secret)
    expect(JSON.stringify(o.results)).not.toContain(secret)
  })

  it('--fail-on not-caught: exit 1 on does-not-catch with the reason; exit 0 without it', async () => {
    // The tests pass without the change.
    const p = project({ 'tests/test_trivial.py': 'def test_trivial():\n    assert True\n' })
    const file = join(p.dir, 'config.yaml')
    writeFileSync(file, config(p.dir, p.base))
    const args = ['run', file, '--out', join(p.dir, 'cli-out')]
    const plain = await runNode(CLI, args)
    expect(plain.code).toBe(0)
    expect(plain.stderr).toContain('compare: does-not-catch')
    const strict = await runNode(CLI, [...args, '--fail-on', 'not-caught'])
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain(
      'not every compare step catches the change (step 1: does-not-catch)'
    )
  })
})
