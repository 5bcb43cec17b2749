// The srt session's own mechanics (env, TMPDIR, caps, timeouts, egress per step through a real
// front and proxy, refusal notes, file steps, clean close) over a fake backend that runs commands
// unsandboxed: no bubblewrap here.
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../../src/config/types.js'
import { createServer, type Server } from 'node:http'
import { createSrtRuntime, sandboxUser, SRT_DEFAULTS } from '../../../../src/runtime/srt/index.js'
import type { SandboxBackend } from '../../../../src/runtime/srt/manager.js'
import { SANDBOX_PROXY_PORT, SrtEgressFront } from '../../../../src/runtime/srt/network.js'
import { emptyEgressConfig, type EgressProxy } from '../../../../src/runtime/egress/index.js'
import { EnvironmentError } from '../../../../src/errors.js'
import type { AgentSession, ExecRequest } from '../../../../src/runtime/types.js'
import { agentPlan } from '../../../helpers/plan.js'

const root = mkdtempSync(join(tmpdir(), 'srt-unit-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

class FakeBackend implements SandboxBackend {
  readonly helperPaths = ['/helper']
  readonly version = 'fake'
  wraps = 0
  dones = 0
  acquired = 0
  released = 0
  registered = new Map<string, EgressProxy>()
  /** A front of its own when given: the fake bridge is the proxy URL's port rewritten to it. */
  constructor(private readonly front?: SrtEgressFront) {}
  async wrap(command: string) {
    this.wraps++
    const bridge = this.front
      ? `MASSGEN_EGRESS_PROXY=$(printf %s "$MASSGEN_EGRESS_PROXY" | sed 's/:${SANDBOX_PROXY_PORT}$/:${this.front.port}/'); `
      : ''
    return ['/bin/sh', '-c', bridge + command]
  }
  done() {
    this.dones++
  }
  registerEgress(token: string, proxy: EgressProxy) {
    this.registered.set(token, proxy)
    const undo = this.front?.register(token, proxy)
    return () => {
      this.registered.delete(token)
      undo?.()
    }
  }
}

function agent(id: string, extra: Partial<AgentPlan> = {}): AgentPlan {
  const workspace = join(root, id)
  mkdirSync(workspace, { recursive: true })
  return agentPlan({ id, mode: 'srt', workspace, srt: { ...SRT_DEFAULTS }, ...extra })
}

function runtime(fake: FakeBackend, logs: string[] = []) {
  const rt = createSrtRuntime({
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

const req = (a: AgentPlan, command: string, over: Partial<ExecRequest> = {}): ExecRequest => ({
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

  it('egress: the proxy variables carry the agent credential; steps switch; refusals become a note and a report', async () => {
    const upstream: Server = createServer((_q, res) => res.end('up'))
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
    const port = (upstream.address() as { port: number }).port
    const front = await SrtEgressFront.start()
    const fake = new FakeBackend(front)
    const a = agent('egress', {
      egress: {
        ...emptyEgressConfig(),
        allowedDomains: ['127.0.0.1'],
        allowedPrivateRanges: ['127.0.0.1/32']
      }
    })
    const s = await runtime(fake)(a)
    const curl = (host: string) =>
      `curl -s --noproxy '' -o /dev/null -w '%{http_code}' http://${host}:${port}/`
    try {
      expect(fake.registered.size).toBe(1)
      const [token] = fake.registered.keys()
      const env = await s.exec(req(a, 'echo "$HTTPS_PROXY|${MASSGEN_EGRESS_PROXY:-unset}"'))
      expect(env.stdout).toBe(`http://srt:${token}@127.0.0.1:${front.port}|unset\n`)
      s.beginStep!({ index: 0, egress: true })
      expect((await s.exec(req(a, curl('127.0.0.1')))).stdout).toBe('200')
      const refused = await s.exec(req(a, `${curl('127.0.0.2')}; exit 7`))
      expect([refused.stdout, refused.exitCode]).toEqual(['403', 7])
      expect(refused.note).toBe(`network refused: 127.0.0.2:${port}`)
      s.beginStep!({ index: 1, name: 'tests', egress: false })
      const off = await s.exec(req(a, curl('127.0.0.1')))
      expect([off.stdout, off.note]).toEqual(['403', `network refused: 127.0.0.1:${port}`])
      // A later step has no note for an earlier step's refusals.
      s.beginStep!({ index: 2, egress: true })
      expect((await s.exec(req(a, curl('127.0.0.1')))).note).toBeUndefined()
      const report = s.egressReport!()!
      expect(
        report.steps.map((x) => [x.index, x.egress, x.destinations.map((d) => d.outcome)])
      ).toEqual([
        [0, true, ['allowed', 'refused']],
        [1, false, ['refused']],
        [2, true, ['allowed']]
      ])
      expect(s.info.limits?.network).toBe('egress allowlist')
    } finally {
      await s.close()
      await front.close()
      upstream.closeAllConnections()
      await new Promise((r) => upstream.close(r))
    }
    // Closed: unregistered from the front, the proxy stopped.
    expect(fake.registered.size).toBe(0)
  })

  it('egress: a refusal repeated in a step is logged once (as in docker mode)', async () => {
    const front = await SrtEgressFront.start()
    const fake = new FakeBackend(front)
    const logs: string[] = []
    const a = agent('egress-once', {
      egress: { ...emptyEgressConfig(), allowedDomains: ['x.test'] }
    })
    const s = await runtime(fake, logs)(a)
    const curl = `curl -s --noproxy '' -o /dev/null -w '%{http_code} ' http://127.0.0.9:9/`
    try {
      s.beginStep({ index: 0, egress: true })
      const r = await s.exec(req(a, `${curl}; ${curl}; ${curl}`))
      expect(r.stdout).toBe('403 403 403 ')
      expect(r.note).toBe('network refused: 127.0.0.9:9')
      expect(s.egressReport()!.steps[0].destinations.map((d) => [d.host, d.count])).toEqual([
        ['127.0.0.9', 3]
      ])
      expect(logs.filter((l) => l.includes('127.0.0.9'))).toHaveLength(1)
    } finally {
      await s.close()
      await front.close()
    }
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
      srt: { ...SRT_DEFAULTS, allowUnixSockets: ['/run/x.sock'] }
    })
    const s: AgentSession = await runtime(fake, logs)(a)
    await s.close()
    expect(logs).toEqual([
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
