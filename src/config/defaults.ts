// Defaults of the execution keys, shared by the config loader and the Docker runtime.
export const DEFAULT_IMAGE = 'massgen/mcp-runtime:latest'
export const DEFAULT_SUDO_IMAGE = 'massgen/mcp-runtime-sudo:latest'
export const DEFAULT_TIMEOUT_SEC = 60
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024
export const DEFAULT_PIDS_LIMIT = 512
/** The user the image is built for; commands run as this uid:gid unless the config says otherwise. */
export const DEFAULT_USER = '1000:1000'

/**
 * What to do about the runtime image before a run (CLI --image-policy, action input image-policy):
 * auto reuses a current local image (ours: by content hash) and builds or pulls otherwise; build
 * always builds ours; pull always pulls; never uses only a local image.
 */
export const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never'] as const
export type ImagePolicy = (typeof IMAGE_POLICIES)[number]
