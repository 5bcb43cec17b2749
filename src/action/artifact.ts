// The output directory as one workflow artifact, for both modes of the action.
import * as core from '@actions/core'
import { randomBytes } from 'node:crypto'
import type { ActionInputs } from './inputs.js'
import { safeLine } from './log.js'

type UploadOutcome = { ok: true; id: number; url?: string } | { ok: false; error: string }

/**
 * Uploads the output directory as one artifact, redacted first when `redact` is given (and never
 * uploaded when redaction fails). `identity` makes the default name unique per mode and selection.
 */
export async function uploadArtifact(
  inputs: ActionInputs,
  identity: string[],
  redact?: (s: string) => string
): Promise<UploadOutcome> {
  const { uploadResults, defaultArtifactName, redactTree } = await import('../report/artifacts.js')
  try {
    // Runtime logs (container logs) were written by other code: redact the whole tree once more.
    if (redact) await redactTree(inputs.outputDir, redact)
  } catch (e) {
    // Never upload a tree that could not be redacted.
    const error = `could not redact ${inputs.outputDir}: ${(e as Error).message}`
    core.warning(`artifact not uploaded: ${error}`)
    return { ok: false as const, error }
  }
  const base =
    inputs.artifactName ??
    defaultArtifactName([...identity, ...(inputs.agents ?? []), inputs.workingDirectory])
  const upload = (name: string) =>
    uploadResults({
      name,
      rootDir: inputs.outputDir,
      retentionDays: inputs.retentionDays,
      log: (s) => core.info(safeLine(s))
    })
  let name = base
  let up = await upload(name)
  // Matrix legs that differ only in values the runner does not expose can pick the same default
  // name; the service then refuses the second. Retry once under a unique name.
  if (!up.ok && !inputs.artifactName && /already exists|conflict|409/i.test(up.error)) {
    name = `${base}-${randomBytes(3).toString('hex')}`
    up = await upload(name)
  }
  if (up.ok) core.info(`uploaded artifact ${name} (id ${up.id}, ${up.size} bytes)`)
  else core.warning(`artifact upload failed: ${up.error}; the files stay in ${inputs.outputDir}`)
  return up
}
