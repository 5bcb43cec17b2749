// Local mode: `/bin/sh -c` on the host, in the agent's directory, with a minimal environment.
// No isolation at all: the README says so, and docker mode is never replaced by this silently.
// A thin session on the host-process runtime (runtime/host): spawning is all it does itself.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { AgentPlan } from '../../config/types.js'
import { sliceLines } from '../file-lines.js'
import { HostBackground } from '../host/background.js'
import { baseEnvironment, prepareCommand } from '../host/environment.js'
import { hostResult, runHostStep, type HostChild } from '../host/process.js'
import { killTree, TOKEN_VAR } from '../host/process-tree.js'
import type { EgressReport } from '../egress/index.js'
import type { AgentSession, ExecRequest, ExecResult, Runtime, SessionInfo } from '../types.js'

export { baseEnvironment, PASSED_HOST_VARS, prepareCommand } from '../host/environment.js'

class LocalSession implements AgentSession {
  readonly info: SessionInfo = { mode: 'local' }
  private readonly background = new HostBackground()

  constructor(private readonly agent: AgentPlan) {}

  async exec(req: ExecRequest): Promise<ExecResult> {
    const started = Date.now()
    const { child, token } = this.spawnStep(req)
    const end = await runHostStep(child, req, () => killTree(child.pid, token), started)
    if (end.exit.error) throw end.exit.error
    return hostResult(end)
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    const { child, token } = this.spawnStep(req)
    this.background.add(name, req.command, child, req.maxOutputBytes, () =>
      killTree(child.pid, token)
    )
  }

  /** `/bin/sh -c` with the step's environment and a fresh token (see host/process-tree.ts). */
  private spawnStep(req: Pick<ExecRequest, 'command' | 'cwd' | 'env'>): {
    child: HostChild
    token: string
  } {
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
    await this.background.writeLogs(dir)
  }

  /** Local mode has no egress of its own: nothing to switch. */
  beginStep(): void {}

  egressReport(): EgressReport | undefined {
    return undefined
  }

  async close(): Promise<void> {
    await this.background.stop()
  }
}

export function createLocalRuntime(): Runtime {
  return {
    async start(agent: AgentPlan): Promise<AgentSession> {
      await mkdir(agent.workspace, { recursive: true })
      return new LocalSession(agent)
    }
  }
}
