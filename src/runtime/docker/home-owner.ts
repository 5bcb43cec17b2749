// The image's home (venv, npm prefix) follows the agent's uid when it is not the image user's: the
// home is an anonymous volume the engine fills from the image (owned by 1000), and the agent,
// running as the workspace's owner, must be able to `pip install` into it. The agent's container
// cannot chown (every capability dropped, and the engine gives a root exec in a container started
// as a non-root user no effective capability), so a one-shot helper container of the same image,
// root with CAP_CHOWN (and DAC_READ_SEARCH to walk a 0700 home) alone, no network, read-only, chowns that volume and nothing else. This runs
// when the container is created (the volume holds only the image's files then), never on the host.
import type { ContainerClient, ContainerCreateSpec } from './container-client.js'
import { delay } from './exec.js'
import { AGENT_HOME } from './labels.js'

const HELPER_TIMEOUT_MS = 60_000

/** The helper's spec: `chown -R -h uid:gid` of the home volume `volume`, as root with CHOWN and DAC_READ_SEARCH only. */
export function homeChownSpec(
  agent: ContainerCreateSpec,
  volume: string,
  user: { uid: number; gid: number }
): ContainerCreateSpec {
  return {
    name: `${agent.name}-home`,
    Image: agent.Image,
    Cmd: ['/bin/chown', '-R', '-h', `${user.uid}:${user.gid}`, AGENT_HOME],
    User: '0:0',
    // The agent container's labels (run id, owner): a run that dies leaves it to the same sweeps.
    Labels: agent.Labels,
    HostConfig: {
      AutoRemove: false,
      Mounts: [{ Type: 'volume', Source: volume, Target: AGENT_HOME }],
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      // DAC_READ_SEARCH: the home is 0700 in images whose useradd says so (Debian trixie's).
      CapAdd: ['CHOWN', 'DAC_READ_SEARCH'],
      SecurityOpt: ['no-new-privileges:true'],
      ReadonlyRootfs: true
    }
  }
}

/** Gives the home volume of container `id` to `user`; throws when that fails. */
export async function giveHomeTo(
  client: ContainerClient,
  id: string,
  agent: ContainerCreateSpec,
  user: { uid: number; gid: number }
): Promise<void> {
  const state = await client.inspectContainer(id)
  const volume = state.Mounts?.find((m) => m.Destination === AGENT_HOME && m.Type === 'volume')
  const name = volume?.Name
  // No home volume (a writable root filesystem): nothing of ours to give.
  if (!name) return
  const spec = homeChownSpec(agent, name, user)
  await client.removeContainer(spec.name).catch(() => undefined)
  const helper = await client.createContainer(spec)
  try {
    await client.startContainer(helper)
    const deadline = Date.now() + HELPER_TIMEOUT_MS
    for (;;) {
      const s = await client.inspectContainer(helper)
      if (!s.State.Running) {
        if (s.State.ExitCode !== 0)
          throw new Error(
            `giving the home ${AGENT_HOME} to ${user.uid}:${user.gid} failed (exit ${s.State.ExitCode}): ${(await client.containerLogs(helper).catch(() => '')).trim()}`
          )
        return
      }
      if (Date.now() > deadline) throw new Error(`giving the home ${AGENT_HOME} timed out`)
      await delay(50)
    }
  } finally {
    await client.removeContainer(helper).catch(() => undefined)
  }
}
