// MassGen writes allow/block patterns as Python regexes matched with re.match (anchored at the
// start, not at the end). This translates one into an equivalent JavaScript RegExp, or says
// precisely why it cannot. Python semantics kept: `.` excludes only \n, `$` also matches before
// a final \n, \w \d \s \b are Unicode-aware unless (?a), \Z is the very end, (?P<n>…)/(?P=n)
// are named groups, (?imsx) flags, scoped (?i:…)/(?s:…)/(?x:…), atomic groups and possessive
// quantifiers (Python 3.11+) are emulated with lookahead.
import { PatternError } from '../errors.js'

export type CompiledPattern = { regex: RegExp } | { error: string }

export function compilePythonRegex(source: string): CompiledPattern {
  let translated: { source: string; flags: string }
  try {
    translated = new Translator(source).translate()
  } catch (e) {
    if (e instanceof PatternError) {
      return { error: `cannot use the pattern ${JSON.stringify(source)}: ${e.message}` }
    }
    throw e
  }
  try {
    return { regex: new RegExp(`^(?:${translated.source})`, translated.flags) }
  } catch (e) {
    return {
      error: `cannot use the pattern ${JSON.stringify(source)}: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`
    }
  }
}

/** The JavaScript source and flags for a Python pattern (exported for tests and docs). */
export function translatePythonRegex(source: string): { source: string; flags: string } {
  return new Translator(source).translate()
}

interface Flags {
  i: boolean
  m: boolean
  s: boolean
  x: boolean
  a: boolean
}

const SPACE_CHARS =
  '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const UNI_WORD = '\\p{L}\\p{N}_'
const ASCII_WORD = 'A-Za-z0-9_'
/** Python's class escapes in JS, by whether the ASCII flag is set. */
const CLASS_ESCAPES = new Map<string, (ascii: boolean) => string>([
  ['d', (ascii) => (ascii ? '[0-9]' : '\\p{Nd}')],
  ['D', (ascii) => (ascii ? '[^0-9]' : '\\P{Nd}')],
  ['w', (ascii) => `[${ascii ? ASCII_WORD : UNI_WORD}]`],
  ['W', (ascii) => `[^${ascii ? ASCII_WORD : UNI_WORD}]`],
  ['s', (ascii) => (ascii ? '[\\t-\\r ]' : `[${SPACE_CHARS}]`)],
  ['S', (ascii) => (ascii ? '[^\\t-\\r ]' : `[^${SPACE_CHARS}]`)]
])

/** Characters that must be escaped in a JavaScript `u` pattern, outside and inside classes. */
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/'])
const CLASS_SYNTAX = new Set([...'\\]-^[/'])

class Translator {
  private pos = 0
  private flags: Flags = { i: false, m: false, s: false, x: false, a: false }
  /** Case-insensitivity emulated inside (?i:…) when the pattern as a whole is case-sensitive. */
  private foldCase = false
  private globalI = false
  /** Python group number → JavaScript group name (every capture becomes a named group). */
  private groups: string[] = []
  private openGroups = new Set<number>()
  private names = new Set<string>()
  private helpers = 0

  constructor(private readonly src: string) {}

  translate(): { source: string; flags: string } {
    this.leadingFlags()
    const body = this.alternation()
    if (this.pos < this.src.length) this.fail('unbalanced parenthesis')
    return { source: body, flags: this.globalI ? 'ui' : 'u' }
  }

  private fail(message: string, at = this.pos): never {
    throw new PatternError(`${message} at position ${at}`)
  }

  private leadingFlags(): void {
    for (;;) {
      const m = /^\(\?([aiLmsux]+)\)/.exec(this.src.slice(this.pos))
      if (!m) return
      for (const f of m[1]) this.setFlag(f, true, this.pos)
      if (this.flags.i) this.globalI = true
      this.pos += m[0].length
    }
  }

  private setFlag(f: string, on: boolean, at: number): void {
    if (f === 'L') this.fail('the L (locale) flag only applies to bytes patterns', at)
    if (f === 'u') return
    if (f === 'i' || f === 'm' || f === 's' || f === 'x' || f === 'a') this.flags[f] = on
    else this.fail(`unknown flag ${f}`, at)
  }

  private peek(k = 0): string {
    return this.src[this.pos + k] ?? ''
  }

  private alternation(): string {
    const parts = [this.sequence()]
    while (this.peek() === '|') {
      this.pos++
      parts.push(this.sequence())
    }
    return parts.join('|')
  }

