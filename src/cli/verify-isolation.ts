// `massgen-exec verify-isolation <config>`: probes every docker agent's container and every srt
// agent's sandbox as the config creates them. Exit 0 when every probe passes or skips, 1 when one fails, 2 for usage, config or
// environment errors.
import { parseUnsafeClasses } from '../config/unsafe.js'
import { expectRuntimeOption, headline, verifyIsolation } from '../isolation/index.js'
import {
  imagePolicyOption,
  oneConfig,
  parseCommandArgs,
  printer,
  splitList,
  type CliCommand
} from './io.js'

export const verifyIsolationCommand: CliCommand = {
  usage: `massgen-exec verify-isolation <config> [options]

Starts every docker and srt agent of the config exactly as \`run\` would and attacks its sandbox:
docker agents 30 probes (capabilities, filesystem, network, engine socket, fork/memory/CPU bombs,
kernel interfaces, secrets, timeouts, output floods, symlinks, other agents, cleanup, engine CVEs,
harness shims, the runtime, and for agents with command_line_egress the allowlist: reachable,
refusals, no way around it, private addresses); srt agents the probes that apply to them, egress
included (no Docker needed). See ISOLATION.md.

options:
  --out DIR                output directory for isolation.json and isolation.md (default: massgen-results)
  --agents a,b             probe only these agents
  --image-policy P         auto | build | pull | never (default: auto)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --expect-runtime NAME    every container must run under this runtime (e.g. runsc), or \`gvisor\`
                           for any gVisor runtime; checked by probe 27 whatever the config says
  --config-ref REV         read the config from this git revision, not the work tree
  --allow-unsafe a,b       allow these unsafe classes (see run --help, README "Trust model")

exit codes: 0 every probe passed or skipped, 1 a probe failed, 2 usage/config/environment error`,

  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: 'string' },
      agents: { type: 'string' },
      'image-policy': { type: 'string' },
      'working-directory': { type: 'string' },
      'expect-runtime': { type: 'string' },
      'config-ref': { type: 'string' },
      'allow-unsafe': { type: 'string' }
    })
    const out = printer(io.stdout)
    const err = printer(io.stderr)
    const outcome = await verifyIsolation({
      configPath: oneConfig(positionals),
      outDir: values.out ?? 'massgen-results',
      workingDirectory: values['working-directory'],
      agents: splitList(values.agents),
      imagePolicy: imagePolicyOption(values['image-policy']),
      expectRuntime: expectRuntimeOption(values['expect-runtime']),
      configRef: values['config-ref'] || undefined,
      allowUnsafe: parseUnsafeClasses(values['allow-unsafe'], '--allow-unsafe'),
      log: out,
      handleSignals: true
    })
    const r = outcome.report
    if (r.error) err(r.error)
    for (const a of r.agents) {
      for (const p of a.results)
        if (p.status === 'fail') err(`[${a.id}] FAIL ${p.number} ${p.id}: ${p.detail}`)
    }
    out(`${r.status}: ${headline(r)}`)
    out(`results: ${outcome.files.resultsFile}`)
    return outcome.exitCode
  }
}
