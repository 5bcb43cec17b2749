// An image as one compressed file, so a fresh engine (every GitHub-hosted job) can get it from a
// cache instead of building it: `docker save` through the engine API into zstd (when this Node has
// it) or gzip, and back with `docker load`. Everything streams: the image (hundreds of MB) is
// never held in memory. A damaged or unreadable archive is an ImageArchiveError, which callers
// treat as a cache miss (build instead) — never as a reason to fail a run.
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PassThrough, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as zlib from 'node:zlib'
import {
  EngineError,
  errorMessage,
  ImageArchiveError,
  isImageArchiveError,
  type ArchiveFailure
} from '../../errors.js'
import type { ContainerClient } from './container-client.js'
import { followProgress, ProgressReporter } from './progress.js'

export type ArchiveCompression = 'zstd' | 'gzip' | 'none'

export { ImageArchiveError, isImageArchiveError, type ArchiveFailure }

// zlib gained zstd in Node 22.15/23.8; the action runs on node24, the CLI may run on Node 20.
type ZstdFactory = (opts?: object) => Transform
const zstd = zlib as unknown as {
  createZstdCompress?: ZstdFactory
  createZstdDecompress?: ZstdFactory
  constants: Record<string, number>
}

export function nodeHasZstd(): boolean {
  return (
    typeof zstd.createZstdCompress === 'function' && typeof zstd.createZstdDecompress === 'function'
  )
}

/** zstd where this Node has it (smaller and 2–3× faster both ways than gzip here), else gzip. */
export function defaultCompression(): ArchiveCompression {
  return nodeHasZstd() ? 'zstd' : 'gzip'
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd])

/** What an archive's first bytes say it is; `undefined` when it is none of ours. */
export function detectCompression(head: Buffer): ArchiveCompression | undefined {
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'gzip'
  if (head.subarray(0, 4).equals(ZSTD_MAGIC)) return 'zstd'
  // A tar's first header has "ustar" at offset 257 (POSIX and GNU both).
  if (head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'none'
  return undefined
}

function compressor(compression: ArchiveCompression, level?: number): Transform | undefined {
  if (compression === 'none') return undefined
  if (compression === 'gzip') return zlib.createGzip({ level: level ?? 1 })
  if (!nodeHasZstd())
    throw new Error(`this Node (${process.version}) has no zstd; use gzip or none`)
  const params: Record<number, number> = {}
  const levelParam = zstd.constants.ZSTD_c_compressionLevel
  if (levelParam !== undefined) params[levelParam] = level ?? 3
  return zstd.createZstdCompress!({ params })
}

function decompressor(compression: ArchiveCompression): Transform | undefined {
  if (compression === 'none') return undefined
  if (compression === 'gzip') return zlib.createGunzip()
  return zstd.createZstdDecompress!()
}

function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length
      done(null, chunk)
    }
  }) as Transform & { bytes: number }
  t.bytes = 0
  return t
}

export interface SaveOptions {
  compression?: ArchiveCompression
  /** gzip 1–9 (default 1: the archive is mostly already-compressed binaries), zstd 1–19 (3). */
  level?: number
}

export interface SavedArchive {
  file: string
  compression: ArchiveCompression
  /** The image's id, as the engine had it when saving. */
  id: string
  /** Size of the file written. */
  bytes: number
  /** Size of the uncompressed `docker save` tar. */
  tarBytes: number
  ms: number
}

/**
 * Writes `image` (with its tag, so a load restores the name; by id, no name) to `file`, or
 * several images into one archive (their shared layers once; `id` is the first one's). The file
 * appears whole or not at all: it is written beside and renamed.
 */
