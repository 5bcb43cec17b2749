// The bundled CLI (dist/cli/index.js) with srt agents, no Docker involved: sandbox-runtime and its
// vendored helper come from the bundle, as on a runner.
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../../src/report/types.js'
import { CLI, runNode } from '../../helpers/run-dist.js'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

function project(yaml: string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'srt-cli-'))
  chmodSync(dir, 0o755)
  dirs.push(dir)
  const config = join(dir, 'config.yaml')
  writeFileSync(config, yaml)
  return { dir, config }
}

const results = (dir: string): RunResults =>
  JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'))

describe('massgen-exec with srt agents (bundled CLI)', () => {
  it("validates MassGen's srt example and a config with all six srt keys", async () => {
    for (const f of [
      '__tests__/fixtures/massgen/srt_sandbox.yaml',
      '__tests__/fixtures/massgen/srt_all_keys.yaml'
    ]) {
      const r = await runNode(CLI, ['validate', f])
      // Warnings (a context path this checkout lacks) are fine; nothing else on stderr.
      const errors = r.stderr.split('\n').filter((l) => l && !/: warning: /.test(l))
      expect([f, r.code, errors]).toEqual([f, 0, []])
      expect(r.stdout).toMatch(/\(srt, (\d+ steps?|no commands: nothing runs)\)/)
    }
  })

  it('runs the acceptance steps: writes, persistence, secrets, timeout, canary; results as in the other modes', async () => {
    const { dir, config } = project(`
agents:
  - id: sandboxed
    backend:
      cwd: ws
      command_line_execution_mode: srt
      command_line_srt_deny_read: [private]
    commands:
      - run: echo kept > kept.txt; echo x > ${'$'}OUTSIDE/escaped.txt
        env: { OUTSIDE: "{{dir}}" }
        expect_exit: 2
      - run: cat kept.txt
      - run: cat {{dir}}/private/secret.txt
        expect_exit: 1
      - run: env
      - run: sleep 300 & sleep 300
        timeout: 2
        allow_failure: true
      - write_file: { path: notes/n.txt, content: "note\\n" }
      - read_file: { path: notes/n.txt }
  - id: strict
    backend:
      cwd: ws-strict
      command_line_execution_mode: srt
      command_line_srt_read_mode: strict
    commands:
      - run: cat /etc/hostname
        expect_exit: 1
`)
    writeFileSync(config, readFileSync(config, 'utf8').replaceAll('{{dir}}', dir))
    const priv = join(dir, 'private')
    mkdirSync(priv)
    writeFileSync(join(priv, 'secret.txt'), 'deny-read-secret\n')
    chmodSync(dir, 0o777)
    const canary = `canary-${Date.now()}`
    const r = await runNode(CLI, ['run', config, '--out', join(dir, 'out')], {
      cwd: dir,
      env: { ...process.env, MASSGEN_SRT_CLI_CANARY: canary }
    })
    const res = results(dir)
    expect([r.code, res.status]).toEqual([0, 'passed'])
    const [a, b] = res.agents
    expect(a.mode).toBe('srt')
    expect(a.limits).toMatchObject({ network: 'none', memory: null, pidsLimit: null })
    const steps = a.commands
    expect(steps.map((s) => s.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
      'timeout',
      'passed',
      'passed'
    ])
    expect(steps[0].stderr).toMatch(/Read-only file system/)
    expect(existsSync(join(dir, 'escaped.txt'))).toBe(false)
    expect(steps[1].stdout).toBe('kept\n')
    expect(steps[2].stdout).not.toContain('deny-read-secret')
    expect(steps[3].stdout).not.toContain(canary)
    expect(steps[4].reason).toBe('timed out after 2 s')
    expect(steps[6].stdout).toBe('note\n')
    expect(b.commands[0].stderr).toMatch(/No such file or directory/)
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain('(srt)')
    const ps = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).split('\n')
    expect(ps.filter((l) => l === 'sleep 300')).toEqual([])
  })

  it('exits 2 with what is missing and how to install it when the host tools are absent', async () => {
    const { dir, config } = project(
      'agent:\n  id: a\n  backend:\n    cwd: ws\n    command_line_execution_mode: srt\n  commands: [echo hi]\n'
    )
    const r = await runNode(CLI, ['run', config, '--out', join(dir, 'out')], {
      cwd: dir,
      env: { ...process.env, PATH: join(dir, 'empty-bin') }
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      'srt mode needs bubblewrap, socat and ripgrep on PATH; missing: bwrap (package bubblewrap), socat (package socat), rg (package ripgrep)'
    )
    expect(r.stderr).toContain('scripts/srt-deps.sh')
    expect(results(dir).agents[0].error).toContain('missing: bwrap')
  })
})
