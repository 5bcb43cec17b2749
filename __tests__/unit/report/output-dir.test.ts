// An output directory that cannot be made or written is an EnvironmentError naming it (exit 2,
// one line), not a stack trace from the first write. Root passes permission checks, so the
// refusal here is a file in the way; the uid-1001 case is in e2e (srt/protected.test.ts).
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isEnvironmentError } from '../../../src/errors.js'
import { ensureOutputDir, writeReports } from '../../../src/report/write.js'
import type { RunResults } from '../../../src/report/types.js'

const root = mkdtempSync(join(tmpdir(), 'out-dir-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the output directory', () => {
  it('a file in the way: EnvironmentError naming the path, for the check and the writer', () => {
    const file = join(root, 'file')
    writeFileSync(file, '')
    for (const dir of [file, join(file, 'sub')]) {
      let caught: unknown
      try {
        ensureOutputDir(dir)
      } catch (e) {
        caught = e
      }
      expect(isEnvironmentError(caught)).toBe(true)
      expect((caught as Error).message).toBe(
        `cannot write the output directory ${dir}: ${dir === file ? 'a file is in the way (EEXIST)' : 'a file is in the way (ENOTDIR)'}; give an --out this user can write`
      )
    }
    expect(() => writeReports(join(file, 'sub'), {} as RunResults)).toThrow(
      /cannot write the output directory .*\/file\/sub: a file is in the way/
    )
  })

  it('a writable one is made', () => {
    ensureOutputDir(join(root, 'a', 'b'))
    expect(() => ensureOutputDir(join(root, 'a', 'b'))).not.toThrow()
  })
})
