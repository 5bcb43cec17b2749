// `massgen-exec verify-isolation <config>`: probes every docker agent's container as the config
// creates it. Exit 0 when every probe passes or skips, 1 when one fails, 2 for usage, config or
// environment errors.
import { parseArgs } from 'node:util'
import type { ImagePolicy } from '../run/engine.js'
import { headline } from '../isolation/report.js'
import { verifyIsolation } from '../isolation/verify.js'

export interface VerifyIo {
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

const USAGE = `usage: massgen-exec verify-isolation <config> [options]

Starts every docker agent of the config exactly as \`run\` would and attacks its sandbox: 21 probes
(capabilities, filesystem, network, engine socket, fork/memory/CPU bombs, kernel interfaces, secrets,
timeouts, output floods, symlinks, other agents, cleanup, engine CVEs). See ISOLATION.md.

options:
  --out DIR                output directory for isolation.json and isolation.md (default: massgen-results)
  --image-policy P         auto | build | pull | never (default: auto)
  --working-directory DIR  where relative paths in the config resolve (default: .)

exit codes: 0 every probe passed or skipped, 1 a probe failed, 2 usage/config/environment error`

const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never']

export async function verifyIsolationCommand(argv: string[], io: VerifyIo): Promise<number> {
  const out = (s: string) => io.stdout.write(s + '\n')
  const err = (s: string) => io.stderr.write(s + '\n')
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        'image-policy': { type: 'string' },
        'working-directory': { type: 'string' },
        help: { type: 'boolean', short: 'h' }
      }
    })
  } catch (e) {
    err(`massgen-exec verify-isolation: ${(e as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    out(USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    err(`massgen-exec verify-isolation: expected exactly one config file\n\n${USAGE}`)
    return 2
  }
  const imagePolicy = values['image-policy'] ?? 'auto'
  if (!IMAGE_POLICIES.includes(imagePolicy)) {
    err(`massgen-exec verify-isolation: --image-policy must be one of ${IMAGE_POLICIES.join(', ')}`)
    return 2
  }
  const outcome = await verifyIsolation({
    configPath: positionals[0],
    outDir: values.out ?? 'massgen-results',
    workingDirectory: values['working-directory'],
    imagePolicy: imagePolicy as ImagePolicy,
    log: out
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
