// Egress overhead, ratios in one run, on the product's path: (1) 100 MB over HTTP from a server on
// the host, downloaded in an agent's container started by the docker runtime with
// command_line_egress (network none → relay as nobody → Unix socket → proxy → upstream), against
// the same download in a container on `bridge` straight from the host; the same pair on the host
// alone (curl through the proxy's TCP listener, as srt uses it, against direct); (2) `pip install`
// of two wheels (one small, one with 20 MB of payload) from a local index, through the allowlist
// against direct on bridge. Variants alternate round by round. The file server runs in a child
// process so the proxy does not share its event loop with the server it measures. Every engine
// call goes through the product's ContainerClient.
// Run: `npm run bench -- egress` (or `node build/bench-egress/bench/egress/egress.js`).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { scratchTmpfs } from '../../src/runtime/docker/container-spec.js'
import { createDockerRuntime } from '../../src/runtime/docker/index.js'
import {
  compileEgressPolicy,
  EgressProxy,
  emptyEgressConfig,
  RELAY_PORT
} from '../../src/runtime/egress/index.js'
import type { AgentSession } from '../../src/runtime/types.js'
import { buildWheel, startHostServer, type Wheel } from '../../__tests__/e2e/egress/fixtures.js'
import {
  agentPlan,
  benchContainer,
  benchRunId,
  client,
  engineExec,
  main,
  median,
  report,
  run,
  tempDir,
  workspace,
  type Figure
} from '../docker/common.js'

const BYTES = 100 * 1024 * 1024
const ROUNDS = Number(process.env.BENCH_EGRESS_ROUNDS ?? 5)
const PIP_ROUNDS = Number(process.env.BENCH_EGRESS_PIP_ROUNDS ?? 3)
const AGENT = '1000:1000'
const TARGET = 1.2
/** A link-speed variant: a remote registry is not a loopback memory copy (1 Gbit/s ≈ 119 MB/s). */
const LINK_MB = Number(process.env.BENCH_EGRESS_LINK_MB ?? 100)
const LINK = LINK_MB * 1024 * 1024

/** Child mode: serve the wheels in argv[3] on 127.0.0.1 and on argv[4]; print the ports. */
async function serve(wheelDir: string, gateway: string): Promise<void> {
  const wheels: Wheel[] = readdirSync(wheelDir).map((f) =>
    JSON.parse(readFileSync(join(wheelDir, f), 'utf8'))
  )
  for (const w of wheels) w.bytes = Buffer.from(w.bytes as unknown as string, 'base64')
  const local = await startHostServer(wheels, '127.0.0.1')
  const bridge = await startHostServer(wheels, gateway)
  console.log(JSON.stringify({ local: local.port, bridge: bridge.port }))
}

async function bridgeGateway(): Promise<string> {
  const fromEngine = await client.bridgeGateways().catch(() => [])
  const docker0 = networkInterfaces().docker0?.find((i) => i.family === 'IPv4')
  return fromEngine[0] ?? docker0?.address ?? '172.17.0.1'
}

async function startServer(
  wheels: Wheel[],
  gateway: string
): Promise<{ child: ChildProcess; dir: string; local: number; bridge: number }> {
  const dir = tempDir('egress-wheels')
  mkdirSync(dir, { recursive: true })
  wheels.forEach((w, i) =>
    writeFileSync(
      join(dir, `${i}.json`),
      JSON.stringify({ ...w, bytes: w.bytes.toString('base64') })
    )
  )
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', dir, gateway], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', resolve)
  )
  return { child, dir, ...(JSON.parse(line) as { local: number; bridge: number }) }
}

/** Runs a shell command as the agent: through the session (egress) or the bridge container. */
type Shell = (cmd: string) => Promise<{ exitCode: number | null; stdout: string; stderr?: string }>

function sessionShell(session: AgentSession, cwd: string): Shell {
  return (cmd) =>
    session.exec({ command: cmd, cwd, env: {}, timeoutMs: 300_000, maxOutputBytes: 64 * 1024 })
}

function bridgeShell(id: string): Shell {
  return (cmd) => engineExec(id, ['/bin/sh', '-c', cmd], { user: AGENT })
}

/** curl's own transfer time in ms (excludes the exec round trip common to both variants). */
async function curlMs(shell: Shell, args: string): Promise<number> {
  const r = await shell(`curl -sS -o /dev/null -w '%{time_total} %{size_download}' ${args}`)
  const [t, size] = r.stdout.trim().split(' ').map(Number)
  if (r.exitCode !== 0 || size !== BYTES)
    throw new Error(`download failed: ${r.stdout} ${r.stderr ?? ''}`)
  return t * 1000
}

