// `massgen-exec validate`: text and --json output, warnings and --strict, --working-directory,
// exit codes, and `check --config` applying the same plan (merge keys, permissions).
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { main } from '../../../src/cli/main.js'

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

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'validate-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

const MERGED = `# a backend whose execution keys come from an anchor
x-docker: &docker
  command_line_execution_mode: docker
  command_line_docker_memory_limit: "1g"
  command_line_blocked_commands: ["git push.*"]
agents:
  - id: coder
    backend:
      <<: *docker
      type: openai
      model: gpt-5
      cwd: coder
      command_line_docker_credentials: {mount: [claude_config], env_vars: [TOKEN]}
      context_paths:
        - {path: src, permission: read, protected_paths: [keys]}
    commands:
      - pytest -q
      - write_file: {path: notes.txt, content: "hi\\n"}
      - read_file: {path: notes.txt, line_count: 1}
  - id: chat
    backend: {type: gemini}
permissions:
  rules:
    deny: ["command(git push --force*)"]
    ask: ["read_url(*)"]
orchestrator:
  agent_temporary_workspace: temp
`

describe('validate', () => {
  it('prints the ignored MassGen keys and an ok line; exit 0', async () => {
    const dir = project({ 'c.yaml': MERGED, 'src/.keep': '' })
    // claude_config mounts a file of the runner's home: host-paths, allowed by the invoker.
    const r = await cli(['validate', join(dir, 'c.yaml'), '--allow-unsafe', 'host-paths'])
    expect(r.code).toBe(0)
    expect(r.err).toBe('')
    const lines = r.out.trim().split('\n')
    expect(lines.at(-1)).toBe(
      `${join(dir, 'c.yaml')}: ok — 2 agent(s): coder (docker, 3 steps), chat (local, no commands: nothing runs)`
    )
    expect(lines).toContainEqual(
      `${join(dir, 'c.yaml')}:2:1: ignored: x-docker, agents[*].backend.type (×2), agents[*].backend.model: not about command execution (massgen-exec runs scripted commands, no model)`
    )
    expect(lines).toContainEqual(
      `${join(dir, 'c.yaml')}:25:11: ignored: permissions.rules.ask[*]: read_url(…) rules do not apply to a scripted run: no model fetches URLs`
    )
  })

  it('--json prints the resolved plan, as documented in the README', async () => {
    const dir = project({ 'c.yaml': MERGED, 'src/.keep': '' })
    const r = await cli(['validate', '--json', join(dir, 'c.yaml'), '--allow-unsafe=host-paths'])
    expect(r.code).toBe(0)
    const plan = JSON.parse(r.out)
    expect(Object.keys(plan)).toEqual([
      'config',
      'workingDirectory',
      'warnings',
      'ignored',
      'agents',
      'configSource',
      'unsafe'
    ])
    expect(plan.configSource).toEqual({
      kind: 'worktree',
      path: join(dir, 'c.yaml'),
      blob: expect.stringMatching(/^[0-9a-f]{40}$/)
    })
    expect(plan.unsafe).toEqual({
      classes: ['host-paths'],
      allowed: ['host-paths'],
      refused: [],
      found: [
        expect.objectContaining({
          class: 'host-paths',
          agent: 'coder',
          key: 'agents[0].backend.command_line_docker_credentials.mount[0]',
          at: `${join(dir, 'c.yaml')}:13:49`
        })
      ]
    })
    const [coder, chat] = plan.agents
    expect(coder).toEqual({
      id: 'coder',
      mode: 'docker',
      runs: true,
      workspace: {
        path: join(process.cwd(), '.massgen/workspaces/coder'),
        source: 'cwd',
        used: true
      },
      image: 'massgen/mcp-runtime:latest',
      ownImage: true,
      user: '1000:1000',
      limits: {
        memory: '1g',
        memoryBytes: 1024 ** 3,
        cpus: null,
        pids: 512,
        readOnlyRootfs: true,
        runtime: null,
        maxOutputBytes: 1048576,
        disk: '4g',
        diskBytes: 4 * 1024 ** 3
      },
      network: 'none',
      egress: null,
      mounts: [
        expect.objectContaining({ kind: 'workspace', mode: 'rw' }),
        expect.objectContaining({ kind: 'temporary-workspace', mode: 'ro' }),
        expect.objectContaining({ kind: 'context', mode: 'ro' }),
        expect.objectContaining({ kind: 'protected', mode: 'ro' }),
        {
          kind: 'credential claude_config',
          source: '~/.claude',
          target: '/home/massgen/.claude',
          mode: 'ro'
        },
        { kind: 'home volume', source: '(anonymous volume)', target: '/home/massgen', mode: 'rw' },
        { kind: 'tmpfs', source: 'tmpfs', target: '/tmp', mode: 'rw' },
        { kind: 'tmpfs', source: 'tmpfs', target: '/var/tmp', mode: 'rw' },
        { kind: 'tmpfs', source: 'tmpfs', target: '/run', mode: 'rw' }
      ],
      environment: { vars: ['TOKEN'], file: null, fromFile: [], passAllEnv: false },
      packages: null,
      policy: { enableSudo: false, allowed: [], blocked: ['git push.*'] },
      permissions: { deny: ['command(git push --force*)'], ask: [], allow: [] },
      commandPrefix: null,
      venvPath: null,
      steps: [
        expect.objectContaining({
          index: 0,
          kind: 'run',
          run: 'pytest -q',
          timeoutSec: 60,
          line: 17
        }),
        expect.objectContaining({ index: 1, kind: 'write_file', bytes: 3 }),
        expect.objectContaining({ index: 2, kind: 'read_file', offset: 0, lineCount: 1 })
      ]
    })
    expect(chat).toMatchObject({
      id: 'chat',
      mode: 'local',
      runs: false,
      workspace: { source: 'default', used: false },
      image: null,
      mounts: [],
      steps: []
    })
  })

  it('the README documents the --json output as it is', async () => {
    const readme = readFileSync('README.md', 'utf8')
    const section = readme.slice(readme.indexOf('### validate\n'))
    const block = /```json\n([\s\S]*?)\n```/.exec(section)
    expect(block).not.toBeNull()
    const documented = JSON.parse((block as RegExpExecArray)[1])
    const dir = project({ 'c.yaml': MERGED, 'src/.keep': '' })
    const real = JSON.parse(
      (await cli(['validate', '--json', join(dir, 'c.yaml'), '--allow-unsafe', 'host-paths'])).out
    )
    const keys = (o: object) => Object.keys(o).sort()
    expect(keys(documented)).toEqual(keys(real))
    const [doc, act] = [documented.agents[0], real.agents[0]]
    expect(keys(doc)).toEqual(keys(act))
    for (const k of ['workspace', 'limits', 'environment', 'policy', 'permissions'])
      expect([k, keys(doc[k])]).toEqual([k, keys(act[k])])
    expect(keys(doc.mounts[0])).toEqual(keys(act.mounts[0]))
    expect(keys(doc.steps[0])).toEqual(keys(act.steps[0]))
    expect(keys(documented.ignored[0])).toEqual(keys(real.ignored[0]))
    expect(keys(documented.unsafe)).toEqual(keys(real.unsafe))
    expect(keys(documented.unsafe.found[0])).toEqual(keys(real.unsafe.found[0]))
    expect(keys(documented.configSource)).toEqual(keys(real.configSource))
  })

  it('--json shows an agent’s egress: the network, the lists, the proxy’s mount, each step’s switch', async () => {
    const dir = project({
      'c.yaml':
        'agent:\n  id: a\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n' +
        '    command_line_egress: {presets: [python], allowed_domains: [mirror.example:8443]}\n' +
        '  commands:\n    - pip install -r requirements.txt\n    - {run: pytest, egress: false}\n'
    })
    const a = JSON.parse((await cli(['validate', '--json', join(dir, 'c.yaml')])).out).agents[0]
    expect(a.network).toBe('none + egress allowlist')
    expect(a.egress).toEqual({
      allowedDomains: ['mirror.example:8443'],
      presets: ['python'],
      allowedPrivateRanges: [],
      audit: false
    })
    expect(a.mounts).toContainEqual({
      kind: 'egress proxy',
      source: '(a directory per run, under the temp directory)',
      target: '/run/massgen-egress',
      mode: 'ro'
    })
    expect(a.steps.map((s: { egress: boolean | null }) => s.egress)).toEqual([null, false])
  })

  it('resolves paths against --working-directory', async () => {
    const dir = project({ 'c.yaml': MERGED, 'src/.keep': '' })
    const r = await cli(['validate', '--json', '--working-directory', dir, join(dir, 'c.yaml')])
    const plan = JSON.parse(r.out)
    expect(plan.workingDirectory).toBe(dir)
    expect(plan.agents[0].workspace.path).toBe(join(dir, '.massgen/workspaces/coder'))
    expect(plan.agents[0].mounts[1].source).toBe(join(dir, '.massgen/temp'))
  })

  it('warns (exit 0) about a missing context path and a repeated key; --strict makes them errors', async () => {
    const dir = project({
      'c.yaml': 'agent:\n  id: a\n  id: b\n  backend:\n    context_paths: [{path: nope}]\n'
    })
    const file = join(dir, 'c.yaml')
    const r = await cli(['validate', '--working-directory', dir, file])
    expect(r.code).toBe(0)
    expect(r.err.trim().split('\n')).toEqual([
      `${file}:2:3: warning: duplicate key "id": the later one (line 3) wins, as in PyYAML; this one is ignored`,
      `${file}:5:28: warning: context path ${join(dir, 'nope')} does not exist (MassGen refuses to start with a missing context path)`
    ])
    expect(r.out).toContain(': ok — 1 agent(s): b (local')
    const strict = await cli(['validate', '--strict', '--working-directory', dir, file])
    expect(strict.code).toBe(2)
    expect(strict.err.trim().split('\n')).toEqual([
      `${file}:2:3: duplicate key "id": the later one (line 3) wins, as in PyYAML; this one is ignored`,
      `${file}:5:28: context path ${join(dir, 'nope')} does not exist (MassGen refuses to start with a missing context path)`
    ])
    expect(strict.out).toBe('')
  })

  it('an alias bomb is one file:line:col error, exit 2, no stack trace', async () => {
    const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (const [prev, cur] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi']) {
      rows.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`)
    }
    const dir = project({ 'bomb.yaml': rows.join('\n') + '\nagent: {id: x, commands: [*i]}\n' })
    const r = await cli(['validate', join(dir, 'bomb.yaml')])
    expect(r.code).toBe(2)
    expect(r.err.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${join(dir, 'bomb.yaml')}:\\d+:\\d+: .*alias bomb`))
    ])
    expect(r.err).not.toMatch(/\n\s+at /)
  })

  it('usage errors exit 2', async () => {
    expect((await cli(['validate'])).code).toBe(2)
    expect((await cli(['validate', '--nope', 'x.yaml'])).code).toBe(2)
  })
})

