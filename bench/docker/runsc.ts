// gVisor (runsc) against runc, in one run: container start (create → start → first step), the
// per-step exec of a trivial step, and a pytest run of 200 small tests — each as a ratio runsc/runc.
// The containers are made with the product's own create options (containerCreateOptions) and the
// steps go through its exec path (runExec: hijacked exec, capped output, exit polled), with only
// HostConfig.Runtime changed; runs are interleaved so that drift hits both runtimes alike. The
// per-step exec is also measured through the product's session (DockerSession.exec: under runc
// with its OOM counter reads, under runsc with its wait on the container beside each step).
// Needs `sudo bash scripts/gvisor.sh` first. Run: `npm run bench -- runsc`.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { defaultPidsLimit } from '../../src/config/defaults.js'
import { containerCreateOptions } from '../../src/runtime/docker/container-spec.js'
import { execTarget, runExec } from '../../src/runtime/docker/exec.js'
import { createDockerRuntime } from '../../src/runtime/docker/index.js'
import type { AgentSession } from '../../src/runtime/types.js'
import {
  agentPlan,
  benchRunId,
  client,
  IMAGE,
  main,
  median,
  ms,
  quantile,
  report,
  tempDir,
  workspace,
  type Figure
} from './common.js'

const RUNTIMES = ['runc', 'runsc'] as const
type Runtime = (typeof RUNTIMES)[number]
const STARTS = Number(process.env.BENCH_RUNSC_STARTS ?? 6)
const STEPS = Number(process.env.BENCH_RUNSC_STEPS ?? 60)
const PYTEST_RUNS = Number(process.env.BENCH_RUNSC_PYTEST_RUNS ?? 3)
const MEMORY = 512 * 1024 * 1024
const USER = '1000:1000'

/** 20 modules × 10 tests: asserts, parametrize, a fixture, tmp_path, a little work each. */
function writeTests(dir: string): void {
  for (let m = 0; m < 20; m++) {
    const body = [
      'import json',
      'import pytest',
      '',
      '@pytest.fixture',
      'def data():',
      '    return {"n": list(range(100))}',
      '',
      '@pytest.mark.parametrize("k", range(6))',
      `def test_param_${m}(k, data):`,
      '    assert sum(data["n"][:k]) == k * (k - 1) // 2',
      '',
      `def test_json_${m}(data):`,
      '    assert json.loads(json.dumps(data)) == data',
      '',
      `def test_file_${m}(tmp_path):`,
      '    p = tmp_path / "f.txt"',
      '    p.write_text("x" * 1000)',
      '    assert len(p.read_text()) == 1000',
      '',
      `def test_sort_${m}():`,
      '    assert sorted(range(1000, 0, -1))[0] == 1',
      '',
      `def test_raises_${m}():`,
      '    with pytest.raises(ZeroDivisionError):',
      '        1 / 0',
      ''
    ]
    writeFileSync(join(dir, `test_mod_${m}.py`), body.join('\n'))
  }
}

interface Box {
  runtime: Runtime
  /** Container id. */
  container: string
  ws: string
}

async function create(runtime: Runtime, root: string, runId: string, n: number): Promise<Box> {
  const ws = workspace(root, `${runtime}-${n}`)
  // The pids limit each runtime gets by default (gVisor's host threads count against it).
  const plan = agentPlan(`bench_${runtime}_${n}`, ws, {
    memoryBytes: MEMORY,
    pidsLimit: defaultPidsLimit(runtime)
  })
  const options = containerCreateOptions({
    agent: plan,
    config: plan.docker!,
    image: IMAGE,
    name: `bench-runsc-${runtime}-${n}-${process.pid}`,
    runId,
    version: 'bench',
    mounts: [{ source: ws, target: ws, readOnly: false }],
    env: {}
  })
  options.HostConfig = { ...options.HostConfig, Runtime: runtime }
  const container = await client.createContainer(options)
  await client.startContainer(container)
  return { runtime, container, ws }
}

async function step(box: Box, command: string, timeoutMs = 60_000) {
  const r = await runExec(execTarget(client, box.container), {
    cmd: ['/bin/sh', '-c', command],
    user: USER,
    cwd: box.ws,
    maxOutputBytes: 1024 * 1024,
    timeoutMs
  })
  if (r.exitCode !== 0)
    throw new Error(`${box.runtime}: \`${command}\` exited ${r.exitCode}: ${r.stderr.slice(-500)}`)
  return r
}

const ratio = (a: number[], b: number[]) => median(a) / median(b)

