// Probe 20 can fail, and a one-agent config gets a throwaway peer: a run that skips cleanup leaves
// the agent's container and its throwaway peer behind, and probe 20 says so; the peer was used by
// the cross-agent and fork-bomb probes. Only those probes run here (the full set runs elsewhere).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { verifyIsolation, type VerifyOutcome } from '../../../src/isolation/verify.js'
import { LABEL_AGENT, LABEL_RUN, type ContainerSummary } from '../../../src/runtime/docker/index.js'
import { client, ensureRuntimeImage } from '../docker/helpers.js'
import { VERIFY_TIMEOUT_MS, weakeningClient, workDir, writeConfig } from './helpers.js'

let outcome: VerifyOutcome
let left: ContainerSummary[] = []

beforeAll(async () => {
  await ensureRuntimeImage(false)
  const wd = await workDir('cleanup')
  const config = await writeConfig(
    wd,
    'agent:\n  id: solo\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n    command_line_docker_memory_limit: "256m"\n    command_line_docker_cpu_limit: 0.5\n'
  )
  outcome = await verifyIsolation({
    configPath: config,
    outDir: join(wd, 'out'),
    workingDirectory: wd,
    log: () => undefined,
    // An engine client that never removes a container: cleanup leaves everything behind.
    client: weakeningClient(client, { keepContainers: true }),
    probes: ['cross-agent', 'fork-bomb']
  })
  left = await client.listContainers({ labels: [`${LABEL_RUN}=${outcome.report.runId}`] })
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  await Promise.all(left.map((c) => client.removeContainer(c.Id)))
})

describe('probe 20 and the throwaway peer', () => {
  it('fails probe 20 when containers of the run are left, naming them', () => {
    const solo = outcome.report.agents[0]
    const cleanup = solo.results.find((r) => r.id === 'cleanup')!
    expect(left.map((c) => c.Labels[LABEL_AGENT]).sort()).toEqual(['solo', 'solo-peer'])
    expect(cleanup.status).toBe('fail')
    expect(cleanup.detail).toMatch(
      /left after cleanup: massgen-solo-\w+ \(running\), massgen-solo-peer-\w+ \(running\)|left after cleanup: massgen-solo-peer-\w+ \(running\), massgen-solo-\w+ \(running\)/
    )
    expect(outcome.report.status).toBe('failed')
    expect(outcome.exitCode).toBe(1)
  })

  it('uses a throwaway container from the same plan as the peer of a single agent', () => {
    const solo = outcome.report.agents[0]
    expect(outcome.report.agents.map((a) => a.id)).toEqual(['solo'])
    expect(solo.results.map((r) => r.id)).toEqual([
      'fork-bomb',
      'cross-agent',
      'cleanup',
      'engine-cves'
    ])
    const cross = solo.results.find((r) => r.id === 'cross-agent')!
    expect(cross).toMatchObject({ status: 'pass' })
    expect(cross.detail).toMatch(/solo-peer \(throwaway from this agent's plan\)/)
    expect(solo.results.find((r) => r.id === 'fork-bomb')!.detail).toMatch(
      /peer solo-peer kept working/
    )
  })
})
