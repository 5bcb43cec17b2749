import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isInside, validateWorkDir, WorkDirError } from '../../../src/runtime/docker/paths.js'
import type { AgentPlan } from '../../../src/config/types.js'

const root = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-paths-')))
for (const d of ['ws/sub', 'ctx', 'temp', 'outside']) mkdirSync(join(root, d), { recursive: true })
symlinkSync(join(root, 'outside'), join(root, 'ws', 'escape'))
const agent = {
  id: 'a',
  workspace: join(root, 'ws'),
  contextPaths: [{ path: join(root, 'ctx'), permission: 'read', protectedPaths: [] }],
  tempWorkspace: join(root, 'temp')
} as unknown as AgentPlan

describe('validateWorkDir', () => {
  it('accepts the workspace, its subdirectories, context paths and the temp workspace', async () => {
    for (const d of ['ws', 'ws/sub', 'ctx', 'temp'])
      await expect(validateWorkDir(join(root, d), agent)).resolves.toBe(join(root, d))
  })

  it('refuses paths outside, symlink escapes, missing paths and relative paths', async () => {
    for (const d of [
      join(root, 'outside'),
      join(root, 'ws', 'escape'),
      join(root, 'ws', '..'),
      '/etc',
      join(root, 'ws', 'nope'),
      'ws'
    ])
      await expect(validateWorkDir(d, agent)).rejects.toBeInstanceOf(WorkDirError)
  })
})

describe('isInside', () => {
  it('compares whole path segments', () => {
    expect(isInside('/a/b', '/a')).toBe(true)
    expect(isInside('/a', '/a')).toBe(true)
    expect(isInside('/ab', '/a')).toBe(false)
    expect(isInside('/a/../b', '/a')).toBe(false)
  })
})
