// Loading a config text in unit tests: the plan, or the ConfigError's lines (file:line:col: …).
import { parseConfig } from '../../src/config/load.js'
import type { RunPlan } from '../../src/config/types.js'
import { ConfigError } from '../../src/errors.js'

export function configLoader(workingDirectory = '/work/project') {
  const load = (yaml: string): RunPlan => parseConfig(yaml, 'c.yaml', { workingDirectory })
  /** The error's lines; fails the test when the config loads. */
  const issues = (yaml: string): string[] => {
    try {
      load(yaml)
    } catch (e) {
      if (e instanceof ConfigError) return e.message.split('\n')
      throw e
    }
    throw new Error('expected a ConfigError')
  }
  return { load, issues }
}
