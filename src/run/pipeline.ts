// The run pipeline both entry points share: config → plan → sandboxes → steps → reports, with
// cleanup on every path (normal end, crash, SIGINT/SIGTERM) and results.json on every path too:
// written at the start (status "running"), after every step, and at the end, so even a run killed
// with SIGKILL leaves a truthful record. Everything under the output directory goes through the
// redactor at the end (the one choke point for files).
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import type { ImagePolicy } from '../config/defaults.js'
import { ignoredLines, warningLines } from '../config/notices.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { describeError, isFatalInputError } from '../errors.js'
import { redactTree } from '../report/files.js'
import { Redactor } from '../report/redact.js'
import { emptyTotals, exitCodeFor } from '../report/totals.js'
import type { ImageResult, RunResults, StepResult } from '../report/types.js'
import type { EnsuredImage, ImageSources } from '../runtime/docker/index.js'
import { writeReports, type WrittenReports } from '../report/write.js'
import { Run } from './orchestrate.js'
import { loadRunPlan } from './plan.js'
import { Runtimes } from './runtimes.js'
import { secretValues } from './secrets.js'

export interface PipelineOptions {
  configPath: string
  outDir: string
  workingDirectory?: string
  /** Run only these agent ids. */
  agents?: string[]
  imagePolicy?: ImagePolicy
  defaultTimeoutSec?: number
  /** Overrides `compare.base` of every compare step. */
  baseRef?: string
  runId?: string
  log: (line: string) => void
  /** Called once the run id is known and before any container exists (the action saves state). */
  onStart?: (runId: string, plan: RunPlan) => void
  /** Called with each secret value before anything runs (the action masks them). */
  onSecret?: (value: string) => void
  onStep?: (agent: AgentPlan, step: StepResult) => void
  /** Each line of a running step's output as it arrives, redacted (absent: not streamed). */
  onOutput?: (agent: AgentPlan, line: string) => void
  /** Install SIGINT/SIGTERM handlers that clean up, write results and exit (CLI and action). */
  handleSignals?: boolean
  /** Where image-policy auto may get our images before building them (the action's cache). */
  imageSources?: ImageSources
}

export interface PipelineOutcome {
  results: RunResults
  exitCode: number
  reports: WrittenReports
  plan?: RunPlan
  redactor: Redactor
}

function imageResult(r: EnsuredImage): ImageResult {
  return {
    image: r.image,
    id: r.id,
    reused: r.reused,
    built: r.built,
    ...(r.pulled ? { pulled: true } : {}),
    ...(r.restored ? { restored: r.restored, restoredFrom: r.restoredFrom } : {}),
    ...(r.savedAs ? { savedAs: r.savedAs } : {}),
    durationMs: r.ms
  }
}

export function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
}

/** results.json for a run that never started (bad config, unknown agent, no engine). */
function failedBeforeStart(opts: PipelineOptions, runId: string, error: string): RunResults {
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

export async function runPipeline(opts: PipelineOptions): Promise<PipelineOutcome> {
  const runId = opts.runId ?? newRunId()
  const outDir = resolve(opts.outDir)
  const redactor = new Redactor()
  const write = (results: RunResults) => writeReports(outDir, results, redactor)
  opts.log(`run ${runId}: results in ${outDir}`)

  let plan: RunPlan
  try {
    plan = await loadRunPlan(opts.configPath, opts)
  } catch (e) {
    if (!isFatalInputError(e)) throw e
    const results = failedBeforeStart(opts, runId, describeError(e))
    return { results, exitCode: 2, reports: write(results), redactor }
  }

  for (const line of [...warningLines(plan), ...ignoredLines(plan)]) opts.log(line)
  for (const v of secretValues(plan)) {
    redactor.add(v)
    opts.onSecret?.(v)
  }
  opts.onStart?.(runId, plan)

  const runtimes = new Runtimes({
    imagePolicy: opts.imagePolicy ?? 'auto',
    log: opts.log,
    imageSources: opts.imageSources,
    // Called once containers start, when `run` exists; the next write records it.
    onImage: (r) => void (run.results.images ??= []).push(imageResult(r))
  })
  const run = new Run(plan, {
    runId,
    outDir,
    configLabel: opts.configPath,
    runtimeFor: (mode) => runtimes.for(mode),
    log: opts.log,
    redactor,
    baseRef: opts.baseRef,
    onOutput: opts.onOutput,
    onStep: (agent, step) => {
      write(run.results)
      // What the caller prints (the step line, a failed step's output tail) is redacted too.
      opts.onStep?.(agent, redactor.applyDeep(step))
    }
  })
  write(run.results)

  const cleanup = async () => {
    await run.closeAll()
    await runtimes.cleanup(runId).catch((e: Error) => opts.log(`cleanup: ${e.message}`))
  }
  const onSignal = (sig: NodeJS.Signals) => {
    opts.log(`received ${sig}: stopping, cleaning up`)
    run.fail(`interrupted by ${sig}`)
    // Written at once (cleanup could hang), then again with what cleanup settled.
    write(run.results)
    void cleanup()
      .then(() => redactTree(outDir, (s) => redactor.apply(s)))
      .catch(() => undefined)
      .finally(() => {
        run.fail(`interrupted by ${sig}`)
        write(run.results)
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
    run.fail(describeError(e))
  } finally {
    await cleanup()
    if (opts.handleSignals) {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
  // What the caller renders (job summary, annotations, outputs) is as redacted as the files.
  const results = redactor.applyDeep(run.results)
  const reports = write(results)
  await redactTree(outDir, (s) => redactor.apply(s))
  return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor }
}
