// The runtime for each execution mode, made on first use, so a local-only run never touches (or
// even loads) the Docker client or sandbox-runtime. Cleanup reaches every runtime that was made.
import type { ExecutionMode } from '../config/types.js'
import type {
  ContainerClient,
  DockerRuntime,
  DockerRuntimeOptions
} from '../runtime/docker/index.js'
import { createLocalRuntime } from '../runtime/local/executor.js'
import type { AgentPlan } from '../config/types.js'
import type { SrtRuntimeOptions } from '../runtime/srt/index.js'
import type { AgentSession, Runtime, RuntimeContext } from '../runtime/types.js'

/** Docker mode's options (its engine client named dockerClient here), and srt mode's. */
export interface RuntimesOptions extends Omit<DockerRuntimeOptions, 'client'> {
  /** The Docker engine client to use (default: connect on first use). */
  dockerClient?: ContainerClient
  /** The srt runtime's collaborators (verify-isolation's self-tests; default: as `run` uses). */
  srt?: SrtRuntimeOptions
}

export class Runtimes {
  private readonly local = createLocalRuntime()
  private docker?: Promise<DockerRuntime>
  private srt?: Promise<Runtime>

  constructor(private readonly opts: RuntimesOptions) {}

  /** The Docker runtime itself (verify-isolation needs its engine client). */
  dockerRuntime(): Promise<DockerRuntime> {
    return (this.docker ??= import('../runtime/docker/index.js').then((m) =>
      m.createDockerRuntime({
        imagePolicy: this.opts.imagePolicy,
        log: this.opts.log,
        client: this.opts.dockerClient,
        egressResolve: this.opts.egressResolve,
        imageSources: this.opts.imageSources,
        onImage: this.opts.onImage
      })
    ))
  }

  for(mode: ExecutionMode): Runtime {
    if (mode === 'local') return this.local
    if (mode === 'srt')
      return {
        start: async (agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession> =>
          (
            await (this.srt ??= import('../runtime/srt/index.js').then((m) =>
              m.createSrtRuntime(this.opts.srt)
            ))
          ).start(agent, ctx)
      }
    return {
      start: async (agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession> =>
        (await this.dockerRuntime()).start(agent, ctx)
    }
  }

  /** Removes what every runtime made created for the run (idempotent). */
  async cleanup(runId: string): Promise<void> {
    if (this.docker) await (await this.docker).cleanup?.(runId)
    if (this.srt) await (await this.srt).cleanup?.(runId)
  }
}
