// The one isInside rule (src/lib/paths.ts) that config, policy, runtimes, probes and reports share.
import { describe, expect, it } from '@jest/globals'
import { isInside } from '../../../src/lib/paths.js'
import { isInside as configIsInside } from '../../../src/config/paths.js'
import { isInside as srtIsInside } from '../../../src/runtime/srt/settings.js'

describe('isInside', () => {
  it('by whole segments: the directory itself and below it are inside, a longer name is not', () => {
    expect(isInside('/a', '/a')).toBe(true)
    expect(isInside('/a/b/c', '/a')).toBe(true)
    expect(isInside('/ab', '/a')).toBe(false)
    expect(isInside('/', '/a')).toBe(false)
  })

  it('a name that starts with two dots is a name, `..` itself leaves', () => {
    expect(isInside('/home/u/.ssh/..x', '/home/u/.ssh')).toBe(true)
    expect(isInside('/home/u/.ssh/..', '/home/u/.ssh')).toBe(false)
    expect(isInside('/home/u/.ssh/../x', '/home/u/.ssh')).toBe(false)
  })

  it('is the same function wherever it is imported from', () => {
    expect(configIsInside).toBe(isInside)
    expect(srtIsInside).toBe(isInside)
  })
})
