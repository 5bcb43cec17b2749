// The MCP tools on top of the run (no Docker): MassGen's result shapes and refusal prefixes, path
// errors, every call a recorded step, calls in arrival order, a stop that kills the running call;
// background shells as real /bin/sh processes of the local runtime; the bearer-token check.
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, RunPlan } from '../../../src/config/types.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'
import { commandResult, refusalText } from '../../../src/mcp/contract.js'
import { tokenMatches } from '../../../src/mcp/http.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { createMcpServer, sandboxRules } from '../../../src/mcp/server.js'
import { SandboxTools } from '../../../src/mcp/tools.js'
import { Run, type LiveAgent } from '../../../src/run/orchestrate.js'
import { createLocalRuntime } from '../../../src/runtime/local/executor.js'
import type { AgentSession, ExecRequest, ExecResult, Runtime } from '../../../src/runtime/types.js'
import { sessionDefaults } from '../../helpers/session.js'
import { bearerToken, isLoopback, parseListen } from '../../../src/cli/mcp.js'
import type { StepResult } from '../../../src/report/types.js'
import { agentPlan as buildAgentPlan, runPlan } from '../../helpers/plan.js'

function agentPlan(extra: Partial<AgentPlan> = {}): AgentPlan {
  const root = mkdtempSync(join(tmpdir(), 'mcp-unit-'))
  const workspace = join(root, 'ws')
  mkdirSync(workspace)
  return buildAgentPlan({ id: 'coder', workspace, maxOutputBytes: 4096, ...extra })
}

function plan(agent: AgentPlan): RunPlan {
  return runPlan([agent], {
    configFile: '/c.yaml',
    workingDirectory: tmpdir(),
    defaults: { timeoutSec: 60, maxOutputBytes: 4096 }
  })
}

/** Serves `agent` with `runtime` and hands the tools to `body`; the run's results at the end. */
async function serve(
  agent: AgentPlan,
  body: (tools: SandboxTools, live: LiveAgent) => Promise<void>,
  runtime: Runtime = createLocalRuntime()
) {
  const outDir = mkdtempSync(join(tmpdir(), 'mcp-unit-out-'))
  const run = new Run(plan(agent), {
    runId: `u${Date.now().toString(36)}`,
    outDir,
    configLabel: 'c.yaml',
    runtimeFor: () => runtime,
    log: () => {}
  })
  const results = await run.serve(async (live) => {
    await body(new SandboxTools({ live, defaultTimeoutSec: 60, runId: run.opts.runId }), live)
  })
  return { results, outDir }
}

const pattern = (source: string) => ({
  source,
  regex: (compilePythonRegex(source) as { regex: RegExp }).regex
})

const SEVEN = ['success', 'exit_code', 'stdout', 'stderr', 'execution_time', 'command', 'work_dir']

