// The agent's processes as a probe sees them after a kill: listed as root inside the container the
// way the session lists them where the engine cannot, and judged by the session's own rule (a
// zombie waiting for the init to reap it, or the init itself, is not a survivor), so that a probe
// and the kill it checks agree on what "left" means. (pgrep counted zombies: CI once failed probe
// 15 on a reap in flight.)
import {
  isAgentSurvivor,
  parseProcessListing,
  PROCESS_LISTING
} from '../../runtime/docker/index.js'
import type { ProbeContext } from '../types.js'

export type ProcessListing = { processes: string[] } | { error: string }

/** The agent's live processes (`pid args` each), or why they could not be listed. */
export async function agentProcesses(ctx: ProbeContext): Promise<ProcessListing> {
  const r = await ctx
    .rootExec([...PROCESS_LISTING])
    .catch((e: Error) => ({ exitCode: -1, stdout: '', stderr: e.message }))
  if (r.exitCode !== 0) return { error: `could not list processes: ${r.stderr.slice(0, 120)}` }
  return {
    processes: parseProcessListing(r.stdout)
      .filter((p) => isAgentSurvivor(p, ctx.uid, false))
      .map((p) => `${p.pid} ${p.args}`)
  }
}
