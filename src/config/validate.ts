// Checks a parsed YAML document against the schema in schema.ts, node by node, so that every
// problem is reported at once with its line and column. Merge keys count as the keys they merge
// (reported where those keys are written); keys accepted without effect are collected as ignored.
import { isMap, isScalar, isSeq, type Document, type Node, type YAMLMap } from 'yaml'
import type { Field } from './schema.js'
import { suggest } from './suggest.js'
import { deref, effectivePairs, isMergeKey, keyText } from './yaml.js'

export interface NodeIssue {
  node: Node | null
  message: string
}

export interface IgnoredAt {
  /** The key node. */
  node: Node
  /** e.g. `agents[3].backend.model`. */
  path: string
  reason: string
}

export interface Validation {
  issues: NodeIssue[]
  ignored: IgnoredAt[]
}

interface Ctx {
  doc: Document
  issues: NodeIssue[]
  ignored: IgnoredAt[]
}

export function validateDocument(doc: Document, root: Field): Validation {
  const ctx: Ctx = { doc, issues: [], ignored: [] }
  check(ctx, doc.contents as Node | null, root, '')
  return { issues: dedupe(ctx.issues), ignored: ctx.ignored }
}

/** An aliased node is checked once per alias; say each thing once. */
function dedupe(issues: NodeIssue[]): NodeIssue[] {
  const seen = new Set<string>()
  return issues.filter((i) => {
    const key = `${i.node?.range?.[0] ?? -1}\0${i.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export function describe(node: Node | null): string {
  if (node === null) return 'nothing'
  if (isMap(node)) return 'a mapping'
  if (isSeq(node)) return 'a list'
  if (isScalar(node)) {
    const v = node.value
    if (v === null) return 'null'
    if (typeof v === 'string') return `the string ${JSON.stringify(v)}`
    if (v instanceof Date) return `the date ${node.source ?? v.toISOString()}`
    if (typeof v === 'number') return `the number ${node.source ?? String(v)}`
    return `${typeof v} ${node.source ?? String(v)}`
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

/** A scalar YAML typed as something else, whose text the user may have meant. */
function quoteHint(node: Node | null): string {
  if (!node || !isScalar(node) || typeof node.value === 'string' || node.value === null) return ''
  const text = node.source ?? String(node.value)
  return ` (write ${JSON.stringify(text)} in quotes if you mean the text)`
}

/** Returns true when the node fits the field (used to pick a oneOf variant quietly). */
function check(ctx: Ctx, raw: Node | null, f: Field, at: string): boolean {
  const node = deref(ctx.doc, raw)
  const where = at ? `${at}: ` : ''
  const fail = (message: string): false => {
    ctx.issues.push({ node, message: where + message })
    return false
  }
  const value = node && isScalar(node) ? node.value : undefined

  switch (f.type) {
    case 'any':
      return true
    case 'string': {
      let text: string
      if (node && isScalar(node) && typeof value === 'string') text = value
      else if (f.acceptInteger && typeof value === 'number' && Number.isSafeInteger(value))
        text = String(value)
      else return fail(`expected a string, got ${describe(node)}${quoteHint(node)}`)
      if (f.enum && !f.enum.includes(text)) {
        const hint = suggest(text, f.enum)
        return fail(
          `${JSON.stringify(text)} is not one of ${f.enum.map((e) => JSON.stringify(e)).join(', ')}` +
            (hint ? ` (did you mean ${JSON.stringify(hint)}?)` : '')
        )
      }
      if (f.pattern && !new RegExp(f.pattern).test(text)) {
        return fail(
          `${JSON.stringify(text)} is not ${f.patternHint ?? `valid here (${f.pattern})`}`
        )
      }
      return true
    }
    case 'number': {
      if (!node || !isScalar(node) || typeof value !== 'number' || !Number.isFinite(value)) {
        return fail(`expected a number, got ${describe(node)}`)
      }
      if (f.integer && !Number.isInteger(value))
        return fail(`expected a whole number, got ${value}`)
      if (f.min !== undefined && value < f.min)
        return fail(`must be at least ${f.min}, got ${value}`)
      if (f.max !== undefined && value > f.max)
        return fail(`must be at most ${f.max}, got ${value}`)
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
        ok = check(ctx, item as Node | null, f.items, `${at}[${i}]`) && ok
      })
      return ok
    }
    case 'scalarMap': {
      if (!node || !isMap(node)) return fail(`expected a mapping, got ${describe(node)}`)
      let ok = true
      for (const pair of effectivePairs(ctx.doc, node)) {
        const v = deref(ctx.doc, pair.value)
        const bad =
          !v ||
          !isScalar(v) ||
          (typeof v.value === 'object' && v.value !== null) ||
          (typeof v.value === 'number' && !Number.isFinite(v.value))
        if (bad) {
          ctx.issues.push({
            node: v ?? (pair.key as Node),
            message: `${where}values must be strings, numbers or booleans, got ${describe(v)}`
          })
          ok = false
        }
      }
      return ok
    }
    case 'oneOf': {
      // Pick the variant whose shape matches (a string vs a mapping with a telling key), then
      // report that variant's problems; fall back to a plain "expected X" message.
      const variant = pickVariant(ctx, node, f.variants)
      if (variant) return check(ctx, node, variant, at)
      return fail(`expected ${typeName(f)}, got ${describe(node)}${quoteHint(node)}`)
    }
    case 'object':
      return checkObject(ctx, node, f, at, fail)
  }
}

function pickVariant(ctx: Ctx, node: Node | null, variants: Field[]): Field | undefined {
  for (const v of variants) {
    const quiet: Ctx = { doc: ctx.doc, issues: [], ignored: [] }
    if (check(quiet, node, v, '')) return v
  }
  if (node && isScalar(node)) {
    // A scalar that fits no variant: report against the variant of its own type.
    const t = typeof node.value
    return variants.find((v) => v.type === t)
  }
  if (node && isMap(node)) {
    // A mapping that fits no variant: the one that requires a key this mapping has.
    const keys = effectivePairs(ctx.doc, node).map((p) => keyText(p.key))
    const byRequired = variants.find(
      (v) => v.type === 'object' && (v.required ?? []).some((r) => keys.includes(r))
    )
    if (byRequired) return byRequired
    const objects = variants.filter((v) => v.type === 'object')
    if (objects.length === 1) return objects[0]
  }
  return undefined
}

function checkMergeKeys(ctx: Ctx, node: YAMLMap, at: string): boolean {
  let ok = true
  for (const pair of node.items) {
    if (!isMergeKey(pair.key)) continue
    const v = deref(ctx.doc, pair.value)
    const fine =
      isMap(v) || (isSeq(v) && v.items.every((i) => isMap(deref(ctx.doc, i as Node | null))))
    if (!fine) {
      ctx.issues.push({
        node: v ?? (pair.key as Node),
        message: `${at ? at + ': ' : ''}a merge key (<<) takes a mapping, an alias of one or a list of them, got ${describe(v)}`
      })
      ok = false
    }
  }
  return ok
}

function checkObject(
  ctx: Ctx,
  node: Node | null,
  f: Extract<Field, { type: 'object' }>,
  at: string,
  fail: (m: string) => false
): boolean {
  if (!node || !isMap(node)) return fail(`expected a mapping, got ${describe(node)}`)
  let ok = checkMergeKeys(ctx, node, at)
  const known = [...Object.keys(f.props), ...Object.keys(f.ignored ?? {})]
  const seen = new Set<string>()
  for (const pair of effectivePairs(ctx.doc, node)) {
    const keyNode = pair.key as Node
    const key = keyText(keyNode)
    if (key === undefined) {
      ctx.issues.push({ node: keyNode, message: `${at ? at + ': ' : ''}keys must be scalars` })
      ok = false
      continue
    }
    seen.add(key)
    const path = at ? `${at}.${key}` : key
    const sub = f.values ?? f.props[key]
    if (sub) {
      ok = check(ctx, pair.value as Node | null, sub, path) && ok
      continue
    }
    const reason = f.ignored?.[key]
    if (reason !== undefined) {
      ctx.ignored.push({ node: keyNode, path, reason })
      continue
    }
    const strict = f.unknown === 'error' || (f.strictPrefixes ?? []).some((p) => key.startsWith(p))
    const near = suggest(key, known)
    if (strict || (near && isExecutionKey(near))) {
      ctx.issues.push({
        node: keyNode,
        message:
          `${at ? at + ': ' : ''}unknown key ${JSON.stringify(key)}` +
          (near ? ` (did you mean ${JSON.stringify(near)}?)` : '')
      })
      ok = false
    } else {
      ctx.ignored.push({ node: keyNode, path, reason: f.otherKeys ?? 'not used by massgen-exec' })
    }
  }
  for (const r of f.required ?? []) {
    if (!seen.has(r)) {
      ctx.issues.push({
        node,
        message: `${at ? at + ': ' : ''}missing required key ${JSON.stringify(r)}`
      })
      ok = false
    }
  }
  return ok
}

// A near-miss of one of these in a lenient mapping is almost certainly a typo, not a MassGen key.
const EXECUTION_KEYS = new Set([
  'commands',
  'backend',
  'cwd',
  'context_paths',
  'agent',
  'agents',
  'permissions'
])
function isExecutionKey(key: string): boolean {
  return EXECUTION_KEYS.has(key) || key.startsWith('command_')
}
