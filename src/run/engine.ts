// The engine both entry points share: config → run → reports, with cleanup on every path
// (normal end, crash, SIGINT/SIGTERM) and results.json written on every path too.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { ConfigError } from '../config/errors.js'
import { loadConfig } from '../config/load.js'
import type { RunPlan } from '../config/types.js'
import { Redactor } from '../report/redact.js'
import { emptyTotals, exitCodeFor } from '../report/totals.js'
import type { RunResults, StepResult } from '../report/types.js'
import { writeReports, type WrittenReports } from '../report/write.js'
import { createLocalRuntime } from '../runtime/local/executor.js'
import { EnvironmentError, type Runtime } from '../runtime/types.js'
import type { AgentPlan } from '../config/types.js'
import { Run } from './orchestrate.js'
import { secretValues } from './secrets.js'

export type ImagePolicy = 'auto' | 'build' | 'pull' | 'never'

export interface EngineOptions {
  configPath: string
  outDir: string
  workingDirectory?: string
  /** Run only these agent ids. */
  agents?: string[]
  imagePolicy?: ImagePolicy
  defaultTimeoutSec?: number
  runId?: string
  log: (line: string) => void
  /** Called once the run id is known and before any container exists (the action saves state). */
  onStart?: (runId: string, plan: RunPlan) => void
  /** Called with each secret value before anything runs (the action masks them). */
  onSecret?: (value: string) => void
  onStep?: (agent: AgentPlan, step: StepResult) => void
  /** Install SIGINT/SIGTERM handlers that clean up, write results and exit (CLI and action). */
  handleSignals?: boolean
}

export interface EngineOutcome {
  results: RunResults
  exitCode: number
  reports: WrittenReports
  plan?: RunPlan
  redactor: Redactor
}

export function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
}

/** results.json for a run that never started (bad config, unknown agent). */
function failedBeforeStart(opts: EngineOptions, runId: string, error: string): RunResults {
  return {
    version: 1,
    status: 'error',
    runId,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    config: opts.configPath,
    totals: emptyTotals(),
    agents: [],
    error
  }
}

export class UsageError extends Error {}

export async function runEngine(opts: EngineOptions): Promise<EngineOutcome> {
  const runId = opts.runId ?? newRunId()
  const outDir = resolve(opts.outDir)
  const redactor = new Redactor()
  const bail = (error: string): EngineOutcome => {
    const results = failedBeforeStart(opts, runId, error)
    return { results, exitCode: 2, reports: writeReports(outDir, results), redactor }
  }

  let plan: RunPlan
  try {
    plan = await loadConfig(opts.configPath, {
      workingDirectory: opts.workingDirectory,
      defaultTimeoutSec: opts.defaultTimeoutSec
    })
    plan = selectAgents(plan, opts.agents)
  } catch (e) {
    if (e instanceof ConfigError || e instanceof UsageError) return bail(e.message)
    throw e
  }

  for (const v of secretValues(plan)) {
    redactor.add(v)
    opts.onSecret?.(v)
  }
  opts.onStart?.(runId, plan)

  let docker: Runtime | undefined
  let srt: Runtime | undefined
  const local = createLocalRuntime()
  const runtimeFor = (mode: AgentPlan['mode']): Runtime => {
    if (mode === 'local') return local
    if (mode === 'srt') return (srt ??= lazySrt())
    if (!docker) docker = lazyDocker(opts)
    return docker
  }
  const run = new Run(plan, {
    runId,
    outDir,
    configLabel: opts.configPath,
    runtimeFor,
    log: opts.log,
    redactor,
    onStep: opts.onStep
  })

  const cleanup = async () => {
    await run.closeAll()
    await docker?.cleanup?.(runId).catch((e: Error) => opts.log(`cleanup: ${e.message}`))
  }
  const onSignal = (sig: NodeJS.Signals) => {
    opts.log(`received ${sig}: stopping, cleaning up`)
    run.fail(`interrupted by ${sig}`)
    // Written at once (cleanup could hang), then again with what cleanup settled.
    writeReports(outDir, run.results)
    void cleanup().finally(() => {
      run.fail(`interrupted by ${sig}`)
      writeReports(outDir, run.results)
      process.exit(exitCodeFor('error'))
    })
  }
  if (opts.handleSignals) {
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
  }

  try {
    await run.execute()
  } catch (e) {
    run.fail((e as Error).message)
  } finally {
    await cleanup()
    if (opts.handleSignals) {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
  const results = run.results
  return {
    results,
    exitCode: exitCodeFor(results.status),
    reports: writeReports(outDir, results),
    plan,
    redactor
  }
}

function selectAgents(plan: RunPlan, ids?: string[]): RunPlan {
  if (!ids || ids.length === 0) return plan
  const known = plan.agents.map((a) => a.id)
  const unknown = ids.filter((id) => !known.includes(id))
  if (unknown.length) {
    throw new UsageError(
      `unknown agent(s): ${unknown.join(', ')} (the config has: ${known.join(', ')})`
    )
  }
  return { ...plan, agents: plan.agents.filter((a) => ids.includes(a.id)) }
}

/** srt mode's runtime (and sandbox-runtime with it) is loaded only when an agent uses it. */
function lazySrt(): Runtime {
  const real = import('../runtime/srt/index.js').then((m) => m.createSrtRuntime())
  return { start: async (agent, ctx) => (await real).start(agent, ctx) }
}

/** The Docker runtime is loaded on first use, so local-only runs never touch the engine. */
function lazyDocker(opts: EngineOptions): Runtime {
  let real: Promise<Runtime> | undefined
  const get = () =>
    (real ??= import('../runtime/docker/index.js').then((m) =>
      m.createDockerRuntime({ imagePolicy: opts.imagePolicy ?? 'auto', log: opts.log })
    ))
  return {
    start: async (agent, ctx) => (await get()).start(agent, ctx),
    cleanup: async (runId) => {
      if (real) await (await real).cleanup?.(runId)
    }
  }
}

export { EnvironmentError }
