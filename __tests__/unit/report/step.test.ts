// erroredStep: the one "did not run to an exit code" row the orchestrator and the MCP tools start from.
import { describe, expect, it } from '@jest/globals'
import { erroredStep } from '../../../src/report/step.js'

describe('erroredStep', () => {
  it('is an error with no exit code and no output', () => {
    expect(erroredStep({ index: 2, name: 'build', command: 'make', kind: 'run' })).toEqual({
      index: 2,
      name: 'build',
      command: 'make',
      kind: 'run',
      status: 'error',
      exitCode: null,
      durationMs: 0,
      stdout: '',
      stderr: '',
      truncated: false
    })
  })

  it('what the caller knows goes on top, status included', () => {
    const r = erroredStep(
      { index: 0, command: 'read_file a', kind: 'mcp' },
      { allowFailure: true, status: 'blocked', reason: 'policy' }
    )
    expect(r).toMatchObject({ status: 'blocked', reason: 'policy', allowFailure: true })
    expect(r.name).toBeUndefined()
  })
})
