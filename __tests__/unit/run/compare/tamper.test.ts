// Tamper findings, pytest collection parsing and id mapping, flaky tests across attempts, the
// untrusted verdict, and the repository containment check (real git, no Docker).
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JunitCase } from '../../../../src/report/junit.js'
import {
  collectCommand,
  junitIdOf,
  parseCollected,
  reportMismatch,
  withNodeIds
} from '../../../../src/run/compare/collect.js'
import { assertRepoInside } from '../../../../src/run/compare/gitdirs.js'
import { applyAllow, fileTamper, testTamper, watched } from '../../../../src/run/compare/tamper.js'
import {
  changingTests,
  judge,
  transitions,
  withoutFlaky
} from '../../../../src/run/compare/transitions.js'
import { hostGit } from '../../../../src/run/compare/trees.js'
import { GitRepo } from '../../../helpers/git-repo.js'

const b = (s: string) => Buffer.from(s)
const c = (id: string, outcome: JunitCase['outcome']) => ({ id, outcome }) as JunitCase

describe('tampering', () => {
  it('watches runner config and test support wherever they are', () => {
    for (const p of [
      'conftest.py',
      'tests/conftest.py',
      'pytest.ini',
      'pyproject.toml',
      'setup.cfg',
      'tox.ini',
      'package.json',
      'jest.config.js',
      'vitest.config.mts',
      '.mocharc.yml',
      'src/setupTests.ts'
    ])
      expect([p, watched(p)]).toEqual([p, true])
    for (const p of ['calc.py', 'tests/test_x.py', 'README.md']) expect(watched(p)).toBe(false)
  })

  it('flags added, edited and removed support files and only the test parts of shared configs', () => {
    const found = fileTamper(
      [
        { path: 'tests/conftest.py', head: b('x = 1\n') },
        { path: 'conftest.py', base: b('a\n'), head: b('b\n') },
        { path: 'pytest.ini', base: b('[pytest]\n') },
        // Not test sections: no finding.
        {
          path: 'pyproject.toml',
          base: b('[project]\nname = "a"\n[tool.pytest.ini_options]\naddopts = "-q"\n'),
          head: b('[project]\nname = "b"\n[tool.pytest.ini_options]\naddopts = "-q"\n')
        },
        {
          path: 'setup.cfg',
          base: b('[metadata]\nname=a\n'),
          head: b('[metadata]\nname=a\n[tool:pytest]\naddopts = -p evil\n')
        },
        {
          path: 'package.json',
          base: b('{"version": "1.0.0", "scripts": {"test": "jest"}}'),
          head: b('{"version": "1.0.1", "scripts": {"test": "jest"}}')
        },
        {
          path: 'web/package.json',
          base: b('{"scripts": {"test": "jest"}}'),
          head: b('{"scripts": {"test": "true"}}')
        }
      ],
      ['tests/test_old.py']
    )
    expect(found.map((t) => [t.kind, t.path, t.detail])).toEqual([
      ['test-support', 'tests/conftest.py', 'added by the change'],
      ['test-support', 'conftest.py', 'edited by the change'],
      ['runner-config', 'pytest.ini', 'removed by the change'],
      ['runner-config', 'setup.cfg', 'test-runner settings added'],
      ['runner-config', 'web/package.json', 'test-runner settings edited'],
      ['removed-test', 'tests/test_old.py', 'a test file of base deleted by the change']
    ])
    expect(applyAllow(found, ['runner-config']).filter((t) => t.allowed)).toHaveLength(3)
  })

  it('base tests gone or skipped on head', () => {
    expect(testTamper(['a', 'b', 'c'], ['a', 'c'], ['c']).map((t) => [t.kind, t.path])).toEqual([
      ['removed-test', 'b'],
      ['skipped-test', 'c']
    ])
  })

  it('untrusted unless allowed, before regression and does-not-catch', () => {
    const t = transitions([c('a', 'pass')], [c('a', 'fail')])
    const tamper = [{ kind: 'test-support' as const, path: 'conftest.py', detail: 'added' }]
    expect(judge({ headGreen: true, transitions: t, tamper })).toMatchObject({
      verdict: 'untrusted'
    })
    expect(
      judge({ headGreen: true, transitions: t, tamper: applyAllow(tamper, ['test-support']) })
    ).toEqual({ verdict: 'catches-change' })
    expect(judge({ problem: 'head: oom', headGreen: false, tamper }).verdict).toBe('error')
  })
})

