// The config means what it means in MassGen: YAML as PyYAML reads it, workspaces where MassGen
// puts them, MassGen 2026 keys, and no key dropped without a word.
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isOwnImage, isOwnSudoImage, sudoImageFor } from '../../../src/config/defaults.js'
import { CREDENTIAL_MOUNTS } from '../../../src/config/schema.js'
import { CREDENTIAL_MOUNTS as MOUNT_PATHS } from '../../../src/runtime/docker/credentials.js'
import { isOwnImage as runtimeOwn, isSudoImage } from '../../../src/runtime/docker/image.js'
import { configLoader } from '../../helpers/config.js'

const wd = mkdtempSync(join(tmpdir(), 'semantics-'))
mkdirSync(join(wd, 'src'))
const { load, issues } = configLoader(wd)

describe('YAML as PyYAML reads it', () => {
  const merged = `
defaults: &defaults
  command_line_execution_mode: docker
  command_line_blocked_commands:
    - "git push.*"
  command_line_docker_network_mode: none
agents:
  - id: a
    backend:
      <<: *defaults
      cwd: w1
  - id: b
    backend:
      <<: *defaults
      cwd: w2
      command_line_execution_mode: local
`

  it('merges `<<` keys: the backend is a docker agent with the block-list from the anchor', () => {
    const plan = load(merged)
    const [a, b] = plan.agents
    expect(a.mode).toBe('docker')
    expect(a.policy.blocked.map((p) => p.source)).toEqual(['git push.*'])
    // Positions point at the line the pattern is written on (the anchor), not at the `<<`.
    expect(a.policy.blocked[0].pos).toEqual({ file: 'c.yaml', line: 5, col: 7 })
    // The mapping's own keys win over merged ones, as in PyYAML.
    expect(b.mode).toBe('local')
    expect(b.policy.blocked.map((p) => p.source)).toEqual(['git push.*'])
  })

  it('reports a bad merged value at the line it is written on, and a bad merge source', () => {
    expect(
      issues(`
defaults: &d
  command_line_docker_network_mode: bridged
agent:
  id: a
  backend:
    <<: *d
`)
    ).toEqual([
      expect.stringMatching(
        /^c\.yaml:3:37: agent\.backend\.command_line_docker_network_mode: "bridged" is not one of/
      )
    ])
    expect(issues('agent:\n  id: a\n  backend:\n    <<: 3\n')).toEqual([
      'c.yaml:4:9: agent.backend: a merge key (<<) takes a mapping, an alias of one or a list of them, got the number 3'
    ])
  })

  it('reads YAML 1.1 booleans (yes/no/on/off) but keeps y/n strings, as PyYAML', () => {
    const plan = load(`
agent:
  id: a
  backend:
    cwd: w
    command_line_execution_mode: docker
    command_line_docker_enable_sudo: yes
`)
    expect(plan.agents[0].docker?.enableSudo).toBe(true)
    expect(issues('agent:\n  id: a\n  backend:\n    command_line_docker_enable_sudo: y\n')).toEqual(
      [
        'c.yaml:4:38: agent.backend.command_line_docker_enable_sudo: expected true or false, got the string "y"'
      ]
    )
    // `.` is a string for PyYAML (the library's 1.1 schema reads it as a float).
    expect(load('agent:\n  id: a\n  backend:\n    cwd: .\n').agents[0].workspace).toBe(
      join(wd, '.massgen/workspaces')
    )
  })

  it('keeps the last of repeated keys and warns about the others', () => {
    const plan = load(`
agent:
  id: a
  backend:
    cwd: first
    cwd: second
`)
    expect(plan.agents[0].workspace).toBe(join(wd, '.massgen/workspaces/second'))
    expect(plan.warnings).toEqual([
      {
        file: 'c.yaml',
        line: 5,
        col: 5,
        message:
          'duplicate key "cwd": the later one (line 6) wins, as in PyYAML; this one is ignored'
      }
    ])
  })

  it('turns an alias bomb into one positioned error, without expanding it', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]']
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i)
      const cur = String.fromCharCode(97 + i)
      levels.push(`${cur}: &${cur} [${Array(10).fill(`*${prev}`).join(', ')}]`)
    }
    const t0 = Date.now()
    const all = issues(levels.join('\n') + '\nagent: {id: x}\n')
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(all).toEqual([
      expect.stringMatching(/^c\.yaml:\d+:\d+: .*more than 100000 nodes \(an alias bomb\?\)/)
    ])
  })

  it('reports every other YAML failure as file:line:col', () => {
    expect(issues('agent: {id: a}\n---\nagent: {id: b}\n')).toEqual([
      expect.stringMatching(/^c\.yaml:2:1: YAML syntax error: Source contains multiple documents/)
    ])
    expect(issues('agent:\n  id: [a\n')).toEqual([
      expect.stringMatching(/^c\.yaml:\d+:\d+: YAML syntax error: /)
    ])
    expect(issues('agent: *nowhere\n')).toEqual([
      'c.yaml:1:8: YAML alias *nowhere has no anchor &nowhere before it'
    ])
    expect(issues('agent: &a {id: x, again: *a}\n')).toEqual([
      expect.stringMatching(/^c\.yaml:1:\d+: YAML alias \*a refers to a node that contains it/)
    ])
    expect(issues('- just\n- a list\n')).toEqual(['c.yaml:1:1: the config must be a mapping'])
  })
})

