// Walks a bash syntax tree and finds every simple command that would run: through lists,
// pipelines, subshells, substitutions, functions, wrappers (`sudo`, `xargs`, `find -exec`) and
// code given as strings (`bash -c`, `eval`, heredocs and echoes piped into a shell). Structural
// rules that need the tree (pipes into shells, redirections, fork bombs) are checked here too.
import type { Node, Parser, Tree } from 'web-tree-sitter'
import { isDevice } from './paths.js'
import { sanitizerFindings, show, type Finding, type RuleOptions } from './rules.js'
import { writeTargets } from './writes.js'
import { wordOf, wordsOf, type KnownVars, type Word } from './words.js'
import { commandName, isShell, shellReadsStdin, unwrap, type Unwrapped } from './wrappers.js'

/** One command of a wrapper chain: `sudo` in `sudo timeout 5 rm x`, then `timeout`, then `rm`. */
export interface Level {
  words: Word[]
  name: string
}

/** A simple command that would run, with the wrappers it is run through. */
export interface Occurrence {
  /** Outermost first; the last level is the command that does the work. */
  levels: Level[]
  /** `NAME=value` words written before the command. */
  assignments: string[]
  /** The last level runs code (bash -c, eval) whose commands are occurrences of their own. */
  delegates: boolean
  /** Nested code this command sits in (`bash -c`), for messages. */
  via?: string
}

/** A file the command writes, as written, and the directory it was written from. */
export interface Write {
  path: string
  /** Relative to the step's working directory ('' is that directory); null when not known. */
  dir: string | null
  /** What writes it, for messages: "`> f`", "`cp`". */
  how: string
}

export interface Analysis {
  occurrences: Occurrence[]
  findings: Finding[]
  /** Names of functions the command defines. */
  functions: Set<string>
  /** Files written by redirections and by commands that write their operands (see writes.ts). */
  writes: Write[]
}

/** Nested code (bash -c inside eval inside …) deeper than this is not followed. */
const MAX_DEPTH = 6
/** At most this many nested parses per command. */
const MAX_NESTED = 64

const DOWNLOADERS = new Set([
  'curl',
  'wget',
  'fetch',
  'http',
  'https',
  'xh',
  'aria2c',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'ftp',
  'tftp',
  'lwp-request',
  'GET'
])

const INTERPRETER =
  /^(python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby[0-9.]*|node|nodejs|bun|deno|php[0-9.]*|lua[0-9.]*|Rscript|tclsh|osascript)$/

interface Context {
  depth: number
  vars?: KnownVars
  via?: string
}

/** True when this command prints downloaded or decoded bytes. */
function isFetcher(level: Level): boolean {
  if (DOWNLOADERS.has(level.name)) return true
  const args = level.words.slice(1).map((w) => w.value)
  switch (level.name) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return args.some((a) => a === '--decode' || /^-[a-zA-Z]*[dD]/.test(a))
    case 'xxd':
      return args.some((a) => a === '-revert' || /^-[a-zA-Z]*r/.test(a))
    case 'uudecode':
      return true
    case 'openssl':
      return args.includes('-d') || args.includes('-base64') || args[0] === 'base64'
    case 'gpg':
      return args.some((a) => a === '-d' || a === '--decrypt')
  }
  return false
}

/** True when the command reads the code it runs from standard input. */
function runsStdinAsCode(level: Level): boolean {
  const { name, words } = level
  if (isShell(name)) return shellReadsStdin(words)
  if (name === 'source' || name === '.')
    return ['/dev/stdin', '-', '/proc/self/fd/0'].includes(words[1]?.value ?? '')
  if (!INTERPRETER.test(name)) return false
  for (let i = 1; i < words.length; i++) {
    const w = words[i].value
    if (w === '-' || w === '/dev/stdin') return true
    if (/^-(c|e|E|m|r|p)$/.test(w) || /^--(eval|print|command)/.test(w)) return false
    if (/^-[WXIMrx]$/.test(w) || w === '--require') {
      i++
      continue
    }
    if (!w.startsWith('-')) return false
  }
  return true
}