describe('flaky across attempts', () => {
  it('a test whose outcome changes on either side is flaky, never fail-to-pass', () => {
    const head = [
      [c('odd', 'fail'), c('ok', 'pass')],
      [c('odd', 'pass'), c('ok', 'pass')]
    ]
    const base = [
      [c('odd', 'fail'), c('ok', 'fail')],
      [c('odd', 'pass'), c('ok', 'fail')]
    ]
    const flaky = [...new Set([...changingTests(head), ...changingTests(base)])]
    expect(flaky).toEqual(['odd'])
    const t = withoutFlaky(transitions(head[1], base[1]), flaky)
    expect(t).toMatchObject({ failToPass: ['ok'], flaky: ['odd'], passToPass: [] })
    expect(changingTests([[c('gone', 'pass')], []])).toEqual(['gone'])
    expect(changingTests([[c('x', 'fail')]])).toEqual([])
  })
})

describe('pytest collection', () => {
  it('the step command made a collection, or nothing when it is not one pytest invocation', () => {
    expect(collectCommand('python -m pytest -q -p no:cacheprovider --junitxml=r.xml tests')).toBe(
      'python -m pytest -p no:cacheprovider tests --collect-only -q'
    )
    expect(collectCommand('pytest -vv --junit-xml out/r.xml -x')).toBe(
      'pytest -x --collect-only -q'
    )
    expect(collectCommand('cd x && pytest')).toBeUndefined()
    expect(collectCommand('npm test')).toBeUndefined()
    expect(collectCommand('pytest "tests/a b"')).toBeUndefined()
  })

  it('parses ids, maps JUnit names to them, and finds reports that disagree', () => {
    const out =
      'tests/test_x.py::TestA::test_b\ntests/test_x.py::test_c[1-2]\nsub/t.py::test_d\n\n3 tests collected in 0.01s\n'
    const ids = parseCollected(out)!
    expect(ids).toEqual([
      'tests/test_x.py::TestA::test_b',
      'tests/test_x.py::test_c[1-2]',
      'sub/t.py::test_d'
    ])
    expect(parseCollected('no tests collected in 0.01s\n')).toEqual([])
    expect(parseCollected('ImportError: boom\n')).toBeUndefined()
    expect(junitIdOf('tests/test_x.py::TestA::test_b')).toBe('tests.test_x.TestA › test_b')
    const cases = withNodeIds(
      [c('tests.test_x.TestA › test_b', 'pass'), c('tests.test_forged › test_1', 'pass')],
      ids
    )
    expect(cases.map((x) => x.id)).toEqual([
      'tests/test_x.py::TestA::test_b',
      'tests.test_forged › test_1'
    ])
    expect(reportMismatch('head', cases, ids).map((t) => t.detail)).toEqual([
      'head: 1 test(s) in the JUnit report were not collected by pytest --collect-only',
      'head: 2 collected test(s) missing from the JUnit report'
    ])
  })
})

describe('the repository is the agent’s', () => {
  it('refuses a .git file, a common dir or alternates outside the allowed paths, naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gitdirs-'))
    const host = new GitRepo(join(dir, 'host'))
    host.commit({ 'a.txt': 'a\n' })
    const ws = join(dir, 'ws')
    const own = new GitRepo(join(ws, 'own'))
    own.commit({ 'b.txt': 'b\n' })
    const git = hostGit()
    await expect(assertRepoInside(git, own.dir, [ws])).resolves.toBeUndefined()

    mkdirSync(join(ws, 'linked'))
    writeFileSync(join(ws, 'linked', '.git'), `gitdir: ${host.dir}/.git\n`)
    await expect(assertRepoInside(git, join(ws, 'linked'), [ws])).rejects.toThrow(
      `the git directory ${host.dir}/.git is outside the agent's workspace and context paths`
    )

    writeFileSync(join(own.dir, '.git/objects/info/alternates'), `${host.dir}/.git/objects\n`)
    await expect(assertRepoInside(git, own.dir, [ws])).rejects.toThrow(
      `an alternate object directory ${host.dir}/.git/objects is outside`
    )
    await expect(assertRepoInside(git, host.dir, [ws])).rejects.toThrow(
      `compare.repo ${host.dir} is outside`
    )
  })
})

describe('re-run of the fail-to-pass tests', () => {
  it('deselects every other collected id and checks each side', async () => {
    const { rerunCommand, rerunDisagrees } = await import('../../../../src/run/compare/collect.js')
    expect(rerunCommand('pytest -q tests', ['t.py::a'], ['t.py::a', 't.py::b[x y]'])).toBe(
      "pytest -q tests --deselect 't.py::b[x y]'"
    )
    expect(rerunCommand('pytest', ['t.py::a'], ["t.py::b['q']"])).toBeUndefined()
    expect(rerunDisagrees('base', ['a'], [c('a', 'fail')])).toBeUndefined()
    expect(rerunDisagrees('head', ['a'], [c('a', 'fail')])).toContain('did not pass')
    expect(rerunDisagrees('head', ['a'], [c('a', 'pass'), c('b', 'pass')])).toContain(
      'not asked to run'
    )
  })
})
