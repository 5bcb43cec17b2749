// ContainerClient on dockerode: the only module that imports it. Connects the way the docker CLI
// does (DOCKER_HOST, else the default socket) and proves the engine answers; an unreachable engine
// is an EnvironmentError, never a fallback. Engine failures become EngineError with the engine's
// own message and status code.
import type { Duplex, Readable } from 'node:stream'
import Docker from 'dockerode'
import { EngineError, EnvironmentError, errorMessage } from '../../errors.js'
import type {
  BuildSpec,
  ContainerClient,
  ContainerCreateSpec,
  ContainerExit,
  ContainerInspect,
  ContainerStats,
  ContainerSummary,
  DaemonInfo,
  DaemonVersion,
  ExecHandle,
  ExecSpec,
  ImageInspect,
  ProcessList
} from './container-client.js'
import { demuxBuffer } from './frames.js'

const PING_TIMEOUT_MS = 10_000

/** A client for the engine DOCKER_HOST (or the default socket) names, once it has answered a ping. */
export async function connectDocker(): Promise<ContainerClient> {
  let docker: Docker
  try {
    docker = new Docker()
  } catch (err) {
    throw new EnvironmentError(
      `cannot use DOCKER_HOST=${process.env.DOCKER_HOST}: ${engineMessage(err)}`,
      'Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:port, or unset it to use the default socket.'
    )
  }
  const client = new DockerContainerClient(docker, await describeTarget(docker))
  try {
    await client.ping(PING_TIMEOUT_MS)
  } catch (err) {
    throw new EnvironmentError(
      `Docker engine unreachable at ${client.target}: ${errorMessage(err)}`,
      hintFor(err, client.target)
    )
  }
  return client
}

export class DockerContainerClient implements ContainerClient {
  constructor(
    private readonly docker: Docker,
    readonly target: string
  ) {}

  async ping(timeoutMs: number): Promise<void> {
    const ping = this.docker.ping.bind(this.docker) as (o: {
      abortSignal: AbortSignal
    }) => Promise<unknown>
    await call('ping', () => ping({ abortSignal: AbortSignal.timeout(timeoutMs) }))
  }

  version(): Promise<DaemonVersion> {
    return call('version', () => this.docker.version() as Promise<DaemonVersion>)
  }

  info(): Promise<DaemonInfo> {
    return call('info', () => this.docker.info() as Promise<DaemonInfo>)
  }

  async createContainer(spec: ContainerCreateSpec): Promise<string> {
    const c = await call(`create container ${spec.name}`, () =>
      this.docker.createContainer(spec as unknown as Docker.ContainerCreateOptions)
    )
    return c.id
  }

  async startContainer(id: string): Promise<void> {
    await call(`start ${id}`, () => this.docker.getContainer(id).start())
  }

  async killContainer(id: string): Promise<void> {
    await call(`kill ${id}`, () => this.docker.getContainer(id).kill())
  }

  async removeContainer(id: string): Promise<void> {
    try {
      await call(`remove ${id}`, () =>
        this.docker.getContainer(id).remove({ force: true, v: true })
      )
    } catch (err) {
      // Gone already, or its removal is under way (409): either way it will not be left behind.
      const code = (err as EngineError).statusCode
      if (code !== 404 && code !== 409) throw err
    }
  }

  inspectContainer(id: string): Promise<ContainerInspect> {
    return call(
      `inspect ${id}`,
      () => this.docker.getContainer(id).inspect() as unknown as Promise<ContainerInspect>
    )
  }

  listContainers(filter: { labels: string[] }): Promise<ContainerSummary[]> {
    return call(
      'list containers',
      () =>
        this.docker.listContainers({
          all: true,
          filters: JSON.stringify({ label: filter.labels })
        } as unknown as Docker.ContainerListOptions) as unknown as Promise<ContainerSummary[]>
    )
  }

  async containerLogs(id: string): Promise<string> {
    const raw: unknown = await call(`logs ${id}`, () =>
      this.docker
        .getContainer(id)
        .logs({ follow: false, stdout: true, stderr: true, timestamps: true })
    )
    // follow: false resolves a Buffer of multiplexed frames (docker-modem has no demuxBuffer).
    if (Buffer.isBuffer(raw)) return demuxBuffer(raw)
    return typeof raw === 'string' ? raw : ''
  }

  top(id: string, psArgs: string): Promise<ProcessList> {
    return call(
      `top ${id}`,
      () => this.docker.getContainer(id).top({ ps_args: psArgs }) as unknown as Promise<ProcessList>
    )
  }

  async exec(id: string, spec: ExecSpec): Promise<ExecHandle> {
    const exec = await call(`exec in ${id}`, () => this.docker.getContainer(id).exec(spec))
    return {
      start: async ({ stdin, detach }) => {
        // Hijacked (an HTTP upgrade to the raw socket) even without stdin: the output then skips
        // Node's HTTP response parsing, chunk by chunk, which is most of the cost of a flood.
        const stream = await call(
          `start exec in ${id}`,
          () =>
            exec.start({
              hijack: !detach,
              stdin: stdin === true,
              Detach: detach === true,
              Tty: false
            }) as unknown as Promise<Duplex>
        )
        return stream
      },
      inspect: async () => {
        const s = await call(`inspect exec in ${id}`, () => exec.inspect())
        return { Running: s.Running, ExitCode: s.ExitCode ?? null }
      }
    }
  }

  waitContainer(
    id: string,
    condition: 'not-running' | 'next-exit',
    opts: { abortSignal?: AbortSignal } = {}
  ): Promise<ContainerExit> {
    return call(
      `wait for ${id}`,
      () =>
        this.docker
          .getContainer(id)
          .wait({ condition, abortSignal: opts.abortSignal }) as unknown as Promise<ContainerExit>
    )
  }

