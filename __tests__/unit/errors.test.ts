// src/errors.ts holds every error class the product raises on purpose, each knowing its exit code,
// and the entries read that code instead of re-deriving it.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  CompareError,
  ConfigError,
  EnvironmentError,
  exitCodeOf,
  ImageArchiveError,
  isFatalInputError,
  isImageArchiveError,
  PatternError,
  ReportError,
  UsageError
} from '../../src/errors.js'
import { main } from '../../src/cli/main.js'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

describe('errors.ts', () => {
  it('the errors that end a command carry exit 2; anything else has no exit code of its own', () => {
    const config = new ConfigError([{ file: 'c.yaml', line: 3, col: 1, message: 'bad' }])
    for (const e of [config, new UsageError('u'), new EnvironmentError('e', 'fix')]) {
      expect(exitCodeOf(e)).toBe(2)
      expect(isFatalInputError(e)).toBe(true)
    }
    for (const e of [new Error('bug'), new CompareError('c'), 'a string', undefined])
      expect(exitCodeOf(e)).toBeUndefined()
  })

  it('the step-level errors keep their names and fields', () => {
    const a = new ImageArchiveError('truncated', 'corrupt', '/tmp/x.tar')
    expect([a.name, a.reason, a.file, isImageArchiveError(a)]).toEqual([
      'ImageArchiveError',
      'corrupt',
      '/tmp/x.tar',
      true
    ])
    expect(new PatternError('p').name).toBe('PatternError')
    expect(new ReportError('r').name).toBe('ReportError')
    expect(new CompareError('c').name).toBe('CompareError')
  })

  it('no error class is declared outside src/errors.ts', () => {
    // EgressRefusal extends sandbox-runtime's own class, which that library's proxy recognises.
    const allowed = new Set(['EgressRefusal'])
    const found = sources('src')
      .filter((f) => f !== join('src', 'errors.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/class (\w+) extends (\w*Error)\b/g)]
          .filter((m) => !allowed.has(m[1]))
          .map((m) => `${f}: ${m[1]} extends ${m[2]}`)
      )
    expect(found).toEqual([])
  })

  it('the CLI exits with the error’s own code', async () => {
    const out: string[] = []
    const io = {
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => out.push(s) }
    }
    const code = await main(['validate', '/nonexistent/massgen.yaml'], io as never)
    expect(code).toBe(2)
    expect(out.join('')).toMatch(/nonexistent/)
  })
})
