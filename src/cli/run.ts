// `massgen-exec run <config>`: every agent's steps, results into --out, a line per step.
import { parseUnsafeClasses } from '../config/unsafe.js'
import { UsageError } from '../errors.js'
import { notCaughtMessage, verdictAnnotations } from '../report/compare.js'
import { stepLine, totalsLine } from '../report/markdown.js'
import { failedLike, outputTail } from '../report/output-tail.js'
import { runPipeline } from '../run/pipeline.js'
import { caCertificatesOption } from '../runtime/ca-bundle.js'
import {
  imagePolicyOption,
  oneConfig,
  parseCommandArgs,
  printer,
  splitList,
  timeoutOption,
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
  --config-ref REV         read the config from this git revision (e.g. the PR's base), not the
                           work tree; relative paths in it still resolve in the work tree
  --allow-unsafe a,b       allow these unsafe classes: docker-socket, host-paths, root-user,
                           host-network, host-env, no-sandbox (see README, "Trust model")
  --ca-certificates LIST   PEM files of CAs every sandbox trusts (comma-separated), or "system"
                           for the runner's own trust store (see command_line_ca_certificates)
  --fail-on WHEN           failed (default) | blocked | never | not-caught (also exit 1 unless
                           every compare step says catches-change)
  --quiet                  do not stream each step's output as it runs`,

  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' },
      agents: { type: 'string' },
      'image-policy': { type: 'string' },
      timeout: { type: 'string' },
      'working-directory': { type: 'string' },
      'base-ref': { type: 'string' },
      'config-ref': { type: 'string' },
      'allow-unsafe': { type: 'string' },
      'ca-certificates': { type: 'string' },
      'fail-on': { type: 'string' },
      quiet: { type: 'boolean' }
    })
    const failOn = values['fail-on'] ?? 'failed'
    if (!['failed', 'blocked', 'never', 'not-caught'].includes(failOn)) {
      throw new UsageError('--fail-on must be failed, blocked, never or not-caught')
    }
    const configPath = oneConfig(positionals)
    const imagePolicy = imagePolicyOption(values['image-policy'])
    const timeout = timeoutOption(values.timeout)
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
      configRef: values['config-ref'] || undefined,
      allowUnsafe: parseUnsafeClasses(values['allow-unsafe'], '--allow-unsafe'),
      caCertificates: caCertificatesOption(values['ca-certificates'], process.cwd()),
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
    for (const v of verdictAnnotations(r)) err(`${v.title}: ${v.message}`)
    if (r.status === 'error') return outcome.exitCode
    if (failOn === 'not-caught') {
      const why = notCaughtMessage(r)
      if (why) {
        err(why)
        return 1
      }
    }
    if (failOn === 'never') return 0
    if (failOn === 'blocked') return r.totals.blocked > 0 ? 1 : 0
    return outcome.exitCode
  }
}
