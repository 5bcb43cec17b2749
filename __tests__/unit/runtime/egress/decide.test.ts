import { describe, expect, it } from '@jest/globals'
import {
  canonicalHost,
  checkAddresses,
  classifyAddress,
  compileEgressPolicy,
  decide,
  decideName,
  emptyEgressConfig,
  type EgressConfig,
  type EgressStep
} from '../../../../src/runtime/egress/index.js'

const policy = (extra: Partial<EgressConfig> = {}) =>
  compileEgressPolicy({ ...emptyEgressConfig(), ...extra })
const on: EgressStep = { index: 0, name: 'deps', egress: true }
const off: EgressStep = { index: 1, name: 'tests', egress: false }

describe('decideName', () => {
  const p = policy({
    allowedDomains: ['pypi.org', '*.example.com', 'registry.test:8443', '10.1.2.3', '[::1]:80'],
    presets: ['npm']
  })
  const name = (host: string, port = 443, step: EgressStep | undefined = on) =>
    decideName(p, step, canonicalHost(host)!, port)

  it('matches exact names on any port, case and trailing dot folded', () => {
    expect(name('pypi.org')).toMatchObject({ allowed: true, rule: 'allowed_domains: pypi.org' })
    expect(name('PyPI.org.', 8080)).toMatchObject({ allowed: true })
    expect(name('evil-pypi.org')).toMatchObject({ allowed: false, rule: 'not-listed' })
    expect(name('pypi.org.evil.test')).toMatchObject({ allowed: false })
  })

  it('matches *.wildcards on strict subdomains only', () => {
    expect(name('a.example.com')).toMatchObject({
      allowed: true,
      rule: 'allowed_domains: *.example.com'
    })
    expect(name('a.b.example.com')).toMatchObject({ allowed: true })
    expect(name('example.com')).toMatchObject({ allowed: false })
    expect(name('notexample.com')).toMatchObject({ allowed: false })
  })

  it('restricts host:port entries to that port', () => {
    expect(name('registry.test', 8443)).toMatchObject({ allowed: true })
    expect(name('registry.test', 443)).toMatchObject({ allowed: false })
    expect(name('::1', 80)).toMatchObject({ allowed: true, rule: 'allowed_domains: [::1]:80' })
    expect(name('::1', 81)).toMatchObject({ allowed: false })
  })

  it('names the preset an entry came from', () => {
    expect(name('registry.npmjs.org')).toMatchObject({
      allowed: true,
      rule: 'preset npm: registry.npmjs.org'
    })
  })

  it('matches IP literals by their canonical spelling only', () => {
    expect(name('10.1.2.3')).toMatchObject({ allowed: true })
    expect(name('0x0a.1.2.3')).toMatchObject({ allowed: true })
    expect(name('10.1.2.4')).toMatchObject({ allowed: false })
  })

  it('refuses everything in a step with egress off, and outside any step', () => {
    const r = name('pypi.org', 443, off)
    expect(r).toMatchObject({ allowed: false, rule: 'egress-off' })
    expect(r.reason).toContain('step 2 ("tests") runs with egress: false')
    expect(decideName(p, undefined, 'pypi.org', 443)).toMatchObject({
      allowed: false,
      rule: 'no-step'
    })
  })

  it("names the harness's pseudo-steps (preinstall) without a number", () => {
    const pre: EgressStep = { index: -1, name: 'preinstall', egress: true }
    expect(name('evil.test', 443, pre).reason).toBe(
      'egress refused: evil.test:443 is not in command_line_egress.allowed_domains or its presets ("preinstall")'
    )
  })

  it('lets every name through in audit mode, keeping the entry as rule when one matches', () => {
    const a = policy({ audit: true, allowedDomains: ['pypi.org'] })
    expect(decideName(a, on, 'anything.test', 80)).toMatchObject({ allowed: true, rule: 'audit' })
    expect(decideName(a, on, 'pypi.org', 443)).toMatchObject({ rule: 'allowed_domains: pypi.org' })
    expect(decideName(a, off, 'anything.test', 80)).toMatchObject({ allowed: false })
  })
})

