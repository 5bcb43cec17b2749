// Read-only context paths with a filesystem mounted below them on the host (issue 28): on this
// engine (20.10, API 1.41) a read-only bind is not recursive, so the product binds each mount
// below read-only too. The attack first: the weakened twin (an engine client that drops those
// extra binds) lets probe 30 write below the mount, and the write lands on the host; with the
// defence, `run` cannot write there and nothing appears on the host, and probe 30 passes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { verifyIsolation } from '../../../src/isolation/verify.js'
import type { RunResults } from '../../../src/report/types.js'
import type { ContainerClient } from '../../../src/runtime/docker/index.js'
import { CLI, runNode } from '../../helpers/run-dist.js'
import { client, ensureRuntimeImage } from '../docker/helpers.js'
import { failures, VERIFY_TIMEOUT_MS, workDir, writeConfig } from './helpers.js'

let dir: string
let ctx: string
let sub: string

beforeAll(async () => {
  await ensureRuntimeImage(false)
  dir = await workDir('ro-sub')
  ctx = join(dir, 'ctx')
  sub = join(ctx, 'sub')
  mkdirSync(sub, { recursive: true })
  const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=1777', 'massgen-ro-sub', sub])
  if (m.status !== 0) throw new Error(`mount: ${m.stderr}`)
}, 900_000)

afterAll(() => {
  spawnSync('umount', [sub])
  spawnSync('rm', ['-rf', dir])
})

const config = (id: string) =>
  `agent:\n  id: ${id}\n  backend:\n    cwd: ${dir}/ws-${id}\n    command_line_execution_mode: docker\n    context_paths: [{path: ${ctx}, permission: read}]\n`

/** Drops the binds the product adds below read-only ones (the defence), as an old product did. */
function droppingSubmountBinds(base: ContainerClient): ContainerClient {
  return new Proxy(base, {
    get(target, prop) {
      if (prop === 'createContainer')
        return (spec: Parameters<ContainerClient['createContainer']>[0]) =>
          base.createContainer({
            ...spec,
            HostConfig: {
              ...spec.HostConfig,
              Mounts: spec.HostConfig.Mounts?.filter((m) => m.Source !== sub)
            }
          })
      const v: unknown = Reflect.get(target, prop, target)
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    }
  })
}

describe('a read-only context path with a tmpfs mounted below it (docker, API 1.41)', () => {
  it('run: writing below the mount fails and nothing appears on the host', async () => {
    const file = await writeConfig(
      dir,
      config('run') +
        `  commands:\n    - run: 'touch "$P/sub/x"'\n      env: { P: "${ctx}" }\n      expect_exit: 1\n`
    )
    const r = await runNode(CLI, ['run', file, '--out', join(dir, 'out-run')], { cwd: dir })
    const results: RunResults = JSON.parse(
      readFileSync(join(dir, 'out-run', 'results.json'), 'utf8')
    )
    const step = results.agents[0].commands[0]
    expect([r.code, step.status, step.stderr]).toEqual([
      0,
      'passed',
      expect.stringMatching(/Read-only file system/)
    ])
    expect(readdirSync(sub)).toEqual([])
  }, 600_000)

  it(
    'probe 30 passes with the defence and fails without it (the write reaching the host)',
    async () => {
      const file = await writeConfig(dir, config('probe'))
      const run = (c?: ContainerClient) =>
        verifyIsolation({
          configPath: file,
          outDir: join(dir, c ? 'out-weak' : 'out-probe'),
          workingDirectory: dir,
          log: () => undefined,
          probes: ['ro-submounts'],
          ...(c ? { client: c } : {})
        })
      const good = await run()
      const result = (o: typeof good) =>
        o.report.agents[0].results.find((x) => x.id === 'ro-submounts')!
      expect(result(good)).toMatchObject({
        status: 'pass',
        detail: expect.stringContaining(`1 mount(s) below read-only mounts refuse writes: ${sub}`)
      })
      const weak = await run(droppingSubmountBinds(client))
      expect(failures(weak.report)).toEqual({ probe: ['ro-submounts'] })
      expect(result(weak).detail).toBe(`writable below a read-only mount: ${sub}`)
      expect(readdirSync(sub)).toEqual([])
    },
    VERIFY_TIMEOUT_MS
  )
})
