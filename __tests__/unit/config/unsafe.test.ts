// Unsafe settings (issue 21): each class found wherever it can be written, refused with
// file:line:col, the class and how to allow it, and allowed only by the invoker.
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseConfig } from '../../../src/config/load.js'
import type { RunPlan } from '../../../src/config/types.js'
import {
  engineSockets,
  isUnsafeAllowed,
  parseUnsafeClasses,
  refuseUnsafe,
  type UnsafeClass
} from '../../../src/config/unsafe.js'
import { ConfigError, UsageError } from '../../../src/errors.js'

const wd = mkdtempSync(join(tmpdir(), 'unsafe-'))
const load = (yaml: string, dir = wd): RunPlan =>
  parseConfig(yaml, 'c.yaml', { workingDirectory: dir })
const found = (plan: RunPlan) =>
  (plan.unsafe ?? []).map((f) => `${f.class} ${f.key} ${f.line}:${f.col}`)
const docker = (backend: string, extra = '') =>
  `agent:\n  id: a\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n${backend}  commands: [echo hi]\n${extra}`

function refusal(plan: RunPlan, allow: UnsafeClass[] = [], surface: 'cli' | 'action' = 'cli') {
  try {
    refuseUnsafe(plan, { allow, surface })
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).message.split('\n')
  }
  return []
}

/** The held-out attack of issue 21: the engine socket and / mounted, commands as root. */
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
    - cat /host/etc/shadow
