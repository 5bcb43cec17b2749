// verify-isolation killed with SIGTERM halfway, through the bundled CLI as a user or the runner
// would: it exits 2, writes isolation.json saying it was interrupted (with the probes reported so
// far), and leaves no container of the run (the agent's nor its throwaway peer's) and no canary
// in the workspace's scratch.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IsolationReport } from '../../../src/isolation/index.js'
import { CLI } from '../../helpers/run-dist.js'
import { containersOfRun } from '../../helpers/run-containers.js'
import { ensureRuntimeImage } from '../docker/helpers.js'
import { VERIFY_TIMEOUT_MS, workDir, writeConfig } from './helpers.js'

let dir: string
let code: number | null
let stdout = ''
let report: IsolationReport

beforeAll(async () => {
  await ensureRuntimeImage(false)
  dir = await workDir('interrupted')
  const config = await writeConfig(
    dir,
    `
agents:
  - id: solo
    backend:
      cwd: ws-solo
      command_line_execution_mode: docker
      command_line_docker_network_mode: none
`
  )
  const child = spawn(
    process.execPath,
    [
      CLI,
      'verify-isolation',
      config,
      '--out',
      join(dir, 'out'),
      '--working-directory',
      dir,
      '--image-policy',
      'never'
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] }
  )
  const firstProbe = new Promise<void>((resolve) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
      // A probe has reported: the agent's container and its throwaway peer are running.
      if (/\[solo\] \d+ [a-z-]+: (PASS|FAIL|SKIP)/.test(stdout)) resolve()
    })
  })
  child.stderr.on('data', (c: Buffer) => (stdout += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
  await firstProbe
  child.kill('SIGTERM')
  code = await exited
  report = JSON.parse(readFileSync(join(dir, 'out', 'isolation.json'), 'utf8')) as IsolationReport
}, VERIFY_TIMEOUT_MS)

describe('verify-isolation on SIGTERM', () => {
  it('exits 2 and writes isolation.json: interrupted, with the probes reported so far', () => {
    expect(code).toBe(2)
    expect(stdout).toMatch(/received SIGTERM: stopping, cleaning up/)
    expect(report).toMatchObject({ status: 'error', error: 'interrupted by SIGTERM' })
    expect(report.agents.map((a) => a.id)).toEqual(['solo'])
    expect(report.agents[0].results.length).toBeGreaterThan(0)
  })

  it('leaves no container of the run, the throwaway peer included', () => {
    expect(report.runId).toMatch(/\S/)
    expect(containersOfRun(report.runId)).toEqual([])
  })

  it("removes its scratch directory from the workspace (peers' markers stay, as in a whole check)", () => {
    const left = readdirSync(join(dir, '.massgen/workspaces/ws-solo'))
    expect(left.filter((f) => /^\.massgen-isolation-[0-9a-f]+$/.test(f))).toEqual([])
  })
})
