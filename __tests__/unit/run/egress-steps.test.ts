// The orchestrator's side of egress: beginStep before each step that runs (with the step's
// `egress`), the session's report on the agent and each step's part on the step, rendered in
// summary.md, the job summary and the CLI lines; a session without egress leaves no trace.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan, Step } from '../../../src/config/types.js'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressLog
} from '../../../src/runtime/egress/index.js'
import { egressAnnotations, egressLines } from '../../../src/report/egress.js'
import { renderJobSummary } from '../../../src/report/job-summary.js'
import { writeReports } from '../../../src/report/write.js'
import { Run } from '../../../src/run/orchestrate.js'
import type { AgentSession, ExecRequest, Runtime } from '../../../src/runtime/types.js'

type Begun = { index: number; name?: string; egress: boolean }

/** A session whose commands "connect" where they say: `get host` is allowed or refused by the log. */
function runtime(withEgress: boolean, audit = false) {
  const begun: Begun[] = []
  const policy = compileEgressPolicy({
    ...emptyEgressConfig(),
    allowedDomains: ['pypi.org'],
    audit
  })
  const log = new EgressLog(policy, () => new Date('2026-01-01T00:00:00Z'))
  let current: Begun | undefined
  const rt: Runtime = {
    async start(): Promise<AgentSession> {
      return {
        info: { mode: 'srt' },
        beginStep(step) {
          begun.push(step)
          current = step
          log.enterStep(step)
        },
        egressReport: withEgress ? () => log.report() : undefined,
        exec: async (req: ExecRequest) => {
          for (const host of req.command.match(/(?<=get )\S+/g) ?? []) {
            const allowed = current?.egress && (audit || host === 'pypi.org')
            log.record(host, 443, allowed ? 'allowed' : 'refused', {
              allowed: !!allowed,
              rule: allowed
                ? 'allowed_domains: pypi.org'
                : current?.egress
                  ? 'not-listed'
                  : 'egress-off',
              reason: allowed ? '' : `egress refused: ${host}:443`
            })
          }
          const fail = req.command.includes('fail')
          return {
            exitCode: fail ? 1 : 0,
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
        close: async () => {}
      }
    }
  }
  return { rt, begun }
}

const run = (index: number, command: string, extra: object = {}): Step => ({
  kind: 'run',
  index,
  run: command,
  timeoutSec: 5,
  env: {},
  expectExit: 0,
  allowFailure: false,
  background: false,
  ...extra
})

function agent(steps: Step[]): AgentPlan {
  return {
    id: 'a',
    mode: 'srt',
    workspace: tmpdir(),
    contextPaths: [],
    policy: { enableSudo: false, allowed: [], blocked: [] },
    maxOutputBytes: 1024,
    steps,
    egress: { ...emptyEgressConfig(), allowedDomains: ['pypi.org'] }
  }
}

async function execute(rt: Runtime, steps: Step[]) {
  const dir = mkdtempSync(join(tmpdir(), 'egress-run-'))
  const r = new Run(
    {
      configFile: '/c.yaml',
      workingDirectory: tmpdir(),
      agents: [agent(steps)],
      defaults: { timeoutSec: 60, maxOutputBytes: 1024 }
    },
    { runId: 'r', outDir: dir, configLabel: 'c.yaml', runtimeFor: () => rt, log: () => {} }
  )
  return { res: await r.execute(), dir }
}

describe('egress in the run', () => {
  it('begins every step that runs, with its egress; reports per agent and per step', async () => {
    const { rt, begun } = runtime(true)
    const { res, dir } = await execute(rt, [
      run(0, 'get pypi.org get evil.test', { name: 'deps' }),
      { kind: 'write_file', index: 1, path: join(tmpdir(), 'n.txt'), content: 'x' },
      run(2, 'get pypi.org && fail', { name: 'tests', egress: false }),
      run(3, 'never')
    ])
    expect(begun).toEqual([
      { index: 0, name: 'deps', egress: true },
      { index: 1, name: undefined, egress: true },
      { index: 2, name: 'tests', egress: false }
    ])
    const [a] = res.agents
    expect(
      a.commands.map((s) => s.egress?.destinations.map((d) => `${d.outcome} ${d.host}`))
    ).toEqual([['allowed pypi.org', 'refused evil.test'], [], ['refused pypi.org'], undefined])
    expect(a.egress?.totals).toEqual({ allowed: 1, refused: 2, failed: 0 })
    // results.json as written carries the same.
    const written = await writeReports(dir, res)
    const json = JSON.parse(readFileSync(written.resultsFile, 'utf8'))
    expect(json.agents[0].egress.steps).toHaveLength(3)
    const md = readFileSync(written.summaryFile, 'utf8')
    expect(md).toContain('**egress (allowlist): 1 allowed, 2 refused**')
    expect(md).toContain(
      '| step 1 (deps) | <code>evil.test:443</code> | 1 | egress refused: evil.test:443 |'
    )
    expect(md).toContain('| step 3 (tests), egress: false | <code>pypi.org:443</code> | 1 |')
    const html = renderJobSummary(res)
    expect(html).toContain('<td>step 1 (deps)</td><td><code>evil.test:443</code></td>')
    expect(egressAnnotations(a)).toEqual([
      {
        message: 'egress refused: evil.test:443 (1×) — egress refused: evil.test:443',
        title: 'massgen-exec: a step 1 (deps)'
      },
      {
        message: 'egress refused: pypi.org:443 (1×) — egress refused: pypi.org:443',
        title: 'massgen-exec: a step 3 (tests), egress: false'
      }
    ])
    expect(egressLines(a)[0]).toBe('egress (allowlist): 1 allowed, 2 refused')
  })

  it('audit mode: the proposal is in every report', async () => {
    const { rt } = runtime(true, true)
    const { res, dir } = await execute(rt, [run(0, 'get pypi.org get files.example.org')])
    expect(res.agents[0].egress?.proposedAllowedDomains).toEqual(['files.example.org', 'pypi.org'])
    const written = await writeReports(dir, res)
    expect(readFileSync(written.summaryFile, 'utf8')).toContain(
      'proposed allowed_domains: <code>files.example.org</code>, <code>pypi.org</code>'
    )
    expect(egressLines(res.agents[0]).at(-1)).toBe(
      '  proposed allowed_domains: ["files.example.org","pypi.org"]'
    )
  })

  it('a session without egress leaves no egress field anywhere', async () => {
    const { rt } = runtime(false)
    const { res } = await execute(rt, [run(0, 'get pypi.org')])
    expect(res.agents[0].egress).toBeUndefined()
    expect(res.agents[0].commands[0].egress).toBeUndefined()
    expect(renderJobSummary(res)).not.toContain('egress')
  })
})
