// Issue 12's acceptance through the product: runPipeline in docker mode, the real engine and image,
// a server on the host's 127.0.0.1 with names in /etc/hosts (allowed.test, denied.test, removed
// again by their marker). Three agents: an allowlist with the loopback range listed (every
// acceptance step, preinstall and pip with egress, then an `egress: false` step), the same list
// without the range (even allowed.test is refused), and audit mode (both names pass and are
// proposed). What the steps print, results.json `egress`, summary.md, the job summary, the
// annotations and the run log are checked.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { egressAnnotations } from '../../../src/report/egress.js'
import { renderJobSummary } from '../../../src/report/job-summary.js'
import type { AgentResult, RunResults, StepResult } from '../../../src/report/types.js'
import { runPipeline } from '../../../src/run/pipeline.js'
import {
  containersOfRun,
  ensureRuntimeImage,
  IMAGE_TIMEOUT_MS,
  tempDir
} from '../docker/helpers.js'
import { addHostNames, buildWheel, startHostServer, type HostServer } from './fixtures.js'

let restoreHosts: () => void = () => undefined
let server: HostServer
let dir: string
let results: RunResults
let summary: string
const logLines: string[] = []

const UNSET = 'env -u HTTP_PROXY -u http_proxy -u HTTPS_PROXY -u https_proxy'

function config(port: number): string {
  const curl = (name: string) => `curl -sS -m 20 -w '\\n%{http_code}\\n' http://${name}:${port}/`
  const pip = (pkg: string, extra = '') =>
    `pip install --no-cache-dir ${extra}--index-url http://allowed.test:${port}/simple --trusted-host allowed.test ${pkg}`
  return `
agents:
  - id: allowlist
    backend:
      cwd: ${dir}/ws/allowlist
      command_line_execution_mode: docker
      command_line_egress:
        allowed_domains: [allowed.test, pypi.test]
        allowed_private_ranges: ["127.0.0.1/32"]
      command_line_docker_credentials:
        env_vars: [PIP_INDEX_URL, PIP_TRUSTED_HOST]
      command_line_docker_packages:
        preinstall:
          python: [egress-pre-pkg]
    commands:
      - name: allowed
        run: ${curl('allowed.test')}
      - name: denied
        run: ${curl('denied.test')}
      - name: without the proxy variables
        run: ${UNSET} curl -sS -m 10 http://allowed.test:${port}/
        expect_exit: 6
      - name: raw socket
        run: python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}), timeout=5)"
        expect_exit: 1
      - name: resolver
        run: getent hosts allowed.test
        expect_exit: 2
      - name: deps
        run: ${pip('egress-e2e-pkg')} && python3 -c "import egress_e2e_pkg as m; print('value', m.VALUE)"
      - name: tests offline
        run: python3 -c "import egress_e2e_pkg as m, egress_pre_pkg as p; print('offline', m.VALUE, p.VALUE)" && ${curl('allowed.test')}
        egress: false
      - name: no install offline
        run: ${pip('egress-e2e-pkg', '--force-reinstall --retries 0 --timeout 5 ')}
        egress: false
        expect_exit: 1
  - id: noranges
    backend:
      cwd: ${dir}/ws/noranges
      command_line_execution_mode: docker
      command_line_egress:
        allowed_domains: [allowed.test]
    commands:
      - name: allowed name, loopback address
        run: ${curl('allowed.test')}
  - id: audit
    backend:
      cwd: ${dir}/ws/audit
      command_line_execution_mode: docker
      command_line_egress:
        audit: true
        allowed_private_ranges: ["127.0.0.1/32"]
    commands:
      - ${curl('allowed.test')}
      - ${curl('denied.test')}
`
}

const agent = (id: string): AgentResult => results.agents.find((a) => a.id === id)!
const step = (id: string, name: string): StepResult =>
  agent(id).commands.find((s) => s.name === name)!

beforeAll(async () => {
  await ensureRuntimeImage()
  // pypi.test is preinstall's index, passed as credential variables: those values are secrets,
  // redacted everywhere, so the other names must not be part of them.
  restoreHosts = addHostNames(['allowed.test', 'denied.test', 'pypi.test'], 'e2e-egress-pipeline')
  server = await startHostServer([
    buildWheel('egress-e2e-pkg', 42),
    buildWheel('egress-pre-pkg', 7)
  ])
  dir = await tempDir('egress-pipeline')
  // The workspaces are their user's (1000), as a checkout is the runner user's.
  for (const id of ['allowlist', 'noranges', 'audit']) {
    await mkdir(join(dir, 'ws', id), { recursive: true, mode: 0o777 })
    await chown(join(dir, 'ws', id), 1000, 1000)
  }
  const file = join(dir, 'config.yaml')
  await writeFile(file, config(server.port))
  process.env.PIP_INDEX_URL = `http://pypi.test:${server.port}/simple`
  process.env.PIP_TRUSTED_HOST = 'pypi.test'
  const outcome = await runPipeline({
    configPath: file,
    outDir: join(dir, 'out'),
    workingDirectory: dir,
    log: (l) => logLines.push(l)
  })
  results = JSON.parse(await readFile(outcome.reports.resultsFile, 'utf8')) as RunResults
  summary = await readFile(outcome.reports.summaryFile, 'utf8')
}, IMAGE_TIMEOUT_MS)

