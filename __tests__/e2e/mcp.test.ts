// `massgen-exec mcp` (the bundled CLI, docker mode) against real MCP clients: the SDK's own client
// over stdio and Streamable HTTP, the MCP Inspector's CLI and the Python `mcp` client MassGen uses.
// MassGen's contract (seven fields, refusal prefixes, the timeout's -1), a timeout that really
// kills, background shells inside the container, read/write files, the bearer token, and what is
// left after the client goes away: every call in results.json, no container.
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { RunResults } from '../../src/report/types.js'
import { CLI as BUNDLED_CLI } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

const run = promisify(execFile)
// The bundled CLI (MASSGEN_EXEC_CLI: another build of it, while developing).
const CLI = process.env.MASSGEN_EXEC_CLI ?? BUNDLED_CLI

function project(): { dir: string; config: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-e2e-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `agents:
  - id: coder
    backend: {cwd: ws, enable_mcp_command_line: true, command_line_execution_mode: docker}
`
  )
  return { dir, config, out: join(dir, 'out') }
}

const results = (out: string): RunResults =>
  JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))

type Structured = Record<string, unknown>
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = await client.callTool({ name, arguments: args })
  return r as { structuredContent?: Structured; content: { text: string }[]; isError?: boolean }
}

/** The processes of the run's container whose command line matches `pattern`. */
function processesIn(runId: string, pattern: RegExp): string[] {
  const [id] = containersOfRun(runId)
  if (!id) return []
  const ps = execFileSync('docker', ['exec', id, 'ps', '-eo', 'pid,args'], { encoding: 'utf8' })
  return ps.split('\n').filter((l) => pattern.test(l))
}

const SEVEN = ['success', 'exit_code', 'stdout', 'stderr', 'execution_time', 'command', 'work_dir']

