// Docker mode against the real engine: two agents started in parallel in one run, each step
// exec'd in that agent's container. The containers are shared by the tests below in file order
// (state carries over between steps, which is part of what is under test).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { createDockerRuntime } from '../../../src/runtime/docker/index.js'
import type { AgentPlan } from '../../../src/config/types.js'
import type { AgentSession, Runtime } from '../../../src/runtime/types.js'
import {
  agentPlan,
  client,
  containersOfRun,
  docker,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  processUids,
  request,
  tempDir,
  newRunId
} from './helpers.js'

const runId = newRunId('session')
const logs: string[] = []
let runtime: Runtime
let a: AgentSession
let b: AgentSession
let planA: AgentPlan
let planB: AgentPlan
let root: string
let server: Server
let hostPort: number

beforeAll(async () => {
  await ensureRuntimeImage(false, (l) => logs.push(l))
  root = await tempDir('session')
  const wsA = join(root, 'ws-a')
  const wsB = join(root, 'ws-b')
  const readCtx = join(root, 'ctx-read')
  const writeCtx = join(root, 'ctx-write')
  const temp = join(root, 'temp')
  for (const d of [wsA, wsB, readCtx, writeCtx, join(writeCtx, 'protected'), temp])
    await mkdir(d, { recursive: true, mode: 0o755 })
  // The workspaces are their user's, as a checkout is the runner user's.
  for (const d of [wsA, wsB]) await chown(d, 1000, 1000)
  // The host user (root here) owns the write context; let the container's uid 1000 write it, as a
  // user whose host uid differs from the container's must (the runtime only warns about it).
  await chmod(writeCtx, 0o777)
  await chmod(join(writeCtx, 'protected'), 0o777)
  await writeFile(join(readCtx, 'README'), 'read me\n')
  await writeFile(join(writeCtx, 'protected', 'keep.txt'), 'keep\n')
  planA = agentPlan(
    'agent_a',
    wsA,
    {
      contextPaths: [
        { path: readCtx, permission: 'read', protectedPaths: [] },
        { path: writeCtx, permission: 'write', protectedPaths: [join(writeCtx, 'protected')] }
      ],
      tempWorkspace: temp
    },
    { memoryBytes: 256 * 1024 * 1024 }
  )
  planB = agentPlan('agent_b', wsB, {}, { network: 'bridge' })

  // A TCP server on the host: reachable from a bridge container, not from a network-none one.
  server = createServer((socket) => socket.end('hello from host\n'))
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  hostPort = (server.address() as { port: number }).port

  runtime = createDockerRuntime({ imagePolicy: 'auto', log: (l) => logs.push(l), client })
  const ctx = { runId, outDir: root, log: (l: string) => logs.push(l) }
  ;[a, b] = await Promise.all([runtime.start(planA, ctx), runtime.start(planB, ctx)])
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  await a?.close()
  await b?.close()
  await runtime?.cleanup?.(runId)
  server?.close()
})

