// Where the config text comes from: the file in the work tree, or, with config-ref, the file's blob
// at a git revision the workflow trusts (a pull request's base SHA), so that the pull request
// cannot change its own sandbox. Relative paths inside still resolve in the work tree.
//
// The repository is the one under review: git is run only for plumbing that reads objects
// (rev-parse, ls-tree, cat-file), with fsmonitor and hooks off, replace refs ignored, no system or
// global config and none of the caller's GIT_* variables, so no program named by the repository's
// config runs.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, realpathSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { ConfigError } from '../errors.js'
import { isStrictlyInside } from '../lib/paths.js'
import { parseConfig, readConfigText, type LoadOptions } from './load.js'
import type { ConfigSource, RunPlan } from './types.js'

export interface SourceOptions extends LoadOptions {
  /** Read the config from this git revision instead of the work tree. */
  configRef?: string
}

/** Loads a config from the work tree or from a revision; the plan records which (`source`). */
export async function loadConfigFrom(path: string, opts: SourceOptions = {}): Promise<RunPlan> {
  const ref = opts.configRef?.trim()
  if (!ref) {
    const text = await readConfigText(path)
    const plan = parseConfig(text, path, opts)
    plan.source = { kind: 'worktree', path, blob: gitBlobId(text) }
    return plan
  }
  const read = await readAtRevision(path, ref)
  const plan = parseConfig(read.text, path, opts)
  plan.source = read.source
  return plan
}

/** The id git gives a blob with this content (SHA-1 object format). */
export function gitBlobId(text: string | Buffer): string {
  const body = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8')
  return createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex')
}

const SAFE_CONFIG = [
  '--no-replace-objects',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'safe.directory=*'
]

/** git plumbing with nothing of the caller's or the repository's that could run a program. */
export function safeGit(
  args: string[],
  cwd: string
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0'
  })
  return new Promise((done) => {
    execFile(
      'git',
      [...SAFE_CONFIG, ...args],
      { cwd, env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0
        const why = error && typeof error.code !== 'number' ? error.message : ''
        done({ code, stdout, stderr: stderr.toString() + why })
      }
    )
  })
}

/** The deepest existing directory at or above `p`. */
function existingDir(p: string): string {
  let d = p
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d)
  return d
}

async function readAtRevision(
  path: string,
  ref: string
): Promise<{ text: string; source: ConfigSource }> {
  const fail = (message: string): never => {
    throw new ConfigError([{ file: path, line: 1, col: 1, message }])
  }
  if (ref.startsWith('-')) fail(`config-ref ${JSON.stringify(ref)} is not a revision`)
  const abs = resolve(path)
  const start = existingDir(dirname(abs))
  const top = await safeGit(['rev-parse', '--show-toplevel'], start)
  if (top.code !== 0) {
    fail(
      `config-ref ${ref}: ${start} is not in a git repository (${lastLine(top.stderr)}); the config is read from a revision only inside one`
    )
  }
  const root = realpathSync(top.stdout.toString().trim())
  const real = join(realpathSync(start), relative(start, abs))
  const rel = relative(root, real)
  if (!isStrictlyInside(real, root))
    fail(`config-ref ${ref}: the config ${abs} is not inside the repository ${root}`)

  const rev = await safeGit(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
    root
  )
  if (rev.code !== 0) {
    fail(
      `config-ref ${ref}: no such commit in ${root} (a shallow checkout? fetch the base revision, e.g. actions/checkout with fetch-depth: 0)`
    )
  }
  const commit = rev.stdout.toString().trim()
  const gitPath = rel.split(sep).join('/')
  const ls = await safeGit(['ls-tree', '-z', '--full-tree', commit, '--', gitPath], root)
  if (ls.code !== 0) fail(`config-ref ${ref}: cannot list ${gitPath}: ${lastLine(ls.stderr)}`)
  const entry = ls.stdout.toString().split('\0')[0]
  const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(entry)
  if (!m || m[4] !== gitPath)
    fail(`${gitPath} does not exist at revision ${ref} (commit ${commit}); nothing was run`)
  const [, mode, type, blob] = m as RegExpExecArray
  if (type !== 'blob' || mode === '120000') {
    fail(
      `${gitPath} at revision ${ref} (commit ${commit}) is ${mode === '120000' ? 'a symbolic link' : `a ${type}`}, not a file`
    )
  }
  const cat = await safeGit(['cat-file', 'blob', blob], root)
  if (cat.code !== 0) fail(`config-ref ${ref}: cannot read ${gitPath}: ${lastLine(cat.stderr)}`)
  return {
    text: cat.stdout.toString('utf8'),
    source: { kind: 'revision', path, ref, commit, blob }
  }
}

function lastLine(s: string): string {
  return s.trim().split('\n').pop() || 'git failed'
}
