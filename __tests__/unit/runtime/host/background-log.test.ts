// The one background-log layout (docker, local and srt all write through it): a file per
// background step, its command and how it ended, then stdout and stderr.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  backgroundLogName,
  backgroundLogText,
  describeBackground,
  writeBackgroundLogs
} from '../../../../src/runtime/host/background-log.js'

const at = new Date('2026-11-26T07:00:00.000Z')

describe('background logs', () => {
  it('one file per step, named after it with odd characters replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bg-log-'))
    try {
      await writeBackgroundLogs(dir, [
        { name: 'server', command: 'serve', startedAt: at, stdout: 'up\n', stderr: '' },
        { name: 'step 2/x', command: 'tick', startedAt: at, stdout: '', stderr: '' }
      ])
      expect(readdirSync(dir).sort()).toEqual(['background_server.log', 'background_step_2_x.log'])
      expect(readFileSync(join(dir, 'background_server.log'), 'utf8')).toBe(
        '# server: serve\n# started 2026-11-26T07:00:00.000Z; still running when logs were saved\n' +
          '## stdout\nup\n\n## stderr\n\n'
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(backgroundLogName('a.b-c_d')).toBe('background_a.b-c_d.log')
  })

  it('says how it ended: killed, exit code, truncation, or why it could not run', () => {
    expect(describeBackground({ result: { exitCode: null, durationMs: 5, truncated: true } })).toBe(
      'exit killed, 5 ms, output truncated'
    )
    expect(describeBackground({ result: { exitCode: 3, durationMs: 9, truncated: false } })).toBe(
      'exit 3, 9 ms'
    )
    const failed = { name: 'x', command: 'y', startedAt: at, stdout: '', stderr: '', error: 'boom' }
    expect(backgroundLogText(failed)).toContain('error: boom\n## stdout\n\n## stderr\nboom\n')
  })
})
