// The bundled action with a compare step: the base-ref input overrides compare.base, and the
// verdict and fail-to-pass outputs and the job summary carry the result. Local mode (the compare
// flow is the same in docker mode, see compare-docker.test.ts); the tests are sh scripts.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GitRepo, SH_JUNIT_RUNNER } from '../helpers/git-repo.js'
import { ACTION_MAIN, RunnerFiles, runNode, workflowCommands } from '../helpers/run-dist.js'

describe('the bundled action, compare step', () => {
  it('takes base-ref, sets verdict and fail-to-pass, and escapes test names in the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gha-compare-'))
    const repo = new GitRepo(join(dir, 'repo'))
    const base = repo.commit({ 'run.sh': SH_JUNIT_RUNNER, 'lib.txt': 'answer=41\n' })
    // The runner copies file names into the XML as they are: this one's test name is "x<b>".
    repo.commit({
      'lib.txt': 'answer=42\n',
      'tests/x&lt;b&gt;.sh': 'grep -q answer=42 lib.txt\n',
      'tests/steady.sh': 'true\n'
    })
    writeFileSync(
      join(dir, 'massgen.yaml'),
      `agent:
  id: v
  backend: {cwd: ${dir}/repo}
  commands:
    - run: sh run.sh report.xml
      junit: report.xml
      compare: {repo: ., base: does-not-exist, tests: ["tests/**"]}
`
    )
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'working-directory': dir,
          'output-dir': join(dir, 'out'),
          'upload-artifacts': 'false',
          'base-ref': base,
          // Local mode in the action: the workflow allows it (README, Trust model).
          'allow-unsafe': 'no-sandbox'
        },
        { GITHUB_WORKSPACE: dir }
      )
    })
    expect([r.code, workflowCommands(r.stdout).filter((c) => c.startsWith('::error'))]).toEqual([
      0,
      []
    ])
    const outputs = runner.outputs()
    expect(outputs.status).toBe('passed')
    expect(outputs.verdict).toBe('catches-change')
    expect(JSON.parse(outputs['fail-to-pass'])).toEqual(['tests › x<b>'])
    const summary = readFileSync(runner.summary, 'utf8')
    expect(summary).toContain('step 1 compare: catches-change')
    expect(summary).toContain('<code>tests › x&lt;b&gt;</code>')
    expect(summary).not.toContain('x<b>')
  })

  it('fail-on not-caught: a does-not-catch verdict fails the step with an annotation giving the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gha-compare-'))
    const repo = new GitRepo(join(dir, 'repo'))
    const base = repo.commit({ 'run.sh': SH_JUNIT_RUNNER, 'lib.txt': 'answer=41\n' })
    // The new test passes without the change.
    repo.commit({ 'lib.txt': 'answer=42\n', 'tests/steady.sh': 'true\n' })
    writeFileSync(
      join(dir, 'massgen.yaml'),
      `agent:
  id: v
  backend: {cwd: ${dir}/repo}
  commands:
    - run: sh run.sh report.xml
      junit: report.xml
      compare: {repo: ., tests: ["tests/**"]}
`
    )
    const run = async (failOn: string) => {
      const runner = new RunnerFiles()
      const r = await runNode(ACTION_MAIN, [], {
        cwd: dir,
        env: runner.stepEnv(
          {
            config: 'massgen.yaml',
            'working-directory': dir,
            'output-dir': join(dir, `out-${failOn}`),
            'upload-artifacts': 'false',
            'base-ref': base,
            'fail-on': failOn,
            'allow-unsafe': 'no-sandbox'
          },
          { GITHUB_WORKSPACE: dir }
        )
      })
      return {
        code: r.code,
        errors: workflowCommands(r.stdout).filter((c) => c.startsWith('::error'))
      }
    }
    const strict = await run('not-caught')
    expect(strict.code).toBe(1)
    expect(strict.errors.join('\n')).toContain(
      'compare%3A does-not-catch::sh run.sh report.xml: does-not-catch'
    )
    expect(strict.errors.join('\n')).toContain('no test fails on base')
    expect(strict.errors.join('\n')).toContain('not every compare step catches the change')
    // The default passes the job, and still says why the verdict is not catches-change.
    const lax = await run('failed')
    expect(lax.code).toBe(0)
    expect(lax.errors.join('\n')).toContain(
      'compare%3A does-not-catch::sh run.sh report.xml: does-not-catch'
    )
  })
})
