// Image policy against the real engine: reuse by content hash, the sudo variant, and the errors
// (missing under `never`, failed build, failed pull, unreachable engine) as EnvironmentErrors.
import { afterAll, describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { EnvironmentError } from '../../../src/errors.js'
import {
  connectDocker,
  createDockerRuntime,
  ensureImage,
  LABEL_CONTEXT_HASH
} from '../../../src/runtime/docker/index.js'
import {
  agentPlan,
  client,
  docker,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  request,
  tempDir
} from './helpers.js'

const BROKEN = 'massgen-exec-test/broken:latest'

afterAll(async () => {
  await docker
    .getImage(BROKEN)
    .remove({ force: true })
    .catch(() => undefined)
})

describe('ensureImage', () => {
  it(
    'reuses our image when the docker/ context is unchanged: no second build',
    async () => {
      const first = await ensureRuntimeImage()
      const lines: string[] = []
      const second = await ensureRuntimeImage(false, (l) => lines.push(l))
      expect(second).toEqual({
        image: 'massgen/mcp-runtime:latest',
        id: first.id,
        built: false,
        reused: true,
        ms: expect.any(Number)
      })
      expect(lines.join('\n')).toMatch(/up to date with the docker\/ context .* no build/)
      expect(lines.join('\n')).not.toMatch(/\[build\]/)
      const labels = (await docker.getImage('massgen/mcp-runtime:latest').inspect()).Config.Labels
      expect(labels[LABEL_CONTEXT_HASH]).toMatch(/^[0-9a-f]{64}$/)
    },
    IMAGE_TIMEOUT_MS
  )

  it(
    'builds the sudo variant, whose user has passwordless sudo (and only there)',
    async () => {
      const image = await ensureRuntimeImage(true)
      expect(image.id).toMatch(/^sha256:/)
      const root = await tempDir('sudo')
      const runId = newRunId('sudo')
      const runtime = createDockerRuntime({ imagePolicy: 'never', log: () => undefined, client })
      const plan = agentPlan(
        'sudoer',
        root,
        {},
        {
          image: 'massgen/mcp-runtime-sudo:latest',
          enableSudo: true
        }
      )
      const session = await runtime.start(plan, { runId, outDir: root, log: () => undefined })
      try {
        const r = await session.exec(
          request('id -u; sudo -n true && echo sudo-ok; sudo -n id -u', root)
        )
        expect(r.stdout).toBe('1000\nsudo-ok\n0\n')
        const state = await docker.getContainer(session.info.container!).inspect()
        expect(state.HostConfig.CapDrop).toEqual(['ALL'])
        expect(state.HostConfig.CapAdd).toContain('SETUID')
        expect(state.HostConfig.CapAdd).not.toContain('SYS_ADMIN')
      } finally {
        await session.close()
        await runtime.cleanup!(runId)
      }
    },
    IMAGE_TIMEOUT_MS
  )

  it('fails under policy never when the image is missing', async () => {
    const err = await ensureImage('massgen-exec-test/absent:1', {
      policy: 'never',
      log: () => undefined,
      client
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(EnvironmentError)
    expect((err as EnvironmentError).message).toMatch(
      /not present locally and image-policy is 'never'/
    )
    expect((err as EnvironmentError).hint).toMatch(/docker pull/)
  })

  it('reports a pull failure with the image name', async () => {
    const err = await ensureImage('massgen-exec-test/absent:1', {
      policy: 'auto',
      log: () => undefined,
      client
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(EnvironmentError)
    expect((err as Error).message).toMatch(/pulling image massgen-exec-test\/absent:1 failed/)
  })

  it('reports a failing build step from inside the build stream, with the last lines', async () => {
    const context = await tempDir('broken-context')
    await writeFile(
      join(context, 'Dockerfile'),
      'FROM debian:bookworm-slim\nRUN echo about-to-fail && exit 3\n'
    )
    const lines: string[] = []
    const err = await ensureImage(BROKEN, {
      policy: 'build',
      own: true,
      contextDir: context,
      log: (l) => lines.push(l),
      client
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(EnvironmentError)
    expect((err as Error).message).toMatch(/building image massgen-exec-test\/broken:latest failed/)
    expect((err as Error).message).toMatch(/returned a non-zero code: 3/)
    expect((err as Error).message).toMatch(/about-to-fail/)
    expect(lines.some((l) => l.startsWith('[build] '))).toBe(true)
  })
})

describe('connectDocker', () => {
  it('names the DOCKER_HOST it tried and says what to do', async () => {
    const saved = process.env.DOCKER_HOST
    process.env.DOCKER_HOST = 'unix:///nonexistent/docker.sock'
    try {
      const err = await connectDocker().catch((e: unknown) => e)
      expect(err).toBeInstanceOf(EnvironmentError)
      expect((err as Error).message).toMatch(
        /Docker engine unreachable at DOCKER_HOST=unix:\/\/\/nonexistent\/docker.sock/
      )
      expect((err as EnvironmentError).hint).toMatch(/Start the Docker engine/)
    } finally {
      if (saved === undefined) delete process.env.DOCKER_HOST
      else process.env.DOCKER_HOST = saved
    }
  })

  it('connects to the running engine', async () => {
    const d = await connectDocker()
    expect((await d.version()).ApiVersion).toMatch(/^1\./)
  })
})
