// The egress model shared by the sandboxes: config → policy → decide(); the host proxy; what a
// network-less sandbox needs to reach it; the per-step log and report.
export type * from '../../lib/egress/types.js'
export { PRESETS, PRESET_NAMES } from '../../lib/egress/presets.js'
export {
  cidrProblem,
  compileEgressPolicy,
  domainEntryProblem,
  emptyEgressConfig,
  parseEgressConfig,
  presetProblem,
  type EgressPolicy
} from '../../lib/egress/config.js'
export {
  canonicalHost,
  checkAddresses,
  classifyAddress,
  CLASS_WORDS,
  decide,
  decideName
} from './decide.js'
export { EgressLog } from './log.js'
export {
  EgressProxy,
  PROXY_HEADER,
  type EgressProxyOptions,
  type ProxyListen,
  type Resolve
} from './proxy.js'
export {
  aptProxyConf,
  egressMount,
  EGRESS_DIR_IN_SANDBOX,
  FIND_RELAY_INTERPRETER_CMD,
  HEALTH_PATH,
  prepareEgressDir,
  PROXY_SOCKET_NAME,
  proxyEnv,
  RELAY_INTERPRETERS,
  RELAY_PORT,
  RELAY_USER,
  relayCommand,
  relayProbeCommand,
  type EgressHostDir,
  type RelayInterpreter
} from './sandbox.js'
export { describeUpstream, upstreamFor, upstreamFromEnv, type UpstreamProxy } from './upstream.js'
export { EgressAttachment, type EgressAttachmentOptions, type SandboxExec } from './attachment.js'
export { gateConnection, newRelayToken, RELAY_TOKEN_ENV, relayPreamble } from './socket-gate.js'
export {
  EgressEndpoint,
  onceEachLine,
  openFrontEndpoint,
  openSocketEndpoint,
  type EgressEndpointOptions
} from './endpoint.js'
