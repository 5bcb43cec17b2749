// The numeric `uid:gid` the sandboxes run commands as (command_line_docker_user, the image's
// default, the workspace's owner), and `nobody`: the uid the keepalive, the egress relay, the OOM
// reader and the isolation probes' marker process use, because the agent's `kill -9 -1` spares it.

/** A uid and gid pair (a docker `User`, an srt sandbox user, a file's owner). */
export interface Ids {
  uid: number
  gid: number
}

/** nobody:nogroup on Debian and in our image; never the agent's uid unless a config makes it so. */
export const NOBODY = '65534:65534'

/** The uid of a `uid[:gid]` string, or undefined when it does not start with a number. */
export function uidOf(user: string): number | undefined {
  const head = user.split(':')[0]
  return /^\d+$/.test(head) ? Number(head) : undefined
}

/**
 * `uid:gid` → Ids. A missing or non-numeric gid means the uid's own (`1000` is `1000:1000`), as
 * the engine does for a bare uid; a missing or non-numeric uid throws.
 */
export function parseUser(user: string): Ids {
  const uid = uidOf(user)
  if (uid === undefined) throw new Error(`docker user ${user} must be numeric uid:gid`)
  const gid = uidOf(user.split(':')[1] ?? '')
  return { uid, gid: gid ?? uid }
}

export function formatUser(ids: Ids): string {
  return `${ids.uid}:${ids.gid}`
}
