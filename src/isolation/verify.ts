// verify-isolation: starts every docker and srt agent of a config through the runtimes `run` uses
// (so each sandbox is exactly what a run gets), runs the registry's probes against them, cleans
// up, then checks the cleanup (and, for docker, the engine's versions); isolation.json and the
// matrix cover both. The lifecycle (run id, redaction, signals, closing, cleanup) is
// withSandboxes', the same as `run`'s; what differs per sandbox is in docker.ts and srt.ts.
//
// Order: the agents start in parallel; each agent runs its probes one after another (parallel
// phase, then disruptive phase, both with the agents in parallel), then the exclusive probes run
// one agent at a time (a fork bomb while another agent must keep working; CPU measured without
// the others' load). A lone agent of a sandbox gets a throwaway second one from the same agent
// plan (its own empty workspace), so that probes 6 and 19 have someone to look at.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import type { ImagePolicy } from '../config/defaults.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { unsafeSummary, type UnsafeClass } from '../config/unsafe.js'
import { describeError, isEnvironmentError, isFatalInputError, VerifyStopped } from '../errors.js'
import { listRegularFiles, redactTree } from '../report/files.js'
import { readJunit } from '../report/junit.js'
import { loadRunPlan } from '../run/plan.js'
import type { Runtimes } from '../run/runtimes.js'
import { withSandboxes, type SandboxScope } from '../run/scope.js'
import type { ContainerClient, ImageSources } from '../runtime/docker/index.js'
import type { EgressConfig } from '../runtime/egress/index.js'
import type { SrtRuntimeOptions } from '../runtime/srt/index.js'
import { dockerKind } from './docker.js'
import { startEgressFixture, type EgressFixture } from './egress.js'
import { setUpHost } from './host.js'
import { fail } from './outcome.js'
import { engineFacts, type EngineFacts } from './probes/engine.js'
import { probeList } from './probes/index.js'
import { writeIsolationReport, type WrittenIsolation } from './report.js'
import {
  finishResults,
  phaseJobs,
  runPhases,
  startAll,
  wrapUp,
  type StartedKind
} from './sandboxes.js'
import { srtKind } from './srt.js'
import type { Collectors, IsolationReport, ProbeContext, SrtProbeContext } from './types.js'

export const CANARY_NAME = 'MASSGEN_ISOLATION_CANARY'

export interface VerifyOptions {
  configPath: string
  outDir: string
  workingDirectory?: string
  imagePolicy?: ImagePolicy
  /** Where image-policy auto may get our images before building them (the action's cache). */
  imageSources?: ImageSources
  runId?: string
  log: (line: string) => void
  /** Probe only these agents (all docker agents when absent). */
  agents?: string[]
  /** Called once the run id is known, before any container exists (the action saves state). */
  onStart?: (runId: string) => void
  /** Called with the canary value before it enters the environment (the action masks it). */
  onSecret?: (value: string) => void
  /*
   * Collaborators, each with a production default. verify-isolation's own tests substitute them
   * to prove that each probe can fail: an engine client that weakens the containers it creates
   * (or does not remove them), naive result collectors, another home directory, fewer probes.
   */
  /** The engine client (default: connect as the docker CLI would). */
  client?: ContainerClient
  /** Result collectors probe 18 checks, per agent (default: the ones the run uses). */
  collectors?: (agent: AgentPlan) => Partial<Collectors> | undefined
  /** The runner's home directory (default: os.homedir()). */
  home?: string
  /** Run only these probes (20 and 21 always run). */
  probes?: string[]
  /**
   * The runtime every agent's container must run under, from outside the config (a runtime name,
   * or `gvisor` for any gVisor runtime): a config that lost its runtime key then fails probe 27.
   */
  expectRuntime?: string
  /** The srt runtime's collaborators (default: sandbox-runtime's backend, as `run` uses). */
  srt?: SrtRuntimeOptions
  /** Read the config from this git revision, not the work tree (config-ref). */
  configRef?: string
  /** Unsafe classes the invoker allows (config/unsafe.ts); the config cannot allow any. */
  allowUnsafe?: UnsafeClass[]
  /** Install SIGINT/SIGTERM handlers that clean up, write the report and exit (CLI and action). */
  handleSignals?: boolean
}

export interface VerifyOutcome {
  report: IsolationReport
  exitCode: number
  files: WrittenIsolation
}

/** The report before anything ran: status error until the end says otherwise. */
function emptyReport(opts: VerifyOptions, runId: string, t0: number): IsolationReport {
  return {
    version: 1,
    status: 'error',
    runId,
    startedAt: new Date(t0).toISOString(),
    durationMs: 0,
    config: opts.configPath,
    engine: {},
    ...(opts.expectRuntime ? { expectRuntime: opts.expectRuntime } : {}),
    probes: [],
    agents: [],
    notProbed: [],
    configSource: opts.configRef
      ? { kind: 'revision', path: opts.configPath, ref: opts.configRef }
      : { kind: 'worktree', path: opts.configPath },
    unsafe: { allowed: opts.allowUnsafe ?? [], used: [] }
  }
}

