// POLICY.md's tables of MassGen's own sanitizer test commands (and of the list cases) must say
// what this policy really does: every row is checked here.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { createPolicy } from '../../../src/policy/index.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'

const policyMd = readFileSync('POLICY.md', 'utf8')

/** Rows of the table under `### <heading>`, cells split on unescaped pipes. */
function table(heading: string): string[][] {
  const start = policyMd.indexOf(`### ${heading}\n`)
  expect(start).toBeGreaterThan(-1)
  const lines = policyMd.slice(start).split('\n').slice(1)
  const rows = lines.slice(lines.findIndex((l) => l.startsWith('|')))
  return rows
    .slice(
      0,
      rows.findIndex((l) => !l.startsWith('|'))
    )
    .slice(2)
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim().replace(/\\\|/g, '|'))
    )
}

const code = (cell: string) => {
  const m = /^`(.*)`$/.exec(cell)
  if (!m) throw new Error(`not a code cell: ${cell}`)
  return m[1]
}

/** "blocked (`rule`)" or "allowed" → the verdict and rule. */
function expected(cell: string): { verdict: string; rule?: string } {
  if (cell === 'allowed') return { verdict: 'allow' }
  const m = /^blocked \(`([a-z-]+)`\)$/.exec(cell)
  if (!m) throw new Error(`unexpected cell: ${cell}`)
  return { verdict: 'block', rule: m[1] }
}

const compile = (source: string) => {
  const c = compilePythonRegex(source)
  if ('error' in c) throw new Error(c.error)
  return { source, regex: c.regex }
}

describe("POLICY.md: MassGen's own tests, here", () => {
  const sanitizer = table("MassGen's sanitizer tests")
  const lists = table('Allow-list and block-list, MassGen vs here')

  it('lists every command of MassGen 0.1.12 sanitizer tests', () => {
    expect(sanitizer).toHaveLength(45)
    expect(new Set(sanitizer.map((r) => r[0]))).toEqual(new Set(['off', 'on']))
    expect(sanitizer.map((r) => r[2])).not.toContain('')
  })

  it.each(sanitizer.map((r) => [r[0], code(r[1]), r[3], r]))(
    'sudo %s: %s → %s',
    async (sudo, command, here, row) => {
      const p = await createPolicy({ enableSudo: sudo === 'on', allowed: [], blocked: [] })
      const v = p.check(command as string)
      expect({ verdict: v.verdict, rule: v.rule }).toEqual(expected(here as string))
      // A row where we differ from MassGen says why.
      const r = row as string[]
      if ((r[2] === 'blocked') !== (v.verdict === 'block')) expect(r[4]).toMatch(/differs/)
    }
  )

  it.each(lists.map((r) => [r[0], code(r[1]), r[3], r]))(
    '%s: %s → %s',
    async (list, command, here, row) => {
      const m = /^(allow|block) `(.*)`$/.exec(list as string)
      if (!m) throw new Error(`unexpected list cell: ${list}`)
      const pattern = [compile(m[2])]
      const p = await createPolicy({
        enableSudo: false,
        allowed: m[1] === 'allow' ? pattern : [],
        blocked: m[1] === 'block' ? pattern : []
      })
      const v = p.check(command as string)
      expect({ verdict: v.verdict, rule: v.rule }).toEqual(expected(here as string))
      const r = row as string[]
      if ((r[2] === 'blocked') !== (v.verdict === 'block')) expect(r[4]).toMatch(/differs/)
    }
  )
})
