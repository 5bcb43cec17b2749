// Reads YAML the way MassGen reads it (PyYAML's safe_load, YAML 1.1): merge keys merged,
// yes/no/on/off booleans, a repeated key keeps its last value. The `yaml` library does the
// parsing and the merging; this file configures it, turns every problem into a positioned issue
// and guards against alias bombs before anything walks the document.
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Scalar,
  visit,
  type Document,
  type Node,
  type Pair,
  type ScalarTag,
  type YAMLMap
} from 'yaml'
import type { ConfigIssue } from '../errors.js'
import type { ConfigWarning, SourcePos } from './types.js'

/** Expanded nodes (aliases counted as copies of their target) a config may have. */
export const MAX_EXPANDED_NODES = 100_000

export interface YamlRead {
  doc: Document
  /** Position of a source offset. */
  at: (offset: number) => SourcePos
  /** Position of a node (its first character), or 1:1. */
  nodePos: (node: Node | null | undefined) => SourcePos
  errors: ConfigIssue[]
  warnings: ConfigWarning[]
}

// PyYAML's 1.1 resolver where the library's YAML 1.1 schema differs: `y` and `n` stay strings,
// and a float needs a digit and a dot (`.` and `1e3` stay strings; `path: .` is the text ".").
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/
const PY_FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)$/
const PY_FLOAT_EXP = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*[eE][-+][0-9]+|\.[0-9_]+[eE][-+][0-9]+)$/

function pyyamlResolvers(tags: unknown[]): unknown[] {
  return tags.map((t) => {
    const tag = t as ScalarTag
    if (typeof t !== 'object') return t
    if (tag.tag === 'tag:yaml.org,2002:bool')
      return { ...tag, test: tag.identify?.(true) ? PY_TRUE : PY_FALSE }
    if (tag.tag === 'tag:yaml.org,2002:float' && !/nan/.test(String(tag.test)))
      return { ...tag, test: tag.format === 'EXP' ? PY_FLOAT_EXP : PY_FLOAT }
    return t
  })
}

export function readYaml(text: string, file: string): YamlRead {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    // PyYAML: the last of repeated keys wins; we say so as a warning below.
    uniqueKeys: false,
    version: '1.1',
    merge: true,
    customTags: pyyamlResolvers as never
  })
  const at = (offset: number): SourcePos => {
    const { line, col } = lineCounter.linePos(offset)
    return { file, line, col }
  }
  const nodePos = (node: Node | null | undefined): SourcePos =>
    node?.range ? at(node.range[0]) : { file, line: 1, col: 1 }
  const errors: ConfigIssue[] = doc.errors.map((e) => ({
    ...at(e.pos[0]),
    message: `YAML syntax error: ${firstLine(e.message)}`
  }))
  const warnings: ConfigWarning[] = doc.warnings.map((w) => ({
    ...at(w.pos[0]),
    message: `YAML: ${firstLine(w.message)}`
  }))
  if (errors.length === 0) {
    const bomb = aliasProblem(doc, nodePos)
    if (bomb) errors.push(bomb)
    else warnings.push(...dropRepeatedKeys(doc, nodePos))
  }
  return { doc, at, nodePos, errors, warnings }
}

/**
 * An alias bomb (a few lines whose aliases expand to billions of nodes) or a recursive alias,
 * found by counting expanded nodes once per node (linear in the source).
 */
function aliasProblem(
  doc: Document,
  nodePos: (n: Node | null | undefined) => SourcePos
): ConfigIssue | undefined {
  const size = new Map<Node, number>()
  const busy = new Set<Node>()
  let problem: ConfigIssue | undefined
  const measure = (node: unknown): number => {
    if (problem || !node || typeof node !== 'object') return 0
    const n = node as Node
    if (isAlias(n)) {
      const target = n.resolve(doc) as Node | undefined
      if (!target) {
        problem = {
          ...nodePos(n),
          message: `YAML alias *${n.source} has no anchor &${n.source} before it`
        }
        return 0
      }
      if (busy.has(target)) {
        problem = {
          ...nodePos(n),
          message: `YAML alias *${n.source} refers to a node that contains it (a recursive alias)`
        }
        return 0
      }
      const s = measure(target)
      if (!problem && s > MAX_EXPANDED_NODES) {
        problem = {
          ...nodePos(n),
          message: `YAML alias *${n.source} expands to more than ${MAX_EXPANDED_NODES} nodes (an alias bomb?); refusing to read the config`
        }
      }
      return s
    }
    const known = size.get(n)
    if (known !== undefined) return known
    busy.add(n)
    let total = 1
    if (isMap(n) || isSeq(n)) {
      for (const item of n.items as unknown[]) {
        total += isPair(item) ? measure(item.key) + measure(item.value) : measure(item)
        if (total > MAX_EXPANDED_NODES && !problem) {
          problem = {
            ...nodePos(n),
            message: `this YAML node expands (through aliases) to more than ${MAX_EXPANDED_NODES} nodes (an alias bomb?); refusing to read the config`
          }
        }
        if (problem) break
      }
    }
    busy.delete(n)
    size.set(n, total)
    return total
  }
  measure(doc.contents)
  return problem
}

