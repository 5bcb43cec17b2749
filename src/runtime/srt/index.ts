// srt mode (MassGen's `command_line_execution_mode: srt`): each step in an Anthropic
// sandbox-runtime sandbox (bubblewrap on Linux) on the host, no Docker. Filesystem rules from the
// plan (settings.ts), network from the injected egress model (network.ts; none until the shared
// model is wired), processes killed by namespace (kill.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { homedir, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, SrtConfig } from '../../config/types.js'
import { EnvironmentError, type AgentSession, type Runtime, type RuntimeContext } from '../types.js'
import { acquireBackend, releaseBackend, type SandboxBackend } from './manager.js'
import { DENY_ALL, type SrtEgress } from './network.js'
import { SrtSession } from './session.js'
import { buildFilesystem, pathsInSecretStores } from './settings.js'

export { SrtSession, type SrtExecRequest } from './session.js'
export { DENY_ALL, type SrtEgress } from './network.js'

export interface SrtRuntimeOptions {
  /** Network decisions (default: none allowed). */
  egress?: SrtEgress
  /** The sandbox backend (default: sandbox-runtime's SandboxManager); tests pass a fake. */
  backend?: { acquire(egress: SrtEgress): Promise<SandboxBackend>; release(): Promise<void> }
  home?: string
}

export const SRT_DEFAULTS: SrtConfig = {
  readMode: 'confined',
  networkAllowedDomains: [],
  denyRead: [],
  allowRead: [],
  allowUnixSockets: [],
  readOnly: false
}

export function createSrtRuntime(opts: SrtRuntimeOptions = {}): Runtime {
  const egress = opts.egress ?? DENY_ALL
  const backendSource = opts.backend ?? { acquire: acquireBackend, release: releaseBackend }
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
      const backend = await backendSource.acquire(egress)
      let tmpDir: string | undefined
      try {
        if (!srt.readOnly) tmpDir = await mkdtemp(join(tmpdir(), `massgen-srt-${agent.id}-`))
        const fs = buildFilesystem({ agent, srt, home, tmpDir, helperPaths: backend.helperPaths })
        if (srt.networkAllowedDomains.length)
          log(
            `command_line_srt_network_allowed_domains (${srt.networkAllowedDomains.join(', ')}) is not enforced yet: srt agents have no network until the shared egress model is wired`
          )
        if (srt.allowUnixSockets.length)
          log(
            'command_line_srt_allow_unix_sockets is not applied on Linux: sandbox-runtime blocks every Unix socket there (seccomp cannot filter by path), so the listed sockets stay unreachable'
          )
        const { uid, gid } = userInfo()
        return new SrtSession({
          agent,
          backend,
          egress,
          fs,
          tmpDir,
          info: {
            mode: 'srt',
            limits: {
              sandbox: backend.version,
              readMode: srt.readMode,
              readOnly: srt.readOnly,
              network: opts.egress ? 'egress model' : 'none',
              user: `${uid}:${gid}`,
              memory: null,
              cpus: null,
              pidsLimit: null
            }
          },
          onClose: () => backendSource.release()
        })
      } catch (e) {
        if (tmpDir) await rm(tmpDir, { recursive: true, force: true }).catch(() => {})
        await backendSource.release()
        throw e
      }
    },
    // Sessions clean up after themselves at close (processes, temp directory, the library).
    async cleanup() {}
  }
}
