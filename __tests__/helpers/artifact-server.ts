// A loopback stand-in for the GitHub Actions results service and its Azure blob store, speaking
// exactly what the unmodified @actions/artifact 6.x client sends (Twirp JSON + Put Block / Put
// Block List), so tests exercise the real upload path end to end.
// Protocol notes: /work/shared/notes/github-actions-and-docker.md §2.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import yauzl from 'yauzl'

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/'
const BLOB_PREFIX = '/devstoreaccount1/actions-results/'
const MAX_BODY_BYTES = 64 * 1024 * 1024

export interface ReceivedArtifact {
  name: string
  id: string
  /** The committed blob (the zip), assembled from the blocks in block-list order. */
  bytes: Buffer
  finalized: boolean
  /** `expires_at` from CreateArtifact, present only when the client sent a retention. */
  retentionExpiresAt?: string
  mimeType?: string
  version?: number
}

export interface ArtifactServer {
  url: string
  token: string
  /** ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL for the client. */
  env: Record<string, string>
  /** By artifact name. */
  artifacts: Map<string, ReceivedArtifact>
  /** Protocol violations the server answered with an error (tests assert this stays empty). */
  violations: string[]
  /** Every request as "METHOD path" (Twirp method or blob comp), in arrival order. */
  requests: string[]
  close(): Promise<void>
}

