// srt mode (MassGen's `command_line_execution_mode: srt`): each step in an Anthropic
// sandbox-runtime sandbox (bubblewrap on Linux) on the host, no Docker. Filesystem rules from the
// plan (settings.ts), network through the shared egress model (an EgressProxy per agent behind the
// process-wide front, network.ts; none without command_line_egress), processes killed by namespace
// (kill.ts).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chown, mkdtemp, rm, stat } from 'node:fs/promises'
import { homedir, tmpdir, userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import { DEFAULT_USER } from '../../config/defaults.js'
import type { AgentPlan, SrtConfig } from '../../config/types.js'
import { EnvironmentError } from '../../errors.js'
import type { AgentSession, Runtime, RuntimeContext } from '../types.js'
import {
  CA_ENV_NAMES,
  caEnv,
  describeCaBundle,
  writeCaBundle,
  type WrittenCaBundle
} from '../ca-bundle.js'
import { openFrontEndpoint, type Resolve } from '../egress/index.js'
import { checkWorkspaceWritable, followOwner, type Ids } from '../workspace-owner.js'
import { acquireBackend, releaseBackend, type SandboxBackend } from './manager.js'
import { SrtSession, type SandboxUser, type SessionEgress } from './session.js'
import { buildFilesystem, pathsInSecretStores } from './settings.js'
import { parseUser } from '../../lib/user.js'

export { SrtSession, type SandboxUser } from './session.js'
export type { SandboxBackend } from './manager.js'

/** Where sessions get the sandbox from: acquired once per session, released at its close. */
export interface SandboxBackendSource {
  acquire(): Promise<SandboxBackend>
  release(): Promise<void>
}

/** The process-wide backend on sandbox-runtime's SandboxManager (what `run` uses). */
export const LIBRARY_BACKEND: SandboxBackendSource = {
  acquire: acquireBackend,
  release: releaseBackend
}

export interface SrtRuntimeOptions {
  /** The sandbox backend (default: sandbox-runtime's SandboxManager). */
  backend?: SandboxBackendSource
  /** The runner's home directory, whose secret stores are hidden (default: os.homedir()). */
  home?: string
  /**
   * Who runs the sandboxed commands: undefined = decide (a root runner drops to 1000:1000, anyone
   * else runs them as itself), null = this process's user.
   */
  sandboxUser?: SandboxUser | null
  /** How the agents' egress proxies resolve names (default: the runner's resolver). */
  egressResolve?: Resolve
}

export const SRT_DEFAULTS: SrtConfig = {
  readMode: 'confined',
  denyRead: [],
  allowRead: [],
  allowUnixSockets: [],
  readOnly: false
}

export function createSrtRuntime(opts: SrtRuntimeOptions = {}): Runtime {
  const backendSource = opts.backend ?? LIBRARY_BACKEND
  const home = opts.home ?? homedir()
  return {
    async start(agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession> {
      const srt = agent.srt ?? SRT_DEFAULTS
      const log = (line: string) => ctx.log(`[${agent.id}] ${line}`)
      const inStores = pathsInSecretStores(agent, srt, home)
      if (inStores.length)
        throw new EnvironmentError(
          `srt never exposes credential stores, but these paths of the agent lie in one: ${inStores.join(', ')}`,
          'give the agent a workspace and context paths outside ~/.ssh, ~/.aws, ~/.gnupg, …'
        )
      const backend = await backendSource.acquire()
      let tmpDir: string | undefined
      let egress: SessionEgress | undefined
      let ca: WrittenCaBundle | undefined
      try {
        if (agent.caCertificates?.length) {
          ca = await writeCaBundle(agent.caCertificates, { log })
          log(
            `${describeCaBundle(ca)}; trusted by the sandboxed commands (${CA_ENV_NAMES.join(', ')})`
          )
        }
        if (agent.egress) egress = await startEgress(agent, backend, log, opts.egressResolve)
        if (!srt.readOnly) tmpDir = await mkdtemp(join(tmpdir(), `massgen-srt-${agent.id}-`))
        const user =
          opts.sandboxUser === undefined
            ? sandboxUser(process.geteuid?.(), await stat(agent.workspace))
            : (opts.sandboxUser ?? undefined)
        if (user) {
          log(
            `running as root: sandboxed commands run as ${user.uid}:${user.gid} (the workspace's owner, or the images' user when root owns it: as root they could rewrite host-wide kernel settings)`
          )
          await grantAccess(agent, user, tmpDir, log)
        } else {
          const me = { uid: process.geteuid?.() ?? 0, gid: process.getegid?.() ?? 0 }
          const warning = await checkWorkspaceWritable(agent.workspace, me, 'sandbox user')
          if (warning) log(warning)
        }
        const fs = buildFilesystem({
          agent,
          srt,
          home,
          sandboxUserHome: user ? (user.home ?? '/nonexistent') : undefined,
          tmpDir,
          helperPaths: ca ? [...backend.helperPaths, ca.dir] : backend.helperPaths
        })
        if (srt.allowUnixSockets.length)
          log(
            'command_line_srt_allow_unix_sockets is not applied on Linux: sandbox-runtime blocks every Unix socket there (seccomp cannot filter by path), so the listed sockets stay unreachable'
          )
        const me = userInfo()
        return new SrtSession({
          agent,
          backend,
          egress,
          fs,
          tmpDir,
          user,
          info: {
            mode: 'srt',
            limits: {
              sandbox: backend.version,
              readMode: srt.readMode,
              readOnly: srt.readOnly,
              network: agent.egress
                ? agent.egress.audit
                  ? 'egress audit'
                  : 'egress allowlist'
                : 'none',
              user: user ? `${user.uid}:${user.gid}` : `${me.uid}:${me.gid}`,
              memory: null,
              cpus: null,
              pidsLimit: null
            }
          },
          caEnv: ca ? caEnv(ca.file) : undefined,
          onClose: async () => {
            await ca?.remove().catch(() => {})
            await backendSource.release()
          },
          log,
          // The compare step's trees (run/compare's COMPARE_DIR): the product unpacks and removes
          // them itself, as the agent's user, and runs no git in them.
          protectedSkip: ['.massgen-compare'],
          hostHooksPath: hostHooksPath()
        })
      } catch (e) {
        await ca?.remove().catch(() => {})
        if (tmpDir) await rm(tmpDir, { recursive: true, force: true }).catch(() => {})
        await egress?.endpoint.close()
        await backendSource.release()
        throw e
      }
    },
    // Sessions clean up after themselves at close (processes, temp directory, the library).
    async cleanup() {}
  }
}

/**
 * core.hooksPath from the host's global and system git config: a relative one names a directory
 * in every repository (protected in each, like .git/hooks).
 */
function hostHooksPath(): string | undefined {
  const r = spawnSync('git', ['config', '--get', 'core.hooksPath'], {
    cwd: '/',
    encoding: 'utf8',
    timeout: 5000,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: homedir() }
  })
  return r.status === 0 ? r.stdout.trim() || undefined : undefined
}

/** The agent's own egress endpoint, reached through the backend's front with a fresh token. */
async function startEgress(
  agent: AgentPlan,
  backend: SandboxBackend,
  log: (line: string) => void,
  resolve?: Resolve
): Promise<SessionEgress> {
  const c = agent.egress!
  const { endpoint, token } = await openFrontEndpoint({
    config: c,
    log,
    resolve,
    register: (t, proxy) => backend.registerEgress(t, proxy)
  })
  const policy = endpoint.policy
  log(
    `egress: ${policy.audit ? 'audit mode (every name goes through and is recorded)' : `${policy.rules.length} allowlist entries`}` +
      `${c.presets.length ? ` (presets ${c.presets.join(', ')})` : ''}; private ranges ` +
      `${c.allowedPrivateRanges.length ? c.allowedPrivateRanges.join(', ') : 'refused'}`
  )
  return { endpoint, token }
}

/**
 * A root runner's sandboxed commands run as the workspace's owner, as docker mode's do, or as the
 * images' default user (1000:1000) when root owns it: as uid 0, sandbox-runtime's nested namespace
 * keeps global root's rights over /proc/sys, so a command could rewrite host-wide settings such as
 * kernel.core_pattern (measured: writable). Anyone else runs them as themselves, which is
 * sandbox-runtime's own model.
 */
export function sandboxUser(
  euid = process.geteuid?.(),
  owner: Ids = { uid: 0, gid: 0 }
): SandboxUser | undefined {
  if (euid !== 0) return undefined
  const user = followOwner(owner, parseUser(DEFAULT_USER))
  return { ...user, home: homeOf(user.uid) }
}

function homeOf(uid: number): string | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const f = line.split(':')
      if (Number(f[2]) === uid && f[5]) return f[5]
    }
  } catch {
    // no passwd: no home of that user to protect
  }
  return undefined
}

