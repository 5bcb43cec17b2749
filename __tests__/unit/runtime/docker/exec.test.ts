// runExec with a fake engine: real 8-byte frames, split by frames.ts as in production.
import { describe, expect, it } from '@jest/globals'
import { PassThrough } from 'node:stream'
import type { ExecHandle } from '../../../../src/runtime/docker/container-client.js'
import {
  harnessExec,
  HARNESS_PATH,
  runExec,
  type ExecTarget
} from '../../../../src/runtime/docker/exec.js'

function frame(stream: 1 | 2, text: string | Buffer): Buffer {
  const payload = Buffer.isBuffer(text) ? text : Buffer.from(text)
  const header = Buffer.alloc(8)
  header[0] = stream
  header.writeUInt32BE(payload.length, 4)
  return Buffer.concat([header, payload])
}

interface Output {
  write(chunk: Buffer): boolean
  end(): void
}

/** A fake exec: `script` drives the raw stream; inspect reports running until `exitAfter` polls. */
function fakeTarget(
  script: (raw: Output) => void,
  exitCode: number | null = 0,
  exitAfter = 0
): { target: ExecTarget; created: unknown[]; stdin: Buffer[] } {
  const created: unknown[] = []
  const stdin: Buffer[] = []
  let polls = 0
  const handle: ExecHandle = {
    async start() {
      const raw = new PassThrough()
      // The script feeds output through the real write/end; what runExec writes (stdin) is captured.
      const output = { write: raw.write.bind(raw), end: raw.end.bind(raw) }
      raw.write = ((chunk: Buffer) => (stdin.push(chunk), true)) as typeof raw.write
      raw.end = ((chunk?: Buffer) => {
        if (chunk) stdin.push(chunk)
        return raw
      }) as typeof raw.end
      setImmediate(() => script(output))
      return raw
    },
    async inspect() {
      polls++
      return polls > exitAfter
        ? { Running: false, ExitCode: exitCode }
        : { Running: true, ExitCode: null }
    }
  }
  return {
    created,
    stdin,
    target: {
      async exec(opts) {
        created.push(opts)
        return handle
      }
    }
  }
}

describe('runExec', () => {
  it('separates stdout and stderr, passes uid:gid, cwd and env, and waits for the exit code', async () => {
    const { target, created } = fakeTarget(
      (raw) => {
        raw.write(frame(1, 'out 1\n'))
        raw.write(frame(2, 'err 1\n'))
        raw.write(Buffer.concat([frame(1, 'out 2\n'), frame(2, 'err 2\n')]))
        raw.end()
      },
      3,
      2
    )
    const seen: string[] = []
    const r = await runExec(target, {
      cmd: ['/bin/sh', '-c', 'x'],
      user: '1000:1000',
      cwd: '/w',
      env: { A: '1' },
      maxOutputBytes: 1024,
      onOutput: (s, c) => seen.push(`${s}:${c.toString()}`)
    })
    expect(r).toMatchObject({
      exitCode: 3,
      stdout: 'out 1\nout 2\n',
      stderr: 'err 1\nerr 2\n',
      truncated: false,
      timedOut: false
    })
    expect(seen).toContain('stderr:err 2\n')
    expect(created[0]).toMatchObject({
      User: '1000:1000',
      WorkingDir: '/w',
      Env: ['A=1'],
      Tty: false
    })
  })

  it('caps each stream while streaming and says so', async () => {
    const { target } = fakeTarget((raw) => {
      for (let i = 0; i < 100; i++) raw.write(frame(1, Buffer.alloc(1000, 'a')))
      raw.end()
    })
    const r = await runExec(target, { cmd: ['x'], user: '1000:1000', maxOutputBytes: 2000 })
    expect(r.truncated).toBe(true)
    expect(r.stdout).toMatch(/truncated: 98000 bytes dropped/)
    expect(r.stdout.length).toBeLessThan(2100)
  })

  it('on the deadline calls onTimeout, then returns once the stream ends', async () => {
    let raw: Output | undefined
    const { target } = fakeTarget((r) => {
      raw = r
      r.write(frame(1, 'working\n'))
    }, 137)
    let killed = 0
    const r = await runExec(target, {
      cmd: ['sleep', '300'],
      user: '1000:1000',
      maxOutputBytes: 1024,
      timeoutMs: 50,
      onTimeout: async () => {
        killed++
        raw!.end()
      }
    })
    expect(killed).toBe(1)
    expect(r.timedOut).toBe(true)
    expect(r.stdout).toBe('working\n')
  })

  it('gives up on a stream that never ends after the grace period', async () => {
    const { target } = fakeTarget(() => undefined, null)
    const r = await runExec(target, {
      cmd: ['x'],
      user: '1000:1000',
      maxOutputBytes: 1024,
      timeoutMs: 20,
      graceMs: 20
    })
    expect(r.timedOut).toBe(true)
    expect(r.exitCode).toBeNull()
  })

  it('writes stdin and attaches it only when given', async () => {
    const { target, created, stdin } = fakeTarget((raw) => raw.end())
    await runExec(target, {
      cmd: ['cat'],
      user: '1000:1000',
      maxOutputBytes: 10,
      stdin: Buffer.from('data')
    })
    expect(created[0]).toMatchObject({ AttachStdin: true })
    expect(Buffer.concat(stdin).toString()).toBe('data')
  })
})

describe('harnessExec', () => {
  it('runs with HARNESS_PATH whatever env says, the rest of env kept', async () => {
    const { target, created } = fakeTarget((raw) => raw.end())
    await harnessExec(target, {
      cmd: ['/bin/true'],
      user: '0:0',
      env: { PATH: '/home/agent/.venv/bin:/usr/bin', LC_ALL: 'C' },
      maxOutputBytes: 1024
    })
    expect((created[0] as { Env: string[] }).Env.sort()).toEqual([
      'LC_ALL=C',
      `PATH=${HARNESS_PATH}`
    ])
  })

  it('refuses a program that is not an absolute path (no lookup, not even on HARNESS_PATH)', async () => {
    const { target, created } = fakeTarget((raw) => raw.end())
    await expect(
      harnessExec(target, { cmd: ['kill', '-9', '-1'], user: '0:0', maxOutputBytes: 1024 })
    ).rejects.toThrow(/not an absolute path/)
    expect(created).toEqual([])
  })

  it('a stream that never ends after the deadline is let go after the grace', async () => {
    const { target } = fakeTarget(() => undefined, null, Infinity)
    const r = await harnessExec(target, {
      cmd: ['/bin/sleep', '60'],
      user: '0:0',
      maxOutputBytes: 1024,
      timeoutMs: 20
    })
    expect(r.timedOut).toBe(true)
  })
})
