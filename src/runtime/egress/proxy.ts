// The host-side egress proxy, one per agent: HTTP (absolute-URI requests) and HTTPS by CONNECT
// (the tunnel is opaque: no TLS interception), on a Unix socket (docker: bind-mounted into a
// network-less container), a loopback TCP port, or no listener of its own (srt: the process-wide
// front hands it the connections that carry the agent's credential, see runtime/srt/network.ts).
// It resolves names
// itself with the runner's resolver (/etc/hosts applies), applies decide() to the name and to every
// resolved address, and dials an address that passed. The harness switches the step before each
// step runs; a step with egress off gets nothing through, and connections still open from an
// earlier step are cut when egress goes off.
//
// The proxy machinery is sandbox-runtime's (see srt-pieces.ts); this file is the glue: its name
// filter and its per-port lookup are ours, and plain-HTTP refusals are answered here so the 403's
// body carries our reason (the library's own plain-HTTP refusal body is a fixed sentence).
import { lookup as dnsLookup } from 'node:dns'
import { chmod, rm } from 'node:fs/promises'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import {
  createServer as createNetServer,
  isIP,
  type LookupFunction,
  type Server as NetServer,
  type Socket
} from 'node:net'
import { networkInterfaces } from 'node:os'
import type { EgressPolicy } from '../../lib/egress/config.js'
import { canonicalHost, decide, decideName } from './decide.js'
import { EgressLog } from './log.js'
import { HEALTH_PATH } from './sandbox.js'
import { gateConnection } from './socket-gate.js'
import {
  createHttpProxyServer,
  markHandedInConnection,
  ResolvedAddressDeniedError
} from '../../lib/egress/srt-pieces.js'
import type { EgressStep, Verdict } from '../../lib/egress/types.js'
import { upstreamFor, type UpstreamProxy } from './upstream.js'

export type ProxyListen = { socketPath: string } | { host: string; port: number }

/** Resolves a name to every address (the test seam; default: the runner's getaddrinfo). */
export type Resolve = (host: string) => Promise<string[]>

export interface EgressProxyOptions {
  policy: EgressPolicy
  /** Absent: no listener; connections arrive through accept(). */
  listen?: ProxyListen
  /**
   * Every request must carry it as the Basic proxy password (407 otherwise): with a shared front,
   * a connection handed in for one agent cannot switch to another agent's credential midway.
   */
  proxyAuthToken?: string
  /**
   * With a Unix socket listener: every connection must start with the relay's preamble carrying
   * this token (socket-gate.ts), so another local user connecting to the socket is refused.
   */
  relayToken?: string
  resolve?: Resolve
  /** This host's interface addresses, refused as destinations unless listed (default: os). */
  localAddresses?: () => string[]
  now?: () => Date
  /** One line per refusal, for the run log. */
  log?: (line: string) => void
  /**
   * The runner's own proxy (upstreamFromEnv()): allowed connections go through it, except
   * NO_PROXY and loopback destinations. Refusals stay this proxy's.
   */
  upstream?: UpstreamProxy
}

/** The header every answer the proxy writes itself carries, so a client can tell it from upstream. */
export const PROXY_HEADER = 'X-Massgen-Egress'

/** A refusal decided at dial time; the library answers it with 403 and this message. */
class EgressRefusal extends ResolvedAddressDeniedError {
  constructor(hostname: string, verdict: Verdict) {
    super(hostname, verdict.reason, verdict.addresses ?? [])
    this.message = verdict.reason
  }
}

const defaultResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address))
    )
  )

function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [i.address] : []))
}

export class EgressProxy {
  readonly events: EgressLog
  private step: EgressStep | undefined
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  /** Plain-HTTP requests this file already judged, so the library's filter does not count twice. */
  private readonly judged = new WeakMap<
    object,
    { key: string; step: EgressStep | undefined; https: boolean }
  >()
  private bound: ProxyListen | undefined
  /** The relay-token gate that owns the Unix socket, when there is one. */
  private gate: NetServer | undefined
  private readonly resolve: Resolve
  private readonly localAddresses: () => string[]

