// Makes sure the image an agent runs from exists, following the image policy:
//   auto  — a local image is used as is; our own images only if their context-hash label matches
//           the bundled docker/ context (so an unchanged context never rebuilds), else restored
//           from the image store or the registry when given (image-sources.ts), else built (and
//           then saved to the store); other images are pulled when missing.
//   build — our images are (re)built (the layer cache makes an unchanged build quick); others as auto.
//   pull  — always pulled.
//   never — only a local image; missing is an error.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pack } from 'tar-fs'
import { EnvironmentError, errorMessage } from '../../errors.js'
import { dockerContextDir, toolVersion } from './action-root.js'
import type { ContainerClient, ImageInspect } from './container-client.js'
import { connectDocker } from './docker-container-client.js'
import { isOwnImage as ownRepository, isOwnSudoImage } from '../../config/defaults.js'
import { DEFAULT_IMAGE, LABEL_CONTEXT_HASH, LABEL_VARIANT, LABEL_VERSION } from './labels.js'
import { withFileLock } from './lock.js'
import { followProgress, ProgressReporter } from './progress.js'
import {
  restoreOwnImage,
  saveToStore,
  warner,
  type ImageSources,
  type WantedImage
} from './image-sources.js'

import type { ImagePolicy } from '../../config/defaults.js'
import { normalizeImage, parseImageRef } from '../../lib/image-ref.js'

export type { ImageSources, ImageStore } from './image-sources.js'

export interface EnsureImageOptions {
  policy: ImagePolicy
  /** Build the sudo variant (Dockerfile.sudo). Implied by the default sudo image's name. */
  sudo?: boolean
  /** Whether `image` is built from our docker/ context; defaults to "its repository is ours". */
  own?: boolean
  log: (line: string) => void
  client?: ContainerClient
  /** The build context; defaults to the bundled docker/ directory. */
  contextDir?: string
  /** Where image-policy auto may get our images before building them (the CLI passes none). */
  sources?: ImageSources
  /** Told of every image made ready, the sudo variant's base included (results.json). */
  onReady?: (image: EnsuredImage) => void
}

export interface EnsuredImage {
  /** The image, normalized (`repo:tag`). */
  image: string
  id: string
  built: boolean
  reused: boolean
  pulled?: boolean
  /** Loaded from the image store's archive, or pulled from the image registry. */
  restored?: 'cache' | 'registry'
  /** The cache key or registry reference it was restored from. */
  restoredFrom?: string
  /** The store key it was saved under after being built. */
  savedAs?: string
  /** How long making it ready took (saving it to the store included). */
  ms: number
}

/** Files of docker/ that are not part of the build context (and so not of its hash). */
const NOT_CONTEXT = /(^|\/)(\.|README|build\.sh$)|\.md$/

export { normalizeImage }

export function isOwnImage(image: string): boolean {
  return ownRepository(image)
}

export function isSudoImage(image: string): boolean {
  return isOwnSudoImage(image)
}

/** The runtime image the sudo variant `image` is built FROM: ours, of the same tag. */
export function sudoBaseImage(image: string): string {
  return `${parseImageRef(DEFAULT_IMAGE).repository}:${parseImageRef(image).tag ?? 'latest'}`
}

/** The files that make up the build context, relative to `dir`, sorted. */
export async function contextFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name
      if (NOT_CONTEXT.test(path)) continue
      if (entry.isDirectory()) await walk(path)
      else if (entry.isFile()) out.push(path)
    }
  }
  await walk('')
  return out.sort()
}

/** sha256 over the context's file names, modes and contents, plus the build arguments. */
export async function contextHash(
  dir: string,
  buildArgs: Record<string, string> = {}
): Promise<string> {
  const hash = createHash('sha256')
  for (const file of await contextFiles(dir)) {
    const mode = (await stat(join(dir, file))).mode & 0o777
    hash.update(`${file}\0${mode.toString(8)}\0`)
    hash.update(await readFile(join(dir, file)))
    hash.update('\0')
  }
  for (const key of Object.keys(buildArgs).sort()) hash.update(`arg:${key}=${buildArgs[key]}\0`)
  return hash.digest('hex')
}

const inFlight = new Map<string, Promise<EnsuredImage>>()

