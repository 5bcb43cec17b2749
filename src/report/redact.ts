// Secret values (credentials passed into containers) are replaced in everything we write or
// print. The runner masks only its own log; artifacts and files go up byte for byte. Each secret is
// looked for in the forms a program commonly turns it into (secretForms below: the forms GitHub's
// runner masks, plus the lowercasing our own egress proxy applies to host names), matched without
// regard to case. Output caps cut text in two: a form straddling a cut would leave its first or
// last characters on either side of the truncation marker, so those partial pieces are replaced
// too. What cannot be caught: any other encoding (an agent holding a secret can always re-encode,
// split, encrypt or compress it); README "Secrets" says so.
import { TRUNCATION_MARKER } from '../lib/output-cap.js'

export const REDACTED = '***'
/** Shorter values or pieces say nothing about a secret (and would shred ordinary text). */
const MIN_LENGTH = 4

/**
 * The base64 of `bytes` as it appears inside a longer base64 stream that holds them at a byte
 * offset of 0, 1 or 2 (mod 3): the characters that also depend on the neighbouring bytes are cut
 * off both ends (the same three forms GitHub's runner masks).
 */
export function base64Alignments(bytes: Buffer): string[] {
  const out: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const b64 = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '')
    // Leading: the characters holding any bit of the offset bytes (8 bits each, 6 per character).
    const head = Math.ceil((offset * 8) / 6)
    // Trailing: a last group of 1 or 2 bytes ends in a character shared with the next byte.
    const tail = (offset + bytes.length) % 3 === 0 ? 0 : 1
    out.push(b64.slice(head, b64.length - tail))
  }
  return out
}

const XML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;'
}

/** Every form of `secret` the redactor replaces (case is ignored when matching). */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const json = JSON.stringify(secret).slice(1, -1)
  const forms = [
    secret,
    secret.toLowerCase(),
    secret.toUpperCase(),
    ...base64Alignments(bytes).flatMap((b) => [b, b.replace(/\+/g, '-').replace(/\//g, '_')]),
    bytes.toString('hex'),
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    json,
    // JSON as Python and others write it: non-ASCII as \uXXXX.
    json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    secret.replace(/[&<>"']/g, (c) => XML[c]),
    secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  ]
  return [...new Set(forms)].filter((f) => f.length >= MIN_LENGTH)
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export class Redactor {
  private secrets: string[] = []
  /** Every form of every secret, longest first, so a form containing another is replaced whole. */
  private forms: string[] = []
  private pattern: RegExp | undefined

  add(value: string | undefined): void {
    // Very short values would shred unrelated text and protect nothing.
    if (!value || value.length < MIN_LENGTH || this.secrets.includes(value)) return
    this.secrets.push(value)
    const forms = new Set([...this.forms, ...secretForms(value)])
    this.forms = [...forms].sort((a, b) => b.length - a.length)
    this.pattern = new RegExp(this.forms.map(escapeRegExp).join('|'), 'gi')
  }

  get values(): readonly string[] {
    return this.secrets
  }

  apply(text: string): string {
    if (!this.pattern) return text
    let out = text.replace(this.pattern, REDACTED)
    if (out.includes('[truncated: ')) out = this.applyAtCuts(out)
    return out
  }

  /** The same value with every string in it (keys aside) redacted. */
  applyDeep<T>(value: T): T {
    if (this.secrets.length === 0) return value
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.apply(v)
      if (Array.isArray(v)) return v.map(walk)
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
      return v
    }
    return walk(value) as T
  }

  /** Around each truncation marker: a form's prefix ending the head, a suffix starting the tail. */
  private applyAtCuts(text: string): string {
    // With the marker captured, even indexes are text and odd ones markers.
    const parts = text.split(new RegExp(`(${TRUNCATION_MARKER.source})`))
    for (let i = 0; i < parts.length; i += 2) {
      if (i + 1 < parts.length) parts[i] = this.cutEnd(parts[i])
      if (i > 0) parts[i] = this.cutStart(parts[i])
    }
    return parts.join('')
  }

  private cutEnd(head: string): string {
    const lower = head.toLowerCase()
    for (const f of this.forms.map((x) => x.toLowerCase()))
      for (let n = f.length - 1; n >= MIN_LENGTH; n--)
        if (lower.endsWith(f.slice(0, n))) return head.slice(0, head.length - n) + REDACTED
    return head
  }

  private cutStart(tail: string): string {
    const lower = tail.toLowerCase()
    for (const f of this.forms.map((x) => x.toLowerCase()))
      for (let n = f.length - 1; n >= MIN_LENGTH; n--)
        if (lower.startsWith(f.slice(f.length - n))) return REDACTED + tail.slice(n)
    return tail
  }
}
