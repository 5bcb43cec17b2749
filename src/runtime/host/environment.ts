// The environment a host-process step (local and srt modes) starts from, and MassGen's venv rule.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentPlan } from '../../config/types.js'

/** Host variables a host-process step may see (MassGen's MCP default environment, roughly). */
export const PASSED_HOST_VARS = ['HOME', 'PATH', 'LANG', 'TERM', 'USER']

export function baseEnvironment(hostEnv: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {}
  for (const k of PASSED_HOST_VARS) if (hostEnv[k] !== undefined) env[k] = hostEnv[k]!
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin'
  return env
}

/**
 * The environment and command line MassGen would run: an explicit venv, else `<cwd>/.venv`,
 * goes first on PATH with VIRTUAL_ENV set; a command prefix ("uv run") wins over both.
 */
export function prepareCommand(
  agent: Pick<AgentPlan, 'commandPrefix' | 'venvPath'>,
  command: string,
  cwd: string,
  env: Record<string, string>
): { command: string; env: Record<string, string> } {
  if (agent.commandPrefix) return { command: `${agent.commandPrefix} ${command}`, env }
  const venv = agent.venvPath ?? (existsSync(join(cwd, '.venv', 'bin')) ? join(cwd, '.venv') : '')
  if (!venv) return { command, env }
  return {
    command,
    env: { ...env, VIRTUAL_ENV: venv, PATH: `${join(venv, 'bin')}:${env.PATH ?? ''}` }
  }
}
