// One agent's egress, end to end, for a sandbox without a network of its own: the host directory,
// the proxy on its socket, and the relay inside (found, started as nobody, probed). The sandbox
// is reached only through SandboxExec, so the docker session (or a test) supplies the engine.
import { rm } from 'node:fs/promises'
import { EnvironmentError } from '../../errors.js'
import { compileEgressPolicy } from '../../lib/egress/config.js'
import { EgressProxy, type Resolve } from './proxy.js'
import {
  aptProxyConf,
  egressMount,
  FIND_RELAY_INTERPRETER_CMD,
  prepareEgressDir,
  proxyEnv,
  RELAY_PORT,
  RELAY_USER,
  relayCommand,
  relayProbeCommand,
  type EgressHostDir
} from './sandbox.js'
import { newRelayToken, RELAY_TOKEN_ENV } from './socket-gate.js'
import type { EgressConfig } from '../../lib/egress/types.js'
import type { UpstreamProxy } from './upstream.js'

/** How the attachment runs things in the sandbox (argv, no shell; `user` is "uid:gid"). */
export interface SandboxExec {
  /** Runs to completion. */
  run(
    cmd: string[],
    user: string
  ): Promise<{ exitCode: number | null; stdout: string; stderr: string }>
  /** Starts detached (the relay outlives the call), with `env` added to its environment. */
  spawn(cmd: string[], user: string, env?: Record<string, string>): Promise<void>
}

export interface EgressAttachmentOptions {
  config: EgressConfig
  /** Where the host directory is created (default: the OS temp dir; keep it short). */
  parentDir?: string
  /** The relay's port inside the sandbox. */
  port?: number
  resolve?: Resolve
  now?: () => Date
  log?: (line: string) => void
  /** The runner's proxy, which allowed traffic goes through (upstreamFromEnv()). */
  upstream?: UpstreamProxy
}

const PROBE_ATTEMPTS = 50
const PROBE_INTERVAL_MS = 100

export class EgressAttachment {
  private interpreter: string | undefined

  private constructor(
    readonly proxy: EgressProxy,
    readonly hostDir: EgressHostDir,
    private readonly port: number,
    /** What the relay must send first on every connection to the socket (socket-gate.ts). */
    private readonly relayToken: string
  ) {}

  /** Creates the host directory and starts the proxy (before the sandbox is created). */
  static async open(o: EgressAttachmentOptions): Promise<EgressAttachment> {
    const hostDir = await prepareEgressDir(o.parentDir)
    const relayToken = newRelayToken()
    try {
      const proxy = await EgressProxy.start({
        policy: compileEgressPolicy(o.config),
        listen: { socketPath: hostDir.socketPath },
        relayToken,
        resolve: o.resolve,
        now: o.now,
        log: o.log,
        upstream: o.upstream
      })
      return new EgressAttachment(proxy, hostDir, o.port ?? RELAY_PORT, relayToken)
    } catch (err) {
      await rm(hostDir.dir, { recursive: true, force: true })
      throw err
    }
  }

  /** The bind mount to add to the sandbox (read-only). */
  get mount(): { source: string; target: string; readOnly: true } {
    return egressMount(this.hostDir.dir)
  }

  /** Variables to add to the sandbox's environment (convenience; they open nothing). */
  get env(): Record<string, string> {
    return proxyEnv(this.port)
  }

  /**
   * Call after every start of the sandbox (first start, restart, replacement): finds the relay's
   * interpreter, starts the relay as nobody unless it already answers, and waits until a probe
   * through relay and proxy succeeds. With `sudo`, also writes apt's proxy file (sudo drops the
   * variables). Throws EnvironmentError when the image has no usable interpreter.
   */
  async attach(sandbox: SandboxExec, opts: { sudo?: boolean } = {}): Promise<void> {
    if (this.interpreter && (await this.probe(sandbox))) return
    if (!this.interpreter) {
      // Reading owners and modes needs no privilege: nothing here runs as root.
      const found = await sandbox.run(FIND_RELAY_INTERPRETER_CMD, RELAY_USER)
      if (found.exitCode !== 0)
        throw new EnvironmentError(
          'command_line_egress: the image has no python3 or node at /usr/bin or /usr/local/bin ' +
            '(root-owned) to run the egress relay with',
          'use an image with python3 or node installed by the system package manager, or drop command_line_egress'
        )
      this.interpreter = found.stdout.trim()
    }
    await sandbox.spawn(relayCommand(this.interpreter, this.port), RELAY_USER, {
      [RELAY_TOKEN_ENV]: this.relayToken
    })
    for (let i = 0; i < PROBE_ATTEMPTS; i++) {
      if (await this.probe(sandbox)) break
      if (i === PROBE_ATTEMPTS - 1)
        throw new Error(
          `command_line_egress: the egress relay did not answer on 127.0.0.1:${this.port}`
        )
      await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS))
    }
    if (opts.sudo) {
      const apt = aptProxyConf(this.port)
      const w = await sandbox.run(
        ['/bin/sh', '-c', 'printf %s "$1" > "$2"', 'sh', apt.content, apt.path],
        '0:0'
      )
      if (w.exitCode !== 0) throw new Error(`cannot write ${apt.path}: ${w.stderr.trim()}`)
    }
  }

  /** True when relay and proxy answer from inside the sandbox (readiness before a step). */
  async probe(sandbox: SandboxExec): Promise<boolean> {
    if (!this.interpreter) return false
    const r = await sandbox.run(relayProbeCommand(this.interpreter, this.port), RELAY_USER)
    return r.exitCode === 0
  }

  /** The relay's interpreter in the sandbox, once attached. */
  get relayInterpreter(): string | undefined {
    return this.interpreter
  }

  /** Stops the proxy and removes the host directory (idempotent). */
  async close(): Promise<void> {
    await this.proxy.stop().catch(() => undefined)
    await rm(this.hostDir.dir, { recursive: true, force: true })
  }
}
