// One agent's container session: created once, every step exec'd in it in order (so files and
// installed packages persist), timeouts that really kill, OOM told apart from failures, a container
// lost under a step told apart from both, logs kept. Each of those jobs is its own module; this
// one puts them together behind the AgentSession interface.
import { mkdir, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { FILE_STEP_TIMEOUT_MS } from '../../config/defaults.js'
import type { AgentPlan, DockerConfig } from '../../config/types.js'
import type { EgressReport, Resolve } from '../egress/index.js'
import type { AgentSession, ExecRequest, ExecResult, SessionInfo } from '../types.js'
import { toolVersion } from './action-root.js'
import { AgentContainer } from './agent-container.js'
import { AgentProcesses, BACKGROUND_MARKER } from './agent-processes.js'
import { openContainerCaBundle, type ContainerCaBundle } from './ca.js'
import { BackgroundSteps } from './background.js'
import type { ContainerClient } from './container-client.js'
import { renderContainerLog } from './container-log.js'
import {
  containerCreateOptions,
  containerName,
  describeLimits,
  planMounts
} from './container-spec.js'
import { resolveCredentials, type BindMount } from './credentials.js'
import { recursiveReadOnly, recursiveReadOnlyRefusal } from './recursive-ro.js'
import { DockerEgress, PREINSTALL_STEP } from './egress.js'
import { DiskLimit, duCommand, formatMiB, parseDu, type MeasureDisk } from './disk.js'
import { delay, HARNESS_PATH, runExec, type RawExecResult, type RunExecOptions } from './exec.js'
import { readFileAsAgent, writeFileAsAgent, type AgentExec } from './file-steps.js'
import { checkMountSources, chooseAgentUser, warnInaccessible } from './host-access.js'
import { parseUser } from '../../lib/user.js'
import { giveHomeTo } from './home-owner.js'
import { isOwnImage } from './image.js'
import { explainImageError, fileStepToolsWarning, missingFileStepTools } from './image-needs.js'
import { Journal } from './journal.js'
import { AGENT_HOME, KEEPALIVE_USER } from './labels.js'
import { OomWatch, type CgroupRoots } from './oom.js'
import { currentOwner, ownerLabels } from './owner.js'
import { preinstallSteps, runPreinstall } from './preinstall.js'
import type { RuntimeChoice } from './runtimes.js'
import {
  classifySandboxEnd,
  SandboxWatch,
  sandboxEndHint,
  sandboxEndNote,
  type SandboxEnd
} from './sandbox-end.js'

export interface DockerSessionOptions {
  client: ContainerClient
  agent: AgentPlan
  config: DockerConfig
  image: string
  imageId: string
  runId: string
  /** The runtime the container runs under (checked against the engine); default: not gVisor. */
  runtime?: RuntimeChoice
  log: (line: string) => void
  /** Where the host's /proc is, for the OOM counter (tests point it elsewhere). */
  cgroupRoots?: CgroupRoots
  /** How the egress proxy resolves names (verify-isolation points its probe names at itself). */
  egressResolve?: Resolve
}

/** How many more times a container that still runs after a killed step is looked at (100 ms apart). */
const LOST_LOOKS = 5
const FILE_STEP_OUTPUT_BYTES = 64 * 1024

export class DockerSession implements AgentSession {
  readonly info: SessionInfo
  private readonly journal: Journal
  private readonly background: BackgroundSteps
  private readonly processes: AgentProcesses
  private readonly oom: OomWatch
  private readonly disk: DiskLimit | undefined
  private readonly closing = new AbortController()
  /** gVisor: OOM and the pids limit end the whole sandbox, and the engine's `top` lists host processes. */
  private readonly gvisor: boolean
  private closed = false
  private closedDone?: Promise<void>
  /** The CA bundle's host directory (command_line_ca_certificates), removed at close. */
  private ca?: ContainerCaBundle

  private constructor(
    private readonly opts: DockerSessionOptions,
    private readonly container: AgentContainer,
    journal: Journal,
    private readonly egress: DockerEgress | undefined
  ) {
    this.journal = journal
    this.gvisor = opts.runtime?.gvisor === true
    const user = parseUser(opts.config.user)
    this.background = new BackgroundSteps(journal)
    this.processes = new AgentProcesses(
      opts.client,
      container,
      opts.config.user,
      user.uid,
      opts.config.enableSudo,
      journal,
      this.gvisor
    )
    this.oom = new OomWatch(opts.client, container, journal, opts.cgroupRoots)
    this.disk =
      opts.config.diskLimitBytes !== undefined
        ? new DiskLimit(opts.config.diskLimitBytes, () => this.measureDisk())
        : undefined
    this.info = {
      mode: 'docker',
      image: opts.image,
      imageId: opts.imageId,
      container: container.name,
      limits: {
        ...describeLimits(opts.config),
        ...(egress ? { network: `${opts.config.network} + egress ${egress.mode}` } : {})
      }
    }
  }

  static async start(opts: DockerSessionOptions): Promise<DockerSession> {
    const { agent } = opts
    const log = (line: string) => opts.log(`[${agent.id}] ${line}`)
    const chosen = await chooseAgentUser(resolve(agent.workspace), opts.config, log)
    const config = { ...opts.config, user: chosen }
    const withUser = { ...opts, config }
    const user = parseUser(chosen)
    const imageUser = parseUser(opts.config.user)
    const ownHome = user.uid !== imageUser.uid || user.gid !== imageUser.gid
    const credentials = resolveCredentials(config.credentials)
    for (const warning of credentials.warnings) log(`warning: ${warning}`)
    const protectedPaths = new Set(
      agent.contextPaths.flatMap((c) => c.protectedPaths.map((p) => resolve(p)))
    )
    const mounts = await checkMountSources(
      planMounts(agent, credentials.mounts),
      (m: BindMount) => protectedPaths.has(m.target),
      log
    )
    await warnInaccessible(
      mounts.filter((m) => m.target !== resolve(agent.workspace)),
      user,
      log
    )
    const journal = new Journal()
    const ca = await openContainerCaBundle(agent, log)
    // The proxy before the container: its directory is one of the container's mounts.
    const egress = await DockerEgress.open({
      agent,
      config,
      journal,
      log,
      resolve: withUser.egressResolve
    }).catch(async (err: unknown) => {
      await ca?.remove()
      throw err
    })
    const spec = containerCreateOptions({
      agent,
      config,
      image: withUser.image,
      name: containerName(agent.id, withUser.runId),
      runId: withUser.runId,
      version: toolVersion(),
      mounts: [...mounts, ...(egress ? [egress.mount] : []), ...(ca?.mounts ?? [])],
      env: { ...credentials.env, ...egress?.env, ...ca?.env },
      ownerLabels: ownerLabels(currentOwner())
    })
    const started = Date.now()
    let container: AgentContainer
    try {
      spec.HostConfig.Mounts = recursiveReadOnly({
        mounts: spec.HostConfig.Mounts ?? [],
        apiVersion: (await withUser.client.version()).ApiVersion
      })
      container = await AgentContainer.create(withUser.client, spec, journal, log)
    } catch (err) {
      await egress?.close()
      await ca?.remove()
      throw recursiveReadOnlyRefusal(err) ?? err
    }
    const session = new DockerSession(withUser, container, journal, egress)
    session.ca = ca
    const giveHome = () =>
      ownHome ? giveHomeTo(withUser.client, container.id, spec, user) : Promise.resolve()
    container.onReplaced = async () => {
      await giveHome()
      await session.attachEgress('in the replacement')
      await session.preinstall()
    }
    container.onRestarted = () => session.attachEgress('after the restart')
    try {
      journal.note(
        `created and started ${spec.name} (${container.id.slice(0, 12)}) from ${withUser.image} in ${Date.now() - started} ms`
      )
      await giveHome()
      log(`container ${spec.name} started (${Date.now() - started} ms)`)
      await session.checkImageTools()
      await session.attachEgress('at start')
      await session.preinstall()
      await session.startDiskLimit(log)
    } catch (err) {
      await container.remove().catch(() => undefined)
      await egress?.close()
      await ca?.remove()
      throw err
    }
    return session
  }

  /** Another image than ours: say at start what it lacks for file steps (/bin/sh: an error). */
  private async checkImageTools(): Promise<void> {
    if (isOwnImage(this.opts.image)) return
    let missing: string[]
    try {
      missing = await missingFileStepTools(this.container.target(), this.opts.image, KEEPALIVE_USER)
    } catch (err) {
      // The init (tini) starts, then exits 127 when it cannot exec the keepalive.
      const state = (await this.container.inspect())?.State
      if (state && !state.Running && state.ExitCode === 127)
        throw explainImageError(
          new Error('exec: "sleep": executable file not found in $PATH'),
          this.opts.image
        )
      throw err
    }
    const warning = fileStepToolsWarning(this.opts.image, missing)
    if (warning) {
      this.journal.note(warning)
      this.opts.log(`[${this.opts.agent.id}] warning: ${warning}`)
    }
  }

  get containerId(): string {
    return this.container.id
  }

  async exec(req: ExecRequest): Promise<ExecResult> {
    this.assertOpen()
    // Under gVisor no OOM kill leaves the container running: the counters have nothing to say.
    const watchOom = this.opts.config.memoryBytes !== undefined && !this.gvisor
    let note: string | undefined
    let ended: SandboxEnd | undefined
    let diskLimit: string | undefined
    const { result, oomBefore, startedAt } = await this.container.whileRunning(async () => {
      await this.egress?.beforeExec(this.opts.client, this.container)
      const oomBefore = watchOom ? await this.oom.count() : undefined
      const startedAt = Date.now()
      const watch = this.gvisor ? new SandboxWatch(this.opts.client, this.container.id) : undefined
      // Stopped like a timeout when the step takes the agent's storage over its disk limit.
      const disk = this.disk?.watch(async (why) => {
        note = await this.processes.killAll('the disk limit')
        this.journal.note(`${why}: ${req.command.slice(0, 200)}`)
      })
      try {
        const result = await runExec(this.container.target(), {
          cmd: ['/bin/sh', '-c', req.command],
          user: this.opts.config.user,
          cwd: req.cwd,
          env: req.env,
          maxOutputBytes: req.maxOutputBytes,
          timeoutMs: req.timeoutMs,
          onOutput: req.onOutput,
          onStarted: () => watch?.start(),
          signal: AbortSignal.any(
            [this.closing.signal, watch?.signal, req.signal].filter((s) => s !== undefined)
          ),
          onTimeout: async () => {
            if (this.closed) return
            const exit = watch?.exit
            if (exit) {
              // Starting the container again also ends the exec's stream, which runsc holds open.
              ;({ ended, note } = await this.recoverSandbox(exit, startedAt))
              return
            }
            // No measuring `du` (the agent's uid) may start while the kill looks for survivors.
            await disk?.halt()
            note = await this.processes.killAll(`a timeout after ${req.timeoutMs} ms`)
          }
        })
        if (watch && !ended && !this.closed && !result.timedOut) {
          // The exec can end before the engine's wait answers (runsc reports the process it lost).
          const hint = sandboxEndHint(result.exitCode, result.stderr)
          const exit =
            hint === 'no'
              ? undefined
              : await watch.confirm(() => this.container.inspect(), hint === 'likely')
          if (exit) ({ ended, note } = await this.recoverSandbox(exit, startedAt))
        }
        // Shutting down: no last measure of a container that is being removed.
        if (!this.closed) diskLimit = await disk?.stop()
        return { result, oomBefore, startedAt }
      } finally {
        watch?.stop()
        if (this.closed) void disk?.halt()
        else await disk?.stop()
      }
    })
    this.egress?.afterExec()
    if (this.closed)
      return {
        ...result,
        exitCode: null,
        timedOut: false,
        oom: false,
        note: 'cancelled: the run is shutting down'
      }
    if (ended) return this.endedResult(req, result, ended, note)
    // Exit 137 or none at all: killed. By the OOM killer, by us (timeout), or with its container.
    const killed = !result.timedOut && (result.exitCode === 137 || result.exitCode === null)
    const oom = killed && watchOom && (await this.oom.happenedSince(startedAt, oomBefore))
    const sandboxLost = killed && !oom ? await this.lostDuringStep() : undefined
    if (result.timedOut)
      this.journal.note(`step timed out after ${req.timeoutMs} ms: ${req.command.slice(0, 200)}`)
    if (oom) this.journal.note(`step killed by the OOM killer: ${req.command.slice(0, 200)}`)
    if (sandboxLost) this.journal.note(`step ended with its container: ${sandboxLost}`)
    // What the step left running dies with it (a timeout's kill has already ended everything).
    if (!result.timedOut && !sandboxLost) {
      const swept = await this.processes.endOfStep(this.background.anyRunning())
      if (swept) note = note ? `${note}; ${swept}` : swept
    }
    const refused = this.egress?.endpoint.refusalNote(startedAt)
    if (refused) note = note ? `${note}; ${refused}` : refused
    return {
      exitCode: result.timedOut ? null : result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      truncated: result.truncated,
      timedOut: result.timedOut,
      oom,
      durationMs: result.durationMs,
      note,
      ...(sandboxLost ? { sandboxLost } : {}),
      ...(diskLimit ? { diskLimit } : {})
    }
  }

  /**
   * gVisor: the container stopped under the step. Tells why from the engine's records, then starts
   * it again (unless it is gone: the next step replaces it).
   */
  private async recoverSandbox(
    exit: { StatusCode: number },
    startedAt: number
  ): Promise<{ ended: SandboxEnd; note?: string }> {
    const state = await this.container.inspect()
    const sawOom = await this.opts.client
      .sawOomEvent(this.container.id, startedAt, Date.now())
      .catch(() => false)
    const ended = classifySandboxEnd(exit, state, sawOom)
    if (!state) return { ended }
    const why =
      ended.kind === 'oom'
        ? 'the OOM killer ended the gVisor sandbox'
        : ended.kind === 'crashed'
          ? `the gVisor sandbox ended (exit ${ended.exitCode})`
          : ended.why
    const restarted = await this.container.restart(why)
    return { ended, note: sandboxEndNote(ended, this.opts.config.pidsLimit, restarted) }
  }

  private endedResult(
    req: ExecRequest,
    result: RawExecResult,
    ended: SandboxEnd,
    note: string | undefined
  ): ExecResult {
    const command = req.command.slice(0, 200)
    const base = {
      stdout: result.stdout,
      stderr: result.stderr,
      truncated: result.truncated,
      timedOut: false,
      durationMs: result.durationMs,
      note
    }
    if (ended.kind === 'oom') {
      this.journal.note(`step killed by the OOM killer (the whole gVisor sandbox): ${command}`)
      return { ...base, exitCode: ended.exitCode, oom: true, sandboxRestarted: true }
    }
    if (ended.kind === 'crashed') {
      this.journal.note(
        `the gVisor sandbox ended under the step (exit ${ended.exitCode}): ${command}`
      )
      return { ...base, exitCode: null, oom: false, sandboxRestarted: true }
    }
    this.journal.note(`step ended with its container: ${ended.why}`)
    return { ...base, exitCode: null, oom: false, sandboxLost: ended.why }
  }

  async execBackground(req: Omit<ExecRequest, 'timeoutMs'>, name: string): Promise<void> {
    this.assertOpen()
    await this.container.ensureRunning()
    await this.egress?.beforeExec(this.opts.client, this.container)
    this.egress?.afterExec()
    await this.background.start(this.container.target(), name, req.command, {
      cmd: ['/bin/sh', '-c', req.command],
      user: this.opts.config.user,
      cwd: req.cwd,
      // Marks its processes as the background step's: the end of other steps spares them.
      env: { ...req.env, [BACKGROUND_MARKER]: name },
      maxOutputBytes: req.maxOutputBytes,
      onOutput: req.onOutput,
      signal: this.closing.signal
    })
  }

  async writeFile(path: string, content: string): Promise<void> {
    this.assertOpen()
    const target = this.absolute(path)
    await this.container.whileRunning(() => writeFileAsAgent(this.agentExec, target, content))
  }

  async readFile(path: string, offset: number, lineCount?: number): Promise<string> {
    this.assertOpen()
    const target = this.absolute(path)
    return this.container.whileRunning(() =>
      readFileAsAgent(this.agentExec, target, offset, lineCount)
    )
  }

  async saveLogs(dir: string): Promise<void> {
    await this.background.stop(this.processes)
    await mkdir(dir, { recursive: true })
    const state = await this.container.inspect()
    const output = await this.opts.client.containerLogs(this.container.id).catch(() => '')
    const text = renderContainerLog({
      agentId: this.opts.agent.id,
      spec: this.container.spec,
      containerId: this.container.id,
      image: this.opts.image,
      imageId: this.opts.imageId,
      user: this.opts.config.user,
      limits: this.info.limits,
      state,
      journal: this.journal.entries,
      background: this.background.summary(),
      output
    })
    await writeFile(join(dir, 'docker_container.log'), text)
    await this.background.writeLogs(dir)
  }

  beginStep(step: { index: number; name?: string; egress: boolean }): void {
    this.egress?.endpoint.setStep({ index: step.index, name: step.name, egress: step.egress })
  }

  egressReport(): EgressReport | undefined {
    return this.egress?.endpoint.report()
  }

  /**
   * Ends the session and removes the container. Every caller (the run, the runtime's cleanup, a
   * signal handler) gets the same promise: none may return while the removal is still under way,
   * or the process could exit before the engine has the request.
   */
  close(): Promise<void> {
    this.closed = true
    return (this.closedDone ??= this.shutDown())
  }

  private async shutDown(): Promise<void> {
    this.closing.abort()
    await this.background.settle(3000)
    try {
      await this.container.remove()
    } finally {
      await this.egress?.close()
      await this.ca?.remove().catch(() => undefined)
    }
  }

  /** argv as the agent, in its workspace; a hang is ended like a step's timeout. */
  private readonly agentExec: AgentExec = (cmd, extra: Partial<RunExecOptions> = {}) =>
    runExec(this.container.target(), {
      cmd,
      user: this.opts.config.user,
      cwd: resolve(this.opts.agent.workspace),
      maxOutputBytes: FILE_STEP_OUTPUT_BYTES,
      timeoutMs: FILE_STEP_TIMEOUT_MS,
      onTimeout: async () => void (await this.processes.killAll('a file operation timeout')),
      ...extra
    })

  /** The usage command_line_disk_limit counts from (after preinstall, whose packages are not the agent's). */
  private async startDiskLimit(log: (line: string) => void): Promise<void> {
    if (!this.disk) return
    const base = await this.disk.start()
    if (!base)
      log('warning: the disk usage could not be measured; command_line_disk_limit stops every step')
    else if (base.unreadable)
      log(
        `warning: ${base.unreadable} directory(ies) of the workspace or home are unreadable to the agent: the disk limit does not see into them`
      )
    this.journal.note(
      `disk limit ${formatMiB(this.disk.limitBytes)} from ${base ? formatMiB(base.bytes) : 'an unknown usage'} (workspace, write context paths, home)`
    )
  }

  /** `du` as the agent over its writable storage (argv, HARNESS_PATH, never the agent's PATH). */
  private readonly measureDisk: MeasureDisk = async () => {
    const a = this.opts.agent
    const paths = [
      resolve(a.workspace),
      ...a.contextPaths.filter((c) => c.permission === 'write').map((c) => resolve(c.path)),
      AGENT_HOME
    ]
    // `du` by name on HARNESS_PATH (not an absolute path: images keep it in /bin or /usr/bin).
    const r = await runExec(this.container.target(), {
      cmd: duCommand([...new Set(paths)]),
      user: this.opts.config.user,
      env: { PATH: HARNESS_PATH },
      maxOutputBytes: 64 * 1024,
      timeoutMs: 60_000
    }).catch(() => undefined)
    return r && !r.timedOut ? parseDu(r) : undefined
  }

  private async preinstall(): Promise<void> {
    const packages = this.opts.config.packages
    if (!packages) return
    const log = (line: string) => this.opts.log(`[${this.opts.agent.id}] ${line}`)
    const steps = preinstallSteps(packages, this.opts.config.enableSudo, (w) =>
      log(`warning: ${w}`)
    )
    const run = () => runPreinstall(steps, this.agentExec, this.journal, log)
    // Installing is what egress is for: preinstall runs with it on, reported as its own step.
    await (this.egress ? this.egress.endpoint.during(PREINSTALL_STEP, run) : run())
  }

  /** The egress relay, after every start of the container (nothing when the agent has no egress). */
  private async attachEgress(why: string): Promise<void> {
    await this.egress?.attach(this.opts.client, this.container, why)
  }

  /**
   * Why the container is not there to have finished the step, or undefined when it is. The exec
   * can end before the engine records the container's death, so a running state is looked at a
   * few more times (only after a kill-like exit: 137 or none).
   */
  private async lostDuringStep(): Promise<string | undefined> {
    for (let look = 0; ; look++) {
      const state = await this.container.inspect()
      if (!state) return 'the container was removed during the step'
      if (state.State.Status === 'removing') return 'the container was removed during the step'
      if (!state.State.Running)
        return `the container stopped during the step (exit ${state.State.ExitCode}${state.State.Error ? `, ${state.State.Error}` : ''})`
      if (look === LOST_LOOKS) return undefined
      await delay(100)
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`agent ${this.opts.agent.id}: the container session is closed`)
  }

  private absolute(path: string): string {
    return isAbsolute(path) ? path : resolve(this.opts.agent.workspace, path)
  }
}
