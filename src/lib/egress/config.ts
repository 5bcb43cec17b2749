// `command_line_egress` → the compiled policy the decision function reads. Entry and CIDR checks
// live here so the config loader (with positions) and the runtimes use the same rules.
import { BlockList, isIP } from 'node:net'
import { PRESETS, PRESET_NAMES } from './presets.js'
import {
  isValidAllowedDomainEntry,
  parseAddressRange,
  splitDomainPatternPort
} from './srt-pieces.js'
import type { DomainRule, EgressConfig } from './types.js'

export interface EgressPolicy {
  config: EgressConfig
  audit: boolean
  /** Every entry in force: allowed_domains, then presets expanded, then MassGen's srt list. */
  rules: DomainRule[]
  /** allowed_private_ranges, compiled (IPv4-mapped CIDRs stored as their IPv4 rule). */
  privateRanges: { cidr: string; list: BlockList }[]
}

/** Why an allowed_domains entry is not valid, or undefined when it is. */
export function domainEntryProblem(entry: string): string | undefined {
  if (entry.trim() !== entry || entry === '')
    return `${JSON.stringify(entry)} is empty or has surrounding spaces`
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry))
    return `${JSON.stringify(entry)} is a URL; give the host name only (with an optional :port)`
  if (entry === '*' || /^\*\.[^.]+$/.test(entry))
    return `${JSON.stringify(entry)} is too broad; name a domain such as "*.example.com"`
  const host = splitDomainPatternPort(entry).hostPattern
  // The shared pattern check counts dots and wildcards but not characters.
  const plain = isIP(host) !== 0 || /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i.test(host)
  if (!plain || !isValidAllowedDomainEntry(entry))
    return (
      `${JSON.stringify(entry)} is not a host name, "*.domain" wildcard or IP literal ` +
      '(IPv6 in brackets), with an optional ":port"'
    )
  return undefined
}

/**
 * Why an allowed_domains entry names the sandbox's own loopback (localhost, *.localhost,
 * 127.0.0.0/8, ::1), or undefined. Such an entry can never work: inside the container (or the srt
 * sandbox) those are the sandbox's own loopback, which clients reach directly (NO_PROXY), never
 * through the egress proxy and never on the runner. The config refuses it; the runtimes do not
 * (tests hand the proxy loopback literals directly).
 */
export function loopbackEntryProblem(entry: string): string | undefined {
  const host = splitDomainPatternPort(entry)
    .hostPattern.replace(/^\[|\]$/g, '')
    .toLowerCase()
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) === 4 && host.startsWith('127.')) ||
    (isIP(host) === 6 && /^(0*:)*:?0*1$/.test(host))
  if (!loopback) return undefined
  return (
    `${JSON.stringify(entry)} is the sandbox's own loopback: inside the sandbox localhost and ` +
    '127.0.0.0/8 (and ::1) are its own, reached directly and never through the egress proxy, so a ' +
    'service on the runner is not reachable that way; give the service a name that resolves to a ' +
    'runner address (e.g. in /etc/hosts), list the name here and the address in allowed_private_ranges'
  )
}

/** Why an allowed_private_ranges entry is not a CIDR or IP literal, or undefined. */
export function cidrProblem(entry: string): string | undefined {
  return parseAddressRange(entry)
    ? undefined
    : `${JSON.stringify(entry)} is not an IP address or CIDR range such as "10.0.0.0/8" or "fd00::/8"`
}

export function presetProblem(name: string): string | undefined {
  return PRESETS[name]
    ? undefined
    : `unknown preset ${JSON.stringify(name)}; one of ${PRESET_NAMES.join(', ')}`
}

/** An egress config with nothing in it but defaults (what an empty `command_line_egress: {}` means). */
export function emptyEgressConfig(): EgressConfig {
  return {
    allowedDomains: [],
    presets: [],
    allowedPrivateRanges: [],
    audit: false,
    srtAllowedDomains: []
  }
}

/**
 * Raw YAML values → EgressConfig, collecting problems as (key path, message) so the loader can
 * pin each to its position. `srtAllowedDomains` is MassGen's `command_line_srt_network_allowed_domains`
 * (srt agents), which adds to the same list.
 */
export function parseEgressConfig(
  raw: Record<string, unknown> | undefined,
  srtAllowedDomains: unknown[] | undefined,
  report: (path: (string | number)[], message: string) => void
): EgressConfig {
  const cfg = emptyEgressConfig()
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
  list(raw?.allowed_domains).forEach((e, i) => {
    const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e))
    if (problem) report(['allowed_domains', i], `allowed_domains[${i}]: ${problem}`)
    else cfg.allowedDomains.push(String(e))
  })
  list(raw?.presets).forEach((e, i) => {
    const problem = presetProblem(String(e))
    if (problem) report(['presets', i], `presets[${i}]: ${problem}`)
    else if (!cfg.presets.includes(String(e))) cfg.presets.push(String(e))
  })
  list(raw?.allowed_private_ranges).forEach((e, i) => {
    const problem = cidrProblem(String(e))
    if (problem) report(['allowed_private_ranges', i], `allowed_private_ranges[${i}]: ${problem}`)
    else cfg.allowedPrivateRanges.push(String(e))
  })
  cfg.audit = raw?.audit === true
  list(srtAllowedDomains).forEach((e, i) => {
    const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e))
    if (problem) report(['srt', i], `command_line_srt_network_allowed_domains[${i}]: ${problem}`)
    else cfg.srtAllowedDomains.push(String(e))
  })
  return cfg
}

/** Throws on an entry the loader would have refused (a caller that skipped validation). */
export function compileEgressPolicy(config: EgressConfig): EgressPolicy {
  const rules: DomainRule[] = []
  const seen = new Set<string>()
  const add = (entry: string, source: DomainRule['source']) => {
    const problem = domainEntryProblem(entry)
    if (problem) throw new Error(`egress: ${problem}`)
    const key = entry.toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    rules.push({ entry, source })
  }
  for (const e of config.allowedDomains) add(e, 'allowed_domains')
  for (const p of config.presets) {
    const problem = presetProblem(p)
    if (problem) throw new Error(`egress: ${problem}`)
    for (const e of PRESETS[p]) add(e, `preset ${p}`)
  }
  for (const e of config.srtAllowedDomains) add(e, 'command_line_srt_network_allowed_domains')
  const privateRanges = config.allowedPrivateRanges.map((cidr) => {
    const range = parseAddressRange(cidr)
    if (!range) throw new Error(`egress: ${cidrProblem(cidr)}`)
    const list = new BlockList()
    list.addSubnet(range.address, range.prefix, range.family)
    return { cidr, list }
  })
  return { config, audit: config.audit, rules, privateRanges }
}
