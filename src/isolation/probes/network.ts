// Probes 4 and 5: the network the agent has, and whether it can reach the engine.
import { RELAY_PORT } from '../../runtime/egress/index.js'
import { fail, list, pass, python, sh, tagged, attempts, isOutcome } from '../outcome.js'
import type { Probe, ProbeDef, SrtProbeContext } from '../types.js'

/** `0100007F:0C38` (and the IPv6 form) from /proc/net/tcp* → `127.0.0.1:3128`. */
export function procNetAddress(hex: string): string {
  const [addr, port] = hex.split(':')
  const p = parseInt(port, 16)
  if (addr.length === 8) {
    const b = Buffer.from(addr, 'hex')
    return `${b[3]}.${b[2]}.${b[1]}.${b[0]}:${p}`
  }
  // Four little-endian 32-bit words.
  const words = (addr.match(/.{8}/g) ?? []).map((w) => Buffer.from(w, 'hex').reverse())
  const b = Buffer.concat(words)
  const groups = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(i * 2).toString(16))
  // The URL parser writes an IPv6 address in its canonical, compressed form.
  return `${new URL(`http://[${groups.join(':')}]/`).hostname}:${p}`
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]+\]):/

/**
 * Dials from inside: `tcp <port> <host>...` prints what a host listener says (REACHED) or why not
 * (REFUSED); `unix <path>...` asks each socket for the engine's /_ping (ANSWERED, NOANSWER).
 */
const DIAL = `
import socket, sys
mode, rest = sys.argv[1], sys.argv[2:]
tcp = mode == 'tcp'
for target in (rest[1:] if tcp else rest):
    s = socket.socket(socket.AF_INET if tcp else socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2 if tcp else 3)
    try:
        s.connect((target, int(rest[0])) if tcp else target)
        if tcp:
            print('REACHED', target, s.recv(64).decode(errors='replace').strip())
        else:
            s.sendall(b'GET /_ping HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n')
            print('ANSWERED', target, s.recv(64).split(b'\\r\\n')[0].decode(errors='replace'))
    except OSError as e:
        print('REFUSED' if tcp else 'NOANSWER', target, e.__class__.__name__)
    finally:
        s.close()
`

export const networkProbe: Probe = {
  id: 'network',
  number: 4,
  title:
    'network none: only lo (with egress, and the relay on it), no DNS, no TCP to a host listener',
  phase: 'parallel',
  async run(ctx) {
    const { port, addresses } = ctx.host.listener
    const r = await attempts(
      ctx,
      [
        // /proc/net/dev, not /sys/class/net: gVisor's sysfs has no class/net.
        "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sed 's/^/IF /'",
        'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
        'if command -v python3 >/dev/null; then',
        python(DIAL, ['tcp', String(port), ...addresses]),
        'else',
        ...addresses.map(
          (a) =>
            `  if timeout 3 bash -c ${sh(`exec 3<>/dev/tcp/${a}/${port}`)} 2>/dev/null; then echo "REACHED ${a}"; else echo "REFUSED ${a}"; fi`
        ),
        'fi',
        `for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] && awk 'NR>1 && $4=="0A" {print "LISTEN", $2, $8}' "$f"; done`
      ],
      'the network attempts',
      60_000
    )
    if (isOutcome(r)) return r
    const ifaces = tagged(r.stdout, 'IF')
    const problems: string[] = []
    const extra = ifaces.filter((i) => i !== 'lo')
    if (extra.length) problems.push(`interfaces ${extra.join(', ')}`)
    if (tagged(r.stdout, 'DNS').length) problems.push('DNS resolves')
    const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0])
    if (reached.length) problems.push(`reached the host listener on ${list(reached)}:${port}`)
    const listening = tagged(r.stdout, 'LISTEN').map((l) => {
      const [addr, uid] = l.split(/\s+/)
      return { at: procNetAddress(addr), uid: Number(uid) }
    })
    // With egress, the relay is the one way out: on loopback only, and not the agent's process.
    const relay = listening.filter((l) => l.at.endsWith(`:${RELAY_PORT}`))
    if (ctx.egress) {
      if (!relay.length) problems.push(`no egress relay listens on port ${RELAY_PORT}`)
      for (const l of relay) {
        if (!LOOPBACK.test(l.at)) problems.push(`the egress relay listens on ${l.at}, not loopback`)
        if (l.uid === ctx.uid) problems.push(`the egress relay runs as the agent's uid ${l.uid}`)
      }
    }
    if (problems.length) return fail(list(problems))
    const listeners = listening.length
      ? `; listening: ${list(listening.map((l) => `${l.at} (uid ${l.uid}${ctx.egress && relay.includes(l) ? ', egress relay' : ''})`))}`
      : ''
    return pass(
      `interfaces: ${ifaces.join(', ') || 'none'}; DNS fails; TCP to the host listener refused on ${addresses.length} address(es)${listeners}`
    )
  }
}

const SOCKETS = [
  '/var/run/docker.sock',
  '/run/docker.sock',
  '/run/containerd/containerd.sock',
  '/var/run/containerd/containerd.sock',
  '/run/podman/podman.sock',
  '/run/user/1000/docker.sock'
]

