// The protected names of srt's writable paths (protected.ts) on a real directory tree, and the
// session's sweep of names a step created where no mount could refuse them (fake backend that
// records the denies it is given and runs commands unsandboxed).
import { afterAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../../src/config/types.js'
import { createSrtRuntime, SRT_DEFAULTS } from '../../../../src/runtime/srt/index.js'
import type { SandboxBackend } from '../../../../src/runtime/srt/manager.js'
import {
  configuredHooksPath,
  createdDuring,
  scanProtected
} from '../../../../src/runtime/srt/protected.js'
import { entryPath, type SrtFilesystem } from '../../../../src/runtime/srt/settings.js'
import { agentPlan } from '../../../helpers/plan.js'

const root = mkdtempSync(join(tmpdir(), 'srt-protected-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function tree(name: string, files: Record<string, string>): string {
  const dir = join(root, name)
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true })
    if (rel.endsWith('/')) mkdirSync(join(dir, rel), { recursive: true })
    else writeFileSync(join(dir, rel), content)
  }
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('scanProtected', () => {
  it('denies every name at the top of a writable path, present or not', () => {
    const ws = tree('empty', {})
    const s = scanProtected([ws])
    for (const n of ['.git/hooks', '.git/config', '.bashrc', '.profile', '.envrc', '.gitmodules'])
      expect(s.deny).toContain(join(ws, n))
    for (const n of ['.vscode', '.idea', '.zshenv', '.bash_login'])
      expect(s.deny).toContain(join(ws, n))
    expect(s.present.size).toBe(0)
    expect(s.truncated).toBe(false)
  })

  it('finds the names at any depth, nested repositories and their submodules, not in node_modules', () => {
    const ws = tree('deep', {
      '.git/HEAD': 'ref: x',
      '.git/config': '[core]\n\thooksPath = tools/hooks\n',
      '.git/modules/lib/HEAD': 'ref: x',
      'a/b/c/d/.envrc': 'x',
      'a/b/.vscode/settings.json': '{}',
      'sub/.git/HEAD': 'ref: x',
      'wt/.git': 'gitdir: /elsewhere',
      'node_modules/p/.git/HEAD': 'x',
      'node_modules/p/.bashrc': 'x',
      '.massgen-compare/x/.envrc': 'x'
    })
    const s = scanProtected([ws], { skip: ['.massgen-compare'] })
    for (const p of [
      'a/b/c/d/.envrc',
      'a/b/.vscode',
      'sub/.git/hooks',
      'sub/.git/config',
      'wt/.git',
      '.git/modules/lib/hooks',
      '.git/modules/lib/config',
      'tools/hooks'
    ])
      expect(s.deny).toContain(join(ws, p))
    expect(
      s.deny.filter((d) => d.includes('node_modules') || d.includes('.massgen-compare'))
    ).toEqual([])
    // Present: the files found, and a git directory's config (hooks are absent here).
    expect([...s.present].sort()).toEqual(
      ['.git/config', 'a/b/.vscode', 'a/b/c/d/.envrc', 'wt/.git'].map((p) => join(ws, p)).sort()
    )
  })

  it('a hooksPath outside the writable paths is not denied; the host-wide one is per repository', () => {
    const ws = tree('hooks', { '.git/HEAD': 'x', '.git/config': '[core]\nhooksPath=/etc/hooks\n' })
    const s = scanProtected([ws], { hostHooksPath: '.githooks' })
    expect(s.deny).not.toContain('/etc/hooks')
    expect(s.deny).toContain(join(ws, '.githooks'))
  })

  it('a symlink named like a protected name is denied, not followed', () => {
    const ws = tree('link', { 'd/': '' })
    symlinkSync('/etc', join(ws, 'd', '.idea'))
    symlinkSync('/', join(ws, 'root'))
    const s = scanProtected([ws])
    expect(s.deny).toContain(join(ws, 'd', '.idea'))
    expect(s.deny.some((d) => d.startsWith(join(ws, 'root') + '/'))).toBe(false)
  })
})

describe('configuredHooksPath', () => {
  it('reads core.hooksPath as git does (the last one, in [core] only, quotes and case)', () => {
    const f = join(root, 'cfg')
    writeFileSync(
      f,
      '[core]\n\thooksPath = a\n[alias]\n\thookspath = b\n[CORE]\n  HooksPath = "c d"\n'
    )
    expect(configuredHooksPath(f)).toBe('c d')
    expect(configuredHooksPath(join(root, 'none'))).toBeUndefined()
  })
})

