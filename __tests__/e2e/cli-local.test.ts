// The bundled CLI (dist/cli/index.js) end to end, in local mode.
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { hostProcesses } from '../helpers/host-processes.js'
import { CLI, runNode } from '../helpers/run-dist.js'

function project(yaml: string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(config, yaml)
  return { dir, config }
}

const results = (dir: string): RunResults =>
  JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'))

describe('massgen-exec (bundled CLI)', () => {
  it('validates every example and the MassGen seed shapes', async () => {
    const files = execFileSync(
      'sh',
      ['-c', 'ls examples/*.yaml __tests__/fixtures/massgen/*.yaml'],
      { encoding: 'utf8' }
    )
      .trim()
      .split('\n')
    // The MassGen seeds that mount the runner's credentials are refused for host-paths only, and
    // validate once the invoker allows it (README, Trust model).
    const credentials = [
      '__tests__/fixtures/massgen/github_readonly.yaml',
      '__tests__/fixtures/massgen/massgen_full_dev.yaml'
    ]
    for (const f of files) {
      const allow: string[] = []
      if (credentials.includes(f)) {
        const refused = await runNode(CLI, ['validate', f])
        const lines = refused.stderr.split('\n').filter((l) => l && !l.includes(': warning: '))
        expect([f, refused.code]).toEqual([f, 2])
        for (const l of lines) expect(l).toMatch(/: unsafe setting \(host-paths\): .*mount\[\d\]/)
        allow.push('--allow-unsafe', 'host-paths')
      }
      const r = await runNode(CLI, ['validate', f, ...allow])
      // Warnings (e.g. a context path missing here) go to stderr; nothing else may.
      const other = r.stderr.split('\n').filter((l) => l && !l.includes(': warning: '))
      expect([f, r.code, other]).toEqual([f, 0, []])
      expect(r.stdout).toContain(': ok')
    }
  })

  it('exits 2 with file:line:col for a YAML error and for a misspelled key, with the suggestion', async () => {
    const bad = project('agent:\n  id: a\n  backend: {cwd: [x\n')
    const r1 = await runNode(CLI, ['validate', bad.config])
    expect(r1.code).toBe(2)
    expect(r1.stderr).toMatch(new RegExp(`^${bad.config}:\\d+:\\d+: YAML syntax error`))

    const typo = project('agent:\n  id: a\n  backend:\n    command_line_docker_memory_limt: "2g"\n')
    const r2 = await runNode(CLI, ['validate', typo.config])
    expect(r2.code).toBe(2)
    expect(r2.stderr.trim()).toBe(
      `${typo.config}:4:5: agent.backend: unknown key "command_line_docker_memory_limt" (did you mean "command_line_docker_memory_limit"?)`
    )
  })

  it('lists agent ids as JSON and rejects usage errors with exit 2', async () => {
    const r = await runNode(CLI, [
      'list-agents',
      '__tests__/fixtures/massgen/docker_multi_agent.yaml'
    ])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual(['agent_a', 'agent_b'])
    expect((await runNode(CLI, ['frobnicate'])).code).toBe(2)
    expect((await runNode(CLI, ['run'])).code).toBe(2)
    expect((await runNode(CLI, ['run', 'x.yaml', '--image-policy', 'sometimes'])).code).toBe(2)
  })

  it('runs a local config: timeout, truncation, exit codes, env isolation, file steps', async () => {
    const { dir, config } = project(`
agent:
  id: local1
  backend:
    cwd: ws
  commands:
    - run: sleep 3300
      timeout: 1
      allow_failure: true
    - run: "sleep 3300 & echo started"
      timeout: 1
      allow_failure: true
    - run: yes | head -c 50000000
    - run: exit 3
      allow_failure: true
    - run: echo "secret=[$CALLER_SECRET]"
    - write_file: {path: notes.txt, content: "l1\\nl2\\nl3\\nl4\\n"}
    - read_file: {path: notes.txt, offset: 1, line_count: 2}
`)
    const t0 = Date.now()
    const r = await runNode(
      CLI,
      ['run', config, '--out', join(dir, 'out'), '--working-directory', dir],
      {
        env: { ...process.env, CALLER_SECRET: 'hunter2' }
      }
    )
    expect(r.code).toBe(0)
    expect(Date.now() - t0).toBeLessThan(20_000)
    const res = results(dir)
    const steps = res.agents[0].commands
    expect(steps.map((s) => s.status)).toEqual([
      'timeout',
      'passed',
      'passed',
      'failed',
      'passed',
      'passed',
      'passed'
    ])
    expect(steps[0].durationMs).toBeLessThan(5000)
    expect(steps[2].truncated).toBe(true)
    expect(steps[3].exitCode).toBe(3)
    expect(steps[4].stdout).toBe('secret=[]\n')
    expect(steps[6].stdout).toBe('l2\nl3\n')
    expect(statSync(join(dir, 'out', 'results.json')).size).toBeLessThan(3 * 1024 * 1024)
    expect(readFileSync(join(dir, 'out', 'local1', 'commands.log'), 'utf8')).toContain('$ exit 3')
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain(
      '| 4 | <code>exit 3</code> | ❌ failed (allowed) | 3 |'
    )
    // No sleep of the run is left behind.
    expect(hostProcesses('sleep 3300')).toEqual([])
  })

  it('exits 1 when a step fails and 2 with results.json when the config is bad', async () => {
    const fail = project(
      'agent:\n  id: a\n  backend: {cwd: ws}\n  commands: ["exit 4", "echo never"]\n'
    )
    const r = await runNode(CLI, [
      'run',
      fail.config,
      '--out',
      join(fail.dir, 'out'),
      '--working-directory',
      fail.dir
    ])
    expect(r.code).toBe(1)
    expect(results(fail.dir).agents[0].commands.map((c) => c.status)).toEqual(['failed', 'skipped'])

    const bad = project('agent:\n  id: a\n  backend: {command_line_execution_mode: dockr}\n')
    const r2 = await runNode(CLI, ['run', bad.config, '--out', join(bad.dir, 'out')])
    expect(r2.code).toBe(2)
    expect(results(bad.dir)).toMatchObject({
      status: 'error',
      error: expect.stringContaining('did you mean "docker"')
    })
  })
})
