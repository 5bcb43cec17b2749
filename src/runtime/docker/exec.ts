// One exec in a running container, with capped, demultiplexed output and a host-side deadline.
// Docker has no API to kill an exec, so on the deadline `onTimeout` (the session's kill strategy)
// runs and the stream is then given a grace period to end.
import { OutputCap } from '../../lib/output-cap.js'
import type { ContainerClient, ExecHandle, ExecSpec } from './container-client.js'
import { splitFrames } from './frames.js'
import { delay } from '../../lib/delay.js'

/** Where an exec goes: one container (fakes implement it in unit tests). */
export interface ExecTarget {
  exec(spec: ExecSpec): Promise<ExecHandle>
}

export function execTarget(client: Pick<ContainerClient, 'exec'>, containerId: string): ExecTarget {
  return { exec: (spec) => client.exec(containerId, spec) }
}

/**
 * PATH for every exec the harness makes for itself (kill, file steps, preinstall, probes): only
 * root-owned system directories. The image's PATH starts with the agent's venv, where an agent can
 * plant a `sh` or `pgrep`; the harness never looks a program up there.
 */
export const HARNESS_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
/** A harness exec's deadline unless its caller says otherwise (a kill, a listing, a probe). */
export const HARNESS_TIMEOUT_MS = 15_000
/** How long a harness exec's stream may take to end after its deadline. */
export const HARNESS_GRACE_MS = 1000

export type HarnessExecOptions = Omit<RunExecOptions, 'graceMs'>

/**
 * An exec the harness makes for itself (kills, process listings, the OOM counter, the relay, du,
 * probes): an argv whose program is an absolute path, HARNESS_PATH whatever `env` says, a 15 s
 * deadline unless given, 1 s grace. Never the agent's PATH or a shell lookup of the program.
 */
export function harnessExec(target: ExecTarget, opts: HarnessExecOptions): Promise<RawExecResult> {
  if (!opts.cmd[0]?.startsWith('/'))
    return Promise.reject(
      new Error(`harness exec of ${JSON.stringify(opts.cmd[0])}: not an absolute path`)
    )
  return runExec(target, {
    ...opts,
    // `timeoutMs: undefined` from a caller still means the harness default, never no limit.
    timeoutMs: opts.timeoutMs ?? HARNESS_TIMEOUT_MS,
    env: { ...opts.env, PATH: HARNESS_PATH },
    graceMs: HARNESS_GRACE_MS
  })
}

export interface RunExecOptions {
  cmd: string[]
  /** uid:gid, always explicit. */
  user: string
  cwd?: string
  /** Added to the container's environment (a step's env; HARNESS_PATH for harness execs). */
  env?: Record<string, string>
  /** Written to the process's stdin, which is then closed. */
  stdin?: Buffer
  maxOutputBytes: number
  timeoutMs?: number
  onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void
  /** Called once when the deadline passes; should make the process exit. */
  onTimeout?: () => Promise<void>
  /** How long to wait for the stream to end after onTimeout. */
  graceMs?: number
  /** Called once the process has started (the exec is attached). */
  onStarted?: () => void
  /** Lets the caller abandon the exec (e.g. cleanup on SIGTERM): same path as a timeout. */
  signal?: AbortSignal
}

export interface RawExecResult {
  exitCode: number | null
  stdout: string
  stderr: string
  truncated: boolean
  timedOut: boolean
  durationMs: number
}

const EXIT_POLL_MS = 3000

export async function runExec(target: ExecTarget, opts: RunExecOptions): Promise<RawExecResult> {
  const started = Date.now()
  const withStdin = opts.stdin !== undefined
  const exec = await target.exec({
    Cmd: opts.cmd,
    AttachStdin: withStdin,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    Env: opts.env ? Object.entries(opts.env).map(([k, v]) => `${k}=${v}`) : undefined,
    WorkingDir: opts.cwd,
    User: opts.user
  })
  const raw = await exec.start({ stdin: withStdin })
  opts.onStarted?.()
  const ended = new Promise<void>((resolve) => {
    raw.once('end', resolve)
    raw.once('close', resolve)
    raw.once('error', () => resolve())
  })

  const caps = {
    stdout: new OutputCap(opts.maxOutputBytes),
    stderr: new OutputCap(opts.maxOutputBytes)
  }
  splitFrames(raw, (name, chunk) => {
    caps[name].push(chunk)
    opts.onOutput?.(name, chunk)
  })
  if (withStdin) raw.end(opts.stdin)

  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  let onAbort: (() => void) | undefined
  const expired = new Promise<'expired'>((resolve) => {
    if (opts.timeoutMs !== undefined) timer = setTimeout(() => resolve('expired'), opts.timeoutMs)
    onAbort = () => resolve('expired')
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    if (opts.signal?.aborted) onAbort()
  })
  if ((await Promise.race([ended.then(() => 'ended' as const), expired])) === 'expired') {
    timedOut = true
    await opts.onTimeout?.().catch(() => undefined)
    await within(ended, opts.graceMs ?? 5000)
  }
  clearTimeout(timer)
  // The session's signal outlives every exec: a listener left on it per step would pile up.
  if (onAbort) opts.signal?.removeEventListener('abort', onAbort)

  // Every byte is consumed by now: 'data' handlers run before 'end'.
  raw.destroy()

  const exitCode = await waitForExit(exec, timedOut ? 1000 : EXIT_POLL_MS)
  return {
    exitCode,
    stdout: caps.stdout.text(),
    stderr: caps.stderr.text(),
    truncated: caps.stdout.truncated || caps.stderr.truncated,
    timedOut,
    durationMs: Date.now() - started
  }
}

/** Exec inspect can lag the stream's end: poll until it reports a finished process. */
async function waitForExit(exec: ExecHandle, budgetMs: number): Promise<number | null> {
  const until = Date.now() + budgetMs
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    const state = await exec.inspect().catch(() => undefined)
    if (state && !state.Running && state.ExitCode !== null && state.ExitCode !== undefined)
      return state.ExitCode
    if (Date.now() >= until) return null
    await delay(wait)
  }
}

export { delay }

/** Waits for `promise`, but at most `ms`; the timer is cleared so it never holds the process. */
export async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}
