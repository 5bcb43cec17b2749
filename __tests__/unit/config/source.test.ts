// config-ref (issue 21): the config is read from a trusted revision with git plumbing only; a head
// commit that weakens it has no effect; relative paths still resolve in the work tree.
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { main } from '../../../src/cli/main.js'
import { gitBlobId, loadConfigFrom } from '../../../src/config/source.js'
import { ConfigError } from '../../../src/errors.js'
import { GitRepo } from '../../helpers/git-repo.js'

const BASE = `agent:
  id: verifier
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_allowed_commands: ["echo .*"]
  commands:
    - echo base
`
// The pull request's head: no allowlist, a bridge network, its own commands.
const WEAKENED = `agent:
  id: verifier
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_network_mode: bridge
  commands:
    - curl https://example.com
`

function repo(): { repo: GitRepo; base: string; head: string } {
  const r = new GitRepo(mkdtempSync(join(tmpdir(), 'config-ref-')))
  const base = r.commit({ '.massgen/config.yaml': BASE }, 'base')
  const head = r.commit({ '.massgen/config.yaml': WEAKENED }, 'head')
  return { repo: r, base, head }
}

async function cli(argv: string[]) {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  stdin.end('')
  const code = await main(argv, { stdin, stdout, stderr })
  return { code, out, err }
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e
  )

