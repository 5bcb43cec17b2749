// `massgen-exec mcp`: one agent's sandbox served as MassGen's `command_line` MCP server, inside the
// run's own scope (plan, sandbox started once, signals, cleanup, reports, redaction), so a served
// session leaves the same results.json, summary.md and logs as a scripted run, one step per call.
import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { ImagePolicy } from '../config/defaults.js'
import type { ImageSources } from '../runtime/docker/index.js'
import { runScope, type PipelineOutcome } from '../run/pipeline.js'
import { serveHttp } from './http.js'
import { createMcpServer } from './server.js'
import { SandboxTools } from './tools.js'

export interface ServeOptions {
  configPath: string
  outDir: string
  agent: string
  workingDirectory?: string
  imagePolicy?: ImagePolicy
  defaultTimeoutSec?: number
  runId?: string
  imageSources?: ImageSources
  log: (line: string) => void
  onSecret?: (value: string) => void
  /** Streamable HTTP instead of stdio. */
  http?: { host: string; port: number; token: string }
  /** Told the URL once the HTTP server listens. */
  onListening?: (url: string) => void
  /** stdio: the protocol's streams (the process's by default). */
  stdin?: Readable
  stdout?: Writable
  /** Resolves (with why) when the server should stop: signal, stdin closed, the action's post. */
  stop: Promise<string>
}

export function serveMcp(opts: ServeOptions): Promise<PipelineOutcome> {
  return runScope(
    {
      configPath: opts.configPath,
      outDir: opts.outDir,
      agents: [opts.agent],
      workingDirectory: opts.workingDirectory,
      imagePolicy: opts.imagePolicy,
      defaultTimeoutSec: opts.defaultTimeoutSec,
      runId: opts.runId,
      imageSources: opts.imageSources,
      log: opts.log,
      onSecret: opts.onSecret,
      // The caller turns signals into `stop`: a served session ends normally when told to.
      handleSignals: false
    },
    async (run) => {
      const agent = run.plan.agents[0]
      if (opts.http) run.redactor.add(opts.http.token)
      if (agent.steps.length)
        opts.log(
          `[${agent.id}] its ${agent.steps.length} scripted step(s) are not run when serving`
        )
      const timeoutSec = run.plan.defaults.timeoutSec
      await run.serve(async (live) => {
        const tools = new SandboxTools({
          live,
          defaultTimeoutSec: timeoutSec,
          runId: run.opts.runId
        })
        const newServer = () => createMcpServer(tools, agent, timeoutSec)
        let close: () => Promise<void>
        if (opts.http) {
          const http = await serveHttp({ ...opts.http, newServer, log: opts.log })
          opts.log(`[${agent.id}] MCP server (Streamable HTTP) at ${http.url}`)
          opts.onListening?.(http.url)
          close = http.close
        } else {
          const server = newServer()
          await server.connect(new StdioServerTransport(opts.stdin, opts.stdout))
          opts.log(`[${agent.id}] MCP server on stdio`)
          close = () => server.close()
        }
        const why = await opts.stop
        opts.log(`[${agent.id}] stopping: ${why}`)
        await tools.stop(why)
        await close().catch(() => undefined)
      })
    }
  )
}
