// Streamable HTTP on loopback with a bearer token: every request must carry
// `Authorization: Bearer <token>` (401 otherwise, before the SDK sees it). Stateless: each POST
// gets its own protocol server over the one shared set of tools (one sandbox, calls in order), so
// any number of clients, reconnects and a client that vanishes mid-call cost nothing but that call.
import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'

export const MCP_PATH = '/mcp'

export function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!m) return false
  const a = Buffer.from(m[1])
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export interface HttpServing {
  url: string
  close(): Promise<void>
}

export async function serveHttp(opts: {
  host: string
  port: number
  token: string
  newServer: () => McpServer
  log: (line: string) => void
}): Promise<HttpServing> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!tokenMatches(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' })
      res.end('401 Unauthorized: Authorization: Bearer <token> required\n')
      return
    }
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not found: use ${MCP_PATH}\n`)
      return
    }
    const server = opts.newServer()
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(req, res)
  }
  const http: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      opts.log(`mcp http: ${e.message}`)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port, opts.host, () => resolve())
  })
  const addr = http.address() as AddressInfo
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address
  return {
    url: `http://${host}:${addr.port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
  }
}
