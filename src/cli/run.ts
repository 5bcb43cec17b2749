// `massgen-exec run <config>`: every agent's steps, results into --out, a line per step.
import { UsageError } from '../errors.js'
import { stepLine, totalsLine } from '../report/markdown.js'
import { failedLike, outputTail } from '../report/output-tail.js'
import { runPipeline } from '../run/pipeline.js'
import {
  imagePolicyOption,
  oneConfig,
  parseCommandArgs,
  printer,
  splitList,
  type CliCommand
} from './io.js'

export const runCommand: CliCommand = {
  usage: `massgen-exec run <config> [options]

options:
  --out DIR                output directory (default: massgen-results)
  --agents a,b             run only these agents
  --image-policy P         auto | build | pull | never (default: auto)
  --timeout SECONDS        default timeout per command (default: 60)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --base-ref REV           base revision of every compare step (overrides compare.base)
  --quiet                  do not stream each step's output as it runs`,

  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' },
      agents: { type: 'string' },
      'image-policy': { type: 'string' },
      timeout: { type: 'string' },
      'working-directory': { type: 'string' },
      'base-ref': { type: 'string' },
      quiet: { type: 'boolean' }
    })
    const configPath = oneConfig(positionals)
    const imagePolicy = imagePolicyOption(values['image-policy'])
    let timeout: number | undefined
    if (values.timeout !== undefined) {
      timeout = Number(values.timeout)
      if (!(timeout > 0)) throw new UsageError('--timeout must be a positive number of seconds')
    }
    const out = printer(io.stdout)
    const err = printer(io.stderr)
    const outcome = await runPipeline({
      configPath,
      outDir: values.out ?? 'massgen-results',
      workingDirectory: values['working-directory'],
      agents: splitList(values.agents),
      imagePolicy,
      defaultTimeoutSec: timeout,
      baseRef: values['base-ref'] || undefined,
      log: out,
      onStep: (agent, s) => {
        out(`[${agent.id}] ${stepLine(s)}`)
        if (failedLike(s)) for (const line of outputTail(s)) out(`[${agent.id}]     ${line}`)
      },
      onOutput: values.quiet ? undefined : (agent, line) => out(`[${agent.id}] ${line}`),
      handleSignals: true
    })
    const r = outcome.results
    if (r.error) err(r.error)
    for (const a of r.agents) if (a.error) err(`[${a.id}] ${a.error}`)
    out(`${r.status}: ${totalsLine(r)}`)
    out(`results: ${outcome.reports.resultsFile}`)
    return outcome.exitCode
  }
}
