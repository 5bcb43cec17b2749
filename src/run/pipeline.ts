// The run pipeline both entry points share: config → plan → sandboxes → steps → reports, with
// cleanup on every path (normal end, crash, SIGINT/SIGTERM) and results.json on every path too:
// written at the start (status "running"), after every step, and at the end, so even a run killed
// with SIGKILL leaves a truthful record. Everything under the output directory goes through the
// redactor at the end (the one choke point for files).
import type { ImagePolicy } from '../config/defaults.js'
import { ignoredLines, warningLines } from '../config/notices.js'
import type { AgentPlan, RunPlan } from '../config/types.js'
import { describeSource, unsafeSummary, type Surface, type UnsafeClass } from '../config/unsafe.js'
import { describeError, isFatalInputError } from '../errors.js'
import type { Redactor } from '../report/redact.js'
import { emptyTotals, exitCodeFor } from '../report/totals.js'
import type { ImageResult, RunResults, StepResult, UnsafeSummary } from '../report/types.js'
import type { EnsuredImage, ImageSources } from '../runtime/docker/index.js'
import { writeReports, type WrittenReports } from '../report/write.js'
import { Run } from './orchestrate.js'
import { loadRunPlan } from './plan.js'
import type { Weakenings } from './compare/run.js'
import { withSandboxes } from './scope.js'
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
  /** Read the config from this git revision, not the work tree (config-ref). */
  configRef?: string
  /** Unsafe classes the invoker allows (config/unsafe.ts); the config cannot allow any. */
  allowUnsafe?: UnsafeClass[]
  /** The action refuses a local agent; the CLI warns (default: cli). */
  surface?: Surface
  /** `ca-certificates`: absolute PEM paths or `system`, trusted in every sandbox. */
  caCertificates?: string[]
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
  /** Test-only: compare defences switched off (never from a config, the action or the CLI). */
  weakenCompare?: Weakenings
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

export { newRunId } from './scope.js'

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
    error,
    configSource: opts.configRef
      ? { kind: 'revision', path: opts.configPath, ref: opts.configRef }
      : { kind: 'worktree', path: opts.configPath },
    unsafe: { allowed: opts.allowUnsafe ?? [], used: [] }
  }
}

export async function runPipeline(opts: PipelineOptions): Promise<PipelineOutcome> {
  return runScope(opts, (run) => run.execute())
}

/**
 * The scope every run lives in (`run` and `mcp`): plan, secrets, sandboxes made on demand, signals,
 * cleanup, final redaction (the lifecycle itself is withSandboxes'). `body` does the run's work with
 * the Run (its steps, or a live server).
 */
export function runScope(
  opts: PipelineOptions,
  body: (run: Run) => Promise<unknown>
): Promise<PipelineOutcome> {
  return withSandboxes(opts, async (scope) => {
    const { runId, outDir, redactor, log } = scope
    const write = (results: RunResults) => writeReports(outDir, results, redactor)
    log(`run ${runId}: results in ${outDir}`)

    let plan: RunPlan
    try {
      plan = await loadRunPlan(opts.configPath, opts)
    } catch (e) {
      if (!isFatalInputError(e)) throw e
      const results = failedBeforeStart(opts, runId, describeError(e))
      return { results, exitCode: e.exitCode, reports: write(results), redactor }
    }
    const unsafe = announcePlan(plan, log)
    for (const v of secretValues(plan)) {
      redactor.add(v)
      opts.onSecret?.(v)
    }
    opts.onStart?.(runId, plan)

    const runtimes = scope.runtimes({
      imagePolicy: opts.imagePolicy ?? 'auto',
      imageSources: opts.imageSources,
      // Called once containers start, when `run` exists; the next write records it.
      onImage: (r) => void (run.results.images ??= []).push(imageResult(r))
    })
    const run = new Run(plan, {
      runId,
      outDir,
      configLabel: opts.configPath,
      runtimeFor: (mode) => runtimes.for(mode),
      log,
      redactor,
      baseRef: opts.baseRef,
      weakenCompare: opts.weakenCompare,
      onOutput: opts.onOutput,
      onStep: (agent, step) => {
        write(run.results)
        // What the caller prints (the step line, a failed step's output tail) is redacted too.
        opts.onStep?.(agent, redactor.applyDeep(step))
      }
    })
    run.results.configSource = plan.source
    run.results.unsafe = unsafe
    write(run.results)
    // Sessions close before the runtimes clean up what is left of the run.
    scope.defer(() => run.closeAll())
    scope.onInterrupt((sig) => {
      run.fail(`interrupted by ${sig}`)
      write(run.results)
    })

    try {
      await body(run)
    } catch (e) {
      run.fail(describeError(e))
    } finally {
      await scope.close()
    }
    // What the caller renders (job summary, annotations, outputs) is as redacted as the files.
    const results = redactor.applyDeep(run.results)
    const reports = write(results)
    return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor }
  })
}

/** The config's warnings, where it came from and the unsafe settings the invoker allowed. */
function announcePlan(plan: RunPlan, log: (line: string) => void): UnsafeSummary {
  for (const line of [...warningLines(plan), ...ignoredLines(plan)]) log(line)
  log(`config: ${describeSource(plan.source)}`)
  const unsafe = unsafeSummary(plan)
  if (unsafe.allowed.length)
    log(
      `unsafe settings allowed by the invoker: ${unsafe.allowed.join(', ')}` +
        (unsafe.used.length
          ? ` (used: ${unsafe.used.map((u) => `${u.class} ${u.key}`).join('; ')})`
          : '')
    )
  return unsafe
}
