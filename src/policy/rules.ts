// The sanitizer's rules, each looking at one simple command (one level of a wrapper chain)
// with its words already normalised. Structural rules (pipes, redirects, fork bombs) live in
// analyze.ts, because they need the syntax tree.
import { criticalTarget, isDevice, isSystemPath } from './paths.js'
import type { Word } from './words.js'
import { commandName } from './wrappers.js'

export type RuleId =
  | 'syntax'
  | 'rm-root'
  | 'find-delete'
  | 'disk-write'
  | 'disk-format'
  | 'mv-dev-null'
  | 'fork-bomb'
  | 'pipe-to-shell'
  | 'privilege-escalation'
  | 'system-permissions'
  | 'setuid-bit'
  | 'undecidable'

/** When one command breaks several rules, the verdict names the first in this order. */
export const RULE_ORDER: RuleId[] = [
  'syntax',
  'rm-root',
  'find-delete',
  'disk-write',
  'disk-format',
  'mv-dev-null',
  'fork-bomb',
  'pipe-to-shell',
  'privilege-escalation',
  'setuid-bit',
  'system-permissions',
  'undecidable'
]

/** One line per rule, for docs and `--help`. */
export const RULE_SUMMARY: Record<RuleId, string> = {
  syntax: 'the command does not parse as shell syntax',
  'rm-root': 'recursive deletion of /, /*, a system directory or a home directory',
  'find-delete': 'find -delete / -exec rm starting at /, a system directory or a home directory',
  'disk-write': 'writing raw bytes to a disk or memory device (dd of=, >, tee, cp, shred)',
  'disk-format': 'formatting, wiping or partitioning a disk (mkfs*, mkswap, wipefs, fdisk …)',
  'mv-dev-null': 'moving files to /dev/null',
  'fork-bomb': 'a function that calls itself in the background or in a pipeline',
  'pipe-to-shell': 'downloaded or decoded content run by a shell or interpreter',
  'privilege-escalation': 'sudo, su, doas, pkexec, runuser (allowed with the sudo variant)',
  'setuid-bit': 'chmod setting the setuid/setgid bit (allowed with the sudo variant)',
  'system-permissions': 'chmod/chown/chgrp on system paths (allowed with the sudo variant)',
  undecidable: 'the command to run is only known at run time (variable, substitution, glob)'
}

export interface Finding {
  rule: RuleId
  reason: string
}

export interface RuleOptions {
  enableSudo: boolean
  /** Directory an earlier `cd` moved to, for relative targets. */
  cwd?: string
}

const PRIVILEGE = new Set(['sudo', 'sudoedit', 'su', 'doas', 'pkexec', 'runuser'])
const FORMATTERS = /^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|wipefs|blkdiscard)$/
const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'cfdisk', 'gdisk', 'sgdisk', 'parted'])

/** Shows a command the way a reader would type it (quoting only where needed). */
export function show(words: Word[], max = 80): string {
  const s = words.map((w) => (/^[\w@%+=:,./~*?-]+$/.test(w.value) ? w.value : w.raw)).join(' ')
  return s.length > max ? s.slice(0, max - 1) + '…' : s
}

