// splitFrames on Docker's multiplexed stream, fed the way a socket delivers it: frames split at
// every possible byte, several frames in one chunk, the engine's error frames, and a stream that is
// not multiplexed at all.
import { describe, expect, it } from '@jest/globals'
import { PassThrough } from 'node:stream'
import { splitFrames, type StreamName } from '../../../../src/runtime/docker/frames.js'

function frame(type: number, text: string): Buffer {
  const payload = Buffer.from(text)
  const header = Buffer.alloc(8)
  header[0] = type
  header.writeUInt32BE(payload.length, 4)
  return Buffer.concat([header, payload])
}

/** Feeds `chunks` through splitFrames; returns what each stream received, joined. */
async function split(chunks: Buffer[]): Promise<Record<StreamName, string> & { pieces: number }> {
  const src = new PassThrough()
  const got = { stdout: [] as Buffer[], stderr: [] as Buffer[] }
  let pieces = 0
  splitFrames(src, (stream, chunk) => {
    pieces++
    got[stream].push(chunk)
  })
  for (const c of chunks) src.write(c)
  src.end()
  await new Promise((resolve) => src.on('end', resolve))
  return {
    stdout: Buffer.concat(got.stdout).toString(),
    stderr: Buffer.concat(got.stderr).toString(),
    pieces
  }
}

describe('splitFrames', () => {
  const stream = Buffer.concat([
    frame(1, 'out one\n'),
    frame(2, 'err one\n'),
    frame(1, 'out two\n')
  ])

  it('separates stdout and stderr when the chunks split headers and payloads anywhere', async () => {
    for (let cut = 1; cut < stream.length; cut++) {
      for (const size of [1, 3, 7, 8, 9]) {
        const chunks = [stream.subarray(0, cut)]
        for (let i = cut; i < stream.length; i += size) chunks.push(stream.subarray(i, i + size))
        const r = await split(chunks)
        expect([r.stdout, r.stderr]).toEqual(['out one\nout two\n', 'err one\n'])
      }
    }
  })

  it('hands on slices of one chunk holding many frames, without merging them', async () => {
    const r = await split([stream])
    expect(r).toEqual({ stdout: 'out one\nout two\n', stderr: 'err one\n', pieces: 3 })
  })

  it('sends stdin-typed frames to stdout and the engine’s error frames to stderr; skips empty frames', async () => {
    const r = await split([
      Buffer.concat([frame(0, 'a'), frame(3, 'engine error'), frame(1, ''), frame(1, 'b')])
    ])
    expect([r.stdout, r.stderr]).toEqual(['ab', 'engine error'])
  })

  it('passes a stream that is not multiplexed through as stdout', async () => {
    const r = await split([Buffer.from('plain tty output\n'), Buffer.from('more\n')])
    expect([r.stdout, r.stderr]).toEqual(['plain tty output\nmore\n', ''])
    const late = await split([frame(1, 'framed\n'), Buffer.from('then raw text\n')])
    expect(late.stdout).toBe('framed\nthen raw text\n')
  })
})
