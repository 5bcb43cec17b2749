// MassGen v0.1.12's background shells (`background_shell.py`), with its return shapes, but inside
// the agent's sandbox: MassGen starts them on the host even in Docker mode. Each shell is the
// session's own background process (ended with the session), started through a small /bin/sh
// wrapper that keeps its pid, output and exit status in a state directory inside the sandbox;
// the status, output and kill tools are short commands in the same sandbox reading that state.
// With setsid (any Debian image) the shell leads its own process group and kill ends the group.
import type { AgentSession, ExecResult } from '../runtime/types.js'
import { resolveWorkDir } from '../runtime/allowed-paths.js'
import { PathError, errorMessage } from '../errors.js'
import { erroredStep } from '../report/step.js'
import type { StepResult } from '../report/types.js'
import type { LiveAgent } from '../run/orchestrate.js'
import { pathErrorText, refusalText } from './contract.js'
import { shellQuote } from '../lib/shell.js'

/** MassGen's limits: 10 running shells, the last 10,000 lines of each stream. */
export const MAX_SHELLS = 10
export const MAX_LINES = 10000
const HELPER_TIMEOUT_MS = 15000

export type ShellStatus = 'running' | 'stopped' | 'failed' | 'killed'
export type ShellResult = Record<string, unknown>

interface Shell {
  id: string
  command: string
  workDir: string
  pid: number | null
  startedAt: Date
  endedAt?: Date
  status: ShellStatus
  exitCode: number | null
  killedBy?: string
}

export interface ShellsOptions {
  live: LiveAgent
  stateDir: string
  nextIndex: () => number
  serial: <T>(fn: () => Promise<T>) => Promise<T>
}

/** Single-quoted for /bin/sh. */
export const sq = shellQuote

/** The wrapper a shell runs as: the command in its own group, its pid and exit status noted. */
export function wrapperScript(dir: string, id: string, command: string): string {
  const f = (ext: string) => sq(`${dir}/${id}.${ext}`)
  const run = `/bin/sh -c ${sq(command)} >${f('out')} 2>${f('err')} </dev/null &`
  return [
    `mkdir -p ${sq(dir)} || exit 125`,
    `if command -v setsid >/dev/null 2>&1; then setsid ${run} else ${run} fi`,
    `p=$!; echo "$p" >${f('pid')}`,
    `wait "$p"; echo "$?" >${f('exit')}`
  ].join('\n')
}

/** One line: `exit N`, `running` or `gone`; with `lines`, the output after it (stderr on stderr). */
export function probeScript(dir: string, id: string, lines?: number): string {
  const f = (ext: string) => sq(`${dir}/${id}.${ext}`)
  const probe = [
    `p=$(cat ${f('pid')} 2>/dev/null)`,
    `if [ -f ${f('exit')} ]; then echo "exit $(cat ${f('exit')})"`,
    `elif [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then echo running; else echo gone; fi`
  ]
  if (lines)
    probe.push(
      `tail -n ${lines} ${f('out')} 2>/dev/null`,
      `tail -n ${lines} ${f('err')} >&2 2>/dev/null`
    )
  return probe.join('\n')
}

/** SIGTERM to the group (or the process), SIGKILL after 0.5 s; prints the last signal sent. */
export function killScript(dir: string, id: string): string {
  const f = (ext: string) => sq(`${dir}/${id}.${ext}`)
  const send = (sig: string) =>
    `kill -s ${sig} -- -"$p" 2>/dev/null || kill -s ${sig} "$p" 2>/dev/null`
  const waitExit = `i=0; while [ ! -f ${f('exit')} ] && [ $i -lt 10 ]; do sleep 0.05; i=$((i+1)); done`
  return [
    `p=$(cat ${f('pid')} 2>/dev/null); [ -n "$p" ] || exit 3`,
    `[ -f ${f('exit')} ] && { echo none; exit 0; }`,
    send('TERM'),
    waitExit,
    `if [ -f ${f('exit')} ]; then echo SIGTERM; exit 0; fi`,
    send('KILL'),
    waitExit,
    'echo SIGKILL'
  ].join('\n')
}

/** MassGen's status from an exit code: a signal death (128+n from sh) it would call killed. */
export function statusOf(exitCode: number, killed: boolean): ShellStatus {
  if (killed) return 'killed'
  return exitCode === 0 ? 'stopped' : 'failed'
}

