// Probe 28, for docker agents with command_line_egress: the host side of the egress socket serves
// only the agent's relay. The socket must be connectable by the relay's uid inside the container,
// so on the host other users can connect too; the per-agent relay token (runtime/egress/
// socket-gate.ts) is what refuses them. The probe connects from the host, as this process's uid
// and, when verify runs as root, as nobody (the relay's own uid, so that only the token can tell
// them apart), and asks for the allowlisted probe name: anything but a refusal fails. Inside the
// container, the agent must not be able to read the token from the relay's environment.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { EGRESS_DIR_IN_SANDBOX, PROXY_SOCKET_NAME } from '../../runtime/egress/index.js'
import { fail, list, pass, skip } from '../outcome.js'
import type { Probe, ProbeContext } from '../types.js'
import { NO_EGRESS } from './egress.js'
import { NOBODY, parseUser } from '../../lib/user.js'

/** The uid the second attempt runs as when verify is root (nobody: the relay's uid too). */
const OTHER_UID = parseUser(NOBODY).uid
const ATTEMPT_TIMEOUT_MS = 10_000

// One connection: the request the agent's relay would carry, without the relay's preamble. Prints
// the first line of the answer ("" when the socket closed without one) or "ERROR <why>".
const ATTEMPT_JS = `
const net = require('net')
const [path, host, port] = process.argv.slice(1)
const s = net.connect({ path })
let data = ''
const done = (line) => { process.stdout.write(line + '\\n'); process.exit(0) }
s.setTimeout(8000, () => done('ERROR timeout'))
s.on('data', (d) => { data += d })
s.on('error', (e) => done('ERROR ' + e.code))
s.on('close', () => done(data.split('\\r\\n')[0]))
s.on('connect', () => s.write('GET http://' + host + ':' + port + '/ HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\nConnection: close\\r\\n\\r\\n'))
`

/** Connects to `socketPath` as `uid` (undefined: this process's) and returns the answer's first line. */
export function connectAs(
  socketPath: string,
  host: string,
  port: number,
  uid?: number
): Promise<string> {
  return new Promise((resolve) => {
    const ids = uid === undefined ? {} : { uid, gid: uid }
    const c = spawn(process.execPath, ['-e', ATTEMPT_JS, socketPath, host, String(port)], {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    let err = ''
    const timer = setTimeout(() => c.kill('SIGKILL'), ATTEMPT_TIMEOUT_MS)
    c.stdout.on('data', (d: Buffer) => (out += d.toString()))
    c.stderr.on('data', (d: Buffer) => (err += d.toString()))
    c.on('error', (e) => resolve(`ERROR ${e.message}`))
    c.on('close', () => {
      clearTimeout(timer)
      resolve(out.trim() || `ERROR ${err.trim().split('\n')[0] || 'no answer'}`)
    })
  })
}

/** Whether an answer line means the request was served (anything but the gate's refusal). */
export function served(answer: string): boolean {
  return /^HTTP\/1\.[01] (?!403)\d{3}/.test(answer)
}

/** The host path of the agent's egress socket, from the container's mounts. */
async function hostSocket(ctx: ProbeContext): Promise<string | undefined> {
  const info = await ctx.inspect()
  const m = info.Mounts?.find((x) => x.Destination === EGRESS_DIR_IN_SANDBOX)
  return m ? join(m.Source, PROXY_SOCKET_NAME) : undefined
}

// As the agent: the relay's environment (where its token is) must be unreadable.
const READ_RELAY_ENV = `for p in $(ps -eo pid=,args= | grep -E '${EGRESS_DIR_IN_SANDBOX}/forward\\.(py|mjs) ' | grep -v -e --probe -e grep | awk '{print $1}'); do
  if tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^MASSGEN_EGRESS_TOKEN=.'; then echo "READ $p"; else echo "DENIED $p"; fi
done`

export const egressSocketProbe: Probe = {
  id: 'egress-socket',
  number: 28,
  title:
    "egress: the agent's egress socket on the host refuses every process but the agent's relay (other users, even nobody)",
  phase: 'parallel',
  async run(ctx) {
    const e = ctx.egress
    if (!e) return skip(NO_EGRESS)
    const socketPath = await hostSocket(ctx)
    if (!socketPath) return fail(`the container has no egress mount at ${EGRESS_DIR_IN_SANDBOX}`)
    const { allowedName, port } = e.fixture
    const me = process.getuid?.() ?? -1
    const attempts: [string, number | undefined][] = [[`uid ${me}`, undefined]]
    if (me === 0) attempts.push([`uid ${OTHER_UID}`, OTHER_UID])
    const problems: string[] = []
    const saw: string[] = []
    for (const [who, uid] of attempts) {
      const answer = await connectAs(socketPath, allowedName, port, uid)
      if (served(answer))
        problems.push(`${who} on the host reached ${allowedName} through the socket (${answer})`)
      else saw.push(`${who}: ${answer || 'closed'}`)
    }
    const env = await ctx.agentExec(READ_RELAY_ENV)
    const read = env.stdout.split('\n').filter((l) => l.startsWith('READ '))
    if (read.length) problems.push(`the agent read the relay's token from /proc (${list(read)})`)
    if (problems.length) return fail(list(problems))
    return pass(
      `${socketPath} refused connections without the relay token (${list(saw)}); the relay's environment is unreadable to the agent`
    )
  }
}