describe('scalar types', () => {
  it('refuses numbers, NaN and dates where a path or name string is wanted', () => {
    expect(issues('agent:\n  id: a\n  backend:\n    cwd: 0.0\n')).toEqual([
      'c.yaml:4:10: agent.backend.cwd: expected a string, got the number 0.0 (write "0.0" in quotes if you mean the text)'
    ])
    expect(issues('agent:\n  id: a\n  backend:\n    context_paths:\n      - path: .nan\n')).toEqual(
      [
        'c.yaml:5:15: agent.backend.context_paths[0].path: expected a string, got the number .nan (write ".nan" in quotes if you mean the text)'
      ]
    )
    expect(issues('agent:\n  id: a\n  backend:\n    cwd: 2024-01-01\n')).toEqual([
      expect.stringContaining('agent.backend.cwd: expected a string, got the date 2024-01-01')
    ])
    expect(issues('agent:\n  id: a\n  commands:\n    - run: ls\n      env: {A: .inf}\n')).toEqual([
      expect.stringContaining('values must be strings, numbers or booleans, got the number .inf')
    ])
    expect(issues('agent:\n  id: a\n  commands: [42]\n')).toEqual([
      expect.stringContaining('expected a string or a mapping, got the number 42')
    ])
  })

  it('accepts integer ids and step names, as MassGen users write them', () => {
    const plan = load('agents:\n  - id: 7\n    commands:\n      - {name: 1, run: "true"}\n')
    expect(plan.agents[0].id).toBe('7')
    expect(plan.agents[0].steps[0].name).toBe('1')
    expect(issues('agents:\n  - id: 1.5\n')).toEqual([
      expect.stringContaining('agents[0].id: expected a string, got the number 1.5')
    ])
  })
})

describe('workspaces as MassGen places them', () => {
  it('puts relative cwd under .massgen/workspaces and the temporary workspace under .massgen', () => {
    const plan = load(`
agents:
  - {id: a, backend: {cwd: ws}}
  - {id: b, backend: {cwd: .massgen/mine}}
  - {id: c, backend: {cwd: /abs/c}}
orchestrator:
  agent_temporary_workspace: temp
`)
    expect(plan.agents.map((a) => a.workspace)).toEqual([
      join(wd, '.massgen/workspaces/ws'),
      join(wd, '.massgen/mine'),
      '/abs/c'
    ])
    expect(plan.agents[0].tempWorkspace).toBe(join(wd, '.massgen/temp'))
    // An absolute cwd whose parent is missing is worth a warning (probably another machine's path).
    expect(plan.warnings).toEqual([
      expect.objectContaining({
        line: 5,
        message:
          'the parent directory of cwd /abs/c does not exist (it is created on the first run)'
      })
    ])
  })

  it('accepts agents without cwd; with commands they get .massgen/workspaces/<id>', () => {
    const plan = load(`
agents:
  - {id: chat1, backend: {type: openai}}
  - {id: chat2, backend: {type: openai}}
  - id: runner
    commands: [ls]
`)
    expect(plan.agents.map((a) => [a.workspaceSource, a.steps.length])).toEqual([
      ['default', 0],
      ['default', 0],
      ['default', 1]
    ])
    expect(plan.agents[2].workspace).toBe(join(wd, '.massgen/workspaces/runner'))
  })

  it('reports a shared workspace once per agent that shares it, at its cwd line', () => {
    expect(
      issues(`
agents:
  - {id: a, backend: {cwd: same}}
  - id: b
    backend:
      cwd: same
  - id: c
    backend:
      cwd: same
  - {id: d, backend: {type: x}}
  - {id: e, backend: {type: x}}
`)
    ).toEqual([
      `c.yaml:6:12: agents "a" and "b" share the workspace ${join(wd, '.massgen/workspaces/same')}; give each its own "cwd"`,
      `c.yaml:9:12: agents "b" and "c" share the workspace ${join(wd, '.massgen/workspaces/same')}; give each its own "cwd"`
    ])
    // An agent without cwd that runs commands has a real workspace too.
    expect(
      issues(`
agents:
  - {id: a, backend: {cwd: runner}}
  - id: runner
    commands: [ls]
`)
    ).toEqual([expect.stringMatching(/^c\.yaml:5:5: agents "a" and "runner" share the workspace/)])
  })
})

