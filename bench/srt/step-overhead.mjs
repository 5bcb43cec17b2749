// `node bench/srt/step-overhead.mjs` (or `npm run bench -- srt`): what srt mode adds per step and
// at start, against local and docker mode, in one run on this machine. The bundled CLI (dist/)
// runs one agent of N `true` steps in each mode — local, docker, srt, and srt with
// command_line_egress (its own proxy behind the front) — interleaved R times. The per-step figure
// is each step's own durationMs from results.json (srt: wrap + sandbox start + kill check; docker:
// exec create/start/inspect); the start figure is the run's wall time outside its steps (process
// start, config, the sandbox: sandbox-runtime's initialize and smoke test once per process for
// srt, container create/start/remove for docker, reports). Writes bench/out/srt.json.
// Knobs: BENCH_SRT_STEPS (30), BENCH_SRT_ROUNDS (5), BENCH_SRT_DOCKER (1; 0 leaves docker out),
// BENCH_DIST (dist).
import { execFileSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const cli = join(process.env.BENCH_DIST ?? join(root, 'dist'), 'cli', 'index.js')
const steps = Number(process.env.BENCH_SRT_STEPS ?? 30)
const rounds = Number(process.env.BENCH_SRT_ROUNDS ?? 5)
const withDocker = process.env.BENCH_SRT_DOCKER !== '0'
const dir = mkdtempSync(join(tmpdir(), 'bench-srt-'))
// Reachable by the sandbox user (a root runner's srt commands run as 1000:1000).
chmodSync(dir, 0o755)

const MODES = {
  local: 'command_line_execution_mode: local',
  docker: 'command_line_execution_mode: docker',
  srt: 'command_line_execution_mode: srt',
  'srt+egress':
    'command_line_execution_mode: srt\n    command_line_egress: { allowed_domains: [pypi.org] }'
}
const modes = Object.keys(MODES).filter((m) => withDocker || m !== 'docker')

function run(mode) {
  const slug = mode.replace('+', '-')
  const config = join(dir, `${slug}.yaml`)
  const cmds = Array.from({ length: steps }, () => "'true'").join(', ')
  // Absolute workspaces: the runs do not depend on .massgen/ placement.
  const ws = join(dir, `ws-${slug}`)
  mkdirSync(ws, { recursive: true })
  chmodSync(ws, 0o777)
  writeFileSync(
    config,
    `agent:\n  id: b\n  backend:\n    cwd: ${ws}\n    ${MODES[mode]}\n  commands: [${cmds}]\n`
  )
  const out = join(dir, `out-${slug}`)
  const t0 = performance.now()
  execFileSync(process.execPath, [cli, 'run', config, '--out', out, '--image-policy', 'never'], {
    cwd: dir,
    stdio: 'ignore'
  })
  const wall = performance.now() - t0
  const r = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))
  if (r.status !== 'passed') throw new Error(`${mode}: run ${r.status}`)
  const perStep = r.agents[0].commands.map((c) => c.durationMs)
  return { wall, perStep, outside: wall - perStep.reduce((x, y) => x + y, 0) }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const acc = Object.fromEntries(modes.map((m) => [m, { steps: [], wall: [], outside: [] }]))
try {
  for (let i = 0; i < rounds; i++)
    for (const mode of modes) {
      const { wall, perStep, outside } = run(mode)
      // The first step of a run pays for lazily loaded code; the rest is the steady state.
      acc[mode].steps.push(...perStep.slice(1))
      acc[mode].wall.push(wall)
      acc[mode].outside.push(outside)
    }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const step = Object.fromEntries(modes.map((m) => [m, median(acc[m].steps)]))
const start = Object.fromEntries(modes.map((m) => [m, Math.round(median(acc[m].outside))]))
const ms = (x) => `${x} ms`
const machine = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}`
const vsDocker = withDocker ? `, docker ${ms(step.docker)}` : ''
const startDocker = withDocker ? `, docker ${ms(start.docker)}` : ''
const figures = [
  {
    id: 'srt-step',
    figure: 'srt per-step time (a `true` step, median)',
    value:
      `${ms(step.srt)} (local ${ms(step.local)}${vsDocker}; with command_line_egress ` +
      `${ms(step['srt+egress'])}); +${step.srt - step.local} ms over local`,
    target: '— (no target; compared)'
  },
  {
    id: 'srt-start',
    figure: 'srt start: run wall time outside its steps (median)',
    value: `${ms(start.srt)} (local ${ms(start.local)}${startDocker}; with egress ${ms(start['srt+egress'])})`,
    target: '— (no target; compared)'
  }
]
const details = [
  `\`node bench/srt/step-overhead.mjs\`: the bundled CLI runs one agent of ${steps} \`true\` steps per mode, ` +
    `${rounds} interleaved rounds (${machine}). Per step: the median of every step but each run's first ` +
    `(its own durationMs). Start: the run's wall time minus its steps' time.`,
  '',
  '| Mode | per step (median) | start (median) | whole run (median) |',
  '|---|---|---|---|',
  ...modes.map(
    (m) => `| ${m} | ${ms(step[m])} | ${ms(start[m])} | ${ms(Math.round(median(acc[m].wall)))} |`
  )
]
for (const l of [`machine: ${machine}`, ...details.slice(2)]) console.log(l)
mkdirSync(join(root, 'bench', 'out'), { recursive: true })
writeFileSync(
  join(root, 'bench', 'out', 'srt.json'),
  JSON.stringify({ bench: 'srt', figures, details, at: new Date().toISOString() }, null, 2) + '\n'
)
