// The runner's own proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY): which destinations go through it,
// and the egress proxy chained to a recording upstream on loopback (names resolved by a fake
// resolver). The attack: an allowlisted name that resolves to the metadata address must be
// refused although the upstream, not this proxy, would dial it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, request, type Server } from 'node:http'
import { connect, createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import type { Socket } from 'node:net'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressProxy,
  upstreamFor,
  upstreamFromEnv,
  type EgressConfig,
  type ProxyListen,
  type UpstreamProxy
} from '../../../../src/runtime/egress/index.js'
import { describeUpstream } from '../../../../src/runtime/egress/upstream.js'

describe('upstreamFromEnv', () => {
  it('is undefined without proxy variables, and ignores an unparsable URL', () => {
    expect(upstreamFromEnv({})).toBeUndefined()
    expect(upstreamFromEnv({ NO_PROXY: 'x' })).toBeUndefined()
    expect(upstreamFromEnv({ HTTPS_PROXY: 'socks5://p:1080' })).toBeUndefined()
  })

  it('reads both cases, upper case first; HTTPS falls back to HTTP_PROXY; schemeless host:port', () => {
    const u = upstreamFromEnv({ https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })!
    expect(u.httpsUrl?.host).toBe('upper:2')
    expect(u.httpUrl).toBeUndefined()
    const v = upstreamFromEnv({ http_proxy: 'proxy.corp:3128' })!
    expect(v.httpsUrl?.href).toBe('http://proxy.corp:3128/')
    expect(v.httpUrl?.href).toBe('http://proxy.corp:3128/')
  })

  it('does not read this process environment for what the given one lacks', () => {
    const saved = process.env.HTTP_PROXY
    process.env.HTTP_PROXY = 'http://from-process:9'
    try {
      expect(upstreamFromEnv({ HTTPS_PROXY: 'http://given:1' })!.httpUrl).toBeUndefined()
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY
      else process.env.HTTP_PROXY = saved
    }
  })

  it('describes itself without the credentials in the URL', () => {
    const env = { HTTPS_PROXY: 'http://user:secret@proxy.corp:3128', NO_PROXY: '.corp' }
    const line = describeUpstream(upstreamFromEnv(env)!, env)
    expect(line).toContain('proxy.corp:3128')
    expect(line).toContain('NO_PROXY .corp')
    expect(line).not.toContain('secret')
  })
})

describe('upstreamFor (the NO_PROXY decision)', () => {
  const u = (NO_PROXY: string): UpstreamProxy =>
    upstreamFromEnv({ HTTPS_PROXY: 'http://up:1', HTTP_PROXY: 'http://up:2', NO_PROXY })!
  const via = (no: string, host: string, https = true) => upstreamFor(u(no), host, https)?.port

  it('sends everything through the upstream when NO_PROXY is empty, except loopback', () => {
    expect(via('', 'pypi.org')).toBe('1')
    expect(via('', 'pypi.org', false)).toBe('2')
    for (const h of ['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]'])
      expect(via('', h)).toBeUndefined()
  })

  it('matches names as suffixes on label boundaries, with or without a leading dot or *.', () => {
    for (const no of ['corp.example', '.corp.example', '*.corp.example']) {
      expect(via(no, 'git.corp.example')).toBeUndefined()
      expect(via(no, 'notcorp.example')).toBe('1')
    }
    expect(via('corp.example', 'corp.example')).toBeUndefined()
    expect(via('.corp.example', 'corp.example')).toBeUndefined()
  })

  it('matches case-insensitively, ignores ports and spaces, honours * and CIDRs', () => {
    expect(via(' Registry.Corp:8443 , other', 'registry.corp')).toBeUndefined()
    expect(via('*', 'anything.example')).toBeUndefined()
    expect(via('10.0.0.0/8', '10.1.2.3')).toBeUndefined()
    expect(via('10.0.0.0/8', '11.1.2.3')).toBe('1')
    expect(via('192.0.2.7', '192.0.2.7')).toBeUndefined()
  })

  it('plain HTTP goes direct when only HTTPS_PROXY is set (as curl)', () => {
    const only = upstreamFromEnv({ HTTPS_PROXY: 'http://up:1' })
    expect(upstreamFor(only, 'pypi.org', true)?.port).toBe('1')
    expect(upstreamFor(only, 'pypi.org', false)).toBeUndefined()
    expect(upstreamFor(undefined, 'pypi.org', true)).toBeUndefined()
  })
})

// --- the egress proxy chained to a recording upstream ---------------------------------------

let upstreamProxy: Server
let upPort: number
let echo: TcpServer
let echoPort: number
const seen: string[] = []
const sockets = new Set<Socket>()

beforeAll(async () => {
  upstreamProxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    res.end(`upstream proxy relayed ${req.url}`)
  })
  upstreamProxy.on('connect', (req, client: Socket) => {
    seen.push(`CONNECT ${req.url}`)
    sockets.add(client)
    const up = connect(echoPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      up.pipe(client)
      client.pipe(up)
    })
    sockets.add(up)
    up.on('error', () => client.destroy())
    client.on('error', () => up.destroy())
  })
  await new Promise<void>((r) => upstreamProxy.listen(0, '127.0.0.1', r))
  upPort = (upstreamProxy.address() as { port: number }).port
  echo = createTcpServer((s) => {
    sockets.add(s)
    s.on('error', () => undefined)
    s.pipe(s)
  })
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r))
  echoPort = (echo.address() as { port: number }).port
})

afterAll(async () => {
  for (const s of sockets) s.destroy()
  upstreamProxy.closeAllConnections()
  await new Promise((r) => upstreamProxy.close(r))
  await new Promise((r) => echo.close(r))
})

