// The action's `mode: verify-isolation`: runs the probes, writes the probe × agent matrix into the
// job summary, sets the outputs, uploads the output directory, and fails the step on any `fail`.
import * as core from '@actions/core'
import { headline, renderIsolationHtml, verifyIsolation } from '../isolation/index.js'
import { escapeHtml } from '../report/job-summary.js'
import { uploadArtifact } from './artifact.js'
import { engineOptions } from './engine-options.js'
import type { ActionInputs } from './inputs.js'
import { safeLine } from './log.js'

export async function runVerifyIsolationAction(inputs: ActionInputs): Promise<void> {
  const outcome = await verifyIsolation({
    ...engineOptions(inputs),
    expectRuntime: inputs.expectRuntime
  })
  const r = outcome.report

  for (const a of r.agents) {
    if (a.error) {
      core.error(safeLine(`the container could not be started: ${a.error}`), {
        title: `verify-isolation: ${a.id}`
      })
      continue
    }
    for (const p of a.results.filter((x) => x.status === 'fail'))
      core.error(safeLine(`${p.number} ${p.id}: ${p.detail}`), {
        title: `verify-isolation: ${a.id}`
      })
  }

  let artifactId = ''
  let artifactUrl = ''
  if (inputs.uploadArtifacts) {
    // verifyIsolation already redacted the canary wherever it leaked; nothing else to hide.
    const up = await uploadArtifact(inputs, [inputs.config, 'verify-isolation'])
    if (up.ok) {
      artifactId = String(up.id)
      artifactUrl = up.url ?? ''
    }
  }

  try {
    const link = artifactUrl
      ? `<p><a href="${escapeHtml(artifactUrl)}">results artifact</a></p>\n`
      : ''
    await core.summary.addRaw(renderIsolationHtml(r) + link).write()
  } catch (e) {
    core.warning(`could not write the job summary: ${(e as Error).message}`)
  }

  core.setOutput('status', r.status)
  core.setOutput('results', outcome.files.resultsFile)
  core.setOutput('artifact-id', artifactId)
  core.setOutput('artifact-url', artifactUrl)

  if (r.status === 'error')
    core.setFailed(`massgen-exec verify-isolation: ${r.error ?? 'error (see the log)'}`)
  else if (r.status === 'failed') core.setFailed(`massgen-exec verify-isolation: ${headline(r)}`)
  else core.info(`verify-isolation passed: ${headline(r)}`)
}
