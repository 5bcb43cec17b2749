// How the orchestrator runs a step with a report or retries in docker mode: the stale report is
// removed inside the sandbox (as the agent's user, through the session) before every attempt.
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunStep } from '../../../src/config/types.js'
import { Run } from '../../../src/run/orchestrate.js'
import type { AgentSession, ExecRequest, ExecResult, Runtime } from '../../../src/runtime/types.js'
import { agentPlan, runPlan, runStep } from '../../helpers/plan.js'
import { sessionDefaults } from '../../helpers/session.js'

const ok = (over: Partial<ExecResult> = {}): ExecResult => ({
  exitCode: 0,
  stdout: '',
  stderr: '',
  truncated: false,
  timedOut: false,
  oom: false,
  durationMs: 1,
  ...over
})

/** A docker-mode session: the step command runs `behave`; our removal script is emulated. */
function runtime(calls: string[], behave: (n: number) => ExecResult, rmFails = false): Runtime {
  let n = 0
  return {
    start: async (): Promise<AgentSession> => ({
      info: { mode: 'docker', image: 'img', container: 'c' },
      ...sessionDefaults,
      exec: async (req: ExecRequest) => {
        if (req.env.MGX_PATH) {
          calls.push(`rm ${req.env.MGX_PATH}`)
          if (rmFails) return ok({ exitCode: 1, stderr: 'is a directory\n' })
          rmSync(req.env.MGX_PATH, { force: true })
          return ok()
        }
        calls.push(req.command)
        return behave(n++)
      },
      writeFile: async () => {},
      readFile: async () => '',
      close: async () => {}
    })
  }
}

function plan(step: Partial<RunStep>) {
  const ws = mkdtempSync(join(tmpdir(), 'checked-'))
  const agent = agentPlan({
    mode: 'docker',
    workspace: ws,
    maxOutputBytes: 1024,
    steps: [runStep('pytest', { timeoutSec: 5, junit: 'r.xml', ...step })]
  })
  return {
    ws,
    plan: runPlan([agent], {
      configFile: '/c',
      workingDirectory: ws,
      defaults: { timeoutSec: 5, maxOutputBytes: 1024 }
    })
  }
}

const report = (failing: boolean) =>
  `<testsuite name="s"><testcase classname="c" name="t">${failing ? '<failure/>' : ''}</testcase></testsuite>`

describe('steps with reports in docker mode', () => {
  it('removes the report in the sandbox before every attempt, then retries', async () => {
    const { ws, plan: p } = plan({ retries: 2 })
    const file = join(ws, 'r.xml')
    writeFileSync(file, report(false)) // stale and passing: must not count
    const calls: string[] = []
    const rt = runtime(calls, (n) => {
      writeFileSync(file, report(n === 0))
      return ok({ exitCode: n === 0 ? 1 : 0 })
    })
    const res = await new Run(p, {
      runId: 'r',
      outDir: ws,
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    }).execute()
    expect(calls).toEqual([`rm ${file}`, 'pytest', `rm ${file}`, 'pytest'])

    // Nothing to remove: no exec for it.
    rmSync(file)
    calls.length = 0
    await new Run(p, {
      runId: 'r',
      outDir: ws,
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    }).execute()
    expect(calls).toEqual(['pytest'])
    expect(res.agents[0].commands[0]).toMatchObject({
      status: 'passed',
      flaky: ['c › t'],
      junit: { tests: 1, failures: 0 }
    })
  })

  it('does not run the step when the old report cannot be removed', async () => {
    const { ws, plan: p } = plan({})
    mkdirSync(join(ws, 'r.xml'))
    const calls: string[] = []
    const rt = runtime(calls, () => ok(), true)
    const res = await new Run(p, {
      runId: 'r',
      outDir: ws,
      configLabel: 'c',
      runtimeFor: () => rt,
      log: () => {}
    }).execute()
    expect(calls).toEqual([`rm ${join(ws, 'r.xml')}`])
    expect(res.agents[0].commands[0]).toMatchObject({
      status: 'error',
      reason: `cannot remove the previous JUnit report: cannot remove ${join(ws, 'r.xml')}: is a directory (exit 1)`
    })
  })
})
