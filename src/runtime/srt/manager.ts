// sandbox-runtime's SandboxManager is one per process (its network bridge, its mount-point
// bookkeeping). Every srt session shares it: the first session initializes it — with the egress
// front (network.ts) as the external proxy its bridge dials, and the seccomp helper located by
// deps.ts — each session passes its own filesystem rules per command and registers its own
// egress proxy with the front; the last session to close resets it and closes the front.
// Sessions see it only through `SandboxBackend`, which unit tests replace with a fake.
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { spawn, spawnSync } from 'node:child_process'
import { chmod } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { EnvironmentError } from '../../errors.js'
import type { EgressProxy } from '../egress/index.js'
import { checkHostTools, checkUserNamespaces, locateSeccompHelper } from './deps.js'
import { SrtEgressFront } from './network.js'
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
  /** Sends the sandbox's requests that carry `token` to `proxy`; returns the undo. */
  registerEgress(token: string, proxy: EgressProxy): () => void
  /** Paths the sandbox itself must be able to read (the seccomp helper, the bridge's sockets). */
  readonly helperPaths: string[]
  /** e.g. "bubblewrap 0.8.0". */
  readonly version: string
}

interface Shared {
  users: number
  ready: Promise<{ backend: SandboxBackend; front: SrtEgressFront }>
}

let shared: Shared | undefined
/** The last release's reset: a new initialize waits for it (the library is one per process). */
let resetting: Promise<void> = Promise.resolve()

/** The process-wide backend, initialized on first use. */
export async function acquireBackend(): Promise<SandboxBackend> {
  if (!shared) await resetting
  if (!shared) {
    const s: Shared = { users: 0, ready: initialize() }
    shared = s
    s.ready.catch(() => {
      if (shared === s) shared = undefined
    })
  }
  const s = shared
  s.users++
  try {
    return (await s.ready).backend
  } catch (e) {
    s.users--
    throw e
  }
}

/** One session is done with the backend; the last one resets the library and closes the front. */
export async function releaseBackend(): Promise<void> {
  if (!shared) return
  const s = shared
  s.users--
  if (s.users > 0) return
  shared = undefined
  const reset = (async () => {
    const { front } = await s.ready
    await SandboxManager.reset()
    await front.close()
  })()
  resetting = reset.catch(() => undefined)
  await reset
}

async function initialize(): Promise<{ backend: SandboxBackend; front: SrtEgressFront }> {
  checkHostTools()
  checkUserNamespaces()
  const helper = locateSeccompHelper()
  const front = await SrtEgressFront.start()
  const config: SandboxRuntimeConfig = {
    network: {
      // Defined (empty): the sandbox gets no network but the bridge. Both ports external: the
      // library starts no proxy of its own and bridges to the front, which decides.
      allowedDomains: [],
      deniedDomains: [],
      httpProxyPort: front.port,
      socksProxyPort: front.port
    },
    // Replaced per command by each session's own rules.
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    seccomp: { applyPath: helper }
  }
  try {
    await SandboxManager.initialize(config)
  } catch (e) {
    await SandboxManager.reset().catch(() => undefined)
    await front.close()
    throw new EnvironmentError(`sandbox-runtime did not start: ${(e as Error).message}`)
  }
  const deps = SandboxManager.checkDependencies()
  if (deps.errors.length) {
    await SandboxManager.reset()
    await front.close()
    throw new EnvironmentError(`sandbox-runtime cannot run here: ${deps.errors.join('; ')}`)
  }
  const sockets = [
    SandboxManager.getLinuxHttpSocketPath(),
    SandboxManager.getLinuxSocksSocketPath()
  ].filter((p): p is string => !!p)
  // A root runner's commands run as another uid (index.ts): let it reach the bridge's sockets.
  if (process.geteuid?.() === 0)
    for (const p of sockets) await chmod(p, 0o666).catch(() => undefined)
  // The bridge's sockets live in /tmp, which strict hides: read-allowed like the helper.
  // JVMs load the library's proxy agent from beside the helper (JAVA_TOOL_OPTIONS): same.
  const jarDir = join(dirname(dirname(dirname(helper))), 'java-proxy-agent')
  const helpers = [dirname(helper), ...(existsSync(jarDir) ? [jarDir] : []), ...new Set(sockets)]
  const backend = new LibraryBackend(helpers, bwrapVersion(), front)
  try {
    await smokeTest(backend)
  } catch (e) {
    await front.close()
    throw e
  }
  return { backend, front }
}

class LibraryBackend implements SandboxBackend {
  constructor(
    readonly helperPaths: string[],
    readonly version: string,
    private readonly front: SrtEgressFront
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

  registerEgress(token: string, proxy: EgressProxy): () => void {
    return this.front.register(token, proxy)
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
