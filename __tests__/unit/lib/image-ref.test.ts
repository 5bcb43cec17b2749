// The one image-reference parser (src/lib/image-ref.ts): tags, digests, registries with ports.
import { describe, expect, it } from '@jest/globals'
import { normalizeImage, parseImageRef, splitImage } from '../../../src/lib/image-ref.js'
import { sudoImageFor } from '../../../src/config/defaults.js'
import { sudoBaseImage } from '../../../src/runtime/docker/image.js'

const D = 'sha256:' + 'ab'.repeat(32)

describe('parseImageRef', () => {
  it.each([
    ['debian', { repository: 'debian' }],
    ['debian:bookworm-slim', { repository: 'debian', tag: 'bookworm-slim' }],
    ['massgen/mcp-runtime:1.2', { repository: 'massgen/mcp-runtime', tag: '1.2' }],
    ['localhost:5000/x', { repository: 'localhost:5000/x' }],
    ['localhost:5000/x:v1', { repository: 'localhost:5000/x', tag: 'v1' }],
    ['registry.example:8443/a/b/c:t', { repository: 'registry.example:8443/a/b/c', tag: 't' }],
    [`x@${D}`, { repository: 'x', digest: D }],
    [`x:v1@${D}`, { repository: 'x', tag: 'v1', digest: D }],
    [`localhost:5000/x@${D}`, { repository: 'localhost:5000/x', digest: D }],
    [`localhost:5000/x:v1@${D}`, { repository: 'localhost:5000/x', tag: 'v1', digest: D }]
  ])('%s', (image, want) => {
    expect(parseImageRef(image)).toEqual(want)
  })
})

describe('splitImage and normalizeImage', () => {
  it('a digest is never read as a tag, a port never as one', () => {
    expect(splitImage(`x:v1@${D}`)).toEqual({ repository: 'x', tag: `@${D}` })
    expect(splitImage(`x@${D}`)).toEqual({ repository: 'x', tag: `@${D}` })
    expect(splitImage('localhost:5000/x')).toEqual({
      repository: 'localhost:5000/x',
      tag: 'latest'
    })
    expect(normalizeImage('localhost:5000/x')).toBe('localhost:5000/x:latest')
    expect(normalizeImage(`x@${D}`)).toBe(`x@${D}`)
    expect(normalizeImage('x:v1')).toBe('x:v1')
  })

  it('the sudo variants follow the tag, and leave digest-pinned images alone', () => {
    expect(sudoImageFor('massgen/mcp-runtime:1.2')).toBe('massgen/mcp-runtime-sudo:1.2')
    expect(sudoImageFor(`massgen/mcp-runtime:1.2@${D}`)).toBe(`massgen/mcp-runtime:1.2@${D}`)
    expect(sudoBaseImage('massgen/mcp-runtime-sudo:1.2')).toBe('massgen/mcp-runtime:1.2')
    // the other copy read the digest's hex as the tag here
    expect(sudoBaseImage(`massgen/mcp-runtime-sudo@${D}`)).toBe('massgen/mcp-runtime:latest')
  })
})
