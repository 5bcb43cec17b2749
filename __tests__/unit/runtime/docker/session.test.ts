// The docker session's jobs against a fake engine: recovery when the container stopped or
// vanished behind the run's back, the timeout kill and its verification (and the restart when
// processes survive), OOM and a container lost under a step told apart, and the rule that every
// exec the harness makes for itself runs a root-owned program by absolute path with a clean PATH.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, realpathSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, DockerConfig } from '../../../../src/config/types.js'
import {
  agentSurvivors,
  BACKGROUND_MARKER,
  STEP_SWEEP,
  parseProcessListing,
  parseTop,
  PROCESS_LISTING
} from '../../../../src/runtime/docker/agent-processes.js'
import { HARNESS_PATH } from '../../../../src/runtime/docker/exec.js'
import { DockerSession } from '../../../../src/runtime/docker/session.js'
import type { ExecRequest } from '../../../../src/runtime/types.js'
import { dockerAgent } from '../../../helpers/plan.js'
import { FakeClient } from './fake-client.js'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

function workspace(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-session-')))
  dirs.push(d)
  return d
}

function plan(ws: string, extra: Partial<DockerConfig> = {}): AgentPlan {
  return dockerAgent({ workspace: ws, maxOutputBytes: 1024 }, extra)
}

async function start(client: FakeClient, extra: Partial<AgentPlan['docker']> = {}) {
  const ws = workspace()
  const agent = plan(ws, extra)
  const session = await DockerSession.start({
    client,
    agent,
    config: agent.docker!,
    image: 'massgen/mcp-runtime:latest',
    imageId: 'sha256:image',
    runId: 'run-1',
    log: () => undefined,
    // No host /proc for the fake container: the OOM counter is read by exec.
    cgroupRoots: { proc: join(ws, 'no-proc') }
  })
  return { session, ws }
}

const req = (command: string, cwd: string, extra: Partial<ExecRequest> = {}): ExecRequest => ({
  command,
  cwd,
  env: {},
  timeoutMs: 5_000,
  maxOutputBytes: 1024,
  ...extra
})

/** Every exec that is not one of the agent's own step commands. */
function harnessExecs(client: FakeClient, agentCommands: string[]) {
  return client.execs.filter(
    (e) => !(e.spec.Cmd[0] === '/bin/sh' && agentCommands.includes(e.spec.Cmd[2]))
  )
}

/** A root listing (its own pid first) with the init, a zombie of the agent's and the ps itself. */
const LISTING_WITHOUT_SURVIVORS = [
  '42',
  '    1 65534 Ss   /sbin/docker-init -- /bin/sleep infinity',
  '    7 65534 S    /bin/sleep infinity',
  '    9  1000 Z    [sleep] <defunct>',
  '   42     0 R    /bin/ps -e -o pid=,uid=,stat=,args=',
  ''
].join('\n')

describe('parseProcessListing', () => {
  it('leaves out the listing itself and names each program as ps would', () => {
    expect(parseProcessListing(LISTING_WITHOUT_SURVIVORS)).toEqual([
      {
        pid: 1,
        uid: 65534,
        stat: 'Ss',
        comm: 'docker-init',
        args: '/sbin/docker-init -- /bin/sleep infinity'
      },
      { pid: 7, uid: 65534, stat: 'S', comm: 'sleep', args: '/bin/sleep infinity' },
      { pid: 9, uid: 1000, stat: 'Z', comm: '[sleep]', args: '[sleep] <defunct>' }
    ])
  })

  it('gives the same survivors as the engine list would: no zombie, no init, no listing', () => {
    const rows = parseProcessListing(LISTING_WITHOUT_SURVIVORS)
    expect(agentSurvivors(rows, 1000, false)).toEqual([])
    expect(agentSurvivors(rows, 0, true)).toEqual([])
    expect(agentSurvivors(rows, 65534, false).map((r) => r.pid)).toEqual([7])
  })
})

