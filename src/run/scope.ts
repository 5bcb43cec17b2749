// The one sandbox lifecycle `run`, `mcp` and `verify-isolation` live in: the run id, the output
// directory, the redactor every line and file goes through, the runtimes (made on first use),
// SIGINT/SIGTERM, closing what was opened, cleaning up what the runtimes made for the run, and the
// final redaction of everything under the output directory. What differs (a Run's steps, a live
// MCP server, the isolation probes) is the body's.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { redactTree } from '../report/files.js'
import { Redactor } from '../report/redact.js'
import { ensureOutputDir } from '../report/write.js'
import { Runtimes, type RuntimesOptions } from './runtimes.js'

export interface ScopeOptions {
  outDir: string
  runId?: string
  log: (line: string) => void
  /** Install SIGINT/SIGTERM handlers that record, clean up, redact and exit (CLI and action). */
  handleSignals?: boolean
}

export interface SandboxScope {
  readonly runId: string
  readonly outDir: string
  readonly redactor: Redactor
  /** The caller's log, every line redacted. */
  readonly log: (line: string) => void
  /** The runtimes, made once with these options; cleaned up (by the run id) when the scope closes. */
  runtimes(opts: Omit<RuntimesOptions, 'log'>): Runtimes
  /** Something to undo when the scope closes: later ones first (sessions before fixtures). */
  defer(undo: () => Promise<unknown>): void
  /**
   * Told of a signal, before the cleanup and again after it: record the interruption and write
   * what is known (cleanup could hang, so the first write must not wait for it).
   */
  onInterrupt(record: (signal: NodeJS.Signals) => void): void
  /** Closes now (idempotent): sessions, runtimes' leftovers, fixtures. Errors are logged. */
  close(): Promise<void>
}

export function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
}

/** Runs `body` in a sandbox scope; whatever happens, the scope is closed and the output redacted. */
export async function withSandboxes<T>(
  opts: ScopeOptions,
  body: (scope: SandboxScope) => Promise<T>
): Promise<T> {
  const scope = new Scope(opts)
  const onSignal = (sig: NodeJS.Signals) => void scope.interrupt(sig)
  if (opts.handleSignals) {
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
  }
  try {
    return await body(scope)
  } finally {
    await scope.close()
    if (opts.handleSignals) {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
    await scope.redactOutput()
  }
}

class Scope implements SandboxScope {
  readonly runId: string
  readonly outDir: string
  readonly redactor = new Redactor()
  readonly log: (line: string) => void
  private made?: Runtimes
  private readonly undo: (() => Promise<unknown>)[] = []
  private readonly recorders: ((signal: NodeJS.Signals) => void)[] = []
  private closing?: Promise<void>

  constructor(opts: ScopeOptions) {
    this.runId = opts.runId ?? newRunId()
    this.outDir = resolve(opts.outDir)
    // Every console line goes through the redactor too (live step lines, egress, cleanup).
    this.log = (line) => opts.log(this.redactor.apply(line))
    ensureOutputDir(this.outDir)
  }

  runtimes(opts: Omit<RuntimesOptions, 'log'>): Runtimes {
    if (this.made) return this.made
    const made = new Runtimes({ ...opts, log: this.log })
    this.made = made
    this.defer(() => made.cleanup(this.runId))
    return made
  }

  defer(undo: () => Promise<unknown>): void {
    this.undo.push(undo)
  }

  onInterrupt(record: (signal: NodeJS.Signals) => void): void {
    this.recorders.push(record)
  }

  close(): Promise<void> {
    return (this.closing ??= (async () => {
      for (const undo of [...this.undo].reverse())
        await undo().catch((e: Error) => this.log(`cleanup: ${e.message}`))
    })())
  }

  redactOutput(): Promise<unknown> {
    return redactTree(this.outDir, (s) => this.redactor.apply(s)).catch(() => undefined)
  }

  async interrupt(sig: NodeJS.Signals): Promise<void> {
    this.log(`received ${sig}: stopping, cleaning up`)
    const record = () => {
      for (const r of this.recorders) r(sig)
    }
    record()
    await this.close()
      .then(() => this.redactOutput())
      .catch(() => undefined)
    record()
    // A signalled run always ends as an error (exit 2), as results.json says.
    process.exit(2)
  }
}
