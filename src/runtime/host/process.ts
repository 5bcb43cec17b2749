// One step as a host process (local and srt modes): spawned detached by the session, then run to
// its end here — output captured and capped, killed at its timeout or when abandoned, whatever it
// left behind killed, both pipes drained — and shaped into the step's result.
import type { ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { captureOutput } from '../../lib/output-cap.js'
import type { ExecRequest, ExecResult } from '../types.js'

export type HostChild = ChildProcessByStdio<Writable | null, Readable, Readable>

/** How a host process ended; `error` when it could not start. */
export interface HostExit {
  code: number | null
  error?: Error
}

/** Never rejects: a child that could not start resolves with its error. */
export function exitOf(child: HostChild): Promise<HostExit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode })
    child.once('error', (error) => resolve({ code: null, error }))
    child.once('exit', (code) => resolve({ code }))
  })
}

/** Resolves when the stream has closed (or failed): all its data has been read. */
export function streamClosed(s: NodeJS.ReadableStream & { closed?: boolean }): Promise<void> {
  if (s.closed) return Promise.resolve()
  return new Promise((resolve) => {
    s.once('close', () => resolve())
    s.once('error', () => resolve())
  })
}

/** A step run to its end, before the session adds what it knows (violations, refusals). */
export interface HostStepEnd {
  exit: HostExit
  stdout: string
  stderr: string
  truncated: boolean
  timedOut: boolean
  /** Processes of the step still alive after the kill (normally none). */
  survivors: number[]
  startedAt: number
}

type StepLimits = Pick<ExecRequest, 'timeoutMs' | 'maxOutputBytes' | 'onOutput' | 'signal'>

/**
 * Runs `child` to its end. `kill` ends the step's whole tree and returns the pids it could not
 * kill; it runs at the timeout or abort, and always once the shell has exited: whatever the step
 * left running (`server &` without background: true) dies with it, else it would hold the pipes
 * open and outlive the run.
 */
export async function runHostStep(
  child: HostChild,
  req: StepLimits,
  kill: () => Promise<number[]>,
  startedAt = Date.now()
): Promise<HostStepEnd> {
  const { stdout, stderr } = captureOutput(child, req.maxOutputBytes, req.onOutput)
  let timedOut = false
  const exited = exitOf(child)
  const stop = () => {
    timedOut = true
    void kill()
  }
  const timer = setTimeout(stop, req.timeoutMs)
  req.signal?.addEventListener('abort', stop, { once: true })
  if (req.signal?.aborted) stop()
  let exit: HostExit
  try {
    exit = await exited
  } finally {
    clearTimeout(timer)
    req.signal?.removeEventListener('abort', stop)
  }
  const survivors = await kill()
  await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)])
  return {
    exit,
    stdout: stdout.text(),
    stderr: stderr.text(),
    truncated: stdout.truncated || stderr.truncated,
    timedOut,
    survivors,
    startedAt
  }
}

/** The step's result; `notes` are joined after the survivors' note, empty ones dropped. */
export function hostResult(
  end: HostStepEnd,
  notes: string[] = [],
  extra: Partial<ExecResult> = {}
): ExecResult {
  const all = [
    end.survivors.length
      ? `${end.survivors.length} process(es) of the step could not be killed`
      : '',
    ...notes
  ].filter(Boolean)
  return {
    exitCode: end.exit.code,
    stdout: end.stdout,
    stderr: end.stderr,
    truncated: end.truncated,
    timedOut: end.timedOut,
    oom: false,
    durationMs: Date.now() - end.startedAt,
    note: all.length ? all.join('; ') : undefined,
    ...extra
  }
}
