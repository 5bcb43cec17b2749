// The redactor: whole secrets anywhere, and the pieces of one that an output cap cut in two.
import { describe, expect, it } from '@jest/globals'
import { Redactor } from '../../../src/report/redact.js'
import { OutputCap } from '../../../src/runtime/output-cap.js'

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
