// `massgen-exec`: validate | list-agents | run | check | verify-isolation. Exit codes: 0 all
// passed, 1 a command failed / was blocked / timed out, 2 usage, config or environment error.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ConfigError } from '../config/errors.js'
import { loadConfig } from '../config/load.js'
import { totalsLine } from '../report/markdown.js'
import type { StepResult } from '../report/types.js'
import { runEngine, type ImagePolicy } from '../run/engine.js'

export interface Io {
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

const USAGE = `usage: massgen-exec <command> [options]

commands:
  validate <config>            check a config; print every problem as file:line:col: message
  list-agents <config>         print the agent ids as a JSON array (for a workflow matrix)
  run <config>                 run every agent's commands and write the results
      --out DIR                output directory (default: massgen-results)
      --agents a,b             run only these agents
      --image-policy P         auto | build | pull | never (default: auto)
      --timeout SECONDS        default timeout per command (default: 60)
      --working-directory DIR  where relative paths in the config resolve (default: .)
      --base-ref REV           base revision of every compare step (overrides compare.base)
  check [options] -- COMMAND   print the policy verdict for a command (see --help there)
  verify-isolation <config>    probe each docker agent's sandbox; writes isolation.json (--out DIR)
  image [IMAGE] [--sudo]       build or pull the runtime image ahead of a run (--image-policy P)

exit codes: 0 all passed, 1 a step failed, was blocked or timed out, 2 usage/config/environment error`

const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never']

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  const out = (s: string) => io.stdout.write(s + '\n')
  const err = (s: string) => io.stderr.write(s + '\n')
  try {
    switch (command) {
      case 'validate':
        return await validate(rest, out, err)
      case 'list-agents':
        return await listAgents(rest, out, err)
      case 'run':
        return await run(rest, out, err)
      case 'image': {
        const { imageCommand } = await import('./image.js')
        return await imageCommand(rest, io)
      }
      case 'verify-isolation': {
        const { verifyIsolationCommand } = await import('./verify-isolation.js')
        return await verifyIsolationCommand(rest, io)
      }
      case 'check': {
        const { checkCommand } = await import('./check.js')
        return await checkCommand(rest, io)
      }
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        out(USAGE)
        return command === undefined ? 2 : 0
      default:
        err(`massgen-exec: unknown command ${JSON.stringify(command)}\n\n${USAGE}`)
        return 2
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message)
      return 2
    }
    if (e instanceof UsageProblem) {
      err(`massgen-exec: ${e.message}\n\n${USAGE}`)
      return 2
    }
    throw e
  }
}

class UsageProblem extends Error {}

function oneConfig(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageProblem('expected exactly one config file')
  return positionals[0]
}

function parse(args: string[], options: ParseArgsConfig['options'] = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (e) {
    throw new UsageProblem((e as Error).message)
  }
}

async function validate(args: string[], out: (s: string) => void, _err: (s: string) => void) {
  const { positionals } = parse(args)
  const file = oneConfig(positionals)
  const plan = await loadConfig(file)
  const ids = plan.agents.map((a) => `${a.id} (${a.mode}, ${a.steps.length} steps)`)
  out(`${file}: ok — ${plan.agents.length} agent(s): ${ids.join(', ')}`)
  return 0
}

async function listAgents(args: string[], out: (s: string) => void, _err: (s: string) => void) {
  const { positionals } = parse(args)
  const plan = await loadConfig(oneConfig(positionals))
  out(JSON.stringify(plan.agents.map((a) => a.id)))
  return 0
}

async function run(args: string[], out: (s: string) => void, err: (s: string) => void) {
  const { values, positionals } = parse(args, {
    out: { type: 'string' },
    agents: { type: 'string' },
    'image-policy': { type: 'string' },
    timeout: { type: 'string' },
    'working-directory': { type: 'string' },
    'base-ref': { type: 'string' }
  })
  const configPath = oneConfig(positionals)
  const imagePolicy = (values['image-policy'] as string | undefined) ?? 'auto'
  if (!IMAGE_POLICIES.includes(imagePolicy)) {
    throw new UsageProblem(`--image-policy must be one of ${IMAGE_POLICIES.join(', ')}`)
  }
  let timeout: number | undefined
  if (values.timeout !== undefined) {
    timeout = Number(values.timeout)
    if (!(timeout > 0)) throw new UsageProblem('--timeout must be a positive number of seconds')
  }
  const outcome = await runEngine({
    configPath,
    outDir: (values.out as string | undefined) ?? 'massgen-results',
    workingDirectory: values['working-directory'] as string | undefined,
    agents: splitList(values.agents as string | undefined),
    imagePolicy: imagePolicy as ImagePolicy,
    defaultTimeoutSec: timeout,
    baseRef: (values['base-ref'] as string | undefined) || undefined,
    log: (line) => out(line),
    onStep: (agent, s) => out(`[${agent.id}] ${stepLine(s)}`),
    handleSignals: true
  })
  const r = outcome.results
  if (r.error) err(r.error)
  for (const a of r.agents) if (a.error) err(`[${a.id}] ${a.error}`)
  out(`${r.status}: ${totalsLine(r)}`)
  out(`results: ${outcome.reports.resultsFile}`)
  return outcome.exitCode
}

export function stepLine(s: StepResult): string {
  const label = s.name ?? s.command.split('\n')[0].slice(0, 80)
  const exit =
    s.exitCode !== null && s.status !== 'passed' && !s.reason ? ` (exit ${s.exitCode})` : ''
  const reason = s.reason && s.status !== 'passed' ? ` — ${s.reason}` : ''
  const compare = s.compare ? ` · compare: ${s.compare.verdict}` : ''
  const flaky = s.flaky?.length ? ` · flaky: ${s.flaky.length}` : ''
  return `${s.status.toUpperCase()} ${label}${exit}${reason}${compare}${flaky} [${s.durationMs} ms]`
}

function splitList(v: string | undefined): string[] | undefined {
  if (!v) return undefined
  const list = v
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean)
  return list.length ? list : undefined
}
