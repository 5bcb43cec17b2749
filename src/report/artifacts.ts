// Uploads the run's output directory as one workflow artifact, after scrubbing secrets from it.
// Symlinks are never followed: a container can plant links in what it writes, and neither the
// upload nor the rewrite may reach files outside the tree.
import { DefaultArtifactClient } from '@actions/artifact'
import { createHash, randomBytes } from 'node:crypto'
import { constants, type Dirent } from 'node:fs'
import { open, readdir, rename, unlink } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

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
/** Strings longer than this cannot be held by V8; such files cannot be redacted in memory. */
const MAX_REDACT_BYTES = 256 * 1024 * 1024

/** Regular files under rootDir, recursively, without following symlinks (absolute paths). */
export async function listRegularFiles(rootDir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return // unreadable directory: nothing in it can be uploaded either
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const e of entries) {
      const path = join(dir, e.name)
      // Dirent types come from lstat semantics: a symlink is never isFile/isDirectory.
      if (e.isDirectory()) await walk(path)
      else if (e.isFile()) out.push(path)
    }
  }
  await walk(rootDir)
  return out
}

/** Opens a regular file without following a final symlink or blocking on a planted FIFO. */
async function openRegular(path: string, flags: number) {
  const fh = await open(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  const st = await fh.stat()
  if (!st.isFile()) {
    await fh.close()
    return undefined
  }
  return { fh, st }
}

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
 * Applies `redact` to every regular file under rootDir (symlinks neither followed nor touched)
 * and rewrites the files whose content changed; returns how many changed. UTF-8 text is
 * redacted as text. Anything else is matched byte for byte (latin1) so that binary files are
 * left exactly as they are unless they contain a secret, which is then overwritten all the same.
 * Throws when a file cannot be redacted, so the caller never uploads an unredacted tree.
 */
export async function redactTree(rootDir: string, redact: (s: string) => string): Promise<number> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let changed = 0
  for (const file of await listRegularFiles(resolve(rootDir))) {
    const opened = await openRegular(file, constants.O_RDONLY)
    if (!opened) continue
    let data: Buffer
    try {
      if (opened.st.size > MAX_REDACT_BYTES) {
        throw new Error(`${file} is too large to redact (${opened.st.size} bytes)`)
      }
      data = await opened.fh.readFile()
    } finally {
      await opened.fh.close()
    }
    let text: string | undefined
    let encoding: BufferEncoding = 'utf8'
    try {
      text = utf8.decode(data)
    } catch {
      encoding = 'latin1'
      text = data.toString('latin1')
    }
    const redacted = redact(text)
    if (redacted === text) continue
    await replaceFile(file, Buffer.from(redacted, encoding), opened.st.mode & 0o7777)
    changed++
  }
  return changed
}

/**
 * Writes a sibling temp file and renames it over the original: works for read-only files we may
 * not open for writing, and a symlink swapped in meanwhile is replaced rather than written through.
 */
async function replaceFile(path: string, data: Buffer, mode: number): Promise<void> {
  const tmp = join(dirname(path), `.redact-${randomBytes(6).toString('hex')}.tmp`)
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    await fh.writeFile(data)
    await fh.chmod(mode)
  } finally {
    await fh.close()
  }
  try {
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
}
