// Probe 28 against a real egress proxy on a Unix socket (no Docker): with the relay token gate the
// host-side attempt is refused; the weakened twin (the same proxy without the gate, as before
// issue 24) lets another local process reach the allowlisted server, and the probe fails.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { egressSocketProbe, served } from '../../../../src/isolation/probes/egress-socket.js'
import type { ProbeContext } from '../../../../src/isolation/types.js'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressProxy,
  newRelayToken
} from '../../../../src/runtime/egress/index.js'

let server: Server
let port: number
const dirs: string[] = []

beforeAll(async () => {
  server = createServer((_req, res) => res.end('hello'))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as { port: number }).port
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function proxyIn(gated: boolean): Promise<{ dir: string; proxy: EgressProxy }> {
  const dir = mkdtempSync(join(tmpdir(), 'mgx-sock-'))
  dirs.push(dir)
  const proxy = await EgressProxy.start({
    policy: compileEgressPolicy({
      ...emptyEgressConfig(),
      allowedDomains: ['allowed.test'],
      allowedPrivateRanges: ['127.0.0.1/32']
    }),
    listen: { socketPath: join(dir, 'proxy.sock') },
    ...(gated ? { relayToken: newRelayToken() } : {}),
    localAddresses: () => [],
    resolve: async () => ['127.0.0.1']
  })
  proxy.setStep({ index: 0, egress: true })
  return { dir, proxy }
}

function ctx(dir: string, relayEnv = 'DENIED 42\n'): ProbeContext {
  return {
    egress: { fixture: { allowedName: 'allowed.test', port }, config: emptyEgressConfig() },
    inspect: async () => ({
      Mounts: [{ Type: 'bind', Source: dir, Destination: '/run/massgen-egress', RW: false }]
    }),
    agentExec: async () => ({ exitCode: 0, stdout: relayEnv, stderr: '' })
  } as unknown as ProbeContext
}

describe('probe 28 (egress socket)', () => {
  it('passes when the socket refuses a connection without the relay token', async () => {
    const { dir, proxy } = await proxyIn(true)
    try {
      const r = await egressSocketProbe.run(ctx(dir))
      expect(r.status).toBe('pass')
      expect(r.detail).toMatch(
        /refused connections without the relay token \(uid \d+: HTTP\/1\.1 403/
      )
    } finally {
      await proxy.stop()
    }
  })

  it('weakened: an ungated socket lets another local process through, and the probe fails', async () => {
    const { dir, proxy } = await proxyIn(false)
    try {
      const r = await egressSocketProbe.run(ctx(dir))
      expect(r.status).toBe('fail')
      expect(r.detail).toMatch(
        /on the host reached allowed\.test through the socket \(HTTP\/1\.1 200/
      )
    } finally {
      await proxy.stop()
    }
  })

  it('fails when the agent can read the relay token from /proc', async () => {
    const { dir, proxy } = await proxyIn(true)
    try {
      const r = await egressSocketProbe.run(ctx(dir, 'READ 42\n'))
      expect(r.status).toBe('fail')
      expect(r.detail).toMatch(/the agent read the relay's token from \/proc \(READ 42\)/)
    } finally {
      await proxy.stop()
    }
  })

  it('counts only a served answer as reached', () => {
    expect(served('HTTP/1.1 200 OK')).toBe(true)
    expect(served('HTTP/1.1 502 Bad Gateway')).toBe(true)
    expect(served('HTTP/1.1 403 Forbidden')).toBe(false)
    expect(served('')).toBe(false)
    expect(served('ERROR ECONNREFUSED')).toBe(false)
  })
})
