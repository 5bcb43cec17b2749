// The shapes verify-isolation works with: a probe, the context it runs in, what it reports, and
// isolation.json. Three statuses only (the contract); severity, when there is one, is in
// the detail line.
import type { AgentPlan, ConfigSource, DockerConfig, SrtConfig } from '../config/types.js'
import type { UnsafeSummary } from '../report/types.js'
import type {
  ContainerClient,
  ContainerInspect,
  RawExecResult,
  RuntimeChoice
} from '../runtime/docker/index.js'
import type { EgressConfig } from '../runtime/egress/index.js'
import type { AgentSession, ExecResult } from '../runtime/types.js'
import type { EgressFixture } from './egress.js'

export type ProbeStatus = 'pass' | 'fail' | 'skip'

export interface ProbeOutcome {
  status: ProbeStatus
  /** One line: what was tried and what happened (or why it was skipped). */
  detail: string
}

/**
 * When a probe runs. `parallel`: alongside the other agents' probes. `disruptive`: after every
 * agent's parallel probes, still in parallel (each harms only its own container). `exclusive`: one
 * agent at a time (a fork bomb while another agent must keep working; CPU measured uncontended).
 * `engine`: once the containers are gone.
 */
export type ProbePhase = 'parallel' | 'disruptive' | 'exclusive' | 'engine'

/** The sandboxes verify-isolation probes. */
export type Sandbox = 'docker' | 'srt'

/** A probe as defined: `run` is typed on the context it reads (a docker, srt or shared one). */
export interface ProbeDef<C> {
  id: string
  number: number
  title: string
  phase: ProbePhase
  run(ctx: C): Promise<ProbeOutcome>
}

/** A container probe. */
export type Probe = ProbeDef<ProbeContext>

/**
 * What every sandbox's context has: the probes that run unchanged in docker and srt read only
 * this (both ProbeContext and SrtProbeContext are one).
 */
export type SandboxContext = Pick<
  ProbeContext,
  'agent' | 'scratch' | 'host' | 'collectors' | 'agentExec' | 'session' | 'uid' | 'egress' | 'log'
>

/** Another srt agent the probed one must not reach. */
export interface SrtPeer {
  id: string
  workspace: string
  /** A file the check wrote into the peer's workspace (host side). */
  markerFile: string
  /** The argv of a process running in the peer's sandbox ("sleep 86400.<n>"). */
  processArgv: string
}

/** Files the check planted where no srt agent may read: in ~/.ssh and under each deny_read path. */
export interface PlantedSecret {
  path: string
  token: string
  where: string
}

/** What an srt probe reads: no engine, no container; the sandbox's settings and the planted secrets. */
export interface SrtProbeContext extends SandboxContext {
  srt: SrtConfig
  secrets: PlantedSecret[]
  peers: SrtPeer[]
  canary: { name: string; value: string }
}

/** Another container the probed agent must not reach: another agent of the config, or a throwaway. */
export interface Peer {
  id: string
  plan: AgentPlan
  session: AgentSession
  container: string
  /** A file the check wrote into the peer's workspace (host side). */
  markerFile: string
  /** A string in the argv of a process running in the peer's container. */
  processTag: string
  /** False for a throwaway container started only to be a peer. */
  fromConfig: boolean
}

export interface HostFixture {
  /** The runner's home directory (os.homedir() unless a self-test says otherwise). */
  home: string
  /** A marker file the check wrote into `home` (removed afterwards), or undefined when it could not. */
  homeMarker?: string
  /** A directory the check made outside every mount, with a marker file in it. */
  outsideDir: string
  outsideMarker: string
  /** A file outside every mount that agents try to reach through planted symlinks. */
  secretFile: string
  secretToken: string
  /** A TCP listener the check runs on the host. */
  listener: { port: number; addresses: string[] }
}

/** The result collectors probe 18 checks; self-tests swap in naive ones to prove it can fail. */
export interface Collectors {
  readJunit(path: string, workspace: string): Promise<{ error?: string; failed: string[] }>
  listFiles(root: string): Promise<string[]>
  redactTree(root: string, redact: (s: string) => string): Promise<number>
}

export interface ProbeContext {
  client: ContainerClient
  /** The agent's container as the engine reports it now. */
  inspect(): Promise<ContainerInspect>
  runId: string
  agent: AgentPlan
  config: DockerConfig
  /**
   * The runtime the agent's config puts its container under, as the engine lists it: probes whose
   * expected behaviour differs under gVisor read `runtime.gvisor`.
   */
  runtime: RuntimeChoice
  /** What the engine says about itself: its runtimes and its host's kernel release. */
  engine: EngineRuntimeFacts
  /**
   * The runtime the check was told to expect (`--expect-runtime`, action input `expect-runtime`),
   * from outside the config: a runtime name, or `gvisor` for any gVisor runtime.
   */
  expectRuntime?: string
  session: AgentSession
  /** Container name (stable across the session's restarts and replacements). */
  container: string
  peers: Peer[]
  host: HostFixture
  canary: { name: string; value: string }
  /** A scratch directory inside the agent's workspace (host path = container path). */
  scratch: string
  collectors: Collectors
  /** The agent's uid (numeric). */
  uid: number
  /** Runs a shell script as the agent, through the agent's session (policy-free, as a step would). */
  agentExec(
    script: string,
    opts?: { timeoutMs?: number; maxOutputBytes?: number }
  ): Promise<ExecResult>
  /** Runs argv as root in the agent's container through the engine (for baselines only). */
  rootExec(cmd: string[], timeoutMs?: number): Promise<RawExecResult>
  log(line: string): void
  /**
   * Agents with command_line_egress: verify's probe names and server, and the agent's egress
   * config as written (before verify added its probe entry and range).
   */
  egress?: { fixture: EgressFixture; config: EgressConfig }
}

export interface EngineRuntimeFacts {
  runtimes: Record<string, { path?: string; runtimeArgs?: string[] | null } | null | undefined>
  defaultRuntime: string
  /** The engine host's kernel release (`docker version`'s KernelVersion). */
  kernel?: string
}

export interface ProbeResult extends ProbeOutcome {
  id: string
  number: number
  durationMs: number
}

export interface AgentIsolation {
  id: string
  container?: string
  image?: string
  /** The runtime its container ran under (the engine's name for it). */
  runtime?: string
  /** Set when the agent's container could not be started: its probes are all `fail`. */
  error?: string
  results: ProbeResult[]
}

export interface EngineInfo {
  docker?: string
  apiVersion?: string
  containerd?: string
  runc?: string
  init?: string
  /** The runtimes the engine lists, and its default. */
  runtimes?: string[]
  defaultRuntime?: string
  cgroupVersion?: string
  os?: string
  kernel?: string
}

export interface IsolationReport {
  version: 1
  status: 'passed' | 'failed' | 'error'
  runId: string
  startedAt: string
  durationMs: number
  config: string
  engine: EngineInfo
  /** The runtime the check was told to expect (--expect-runtime), when it was. */
  expectRuntime?: string
  probes: { id: string; number: number; title: string }[]
  agents: AgentIsolation[]
  /** Agents that were not probed (local mode). */
  notProbed: { id: string; reason: string }[]
  error?: string
  /** Where the config was read from: the work tree, or a git revision (config-ref) and its blob. */
  configSource?: ConfigSource
  /** The unsafe classes the invoker allowed, and the settings they let through. */
  unsafe?: UnsafeSummary
}
