// The one uid:gid parser and the one nobody (src/lib/user.ts).
import { describe, expect, it } from '@jest/globals'
import { formatUser, NOBODY, parseUser, uidOf } from '../../../src/lib/user.js'
import { KEEPALIVE_USER } from '../../../src/runtime/docker/labels.js'
import { RELAY_USER } from '../../../src/runtime/egress/index.js'

describe('parseUser', () => {
  it('reads uid:gid; a bare uid means its own gid, as the engine does', () => {
    expect(parseUser('1000:1000')).toEqual({ uid: 1000, gid: 1000 })
    expect(parseUser('1001:121')).toEqual({ uid: 1001, gid: 121 })
    expect(parseUser('0:0')).toEqual({ uid: 0, gid: 0 })
    expect(parseUser('1001')).toEqual({ uid: 1001, gid: 1001 })
    expect(parseUser('1001:')).toEqual({ uid: 1001, gid: 1001 })
  })

  it('refuses what is not a number (an empty uid is not root)', () => {
    for (const bad of ['', ':1000', 'root', 'runner:1000', '-1:0', '1e3:0', ' 1000:1000', '0x10:0'])
      expect(() => parseUser(bad)).toThrow(/must be numeric uid:gid/)
  })

  it('uidOf: the uid or undefined, never NaN or 0 by accident', () => {
    expect(uidOf('0:0')).toBe(0)
    expect(uidOf('0')).toBe(0)
    expect(uidOf('1000:1000')).toBe(1000)
    expect(uidOf('')).toBeUndefined()
    expect(uidOf(':0')).toBeUndefined()
    expect(uidOf('root')).toBeUndefined()
  })

  it('formatUser is its inverse', () => {
    expect(formatUser(parseUser('1001:121'))).toBe('1001:121')
  })
})

describe('NOBODY', () => {
  it('is the one nobody, under the names of what runs as it', () => {
    expect(NOBODY).toBe('65534:65534')
    expect(KEEPALIVE_USER).toBe(NOBODY)
    expect(RELAY_USER).toBe(NOBODY)
  })
})
