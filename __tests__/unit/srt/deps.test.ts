import { describe, expect, it } from '@jest/globals'
import { checkHostTools, locateSeccompHelper } from '../../../src/runtime/srt/deps.js'
import { EnvironmentError } from '../../../src/errors.js'

const thrown = (f: () => void): EnvironmentError => {
  try {
    f()
  } catch (e) {
    if (e instanceof EnvironmentError) return e
    throw e
  }
  throw new Error('expected an EnvironmentError')
}

describe('srt host checks', () => {
  it('names every missing Linux tool with its package and the install script', () => {
    const e = thrown(() =>
      checkHostTools({
        platform: 'linux',
        which: (n) => (n === 'bwrap' ? '/usr/bin/bwrap' : undefined)
      })
    )
    expect(e.message).toBe(
      'srt mode needs bubblewrap, socat and ripgrep on PATH; missing: socat (package socat), rg (package ripgrep)'
    )
    expect(e.hint).toContain('scripts/srt-deps.sh')
    expect(() => checkHostTools({ platform: 'linux', which: (n) => `/usr/bin/${n}` })).not.toThrow()
  })

  it('macOS needs ripgrep only; other platforms are refused', () => {
    expect(() =>
      checkHostTools({ platform: 'darwin', which: (n) => (n === 'rg' ? '/x' : undefined) })
    ).not.toThrow()
    expect(
      thrown(() => checkHostTools({ platform: 'darwin', which: () => undefined })).message
    ).toMatch(/ripgrep/)
    expect(thrown(() => checkHostTools({ platform: 'win32', which: () => '/x' })).message).toMatch(
      /not on win32/
    )
  })

  it('finds the seccomp helper of the package (from source) and refuses an unknown CPU', () => {
    expect(locateSeccompHelper('x64')).toMatch(/vendor\/seccomp\/x64\/apply-seccomp$/)
    expect(thrown(() => locateSeccompHelper('ia32')).message).toMatch(
      /no seccomp helper for the ia32/
    )
  })
})
