// withSandboxes, the lifecycle run, mcp and verify-isolation share: what is deferred is undone
// once, last first, whatever the body does; a failing undo is logged and the rest still run; the
// output directory is redacted at the end; the runtimes are made once per scope.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withSandboxes } from '../../../src/run/scope.js'

const outDir = () => mkdtempSync(join(tmpdir(), 'scope-test-'))

describe('withSandboxes', () => {
  it('undoes what was deferred once, last first, also when the body closes early', async () => {
    const order: string[] = []
    const lines: string[] = []
    await withSandboxes({ outDir: outDir(), log: (l) => lines.push(l) }, async (scope) => {
      scope.defer(async () => void order.push('fixture'))
      scope.defer(async () => {
        throw new Error('session would not close')
      })
      scope.defer(async () => void order.push('session'))
      await scope.close()
      order.push('after close')
    })
    expect(order).toEqual(['session', 'fixture', 'after close'])
    expect(lines).toContain('cleanup: session would not close')
  })

  it('undoes everything when the body throws, and the error reaches the caller', async () => {
    const order: string[] = []
    await expect(
      withSandboxes({ outDir: outDir(), log: () => undefined }, async (scope) => {
        scope.defer(async () => void order.push('undone'))
        throw new Error('boom')
      })
    ).rejects.toThrow('boom')
    expect(order).toEqual(['undone'])
  })

  it('redacts the output directory at the end, and every log line', async () => {
    const dir = outDir()
    const lines: string[] = []
    const runId = await withSandboxes(
      { outDir: dir, runId: 'r-1', log: (l) => lines.push(l) },
      async (scope) => {
        scope.redactor.add('s3cret-value')
        writeFileSync(join(scope.outDir, 'log.txt'), 'token s3cret-value here\n')
        scope.log('saw s3cret-value')
        return scope.runId
      }
    )
    expect(runId).toBe('r-1')
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).not.toContain('s3cret-value')
    expect(lines.join('\n')).not.toContain('s3cret-value')
  })

  it('makes the runtimes once, and cleans up the run through them when closing', async () => {
    await withSandboxes({ outDir: outDir(), runId: 'r-2', log: () => undefined }, async (scope) => {
      const a = scope.runtimes({ imagePolicy: 'never' })
      const b = scope.runtimes({ imagePolicy: 'auto' })
      expect(a).toBe(b)
      const cleaned: string[] = []
      a.cleanup = async (runId: string) => void cleaned.push(runId)
      await scope.close()
      expect(cleaned).toEqual(['r-2'])
    })
  })
})
