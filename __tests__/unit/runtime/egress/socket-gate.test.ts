// The egress socket's gate decides on the bytes it has, never on a timer, whenever the preamble
// can no longer be right: the relay.test.ts relay started without a token (prefix, then a newline)
// was refused only by the gate's 5 s timer, which raced the probe's own 5 s timeout under load.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  gateConnection,
  newRelayToken,
  relayPreamble
} from '../../../../src/runtime/egress/socket-gate.js'

const dir = mkdtempSync(join(tmpdir(), 'mgx-gate-unit-'))
const path = join(dir, 'gate.sock')
const TOKEN = newRelayToken()
let server: Server
/** Per connection: what the gate decided by the time its first chunk had been handled. */
let decided: (d: { refused: string[]; accepted: boolean }) => void
/** Both ends of every connection, destroyed after each test (the server closes only when none is left). */
const open = new Set<Socket>()

beforeAll(async () => {
  server = createServer((s) => {
    open.add(s)
    const refused: string[] = []
    let accepted = false
    gateConnection(
      s,
      TOKEN,
      () => (accepted = true),
      (why) => refused.push(why)
    )
    // Registered after the gate's own listener, so it sees what the gate did with the same chunk.
    s.once('data', () => decided({ refused: [...refused], accepted }))
    s.on('error', () => undefined)
  })
  await new Promise<void>((r) => server.listen(path, r))
})

afterEach(() => {
  for (const s of open) s.destroy()
  open.clear()
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  rmSync(dir, { recursive: true, force: true })
})

/** Sends `bytes` in one write; resolves with the gate's decision on that chunk. */
function firstChunk(bytes: string): Promise<{ refused: string[]; accepted: boolean }> {
  return new Promise((resolve) => {
    decided = resolve
    const c = connect(path, () => c.write(bytes))
    open.add(c)
    c.on('error', () => undefined)
    c.on('data', () => undefined)
  })
}

describe('gateConnection', () => {
  it('refuses a preamble with no token (prefix and newline) on that chunk, not at its timeout', async () => {
    expect(await firstChunk('MASSGEN-EGRESS \n')).toEqual({
      refused: ['a connection with a wrong relay token'],
      accepted: false
    })
  })

  it('refuses a short token followed by a request on that chunk', async () => {
    const r = await firstChunk(`MASSGEN-EGRESS ${TOKEN.slice(0, 10)}GET / HTTP/1.0\r\n\r\n`)
    expect(r).toEqual({ refused: ['a connection with a wrong relay token'], accepted: false })
  })

  it('refuses a plain request at once', async () => {
    expect(await firstChunk('GET / HTTP/1.0\r\n\r\n')).toEqual({
      refused: ['a connection without the relay token'],
      accepted: false
    })
  })

  it('waits on a correct prefix with hex digits so far (decides only on the whole token)', async () => {
    expect(await firstChunk(`MASSGEN-EGRESS ${newRelayToken().slice(0, 20)}`)).toEqual({
      refused: [],
      accepted: false
    })
  })

  it('accepts the right preamble', async () => {
    expect(await firstChunk(relayPreamble(TOKEN))).toEqual({ refused: [], accepted: true })
  })

  it('refuses a wrong token of the right form', async () => {
    expect(await firstChunk(relayPreamble(newRelayToken()))).toEqual({
      refused: ['a connection with a wrong relay token'],
      accepted: false
    })
  })
})
