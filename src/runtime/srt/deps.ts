// What srt mode needs from the host, checked before anything starts: Linux or macOS, and on Linux
// bubblewrap, socat and ripgrep on PATH plus sandbox-runtime's seccomp helper for this CPU. A
// missing piece is an EnvironmentError (exit 2) that names it and the install line; srt never
// falls back to local execution.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EnvironmentError } from '../../errors.js'

/** Tool → Debian/Ubuntu package. */
export const LINUX_TOOLS: Record<string, string> = {
  bwrap: 'bubblewrap',
  socat: 'socat',
  rg: 'ripgrep'
}

export const INSTALL_HINT =
  'install them with `sudo bash scripts/srt-deps.sh` from the action (Debian/Ubuntu), or ' +
  '`sudo apt-get install -y bubblewrap socat ripgrep`'

/** The first executable `name` on `path`, or undefined. */
export function which(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue
    const p = join(dir, name)
    try {
      accessSync(p, constants.X_OK)
      return p
    } catch {
      // not here
    }
  }
  return undefined
}

export interface HostCheck {
  platform: NodeJS.Platform
  which: (name: string) => string | undefined
}

/** Throws an EnvironmentError naming every missing tool (with its package) or the platform. */
export function checkHostTools(
  host: HostCheck = { platform: process.platform, which: (n) => which(n) }
): void {
  if (host.platform === 'darwin') {
    if (!host.which('rg'))
      throw new EnvironmentError(
        'srt mode needs ripgrep (rg) on PATH, which is missing',
        'install it with `brew install ripgrep`'
      )
    return
  }
  if (host.platform !== 'linux')
    throw new EnvironmentError(
      `srt mode runs on Linux and macOS, not on ${host.platform}`,
      'use command_line_execution_mode: docker here'
    )
  const missing = Object.keys(LINUX_TOOLS).filter((t) => !host.which(t))
  if (missing.length)
    throw new EnvironmentError(
      `srt mode needs bubblewrap, socat and ripgrep on PATH; missing: ${missing
        .map((t) => `${t} (package ${LINUX_TOOLS[t]})`)
        .join(', ')}`,
      INSTALL_HINT
    )
}

/** Ubuntu's (23.10+) AppArmor switch that keeps unprivileged processes out of user namespaces. */
export const USERNS_RESTRICTION = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns'

/**
 * bubblewrap needs an unprivileged user namespace (a root runner's commands run as 1000:1000 too),
 * which `kernel.apparmor_restrict_unprivileged_userns=1` forbids (GitHub-hosted ubuntu-24.04):
 * refused before anything starts, naming the setting and the fix. A kernel without the setting
 * has no such restriction.
 */
export function checkUserNamespaces(sysctl: string = USERNS_RESTRICTION): void {
  let value: string
  try {
    value = readFileSync(sysctl, 'utf8').trim()
  } catch {
    return
  }
  if (value !== '0')
    throw new EnvironmentError(
      `srt mode needs unprivileged user namespaces for bubblewrap, and AppArmor restricts them here (kernel.apparmor_restrict_unprivileged_userns=${value})`,
      'lift it with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (scripts/srt-deps.sh does, as codex-action and claude-code-action do), or use command_line_execution_mode: docker'
    )
}

const ARCH: Record<string, string> = { x64: 'x64', arm64: 'arm64' }

/**
 * sandbox-runtime's `apply-seccomp` helper (it blocks Unix sockets and nested namespaces inside
 * the sandbox). In the ncc bundle it sits in dist/vendor/ (scripts/bundle.mjs copies it there);
 * from source, in the package. Passed to the library explicitly, so it never falls back to
 * `npm root -g` or runs without it.
 */
export function locateSeccompHelper(arch: string = process.arch): string {
  const a = ARCH[arch]
  if (!a)
    throw new EnvironmentError(
      `srt mode has no seccomp helper for the ${arch} CPU (sandbox-runtime ships x64 and arm64)`,
      'use command_line_execution_mode: docker here'
    )
  const rel = join('vendor', 'seccomp', a, 'apply-seccomp')
  const here = dirname(fileURLToPath(import.meta.url))
  const tried = [join(here, rel), join(here, '..', rel)]
  try {
    const pkg = createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime')
    tried.push(join(dirname(pkg), '..', rel))
  } catch {
    // bundled without node_modules: the dist/ copies above are the ones
  }
  const found = tried.find((p) => existsSync(p))
  if (!found)
    throw new EnvironmentError(
      `sandbox-runtime's seccomp helper is missing (looked in ${tried.join(', ')})`,
      'rebuild the bundle with `npm run build`, which copies node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp into dist/vendor'
    )
  return found
}
