// One path for every sandbox verify-isolation probes: start the agents through the runtime `run`
// uses (so each sandbox is exactly what a run gets), give a lone agent a throwaway peer, mark the
// peers, run the registry's probes phase by phase, and report what does not apply. What differs
// between docker and srt (the peer's markers, the probe context, what "cleaned up" means) is a
// SandboxKind's (docker.ts, srt.ts).
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AgentPlan } from '../config/types.js'
import { isEnvironmentError } from '../errors.js'
import type { Redactor } from '../report/redact.js'
import { prepareWorkspace } from '../run/plan.js'
import type { SandboxScope } from '../run/scope.js'
import type { AgentSession, Runtime } from '../runtime/types.js'
import { fail, skip } from './outcome.js'
import { throwawayPeerPlan } from './peer.js'
import { rows } from './probes/index.js'
import type {
  AgentIsolation,
  Collectors,
  HostFixture,
  ProbeDef,
  ProbeOutcome,
  ProbePhase,
  ProbeResult,
  Sandbox,
  SandboxContext
} from './types.js'

export interface Started<C> {
  agent: AgentPlan
  session: AgentSession
  result: AgentIsolation
  /** A scratch directory inside the agent's workspace (made by the agent, removed at the end). */
  scratch: string
  /** Set on a throwaway peer: the agent it was started for. */
  peerOf?: string
  ctx?: C
}

/** What every kind is given (a kind's own options add to it). */
export interface KindOptions<C extends SandboxContext> {
  runtime: Runtime
  host: HostFixture
  canary: { name: string; value: string }
  /** The result collectors probe 18 checks, per agent. */
  collectors: (s: Started<C>) => Collectors
  /** An agent's egress as written, with verify's fixture (undefined: no egress). */
  egress: (id: string) => SandboxContext['egress']
  log: (l: string) => void
}

/** What a sandbox kind does its own way. */
export interface SandboxKind<C extends SandboxContext> {
  sandbox: Sandbox
  runtime: Runtime
  /** The throwaway peer's workspace prefix, and its mode (docker: its uid must reach it). */
  peer: { prefix: string; mode?: number; without: string }
  /** How a failed start is reported on each of its probes. */
  startFailure: string
  /** What a started agent's result records (its container, image, runtime). */
  describe(s: Started<C>): Partial<AgentIsolation>
  /** Marks every peer (a file in its workspace, a process in its sandbox). */
  markPeers(peers: Started<C>[]): Promise<void>
  /** The probe context of a started agent, the others being its peers. */
  context(s: Started<C>, peers: Started<C>[]): C
  probes(phase: ProbePhase, only?: string[]): ProbeDef<C>[]
  /** The `after` probes' outcomes (cleanup, engine), by probe id, once every session closed. */
  after(s: Started<C>, peers: Started<C>[]): Promise<Record<string, ProbeOutcome>>
}

export interface StartedKind<C extends SandboxContext> {
  kind: SandboxKind<C>
  started: Started<C>[]
  /** Every session opened, peers included. */
  peers: Started<C>[]
  failed: AgentIsolation[]
  /** An environment error when nothing could start (exit 2). */
  environment?: Error
}

/** Starts a kind's agents in parallel (and a throwaway peer for a lone one), then marks the peers. */
export async function startAll<C extends SandboxContext>(
  kind: SandboxKind<C>,
  agents: AgentPlan[],
  scope: SandboxScope,
  rowIds: string[]
): Promise<StartedKind<C>> {
  const out: StartedKind<C> = { kind, started: [], peers: [], failed: [] }
  const starts = await Promise.allSettled(agents.map((a) => startAgent(kind, a, scope)))
  starts.forEach((s, i) => {
    if (s.status === 'fulfilled') out.started.push(s.value)
    else {
      const message = scope.redactor.apply((s.reason as Error).message)
      out.failed.push({
        id: agents[i].id,
        ...(kind.sandbox === 'docker' ? { image: agents[i].docker?.image } : {}),
        error: message,
        results: rowsOf(kind.sandbox, rowIds).map((p) => ({
          id: p.id,
          number: p.number,
          ...fail(`${kind.startFailure}: ${message}`),
          durationMs: 0
        }))
      })
    }
  })
  const env = starts.find((s) => s.status === 'rejected' && isEnvironmentError(s.reason))
  if (env && !out.started.length) out.environment = (env as PromiseRejectedResult).reason
  out.peers = [...out.started]
  if (out.started.length === 1) {
    const base = out.started[0].agent
    const plan = await throwawayPeerPlan(base, kind.peer.prefix, kind.peer.mode)
    scope.defer(() => rm(plan.workspace, { recursive: true, force: true }))
    try {
      out.peers.push({ ...(await startAgent(kind, plan, scope)), peerOf: base.id })
    } catch (e) {
      scope.log(
        `[${plan.id}] the throwaway peer did not start (${(e as Error).message})${kind.peer.without}`
      )
    }
  }
  await kind.markPeers(out.peers)
  // What the probes do is one step of the run as far as egress is concerned.
  for (const p of out.peers)
    p.session.beginStep({ index: 0, name: 'verify-isolation', egress: true })
  for (const s of out.started)
    s.ctx = kind.context(
      s,
      out.peers.filter((p) => p !== s)
    )
  return out
}

