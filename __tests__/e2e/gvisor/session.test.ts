// The docker session under gVisor (`command_line_docker_runtime: runsc`, registered by
// scripts/gvisor.sh, which CI runs first) against the real engine: the acceptance list at
// the session level, and what differs from runc — out of memory and the pids limit end the whole
// sandbox (reported promptly, the container started again, the next step runs), the timeout kill
// is verified without the engine's `top` (which lists host processes under runsc), and a runtime
// the engine does not list is refused before anything is created.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises'
import { release } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import { defaultPidsLimit } from '../../../src/config/defaults.js'
import { isEnvironmentError } from '../../../src/errors.js'
import {
  createDockerRuntime,
  type ContainerClient,
  type DockerRuntime
} from '../../../src/runtime/docker/index.js'
import type { AgentSession } from '../../../src/runtime/types.js'
import {
  agentPlan,
  client,
  containersOfRun,
  docker,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  processUids,
  request,
  tempDir
} from '../docker/helpers.js'

const runId = newRunId('gvisor')
const logs: string[] = []
let topCalls = 0
let runtime: DockerRuntime
let a: AgentSession
let small: AgentSession
let planA: AgentPlan
let planSmall: AgentPlan
let root: string

/** The product's client, counting `top` (it must not be asked under gVisor). */
const counting = new Proxy(client, {
  get(target, prop) {
    if (prop === 'top') topCalls++
    const value: unknown = Reflect.get(target, prop, target)
    return typeof value === 'function'
      ? (value as (...args: unknown[]) => unknown).bind(target)
      : value
  }
}) as ContainerClient

beforeAll(async () => {
  await ensureRuntimeImage(false, (l) => logs.push(l))
  root = await tempDir('gvisor')
  const ws = join(root, 'ws')
  const wsSmall = join(root, 'ws-small')
  const readCtx = join(root, 'ctx-read')
  for (const d of [ws, wsSmall, readCtx]) await mkdir(d, { recursive: true, mode: 0o755 })
  // The workspaces are their user's, as a checkout is the runner user's.
  for (const d of [ws, wsSmall]) await chown(d, 1000, 1000)
  await writeFile(join(readCtx, 'README'), 'read me\n')
  await chmod(readCtx, 0o777) // writable on the host: only the mount makes it read-only
  planA = agentPlan(
    'gv_a',
    ws,
    { contextPaths: [{ path: readCtx, permission: 'read', protectedPaths: [] }] },
    { runtime: 'runsc', memoryBytes: 256 * 1024 * 1024, pidsLimit: defaultPidsLimit('runsc') }
  )
  // An explicit 512, as under runc: gVisor's host threads leave room for ~60 processes.
  planSmall = agentPlan('gv_small', wsSmall, {}, { runtime: 'runsc', pidsLimit: 512 })
  runtime = createDockerRuntime({
    imagePolicy: 'never',
    log: (l) => logs.push(l),
    client: counting
  })
  const ctx = { runId, outDir: root, log: (l: string) => logs.push(l) }
  ;[a, small] = await Promise.all([runtime.start(planA, ctx), runtime.start(planSmall, ctx)])
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  await a?.close()
  await small?.close()
  await runtime?.cleanup?.(runId)
})

