// MassGen-style YAML → validated RunPlan. Problems are collected, not thrown one by one, and
// raised together as a ConfigError whose lines read `file:line:col: message`. Paths are placed
// as MassGen places them: a relative `cwd` under .massgen/workspaces/, a relative temporary
// workspace under .massgen/.
import { availableParallelism } from 'node:os'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { isMap, isSeq, type Node } from 'yaml'
import { buildAgent, hasCwd, readPermissions } from './build-agent.js'
import { asList, IgnoredList, type BuildContext, type KeyPath, type Obj } from './build-context.js'
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_SEC } from './defaults.js'
import { ConfigError, type ConfigIssue } from '../errors.js'
import { CONFIG } from './schema.js'
import type { ConfigWarning, RunPlan, SourcePos } from './types.js'
import { hostFacts, type UnsafeFinding } from './unsafe.js'
import { validateDocument } from './validate.js'
import { deref, keyNodeAt, nodeAt, readYaml } from './yaml.js'

export interface LoadOptions {
  /** Where relative paths in the config resolve (default: the process's cwd). */
  workingDirectory?: string
  /** Default seconds per step when the config sets none (default 60). */
  defaultTimeoutSec?: number
  /** CPUs a container may get at most (default: this host's, `os.availableParallelism()`). */
  hostCpus?: number
}

/** The config file's text; a file that cannot be read is a ConfigError at 1:1. */
export async function readConfigText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    throw new ConfigError([
      { file: path, line: 1, col: 1, message: `cannot read config: ${(e as Error).message}` }
    ])
  }
}

export async function loadConfig(path: string, opts: LoadOptions = {}): Promise<RunPlan> {
  const text = await readConfigText(path)
  return parseConfig(text, path, opts)
}

export function parseConfig(text: string, file: string, opts: LoadOptions = {}): RunPlan {
  try {
    return parse(text, file, opts)
  } catch (e) {
    if (e instanceof ConfigError) throw e
    // Whatever goes wrong reading a config is the config's problem to report, never a stack trace.
    throw new ConfigError([
      { file, line: 1, col: 1, message: `cannot read config: ${(e as Error).message}` }
    ])
  }
}

