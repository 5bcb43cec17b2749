// docker save → rmi → docker load through the engine API, on a throwaway image with a layer of
// its own (so removing the tag really deletes data), plus what the real engine does with a
// truncated or altered archive: an ImageArchiveError `corrupt`, and no image left behind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  isImageArchiveError,
  loadImageArchive,
  saveImageArchive,
  type ImageArchiveError
} from '../../../src/runtime/docker/image-archive.js'
import { client, docker } from './helpers.js'
import { buildThrowawayImage, imageExists, markerOf } from './throwaway-image.js'

const scratch = mkdtempSync(join(tmpdir(), 'mgx-archive-e2e-'))
const marker = randomBytes(8).toString('hex')
const TAG = `massgen-exec-test/archive:${marker}`

const exists = (ref: string) => imageExists(docker, ref)

async function removeTag(): Promise<void> {
  await docker
    .getImage(TAG)
    .remove({ force: true })
    .catch(() => undefined)
}

let imageId = ''
beforeAll(async () => {
  imageId = await buildThrowawayImage(docker, TAG, marker)
}, 300_000)

afterAll(async () => {
  await removeTag()
  rmSync(scratch, { recursive: true, force: true })
})

describe('image archive against the real engine', () => {
  it('saves, survives removal of the image, and loads back the same image under its tag', async () => {
    const file = join(scratch, 'image.archive')
    const saved = await saveImageArchive(client, TAG, file, { compression: 'gzip' })
    expect(saved.id).toBe(imageId)
    expect(saved.bytes).toBe(statSync(file).size)
    expect(saved.tarBytes).toBeGreaterThan(saved.bytes) // the base layer compresses

    await removeTag()
    expect(await exists(TAG)).toBe(false)
    expect(await exists(imageId)).toBe(false)

    const lines: string[] = []
    const loaded = await loadImageArchive(client, file, { log: (l) => lines.push(l) })
    expect(loaded.images).toEqual([TAG])
    expect(loaded.compression).toBe('gzip')
    expect((await docker.getImage(TAG).inspect()).Id).toBe(imageId)
    expect(await markerOf(docker, TAG)).toBe(marker)
  }, 180_000)

  it('saves by image id: the archive names nothing, and its load reports the id (the image cache)', async () => {
    const file = join(scratch, 'by-id.archive')
    expect((await saveImageArchive(client, imageId, file)).id).toBe(imageId)
    await removeTag()
    expect(await exists(imageId)).toBe(false)

    const loaded = await loadImageArchive(client, file)
    expect(loaded.images).toEqual([imageId])
    expect((await docker.getImage(imageId).inspect()).RepoTags ?? []).toEqual([])
    expect(await markerOf(docker, imageId)).toBe(marker)
    const [repo, tag] = TAG.split(':')
    await client.tagImage(imageId, repo, tag)
  }, 180_000)

  it('saves two names in one archive and loads both (CLI --sudo --save)', async () => {
    const second = `${TAG}-second`
    const [repo, tag] = second.split(':')
    await client.tagImage(TAG, repo, tag)
    const file = join(scratch, 'two.archive')
    await saveImageArchive(client, [TAG, second], file)
    await client.removeImage(second)
    await removeTag()
    expect(await exists(imageId)).toBe(false)

    const loaded = await loadImageArchive(client, file)
    expect([...loaded.images].sort()).toEqual([TAG, second].sort())
    await client.removeImage(second)
  }, 180_000)

  it('calls a truncated archive corrupt and loads nothing', async () => {
    const file = join(scratch, 'image.archive')
    await saveImageArchive(client, TAG, file, { compression: 'gzip' })
    const bytes = readFileSync(file)
    const truncated = join(scratch, 'truncated.archive')
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)))
    await removeTag()

    const err = (await loadImageArchive(client, truncated).catch(
      (e: unknown) => e
    )) as ImageArchiveError
    expect(isImageArchiveError(err)).toBe(true)
    expect(err.reason).toBe('corrupt')
    expect(await exists(TAG)).toBe(false)

    // The intact file still loads afterwards: the failed load left nothing half-done in the way.
    expect((await loadImageArchive(client, file)).images).toEqual([TAG])
  }, 180_000)

  it('calls an uncompressed archive with an altered layer corrupt (the engine checks layer digests)', async () => {
    const file = join(scratch, 'image.tar')
    const saved = await saveImageArchive(client, TAG, file, { compression: 'none' })
    expect(saved.bytes).toBe(saved.tarBytes)
    const bytes = readFileSync(file)
    // Inside /blob's data, in the layer only this image has: the engine skips layers it already
    // holds (the base's), so damage there would go unnoticed, as it would in docker load.
    const header = bytes.indexOf(Buffer.concat([Buffer.from('blob'), Buffer.alloc(8)]))
    expect(header).toBeGreaterThan(0)
    const at = header + 512 + 100_000
    for (let i = 0; i < 4096; i++) bytes[at + i] ^= 0x5a
    const altered = join(scratch, 'altered.tar')
    writeFileSync(altered, bytes)
    await removeTag()

    const err = (await loadImageArchive(client, altered).catch(
      (e: unknown) => e
    )) as ImageArchiveError
    expect(isImageArchiveError(err)).toBe(true)
    expect(err.reason).toBe('corrupt')
    expect(await exists(TAG)).toBe(false)
  }, 180_000)
})
