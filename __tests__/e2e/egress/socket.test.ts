// Issue 24 item 3 on the real engine: a docker agent's egress socket (bind-mounted into its
// container, 0666 in a 0755 directory so that the relay's uid can connect) serves only the agent's
// relay. Another host user (`runner`, uid 1001) connecting to it and asking for the allowlisted
// name is refused, and so is root on the host; nothing of theirs is recorded as the agent's egress;
// the agent's own requests through the relay still pass. Names: /etc/hosts, removed by marker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { connectAs } from '../../../src/isolation/probes/egress-socket.js'
import { verifyIsolation } from '../../../src/isolation/verify.js'
import { createDockerRuntime, sweepRun } from '../../../src/runtime/docker/index.js'
import { emptyEgressConfig } from '../../../src/runtime/egress/index.js'
import type { AgentSession } from '../../../src/runtime/types.js'
import {
  agentPlan,
  client,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  request,
  tempDir
} from '../docker/helpers.js'
import { addHostNames, startHostServer, type HostServer } from './fixtures.js'
import { VERIFY_TIMEOUT_MS, workDir, writeConfig } from '../isolation/helpers.js'

const runId = newRunId('egress-socket')
const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
let restoreHosts: () => void = () => undefined
let server: HostServer
let dir: string
let ws: string
let session: AgentSession
let socketPath: string

const ATTEMPT = (path: string, port: number) =>
  `const s=require('net').connect({path:${JSON.stringify(path)}});let d='';` +
  `s.on('data',x=>d+=x);s.on('error',e=>{console.log('ERROR '+e.code)});` +
  `s.on('close',()=>console.log(d.split('\\r\\n')[0]));` +
  `s.on('connect',()=>s.write('GET http://allowed.test:${port}/ HTTP/1.1\\r\\nHost: allowed.test\\r\\nConnection: close\\r\\n\\r\\n'))`

/** As the host user `runner` (uid 1001), the way the issue's attack ran. */
function asRunner(script: string): Promise<string> {
  return new Promise((resolve) =>
    execFile(
      'su',
      ['runner', '-s', '/bin/sh', '-c', `"${process.execPath}" -e "$0"`, script],
      { timeout: 20_000 },
      (err, stdout, stderr) => resolve(`${stdout}${err ? ` ${stderr}` : ''}`.trim())
    )
  )
}

const curl = () =>
  request(`curl -sS -m 20 -o /dev/null -w '%{http_code}' http://allowed.test:${server.port}/`, ws)

beforeAll(async () => {
  await ensureRuntimeImage()
  restoreHosts = addHostNames(['allowed.test'], 'e2e-egress-socket')
  server = await startHostServer([])
  dir = await tempDir('egress-socket-out')
  ws = await tempDir('egress-socket-ws')
  const egress = {
    ...emptyEgressConfig(),
    allowedDomains: ['allowed.test'],
    allowedPrivateRanges: ['127.0.0.1/32']
  }
  session = await runtime.start(agentPlan('sock', ws, { egress }), {
    runId,
    outDir: dir,
    log: () => undefined
  })
  session.beginStep?.({ index: 0, name: 'first', egress: true })
  const id = (session as unknown as { containerId: string }).containerId
  const mount = (await client.inspectContainer(id)).Mounts?.find(
    (m) => m.Destination === '/run/massgen-egress'
  )
  socketPath = join(mount!.Source, 'proxy.sock')
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  await session?.close().catch(() => undefined)
  await sweepRun(client, runId)
  await server?.close()
  restoreHosts()
  for (const d of [dir, ws]) if (d) await rm(d, { recursive: true, force: true })
})

describe('the docker egress socket serves only the agent’s relay (issue 24)', () => {
  it('the agent reaches the allowlisted name through its relay', async () => {
    expect((await session.exec(curl())).stdout).toBe('200')
  }, 60_000)

  it('another host uid (runner, 1001) can connect to the socket but is refused', async () => {
    expect(await asRunner('process.stdout.write(String(process.getuid()))')).toBe('1001')
    expect(await asRunner(ATTEMPT(socketPath, server.port))).toBe('HTTP/1.1 403 Forbidden')
  }, 60_000)

  it('so are root and nobody on the host, without the relay token', async () => {
    expect(await connectAs(socketPath, 'allowed.test', server.port)).toBe('HTTP/1.1 403 Forbidden')
    expect(await connectAs(socketPath, 'allowed.test', server.port, 65534)).toBe(
      'HTTP/1.1 403 Forbidden'
    )
  }, 60_000)

  it('nothing of theirs is recorded as the agent’s egress; the agent still gets through', async () => {
    expect((await session.exec(curl())).stdout).toBe('200')
    // Two requests, both the agent's; the refused connections never reached the proxy's HTTP side.
    expect(session.egressReport?.()?.totals).toEqual({ allowed: 2, refused: 0, failed: 0 })
  }, 60_000)
})

describe('probe 28 (egress-socket) in verify-isolation', () => {
  it(
    'passes on an egress agent: root and nobody on the host refused, the token unreadable',
    async () => {
      const wd = await workDir('egress-socket-probe')
      const config = await writeConfig(
        wd,
        'agent:\n  id: sock\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n' +
          '    command_line_egress:\n      presets: [python]\n'
      )
      const { report } = await verifyIsolation({
        configPath: config,
        outDir: join(wd, 'out'),
        workingDirectory: wd,
        imagePolicy: 'never',
        log: () => undefined,
        probes: ['egress-allowed', 'egress-socket']
      })
      const r = report.agents[0].results.find((x) => x.id === 'egress-socket')!
      expect([r.status, r.detail]).toEqual([
        'pass',
        expect.stringMatching(
          /refused connections without the relay token \(uid 0: HTTP\/1\.1 403 Forbidden, uid 65534: HTTP\/1\.1 403 Forbidden\); the relay's environment is unreadable to the agent$/
        )
      ])
    },
    VERIFY_TIMEOUT_MS
  )
})
