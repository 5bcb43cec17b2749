// What main hands to post (a fresh process): the run id whose containers post must remove.
import * as core from '@actions/core'

const RUN_ID = 'runId'
const CLEANUP = 'cleanup'

export function saveRunState(runId: string, cleanup: boolean): void {
  core.saveState(RUN_ID, runId)
  core.saveState(CLEANUP, String(cleanup))
}

export function readRunState(): { runId?: string; cleanup: boolean } {
  return { runId: core.getState(RUN_ID) || undefined, cleanup: core.getState(CLEANUP) !== 'false' }
}
