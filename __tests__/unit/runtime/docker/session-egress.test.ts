// A docker session with command_line_egress against a fake engine (the proxy itself is real, on a
// Unix socket in a temp directory): the container keeps network none and gets the proxy's
// directory read-only plus the proxy variables; the relay is started as nobody, by absolute path
// with the harness PATH, at start and again after a restart and a replacement (before preinstall
// there); a root agent's step makes the session check the relay before the next one; beginStep
// reaches the report; close stops the proxy and removes its directory.
import { STEP_SWEEP } from '../../../../src/runtime/docker/agent-processes.js'
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, realpathSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, DockerConfig } from '../../../../src/config/types.js'
import type { ExecSpec } from '../../../../src/runtime/docker/container-client.js'
import { HARNESS_PATH } from '../../../../src/runtime/docker/exec.js'
import { DockerSession } from '../../../../src/runtime/docker/session.js'
import {
  emptyEgressConfig,
  RELAY_USER,
  type EgressEndpoint
} from '../../../../src/runtime/egress/index.js'
import { dockerAgent } from '../../../helpers/plan.js'
import { FakeClient } from './fake-client.js'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const isRelay = (s: ExecSpec) =>
  s.Cmd.includes('/run/massgen-egress/forward.py') && !s.Cmd.includes('--probe')
const isProbe = (s: ExecSpec) => s.Cmd.includes('--probe')
const isFind = (s: ExecSpec) => s.Cmd[0] === '/bin/sh' && s.Cmd.includes('/usr/local/bin/node')

/** The fake engine, plus relays that live until their container is started again or replaced. */
class EgressEngine extends FakeClient {
  readonly relays = new Set<string>()
  constructor() {
    super()
    this.respond = (spec, c) => {
      if (isFind(spec)) return { stdout: '/usr/bin/python3\n' }
      if (isProbe(spec)) return this.relays.has(c.id) ? { stdout: 'ok\n' } : { exitCode: 1 }
      if (isRelay(spec)) this.relays.add(c.id)
      if (spec.Cmd[2] === 'kill-relay') this.relays.delete(c.id)
      return {}
    }
  }
  async startContainer(id: string): Promise<void> {
    this.relays.delete(id)
    await super.startContainer(id)
  }
}

async function start(client: FakeClient, docker: Partial<DockerConfig> = {}) {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-session-egress-')))
  dirs.push(ws)
  const agent: AgentPlan = dockerAgent(
    {
      workspace: ws,
      egress: { ...emptyEgressConfig(), allowedDomains: ['pypi.org'] },
      maxOutputBytes: 1024
    },
    docker
  )
  const session = await DockerSession.start({
    client,
    agent,
    config: agent.docker!,
    image: 'massgen/mcp-runtime:latest',
    imageId: 'sha256:image',
    runId: 'run-1',
    log: () => undefined,
    cgroupRoots: { proc: join(ws, 'no-proc') }
  })
  return { session, ws }
}

const req = (command: string, cwd: string) => ({
  command,
  cwd,
  env: {},
  timeoutMs: 5_000,
  maxOutputBytes: 1024
})

