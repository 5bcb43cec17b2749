// The probe registry: where each probe applies (and why not elsewhere), the rows each sandbox
// reports, and their numbers, all derived from the one list; fakes show the derivation, the real
// registry shows the matrix both sandboxes report.
import { describe, expect, it } from '@jest/globals'
import {
  dockerProbes,
  PROBES,
  probeList,
  rowOf,
  rows,
  srtProbes,
  type RegisteredProbe
} from '../../../../src/isolation/probes/index.js'
import type { Sandbox } from '../../../../src/isolation/types.js'

const ids = (list: { id: string }[]) => list.map((r) => r.id)
const numbers = (list: { number: number }[]) => list.map((r) => r.number)

function fake(
  id: string,
  number: number,
  runs: 'docker' | 'srt' | 'both',
  reason = `${id} does not apply here, for a reason long enough`
): RegisteredProbe {
  const run = async () => ({ status: 'pass' as const, detail: 'ok' })
  const appliesTo = (s: Sandbox) => runs === 'both' || s === runs || reason
  return { id, number, title: `title of ${id}`, phase: 'parallel', runs, run, appliesTo }
}

describe('probe registry (fakes)', () => {
  const registry = [
    fake('d1', 1, 'docker'),
    fake('s1', 1, 'srt'),
    fake('shared', 2, 'both'),
    fake('limits', 3, 'docker', 'no limits in srt'),
    fake('srt-only', 4, 'srt')
  ]

  it('appliesTo: true where a probe runs, its reason elsewhere', () => {
    const [d1, s1, shared, limits] = registry
    expect([d1.appliesTo('docker'), s1.appliesTo('srt'), shared.appliesTo('srt')]).toEqual([
      true,
      true,
      true
    ])
    expect(limits.appliesTo('srt')).toBe('no limits in srt')
    expect(typeof s1.appliesTo('docker')).toBe('string')
  })

  it('docker reports the probes that apply to it; srt also the container numbers it has none for', () => {
    expect(ids(rows('docker', registry))).toEqual(['d1', 'shared', 'limits'])
    // 1 is srt's own (s1, not d1); 3 has no srt probe: the container probe, as a skip.
    expect(ids(rows('srt', registry))).toEqual(['s1', 'shared', 'limits', 'srt-only'])
    expect(rowOf(registry[3], 'srt').title).toBe('limits (not applicable to srt)')
    expect(rowOf(registry[3], 'docker').title).toBe('title of limits')
  })

  it('the matrix of both: one row per id, by number then id; a subset keeps nothing else', () => {
    expect(ids(probeList(['docker', 'srt'], undefined, registry))).toEqual([
      'd1',
      's1',
      'shared',
      'limits',
      'srt-only'
    ])
    expect(ids(probeList(['srt'], ['shared'], registry))).toEqual(['shared'])
  })
})

describe('the real registry', () => {
  it('each sandbox reports each number once; docker 1-30, srt 1-31', () => {
    expect(numbers(rows('docker'))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    expect(numbers(rows('srt'))).toEqual(Array.from({ length: 31 }, (_, i) => i + 1))
  })

  it('every probe applies somewhere, and says why wherever it does not', () => {
    for (const p of PROBES) {
      const where = (['docker', 'srt'] as const).map((s) => p.appliesTo(s))
      expect([p.id, where.includes(true)]).toEqual([p.id, true])
      for (const w of where) if (w !== true) expect([p.id, w.length > 20]).toEqual([p.id, true])
    }
  })

  it('the srt matrix: its own probes, the shared egress probes, and the container skips', () => {
    const srt = rows('srt')
    const skipped = srt.filter((p) => p.appliesTo('srt') !== true)
    expect(ids(skipped).sort()).toEqual(
      [
        'fork-bomb',
        'memory-bomb',
        'cpu-quota',
        'proc-sys',
        'privileged-ops',
        'ptrace',
        'setuid-sudo',
        'seccomp',
        'size-limits',
        'engine-cves',
        'harness-shims',
        'runtime',
        'egress-socket',
        'disk-limit',
        'ro-submounts'
      ].sort()
    )
    expect(ids(srt)).not.toContain('audit')
    expect(ids(srtProbes('parallel'))).toEqual(
      expect.arrayContaining(['srt-sandbox', 'egress-refused', 'egress-private', 'protected-names'])
    )
    // The egress probes 24-26 and output-flood, symlink-collection run unchanged in both.
    const both = PROBES.filter((p) => p.runs === 'both').map((p) => p.id)
    expect(both.sort()).toEqual(
      [
        'egress-bypass',
        'egress-private',
        'egress-refused',
        'output-flood',
        'symlink-collection'
      ].sort()
    )
  })

  it('the runnable probes of a sandbox, by phase, and a subset', () => {
    expect(ids(dockerProbes('exclusive'))).toEqual(['fork-bomb', 'cpu-quota'])
    expect(ids(srtProbes('exclusive'))).toEqual([])
    expect(ids(dockerProbes('parallel', ['network', 'srt-sandbox']))).toEqual(['network'])
    expect(ids(probeList(['docker'], ['network']))).toEqual(['network', 'cleanup', 'engine-cves'])
    const mixed = ids(probeList(['docker', 'srt']))
    expect(new Set(mixed).size).toBe(mixed.length)
    expect(mixed).toEqual(expect.arrayContaining(['audit', 'srt-sandbox', 'protected-names']))
  })
})
