// Shared pieces of the verify-isolation e2e tests: a working directory with a config, and the
// fail set of each agent read back from isolation.json.
import { chmod, mkdtemp, realpath, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IsolationReport } from '../../../src/isolation/types.js'

export const VERIFY_TIMEOUT_MS = 900_000

export async function workDir(tag: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), `mgx-iso-${tag}-`)))
  await chmod(dir, 0o755)
  return dir
}

export async function writeConfig(dir: string, yaml: string): Promise<string> {
  const file = join(dir, 'config.yaml')
  await writeFile(file, yaml)
  return file
}

/** probe ids with status `fail`, per agent. */
export function failures(report: IsolationReport): Record<string, string[]> {
  return Object.fromEntries(
    report.agents.map((a) => [
      a.id,
      a.results
        .filter((r) => r.status === 'fail')
        .map((r) => r.id)
        .sort()
    ])
  )
}

/** Every agent's results: one per probe, each with a detail. */
export function everyProbeReported(report: IsolationReport): boolean {
  return report.agents.every(
    (a) =>
      a.results.length === report.probes.length &&
      report.probes.every((p) => a.results.some((r) => r.id === p.id && r.detail.length > 0))
  )
}
