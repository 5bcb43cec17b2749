// verify-isolation: starts every docker agent of a config through the real docker runtime (so each
// container is exactly what `run` creates), runs the probes against it, cleans up, then checks the
// cleanup and the engine's versions; srt agents go through the srt runtime and their own probes
// (srt.ts), no engine involved; isolation.json and the matrix cover both.
//
// Order: the agents' containers start in parallel; each agent runs its probes one after another
// (parallel phase, then disruptive phase, both with the agents in parallel), then the exclusive
// probes run one agent at a time (a fork bomb while another agent must keep working; CPU measured
// without the others' load). A config with one docker agent gets a throwaway second container from
// the same agent plan (its own empty workspace), so that probes 6 and 19 have someone to look at.
import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ImagePolicy } from '../config/defaults.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { unsafeSummary, type UnsafeClass } from '../config/unsafe.js'
import { describeError, isEnvironmentError, isFatalInputError } from '../errors.js'
import { listRegularFiles, redactTree } from '../report/files.js'
import { readJunit } from '../report/junit.js'
import { Redactor } from '../report/redact.js'
import { newRunId } from '../run/pipeline.js'
import { loadRunPlan, prepareWorkspace } from '../run/plan.js'
import { Runtimes } from '../run/runtimes.js'
import {
  checkRuntime,
  dockerDefaults,
  execTarget,
  harnessExec,
  HARNESS_PATH,
  type ContainerClient,
  type ImageSources,
  type RuntimeChoice
} from '../runtime/docker/index.js'
import type { AgentSession, Runtime } from '../runtime/types.js'
import { evaluateCves } from './cves.js'
import { startEgressFixture, type EgressFixture } from './egress.js'
import { fail } from './outcome.js'
import { throwawayPeerPlan } from './peer.js'
import { CLEANUP_PROBE, cleanupOutcome, leftoverContainers } from './probes/cleanup.js'
import {
  ENGINE_PROBE,
  engineFacts,
  engineOutcome,
  exposureOf,
  type EngineFacts
} from './probes/engine.js'
import { CONTAINER_PROBES } from './probes/index.js'
import { writeIsolationReport, type WrittenIsolation } from './report.js'
import { SRT_PROBE_LIST, verifySrtAgents } from './srt.js'
import type { SrtRuntimeOptions } from '../runtime/srt/index.js'
import { setUpHost, type HostSetup } from './host.js'
import { ensureOutputDir } from '../report/write.js'
import { NOBODY, parseUser } from '../lib/user.js'
import type {
  AgentIsolation,
  Collectors,
  IsolationReport,
  Peer,
  Probe,
  ProbeContext,
  ProbeOutcome,
  ProbePhase,
  ProbeResult
} from './types.js'

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
}

export interface VerifyOutcome {
  report: IsolationReport
  exitCode: number
  files: WrittenIsolation
}

export const PROBE_LIST = [
  ...CONTAINER_PROBES.map(({ id, number, title }) => ({ id, number, title })),
  CLEANUP_PROBE,
  ENGINE_PROBE
].sort((a, b) => a.number - b.number)

/** The rows of the matrix: the docker probes, the srt ones, or both (one row per id). */
export function probeList(
  docker: boolean,
  srt: boolean,
  only?: string[]
): { id: string; number: number; title: string }[] {
  const always = [CLEANUP_PROBE.id, ENGINE_PROBE.id]
  const rows = new Map<string, { id: string; number: number; title: string }>()
  for (const p of [...(docker ? PROBE_LIST : []), ...(srt ? SRT_PROBE_LIST : [])])
    if (!rows.has(p.id) && (!only || only.includes(p.id) || always.includes(p.id)))
      rows.set(p.id, p)
  return [...rows.values()].sort((a, b) => a.number - b.number || a.id.localeCompare(b.id))
}

interface Started {
  agent: AgentPlan
  session: AgentSession
  container: string
  result: AgentIsolation
  peerOf?: string
  scratch?: string
  ctx?: ProbeContext
}

