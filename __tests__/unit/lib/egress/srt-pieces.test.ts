// Pins the behaviour this project relies on in @anthropic-ai/sandbox-runtime's internal modules, so
// an upgrade that changes it fails here rather than in a sandbox.
import { describe, expect, it } from '@jest/globals'
import {
  canonicalizeHost,
  embeddedIPv4,
  isValidAllowedDomainEntry,
  mappedIPv4,
  matchesDomainPatternWithPort,
  parseAddressRange,
  splitDomainPatternPort
} from '../../../../src/lib/egress/srt-pieces.js'

describe('sandbox-runtime pieces', () => {
  it('domain patterns: exact, strict-subdomain wildcards, optional port', () => {
    expect(matchesDomainPatternWithPort('pypi.org', 443, 'pypi.org')).toBe(true)
    expect(matchesDomainPatternWithPort('pypi.org', 1, 'pypi.org')).toBe(true)
    expect(matchesDomainPatternWithPort('x.pypi.org', 443, '*.pypi.org')).toBe(true)
    expect(matchesDomainPatternWithPort('pypi.org', 443, '*.pypi.org')).toBe(false)
    expect(matchesDomainPatternWithPort('r.test', 8443, 'r.test:8443')).toBe(true)
    expect(matchesDomainPatternWithPort('r.test', 443, 'r.test:8443')).toBe(false)
    expect(matchesDomainPatternWithPort('127.0.0.1', 80, '*.0.0.1')).toBe(false)
    expect(splitDomainPatternPort('[::1]:80')).toEqual({ hostPattern: '::1', port: 80 })
    expect(isValidAllowedDomainEntry('evil.com:443.allowed.com')).toBe(false)
  })

  it('host canonicalisation', () => {
    expect(canonicalizeHost('Example.COM.')).toBe('example.com')
    expect(canonicalizeHost('2130706433')).toBe('127.0.0.1')
    expect(canonicalizeHost('::ffff:10.0.0.1')).toBe('10.0.0.1')
  })

  it('address helpers', () => {
    expect(mappedIPv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254')
    expect(embeddedIPv4('64:ff9b::7f00:1')).toBe('127.0.0.1')
    expect(embeddedIPv4('2002:7f00:1::')).toBe('127.0.0.1')
    expect(parseAddressRange('::ffff:10.0.0.0/104')).toEqual({
      address: '10.0.0.0',
      prefix: 8,
      family: 'ipv4'
    })
    expect(parseAddressRange('10.0.0.0/40')).toBeUndefined()
  })
})
