// Mutation evidence against the real engine (issue 25's acceptance): runMutation called directly,
// each mutant in a fresh docker sandbox on a fresh copy of head unpacked from compare's packed
// trees, opened as compare opens a side (a session from the agent's plan whose workspace is the
// side's root, the head member unpacked as the sandbox user). pytest and python3 from the image.
//   - `if x > 10: return x * 2` tested exactly at 10, 11, 12: score >= 0.9;
//   - the same change tested only with `is not None` at 11: the arithmetic and comparison mutants
//     survive and are listed with file:line and the mutated code;
//   - a mutant that loops forever (`i += 1` → `i -= 1`) is `timeout`, never killed.
// Times per mutant and per head run are logged (the figures in BENCHMARKS.md).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../src/config/types.js'
import type { AgentSession } from '../../src/runtime/types.js'
import { openFreshHead } from '../../src/run/compare/evidence/mutation-head.js'
import { runMutation } from '../../src/run/compare/evidence/mutation.js'
import type { MutationInput, MutationReport } from '../../src/run/compare/evidence/types.js'
import type { SideBox, SideRequest } from '../../src/run/compare/run.js'
import { hostGit, packTrees } from '../../src/run/compare/trees.js'
import { agentShell, workspaceOps } from '../../src/run/workspace-ops.js'
import { createDockerRuntime, type DockerRuntime } from '../../src/runtime/docker/index.js'
import { GitRepo } from '../helpers/git-repo.js'
import {
  agentPlan,
  client,
  containersOfRun,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId
} from './docker/helpers.js'

const PYTEST = 'python -m pytest -q -p no:cacheprovider tests'
const runId = newRunId('mutation')
const logs: string[] = []
let runtime: DockerRuntime
let scratch: string

beforeAll(async () => {
  await ensureRuntimeImage(false, (l) => logs.push(l))
  runtime = createDockerRuntime({ imagePolicy: 'never', log: (l) => logs.push(l), client })
  scratch = mkdtempSync(join(tmpdir(), 'mgx-mutation-e2e-'))
  chmodSync(scratch, 0o700)
}, IMAGE_TIMEOUT_MS)
afterAll(async () => {
  await runtime?.cleanup?.(runId)
  rmSync(scratch, { recursive: true, force: true })
})

/** Compare's fresh side, as orchestrate's freshSide opens it (exec and close are what mutation uses). */
function openHead(template: AgentPlan) {
  return async (req: Omit<SideRequest, 'side'>): Promise<SideBox> => {
    const plan: AgentPlan = { ...template, id: `${template.id}-${req.label}`, workspace: req.root }
    const session = await runtime.start(plan, { runId, outDir: scratch, log: (l) => logs.push(l) })
    const ops = workspaceOps(agentShell(plan, session))
    const box: SideBox = {
      attempts: () => Promise.reject(new Error('not used by mutation')),
      exec: async (command, place) => {
        const r = await session.exec({
          command,
          cwd: place.cwd,
          env: place.env,
          timeoutMs: 300_000,
          maxOutputBytes: plan.maxOutputBytes
        })
        return { exitCode: r.exitCode, stdout: r.stdout }
      },
      close: async () => {
        await ops.removeTree(join(req.root, req.member)).catch(() => undefined)
        await session.close()
      }
    }
    try {
      await ops.unpackMember(req.tar, req.root, req.member, 600_000)
    } catch (e) {
      await box.close()
      throw e
    }
    return box
  }
}

/**
 * The weakening for the attack below: every mutant in ONE sandbox (one container, one home),
 * each still on its own copy of head. Never what the product does.
 */
function sharedHead(template: AgentPlan, dir: string) {
  let session: Promise<AgentSession> | undefined
  return async (req: Omit<SideRequest, 'side'>): Promise<SideBox> => {
    const plan: AgentPlan = { ...template, id: `${template.id}-shared`, workspace: dir }
    session ??= runtime.start(plan, { runId, outDir: scratch, log: (l) => logs.push(l) })
    const s = await session
    const ops = workspaceOps(agentShell(plan, s))
    await ops.unpackMember(req.tar, req.root, req.member, 600_000)
    return {
      attempts: () => Promise.reject(new Error('not used by mutation')),
      exec: async (command, place) => {
        const r = await s.exec({
          command,
          cwd: place.cwd,
          env: place.env,
          timeoutMs: 300_000,
          maxOutputBytes: plan.maxOutputBytes
        })
        return { exitCode: r.exitCode, stdout: r.stdout }
      },
      close: () => ops.removeTree(join(req.root, req.member)).catch(() => undefined)
    }
  }
}

