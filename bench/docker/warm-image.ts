// 5. Warm image: a second run with an unchanged docker/ context, time to "image ready": in a
// fresh process each time, from connecting to the engine to ensureImage's answer (the
// context-hash label matches, nothing is built), for the runtime image and for the sudo variant
// (which checks the runtime image first). Run: `npm run bench -- warm-image`.
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { connectDocker, ensureImage } from '../../src/runtime/docker/index.js'
import { DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE } from '../../src/runtime/docker/labels.js'
import { main, median, ms, report, runOk, type Figure } from './common.js'

const RUNS = Number(process.env.BENCH_WARM_RUNS ?? 7)
const TARGET_MS = 300

/** Child mode: one warm ensureImage, timed from connect to ready; prints JSON. */
async function child(image: string): Promise<void> {
  const t0 = performance.now()
  const client = await connectDocker()
  const lines: string[] = []
  const r = await ensureImage(image, { policy: 'auto', log: (l) => lines.push(l), client })
  const elapsed = performance.now() - t0
  console.log(JSON.stringify({ ms: elapsed, built: r.built, reused: r.reused, log: lines }))
}

if (process.argv[2] === '--child') {
  await child(process.argv[3])
} else {
  await main(async () => {
    const self = fileURLToPath(import.meta.url)
    const details = [
      `Time from connecting to the engine to "image ready" in a fresh process, unchanged docker/ context, ${RUNS} runs:`,
      '',
      '| Image | median | min | max |',
      '|---|---|---|---|'
    ]
    const figures: Figure[] = []
    for (const image of [DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE]) {
      // The first run builds if the context changed since the image was made; it is not counted.
      const first = JSON.parse((await runOk(process.execPath, [self, '--child', image])).stdout)
      if (first.built) console.log(`(${image} was built first: ${(first.ms / 1000).toFixed(1)} s)`)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const r = JSON.parse((await runOk(process.execPath, [self, '--child', image])).stdout)
        if (r.built)
          throw new Error(`${image} was rebuilt on an unchanged context: ${r.log.join('\n')}`)
        times.push(r.ms)
      }
      const m = median(times)
      details.push(
        `| \`${image}\` | ${ms(m)} | ${ms(Math.min(...times))} | ${ms(Math.max(...times))} |`
      )
      figures.push({
        id: image === DEFAULT_IMAGE ? 'warm-image' : 'warm-image-sudo',
        figure: `Warm image ready (\`${image.replace('massgen/', '').replace(':latest', '')}\`)`,
        value: ms(m),
        target: `≤ ${TARGET_MS / 1000} s`,
        met: m <= TARGET_MS
      })
    }
    report('warm-image', figures, details)
  })
}