/** Rules for one command: `words[0]` is its name; wrappers are separate levels. */
export function sanitizerFindings(words: Word[], opts: RuleOptions): Finding[] {
  if (words.length === 0) return []
  const head = words[0]
  if (head.dynamic) {
    const how = head.substitution ? 'the output of a command substitution' : 'a variable'
    return [
      {
        rule: 'undecidable',
        reason: `the command name ${head.raw} is ${how}, so what runs is only known at run time and cannot be checked`
      }
    ]
  }
  if (head.glob) {
    return [
      {
        rule: 'undecidable',
        reason: `the command name ${head.raw} is a glob pattern, so what runs depends on the files present and cannot be checked`
      }
    ]
  }
  const name = commandName(head)
  const cmd = show(words)
  const found: Finding[] = []
  const add = (rule: RuleId, reason: string) => found.push({ rule, reason })

  if (PRIVILEGE.has(name) && !opts.enableSudo) {
    add(
      'privilege-escalation',
      `\`${cmd}\` changes user or gains root privileges; ${name} is only allowed when the sudo variant is enabled (enable_sudo: true)`
    )
  }
  switch (name) {
    case 'rm':
      checkRm(words, cmd, add, opts.cwd)
      break
    case 'find':
      checkFind(words, cmd, add, opts.cwd)
      break
    case 'dd':
      for (const w of words.slice(1)) {
        const m = /^of=(.*)$/s.exec(w.value)
        if (m && isDevice(m[1]))
          add(
            'disk-write',
            `\`${cmd}\` writes raw bytes to the device ${m[1]}, destroying its data`
          )
      }
      break
    case 'tee':
    case 'shred':
    case 'cp':
    case 'install':
    case 'truncate': {
      // cp and install write only to their last operand; the others write to every operand.
      const ops = operands(words)
      const written = name === 'cp' || name === 'install' ? ops.slice(-1) : ops
      const dev = written.find((w) => isDevice(w.value))
      if (dev)
        add('disk-write', `\`${cmd}\` writes to the device ${dev.value}, destroying its data`)
      break
    }
    case 'mv': {
      const ops = operands(words)
      const target =
        optionValue(words, '-t', '--target-directory') ??
        (ops.length >= 2 ? ops.at(-1)?.value : undefined)
      if (target === '/dev/null')
        add('mv-dev-null', `\`${cmd}\` moves files onto /dev/null, which destroys them`)
      break
    }
    case 'chmod':
    case 'chown':
    case 'chgrp':
      if (!opts.enableSudo) checkPermissions(name, words, cmd, add)
      break
  }
  if (FORMATTERS.test(name)) {
    add('disk-format', `\`${cmd}\` formats or wipes a disk or partition, destroying its data`)
  } else if (PARTITIONERS.has(name)) {
    const listing = words.slice(1).some((w) => /^(-l|--list|-s|--show|print)$/.test(w.value))
    if (!listing && words.slice(1).some((w) => isDevice(w.value) || w.dynamic))
      add('disk-format', `\`${cmd}\` changes the partition table of a disk`)
  }
  return found
}

/** Words after the options (GNU tools accept options anywhere before `--`). */
function operands(words: Word[]): Word[] {
  const out: Word[] = []
  let afterDashes = false
  for (const w of words.slice(1)) {
    if (!afterDashes && w.value === '--') afterDashes = true
    else if (afterDashes || !w.value.startsWith('-') || w.value === '-') out.push(w)
  }
  return out
}

function optionValue(words: Word[], short: string, long: string): string | undefined {
  for (let i = 1; i < words.length; i++) {
    const v = words[i].value
    if (v === '--') break
    if (v === short || v === long) return words[i + 1]?.value
    if (v.startsWith(long + '=')) return v.slice(long.length + 1)
    if (v.startsWith(short) && !v.startsWith('--') && v.length > short.length)
      return v.slice(short.length)
  }
  return undefined
}

/** GNU getopt accepts any unambiguous prefix of a long option (`--rec` is `--recursive`). */
function longOption(arg: string, options: string[]): string | undefined {
  const name = arg.split('=')[0]
  const exact = options.find((o) => o === name)
  if (exact) return exact
  const hits = options.filter((o) => o.startsWith(name))
  return hits.length === 1 ? hits[0] : undefined
}

const RM_LONG = [
  '--force',
  '--interactive',
  '--one-file-system',
  '--no-preserve-root',
  '--preserve-root',
  '--recursive',
  '--dir',
  '--verbose',
  '--help',
  '--version'
]

/** A relative path as seen from `cwd` (when known): `*` after `cd /` is `/*`. */
function fromCwd(path: string, cwd: string | undefined): string {
  if (cwd === undefined || path.startsWith('/') || path.startsWith('~')) return path
  return `${cwd.replace(/\/+$/, '')}/${path}`
}