const BASE = { 'calc.py': 'def scale(x):\n    return x\n' }
const HEAD = `def scale(x):
    if x > 10:
        return x * 2
    return x


def count_to(n):
    i = 0
    while i < n:
        i += 1
    return i
`
const STRONG = `from calc import count_to, scale


def test_scale():
    assert scale(10) == 10
    assert scale(11) == 22
    assert scale(12) == 24


def test_count():
    assert count_to(3) == 3
    assert count_to(0) == 0
`
const WEAK = `from calc import scale


def test_scale():
    assert scale(11) is not None
`

/** A repository base → head, packed as compare packs it; the input for runMutation. */
async function prepare(
  name: string,
  files: {
    base?: Record<string, string>
    head: Record<string, string>
    untracked?: (dir: string) => void
  },
  over: Partial<MutationInput>
): Promise<{ input: MutationInput; headRunMs: number }> {
  const dir = join(scratch, name)
  const repo = new GitRepo(join(dir, 'repo'))
  const baseSha = repo.commit(files.base ?? BASE)
  const headSha = repo.commit(files.head)
  files.untracked?.(repo.dir)
  const tar = join(dir, 'trees.tar')
  const names = { head: `h${name}`, base: `b${name}` }
  await packTrees(
    hostGit(),
    {
      top: repo.dir,
      baseSha,
      tests: ['tests/**', 'test/**'],
      exclude: () => false,
      dirs: [''],
      names,
      headSha
    },
    tar
  )
  const plan = agentPlan(`mut-${name}`, dir)
  const input: MutationInput = {
    changed: [],
    failToPass: [],
    command: PYTEST,
    headRunMs: 0,
    settings: {},
    parallel: 2,
    log: (l) => logs.push(`[${name}] ${l}`),
    openHead: openHead(plan),
    head: { dir, tar, member: names.head, cwdRel: '', env: {} },
    ...over
  }
  // One run of the step on a fresh head, as the verdict's head run: the timeout's base.
  const h = await openFreshHead(input)
  const t0 = Date.now()
  try {
    const r = await h.box.exec(input.command, h.place)
    expect(r.exitCode).toBe(0)
  } finally {
    await h.close()
  }
  const headRunMs = Date.now() - t0
  return { input: { ...input, headRunMs }, headRunMs }
}

function figures(name: string, r: MutationReport, headRunMs: number, wallMs: number) {
  const ms = r.mutants.map((m) => m.durationMs ?? 0)
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)
  const line =
    `[figures] ${name}: ${r.mutants.length} mutants in ${(wallMs / 1000).toFixed(1)} s wall (parallel 2), ` +
    `mean ${(mean / 1000).toFixed(2)} s per mutant (sandbox, apply, tests), one head run ${(headRunMs / 1000).toFixed(2)} s, ` +
    `timeout ${((r.timeoutMs ?? 0) / 1000).toFixed(1)} s; ${r.killed} killed, ${r.survived} survived, ${r.timeout} timeout, ${r.error} error`
  logs.push(line)
  const each = r.mutants.map(
    (m) => `  ${m.id} ${m.outcome} ${m.durationMs} ms: ${m.mutated} (${m.detail ?? ''})`
  )
  process.stderr.write(
    `${[line, ...each, ...(r.problem ? [`  problem: ${r.problem}`] : [])].join('\n')}\n`
  )
}

