// command_line_egress for one agent's container, on the shared egress model (runtime/egress): the
// host proxy and its directory are opened before the container exists (the mount and the
// convenience variables go into its spec; its network stays `none`), the relay is started in it as
// nobody after every start, restart and replacement. Steps, refusal lines and notes are the shared
// endpoint's (egress/endpoint.ts), as in srt mode.
// Every exec made here is a root-owned program by absolute path with PATH=HARNESS_PATH.
import type { AgentPlan, DockerConfig } from '../../config/types.js'
import { errorMessage, isEngineError, isEnvironmentError } from '../../errors.js'
import {
  openSocketEndpoint,
  type EgressAttachment,
  type EgressEndpoint,
  type EgressStep,
  type Resolve,
  type SandboxExec
} from '../egress/index.js'
import type { AgentContainer } from './agent-container.js'
import type { ContainerClient } from './container-client.js'
import type { BindMount } from './credentials.js'
import { harnessExec, HARNESS_PATH } from './exec.js'
import type { Journal } from './journal.js'
import { parseUser } from '../../lib/user.js'

/** The pseudo-step preinstall runs in: egress on, reported under its name. */
export const PREINSTALL_STEP: EgressStep = { index: -1, name: 'preinstall', egress: true }

export interface DockerEgressOptions {
  agent: AgentPlan
  config: DockerConfig
  journal: Journal
  log: (line: string) => void
  /** How the proxy resolves names (default: the runner's resolver); verify-isolation's probes. */
  resolve?: Resolve
}

export class DockerEgress {
  /** The relay may be gone although the container kept running (a root agent can kill it). */
  private suspect = false
  private readonly agentCanKillRelay: boolean

  private constructor(
    /** Step switching, refusal lines and notes, the report: as in srt mode. */
    readonly endpoint: EgressEndpoint,
    private readonly attachment: EgressAttachment,
    private readonly opts: DockerEgressOptions
  ) {
    // The relay is another uid (nobody): the agent's `kill -9 -1` spares it, and so does root
    // without capabilities (our containers drop them all). Through sudo (which has KILL back), or
    // as root in a container given capabilities, the agent can end it.
    this.agentCanKillRelay = opts.config.enableSudo || parseUser(opts.config.user).uid === 0
  }

  /** Undefined when the agent has no command_line_egress (network none, nothing to open). */
  static async open(opts: DockerEgressOptions): Promise<DockerEgress | undefined> {
    if (!opts.agent.egress) return undefined
    const { endpoint, attachment } = await openSocketEndpoint({
      config: opts.agent.egress,
      resolve: opts.resolve,
      log: opts.log
    })
    return new DockerEgress(endpoint, attachment, opts)
  }

  /** The host directory with the proxy's socket, read-only in the container. */
  get mount(): BindMount {
    return this.attachment.mount
  }

  /** HTTP(S)_PROXY and friends: convenience only, the container has no other way out. */
  get env(): Record<string, string> {
    return this.attachment.env
  }

  get mode(): 'allowlist' | 'audit' {
    return this.opts.agent.egress?.audit ? 'audit' : 'allowlist'
  }

  /**
   * After every start of the container: the relay, started as nobody unless it already answers,
   * then a probe through relay and proxy. A failure is the step's (or the start's) error.
   */
  async attach(client: ContainerClient, container: AgentContainer, why: string): Promise<void> {
    const t0 = Date.now()
    try {
      await this.attachment.attach(sandboxOf(client, container), {
        sudo: this.opts.config.enableSudo
      })
    } catch (err) {
      // The engine's refusals keep their type (a stopped container is brought back by the caller).
      if (isEngineError(err) || isEnvironmentError(err)) throw err
      const hint = /runsc|gvisor/i.test(this.opts.config.runtime ?? '')
        ? ' (gVisor refuses host Unix sockets unless its runtime entry has --host-uds=open)'
        : ''
      const message = errorMessage(err).replace(
        /^(command_line_egress: )?/,
        'command_line_egress: '
      )
      throw new Error(`${message}${hint}`, { cause: err })
    }
    this.suspect = false
    this.opts.journal.note(
      `egress relay ready ${why} (${this.attachment.relayInterpreter}, ${Date.now() - t0} ms)`
    )
  }

  /** Before a command of the current step: a relay a root agent may have killed is checked. */
  async beforeExec(client: ContainerClient, container: AgentContainer): Promise<void> {
    if (this.suspect && this.endpoint.currentStep?.egress)
      await this.attach(client, container, 'again')
  }

  /** After a command of the agent: whether it could have ended the relay. */
  afterExec(): void {
    if (this.agentCanKillRelay) this.suspect = true
  }

  /** Stops the proxy and removes the host directory (after the container is gone). */
  close(): Promise<void> {
    return this.endpoint.close()
  }
}

/** The attachment's view of the container: argv execs, the relay started detached. */
function sandboxOf(client: ContainerClient, container: AgentContainer): SandboxExec {
  return {
    async run(cmd, user) {
      const r = await harnessExec(container.target(), {
        cmd,
        user,
        maxOutputBytes: 64 * 1024
      })
      return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr }
    },
    async spawn(cmd, user, env = {}) {
      const exec = await client.exec(container.id, {
        Cmd: cmd,
        User: user,
        Env: [`PATH=${HARNESS_PATH}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)],
        AttachStdout: false,
        AttachStderr: false,
        Tty: false
      })
      // Detached, the answer is an empty stream: drop it, the relay runs on.
      const stream = await exec.start({ detach: true })
      stream?.destroy?.()
    }
  }
}
