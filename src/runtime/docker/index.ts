// Docker mode's public surface; everything else in this directory is an implementation detail.
export {
  createDockerRuntime,
  sweepRun,
  sweepStale,
  type DockerRuntime,
  type DockerRuntimeOptions
} from './runtime.js'
export {
  ensureImage,
  contextHash,
  isOwnImage,
  isSudoImage,
  sudoBaseImage,
  type EnsureImageOptions,
  type EnsuredImage,
  type ImageSources,
  type ImageStore
} from './image.js'
export {
  loadImageArchive,
  saveImageArchive,
  isImageArchiveError,
  type LoadedArchive,
  type SavedArchive
} from './image-archive.js'
export { checkRegistryRepository } from './image-keys.js'
export { connectDocker } from './docker-container-client.js'
export type * from './container-client.js'
export { execTarget, harnessExec, runExec, HARNESS_PATH, type RawExecResult } from './exec.js'
export {
  isAgentSurvivor,
  parseProcessListing,
  PROCESS_LISTING,
  type ListedProcess
} from './agent-processes.js'
export {
  containerName,
  dockerDefaults,
  planMounts,
  scratchTmpfs,
  SUDO_CAPABILITIES
} from './container-spec.js'
export { CREDENTIAL_MOUNTS, resolveCredentialEnv } from './credentials.js'
export * from './labels.js'
export {
  checkRuntime,
  isGvisorRuntime,
  kernelIdentity,
  GVISOR_RUNTIME,
  GVISOR_SETUP_SCRIPT,
  type EngineRuntimeInfo,
  type RuntimeChoice
} from './runtimes.js'
