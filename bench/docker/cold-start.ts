// 7. Bundle cold start: `node dist/index.js` (the action's main step) to its first log line, in a
// runner-like environment (inputs as INPUT_* variables, GITHUB_STATE/OUTPUT/STEP_SUMMARY files,
// so nothing but log lines reaches stdout) with a one-agent docker config. The first line is the
// image check's. Node's own start (`node -e ''`) is shown for scale. Run:
// `npm run bench -- cold-start`.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  ACTION,
  main,
  median,
  ms,
  report,
  runOk,
  tempDir,
  writeConfig,
  type Figure
} from './common.js'

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7)
const TARGET_MS = 500

async function firstLine(): Promise<{ first: number; line: string; exit: number }> {
  const dir = tempDir('cold')
  const config = writeConfig(dir, [{ id: 'bench_cold', steps: ['true'] }])
  const files = Object.fromEntries(
    ['GITHUB_STATE', 'GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH'].map(
      (k) => {
        const path = join(dir, k.toLowerCase())
        writeFileSync(path, '')
        return [k, path]
      }
    )
  )
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...files,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    INPUT_CONFIG: config,
    'INPUT_OUTPUT-DIR': join(dir, 'out'),
    'INPUT_UPLOAD-ARTIFACTS': 'false'
  }
  const t0 = performance.now()
  const child = spawn(process.execPath, [ACTION], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let first = 0
  let line = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    if (first) return
    first = performance.now() - t0
    line = d.split('\n')[0]
  })
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  const exit = performance.now() - t0
  if (code !== 0 || !first)
    throw new Error(
      `node dist/index.js exited ${code} (first line: ${line}): ${stderr.slice(-2000)}`
    )
  return { first, line, exit }
}

await main(async () => {
  await firstLine() // warm-up: the page cache
  const runs: { first: number; line: string; exit: number }[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await firstLine())
  const bare: number[] = []
  for (let i = 0; i < RUNS; i++) bare.push((await runOk(process.execPath, ['-e', ''])).ms)
  const first = median(runs.map((r) => r.first))
  const details = [
    `\`node dist/index.js\`, runner-like environment, one docker agent with one \`true\` step, ${RUNS} runs:`,
    '',
    '| Mark (from spawn) | median | all runs |',
    '|---|---|---|',
    `| first log line | ${ms(first)} | ${runs.map((r) => r.first.toFixed(0)).join(', ')} ms |`,
    `| process exited (whole run) | ${ms(median(runs.map((r) => r.exit)))} | ${runs.map((r) => r.exit.toFixed(0)).join(', ')} ms |`,
    `| \`node -e ''\` exited (Node itself) | ${ms(median(bare))} | ${bare.map((r) => r.toFixed(0)).join(', ')} ms |`,
    '',
    `The first line: \`${runs[0].line.slice(0, 120)}…\``
  ]
  const figures: Figure[] = [
    {
      id: 'cold-start',
      figure: 'Bundle cold start (`node dist/index.js` to its first log line)',
      value: ms(first),
      target: `≤ ${TARGET_MS / 1000} s`,
      met: first <= TARGET_MS
    }
  ]
  report('cold-start', figures, details)
})
