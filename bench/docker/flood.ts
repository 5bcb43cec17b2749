// 4. Output flood: a step printing 1 GiB, through the whole CLI (`massgen-exec run`, the step's
// own duration from results.json), against `docker exec … >/dev/null` and the bare Engine API
// stream (read and discarded) in a container from the same image; and the CLI's peak RSS (VmHWM,
// sampled every 20 ms) against the same CLI running a trivial step. Run: `npm run bench -- flood`.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import type { RunResults } from '../../src/report/types.js'
import {
  benchContainer,
  CLI,
  client,
  hasDockerCli,
  main,
  median,
  ms,
  peakRss,
  report,
  tempDir,
  writeConfig,
  type Figure
} from './common.js'

const BYTES = 1024 * 1024 * 1024
const FLOOD = `head -c ${BYTES} /dev/zero`
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 2)
const RSS_TARGET = 150 * 1024 * 1024
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`

/** One CLI run of `step`; returns the step's duration and the process's peak RSS. */
async function cliRun(step: string): Promise<{ stepMs: number; wallMs: number; peak: number }> {
  const dir = tempDir('flood')
  const config = writeConfig(dir, [{ id: 'bench_flood', steps: [step] }])
  const out = join(dir, 'out')
  const t0 = performance.now()
  const child = spawn(process.execPath, [CLI, 'run', config, '--out', out], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  let peak = 0
  const sample = async () => (peak = Math.max(peak, (await peakRss(child.pid!)) ?? 0))
  const sampler = setInterval(() => void sample(), 20)
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  clearInterval(sampler)
  const wallMs = performance.now() - t0
  if (code !== 0) throw new Error(`massgen-exec run exited ${code}: ${stderr.slice(-2000)}`)
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults
  const r = results.agents[0].commands[0]
  if (r.status !== 'passed') throw new Error(`flood step ${r.status}: ${r.reason}`)
  return { stepMs: r.durationMs, wallMs, peak }
}

await main(async () => {
  const container = await benchContainer(
    { Init: true, NetworkMode: 'none', CapDrop: ['ALL'] },
    { User: '65534:65534' }
  )
  const cli = await hasDockerCli()
  const dockerExec = async (): Promise<number> => {
    const t0 = performance.now()
    const child = spawn('docker', ['exec', '-u', '1000:1000', container, 'sh', '-c', FLOOD], {
      stdio: ['ignore', 'ignore', 'inherit']
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    if (code !== 0) throw new Error(`docker exec exited ${code}`)
    return performance.now() - t0
  }
  const rawApi = async (): Promise<number> => {
    const t0 = performance.now()
    const exec = await client.exec(container, {
      Cmd: ['sh', '-c', FLOOD],
      User: '1000:1000',
      AttachStdout: true,
      AttachStderr: true,
      Tty: false
    })
    const stream = (await exec.start({})) as unknown as Readable
    let bytes = 0
    for await (const chunk of stream) bytes += (chunk as Buffer).length
    if (bytes < BYTES) throw new Error(`raw stream carried ${bytes} bytes`)
    return performance.now() - t0
  }

  const baseline = await cliRun('true')
  const ours: number[] = []
  const peaks: number[] = []
  const viaCli: number[] = []
  const viaApi: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const r = await cliRun(FLOOD)
    ours.push(r.stepMs)
    peaks.push(r.peak)
    if (cli) viaCli.push(await dockerExec())
    viaApi.push(await rawApi())
  }
  await client.removeContainer(container)

  const reference = cli ? median(viaCli) : median(viaApi)
  const refName = cli ? '`docker exec … >/dev/null`' : 'raw Engine API stream'
  const peak = Math.max(...peaks)
  const details = [
    `1 GiB of output from one step (\`${FLOOD}\`), ${ROUNDS} rounds, medians:`,
    '',
    '| Path | wall time |',
    '|---|---|',
    `| massgen-exec CLI step (capped, streamed, logged) | ${ms(median(ours))} |`,
    ...(cli ? [`| \`docker exec … >/dev/null\` | ${ms(median(viaCli))} |`] : []),
    `| raw Engine API stream, read and discarded | ${ms(median(viaApi))} |`,
    '',
    `Peak RSS of the \`massgen-exec run\` process: ${MB(peak)} during the flood ` +
      `(${peaks.map(MB).join(', ')}), ${MB(baseline.peak)} for the same run of \`true\`.`
  ]
  const figures: Figure[] = [
    {
      id: 'flood-time',
      figure: `1 GiB output step / ${refName}`,
      value: `${(median(ours) / reference).toFixed(2)}× (${ms(median(ours))} vs ${ms(reference)})`,
      target: '— (no target; compared)'
    },
    {
      id: 'flood-rss',
      figure: 'Peak RSS during a 1 GiB flood',
      value: `${MB(peak)} (trivial run: ${MB(baseline.peak)})`,
      target: '≤ 150 MB',
      met: peak <= RSS_TARGET
    }
  ]
  report('flood', figures, details)
})
