// Background steps as host processes (local and srt modes): their output kept (capped, per stream)
// while later steps run; stopped — their whole tree killed — at saveLogs or close, whichever comes
// first; logged in the one layout (background-log.ts).
import { mkdir } from 'node:fs/promises'
import { OutputCap } from '../../lib/output-cap.js'
import { writeBackgroundLogs, type BackgroundLogEntry } from './background-log.js'
import { exitOf, type HostChild } from './process.js'

interface HostBackgroundProcess {
  name: string
  command: string
  startedAt: Date
  stdout: OutputCap
  stderr: OutputCap
  /** Kills the process's whole tree (the session's kill). */
  kill: () => Promise<unknown>
  done: Promise<void>
  result?: BackgroundLogEntry['result']
  error?: string
  stopping?: Promise<void>
}

/** How long a killed background process is given to close its pipes. */
const STOP_WAIT_MS = 2000

export class HostBackground {
  private readonly list: HostBackgroundProcess[] = []

  /** Keeps `child`'s output from now on; `kill` ends its tree at stop(). */
  add(
    name: string,
    command: string,
    child: HostChild,
    maxOutputBytes: number,
    kill: () => Promise<unknown>
  ): void {
    const startedAt = new Date()
    const p: HostBackgroundProcess = {
      name,
      command,
      startedAt,
      stdout: new OutputCap(maxOutputBytes),
      stderr: new OutputCap(maxOutputBytes),
      kill,
      done: Promise.resolve()
    }
    child.stdout.on('data', (c: Buffer) => p.stdout.push(c))
    child.stderr.on('data', (c: Buffer) => p.stderr.push(c))
    p.done = exitOf(child).then((exit) => {
      if (exit.error) p.error = exit.error.message
      else
        p.result = {
          exitCode: exit.code,
          durationMs: Date.now() - startedAt.getTime(),
          truncated: p.stdout.truncated || p.stderr.truncated
        }
    })
    this.list.push(p)
  }

  get size(): number {
    return this.list.length
  }

  /** Kills every background process (each once, however often this is called) and waits a little. */
  async stop(): Promise<void> {
    await Promise.all(
      this.list.map((p) => {
        p.stopping ??= (async () => {
          await p.kill()
          let timer: NodeJS.Timeout | undefined
          const waited = new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)))
          await Promise.race([p.done, waited])
          clearTimeout(timer)
        })()
        return p.stopping
      })
    )
  }

  /** Stops them all, then writes background_<name>.log per process into `dir`. */
  async writeLogs(dir: string): Promise<void> {
    if (this.list.length === 0) return
    await this.stop()
    await mkdir(dir, { recursive: true })
    const entries = this.list.map(({ stdout, stderr, kill: _kill, done: _done, ...p }) => ({
      ...p,
      stdout: stdout.text(),
      stderr: stderr.text()
    }))
    await writeBackgroundLogs(dir, entries)
  }
}
