// The tools a live agent calls, on top of the run's machinery: every call goes through the same
// policy, path rules, sandbox, caps and redaction as a scripted step, and is recorded as one (kind
// `mcp`) before its answer goes back. Calls run one at a time in arrival order, as MassGen's
// server runs them (its FastMCP tools are synchronous), so steps keep a meaningful order.
import { isAbsolute, resolve } from 'node:path'
import type { ReadFileStep, RunStep, Step, WriteFileStep } from '../config/types.js'
import { PathError } from '../errors.js'
import { erroredStep } from '../report/step.js'
import type { StepResult } from '../report/types.js'
import { checkFileAccess, resolveWorkDir } from '../runtime/allowed-paths.js'
import type { LiveAgent } from '../run/orchestrate.js'
import {
  commandResult,
  pathErrorText,
  refusalText,
  refused,
  type ExecuteCommandResult
} from './contract.js'
import { BackgroundShells, type ShellResult } from './shells.js'
import { delay } from '../lib/delay.js'

export interface ToolsOptions {
  live: LiveAgent
  /** Seconds, when the call gives no timeout (the plan's default, MassGen's 60). */
  defaultTimeoutSec: number
  /** Names the shells' state directory inside the sandbox. */
  runId: string
}

export type FileResult = { ok: true; text: string } | { ok: false; error: string }

export class SandboxTools {
  private next = 0
  private queue: Promise<unknown> = Promise.resolve()
  private stopping?: string
  readonly shells: BackgroundShells

  constructor(private readonly opts: ToolsOptions) {
    this.shells = new BackgroundShells({
      live: opts.live,
      stateDir: `/tmp/.massgen-exec-shells-${opts.runId}`,
      nextIndex: () => this.next++,
      serial: (fn) => this.serial(fn)
    })
  }