describe('DockerSession with command_line_egress', () => {
  it('keeps network none, mounts the proxy directory read-only, sets the proxy variables', async () => {
    const client = new EgressEngine()
    const { session } = await start(client)
    const [c] = client.containers.values()
    expect(c.spec.HostConfig.NetworkMode).toBe('none')
    const mount = c.spec.HostConfig.Mounts!.find((m) => m.Target === '/run/massgen-egress')!
    expect(mount).toMatchObject({ Type: 'bind', ReadOnly: true })
    expect(existsSync(join(mount.Source!, 'proxy.sock'))).toBe(true)
    expect(c.spec.Env).toEqual(
      expect.arrayContaining([
        'HTTP_PROXY=http://127.0.0.1:3128',
        'https_proxy=http://127.0.0.1:3128'
      ])
    )
    expect(session.info.limits?.network).toBe('none + egress allowlist')
    await session.close()
    // The proxy is stopped and its directory gone with the container.
    expect(existsSync(mount.Source!)).toBe(false)
  })

  it('starts the relay as nobody, by absolute path with the harness PATH; nothing as root', async () => {
    const client = new EgressEngine()
    const { session, ws } = await start(client)
    await session.exec(req('true', ws))
    const relays = client.execs.filter((e) => isRelay(e.spec))
    expect(relays.map((e) => e.spec)).toEqual([
      {
        Cmd: [
          '/usr/bin/python3',
          '-I',
          '-S',
          '/run/massgen-egress/forward.py',
          '/run/massgen-egress/proxy.sock',
          '3128'
        ],
        User: RELAY_USER,
        // The relay's token for the socket (issue 24), in its environment, never in its argv.
        Env: [`PATH=${HARNESS_PATH}`, expect.stringMatching(/^MASSGEN_EGRESS_TOKEN=[0-9a-f]{64}$/)],
        AttachStdout: false,
        AttachStderr: false,
        Tty: false
      }
    ])
    const harness = client.execs.filter((e) => e.spec.Cmd[2] !== 'true')
    for (const e of harness) {
      expect(e.spec.Cmd[0]).toMatch(/^\//)
      expect(e.spec.Env?.[0]).toBe(`PATH=${HARNESS_PATH}`)
      // The end-of-step sweep is the agent's own (it may signal only its own processes).
      expect(e.spec.User).toBe(e.spec.Cmd[2] === STEP_SWEEP[2] ? '1000:1000' : RELAY_USER)
    }
    await session.close()
  })

  it('starts the relay again after a restart and in a replacement, before preinstall', async () => {
    const client = new EgressEngine()
    const { session, ws } = await start(client, {
      packages: { python: ['click'], npm: [], system: [] }
    })
    const [first] = client.containers.values()
    first.running = false
    await session.exec(req('true', ws))
    expect(client.relays.has(first.id)).toBe(true)
    client.containers.delete(first.id)
    await session.exec(req('true', ws))
    expect(client.relays.has(session.containerId)).toBe(true)
    const order = client.execs
      .map((e) => (isRelay(e.spec) ? 'relay' : e.spec.Cmd.includes('click') ? 'pip' : ''))
      .filter(Boolean)
    expect(order).toEqual(['relay', 'pip', 'relay', 'relay', 'pip'])
    // Preinstall is its own pseudo-step in the report, with egress on.
    expect(session.egressReport()!.steps.map((s) => [s.index, s.name, s.egress])).toEqual([
      [-1, 'preinstall', true]
    ])
    await session.close()
  })

  it('a root agent may kill the relay: the next step with egress checks it first', async () => {
    const client = new EgressEngine()
    const { session, ws } = await start(client, { user: '0:0' })
    session.beginStep({ index: 0, name: 'kill it', egress: true })
    await session.exec(req('kill-relay', ws))
    expect(client.relays.size).toBe(0)
    session.beginStep({ index: 1, name: 'offline', egress: false })
    await session.exec(req('true', ws))
    expect(client.relays.size).toBe(0)
    session.beginStep({ index: 2, name: 'online', egress: true })
    await session.exec(req('true', ws))
    expect(client.relays.size).toBe(1)
    expect(session.egressReport()!.steps.map((s) => [s.index, s.name, s.egress])).toEqual([
      [0, 'kill it', true],
      [1, 'offline', false],
      [2, 'online', true]
    ])
    await session.close()
  })

  it("a step's refusals become its note (as in srt mode); a later step has none", async () => {
    const client = new EgressEngine()
    const { session, ws } = await start(client)
    // What the proxy records when the step's request is refused (the engine is a fake).
    const { endpoint } = (session as unknown as { egress: { endpoint: EgressEndpoint } }).egress
    const respond = client.respond
    client.respond = (spec, c) => {
      if (spec.Cmd[2] === 'curl evil')
        endpoint.proxy.events.record('evil.test', 443, 'refused', {
          allowed: false,
          rule: 'not-listed',
          reason: 'evil.test is not listed'
        })
      return respond(spec, c)
    }
    session.beginStep({ index: 0, name: 'fetch', egress: true })
    expect((await session.exec(req('curl evil', ws))).note).toBe('network refused: evil.test:443')
    session.beginStep({ index: 1, egress: true })
    expect((await session.exec(req('true', ws))).note).toBeUndefined()
    await session.close()
  })

  it('a container that cannot run the relay fails the start and leaves nothing behind', async () => {
    const client = new EgressEngine()
    const respond = client.respond
    client.respond = (spec, c) => (isFind(spec) ? { exitCode: 1 } : respond(spec, c))
    await expect(start(client)).rejects.toThrow(/the image has no python3 or node/)
    expect(client.containers.size).toBe(0)
  })
})
