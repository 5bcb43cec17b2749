// Probe 29 (disk-limit) with a fake session (no Docker): it passes only when the write past the
// limit was stopped with the reason; its weakened twin, a session that lets the write finish, fails.
import { describe, expect, it } from '@jest/globals'
import { diskLimitProbe } from '../../../../src/isolation/probes/disk.js'
import type { ProbeContext } from '../../../../src/isolation/types.js'
import type { ExecResult } from '../../../../src/runtime/types.js'

const MiB = 1024 ** 2
const ok = (stdout: string, extra: Partial<ExecResult> = {}): ExecResult => ({
  exitCode: 0,
  stdout,
  stderr: '',
  truncated: false,
  timedOut: false,
  oom: false,
  durationMs: 10,
  ...extra
})

function ctx(limit: number | undefined, stops: boolean): { ctx: ProbeContext; scripts: string[] } {
  const scripts: string[] = []
  const c = {
    config: { diskLimitBytes: limit },
    scratch: '/ws/.probe',
    agentExec: async (script: string) => {
      scripts.push(script)
      if (script.startsWith('dd '))
        return stops
          ? ok('', {
              exitCode: null,
              diskLimit:
                'stopped: the workspace and home grew by 260 MiB, over command_line_disk_limit 256 MiB'
            })
          : ok('WROTE\n524288 /ws/.probe/disk-probe.bin\n')
      return ok(stops ? '290000 /ws/.probe/disk-probe.bin\n' : '524288 /ws/.probe/disk-probe.bin\n')
    }
  } as unknown as ProbeContext
  return { ctx: c, scripts }
}

describe('probe 29 (disk-limit)', () => {
  it('passes when the write past the limit is stopped with the reason, and removes the file', async () => {
    const { ctx: c, scripts } = ctx(256 * MiB, true)
    const r = await diskLimitProbe.run(c)
    expect(r).toEqual({
      status: 'pass',
      detail:
        'stopped: the workspace and home grew by 260 MiB, over command_line_disk_limit 256 MiB; the 512 MiB write was stopped at 283 MiB'
    })
    expect(scripts[0]).toMatch(
      /^dd if=\/dev\/zero of='\/ws\/\.probe\/disk-probe\.bin' bs=256k count=2048 /
    )
    expect(scripts[1]).toMatch(/rm -f '\/ws\/\.probe\/disk-probe\.bin'$/)
  })

  it('weakened: a session that lets the write finish fails the probe', async () => {
    const r = await diskLimitProbe.run(ctx(256 * MiB, false).ctx)
    expect(r.status).toBe('fail')
    expect(r.detail).toMatch(/^wrote 512 MiB against a limit of 256 MiB without being stopped/)
  })

  it('skips a limit it would have to write more than 1 GiB to pass, and fails no limit', async () => {
    expect((await diskLimitProbe.run(ctx(4096 * MiB, true).ctx)).status).toBe('skip')
    expect((await diskLimitProbe.run(ctx(undefined, true).ctx)).status).toBe('fail')
  })
})
