// 13. Mutation evidence (issue 25), and the compare step's own cost (issue 20): `massgen-exec run`
// of the tests as a plain step, then of one compare step with
// `compare.evidence: [mutation]` on a ~20-line change to a small real-world-shaped Python project
// (an invoicing module: discount tiers, tax rounding, a validation), 50 mutants allowed. Compared
// in the same run: each mutant's time (a fresh sandbox on a fresh copy of head, the mutated file,
// the covering tests) against one run of the step's tests on head, and the whole mutation phase
// for up to 50 mutants on this machine. Run: `npm run bench -- mutation` (needs the mutation
// runner, src/run/compare/evidence/mutation.ts; BENCH_EVIDENCE_IMAGE names another image).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { CLI, main, median, ms, quantile, report, tempDir, type Figure } from './common.js'

const IMAGE = process.env.BENCH_EVIDENCE_IMAGE ?? 'massgen/mcp-runtime:latest'
const MAX_MUTANTS = Number(process.env.BENCH_MUTANTS ?? 50)

const BASE: Record<string, string> = {
  'invoice/__init__.py': '',
  'invoice/pricing.py': `from dataclasses import dataclass


@dataclass
class Line:
    sku: str
    quantity: int
    unit_price: float


def subtotal(lines):
    return sum(l.quantity * l.unit_price for l in lines)


def total(lines, tax_rate=0.2):
    return round(subtotal(lines) * (1 + tax_rate), 2)
`,
  'invoice/format.py': `def money(x):
    return f"{x:,.2f}"
`,
  'tests/__init__.py': '',
  'tests/test_pricing.py': `from invoice.pricing import Line, subtotal, total


def test_subtotal():
    assert subtotal([Line("a", 2, 1.5), Line("b", 1, 3.0)]) == 6.0


def test_total_default_tax():
    assert total([Line("a", 1, 10.0)]) == 12.0


def test_total_no_tax():
    assert total([Line("a", 3, 1.0)], tax_rate=0) == 3.0
`,
  'tests/test_format.py': `from invoice.format import money


def test_money():
    assert money(1234.5) == "1,234.50"
`
}

// The change: ~20 lines (validation, discount tiers, total with the discount).
const HEAD_PRICING = `from dataclasses import dataclass


@dataclass
class Line:
    sku: str
    quantity: int
    unit_price: float


def validate(lines):
    for l in lines:
        if l.quantity <= 0:
            raise ValueError(f"{l.sku}: quantity must be positive")
        if l.unit_price < 0:
            raise ValueError(f"{l.sku}: negative price")
    return lines


def subtotal(lines):
    return sum(l.quantity * l.unit_price for l in validate(lines))


def discount_rate(amount):
    if amount >= 1000:
        return 0.1
    if amount >= 500:
        return 0.05
    return 0.0


def total(lines, tax_rate=0.2):
    amount = subtotal(lines)
    amount = amount * (1 - discount_rate(amount))
    return round(amount * (1 + tax_rate), 2)
`

// Module-level imports only of names base has (a missing one would be a collection error on base,
// which makes the verdict untrusted); the new names are looked up when each test runs.
const HEAD_TESTS = `import pytest

from invoice import pricing
from invoice.pricing import Line


@pytest.mark.parametrize("amount,rate", [(0, 0.0), (499.99, 0.0), (500, 0.05), (999.99, 0.05), (1000, 0.1)])
def test_discount_tiers(amount, rate):
    assert pricing.discount_rate(amount) == rate


def test_total_with_discount():
    assert pricing.total([Line("a", 10, 100.0)]) == 1080.0


def test_validate_rejects_bad_lines():
    with pytest.raises(ValueError):
        pricing.validate([Line("a", 0, 1.0)])
    with pytest.raises(ValueError):
        pricing.validate([Line("a", 1, -1.0)])
`

function git(dir: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=b', '-c', 'user.email=b@example.com', '-c', 'commit.gpgsign=false', ...args],
    { cwd: dir, encoding: 'utf8' }
  ).trim()
}

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true })
    writeFileSync(join(dir, rel), text)
  }
}