describe('createdDuring', () => {
  it("leaves out what the step's denies account for (the library's empty mount points)", () => {
    const ws = tree('created', {})
    const before = scanProtected([ws])
    mkdirSync(join(ws, '.git'))
    mkdirSync(join(ws, 'n/.git/hooks'), { recursive: true })
    writeFileSync(join(ws, 'n/.git/config'), '')
    writeFileSync(join(ws, 'n/.envrc'), '')
    writeFileSync(join(ws, '.envrc'), '')
    const created = createdDuring(before, scanProtected([ws]))
    expect(created).toEqual(['n/.envrc', 'n/.git/config', 'n/.git/hooks'].map((p) => join(ws, p)))
  })
})

describe('the srt session with protected names (fake backend)', () => {
  class RecordingBackend implements SandboxBackend {
    readonly helperPaths: string[] = []
    readonly version = 'fake'
    denies: string[][] = []
    async wrap(command: string, _cwd: string, fs: SrtFilesystem) {
      this.denies.push(fs.denyWrite.map(entryPath))
      return ['/bin/sh', '-c', command]
    }
    done() {}
    registerEgress() {
      return () => undefined
    }
  }
  const start = (fake: RecordingBackend, a: AgentPlan, logs: string[]) =>
    createSrtRuntime({
      home: '/nonexistent-home',
      sandboxUser: null,
      backend: { acquire: async () => fake, release: async () => undefined }
    }).start(a, { runId: 'r', outDir: root, log: (l) => logs.push(l) })

  it('passes the names as write denies and undoes a name made in a new directory, failing the step', async () => {
    const ws = tree('session', { '.git/HEAD': 'x', 'ctx/.envrc': 'x' })
    const ctx = join(root, 'session-ctx')
    mkdirSync(ctx, { recursive: true })
    const a: AgentPlan = agentPlan({
      id: 'p',
      mode: 'srt',
      workspace: ws,
      contextPaths: [{ path: ctx, permission: 'write', protectedPaths: [] }],
      srt: { ...SRT_DEFAULTS }
    })
    const fake = new RecordingBackend()
    const logs: string[] = []
    const s = await start(fake, a, logs)
    try {
      const r = await s.exec({
        command:
          'mkdir -p new/.git/hooks && echo x > new/.git/hooks/pre-commit && echo kept > new/f',
        cwd: ws,
        env: {},
        timeoutMs: 10_000,
        maxOutputBytes: 1024
      })
      expect(fake.denies[0]).toEqual(
        expect.arrayContaining([
          join(ws, '.git/hooks'),
          join(ws, '.git/config'),
          join(ws, 'ctx/.envrc'),
          join(ctx, '.bashrc'),
          join(ctx, '.git/config')
        ])
      )
      expect(r.exitCode).toBe(0)
      expect(r.violation).toMatch(/created protected names .*\(removed\): .*new\/\.git\/hooks/)
      expect(existsSync(join(ws, 'new/.git/hooks'))).toBe(false)
      expect(existsSync(join(ws, 'new/f'))).toBe(true)
      expect(logs.join('\n')).toMatch(/protected names created by a step \(removed\)/)
      // write_file is refused the same way.
      await expect(s.writeFile(join(ws, 'other/.vscode/settings.json'), '{}')).rejects.toThrow(
        /write_file .*created protected names/
      )
      expect(existsSync(join(ws, 'other/.vscode'))).toBe(false)
    } finally {
      await s.close()
    }
  })

  it('a read-only agent has no writable path and nothing to deny', async () => {
    const ws = tree('ro', {})
    const a: AgentPlan = agentPlan({
      id: 'ro',
      mode: 'srt',
      workspace: ws,
      maxOutputBytes: 1024,
      srt: { ...SRT_DEFAULTS, readOnly: true }
    })
    const fake = new RecordingBackend()
    const s = await start(fake, a, [])
    try {
      await s.exec({ command: 'true', cwd: ws, env: {}, timeoutMs: 10_000, maxOutputBytes: 1024 })
      expect(fake.denies[0].filter((d) => d.startsWith(ws))).toEqual([])
    } finally {
      await s.close()
    }
  })
})
