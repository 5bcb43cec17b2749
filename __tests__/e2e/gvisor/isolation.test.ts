// verify-isolation under gVisor, through the CLI, against the real engine and runsc (CI registers
// it with scripts/gvisor.sh): the gVisor example config passes with the runtime expected from
// outside the config (every probe passes or skips with a reason, gVisor's expectations where they
// differ, runc's CVEs not applicable), and the same config with its runtime key removed fails
// exactly the runtime probe (27).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { main } from '../../../src/cli/main.js'
import type { IsolationReport } from '../../../src/isolation/types.js'
import { verifyIsolation } from '../../../src/isolation/verify.js'
import { client, ensureRuntimeImage, containersOfRun } from '../docker/helpers.js'
import {
  failures,
  VERIFY_TIMEOUT_MS,
  weakeningClient,
  workDir,
  writeConfig
} from '../isolation/helpers.js'

interface Verified {
  code: number
  stdout: string
  report: IsolationReport
}

async function verify(tag: string, yaml: string, extra: string[]): Promise<Verified> {
  const wd = await workDir(tag)
  await writeFile(join(wd, 'config.yaml'), yaml)
  let stdout = ''
  const out = new PassThrough()
  out.on('data', (c: Buffer) => (stdout += c.toString()))
  const code = await main(
    [
      'verify-isolation',
      join(wd, 'config.yaml'),
      '--out',
      join(wd, 'out'),
      '--working-directory',
      wd,
      '--image-policy',
      'never',
      ...extra
    ],
    { stdin: new PassThrough(), stdout: out, stderr: out }
  )
  const report = JSON.parse(await readFile(join(wd, 'out', 'isolation.json'), 'utf8'))
  return { code, stdout, report }
}

const detail = (v: Verified, id: string) =>
  v.report.agents[0].results.find((r) => r.id === id)?.detail ?? ''

let gvisor: Verified
let weakened: Verified
let noQuota: IsolationReport

/**
 * Probe 8 under gVisor reads the host cgroup: a runsc container without its CPU quota fails it.
 * A low limit (0.25) keeps two busy processes above it even when other jobs load the machine.
 */
async function verifyWithoutQuota(): Promise<IsolationReport> {
  const wd = await workDir('gvisor-quota')
  const config = await writeConfig(
    wd,
    'agent:\n  id: hog\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n' +
      '    command_line_docker_runtime: runsc\n    command_line_docker_memory_limit: "256m"\n' +
      '    command_line_docker_cpu_limit: 0.25\n'
  )
  const outcome = await verifyIsolation({
    configPath: config,
    outDir: join(wd, 'out'),
    workingDirectory: wd,
    imagePolicy: 'never',
    log: () => undefined,
    probes: ['cpu-quota', 'runtime'],
    client: weakeningClient(client, { host: () => ({ NanoCpus: 0 }) })
  })
  return outcome.report
}

beforeAll(async () => {
  await ensureRuntimeImage(false)
  const yaml = await readFile('examples/isolation-gvisor.yaml', 'utf8')
  expect(yaml).toMatch(/^\s+command_line_docker_runtime: runsc\b.*$/m)
  const withoutRuntime = yaml.replace(/^\s+command_line_docker_runtime: .*\n/m, '')
  ;[gvisor, weakened, noQuota] = await Promise.all([
    verify('gvisor', yaml, ['--expect-runtime', 'runsc']),
    verify('gvisor-removed', withoutRuntime, ['--expect-runtime', 'runsc']),
    verifyWithoutQuota()
  ])
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  expect(await containersOfRun(gvisor?.report.runId ?? 'none')).toEqual([])
})

describe('verify-isolation on a runsc config', () => {
  it('passes: every probe passes or skips with a reason, exit 0', () => {
    const notPassed = gvisor.report.agents.flatMap((a) =>
      a.results.filter((r) => r.status !== 'pass').map((r) => `${r.id} ${r.status}: ${r.detail}`)
    )
    expect(notPassed.filter((l) => / fail: /.test(l))).toEqual([])
    for (const l of notPassed) expect(l).toMatch(/ skip: .{20,}/)
    expect(gvisor.report.status).toBe('passed')
    expect(gvisor.code).toBe(0)
    expect(gvisor.report.agents[0].results).toHaveLength(30)
    expect(gvisor.report.agents[0].runtime).toBe('runsc')
    expect(gvisor.report.expectRuntime).toBe('runsc')
  })

  it('the runtime probe saw gVisor’s kernel under runsc', () => {
    expect(detail(gvisor, 'runtime')).toMatch(
      /^runsc \(expected runsc per --expect-runtime\); gVisor's kernel answers \(dmesg "Starting gVisor"/
    )
  })

  it('held gVisor’s expectations where they differ from runc’s', () => {
    expect(detail(gvisor, 'memory-bomb')).toMatch(/killed by the OOM killer .* reported as oom/)
    expect(detail(gvisor, 'fork-bomb')).toMatch(
      /gVisor: the sandbox (ended at the pids limit 4096 .*started again|contained the bomb: the memory limit \(OOM killer\) ended it .*started again|contained the bomb: it reached \d+\+ forks in 60 s .*the step's timeout ended it); peer untrusted-peer kept working; .*next step ran/
    )
    expect(detail(gvisor, 'cpu-quota')).toMatch(/host cgroup, from the engine's stats/)
    expect(detail(gvisor, 'seccomp')).toMatch(
      /gVisor: the agent's system calls are answered by gVisor's kernel/
    )
    expect(detail(gvisor, 'audit')).toMatch(/no_new_privs read with prctl/)
    expect(detail(gvisor, 'engine-cves')).toMatch(
      /not applicable under gVisor \(runsc runs the container, not runc: CVE-2019-5736, .*CVE-2020-15257\)/
    )
    expect(detail(gvisor, 'engine-cves')).not.toMatch(/CVE-2024-21626 runc/)
  })

  it('a runsc container without its CPU quota fails probe 8 (measured on the host cgroup)', () => {
    expect(failures(noQuota)).toEqual({ hog: ['cpu-quota'] })
    const cpu = noQuota.agents[0].results.find((r) => r.id === 'cpu-quota')!
    expect(cpu.detail).toMatch(/over the limit of 0\.25 \(the container has no CPU quota\)/)
    expect(cpu.detail).toMatch(/host cgroup/)
  })

  it('the same config with the runtime removed fails the runtime probe, and only it', () => {
    expect(failures(weakened.report)).toEqual({ untrusted: ['runtime'] })
    expect(weakened.code).toBe(1)
    expect(detail(weakened, 'runtime')).toMatch(
      /the container runs under runc, expected runsc, the engine host's kernel answers .*not gVisor's/
    )
    expect(weakened.stdout).toMatch(/\[untrusted\] FAIL 27 runtime: /)
  })
})
