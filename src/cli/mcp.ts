// `massgen-exec mcp <config> --agent ID`: the agent's sandbox as MassGen's `command_line` MCP
// server, on stdio (what MassGen's `mcp_servers` launches) or Streamable HTTP with a bearer token.
// stdout belongs to the protocol on stdio: every line of ours goes to stderr.
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { UsageError } from '../errors.js'
import { totalsLine } from '../report/markdown.js'
import { loadRunPlan } from '../run/plan.js'
import { newRunId } from '../run/pipeline.js'
import { serveMcp } from '../mcp/serve.js'
import {
  imagePolicyOption,
  oneConfig,
  parseCommandArgs,
  printer,
  timeoutOption,
  type CliCommand
} from './io.js'

export const TOKEN_ENV = 'MASSGEN_EXEC_MCP_TOKEN'

/** "HOST:PORT", ":PORT" or "PORT" (host 127.0.0.1); IPv6 as [::1]:PORT. */
export function parseListen(v: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d+)$/.exec(v.trim())
  if (!m) throw new UsageError(`--http must be HOST:PORT, got ${JSON.stringify(v)}`)
  const port = Number(m[2])
  if (port > 65535) throw new UsageError(`--http port ${port} is out of range`)
  const host = (m[1] || '127.0.0.1').replace(/^\[|\]$/g, '')
  return { host, port }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** The token: the environment's, the file's, or a new one written to the file (mode 0600). */
export function bearerToken(file: string, env: string | undefined): { token: string; how: string } {
  if (env) return { token: env.trim(), how: `from $${TOKEN_ENV}` }
  let existing = ''
  try {
    existing = readFileSync(file, 'utf8').trim()
  } catch {
    // No file yet: a new token is written to it.
  }
  if (existing) return { token: existing, how: `read from ${file}` }
  const token = randomBytes(32).toString('base64url')
  writeFileSync(file, token + '\n', { mode: 0o600 })
  return { token, how: `written to ${file}` }
}

export const mcpCommand: CliCommand = {
  usage: `massgen-exec mcp <config> --agent ID [options]

Serves the agent's sandbox as MassGen's command_line MCP server (execute_command, the background
shell tools, read_file, write_file) until the client goes away (stdin closed) or SIGTERM/SIGINT.
Every call is a step in --out (results.json, summary.md, <agent>/commands.log).

options:
  --agent ID               the agent to serve (optional when the config has one agent)
  --out DIR                output directory (default: massgen-results)
  --http HOST:PORT         Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                           (host default 127.0.0.1; port 0 picks one). Every request needs
                           Authorization: Bearer <token>: $${TOKEN_ENV}, else --token-file
  --token-file FILE        read the token from FILE, or write a new one there (mode 0600;
                           default: <tmpdir>/massgen-exec-mcp-<run id>.token)
  --allow-remote           let --http listen on a non-loopback address
  --image-policy P         auto | build | pull | never (default: auto)
  --timeout SECONDS        default timeout of execute_command (default: 60)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --run-id ID              the run id (default: a new one; the action's serve mode gives its own)`,

  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      agent: { type: 'string' },
      out: { type: 'string' },
      http: { type: 'string' },
      'token-file': { type: 'string' },
      'allow-remote': { type: 'boolean' },
      'image-policy': { type: 'string' },
      timeout: { type: 'string' },
      'working-directory': { type: 'string' },
      'run-id': { type: 'string' }
    })
    const configPath = oneConfig(positionals)
    const imagePolicy = imagePolicyOption(values['image-policy'])
    const timeout = timeoutOption(values.timeout)
    const err = printer(io.stderr)
    const agent = values.agent ?? (await onlyAgent(configPath, values['working-directory']))
    const runId = values['run-id'] || newRunId()
    let http: { host: string; port: number; token: string } | undefined
    if (values.http !== undefined) {
      const listen = parseListen(values.http)
      if (!isLoopback(listen.host) && !values['allow-remote'])
        throw new UsageError(`--http ${listen.host} is not a loopback address (add --allow-remote)`)
      const file = resolve(
        values['token-file'] ?? join(tmpdir(), `massgen-exec-mcp-${runId}.token`)
      )
      const { token, how } = bearerToken(file, process.env[TOKEN_ENV])
      err(`bearer token ${how}`)
      http = { ...listen, token }
    }
    const stop = stopWhen(io, http === undefined)
    const outcome = await serveMcp({
      configPath,
      outDir: values.out ?? 'massgen-results',
      agent,
      workingDirectory: values['working-directory'],
      imagePolicy,
      defaultTimeoutSec: timeout,
      runId,
      log: err,
      http,
      stdin: io.stdin as NodeJS.ReadStream,
      stdout: io.stdout as NodeJS.WriteStream,
      stop: stop.promise
    })
    stop.dispose()
    const r = outcome.results
    if (r.error) err(r.error)
    for (const a of r.agents) if (a.error) err(`[${a.id}] ${a.error}`)
    err(`${r.status}: ${totalsLine(r)}`)
    err(`results: ${outcome.reports.resultsFile}`)
    return outcome.exitCode
  }
}

async function onlyAgent(configPath: string, workingDirectory?: string): Promise<string> {
  const plan = await loadRunPlan(configPath, { workingDirectory })
  const ids = plan.agents.map((a) => a.id)
  if (ids.length !== 1)
    throw new UsageError(
      `--agent is required: the config has ${ids.length} agents (${ids.join(', ')})`
    )
  return ids[0]
}

/** Resolves on SIGTERM/SIGINT/SIGHUP, and on stdio when the client closes our stdin. */
function stopWhen(io: { stdin: NodeJS.ReadableStream }, watchStdin: boolean) {
  let done!: (why: string) => void
  const promise = new Promise<string>((resolve) => (done = resolve))
  const onSignal = (sig: NodeJS.Signals) => done(`received ${sig}`)
  const onEnd = () => done('the client closed stdin')
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP']
  for (const s of signals) process.on(s, onSignal)
  if (watchStdin) {
    io.stdin.on('end', onEnd)
    io.stdin.on('close', onEnd)
  }
  return {
    promise,
    dispose: () => {
      for (const s of signals) process.off(s, onSignal)
      io.stdin.off('end', onEnd)
      io.stdin.off('close', onEnd)
    }
  }
}
