// The pieces of @anthropic-ai/sandbox-runtime the egress model is built on, imported in one place.
// They are internal modules of the package (it has no exports map, so the paths resolve), pinned by
// the dependency's ^0.0.x range to one version; an upgrade is checked here and by the unit tests
// that pin their behaviour (__tests__/unit/lib/egress/srt-pieces.test.ts).
//
// Why borrow rather than write: the HTTP/CONNECT proxy (createHttpProxyServer) already handles what
// a hand-written one gets wrong — host canonicalisation (`0x7f.1`, trailing dots, IPv4-mapped
// literals), hop-by-hop headers, half-closed tunnels, clients that vanish mid-decision — and it
// takes exactly the two hooks our model needs: a name filter and a per-port `lookup` that decides
// which resolved address is dialled. Using its domain-pattern matcher too means an entry means the
// same thing in docker mode, in srt mode and in MassGen's `command_line_srt_network_allowed_domains`.
export {
  createHttpProxyServer,
  markHandedInConnection,
  type HttpProxyServerOptions
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/http-proxy.js'
export { ResolvedAddressDeniedError } from '@anthropic-ai/sandbox-runtime/dist/sandbox/resolved-address-guard.js'
export {
  canonicalizeHost,
  redactUrl,
  resolveParentProxy,
  selectParentProxyUrl,
  shouldBypassParentProxy,
  type ResolvedParentProxy
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js'
export {
  isValidAllowedDomainEntry,
  matchesDomainPatternWithPort,
  splitDomainPatternPort,
  ALLOWED_DOMAIN_ENTRY_MESSAGE
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js'
export {
  embeddedIPv4,
  mappedIPv4,
  parseAddressRange
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/address.js'
