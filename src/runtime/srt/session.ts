// An srt agent session: every step — commands, background commands, write_file and read_file —
// runs through sandbox-runtime with the agent's filesystem rules, so file steps are confined
// exactly as commands are. A session on the host-process runtime (runtime/host: environment,
// output caps, results, background steps and their logs, as in local mode) whose kill is
// namespace-aware (kill.ts); egress through the agent's own endpoint (egress/endpoint.ts), switched
// per step by beginStep, behind the front (network.ts).
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { FILE_STEP_TIMEOUT_MS } from '../../config/defaults.js'
import type { AgentPlan } from '../../config/types.js'
import { shellQuote } from '../../lib/shell.js'
import { sliceLines } from '../file-lines.js'
import { HostBackground } from '../host/background.js'
import { baseEnvironment, prepareCommand } from '../host/environment.js'
import { exitOf, hostResult, runHostStep, streamClosed, type HostChild } from '../host/process.js'
import { TOKEN_VAR } from '../host/process-tree.js'
import type { EgressEndpoint, EgressReport } from '../egress/index.js'
import type { AgentSession, ExecRequest, ExecResult, SessionInfo } from '../types.js'
import { killSandboxed } from './kill.js'
import type { SandboxBackend } from './manager.js'
import { PROXY_URL_VAR, proxyExports, proxyUrl } from './network.js'
import { createdDuring, scanProtected, type ProtectedScan } from './protected.js'
import { entryPath, type SrtFilesystem } from './settings.js'

interface Spawned {
  child: HostChild
  token: string
}

/**
 * The agent's egress: its endpoint (registered with the backend's front under `token`; its close
 * unregisters and stops the proxy, after the sandboxed processes are gone).
 */
export interface SessionEgress {
  endpoint: EgressEndpoint
  token: string
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
  private readonly background = new HostBackground()
  private closed = false
  private warnedTruncated = false

  constructor(private readonly opts: SrtSessionOptions) {
    this.info = opts.info
  }

  /** The session's private TMPDIR (gone after close). */
  get tmpDir(): string | undefined {
    return this.opts.tmpDir
  }

  /** Egress from here on is this step's (the proxy refuses everything outside a step). */
  beginStep(step: { index: number; name?: string; egress: boolean }): void {
    this.opts.egress?.endpoint.setStep(step)
  }

  /** What went out and what was refused, per step (undefined without command_line_egress). */
  egressReport(): EgressReport | undefined {
    return this.opts.egress?.endpoint.report()
  }

  async exec(req: ExecRequest): Promise<ExecResult> {
    const started = Date.now()
    const before = this.scan()
    const { child, token } = await this.spawnStep(req, false, true, before)
    const end = await runHostStep(child, req, () => killSandboxed(child.pid, token), started)
    this.opts.backend.done()
    if (end.exit.error) throw end.exit.error
    const violation = await this.sweep(before)
    const refused = this.opts.egress?.endpoint.refusalNote(started) ?? ''
    return hostResult(end, [refused], violation ? { violation } : {})
  }

  /** The writable roots' protected names now (none for a read-only agent). */
  private scan(): ProtectedScan {
    const roots = this.opts.fs.allowWrite.map(entryPath).filter((p) => p !== this.opts.tmpDir)
    const s = scanProtected(roots, {
      skip: this.opts.protectedSkip,
      hostHooksPath: this.opts.hostHooksPath,
      creator: this.opts.user ?? {
        uid: process.geteuid?.() ?? 0,
        gid: process.getegid?.() ?? 0
      }
    })
    if (s.truncated && !this.warnedTruncated) {
      this.warnedTruncated = true
      this.opts.log?.(
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
    this.opts.log?.(`protected names created by a step (${undone}): ${created.join(', ')}`)
    return `created protected names the host would run or obey (${undone}): ${names}`
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    const { child, token } = await this.spawnStep(req, false, true, this.scan())
    this.background.add(name, req.command, child, req.maxOutputBytes, async () => {
      await killSandboxed(child.pid, token)
      this.opts.backend.done()
    })
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
    await writeFile(join(dir, 'srt_settings.json'), JSON.stringify(this.opts.fs, null, 2) + '\n')
    await this.background.writeLogs(dir)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.background.stop()
    await this.opts.egress?.endpoint.close()
    if (this.opts.tmpDir)
      await rm(this.opts.tmpDir, { recursive: true, force: true }).catch(() => {})
    await this.opts.onClose()
  }

  /** Runs a file step's script with `stdin` (or none); FILE_STEP_TIMEOUT_MS at most. */
  private async fileStep(
    script: string,
    stdin?: string,
    protect = true,
    scan?: ProtectedScan
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const run = await this.spawnStep(
      { command: script, cwd: this.opts.agent.workspace, env: {} },
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
    this.opts.backend.done()
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
      ? prepareCommand(this.opts.agent, req.command, req.cwd, { ...baseEnvironment(), ...req.env })
      : { command: req.command, env: { ...baseEnvironment(), ...req.env } }
    // sandbox-runtime sets TMPDIR (to its shared /tmp/claude) inside the sandbox, after our
    // environment: the session's private one is set again in front of the command.
    const tmp = req.env.TMPDIR ?? this.opts.tmpDir
    // The proxy variables likewise (the library's carry no credential); the URL itself travels
    // in the environment, not in the command line every host process can read.
    const egress = userCommand ? this.opts.egress : undefined
    // Same line, so the shell's line numbers in error messages stay the command's own.
    const command =
      (tmp ? `export TMPDIR=${q(tmp)}; ` : '') +
      (egress ? `${proxyExports()} ` : '') +
      prepared.command
    const fs: SrtFilesystem = scan
      ? {
          ...this.opts.fs,
          denyWrite: [
            ...this.opts.fs.denyWrite,
            ...scan.deny.map((path) => ({ path, literal: true as const }))
          ]
        }
      : this.opts.fs
    const argv = await this.opts.backend.wrap(command, req.cwd, fs, {
      commandId,
      commandText: req.command
    })
    let child: HostChild
    try {
      // detached: the outer shell leads a process group of its own (see kill.ts).
      child = spawn(argv[0], argv.slice(1), {
        cwd: req.cwd,
        env: {
          ...prepared.env,
          ...(tmp ? { TMPDIR: tmp } : {}),
          // The CA variables over the runner's, under the step's own `env:`.
          ...withoutKeys(this.opts.caEnv, req.env),
          // The runner's HOME is not the sandbox user's (and is hidden from it).
          ...(this.opts.user ? { HOME: this.opts.tmpDir ?? '/nonexistent' } : {}),
          ...(egress ? { [PROXY_URL_VAR]: proxyUrl(egress.token) } : {}),
          [TOKEN_VAR]: token
        },
        ...(this.opts.user ? { uid: this.opts.user.uid, gid: this.opts.user.gid } : {}),
        detached: true,
        stdio: [withStdin ? 'pipe' : 'ignore', 'pipe', 'pipe']
      }) as HostChild
    } catch (e) {
      this.opts.backend.done()
      throw e
    }
    return { child, token }
  }
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
