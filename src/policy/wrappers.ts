// Commands that run another command: wrappers whose trailing words are the real command
// (`sudo`, `env`, `timeout 5`, `xargs`, `find -exec`) and commands that run a string as shell
// code (`bash -c`, `eval`, `su -c`, `watch`, `alias`, `trap`).
import type { Word } from './words.js'

export type Unwrapped =
  | { kind: 'plain' }
  | { kind: 'wrapper'; inner: Word[][] }
  | { kind: 'script'; scripts: ScriptSource[] }

export interface ScriptSource {
  /** The code, with run-time expansions kept as written so the nested parse sees them. */
  text: string
  /** Where it came from, for messages: `bash -c`, `eval`, … */
  via: string
  /** `$0`, `$1`, … for `sh -c 'code' arg0 arg1`. */
  positional?: string[]
}

/** Command name as used for rules: the basename of `/bin/rm`. */
export function commandName(word: Word): string {
  const v = word.value
  const slash = v.lastIndexOf('/')
  return slash >= 0 && slash < v.length - 1 ? v.slice(slash + 1) : v
}

interface OptionSpec {
  /** Short options that take the next word (or the rest of the cluster) as their argument. */
  argShort?: string
  /** Long options that take an argument (`--user root` or `--user=root`). */
  argLong?: string[]
  /** Positional words before the command (`timeout DURATION cmd`). */
  positionals?: number
  /** `NAME=value` words before the command are skipped (env, sudo). */
  assignments?: boolean
}

/** Index of the first word after the wrapper's own options and positionals. */
function skipOptions(words: Word[], spec: OptionSpec, from = 1): number {
  let i = from
  while (i < words.length) {
    const w = words[i].value
    if (w === '--') {
      i++
      break
    }
    if (w.startsWith('--') && w.length > 2) {
      const name = w.split('=')[0]
      const takesArg = spec.argLong?.some(
        (l) => l === name || (name.length > 3 && l.startsWith(name))
      )
      i += takesArg && !w.includes('=') ? 2 : 1
      continue
    }
    if (w.startsWith('-') && w.length > 1) {
      let consumed = 1
      for (let j = 1; j < w.length; j++) {
        if (spec.argShort?.includes(w[j])) {
          if (j === w.length - 1) consumed = 2
          break
        }
      }
      i += consumed
      continue
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      i++
      continue
    }
    break
  }
  return Math.min(i + (spec.positionals ?? 0), words.length)
}

const WRAPPERS: Record<string, OptionSpec> = {
  builtin: {},
  busybox: {},
  toybox: {},
  caffeinate: {},
  catchsegv: {},
  chrt: { positionals: 1 },
  chroot: { argLong: ['--userspec', '--groups'], positionals: 1 },
  coproc: {},
  doas: { argShort: 'uC' },
  eatmydata: {},
  exec: { argShort: 'a' },
  fakeroot: { argShort: 'lsi', argLong: ['--lib', '--faked'] },
  gosu: { positionals: 1 },
  'su-exec': { positionals: 1 },
  ionice: { argShort: 'cnpPu', argLong: ['--class', '--classdata', '--pid', '--pgid', '--uid'] },
  nice: { argShort: 'n', argLong: ['--adjustment'] },
  nocache: {},
  nohup: {},
  pkexec: { argLong: ['--user'] },
  setsid: {},
  stdbuf: { argShort: 'ioe', argLong: ['--input', '--output', '--error'] },
  strace: { argShort: 'abeEIoOpPsSuUX' },
  sudo: {
    argShort: 'ughpCDrtUT',
    argLong: [
      '--user',
      '--group',
      '--host',
      '--prompt',
      '--close-from',
      '--chdir',
      '--role',
      '--type',
      '--other-user',
      '--command-timeout'
    ],
    assignments: true
  },
  taskset: { positionals: 1 },
  time: { argShort: 'fo', argLong: ['--format', '--output'] },
  timeout: { argShort: 'sk', argLong: ['--signal', '--kill-after'], positionals: 1 },
  unbuffer: {},
  xargs: {
    argShort: 'IadELnPs',
    argLong: [
      '--arg-file',
      '--delimiter',
      '--max-lines',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--process-slot-var'
    ]
  }
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish'])

export function isShell(name: string): boolean {
  return SHELLS.has(name)
}

/** How a simple command (words[0] is its name) runs other code, if it does. */
export function unwrap(words: Word[]): Unwrapped {
  if (words.length === 0) return { kind: 'plain' }
  const name = commandName(words[0])
  const spec = WRAPPERS[name]
  if (spec) {
    if (name === 'exec' && words.length === 1) return { kind: 'plain' }
    const at = skipOptions(words, spec)
    if (at < words.length) return { kind: 'wrapper', inner: [words.slice(at)] }
    if (name === 'xargs') return { kind: 'wrapper', inner: [[{ ...words[0], value: 'echo' }]] }
    return { kind: 'plain' }
  }
  switch (name) {
    case 'command': {
      if (words.slice(1).some((w) => /^-[pvV]*[vV]/.test(w.value))) return { kind: 'plain' }
      const at = skipOptions(words, {})
      return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' }
    }
    case 'env':
      return unwrapEnv(words)
    case 'eval':
      return words.length > 1
        ? { kind: 'script', scripts: [{ text: joined(words.slice(1)), via: 'eval' }] }
        : { kind: 'plain' }
    case 'su':
    case 'runuser':
      return unwrapSu(words, name)
    case 'sg':
    case 'flock':
    case 'script':
      return scriptOption(words, name, name === 'sg' ? 1 : name === 'flock' ? 1 : 0)
    case 'watch': {
      const at = skipOptions(words, { argShort: 'nqd', argLong: ['--interval', '--differences'] })
      if (at >= words.length) return { kind: 'plain' }
      return { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'watch' }] }
    }
    case 'alias':
      return aliasScripts(words)
    case 'trap': {
      const first = words[1]?.value
      if (!first || first.startsWith('-')) return { kind: 'plain' }
      return { kind: 'script', scripts: [{ text: words[1].value, via: 'trap' }] }
    }
    case 'find':
      return findExec(words)
  }
  if (SHELLS.has(name)) return shellScript(words, name)
  return { kind: 'plain' }
}