  private sequence(): string {
    let out = ''
    for (;;) {
      this.skipVerbose()
      const c = this.peek()
      if (c === '' || c === '|' || c === ')') return out
      const start = this.pos
      const atom = this.atom()
      if (atom === null) continue
      out += this.quantified(atom, start)
    }
  }

  private skipVerbose(): void {
    if (!this.flags.x) return
    for (;;) {
      const c = this.peek()
      if (/\s/.test(c) && c !== '') this.pos++
      else if (c === '#') {
        while (this.peek() !== '' && this.peek() !== '\n') this.pos++
      } else return
    }
  }

  /** Reads a quantifier after an atom, if any, and applies it. */
  private quantified(atom: string, atomStart: number): string {
    this.skipVerbose()
    const q = this.quantifier()
    if (!q) return atom
    if (atom === '') this.fail('nothing to repeat', atomStart)
    this.skipVerbose()
    let mode = ''
    if (this.peek() === '?' || this.peek() === '+') mode = this.src[this.pos++]
    this.skipVerbose()
    if (this.quantifierAhead()) this.fail('multiple repeat')
    if (mode === '+') return this.atomic(`(?:${atom})${q}`)
    return `${atom}${q}${mode}`
  }

  private quantifierAhead(): boolean {
    const c = this.peek()
    return (
      c === '*' || c === '+' || c === '?' || (c === '{' && this.braceQuantifier() !== undefined)
    )
  }

  private quantifier(): string | undefined {
    const c = this.peek()
    if (c === '*' || c === '+' || c === '?') {
      this.pos++
      return c
    }
    if (c === '{') {
      const b = this.braceQuantifier()
      if (b) {
        const [, min, comma, max] = /^\{(\d*)(,?)(\d*)\}$/.exec(b) ?? []
        if (min && max && Number(max) < Number(min)) this.fail('min repeat greater than max repeat')
        this.pos += b.length
        return `{${min || '0'}${comma}${max}}`
      }
    }
    return undefined
  }

  /** `{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}` at pos; otherwise `{` is a literal. */
  private braceQuantifier(): string | undefined {
    const m = /^\{(\d*),?(\d*)\}/.exec(this.src.slice(this.pos))
    if (!m) return undefined
    if (!m[0].includes(',') && m[1] === '') return undefined
    return m[0]
  }

  /** Emulates an atomic group: a lookahead is atomic in JavaScript; a backreference consumes it. */
  private atomic(inner: string): string {
    const name = `_atomic${++this.helpers}`
    return `(?=(?<${name}>${inner}))\\k<${name}>`
  }

  /** One atom, translated; null for things that produce nothing (comments). */
  private atom(): string | null {
    const start = this.pos
    const c = this.src[this.pos++]
    switch (c) {
      case '(':
        return this.group(start)
      case '[':
        return this.charClass(start)
      case '.':
        return this.flags.s ? '[\\s\\S]' : '[^\\n]'
      case '^':
        return this.flags.m ? '(?<![^\\n])' : '(?<![\\s\\S])'
      case '$':
        return this.flags.m ? '(?![^\\n])' : '(?=\\n?(?![\\s\\S]))'
      case '\\':
        return this.escape(start)
      case '*':
      case '+':
      case '?':
        return this.fail('nothing to repeat', start)
      case '{':
        this.pos = start
        if (this.braceQuantifier()) this.fail('nothing to repeat', start)
        this.pos++
        return '\\{'
      default: {
        const cp = this.src.codePointAt(start) as number
        const ch = String.fromCodePoint(cp)
        this.pos = start + ch.length
        return this.literal(ch)
      }
    }
  }

