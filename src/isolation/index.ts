// verify-isolation's public entry: the check, its report and what the entries (CLI, action) need
// to parse and render. Everything else in this folder (the probes, the per-sandbox sides) is
// internal to it.
export { CANARY_NAME, verifyIsolation, type VerifyOptions, type VerifyOutcome } from './verify.js'
export { headline, renderIsolationHtml, type WrittenIsolation } from './report.js'
export { expectRuntimeOption } from './probes/runtime.js'
export type { IsolationReport, ProbeResult, ProbeStatus } from './types.js'
