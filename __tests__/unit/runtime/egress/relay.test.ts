// Both relay implementations (the in-sandbox half), run on the host against the real proxy on a
// Unix socket: health probe, HTTP through the relay, an 8 MB tunnel with half-close, fail-closed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  compileEgressPolicy,
  emptyEgressConfig,
  EgressProxy,
  FIND_RELAY_INTERPRETER_CMD,
  newRelayToken,
  RELAY_TOKEN_ENV
} from '../../../../src/runtime/egress/index.js'
import { FORWARD_MJS, FORWARD_PY } from '../../../../src/runtime/egress/forwarder.js'

const dir = mkdtempSync(join(tmpdir(), 'mgx-relay-unit-'))
const TOKEN = newRelayToken()
const RELAY_ENV = { ...process.env, [RELAY_TOKEN_ENV]: TOKEN }
let proxy: EgressProxy
let echo: Server
let echoPort: number

beforeAll(async () => {
  writeFileSync(join(dir, 'forward.py'), FORWARD_PY)
  writeFileSync(join(dir, 'forward.mjs'), FORWARD_MJS)
  echo = createServer({ allowHalfOpen: true }, (s) => {
    s.on('error', () => undefined)
    s.pipe(s)
  })
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r))
  echoPort = (echo.address() as { port: number }).port
  proxy = await EgressProxy.start({
    policy: compileEgressPolicy({
      ...emptyEgressConfig(),
      allowedDomains: ['echo.test'],
      allowedPrivateRanges: ['127.0.0.1/32']
    }),
    listen: { socketPath: join(dir, 'proxy.sock') },
    relayToken: TOKEN,
    localAddresses: () => [],
    resolve: async () => ['127.0.0.1']
  })
  proxy.setStep({ index: 0, egress: true })
})

afterAll(async () => {
  await proxy.stop()
  await new Promise((r) => echo.close(r))
  rmSync(dir, { recursive: true, force: true })
})

/** Async: the proxy runs in this process, so a blocking spawnSync would starve it. */
function run(cmd: string, argv: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const c = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'ignore'] })
    let stdout = ''
    c.stdout.on('data', (d) => (stdout += String(d)))
    c.on('close', (status) => resolve({ status, stdout }))
  })
}

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as { port: number }
  await new Promise((r) => s.close(r))
  return port
}

/**
 * Until the relay `child` accepts on `port`: no deadline of its own (an interpreter starting under
 * load can take seconds; the test's timeout bounds it), but a relay that exits fails at once.
 */
async function listening(child: ChildProcess, port: number): Promise<void> {
  let exited: string | undefined
  const onExit = (code: number | null, signal: string | null) =>
    (exited = `the relay exited (${signal ?? code}) before it listened on ${port}`)
  if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode)
  child.once('exit', onExit)
  try {
    while (!(await canConnect(port))) {
      if (exited) throw new Error(exited)
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    child.off('exit', onExit)
  }
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1')
    s.on('connect', () => (s.destroy(), resolve(true)))
    s.on('error', () => resolve(false))
  })

function tunnelThrough(
  port: number,
  authority: string
): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'CONNECT',
      path: authority,
      agent: false
    })
    req.on('connect', (res, socket) => resolve({ status: res.statusCode!, socket }))
    req.on('response', (res) => resolve({ status: res.statusCode!, socket: res.socket }))
    req.on('error', reject)
    req.end()
  })
}

const RELAYS: [string, string, string[]][] = [
  ['python', 'python3', ['-I', '-S', join(dir, 'forward.py')]],
  ['node', process.execPath, [join(dir, 'forward.mjs')]]
]

