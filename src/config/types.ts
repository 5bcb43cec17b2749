// The typed, validated plan a MassGen-style config becomes. Everything downstream (policy,
// runtime, run, report) reads only these types, never raw YAML.
import type { EgressConfig } from '../lib/egress/types.js'
import type { UnsafeClass, UnsafeFinding } from './unsafe.js'

export type ExecutionMode = 'local' | 'docker' | 'srt'
export type NetworkMode = 'none' | 'bridge' | 'host'
export type Permission = 'read' | 'write'

/** A position in the config file, for errors that point back at the YAML. */
export interface SourcePos {
  file: string
  line: number
  col: number
}

export interface ContextPath {
  /** Absolute host path. */
  path: string
  permission: Permission
  /** Absolute host paths below `path` that stay read-only even when `permission` is write. */
  protectedPaths: string[]
  name?: string
}

export interface CredentialsConfig {
  /** Named credential mounts: ssh_keys, git_config, gh_config, npm_config, pypi_config. */
  mount: string[]
  /** host path (absolute) → container path and mode. MassGen's mode default is read-only here. */
  additionalMounts: { hostPath: string; bind: string; mode: 'ro' | 'rw' }[]
  envFile?: string
  /** Host variable names copied into the container. */
  envVars: string[]
  /** Names filtered out of env_file. Empty means all of the file. */
  envVarsFromFile: string[]
  passAllEnv: boolean
}

export interface PackagesConfig {
  python: string[]
  npm: string[]
  system: string[]
}

/** A compiled allow/block pattern, kept with its source text and position for messages. */
export interface CommandPattern {
  source: string
  regex: RegExp
  pos?: SourcePos
}

/** What a MassGen 2026 `permissions:` rule applies to: `command(…)`, `write_file(…)`, … `*(…)`. */
export type PermissionAction = 'command' | 'read_file' | 'write_file' | 'read_url' | 'mcp' | '*'

/** One `permissions.rules` entry, e.g. deny `command(git push --force*)`. */
export interface PermissionRule {
  decision: 'deny' | 'ask' | 'allow'
  action: PermissionAction
  /** fnmatch glob over the whole target (a command, a path); `*` crosses `/` and spaces. */
  pattern: string
  /** The rule as written (or as a role preset spells it), for messages. */
  source: string
  /** Where it comes from when not the config (`role read-only`). */
  origin?: string
  pos?: SourcePos
}

export interface PolicyConfig {
  enableSudo: boolean
  allowed: CommandPattern[]
  blocked: CommandPattern[]
  /** MassGen 2026 `permissions:` rules that apply to a scripted run (command and file rules). */
  permissions?: PermissionRule[]
}

export interface DockerConfig {
  image: string
  /** True when `image` is one of our own (built from the bundled docker/ context). */
  ownImage: boolean
  /** Bytes, or undefined for no limit. */
  memoryBytes?: number
  /** CPUs (fractional). */
  cpus?: number
  network: NetworkMode
  enableSudo: boolean
  /** Root filesystem read-only (home a volume, /tmp /var/tmp /run tmpfs); default: not with sudo. */
  readOnlyRootfs: boolean
  pidsLimit: number
  /** OCI runtime name the engine lists (e.g. runsc for gVisor); undefined: the engine's default. */
  runtime?: string
  /** uid:gid the commands are exec'd as. */
  user: string
  /** The config set `user` (command_line_docker_user); otherwise it follows the workspace's owner. */
  userExplicit?: boolean
  credentials?: CredentialsConfig
  packages?: PackagesConfig
  /** command_line_disk_limit: bytes the agent's writable storage may grow by (runtime/docker/disk.ts). */
  diskLimitBytes?: number
}

export type SrtReadMode = 'confined' | 'strict' | 'open'

/**
 * MassGen's `command_line_srt_*` keys (execution mode `srt`), paths absolute. Its network key,
 * `command_line_srt_network_allowed_domains`, is not here: it adds to AgentPlan.egress.
 */
export interface SrtConfig {
  /** confined: $HOME hidden except the agent's paths; strict: / hidden except those and a system baseline; open: only secret stores hidden. */
  readMode: SrtReadMode
  /** Extra paths hidden from reads, on top of the built-in secret stores. */
  denyRead: string[]
  /** Extra paths readable inside a hidden region (never a secret store). */
  allowRead: string[]
  allowUnixSockets: string[]
  /** No writable path at all. */
  readOnly: boolean
}

interface StepBase {
  index: number
  name?: string
  pos?: SourcePos
}

export interface RunStep extends StepBase {
  kind: 'run'
  run: string
  timeoutSec: number
  /** Absolute host path (resolved against the agent workspace), or undefined for the workspace. */
  workDir?: string
  env: Record<string, string>
  expectExit: number
  allowFailure: boolean
  background: boolean
  /** Workspace-relative or absolute path of a JUnit XML report this step writes. */
  junit?: string
  /** Re-runs of a failing step (0 or undefined: none). */
  retries?: number
  /** Run on the head tree and on the base tree with the head's tests (test transitions). */
  compare?: CompareSpec
  /** The step's `egress:`; undefined means the agent's (on when it has command_line_egress). */
  egress?: boolean
}