/**
 * The private TMPDIR (ours) becomes the sandbox user's; the workspace is the user's and is never
 * chown'ed or chmod'ed: a warning says so when the sandbox user cannot write it.
 */
async function grantAccess(
  agent: AgentPlan,
  user: SandboxUser,
  tmpDir: string | undefined,
  log: (l: string) => void
): Promise<void> {
  if (tmpDir) await chown(tmpDir, user.uid, user.gid)
  // Every directory above the workspace must let the sandbox user through, or every step fails.
  for (let dir = dirname(agent.workspace); ; dir = dirname(dir)) {
    const d = await stat(dir)
    const x = d.uid === user.uid ? 0o100 : d.gid === user.gid ? 0o010 : 0o001
    if ((d.mode & x) === 0)
      throw new EnvironmentError(
        `the workspace ${agent.workspace} is out of reach of the sandbox user ${user.uid}:${user.gid}: ${dir} is mode ${(d.mode & 0o777).toString(8)}`,
        'running as root, srt runs commands as the workspace owner or 1000:1000; put the workspace where that user can reach it (or run the runner as a non-root user)'
      )
    if (dir === '/') break
  }
  const warning = await checkWorkspaceWritable(agent.workspace, user, 'sandbox user')
  if (warning) log(warning)
  for (const c of agent.contextPaths.filter((x) => x.permission === 'write')) {
    const s = await stat(c.path).catch(() => undefined)
    if (s && s.uid !== user.uid && (s.mode & 0o002) === 0)
      log(
        `warning: context path ${c.path} is not writable by the sandbox user ${user.uid}:${user.gid}`
      )
  }
}
