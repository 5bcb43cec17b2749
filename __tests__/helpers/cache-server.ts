// A loopback stand-in for the GitHub Actions cache service v2 and its Azure blob store, speaking
// exactly what the unmodified @actions/cache 6.x client sends: Twirp JSON calls to
// github.actions.results.api.v1.CacheService (CreateCacheEntry, FinalizeCacheEntryUpload,
// GetCacheEntryDownloadURL), Put Blob or Put Block + Put Block List to the signed upload URL (the
// Azure SDK, 64 MiB blocks above 128 MiB), and a plain GET of the signed download URL (the client
// uses its own HTTP client for hosts other than *.blob.core.windows.net). Blobs go to files, so
// image-sized entries (hundreds of MB) are never held in memory.
// The client picks v2 when ACTIONS_CACHE_SERVICE_V2 is set and GITHUB_SERVER_URL is github.com (or
// unset); it then needs ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN (ACTIONS_CACHE_URL is v1's).
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { makeRuntimeToken } from './artifact-server.js'

const SERVICE = 'github.actions.results.api.v1.CacheService'
const TWIRP_PREFIX = `/twirp/${SERVICE}/`
// IP hosts need /<account>/<container>/<blob> or the Azure client refuses the URL.
const BLOB_PREFIX = '/devstoreaccount1/actions-cache/'
const MAX_JSON_BYTES = 1024 * 1024
/** GitHub's per-entry limit is 10 GB; anything near it here is a runaway test. */
const MAX_BLOB_BYTES = 8 * 1024 * 1024 * 1024

export interface CacheEntry {
  id: number
  key: string
  version: string
  /** The committed blob (the client's tar.zst or tar.gz) on disk. */
  path?: string
  sizeBytes: number
  finalized: boolean
  createdAt: number
}

export interface CacheServer {
  url: string
  token: string
  /** ACTIONS_CACHE_SERVICE_V2, ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL for the client. */
  env: Record<string, string>
  /** Every entry created, finalized or not, in creation order. */
  entries: CacheEntry[]
  /** The finalized entry with this key (the newest, if several versions exist). */
  entry(key: string): CacheEntry | undefined
  /** Protocol violations the server answered with an error (tests assert this stays empty). */
  violations: string[]
  /** Every request as "METHOD label" (Twirp method, or blob put/block/blocklist/get), in order. */
  requests: string[]
  close(): Promise<void>
}

export interface CacheServerOptions {
  /** Answer every blob download with this HTTP status. */
  failDownload?: number
  /** Serve downloads with their bytes altered (same length), as a damaged store would. */
  corruptDownload?: boolean
  /** Answer this Twirp method with an HTTP status and Twirp error message. */
  failTwirp?: { method: string; status: number; msg: string }
}

function twirpCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'invalid_argument',
    401: 'unauthenticated',
    403: 'permission_denied',
    404: 'not_found',
    409: 'already_exists',
    412: 'failed_precondition',
    429: 'resource_exhausted',
    500: 'internal',
    503: 'unavailable'
  }
  return codes[status] ?? 'unknown'
}

/** Query parameters without URLSearchParams' `+`-as-space rule (block ids are base64). */
function parseQuery(search: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = eq < 0 ? pair : pair.slice(0, eq)
    const value = eq < 0 ? '' : pair.slice(eq + 1)
    out.set(decodeURIComponent(key), decodeURIComponent(value))
  }
  return out
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BYTES) throw new HttpError(413, 'request body too large')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
  } catch {
    throw new HttpError(400, 'body is not JSON')
  }
}

/** Streams a request body to a file; resolves with its size. */
async function bodyToFile(req: IncomingMessage, path: string): Promise<number> {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > MAX_BLOB_BYTES) done(new HttpError(413, 'blob too large'))
      else done(null, chunk)
    }
  })
  await pipeline(req, counter, createWriteStream(path))
  return size
}

interface PendingUpload {
  entry: CacheEntry
  sig: string
  blocks: Map<string, string>
  committed?: string
  committedSize?: number
}