/** compare.evidence: what to gather on head after the verdict. */
export type EvidenceKind = 'coverage' | 'mutation'

/** compare.require: the gate (any subset). */
export interface EvidenceRequire {
  changed_line_coverage?: number
  mutation_score?: number
}

/** compare.mutation. */
export interface MutationSettings {
  /** Default 50. */
  max_mutants?: number
  /** Total wall-clock cap for all mutants, seconds (default 600). */
  time_limit?: number
}

export interface CompareSpec {
  /** Absolute host path inside the git work tree under test. */
  repo: string
  /** Revision of the base tree; the action's `base-ref` / CLI `--base-ref` override it. */
  base?: string
  /** Git pathspec globs naming the test files; a leading "!" excludes. */
  tests: string[]
  /** Kinds of tampering accepted knowingly (recorded in the results). */
  allow?: TamperKind[]
  /** Evidence gathered on head after the verdict (issue 25). */
  evidence?: EvidenceKind[]
  /** The gate on that evidence (any subset, each 0..1). */
  require?: EvidenceRequire
  /** The mutation budget. */
  mutation?: MutationSettings
}

/** What a change did to the test run beyond tests and code (compare.tamper, compare.allow). */
export type TamperKind =
  | 'runner-config'
  | 'test-support'
  | 'removed-test'
  | 'skipped-test'
  | 'report-mismatch'
  | 'rerun-mismatch'

export interface WriteFileStep extends StepBase {
  kind: 'write_file'
  path: string
  content: string
}

export interface ReadFileStep extends StepBase {
  kind: 'read_file'
  path: string
  /** Lines to skip before the first one returned (0 reads from the first line), as MassGen's read_file. */
  offset: number
  lineCount?: number
}

export type Step = RunStep | WriteFileStep | ReadFileStep

export interface AgentPlan {
  id: string
  mode: ExecutionMode
  /** Absolute host path of the agent workspace (MassGen's `cwd`). */
  workspace: string
  /**
   * `cwd`: the config gave one. `default`: it did not (MassGen gives such an agent no workspace
   * and no command tool); `.massgen/workspaces/<id>` is used only if the agent has commands.
   */
  workspaceSource?: 'cwd' | 'default'
  contextPaths: ContextPath[]
  /** orchestrator.agent_temporary_workspace (absolute), mounted read-only in docker mode. */
  tempWorkspace?: string
  /** MassGen's unreleased command_execution_prefix, e.g. "uv run". */
  commandPrefix?: string
  /** MassGen's unreleased command_execution_venv_path (absolute). */
  venvPath?: string
  policy: PolicyConfig
  docker?: DockerConfig
  /** command_line_egress (and MassGen's srt domain list): undefined means no network at all. */
  egress?: EgressConfig
  srt?: SrtConfig
  /**
   * command_line_ca_certificates plus the run's `ca-certificates` option: absolute PEM paths, or
   * `system` (the runner's bundle). The sandbox trusts the runner's bundle and these.
   */
  caCertificates?: string[]
  /** Output cap per stream per command. */
  maxOutputBytes: number
  steps: Step[]
  pos?: SourcePos
  /** The unsafe classes the invoker allowed (see config/unsafe.ts, isUnsafeAllowed). */
  allowUnsafe?: UnsafeClass[]
}

/** A MassGen key that is accepted and not acted on, with every place it appears. */
export interface IgnoredKey {
  /** Key path with list indexes as `[*]`, e.g. `agents[*].backend.model`. */
  path: string
  reason: string
  at: SourcePos[]
}

/** Something worth knowing that does not stop the config from loading. */
export interface ConfigWarning extends SourcePos {
  message: string
}

export interface RunPlan {
  /** Absolute path of the config file. */
  configFile: string
  /** Directory relative paths in the config resolve against. */
  workingDirectory: string
  agents: AgentPlan[]
  defaults: {
    timeoutSec: number
    maxOutputBytes: number
  }
  /** Duplicate keys, missing context paths, … (validate --strict makes them errors). */
  warnings?: ConfigWarning[]
  /** MassGen keys the run accepts and does not act on. */
  ignored?: IgnoredKey[]
  /** Settings that expose the host, wherever written (refused unless the invoker allows). */
  unsafe?: UnsafeFinding[]
  /** The unsafe classes the invoker allowed for this run (set by refuseUnsafe). */
  allowUnsafe?: UnsafeClass[]
  /** Where the config text came from: the work tree, or a git revision (config-ref). */
  source?: ConfigSource
}

/** Where a config was read from, as results.json records it. */
export interface ConfigSource {
  /** worktree: the file on disk; revision: the file's blob at a git revision (config-ref). */
  kind: 'worktree' | 'revision'
  /** The path as given. */
  path: string
  /** The revision as given (config-ref). */
  ref?: string
  /** The commit it resolved to. */
  commit?: string
  /** The git blob id of the text read (for the work tree: what `git hash-object` prints). */
  blob?: string
}
