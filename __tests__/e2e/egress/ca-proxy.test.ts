// Issue 22 item 3 through the product (runPipeline, docker, the real engine and image): an HTTPS
// server on the host's loopback with a certificate from a CA made here with openssl, reached by
// a name in /etc/hosts (removed again by its marker) on the egress allowlist.
// - without command_line_ca_certificates curl, python3's urllib and node's TLS refuse the server;
//   with it they trust it (and public roots stay in the bundle, the root fs stays read-only);
// - with HTTPS_PROXY / HTTP_PROXY set on the runner (a CONNECT proxy written here, recording what
//   it is asked), allowed requests go through it, NO_PROXY names do not, refusals stay ours and
//   never reach it.
// Node's fetch honours proxy variables only from Node 22.21/24.5 (NODE_USE_ENV_PROXY, which the
// sandbox sets); the node step therefore opens the CONNECT tunnel itself and checks the server
// with tls.connect, which uses the same trust store as fetch (the default CA list plus
// NODE_EXTRA_CA_CERTS).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import type { AgentResult, RunResults } from '../../../src/report/types.js'
import { runPipeline } from '../../../src/run/pipeline.js'
import { ensureRuntimeImage, IMAGE_TIMEOUT_MS, tempDir } from '../docker/helpers.js'
import { addHostNames } from './fixtures.js'

const NAME = 'ca.test'
const DENIED = 'denied-ca.test'
const BYPASSED = 'direct-ca.test'
let restoreHosts: () => void = () => undefined
let dir: string
let tlsServer: Server
let plainServer: Server
let tlsPort: number
let plainPort: number

/** What the runner's proxy was asked: `CONNECT host:port` or `GET http://…`. */
const proxySeen: string[] = []
let proxy: Server
let proxyPort: number

function makeCa(d: string): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: d, stdio: 'pipe' })
  ssl(
    ...[
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=massgen test CA'
    ],
    ...['-keyout', 'ca.key', '-out', 'ca.pem', '-addext', 'basicConstraints=critical,CA:TRUE']
  )
  ssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${NAME}`],
    ...['-keyout', 'server.key', '-out', 'server.csr']
  )
  const ext = `subjectAltName=DNS:${NAME},DNS:${DENIED},DNS:${BYPASSED}\n`
  execFileSync('sh', ['-c', `printf '${ext}' > san.ext`], { cwd: d })
  ssl(
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '2', '-out', 'server.pem', '-extfile', 'san.ext']
  )
}

/** A tiny upstream proxy: CONNECT tunnels and absolute-URI GETs, each recorded. */
async function startUpstreamProxy(): Promise<void> {
  proxy = createHttpServer((req, res) => {
    proxySeen.push(`${req.method} ${req.url}`)
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
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    proxySeen.push(`CONNECT ${req.url}`)
    const [, port] = (req.url ?? '').split(':')
    const up = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      up.write(head)
      up.pipe(client)
      client.pipe(up)
    })
    up.on('error', () => client.destroy())
    client.on('error', () => up.destroy())
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
  proxyPort = (proxy.address() as AddressInfo).port
}

const NODE_TLS = (host: string) =>
  `node -e "const http=require('http'),tls=require('tls');const p=new URL(process.env.HTTPS_PROXY);` +
  `http.request({host:p.hostname,port:p.port,method:'CONNECT',path:'${host}:${tlsPort}'})` +
  `.on('connect',(r,s)=>{if(r.statusCode!==200){console.log('proxy',r.statusCode);process.exit(3)}` +
  `const t=tls.connect({socket:s,servername:'${host}'},()=>{t.write('GET / HTTP/1.0\\\\r\\\\nHost: ${host}\\\\r\\\\n\\\\r\\\\n')});` +
  `t.on('data',d=>{process.stdout.write(String(d).split('\\\\r\\\\n\\\\r\\\\n')[1]||'');t.destroy()});` +
  `t.on('error',e=>{console.log(e.code);process.exit(1)})}).end()"`

