// The srt session's own mechanics (env, TMPDIR, caps, timeouts, per-step lists, refusal reports,
// file steps, clean close) over a fake backend that runs commands unsandboxed: no bubblewrap here.
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import {
  createSrtRuntime,
  sandboxUser,
  SRT_DEFAULTS,
  type SrtExecRequest
} from '../../../src/runtime/srt/index.js'
import type { SandboxBackend } from '../../../src/runtime/srt/manager.js'
import type { EgressStep, RefusedConnection, SrtEgress } from '../../../src/runtime/srt/network.js'
import { EnvironmentError } from '../../../src/errors.js'
import type { AgentSession } from '../../../src/runtime/types.js'

const root = mkdtempSync(join(tmpdir(), 'srt-unit-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

class FakeBackend implements SandboxBackend {
  readonly helperPaths = ['/helper']
  readonly version = 'fake'
  wraps = 0
  dones = 0
  lists = new Map<string, string[]>()
  registered: string[][] = []
  refused = new Map<string, RefusedConnection[]>()
  refuseNext?: RefusedConnection[]
  acquired = 0
  released = 0
  async wrap(command: string, _cwd: string, _fs: unknown, ids: { commandId: string }) {
    this.wraps++
    if (this.refuseNext) this.refused.set(ids.commandId, this.refuseNext)
    this.refuseNext = undefined
    return ['/bin/sh', '-c', command]
  }
  done() {
    this.dones++
  }
  registerStepList(id: string, list: string[]) {
    this.lists.set(id, list)
    this.registered.push(list)
  }
  unregisterStepList(id: string) {
    this.lists.delete(id)
  }
  refusals(id: string) {
    return this.refused.get(id) ?? []
  }
}

function agent(id: string, extra: Partial<AgentPlan> = {}): AgentPlan {
  const workspace = join(root, id)
  mkdirSync(workspace, { recursive: true })
  return {
    id,
    mode: 'srt',
    workspace,
    contextPaths: [],
    policy: { enableSudo: false, allowed: [], blocked: [] },
    maxOutputBytes: 1024 * 1024,
    steps: [],
    srt: { ...SRT_DEFAULTS },
    ...extra
  }
}

function runtime(fake: FakeBackend, egress?: SrtEgress, logs: string[] = []) {
  const rt = createSrtRuntime({
    egress,
    home: '/nonexistent-home',
    // Unsandboxed fake: commands as this process's user (the root drop is tested end to end).
    sandboxUser: null,
    backend: {
      acquire: async () => {
        fake.acquired++
        return fake
      },
      release: async () => {
        fake.released++
      }
    }
  })
  return (a: AgentPlan) => rt.start(a, { runId: 'r', outDir: root, log: (l) => logs.push(l) })
}

const req = (
  a: AgentPlan,
  command: string,
  over: Partial<SrtExecRequest> = {}
): SrtExecRequest => ({
  command,
  cwd: a.workspace,
  env: {},
  timeoutMs: 10_000,
  maxOutputBytes: 1024 * 1024,
  ...over
})

describe('srt session mechanics (fake backend)', () => {
  it('minimal environment with a private TMPDIR; the host environment stays out', async () => {
    process.env.SRT_UNIT_CANARY = 'leak'
    const fake = new FakeBackend()
    const a = agent('env')
    const s = await runtime(fake)(a)
    try {
      const r = await s.exec(
        req(a, 'echo "$TMPDIR|$SRT_UNIT_CANARY|$STEP"', { env: { STEP: 'x' } })
      )
      expect(r.stdout).toMatch(/^\/.*massgen-srt-env-[^|]+\|\|x\n$/)
      const tmp = r.stdout.split('|')[0]
      expect(existsSync(tmp)).toBe(true)
      await s.close()
      expect(existsSync(tmp)).toBe(false)
    } finally {
      delete process.env.SRT_UNIT_CANARY
      await s.close()
    }
    expect(fake.wraps).toBe(fake.dones)
    expect([fake.acquired, fake.released]).toEqual([1, 1])
    expect(s.info).toMatchObject({ mode: 'srt', limits: { network: 'none', memory: null } })
  })

  it('times out, kills the tree, caps output; every wrap is released once', async () => {
    const fake = new FakeBackend()
    const a = agent('timeout')
    const s = await runtime(fake)(a)
    try {
      const r = await s.exec(req(a, 'sleep 30 & setsid sleep 31 & sleep 32', { timeoutMs: 300 }))
      expect(r.timedOut).toBe(true)
      expect(r.note).toBeUndefined()
      const big = await s.exec(
        req(a, 'head -c 50000 /dev/zero | tr "\\0" y', { maxOutputBytes: 1000 })
      )
      expect(big.truncated).toBe(true)
      expect(big.stdout).toContain('[truncated: 49000 bytes dropped]')
    } finally {
      await s.close()
    }
    expect(fake.wraps).toBe(2)
    expect(fake.dones).toBe(2)
  })

  it('registers the step list under the command id, unregisters it after, reports refusals per step', async () => {
    const fake = new FakeBackend()
    const seen: { step: EgressStep; refused: RefusedConnection[] }[] = []
    const egress: SrtEgress = {
      decide: async () => ({ allow: false, rule: 'no' }),
      stepAllowList: (step) => (step.step === 'deps' ? ['pypi.org'] : []),
      onRefused: (step, refused) => seen.push({ step, refused })
    }
    const a = agent('lists')
    const s = await runtime(fake, egress)(a)
    try {
      await s.exec(req(a, 'true', { step: 'deps' }))
      fake.refuseNext = [{ host: 'evil.test', port: 443, reason: 'no', at: 'now' }]
      const r = await s.exec(req(a, 'exit 7', { step: 'tests' }))
      expect(r.exitCode).toBe(7)
      expect(r.note).toBe('network refused: evil.test:443')
    } finally {
      await s.close()
    }
    expect(fake.registered).toEqual([['pypi.org']])
    expect(fake.lists.size).toBe(0)
    expect(seen).toEqual([
      {
        step: { agentId: 'lists', step: 'tests' },
        refused: [expect.objectContaining({ host: 'evil.test' })]
      }
    ])
    expect(s.info.limits?.network).toBe('egress model')
  })

  it('write_file and read_file run through the backend, errors carry the shell message', async () => {
    const fake = new FakeBackend()
    const a = agent('files')
    const s = await runtime(fake)(a)
    try {
      await s.writeFile(join(a.workspace, 'd', "it's.txt"), 'one\ntwo\nthree\n')
      expect(readFileSync(join(a.workspace, 'd', "it's.txt"), 'utf8')).toBe('one\ntwo\nthree\n')
      expect(await s.readFile(join(a.workspace, 'd', "it's.txt"), 1, 1)).toBe('two\n')
      await expect(s.readFile(join(a.workspace, 'missing'), 1)).rejects.toThrow(
        /^read_file .*missing: cat: .*No such file/
      )
    } finally {
      await s.close()
    }
    expect(fake.wraps).toBe(fake.dones)
  })

  it('refuses an agent whose workspace lies in a secret store; reports keys it cannot apply', async () => {
    const fake = new FakeBackend()
    const start = runtime(fake)
    await expect(
      start({ ...agent('secret'), workspace: '/nonexistent-home/.aws/ws' })
    ).rejects.toBeInstanceOf(EnvironmentError)
    expect(fake.acquired).toBe(0)
    const logs: string[] = []
    const a = agent('notices', {
      srt: {
        ...SRT_DEFAULTS,
        networkAllowedDomains: ['pypi.org'],
        allowUnixSockets: ['/run/x.sock']
      }
    })
    const s: AgentSession = await runtime(fake, undefined, logs)(a)
    await s.close()
    expect(logs).toEqual([
      expect.stringMatching(
        /^\[notices\] command_line_srt_network_allowed_domains \(pypi\.org\) is not enforced yet/
      ),
      expect.stringMatching(
        /^\[notices\] command_line_srt_allow_unix_sockets is not applied on Linux/
      )
    ])
  })

  it('a root runner drops to 1000:1000; anyone else runs commands as itself', () => {
    expect(sandboxUser(0)).toMatchObject({ uid: 1000, gid: 1000 })
    expect(sandboxUser(1001)).toBeUndefined()
  })
})
