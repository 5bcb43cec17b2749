// The action's main step: inputs → engine → reports, outputs, annotations, artifact.
import * as core from '@actions/core'
import { describeError, exitCodeOf, isFatalInputError } from '../errors.js'
import { compareOutputs, notCaughtMessage, verdictAnnotations } from '../report/compare.js'
import { egressAnnotations } from '../report/egress.js'
import { renderJobSummary } from '../report/job-summary.js'
import { stepLine } from '../report/markdown.js'
import { failingTotals } from '../report/totals.js'
import type { RunResults } from '../report/types.js'
import { runPipeline, type PipelineOutcome } from '../run/pipeline.js'
import { uploadArtifact } from './artifact.js'
import { engineOptions } from './engine-options.js'
import { getInputs, type ActionInputs } from './inputs.js'
import { failedLike, outputTail } from '../report/output-tail.js'
import { printUntrusted, safeLine } from './log.js'

export async function run(): Promise<void> {
  try {
    const inputs = getInputs()
    if (inputs.mode === 'verify-isolation') {
      const { runVerifyIsolationAction } = await import('./verify-isolation.js')
      await runVerifyIsolationAction(inputs)
      return
    }
    if (inputs.mode === 'serve') {
      const { startServer } = await import('./serve.js')
      await startServer(inputs)
      return
    }
    await runCommands(inputs)
  } catch (e) {
    core.setFailed(isFatalInputError(e) ? describeError(e) : ((e as Error).stack ?? String(e)))
    // Bad input and an unusable machine exit 2, as the CLI does (setFailed says 1).
    process.exitCode = exitCodeOf(e) ?? 1
  }
}

async function runCommands(inputs: ActionInputs): Promise<void> {
  const outcome = await runPipeline({
    ...engineOptions(inputs),
    defaultTimeoutSec: inputs.timeoutSec,
    baseRef: inputs.baseRef,
    surface: 'action',
    caCertificates: inputs.caCertificates,
    onStep: (agent, s) => {
      core.info(safeLine(`[${agent.id}] ${stepLine(s)}`))
      if (failedLike(s))
        for (const l of outputTail(s)) core.info(safeLine(`[${agent.id}]     ${l}`))
    },
    onOutput: inputs.quiet
      ? undefined
      : (agent, line) => core.info(safeLine(`[${agent.id}] ${line}`))
  })
  await report(inputs, outcome)
}

export async function report(inputs: ActionInputs, outcome: PipelineOutcome): Promise<void> {
  const r = outcome.results
  logGroups(r)
  annotate(r)

  let artifactId = ''
  let artifactUrl = ''
  if (inputs.uploadArtifacts) {
    const up = await uploadArtifact(inputs, [inputs.config])
    if (up.ok) {
      artifactId = String(up.id)
      artifactUrl = up.url ?? ''
    }
  }

  try {
    await core.summary.addRaw(renderJobSummary(r, artifactUrl || undefined)).write()
  } catch (e) {
    core.warning(`could not write the job summary: ${(e as Error).message}`)
  }

  const t = r.totals
  core.setOutput('status', r.status)
  core.setOutput('results', outcome.reports.resultsFile)
  core.setOutput('passed', t.passed)
  core.setOutput('failed', t.failed)
  core.setOutput('blocked', t.blocked)
  core.setOutput('timed-out', t.timedOut)
  core.setOutput('artifact-id', artifactId)
  core.setOutput('artifact-url', artifactUrl)
  const compared = compareOutputs(r)
  core.setOutput('verdict', compared.verdict)
  core.setOutput('fail-to-pass', compared.failToPass)

  const verdict = failureMessage(r, inputs.failOn)
  if (verdict) core.setFailed(verdict)
}

/** Why the step fails under `fail-on`, or undefined. Errors (config, engine) always fail. */
export function failureMessage(r: RunResults, failOn: ActionInputs['failOn']): string | undefined {
  if (r.status === 'error')
    return `massgen-exec: ${r.error ?? 'a run error occurred (see the log)'}`
  if (failOn === 'not-caught') {
    const why = notCaughtMessage(r)
    if (why) return why
  }
  if (failOn === 'never' || r.status === 'passed') return undefined
  // Only the steps that fail the run: an allow_failure step is reported, never counted here.
  const t = failingTotals(r)
  if (failOn === 'blocked' && t.blocked === 0) return undefined
  const allowed = r.agents
    .flatMap((a) => a.commands)
    .filter((s) => s.allowFailure && s.status !== 'passed' && s.status !== 'skipped').length
  const also = allowed > 0 ? ` (and ${allowed} allowed to fail, not counted)` : ''
  return `massgen-exec: ${t.failed} failed, ${t.blocked} blocked, ${t.timedOut} timed out, ${t.oom} out of memory, ${t.errored} errors${also}`
}

function logGroups(r: RunResults): void {
  for (const a of r.agents) {
    core.startGroup(safeLine(`${a.id}: ${a.status} (${a.mode}${a.image ? `, ${a.image}` : ''})`))
    if (a.error) core.info(safeLine(`error: ${a.error}`))
    for (const s of a.commands) {
      core.info(safeLine(stepLine(s)))
      if (s.status !== 'passed' && s.status !== 'skipped') {
        printUntrusted([s.stdout, s.stderr].filter(Boolean).join('\n').slice(-8000))
      }
    }
    core.endGroup()
  }
}

function annotate(r: RunResults): void {
  for (const a of r.agents) {
    if (a.error) core.error(a.error, { title: `massgen-exec: agent ${a.id}` })
    for (const s of a.commands) {
      const what =
        s.status === 'blocked'
          ? `blocked: ${s.rule ?? 'policy'}`
          : s.status === 'failed'
            ? `failed: exit ${s.exitCode}`
            : s.status === 'timeout' || s.status === 'oom' || s.status === 'error'
              ? s.status
              : ''
      if (!what || s.allowFailure) continue
      const label = s.name ?? s.command.split('\n')[0].slice(0, 100)
      core.error(`${what} — ${label}${s.reason ? ` (${s.reason})` : ''}`, {
        title: `massgen-exec: ${a.id} step ${s.index + 1}`
      })
    }
  }
  // Whatever fail-on says: a verdict that is not catches-change (error is annotated above).
  for (const { title, message } of verdictAnnotations(r)) core.error(message, { title })
  // A refusal is the allowlist working, not a failure: a warning, naming the step.
  for (const { title, message } of egressAnnotations(r)) core.warning(message, { title })
}