`

describe('unsafe settings', () => {
  it('the held-out config: each key named with its class and --allow-unsafe; refused', () => {
    const plan = load(HELD_OUT)
    expect(found(plan)).toEqual([
      'root-user agent.backend.command_line_docker_user 6:5',
      'docker-socket agent.backend.command_line_docker_credentials.additional_mounts["/var/run/docker.sock"] 9:9',
      'docker-socket agent.backend.command_line_docker_credentials.additional_mounts["/"] 10:9',
      'host-paths agent.backend.command_line_docker_credentials.additional_mounts["/"] 10:9'
    ])
    const lines = refusal(plan)
    expect(lines).toHaveLength(4)
    expect(lines[0]).toBe(
      'c.yaml:6:5: unsafe setting (root-user): agent.backend.command_line_docker_user: commands run as uid 0 (0:0) in the container: root there is one kernel bug from root on the host; ' +
        'refused unless the invoker allows it: --allow-unsafe root-user (action input allow-unsafe: root-user); the config cannot allow it'
    )
    for (const l of lines)
      expect(l).toMatch(/^c\.yaml:\d+:\d+: unsafe setting \([a-z-]+\): .*--allow-unsafe [a-z-]+/)
    // Allowing some is not allowing all.
    expect(refusal(load(HELD_OUT), ['docker-socket', 'root-user'])).toEqual([
      expect.stringContaining('(host-paths)')
    ])
  })

  it('runs once the invoker allows docker-socket, host-paths and root-user; the plan says so', () => {
    const plan = load(HELD_OUT)
    expect(refusal(plan, ['docker-socket', 'host-paths', 'root-user'])).toEqual([])
    expect(plan.allowUnsafe).toEqual(['docker-socket', 'host-paths', 'root-user'])
    expect(isUnsafeAllowed(plan, 'root-user')).toBe(true)
    expect(isUnsafeAllowed(plan.agents[0], 'root-user')).toBe(true)
    expect(isUnsafeAllowed(plan.agents[0], 'host-network')).toBe(false)
    expect(isUnsafeAllowed(load(HELD_OUT).agents[0], 'root-user')).toBe(false)
  })

  it('network_mode host is host-network; pass_all_env is host-env', () => {
    const net = load(docker('    command_line_docker_network_mode: host\n'))
    expect(found(net)).toEqual(['host-network agent.backend.command_line_docker_network_mode 6:5'])
    expect(refusal(net)[0]).toContain('--allow-unsafe host-network')
    const env = load(docker('    command_line_docker_credentials: {pass_all_env: true}\n'))
    expect(found(env)).toEqual([
      'host-env agent.backend.command_line_docker_credentials.pass_all_env 6:39'
    ])
    expect(refusal(env)[0]).toContain('--allow-unsafe host-env')
    expect(found(load(docker('    command_line_docker_network_mode: bridge\n')))).toEqual([])
  })

  it('env_file outside the working directory (or a link out of it) is host-env; inside it is not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unsafe-env-'))
    writeFileSync(join(dir, '.env'), 'A=1\n')
    symlinkSync('/proc/self/environ', join(dir, 'leak.env'))
    const at = (f: string) =>
      load(docker(`    command_line_docker_credentials: {env_file: ${f}}\n`), dir)
    expect(found(at('.env'))).toEqual([])
    expect(found(at('/proc/self/environ'))).toEqual([
      'host-env agent.backend.command_line_docker_credentials.env_file 6:49'
    ])
    expect(found(at('leak.env'))).toEqual([
      'host-env agent.backend.command_line_docker_credentials.env_file 6:49'
    ])
    expect(found(at('../../../etc/environment'))).toHaveLength(1)
    const runner = load(
      docker('    command_line_docker_credentials: {env_vars: [HOME, ACTIONS_RUNTIME_TOKEN]}\n')
    )
    expect(found(runner)).toEqual([
      'host-env agent.backend.command_line_docker_credentials.env_vars[1] 6:56'
    ])
  })

  it('host paths wherever a mount comes from: cwd, context paths, temporary workspace, credentials', () => {
    const climb = load(
      docker('    context_paths: [/etc]\n').replace('cwd: ws', 'cwd: ../../../../../../../../..')
    )
    expect(found(climb)).toEqual([
      'docker-socket agent.backend.cwd 4:10',
      'host-paths agent.backend.cwd 4:10',
      'host-paths agent.backend.context_paths[0] 6:21'
    ])
    const nested = load(docker('    context_paths: [{path: /etc/ssl, permission: read}]\n'))
    expect(found(nested)).toEqual(['host-paths agent.backend.context_paths[0].path 6:28'])
    const home = load(docker(`    context_paths: [${homedir()}]\n`))
    expect(found(home).map((f) => f.split(' ')[0])).toEqual(['host-paths'])
    const temp = load(docker('', 'orchestrator:\n  agent_temporary_workspace: /var\n'))
    expect(found(temp)).toEqual([
      'docker-socket orchestrator.agent_temporary_workspace 8:30',
      'host-paths orchestrator.agent_temporary_workspace 8:30'
    ])
    const creds = load(docker('    command_line_docker_credentials: {mount: [ssh_keys]}\n'))
    expect(found(creds)).toEqual([
      'host-paths agent.backend.command_line_docker_credentials.mount[0] 6:47'
    ])
    // The checkout itself, a read-only mount outside, a writable one inside: fine.
    const fine = load(
      docker(
        `    context_paths: [{path: ., permission: read}]\n` +
          `    command_line_docker_credentials:\n      additional_mounts:\n        /opt/cache: {bind: /cache}\n        ws/out: {bind: /out, mode: rw}\n`
      )
    )
    expect(found(fine)).toEqual([])
    const rw = load(
      docker(
        '    command_line_docker_credentials:\n      additional_mounts:\n        /opt/cache: {bind: /cache, mode: rw}\n'
      )
    )
    expect(found(rw)).toEqual([
      'host-paths agent.backend.command_line_docker_credentials.additional_mounts["/opt/cache"] 8:9'
    ])
  })

  it('a symlink in the work tree to / or the socket counts as what it points to', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unsafe-link-'))
    symlinkSync('/', join(dir, 'docs'))
    mkdirSync(join(dir, 'ws'))
    const plan = load(docker('    context_paths: [docs]\n'), dir)
    expect(found(plan)).toEqual([
      'docker-socket agent.backend.context_paths[0] 6:21',
      'host-paths agent.backend.context_paths[0] 6:21'
    ])
    expect(plan.unsafe?.[1].message).toContain('(a symlink to /)')
  })

  it('found through merge keys and aliases, at the place they are written', () => {
    const plan = load(`x-unsafe: &unsafe
  command_line_docker_network_mode: host
  command_line_docker_user: "0:1000"
