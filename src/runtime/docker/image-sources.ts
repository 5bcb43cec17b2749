// Where a fresh engine (every GitHub-hosted job) can get one of our own images instead of
// building it, under image-policy auto: an image store (the action hands in the Actions cache;
// this module never imports it) holding `docker save` archives under imageCacheKey, and a registry
// holding `<registry>:<context-hash>[-sudo]` (the release workflow's tags). An image counts only
// if it carries the context-hash label the build would give it. Every failure here is a warning
// and a miss — the caller builds — never a reason to fail a run.
import { existsSync } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import { splitImage } from '../../lib/image-ref.js'
import { errorMessage } from '../../errors.js'
import type { ContainerClient, ImageInspect } from './container-client.js'
import { loadImageArchive, saveImageArchive } from './image-archive.js'
import {
  imageCacheKey,
  imageCachePath,
  normalizeArch,
  registryImageRef,
  type ImageVariant
} from './image-keys.js'
import { LABEL_CONTEXT_HASH } from './labels.js'
import { followProgress, ProgressReporter } from './progress.js'

/** A key → file store for image archives (the action's is the Actions cache). */
export interface ImageStore {
  /** For messages: "the Actions cache". */
  readonly name: string
  /**
   * Where archives are written on their way in and out. A store may version entries by path
   * (@actions/cache does), so it must be the same directory when saving and restoring.
   */
  readonly dir: string
  /** Fetches the entry saved under exactly `key` to `path`: false on a miss. */
  restore(key: string, path: string): Promise<boolean>
  /** Stores the file at `path` under `key`: false when the store did not take it. */
  save(key: string, path: string): Promise<boolean>
}

/** What image-policy auto may use before building one of our images. */
export interface ImageSources {
  store?: ImageStore
  /** A repository checked with checkRegistryRepository, e.g. ghcr.io/owner/massgen-runtime. */
  registry?: string
  /** Non-fatal problems (the action makes them workflow warnings); default: log "warning: …". */
  warn?: (line: string) => void
}

/** One of our images as the build would make it. */
export interface WantedImage {
  /** The requested name, normalized (`repo:tag`). */
  image: string
  variant: ImageVariant
  /** contextHash() of docker/ with the variant's build arguments: the label it must carry. */
  hash: string
}

