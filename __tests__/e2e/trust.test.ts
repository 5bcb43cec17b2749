// Issue 21 through the bundled CLI and action: the held-out attack config (the engine socket and /
// mounted, commands as uid 0) is refused by validate, run and verify-isolation, naming each key and
// --allow-unsafe; allowed by the invoker, the attack works (which is why it is refused); host
// network and pass_all_env are refused with their class; under --config-ref HEAD~1 a head commit
// that weakens the config has no effect; the action refuses a local agent unless allowed and
// reads its config from config-ref.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IsolationReport } from '../../src/isolation/types.js'
import type { RunResults } from '../../src/report/types.js'
import { GitRepo } from '../helpers/git-repo.js'
import { containersOfRun } from '../helpers/run-containers.js'
import { ACTION_MAIN, CLI, RunnerFiles, runNode } from '../helpers/run-dist.js'

const HELD_OUT = `agent:
  id: attacker
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_user: "0:0"
    command_line_docker_credentials:
      additional_mounts:
        /var/run/docker.sock: {bind: /var/run/docker.sock, mode: rw}
        /: {bind: /host, mode: ro}
  commands:
    - name: whoami
      run: id -u
    - name: the host's files
      run: cat /host/etc/hostname
    - name: the Docker API
      run: >-
        python3 -c "import socket; s = socket.socket(socket.AF_UNIX); s.connect('/var/run/docker.sock');
        s.sendall(b'GET /_ping HTTP/1.0\\r\\n\\r\\n'); print(s.recv(4096).decode().splitlines()[-1])"
`

function project(yaml: string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'trust-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(config, yaml)
  return { dir, config }
}

const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T

const KEYS = [
  /config\.yaml:6:5: unsafe setting \(root-user\): agent\.backend\.command_line_docker_user: .*--allow-unsafe root-user/,
  /config\.yaml:9:9: unsafe setting \(docker-socket\): agent\.backend\.command_line_docker_credentials\.additional_mounts\["\/var\/run\/docker\.sock"\]: .*--allow-unsafe docker-socket/,
  /config\.yaml:10:9: unsafe setting \(docker-socket\): agent\.backend\.command_line_docker_credentials\.additional_mounts\["\/"\]: .*--allow-unsafe docker-socket/,
  /config\.yaml:10:9: unsafe setting \(host-paths\): agent\.backend\.command_line_docker_credentials\.additional_mounts\["\/"\]: .*--allow-unsafe host-paths/
]

describe('unsafe settings through the CLI', () => {
  it('the held-out config: validate, run and verify-isolation exit 2 naming each key and --allow-unsafe', async () => {
    const { dir, config } = project(HELD_OUT)
    const common = ['--working-directory', dir, '--out', join(dir, 'out')]
    const validate = await runNode(CLI, ['validate', config, '--working-directory', dir])
    const run = await runNode(CLI, ['run', config, ...common])
    const verify = await runNode(CLI, ['verify-isolation', config, ...common])
    for (const r of [validate, run, verify]) {
      expect(r.code).toBe(2)
      for (const k of KEYS) expect(r.stderr).toMatch(k)
    }
    expect(validate.stdout).not.toMatch(/ok/)
    const json = await runNode(CLI, ['validate', config, '--json'])
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout).unsafe.classes).toEqual([
      'docker-socket',
      'host-paths',
      'root-user'
    ])
    // Nothing started, and the record says why.
    const results = read<RunResults>(join(dir, 'out', 'results.json'))
    expect(results).toMatchObject({ status: 'error', agents: [] })
    expect(results.error).toMatch(/unsafe setting \(docker-socket\)/)
    const isolation = read<IsolationReport>(join(dir, 'out', 'isolation.json'))
    expect(isolation.error).toMatch(/unsafe setting \(root-user\)/)
  })

  it('allowed by the invoker it runs, and the attack works (root, the host root, the engine API)', async () => {
    const { dir, config } = project(HELD_OUT)
    const r = await runNode(CLI, [
      'run',
      config,
      '--working-directory',
      dir,
      '--out',
      join(dir, 'out'),
      '--allow-unsafe',
      'docker-socket,host-paths,root-user'
    ])
    const results = read<RunResults>(join(dir, 'out', 'results.json'))
    expect([r.code, results.agents[0].error]).toEqual([0, undefined])
    const out = results.agents[0].commands.map((c) => c.stdout.trim())
    expect(out).toEqual(['0', readFileSync('/etc/hostname', 'utf8').trim(), 'OK'])
    expect(results.unsafe?.allowed).toEqual(['docker-socket', 'host-paths', 'root-user'])
    expect(
      results.unsafe?.used.map((u) => `${u.class} ${u.at.split(':').slice(-2).join(':')}`)
    ).toEqual(['root-user 6:5', 'docker-socket 9:9', 'docker-socket 10:9', 'host-paths 10:9'])
    expect(results.configSource).toMatchObject({ kind: 'worktree', path: config })
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain(
      'unsafe settings allowed: docker-socket, host-paths, root-user'
    )
    expect(containersOfRun(results.runId)).toEqual([])
  })

  it('network_mode host and pass_all_env are each refused with their class', async () => {
    const base =
      'agent:\n  id: a\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n'
    const net = project(
      `${base}    command_line_docker_network_mode: host\n  commands: [echo hi]\n`
    )
    const env = project(
      `${base}    command_line_docker_credentials: {pass_all_env: true}\n  commands: [env]\n`
    )
    const runNet = await runNode(CLI, ['run', net.config, '--out', join(net.dir, 'out')])
    expect(runNet.code).toBe(2)
    expect(runNet.stderr).toMatch(
      /config\.yaml:6:5: unsafe setting \(host-network\): agent\.backend\.command_line_docker_network_mode: .*--allow-unsafe host-network/
    )
    const runEnv = await runNode(CLI, ['run', env.config, '--out', join(env.dir, 'out')])
    expect(runEnv.code).toBe(2)
    expect(runEnv.stderr).toMatch(
      /config\.yaml:6:\d+: unsafe setting \(host-env\): agent\.backend\.command_line_docker_credentials\.pass_all_env: .*--allow-unsafe host-env/
    )
  })
})

