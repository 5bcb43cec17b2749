// The throwaway peer both sandboxes' verification starts when a config has a single agent: probes
// that need a second agent (fork bomb, cross-agent reads) get one with the same sandbox settings
// and an empty workspace of its own.
import { chmod, mkdtemp, realpath } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../config/types.js'

/** The peer's plan; its workspace is new (the caller removes it) and `mode` is set on it if given. */
export async function throwawayPeerPlan(
  base: AgentPlan,
  prefix: string,
  mode?: number
): Promise<AgentPlan> {
  const ws = await realpath(await mkdtemp(join(tmpdir(), prefix)))
  if (mode !== undefined) await chmod(ws, mode)
  return {
    ...base,
    id: `${base.id}-peer`,
    workspace: ws,
    contextPaths: [],
    tempWorkspace: undefined,
    steps: []
  }
}