/** pip install wall time measured inside the container, then uninstall. */
async function pipMs(
  shell: Shell,
  index: string,
  trusted: string,
  names: string[],
  viaProxy: boolean
): Promise<number> {
  // localhost is in NO_PROXY (the variables' convenience default): the bench wants the proxy.
  const prefix = viaProxy ? 'env -u NO_PROXY -u no_proxy ' : ''
  const cmd =
    `s=$(date +%s%N); ${prefix}pip install -q --no-cache-dir --index-url ${index} --trusted-host ${trusted} ${names.join(' ')} ` +
    `&& e=$(date +%s%N) && echo $(( (e - s) / 1000000 )) && pip uninstall -q -y ${names.join(' ')} >/dev/null`
  const r = await shell(cmd)
  if (r.exitCode !== 0) throw new Error(`pip failed: ${r.stdout} ${r.stderr ?? ''}`)
  return Number(r.stdout.trim().split('\n')[0])
}

async function hostCurlMs(args: string[]): Promise<number> {
  const r = await run('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{time_total} %{size_download}',
    ...args
  ])
  const [t, size] = r.stdout.trim().split(' ').map(Number)
  if (r.code !== 0 || size !== BYTES)
    throw new Error(`host download failed: ${r.stdout} ${r.stderr}`)
  return t * 1000
}

const f1 = (x: number) => x.toFixed(1)
const ratio = (a: number, b: number) => a / b

