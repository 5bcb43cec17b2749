// command_line_disk_limit for a docker agent (issue 24): how much the agent's writable storage on
// the runner's disk (the workspace and write context paths, bind-mounted, and the home volume) may
// grow. The engine here (overlay2 on ext4, cgroup v1) has no size option that covers a bind mount
// or a plain volume, so the limit is kept by measuring: during every step the usage is measured
// (`du` as the agent, in the container, so gVisor's view and the agent's own files count), and a
// step that takes it over the limit is stopped by the same kill as a timeout. Precision: a step is
// stopped within one measuring interval (at least 0.5 s, twice the time `du` takes) of crossing
// the limit, so it can overshoot by what it writes in that time (README says so); a step that
// crossed it between the last look and its end is reported the same way. A directory the agent
// makes unreadable to the measure stops the step too (it could hide bytes there).
import type { RawExecResult } from './exec.js'

/** Growth a step may add when an earlier step already went over the limit (logs, caches). */
export const OVER_LIMIT_SLACK_BYTES = 16 * 1024 ** 2
const MIN_INTERVAL_MS = 500
/** Measurements in a row that may fail (a container restarting) before the step is stopped. */
const MAX_FAILED_MEASURES = 3

export interface DiskUsage {
  bytes: number
  /** Directories the measure could not read (`du: cannot read directory ...`). */
  unreadable: number
}

/** `du -s -k -x <paths>` as the agent: its output read into one usage, or undefined. */
export function parseDu(
  r: Pick<RawExecResult, 'exitCode' | 'stdout' | 'stderr'>
): DiskUsage | undefined {
  // GNU and busybox du exit 1 when some directory could not be read, with a total all the same.
  if (r.exitCode !== 0 && r.exitCode !== 1) return undefined
  const sizes = r.stdout
    .split('\n')
    .map((l) => /^(\d+)\s/.exec(l)?.[1])
    .filter((x): x is string => x !== undefined)
  if (!sizes.length) return undefined
  const unreadable = r.stderr
    .split('\n')
    .filter((l) => /cannot (read|access)|Permission denied/.test(l))
  return { bytes: sizes.reduce((a, s) => a + Number(s) * 1024, 0), unreadable: unreadable.length }
}

export function duCommand(paths: string[]): string[] {
  return ['du', '-s', '-k', '-x', '--', ...paths]
}

export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MiB`
}

export type MeasureDisk = () => Promise<DiskUsage | undefined>

/** One agent's disk limit across its steps; `watch` follows one step. */
export class DiskLimit {
  private baseline: DiskUsage | undefined

  constructor(
    readonly limitBytes: number,
    private readonly measure: MeasureDisk,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((r) => setTimeout(r, ms))
  ) {}

  /** The usage the limit counts from (measured once, before the first step). */
  async start(): Promise<DiskUsage | undefined> {
    this.baseline ??= await this.measure()
    return this.baseline
  }

  /**
   * Measures until `stop` is called; calls `exceeded(reason)` once when the step goes over. `stop`
   * measures a last time and returns the reason, if the step went over at any point.
   */
  watch(exceeded: (reason: string) => Promise<void>): {
    /** Ends the measuring without a last look (before a kill: no `du` of the agent's uid runs). */
    halt(): Promise<void>
    stop(): Promise<string | undefined>
  } {
    let reason: string | undefined
    let stopped = false
    const at = this.start().then(async (base) =>
      base ? { base, step: await this.measure() } : undefined
    )
    const check = (start: { base: DiskUsage; step?: DiskUsage }, now: DiskUsage | undefined) =>
      this.judge(start.base, start.step ?? start.base, now)
    let failures = 0
    const loop = (async () => {
      const start = await at
      if (!start) return
      while (!stopped && reason === undefined) {
        const t0 = Date.now()
        const now = await this.measure()
        failures = now ? 0 : failures + 1
        const why =
          failures >= MAX_FAILED_MEASURES
            ? `stopped: the disk usage could not be measured ${failures} times in a row (command_line_disk_limit ${formatMiB(this.limitBytes)})`
            : check(start, now)
        if (why && !stopped) {
          reason = why
          await exceeded(why)
          return
        }
        await this.sleep(Math.max(MIN_INTERVAL_MS, 2 * (Date.now() - t0)))
      }
    })()
    let final: Promise<string | undefined> | undefined
    const finish = async () => {
      stopped = true
      await loop
      const start = await at
      if (reason === undefined && start) reason = check(start, await this.measure())
      return reason
    }
    return {
      halt: async () => {
        stopped = true
        await loop
      },
      stop: () => (final ??= finish())
    }
  }

  /** Why `now` is over the limit, or undefined. */
  judge(base: DiskUsage, stepStart: DiskUsage, now: DiskUsage | undefined): string | undefined {
    if (!now) return undefined
    const limit = formatMiB(this.limitBytes)
    if (now.unreadable > stepStart.unreadable)
      return `stopped: the step made ${now.unreadable - stepStart.unreadable} directory(ies) unreadable to the disk measure, which could hide writes from command_line_disk_limit (${limit})`
    // After an earlier step went over, a step may still run; it must not grow the usage further.
    const ceiling = Math.max(base.bytes + this.limitBytes, stepStart.bytes + OVER_LIMIT_SLACK_BYTES)
    if (now.bytes <= ceiling) return undefined
    return `stopped: the workspace and home grew by ${formatMiB(now.bytes - base.bytes)}, over command_line_disk_limit ${limit}`
  }
}