describe('execute_command (MassGen contract)', () => {
  it('returns the seven fields in order; refusals and path errors in MassGen words; every call is a step', async () => {
    const agent = agentPlan()
    const { results, outDir } = await serve(agent, async (t) => {
      const hi = await t.executeCommand({ command: 'echo hi' })
      expect(Object.keys(hi)).toEqual(SEVEN)
      expect(hi).toMatchObject({ success: true, exit_code: 0, stdout: 'hi\n', stderr: '' })
      expect(hi.work_dir).toBe(agent.workspace)

      const fail = await t.executeCommand({ command: 'echo no >&2; exit 3' })
      expect(fail).toMatchObject({ success: false, exit_code: 3, stderr: 'no\n' })

      const rm = await t.executeCommand({ command: 'rm -rf /' })
      expect(rm).toMatchObject({ success: false, exit_code: -1, stdout: '', execution_time: 0 })
      expect(rm.stderr).toMatch(/^Potentially dangerous command detected: /)

      mkdirSync(join(agent.workspace, 'sub'))
      const rel = await t.executeCommand({ command: 'pwd', work_dir: 'sub' })
      expect(rel.work_dir).toBe(join(agent.workspace, 'sub'))
      expect(rel.stdout.trim()).toBe(join(agent.workspace, 'sub'))

      const out = await t.executeCommand({ command: 'pwd', work_dir: '/etc' })
      expect(out).toMatchObject({ success: false, exit_code: -1, work_dir: '/etc' })
      expect(out.stderr).toMatch(/^Path validation error: work_dir \/etc is outside/)
      const missing = await t.executeCommand({ command: 'pwd', work_dir: 'nope' })
      expect(missing.stderr).toMatch(/^Path validation error: .*does not exist/)

      const slow = await t.executeCommand({ command: 'sleep 30', timeout: 0.5 })
      expect(slow).toMatchObject({ success: false, exit_code: -1 })
      expect(slow.stderr).toMatch(/^Command timed out after 0.5 seconds/)
    })
    const steps = results.agents[0].commands
    expect(steps.map((s) => [s.name, s.kind, s.status])).toEqual([
      ['execute_command', 'mcp', 'passed'],
      ['execute_command', 'mcp', 'failed'],
      ['execute_command', 'mcp', 'blocked'],
      ['execute_command', 'mcp', 'passed'],
      ['execute_command', 'mcp', 'error'],
      ['execute_command', 'mcp', 'error'],
      ['execute_command', 'mcp', 'timeout']
    ])
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6])
    // A model's failing command is its own business: the session passed.
    expect(results.status).toBe('passed')
    expect(readFileSync(join(outDir, 'coder', 'commands.log'), 'utf8')).toContain('(mcp) blocked')
  })

  it("words allow- and block-list refusals as MassGen's filters do", async () => {
    const agent = agentPlan({
      policy: {
        enableSudo: false,
        allowed: [pattern('python.*'), pattern('echo.*')],
        blocked: [pattern('echo secret.*')]
      }
    })
    await serve(agent, async (t) => {
      const notAllowed = await t.executeCommand({ command: 'ls' })
      expect(notAllowed.stderr).toMatch(
        /^Command not in allowed list\. Allowed patterns: python\.\*, echo\.\*/
      )
      const blocked = await t.executeCommand({ command: 'echo secret' })
      expect(blocked.stderr).toMatch(/^Command matches blocked pattern: /)
    })
  })

  it('runs calls one at a time in arrival order', async () => {
    const agent = agentPlan()
    const { results } = await serve(agent, async (t) => {
      const a = t.executeCommand({ command: 'sleep 0.3; echo first' })
      const b = t.executeCommand({ command: 'echo second' })
      expect((await b).stdout).toBe('second\n')
      expect((await a).stdout).toBe('first\n')
    })
    expect(results.agents[0].commands.map((s) => s.stdout)).toEqual(['first\n', 'second\n'])
  })

  it('stop kills the running call (the session is closed), records it as interrupted, refuses later calls', async () => {
    let closed = 0
    let release!: () => void
    const runtime: Runtime = {
      start: async (): Promise<AgentSession> => ({
        info: { mode: 'docker' },
        ...sessionDefaults,
        exec: (req: ExecRequest) =>
          new Promise<ExecResult>((resolve) => {
            release = () =>
              resolve({
                exitCode: null,
                stdout: 'partial',
                stderr: '',
                truncated: false,
                timedOut: false,
                oom: false,
                durationMs: 5,
                note: `cancelled (${req.command})`
              })
          }),
        writeFile: async () => {},
        readFile: async () => '',
        close: async () => {
          closed++
          release()
        }
      })
    }
    const { results } = await serve(
      agentPlan(),
      async (t) => {
        const pending = t.executeCommand({ command: 'sleep 60' })
        await new Promise((r) => setTimeout(r, 50))
        await t.stop('the client closed stdin')
        expect(closed).toBe(1)
        const r = await pending
        expect(r).toMatchObject({ success: false, exit_code: -1, stdout: 'partial' })
        expect(r.stderr).toMatch(/^Execution error: interrupted: the client closed stdin/)
        await expect(t.executeCommand({ command: 'echo late' })).rejects.toThrow(/stopping/)
      },
      runtime
    )
    expect(results.agents[0].commands).toMatchObject([
      { command: 'sleep 60', status: 'error', reason: 'interrupted: the client closed stdin' }
    ])
  })
})

