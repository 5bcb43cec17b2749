// The image archive without an engine: a fake Docker that streams a `docker save` body out and
// consumes the `docker load` body, so compression, atomic writes and every "unusable archive"
// path (the ones callers turn into a cache miss) are checked here; the real engine round trip is
// in __tests__/e2e/docker/image-archive.test.ts.
import { describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { gunzipSync, gzipSync } from 'node:zlib'
import { EngineError } from '../../../../src/errors.js'
import type { ContainerClient } from '../../../../src/runtime/docker/container-client.js'
import {
  defaultCompression,
  detectCompression,
  isImageArchiveError,
  loadImageArchive,
  nodeHasZstd,
  saveImageArchive,
  type ImageArchiveError
} from '../../../../src/runtime/docker/image-archive.js'

const dir = mkdtempSync(join(tmpdir(), 'mgx-archive-'))
let n = 0
const path = (name: string) => join(dir, `${n++}-${name}`)

/** A tar-looking payload: "ustar" at offset 257, then incompressible bytes. */
function fakeTar(size = 256 * 1024): Buffer {
  const buf = randomBytes(size)
  buf.write('ustar\0', 257, 'latin1')
  return buf
}

interface FakeOptions {
  saveBody?: () => Readable
  inspect?: () => Promise<{ Id: string } | undefined>
  loadLines?: object[]
  /** Reject the load request itself with this status (the engine's 500 for a bad archive). */
  loadStatus?: number
}

function fakeDocker(opts: FakeOptions = {}) {
  const received: Buffer[] = []
  let aborted = false
  let loadCalls = 0
  // The slice of the engine client the archive uses.
  const docker = {
    inspectImage: opts.inspect ?? (async () => ({ Id: 'sha256:feed' })),
    saveImage: async () => (opts.saveBody ?? (() => Readable.from([fakeTar()])))(),
    loadImage: (body: Readable, o: { abortSignal?: AbortSignal } = {}) => {
      loadCalls++
      return new Promise((resolve, reject) => {
        o.abortSignal?.addEventListener('abort', () => {
          aborted = true
          reject(new Error('request aborted'))
        })
        body.on('data', (c: Buffer) => received.push(c))
        body.on('end', () => {
          if (opts.loadStatus)
            return reject(new EngineError('server error', opts.loadStatus, 'load image'))
          const lines = opts.loadLines ?? [{ stream: 'Loaded image: massgen/mcp-runtime:t\n' }]
          resolve(Readable.from(lines.map((l) => JSON.stringify(l) + '\n')))
        })
      })
    }
  }
  return {
    docker: docker as unknown as ContainerClient,
    received: () => Buffer.concat(received),
    aborted: () => aborted,
    loadCalls: () => loadCalls
  }
}

async function failure(p: Promise<unknown>): Promise<ImageArchiveError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(isImageArchiveError(err)).toBe(true)
  return err as ImageArchiveError
}

describe('detectCompression', () => {
  it('knows gzip, zstd and a plain tar by their first bytes, and nothing else', () => {
    expect(detectCompression(gzipSync('x'))).toBe('gzip')
    expect(detectCompression(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0]))).toBe('zstd')
    expect(detectCompression(fakeTar(1024))).toBe('none')
    expect(detectCompression(Buffer.from('<html>proxy error</html>'))).toBeUndefined()
    expect(detectCompression(Buffer.alloc(0))).toBeUndefined()
  })

  it('prefers zstd exactly when this Node has it', () => {
    expect(defaultCompression()).toBe(nodeHasZstd() ? 'zstd' : 'gzip')
  })
})

describe('saveImageArchive', () => {
  it('streams the saved tar through gzip into the file, and counts both sizes', async () => {
    const tar = fakeTar(1024 * 1024)
    const { docker } = fakeDocker({
      saveBody: () => Readable.from([tar.subarray(0, 5), tar.subarray(5)])
    })
    const file = path('img.archive')
    const saved = await saveImageArchive(docker, 'massgen/mcp-runtime:t', file, {
      compression: 'gzip'
    })
    expect(saved).toMatchObject({ id: 'sha256:feed', compression: 'gzip', tarBytes: tar.length })
    expect(gunzipSync(readFileSync(file)).equals(tar)).toBe(true)
    expect(saved.bytes).toBe(readFileSync(file).length)
  })

  it('writes an uncompressed tar when asked', async () => {
    const tar = fakeTar()
    const { docker } = fakeDocker({ saveBody: () => Readable.from([tar]) })
    const file = path('img.tar')
    await saveImageArchive(docker, 'x:t', file, { compression: 'none' })
    expect(readFileSync(file).equals(tar)).toBe(true)
  })

  it('leaves neither the file nor a partial one when the engine stream breaks', async () => {
    const sub = mkdtempSync(join(dir, 'broken-'))
    const { docker } = fakeDocker({
      saveBody: () =>
        new Readable({
          read() {
            this.push(fakeTar(64 * 1024))
            this.destroy(new Error('connection reset by engine'))
          }
        })
    })
    const err = await failure(saveImageArchive(docker, 'x:t', join(sub, 'img.archive')))
    expect(err.reason).toBe('engine')
    expect(err.message).toMatch(/connection reset by engine/)
    expect(readdirSync(sub)).toEqual([])
  })

  it('says when the image is not there', async () => {
    const { docker } = fakeDocker({
      inspect: async () => undefined
    })
    const err = await failure(saveImageArchive(docker, 'x:gone', path('a')))
    expect(err.reason).toBe('missing-image')
    expect(err.message).toMatch(/x:gone.*not present/)
  })
})

