// The one rule for the paths a step may use, on a real directory tree with symlinks planted in the
// workspace: work_dir, read_file and write_file, in every mode.
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { agentPlan } from '../../helpers/plan.js'
import { PathError } from '../../../src/errors.js'
import { isInside } from '../../../src/lib/paths.js'
import {
  allowedRoots,
  checkFileAccess,
  resolveWorkDir
} from '../../../src/runtime/allowed-paths.js'

const root = realpathSync(mkdtempSync(join(tmpdir(), 'mgx-paths-')))
for (const d of ['ws/sub', 'ws/..cache', 'ctx/locked', 'rw', 'temp', 'outside'])
  mkdirSync(join(root, d), { recursive: true })
writeFileSync(join(root, 'outside', 'secret'), 'host secret\n')
writeFileSync(join(root, 'ctx', 'readme'), 'context\n')
symlinkSync(join(root, 'outside'), join(root, 'ws', 'escape'))
symlinkSync(join(root, 'outside', 'secret'), join(root, 'ws', 'secret-link'))
symlinkSync(join(root, 'outside', 'nothing-yet'), join(root, 'ws', 'dangling'))
symlinkSync(join(root, 'ws', 'sub'), join(root, 'ws', 'inner-link'))
const agent = agentPlan({
  workspace: join(root, 'ws'),
  contextPaths: [
    { path: join(root, 'ctx'), permission: 'read', protectedPaths: [] },
    { path: join(root, 'rw'), permission: 'write', protectedPaths: [join(root, 'rw', 'keep')] }
  ],
  tempWorkspace: join(root, 'temp')
})

describe('isInside', () => {
  it('compares whole path segments; a name starting with ".." is a name', () => {
    expect(isInside('/a/b', '/a')).toBe(true)
    expect(isInside('/a', '/a')).toBe(true)
    expect(isInside('/ab', '/a')).toBe(false)
    expect(isInside('/a/../b', '/a')).toBe(false)
    expect(isInside('/a/..cache', '/a')).toBe(true)
    expect(isInside('/a/..', '/a')).toBe(false)
  })
})

describe('allowedRoots', () => {
  it('lists the workspace rw, context paths by permission, protected paths and the temp workspace ro', () => {
    expect(allowedRoots(agent).map((r) => [r.path.slice(root.length), r.writable])).toEqual([
      ['/ws', true],
      ['/ctx', false],
      ['/rw', true],
      ['/rw/keep', false],
      ['/temp', false]
    ])
  })
})

describe('resolveWorkDir', () => {
  it('accepts the workspace, its subdirectories (..cache too), context paths and the temp workspace', async () => {
    for (const d of ['ws', 'ws/sub', 'ws/..cache', 'ws/inner-link', 'ctx', 'temp'])
      await expect(resolveWorkDir(agent, join(root, d))).resolves.toBe(join(root, d))
  })

  it('refuses paths outside, symlink escapes, missing paths, files and relative paths', async () => {
    for (const d of [
      join(root, 'outside'),
      join(root, 'ws', 'escape'),
      join(root, 'ws', '..'),
      '/etc',
      join(root, 'ws', 'nope'),
      join(root, 'ctx', 'readme'),
      'ws'
    ])
      await expect(resolveWorkDir(agent, d)).rejects.toBeInstanceOf(PathError)
  })

  it('says where a symlink leads', async () => {
    await expect(resolveWorkDir(agent, join(root, 'ws', 'escape'))).rejects.toThrow(
      /resolves to .*outside\) is outside the agent's allowed paths/
    )
  })
})

describe('checkFileAccess', () => {
  const ok = (p: string, a: 'read' | 'write') => checkFileAccess(agent, join(root, p), a)

  it('lets a step write in the workspace and write context paths, new directories included', async () => {
    for (const p of ['ws/new.txt', 'ws/deep/new/dir/f', 'ws/inner-link/f', 'rw/f'])
      await expect(ok(p, 'write')).resolves.toBeUndefined()
  })

  it('refuses writes outside, through a symlink out, through a dangling link, into read-only roots', async () => {
    const cases: [string, RegExp][] = [
      ['outside/f', /outside the agent's allowed paths/],
      ['ws/../outside/f', /outside the agent's allowed paths/],
      ['ws/escape/f', /resolves to .*outside\/f\) is outside/],
      ['ws/secret-link', /resolves to .*outside\/secret\) is outside/],
      ['ws/dangling', /symbolic link that points nowhere/],
      ['ctx/readme', /read-only context path/],
      ['rw/keep/f', /read-only protected path/],
      ['temp/f', /read-only temporary workspace/]
    ]
    for (const [p, why] of cases) await expect(ok(p, 'write')).rejects.toThrow(why)
    await expect(checkFileAccess(agent, '/etc/passwd', 'write')).rejects.toBeInstanceOf(PathError)
  })

  it('lets a step read any allowed root, and nothing a planted link leads to', async () => {
    await expect(ok('ctx/readme', 'read')).resolves.toBeUndefined()
    await expect(ok('temp/x', 'read')).resolves.toBeUndefined()
    await expect(ok('ws/secret-link', 'read')).rejects.toThrow(/outside/)
    await expect(checkFileAccess(agent, '/etc/hostname', 'read')).rejects.toThrow(/outside/)
  })
})
