// A gVisor sandbox that ends under a step. Under runc the OOM killer or the pids limit takes one
// process and the container lives on; under gVisor (runsc) the memory cgroup's OOM kill or the
// pids limit takes the whole sandbox: the container exits (137 on OOM, 2 past the pids limit)
// and the step's exec never reports — runsc's attach stream stays open until the container is
// killed, restarted or removed. So under gVisor each step also waits for the container to stop
// (the engine's wait, a request beside the exec); when it does first, the exec is abandoned, the
// ending is classified from the engine's own records (its `oom` event — the container's cgroup
// counter is deleted with the sandbox and none exists inside it) and the container is started
// again before the result is returned.
import type { ContainerClient, ContainerExit, ContainerInspect } from './container-client.js'
import { gvisorProcessCapacity } from './runtimes.js'

/** How long a step whose process runsc lost waits for the engine to see the container stop. */
const CONFIRM_MS = 2000

/** What runsc writes to the exec's stderr when the sandbox died under the process. */
export const RUNSC_LOST_PROCESS = /waiting on pid \d+: .*WaitPID.* EOF|urpc method .* failed: EOF/

/**
 * Whether an exec's own exit could mean the sandbox ended under it: 'no' (an ordinary exit),
 * 'maybe' (126 and above: ask the engine), 'likely' (runsc said it lost the process, or a SIGKILL
 * or no exit at all: give the engine a moment to see the container stop).
 */
export function sandboxEndHint(exitCode: number | null, stderr: string): 'no' | 'maybe' | 'likely' {
  if (exitCode === null || exitCode === 137 || RUNSC_LOST_PROCESS.test(stderr)) return 'likely'
  return exitCode >= 126 ? 'maybe' : 'no'
}

/** Waits for the container to stop while one step runs; `signal` aborts the step's exec then. */
export class SandboxWatch {
  private readonly ended = new AbortController()
  private readonly cancel = new AbortController()
  private exitCode?: ContainerExit
  private waiting?: Promise<void>

  constructor(
    private readonly client: Pick<ContainerClient, 'waitContainer'>,
    private readonly containerId: string
  ) {}

  /** Aborted when the container stopped during the step. */
  get signal(): AbortSignal {
    return this.ended.signal
  }

  /** How the container ended, once it did. */
  get exit(): ContainerExit | undefined {
    return this.exitCode
  }

  /** Starts waiting (once the step's process runs: a stopped container would answer at once). */
  start(): void {
    this.waiting ??= this.client
      .waitContainer(this.containerId, 'not-running', { abortSignal: this.cancel.signal })
      .then(
        (exit) => {
          if (this.cancel.signal.aborted) return
          this.exitCode = exit
          this.ended.abort()
        },
        // No watch (the request failed): the step's own timeout still ends it.
        () => undefined
      )
  }

  /**
   * After the step's exec ended by itself with an exit that could be the sandbox's end (none, or
   * 126 and above: runsc reports 127 or 128 for a process it lost): whether the container stopped.
   * The engine may not have noticed yet when `likely` (runsc said it lost the process, or it was
   * SIGKILLed, which under gVisor only the agent itself or the container's end does): then wait a
   * moment for it.
   */
  async confirm(
    inspect: () => Promise<ContainerInspect | undefined>,
    likely: boolean
  ): Promise<ContainerExit | undefined> {
    if (this.exitCode) return this.exitCode
    const state = await inspect()
    if (!state) return { StatusCode: 137 }
    if (!state.State.Running) return { StatusCode: state.State.ExitCode }
    if (likely && this.waiting) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([this.waiting, new Promise((r) => (timer = setTimeout(r, CONFIRM_MS)))])
      clearTimeout(timer)
    }
    return this.exitCode
  }

  /** Ends the wait request (the step is over). */
  stop(): void {
    this.cancel.abort()
  }
}

export type SandboxEnd =
  /** The memory cgroup's OOM killer ended the sandbox. */
  | { kind: 'oom'; exitCode: number }
  /** The sandbox ended by itself, not OOM: past the pids limit (gVisor's host threads count). */
  | { kind: 'crashed'; exitCode: number }
  /** Killed from outside (a signal exit without OOM) or removed: the run's sandbox was lost. */
  | { kind: 'lost'; why: string }

/**
 * What ended the sandbox during a step that started at `startedAt`: the engine's `oom` event (or
 * State.OOMKilled of this very exit), else a signal exit (killed from outside), else the sandbox's
 * own failure.
 */
export function classifySandboxEnd(
  exit: ContainerExit,
  state: ContainerInspect | undefined,
  sawOom: boolean
): SandboxEnd {
  if (!state) return { kind: 'lost', why: 'the container was removed during the step' }
  const code = state.State.Running ? exit.StatusCode : state.State.ExitCode
  if (sawOom || state.State.OOMKilled) return { kind: 'oom', exitCode: code }
  if (code >= 128)
    return {
      kind: 'lost',
      why: `the container stopped during the step (exit ${code}${state.State.Error ? `, ${state.State.Error}` : ''})`
    }
  return { kind: 'crashed', exitCode: code }
}

/** The step result's note for a sandbox that ended and was started again. */
export function sandboxEndNote(end: SandboxEnd, pidsLimit: number, restarted: string): string {
  const after = `${restarted}; every process of the agent and /tmp are gone`
  if (end.kind === 'oom')
    return `gVisor: out of memory ends the whole sandbox, not one process (exit ${end.exitCode}); ${after}`
  if (end.kind === 'crashed')
    return (
      `gVisor: the sandbox ended during the step (exit ${end.exitCode}), most likely past the pids limit ` +
      `(${pidsLimit}, about ${gvisorProcessCapacity(pidsLimit)} processes: gVisor's own host threads count against it); ${after}`
    )
  return restarted
}
