// Runs a plan: agents in parallel, each agent's steps in order, every command through the policy
// before anything runs. `results` is always the current state, so a run that dies halfway still
// leaves a truthful results.json behind.
import { join, resolve } from 'node:path'
import type { AgentPlan, ExecutionMode, RunPlan, RunStep, Step } from '../config/types.js'
import { describeError, errorMessage } from '../errors.js'
import { createPolicy } from '../policy/index.js'
import type { CommandPolicy } from '../policy/types.js'
import { appendStepLog } from '../report/command-log.js'
import { egressLogLines } from '../report/egress.js'
import { Redactor } from '../report/redact.js'
import { erroredStep } from '../report/step.js'
import { agentStatus, countSteps, emptyTotals, runStatus, stepFails } from '../report/totals.js'
import type { AgentResult, RunResults, StepResult } from '../report/types.js'
import { allowedRoots } from '../config/paths.js'
import { checkFileAccess, resolveWorkDir } from '../runtime/allowed-paths.js'
import type { AgentSession, ExecRequest, Runtime, RuntimeContext } from '../runtime/types.js'
import { prepareWorkspace } from './plan.js'
import { runAttempts, type Placement } from './attempts.js'
import { runCompare, type SideBox, type SideRequest, type Weakenings } from './compare/run.js'
import { hostGit } from './compare/trees.js'
import { LiveLines } from './live-output.js'
import { agentShell, workspaceOps } from './workspace-ops.js'

export interface RunOptions {
  runId: string
  outDir: string
  configLabel: string
  runtimeFor: (mode: ExecutionMode) => Runtime
  log: (line: string) => void
  redactor?: Redactor
  /** Overrides every compare step's `compare.base` (action input base-ref, CLI --base-ref). */
  baseRef?: string
  /** Test-only: compare defences switched off, to show each one is needed. */
  weakenCompare?: Weakenings
  /** Called after every step (for live reporting). */
  onStep?: (agent: AgentPlan, step: StepResult) => void
  /** Each line of a running step's output as it arrives, redacted (absent: not streamed). */
  onOutput?: (agent: AgentPlan, line: string) => void
}

/** An agent's open sandbox, for a caller that makes its steps as they come (the MCP server). */
export interface LiveAgent {
  agent: AgentPlan
  session: AgentSession
  policy: CommandPolicy
  /** Runs a step as a scripted run would (policy, paths, egress, caps) and records it. */
  step(
    step: Step,
    adjust?: (r: StepResult) => StepResult,
    signal?: AbortSignal
  ): Promise<StepResult>
  /** Records a step the caller ran itself (redacted, logged, results.json updated by onStep). */
  record(r: StepResult): Promise<StepResult>
}

export class Run {
  readonly results: RunResults
  readonly redactor: Redactor
  private readonly sessions = new Set<AgentSession>()
  private readonly closing: Promise<void>[] = []
  private aborted = false

  constructor(
    readonly plan: RunPlan,
    readonly opts: RunOptions
  ) {
    this.redactor = opts.redactor ?? new Redactor()
    this.results = {
      version: 1,
      status: 'running',
      runId: opts.runId,
      startedAt: new Date().toISOString(),
      durationMs: 0,
      config: opts.configLabel,
      totals: emptyTotals(),
      agents: plan.agents.map((a) => ({
        id: a.id,
        mode: a.mode,
        status: 'running',
        durationMs: 0,
        commands: []
      }))
    }
  }

  async execute(): Promise<RunResults> {
    const t0 = Date.now()
    try {
      await Promise.all(this.plan.agents.map((a, i) => this.runAgent(a, this.results.agents[i])))
    } finally {
      this.finish(Date.now() - t0)
    }
    return this.results
  }

  /** Marks the run as dead (signal, crash) and brings results up to date. */
  fail(error: string): void {
    this.aborted = true
    this.results.error ??= error
    this.finish(Date.now() - Date.parse(this.results.startedAt))
  }

  /** Closes every session still open; a second call waits for what the first started. */
  async closeAll(): Promise<void> {
    const open = [...this.sessions]
    this.sessions.clear()
    this.closing.push(...open.map((s) => s.close()))
    await Promise.allSettled(this.closing)
  }

  private finish(durationMs: number): void {
    const r = this.results
    r.durationMs = durationMs
    r.totals = emptyTotals()
    for (const a of r.agents) {
      countSteps(a.commands, r.totals)
      a.status = agentStatus(a)
    }
    r.status = runStatus(r)
  }

