// Names under which a built runtime image is kept between workflow runs: the Actions cache key
// and file path, and the registry tag. All derive from the same three facts — variant, docker/
// context hash (which already covers the build arguments) and CPU architecture — so an image is
// reused exactly when building it again would produce the same thing.
import { join } from 'node:path'

export type ImageVariant = 'default' | 'sudo'

/** Bump when the archive format or what a cached image contains changes meaning. */
export const IMAGE_CACHE_SCHEMA = 'v1'

const HASH = /^[0-9a-f]{64}$/

/** The engine's (`docker info` Architecture, `uname -m`) or Node's name for a CPU, as Docker names it. */
export function normalizeArch(arch: string): string {
  const a = arch.trim().toLowerCase()
  const aliases: Record<string, string> = {
    x86_64: 'amd64',
    x64: 'amd64',
    amd64: 'amd64',
    aarch64: 'arm64',
    arm64: 'arm64',
    armv7l: 'arm',
    arm: 'arm',
    i386: '386',
    i686: '386',
    ia32: '386',
    ppc64le: 'ppc64le',
    ppc64: 'ppc64le',
    s390x: 's390x',
    riscv64: 'riscv64'
  }
  const normalized = aliases[a]
  if (!normalized) throw new Error(`unknown CPU architecture ${JSON.stringify(arch)}`)
  return normalized
}

function checkHash(contextHash: string): void {
  if (!HASH.test(contextHash))
    throw new Error(
      `context hash must be 64 lowercase hex digits, got ${JSON.stringify(contextHash)}`
    )
}

export interface ImageCacheKeyInput {
  variant: ImageVariant
  /** contextHash() of the docker/ directory with the variant's build arguments. */
  contextHash: string
  /** The engine's architecture (any alias normalizeArch knows). */
  arch: string
}

/**
 * The Actions cache key, e.g. `massgen-exec-image-v1-default-amd64-<64 hex>`: exact match only
 * (an image built from another context is no use, so no restore-keys).
 */
export function imageCacheKey({ variant, contextHash, arch }: ImageCacheKeyInput): string {
  checkHash(contextHash)
  return `massgen-exec-image-${IMAGE_CACHE_SCHEMA}-${variant}-${normalizeArch(arch)}-${contextHash}`
}

/**
 * Where the archive lives while it is saved or restored. @actions/cache versions an entry by its
 * paths, so saving and restoring must name the same path: it depends only on the key and the
 * directory (RUNNER_TEMP in the action), never on the compression.
 */
export function imageCachePath(key: string, dir: string): string {
  return join(dir, 'massgen-exec-image-cache', `${key}.img`)
}

// Docker's reference grammar: [host[:port]/]path, lowercase path components.
const REGISTRY_HOST =
  '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?/)'
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*'
const REPOSITORY = new RegExp(`^${REGISTRY_HOST}?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*$`)

/** Checks an `image-registry` value: a repository without tag or digest. Returns it trimmed. */
export function checkRegistryRepository(registry: string): string {
  const repo = registry.trim().replace(/\/+$/, '')
  if (repo.includes('@'))
    throw new Error(`image-registry ${JSON.stringify(registry)} must not carry a digest`)
  if (repo.slice(repo.lastIndexOf('/') + 1).includes(':'))
    throw new Error(
      `image-registry ${JSON.stringify(registry)} must be a repository without a tag (the tag is the context hash)`
    )
  if (repo.length > 255 || !REPOSITORY.test(repo))
    throw new Error(
      `image-registry ${JSON.stringify(registry)} is not a valid repository name (e.g. ghcr.io/owner/massgen-runtime)`
    )
  return repo
}

/**
 * The registry reference the release workflow pushes and the action pulls:
 * `<registry>:<context-hash>` or `<registry>:<context-hash>-sudo`, where the hash is the variant's
 * own (the `io.massgen-exec.context-hash` label the action's build gives it, so the release reads
 * it off the image it built). One tag serves every architecture (a multi-platform manifest).
 */
export function registryImageRef(
  registry: string,
  contextHash: string,
  variant: ImageVariant
): string {
  checkHash(contextHash)
  return `${checkRegistryRepository(registry)}:${contextHash}${variant === 'sudo' ? '-sudo' : ''}`
}
