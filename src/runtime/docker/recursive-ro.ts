// Read-only binds that are read-only all the way down. The engine binds recursively (rbind), and
// before API 1.44 (Docker 25) `ReadOnly` makes only the top mount read-only: a filesystem mounted
// below a read-only path on the host (a tmpfs, another disk, an NFS share) stays writable in the
// container, and what is written there lands on the host. On API >= 1.44 the engine is asked for
// ReadOnlyForceRecursive, which it refuses where the kernel cannot (< 5.12) instead of falling back;
// on older engines every mount found below a read-only bind's source in this host's mount table
// (/proc/self/mountinfo, read in this process's mount namespace: the engine's own, for a local
// engine) is bound read-only at its place too. One that cannot be bound (not a file or directory
// this process can see) refuses the path, naming the mount.
import { readFileSync, realpathSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { EnvironmentError } from '../../errors.js'
import { isStrictlyInside } from '../../lib/paths.js'
import type { MountSpec } from './container-client.js'

export const MOUNTINFO = '/proc/self/mountinfo'

/** The mount points listed in a mountinfo text (field 5, octal escapes decoded). */
export function mountPoints(mountinfo: string): string[] {
  const points: string[] = []
  for (const line of mountinfo.split('\n')) {
    const f = line.split(' ')
    if (f.length < 5 || !f[4]) continue
    points.push(
      f[4].replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)))
    )
  }
  return points
}

/** "1.41" < "1.44" as numbers. */
export function apiAtLeast(version: string | undefined, wanted: string): boolean {
  if (!version) return false
  const [a, b] = version.split('.').map(Number)
  const [c, d] = wanted.split('.').map(Number)
  return a > c || (a === c && b >= d)
}

export interface RecursiveReadOnlyInput {
  mounts: MountSpec[]
  /** The engine's API version (DaemonVersion.ApiVersion). */
  apiVersion?: string
  /** The host's mount table (default: this process's /proc/self/mountinfo). */
  mountinfo?: string
  /** Whether a host path can be bound (default: it is a file or directory this process sees). */
  bindable?: (path: string) => boolean
}

/**
 * The mounts with every read-only bind made read-only recursively: the engine's option on API
 * >= 1.44, else an extra read-only bind for each host mount below one. Throws an
 * EnvironmentError naming a mount below a read-only path that cannot be bound.
 */
export function recursiveReadOnly(input: RecursiveReadOnlyInput): MountSpec[] {
  const { mounts } = input
  if (apiAtLeast(input.apiVersion, '1.44'))
    return mounts.map((m) =>
      m.Type === 'bind' && m.ReadOnly
        ? { ...m, BindOptions: { ...m.BindOptions, ReadOnlyForceRecursive: true } }
        : m
    )
  // The mount table names real paths: a bind's source is matched by its real path.
  const binds = mounts
    .filter((m) => m.Type === 'bind' && m.Source)
    .map((m) => ({ ...m, Source: realPath(m.Source!) }))
  if (!binds.some((m) => m.ReadOnly)) return mounts
  const table = input.mountinfo ?? readMountinfo()
  const bindable = input.bindable ?? isFileOrDirectory
  const targets = new Set(mounts.map((m) => m.Target))
  const extra: MountSpec[] = []
  for (const point of new Set(mountPoints(table))) {
    // The bind this mount point lies deepest in decides: below a writable one it stays writable.
    const holder = binds
      .filter((m) => isStrictlyInside(point, m.Source!))
      .sort((a, b) => b.Source!.length - a.Source!.length)[0]
    if (!holder?.ReadOnly) continue
    const target = join(holder.Target, relative(holder.Source!, point))
    if (targets.has(target)) continue
    if (!bindable(point))
      throw new EnvironmentError(
        `the read-only path ${holder.Source} has a mount below it, ${point}, that cannot be bound read-only (the engine API ${input.apiVersion ?? '?'} binds read-only non-recursively, so it would stay writable)`,
        `unmount ${point}, give a path without mounts below it, or use Docker 25+ (API 1.44), which binds read-only recursively`
      )
    targets.add(target)
    extra.push({ Type: 'bind', Source: point, Target: target, ReadOnly: true })
  }
  return [...mounts, ...extra]
}

/** The engine's refusal of ReadOnlyForceRecursive (kernel < 5.12) as an EnvironmentError. */
export function recursiveReadOnlyRefusal(e: unknown): EnvironmentError | undefined {
  const message = e instanceof Error ? e.message : String(e)
  if (!/recursive/i.test(message) || !/read-?only|readonly|rro/i.test(message)) return undefined
  return new EnvironmentError(
    `the engine cannot bind read-only paths recursively here: ${message.trim().split('\n')[0]}`,
    'recursively read-only binds need Linux 5.12+; give read-only paths without mounts below them on a newer kernel, or run on a newer host'
  )
}

function realPath(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return p
  }
}

function readMountinfo(): string {
  try {
    return readFileSync(MOUNTINFO, 'utf8')
  } catch {
    return ''
  }
}

function isFileOrDirectory(path: string): boolean {
  try {
    const s = statSync(path)
    return s.isDirectory() || s.isFile()
  } catch {
    return false
  }
}