/** True when the command runs code given in its arguments or redirections. */
function runsCode(level: Level): boolean {
  return (
    isShell(level.name) ||
    INTERPRETER.test(level.name) ||
    ['eval', 'source', '.', 'su', 'runuser', 'sg', 'watch', 'flock', 'script'].includes(level.name)
  )
}

export class Analyzer {
  private occurrences: Occurrence[] = []
  private findings: Finding[] = []
  private functions = new Set<string>()
  private byNode = new Map<number, Occurrence[]>()
  private trees: Tree[] = []
  private nested = 0
  /** The directory the last `cd` moved to, when it is known statically. */
  private cwd: string | undefined
  /** The same from the step's working directory ('' at first); null once a `cd` is not known. */
  private dirFromStart: string | null = ''
  private writes: Write[] = []

  constructor(
    private readonly parser: Parser,
    private readonly opts: RuleOptions
  ) {}

  /** Analyses a parsed command. The caller reports syntax errors of the top-level tree. */
  analyze(root: Node): Analysis {
    try {
      this.walk(root, { depth: 0 })
      return {
        occurrences: this.occurrences,
        findings: this.findings,
        functions: this.functions,
        writes: this.writes
      }
    } finally {
      for (const t of this.trees) t.delete()
    }
  }

  /**
   * Visits the interesting nodes innermost-first (a command inside `$(…)` before the command
   * using it, the commands of a pipeline or function body before the pipeline or function).
   * One descendantsOfType call is much cheaper than walking every node through the wasm API.
   */
  private walk(root: Node, ctx: Context): void {
    const keyed = root
      .descendantsOfType(this.visited)
      .filter((n): n is Node => n !== null)
      .map((node) => ({ node, end: node.endIndex, start: node.startIndex }))
    keyed.sort((a, b) => a.end - b.end || b.start - a.start)
    for (const { node } of keyed) this.visitors.get(node.type)?.(node, ctx)
  }

  /** The node types walk visits, each with its handler. */
  private readonly visitors = new Map<string, (node: Node, ctx: Context) => void>([
    ['command', (node, ctx) => this.onCommand(node, ctx)],
    ['pipeline', (node, ctx) => this.onPipeline(node, ctx)],
    ['function_definition', (node) => this.onFunction(node)],
    ['file_redirect', (node) => this.onFileRedirect(node)],
    ['redirected_statement', (node, ctx) => this.onRedirectedStatement(node, ctx)],
    ['heredoc_redirect', (node, ctx) => this.onHeredocPipeline(node, ctx)]
  ])
  private readonly visited = [...this.visitors.keys()]

  private onCommand(node: Node, ctx: Context): void {
    const nameNode = node.childForFieldName('name')
    if (!nameNode) return
    const words = wordsOf(nameNode, ctx.vars)
    for (const arg of node.childrenForFieldName('argument'))
      if (arg) words.push(...wordsOf(arg, ctx.vars))
    const assignments =
      node.firstNamedChild?.type === 'variable_assignment'
        ? node.namedChildren
            .filter((c) => c?.type === 'variable_assignment')
            .map((c) => c?.text ?? '')
        : []
    const chains: { levels: Level[]; last: Unwrapped }[] = []
    this.chain([], words, chains)
    const occs: Occurrence[] = []
    for (const { levels, last } of chains) {
      const occ: Occurrence = {
        levels,
        assignments,
        delegates: last.kind === 'script',
        via: ctx.via
      }
      occs.push(occ)
      this.occurrences.push(occ)
      levels.forEach((level, i) => {
        for (const f of sanitizerFindings(level.words, { ...this.opts, cwd: this.cwd })) {
          const through = levels.slice(0, i).map((l) => l.name)
          if (through.length) f.reason += ` (run through ${through.join(' → ')})`
          if (ctx.via) f.reason += ` (inside the code run by ${ctx.via})`
          this.findings.push(f)
        }
      })
      if (last.kind === 'script') {
        for (const s of last.scripts) {
          const vars = s.positional
            ? new Map(s.positional.map((v, i) => [String(i), v]))
            : undefined
          this.nestedCode(s.text, s.via, ctx, vars)
        }
      }
      const eff = levels[levels.length - 1]
      if (levels.some(runsCode) && this.containsFetcher(node, true)) {
        this.findings.push({
          rule: 'pipe-to-shell',
          reason: `\`${show(words)}\` runs downloaded or decoded content (${this.fetcherNames(node, true)}) with ${eff.name}, unseen`
        })
      }
    }
    this.byNode.set(node.id, occs)
    this.stdinCode(node, node.childrenForFieldName('redirect'), ctx)
    for (const occ of occs) {
      const eff = occ.levels[occ.levels.length - 1]
      for (const path of writeTargets(eff))
        this.writes.push({ path, dir: this.dirFromStart, how: `\`${eff.name}\`` })
      this.trackDirectory(eff)
    }
  }