/** `<<` as a merge key (a plain `<<`; a quoted one is an ordinary key). */
export function isMergeKey(key: unknown): boolean {
  if (!isScalar(key)) return false
  const v = key.value
  if (typeof v === 'symbol') return v.description === '<<'
  return v === '<<' && (!key.type || key.type === Scalar.PLAIN)
}

/** A key as the text it is compared by (scalars only). */
export function keyText(key: unknown): string | undefined {
  if (!isScalar(key) || isMergeKey(key)) return undefined
  return String(key.value)
}

/** Removes all but the last of repeated keys in every mapping, with a warning for each. */
function dropRepeatedKeys(
  doc: Document,
  nodePos: (n: Node | null | undefined) => SourcePos
): ConfigWarning[] {
  const warnings: ConfigWarning[] = []
  visit(doc, {
    Map(_, map) {
      const last = new Map<string, Pair>()
      for (const pair of map.items) {
        const k = keyText(pair.key)
        if (k !== undefined) last.set(k, pair)
      }
      if (last.size === map.items.filter((p) => keyText(p.key) !== undefined).length) return
      map.items = map.items.filter((pair) => {
        const k = keyText(pair.key)
        const winner = k === undefined ? pair : last.get(k)
        if (winner === pair) return true
        const later = nodePos(winner?.key as Node)
        warnings.push({
          ...nodePos(pair.key as Node),
          message: `duplicate key ${JSON.stringify(k)}: the later one (line ${later.line}) wins, as in PyYAML; this one is ignored`
        })
        return false
      })
    }
  })
  return warnings
}

/** The mapping or list behind a node (following an alias). */
export function deref(doc: Document, node: unknown): Node | null {
  if (!node) return null
  if (isAlias(node)) return (node.resolve(doc) as Node | undefined) ?? null
  return node as Node
}

/**
 * The pairs a mapping has once its merge keys are applied, as PyYAML applies them: its own keys
 * win, then the merged mappings in order (the first wins); merged mappings' own merges count.
 * The pairs are the source nodes, so their positions are where they are written.
 */
export function effectivePairs(doc: Document, map: YAMLMap, seen = new Set<Node>()): Pair[] {
  const own = map.items.filter((p) => !isMergeKey(p.key))
  const out = new Map<string, Pair>()
  for (const p of own) out.set(keyText(p.key) ?? `#${out.size}`, p)
  if (seen.has(map)) return [...out.values()]
  seen.add(map)
  for (const p of map.items) {
    if (!isMergeKey(p.key)) continue
    for (const source of mergeSources(doc, p.value)) {
      for (const q of effectivePairs(doc, source, seen)) {
        const k = keyText(q.key)
        if (k !== undefined && !out.has(k)) out.set(k, q)
      }
    }
  }
  return [...out.values()]
}

/** The mappings a merge key's value names (a mapping, an alias of one, or a list of them). */
export function mergeSources(doc: Document, value: unknown): YAMLMap[] {
  const v = deref(doc, value)
  if (isMap(v)) return [v]
  if (isSeq(v)) return v.items.map((i) => deref(doc, i)).filter((i): i is YAMLMap => isMap(i))
  return []
}

/** The node at a key path, seeing through aliases and merge keys. */
export function nodeAt(doc: Document, path: (string | number)[]): Node | null {
  let node = deref(doc, doc.contents)
  for (const key of path) {
    if (isMap(node)) {
      const pair = effectivePairs(doc, node).find((p) => keyText(p.key) === String(key))
      if (!pair) return null
      node = deref(doc, pair.value)
    } else if (isSeq(node) && typeof key === 'number') {
      node = deref(doc, node.items[key])
    } else {
      return null
    }
  }
  return node
}

/** The key node of the last element of a path (for messages about a key). */
export function keyNodeAt(doc: Document, path: (string | number)[]): Node | null {
  const parent = nodeAt(doc, path.slice(0, -1))
  const last = path[path.length - 1]
  if (!isMap(parent)) return null
  const pair = effectivePairs(doc, parent).find((p) => keyText(p.key) === String(last))
  return (pair?.key as Node | undefined) ?? null
}

function firstLine(s: string): string {
  return s.split('\n')[0]
}