describe('massgen-exec mcp (docker)', () => {
  it('serves the contract over stdio to the SDK client; after EOF every call is recorded and no container is left', async () => {
    const p = project()
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        CLI,
        'mcp',
        p.config,
        '--agent',
        'coder',
        '--out',
        p.out,
        '--working-directory',
        p.dir
      ],
      stderr: 'pipe'
    })
    let log = ''
    transport.stderr?.on('data', (c: Buffer) => (log += c.toString()))
    const client = new Client({ name: 'e2e', version: '1' })
    await client.connect(transport)
    const runId = /run (\S+): results/.exec(log)?.[1] ?? ''
    expect(runId).not.toBe('')

    const names = (await client.listTools()).tools.map((t) => t.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'execute_command',
        'read_file',
        'write_file',
        'start_background_shell',
        'get_background_shell_output',
        'get_background_shell_status',
        'kill_background_shell',
        'list_background_shells'
      ])
    )

    const hi = (await call(client, 'execute_command', { command: 'echo hi' })).structuredContent!
    expect(Object.keys(hi)).toEqual(SEVEN)
    expect(hi).toMatchObject({ success: true, exit_code: 0, stdout: 'hi\n', stderr: '' })
    const ws = join(p.dir, '.massgen/workspaces/ws')
    expect(hi.work_dir).toBe(ws)

    const rm = (await call(client, 'execute_command', { command: 'rm -rf /' })).structuredContent!
    expect(rm).toMatchObject({ success: false, exit_code: -1, stdout: '' })
    expect(rm.stderr).toMatch(/^Potentially dangerous command detected: /)

    const slow = (await call(client, 'execute_command', { command: 'sleep 30', timeout: 2 }))
      .structuredContent!
    expect(slow).toMatchObject({ success: false, exit_code: -1 })
    expect(slow.stderr).toMatch(/^Command timed out after 2 seconds/)
    expect(processesIn(runId, /sleep 30/)).toEqual([])

    const outside = (await call(client, 'execute_command', { command: 'pwd', work_dir: '/etc' }))
      .structuredContent!
    expect(outside.stderr).toMatch(/^Path validation error: /)

    await call(client, 'write_file', { path: 'notes.txt', content: 'one\ntwo\nthree\n' })
    const second = await call(client, 'read_file', { path: 'notes.txt', offset: 1, line_count: 1 })
    expect(second.content[0].text).toBe('two\n')
    const denied = await call(client, 'read_file', { path: '/etc/passwd' })
    expect(denied.isError).toBe(true)
    expect(denied.content[0].text).toMatch(/^Path validation error: /)

    const started = (await call(client, 'start_background_shell', { command: 'sleep 100' }))
      .structuredContent!
    expect(started).toMatchObject({ status: 'running', command: 'sleep 100', work_dir: ws })
    const id = started.shell_id as string
    // Inside the container, not on the host.
    expect(processesIn(runId, /sleep 100/).length).toBeGreaterThan(0)
    // The host sees the container's processes too: this one is in the container's PID namespace.
    const hostPids = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => /^\s*\d+ sleep 100$/.test(l))
      .map((l) => l.trim().split(' ')[0])
    const [container] = containersOfRun(runId)
    const ours = hostPids.filter((pid) =>
      readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(container)
    )
    expect(ours.length).toBe(1)
    expect(readlinkSync(`/proc/${ours[0]}/ns/pid`)).not.toBe(readlinkSync('/proc/self/ns/pid'))
    const status = (await call(client, 'get_background_shell_status', { shell_id: id }))
      .structuredContent!
    expect(status).toMatchObject({ shell_id: id, status: 'running', exit_code: null })
    const killed = (await call(client, 'kill_background_shell', { shell_id: id }))
      .structuredContent!
    expect(killed).toMatchObject({ shell_id: id, status: 'killed' })
    expect(processesIn(runId, /sleep 100/)).toEqual([])
    const listed = (await call(client, 'list_background_shells', {})).structuredContent!
    expect(listed).toMatchObject({ count: 1, shells: [{ shell_id: id, status: 'killed' }] })

    // Bad input: a clean error, and the server keeps serving.
    expect((await call(client, 'no_such_tool', {})).isError).toBe(true)
    expect((await call(client, 'execute_command', { command: 42 })).isError).toBe(true)
    const big = (
      await call(client, 'execute_command', { command: 'head -c 3000000 /dev/zero | tr "\\0" a' })
    ).structuredContent!
    expect(big.success).toBe(true)
    expect((big.stdout as string).length).toBeLessThan(1_200_000)
    const after = (await call(client, 'execute_command', { command: 'echo still' }))
      .structuredContent!
    expect(after.stdout).toBe('still\n')

    await client.close()
    await waitFor(
      () => existsSync(join(p.out, 'results.json')) && results(p.out).status !== 'running'
    )
    const r = results(p.out)
    const steps = r.agents[0].commands
    expect(steps.map((s) => s.name)).toEqual([
      'execute_command',
      'execute_command',
      'execute_command',
      'execute_command',
      'write_file',
      'read_file',
      'read_file',
      'start_background_shell',
      'get_background_shell_status',
      'kill_background_shell',
      'list_background_shells',
      'execute_command',
      'execute_command'
    ])
    expect(steps.every((s) => s.kind === 'mcp')).toBe(true)
    expect(steps.map((s) => s.status).slice(0, 4)).toEqual([
      'passed',
      'blocked',
      'timeout',
      'error'
    ])
    expect(r.status).toBe('passed')
    expect(readFileSync(join(p.out, 'coder', 'commands.log'), 'utf8')).toMatch(/echo hi/)
    await waitFor(() => containersOfRun(runId).length === 0)
  }, 180_000)

  it('serves the Python mcp client MassGen uses (stdio, its default environment)', async () => {
    const p = project()
    const args = [
      CLI,
      'mcp',
      p.config,
      '--agent',
      'coder',
      '--out',
      p.out,
      '--working-directory',
      p.dir
    ]
    const py = await run(pythonWithMcp(), ['-c', PYTHON_CLIENT, process.execPath, ...args], {
      timeout: 120_000
    })
    const got = JSON.parse(py.stdout.trim().split('\n').pop()!)
    expect(got.tools).toContain('execute_command')
    expect(got.result).toMatchObject({ success: true, exit_code: 0, stdout: 'hi from python\n' })
    await waitFor(() => results(p.out).status !== 'running')
    const r = results(p.out)
    expect(r.agents[0].commands.map((s) => [s.command, s.status])).toEqual([
      ['echo hi from python', 'passed']
    ])
    expect(containersOfRun(r.runId)).toEqual([])
  }, 180_000)

  it("serves the MCP Inspector's CLI (stdio, from an mcpServers config file)", async () => {
    const p = project()
    const servers = join(p.dir, 'inspector.json')
    const args = [
      CLI,
      'mcp',
      p.config,
      '--agent',
      'coder',
      '--out',
      p.out,
      '--working-directory',
      p.dir
    ]
    writeFileSync(
      servers,
      JSON.stringify({ mcpServers: { sandbox: { command: process.execPath, args } } })
    )
    const inspector = (method: string[]) =>
      run(
        'npx',
        [
          '--no-install',
          '@modelcontextprotocol/inspector',
          '--cli',
          '--config',
          servers,
          '--server',
          'sandbox',
          '--method',
          ...method
        ],
        { timeout: 120_000 }
      )
    const listed = JSON.parse((await inspector(['tools/list'])).stdout)
    expect(listed.tools.map((t: { name: string }) => t.name)).toContain('execute_command')
    const called = JSON.parse(
      (
        await inspector([
          'tools/call',
          '--tool-name',
          'execute_command',
          '--tool-arg',
          'command=echo from-inspector'
        ])
      ).stdout
    )
    expect(called.structuredContent).toMatchObject({ success: true, stdout: 'from-inspector\n' })
    await waitFor(() => results(p.out).agents[0]?.commands.length === 1)
    expect(results(p.out).agents[0].commands[0]).toMatchObject({
      command: 'echo from-inspector',
      status: 'passed'
    })
  }, 240_000)

  it('stdio: a malformed JSON-RPC line is skipped and the server keeps serving; stdin EOF mid-call kills the call, removes the container, finishes the reports', async () => {
    const p = project()
    const child = spawn(
      process.execPath,
      [CLI, 'mcp', p.config, '--agent', 'coder', '--out', p.out, '--working-directory', p.dir],
      { stdio: ['pipe', 'pipe', 'pipe'] }
    )
    let out = ''
    let log = ''
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr!.on('data', (c: Buffer) => (log += c.toString()))
    const send = (m: object | string) =>
      child.stdin!.write((typeof m === 'string' ? m : JSON.stringify(m)) + '\n')
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' }
      }
    })
    await waitFor(() => out.includes('"id":1'), 120_000)
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send('{this is not json')
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'execute_command', arguments: { command: 'echo alive' } }
    })
    await waitFor(() => out.includes('"id":2'))
    expect(out).toContain('alive')
    const runId = /run (\S+): results/.exec(log)![1]
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'execute_command', arguments: { command: 'sleep 60' } }
    })
    await waitFor(() => processesIn(runId, /sleep 60/).length > 0)
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.stdin!.end()
    expect(await exited).toBe(0)
    const steps = results(p.out).agents[0].commands
    expect(steps.map((s) => [s.command, s.status])).toEqual([
      ['echo alive', 'passed'],
      ['sleep 60', 'error']
    ])
    expect(steps[1].reason).toBe('interrupted: the client closed stdin')
    expect(results(p.out).status).toBe('passed')
    expect(containersOfRun(runId)).toEqual([])
  }, 180_000)

  describe('over Streamable HTTP', () => {
    let server: ChildProcess | undefined
    afterAll(() => void server?.kill('SIGTERM'))

    it('requires the bearer token, serves the SDK client; SIGTERM kills the running call and finishes the reports', async () => {
      const p = project()
      const tokenFile = join(p.dir, 'token')
      server = spawn(
        process.execPath,
        [
          CLI,
          'mcp',
          p.config,
          '--out',
          p.out,
          '--working-directory',
          p.dir,
          '--http',
          '127.0.0.1:0',
          '--token-file',
          tokenFile
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] }
      )
      let log = ''
      server.stderr!.on('data', (c: Buffer) => (log += c.toString()))
      await waitFor(() => /at (http:\/\/\S+)/.test(log), 120_000)
      const url = /at (http:\/\/\S+)/.exec(log)![1]
      const runId = /run (\S+): results/.exec(log)![1]
      const token = readFileSync(tokenFile, 'utf8').trim()
      expect(token.length).toBeGreaterThan(30)

      const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream'
      }
      expect((await fetch(url, { method: 'POST', headers, body: init })).status).toBe(401)
      const wrong = { ...headers, Authorization: 'Bearer nope' }
      expect((await fetch(url, { method: 'POST', headers: wrong, body: init })).status).toBe(401)
      // Malformed JSON-RPC with the token: a JSON-RPC error, and the server keeps serving.
      const auth = { ...headers, Authorization: `Bearer ${token}` }
      const bad = await fetch(url, { method: 'POST', headers: auth, body: '{not json' })
      expect(bad.status).toBe(400)
      expect(await bad.text()).toMatch(/Parse error/)

      const client = new Client({ name: 'e2e-http', version: '1' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } }
        })
      )
      expect((await client.listTools()).tools.length).toBe(8)
      const hi = (await call(client, 'execute_command', { command: 'echo hi' })).structuredContent!
      expect(hi).toMatchObject({ success: true, stdout: 'hi\n' })

      // A client that goes away mid-call (its request aborted, the connection closed): the
      // command is killed and recorded as interrupted; the server keeps serving.
      const gone = new AbortController()
      const abandoned = await fetch(url, {
        method: 'POST',
        headers: auth,
        signal: gone.signal,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'execute_command', arguments: { command: 'sleep 30' } }
        })
      })
      // The answer streams (SSE): its headers come at once, the result when the call ends.
      expect(abandoned.status).toBe(200)
      const body = abandoned.text().catch((e: Error) => e)
      await waitFor(() => processesIn(runId, /sleep 30/).length > 0)
      await new Promise((r) => setTimeout(r, 1000))
      const t0 = Date.now()
      gone.abort()
      expect(await body).toMatchObject({ name: 'AbortError' })
      const after = (await call(client, 'execute_command', { command: 'echo after' }))
        .structuredContent!
      expect(after).toMatchObject({ success: true, stdout: 'after\n' })
      expect(Date.now() - t0).toBeLessThan(20_000)
      expect(processesIn(runId, /sleep 30/)).toEqual([])
      expect(results(p.out).agents[0].commands.map((s) => [s.command, s.status])).toEqual([
        ['echo hi', 'passed'],
        ['sleep 30', 'error'],
        ['echo after', 'passed']
      ])
      expect(results(p.out).agents[0].commands[1].reason).toBe(
        'interrupted: the client cancelled the call or went away'
      )
      await client.close()

      // A call still running when the server is told to stop: killed, recorded, container removed.
      const busy = new Client({ name: 'e2e-busy', version: '1' })
      await busy.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } }
        })
      )
      const pending = busy
        .callTool({ name: 'execute_command', arguments: { command: 'sleep 60' } })
        .catch((e: Error) => e)
      await waitFor(() => processesIn(runId, /sleep 60/).length > 0)
      const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve))
      server.kill('SIGTERM')
      expect(await exited).toBe(0)
      await pending
      const r = results(p.out)
      const steps = r.agents[0].commands
      expect(steps.map((s) => s.stdout.trim())).toEqual(expect.arrayContaining(['hi', 'after']))
      expect(steps[steps.length - 1]).toMatchObject({ command: 'sleep 60', status: 'error' })
      expect(steps[steps.length - 1].reason).toMatch(/interrupted: received SIGTERM/)
      expect(JSON.stringify(r)).not.toContain(token)
      expect(containersOfRun(runId)).toEqual([])
      server = undefined
    }, 300_000)
  })
})

const PYTHON_CLIENT = `
import asyncio, json, sys
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

async def main():
    # As MassGen launches its command_line server: stdio, the SDK's default environment.
    params = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:])
    async with stdio_client(params) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            tools = [t.name for t in (await s.list_tools()).tools]
            res = await s.call_tool("execute_command", {"command": "echo hi from python"})
            print(json.dumps({"tools": tools, "result": json.loads(res.content[0].text)}))

asyncio.run(main())
`

/** A Python with the `mcp` package: $MCP_PYTHON, or a venv made once under the temp dir. */
function pythonWithMcp(): string {
  if (process.env.MCP_PYTHON) return process.env.MCP_PYTHON
  const venv = join(tmpdir(), 'massgen-exec-e2e-mcp-venv')
  const py = join(venv, 'bin', 'python')
  if (!existsSync(py)) {
    execFileSync('python3', ['-m', 'venv', venv])
    // --retries 0: indexes this machine cannot reach are skipped at once.
    execFileSync(join(venv, 'bin', 'pip'), ['install', '-q', '--retries', '0', 'mcp'], {
      stdio: 'inherit'
    })
  }
  return py
}

async function waitFor(cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}
