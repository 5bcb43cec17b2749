// Probes 4 and 5: the network the agent has, and whether it can reach the engine.
import { fail, list, pass, python, sh, tagged } from '../outcome.js'
import type { Probe } from '../types.js'

const CONNECT = `
import socket, sys
port = int(sys.argv[1])
for host in sys.argv[2:]:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(2)
    try:
        s.connect((host, port))
        data = s.recv(64)
        print('REACHED', host, data.decode(errors='replace').strip())
    except OSError as e:
        print('REFUSED', host, e.__class__.__name__)
    finally:
        s.close()
`

export const networkProbe: Probe = {
  id: 'network',
  number: 4,
  title: 'network none: only lo, no DNS, no TCP to a host listener',
  phase: 'parallel',
  async run(ctx) {
    const { port, addresses } = ctx.host.listener
    const script = [
      // /proc/net/dev, not /sys/class/net: gVisor's sysfs has no class/net.
      "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sed 's/^/IF /'",
      'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
      'if command -v python3 >/dev/null; then',
      python(CONNECT, [String(port), ...addresses]),
      'else',
      ...addresses.map(
        (a) =>
          `  if timeout 3 bash -c ${sh(`exec 3<>/dev/tcp/${a}/${port}`)} 2>/dev/null; then echo "REACHED ${a}"; else echo "REFUSED ${a}"; fi`
      ),
      'fi',
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script, { timeoutMs: 60_000 })
    if (!r.stdout.includes('DONE'))
      return fail(`the network attempts did not complete (exit ${r.exitCode})`)
    const ifaces = tagged(r.stdout, 'IF')
    const problems: string[] = []
    const extra = ifaces.filter((i) => i !== 'lo')
    if (extra.length) problems.push(`interfaces ${extra.join(', ')}`)
    if (tagged(r.stdout, 'DNS').length) problems.push('DNS resolves')
    const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0])
    if (reached.length) problems.push(`reached the host listener on ${list(reached)}:${port}`)
    if (problems.length) return fail(list(problems))
    return pass(
      `interfaces: ${ifaces.join(', ') || 'none'}; DNS fails; TCP to the host listener refused on ${addresses.length} address(es)`
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

const PING = `
import socket, sys
for path in sys.argv[1:]:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect(path)
        s.sendall(b'GET /_ping HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n')
        print('ANSWERED', path, s.recv(64).split(b'\\r\\n')[0].decode(errors='replace'))
    except OSError as e:
        print('NOANSWER', path, e.__class__.__name__)
    finally:
        s.close()
`

export const dockerSocketProbe: Probe = {
  id: 'docker-socket',
  number: 5,
  title: 'no Docker socket, no DOCKER_HOST',
  phase: 'parallel',
  async run(ctx) {
    const script = [
      `for p in ${SOCKETS.map(sh).join(' ')}; do [ -e "$p" ] && echo "SOCK $p"; done`,
      // Any socket bind-mounted anywhere (the mount point itself is the socket).
      `awk '{print $5}' /proc/self/mountinfo | while read -r m; do [ -S "$m" ] && echo "SOCK $m"; done`,
      '[ -n "${DOCKER_HOST:-}" ] && echo "ENV DOCKER_HOST"',
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
    const socks = [...new Set(tagged(r.stdout, 'SOCK'))]
    const info = await ctx.inspect()
    const envHost =
      tagged(r.stdout, 'ENV').length > 0 ||
      (info.Config.Env ?? []).some((e) => e.startsWith('DOCKER_HOST='))
    const problems: string[] = []
    if (socks.length) {
      const ping = await ctx.agentExec(`command -v python3 >/dev/null && ${python(PING, socks)}`)
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
