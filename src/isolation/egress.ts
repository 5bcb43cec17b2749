// What verify-isolation sets up on the host for agents with command_line_egress: an HTTP server and
// a UDP listener of its own, and probe names that only the agents' egress proxies know. The
// proxies resolve through `resolve` here (passed to the docker runtime), so no /etc/hosts entry
// and no DNS record is needed on the runner:
//   allowed.<label>    → the server, on a loopback address of its own (127.x.y.z, never 127.0.0.1)
//   <class>.<label>    → metadata, link-local, private, loopback and unique-local addresses
//   denied-<label>     → the server too, but not in any list: a refusal can only be the name's
//   *.dns-<label>      → never to be resolved: a proxy that resolved it leaked a DNS query
// Each egress agent's list gets one entry more, `*.<label>:<port>`, and its private ranges the
// server's own /32: nothing else of the config changes.
import { randomBytes } from 'node:crypto'
import { lookup } from 'node:dns'
import { createSocket, type Socket as UdpSocket } from 'node:dgram'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AddressClass, EgressConfig, Resolve } from '../runtime/egress/index.js'

export interface EgressTarget {
  cls: AddressClass
  name: string
  address: string
}

export interface EgressFixture {
  /** `<hex>.massgen-probe.invalid`: the wildcard the agents' lists get. */
  label: string
  /** Answers 200 with `token` (through the proxy, or directly on any host address). */
  allowedName: string
  deniedName: string
  /** A fresh never-listed name under the DNS label, carrying `tag`. */
  dnsName(tag: string): string
  /** Names that resolve to addresses the proxy must refuse, one per class. */
  targets: EgressTarget[]
  /** The server's loopback address (what allowedName resolves to). */
  address: string
  port: number
  token: string
  /** The UDP listener (on every host address): whether a datagram carrying `tag` arrived. */
  udpPort: number
  udpSeen(tag: string): boolean
  /** Every name the proxies asked to resolve, in order. */
  resolved(): string[]
  resolve: Resolve
  /** The agent's config as verify runs it: the probe entry and the server's /32 added. */
  extend(config: EgressConfig): EgressConfig
  close(): Promise<void>
}

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    lookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address))
    )
  )

export async function startEgressFixture(): Promise<EgressFixture> {
  const hex = randomBytes(5).toString('hex')
  const label = `${hex}.massgen-probe.invalid`
  const token = `massgen-egress-probe-${randomBytes(8).toString('hex')}`
  const r = randomBytes(3)
  // Any 127/8 address reaches a server bound to 0.0.0.0; never .1, where the runner's own
  // loopback services are, so that listing this one /32 opens nothing else.
  const address = `127.${100 + (r[0] % 100)}.${r[1]}.${1 + (r[2] % 250)}`
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end(`${token}\n`)
  })
  server.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '0.0.0.0', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  const datagrams: Buffer[] = []
  const udp: UdpSocket = createSocket('udp4')
  udp.on('message', (msg) => {
    if (datagrams.length < 1000) datagrams.push(msg)
  })
  udp.on('error', () => undefined)
  await new Promise<void>((resolve) => udp.bind(0, '0.0.0.0', () => resolve()))
  const udpPort = udp.address().port

  const targets: EgressTarget[] = [
    { cls: 'metadata', name: `metadata.${label}`, address: '169.254.169.254' },
    { cls: 'metadata', name: `ecs-metadata.${label}`, address: '169.254.170.2' },
    { cls: 'link-local', name: `link-local.${label}`, address: '169.254.10.10' },
    { cls: 'private', name: `private-10.${label}`, address: '10.0.0.1' },
    { cls: 'private', name: `private-172.${label}`, address: '172.16.0.1' },
    { cls: 'private', name: `private-192.${label}`, address: '192.168.0.1' },
    { cls: 'loopback', name: `loopback.${label}`, address: '127.0.0.1' },
    { cls: 'unique-local', name: `unique-local.${label}`, address: 'fd00::1' }
  ]
  const allowedName = `allowed.${label}`
  const deniedName = `denied-${label}`
  const table = new Map<string, string>([
    [allowedName, address],
    [deniedName, address],
    ...targets.map((t): [string, string] => [t.name, t.address])
  ])
  const asked: string[] = []
  const resolve: Resolve = (host) => {
    if (asked.length < 10_000) asked.push(host)
    const mine = table.get(host.toLowerCase())
    if (mine) return Promise.resolve([mine])
    if (host.toLowerCase().endsWith(`.dns-${label}`)) return Promise.resolve([address]) // answered as a resolver would; the probe fails on the ask
    return systemResolve(host)
  }

  return {
    label,
    allowedName,
    deniedName,
    dnsName: (tag) => `${tag}.dns-${label}`,
    targets,
    address,
    port,
    token,
    udpPort,
    udpSeen: (tag) => datagrams.some((d) => d.includes(Buffer.from(tag))),
    resolved: () => [...asked],
    resolve,
    extend: (config) => ({
      ...config,
      allowedDomains: [...config.allowedDomains, `*.${label}:${port}`],
      allowedPrivateRanges: [...config.allowedPrivateRanges, `${address}/32`]
    }),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => udp.close(() => resolve()))
    }
  }
}