describe('config-ref', () => {
  it('a head commit that weakens the config has no effect under HEAD~1: base settings, base blob', async () => {
    const { repo: r, base } = repo()
    const path = join(r.dir, '.massgen/config.yaml')
    const head = await loadConfigFrom(path, { workingDirectory: r.dir })
    expect(head.agents[0].docker?.network).toBe('bridge')
    expect(head.source).toEqual({ kind: 'worktree', path, blob: gitBlobId(WEAKENED) })

    const plan = await loadConfigFrom(path, { workingDirectory: r.dir, configRef: 'HEAD~1' })
    expect(plan.agents[0].docker?.network).toBe('none')
    expect(plan.agents[0].policy.allowed.map((p) => p.source)).toEqual(['echo .*'])
    expect(plan.agents[0].steps.map((s) => (s.kind === 'run' ? s.run : ''))).toEqual(['echo base'])
    const blob = r.git('rev-parse', 'HEAD~1:.massgen/config.yaml')
    expect(plan.source).toEqual({ kind: 'revision', path, ref: 'HEAD~1', commit: base, blob })
    expect(gitBlobId(BASE)).toBe(blob)
    // Relative paths still resolve in the work tree.
    expect(plan.agents[0].workspace).toBe(join(r.dir, '.massgen/workspaces/ws'))
  })

  it('a path missing at the revision, or an unknown revision, is a clear config error', async () => {
    const r = new GitRepo(mkdtempSync(join(tmpdir(), 'config-ref-')))
    const first = r.commit({ 'README.md': 'x\n' }, 'first')
    r.commit({ 'c.yaml': BASE }, 'add the config')
    const path = join(r.dir, 'c.yaml')
    const missing = await failure(loadConfigFrom(path, { configRef: first }))
    expect(missing).toBeInstanceOf(ConfigError)
    expect((missing as Error).message).toBe(
      `${path}:1:1: c.yaml does not exist at revision ${first} (commit ${first}); nothing was run`
    )
    const unknown = await failure(loadConfigFrom(path, { configRef: 'no-such-branch' }))
    expect((unknown as Error).message).toMatch(
      /config-ref no-such-branch: no such commit in .*fetch-depth: 0/
    )
    const option = await failure(loadConfigFrom(path, { configRef: '--output=/tmp/x' }))
    expect((option as Error).message).toMatch(/is not a revision/)
  })

  it('a symbolic link at the revision is refused (it would name another file)', async () => {
    const r = new GitRepo(mkdtempSync(join(tmpdir(), 'config-ref-')))
    r.commit({ 'real.yaml': BASE }, 'real')
    r.git('config', 'core.symlinks', 'true')
    const { symlinkSync } = await import('node:fs')
    symlinkSync('real.yaml', join(r.dir, 'c.yaml'))
    r.commit({}, 'link')
    const e = await failure(loadConfigFrom(join(r.dir, 'c.yaml'), { configRef: 'HEAD' }))
    expect((e as Error).message).toMatch(
      /c\.yaml at revision HEAD .* is a symbolic link, not a file/
    )
  })

  // A guard on the choice of git commands: plumbing that reads objects (rev-parse, ls-tree,
  // cat-file) never refreshes the index, so the repository's fsmonitor and hooks stay idle; a
  // porcelain command (status, diff) in their place would run them, as the first half shows.
  it('runs nothing the repository configures: an fsmonitor hook that git status would run stays idle', async () => {
    const { repo: r } = repo()
    const marker = join(r.dir, 'pwned')
    r.git('config', 'core.fsmonitor', `touch ${marker}; false`)
    r.git('config', 'core.hooksPath', '.hooks')
    // The attack works on a plain git command …
    try {
      r.git('status', '--porcelain')
    } catch {
      // (the hook's own exit code does not matter)
    }
    expect(existsSync(marker)).toBe(true)
    rmSync(marker)
    // … and not on the config read.
    const plan = await loadConfigFrom(join(r.dir, '.massgen/config.yaml'), {
      workingDirectory: r.dir,
      configRef: 'HEAD~1'
    })
    expect(plan.source?.kind).toBe('revision')
    expect(existsSync(marker)).toBe(false)
  })

  it('a config outside the repository, or no repository at all, is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-repo-'))
    const e = await failure(loadConfigFrom(join(dir, 'c.yaml'), { configRef: 'HEAD' }))
    expect((e as Error).message).toMatch(/is not in a git repository/)
  })

  it('CLI: validate --config-ref says where the config came from; run refuses an unsafe base too', async () => {
    const { repo: r, base } = repo()
    const path = join(r.dir, '.massgen/config.yaml')
    const ok = await cli(['validate', path, '--config-ref', 'HEAD~1', '--working-directory', r.dir])
    expect(ok.code).toBe(0)
    const blob = r.git('rev-parse', 'HEAD~1:.massgen/config.yaml')
    expect(ok.out).toContain(
      `${path}: ok (${path} at revision HEAD~1 (commit ${base}, blob ${blob})) — 1 agent(s): verifier (docker, 1 step)`
    )
    const json = await cli(['validate', '--json', path, '--config-ref=HEAD~1'])
    expect(JSON.parse(json.out).configSource).toEqual({
      kind: 'revision',
      path,
      ref: 'HEAD~1',
      commit: base,
      blob
    })
    const missing = await cli(['validate', join(r.dir, 'other.yaml'), '--config-ref', 'HEAD'])
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/other\.yaml does not exist at revision HEAD/)
  })

  it('CLI: list-agents and check --config read the config at --config-ref, not the work tree', async () => {
    const r = new GitRepo(mkdtempSync(join(tmpdir(), 'config-ref-')))
    const path = join(r.dir, 'c.yaml')
    const agents = (ids: string[], blocked: string) =>
      `agents:\n${ids.map((id) => `  - id: ${id}\n    backend: {cwd: ${id}, command_line_blocked_commands: ["${blocked}"]}\n`).join('')}`
    r.commit({ 'c.yaml': agents(['a'], 'rm') }, 'base')
    // The work tree (the pull request) adds an agent and drops the block list.
    writeFileSync(path, agents(['a', 'b'], 'nothing'))
    expect(JSON.parse((await cli(['list-agents', path])).out)).toEqual(['a', 'b'])
    expect(JSON.parse((await cli(['list-agents', path, '--config-ref', 'HEAD'])).out)).toEqual([
      'a'
    ])
    const head = await cli(['check', '--config', path, '--agent', 'a', '--', 'rm', '-f', 'x'])
    const base = await cli([
      'check',
      '--config',
      path,
      '--config-ref',
      'HEAD',
      '--agent',
      'a',
      '--',
      'rm',
      '-f',
      'x'
    ])
    expect([head.code, base.code]).toEqual([0, 1])
    expect((await cli(['check', '--config-ref', 'HEAD', '--', 'ls'])).err).toMatch(
      /--config-ref needs --config/
    )
  })
})
