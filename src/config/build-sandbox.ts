// The execution mode, the srt settings and the CA certificates an agent's sandbox gets.
import { resolve } from 'node:path'
import { asList, expandHome, str } from './build-context.js'
import type { BuildContext, KeyPath, Obj } from './build-context.js'
import { SYSTEM_CA } from './defaults.js'
import type { AgentPlan, SrtConfig } from './types.js'

/** command_line_ca_certificates: `system` kept, paths absolute; local mode has no sandbox to give them. */
export function buildCaCertificates(
  backend: Obj,
  bp: KeyPath,
  mode: AgentPlan['mode'],
  ctx: BuildContext
): string[] | undefined {
  const raw = backend.command_line_ca_certificates
  if (raw === undefined) return undefined
  if (mode === 'local')
    ctx.warn(
      ctx.posOf([...bp, 'command_line_ca_certificates']),
      "command_line_ca_certificates applies to docker and srt sandboxes; local mode runs with the runner's own trust store"
    )
  const entries = asList(raw).map((e) =>
    String(e) === SYSTEM_CA ? SYSTEM_CA : resolve(ctx.wd, expandHome(String(e)))
  )
  return entries.length ? entries : undefined
}

export function executionMode(v: unknown): AgentPlan['mode'] {
  return v === 'docker' || v === 'srt' ? v : 'local'
}

export function buildSrt(backend: Obj, wd: string): SrtConfig {
  const paths = (key: string) => asList(backend[key]).map((p) => resolve(wd, expandHome(String(p))))
  return {
    readMode: (str(backend.command_line_srt_read_mode) ?? 'confined') as SrtConfig['readMode'],
    denyRead: paths('command_line_srt_deny_read'),
    allowRead: paths('command_line_srt_allow_read'),
    allowUnixSockets: paths('command_line_srt_allow_unix_sockets'),
    readOnly: backend.command_line_srt_read_only === true
  }
}
