// verify-isolation on the nightly example config, through the CLI, against the real engine: every
// probe passes or skips with a reason, nothing is left behind (containers, markers, scratch
// files, the canary in the environment), and the reports say so.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { copyFile, readdir, readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import type Docker from 'dockerode'
import { main } from '../../../src/cli/main.js'
import type { IsolationReport } from '../../../src/isolation/types.js'
import { CANARY_NAME } from '../../../src/isolation/verify.js'
import { LABEL_RUN } from '../../../src/runtime/docker/index.js'
import { docker, ensureRuntimeImage } from '../docker/helpers.js'
import { everyProbeReported, VERIFY_TIMEOUT_MS, workDir } from './helpers.js'

let wd: string
let code: number
let stdout = ''
let report: IsolationReport
let homeBefore: string[]

beforeAll(async () => {
  await ensureRuntimeImage(false)
  wd = await workDir('default')
  await copyFile('examples/isolation-nightly.yaml', join(wd, 'isolation-nightly.yaml'))
  homeBefore = await readdir(homedir())
  const out = new PassThrough()
  out.on('data', (c: Buffer) => (stdout += c.toString()))
  const err = new PassThrough()
  err.on('data', (c: Buffer) => (stdout += c.toString()))
  code = await main(
    [
      'verify-isolation',
      join(wd, 'isolation-nightly.yaml'),
      '--out',
      join(wd, 'out'),
      '--working-directory',
      wd,
      '--image-policy',
      'never'
    ],
    { stdin: new PassThrough(), stdout: out, stderr: err }
  )
  report = JSON.parse(await readFile(join(wd, 'out', 'isolation.json'), 'utf8')) as IsolationReport
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  const left = await docker.listContainers({
    all: true,
    filters: JSON.stringify({ label: [`${LABEL_RUN}=${report?.runId}`] })
  } as unknown as Docker.ContainerListOptions)
  await Promise.all(left.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true })))
})

describe('verify-isolation on the nightly example', () => {
  it('passes: every probe of both agents passes or skips, exit 0', () => {
    const notPassed = report.agents.flatMap((a) =>
      a.results
        .filter((r) => r.status !== 'pass')
        .map((r) => `${a.id} ${r.id} ${r.status}: ${r.detail}`)
    )
    expect(notPassed.filter((l) => / fail: /.test(l))).toEqual([])
    expect(report.status).toBe('passed')
    expect(code).toBe(0)
    expect(report.agents.map((a) => a.id)).toEqual(['agent_a', 'agent_b'])
    expect(report.probes.map((p) => p.number)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    expect(everyProbeReported(report)).toBe(true)
  })

  it('every skip gives its reason', () => {
    for (const a of report.agents)
      for (const r of a.results.filter((x) => x.status === 'skip'))
        expect(r.detail.length).toBeGreaterThan(20)
  })

  it('the real attempts happened (details name what was tried)', () => {
    const detail = (agent: string, id: string) =>
      report.agents.find((a) => a.id === agent)!.results.find((r) => r.id === id)!.detail
    expect(detail('agent_a', 'fork-bomb')).toMatch(
      /stopped by EAGAIN after \d+ forks \(pids limit 512\); peer agent_b kept working/
    )
    expect(detail('agent_b', 'memory-bomb')).toMatch(/killed by the OOM killer/)
    expect(detail('agent_a', 'network')).toMatch(
      /interfaces: lo; DNS fails; TCP to the host listener refused/
    )
    // agent_b installs through the python preset: its relay is the one listener, the egress
    // probes pass; agent_a has no egress and skips them.
    expect(detail('agent_b', 'network')).toMatch(
      /listening: 127\.0\.0\.1:3128 \(uid 65534, egress relay\)$/
    )
    expect(detail('agent_b', 'egress-allowed')).toMatch(/answered 200 through the relay/)
    expect(detail('agent_b', 'egress-private')).toMatch(/^403 from the proxy for 8 listed names/)
    expect(detail('agent_a', 'egress-refused')).toMatch(/^the agent has no command_line_egress/)
    expect(detail('agent_a', 'cross-agent')).toMatch(/agent_b/)
    expect(detail('agent_a', 'cleanup')).toMatch(/no container labelled with the run id remains/)
    expect(detail('agent_a', 'engine-cves')).toMatch(/known CVEs checked/)
  })

  it('writes the matrix and prints the headline', async () => {
    const md = await readFile(join(wd, 'out', 'isolation.md'), 'utf8')
    expect(md).toMatch(/\| # \| probe \| agent&#95;a \| agent&#95;b \|/)
    expect(md.split('\n').filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(30)
    expect(stdout).toMatch(/passed: 2 agent\(s\) × 30 probes: \d+ pass, 0 fail, \d+ skip/)
  })

  it('leaves nothing behind: containers, canary, home marker, scratch directories', async () => {
    const left = await docker.listContainers({
      all: true,
      filters: JSON.stringify({ label: [`${LABEL_RUN}=${report.runId}`] })
    } as unknown as Docker.ContainerListOptions)
    expect(left).toEqual([])
    expect(process.env[CANARY_NAME]).toBeUndefined()
    expect((await readdir(homedir())).filter((f) => f.startsWith('.massgen-isolation'))).toEqual(
      homeBefore.filter((f) => f.startsWith('.massgen-isolation'))
    )
    for (const a of ['agent_a', 'agent_b'])
      expect(
        (await readdir(join(wd, '.massgen/workspaces', a))).filter(
          (f) => f.startsWith('.massgen-isolation-') && !f.startsWith('.massgen-isolation-peer-')
        )
      ).toEqual([])
  })

  it('the nightly example workflow runs this mode on this config', async () => {
    const wf = await readFile('examples/workflows/nightly-isolation.yml', 'utf8')
    expect(wf).toMatch(/mode: verify-isolation/)
    expect(wf).toMatch(/config: examples\/isolation-nightly\.yaml/)
  })
})
