// Cleanup against the real engine: a run cancelled mid-step (what SIGINT/SIGTERM trigger),
// the post step's sweep by label, and a leftover container of the same name.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { createDockerRuntime, LABEL_RUN, sweepRun } from '../../../src/runtime/docker/index.js'
import { containerName } from '../../../src/runtime/docker/container-spec.js'
import {
  agentPlan,
  containersOfRun,
  client,
  docker,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  request,
  tempDir
} from './helpers.js'

beforeAll(async () => {
  await ensureRuntimeImage()
}, IMAGE_TIMEOUT_MS)

describe('docker cleanup', () => {
  it('cleanup in the middle of a step ends the step and removes every container of the run', async () => {
    const runId = newRunId('cancel')
    const root = await tempDir('cancel')
    const runtime = createDockerRuntime({ imagePolicy: 'auto', log: () => undefined, client })
    const ctx = { runId, outDir: root, log: () => undefined }
    const sessions = await Promise.all(
      ['one', 'two'].map((id) => runtime.start(agentPlan(id, root), ctx))
    )
    expect(await containersOfRun(runId)).toHaveLength(2)
    const running = sessions[0].exec(request('sleep 300', root, { timeoutMs: 600_000 }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    await runtime.cleanup!(runId)
    const result = await running
    expect(result.exitCode).toBeNull()
    expect(result.note).toMatch(/cancelled/)
    expect(await containersOfRun(runId)).toHaveLength(0)
    await expect(runtime.start(agentPlan('late', root), ctx)).rejects.toThrow(/being cleaned up/)
    expect(await containersOfRun(runId)).toHaveLength(0)
  })

  it('sweepRun removes containers labelled with the run id, and only those', async () => {
    const runId = newRunId('sweep')
    const other = newRunId('sweep-other')
    const create = (run: string) =>
      docker.createContainer({
        Image: 'massgen/mcp-runtime:latest',
        Cmd: ['sleep', 'infinity'],
        Labels: { [LABEL_RUN]: run }
      })
    const started = await create(runId)
    await started.start()
    await create(runId)
    const bystander = await create(other)
    try {
      expect(await sweepRun(client, runId)).toBe(2)
      expect(await containersOfRun(runId)).toHaveLength(0)
      expect(await containersOfRun(other)).toHaveLength(1)
      expect(await sweepRun(client, runId)).toBe(0)
    } finally {
      await bystander.remove({ force: true })
    }
  })

  it('replaces a leftover container of the same name', async () => {
    const runId = newRunId('leftover')
    const root = await tempDir('leftover')
    const leftover = await docker.createContainer({
      name: containerName('again', runId),
      Image: 'massgen/mcp-runtime:latest',
      Cmd: ['sleep', 'infinity']
    })
    const lines: string[] = []
    const runtime = createDockerRuntime({ imagePolicy: 'auto', log: () => undefined, client })
    const session = await runtime.start(agentPlan('again', root), {
      runId,
      outDir: root,
      log: (l) => lines.push(l)
    })
    try {
      expect(lines.join('\n')).toMatch(/already exists .*removing it/)
      const state = await docker.getContainer(session.info.container!).inspect()
      expect(state.Id).not.toBe(leftover.id)
      expect((await session.exec(request('echo ok', root))).stdout).toBe('ok\n')
    } finally {
      await session.close()
      await runtime.cleanup!(runId)
    }
    expect(await containersOfRun(runId)).toHaveLength(0)
  })
})