describe('mutation scoped to the diff, in fresh docker sandboxes', () => {
  it('exact tests at 10, 11, 12: score >= 0.9; the endless loop is a timeout, not a kill', async () => {
    const { input, headRunMs } = await prepare(
      'strong',
      { head: { 'calc.py': HEAD, 'tests/test_calc.py': STRONG } },
      {
        changed: [{ path: 'calc.py', lines: [2, 3, 7, 8, 9, 10, 11] }],
        failToPass: ['tests/test_calc.py::test_scale', 'tests/test_calc.py::test_count'],
        // Coverage for the scale lines (the covering-test path), none for count_to (the fallback).
        coveringTests: {
          'calc.py:2': ['tests/test_calc.py::test_scale'],
          'calc.py:3': ['tests/test_calc.py::test_scale']
        }
      }
    )
    const t0 = Date.now()
    const r = await runMutation(input)
    figures('strong', r, headRunMs, Date.now() - t0)
    const scaleMutants = r.mutants.filter((m) => m.line <= 3)
    expect(scaleMutants.length).toBeGreaterThanOrEqual(6)
    expect(scaleMutants.every((m) => m.outcome === 'killed')).toBe(true)
    expect(r.score).toBeGreaterThanOrEqual(0.9)
    // i -= 1 never ends: reported apart, not killed.
    const down = r.mutants.find((m) => m.line === 10 && m.mutated === 'i -= 1')!
    expect(down).toMatchObject({ outcome: 'timeout', path: 'calc.py', operator: 'arith' })
    expect(r.timeout).toBeGreaterThanOrEqual(1)
    expect(r.killed + r.survived + r.timeout + r.error).toBe(r.mutants.length)
    expect(r.error).toBe(0)
    expect(await containersOfRun(runId)).toEqual([])
  }, 900_000)

  it('only `is not None` at 11: the arithmetic and comparison mutants survive, listed with the mutated code', async () => {
    const { input, headRunMs } = await prepare(
      'weak',
      { head: { 'calc.py': HEAD, 'tests/test_calc.py': WEAK } },
      { changed: [{ path: 'calc.py', lines: [2, 3] }] }
    )
    const t0 = Date.now()
    const r = await runMutation(input)
    figures('weak', r, headRunMs, Date.now() - t0)
    const survivors = r.mutants.filter((m) => m.outcome === 'survived')
    const shown = survivors.map((m) => `${m.path}:${m.line} ${m.operator}: ${m.mutated}`)
    expect(shown).toEqual(
      expect.arrayContaining([
        'calc.py:2 cmp: if x >= 10:',
        'calc.py:3 arith: return x / 2',
        'calc.py:2 negate: if not (x > 10):'
      ])
    )
    // return None is the one mutant `is not None` notices.
    expect(r.mutants.find((m) => m.operator === 'return')!.outcome).toBe('killed')
    expect(r.score).toBeLessThan(0.5)
    expect(await containersOfRun(runId)).toEqual([])
  }, 900_000)
})

// A ~25-line change in a small real-world-shaped module (an order's price: tiers, a coupon,
// rounding, shipping), with the tests an agent would write for it: more mutants than the budget.
const PRICING_BASE = `from decimal import Decimal, ROUND_HALF_UP


def cents(value):
    return Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
`
const PRICING_HEAD = `${PRICING_BASE}

def tier_discount(quantity):
    if quantity >= 100:
        return Decimal("0.15")
    if quantity >= 20:
        return Decimal("0.05")
    return Decimal("0")


def order_total(unit_price, quantity, coupon=None, express=False):
    if quantity <= 0:
        raise ValueError("quantity must be positive")
    subtotal = Decimal(unit_price) * quantity
    subtotal = subtotal * (1 - tier_discount(quantity))
    if coupon is not None and Decimal(coupon.get("min", 0)) <= subtotal:
        subtotal = subtotal - Decimal(coupon["off"])
    shipping = Decimal("0") if subtotal >= 50 and not express else Decimal("4.99")
    if express:
        shipping = shipping + 10
    total = max(subtotal, Decimal("0")) + shipping
    return cents(total)


def loyalty_points(total, member_years):
    points = int(total) // 10
    if member_years >= 3:
        points = points * 2
    return points
`
const PRICING_TESTS = `import pytest

from pricing import loyalty_points, order_total, tier_discount


def test_tiers():
    assert tier_discount(1) == 0
    assert tier_discount(20) == tier_discount(99) != 0
    assert tier_discount(100) > tier_discount(20)


def test_small_order_pays_shipping():
    assert str(order_total("10.00", 2)) == "24.99"


def test_free_shipping_and_bulk():
    assert str(order_total("3.00", 20)) == "57.00"
    assert str(order_total("1.00", 100)) == "85.00"


def test_coupon_and_express():
    assert str(order_total("30.00", 2, coupon={"off": "5", "min": "40"})) == "55.00"
    assert str(order_total("30.00", 2, express=True)) == "74.99"


def test_rejects_nothing():
    with pytest.raises(ValueError):
        order_total("1.00", 0)


def test_loyalty():
    assert loyalty_points(57, 1) == 5
    assert loyalty_points(57, 3) == 10
`