  /** Runs `fn` after every call before it (one call at a time, as MassGen). */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.stopping) throw new Error(`the server is stopping (${this.stopping})`)
      return fn()
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  /** The client went away: kill what runs (by closing the sandbox) and wait for its record. */
  async stop(why: string): Promise<void> {
    this.stopping = why
    const idle = this.queue.then(() => true)
    const settled = await Promise.race([idle, delay(200, { unref: true }).then(() => false)])
    if (!settled) await this.opts.live.session.close().catch(() => undefined)
    await Promise.race([this.queue, delay(15000, { unref: true })])
  }

  /** `signal`: the client cancelled the call or went away; the command is killed, the step kept. */
  executeCommand(
    a: {
      command: string
      timeout?: number | null
      work_dir?: string | null
    },
    signal?: AbortSignal
  ): Promise<ExecuteCommandResult> {
    return this.serial(async () => {
      const { agent, policy } = this.opts.live
      const workDir = this.absolute(a.work_dir)
      const timeoutSec = a.timeout ?? this.opts.defaultTimeoutSec
      const step: RunStep = {
        kind: 'run',
        index: this.next++,
        name: 'execute_command',
        run: a.command,
        timeoutSec,
        workDir,
        env: {},
        expectExit: 0,
        allowFailure: true,
        background: false
      }
      // MassGen's order: the command's policy, then the working directory, then the run.
      const verdict = policy.check(a.command, { cwd: workDir })
      if (verdict.verdict === 'block') {
        await this.step(step)
        return refused(a.command, workDir, refusalText(verdict, agent.policy))
      }
      const pathError = await pathCheck(() => resolveWorkDir(agent, workDir))
      if (pathError) {
        await this.opts.live.record({ ...this.base(step, a.command), reason: pathError })
        return refused(a.command, workDir, pathErrorText(pathError))
      }
      if (signal?.aborted) {
        // Abandoned while it waited for its turn: recorded, never started.
        const reason = `interrupted: ${abandoned(signal)}`
        await this.opts.live.record({ ...this.base(step, a.command), reason })
        return refused(a.command, workDir, reason)
      }
      const r = await this.step(step, signal)
      return commandResult(r, a.command, workDir, timeoutSec)
    })
  }

  readFile(a: { path: string; offset?: number; line_count?: number | null }): Promise<FileResult> {
    return this.serial(async () => {
      const step = this.fileStep(a.path, {
        kind: 'read_file',
        offset: a.offset ?? 0,
        lineCount: a.line_count ?? undefined
      })
      return this.fileCall(step, `read_file ${step.path}`, 'read')
    })
  }

  writeFile(a: { path: string; content: string }): Promise<FileResult> {
    return this.serial(async () => {
      const step = this.fileStep(a.path, { kind: 'write_file', content: a.content })
      const r = await this.fileCall(step, `write_file ${step.path}`, 'write')
      return r.ok
        ? { ok: true, text: `wrote ${Buffer.byteLength(a.content)} bytes to ${step.path}` }
        : r
    })
  }

  /** The next file step, named after its tool, on the path as the agent gave it (made absolute). */
  private fileStep(
    path: string,
    fields:
      Pick<ReadFileStep, 'kind' | 'offset' | 'lineCount'> | Pick<WriteFileStep, 'kind' | 'content'>
  ): ReadFileStep | WriteFileStep {
    return { ...fields, index: this.next++, name: fields.kind, path: this.absolute(path) }
  }

  startBackgroundShell(a: { command: string; work_dir?: string | null }): Promise<ShellResult> {
    return this.shells.start(a.command, this.absolute(a.work_dir))
  }

  private async fileCall(step: Step, label: string, access: 'read' | 'write'): Promise<FileResult> {
    const path = step.kind === 'run' ? '' : step.path
    const pathError = await pathCheck(() => checkFileAccess(this.opts.live.agent, path, access))
    if (pathError) {
      await this.opts.live.record({ ...this.base(step, label), reason: pathError })
      return { ok: false, error: pathErrorText(pathError) }
    }
    const r = await this.step(step)
    if (r.status === 'passed') return { ok: true, text: r.stdout }
    if (r.status === 'blocked') {
      return {
        ok: false,
        error: refusalText({ verdict: 'block', ...r }, this.opts.live.agent.policy)
      }
    }
    return { ok: false, error: `Execution error: ${r.reason ?? r.status}` }
  }

  /**
   * A step through the run (recorded); a call cut short by the server stopping, or abandoned by
   * its client (`signal`), says so.
   */
  private step(s: Step, signal?: AbortSignal): Promise<StepResult> {
    return this.opts.live.step(
      s,
      (r) => {
        const out: StepResult = { ...r, kind: 'mcp', allowFailure: true }
        const why = this.stopping ?? (signal?.aborted ? abandoned(signal) : undefined)
        if (why && r.status !== 'passed' && r.status !== 'blocked')
          Object.assign(out, { status: 'error', reason: `interrupted: ${why}` })
        return out
      },
      signal
    )
  }

  private base(step: Step, command: string): StepResult {
    return erroredStep(
      { index: step.index, name: step.name, command, kind: 'mcp' },
      { allowFailure: true }
    )
  }

  /** MassGen resolves a relative path against the agent workspace (the server's cwd). */
  private absolute(p: string | null | undefined): string {
    const ws = this.opts.live.agent.workspace
    if (!p) return ws
    return isAbsolute(p) ? resolve(p) : resolve(ws, p)
  }
}

/** The message of a path error, undefined when the check passed; anything else is thrown. */
async function pathCheck(check: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await check()
    return undefined
  } catch (e) {
    if (e instanceof PathError) return e.message
    throw e
  }
}

/** Why a call's signal fired: the SDK aborts it with the client's reason on notifications/cancelled
 * and with no reason of its own (an AbortError) when the connection closes. */
export function abandoned(signal: AbortSignal): string {
  const reason: unknown = signal.reason
  return typeof reason === 'string' && reason
    ? `cancelled by the client (${reason})`
    : 'the client cancelled the call or went away'
}