function checkRm(
  words: Word[],
  cmd: string,
  add: (r: RuleId, m: string) => void,
  cwd?: string
): void {
  let recursive = false
  let noPreserve = false
  const targets: Word[] = []
  let afterDashes = false
  for (const w of words.slice(1)) {
    const v = w.value
    if (afterDashes || !v.startsWith('-') || v === '-') {
      targets.push(w)
    } else if (v === '--') {
      afterDashes = true
    } else if (v.startsWith('--')) {
      const opt = longOption(v, RM_LONG)
      if (opt === '--recursive') recursive = true
      if (opt === '--no-preserve-root') noPreserve = true
    } else if (/[rR]/.test(v.slice(1))) {
      recursive = true
    }
  }
  if (noPreserve) {
    add('rm-root', `\`${cmd}\` uses --no-preserve-root, which exists only to allow deleting /`)
    return
  }
  if (!recursive) return
  for (const t of targets) {
    const what = criticalTarget(fromCwd(t.value, cwd))
    if (what) {
      const where = fromCwd(t.value, cwd) === t.value ? '' : ` (after cd ${cwd})`
      add('rm-root', `\`${cmd}\`${where} recursively deletes ${what}`)
      return
    }
    if (t.dynamic) {
      const ifEmpty = criticalTarget(t.ifEmpty)
      if (ifEmpty) {
        const vars = [...new Set(t.raw.match(/\$\{?[A-Za-z_][A-Za-z0-9_]*/g) ?? [t.raw])]
        const names = vars.map((v) => v.replace('{', '')).join(', ')
        add('rm-root', `\`${cmd}\` recursively deletes ${ifEmpty} if ${names} is empty or unset`)
        return
      }
    }
  }
}

function checkFind(
  words: Word[],
  cmd: string,
  add: (r: RuleId, m: string) => void,
  cwd?: string
): void {
  let i = 1
  while (i < words.length && /^-([HLP]|O\d*|D)$/.test(words[i].value)) {
    i += words[i].value === '-D' ? 2 : 1
  }
  const starts: Word[] = []
  while (i < words.length && !/^[-(!]/.test(words[i].value)) starts.push(words[i++])
  const expr = words.slice(i).map((w) => w.value)
  const deletes =
    expr.includes('-delete') ||
    expr.some(
      (v, k) =>
        /^-(exec|execdir|ok|okdir)$/.test(v) &&
        /^(rm|rmdir|unlink|shred)$/.test(expr[k + 1]?.replace(/^.*\//, '') ?? '')
    )
  if (!deletes) return
  for (const s of starts) {
    const what =
      criticalTarget(fromCwd(s.value, cwd)) ?? (s.dynamic ? criticalTarget(s.ifEmpty) : undefined)
    if (what) {
      add('find-delete', `\`${cmd}\` deletes files throughout ${what}`)
      return
    }
  }
}

function checkPermissions(
  name: string,
  words: Word[],
  cmd: string,
  add: (r: RuleId, m: string) => void
): void {
  const args: Word[] = []
  let reference = false
  let afterDashes = false
  for (const w of words.slice(1)) {
    const v = w.value
    if (afterDashes) args.push(w)
    else if (v === '--') afterDashes = true
    else if (v.startsWith('--')) reference ||= v.startsWith('--reference')
    // chmod modes may start with '-' (`chmod -x f`); only these letters are real options.
    else if (/^-[RcfvhHLP]+$/.test(v)) continue
    else if (v.startsWith('-') && name !== 'chmod') continue
    else args.push(w)
  }
  const spec = reference ? undefined : args[0]
  const files = reference ? args : args.slice(1)
  if (name === 'chmod' && spec && setsIdBit(spec.value)) {
    add(
      'setuid-bit',
      `\`${cmd}\` sets the setuid/setgid bit, which lets the file run with its owner's privileges`
    )
  }
  const sys = files.find((f) => isSystemPath(f.value))
  if (sys) {
    add(
      'system-permissions',
      `\`${cmd}\` changes ${name === 'chmod' ? 'permissions' : 'ownership'} of the system path ${sys.value}`
    )
  }
}

/** True for 4755, 2755, u+s, g=s, +s, ug+rws … */
export function setsIdBit(mode: string): boolean {
  if (/^[0-7]+$/.test(mode)) return (parseInt(mode, 8) & 0o6000) !== 0
  return mode.split(',').some((clause) => {
    const m = /^[ugoa]*((?:[-+=][rwxXstugo]*)+)$/.exec(clause)
    if (!m) return false
    const ops = m[1].match(/[-+=][rwxXstugo]*/g) ?? []
    const who = clause.match(/^[ugoa]*/)?.[0] ?? ''
    return ops.some((op) => op[0] !== '-' && op.includes('s') && !/^o+$/.test(who))
  })
}
