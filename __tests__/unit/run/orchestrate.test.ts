import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, RunPlan, RunStep, Step } from '../../../src/config/types.js'
import { EnvironmentError } from '../../../src/errors.js'
import { parseRule } from '../../../src/config/permissions.js'
import { compilePythonRegex } from '../../../src/lib/python-regex.js'
import { Run } from '../../../src/run/orchestrate.js'
import type { AgentSession, ExecRequest, ExecResult, Runtime } from '../../../src/runtime/types.js'
import { agentPlan, runPlan, runStep } from '../../helpers/plan.js'
import { sessionDefaults } from '../../helpers/session.js'

/** A runtime whose commands "run" by looking up a scripted result; it records what it ran. */
class FakeRuntime implements Runtime {
  ran: string[] = []
  started: string[] = []
  closed = 0
  constructor(
    private readonly script: Record<string, Partial<ExecResult>>,
    private readonly failStart?: string
  ) {}
  async start(agent: AgentPlan): Promise<AgentSession> {
    if (this.failStart) throw new EnvironmentError(this.failStart, 'start the engine')
    this.started.push(agent.id)
    return {
      info: { mode: 'docker', image: 'img:1', container: `c-${agent.id}` },
      ...sessionDefaults,
      exec: async (req: ExecRequest): Promise<ExecResult> => {
        this.ran.push(`${agent.id}:${req.command}`)
        return {
          exitCode: 0,
          stdout: '',
          stderr: '',
          truncated: false,
          timedOut: false,
          oom: false,
          durationMs: 1,
          ...this.script[req.command]
        }
      },
      writeFile: async (path: string) => {
        this.ran.push(`${agent.id}:write ${path}`)
      },
      readFile: async (path: string) => {
        this.ran.push(`${agent.id}:read ${path}`)
        return 'line\n'
      },
      close: async () => {
        this.closed++
      }
    }
  }
}

const out = () => mkdtempSync(join(tmpdir(), 'orch-'))
let n = 0
function run(command: string, extra: Partial<RunStep> = {}): Step {
  return runStep(command, { index: n++, timeoutSec: 5, ...extra })
}
function agent(id: string, steps: Step[], extra: Partial<AgentPlan> = {}): AgentPlan {
  steps.forEach((s, i) => (s.index = i))
  return agentPlan({
    id,
    mode: 'docker',
    workspace: tmpdir(),
    maxOutputBytes: 1024,
    steps,
    ...extra
  })
}
function plan(...agents: AgentPlan[]): RunPlan {
  return runPlan(agents, {
    configFile: '/c.yaml',
    workingDirectory: tmpdir(),
    defaults: { timeoutSec: 60, maxOutputBytes: 1024 }
  })
}

