// Every corpus case through the real parser: dangerous spellings blocked by the expected rule,
// benign look-alikes allowed.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { createPolicy, type CommandPolicy } from '../../../src/policy/index.js'
import { CORPUS } from './corpus.js'

let plain: CommandPolicy
let sudo: CommandPolicy

beforeAll(async () => {
  plain = await createPolicy({ enableSudo: false, allowed: [], blocked: [] })
  sudo = await createPolicy({ enableSudo: true, allowed: [], blocked: [] })
})

const label = (c: (typeof CORPUS)[number]) =>
  JSON.stringify(c.command) + (c.sudo ? ' (sudo variant)' : '')

describe('dangerous spellings are blocked by the expected rule', () => {
  it.each(CORPUS.filter((c) => c.kind === 'dangerous').map((c) => [label(c), c] as const))(
    '%s',
    (_name, c) => {
      const v = (c.sudo ? sudo : plain).check(c.command)
      expect({ verdict: v.verdict, rule: v.rule }).toEqual({ verdict: 'block', rule: c.rule })
      expect(v.reason).toEqual(expect.any(String))
    }
  )
})

describe('benign look-alikes are allowed', () => {
  it.each(CORPUS.filter((c) => c.kind === 'benign').map((c) => [label(c), c] as const))(
    '%s',
    (_name, c) => {
      expect((c.sudo ? sudo : plain).check(c.command)).toEqual({ verdict: 'allow' })
    }
  )
})

describe('corpus shape', () => {
  it('has at least 150 cases of each kind', () => {
    expect(CORPUS.filter((c) => c.kind === 'dangerous').length).toBeGreaterThanOrEqual(150)
    expect(CORPUS.filter((c) => c.kind === 'benign').length).toBeGreaterThanOrEqual(100)
  })
  it('has no duplicate cases', () => {
    const keys = CORPUS.map((c) => `${c.sudo ? 1 : 0}${c.command}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