describe('docker session under gVisor (runsc)', () => {
  it('runs the hardened container under runsc, where gVisor’s kernel answers', async () => {
    const state = await docker.getContainer(a.info.container!).inspect()
    expect(state.HostConfig.Runtime).toBe('runsc')
    expect(state.HostConfig.PidsLimit).toBe(4096)
    expect(state.HostConfig.CapDrop).toEqual(['ALL'])
    expect(state.HostConfig.SecurityOpt).toContain('no-new-privileges:true')
    expect(state.HostConfig.NetworkMode).toBe('none')
    expect(a.info.limits).toMatchObject({ runtime: 'runsc', pidsLimit: 4096 })
    const r = await a.exec(request('dmesg | head -n 1; uname -r', planA.workspace))
    expect(r.stdout).toMatch(/Starting gVisor/)
    expect(r.stdout).not.toContain(release())
  })

  it('keeps state between steps, runs as uid 1000, has only lo', async () => {
    const first = await a.exec(
      request(
        'echo remembered > state.txt && mkdir -p ~/notes && echo home > ~/notes/n',
        planA.workspace
      )
    )
    expect(first.exitCode).toBe(0)
    const r = await a.exec(
      request(
        "cat state.txt ~/notes/n; id -u; tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '",
        planA.workspace
      )
    )
    expect(r.stdout).toBe('remembered\nhome\n1000\nlo\n')
  })

  it('refuses writes to a read-only context path', async () => {
    const ctx = planA.contextPaths[0].path
    const r = await a.exec(
      request(`touch ${ctx}/nope; echo more >> ${ctx}/README; cat ${ctx}/README`, planA.workspace)
    )
    // gVisor says EROFS for a new file and EACCES for an existing one (runc: EROFS for both).
    expect(r.stderr.match(/Read-only file system|Permission denied/g)).toHaveLength(2)
    expect(r.stdout).toBe('read me\n')
    expect(existsSync(join(ctx, 'nope'))).toBe(false)
    await expect(a.writeFile(join(ctx, 'written.txt'), 'x')).rejects.toThrow(
      /Read-only file system|Permission denied/
    )
  })

  it('reports 700 MB under a 256m limit as oom promptly, restarts the sandbox, runs the next step', async () => {
    await a.exec(request('echo before > /tmp/scratch', planA.workspace))
    const started = Date.now()
    const r = await a.exec(
      request('python3 -c "x = bytearray(700 * 1024 * 1024); print(len(x))"', planA.workspace, {
        timeoutMs: 60_000
      })
    )
    expect(r).toMatchObject({ oom: true, timedOut: false, exitCode: 137, sandboxRestarted: true })
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(r.note).toMatch(/gVisor: out of memory ends the whole sandbox/)
    expect(r.note).toMatch(/container restarted/)
    const next = await a.exec(
      request('cat state.txt ~/notes/n; cat /tmp/scratch 2>&1 || echo tmp-lost', planA.workspace)
    )
    expect(next.exitCode).toBe(0)
    expect(next.stdout).toMatch(/^remembered\nhome\n.*tmp-lost\n$/s)
  })

  it('kills a timed-out step and its setsid children, verified without the engine’s top', async () => {
    const before = topCalls
    const r = await a.exec(
      request('setsid sleep 300 & echo started; sleep 300', planA.workspace, { timeoutMs: 2000 })
    )
    expect(r).toMatchObject({ timedOut: true, exitCode: null, stdout: 'started\n' })
    expect(r.note).toBeUndefined() // no restart was needed
    expect(await processUids(a.info.container!)).not.toContain(1000)
    expect(topCalls).toBe(before)
  })

  it('a fork bomb past the pids limit ends the sandbox: reported, restarted, the next step runs', async () => {
    expect(logs.join('\n')).toMatch(
      /\[gv_small\] warning: pids limit 512 under gVisor fits only about 65 processes/
    )
    const started = Date.now()
    const r = await small.exec(
      request(
        `python3 -c "
import os
for i in range(400):
    os.posix_spawn('/bin/sleep', ['sleep', '300'], {})
print('spawned 400')
"; sleep 300`,
        planSmall.workspace,
        { timeoutMs: 90_000 }
      )
    )
    expect(r).toMatchObject({ timedOut: false, oom: false, exitCode: null, sandboxRestarted: true })
    expect(r.stdout).not.toMatch(/spawned 400/)
    expect(r.note).toMatch(
      /the sandbox ended during the step .*pids limit \(512, about 65 processes/
    )
    expect(Date.now() - started).toBeLessThan(60_000)
    const next = await small.exec(request('echo alive', planSmall.workspace))
    expect(next.stdout).toBe('alive\n')
  })

  it('a sandbox killed from outside under a step is reported lost, and comes back for the next', async () => {
    const step = small.exec(request('sleep 300', planSmall.workspace, { timeoutMs: 60_000 }))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await docker.getContainer(small.info.container!).kill()
    const r = await step
    expect(r.sandboxLost).toMatch(/the container stopped during the step \(exit 137/)
    expect(r.durationMs).toBeLessThan(30_000)
    expect((await small.exec(request('echo back', planSmall.workspace))).stdout).toBe('back\n')
  })

  it('refuses a runtime the engine does not list, before any container exists', async () => {
    const ws = join(root, 'ws-missing')
    await mkdir(ws, { mode: 0o755 })
    const plan = agentPlan('gv_missing', ws, {}, { runtime: 'runsc-missing' })
    const err = await runtime
      .start(plan, { runId, outDir: root, log: () => undefined })
      .catch((e: unknown) => e)
    expect(isEnvironmentError(err)).toBe(true)
    expect(String((err as Error).message)).toMatch(
      /command_line_docker_runtime: "runsc-missing" is not a runtime of this Docker engine/
    )
    expect((err as { hint?: string }).hint).toMatch(/scripts\/gvisor\.sh/)
    expect((await containersOfRun(runId)).map((c) => c.Names[0])).not.toContainEqual(
      expect.stringMatching(/gv_missing/)
    )
  })

  it('leaves no container of the run behind after close and cleanup', async () => {
    expect(await containersOfRun(runId)).toHaveLength(2)
    await a.close()
    await small.close()
    await runtime.cleanup!(runId)
    expect(await containersOfRun(runId)).toHaveLength(0)
  })
})
