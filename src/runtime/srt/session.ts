// An srt agent session: every step — commands, background commands, write_file and read_file —
// runs through sandbox-runtime with the agent's filesystem rules, so file steps are confined
// exactly as commands are. Environment, output caps, results and logs as in local mode (whose
// helpers this reuses); the kill is namespace-aware (kill.ts); egress through the agent's own
// EgressProxy, switched per step by beginStep (network.ts).
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { FILE_STEP_TIMEOUT_MS } from '../../config/defaults.js'
import type { AgentPlan } from '../../config/types.js'
import { sliceLines } from '../file-lines.js'
import { baseEnvironment, prepareCommand } from '../local/executor.js'
import { TOKEN_VAR } from '../local/process-tree.js'
import { captureOutput, OutputCap } from '../../lib/output-cap.js'
import type { EgressProxy, EgressReport, EgressStep } from '../egress/index.js'
import type { AgentSession, ExecRequest, ExecResult, SessionInfo } from '../types.js'
import { killSandboxed } from './kill.js'
import type { SandboxBackend } from './manager.js'
import { PROXY_URL_VAR, proxyExports, proxyUrl } from './network.js'
import { createdDuring, scanProtected, type ProtectedScan } from './protected.js'
import { entryPath, type SrtFilesystem } from './settings.js'
import { shellQuote } from '../../lib/shell.js'

interface Spawned {
  child: ChildProcessByStdio<Writable | null, Readable, Readable>
  token: string
}

/** The agent's egress: its proxy (registered with the backend's front under `token`). */
export interface SessionEgress {
  proxy: EgressProxy
  token: string
  /** Unregisters and stops the proxy (after the sandboxed processes are gone). */
  close(): Promise<void>
}

interface Background {
  name: string
  run: Spawned
  out: OutputCap
  done: Promise<void>
}

/** The user sandboxed commands run as, when not this process's. */
export interface SandboxUser {
  uid: number
  gid: number
  home?: string
}

export interface SrtSessionOptions {
  agent: AgentPlan
  backend: SandboxBackend
  /** Absent: the agent has no network (the front refuses its requests). */
  egress?: SessionEgress
  fs: SrtFilesystem
  /** The private TMPDIR (removed at close), or undefined with read_only. */
  tmpDir?: string
  user?: SandboxUser
  info: SessionInfo
  /** SSL_CERT_FILE and friends, pointing at the agent's CA bundle (command_line_ca_certificates). */
  caEnv?: Record<string, string>
  /** Called once at close, after every process is gone (releases the backend). */
  onClose: () => Promise<void>
  /** Logs a line for the run (the protection's notes). */
  log?: (line: string) => void
  /** Relative paths below the workspace the protected-name scan leaves alone. */
  protectedSkip?: string[]
  /** core.hooksPath of the host's global git config (see protected.ts). */
  hostHooksPath?: string
}

const q = shellQuote

export class SrtSession implements AgentSession {
  readonly info: SessionInfo
  private background: Background[] = []
  private closed = false
  private step: EgressStep | undefined
  private warnedTruncated = false

  constructor(private readonly o: SrtSessionOptions) {
    this.info = o.info
  }

  /** The session's private TMPDIR (gone after close). */
  get tmpDir(): string | undefined {
    return this.o.tmpDir
  }

  /** Egress from here on is this step's (the proxy refuses everything outside a step). */
  beginStep(step: { index: number; name?: string; egress: boolean }): void {
    this.step = { ...step }
    this.o.egress?.proxy.setStep(this.step)
  }

  /** What went out and what was refused, per step (undefined without command_line_egress). */
  egressReport(): EgressReport | undefined {
    return this.o.egress?.proxy.events.report()
  }