describe('docker session', () => {
  it('runs in a per-run named, labelled, hardened container', async () => {
    expect(a.info.container).toMatch(/^massgen-agent_a-[0-9a-f]{10}$/)
    const state = await docker.getContainer(a.info.container!).inspect()
    expect(state.Config.Labels['io.massgen-exec.run-id']).toBe(runId)
    expect(state.HostConfig.CapDrop).toEqual(['ALL'])
    expect(state.HostConfig.SecurityOpt).toContain('no-new-privileges:true')
    expect(state.HostConfig.Memory).toBe(256 * 1024 * 1024)
    expect(state.HostConfig.MemorySwap).toBe(256 * 1024 * 1024)
    expect(state.HostConfig.PidsLimit).toBe(512)
    expect(state.HostConfig.NetworkMode).toBe('none')
    expect(state.HostConfig.Init).toBe(true)
    expect(state.Config.Env.some((e) => e.startsWith('GITHUB_') || e.startsWith('JEST'))).toBe(
      false
    )
  })

  it('keeps files and installed packages between one agent’s steps, invisible to the other', async () => {
    const ws = planA.workspace
    await a.writeFile(join(ws, 'pkg/mgx_probe/__init__.py'), 'VALUE = 42\n')
    await a.writeFile(
      join(ws, 'pkg/setup.py'),
      'from setuptools import setup\nsetup(name="mgx-probe", version="0.1", packages=["mgx_probe"])\n'
    )
    const first = await a.exec(
      request(
        'mkdir -p ~/notes && echo remembered > ~/notes/first.txt && ' +
          'pip install --no-index --no-build-isolation ./pkg && rm -rf pkg',
        ws
      )
    )
    expect(first.stderr).not.toMatch(/error/i)
    expect(first.exitCode).toBe(0)

    const later = await a.exec(
      request(
        'cat ~/notes/first.txt && cd / && python -c "import mgx_probe; print(mgx_probe.VALUE)"',
        ws
      )
    )
    expect(later.stdout).toBe('remembered\n42\n')
    expect(later.exitCode).toBe(0)

    const other = await b.exec(
      request('ls ~/notes; python -c "import mgx_probe" 2>&1; echo "exit=$?"', planB.workspace)
    )
    expect(other.stdout).toMatch(/No module named 'mgx_probe'/)
    expect(other.stdout).toMatch(/exit=1/)
    expect(other.stderr).toMatch(/No such file or directory/)
  })

  it('runs commands as uid 1000 without sudo', async () => {
    const r = await a.exec(request('id -u; id -g; sudo -n true; echo "sudo=$?"', planA.workspace))
    expect(r.stdout).toMatch(/^1000\n1000\n/)
    expect(r.stdout).not.toMatch(/sudo=0/)
  })

  it('has only loopback under network none, while a bridge agent reaches the host', async () => {
    // The host as the bridge network's gateway, read from b's routing table.
    const route = await b.exec(
      request('awk \'$2 == "00000000" { print $3 }\' /proc/net/route', planB.workspace)
    )
    const hex = route.stdout.trim()
    expect(hex).toMatch(/^[0-9A-F]{8}$/)
    const gateway = [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.')
    const probe = `import socket
try:
    s = socket.create_connection(("${gateway}", ${hostPort}), timeout=5)
    print("connected", s.recv(100).decode().strip())
except OSError as e:
    print("refused", e)`
    const none = await a.exec(request(`ls /sys/class/net; python3 -c '${probe}'`, planA.workspace))
    expect(none.stdout.split('\n')[0]).toBe('lo')
    expect(none.stdout).toMatch(/refused/)
    expect(none.stdout).not.toMatch(/connected/)
    const bridge = await b.exec(
      request(`ls /sys/class/net; python3 -c '${probe}'`, planB.workspace)
    )
    expect(bridge.stdout).toMatch(/eth0/)
    expect(bridge.stdout).toMatch(/connected hello from host/)
  })

  it('mounts paths at their host paths: workspace rw, read context ro, protected ro', async () => {
    const [readCtx, writeCtx] = planA.contextPaths.map((c) => c.path)
    const r = await a.exec(
      request(
        `echo out > ${planA.workspace}/from-container.txt; ` +
          `touch ${readCtx}/nope 2>&1; touch ${writeCtx}/allowed.txt; ` +
          `touch ${writeCtx}/protected/nope 2>&1; cat ${readCtx}/README; ` +
          `touch ${planA.tempWorkspace}/nope 2>&1; true`,
        planA.workspace
      )
    )
    expect(readFileSync(join(planA.workspace, 'from-container.txt'), 'utf8')).toBe('out\n')
    expect(existsSync(join(writeCtx, 'allowed.txt'))).toBe(true)
    expect(r.stdout.match(/Read-only file system/g)).toHaveLength(3)
    expect(r.stdout).toMatch(/read me/)
    expect(existsSync(join(readCtx, 'nope'))).toBe(false)
    await expect(a.writeFile(join(readCtx, 'written.txt'), 'x')).rejects.toThrow(
      /Read-only file system/
    )
  })

  it('writes files as the agent and reads line ranges', async () => {
    const path = join(planA.workspace, 'lines.txt')
    await a.writeFile(path, 'one\ntwo\nthree\nfour\n')
    expect(await a.readFile(path, 1, 2)).toBe('two\nthree\n')
    expect(await a.readFile(path, 2)).toBe('three\nfour\n')
    const owner = await a.exec(request(`stat -c %u ${path}`, planA.workspace))
    expect(owner.stdout.trim()).toBe('1000')
    await expect(a.readFile(join(planA.workspace, 'missing.txt'), 1)).rejects.toThrow(/missing/)
  })

  it('reports a step that allocates past the memory limit as oom', async () => {
    const r = await a.exec(
      request('python3 -c "x = b\'x\' * (512 * 1024 * 1024); print(len(x))"', planA.workspace)
    )
    expect(r.oom).toBe(true)
    expect(r.timedOut).toBe(false)
    expect(r.exitCode).toBe(137)
    // A plain exit 137 without the OOM killer is not oom.
    const killed = await a.exec(request('kill -9 $$', planA.workspace))
    expect(killed.exitCode).toBe(137)
    expect(killed.oom).toBe(false)
  })

  it('kills a timed-out step and everything it started, setsid children included', async () => {
    const r = await a.exec(request('sleep 300', planA.workspace, { timeoutMs: 1500 }))
    expect(r.timedOut).toBe(true)
    expect(r.exitCode).toBeNull()
    expect(await processUids(a.info.container!)).not.toContain(1000)

    const detached = await a.exec(
      request('setsid sleep 300 & echo started', planA.workspace, { timeoutMs: 1500 })
    )
    expect(detached.timedOut).toBe(true)
    expect(detached.stdout).toBe('started\n')
    const uids = await processUids(a.info.container!)
    expect(uids).not.toContain(1000)
    expect(uids).toContain(65534) // the keepalive survived
  })

  it('contains a fork bomb, and the agent’s next step still runs', async () => {
    // `exec sleep`: the step outlives the bomb without a fork of its own (a fork can fail while
    // the bomb holds the pids limit, which would end the step early instead of timing it out).
    const bomb = await a.exec(
      request("bash -c 'f(){ f | f & }; f'; exec sleep 300", planA.workspace, { timeoutMs: 3000 })
    )
    expect(bomb.timedOut).toBe(true)
    const after = await a.exec(request('echo alive; cat ~/notes/first.txt', planA.workspace))
    expect(after.stdout).toBe('alive\nremembered\n')
    expect(await processUids(a.info.container!)).not.toContain(1000)
  })

  it('caps 1 GiB of output while streaming, with bounded memory', async () => {
    let peak = process.memoryUsage().rss
    const baseline = peak
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    let streamed = 0
    const r = await b.exec(
      request('head -c 1073741824 /dev/zero; echo done >&2', planB.workspace, {
        timeoutMs: 300_000,
        onOutput: (s, chunk) => void (s === 'stdout' && (streamed += chunk.length))
      })
    )
    clearInterval(sampler)
    expect(r.exitCode).toBe(0)
    expect(r.truncated).toBe(true)
    expect(streamed).toBe(1024 * 1024 * 1024)
    expect(r.stdout.length).toBeLessThan(1024 * 1024 + 200)
    expect(r.stdout).toMatch(/truncated: 1072693248 bytes dropped/)
    expect(r.stderr).toBe('done\n')
    expect(peak - baseline).toBeLessThan(200 * 1024 * 1024)
  })

  it('runs background steps detached, keeps their output, kills them at the end', async () => {
    await b.execBackground!(
      request('for i in 1 2 3; do echo tick $i; sleep 0.1; done; sleep 300', planB.workspace),
      'ticker'
    )
    const meanwhile = await b.exec(request('sleep 0.5; pgrep -c -x -u 1000 sleep', planB.workspace))
    expect(meanwhile.stdout.trim()).toBe('1')
    const dir = join(root, 'out', 'agent_b')
    await b.saveLogs!(dir)
    expect(readFileSync(join(dir, 'background_ticker.log'), 'utf8')).toMatch(
      /tick 1\ntick 2\ntick 3/
    )
    expect(await processUids(b.info.container!)).not.toContain(1000)
    const log = readFileSync(join(dir, 'docker_container.log'), 'utf8')
    expect(log).toMatch(/OOMKilled=false/)
    expect(log).toMatch(/"network":"bridge"/)
    expect(log).toMatch(/ticker: exit/)
  })

  it('writes docker_container.log with the state summary and history', async () => {
    const dir = join(root, 'out', 'agent_a')
    await a.saveLogs!(dir)
    const log = readFileSync(join(dir, 'docker_container.log'), 'utf8')
    expect(log).toMatch(/image: massgen\/mcp-runtime:latest \(sha256:/)
    expect(log).toMatch(/"memory":268435456/)
    expect(log).toMatch(/state: status=running/)
    expect(log).toMatch(/OOM killer/)
    expect(log).toMatch(/timed out after 1500 ms/)
    expect(log).toMatch(new RegExp(`${planA.contextPaths[1].path}/protected ro`))
  })

  it('leaves no container of the run behind after close and cleanup', async () => {
    expect(await containersOfRun(runId)).toHaveLength(2)
    await a.close()
    await b.close()
    await runtime.cleanup!(runId)
    expect(await containersOfRun(runId)).toHaveLength(0)
  })
})