describe('loadImageArchive', () => {
  it('decompresses a gzip archive into the load request and reports what was loaded', async () => {
    const tar = fakeTar(512 * 1024)
    const file = path('ok.archive')
    writeFileSync(file, gzipSync(tar))
    const fake = fakeDocker()
    const lines: string[] = []
    const loaded = await loadImageArchive(fake.docker, file, { log: (l) => lines.push(l) })
    expect(fake.received().equals(tar)).toBe(true)
    expect(loaded).toMatchObject({ compression: 'gzip', images: ['massgen/mcp-runtime:t'] })
    expect(lines).toEqual(['[load] Loaded image: massgen/mcp-runtime:t'])
  })

  it('passes a plain tar through and takes an untagged image by its id', async () => {
    const tar = fakeTar()
    const file = path('plain.tar')
    writeFileSync(file, tar)
    const fake = fakeDocker({ loadLines: [{ stream: 'Loaded image ID: sha256:abc\n' }] })
    const loaded = await loadImageArchive(fake.docker, file)
    expect(fake.received().equals(tar)).toBe(true)
    expect(loaded.images).toEqual(['sha256:abc'])
  })

  it('calls a file that is not an archive corrupt without contacting the engine', async () => {
    const file = path('junk')
    writeFileSync(file, '<html>502 Bad Gateway</html>')
    const fake = fakeDocker()
    const err = await failure(loadImageArchive(fake.docker, file))
    expect(err.reason).toBe('corrupt')
    expect(fake.loadCalls()).toBe(0)
    expect((await failure(loadImageArchive(fake.docker, path('absent')))).reason).toBe('corrupt')
  })

  it('aborts the load when a truncated gzip fails mid-stream: corrupt', async () => {
    const gz = gzipSync(fakeTar(2 * 1024 * 1024))
    const file = path('truncated.archive')
    writeFileSync(file, gz.subarray(0, gz.length - 100_000))
    const fake = fakeDocker()
    const err = await failure(loadImageArchive(fake.docker, file))
    expect(err.reason).toBe('corrupt')
    expect(err.message).toMatch(/unexpected end of file/)
    expect(fake.aborted()).toBe(true)
  })

  it('calls a gzip whose bytes were altered corrupt (checksum)', async () => {
    const gz = gzipSync(fakeTar(256 * 1024))
    gz[gz.length - 6] ^= 0xff // inside the CRC32 trailer
    const file = path('crc.archive')
    writeFileSync(file, gz)
    const err = await failure(loadImageArchive(fakeDocker().docker, file))
    expect(err.reason).toBe('corrupt')
  })

  it('calls an engine-reported load error, a 500, or an empty load corrupt', async () => {
    const file = path('fine.tar')
    writeFileSync(file, fakeTar())
    const inStream = fakeDocker({
      loadLines: [{ errorDetail: { message: 'archive/tar: invalid tar header' } }]
    })
    expect((await failure(loadImageArchive(inStream.docker, file))).message).toMatch(
      /invalid tar header/
    )
    const status = fakeDocker({ loadStatus: 500 })
    expect((await failure(loadImageArchive(status.docker, file))).reason).toBe('corrupt')
    const nothing = fakeDocker({ loadLines: [] })
    expect((await failure(loadImageArchive(nothing.docker, file))).message).toMatch(/no image/)
  })

  it('refuses a zstd archive on a Node without zstd as unsupported', async () => {
    if (nodeHasZstd()) return
    const file = path('z.archive')
    writeFileSync(file, Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), randomBytes(64)]))
    const err = await failure(loadImageArchive(fakeDocker().docker, file))
    expect(err.reason).toBe('unsupported')
  })
})
