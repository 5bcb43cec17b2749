// `massgen-exec <command>`: the dispatcher. Exit codes: 0 all passed, 1 a step failed, was
// blocked or timed out, 2 usage, config or environment error. Each command lives in its own
// module, loaded only when used (the bundle's cold start stays small).
import { isConfigError, isEnvironmentError, isUsageError } from '../errors.js'
import type { CliCommand, Io } from './io.js'

export type { Io } from './io.js'

const USAGE = `usage: massgen-exec <command> [options]

commands:
  validate <config>            check a config; print every problem as file:line:col: message
  list-agents <config>         print the agent ids as a JSON array (for a workflow matrix)
  run <config>                 run every agent's commands and write the results (see run --help)
  check [options] -- COMMAND   print the policy verdict for a command (see check --help)
  verify-isolation <config>    probe each docker agent's sandbox; writes isolation.json
  image [IMAGE] [--sudo]       build, pull or load the runtime image ahead of a run
                               (--load FILE / --save FILE: an image cache for other CI systems)
  cleanup [--run-id ID] [--stale]
                               remove the containers of a run, or of runs whose process is gone
  mcp <config> --agent ID      serve the agent's sandbox as MassGen's command_line MCP server
                               (stdio, or --http HOST:PORT with a bearer token; see mcp --help)

exit codes: 0 all passed, 1 a step failed, was blocked or timed out, 2 usage/config/environment error`

const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  validate: async () => (await import('./validate.js')).validateCommand,
  'list-agents': async () => (await import('./validate.js')).listAgentsCommand,
  run: async () => (await import('./run.js')).runCommand,
  check: async () => (await import('./check.js')).checkCommand,
  'verify-isolation': async () => (await import('./verify-isolation.js')).verifyIsolationCommand,
  image: async () => (await import('./image.js')).imageCommand,
  cleanup: async () => (await import('./cleanup.js')).cleanupCommand,
  mcp: async () => (await import('./mcp.js')).mcpCommand
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv
  const err = (s: string) => io.stderr.write(s + '\n')
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    io.stdout.write(USAGE + '\n')
    return name === undefined ? 2 : 0
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load) {
    err(`massgen-exec: unknown command ${JSON.stringify(name)}\n\n${USAGE}`)
    return 2
  }
  const command = await load()
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest
  if (options.includes('--help') || options.includes('-h')) {
    io.stdout.write(`usage: ${command.usage}\n`)
    return 0
  }
  try {
    return await command.run(rest, io)
  } catch (e) {
    if (isUsageError(e)) {
      err(`massgen-exec ${name}: ${e.message}\n\nusage: ${command.usage}`)
      return e.exitCode
    }
    if (isConfigError(e)) {
      err(e.message)
      return e.exitCode
    }
    if (isEnvironmentError(e)) {
      err(`massgen-exec ${name}: ${e.message}${e.hint ? `\n${e.hint}` : ''}`)
      return e.exitCode
    }
    throw e
  }
}
