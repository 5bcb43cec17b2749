// Defaults of the execution keys, shared by the config loader and the Docker runtime.
export const DEFAULT_IMAGE = 'massgen/mcp-runtime:latest'
export const DEFAULT_SUDO_IMAGE = 'massgen/mcp-runtime-sudo:latest'
export const DEFAULT_TIMEOUT_SEC = 60
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024
export const DEFAULT_PIDS_LIMIT = 512
/** The user the image is built for; commands run as this uid:gid unless the config says otherwise. */
export const DEFAULT_USER = '1000:1000'