  private constructor(private readonly opts: EgressProxyOptions) {
    this.events = new EgressLog(opts.policy, opts.now)
    this.resolve = opts.resolve ?? defaultResolve
    this.localAddresses = opts.localAddresses ?? hostAddresses
    this.server = createHttpProxyServer({
      filter: (port, host, socket, _command, explain) => this.filter(port, host, socket, explain),
      lookupFor: (port) => this.lookupFor(port),
      denyHeader: PROXY_HEADER,
      requireAsciiHost: true,
      foldHopByHop: true,
      proxyAuthToken: opts.proxyAuthToken,
      parentProxy: opts.upstream
    })
    const [handler] = this.server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse
    ) => void)[]
    this.server.removeAllListeners('request')
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) =>
      this.onRequest(req, res, handler)
    )
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s)
      s.once('close', () => this.sockets.delete(s))
      flushBeforeDestroy(s)
    })
  }

  /** The policy this proxy decides by. */
  get policy(): EgressPolicy {
    return this.opts.policy
  }

  /** Starts listening; a Unix socket is made connectable by any uid (the sandbox's relay user). */
  static async start(opts: EgressProxyOptions): Promise<EgressProxy> {
    const proxy = new EgressProxy(opts)
    await proxy.listen()
    return proxy
  }

  /**
   * Serves a connection accepted elsewhere, whose bytes not yet parsed have been unshifted back
   * onto it. It is tracked like the proxy's own (cut when egress goes off, destroyed at stop).
   */
  accept(socket: Socket): void {
    markHandedInConnection(socket)
    this.server.emit('connection', socket)
    // A caller that paused it to unshift bytes: the server's listener is on now.
    socket.resume()
  }

  /** Where the proxy listens (the TCP port is the real one when 0 was asked for). */
  get endpoint(): ProxyListen {
    if (!this.bound) throw new Error('egress proxy is not listening')
    return this.bound
  }

  get currentStep(): EgressStep | undefined {
    return this.step
  }

  /**
   * Attributes what follows to `step` (undefined: outside any step, nothing goes through). When
   * egress is off from here on, connections still open (a tunnel a background process opened in
   * an earlier step) are cut, so "nothing gets through" holds for them too.
   */
  setStep(step: EgressStep | undefined): void {
    this.step = step ? { ...step } : undefined
    this.events.enterStep(this.step)
    if (!this.step?.egress) for (const s of this.sockets) destroyNow(s)
  }

  async stop(): Promise<void> {
    this.step = undefined
    const listener = this.gate ?? this.server
    const closed = this.bound
      ? new Promise<void>((resolve) => listener.close(() => resolve()))
      : Promise.resolve()
    for (const s of this.sockets) destroyNow(s)
    await closed
    if (this.bound && 'socketPath' in this.bound) await rm(this.bound.socketPath, { force: true })
  }

  private async listen(): Promise<void> {
    const target = this.opts.listen
    if (!target) return
    if ('socketPath' in target) await rm(target.socketPath, { force: true })
    const listener = 'socketPath' in target ? this.listenerFor(target) : this.server
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject)
      const done = () => {
        listener.off('error', reject)
        resolve()
      }
      if ('socketPath' in target) listener.listen(target.socketPath, done)
      else listener.listen(target.port, target.host, done)
    })
    if ('socketPath' in target) {
      await chmod(target.socketPath, 0o666)
      this.bound = { socketPath: target.socketPath }
    } else {
      const a = this.server.address()
      const port = typeof a === 'object' && a ? a.port : target.port
      this.bound = { host: target.host, port }
    }
  }

  /** The server that owns the socket: the HTTP server itself, or the relay-token gate before it. */
  private listenerFor(target: { socketPath: string }): Server | NetServer {
    const token = this.opts.relayToken
    if (!token) return this.server
    const gate = createNetServer({ allowHalfOpen: false, pauseOnConnect: false }, (socket) =>
      gateConnection(
        socket,
        token,
        (s) => this.accept(s),
        (why) => this.opts.log?.(`egress: ${why} on ${target.socketPath} was refused`)
      )
    )
    this.gate = gate
    return gate
  }

  private note(host: string, port: number, verdict: Verdict, outcome = verdict.allowed): void {
    this.events.record(host, port, outcome ? 'allowed' : 'refused', verdict)
    if (!outcome) this.opts.log?.(verdict.reason)
  }

  /**
   * The name half, for CONNECT and plain HTTP alike. An IP literal is judged whole here (nothing
   * resolves it later); a name's allowed outcome is recorded when it is resolved and dialled.
   */
  private judge(rawHost: string, port: number): Verdict & { host: string } {
    const host = canonicalHost(rawHost)
    if (!host) {
      const verdict = {
        allowed: false,
        rule: 'bad-host',
        reason: `egress refused: ${JSON.stringify(rawHost.slice(0, 100))} is not a host name`
      }
      this.note(rawHost.slice(0, 100), port, verdict)
      return { ...verdict, host: rawHost }
    }
    const verdict = isIP(host)
      ? decide(this.opts.policy, this.step, host, port, [host], this.localAddresses())
      : decideName(this.opts.policy, this.step, host, port)
    if (!verdict.allowed || isIP(host)) this.note(host, port, verdict)
    return { ...verdict, host }
  }

  private filter(
    port: number,
    host: string,
    socket: object,
    explain?: (reason: string) => void
  ): boolean | Promise<boolean> {
    const mark = this.judged.get(socket)
    this.judged.delete(socket)
    // Plain HTTP was judged a moment ago by onRequest, for this destination and in this very step;
    // anything without that mark is a CONNECT tunnel.
    const fresh = mark && mark.key === `${host}:${port}` && mark.step === this.step
    const verdict = fresh ? undefined : this.judge(host, port)
    if (verdict && !verdict.allowed) {
      explain?.(verdict.reason)
      return false
    }
    const canonical = verdict?.host ?? canonicalHost(host) ?? host
    if (!upstreamFor(this.opts.upstream, canonical, mark?.https ?? true)) return true
    return this.judgeForUpstream(canonical, port).then((v) => {
      if (!v.allowed) explain?.(v.reason)
      return v.allowed
    })
  }

  /**
   * A connection the upstream proxy will dial: the library resolves nothing then (lookupFor is
   * not asked), so the addresses are judged here, from the runner's resolver, and the allowed
   * outcome recorded. A name the runner cannot resolve (common behind a corporate proxy) is left
   * to the upstream's resolution, and the report says so.
   */
  private async judgeForUpstream(host: string, port: number): Promise<Verdict> {
    const step = this.step
    if (isIP(host)) return { allowed: true, rule: 'ip-literal', reason: '' }
    const byName = decideName(this.opts.policy, step, host, port)
    if (!byName.allowed) return byName
    let addresses: string[]
    try {
      addresses = await this.resolve(host)
    } catch {
      const verdict = {
        ...byName,
        rule: `${byName.rule}; via upstream proxy (not resolved on the runner)`
      }
      this.events.record(host, port, 'allowed', verdict)
      return verdict
    }
    const verdict = decide(this.opts.policy, step, host, port, addresses, this.localAddresses())
    if (!verdict.allowed) {
      this.note(host, port, verdict)
      return verdict
    }
    this.events.record(host, port, 'allowed', {
      ...verdict,
      rule: `${verdict.rule}; via upstream proxy`,
      addresses: undefined
    })
    return verdict
  }

  /** Plain HTTP: refusals answered here (with the reason), the rest handed to the library. */
  private onRequest(
    req: IncomingMessage,
    res: ServerResponse,
    handler: (req: IncomingMessage, res: ServerResponse) => void
  ): void {
    const raw = req.url ?? ''
    if (raw.startsWith('/')) {
      const health = raw === HEALTH_PATH
      res.writeHead(health ? 200 : 400, { 'Content-Type': 'text/plain', [PROXY_HEADER]: 'proxy' })
      res.end(
        health
          ? 'massgen-exec egress proxy\n'
          : 'massgen-exec egress proxy: send requests as an HTTP proxy client (absolute URI or CONNECT)\n'
      )
      return
    }
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return handler(req, res)
    }
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const verdict = this.judge(host, port)
    if (!verdict.allowed) {
      res.writeHead(403, { 'Content-Type': 'text/plain', [PROXY_HEADER]: verdict.rule })
      res.end(verdict.reason + '\n')
      return
    }
    this.judged.set(req.socket, {
      key: `${host}:${port}`,
      step: this.step,
      https: url.protocol === 'https:'
    })
    handler(req, res)
  }

  /**
   * The dial-time half: resolve once, judge the name again (the step may have changed since the
   * filter ran) and every address, and hand the dialler only addresses that passed.
   */
  private lookupFor(port: number): LookupFunction {
    return ((hostname: string, options: { all?: boolean; family?: number | string }, callback) => {
      const cb = callback as (
        err: NodeJS.ErrnoException | null,
        address: string | { address: string; family: number }[],
        family?: number
      ) => void
      const step = this.step
      const byName = decideName(this.opts.policy, step, hostname, port)
      if (!byName.allowed) {
        this.note(hostname, port, byName)
        cb(new EgressRefusal(hostname, byName), [])
        return
      }
      this.resolve(hostname).then(
        (addresses) => {
          const family =
            options.family === 6 || options.family === 'IPv6'
              ? 6
              : options.family === 4 || options.family === 'IPv4'
                ? 4
                : 0
          const candidates = family ? addresses.filter((a) => isIP(a) === family) : addresses
          const verdict = decide(
            this.opts.policy,
            step,
            hostname,
            port,
            candidates,
            this.localAddresses()
          )
          if (!verdict.allowed) {
            this.events.record(
              hostname,
              port,
              verdict.rule === 'unresolved' ? 'failed' : 'refused',
              verdict
            )
            this.opts.log?.(verdict.reason)
            cb(new EgressRefusal(hostname, verdict), [])
            return
          }
          this.events.record(hostname, port, 'allowed', { ...verdict, addresses: undefined })
          const kept = (verdict.addresses ?? []).map((a) => ({ address: a, family: isIP(a) }))
          if (options.all) cb(null, kept)
          else cb(null, kept[0].address, kept[0].family)
        },
        (err: NodeJS.ErrnoException) => {
          this.events.record(hostname, port, 'failed', {
            allowed: false,
            rule: 'unresolved',
            reason: `egress: ${hostname} did not resolve on the runner (${err.code ?? err.message})`
          })
          cb(err, [])
        }
      )
    }) as LookupFunction
  }
}

