import { describe, expect, it } from '@jest/globals'
import { failureMessage } from '../../../src/action/main.js'
import { renderJobSummary, SUMMARY_LIMIT_BYTES } from '../../../src/report/job-summary.js'
import { escapeCell, renderMarkdown } from '../../../src/report/markdown.js'
import { countSteps, emptyTotals } from '../../../src/report/totals.js'
import type { RunResults, StepResult } from '../../../src/report/types.js'

function step(over: Partial<StepResult>): StepResult {
  return {
    index: 0,
    command: 'true',
    kind: 'run',
    status: 'passed',
    exitCode: 0,
    durationMs: 5,
    stdout: '',
    stderr: '',
    truncated: false,
    ...over
  }
}

function results(commands: StepResult[], extra: Partial<RunResults> = {}): RunResults {
  const agents = [
    {
      id: 'a',
      mode: 'docker' as const,
      status: 'failed' as const,
      image: 'img',
      durationMs: 10,
      commands
    }
  ]
  return {
    version: 1,
    status: 'failed',
    runId: 'r',
    startedAt: '',
    durationMs: 10,
    config: 'c.yaml',
    totals: countSteps(commands, emptyTotals()),
    agents,
    ...extra
  }
}

const hostile = '</td></tr></table><script>alert(1)</script> | `x` [l](http://e) @team\n::error::x'

describe('job summary', () => {
  it('escapes agent-controlled text everywhere and keeps the table balanced', () => {
    const html = renderJobSummary(
      results(
        [
          step({
            index: 0,
            name: hostile,
            command: hostile,
            status: 'failed',
            exitCode: 1,
            stdout: hostile,
            stderr: hostile,
            reason: hostile
          })
        ],
        {
          config: hostile
        }
      )
    )
    expect(html).not.toMatch(/<script>|<\/td><\/tr><\/table><script/)
    expect(html.match(/<table>/g)).toHaveLength(1)
    expect(html.match(/<\/table>/g)).toHaveLength(1)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<details><summary>a · step 1: output')
  })

  it('stays under the 1 MiB limit with huge outputs and thousands of steps', () => {
    const big = 'x'.repeat(500_000)
    const many = Array.from({ length: 3000 }, (_, i) =>
      step({
        index: i,
        status: 'failed',
        exitCode: 1,
        stdout: big,
        stderr: big,
        command: `cmd ${i} ${'y'.repeat(150)}`
      })
    )
    const html = renderJobSummary(results(many))
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(html).toContain('massgen-exec: ❌ failed')
    const few = renderJobSummary(results(many.slice(0, 30)))
    expect(Buffer.byteLength(few)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(few).toContain('<details>') // tails shortened, not dropped, when tables fit
  })

  it('shows JUnit counts and failing tests', () => {
    const html = renderJobSummary(
      results([
        step({
          status: 'failed',
          exitCode: 1,
          junit: {
            file: 'r.xml',
            tests: 3,
            failures: 1,
            errors: 0,
            skipped: 1,
            failed: ['t › <b>x</b>']
          }
        })
      ])
    )
    expect(html).toContain('JUnit: 3 tests, 1 failures, 0 errors, 1 skipped')
    expect(html).toContain('<code>t › &lt;b&gt;x&lt;/b&gt;</code>')
  })
})

describe('summary.md', () => {
  it('escapes cells so output cannot break the table', () => {
    expect(escapeCell('a|b\nc<d>')).toBe('a&#124;b ⏎ c&lt;d&gt;')
    const md = renderMarkdown(
      results([
        step({ command: 'echo "a|b"', status: 'blocked', exitCode: null, rule: 'x', reason: 'r|s' })
      ])
    )
    const row = md.split('\n').find((l) => l.startsWith('| 1 |'))!
    expect(row.split(' | ')).toHaveLength(6)
  })
})

describe('the runtime an agent ran under', () => {
  it('is named in both summaries when the config chose one, and left out otherwise', () => {
    const r = results([step({})])
    r.agents[0].limits = { runtime: 'runsc', memory: null }
    expect(renderMarkdown(r)).toContain('(docker, img, runtime runsc)')
    expect(renderJobSummary(r)).toContain('docker · img · runtime runsc')
    r.agents[0].limits = { runtime: null }
    expect(renderMarkdown(r)).toContain('(docker, img)')
    expect(renderJobSummary(r)).not.toContain('runtime')
  })
})

describe('fail-on', () => {
  const failed = results([step({ status: 'failed', exitCode: 1 })])
  const blocked = results([step({ status: 'blocked', exitCode: null })])
  const passed = results([step({})], { status: 'passed' })
  it('fails on any non-passed step by default, only on blocked steps with "blocked", never with "never"', () => {
    expect(failureMessage(failed, 'failed')).toMatch(/1 failed/)
    expect(failureMessage(passed, 'failed')).toBeUndefined()
    expect(failureMessage(failed, 'blocked')).toBeUndefined()
    expect(failureMessage(blocked, 'blocked')).toMatch(/1 blocked/)
    expect(failureMessage(failed, 'never')).toBeUndefined()
  })
  it('counts only the steps that fail the run: allow_failure steps are named apart, not counted', () => {
    const mixed = results([
      step({ status: 'failed', exitCode: 1 }),
      step({ index: 1, status: 'blocked', exitCode: null, allowFailure: true }),
      step({ index: 2, status: 'failed', exitCode: 3, allowFailure: true })
    ])
    expect(failureMessage(mixed, 'failed')).toBe(
      'massgen-exec: 1 failed, 0 blocked, 0 timed out, 0 out of memory, 0 errors (and 2 allowed to fail, not counted)'
    )
    // fail-on blocked: a blocked step that was allowed to fail does not fail the job.
    expect(failureMessage(mixed, 'blocked')).toBeUndefined()
  })
  it('always fails on a run error, naming it', () => {
    const err = results([], { status: 'error', error: 'c.yaml:1:1: bad' })
    expect(failureMessage(err, 'never')).toBe('massgen-exec: c.yaml:1:1: bad')
  })
})
