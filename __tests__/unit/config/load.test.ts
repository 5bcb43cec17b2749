import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, parseConfig } from '../../../src/config/load.js'
import type { RunStep } from '../../../src/config/types.js'
import { configLoader } from '../../helpers/config.js'

const wd = '/work/project'
const { load, issues } = configLoader(wd)

describe('config loader', () => {
  it('loads a single MassGen docker agent with MassGen defaults, ignoring non-execution keys', () => {
    const plan = load(`
agent:
  id: "agent_a"
  backend:
    type: "openai"
    model: "gpt-5-mini"
    cwd: "workspace1"
    enable_mcp_command_line: true
    command_line_execution_mode: "docker"
orchestrator:
  snapshot_storage: "snapshots"
  agent_temporary_workspace: "temp_workspaces"
timeout_settings:
  orchestrator_timeout_seconds: 180
ui:
  display_type: "rich_terminal"
  logging_enabled: true
`)
    expect(plan.agents).toHaveLength(1)
    const a = plan.agents[0]
    expect(a.id).toBe('agent_a')
    expect(a.mode).toBe('docker')
    // MassGen places relative paths under .massgen/ (without its random per-run suffix).
    expect(a.workspace).toBe('/work/project/.massgen/workspaces/workspace1')
    expect(a.workspaceSource).toBe('cwd')
    expect(a.tempWorkspace).toBe('/work/project/.massgen/temp_workspaces')
    expect(a.docker).toMatchObject({
      image: 'massgen/mcp-runtime:latest',
      ownImage: true,
      network: 'none',
      pidsLimit: 512,
      user: '1000:1000',
      enableSudo: false
    })
    expect(a.docker?.memoryBytes).toBeUndefined()
    expect(a.steps).toEqual([])
  })

  it('defaults to local mode, and switches to the sudo image when sudo is on with the default image', () => {
    const plan = load(`
agents:
  - id: a
    backend: {cwd: w1}
  - id: b
    backend: {cwd: w2, command_line_execution_mode: docker, command_line_docker_enable_sudo: true}
  - id: c
    backend: {cwd: w3, command_line_execution_mode: docker, command_line_docker_enable_sudo: true, command_line_docker_image: my/img:1}
`)
    expect(plan.agents.map((a) => a.mode)).toEqual(['local', 'docker', 'docker'])
    expect(plan.agents[1].docker?.image).toBe('massgen/mcp-runtime-sudo:latest')
    expect(plan.agents[1].policy.enableSudo).toBe(true)
    expect(plan.agents[2].docker?.image).toBe('my/img:1')
    expect(plan.agents[2].docker?.ownImage).toBe(false)
    expect(plan.agents[0].policy.enableSudo).toBe(false)
  })

  it('parses limits, credentials, packages, context paths and steps of every shape', () => {
    const plan = load(`
agent:
  id: dev
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_memory_limit: "2g"
    command_line_docker_cpu_limit: 1.5
    command_line_docker_network_mode: bridge
    command_line_docker_pids_limit: 128
    command_line_timeout: 30
    command_line_allowed_commands: ["python.*", "pytest.*"]
    command_line_blocked_commands: ["git push.*"]
    command_line_docker_credentials:
      env_vars: [GITHUB_TOKEN]
      mount: [ssh_keys, git_config]
      additional_mounts:
        /data/models: {bind: /models}
        /data/rw: {bind: /rw, mode: rw}
    command_line_docker_packages:
      preinstall: {python: [requests], npm: [typescript]}
    context_paths:
      - {path: src, permission: read}
  commands:
    - echo one
    - run: pytest -q
      name: tests
      timeout: 120
      work_dir: sub
      env: {A: 1, B: x}
      expect_exit: 5
      allow_failure: true
      junit: report.xml
    - write_file: {path: a.txt, content: hi}
    - read_file: {path: a.txt, offset: 2, line_count: 3}
orchestrator:
  context_paths:
    - {path: src, permission: write, protected_paths: [secret]}
`)
    const a = plan.agents[0]
    expect(a.docker).toMatchObject({
      memoryBytes: 2 * 1024 ** 3,
      cpus: 1.5,
      network: 'bridge',
      pidsLimit: 128
    })
    expect(a.docker?.credentials?.additionalMounts).toEqual([
      { hostPath: '/data/models', bind: '/models', mode: 'ro' },
      { hostPath: '/data/rw', bind: '/rw', mode: 'rw' }
    ])
    expect(a.docker?.packages).toEqual({ python: ['requests'], npm: ['typescript'], system: [] })
    // The orchestrator's entry wins for the same path.
    expect(a.contextPaths).toEqual([
      {
        path: '/work/project/src',
        permission: 'write',
        protectedPaths: ['/work/project/src/secret'],
        name: undefined
      }
    ])
    expect(a.policy.allowed.map((p) => p.source)).toEqual(['python.*', 'pytest.*'])
    expect(a.policy.allowed[0].pos).toEqual({ file: 'c.yaml', line: 12, col: 37 })
    const [s0, s1, s2, s3] = a.steps
    expect(s0).toMatchObject({ kind: 'run', run: 'echo one', timeoutSec: 30, expectExit: 0 })
    expect(s1).toMatchObject({
      kind: 'run',
      name: 'tests',
      timeoutSec: 120,
      workDir: '/work/project/.massgen/workspaces/ws/sub',
      env: { A: '1', B: 'x' },
      expectExit: 5,
      allowFailure: true,
      junit: 'report.xml'
    })
    expect(s2).toMatchObject({
      kind: 'write_file',
      path: '/work/project/.massgen/workspaces/ws/a.txt',
      content: 'hi'
    })
    expect(s3).toMatchObject({ kind: 'read_file', offset: 2, lineCount: 3 })
    expect((s1 as RunStep).pos?.line).toBe(26)
  })

  it('reports a misspelled execution key with its position and a suggestion', () => {
    expect(
      issues(`agent:
  id: a
  backend:
    command_line_execution_mode: docker
    command_line_docker_memory_limt: "2g"
`)
    ).toEqual([
      'c.yaml:5:5: agent.backend: unknown key "command_line_docker_memory_limt" (did you mean "command_line_docker_memory_limit"?)'
    ])
  })

  it("refuses a CPU limit above the host's CPU count for an agent that runs (Docker would refuse the container)", () => {
    const yaml = (cpus: number, commands: string) => `agent:
  id: a
  backend:
    cwd: w
    command_line_execution_mode: docker
    command_line_docker_cpu_limit: ${cpus}
${commands}`
    const two = (text: string) => parseConfig(text, 'c.yaml', { workingDirectory: wd, hostCpus: 2 })
    const refused = (() => {
      try {
        two(yaml(4.0, '  commands: [echo hi]\n'))
      } catch (e) {
        return (e as Error).message
      }
      return 'loaded'
    })()
    expect(refused).toBe(
      'c.yaml:6:36: command_line_docker_cpu_limit: 4 is more than the 2 CPUs this host has; ' +
        'Docker refuses to start such a container (set at most 2, or leave the key out for no limit)'
    )
    expect(two(yaml(2, '  commands: [echo hi]\n')).agents[0].docker?.cpus).toBe(2)
    // An agent that runs nothing (MassGen's shipped configs) loads, with a warning.
    const quiet = two(yaml(4.0, ''))
    expect(quiet.warnings?.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /cpu_limit: 4 is more than the 2 CPUs .*; this agent runs no commands, so nothing starts$/
      )
    ])
  })

  it('reports every bad value at once, with suggestions for enums', () => {
    const all = issues(`agents:
  - id: a
    backend:
      cwd: w1
      command_line_execution_mode: docker
      command_line_docker_memory_limit: "2 gigs"
      command_line_docker_network_mode: bridged
      command_line_docker_cpu_limit: -1
    comands:
      - echo hi
  - id: b
    backend: {cwd: w2}
    commands:
      - run: ls
        timout: 3
      - {write_file: {path: x}}
      - [ls, -l]
`)
    expect(all).toEqual([
      'c.yaml:6:41: agents[0].backend.command_line_docker_memory_limit: "2 gigs" is not a size like "512m" or "2g"',
      'c.yaml:7:41: agents[0].backend.command_line_docker_network_mode: "bridged" is not one of "none", "bridge", "host" (did you mean "bridge"?)',
      'c.yaml:8:38: agents[0].backend.command_line_docker_cpu_limit: must be greater than 0, got -1',
      'c.yaml:9:5: agents[0]: unknown key "comands" (did you mean "commands"?)',
      'c.yaml:15:9: agents[1].commands[0]: unknown key "timout" (did you mean "timeout"?)',
      'c.yaml:16:22: agents[1].commands[1].write_file: missing required key "content"',
      'c.yaml:17:9: agents[1].commands[2]: expected a string or a mapping, got a list'
    ])
  })

  it('reports YAML syntax errors with their position', () => {
    const [first] = issues('agent:\n  id: a\n  backend: {cwd: [unclosed\n')
    expect(first).toMatch(/^c\.yaml:\d+:\d+: YAML syntax error: /)
  })

  it('rejects agent + agents, duplicate ids and shared workspaces', () => {
    expect(issues('agent: {id: a}\nagents: [{id: b}]\n')).toEqual([
      'c.yaml:2:1: give either "agent" or "agents", not both'
    ])
    expect(
      issues('agents:\n  - {id: a, backend: {cwd: w}}\n  - {id: a, backend: {cwd: w}}\n')
    ).toEqual([
      'c.yaml:3:10: duplicate agent id "a"',
      expect.stringMatching(/^c\.yaml:3:28: agents "a" and "a" share the workspace/)
    ])
    expect(issues('ui: {}\n')).toEqual(['c.yaml:1:1: the config has no "agent" or "agents"'])
  })

  it('points an invalid allow-list regex at its line and column', () => {
    expect(
      issues(`agent:
  id: a
  backend:
    command_line_allowed_commands:
      - "python.*"
      - "pytest ("
`)
    ).toEqual([expect.stringMatching(/^c\.yaml:6:9: command_line_allowed_commands\[1\]: /)])
  })

  it('reads files and reports an unreadable one as a config error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'))
    writeFileSync(join(dir, 'ok.yaml'), 'agent: {id: x}\n')
    const plan = await loadConfig(join(dir, 'ok.yaml'), { workingDirectory: dir })
    expect(plan.agents[0].workspace).toBe(join(dir, '.massgen/workspaces/x'))
    expect(plan.agents[0].workspaceSource).toBe('default')
    await expect(loadConfig(join(dir, 'missing.yaml'))).rejects.toThrow(
      /missing\.yaml:1:1: cannot read config/
    )
  })
})

describe('command_line_disk_limit (issue 24)', () => {
  it('is a size, 4g by default for every docker agent', () => {
    const plan = load(`agents:
  - id: a
    backend: {cwd: w1, command_line_execution_mode: docker, command_line_disk_limit: "500m"}
  - id: b
    backend: {cwd: w2, command_line_execution_mode: docker}
`)
    expect(plan.agents.map((a) => a.docker?.diskLimitBytes)).toEqual([
      500 * 1024 ** 2,
      4 * 1024 ** 3
    ])
  })

  it('a value that is not a size of at least 1m is reported at its key', () => {
    expect(
      issues(`agent:
  id: a
  backend: {cwd: w1, command_line_execution_mode: docker, command_line_disk_limit: "10k"}
`)
    ).toEqual([
      'c.yaml:3:84: command_line_disk_limit: "10k" is not a size of at least 1m like "500m" or "4g"'
    ])
  })
})
