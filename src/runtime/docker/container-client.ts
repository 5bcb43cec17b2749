// The one interface between the product and the Docker engine (as testcontainers-node's
// container-client.ts): every request any part of the product makes — sessions, images, the
// post-step sweep, verify-isolation's probes, benches — goes through it. docker-container-client.ts
// implements it with dockerode and is the only module that imports dockerode; unit tests implement
// it with small fakes. The shapes are the Engine API's own JSON (v1.41+), not a library's, and
// only the fields the product uses. Failed requests reject with EngineError (see src/errors.ts).
import type { Duplex, Readable } from 'node:stream'

export interface MountSpec {
  Type: 'bind' | 'volume' | 'tmpfs'
  /** Host path for binds; volume name (none: an anonymous volume removed with the container). */
  Source?: string
  Target: string
  ReadOnly?: boolean
  /** API 1.44+: ReadOnlyForceRecursive makes a read-only bind read-only below submounts too. */
  BindOptions?: { ReadOnlyForceRecursive?: boolean }
  TmpfsOptions?: { SizeBytes?: number; Mode?: number }
}

export interface HostConfigSpec {
  Init?: boolean
  AutoRemove?: boolean
  Mounts?: MountSpec[]
  NetworkMode?: string
  PidsLimit?: number
  CapDrop?: string[]
  CapAdd?: string[]
  SecurityOpt?: string[]
  Memory?: number
  MemorySwap?: number
  NanoCpus?: number
  ReadonlyRootfs?: boolean
  /** Container path → mount options, e.g. "rw,nosuid,nodev,size=536870912,mode=1777". */
  Tmpfs?: Record<string, string>
  /** OCI runtime (runc, runsc…); absent: the engine's default. */
  Runtime?: string
  Privileged?: boolean
}

export interface ContainerCreateSpec {
  name: string
  Image: string
  Cmd?: string[]
  User?: string
  WorkingDir?: string
  Env?: string[]
  Labels?: Record<string, string>
  HostConfig: HostConfigSpec
}

/** What inspect returns, as far as the product reads it (probe 1 reads HostConfig field by field). */
export interface ContainerInspect {
  Id: string
  Name: string
  Image: string
  RestartCount?: number
  State: {
    Status: string
    Running: boolean
    ExitCode: number
    OOMKilled: boolean
    Error?: string
    Pid: number
    StartedAt: string
    FinishedAt: string
  }
  Config: { Env?: string[]; Labels?: Record<string, string>; User?: string; Image?: string }
  HostConfig: HostConfigSpec & {
    CgroupnsMode?: string
    PidMode?: string
    IpcMode?: string
    UTSMode?: string
    UsernsMode?: string
    Devices?: { PathOnHost: string; [key: string]: unknown }[]
    DeviceRequests?: unknown[]
    DeviceCgroupRules?: string[]
    CpuQuota?: number
    CpuPeriod?: number
    Binds?: string[]
    [key: string]: unknown
  }
  Mounts?: { Type: string; Name?: string; Source: string; Destination: string; RW: boolean }[]
}

export interface ContainerSummary {
  Id: string
  Names: string[]
  State: string
  Labels: Record<string, string>
}

export interface ImageInspect {
  Id: string
  Size?: number
  RepoTags?: string[]
  Config?: { Labels?: Record<string, string> | null }
}

export interface ExecSpec {
  Cmd: string[]
  /** uid:gid, always explicit. */
  User: string
  /** Always explicit too: the harness never runs anything through a PATH the agent can write. */
  Env?: string[]
  WorkingDir?: string
  AttachStdin?: boolean
  AttachStdout: boolean
  AttachStderr: boolean
  Tty: false
}

export interface ExecHandle {
  /**
   * Starts the process attached; the stream carries the engine's multiplexed frames (and takes
   * stdin when AttachStdin was set). Detached: the process runs and the stream only drains.
   */
  start(opts: { stdin?: boolean; detach?: boolean }): Promise<Duplex>
  inspect(): Promise<{ Running: boolean; ExitCode: number | null }>
}

export interface ProcessList {
  Titles: string[]
  Processes: string[][]
}