describe('the budget on a ~25-line change', () => {
  it('more mutants than max_mutants: 50 run, spread, the rest skipped and said', async () => {
    const changed = Array.from({ length: 28 }, (_, i) => i + 8)
    const { input, headRunMs } = await prepare(
      'budget',
      {
        base: { 'pricing.py': PRICING_BASE },
        head: { 'pricing.py': PRICING_HEAD, 'tests/test_pricing.py': PRICING_TESTS }
      },
      {
        changed: [{ path: 'pricing.py', lines: changed }],
        failToPass: [
          'tests/test_pricing.py::test_tiers',
          'tests/test_pricing.py::test_small_order_pays_shipping',
          'tests/test_pricing.py::test_free_shipping_and_bulk',
          'tests/test_pricing.py::test_coupon_and_express',
          'tests/test_pricing.py::test_rejects_nothing',
          'tests/test_pricing.py::test_loyalty'
        ],
        settings: { max_mutants: 50 }
      }
    )
    const t0 = Date.now()
    const r = await runMutation(input)
    figures('budget', r, headRunMs, Date.now() - t0)
    expect(r.found).toBeGreaterThan(50)
    expect(r.mutants.length).toBe(50)
    expect(r.skipped).toBe(r.found - 50)
    expect(r.sampled).toMatch(/50 run .* skipped/)
    expect(new Set(r.mutants.map((m) => m.operator)).size).toBeGreaterThanOrEqual(6)
    expect(r.error).toBe(0)
    expect(await containersOfRun(runId)).toEqual([])
  }, 1_500_000)
})

// Stryker, installed from npm on the host into the project's (untracked, not ignored)
// node_modules, which compare's head tree carries into the sandbox (no network there).
describe('JavaScript through Stryker', () => {
  it('a weak node:test test: Stryker mutants on the changed lines survive, listed', async () => {
    const pkg = {
      name: 'calc',
      version: '1.0.0',
      private: true,
      scripts: { test: 'node --test test/' },
      devDependencies: { '@stryker-mutator/core': '9.4.0' }
    }
    const { input, headRunMs } = await prepare(
      'stryker',
      {
        base: {
          'package.json': JSON.stringify(pkg, null, 2),
          'stryker.config.json': '{ "testRunner": "command", "coverageAnalysis": "off" }\n',
          'src/calc.js': 'function double(x) {\n  return x\n}\nmodule.exports = { double }\n'
        },
        head: {
          'src/calc.js':
            'function double(x) {\n  if (x > 10) {\n    return x * 2\n  }\n  return x\n}\nmodule.exports = { double }\n',
          'test/calc.test.js':
            "const test = require('node:test')\nconst assert = require('node:assert')\nconst { double } = require('../src/calc.js')\n" +
            "test('double', () => {\n  assert.notStrictEqual(double(11), null)\n})\n"
        },
        untracked: (dir) => {
          execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
            cwd: dir,
            stdio: 'ignore',
            timeout: 300_000
          })
        }
      },
      { command: 'npm test', changed: [{ path: 'src/calc.js', lines: [2, 3, 4] }] }
    )
    const t0 = Date.now()
    const r = await runMutation(input)
    figures('stryker', r, headRunMs, Date.now() - t0)
    expect(r.tool).toBe('stryker')
    expect(r.problem).toBeUndefined()
    const survivors = r.mutants
      .filter((m) => m.outcome === 'survived')
      .map((m) => `${m.path}:${m.line} ${m.mutated}`)
    expect(survivors).toEqual(
      expect.arrayContaining(['src/calc.js:2 if (x >= 10) {', 'src/calc.js:3 return x / 2'])
    )
    expect(r.mutants.every((m) => [2, 3, 4].includes(m.line))).toBe(true)
    expect(await containersOfRun(runId)).toEqual([])
  }, 900_000)
})

// The attack on a shared sandbox: a test that passes once, leaves a mark in $HOME and fails
// whenever the mark is there, so every mutant after the first reads as killed. Each mutant in a
// fresh sandbox (new home) defeats it; with one sandbox for all (the weakening) it succeeds.
const MARKING = `import os

from calc import scale

MARK = os.path.join(os.path.expanduser("~"), ".seen-by-tests")


def test_scale():
    seen = os.path.exists(MARK)
    open(MARK, "w").close()
    assert not seen
    assert scale(11) is not None
`

describe('fresh sandboxes per mutant', () => {
  it('a test that fails on every run after the first kills nothing in fresh sandboxes, everything in a shared one', async () => {
    const { input } = await prepare(
      'marking',
      { head: { 'calc.py': HEAD, 'tests/test_calc.py': MARKING } },
      { changed: [{ path: 'calc.py', lines: [2, 3] }] }
    )
    const fresh = await runMutation(input)
    expect(fresh.survived).toBe(7)
    expect(fresh.killed).toBe(1)

    const weakened = await runMutation({
      ...input,
      parallel: 1,
      openHead: sharedHead(agentPlan('mut-marking', input.head!.dir), input.head!.dir)
    })
    // The first mutant leaves the mark; every later one is "killed" by it.
    expect(weakened.killed).toBeGreaterThanOrEqual(7)
    expect(weakened.score).toBeGreaterThan(0.8)
    await runtime.cleanup?.(runId)
  }, 900_000)
})
