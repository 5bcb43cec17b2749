// Probe 20: once the check has cleaned up, no container labelled with its run id remains.
import {
  LABEL_AGENT,
  LABEL_RUN,
  type ContainerClient,
  type ContainerSummary
} from '../../runtime/docker/index.js'
import { fail, list, pass } from '../outcome.js'
import type { ProbeOutcome } from '../types.js'

/** Containers of the run whose agent label is one of `agentIds`. */
export function leftoverContainers(
  client: ContainerClient,
  runId: string
): Promise<ContainerSummary[]> {
  return client.listContainers({ labels: [`${LABEL_RUN}=${runId}`] })
}

export function cleanupOutcome(left: ContainerSummary[], agentIds: string[]): ProbeOutcome {
  const mine = left.filter((c) => agentIds.includes(c.Labels?.[LABEL_AGENT] ?? ''))
  if (mine.length)
    return fail(
      `left after cleanup: ${list(mine.map((c) => `${(c.Names?.[0] ?? c.Id).replace(/^\//, '')} (${c.State})`))}`
    )
  return pass(`no container labelled with the run id remains (${left.length} of the whole run)`)
}

export const CLEANUP_PROBE = {
  id: 'cleanup',
  number: 20,
  title: 'after cleanup no container with the run label remains'
}