  /** Follows `cd DIR` so that `cd / && rm -rf *` is seen as `rm -rf /*`. */
  private trackDirectory(level: Level): void {
    if (level.name !== 'cd' && level.name !== 'pushd') return
    const args = level.words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.value))
    if (args.length === 0) {
      this.cwd = '~'
      this.dirFromStart = null
      return
    }
    const dir = args[0]
    if (dir.dynamic) this.cwd = undefined
    else if (dir.value.startsWith('/') || dir.value.startsWith('~')) this.cwd = dir.value
    else if (this.cwd !== undefined) this.cwd = `${this.cwd}/${dir.value}`
    if (dir.dynamic || dir.value.startsWith('~') || dir.value === '-') this.dirFromStart = null
    else if (dir.value.startsWith('/')) this.dirFromStart = dir.value
    else if (this.dirFromStart !== null)
      this.dirFromStart = this.dirFromStart ? `${this.dirFromStart}/${dir.value}` : dir.value
  }

  /** Expands wrappers: each chain ends at a command that is not a wrapper. */
  private chain(prefix: Level[], words: Word[], out: { levels: Level[]; last: Unwrapped }[]): void {
    const level: Level = { words, name: commandName(words[0]) }
    const levels = [...prefix, level]
    const un: Unwrapped = words[0].dynamic || levels.length > 12 ? { kind: 'plain' } : unwrap(words)
    if (un.kind === 'wrapper') {
      for (const inner of un.inner) this.chain(levels, inner, out)
      return
    }
    out.push({ levels, last: un })
  }

  private nestedCode(text: string, via: string, ctx: Context, vars?: KnownVars): void {
    if (ctx.depth + 1 > MAX_DEPTH || ++this.nested > MAX_NESTED) {
      this.findings.push({
        rule: 'undecidable',
        reason: `the command nests code more than ${MAX_DEPTH} levels deep (or too often); it is not followed`
      })
      return
    }
    const tree = this.parser.parse(text)
    if (!tree) return
    this.trees.push(tree)
    const err = syntaxError(tree.rootNode)
    if (err) {
      this.findings.push({
        rule: 'syntax',
        reason: `the code run by ${via} does not parse: ${err}`
      })
      return
    }
    this.walk(tree.rootNode, { depth: ctx.depth + 1, vars, via })
  }

  private onPipeline(node: Node, ctx: Context): void {
    const stages = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment')
    for (let j = 1; j < stages.length; j++) {
      const consumer = directCommand(stages[j])
      const occs = consumer ? (this.byNode.get(consumer.id) ?? []) : []
      for (const occ of occs) {
        const eff = occ.levels[occ.levels.length - 1]
        if (!runsStdinAsCode(eff)) continue
        for (let i = 0; i < j; i++) {
          if (!this.containsFetcher(stages[i], false)) continue
          this.findings.push({
            rule: 'pipe-to-shell',
            reason: `\`${show(this.stageWords(stages[i]), 50)} |${i < j - 1 ? ' … |' : ''} ${show(occ.levels[0].words, 30)}\` pipes downloaded or decoded content (${this.fetcherNames(stages[i], false)}) into ${eff.name}, which runs it unseen`
          })
        }
        if (isShell(eff.name)) {
          const producer = directCommand(stages[j - 1])
          const text = producer ? this.printedText(producer) : undefined
          if (text !== undefined) this.nestedCode(text, `… | ${eff.name}`, ctx)
        }
      }
    }
  }

  /** `sh <<EOF … EOF` and `bash <<< "code"`: the redirected text is code. */
  private onRedirectedStatement(node: Node, ctx: Context): void {
    const body = node.childForFieldName('body')
    if (body?.type === 'command') this.stdinCode(body, node.childrenForFieldName('redirect'), ctx)
  }

  private stdinCode(command: Node, redirects: (Node | null)[], ctx: Context): void {
    const shell = (this.byNode.get(command.id) ?? [])
      .map((o) => o.levels[o.levels.length - 1])
      .find((l) => isShell(l.name) && runsStdinAsCode(l))
    if (!shell) return
    for (const r of redirects) {
      const text = r ? redirectText(r) : undefined
      if (text !== undefined) this.nestedCode(text, `${shell.name} <<`, ctx)
    }
  }

  /** `cat <<EOF | sh`: tree-sitter puts the `| sh` pipeline inside the heredoc redirect. */
  private onHeredocPipeline(node: Node, ctx: Context): void {
    const pipeline = node.namedChildren.find((c) => c?.type === 'pipeline' || c?.type === 'command')
    if (!pipeline) return
    const first = directCommand(
      pipeline.type === 'pipeline' ? (pipeline.namedChild(0) ?? pipeline) : pipeline
    )
    const occs = first ? (this.byNode.get(first.id) ?? []) : []
    const eff = occs[0]?.levels.at(-1)
    if (!eff || !isShell(eff.name) || !runsStdinAsCode(eff)) return
    const producer = node.parent?.childForFieldName('body')
    const prodOcc = producer ? this.byNode.get(producer.id)?.[0] : undefined
    if (prodOcc?.levels.at(-1)?.name !== 'cat') return
    const text = redirectText(node)
    if (text !== undefined) this.nestedCode(text, `cat <<… | ${eff.name}`, ctx)
  }

  /** What `echo …`, `printf …` or `cat <<EOF` writes to stdout, when it is known. */
  private printedText(producer: Node): string | undefined {
    const occ = this.byNode.get(producer.id)?.[0]
    const eff = occ?.levels.at(-1)
    if (!eff) return undefined
    const args = eff.words.slice(1)
    if (args.some((w) => w.dynamic)) return undefined
    if (eff.name === 'echo') {
      let k = 0
      while (k < args.length && /^-[neE]+$/.test(args[k].value)) k++
      return args
        .slice(k)
        .map((w) => w.value)
        .join(' ')
    }
    if (eff.name === 'printf') return args.map((w) => w.value.replace(/\\n/g, '\n')).join(' ')
    if (eff.name === 'cat' && producer.parent?.type === 'redirected_statement') {
      for (const r of producer.parent.childrenForFieldName('redirect')) {
        const text = r ? redirectText(r) : undefined
        if (text !== undefined) return text
      }
    }
    return undefined
  }

  private onFunction(node: Node): void {
    const nameNode = node.childForFieldName('name')
    const body = node.childForFieldName('body')
    if (!nameNode || !body) return
    const name = wordOf(nameNode).value
    this.functions.add(name)
    for (const cmd of body.descendantsOfType('command')) {
      if (!cmd) continue
      const callsItself = (this.byNode.get(cmd.id) ?? []).some((o) =>
        o.levels.some((l) => l.name === name)
      )
      if (!callsItself) continue
      for (let a: Node | null = cmd; a && a.id !== node.id; a = a.parent) {
        if (a.type === 'pipeline' || a.nextSibling?.type === '&') {
          this.findings.push({
            rule: 'fork-bomb',
            reason: `the function ${name} starts copies of itself ${a.type === 'pipeline' ? 'in a pipeline' : 'in the background'}, multiplying processes until the system runs out (a fork bomb)`
          })
          return
        }
      }
    }
  }

  private onFileRedirect(node: Node): void {
    const op = node.children.find((c) => c && !c.isNamed && /[>]/.test(c.type))
    if (!op) return
    for (const dest of node.childrenForFieldName('destination')) {
      if (!dest) continue
      const word = wordOf(dest)
      const target = word.value
      // `>&2` duplicates a descriptor; it writes no file.
      if (!word.dynamic && !/&$/.test(op.type) && !/^\d+$/.test(target))
        this.writes.push({ path: target, dir: this.dirFromStart, how: `\`${op.type} ${target}\`` })
      if (isDevice(target)) {
        this.findings.push({
          rule: 'disk-write',
          reason: `the redirection \`${op.type} ${target}\` writes straight to a disk or memory device, destroying its data`
        })
      }
    }
  }

  private containsFetcher(node: Node, excludeSelf: boolean): boolean {
    return this.fetchers(node, excludeSelf).length > 0
  }

  private fetcherNames(node: Node, excludeSelf: boolean): string {
    return [...new Set(this.fetchers(node, excludeSelf))].join(', ')
  }

  private fetchers(node: Node, excludeSelf: boolean): string[] {
    const cmds = node.descendantsOfType('command')
    const out: string[] = []
    for (const c of cmds) {
      if (!c || (excludeSelf && c.id === node.id)) continue
      for (const occ of this.byNode.get(c.id) ?? []) {
        for (const l of occ.levels) if (isFetcher(l)) out.push(l.name)
      }
    }
    return out
  }

  private stageWords(stage: Node): Word[] {
    const cmd = directCommand(stage) ?? stage.descendantsOfType('command')[0]
    const occ = cmd ? this.byNode.get(cmd.id)?.[0] : undefined
    return occ?.levels[0].words ?? []
  }
}