await main(async () => {
  const dir = tempDir('mutation')
  const repo = join(dir, 'repo')
  mkdirSync(repo)
  git(repo, 'init', '-q', '-b', 'main')
  write(repo, BASE)
  git(repo, 'add', '-A')
  git(repo, 'commit', '-qm', 'base')
  const base = git(repo, 'rev-parse', 'HEAD')
  write(repo, {
    'invoice/pricing.py': HEAD_PRICING,
    'tests/test_discounts.py': HEAD_TESTS
  })
  git(repo, 'add', '-A')
  git(repo, 'commit', '-qm', 'discounts')
  const changed = git(repo, 'diff', '--numstat', base, '--', 'invoice/')
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `agent:
  id: bench_mutation
  backend: {cwd: ${repo}, command_line_execution_mode: docker, command_line_docker_image: "${IMAGE}"}
  commands:
    - name: plain
      run: python -m pytest -q -p no:cacheprovider tests
    - name: tests
      run: python -m pytest -q -p no:cacheprovider --junitxml=report.xml tests
      junit: report.xml
      compare:
        base: ${base}
        tests: ["tests/**"]
        evidence: [mutation]
        mutation: {max_mutants: ${MAX_MUTANTS}, time_limit: 1200}
`
  )
  const t0 = Date.now()
  const r = spawnSync(process.execPath, [CLI, 'run', config, '--out', join(dir, 'out')], {
    encoding: 'utf8',
    cwd: dir
  })
  const wall = Date.now() - t0
  const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
  const plain = res.agents[0].commands[0]
  const step = res.agents[0].commands[1]
  const c = step.compare!
  const m = c.evidence?.mutation
  if (!m || !m.mutants.length)
    throw new Error(
      `no mutants ran (verdict ${c.verdict}; ${m?.problem ?? c.evidence?.problem ?? 'no evidence'}); exit ${r.status}: ${r.stderr.slice(-500)}`
    )
  const per = m.mutants.flatMap((x) => (x.durationMs !== undefined ? [x.durationMs] : []))
  const headRun = c.evidence?.headRunMs ?? c.timings.headMs
  const perMedian = median(per)
  // Issue 20's yardstick: the tests run once per side by hand would cost two plain steps; the
  // compare step (fresh sandboxes, collection, re-run) should stay within 1.5× that + 3 s.
  const verdictMs = step.durationMs - (c.timings.evidenceMs ?? 0)
  const byHand = 2 * plain.durationMs
  const figures: Figure[] = [
    {
      id: 'compare-verdict',
      figure:
        'Compare: the verdict phase (four fresh sandboxes, collection, re-run) vs 2 plain steps',
      value: `${ms(verdictMs)} vs 2 × ${ms(plain.durationMs)} (${(verdictMs / byHand).toFixed(1)}×)`,
      target: `≤ 1.5 × + 3 s (${ms(1.5 * byHand + 3000)})`,
      met: verdictMs <= 1.5 * byHand + 3000
    },
    {
      id: 'mutation-per-mutant',
      figure:
        'Mutation: time per mutant (fresh sandbox, covering tests) / one head run of the tests',
      value: `${(perMedian / headRun).toFixed(1)}× (${ms(perMedian)} vs ${ms(headRun)})`,
      target: '— (no target; compared)'
    },
    {
      id: 'mutation-total',
      figure: `Mutation: all mutants of a ~20-line change (max_mutants ${MAX_MUTANTS}), ${cpus().length} cores`,
      value: `${((c.timings.evidenceMs ?? 0) / 1000).toFixed(1)} s for ${m.mutants.length} mutants (${m.found} found; score ${m.score === null ? 'n/a' : m.score.toFixed(2)})`,
      target: '— (no target; measured)'
    }
  ]
  report('mutation', figures, [
    '### mutation',
    '',
    `A ${changed.replace(/\s+/g, ' ')} change (added/removed lines, file) to a small invoicing package; one \`massgen-exec run\` of its compare step with \`evidence: [mutation]\`, wall ${(wall / 1000).toFixed(1)} s:`,
    '',
    '| Figure | Value |',
    '|---|---|',
    `| one head run of the step's tests (the verdict's, in its sandbox) | ${ms(headRun)} |`,
    `| per mutant: median / p90 | ${ms(perMedian)} / ${ms(quantile(per, 0.9))} |`,
    `| mutants found / run / skipped | ${m.found} / ${m.mutants.length} / ${m.skipped} |`,
    `| killed / survived / timeout / error | ${m.killed} / ${m.survived} / ${m.timeout} / ${m.error} |`,
    `| whole mutation phase (evidence) | ${((c.timings.evidenceMs ?? 0) / 1000).toFixed(1)} s |`,
    `| verdict phase (prepare + head + base + re-runs) | ${(verdictMs / 1000).toFixed(1)} s |`,
    `| the same tests as a plain step in the agent's sandbox | ${ms(plain.durationMs)} |`,
    ...(m.sampled ? ['', `Sampling: ${m.sampled}`] : [])
  ])
})
