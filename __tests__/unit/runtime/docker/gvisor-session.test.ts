// The docker runtime and session under gVisor, against a fake engine: the runtime is checked
// against the engine's list once, before any image work or container; a step under which the
// sandbox ends (OOM, the pids limit, a kill from outside) is told apart from the engine's own
// records, the container is started again (which also ends runsc's held exec stream) and the
// result says so; the timeout kill is verified by a ps listing as root, never by the engine's `top`.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, realpathSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, DockerConfig } from '../../../../src/config/types.js'
import { isEnvironmentError } from '../../../../src/errors.js'
import { createDockerRuntime } from '../../../../src/runtime/docker/runtime.js'
import {
  classifySandboxEnd,
  sandboxEndHint,
  sandboxEndNote
} from '../../../../src/runtime/docker/sandbox-end.js'
import { DockerSession } from '../../../../src/runtime/docker/session.js'
import { PROCESS_LISTING } from '../../../../src/runtime/docker/agent-processes.js'
import type { ContainerInspect } from '../../../../src/runtime/docker/container-client.js'
import type { ExecRequest } from '../../../../src/runtime/types.js'
import { dockerAgent } from '../../../helpers/plan.js'
import { FakeClient } from './fake-client.js'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

function workspace(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-gvisor-')))
  dirs.push(d)
  return d
}

const GVISOR = {
  hostConfigRuntime: 'runsc',
  name: 'runsc',
  gvisor: true,
  gvisorNetwork: 'none'
} as const

function plan(ws: string, extra: Partial<DockerConfig> = {}): AgentPlan {
  return dockerAgent(
    { workspace: ws, maxOutputBytes: 1024 },
    { runtime: 'runsc', pidsLimit: 4096, ...extra }
  )
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
    runtime: GVISOR,
    log: () => undefined,
    cgroupRoots: { proc: join(ws, 'no-proc') }
  })
  const [c] = client.containers.values()
  return { session, ws, c }
}

const req = (command: string, cwd: string, extra: Partial<ExecRequest> = {}): ExecRequest => ({
  command,
  cwd,
  env: {},
  timeoutMs: 5_000,
  maxOutputBytes: 1024,
  ...extra
})

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('the docker runtime checks the configured runtime against the engine', () => {
  it('refuses a runtime the engine does not list before any image or container work (exit 2)', async () => {
    const client = new FakeClient()
    const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
    const err = await runtime
      .start(plan(workspace()), { runId: 'r', outDir: workspace(), log: () => undefined })
      .catch((e: unknown) => e)
    expect(isEnvironmentError(err)).toBe(true)
    expect((err as { hint: string }).hint).toMatch(/sudo bash scripts\/gvisor\.sh/)
    expect(client.calls).toEqual(['info'])
  })

  it('asks the engine once per run, and creates the container under the runtime', async () => {
    const client = new FakeClient()
    client.infoReply = {
      Runtimes: {
        runc: {},
        runsc: { path: '/usr/bin/runsc', runtimeArgs: ['--platform=ptrace', '--network=none'] }
      },
      DefaultRuntime: 'runc'
    }
    const lines: string[] = []
    const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
    const ctx = { runId: 'r', outDir: workspace(), log: (l: string) => lines.push(l) }
    const one = await runtime.start(plan(workspace()), ctx)
    const two = await runtime.start({ ...plan(workspace(), { pidsLimit: 512 }), id: 'b' }, ctx)
    expect(client.calls.filter((c) => c === 'info')).toHaveLength(1)
    const specs = [...client.containers.values()].map((c) => c.spec.HostConfig)
    expect(specs.map((h) => [h.Runtime, h.PidsLimit])).toEqual([
      ['runsc', 4096],
      ['runsc', 512]
    ])
    // 512 under gVisor is warned about (its host threads count), 4096 is not.
    expect(lines.filter((l) => /warning: pids limit/.test(l))).toEqual([
      expect.stringMatching(/pids limit 512 under gVisor fits only about 65 processes/)
    ])
    await one.close()
    await two.close()
  })
})