describe('Run', () => {
  it('maps exec results to statuses, skips after a failure, honours allow_failure and expect_exit', async () => {
    const rt = new FakeRuntime({
      'exit 3': { exitCode: 3 },
      hog: { exitCode: 137, oom: true },
      slow: { exitCode: null, timedOut: true },
      five: { exitCode: 5 }
    })
    const dir = out()
    const r = new Run(
      plan(
        agent('a', [
          run('ok'),
          run('exit 3', { allowFailure: true }),
          run('five', { expectExit: 5 }),
          run('hog'),
          run('never')
        ]),
        agent('b', [run('slow'), run('never-b')])
      ),
      { runId: 'r1', outDir: dir, configLabel: 'c.yaml', runtimeFor: () => rt, log: () => {} }
    )
    const res = await r.execute()
    expect(res.agents[0].commands.map((c) => c.status)).toEqual([
      'passed',
      'failed',
      'passed',
      'oom',
      'skipped'
    ])
    expect(res.agents[1].commands.map((c) => c.status)).toEqual(['timeout', 'skipped'])
    expect(res.agents[0].commands[1].reason).toBe('exit 3')
    expect(rt.ran).not.toContain('a:never')
    expect(res.status).toBe('failed')
    expect(res.totals).toEqual({
      commands: 7,
      passed: 2,
      failed: 1,
      blocked: 0,
      timedOut: 1,
      oom: 1,
      errored: 0,
      skipped: 2
    })
    expect(rt.closed).toBe(2)
    expect(readFileSync(join(dir, 'a', 'commands.log'), 'utf8')).toContain(
      '=== [4] (run) oom, exit 137'
    )
  })

  it('never executes a blocked command, and applies allow/block lists', async () => {
    const rt = new FakeRuntime({})
    const re = (s: string) => ({
      source: s,
      regex: (compilePythonRegex(s) as { regex: RegExp }).regex
    })
    const r = new Run(
      plan(
        agent('a', [run('pytest -q'), run('ls -la', { allowFailure: true }), run('git push')], {
          policy: {
            enableSudo: false,
            allowed: [re('pytest.*'), re('git.*')],
            blocked: [re('git push.*')]
          }
        })
      ),
      { runId: 'r2', outDir: out(), configLabel: 'c', runtimeFor: () => rt, log: () => {} }
    )
    const res = await r.execute()
    expect(res.agents[0].commands.map((c) => [c.status, c.rule])).toEqual([
      ['passed', undefined],
      ['blocked', 'allow-list'],
      ['blocked', 'block-list']
    ])
    expect(rt.ran).toEqual(['a:pytest -q'])
  })

  it('applies permission rules to file steps before touching the file', async () => {
    const rt = new FakeRuntime({})
    const rule = (spec: string, d: 'deny' | 'ask' | 'allow') => {
      const r = parseRule(spec, d)
      if (!('rule' in r)) throw new Error(spec)
      return r.rule
    }
    const ws = tmpdir()
    const file = (kind: 'write_file' | 'read_file', path: string): Step =>
      kind === 'write_file'
        ? { kind, index: 0, path, content: 'x' }
        : { kind, index: 0, path, offset: 0 }
    const r = new Run(
      plan(
        agent(
          'a',
          [
            file('write_file', join(ws, 'ok.txt')),
            file('write_file', '/etc/cron.d/x'),
            file('read_file', join(ws, '.env'))
          ],
          {
            workspace: ws,
            policy: {
              enableSudo: false,
              allowed: [],
              blocked: [],
              permissions: [rule('write_file(/etc/**)', 'deny'), rule('read_file(*.env)', 'ask')]
            }
          }
        )
      ),
      { runId: 'r7', outDir: out(), configLabel: 'c', runtimeFor: () => rt, log: () => {} }
    )
    const res = await r.execute()
    expect(res.agents[0].commands.map((c) => [c.status, c.rule ?? null])).toEqual([
      ['passed', null],
      ['blocked', 'permissions-deny'],
      ['skipped', null]
    ])
    expect(res.agents[0].commands[1].reason).toBe(
      'write_file /etc/cron.d/x matches the permissions deny rule write_file(/etc/**)'
    )
    expect(rt.ran).toEqual([`a:write ${join(ws, 'ok.txt')}`])
  })

  it('starts nothing for an agent without commands, and says so', async () => {
    const rt = new FakeRuntime({})
    const dir = out()
    const r = new Run(plan(agent('chat', []), agent('a', [run('ls')])), {
      runId: 'r8',
      outDir: dir,
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    })
    const res = await r.execute()
    expect(rt.started).toEqual(['a'])
    expect(res.agents[0]).toMatchObject({
      id: 'chat',
      status: 'passed',
      commands: [],
      note: 'no commands: nothing ran and no sandbox was started'
    })
    expect(res.status).toBe('passed')
  })

  it('refuses a work_dir outside the agent paths without running it', async () => {
    const rt = new FakeRuntime({})
    const r = new Run(
      plan(
        agent('a', [run('ls', { workDir: '/etc' })], {
          workspace: mkdtempSync(join(tmpdir(), 'ws-'))
        })
      ),
      {
        runId: 'r3',
        outDir: out(),
        configLabel: 'c',
        runtimeFor: () => rt,
        log: () => {}
      }
    )
    const res = await r.execute()
    expect(res.agents[0].commands[0]).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('outside')
    })
    expect(rt.ran).toEqual([])
  })

  it('reports an agent whose environment failed as an error with the hint, and the run as error', async () => {
    const r = new Run(plan(agent('a', [run('ls')])), {
      runId: 'r4',
      outDir: out(),
      configLabel: 'c',
      runtimeFor: () => new FakeRuntime({}, 'engine unreachable'),
      log: () => {}
    })
    const res = await r.execute()
    expect(res.agents[0]).toMatchObject({
      status: 'error',
      error: 'engine unreachable (start the engine)'
    })
    expect(res.status).toBe('error')
  })

  it('redacts secrets from outputs and commands', async () => {
    const rt = new FakeRuntime({ 'echo tok-12345': { stdout: 'tok-12345\n' } })
    const r = new Run(plan(agent('a', [run('echo tok-12345')])), {
      runId: 'r5',
      outDir: out(),
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    })
    r.redactor.add('tok-12345')
    const res = await r.execute()
    expect(res.agents[0].commands[0]).toMatchObject({ command: 'echo ***', stdout: '***\n' })
  })

  it('keeps a truthful record when the run is failed halfway', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let entered!: () => void
    const inFirstStep = new Promise<void>((r) => (entered = r))
    const rt: Runtime = {
      start: async () => ({
        info: { mode: 'local' },
        ...sessionDefaults,
        exec: async () => {
          entered()
          await gate
          return {
            exitCode: 0,
            stdout: '',
            stderr: '',
            truncated: false,
            timedOut: false,
            oom: false,
            durationMs: 1
          }
        },
        writeFile: async () => {},
        readFile: async () => '',
        close: async () => release()
      })
    }
    const r = new Run(plan(agent('a', [run('first'), run('second')])), {
      runId: 'r6',
      outDir: out(),
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    })
    const done = r.execute()
    // Fail the run while its first step is running (a fixed sleep raced a cold parser start).
    await inFirstStep
    r.fail('interrupted by SIGTERM')
    expect(r.results).toMatchObject({ status: 'error', error: 'interrupted by SIGTERM' })
    await r.closeAll()
    await done
    expect(r.results.agents[0].commands.map((c) => c.index)).toEqual([0])
  })
})