describe('check --config applies the config as a run would', () => {
  it('blocks git push --force with a permissions deny, allows git status', async () => {
    const dir = project({
      'c.yaml':
        'agent:\n  id: a\npermissions:\n  rules:\n    deny: ["command(git push --force*)"]\n'
    })
    const push = await cli([
      'check',
      '--config',
      join(dir, 'c.yaml'),
      '--',
      'git push --force origin main'
    ])
    expect(push.code).toBe(1)
    expect(JSON.parse(push.out)).toEqual({
      command: 'git push --force origin main',
      verdict: 'block',
      rule: 'permissions-deny',
      reason:
        '`git push --force origin main` matches the permissions deny rule command(git push --force*)'
    })
    const status = await cli(['check', '--config', join(dir, 'c.yaml'), '--', 'git status'])
    expect(status.code).toBe(0)
  })

  it('takes the block-list from a merge key', async () => {
    const dir = project({ 'c.yaml': MERGED, 'src/.keep': '' })
    const r = await cli([
      'check',
      '--config',
      join(dir, 'c.yaml'),
      '--agent',
      'coder',
      '--',
      'git push origin main'
    ])
    expect(r.code).toBe(1)
    expect(JSON.parse(r.out)).toMatchObject({ rule: 'block-list' })
  })
})
