// Live output with the real engine: a step printing a line a second for 5 s shows its first line on
// the CLI's stdout at least 3 s before the step ends (timestamps of the lines as they arrive),
// redacted; --quiet streams nothing; a failed step's last lines are under its FAILED line and in
// summary.md.
import { describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI } from '../helpers/run-dist.js'

interface Line {
  at: number
  text: string
}

function runCli(
  args: string[],
  env: NodeJS.ProcessEnv
): Promise<{ code: number | null; lines: Line[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const lines: Line[] = []
    let partial = ''
    child.stdout.on('data', (c: Buffer) => {
      const parts = (partial + c.toString()).split('\n')
      partial = parts.pop() ?? ''
      for (const text of parts) lines.push({ at: Date.now(), text })
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, lines }))
  })
}

const CONFIG = `agent:
  id: live
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_credentials: {env_vars: [MGX_TOKEN]}
  commands:
    - run: for i in 1 2 3 4 5; do echo "tick $i $MGX_TOKEN"; sleep 1; done
      name: ticks
    - run: for i in $(seq 1 60); do echo "line $i"; done; exit 3
      name: fails
`

describe('live output (docker)', () => {
  it('streams each line as it arrives, redacted; a failed step shows its last 40 lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mgx-live-'))
    writeFileSync(join(dir, 'config.yaml'), CONFIG)
    const out = join(dir, 'out')
    const r = await runCli(
      ['run', join(dir, 'config.yaml'), '--out', out, '--working-directory', dir],
      {
        MGX_TOKEN: 'tok-abcdef-123456'
      }
    )
    expect(r.code).toBe(1)
    const first = r.lines.find((l) => l.text.startsWith('[live] tick 1'))
    const passed = r.lines.find((l) => l.text.startsWith('[live] PASSED ticks'))
    expect(first).toBeDefined()
    expect(passed).toBeDefined()
    // The first line arrives while the step still has about 4 s to run.
    expect(passed!.at - first!.at).toBeGreaterThanOrEqual(3000)
    expect(r.lines.map((l) => l.text).join('\n')).not.toContain('tok-abcdef-123456')
    expect(first!.text).toBe('[live] tick 1 ***')
    const texts = r.lines.map((l) => l.text)
    const failed = texts.findIndex((t) => t.startsWith('[live] FAILED fails'))
    expect(failed).toBeGreaterThan(0)
    expect(texts.slice(failed + 1, failed + 41)).toEqual(
      Array.from({ length: 40 }, (_, i) => `[live]     line ${i + 21}`)
    )
    const md = readFileSync(join(out, 'summary.md'), 'utf8')
    expect(md).toContain('step 2 failed: last 40 output lines')
    expect(md).toContain('line 21\nline 22')
    expect(md).not.toContain('line 20\n')
  })

  it('--quiet streams nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mgx-live-q-'))
    writeFileSync(join(dir, 'config.yaml'), CONFIG.replace('1 2 3 4 5', '1'))
    const r = await runCli(
      [
        'run',
        join(dir, 'config.yaml'),
        '--out',
        join(dir, 'out'),
        '--working-directory',
        dir,
        '--quiet'
      ],
      { MGX_TOKEN: 'x-secret-x' }
    )
    const texts = r.lines.map((l) => l.text)
    expect(texts.some((t) => t.startsWith('[live] tick'))).toBe(false)
    expect(texts.some((t) => t.startsWith('[live] PASSED ticks'))).toBe(true)
  })
})
