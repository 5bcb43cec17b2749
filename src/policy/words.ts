// Turns tree-sitter word nodes into the strings bash would see: quotes removed, backslashes
// and $'…' escapes decoded, unquoted braces expanded. What is only known at run time
// (variables, substitutions) is kept as written and marked dynamic.
import type { Node } from 'web-tree-sitter'

export interface Word {
  /** Value after quote removal; expansions and substitutions kept as written (`$X`, `$(…)`). */
  value: string
  /** Contains a variable, substitution or arithmetic expansion. */
  dynamic: boolean
  /** Contains a command or process substitution. */
  substitution: boolean
  /** Contains unquoted glob characters (`*`, `?`, `[`). */
  glob: boolean
  /** The value if unknown expansions were empty; `$HOME` becomes `~`, `${X:?}` a non-empty marker. */
  ifEmpty: string
  /** Source text of the word. */
  raw: string
}

/** Values known for some parameters, e.g. `$1` in `sh -c 'rm -rf "$1"' _ /`. */
export type KnownVars = ReadonlyMap<string, string>

interface Piece {
  text: string
  ifEmpty: string
  /** Quoted, escaped or expanded: not subject to brace expansion or globbing. */
  literal: boolean
  dynamic?: boolean
  substitution?: boolean
}

const MAX_BRACE_WORDS = 256

/** The words one argument node becomes (several when it has unquoted `{a,b}` braces). */
export function wordsOf(node: Node, vars?: KnownVars): Word[] {
  const pieces: Piece[] = []
  collect(node, pieces, vars)
  const dynamic = pieces.some((p) => p.dynamic)
  const substitution = pieces.some((p) => p.substitution)
  const raw = node.text
  const variants = dynamic ? [pieces] : expandBraces(pieces)
  return variants.map((ps) => ({
    value: ps.map((p) => p.text).join(''),
    ifEmpty: ps.map((p) => p.ifEmpty).join(''),
    dynamic,
    substitution,
    glob: ps.some((p) => !p.literal && /[*?[]/.test(p.text)),
    raw
  }))
}

/** A single word for a node (brace alternatives joined by spaces, as a script text would be). */
export function wordOf(node: Node, vars?: KnownVars): Word {
  const ws = wordsOf(node, vars)
  if (ws.length === 1) return ws[0]
  return { ...ws[0], value: ws.map((w) => w.value).join(' '), ifEmpty: ws[0].ifEmpty }
}

function lit(text: string, literal: boolean): Piece {
  return { text, ifEmpty: text, literal }
}

function collect(node: Node, out: Piece[], vars: KnownVars | undefined): void {
  switch (node.type) {
    case 'word':
    case 'command_name':
      if (node.type === 'command_name' && node.namedChildCount > 0) {
        for (const c of node.namedChildren) if (c) collect(c, out, vars)
        return
      }
      unescapeUnquoted(node.text, out)
      return
    case 'concatenation':
      for (const c of node.children) if (c) collect(c, out, vars)
      return
    case 'raw_string':
      out.push(lit(node.text.slice(1, -1), true))
      return
    case 'ansi_c_string':
      out.push(lit(decodeAnsiC(node.text.slice(2, -1)), true))
      return
    case 'string':
    case 'translated_string':
      collectString(node, out, vars)
      return
    case 'simple_expansion':
    case 'expansion':
      out.push(expansionPiece(node, vars))
      return
    case 'command_substitution':
    case 'process_substitution':
      out.push({ text: node.text, ifEmpty: '', literal: true, dynamic: true, substitution: true })
      return
    case 'arithmetic_expansion':
      out.push({ text: node.text, ifEmpty: '0', literal: true, dynamic: true })
      return
    default:
      // number, brace_expression, array, …: their text is what bash sees.
      if (node.type === '$' || node.type === '"') return
      unescapeUnquoted(node.text, out)
  }
}

function collectString(node: Node, out: Piece[], vars: KnownVars | undefined): void {
  for (const c of node.children) {
    if (!c || !c.isNamed) continue
    if (c.type === 'string_content') {
      out.push(lit(unescapeDoubleQuoted(c.text), true))
      continue
    }
    // tree-sitter folds whitespace before `$` into the expansion node; it is literal text.
    const lead = /^\s*/.exec(c.text)?.[0] ?? ''
    if (lead) out.push(lit(lead, true))
    const before = out.length
    collect(c, out, vars)
    for (let i = before; i < out.length; i++) {
      out[i].literal = true
      if (lead && i === before) {
        out[i].text = out[i].text.replace(/^\s+/, '')
        out[i].ifEmpty = out[i].ifEmpty.replace(/^\s+/, '')
      }
    }
  }
}

function expansionPiece(node: Node, vars: KnownVars | undefined): Piece {
  const text = node.text.replace(/^\s+/, '')
  const name = node.namedChildren.find(
    (c) => c?.type === 'variable_name' || c?.type === 'special_variable_name'
  )?.text
  const op = node.childForFieldName('operator')?.text
  if (name !== undefined && vars?.has(name) && (node.type === 'simple_expansion' || !op)) {
    const v = vars.get(name) ?? ''
    return { text: v, ifEmpty: v, literal: true }
  }
  let ifEmpty = ''
  if (name === 'HOME') ifEmpty = '~'
  else if (op === ':?' || op === '?') ifEmpty = 'x'
  else if (op === ':-' || op === '-' || op === ':=' || op === '=') {
    const body = /^\$\{[^:?=+-]*:?[-=](.*)\}$/s.exec(text)?.[1] ?? ''
    ifEmpty = body.replace(/^["']|["']$/g, '')
  }
  return { text, ifEmpty, literal: true, dynamic: true }
}

/** Unquoted text: a backslash quotes the next character; backslash-newline disappears. */
function unescapeUnquoted(text: string, out: Piece[]): void {
  let buf = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\\' && i + 1 < text.length) {
      if (buf) out.push(lit(buf, false))
      buf = ''
      const next = text[++i]
      if (next !== '\n') out.push(lit(next, true))
      continue
    }
    buf += ch
  }
  if (buf) out.push(lit(buf, false))
}

/** Inside "…" a backslash only escapes $ ` " \ and newline. */
export function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c))
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?'
}