describe('addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    // IPv6 spellings that are delivered to an IPv4 destination
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:c0a8:0101::1', 'private'],
    ['::127.0.0.1', 'loopback']
  ])('%s is refused as %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls)
  })

  it.each(['93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '100.128.0.1'])(
    '%s is an ordinary public address',
    (address) => expect(classifyAddress(address)).toBeUndefined()
  )

  it("refuses the runner's own interface addresses", () => {
    expect(classifyAddress('203.0.113.7', ['203.0.113.7'])).toBe('host-address')
    expect(classifyAddress('::ffff:203.0.113.7', ['203.0.113.7'])).toBe('host-address')
  })

  it('lets allowed_private_ranges carve out, the IPv4-mapped spelling included', () => {
    const p = policy({ allowedPrivateRanges: ['127.0.0.1/32', 'fd00::/8'] })
    expect(checkAddresses(p, ['127.0.0.1', '::ffff:127.0.0.1', 'fd12::1'])).toEqual({
      kept: ['127.0.0.1', '::ffff:127.0.0.1', 'fd12::1'],
      refused: [],
      viaRanges: ['127.0.0.1/32', 'fd00::/8']
    })
    // a carve-out for an IPv4 address is not earned by the IPv4-compatible spelling of ::1
    const q = policy({ allowedPrivateRanges: ['0.0.0.1/32'] })
    expect(checkAddresses(q, ['::1']).refused).toEqual([{ address: '::1', class: 'loopback' }])
    // a carve-out written as an IPv4-mapped CIDR is the IPv4 rule
    const r = policy({ allowedPrivateRanges: ['::ffff:10.0.0.0/104'] })
    expect(checkAddresses(r, ['10.9.9.9']).kept).toEqual(['10.9.9.9'])
  })
})

describe('decide', () => {
  const p = policy({ allowedDomains: ['allowed.test'] })

  it('refuses an allowed name that resolves only to refused addresses, naming the class, not the address', () => {
    const v = decide(p, on, 'allowed.test', 80, ['127.0.0.1'])
    expect(v).toMatchObject({ allowed: false, rule: 'address:loopback', addresses: ['127.0.0.1'] })
    expect(v.reason).toContain('resolves to a loopback address')
    expect(v.reason).not.toContain('127.0.0.1')
    expect(decide(p, on, 'allowed.test', 80, ['169.254.169.254']).rule).toBe('address:metadata')
  })

  it('keeps only the addresses that pass, so the one dialled is one that was checked', () => {
    const v = decide(p, on, 'allowed.test', 80, ['10.0.0.1', '93.184.216.34', '169.254.169.254'])
    expect(v).toMatchObject({
      allowed: true,
      rule: 'allowed_domains: allowed.test',
      addresses: ['93.184.216.34']
    })
  })

  it('names the private range that let an address through', () => {
    const q = policy({ allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.0/8'] })
    expect(decide(q, on, 'allowed.test', 80, ['127.0.0.1'])).toMatchObject({
      allowed: true,
      rule: 'allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.0/8'
    })
  })

  it('checks the name before any address (a refused name is never resolved by the caller)', () => {
    expect(decide(p, on, 'denied.test', 80, ['93.184.216.34'])).toMatchObject({
      allowed: false,
      rule: 'not-listed'
    })
    expect(decide(p, off, 'allowed.test', 80, ['93.184.216.34'])).toMatchObject({
      rule: 'egress-off'
    })
  })

  it('refuses a listed IP literal in a refused range unless the range is listed too', () => {
    const q = policy({ allowedDomains: ['169.254.169.254'] })
    expect(decide(q, on, '169.254.169.254', 80, ['169.254.169.254']).rule).toBe('address:metadata')
  })

  it('treats an empty answer as unresolved', () => {
    expect(decide(p, on, 'allowed.test', 80, [])).toMatchObject({
      allowed: false,
      rule: 'unresolved'
    })
  })

  it('canonicalises hosts as the proxy dials them', () => {
    expect(canonicalHost('ALLOWED.test.')).toBe('allowed.test')
    expect(canonicalHost('0x7f.1')).toBe('127.0.0.1')
    expect(canonicalHost('[::ffff:7f00:1]')).toBe('127.0.0.1')
    expect(canonicalHost('bad host')).toBeUndefined()
  })
})
