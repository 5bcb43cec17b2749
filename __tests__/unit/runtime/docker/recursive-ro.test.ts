// Read-only binds made read-only all the way down (recursive-ro.ts), on mount tables given as
// text: the engine's option on API >= 1.44, extra read-only binds below older engines' binds.
import { describe, expect, it } from '@jest/globals'
import { EnvironmentError } from '../../../../src/errors.js'
import type { MountSpec } from '../../../../src/runtime/docker/container-client.js'
import {
  apiAtLeast,
  mountPoints,
  recursiveReadOnly,
  recursiveReadOnlyRefusal
} from '../../../../src/runtime/docker/recursive-ro.js'

const line = (id: number, point: string) =>
  `${id} 1 0:${id} / ${point} rw,relatime shared:1 - tmpfs none rw`
const TABLE = [
  line(20, '/'),
  line(21, '/ctx'),
  line(22, '/ctx/sub'),
  line(23, '/ctx/sub/deeper'),
  line(24, '/ctx/ws/cache'),
  line(25, '/ctx/with\\040space'),
  line(26, '/other/sub')
].join('\n')

const bind = (path: string, ro: boolean, target = path): MountSpec => ({
  Type: 'bind',
  Source: path,
  Target: target,
  ReadOnly: ro
})

describe('recursiveReadOnly', () => {
  it('API 1.44+: asks the engine for ReadOnlyForceRecursive on every read-only bind only', () => {
    const out = recursiveReadOnly({
      mounts: [bind('/ctx', true), bind('/ws', false), { Type: 'volume', Target: '/home' }],
      apiVersion: '1.45'
    })
    expect(out.map((m) => m.BindOptions)).toEqual([
      { ReadOnlyForceRecursive: true },
      undefined,
      undefined
    ])
  })

  it('older engines: each host mount below a read-only bind is bound read-only at its place', () => {
    const out = recursiveReadOnly({
      mounts: [bind('/ctx', true, '/in/ctx'), bind('/ctx/ws', false, '/in/ctx/ws')],
      apiVersion: '1.41',
      mountinfo: TABLE,
      bindable: () => true
    })
    expect(out.slice(2)).toEqual([
      bind('/ctx/sub', true, '/in/ctx/sub'),
      bind('/ctx/sub/deeper', true, '/in/ctx/sub/deeper'),
      bind('/ctx/with space', true, '/in/ctx/with space')
    ])
    // /ctx/ws/cache lies in the writable workspace: left writable; /other is not ours.
  })

  it('a mount below that cannot be bound refuses the path, naming the mount', () => {
    let caught: unknown
    try {
      recursiveReadOnly({
        mounts: [bind('/ctx', true)],
        apiVersion: '1.41',
        mountinfo: TABLE,
        bindable: (p) => p !== '/ctx/sub/deeper'
      })
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(EnvironmentError)
    expect((caught as Error).message).toMatch(
      /the read-only path \/ctx has a mount below it, \/ctx\/sub\/deeper, that cannot be bound read-only/
    )
  })

  it('no read-only bind, or no mount below: the mounts unchanged', () => {
    const mounts = [bind('/ws', false), bind('/other', true)]
    expect(
      recursiveReadOnly({ mounts, apiVersion: '1.41', mountinfo: TABLE.replace(/.*other.*/, '') })
    ).toEqual(mounts)
  })
})

describe('helpers', () => {
  it('mountPoints decodes octal escapes; apiAtLeast compares numerically', () => {
    expect(mountPoints(TABLE)).toContain('/ctx/with space')
    expect(apiAtLeast('1.41', '1.44')).toBe(false)
    expect(apiAtLeast('1.44', '1.44')).toBe(true)
    expect(apiAtLeast('2.0', '1.44')).toBe(true)
    expect(apiAtLeast(undefined, '1.44')).toBe(false)
  })

  it("the engine's refusal of a recursive read-only bind becomes an exit-2 error", () => {
    const e = recursiveReadOnlyRefusal(
      new Error(
        '(HTTP code 400) unexpected - failed to set recursive read-only: kernel does not support'
      )
    )
    expect(e).toBeInstanceOf(EnvironmentError)
    expect(e?.message).toMatch(/cannot bind read-only paths recursively/)
    expect(recursiveReadOnlyRefusal(new Error('no such image'))).toBeUndefined()
  })
})
