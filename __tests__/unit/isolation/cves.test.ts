// Probe 21's pure half: version parsing and comparison, branch-aware "is this fixed", distro
// backports, severity by what an agent has, and the pass/warn/fail outcome — including the
// failures this engine does not produce.
import { describe, expect, it } from '@jest/globals'
import {
  compareVersions,
  evaluateCves,
  isDistroBuild,
  isVulnerable,
  KNOWN_CVES,
  parseVersion,
  type ComponentVersion
} from '../../../src/isolation/cves.js'
import { engineOutcome } from '../../../src/isolation/probes/engine.js'

const v = (s: string) => parseVersion(s)!
const cmp = (a: string, b: string) => Math.sign(compareVersions(v(a), v(b)))
const ours = { ownImage: true, hostNetwork: false, authzPlugins: [] as string[] }

describe('parseVersion / compareVersions', () => {
  it('reads the forms engines report', () => {
    expect(v('1.1.12')).toEqual({ nums: [1, 1, 12], pre: [] })
    expect(v('v1.0.0-rc95')).toEqual({ nums: [1, 0, 0], pre: ['rc', 95] })
    expect(v('1.0-rc6')).toEqual({ nums: [1, 0, 0], pre: ['rc', 6] })
    expect(v('1.4.0-rc.3')).toEqual({ nums: [1, 4, 0], pre: ['rc', 3] })
    expect(v('1.1.5+ds1')).toEqual({ nums: [1, 1, 5], pre: [] })
    expect(v('1.6.20~ds1')).toEqual({ nums: [1, 6, 20], pre: [] })
    expect(v('20.10.24+dfsg1')).toEqual({ nums: [20, 10, 24], pre: [] })
    expect(v('27.1.1-1ubuntu1')).toEqual({ nums: [27, 1, 1], pre: [] })
    expect(parseVersion('unknown')).toBeUndefined()
  })

  it('orders releases, pre-releases and their numbers', () => {
    expect(cmp('1.1.11', '1.1.12')).toBe(-1)
    expect(cmp('1.1.12', '1.1.12')).toBe(0)
    expect(cmp('1.10.0', '1.9.9')).toBe(1)
    expect(cmp('1.0.0-rc6', '1.0.0-rc7')).toBe(-1)
    expect(cmp('1.0.0-rc95', '1.0.0-rc7')).toBe(1)
    expect(cmp('1.0.0-rc95', '1.0.0')).toBe(-1)
    expect(cmp('1.4.0', '1.4.0-rc.3')).toBe(1)
  })
})

describe('isVulnerable (fixes per branch)', () => {
  const runc2025 = ['1.2.8', '1.3.3', '1.4.0-rc.3']
  it.each([
    ['1.1.5', true],
    ['1.2.7', true],
    ['1.2.8', false],
    ['1.3.2', true],
    ['1.3.3', false],
    ['1.4.0-rc.2', true],
    ['1.4.0', false],
    ['1.5.0', false]
  ])('runc %s vulnerable to CVE-2025-31133: %s', (ver, expected) => {
    expect(isVulnerable(v(ver), runc2025)).toBe(expected)
  })
  it('a branch that never got the fix stays vulnerable; a newer branch is fixed', () => {
    const docker = ['23.0.15', '25.0.6', '26.1.5', '27.1.1']
    expect(isVulnerable(v('20.10.24'), docker)).toBe(true)
    expect(isVulnerable(v('24.0.9'), docker)).toBe(true)
    expect(isVulnerable(v('26.0.2'), docker)).toBe(true)
    expect(isVulnerable(v('26.1.5'), docker)).toBe(false)
    expect(isVulnerable(v('28.0.0'), docker)).toBe(false)
  })
})

describe('isDistroBuild', () => {
  it('recognises distribution builds and not upstream ones', () => {
    for (const s of [
      '1.1.5+ds1',
      '1.6.20~ds1',
      '20.10.24+dfsg1',
      '1.1.5+ds1-1+deb12u1',
      '1.7.12-0ubuntu2'
    ])
      expect(isDistroBuild(s)).toBe(true)
    for (const s of ['1.1.12', '1.2.5', '27.3.1', 'v1.7.22']) expect(isDistroBuild(s)).toBe(false)
  })
})

const engine = (
  runc: string,
  runcPkg?: string,
  containerd = '1.7.22',
  docker = '27.3.1'
): ComponentVersion[] => [
  { component: 'docker', version: docker },
  { component: 'runc', version: runc, packageVersion: runcPkg },
  { component: 'containerd', version: containerd, packageVersion: containerd }
]

