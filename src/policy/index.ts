// The command policy: parse with tree-sitter-bash, apply the sanitizer rules to every command
// that would run, then the allow-list and block-list, then MassGen 2026 permission rules.
// Order: syntax, sanitizer, read-only paths (local agents), allow-list, block-list, permissions
// (deny, then ask unless allowed).
import type { AllowedRoot } from '../config/paths.js'
import type { PolicyConfig } from '../config/types.js'
import { Analyzer, syntaxError } from './analyze.js'
import { createBashParser } from './bash-parser.js'
import { checkLists } from './lists.js'
import { PermissionRules } from './permissions.js'
import { readOnlyVerdict } from './read-only.js'
import { RULE_ORDER } from './rules.js'
import type { CheckContext, CommandPolicy, Verdict } from './types.js'

export type { CheckContext, CommandPolicy, Verdict } from './types.js'
export { compilePythonRegex } from '../lib/python-regex.js'
export { RULE_ORDER, RULE_SUMMARY, type RuleId } from './rules.js'

export interface PolicyOptions extends PolicyConfig {
  /** What to do when the command to run is only known at run time. Default: block. */
  undecidable?: 'block' | 'allow'
  /**
   * The agent's roots, for agents no sandbox protects (local mode): statically visible writes
   * into a read-only one are refused (rule read-only-path).
   */
  readOnlyRoots?: AllowedRoot[]
}

/** Commands longer than this are blocked unparsed (a shell step is not a program listing). */
const MAX_COMMAND_CHARS = 100_000

export async function createPolicy(cfg: PolicyOptions): Promise<CommandPolicy> {
  const parser = await createBashParser()
  const ruleOpts = { enableSudo: cfg.enableSudo }
  const permissions = new PermissionRules(cfg.permissions)
  return {
    checkFile(kind, path, workspace): Verdict {
      return permissions.checkFile(kind, path, workspace) ?? { verdict: 'allow' }
    },
    check(command: string, ctx: CheckContext = {}): Verdict {
      if (command.length > MAX_COMMAND_CHARS) {
        return {
          verdict: 'block',
          rule: 'syntax',
          reason: `the command is ${command.length} characters long; the limit is ${MAX_COMMAND_CHARS}`
        }
      }
      const tree = parser.parse(command)
      if (!tree)
        return { verdict: 'block', rule: 'syntax', reason: 'the command could not be parsed' }
      try {
        const err = syntaxError(tree.rootNode)
        if (err)
          return { verdict: 'block', rule: 'syntax', reason: `not valid shell syntax: ${err}` }
        const analysis = new Analyzer(parser, ruleOpts).analyze(tree.rootNode)
        const findings = analysis.findings.filter(
          (f) => !(f.rule === 'undecidable' && cfg.undecidable === 'allow')
        )
        if (findings.length > 0) {
          const first = findings.reduce((a, b) =>
            RULE_ORDER.indexOf(b.rule) < RULE_ORDER.indexOf(a.rule) ? b : a
          )
          return { verdict: 'block', rule: first.rule, reason: first.reason }
        }
        const roots = cfg.readOnlyRoots
        return (
          (roots && ctx.cwd ? readOnlyVerdict(analysis.writes, roots, ctx.cwd) : undefined) ??
          checkLists(analysis, cfg.allowed, cfg.blocked) ??
          permissions.checkCommand(command, analysis) ?? { verdict: 'allow' }
        )
      } finally {
        tree.delete()
      }
    }
  }
}