describe('keys', () => {
  it('rejects unknown keys in the execution namespaces, with suggestions', () => {
    expect(
      issues(`
agent:
  id: a
  backend:
    command_line_docker_netwrok_mode: none
    command_execution_prefx: uv run
    permissions:
      rule:
        deny: ["command(rm*)"]
  commands:
    - read_file: {path: x, ofset: 1}
permissions:
  rules:
    deny: ["bash(git push*)", "not a rule ("]
`)
    ).toEqual([
      'c.yaml:5:5: agent.backend: unknown key "command_line_docker_netwrok_mode" (did you mean "command_line_docker_network_mode"?)',
      'c.yaml:6:5: agent.backend: unknown key "command_execution_prefx" (did you mean "command_execution_prefix"?)',
      'c.yaml:8:7: agent.backend.permissions: unknown key "rule" (did you mean "role"?)',
      'c.yaml:11:28: agent.commands[0].read_file: unknown key "ofset" (did you mean "offset"?)',
      'c.yaml:14:12: permissions.rules.deny[0]: "bash(git push*)" is not a rule kind(glob): command, read_file, write_file, read_url, mcp or *, e.g. "command(git push*)"',
      'c.yaml:14:31: permissions.rules.deny[1]: "not a rule (" is not a rule kind(glob): command, read_file, write_file, read_url, mcp or *, e.g. "command(git push*)"'
    ])
  })

  it('lists the MassGen keys it accepts and does not act on, with every place', () => {
    const plan = load(`
agents:
  - id: a
    system_message: hi
    backend: {type: openai, model: gpt, cwd: w1, enable_mcp_command_line: true}
  - id: b
    backend: {type: claude, cwd: w2}
orchestrator:
  snapshot_storage: snaps
  voting_sensitivity: lenient
ui: {display_type: simple}
memory: {enabled: true}
`)
    const ignored = Object.fromEntries(
      (plan.ignored ?? []).map((i) => [i.path, [i.at.map((p) => p.line), i.reason]])
    )
    expect(ignored).toEqual({
      'agents[*].system_message': [[4], 'no model runs; the steps are scripted'],
      'agents[*].backend.type': [[5, 7], expect.stringContaining('not about command execution')],
      'agents[*].backend.model': [[5], expect.stringContaining('not about command execution')],
      'agents[*].backend.enable_mcp_command_line': [[5], expect.stringContaining('commands:')],
      'orchestrator.snapshot_storage': [[9], expect.stringContaining('no snapshots')],
      'orchestrator.voting_sensitivity': [[10], expect.stringContaining('orchestration setting')],
      ui: [[11], expect.any(String)],
      memory: [[12], expect.stringContaining('not about command execution')]
    })
  })
})

