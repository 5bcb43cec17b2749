// Caps a stream while it is being read: the first half of the budget is kept as the head, the
// last half as a ring-buffered tail, and everything between is only counted. Memory stays at
// `maxBytes` whatever the command prints.

/** The line that stands where output was dropped; redaction looks for it (see report/redact.ts). */
export const TRUNCATION_MARKER = /\n\.\.\. \[truncated: \d+ bytes dropped\] \.\.\.\n/g

export function truncationMarker(droppedBytes: number): string {
  return `\n... [truncated: ${droppedBytes} bytes dropped] ...\n`
}

export class OutputCap {
  private readonly headLimit: number
  private readonly tailLimit: number
  private head: Buffer[] = []
  private headBytes = 0
  private tail: Buffer[] = []
  private tailBytes = 0
  private total = 0

  constructor(readonly maxBytes: number) {
    this.headLimit = Math.ceil(maxBytes / 2)
    this.tailLimit = maxBytes - this.headLimit
  }

  push(chunk: Buffer): void {
    this.total += chunk.length
    if (this.headBytes < this.headLimit) {
      const take = Math.min(chunk.length, this.headLimit - this.headBytes)
      this.head.push(chunk.subarray(0, take))
      this.headBytes += take
      chunk = chunk.subarray(take)
      if (chunk.length === 0) return
    }
    if (this.tailLimit === 0) return
    if (chunk.length >= this.tailLimit) {
      // Copy: the caller may reuse its buffer, and a subarray would pin the whole chunk.
      this.tail = [Buffer.from(chunk.subarray(chunk.length - this.tailLimit))]
      this.tailBytes = this.tailLimit
      return
    }
    this.tail.push(Buffer.from(chunk))
    this.tailBytes += chunk.length
    while (this.tailBytes - this.tail[0].length >= this.tailLimit) {
      this.tailBytes -= this.tail.shift()!.length
    }
  }

  get totalBytes(): number {
    return this.total
  }

  get truncated(): boolean {
    return this.total > this.maxBytes
  }

  get droppedBytes(): number {
    return Math.max(0, this.total - this.maxBytes)
  }

  /** The kept text; when output was dropped, a marker stands where it was. */
  text(): string {
    const head = Buffer.concat(this.head)
    let tail = Buffer.concat(this.tail)
    if (!this.truncated) return Buffer.concat([head, tail]).toString('utf8')
    if (tail.length > this.tailLimit) tail = tail.subarray(tail.length - this.tailLimit)
    return head.toString('utf8') + truncationMarker(this.droppedBytes) + tail.toString('utf8')
  }
}

/**
 * A child process's stdout and stderr, each capped, with every chunk also handed to `onOutput`
 * (live output). For the runtimes that spawn on the host (local, srt).
 */
export function captureOutput(
  child: { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream },
  maxBytes: number,
  onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void
): { stdout: OutputCap; stderr: OutputCap } {
  const caps = { stdout: new OutputCap(maxBytes), stderr: new OutputCap(maxBytes) }
  for (const name of ['stdout', 'stderr'] as const)
    child[name].on('data', (c: Buffer) => {
      caps[name].push(c)
      onOutput?.(name, c)
    })
  return caps
}
