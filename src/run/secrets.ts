// The values a config passes into containers as credentials: they are registered with the
// redactor (and masked in the Actions log) before anything runs.
import { readFileSync } from 'node:fs'
import { parseEnvFile } from '../config/env-file.js'
import type { CredentialsConfig, RunPlan } from '../config/types.js'

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIAL|AUTH|COOKIE|SESSION/i

export function credentialEnv(
  creds: CredentialsConfig,
  hostEnv: NodeJS.ProcessEnv = process.env
): Record<string, string> {
  const env: Record<string, string> = {}
  if (creds.envFile) {
    let fromFile: Record<string, string> = {}
    try {
      fromFile = parseEnvFile(readFileSync(creds.envFile, 'utf8'))
    } catch {
      // A missing env file only warns in MassGen; the runtime reports it.
    }
    const wanted = creds.envVarsFromFile
    for (const [k, v] of Object.entries(fromFile))
      if (!wanted.length || wanted.includes(k)) env[k] = v
  }
  if (creds.passAllEnv) {
    for (const [k, v] of Object.entries(hostEnv)) if (v !== undefined) env[k] = v
  }
  for (const name of creds.envVars) if (hostEnv[name] !== undefined) env[name] = hostEnv[name]!
  return env
}

/**
 * Every value worth hiding: variables named in env_vars, everything taken from env_file, and,
 * with pass_all_env, the host variables whose names look secret.
 */
export function secretValues(plan: RunPlan, hostEnv: NodeJS.ProcessEnv = process.env): string[] {
  const values: string[] = []
  for (const a of plan.agents) {
    const creds = a.docker?.credentials
    if (!creds) continue
    const named = credentialEnv({ ...creds, passAllEnv: false }, hostEnv)
    values.push(...Object.values(named))
    if (creds.passAllEnv) {
      for (const [k, v] of Object.entries(hostEnv)) if (v && SECRET_NAME.test(k)) values.push(v)
    }
  }
  return values
}