const running: EgressProxy[] = []
afterEach(async () => {
  seen.length = 0
  await Promise.all(running.splice(0).map((p) => p.stop()))
})

async function start(
  config: Partial<EgressConfig>,
  names: Record<string, string[]>,
  noProxy = ''
): Promise<{ proxy: EgressProxy; listen: ProxyListen }> {
  const proxy = await EgressProxy.start({
    policy: compileEgressPolicy({ ...emptyEgressConfig(), ...config }),
    listen: { host: '127.0.0.1', port: 0 },
    localAddresses: () => [],
    resolve: async (host) => {
      const a = names[host]
      if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
      return a
    },
    upstream: upstreamFromEnv({
      HTTPS_PROXY: `http://127.0.0.1:${upPort}`,
      HTTP_PROXY: `http://127.0.0.1:${upPort}`,
      NO_PROXY: noProxy
    })
  })
  running.push(proxy)
  proxy.setStep({ index: 0, name: 'deps', egress: true })
  return { proxy, listen: proxy.endpoint }
}

function tunnel(l: ProxyListen, authority: string): Promise<{ status: number; reason: string }> {
  if ('socketPath' in l) throw new Error('tcp only')
  return new Promise((resolve, reject) => {
    const req = request({ host: l.host, port: l.port, method: 'CONNECT', path: authority })
    req.on('connect', (res, socket) => {
      // Node reports every answer to a CONNECT here, refusals too.
      if (res.statusCode !== 200) {
        socket.destroy()
        return resolve({ status: res.statusCode!, reason: res.statusMessage ?? '' })
      }
      socket.write('ping')
      socket.once('data', (d) => {
        socket.destroy()
        resolve({ status: res.statusCode!, reason: String(d) })
      })
    })
    req.on('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode!, reason: res.statusMessage ?? '' })
    })
    req.on('error', reject)
    req.end()
  })
}

function get(l: ProxyListen, url: string): Promise<{ status: number; body: string }> {
  if ('socketPath' in l) throw new Error('tcp only')
  return new Promise((resolve, reject) => {
    const req = request({ host: l.host, port: l.port, path: url, agent: false })
    req.on('response', (res) => {
      let body = ''
      res.on('data', (d) => (body += String(d)))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('EgressProxy with an upstream proxy', () => {
  it('tunnels an allowed name through the upstream (CONNECT) and records it as such', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['pkg.corp.test'] },
      { 'pkg.corp.test': ['198.51.100.7'] }
    )
    const t = await tunnel(listen, 'pkg.corp.test:443')
    expect(t).toEqual({ status: 200, reason: 'ping' })
    expect(seen).toEqual(['CONNECT pkg.corp.test:443'])
    expect(proxy.events.steps()[0].destinations).toMatchObject([
      {
        host: 'pkg.corp.test',
        port: 443,
        outcome: 'allowed',
        rule: 'allowed_domains: pkg.corp.test; via upstream proxy'
      }
    ])
  })

  it('forwards plain HTTP by absolute URI through HTTP_PROXY', async () => {
    const { listen } = await start({ allowedDomains: ['pkg.corp.test'] }, {})
    const a = await get(listen, 'http://pkg.corp.test/simple/')
    expect(a).toEqual({ status: 200, body: 'upstream proxy relayed http://pkg.corp.test/simple/' })
    expect(seen).toEqual(['GET http://pkg.corp.test/simple/'])
  })

  it('leaves a name the runner cannot resolve to the upstream, and says so', async () => {
    const { proxy, listen } = await start({ allowedDomains: ['external.test'] }, {})
    expect((await tunnel(listen, 'external.test:443')).status).toBe(200)
    expect(proxy.events.steps()[0].destinations[0].rule).toBe(
      'allowed_domains: external.test; via upstream proxy (not resolved on the runner)'
    )
  })

  it('keeps refusals its own: a name off the list never reaches the upstream', async () => {
    const { listen } = await start({ allowedDomains: ['pkg.corp.test'] }, {})
    const t = await tunnel(listen, 'evil.test:443')
    expect(t.status).toBe(403)
    expect(t.reason).toContain('evil.test')
    expect((await get(listen, 'http://evil.test/')).status).toBe(403)
    expect(seen).toEqual([])
  })

  it('refuses an allowed name that resolves to the metadata address, upstream or not', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['*.rebind.test'] },
      { 'x.rebind.test': ['169.254.169.254'] }
    )
    const t = await tunnel(listen, 'x.rebind.test:80')
    expect(t.status).toBe(403)
    expect(t.reason).toContain('metadata')
    expect((await get(listen, 'http://x.rebind.test/latest/meta-data/')).status).toBe(403)
    expect(seen).toEqual([])
    expect(proxy.events.refused()[0]).toMatchObject({
      host: 'x.rebind.test',
      rule: 'address:metadata'
    })
  })

  it('dials NO_PROXY names itself, with the usual address rules', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['direct.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'direct.test': ['127.0.0.1'] },
      '.test'
    )
    expect(await tunnel(listen, `direct.test:${echoPort}`)).toEqual({ status: 200, reason: 'ping' })
    expect(seen).toEqual([])
    expect(proxy.events.steps()[0].destinations[0].rule).not.toContain('upstream')
  })

  it('gets nothing through in a step with egress off', async () => {
    const { proxy, listen } = await start({ allowedDomains: ['pkg.corp.test'] }, {})
    proxy.setStep({ index: 1, name: 'offline', egress: false })
    expect((await tunnel(listen, 'pkg.corp.test:443')).status).toBe(403)
    expect(seen).toEqual([])
  })
})