  private async runAgent(agent: AgentPlan, result: AgentResult): Promise<void> {
    if (agent.steps.length === 0) {
      // Nothing to run (e.g. a MassGen agent without cwd, which gets no command tool): start nothing.
      result.note = 'no commands: nothing ran and no sandbox was started'
      return
    }
    await this.withSession(agent, result, async (live) => {
      let failed = false
      for (const step of agent.steps) {
        if (this.aborted) break
        if (failed) await live.record(skipped(step))
        else failed = stepFails(await live.step(step))
      }
    })
  }

  /**
   * One agent served live (`massgen-exec mcp`): its sandbox started once, `body` given calls to
   * make (each a step recorded like a scripted one), the sandbox closed when `body` returns.
   */
  async serve(body: (live: LiveAgent) => Promise<void>): Promise<RunResults> {
    const t0 = Date.now()
    const agent = this.plan.agents[0]
    try {
      await this.withSession(agent, this.results.agents[0], body)
    } finally {
      this.finish(Date.now() - t0)
    }
    return this.results
  }

  /** Starts the agent's sandbox, runs `body` in it, saves its logs and closes it on every path. */
  private async withSession(
    agent: AgentPlan,
    result: AgentResult,
    body: (live: LiveAgent) => Promise<void>
  ): Promise<void> {
    const t0 = Date.now()
    const ctx: RuntimeContext = {
      runId: this.opts.runId,
      outDir: this.opts.outDir,
      // Runtimes name the agent in their own lines.
      log: this.opts.log
    }
    let session: AgentSession | undefined
    try {
      // Without a sandbox nothing else stops a write into a read-only path.
      const policy = await createPolicy({
        ...agent.policy,
        readOnlyRoots: agent.mode === 'local' ? allowedRoots(agent) : undefined
      })
      await prepareWorkspace(agent)
      const started = await this.opts.runtimeFor(agent.mode).start(agent, ctx)
      session = started
      this.sessions.add(started)
      Object.assign(result, {
        image: started.info.image,
        container: started.info.container,
        limits: started.info.limits
      })
      const record = async (r: StepResult): Promise<StepResult> => {
        // Everything of the step (output, JUnit names, reasons) before anyone sees it.
        const clean = this.redactor.applyDeep(r)
        result.commands.push(clean)
        await appendStepLog(this.opts.outDir, agent.id, clean)
        this.opts.onStep?.(agent, clean)
        return clean
      }
      const step = async (
        s: Step,
        adjust?: (r: StepResult) => StepResult,
        signal?: AbortSignal
      ): Promise<StepResult> => {
        started.beginStep({ index: s.index, name: s.name, egress: egressOn(agent, s) })
        const where = signal ? abandonable(started, signal) : started
        let r = await this.runStep(agent, s, where, policy)
        this.noteEgress(started, result, r)
        if (this.aborted && r.status !== 'passed' && r.status !== 'skipped') {
          // The run was stopped under this step: say so instead of reporting its kill as a failure.
          Object.assign(r, { status: 'error', reason: `interrupted: ${this.results.error}` })
        }
        if (adjust) r = adjust(r)
        return record(r)
      }
      await body({ agent, session: started, policy, step, record })
    } catch (e) {
      result.error = this.redactor.apply(describeError(e))
    } finally {
      if (session) {
        await session.saveLogs(`${this.opts.outDir}/${agent.id}`).catch((e: Error) => {
          ctx.log(`[${agent.id}] could not save runtime logs: ${e.message}`)
        })
        this.sessions.delete(session)
        await session
          .close()
          .catch((e: Error) => ctx.log(`[${agent.id}] close failed: ${e.message}`))
        // After close: what background processes sent after the last step is in too.
        const egress = session.egressReport()
        if (egress) {
          result.egress = this.redactor.applyDeep(egress)
          for (const line of egressLogLines(agent.id, result.egress)) ctx.log(line)
        }
      }
      result.durationMs = Date.now() - t0
    }
  }

  /** The step's egress into its result, and the agent's so far (results.json is live). */
  private noteEgress(session: AgentSession, result: AgentResult, r: StepResult): void {
    const egress = session.egressReport()
    if (!egress) return
    const mine = egress.steps.find((s) => s.index === r.index && s.name === r.name)
    if (mine) r.egress = mine
    result.egress = this.redactor.applyDeep(egress)
  }

