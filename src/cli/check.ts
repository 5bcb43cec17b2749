// `massgen-exec check`: the policy verdict for one command (exit 0 allow, 1 block), or for a
// stream of JSON Lines on stdin (one verdict line each, exit 0). Exit 2 for usage errors.
import { createInterface } from 'node:readline'
import { allowedRoots } from '../config/paths.js'
import type { AgentPlan, CommandPattern, PolicyConfig } from '../config/types.js'
import { UsageError } from '../errors.js'
import {
  createPolicy,
  type CheckContext,
  type CommandPolicy,
  type PolicyOptions,
  type Verdict
} from '../policy/index.js'
import { compilePythonRegex } from '../lib/python-regex.js'
import { parseCommandArgs, type CliCommand, type Io } from './io.js'

const USAGE = `massgen-exec check [options] -- COMMAND
       massgen-exec check [options] --stdin      (JSON Lines {"command": "..."} in, one verdict each out)

Prints {"command","verdict","rule","reason"} as one JSON line. Exit 0 allow, 1 block, 2 usage error
(with --stdin, always 0 once the input is read).

options:
  --sudo                  the sudo variant is enabled (allows sudo/su/chmod/chown; see POLICY.md)
  --allow RE              allow-list pattern (Python regex, re.match); repeatable
  --block RE              block-list pattern (Python regex, re.match); repeatable
  --config FILE           take enable_sudo, the allow/block lists and the permissions rules from
                          an agent of this config
  --agent ID              the agent (needed when the config has more than one)
  --config-ref REV        read --config from this git revision (e.g. the PR's base), not the
                          work tree
  --allow-undecidable     allow commands whose command name is only known at run time
  --stdin                 read JSON Lines from stdin`

export const checkCommand: CliCommand = {
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      sudo: { type: 'boolean' },
      allow: { type: 'string', multiple: true },
      block: { type: 'string', multiple: true },
      config: { type: 'string' },
      agent: { type: 'string' },
      'config-ref': { type: 'string' },
      'allow-undecidable': { type: 'boolean' },
      stdin: { type: 'boolean' }
    })
    if (values.stdin && positionals.length > 0)
      throw new UsageError('give either --stdin or a command, not both')
    if (!values.stdin && positionals.length === 0)
      throw new UsageError('no command given (put it after --)')
    if (values.agent && !values.config) throw new UsageError('--agent needs --config')
    if (values['config-ref'] && !values.config) throw new UsageError('--config-ref needs --config')

    const { config, ctx } = await policyConfig(values)
    const policy = await createPolicy({
      ...config,
      undecidable: values['allow-undecidable'] ? 'allow' : 'block'
    })
    if (!values.stdin) {
      const command = positionals.join(' ')
      const verdict = policy.check(command, ctx)
      io.stdout.write(line(command, verdict) + '\n')
      return verdict.verdict === 'allow' ? 0 : 1
    }
    await checkStream(policy, ctx, io)
    return 0
  }
}

async function policyConfig(values: {
  sudo?: boolean
  allow?: string[]
  block?: string[]
  config?: string
  agent?: string
  'config-ref'?: string
}): Promise<{ config: PolicyOptions; ctx: CheckContext }> {
  const compile = (flag: string, sources: string[] = []): CommandPattern[] =>
    sources.map((source) => {
      const c = compilePythonRegex(source)
      if ('error' in c) throw new UsageError(`${flag}: ${c.error}`)
      return { source, regex: c.regex }
    })
  let base: PolicyConfig = { enableSudo: false, allowed: [], blocked: [] }
  let local: AgentPlan | undefined
  if (values.config) {
    const { loadConfigFrom } = await import('../config/source.js')
    const plan = await loadConfigFrom(values.config, {
      configRef: values['config-ref'] || undefined
    })
    const ids = plan.agents.map((a) => a.id)
    const agent = values.agent
      ? plan.agents.find((a) => a.id === values.agent)
      : plan.agents.length === 1
        ? plan.agents[0]
        : undefined
    if (!agent) {
      throw new UsageError(
        values.agent
          ? `no agent ${JSON.stringify(values.agent)} in ${values.config} (agents: ${ids.join(', ')})`
          : `${values.config} has several agents; choose one with --agent (${ids.join(', ')})`
      )
    }
    base = agent.policy
    if (agent.mode === 'local') local = agent
  }
  return {
    config: {
      enableSudo: base.enableSudo || values.sudo === true,
      allowed: [...base.allowed, ...compile('--allow', values.allow)],
      blocked: [...base.blocked, ...compile('--block', values.block)],
      permissions: base.permissions,
      // As the run checks a local agent's steps: in its workspace, its read-only roots refused.
      readOnlyRoots: local ? allowedRoots(local) : undefined
    },
    ctx: { cwd: local?.workspace }
  }
}

function line(command: string | null, v: Verdict): string {
  return JSON.stringify({
    command,
    verdict: v.verdict,
    rule: v.rule ?? null,
    reason: v.reason ?? null
  })
}

/** One verdict line per input line; output is written in batches for throughput. */
async function checkStream(policy: CommandPolicy, ctx: CheckContext, io: Io): Promise<void> {
  const rl = createInterface({ input: io.stdin, crlfDelay: Infinity })
  let batch: string[] = []
  let n = 0
  const flush = async () => {
    if (batch.length === 0) return
    const chunk = batch.join('\n') + '\n'
    batch = []
    if (!io.stdout.write(chunk)) await new Promise<void>((r) => io.stdout.once('drain', () => r()))
  }
  for await (const raw of rl) {
    n++
    if (raw.trim() === '') continue
    batch.push(verdictLine(policy, ctx, raw, n))
    if (batch.length >= 512) await flush()
  }
  await flush()
}

function verdictLine(policy: CommandPolicy, ctx: CheckContext, raw: string, n: number): string {
  let input: unknown
  try {
    input = JSON.parse(raw)
  } catch {
    return line(null, { verdict: 'block', rule: 'input', reason: `line ${n} is not valid JSON` })
  }
  const command = (input as { command?: unknown } | null)?.command
  if (typeof command !== 'string') {
    return line(null, {
      verdict: 'block',
      rule: 'input',
      reason: `line ${n} has no "command" string`
    })
  }
  return line(command, policy.check(command, ctx))
}
