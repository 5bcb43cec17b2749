// Nothing silent (issue 21): every report states the config's source and the unsafe classes
// allowed, escaped like everything else in it.
import { describe, expect, it } from '@jest/globals'
import { renderIsolationHtml, renderIsolationMarkdown } from '../../../src/isolation/report.js'
import type { IsolationReport } from '../../../src/isolation/types.js'
import { renderJobSummary } from '../../../src/report/job-summary.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { emptyTotals } from '../../../src/report/totals.js'
import { trustLine } from '../../../src/report/trust.js'
import type { RunResults } from '../../../src/report/types.js'

const results: RunResults = {
  version: 1,
  status: 'passed',
  runId: 'r',
  startedAt: '2026-01-01T00:00:00Z',
  durationMs: 1,
  config: '.massgen/verify.yaml',
  totals: emptyTotals(),
  agents: [],
  configSource: {
    kind: 'revision',
    path: '.massgen/<verify>.yaml',
    ref: 'abc',
    commit: 'abc1234',
    blob: 'b10b'
  },
  unsafe: {
    allowed: ['root-user'],
    used: [
      { class: 'root-user', agent: 'a', key: 'agent.backend.command_line_docker_user', at: 'c:6:5' }
    ]
  }
}

describe('the trust line', () => {
  it('says where the config came from and what was allowed', () => {
    expect(trustLine(results)).toBe(
      'config source: .massgen/<verify>.yaml at revision abc (commit abc1234, blob b10b) · unsafe settings allowed: root-user (in use: root-user)'
    )
    expect(
      trustLine({
        configSource: { kind: 'worktree', path: 'c.yaml', blob: 'f00' },
        unsafe: { allowed: [], used: [] }
      })
    ).toBe('config source: c.yaml (work tree, blob f00) · unsafe settings allowed: none')
  })

  it('is in the job summary and summary.md of a run, escaped', () => {
    expect(renderJobSummary(results)).toContain(
      '<p>config source: .massgen/&lt;verify&gt;.yaml at revision abc (commit abc1234, blob b10b) · unsafe settings allowed: root-user (in use: root-user)</p>'
    )
    expect(renderMarkdown(results)).toContain('config source: .massgen/&lt;verify&gt;.yaml')
  })

  it('is in verify-isolation’s summaries', () => {
    const report: IsolationReport = {
      version: 1,
      status: 'error',
      runId: 'r',
      startedAt: '2026-01-01T00:00:00Z',
      durationMs: 1,
      config: 'c.yaml',
      engine: {},
      probes: [],
      agents: [],
      notProbed: [],
      configSource: { kind: 'worktree', path: 'c.yaml', blob: 'f00' },
      unsafe: { allowed: [], used: [] }
    }
    expect(renderIsolationHtml(report)).toContain(
      '<p>config source: c.yaml (work tree, blob f00) · unsafe settings allowed: none</p>'
    )
    expect(renderIsolationMarkdown(report)).toContain('unsafe settings allowed: none')
  })
})
