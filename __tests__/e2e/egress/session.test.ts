// The docker session keeps egress working through what happens to a container during a run, on
// the real engine: a step's timeout (the agent's processes killed, the relay not among them), the
// container killed behind the run's back (restarted: the relay started again), removed (replaced:
// the relay in the new container), and a sudo agent killing the relay itself (checked and started
// again before its next step with egress; as plain root without capabilities it could not: the
// relay is another uid). Names: /etc/hosts, removed by marker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
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

const runId = newRunId('egress-session')
const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
let restoreHosts: () => void = () => undefined
let server: HostServer
let dir: string
const sessions: AgentSession[] = []
const dirs: string[] = []

const egress = {
  ...emptyEgressConfig(),
  allowedDomains: ['allowed.test'],
  allowedPrivateRanges: ['127.0.0.1/32']
}

async function start(id: string, sudo = false): Promise<{ session: AgentSession; ws: string }> {
  const ws = await tempDir(`egress-session-${id}`)
  dirs.push(ws)
  const docker = sudo
    ? { enableSudo: true, image: 'massgen/mcp-runtime-sudo:latest', readOnlyRootfs: false }
    : {}
  const plan = agentPlan(id, ws, { egress }, docker)
  const session = await runtime.start(plan, { runId, outDir: dir, log: () => undefined })
  sessions.push(session)
  session.beginStep?.({ index: 0, name: 'first', egress: true })
  return { session, ws }
}

const curl = (ws: string) =>
  request(`curl -sS -m 20 -o /dev/null -w '%{http_code}' http://allowed.test:${server.port}/`, ws)

const containerOf = (s: AgentSession) => (s as unknown as { containerId: string }).containerId

beforeAll(async () => {
  await ensureRuntimeImage()
  await ensureRuntimeImage(true)
  restoreHosts = addHostNames(['allowed.test'], 'e2e-egress-session')
  server = await startHostServer([])
  dir = await tempDir('egress-session-out')
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  await Promise.allSettled(sessions.map((s) => s.close()))
  await sweepRun(client, runId)
  await server?.close()
  restoreHosts()
  for (const d of [...dirs, dir]) if (d) await rm(d, { recursive: true, force: true })
})

describe('egress through a docker session’s restarts and replacements', () => {
  it('a timed-out step ends the agent’s processes but not the relay', async () => {
    const { session, ws } = await start('timeout')
    expect((await session.exec(curl(ws))).stdout).toBe('200')
    const slow = await session.exec(request('sleep 60', ws, { timeoutMs: 1000 }))
    expect(slow.timedOut).toBe(true)
    expect(slow.note).toBeUndefined() // no restart was needed
    expect((await session.exec(curl(ws))).stdout).toBe('200')
  }, 120_000)

  it('a container killed behind the run’s back is restarted with its relay', async () => {
    const { session, ws } = await start('restart')
    await client.killContainer(containerOf(session))
    const r = await session.exec(curl(ws))
    expect([r.exitCode, r.stdout]).toEqual([0, '200'])
  }, 120_000)

  it('a container removed behind the run’s back is replaced, relay included', async () => {
    const { session, ws } = await start('replace')
    const before = containerOf(session)
    await client.removeContainer(before)
    const r = await session.exec(curl(ws))
    expect([r.exitCode, r.stdout]).toEqual([0, '200'])
    expect(containerOf(session)).not.toBe(before)
    await session.saveLogs?.(join(dir, 'replace'))
    const log = await readFile(join(dir, 'replace', 'docker_container.log'), 'utf8')
    expect(log).toMatch(/egress relay ready at start \(\/usr\/bin\/python3/)
    expect(log).toMatch(/egress relay ready in the replacement/)
  }, 120_000)

  it('a sudo agent that kills the relay gets it back before its next step with egress', async () => {
    const { session, ws } = await start('sudo', true)
    const kill = await session.exec(
      request(
        "sudo -n pkill -9 -f 'massgen-egres[s]/forward'; sleep 0.3; pgrep -f 'massgen-egres[s]/forward' || echo gone",
        ws
      )
    )
    expect(kill.stdout.trim()).toBe('gone')
    session.beginStep?.({ index: 1, name: 'offline', egress: false })
    const off = await session.exec(curl(ws))
    expect(off.stdout).not.toBe('200')
    session.beginStep?.({ index: 2, name: 'online', egress: true })
    expect((await session.exec(curl(ws))).stdout).toBe('200')
  }, 120_000)
})
