// Local mode: `/bin/sh -c` on the host, in the agent's directory, with a minimal environment.
// No isolation at all: the README says so, and docker mode is never replaced by this silently.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { AgentPlan } from '../../config/types.js'
import { sliceLines } from '../file-lines.js'
import { captureOutput, OutputCap } from '../../lib/output-cap.js'
import type { AgentSession, ExecRequest, ExecResult, Runtime, SessionInfo } from '../types.js'
import { killTree, TOKEN_VAR } from './process-tree.js'

/** Host variables a local command may see (MassGen's MCP default environment, roughly). */
export const PASSED_HOST_VARS = ['HOME', 'PATH', 'LANG', 'TERM', 'USER']

export function baseEnvironment(hostEnv: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {}
  for (const k of PASSED_HOST_VARS) if (hostEnv[k] !== undefined) env[k] = hostEnv[k]!
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin'
  return env
}

/**
 * The environment and command line MassGen would run: an explicit venv, else `<cwd>/.venv`,
 * goes first on PATH with VIRTUAL_ENV set; a command prefix ("uv run") wins over both.
 */
export function prepareCommand(
  agent: Pick<AgentPlan, 'commandPrefix' | 'venvPath'>,
  command: string,
  cwd: string,
  env: Record<string, string>
): { command: string; env: Record<string, string> } {
  if (agent.commandPrefix) return { command: `${agent.commandPrefix} ${command}`, env }
  const venv = agent.venvPath ?? (existsSync(join(cwd, '.venv', 'bin')) ? join(cwd, '.venv') : '')
  if (!venv) return { command, env }
  return {
    command,
    env: { ...env, VIRTUAL_ENV: venv, PATH: `${join(venv, 'bin')}:${env.PATH ?? ''}` }
  }
}

interface Background {
  name: string
  pgid?: number
  token: string
  out: OutputCap
  done: Promise<void>
}

class LocalSession implements AgentSession {
  readonly info: SessionInfo = { mode: 'local' }
  private background: Background[] = []

  constructor(private readonly agent: AgentPlan) {}

  async exec(req: ExecRequest): Promise<ExecResult> {
    const started = Date.now()
    const { child, token } = this.spawnStep(req)
    const { stdout, stderr } = captureOutput(child, req.maxOutputBytes, req.onOutput)

    let timedOut = false
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.on('error', reject)
        child.on('exit', (code, signal) => resolve({ code, signal }))
      }
    )
    const kill = () => {
      timedOut = true
      void killTree(child.pid, token)
    }
    const timer = setTimeout(kill, req.timeoutMs)
    req.signal?.addEventListener('abort', kill, { once: true })
    if (req.signal?.aborted) kill()
    let exit: { code: number | null; signal: NodeJS.Signals | null }
    try {
      exit = await exited
    } finally {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', kill)
    }
    // Whatever the step left running (`server &` without background: true) dies with it;
    // otherwise it would hold the pipes open and outlive the run.
    const survivors = await killTree(child.pid, token)
    await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)])

    return {
      exitCode: exit.code,
      stdout: stdout.text(),
      stderr: stderr.text(),
      truncated: stdout.truncated || stderr.truncated,
      timedOut,
      oom: false,
      durationMs: Date.now() - started,
      note: survivors.length
        ? `${survivors.length} process(es) of the step could not be killed`
        : undefined
    }
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    const { child, token } = this.spawnStep(req)
    const out = new OutputCap(req.maxOutputBytes)
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => out.push(c))
    const done = new Promise<void>((resolve) => {
      child.on('error', () => resolve())
      child.on('close', () => resolve())
    })
    this.background.push({ name, pgid: child.pid, token, out, done })
  }

  /** `/bin/sh -c` with the step's environment and a fresh token (see process-tree.ts). */
  private spawnStep(req: Pick<ExecRequest, 'command' | 'cwd' | 'env'>) {
    const token = randomUUID()
    const prepared = prepareCommand(this.agent, req.command, req.cwd, {
      ...baseEnvironment(),
      ...req.env
    })
    // detached: the shell leads a new process group, so the group can be killed as one.
    const child = spawn('/bin/sh', ['-c', prepared.command], {
      cwd: req.cwd,
      env: { ...prepared.env, [TOKEN_VAR]: token },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    return { child, token }
  }

  async writeFile(path: string, content: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }

  async readFile(path: string, offset: number, lineCount?: number): Promise<string> {
    return sliceLines(await readFile(path, 'utf8'), offset, lineCount)
  }

  async saveLogs(dir: string): Promise<void> {
    if (this.background.length === 0) return
    await this.stopBackground()
    const text = this.background
      .map((b) => `=== background: ${b.name}\n${b.out.text()}\n`)
      .join('\n')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'background.log'), text)
  }

  async close(): Promise<void> {
    await this.stopBackground()
  }

  private async stopBackground(): Promise<void> {
    await Promise.all(
      this.background.map(async (b) => {
        await killTree(b.pgid, b.token)
        await Promise.race([b.done, new Promise((r) => setTimeout(r, 2000))])
      })
    )
  }
}

function streamClosed(s: NodeJS.ReadableStream & { closed?: boolean }): Promise<void> {
  if (s.closed) return Promise.resolve()
  return new Promise((resolve) => {
    s.once('close', () => resolve())
    s.once('error', () => resolve())
  })
}

export function createLocalRuntime(): Runtime {
  return {
    async start(agent: AgentPlan): Promise<AgentSession> {
      await mkdir(agent.workspace, { recursive: true })
      return new LocalSession(agent)
    }
  }
}
