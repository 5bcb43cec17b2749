// The docker egress socket is bind-mounted into the agent's container and must be connectable by
// the relay's uid there (nobody), so on the host it is connectable by other local users too (a
// private directory would need a chown to the relay's uid, which a non-root runner cannot make).
// What makes it the agent's alone is a per-agent token, as srt uses one: the relay, started with
// the token in its environment (unreadable to the agent's uid: /proc/<pid>/environ of another uid
// needs CAP_SYS_PTRACE, which the container lacks), writes a preamble line before the first byte
// of every connection; the proxy serves only connections that start with it (issue 24).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Socket } from 'node:net'

/** The variable the relay reads its token from (never on its command line: argv is public). */
export const RELAY_TOKEN_ENV = 'MASSGEN_EGRESS_TOKEN'
const PREFIX = 'MASSGEN-EGRESS '
const TOKEN_HEX = 64
/** The whole preamble: prefix, 64 hex digits, a newline. */
export const PREAMBLE_BYTES = PREFIX.length + TOKEN_HEX + 1
const PREAMBLE_TIMEOUT_MS = 5_000

export function newRelayToken(): string {
  return randomBytes(TOKEN_HEX / 2).toString('hex')
}

export function relayPreamble(token: string): string {
  return `${PREFIX}${token}\n`
}

const REFUSAL =
  'massgen-exec egress socket: refused, the connection did not start with the relay token of this agent\n'

/**
 * Reads the preamble off a new connection to the socket. With the right token the rest of the
 * bytes are put back and `accept` gets the socket; otherwise it is answered 403 and closed, and
 * `refused` is told (once per connection).
 */
export function gateConnection(
  socket: Socket,
  token: string,
  accept: (s: Socket) => void,
  refused: (why: string) => void
): void {
  const expected = Buffer.from(relayPreamble(token))
  let head = Buffer.alloc(0)
  const refuse = (why: string) => {
    done()
    refused(why)
    socket.end(
      `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n` +
        `Content-Length: ${Buffer.byteLength(REFUSAL)}\r\n\r\n${REFUSAL}`
    )
    // Keep reading (and dropping) what the peer still sends until it closes, then the socket
    // ends: closing with unread bytes could reset the connection before the peer has read the 403
    // (a relay's request arriving just after its preamble was refused). Bounded all the same.
    socket.on('data', () => undefined)
    setTimeout(() => socket.destroy(), PREAMBLE_TIMEOUT_MS).unref()
  }
  const timer = setTimeout(() => refuse('no relay token within 5 s'), PREAMBLE_TIMEOUT_MS)
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk])
    // A wrong public prefix is refused at once (a plain request from another user); the token is
    // compared only whole, so that no answer tells how much of a guess was right.
    const n = Math.min(head.length, PREFIX.length)
    if (!head.subarray(0, n).equals(expected.subarray(0, n)))
      return refuse('a connection without the relay token')
    // So is a token cut short or not hex (a relay started without one sends the prefix and a
    // newline): the token's form is public, only its value is compared whole.
    const form = head.subarray(PREFIX.length, Math.min(head.length, PREFIX.length + TOKEN_HEX))
    if (!/^[0-9a-f]*$/.test(form.toString('latin1')))
      return refuse('a connection with a wrong relay token')
    if (head.length < PREAMBLE_BYTES) return
    if (!timingSafeEqual(head.subarray(0, PREAMBLE_BYTES), expected))
      return refuse('a connection with a wrong relay token')
    done()
    socket.pause()
    if (head.length > PREAMBLE_BYTES) socket.unshift(head.subarray(PREAMBLE_BYTES))
    accept(socket)
  }
  const onEnd = () => refuse('closed before the relay token')
  const done = () => {
    clearTimeout(timer)
    socket.off('data', onData)
    socket.off('end', onEnd)
  }
  socket.on('error', () => socket.destroy())
  socket.on('data', onData)
  socket.once('end', onEnd)
}