export function verifyIsolation(opts: VerifyOptions): Promise<VerifyOutcome> {
  return withSandboxes(opts, async (scope) => {
    const t0 = Date.now()
    const report = emptyReport(opts, scope.runId, t0)
    const finish = (exitCode: number): VerifyOutcome => {
      report.durationMs = Date.now() - t0
      return { report, exitCode, files: writeIsolationReport(scope.outDir, report) }
    }
    scope.onInterrupt((sig) => {
      report.status = 'error'
      report.error = `interrupted by ${sig}`
      finish(2)
    })
    try {
      return await verifyIn(scope, opts, report, finish)
    } catch (e) {
      if (!(e instanceof VerifyStopped)) throw e
      report.error = e.message
      return finish(e.exitCode)
    }
  })
}

async function verifyIn(
  scope: SandboxScope,
  opts: VerifyOptions,
  report: IsolationReport,
  finish: (exitCode: number) => VerifyOutcome
): Promise<VerifyOutcome> {
  let plan: RunPlan
  try {
    // A local agent is not started here (it is listed as not probed): no-sandbox does not apply.
    plan = await loadRunPlan(opts.configPath, { ...opts, surface: 'probe' })
  } catch (e) {
    if (!isFatalInputError(e)) throw e
    throw new VerifyStopped(describeError(e))
  }
  const agents = selectAgents(plan, report, opts.probes)
  // Agents with egress get verify's probe names (resolved by their proxies only) added to their
  // list; the fixture is up before any sandbox, and the proxies resolve through it.
  const egress = [...agents.docker, ...agents.srt].some((a) => a.egress)
    ? await startEgressFixture()
    : undefined
  if (egress) scope.defer(() => egress.close())
  const home = opts.home ?? homedir()
  const runtimes = scope.runtimes({
    imagePolicy: opts.imagePolicy ?? 'auto',
    dockerClient: opts.client,
    egressResolve: egress?.resolve,
    imageSources: opts.imageSources,
    srt: { home, ...opts.srt, egressResolve: egress?.resolve ?? opts.srt?.egressResolve }
  })
  // srt agents need no engine: it is reached only for docker agents.
  const engine = agents.docker.length ? await reachEngine(runtimes) : undefined
  if (engine) report.engine = engine.facts.info

  const canary = plantCanary(scope, opts)
  const host = await setUpHost(home, await engine?.client.bridgeGateways().catch(() => []))
  scope.defer(() => host.close())
  const extended = (a: AgentPlan): AgentPlan =>
    a.egress && egress ? { ...a, egress: egress.extend(a.egress) } : a
  const egressOf = (id: string) => egressFor(egress, plan, id)
  const collectors = (agent: AgentPlan): Collectors => ({
    readJunit: async (path, ws) => readJunit(path, ws),
    listFiles: listRegularFiles,
    redactTree,
    ...opts.collectors?.(agent)
  })
  const common = { host: host.fixture, canary, log: scope.log, egress: egressOf }
  const rowIds = report.probes.map((p) => p.id)

  let dockers: StartedKind<ProbeContext> | undefined
  let srts: StartedKind<SrtProbeContext> | undefined
  if (engine) {
    const kind = dockerKind({
      ...common,
      runtime: runtimes.for('docker'),
      client: engine.client,
      facts: engine.facts,
      runId: scope.runId,
      collectors: (s) => collectors(s.agent),
      expectRuntime: opts.expectRuntime
    })
    dockers = await startAll(kind, agents.docker.map(extended), scope, rowIds)
  }
  if (agents.srt.length) {
    const srtAgents = agents.srt.map(extended)
    const kind = await srtKind(
      { ...common, runtime: runtimes.for('srt'), home, collectors: (s) => collectors(s.agent) },
      srtAgents,
      scope
    )
    srts = await startAll(kind, srtAgents, scope, rowIds)
  }
  // Live: what an interrupted check writes is what the probes reported so far.
  report.agents = [dockers, srts].flatMap((k) => [
    ...(k?.started.filter((s) => !s.peerOf).map((s) => s.result) ?? []),
    ...(k?.failed ?? [])
  ])
  const environment = dockers?.environment ?? srts?.environment
  if (environment) throw new VerifyStopped(describeError(environment))

  const jobs = (phase: Parameters<typeof phaseJobs>[1]) => [
    ...(dockers ? phaseJobs(dockers, phase, opts.probes, scope.redactor, scope.log) : []),
    ...(srts ? phaseJobs(srts, phase, opts.probes, scope.redactor, scope.log) : [])
  ]
  await runPhases(jobs)
  if (dockers) await wrapUp(dockers.started, scope.outDir, scope.log)
  if (srts) await wrapUp(srts.started, scope.outDir, scope.log)
  // 20 (and 21) are evaluated once everything is closed and cleaned up.
  await scope.close()
  report.agents = [
    ...(dockers ? await finishResults(dockers, rowIds) : []),
    ...(srts ? await finishResults(srts, rowIds) : [])
  ]
  return conclude(scope, plan, report, canary.value, finish)
}

