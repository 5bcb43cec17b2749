// `massgen-exec validate <config>` and `list-agents <config>`.
import { loadConfig } from '../config/load.js'
import { oneConfig, parseCommandArgs, printer, type CliCommand } from './io.js'

export const validateCommand: CliCommand = {
  usage: 'massgen-exec validate <config>',
  async run(argv, io) {
    const file = oneConfig(parseCommandArgs(argv, {}).positionals)
    const plan = await loadConfig(file)
    const ids = plan.agents.map((a) => `${a.id} (${a.mode}, ${a.steps.length} steps)`)
    printer(io.stdout)(`${file}: ok — ${plan.agents.length} agent(s): ${ids.join(', ')}`)
    return 0
  }
}

export const listAgentsCommand: CliCommand = {
  usage: 'massgen-exec list-agents <config>',
  async run(argv, io) {
    const plan = await loadConfig(oneConfig(parseCommandArgs(argv, {}).positionals))
    printer(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)))
    return 0
  }
}
