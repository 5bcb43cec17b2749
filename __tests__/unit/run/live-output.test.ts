// Live output: whole lines as they arrive, redacted, capped; a failed step's tail in summary.md.
import { describe, expect, it } from '@jest/globals'
import { outputTail, failedLike } from '../../../src/report/output-tail.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { Redactor } from '../../../src/report/redact.js'
import { LiveLines } from '../../../src/run/live-output.js'
import type { RunResults, StepResult } from '../../../src/report/types.js'

describe('LiveLines', () => {
  it('emits whole lines per stream as they complete, redacted, and the unterminated rest at the end', () => {
    const r = new Redactor()
    r.add('s3cr3t-value')
    const got: string[] = []
    const live = new LiveLines(
      (l) => got.push(l),
      (t) => r.apply(t),
      10_000
    )
    live.push('stdout', Buffer.from('one\ntoken=s3cr'))
    expect(got).toEqual(['one'])
    live.push('stderr', Buffer.from('err line\r\n'))
    live.push('stdout', Buffer.from('3t-value\n'))
    // A multi-byte character split across chunks stays whole.
    const e = Buffer.from('é\n')
    live.push('stdout', e.subarray(0, 1))
    live.push('stdout', Buffer.concat([e.subarray(1), Buffer.from('tail')]))
    live.end()
    expect(got).toEqual(['one', 'err line', 'token=***', 'é', 'tail'])
  })

  it('stops after maxBytes, saying so once', () => {
    const got: string[] = []
    const live = new LiveLines(
      (l) => got.push(l),
      (t) => t,
      12
    )
    live.push('stdout', Buffer.from('12345\n12345\n12345\n12345\n'))
    expect(got).toEqual(['12345', '12345', expect.stringMatching(/^… live output cut at 12 bytes/)])
  })
})

describe('a failed step’s output tail', () => {
  const step = (over: Partial<StepResult>): StepResult =>
    ({
      index: 0,
      command: 'make test',
      status: 'failed',
      exitCode: 1,
      durationMs: 5,
      stdout: Array.from({ length: 50 }, (_, i) => `out ${i}`).join('\n') + '\n',
      stderr: 'boom <b>&\n',
      ...over
    }) as StepResult

  it('is the last 40 lines of stdout then stderr', () => {
    const tail = outputTail(step({}))
    expect(tail).toHaveLength(40)
    expect(tail[0]).toBe('out 11')
    expect(tail.at(-1)).toBe('boom <b>&')
    expect(failedLike({ status: 'timeout' })).toBe(true)
    expect(failedLike({ status: 'passed' })).toBe(false)
    expect(failedLike({ status: 'blocked' })).toBe(false)
  })

  it('is in summary.md under the agent’s table, HTML-escaped; passed steps have none', () => {
    const results = {
      version: 1,
      status: 'failed',
      runId: 'r',
      startedAt: '',
      durationMs: 1,
      config: 'c.yaml',
      totals: {
        commands: 2,
        passed: 1,
        failed: 1,
        blocked: 0,
        timedOut: 0,
        oom: 0,
        errored: 0,
        skipped: 0
      },
      agents: [
        {
          id: 'a',
          mode: 'local',
          status: 'failed',
          durationMs: 1,
          commands: [
            step({ index: 0, status: 'passed', stdout: 'fine\n', stderr: '' }),
            step({ index: 1 })
          ]
        }
      ]
    } as unknown as RunResults
    const md = renderMarkdown(results)
    expect(md).toContain('<details><summary>step 2 failed: last 40 output lines</summary>')
    expect(md).toContain('out 49\nboom &lt;b&gt;&amp;</pre>')
    expect(md).not.toContain('fine')
  })
})
