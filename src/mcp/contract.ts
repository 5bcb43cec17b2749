// MassGen's `command_line` tool contract (v0.1.12 `_code_execution_server.py`): the seven fields of
// execute_command and the message prefixes its refusals start with, so a model (and MassGen's own
// prompts) see what they would see from MassGen's server. Our steps are richer; this is the mapping.
import type { PolicyConfig } from '../config/types.js'
import type { Verdict } from '../policy/types.js'
import type { StepResult } from '../report/types.js'

export interface ExecuteCommandResult {
  success: boolean
  exit_code: number
  stdout: string
  stderr: string
  execution_time: number
  command: string
  work_dir: string
}

/** MassGen's error result: nothing ran. */
export function refused(command: string, workDir: string, stderr: string): ExecuteCommandResult {
  return {
    success: false,
    exit_code: -1,
    stdout: '',
    stderr,
    execution_time: 0,
    command,
    work_dir: workDir
  }
}

/**
 * A policy refusal as MassGen words it: its allow/block-list messages for our list rules, its
 * sanitizer prefix for every other rule (our sanitizer, permissions, read-only paths).
 */
export function refusalText(v: Verdict, policy: Pick<PolicyConfig, 'allowed'>): string {
  if (v.rule === 'allow-list') {
    const patterns = policy.allowed.map((p) => p.source).join(', ')
    return `Command not in allowed list. Allowed patterns: ${patterns} (${v.reason ?? ''})`
  }
  if (v.rule === 'block-list') return `Command matches blocked pattern: ${v.reason ?? ''}`
  return `Potentially dangerous command detected: ${v.reason ?? v.rule ?? 'blocked'}`
}

export function pathErrorText(message: string): string {
  return `Path validation error: ${message}`
}

/** A finished execute_command step in MassGen's shape (its fields in its order). */
export function commandResult(
  r: StepResult,
  command: string,
  workDir: string,
  timeoutSec: number
): ExecuteCommandResult {
  const joined = (first: string, rest: string) => (rest ? `${first}\n${rest}` : first)
  const shape = (exitCode: number, stderr: string, success = false): ExecuteCommandResult => ({
    success,
    exit_code: exitCode,
    stdout: r.stdout,
    stderr,
    execution_time: r.durationMs / 1000,
    command,
    work_dir: workDir
  })
  // MassGen says exactly this; what the command printed before the kill is kept after it.
  if (r.status === 'timeout')
    return shape(-1, joined(`Command timed out after ${timeoutSec} seconds`, r.stderr))
  if (r.status === 'passed' || r.status === 'failed') {
    const code = r.exitCode ?? -1
    return shape(code, r.stderr, code === 0)
  }
  // oom, a sandbox lost or the server stopping under the call: why first, then what was printed.
  return shape(r.exitCode ?? -1, joined(`Execution error: ${r.reason ?? r.status}`, r.stderr))
}
