// Probe 29: command_line_disk_limit holds. A step writes past the agent's limit into its scratch
// directory (a bounded write: at most 1 GiB, so a limit that does not hold cannot fill the runner)
// and must be stopped with the disk-limit reason, the file short of what was asked; the file is
// removed afterwards. A limit above what the probe may write is a skip with the reason.
import { fail, pass, skip } from '../outcome.js'
import type { Probe } from '../types.js'

const MiB = 1024 ** 2
/** The most the probe writes (a limit above it is not tested: set a smaller one for the check). */
export const MAX_DISK_PROBE_BYTES = 1024 * MiB
/** How far past the limit the probe writes. */
const PAST_LIMIT_BYTES = 256 * MiB

export const diskLimitProbe: Probe = {
  id: 'disk-limit',
  number: 29,
  title:
    'a step writing past command_line_disk_limit is stopped with the reason, short of its write',
  phase: 'disruptive',
  async run(ctx) {
    const limit = ctx.config.diskLimitBytes
    if (limit === undefined) return fail('the agent has no disk limit (command_line_disk_limit)')
    const mib = Math.ceil((limit + PAST_LIMIT_BYTES) / MiB)
    if (mib * MiB > MAX_DISK_PROBE_BYTES)
      return skip(
        `command_line_disk_limit ${Math.round(limit / MiB)} MiB is above what the probe writes (${MAX_DISK_PROBE_BYTES / MiB} MiB); set a smaller limit in the isolation config to check it`
      )
    const file = `${ctx.scratch}/disk-probe.bin`
    const r = await ctx.agentExec(
      // A sustained writer (each block synced): a burst into the page cache can finish within one
      // measuring interval, which the limit reports but cannot stop (README, Disk limit).
      `dd if=/dev/zero of='${file}' bs=256k count=${mib * 4} oflag=dsync 2>/dev/null; echo WROTE; ls -s '${file}'`,
      { timeoutMs: 180_000 }
    )
    const left = await ctx.agentExec(`ls -s '${file}' 2>/dev/null; rm -f '${file}'`)
    const kib = Number(/^\s*(\d+)/.exec(left.stdout)?.[1] ?? 'NaN')
    const size = Number.isFinite(kib) ? `${Math.round(kib / 1024)} MiB` : 'an unknown size'
    if (!r.diskLimit)
      return fail(
        `wrote ${mib} MiB against a limit of ${Math.round(limit / MiB)} MiB without being stopped (${r.timedOut ? 'timed out' : `exit ${r.exitCode}`}; the file: ${size})`
      )
    if (r.stdout.includes('WROTE'))
      return fail(`the step was reported over the limit but not stopped (${r.diskLimit})`)
    return pass(`${r.diskLimit}; the ${mib} MiB write was stopped at ${size}`)
  }
}
