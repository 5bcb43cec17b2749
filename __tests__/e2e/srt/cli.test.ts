// The bundled CLI (dist/cli/index.js) with srt agents, no Docker involved: sandbox-runtime and its
// vendored helper come from the bundle, as on a runner.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
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
import type { IsolationReport } from '../../../src/isolation/types.js'
import type { RunResults } from '../../../src/report/types.js'
import { hostProcesses } from '../../helpers/host-processes.js'
import { CLI, runNode } from '../../helpers/run-dist.js'
import { addHostNames, buildWheel, startHostServer, type HostServer } from '../egress/fixtures.js'

const ALLOWED = 'allowed.cli.srt.test'
const DENIED = 'denied.cli.srt.test'
const dirs: string[] = []
let restoreHosts: () => void
let server: HostServer

beforeAll(async () => {
  restoreHosts = addHostNames([ALLOWED, DENIED], 'srt-cli')
  server = await startHostServer([buildWheel('srt-probe-pkg', 42)])
})

afterAll(async () => {
  restoreHosts()
  await server.close()
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})

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
      // Where the all-keys config's context path exists (validate warns about a missing one).
      const wd = mkdtempSync(join(tmpdir(), 'srt-validate-'))
      dirs.push(wd)
      mkdirSync(join(wd, 'docs'))
      const r = await runNode(CLI, ['validate', f, '--working-directory', wd])
      expect([f, r.code, r.stderr]).toEqual([f, 0, ''])
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
      - run: sleep 3200 & sleep 3200
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
    expect(hostProcesses('sleep 3200')).toEqual([])
  })

  it('egress: the srt list and command_line_egress add up; pip through the allowlist; refused names reported; egress: false; no egress, no network', async () => {
    const { dir, config } = project(`
agents:
  - id: net
    backend:
      cwd: ws-net
      command_line_execution_mode: srt
      command_line_srt_network_allowed_domains: ["${ALLOWED}"]
      command_line_egress:
        allowed_private_ranges: ["127.0.0.1/32"]
    commands:
      - name: deps
        run: python3 -m pip install -q --no-cache-dir --disable-pip-version-check --target deps --trusted-host ${ALLOWED} --index-url http://${ALLOWED}:${server.port}/simple srt-probe-pkg && PYTHONPATH=deps python3 -c "import srt_probe_pkg; print(srt_probe_pkg.VALUE)"
        timeout: 120
      - name: denied
        run: curl -sS -o /dev/null -w '%{http_code}' http://${DENIED}:${server.port}/
      - name: tests
        egress: false
        run: curl -sS -o /dev/null -w '%{http_code}' http://${ALLOWED}:${server.port}/
  - id: quiet
    backend:
      cwd: ws-quiet
      command_line_execution_mode: srt
    commands:
      - run: curl -sS -o /dev/null -w '%{http_code}' http://${ALLOWED}:${server.port}/
`)
    chmodSync(dir, 0o777)
    const r = await runNode(CLI, ['run', config, '--out', join(dir, 'out')], { cwd: dir })
    const res = results(dir)
    expect([r.code, res.status, r.stderr]).toEqual([0, 'passed', ''])
    const [net, quiet] = res.agents
    expect(net.commands.map((c) => c.stdout.trim())).toEqual(['42', '403', '403'])
    expect(net.limits?.network).toBe('egress allowlist')
    expect(net.egress?.rules).toEqual([
      { entry: ALLOWED, source: 'command_line_srt_network_allowed_domains' }
    ])
    const seen = net.commands.map((c) =>
      (c.egress?.destinations ?? []).map((d) => `${d.outcome} ${d.host} ${d.rule}`)
    )
    expect(seen[0]).toEqual([
      `allowed ${ALLOWED} command_line_srt_network_allowed_domains: ${ALLOWED}; allowed_private_ranges: 127.0.0.1/32`
    ])
    expect(seen[1]).toEqual([`refused ${DENIED} not-listed`])
    expect(seen[2]).toEqual([`refused ${ALLOWED} egress-off`])
    expect(net.commands[2].egress?.egress).toBe(false)
    expect(net.commands[1].reason).toBe(`network refused: ${DENIED}:${server.port}`)
    expect(net.egress?.totals.refused).toBe(2)
    // No egress keys: no network, no egress report.
    expect(quiet.commands[0].stdout).toBe('403')
    expect(quiet.egress).toBeUndefined()
    expect(quiet.limits?.network).toBe('none')
    const md = readFileSync(join(dir, 'out', 'summary.md'), 'utf8')
    // pip asked twice (index page, then the wheel): one row, counted twice.
    expect(md).toContain('**egress (allowlist): 2 allowed, 2 refused, 0 failed connection(s)**')
    expect(md).toContain(
      `| step 2 (denied) | ${DENIED}:${server.port} | refused | not-listed | 1 |`
    )
    expect(md).toContain(
      `| step 3 (tests) | ${ALLOWED}:${server.port} | refused | egress-off | 1 |`
    )
    expect(r.stdout).toContain(
      '[net] egress (allowlist): 2 allowed, 2 refused, 0 failed connection(s)'
    )
    expect(r.stdout).toContain(
      `[net]   refused ${DENIED}:${server.port} in step 2 (denied): not-listed`
    )
  })

  it('verify-isolation on an srt config passes; an allowlist with the denied name fails its probes', async () => {
    const yaml = (extra: string) => `
agent:
  id: sandboxed
  backend:
    cwd: ws
    command_line_execution_mode: srt
    command_line_srt_network_allowed_domains: ["${ALLOWED}:${server.port}"${extra}]
    command_line_egress: { allowed_private_ranges: ["127.0.0.1/32"] }
`
    const good = project(yaml(''))
    const ok = await runNode(
      CLI,
      ['verify-isolation', good.config, '--out', join(good.dir, 'out')],
      {
        cwd: good.dir
      }
    )
    const report = (d: string): IsolationReport =>
      JSON.parse(readFileSync(join(d, 'out', 'isolation.json'), 'utf8'))
    expect([ok.code, ok.stderr]).toEqual([0, ''])
    const r = report(good.dir)
    expect(r.status).toBe('passed')
    expect(r.engine).toEqual({})
    const byId = Object.fromEntries(r.agents[0].results.map((x) => [x.id, x.status]))
    expect(byId).toMatchObject({
      'srt-sandbox': 'pass',
      'egress-allowed': 'pass',
      'egress-refused': 'pass',
      'egress-bypass': 'pass',
      'egress-private': 'pass',
      canary: 'pass',
      cleanup: 'pass',
      'fork-bomb': 'skip'
    })
    // A wildcard covering verify's probe names: its denied name among them.
    const weak = project(yaml(', "*.massgen-probe.invalid"'))
    const bad = await runNode(
      CLI,
      ['verify-isolation', weak.config, '--out', join(weak.dir, 'out')],
      {
        cwd: weak.dir
      }
    )
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('[sandboxed] FAIL 24 egress-refused:')
    expect(
      report(weak.dir)
        .agents[0].results.filter((x) => x.status === 'fail')
        .map((x) => x.id)
    ).toEqual(['egress-refused'])
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
    const v = await runNode(CLI, ['verify-isolation', config, '--out', join(dir, 'iso')], {
      cwd: dir,
      env: { ...process.env, PATH: join(dir, 'empty-bin') }
    })
    expect(v.code).toBe(2)
    expect(v.stderr).toContain('missing: bwrap (package bubblewrap)')
  })
})
