// The one small interface between the orchestrator (run/) and the places commands run
// (runtime/local, runtime/srt, runtime/docker; local and srt on runtime/host). run/ never imports dockerode or child_process.
import type { AgentPlan, ExecutionMode } from '../config/types.js'
import type { EgressReport } from '../lib/egress/types.js'

export interface ExecRequest {
  command: string
  /** Absolute path; the same path inside a container (path transparency). */
  cwd: string
  /** Extra variables for this command only (the step's env, venv vars, ...). */
  env: Record<string, string>
  timeoutMs: number
  /** Cap per stream; output beyond it keeps head and tail with a marker in between. */
  maxOutputBytes: number
  /** Called with chunks as they arrive (already capped upstream is not required). */
  onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void
  /**
   * Abandons the command (an MCP client cancelled the call or went away): it is killed as a
   * timeout kills it, and the result says `timedOut`; the caller knows why.
   */
  signal?: AbortSignal
}

export interface ExecResult {
  /** null when the process was killed by a signal or never reported one. */
  exitCode: number | null
  stdout: string
  stderr: string
  truncated: boolean
  timedOut: boolean
  oom: boolean
  durationMs: number
  /** Something the user should know about how it ended (e.g. "container replaced after timeout"). */
  note?: string
  /**
   * The sandbox itself went away under the step (container killed or removed behind the run's
   * back): why. The step is an infrastructure error, not a failure of the command.
   */
  sandboxLost?: string
  /**
   * The sandbox ended under the step by the agent's doing and was started again before this result
   * (gVisor: out of memory or the pids limit end the whole sandbox): every process is gone.
   */
  sandboxRestarted?: boolean
  /**
   * The step did what the sandbox forbids and could not refuse up front (srt: a protected name
   * created in a directory the step made), undone where it could be: why. The step failed.
   */
  violation?: string
  /** The step was stopped for taking the agent's storage over command_line_disk_limit: why. */
  diskLimit?: string
}

export interface SessionInfo {
  mode: ExecutionMode
  image?: string
  imageId?: string
  container?: string
  limits?: Record<string, string | number | boolean | null>
}

/** A started environment for one agent; commands run in it in order and share its state. */
export interface AgentSession {
  readonly info: SessionInfo
  exec(req: ExecRequest): Promise<ExecResult>
  /** Start a command detached (MassGen's background shells); it is killed at close(). */
  execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void>
  writeFile(path: string, content: string): Promise<void>
  /** `lineCount` lines (all when undefined) of a text file after skipping `offset` lines. */
  readFile(path: string, offset: number, lineCount?: number): Promise<string>
  /** Writes logs the runtime keeps (e.g. docker_container.log) into `dir`. */
  saveLogs(dir: string): Promise<void>
  /**
   * Called by the run before each step (file steps too): what follows belongs to this step, and
   * with `egress: false` nothing goes out while it runs. Sandboxes without egress ignore it.
   */
  beginStep(step: { index: number; name?: string; egress: boolean }): void
  /** What went out and what was refused so far, per step (agents with command_line_egress). */
  egressReport(): EgressReport | undefined
  close(): Promise<void>
}

export interface RuntimeContext {
  runId: string
  /** Absolute output directory (for runtime logs). */
  outDir: string
  log: (line: string) => void
}

export interface Runtime {
  start(agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession>
  /** Remove everything this runtime created for the run (idempotent). */
  cleanup?(runId: string): Promise<void>
}
