import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../../src/config/types.js'
import { createLocalRuntime, prepareCommand } from '../../../../src/runtime/local/executor.js'
import { OutputCap } from '../../../../src/lib/output-cap.js'
import type { AgentSession, ExecRequest } from '../../../../src/runtime/types.js'
import { agentPlan } from '../../../helpers/plan.js'

const root = mkdtempSync(join(tmpdir(), 'local-rt-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function agent(id: string, extra: Partial<AgentPlan> = {}): AgentPlan {
  return agentPlan({ id, mode: 'local', workspace: join(root, id), ...extra })
}

async function session(a: AgentPlan): Promise<AgentSession> {
  return createLocalRuntime().start(a, { runId: 'r', outDir: root, log: () => {} })
}

const req = (a: AgentPlan, command: string, over: Partial<ExecRequest> = {}): ExecRequest => ({
  command,
  cwd: a.workspace,
  env: {},
  timeoutMs: 10_000,
  maxOutputBytes: 1024 * 1024,
  ...over
})

/** Processes whose command line mentions `marker` (the test's own pgrep excluded). */
function processesWith(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
  return out.split('\n').filter((l) => l.includes(marker) && !l.includes('ps -eo'))
}

describe('local runtime', () => {
  it('creates the workspace and runs /bin/sh -c there, separating stdout and stderr', async () => {
    const a = agent('basic')
    const s = await session(a)
    const r = await s.exec(req(a, 'pwd; echo err >&2; exit 3'))
    expect(r.exitCode).toBe(3)
    expect(r.stdout).toBe(`${a.workspace}\n`)
    expect(r.stderr).toBe('err\n')
    expect(r.timedOut).toBe(false)
    await s.close()
  })

  it('kills the command, its background children and setsid escapees at the timeout', async () => {
    const a = agent('timeout')
    const s = await session(a)
    // GNU sleep takes fractions: a unique duration marks this test's processes in `ps`.
    const tag = `${process.pid % 1000}${Date.now() % 100000}`
    const started = Date.now()
    const r = await s.exec(
      req(a, `sleep 300.${tag} & setsid sleep 301.${tag} & sleep 302.${tag}`, { timeoutMs: 1000 })
    )
    expect(r.timedOut).toBe(true)
    // It came back because of the kill, long before any sleep could end (not a speed test: a
    // loaded machine took 6 s for the 1 s timeout, its grace and the process-tree kill).
    expect(Date.now() - started).toBeLessThan(25_000)
    expect(processesWith(`.${tag}`)).toEqual([])
    await s.close()
  })

  it('caps a 50 MB flood while streaming, keeping head and tail', async () => {
    const a = agent('flood')
    const s = await session(a)
    const r = await s.exec(req(a, 'yes | head -c 50000000; echo END'))
    expect(r.exitCode).toBe(0)
    expect(r.truncated).toBe(true)
    expect(r.stdout.length).toBeLessThan(1024 * 1024 + 200)
    expect(r.stdout).toMatch(/\[truncated: \d+ bytes dropped\]/)
    expect(r.stdout.startsWith('y\ny\n')).toBe(true)
    expect(r.stdout.endsWith('y\nEND\n')).toBe(true)
    await s.close()
  })

  it('passes only HOME, PATH, LANG, TERM, USER and the step env from the host', async () => {
    process.env.MASSGEN_TEST_SECRET = 'do-not-leak'
    const a = agent('env')
    const s = await session(a)
    const r = await s.exec(req(a, 'env', { env: { STEP_VAR: 'yes' } }))
    delete process.env.MASSGEN_TEST_SECRET
    expect(r.stdout).not.toContain('do-not-leak')
    expect(r.stdout).toContain('STEP_VAR=yes\n')
    const names = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('=')[0])
      .filter((n) => !['PWD', 'SHLVL', '_', 'MASSGEN_EXEC_STEP', 'OLDPWD'].includes(n))
    for (const n of names) expect(['HOME', 'PATH', 'LANG', 'TERM', 'USER', 'STEP_VAR']).toContain(n)
    await s.close()
  })

  it('round-trips write_file and read_file with offset and line_count', async () => {
    const a = agent('files')
    const s = await session(a)
    const p = join(a.workspace, 'sub', 'notes.txt')
    await s.writeFile(p, 'l1\nl2\nl3\nl4\n')
    expect(await s.readFile(p, 1, 2)).toBe('l2\nl3\n')
    expect(await s.readFile(p, 2)).toBe('l3\nl4\n')
    expect(await s.readFile(p, 0, 1)).toBe('l1\n')
    expect(await s.readFile(p, 9, 1)).toBe('')
    await s.close()
  })

  it('puts an auto-detected .venv first on PATH; an explicit venv and a prefix win', async () => {
    const a = agent('venv')
    mkdirSync(join(a.workspace, '.venv', 'bin'), { recursive: true })
    const env = { PATH: '/usr/bin' }
    expect(prepareCommand(a, 'python x.py', a.workspace, env)).toEqual({
      command: 'python x.py',
      env: { PATH: `${a.workspace}/.venv/bin:/usr/bin`, VIRTUAL_ENV: `${a.workspace}/.venv` }
    })
    expect(prepareCommand({ venvPath: '/opt/v' }, 'python', a.workspace, env).env.PATH).toBe(
      '/opt/v/bin:/usr/bin'
    )
    expect(
      prepareCommand({ commandPrefix: 'uv run', venvPath: '/opt/v' }, 'pytest', a.workspace, env)
    ).toEqual({ command: 'uv run pytest', env })
    const s = await session(a)
    const r = await s.exec(req(a, 'echo $VIRTUAL_ENV'))
    expect(r.stdout).toBe(`${a.workspace}/.venv\n`)
    await s.close()
  })

  it('kills background steps at close and keeps their output for the logs', async () => {
    const a = agent('bg')
    const s = await session(a)
    const marker = `bg${process.pid}${Date.now() % 100000}`
    await s.execBackground!(
      {
        command: `echo ready; exec sh -c 'sleep 60' ${marker}`,
        cwd: a.workspace,
        env: {},
        maxOutputBytes: 4096
      },
      'server'
    )
    await new Promise((r) => setTimeout(r, 300))
    expect(processesWith(marker).length).toBe(1)
    await s.saveLogs!(join(root, 'bg-logs'))
    await s.close()
    expect(processesWith(marker)).toEqual([])
    const { readFileSync } = await import('node:fs')
    // The layout of every mode (host/background-log.ts): one file per background step.
    const log = readFileSync(join(root, 'bg-logs', 'background_server.log'), 'utf8')
    expect(log).toMatch(
      /^# server: echo ready; .*\n# started \S+; exit killed, \d+ ms\n## stdout\nready\n/
    )
  })
})

describe('OutputCap', () => {
  it('keeps everything under the cap and head + tail over it', () => {
    const c = new OutputCap(10)
    c.push(Buffer.from('12345'))
    expect(c.truncated).toBe(false)
    expect(c.text()).toBe('12345')
    for (const ch of 'abcdefghijklmnopqrstuvwxyz') c.push(Buffer.from(ch))
    expect(c.totalBytes).toBe(31)
    expect(c.truncated).toBe(true)
    expect(c.text()).toBe('12345\n... [truncated: 21 bytes dropped] ...\nvwxyz')
  })
})
