import { afterEach, describe, expect, it } from '@jest/globals'
import { getInputs } from '../../../src/action/inputs.js'
import { isUsageError } from '../../../src/errors.js'

const set: string[] = []
function input(name: string, value: string): void {
  const key = `INPUT_${name.toUpperCase()}`
  process.env[key] = value
  set.push(key)
}
afterEach(() => {
  for (const k of set.splice(0)) delete process.env[k]
})

describe('action input expect-runtime', () => {
  it('is absent by default, a runtime name or gvisor when given', () => {
    input('config', 'c.yaml')
    expect(getInputs({}).expectRuntime).toBeUndefined()
    input('expect-runtime', 'runsc')
    expect(getInputs({}).expectRuntime).toBe('runsc')
    input('expect-runtime', 'gvisor')
    expect(getInputs({}).expectRuntime).toBe('gvisor')
  })

  it('refuses what is not a runtime name (usage error)', () => {
    input('config', 'c.yaml')
    input('expect-runtime', 'runsc --platform=kvm')
    let err: unknown
    try {
      getInputs({})
    } catch (e) {
      err = e
    }
    expect(isUsageError(err)).toBe(true)
    expect(String((err as Error).message)).toMatch(/expect-runtime: "runsc --platform=kvm"/)
  })
})