  private async runStep(
    agent: AgentPlan,
    step: Step,
    session: AgentSession,
    policy: CommandPolicy
  ): Promise<StepResult> {
    const base = describeStep(step)
    const t0 = Date.now()
    try {
      if (step.kind !== 'run') {
        const verdict = policy.checkFile(step.kind, step.path, agent.workspace)
        if (verdict.verdict === 'block') {
          return { ...base, status: 'blocked', rule: verdict.rule, reason: verdict.reason }
        }
      }
      if (step.kind === 'write_file') {
        await checkFileAccess(agent, step.path, 'write')
        await session.writeFile(step.path, step.content)
        return { ...base, status: 'passed', exitCode: 0, durationMs: Date.now() - t0 }
      }
      if (step.kind === 'read_file') {
        await checkFileAccess(agent, step.path, 'read')
        const text = await session.readFile(step.path, step.offset, step.lineCount)
        return { ...base, status: 'passed', exitCode: 0, stdout: text, durationMs: Date.now() - t0 }
      }
      if (!step.background && (step.junit || step.retries || step.compare)) {
        return await this.runChecked(agent, step, session, policy, base)
      }
      return await this.runCommand(agent, step, session, policy, base)
    } catch (e) {
      return { ...base, status: 'error', reason: errorMessage(e), durationMs: Date.now() - t0 }
    }
  }

  /** A step with a report to believe, retries or a base/head comparison (see attempts.ts). */
  private async runChecked(
    agent: AgentPlan,
    step: RunStep,
    session: AgentSession,
    policy: CommandPolicy,
    base: StepResult
  ): Promise<StepResult> {
    const ops = workspaceOps(agentShell(agent, session))
    const attempts = (place: Placement, retries: number) =>
      runAttempts({
        base,
        exec: (p) => this.runCommand(agent, step, session, policy, base, p),
        ops,
        workspace: agent.workspace,
        place,
        reportLabel: step.junit,
        retries,
        stopped: () => this.aborted
      })
    if (step.compare) {
      return runCompare({
        agent,
        step: { ...step, compare: step.compare },
        base,
        baseRef: this.opts.baseRef,
        git: hostGit(),
        openSide: (req) =>
          req.shared
            ? this.sharedSide(agent, step, session, policy, base, req)
            : this.freshSide(agent, step, policy, base, req),
        outDir: this.opts.outDir,
        log: this.opts.log,
        weaken: this.opts.weakenCompare
      })
    }
    const place = {
      cwd: step.workDir ?? agent.workspace,
      env: step.env,
      report: step.junit ? resolve(agent.workspace, step.junit) : undefined
    }
    return (await attempts(place, step.retries ?? 0)).result
  }

  /**
   * A compare side in a sandbox of its own: the agent's plan (image, limits, network, policy)
   * with the side's directory as its only path, started for this side and closed after it.
   */
  private async freshSide(
    agent: AgentPlan,
    step: RunStep,
    policy: CommandPolicy,
    base: StepResult,
    req: SideRequest
  ): Promise<SideBox> {
    const plan: AgentPlan = {
      ...agent,
      id: `${agent.id}-compare-${req.label ?? req.side}`,
      workspace: req.root,
      workspaceSource: 'cwd',
      contextPaths: [],
      tempWorkspace: undefined,
      steps: []
    }
    const ctx: RuntimeContext = {
      runId: this.opts.runId,
      outDir: this.opts.outDir,
      log: this.opts.log
    }
    const session = await this.opts.runtimeFor(agent.mode).start(plan, ctx)
    this.sessions.add(session)
    const box = this.sideBox(plan, step, session, policy, base, join(req.root, req.member))
    // The step's egress (preinstall, at start, had the agent's).
    session.beginStep({ index: step.index, name: step.name, egress: egressOn(agent, step) })
    try {
      await workspaceOps(agentShell(plan, session)).unpackMember(
        req.tar,
        req.root,
        req.member,
        600_000
      )
    } catch (e) {
      await box.close()
      throw e
    }
    return box
  }

  /** Test-only weakening: the side in the agent's own sandbox (state shared with the other side). */
  private async sharedSide(
    agent: AgentPlan,
    step: RunStep,
    session: AgentSession,
    policy: CommandPolicy,
    base: StepResult,
    req: SideRequest
  ): Promise<SideBox> {
    const ops = workspaceOps(agentShell(agent, session))
    await ops.unpackMember(req.tar, req.root, req.member, 600_000)
    return {
      ...this.sideBox(agent, step, session, policy, base, join(req.root, req.member)),
      close: () => ops.removeTree(join(req.root, req.member))
    }
  }

