// The bundled action in mode serve, as the runner runs it: main starts the MCP server in the
// background and sets mcp-url and mcp-token (masked); a later "step" calls it with the token; the
// post step stops it, and the reports, the job summary and the cleanup are done.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { RunResults } from '../../src/report/types.js'
import { ACTION_MAIN, ACTION_POST, RunnerFiles, runNode } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

// Another build of the bundle while developing (MASSGEN_EXEC_DIST=dir holding index.js, post/).
const dist = process.env.MASSGEN_EXEC_DIST
const MAIN = dist ? join(dist, 'index.js') : ACTION_MAIN
const POST = dist ? join(dist, 'post', 'index.js') : ACTION_POST

describe('action mode serve', () => {
  it('serves the agent on loopback with a masked token; post stops it and reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'action-serve-'))
    writeFileSync(
      join(dir, 'massgen.yaml'),
      'agents:\n  - id: coder\n    backend: {cwd: ws, command_line_execution_mode: docker}\n'
    )
    const runner = new RunnerFiles()
    const inputs = {
      mode: 'serve',
      config: 'massgen.yaml',
      'working-directory': dir,
      'output-dir': join(dir, 'out'),
      'upload-artifacts': 'false'
    }
    const env = runner.stepEnv(inputs, { GITHUB_WORKSPACE: dir })
    const main = await runNode(MAIN, [], { cwd: dir, env })
    expect(main.code).toBe(0)
    const { 'mcp-url': url, 'mcp-token': token } = runner.outputs()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(main.stdout).toContain(`::add-mask::${token}`)

    const unauthorized = await fetch(url, { method: 'POST', body: '{}' })
    expect(unauthorized.status).toBe(401)
    const client = new Client({ name: 'later-step', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } }
      })
    )
    const r = await client.callTool({ name: 'execute_command', arguments: { command: 'echo hi' } })
    expect(r.structuredContent).toMatchObject({ success: true, stdout: 'hi\n' })
    await client.close()

    const state = runner.postStateEnv()
    const post = await runNode(POST, [], { cwd: dir, env: { ...runner.stepEnv(inputs), ...state } })
    expect(post.code).toBe(0)
    const results = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
    expect(results.status).toBe('passed')
    expect(results.agents[0].commands.map((s) => [s.command, s.kind, s.status])).toEqual([
      ['echo hi', 'mcp', 'passed']
    ])
    expect(readFileSync(runner.summary, 'utf8')).toMatch(/echo hi/)
    expect(runner.outputs().status).toBe('passed')
    expect(containersOfRun(state.STATE_runId!)).toEqual([])
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow()
  }, 240_000)
})