describe('engine outcome', () => {
  it('passes a current upstream engine with every CVE fixed', () => {
    const o = engineOutcome(evaluateCves(engine('1.3.3'), ours))
    expect(o.status).toBe('pass')
    expect(o.detail).toBe(`${KNOWN_CVES.length} known CVEs checked, ${KNOWN_CVES.length} fixed`)
  })

  it('fails an upstream runc with Leaky Vessels open, naming the CVE and the fix', () => {
    const o = engineOutcome(evaluateCves(engine('1.1.11'), ours))
    expect(o.status).toBe('fail')
    expect(o.detail).toMatch(
      /^critical open: CVE-2024-21626 runc 1\.1\.11 < 1\.1\.12 \[critical: reachable from inside any container/
    )
  })

  it('fails runc 1.0.0-rc6 for CVE-2019-5736', () => {
    const o = engineOutcome(evaluateCves(engine('1.0.0-rc6'), ours))
    expect(o.status).toBe('fail')
    expect(o.detail).toMatch(/CVE-2019-5736/)
  })

  it('image-borne CVEs are critical for a third-party image only', () => {
    expect(engineOutcome(evaluateCves(engine('1.2.7'), ours)).status).toBe('pass')
    expect(engineOutcome(evaluateCves(engine('1.2.7'), ours)).detail).toMatch(
      /^warn: CVE-2025-31133 .*not reachable by this agent/
    )
    const third = engineOutcome(evaluateCves(engine('1.2.7'), { ...ours, ownImage: false }))
    expect(third.status).toBe('fail')
    expect(third.detail).toMatch(/CVE-2025-31133.*third-party image/)
  })

  it('containerd CVE-2020-15257 is critical only with host networking', () => {
    expect(engineOutcome(evaluateCves(engine('1.3.3', undefined, '1.4.1'), ours)).status).toBe(
      'pass'
    )
    expect(
      engineOutcome(
        evaluateCves(engine('1.3.3', undefined, '1.4.1'), { ...ours, hostNetwork: true })
      ).status
    ).toBe('fail')
  })

  it('the AuthZ bypass is critical only with an AuthZ plugin', () => {
    expect(
      engineOutcome(evaluateCves(engine('1.3.3', undefined, '1.7.22', '26.1.4'), ours)).status
    ).toBe('pass')
    const o = engineOutcome(
      evaluateCves(engine('1.3.3', undefined, '1.7.22', '26.1.4'), {
        ...ours,
        authzPlugins: ['opa']
      })
    )
    expect(o.status).toBe('fail')
    expect(o.detail).toMatch(/CVE-2024-41110.*AuthZ plugins \(opa\)/)
  })

  it('under gVisor the runc CVEs and the shim socket one do not apply; the AuthZ bypass still does', () => {
    const gvisor = { ...ours, gvisor: true }
    // An engine whose runc would fail the audit outright under runc.
    const old = engine('1.0.0-rc6', undefined, '1.4.1', '26.1.4')
    expect(engineOutcome(evaluateCves(old, ours)).status).toBe('fail')
    const findings = evaluateCves(old, gvisor)
    const moot = findings.filter((f) => f.state === 'not-applicable').map((f) => f.cve.id)
    expect(moot).toEqual([
      'CVE-2019-5736',
      'CVE-2021-30465',
      'CVE-2024-21626',
      'CVE-2025-31133',
      'CVE-2025-52565',
      'CVE-2025-52881',
      'CVE-2020-15257'
    ])
    expect(findings.find((f) => f.cve.id === 'CVE-2024-41110')?.state).toBe('open')
    const o = engineOutcome(findings)
    expect(o.status).toBe('pass')
    expect(o.detail).toMatch(
      /8 known CVEs checked, 0 fixed, 7 not applicable under gVisor \(runsc runs the container, not runc: CVE-2019-5736, /
    )
    for (const f of findings)
      if (f.state === 'not-applicable') expect(f.reason.length).toBeGreaterThan(30)
    // With an AuthZ plugin, the engine-level bypass is still critical under gVisor.
    expect(engineOutcome(evaluateCves(old, { ...gvisor, authzPlugins: ['opa'] })).status).toBe(
      'fail'
    )
  })

  it('this engine (Debian bookworm): the verified backport counts as fixed, the rest warns', () => {
    const debian = engine('1.1.5+ds1', '1.1.5+ds1-1+deb12u1', '1.6.20~ds1', '20.10.24+dfsg1')
    const findings = evaluateCves(debian, ours)
    expect(findings.find((f) => f.cve.id === 'CVE-2024-21626')).toMatchObject({
      state: 'fixed',
      how: 'distro'
    })
    const o = engineOutcome(findings)
    expect(o.status).toBe('pass')
    expect(o.detail).toMatch(
      /^warn: CVE-2025-31133 runc 1\.1\.5\+ds1 \(package 1\.1\.5\+ds1-1\+deb12u1\)/
    )
    expect(o.detail).toMatch(/CVE-2024-21626 by Debian 1\.1\.5\+ds1-1\+deb12u1/)
  })

  it('a distro build with a critical CVE open and no verified backport warns instead of failing', () => {
    const o = engineOutcome(evaluateCves(engine('1.1.5+ds1', '1.1.5+ds1-1'), ours))
    expect(o.status).toBe('pass')
    expect(o.detail).toMatch(
      /CVE-2024-21626 .* version predates the upstream fix; distro backports not verified/
    )
  })
})
