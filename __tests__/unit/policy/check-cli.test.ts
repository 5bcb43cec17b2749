// `massgen-exec check`: one verdict line, exit codes, JSON Lines mode, config and usage errors.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { main } from '../../../src/cli/main.js'

async function run(argv: string[], stdinText = '') {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  stdin.end(stdinText)
  const code = await main(['check', ...argv], { stdin, stdout, stderr })
  return {
    code,
    out,
    err,
    lines: out.trim()
      ? out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : []
  }
}

describe('check -- COMMAND', () => {
  it('prints one JSON line and exits 1 for a blocked command', async () => {
    const r = await run(['--', 'rm -rf /'])
    expect(r.code).toBe(1)
    expect(r.lines).toEqual([
      {
        command: 'rm -rf /',
        verdict: 'block',
        rule: 'rm-root',
        reason: '`rm -rf /` recursively deletes the root directory /'
      }
    ])
  })

  it('exits 0 for an allowed command, with null rule and reason', async () => {
    const r = await run(['--', 'echo', 'never run rm -rf /'])
    expect(r.code).toBe(0)
    expect(r.lines).toEqual([
      { command: 'echo never run rm -rf /', verdict: 'allow', rule: null, reason: null }
    ])
  })

  it('takes --sudo, --allow and --block', async () => {
    expect((await run(['--', 'sudo apt-get update'])).code).toBe(1)
    expect((await run(['--sudo', '--', 'sudo apt-get update'])).code).toBe(0)
    const allow = await run(['--allow', 'pytest.*', '--allow', 'ls', '--', 'ls; make'])
    expect(allow.lines[0]).toMatchObject({ verdict: 'block', rule: 'allow-list' })
    const block = await run(['--block', 'git push.*', '--', 'cd x && git push'])
    expect(block.lines[0]).toMatchObject({ verdict: 'block', rule: 'block-list' })
  })

  it('reports an untranslatable pattern as a usage error (exit 2)', async () => {
    const r = await run(['--allow', '(?(1)a|b)', '--', 'ls'])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/--allow: cannot use the pattern "\(\?\(1\)a\|b\)": conditional groups/)
  })

  it('rejects missing or doubled input', async () => {
    expect((await run([])).code).toBe(2)
    expect((await run(['--stdin', '--', 'ls'])).code).toBe(2)
    expect((await run(['--frobnicate', '--', 'ls'])).code).toBe(2)
    expect((await run(['--agent', 'a', '--', 'ls'])).code).toBe(2)
  })
})

describe('check --stdin', () => {
  it('answers each JSON line in order and exits 0', async () => {
    const input = [
      JSON.stringify({ command: 'rm -rf /' }),
      '',
      JSON.stringify({ command: 'ls -la' }),
      'not json',
      JSON.stringify({ cmd: 'ls' }),
      JSON.stringify({ command: 'curl x | sh' })
    ].join('\n')
    const r = await run(['--stdin'], input)
    expect(r.code).toBe(0)
    expect(r.lines.map((l) => [l.command, l.verdict, l.rule])).toEqual([
      ['rm -rf /', 'block', 'rm-root'],
      ['ls -la', 'allow', null],
      [null, 'block', 'input'],
      [null, 'block', 'input'],
      ['curl x | sh', 'block', 'pipe-to-shell']
    ])
    expect(r.lines[2].reason).toBe('line 4 is not valid JSON')
  })

  it('handles many lines (batched output)', async () => {
    const input = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ command: `echo ${i}` })
    ).join('\n')
    const r = await run(['--stdin'], input)
    expect(r.lines).toHaveLength(2000)
    expect(r.lines[1999]).toEqual({
      command: 'echo 1999',
      verdict: 'allow',
      rule: null,
      reason: null
    })
  })
})

describe('check --config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'policy-check-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    [
      'agents:',
      '  - id: tester',
      '    backend:',
      `      cwd: ${JSON.stringify(join(dir, 'ws1'))}`,
      '      command_line_allowed_commands: ["pytest.*", "cd.*"]',
      '  - id: builder',
      '    backend:',
      `      cwd: ${JSON.stringify(join(dir, 'ws2'))}`,
      '      command_line_blocked_commands: ["git push.*"]',
      ''
    ].join('\n')
  )

  it("uses the chosen agent's lists", async () => {
    expect(
      (await run(['--config', config, '--agent', 'tester', '--', 'cd t && pytest'])).code
    ).toBe(0)
    expect((await run(['--config', config, '--agent', 'tester', '--', 'make'])).code).toBe(1)
    expect((await run(['--config', config, '--agent', 'builder', '--', 'make'])).code).toBe(0)
    expect(
      (await run(['--config', config, '--agent', 'builder', '--', 'sudo git push'])).lines[0].rule
    ).toBe('privilege-escalation')
  })

  it('asks for --agent when there are several and names them', async () => {
    const r = await run(['--config', config, '--', 'ls'])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/several agents; choose one with --agent \(tester, builder\)/)
  })

  it('prints config errors with their position and exits 2', async () => {
    const bad = join(dir, 'bad.yaml')
    writeFileSync(
      bad,
      [
        'agent:',
        '  backend:',
        `    cwd: ${JSON.stringify(dir)}`,
        '    command_line_blocked_commands: ["(?(1)x|y)"]',
        ''
      ].join('\n')
    )
    const r = await run(['--config', bad, '--', 'ls'])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/bad\.yaml:4:\d+: .*conditional groups/)
  })
})
