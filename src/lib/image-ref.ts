// The one reading of an image reference, `[registry[:port]/]path[:tag][@digest]` (the engine's
// grammar): the tag is after the last `:` of the last path segment, the digest after `@`. Two
// copies had drifted: one took a digest's hex for the tag (`x@sha256:ab` → tag `ab`), the other
// kept `repo:tag` as the repository when a digest followed.

export interface ImageRef {
  /** `registry:port/path` without tag or digest. */
  repository: string
  tag?: string
  /** `sha256:…`, without the `@`. */
  digest?: string
}

export function parseImageRef(image: string): ImageRef {
  const at = image.indexOf('@')
  const name = at >= 0 ? image.slice(0, at) : image
  const colon = name.lastIndexOf(':')
  const tagged = colon > name.lastIndexOf('/')
  return {
    repository: tagged ? name.slice(0, colon) : name,
    ...(tagged ? { tag: name.slice(colon + 1) } : {}),
    ...(at >= 0 ? { digest: image.slice(at + 1) } : {})
  }
}

/**
 * Repository and "tag" as the engine's tag call takes them: the tag (`latest` when none), or the
 * `@digest` when the reference is pinned by digest.
 */
export function splitImage(image: string): { repository: string; tag: string } {
  const ref = parseImageRef(image)
  return { repository: ref.repository, tag: ref.digest ? `@${ref.digest}` : (ref.tag ?? 'latest') }
}

/** The reference with `:latest` added when it names neither a tag nor a digest. */
export function normalizeImage(image: string): string {
  const ref = parseImageRef(image)
  return ref.tag !== undefined || ref.digest !== undefined ? image : `${image}:latest`
}
