// One agent's container through its life: created from a fixed spec, started, found stopped or
// gone behind the run's back and brought back (started again, or replaced by a new one from the same
// spec), removed. The container's name stays; its id changes when it is replaced, and everything
// that execs in it asks for the current target.
import { errorMessage, isConflict, isNotFound } from '../../errors.js'
import type { ContainerClient, ContainerCreateSpec, ContainerInspect } from './container-client.js'
import { delay, execTarget, type ExecTarget } from './exec.js'
import { explainImageError } from './image-needs.js'
import type { Journal } from './journal.js'

export class AgentContainer {
  /** Runs after a replacement, before the step that needed it (egress relay, preinstall again). */
  onReplaced?: () => Promise<void>
  /** Runs after a restart of the same container (its processes, the egress relay too, are gone). */
  onRestarted?: () => Promise<void>

  private constructor(
    private readonly client: ContainerClient,
    readonly spec: ContainerCreateSpec,
    private readonly journal: Journal,
    private readonly log: (line: string) => void,
    private currentId: string
  ) {}

  /** Creates and starts it; a leftover of the same name (an earlier attempt of this run) is removed. */
  static async create(
    client: ContainerClient,
    spec: ContainerCreateSpec,
    journal: Journal,
    log: (line: string) => void
  ): Promise<AgentContainer> {
    const id = await createReplacingLeftover(client, spec, log)
    const container = new AgentContainer(client, spec, journal, log, id)
    try {
      await client.startContainer(id)
    } catch (err) {
      await client.removeContainer(id).catch(() => undefined)
      throw explainImageError(err, spec.Image)
    }
    return container
  }

  get id(): string {
    return this.currentId
  }

  get name(): string {
    return this.spec.name
  }

  /** Where execs go: always the current container, even after a replacement. */
  target(): ExecTarget {
    return { exec: (spec) => execTarget(this.client, this.currentId).exec(spec) }
  }

  inspect(): Promise<ContainerInspect | undefined> {
    return this.client.inspectContainer(this.currentId).catch(() => undefined)
  }

  /**
   * Runs `fn`, which execs in the container. When the engine refuses the exec because the
   * container is not running or is gone (409/404: nothing ran), the container is brought back and
   * `fn` runs once more. Saves an inspect round trip on every step.
   */
  async whileRunning<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      if (!isConflict(err) && !isNotFound(err)) throw err
      await this.ensureRunning()
      return fn()
    }
  }

  /** A stopped container (killed keepalive, engine restart) is started again before a step. */
  async ensureRunning(): Promise<string | undefined> {
    const state = await this.inspect()
    if (state?.State.Running) return undefined
    const why = state
      ? `the container had stopped (exit ${state.State.ExitCode}, OOMKilled ${state.State.OOMKilled})`
      : 'the container had disappeared'
    this.log(`${why}; starting it again`)
    return this.restart(why)
  }

  /**
   * Kill + start keeps the container's filesystem (workspace, home volume; tmpfs scratch is
   * cleared); if that fails, a new container from the same spec replaces it. Returns the note for
   * the step result.
   */
  async restart(why: string): Promise<string> {
    this.journal.note(`${why}; restarting the container`)
    try {
      await this.client.killContainer(this.currentId).catch(() => undefined)
      for (let i = 0; i < 50; i++) {
        const s = await this.client.inspectContainer(this.currentId)
        if (!s.State.Running) break
        await delay(100)
      }
      await this.client.startContainer(this.currentId)
      this.journal.note('container restarted; workspace and home kept, /tmp cleared')
    } catch (err) {
      this.journal.note(`restart failed (${errorMessage(err)}); replacing the container`)
      await this.client.removeContainer(this.currentId)
      this.currentId = await createReplacingLeftover(this.client, this.spec, this.log)
      await this.client.startContainer(this.currentId)
      await this.onReplaced?.()
      this.journal.note(`container replaced: ${this.currentId.slice(0, 12)}`)
      return `container replaced after ${why}: files outside the mounted paths and installed packages were lost`
    }
    // Outside the try: a hook that fails is the step's error, not a reason to replace the container.
    await this.onRestarted?.()
    return `container restarted after ${why} (workspace and installed packages kept; background processes ended)`
  }

  remove(): Promise<void> {
    return this.client.removeContainer(this.currentId)
  }
}

async function createReplacingLeftover(
  client: ContainerClient,
  spec: ContainerCreateSpec,
  log: (line: string) => void
): Promise<string> {
  try {
    return await client.createContainer(spec)
  } catch (err) {
    if (!isConflict(err)) throw err
    log(`container ${spec.name} already exists (left over from an earlier attempt); removing it`)
    await client.removeContainer(spec.name)
    return client.createContainer(spec)
  }
}
