// What a step leaves running in the background without `background: true` is killed when the step
// ends, in docker (runc), gVisor (runsc) and srt: `sleep 300 &`, `(sleep 301 &)`, nohup, setsid.
// A background step's processes survive. Checked as the next step, or the host, sees them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultPidsLimit } from '../../src/config/defaults.js'
import type { AgentPlan } from '../../src/config/types.js'
import { createDockerRuntime, type DockerRuntime } from '../../src/runtime/docker/index.js'
import { createSrtRuntime, SRT_DEFAULTS } from '../../src/runtime/srt/index.js'
import type { AgentSession } from '../../src/runtime/types.js'
import { agentPlan as buildAgentPlan } from '../helpers/plan.js'
import {
  agentPlan,
  client,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  newRunId,
  request,
  tempDir
} from './docker/helpers.js'

// A fractional tag unique to this run: the srt case looks at the whole host's process list, where
// other tests running at the same time (a container's `sleep 300`, the local executor's unit test)
// must not count as this test's leftovers.
const TAG = String(process.pid % 100_000).padStart(5, '0')
const LEAVE = [
  `sleep 300.${TAG} &`,
  `(sleep 301.${TAG} &)`,
  `nohup sleep 302.${TAG} >/dev/null 2>&1 &`,
  `setsid sleep 303.${TAG} >/dev/null 2>&1 &`,
  `setsid sh -c "sleep 304.${TAG} & sleep 305.${TAG}" >/dev/null 2>&1 &`
].join('\n')
const LEFT = new RegExp(`sleep 30[0-5]\\.${TAG}`, 'g')
const BACKGROUND = `sleep 400.${TAG}`

const logs: string[] = []
const runId = newRunId('leftovers')
let runtime: DockerRuntime
let root: string

beforeAll(async () => {
  await ensureRuntimeImage(false, (l) => logs.push(l))
  root = await tempDir('leftovers')
  runtime = createDockerRuntime({ imagePolicy: 'never', log: (l) => logs.push(l), client })
}, IMAGE_TIMEOUT_MS)
afterAll(async () => {
  await runtime?.cleanup?.(runId)
})

function workspace(name: string): string {
  const ws = join(root, name)
  mkdirSync(ws, { recursive: true })
  chownSync(ws, 1000, 1000)
  return ws
}

async function leavesNothing(
  s: AgentSession,
  plan: AgentPlan,
  look: () => Promise<string>
): Promise<void> {
  await s.execBackground!(request(BACKGROUND, plan.workspace), 'server')
  const r = await s.exec(request(LEAVE, plan.workspace))
  expect(r.exitCode).toBe(0)
  expect(r.note).toBeUndefined()
  const seen = await look()
  expect(seen.match(LEFT) ?? []).toEqual([])
  // The background step's process is spared.
  expect(seen).toContain(BACKGROUND)
}

const psInside = (s: AgentSession, plan: AgentPlan) => async () =>
  (await s.exec(request('ps -eo args', plan.workspace))).stdout

describe('leftovers of a step are killed when it ends', () => {
  it('docker (runc)', async () => {
    const plan = agentPlan('left_runc', workspace('runc'))
    const s = await runtime.start(plan, { runId, outDir: root, log: (l) => logs.push(l) })
    try {
      await leavesNothing(s, plan, psInside(s, plan))
      // Without a background step the whole uid is swept too; the next step runs as usual.
      const again = await s.exec(request(`${LEAVE}\necho done`, plan.workspace))
      expect(again.stdout).toBe('done\n')
      expect((await psInside(s, plan)()).match(LEFT) ?? []).toEqual([])
    } finally {
      await s.close()
    }
  })

  it('gVisor (runsc)', async () => {
    const plan = agentPlan(
      'left_runsc',
      workspace('runsc'),
      {},
      { runtime: 'runsc', pidsLimit: defaultPidsLimit('runsc') }
    )
    const s = await runtime.start(plan, { runId, outDir: root, log: (l) => logs.push(l) })
    try {
      await leavesNothing(s, plan, psInside(s, plan))
    } finally {
      await s.close()
    }
  })

  it('srt: none left on the host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mgx-left-srt-'))
    chmodSync(dir, 0o755)
    try {
      const ws = join(dir, 'ws')
      mkdirSync(ws)
      if (process.geteuid?.() === 0) chownSync(ws, 1000, 1000)
      const plan: AgentPlan = buildAgentPlan({
        id: 'left_srt',
        mode: 'srt',
        workspace: ws,
        srt: { ...SRT_DEFAULTS }
      })
      const s = await createSrtRuntime().start(plan, {
        runId,
        outDir: dir,
        log: (l) => logs.push(l)
      })
      try {
        await leavesNothing(s, plan, async () =>
          execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        )
      } finally {
        await s.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
