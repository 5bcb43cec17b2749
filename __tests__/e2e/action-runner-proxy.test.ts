// The bundled action on a runner with HTTPS_PROXY / HTTP_PROXY set (a corporate runner's) that
// points at nothing: the product's own connections (the engine's socket, the loopback results
// and blob services of the artifact upload) must not go to it. Before loopback was added to
// NO_PROXY at start (src/lib/no-proxy.ts), the Azure SDK under @actions/artifact sent the loopback
// blob upload to the dead proxy and the upload failed with ECONNREFUSED.
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startArtifactServer, type ArtifactServer } from '../helpers/artifact-server.js'
import { ACTION_MAIN, RunnerFiles, runNode } from '../helpers/run-dist.js'

let server: ArtifactServer
beforeAll(async () => {
  server = await startArtifactServer()
})
afterAll(async () => {
  await server.close()
})

it('runs a docker agent and uploads its results with a dead proxy in the runner environment', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gha-proxy-'))
  writeFileSync(
    join(dir, 'massgen.yaml'),
    'agent:\n  id: b\n  backend: {cwd: ws, command_line_execution_mode: docker}\n  commands:\n    - echo hi\n'
  )
  const runner = new RunnerFiles()
  const dead = 'http://127.0.0.1:9'
  const r = await runNode(ACTION_MAIN, [], {
    cwd: dir,
    env: runner.stepEnv(
      {
        config: 'massgen.yaml',
        'working-directory': dir,
        'output-dir': join(dir, 'out'),
        'artifact-name': 'behind-a-proxy'
      },
      { ...server.env, GITHUB_WORKSPACE: dir, HTTPS_PROXY: dead, HTTP_PROXY: dead }
    )
  })
  expect(r.stdout).not.toContain('artifact upload failed')
  expect(r.code).toBe(0)
  expect(runner.outputs()).toMatchObject({ status: 'passed', passed: '1' })
  expect(server.artifacts.get('behind-a-proxy')?.finalized).toBe(true)
}, 300_000)
