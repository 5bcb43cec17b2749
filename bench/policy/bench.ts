// Scores our policy and the MassGen / AG2 regex sanitizers on the test corpus, measures the
// time per check and the `check --stdin` throughput, and writes the tables into POLICY.md
// between the policy-bench markers. Run with `node bench/policy/run.mjs`.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { CORPUS, type Case } from '../../__tests__/unit/policy/corpus.js'
import { createPolicy } from '../../src/policy/index.js'
import { AG2, MASSGEN, baselineCheck, type Baseline } from './baselines.js'

const ROOT = process.cwd()
const START = '<!-- policy-bench:start -->'
const END = '<!-- policy-bench:end -->'

const ours = await createPolicy({ enableSudo: false, allowed: [], blocked: [] })
const oursSudo = await createPolicy({ enableSudo: true, allowed: [], blocked: [] })
const oursBlocks = (c: Case) => (c.sudo ? oursSudo : ours).check(c.command).verdict === 'block'
const baseBlocks = (b: Baseline) => (c: Case) =>
  baselineCheck(b, c.command, c.sudo === true) !== undefined

const dangerous = CORPUS.filter((c) => c.kind === 'dangerous')
const benign = CORPUS.filter((c) => c.kind === 'benign')
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(0)}%`

const sanitizers: [string, (c: Case) => boolean][] = [
  ['massgen-exec (this project)', oursBlocks],
  [MASSGEN.name, baseBlocks(MASSGEN)],
  [AG2.name, baseBlocks(AG2)]
]

crossCheckWithPython()

const lines: string[] = []
lines.push(
  `Corpus: ${dangerous.length} dangerous spellings and ${benign.length} benign look-alikes ` +
    '(`__tests__/unit/policy/corpus.ts`).',
  '',
  '| Sanitizer | Dangerous blocked | Benign wrongly blocked |',
  '|---|---|---|'
)
for (const [name, blocks] of sanitizers) {
  const d = dangerous.filter(blocks).length
  const b = benign.filter(blocks).length
  lines.push(
    `| ${name} | ${d} / ${dangerous.length} (${pct(d, dangerous.length)}) | ${b} / ${benign.length} (${pct(b, benign.length)}) |`
  )
}

lines.push('', 'Dangerous cases blocked, by the rule that should catch them:', '')
lines.push('| Rule | Cases | massgen-exec | MassGen | AG2 |', '|---|---|---|---|---|')
const rules = [...new Set(dangerous.map((c) => c.rule as string))]
for (const rule of rules) {
  const cases = dangerous.filter((c) => c.rule === rule)
  const cells = sanitizers.map(([, blocks]) => String(cases.filter(blocks).length))
  lines.push(`| \`${rule}\` | ${cases.length} | ${cells.join(' | ')} |`)
}

const show = (c: Case) => '`' + c.command.replace(/\n/g, '⏎').replace(/\|/g, '\\|') + '`'
const mgMissed = dangerous.filter((c) => !baseBlocks(MASSGEN)(c))
const mgWrong = benign.filter(baseBlocks(MASSGEN))
lines.push(
  '',
  `Examples MassGen allows although dangerous: ${mgMissed.slice(0, 12).map(show).join(', ')}.`,
  '',
  `Examples MassGen blocks although benign: ${mgWrong.slice(0, 12).map(show).join(', ')}.`
)

