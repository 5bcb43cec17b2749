// srt's protected names (issues 24 and 28), with the bundled CLI as a hosted runner runs it (uid
// 1001, user `runner`) and as root (commands drop to 1000:1000): in an existing repository and in
// a workspace without one, every write to a git hook or config, an rc or profile file, .envrc or
// IDE settings fails, and the host files stay byte for byte as they were. verify-isolation's probe
// 31 passes as both users and fails with the protection taken out of the rules (its weakened
// twin). Also: an --out the user cannot write is one line and exit 2.
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { verifyIsolation } from '../../../src/isolation/verify.js'
import type { RunResults } from '../../../src/report/types.js'
import { LIBRARY_BACKEND, type SandboxBackend } from '../../../src/runtime/srt/index.js'
import { PROTECTED_DIRS, PROTECTED_FILES } from '../../../src/runtime/srt/protected.js'
import { entryPath, type SrtFilesystem } from '../../../src/runtime/srt/settings.js'
import { CLI } from '../../helpers/run-dist.js'
import { failures, VERIFY_TIMEOUT_MS } from '../isolation/helpers.js'

const RUNNER = 1001
// /tmp itself is 1777; each test's directory is the acting user's own, 0755.
const top = mkdtempSync('/tmp/srt-protected-')
chmodSync(top, 0o755)
afterAll(() => rmSync(top, { recursive: true, force: true }))

