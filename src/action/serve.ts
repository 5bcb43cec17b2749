// mode: serve. Main starts `massgen-exec mcp --http 127.0.0.1:0` (the bundled CLI) detached, waits
// until it listens, and sets outputs mcp-url and mcp-token (a secret); later steps of the job (an
// agent) call it. The post step stops it with SIGTERM (it kills a running call, removes the
// sandbox and finishes results.json), then uploads the artifact and writes the job summary.
import * as core from '@actions/core'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EnvironmentError, UsageError } from '../errors.js'
import type { RunResults } from '../report/types.js'
import { loadRunPlan } from '../run/plan.js'
import { newRunId } from '../run/pipeline.js'
import type { ActionInputs } from './inputs.js'
import { report } from './main.js'
import { saveRunState } from './state.js'

const PID = 'mcpPid'
const LOG = 'mcpLog'
const START_TIMEOUT_MS = 15 * 60_000

/** The bundled CLI beside this bundle (dist/cli/index.js). */
function cliPath(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'cli', 'index.js')
}

export async function startServer(inputs: ActionInputs): Promise<void> {
  const agent = await servedAgent(inputs)
  const runId = newRunId()
  saveRunState(runId, inputs.cleanup)
  const temp = process.env.RUNNER_TEMP || tmpdir()
  const tokenFile = join(temp, `massgen-exec-mcp-${runId}.token`)
  const token = randomBytes(32).toString('base64url')
  writeFileSync(tokenFile, token + '\n', { mode: 0o600 })
  core.setSecret(token)
  const logFile = join(temp, `massgen-exec-mcp-${runId}.log`)
  const args = [
    cliPath(),
    'mcp',
    inputs.config,
    '--agent',
    agent,
    '--out',
    resolve(inputs.outputDir),
    '--working-directory',
    inputs.workingDirectory,
    '--image-policy',
    inputs.imagePolicy,
    '--http',
    '127.0.0.1:0',
    '--token-file',
    tokenFile,
    '--run-id',
    runId,
    ...(inputs.timeoutSec ? ['--timeout', String(inputs.timeoutSec)] : [])
  ]
  const fd = openSync(logFile, 'a')
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', fd, fd] })
  closeSync(fd)
  child.unref()
  core.saveState(PID, String(child.pid))
  core.saveState(LOG, logFile)
  const url = await listening(logFile, () => child.exitCode)
  core.info(`massgen-exec: MCP server for agent ${agent} at ${url} (log: ${logFile})`)
  core.setOutput('mcp-url', url)
  core.setOutput('mcp-token', token)
  core.setOutput('results', join(resolve(inputs.outputDir), 'results.json'))
}

async function servedAgent(inputs: ActionInputs): Promise<string> {
  if (inputs.agents?.length === 1) return inputs.agents[0]
  if (inputs.agents && inputs.agents.length > 1)
    throw new UsageError('mode serve serves one agent: give exactly one in input "agents"')
  const plan = await loadRunPlan(inputs.config, { workingDirectory: inputs.workingDirectory })
  if (plan.agents.length !== 1)
    throw new UsageError(
      `mode serve serves one agent: name it in input "agents" (the config has ${plan.agents.map((a) => a.id).join(', ')})`
    )
  return plan.agents[0].id
}

/** Waits for the server's "at http://…" line; fails with its log when it exits first. */
async function listening(logFile: string, exited: () => number | null): Promise<string> {
  const end = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
    const m = /MCP server \(Streamable HTTP\) at (http:\/\/\S+)/.exec(log)
    if (m) return m[1]
    if (exited() !== null || Date.now() > end) {
      throw new EnvironmentError(
        `the MCP server did not start:\n${log.slice(-4000)}`,
        'see the log above'
      )
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Post: SIGTERM, wait for the server to finish its reports, then report as a run does. */
export async function stopServer(): Promise<void> {
  const pid = Number(core.getState(PID))
  if (!pid) return
  const logFile = core.getState(LOG)
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    core.info(`massgen-exec post: the MCP server (pid ${pid}) had already exited`)
  }
  const end = Date.now() + 60_000
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 200))
  if (alive(pid)) {
    core.warning(`massgen-exec post: the MCP server (pid ${pid}) did not stop; killing it`)
    process.kill(pid, 'SIGKILL')
  }
  if (logFile && existsSync(logFile)) {
    core.startGroup('massgen-exec MCP server log')
    core.info(readFileSync(logFile, 'utf8').slice(-20000))
    core.endGroup()
  }
  const { getInputs } = await import('./inputs.js')
  const inputs = getInputs()
  const resultsFile = join(resolve(inputs.outputDir), 'results.json')
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as RunResults
  await report(inputs, { results, reports: { resultsFile } } as Parameters<typeof report>[1])
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
