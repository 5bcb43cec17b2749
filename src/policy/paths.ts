// Which paths matter: the root, system directories, home directories and block devices.
import { posix } from 'node:path'

/** Top-level directories whose loss breaks the system (or the user's data). */
const SYSTEM_DIRS = [
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'media',
  'mnt',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  'sys',
  'usr',
  'var'
]

/** Second-level directories as critical as their parents. */
const SYSTEM_SUBDIRS: Record<string, string[]> = {
  usr: ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'include', 'share', 'local', 'src'],
  var: ['lib', 'log', 'spool', 'mail']
}

/**
 * Directories that chmod/chown must not touch, at any depth: the system directories less those
 * that hold users' data (home directories: only `/home` itself is protected, in isSystemPath;
 * the mount points /media and /mnt).
 */
const PERMISSION_SENSITIVE = new Set(
  SYSTEM_DIRS.filter((d) => !['home', 'media', 'mnt'].includes(d))
)

/** /dev entries that are safe to write to; anything else under /dev is treated as a device. */
const SAFE_DEV =
  /^\/dev\/(null|zero|full|u?random|stdout|stderr|stdin|tty\d*|ptmx|console|fd\/.*|pts\/.*|shm(\/.*)?|mqueue\/.*)$/

/** Lexically normalised absolute path (`//etc/./` → `/etc`), or the input for relative paths. */
export function normalizePath(p: string): string {
  if (!p.startsWith('/')) return p
  const n = posix.normalize(p)
  return n.length > 1 ? n.replace(/\/+$/, '') : '/'
}

/** True when the component is only wildcards and dots (`*`, `.*`, `?*`): it matches anything. */
function matchesAnything(component: string): boolean {
  return /^[.*?]*[*?][.*?]*$/.test(component) || /^\[.*\]$/.test(component)
}

/** Does a glob component (possibly without wildcards) match any of the names? */
function globMatchesAny(component: string, names: string[]): boolean {
  if (!/[*?[]/.test(component)) return names.includes(component)
  const re = new RegExp(
    '^' +
      component
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')
        .replace(/\[!/g, '[^') +
      '$'
  )
  return names.some((n) => re.test(n))
}

/**
 * Why deleting this path recursively would be a disaster, or undefined when it is an ordinary
 * path. Handles `/`, `/*`, `/etc`, `/usr/*`, `/e??`, `~`, `~/*`, `~user`, `/home/<user>`.
 */
export function criticalTarget(word: string): string | undefined {
  if (word === '') return undefined
  if (word.startsWith('~')) {
    const slash = word.indexOf('/')
    const rest = slash < 0 ? '' : word.slice(slash + 1)
    const parts = rest.split('/').filter((s) => s !== '' && s !== '.')
    if (parts.every(matchesAnything)) return 'the home directory'
    return undefined
  }
  if (!word.startsWith('/')) return undefined
  const parts = normalizePath(word)
    .split('/')
    .filter((s) => s !== '')
  if (parts.length === 0) return 'the root directory /'
  const [top, second, ...more] = parts
  if (parts.every(matchesAnything)) return 'everything under /'
  if (!globMatchesAny(top, SYSTEM_DIRS)) return undefined
  const topName = /[*?[]/.test(top) ? `${top} (matches system directories)` : `/${top}`
  if (second === undefined) return `the system directory ${topName}`
  if (top === 'home' || top === 'root') {
    if ([second, ...more].every(matchesAnything) || (top === 'home' && more.every(matchesAnything)))
      return 'a home directory'
    return undefined
  }
  if ([second, ...more].every(matchesAnything)) return `everything in ${topName}`
  const subs = SYSTEM_SUBDIRS[top]
  if (subs && globMatchesAny(second, subs) && more.every(matchesAnything))
    return `the system directory /${top}/${second}`
  return undefined
}

/** True for paths chmod/chown must leave alone: `/` and anything below a system directory. */
export function isSystemPath(word: string): boolean {
  if (!word.startsWith('/')) return false
  const parts = normalizePath(word)
    .split('/')
    .filter((s) => s !== '')
  if (parts.length === 0) return true
  if (parts[0] === 'home') return parts.length <= 1
  return (
    PERMISSION_SENSITIVE.has(parts[0]) ||
    (/[*?[]/.test(parts[0]) && globMatchesAny(parts[0], [...PERMISSION_SENSITIVE]))
  )
}

/** True for a path under /dev that is a disk, partition or memory device. */
export function isDevice(word: string): boolean {
  const p = normalizePath(word)
  return p.startsWith('/dev/') && !SAFE_DEV.test(p)
}
