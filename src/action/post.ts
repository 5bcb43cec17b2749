// The action's post step (runs even when main failed or the job was cancelled): remove every
// container of this run by label. Main normally did it already; this is the safety net.
import * as core from '@actions/core'
import { readRunState } from './state.js'

export async function post(): Promise<void> {
  try {
    // mode serve: stop the server first (it removes its sandbox and finishes the reports).
    const { stopServer } = await import('./serve.js')
    await stopServer()
  } catch (e) {
    core.warning(`massgen-exec post: could not stop the MCP server: ${(e as Error).message}`)
  }
  try {
    const { runId, cleanup } = readRunState()
    if (!runId) {
      core.info('massgen-exec post: no run recorded, nothing to clean up')
      return
    }
    if (!cleanup) {
      core.info(`massgen-exec post: cleanup disabled; containers of run ${runId} are kept`)
      return
    }
    const { connectDocker, sweepRun } = await import('../runtime/docker/index.js')
    const removed = await sweepRun(await connectDocker(), runId)
    core.info(`massgen-exec post: removed ${removed} leftover container(s) of run ${runId}`)
  } catch (e) {
    // Post must never fail the job for a cleanup hiccup (e.g. no engine at all in a local-only run).
    core.warning(`massgen-exec post: cleanup failed: ${(e as Error).message}`)
  }
}
