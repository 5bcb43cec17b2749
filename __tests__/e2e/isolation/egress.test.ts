// verify-isolation for agents with command_line_egress, and proof that each egress probe (and the
// network probe's egress half) can fail: one run, one agent as configured and one per weakening —
// a bridge network under the relay (the engine client collaborator), audit mode (a proxy that lets
// every name through), a metadata address in allowed_private_ranges, and a relay started as the
// agent's own uid (the harness's exec rewritten), which the agent's kill -9 -1 then ends: every
// probe after that one must say "not ready" instead of passing on a path that no longer exists.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { verifyIsolation, type VerifyOutcome } from '../../../src/isolation/verify.js'
import { sweepRun } from '../../../src/runtime/docker/index.js'
import { client, ensureRuntimeImage } from '../docker/helpers.js'
import {
  everyProbeReported,
  failures,
  VERIFY_TIMEOUT_MS,
  weakeningClient,
  workDir,
  writeConfig
} from './helpers.js'

const EGRESS_PROBES = ['egress-allowed', 'egress-refused', 'egress-bypass', 'egress-private']

const EXPECTED: Record<string, string[]> = {
  egress_ok: [],
  // network bridge under the relay: the container has a route of its own
  egress_bridge: ['audit', 'egress-bypass', 'network'],
  // audit mode: the proxy lets every name through (and resolves it)
  egress_audit: ['egress-refused'],
  // the metadata endpoint listed in allowed_private_ranges
  egress_metadata: ['egress-private'],
  // the relay runs as the agent's uid: the agent's kill -9 -1 ends it, and the probes after
  // egress-allowed find egress broken ("not ready") rather than pass
  egress_relay_uid: ['network', ...EGRESS_PROBES]
}

let outcome: VerifyOutcome
let runId: string

function agent(id: string, egress: string): string {
  return (
    `  - id: ${id}\n    backend:\n      cwd: ws/${id}\n      command_line_execution_mode: docker\n` +
    '      command_line_docker_memory_limit: "256m"\n      command_line_docker_cpu_limit: 0.5\n' +
    `      command_line_egress:\n${egress
      .trim()
      .split('\n')
      .map((l) => `        ${l}`)
      .join('\n')}\n`
  )
}

beforeAll(async () => {
  await ensureRuntimeImage(false)
  const wd = await workDir('egress')
  const yaml =
    'agents:\n' +
    agent('egress_ok', 'presets: [python]') +
    agent('egress_bridge', 'presets: [python]') +
    agent('egress_audit', 'audit: true') +
    agent(
      'egress_metadata',
      'allowed_domains: [pypi.org]\nallowed_private_ranges: ["169.254.169.254/32"]'
    ) +
    agent('egress_relay_uid', 'presets: [npm]')
  const config = await writeConfig(wd, yaml)
  outcome = await verifyIsolation({
    configPath: config,
    outDir: join(wd, 'out'),
    workingDirectory: wd,
    log: () => undefined,
    onStart: (id) => (runId = id),
    probes: ['audit', 'network', ...EGRESS_PROBES],
    client: weakeningClient(client, {
      host: (a) => (a === 'egress_bridge' ? { NetworkMode: 'bridge' } : undefined),
      exec: (a, spec) =>
        a === 'egress_relay_uid' &&
        spec.Cmd.some((x) => x.endsWith('/forward.py')) &&
        !spec.Cmd.includes('--probe')
          ? { ...spec, User: '1000:1000' }
          : spec
    })
  })
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  if (runId) await sweepRun(client, runId)
})

const result = (agentId: string, probe: string) =>
  outcome.report.agents.find((a) => a.id === agentId)!.results.find((r) => r.id === probe)!

describe('verify-isolation with egress', () => {
  it('reports every selected probe for every agent, and fails the run', () => {
    expect(outcome.report.agents.map((a) => [a.id, a.error])).toEqual(
      Object.keys(EXPECTED).map((id) => [id, undefined])
    )
    expect(everyProbeReported(outcome.report)).toBe(true)
    expect(outcome.report.probes.map((p) => p.number)).toEqual([1, 4, 20, 21, 23, 24, 25, 26])
    expect([outcome.report.status, outcome.exitCode]).toEqual(['failed', 1])
  })

  it.each(Object.entries(EXPECTED))('%s: exactly the expected probes fail', (id, expected) => {
    const got = failures(outcome.report)[id]
    const details = outcome.report.agents
      .find((a) => a.id === id)!
      .results.map((r) => `${r.id} ${r.status}: ${r.detail}`)
    expect({ id, failed: got, details }).toEqual({
      id,
      failed: [...expected].sort(),
      details: expect.any(Array)
    })
  })

  it('the passing agent: readiness, refusals at application level, the relay on loopback', () => {
    expect(result('egress_ok', 'egress-allowed').detail).toMatch(
      /^allowed\.[0-9a-f]{10}\.massgen-probe\.invalid:\d+ answered 200 through the relay \(uid 65534\) and the proxy, and again after the agent's kill -9 -1$/
    )
    expect(result('egress_ok', 'egress-refused').detail).toMatch(/^403 from the proxy/)
    expect(result('egress_ok', 'egress-private').detail).toMatch(
      /^403 from the proxy for 8 listed names resolving to 169\.254\.169\.254, 169\.254\.170\.2/
    )
    expect(result('egress_ok', 'network').detail).toMatch(
      /^interfaces: lo; .*listening: 127\.0\.0\.1:3128 \(uid 65534, egress relay\)$/
    )
  })

  it('each weakening fails for the reason it introduces', () => {
    expect(result('egress_bridge', 'egress-bypass').detail).toMatch(
      /^reached the host's server directly on .*a UDP datagram \(a DNS query\) from the sandbox reached the host$/
    )
    expect(result('egress_audit', 'egress-refused').detail).toMatch(
      /^the non-listed name got HTTP 200.*the proxy resolved the non-listed name .*\(audit mode lets every name through by design\)$/
    )
    expect(result('egress_metadata', 'egress-private').detail).toMatch(
      /^not refused by the address rule: 169\.254\.169\.254 \(metadata\)/
    )
    // A relay running as the agent's uid is the agent's process: the end-of-step sweep (issue 22)
    // may already have killed it before the probe's own kill -9 -1 (then the path is not ready).
    expect(result('egress_relay_uid', 'egress-allowed').detail).toMatch(
      /^(the egress relay runs as the agent's uid 1000: the agent can end or replace it, after the agent's kill -9 -1 the allowlisted name no longer answers|not ready: the allowlisted probe name .* did not answer through the relay and proxy \(curl exit 7: .*port 3128)/
    )
    for (const p of ['egress-refused', 'egress-bypass', 'egress-private'])
      expect(result('egress_relay_uid', p).detail).toMatch(/^not ready: /)
  })
})
