// Defaults of the execution keys, shared by the config loader and the Docker runtime.
import { splitImage } from '../lib/image-ref.js'
export const DEFAULT_IMAGE = 'massgen/mcp-runtime:latest'
export const DEFAULT_SUDO_IMAGE = 'massgen/mcp-runtime-sudo:latest'
/** MassGen 2026's default images (GHCR). We build them from the same docker/ context as ours. */
export const GHCR_IMAGE = 'ghcr.io/massgen/mcp-runtime:latest'
export const GHCR_SUDO_IMAGE = 'ghcr.io/massgen/mcp-runtime-sudo:latest'
/** Repositories built from the bundled docker/ context (any tag): runtime, then its sudo twin. */
export const OWN_REPOSITORIES: readonly (readonly [string, string])[] = [
  ['massgen/mcp-runtime', 'massgen/mcp-runtime-sudo'],
  ['ghcr.io/massgen/mcp-runtime', 'ghcr.io/massgen/mcp-runtime-sudo']
]
export const DEFAULT_TIMEOUT_SEC = 60
/**
 * How long a write_file or read_file step may take in a sandbox (docker, srt): on the deadline
 * its process is killed and the step ends `error`. Local mode does the file call in this process
 * (no sandbox process to kill), so it has none.
 */
export const FILE_STEP_TIMEOUT_MS = 120_000
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024
export const DEFAULT_PIDS_LIMIT = 512
/**
 * command_line_disk_limit's default: how much an agent's workspace and home may grow over a run. A
 * hosted runner has about 14 GB free, shared by the run's agents and everything else.
 */
export const DEFAULT_DISK_LIMIT_BYTES = 4 * 1024 ** 3
/**
 * The pids limit when an agent runs under gVisor and the config sets none. gVisor's own host
 * threads (sentry, gofer, one ptrace stub per process) count against the container's pids cgroup:
 * an idle sandbox holds ~57 and each process costs ~6–8 more, so 512 fits only ~60 processes
 * (measured with Debian's runsc on ptrace). 4096 fits ~500, what 512 means under runc, and is
 * still the most verify-isolation accepts; past it the whole sandbox ends, as a fork bomb does.
 */
export const GVISOR_PIDS_LIMIT = 4096

/** A runtime name that means gVisor (scripts/gvisor.sh registers runsc and runsc-net). */
export function isGvisorRuntimeName(name: string | undefined): boolean {
  return name !== undefined && (name === 'runsc' || name.startsWith('runsc-') || name === 'gvisor')
}

/** The pids limit when command_line_docker_pids_limit is absent: it depends on the runtime. */
export function defaultPidsLimit(runtime: string | undefined): number {
  return isGvisorRuntimeName(runtime) ? GVISOR_PIDS_LIMIT : DEFAULT_PIDS_LIMIT
}
/** The user the image is built for; commands run as this uid:gid unless the config says otherwise. */
export const DEFAULT_USER = '1000:1000'

/**
 * What to do about the runtime image before a run (CLI --image-policy, action input image-policy):
 * auto reuses a current local image (ours: by content hash) and builds or pulls otherwise; build
 * always builds ours; pull always pulls; never uses only a local image.
 */
export const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never'] as const
export type ImagePolicy = (typeof IMAGE_POLICIES)[number]

/** True for an image built from our docker/ context (ours or MassGen's GHCR names, any tag). */
export function isOwnImage(image: string): boolean {
  const { repository } = splitImage(image)
  return OWN_REPOSITORIES.some((pair) => pair.includes(repository))
}

/** True for the sudo variant of one of our images. */
export function isOwnSudoImage(image: string): boolean {
  const { repository } = splitImage(image)
  return OWN_REPOSITORIES.some(([, sudo]) => sudo === repository)
}

/**
 * The image a sudo-enabled agent runs: the sudo twin of one of our runtime images (same tag),
 * as MassGen switches its default image; any other image is kept.
 */
export function sudoImageFor(image: string): string {
  const { repository, tag } = splitImage(image)
  const pair = OWN_REPOSITORIES.find(([plain]) => plain === repository)
  if (!pair || tag.startsWith('@')) return image
  return `${pair[1]}:${tag}`
}

/** The `command_line_ca_certificates` entry that stands for the runner's own trust store. */
export const SYSTEM_CA = 'system'
