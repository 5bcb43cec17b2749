// The output directory as one workflow artifact, for both modes of the action, through
// @actions/artifact (only the action imports this: the CLI bundle carries no artifact client).
// The run has redacted the tree already (src/run/pipeline.ts); symlinks in it are never followed.
import { DefaultArtifactClient } from '@actions/artifact'
import * as core from '@actions/core'
import { createHash, randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { resolve } from 'node:path'
import { listRegularFiles, openRegular } from '../report/files.js'
import type { ActionInputs } from './inputs.js'
import { safeLine } from './log.js'

export type UploadOutcome =
  { ok: true; id: number; size: number; url?: string; files: number } | { ok: false; error: string }

export interface UploadOptions {
  name: string
  rootDir: string
  retentionDays?: number
  log: (s: string) => void
}

/** Files the artifact service rejects by path (NTFS-hostile characters). */
const INVALID_PATH_CHARS = /[":<>|*?\r\n]/

export async function uploadResults(opts: UploadOptions): Promise<UploadOutcome> {
  const root = resolve(opts.rootDir)
  const files: string[] = []
  let bytes = 0
  for (const file of await listRegularFiles(root)) {
    const rel = file.slice(root.length + 1)
    if (INVALID_PATH_CHARS.test(rel)) {
      opts.log(`artifact: skipping ${JSON.stringify(rel)} (name not allowed in artifacts)`)
      continue
    }
    // The client's zip stream throws from an event handler on a read error (uncatchable), so
    // anything we cannot open for reading stays out.
    try {
      const opened = await openRegular(file, constants.O_RDONLY)
      if (!opened) continue
      bytes += opened.st.size
      await opened.fh.close()
      files.push(file)
    } catch (e) {
      opts.log(`artifact: skipping ${rel}: ${(e as Error).message}`)
    }
  }
  if (files.length === 0) return { ok: false, error: `no files to upload under ${root}` }

  opts.log(`artifact: uploading ${files.length} file(s), ${bytes} bytes, as ${opts.name}`)
  try {
    const client = new DefaultArtifactClient()
    const res = await client.uploadArtifact(
      opts.name,
      files,
      root,
      opts.retentionDays !== undefined ? { retentionDays: opts.retentionDays } : {}
    )
    if (res.id === undefined) return { ok: false, error: 'the artifact service returned no id' }
    const url = artifactUrl(res.id)
    opts.log(`artifact: ${opts.name} uploaded (id ${res.id}, ${res.size ?? 0} bytes zipped)`)
    return {
      ok: true,
      id: res.id,
      size: res.size ?? 0,
      files: files.length,
      ...(url ? { url } : {})
    }
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) }
  }
}

function artifactUrl(id: number, env = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env
  if (!server || !repo || !run) return undefined
  return `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${run}/artifacts/${id}`
}

/**
 * Unique per job, attempt and caller identity. GITHUB_JOB is the same for every matrix leg and
 * the runner exposes no matrix values in env, so the caller passes what tells legs apart (config
 * path, agent filter, matrix JSON, strategy.job-index…); it is hashed into the name.
 */
export function defaultArtifactName(identity: string[], env = process.env): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '-')
  const job = clean(env.GITHUB_JOB || 'local')
  const attempt = clean(env.GITHUB_RUN_ATTEMPT || '1')
  const base = `massgen-results-${job}-${attempt}`
  const parts = identity.filter((s) => s !== '')
  if (parts.length === 0) return base
  // JSON keeps ["a b"] and ["a", "b"] apart.
  const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 10)
  return `${base}-${hash}`
}

/**
 * Uploads the output directory as one artifact. `identity` makes the default name unique per mode
 * and selection.
 */
export async function uploadArtifact(
  inputs: ActionInputs,
  identity: string[]
): Promise<UploadOutcome> {
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
