// Probes 23–25: the egress allowlist seen from inside the sandbox, checked at application level.
// They need only the agent's plan, its session (to switch steps), a way to run a script as the
// agent and the host's listener, so they run against any sandbox whose proxy is reached through
// HTTP_PROXY (srt here; a docker agent with egress has the same variables). Readiness first: the
// proxy's health answer through HTTP_PROXY, so no refusal passes because nothing was listening.
// Every refusal must be the proxy's own (403 with its X-Massgen-Egress header), never a timeout.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { AgentPlan } from '../../config/types.js'
import {
  classifyAddress,
  compileEgressPolicy,
  HEALTH_PATH,
  type EgressConfig
} from '../../runtime/egress/index.js'
import { splitDomainPatternPort } from '../../runtime/egress/srt-pieces.js'
import type { AgentSession, ExecResult } from '../../runtime/types.js'
import { fail, list, pass, python, sh, skip, tagged } from '../outcome.js'
import type { HostFixture, ProbeOutcome } from '../types.js'

/**
 * The name every refusal probe asks for. An allowlist that contains it is a weakened setup and
 * fails probe 24 (`.test` never resolves, so nothing real is ever reached by it).
 */
export const DENIED_NAME = 'denied.massgen-isolation.test'

export interface EgressProbeContext {
  agent: AgentPlan
  session: AgentSession
  host: HostFixture
  agentExec(
    script: string,
    opts?: { timeoutMs?: number; maxOutputBytes?: number }
  ): Promise<ExecResult>
}

export interface EgressProbe {
  id: string
  number: number
  title: string
  run(ctx: EgressProbeContext): Promise<ProbeOutcome>
}

const NO_EGRESS =
  'no command_line_egress: the agent has no network at all (probe 4 shows it), nothing to allowlist'

/** One answer through the proxy: status, the CONNECT status, and the proxy's rule header. */
export interface ProxyAnswer {
  tag: string
  /** HTTP status of the request ("000": no answer). */
  code: string
  /** Status of the CONNECT (with `tunnel`), "000" otherwise. */
  connect: string
  /** X-Massgen-Egress, "-" when absent (an upstream answer). */
  rule: string
}

/** A shell function `ask TAG [curl args] URL` printing `ANSWER TAG code connect rule`. */
const ASK = [
  'ask() {',
  '  t=$1; shift; h=$(mktemp)',
  // Every destination through the proxy (the sandbox's NO_PROXY names loopback), unless the
  // call says otherwise (a later --noproxy wins).
  `  c=$(curl -s -m 10 --noproxy '' -o /dev/null -D "$h" -w '%{http_code} %{http_connect}' "$@" 2>/dev/null) || true`,
  `  r=$(grep -i '^x-massgen-egress:' "$h" | tail -n 1 | cut -d' ' -f2 | tr -d '\\r')`,
  '  echo "ANSWER $t ${c:-000 000} ${r:--}"; rm -f "$h"',
  '}'
].join('\n')

/** Readiness: the proxy answers its health path through HTTP_PROXY (the credential included). */
const READY = `if [ -z "\${HTTP_PROXY:-}" ]; then echo "READY none"; else ask ready --noproxy '*' "\${HTTP_PROXY%/}${HEALTH_PATH}"; fi`

export function answers(stdout: string): Map<string, ProxyAnswer> {
  const out = new Map<string, ProxyAnswer>()
  for (const l of tagged(stdout, 'ANSWER')) {
    const [tag, code = '000', connect = '000', rule = '-'] = l.split(' ')
    out.set(tag, { tag, code, connect, rule })
  }
  return out
}

/** Why the proxy's readiness check failed, or undefined when it answered. */
function notReady(stdout: string, a: Map<string, ProxyAnswer>): string | undefined {
  if (stdout.includes('NOCURL')) return 'curl is not available in the sandbox'
  if (tagged(stdout, 'READY').includes('none')) return 'HTTP_PROXY is not set in the sandbox'
  const r = a.get('ready')
  if (r?.code !== '200' || r.rule !== 'proxy')
    return `the proxy did not answer its health check (${r?.code ?? 'no answer'}), so a refusal would prove nothing`
  return undefined
}

