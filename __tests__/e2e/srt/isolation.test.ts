// verify-isolation's srt probes against real srt sandboxes: a default config passes (or skips what
// does not apply, saying why); weakened ones fail the matching probes, so none passes vacuously.
import { afterAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, SrtConfig } from '../../../src/config/types.js'
import { SRT_DEFAULTS } from '../../../src/runtime/srt/index.js'
import type { SrtFilesystem } from '../../../src/runtime/srt/settings.js'
import {
  SRT_PROBE_LIST,
  verifySrtAgents,
  type SrtVerifyOptions
} from '../../../src/isolation/srt.js'
import type { AgentIsolation } from '../../../src/isolation/types.js'

const root = mkdtempSync(join(tmpdir(), 'srt-iso-'))
chmodSync(root, 0o755)
afterAll(() => rmSync(root, { recursive: true, force: true }))

function agent(
  id: string,
  srt: Partial<SrtConfig> = {},
  extra: Partial<AgentPlan> = {}
): AgentPlan {
  const workspace = join(root, id, 'ws')
  mkdirSync(workspace, { recursive: true })
  return {
    id,
    mode: 'srt',
    workspace,
    contextPaths: [],
    policy: { enableSudo: false, allowed: [], blocked: [] },
    maxOutputBytes: 1024 * 1024,
    steps: [],
    srt: { ...SRT_DEFAULTS, ...srt },
    ...extra
  }
}

async function verify(agents: AgentPlan[], selfTest: SrtVerifyOptions['selfTest'] = {}) {
  const canary = { name: 'MASSGEN_ISOLATION_CANARY', value: `canary-${Date.now()}` }
  process.env[canary.name] = canary.value
  const lines: string[] = []
  try {
    return await verifySrtAgents(agents, {
      runId: 'iso',
      outDir: join(root, 'out'),
      log: (l) => lines.push(l),
      canary,
      selfTest
    })
  } finally {
    delete process.env[canary.name]
  }
}

const statuses = (a: AgentIsolation) => Object.fromEntries(a.results.map((r) => [r.id, r.status]))
const detail = (a: AgentIsolation, id: string) => a.results.find((r) => r.id === id)?.detail ?? ''

describe('verify-isolation for srt agents', () => {
  it('a default config: every probe passes or is reported as not applicable', async () => {
    const denied = join(root, 'private')
    const ctxR = join(root, 'ctx-read')
    const ctxW = join(root, 'ctx-write')
    // World-writable: only the sandbox keeps the agent out of them.
    for (const d of [denied, ctxR, ctxW, join(ctxW, 'keep')]) {
      mkdirSync(d, { recursive: true })
      chmodSync(d, 0o777)
    }
    writeFileSync(join(ctxR, 'data.txt'), 'data\n')
    const a = agent(
      'confined',
      { denyRead: [denied] },
      {
        contextPaths: [
          { path: ctxR, permission: 'read', protectedPaths: [] },
          { path: ctxW, permission: 'write', protectedPaths: [join(ctxW, 'keep')] }
        ]
      }
    )
    const b = agent('strict', { readMode: 'strict' })
    const [ra, rb] = await verify([a, b])
    for (const r of [ra, rb]) {
      expect(r.error).toBeUndefined()
      expect(r.results.map((x) => x.number)).toEqual(SRT_PROBE_LIST.map((p) => p.number))
      const failed = r.results.filter((x) => x.status === 'fail')
      expect(failed.map((x) => `${x.id}: ${x.detail}`)).toEqual([])
      expect(statuses(r)['fork-bomb']).toBe('skip')
      expect(detail(r, 'fork-bomb')).toMatch(/no resource limits/)
    }
    expect(statuses(ra)['cross-agent']).toBe('pass')
  })

  it('weakened setups fail the matching probes', async () => {
    // As a non-root runner runs them (commands as this process's user), with a home the sandbox
    // user could read by permissions, so only the sandbox rules stand between.
    const home = join(root, 'home')
    mkdirSync(home, { mode: 0o755 })
    const asRunner = { home, runtime: { sandboxUser: null, home } }
    // read_mode open: the home directory is readable (a planted marker there leaks).
    const [open] = await verify([agent('open', { readMode: 'open' })], {
      ...asRunner,
      only: ['secret-reads']
    })
    expect(statuses(open)['secret-reads']).toBe('fail')
    expect(detail(open, 'secret-reads')).toMatch(/home directory.*read_mode open/)

    // Rules weakened under the probes: /tmp writable, ~/.ssh no longer hidden.
    const weaken = (fs: SrtFilesystem): SrtFilesystem => ({
      ...fs,
      allowWrite: [...fs.allowWrite, { path: '/tmp', literal: true }],
      denyRead: fs.denyRead.filter((e) => !(typeof e === 'object' && e.path.endsWith('/.ssh'))),
      allowRead: [...fs.allowRead, { path: join(home, '.ssh'), literal: true }]
    })
    const [weak] = await verify([agent('weak')], {
      home,
      runtime: { sandboxUser: null, home, weakenFilesystem: weaken },
      only: ['writes-outside', 'secret-reads']
    })
    expect(statuses(weak)['writes-outside']).toBe('fail')
    expect(detail(weak, 'writes-outside')).toMatch(/wrote into .*\/tmp/)
    expect(statuses(weak)['secret-reads']).toBe('fail')
    expect(detail(weak, 'secret-reads')).toMatch(/in ~\/\.ssh/)
  })
})
