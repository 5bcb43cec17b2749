// The whole compare flow in local mode (no Docker): config → pipeline → trees → both runs →
// transitions → results.json. The "test framework" is a few lines of sh that write JUnit XML,
// so the test needs nothing but git and a POSIX shell.
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StepResult } from '../../../../src/report/types.js'
import { runPipeline } from '../../../../src/run/pipeline.js'
import { GitRepo, SH_JUNIT_RUNNER } from '../../../helpers/git-repo.js'

const scratch = mkdtempSync(join(tmpdir(), 'compare-local-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const RUNNER = SH_JUNIT_RUNNER

let n = 0
/** Base: a bug and an unrelated passing test. Head (work tree, committed): the fix and two tests. */
function project(head: Record<string, string | null> = {}) {
  const dir = join(scratch, `p${n++}`)
  const repo = new GitRepo(join(dir, 'repo'))
  const base = repo.commit({
    'run.sh': RUNNER,
    'lib.txt': 'name=calc\nanswer=41\n',
    'tests/test_unrelated.sh': 'grep -q name=calc lib.txt\n'
  })
  repo.commit({
    'lib.txt': 'name=calc\nanswer=42\n',
    'tests/test_answer.sh': 'grep -q answer=42 lib.txt\n',
    'tests/test_trivial.sh': 'true\n',
    ...head
  })
  return { dir, repo, base }
}

async function runCompare(
  dir: string,
  stepYaml: string,
  extra: { baseRef?: string } = {}
): Promise<StepResult> {
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `agent:\n  id: v\n  backend: {cwd: ${join(dir, 'repo')}}\n  commands:\n${stepYaml
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\n`
  )
  const outcome = await runPipeline({
    configPath: config,
    outDir: join(dir, 'out'),
    workingDirectory: dir,
    log: () => {},
    ...extra
  })
  expect(outcome.results.agents[0].error).toBeUndefined()
  return outcome.results.agents[0].commands.at(-1)!
}

const STEP = (base: string) => `- name: tests
  run: sh run.sh report.xml
  junit: report.xml
  compare: {repo: ., base: ${base}, tests: ["tests/**"]}`

describe('compare (local mode)', () => {
  it('catches the change: the new test fails on base, the others pass on both', async () => {
    const { dir, repo, base } = project()
    const s = await runCompare(dir, STEP(base))
    expect(s.status).toBe('passed')
    expect(s.compare).toMatchObject({
      verdict: 'catches-change',
      base,
      head: repo.git('rev-parse', 'HEAD'),
      baseRef: base,
      transitions: {
        failToPass: ['tests › test_answer'],
        passToPass: ['tests › test_trivial', 'tests › test_unrelated'],
        failToFail: [],
        passToFail: [],
        onlyHead: [],
        onlyBase: []
      }
    })
    expect(s.compare!.baseRun).toMatchObject({ status: 'failed', exitCode: 1 })
    // The copies are gone and the repository is as it was.
    expect(existsSync(join(repo.dir, '.massgen-compare'))).toBe(false)
    expect(readdirSync(repo.dir).filter((f) => f.startsWith('.massgen'))).toEqual([])
    expect(repo.git('status', '--porcelain')).toBe('')
    const summary = readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
    expect(summary).toContain('step 1 compare: catches-change')
    expect(summary).toContain('fail → pass (1): <code>tests › test&#95;answer</code>')
  })

  it('does not catch a change the tests do not need (uncommitted head: the fix reverted)', async () => {
    const { dir, repo, base } = project()
    repo.write({ 'lib.txt': 'name=calc\nanswer=41\n' })
    const s = await runCompare(dir, STEP(base))
    expect(s.status).toBe('failed')
    expect(s.compare).toMatchObject({
      verdict: 'does-not-catch',
      transitions: {
        failToPass: [],
        failToFail: ['tests › test_answer'],
        passToFail: []
      }
    })
  })

  it('reports a regression when head breaks a test that passed on base', async () => {
    const { dir, base } = project({ 'lib.txt': 'name=other\nanswer=42\n' })
    const s = await runCompare(dir, STEP(base))
    expect(s.compare).toMatchObject({
      verdict: 'regression',
      transitions: { passToFail: ['tests › test_unrelated'], failToPass: ['tests › test_answer'] }
    })
  })

  it('base-ref overrides compare.base; a bad revision is an error, not does-not-catch', async () => {
    const { dir, base } = project()
    const s = await runCompare(dir, STEP('no-such-branch'), { baseRef: base })
    expect(s.compare!.verdict).toBe('catches-change')

    const bad = await runCompare(dir, STEP('no-such-branch'))
    expect(bad).toMatchObject({ status: 'error' })
    expect(bad.compare).toMatchObject({ verdict: 'error', baseRef: 'no-such-branch' })
    expect(bad.compare!.reason).toMatch(/base revision "no-such-branch" not found/)
  })

  it('applies head test files to base: a test head deleted is gone from base too', async () => {
    const { dir, repo, base } = project()
    repo.commit({ 'tests/test_unrelated.sh': null })
    const s = await runCompare(dir, STEP(base))
    expect(s.compare!.transitions).toMatchObject({
      failToPass: ['tests › test_answer'],
      passToPass: ['tests › test_trivial'],
      onlyBase: []
    })
  })

  it('is an error when the base side times out, and the step is not passed', async () => {
    // A head test that hangs without the fix: only the base run hangs.
    const { dir, base } = project({
      'tests/test_slow.sh': 'grep -q answer=42 lib.txt || sleep 30\n'
    })
    const s = await runCompare(
      dir,
      `- run: sh run.sh report.xml
  junit: report.xml
  timeout: 2
  compare: {repo: ., base: ${base}, tests: ["tests/**"]}`
    )
    expect(s.compare).toMatchObject({ verdict: 'error', baseRun: { status: 'timeout' } })
    expect(s.compare!.reason).toMatch(/^base: timeout/)
    expect(s).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/^compare: base: timeout/)
    })
    expect(s.compare!.transitions.failToPass).toEqual([])
  })
})
