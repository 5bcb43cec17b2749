// How srt sandboxes reach the network: through the shared egress model (runtime/egress), one
// EgressProxy per agent, behind one front per process.
//
// On Linux a sandbox has no network of its own (bubblewrap --unshare-net: loopback only); its only
// way out is sandbox-runtime's bridge: a socat in the sandbox on 127.0.0.1:3128 (and :1080), a
// Unix socket bound into it, a socat on the host that dials one TCP port. That port is fixed
// process-wide at SandboxManager.initialize() (`network.httpProxyPort`/`socksProxyPort`), and the
// library's own proxy (with per-command lists and an ask callback that gets only host and port)
// cannot tell agents apart nor report what it allowed. So the library starts no proxy of its own
// (both ports external, allowedDomains and deniedDomains empty) and its bridge ends here, at the
// front, which tells agents apart by a credential:
//
// - each srt agent with egress gets a random token and its own EgressProxy (its policy, its step,
//   its event log) that listens nowhere and requires that token on every request;
// - the session points the sandbox's proxy variables at http://srt:<token>@127.0.0.1:3128, so the
//   usual clients send `Proxy-Authorization: Basic` with it;
// - the front reads the head of a connection's first request, finds the proxy whose token it
//   carries and hands the connection over, unread bytes and all. A request without a known token
//   (an agent without egress, or variables changed by the agent) is refused here with 403.
//
// The token is an attribution, not the boundary: the topology is (no route but the bridge). A
// process that learns another agent's token (say, from a file that agent wrote its environment
// into) gets that agent's allowlist, never more than the config grants some agent.
import { createServer, type Server, type Socket } from 'node:net'
import { HEALTH_PATH, PROXY_HEADER, type EgressProxy } from '../egress/index.js'

/** The port sandbox-runtime's in-sandbox socat listens on for HTTP (a constant of the library). */
export const SANDBOX_PROXY_PORT = 3128
/** The Basic user name in the proxy URL (the library's own; only the password is checked). */
export const PROXY_USER = 'srt'
/** A request head larger than this is refused (431) before any agent sees it. */
const MAX_HEAD_BYTES = 64 * 1024
/** A client that sends no complete request head in this time is dropped. */
const HEAD_TIMEOUT_MS = 30_000

/** The variable the session passes the proxy URL in (kept out of the command line). */
export const PROXY_URL_VAR = 'MASSGEN_EGRESS_PROXY'

/**
 * Variables that point the usual clients at the proxy with the agent's credential, set again in
 * front of each command (sandbox-runtime sets them without one). Convenience only: unsetting them
 * opens nothing, it only makes requests fail.
 */
export const PROXY_URL_VARIABLES = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'http_proxy',
  'https_proxy',
  'ALL_PROXY',
  'all_proxy',
  'GRPC_PROXY',
  'grpc_proxy',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'YARN_HTTP_PROXY',
  'YARN_HTTPS_PROXY'
]

/** As in docker mode: only the sandbox's own loopback is reached directly. */
const NO_PROXY = 'localhost,127.0.0.1,::1'

export function proxyUrl(token: string): string {
  return `http://${PROXY_USER}:${token}@127.0.0.1:${SANDBOX_PROXY_PORT}`
}

/** One shell line run in the sandbox before the command: the variables from PROXY_URL_VAR. */
export function proxyExports(): string {
  const v = `"$${PROXY_URL_VAR}"`
  return (
    `export ${PROXY_URL_VARIABLES.map((n) => `${n}=${v}`).join(' ')} NODE_USE_ENV_PROXY=1 ` +
    // The library's list also names private ranges, which the allowlist may open.
    `NO_PROXY=${NO_PROXY} no_proxy=${NO_PROXY}; ` +
    `unset ${PROXY_URL_VAR};`
  )
}

export type FrontRoute =
  | { kind: 'health' }
  | { kind: 'agent'; token: string }
  | { kind: 'refuse'; status: number; rule: string; reason: string }

