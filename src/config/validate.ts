// Checks a parsed YAML document against the schema in schema.ts, node by node, so that every
// problem is reported at once with its line and column.
import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml'
import type { Field } from './schema.js'
import { suggest } from './suggest.js'

export interface NodeIssue {
  node: Node | null
  /** Offset used when there is no node (e.g. a missing key reported at its parent). */
  message: string
}

type Issues = NodeIssue[]

export function validateDocument(doc: Document, root: Field): Issues {
  const issues: Issues = []
  check(doc, doc.contents as Node | null, root, '', issues)
  return issues
}

function describe(node: Node | null): string {
  if (node === null) return 'nothing'
  if (isMap(node)) return 'a mapping'
  if (isSeq(node)) return 'a list'
  if (isScalar(node)) {
    const v = node.value
    if (v === null) return 'null'
    if (typeof v === 'string') return `the string ${JSON.stringify(v)}`
    return `${typeof v} ${String(v)}`
  }
  return 'a value'
}

function typeName(f: Field): string {
  switch (f.type) {
    case 'object':
    case 'scalarMap':
      return 'a mapping'
    case 'array':
      return 'a list'
    case 'oneOf':
      return [...new Set(f.variants.map(typeName))].join(' or ')
    case 'any':
      return 'anything'
    default:
      return `a ${f.type}`
  }
}

/** Returns true when the node fits the field (used to pick a oneOf variant quietly). */
function check(doc: Document, raw: Node | null, f: Field, at: string, issues: Issues): boolean {
  const node = raw && isAlias(raw) ? ((raw.resolve(doc) as Node | undefined) ?? null) : raw
  const where = at ? `${at}: ` : ''
  const fail = (message: string): false => {
    issues.push({ node, message: where + message })
    return false
  }
  const value = node && isScalar(node) ? node.value : undefined

  switch (f.type) {
    case 'any':
      return true
    case 'string': {
      if (!node || !isScalar(node) || typeof value !== 'string') {
        // Numbers where a string is wanted (e.g. `cwd: 2024`) are fine: YAML typed them.
        if (node && isScalar(node) && typeof value === 'number' && !f.enum && !f.pattern)
          return true
        return fail(`expected ${typeName(f)}, got ${describe(node)}`)
      }
      if (f.enum && !f.enum.includes(value)) {
        const hint = suggest(value, f.enum)
        return fail(
          `${JSON.stringify(value)} is not one of ${f.enum.map((e) => JSON.stringify(e)).join(', ')}` +
            (hint ? ` (did you mean ${JSON.stringify(hint)}?)` : '')
        )
      }
      if (f.pattern && !new RegExp(f.pattern).test(value)) {
        return fail(
          `${JSON.stringify(value)} is not ${f.patternHint ?? `valid here (${f.pattern})`}`
        )
      }
      return true
    }
    case 'number': {
      if (!node || !isScalar(node) || typeof value !== 'number' || Number.isNaN(value)) {
        return fail(`expected a number, got ${describe(node)}`)
      }
      if (f.integer && !Number.isInteger(value))
        return fail(`expected a whole number, got ${value}`)
      if (f.min !== undefined && value < f.min)
        return fail(`must be at least ${f.min}, got ${value}`)
      if (f.exclusiveMin !== undefined && value <= f.exclusiveMin) {
        return fail(`must be greater than ${f.exclusiveMin}, got ${value}`)
      }
      return true
    }
    case 'boolean':
      if (!node || !isScalar(node) || typeof value !== 'boolean') {
        return fail(`expected true or false, got ${describe(node)}`)
      }
      return true
    case 'array': {
      if (!node || !isSeq(node)) return fail(`expected a list, got ${describe(node)}`)
      let ok = true
      node.items.forEach((item, i) => {
        ok = check(doc, item as Node | null, f.items, `${at}[${i}]`, issues) && ok
      })
      return ok
    }
    case 'scalarMap': {
      if (!node || !isMap(node)) return fail(`expected a mapping, got ${describe(node)}`)
      let ok = true
      for (const pair of node.items) {
        const v = pair.value as Node | null
        if (!v || !isScalar(v) || (typeof v.value === 'object' && v.value !== null)) {
          issues.push({ node: v ?? (pair.key as Node), message: `${where}values must be scalars` })
          ok = false
        }
      }
      return ok
    }
    case 'oneOf': {
      // Pick the variant whose shape matches (a string vs a mapping with a telling key), then
      // report that variant's problems; fall back to a plain "expected X" message.
      const variant = pickVariant(doc, node, f.variants)
      if (variant) return check(doc, node, variant, at, issues)
      return fail(`expected ${typeName(f)}, got ${describe(node)}`)
    }
    case 'object':
      return checkObject(doc, node, f, at, issues, fail)
  }
}

function pickVariant(doc: Document, node: Node | null, variants: Field[]): Field | undefined {
  const quiet: Issues = []
  for (const v of variants) {
    quiet.length = 0
    if (check(doc, node, v, '', quiet)) return v
  }
  if (node && isScalar(node)) {
    // A scalar that fits no variant: report against the variant of its own type.
    const t = typeof node.value
    return variants.find((v) => v.type === t)
  }
  if (node && isMap(node)) {
    // A mapping that fits no variant: the one that requires a key this mapping has.
    const keys = node.items.map((p) => String((p.key as { value?: unknown })?.value))
    const byRequired = variants.find(
      (v) => v.type === 'object' && (v.required ?? []).some((r) => keys.includes(r))
    )
    if (byRequired) return byRequired
    const objects = variants.filter((v) => v.type === 'object')
    if (objects.length === 1) return objects[0]
  }
  return undefined
}

function checkObject(
  doc: Document,
  node: Node | null,
  f: Extract<Field, { type: 'object' }>,
  at: string,
  issues: Issues,
  fail: (m: string) => false
): boolean {
  if (!node || !isMap(node)) return fail(`expected a mapping, got ${describe(node)}`)
  let ok = true
  const known = Object.keys(f.props)
  const seen = new Set<string>()
  for (const pair of node.items) {
    const keyNode = pair.key as Node
    const key = isScalar(keyNode) ? String(keyNode.value) : ''
    seen.add(key)
    const path = at ? `${at}.${key}` : key
    const sub = f.values ?? f.props[key]
    if (sub) {
      ok = check(doc, pair.value as Node | null, sub, path, issues) && ok
      continue
    }
    const strict = f.unknown === 'error' || (f.strictPrefixes ?? []).some((p) => key.startsWith(p))
    const near = suggest(key, known)
    if (strict || (near && isExecutionKey(near))) {
      issues.push({
        node: keyNode,
        message:
          `${at ? at + ': ' : ''}unknown key ${JSON.stringify(key)}` +
          (near ? ` (did you mean ${JSON.stringify(near)}?)` : '')
      })
      ok = false
    }
  }
  for (const r of f.required ?? []) {
    if (!seen.has(r)) {
      issues.push({
        node,
        message: `${at ? at + ': ' : ''}missing required key ${JSON.stringify(r)}`
      })
      ok = false
    }
  }
  return ok
}

// A near-miss of one of these in a lenient mapping is almost certainly a typo, not a MassGen key.
const EXECUTION_KEYS = new Set(['commands', 'backend', 'cwd', 'context_paths', 'agent', 'agents'])
function isExecutionKey(key: string): boolean {
  return EXECUTION_KEYS.has(key) || key.startsWith('command_')
}
