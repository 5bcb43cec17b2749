// The matrix: one row per probe, one column per agent, agent-controlled text escaped in both the
// Markdown file and the job-summary HTML.
import { describe, expect, it } from '@jest/globals'
import {
  headline,
  renderIsolationHtml,
  renderIsolationMarkdown
} from '../../../src/isolation/report.js'
import type { IsolationReport } from '../../../src/isolation/types.js'

const hostile = '<img src=x onerror=alert(1)> | `x` [l](http://e) @team'

function report(): IsolationReport {
  return {
    version: 1,
    status: 'failed',
    runId: 'r1',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 61_000,
    config: 'cfg.yaml',
    engine: {
      docker: '27.3.1',
      runc: '1.2.8 (v1.2.8)',
      containerd: '1.7.22 (x)',
      cgroupVersion: '2'
    },
    probes: [
      { id: 'audit', number: 1, title: 'configuration audit' },
      { id: 'network', number: 4, title: 'network none' }
    ],
    agents: [
      {
        id: 'agent_a',
        results: [
          { id: 'audit', number: 1, status: 'pass', detail: 'fine', durationMs: 1 },
          { id: 'network', number: 4, status: 'fail', detail: hostile, durationMs: 1 }
        ]
      },
      {
        id: `b${hostile}`,
        results: [
          { id: 'audit', number: 1, status: 'skip', detail: 'why not', durationMs: 1 },
          { id: 'network', number: 4, status: 'pass', detail: 'ok', durationMs: 1 }
        ]
      }
    ],
    notProbed: [{ id: 'local_one', reason: 'runs locally' }]
  }
}

describe('isolation matrix', () => {
  it('counts statuses in the headline', () => {
    expect(headline(report())).toBe('2 agent(s) × 2 probes: 2 pass, 1 fail, 1 skip')
  })

  it('Markdown: a row per probe, a column per agent, nothing unescaped', () => {
    const md = renderIsolationMarkdown(report())
    const rows = md.split('\n').filter((l) => /^\| \d+ \|/.test(l))
    expect(rows).toEqual([
      '| 1 | configuration audit | ✅ pass | ⏭️ skip |',
      '| 4 | network none | ❌ fail | ✅ pass |'
    ])
    expect(md).not.toContain('<img')
    expect(md).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &#124; &#96;x&#96; &#91;l&#93;(http://e) &#64;team'
    )
    expect(md).toContain('local&#95;one not probed: runs locally')
    expect(md).toContain('Docker 27.3.1 · containerd 1.7.22 (x) · runc 1.2.8 (v1.2.8) · cgroup v2')
  })

  it('HTML: the same matrix with details in titles and lists, escaped', () => {
    const html = renderIsolationHtml(report())
    expect(html).not.toContain('<img')
    expect(html).toContain('<th>b&lt;img src=x onerror=alert(1)&gt; | `x` [l](http://e) @team</th>')
    expect(html).toContain(
      '<td title="&lt;img src=x onerror=alert(1)&gt; | `x` [l](http://e) @team">❌ fail</td>'
    )
    expect(html.match(/<tr><td>\d+<\/td>/g)).toHaveLength(2)
    expect(html).toContain('<summary>agent_a: details (1 not passed)</summary>')
  })
})
