// A ContainerClient fake for unit tests: containers are records, execs are answered by a
// responder the test supplies (real 8-byte frames on a PassThrough, as the engine sends them), and
// every request is recorded so a test can assert what the harness asked the engine to run.
import { PassThrough, Readable } from 'node:stream'
import { EngineError } from '../../../../src/errors.js'
import type {
  ContainerClient,
  ContainerCreateSpec,
  ContainerExit,
  ContainerInspect,
  ContainerStats,
  DaemonInfo,
  ExecSpec,
  ProcessList
} from '../../../../src/runtime/docker/container-client.js'

export interface ExecReply {
  stdout?: string
  stderr?: string
  exitCode?: number | null
  /** Never ends on its own (a step that runs until killed). */
  hang?: boolean
}

export interface FakeContainer {
  id: string
  spec: ContainerCreateSpec
  running: boolean
  exitCode: number
  oomKilled: boolean
}

export function frame(stream: 1 | 2, text: string): Buffer {
  const payload = Buffer.from(text)
  const header = Buffer.alloc(8)
  header[0] = stream
  header.writeUInt32BE(payload.length, 4)
  return Buffer.concat([header, payload])
}

export class FakeClient implements ContainerClient {
  readonly target = 'fake'
  readonly containers = new Map<string, FakeContainer>()
  readonly calls: string[] = []
  readonly execs: { container: string; spec: ExecSpec }[] = []
  /** Answers each exec; default: exit 0, no output. */
  respond: (spec: ExecSpec, container: FakeContainer) => ExecReply = () => ({})
  /** What `top` returns; throw to make the harness fall back to an exec. */
  topReply: () => ProcessList = () => ({ Titles: ['PID', 'UID', 'STAT', 'COMMAND'], Processes: [] })
  /** Starting a container fails with this status code (e.g. 404 when it was removed). */
  startFails?: number
  /** What `info` reports (the runtimes the engine lists). */
  infoReply: DaemonInfo = { Runtimes: { runc: {} }, DefaultRuntime: 'runc' }
  /** Containers the engine reported an `oom` event for (by id). */
  readonly oomEvents = new Set<string>()
  /** What `containerStats` returns. */
  statsReply: (c: FakeContainer) => ContainerStats = () => ({})
  private nextId = 1
  private readonly hanging = new Set<() => void>()
  private readonly waiters = new Map<string, Set<(exit: ContainerExit) => void>>()

  async ping(): Promise<void> {}
  async version() {
    return { Version: '28.0.0' }
  }
  async info() {
    this.calls.push('info')
    return this.infoReply
  }

  /**
   * The container's main process ends on its own (as a gVisor sandbox does when the OOM killer or
   * the pids limit takes it): waiters learn the exit code, but execs attached to it hang on, as
   * runsc's do, until the container is killed, restarted or removed.
   */
  crash(id: string, exitCode: number, opts: { oom?: boolean } = {}): void {
    const c = this.get(id)
    c.running = false
    c.exitCode = exitCode
    c.oomKilled = opts.oom === true
    if (opts.oom) this.oomEvents.add(c.id)
    this.notifyStopped(c)
  }

  private notifyStopped(c: FakeContainer): void {
    for (const resolve of this.waiters.get(c.id) ?? []) resolve({ StatusCode: c.exitCode })
    this.waiters.delete(c.id)
  }

  async createContainer(spec: ContainerCreateSpec): Promise<string> {
    this.calls.push(`create ${spec.name}`)
    for (const c of this.containers.values())
      if (c.spec.name === spec.name) throw new EngineError('name in use', 409, 'create')
    const id = `${'c'.repeat(60)}${String(this.nextId++).padStart(4, '0')}`
    this.containers.set(id, { id, spec, running: false, exitCode: 0, oomKilled: false })
    return id
  }

  private get(id: string): FakeContainer {
    const c =
      this.containers.get(id) ?? [...this.containers.values()].find((x) => x.spec.name === id)
    if (!c) throw new EngineError(`no such container: ${id}`, 404, 'get')
    return c
  }

  async startContainer(id: string): Promise<void> {
    this.calls.push(`start ${id.slice(-4)}`)
    if (this.startFails) throw new EngineError('cannot start', this.startFails, 'start')
    this.get(id).running = true
  }

  async killContainer(id: string): Promise<void> {
    this.calls.push(`kill ${id.slice(-4)}`)
    const c = this.get(id)
    c.running = false
    c.exitCode = 137
    this.endHanging()
    this.notifyStopped(c)
  }

