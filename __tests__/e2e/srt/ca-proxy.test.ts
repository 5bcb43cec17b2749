// Issue 22 item 3 in srt mode, against real sandboxes: an HTTPS server on loopback with a
// certificate from a CA made with openssl, its name in /etc/hosts (removed afterwards) on the
// agent's allowlist. curl, python3's urllib and node's TLS refuse it without caCertificates and
// trust it with them; with HTTPS_PROXY set on the runner, allowed requests go through that
// (recording) upstream and refused ones never reach it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import { emptyEgressConfig } from '../../../src/runtime/egress/index.js'
import { createSrtRuntime, SRT_DEFAULTS } from '../../../src/runtime/srt/index.js'
import type { AgentSession } from '../../../src/runtime/types.js'
import { agentPlan } from '../../helpers/plan.js'
import { addHostNames } from '../egress/fixtures.js'
import {
  makeTestCa,
  nodeTlsCommand,
  startRecordingProxy,
  startTlsServer,
  type Listening
} from '../egress/tls-fixtures.js'

const NAME = 'ca.srt.test'
const DENIED = 'denied-ca.srt.test'
const root = mkdtempSync(join(tmpdir(), 'srt-ca-'))
chmodSync(root, 0o755)
let restoreHosts: () => void = () => undefined
let server: Listening
let proxy: Listening & { seen: string[] }

beforeAll(async () => {
  makeTestCa(root, [NAME, DENIED])
  chmodSync(join(root, 'ca.pem'), 0o644)
  restoreHosts = addHostNames([NAME, DENIED], 'srt-ca')
  server = await startTlsServer(root, 'hello through TLS\n')
  proxy = await startRecordingProxy()
})

afterAll(async () => {
  restoreHosts()
  await server?.close()
  await proxy?.close()
  rmSync(root, { recursive: true, force: true })
})

function agent(id: string, ca: boolean): AgentPlan {
  const workspace = join(root, id)
  mkdirSync(workspace, { recursive: true })
  return agentPlan({
    id,
    mode: 'srt',
    workspace,
    srt: { ...SRT_DEFAULTS },
    egress: {
      ...emptyEgressConfig(),
      allowedDomains: [NAME],
      allowedPrivateRanges: ['127.0.0.1/32']
    },
    ...(ca ? { caCertificates: [join(root, 'ca.pem')] } : {})
  })
}

type Out = { code: number | null; text: string }

async function runAll(a: AgentPlan): Promise<Record<string, Out>> {
  const s: AgentSession = await createSrtRuntime().start(a, {
    runId: 'r',
    outDir: root,
    log: () => {}
  })
  const commands: Record<string, string> = {
    curl: `curl -sS -m 20 https://${NAME}:${server.port}/`,
    python: `python3 -c "import urllib.request as u; print(u.urlopen('https://${NAME}:${server.port}/', timeout=20).read().decode())"`,
    node: nodeTlsCommand(NAME, server.port),
    refused: `curl -sS -m 20 -o /dev/null https://${DENIED}:${server.port}/`,
    vars: 'echo "$SSL_CERT_FILE|$NODE_EXTRA_CA_CERTS|$REQUESTS_CA_BUNDLE|$PIP_CERT|$CURL_CA_BUNDLE|$GIT_SSL_CAINFO"',
    override: 'echo "$PIP_CERT"'
  }
  const out: Record<string, Out> = {}
  try {
    let i = 0
    for (const [name, command] of Object.entries(commands)) {
      s.beginStep!({ index: i++, name, egress: true })
      const r = await s.exec({
        command,
        cwd: a.workspace,
        // A step's own env: wins over the CA variables.
        env: name === 'override' ? { PIP_CERT: '/step/own.pem' } : {},
        timeoutMs: 30_000,
        maxOutputBytes: 65536
      })
      out[name] = { code: r.exitCode, text: `${r.stdout}${r.stderr}` }
    }
  } finally {
    await s.close()
  }
  return out
}

describe('command_line_ca_certificates and the runner proxy in srt mode', () => {
  it('without the CA, curl, python and node refuse the server', async () => {
    const r = await runAll(agent('without', false))
    expect(r.curl.code).toBe(60)
    expect(r.python.text).toMatch(/CERTIFICATE_VERIFY_FAILED/)
    expect(r.node).toMatchObject({ code: 1 })
    expect(r.node.text).toMatch(/UNABLE_TO_VERIFY|SELF_SIGNED|UNABLE_TO_GET_ISSUER/)
    expect(r.vars.text.trim()).toBe('|||||')
    expect(proxy.seen).toEqual([])
  }, 120_000)

  it('with it, all three trust it, the variables name one bundle', async () => {
    const r = await runAll(agent('with', true))
    for (const name of ['curl', 'python', 'node'])
      expect(r[name]).toEqual({ code: 0, text: expect.stringContaining('hello through TLS') })
    const vars = r.vars.text.trim().split('|')
    expect(new Set(vars).size).toBe(1)
    expect(vars[0]).toMatch(/\/mgx-ca-[^/]+\/ca-certificates\.crt$/)
    expect(r.override.text.trim()).toBe('/step/own.pem')
    expect(proxy.seen).toEqual([])
  }, 120_000)

  it("with the runner's HTTPS_PROXY, allowed requests go through it, refused ones never reach it", async () => {
    const saved = process.env.HTTPS_PROXY
    process.env.HTTPS_PROXY = `http://127.0.0.1:${proxy.port}`
    let r: Record<string, Out>
    try {
      r = await runAll(agent('proxied', true))
    } finally {
      if (saved === undefined) delete process.env.HTTPS_PROXY
      else process.env.HTTPS_PROXY = saved
    }
    for (const name of ['curl', 'python', 'node'])
      expect(r[name]).toEqual({ code: 0, text: expect.stringContaining('hello through TLS') })
    expect(r.refused.text).toMatch(/403/)
    expect(proxy.seen).toEqual(Array(3).fill(`CONNECT ${NAME}:${server.port}`))
  }, 120_000)
})
