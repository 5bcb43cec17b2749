import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  checkHostTools,
  checkUserNamespaces,
  locateSeccompHelper
} from '../../../../src/runtime/srt/deps.js'
import { EnvironmentError } from '../../../../src/errors.js'

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

describe('AppArmor and unprivileged user namespaces (the sysctl simulated by a file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userns-'))
  const sysctl = (value: string) => {
    const f = join(dir, `v${value}`)
    writeFileSync(f, `${value}\n`)
    return f
  }

  it('restricted (1): exit 2 naming the setting and the fix', () => {
    let caught: unknown
    try {
      checkUserNamespaces(sysctl('1'))
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(EnvironmentError)
    expect((caught as EnvironmentError).exitCode).toBe(2)
    expect((caught as EnvironmentError).message).toMatch(
      /kernel\.apparmor_restrict_unprivileged_userns=1/
    )
    expect((caught as EnvironmentError).hint).toMatch(
      /sudo sysctl -w kernel\.apparmor_restrict_unprivileged_userns=0.*scripts\/srt-deps\.sh/
    )
  })

  it('lifted (0) or absent (kernels without the setting): nothing to say', () => {
    expect(() => checkUserNamespaces(sysctl('0'))).not.toThrow()
    expect(() => checkUserNamespaces(join(dir, 'missing'))).not.toThrow()
  })

  it('scripts/srt-deps.sh lifts it with sysctl -w (a fake sysctl on PATH), and leaves 0 alone', () => {
    const bin = join(dir, 'bin')
    mkdirSync(bin)
    const calls = join(dir, 'calls')
    writeFileSync(join(bin, 'sysctl'), `#!/bin/sh\necho "$@" >> ${calls}\n`)
    chmodSync(join(bin, 'sysctl'), 0o755)
    const run = (file: string, extra: Record<string, string> = {}) =>
      spawnSync('bash', ['scripts/srt-deps.sh'], {
        encoding: 'utf8',
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          SRT_DEPS_USERNS_SYSCTL: file,
          ...extra
        }
      })
    const lifted = run(sysctl('1'))
    expect(lifted.status).toBe(0)
    expect(lifted.stdout).toMatch(/set kernel\.apparmor_restrict_unprivileged_userns=0/)
    expect(readFileSync(calls, 'utf8')).toBe(
      '-q -w kernel.apparmor_restrict_unprivileged_userns=0\n'
    )
    const kept = run(sysctl('1'), { MASSGEN_SRT_KEEP_USERNS_RESTRICTION: '1' })
    expect([kept.status, kept.stderr]).toEqual([0, expect.stringMatching(/left as it is/)])
    run(sysctl('0'))
    expect(readFileSync(calls, 'utf8').split('\n').filter(Boolean)).toHaveLength(1)
  })
})