describe('MassGen 2026 keys', () => {
  it('reads permissions (top level and per backend, roles, enabled: false) and lists rule kinds that do not apply', () => {
    const plan = load(`
permissions:
  rules:
    deny: ["command(git push --force*)", "write_file(/etc/**)"]
    ask: ["read_url(*)", "command(npm publish*)"]
    allow: ["mcp(linear/*)", "read_file"]
agents:
  - id: a
    backend:
      cwd: a
      permissions: {role: read-only}
  - id: b
    backend:
      cwd: b
      permissions: {enabled: false, rules: {deny: ["command(*)"]}}
`)
    const [a, b] = plan.agents
    expect(
      a.policy.permissions?.map(
        (r) => `${r.decision} ${r.source}${r.origin ? ` (${r.origin})` : ''}`
      )
    ).toEqual([
      'deny command(git push --force*)',
      'deny write_file(/etc/**)',
      'ask command(npm publish*)',
      'allow read_file',
      'deny write_file(*) (role read-only)',
      'deny command(*) (role read-only)',
      'allow read_file(*) (role read-only)'
    ])
    expect(a.policy.permissions?.[3]).toMatchObject({ action: 'read_file', pattern: '*' })
    expect(a.policy.permissions?.[0].pos).toEqual({ file: 'c.yaml', line: 4, col: 12 })
    expect(b.policy.permissions?.map((r) => r.source)).toEqual([
      'command(git push --force*)',
      'write_file(/etc/**)',
      'command(npm publish*)',
      'read_file'
    ])
    expect(plan.ignored?.filter((i) => i.path.startsWith('permissions'))).toEqual([
      {
        path: 'permissions.rules.ask[*]',
        reason: 'read_url(…) rules do not apply to a scripted run: no model fetches URLs',
        at: [{ file: 'c.yaml', line: 5, col: 11 }]
      },
      {
        path: 'permissions.rules.allow[*]',
        reason: 'mcp(…) rules do not apply to a scripted run: no model calls MCP tools',
        at: [{ file: 'c.yaml', line: 6, col: 13 }]
      }
    ])
  })

  it('accepts the claude/codex/gemini credential mounts and knows the GHCR images and their sudo twins', () => {
    const plan = load(`
agents:
  - id: a
    backend:
      cwd: a
      command_line_execution_mode: docker
      command_line_docker_image: ghcr.io/massgen/mcp-runtime:latest
      command_line_docker_enable_sudo: true
      command_line_docker_credentials: {mount: [claude_config, codex_config, gemini_config]}
  - id: b
    backend:
      cwd: b
      command_line_execution_mode: docker
      command_line_docker_image: ghcr.io/massgen/mcp-runtime:latest
  - id: c
    backend:
      cwd: c
      command_line_execution_mode: docker
      command_line_docker_enable_sudo: true
  - id: d
    backend:
      cwd: d
      command_line_execution_mode: docker
      command_line_docker_image: python:3.12
      command_line_docker_enable_sudo: true
`)
    expect(plan.agents.map((a) => [a.docker?.image, a.docker?.ownImage])).toEqual([
      ['ghcr.io/massgen/mcp-runtime-sudo:latest', true],
      ['ghcr.io/massgen/mcp-runtime:latest', true],
      ['massgen/mcp-runtime-sudo:latest', true],
      ['python:3.12', false]
    ])
    expect(plan.agents[0].docker?.credentials?.mount).toEqual([
      'claude_config',
      'codex_config',
      'gemini_config'
    ])
  })

  it('names both image families as ours (built from docker/) in the config and the runtime', () => {
    for (const image of [
      'massgen/mcp-runtime:latest',
      'massgen/mcp-runtime-sudo:latest',
      'ghcr.io/massgen/mcp-runtime:latest',
      'ghcr.io/massgen/mcp-runtime-sudo:v2',
      'ghcr.io/massgen/mcp-runtime'
    ]) {
      expect([image, isOwnImage(image), runtimeOwn(image)]).toEqual([image, true, true])
    }
    expect(isOwnImage('ghcr.io/other/mcp-runtime:latest')).toBe(false)
    expect(isSudoImage('ghcr.io/massgen/mcp-runtime-sudo:latest')).toBe(true)
    expect(isOwnSudoImage('ghcr.io/massgen/mcp-runtime:latest')).toBe(false)
    expect(sudoImageFor('ghcr.io/massgen/mcp-runtime:1.2')).toBe(
      'ghcr.io/massgen/mcp-runtime-sudo:1.2'
    )
    expect(sudoImageFor('massgen/mcp-runtime')).toBe('massgen/mcp-runtime-sudo:latest')
    expect(sudoImageFor('my/img:1')).toBe('my/img:1')
    // The schema accepts exactly the mounts the runtime knows how to make.
    expect([...CREDENTIAL_MOUNTS].sort()).toEqual(Object.keys(MOUNT_PATHS).sort())
  })

  it('reads read_file offset as lines to skip: default 0, 0 allowed, negative refused', () => {
    const plan = load(`
agent:
  id: a
  commands:
    - read_file: {path: f}
    - read_file: {path: f, offset: 0, line_count: 2}
    - read_file: {path: f, offset: 3}
`)
    expect(plan.agents[0].steps.map((s) => (s.kind === 'read_file' ? s.offset : null))).toEqual([
      0, 0, 3
    ])
    expect(
      issues('agent:\n  id: a\n  commands:\n    - read_file: {path: f, offset: -1}\n')
    ).toEqual(['c.yaml:4:36: agent.commands[0].read_file.offset: must be at least 0, got -1'])
  })

  it('warns about context paths that do not exist (MassGen refuses them), once each', () => {
    const plan = load(`
agents:
  - {id: a, backend: {cwd: a}}
  - {id: b, backend: {cwd: b}}
orchestrator:
  context_paths:
    - {path: src, permission: read}
    - path: missing
    - gone
`)
    expect(plan.warnings?.map((w) => [w.line, w.message])).toEqual([
      [
        8,
        `context path ${join(wd, 'missing')} does not exist (MassGen refuses to start with a missing context path)`
      ],
      [
        9,
        `context path ${join(wd, 'gone')} does not exist (MassGen refuses to start with a missing context path)`
      ]
    ])
    expect(plan.agents[0].contextPaths.map((c) => [c.path, c.permission])).toEqual([
      [join(wd, 'src'), 'read'],
      [join(wd, 'missing'), 'read'],
      [join(wd, 'gone'), 'read']
    ])
  })
})
