// The network plug-in point of srt mode, proved with a stub decision function in place of the
// shared egress model: names served on 127.0.0.1 (mapped in /etc/hosts for the test, restored
// afterwards), one allowed and one refused; per-step lists switched without re-initialising; no
// route around the proxy. See src/runtime/srt/network.ts for the mechanism.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import {
  createSrtRuntime,
  SRT_DEFAULTS,
  type SrtExecRequest
} from '../../../src/runtime/srt/index.js'
import type {
  EgressStep,
  EgressTarget,
  RefusedConnection,
  SrtEgress
} from '../../../src/runtime/srt/network.js'

const HOSTS = '/etc/hosts'
const ALLOWED = 'allowed.srt.test'
const DENIED = 'denied.srt.test'
const root = mkdtempSync(join(tmpdir(), 'srt-net-'))
chmodSync(root, 0o755)
let originalHosts = ''
let server: Server
let port = 0

beforeAll(async () => {
  originalHosts = readFileSync(HOSTS, 'utf8')
  writeFileSync(
    HOSTS,
    `${originalHosts.replace(/\n?$/, '\n')}127.0.0.1 ${ALLOWED}\n127.0.0.1 ${DENIED}\n`
  )
  server = createServer((req, res) => res.end(`hello ${req.headers.host}\n`))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  writeFileSync(HOSTS, originalHosts)
  await new Promise((r) => server.close(r))
  rmSync(root, { recursive: true, force: true })
})

function agent(id: string): AgentPlan {
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
    srt: { ...SRT_DEFAULTS }
  }
}

/** The stub: allows one name (process-wide), per-step lists from a table, records everything. */
class StubEgress implements SrtEgress {
  asked: EgressTarget[] = []
  refused: { step: EgressStep; refused: RefusedConnection[] }[] = []
  stepLists = new Map<string, string[]>()
  constructor(
    private readonly allowName: string | undefined,
    readonly privateAddresses: string[]
  ) {}
  async decide(t: EgressTarget) {
    this.asked.push(t)
    return t.host === this.allowName
      ? { allow: true, rule: 'stub allows' }
      : { allow: false, rule: `stub refuses ${t.host}` }
  }
  stepAllowList(step: EgressStep): string[] {
    return this.stepLists.get(step.step) ?? []
  }
  onRefused(step: EgressStep, refused: RefusedConnection[]) {
    this.refused.push({ step, refused })
  }
}

const curl = (host: string, extra = '') =>
  `curl -sS -m 5 ${extra} -o - -w ' [%{http_code}]\\n' http://${host}:${port}/`

function req(a: AgentPlan, command: string, step: string): SrtExecRequest {
  return { command, cwd: a.workspace, env: {}, timeoutMs: 20_000, maxOutputBytes: 65536, step }
}

describe('srt network through an injected decision function', () => {
  it('the decider allows one name served on 127.0.0.1 and refuses another; refusals are attributed', async () => {
    const egress = new StubEgress(ALLOWED, [`127.0.0.1:${port}`])
    const a = agent('decide')
    const s = await createSrtRuntime({ egress }).start(a, {
      runId: 'r',
      outDir: root,
      log: () => {}
    })
    try {
      const ok = await s.exec(req(a, curl(ALLOWED), 'step 1'))
      expect(ok.stdout).toBe(`hello ${ALLOWED}:${port}\n [200]\n`)
      const no = await s.exec(req(a, curl(DENIED), 'step 2'))
      expect(no.stdout).toContain('[403]')
      expect(no.stdout).not.toContain('hello')
      expect(no.note).toBe(`network refused: ${DENIED}:${port}`)
      expect(egress.asked).toEqual([
        { host: ALLOWED, port },
        { host: DENIED, port }
      ])
      expect(
        egress.refused.map((r) => [r.step.step, r.refused.map((x) => x.host), r.refused[0].reason])
      ).toEqual([['step 2', [DENIED], `stub refuses ${DENIED}`]])
      // No way around the proxy: without the proxy variables, straight to the address, or DNS.
      const direct = await s.exec(
        req(
          a,
          `${curl(ALLOWED, "--noproxy '*'")}; ${curl('127.0.0.1')}; python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}), 3)" 2>&1 | tail -n 1; getent hosts github.com || echo no-dns; tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '`,
          'step 3'
        )
      )
      expect(direct.stdout).not.toContain('hello')
      expect(direct.stdout).toContain('no-dns')
      expect(direct.stdout.trim().split('\n').pop()).toBe('lo')
      expect(direct.stdout + direct.stderr).toMatch(
        /Network is unreachable|Connection refused|Couldn't connect/
      )
    } finally {
      await s.close()
    }
  })

  it('per-step lists switch without re-initialising: step 1 may reach a name, step 2 may not', async () => {
    const egress = new StubEgress(undefined, [`127.0.0.1:${port}`])
    egress.stepLists.set('deps', [DENIED])
    const a = agent('steps')
    const s = await createSrtRuntime({ egress }).start(a, {
      runId: 'r',
      outDir: root,
      log: () => {}
    })
    try {
      expect((await s.exec(req(a, curl(DENIED), 'deps'))).stdout).toContain('[200]')
      expect((await s.exec(req(a, curl(DENIED), 'tests'))).stdout).toContain('[403]')
      expect((await s.exec(req(a, curl(DENIED), 'deps'))).stdout).toContain('[200]')
      // The decider was asked only where no step list allowed.
      expect(egress.asked).toEqual([{ host: DENIED, port }])
    } finally {
      await s.close()
    }
  })

  it('without the private-address opt-in an allowed name that resolves to 127.0.0.1 is still refused', async () => {
    const egress = new StubEgress(ALLOWED, [])
    const a = agent('private')
    const s = await createSrtRuntime({ egress }).start(a, {
      runId: 'r',
      outDir: root,
      log: () => {}
    })
    try {
      const r = await s.exec(req(a, curl(ALLOWED), 'step 1'))
      expect(r.stdout).toContain('[403]')
      expect(egress.refused[0].refused[0].reason).toMatch(/loopback/)
    } finally {
      await s.close()
    }
  })

  it('the default (no egress model yet) refuses every destination', async () => {
    const a = agent('none')
    const s = await createSrtRuntime().start(a, { runId: 'r', outDir: root, log: () => {} })
    try {
      const r = await s.exec(req(a, curl(ALLOWED), 'step 1'))
      expect(r.stdout).toContain('[403]')
      expect(r.note).toBe(`network refused: ${ALLOWED}:${port}`)
    } finally {
      await s.close()
    }
  })
})
