// command_line_egress (and MassGen's command_line_srt_network_allowed_domains) → EgressConfig,
// with the combinations that cannot mean what they say reported at their position.
import { parseEgressConfig } from '../lib/egress/config.js'
import type { EgressConfig } from '../lib/egress/types.js'
import type { SourcePos, Step } from './types.js'

type Obj = Record<string, unknown>
type KeyPath = (string | number)[]

export function buildEgress(
  backend: Obj,
  bp: KeyPath,
  steps: Step[],
  stepsPath: KeyPath,
  posOf: (keys: KeyPath) => SourcePos,
  report: (pos: SourcePos, message: string) => void
): EgressConfig | undefined {
  const raw = backend.command_line_egress
  const mode = backend.command_line_execution_mode
  // MassGen's srt list grants network to srt agents only; it is the srt mode's key to validate.
  const srtKey = 'command_line_srt_network_allowed_domains'
  const srt = mode === 'srt' && Array.isArray(backend[srtKey]) ? backend[srtKey] : undefined
  if (raw === undefined && srt === undefined) {
    for (const s of steps)
      if (s.kind === 'run' && s.egress === true)
        report(
          posOf([...stepsPath, s.index, 'egress']),
          'egress: true needs command_line_egress on the agent (without it the sandbox has no network)'
        )
    return undefined
  }
  const cfg = parseEgressConfig(
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Obj) : undefined,
    srt,
    (path, message) =>
      report(
        posOf(
          path[0] === 'srt' ? [...bp, srtKey, path[1]] : [...bp, 'command_line_egress', ...path]
        ),
        `command_line_egress: ${message}`.replace(/^command_line_egress: (?=command_line_srt)/, '')
      )
  )
  if (raw === undefined) return cfg
  const net = backend.command_line_docker_network_mode
  if (net === 'bridge' || net === 'host')
    report(
      posOf([...bp, 'command_line_docker_network_mode']),
      `command_line_docker_network_mode: ${net} gives the agent the whole network and cannot be ` +
        'combined with command_line_egress (egress runs on network none through the proxy); drop one'
    )
  if (mode !== 'docker' && mode !== 'srt')
    report(
      posOf([...bp, 'command_line_egress']),
      'command_line_egress needs a sandbox (command_line_execution_mode: docker or srt); local mode has ' +
        'no network boundary to enforce an allowlist with'
    )
  return cfg
}
