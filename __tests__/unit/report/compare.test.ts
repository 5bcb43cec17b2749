import { describe, expect, it } from '@jest/globals'
import {
  compareOutputs,
  MAX_LISTED,
  notCaughtMessage,
  verdictAnnotations
} from '../../../src/report/compare.js'
import { renderJobSummary } from '../../../src/report/job-summary.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { countSteps, emptyTotals } from '../../../src/report/totals.js'
import type { CompareResult, RunResults, StepResult, Verdict } from '../../../src/report/types.js'

const hostile = '</li></ul><script>alert(1)</script> | `x` [l](http://e) @team'

function compare(
  verdict: Verdict,
  over: Partial<CompareResult['transitions']> = {}
): CompareResult {
  return {
    baseRef: 'origin/main',
    base: 'b'.repeat(40),
    head: 'h'.repeat(40),
    verdict,
    transitions: {
      failToPass: [],
      passToPass: [],
      failToFail: [],
      passToFail: [],
      onlyHead: [],
      onlyBase: [],
      skipped: [],
      ...over
    },
    timings: { prepareMs: 1, headMs: 1, baseMs: 1 }
  }
}

function step(index: number, over: Partial<StepResult>): StepResult {
  return {
    index,
    command: 'pytest',
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

function results(...commands: StepResult[][]): RunResults {
  return {
    version: 1,
    status: 'passed',
    runId: 'r',
    startedAt: '',
    durationMs: 10,
    config: 'c.yaml',
    totals: countSteps(commands.flat(), emptyTotals()),
    agents: commands.map((c, i) => ({
      id: `a${i}`,
      mode: 'docker' as const,
      status: 'passed' as const,
      durationMs: 1,
      commands: c
    }))
  }
}

describe('compare in the reports', () => {
  const many = Array.from({ length: MAX_LISTED + 5 }, (_, i) => `tests › test_${i}`)
  const r = results([
    step(0, {
      compare: compare('catches-change', {
        failToPass: [hostile],
        passToPass: ['p'],
        onlyHead: many
      })
    }),
    step(1, {
      flaky: [hostile],
      attempts: [
        { status: 'failed', exitCode: 1, durationMs: 1 },
        { status: 'passed', exitCode: 0, durationMs: 1 }
      ]
    })
  ])

  it('job summary: verdict, capped lists, flaky tests, every name escaped', () => {
    const html = renderJobSummary(r)
    expect(html).toContain(
      '✅ step 1 compare: catches-change (base <code>bbbbbbbbbbbb</code> = origin/main → head <code>hhhhhhhhhhhh</code>)'
    )
    expect(html).toContain('<li>fail → pass (1): <code>&lt;/li&gt;&lt;/ul&gt;&lt;script&gt;')
    expect(html).toContain(`<li>only on head (not run on base) (${MAX_LISTED + 5}): `)
    // Pass-to-pass only counted (results.json has the names).
    expect(html).toContain('<li>pass → pass: 1</li>')
    expect(html).toContain(`<code>tests › test_${MAX_LISTED - 1}</code> … and 5 more</li>`)
    expect(html).not.toContain(`test_${MAX_LISTED}<`)
    expect(html).toContain(
      '🔁 step 2: flaky (failed, then passed on a retry; 2 attempts): <code>&lt;/li&gt;'
    )
    expect(html).not.toContain('<script>')
    expect(html.match(/<ul>/g)?.length).toBe(html.match(/<\/ul>/g)?.length)
  })

  it('summary.md: the same, escaped for Markdown', () => {
    const md = renderMarkdown(r)
    expect(md).toContain('- ✅ step 1 compare: catches-change')
    expect(md).toContain('  - fail → pass (1): <code>&lt;/li&gt;&lt;/ul&gt;&lt;script&gt;')
    expect(md).toContain('&#124; &#96;x&#96; &#91;l&#93;(http://e) &#64;team</code>')
    expect(md).toContain('… and 5 more')
    expect(md).not.toContain('<script>')
  })

  it('outputs: the worst verdict over all compare steps and every failToPass test', () => {
    expect(compareOutputs(results([step(0, {})]))).toEqual({ verdict: '', failToPass: '[]' })
    const mixed = results(
      [step(0, { compare: compare('catches-change', { failToPass: ['a', 'b'] }) })],
      [
        step(0, { compare: compare('does-not-catch') }),
        step(1, { compare: compare('catches-change', { failToPass: ['b', 'c'] }) })
      ]
    )
    expect(compareOutputs(mixed)).toEqual({
      verdict: 'does-not-catch',
      failToPass: '["a","b","c"]'
    })
    mixed.agents[0].commands[0].compare!.verdict = 'error'
    expect(compareOutputs(mixed).verdict).toBe('error')
  })

  it('untrusted: the tampering listed, annotated; fail-on not-caught fails unless all catch', () => {
    const c = {
      ...compare('untrusted'),
      reason: 'the change alters how its tests run',
      tamper: [
        { kind: 'test-support' as const, path: 'tests/conftest.py', detail: 'added by the change' }
      ],
      dirty: ['calc.py']
    }
    const u = results([step(0, { compare: c })])
    const md = renderMarkdown(u)
    expect(md).toContain('🚫 step 1 compare: untrusted')
    expect(md).toContain(
      'tampering (test-support): <code>tests/conftest.py</code> — added by the change'
    )
    expect(md).toContain('1 uncommitted or untracked file(s): <code>calc.py</code>')
    expect(verdictAnnotations(u)).toEqual([
      {
        title: 'massgen-exec: a0 step 1 compare: untrusted',
        message: 'pytest: untrusted — the change alters how its tests run'
      }
    ])
    expect(compareOutputs(u).verdict).toBe('untrusted')
    expect(notCaughtMessage(u)).toContain('step 1: untrusted')
    expect(notCaughtMessage(results([step(0, {})]))).toContain('no compare step')
    expect(notCaughtMessage(results([step(0, { compare: compare('catches-change') })]))).toBe(
      undefined
    )
  })

  it('an error verdict shows its reason', () => {
    const c = { ...compare('error'), reason: 'base: oom: killed: out of memory' }
    delete c.base
    const html = renderJobSummary(results([step(0, { status: 'error', compare: c })]))
    expect(html).toContain('⚠️ step 1 compare: error — base: oom: killed: out of memory')
  })
})
