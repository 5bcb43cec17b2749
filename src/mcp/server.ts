// The MCP face of the tools: MassGen's `command_line` server's tool names, arguments and result
// shapes (results as JSON text, as FastMCP sends a dict, and as structured content), plus seed
// 004's read_file/write_file. Descriptions tell the model the sandbox's rules.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { AgentPlan } from '../config/types.js'
import type { FileResult, SandboxTools } from './tools.js'

export const SERVER_NAME = 'command_line'

/** What the model should know before it calls: where it runs, network, paths, limits, policy. */
export function sandboxRules(agent: AgentPlan, defaultTimeoutSec: number): string {
  const where =
    agent.mode === 'local'
      ? 'on the host (local mode: no isolation)'
      : agent.mode === 'srt'
        ? 'in a sandbox-runtime (bubblewrap) sandbox'
        : `in a hardened Docker container (${agent.docker?.image ?? 'runtime image'})`
  const network = agent.egress
    ? `network: only these destinations, through a proxy: ${[...agent.egress.allowedDomains, ...agent.egress.srtAllowedDomains, ...agent.egress.presets.map((p) => `preset ${p}`)].join(', ') || '(none)'}`
    : agent.docker?.network && agent.docker.network !== 'none'
      ? `network: ${agent.docker.network}`
      : 'network: none'
  const paths = [
    `${agent.workspace} (workspace, writable)`,
    ...agent.contextPaths.map(
      (c) => `${c.path} (${c.permission === 'write' ? 'writable' : 'read-only'})`
    ),
    ...(agent.tempWorkspace ? [`${agent.tempWorkspace} (read-only)`] : [])
  ]
  const lists = [
    agent.policy.allowed.length
      ? `only commands matching: ${agent.policy.allowed.map((p) => p.source).join(', ')}`
      : '',
    agent.policy.blocked.length
      ? `never commands matching: ${agent.policy.blocked.map((p) => p.source).join(', ')}`
      : ''
  ].filter(Boolean)
  return [
    `Commands run with /bin/sh ${where}; the sandbox persists between calls.`,
    network + '.',
    `Paths you may use: ${paths.join('; ')}. Relative paths are relative to the workspace.`,
    `Default timeout ${defaultTimeoutSec} s (the command is killed); output is capped at ${agent.maxOutputBytes} bytes per stream.`,
    `Dangerous commands (rm -rf /, dd, fork bombs, sudo unless enabled, …) are refused${lists.length ? `; ${lists.join('; ')}` : ''}.`,
    'Calls run one at a time; every call is recorded.'
  ].join('\n')
}

function json(result: object, isError = false): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
    structuredContent: result as Record<string, unknown>,
    ...(isError ? { isError: true } : {})
  }
}

function text(r: FileResult): CallToolResult {
  return r.ok
    ? { content: [{ type: 'text', text: r.text }] }
    : { content: [{ type: 'text', text: r.error }], isError: true }
}

const optionalDir = z
  .string()
  .nullable()
  .optional()
  .describe('Working directory (absolute, or relative to the workspace); default: the workspace')

export function createMcpServer(
  tools: SandboxTools,
  agent: AgentPlan,
  defaultTimeoutSec: number
): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: '1.0.0' })
  const rules = sandboxRules(agent, defaultTimeoutSec)
  server.registerTool(
    'execute_command',
    {
      description: `Execute a shell command and return success, exit_code, stdout, stderr, execution_time, command and work_dir.\n${rules}`,
      inputSchema: {
        command: z.string().describe('The command to execute (run by /bin/sh -c)'),
        timeout: z
          .number()
          .positive()
          .nullable()
          .optional()
          .describe(`Maximum execution time in seconds (default: ${defaultTimeoutSec})`),
        work_dir: optionalDir
      }
    },
    async (a, extra) => json(await tools.executeCommand(a, extra.signal))
  )
  server.registerTool(
    'read_file',
    {
      description: `Read a text file: line_count lines (all when omitted) after skipping offset lines.\n${rules}`,
      inputSchema: {
        path: z.string().describe('File path (absolute, or relative to the workspace)'),
        offset: z.number().int().min(0).optional().describe('Lines to skip (default 0)'),
        line_count: z.number().int().min(0).nullable().optional().describe('Lines to return')
      }
    },
    async (a) => text(await tools.readFile(a))
  )
  server.registerTool(
    'write_file',
    {
      description: `Write a text file (created or replaced).\n${rules}`,
      inputSchema: {
        path: z.string().describe('File path (absolute, or relative to the workspace)'),
        content: z.string().describe('The whole new content')
      }
    },
    async (a) => text(await tools.writeFile(a))
  )
  server.registerTool(
    'start_background_shell',
    {
      description: `Start a command in the background inside the sandbox; returns shell_id, status, command, pid, work_dir. At most 10 run at once; a timed-out execute_command ends them too.\n${rules}`,
      inputSchema: { command: z.string().describe('The command to run'), work_dir: optionalDir }
    },
    async (a) => shellResult(await tools.startBackgroundShell(a))
  )
  const byId = { shell_id: z.string().describe('The id start_background_shell returned') }
  server.registerTool(
    'get_background_shell_output',
    {
      description: 'The output so far (last 10,000 lines per stream) of a background shell.',
      inputSchema: byId
    },
    async (a) => shellResult(await tools.shells.output(a.shell_id))
  )
  server.registerTool(
    'get_background_shell_status',
    {
      description:
        'Status (running, stopped, failed, killed), exit_code, pid, command, cwd, start_time and duration_seconds of a background shell.',
      inputSchema: byId
    },
    async (a) => shellResult(await tools.shells.status(a.shell_id))
  )
  server.registerTool(
    'kill_background_shell',
    {
      description: 'End a background shell (SIGTERM to its process group, SIGKILL after 0.5 s).',
      inputSchema: byId
    },
    async (a) => shellResult(await tools.shells.kill(a.shell_id))
  )
  server.registerTool(
    'list_background_shells',
    { description: 'Every background shell of this session with its status.', inputSchema: {} },
    async () => shellResult(await tools.shells.list())
  )
  return server
}

function shellResult(r: Record<string, unknown>): CallToolResult {
  return json(r, r.success === false)
}
