// The srt egress front on loopback: connections told apart by the credential in their first
// request and handed, unread bytes and all, to the agent's own EgressProxy (real proxies, a fake
// resolver, an upstream on 127.0.0.1); what it refuses itself; the variables set in the sandbox.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressProxy,
  HEALTH_PATH,
  type EgressConfig
} from '../../../../src/runtime/egress/index.js'
import {
  PROXY_URL_VAR,
  PROXY_URL_VARIABLES,
  proxyExports,
  proxyUrl,
  routeRequest,
  SrtEgressFront
} from '../../../../src/runtime/srt/network.js'

let upstream: Server
let upPort = 0

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = 0
    req.on('data', (c: Buffer) => (body += c.length))
    req.on('end', () =>
      res.end(
        `upstream saw ${req.method} ${req.url} body=${body} auth=${req.headers['proxy-authorization'] ?? '-'}`
      )
    )
  })
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
  upPort = (upstream.address() as { port: number }).port
})

afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((r) => upstream.close(r))
})

const basic = (token: string) => `Basic ${Buffer.from(`srt:${token}`).toString('base64')}`

describe('routeRequest', () => {
  const known = (t: string) => t === 'good'
  it('hands a request with a known credential to its agent, in any header spelling', () => {
    for (const h of ['Proxy-Authorization', 'proxy-authorization', 'PROXY-AUTHORIZATION'])
      expect(
        routeRequest(
          `CONNECT pypi.org:443 HTTP/1.1\r\nHost: pypi.org:443\r\n${h}: ${basic('good')}`,
          known
        )
      ).toEqual({ kind: 'agent', token: 'good' })
  })
  it('refuses without a credential, with an unknown one, or with a password-less one', () => {
    for (const auth of [
      '',
      `\r\nProxy-Authorization: ${basic('bad')}`,
      `\r\nProxy-Authorization: Basic ${Buffer.from('good').toString('base64')}`
    ])
      expect(
        routeRequest(`GET http://x.test/ HTTP/1.1\r\nHost: x.test${auth}`, known)
      ).toMatchObject({
        kind: 'refuse',
        status: 403,
        rule: 'no-credential'
      })
  })
  it('answers the health path itself and refuses what is not an HTTP request', () => {
    expect(routeRequest(`GET ${HEALTH_PATH} HTTP/1.1\r\nHost: x`, known)).toEqual({
      kind: 'health'
    })
    expect(routeRequest('SSH-2.0-OpenSSH_9.2', known)).toMatchObject({
      kind: 'refuse',
      status: 400
    })
  })
})

describe('the variables in the sandbox', () => {
  it('point every proxy variable at the URL with the credential, then drop the carrier', () => {
    const url = proxyUrl('t0k3n')
    expect(url).toBe('http://srt:t0k3n@127.0.0.1:3128')
    const out = execFileSync('/bin/sh', ['-c', `${proxyExports()} env`], {
      env: { PATH: process.env.PATH, [PROXY_URL_VAR]: url, HTTP_PROXY: 'http://localhost:3128' },
      encoding: 'utf8'
    })
    const env = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])
    )
    for (const v of PROXY_URL_VARIABLES) expect([v, env[v]]).toEqual([v, url])
    expect(env[PROXY_URL_VAR]).toBeUndefined()
    expect(env.NO_PROXY).toBe('localhost,127.0.0.1,::1')
  })
})

/** One raw exchange with the front: what it answered (head and body), as text. */
function exchange(port: number, requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1')
    let got = ''
    s.on('data', (c: Buffer) => (got += c.toString('latin1')))
    s.on('error', reject)
    s.on('close', () => resolve(got))
    // Each request alone, the next after an answer: keep-alive on one connection.
    let i = 0
    const next = () => {
      if (i === requests.length) return void setTimeout(() => s.end(), 200)
      s.write(requests[i++])
      setTimeout(next, 300)
    }
    next()
  })
}

