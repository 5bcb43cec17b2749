// MassGen 2026 permission rules applied to a scripted run. As in MassGen: deny wins, then an
// allow lifts an ask. Unlike MassGen, a command rule is matched against every simple command of
// the parsed command (and the raw text), like the block-list: `cd repo && git push --force`
// meets `command(git push --force*)`. A scripted run has no one to approve an `ask`, so an ask
// without a matching allow blocks. Nothing here lets a command through that a rule or list blocked.
import { relative } from 'node:path'
import type { PermissionRule } from '../config/types.js'
import { isInside } from '../lib/paths.js'
import type { Analysis } from './analyze.js'
import { spellings } from './lists.js'
import type { Verdict } from './types.js'

/** fnmatch.fnmatchcase: `*` any text (also `/`), `?` one character, `[…]`/`[!…]` a set. */
export function globToRegExp(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (c === '*') {
      re += '[\\s\\S]*'
      while (glob[i + 1] === '*') i++
    } else if (c === '?') {
      re += '[\\s\\S]'
    } else if (c === '[') {
      let j = i + 1
      if (glob[j] === '!') j++
      if (glob[j] === ']') j++
      while (j < glob.length && glob[j] !== ']') j++
      if (j >= glob.length) {
        re += '\\['
        continue
      }
      let body = glob.slice(i + 1, j)
      const negate = body.startsWith('!')
      if (negate) body = body.slice(1)
      body = body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]').replace(/\^/g, '\\^')
      re += negate ? `[^${body}]` : `[${body}]`
      i = j
    } else {
      re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    }
  }
  return new RegExp(`^(?:${re})$`, 'u')
}

interface Compiled {
  rule: PermissionRule
  re: RegExp
}

function describeRule(r: PermissionRule): string {
  return r.origin ? `${r.source} (${r.origin})` : r.source
}

export class PermissionRules {
  private readonly deny: Compiled[]
  private readonly ask: Compiled[]
  private readonly allow: Compiled[]

  constructor(rules: readonly PermissionRule[] = []) {
    const compile = (d: PermissionRule['decision']) =>
      rules
        .filter((r) => r.decision === d)
        .map((rule) => ({ rule, re: globToRegExp(rule.pattern) }))
    this.deny = compile('deny')
    this.ask = compile('ask')
    this.allow = compile('allow')
  }

  get empty(): boolean {
    return this.deny.length + this.ask.length + this.allow.length === 0
  }

  /** The verdict of the rules for a parsed command, or undefined when they have nothing to say. */
  checkCommand(raw: string, analysis: Analysis): Verdict | undefined {
    if (this.empty) return undefined
    // Each unit is one thing the rules may name: the raw command, or one simple command.
    const units: { shown: string; texts: string[] }[] = [
      { shown: raw.trim(), texts: [...new Set([raw, raw.trim()])] }
    ]
    for (const occ of analysis.occurrences) {
      const texts = spellings(occ, false)
      units.push({ shown: texts[0] ?? '', texts })
    }
    return this.decide('command', units)
  }

  /** The verdict for a file step (`path` absolute; also matched relative to the workspace). */
  checkFile(
    kind: 'read_file' | 'write_file',
    path: string,
    workspace: string
  ): Verdict | undefined {
    if (this.empty) return undefined
    const rel = relative(workspace, path) || '.'
    const texts = [path, rel, ...(isInside(path, workspace) ? [`./${rel}`] : [])]
    return this.decide(kind, [{ shown: path, texts }])
  }

  private decide(
    action: 'command' | 'read_file' | 'write_file',
    units: { shown: string; texts: string[] }[]
  ): Verdict | undefined {
    const hit = (list: Compiled[], texts: string[]) =>
      list.find(
        (c) =>
          (c.rule.action === action || c.rule.action === '*') && texts.some((t) => c.re.test(t))
      )
    for (const u of units) {
      const d = hit(this.deny, u.texts)
      if (d) {
        return {
          verdict: 'block',
          rule: 'permissions-deny',
          reason: `${what(action, u.shown)} matches the permissions deny rule ${describeRule(d.rule)}`
        }
      }
    }
    for (const u of units) {
      const a = hit(this.ask, u.texts)
      if (a && !hit(this.allow, u.texts)) {
        return {
          verdict: 'block',
          rule: 'permissions-ask',
          reason: `${what(action, u.shown)} matches the permissions ask rule ${describeRule(a.rule)}: it needs approval, and a scripted run has no one to give it (an allow rule that matches lets it run)`
        }
      }
    }
    return undefined
  }
}

function what(action: string, shown: string): string {
  const s = shown.length > 80 ? shown.slice(0, 79) + '…' : shown
  return action === 'command' ? `\`${s}\`` : `${action} ${s}`
}
