// Issue 24 item 4's acceptance on the real engine: command_line_disk_limit "500m" and a step that
// writes 1 GiB into the workspace (and one into the home volume): the step is stopped with the
// reason, the next step runs in the same sandbox (the filling steps are allow_failure: a stopped
// step is a failed step, which otherwise skips the rest like any failure), and what was written
// stays near the limit (the overshoot measured).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RunResults, StepResult } from '../../../src/report/types.js'
import { runPipeline } from '../../../src/run/pipeline.js'
import { ensureRuntimeImage, IMAGE_TIMEOUT_MS, tempDir } from './helpers.js'

let dir: string
let results: RunResults
const MiB = 1024 ** 2

beforeAll(async () => {
  await ensureRuntimeImage()
  dir = await tempDir('disk-limit')
  await mkdir(join(dir, 'ws'), { recursive: true })
  // The checkout is the agent's (1000): the container user follows its owner, never root.
  if (process.geteuid?.() === 0) await chown(join(dir, 'ws'), 1000, 1000)
  const file = join(dir, 'config.yaml')
  await writeFile(
    file,
    `
agent:
  id: filler
  backend:
    cwd: ${dir}/ws
    command_line_execution_mode: docker
    command_line_disk_limit: "500m"
  commands:
    - name: write 1 GiB into the workspace
      run: dd if=/dev/zero of=big bs=256k count=4096 oflag=dsync status=none; echo wrote
      timeout: 120
      allow_failure: true
    - name: the next step
      run: echo still here && rm -f big
    - name: write 1 GiB into home
      run: dd if=/dev/zero of=$HOME/big bs=256k count=4096 oflag=dsync status=none; echo wrote
      timeout: 120
      allow_failure: true
    - name: after the home write
      run: ls -s $HOME/big; rm -f $HOME/big; echo done
`
  )
  const outcome = await runPipeline({
    configPath: file,
    outDir: join(dir, 'out'),
    workingDirectory: dir,
    log: () => undefined
  })
  results = JSON.parse(await readFile(outcome.reports.resultsFile, 'utf8')) as RunResults
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const step = (i: number): StepResult => results.agents[0].commands[i]

describe('command_line_disk_limit (issue 24 item 4)', () => {
  it('a step writing 1 GiB into the workspace at 500m is stopped with the reason', () => {
    expect(step(0).status).toBe('failed')
    expect(step(0).reason).toMatch(
      /^stopped: the workspace and home grew by \d+ MiB, over command_line_disk_limit 500 MiB/
    )
    expect(step(0).stdout).not.toContain('wrote')
    expect(results.agents[0].limits?.disk).toBe(500 * MiB)
  })

  it('the next step runs', () => {
    expect([step(1).status, step(1).stdout]).toEqual(['passed', 'still here\n'])
  })

  it('the home volume counts too', () => {
    expect(step(2).status).toBe('failed')
    expect(step(2).reason).toMatch(/over command_line_disk_limit 500 MiB/)
    expect(step(3).status).toBe('passed')
    const kib = Number(step(3).stdout.trim().split(/\s+/)[0])
    // The overshoot past the limit, in MiB (README states the precision).
    process.stdout.write(`home write stopped at ${(kib / 1024).toFixed(0)} MiB\n`)
    expect(kib * 1024).toBeLessThan(1024 * MiB)
  })

  it('the workspace write was stopped short of 1 GiB', async () => {
    // Its size at the stop is in the reason; step 2 removed it.
    const grew = Number(/grew by (\d+) MiB/.exec(step(0).reason ?? '')?.[1])
    process.stdout.write(`workspace write stopped at ${grew} MiB\n`)
    expect(grew).toBeLessThan(1024)
    await expect(stat(join(dir, 'ws', 'big'))).rejects.toThrow()
  })
})