export async function verifyIsolation(opts: VerifyOptions): Promise<VerifyOutcome> {
  const runId = opts.runId ?? newRunId()
  const outDir = resolve(opts.outDir)
  ensureOutputDir(outDir)
  const t0 = Date.now()
  const report: IsolationReport = {
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
  const finish = (exitCode: number): VerifyOutcome => {
    report.durationMs = Date.now() - t0
    return { report, exitCode, files: writeIsolationReport(outDir, report) }
  }

  let plan: RunPlan
  try {
    // A local agent is not started here (it is listed as not probed): no-sandbox does not apply.
    plan = await loadRunPlan(opts.configPath, { ...opts, surface: 'probe' })
  } catch (e) {
    if (!isFatalInputError(e)) throw e
    report.error = describeError(e)
    return finish(2)
  }
  report.configSource = plan.source
  const unsafe = unsafeSummary(plan)
  // Local agents are not started here: their no-sandbox is not in use.
  report.unsafe = { ...unsafe, used: unsafe.used.filter((u) => u.class !== 'no-sandbox') }
  const configured = plan.agents.filter((a) => a.mode === 'docker')
  const srtConfigured = plan.agents.filter((a) => a.mode === 'srt')
  report.notProbed = plan.agents
    .filter((a) => a.mode === 'local')
    .map((a) => ({
      id: a.id,
      reason:
        'runs locally (command_line_execution_mode is neither docker nor srt): there is no sandbox to verify'
    }))
  if (!configured.length && !srtConfigured.length) {
    report.error = 'the config has no docker or srt agent: there is no sandbox to verify'
    return finish(2)
  }
  report.probes = probeList(configured.length > 0, srtConfigured.length > 0, opts.probes)
  // Agents with egress get verify's probe names (resolved by their proxies only) added to their
  // list; the fixture is up before any sandbox, and the proxies resolve through it.
  const egress: EgressFixture | undefined = [...configured, ...srtConfigured].some((a) => a.egress)
    ? await startEgressFixture()
    : undefined
  const extended = (a: AgentPlan): AgentPlan =>
    a.egress && egress ? { ...a, egress: egress.extend(a.egress) } : a
  const agents = configured.map(extended)
  const srtAgents = srtConfigured.map(extended)
  const egressConfig = (id: string) =>
    [...configured, ...srtConfigured].find((a) => a.id === id)?.egress

  const redactor = new Redactor()
  const log = (line: string) => opts.log(redactor.apply(line))
  const runtimes = new Runtimes({
    imagePolicy: opts.imagePolicy ?? 'auto',
    log,
    dockerClient: opts.client,
    egressResolve: egress?.resolve,
    imageSources: opts.imageSources
  })
  let client: ContainerClient | undefined
  let facts: EngineFacts | undefined
  // srt agents need no engine: it is reached only for docker agents.
  if (agents.length) {
    try {
      const runtime = await runtimes.dockerRuntime()
      client = await runtime.client()
      facts = await engineFacts(client)
    } catch (e) {
      await egress?.close()
      report.error = isEnvironmentError(e)
        ? describeError(e)
        : `cannot reach the Docker engine: ${describeError(e)}`
      return finish(2)
    }
    report.engine = facts.info
  }

  // The canary goes into this process's environment before any container exists, as a runner
  // secret would be; it is removed again at the end.
  const canary = { name: CANARY_NAME, value: `canary-${randomBytes(16).toString('hex')}` }
  opts.onSecret?.(canary.value)
  const previousCanary = process.env[CANARY_NAME]
  process.env[CANARY_NAME] = canary.value
  redactor.add(canary.value)
  opts.onStart?.(runId)

  const runtime = runtimes.for('docker')
  const started: Started[] = []
  let host: HostSetup | undefined
  const throwawayDirs: string[] = []
  try {
    if (client && facts) {
      host = await setUpHost(opts.home ?? homedir(), await client.bridgeGateways().catch(() => []))
      const rctx = { runId, outDir, log }
      const starts = await Promise.allSettled(agents.map((a) => startAgent(runtime, a, rctx)))
      starts.forEach((s, i) => {
        const agent = agents[i]
        if (s.status === 'fulfilled') started.push(s.value)
        else {
          const message = redactor.apply((s.reason as Error).message)
          report.agents.push({
            id: agent.id,
            image: agent.docker?.image,
            error: message,
            results: []
          })
        }
      })
      const environmentFailure = starts.find(
        (s) => s.status === 'rejected' && isEnvironmentError(s.reason)
      )
      if (environmentFailure && !started.length) {
        report.error = (environmentFailure as PromiseRejectedResult).reason.message
        return finish(2)
      }
      for (const s of started) report.agents.push(s.result)
      report.agents.sort(
        (a, b) => agents.findIndex((x) => x.id === a.id) - agents.findIndex((x) => x.id === b.id)
      )

      const peers: Started[] = [...started]
      if (started.length === 1) {
        // 0755: the container's uid must reach the workspace the runner's user created.
        const plan = await throwawayPeerPlan(started[0].agent, 'massgen-isolation-peer-', 0o755)
        throwawayDirs.push(plan.workspace)
        try {
          peers.push({ ...(await startAgent(runtime, plan, rctx)), peerOf: started[0].agent.id })
        } catch (e) {
          log(
            `[${plan.id}] the throwaway peer did not start (${(e as Error).message}); probes 6 and 19 go without it`
          )
        }
      }
      const peerHandles = await Promise.all(peers.map((p) => markPeer(client, p)))

      const collectors: Collectors = {
        readJunit: async (path, ws) => readJunit(path, ws),
        listFiles: listRegularFiles,
        redactTree
      }
      // What the probes do is one step of the run as far as egress is concerned.
      for (const p of peers)
        p.session.beginStep?.({ index: 0, name: 'verify-isolation', egress: true })
      for (const s of started) {
        s.scratch = join(s.agent.workspace, `.massgen-isolation-${randomBytes(4).toString('hex')}`)
        await s.session.exec({
          command: `mkdir -p '${s.scratch}'`,
          cwd: s.agent.workspace,
          env: {},
          timeoutMs: 30_000,
          maxOutputBytes: 4096
        })
        const mine = { ...collectors, ...opts.collectors?.(s.agent) }
        s.ctx = probeContext(
          client,
          runId,
          s,
          peerHandles.filter((p) => p.id !== s.agent.id),
          host.fixture,
          canary,
          mine,
          facts,
          opts.expectRuntime,
          log
        )
        const written = egressConfig(s.agent.id)
        if (egress && written) s.ctx.egress = { fixture: egress, config: written }
        s.result.runtime = s.ctx.runtime.name
      }

      const selected = CONTAINER_PROBES.filter((p) => !opts.probes || opts.probes.includes(p.id))
      const runPhase = (s: Started, phase: ProbePhase) =>
        runProbes(
          s,
          selected.filter((p) => p.phase === phase),
          redactor,
          log
        )
      await Promise.all(started.map((s) => runPhase(s, 'parallel')))
      await Promise.all(started.map((s) => runPhase(s, 'disruptive')))
      for (const s of started) await runPhase(s, 'exclusive')

      for (const s of started) {
        await s.session
          .exec({
            command: `rm -rf '${s.scratch}'`,
            cwd: s.agent.workspace,
            env: {},
            timeoutMs: 30_000,
            maxOutputBytes: 4096
          })
          .catch(() => undefined)
        await s.session
          .saveLogs?.(join(outDir, s.agent.id))
          .catch((e: Error) => log(`[${s.agent.id}] could not save logs: ${e.message}`))
      }
    }
    if (srtAgents.length) {
      try {
        report.agents.push(
          ...(await verifySrtAgents(srtAgents, {
            runId,
            outDir,
            log,
            canary,
            runtime: { ...opts.srt, egressResolve: egress?.resolve ?? opts.srt?.egressResolve },
            home: opts.home,
            collectors: opts.collectors,
            probes: opts.probes,
            egress: egress && { fixture: egress, configOf: egressConfig }
          }))
        )
      } catch (e) {
        if (!isEnvironmentError(e)) throw e
        report.error = describeError(e)
        return finish(2)
      }
    }
  } finally {
    await Promise.allSettled(started.map((s) => s.session.close()))
    await runtimes.cleanup(runId).catch((e: Error) => log(`cleanup: ${e.message}`))
    await host?.close().catch(() => undefined)
    await egress?.close().catch(() => undefined)
    for (const d of throwawayDirs)
      await rm(d, { recursive: true, force: true }).catch(() => undefined)
    for (const s of started)
      if (s.scratch) await rm(s.scratch, { recursive: true, force: true }).catch(() => undefined)
    if (previousCanary === undefined) delete process.env[CANARY_NAME]
    else process.env[CANARY_NAME] = previousCanary
  }

  // 20: after cleanup. 21: per agent (its image and network decide the severity). srt agents
  // come back from verifySrtAgents complete.
  const left = client ? await leftoverContainers(client, runId) : []
  for (const a of report.agents) {
    const agent = agents.find((x) => x.id === a.id)
    if (!agent || !facts) continue
    if (a.error) {
      for (const p of report.probes.filter((x) => PROBE_LIST.some((y) => y.id === x.id)))
        a.results.push({
          id: p.id,
          number: p.number,
          status: 'fail',
          detail: `the container could not be started: ${a.error}`,
          durationMs: 0
        })
      continue
    }
    a.results.push(timed(CLEANUP_PROBE, cleanupOutcome(left, [a.id, `${a.id}-peer`]), 0))
    a.results.push(
      timed(
        ENGINE_PROBE,
        engineOutcome(evaluateCves(facts.components, exposureOf(agent, facts))),
        0
      )
    )
    a.results.sort((x, y) => x.number - y.number)
  }

  const order = (id: string) => plan.agents.findIndex((x) => x.id === id)
  report.agents.sort((a, b) => order(a.id) - order(b.id))
  report.status = report.agents.some((a) => a.results.some((r) => r.status === 'fail'))
    ? 'failed'
    : 'passed'
  let outcome = finish(report.status === 'failed' ? 1 : 0)
  // 14, second half: the canary in anything written (container logs saved above, the reports).
  const leaked = await filesContaining(outDir, canary.value)
  if (leaked.length) {
    for (const a of report.agents) {
      const r = a.results.find((x) => x.id === 'canary')
      if (r)
        Object.assign(
          r,
          fail(
            `${CANARY_NAME} found in written files: ${leaked.map((f) => f.slice(outDir.length + 1)).join(', ')}`
          )
        )
    }
    report.status = 'failed'
    // Never leave the secret in what gets uploaded.
    await redactTree(outDir, (s) => redactor.apply(s))
    outcome = finish(1)
  }
  return outcome
}

async function startAgent(
  runtime: Runtime,
  agent: AgentPlan,
  ctx: { runId: string; outDir: string; log: (l: string) => void }
): Promise<Started> {
  await prepareWorkspace(agent)
  // The runtime prefixes its own lines with the agent id (as in a run): no second prefix here.
  const session = await runtime.start(agent, ctx)
  return {
    agent,
    session,
    container: session.info.container!,
    result: {
      id: agent.id,
      container: session.info.container,
      image: session.info.image,
      results: []
    }
  }
}

/** A marker file in the peer's workspace and a marker process (as nobody) in its container. */
async function markPeer(client: ContainerClient, p: Started): Promise<Peer> {
  const markerFile = join(
    p.agent.workspace,
    `.massgen-isolation-peer-${randomBytes(6).toString('hex')}`
  )
  await writeFile(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 })
  const processTag = `86400.${randomBytes(4).readUInt32BE(0) % 1_000_000}`.padEnd(12, '1')
  const exec = await client.exec(p.container, {
    Cmd: ['/bin/sleep', processTag],
    User: NOBODY,
    Env: [`PATH=${HARNESS_PATH}`],
    AttachStdout: false,
    AttachStderr: false,
    Tty: false
  })
  // The response is a stream even when detached: drain it, or its socket holds the process open.
  const response = await exec.start({ detach: true })
  response?.resume?.()
  return {
    id: p.agent.id,
    plan: p.agent,
    session: p.session,
    container: p.container,
    markerFile,
    processTag,
    fromConfig: !p.peerOf
  }
}

