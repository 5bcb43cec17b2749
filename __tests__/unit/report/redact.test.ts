// The redactor: whole secrets anywhere, and the pieces of one that an output cap cut in two.
import { describe, expect, it } from '@jest/globals'
import { base64Alignments, Redactor, secretForms } from '../../../src/report/redact.js'
import { OutputCap } from '../../../src/lib/output-cap.js'

describe('Redactor', () => {
  const r = new Redactor()
  r.add('canary-0123456789abcdef')
  r.add('abc') // too short to redact: it would shred ordinary text

  it('replaces every whole occurrence, and ignores values too short to matter', () => {
    expect(r.apply('a canary-0123456789abcdef b canary-0123456789abcdef')).toBe('a *** b ***')
    expect(r.apply('abc')).toBe('abc')
  })

  it('leaves no prefix or suffix of a secret at a truncation cut, wherever the cut falls', () => {
    const secret = 'canary-0123456789abcdef'
    for (let shift = 0; shift < secret.length + 4; shift++) {
      const cap = new OutputCap(64)
      // The head keeps 32 bytes: the secret straddles the end of the head for most shifts.
      cap.push(Buffer.from('x'.repeat(32 - shift) + secret + 'y'.repeat(200) + secret.slice(0, 5)))
      cap.push(Buffer.from(secret.slice(5) + 'z'.repeat(10)))
      const text = r.apply(cap.text())
      expect(text).toMatch(/\[truncated: \d+ bytes dropped\]/)
      for (let n = 4; n <= secret.length; n++) {
        expect(text).not.toContain(secret.slice(0, n))
        expect(text).not.toContain(secret.slice(secret.length - n))
      }
    }
  })

  it('does not touch text around a cut that is not a secret', () => {
    const cap = new OutputCap(16)
    cap.push(Buffer.from('hello world, this is a long line of plain output'))
    expect(r.apply(cap.text())).toBe(cap.text())
  })
})

describe('Redactor: the forms a secret takes (issue 24)', () => {
  const secret = 'Cn4ry-Q7x9/ZpL+2<&>"\'é'
  const r = new Redactor()
  r.add(secret)
  const bytes = Buffer.from(secret)

  it('replaces the exact, lowercased and uppercased value', () => {
    for (const form of [secret, secret.toLowerCase(), secret.toUpperCase()])
      expect(r.apply(`[${form}]`)).toBe('[***]')
  })

  it('replaces the base64 at every alignment inside a longer stream, and base64url', () => {
    for (let before = 0; before < 6; before++)
      for (let after = 0; after < 4; after++) {
        const stream = Buffer.concat([Buffer.alloc(before, 0x41), bytes, Buffer.alloc(after, 0x5a)])
        for (const b64 of [stream.toString('base64'), stream.toString('base64url')]) {
          const out = r.apply(b64)
          expect([before, after, out.includes('***')]).toEqual([before, after, true])
          // What is left around the *** is at most the edge characters shared with neighbours.
          expect(out.replace('***', '').length).toBeLessThanOrEqual(
            Math.ceil(((before % 3) * 8) / 6) + Math.floor(before / 3) * 4 + after + 4
          )
          expect(Buffer.from(out.replace('***', ''), 'base64').includes(bytes)).toBe(false)
        }
      }
  })

  it('the three base64 alignments are exactly the characters that depend on the secret alone', () => {
    const forms = base64Alignments(Buffer.from('abcdef'))
    expect(forms).toEqual(['YWJjZGVm', 'FiY2RlZ', 'hYmNkZW'])
    for (const [i, f] of forms.entries())
      expect(
        Buffer.concat([Buffer.alloc(i, 0xff), Buffer.from('abcdefXY')]).toString('base64')
      ).toContain(f)
  })

  it('replaces hex in both cases, URL-, form-, JSON- and XML-escaped forms', () => {
    const forms = [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      encodeURIComponent(secret),
      encodeURIComponent(secret).toLowerCase(),
      new URLSearchParams({ q: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(secret).slice(1, -1).replace('é', '\\u00e9'),
      secret
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;')
    ]
    for (const form of forms) expect([form, r.apply(`x ${form} y`)]).toEqual([form, 'x *** y'])
  })

  it('results.json as written (a secret with quotes inside a JSON string) is redacted', () => {
    expect(r.apply(JSON.stringify({ stdout: `got ${secret}!` }))).toBe('{"stdout":"got ***!"}')
  })

  it('a plain secret has a small set of forms, none shorter than 4 characters', () => {
    const forms = secretForms('abcd')
    expect(forms.every((f) => f.length >= 4)).toBe(true)
    expect(forms).toContain('61626364')
  })

  it('a lowercased form cut by an output cap leaves no piece either', () => {
    const cap = new OutputCap(40)
    cap.push(Buffer.from('x'.repeat(12) + secret.toLowerCase() + 'y'.repeat(100)))
    const text = r.apply(cap.text())
    expect(text).toMatch(/\[truncated: \d+ bytes dropped\]/)
    expect(text.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 4))
  })
})
