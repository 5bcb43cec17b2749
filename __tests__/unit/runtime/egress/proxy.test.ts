// The egress proxy against loopback servers: names resolved by a fake resolver (so no /etc/hosts),
// upstreams on 127.0.0.1 (so the success cases need the private-range opt-in, as on a runner).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { request, createServer, type Server, type IncomingHttpHeaders } from 'node:http'
import {
  connect,
  createServer as createTcpServer,
  type Server as TcpServer,
  type Socket
} from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressProxy,
  HEALTH_PATH,
  type EgressConfig,
  type ProxyListen
} from '../../../../src/runtime/egress/index.js'

let upstream: Server
let upPort: number
let echo: TcpServer
let echoPort: number
const echoSockets = new Set<Socket>()
const dir = mkdtempSync(join(tmpdir(), 'mgx-egress-unit-'))
let seq = 0

beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end(`upstream saw ${req.method} ${req.url} host=${req.headers.host}`)
  })
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
  upPort = (upstream.address() as { port: number }).port
  echo = createTcpServer((s) => {
    echoSockets.add(s)
    s.on('close', () => echoSockets.delete(s))
    s.on('error', () => undefined)
    s.pipe(s)
  })
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r))
  echoPort = (echo.address() as { port: number }).port
})

afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((r) => upstream.close(r))
  for (const s of echoSockets) s.destroy()
  await new Promise((r) => echo.close(r))
  rmSync(dir, { recursive: true, force: true })
})

const running: EgressProxy[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()))
})

interface Started {
  proxy: EgressProxy
  listen: ProxyListen
  lookups: string[]
}

async function start(
  config: Partial<EgressConfig>,
  names: Record<string, string[]> = {},
  tcp = false
): Promise<Started> {
  const lookups: string[] = []
  const proxy = await EgressProxy.start({
    policy: compileEgressPolicy({ ...emptyEgressConfig(), ...config }),
    listen: tcp ? { host: '127.0.0.1', port: 0 } : { socketPath: join(dir, `p${seq++}.sock`) },
    localAddresses: () => [],
    resolve: async (host) => {
      lookups.push(host)
      const a = names[host]
      if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
      return a
    }
  })
  running.push(proxy)
  proxy.setStep({ index: 0, name: 'deps', egress: true })
  return { proxy, listen: proxy.endpoint, lookups }
}

const target = (l: ProxyListen) =>
  'socketPath' in l ? { socketPath: l.socketPath } : { host: l.host, port: l.port }

interface Answer {
  status: number
  statusMessage: string
  headers: IncomingHttpHeaders
  body: string
}

function get(l: ProxyListen, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({
      ...target(l),
      path: url,
      headers: { host: url.startsWith('/') ? 'proxy' : new URL(url).host },
      agent: false
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          body
        })
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** CONNECT authority; resolves with the status and, when 200, the tunnel. */
function tunnel(
  l: ProxyListen,
  authority: string
): Promise<{ status: number; statusMessage: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...target(l), method: 'CONNECT', path: authority, agent: false })
    req.on('connect', (res, socket, head) => {
      // Tunnel bytes that came with the status line: back onto the socket, where a reader sees them.
      if (head.length) socket.unshift(head)
      resolve({ status: res.statusCode!, statusMessage: res.statusMessage ?? '', socket })
    })
    req.on('response', (res) => {
      res.resume()
      resolve({
        status: res.statusCode!,
        statusMessage: res.statusMessage ?? '',
        socket: res.socket
      })
    })
    req.on('error', reject)
    req.end()
  })
}

function roundTrip(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (d) => resolve(String(d)))
    socket.once('error', reject)
    socket.write(text)
  })
}

const closed = (socket: Socket) =>
  new Promise<void>((r) => (socket.destroyed ? r() : socket.once('close', () => r())))

