// OOM evidence for a step. The container's own cgroup counts kills: cgroup v1
// memory.oom_control and cgroup v2 memory.events both have an `oom_kill N` line. State.OOMKilled
// only covers the main process, so the counter (with the engine's `oom` events as a fallback) is
// what decides. The counter is read on the host's cgroup filesystem when the engine runs on this
// host (a file read, no round trip), else by an exec inside the container, where /sys/fs/cgroup is
// the container's cgroup.
import { readFile } from 'node:fs/promises'
import { isInside } from '../../lib/paths.js'
import type { ContainerClient } from './container-client.js'
import type { AgentContainer } from './agent-container.js'
import { harnessExec } from './exec.js'
import type { Journal } from './journal.js'
import { NOBODY } from '../../lib/user.js'

/**
 * Read inside the container when the host cannot: the v1 file, else the v2 one. Run as nobody
 * (the files are world-readable) by absolute path with a clean PATH: nothing of the agent's runs.
 */
export const OOM_COUNTER_CMD = [
  '/bin/sh',
  '-c',
  'cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events'
]
export function parseOomKillCount(text: string): number | undefined {
  const match = /^oom_kill\s+(\d+)\s*$/m.exec(text)
  return match ? Number(match[1]) : undefined
}

export interface CgroupRoots {
  /** Where /proc is; tests point it at a fake tree. */
  proc?: string
}

interface CgroupMount {
  /** The cgroup path mounted (field 4 of mountinfo), normally "/". */
  root: string
  mountPoint: string
  version: 1 | 2
  controllers: string[]
}

/** cgroup mounts of this process's mount namespace, from /proc/self/mountinfo. */
export function parseCgroupMounts(mountinfo: string): CgroupMount[] {
  const mounts: CgroupMount[] = []
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ')
    if (!right) continue
    const fields = left.split(' ')
    const [fsType, , superOptions = ''] = right.split(' ')
    const unescape = (s: string) =>
      s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)))
    const base = { root: unescape(fields[3] ?? ''), mountPoint: unescape(fields[4] ?? '') }
    if (fsType === 'cgroup2') mounts.push({ ...base, version: 2, controllers: [] })
    else if (fsType === 'cgroup')
      mounts.push({ ...base, version: 1, controllers: superOptions.split(',') })
  }
  return mounts
}

/**
 * The host file holding the container's OOM-kill counter, from its init process's cgroup
 * (/proc/<pid>/cgroup) and the host's cgroup mounts: the v1 memory controller's
 * memory.oom_control if the memory controller is on v1 (a `0::` line is present on v1 hosts too),
 * else v2's memory.events. Undefined whenever that cannot be established for certain: the engine
 * on another host or VM (the pid is not the container's, so its cgroup path does not name the
 * container), no permission, an unknown layout.
 */
export async function hostOomCounterFile(
  containerId: string,
  pid: number,
  roots: CgroupRoots = {}
): Promise<string | undefined> {
  const proc = roots.proc ?? '/proc'
  if (!Number.isInteger(pid) || pid <= 0 || !/^[0-9a-f]{64}$/.test(containerId)) return undefined
  const [cgroups, mountinfo] = await Promise.all([
    readFile(`${proc}/${pid}/cgroup`, 'utf8').catch(() => undefined),
    readFile(`${proc}/self/mountinfo`, 'utf8').catch(() => undefined)
  ])
  if (!cgroups || !mountinfo) return undefined
  const entries = cgroups
    .split('\n')
    .map((line) => /^(\d+):([^:]*):(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
  const v1 = entries.find((m) => m[1] !== '0' && m[2].split(',').includes('memory'))
  const v2 = entries.find((m) => m[1] === '0' && m[2] === '')
  const [version, path, file] = v1
    ? ([1, v1[3], 'memory.oom_control'] as const)
    : v2
      ? ([2, v2[3], 'memory.events'] as const)
      : [undefined, '', '']
  // The path must name this container (the pid could be another process's by the time we look).
  if (!version || !path.split('/').some((part) => part.includes(containerId))) return undefined
  const mounts = parseCgroupMounts(mountinfo).filter(
    (m) => m.version === version && (version === 2 || m.controllers.includes('memory'))
  )
  for (const m of mounts) {
    const root = m.root === '/' ? '' : m.root
    if (root && !isInside(path, root)) continue
    const candidate = `${m.mountPoint}${path.slice(root.length)}/${file}`
    const text = await readFile(candidate, 'utf8').catch(() => undefined)
    if (text !== undefined && parseOomKillCount(text) !== undefined) return candidate
  }
  return undefined
}

/** The counter in a host file found by hostOomCounterFile; undefined if it cannot be read. */
export async function readHostOomKills(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined)
  return text === undefined ? undefined : parseOomKillCount(text)
}

/**
 * Tells an OOM kill during a step from any other exit 137: the container cgroup's oom_kill counter
 * before and after (a host file read when the engine runs here, else an exec), and the engine's
 * `oom` events when neither can be read.
 */
export class OomWatch {
  /** The counter file on the host, per container id; null: read it by exec. */
  private hostFile?: { id: string; file: string | null }

  constructor(
    private readonly client: Pick<ContainerClient, 'sawOomEvent'>,
    private readonly container: AgentContainer,
    private readonly journal: Journal,
    private readonly roots?: CgroupRoots
  ) {}

  async count(): Promise<number | undefined> {
    const file = await this.counterFile()
    const onHost = file ? await readHostOomKills(file) : undefined
    if (onHost !== undefined) return onHost
    const r = await harnessExec(this.container.target(), {
      cmd: OOM_COUNTER_CMD,
      user: NOBODY,
      maxOutputBytes: 64 * 1024
    }).catch(() => undefined)
    return r && r.exitCode === 0 ? parseOomKillCount(r.stdout) : undefined
  }

  async happenedSince(startedAt: number, before: number | undefined): Promise<boolean> {
    const after = await this.count()
    if (before !== undefined && after !== undefined) return after > before
    return this.client.sawOomEvent(this.container.id, startedAt, Date.now()).catch(() => false)
  }

  /** Found once per container (its cgroup path does not change when it is restarted). */
  private async counterFile(): Promise<string | null> {
    const id = this.container.id
    if (this.hostFile?.id !== id) {
      const state = await this.container.inspect()
      // A stopped container has no cgroup to find: look again next time.
      if (!state?.State.Running) return null
      const file = await hostOomCounterFile(state.Id, state.State.Pid, this.roots)
      this.hostFile = { id, file: file ?? null }
      if (file) this.journal.note(`OOM counter read on the host: ${file}`)
    }
    return this.hostFile.file
  }
}