/** What the front does with a connection whose first request head is `head` (up to CRLFCRLF). */
export function routeRequest(head: string, known: (token: string) => boolean): FrontRoute {
  const [line = '', ...fields] = head.split('\r\n')
  const target = /^[A-Z]+ (\S+) HTTP\/\d(?:\.\d)?$/.exec(line)?.[1]
  if (!target)
    return {
      kind: 'refuse',
      status: 400,
      rule: 'bad-request',
      reason: 'massgen-exec egress proxy: not an HTTP proxy request'
    }
  if (target === HEALTH_PATH) return { kind: 'health' }
  for (const f of fields) {
    const m = /^proxy-authorization:[ \t]*basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(f)
    if (!m) continue
    const decoded = Buffer.from(m[1], 'base64').toString('utf8')
    const token = decoded.slice(decoded.indexOf(':') + 1)
    if (decoded.includes(':') && known(token)) return { kind: 'agent', token }
  }
  return {
    kind: 'refuse',
    status: 403,
    rule: 'no-credential',
    reason:
      'egress refused: the request carries no srt agent credential (an srt agent without ' +
      'command_line_egress has no network; with it, keep the proxy variables the sandbox sets)'
  }
}

/** The process-wide end of sandbox-runtime's bridge (see the top of this file). */
export class SrtEgressFront {
  private readonly agents = new Map<string, EgressProxy>()
  private readonly sockets = new Set<Socket>()

  private readonly server: Server = createServer((socket) => this.onConnection(socket))
  private bound = 0

  private constructor() {}

  static async start(): Promise<SrtEgressFront> {
    const front = new SrtEgressFront()
    const { server } = front
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const a = server.address()
    front.bound = typeof a === 'object' && a ? a.port : 0
    return front
  }

  /** The loopback port sandbox-runtime's bridge dials. */
  get port(): number {
    return this.bound
  }

  /** Routes requests carrying `token` to `proxy` until the returned function is called. */
  register(token: string, proxy: EgressProxy): () => void {
    this.agents.set(token, proxy)
    return () => {
      if (this.agents.get(token) === proxy) this.agents.delete(token)
    }
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const s of this.sockets) s.destroy()
    await closed
  }

  private onConnection(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('error', () => socket.destroy())
    let head = Buffer.alloc(0)
    const timer = setTimeout(() => socket.destroy(), HEAD_TIMEOUT_MS)
    const done = () => {
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('close', onClose)
    }
    const onClose = () => {
      done()
      this.sockets.delete(socket)
    }
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      // SOCKS (the library's in-sandbox :1080 bridges here too): no acceptable method / rejected.
      if (head[0] === 5 || head[0] === 4) {
        done()
        this.sockets.delete(socket)
        socket.end(Buffer.from(head[0] === 5 ? [5, 0xff] : [0, 0x5b, 0, 0, 0, 0, 0, 0]))
        return
      }
      const end = head.indexOf('\r\n\r\n')
      if (end < 0 && head.length <= MAX_HEAD_BYTES) return
      done()
      this.sockets.delete(socket)
      if (end < 0)
        return answer(
          socket,
          431,
          'bad-request',
          'massgen-exec egress proxy: request head too large'
        )
      const route = routeRequest(head.subarray(0, end).toString('latin1'), (t) =>
        this.agents.has(t)
      )
      if (route.kind === 'refuse') return answer(socket, route.status, route.rule, route.reason)
      if (route.kind === 'health') return answer(socket, 200, 'proxy', 'massgen-exec egress proxy')
      socket.pause()
      socket.unshift(head)
      this.agents.get(route.token)!.accept(socket)
    }
    socket.on('data', onData)
    socket.once('close', onClose)
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  403: 'Forbidden',
  431: 'Request Header Fields Too Large'
}

function answer(socket: Socket, status: number, rule: string, reason: string): void {
  const body = `${reason}\n`
  const text = STATUS_TEXT[status] ?? 'Error'
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\n${PROXY_HEADER}: ${rule}\r\n` +
      `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}
