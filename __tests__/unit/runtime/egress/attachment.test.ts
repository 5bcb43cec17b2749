// EgressAttachment with a fake sandbox that runs its commands on the host, the sandbox paths mapped
// onto the host directory: the real relay and proxy, no engine.
import { afterEach, describe, expect, it } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import {
  emptyEgressConfig,
  EGRESS_DIR_IN_SANDBOX,
  EgressAttachment,
  FIND_RELAY_INTERPRETER_CMD,
  RELAY_USER,
  type SandboxExec
} from '../../../../src/runtime/egress/index.js'
import { EnvironmentError } from '../../../../src/errors.js'

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as { port: number }
  await new Promise((r) => s.close(r))
  return port
}

const children: ChildProcess[] = []
const opened: EgressAttachment[] = []
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  await Promise.all(opened.splice(0).map((a) => a.close()))
})

/** Runs "sandbox" argv on the host: the mount path becomes the host dir, /usr/bin/python3 python3. */
function hostSandbox(dir: string, calls: string[], interpreter = '/usr/bin/python3'): SandboxExec {
  const map = (cmd: string[]) =>
    cmd.map((a) => (a === interpreter ? 'python3' : a.split(EGRESS_DIR_IN_SANDBOX).join(dir)))
  return {
    run: (cmd, user) => {
      calls.push(`run ${user} ${cmd === FIND_RELAY_INTERPRETER_CMD ? 'find' : cmd.join(' ')}`)
      if (cmd === FIND_RELAY_INTERPRETER_CMD)
        return Promise.resolve({ exitCode: 0, stdout: `${interpreter}\n`, stderr: '' })
      // Root commands are the sandbox's business: recorded, never run on the host.
      if (user === '0:0') return Promise.resolve({ exitCode: 0, stdout: '', stderr: '' })
      return new Promise((resolve) => {
        const c = spawn(map(cmd)[0], map(cmd).slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
        let stdout = ''
        let stderr = ''
        c.stdout.on('data', (d) => (stdout += String(d)))
        c.stderr.on('data', (d) => (stderr += String(d)))
        c.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }))
      })
    },
    spawn: async (cmd, user, env) => {
      calls.push(`spawn ${user} ${cmd.join(' ')}`)
      const childEnv = { ...process.env, ...env }
      children.push(spawn(map(cmd)[0], map(cmd).slice(1), { stdio: 'ignore', env: childEnv }))
    }
  }
}

describe('EgressAttachment', () => {
  it('starts the relay as nobody once, probes through it, and reattaches after a restart', async () => {
    const port = await freePort()
    const a = await EgressAttachment.open({ config: emptyEgressConfig(), port })
    opened.push(a)
    expect(a.mount).toEqual({
      source: a.hostDir.dir,
      target: '/run/massgen-egress',
      readOnly: true
    })
    expect(a.env.HTTPS_PROXY).toBe(`http://127.0.0.1:${port}`)
    expect(existsSync(a.hostDir.socketPath)).toBe(true)
    const calls: string[] = []
    const box = hostSandbox(a.hostDir.dir, calls)
    await a.attach(box)
    expect(a.relayInterpreter).toBe('/usr/bin/python3')
    expect(calls.filter((c) => c.startsWith('spawn'))).toEqual([
      `spawn ${RELAY_USER} /usr/bin/python3 -I -S /run/massgen-egress/forward.py /run/massgen-egress/proxy.sock ${port}`
    ])
    // Attached and answering: nothing is started again.
    await a.attach(box)
    expect(calls.filter((c) => c.startsWith('spawn'))).toHaveLength(1)
    // The sandbox restarted (relay gone): attach starts it again.
    for (const c of children.splice(0)) c.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 100))
    expect(await a.probe(box)).toBe(false)
    await a.attach(box)
    expect(calls.filter((c) => c.startsWith('spawn'))).toHaveLength(2)
    expect(await a.probe(box)).toBe(true)
    // The health probe is not egress.
    expect(a.proxy.events.report().steps).toEqual([])
  })

  it('refuses an image without a usable interpreter with an environment error', async () => {
    const a = await EgressAttachment.open({ config: emptyEgressConfig() })
    opened.push(a)
    const none: SandboxExec = {
      run: async () => ({ exitCode: 1, stdout: '', stderr: '' }),
      spawn: async () => undefined
    }
    await expect(a.attach(none)).rejects.toBeInstanceOf(EnvironmentError)
  })

  it('writes apt a proxy file for sudo images, and removes its directory on close', async () => {
    const port = await freePort()
    const a = await EgressAttachment.open({ config: emptyEgressConfig(), port })
    opened.push(a)
    const calls: string[] = []
    await a.attach(hostSandbox(a.hostDir.dir, calls), { sudo: true })
    const apt = calls.filter((c) => c.startsWith('run 0:0 /bin/sh'))
    expect(apt).toEqual([
      `run 0:0 /bin/sh -c printf %s "$1" > "$2" sh Acquire::http::Proxy "http://127.0.0.1:${port}";\n` +
        `Acquire::https::Proxy "http://127.0.0.1:${port}";\n /etc/apt/apt.conf.d/99massgen-egress`
    ])
    expect(readFileSync(`${a.hostDir.dir}/forward.py`, 'utf8')).toContain('egress relay')
    await a.close()
    expect(existsSync(a.hostDir.dir)).toBe(false)
  })
})
