// Who owns a container: the process that created it, named so that another process on the same
// host can tell for certain whether that owner is gone — host name, kernel boot id, pid, and the
// pid's start time (a pid alone is reused). A run killed with SIGKILL cannot clean up after itself;
// the next run (or `massgen-exec cleanup --stale`) removes its containers, and only those whose
// owner is provably dead on this host: never a live run's, never another host's.
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { LABEL_OWNER_BOOT, LABEL_OWNER_HOST, LABEL_OWNER_PID, LABEL_OWNER_START } from './labels.js'

export interface Owner {
  host: string
  bootId: string
  pid: number
  /** Start time of the pid in clock ticks since boot (/proc/<pid>/stat field 22); '' if unknown. */
  start: string
}

export interface ProcFs {
  read(path: string): string | undefined
}

const realProc: ProcFs = {
  read: (path) => {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
export function startTimeOf(pid: number, proc: ProcFs = realProc): string | undefined {
  const stat = proc.read(`/proc/${pid}/stat`)
  if (!stat) return undefined
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // rest[0] is field 3 (state); field 22 is rest[19].
  return rest[19]
}

export function currentOwner(proc: ProcFs = realProc): Owner {
  return {
    host: hostname(),
    bootId: (proc.read('/proc/sys/kernel/random/boot_id') ?? '').trim(),
    pid: process.pid,
    start: startTimeOf(process.pid, proc) ?? ''
  }
}

export function ownerLabels(o: Owner): Record<string, string> {
  return {
    [LABEL_OWNER_HOST]: o.host,
    [LABEL_OWNER_BOOT]: o.bootId,
    [LABEL_OWNER_PID]: String(o.pid),
    [LABEL_OWNER_START]: o.start
  }
}

/**
 * Whether the owner named by `labels` is certainly gone, judged from `me` (this process, this
 * host). Unknown (another host, missing labels, no boot id to compare) is "not gone".
 */
export function ownerIsGone(
  labels: Record<string, string>,
  me: Owner,
  proc: ProcFs = realProc
): boolean {
  const host = labels[LABEL_OWNER_HOST]
  const boot = labels[LABEL_OWNER_BOOT]
  const pid = Number(labels[LABEL_OWNER_PID])
  if (!host || host !== me.host || !boot || !me.bootId || !Number.isInteger(pid) || pid <= 0)
    return false
  // The machine rebooted since: every process of that boot is gone.
  if (boot !== me.bootId) return true
  if (pid === me.pid && labels[LABEL_OWNER_START] === me.start) return false
  const start = startTimeOf(pid, proc)
  if (start === undefined) return true
  // The pid is alive but it is another process (pid reuse) when its start time differs.
  return labels[LABEL_OWNER_START] !== '' && start !== labels[LABEL_OWNER_START]
}
