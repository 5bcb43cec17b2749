// What the config loader's builders share (config/load.ts puts them together): the context one
// agent is built in (positions, problems, warnings, ignored keys) and the small readers of raw YAML
// values.
import type { HostFacts, UnsafeFinding } from './unsafe.js'
import type { IgnoredKey, PermissionRule, SourcePos } from './types.js'

export type Obj = Record<string, unknown>
export type KeyPath = (string | number)[]

export interface PermissionsContext {
  posOf: (keys: KeyPath) => SourcePos
  report: (pos: SourcePos, message: string) => void
  ignored: IgnoredList
}

export interface BuildContext extends PermissionsContext {
  wd: string
  defaultTimeoutSec: number
  hostCpus: number
  orchestrator: Obj
  warn: (pos: SourcePos, message: string) => void
  topPermissions: PermissionRule[]
  keyPosOf: (keys: KeyPath) => SourcePos
  host: HostFacts
  /** Unsafe settings found so far (config/unsafe.ts). */
  unsafe: UnsafeFinding[]
}

/** Ignored keys grouped by path (list indexes as [*]) and reason, with every position. */
export class IgnoredList {
  private readonly byKey = new Map<string, IgnoredKey>()
  add(path: string, reason: string, pos: SourcePos): void {
    const general = path.replace(/\[\d+\]/g, '[*]')
    const key = `${general}\0${reason}`
    const entry = this.byKey.get(key) ?? { path: general, reason, at: [] }
    if (!entry.at.some((p) => p.line === pos.line && p.col === pos.col)) entry.at.push(pos)
    this.byKey.set(key, entry)
  }
  list(): IgnoredKey[] {
    return [...this.byKey.values()].sort(
      (a, b) => a.at[0].line - b.at[0].line || a.at[0].col - b.at[0].col
    )
  }
}

export function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}

export function str(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : String(v)
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

export function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p
}

/** Where MassGen keeps its state; relative workspaces are placed under it. */
export const MASSGEN_DIR = '.massgen'
