import { describe, expect, it } from '@jest/globals'
import {
  checkRegistryRepository,
  imageCacheKey,
  imageCachePath,
  normalizeArch,
  registryImageRef
} from '../../../../src/runtime/docker/image-keys.js'

const H = 'a'.repeat(64)
const H2 = 'b'.repeat(64)

describe('imageCacheKey', () => {
  it('is variant + arch + context hash, and changes with each', () => {
    const key = imageCacheKey({ variant: 'default', contextHash: H, arch: 'x86_64' })
    expect(key).toBe(`massgen-exec-image-v1-default-amd64-${H}`)
    expect(imageCacheKey({ variant: 'sudo', contextHash: H, arch: 'x86_64' })).not.toBe(key)
    expect(imageCacheKey({ variant: 'default', contextHash: H2, arch: 'x86_64' })).not.toBe(key)
    expect(imageCacheKey({ variant: 'default', contextHash: H, arch: 'aarch64' })).not.toBe(key)
    // Node's and the engine's names for one CPU give one key.
    expect(imageCacheKey({ variant: 'default', contextHash: H, arch: 'x64' })).toBe(key)
    // What @actions/cache accepts: no commas, at most 512 characters.
    expect(key).not.toContain(',')
    expect(key.length).toBeLessThanOrEqual(512)
  })

  it('refuses what is not a context hash or a known architecture', () => {
    expect(() => imageCacheKey({ variant: 'default', contextHash: 'abc', arch: 'x64' })).toThrow(
      /64 lowercase hex/
    )
    expect(() =>
      imageCacheKey({ variant: 'default', contextHash: H.toUpperCase(), arch: 'x64' })
    ).toThrow(/64 lowercase hex/)
    expect(() => normalizeArch('vax')).toThrow(/unknown CPU architecture "vax"/)
    expect(normalizeArch(' ARM64 ')).toBe('arm64')
  })
})

describe('imageCachePath', () => {
  it('depends on the key and directory only (the cache versions entries by path)', () => {
    const key = imageCacheKey({ variant: 'default', contextHash: H, arch: 'amd64' })
    expect(imageCachePath(key, '/runner/_temp')).toBe(
      `/runner/_temp/massgen-exec-image-cache/${key}.img`
    )
  })
})

describe('registryImageRef', () => {
  it('tags with the context hash, -sudo for the sudo variant', () => {
    expect(registryImageRef('ghcr.io/octo/massgen-runtime', H, 'default')).toBe(
      `ghcr.io/octo/massgen-runtime:${H}`
    )
    expect(registryImageRef('ghcr.io/octo/massgen-runtime/', H, 'sudo')).toBe(
      `ghcr.io/octo/massgen-runtime:${H}-sudo`
    )
    expect(registryImageRef('127.0.0.1:5000/massgen-runtime', H, 'default')).toBe(
      `127.0.0.1:5000/massgen-runtime:${H}`
    )
    // Docker's limit on a tag is 128 characters.
    expect(registryImageRef('r/x', H, 'sudo').split(':').pop()!.length).toBeLessThanOrEqual(128)
  })

  it('refuses a tag, a digest, capitals or an empty name, naming the value', () => {
    expect(() => checkRegistryRepository('ghcr.io/octo/runtime:latest')).toThrow(/without a tag/)
    expect(() => checkRegistryRepository('runtime:1')).toThrow(/without a tag/)
    expect(() => checkRegistryRepository('ghcr.io/octo/runtime@sha256:00')).toThrow(/digest/)
    expect(() => checkRegistryRepository('ghcr.io/Octo/runtime')).toThrow(
      /"ghcr.io\/Octo\/runtime" is not a valid repository/
    )
    expect(() => checkRegistryRepository('  ')).toThrow(/not a valid repository/)
    expect(checkRegistryRepository(' localhost:5000/a/b ')).toBe('localhost:5000/a/b')
    expect(() => registryImageRef('ghcr.io/octo/r', 'nothex', 'default')).toThrow(/context hash/)
  })
})