function probeContext(
  client: ContainerClient,
  runId: string,
  s: Started,
  peers: Peer[],
  host: ProbeContext['host'],
  canary: ProbeContext['canary'],
  collectors: Collectors,
  facts: EngineFacts,
  expectRuntime: string | undefined,
  log: (l: string) => void
): ProbeContext {
  const config = s.agent.docker ?? dockerDefaults()
  // The container exists, so the engine took the runtime: the check only names it here.
  const check = checkRuntime(config, {
    Runtimes: facts.runtime.runtimes,
    DefaultRuntime: facts.runtime.defaultRuntime
  })
  const runtime: RuntimeChoice = check.ok
    ? check.runtime
    : { name: config.runtime ?? facts.runtime.defaultRuntime, gvisor: false }
  // Prefer the config's other agents as peers; a throwaway only when there is none.
  const ordered = [...peers.filter((p) => p.fromConfig), ...peers.filter((p) => !p.fromConfig)]
  return {
    client,
    inspect: () => client.inspectContainer(s.container),
    runId,
    agent: s.agent,
    config,
    runtime,
    engine: facts.runtime,
    expectRuntime,
    session: s.session,
    container: s.container,
    peers: ordered,
    host,
    canary,
    scratch: s.scratch!,
    collectors,
    uid: parseUser(String(s.session.info.limits?.user ?? config.user)).uid,
    agentExec: (script, o = {}) =>
      s.session.exec({
        command: script,
        cwd: s.agent.workspace,
        env: {},
        timeoutMs: o.timeoutMs ?? 30_000,
        maxOutputBytes: o.maxOutputBytes ?? 1024 * 1024
      }),
    rootExec: (cmd, timeoutMs) =>
      harnessExec(execTarget(client, s.container), {
        cmd,
        user: '0:0',
        maxOutputBytes: 1024 * 1024,
        timeoutMs
      }),
    log: (l) => log(`[${s.agent.id}] ${l}`)
  }
}

async function runProbes(
  s: Started,
  probes: Probe[],
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

function timed(
  p: { id: string; number: number },
  o: ProbeOutcome,
  durationMs: number
): ProbeResult {
  return { id: p.id, number: p.number, status: o.status, detail: o.detail, durationMs }
}

async function filesContaining(root: string, needle: string): Promise<string[]> {
  const hits: string[] = []
  for (const f of await listRegularFiles(root)) {
    const text = await readFile(f, 'latin1').catch(() => '')
    if (text.includes(needle)) hits.push(f)
  }
  return hits
}