  private literal(ch: string): string {
    if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
      return `[${escapeInClass(ch.toLowerCase())}${escapeInClass(ch.toUpperCase())}]`
    }
    return SYNTAX.has(ch) ? `\\${ch}` : ch
  }

  private group(start: number): string | null {
    if (this.peek() !== '?') return this.capture(start, undefined)
    const rest = this.src.slice(this.pos + 1)
    let m: RegExpExecArray | null
    if ((m = /^P<([^>]*)>/.exec(rest))) {
      this.pos += 1 + m[0].length
      if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(m[1]))
        this.fail(`bad character in group name ${JSON.stringify(m[1])}`, start)
      if (this.names.has(m[1]))
        this.fail(`redefinition of group name ${JSON.stringify(m[1])}`, start)
      return this.capture(start, m[1])
    }
    if ((m = /^P=([^)]*)\)/.exec(rest))) {
      this.pos += 1 + m[0].length
      const idx = this.groups.indexOf(m[1])
      if (idx < 0) this.fail(`unknown group name ${JSON.stringify(m[1])}`, start)
      if (this.openGroups.has(idx + 1)) this.fail('cannot refer to an open group', start)
      return `\\k<${m[1]}>`
    }
    if (rest.startsWith('P')) this.fail('unknown extension ?P', start)
    if (rest.startsWith('#')) {
      const end = this.src.indexOf(')', this.pos)
      if (end < 0) this.fail('missing ), unterminated comment', start)
      this.pos = end + 1
      return null
    }
    for (const [prefix, js] of [
      [':', '(?:'],
      ['=', '(?='],
      ['!', '(?!'],
      ['<=', '(?<='],
      ['<!', '(?<!'],
      ['>', '']
    ] as const) {
      if (rest.startsWith(prefix)) {
        this.pos += 1 + prefix.length
        const inner = this.alternation()
        this.close(start)
        return prefix === '>' ? this.atomic(inner) : `${js}${inner})`
      }
    }
    if (rest.startsWith('(')) {
      this.fail('conditional groups (?(…)yes|no) have no JavaScript equivalent', start)
    }
    if ((m = /^([aiLmsux]*)(?:-([imsx]*))?:/.exec(rest)) && (m[1] || m[2])) {
      this.pos += 1 + m[0].length
      return this.scoped(start, m[1], m[2] ?? '')
    }
    if (/^[aiLmsux]+\)/.test(rest)) {
      this.fail('global flags like (?i) must be at the start of the pattern', start)
    }
    return this.fail(`unknown extension ?${rest[0] ?? ''}`, start)
  }

  private capture(start: number, name: string | undefined): string {
    const number = this.groups.length + 1
    const jsName = name ?? `_g${number}`
    this.groups.push(jsName)
    if (name) this.names.add(name)
    this.openGroups.add(number)
    const inner = this.alternation()
    this.close(start)
    this.openGroups.delete(number)
    return `(?<${jsName}>${inner})`
  }

  private close(start: number): void {
    if (this.peek() !== ')') this.fail('missing ), unterminated subpattern', start)
    this.pos++
  }

  /** `(?flags-flags:…)`: m, s, x, a are tracked here; i is emulated or the JS flag. */
  private scoped(start: number, on: string, off: string): string {
    const saved = { ...this.flags }
    const savedFold = this.foldCase
    for (const f of on) this.setFlag(f, true, start)
    for (const f of off) this.setFlag(f, false, start)
    if (on.includes('i') && !this.globalI) this.foldCase = true
    if (off.includes('i')) {
      if (this.globalI)
        this.fail('(?-i:…) inside a case-insensitive pattern is not supported', start)
      this.foldCase = false
    }
    const inner = this.alternation()
    this.close(start)
    this.flags = saved
    this.foldCase = savedFold
    return `(?:${inner})`
  }

  private escape(start: number): string {
    const e = this.src[this.pos++]
    if (e === undefined) this.fail('bad escape (end of pattern)', start)
    const w = this.flags.a ? ASCII_WORD : UNI_WORD
    switch (e) {
      case 'A':
        return '(?<![\\s\\S])'
      case 'Z':
      case 'z':
        return '(?![\\s\\S])'
      case 'b':
        return `(?:(?<=[${w}])(?![${w}])|(?<![${w}])(?=[${w}]))`
      case 'B':
        return `(?:(?<=[${w}])(?=[${w}])|(?<![${w}])(?![${w}]))`
    }
    const cls = CLASS_ESCAPES.get(e)
    if (cls) return cls(this.flags.a)
    if (/[1-9]/.test(e)) {
      // \1…\99 is a back-reference unless it reads as a three-digit octal escape.
      const oct = /^[0-7]{2}/.exec(this.src.slice(this.pos))
      if (/[0-7]/.test(e) && oct) {
        this.pos += 2
        return this.charLiteral(parseInt(e + oct[0], 8), start)
      }
      let digits = e
      if (/\d/.test(this.peek())) digits += this.src[this.pos++]
      const n = Number(digits)
      if (n > this.groups.length) this.fail(`invalid group reference ${n}`, start)
      if (this.openGroups.has(n)) this.fail('cannot refer to an open group', start)
      return `\\k<${this.groups[n - 1]}>`
    }
    const code = this.charEscape(e, start, false)
    return this.literal(String.fromCodePoint(code))
  }

  private charLiteral(code: number, start: number): string {
    if (code > 0o377) this.fail('octal escape value outside of range 0-0o377', start)
    return this.literal(String.fromCodePoint(code))
  }

  /** Escapes that stand for one character; `inClass` makes \b a backspace. */
  private charEscape(e: string, start: number, inClass: boolean): number {
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 }
    if (e in simple) return simple[e]
    if (e === 'b' && inClass) return 8
    if (e === '0' || (inClass && /[0-7]/.test(e))) {
      const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))?.[0] ?? ''
      this.pos += m.length
      const v = parseInt(e + m, 8)
      if (v > 0o377) this.fail('octal escape value outside of range 0-0o377', start)
      return v
    }
    const hex = { x: 2, u: 4, U: 8 }[e as 'x' | 'u' | 'U']
    if (hex) {
      const digits = this.src.slice(this.pos, this.pos + hex)
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits))
        this.fail(`incomplete escape \\${e}${digits}`, start)
      this.pos += hex
      const v = parseInt(digits, 16)
      if (v > 0x10ffff) this.fail(`bad escape \\${e}${digits}`, start)
      return v
    }
    if (e === 'N')
      this.fail('named Unicode escapes \\N{…} are not supported; write the character itself', start)
    if (/[GKhHRX]/.test(e))
      this.fail(`bad escape \\${e} (Python has no \\${e}; it is PCRE syntax)`, start)
    if (/[A-Za-z0-9]/.test(e)) this.fail(`bad escape \\${e}`, start)
    return e.codePointAt(0) as number
  }

  private charClass(start: number): string {
    let negated = false
    if (this.peek() === '^') {
      negated = true
      this.pos++
    }
    let out = ''
    let first = true
    for (;;) {
      const c = this.peek()
      if (c === '') this.fail('unterminated character set', start)
      if (c === ']' && !first) {
        this.pos++
        break
      }
      first = false
      const itemStart = this.pos
      const lo = this.classItem()
      if (
        this.peek() === '-' &&
        this.peek(1) !== ']' &&
        this.peek(1) !== '' &&
        typeof lo === 'number'
      ) {
        this.pos++
        const hi = this.classItem()
        if (typeof hi !== 'number') this.fail('bad character range', itemStart)
        if (hi < lo) this.fail('bad character range', itemStart)
        out += `${escapeInClass(String.fromCodePoint(lo))}-${escapeInClass(String.fromCodePoint(hi))}`
        if (this.foldCase) out += foldRange(lo, hi)
        continue
      }
      if (typeof lo === 'number') {
        const ch = String.fromCodePoint(lo)
        out += escapeInClass(ch)
        if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
          out += escapeInClass(ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())
        }
      } else out += lo.set
    }
    return `[${negated ? '^' : ''}${out}]`
  }

  /** A character (its code point) or a class escape like \d (its class body). */
  private classItem(): number | { set: string } {
    const start = this.pos
    const c = this.src.codePointAt(this.pos) as number
    this.pos += c > 0xffff ? 2 : 1
    if (c !== 0x5c) return c
    const e = this.src[this.pos++]
    if (e === undefined) this.fail('unterminated character set', start)
    switch (e) {
      case 'd':
        return { set: this.flags.a ? '0-9' : '\\p{Nd}' }
      case 'D':
        return { set: this.flags.a ? '\\x00-/:-\\u{10ffff}' : '\\P{Nd}' }
      case 'w':
        return { set: this.flags.a ? ASCII_WORD : UNI_WORD }
      case 's':
        return { set: this.flags.a ? '\\t-\\r ' : SPACE_CHARS }
      case 'W':
      case 'S':
        return this.fail(
          `\\${e} inside a character class is not supported; use a negated class [^…]`,
          start
        )
    }
    return this.charEscape(e, start, true)
  }
}

function escapeInClass(ch: string): string {
  if (CLASS_SYNTAX.has(ch)) return `\\${ch}`
  if (ch === '\n') return '\\n'
  return ch
}

/** The other-case range for a range of letters, for emulated (?i:…). */
function foldRange(lo: number, hi: number): string {
  const a = String.fromCodePoint(lo)
  const b = String.fromCodePoint(hi)
  if (/[a-z]/.test(a) && /[a-z]/.test(b)) return `${a.toUpperCase()}-${b.toUpperCase()}`
  if (/[A-Z]/.test(a) && /[A-Z]/.test(b)) return `${a.toLowerCase()}-${b.toLowerCase()}`
  return ''
}