export interface DaemonVersion {
  Version?: string
  ApiVersion?: string
  KernelVersion?: string
  Components?: { Name: string; Version: string; Details?: { GitCommit?: string } }[]
}

export interface DaemonInfo {
  Architecture?: string
  CgroupVersion?: string
  CgroupDriver?: string
  Driver?: string
  OperatingSystem?: string
  Plugins?: { Authorization?: string[] | null }
  Runtimes?: Record<string, { path?: string; runtimeArgs?: string[] }>
  DefaultRuntime?: string
}

/** How a container ended, as the engine's wait reports it. */
export interface ContainerExit {
  StatusCode: number
  Error?: { Message?: string } | null
}

/** One sample of the engine's stats for a container (its host cgroup), as far as the product reads it. */
export interface ContainerStats {
  /** CPU time the container's cgroup has used, in nanoseconds (cumulative). */
  cpuTotalNs?: number
  /** Tasks in its pids cgroup (under gVisor: the sandbox's own host threads too). */
  pids?: number
  memoryBytes?: number
}

export interface BuildSpec {
  tag: string
  /** Default: Dockerfile. */
  dockerfile?: string
  buildArgs?: Record<string, string>
  labels: Record<string, string>
  /** Build every step again (benches: what a fresh engine pays). */
  noCache?: boolean
}

export interface ContainerClient {
  /** A short description of where the engine is (for messages). */
  readonly target: string
  ping(timeoutMs: number): Promise<void>
  version(): Promise<DaemonVersion>
  info(): Promise<DaemonInfo>

  createContainer(spec: ContainerCreateSpec): Promise<string>
  startContainer(id: string): Promise<void>
  /** SIGKILL (the container's main process, so the whole container). */
  killContainer(id: string): Promise<void>
  /** Force-removes with its anonymous volumes; a container already gone is not an error. */
  removeContainer(id: string): Promise<void>
  inspectContainer(id: string): Promise<ContainerInspect>
  listContainers(filter: { labels: string[] }): Promise<ContainerSummary[]>
  /** stdout+stderr with timestamps, demultiplexed. */
  containerLogs(id: string): Promise<string>
  /** The container's processes as the host sees them (`ps` on the host, no exec inside). */
  top(id: string, psArgs: string): Promise<ProcessList>
  exec(id: string, spec: ExecSpec): Promise<ExecHandle>
  /**
   * Resolves when the container is not running (at once if it is not now): its exit code. Aborting
   * the signal rejects and ends the request.
   */
  waitContainer(
    id: string,
    condition: 'not-running' | 'next-exit',
    opts?: { abortSignal?: AbortSignal }
  ): Promise<ContainerExit>
  /** One sample of the container's stats, measured by the engine on the host (no exec inside). */
  containerStats(id: string): Promise<ContainerStats>
  /** Whether the engine reported an `oom` event for the container between two instants (ms). */
  sawOomEvent(id: string, sinceMs: number, untilMs: number): Promise<boolean>

  inspectImage(ref: string): Promise<ImageInspect | undefined>
  /** Build progress (newline-delimited JSON) from a tar context. */
  buildImage(context: NodeJS.ReadableStream, spec: BuildSpec): Promise<Readable>
  /** Pull progress (newline-delimited JSON). */
  pullImage(ref: string): Promise<Readable>
  /** `docker save` of one image, or of several in one tar (shared layers once), as a stream. */
  saveImage(ref: string | readonly string[]): Promise<Readable>
  /** `docker load` from a tar stream: the engine's progress (newline-delimited JSON). */
  loadImage(tar: NodeJS.ReadableStream, opts?: { abortSignal?: AbortSignal }): Promise<Readable>
  /** Removes one name of an image (the image goes with its last name); gone already is fine. */
  removeImage(ref: string): Promise<void>
  /** Gives an image another name (`repo:tag`). */
  tagImage(ref: string, repo: string, tag: string): Promise<void>
  /** Pushes `ref` to its registry (anonymous): the engine's progress. */
  pushImage(ref: string): Promise<Readable>

  /** The default bridge's gateway addresses (the host as a bridged container sees it). */
  bridgeGateways(): Promise<string[]>
}
