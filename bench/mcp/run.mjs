// MCP per-call overhead: `execute_command("true")` over stdio and over Streamable HTTP (client
// round trip, the SDK's own client) vs a scripted step of the same command (the step's own
// wall time in `massgen-exec run`, report writes included), all in docker mode, in one run. Goal: ≤ 1.1× + 5 ms per call.
//   node bench/mcp/run.mjs            (BENCH_DIST=dir for another bundle; BENCH_MCP_CALLS=N)
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { setTimeout } from 'node:timers'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

const CLI = join(resolve(process.env.BENCH_DIST ?? 'dist'), 'cli', 'index.js')
const N = Number(process.env.BENCH_MCP_CALLS ?? 100)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function project(commands) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'))
  const config = join(dir, 'config.yaml')
  const steps = commands ? `\n    commands:\n${'      - "true"\n'.repeat(N)}` : ''
  writeFileSync(
    config,
    `agents:\n  - id: a\n    backend: {cwd: ws, command_line_execution_mode: docker}${steps}\n`
  )
  return { dir, config, out: join(dir, 'out') }
}

async function calls(client) {
  const ms = []
  for (let i = 0; i < N + 5; i++) {
    const t0 = performance.now()
    const r = await client.callTool({ name: 'execute_command', arguments: { command: 'true' } })
    if (!r.structuredContent?.success) throw new Error(JSON.stringify(r))
    if (i >= 5) ms.push(performance.now() - t0) // the first calls warm up
  }
  return median(ms)
}

async function stdio() {
  const p = project(false)
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', p.config, '--out', p.out, '--working-directory', p.dir],
      stderr: 'ignore'
    })
  )
  const m = await calls(client)
  await client.close()
  return m
}

async function http() {
  const p = project(false)
  const server = spawn(
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
      join(p.dir, 'tok')
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
  let log = ''
  server.stderr.on('data', (c) => (log += c))
  while (!/at (http:\/\/\S+)/.test(log)) await new Promise((r) => setTimeout(r, 100))
  const url = /at (http:\/\/\S+)/.exec(log)[1]
  const token = readFileSync(join(p.dir, 'tok'), 'utf8').trim()
  const client = new Client({ name: 'bench', version: '1' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } }
    })
  )
  const m = await calls(client)
  await client.close()
  const exited = new Promise((r) => server.once('exit', r))
  server.kill('SIGTERM')
  await exited
  return m
}

/** A scripted step's wall time: between the CLI's lines for consecutive steps (reports included). */
async function scripted() {
  const p = project(true)
  const child = spawn(
    process.execPath,
    [CLI, 'run', p.config, '--out', p.out, '--working-directory', p.dir],
    { stdio: ['ignore', 'pipe', 'ignore'] }
  )
  const at = []
  let buf = ''
  child.stdout.on('data', (c) => {
    buf += c
    const lines = buf.split('\n')
    buf = lines.pop()
    for (const l of lines) if (l.startsWith('[a] ')) at.push(performance.now())
  })
  await new Promise((r) => child.once('exit', r))
  const gaps = at.slice(1).map((t, i) => t - at[i])
  return median(gaps.slice(5))
}

const step = await scripted()
const overStdio = await stdio()
const overHttp = await http()
const row = (name, ms) =>
  `| ${name} | ${ms.toFixed(1)} ms | ${(ms / step).toFixed(2)}× | ${(ms - step * 1.1).toFixed(1)} ms |`
console.log(`calls: ${N} each (median, after 5 warm-up calls)`)
console.log('| path | per call | vs scripted step | over 1.1× step |')
console.log('|---|---|---|---|')
console.log(
  `| scripted step (massgen-exec run, between its step lines) | ${step.toFixed(1)} ms | 1.00× | |`
)
console.log(row('execute_command over stdio (client round trip)', overStdio))
console.log(row('execute_command over HTTP (client round trip)', overHttp))
