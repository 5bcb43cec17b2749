// The agent's user follows the workspace's owner (never root), and nothing on the host is chmod'ed
// or chown'ed for it: docker's choice, srt's, the home helper's spec and the workspace a run
// creates for itself.
import { afterAll, describe, expect, it } from '@jest/globals'
import { chownSync, mkdtempSync, realpathSync, statSync } from 'node:fs'
import { chmod, chown, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import { prepareWorkspace } from '../../../src/run/plan.js'
import { dockerAgent } from '../../helpers/plan.js'
import { dockerDefaults } from '../../../src/runtime/docker/container-spec.js'
import { homeChownSpec } from '../../../src/runtime/docker/home-owner.js'
import { chooseAgentUser } from '../../../src/runtime/docker/host-access.js'
import { sandboxUser } from '../../../src/runtime/srt/index.js'
import {
  allows,
  checkWorkspaceWritable,
  followOwner
} from '../../../src/runtime/workspace-owner.js'

const root = process.geteuid?.() === 0
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})
function dir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-owner-')))
  dirs.push(d)
  return d
}
const image = { uid: 1000, gid: 1000 }

describe('the agent user follows the workspace owner', () => {
  it('takes a non-root owner, never root', () => {
    expect(followOwner({ uid: 1001, gid: 127 }, image)).toEqual({ uid: 1001, gid: 127 })
    expect(followOwner({ uid: 0, gid: 0 }, image)).toEqual(image)
    expect(followOwner({ uid: 0, gid: 1001 }, image)).toEqual(image)
  })

  it('judges write access by owner, group, then others', () => {
    const st = { uid: 1001, gid: 1001, mode: 0o40755 }
    expect(allows(st, { uid: 1001, gid: 1001 }, 0o7)).toBe(true)
    expect(allows(st, image, 0o7)).toBe(false)
    expect(allows(st, image, 0o5)).toBe(true)
    expect(allows({ ...st, mode: 0o40775 }, { uid: 5, gid: 1001 }, 0o7)).toBe(true)
  })

  const maybe = root ? it : it.skip
  maybe(
    'docker: the owner when not set, the config when set, a warning with the fix and no chmod when root owns it',
    async () => {
      const owned = dir()
      await chown(owned, 1001, 1001)
      const logs: string[] = []
      const cfg = dockerDefaults()
      expect(await chooseAgentUser(owned, cfg, (l) => logs.push(l))).toBe('1001:1001')
      expect(logs).toEqual([expect.stringContaining('container user 1001:1001')])
      // command_line_docker_user overrides; so do sudo and a writable root filesystem (no home volume).
      expect(
        await chooseAgentUser(owned, { ...cfg, user: '1002:1002', userExplicit: true }, () => {})
      ).toBe('1002:1002')
      expect(await chooseAgentUser(owned, { ...cfg, enableSudo: true }, () => {})).toBe('1000:1000')
      expect(await chooseAgentUser(owned, { ...cfg, readOnlyRootfs: false }, () => {})).toBe(
        '1000:1000'
      )

      const rootOwned = dir()
      await chmod(rootOwned, 0o755)
      const before = statSync(rootOwned)
      const warned: string[] = []
      expect(await chooseAgentUser(rootOwned, cfg, (l) => warned.push(l))).toBe('1000:1000')
      expect(warned.join('\n')).toMatch(
        /not writable by the container user 1000:1000.*chown -R 1000:1000.*command_line_docker_user/s
      )
      const after = statSync(rootOwned)
      expect([after.uid, after.gid, after.mode]).toEqual([before.uid, before.gid, before.mode])
    }
  )

  maybe(
    'srt: a root runner runs the sandbox as the owner, or 1000:1000 when root owns it',
    async () => {
      expect(sandboxUser(0, { uid: 1001, gid: 1001 })).toMatchObject({ uid: 1001, gid: 1001 })
      expect(sandboxUser(0, { uid: 0, gid: 0 })).toMatchObject({ uid: 1000, gid: 1000 })
      expect(sandboxUser(1001, { uid: 1001, gid: 1001 })).toBeUndefined()
      const d = dir()
      await chmod(d, 0o755)
      expect(await checkWorkspaceWritable(d, image, 'sandbox user')).toMatch(
        /sandbox user 1000:1000/
      )
      await chown(d, 1000, 1000)
      expect(await checkWorkspaceWritable(d, image, 'sandbox user')).toBeUndefined()
    }
  )

  maybe('a workspace the run creates is the agent’s; an existing one is left alone', async () => {
    const base = dir()
    const agent = (workspace: string): AgentPlan => dockerAgent({ workspace, maxOutputBytes: 1024 })
    await prepareWorkspace(agent(join(base, 'new', 'ws')))
    expect(statSync(join(base, 'new', 'ws')).uid).toBe(1000)
    expect(statSync(join(base, 'new')).uid).toBe(0)
    const existing = join(base, 'new')
    chownSync(existing, 0, 0)
    await prepareWorkspace(agent(existing))
    expect(statSync(existing).uid).toBe(0)
    await prepareWorkspace({ ...agent(join(base, 'local')), mode: 'local' })
    expect(statSync(join(base, 'local')).uid).toBe(0)
  })

  it('the home helper: root with CHOWN alone, no network, the home volume and nothing else', () => {
    const spec = homeChownSpec(
      { name: 'massgen-a-1', Image: 'img', Labels: { l: '1' }, HostConfig: {} },
      'vol123',
      { uid: 1001, gid: 127 }
    )
    expect(spec).toMatchObject({
      name: 'massgen-a-1-home',
      Image: 'img',
      Cmd: ['/bin/chown', '-R', '-h', '1001:127', '/home/massgen'],
      User: '0:0',
      Labels: { l: '1' },
      HostConfig: {
        Mounts: [{ Type: 'volume', Source: 'vol123', Target: '/home/massgen' }],
        NetworkMode: 'none',
        CapDrop: ['ALL'],
        CapAdd: ['CHOWN', 'DAC_READ_SEARCH'],
        SecurityOpt: ['no-new-privileges:true'],
        ReadonlyRootfs: true
      }
    })
  })
})