  async removeContainer(id: string): Promise<void> {
    this.calls.push(`remove ${id.slice(-4)}`)
    const c =
      this.containers.get(id) ?? [...this.containers.values()].find((x) => x.spec.name === id)
    if (c) {
      this.containers.delete(c.id)
      this.endHanging()
      for (const resolve of this.waiters.get(c.id) ?? []) resolve({ StatusCode: 137 })
      this.waiters.delete(c.id)
    }
  }

  async waitContainer(
    id: string,
    _condition: 'not-running' | 'next-exit',
    opts: { abortSignal?: AbortSignal } = {}
  ): Promise<ContainerExit> {
    this.calls.push(`wait ${id.slice(-4)}`)
    const c = this.get(id)
    if (!c.running) return { StatusCode: c.exitCode }
    return new Promise((resolve, reject) => {
      let waiters = this.waiters.get(c.id)
      if (!waiters) this.waiters.set(c.id, (waiters = new Set()))
      const done = (exit: ContainerExit) => resolve(exit)
      waiters.add(done)
      opts.abortSignal?.addEventListener(
        'abort',
        () => {
          waiters.delete(done)
          reject(new EngineError('aborted', undefined, 'wait'))
        },
        { once: true }
      )
    })
  }

  async containerStats(id: string): Promise<ContainerStats> {
    return this.statsReply(this.get(id))
  }

  async inspectContainer(id: string): Promise<ContainerInspect> {
    const c = this.get(id)
    return {
      Id: c.id,
      Name: `/${c.spec.name}`,
      Image: 'sha256:image',
      State: {
        Status: c.running ? 'running' : 'exited',
        Running: c.running,
        ExitCode: c.exitCode,
        OOMKilled: c.oomKilled,
        Pid: c.running ? 4242 : 0,
        StartedAt: '',
        FinishedAt: ''
      },
      Config: { Labels: c.spec.Labels },
      HostConfig: { ...c.spec.HostConfig }
    }
  }

  async listContainers(filter: { labels: string[] }) {
    return [...this.containers.values()]
      .filter((c) =>
        filter.labels.every((l) => {
          const [k, v] = l.split('=')
          return c.spec.Labels?.[k] === v
        })
      )
      .map((c) => ({
        Id: c.id,
        Names: [`/${c.spec.name}`],
        State: c.running ? 'running' : 'exited',
        Labels: c.spec.Labels ?? {}
      }))
  }

  async containerLogs(): Promise<string> {
    return ''
  }

  async top(): Promise<ProcessList> {
    this.calls.push('top')
    return this.topReply()
  }

  async exec(id: string, spec: ExecSpec) {
    const c = this.get(id)
    if (!c.running) throw new EngineError(`container ${id} is not running`, 409, 'exec')
    this.execs.push({ container: id, spec })
    const reply = this.respond(spec, c)
    let finished = false
    return {
      start: async () => {
        const raw = new PassThrough()
        // What the harness writes (stdin) is swallowed; output is pushed on the readable side.
        raw.write = (() => true) as typeof raw.write
        raw.end = (() => raw) as unknown as typeof raw.end
        setImmediate(() => {
          if (reply.stdout) raw.push(frame(1, reply.stdout))
          if (reply.stderr) raw.push(frame(2, reply.stderr))
          if (reply.hang)
            this.hanging.add(() => {
              finished = true
              raw.push(null)
            })
          else {
            finished = true
            raw.push(null)
          }
        })
        return raw
      },
      inspect: async () =>
        finished || !reply.hang
          ? {
              Running: false,
              ExitCode: reply.hang ? 137 : reply.exitCode === undefined ? 0 : reply.exitCode
            }
          : { Running: true, ExitCode: null }
    }
  }

  /** Ends every exec that hangs (what a kill of the agent's processes does). */
  endHanging(): void {
    for (const end of this.hanging) end()
    this.hanging.clear()
  }

  async sawOomEvent(id: string): Promise<boolean> {
    return this.oomEvents.has(id)
  }
  async inspectImage() {
    return { Id: 'sha256:image', Config: { Labels: {} } }
  }
  async buildImage(): Promise<Readable> {
    return Readable.from([])
  }
  async pullImage(): Promise<Readable> {
    return Readable.from([])
  }
  async saveImage(): Promise<Readable> {
    return Readable.from([])
  }
  async loadImage(): Promise<Readable> {
    return Readable.from([])
  }
  async tagImage(): Promise<void> {}
  async removeImage(): Promise<void> {}
  async pushImage(): Promise<Readable> {
    return Readable.from([])
  }
  async bridgeGateways(): Promise<string[]> {
    return []
  }
}
