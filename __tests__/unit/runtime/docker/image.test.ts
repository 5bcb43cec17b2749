import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  contextFiles,
  contextHash,
  isOwnImage,
  normalizeImage
} from '../../../../src/runtime/docker/image.js'
import { withFileLock } from '../../../../src/runtime/docker/lock.js'

describe('context hash', () => {
  it('changes with the Dockerfiles and build args, not with README or build.sh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mgx-ctx-'))
    writeFileSync(join(dir, 'Dockerfile'), 'FROM a\n')
    writeFileSync(join(dir, 'README.md'), 'docs\n')
    writeFileSync(join(dir, 'build.sh'), '#!/bin/sh\n')
    expect(await contextFiles(dir)).toEqual(['Dockerfile'])
    const h1 = await contextHash(dir)
    writeFileSync(join(dir, 'README.md'), 'more docs\n')
    expect(await contextHash(dir)).toBe(h1)
    expect(await contextHash(dir, { BASE_IMAGE: 'b' })).not.toBe(h1)
    writeFileSync(join(dir, 'Dockerfile'), 'FROM b\n')
    expect(await contextHash(dir)).not.toBe(h1)
  })

  it('covers the bundled docker/ context (Dockerfile and Dockerfile.sudo)', async () => {
    expect(await contextFiles(join(process.cwd(), 'docker'))).toEqual([
      'Dockerfile',
      'Dockerfile.sudo'
    ])
  })
})

describe('image names', () => {
  it('normalizes tags and recognizes our own repositories', () => {
    expect(normalizeImage('massgen/mcp-runtime')).toBe('massgen/mcp-runtime:latest')
    expect(normalizeImage('localhost:5000/x')).toBe('localhost:5000/x:latest')
    expect(normalizeImage('x@sha256:00')).toBe('x@sha256:00')
    expect(isOwnImage('massgen/mcp-runtime')).toBe(true)
    expect(isOwnImage('massgen/mcp-runtime-sudo:dev')).toBe(true)
    expect(isOwnImage('python:3.11')).toBe(false)
  })
})

describe('withFileLock', () => {
  it('runs holders of the same lock one at a time', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'mgx-lock-')), 'x.lock')
    let active = 0
    let maxActive = 0
    const holder = () =>
      withFileLock(lock, async () => {
        maxActive = Math.max(maxActive, ++active)
        await new Promise((r) => setTimeout(r, 30))
        active--
      })
    await Promise.all([holder(), holder(), holder()])
    expect(maxActive).toBe(1)
  })
})