export class BackgroundShells {
  private readonly shells = new Map<string, Shell>()
  private counter = 0

  constructor(private readonly opts: ShellsOptions) {}

  start(command: string, workDir: string): Promise<ShellResult> {
    return this.opts.serial(async () => {
      const { agent, policy, session } = this.opts.live
      const index = this.opts.nextIndex()
      const name = 'start_background_shell'
      // Stricter than MassGen (which runs only its sanitizer here): the whole policy applies.
      const verdict = policy.check(command, { cwd: workDir })
      if (verdict.verdict === 'block') {
        const error = refusalText(verdict, agent.policy)
        await this.record(index, name, command, {
          status: 'blocked',
          rule: verdict.rule,
          reason: verdict.reason
        })
        return { success: false, error }
      }
      try {
        await resolveWorkDir(agent, workDir)
      } catch (e) {
        if (!(e instanceof PathError)) throw e
        await this.record(index, name, command, { reason: e.message })
        return { success: false, error: pathErrorText(e.message) }
      }
      const running = await this.refreshRunning()
      if (running >= MAX_SHELLS) {
        const error = `Maximum concurrent shells (${MAX_SHELLS}) reached`
        await this.record(index, name, command, { reason: error })
        return { success: false, error }
      }
      const id = `shell_${(++this.counter).toString(16).padStart(4, '0')}${Math.random().toString(16).slice(2, 6)}`
      const t0 = Date.now()
      try {
        session.beginStep({ index, name, egress: agent.egress !== undefined })
        await session.execBackground(
          {
            command: wrapperScript(this.opts.stateDir, id, command),
            cwd: workDir,
            env: {},
            maxOutputBytes: agent.maxOutputBytes
          },
          id
        )
        const r = await this.helper(
          `i=0; while [ ! -s ${sq(`${this.opts.stateDir}/${id}.pid`)} ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; cat ${sq(`${this.opts.stateDir}/${id}.pid`)}`
        )
        const pid = Number.parseInt(r.stdout.trim(), 10)
        const shell: Shell = {
          id,
          command,
          workDir,
          pid: Number.isFinite(pid) ? pid : null,
          startedAt: new Date(t0),
          status: 'running',
          exitCode: null
        }
        this.shells.set(id, shell)
        await this.record(index, name, command, {
          status: 'passed',
          background: true,
          durationMs: Date.now() - t0,
          reason: `started in the background as ${id} (pid ${shell.pid ?? 'unknown'})`
        })
        return { shell_id: id, status: 'running', command, pid: shell.pid, work_dir: workDir }
      } catch (e) {
        const error = errorMessage(e)
        await this.record(index, name, command, { reason: error, durationMs: Date.now() - t0 })
        return { success: false, error: `Failed to start background shell: ${error}` }
      }
    })
  }

  output(shellId: string): Promise<ShellResult> {
    return this.call('get_background_shell_output', shellId, async (shell) => {
      const r = await this.probe(shell, MAX_LINES)
      return {
        result: {
          shell_id: shell.id,
          stdout: r.stdout,
          stderr: r.stderr,
          status: shell.status,
          exit_code: shell.exitCode
        },
        truncated: r.truncated
      }
    })
  }

  status(shellId: string): Promise<ShellResult> {
    return this.call('get_background_shell_status', shellId, async (shell) => {
      await this.probe(shell)
      return { result: this.describe(shell) }
    })
  }

  kill(shellId: string): Promise<ShellResult> {
    return this.call('kill_background_shell', shellId, async (shell) => {
      await this.probe(shell)
      if (shell.status !== 'running') {
        return { result: { shell_id: shell.id, status: shell.status, signal: null } }
      }
      const r = await this.helper(killScript(this.opts.stateDir, shell.id))
      const signal = r.stdout.trim().split('\n').pop() ?? ''
      shell.killedBy = signal === 'none' ? undefined : signal
      await this.probe(shell)
      if (shell.status === 'running')
        throw new Error(`${shell.id} is still running after ${signal}`)
      return {
        result: { shell_id: shell.id, status: shell.status, signal: shell.killedBy ?? null }
      }
    })
  }