function config(ca: string[] | undefined): string {
  const step = (name: string, run: string, allowFailure = true) => ({
    name,
    run,
    ...(allowFailure ? { allow_failure: true } : {})
  })
  // JSON is YAML: no quoting trouble with the commands.
  return JSON.stringify({
    agent: {
      id: 'tls',
      backend: {
        cwd: `${dir}/ws`,
        command_line_execution_mode: 'docker',
        command_line_egress: {
          allowed_domains: [NAME, BYPASSED],
          allowed_private_ranges: ['127.0.0.1/32']
        },
        ...(ca ? { command_line_ca_certificates: ca } : {})
      },
      commands: [
        step('curl', `curl -sS -m 20 https://${NAME}:${tlsPort}/`),
        step(
          'python',
          `python3 -c "import urllib.request as u; print(u.urlopen('https://${NAME}:${tlsPort}/', timeout=20).read().decode())"`
        ),
        step('node', NODE_TLS(NAME)),
        step('plain http', `curl -sS -m 20 http://${NAME}:${plainPort}/`, false),
        step(
          'refused',
          `curl -sS -m 20 -o /dev/null -w '%{http_code}' https://${DENIED}:${tlsPort}/`
        ),
        step('bypassed', `curl -sS -m 20 https://${BYPASSED}:${tlsPort}/`),
        step(
          'trust store',
          "grep -c 'BEGIN CERTIFICATE' /etc/ssl/certs/ca-certificates.crt; " +
            'echo "$SSL_CERT_FILE $NODE_EXTRA_CA_CERTS $REQUESTS_CA_BUNDLE $PIP_CERT $CURL_CA_BUNDLE $GIT_SSL_CAINFO"; ' +
            'touch /etc/ssl/certs/x 2>&1 | head -c 100'
        )
      ]
    }
  })
}

interface Outcome {
  results: RunResults
  log: string[]
}