// Time per check: every corpus case, many rounds, after a warm-up.
const ROUNDS = 30
for (const c of CORPUS) ours.check(c.command)
const samples: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  for (const c of CORPUS) {
    const t0 = performance.now()
    ours.check(c.command)
    samples.push(performance.now() - t0)
  }
}
samples.sort((a, b) => a - b)
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`
const mean = samples.reduce((a, b) => a + b, 0) / samples.length
const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]

// CPU time for 10,000 checks in this process (robust against other load on the machine).
const N = 10_000
const cpu0 = process.cpuUsage()
for (let i = 0; i < N; i++) ours.check(CORPUS[i % CORPUS.length].command)
const cpu = process.cpuUsage(cpu0)
const cpuSeconds = (cpu.user + cpu.system) / 1e6

// Throughput: 10,000 commands through `check --stdin` in a fresh process (start-up included).
const input =
  Array.from({ length: N }, (_, i) =>
    JSON.stringify({ command: CORPUS[i % CORPUS.length].command })
  ).join('\n') + '\n'
const bundled = join(ROOT, 'dist/cli/index.js')
const entry = existsSync(bundled)
  ? {
      args: [bundled, 'check', '--stdin'],
      label: 'the bundle, `node dist/cli/index.js check --stdin`'
    }
  : {
      args: [join(ROOT, 'build/bench-policy/bench/policy/check-main.js'), '--stdin'],
      label: 'the compiled sources (dist/ not built)'
    }
const runs: number[] = []
let answered = 0
for (let i = 0; i < 3; i++) {
  const t0 = performance.now()
  const out = await runProcess(entry.args, input)
  runs.push(performance.now() - t0)
  answered = out.trim().split('\n').length
}
if (answered !== N) throw new Error(`check --stdin answered ${answered} of ${N} lines`)
const best = Math.min(...runs)

lines.push(
  '',
  `Time per \`check\` (parse + rules + lists), ${CORPUS.length} corpus commands × ${ROUNDS} rounds: ` +
    `mean ${us(mean)}, median ${us(q(0.5))}, p99 ${us(q(0.99))}, max ${us(samples[samples.length - 1])}.`,
  '',
  `\`check --stdin\` with ${N.toLocaleString('en')} commands (${entry.label}, process start-up included): ` +
    `best of 3 ${(best / 1000).toFixed(2)} s wall clock (${runs.map((r) => (r / 1000).toFixed(2)).join(' / ')} s; ` +
    `load average ${loadavg()[0].toFixed(1)} during the runs). ` +
    `The same ${N.toLocaleString('en')} checks take ${cpuSeconds.toFixed(2)} s of CPU time in-process.`,
  '',
  `Measured on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} CPUs), Node ${process.version}, ` +
    `${new Date().toISOString().slice(0, 10)}. Regenerate: \`node bench/policy/run.mjs\`.`
)

const table = lines.join('\n')
console.log(table)
const doc = join(ROOT, 'POLICY.md')
if (existsSync(doc)) {
  const text = readFileSync(doc, 'utf8')
  const a = text.indexOf(START)
  const b = text.indexOf(END)
  if (a < 0 || b < a) throw new Error(`POLICY.md lacks the ${START} … ${END} markers`)
  writeFileSync(doc, text.slice(0, a + START.length) + '\n' + table + '\n' + text.slice(b))
  console.log('\nPOLICY.md updated')
}

function runProcess(args: string[], stdin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`check exited ${code}`))
    )
    child.stdin.end(stdin)
  })
}

/** The JavaScript baselines must agree with CPython's re.search on every case. */
function crossCheckWithPython(): void {
  const script = `
import json, re, sys
data = json.load(sys.stdin)
print(json.dumps([[any(re.search(p, c) for p in pats) for c, pats in zip(data["commands"], data[name])] for name in ("massgen", "ag2")]))
`
  const payload = {
    commands: CORPUS.map((c) => c.command),
    massgen: CORPUS.map((c) => MASSGEN.patterns(c.sudo === true).map(([p]) => p)),
    ag2: CORPUS.map((c) => AG2.patterns(c.sudo === true).map(([p]) => p))
  }
  let result: boolean[][]
  try {
    result = JSON.parse(
      execFileSync('python3', ['-c', script], { input: JSON.stringify(payload), encoding: 'utf8' })
    )
  } catch {
    console.log('(python3 not available: baselines not cross-checked with CPython re)')
    return
  }
  const [mg, ag] = result
  CORPUS.forEach((c, i) => {
    if (mg[i] !== baseBlocks(MASSGEN)(c) || ag[i] !== baseBlocks(AG2)(c)) {
      throw new Error(`baseline differs from CPython re on ${JSON.stringify(c.command)}`)
    }
  })
  console.log(`baselines cross-checked with CPython re on ${CORPUS.length} cases`)
}
