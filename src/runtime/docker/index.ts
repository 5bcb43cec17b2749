// Docker mode's public surface; everything else in this directory is an implementation detail.
export { createDockerRuntime, sweepRun, type DockerRuntimeOptions } from './runtime.js'
export {
  ensureImage,
  contextHash,
  isOwnImage,
  IMAGE_POLICIES,
  type EnsureImageOptions,
  type EnsuredImage,
  type ImagePolicy
} from './image.js'
export { connectDocker } from './connect.js'
export { WorkDirError } from './paths.js'
export {
  containerName,
  dockerDefaults,
  DEFAULT_PIDS_LIMIT,
  SUDO_CAPABILITIES
} from './container-spec.js'
export * from './labels.js'
