// The Runtime the run uses in docker mode: one hardened container per agent, the image made sure
// of first (per the image policy), everything labelled with the run id and its owner so that
// cleanup — at the end, on SIGINT/SIGTERM, in the action's post step, and for runs that died
// without any of those, in the next run — finds it all.
import type { AgentPlan } from '../../config/types.js'
import type { Resolve } from '../egress/index.js'
import type { AgentSession, Runtime, RuntimeContext } from '../types.js'
import type { ContainerClient, ContainerSummary } from './container-client.js'
import { dockerDefaults } from './container-spec.js'
import { connectDocker } from './docker-container-client.js'
import type { ImagePolicy } from '../../config/defaults.js'
import { ensureImage } from './image.js'
import { LABEL_MANAGED, LABEL_RUN } from './labels.js'
import { currentOwner, ownerIsGone, type Owner } from './owner.js'
import { DockerSession } from './session.js'

export interface DockerRuntimeOptions {
  imagePolicy: ImagePolicy
  log: (line: string) => void
  /** The engine client (default: connect as the docker CLI would, on first use). */
  client?: ContainerClient
  /** How egress proxies resolve names (default: the runner's resolver; verify-isolation's probes). */
  egressResolve?: Resolve
}

export interface DockerRuntime extends Runtime {
  /** The engine client, connected on first use (verify-isolation's probes use the same one). */
  client(): Promise<ContainerClient>
}

export function createDockerRuntime(opts: DockerRuntimeOptions): DockerRuntime {
  let connection: Promise<ContainerClient> | undefined = opts.client
    ? Promise.resolve(opts.client)
    : undefined
  const connect = (): Promise<ContainerClient> => (connection ??= connectFirstTime(opts.log))
  const sessions = new Map<string, Set<DockerSession>>()
  const cancelled = new Set<string>()

  return {
    client: connect,

    async start(agent: AgentPlan, ctx: RuntimeContext): Promise<AgentSession> {
      if (cancelled.has(ctx.runId)) throw new Error(`run ${ctx.runId} is being cleaned up`)
      const client = await connect()
      const config = agent.docker ?? dockerDefaults()
      const image = await ensureImage(config.image, {
        policy: opts.imagePolicy,
        sudo: config.enableSudo,
        own: config.ownImage,
        log: opts.log,
        client
      })
      const session = await DockerSession.start({
        client,
        agent,
        config,
        image: config.image,
        imageId: image.id,
        runId: ctx.runId,
        log: ctx.log,
        egressResolve: opts.egressResolve
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
      if (connection) await sweepRun(await connection, runId)
    }
  }
}

/**
 * Connects, then removes what dead runs left behind on this host before anything of this run
 * exists (a run killed with SIGKILL cannot clean up after itself).
 */
async function connectFirstTime(log: (line: string) => void): Promise<ContainerClient> {
  const client = await connectDocker()
  const swept = await sweepStale(client).catch((e: Error) => {
    log(`cleanup of stale containers failed: ${e.message}`)
    return []
  })
  if (swept.length)
    log(
      `removed ${swept.length} container(s) left by run(s) whose process is gone: ${swept.map((c) => name(c)).join(', ')}`
    )
  return client
}

/** Stops and removes every container labelled with the run id; returns how many are gone. */
export async function sweepRun(client: ContainerClient, runId: string): Promise<number> {
  const found = await client.listContainers({ labels: [`${LABEL_RUN}=${runId}`] })
  const results = await Promise.allSettled(found.map((c) => client.removeContainer(c.Id)))
  return results.filter((r) => r.status === 'fulfilled').length
}

/** Removes our containers whose owning process is certainly gone on this host; returns them. */
export async function sweepStale(
  client: ContainerClient,
  me: Owner = currentOwner()
): Promise<ContainerSummary[]> {
  const ours = await client.listContainers({ labels: [`${LABEL_MANAGED}=true`] })
  const stale = ours.filter((c) => ownerIsGone(c.Labels ?? {}, me))
  const results = await Promise.allSettled(stale.map((c) => client.removeContainer(c.Id)))
  return stale.filter((_, i) => results[i].status === 'fulfilled')
}

function name(c: ContainerSummary): string {
  return `${(c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, '')} (run ${c.Labels?.[LABEL_RUN] ?? '?'})`
}
