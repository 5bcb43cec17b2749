// One agent's container: created once, every step exec'd in it in order (so files and installed
// packages persist), timeouts that really kill, OOM told apart from failures, logs kept.
import { mkdir, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import type Docker from 'dockerode'
import type { AgentPlan, DockerConfig } from '../../config/types.js'
import type { AgentSession, ExecRequest, ExecResult, SessionInfo } from '../types.js'
import { toolVersion } from './action-root.js'
import { errorMessage } from './connect.js'
import {
  containerCreateOptions,
  containerName,
  describeLimits,
  planMounts
} from './container-spec.js'
import { resolveCredentials, type BindMount } from './credentials.js'
import {
  delay,
  runExec,
  within,
  type ExecTarget,
  type RawExecResult,
  type RunExecOptions
} from './exec.js'
import {
  checkMountSources,
  grantWorkspaceAccess,
  parseUser,
  warnInaccessible
} from './host-access.js'
import {
  hostOomCounterFile,
  OOM_COUNTER_CMD,
  parseOomKillCount,
  readHostOomKills,
  sawOomEvent,
  type CgroupRoots
} from './oom.js'
import { validateWorkDir } from './paths.js'
import { demuxBuffer } from './logs.js'

export interface DockerSessionOptions {
  docker: Docker
  agent: AgentPlan
  config: DockerConfig
  image: string
  imageId: string
  runId: string
  log: (line: string) => void
  /** Where the host's /proc is, for the OOM counter (tests point it elsewhere). */
  cgroupRoots?: CgroupRoots
}

interface BackgroundProcess {
  name: string
  command: string
  startedAt: Date
  done: Promise<void>
  result?: RawExecResult
  error?: string
}

const ROOT = '0:0'
const HELPER_TIMEOUT_MS = 15_000
const HELPER_OUTPUT_BYTES = 64 * 1024
const KILL_ATTEMPTS = 3
const PREINSTALL_TIMEOUT_MS = 600_000
const READ_FILE_MAX_BYTES = 8 * 1024 * 1024

export class DockerSession implements AgentSession {
  readonly info: SessionInfo
  private container: Docker.Container
  private readonly user: string
  private readonly uid: number
  private readonly history: string[] = []
  private readonly background: BackgroundProcess[] = []
  private readonly closing = new AbortController()
  private closed = false
  /** The OOM counter on the host's cgroup fs, per container id; null: read it by exec. */
  private oomFile?: { id: string; file: string | null }

  private constructor(
    private readonly o: DockerSessionOptions,
    private readonly createOptions: Docker.ContainerCreateOptions,
    container: Docker.Container
  ) {
    this.container = container
    this.user = o.config.user
    this.uid = parseUser(o.config.user).uid
    this.info = {
      mode: 'docker',
      image: o.image,
      imageId: o.imageId,
      container: createOptions.name,
      limits: describeLimits(o.config)
    }
  }

  static async start(o: DockerSessionOptions): Promise<DockerSession> {
    const { agent, config, log } = o
    const user = parseUser(config.user)
    const credentials = resolveCredentials(config.credentials)
    for (const warning of credentials.warnings) log(`[${agent.id}] warning: ${warning}`)
    const protectedPaths = new Set(
      agent.contextPaths.flatMap((c) => c.protectedPaths.map((p) => resolve(p)))
    )
    const mounts = await checkMountSources(
      planMounts(agent, credentials.mounts),
      (m: BindMount) => protectedPaths.has(m.target),
      (line) => log(`[${agent.id}] ${line}`)
    )
    await grantWorkspaceAccess(resolve(agent.workspace), user, (line) =>
      log(`[${agent.id}] ${line}`)
    )
    await warnInaccessible(
      mounts.filter((m) => m.target !== resolve(agent.workspace)),
      user,
      (line) => log(`[${agent.id}] ${line}`)
    )
    const options = containerCreateOptions({
      agent,
      config,
      image: o.image,
      name: containerName(agent.id, o.runId),
      runId: o.runId,
      version: toolVersion(),
      mounts,
      env: credentials.env
    })
    const started = Date.now()
    const container = await createContainer(o.docker, options, log)
    const session = new DockerSession(o, options, container)
    try {
      await container.start()
      session.note(
        `created and started ${options.name} (${container.id.slice(0, 12)}) from ${o.image} in ${Date.now() - started} ms`
      )
      log(`[${agent.id}] container ${options.name} started (${Date.now() - started} ms)`)
      await session.preinstall()
    } catch (err) {
      await container.remove({ force: true, v: true }).catch(() => undefined)
      throw err
    }
    return session
  }

  async exec(req: ExecRequest): Promise<ExecResult> {
    this.assertOpen()
    const cwd = await validateWorkDir(req.cwd, this.o.agent)
    const watchCounter = this.o.config.memoryBytes !== undefined
    let note: string | undefined
    const { result, oomBefore, startedAt } = await this.whileRunning(async () => {
      const oomBefore = watchCounter ? await this.readOomKills() : undefined
      const startedAt = Date.now()
      const result = await runExec(this.target(), {
        cmd: ['/bin/sh', '-c', req.command],
        user: this.user,
        cwd,
        env: req.env,
        maxOutputBytes: req.maxOutputBytes,
        timeoutMs: req.timeoutMs,
        onOutput: req.onOutput,
        signal: this.closing.signal,
        onTimeout: async () => {
          if (!this.closed)
            note = await this.killAgentProcesses(`a timeout after ${req.timeoutMs} ms`)
        }
      })
      return { result, oomBefore, startedAt }
    })
    if (this.closed)
      return {
        ...result,
        exitCode: null,
        timedOut: false,
        oom: false,
        note: 'cancelled: the run is shutting down'
      }
    const oom =
      !result.timedOut && result.exitCode === 137 && (await this.oomDuring(startedAt, oomBefore))
    if (result.timedOut)
      this.note(`step timed out after ${req.timeoutMs} ms: ${req.command.slice(0, 200)}`)
    if (oom) this.note(`step killed by the OOM killer: ${req.command.slice(0, 200)}`)
    return {
      exitCode: result.timedOut ? null : result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      truncated: result.truncated,
      timedOut: result.timedOut,
      oom,
      durationMs: result.durationMs,
      note
    }
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    this.assertOpen()
    const cwd = await validateWorkDir(req.cwd, this.o.agent)
    await this.ensureRunning()
    let markStarted!: () => void
    const started = new Promise<void>((resolve) => (markStarted = resolve))
    const proc: BackgroundProcess = {
      name,
      command: req.command,
      startedAt: new Date(),
      done: Promise.resolve()
    }
    proc.done = runExec(this.target(), {
      cmd: ['/bin/sh', '-c', req.command],
      user: this.user,
      cwd,
      env: req.env,
      maxOutputBytes: req.maxOutputBytes,
      onOutput: req.onOutput,
      onStarted: markStarted,
      signal: this.closing.signal,
      graceMs: 3000
    }).then(
      (result) => void (proc.result = result),
      (err: unknown) => void (proc.error = errorMessage(err))
    )
    await Promise.race([started, proc.done])
    if (proc.error) throw new Error(`background ${name} did not start: ${proc.error}`)
    this.background.push(proc)
    this.note(`background ${name} started: ${req.command.slice(0, 200)}`)
  }

  async writeFile(path: string, content: string): Promise<void> {
    this.assertOpen()
    const target = this.absolute(path)
    // As the agent's user, so ownership and permissions (read-only mounts included) are the agent's.
    const result = await this.whileRunning(() =>
      this.agentExec(['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"', 'sh', target], {
        stdin: Buffer.from(content, 'utf8')
      })
    )
    if (result.exitCode !== 0)
      throw new Error(
        `cannot write ${target}: ${result.stderr.trim() || `exit ${result.exitCode}`}`
      )
  }

  async readFile(path: string, offset: number, lineCount?: number): Promise<string> {
    this.assertOpen()
    const target = this.absolute(path)
    const script =
      '[ -f "$3" ] || { echo "$3: not a regular file (or missing)" >&2; exit 1; }; ' +
      'exec <"$3" || exit 1; tail -n "+$1" | if [ -n "$2" ]; then head -n "$2"; else cat; fi'
    const first = Math.max(1, Math.floor(offset))
    const count = lineCount === undefined ? '' : String(Math.max(0, Math.floor(lineCount)))
    const result = await this.whileRunning(() =>
      this.agentExec(['sh', '-c', script, 'sh', String(first), count, target], {
        maxOutputBytes: READ_FILE_MAX_BYTES
      })
    )
    if (result.exitCode !== 0)
      throw new Error(`cannot read ${target}: ${result.stderr.trim() || `exit ${result.exitCode}`}`)
    return result.stdout
  }

  async saveLogs(dir: string): Promise<void> {
    await this.stopBackground()
    await mkdir(dir, { recursive: true })
    const state = await this.container.inspect().catch(() => undefined)
    const rawLogs = await this.container
      .logs({ follow: false, stdout: true, stderr: true, timestamps: true })
      .catch(() => Buffer.alloc(0))
    const lines = [
      `# docker_container.log — agent ${this.o.agent.id}`,
      `container: ${this.createOptions.name} (${this.container.id})`,
      `image: ${this.o.image} (${state?.Image ?? this.o.imageId})`,
      `user: ${this.user}; keepalive user: ${this.createOptions.User}`,
      `limits: ${JSON.stringify(this.info.limits)}`,
      `mounts:`,
      ...(this.createOptions.HostConfig?.Mounts ?? []).map(
        (m) =>
          `  ${m.Target} ${m.ReadOnly ? 'ro' : 'rw'}${m.Source === m.Target ? '' : ` <- ${m.Source}`}`
      ),
      state
        ? `state: status=${state.State.Status} running=${state.State.Running} exit=${state.State.ExitCode} ` +
          `OOMKilled=${state.State.OOMKilled} error=${JSON.stringify(state.State.Error ?? '')} ` +
          `started=${state.State.StartedAt} finished=${state.State.FinishedAt} restarts=${state.RestartCount}`
        : 'state: (container no longer exists)',
      '',
      '## history',
      ...this.history,
      '',
      '## background processes',
      ...(this.background.length === 0
        ? ['(none)']
        : this.background.map((b) => `  ${b.name}: ${describeBackground(b)}`)),
      '',
      '## container log',
      demuxBuffer(toBuffer(rawLogs)) || '(empty)'
    ]
    await writeFile(join(dir, 'docker_container.log'), lines.join('\n') + '\n')
    for (const b of this.background) {
      const file = join(dir, `background_${b.name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`)
      const body = [
        `# ${b.name}: ${b.command}`,
        `# started ${b.startedAt.toISOString()}; ${describeBackground(b)}`,
        '## stdout',
        b.result?.stdout ?? '',
        '## stderr',
        b.result?.stderr ?? b.error ?? ''
      ]
      await writeFile(file, body.join('\n') + '\n')
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.closing.abort()
    await within(Promise.all(this.background.map((b) => b.done)), 3000)
    await removeContainer(this.container)
  }

  get containerId(): string {
    return this.container.id
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`agent ${this.o.agent.id}: the container session is closed`)
  }

  private absolute(path: string): string {
    return isAbsolute(path) ? path : resolve(this.o.agent.workspace, path)
  }

  private target(): ExecTarget {
    return this.container as unknown as ExecTarget
  }

  private note(line: string): void {
    this.history.push(`${new Date().toISOString()} ${line}`)
  }

  private helper(cmd: string[], user: string): Promise<RawExecResult> {
    return runExec(this.target(), {
      cmd,
      user,
      maxOutputBytes: HELPER_OUTPUT_BYTES,
      timeoutMs: HELPER_TIMEOUT_MS,
      graceMs: 1000
    })
  }

  private agentExec(cmd: string[], extra: Partial<RunExecOptions> = {}): Promise<RawExecResult> {
    return runExec(this.target(), {
      cmd,
      user: this.user,
      cwd: resolve(this.o.agent.workspace),
      maxOutputBytes: HELPER_OUTPUT_BYTES,
      timeoutMs: 120_000,
      onTimeout: async () => void (await this.killAgentProcesses('a file operation timeout')),
      ...extra
    })
  }

  /**
   * Kills every process of the agent's uid: `kill -9 -1` run *as that uid* signals all of its
   * processes except itself (setsid children and fork bombs included; the cgroup drops no caps for
   * that). The keepalive runs as another uid and survives. Verified with pgrep run as root; if
   * processes remain, the container is restarted (or, failing that, replaced).
   * Returns a note for the step result when the container had to be restarted or replaced.
   */
  private async killAgentProcesses(why: string): Promise<string | undefined> {
    for (let attempt = 1; attempt <= KILL_ATTEMPTS; attempt++) {
      await this.helper(['sh', '-c', 'kill -9 -1'], this.user).catch(() => undefined)
      const left = await this.agentProcessCount()
      if (left === 0) {
        this.note(`killed every process of uid ${this.uid} after ${why}`)
        return undefined
      }
      await delay(100 * attempt)
    }
    return this.restart(`processes of uid ${this.uid} survived kill -9 after ${why}`)
  }

  private async agentProcessCount(): Promise<number | undefined> {
    const r = await this.helper(['pgrep', '-c', '-u', String(this.uid)], ROOT).catch(
      () => undefined
    )
    if (!r) return undefined
    if (r.exitCode === 1) return 0
    if (r.exitCode === 0) return Number(r.stdout.trim())
    return undefined
  }

  /** The container's OOM-kill counter: a host file read when possible, else an exec as root. */
  private async readOomKills(): Promise<number | undefined> {
    const file = await this.hostOomFile()
    const onHost = file ? await readHostOomKills(file) : undefined
    if (onHost !== undefined) return onHost
    const r = await this.helper(OOM_COUNTER_CMD, ROOT).catch(() => undefined)
    return r && r.exitCode === 0 ? parseOomKillCount(r.stdout) : undefined
  }

  /** Found once per container (its cgroup path does not change when it is restarted). */
  private async hostOomFile(): Promise<string | null> {
    const id = this.container.id
    if (this.oomFile?.id !== id) {
      const state = await this.container.inspect().catch(() => undefined)
      // A stopped container has no cgroup to find: look again next time.
      if (!state?.State.Running) return null
      const file = await hostOomCounterFile(state.Id, state.State.Pid, this.o.cgroupRoots)
      this.oomFile = { id, file: file ?? null }
      if (file) this.note(`OOM counter read on the host: ${file}`)
    }
    return this.oomFile.file
  }

  private async oomDuring(startedAt: number, before: number | undefined): Promise<boolean> {
    const after = await this.readOomKills()
    if (before !== undefined && after !== undefined) return after > before
    return sawOomEvent(this.o.docker, this.container.id, startedAt, Date.now()).catch(() => false)
  }

  /**
   * Runs `fn`, which execs in the container. When the engine refuses the exec because the
   * container is not running or is gone (409/404: nothing ran), the container is started again
   * (or replaced) and `fn` runs once more. Saves an inspect round trip on every step.
   */
  private async whileRunning<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      const code = (err as { statusCode?: number }).statusCode
      if (code !== 409 && code !== 404) throw err
      await this.ensureRunning()
      return fn()
    }
  }

  /** A stopped container (killed keepalive, engine restart) is started again before a step. */
  private async ensureRunning(): Promise<void> {
    const state = await this.container.inspect().catch(() => undefined)
    if (state?.State.Running) return
    const why = state
      ? `the container had stopped (exit ${state.State.ExitCode}, OOMKilled ${state.State.OOMKilled})`
      : 'the container had disappeared'
    this.o.log(`[${this.o.agent.id}] ${why}; starting it again`)
    await this.restart(why)
  }

  /** Kill + start keeps the container's filesystem; if that fails, a new container replaces it. */
  private async restart(why: string): Promise<string> {
    this.note(`${why}; restarting the container`)
    try {
      await this.container.kill().catch(() => undefined)
      for (let i = 0; i < 50; i++) {
        const s = await this.container.inspect()
        if (!s.State.Running) break
        await delay(100)
      }
      await this.container.start()
      this.note('container restarted; files and installed packages kept')
      return `container restarted after ${why} (files and installed packages kept; background processes ended)`
    } catch (err) {
      this.note(`restart failed (${errorMessage(err)}); replacing the container`)
      await removeContainer(this.container)
      this.container = await createContainer(this.o.docker, this.createOptions, this.o.log)
      await this.container.start()
      await this.preinstall()
      this.note(`container replaced: ${this.container.id.slice(0, 12)}`)
      return `container replaced after ${why}: files outside the mounted paths and installed packages were lost`
    }
  }

  private async stopBackground(): Promise<void> {
    const running = this.background.filter((b) => !b.result && !b.error)
    if (running.length === 0) return
    await this.helper(['sh', '-c', 'kill -9 -1'], this.user).catch(() => undefined)
    await within(Promise.all(running.map((b) => b.done)), 5000)
    for (const b of running)
      this.note(`background ${b.name} killed at the end of the agent's steps`)
  }

  /** command_line_docker_packages.preinstall; names go in argv, never through a shell. */
  private async preinstall(): Promise<void> {
    const packages = this.o.config.packages
    if (!packages) return
    const steps: { label: string; cmd: string[] }[] = []
    const names = (list: string[], kind: string): string[] => {
      const bad = list.filter((n) => !n.trim() || n.startsWith('-'))
      if (bad.length)
        this.o.log(
          `[${this.o.agent.id}] warning: ${kind} preinstall skips invalid names: ${bad.join(' ')}`
        )
      return list.filter((n) => n.trim() && !n.startsWith('-'))
    }
    const python = names(packages.python, 'python')
    const npm = names(packages.npm, 'npm')
    const system = names(packages.system, 'system')
    if (system.length && !this.o.config.enableSudo) {
      this.o.log(
        `[${this.o.agent.id}] warning: system packages need command_line_docker_enable_sudo; skipped: ${system.join(' ')}`
      )
    } else if (system.length) {
      steps.push({ label: 'apt-get update', cmd: ['sudo', '-n', 'apt-get', 'update'] })
      steps.push({
        label: `system ${system.join(' ')}`,
        cmd: [
          'sudo',
          '-n',
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          'install',
          '-y',
          '--no-install-recommends',
          ...system
        ]
      })
    }
    if (python.length)
      steps.push({ label: `python ${python.join(' ')}`, cmd: ['pip', 'install', ...python] })
    if (npm.length)
      steps.push({ label: `npm ${npm.join(' ')}`, cmd: ['npm', 'install', '-g', ...npm] })
    for (const step of steps) {
      const r = await this.agentExec(step.cmd, {
        timeoutMs: PREINSTALL_TIMEOUT_MS,
        maxOutputBytes: 256 * 1024
      })
      const ok = r.exitCode === 0 && !r.timedOut
      const line = `preinstall ${step.label}: ${ok ? 'ok' : r.timedOut ? 'timed out' : `failed (exit ${r.exitCode})`} in ${r.durationMs} ms`
      this.note(line)
      this.o.log(`[${this.o.agent.id}] ${line}`)
      if (!ok) {
        const tail = (r.stderr || r.stdout).trim().split('\n').slice(-15).join('\n')
        this.note(`preinstall output (tail):\n${tail}`)
        this.o.log(`[${this.o.agent.id}] preinstall output (tail):\n${tail}`)
      }
    }
  }
}

function describeBackground(b: BackgroundProcess): string {
  if (b.error) return `error: ${b.error}`
  if (!b.result) return 'still running when logs were saved'
  return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`
}

function toBuffer(logs: unknown): Buffer {
  if (Buffer.isBuffer(logs)) return logs
  if (typeof logs === 'string') return Buffer.from(logs)
  return Buffer.from(JSON.stringify(logs ?? ''))
}

/** Creates the container; a leftover of the same name (an earlier attempt of this run) is removed. */
async function createContainer(
  docker: Docker,
  options: Docker.ContainerCreateOptions,
  log: (line: string) => void
): Promise<Docker.Container> {
  try {
    return await docker.createContainer(options)
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 409) throw err
    log(`container ${options.name} already exists (left over from an earlier attempt); removing it`)
    await docker.getContainer(options.name!).remove({ force: true, v: true })
    return docker.createContainer(options)
  }
}

async function removeContainer(container: Docker.Container): Promise<void> {
  try {
    await container.remove({ force: true, v: true })
  } catch (err) {
    const code = (err as { statusCode?: number }).statusCode
    if (code !== 404 && code !== 409) throw err
  }
}