async function startAgent<C extends SandboxContext>(
  kind: SandboxKind<C>,
  agent: AgentPlan,
  scope: SandboxScope
): Promise<Started<C>> {
  // As `run` does: a workspace this run creates is the agent's (a root runner's sandbox user).
  await prepareWorkspace(agent)
  // The runtime prefixes its own lines with the agent id (as in a run): no second prefix here.
  const session = await kind.runtime.start(agent, {
    runId: scope.runId,
    outDir: scope.outDir,
    log: scope.log
  })
  // Closed when the scope closes (before the runtimes clean up), whatever happens after.
  scope.defer(() => session.close())
  const scratch = join(agent.workspace, `.massgen-isolation-${randomBytes(4).toString('hex')}`)
  scope.defer(() => rm(scratch, { recursive: true, force: true }))
  const s: Started<C> = { agent, session, scratch, result: { id: agent.id, results: [] } }
  // Made by the agent, through the session, as a step would.
  await agentShell(s, `mkdir -p '${scratch}'`)
  Object.assign(s.result, kind.describe(s))
  return s
}

function agentShell(s: { agent: AgentPlan; session: AgentSession }, command: string) {
  return s.session.exec({
    command,
    cwd: s.agent.workspace,
    env: {},
    timeoutMs: 30_000,
    maxOutputBytes: 4096
  })
}

/** The agent's shell, through its session (policy-free, as a step would run it). */
export function agentExec(s: { agent: AgentPlan; session: AgentSession }) {
  return (script: string, o: { timeoutMs?: number; maxOutputBytes?: number } = {}) =>
    s.session.exec({
      command: script,
      cwd: s.agent.workspace,
      env: {},
      timeoutMs: o.timeoutMs ?? 30_000,
      maxOutputBytes: o.maxOutputBytes ?? 1024 * 1024
    })
}

/** A kind's probes of one phase, one job per agent. */
export function phaseJobs<C extends SandboxContext>(
  k: StartedKind<C>,
  phase: ProbePhase,
  only: string[] | undefined,
  redactor: Redactor,
  log: (l: string) => void
): (() => Promise<void>)[] {
  return k.started.map((s) => () => runProbes(s, k.kind.probes(phase, only), redactor, log))
}

/** The phases, every kind's agents together: parallel, disruptive, then exclusive one at a time. */
export async function runPhases(jobs: (phase: ProbePhase) => (() => Promise<void>)[]) {
  await Promise.all(jobs('parallel').map((f) => f()))
  await Promise.all(jobs('disruptive').map((f) => f()))
  for (const f of jobs('exclusive')) await f()
}

/** Runs probes one after another against one agent; a probe that throws fails. */
export async function runProbes<C>(
  s: Started<C>,
  probes: ProbeDef<C>[],
  redactor: Redactor,
  log: (l: string) => void
): Promise<void> {
  for (const probe of probes) {
    const t = Date.now()
    let outcome: ProbeOutcome
    try {
      outcome = await probe.run(s.ctx!)
    } catch (e) {
      outcome = fail(`the probe itself failed: ${(e as Error).message}`)
    }
    const r = timed(
      probe,
      { status: outcome.status, detail: redactor.apply(outcome.detail) },
      Date.now() - t
    )
    s.result.results.push(r)
    log(
      `[${s.agent.id}] ${r.number} ${r.id}: ${r.status.toUpperCase()} — ${r.detail} [${r.durationMs} ms]`
    )
  }
}

/** Removes the scratch directories (as the agent) and saves the sessions' logs. */
export async function wrapUp<C>(started: Started<C>[], outDir: string, log: (l: string) => void) {
  for (const s of started) {
    await agentShell(s, `rm -rf '${s.scratch}'`).catch(() => undefined)
    await s.session
      .saveLogs(join(outDir, s.agent.id))
      .catch((e: Error) => log(`[${s.agent.id}] could not save logs: ${e.message}`))
  }
}

/**
 * Once the sessions closed: each started agent's `after` probes, and a skip (with the reason) for
 * every row of the matrix that does not apply to its sandbox; results in number order.
 */
export async function finishResults<C extends SandboxContext>(
  k: StartedKind<C>,
  rowIds: string[]
): Promise<AgentIsolation[]> {
  for (const s of k.started) {
    const after = await k.kind.after(s, k.peers)
    for (const p of rowsOf(k.kind.sandbox, rowIds)) {
      const applies = p.appliesTo(k.kind.sandbox)
      if (applies !== true) s.result.results.push(timed(p, skip(applies), 0))
      else if (p.runs === 'after' && after[p.id]) s.result.results.push(timed(p, after[p.id], 0))
    }
    s.result.results.sort((a, b) => a.number - b.number)
  }
  return [...k.started.filter((s) => !s.peerOf).map((s) => s.result), ...k.failed]
}

/** The registry's rows of a sandbox that are in the matrix. */
function rowsOf(sandbox: Sandbox, rowIds: string[]) {
  return rows(sandbox).filter((p) => rowIds.includes(p.id))
}

export function timed(
  p: { id: string; number: number },
  o: ProbeOutcome,
  durationMs: number
): ProbeResult {
  return { id: p.id, number: p.number, status: o.status, detail: o.detail, durationMs }
}
