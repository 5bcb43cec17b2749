// The Runtime the orchestrator uses in docker mode: one hardened container per agent, the image
// made sure of first (per the image policy), everything labelled with the run id so that
// cleanup — at the end, on SIGINT/SIGTERM, and in the action's post step — finds it all.
import type Docker from 'dockerode'
import type { AgentPlan } from '../../config/types.js'
import type { AgentSession, Runtime, RuntimeContext } from '../types.js'
import { connectDocker } from './connect.js'
import { applyHostConfigOverrides, dockerDefaults } from './container-spec.js'
import { ensureImage, type ImagePolicy } from './image.js'
import { LABEL_RUN } from './labels.js'
import { DockerSession } from './session.js'

export interface DockerRuntimeOptions {
  imagePolicy: ImagePolicy
  log: (line: string) => void
  docker?: Docker
  /**
   * For verify-isolation's self-tests only; never set from a config: HostConfig values that replace
   * the planned ones for an agent's container (extra capabilities, no no-new-privileges, ...), so
   * a test can prove that a probe fails against a weakened container.
   */
  hostConfigOverrides?: (agent: AgentPlan) => Partial<Docker.HostConfig> | undefined
}

export function createDockerRuntime(opts: DockerRuntimeOptions): Runtime {
  let connection: Promise<Docker> | undefined = opts.docker
    ? Promise.resolve(opts.docker)
    : undefined
  const connect = (): Promise<Docker> => (connection ??= connectDocker())
  const sessions = new Map<string, Set<DockerSession>>()
  const cancelled = new Set<string>()

  return {
    async start(agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession> {
      if (cancelled.has(ctx.runId)) throw new Error(`run ${ctx.runId} is being cleaned up`)
      const docker = await connect()
      const config = agent.docker ?? dockerDefaults()
      const image = await ensureImage(config.image, {
        policy: opts.imagePolicy,
        sudo: config.enableSudo,
        own: config.ownImage,
        log: opts.log,
        docker
      })
      const overrides = opts.hostConfigOverrides?.(agent)
      const session = await DockerSession.start({
        docker: overrides ? withHostConfigOverrides(docker, overrides) : docker,
        agent,
        config,
        image: config.image,
        imageId: image.id,
        runId: ctx.runId,
        log: ctx.log
      })
      if (cancelled.has(ctx.runId)) {
        // cleanup ran while this container was being created: do not leave it behind.
        await session.close()
        throw new Error(`run ${ctx.runId} is being cleaned up`)
      }
      let forRun = sessions.get(ctx.runId)
      if (!forRun) sessions.set(ctx.runId, (forRun = new Set()))
      forRun.add(session)
      const close = session.close.bind(session)
      session.close = async () => {
        forRun.delete(session)
        await close()
      }
      return session
    },

    async cleanup(runId: string): Promise<void> {
      cancelled.add(runId)
      const open = [...(sessions.get(runId) ?? [])]
      await Promise.allSettled(open.map((s) => s.close()))
      sessions.delete(runId)
      if (connection) await sweepRun(runId, { docker: await connection })
    }
  }
}

/** The same engine client, except that containers it creates get `overrides` in their HostConfig. */
function withHostConfigOverrides(docker: Docker, overrides: Partial<Docker.HostConfig>): Docker {
  return new Proxy(docker, {
    get(target, prop) {
      if (prop === 'createContainer') {
        return (options: Docker.ContainerCreateOptions) =>
          target.createContainer(applyHostConfigOverrides(options, overrides))
      }
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value
    }
  })
}

/** Stops and removes every container labelled with the run id; returns how many. */
export async function sweepRun(runId: string, opts: { docker?: Docker } = {}): Promise<number> {
  const docker = opts.docker ?? (await connectDocker())
  const found = await docker.listContainers({
    all: true,
    filters: JSON.stringify({ label: [`${LABEL_RUN}=${runId}`] })
  } as unknown as Docker.ContainerListOptions)
  const results = await Promise.allSettled(
    found.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true }))
  )
  return results.filter(
    (r) => r.status === 'fulfilled' || (r.reason as { statusCode?: number }).statusCode === 404
  ).length
}
