// Finding a container's OOM-kill counter on the host's cgroup filesystem, against fake /proc and
// cgroup trees laid out as cgroup v1 (cgroupfs and systemd drivers), v2, and hosts where the
// engine is elsewhere.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  hostOomCounterFile,
  parseCgroupMounts,
  readHostOomKills
} from '../../../../src/runtime/docker/oom.js'

const ID = 'd3cf8e1afa2f14e57a72a6ec4b14e629597309282b0589df181a01e056bf3647'
const OTHER = 'aaaa8e1afa2f14e57a72a6ec4b14e629597309282b0589df181a01e056bf3647'
const PID = 4242
const tmp = mkdtempSync(join(tmpdir(), 'oom-host-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

let n = 0
/** A fake host: /proc/<PID>/cgroup, /proc/self/mountinfo (mount points under the tree) and files. */
function host(
  cgroup: string,
  mounts: string[],
  files: Record<string, string>
): { proc: string; root: string } {
  const root = join(tmp, `host${n++}`)
  const proc = join(root, 'proc')
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
  }
  write(join(proc, String(PID), 'cgroup'), cgroup)
  write(
    join(proc, 'self', 'mountinfo'),
    mounts.map((m) => m.replaceAll('@', root)).join('\n') + '\n'
  )
  for (const [path, text] of Object.entries(files)) write(join(root, path), text)
  return { proc, root }
}

const V1_MOUNTS = [
  '31 23 0:28 / @/sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / @/sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct',
  '35 31 0:32 / @/sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory'
]
const V1_OOM = 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n'
const V2_MOUNTS = ['30 23 0:27 / @/sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate']
const V2_EVENTS = 'low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n'

describe('hostOomCounterFile', () => {
  it('finds memory.oom_control on cgroup v1, although a 0:: line is present too', async () => {
    const { proc, root } = host(
      `4:memory:/docker/${ID}\n1:cpu,cpuacct:/docker/${ID}\n0::/docker/${ID}\n`,
      V1_MOUNTS,
      { [`sys/fs/cgroup/memory/docker/${ID}/memory.oom_control`]: V1_OOM }
    )
    const file = await hostOomCounterFile(ID, PID, { proc })
    expect(file).toBe(join(root, `sys/fs/cgroup/memory/docker/${ID}/memory.oom_control`))
    expect(await readHostOomKills(file!)).toBe(2)
  })

  it('finds memory.events on cgroup v2 under the systemd driver', async () => {
    const path = `/system.slice/docker-${ID}.scope`
    const { proc, root } = host(`0::${path}\n`, V2_MOUNTS, {
      [`sys/fs/cgroup${path}/memory.events`]: V2_EVENTS
    })
    const file = await hostOomCounterFile(ID, PID, { proc })
    expect(file).toBe(join(root, `sys/fs/cgroup${path}/memory.events`))
    expect(await readHostOomKills(file!)).toBe(1)
  })

  it('maps a cgroup mount whose root is not / (a nested hierarchy)', async () => {
    const { proc, root } = host(
      `0::/outer/docker/${ID}\n`,
      ['30 23 0:27 /outer @/sys/fs/cgroup rw - cgroup2 cgroup2 rw'],
      { [`sys/fs/cgroup/docker/${ID}/memory.events`]: V2_EVENTS }
    )
    expect(await hostOomCounterFile(ID, PID, { proc })).toBe(
      join(root, `sys/fs/cgroup/docker/${ID}/memory.events`)
    )
  })

  it('refuses a pid whose cgroup does not name the container (engine in a VM, pid reused)', async () => {
    const { proc } = host(`0::/docker/${OTHER}\n`, V2_MOUNTS, {
      [`sys/fs/cgroup/docker/${OTHER}/memory.events`]: V2_EVENTS
    })
    expect(await hostOomCounterFile(ID, PID, { proc })).toBeUndefined()
  })

  it('is undefined when the pid, the mount or the counter file is missing', async () => {
    const noFile = host(`4:memory:/docker/${ID}\n0::/docker/${ID}\n`, V1_MOUNTS, {})
    expect(await hostOomCounterFile(ID, PID, { proc: noFile.proc })).toBeUndefined()
    expect(await hostOomCounterFile(ID, PID + 1, { proc: noFile.proc })).toBeUndefined()
    // The memory controller on v1 but not mounted: the v2 line must not be taken instead.
    const unmounted = host(`4:memory:/docker/${ID}\n0::/docker/${ID}\n`, V2_MOUNTS, {
      [`sys/fs/cgroup/docker/${ID}/memory.events`]: V2_EVENTS
    })
    expect(await hostOomCounterFile(ID, PID, { proc: unmounted.proc })).toBeUndefined()
    const noCounter = host(`0::/docker/${ID}\n`, V2_MOUNTS, {
      [`sys/fs/cgroup/docker/${ID}/memory.events`]: 'low 0\n'
    })
    expect(await hostOomCounterFile(ID, PID, { proc: noCounter.proc })).toBeUndefined()
    expect(await hostOomCounterFile(ID, 0, { proc: noCounter.proc })).toBeUndefined()
    expect(await hostOomCounterFile('short', PID, { proc: noCounter.proc })).toBeUndefined()
  })
})

describe('parseCgroupMounts', () => {
  it('reads v1 controllers from the super options and v2 mounts, unescaping paths', () => {
    const mounts = parseCgroupMounts(
      [
        '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
        '30 23 0:27 / /my\\040cgroup rw shared:9 - cgroup2 cgroup2 rw',
        '22 1 0:21 / /proc rw - proc proc rw'
      ].join('\n')
    )
    expect(mounts).toEqual([
      { root: '/', mountPoint: '/sys/fs/cgroup/memory', version: 1, controllers: ['rw', 'memory'] },
      { root: '/', mountPoint: '/my cgroup', version: 2, controllers: [] }
    ])
  })
})