describe('the front', () => {
  async function setup(configs: Partial<EgressConfig>[]) {
    const front = await SrtEgressFront.start()
    const proxies = await Promise.all(
      configs.map((c, i) =>
        EgressProxy.start({
          policy: compileEgressPolicy({ ...emptyEgressConfig(), ...c }),
          proxyAuthToken: `token-${i}`,
          localAddresses: () => [],
          resolve: async (h) => (h.endsWith('.test') ? ['127.0.0.1'] : [])
        })
      )
    )
    const undo = proxies.map((p, i) => front.register(`token-${i}`, p))
    proxies.forEach((p, i) => p.setStep({ index: i, egress: true }))
    return {
      front,
      proxies,
      undo,
      close: async () => {
        await front.close()
        await Promise.all(proxies.map((p) => p.stop()))
      }
    }
  }
  const get = (host: string, token?: string, body = '') =>
    `POST http://${host}:${upPort}/p HTTP/1.1\r\nHost: ${host}:${upPort}\r\n` +
    (token ? `Proxy-Authorization: ${basic(token)}\r\n` : '') +
    `Content-Length: ${body.length}\r\n\r\n${body}`

  it("sends each agent's requests to its own proxy, with the body that came with the head", async () => {
    const t = await setup([
      { allowedDomains: ['a.test'], allowedPrivateRanges: ['127.0.0.0/8'] },
      { allowedDomains: ['b.test'], allowedPrivateRanges: ['127.0.0.0/8'] }
    ])
    try {
      const body = 'x'.repeat(70_000)
      const a = await exchange(t.front.port, [get('a.test', 'token-0', body)])
      expect(a).toMatch(/^HTTP\/1\.1 200 /)
      // The credential is the proxy's: never forwarded upstream.
      expect(a).toContain('upstream saw POST /p body=70000 auth=-')
      const b = await exchange(t.front.port, [get('a.test', 'token-1')])
      expect(b).toMatch(/^HTTP\/1\.1 403 [^]*not-listed/)
      const seen = (p: EgressProxy) =>
        p.events.steps().flatMap((s) => s.destinations.map((d) => `${d.outcome} ${d.host}`))
      expect(seen(t.proxies[0])).toEqual(['allowed a.test'])
      expect(seen(t.proxies[1])).toEqual(['refused a.test'])
    } finally {
      await t.close()
    }
  })

  it('a connection handed to one agent cannot switch to another credential midway', async () => {
    const t = await setup([
      { allowedDomains: ['a.test'], allowedPrivateRanges: ['127.0.0.0/8'] },
      { allowedDomains: ['a.test'], allowedPrivateRanges: ['127.0.0.0/8'] }
    ])
    try {
      const out = await exchange(t.front.port, [get('a.test', 'token-0'), get('a.test', 'token-1')])
      expect(out.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 407'])
    } finally {
      await t.close()
    }
  })

  it('refuses requests without a credential, after unregistering, and SOCKS; answers health', async () => {
    const t = await setup([{ allowedDomains: ['a.test'], allowedPrivateRanges: ['127.0.0.0/8'] }])
    try {
      expect(await exchange(t.front.port, [get('a.test')])).toMatch(
        /^HTTP\/1\.1 403 Forbidden\r\n[^]*X-Massgen-Egress: no-credential[^]*an srt agent without command_line_egress has no network/
      )
      t.undo[0]()
      expect(await exchange(t.front.port, [get('a.test', 'token-0')])).toMatch(/^HTTP\/1\.1 403 /)
      const socks = await new Promise<Buffer>((resolve) => {
        const s = connect(t.front.port, '127.0.0.1', () => s.write(Buffer.from([5, 1, 0])))
        const parts: Buffer[] = []
        s.on('data', (c: Buffer) => parts.push(c))
        s.on('close', () => resolve(Buffer.concat(parts)))
      })
      expect([...socks]).toEqual([5, 0xff])
      expect(
        await exchange(t.front.port, [`GET ${HEALTH_PATH} HTTP/1.1\r\nHost: x\r\n\r\n`])
      ).toMatch(/^HTTP\/1\.1 200 OK[^]*massgen-exec egress proxy\n$/)
    } finally {
      await t.close()
    }
  })
})