/** Decodes the body of a bash $'…' string. */
export function decodeAnsiC(body: string): string {
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch
      continue
    }
    const e = body[++i]
    if (e in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[e]
      continue
    }
    let m: RegExpExecArray | null
    const rest = body.slice(i)
    if ((m = /^[0-7]{1,3}/.exec(rest))) {
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff)
      i += m[0].length - 1
    } else if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest))) {
      out += String.fromCharCode(parseInt(m[1], 16))
      i += m[0].length - 1
    } else if ((m = /^u([0-9a-fA-F]{1,4})/.exec(rest)) || (m = /^U([0-9a-fA-F]{1,8})/.exec(rest))) {
      const cp = parseInt(m[1], 16)
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : ''
      i += m[0].length - 1
    } else if (e === 'c' && i + 1 < body.length) {
      out += String.fromCharCode(body.charCodeAt(++i) & 0x1f)
    } else {
      out += '\\' + e
    }
  }
  return out
}

interface Ch {
  c: string
  literal: boolean
}

/** Bash brace expansion over the unquoted parts: `{a,b}`, `{1..3}`, `{a..c}`. */
function expandBraces(pieces: Piece[]): Piece[][] {
  const chars: Ch[] = []
  for (const p of pieces) for (const c of p.text) chars.push({ c, literal: p.literal })
  if (!chars.some((ch) => !ch.literal && ch.c === '{')) return [pieces]
  const results = expandChars(chars, 0)
  if (results.length === 0) return [pieces]
  return results.map((r) => toPieces(r))
}

function toPieces(chars: Ch[]): Piece[] {
  const out: Piece[] = []
  for (const ch of chars) {
    const last = out[out.length - 1]
    if (last && last.literal === ch.literal) {
      last.text += ch.c
      last.ifEmpty += ch.c
    } else out.push(lit(ch.c, ch.literal))
  }
  return out
}

function expandChars(chars: Ch[], depth: number): Ch[][] {
  if (depth > 8) return [chars]
  for (let open = 0; open < chars.length; open++) {
    if (chars[open].literal || chars[open].c !== '{') continue
    // Find the matching close brace and the top-level commas.
    let level = 0
    const commas: number[] = []
    let close = -1
    for (let j = open + 1; j < chars.length; j++) {
      const ch = chars[j]
      if (ch.literal) continue
      if (ch.c === '{') level++
      else if (ch.c === '}') {
        if (level === 0) {
          close = j
          break
        }
        level--
      } else if (ch.c === ',' && level === 0) commas.push(j)
    }
    if (close < 0) return [chars]
    const prefix = chars.slice(0, open)
    const suffix = chars.slice(close + 1)
    let alternatives: Ch[][]
    if (commas.length > 0) {
      alternatives = []
      let start = open + 1
      for (const c of [...commas, close]) {
        alternatives.push(chars.slice(start, c))
        start = c + 1
      }
    } else {
      const seq = sequence(
        chars
          .slice(open + 1, close)
          .map((ch) => ch.c)
          .join('')
      )
      if (!seq) {
        // Not an expansion: keep the braces literally and look further right.
        const rest = expandChars(chars.slice(open + 1), depth)
        return rest.map((r) => [...chars.slice(0, open + 1), ...r])
      }
      alternatives = seq.map((s) => [...s].map((c) => ({ c, literal: true })))
    }
    const out: Ch[][] = []
    for (const alt of alternatives) {
      for (const r of expandChars([...prefix, ...alt, ...suffix], depth + 1)) {
        out.push(r)
        if (out.length >= MAX_BRACE_WORDS) return out
      }
    }
    return out
  }
  return [chars]
}

function sequence(body: string): string[] | undefined {
  const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body)
  if (num) {
    const [a, b] = [Number(num[1]), Number(num[2])]
    const step = Math.abs(Number(num[3] ?? 1)) || 1
    const out: string[] = []
    for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? step : -step) {
      out.push(String(i))
      if (out.length >= MAX_BRACE_WORDS) break
    }
    return out
  }
  const chr = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body)
  if (chr) {
    const [a, b] = [chr[1].charCodeAt(0), chr[2].charCodeAt(0)]
    const out: string[] = []
    for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? 1 : -1) out.push(String.fromCharCode(i))
    return out
  }
  return undefined
}