describe('DockerSession under gVisor against a fake engine', () => {
  it('reports a sandbox ended by the OOM killer as oom, restarts it, and the next step runs', async () => {
    const client = new FakeClient()
    const { session, ws, c } = await start(client, { memoryBytes: 256 << 20 })
    client.respond = (spec, container) => {
      if (spec.Cmd[2] === 'allocate') {
        setTimeout(() => client.crash(container.id, 137, { oom: true }), 10)
        return { hang: true }
      }
      return { stdout: 'ok\n' }
    }
    const r = await session.exec(req('allocate', ws, { timeoutMs: 60_000 }))
    expect(r).toMatchObject({ exitCode: 137, oom: true, timedOut: false, sandboxRestarted: true })
    expect(r.durationMs).toBeLessThan(3_000)
    expect(r.note).toMatch(
      /^gVisor: out of memory ends the whole sandbox, not one process \(exit 137\); container restarted/
    )
    expect(r.note).toMatch(/every process of the agent and \/tmp are gone/)
    expect(c.running).toBe(true)
    expect(client.calls.filter((x) => x.startsWith('start'))).toHaveLength(2)
    // No OOM counter is read under gVisor (the sandbox's cgroup goes with it; none inside).
    expect(client.execs.some((e) => e.spec.Cmd.join(' ').includes('oom_control'))).toBe(false)
    expect((await session.exec(req('echo ok', ws))).stdout).toBe('ok\n')
    await session.close()
  })

  it('reports a sandbox that ended by itself (pids limit) as a failed step with a note, and restarts it', async () => {
    const client = new FakeClient()
    const { session, ws, c } = await start(client, { pidsLimit: 512 })
    client.respond = (spec, container) => {
      if (spec.Cmd[2] === 'bomb') {
        setTimeout(() => client.crash(container.id, 2), 10)
        return { hang: true }
      }
      return {}
    }
    const r = await session.exec(req('bomb', ws, { timeoutMs: 60_000 }))
    expect(r).toMatchObject({ exitCode: null, oom: false, timedOut: false, sandboxRestarted: true })
    expect(r.sandboxLost).toBeUndefined()
    expect(r.note).toMatch(
      /the sandbox ended during the step \(exit 2\), most likely past the pids limit \(512, about 65 processes/
    )
    expect(c.running).toBe(true)
    await session.close()
  })

  it('checks with the engine when the exec ends first with what runsc says when it lost the process', async () => {
    const client = new FakeClient()
    const { session, ws, c } = await start(client)
    client.respond = (spec, container) => {
      if (spec.Cmd[2] === 'bomb') {
        container.running = false
        container.exitCode = 2
        return {
          exitCode: 128,
          stderr: 'waiting on pid 3: urpc method "containerManager.WaitPID" failed: EOF\n'
        }
      }
      return {}
    }
    const r = await session.exec(req('bomb', ws))
    expect(r).toMatchObject({ exitCode: null, sandboxRestarted: true })
    expect(c.running).toBe(true)
    // An ordinary failing exit is not looked into.
    client.respond = (spec) => (spec.Cmd[2] === 'false' ? { exitCode: 1 } : {})
    const before = client.calls.length
    expect(await session.exec(req('false', ws))).toMatchObject({ exitCode: 1, oom: false })
    expect(client.calls.slice(before).filter((x) => /^(kill|start)/.test(x))).toEqual([])
    expect(r.sandboxRestarted).toBe(true)
    await session.close()
  })

  it('a container killed or removed from outside is lost, not oom', async () => {
    const client = new FakeClient()
    const { session, ws, c } = await start(client)
    client.respond = (spec) => (spec.Cmd[2] === 'sleep 300' ? { hang: true } : {})
    const killed = session.exec(req('sleep 300', ws, { timeoutMs: 60_000 }))
    await tick()
    client.crash(c.id, 137)
    expect(await killed).toMatchObject({
      sandboxLost: 'the container stopped during the step (exit 137)',
      oom: false
    })
    expect(c.running).toBe(true)
    const removed = session.exec(req('sleep 300', ws, { timeoutMs: 60_000 }))
    await tick()
    await client.removeContainer(c.id)
    expect((await removed).sandboxLost).toBe('the container was removed during the step')
    await session.close()
  })

  it('verifies a timeout kill with a ps listing as root, never the engine’s top (host processes under runsc)', async () => {
    const client = new FakeClient()
    const { session, ws } = await start(client)
    client.topReply = () => ({
      Titles: ['PID', 'UID', 'STAT', 'COMMAND'],
      Processes: [['1', '1000', 'S', 'process_api']]
    })
    client.respond = (spec) => {
      if (spec.Cmd[2]?.startsWith('kill -9 -1')) client.endHanging()
      return spec.Cmd[2] === 'sleep 300' ? { hang: true } : {}
    }
    const r = await session.exec(req('sleep 300', ws, { timeoutMs: 50 }))
    expect(r).toMatchObject({ timedOut: true, exitCode: null })
    expect(r.note).toBeUndefined()
    expect(client.calls).not.toContain('top')
    // gVisor's kill(-1) is not atomic with fork, and one look at its /proc can miss a process
    // that hops: the kill goes three times as the agent, and nothing is left at two looks.
    const kill = client.execs.find((e) => e.spec.Cmd[2]?.startsWith('kill -9 -1'))!
    expect(kill.spec).toMatchObject({
      User: '1000:1000',
      Cmd: ['/bin/sh', '-c', 'kill -9 -1; kill -9 -1; kill -9 -1']
    })
    const listings = client.execs.filter((e) => e.spec.Cmd[2] === PROCESS_LISTING[2])
    expect(listings).toHaveLength(2)
    for (const p of listings) expect(p.spec.User).toBe('0:0')
    await session.close()
  })
})

describe('classifySandboxEnd / sandboxEndHint', () => {
  const state = (over: Partial<ContainerInspect['State']>) =>
    ({
      Id: 'x',
      State: { Running: false, ExitCode: 137, OOMKilled: false, ...over }
    }) as ContainerInspect
  it('oom from the event or OOMKilled; a signal exit is a loss; anything else the sandbox’s own end', () => {
    expect(classifySandboxEnd({ StatusCode: 137 }, state({}), true)).toEqual({
      kind: 'oom',
      exitCode: 137
    })
    expect(classifySandboxEnd({ StatusCode: 137 }, state({ OOMKilled: true }), false).kind).toBe(
      'oom'
    )
    expect(classifySandboxEnd({ StatusCode: 143 }, state({ ExitCode: 143 }), false)).toEqual({
      kind: 'lost',
      why: 'the container stopped during the step (exit 143)'
    })
    expect(classifySandboxEnd({ StatusCode: 2 }, state({ ExitCode: 2 }), false)).toEqual({
      kind: 'crashed',
      exitCode: 2
    })
    expect(classifySandboxEnd({ StatusCode: 137 }, undefined, false).kind).toBe('lost')
    expect(sandboxEndNote({ kind: 'lost', why: 'w' }, 512, 'restarted')).toBe('restarted')
  })

  it('looks into exits that could be the sandbox’s end only', () => {
    expect(sandboxEndHint(0, '')).toBe('no')
    expect(sandboxEndHint(1, '')).toBe('no')
    expect(sandboxEndHint(127, 'sh: 1: nope: not found')).toBe('maybe')
    expect(
      sandboxEndHint(127, 'waiting on pid 3: urpc method "containerManager.WaitPID" failed: EOF')
    ).toBe('likely')
    expect(sandboxEndHint(137, '')).toBe('likely')
    expect(sandboxEndHint(null, '')).toBe('likely')
  })
})
