// The one isInside rule (src/lib/paths.ts) that config, policy, runtimes, probes and reports share
// (issue 23: the copies in srt/protected.ts, docker/recursive-ro.ts, probes/audit.ts and
// config/source.ts now call it; audit's was a string-prefix compare that relied on its callers
// resolving first).
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isInside, isStrictlyInside } from '../../../src/lib/paths.js'
import { sensitiveMount } from '../../../src/isolation/probes/audit.js'

describe('isInside', () => {
  it('by whole segments: the directory itself and below it are inside, a longer name is not', () => {
    expect(isInside('/a', '/a')).toBe(true)
    expect(isInside('/a/b/c', '/a')).toBe(true)
    expect(isInside('/ab', '/a')).toBe(false)
    expect(isInside('/a/bc', '/a/b')).toBe(false)
    expect(isInside('/', '/a')).toBe(false)
    expect(isInside('/a', '/')).toBe(true)
  })

  it('a name that starts with two dots is a name, `..` itself leaves', () => {
    expect(isInside('/home/u/.ssh/..x', '/home/u/.ssh')).toBe(true)
    expect(isInside('/home/u/.ssh/..', '/home/u/.ssh')).toBe(false)
    expect(isInside('/home/u/.ssh/../x', '/home/u/.ssh')).toBe(false)
  })

  it('trailing slashes and `.` segments do not matter; `..` is resolved before comparing', () => {
    expect(isInside('/a/b/', '/a/b')).toBe(true)
    expect(isInside('/a/b', '/a/b/')).toBe(true)
    expect(isInside('/a/b/c/', '/a/b/')).toBe(true)
    expect(isInside('/a/./b/c', '/a/b')).toBe(true)
    expect(isInside('/a/b/../c', '/a/b')).toBe(false)
    expect(isInside('/a/bc/', '/a/b/')).toBe(false)
  })

  it('relative paths are taken from the current directory, as path.resolve does', () => {
    expect(isInside('x/y', process.cwd())).toBe(true)
    expect(isInside('x/y', 'x')).toBe(true)
    expect(isInside('../x', '.')).toBe(false)
    expect(isInside('.', '.')).toBe(true)
  })

  it('is lexical: a symlink below the parent counts as inside wherever it points', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-inside-')))
    try {
      mkdirSync(join(dir, 'ws'))
      symlinkSync('/etc', join(dir, 'ws', 'out'))
      expect(isInside(join(dir, 'ws', 'out', 'passwd'), join(dir, 'ws'))).toBe(true)
      expect(isInside(realpathSync(join(dir, 'ws', 'out')), join(dir, 'ws'))).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('isStrictlyInside', () => {
  it('is isInside without the directory itself', () => {
    expect(isStrictlyInside('/a', '/a')).toBe(false)
    expect(isStrictlyInside('/a/', '/a')).toBe(false)
    expect(isStrictlyInside('/a/b', '/a')).toBe(true)
    expect(isStrictlyInside('/ab', '/a')).toBe(false)
    expect(isStrictlyInside('/a/b/..', '/a')).toBe(false)
  })
})

describe('the mount audit uses it (its copy compared strings)', () => {
  it('a source that climbs out of the home by `..` is judged where it lands', () => {
    expect(sensitiveMount('/home/u/work/../../../etc/x', '/home/u')).toBe('inside /etc')
    expect(sensitiveMount('/home/u/ws/', '/home/u')).toBeUndefined()
    expect(sensitiveMount('/etcx', '/home/u')).toBeUndefined()
  })
})