agents:
  - id: a
    backend: {<<: *unsafe, cwd: a, command_line_execution_mode: docker}
    commands: [echo a]
  - id: b
    backend: {<<: *unsafe, cwd: b, command_line_execution_mode: docker, command_line_docker_user: "1000:0"}
    commands: [echo b]
`)
    expect(found(plan)).toEqual([
      'root-user agents[0].backend.command_line_docker_user 3:3',
      'host-network agents[0].backend.command_line_docker_network_mode 2:3',
      'host-network agents[1].backend.command_line_docker_network_mode 2:3'
    ])
    // One line per place and class, however many agents share it.
    expect(refusal(plan)).toHaveLength(2)
    // --agents b: only b's settings count.
    const onlyB = { ...plan, agents: plan.agents.filter((a) => a.id === 'b') }
    expect(refusal(onlyB)).toEqual([expect.stringContaining('(host-network)')])
  })

  it('a local agent: the action refuses it, the CLI warns, verify-isolation does not start it', () => {
    const yaml = 'agent:\n  id: l\n  backend: {cwd: ws}\n  commands: [echo hi]\n'
    expect(found(load(yaml))).toEqual(['no-sandbox agent.commands 4:3'])
    expect(refusal(load(yaml), [], 'action')).toEqual([
      expect.stringMatching(
        /^c\.yaml:4:3: unsafe setting \(no-sandbox\): .*allow-unsafe: no-sandbox/
      )
    ])
    expect(refuseUnsafe(load(yaml), { allow: [], surface: 'cli' })).toEqual([
      expect.stringMatching(/^c\.yaml:4:3: warning: agent\.commands: .*no sandbox/)
    ])
    expect(refuseUnsafe(load(yaml), { allow: [], surface: 'probe' })).toEqual([])
    expect(refuseUnsafe(load(yaml), { allow: ['no-sandbox'], surface: 'action' })).toEqual([])
    // An agent with nothing to run exposes nothing (most of MassGen's corpus).
    expect(found(load('agent:\n  id: l\n  backend: {type: openai}\n'))).toEqual([])
    const explicit =
      'agent:\n  id: l\n  backend: {cwd: ws, command_line_execution_mode: local}\n  commands: [echo]\n'
    expect(found(load(explicit))).toEqual([
      'no-sandbox agent.backend.command_line_execution_mode 3:22'
    ])
  })

  it('the config cannot allow a class: there is no such key', () => {
    const plan = load(
      HELD_OUT.replace(
        '  commands:',
        '  allow_unsafe: [docker-socket, host-paths, root-user]\n  commands:'
      )
    )
    expect(refusal(plan)).toHaveLength(4)
  })

  it('srt: a Unix socket that is the engine socket is docker-socket', () => {
    const plan = load(
      'agent:\n  id: s\n  backend:\n    cwd: ws\n    command_line_execution_mode: srt\n    command_line_srt_allow_unix_sockets: [/var/run/docker.sock, /tmp/x.sock]\n  commands: [echo]\n'
    )
    expect(found(plan)).toEqual([
      'docker-socket agent.backend.command_line_srt_allow_unix_sockets[0] 6:43'
    ])
  })

  it('engine sockets include DOCKER_HOST and rootless Docker', () => {
    const s = engineSockets({
      DOCKER_HOST: 'unix:///srv/engine.sock',
      XDG_RUNTIME_DIR: '/run/user/1001'
    })
    expect(s).toEqual(
      expect.arrayContaining([
        '/var/run/docker.sock',
        '/srv/engine.sock',
        '/run/user/1001/docker.sock'
      ])
    )
  })

  it('--allow-unsafe takes known classes only', () => {
    expect(parseUnsafeClasses('docker-socket, host-paths root-user', 'x')).toEqual([
      'docker-socket',
      'host-paths',
      'root-user'
    ])
    expect(parseUnsafeClasses('', 'x')).toEqual([])
    expect(() => parseUnsafeClasses('docker-sock', '--allow-unsafe')).toThrow(UsageError)
    expect(() => parseUnsafeClasses('all', '--allow-unsafe')).toThrow(
      /unknown class "all" \(known: docker-socket/
    )
  })
})