describe.each(RELAYS)('the %s relay', (_name, interpreter, args) => {
  let child: ChildProcess
  let port: number

  beforeAll(async () => {
    port = await freePort()
    child = spawn(interpreter, [...args, join(dir, 'proxy.sock'), String(port)], {
      stdio: 'ignore',
      env: RELAY_ENV
    })
    await listening(child, port)
  })
  afterAll(() => void child.kill('SIGKILL'))

  it('answers the probe through the proxy', async () => {
    const r = await run(interpreter, [...args, '--probe', String(port)])
    expect([r.status, r.stdout.trim()]).toEqual([0, 'ok'])
  })

  it('carries 8 MB each way through a CONNECT tunnel, half-close included', async () => {
    const { status, socket } = await tunnelThrough(port, `echo.test:${echoPort}`)
    expect(status).toBe(200)
    const payload = randomBytes(8 * 1024 * 1024)
    const back = createHash('sha256')
    let got = 0
    const done = new Promise<void>((resolve, reject) => {
      socket.on('data', (d: Buffer) => {
        back.update(d)
        got += d.length
      })
      socket.on('end', () => resolve())
      socket.on('error', reject)
    })
    socket.end(payload)
    await done
    expect(got).toBe(payload.length)
    expect(back.digest('hex')).toBe(createHash('sha256').update(payload).digest('hex'))
  })

  it('fails closed when nothing listens on the socket: the probe fails, a client gets EOF', async () => {
    const deadPort = await freePort()
    const dead = spawn(interpreter, [...args, join(dir, 'none.sock'), String(deadPort)], {
      stdio: 'ignore'
    })
    try {
      await listening(dead, deadPort)
      const r = await run(interpreter, [...args, '--probe', String(deadPort)])
      expect(r.status).toBe(1)
      const s = connect(deadPort, '127.0.0.1')
      let data = ''
      s.on('data', (d) => (data += String(d)))
      await new Promise<void>((resolve) => s.on('close', () => resolve()))
      expect(data).toBe('')
    } finally {
      dead.kill('SIGKILL')
    }
  })
})

describe('FIND_RELAY_INTERPRETER_CMD', () => {
  it('takes the first root-owned, not group/world-writable interpreter', () => {
    const [sh, flag, script, name] = FIND_RELAY_INTERPRETER_CMD
    const writable = join(dir, 'writable-python')
    writeFileSync(writable, '#!/bin/sh\n')
    chmodSync(writable, 0o777)
    const rootOwned = statSync('/bin/sh').uid === 0 ? '/bin/sh' : undefined
    const r = spawnSync(
      sh,
      [flag, script, name, join(dir, 'missing'), writable, ...(rootOwned ? [rootOwned] : [])],
      {
        encoding: 'utf8'
      }
    )
    if (rootOwned) expect([r.status, r.stdout.trim()]).toEqual([0, rootOwned])
    const none = spawnSync(sh, [flag, script, name, writable], { encoding: 'utf8' })
    expect([none.status, none.stdout]).toEqual([1, ''])
  })
})

/** A raw request straight to the proxy's socket, as another local process would send it. */
function direct(preamble: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(join(dir, 'proxy.sock'))
    let data = ''
    s.on('data', (d) => (data += String(d)))
    s.on('error', () => resolve(data))
    s.on('close', () => resolve(data))
    s.write(`${preamble}GET /__massgen_egress/health HTTP/1.0\r\n\r\n`)
  })
}

describe('the egress socket serves only the relay (issue 24)', () => {
  it('refuses a connection without the token, or with a wrong one (another local user)', async () => {
    expect(await direct('')).toMatch(
      /^HTTP\/1\.1 403 .*refused, the connection did not start with the relay token/s
    )
    expect(await direct(`MASSGEN-EGRESS ${newRelayToken()}\n`)).toMatch(/^HTTP\/1\.1 403 /)
    expect(await direct(`MASSGEN-EGRESS ${TOKEN.slice(0, 10)}`)).toMatch(/^HTTP\/1\.1 403 /)
  })

  it('serves a connection that starts with the token (what the relay sends)', async () => {
    expect(await direct(`MASSGEN-EGRESS ${TOKEN}\n`)).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('a relay started without the token gets nothing through', async () => {
    const port = await freePort()
    const c = spawn(
      'python3',
      ['-I', '-S', join(dir, 'forward.py'), join(dir, 'proxy.sock'), String(port)],
      {
        stdio: 'ignore'
      }
    )
    try {
      await listening(c, port)
      const r = await run('python3', ['-I', '-S', join(dir, 'forward.py'), '--probe', String(port)])
      expect(r.status).toBe(1)
      expect(r.stdout).toMatch(/egress proxy answered .*403/)
    } finally {
      c.kill('SIGKILL')
    }
  })
})
