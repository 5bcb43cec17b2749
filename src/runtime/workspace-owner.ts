// Who the agent runs as when the config does not say: the workspace's owner, as devcontainers'
// updateRemoteUserUID does, so that the agent can write anywhere in its checkout and what it
// creates belongs to the runner's user on the host (uid 1001 on GitHub's hosted runners). Nothing
// on the host is chmod'ed or chown'ed for it. Never uid 0 this way: a workspace owned by root
// (self-hosted runners, CI in a root container) keeps the image's unprivileged user, and when that
// user cannot write the workspace the run says so at start, with the fix.
import type { Stats } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Ids } from '../lib/user.js'

export type { Ids }

/** The workspace owner's uid:gid, or `fallback` when root owns it. */
export function followOwner(owner: Ids, fallback: Ids): Ids {
  return owner.uid === 0 ? fallback : { uid: owner.uid, gid: owner.gid }
}

/** Whether `user` has all of `bits` (rwx as 0o7) on a file with these stats (no ACLs, no groups beyond the primary). */
export function allows(st: Pick<Stats, 'uid' | 'gid' | 'mode'>, user: Ids, bits: number): boolean {
  if (user.uid === 0) return true
  if (st.uid === user.uid) return (st.mode & (bits << 6)) === bits << 6
  if (st.gid === user.gid) return (st.mode & (bits << 3)) === bits << 3
  return (st.mode & bits) === bits
}

/** The warning for a workspace `user` cannot write, with the ways to fix it (never a chmod by us). */
export function unwritableWorkspaceWarning(
  dir: string,
  st: Pick<Stats, 'uid' | 'gid' | 'mode'>,
  user: Ids,
  who: string
): string {
  return (
    `warning: the workspace ${dir} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)}) ` +
    `is not writable by the ${who} ${user.uid}:${user.gid}, and nothing on the host is chmod'ed or ` +
    `chown'ed for it: steps that write there will fail. Fix: give the checkout to a non-root user ` +
    `(e.g. \`chown -R ${user.uid}:${user.gid} ${dir}\` in the workflow, or check out as that user), ` +
    `or set command_line_docker_user to its owner (uid 0 needs the workflow's root-user opt-in)`
  )
}

/** The warning when the workspace is not writable by `user`, or undefined. */
export async function checkWorkspaceWritable(
  dir: string,
  user: Ids,
  who: string
): Promise<string | undefined> {
  const st = await stat(dir)
  return allows(st, user, 0o7) ? undefined : unwritableWorkspaceWarning(dir, st, user, who)
}
