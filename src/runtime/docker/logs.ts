// `container.logs({follow: false})` resolves a Buffer of multiplexed frames (docker-modem has no
// demuxBuffer): 8-byte header (stream type, 3 zero bytes, uint32 BE length), then the payload.

/** Joins the frames' payloads; a buffer that is not multiplexed (a TTY container) is returned as is. */
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
