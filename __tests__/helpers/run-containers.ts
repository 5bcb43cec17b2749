// The containers (running or not) the engine still has for a run, by the run-id label every
// container of the product carries: what "cleanup leaves no container" is checked against.
import { execFileSync } from 'node:child_process'

export function containersOfRun(runId: string): string[] {
  return execFileSync(
    'docker',
    ['ps', '-aq', '--filter', `label=io.massgen-exec.run-id=${runId}`],
    {
      encoding: 'utf8'
    }
  )
    .split('\n')
    .filter(Boolean)
}
