// Background steps as host processes: stdout and stderr kept apart, each process stopped once
// however often the session asks (saveLogs, then close: srt releases its backend once per
// process), and logged in the one layout.
import { describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HostBackground } from '../../../../src/runtime/host/background.js'

describe('HostBackground', () => {
  it('stops each process once, then writes its log with the streams apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-bg-'))
    const bg = new HostBackground()
    const child = spawn('/bin/sh', ['-c', 'echo out; echo err >&2; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let kills = 0
    bg.add('srv', 'serve it', child, 1024, async () => {
      kills++
      child.kill('SIGKILL')
    })
    try {
      await new Promise((r) => setTimeout(r, 300))
      await bg.writeLogs(dir)
      await bg.stop()
      expect(kills).toBe(1)
      expect(readFileSync(join(dir, 'background_srv.log'), 'utf8')).toMatch(
        /^# srv: serve it\n# started \S+; exit killed, \d+ ms\n## stdout\nout\n\n## stderr\nerr\n\n$/
      )
    } finally {
      child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('writes nothing when no background step ran', async () => {
    const dir = join(tmpdir(), `host-bg-none-${process.pid}`)
    await new HostBackground().writeLogs(dir)
    expect(() => readFileSync(dir)).toThrow()
  })
})