/** The command node of a pipeline stage (`cmd`, `cmd > f`, `! cmd`), if it is a simple command. */
function directCommand(node: Node): Node | undefined {
  switch (node.type) {
    case 'command':
      return node
    case 'redirected_statement': {
      const body = node.childForFieldName('body')
      return body ? directCommand(body) : undefined
    }
    case 'negated_command': {
      const inner = node.namedChildren.find((c) => c?.type !== 'comment')
      return inner ? directCommand(inner) : undefined
    }
  }
  return undefined
}

/** Text of a heredoc body or here-string. */
function redirectText(r: Node): string | undefined {
  if (r.type === 'herestring_redirect') {
    const w = r.namedChildren.find((c) => c && c.type !== 'file_descriptor')
    return w ? wordOf(w).value : undefined
  }
  if (r.type === 'heredoc_redirect') {
    return r.namedChildren.find((c) => c?.type === 'heredoc_body')?.text
  }
  return undefined
}

/** A message for the first syntax error in the tree, or undefined. */
export function syntaxError(root: Node): string | undefined {
  if (!root.hasError) return undefined
  const stack: Node[] = [root]
  while (stack.length) {
    const n = stack.shift() as Node
    if (n.isError || n.isMissing) {
      const { row, column } = n.startPosition
      const what = n.isMissing
        ? `missing ${JSON.stringify(n.type)}`
        : `unexpected ${JSON.stringify(clip(n.text))}`
      return `${what} at line ${row + 1}, column ${column + 1}`
    }
    for (const c of n.children) if (c && (c.hasError || c.isMissing)) stack.push(c)
  }
  return 'it could not be parsed'
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ')
  return one.length > 30 ? one.slice(0, 29) + '…' : one
}