  list(): Promise<ShellResult> {
    return this.opts.serial(async () => {
      const index = this.opts.nextIndex()
      const t0 = Date.now()
      for (const s of this.shells.values()) await this.probe(s)
      const shells = [...this.shells.values()].map((s) => this.describe(s))
      await this.record(index, 'list_background_shells', 'list_background_shells', {
        status: 'passed',
        durationMs: Date.now() - t0,
        stdout: shells.map((s) => `${String(s.shell_id)} ${String(s.status)}`).join('\n')
      })
      return { shells, count: shells.length }
    })
  }

  /** One shell tool call: unknown ids are MassGen's error result, every call a recorded step. */
  private call(
    name: string,
    shellId: string,
    fn: (shell: Shell) => Promise<{ result: ShellResult; truncated?: boolean }>
  ): Promise<ShellResult> {
    return this.opts.serial(async () => {
      const index = this.opts.nextIndex()
      const label = `${name} ${shellId}`
      const shell = this.shells.get(shellId)
      if (!shell) {
        const error = `Shell not found: ${shellId}`
        await this.record(index, name, label, { reason: error })
        return { success: false, error }
      }
      const t0 = Date.now()
      try {
        const { result, truncated } = await fn(shell)
        await this.record(index, name, label, {
          status: 'passed',
          durationMs: Date.now() - t0,
          exitCode: shell.exitCode,
          reason: `${shell.id}: ${shell.status}`,
          truncated: truncated ?? false,
          ...(typeof result.stdout === 'string' ? { stdout: result.stdout } : {}),
          ...(typeof result.stderr === 'string' ? { stderr: result.stderr } : {})
        })
        return result
      } catch (e) {
        const error = errorMessage(e)
        await this.record(index, name, label, { reason: error, durationMs: Date.now() - t0 })
        return { success: false, error }
      }
    })
  }

  private describe(s: Shell): ShellResult {
    const end = s.endedAt ?? new Date()
    return {
      shell_id: s.id,
      status: s.status,
      exit_code: s.exitCode,
      pid: s.pid,
      command: s.command,
      cwd: s.workDir,
      start_time: s.startedAt.toISOString(),
      duration_seconds: (end.getTime() - s.startedAt.getTime()) / 1000
    }
  }

  /** Brings a shell's status up to date from the sandbox (and returns its output when asked). */
  private async probe(shell: Shell, lines?: number): Promise<ExecResult> {
    const r = await this.helper(probeScript(this.opts.stateDir, shell.id, lines))
    const nl = r.stdout.indexOf('\n')
    const first = (nl < 0 ? r.stdout : r.stdout.slice(0, nl)).trim()
    const rest = nl < 0 ? '' : r.stdout.slice(nl + 1)
    if (shell.status === 'running' && first !== 'running') {
      shell.endedAt = new Date()
      const m = /^exit (\d+)$/.exec(first)
      const code = m ? Number(m[1]) : null
      if (code === null) {
        // Gone without its wrapper noting an exit: ended with every process of the agent (a
        // timeout's kill, the sandbox restarted), which MassGen would report as killed.
        shell.status = 'killed'
        shell.exitCode = -9
      } else if (shell.killedBy || code > 128) {
        shell.status = 'killed'
        shell.exitCode = code > 128 ? -(code - 128) : code
      } else {
        shell.status = statusOf(code, false)
        shell.exitCode = code
      }
    }
    return { ...r, stdout: rest }
  }

  /** Running shells as the sandbox sees them now. */
  private async refreshRunning(): Promise<number> {
    let n = 0
    for (const s of this.shells.values()) {
      if (s.status !== 'running') continue
      await this.probe(s)
      if (s.status === 'running') n++
    }
    return n
  }

  private async helper(command: string): Promise<ExecResult> {
    const { agent, session } = this.opts.live
    const r = await (session as AgentSession).exec({
      command,
      cwd: agent.workspace,
      env: {},
      timeoutMs: HELPER_TIMEOUT_MS,
      maxOutputBytes: agent.maxOutputBytes
    })
    if (r.timedOut || r.sandboxLost)
      throw new Error(r.sandboxLost ?? 'the sandbox did not answer in time')
    return r
  }

  private async record(
    index: number,
    name: string,
    command: string,
    r: Partial<StepResult>
  ): Promise<void> {
    await this.opts.live.record(
      erroredStep({ index, name, command, kind: 'mcp' }, { allowFailure: true, ...r })
    )
  }
}
