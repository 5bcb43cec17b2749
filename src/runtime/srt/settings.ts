// The filesystem rules of an srt agent, derived from the same plan the other modes read (as
// MassGen's SrtManager derives them from its path permissions): writable = the workspace and the
// `write` context paths (minus protected paths) and nothing else; readable per read mode; secret
// stores never. Pure, so the rules can be tested without a sandbox.
import { join } from 'node:path'
import type { AgentPlan, SrtConfig } from '../../config/types.js'
import { isInside } from '../../lib/paths.js'

/** Credential stores below $HOME that no read mode exposes (MassGen's list). */
export const SECRET_STORES_IN_HOME = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.docker/config.json',
  '.git-credentials',
  '.kube',
  '.azure',
  '.config/gcloud',
  '.config/gh'
]
export const SECRET_STORES_ABSOLUTE = ['/etc/shadow', '/etc/gshadow']

/**
 * What `strict` leaves readable besides the agent's own paths: what programs need to start and
 * run. /etc only in part, so that the host's identity (/etc/hostname, machine-id) and its
 * configuration stay hidden; /tmp, /var, /run, /home, /root not at all.
 */
export const STRICT_BASELINE = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/dev',
  '/proc',
  '/sys',
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/pki',
  '/etc/crypto-policies',
  '/etc/hosts',
  '/etc/host.conf',
  '/etc/resolv.conf',
  '/etc/gai.conf',
  '/etc/protocols',
  '/etc/services',
  '/etc/mime.types',
  '/etc/locale.alias',
  '/etc/default/locale',
  '/etc/os-release',
  '/etc/debian_version',
  '/etc/lsb-release',
  '/etc/inputrc',
  '/etc/terminfo',
  '/etc/bash.bashrc',
  '/etc/profile',
  '/etc/profile.d',
  '/etc/environment',
  '/etc/magic',
  '/etc/python3',
  '/etc/pip.conf',
  '/etc/gitconfig',
  '/etc/npmrc'
]

/**
 * Directories sandbox-runtime makes writable unless told otherwise: its own temp directory
 * (shared by every srt user on the host) and two log directories in $HOME. Denying them keeps
 * "the workspace and the write context paths, nothing else" true in every read mode.
 */
export const LIBRARY_DEFAULT_WRITES_IN_HOME = ['.npm/_logs', '.claude/debug']
export const LIBRARY_DEFAULT_WRITES_ABSOLUTE = ['/tmp/claude']

/** A path given as a name (never read as a glob) or as the user wrote it (globs allowed). */
export type PathEntry = string | { path: string; literal: true }

export interface SrtFilesystem {
  allowWrite: PathEntry[]
  denyWrite: PathEntry[]
  denyRead: PathEntry[]
  allowRead: PathEntry[]
}

export interface SettingsInput {
  agent: AgentPlan
  srt: SrtConfig
  /** The runner's home directory (this process's). */
  home: string
  /**
   * Set when commands run as another user than this process (a root runner drops to an
   * unprivileged uid): that user's home. Its secret stores are hidden too, and the runner's home
   * is hidden whole in every read mode (it is someone else's home to the sandbox user).
   */
  sandboxUserHome?: string
  /** The session's private temp directory (TMPDIR), writable unless read_only. */
  tmpDir?: string
  /** Files the sandbox itself runs (the seccomp helper), kept readable in every mode. */
  helperPaths: string[]
}

const lit = (path: string): PathEntry => ({ path, literal: true })

export function secretStores(home: string): string[] {
  return [...SECRET_STORES_IN_HOME.map((r) => join(home, r)), ...SECRET_STORES_ABSOLUTE]
}

/** Paths of the plan that lie inside a secret store (srt refuses to start such an agent). */
export function pathsInSecretStores(agent: AgentPlan, srt: SrtConfig, home: string): string[] {
  const stores = secretStores(home)
  const candidates = [
    agent.workspace,
    ...agent.contextPaths.map((c) => c.path),
    ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
  ]
  return candidates.filter((p) => stores.some((s) => isInside(p, s)))
}

export function buildFilesystem(input: SettingsInput): SrtFilesystem {
  const { agent, srt, home } = input
  const stores = [
    ...secretStores(home),
    ...(input.sandboxUserHome ? secretStores(input.sandboxUserHome) : [])
  ]

  const writable = srt.readOnly
    ? []
    : [
        agent.workspace,
        ...agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path),
        ...(input.tmpDir ? [input.tmpDir] : [])
      ]
  const readOnlyPaths = [
    ...agent.contextPaths.filter((c) => c.permission === 'read').map((c) => c.path),
    ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
  ]
  const protectedPaths = agent.contextPaths
    .filter((c) => c.permission === 'write')
    .flatMap((c) => c.protectedPaths)
  // sandbox-runtime lets a write deny win even over a writable path below it, so a read-only
  // path goes into denyWrite only when it sits inside a writable one (elsewhere it is not
  // writable anyway, and denying it could make a workspace nested in it read-only).
  const denyWrite = [
    ...readOnlyPaths.filter((p) => writable.some((w) => w !== p && isInside(p, w))),
    ...protectedPaths,
    ...LIBRARY_DEFAULT_WRITES_ABSOLUTE
  ]

  const managed = [
    agent.workspace,
    ...agent.contextPaths.map((c) => c.path),
    ...(agent.tempWorkspace ? [agent.tempWorkspace] : []),
    ...(agent.venvPath ? [agent.venvPath] : []),
    ...(input.tmpDir ? [input.tmpDir] : [])
  ]
  // A re-allowed read never reaches into a secret store: a listed store is more specific than
  // any allow above it and stays denied; an allow inside one is dropped here.
  const userAllow = srt.allowRead.filter((p) => !stores.some((s) => isInside(p, s)))
  const denyRead: PathEntry[] = [
    ...(input.sandboxUserHome && srt.readMode !== 'strict' ? [lit(home)] : []),
    ...stores.map(lit),
    ...LIBRARY_DEFAULT_WRITES_IN_HOME.map((r) => lit(join(home, r))),
    ...srt.denyRead
  ]
  let allowRead: PathEntry[]
  if (srt.readMode === 'confined') {
    if (!input.sandboxUserHome) denyRead.unshift(lit(home))
    allowRead = [...managed.map(lit), ...userAllow, ...input.helperPaths.map(lit)]
  } else if (srt.readMode === 'strict') {
    denyRead.unshift(lit('/'))
    allowRead = [
      ...managed.map(lit),
      ...STRICT_BASELINE.map(lit),
      ...userAllow,
      ...input.helperPaths.map(lit)
    ]
  } else {
    // open: everything but the denies; an allow only matters inside a user deny.
    allowRead = userAllow
  }

  return {
    allowWrite: unique(writable).map(lit),
    denyWrite: unique(denyWrite).map(lit),
    denyRead: uniqueEntries(denyRead),
    allowRead: uniqueEntries(allowRead)
  }
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)]
}

function uniqueEntries(xs: PathEntry[]): PathEntry[] {
  const seen = new Set<string>()
  return xs.filter((x) => {
    const key = typeof x === 'string' ? `g:${x}` : `l:${x.path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The path an entry names (for messages and tests). */
export function entryPath(e: PathEntry): string {
  return typeof e === 'string' ? e : e.path
}
