// The one place srt sandboxes get network decisions from. On Linux a sandbox has no network
// namespace of its own to speak of (bubblewrap --unshare-net: loopback only); its only way out is
// sandbox-runtime's proxy on the host, reached through a Unix socket bound into the sandbox. That
// proxy asks, for each destination:
//   1. deniedDomains (process-wide)        → refuse
//   2. allowedDomains (process-wide)       → allow
//   3. the list registered for the command's id (registerCommandNetworkLists) → allow
//   4. the ask callback given to initialize() → allow only on `true`
// and refuses what nothing allowed. An allowed name is then resolved on the host and refused if it
// resolves into loopback, link-local, metadata, this host's own addresses or deniedResolvedAddresses,
// unless that IP literal (and port) is itself in the process-wide allowedDomains.
//
// `SrtEgress` maps onto that: `decide` is the ask callback (4), `stepAllowList` the per-command
// list (3, switched per step without re-initialising), `privateAddresses` the IP literals of (2)
// that lift the resolved-address check, and `onRefused` receives what srt refused, attributed to
// the step by its command id. Until the shared egress model (issue 12) provides one, DENY_ALL is
// used: nothing allowed, everything refused.
//
// Limits of the library's hooks (0.0.83), which decide how the shared model plugs in:
// - the ask callback gets only {host, port}: no command id, so it cannot tell agents or steps
//   apart; per-step decisions have to be per-command lists (in srt's own pattern grammar), and
//   srt then never reports what it allowed, only refusals;
// - the resolved-address exemption is process-wide and per IP literal (no CIDR): private ranges
//   cannot be opted into per agent;
// - the alternative, `network.httpProxyPort`/`socksProxyPort` (srt starts no proxy and bridges the
//   sandbox to that port), is also process-wide, fixed at initialize(), and gives the external
//   proxy no username, so it cannot attribute connections either: one model instance per process.

/** A destination a sandboxed command asked the proxy for (a name or an IP literal). */
export interface EgressTarget {
  host: string
  port: number
}

export interface EgressDecision {
  allow: boolean
  /** Which rule decided (reported to the sandboxed client on refusal, and in results). */
  rule: string
}

/** The step a command belongs to, for per-step lists and attribution. */
export interface EgressStep {
  agentId: string
  /** The step's label (its name, or "step N"). */
  step: string
}

/** A connection srt refused while a step ran. */
export interface RefusedConnection {
  host: string
  port: number
  reason: string
  at: string
}

export interface SrtEgress {
  /** Process-wide: a destination no step list allowed. Called by srt's proxy, unattributed. */
  decide(target: EgressTarget): Promise<EgressDecision>
  /** The step's own allow list in srt's grammar (names, *.wildcards, optional :port). */
  stepAllowList?(step: EgressStep): string[]
  /** IP literals ("127.0.0.1" or "127.0.0.1:8080") an allowed name may resolve to although private. */
  privateAddresses?: string[]
  /** Refusals srt recorded for a step, after it ended. */
  onRefused?(step: EgressStep, refused: RefusedConnection[]): void
}

export const DENY_ALL: SrtEgress = {
  decide: async () => ({ allow: false, rule: 'network disabled for srt agents' })
}

/**
 * Private and shared address space an allowed name must not resolve to (sandbox-runtime refuses
 * loopback, link-local, metadata and this host's own addresses by itself).
 */
export const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  'fc00::/7'
]

/** srt's violation line for a proxy refusal: `deny network-outbound host:port (reason)`. */
export function parseRefusal(line: string, at: Date): RefusedConnection | undefined {
  const m = /^deny network-outbound (.+):(\d+) \((.*)\)$/.exec(line)
  if (!m) return undefined
  return {
    host: m[1].replace(/^\[(.*)\]$/, '$1'),
    port: Number(m[2]),
    reason: m[3],
    at: at.toISOString()
  }
}
