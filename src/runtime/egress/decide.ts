// The one decision: may a connection to host:port (resolved to these addresses) go out during this
// step? Pure: the proxy (docker and srt alike) resolves names and passes the answer in, so the
// address that passed the check is the address dialled (no second resolution, no DNS rebinding).
import { BlockList, isIP } from 'node:net'
import type { EgressPolicy } from '../../lib/egress/config.js'
import {
  canonicalizeHost,
  embeddedIPv4,
  mappedIPv4,
  matchesDomainPatternWithPort,
  parseAddressRange
} from '../../lib/egress/srt-pieces.js'
import type { AddressClass, EgressStep, Verdict } from '../../lib/egress/types.js'

/**
 * Destinations refused unless allowed_private_ranges lists them, most specific class first so the
 * reason names the metadata endpoint rather than "link-local". The metadata entries outside
 * link-local space are the clouds' documented instance-metadata / platform endpoints.
 */
const CLASSES: [AddressClass, string[]][] = [
  [
    'metadata',
    [
      '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean IMDS
      '169.254.170.2', // AWS ECS task metadata
      '100.100.100.200', // Alibaba Cloud
      '168.63.129.16', // Azure WireServer
      '192.0.0.192', // Oracle Cloud Classic
      'fd00:ec2::/32', // AWS IPv6 IMDS and service block
      'fd20:ce::254', // GCP IPv6
      'fd00:c1::a9fe:a9fe', // Oracle Cloud IPv6
      'fd00:42::42', // Scaleway IPv6
      'fd00:a9fe:a9fe::1', // Linode IPv6
      'fd00:100::100:200' // Alibaba Cloud IPv6
    ]
  ],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  [
    'private',
    [
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      '100.64.0.0/10', // shared address space (CGNAT), used by some clouds internally
      '192.0.0.0/24', // IETF protocol assignments
      '198.18.0.0/15' // benchmarking, used by some VPN/proxy products
    ]
  ],
  ['unique-local', ['fc00::/7', 'fec0::/10']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  ['reserved', ['240.0.0.0/4']] // includes 255.255.255.255
]

const CLASS_LISTS: [AddressClass, BlockList][] = CLASSES.map(([cls, ranges]) => {
  const list = new BlockList()
  for (const r of ranges) {
    const range = parseAddressRange(r)
    if (!range) throw new Error(`bad built-in range ${r}`)
    list.addSubnet(range.address, range.prefix, range.family)
  }
  return [cls, list]
})

/** How a refusal names an address class (never the address itself). */
export const CLASS_WORDS: Record<AddressClass, string> = {
  metadata: 'a cloud metadata address',
  loopback: 'a loopback address',
  unspecified: 'an unspecified address',
  'link-local': 'a link-local address',
  private: 'a private address',
  'unique-local': 'a unique-local (private) IPv6 address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  'host-address': "an address of the runner's own interfaces"
}

/** BlockList.check for either family; IPv4 rules are also applied to the IPv4 an IPv6 carries. */
function inList(list: BlockList, address: string, alsoEmbedded: boolean): boolean {
  const fam = isIP(address)
  if (fam === 4) return list.check(address, 'ipv4')
  if (fam !== 6) return false
  if (list.check(address, 'ipv6')) return true
  // An IPv4-mapped answer is that IPv4 destination. NAT64 / 6to4 / compatible forms are delivered
  // to the IPv4 they carry too, so they add denials, but never earn an allowance (`::1` would
  // otherwise ride a carve-out for 0.0.0.1).
  const v4 = alsoEmbedded ? embeddedIPv4(address) : mappedIPv4(address)
  return v4 !== undefined && list.check(v4, 'ipv4')
}

/** The class that refuses `address`, or undefined when it is an ordinary public address. */
export function classifyAddress(
  address: string,
  localAddresses: readonly string[] = []
): AddressClass | undefined {
  for (const [cls, list] of CLASS_LISTS) if (inList(list, address, true)) return cls
  const bare = address.replace(/%.*$/, '')
  const v4 = embeddedIPv4(bare)
  const local = localAddresses.map((a) => a.replace(/%.*$/, ''))
  if (local.includes(bare) || (v4 !== undefined && local.includes(v4))) return 'host-address'
  return undefined
}

/** The allowed_private_ranges entry covering `address`, if any. */
function privateRangeFor(policy: EgressPolicy, address: string): string | undefined {
  return policy.privateRanges.find((r) => inList(r.list, address, false))?.cidr
}

export interface AddressCheck {
  /** Addresses that may be dialled, in resolver order. */
  kept: string[]
  refused: { address: string; class: AddressClass }[]
  /** The allowed_private_ranges entries that let kept addresses through. */
  viaRanges: string[]
}

export function checkAddresses(
  policy: EgressPolicy,
  addresses: readonly string[],
  localAddresses: readonly string[] = []
): AddressCheck {
  const out: AddressCheck = { kept: [], refused: [], viaRanges: [] }
  for (const address of addresses) {
    const cls = isIP(address) ? classifyAddress(address, localAddresses) : 'reserved'
    if (cls === undefined) {
      out.kept.push(address)
      continue
    }
    const range = privateRangeFor(policy, address)
    if (range) {
      out.kept.push(address)
      if (!out.viaRanges.includes(range)) out.viaRanges.push(range)
    } else out.refused.push({ address, class: cls })
  }
  return out
}

/** The canonical spelling a destination is judged (and dialled) by, or undefined if malformed. */
export function canonicalHost(host: string): string | undefined {
  const c = canonicalizeHost(host)
  return c ? c.toLowerCase() : undefined
}

function describeStep(step: EgressStep | undefined): string {
  if (!step) return 'outside any step'
  // A pseudo-step of the harness's own (preinstall) has no number.
  if (step.index < 0) return step.name ? JSON.stringify(step.name) : 'outside any step'
  return `step ${step.index + 1}${step.name ? ` (${JSON.stringify(step.name)})` : ''}`
}

/**
 * The name half: is egress on for this step, and does an entry match host:port? `host` must be
 * canonical (canonicalHost). In audit mode every name passes with rule `audit` unless an entry
 * matches (then that entry is the rule, so the report tells listed from unlisted traffic).
 */
export function decideName(
  policy: EgressPolicy,
  step: EgressStep | undefined,
  host: string,
  port: number
): Verdict {
  const dest = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`
  if (!step)
    return {
      allowed: false,
      rule: 'no-step',
      reason: `egress refused: ${dest} was requested outside any step`
    }
  if (!step.egress)
    return {
      allowed: false,
      rule: 'egress-off',
      reason: `egress refused: ${describeStep(step)} runs with egress: false (${dest})`
    }
  const rule = policy.rules.find((r) => matchesDomainPatternWithPort(host, port, r.entry))
  if (rule) return { allowed: true, rule: `${rule.source}: ${rule.entry}`, reason: '' }
  if (policy.audit) return { allowed: true, rule: 'audit', reason: '' }
  return {
    allowed: false,
    rule: 'not-listed',
    reason:
      `egress refused: ${dest} is not in command_line_egress.allowed_domains or its presets ` +
      `(${describeStep(step)})`
  }
}

/**
 * The whole decision for one connection: the name, then every resolved address (for an IP literal,
 * the literal itself). Allowed only when the name passes and at least one address does; the
 * verdict's `addresses` are then the ones that may be dialled.
 */
export function decide(
  policy: EgressPolicy,
  step: EgressStep | undefined,
  host: string,
  port: number,
  resolved: readonly string[],
  localAddresses: readonly string[] = []
): Verdict {
  const name = decideName(policy, step, host, port)
  if (!name.allowed) return name
  const check = checkAddresses(policy, resolved, localAddresses)
  if (check.kept.length === 0) {
    if (check.refused.length === 0)
      return { allowed: false, rule: 'unresolved', reason: `egress: ${host} did not resolve` }
    const cls = check.refused[0].class
    return {
      allowed: false,
      rule: `address:${cls}`,
      reason:
        // The class, never the address: a refusal must not turn the proxy into a resolver of
        // internal names for the sandbox. The report keeps the addresses.
        `egress refused: ${host} resolves to ${CLASS_WORDS[cls]}; list its range in ` +
        'command_line_egress.allowed_private_ranges to allow it',
      addresses: check.refused.map((r) => r.address).slice(0, 4)
    }
  }
  const via = check.viaRanges.map((r) => `allowed_private_ranges: ${r}`)
  return {
    allowed: true,
    rule: [name.rule, ...via].join('; '),
    reason: '',
    addresses: check.kept
  }
}
