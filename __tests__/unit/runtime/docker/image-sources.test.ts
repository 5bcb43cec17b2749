// ensureImage under image-policy auto with image sources, against a fake engine whose images,
// `docker save` and `docker load` are records (an archive is a tar-looking file naming an image id
// and its labels) and an in-memory image store: restore before build, save after it, the sudo
// variant's base first, the registry after the store, and every way the cache or the registry can
// fail ending in a build with a warning — never in a failed run.
import { beforeEach, describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { EngineError } from '../../../../src/errors.js'
import type {
  BuildSpec,
  ContainerClient,
  ImageInspect
} from '../../../../src/runtime/docker/container-client.js'
import {
  contextHash,
  ensureImage,
  type EnsuredImage,
  type ImageSources,
  type ImageStore
} from '../../../../src/runtime/docker/image.js'
import { imageCacheKey, registryImageRef } from '../../../../src/runtime/docker/image-keys.js'
import { LABEL_CONTEXT_HASH } from '../../../../src/runtime/docker/labels.js'

const contextDir = mkdtempSync(join(tmpdir(), 'mgx-sources-ctx-'))
writeFileSync(join(contextDir, 'Dockerfile'), 'FROM debian\n')
writeFileSync(join(contextDir, 'Dockerfile.sudo'), 'ARG RUNTIME_IMAGE\nFROM $RUNTIME_IMAGE\n')
const scratch = mkdtempSync(join(tmpdir(), 'mgx-sources-'))
const REGISTRY = 'registry.test:5000/owner/massgen-runtime'

interface FakeImage {
  Id: string
  labels: Record<string, string>
}

/** A tar-looking archive body: "ustar" at 257, the image after 512 bytes. */
function archiveBody(image: FakeImage): Buffer {
  const head = Buffer.alloc(512)
  head.write('ustar\0', 257, 'latin1')
  return Buffer.concat([head, Buffer.from(JSON.stringify(image))])
}

/**
 * The image part of the engine (all ensureImage uses): names → images, a registry, save/load of
 * archive bodies.
 */
class ImageEngine implements Partial<ContainerClient> {
  readonly byId = new Map<string, FakeImage>()
  readonly names = new Map<string, string>()
  readonly registry = new Map<string, FakeImage>()
  readonly log: string[] = []
  constructor(private n = 0) {}

  async info() {
    return { Architecture: 'x86_64', Runtimes: { runc: {} } }
  }
  async inspectImage(ref: string): Promise<ImageInspect | undefined> {
    const id = this.byId.has(ref) ? ref : this.names.get(ref)
    const img = id ? this.byId.get(id) : undefined
    return img && { Id: img.Id, Config: { Labels: img.labels } }
  }
  add(ref: string | undefined, labels: Record<string, string>): FakeImage {
    const img = { Id: `sha256:${String(++this.n).padStart(64, '0')}`, labels }
    this.byId.set(img.Id, img)
    if (ref) this.names.set(ref, img.Id)
    return img
  }
  async buildImage(context: NodeJS.ReadableStream, spec: BuildSpec): Promise<Readable> {
    ;(context as Readable).resume()
    this.log.push(`build ${spec.tag} ${spec.dockerfile}`)
    this.add(spec.tag, spec.labels)
    return Readable.from([JSON.stringify({ stream: 'Successfully built\n' }) + '\n'])
  }
  async pullImage(ref: string): Promise<Readable> {
    this.log.push(`pull ${ref}`)
    const img = this.registry.get(ref)
    if (!img)
      return Readable.from([JSON.stringify({ error: `manifest for ${ref} not found` }) + '\n'])
    this.byId.set(img.Id, img)
    this.names.set(ref, img.Id)
    return Readable.from([JSON.stringify({ status: 'Pull complete', id: 'layer' }) + '\n'])
  }
  async saveImage(ref: string | readonly string[]): Promise<Readable> {
    this.log.push(`save ${String(ref)}`)
    const img = await this.inspectImage(String(ref))
    if (!img) throw new EngineError('no such image', 404, 'save')
    return Readable.from([archiveBody(this.byId.get(img.Id)!)])
  }
  async loadImage(tar: NodeJS.ReadableStream): Promise<Readable> {
    this.log.push('load')
    const chunks: Buffer[] = []
    for await (const c of tar as AsyncIterable<Buffer>) chunks.push(c)
    const img = JSON.parse(Buffer.concat(chunks).subarray(512).toString()) as FakeImage
    this.byId.set(img.Id, img)
    return Readable.from([JSON.stringify({ stream: `Loaded image ID: ${img.Id}\n` }) + '\n'])
  }
  async tagImage(ref: string, repo: string, tag: string): Promise<void> {
    this.log.push(`tag ${ref.slice(0, 14)} ${repo}:${tag}`)
    this.names.set(`${repo}:${tag}`, (await this.inspectImage(ref))!.Id)
  }
  async removeImage(ref: string): Promise<void> {
    this.log.push(`remove ${ref}`)
    this.names.delete(ref)
  }
}

class MemoryStore implements ImageStore {
  readonly name = 'the test cache'
  readonly dir = mkdtempSync(join(scratch, 'store-'))
  readonly entries = new Map<string, Buffer>()
  readonly log: string[] = []
  failRestore?: Error
  failSave?: Error
  async restore(key: string, path: string): Promise<boolean> {
    this.log.push(`restore ${key}`)
    if (this.failRestore) throw this.failRestore
    const data = this.entries.get(key)
    if (!data) return false
    writeFileSync(path, data)
    return true
  }
  async save(key: string, path: string): Promise<boolean> {
    this.log.push(`save ${key}`)
    if (this.failSave) throw this.failSave
    if (this.entries.has(key)) return false
    this.entries.set(key, readFileSync(path))
    return true
  }
}

let tagN = 0
let engine: ImageEngine
let store: MemoryStore
let lines: string[]
let warnings: string[]
let ready: EnsuredImage[]
beforeEach(() => {
  engine = new ImageEngine()
  store = new MemoryStore()
  lines = []
  warnings = []
  ready = []
})

const hashOf = (sudo: boolean, tag: string) =>
  contextHash(contextDir, sudo ? { RUNTIME_IMAGE: `massgen/mcp-runtime:${tag}` } : {})
const keyOf = async (sudo: boolean, tag: string) =>
  imageCacheKey({
    variant: sudo ? 'sudo' : 'default',
    contextHash: await hashOf(sudo, tag),
    arch: 'amd64'
  })

function ensure(
  image: string,
  sources: ImageSources | undefined,
  policy: 'auto' | 'build' | 'pull' | 'never' = 'auto'
) {
  return ensureImage(image, {
    policy,
    log: (l) => lines.push(l),
    client: engine as unknown as ContainerClient,
    contextDir,
    sources: sources && { warn: (w) => warnings.push(w), ...sources },
    onReady: (r) => ready.push(r)
  })
}

/** A fresh tag of our own repository per test (the build lock and in-flight map are per name). */
function ourImage(): { image: string; tag: string } {
  const tag = `u${++tagN}-${randomBytes(3).toString('hex')}`
  return { image: `massgen/mcp-runtime:${tag}`, tag }
}

/** A store entry holding an image with the right label, as a previous job's build saved it. */
async function seedStore(sudo: boolean, tag: string): Promise<FakeImage> {
  const other = new ImageEngine(1000 + ++tagN)
  const img = other.add(undefined, { [LABEL_CONTEXT_HASH]: await hashOf(sudo, tag) })
  store.entries.set(await keyOf(sudo, tag), archiveBody(img))
  return img
}

const builds = () => engine.log.filter((l) => l.startsWith('build'))

describe('ensureImage with an image store (the Actions cache)', () => {
  it('restores and loads on a hit: no build, named as requested, reported as restored', async () => {
    const { image, tag } = ourImage()
    const seeded = await seedStore(false, tag)
    const r = await ensure(image, { store })
    expect(r).toMatchObject({
      image,
      id: seeded.Id,
      built: false,
      restored: 'cache',
      restoredFrom: await keyOf(false, tag)
    })
    expect(builds()).toEqual([])
    expect(engine.names.get(image)).toBe(seeded.Id)
    expect(lines.join('\n')).toMatch(/restored from the test cache .* no build/)
    expect(warnings).toEqual([])
    expect(ready).toEqual([r])
  })

  it('builds on a miss, then saves the image by id under variant + hash + arch', async () => {
    const { image, tag } = ourImage()
    const r = await ensure(image, { store })
    const key = await keyOf(false, tag)
    expect(key).toMatch(/^massgen-exec-image-v1-default-amd64-[0-9a-f]{64}$/)
    expect(store.log).toEqual([`restore ${key}`, `save ${key}`])
    expect(r).toMatchObject({ built: true, savedAs: key })
    expect(r.restored).toBeUndefined()
    // By id: the archive names no tag, so a later load can never move someone's tag.
    expect(engine.log).toContain(`save ${r.id}`)
    expect(warnings).toEqual([])

    // The next job (a fresh engine) gets it from the store.
    const next = new ImageEngine()
    engine = next
    const again = await ensure(image, { store })
    expect(again).toMatchObject({ id: r.id, built: false, restored: 'cache' })
    expect(builds()).toEqual([])
  })

  it('builds with a warning when the archive is corrupt, and does not save over the entry', async () => {
    const { image, tag } = ourImage()
    store.entries.set(await keyOf(false, tag), Buffer.from('<html>502 Bad Gateway</html>'))
    const r = await ensure(image, { store })
    expect(r.built).toBe(true)
    expect(warnings).toEqual([
      expect.stringMatching(/is unusable: .*not a tar.*building it instead/)
    ])
    expect(store.log.filter((l) => l.startsWith('save'))).toEqual([])
    expect(lines.join('\n')).toMatch(/already has an entry .* not saved again/)
  })

  it('builds with a warning when the store fails, and still saves afterwards', async () => {
    const { image } = ourImage()
    store.failRestore = new Error('cache service unavailable (503)')
    const r = await ensure(image, { store })
    expect(r.built).toBe(true)
    expect(warnings).toEqual([
      expect.stringMatching(/restoring it from the test cache failed \(cache service unavailable/)
    ])
    expect(r.savedAs).toBeDefined()
  })

  it('a failing save is a warning, not a failure', async () => {
    const { image } = ourImage()
    store.failSave = new Error('disk full')
    const r = await ensure(image, { store })
    expect(r).toMatchObject({ built: true })
    expect(r.savedAs).toBeUndefined()
    expect(warnings).toEqual([
      expect.stringMatching(/saving it to the test cache failed: disk full/)
    ])
  })

  it('does not use an archive whose image carries another context hash', async () => {
    const { image, tag } = ourImage()
    const stale = new ImageEngine(900).add(undefined, { [LABEL_CONTEXT_HASH]: 'f'.repeat(64) })
    store.entries.set(await keyOf(false, tag), archiveBody(stale))
    const r = await ensure(image, { store })
    expect(r.built).toBe(true)
    expect(engine.names.get(image)).not.toBe(stale.Id)
    expect(warnings).toEqual([expect.stringMatching(/none with context hash/)])
  })

  it('restores the runtime image before the sudo variant (built FROM it), both from the store', async () => {
    const { tag } = ourImage()
    const sudoImage = `massgen/mcp-runtime-sudo:${tag}`
    const base = await seedStore(false, tag)
    const sudo = await seedStore(true, tag)
    const r = await ensure(sudoImage, { store })
    expect(store.log).toEqual([
      `restore ${await keyOf(false, tag)}`,
      `restore ${await keyOf(true, tag)}`
    ])
    expect(r).toMatchObject({ id: sudo.Id, restored: 'cache' })
    expect(ready.map((x) => [x.image, x.id, x.restored])).toEqual([
      [`massgen/mcp-runtime:${tag}`, base.Id, 'cache'],
      [sudoImage, sudo.Id, 'cache']
    ])
    expect(builds()).toEqual([])
  })

  it('builds the sudo variant FROM a restored base when only the base is cached', async () => {
    const { tag } = ourImage()
    await seedStore(false, tag)
    const r = await ensure(`massgen/mcp-runtime-sudo:${tag}`, { store })
    expect(r.built).toBe(true)
    expect(builds()).toEqual([`build massgen/mcp-runtime-sudo:${tag} Dockerfile.sudo`])
    expect(r.savedAs).toBe(await keyOf(true, tag))
  })

  it('never consults the store for a current local image, under other policies, or without sources', async () => {
    const { image, tag } = ourImage()
    engine.add(image, { [LABEL_CONTEXT_HASH]: await hashOf(false, tag) })
    expect(await ensure(image, { store })).toMatchObject({ reused: true })
    for (const policy of ['build', 'never'] as const) await ensure(image, { store }, policy)
    expect(store.log).toEqual([])

    const other = ourImage()
    expect(await ensure(other.image, undefined)).toMatchObject({ built: true })
    expect(store.log).toEqual([])
  })

  it('leaves images that are not ours alone', async () => {
    engine.registry.set('python:3.12', { Id: 'sha256:py', labels: {} })
    expect(await ensure('python:3.12', { store, registry: REGISTRY })).toMatchObject({
      pulled: true
    })
    expect(store.log).toEqual([])
    expect(engine.log).toEqual(['pull python:3.12'])
  })
})

describe('ensureImage with an image registry', () => {
  it('pulls <registry>:<hash>, checks its label, names it as requested, drops the registry name', async () => {
    const { image, tag } = ourImage()
    const hash = await hashOf(false, tag)
    const ref = registryImageRef(REGISTRY, hash, 'default')
    engine.registry.set(ref, { Id: 'sha256:fromregistry', labels: { [LABEL_CONTEXT_HASH]: hash } })
    const r = await ensure(image, { registry: REGISTRY })
    expect(r).toMatchObject({
      id: 'sha256:fromregistry',
      built: false,
      restored: 'registry',
      restoredFrom: ref
    })
    expect(engine.log).toEqual([`pull ${ref}`, `tag sha256:fromreg ${image}`, `remove ${ref}`])
    expect(lines).toContain(`[pull] layer: Pull complete`)
    expect(warnings).toEqual([])
  })

  it('pulls <hash>-sudo for the sudo variant, after the runtime image', async () => {
    const { tag } = ourImage()
    const baseRef = registryImageRef(REGISTRY, await hashOf(false, tag), 'default')
    const sudoRef = registryImageRef(REGISTRY, await hashOf(true, tag), 'sudo')
    expect(sudoRef).toMatch(/-sudo$/)
    engine.registry.set(baseRef, {
      Id: 'sha256:b',
      labels: { [LABEL_CONTEXT_HASH]: await hashOf(false, tag) }
    })
    engine.registry.set(sudoRef, {
      Id: 'sha256:s',
      labels: { [LABEL_CONTEXT_HASH]: await hashOf(true, tag) }
    })
    await ensure(`massgen/mcp-runtime-sudo:${tag}`, { registry: REGISTRY })
    expect(engine.log.filter((l) => l.startsWith('pull'))).toEqual([
      `pull ${baseRef}`,
      `pull ${sudoRef}`
    ])
    expect(builds()).toEqual([])
  })

  it('refuses an image whose label is not the context hash: warning, build', async () => {
    const { image, tag } = ourImage()
    const ref = registryImageRef(REGISTRY, await hashOf(false, tag), 'default')
    engine.registry.set(ref, {
      Id: 'sha256:wrong',
      labels: { [LABEL_CONTEXT_HASH]: 'a'.repeat(64) }
    })
    const r = await ensure(image, { registry: REGISTRY })
    expect(r.built).toBe(true)
    expect(engine.names.has(ref)).toBe(false)
    expect(warnings).toEqual([
      expect.stringMatching(/carries context hash aaaaaaaaaaaa, not .*building/)
    ])
  })

  it('builds with a warning when the registry does not have the tag', async () => {
    const { image } = ourImage()
    const r = await ensure(image, { registry: REGISTRY })
    expect(r.built).toBe(true)
    expect(warnings).toEqual([
      expect.stringMatching(/pulling .* failed \(manifest for .* not found\)/)
    ])
  })

  it('tries the store first, then the registry, and saves to the store only after a build', async () => {
    const { image, tag } = ourImage()
    const hash = await hashOf(false, tag)
    const ref = registryImageRef(REGISTRY, hash, 'default')
    engine.registry.set(ref, { Id: 'sha256:reg', labels: { [LABEL_CONTEXT_HASH]: hash } })
    const r = await ensure(image, { store, registry: REGISTRY })
    expect(r).toMatchObject({ restored: 'registry' })
    expect(store.log).toEqual([`restore ${await keyOf(false, tag)}`])
  })
})
