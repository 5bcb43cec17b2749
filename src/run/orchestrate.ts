// Runs a plan: agents in parallel, each agent's steps in order, every command through the policy
// before anything runs. `results` is always the current state, so a run that dies halfway still
// leaves a truthful results.json behind.
import { existsSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { AgentPlan, RunPlan, RunStep, Step } from '../config/types.js'
import { createPolicy } from '../policy/index.js'
import type { CommandPolicy } from '../policy/types.js'
import { appendStepLog } from '../report/command-log.js'
import { readJunit } from '../report/junit.js'
import { Redactor } from '../report/redact.js'
import { agentStatus, countSteps, emptyTotals, runStatus, stepFails } from '../report/totals.js'
import type { AgentResult, RunResults, StepResult } from '../report/types.js'
import type { AgentSession, Runtime, RuntimeContext } from '../runtime/types.js'
import { workDirProblem } from './paths.js'

export interface RunOptions {
  runId: string
  outDir: string
  configLabel: string
  runtimeFor: (mode: AgentPlan['mode']) => Runtime
  log: (line: string) => void
  redactor?: Redactor
  /** Called after every step (for live reporting). */
  onStep?: (agent: AgentPlan, step: StepResult) => void
}

export class Run {
  readonly results: RunResults
  readonly redactor: Redactor
  private readonly sessions = new Set<AgentSession>()
  private aborted = false

  constructor(
    readonly plan: RunPlan,
    readonly opts: RunOptions
  ) {
    this.redactor = opts.redactor ?? new Redactor()
    this.results = {
      version: 1,
      status: 'error',
      runId: opts.runId,
      startedAt: new Date().toISOString(),
      durationMs: 0,
      config: opts.configLabel,
      totals: emptyTotals(),
      agents: plan.agents.map((a) => ({
        id: a.id,
        mode: a.mode,
        status: 'error',
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

  /** Closes every session still open (idempotent). */
  async closeAll(): Promise<void> {
    const open = [...this.sessions]
    this.sessions.clear()
    await Promise.allSettled(open.map((s) => s.close()))
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
    const t0 = Date.now()
    const ctx: RuntimeContext = {
      runId: this.opts.runId,
      outDir: this.opts.outDir,
      // Runtimes name the agent in their own lines.
      log: this.opts.log
    }
    let session: AgentSession | undefined
    try {
      const policy = await createPolicy(agent.policy)
      // MassGen creates the workspace (and the temporary workspace) when missing; so do we.
      await mkdir(agent.workspace, { recursive: true })
      if (agent.tempWorkspace) await mkdir(agent.tempWorkspace, { recursive: true })
      session = await this.opts.runtimeFor(agent.mode).start(agent, ctx)
      this.sessions.add(session)
      Object.assign(result, {
        image: session.info.image,
        container: session.info.container,
        limits: session.info.limits
      })
      let failed = false
      for (const step of agent.steps) {
        if (this.aborted) break
        const r = failed ? skipped(step) : await this.runStep(agent, step, session, policy)
        if (this.aborted && r.status !== 'passed' && r.status !== 'skipped') {
          // The run was stopped under this step: say so instead of reporting its kill as a failure.
          Object.assign(r, { status: 'error', reason: `interrupted: ${this.results.error}` })
        }
        if (step.kind === 'run' && step.junit && ran(r)) {
          r.junit = await readJunit(resolve(agent.workspace, step.junit), agent.workspace)
        }
        r.stdout = this.redactor.apply(r.stdout)
        r.stderr = this.redactor.apply(r.stderr)
        r.command = this.redactor.apply(r.command)
        result.commands.push(r)
        failed ||= stepFails(r)
        await appendStepLog(this.opts.outDir, agent.id, r)
        this.opts.onStep?.(agent, r)
      }
    } catch (e) {
      const hint = (e as { hint?: string }).hint
      result.error = this.redactor.apply((e as Error).message + (hint ? ` (${hint})` : ''))
    } finally {
      if (session) {
        await session.saveLogs?.(`${this.opts.outDir}/${agent.id}`).catch((e: Error) => {
          ctx.log(`[${agent.id}] could not save runtime logs: ${e.message}`)
        })
        this.sessions.delete(session)
        await session
          .close()
          .catch((e: Error) => ctx.log(`[${agent.id}] close failed: ${e.message}`))
      }
      result.durationMs = Date.now() - t0
    }
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
      if (step.kind === 'write_file') {
        await session.writeFile(step.path, step.content)
        return { ...base, status: 'passed', exitCode: 0, durationMs: Date.now() - t0 }
      }
      if (step.kind === 'read_file') {
        const text = await session.readFile(step.path, step.offset, step.lineCount)
        return { ...base, status: 'passed', exitCode: 0, stdout: text, durationMs: Date.now() - t0 }
      }
      return await this.runCommand(agent, step, session, policy, base)
    } catch (e) {
      return { ...base, status: 'error', reason: (e as Error).message, durationMs: Date.now() - t0 }
    }
  }

  private async runCommand(
    agent: AgentPlan,
    step: RunStep,
    session: AgentSession,
    policy: CommandPolicy,
    base: StepResult
  ): Promise<StepResult> {
    const verdict = policy.check(step.run)
    if (verdict.verdict === 'block') {
      return { ...base, status: 'blocked', rule: verdict.rule, reason: verdict.reason }
    }
    const cwd = step.workDir ?? agent.workspace
    const problem =
      workDirProblem(agent, cwd) ??
      (!existsSync(cwd) || !statSync(cwd).isDirectory()
        ? `working directory does not exist: ${cwd}`
        : undefined)
    if (problem) return { ...base, status: 'error', reason: problem }

    const req = { command: step.run, cwd, env: step.env, maxOutputBytes: agent.maxOutputBytes }
    if (step.background) {
      if (!session.execBackground) {
        return { ...base, status: 'error', reason: 'background steps are not supported here' }
      }
      await session.execBackground(req, step.name ?? `step ${step.index + 1}`)
      return { ...base, status: 'passed', reason: 'started in the background' }
    }
    const r = await session.exec({ ...req, timeoutMs: step.timeoutSec * 1000 })
    const out = {
      ...base,
      exitCode: r.exitCode,
      durationMs: r.durationMs,
      stdout: r.stdout,
      stderr: r.stderr,
      truncated: r.truncated
    }
    const note = r.note ? ` (${r.note})` : ''
    if (r.oom) return { ...out, status: 'oom', reason: `killed: out of memory${note}` }
    if (r.timedOut) {
      return { ...out, status: 'timeout', reason: `timed out after ${step.timeoutSec} s${note}` }
    }
    if (r.exitCode === step.expectExit) return { ...out, status: 'passed', reason: r.note }
    const code = r.exitCode === null ? 'no exit code (killed by a signal)' : `exit ${r.exitCode}`
    const expected = step.expectExit !== 0 ? `, expected ${step.expectExit}` : ''
    return { ...out, status: 'failed', reason: `${code}${expected}${note}` }
  }
}

function describeStep(step: Step): StepResult {
  const command =
    step.kind === 'run'
      ? step.run
      : step.kind === 'write_file'
        ? `write_file ${step.path}`
        : `read_file ${step.path}`
  return {
    index: step.index,
    name: step.name,
    command,
    kind: step.kind,
    status: 'error',
    exitCode: null,
    durationMs: 0,
    stdout: '',
    stderr: '',
    truncated: false,
    ...(step.kind === 'run' && step.allowFailure ? { allowFailure: true } : {}),
    ...(step.kind === 'run' && step.background ? { background: true } : {})
  }
}

/** The step's command actually ran (so a report it writes may exist). */
function ran(r: StepResult): boolean {
  return r.status !== 'skipped' && r.status !== 'blocked' && r.status !== 'error'
}

function skipped(step: Step): StepResult {
  return { ...describeStep(step), status: 'skipped', reason: 'an earlier step failed' }
}
