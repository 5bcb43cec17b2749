// The registry path's groundwork: Debian's docker-registry on 127.0.0.1:5000 (started by
// scripts/local-registry.sh, which the engine accepts without TLS), and an image pushed under the
// `<registry>:<context-hash>` name comes back by pull-by-tag on an engine that no longer has it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { registryImageRef } from '../../../src/runtime/docker/image-keys.js'
import { LABEL_CONTEXT_HASH } from '../../../src/runtime/docker/labels.js'
import { followProgress, ProgressReporter } from '../../../src/runtime/docker/progress.js'
import {
  deleteFromRegistry,
  ensureLocalRegistry,
  REGISTRY_ADDR
} from '../../helpers/local-registry.js'
import { docker } from './helpers.js'
import { buildThrowawayImage, imageExists, markerOf } from './throwaway-image.js'

const REPOSITORY = `${REGISTRY_ADDR}/massgen-exec-test/runtime`
const marker = randomBytes(8).toString('hex')
// Stands in for the docker/ context hash the release workflow tags with.
const hash = createHash('sha256').update(marker).digest('hex')
const LOCAL_TAG = `massgen-exec-test/registry:${marker}`
const REF = registryImageRef(REPOSITORY, hash, 'default')

async function follow(stream: NodeJS.ReadableStream, what: string): Promise<void> {
  const reporter = await followProgress(
    stream as unknown as Readable,
    new ProgressReporter('', () => undefined)
  )
  if (reporter.error) throw new Error(`${what}: ${reporter.error}`)
}

const remove = (ref: string) =>
  docker
    .getImage(ref)
    .remove({ force: true })
    .catch(() => undefined)

let startedHere = false
let imageId = ''
beforeAll(async () => {
  startedHere = await ensureLocalRegistry()
  imageId = await buildThrowawayImage(docker, LOCAL_TAG, marker, { [LABEL_CONTEXT_HASH]: hash })
}, 300_000)

afterAll(async () => {
  await remove(REF)
  await remove(LOCAL_TAG)
  // Leave the registry as we found it: delete the manifest we pushed (storage delete is on).
  await deleteFromRegistry('massgen-exec-test/runtime', hash)
  if (startedHere) execFileSync('bash', ['scripts/local-registry.sh', 'stop'], { stdio: 'inherit' })
})

describe('local registry (Debian docker-registry on 127.0.0.1)', () => {
  it('names the tag after the context hash', () => {
    expect(REF).toBe(`${REGISTRY_ADDR}/massgen-exec-test/runtime:${hash}`)
  })

  it('pushes a tag and pulls it back by tag after the engine lost the image', async () => {
    await docker.getImage(LOCAL_TAG).tag({ repo: REPOSITORY, tag: hash })
    // The engine wants an X-Registry-Auth header on push even for an anonymous registry.
    await follow(await docker.getImage(REF).push({ authconfig: {} }), `push ${REF}`)

    await remove(REF)
    await remove(LOCAL_TAG)
    expect(await imageExists(docker, imageId)).toBe(false)

    await follow(await docker.pull(REF), `pull ${REF}`)
    const pulled = await docker.getImage(REF).inspect()
    expect(pulled.Id).toBe(imageId)
    expect(pulled.Config.Labels?.[LABEL_CONTEXT_HASH]).toBe(hash)
    expect(await markerOf(docker, REF)).toBe(marker)
  }, 180_000)

  it('reports a tag the registry does not have as a pull error', async () => {
    const missing = registryImageRef(REPOSITORY, 'f'.repeat(64), 'sudo')
    await expect(
      (async () => follow(await docker.pull(missing), `pull ${missing}`))()
    ).rejects.toThrow(/manifest unknown|not found/i)
  })
})
