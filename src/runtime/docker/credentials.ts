// command_line_docker_credentials → the container's environment and credential mounts, as
// MassGen's DockerManager builds them (env_file, then pass_all_env, then env_vars; later wins),
// except that additional mounts default to read-only and a missing source is skipped with a warning.
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { CredentialsConfig } from '../../config/types.js'
import { AGENT_HOME } from './labels.js'

export interface BindMount {
  source: string
  target: string
  readOnly: boolean
}

export interface ResolvedCredentials {
  env: Record<string, string>
  mounts: BindMount[]
  warnings: string[]
}

/** Host path below $HOME → path below the agent's home, for each named credential mount. */
export const CREDENTIAL_MOUNTS: Record<string, string> = {
  ssh_keys: '.ssh',
  git_config: '.gitconfig',
  gh_config: '.config/gh',
  npm_config: '.npmrc',
  pypi_config: '.pypirc',
  claude_config: '.claude',
  codex_config: '.codex',
  gemini_config: '.gemini'
}

/** KEY=VALUE lines; blank lines and # comments skipped; one pair of surrounding quotes stripped. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    if (eq <= 0) continue
    const key = line
      .slice(0, eq)
      .trim()
      .replace(/^export\s+/, '')
    let value = line.slice(eq + 1).trim()
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]))
      value = value.slice(1, -1)
    env[key] = value
  }
  return env
}

/** The container environment the credentials give (env_file, then pass_all_env, then env_vars). */
export function resolveCredentialEnv(
  config: CredentialsConfig,
  hostEnv: NodeJS.ProcessEnv = process.env
): { env: Record<string, string>; warnings: string[] } {
  const env: Record<string, string> = {}
  const warnings: string[] = []
  if (config.envFile) {
    if (existsSync(config.envFile)) {
      const fromFile = parseEnvFile(readFileSync(config.envFile, 'utf8'))
      const wanted = config.envVarsFromFile
      for (const [key, value] of Object.entries(fromFile))
        if (wanted.length === 0 || wanted.includes(key)) env[key] = value
      for (const key of wanted)
        if (!(key in fromFile))
          warnings.push(`env_vars_from_file: ${key} is not in ${config.envFile}`)
    } else {
      warnings.push(`env_file ${config.envFile} does not exist; skipped`)
    }
  }
  if (config.passAllEnv) {
    for (const [key, value] of Object.entries(hostEnv)) if (value !== undefined) env[key] = value
  }
  for (const key of config.envVars) {
    const value = hostEnv[key]
    if (value === undefined) warnings.push(`env_vars: ${key} is not set on the host; skipped`)
    else env[key] = value
  }
  return { env, warnings }
}

export function resolveCredentials(
  config: CredentialsConfig | undefined,
  hostEnv: NodeJS.ProcessEnv = process.env,
  home: string = homedir()
): ResolvedCredentials {
  if (!config) return { env: {}, mounts: [], warnings: [] }
  const result: ResolvedCredentials = { ...resolveCredentialEnv(config, hostEnv), mounts: [] }

  for (const name of config.mount) {
    const rel = CREDENTIAL_MOUNTS[name]
    if (!rel) {
      result.warnings.push(`credentials mount ${name} is unknown; skipped`)
      continue
    }
    const source = join(home, rel)
    if (!existsSync(source)) {
      result.warnings.push(`credentials mount ${name}: ${source} does not exist; skipped`)
      continue
    }
    result.mounts.push({ source, target: `${AGENT_HOME}/${rel}`, readOnly: true })
  }
  for (const mount of config.additionalMounts) {
    const source = resolve(mount.hostPath.replace(/^~(?=$|\/)/, home))
    if (!existsSync(source)) {
      result.warnings.push(`additional mount ${source} does not exist; skipped`)
      continue
    }
    result.mounts.push({ source, target: mount.bind, readOnly: mount.mode !== 'rw' })
  }
  return result
}