function joined(words: Word[]): string {
  return words.map((w) => w.value).join(' ')
}

function unwrapEnv(words: Word[]): Unwrapped {
  for (let i = 1; i < words.length; i++) {
    const w = words[i].value
    // -S/--split-string: the string is split into words; parsing it as shell code is close.
    const split = /^(?:-S|--split-string(?:=|$))(.*)$/s.exec(w)
    if (split) {
      const text = [split[1] || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)]
      return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] }
    }
    if (/^-[^-]*S/.test(w)) {
      const rest = w.slice(w.indexOf('S') + 1)
      const text = [rest || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)]
      return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] }
    }
  }
  const at = skipOptions(words, {
    argShort: 'uC',
    argLong: ['--unset', '--chdir'],
    assignments: true
  })
  return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' }
}

/** `su [options] [user] -c CMD`: options may come after the user name. */
function unwrapSu(words: Word[], name: string): Unwrapped {
  const found = scriptOption(words, name, 0)
  if (found.kind === 'script') return found
  if (name === 'runuser') {
    const dash = words.findIndex((w) => w.value === '--')
    if (dash > 0 && dash + 1 < words.length)
      return { kind: 'wrapper', inner: [words.slice(dash + 1)] }
  }
  return { kind: 'plain' }
}

/** A `-c CMD` / `--command=CMD` option anywhere, or (sg, flock) the word after N positionals. */
function scriptOption(words: Word[], name: string, positionals: number): Unwrapped {
  for (let i = 1; i < words.length; i++) {
    const w = words[i].value
    let text: string | undefined
    if (/^--command=/.test(w)) text = w.slice('--command='.length)
    else if (w === '--command' || w === '-c' || /^-[a-zA-Z]*c$/.test(w)) text = words[i + 1]?.value
    else if (/^-c./.test(w)) text = w.slice(2)
    if (text !== undefined) return { kind: 'script', scripts: [{ text, via: `${name} -c` }] }
  }
  if (positionals > 0) {
    const at = skipOptions(words, {
      argShort: 'wE',
      argLong: ['--timeout', '--conflict-exit-code'],
      positionals
    })
    if (at < words.length) {
      return name === 'sg'
        ? { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'sg' }] }
        : { kind: 'wrapper', inner: [words.slice(at)] }
    }
  }
  return { kind: 'plain' }
}

function aliasScripts(words: Word[]): Unwrapped {
  const scripts: ScriptSource[] = []
  for (const w of words.slice(1)) {
    const eq = w.value.indexOf('=')
    if (eq > 0) scripts.push({ text: w.value.slice(eq + 1), via: 'alias' })
  }
  return scripts.length ? { kind: 'script', scripts } : { kind: 'plain' }
}

/** `find … -exec CMD … ;` (also -execdir, -ok, -okdir): each CMD is a command of its own. */
function findExec(words: Word[]): Unwrapped {
  const inner: Word[][] = []
  for (let i = 1; i < words.length; i++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(words[i].value)) continue
    let end = i + 1
    while (end < words.length && words[end].value !== ';' && words[end].value !== '+') end++
    if (end > i + 1) inner.push(words.slice(i + 1, end))
    i = end
  }
  return inner.length ? { kind: 'wrapper', inner } : { kind: 'plain' }
}

/** `bash [opts] -c CODE [arg0 args…]`; options may be clustered (`-lc`, `-euxc`). */
function shellScript(words: Word[], name: string): Unwrapped {
  let i = 1
  let hasC = false
  while (i < words.length) {
    const w = words[i].value
    if (w === '--' || w === '-') {
      i++
      break
    }
    if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
      i += 2
      continue
    }
    if (/^[-+]/.test(w) && w.length > 1) {
      if (!w.startsWith('--') && w.includes('c')) hasC = true
      i++
      continue
    }
    break
  }
  if (!hasC || i >= words.length) return { kind: 'plain' }
  return {
    kind: 'script',
    scripts: [
      {
        text: words[i].value,
        via: `${name} -c`,
        positional: words.slice(i + 1).map((w) => w.value)
      }
    ]
  }
}

/** Shell options up to the first operand; used to tell `sh` (reads stdin) from `sh file`. */
export function shellReadsStdin(words: Word[]): boolean {
  let i = 1
  while (i < words.length) {
    const w = words[i].value
    if (w === '-s' || w === '-' || w === '/dev/stdin') return true
    if (w === '--') return i + 1 >= words.length || words[i + 1].value === '/dev/stdin'
    if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
      i += 2
      continue
    }
    if (/^[-+]/.test(w)) {
      if (!w.startsWith('--') && /^[-+][a-zA-Z]*c/.test(w)) return false
      if (/^-[a-zA-Z]*s/.test(w)) return true
      i++
      continue
    }
    return false
  }
  return true
}