if (process.argv[2] === 'serve') {
  await serve(process.argv[3], process.argv[4])
} else {
  await main(async () => {
    const gateway = await bridgeGateway()
    const small = buildWheel('egress-bench-small', 1)
    const big = buildWheel('egress-bench-big', 2, 20 * 1024 * 1024)
    const server = await startServer([small, big], gateway)
    const egress = {
      ...emptyEgressConfig(),
      allowedDomains: ['localhost'],
      allowedPrivateRanges: ['127.0.0.1/32']
    }
    // The host proxy on TCP (srt's shape), beside the agent's own on its socket.
    const hostProxy = await EgressProxy.start({
      policy: compileEgressPolicy(egress),
      listen: { host: '127.0.0.1', port: 0 }
    })
    hostProxy.setStep({ index: 0, name: 'bench', egress: true })
    const hostProxyPort = (hostProxy.endpoint as { port: number }).port
    const runId = benchRunId('egress')
    const root = tempDir('egress')
    const ws = workspace(root, 'ws')
    const runtime = createDockerRuntime({ imagePolicy: 'auto', log: () => undefined, client })
    let session: AgentSession | undefined
    try {
      session = await runtime.start(
        { ...agentPlan('bench_egress', ws), egress },
        { runId, outDir: root, log: () => undefined }
      )
      session.beginStep?.({ index: 0, name: 'bench', egress: true })
      const none = sessionShell(session, ws)
      const bridgeId = await benchContainer(
        {
          // The agent container's hardening and filesystem, only the network differs.
          NetworkMode: 'bridge',
          Init: true,
          CapDrop: ['ALL'],
          SecurityOpt: ['no-new-privileges:true'],
          PidsLimit: 512,
          ReadonlyRootfs: true,
          Tmpfs: scratchTmpfs(),
          Mounts: [{ Type: 'volume', Target: '/home/massgen' }]
        },
        { User: '65534:65534' }
      )
      const bridge = bridgeShell(bridgeId)
      const proxy = `-x http://127.0.0.1:${RELAY_PORT} --noproxy ''`
      const local = `http://localhost:${server.local}/bytes/${BYTES}`
      const variants: [string, () => Promise<number>][] = [
        [
          'agent container → relay → proxy, HTTP (absolute URI)',
          () => curlMs(none, `${proxy} ${local}`)
        ],
        [
          'agent container → relay → proxy, CONNECT tunnel (the HTTPS path)',
          () => curlMs(none, `-p ${proxy} ${local}`)
        ],
        [
          'container on bridge → host directly',
          () => curlMs(bridge, `http://${gateway}:${server.bridge}/bytes/${BYTES}`)
        ],
        [
          'host → proxy (TCP, as srt), HTTP',
          () => hostCurlMs(['-x', `http://127.0.0.1:${hostProxyPort}`, '--noproxy', '', local])
        ],
        [
          'host → proxy (TCP, as srt), CONNECT tunnel',
          () =>
            hostCurlMs(['-p', '-x', `http://127.0.0.1:${hostProxyPort}`, '--noproxy', '', local])
        ],
        ['host direct', () => hostCurlMs([`http://127.0.0.1:${server.local}/bytes/${BYTES}`])],
        [
          `agent container → relay → proxy, CONNECT, server paced at ${LINK_MB} MB/s`,
          () => curlMs(none, `-p ${proxy} ${local}?rate=${LINK}`)
        ],
        [
          `container on bridge → host directly, server paced at ${LINK_MB} MB/s`,
          () => curlMs(bridge, `http://${gateway}:${server.bridge}/bytes/${BYTES}?rate=${LINK}`)
        ]
      ]
      const samples = variants.map(() => [] as number[])
      for (const [, fn] of variants) await fn() // warm-up
      for (let i = 0; i < ROUNDS; i++)
        for (const [k, [, fn]] of variants.entries()) samples[k].push(await fn())
      const med = samples.map(median)
      const names = [small.project, big.project]
      const pip = { proxied: [] as number[], direct: [] as number[] }
      const viaAllowlist = () =>
        pipMs(none, `http://localhost:${server.local}/simple`, 'localhost', names, true)
      const onBridge = () =>
        pipMs(bridge, `http://${gateway}:${server.bridge}/simple`, gateway, names, false)
      await viaAllowlist()
      await onBridge()
      for (let i = 0; i < PIP_ROUNDS; i++) {
        pip.proxied.push(await viaAllowlist())
        pip.direct.push(await onBridge())
      }
      const pm = { proxied: median(pip.proxied), direct: median(pip.direct) }
      const [viaHttp, viaConnect, direct, hostHttp, hostConnect, hostDirect, pacedVia, paced] = med
      const pacedR = ratio(pacedVia, paced)
      const dl = ratio(viaHttp, direct)
      const dlTunnel = ratio(viaConnect, direct)
      const hostDl = ratio(hostHttp, hostDirect)
      const hostTunnel = ratio(hostConnect, hostDirect)
      const pipR = ratio(pm.proxied, pm.direct)
      const mbps = (ms: number) => `${f1(BYTES / 1024 / 1024 / (ms / 1000))} MB/s`
      const figures: Figure[] = [
        {
          id: 'egress-download',
          figure:
            '100 MB HTTP download in an agent container: through the egress topology vs bridge',
          value: `${f1(dl)}× (${f1(viaHttp)} vs ${f1(direct)} ms)`,
          target: `≤ ${TARGET}×`,
          met: dl <= TARGET
        },
        {
          id: 'egress-download-tunnel',
          figure: 'The same through a CONNECT tunnel (the path HTTPS takes) vs bridge',
          value: `${f1(dlTunnel)}× (${f1(viaConnect)} vs ${f1(direct)} ms)`,
          target: `≤ ${TARGET}×`,
          met: dlTunnel <= TARGET
        },
        {
          id: 'egress-download-link',
          figure: `The same CONNECT download from a server paced at ${LINK_MB} MB/s vs bridge`,
          value: `${f1(pacedR)}× (${f1(pacedVia)} vs ${f1(paced)} ms)`,
          target: `≤ ${TARGET}×`,
          met: pacedR <= TARGET
        },
        {
          id: 'egress-download-host',
          figure: '100 MB on the host through the proxy (TCP, as srt) vs direct: HTTP / CONNECT',
          value: `${f1(hostDl)}× / ${f1(hostTunnel)}× (${f1(hostHttp)} / ${f1(hostConnect)} vs ${f1(hostDirect)} ms)`,
          target: '— (no target)'
        },
        {
          id: 'egress-pip',
          figure:
            '`pip install` (2 wheels, 20 MB) from a local index: through the allowlist vs bridge',
          value: `${f1(pipR)}× (${f1(pm.proxied)} vs ${f1(pm.direct)} ms)`,
          target: `≤ ${TARGET}×`,
          met: pipR <= TARGET
        }
      ]
      const rows = variants.map(
        ([name], k) =>
          `| ${name} | ${f1(med[k])} ms | ${mbps(med[k])} | ${samples[k].map(f1).join(', ')} |`
      )
      report('egress', figures, [
        `${ROUNDS} rounds of a ${BYTES / 1024 / 1024} MB download per variant (curl's time_total, median), ` +
          `${PIP_ROUNDS} rounds of pip install. The egress side is an agent started by the docker ` +
          'runtime with command_line_egress (allowed_domains: [localhost], allowed_private_ranges: ' +
          '[127.0.0.1/32]); its commands go through DockerSession.exec.',
        '',
        '| Variant | Median | Throughput | Samples |',
        '|---|---|---|---|',
        ...rows,
        '',
        `pip install (ms): through the allowlist ${pip.proxied.map(f1).join(', ')}; direct on bridge ${pip.direct.map(f1).join(', ')}.`
      ])
    } finally {
      await session?.close()
      await runtime.cleanup?.(runId)
      await hostProxy.stop()
      server.child.kill('SIGKILL')
      rmSync(server.dir, { recursive: true, force: true })
      rmSync(root, { recursive: true, force: true })
    }
  })
  process.exit(process.exitCode ?? 0)
}
