// The action's verify-isolation mode, as the runner drives it (GITHUB_OUTPUT, GITHUB_STATE and
// GITHUB_STEP_SUMMARY files, process.exitCode for failure), on two quick paths against the real
// engine: an agent whose container cannot start (every probe of it fails, the matrix says so) and
// a config with no docker agent (an error). The full probe set runs in default.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runVerifyIsolationAction } from '../../../src/action/verify-isolation.js'
import type { ActionInputs } from '../../../src/action/inputs.js'
import type { IsolationReport } from '../../../src/isolation/types.js'
import { workDir, writeConfig } from './helpers.js'

let wd: string
const saved = { ...process.env }

beforeAll(async () => {
  // @actions/core keeps the summary file path once it has seen it: one set of files for the file.
  wd = await workDir('action')
  process.env.GITHUB_OUTPUT = join(wd, 'output')
  process.env.GITHUB_STATE = join(wd, 'state')
  process.env.GITHUB_STEP_SUMMARY = join(wd, 'summary')
})

beforeEach(async () => {
  for (const f of ['output', 'state', 'summary']) await writeFile(join(wd, f), '')
  process.exitCode = undefined
})

afterAll(() => {
  process.env = { ...saved }
  process.exitCode = undefined
})

function inputs(config: string): ActionInputs {
  return {
    config,
    workingDirectory: wd,
    imagePolicy: 'never',
    imageCache: false,
    outputDir: join(wd, 'out'),
    uploadArtifacts: false,
    failOn: 'failed',
    mode: 'verify-isolation',
    cleanup: true
  }
}

/** name → value from a GITHUB_OUTPUT / GITHUB_STATE file (heredoc format). */
async function keyValues(file: string): Promise<Record<string, string>> {
  const text = await readFile(file, 'utf8')
  const out: Record<string, string> = {}
  const re = /^(\S+)<<(\S+)\n([\s\S]*?)\n\2$/gm
  for (const m of text.matchAll(re)) out[m[1]] = m[3]
  return out
}

describe('runVerifyIsolationAction', () => {
  it('an agent that cannot start fails every probe: matrix in the summary, outputs, state, failure', async () => {
    const config = await writeConfig(
      wd,
      `agent:\n  id: broken\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n    context_paths:\n      - path: ${join(wd, 'missing')}\n        permission: read\n`
    )
    await runVerifyIsolationAction(inputs(config))
    const outputs = await keyValues(join(wd, 'output'))
    expect(outputs.status).toBe('failed')
    expect(outputs.results).toBe(join(wd, 'out', 'isolation.json'))
    const report = JSON.parse(await readFile(outputs.results, 'utf8')) as IsolationReport
    expect(report.agents[0].results.map((r) => r.status)).toEqual(Array(30).fill('fail'))
    expect(report.agents[0].results[0].detail).toMatch(
      /could not be started: mount source .*missing does not exist/
    )
    const summary = await readFile(join(wd, 'summary'), 'utf8')
    expect(summary).toMatch(/<h2>massgen-exec verify-isolation: ❌ failed<\/h2>/)
    expect(summary.match(/<tr><td>\d+<\/td>/g)).toHaveLength(30)
    expect((await keyValues(join(wd, 'state'))).runId).toBe(report.runId)
    expect(process.exitCode).toBe(1)
  })

  it('a config without docker agents is an error', async () => {
    const config = await writeConfig(wd, 'agent:\n  id: local_only\n  backend:\n    cwd: ws\n')
    await runVerifyIsolationAction(inputs(config))
    const outputs = await keyValues(join(wd, 'output'))
    expect(outputs.status).toBe('error')
    const summary = await readFile(join(wd, 'summary'), 'utf8')
    expect(summary).toMatch(/the config has no docker or srt agent: there is no sandbox to verify/)
    expect(summary).toMatch(/local_only not probed: runs locally/)
    expect(process.exitCode).toBe(1)
  })
})
