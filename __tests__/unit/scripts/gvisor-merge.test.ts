// scripts/gvisor-merge-runtimes.py, the part of scripts/gvisor.sh that edits dockerd's daemon.json:
// run for real on temporary files (no engine, no reload).
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const RUNSC = ['--platform=ptrace', '--network=none']
const NET = ['--platform=ptrace', '--host-uds=open']

function merge(file: string, ...pairs: string[]) {
  const r = spawnSync(
    'python3',
    ['scripts/gvisor-merge-runtimes.py', file, '/usr/bin/runsc', ...pairs],
    { encoding: 'utf8' }
  )
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr }
}
const ours = [`runsc=${JSON.stringify(RUNSC)}`, `runsc-net=${JSON.stringify(NET)}`]
const tmpFile = (content?: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'mgx-daemon-json-')), 'daemon.json')
  if (content !== undefined) writeFileSync(file, content)
  return file
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>

describe('gvisor-merge-runtimes.py', () => {
  it('adds both runtimes and keeps every other key and runtime', () => {
    const file = tmpFile(
      JSON.stringify({
        'registry-mirrors': ['https://mirror.example'],
        'log-driver': 'local',
        runtimes: { nvidia: { path: 'nvidia-container-runtime', runtimeArgs: [] } }
      })
    )
    chmodSync(file, 0o600)
    expect(merge(file, ...ours)).toEqual({ code: 0, stdout: 'changed', stderr: '' })
    expect(read(file)).toEqual({
      'registry-mirrors': ['https://mirror.example'],
      'log-driver': 'local',
      runtimes: {
        nvidia: { path: 'nvidia-container-runtime', runtimeArgs: [] },
        runsc: { path: '/usr/bin/runsc', runtimeArgs: RUNSC },
        'runsc-net': { path: '/usr/bin/runsc', runtimeArgs: NET }
      }
    })
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('changes nothing on a second run, and replaces only its own entries when they differ', () => {
    const file = tmpFile()
    expect(merge(file, ...ours).stdout).toBe('changed')
    const before = readFileSync(file, 'utf8')
    expect(merge(file, ...ours).stdout).toBe('unchanged')
    expect(readFileSync(file, 'utf8')).toBe(before)
    // A runsc entry written by `runsc install` (no args) is brought to ours.
    const installed = tmpFile(JSON.stringify({ runtimes: { runsc: { path: '/usr/bin/runsc' } } }))
    expect(merge(installed, ...ours).stdout).toBe('changed')
    expect((read(installed).runtimes as Record<string, unknown>).runsc).toEqual({
      path: '/usr/bin/runsc',
      runtimeArgs: RUNSC
    })
  })

  it('creates a missing or empty file', () => {
    for (const file of [tmpFile(), tmpFile('  \n')]) {
      expect(merge(file, ...ours).code).toBe(0)
      expect(Object.keys(read(file).runtimes as object)).toEqual(['runsc', 'runsc-net'])
      expect(statSync(file).mode & 0o777).toBe(0o644)
    }
  })

  it('refuses a file it cannot read as a JSON object and leaves it as it was', () => {
    for (const content of ['{"debug": true,', '[1, 2]', '{"runtimes": ["runsc"]}']) {
      const file = tmpFile(content)
      const r = merge(file, ...ours)
      expect(r.code).toBe(3)
      expect(r.stderr).toMatch(/nothing was changed/)
      expect(readFileSync(file, 'utf8')).toBe(content)
    }
  })
})
