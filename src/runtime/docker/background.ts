// Background steps (MassGen's background shells): started attached, so their output is kept (capped)
// while later steps run, and ended with every other process of the agent when its steps are over.
import { errorMessage } from '../../errors.js'
import { describeBackground, writeBackgroundLogs } from '../host/background-log.js'
import type { AgentProcesses } from './agent-processes.js'
import {
  runExec,
  within,
  type ExecTarget,
  type RawExecResult,
  type RunExecOptions
} from './exec.js'
import type { Journal } from './journal.js'

interface BackgroundProcess {
  name: string
  command: string
  startedAt: Date
  done: Promise<void>
  result?: RawExecResult
  error?: string
}

export class BackgroundSteps {
  private readonly list: BackgroundProcess[] = []

  constructor(private readonly journal: Journal) {}

  /** Resolves once the process has started; rejects when it could not be. */
  async start(
    target: ExecTarget,
    name: string,
    command: string,
    opts: Omit<RunExecOptions, 'onStarted' | 'timeoutMs'>
  ): Promise<void> {
    let markStarted!: () => void
    const started = new Promise<void>((resolve) => (markStarted = resolve))
    const proc: BackgroundProcess = {
      name,
      command,
      startedAt: new Date(),
      done: Promise.resolve()
    }
    proc.done = runExec(target, { ...opts, onStarted: markStarted, graceMs: 3000 }).then(
      (result) => void (proc.result = result),
      (err: unknown) => void (proc.error = errorMessage(err))
    )
    await Promise.race([started, proc.done])
    if (proc.error) throw new Error(`background ${name} did not start: ${proc.error}`)
    this.list.push(proc)
    this.journal.note(`background ${name} started: ${command.slice(0, 200)}`)
  }

  /** Whether a background step is still running (its processes must outlive the next step's end). */
  anyRunning(): boolean {
    return this.list.some((b) => !b.result && !b.error)
  }

  /** Ends those still running (with every process of the agent) and waits a little for their output. */
  async stop(processes: AgentProcesses): Promise<void> {
    const running = this.list.filter((b) => !b.result && !b.error)
    if (running.length === 0) return
    await processes.signalAll()
    await within(Promise.all(running.map((b) => b.done)), 5000)
    for (const b of running)
      this.journal.note(`background ${b.name} killed at the end of the agent's steps`)
  }

  /** Waits (at most `ms`) for every background exec to settle, e.g. when the session closes. */
  settle(ms: number): Promise<void> {
    return within(Promise.all(this.list.map((b) => b.done)), ms)
  }

  summary(): string[] {
    if (this.list.length === 0) return ['(none)']
    return this.list.map((b) => `  ${b.name}: ${describeBackground(b)}`)
  }

  /** background_<name>.log per process, into `dir` (the layout of every mode). */
  async writeLogs(dir: string): Promise<void> {
    await writeBackgroundLogs(
      dir,
      this.list.map((b) => ({
        name: b.name,
        command: b.command,
        startedAt: b.startedAt,
        result: b.result,
        error: b.error,
        stdout: b.result?.stdout ?? '',
        stderr: b.result?.stderr ?? ''
      }))
    )
  }
}
