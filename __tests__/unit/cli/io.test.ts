// The CLI's shared option readers (src/cli/io.ts): `run` and `mcp` read --timeout through one rule.
import { describe, expect, it } from '@jest/globals'
import { UsageError } from '../../../src/errors.js'
import { timeoutOption } from '../../../src/cli/io.js'

describe('timeoutOption', () => {
  it('a positive number of seconds, or nothing when not given', () => {
    expect(timeoutOption(undefined)).toBeUndefined()
    expect(timeoutOption('30')).toBe(30)
    expect(timeoutOption('0.5')).toBe(0.5)
  })

  it.each(['0', '-1', 'abc', ''])('refuses %j as a usage error', (v) => {
    expect(() => timeoutOption(v)).toThrow(UsageError)
    expect(() => timeoutOption(v)).toThrow('--timeout must be a positive number of seconds')
  })
})
