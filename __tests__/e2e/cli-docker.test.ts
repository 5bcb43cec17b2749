// The bundled CLI in docker mode: a whole run, and a run killed with SIGTERM halfway. Either way
// results.json is written and no container of the run is left.
import { describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { CLI, runNode } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

function project(yaml: string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cli-docker-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(config, yaml)
  return { dir, config }
}

const results = (dir: string): RunResults =>
  JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'))

describe('massgen-exec run (docker)', () => {
  it('runs two agents in parallel, reports per-agent results and removes its containers', async () => {
    const { dir, config } = project(`
agents:
  - id: one
    backend: {cwd: w1, command_line_execution_mode: docker, command_line_docker_memory_limit: "256m"}
    commands:
      - echo hello > greeting.txt
      - cat greeting.txt && id -u
  - id: two
    backend: {cwd: w2, command_line_execution_mode: docker}
    commands:
      - run: ls ../w1/greeting.txt
        expect_exit: 2
      - rm -rf /
`)
    const r = await runNode(CLI, [
      'run',
      config,
      '--out',
      join(dir, 'out'),
      '--working-directory',
      dir
    ])
    expect(r.code).toBe(1)
    const res = results(dir)
    expect(res.agents.map((a) => [a.id, a.status])).toEqual([
      ['one', 'passed'],
      ['two', 'failed']
    ])
    expect(res.agents[0].commands[1].stdout).toBe('hello\n1000\n')
    expect(res.agents[0].limits).toBeDefined()
    expect(res.agents[1].commands[1]).toMatchObject({ status: 'blocked', rule: 'rm-root' })
    expect(readFileSync(join(dir, '.massgen/workspaces/w1', 'greeting.txt'), 'utf8')).toBe(
      'hello\n'
    )
    expect(readFileSync(join(dir, 'out', 'one', 'docker_container.log'), 'utf8')).toMatch(
      /OOMKilled/i
    )
    expect(containersOfRun(res.runId)).toEqual([])
  })

  it('on SIGTERM mid-run: exits 2, writes results.json with the reason, leaves no container', async () => {
    const { dir, config } = project(`
agent:
  id: long
  backend: {cwd: ws, command_line_execution_mode: docker}
  commands:
    - echo ready
    - run: echo sleeping-now; sleep 300
      timeout: 600
`)
    const child = spawn(
      process.execPath,
      [CLI, 'run', config, '--out', join(dir, 'out'), '--working-directory', dir],
      {
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let stdout = ''
    const sawFirstStep = new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString()
        // The second step's own live line: it is running (the first step's end-of-step sweep done).
        if (stdout.includes('[long] sleeping-now')) resolve()
      })
    })
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code))
    )
    await sawFirstStep
    await new Promise((r) => setTimeout(r, 300)) // `sleep 300` is running in the container
    child.kill('SIGTERM')
    expect(await exited).toBe(2)
    const res = results(dir)
    expect(res).toMatchObject({ status: 'error', error: 'interrupted by SIGTERM' })
    expect(res.agents[0].commands.map((c) => c.status)).toEqual(['passed', 'error'])
    expect(res.agents[0].commands[1].reason).toBe('interrupted: interrupted by SIGTERM')
    expect(containersOfRun(res.runId)).toEqual([])
  })
})
