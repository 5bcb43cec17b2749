// One agent's egress as its session sees it, in every mode: the proxy that decides and records,
// the step it attributes to (switched before each step, and for a pseudo-step such as preinstall),
// the refusal lines logged once each, the "network refused" note on a step, the report. Two
// factories reach the proxy differently:
// - socket + relay (docker): the proxy on a Unix socket in a host directory mounted into the
//   network-less container, a relay inside (attachment.ts);
// - front + token (srt): the proxy listens nowhere; the process-wide front hands it the
//   connections that carry its token (srt/network.ts).
import { randomBytes } from 'node:crypto'
import { EgressAttachment } from './attachment.js'
import { compileEgressPolicy, type EgressPolicy } from '../../lib/egress/config.js'
import { EgressProxy, type Resolve } from './proxy.js'
import type { EgressConfig, EgressReport, EgressStep } from '../../lib/egress/types.js'
import { describeUpstream, upstreamFromEnv, type UpstreamProxy } from './upstream.js'

/** Distinct refusal lines logged per agent; past it, further ones are only counted in the report. */
const MAX_LOGGED_LINES = 1000
/** Destinations named in a step's note; more are "…". */
const NOTE_NAMES = 5

export interface EgressEndpointOptions {
  config: EgressConfig
  log: (line: string) => void
  /** How the proxy resolves names (default: the runner's resolver); verify-isolation's probes. */
  resolve?: Resolve
  now?: () => Date
}

/**
 * `log` that passes each distinct line once (at most MAX_LOGGED_LINES): a client retrying the
 * same refused request does not flood the run's log.
 */
export function onceEachLine(log: (line: string) => void): (line: string) => void {
  const said = new Set<string>()
  return (line) => {
    if (said.has(line) || said.size >= MAX_LOGGED_LINES) return
    said.add(line)
    log(line)
  }
}

/** The runner's HTTPS_PROXY & co.; never with verify-isolation's own resolver (no upstream). */
function upstreamFor(o: EgressEndpointOptions): UpstreamProxy | undefined {
  const upstream = o.resolve ? undefined : upstreamFromEnv()
  if (upstream) o.log(`egress: ${describeUpstream(upstream)}`)
  return upstream
}

export class EgressEndpoint {
  private step: EgressStep | undefined

  constructor(
    readonly proxy: EgressProxy,
    readonly policy: EgressPolicy,
    private readonly stop: () => Promise<void>
  ) {}

  /** What goes out from here on is `step`'s (undefined: outside any step, nothing goes out). */
  setStep(step: EgressStep | undefined): void {
    this.step = step ? { ...step } : undefined
    this.proxy.setStep(this.step)
  }

  get currentStep(): EgressStep | undefined {
    return this.step
  }

  /** Runs `fn` in a pseudo-step (preinstall), then goes back to the step it interrupted. */
  async during<T>(step: EgressStep, fn: () => Promise<T>): Promise<T> {
    const previous = this.step
    this.setStep(step)
    try {
      return await fn()
    } finally {
      this.setStep(previous)
    }
  }

  /** The destinations refused in the current step since `since` (ms), as a note; '' for none. */
  refusalNote(since: number): string {
    if (!this.step) return ''
    const index = this.step.index
    const from = new Date(since).toISOString()
    const refused = this.proxy.events
      .refused()
      .filter((r) => r.step === index && r.lastAt >= from && r.rule !== 'log-limit')
    if (!refused.length) return ''
    const names = [...new Set(refused.map((r) => `${r.host}:${r.port}`))]
    const more = names.length > NOTE_NAMES ? ', …' : ''
    return `network refused: ${names.slice(0, NOTE_NAMES).join(', ')}${more}`
  }

  report(): EgressReport {
    return this.proxy.events.report()
  }

  /** Stops the proxy and releases how it was reached (idempotent). */
  close(): Promise<void> {
    return this.stop()
  }
}

/** Docker: the proxy on a socket in a host directory, reached through a relay in the sandbox. */
export async function openSocketEndpoint(
  o: EgressEndpointOptions & { parentDir?: string }
): Promise<{ endpoint: EgressEndpoint; attachment: EgressAttachment }> {
  const attachment = await EgressAttachment.open({
    config: o.config,
    parentDir: o.parentDir,
    resolve: o.resolve,
    now: o.now,
    upstream: upstreamFor(o),
    log: onceEachLine(o.log)
  })
  const endpoint = new EgressEndpoint(attachment.proxy, attachment.proxy.policy, () =>
    attachment.close()
  )
  return { endpoint, attachment }
}

/**
 * srt: the proxy listens nowhere; `register` makes the front hand it the connections carrying
 * the fresh token (and returns the undo).
 */
export async function openFrontEndpoint(
  o: EgressEndpointOptions & { register: (token: string, proxy: EgressProxy) => () => void }
): Promise<{ endpoint: EgressEndpoint; token: string }> {
  const token = randomBytes(16).toString('hex')
  const policy = compileEgressPolicy(o.config)
  const proxy = await EgressProxy.start({
    policy,
    proxyAuthToken: token,
    resolve: o.resolve,
    now: o.now,
    upstream: upstreamFor(o),
    log: onceEachLine(o.log)
  })
  const unregister = o.register(token, proxy)
  let stopped: Promise<void> | undefined
  const endpoint = new EgressEndpoint(proxy, policy, () => {
    stopped ??= (async () => {
      unregister()
      await proxy.stop().catch(() => undefined)
    })()
    return stopped
  })
  return { endpoint, token }
}
