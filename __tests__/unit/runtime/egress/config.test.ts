import { describe, expect, it } from '@jest/globals'
import {
  cidrProblem,
  compileEgressPolicy,
  domainEntryProblem,
  emptyEgressConfig,
  parseEgressConfig,
  PRESETS,
  PRESET_NAMES
} from '../../../../src/runtime/egress/index.js'
import { BACKEND } from '../../../../src/config/schema.js'

describe('egress config', () => {
  it.each([
    'pypi.org',
    '*.pythonhosted.org',
    'registry.test:8443',
    '10.0.0.5',
    '[::1]:80',
    'localhost'
  ])('accepts %s', (entry) => expect(domainEntryProblem(entry)).toBeUndefined())

  it.each([
    ['https://pypi.org', 'is a URL'],
    ['*', 'too broad'],
    ['*.com', 'too broad'],
    ['pypi.org/simple', 'not a host name'],
    ['::1', 'not a host name'],
    ['a b.test', 'not a host name'],
    [' pypi.org', 'surrounding spaces'],
    ['', 'empty']
  ])('refuses %j (%s)', (entry, why) => expect(domainEntryProblem(entry)).toContain(why))

  it('checks CIDRs, IPv4-mapped ones included', () => {
    for (const ok of [
      '127.0.0.1/32',
      '10.0.0.0/8',
      'fd00::/8',
      '::ffff:10.0.0.0/104',
      '192.168.1.1'
    ])
      expect(cidrProblem(ok)).toBeUndefined()
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0/8', ''])
      expect(cidrProblem(bad)).toContain('not an IP address or CIDR')
  })

  it('collects every problem with its key path, keeping the valid entries', () => {
    const problems: [(string | number)[], string][] = []
    const cfg = parseEgressConfig(
      {
        allowed_domains: ['ok.test', 'https://bad.test'],
        presets: ['python', 'pyhton', 'python'],
        allowed_private_ranges: ['127.0.0.1/32', 'nope'],
        audit: true
      },
      ['srt.test', '*'],
      (path, message) => problems.push([path, message])
    )
    expect(cfg).toEqual({
      allowedDomains: ['ok.test'],
      presets: ['python'],
      allowedPrivateRanges: ['127.0.0.1/32'],
      audit: true,
      srtAllowedDomains: ['srt.test']
    })
    expect(problems.map(([p]) => p)).toEqual([
      ['allowed_domains', 1],
      ['presets', 1],
      ['allowed_private_ranges', 1],
      ['srt', 1]
    ])
    expect(problems[1][1]).toContain('unknown preset "pyhton"')
  })

  it('expands presets after the user list, dedupes, and keeps where each entry came from', () => {
    const p = compileEgressPolicy({
      ...emptyEgressConfig(),
      allowedDomains: ['PyPI.org', 'mine.test'],
      presets: ['python'],
      srtAllowedDomains: ['mine.test', 'srt.test']
    })
    expect(p.rules.map((r) => `${r.source}|${r.entry}`)).toEqual([
      'allowed_domains|PyPI.org',
      'allowed_domains|mine.test',
      'preset python|files.pythonhosted.org',
      'preset python|pypi.python.org',
      'preset python|bootstrap.pypa.io',
      'command_line_srt_network_allowed_domains|srt.test'
    ])
  })

  it('ships only valid, specific entries in its presets, and the schema offers exactly them', () => {
    for (const [name, entries] of Object.entries(PRESETS)) {
      expect([name, entries.length > 0]).toEqual([name, true])
      for (const e of entries)
        expect([name, e, domainEntryProblem(e)]).toEqual([name, e, undefined])
      // generic bucket hosts are an upload channel for anyone: never in a preset
      for (const e of entries) expect(e).not.toMatch(/^(storage\.googleapis\.com|\*\.)/)
    }
    const egress = (BACKEND as { props: Record<string, unknown> }).props.command_line_egress as {
      props: { presets: { items: { enum: string[] } } }
    }
    expect(egress.props.presets.items.enum).toEqual(PRESET_NAMES)
  })
})