function parse(text: string, file: string, opts: LoadOptions): RunPlan {
  const yaml = readYaml(text, file)
  const { doc, nodePos } = yaml
  if (yaml.errors.length) throw new ConfigError(yaml.errors)
  const issues: ConfigIssue[] = []
  const warnings: ConfigWarning[] = [...yaml.warnings]
  const report = (pos: SourcePos, message: string) => issues.push({ ...pos, message })
  const warn = (pos: SourcePos, message: string) => warnings.push({ ...pos, message })
  const posOf = (keys: KeyPath): SourcePos => nodePos(nodeAt(doc, keys))
  const keyPosOf = (keys: KeyPath): SourcePos => nodePos(keyNodeAt(doc, keys) ?? nodeAt(doc, keys))

  const top = deref(doc, doc.contents)
  if (top !== null && !isMap(top)) {
    throw new ConfigError([{ ...nodePos(top), message: 'the config must be a mapping' }])
  }
  const legacy = legacyProblem(doc, nodePos)
  if (legacy) throw new ConfigError([legacy])

  const validation = validateDocument(doc, CONFIG)
  for (const i of validation.issues) report(nodePos(i.node), i.message)
  const ignored = new IgnoredList()
  for (const i of validation.ignored) ignored.add(i.path, i.reason, nodePos(i.node))

  let root: Obj
  try {
    root = (doc.toJS({ maxAliasCount: 10_000 }) ?? {}) as Obj
  } catch (e) {
    // The problems found above explain it (e.g. a merge key on a list of strings).
    if (issues.length) throw new ConfigError(issues)
    throw e
  }

  const hasAgent = root.agent !== undefined
  const hasAgents = root.agents !== undefined
  if (hasAgent && hasAgents) {
    report(keyPosOf(['agents']), 'give either "agent" or "agents", not both')
  } else if (!hasAgent && !hasAgents) {
    report({ file, line: 1, col: 1 }, 'the config has no "agent" or "agents"')
  }
  if (issues.length) throw new ConfigError(issues)

  const wd = resolve(opts.workingDirectory ?? process.cwd())
  const defaultTimeoutSec = opts.defaultTimeoutSec ?? DEFAULT_TIMEOUT_SEC
  const orchestrator = (root.orchestrator ?? {}) as Obj
  const agentEntries: [Obj, KeyPath][] = hasAgent
    ? [[(root.agent ?? {}) as Obj, ['agent']]]
    : asList(root.agents).map((a, i) => [(a ?? {}) as Obj, ['agents', i]])

  const ctx: BuildContext = {
    wd,
    defaultTimeoutSec,
    hostCpus: opts.hostCpus ?? availableParallelism(),
    orchestrator,
    posOf,
    report,
    warn,
    ignored,
    keyPosOf,
    host: hostFacts(wd),
    unsafe: [],
    topPermissions: readPermissions(root.permissions, ['permissions'], {
      posOf,
      report,
      ignored
    })
  }
  const agents = agentEntries.map(([a, p], i) =>
    buildAgent(a, p, hasAgent ? 'agent' : `agent_${i + 1}`, ctx)
  )

  // MassGen checks duplicate workspaces only among agents that set a cwd; an agent without one
  // has a workspace of its own only when it has commands to run.
  const byId = new Map<string, string>()
  const byWorkspace = new Map<string, string>()
  agentEntries.forEach(([raw, p], i) => {
    const a = agents[i]
    if (byId.has(a.id)) report(posOf([...p, 'id']), `duplicate agent id ${JSON.stringify(a.id)}`)
    byId.set(a.id, a.id)
    if (a.workspaceSource === 'default' && a.steps.length === 0) return
    const other = byWorkspace.get(a.workspace)
    if (other !== undefined) {
      const at = hasCwd(raw) ? posOf([...p, 'backend', 'cwd']) : keyPosOf([...p, 'commands'])
      report(
        at,
        `agents ${JSON.stringify(other)} and ${JSON.stringify(a.id)} share the workspace ${a.workspace}; give each its own "cwd"`
      )
    }
    byWorkspace.set(a.workspace, a.id)
  })

  if (issues.length) throw new ConfigError(issues)
  return {
    configFile: resolve(file),
    workingDirectory: wd,
    agents,
    defaults: { timeoutSec: defaultTimeoutSec, maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
    warnings: sortByPosition(warnings),
    ignored: ignored.list(),
    unsafe: dedupeUnsafe(ctx.unsafe)
  }
}

/**
 * MassGen's v1 format (`agent_id`, `agent_type`, `model_config`) is read by MassGen's legacy
 * CLI only; say that instead of reporting its consequences.
 */
function legacyProblem(
  doc: ReturnType<typeof readYaml>['doc'],
  nodePos: (n: Node | null | undefined) => SourcePos
): ConfigIssue | undefined {
  const agents = nodeAt(doc, ['agents'])
  if (!isSeq(agents)) return undefined
  const LEGACY = ['agent_id', 'agent_type', 'model_config']
  for (let i = 0; i < agents.items.length; i++) {
    const a = nodeAt(doc, ['agents', i])
    if (!isMap(a) || nodeAt(doc, ['agents', i, 'backend'])) continue
    const found = LEGACY.filter((k) => keyNodeAt(doc, ['agents', i, k]))
    if (found.length === 0) continue
    return {
      ...nodePos(keyNodeAt(doc, ['agents', i, found[0]])),
      message:
        `agents[${i}] is in MassGen's legacy v1 format (${found.map((k) => JSON.stringify(k)).join(', ')}), ` +
        'which only massgen.v1 reads; massgen-exec reads the current format: agents: [{id, backend: {type, model, cwd, …}, commands: […]}]'
    }
  }
  return undefined
}

/** An aliased node is found once per use; once per place, class and agent is enough. */
function dedupeUnsafe(list: UnsafeFinding[]): UnsafeFinding[] {
  const seen = new Set<string>()
  return list.filter((f) => {
    const key = `${f.line}:${f.col}:${f.class}:${f.agent}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function sortByPosition(list: ConfigWarning[]): ConfigWarning[] {
  // The same aliased node can be warned about once per use; once is enough.
  const seen = new Set<string>()
  return list
    .filter((w) => {
      const key = `${w.line}:${w.col}:${w.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => a.line - b.line || a.col - b.col)
}
