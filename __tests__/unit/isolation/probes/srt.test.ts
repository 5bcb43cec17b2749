// Which probes srt agents get, and the matrix rows of a config with docker agents, srt agents or
// both: every probe an srt agent reports has one row, the egress probes are the docker ones
// (egress-allowed excepted: srt has no relay of its own to check), and what does not apply is
// listed with its reason.
import { describe, expect, it } from '@jest/globals'
import {
  egressBypassProbe,
  egressPrivateProbe,
  egressRefusedProbe
} from '../../../../src/isolation/probes/egress.js'
import { SRT_NOT_APPLICABLE, SRT_PROBES } from '../../../../src/isolation/probes/srt.js'
import { SRT_PROBE_LIST } from '../../../../src/isolation/srt.js'
import { PROBE_LIST, probeList } from '../../../../src/isolation/verify.js'

const ids = (rows: { id: string }[]) => rows.map((r) => r.id)

describe('srt probes', () => {
  it('egress probes 24-26 are the docker ones; 23 is srt’s own; numbers agree with docker', () => {
    const srt = Object.fromEntries(SRT_PROBES.map((p) => [p.id, p]))
    for (const p of [egressRefusedProbe, egressBypassProbe, egressPrivateProbe])
      expect([p.id, srt[p.id]?.number, srt[p.id]?.title]).toEqual([p.id, p.number, p.title])
    expect(srt['egress-allowed']?.number).toBe(23)
    const docker = Object.fromEntries(PROBE_LIST.map((p) => [p.id, p.number]))
    for (const p of SRT_PROBE_LIST)
      if (docker[p.id] !== undefined) expect([p.id, p.number]).toEqual([p.id, docker[p.id]])
  })

  it('every container probe an srt agent does not run is listed as not applicable, with a reason', () => {
    const ran = new Set([...ids(SRT_PROBES), 'cleanup'])
    const mapped: Record<string, string> = {
      audit: 'srt-sandbox',
      'rootfs-write': 'writes-outside',
      'host-paths': 'secret-reads',
      'docker-socket': 'unix-sockets'
    }
    const missing = PROBE_LIST.filter(
      (p) => !ran.has(p.id) && !mapped[p.id] && !SRT_NOT_APPLICABLE.some((n) => n.id === p.id)
    )
    expect(ids(missing)).toEqual([])
    for (const n of SRT_NOT_APPLICABLE) expect(n.reason.length).toBeGreaterThan(20)
  })

  it('the matrix rows: docker, srt or both, one row per id, 20 and 21 kept by a subset', () => {
    expect(ids(probeList(false, true))).toEqual(ids(SRT_PROBE_LIST))
    expect(ids(probeList(false, true))).not.toContain('audit')
    const both = ids(probeList(true, true))
    expect(both).toEqual(expect.arrayContaining(['audit', 'srt-sandbox', 'egress-private']))
    expect(new Set(both).size).toBe(both.length)
    expect(ids(probeList(true, false, ['network']))).toEqual(['network', 'cleanup', 'engine-cves'])
  })
})
