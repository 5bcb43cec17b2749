// 2. Container provisioning and teardown: our runtime's start (image check, mount checks, create,
// start) and close (remove) against `docker run -d` / `docker rm -f` with the same hardening and
// the same bind mount, and against the bare Engine API calls. Interleaved. Run:
// `npm run bench -- provision`.
import { performance } from 'node:perf_hooks'
import { scratchTmpfs } from '../../src/runtime/docker/container-spec.js'
import { createDockerRuntime } from '../../src/runtime/docker/index.js'
import {
  agentPlan,
  BENCH_LABEL,
  benchContainer,
  benchRunId,
  client,
  hasDockerCli,
  IMAGE,
  main,
  median,
  ms,
  report,
  runOk,
  tempDir,
  workspace,
  type Figure
} from './common.js'

const N = Number(process.env.BENCH_PROVISION_ROUNDS ?? 15)

interface Pair {
  name: string
  up: number[]
  down: number[]
  once: (i: number) => Promise<[number, number]>
}

await main(async () => {
  const runId = benchRunId('provision')
  const root = tempDir('provision')
  const ws = workspace(root, 'ws')
  const runtime = createDockerRuntime({ imagePolicy: 'auto', log: () => undefined, client })
  const ctx = { runId, outDir: root, log: () => undefined }
  const hardening = ['--init', '-u', '65534:65534', '--network', 'none', '--cap-drop', 'ALL']
  hardening.push('--security-opt', 'no-new-privileges:true', '--pids-limit', '512')
  // The same read-only root: home as an anonymous volume filled from the image, sized tmpfs.
  hardening.push('--read-only', '-v', '/home/massgen')
  for (const [path, opts] of Object.entries(scratchTmpfs()))
    hardening.push('--tmpfs', `${path}:${opts}`)

  const pairs: Pair[] = [
    {
      name: 'massgen-exec (runtime.start → session.close)',
      up: [],
      down: [],
      once: async (i) => {
        const t0 = performance.now()
        const session = await runtime.start(agentPlan(`bench_provision_${i}`, ws), ctx)
        const t1 = performance.now()
        await session.close()
        return [t1 - t0, performance.now() - t1]
      }
    },
    {
      name: 'raw Engine API (create + start → remove force)',
      up: [],
      down: [],
      once: async () => {
        const t0 = performance.now()
        const c = await benchContainer(
          {
            Init: true,
            NetworkMode: 'none',
            CapDrop: ['ALL'],
            SecurityOpt: ['no-new-privileges:true'],
            PidsLimit: 512,
            ReadonlyRootfs: true,
            Tmpfs: scratchTmpfs(),
            Mounts: [
              { Type: 'volume', Target: '/home/massgen' },
              { Type: 'bind', Source: ws, Target: ws }
            ]
          },
          { User: '65534:65534' }
        )
        const t1 = performance.now()
        await client.removeContainer(c)
        return [t1 - t0, performance.now() - t1]
      }
    }
  ]
  if (await hasDockerCli())
    pairs.push({
      name: '`docker run -d` → `docker rm -f`',
      up: [],
      down: [],
      once: async () => {
        const args = ['run', '-d', '--label', `${BENCH_LABEL}=1`, ...hardening]
        const up = await runOk('docker', [...args, '-v', `${ws}:${ws}`, IMAGE, 'sleep', 'infinity'])
        const down = await runOk('docker', ['rm', '-f', '-v', up.stdout.trim()])
        return [up.ms, down.ms]
      }
    })

  for (const p of pairs) await p.once(-1) // warm-up
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < pairs.length; j++) {
      const p = pairs[(i + j) % pairs.length]
      const [up, down] = await p.once(i)
      p.up.push(up)
      p.down.push(down)
    }
  }
  await runtime.cleanup!(runId)

  const details = [
    `Provisioning (to a running container) and teardown (to gone), ${N} interleaved rounds, medians:`,
    '',
    '| Variant | provision | teardown |',
    '|---|---|---|'
  ]
  for (const p of pairs) details.push(`| ${p.name} | ${ms(median(p.up))} | ${ms(median(p.down))} |`)
  const cli = pairs.find((p) => p.name.startsWith('`docker run'))
  const base = cli ?? pairs[1]
  const baseName = cli ? '`docker run -d` / `docker rm -f`' : 'raw Engine API'
  const ours = pairs[0]
  const figures: Figure[] = [
    {
      id: 'provision',
      figure: `Container provisioning / ${baseName}`,
      value: `${(median(ours.up) / median(base.up)).toFixed(2)}× (${ms(median(ours.up))} vs ${ms(median(base.up))})`,
      target: '— (no target; compared)'
    },
    {
      id: 'teardown',
      figure: `Container teardown / ${baseName}`,
      value: `${(median(ours.down) / median(base.down)).toFixed(2)}× (${ms(median(ours.down))} vs ${ms(median(base.down))})`,
      target: '— (no target; compared)'
    }
  ]
  report('provision', figures, details)
})
