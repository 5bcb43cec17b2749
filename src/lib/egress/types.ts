// The egress model shared by every sandbox (docker, srt): what the config asks for, what the proxy
// decides for one connection, and what the report says afterwards. Plain data only.

/** `command_line_egress` as the config gives it (validated; presets not yet expanded). */
export interface EgressConfig {
  /** Exact names, `*.wildcards` (strict subdomains), IP literals; each with an optional `:port`. */
  allowedDomains: string[]
  /** Names of lists kept in the product (presets.ts). */
  presets: string[]
  /** CIDRs a destination may resolve to although they are loopback, private, link-local, ... */
  allowedPrivateRanges: string[]
  /** Let every name through (addresses are still checked), record it, propose a list. */
  audit: boolean
  /**
   * MassGen's `command_line_srt_network_allowed_domains`, kept apart so that rules and reports
   * can say where an entry came from; it adds to allowedDomains.
   */
  srtAllowedDomains: string[]
}

/** Where a list entry came from: the user's list, a preset, or MassGen's srt key. */
export type RuleSource =
  'allowed_domains' | `preset ${string}` | 'command_line_srt_network_allowed_domains'

export interface DomainRule {
  /** As written: `pypi.org`, `*.pythonhosted.org`, `registry.example:8443`, `[::1]:80`. */
  entry: string
  source: RuleSource
}

/** The step the proxy attributes connections to, set by the harness before each step runs. */
export interface EgressStep {
  index: number
  name?: string
  /** False: nothing goes through while this step runs (the step's `egress: false`). */
  egress: boolean
}

/** Why an address is refused unless allowed_private_ranges covers it. */
export type AddressClass =
  | 'loopback'
  | 'unspecified'
  | 'link-local'
  | 'metadata'
  | 'private'
  | 'unique-local'
  | 'multicast'
  | 'reserved'
  | 'host-address'

export type EgressOutcome = 'allowed' | 'refused' | 'failed'

export interface Verdict {
  allowed: boolean
  /**
   * Allowed: the entry that let it through (`allowed_domains: pypi.org`, `preset python:
   * files.pythonhosted.org`, `audit`), plus `; allowed_private_ranges: <cidr>` when an address
   * needed it. Refused: `egress-off`, `no-step`, `not-listed`, `address:<class>`, `bad-host`.
   */
  rule: string
  /** One sentence for the refused client (403 body) and the report. */
  reason: string
  /** Resolved addresses the proxy may dial (allowed) or refused ones (address refusals). */
  addresses?: string[]
}

/** One destination in one step, aggregated: the report's unit. */
export interface EgressDestination {
  host: string
  port: number
  outcome: EgressOutcome
  rule: string
  reason?: string
  count: number
  firstAt: string
  lastAt: string
  /** For address refusals: the refused addresses (at most 4). */
  addresses?: string[]
}

export interface EgressStepReport {
  /** -1: outside any step (before the first, between steps, after the last). */
  index: number
  name?: string
  egress: boolean
  destinations: EgressDestination[]
}

export interface EgressReport {
  mode: 'allowlist' | 'audit'
  allowedDomains: string[]
  presets: string[]
  allowedPrivateRanges: string[]
  /** Every entry in force, presets expanded, with where it came from. */
  rules: DomainRule[]
  steps: EgressStepReport[]
  totals: { allowed: number; refused: number; failed: number }
  /** Audit mode: the allowed_domains list that would have let this run's traffic through. */
  proposedAllowedDomains?: string[]
}
