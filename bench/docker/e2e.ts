// 6. End to end: `massgen-exec run` (the CLI bundle, a fresh process) with 3 docker agents × 5
// trivial steps, from spawn to exit, minus the steps' own time (what the five commands take
// inside a container, measured there with date +%s%N). Also where the time goes: first output,
// first and last step line. Run: `npm run bench -- e2e`.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { RunResults } from '../../src/report/types.js'
import {
  benchContainer,
  CLI,
  client,
  engineExec,
  main,
  median,
  ms,
  report,
  tempDir,
  writeConfig,
  type Figure
} from './common.js'

const RUNS = Number(process.env.BENCH_E2E_RUNS ?? 5)
const AGENTS = 3
const STEPS = 5
const TARGET_MS = 1500

interface Timeline {
  wall: number
  firstLine: number
  firstStep: number
  lastStep: number
}

async function runOnce(): Promise<Timeline> {
  const dir = tempDir('e2e')
  const agents = Array.from({ length: AGENTS }, (_, i) => ({
    id: `bench_e2e_${i}`,
    steps: Array(STEPS).fill('true')
  }))
  const config = writeConfig(dir, agents)
  const out = join(dir, 'out')
  const t0 = performance.now()
  const child = spawn(process.execPath, [CLI, 'run', config, '--out', out], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const marks = { firstLine: 0, firstStep: 0, lastStep: 0 }
  let stderr = ''
  let pending = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    const now = performance.now() - t0
    marks.firstLine ||= now
    pending += d
    const lines = pending.split('\n')
    pending = lines.pop()!
    for (const line of lines)
      if (/^\[bench_e2e_\d+\] PASSED /.test(line)) {
        marks.firstStep ||= now
        marks.lastStep = now
      }
  })
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  const wall = performance.now() - t0
  if (code !== 0) throw new Error(`massgen-exec run exited ${code}: ${stderr.slice(-2000)}`)
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults
  if (results.totals.passed !== AGENTS * STEPS)
    throw new Error(`only ${results.totals.passed} steps passed`)
  return { wall, ...marks }
}

/** The engine's share: the same containers (as hardened), steps and removal as bare API calls. */
async function engineOnce(): Promise<number> {
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: AGENTS }, async () => {
      const c = await benchContainer(
        {
          Init: true,
          NetworkMode: 'none',
          CapDrop: ['ALL'],
          SecurityOpt: ['no-new-privileges:true'],
          PidsLimit: 512
        },
        { User: '65534:65534' }
      )
      for (let i = 0; i < STEPS; i++) await engineExec(c, ['/bin/sh', '-c', 'true'])
      await client.removeContainer(c)
    })
  )
  return performance.now() - t0
}

/** What the five trivial commands take inside a container (one agent's share of the run). */
async function ownTime(): Promise<number> {
  const c = await benchContainer({ Init: true, NetworkMode: 'none' })
  const script = `a=$(date +%s%N); for i in $(seq ${STEPS}); do /bin/sh -c true; done; b=$(date +%s%N); echo $((b - a))`
  const samples: number[] = []
  for (let i = 0; i < 5; i++) {
    const { stdout } = await engineExec(c, ['/bin/sh', '-c', script])
    samples.push(Number(stdout.trim()) / 1e6)
  }
  await client.removeContainer(c)
  return median(samples)
}

await main(async () => {
  await runOnce() // warm-up (page cache, engine)
  const runs: Timeline[] = []
  const engine: number[] = []
  for (let i = 0; i < RUNS; i++) {
    runs.push(await runOnce())
    engine.push(await engineOnce())
  }
  const own = await ownTime()
  const wall = median(runs.map((r) => r.wall))
  const overhead = wall - own
  const col = (k: keyof Timeline) => ms(median(runs.map((r) => r[k])))
  const details = [
    `\`massgen-exec run\` with ${AGENTS} docker agents × ${STEPS} \`true\` steps (fresh process each time), ${RUNS} runs, medians:`,
    '',
    '| Mark (from spawn) | median |',
    '|---|---|',
    `| first output line | ${col('firstLine')} |`,
    `| first step reported | ${col('firstStep')} |`,
    `| last step reported | ${col('lastStep')} |`,
    `| process exited | ${col('wall')} |`,
    '',
    `The steps' own time (${STEPS} × \`/bin/sh -c true\` timed inside a container; agents run in parallel): ${ms(own)}. ` +
      `All runs: ${runs.map((r) => r.wall.toFixed(0)).join(', ')} ms.`,
    '',
    `The same ${AGENTS} containers (as hardened), ${STEPS} steps each and removal as bare Engine API calls ` +
      `from a running process take ${ms(median(engine))} (${engine.map((x) => x.toFixed(0)).join(', ')} ms): ` +
      `that much of the total is the engine's; the rest (${ms(wall - median(engine))}) is Node's and the bundle's ` +
      'start-up, config, policy, reports and exit.'
  ]
  const figures: Figure[] = [
    {
      id: 'e2e',
      figure: `End-to-end overhead, ${AGENTS} agents × ${STEPS} trivial steps (total − steps' own time)`,
      value: `${(overhead / 1000).toFixed(2)} s (total ${(wall / 1000).toFixed(2)} s; bare engine, same work: ${(median(engine) / 1000).toFixed(2)} s)`,
      target: `≤ ${TARGET_MS / 1000} s`,
      met: overhead <= TARGET_MS
    }
  ]
  report('e2e', figures, details)
})