describe('a call its client abandons', () => {
  const pgrep = (pattern: string) => {
    try {
      return execFileSync('pgrep', ['-f', pattern]).toString().trim()
    } catch {
      return ''
    }
  }

  it('is killed when its signal fires, recorded as interrupted; the next call runs; one abandoned before its turn never starts', async () => {
    const marker = `sleep 31.${process.pid}`
    const { results } = await serve(agentPlan(), async (t) => {
      const abort = new AbortController()
      const t0 = Date.now()
      const pending = t.executeCommand({ command: marker }, abort.signal)
      const queued = t.executeCommand({ command: 'echo never' }, AbortSignal.abort('gone'))
      await new Promise((r) => setTimeout(r, 300))
      expect(pgrep(marker)).not.toBe('')
      abort.abort()
      const r = await pending
      expect(Date.now() - t0).toBeLessThan(10_000)
      expect(r).toMatchObject({ success: false, exit_code: -1 })
      expect(pgrep(marker)).toBe('')
      expect((await queued).stderr).toMatch(/interrupted: cancelled by the client \(gone\)/)
      expect(await t.executeCommand({ command: 'echo next' })).toMatchObject({ stdout: 'next\n' })
    })
    expect(results.agents[0].commands).toMatchObject([
      {
        command: marker,
        status: 'error',
        reason: 'interrupted: the client cancelled the call or went away'
      },
      { command: 'echo never', status: 'error', durationMs: 0 },
      { command: 'echo next', status: 'passed' }
    ])
  })

  it("is killed on the protocol's notifications/cancelled (the SDK client's abort)", async () => {
    const marker = `sleep 32.${process.pid}`
    const agent = agentPlan()
    const { results } = await serve(agent, async (t) => {
      const [a, b] = InMemoryTransport.createLinkedPair()
      const server = createMcpServer(t, agent, 60)
      await server.connect(a)
      const client = new Client({ name: 'unit', version: '1' })
      await client.connect(b)
      const abort = new AbortController()
      const call = client.callTool(
        { name: 'execute_command', arguments: { command: marker } },
        undefined,
        {
          signal: abort.signal
        }
      )
      await new Promise((r) => setTimeout(r, 300))
      abort.abort('user pressed stop')
      await expect(call).rejects.toThrow()
      // The server's answer comes once the kill is done; the next call waits for it.
      const next = await client.callTool({
        name: 'execute_command',
        arguments: { command: 'echo ok' }
      })
      expect(JSON.stringify(next.structuredContent)).toContain('ok\\n')
      expect(pgrep(marker)).toBe('')
      await client.close()
    })
    expect(results.agents[0].commands).toMatchObject([
      {
        command: marker,
        status: 'error',
        reason: expect.stringMatching(/^interrupted: cancelled by the client/)
      },
      { command: 'echo ok', status: 'passed' }
    ])
  })
})

describe('read_file / write_file (seed 004)', () => {
  it('writes then reads lines after an offset; paths outside are a path validation error', async () => {
    const agent = agentPlan()
    await serve(agent, async (t) => {
      expect(await t.writeFile({ path: 'notes.txt', content: 'one\ntwo\nthree\n' })).toMatchObject({
        ok: true
      })
      expect(await t.readFile({ path: 'notes.txt', offset: 1, line_count: 1 })).toEqual({
        ok: true,
        text: 'two\n'
      })
      expect(await t.readFile({ path: join(agent.workspace, 'notes.txt') })).toEqual({
        ok: true,
        text: 'one\ntwo\nthree\n'
      })
      const denied = await t.readFile({ path: '/etc/hostname' })
      expect(denied.ok).toBe(false)
      expect(!denied.ok && denied.error).toMatch(
        /^Path validation error: read_file \/etc\/hostname/
      )
      const escape = await t.writeFile({ path: '../outside.txt', content: 'x' })
      expect(!escape.ok && escape.error).toMatch(/^Path validation error: /)
    })
  })
})

