// Pieces of the egress e2e tests and bench: /etc/hosts names for loopback servers (added with a
// marker and removed by it, so another suite's concurrent entries survive), a wheel built by
// hand and a PEP 503 index serving it, and exec helpers for a hand-made container.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { PassThrough } from 'node:stream'
import type Docker from 'dockerode'

const HOSTS = '/etc/hosts'

/** Maps `names` to 127.0.0.1 in /etc/hosts; returns the function that removes exactly those lines. */
export function addHostNames(names: string[], tag: string): () => void {
  const marker = `# massgen-exec ${tag} ${process.pid}`
  const line = `127.0.0.1 ${names.join(' ')} ${marker}`
  const before = readFileSync(HOSTS, 'utf8')
  writeFileSync(
    HOSTS,
    (before.endsWith('\n') || before === '' ? before : before + '\n') + line + '\n'
  )
  let restored = false
  const restore = () => {
    if (restored) return
    restored = true
    const now = readFileSync(HOSTS, 'utf8')
    writeFileSync(
      HOSTS,
      now
        .split('\n')
        .filter((l) => !l.includes(marker))
        .join('\n')
    )
  }
  process.once('exit', restore)
  return restore
}

export interface Wheel {
  project: string
  module: string
  file: string
  bytes: Buffer
}

/**
 * A pure-Python wheel, zipped by the host's python3 (zipfile + hashlib, no pip, no network), with
 * an optional filler so benchmarks can move a known number of bytes.
 */
export function buildWheel(project: string, value: number, fillerBytes = 0): Wheel {
  const module = project.replace(/-/g, '_')
  const file = `${module}-1.0-py3-none-any.whl`
  const script = `
import base64, hashlib, io, sys, zipfile
module, project, value, filler = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
files = {
  module + "/__init__.py": ("VALUE = %s\\n" % value).encode(),
  module + "/filler.bin": bytes((i * 7) % 251 for i in range(filler)),
  module + "-1.0.dist-info/METADATA": ("Metadata-Version: 2.1\\nName: %s\\nVersion: 1.0\\n" % project).encode(),
  module + "-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\\nGenerator: massgen-exec-tests\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
}
record = module + "-1.0.dist-info/RECORD"
lines = []
for name, data in files.items():
  digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
  lines.append("%s,sha256=%s,%d" % (name, digest, len(data)))
lines.append(record + ",,")
files[record] = ("\\n".join(lines) + "\\n").encode()
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
  for name, data in files.items():
    z.writestr(name, data)
sys.stdout.buffer.write(buf.getvalue())
`
  const bytes = execFileSync(
    'python3',
    ['-c', script, module, project, String(value), String(fillerBytes)],
    {
      maxBuffer: 512 * 1024 * 1024
    }
  )
  return { project, module, file, bytes }
}

export interface HostServer {
  server: Server
  port: number
  close: () => Promise<void>
}

/**
 * One loopback HTTP server: `/` says hello, `/bytes/<n>` streams n bytes, `/simple/` is a PEP 503
 * index of `wheels`, `/files/<wheel>` serves them.
 */
export async function startHostServer(wheels: Wheel[], host = '127.0.0.1'): Promise<HostServer> {
  const chunk = Buffer.alloc(1024 * 1024, 0x61)
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    const bytes = /^\/bytes\/(\d+)(?:\?rate=(\d+))?$/.exec(url)
    if (url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end('hello from the host\n')
    } else if (bytes) {
      // ?rate=<bytes per second> paces the body like a remote server behind a link of that speed.
      const total = Number(bytes[1])
      const rate = bytes[2] ? Number(bytes[2]) : 0
      const t0 = Date.now()
      let left = total
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': left })
      const pump = () => {
        while (left > 0) {
          const ahead = rate ? (total - left) / rate - (Date.now() - t0) / 1000 : 0
          if (ahead > 0) return void setTimeout(pump, Math.ceil(ahead * 1000))
          const n = Math.min(left, chunk.length)
          left -= n
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
            return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    } else if (url === '/simple/') {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end(wheels.map((w) => `<a href="/simple/${w.project}/">${w.project}</a>`).join('\n'))
    } else if (url.startsWith('/simple/')) {
      const w = wheels.find((x) => url === `/simple/${x.project}/`)
      res.writeHead(w ? 200 : 404, { 'Content-Type': 'text/html' })
      res.end(w ? `<a href="/files/${w.file}">${w.file}</a>\n` : 'not found')
    } else if (url.startsWith('/files/')) {
      const w = wheels.find((x) => url === `/files/${x.file}`)
      res.writeHead(w ? 200 : 404, { 'Content-Type': 'application/octet-stream' })
      res.end(w ? w.bytes : 'not found')
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((r) => server.listen(0, host, r))
  const { port } = server.address() as { port: number }
  return {
    server,
    port,
    close: () => {
      server.closeAllConnections()
      return new Promise((r) => server.close(() => r()))
    }
  }
}

export interface ExecOut {
  exitCode: number | null
  stdout: string
  stderr: string
}

/** Runs argv in the container as `user` and waits for it. */
export async function execIn(
  container: Docker.Container,
  docker: Docker,
  cmd: string[],
  user: string,
  env: string[] = []
): Promise<ExecOut> {
  const exec = await container.exec({
    Cmd: cmd,
    User: user,
    Env: env,
    AttachStdout: true,
    AttachStderr: true
  })
  const stream = await exec.start({ hijack: true, stdin: false })
  const out = new PassThrough()
  const err = new PassThrough()
  const o: Buffer[] = []
  const e: Buffer[] = []
  out.on('data', (d: Buffer) => o.push(d))
  err.on('data', (d: Buffer) => e.push(d))
  docker.modem.demuxStream(stream, out, err)
  await new Promise<void>((resolve) => stream.on('end', () => resolve()))
  // A hijacked exec connection stays half-open after the end of its output: close it.
  stream.destroy()
  const info = await exec.inspect()
  return {
    exitCode: info.ExitCode ?? null,
    stdout: Buffer.concat(o).toString('utf8'),
    stderr: Buffer.concat(e).toString('utf8')
  }
}

/** Starts argv detached (the relay); returns once the engine has started it. */
export async function execDetached(
  container: Docker.Container,
  cmd: string[],
  user: string,
  env: Record<string, string> = {}
): Promise<void> {
  const exec = await container.exec({
    Cmd: cmd,
    User: user,
    Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
    AttachStdout: false,
    AttachStderr: false
  })
  const started = (await exec.start({ Detach: true })) as unknown as
    { destroy?: () => void } | undefined
  started?.destroy?.()
}