export interface Restored {
  id: string
  from: 'cache' | 'registry'
  /** Cache key or registry reference. */
  source: string
  /** The store had an entry under the key (even if it turned out unusable): do not save again. */
  entryExists?: boolean
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

function hashOf(inspect: ImageInspect | undefined): string | undefined {
  return inspect?.Config?.Labels?.[LABEL_CONTEXT_HASH]
}

/** The engine's CPU architecture as Docker names it (the engine's, not Node's, if it says). */
export async function engineArch(client: ContainerClient): Promise<string> {
  const info = await client.info().catch(() => undefined)
  try {
    return normalizeArch(info?.Architecture ?? process.arch)
  } catch {
    return normalizeArch(process.arch)
  }
}

/** The key `want` is kept under in a store: its variant and context hash on this engine's arch. */
async function storeKey(client: ContainerClient, want: WantedImage): Promise<string> {
  return imageCacheKey({
    variant: want.variant,
    contextHash: want.hash,
    arch: await engineArch(client)
  })
}

/** Gives image `id` the requested name. */
async function name(client: ContainerClient, id: string, image: string): Promise<void> {
  const { repository, tag } = splitImage(image)
  await client.tagImage(id, repository, tag)
}

/** Where a source's progress goes, and its warnings (a source that cannot be used is skipped). */
export interface SourceLog {
  log: (line: string) => void
  warn: (line: string) => void
}

/**
 * Restores `want` from the store and loads it. `undefined` on a miss or any failure (warned),
 * with `entryExists` set on the returned miss marker when the store had the key.
 */
export async function restoreFromStore(
  client: ContainerClient,
  store: ImageStore,
  want: WantedImage,
  { log, warn }: SourceLog
): Promise<Restored | { miss: true; entryExists: boolean }> {
  const miss = (entryExists: boolean) => ({ miss: true as const, entryExists })
  const t0 = performance.now()
  let key: string
  let path: string
  let hit: boolean
  try {
    key = await storeKey(client, want)
    path = imageCachePath(key, store.dir)
    await mkdir(dirname(path), { recursive: true })
    await unlink(path).catch(() => undefined)
    hit = await store.restore(key, path)
  } catch (err) {
    warn(
      `image ${want.image}: restoring it from ${store.name} failed (${errorMessage(err)}); building it instead`
    )
    return miss(false)
  }
  if (!hit) {
    log(`image ${want.image}: nothing restored from ${store.name} (key ${key})`)
    return miss(false)
  }
  const restoredMs = performance.now() - t0
  try {
    if (!existsSync(path)) {
      warn(
        `image ${want.image}: ${store.name} has ${key} but it restored no archive at ${path}; building it instead`
      )
      return miss(true)
    }
    let loaded
    try {
      loaded = await loadImageArchive(client, path, { log })
    } catch (err) {
      warn(
        `image ${want.image}: the archive from ${store.name} (key ${key}) is unusable: ${errorMessage(err)}; building it instead`
      )
      return miss(true)
    }
    // The archive is saved by image id (no name), so it never renames a tag of someone else's.
    for (const ref of loaded.images) {
      const found = await client.inspectImage(ref).catch(() => undefined)
      if (found && hashOf(found) === want.hash) {
        await name(client, found.Id, want.image)
        log(
          `image ${want.image}: restored from ${store.name} (key ${key}, ${megabytes(loaded.bytes)}) in ${secs(performance.now() - t0)}: restore ${secs(restoredMs)} + load ${secs(loaded.ms)}; no build`
        )
        return { id: found.Id, from: 'cache', source: key, entryExists: true }
      }
    }
    warn(
      `image ${want.image}: the archive from ${store.name} (key ${key}) held ${loaded.images.join(', ')}, none with context hash ${want.hash.slice(0, 12)}; building it instead`
    )
    return miss(true)
  } catch (err) {
    warn(
      `image ${want.image}: using the archive from ${store.name} failed: ${errorMessage(err)}; building it instead`
    )
    return miss(true)
  } finally {
    await unlink(path).catch(() => undefined)
  }
}

/** Saves the built image `id` to the store under its key. Never throws; the key when saved. */
export async function saveToStore(
  client: ContainerClient,
  store: ImageStore,
  want: WantedImage,
  id: string,
  { log, warn }: SourceLog
): Promise<string | undefined> {
  const key = await orWarn(
    () => storeKey(client, want),
    (m) => warn(`image ${want.image}: not saved to ${store.name}: ${m}`)
  )
  if (key === undefined) return undefined
  const path = imageCachePath(key, store.dir)
  try {
    // By id: the archive carries no name, and a load never moves a tag.
    const archive = await saveImageArchive(client, id, path)
    const u0 = performance.now()
    if (!(await store.save(key, path))) {
      log(`image ${want.image}: ${store.name} did not take ${key} (see above); not cached`)
      return undefined
    }
    log(
      `image ${want.image}: saved to ${store.name} as ${key} (${archive.compression}, ${megabytes(archive.bytes)}): docker save ${secs(archive.ms)} + upload ${secs(performance.now() - u0)}`
    )
    return key
  } catch (err) {
    warn(`image ${want.image}: saving it to ${store.name} failed: ${errorMessage(err)}`)
    return undefined
  } finally {
    await unlink(path).catch(() => undefined)
  }
}

/**
 * Pulls `<registry>:<hash>[-sudo]`, checks its context-hash label and names it as the requested
 * image. `undefined` (warned) when the registry does not have it, refuses, or has something else.
 */
export async function pullFromRegistry(
  client: ContainerClient,
  registry: string,
  want: WantedImage,
  { log, warn }: SourceLog
): Promise<Restored | undefined> {
  const ref = await orWarn(
    async () => registryImageRef(registry, want.hash, want.variant),
    (m) => warn(`image ${want.image}: not pulled from ${registry}: ${m}`)
  )
  if (ref === undefined) return undefined
  const t0 = performance.now()
  log(`image ${want.image}: pulling ${ref}`)
  const reporter = new ProgressReporter('[pull] ', log)
  try {
    await followProgress(await client.pullImage(ref), reporter)
  } catch (err) {
    reporter.error ??= errorMessage(err)
  }
  if (reporter.error) {
    warn(`image ${want.image}: pulling ${ref} failed (${reporter.error}); building it instead`)
    return undefined
  }
  try {
    const pulled = await client.inspectImage(ref)
    if (!pulled) throw new Error('the engine reported success but the image is missing')
    if (hashOf(pulled) !== want.hash) {
      await client.removeImage(ref).catch(() => undefined)
      warn(
        `image ${want.image}: ${ref} carries context hash ${hashOf(pulled)?.slice(0, 12) ?? '(none)'}, not ${want.hash.slice(0, 12)}; not used, building it instead`
      )
      return undefined
    }
    await name(client, pulled.Id, want.image)
    // The registry's name was only the way in: drop it (the image keeps the requested name).
    await client.removeImage(ref).catch(() => undefined)
    log(
      `image ${want.image}: pulled ${ref} (${pulled.Id}) in ${secs(performance.now() - t0)}; no build`
    )
    return { id: pulled.Id, from: 'registry', source: ref }
  } catch (err) {
    warn(`image ${want.image}: using ${ref} failed (${errorMessage(err)}); building it instead`)
    return undefined
  }
}

export function warner(sources: ImageSources, log: (line: string) => void): (line: string) => void {
  return sources.warn ?? ((line) => log(`warning: ${line}`))
}

/** Tries the store (nearest, exact key), then the registry. */
export async function restoreOwnImage(
  client: ContainerClient,
  sources: ImageSources,
  want: WantedImage,
  log: (line: string) => void
): Promise<Restored | { miss: true; entryExists: boolean }> {
  const warn = warner(sources, log)
  let entryExists = false
  if (sources.store) {
    const r = await restoreFromStore(client, sources.store, want, { log, warn })
    if (!('miss' in r)) return r
    entryExists = r.entryExists
  }
  if (sources.registry) {
    const r = await pullFromRegistry(client, sources.registry, want, { log, warn })
    if (r) return { ...r, entryExists }
  }
  return { miss: true, entryExists }
}

/** `fn`'s value, or undefined with `warn` told why (a source that cannot be used is skipped). */
async function orWarn<T>(
  fn: () => Promise<T>,
  warn: (message: string) => void
): Promise<T | undefined> {
  try {
    return await fn()
  } catch (err) {
    warn(errorMessage(err))
    return undefined
  }
}