describe('background shells (local runtime: real /bin/sh processes)', () => {
  const pids: number[] = []
  afterEach(() => {
    for (const p of pids.splice(0)) {
      try {
        process.kill(p, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  })

  it("start, status, output, kill and list in MassGen's shapes; kill ends the process", async () => {
    const agent = agentPlan()
    const { results } = await serve(agent, async (t) => {
      const started = await t.startBackgroundShell({ command: 'echo up; echo warn >&2; sleep 100' })
      expect(started).toMatchObject({
        status: 'running',
        command: 'echo up; echo warn >&2; sleep 100',
        work_dir: agent.workspace
      })
      const id = started.shell_id as string
      expect(id).toMatch(/^shell_/)
      const pid = started.pid as number
      pids.push(pid)
      expect(alive(pid)).toBe(true)

      const status = await t.shells.status(id)
      expect(Object.keys(status)).toEqual([
        'shell_id',
        'status',
        'exit_code',
        'pid',
        'command',
        'cwd',
        'start_time',
        'duration_seconds'
      ])
      expect(status).toMatchObject({ status: 'running', exit_code: null, pid })
      await waitFor(async () => (await t.shells.output(id)).stdout === 'up\n')
      expect(await t.shells.output(id)).toMatchObject({
        shell_id: id,
        stdout: 'up\n',
        stderr: 'warn\n',
        status: 'running',
        exit_code: null
      })
      expect(await t.shells.kill(id)).toEqual({ shell_id: id, status: 'killed', signal: 'SIGTERM' })
      expect(alive(pid)).toBe(false)
      expect(await t.shells.status(id)).toMatchObject({ status: 'killed', exit_code: -15 })

      const quick = await t.startBackgroundShell({ command: 'exit 4' })
      await waitFor(
        async () => (await t.shells.status(quick.shell_id as string)).status !== 'running'
      )
      expect(await t.shells.status(quick.shell_id as string)).toMatchObject({
        status: 'failed',
        exit_code: 4
      })
      expect(await t.shells.kill(quick.shell_id as string)).toMatchObject({
        status: 'failed',
        signal: null
      })
      const list = await t.shells.list()
      expect(list.count).toBe(2)
      expect(await t.shells.output('shell_nope')).toEqual({
        success: false,
        error: 'Shell not found: shell_nope'
      })
      const refused = await t.startBackgroundShell({ command: 'rm -rf /' })
      expect(refused.success).toBe(false)
      expect(refused.error).toMatch(/^Potentially dangerous command detected: /)
    })
    const names = results.agents[0].commands.map((s: StepResult) => s.name)
    expect(names[0]).toBe('start_background_shell')
    expect(names).toContain('kill_background_shell')
    expect(names[names.length - 1]).toBe('start_background_shell')
  })
})

describe('MassGen mapping helpers', () => {
  it('maps oom and lost sandboxes to an execution error, keeping the output', () => {
    const base: StepResult = {
      index: 0,
      command: 'x',
      kind: 'mcp',
      status: 'oom',
      exitCode: 137,
      durationMs: 1500,
      stdout: 'o',
      stderr: 'e',
      truncated: false,
      reason: 'killed: out of memory'
    }
    expect(commandResult(base, 'x', '/w', 60)).toEqual({
      success: false,
      exit_code: 137,
      stdout: 'o',
      stderr: 'Execution error: killed: out of memory\ne',
      execution_time: 1.5,
      command: 'x',
      work_dir: '/w'
    })
    expect(
      refusalText({ verdict: 'block', rule: 'permissions-deny', reason: 'r' }, { allowed: [] })
    ).toBe('Potentially dangerous command detected: r')
  })

  it('tells the model the sandbox rules', () => {
    const text = sandboxRules(
      agentPlan({
        mode: 'docker',
        egress: {
          allowedDomains: ['pypi.org'],
          presets: [],
          allowedPrivateRanges: [],
          audit: false,
          srtAllowedDomains: []
        }
      }),
      60
    )
    expect(text).toMatch(/Docker container/)
    expect(text).toMatch(/only these destinations.*pypi\.org/)
    expect(text).toMatch(/Default timeout 60 s.*capped at 4096 bytes/)
  })
})

describe('mcp CLI helpers', () => {
  it('checks the bearer token exactly', () => {
    expect(tokenMatches('Bearer abc', 'abc')).toBe(true)
    expect(tokenMatches('bearer abc', 'abc')).toBe(true)
    expect(tokenMatches('Bearer abd', 'abc')).toBe(false)
    expect(tokenMatches('Bearer ab', 'abc')).toBe(false)
    expect(tokenMatches(undefined, 'abc')).toBe(false)
    expect(tokenMatches('Basic abc', 'abc')).toBe(false)
  })

  it('parses --http and keeps to loopback', () => {
    expect(parseListen('8080')).toEqual({ host: '127.0.0.1', port: 8080 })
    expect(parseListen('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 })
    expect(parseListen('[::1]:9000')).toEqual({ host: '::1', port: 9000 })
    expect(() => parseListen('host')).toThrow(/HOST:PORT/)
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('0.0.0.0')).toBe(false)
  })

  it('writes a new token to the file (0600) and reads it back; the environment wins', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tok-')), 'token')
    const first = bearerToken(file, undefined)
    expect(first.how).toMatch(/written/)
    expect(execFileSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).trim()).toBe('600')
    expect(bearerToken(file, undefined)).toEqual({ token: first.token, how: `read from ${file}` })
    expect(bearerToken(file, 'given').token).toBe('given')
  })
})

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitFor(cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 50))
  }
}