/** A refusal by the proxy itself: 403 with its header (plain HTTP) or a refused CONNECT. */
export function refusedByProxy(a: ProxyAnswer | undefined, tunnel = false): boolean {
  if (!a) return false
  if (tunnel) return a.connect === '403' && a.rule !== '-'
  return a.code === '403' && a.rule !== '-'
}

function describe(a: ProxyAnswer | undefined, tunnel = false): string {
  if (!a) return 'no answer'
  const code = tunnel ? a.connect : a.code
  if (code === '000') return 'no answer (the connection failed)'
  return `${code}${a.rule !== '-' ? ` (${a.rule})` : ' from upstream'}`
}

async function script(
  ctx: EgressProbeContext,
  lines: string[],
  timeoutMs = 120_000
): Promise<{ r: ExecResult; a: Map<string, ProxyAnswer>; problem?: string }> {
  const r = await ctx.agentExec(
    [
      'command -v curl >/dev/null || { echo NOCURL; echo DONE; exit 0; }',
      ASK,
      READY,
      ...lines,
      'echo DONE'
    ].join('\n'),
    { timeoutMs }
  )
  const a = answers(r.stdout)
  if (!r.stdout.includes('DONE'))
    return { r, a, problem: `the attempts did not complete (exit ${r.exitCode})` }
  return { r, a, problem: notReady(r.stdout, a) }
}

/** Exact names (and IP literals) of the allowlist with the ports to try, in list order. */
export function reachableCandidates(
  config: EgressConfig,
  max = 4
): { host: string; port: number }[] {
  const out: { host: string; port: number }[] = []
  for (const rule of compileEgressPolicy(config).rules) {
    const { hostPattern, port } = splitDomainPatternPort(rule.entry)
    if (hostPattern.includes('*') || hostPattern === DENIED_NAME) continue
    for (const p of port ? [port] : [443, 80]) out.push({ host: hostPattern, port: p })
    if (out.length >= max) break
  }
  return out
}

const url = (host: string, port: number) =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}/`

export const allowlistProbe: EgressProbe = {
  id: 'egress-allowlist',
  number: 23,
  title:
    'egress: an allowlisted destination is reachable through the proxy, and nothing is in a step with egress: false',
  async run(ctx) {
    const cfg = ctx.agent.egress
    if (!cfg) return skip(NO_EGRESS)
    const candidates = reachableCandidates(cfg)
    const tries = candidates.map((c, i) => `ask c${i} -p ${sh(url(c.host, c.port))}`)
    const on = await script(ctx, tries)
    if (on.problem) return fail(on.problem)
    const reached = candidates.filter((_, i) => on.a.get(`c${i}`)?.connect === '200')
    const refused = candidates.filter((_, i) => refusedByProxy(on.a.get(`c${i}`), true))
    // A step with egress off: the same destinations, and the denied name, all refused.
    const index = allowlistProbe.number - 1
    ctx.session.beginStep?.({ index, name: `${allowlistProbe.id} (egress: false)`, egress: false })
    let off
    try {
      off = await script(ctx, [
        ...candidates.map((c, i) => `ask o${i} ${sh(url(c.host, c.port))}`),
        `ask od ${sh(url(DENIED_NAME, 80))}`
      ])
    } finally {
      ctx.session.beginStep?.({ index, name: allowlistProbe.id, egress: true })
    }
    if (off.problem) return fail(`with egress: false: ${off.problem}`)
    const through = [...candidates.map((_, i) => `o${i}`), 'od'].filter(
      (t) => !(refusedByProxy(off.a.get(t)) && off.a.get(t)?.rule === 'egress-off')
    )
    const problems: string[] = []
    if (refused.length)
      problems.push(
        `allowlisted but refused by the proxy: ${list(refused.map((c) => `${c.host}:${c.port}`))}`
      )
    if (through.length)
      problems.push(
        `with egress: false not refused as egress-off: ${list(
          through.map((t) => {
            const i = t === 'od' ? -1 : Number(t.slice(1))
            const c = i < 0 ? { host: DENIED_NAME, port: 80 } : candidates[i]
            return `${c.host}:${c.port} → ${describe(off.a.get(t))}`
          })
        )}`
      )
    if (problems.length) return fail(list(problems))
    const offLine = `with egress: false all ${candidates.length + 1} refused (egress-off)`
    if (!reached.length)
      return skip(
        candidates.length
          ? `no allowlisted destination answered from this runner (${list(
              candidates.map((c, i) => `${c.host}:${c.port} ${describe(on.a.get(`c${i}`), true)}`)
            )}); ${offLine}`
          : `the allowlist has no exact name to try${cfg.audit ? ' (audit mode)' : ''}; ${offLine}`
      )
    return pass(
      `reached ${list(reached.map((c) => `${c.host}:${c.port}`))} through the proxy (CONNECT 200); ${offLine}`
    )
  }
}

// Raw TCP to the host's listener, and a DNS query straight to the runner's nameservers (UDP): a
// sandbox without a route gets an error at once; a sent datagram is a way out.
const CONNECT_RAW = `
import socket, sys
port = int(sys.argv[1])
for host in sys.argv[2:]:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect((host, port))
        print('RAW reached', host)
    except OSError as e:
        print('RAW refused', host, e.__class__.__name__)
    finally:
        s.close()