export async function startCacheServer(opts: CacheServerOptions = {}): Promise<CacheServer> {
  const token = makeRuntimeToken('run-backend-1', 'job-backend-1')
  const dir = await mkdtemp(join(tmpdir(), 'cache-server-'))
  const entries: CacheEntry[] = []
  const uploads = new Map<string, PendingUpload>()
  const downloads = new Map<string, { entry: CacheEntry; sig: string }>()
  const violations: string[] = []
  const requests: string[] = []
  let nextId = 1
  let nextFile = 1
  let origin = ''

  const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text)
    })
    res.end(text)
  }

  const finalized = (key: string, version: string): CacheEntry | undefined =>
    entries
      .filter((e) => e.finalized && e.key === key && e.version === version)
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0]

  const requireString = (body: Record<string, unknown>, field: string): string => {
    const value = body[field]
    if (typeof value !== 'string' || !value) throw new HttpError(400, `${field} is required`)
    return value
  }

  const createEntry = (body: Record<string, unknown>): unknown => {
    const key = requireString(body, 'key')
    const version = requireString(body, 'version')
    // Entries are immutable: a second writer of the same key and version is refused.
    if (entries.some((e) => e.key === key && e.version === version)) {
      throw new HttpError(409, `cache entry ${key} (version ${version}) already exists`)
    }
    const entry: CacheEntry = {
      id: nextId++,
      key,
      version,
      sizeBytes: 0,
      finalized: false,
      createdAt: Date.now()
    }
    entries.push(entry)
    const uploadId = randomBytes(8).toString('hex')
    const sig = randomBytes(12).toString('hex')
    uploads.set(uploadId, { entry, sig, blocks: new Map() })
    return {
      ok: true,
      signed_upload_url: `${origin}${BLOB_PREFIX}${uploadId}?sv=2024-11-04&sr=b&sp=cw&sig=${sig}`
    }
  }

  const finalizeEntry = (body: Record<string, unknown>): unknown => {
    const key = requireString(body, 'key')
    const version = requireString(body, 'version')
    const upload = [...uploads.values()].find(
      (u) => u.entry.key === key && u.entry.version === version
    )
    if (!upload) throw new HttpError(404, `no cache entry ${key} (version ${version}) was created`)
    if (upload.entry.finalized) throw new HttpError(409, `cache entry ${key} is already finalized`)
    if (!upload.committed) throw new HttpError(400, `nothing was uploaded for ${key}`)
    if (body.size_bytes !== String(upload.committedSize)) {
      throw new HttpError(
        400,
        `size_bytes ${String(body.size_bytes)} but ${upload.committedSize} bytes were committed`
      )
    }
    upload.entry.path = upload.committed
    upload.entry.sizeBytes = upload.committedSize ?? 0
    upload.entry.finalized = true
    // int64 fields travel as JSON strings (protobuf JSON mapping).
    return { ok: true, entry_id: String(upload.entry.id) }
  }

  const downloadUrl = (body: Record<string, unknown>): unknown => {
    const key = requireString(body, 'key')
    const version = requireString(body, 'version')
    const restoreKeys = body.restore_keys ?? []
    if (!Array.isArray(restoreKeys) || restoreKeys.some((k) => typeof k !== 'string')) {
      throw new HttpError(400, 'restore_keys must be a list of strings')
    }
    // The primary key matches exactly; restore keys exactly, then as prefixes, newest first.
    let hit = finalized(key, version)
    for (const prefix of restoreKeys as string[]) {
      if (hit) break
      hit =
        finalized(prefix, version) ??
        entries
          .filter((e) => e.finalized && e.version === version && e.key.startsWith(prefix))
          .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0]
    }
    if (!hit) return { ok: false }
    const downloadId = randomBytes(8).toString('hex')
    const sig = randomBytes(12).toString('hex')
    downloads.set(downloadId, { entry: hit, sig })
    return {
      ok: true,
      signed_download_url: `${origin}${BLOB_PREFIX}${downloadId}?sv=2024-11-04&sr=b&sp=r&sig=${sig}`,
      matched_key: hit.key
    }
  }

  const handleTwirp = async (req: IncomingMessage, res: ServerResponse, method: string) => {
    if (req.method !== 'POST') throw new HttpError(405, 'Twirp needs POST')
    if (req.headers.authorization !== `Bearer ${token}`) {
      throw new HttpError(401, 'missing or wrong bearer token')
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      throw new HttpError(415, `content-type ${String(req.headers['content-type'])}`)
    }
    const body = await readJson(req)
    if (opts.failTwirp?.method === method) {
      throw new HttpError(opts.failTwirp.status, opts.failTwirp.msg)
    }
    if (method === 'CreateCacheEntry') return sendJson(res, 200, createEntry(body))
    if (method === 'FinalizeCacheEntryUpload') return sendJson(res, 200, finalizeEntry(body))
    if (method === 'GetCacheEntryDownloadURL') return sendJson(res, 200, downloadUrl(body))
    throw new HttpError(404, `method ${method} is not emulated`)
  }

  const concatFiles = async (parts: string[], target: string): Promise<number> => {
    const out = createWriteStream(target)
    let size = 0
    try {
      for (const part of parts) {
        size += (await stat(part)).size
        await pipeline(createReadStream(part), out, { end: false })
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve()))
      )
    }
    return size
  }

  const handleUpload = async (req: IncomingMessage, res: ServerResponse, upload: PendingUpload) => {
    if (req.method !== 'PUT') throw new HttpError(405, 'uploads are PUT')
    if (upload.entry.finalized) throw new HttpError(409, 'the entry is already finalized')
    const query = parseQuery(new URL(req.url ?? '/', origin).search)
    const comp = query.get('comp')
    if (comp === undefined) {
      // Put Blob: the whole archive in one request (archives up to 128 MiB).
      if (req.headers['x-ms-blob-type'] !== 'BlockBlob') {
        throw new HttpError(400, `Put Blob needs x-ms-blob-type BlockBlob`)
      }
      const path = join(dir, `blob-${nextFile++}`)
      upload.committedSize = await bodyToFile(req, path)
      upload.committed = path
    } else if (comp === 'block') {
      const blockId = query.get('blockid')
      if (!blockId) throw new HttpError(400, 'blockid is required')
      const path = join(dir, `block-${nextFile++}`)
      await bodyToFile(req, path)
      upload.blocks.set(blockId, path)
    } else if (comp === 'blocklist') {
      const chunks: Buffer[] = []
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk)
      const ids = [
        ...Buffer.concat(chunks)
          .toString('utf8')
          .matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)
      ].map((m) => m[2])
      const parts = ids.map((id) => {
        const block = upload.blocks.get(id)
        if (!block) throw new HttpError(400, `block list names unknown block ${id}`)
        return block
      })
      const path = join(dir, `blob-${nextFile++}`)
      upload.committedSize = await concatFiles(parts, path)
      upload.committed = path
      for (const part of parts) await rm(part, { force: true })
    } else {
      throw new HttpError(400, `unsupported comp=${comp}`)
    }
    // The Azure client accepts only 201 for all three operations.
    res.writeHead(201, { 'content-length': 0, 'x-ms-request-id': randomBytes(8).toString('hex') })
    res.end()
  }

  const handleDownload = async (
    req: IncomingMessage,
    res: ServerResponse,
    entry: CacheEntry
  ): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'downloads are GET')
    if (opts.failDownload) {
      res.writeHead(opts.failDownload, { 'content-type': 'text/plain' })
      res.end('injected download failure')
      return
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': entry.sizeBytes
    })
    if (req.method === 'HEAD') return void res.end()
    const source = createReadStream(entry.path!)
    if (!opts.corruptDownload) return pipeline(source, res)
    let offset = 0
    const damage = new Transform({
      transform(chunk: Buffer, _enc, done) {
        const copy = Buffer.from(chunk)
        // Every 4 KiB past the first 512 bytes: headers parse, contents do not.
        for (let i = 0; i < copy.length; i++) if ((offset + i) % 4096 === 600) copy[i] ^= 0xff
        offset += copy.length
        done(null, copy)
      }
    })
    return pipeline(source, damage, res)
  }

  const handleBlob = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const id = url.pathname.slice(BLOB_PREFIX.length)
    const sig = parseQuery(url.search).get('sig')
    const upload = uploads.get(id)
    if (upload) {
      if (sig !== upload.sig) throw new HttpError(403, 'bad upload sig')
      return handleUpload(req, res, upload)
    }
    const download = downloads.get(id)
    if (download) {
      if (sig !== download.sig) throw new HttpError(403, 'bad download sig')
      return handleDownload(req, res, download.entry)
    }
    throw new HttpError(403, 'unknown blob URL')
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const comp = parseQuery(url.search).get('comp')
    const label = url.pathname.startsWith(TWIRP_PREFIX)
      ? url.pathname.slice(TWIRP_PREFIX.length)
      : req.method === 'PUT'
        ? `blob ${comp ?? 'put'}`
        : 'blob'
    requests.push(`${req.method} ${label}`)
    const route = url.pathname.startsWith(TWIRP_PREFIX)
      ? handleTwirp(req, res, url.pathname.slice(TWIRP_PREFIX.length))
      : url.pathname.startsWith(BLOB_PREFIX)
        ? handleBlob(req, res, url)
        : Promise.reject(new HttpError(404, `no route for ${url.pathname}`))
    route.catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500
      const msg = e instanceof Error ? e.message : String(e)
      if (msg !== opts.failTwirp?.msg) violations.push(msg)
      if (res.headersSent) return res.destroy()
      // Always JSON: a non-JSON body makes the Twirp client retry for tens of seconds.
      sendJson(res, status, { code: twirpCode(status), msg })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/`,
    token,
    env: {
      ACTIONS_CACHE_SERVICE_V2: 'true',
      ACTIONS_RUNTIME_TOKEN: token,
      ACTIONS_RESULTS_URL: `${origin}/`
    },
    entries,
    entry: (key) =>
      entries
        .filter((e) => e.finalized && e.key === key)
        .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0],
    violations,
    requests,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        server.closeAllConnections()
      })
      await rm(dir, { recursive: true, force: true })
    }
  }
}