async function run(
  tag: string,
  ca: string[] | undefined,
  env: Record<string, string> = {}
): Promise<Outcome> {
  const file = join(dir, `${tag}.yaml`)
  await writeFile(file, config(ca))
  const log: string[] = []
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  try {
    const outcome = await runPipeline({
      configPath: file,
      outDir: join(dir, `out-${tag}`),
      workingDirectory: dir,
      log: (l) => log.push(l)
    })
    const results = JSON.parse(await readFile(outcome.reports.resultsFile, 'utf8')) as RunResults
    if (results.agents.length !== 1) throw new Error(`${tag}: ${results.error}\n${log.join('\n')}`)
    return { results, log }
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
}

const out = (o: Outcome, name: string) => {
  const a: AgentResult = o.results.agents[0]
  const s = a.commands.find((c) => c.name === name)
  if (!s) throw new Error(`no step ${name}: ${a.error ?? ''} ${o.log.join('\n')}`)
  return { exit: s.exitCode, text: `${s.stdout ?? ''}${s.stderr ?? ''}` }
}

let without: Outcome
let withCa: Outcome
let viaProxy: Outcome
let seenViaProxy: string[]

beforeAll(async () => {
  await ensureRuntimeImage()
  dir = await tempDir('egress-ca')
  await mkdir(join(dir, 'ws'), { recursive: true, mode: 0o777 })
  makeCa(dir)
  restoreHosts = addHostNames([NAME, DENIED, BYPASSED], 'e2e-egress-ca')
  tlsServer = createHttpsServer(
    {
      key: await readFile(join(dir, 'server.key')),
      cert: await readFile(join(dir, 'server.pem'))
    },
    (_req, res) => res.end('hello through TLS\n')
  )
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r))
  tlsPort = (tlsServer.address() as AddressInfo).port
  plainServer = createHttpServer((_req, res) => res.end('hello in plain HTTP\n'))
  await new Promise<void>((r) => plainServer.listen(0, '127.0.0.1', r))
  plainPort = (plainServer.address() as AddressInfo).port
  await startUpstreamProxy()

  const ca = [join(dir, 'ca.pem')]
  without = await run('without', undefined)
  withCa = await run('with', ca)
  expect(proxySeen).toEqual([])
  viaProxy = await run('proxy', ca, {
    HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
    HTTP_PROXY: `http://127.0.0.1:${proxyPort}`,
    NO_PROXY: `example.invalid,${BYPASSED}`
  })
  seenViaProxy = [...proxySeen]
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  restoreHosts()
  await Promise.all(
    [tlsServer, plainServer, proxy].map((s) => s && new Promise<void>((r) => s.close(() => r())))
  )
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('command_line_ca_certificates in docker mode', () => {
  it('without it, curl, python and node refuse the server signed by the test CA', () => {
    expect(without.results.agents[0].error).toBeUndefined()
    expect(out(without, 'curl')).toMatchObject({ exit: 60 })
    expect(out(without, 'curl').text).toMatch(/certificate/i)
    expect(out(without, 'python').exit).not.toBe(0)
    expect(out(without, 'python').text).toMatch(/CERTIFICATE_VERIFY_FAILED/)
    expect(out(without, 'node').exit).toBe(1)
    expect(out(without, 'node').text).toMatch(/UNABLE_TO_VERIFY|SELF_SIGNED|UNABLE_TO_GET_ISSUER/)
  })

  it('with it, all three trust it', () => {
    expect(withCa.results.agents[0].error).toBeUndefined()
    for (const name of ['curl', 'python', 'node'])
      expect(out(withCa, name)).toEqual({
        exit: 0,
        text: expect.stringContaining('hello through TLS')
      })
  })

  it('keeps the public roots, points the variables at the bundle, leaves the root fs read-only', () => {
    const { exit, text } = out(withCa, 'trust store')
    expect(exit).toBe(0)
    const [count, vars, touch] = text.split('\n')
    expect(Number(count)).toBeGreaterThan(100)
    expect(vars.split(' ')).toEqual(Array(6).fill('/run/massgen-ca/ca-certificates.crt'))
    expect(touch).toMatch(/Read-only file system/)
    expect(withCa.log.join('\n')).toMatch(/CA bundle: \d+ certificates from .*ca\.pem/)
  })
})

describe("the runner's HTTPS_PROXY (docker mode)", () => {
  it('allowed requests go through the upstream proxy, which sees them', () => {
    expect(viaProxy.results.agents[0].error).toBeUndefined()
    for (const name of ['curl', 'python', 'node'])
      expect(out(viaProxy, name)).toEqual({
        exit: 0,
        text: expect.stringContaining('hello through TLS')
      })
    expect(out(viaProxy, 'plain http')).toEqual({ exit: 0, text: 'hello in plain HTTP\n' })
    expect(seenViaProxy).toEqual(
      expect.arrayContaining([`CONNECT ${NAME}:${tlsPort}`, `GET http://${NAME}:${plainPort}/`])
    )
    expect(seenViaProxy.filter((l) => l === `CONNECT ${NAME}:${tlsPort}`)).toHaveLength(3)
  })

  it('refusals stay ours and NO_PROXY names are dialled directly', () => {
    expect(out(viaProxy, 'refused').text).toMatch(/CONNECT tunnel failed, response 403/)
    expect(out(viaProxy, 'bypassed')).toEqual({ exit: 0, text: 'hello through TLS\n' })
    expect(seenViaProxy.filter((l) => l.includes(DENIED) || l.includes(BYPASSED))).toEqual([])
    // Nothing of the product's own (engine, loopback) went to the proxy either.
    expect(seenViaProxy.every((l) => l.includes(NAME))).toBe(true)
    expect(viaProxy.log.join('\n')).toMatch(/upstream proxy: https via http:\/\/127\.0\.0\.1:\d+/)
  })

  it('reports the allowed destinations as going through the upstream proxy', () => {
    const egress = viaProxy.results.agents[0].egress
    const rules = egress?.steps.flatMap((s) =>
      s.destinations.map((d) => `${d.host} ${d.outcome} ${d.rule}`)
    )
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${NAME} allowed .*via upstream proxy`))
      ])
    )
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${BYPASSED} allowed (?!.*upstream)`))
      ])
    )
  })
})