const immediateDestroy = new WeakMap<Socket, Socket['destroy']>()
/** How long a tunnel's last bytes may take to reach a client that has stopped reading. */
const FLUSH_BACKSTOP_MS = 30_000

/**
 * sandbox-runtime's CONNECT tunnel (0.0.83) destroys the client's socket as soon as the upstream
 * closes, which throws away what of the upstream's last bytes is still in that socket's write
 * buffer (seen: 12 KB missing from an 8 MB echo through the relay under load). A plain destroy()
 * after end() therefore waits for the buffer to drain ('finish'), with a backstop; a destroy with
 * an error, or before end(), is immediate as before. The proxy's own cuts use destroyNow().
 */
export function flushBeforeDestroy(s: Socket, backstopMs = FLUSH_BACKSTOP_MS): void {
  const destroy = s.destroy.bind(s) as Socket['destroy']
  immediateDestroy.set(s, destroy)
  s.destroy = ((err?: Error) => {
    if (err || s.destroyed || !s.writableEnded || s.writableFinished || s.writableLength === 0)
      return destroy(err)
    const timer = setTimeout(() => destroy(), backstopMs)
    timer.unref()
    s.once('finish', () => {
      clearTimeout(timer)
      destroy()
    })
    return s
  }) as Socket['destroy']
}

/** Destroys at once, buffered bytes or not (egress switched off, the proxy stopping). */
export function destroyNow(s: Socket): void {
  ;(immediateDestroy.get(s) ?? s.destroy.bind(s))()
}