export const dockerSocketProbe: Probe = {
  id: 'docker-socket',
  number: 5,
  title: 'no Docker socket, no DOCKER_HOST',
  phase: 'parallel',
  async run(ctx) {
    const r = await attempts(
      ctx,
      [
        `for p in ${SOCKETS.map(sh).join(' ')}; do [ -e "$p" ] && echo "SOCK $p"; done`,
        // Any socket bind-mounted anywhere (the mount point itself is the socket).
        `awk '{print $5}' /proc/self/mountinfo | while read -r m; do [ -S "$m" ] && echo "SOCK $m"; done`,
        '[ -n "${DOCKER_HOST:-}" ] && echo "ENV DOCKER_HOST"'
      ],
      'the checks'
    )
    if (isOutcome(r)) return r
    const socks = [...new Set(tagged(r.stdout, 'SOCK'))]
    const info = await ctx.inspect()
    const envHost =
      tagged(r.stdout, 'ENV').length > 0 ||
      (info.Config.Env ?? []).some((e) => e.startsWith('DOCKER_HOST='))
    const problems: string[] = []
    if (socks.length) {
      const ping = await ctx.agentExec(
        `command -v python3 >/dev/null && ${python(DIAL, ['unix', ...socks])}`
      )
      const answered = tagged(ping.stdout, 'ANSWERED')
      problems.push(
        `socket(s) present: ${list(socks)}${answered.length ? `; the engine answered: ${list(answered)}` : ' (not answering this uid, but present)'}`
      )
    }
    if (envHost) problems.push('DOCKER_HOST is set in the container')
    if (problems.length) return fail(list(problems))
    return pass(
      `no engine socket at ${SOCKETS.length} known paths or among the mounts; DOCKER_HOST unset`
    )
  }
}

/** A name no allowlist may list: what probe 4 asks the proxy for. */
const DENIED_NAME = 'denied.massgen-isolation.test'

export const srtNetworkProbe: ProbeDef<SrtProbeContext> = {
  id: 'network',
  number: 4,
  phase: 'parallel',
  title:
    'no network of its own: only lo, no DNS, no TCP to a host listener; the proxy refuses a name no list allows',
  async run(ctx) {
    const { port, addresses } = ctx.host.listener
    const targets = ['127.0.0.1', ...addresses]
    const r = await attempts(
      ctx,
      [
        // /proc/net is the step's own network namespace (/sys/class/net is the host's sysfs).
        `tail -n +3 /proc/net/dev | while IFS=: read -r i _; do echo "IF $(echo $i)"; done`,
        'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
        python(DIAL, ['tcp', String(port), ...targets]),
        // Through the proxy the sandbox is given: a name no allowlist may list.
        `code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' http://${DENIED_NAME}/ 2>/dev/null); echo "PROXY $code"`
      ],
      'the network attempts',
      60_000
    )
    if (isOutcome(r)) return r
    const problems: string[] = []
    const extra = tagged(r.stdout, 'IF').filter((i) => i !== 'lo')
    if (extra.length) problems.push(`interfaces ${extra.join(', ')}`)
    if (tagged(r.stdout, 'DNS').length) problems.push('DNS resolves')
    const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0])
    if (reached.length) problems.push(`reached the host listener on ${list(reached)}:${port}`)
    if (!tagged(r.stdout, 'REFUSED').length)
      problems.push('python3 could not attempt the connections')
    const proxy = tagged(r.stdout, 'PROXY')[0] ?? ''
    if (proxy !== '403')
      problems.push(
        `the proxy answered ${proxy || 'nothing'} for a name no rule allows (expected 403)`
      )
    if (problems.length) return fail(list(problems))
    return pass(
      `only lo; DNS fails; TCP to the host listener refused on ${targets.length} address(es); the proxy refuses an unlisted name (403)`
    )
  }
}

const UNIX = `
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
print('CREATED')
for p in ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd/containerd.sock']:
    try:
        s.connect(p)
        print('CONNECTED', p)
        break
    except OSError:
        pass
`

export const srtUnixSocketsProbe: ProbeDef<SrtProbeContext> = {
  id: 'unix-sockets',
  number: 5,
  phase: 'parallel',
  title: 'no Unix sockets (so no Docker or containerd socket), no DOCKER_HOST',
  async run(ctx) {
    const r = await ctx.agentExec(
      [
        `{ ${python(UNIX)}
} 2>&1 | tail -n 3`,
        'echo "DOCKER_HOST=${DOCKER_HOST:-}"',
        'echo DONE'
      ].join('\n')
    )
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
    const problems: string[] = []
    if (r.stdout.includes('CREATED')) problems.push('an AF_UNIX socket could be created')
    problems.push(...tagged(r.stdout, 'CONNECTED').map((p) => `connected to ${p}`))
    if (!/DOCKER_HOST=\n/.test(r.stdout)) problems.push('DOCKER_HOST is set')
    if (problems.length) return fail(list(problems))
    if (!/PermissionError|Operation not permitted/.test(r.stdout))
      return fail(`socket creation failed for another reason: ${r.stdout.slice(0, 200)}`)
    return pass('socket(AF_UNIX) refused (seccomp); DOCKER_HOST unset')
  }
}
