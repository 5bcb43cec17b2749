import { describe, expect, it } from '@jest/globals'
import {
  compileEgressPolicy,
  decide,
  emptyEgressConfig,
  EgressLog
} from '../../../../src/runtime/egress/index.js'

describe('EgressLog', () => {
  const policy = compileEgressPolicy({
    ...emptyEgressConfig(),
    allowedDomains: ['a.test'],
    audit: true
  })
  let t = 0
  const now = () => new Date(Date.UTC(2026, 0, 1, 0, 0, t++))

  it('audit mode proposes only names that resolved: a name the runner could not resolve is left out', () => {
    const log = new EgressLog(policy, now)
    const deps = { index: 0, name: 'deps', egress: true }
    log.enterStep(deps)
    log.record('pypi.org', 443, 'allowed', decide(policy, deps, 'pypi.org', 443, ['151.101.0.223']))
    const unresolved = {
      allowed: false,
      rule: 'unresolved',
      reason: 'egress: pypi.orgg did not resolve on the runner (ENOTFOUND)'
    }
    log.record('pypi.orgg', 443, 'failed', unresolved)
    // Resolved once, failed once: it did resolve, so it is proposed.
    log.record('flaky.test', 443, 'failed', unresolved)
    log.record(
      'flaky.test',
      443,
      'allowed',
      decide(policy, deps, 'flaky.test', 443, ['93.184.216.34'])
    )
    const report = log.report()
    expect(report.proposedAllowedDomains).toEqual(['flaky.test', 'pypi.org'])
    expect(log.steps()[0].destinations.map((d) => [d.host, d.outcome])).toEqual(
      expect.arrayContaining([['pypi.orgg', 'failed']])
    )
  })

  it('aggregates per step and destination, orders allowed first, and proposes a list', () => {
    const log = new EgressLog(policy, now)
    const deps = { index: 0, name: 'deps', egress: true }
    const tests = { index: 1, name: 'tests', egress: false }
    log.record('early.test', 443, 'refused', decide(policy, undefined, 'early.test', 443, []))
    log.enterStep(deps)
    for (let i = 0; i < 3; i++)
      log.record('a.test', 443, 'allowed', decide(policy, deps, 'a.test', 443, ['93.184.216.34']))
    log.record('b.test', 8080, 'allowed', decide(policy, deps, 'b.test', 8080, ['93.184.216.34']))
    log.record(
      'meta.test',
      80,
      'refused',
      decide(policy, deps, 'meta.test', 80, ['169.254.169.254'])
    )
    log.enterStep(tests)
    log.record('a.test', 443, 'refused', decide(policy, tests, 'a.test', 443, []))
    log.enterStep(undefined)
    log.record('late.test', 80, 'refused', decide(policy, undefined, 'late.test', 80, []))

    const report = log.report()
    expect(report.mode).toBe('audit')
    expect(report.steps.map((s) => [s.index, s.name, s.egress, s.destinations.length])).toEqual([
      [-1, undefined, false, 2],
      [0, 'deps', true, 3],
      [1, 'tests', false, 1]
    ])
    const deps0 = report.steps[1].destinations
    expect(deps0[0]).toMatchObject({
      host: 'a.test',
      port: 443,
      outcome: 'allowed',
      rule: 'allowed_domains: a.test',
      count: 3
    })
    expect(deps0[0].firstAt < deps0[0].lastAt).toBe(true)
    expect(deps0[1]).toMatchObject({ host: 'b.test', rule: 'audit' })
    expect(deps0[2]).toMatchObject({
      host: 'meta.test',
      outcome: 'refused',
      rule: 'address:metadata',
      addresses: ['169.254.169.254']
    })
    expect(report.totals).toEqual({ allowed: 4, refused: 4, failed: 0 })
    expect(report.proposedAllowedDomains).toEqual(['a.test', 'b.test:8080', 'meta.test'])
    expect(log.refused().map((r) => [r.step, r.host, r.rule])).toEqual([
      [-1, 'early.test', 'no-step'],
      [-1, 'late.test', 'no-step'],
      [0, 'meta.test', 'address:metadata'],
      [1, 'a.test', 'egress-off']
    ])
  })

  it('keeps a flood of distinct destinations bounded', () => {
    const log = new EgressLog(compileEgressPolicy(emptyEgressConfig()), now)
    const step = { index: 0, egress: true }
    log.enterStep(step)
    for (let i = 0; i < 600; i++)
      log.record(`h${i}.test`, 80, 'refused', decide(log['policy'], step, `h${i}.test`, 80, []))
    const d = log.steps()[0].destinations
    expect(d).toHaveLength(501)
    expect(d[500]).toMatchObject({ rule: 'log-limit', count: 100 })
  })
})