const BASE = `agent:
  id: verifier
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_allowed_commands: ["echo .*", "cat .*"]
  commands:
    - echo from-base
    - cat /etc/hostname
`
// The pull request's head weakens it: no allowlist, a bridge network, other commands.
const WEAKENED = `agent:
  id: verifier
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_network_mode: bridge
  commands:
    - echo from-head
    - cat /etc/hostname
`

describe('config-ref through the CLI', () => {
  it('a head commit that weakens the config has no effect under --config-ref HEAD~1', async () => {
    const repo = new GitRepo(mkdtempSync(join(tmpdir(), 'trust-ref-')))
    const base = repo.commit({ '.massgen/verify.yaml': BASE }, 'base')
    repo.commit({ '.massgen/verify.yaml': WEAKENED }, 'the pull request')
    const config = join(repo.dir, '.massgen/verify.yaml')
    const out = join(repo.dir, 'out')
    const r = await runNode(
      CLI,
      ['run', config, '--config-ref', 'HEAD~1', '--working-directory', repo.dir, '--out', out],
      { cwd: repo.dir }
    )
    const results = read<RunResults>(join(out, 'results.json'))
    expect([r.code, results.error]).toEqual([0, undefined])
    expect(r.stdout).toContain(`config: ${config} at revision HEAD~1 (commit ${base}, blob `)
    const blob = repo.git('rev-parse', 'HEAD~1:.massgen/verify.yaml')
    expect(results.configSource).toEqual({
      kind: 'revision',
      path: config,
      ref: 'HEAD~1',
      commit: base,
      blob
    })
    const agent = results.agents[0]
    expect(agent.commands.map((c) => [c.command, c.status])).toEqual([
      ['echo from-base', 'passed'],
      ['cat /etc/hostname', 'passed']
    ])
    expect(agent.limits?.network).toBe('none')
    // The work tree's own config would have run with a bridge network.
    const head = await runNode(CLI, ['validate', config, '--json', '--working-directory', repo.dir])
    expect(JSON.parse(head.stdout).agents[0].network).toBe('bridge')
    const summary = readFileSync(join(out, 'summary.md'), 'utf8')
    expect(summary).toContain(`at revision HEAD~1 (commit ${base}, blob ${blob})`)
  })

  it('a config path missing at the revision is exit 2 with a clear message', async () => {
    const repo = new GitRepo(mkdtempSync(join(tmpdir(), 'trust-ref-')))
    const first = repo.commit({ 'README.md': 'x\n' }, 'first')
    repo.commit({ 'massgen.yaml': BASE }, 'config')
    const out = join(repo.dir, 'out')
    const r = await runNode(CLI, ['run', 'massgen.yaml', '--config-ref', first, '--out', out], {
      cwd: repo.dir
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`massgen.yaml does not exist at revision ${first}`)
    expect(read<RunResults>(join(out, 'results.json')).configSource).toEqual({
      kind: 'revision',
      path: 'massgen.yaml',
      ref: first
    })
  })
})

describe('the bundled action', () => {
  const LOCAL = 'agent:\n  id: builder\n  backend: {cwd: ws}\n  commands:\n    - echo built\n'

  it('refuses a local agent unless allow-unsafe lists no-sandbox', async () => {
    const { dir } = project(LOCAL)
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'config.yaml',
          'working-directory': dir,
          'output-dir': join(dir, 'out'),
          'upload-artifacts': 'false'
        },
        { GITHUB_WORKSPACE: dir }
      )
    })
    expect(r.code).not.toBe(0)
    expect(r.stdout).toMatch(
      /::error::massgen-exec: config\.yaml:4:3: unsafe setting \(no-sandbox\): agent\.commands: .*allow-unsafe: no-sandbox/
    )
    expect(runner.outputs().status).toBe('error')
  })

  it('reads the config from config-ref; the job summary states the source and what was allowed', async () => {
    const repo = new GitRepo(mkdtempSync(join(tmpdir(), 'trust-action-')))
    const base = repo.commit({ 'massgen.yaml': LOCAL }, 'base')
    repo.commit({ 'massgen.yaml': LOCAL.replace('echo built', 'echo weakened') }, 'head')
    const runner = new RunnerFiles()
    const r = await runNode(ACTION_MAIN, [], {
      cwd: repo.dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'config-ref': base,
          'allow-unsafe': 'no-sandbox',
          'working-directory': repo.dir,
          'output-dir': join(repo.dir, 'out'),
          'upload-artifacts': 'false'
        },
        { GITHUB_WORKSPACE: repo.dir }
      )
    })
    expect(r.code).toBe(0)
    const results = read<RunResults>(join(repo.dir, 'out', 'results.json'))
    expect(results.agents[0].commands[0].stdout).toBe('built\n')
    expect(results.configSource).toMatchObject({ kind: 'revision', ref: base, commit: base })
    expect(results.unsafe).toEqual({
      allowed: ['no-sandbox'],
      used: [expect.objectContaining({ class: 'no-sandbox', key: 'agent.commands' })]
    })
    const summary = readFileSync(runner.summary, 'utf8')
    expect(summary).toContain(
      `config source: massgen.yaml at revision ${base} (commit ${base}, blob ${results.configSource?.blob})`
    )
    expect(summary).toContain('unsafe settings allowed: no-sandbox (in use: no-sandbox)')
  })
})