/** Runs the CLI as `uid` (root, or `runner` through su), in `cwd`. */
function cli(uid: number, cwd: string, args: string[]) {
  const cmd = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')
  const r =
    uid === 0
      ? spawnSync('/bin/sh', ['-c', cmd], { cwd, encoding: 'utf8', timeout: 600_000 })
      : spawnSync('su', ['runner', '-s', '/bin/sh', '-c', `cd '${cwd}' && ${cmd}`], {
          encoding: 'utf8',
          timeout: 600_000
        })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function sh(cmd: string, uid: number) {
  const r = spawnSync('su', [uid === 0 ? 'root' : 'runner', '-s', '/bin/sh', '-c', cmd], {
    encoding: 'utf8'
  })
  if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`)
}

/**
 * A directory made by `uid`, with a git repository `repo` and a plain directory `bare`; made by
 * root, it is then the agent's (`agentUid`, default 1000) unless that is root too.
 */
function project(tag: string, uid: number, agentUid = 1000): string {
  const dir = join(top, `${tag}-${uid}`)
  mkdirSync(dir)
  if (uid) spawnSync('chown', [String(uid), dir])
  sh(
    `cd '${dir}' && mkdir repo bare && cd repo && git init -q . && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m i && echo 'export A=1' > .profile`,
    uid
  )
  // As root: the checkout is the agent's (1000), as a root runner prepares it; a root-owned one
  // keeps the agent at 1000 without write access (the run warns), and nothing could be tried.
  if (!uid && agentUid) spawnSync('chown', ['-R', `${agentUid}:${agentUid}`, dir])
  return dir
}

const ATTACKS_REPO = [
  'git config core.fsmonitor x',
  'echo x >> .git/config',
  'echo y > .git/hooks/pre-commit',
  'echo z > .envrc',
  'echo p > .profile'
]
const ATTACKS_BARE = [
  'mkdir -p .git/hooks && echo y > .git/hooks/pre-commit',
  'mkdir -p .git && echo c > .git/config',
  'echo b > .bashrc',
  'mkdir -p .vscode && echo s > .vscode/settings.json',
  'mkdir -p sub/.git/hooks && echo x > sub/.git/hooks/x'
]

/** Every file below `dir` (not .git/objects) with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const r = spawnSync('find', [dir, '-path', '*/.git/objects', '-prune', '-o', '-print'], {
    encoding: 'utf8'
  })
  for (const p of r.stdout.split('\n').filter(Boolean).sort()) {
    const st = spawnSync('stat', ['-c', '%F', p], { encoding: 'utf8' }).stdout.trim()
    out[p.slice(dir.length)] =
      st === 'regular file' || st === 'regular empty file' ? readFileSync(p, 'base64') : st
  }
  return out
}

const yamlFor = (dir: string) => {
  const steps = (cmds: string[]) =>
    cmds.map((c) => `      - run: ${JSON.stringify(c)}\n        allow_failure: true`).join('\n')
  return `agents:
  - id: repo
    backend:
      cwd: ${dir}/repo
      command_line_execution_mode: srt
    commands:
${steps(ATTACKS_REPO)}
  - id: bare
    backend:
      cwd: ${dir}/bare
      command_line_execution_mode: srt
    commands:
${steps(ATTACKS_BARE)}
`
}

describe.each([
  ['uid 1001 (a hosted runner)', RUNNER],
  ['root', 0]
])('srt protected names, the CLI run as %s', (_label, uid) => {
  it('every write to a protected name fails; the host files are byte for byte as they were', () => {
    const dir = project('run', uid)
    writeFileSync(join(dir, 'config.yaml'), yamlFor(dir))
    if (uid) spawnSync('chown', [String(uid), join(dir, 'config.yaml')])
    const before = { repo: snapshot(join(dir, 'repo')), bare: snapshot(join(dir, 'bare')) }
    const r = cli(uid, dir, ['run', 'config.yaml', '--out', join(dir, 'out')])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const results: RunResults = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'))
    const steps = results.agents.flatMap((a) => a.commands.map((c) => [a.id, c.command, c.status]))
    expect(steps).toEqual([
      ...ATTACKS_REPO.map((c) => ['repo', c, 'failed']),
      ...ATTACKS_BARE.map((c) => ['bare', c, 'failed'])
    ])
    const last = results.agents[1].commands[4]
    expect(last.reason).toMatch(/created protected names .*\(removed\): .*sub\/\.git\/hooks/)
    expect(snapshot(join(dir, 'repo'))).toEqual(before.repo)
    // sub/.git stays (an empty directory the step made); nothing protected in it.
    const after = snapshot(join(dir, 'bare'))
    expect(Object.keys(after).filter((p) => !['/sub', '/sub/.git'].includes(p))).toEqual(
      Object.keys(before.bare)
    )
    for (const n of ['.git', '.bashrc', '.vscode', 'sub/.git/hooks'])
      expect(existsSync(join(dir, 'bare', n))).toBe(false)
  }, 600_000)

  it(
    'verify-isolation passes, probe 31 included',
    () => {
      const dir = project('verify', uid)
      writeFileSync(
        join(dir, 'config.yaml'),
        `agent:\n  id: s\n  backend:\n    cwd: ${dir}/repo\n    command_line_execution_mode: srt\n`
      )
      const r = cli(uid, dir, ['verify-isolation', 'config.yaml', '--out', join(dir, 'out')])
      expect([r.code, r.stderr]).toEqual([0, ''])
      expect(r.stdout).toMatch(/31 protected-names: PASS — 9 writes refused in 1 writable path/)
    },
    VERIFY_TIMEOUT_MS
  )
})

describe('the weakened twin and the output directory', () => {
  it(
    'probe 31 fails when the protected names are taken out of the rules',
    async () => {
      // In-process with sandboxUser null: commands run as root, in a root-owned checkout.
      const dir = project('weak', 0, 0)
      const names = new Set([...PROTECTED_FILES, ...PROTECTED_DIRS, 'hooks', 'config'])
      const weaken = (fs: SrtFilesystem): SrtFilesystem => ({
        ...fs,
        denyWrite: fs.denyWrite.filter((e) => !names.has(entryPath(e).split('/').pop()!))
      })
      const loosening = {
        acquire: async (): Promise<SandboxBackend> => {
          const b = await LIBRARY_BACKEND.acquire()
          return {
            helperPaths: b.helperPaths,
            version: b.version,
            wrap: (command, cwd, fs, ids) => b.wrap(command, cwd, weaken(fs), ids),
            done: () => b.done(),
            registerEgress: (token, proxy) => b.registerEgress(token, proxy)
          }
        },
        release: () => LIBRARY_BACKEND.release()
      }
      const config = join(dir, 'config.yaml')
      writeFileSync(
        config,
        `agent:\n  id: weak\n  backend:\n    cwd: ${dir}/repo\n    command_line_execution_mode: srt\n`
      )
      const before = snapshot(join(dir, 'repo'))
      const outcome = await verifyIsolation({
        configPath: config,
        outDir: join(dir, 'out'),
        workingDirectory: dir,
        log: () => undefined,
        srt: { sandboxUser: null, backend: loosening },
        probes: ['protected-names']
      })
      expect(failures(outcome.report)).toEqual({ weak: ['protected-names'] })
      const detail = outcome.report.agents[0].results.find(
        (x) => x.id === 'protected-names'
      )!.detail
      expect(detail).toMatch(/written: .*\.git\/config \(git config\).*\.envrc/)
      // The probe put back what it wrote.
      const after = snapshot(join(dir, 'repo'))
      expect(
        Object.fromEntries(Object.entries(after).filter(([p]) => !p.includes('.massgen-isolation')))
      ).toEqual(
        Object.fromEntries(
          Object.entries(before).filter(([p]) => !p.includes('.massgen-isolation'))
        )
      )
    },
    VERIFY_TIMEOUT_MS
  )

  it('run --out /root/x as uid 1001: exit 2, one line naming the path', () => {
    const dir = project('out', RUNNER)
    writeFileSync(join(dir, 'config.yaml'), `agent:\n  id: a\n  commands: [true]\n`)
    const r = cli(RUNNER, dir, ['run', 'config.yaml', '--out', '/root/x'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'massgen-exec run: cannot write the output directory /root/x: permission denied (EACCES); give an --out this user can write\n'
    )
    expect(r.stdout).toBe('')
  })
})
