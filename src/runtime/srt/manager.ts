// sandbox-runtime's SandboxManager is one per process (its proxy, its Unix-socket bridges, its
// mount-point bookkeeping). Every srt session shares it: the first session initializes it, with
// the network rules of the injected egress and the seccomp helper located by deps.ts; each
// session passes its own filesystem rules per command; the last session to close resets it.
// Sessions see it only through `SandboxBackend`, which unit tests replace with a fake.
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { spawn, spawnSync } from 'node:child_process'
import { chmod } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { EnvironmentError } from '../../errors.js'
import { checkHostTools, locateSeccompHelper } from './deps.js'
import { PRIVATE_RANGES, parseRefusal, type RefusedConnection, type SrtEgress } from './network.js'
import type { SrtFilesystem } from './settings.js'

export interface SandboxBackend {
  /** The argv that runs `command` with /bin/sh inside a sandbox with these rules, in `cwd`. */
  wrap(
    command: string,
    cwd: string,
    fs: SrtFilesystem,
    ids: { commandId: string; commandText: string }
  ): Promise<string[]>
  /** Once per successful wrap, after everything it started has ended (releases mount points). */
  done(): void
  registerStepList(commandId: string, allowedDomains: string[]): void
  unregisterStepList(commandId: string): void
  /** The connections srt refused for this command id. */
  refusals(commandId: string): RefusedConnection[]
  /** Paths the sandbox itself must be able to read (the seccomp helper, the proxy sockets). */
  readonly helperPaths: string[]
  /** e.g. "bubblewrap 0.8.0". */
  readonly version: string
}

interface Shared {
  egress: SrtEgress
  users: number
  ready: Promise<SandboxBackend>
}

let shared: Shared | undefined

/**
 * The process-wide backend, initialized on first use. A second egress while sessions with another
 * are open is refused: the proxy's decisions are process-wide.
 */
export async function acquireBackend(egress: SrtEgress): Promise<SandboxBackend> {
  if (shared && shared.egress !== egress)
    throw new EnvironmentError(
      'srt sessions with two different egress models in one process',
      'close the other srt runtime first'
    )
  if (!shared) {
    const s: Shared = { egress, users: 0, ready: initialize(egress) }
    shared = s
    s.ready.catch(() => {
      if (shared === s) shared = undefined
    })
  }
  shared.users++
  try {
    return await shared.ready
  } catch (e) {
    if (shared) shared.users--
    throw e
  }
}

/** One session is done with the backend; the last one resets the library (proxy, bridges). */
export async function releaseBackend(): Promise<void> {
  if (!shared) return
  shared.users--
  if (shared.users > 0) return
  shared = undefined
  await SandboxManager.reset()
}

async function initialize(egress: SrtEgress): Promise<SandboxBackend> {
  checkHostTools()
  const helper = locateSeccompHelper()
  const config: SandboxRuntimeConfig = {
    network: {
      allowedDomains: egress.privateAddresses ?? [],
      deniedDomains: [],
      deniedResolvedAddresses: PRIVATE_RANGES
    },
    // Replaced per command by each session's own rules.
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    seccomp: { applyPath: helper }
  }
  const ask = async ({ host, port }: { host: string; port: number | undefined }) => {
    const d = await egress.decide({ host, port: port ?? 0 }).catch((e: Error) => ({
      allow: false,
      rule: `egress decision failed: ${e.message}`
    }))
    return d.allow ? true : { allow: false as const, reason: d.rule }
  }
  try {
    await SandboxManager.initialize(config, ask)
  } catch (e) {
    await SandboxManager.reset().catch(() => undefined)
    throw new EnvironmentError(`sandbox-runtime did not start: ${(e as Error).message}`)
  }
  const deps = SandboxManager.checkDependencies()
  if (deps.errors.length) {
    await SandboxManager.reset()
    throw new EnvironmentError(`sandbox-runtime cannot run here: ${deps.errors.join('; ')}`)
  }
  const sockets = [
    SandboxManager.getLinuxHttpSocketPath(),
    SandboxManager.getLinuxSocksSocketPath()
  ].filter((p): p is string => !!p)
  // A root runner's commands run as another uid (index.ts): let it reach the proxy sockets.
  if (process.geteuid?.() === 0)
    for (const p of sockets) await chmod(p, 0o666).catch(() => undefined)
  // The proxy sockets live in /tmp, which strict hides: read-allowed like the helper.
  // JVMs load the library's proxy agent from beside the helper (JAVA_TOOL_OPTIONS): same.
  const jarDir = join(dirname(dirname(dirname(helper))), 'java-proxy-agent')
  const helpers = [dirname(helper), ...(existsSync(jarDir) ? [jarDir] : []), ...new Set(sockets)]
  const backend = new LibraryBackend(helpers, bwrapVersion())
  await smokeTest(backend)
  return backend
}

class LibraryBackend implements SandboxBackend {
  constructor(
    readonly helperPaths: string[],
    readonly version: string
  ) {}

  async wrap(
    command: string,
    cwd: string,
    fs: SrtFilesystem,
    ids: { commandId: string; commandText: string }
  ): Promise<string[]> {
    // The library also returns an environment (this process's): ignored, the session gives its own.
    const { argv } = await SandboxManager.wrapWithSandboxArgv(
      command,
      '/bin/sh',
      { filesystem: fs },
      undefined,
      cwd,
      ids
    )
    return argv
  }

  done(): void {
    SandboxManager.cleanupAfterCommand()
  }

  registerStepList(commandId: string, allowedDomains: string[]): void {
    SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains })
  }

  unregisterStepList(commandId: string): void {
    SandboxManager.unregisterCommandNetworkLists(commandId)
  }

  refusals(commandId: string): RefusedConnection[] {
    return SandboxManager.getSandboxViolationStore()
      .getViolationsForCommand(commandId)
      .flatMap((v) => parseRefusal(v.line, v.timestamp) ?? [])
  }
}

function bwrapVersion(): string {
  const r = spawnSync('bwrap', ['--version'], { encoding: 'utf8', timeout: 5000 })
  return (r.stdout ?? '').trim() || 'bubblewrap (version unknown)'
}

/**
 * One `true` in a sandbox before the first step: where unprivileged user namespaces are off
 * (Ubuntu 24.04's AppArmor default, some hardened kernels) bubblewrap fails here, once, with a
 * clear message instead of failing every step.
 */
async function smokeTest(backend: SandboxBackend): Promise<void> {
  const fs: SrtFilesystem = { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] }
  const argv = await backend.wrap('true', '/', fs, {
    commandId: 'massgen-exec-srt-smoke-test-0000',
    commandText: 'true'
  })
  const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: '/',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.on('error', (e) => resolve({ code: null, stderr: e.message }))
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
  backend.done()
  if (r.code !== 0) {
    await SandboxManager.reset().catch(() => undefined)
    throw new EnvironmentError(
      `the srt sandbox does not start on this host (exit ${r.code}): ${r.stderr.trim().slice(0, 500)}`,
      'bubblewrap needs unprivileged user namespaces: on Ubuntu 24.04 run `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; in a container, run it with user namespaces allowed'
    )
  }
}
