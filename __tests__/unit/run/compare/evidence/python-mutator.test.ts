// The Python mutator run with the host's python3 on sample code: every operator, the changed-line
// scope, splicing that keeps formatting, apply's checks, and isolation from the agent's modules.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  mutatorCommand,
  parseListing,
  type PyMutant
} from '../../../../../src/run/compare/evidence/python-mutator.js'

const SAMPLE = `# -*- coding: utf-8 -*-
"""Doc."""
LIMIT = 10  # café, > in a comment


def f(x, items):
    if x > LIMIT:  # a > b
        return x * 2
    while x < 0 and (x != -3 or x is not None):
        x += 1
    y = "é" + str(x) if x >= 1 else f"{x + 1}"
    print(y); z = x in items
    return f"{x + 1 if x > 2 else -x}"
`

let root: string
const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { cwd: tmpdir(), encoding: 'utf8' })

function list(lines: number[], path = 'pkg/calc.py'): PyMutant[] {
  const r = sh(mutatorCommand('list', { root, files: [{ path, lines }] }))
  expect(r.status).toBe(0)
  const l = parseListing(r.stdout)!
  expect(l.problems).toEqual([])
  return l.mutants
}

function applied(m: PyMutant): string {
  writeFileSync(join(root, 'pkg/calc.py'), SAMPLE)
  const r = sh(mutatorCommand('apply', { root, mutant: m }))
  expect(r.stdout).toBe('')
  expect(r.status).toBe(0)
  return readFileSync(join(root, 'pkg/calc.py'), 'utf8')
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mgx-pymut-'))
  mkdirSync(join(root, 'pkg'))
  writeFileSync(join(root, 'pkg/calc.py'), SAMPLE)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

test('the host has a python3 for these tests', () => {
  expect(execFileSync('python3', ['--version']).toString()).toMatch(/Python 3\.(8|9|\d\d)/)
})

test('every operator, only on the changed lines, each applied by splicing the source', () => {
  const all = list([3, 7, 8, 9, 10, 11, 12, 13])
  const by = (line: number) =>
    all
      .filter((m) => m.line === line)
      .map((m) => `${m.operator}: ${m.mutated}`)
      .sort()
  expect(by(3)).toEqual(
    [
      'delete: pass # café, > in a comment',
      'const: LIMIT = 11 # café, > in a comment',
      'const: LIMIT = 9 # café, > in a comment'
    ].sort()
  )
  expect(by(7)).toEqual(
    ['negate: if not (x > LIMIT): # a > b', 'cmp: if x >= LIMIT: # a > b'].sort()
  )
  expect(by(8)).toEqual(
    [
      'return: return None',
      'arith: return x / 2',
      'const: return x * 3',
      'const: return x * 1'
    ].sort()
  )
  expect(by(9)).toEqual(
    [
      'negate: while not (x < 0 and (x != -3 or x is not None)):',
      'bool: while x < 0 or (x != -3 or x is not None):',
      'cmp: while x <= 0 and (x != -3 or x is not None):',
      'bool: while x < 0 and (x != -3 and x is not None):',
      'const: while x < 1 and (x != -3 or x is not None):',
      'const: while x < -1 and (x != -3 or x is not None):',
      'cmp: while x < 0 and (x == -3 or x is not None):',
      'cmp: while x < 0 and (x != -3 or x is None):',
      'const: while x < 0 and (x != -4 or x is not None):',
      'const: while x < 0 and (x != -2 or x is not None):'
    ].sort()
  )
  expect(by(10)).toEqual(['arith: x -= 1', 'delete: pass', 'const: x += 2', 'const: x += 0'].sort())
  // Not inside the f-string; a string constant is not a number.
  expect(by(11)).toEqual(
    [
      'delete: pass',
      `negate: y = "é" + str(x) if not (x >= 1) else f"{x + 1}"`,
      `arith: y = "é" - str(x) if x >= 1 else f"{x + 1}"`,
      `cmp: y = "é" + str(x) if x > 1 else f"{x + 1}"`,
      `const: y = "é" + str(x) if x >= 2 else f"{x + 1}"`,
      `const: y = "é" + str(x) if x >= 0 else f"{x + 1}"`
    ].sort()
  )
  expect(by(12)).toEqual(
    [
      'delete: pass; z = x in items',
      'delete: print(y); pass',
      'cmp: print(y); z = x not in items'
    ].sort()
  )
  // Nothing inside an f-string (positions there are not the file's before 3.12); the docstring
  // and def lines were not changed.
  expect(by(13)).toEqual(['return: return None'])
  expect(all.some((m) => m.line === 2 || m.line === 6)).toBe(false)
  expect(new Set(all.map((m) => m.id)).size).toBe(all.length)
  expect(all.find((m) => m.line === 7 && m.operator === 'cmp')!.original).toBe(
    'if x > LIMIT: # a > b'
  )

  // Applying keeps everything else byte for byte, and a mutant's text is what the file gets
  // (shown with runs of blanks as one).
  for (const m of all) {
    const out = applied(m)
    const lines = out.split('\n')
    const row = m.edits[0][0][0]
    expect(lines[row - 1].trim().replace(/\s+/g, ' ')).toBe(m.mutated)
    const before = SAMPLE.split('\n')
    expect(lines.filter((l, i) => l !== before[i]).length).toBe(1)
  }
})

test('nothing is listed for unchanged lines, nor `return None` made into itself', () => {
  expect(list([1, 2, 4, 5, 6])).toEqual([])
  writeFileSync(join(root, 'pkg/none.py'), 'def g():\n    return None\n')
  expect(list([2], 'pkg/none.py')).toEqual([])
})

test('apply refuses a mutant whose source changed, and leaves the file as it was', () => {
  const m = list([7]).find((x) => x.operator === 'cmp')!
  const edited = SAMPLE.replace('x > LIMIT', 'x  > LIMIT')
  writeFileSync(join(root, 'pkg/calc.py'), edited)
  const r = sh(mutatorCommand('apply', { root, mutant: m }))
  expect(r.status).toBe(3)
  expect(r.stdout).toMatch(/does not match/)
  expect(readFileSync(join(root, 'pkg/calc.py'), 'utf8')).toBe(edited)
})

test('a symbolic link, a path out of the tree and a syntax error are problems, not mutants', () => {
  symlinkSync(join(root, 'pkg/calc.py'), join(root, 'link.py'))
  writeFileSync(join(root, 'bad.py'), 'def (:\n')
  const r = sh(
    mutatorCommand('list', {
      root,
      files: [
        { path: 'link.py', lines: [7] },
        { path: '../x.py', lines: [1] },
        { path: 'bad.py', lines: [1] },
        { path: 'missing.py', lines: [1] }
      ]
    })
  )
  const l = parseListing(r.stdout)!
  expect(l.mutants).toEqual([])
  expect(l.problems.map((p: string) => p.split(':')[0])).toEqual([
    'link.py',
    '../x.py',
    'bad.py',
    'missing.py'
  ])
})

test("the agent's modules named ast/json and a sitecustomize in the working directory are not imported", () => {
  const hijack = 'open("HIJACKED", "w").write("x")\nraise SystemExit(9)\n'
  for (const m of ['ast.py', 'json.py', 'tokenize.py', 'sitecustomize.py'])
    writeFileSync(join(root, m), hijack)
  const r = spawnSync(
    'sh',
    ['-c', mutatorCommand('list', { root, files: [{ path: 'pkg/calc.py', lines: [7] }] })],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: root, PYTHONSTARTUP: join(root, 'ast.py') }
    }
  )
  expect(r.status).toBe(0)
  expect(parseListing(r.stdout)!.mutants.length).toBe(2)
  expect(() => readFileSync(join(root, 'HIJACKED'))).toThrow()
  // The attack works on a plain python3 (the test would show nothing otherwise).
  const plain = spawnSync('python3', ['-c', 'import ast'], { cwd: root, encoding: 'utf8' })
  expect(plain.status).toBe(9)
})

test('list can write a new file instead of stdout (no output cap), never through a link', () => {
  const out = join(root, 'mutants.json')
  const r = sh(mutatorCommand('list', { root, files: [{ path: 'pkg/calc.py', lines: [7] }], out }))
  expect(r.status).toBe(0)
  expect(r.stdout.trim()).toBe('{"written":2}')
  expect(parseListing(readFileSync(out, 'utf8'))!.mutants.length).toBe(2)
  const link = join(root, 'link.json')
  symlinkSync(join(root, 'elsewhere.json'), link)
  const again = sh(
    mutatorCommand('list', { root, files: [{ path: 'pkg/calc.py', lines: [7] }], out: link })
  )
  expect(again.status).not.toBe(0)
  expect(() => readFileSync(join(root, 'elsewhere.json'))).toThrow()
})

test('parseListing takes the last JSON line and rejects other output', () => {
  expect(parseListing('noise\n{"mutants": [], "problems": []}\n')).toEqual({
    mutants: [],
    problems: []
  })
  expect(parseListing('Traceback ...')).toBeUndefined()
  expect(parseListing('{"error": "python 3.7.1: too old"}')!.error).toMatch(/3\.7/)
})
