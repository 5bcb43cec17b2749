// Allow-list and block-list over every simple command of the parsed command, not over the
// start of the raw string as MassGen does. A command is matched in each of its spellings:
// as written (words after quote removal, joined by single spaces) and after each wrapper is
// peeled off, so `sudo git push` meets `git push.*` and `timeout 60 pytest` meets `pytest.*`.
import type { CommandPattern } from '../config/types.js'
import type { Analysis, Level, Occurrence } from './analyze.js'
import type { Verdict } from './types.js'

/** Where an absolute command path may be shortened to its name for the allow-list. */
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/

/** Every text a pattern is tried against for one command. */
export function spellings(occ: Occurrence, forAllowList: boolean): string[] {
  const out = new Set<string>()
  occ.levels.forEach((_level, i) => {
    const words = occ.levels[i].words.map((w) => w.value)
    add(out, words, i === 0 ? occ.assignments : [])
    const head = words[0] ?? ''
    // `/usr/bin/python x` is `python x`. The block-list shortens any path (`./git push` is still
    // git push); the allow-list only system paths, so `./pytest` cannot pass as `pytest`.
    if (head.includes('/') && (!forAllowList || SYSTEM_BIN.test(head))) {
      add(
        out,
        [head.slice(head.lastIndexOf('/') + 1), ...words.slice(1)],
        i === 0 ? occ.assignments : []
      )
    }
  })
  return [...out]
}

function add(out: Set<string>, words: string[], assignments: string[]): void {
  out.add(words.join(' '))
  if (assignments.length) out.add([...assignments, ...words].join(' '))
}

function describe(levels: Level[]): string {
  const s = levels[0].words.map((w) => w.value).join(' ')
  return s.length > 80 ? s.slice(0, 79) + '…' : s
}

/**
 * With an allow-list, every command must match a pattern (in one of its spellings); a command
 * that only hands code to a shell (`bash -c '…'`) or calls a function defined in the same
 * command is judged by the commands inside instead. Any block-list match blocks.
 */
export function checkLists(
  analysis: Analysis,
  allowed: readonly CommandPattern[],
  blocked: readonly CommandPattern[]
): Verdict | undefined {
  if (allowed.length > 0) {
    for (const occ of analysis.occurrences) {
      if (occ.delegates || analysis.functions.has(occ.levels[occ.levels.length - 1].name)) continue
      const texts = spellings(occ, true)
      if (!allowed.some((p) => texts.some((t) => test(p.regex, t)))) {
        return {
          verdict: 'block',
          rule: 'allow-list',
          reason: `\`${describe(occ.levels)}\` does not match any allowed pattern (${allowed.map((p) => p.source).join(', ')})`
        }
      }
    }
  }
  for (const occ of analysis.occurrences) {
    const texts = spellings(occ, false)
    const hit = blocked.find((p) => texts.some((t) => test(p.regex, t)))
    if (hit) {
      return {
        verdict: 'block',
        rule: 'block-list',
        reason: `\`${describe(occ.levels)}\` matches the blocked pattern ${hit.source}`
      }
    }
  }
  return undefined
}

function test(re: RegExp, text: string): boolean {
  re.lastIndex = 0
  return re.test(text)
}
