// What the check sets up on the host before any container exists, and takes down afterwards:
// markers where agents must not see, a secret file for planted symlinks, a TCP listener.
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HostFixture } from './types.js'

export interface HostSetup {
  fixture: HostFixture
  close(): Promise<void>
}

const MARKER = () => `massgen-isolation-marker ${randomBytes(12).toString('hex')}\n`

/** `gateways`: addresses the host has as containers see it (the default bridge's gateway). */
export async function setUpHost(home: string, gateways: string[] = []): Promise<HostSetup> {
  const outsideDir = await realpath(await mkdtemp(join(tmpdir(), 'massgen-isolation-')))
  // Readable by everyone: if an agent cannot see these, it is the mount namespace, not permissions.
  await chmod(outsideDir, 0o755)
  const outsideMarker = join(outsideDir, 'marker.txt')
  await writeFile(outsideMarker, MARKER(), { mode: 0o644 })
  const secretToken = `massgen-secret-${randomBytes(12).toString('hex')}`
  const secretFile = join(outsideDir, 'secret.xml')
  // A valid JUnit report whose failing test is named after the secret: a reader that follows the
  // planted link would put the token into the results.
  await writeFile(
    secretFile,
    `<testsuite name="s" tests="1" failures="1"><testcase name="${secretToken}"><failure/></testcase></testsuite>\n`,
    { mode: 0o644 }
  )
  let homeMarker: string | undefined = join(
    home,
    `.massgen-isolation-${randomBytes(6).toString('hex')}`
  )
  try {
    await writeFile(homeMarker, MARKER(), { mode: 0o644, flag: 'wx' })
  } catch {
    homeMarker = undefined
  }

  // Tracked: a proxy that reached it may keep its half of the connection open, and close()
  // must not wait for that.
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.once('close', () => sockets.delete(socket))
    socket.end('massgen-isolation-listener\n')
  })
  server.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '0.0.0.0', () => resolve())
  })
  const port = (server.address() as { port: number }).port
  const addresses = new Set<string>()
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) addresses.add(a.address)
  for (const gateway of gateways) addresses.add(gateway)

  return {
    fixture: {
      home,
      homeMarker,
      outsideDir,
      outsideMarker,
      secretFile,
      secretToken,
      listener: { port, addresses: [...addresses] }
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const s of sockets) s.destroy()
      await closed
      await rm(outsideDir, { recursive: true, force: true })
      if (homeMarker) await rm(homeMarker, { force: true })
    }
  }
}
