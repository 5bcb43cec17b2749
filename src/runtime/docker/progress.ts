// Turns the engine's build/pull progress (newline-delimited JSON) into plain log lines, which is
// what Actions logs want (not a TTY), and catches the errors the engine reports *inside* a 200
// response (a failing RUN, a missing manifest) that dockerode does not turn into rejections.
import type { Readable } from 'node:stream'

export interface ProgressEvent {
  stream?: string
  status?: string
  id?: string
  progress?: string
  error?: string
  errorDetail?: { message?: string }
  aux?: { ID?: string }
}

const TAIL_LINES = 25

export class ProgressReporter {
  error?: string
  /** The image id the build reported (aux.ID). */
  imageId?: string
  private partial = ''
  private readonly recent: string[] = []
  private readonly layerStatus = new Map<string, string>()

  constructor(
    private readonly prefix: string,
    private readonly log: (line: string) => void
  ) {}

  handle(event: ProgressEvent): void {
    if (event.error || event.errorDetail) {
      this.error = event.errorDetail?.message || event.error || 'unknown error'
      this.emit(`error: ${this.error}`)
      return
    }
    if (event.aux?.ID) this.imageId = event.aux.ID
    if (typeof event.stream === 'string') {
      const text = this.partial + event.stream
      const lines = text.split('\n')
      this.partial = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) this.emit(line.trimEnd())
      return
    }
    if (event.status) {
      // Pull progress repeats "Downloading"/"Extracting" per chunk: print each layer's status once.
      if (event.id) {
        if (this.layerStatus.get(event.id) === event.status) return
        this.layerStatus.set(event.id, event.status)
        this.emit(`${event.id}: ${event.status}`)
      } else {
        this.emit(event.status)
      }
    }
  }

  /** Feeds one raw line of the response (JSON, or plain text from odd proxies). */
  handleLine(line: string): void {
    if (!line.trim()) return
    let event: ProgressEvent
    try {
      event = JSON.parse(line) as ProgressEvent
    } catch {
      this.emit(line.trimEnd())
      return
    }
    this.handle(event)
  }

  flush(): void {
    if (this.partial.trim()) this.emit(this.partial.trimEnd())
    this.partial = ''
  }

  /** The last lines printed, for error messages. */
  tail(): string {
    return this.recent.join('\n')
  }

  private emit(line: string): void {
    this.recent.push(line)
    if (this.recent.length > TAIL_LINES) this.recent.shift()
    this.log(`${this.prefix}${line}`)
  }
}

/** Reads a progress stream to its end; resolves with the reporter, rejects on transport errors. */
export async function followProgress(
  stream: Readable,
  reporter: ProgressReporter
): Promise<ProgressReporter> {
  let buffered = ''
  for await (const chunk of stream) {
    buffered += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8')
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) reporter.handleLine(line)
  }
  reporter.handleLine(buffered)
  reporter.flush()
  return reporter
}