/** The agents to probe by sandbox; the matrix's rows; local agents listed as not probed. */
function selectAgents(
  plan: RunPlan,
  report: IsolationReport,
  only: string[] | undefined
): { docker: AgentPlan[]; srt: AgentPlan[] } {
  report.configSource = plan.source
  const unsafe = unsafeSummary(plan)
  // Local agents are not started here: their no-sandbox is not in use.
  report.unsafe = { ...unsafe, used: unsafe.used.filter((u) => u.class !== 'no-sandbox') }
  const docker = plan.agents.filter((a) => a.mode === 'docker')
  const srt = plan.agents.filter((a) => a.mode === 'srt')
  report.notProbed = plan.agents
    .filter((a) => a.mode === 'local')
    .map((a) => ({
      id: a.id,
      reason:
        'runs locally (command_line_execution_mode is neither docker nor srt): there is no sandbox to verify'
    }))
  if (!docker.length && !srt.length)
    throw new VerifyStopped('the config has no docker or srt agent: there is no sandbox to verify')
  report.probes = probeList(
    [...(docker.length ? ['docker' as const] : []), ...(srt.length ? ['srt' as const] : [])],
    only
  )
  return { docker, srt }
}

async function reachEngine(
  runtimes: Runtimes
): Promise<{ client: ContainerClient; facts: EngineFacts }> {
  try {
    const client = await (await runtimes.dockerRuntime()).client()
    return { client, facts: await engineFacts(client) }
  } catch (e) {
    throw new VerifyStopped(
      isEnvironmentError(e)
        ? describeError(e)
        : `cannot reach the Docker engine: ${describeError(e)}`
    )
  }
}

/**
 * The canary goes into this process's environment before any sandbox exists, as a runner secret
 * would be; it is removed again when the scope closes (last of all).
 */
function plantCanary(scope: SandboxScope, opts: VerifyOptions): { name: string; value: string } {
  const canary = { name: CANARY_NAME, value: `canary-${randomBytes(16).toString('hex')}` }
  opts.onSecret?.(canary.value)
  const previous = process.env[CANARY_NAME]
  process.env[CANARY_NAME] = canary.value
  scope.defer(async () => {
    if (previous === undefined) delete process.env[CANARY_NAME]
    else process.env[CANARY_NAME] = previous
  })
  scope.redactor.add(canary.value)
  opts.onStart?.(scope.runId)
  return canary
}

/** An agent's egress config as written (before verify added its probe entry), with the fixture. */
function egressFor(
  egress: EgressFixture | undefined,
  plan: RunPlan,
  id: string
): { fixture: EgressFixture; config: EgressConfig } | undefined {
  const written = plan.agents.find((a) => a.id === id)?.egress
  return egress && written ? { fixture: egress, config: written } : undefined
}

/** The status, the report, and the second half of 14: the canary in anything written. */
async function conclude(
  scope: SandboxScope,
  plan: RunPlan,
  report: IsolationReport,
  canary: string,
  finish: (exitCode: number) => VerifyOutcome
): Promise<VerifyOutcome> {
  const order = (id: string) => plan.agents.findIndex((x) => x.id === id)
  report.agents.sort((a, b) => order(a.id) - order(b.id))
  report.status = report.agents.some((a) => a.results.some((r) => r.status === 'fail'))
    ? 'failed'
    : 'passed'
  const outcome = finish(report.status === 'failed' ? 1 : 0)
  // The container logs saved above, the reports.
  const leaked = await filesContaining(scope.outDir, canary)
  if (!leaked.length) return outcome
  const where = leaked.map((f) => f.slice(scope.outDir.length + 1)).join(', ')
  for (const a of report.agents) {
    const r = a.results.find((x) => x.id === 'canary')
    if (r) Object.assign(r, fail(`${CANARY_NAME} found in written files: ${where}`))
  }
  report.status = 'failed'
  // Never leave the secret in what gets uploaded.
  await redactTree(scope.outDir, (s) => scope.redactor.apply(s))
  return finish(1)
}

async function filesContaining(root: string, needle: string): Promise<string[]> {
  const hits: string[] = []
  for (const f of await listRegularFiles(root)) {
    const text = await readFile(f, 'latin1').catch(() => '')
    if (text.includes(needle)) hits.push(f)
  }
  return hits
}
