// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids: the agent runs as the workspace's owner (see
// ../workspace-owner.ts), and nothing on the host is chmod'ed or chown'ed to make it fit.
import { stat } from 'node:fs/promises'
import type { DockerConfig } from '../../config/types.js'
import { parseUser } from '../../lib/user.js'
import { allows, followOwner, unwritableWorkspaceWarning } from '../workspace-owner.js'
import type { BindMount } from './credentials.js'

/**
 * Drops mounts whose source is missing when `optional(m)` says they may be (protected paths),
 * and throws for other missing sources. Returns the mounts to use.
 */
export async function checkMountSources(
  mounts: BindMount[],
  optional: (m: BindMount) => boolean,
  log: (line: string) => void
): Promise<BindMount[]> {
  const kept: BindMount[] = []
  for (const m of mounts) {
    const st = await stat(m.source).catch(() => undefined)
    if (st) {
      kept.push(m)
      continue
    }
    if (optional(m)) log(`warning: protected path ${m.source} does not exist; not mounted`)
    else throw new Error(`mount source ${m.source} does not exist on the host`)
  }
  return kept
}

/**
 * The uid:gid the agent runs as: command_line_docker_user when the config sets it; otherwise the
 * workspace's owner (never root: a root-owned workspace keeps the image's user), except with the
 * sudo variant (its sudoers entry is the image user's) or a writable root filesystem (no home
 * volume to give). Logs the choice and warns, with the fix,
 * when that user cannot write the workspace. Nothing on the host is changed.
 */
export async function chooseAgentUser(
  dir: string,
  config: Pick<DockerConfig, 'user' | 'userExplicit' | 'enableSudo' | 'readOnlyRootfs'>,
  log: (line: string) => void
): Promise<string> {
  const image = parseUser(config.user)
  const st = await stat(dir)
  let user = image
  // The home must follow too: only a home volume can (a writable root filesystem keeps it 1000's).
  if (!config.userExplicit && !config.enableSudo && config.readOnlyRootfs) {
    user = followOwner(st, image)
    if (user.uid !== image.uid || user.gid !== image.gid)
      log(`container user ${user.uid}:${user.gid}: the workspace's owner (its home follows)`)
  }
  if (!allows(st, user, 0o7)) log(unwritableWorkspaceWarning(dir, st, user, 'container user'))
  return `${user.uid}:${user.gid}`
}

/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
export async function warnInaccessible(
  mounts: BindMount[],
  user: { uid: number; gid: number },
  log: (line: string) => void
): Promise<void> {
  for (const m of mounts) {
    const st = await stat(m.source).catch(() => undefined)
    if (!st) continue
    const bits = st.isDirectory() ? (m.readOnly ? 0o5 : 0o7) : m.readOnly ? 0o4 : 0o6
    if (!allows(st, user, bits))
      log(
        `warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
          `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`
      )
  }
}
