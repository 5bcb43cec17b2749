// The bundled action (dist/index.js, then dist/post/index.js) run exactly as the Actions runner
// runs a node action: INPUT_* variables, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_STATE files,
// ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL pointing at a loopback results service.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import {
  startArtifactServer,
  unzipEntries,
  type ArtifactServer
} from '../helpers/artifact-server.js'
import {
  ACTION_MAIN,
  ACTION_POST,
  RunnerFiles,
  runNode,
  workflowCommands
} from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

let server: ArtifactServer
beforeAll(async () => {
  server = await startArtifactServer()
})
afterAll(async () => {
  await server.close()
})

function workspace(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gha-'))
  writeFileSync(join(dir, 'massgen.yaml'), yaml)
  return dir
}

describe('the bundled action', () => {
  it('runs a local config, sets every output, writes the summary and uploads the results', async () => {
    const dir = workspace(`
agent:
  id: builder
  backend: {cwd: ws}
  commands:
    - echo building
    - run: exit 2
      name: flaky check
`)
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'working-directory': dir,
          'output-dir': join(dir, 'out'),
          'artifact-name': 'local-results',
          // Local mode in the action: the workflow allows it (README, Trust model).
          'allow-unsafe': 'no-sandbox'
        },
        { ...server.env, GITHUB_WORKSPACE: dir }
      )
    })
    expect(r.code).toBe(1) // fail-on: failed
    const outputs = runner.outputs()
    expect(outputs).toMatchObject({
      status: 'failed',
      passed: '1',
      failed: '1',
      blocked: '0',
      'timed-out': '0',
      results: join(dir, 'out', 'results.json'),
      verdict: '', // no compare step
      'fail-to-pass': '[]'
    })
    expect(outputs['artifact-id']).toMatch(/^\d+$/)
    expect(Object.keys(outputs).sort()).toEqual(
      [
        'artifact-id',
        'artifact-url',
        'blocked',
        'failed',
        'passed',
        'results',
        'status',
        'timed-out',
        'verdict',
        'fail-to-pass'
      ].sort()
    )
    expect(r.stdout).toContain(
      '::error title=massgen-exec%3A builder step 2::failed: exit 2 — flaky check'
    )
    const summary = readFileSync(runner.summary, 'utf8')
    expect(summary).toContain('<h2>massgen-exec: ❌ failed</h2>')
    expect(summary).toContain('<td>❌ failed</td><td>2</td>')

    const art = server.artifacts.get('local-results')!
    expect(art.finalized).toBe(true)
    const files = await unzipEntries(art.bytes)
    expect([...files.keys()].sort()).toEqual(['builder/commands.log', 'results.json', 'summary.md'])
    const uploaded = JSON.parse(files.get('results.json')!.toString()) as RunResults
    expect(uploaded.status).toBe('failed')
  })

  it('keeps agent output from issuing workflow commands, escapes the summary, redacts credentials everywhere; post leaves no container', async () => {
    const secret = 'tok-' + Math.random().toString(36).slice(2)
    const dir = workspace(`
agent:
  id: hostile
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_credentials:
      env_vars: [DEPLOY_TOKEN]
  commands:
    - run: |
        echo '::error::x'
        echo '::add-mask::oops'
        echo '::set-output name=status::passed'
        echo '</table><script>alert(1)</script>'
        echo "token=$DEPLOY_TOKEN"
        exit 1
`)
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'working-directory': dir,
          'output-dir': join(dir, 'out'),
          'artifact-name': 'hostile',
          cleanup: 'true'
        },
        { ...server.env, GITHUB_WORKSPACE: dir, DEPLOY_TOKEN: secret }
      )
    })
    expect(r.code).toBe(1)
    // The only workflow commands are ours: the mask, the annotation, groups.
    const issued = workflowCommands(r.stdout)
    expect(
      issued.filter(
        (l) =>
          !/^::(add-mask|error title=massgen-exec|error::massgen-exec: |group|endgroup|debug)/.test(
            l
          )
      )
    ).toEqual([])
    // Our mask for the credential (the artifact client adds its own for the upload signature).
    expect(issued).toContain(`::add-mask::${secret}`)
    expect(r.stdout.split(`::add-mask::${secret}\n`).join('')).not.toContain(secret)

    const summary = readFileSync(runner.summary, 'utf8')
    expect(summary).not.toContain('<script>')
    expect(summary).toContain('&lt;/table&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(summary.match(/<table>/g)?.length).toBe(summary.match(/<\/table>/g)?.length)
    expect(summary).not.toContain(secret)

    const files = await unzipEntries(server.artifacts.get('hostile')!.bytes)
    expect(files.has('hostile/docker_container.log')).toBe(true)
    for (const [name, bytes] of files) expect([name, bytes.includes(secret)]).toEqual([name, false])
    expect(files.get('results.json')!.toString()).toContain('token=***')

    // Post, with the state main saved: nothing of the run is left.
    const state = runner.postStateEnv()
    expect(state.STATE_runId).toBeTruthy()
    const post = await runNode(ACTION_POST, [], {
      cwd: dir,
      env: { ...runner.stepEnv({}), ...state }
    })
    expect(post.code).toBe(0)
    expect(containersOfRun(state.STATE_runId!)).toEqual([])
  })

  it('fails with a clear message when the config is invalid, and still writes results.json', async () => {
    const dir = workspace(
      'agent:\n  id: a\n  backend: {command_line_docker_network_mode: bridged}\n'
    )
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'working-directory': dir,
          'output-dir': join(dir, 'out'),
          'upload-artifacts': 'false'
        },
        { GITHUB_WORKSPACE: dir }
      )
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::massgen-exec: massgen.yaml:3:\d+: .*did you mean "bridge"/)
    expect(runner.outputs().status).toBe('error')
    expect(JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')).status).toBe('error')
  })
})
