// Probes 15 (timeouts) and 22 (harness shims) can fail: one verify run, only those two probes, with
// two harnesses weakened through the engine client verify is given. `naive_harness` runs its kill
// and its process check the careless way (programs looked up on the container's PATH, where the
// agent plants shims; no engine process list, so a root ps listing decides); `no_kill` never kills and
// believes nothing is left. The default harness passes both (default.test.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { verifyIsolation, type VerifyOutcome } from '../../../src/isolation/verify.js'
import { PROCESS_LISTING, sweepRun, type ExecSpec } from '../../../src/runtime/docker/index.js'
import { client, ensureRuntimeImage } from '../docker/helpers.js'
import { failures, VERIFY_TIMEOUT_MS, weakeningClient, workDir, writeConfig } from './helpers.js'

const KILL = ['/bin/sh', '-c', 'kill -9 -1']

/**
 * The harness's kill and process listing as a careless harness makes them: programs through PATH,
 * the image's env. (The probes list processes the same way, so theirs are weakened too here.)
 */
function throughPath(spec: ExecSpec): ExecSpec {
  const harness =
    JSON.stringify(spec.Cmd) === JSON.stringify(KILL) ||
    JSON.stringify(spec.Cmd) === JSON.stringify(PROCESS_LISTING)
  if (!harness) return spec
  const [program, flag, script] = spec.Cmd
  return {
    ...spec,
    Cmd: [program.split('/').pop()!, flag, script.replace('exec /bin/ps', 'exec ps')],
    Env: undefined
  }
}

let outcome: VerifyOutcome
let runId = ''

beforeAll(async () => {
  await ensureRuntimeImage(false)
  const wd = await workDir('harness')
  const backend =
    'command_line_execution_mode: docker\n      command_line_docker_memory_limit: "256m"\n      command_line_docker_cpu_limit: 0.5'
  const config = await writeConfig(
    wd,
    `agents:\n  - id: naive_harness\n    backend:\n      cwd: ws/naive\n      ${backend}\n  - id: no_kill\n    backend:\n      cwd: ws/no_kill\n      ${backend}\n`
  )
  outcome = await verifyIsolation({
    configPath: config,
    outDir: join(wd, 'out'),
    workingDirectory: wd,
    log: () => undefined,
    onStart: (id) => (runId = id),
    probes: ['timeouts', 'harness-shims'],
    client: weakeningClient(client, {
      exec: (agent, spec) =>
        agent === 'naive_harness'
          ? throughPath(spec)
          : agent === 'no_kill' && JSON.stringify(spec.Cmd) === JSON.stringify(KILL)
            ? { ...spec, Cmd: ['/bin/true'] }
            : spec,
      top: (agent) =>
        agent === 'naive_harness'
          ? 'fail'
          : agent === 'no_kill'
            ? { Titles: ['PID', 'UID', 'STAT', 'COMMAND'], Processes: [] }
            : undefined
    })
  })
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  if (runId) await sweepRun(client, runId)
})

describe('probes 15 and 22 against weakened harnesses', () => {
  it('naive_harness: a planted sh runs as root; probe 22 says so', () => {
    expect(failures(outcome.report).naive_harness).toEqual(['harness-shims'])
    const r = outcome.report.agents
      .find((a) => a.id === 'naive_harness')!
      .results.find((x) => x.id === 'harness-shims')!
    expect(r.detail).toMatch(/shims ran as root: (.*, )?sh\b/)
  })

  it('no_kill: processes outlive the timeout; probes 15 and 22 fail', () => {
    expect(failures(outcome.report).no_kill).toEqual(['harness-shims', 'timeouts'])
  })
})
