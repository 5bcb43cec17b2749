// shellQuote (src/lib/shell.ts), run through a real /bin/sh: every string comes back as one word.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { shellQuote } from '../../../src/lib/shell.js'
import { sq } from '../../../src/mcp/shells.js'
import { sh } from '../../../src/isolation/outcome.js'

describe('shellQuote', () => {
  it.each([
    ['plain'],
    [''],
    ["it's"],
    ["'"],
    ["''a'b''"],
    ['$(touch /tmp/pwned) `id` $HOME *'],
    ['line\nbreak\ttab'],
    ['-n'],
    ['\\']
  ])('%j is one word, unchanged', (s) => {
    const r = spawnSync('/bin/sh', ['-c', `printf '%s' ${shellQuote(s)}`], { encoding: 'utf8' })
    expect(r.stdout).toBe(s)
  })

  it('is the quoting the MCP shells and the probes use', () => {
    expect(sq).toBe(shellQuote)
    expect(sh).toBe(shellQuote)
  })
})