describe('parseTop / agentSurvivors', () => {
  const rows = parseTop(
    ['PID', 'UID', 'STAT', 'COMMAND'],
    [
      ['10', '0', 'Ss', 'docker-init'],
      ['11', '65534', 'S', 'sleep'],
      ['12', '1000', 'S', 'sleep'],
      ['13', '1000', 'Z', 'python3'],
      ['14', '0', 'S', 'sleep']
    ]
  )

  it('counts the agent uid’s live processes, not zombies, init or the keepalive', () => {
    expect(agentSurvivors(rows, 1000, false).map((r) => r.comm)).toEqual(['sleep'])
  })

  it('with sudo, root processes other than init are the agent’s too', () => {
    expect(agentSurvivors(rows, 1000, true)).toHaveLength(2)
  })

  it('never counts the init, even for an agent run as root', () => {
    expect(agentSurvivors(rows, 0, false).map((r) => r.comm)).toEqual(['sleep'])
  })

  it('refuses columns it cannot read', () => {
    expect(() => parseTop(['PID', 'CMD'], [])).toThrow(/unexpected top columns/)
  })
})

describe('DockerSession against a fake engine', () => {
  it('creates one hardened, labelled container and runs steps as the agent uid', async () => {
    const client = new FakeClient()
    client.respond = () => ({ stdout: 'hi\n' })
    const { session, ws } = await start(client)
    const r = await session.exec(req('echo hi', ws))
    expect(r).toMatchObject({ exitCode: 0, stdout: 'hi\n', oom: false, timedOut: false })
    const [c] = client.containers.values()
    expect(c.spec.HostConfig).toMatchObject({ ReadonlyRootfs: true, CapDrop: ['ALL'] })
    expect(c.spec.Labels).toMatchObject({
      'io.massgen-exec.run-id': 'run-1',
      'io.massgen-exec.owner.pid': String(process.pid)
    })
    expect(client.execs[0].spec).toMatchObject({
      User: '1000:1000',
      Cmd: ['/bin/sh', '-c', 'echo hi']
    })
    await session.close()
    expect(client.containers.size).toBe(0)
  })

  it('starts a container that stopped behind its back and runs the step in it', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    const [c] = client.containers.values()
    c.running = false
    const r = await session.exec(req('true', ws))
    expect(r.exitCode).toBe(0)
    expect(c.running).toBe(true)
    expect(client.calls.filter((x) => x.startsWith('start'))).toHaveLength(2)
    await session.close()
  })

  it('replaces a container removed behind its back, with the same spec, and runs the step there', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client, {
      packages: { python: ['click'], npm: [], system: [] }
    })
    const before = session.containerId
    const spec = client.containers.get(before)!.spec
    client.containers.delete(before)
    const r = await session.exec(req('true', ws))
    expect(r.exitCode).toBe(0)
    expect(session.containerId).not.toBe(before)
    expect(client.containers.get(session.containerId)!.spec).toEqual(spec)
    // The replacement was provisioned again (preinstall runs before the step).
    const pips = client.execs.filter((e) => e.spec.Cmd.includes('click'))
    expect(pips).toHaveLength(2)
    await session.close()
  })

  it('reports a step whose container vanished under it as lost, not as a failure', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec, c) => {
      if (spec.Cmd[2] === 'sleep 100') {
        setImmediate(() => client.containers.delete(c.id))
        return { exitCode: 137 }
      }
      return {}
    }
    const r = await session.exec(req('sleep 100', ws))
    expect(r.sandboxLost).toBe('the container was removed during the step')
    expect(r.oom).toBe(false)
    await session.close()
  })

  it('tells an OOM kill (the cgroup counter rose) from the container being lost', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client, { memoryBytes: 256 * 1024 * 1024 })
    let kills = 0
    client.respond = (spec) => {
      if (spec.Cmd[2]?.includes('oom_control')) return { stdout: `oom_kill ${kills}\n` }
      if (spec.Cmd[2] === 'allocate') {
        kills++
        return { exitCode: 137 }
      }
      return {}
    }
    const r = await session.exec(req('allocate', ws))
    expect(r).toMatchObject({ exitCode: 137, oom: true })
    expect(r.sandboxLost).toBeUndefined()
    await session.close()
  })

  it('on a timeout kills as the agent uid, asks the engine who is left, and stops there when none is', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'kill -9 -1') client.endHanging()
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    const r = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(r).toMatchObject({ timedOut: true, exitCode: null })
    expect(r.note).toBeUndefined()
    const kill = client.execs.find((e) => e.spec.Cmd[2] === 'kill -9 -1')!
    expect(kill.spec.User).toBe('1000:1000')
    expect(client.calls).toContain('top')
    expect(client.calls.filter((c) => c.startsWith('kill '))).toEqual([])
    await session.close()
  })

  it('restarts the container when processes survive the kill (the engine still lists them)', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec) => (spec.Cmd[2] === 'sleep 300' ? { hang: true } : {})
    // A process of uid 1000 that no kill ends (as one started through sudo would be, as root).
    client.topReply = () => ({
      Titles: ['PID', 'UID', 'STAT', 'COMMAND'],
      Processes: [['99', '1000', 'S', 'sleep']]
    })
    const r = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(r.timedOut).toBe(true)
    expect(r.note).toMatch(/container restarted after processes of the agent survived kill -9/)
    expect(client.calls.filter((c) => c.startsWith('kill '))).toHaveLength(1)
    await session.close()
  })

  it('a root agent whose kill also ended the keepalive gets its container restarted at once', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client, { user: '0:0' })
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'kill -9 -1') client.endHanging()
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    // Only the init (run as the container's user, nobody) is left: the container is about to stop.
    client.topReply = () => ({
      Titles: ['PID', 'UID', 'STAT', 'COMMAND'],
      Processes: [['1', '65534', 'S', 'docker-init']]
    })
    const r = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(r.timedOut).toBe(true)
    expect(r.note).toMatch(/also ended the container's main process \(uid 0 can signal it\)/)
    expect(client.calls.filter((c) => c.startsWith('kill '))).toHaveLength(1)
    expect(client.execs.filter((e) => e.spec.Cmd[2] === 'kill -9 -1')).toHaveLength(1)
    // With the keepalive still listed, nothing is restarted.
    client.topReply = () => ({
      Titles: ['PID', 'UID', 'STAT', 'COMMAND'],
      Processes: [
        ['1', '65534', 'S', 'docker-init'],
        ['7', '65534', 'S', 'sleep']
      ]
    })
    const again = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(again.note).toBeUndefined()
    expect(client.calls.filter((c) => c.startsWith('kill '))).toHaveLength(1)
    await session.close()
  })

  /** A step that times out where the engine cannot list processes; the root listing says `listing`. */
  async function timeoutWithoutEngineList(listing: string) {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.topReply = () => {
      throw new Error('top not supported')
    }
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'kill -9 -1') client.endHanging()
      if (JSON.stringify(spec.Cmd) === JSON.stringify(PROCESS_LISTING)) return { stdout: listing }
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    const r = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    await session.close()
    return { client, r }
  }

  it('falls back to a root ps listing, by absolute path, when the engine cannot list processes', async () => {
    // The init, a zombie of the agent's the init has yet to reap, the listing itself: none is a
    // survivor, so the container is not restarted.
    const { client, r } = await timeoutWithoutEngineList(LISTING_WITHOUT_SURVIVORS)
    expect(r).toMatchObject({ timedOut: true })
    expect(r.note).toBeUndefined()
    const listing = client.execs.find((e) => e.spec.Cmd[2] === PROCESS_LISTING[2])!
    expect(listing.spec).toMatchObject({ User: '0:0', Env: [`PATH=${HARNESS_PATH}`] })
  })

  it('restarts the container when the root ps listing still shows a live process of the agent', async () => {
    const { r } = await timeoutWithoutEngineList(
      `${LISTING_WITHOUT_SURVIVORS}   12  1000 S    /bin/sleep 600\n`
    )
    expect(r.note).toMatch(/survived kill -9/)
  })

  it('runs every harness exec by absolute path with the root-owned PATH, never as root but the process listing', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client, {
      memoryBytes: 1 << 30,
      packages: { python: ['click'], npm: ['left-pad'], system: [] }
    })
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'kill -9 -1') client.endHanging()
      if (spec.Cmd[2]?.includes('oom_control')) return { stdout: 'oom_kill 0\n' }
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    await session.writeFile(join(ws, 'f.txt'), 'x\n')
    await session.readFile(join(ws, 'f.txt'), 0)
    await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    await session.execBackground(req('sleep 9', ws), 'bg')
    await session.saveLogs(join(ws, 'logs'))
    const execs = harnessExecs(client, ['sleep 300', 'sleep 9'])
    // write, read, oom counter x2, kill, top (not an exec), pip, npm, kill at the end
    expect(execs.length).toBeGreaterThanOrEqual(7)
    for (const e of execs) {
      expect(e.spec.Cmd[0]).toMatch(/^\//)
      expect(e.spec.Env).toEqual([`PATH=${HARNESS_PATH}`])
      expect(e.spec.User).not.toBe('0:0')
    }
    await session.close()
  })
})

