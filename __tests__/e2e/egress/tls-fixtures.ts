// Pieces of the CA and upstream-proxy e2e tests (docker and srt): a CA and a server certificate
// made with openssl, HTTPS and HTTP servers on loopback, a tiny upstream proxy that records what
// it is asked (CONNECT and absolute-URI requests), and the node client command.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'

/** ca.pem (the CA), server.key and server.pem (for every name in `names`) in `dir`. */
export function makeTestCa(dir: string, names: string[]): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  ssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
    ...['-subj', '/CN=massgen test CA', '-keyout', 'ca.key', '-out', 'ca.pem'],
    ...['-addext', 'basicConstraints=critical,CA:TRUE'],
    // Python 3.13 verifies strictly (VERIFY_X509_STRICT): a CA needs its key usage.
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign']
  )
  ssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${names[0]}`],
    ...['-keyout', 'server.key', '-out', 'server.csr']
  )
  writeFileSync(
    join(dir, 'san.ext'),
    `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\n` +
      // ... and a leaf its authority key id (strict verification again).
      'authorityKeyIdentifier=keyid,issuer\nsubjectKeyIdentifier=hash\n' +
      'keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n'
  )
  ssl(
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '2', '-out', 'server.pem', '-extfile', 'san.ext']
  )
}

export interface Listening {
  server: Server
  port: number
  close(): Promise<void>
}

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.()
        server.close(() => r())
      })
  }
}

export async function startTlsServer(dir: string, body: string): Promise<Listening> {
  const server = createHttpsServer(
    {
      key: await readFile(join(dir, 'server.key')),
      cert: await readFile(join(dir, 'server.pem'))
    },
    (_req, res) => res.end(body)
  )
  return listen(server)
}

export function startPlainServer(body: string): Promise<Listening> {
  return listen(createHttpServer((_req, res) => res.end(body)))
}

/** The runner's proxy: tunnels and forwards to 127.0.0.1 (names are /etc/hosts names), records. */
export async function startRecordingProxy(): Promise<Listening & { seen: string[] }> {
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const u = new URL(req.url ?? '')
    const up = httpRequest(
      {
        host: '127.0.0.1',
        port: u.port,
        path: u.pathname,
        method: req.method,
        headers: req.headers
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      }
    )
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`)
    const port = Number((req.url ?? '').split(':').pop())
    const up = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      up.write(head)
      up.pipe(client)
      client.pipe(up)
    })
    for (const s of [up, client]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
    }
    up.on('error', () => client.destroy())
    client.on('error', () => up.destroy())
  })
  const l = await listen(server)
  return {
    ...l,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy()
      await l.close()
    }
  }
}

/**
 * A node command that fetches https://host:port/ through $HTTPS_PROXY (credentials too) and
 * prints the body; on a TLS failure, the error code and exit 1. Node's fetch reads no proxy
 * variables before Node 22.21/24.5, so the tunnel is opened here; tls.connect checks the server
 * with the same trust store as fetch (the built-in roots plus NODE_EXTRA_CA_CERTS).
 */
export function nodeTlsCommand(host: string, port: number): string {
  const js = `
const http = require('http'), tls = require('tls')
const p = new URL(process.env.HTTPS_PROXY)
const headers = p.username
  ? { 'Proxy-Authorization': 'Basic ' + Buffer.from(decodeURIComponent(p.username) + ':' + decodeURIComponent(p.password)).toString('base64') }
  : {}
http.request({ host: p.hostname, port: p.port, method: 'CONNECT', path: '${host}:${port}', headers })
  .on('connect', (r, s) => {
    if (r.statusCode !== 200) { console.log('proxy answered', r.statusCode); process.exit(3) }
    const t = tls.connect({ socket: s, servername: '${host}' }, () =>
      t.write('GET / HTTP/1.0\\r\\nHost: ${host}\\r\\n\\r\\n'))
    let got = ''
    t.on('data', (d) => (got += d))
    t.on('end', () => { process.stdout.write(got.split('\\r\\n\\r\\n')[1] || ''); process.exit(0) })
    t.on('error', (e) => { console.log(e.code); process.exit(1) })
  })
  .end()
`
  return `node -e "eval(Buffer.from('${Buffer.from(js).toString('base64')}', 'base64').toString())"`
}
