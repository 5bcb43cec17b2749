// The action's image sources (inputs image-cache and image-registry): the Actions cache as the
// image store the Docker runtime restores our images from and saves them to, through
// @actions/cache, which only the action imports (loaded on first use: a run without a container
// never loads it). The cache client reports its own failures (a warning, or an error annotation
// for a 5xx from the service) and returns a miss; the runtime then builds, and the step goes on.
import * as core from '@actions/core'
import { tmpdir } from 'node:os'
import type { ImageSources, ImageStore } from '../runtime/docker/index.js'
import type { ActionInputs } from './inputs.js'
import { safeLine } from './log.js'

type CacheModule = typeof import('@actions/cache')

export function actionsCacheStore(
  dir: string,
  load: () => Promise<CacheModule> = () => import('@actions/cache')
): ImageStore {
  let available: boolean | undefined
  const usable = async (cache: CacheModule): Promise<boolean> => {
    if (available === undefined) {
      available = cache.isFeatureAvailable()
      if (!available)
        core.info(
          'image cache: the Actions cache service is not available to this step (no ACTIONS_RESULTS_URL / ACTIONS_CACHE_URL); images are built, not cached'
        )
    }
    return available
  }
  return {
    name: 'the Actions cache',
    dir,
    async restore(key, path) {
      const cache = await load()
      if (!(await usable(cache))) return false
      return (await cache.restoreCache([path], key)) === key
    },
    async save(key, path) {
      const cache = await load()
      if (!(await usable(cache))) return false
      // -1: not saved; the client has said why (another job holds the key, a service error).
      return (await cache.saveCache([path], key)) !== -1
    }
  }
}

export function actionImageSources(
  inputs: Pick<ActionInputs, 'imageCache' | 'imageRegistry' | 'imagePolicy'>,
  env: NodeJS.ProcessEnv = process.env
): ImageSources {
  if (inputs.imageRegistry && inputs.imagePolicy !== 'auto')
    core.warning(
      `image-registry is used only under image-policy auto; ignored with image-policy ${inputs.imagePolicy}`
    )
  return {
    store: inputs.imageCache ? actionsCacheStore(env.RUNNER_TEMP || tmpdir()) : undefined,
    registry: inputs.imageRegistry,
    warn: (line) => core.warning(safeLine(line))
  }
}
