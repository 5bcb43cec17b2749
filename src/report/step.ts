// The one shape of a step that did not run to an exit code: status `error`, no exit code, no
// output. The orchestrator starts every step's row from it (and `skipped` rows), the MCP tools
// record their refused or failed calls with it; callers spread what they know on top.
import type { StepResult } from './types.js'

export function erroredStep(
  step: Pick<StepResult, 'index' | 'name' | 'command' | 'kind'>,
  extra: Partial<StepResult> = {}
): StepResult {
  return {
    index: step.index,
    name: step.name,
    command: step.command,
    kind: step.kind,
    status: 'error',
    exitCode: null,
    durationMs: 0,
    stdout: '',
    stderr: '',
    truncated: false,
    ...extra
  }
}