describe('EgressProxy', () => {
  it('relays plain HTTP to an allowlisted name and records it', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'allowed.test': ['127.0.0.1'] }
    )
    const a = await get(listen, `http://allowed.test:${upPort}/simple/pkg/?q=1`)
    expect(a.status).toBe(200)
    expect(a.body).toBe(`upstream saw GET /simple/pkg/?q=1 host=allowed.test:${upPort}`)
    const [row] = proxy.events.steps()[0].destinations
    expect(row).toMatchObject({
      host: 'allowed.test',
      port: upPort,
      outcome: 'allowed',
      rule: 'allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.1/32',
      count: 1
    })
  })

  it('answers a non-listed name with 403 and the reason, without resolving it', async () => {
    const { proxy, listen, lookups } = await start(
      { allowedDomains: ['allowed.test'] },
      { 'denied.test': ['127.0.0.1'] }
    )
    const a = await get(listen, `http://denied.test:${upPort}/`)
    expect(a.status).toBe(403)
    expect(a.headers['x-massgen-egress']).toBe('not-listed')
    expect(a.body).toContain(
      `egress refused: denied.test:${upPort} is not in command_line_egress.allowed_domains`
    )
    expect(a.body).toContain('step 1 ("deps")')
    expect(lookups).toEqual([])
    expect(proxy.events.refused()).toMatchObject([
      { host: 'denied.test', port: upPort, rule: 'not-listed', step: 0, stepName: 'deps' }
    ])
  })

  it('refuses an allowed name that resolves to loopback without allowed_private_ranges (HTTP and CONNECT)', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['allowed.test'] },
      { 'allowed.test': ['127.0.0.1'] }
    )
    const a = await get(listen, `http://allowed.test:${upPort}/`)
    expect(a.status).toBe(403)
    expect(a.body).toContain('allowed.test resolves to a loopback address')
    expect(a.body).not.toContain('127.0.0.1')
    const t = await tunnel(listen, `allowed.test:${echoPort}`)
    expect(t.status).toBe(403)
    expect(t.statusMessage).toContain('resolves to a loopback address')
    expect(proxy.events.refused()).toMatchObject([
      { host: 'allowed.test', port: upPort, rule: 'address:loopback', addresses: ['127.0.0.1'] },
      { host: 'allowed.test', port: echoPort, rule: 'address:loopback' }
    ])
  })

  it('refuses a name that resolves to the metadata address, and never dials it', async () => {
    const { listen } = await start(
      { allowedDomains: ['*.rebind.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'x.rebind.test': ['169.254.169.254'] }
    )
    const a = await get(listen, 'http://x.rebind.test/latest/meta-data/')
    expect(a.status).toBe(403)
    expect(a.body).toContain('resolves to a cloud metadata address')
  })

  it('resolves once per connection and dials an address that passed the check', async () => {
    // The first answer lists a refused address before an allowed one: only the allowed one is dialled.
    const { proxy, listen, lookups } = await start(
      { allowedDomains: ['mixed.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'mixed.test': ['10.0.0.1', '127.0.0.1'] }
    )
    const a = await get(listen, `http://mixed.test:${upPort}/`)
    expect(a.status).toBe(200)
    expect(lookups).toEqual(['mixed.test'])
    expect(proxy.events.steps()[0].destinations[0].outcome).toBe('allowed')
  })

  it('tunnels CONNECT to an allowlisted name opaquely and refuses others with the reason', async () => {
    const { listen } = await start(
      { allowedDomains: [`allowed.test:${echoPort}`], allowedPrivateRanges: ['127.0.0.0/8'] },
      { 'allowed.test': ['127.0.0.1'] }
    )
    const ok = await tunnel(listen, `allowed.test:${echoPort}`)
    expect(ok.status).toBe(200)
    expect(await roundTrip(ok.socket, '\x16\x03\x01 not-really-tls')).toBe(
      '\x16\x03\x01 not-really-tls'
    )
    ok.socket.destroy()
    const other = await tunnel(listen, `allowed.test:${upPort}`)
    expect(other.status).toBe(403)
    expect(other.statusMessage).toContain('is not in command_line_egress.allowed_domains')
  })

  it("delivers a tunnel's last bytes to a slow reader after the upstream has closed", async () => {
    // An upstream that sends everything and closes at once; a client that half-closes and reads in
    // small sips. When the upstream closes, the tail can still be in the proxy's write buffer.
    const size = 4 * 1024 * 1024
    const burst = createTcpServer((s) => {
      s.on('error', () => undefined)
      s.end(Buffer.alloc(size, 7))
    })
    await new Promise<void>((r) => burst.listen(0, '127.0.0.1', r))
    const port = (burst.address() as { port: number }).port
    const { listen } = await start(
      { allowedDomains: [`burst.test:${port}`], allowedPrivateRanges: ['127.0.0.0/8'] },
      { 'burst.test': ['127.0.0.1'] }
    )
    const got: number[] = []
    try {
      for (let round = 0; round < 10; round++) {
        const t = await tunnel(listen, `burst.test:${port}`)
        expect(t.status).toBe(200)
        t.socket.end()
        let n = 0
        await new Promise<void>((resolve) => {
          t.socket.on('data', (d: Buffer) => {
            n += d.length
            t.socket.pause()
            setTimeout(() => t.socket.resume(), 1)
          })
          t.socket.once('end', () => resolve())
          t.socket.once('close', () => resolve())
        })
        got.push(n)
      }
    } finally {
      await new Promise((r) => burst.close(r))
    }
    expect(got.filter((n) => n !== size)).toEqual([])
  })

  it('gets nothing through in a step with egress off, and cuts tunnels opened before', async () => {
    const { proxy, listen } = await start(
      { allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'allowed.test': ['127.0.0.1'] }
    )
    const t = await tunnel(listen, `allowed.test:${echoPort}`)
    expect(t.status).toBe(200)
    expect(await roundTrip(t.socket, 'ping')).toBe('ping')
    const upstreamsBefore = echoSockets.size
    expect(upstreamsBefore).toBeGreaterThan(0)
    proxy.setStep({ index: 1, name: 'tests', egress: false })
    await closed(t.socket)
    for (let i = 0; i < 50 && echoSockets.size > 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(echoSockets.size).toBe(0)
    const a = await get(listen, `http://allowed.test:${upPort}/`)
    expect(a.status).toBe(403)
    expect(a.body).toContain('step 2 ("tests") runs with egress: false')
    expect((await tunnel(listen, `allowed.test:${echoPort}`)).status).toBe(403)
    proxy.setStep(undefined)
    expect((await get(listen, `http://allowed.test:${upPort}/`)).body).toContain('outside any step')
    proxy.setStep({ index: 2, egress: true })
    expect((await get(listen, `http://allowed.test:${upPort}/`)).status).toBe(200)
    expect(
      proxy.events
        .steps()
        .map((s) => [s.index, s.egress, s.destinations.map((d) => `${d.outcome}:${d.rule}`)])
    ).toEqual([
      [0, true, ['allowed:allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.1/32']],
      [1, false, ['refused:egress-off', 'refused:egress-off']],
      [-1, false, ['refused:no-step']],
      [2, true, ['allowed:allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.1/32']]
    ])
  })

  it('judges IP literals by the list and the address rule', async () => {
    const { listen } = await start({ allowedDomains: ['127.0.0.1'] })
    expect((await get(listen, `http://127.0.0.1:${upPort}/`)).body).toContain(
      'resolves to a loopback address'
    )
    const { listen: l2, proxy } = await start({
      allowedDomains: ['127.0.0.1'],
      allowedPrivateRanges: ['127.0.0.1/32']
    })
    expect((await get(l2, `http://127.0.0.1:${upPort}/`)).status).toBe(200)
    expect((await get(l2, `http://0x7f.0.0.1:${upPort}/`)).status).toBe(200)
    expect((await tunnel(l2, `127.0.0.1:${echoPort}`)).status).toBe(200)
    expect((await get(l2, `http://127.0.0.2:${upPort}/`)).status).toBe(403)
    expect(proxy.events.steps()[0].destinations.map((d) => [d.host, d.outcome, d.count])).toEqual([
      ['127.0.0.1', 'allowed', 2],
      ['127.0.0.1', 'allowed', 1],
      ['127.0.0.2', 'refused', 1]
    ])
  })

  it('matches names canonically (case, trailing dot)', async () => {
    const { listen } = await start(
      { allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'allowed.test': ['127.0.0.1'] }
    )
    expect((await get(listen, `http://ALLOWED.test.:${upPort}/`)).status).toBe(200)
  })

  it('records a name that does not resolve as failed', async () => {
    const { proxy, listen } = await start({ allowedDomains: ['gone.test'] })
    const a = await get(listen, 'http://gone.test/')
    expect(a.status).toBe(502)
    expect(proxy.events.steps()[0].destinations[0]).toMatchObject({
      host: 'gone.test',
      outcome: 'failed',
      rule: 'unresolved'
    })
  })

  it('lets everything through in audit mode (addresses still checked) and proposes the list', async () => {
    const { proxy, listen } = await start(
      { audit: true, allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'a.test': ['127.0.0.1'], 'b.test': ['127.0.0.1'], 'meta.test': ['169.254.169.254'] }
    )
    expect((await get(listen, `http://a.test:${upPort}/`)).status).toBe(200)
    expect((await get(listen, `http://b.test:${upPort}/`)).status).toBe(200)
    expect((await get(listen, 'http://meta.test/')).status).toBe(403)
    const report = proxy.events.report()
    expect(report.mode).toBe('audit')
    expect(report.proposedAllowedDomains).toEqual([
      `a.test:${upPort}`,
      `b.test:${upPort}`,
      'meta.test'
    ])
  })

  it('answers its health path unrecorded, refuses origin-form requests and other protocols', async () => {
    const { proxy, listen } = await start({})
    const h = await get(listen, HEALTH_PATH)
    expect([h.status, h.body]).toEqual([200, 'massgen-exec egress proxy\n'])
    expect((await get(listen, '/elsewhere')).status).toBe(400)
    // A SOCKS5 greeting is not HTTP: the proxy answers 400 and relays nothing.
    const s = connect((listen as { socketPath: string }).socketPath)
    const answer = await roundTrip(s, '\x05\x01\x00')
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    s.destroy()
    expect(proxy.events.steps()[0].destinations).toEqual([])
  })

  it('listens on loopback TCP for sandboxes whose bridge dials TCP (srt)', async () => {
    const { listen } = await start(
      { allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.1/32'] },
      { 'allowed.test': ['127.0.0.1'] },
      true
    )
    expect(listen).toMatchObject({ host: '127.0.0.1' })
    expect((listen as { port: number }).port).toBeGreaterThan(0)
    expect((await get(listen, `http://allowed.test:${upPort}/`)).status).toBe(200)
  })
})
