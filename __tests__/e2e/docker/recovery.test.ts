// The step path's shortcuts against the real engine: no inspect before a step (a container that
// stopped or vanished behind the session's back is found by the refused exec, then restarted or
// replaced), and the OOM counter read on the host's cgroup fs, or by exec in the container when the
// host's /proc does not show the container (as with an engine in a VM), exact either way.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DockerSession } from '../../../src/runtime/docker/session.js'
import { LABEL_RUN, sweepRun } from '../../../src/runtime/docker/index.js'
import {
  agentPlan,
  client,
  docker,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  request,
  tempDir
} from './helpers.js'

const runId = newRunId('recovery')
const MEMORY = 256 * 1024 * 1024
const ALLOCATE = 'python3 -c "x = b\'x\' * (512 * 1024 * 1024); print(len(x))"'
let imageId: string
let root: string
const sessions: DockerSession[] = []

/** A session with a memory limit, and its workspace. */
async function start(
  id: string,
  extra: { procRoot?: string } = {}
): Promise<[DockerSession, string]> {
  const cwd = await tempDir(id)
  const plan = agentPlan(id, cwd, {}, { memoryBytes: MEMORY })
  const session = await DockerSession.start({
    client,
    agent: plan,
    config: plan.docker!,
    image: 'massgen/mcp-runtime:latest',
    imageId,
    runId,
    log: () => undefined,
    cgroupRoots: extra.procRoot ? { proc: extra.procRoot } : undefined
  })
  sessions.push(session)
  return [session, cwd]
}

/** Kills the container outside the session and waits until the engine has it stopped. */
async function stop(s: DockerSession): Promise<void> {
  const container = docker.getContainer(s.containerId)
  await container.kill()
  await container.wait()
}

async function history(session: DockerSession, name: string): Promise<string> {
  const dir = join(root, name)
  await session.saveLogs(dir)
  return readFileSync(join(dir, 'docker_container.log'), 'utf8')
}

beforeAll(async () => {
  imageId = (await ensureRuntimeImage()).id
  root = await tempDir('recovery-out')
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  await Promise.allSettled(sessions.map((s) => s.close()))
  await sweepRun(client, runId)
})

describe('docker step path', () => {
  it('reads the OOM counter on the host and tells an OOM kill from a plain kill -9', async () => {
    const [s, cwd] = await start('host_counter')
    const oom = await s.exec(request(ALLOCATE, cwd))
    expect(oom).toMatchObject({ exitCode: 137, oom: true, timedOut: false })
    const killed = await s.exec(request('kill -9 $$', cwd))
    expect(killed).toMatchObject({ exitCode: 137, oom: false })
    const log = await history(s, 'host_counter')
    expect(log).toMatch(
      new RegExp(
        `OOM counter read on the host: \\S*${s.containerId}\\S*/memory\\.(oom_control|events)`
      )
    )
  })

  it('falls back to reading the counter inside the container, just as exactly', async () => {
    const [s, cwd] = await start('exec_counter', { procRoot: join(root, 'no-proc-here') })
    const oom = await s.exec(request(ALLOCATE, cwd))
    expect(oom).toMatchObject({ exitCode: 137, oom: true })
    const killed = await s.exec(request('kill -9 $$', cwd))
    expect(killed).toMatchObject({ exitCode: 137, oom: false })
    expect(await history(s, 'exec_counter')).not.toMatch(/OOM counter read on the host/)
  })

  it('starts a container that was stopped behind its back, keeping its files, and runs the step', async () => {
    const [s, cwd] = await start('stopped')
    // The home volume survives a restart (the read-only root's /tmp is a tmpfs and does not).
    await s.exec(request('echo kept > $HOME/state', cwd))
    await stop(s)
    const r = await s.exec(request('cat $HOME/state', cwd))
    expect(r).toMatchObject({ exitCode: 0, stdout: 'kept\n' })
    expect((await docker.getContainer(s.containerId).inspect()).State.Running).toBe(true)
    // writeFile and readFile take the same path.
    await stop(s)
    await s.writeFile(join(cwd, 'a.txt'), 'one\ntwo\n')
    await stop(s)
    expect(await s.readFile(join(cwd, 'a.txt'), 1)).toBe('two\n')
  })

  it('replaces a container that was removed behind its back, and the step runs in the new one', async () => {
    const [s, cwd] = await start('removed')
    const before = s.containerId
    await docker.getContainer(before).remove({ force: true, v: true })
    const r = await s.exec(request('echo here', cwd))
    expect(r).toMatchObject({ exitCode: 0, stdout: 'here\n' })
    expect(s.containerId).not.toBe(before)
    const info = await docker.getContainer(s.containerId).inspect()
    expect(info.Config.Labels[LABEL_RUN]).toBe(runId)
    // OOM detection follows the new container.
    const oom = await s.exec(request(ALLOCATE, cwd))
    expect(oom.oom).toBe(true)
  })

  it('reports a step whose container is removed under it as an error saying so, and goes on', async () => {
    const [s, cwd] = await start('vanished')
    const before = s.containerId
    const step = s.exec(request('echo started; sleep 60', cwd))
    await new Promise((r) => setTimeout(r, 1500))
    await docker.getContainer(before).remove({ force: true, v: true })
    const r = await step
    // Inspected while the engine removes it, it may still be there, stopped.
    expect(r.sandboxLost).toMatch(/^the container (was removed|stopped) during the step/)
    expect(r.timedOut).toBe(false)
    // The next step gets a new container.
    const next = await s.exec(request('echo here', cwd))
    expect(next).toMatchObject({ exitCode: 0, stdout: 'here\n' })
    expect(s.containerId).not.toBe(before)
  })
})