afterAll(async () => {
  delete process.env.PIP_INDEX_URL
  delete process.env.PIP_TRUSTED_HOST
  await server?.close()
  restoreHosts()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('egress through the product (runPipeline, docker)', () => {
  it('runs every step as expected and leaves no container behind', async () => {
    const statuses = Object.fromEntries(
      results.agents.map((a) => [a.id, [a.error ?? '', ...a.commands.map((s) => s.status)]])
    )
    expect(statuses).toEqual({
      allowlist: ['', ...Array(8).fill('passed')],
      noranges: ['', 'passed'],
      audit: ['', 'passed', 'passed']
    })
    expect(await containersOfRun(results.runId)).toEqual([])
    expect(agent('allowlist').limits?.network).toBe('none + egress allowlist')
  })

  it('an allowlisted name answers 200; a non-listed one gets 403 with the reason', () => {
    expect(step('allowlist', 'allowed').stdout).toBe('hello from the host\n\n200\n')
    expect(step('allowlist', 'denied').stdout).toMatch(
      /^egress refused: denied\.test:\d+ is not in command_line_egress\.allowed_domains or its presets \(step 2 \("denied"\)\)\n\n403\n$/
    )
  })

  it('records the refusal in results.json, per step and per agent, with host, port, count, time, rule', () => {
    const port = server.port
    expect(step('allowlist', 'denied').egress).toMatchObject({
      index: 1,
      name: 'denied',
      egress: true,
      destinations: [
        {
          host: 'denied.test',
          port,
          outcome: 'refused',
          rule: 'not-listed',
          count: 1,
          firstAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
        }
      ]
    })
    expect(step('allowlist', 'allowed').egress?.destinations).toMatchObject([
      {
        host: 'allowed.test',
        port,
        outcome: 'allowed',
        rule: 'allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.1/32'
      }
    ])
    const report = agent('allowlist').egress!
    expect(report.mode).toBe('allowlist')
    expect(report.steps.map((s) => [s.index, s.name, s.egress])).toEqual([
      [-1, 'preinstall', true],
      [0, 'allowed', true],
      [1, 'denied', true],
      [2, 'without the proxy variables', true],
      [3, 'raw socket', true],
      [4, 'resolver', true],
      [5, 'deps', true],
      [6, 'tests offline', false],
      [7, 'no install offline', false]
    ])
    // The bypass attempts never reached the proxy at all.
    for (const s of report.steps.slice(3, 6)) expect(s.destinations).toEqual([])
  })

  it('preinstall and pip install with egress; an egress: false step reaches nothing', () => {
    const pre = agent('allowlist').egress!.steps[0]
    // pypi.test is redacted (a credential variable's value).
    expect(pre.destinations).toMatchObject([
      { host: '***', outcome: 'allowed', rule: expect.stringMatching(/^allowed_domains: \*\*\*;/) }
    ])
    expect(step('allowlist', 'deps').stdout).toMatch(/Successfully installed egress-e2e-pkg-1\.0/)
    expect(step('allowlist', 'deps').stdout).toMatch(/value 42\n$/)
    const offline = step('allowlist', 'tests offline')
    expect(offline.stdout).toMatch(
      /^offline 42 7\negress refused: step 7 \("tests offline"\) runs with egress: false \(allowed\.test:\d+\)\n\n403\n$/
    )
    expect(offline.egress?.destinations).toMatchObject([
      { host: 'allowed.test', outcome: 'refused', rule: 'egress-off' }
    ])
    const noInstall = step('allowlist', 'no install offline')
    expect(noInstall.egress?.egress).toBe(false)
    expect(noInstall.egress?.destinations.length).toBeGreaterThan(0)
    expect(noInstall.egress?.destinations.every((d) => d.rule === 'egress-off')).toBe(true)
  })

  it('without allowed_private_ranges even allowed.test (127.0.0.1) is refused', () => {
    const s = agent('noranges').commands[0]
    expect(s.stdout).toMatch(
      /^egress refused: allowed\.test resolves to a loopback address; list its range in command_line_egress\.allowed_private_ranges to allow it\n\n403\n$/
    )
    expect(s.egress?.destinations).toMatchObject([
      {
        host: 'allowed.test',
        outcome: 'refused',
        rule: 'address:loopback',
        // Another suite's /etc/hosts line for the same name may be there at the same time.
        addresses: expect.arrayContaining(['127.0.0.1'])
      }
    ])
  })

  it('audit mode lets both names through and proposes them (results, summary, log)', () => {
    const port = server.port
    expect(agent('audit').commands.map((s) => s.stdout.trim().split('\n').pop())).toEqual([
      '200',
      '200'
    ])
    const proposed = [`allowed.test:${port}`, `denied.test:${port}`]
    expect(agent('audit').egress?.proposedAllowedDomains).toEqual(proposed)
    expect(summary).toContain(`  allowed_domains: ${JSON.stringify(proposed)}`)
    expect(logLines).toContain(
      `[audit] egress audit: proposed command_line_egress.allowed_domains: ${JSON.stringify(proposed)}`
    )
  })

  it('summary.md, the job summary and the annotations list the refused destinations by step', () => {
    const port = server.port
    expect(summary).toContain(
      `| step 2 (denied) | denied.test:${port} | refused | not-listed | 1 |`
    )
    expect(summary).toContain(
      `| step 1 (allowed name, loopback address) | allowed.test:${port} | refused | address:loopback | 1 |`
    )
    const html = renderJobSummary(results)
    expect(html).toContain(`<td>step 2 (denied)</td><td>denied.test:${port}</td><td>refused</td>`)
    const notes = egressAnnotations(results)
    expect(notes).toContainEqual({
      title: 'massgen-exec: allowlist egress refused',
      message: expect.stringMatching(
        new RegExp(
          `^denied\\.test:${port} refused in step 2 \\(denied\\) \\(not-listed\\) — egress refused`
        )
      )
    })
    expect(notes.some((n) => n.message.includes('step 7 (tests offline) (egress-off)'))).toBe(true)
    expect(logLines.some((l) => l.startsWith('[allowlist] egress (allowlist): '))).toBe(true)
  })
})
