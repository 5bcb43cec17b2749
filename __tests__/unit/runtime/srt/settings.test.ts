// srt filesystem rules derived from the plan (pure): no sandbox involved.
import { describe, expect, it } from '@jest/globals'
import type { AgentPlan, SrtConfig } from '../../../../src/config/types.js'
import { SRT_DEFAULTS } from '../../../../src/runtime/srt/index.js'
import { agentPlan } from '../../../helpers/plan.js'
import {
  buildFilesystem,
  entryPath,
  pathsInSecretStores,
  STRICT_BASELINE,
  type SrtFilesystem
} from '../../../../src/runtime/srt/settings.js'

const home = '/home/runner'
function plan(extra: Partial<AgentPlan> = {}): AgentPlan {
  return agentPlan({
    mode: 'srt',
    workspace: '/work/ws',
    contextPaths: [
      { path: '/work/ctx-w', permission: 'write', protectedPaths: ['/work/ctx-w/keep'] },
      { path: '/work/ctx-r', permission: 'read', protectedPaths: [] },
      { path: '/work/ws/vendor', permission: 'read', protectedPaths: [] }
    ],
    tempWorkspace: '/work/temp',
    maxOutputBytes: 1024,
    ...extra
  })
}
const build = (srt: Partial<SrtConfig> = {}, extra: Partial<AgentPlan> = {}): SrtFilesystem => {
  const agent = plan(extra)
  return buildFilesystem({
    agent,
    srt: { ...SRT_DEFAULTS, ...srt },
    home,
    tmpDir: srt.readOnly ? undefined : '/tmp/massgen-srt-a-x',
    helperPaths: ['/opt/action/dist/vendor/seccomp/x64']
  })
}
const paths = (xs: SrtFilesystem[keyof SrtFilesystem]) => xs.map(entryPath)

describe('srt filesystem rules', () => {
  it('writable: the workspace, write context paths and the private TMPDIR; nothing else', () => {
    const fs = build()
    expect(paths(fs.allowWrite)).toEqual(['/work/ws', '/work/ctx-w', '/tmp/massgen-srt-a-x'])
    // Protected paths, a read-only path nested in a writable one, and the library's shared
    // /tmp/claude are write-denied; read-only paths elsewhere are simply not writable.
    expect(paths(fs.denyWrite)).toEqual(['/work/ws/vendor', '/work/ctx-w/keep', '/tmp/claude'])
    expect(fs.allowWrite.every((e) => typeof e === 'object' && e.literal)).toBe(true)
  })

  it('read_only: nothing writable, not even a TMPDIR', () => {
    expect(build({ readOnly: true }).allowWrite).toEqual([])
  })

  it('secret stores are read-denied in every mode, and the library home log dirs with them', () => {
    for (const readMode of ['confined', 'strict', 'open'] as const) {
      const deny = paths(build({ readMode }).denyRead)
      for (const p of [`${home}/.ssh`, `${home}/.aws`, `${home}/.config/gcloud`, '/etc/shadow'])
        expect([readMode, deny.includes(p)]).toEqual([readMode, true])
      expect(deny).toContain(`${home}/.npm/_logs`)
    }
  })

  it('confined: $HOME hidden, the agent paths, the helper and allow_read re-allowed', () => {
    const fs = build({ allowRead: ['/srv/data', `${home}/.aws/config`], denyRead: ['/srv/x'] })
    expect(paths(fs.denyRead)[0]).toBe(home)
    expect(paths(fs.denyRead)).toContain('/srv/x')
    expect(paths(fs.allowRead)).toEqual([
      '/work/ws',
      '/work/ctx-w',
      '/work/ctx-r',
      '/work/ws/vendor',
      '/work/temp',
      '/tmp/massgen-srt-a-x',
      '/srv/data',
      '/opt/action/dist/vendor/seccomp/x64'
    ])
  })

  it('strict: / hidden, the baseline without /etc/hostname, /tmp or /home', () => {
    const fs = build({ readMode: 'strict' })
    expect(paths(fs.denyRead)[0]).toBe('/')
    const allow = paths(fs.allowRead)
    for (const p of ['/usr', '/etc/ld.so.cache', '/etc/ssl', '/work/ws']) expect(allow).toContain(p)
    for (const p of ['/etc', '/etc/hostname', '/tmp', '/home', '/root', '/var', '/run'])
      expect([p, allow.includes(p)]).toEqual([p, false])
    expect(STRICT_BASELINE).not.toContain('/etc/machine-id')
  })

  it('open: only the denies, the user allow_read kept for carving into them', () => {
    const fs = build({ readMode: 'open', allowRead: ['/srv/x/public'] })
    expect(paths(fs.denyRead)).not.toContain(home)
    expect(paths(fs.denyRead)).not.toContain('/')
    expect(paths(fs.allowRead)).toEqual(['/srv/x/public'])
  })

  it('finds agent paths inside a secret store (srt refuses to start them)', () => {
    expect(pathsInSecretStores(plan(), SRT_DEFAULTS, home)).toEqual([])
    expect(pathsInSecretStores(plan({ workspace: `${home}/.ssh/ws` }), SRT_DEFAULTS, home)).toEqual(
      [`${home}/.ssh/ws`]
    )
  })

  it('a name beginning with two dots inside a store is inside it (`~/.ssh/..x`, issue 24)', () => {
    // The old copy of the rule tested `!rel.startsWith('..')`, so these counted as outside.
    const ws = `${home}/.ssh/..x`
    expect(pathsInSecretStores(plan({ workspace: ws }), SRT_DEFAULTS, home)).toEqual([ws])
    const fs = build({ allowRead: [`${home}/.ssh/..keys`, '/srv/..data'] })
    expect(paths(fs.allowRead)).not.toContain(`${home}/.ssh/..keys`)
    expect(paths(fs.allowRead)).toContain('/srv/..data')
  })

  it("with a sandbox user: the runner's home hidden in every mode, both homes' secret stores too", () => {
    for (const readMode of ['confined', 'open'] as const) {
      const fs = buildFilesystem({
        agent: plan(),
        srt: { ...SRT_DEFAULTS, readMode },
        home: '/root',
        sandboxUserHome: '/home/u1000',
        tmpDir: '/tmp/t',
        helperPaths: []
      })
      const deny = paths(fs.denyRead)
      expect([readMode, deny.includes('/root'), deny.includes('/home/u1000/.ssh')]).toEqual([
        readMode,
        true,
        true
      ])
    }
  })
})
