// 1. Per-step overhead: the same trivial step (`/bin/sh -c true` as uid 1000 in the workspace)
// through our executor (DockerSession.exec, with and without a memory limit, which adds OOM
// detection), the bare Engine API exec sequence through the engine client (create → start →
// stream → inspect, nothing of the session), the `docker exec`
// CLI and docker-py's exec_run. Variants are interleaved step by step so that drift in the
// engine's speed hits them all alike. Run: `npm run bench -- exec`.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { createDockerRuntime } from '../../src/runtime/docker/index.js'
import type { AgentSession } from '../../src/runtime/types.js'
import {
  agentPlan,
  benchRunId,
  client,
  engineExec,
  hasDockerCli,
  main,
  median,
  ms,
  quantile,
  report,
  run,
  tempDir,
  workspace,
  type Figure
} from './common.js'

const N = Number(process.env.BENCH_EXEC_STEPS ?? 200)
const WARMUP = 10
const USER = '1000:1000'

const PY_LOOP = `
import sys, time, docker
client = docker.from_env()
c = client.containers.get(sys.argv[1])
for line in sys.stdin:
    t0 = time.perf_counter()
    r = c.exec_run(['/bin/sh', '-c', 'true'], user=sys.argv[2], workdir=sys.argv[3])
    ms = (time.perf_counter() - t0) * 1000
    print(f"{ms:.3f} {r.exit_code}", flush=True)
`

interface Variant {
  name: string
  step: () => Promise<number>
  samples: number[]
  close?: () => void
}

/** docker-py driven one step per stdin line, so it interleaves with the others. */
async function dockerPy(container: string, cwd: string): Promise<Variant | string> {
  const probe = await run('python3', ['-c', 'import docker; print(docker.__version__)']).catch(
    () => undefined
  )
  if (!probe || probe.code !== 0)
    return 'python3-docker is not installed (`sudo apt-get install python3-docker`)'
  const child = spawn('python3', ['-c', PY_LOOP, container, USER, cwd], {
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  return {
    name: `docker-py ${probe.stdout.trim()} exec_run`,
    samples: [],
    step: async () => {
      child.stdin.write('go\n')
      const { value } = await lines.next()
      const [t, code] = String(value).split(' ')
      if (code !== '0') throw new Error(`docker-py exec_run exited ${code}`)
      return Number(t)
    },
    close: () => child.stdin.end()
  }
}

await main(async () => {
  const runId = benchRunId('exec')
  const root = tempDir('exec')
  const runtime = createDockerRuntime({ imagePolicy: 'auto', log: () => undefined, client })
  const ctx = { runId, outDir: root, log: () => undefined }
  const wsMem = workspace(root, 'mem')
  const wsPlain = workspace(root, 'plain')
  const [withLimit, plain] = (await Promise.all([
    runtime.start(agentPlan('bench_exec_mem', wsMem, { memoryBytes: 512 * 1024 * 1024 }), ctx),
    runtime.start(agentPlan('bench_exec_plain', wsPlain), ctx)
  ])) as [AgentSession, AgentSession]
  const container = withLimit.info.container!
  const ours = (s: AgentSession, cwd: string) => async () => {
    const t0 = performance.now()
    const r = await s.exec({
      command: 'true',
      cwd,
      env: {},
      timeoutMs: 60_000,
      maxOutputBytes: 1024 * 1024
    })
    if (r.exitCode !== 0) throw new Error(`our exec exited ${r.exitCode}`)
    return performance.now() - t0
  }

  const variants: Variant[] = [
    {
      name: 'massgen-exec, memory limit (OOM detection on)',
      step: ours(withLimit, wsMem),
      samples: []
    },
    { name: 'massgen-exec, no memory limit', step: ours(plain, wsPlain), samples: [] },
    {
      name: 'raw Engine API (create → start → stream → inspect)',
      samples: [],
      step: async () => {
        const t0 = performance.now()
        const r = await engineExec(container, ['/bin/sh', '-c', 'true'], { user: USER, cwd: wsMem })
        if (r.exitCode !== 0) throw new Error(`raw exec exited ${r.exitCode}`)
        return performance.now() - t0
      }
    }
  ]
  const skipped: string[] = []
  if (await hasDockerCli()) {
    variants.push({
      name: '`docker exec` CLI',
      samples: [],
      step: async () => {
        const r = await run('docker', [
          'exec',
          '-u',
          USER,
          '-w',
          wsMem,
          container,
          '/bin/sh',
          '-c',
          'true'
        ])
        if (r.code !== 0) throw new Error(`docker exec exited ${r.code}: ${r.stderr}`)
        return r.ms
      }
    })
  } else skipped.push('`docker exec` CLI: the docker CLI is not on PATH')
  const py = await dockerPy(container, wsMem)
  if (typeof py === 'string') skipped.push(`docker-py: ${py}`)
  else variants.push(py)

  for (const v of variants) for (let i = 0; i < WARMUP; i++) await v.step()
  for (let i = 0; i < N; i++) {
    // Rotate the order so that no variant always follows the same one.
    for (let j = 0; j < variants.length; j++) {
      const v = variants[(i + j) % variants.length]
      v.samples.push(await v.step())
    }
  }
  for (const v of variants) v.close?.()
  await Promise.all([withLimit.close(), plain.close()])
  await runtime.cleanup!(runId)

  const raw = median(variants[2].samples)
  const details = [
    `Per-step time of \`/bin/sh -c true\` as uid 1000, ${N} interleaved steps per variant after ${WARMUP} warm-up steps:`,
    '',
    '| Variant | median | p90 | ratio to raw API (median) |',
    '|---|---|---|---|'
  ]
  for (const v of variants)
    details.push(
      `| ${v.name} | ${ms(median(v.samples))} | ${ms(quantile(v.samples, 0.9))} | ${(median(v.samples) / raw).toFixed(2)}× |`
    )
  for (const s of skipped) details.push('', `Skipped ${s}.`)

  const others = variants.slice(3).map((v) => median(v.samples))
  const figures: Figure[] = variants.slice(0, 2).map((v, i) => {
    const ratio = median(v.samples) / raw
    const belowOthers = others.every((o) => median(v.samples) < o)
    return {
      id: i === 0 ? 'exec-mem' : 'exec-plain',
      figure: `Per-step time / raw Engine-API exec (${i === 0 ? 'memory limit' : 'no memory limit'})`,
      value:
        `${ratio.toFixed(2)}× (${ms(median(v.samples))} vs ${ms(raw)}` +
        variants
          .slice(3)
          .map(
            (o) =>
              `; ${o.name.startsWith('docker-py') ? 'docker-py' : 'CLI'} ${ms(median(o.samples))}`
          )
          .join('') +
        ')',
      target: '≤ 1.10×, below CLI and docker-py',
      met: ratio <= 1.1 && belowOthers
    }
  })
  report('exec', figures, details)
})
