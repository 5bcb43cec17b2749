// command_line_disk_limit's logic with a fake measure (no Docker): when a step is stopped, what a
// step after an overshoot may do, unreadable directories, failed measures, du's output.
import { describe, expect, it } from '@jest/globals'
import {
  DiskLimit,
  duCommand,
  parseDu,
  type DiskUsage
} from '../../../../src/runtime/docker/disk.js'

const MiB = 1024 ** 2

/** A measure that returns the given usages in turn (the last one repeats). */
function fake(seq: (DiskUsage | undefined)[]): () => Promise<DiskUsage | undefined> {
  let i = 0
  return async () => seq[Math.min(i++, seq.length - 1)]
}
const u = (mib: number, unreadable = 0): DiskUsage => ({ bytes: mib * MiB, unreadable })
const noSleep = () => new Promise<void>((r) => setImmediate(r))

describe('DiskLimit', () => {
  it('stops a step once the usage grows past the limit from the baseline', async () => {
    // baseline 100, step start 100, then 300, 700 (over 100 + 500)
    const d = new DiskLimit(500 * MiB, fake([u(100), u(100), u(300), u(700)]), noSleep)
    const why: string[] = []
    const w = d.watch(async (r) => void why.push(r))
    await new Promise((r) => setTimeout(r, 20))
    const reason = await w.stop()
    expect(reason).toBe(
      'stopped: the workspace and home grew by 600 MiB, over command_line_disk_limit 500 MiB'
    )
    expect(why).toEqual([reason])
  })

  it('a step that stays under the limit is not stopped', async () => {
    const d = new DiskLimit(500 * MiB, fake([u(100), u(100), u(550)]), noSleep)
    const w = d.watch(async () => {
      throw new Error('not expected')
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(await w.stop()).toBeUndefined()
  })

  it('after an overshoot, a later step runs unless it grows the usage further', () => {
    const d = new DiskLimit(500 * MiB, fake([]))
    const base = u(100)
    expect(d.judge(base, u(700), u(705))).toBeUndefined()
    expect(d.judge(base, u(700), u(800))).toMatch(/grew by 700 MiB, over/)
  })

  it('a directory made unreadable to the measure stops the step', () => {
    const d = new DiskLimit(500 * MiB, fake([]))
    expect(d.judge(u(100), u(100), u(100, 1))).toMatch(/made 1 directory\(ies\) unreadable/)
    // One that was unreadable from the start is not the step's doing.
    expect(d.judge(u(100, 1), u(100, 1), u(101, 1))).toBeUndefined()
  })

  it('measures that keep failing stop the step (it cannot be checked)', async () => {
    const d = new DiskLimit(500 * MiB, fake([u(100), u(100), undefined]), noSleep)
    // Until the watch gives up (not a fixed wait: a loaded machine may take longer than one).
    let gaveUp: (why: string) => void = () => undefined
    const stopped = new Promise<string>((r) => (gaveUp = r))
    const w = d.watch(async (why: string) => gaveUp(why))
    expect(await stopped).toMatch(/could not be measured 3 times in a row/)
    expect(await w.stop()).toMatch(/could not be measured 3 times in a row/)
  })

  it('a step that crossed the limit after the last look is caught when it ends', async () => {
    let calls = 0
    const d = new DiskLimit(
      500 * MiB,
      async () => (++calls > 3 ? u(900) : u(100)),
      (ms) => new Promise((r) => setTimeout(r, ms))
    )
    const w = d.watch(async () => undefined)
    await new Promise((r) => setTimeout(r, 10))
    expect(await w.stop()).toMatch(/grew by 800 MiB/)
  })
})

describe('du', () => {
  it('sums the paths in KiB and counts unreadable directories; exit 1 still has a total', () => {
    expect(
      parseDu({
        exitCode: 1,
        stdout: '1024\t/work/ws\n2048\t/home/massgen\n',
        stderr: "du: cannot read directory '/work/ws/hidden': Permission denied\n"
      })
    ).toEqual({ bytes: 3 * MiB, unreadable: 1 })
    expect(parseDu({ exitCode: 0, stdout: '4\t/x\n', stderr: '' })).toEqual({
      bytes: 4096,
      unreadable: 0
    })
    expect(parseDu({ exitCode: 126, stdout: '', stderr: 'exec failed' })).toBeUndefined()
    expect(parseDu({ exitCode: 0, stdout: '', stderr: '' })).toBeUndefined()
  })

  it('is an argv with the paths after --', () => {
    expect(duCommand(['/w', '-x'])).toEqual(['du', '-s', '-k', '-x', '--', '/w', '-x'])
  })
})
