// `node bench/srt/step-overhead.mjs`: what srt mode adds per step, against local mode, in one
// run on this machine. The bundled CLI (dist/) runs one agent of N `true` steps in each mode,
// interleaved R times; the per-step figure is each step's own durationMs from results.json
// (wrap + sandbox start + kill check for srt); the start figure is the run's wall time outside its
// steps (srt initializes sandbox-runtime and runs a smoke test once per process).
// Knobs: BENCH_SRT_STEPS (30), BENCH_SRT_ROUNDS (5), BENCH_DIST (dist).
import { execFileSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const cli = join(process.env.BENCH_DIST ?? join(root, 'dist'), 'cli', 'index.js')
const steps = Number(process.env.BENCH_SRT_STEPS ?? 30)
const rounds = Number(process.env.BENCH_SRT_ROUNDS ?? 5)
const dir = mkdtempSync(join(tmpdir(), 'bench-srt-'))
// Reachable by the sandbox user (a root runner's srt commands run as 1000:1000).
chmodSync(dir, 0o755)

function run(mode) {
  const config = join(dir, `${mode}.yaml`)
  const cmds = Array.from({ length: steps }, () => "'true'").join(', ')
  writeFileSync(
    config,
    `agent:\n  id: b\n  backend:\n    cwd: ws-${mode}\n    command_line_execution_mode: ${mode}\n  commands: [${cmds}]\n`
  )
  const out = join(dir, `out-${mode}`)
  const t0 = performance.now()
  execFileSync(process.execPath, [cli, 'run', config, '--out', out], { cwd: dir, stdio: 'ignore' })
  const wall = performance.now() - t0
  const r = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
  const perStep = r.agents[0].commands.map((c) => c.durationMs)
  return { wall, perStep, outside: wall - perStep.reduce((x, y) => x + y, 0) }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const acc = {
  local: { steps: [], wall: [], outside: [] },
  srt: { steps: [], wall: [], outside: [] }
}
try {
  for (let i = 0; i < rounds; i++)
    for (const mode of ['local', 'srt']) {
      const { wall, perStep, outside } = run(mode)
      acc[mode].steps.push(...perStep.slice(1))
      acc[mode].wall.push(wall)
      acc[mode].outside.push(outside)
    }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const l = median(acc.local.steps)
const s = median(acc.srt.steps)
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}`)
console.log(
  `per step (median of ${acc.srt.steps.length}): local ${l} ms, srt ${s} ms (+${s - l} ms, ${(s / l).toFixed(1)}×)`
)
console.log(
  `whole run of ${steps} steps (median of ${rounds}): local ${median(acc.local.wall).toFixed(0)} ms, srt ${median(acc.srt.wall).toFixed(0)} ms`
)
console.log(
  `the run outside its steps (process start, config, sandbox start, reports): local ${median(acc.local.outside).toFixed(0)} ms, srt ${median(acc.srt.outside).toFixed(0)} ms`
)
