// MassGen 2026's `permissions:` block (massgen/permissions/rules.py): rules `action(glob)` under
// deny / ask / allow, evaluated deny → allow → ask, plus role presets. This file turns the YAML
// into PermissionRule values; src/policy/permissions.ts applies them.
import type { PermissionAction, PermissionRule, SourcePos } from './types.js'

export const PERMISSION_ACTIONS: readonly PermissionAction[] = [
  'command',
  'read_file',
  'write_file',
  'read_url',
  'mcp',
  '*'
]

/** Rule kinds with no counterpart in a scripted run (no model fetches URLs or calls MCP tools). */
export const NOT_APPLICABLE: Partial<Record<PermissionAction, string>> = {
  read_url: 'read_url(…) rules do not apply to a scripted run: no model fetches URLs',
  mcp: 'mcp(…) rules do not apply to a scripted run: no model calls MCP tools'
}

type Decision = PermissionRule['decision']
export const DECISIONS: readonly Decision[] = ['deny', 'ask', 'allow']

/** MassGen's role presets, merged with the rules (deny wins across them). */
export const ROLE_RULES: Record<string, Partial<Record<Decision, string[]>>> = {
  'read-only': {
    deny: ['write_file(*)', 'command(*)'],
    ask: ['read_url(*)'],
    allow: ['read_file(*)']
  },
  researcher: {
    deny: ['write_file(*)', 'command(*)'],
    ask: ['read_url(*)'],
    allow: ['read_file(*)']
  },
  'read-write': {},
  implementer: {}
}

const RULE = /^\s*([A-Za-z_*][\w*]*)\s*(?:\((.*)\)\s*)?$/s

export type ParsedRule =
  { rule: PermissionRule } | { error: string; action?: string } | { notApplicable: string }

/** One rule as MassGen parses it: `command(git push*)`, or a bare action meaning `action(*)`. */
export function parseRule(
  spec: string,
  decision: Decision,
  pos?: SourcePos,
  origin?: string
): ParsedRule {
  const m = RULE.exec(spec)
  if (!m) {
    return { error: `${JSON.stringify(spec)} is not a rule like "command(git push*)"` }
  }
  const action = m[1]
  if (!(PERMISSION_ACTIONS as readonly string[]).includes(action)) {
    return {
      error: `${JSON.stringify(spec)}: unknown rule kind ${JSON.stringify(action)} (kinds: ${PERMISSION_ACTIONS.join(', ')})`,
      action
    }
  }
  const na = NOT_APPLICABLE[action as PermissionAction]
  if (na) return { notApplicable: na }
  return {
    rule: {
      decision,
      action: action as PermissionAction,
      pattern: m[2] ?? '*',
      source: spec.trim(),
      ...(origin ? { origin } : {}),
      ...(pos ? { pos } : {})
    }
  }
}

/** The applicable rules of a role preset. */
export function roleRules(role: string): PermissionRule[] {
  const spec = ROLE_RULES[role.trim().toLowerCase()] ?? {}
  return DECISIONS.flatMap((d) =>
    (spec[d] ?? []).flatMap((s) => {
      const r = parseRule(s, d, undefined, `role ${role}`)
      return 'rule' in r ? [r.rule] : []
    })
  )
}