export async function ensureImage(image: string, opts: EnsureImageOptions): Promise<EnsuredImage> {
  const ref = normalizeImage(image)
  const key = `${ref}\0${opts.policy}`
  let pending = inFlight.get(key)
  if (!pending) {
    const started = Date.now()
    pending = ensureImageOnce(ref, opts)
      .then((r) => {
        const ready = { image: ref, ...r, ms: Date.now() - started }
        opts.onReady?.(ready)
        return ready
      })
      .finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

type Ensured = Omit<EnsuredImage, 'image' | 'ms'>

async function ensureImageOnce(image: string, opts: EnsureImageOptions): Promise<Ensured> {
  const client = opts.client ?? (await connectDocker())
  const own = opts.own ?? isOwnImage(image)
  const local = await inspectImage(client, image)
  if (opts.policy === 'never') return useLocalImage(image, own, local, opts)
  if (opts.policy === 'pull') return pullImage(client, image, opts.log)
  if (!own) {
    if (local) {
      opts.log(`image ${image}: present locally (${local.Id}), reusing`)
      return { id: local.Id, built: false, reused: true }
    }
    return pullImage(client, image, opts.log)
  }
  return ensureOwnImage(client, image, local, opts)
}

/** image-policy never: the local image as it is (an own image from another context is logged). */
async function useLocalImage(
  image: string,
  own: boolean,
  local: ImageInspect | undefined,
  opts: EnsureImageOptions
): Promise<Ensured> {
  if (!local)
    throw new EnvironmentError(
      `image ${image} is not present locally and image-policy is 'never'`,
      own
        ? `Build it with docker/build.sh${opts.sudo || isSudoImage(image) ? ' --sudo' : ''}, or use image-policy auto or build.`
        : `Pull it first (docker pull ${image}), or use image-policy auto or pull.`
    )
  if (own) {
    const wanted = await contextHash(
      opts.contextDir ?? dockerContextDir(),
      buildArgsFor(image, opts)
    )
    if (local.Config?.Labels?.[LABEL_CONTEXT_HASH] !== wanted)
      opts.log(
        `image ${image}: built from a different docker/ context; using it anyway (image-policy never)`
      )
  }
  opts.log(`image ${image}: using local ${local.Id}`)
  return { id: local.Id, built: false, reused: true }
}

/** What building one of our images needs, worked out once before taking the build lock. */
interface OwnBuild {
  client: ContainerClient
  image: string
  sudo: boolean
  dir: string
  buildArgs: Record<string, string>
  want: WantedImage
  local: ImageInspect | undefined
  sources: EnsureImageOptions['sources']
}

/**
 * One of our images (image-policy auto or build): reused when its context hash matches, else
 * restored from a store or registry (auto) or built, under a lock shared with other processes.
 */
async function ensureOwnImage(
  client: ContainerClient,
  image: string,
  local: ImageInspect | undefined,
  opts: EnsureImageOptions
): Promise<Ensured> {
  const sudo = opts.sudo || isSudoImage(image)
  if (sudo) {
    // The sudo variant is built FROM the runtime image of the same tag: make sure that one is current.
    const base = sudoBaseImage(image)
    await ensureImage(base, { ...opts, sudo: false, own: true, client })
  }
  const dir = opts.contextDir ?? dockerContextDir()
  const buildArgs = buildArgsFor(image, { ...opts, sudo })
  const wanted = await contextHash(dir, buildArgs)
  if (opts.policy === 'auto' && local?.Config?.Labels?.[LABEL_CONTEXT_HASH] === wanted) {
    opts.log(
      `image ${image}: up to date with the docker/ context (hash ${wanted.slice(0, 12)}), reusing ${local.Id}; no build`
    )
    return { id: local.Id, built: false, reused: true }
  }
  // Another process may be building the same image: wait for it, then look again.
  const lockFile = join(
    tmpdir(),
    `massgen-exec-build-${createHash('sha256').update(image).digest('hex').slice(0, 16)}.lock`
  )
  const build: OwnBuild = {
    client,
    image,
    sudo,
    dir,
    buildArgs,
    want: { image, variant: sudo ? 'sudo' : 'default', hash: wanted },
    local,
    sources: opts.policy === 'auto' ? opts.sources : undefined
  }
  let entryExists = false
  const result = await withFileLock(
    lockFile,
    async (): Promise<Ensured> => {
      if (opts.policy === 'auto') {
        const found = await reuseOrRestore(build, opts.log)
        if ('id' in found) return found
        entryExists = found.entryExists
        opts.log(`image ${image}: building from ${dir}`)
      }
      return buildImage(
        client,
        image,
        dir,
        sudo ? 'Dockerfile.sudo' : 'Dockerfile',
        buildArgs,
        wanted,
        opts.log
      )
    },
    () => opts.log(`image ${image}: another process is building it; waiting`)
  )
  if (result.built && build.sources?.store) {
    // Outside the lock: a waiting process finds the image by its label and need not wait for this.
    const savedAs = await saveBuiltImage(build, result, entryExists, opts.log)
    if (savedAs) return { ...result, savedAs }
  }
  return result
}

/**
 * Under the build lock (image-policy auto): an image another process built meanwhile, or one
 * restored from the store or registry; otherwise whether the store already has an entry.
 */
async function reuseOrRestore(
  build: OwnBuild,
  log: (line: string) => void
): Promise<Ensured | { entryExists: boolean }> {
  const { client, image, sources } = build
  const now = await inspectImage(client, image)
  if (now?.Config?.Labels?.[LABEL_CONTEXT_HASH] === build.want.hash) {
    log(`image ${image}: built meanwhile by another process, reusing ${now.Id}; no build`)
    return { id: now.Id, built: false, reused: true }
  }
  log(
    build.local
      ? `image ${image}: local image was built from another docker/ context`
      : `image ${image}: not present locally`
  )
  if (!(sources?.store || sources?.registry)) return { entryExists: false }
  const got = await restoreOwnImage(client, sources, build.want, log)
  if ('miss' in got) return { entryExists: got.entryExists }
  return {
    id: got.id,
    built: false,
    reused: false,
    restored: got.from,
    restoredFrom: got.source
  }
}

/** Saves a freshly built image to the store, unless the store already has its (immutable) entry. */
async function saveBuiltImage(
  build: OwnBuild,
  result: Ensured,
  entryExists: boolean,
  log: (line: string) => void
): Promise<Ensured['savedAs']> {
  const store = build.sources!.store!
  if (entryExists) {
    log(
      `image ${build.image}: ${store.name} already has an entry for it (entries are immutable); not saved again`
    )
    return undefined
  }
  return saveToStore(build.client, store, build.want, result.id, {
    log,
    warn: warner(build.sources!, log)
  })
}

function buildArgsFor(image: string, opts: { sudo?: boolean }): Record<string, string> {
  const args: Record<string, string> = {}
  if (process.env.MASSGEN_EXEC_BASE_IMAGE) args.BASE_IMAGE = process.env.MASSGEN_EXEC_BASE_IMAGE
  if (opts.sudo || isSudoImage(image)) args.RUNTIME_IMAGE = sudoBaseImage(image)
  return args
}

async function inspectImage(
  client: ContainerClient,
  image: string
): Promise<ImageInspect | undefined> {
  try {
    return await client.inspectImage(image)
  } catch (err) {
    throw new EnvironmentError(`cannot inspect image ${image}: ${errorMessage(err)}`)
  }
}

async function buildImage(
  client: ContainerClient,
  image: string,
  dir: string,
  dockerfile: string,
  buildArgs: Record<string, string>,
  hash: string,
  log: (line: string) => void
): Promise<Ensured> {
  const started = Date.now()
  log(`image ${image}: building ${dockerfile} (context hash ${hash.slice(0, 12)})`)
  const reporter = new ProgressReporter('[build] ', log)
  const failed = (message: string): EnvironmentError =>
    new EnvironmentError(
      `building image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''),
      `Check docker/${dockerfile}; run docker/build.sh${dockerfile.endsWith('.sudo') ? ' --sudo' : ''} to reproduce. The Debian mirror must be reachable while building.`
    )
  try {
    // tar-fs 3 packs with streamx, which pipes into the request like a Node stream.
    const context = pack(dir, {
      entries: await contextFiles(dir)
    }) as unknown as NodeJS.ReadableStream
    const stream = await client.buildImage(context, {
      tag: image,
      dockerfile,
      buildArgs,
      // No "managed" label here: every container anyone starts from the image would carry it.
      labels: {
        [LABEL_CONTEXT_HASH]: hash,
        [LABEL_VERSION]: toolVersion(),
        [LABEL_VARIANT]: dockerfile.endsWith('.sudo') ? 'sudo' : 'default'
      }
    })
    await followProgress(stream, reporter)
  } catch (err) {
    throw failed(errorMessage(err))
  }
  if (reporter.error) throw failed(reporter.error)
  const built = await inspectImage(client, image)
  if (!built || built.Config?.Labels?.[LABEL_CONTEXT_HASH] !== hash)
    throw failed('the engine reported success but the image is missing')
  log(`image ${image}: built ${built.Id} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { id: built.Id, built: true, reused: false }
}

async function pullImage(
  client: ContainerClient,
  image: string,
  log: (line: string) => void
): Promise<Ensured> {
  log(`image ${image}: pulling`)
  const reporter = new ProgressReporter('[pull] ', log)
  const failed = (message: string): EnvironmentError =>
    new EnvironmentError(
      `pulling image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''),
      'Check the image name and registry access (docker login), or use image-policy never with a local image.' +
        (isOwnImage(image)
          ? ' Our own images can be built locally: image-policy auto or build.'
          : '')
    )
  try {
    await followProgress(await client.pullImage(image), reporter)
  } catch (err) {
    throw failed(errorMessage(err))
  }
  if (reporter.error) throw failed(reporter.error)
  const pulled = await inspectImage(client, image)
  if (!pulled) throw failed('the engine reported success but the image is missing')
  log(`image ${image}: pulled ${pulled.Id}`)
  return { id: pulled.Id, built: false, reused: false, pulled: true }
}
