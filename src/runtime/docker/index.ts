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
  type EnsureImageOptions,
  type EnsuredImage
} from './image.js'
export { connectDocker } from './docker-container-client.js'
export type * from './container-client.js'
export { execTarget, runExec, HARNESS_PATH, type RawExecResult } from './exec.js'
export { containerName, dockerDefaults, SUDO_CAPABILITIES } from './container-spec.js'
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