  /** `tree`: what the sandbox's user made and must remove (the root itself is ours, and may be its mount point). */
  private sideBox(
    plan: AgentPlan,
    step: RunStep,
    session: AgentSession,
    policy: CommandPolicy,
    base: StepResult,
    tree: string
  ): SideBox {
    const ops = workspaceOps(agentShell(plan, session))
    return {
      attempts: (place, retries, afterAttempt) =>
        runAttempts({
          base,
          exec: (p) => this.runCommand(plan, step, session, policy, base, p),
          ops,
          workspace: plan.workspace,
          place,
          reportLabel: step.junit,
          retries,
          exactly: true,
          afterAttempt,
          stopped: () => this.aborted
        }),
      exec: async (command, place) => {
        const r = await session.exec({
          command,
          cwd: place.cwd,
          env: place.env,
          timeoutMs: step.timeoutSec * 1000,
          maxOutputBytes: plan.maxOutputBytes
        })
        return { exitCode: r.exitCode, stdout: r.stdout }
      },
      close: async () => {
        this.sessions.delete(session)
        await ops.removeTree(tree).catch((e: Error) => this.opts.log(`[${plan.id}] ${e.message}`))
        await session.close()
      }
    }
  }

  private async runCommand(
    agent: AgentPlan,
    step: RunStep,
    session: AgentSession,
    policy: CommandPolicy,
    base: StepResult,
    place: Placement = { cwd: step.workDir ?? agent.workspace, env: step.env }
  ): Promise<StepResult> {
    const command = place.command ?? step.run
    const verdict = policy.check(command, { cwd: place.cwd })
    if (verdict.verdict === 'block') {
      return { ...base, status: 'blocked', rule: verdict.rule, reason: verdict.reason }
    }
    const cwd = await resolveWorkDir(agent, place.cwd)

    const req = { command, cwd, env: place.env, maxOutputBytes: agent.maxOutputBytes }
    if (step.background) {
      await session.execBackground(req, step.name ?? `step ${step.index + 1}`)
      return { ...base, status: 'passed', reason: 'started in the background' }
    }
    const onOutput = this.opts.onOutput
    const live = onOutput
      ? new LiveLines(
          (line) => onOutput(agent, line),
          (text) => this.redactor.apply(text),
          agent.maxOutputBytes
        )
      : undefined
    const r = await session
      .exec({
        ...req,
        timeoutMs: step.timeoutSec * 1000,
        ...(live ? { onOutput: (stream, chunk) => live.push(stream, chunk) } : {})
      })
      .finally(() => live?.end())
    const out = {
      ...base,
      exitCode: r.exitCode,
      durationMs: r.durationMs,
      stdout: r.stdout,
      stderr: r.stderr,
      truncated: r.truncated
    }
    const note = r.note ? ` (${r.note})` : ''
    if (r.sandboxLost) return { ...out, status: 'error', reason: `${r.sandboxLost}${note}` }
    if (r.oom) return { ...out, status: 'oom', reason: `killed: out of memory${note}` }
    if (r.diskLimit) return { ...out, status: 'failed', reason: `${r.diskLimit}${note}` }
    if (r.timedOut) {
      return { ...out, status: 'timeout', reason: `timed out after ${step.timeoutSec} s${note}` }
    }
    if (r.violation) return { ...out, status: 'failed', reason: `${r.violation}${note}` }
    if (r.exitCode === step.expectExit) return { ...out, status: 'passed', reason: r.note }
    const code = r.exitCode === null ? 'no exit code (killed by a signal)' : `exit ${r.exitCode}`
    const expected = step.expectExit !== 0 ? `, expected ${step.expectExit}` : ''
    return { ...out, status: 'failed', reason: `${code}${expected}${note}` }
  }
}

/** A step's egress: its `egress:` key, else on for every agent that has command_line_egress. */
function egressOn(agent: AgentPlan, step: Step): boolean {
  if (!agent.egress) return false
  return step.kind === 'run' ? (step.egress ?? true) : true
}

function describeStep(step: Step): StepResult {
  const command =
    step.kind === 'run'
      ? step.run
      : step.kind === 'write_file'
        ? `write_file ${step.path}`
        : `read_file ${step.path}`
  return erroredStep(
    { index: step.index, name: step.name, command, kind: step.kind },
    {
      ...(step.kind === 'run' && step.allowFailure ? { allowFailure: true } : {}),
      ...(step.kind === 'run' && step.background ? { background: true } : {})
    }
  )
}

function skipped(step: Step): StepResult {
  return { ...describeStep(step), status: 'skipped', reason: 'an earlier step failed' }
}

/** The session whose commands `signal` abandons (an MCP call cancelled or its client gone). */
function abandonable(session: AgentSession, signal: AbortSignal): AgentSession {
  return new Proxy(session, {
    get(target, prop) {
      if (prop === 'exec') return (req: ExecRequest) => target.exec({ ...req, signal })
      const v: unknown = Reflect.get(target, prop)
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    }
  })
}
