// The values a config passes into containers as credentials: they are registered with the
// redactor (and masked in the Actions log) before anything runs.
import type { RunPlan } from '../config/types.js'
import { resolveCredentialEnv } from '../runtime/docker/index.js'

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIAL|AUTH|COOKIE|SESSION/i

/**
 * Every value worth hiding: variables named in env_vars, everything taken from env_file, and,
 * with pass_all_env, the host variables whose names look secret.
 */
export function secretValues(plan: RunPlan, hostEnv: NodeJS.ProcessEnv = process.env): string[] {
  const values: string[] = []
  for (const a of plan.agents) {
    const creds = a.docker?.credentials
    if (!creds) continue
    values.push(
      ...Object.values(resolveCredentialEnv({ ...creds, passAllEnv: false }, hostEnv).env)
    )
    if (creds.passAllEnv) {
      for (const [k, v] of Object.entries(hostEnv)) if (v && SECRET_NAME.test(k)) values.push(v)
    }
  }
  return values
}