export interface ArtifactServerOptions {
  /** Answer every CreateArtifact with this HTTP status and Twirp error message. */
  failCreate?: { status: number; msg: string }
  runBackendId?: string
  jobBackendId?: string
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * An unsecured JWT (RFC 7519 §6, alg none): the client only base64url-decodes the payload and
 * takes the backend ids from the `Actions.Results:<run>:<job>` scope.
 */
export function makeRuntimeToken(runBackendId: string, jobBackendId: string): string {
  const now = Math.floor(Date.now() / 1000)
  const payload = {
    scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
    iat: now,
    exp: now + 3600
  }
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`
}

/** Twirp error codes for the HTTP statuses a test might ask for. */
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

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

interface PendingUpload {
  artifactName: string
  sig: string
  blocks: Map<string, Buffer>
  committed?: Buffer
}

export async function startArtifactServer(
  opts: ArtifactServerOptions = {}
): Promise<ArtifactServer> {
  const runId = opts.runBackendId ?? 'run-backend-1'
  const jobId = opts.jobBackendId ?? 'job-backend-1'
  const token = makeRuntimeToken(runId, jobId)
  const artifacts = new Map<string, ReceivedArtifact>()
  const uploads = new Map<string, PendingUpload>()
  const violations: string[] = []
  const requests: string[] = []
  let nextId = 1
  let origin = ''

  const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text)
    })
    res.end(text)
  }

  /** Throws a 400 when the request's backend ids differ from the token's. */
  const checkIds = (body: Record<string, unknown>): void => {
    if (body.workflow_run_backend_id !== runId || body.workflow_job_run_backend_id !== jobId) {
      throw new HttpError(
        400,
        `backend ids ${String(body.workflow_run_backend_id)}/${String(body.workflow_job_run_backend_id)} do not match the token's ${runId}/${jobId}`
      )
    }
  }

  const createArtifact = (body: Record<string, unknown>): unknown => {
    if (opts.failCreate) throw new HttpError(opts.failCreate.status, opts.failCreate.msg)
    checkIds(body)
    const name = body.name
    if (typeof name !== 'string' || !name) throw new HttpError(400, 'name is required')
    if (typeof body.version !== 'number' || body.version < 4) {
      throw new HttpError(400, `unsupported artifact version ${String(body.version)}`)
    }
    const expires = body.expires_at
    if (expires !== undefined && (typeof expires !== 'string' || isNaN(Date.parse(expires)))) {
      throw new HttpError(400, `expires_at is not an RFC 3339 timestamp: ${String(expires)}`)
    }
    // Artifacts are immutable per run (v4+): a second upload under one name conflicts.
    if (artifacts.has(name)) throw new HttpError(409, `an artifact named ${name} already exists`)
    const id = String(nextId++)
    artifacts.set(name, {
      name,
      id,
      bytes: Buffer.alloc(0),
      finalized: false,
      ...(typeof expires === 'string' ? { retentionExpiresAt: expires } : {}),
      ...(typeof body.mime_type === 'string' ? { mimeType: body.mime_type } : {}),
      version: body.version
    })
    const uploadId = randomBytes(8).toString('hex')
    const sig = randomBytes(12).toString('hex')
    uploads.set(uploadId, { artifactName: name, sig, blocks: new Map() })
    // IP hosts need /<account>/<container>/<blob> or the Azure client refuses the URL.
    return {
      ok: true,
      signed_upload_url: `${origin}${BLOB_PREFIX}${uploadId}.zip?sv=2024-11-04&sig=${sig}`
    }
  }

  const finalizeArtifact = (body: Record<string, unknown>): unknown => {
    checkIds(body)
    const name = String(body.name)
    const artifact = artifacts.get(name)
    if (!artifact) throw new HttpError(404, `no artifact named ${name} was created`)
    if (artifact.finalized) throw new HttpError(409, `artifact ${name} is already finalized`)
    const upload = [...uploads.values()].find((u) => u.artifactName === name)
    if (!upload?.committed) throw new HttpError(400, `no block list was committed for ${name}`)
    const bytes = upload.committed
    if (body.size !== String(bytes.length)) {
      throw new HttpError(400, `size ${String(body.size)} but ${bytes.length} bytes were committed`)
    }
    const hash = `sha256:${createHash('sha256').update(bytes).digest('hex')}`
    if (body.hash !== hash) {
      throw new HttpError(400, `hash ${String(body.hash)} but the committed bytes are ${hash}`)
    }
    artifact.bytes = bytes
    artifact.finalized = true
    return { ok: true, artifact_id: artifact.id }
  }

  const handleTwirp = async (req: IncomingMessage, res: ServerResponse, method: string) => {
    if (req.method !== 'POST') throw new HttpError(405, 'Twirp needs POST')
    if (req.headers.authorization !== `Bearer ${token}`) {
      throw new HttpError(401, 'missing or wrong bearer token')
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      throw new HttpError(415, `content-type ${String(req.headers['content-type'])}`)
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>
    } catch (e) {
      if (e instanceof HttpError) throw e
      throw new HttpError(400, 'body is not JSON')
    }
    if (method === 'CreateArtifact') return sendJson(res, 200, createArtifact(body))
    if (method === 'FinalizeArtifact') return sendJson(res, 200, finalizeArtifact(body))
    throw new HttpError(404, `method ${method} is not emulated`)
  }

  const handleBlob = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const uploadId = url.pathname.slice(BLOB_PREFIX.length).replace(/\.zip$/, '')
    const upload = uploads.get(uploadId)
    const query = parseQuery(url.search)
    if (!upload || query.get('sig') !== upload.sig) throw new HttpError(403, 'bad blob URL or sig')
    if (req.method !== 'PUT') throw new HttpError(405, 'only Put Block and Put Block List')
    const body = await readBody(req)
    const comp = query.get('comp')
    if (comp === 'block') {
      const blockId = query.get('blockid')
      if (!blockId) throw new HttpError(400, 'blockid is required')
      upload.blocks.set(blockId, body)
    } else if (comp === 'blocklist') {
      const ids = [
        ...body.toString('utf8').matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)
      ].map((m) => m[2])
      const parts = ids.map((id) => {
        const block = upload.blocks.get(id)
        if (!block) throw new HttpError(400, `block list names unknown block ${id}`)
        return block
      })
      upload.committed = Buffer.concat(parts)
    } else {
      throw new HttpError(400, `unsupported comp=${String(comp)}`)
    }
    // The Azure client accepts only 201 for both operations.
    res.writeHead(201, { 'content-length': 0, 'x-ms-request-id': randomBytes(8).toString('hex') })
    res.end()
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const comp = parseQuery(url.search).get('comp')
    const label = url.pathname.startsWith(TWIRP_PREFIX)
      ? url.pathname.slice(TWIRP_PREFIX.length)
      : `blob${comp ? ` ${comp}` : ''}`
    requests.push(`${req.method} ${label}`)
    const route = url.pathname.startsWith(TWIRP_PREFIX)
      ? handleTwirp(req, res, url.pathname.slice(TWIRP_PREFIX.length))
      : url.pathname.startsWith(BLOB_PREFIX)
        ? handleBlob(req, res, url)
        : Promise.reject(new HttpError(404, `no route for ${url.pathname}`))
    route.catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500
      const msg = e instanceof Error ? e.message : String(e)
      if (!(opts.failCreate && msg === opts.failCreate.msg)) violations.push(msg)
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
    env: { ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: `${origin}/` },
    artifacts,
    violations,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        server.closeAllConnections()
      })
  }
}

/** The file entries of a zip (directories left out), by their path inside the archive. */
export async function unzipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, strictFileNames: true })
  const out = new Map<string, Buffer>()
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      out.set(entry.fileName, Buffer.concat(chunks))
    }
  } finally {
    zip.close()
  }
  return out
}
