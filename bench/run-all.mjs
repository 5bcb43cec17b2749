// `npm run bench`: every benchmark against the real Docker engine, one after another, then one
// table (figure, value, target, met?). `npm run bench -- exec flood` runs only those. A full run
// also writes the machine, the table and each bench's details into BENCHMARKS.md between the
// bench markers. Each bench removes the containers it made (labelled, swept by label), and a
// final sweep catches anything a crashed or timed-out bench left.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { clearTimeout, setTimeout } from 'node:timers'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const compiled = join(root, 'build/bench-docker/bench/docker')
const outDir = join(root, 'bench/out')
const START = '<!-- bench:start -->'
const END = '<!-- bench:end -->'

/** name → [script, time limit in seconds, needs the bundles]. */
const BENCHES = {
  exec: ['exec-overhead.js', 300, false],
  provision: ['provision.js', 240, false],
  parallel: ['parallel.js', 240, false],
  flood: ['flood.js', 300, true],
  'warm-image': ['warm-image.js', 1200, false],
  e2e: ['e2e.js', 180, true],
  'cold-start': ['cold-start.js', 120, true],
  runsc: ['runsc.js', 600, false],
  'image-ready': ['image-ready.js', 1800, false],
  policy: [null, 300, true],
  egress: ['../../../bench-egress/bench/egress/egress.js', 600, false],
  srt: ['../../../../bench/srt/step-overhead.mjs', 900, true],
  mutation: ['mutation.js', 1500, true]
}

const wanted = process.argv.slice(2)
for (const name of wanted) {
  if (!(name in BENCHES)) {
    console.error(`unknown bench ${name}; one of: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
}
const selected = wanted.length ? wanted : Object.keys(BENCHES)
const full = wanted.length === 0

const npx = (args) => execFileSync('npx', args, { stdio: 'inherit' })
const dist = process.env.BENCH_DIST ?? join(root, 'dist')
if (
  selected.some((b) => BENCHES[b][2]) &&
  !(existsSync(join(dist, 'index.js')) && existsSync(join(dist, 'cli/index.js')))
) {
  console.log(`bench: ${dist} has no bundles; building them (npm run build)`)
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
}
console.log('bench: compiling bench/docker and bench/egress')
try {
  npx(['tsc', '-p', 'bench/docker/tsconfig.json'])
  npx(['tsc', '-p', 'bench/egress/tsconfig.json'])
} catch {
  console.error('bench: bench/docker or bench/egress does not compile')
  process.exit(2)
}
execFileSync(process.execPath, [join(compiled, 'machine.js')], { stdio: 'inherit' })

/** Runs a child to its end or its time limit; resolves its exit code (null when killed). */
function runChild(args, limitSec, onStdout) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    child.stdout.on('data', (d) => {
      process.stdout.write(d)
      onStdout?.(String(d))
    })
    const timer = setTimeout(() => {
      console.error(`bench: ${args.join(' ')} exceeded ${limitSec} s; stopping it`)
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
    }, limitSec * 1000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

const failed = []
const started = Date.now()
for (const name of selected) {
  const [script, limit] = BENCHES[name]
  rmSync(join(outDir, `${name}.json`), { force: true })
  console.log(`\n=== ${name} (load average ${loadavg()[0].toFixed(2)}) ===`)
  const t0 = Date.now()
  let code
  if (script) {
    code = await runChild([join(compiled, script)], limit)
  } else {
    let text = ''
    code = await runChild(['bench/policy/run.mjs'], limit, (d) => (text += d))
    if (code === 0) writePolicyResult(text)
  }
  console.log(
    `=== ${name}: ${code === 0 ? 'done' : `FAILED (${code})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s`
  )
  if (code !== 0 || !existsSync(join(outDir, `${name}.json`))) failed.push(name)
}
await runChild([join(compiled, 'machine.js'), '--sweep'], 60)

/** bench/policy prints the `check --stdin` throughput; keep it as this run's policy figure. */
function writePolicyResult(text) {
  const m = /`check --stdin` with ([\d,]+) commands[^:]*: best of 3 ([\d.]+) s wall clock/.exec(
    text
  )
  if (!m) return
  const n = Number(m[1].replace(/,/g, ''))
  const perSecond = n / Number(m[2])
  const result = {
    bench: 'policy',
    figures: [
      {
        id: 'policy',
        figure: 'Policy throughput (`check --stdin`, fresh process, start-up included)',
        value: `${Math.round(perSecond).toLocaleString('en')} commands/s (${m[1]} in ${m[2]} s)`,
        target: '— (no target)'
      }
    ],
    details: [`From \`node bench/policy/run.mjs\` (its full tables are in POLICY.md): ${m[0]}.`],
    at: new Date().toISOString()
  }
  writeFileSync(join(outDir, 'policy.json'), JSON.stringify(result, null, 2) + '\n')
}

const results = selected
  .map((name) => join(outDir, `${name}.json`))
  .filter((f) => existsSync(f))
  .map((f) => JSON.parse(readFileSync(f, 'utf8')))
const machine = JSON.parse(readFileSync(join(outDir, 'machine.json'), 'utf8'))
const rows = results.flatMap((r) => r.figures)
const met = (f) => (f.met === undefined ? '—' : f.met ? 'met' : '**not met**')
const table = [
  '| Figure | Value | Target | Met? |',
  '|---|---|---|---|',
  ...rows.map((f) => `| ${f.figure} | ${f.value} | ${f.target} | ${met(f)} |`)
]
const minutes = ((Date.now() - started) / 60000).toFixed(1)

console.log(`\n${table.join('\n')}\n`)
const targets = rows.filter((f) => f.met !== undefined)
console.log(
  `${targets.filter((f) => f.met).length} of ${targets.length} targets met; ` +
    `${selected.length} bench(es) in ${minutes} min` +
    (failed.length ? `; FAILED: ${failed.join(', ')}` : '')
)

if (full && failed.length === 0) {
  const m = machine
  const section = [
    `Run of ${new Date().toISOString().slice(0, 10)} (\`npm run bench\`, ${minutes} min; load average ` +
      `${m.loadAverage[0]} at the start):`,
    '',
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, kernel ${m.kernel}`,
    `- Docker ${m.docker}, containerd ${m.containerd}, runc ${m.runc}, cgroup ${m.cgroup}, storage ${m.storage}`,
    `- Node ${m.node}`,
    '',
    ...table,
    '',
    ...results.flatMap((r) => [`### ${r.bench}`, '', ...r.details, ''])
  ].join('\n')
  const doc = join(root, 'BENCHMARKS.md')
  if (existsSync(doc)) {
    const text = readFileSync(doc, 'utf8')
    const a = text.indexOf(START)
    const b = text.indexOf(END)
    if (a >= 0 && b > a) {
      writeFileSync(doc, text.slice(0, a + START.length) + '\n' + section + '\n' + text.slice(b))
      console.log('BENCHMARKS.md updated')
    }
  }
}
process.exitCode = failed.length ? 1 : 0
