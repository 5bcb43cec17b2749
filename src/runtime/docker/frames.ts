// Docker's multiplexed exec stream (Tty false): frames of an 8-byte header (stream type, 3 zero
// bytes, uint32 BE payload length) and the payload. Split as the bytes arrive, handing on slices
// of the incoming chunks without copying: docker-modem's demuxStream concatenates and re-copies
// its buffer for every frame, which made printing 1 GiB cost seconds of CPU.
import type { Readable } from 'node:stream'

export type StreamName = 'stdout' | 'stderr'

/**
 * Calls `onPayload` with each piece of payload in order (a frame split across chunks comes in
 * pieces). Types 0 (stdin) and 1 go to stdout, 2 and 3 (the engine's own errors) to stderr. A
 * stream that turns out not to be multiplexed is passed on as stdout from there on, as is.
 */
export function splitFrames(
  src: Readable,
  onPayload: (stream: StreamName, chunk: Buffer) => void
): void {
  const header = Buffer.alloc(8)
  let headerBytes = 0
  let left = 0
  let stream: StreamName = 'stdout'
  let raw = false
  src.on('data', (chunk: Buffer) => {
    if (raw) return onPayload('stdout', chunk)
    let offset = 0
    while (offset < chunk.length) {
      if (left > 0) {
        const end = Math.min(chunk.length, offset + left)
        onPayload(stream, chunk.subarray(offset, end))
        left -= end - offset
        offset = end
        continue
      }
      const take = Math.min(8 - headerBytes, chunk.length - offset)
      chunk.copy(header, headerBytes, offset, offset + take)
      headerBytes += take
      offset += take
      if (headerBytes < 8) return
      headerBytes = 0
      if (header[0] > 3 || header[1] !== 0 || header[2] !== 0 || header[3] !== 0) {
        raw = true
        onPayload('stdout', Buffer.concat([header, chunk.subarray(offset)]))
        return
      }
      stream = header[0] >= 2 ? 'stderr' : 'stdout'
      left = header.readUInt32BE(4)
    }
  })
}

/**
 * The same frames, all in one buffer (`container logs` without follow): the payloads joined. A
 * buffer that is not multiplexed (a TTY container) is returned as is.
 */
export function demuxBuffer(buf: Buffer): string {
  const parts: Buffer[] = []
  let offset = 0
  while (offset < buf.length) {
    if (buf.length - offset < 8) break
    const type = buf[offset]
    if (type > 2 || buf[offset + 1] !== 0 || buf[offset + 2] !== 0 || buf[offset + 3] !== 0) {
      return offset === 0
        ? buf.toString('utf8')
        : Buffer.concat([...parts, buf.subarray(offset)]).toString('utf8')
    }
    const length = buf.readUInt32BE(offset + 4)
    parts.push(buf.subarray(offset + 8, offset + 8 + length))
    offset += 8 + length
  }
  return Buffer.concat(parts).toString('utf8')
}
