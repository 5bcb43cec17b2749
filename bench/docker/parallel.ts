// 3. Parallel agents: a whole run (config → containers → steps → reports → cleanup) of one agent
// running `sleep 2` against four agents each running `sleep 2`, in one process, alternating.
// With agents really in parallel, four take about as long as one. Run: `npm run bench -- parallel`.
// The same work done with bare Engine API calls (create + start, exec, remove) is measured too:
// it is the floor the engine itself sets on this machine.
import { performance } from 'node:perf_hooks'
import { runPipeline } from '../../src/run/pipeline.js'
import {
  benchContainer,
  benchRunId,
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

const ROUNDS = Number(process.env.BENCH_PARALLEL_ROUNDS ?? 5)
const TARGET = 1.25

async function runOnce(agents: number, round: number): Promise<number> {
  const dir = tempDir(`parallel${agents}`)
  const config = writeConfig(
    dir,
    Array.from({ length: agents }, (_, i) => ({ id: `bench_par_${i}`, steps: ['sleep 2'] }))
  )
  const t0 = performance.now()
  const outcome = await runPipeline({
    configPath: config,
    outDir: `${dir}/out`,
    workingDirectory: dir,
    runId: benchRunId(`par${agents}-${round}`),
    log: () => undefined
  })
  const wall = performance.now() - t0
  if (outcome.results.status !== 'passed')
    throw new Error(
      `run with ${agents} agent(s) ${outcome.results.status}: ${JSON.stringify(outcome.results).slice(0, 2000)}`
    )
  return wall
}

/** Containers as hardened as ours, `sleep 2` exec'd in each, removed: bare API calls. */
async function engineOnce(agents: number): Promise<number> {
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: agents }, async () => {
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
      await engineExec(c, ['/bin/sh', '-c', 'sleep 2'])
      await client.removeContainer(c)
    })
  )
  return performance.now() - t0
}

await main(async () => {
  await runOnce(1, -1) // warm-up: the policy's parser, the image check, the engine's caches
  const one: number[] = []
  const four: number[] = []
  const engine1: number[] = []
  const engine4: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    one.push(await runOnce(1, r))
    four.push(await runOnce(4, r))
    engine1.push(await engineOnce(1))
    engine4.push(await engineOnce(4))
  }
  const ratio = median(four) / median(one)
  const floor = median(engine4) / median(engine1)
  const details = [
    `Whole runs (in-process \`runPipeline\`: config, containers, \`sleep 2\`, reports, cleanup), ${ROUNDS} alternating rounds:`,
    '',
    '| Agents | median wall time | all runs |',
    '|---|---|---|',
    `| 1 | ${ms(median(one))} | ${one.map((x) => x.toFixed(0)).join(', ')} ms |`,
    `| 4 | ${ms(median(four))} | ${four.map((x) => x.toFixed(0)).join(', ')} ms |`,
    '',
    'The same containers, steps and removal with bare Engine API calls (the floor the engine sets):',
    '',
    '| Agents | median wall time | all runs |',
    '|---|---|---|',
    `| 1 | ${ms(median(engine1))} | ${engine1.map((x) => x.toFixed(0)).join(', ')} ms |`,
    `| 4 | ${ms(median(engine4))} | ${engine4.map((x) => x.toFixed(0)).join(', ')} ms |`,
    '',
    `Ratio 4 / 1: massgen-exec ${ratio.toFixed(2)}×, bare engine ${floor.toFixed(2)}×.`
  ]
  const figures: Figure[] = [
    {
      id: 'parallel',
      figure: '4 parallel agents / 1 agent (each `sleep 2`)',
      value: `${ratio.toFixed(2)}× (${ms(median(four))} vs ${ms(median(one))}; bare engine ${floor.toFixed(2)}×)`,
      target: `≤ ${TARGET.toFixed(2)}×`,
      met: ratio <= TARGET
    }
  ]
  report('parallel', figures, details)
})
