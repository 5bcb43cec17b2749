// A small image only one test uses: a layer of random data its own, so removing its tag really
// deletes data from the engine (a fresh engine in miniature) and nothing else shares it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type Docker from 'dockerode'
import { pack } from 'tar-fs'
import { followProgress, ProgressReporter } from '../../../src/runtime/docker/progress.js'

export async function buildThrowawayImage(
  docker: Docker,
  tag: string,
  marker: string,
  labels: Record<string, string> = {}
): Promise<string> {
  const context = mkdtempSync(join(tmpdir(), 'mgx-throwaway-'))
  try {
    mkdirSync(context, { recursive: true })
    writeFileSync(
      join(context, 'Dockerfile'),
      `FROM debian:bookworm-slim\nRUN echo ${marker} > /marker && head -c 4000000 /dev/urandom > /blob\n`
    )
    const stream = (await docker.buildImage(pack(context) as unknown as NodeJS.ReadableStream, {
      t: tag,
      labels,
      rm: true,
      forcerm: true
    })) as unknown as Readable
    const reporter = await followProgress(stream, new ProgressReporter('', () => undefined))
    if (reporter.error) throw new Error(`building ${tag}: ${reporter.error}`)
    return (await docker.getImage(tag).inspect()).Id
  } finally {
    rmSync(context, { recursive: true, force: true })
  }
}

/** What /marker holds in a container of `ref` (proves the image's own layer is intact). */
export async function markerOf(docker: Docker, ref: string): Promise<string> {
  const container = await docker.createContainer({ Image: ref, Cmd: ['cat', '/marker'] })
  try {
    await container.start()
    await container.wait()
    const logs = (await container.logs({ stdout: true })) as unknown as Buffer
    return logs.subarray(8).toString().trim() // one stdout frame: 8-byte header
  } finally {
    await container.remove({ force: true })
  }
}

export async function imageExists(docker: Docker, ref: string): Promise<boolean> {
  return docker
    .getImage(ref)
    .inspect()
    .then(
      () => true,
      () => false
    )
}
