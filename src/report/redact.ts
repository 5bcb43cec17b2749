// Secret values (credentials passed into containers) are replaced in everything we write or
// print. The runner masks only its own log; artifacts and files go up byte for byte. Output caps cut
// text in two: a secret straddling a cut would leave its first or last characters on either side
// of the truncation marker, so those partial pieces are replaced too.
import { TRUNCATION_MARKER } from '../runtime/output-cap.js'

export const REDACTED = '***'
/** Shorter pieces of a secret at a cut say nothing about it (and would shred ordinary text). */
const MIN_PARTIAL = 4

export class Redactor {
  private secrets: string[] = []

  add(value: string | undefined): void {
    // Very short values would shred unrelated text and protect nothing.
    if (!value || value.length < 4 || this.secrets.includes(value)) return
    this.secrets.push(value)
    // Longest first, so a secret containing another is replaced whole.
    this.secrets.sort((a, b) => b.length - a.length)
  }

  get values(): readonly string[] {
    return this.secrets
  }

  apply(text: string): string {
    let out = text
    for (const s of this.secrets) out = out.split(s).join(REDACTED)
    if (this.secrets.length && out.includes('[truncated: ')) out = this.applyAtCuts(out)
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

  /** Around each truncation marker: a secret's prefix ending the head, a suffix starting the tail. */
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
    for (const s of this.secrets)
      for (let n = s.length - 1; n >= MIN_PARTIAL; n--)
        if (head.endsWith(s.slice(0, n))) return head.slice(0, head.length - n) + REDACTED
    return head
  }

  private cutStart(tail: string): string {
    for (const s of this.secrets)
      for (let n = s.length - 1; n >= MIN_PARTIAL; n--)
        if (tail.startsWith(s.slice(s.length - n))) return REDACTED + tail.slice(n)
    return tail
  }
}