  async containerStats(id: string): Promise<ContainerStats> {
    // one-shot (API 1.41+): the current sample without waiting a second for a second one.
    const s = await call(`stats of ${id}`, () =>
      this.docker.getContainer(id).stats({ stream: false, 'one-shot': true })
    )
    return {
      cpuTotalNs: s.cpu_stats?.cpu_usage?.total_usage,
      pids: s.pids_stats?.current,
      memoryBytes: s.memory_stats?.usage
    }
  }

  async sawOomEvent(id: string, sinceMs: number, untilMs: number): Promise<boolean> {
    const stream = (await call('events', () =>
      this.docker.getEvents({
        since: String(Math.floor(sinceMs / 1000)),
        // `until` in the future would hold the stream open until then.
        until: (Math.min(untilMs, Date.now()) / 1000).toFixed(3),
        filters: JSON.stringify({ container: [id], event: ['oom'] })
      } as unknown as Parameters<Docker['getEvents']>[0])
    )) as unknown as Readable
    let text = ''
    for await (const chunk of stream) text += String(chunk)
    return /"(status|Action)":"oom"/.test(text)
  }

  async inspectImage(ref: string): Promise<ImageInspect | undefined> {
    try {
      return await call(
        `inspect image ${ref}`,
        () => this.docker.getImage(ref).inspect() as Promise<ImageInspect>
      )
    } catch (err) {
      if ((err as EngineError).statusCode === 404) return undefined
      throw err
    }
  }

  buildImage(context: NodeJS.ReadableStream, spec: BuildSpec): Promise<Readable> {
    return call(
      `build ${spec.tag}`,
      () =>
        this.docker.buildImage(context, {
          t: spec.tag,
          dockerfile: spec.dockerfile,
          buildargs: spec.buildArgs,
          labels: spec.labels,
          nocache: spec.noCache,
          rm: true,
          forcerm: true
        }) as unknown as Promise<Readable>
    )
  }

  pullImage(ref: string): Promise<Readable> {
    return call(`pull ${ref}`, () => this.docker.pull(ref) as Promise<Readable>)
  }

  saveImage(ref: string | readonly string[]): Promise<Readable> {
    const refs = typeof ref === 'string' ? [ref] : [...ref]
    return call(`save ${refs.join(' ')}`, () =>
      refs.length === 1
        ? (this.docker.getImage(refs[0]).get() as unknown as Promise<Readable>)
        : // GET /images/get?names=…; @types/dockerode does not declare getImages.
          ((
            this.docker as unknown as { getImages(o: { names: string[] }): Promise<Readable> }
          ).getImages({ names: refs }) as Promise<Readable>)
    )
  }

  loadImage(
    tar: NodeJS.ReadableStream,
    opts: { abortSignal?: AbortSignal } = {}
  ): Promise<Readable> {
    return call(
      'load image',
      () =>
        this.docker.loadImage(tar, {
          quiet: true,
          abortSignal: opts.abortSignal
        }) as unknown as Promise<Readable>
    )
  }

  async removeImage(ref: string): Promise<void> {
    try {
      await call(`remove image ${ref}`, () => this.docker.getImage(ref).remove({ noprune: false }))
    } catch (err) {
      if ((err as EngineError).statusCode !== 404) throw err
    }
  }

  async tagImage(ref: string, repo: string, tag: string): Promise<void> {
    await call(`tag ${ref}`, () => this.docker.getImage(ref).tag({ repo, tag }))
  }

  pushImage(ref: string): Promise<Readable> {
    // The engine wants an X-Registry-Auth header even for an anonymous registry.
    return call(
      `push ${ref}`,
      () => this.docker.getImage(ref).push({ authconfig: {} }) as unknown as Promise<Readable>
    )
  }

  async bridgeGateways(): Promise<string[]> {
    const bridge = (await call('inspect network bridge', () =>
      this.docker.getNetwork('bridge').inspect()
    ).catch(() => undefined)) as { IPAM?: { Config?: { Gateway?: string }[] } } | undefined
    return (bridge?.IPAM?.Config ?? [])
      .map((c) => c.Gateway ?? '')
      .filter((g) => /^\d+\.\d+\.\d+\.\d+$/.test(g))
  }
}

/** Runs one engine request; its failure becomes an EngineError naming the operation. */
async function call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof EngineError) throw err
    const code = (err as { statusCode?: number }).statusCode
    const error = new EngineError(`${operation}: ${engineMessage(err)}`, code, operation)
    ;(error as { cause?: unknown }).cause = err
    throw error
  }
}

/** The engine's own message (dockerode wraps it in "(HTTP code 404) no such container - …"). */
function engineMessage(err: unknown): string {
  if (err instanceof Error) {
    const json = (err as { json?: { message?: string } }).json
    return json?.message ?? err.message
  }
  return String(err)
}

async function describeTarget(docker: Docker): Promise<string> {
  if (process.env.DOCKER_HOST) return `DOCKER_HOST=${process.env.DOCKER_HOST}`
  const modem = docker.modem as unknown as { getSocketPath?: () => Promise<string | undefined> }
  const socket = await modem.getSocketPath?.().catch(() => undefined)
  return socket ? `unix://${socket} (DOCKER_HOST unset)` : 'the default socket (DOCKER_HOST unset)'
}

function hintFor(err: unknown, target: string): string {
  const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string })).code
  if (code === 'EACCES')
    return `Permission denied on ${target}: add this user to the 'docker' group (or run with access to the socket).`
  return (
    'Start the Docker engine (e.g. `sudo systemctl start docker`, or Docker Desktop), or point DOCKER_HOST ' +
    'at a running engine. To run without containers, set execution mode to local explicitly.'
  )
}
