// Issue 22 item 3 through the product (runPipeline, docker, the real engine and image): an HTTPS
// server on the host's loopback with a certificate from a CA made here with openssl, reached by
// a name in /etc/hosts (removed again by its marker) on the egress allowlist.
// - without command_line_ca_certificates curl, python3's urllib and node's TLS refuse the server;
//   with it they trust it (and public roots stay in the bundle, the root fs stays read-only);
// - with HTTPS_PROXY / HTTP_PROXY set on the runner (a CONNECT proxy written here, recording what
//   it is asked), allowed requests go through it, NO_PROXY names do not, refusals stay ours and
//   never reach it.
// The node step opens the tunnel itself (see nodeTlsCommand: fetch reads no proxy variables
// before Node 22.21/24.5) and checks the server with the trust store fetch uses.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AgentResult, RunResults } from '../../../src/report/types.js'
import { runPipeline } from '../../../src/run/pipeline.js'
import { ensureRuntimeImage, IMAGE_TIMEOUT_MS, tempDir } from '../docker/helpers.js'
import { addHostNames } from './fixtures.js'
import {
  makeTestCa,
  nodeTlsCommand,
  startPlainServer,
  startRecordingProxy,
  startTlsServer,
  type Listening
} from './tls-fixtures.js'

const NAME = 'ca.test'
const DENIED = 'denied-ca.test'
const BYPASSED = 'direct-ca.test'
let restoreHosts: () => void = () => undefined
let dir: string
let tlsServer: Listening
let plainServer: Listening
let tlsPort: number
let plainPort: number
/** The runner's proxy; `seen`: `CONNECT host:port` or `GET http://…`. */
let proxy: Listening & { seen: string[] }

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
        step('node', nodeTlsCommand(NAME, tlsPort)),
        step('plain http', `curl -sS -m 20 http://${NAME}:${plainPort}/`, false),
        step(
          'refused',
          `curl -sS -m 20 -o /dev/null -w '%{http_code}' https://${DENIED}:${tlsPort}/`
        ),
        step('bypassed', `curl -sS -m 20 https://${BYPASSED}:${tlsPort}/`),
        { ...step('override', 'echo "$PIP_CERT"'), env: { PIP_CERT: '/step/own.pem' } },
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
  makeTestCa(dir, [NAME, DENIED, BYPASSED])
  restoreHosts = addHostNames([NAME, DENIED, BYPASSED], 'e2e-egress-ca')
  tlsServer = await startTlsServer(dir, 'hello through TLS\n')
  tlsPort = tlsServer.port
  plainServer = await startPlainServer('hello in plain HTTP\n')
  plainPort = plainServer.port
  proxy = await startRecordingProxy()

  const ca = [join(dir, 'ca.pem')]
  without = await run('without', undefined)
  withCa = await run('with', ca)
  expect(proxy.seen).toEqual([])
  viaProxy = await run('proxy', ca, {
    HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`,
    HTTP_PROXY: `http://127.0.0.1:${proxy.port}`,
    NO_PROXY: `example.invalid,${BYPASSED}`
  })
  seenViaProxy = [...proxy.seen]
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  restoreHosts()
  await Promise.all([tlsServer, plainServer, proxy].map((s) => s?.close()))
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
    // A step's own env: wins over the CA variables.
    expect(out(withCa, 'override').text).toBe('/step/own.pem\n')
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
