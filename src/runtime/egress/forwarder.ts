// The in-sandbox half of the topology: a relay from 127.0.0.1:<port> inside the agent's network
// namespace (which has no other interface) to the host proxy's Unix socket, bind-mounted read-only.
// Tools that only speak TCP to a proxy (pip, npm, git, curl) reach it through this. It carries no
// policy: the proxy on the host decides, so a process that connects to the socket directly, or
// replaces the relay on the port, still gets only what the proxy allows.
//
// Two implementations of the same relay, so an image needs either python3 or node (the runtime
// image has both; a slimmer custom image usually keeps one): the harness picks the first
// interpreter found at an absolute, root-owned path (never one on the agent's PATH, which the
// agent can write to), and runs it as a uid other than the agent's, so the agent's `kill -9 -1` on
// a timeout spares it. Both are single-threaded (selectors / the event loop): a relay that needed a
// thread per connection would stop relaying when the agent exhausts the container's pids limit.

/** Python 3 (3.3+) relay. `--probe PORT` asks the proxy's health endpoint through the relay. */
export const FORWARD_PY = `# massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import os, selectors, socket, sys

BUF = 262144
# Sent first on every connection to the socket: the proxy serves nothing else (socket-gate.ts).
PREAMBLE = ("MASSGEN-EGRESS %s\\n" % os.environ.get("MASSGEN_EGRESS_TOKEN", "")).encode()
sel = selectors.DefaultSelector()


class End:
    def __init__(self, sock):
        self.sock, self.peer, self.out = sock, None, b""
        self.eof = self.shut = self.closed = False


def close_pair(e):
    for x in (e, e.peer):
        if x is not None and not x.closed:
            x.closed = True
            try:
                sel.unregister(x.sock)
            except (KeyError, ValueError):
                pass
            x.sock.close()


def want(e):
    if e.closed:
        return
    ev = 0
    if not e.eof and not e.peer.out:
        ev |= selectors.EVENT_READ
    if e.out:
        ev |= selectors.EVENT_WRITE
    registered = e.sock in sel.get_map()
    if ev == 0:
        if registered:
            sel.unregister(e.sock)
    elif registered:
        sel.modify(e.sock, ev, e)
    else:
        sel.register(e.sock, ev, e)


def flush(e):
    try:
        n = e.sock.send(e.out)
        e.out = e.out[n:]
    except (BlockingIOError, InterruptedError):
        pass


def settle(e):
    for x in (e, e.peer):
        if x.eof and not x.peer.out and not x.peer.shut:
            x.peer.shut = True
            try:
                x.peer.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
    if e.eof and e.peer.eof and not e.out and not e.peer.out:
        close_pair(e)
    else:
        want(e)
        want(e.peer)


def on_event(e, mask):
    if mask & selectors.EVENT_WRITE and e.out:
        flush(e)
    if mask & selectors.EVENT_READ and not e.closed:
        try:
            data = e.sock.recv(BUF)
        except (BlockingIOError, InterruptedError):
            data = None
        if data == b"":
            e.eof = True
        elif data:
            e.peer.out = memoryview(data)
            flush(e.peer)


def accept(srv, path):
    try:
        c, _ = srv.accept()
    except OSError:
        return
    u = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        u.settimeout(5)
        u.connect(path)
        u.sendall(PREAMBLE)
    except OSError:
        c.close()
        u.close()
        return
    c.setblocking(False)
    u.setblocking(False)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    a, b = End(c), End(u)
    a.peer, b.peer = b, a
    want(a)
    want(b)


def probe(port):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n")
        head = s.recv(64)
    except OSError as err:
        print("egress relay not answering: %s" % err)
        return 1
    ok = head.split(b"\\r\\n")[0].split(b" ")[1:2] == [b"200"]
    print("ok" if ok else "egress proxy answered %r" % head[:40])
    return 0 if ok else 1


def main(argv):
    if len(argv) == 3 and argv[1] == "--probe":
        return probe(int(argv[2]))
    path, port = argv[1], int(argv[2])
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(256)
    srv.setblocking(False)
    sel.register(srv, selectors.EVENT_READ, None)
    while True:
        for key, mask in sel.select():
            if key.data is None:
                accept(srv, path)
                continue
            e = key.data
            if e.closed:
                continue
            try:
                on_event(e, mask)
            except OSError:
                close_pair(e)
                continue
            if not e.closed:
                settle(e)


sys.exit(main(sys.argv))
`

/** Node relay (any Node >= 12), the same contract as FORWARD_PY. */
export const FORWARD_MJS = `// massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import net from 'node:net'

const [, , first, second] = process.argv
if (first === '--probe') {
  const s = net.connect({ host: '127.0.0.1', port: Number(second) })
  const fail = (why) => {
    console.log('egress relay not answering: ' + why)
    process.exit(1)
  }
  s.setTimeout(5000, () => fail('timeout'))
  s.on('error', (e) => fail(e.message))
  s.on('close', () => fail('closed without an answer'))
  s.on('connect', () => s.write('GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n'))
  s.once('data', (d) => {
    const ok = String(d).split('\\r\\n')[0].split(' ')[1] === '200'
    console.log(ok ? 'ok' : 'egress proxy answered ' + JSON.stringify(String(d).slice(0, 40)))
    process.exit(ok ? 0 : 1)
  })
} else {
  const server = net.createServer({ allowHalfOpen: true }, (c) => {
    c.setNoDelay(true)
    const u = net.connect({ path: first, allowHalfOpen: true })
    // Sent first on every connection to the socket: the proxy serves nothing else.
    u.write('MASSGEN-EGRESS ' + (process.env.MASSGEN_EGRESS_TOKEN || '') + '\\n')
    const end = () => {
      c.destroy()
      u.destroy()
    }
    c.on('error', end)
    u.on('error', end)
    c.on('close', () => u.destroy())
    u.on('close', () => c.destroy())
    c.pipe(u)
    u.pipe(c)
  })
  server.listen(Number(second), '127.0.0.1')
}
`
