// A step's output as it arrives, line by line and redacted, for the console (CLI) and the action
// log: only whole lines are emitted (a secret split across two chunks is still one line when it is
// redacted), UTF-8 decoded per stream, and at most `maxBytes` per step are shown live (the results
// keep their own cap); the rest is said to be cut.
import { StringDecoder } from 'node:string_decoder'

export class LiveLines {
  private readonly decoders = {
    stdout: new StringDecoder('utf8'),
    stderr: new StringDecoder('utf8')
  }
  private readonly partial = { stdout: '', stderr: '' }
  private shown = 0
  private cut = false

  constructor(
    private readonly emit: (line: string) => void,
    private readonly redact: (text: string) => string,
    private readonly maxBytes: number
  ) {}

  push(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    const text = this.partial[stream] + this.decoders[stream].write(chunk)
    const lines = text.split('\n')
    this.partial[stream] = lines.pop() ?? ''
    for (const line of lines) this.line(line)
  }

  /** Emits what is left of an unterminated last line (the step has ended). */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.partial[stream] + this.decoders[stream].end()
      this.partial[stream] = ''
      if (rest) this.line(rest)
    }
  }

  private line(raw: string): void {
    if (this.cut) return
    const line = raw.replace(/\r$/, '')
    this.shown += Buffer.byteLength(line) + 1
    if (this.shown > this.maxBytes) {
      this.cut = true
      this.emit(`… live output cut at ${this.maxBytes} bytes (the results keep the step's output)`)
      return
    }
    this.emit(this.redact(line))
  }
}