try:
    servers = [l.split()[1] for l in open('/etc/resolv.conf') if l.startswith('nameserver')]
except OSError:
    servers = []
query = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x06github\\x03com\\x00\\x00\\x01\\x00\\x01'
for ns in (servers or ['8.8.8.8'])[:3]:
    u = socket.socket(socket.AF_INET6 if ':' in ns else socket.AF_INET, socket.SOCK_DGRAM)
    try:
        u.sendto(query, (ns, 53))
        print('UDP sent', ns)
    except OSError as e:
        print('UDP refused', ns, e.__class__.__name__)
    finally:
        u.close()
`

export const refusalsProbe: EgressProbe = {
  id: 'egress-refusals',
  number: 24,
  title: `egress: a name not on the list (${DENIED_NAME}) is refused by the proxy over HTTP and CONNECT; no way out around it (no proxy variables, raw IP, DNS)`,
  async run(ctx) {
    const cfg = ctx.agent.egress
    if (!cfg) return skip(NO_EGRESS)
    const { port, addresses } = ctx.host.listener
    const raw = ['127.0.0.1', ...addresses]
    const res = await script(ctx, [
      `ask http ${sh(url(DENIED_NAME, 80))}`,
      `ask tunnel -p ${sh(url(DENIED_NAME, 443))}`,
      `ask ip ${sh(url(addresses[0] ?? '192.0.2.1', port))}`,
      // Around the proxy: no variables, a raw connection, the resolver.
      `ask direct --noproxy '*' ${sh(url(DENIED_NAME, 80))}`,
      python(CONNECT_RAW, [String(port), ...raw]),
      'if timeout 5 getent ahosts github.com >/dev/null 2>&1; then echo "DNS resolves github.com"; fi'
    ])
    if (res.problem) return fail(res.problem)
    const problems: string[] = []
    const http = res.a.get('http')
    const tunnel = res.a.get('tunnel')
    if (cfg.audit) problems.push('audit mode: every name goes through the proxy')
    if (!(refusedByProxy(http) && http?.rule === 'not-listed'))
      problems.push(`${DENIED_NAME} over HTTP: ${describe(http)}, expected 403 not-listed`)
    if (!refusedByProxy(tunnel, true))
      problems.push(`${DENIED_NAME}:443 CONNECT: ${describe(tunnel, true)}, expected 403`)
    const ip = res.a.get('ip')
    if (!refusedByProxy(ip))
      problems.push(
        `the raw IP ${addresses[0] ?? '192.0.2.1'}:${port} through the proxy: ${describe(ip)}`
      )
    const direct = res.a.get('direct')
    if (direct && direct.code !== '000')
      problems.push(`without the proxy ${DENIED_NAME} answered ${direct.code}`)
    const reached = tagged(res.r.stdout, 'RAW').filter((l) => l.startsWith('reached'))
    if (reached.length) problems.push(`raw TCP ${list(reached.map((l) => l.slice(8)))}:${port}`)
    if (!tagged(res.r.stdout, 'RAW').length)
      problems.push('python3 could not attempt the raw connections')
    const udp = tagged(res.r.stdout, 'UDP')
    const sent = udp.filter((l) => l.startsWith('sent'))
    if (sent.length) problems.push(`DNS datagrams sent to ${list(sent.map((l) => l.slice(5)))}`)
    if (tagged(res.r.stdout, 'DNS').length) problems.push('the sandbox resolves names itself')
    if (problems.length) return fail(list(problems))
    return pass(
      `${DENIED_NAME}: HTTP 403 not-listed, CONNECT 403; a raw IP through the proxy refused; ` +
        `without the proxy no answer; raw TCP to ${raw.length} address(es) and UDP to ` +
        `${udp.length} nameserver(s) refused; no resolver`
    )
  }
}

/** The allowed_private_ranges entry covering an address, if any. */
function rangeFor(policy: ReturnType<typeof compileEgressPolicy>, address: string) {
  const fam = isIP(address)
  if (!fam) return undefined
  return policy.privateRanges.find((r) => r.list.check(address, fam === 6 ? 'ipv6' : 'ipv4'))?.cidr
}

/** Metadata and the host's own addresses, asked by IP literal through the proxy. */
export const privateProbe: EgressProbe = {
  id: 'egress-private',
  number: 25,
  title:
    'egress: loopback, private, link-local and metadata destinations are refused unless allowed_private_ranges lists them (also for allowlisted names resolving there)',
  async run(ctx) {
    const cfg = ctx.agent.egress
    if (!cfg) return skip(NO_EGRESS)
    const { port, addresses } = ctx.host.listener
    const policy = compileEgressPolicy(cfg)
    // Allowlisted names the runner resolves into refused ranges: the rebinding case, by name.
    const named: { host: string; port: number; address: string; covered?: string }[] = []
    for (const c of reachableCandidates(cfg, 8)) {
      if (isIP(c.host)) continue
      const addrs = await lookup(c.host, { all: true }).catch(() => [])
      for (const { address } of addrs) {
        if (!classifyAddress(address)) continue
        named.push({ host: c.host, port: c.port, address, covered: rangeFor(policy, address) })
        break
      }
    }
    const literals = [
      { host: '169.254.169.254', port: 80 },
      { host: '127.0.0.1', port },
      ...addresses.map((a) => ({ host: a, port }))
    ]
    const res = await script(ctx, [
      ...literals.map((l, i) => `ask l${i} ${sh(url(l.host, l.port))}`),
      ...named.map((n, i) => `ask n${i} ${sh(url(n.host, n.port))}`)
    ])
    if (res.problem) return fail(res.problem)
    const problems: string[] = []
    const allowedByConfig: string[] = []
    literals.forEach((l, i) => {
      const a = res.a.get(`l${i}`)
      if (refusedByProxy(a)) return
      // The config opened it (the name allowed, the address in allowed_private_ranges): said,
      // not failed — except the metadata endpoint, which no config should open.
      const range = rangeFor(policy, l.host)
      const listed =
        policy.audit ||
        policy.rules.some((r) => splitDomainPatternPort(r.entry).hostPattern === l.host)
      if (range && listed && classifyAddress(l.host) !== 'metadata')
        allowedByConfig.push(`${l.host} (allowed_private_ranges ${range})`)
      else problems.push(`${l.host}:${l.port} → ${describe(a)}`)
    })
    const literalsOpened = allowedByConfig.length
    named.forEach((n, i) => {
      const a = res.a.get(`n${i}`)
      if (n.covered) {
        allowedByConfig.push(`${n.host} → ${n.address} (allowed_private_ranges ${n.covered})`)
        return
      }
      if (!(refusedByProxy(a) && a?.rule === 'address_not_allowed'))
        problems.push(`${n.host} (${n.address}) → ${describe(a)}, expected an address refusal`)
    })
    if (problems.length) return fail(`reached or not refused by the proxy: ${list(problems)}`)
    const by = named.filter((n) => !n.covered).length
    const refusedLiterals = literals.length - literalsOpened
    return pass(
      `${refusedLiterals} private/metadata literals refused by the proxy` +
        (by ? `; ${by} allowlisted name(s) resolving into private ranges refused by address` : '') +
        (allowedByConfig.length ? `; opted in: ${list(allowedByConfig)}` : '')
    )
  }
}

export const EGRESS_PROBES: EgressProbe[] = [allowlistProbe, refusalsProbe, privateProbe]
