// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids, so a workspace created by the host user (often 1001 on
// GitHub runners, root here) is not writable by uid 1000 unless we make it so.
import { chmod, chown, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import type { BindMount } from './credentials.js'

export function parseUser(user: string): { uid: number; gid: number } {
  const [uid, gid] = user.split(':').map((part) => Number(part))
  if (!Number.isInteger(uid) || uid < 0)
    throw new Error(`docker user ${user} must be numeric uid:gid`)
  return { uid, gid: Number.isInteger(gid) && gid >= 0 ? gid : uid }
}

function allows(st: Stats, uid: number, gid: number, bits: number): boolean {
  if (st.uid === uid) return (st.mode & (bits << 6)) === bits << 6
  if (st.gid === gid) return (st.mode & (bits << 3)) === bits << 3
  return (st.mode & bits) === bits
}

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

/** Makes the workspace directory itself writable by the container user, or says why not. */
export async function grantWorkspaceAccess(
  dir: string,
  user: { uid: number; gid: number },
  log: (line: string) => void
): Promise<void> {
  const st = await stat(dir)
  if (allows(st, user.uid, user.gid, 0o7)) return
  const me = process.getuid?.()
  if (me === 0) {
    await chown(dir, user.uid, user.gid)
    log(`workspace ${dir}: owner set to ${user.uid}:${user.gid} (the container user)`)
  } else if (me === st.uid) {
    await chmod(dir, (st.mode & 0o7777) | 0o777)
    log(`workspace ${dir}: made writable for the container user ${user.uid} (mode 777)`)
  } else {
    log(`warning: workspace ${dir} is not writable by the container user ${user.uid}:${user.gid}`)
  }
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
    if (!allows(st, user.uid, user.gid, bits))
      log(
        `warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
          `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`
      )
  }
}
