// What went out and what was refused, per step: one row per (host, port, outcome, rule) with a
// count and the first and last time, so a flood of retries stays one line. Also the audit-mode
// proposal of an allowed_domains list.
import { isIP } from 'node:net'
import type { EgressPolicy } from '../../lib/egress/config.js'
import type {
  EgressDestination,
  EgressOutcome,
  EgressReport,
  EgressStep,
  EgressStepReport,
  Verdict
} from '../../lib/egress/types.js'

/** Rows kept per step; a step past it counts further destinations in one overflow row. */
const MAX_ROWS_PER_STEP = 500
const OUTSIDE: EgressStep = { index: -1, egress: false }

interface StepBucket {
  step: EgressStep
  rows: Map<string, EgressDestination>
  overflow: number
}

export class EgressLog {
  private readonly buckets: StepBucket[] = []
  private current: StepBucket | undefined

  constructor(
    private readonly policy: EgressPolicy,
    private readonly now: () => Date = () => new Date()
  ) {}

  /** Starts attributing to `step` (undefined: outside any step). */
  enterStep(step: EgressStep | undefined): void {
    if (!step) {
      this.current = undefined
      return
    }
    const same = this.buckets.find((b) => b.step.index === step.index && b.step.name === step.name)
    if (same) {
      same.step = { ...step }
      this.current = same
      return
    }
    this.current = { step: { ...step }, rows: new Map(), overflow: 0 }
    this.buckets.push(this.current)
  }

  record(host: string, port: number, outcome: EgressOutcome, verdict: Verdict): void {
    const bucket = this.current ?? this.outsideBucket()
    const key = `${host}\u0000${port}\u0000${outcome}\u0000${verdict.rule}`
    const at = this.now().toISOString()
    const row = bucket.rows.get(key)
    if (row) {
      row.count++
      row.lastAt = at
      return
    }
    if (bucket.rows.size >= MAX_ROWS_PER_STEP) {
      bucket.overflow++
      return
    }
    const dest: EgressDestination = {
      host,
      port,
      outcome,
      rule: verdict.rule,
      count: 1,
      firstAt: at,
      lastAt: at
    }
    if (verdict.reason) dest.reason = verdict.reason
    if (outcome !== 'allowed' && verdict.addresses?.length)
      dest.addresses = verdict.addresses.slice(0, 4)
    bucket.rows.set(key, dest)
  }

  /** Every step seen, in order, with its destinations (allowed first, then by first time). */
  steps(): EgressStepReport[] {
    const order: Record<EgressOutcome, number> = { allowed: 0, refused: 1, failed: 2 }
    return this.buckets.map((b) => {
      const destinations = [...b.rows.values()].sort(
        (x, y) => order[x.outcome] - order[y.outcome] || x.firstAt.localeCompare(y.firstAt)
      )
      if (b.overflow > 0) {
        const at = this.now().toISOString()
        destinations.push({
          host: '(more destinations)',
          port: 0,
          outcome: 'refused',
          rule: 'log-limit',
          reason: `${b.overflow} connections to further destinations were not itemised`,
          count: b.overflow,
          firstAt: at,
          lastAt: at
        })
      }
      return { index: b.step.index, name: b.step.name, egress: b.step.egress, destinations }
    })
  }

  refused(): (EgressDestination & { step: number; stepName?: string })[] {
    return this.steps().flatMap((s) =>
      s.destinations
        .filter((d) => d.outcome === 'refused')
        .map((d) => ({ ...d, step: s.index, stepName: s.name }))
    )
  }

  /**
   * The allowed_domains list that would let this run's traffic through: every name asked for in a
   * step with egress on (refusals for `egress: false` steps are the config working, not a need).
   * A port other than 80/443 is kept in the entry, as the list matches it. A name that never
   * resolved on the runner (outcome `failed`, rule `unresolved`) is left out: allowing it would not
   * have made it work (a typo, a host that only exists elsewhere); it stays in the refused rows.
   */
  proposal(): string[] {
    const names = new Set<string>()
    for (const s of this.steps()) {
      if (!s.egress) continue
      for (const d of s.destinations) {
        if (d.rule === 'log-limit' || d.rule === 'bad-host' || d.outcome === 'failed') continue
        const host = isIP(d.host) === 6 ? `[${d.host}]` : d.host
        names.add(d.port === 80 || d.port === 443 ? host : `${host}:${d.port}`)
      }
    }
    return [...names].sort()
  }

  report(): EgressReport {
    const steps = this.steps()
    const totals = { allowed: 0, refused: 0, failed: 0 }
    for (const s of steps) for (const d of s.destinations) totals[d.outcome] += d.count
    const c = this.policy.config
    const report: EgressReport = {
      mode: this.policy.audit ? 'audit' : 'allowlist',
      allowedDomains: [...c.allowedDomains, ...c.srtAllowedDomains],
      presets: [...c.presets],
      allowedPrivateRanges: [...c.allowedPrivateRanges],
      rules: this.policy.rules.map((r) => ({ ...r })),
      steps,
      totals
    }
    if (this.policy.audit) report.proposedAllowedDomains = this.proposal()
    return report
  }

  private outsideBucket(): StepBucket {
    let b = this.buckets.find((x) => x.step.index === OUTSIDE.index)
    if (!b) {
      b = { step: { ...OUTSIDE }, rows: new Map(), overflow: 0 }
      this.buckets.push(b)
    }
    return b
  }
}
