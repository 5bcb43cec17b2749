// The egress probes' pure parts and their verdicts over scripted sandbox answers: candidates from
// the allowlist, the proxy's own refusals told from upstream answers, readiness before any refusal
// counts, and the matrix rows for docker, srt or both.
import { describe, expect, it } from '@jest/globals'
import {
  answers,
  DENIED_NAME,
  reachableCandidates,
  refusalsProbe,
  refusedByProxy,
  type EgressProbeContext
} from '../../../src/isolation/probes/egress.js'
import { probeList } from '../../../src/isolation/verify.js'
import { emptyEgressConfig, type EgressConfig } from '../../../src/runtime/egress/index.js'
import type { ExecResult } from '../../../src/runtime/types.js'

const cfg = (c: Partial<EgressConfig>): EgressConfig => ({ ...emptyEgressConfig(), ...c })

describe('egress probe helpers', () => {
  it('candidates: exact names and IP literals in list order, their port or 443 then 80', () => {
    expect(
      reachableCandidates(
        cfg({
          allowedDomains: ['*.example.org', 'pypi.org', `${DENIED_NAME}`, 'mirror.test:8443'],
          srtAllowedDomains: ['10.0.0.5']
        }),
        8
      )
    ).toEqual([
      { host: 'pypi.org', port: 443 },
      { host: 'pypi.org', port: 80 },
      { host: 'mirror.test', port: 8443 },
      { host: '10.0.0.5', port: 443 },
      { host: '10.0.0.5', port: 80 }
    ])
  })

  it("a refusal counts only when it is the proxy's own (403 with its header)", () => {
    const a = answers(
      'ANSWER x 403 000 not-listed\nANSWER y 403 000 -\nANSWER t 000 403 host_not_allowed\n'
    )
    expect(refusedByProxy(a.get('x'))).toBe(true)
    expect(refusedByProxy(a.get('y'))).toBe(false)
    expect(refusedByProxy(a.get('t'), true)).toBe(true)
    expect(refusedByProxy(undefined)).toBe(false)
  })

  it('the matrix rows: docker, srt or both, one row per id, 20 and 21 kept by a subset', () => {
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id)
    expect(ids(probeList(false, true))).toContain('egress-refusals')
    expect(ids(probeList(false, true))).not.toContain('audit')
    const both = ids(probeList(true, true))
    expect(both).toEqual(expect.arrayContaining(['audit', 'srt-sandbox', 'egress-private']))
    expect(new Set(both).size).toBe(both.length)
    expect(ids(probeList(true, false, ['network']))).toEqual(['network', 'cleanup', 'engine-cves'])
  })
})

/** A context whose sandbox prints `stdout` for every script. */
function ctx(stdout: string, egress?: EgressConfig): EgressProbeContext {
  const r: ExecResult = {
    exitCode: 0,
    stdout,
    stderr: '',
    truncated: false,
    timedOut: false,
    oom: false,
    durationMs: 1
  }
  return {
    agent: {
      id: 'a',
      mode: 'srt',
      workspace: '/w',
      contextPaths: [],
      policy: { enableSudo: false, allowed: [], blocked: [] },
      maxOutputBytes: 1,
      steps: [],
      egress
    },
    session: {
      info: { mode: 'srt' },
      exec: async () => r,
      writeFile: async () => {},
      readFile: async () => '',
      close: async () => {}
    },
    host: {
      home: '/h',
      outsideDir: '/o',
      outsideMarker: '/o/m',
      secretFile: '/o/s',
      secretToken: 't',
      listener: { port: 9, addresses: ['192.0.2.2'] }
    },
    agentExec: async () => r
  }
}

const READY = 'ANSWER ready 200 000 proxy\n'
const REFUSED =
  'ANSWER http 403 000 not-listed\nANSWER tunnel 000 403 host_not_allowed\nANSWER ip 403 000 not-listed\n' +
  'ANSWER direct 000 000 -\nRAW refused 127.0.0.1 OSError\nRAW refused 192.0.2.2 OSError\nUDP refused 10.0.0.2 OSError\n'

describe('egress-refusals verdicts', () => {
  const e = cfg({ allowedDomains: ['pypi.org'] })
  it('passes on refusals by the proxy after readiness', async () => {
    expect((await refusalsProbe.run(ctx(READY + REFUSED + 'DONE\n', e))).status).toBe('pass')
  })
  it('fails when the proxy did not answer its health check: the refusals prove nothing', async () => {
    const out = await refusalsProbe.run(ctx(REFUSED + 'DONE\n', e))
    expect(out).toEqual({ status: 'fail', detail: expect.stringMatching(/health check/) })
  })
  it('fails on an upstream answer, a sent datagram, or audit mode', async () => {
    const upstream =
      READY + REFUSED.replace('ANSWER http 403 000 not-listed', 'ANSWER http 502 000 -') + 'DONE\n'
    expect((await refusalsProbe.run(ctx(upstream, e))).detail).toMatch(
      /over HTTP: 502 from upstream/
    )
    const udp =
      READY + REFUSED.replace('UDP refused 10.0.0.2 OSError', 'UDP sent 10.0.0.2') + 'DONE\n'
    expect((await refusalsProbe.run(ctx(udp, e))).detail).toMatch(
      /DNS datagrams sent to 10\.0\.0\.2/
    )
    const audit = await refusalsProbe.run(ctx(READY + REFUSED + 'DONE\n', cfg({ audit: true })))
    expect(audit.detail).toMatch(/audit mode/)
  })
  it('skips an agent without egress', async () => {
    expect((await refusalsProbe.run(ctx('DONE\n'))).status).toBe('skip')
  })
})
