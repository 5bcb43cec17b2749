// Egress in the reports: the refused table (summary.md, job summary) escaped and capped, one
// annotation per refused destination naming the step, the log lines and the audit proposal.
import { describe, expect, it } from '@jest/globals'
import {
  egressAnnotations,
  egressLogLines,
  egressStepLabel,
  MAX_EGRESS_ANNOTATIONS,
  MAX_EGRESS_ROWS,
  notAllowed
} from '../../../src/report/egress.js'
import { renderJobSummary } from '../../../src/report/job-summary.js'
import { renderMarkdown } from '../../../src/report/markdown.js'
import { emptyTotals } from '../../../src/report/totals.js'
import type { EgressReport, RunResults } from '../../../src/report/types.js'
import type { EgressDestination } from '../../../src/lib/egress/types.js'

const AT = '2026-11-22T10:11:12.000Z'

function dest(host: string, over: Partial<EgressDestination> = {}): EgressDestination {
  return {
    host,
    port: 443,
    outcome: 'refused',
    rule: 'not-listed',
    reason: `egress refused: ${host}:443 is not in command_line_egress.allowed_domains or its presets`,
    count: 1,
    firstAt: AT,
    lastAt: AT,
    ...over
  }
}

function report(over: Partial<EgressReport> = {}): EgressReport {
  return {
    mode: 'allowlist',
    allowedDomains: ['pypi.org'],
    presets: [],
    allowedPrivateRanges: [],
    rules: [{ entry: 'pypi.org', source: 'allowed_domains' }],
    steps: [
      {
        index: -1,
        name: 'preinstall',
        egress: true,
        destinations: [dest('pypi.org', { outcome: 'allowed', rule: 'allowed_domains: pypi.org' })]
      },
      { index: 0, name: 'deps', egress: true, destinations: [dest('evil.example', { count: 3 })] },
      {
        index: 1,
        name: 'tests',
        egress: false,
        destinations: [
          dest('pypi.org', { rule: 'egress-off' }),
          dest('gone.example', { outcome: 'failed', rule: 'unresolved' })
        ]
      }
    ],
    totals: { allowed: 1, refused: 4, failed: 1 },
    ...over
  }
}

function results(egress: EgressReport | undefined, id = 'coder'): RunResults {
  return {
    version: 1,
    status: 'passed',
    runId: 'r',
    startedAt: AT,
    durationMs: 1,
    config: 'c.yaml',
    totals: emptyTotals(),
    agents: [{ id, mode: 'docker', status: 'passed', durationMs: 1, commands: [], egress }]
  }
}

describe('egress in the reports', () => {
  it('labels steps as people read them; pseudo-steps by name', () => {
    expect(egressStepLabel({ index: 1, name: 'deps' })).toBe('step 2 (deps)')
    expect(egressStepLabel({ index: 0 })).toBe('step 1')
    expect(egressStepLabel({ index: -1, name: 'preinstall' })).toBe('preinstall')
    expect(egressStepLabel({ index: -1 })).toBe('outside any step')
  })

  it('lists what did not go out, in step order', () => {
    expect(notAllowed(report()).map((d) => [d.step, d.host, d.outcome])).toEqual([
      ['step 1 (deps)', 'evil.example', 'refused'],
      ['step 2 (tests)', 'pypi.org', 'refused'],
      ['step 2 (tests)', 'gone.example', 'failed']
    ])
  })

  it('summary.md: a table of refused destinations with step, rule, count and time', () => {
    const md = renderMarkdown(results(report()))
    expect(md).toContain('**egress (allowlist): 1 allowed, 4 refused, 1 failed connection(s)**')
    expect(md).toContain('| step | destination | outcome | rule | count | first (UTC) |')
    expect(md).toContain(
      '| step 1 (deps) | evil.example:443 | refused | not-listed | 3 | 10:11:12 |'
    )
    expect(md).toContain('| step 2 (tests) | pypi.org:443 | refused | egress-off | 1 | 10:11:12 |')
    expect(md).not.toContain('Proposed list')
  })

  it('escapes hostile host names and step names, and caps the rows', () => {
    const hostile = '<img src=x>|`x`@team'
    const many = Array.from({ length: MAX_EGRESS_ROWS + 7 }, (_, i) => dest(`h${i}.example`))
    const r = report({
      steps: [{ index: 0, name: hostile, egress: true, destinations: [dest(hostile), ...many] }]
    })
    const md = renderMarkdown(results(r))
    expect(md).not.toMatch(/<img|\| `x`|@team/)
    expect(md).toContain('&lt;img src=x&gt;&#124;&#96;x&#96;&#64;team:443')
    expect(md).toContain('… and 8 more in results.json')
    const html = renderJobSummary(results(r))
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x&gt;|`x`@team:443')
    expect(html.match(/<tr><td>step 1/g)).toHaveLength(MAX_EGRESS_ROWS)
    expect(html).toContain('<p>… and 8 more in results.json</p>')
  })

  it('audit mode: the proposal in summary.md, the job summary and the log, host names only', () => {
    const r = report({
      mode: 'audit',
      proposedAllowedDomains: ['pypi.org', 'files.example:8443', '<script>x</script>']
    })
    const md = renderMarkdown(results(r))
    expect(md).toContain(
      '```yaml\ncommand_line_egress:\n  allowed_domains: ["pypi.org","files.example:8443"]\n```'
    )
    expect(md).toContain('(1 entries that are not host names left out)')
    expect(renderJobSummary(results(r))).toContain(
      '<pre>command_line_egress:\n  allowed_domains: [&quot;pypi.org&quot;,&quot;files.example:8443&quot;]</pre>'
    )
    expect(egressLogLines('coder', r)).toEqual([
      '[coder] egress (audit): 1 allowed, 4 refused, 1 failed connection(s)',
      '[coder]   refused evil.example:443 in step 1 (deps): not-listed (3×)',
      '[coder]   refused pypi.org:443 in step 2 (tests): egress-off',
      '[coder]   failed gone.example:443 in step 2 (tests): unresolved',
      '[coder] egress audit: proposed command_line_egress.allowed_domains: ["pypi.org","files.example:8443"]'
    ])
  })

  it('one annotation per refused destination, naming the agent and the step; capped', () => {
    expect(egressAnnotations(results(report()))).toEqual([
      {
        title: 'massgen-exec: coder egress refused',
        message:
          'evil.example:443 refused in step 1 (deps) (not-listed, 3×) — egress refused: evil.example:443 is not in command_line_egress.allowed_domains or its presets'
      },
      {
        title: 'massgen-exec: coder egress refused',
        message: expect.stringMatching(/^pypi\.org:443 refused in step 2 \(tests\) \(egress-off\)/)
      }
    ])
    const many = Array.from({ length: MAX_EGRESS_ANNOTATIONS + 5 }, (_, i) => dest(`h${i}.example`))
    const notes = egressAnnotations(
      results(report({ steps: [{ index: 0, egress: true, destinations: many }] }))
    )
    expect(notes).toHaveLength(MAX_EGRESS_ANNOTATIONS + 1)
    expect(notes.at(-1)!.message).toBe('… and 5 more refused destinations (see results.json)')
  })

  it('agents without egress render nothing of it', () => {
    expect(renderMarkdown(results(undefined))).not.toContain('egress')
    expect(egressAnnotations(results(undefined))).toEqual([])
  })
})
