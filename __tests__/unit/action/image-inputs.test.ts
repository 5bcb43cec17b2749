// The action's image inputs (image-cache, image-registry) and its Actions-cache image store, with a
// stand-in for the @actions/cache module (the real client against the loopback cache service is in
// __tests__/e2e/action-image-cache.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals'
import { getInputs } from '../../../src/action/inputs.js'
import { actionImageSources, actionsCacheStore } from '../../../src/action/image-cache.js'
import { isUsageError } from '../../../src/errors.js'

const set: string[] = []
function inputs(values: Record<string, string>): void {
  for (const [k, v] of Object.entries(values)) {
    const name = `INPUT_${k.toUpperCase()}`
    process.env[name] = v
    set.push(name)
  }
}
afterEach(() => {
  for (const name of set.splice(0)) delete process.env[name]
})

describe('image inputs', () => {
  it('caches by default and takes no registry', () => {
    inputs({ config: 'c.yaml' })
    expect(getInputs()).toMatchObject({ imageCache: true, imageRegistry: undefined })
  })

  it('reads image-cache as a boolean and image-registry as a repository', () => {
    inputs({
      config: 'c.yaml',
      'image-cache': 'false',
      'image-registry': ' ghcr.io/acme/massgen-runtime/ '
    })
    expect(getInputs()).toMatchObject({
      imageCache: false,
      imageRegistry: 'ghcr.io/acme/massgen-runtime'
    })
  })

  it.each([
    ['ghcr.io/acme/massgen-runtime:v1', /without a tag/],
    ['ghcr.io/acme/massgen-runtime@sha256:' + '0'.repeat(64), /digest/],
    ['ghcr.io/Acme/Runtime', /not a valid repository/],
    ['https://ghcr.io/acme/x', /not a valid repository/]
  ])('refuses image-registry %s as a usage error', (value, message) => {
    inputs({ config: 'c.yaml', 'image-registry': value })
    let err: unknown
    try {
      getInputs()
    } catch (e) {
      err = e
    }
    expect(isUsageError(err)).toBe(true)
    expect((err as Error).message).toMatch(/^input "image-registry": /)
    expect((err as Error).message).toMatch(message)
  })

  it('refuses an image-cache that is not a boolean', () => {
    inputs({ config: 'c.yaml', 'image-cache': 'sometimes' })
    expect(() => getInputs()).toThrow(/input "image-cache" must be true or false/)
  })
})

describe('the Actions cache as the image store', () => {
  function fakeCache(opts: { available?: boolean; hit?: string; saveId?: number } = {}) {
    const calls: string[] = []
    const mod = {
      isFeatureAvailable: () => {
        calls.push('available?')
        return opts.available ?? true
      },
      restoreCache: async (paths: string[], key: string) => {
        calls.push(`restore ${paths.join(',')} ${key}`)
        return opts.hit
      },
      saveCache: async (paths: string[], key: string) => {
        calls.push(`save ${paths.join(',')} ${key}`)
        return opts.saveId ?? 7
      }
    }
    return { calls, load: async () => mod as unknown as typeof import('@actions/cache') }
  }

  it('restores and saves exactly the key and path it is given', async () => {
    const { calls, load } = fakeCache({ hit: 'k1' })
    const store = actionsCacheStore('/runner/temp', load)
    expect(store.dir).toBe('/runner/temp')
    expect(await store.restore('k1', '/runner/temp/a.img')).toBe(true)
    expect(await store.save('k1', '/runner/temp/a.img')).toBe(true)
    expect(calls).toEqual([
      'available?',
      'restore /runner/temp/a.img k1',
      'save /runner/temp/a.img k1'
    ])
  })

  it('a miss, a hit on another key, and a refused save are all false', async () => {
    const { load } = fakeCache({ hit: 'other', saveId: -1 })
    const store = actionsCacheStore('/t', load)
    expect(await store.restore('k1', '/t/a.img')).toBe(false)
    expect(await store.save('k1', '/t/a.img')).toBe(false)
  })

  it('without the cache service (no ACTIONS_RESULTS_URL) it neither restores nor saves', async () => {
    const { calls, load } = fakeCache({ available: false, hit: 'k1' })
    const store = actionsCacheStore('/t', load)
    expect(await store.restore('k1', '/t/a.img')).toBe(false)
    expect(await store.save('k1', '/t/a.img')).toBe(false)
    expect(calls).toEqual(['available?'])
  })

  it('says that image-registry is ignored outside image-policy auto', () => {
    const out: string[] = []
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof write
    try {
      actionImageSources({ imageCache: true, imageRegistry: 'r.io/x', imagePolicy: 'build' }, {})
      actionImageSources({ imageCache: true, imageRegistry: 'r.io/x', imagePolicy: 'auto' }, {})
    } finally {
      process.stdout.write = write
    }
    expect(out).toEqual([
      '::warning::image-registry is used only under image-policy auto; ignored with image-policy build\n'
    ])
  })

  it('is given to the runtime only when image-cache is on, archives under RUNNER_TEMP', () => {
    const on = actionImageSources(
      { imageCache: true, imageRegistry: 'r.io/x', imagePolicy: 'auto' },
      { RUNNER_TEMP: '/rt' }
    )
    expect(on.store?.dir).toBe('/rt')
    expect(on.registry).toBe('r.io/x')
    expect(actionImageSources({ imageCache: false, imagePolicy: 'auto' }, {}).store).toBeUndefined()
  })
})
