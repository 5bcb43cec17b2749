import { describe, expect, it } from '@jest/globals'
import { parseOomKillCount } from '../../../../src/runtime/docker/oom.js'
import { demuxBuffer } from '../../../../src/runtime/docker/frames.js'

describe('parseOomKillCount', () => {
  it('reads cgroup v1 memory.oom_control and cgroup v2 memory.events', () => {
    expect(parseOomKillCount('oom_kill_disable 0\nunder_oom 0\noom_kill 3\n')).toBe(3)
    expect(parseOomKillCount('low 0\nhigh 0\nmax 12\noom 2\noom_kill 1\noom_group_kill 0\n')).toBe(
      1
    )
    expect(parseOomKillCount('oom_kill_disable 0\nunder_oom 0\n')).toBeUndefined()
  })
})

describe('demuxBuffer', () => {
  const frame = (type: number, text: string): Buffer => {
    const h = Buffer.alloc(8)
    h[0] = type
    h.writeUInt32BE(Buffer.byteLength(text), 4)
    return Buffer.concat([h, Buffer.from(text)])
  }
  it('joins the payloads of multiplexed frames', () => {
    expect(demuxBuffer(Buffer.concat([frame(1, 'a\n'), frame(2, 'b\n')]))).toBe('a\nb\n')
  })
  it('returns a buffer that is not multiplexed as is', () => {
    expect(demuxBuffer(Buffer.from('plain tty output\n'))).toBe('plain tty output\n')
  })
})
