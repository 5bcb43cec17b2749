// What every Docker bench shares: the engine, labelled containers and the sweep that removes
// them, agent plans, child processes with timing, statistics, and the result file each bench
// leaves in bench/out/ for bench/run-all.mjs to put in the table.
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import type { AgentPlan, DockerConfig } from '../../src/config/types.js'
import {
  connectDocker,
  dockerDefaults,
  LABEL_AGENT,
  LABEL_RUN,
  type ContainerClient,
  type HostConfigSpec
} from '../../src/runtime/docker/index.js'
import { demuxBuffer } from '../../src/runtime/docker/frames.js'

export const ROOT = process.cwd()
export const OUT_DIR = join(ROOT, 'bench', 'out')
export const IMAGE = 'massgen/mcp-runtime:latest'
/** On every container a bench makes itself (`docker run`, raw API); ours carry bench- run ids. */
export const BENCH_LABEL = 'io.massgen-exec.bench'
export const BENCH_PREFIX = 'bench'
/** The product's engine client: benches reach the engine through it like everything else. */
export const client: ContainerClient = await connectDocker()

/** A bench's own container (not made by the runtime under test), labelled for the sweep. */
export async function benchContainer(
  host: HostConfigSpec,
  extra: { User?: string } = {}
): Promise<string> {
  const id = await client.createContainer({
    name: `bench-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
    Image: IMAGE,
    Cmd: ['sleep', 'infinity'],
    Labels: { [BENCH_LABEL]: '1' },
    ...extra,
    HostConfig: host
  })
  await client.startContainer(id)
  return id
}

/** One exec the way the Engine API does it bare: create → start (attached) → drain → inspect. */
export async function engineExec(
  id: string,
  cmd: string[],
  opts: { user?: string; cwd?: string } = {}
): Promise<{ exitCode: number | null; stdout: string }> {
  const exec = await client.exec(id, {
    Cmd: cmd,
    User: opts.user ?? '1000:1000',
    WorkingDir: opts.cwd,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false
  })
  const stream = (await exec.start({})) as unknown as Readable
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const state = await exec.inspect()
  return { exitCode: state.ExitCode, stdout: demuxBuffer(Buffer.concat(chunks)) }
}

export function benchRunId(tag: string): string {
  return `${BENCH_PREFIX}-${tag}-${process.pid}-${Date.now().toString(36)}`
}

/** A directory uid 1000 in the container can use (mkdtemp makes 0700). */
export function tempDir(tag: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `mgx-bench-${tag}-`)))
  chmodSync(dir, 0o755)
  return dir
}

export function workspace(parent: string, name: string): string {
  const dir = join(parent, name)
  mkdirSync(dir, { recursive: true, mode: 0o777 })
  chmodSync(dir, 0o777)
  return dir
}

export function agentPlan(
  id: string,
  ws: string,
  dockerExtra: Partial<DockerConfig> = {}
): AgentPlan {
  return {
    id,
    mode: 'docker',
    workspace: ws,
    contextPaths: [],
    policy: { enableSudo: false, allowed: [], blocked: [] },
    docker: { ...dockerDefaults(), ...dockerExtra },
    maxOutputBytes: 1024 * 1024,
    steps: []
  }
}

/** Removes every container a bench left: our bench- runs and agents, and `docker run` ones. */
export async function sweepBenchContainers(): Promise<number> {
  const all = await client.listContainers({ labels: [] })
  const ours = all.filter((c) => {
    const l = c.Labels ?? {}
    return (
      l[BENCH_LABEL] !== undefined ||
      (l[LABEL_RUN] ?? '').startsWith(`${BENCH_PREFIX}-`) ||
      (l[LABEL_AGENT] ?? '').startsWith(BENCH_PREFIX)
    )
  })
  await Promise.allSettled(ours.map((c) => client.removeContainer(c.Id)))
  return ours.length
}

export interface Timed {
  ms: number
  code: number | null
  stdout: string
  stderr: string
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv
  input?: string
  cwd?: string
}

/** Runs a program to its end; wall time from spawn to exit. */
export function run(cmd: string, args: string[], opts: RunOptions = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(cmd, args, {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, stdout, stderr }))
    child.stdin.end(opts.input ?? '')
  })
}

/** Like run(), but fails on a non-zero exit. */
export async function runOk(cmd: string, args: string[], opts: RunOptions = {}): Promise<Timed> {
  const r = await run(cmd, args, opts)
  if (r.code !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}: ${r.stderr.slice(-2000)}`)
  return r
}

export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now()
  const value = await fn()
  return [performance.now() - t0, value]
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}

export const ms = (x: number): string => `${x.toFixed(1)} ms`

/** One row of the final table. `met` is undefined where the issue sets no target. */
export interface Figure {
  id: string
  figure: string
  value: string
  target: string
  met?: boolean
}

export interface BenchResult {
  bench: string
  figures: Figure[]
  /** Markdown lines with the details (every column, every sample count). */
  details: string[]
  at: string
}

/** Writes bench/out/<name>.json and prints the details. */
export function report(bench: string, figures: Figure[], details: string[]): void {
  mkdirSync(OUT_DIR, { recursive: true })
  const result: BenchResult = { bench, figures, details, at: new Date().toISOString() }
  writeFileSync(join(OUT_DIR, `${bench}.json`), JSON.stringify(result, null, 2) + '\n')
  console.log(details.join('\n'))
  for (const f of figures)
    console.log(
      `  ${f.figure}: ${f.value} (target ${f.target}${f.met === undefined ? '' : f.met ? ', met' : ', NOT met'})`
    )
}

/** Runs a bench body; whatever happens, containers the benches made are swept. */
export async function main(body: () => Promise<void>): Promise<void> {
  try {
    await body()
  } catch (err) {
    console.error(err)
    process.exitCode = 1
  } finally {
    const left = await sweepBenchContainers().catch(() => 0)
    if (left) console.log(`(swept ${left} bench container(s))`)
  }
}

/** Peak RSS (VmHWM) of a live process, in bytes; undefined once it is gone. */
export async function peakRss(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined)
  const m = status && /^VmHWM:\s+(\d+) kB/m.exec(status)
  return m ? Number(m[1]) * 1024 : undefined
}

/** Whether `docker` (the CLI) is on PATH. */
export async function hasDockerCli(): Promise<boolean> {
  return run('docker', ['version', '--format', '{{.Server.Version}}']).then(
    (r) => r.code === 0,
    () => false
  )
}

export interface AgentSpec {
  id: string
  steps: string[]
  memory?: string
}

/** A MassGen-style config of docker agents; workspaces under `dir`. Returns its path. */
export function writeConfig(dir: string, agents: AgentSpec[], name = 'massgen.yaml'): string {
  const lines = ['agents:']
  for (const a of agents) {
    lines.push(
      `  - id: ${a.id}`,
      '    backend:',
      `      cwd: ws/${a.id}`,
      '      enable_mcp_command_line: true',
      '      command_line_execution_mode: docker',
      ...(a.memory ? [`      command_line_docker_memory_limit: "${a.memory}"`] : []),
      '    commands:',
      ...a.steps.map((s) => `      - ${JSON.stringify(s)}`)
    )
  }
  const path = join(dir, name)
  writeFileSync(path, lines.join('\n') + '\n')
  return path
}

/** The bundles under test (`npm run build`); BENCH_DIST points at another build. */
export const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist')
export const CLI = join(DIST, 'cli', 'index.js')
export const ACTION = join(DIST, 'index.js')
// A build elsewhere finds the docker/ context here.
if (process.env.BENCH_DIST) process.env.MASSGEN_EXEC_ROOT ??= ROOT