await main(async () => {
  const info = await client.info()
  if (!info.Runtimes || !('runsc' in info.Runtimes)) {
    const why = 'runsc is not registered with this engine (run `sudo bash scripts/gvisor.sh`)'
    report(
      'runsc',
      [{ id: 'runsc', figure: 'gVisor vs runc', value: `not run: ${why}`, target: '—' }],
      [`Not run: ${why}.`]
    )
    return
  }
  const runId = benchRunId('runsc')
  const root = tempDir('runsc')

  // 1. Start: create → start → the first step answers; then remove.
  const start: Record<Runtime, number[]> = { runc: [], runsc: [] }
  const removal: Record<Runtime, number[]> = { runc: [], runsc: [] }
  for (let i = 0; i < STARTS; i++) {
    for (const runtime of i % 2 ? [...RUNTIMES].reverse() : RUNTIMES) {
      const t0 = performance.now()
      const box = await create(runtime, root, runId, i)
      await step(box, 'true')
      start[runtime].push(performance.now() - t0)
      const t1 = performance.now()
      await client.removeContainer(box.container)
      removal[runtime].push(performance.now() - t1)
    }
  }

  // 2. Per-step exec and 3. pytest, in one long-lived container per runtime.
  const boxes = await Promise.all(RUNTIMES.map((r) => create(r, root, runId, 100)))
  const exec: Record<Runtime, number[]> = { runc: [], runsc: [] }
  for (const box of boxes) for (let i = 0; i < 5; i++) await step(box, 'true')
  for (let i = 0; i < STEPS; i++) {
    for (const box of i % 2 ? [...boxes].reverse() : boxes) {
      const t0 = performance.now()
      await step(box, 'true')
      exec[box.runtime].push(performance.now() - t0)
    }
  }
  // 2b. The same step through the product's session (what a run pays per step).
  const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
  // Its own run id: the runtime's cleanup removes every container of the run.
  const sessionRun = benchRunId('runsc-session')
  const ctx = { runId: sessionRun, outDir: root, log: () => undefined }
  const sessionWs = RUNTIMES.map((r) => workspace(root, `session-${r}`))
  const sessions = (await Promise.all(
    RUNTIMES.map((r, i) =>
      runtime.start(
        agentPlan(`bench_session_${r}`, sessionWs[i], {
          memoryBytes: MEMORY,
          pidsLimit: defaultPidsLimit(r),
          runtime: r === 'runsc' ? 'runsc' : undefined
        }),
        ctx
      )
    )
  )) as AgentSession[]
  const session: Record<Runtime, number[]> = { runc: [], runsc: [] }
  const sessionStep = async (i: number) => {
    const s = sessions[i]
    const t0 = performance.now()
    const r = await s.exec({
      command: 'true',
      cwd: sessionWs[i],
      env: {},
      timeoutMs: 60_000,
      maxOutputBytes: 1024 * 1024
    })
    if (r.exitCode !== 0) throw new Error(`${RUNTIMES[i]}: the session's step exited ${r.exitCode}`)
    return performance.now() - t0
  }
  for (let i = 0; i < 5; i++) for (let j = 0; j < RUNTIMES.length; j++) await sessionStep(j)
  for (let i = 0; i < STEPS; i++) {
    for (const j of i % 2 ? [1, 0] : [0, 1]) session[RUNTIMES[j]].push(await sessionStep(j))
  }
  await Promise.all(sessions.map((s) => s.close()))
  await runtime.cleanup?.(sessionRun)

  const pytest: Record<Runtime, number[]> = { runc: [], runsc: [] }
  let collected = ''
  for (const box of boxes) {
    writeTests(box.ws)
    await step(box, 'python3 -m pytest --version') // warm the interpreter's caches once
  }
  for (let i = 0; i < PYTEST_RUNS; i++) {
    for (const box of i % 2 ? [...boxes].reverse() : boxes) {
      const t0 = performance.now()
      const r = await step(box, 'python3 -m pytest -q -p no:cacheprovider', 300_000)
      pytest[box.runtime].push(performance.now() - t0)
      const summary = /(\d+) passed/.exec(r.stdout)
      if (!summary || summary[1] !== '200')
        throw new Error(`${box.runtime}: pytest did not pass 200 tests: ${r.stdout.slice(-300)}`)
      collected = summary[0]
    }
  }
  await Promise.all(boxes.map((b) => client.removeContainer(b.container)))

  const row = (name: string, xs: Record<Runtime, number[]>) =>
    `| ${name} | ${ms(median(xs.runc))} (p90 ${ms(quantile(xs.runc, 0.9))}) | ` +
    `${ms(median(xs.runsc))} (p90 ${ms(quantile(xs.runsc, 0.9))}) | ${ratio(xs.runsc, xs.runc).toFixed(2)}× |`
  const details = [
    `The product's container (cap-drop ALL, no-new-privileges, pids 512 under runc and 4096 under runsc (the defaults), ` +
      `memory = swap = 512 MiB, uid 1000, init, network none) under runc and under runsc ` +
      `(scripts/gvisor.sh: \`--platform=ptrace --network=none\`), interleaved; medians:`,
    '',
    '| | runc | runsc | runsc / runc |',
    '|---|---|---|---|',
    row(`start (create → start → first step), ${STARTS} each`, start),
    row(`remove (force), ${STARTS} each`, removal),
    row(`per-step exec of \`true\`, ${STEPS} each`, exec),
    row(`per-step exec through the session (512 MiB limit), ${STEPS} each`, session),
    row(`pytest, 200 small tests (${collected}), ${PYTEST_RUNS} runs each`, pytest)
  ]
  const figures: Figure[] = [
    {
      id: 'runsc-start',
      figure: 'gVisor / runc: container start to first step',
      value: `${ratio(start.runsc, start.runc).toFixed(2)}× (${ms(median(start.runsc))} vs ${ms(median(start.runc))})`,
      target: '— (no target)'
    },
    {
      id: 'runsc-exec',
      figure: 'gVisor / runc: per-step exec',
      value: `${ratio(exec.runsc, exec.runc).toFixed(2)}× (${ms(median(exec.runsc))} vs ${ms(median(exec.runc))})`,
      target: '— (no target)'
    },
    {
      id: 'runsc-session-exec',
      figure:
        'gVisor / runc: per-step exec through the session (runsc: the sandbox watch; runc: the OOM counter)',
      value: `${ratio(session.runsc, session.runc).toFixed(2)}× (${ms(median(session.runsc))} vs ${ms(median(session.runc))})`,
      target: '— (no target)'
    },
    {
      id: 'runsc-pytest',
      figure: 'gVisor / runc: pytest, 200 small tests',
      value: `${ratio(pytest.runsc, pytest.runc).toFixed(2)}× (${ms(median(pytest.runsc))} vs ${ms(median(pytest.runc))})`,
      target: '≤ 2×',
      met: ratio(pytest.runsc, pytest.runc) <= 2
    }
  ]
  report('runsc', figures, details)
})
