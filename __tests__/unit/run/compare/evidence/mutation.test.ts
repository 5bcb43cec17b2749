// The mutation runner with a fake head sandbox (no Docker): outcomes from exit codes, timeouts
// apart from kills, the parallel limit, the budget (sampling, time cap), the tests each mutant
// runs, and the errors (cannot apply, cannot open).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  classify,
  mutantTimeoutMs,
  pool,
  runMutation,
  sample,
  spread,
  testPlan
} from '../../../../../src/run/compare/evidence/mutation.js'
import type { PyMutant } from '../../../../../src/run/compare/evidence/python-mutator.js'
import type { Mutant, MutationInput } from '../../../../../src/run/compare/evidence/types.js'
import type { SideBox } from '../../../../../src/run/compare/run.js'

type Behaviour = (mutantId: string | undefined, command: string) => number | null | 'hang'

interface Fake {
  input: MutationInput
  opened: number
  maxOpen: number
  commands: { mutant?: string; command: string }[]
  logs: string[]
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mgx-mut-'))
  writeFileSync(join(dir, 'trees.tar'), 'tar')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const pyMutant = (path: string, line: number, operator: string, n = 0): PyMutant => ({
  id: `${path}:${line}:${operator}:${n}`,
  path,
  line,
  operator,
  original: `line ${line}`,
  mutated: `line ${line} (${operator})`,
  edits: [[[line, 0], [line, 1], 'x', 'y']]
})

const decode = (cmd: string) => {
  const m = / (list|apply) (\S+)$/.exec(cmd)
  return m ? { mode: m[1], arg: JSON.parse(Buffer.from(m[2], 'base64').toString()) } : undefined
}

function fake(
  mutants: PyMutant[],
  behave: Behaviour,
  over: Partial<MutationInput> & { delayMs?: number; collected?: string[] } = {}
): Fake {
  const f: Fake = { opened: 0, maxOpen: 0, commands: [], logs: [], input: undefined as never }
  const collected = over.collected ?? ['tests/test_a.py::test_one', 'tests/test_a.py::test_two']
  f.input = {
    changed: [...new Set(mutants.map((m) => m.path))].map((path) => ({ path, lines: [1] })),
    failToPass: ['tests/test_a.py::test_one'],
    command: 'python -m pytest -q --junitxml=r.xml tests',
    headRunMs: 100,
    settings: {},
    parallel: 2,
    log: (l) => f.logs.push(l),
    head: { dir, tar: join(dir, 'trees.tar'), member: 'tree', cwdRel: '', env: {} },
    openHead: async () => {
      f.opened++
      f.maxOpen = Math.max(f.maxOpen, f.opened)
      let applied: string | undefined
      let closed = false
      let wake = () => {}
      const box: SideBox = {
        attempts: () => Promise.reject(new Error('not used')),
        exec: async (command) => {
          if (closed) throw new Error('closed')
          const d = decode(command)
          if (d?.mode === 'list')
            return { exitCode: 0, stdout: JSON.stringify({ mutants, problems: [] }) }
          if (d?.mode === 'apply') {
            applied = d.arg.mutant.id
            return applied!.includes('unapplicable')
              ? { exitCode: 3, stdout: 'the source at the mutant does not match' }
              : { exitCode: 0, stdout: '' }
          }
          if (command.endsWith('--collect-only -q'))
            return { exitCode: 0, stdout: `${collected.join('\n')}\n\n2 tests collected\n` }
          f.commands.push({ mutant: applied, command })
          if (over.delayMs) await new Promise((r) => setTimeout(r, over.delayMs))
          const code = behave(applied, command)
          if (code === 'hang') {
            await new Promise<void>((r) => (wake = r))
            throw new Error('ended with its sandbox')
          }
          return { exitCode: code, stdout: '' }
        },
        close: async () => {
          if (!closed) f.opened--
          closed = true
          wake()
        }
      }
      return box
    },
    ...over
  }
  return f
}

test('outcomes from exit codes: pytest 1 killed, 0 survived, 2 error, a hang timeout (never killed)', async () => {
  const ms = [
    pyMutant('src/a.py', 1, 'cmp'),
    pyMutant('src/a.py', 2, 'arith'),
    pyMutant('src/a.py', 3, 'delete'),
    pyMutant('src/a.py', 4, 'negate')
  ]
  const code: Record<string, number | 'hang'> = {
    [ms[0].id]: 1,
    [ms[1].id]: 0,
    [ms[2].id]: 2,
    [ms[3].id]: 'hang'
  }
  const f = fake(ms, (id) => code[id!])
  const t0 = Date.now()
  const r = await runMutation(f.input, { timeoutMs: 300 })
  expect(Date.now() - t0).toBeLessThan(5000)
  const by = Object.fromEntries(r.mutants.map((m) => [m.id, m]))
  expect(by[ms[0].id].outcome).toBe('killed')
  expect(by[ms[1].id].outcome).toBe('survived')
  expect(by[ms[2].id]).toMatchObject({
    outcome: 'error',
    detail: expect.stringMatching(/pytest exit 2/)
  })
  expect(by[ms[3].id]).toMatchObject({
    outcome: 'timeout',
    detail: expect.stringMatching(/0\.3 s/)
  })
  expect(r).toMatchObject({
    killed: 1,
    survived: 1,
    timeout: 1,
    error: 1,
    score: 0.5,
    found: 4,
    skipped: 0
  })
  expect(r.timeoutMs).toBe(300)
  // Every mutant had a sandbox of its own, and every sandbox was closed (the hung one too).
  expect(f.opened).toBe(0)
  // The survivor ran the fail-to-pass test alone first (-x), then the step's command.
  const survivor = f.commands.filter((c) => c.mutant === ms[1].id).map((c) => c.command)
  expect(survivor).toEqual([
    "python -m pytest -q --junitxml=r.xml tests --deselect 'tests/test_a.py::test_two' -x",
    'python -m pytest -q --junitxml=r.xml tests'
  ])
})

test('the timeout is derived from the head run: three runs, at least one run + 5 s', () => {
  expect(mutantTimeoutMs(1000)).toBe(6000)
  expect(mutantTimeoutMs(2500)).toBe(7500)
  expect(mutantTimeoutMs(10_000)).toBe(30_000)
})

test('at most `parallel` mutants at once', async () => {
  const ms = Array.from({ length: 7 }, (_, i) => pyMutant('a.py', i + 1, 'cmp'))
  const f = fake(ms, () => 1, { delayMs: 40, parallel: 3 })
  const r = await runMutation(f.input)
  expect(r.killed).toBe(7)
  // The listing's sandbox is closed before the mutants start.
  expect(f.maxOpen).toBe(3)
})

test('more mutants than max_mutants: a deterministic spread, said, the rest counted as skipped', async () => {
  const ms: PyMutant[] = []
  for (const path of ['a.py', 'b.py', 'c.py'])
    for (let line = 1; line <= 20; line++)
      for (const op of ['cmp', 'const']) ms.push(pyMutant(path, line, op))
  const f = fake(ms, () => 0, { settings: { max_mutants: 12 } })
  const r = await runMutation(f.input)
  expect(r.found).toBe(120)
  expect(r.mutants.length).toBe(12)
  expect(r.skipped).toBe(108)
  expect(r.sampled).toMatch(/120 mutants found .* 3 file\(s\); 12 run .*max_mutants.* 108 skipped/)
  const chosen = r.mutants.map((m) => m.id)
  // Each file and operator equally; both ends of each file's lines.
  for (const path of ['a.py', 'b.py', 'c.py']) {
    const mine = r.mutants.filter((m) => m.path === path)
    expect(mine.length).toBe(4)
    expect(mine.filter((m) => m.operator === 'cmp').length).toBe(2)
    expect(mine.map((m) => m.line)).toEqual(expect.arrayContaining([1, 20]))
  }
  // The same choice every time.
  const again = await runMutation(fake(ms, () => 0, { settings: { max_mutants: 12 } }).input)
  expect(again.mutants.map((m) => m.id)).toEqual(chosen)
})

test('the time limit: mutants not started by then are skipped and said', async () => {
  const ms = Array.from({ length: 10 }, (_, i) => pyMutant('a.py', i + 1, 'cmp'))
  const f = fake(ms, () => 1, { delayMs: 150, parallel: 1, settings: { time_limit: 0.4 } })
  const r = await runMutation(f.input)
  expect(r.mutants.length).toBeGreaterThan(0)
  expect(r.mutants.length).toBeLessThan(10)
  expect(r.skipped).toBe(10 - r.mutants.length)
  expect(r.problem).toMatch(/not started: the time limit/)
})

test('a mutant that cannot be applied, and a sandbox that cannot be opened, are errors', async () => {
  const ms = [pyMutant('a.py', 1, 'unapplicable'), pyMutant('a.py', 2, 'cmp')]
  const f = fake(ms, () => 1)
  const r = await runMutation(f.input)
  expect(r.mutants[0]).toMatchObject({
    outcome: 'error',
    detail: expect.stringMatching(/cannot apply: the source/)
  })
  expect(r.mutants[1].outcome).toBe('killed')
  expect(f.commands.some((c) => c.mutant === ms[0].id)).toBe(false)

  let n = 0
  const g = fake(ms, () => 1)
  const open = g.input.openHead
  g.input.openHead = async (req) => {
    if (n++ === 1) throw new Error('no engine')
    return open(req)
  }
  const r2 = await runMutation({ ...g.input, parallel: 1 })
  expect(r2.mutants.filter((m) => m.outcome === 'error').map((m) => m.detail)).toContain(
    'cannot open a sandbox: no engine'
  )
})

test('the listing failing, and nothing to open, are problems (score null)', async () => {
  const f = fake([], () => 0)
  f.input.openHead = async () => ({
    attempts: () => Promise.reject(new Error('x')),
    exec: async () => ({ exitCode: 127, stdout: 'sh: python3: not found' }),
    close: async () => {}
  })
  f.input.changed = [{ path: 'a.py', lines: [1] }]
  const r = await runMutation(f.input)
  expect(r.score).toBeNull()
  expect(r.problem).toMatch(/python: the mutator did not run \(exit 127\): sh: python3: not found/)
  const { head: _h, ...noHead } = f.input
  expect((await runMutation(noHead)).problem).toMatch(/no head tree/)
})

test('test plan: covering tests fail-to-pass first; without coverage fail-to-pass then the step; not pytest: the step', () => {
  const collected = ['t.py::a', 't.py::b', 't.py::c', 't.py::d']
  const m = { path: 's.py', line: 3 } as Mutant
  const base = { command: 'pytest t.py', failToPass: ['t.py::b', 't.py::zz'] }
  const covered = testPlan(
    { ...base, coveringTests: { 's.py:3': ['t.py::c', 't.py::b', 'x::unknown'] } },
    collected
  )(m)
  expect(covered.map((s) => s.command)).toEqual([
    "pytest t.py --deselect 't.py::a' --deselect 't.py::c' --deselect 't.py::d' -x",
    "pytest t.py --deselect 't.py::a' --deselect 't.py::b' --deselect 't.py::d' -x"
  ])
  const uncovered = testPlan({ ...base, coveringTests: { 's.py:9': ['t.py::c'] } }, collected)(m)
  expect(uncovered.map((s) => s.command)).toEqual([
    "pytest t.py --deselect 't.py::a' --deselect 't.py::c' --deselect 't.py::d' -x",
    'pytest t.py'
  ])
  expect(testPlan({ ...base, command: 'npm test' }, collected)(m)).toEqual([
    { command: 'npm test', pytest: false }
  ])
  expect(testPlan(base, undefined)(m)).toEqual([{ command: 'pytest t.py', pytest: true }])
  // Fail-to-pass tests that are every collected test: the step once, not twice.
  expect(testPlan({ ...base, failToPass: collected }, collected)(m)).toEqual([
    { command: 'pytest t.py', pytest: true }
  ])
})

test('classify: pytest 2–5 are errors, other runners fail with any non-zero exit', () => {
  expect(classify(0, true)).toBeUndefined()
  expect(classify(1, true)?.outcome).toBe('killed')
  for (const c of [2, 3, 4, 5]) expect(classify(c, true)?.outcome).toBe('error')
  expect(classify(2, false)?.outcome).toBe('killed')
  expect(classify(null, false)?.outcome).toBe('error')
})

test('pool: results in order, none started after the deadline', async () => {
  let t = 0
  const r = await pool(
    [1, 2, 3, 4],
    2,
    2,
    async (x) => {
      t++
      return x * 10
    },
    () => t
  )
  expect(r).toEqual([10, 20, undefined, undefined])
})

test('spread: any prefix spans the list', () => {
  expect(spread([0, 1, 2, 3, 4, 5, 6, 7, 8])).toEqual([0, 8, 4, 2, 6, 1, 3, 5, 7])
  const xs = Array.from({ length: 37 }, (_, i) => i)
  expect([...spread(xs)].sort((a, b) => a - b)).toEqual(xs)
  expect(sample([] as Mutant[], 5)).toEqual({ chosen: [] })
})
