// One line every report carries (issue 21: nothing silent): where the config came from (the work
// tree, or a git revision with its blob id) and which unsafe classes the invoker allowed.
import type { ConfigSource } from '../config/types.js'
import { describeSource } from '../config/unsafe.js'
import type { UnsafeSummary } from './types.js'

export function trustLine(r: { configSource?: ConfigSource; unsafe?: UnsafeSummary }): string {
  if (!r.configSource && !r.unsafe) return ''
  const allowed = r.unsafe?.allowed.length ? r.unsafe.allowed.join(', ') : 'none'
  const used = r.unsafe?.used.length
    ? ` (in use: ${[...new Set(r.unsafe.used.map((u) => u.class))].join(', ')})`
    : ''
  return `config source: ${describeSource(r.configSource)} · unsafe settings allowed: ${allowed}${used}`
}