export async function saveImageArchive(
  client: ContainerClient,
  images: string | readonly string[],
  file: string,
  opts: SaveOptions = {}
): Promise<SavedArchive> {
  const started = performance.now()
  const compression = opts.compression ?? defaultCompression()
  const refs = typeof images === 'string' ? [images] : [...images]
  const image = refs.join(', ')
  const ids: string[] = []
  for (const ref of refs) {
    try {
      const found = await client.inspectImage(ref)
      if (!found)
        throw new ImageArchiveError(
          `cannot save image ${ref}: it is not present on the engine`,
          'missing-image',
          file
        )
      ids.push(found.Id)
    } catch (err) {
      if (err instanceof ImageArchiveError) throw err
      throw new ImageArchiveError(`cannot save image ${ref}: ${errorMessage(err)}`, 'engine', file)
    }
  }
  const id = ids[0]
  const partial = `${file}.partial-${process.pid}-${randomBytes(4).toString('hex')}`
  const raw = counter()
  try {
    await mkdir(dirname(file), { recursive: true })
    const source = await client.saveImage(refs.length === 1 ? refs[0] : refs)
    const stages: NodeJS.ReadWriteStream[] = [raw]
    const packer = compressor(compression, opts.level)
    if (packer) stages.push(packer)
    await pipeline([source, ...stages, createWriteStream(partial)])
    await rename(partial, file)
  } catch (err) {
    await unlink(partial).catch(() => undefined)
    throw new ImageArchiveError(
      `saving image ${image} to ${file} failed: ${errorMessage(err)}`,
      'engine',
      file
    )
  }
  return {
    file,
    compression,
    id,
    bytes: (await stat(file)).size,
    tarBytes: raw.bytes,
    ms: performance.now() - started
  }
}

export interface LoadedArchive {
  file: string
  compression: ArchiveCompression
  /** What the engine reported loading: `name:tag` for tagged images, else `sha256:…` ids. */
  images: string[]
  bytes: number
  ms: number
}

export interface LoadOptions {
  /** Receives the engine's progress lines, prefixed `[load] `. */
  log?: (line: string) => void
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(512)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Loads an archive written by saveImageArchive (or any `docker save` output, compressed with gzip
 * or zstd or not). Decompression happens here, not in the engine: zlib's checksums catch a
 * damaged file, and the 20.10 engine cannot read zstd.
 */
export async function loadImageArchive(
  client: ContainerClient,
  file: string,
  opts: LoadOptions = {}
): Promise<LoadedArchive> {
  const started = performance.now()
  const corrupt = (message: string): ImageArchiveError =>
    new ImageArchiveError(`image archive ${file} is unusable: ${message}`, 'corrupt', file)

  let head: Buffer
  let bytes: number
  try {
    bytes = (await stat(file)).size
    head = await readHead(file)
  } catch (err) {
    throw corrupt(errorMessage(err))
  }
  const compression = detectCompression(head)
  if (!compression) throw corrupt('not a tar, gzip or zstd file')
  if (compression === 'zstd' && !nodeHasZstd()) {
    throw new ImageArchiveError(
      `image archive ${file} is zstd-compressed and this Node (${process.version}) cannot read zstd`,
      'unsupported',
      file
    )
  }

  // A failing decompressor must also end the upload, or the engine would wait for more body.
  const abort = new AbortController()
  let sourceError: unknown
  const body = new PassThrough()
  const stages: NodeJS.ReadWriteStream[] = []
  const unpacker = decompressor(compression)
  if (unpacker) stages.push(unpacker)
  const feeding = pipeline([createReadStream(file), ...stages, body]).catch((err: unknown) => {
    sourceError = err
    abort.abort()
  })

  const loaded: string[] = []
  const reporter = new ProgressReporter('[load] ', (line) => {
    const m = /^\[load\] Loaded image(?: ID)?: (\S+)/.exec(line)
    if (m) loaded.push(m[1])
    opts.log?.(line)
  })
  try {
    const response = await client.loadImage(body, { abortSignal: abort.signal })
    await followProgress(response, reporter)
  } catch (err) {
    await feeding
    if (sourceError) throw corrupt(errorMessage(sourceError))
    const status = err instanceof EngineError ? err.statusCode : undefined
    // The engine answers 500 for an archive it cannot parse; anything else is the engine itself.
    if (status === 500) throw corrupt(errorMessage(err))
    throw new ImageArchiveError(
      `loading image archive ${file} failed: ${errorMessage(err)}`,
      'engine',
      file
    )
  }
  await feeding
  if (sourceError) throw corrupt(errorMessage(sourceError))
  if (reporter.error) throw corrupt(reporter.error)
  if (loaded.length === 0) throw corrupt('the engine loaded no image from it')
  return { file, compression, images: loaded, bytes, ms: performance.now() - started }
}