  async exec(req: ExecRequest): Promise<ExecResult> {
    const started = Date.now()
    const before = this.scan()
    const run = await this.spawnStep(req, false, true, before)
    const { child, token } = run
    const { stdout, stderr } = captureOutput(child, req.maxOutputBytes, req.onOutput)
    let timedOut = false
    const exited = exitOf(child)
    const kill = () => {
      timedOut = true
      void killSandboxed(child.pid, token)
    }
    const timer = setTimeout(kill, req.timeoutMs)
    req.signal?.addEventListener('abort', kill, { once: true })
    if (req.signal?.aborted) kill()
    const exit = await exited
    clearTimeout(timer)
    req.signal?.removeEventListener('abort', kill)
    const survivors = await killSandboxed(child.pid, token)
    await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)])
    this.o.backend.done()
    if (exit.error) throw exit.error
    const violation = await this.sweep(before)
    const notes = [
      survivors.length ? `${survivors.length} process(es) of the step could not be killed` : '',
      this.refusalNote(new Date(started).toISOString())
    ].filter(Boolean)
    return {
      exitCode: exit.code,
      stdout: stdout.text(),
      stderr: stderr.text(),
      truncated: stdout.truncated || stderr.truncated,
      timedOut,
      oom: false,
      durationMs: Date.now() - started,
      note: notes.length ? notes.join('; ') : undefined,
      ...(violation ? { violation } : {})
    }
  }

  /** The writable roots' protected names now (none for a read-only agent). */
  private scan(): ProtectedScan {
    const roots = this.o.fs.allowWrite.map(entryPath).filter((p) => p !== this.o.tmpDir)
    const s = scanProtected(roots, {
      skip: this.o.protectedSkip,
      hostHooksPath: this.o.hostHooksPath,
      creator: this.o.user ?? {
        uid: process.geteuid?.() ?? 0,
        gid: process.getegid?.() ?? 0
      }
    })
    if (s.truncated && !this.warnedTruncated) {
      this.warnedTruncated = true
      this.o.log?.(
        'protected names: the writable paths hold over 200000 entries; names deeper than the scan reached are not protected'
      )
    }
    return s
  }

  /**
   * Protected names the step created where no mount could refuse them (in directories it made):
   * removed — inside the sandbox, as the sandbox user, so a link swapped in leads nowhere on the
   * host — and returned as the step's failure.
   */
  private async sweep(before: ProtectedScan): Promise<string | undefined> {
    const created = createdDuring(before, this.scan())
    if (!created.length) return undefined
    const r = await this.fileStep(`rm -rf -- ${created.map(q).join(' ')}`, undefined, false)
    const undone = r.code === 0 ? 'removed' : `NOT removed (${firstLine(r.stderr)})`
    const names = created.slice(0, 5).join(', ') + (created.length > 5 ? ', …' : '')
    this.o.log?.(`protected names created by a step (${undone}): ${created.join(', ')}`)
    return `created protected names the host would run or obey (${undone}): ${names}`
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    const run = await this.spawnStep(req, false, true, this.scan())
    const out = new OutputCap(req.maxOutputBytes)
    run.child.stdout.on('data', (c: Buffer) => out.push(c))
    run.child.stderr.on('data', (c: Buffer) => out.push(c))
    const done = exitOf(run.child).then(() => undefined)
    this.background.push({ name, run, out, done })
  }

  /** Through the sandbox: a path the agent may not write cannot be written by a step either. */
  async writeFile(path: string, content: string): Promise<void> {
    const before = this.scan()
    const r = await this.fileStep(
      `mkdir -p -- ${q(dirname(path))} && cat > ${q(path)}`,
      content,
      true,
      before
    )
    const violation = await this.sweep(before)
    if (r.code !== 0)
      throw new Error(`write_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`)
    if (violation) throw new Error(`write_file ${path}: ${violation}`)
  }

  async readFile(path: string, offset: number, lineCount?: number): Promise<string> {
    // `cat` writes nothing: no protected names to scan for.
    const r = await this.fileStep(`cat -- ${q(path)}`, undefined, false)
    if (r.code !== 0)
      throw new Error(`read_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`)
    return sliceLines(r.stdout, offset, lineCount)
  }

  async saveLogs(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true })
    // The rules the sandbox ran with, for whoever reads the results.
    await writeFile(join(dir, 'srt_settings.json'), JSON.stringify(this.o.fs, null, 2) + '\n')
    if (this.background.length === 0) return
    await this.stopBackground()
    const text = this.background
      .map((b) => `=== background: ${b.name}\n${b.out.text()}\n`)
      .join('\n')
    await writeFile(join(dir, 'background.log'), text)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.stopBackground()
    await this.o.egress?.close()
    if (this.o.tmpDir) await rm(this.o.tmpDir, { recursive: true, force: true }).catch(() => {})
    await this.o.onClose()
  }

  private async stopBackground(): Promise<void> {
    await Promise.all(
      this.background.map(async (b) => {
        await killSandboxed(b.run.child.pid, b.run.token)
        await Promise.race([b.done, new Promise((r) => setTimeout(r, 2000))])
        this.o.backend.done()
      })
    )
  }

  /** Runs a file step's script with `stdin` (or none); FILE_STEP_TIMEOUT_MS at most. */
  private async fileStep(
    script: string,
    stdin?: string,
    protect = true,
    scan?: ProtectedScan
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const run = await this.spawnStep(
      { command: script, cwd: this.o.agent.workspace, env: {} },
      stdin !== undefined,
      false,
      protect ? (scan ?? this.scan()) : undefined
    )
    const { child, token } = run
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(stdin)
    const timer = setTimeout(() => void killSandboxed(child.pid, token), FILE_STEP_TIMEOUT_MS)
    const exit = await exitOf(child)
    clearTimeout(timer)
    await killSandboxed(child.pid, token)
    await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)])
    this.o.backend.done()
    if (exit.error) throw exit.error
    return { code: exit.code, stdout, stderr }
  }

  private async spawnStep(
    req: Pick<ExecRequest, 'command' | 'cwd' | 'env'>,
    withStdin: boolean,
    userCommand: boolean,
    /** The protected names to deny (undefined: the product's own cleanup, unprotected). */
    scan: ProtectedScan | undefined
  ): Promise<Spawned> {
    if (this.closed) throw new Error('the srt session is closed')
    const token = randomUUID()
    const commandId = randomBytes(16).toString('base64url')
    const prepared = userCommand
      ? prepareCommand(this.o.agent, req.command, req.cwd, { ...baseEnvironment(), ...req.env })
      : { command: req.command, env: { ...baseEnvironment(), ...req.env } }
    // sandbox-runtime sets TMPDIR (to its shared /tmp/claude) inside the sandbox, after our
    // environment: the session's private one is set again in front of the command.
    const tmp = req.env.TMPDIR ?? this.o.tmpDir
    // The proxy variables likewise (the library's carry no credential); the URL itself travels
    // in the environment, not in the command line every host process can read.
    const egress = userCommand ? this.o.egress : undefined
    // Same line, so the shell's line numbers in error messages stay the command's own.
    const command =
      (tmp ? `export TMPDIR=${q(tmp)}; ` : '') +
      (egress ? `${proxyExports()} ` : '') +
      prepared.command
    const fs: SrtFilesystem = scan
      ? {
          ...this.o.fs,
          denyWrite: [
            ...this.o.fs.denyWrite,
            ...scan.deny.map((path) => ({ path, literal: true as const }))
          ]
        }
      : this.o.fs
    const argv = await this.o.backend.wrap(command, req.cwd, fs, {
      commandId,
      commandText: req.command
    })
    let child: Spawned['child']
    try {
      // detached: the outer shell leads a process group of its own (see kill.ts).
      child = spawn(argv[0], argv.slice(1), {
        cwd: req.cwd,
        env: {
          ...prepared.env,
          ...(tmp ? { TMPDIR: tmp } : {}),
          // The CA variables over the runner's, under the step's own `env:`.
          ...withoutKeys(this.o.caEnv, req.env),
          // The runner's HOME is not the sandbox user's (and is hidden from it).
          ...(this.o.user ? { HOME: this.o.tmpDir ?? '/nonexistent' } : {}),
          ...(egress ? { [PROXY_URL_VAR]: proxyUrl(egress.token) } : {}),
          [TOKEN_VAR]: token
        },
        ...(this.o.user ? { uid: this.o.user.uid, gid: this.o.user.gid } : {}),
        detached: true,
        stdio: [withStdin ? 'pipe' : 'ignore', 'pipe', 'pipe']
      }) as Spawned['child']
    } catch (e) {
      this.o.backend.done()
      throw e
    }
    return { child, token }
  }

  /** The destinations the proxy refused in this step since `since` (ISO time). */
  private refusalNote(since: string): string {
    const proxy = this.o.egress?.proxy
    if (!proxy || !this.step) return ''
    const index = this.step.index
    const refused = proxy.events
      .refused()
      .filter((r) => r.step === index && r.lastAt >= since && r.rule !== 'log-limit')
    if (!refused.length) return ''
    const names = [...new Set(refused.map((r) => `${r.host}:${r.port}`))]
    return `network refused: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`
  }
}

/** Never rejects: a child that could not start resolves with its error. */
function exitOf(child: Spawned['child']): Promise<{ code: number | null; error?: Error }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode })
    child.once('error', (error) => resolve({ code: null, error }))
    child.once('exit', (code) => resolve({ code }))
  })
}

function streamClosed(s: NodeJS.ReadableStream & { closed?: boolean }): Promise<void> {
  if (s.closed) return Promise.resolve()
  return new Promise((resolve) => {
    s.once('close', () => resolve())
    s.once('error', () => resolve())
  })
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? ''
}

function withoutKeys(
  vars: Record<string, string> | undefined,
  taken: Record<string, string>
): Record<string, string> {
  return Object.fromEntries(Object.entries(vars ?? {}).filter(([k]) => !(k in taken)))
}