describe('the end of a step kills what it left running', () => {
  const sweeps = (client: FakeClient) => client.execs.filter((e) => e.spec.Cmd[2] === STEP_SWEEP[2])

  it('sweeps as the agent uid, by absolute path with the harness PATH, after every step but a timed-out one', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'kill -9 -1') client.endHanging()
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    await session.exec(req('sleep 300 &', ws))
    await session.exec(req('false', ws))
    expect(sweeps(client)).toHaveLength(2)
    for (const e of sweeps(client)) {
      expect(e.spec.User).toBe('1000:1000')
      expect(e.spec.Cmd[0]).toBe('/bin/sh')
      expect(e.spec.Env).toEqual([`PATH=${HARNESS_PATH}`])
    }
    // A timeout's kill already ended everything: no second sweep.
    await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(sweeps(client)).toHaveLength(2)
    // Nothing survived: no kill of the whole uid, no restart.
    expect(client.calls.filter((c) => c.startsWith('kill '))).toEqual([])
    await session.close()
  })

  it('survivors of every round, with no background step: the timeout’s kill, which restarts the container if they outlive it', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec) => (spec.Cmd[2] === STEP_SWEEP[2] ? { exitCode: 3, stdout: '2\n' } : {})
    client.topReply = () => ({
      Titles: ['PID', 'UID', 'STAT', 'COMMAND'],
      Processes: [['99', '1000', 'S', 'sleep']]
    })
    const r = await session.exec(req('setsid sleep 300 &', ws))
    expect(r.exitCode).toBe(0)
    expect(client.execs.some((e) => e.spec.Cmd[2] === 'kill -9 -1')).toBe(true)
    expect(r.note).toMatch(
      /container restarted after processes of the agent survived kill -9 after the end of the step/
    )
    await session.close()
  })

  it('spares background steps: their exec carries the marker, and survivors then only get a note', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.respond = (spec) => {
      if (spec.Cmd[2] === 'serve') return { hang: true }
      return spec.Cmd[2] === STEP_SWEEP[2] ? { exitCode: 3, stdout: '1\n' } : {}
    }
    await session.execBackground(req('serve', ws), 'server')
    const bg = client.execs.find((e) => e.spec.Cmd[2] === 'serve')!
    expect(bg.spec.Env).toContain(`${BACKGROUND_MARKER}=server`)
    expect(STEP_SWEEP[2]).toContain(`'^${BACKGROUND_MARKER}='`)
    const r = await session.exec(req('sleep 300 &', ws))
    expect(r.note).toMatch(
      /1 process\(es\) of the step survived 5 rounds.*background step is running/
    )
    expect(client.execs.some((e) => e.spec.Cmd[2] === 'kill -9 -1')).toBe(false)
    expect(client.calls.filter((c) => c.startsWith('kill '))).toEqual([])
    client.endHanging()
    await session.close()
  })
})
