// `command_line_ca_certificates` and the `ca-certificates` option: one PEM bundle per sandbox (the
// runner's system bundle plus the listed certificates), written to a fresh host directory, that
// the docker session mounts read-only over the image's trust-store file and srt hands to its
// sandboxed commands; the usual clients' variables point at it.
//
// The paths come from the config, which in a pull request the agent may have written, and the
// bundle is readable inside the sandbox: so only certificates go in, each parsed and re-encoded.
// A path naming some other file (a key, a token) is refused without a byte of it reaching the
// sandbox or the log.
import { X509Certificate } from 'node:crypto'
import { chmod, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve as resolvePath } from 'node:path'
import { SYSTEM_CA } from '../config/defaults.js'
import { EnvironmentError } from '../errors.js'

export { SYSTEM_CA }

/** Where Linux distributions keep their system bundle (Debian/Ubuntu/Alpine, Fedora/RHEL, SUSE). */
export const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem'
]

/** The file in the sandbox the bundle replaces: the Debian/Ubuntu/Alpine trust store. */
export const SANDBOX_TRUST_STORE = '/etc/ssl/certs/ca-certificates.crt'
/** Where the bundle's directory is mounted in a container too (a path no image owns). */
export const CA_DIR_IN_SANDBOX = '/run/massgen-ca'
export const BUNDLE_NAME = 'ca-certificates.crt'

/** The variables that point the usual clients at a bundle (OpenSSL, Node, requests, pip, curl, git). */
export const CA_ENV_NAMES = [
  'SSL_CERT_FILE',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'PIP_CERT',
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO'
] as const

export function caEnv(bundlePath: string): Record<string, string> {
  return Object.fromEntries(CA_ENV_NAMES.map((n) => [n, bundlePath]))
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+?-----END CERTIFICATE-----/g

/** Every certificate in `text`, re-encoded; throws (naming `label`, never the content) otherwise. */
export function parseCertificates(text: string, label: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(PEM_BLOCK)) {
    try {
      out.push(new X509Certificate(m[0]).toString().trim())
    } catch {
      throw new Error(`${label}: a CERTIFICATE block does not parse as an X.509 certificate`)
    }
  }
  if (out.length === 0)
    throw new Error(`${label}: no PEM certificate ("-----BEGIN CERTIFICATE-----") in the file`)
  return out
}

export interface CaBundle {
  pem: string
  /** Certificates in the bundle. */
  count: number
  /** What went in: the system bundle's path, then each listed file. */
  sources: string[]
}

export interface BuildCaBundleOptions {
  /** Candidate system bundles, first readable one wins (the test seam). */
  systemBundles?: string[]
  log?: (line: string) => void
}

async function firstReadable(paths: string[]): Promise<{ path: string; text: string } | undefined> {
  for (const path of paths) {
    const text = await readFile(path, 'utf8').catch(() => undefined)
    if (text !== undefined) return { path, text }
  }
  return undefined
}

/**
 * The runner's system bundle (so public sites stay trusted) and every listed file's certificates.
 * `system` in the list makes a missing system bundle an error; without it, a warning.
 */
export async function buildCaBundle(
  entries: string[],
  o: BuildCaBundleOptions = {}
): Promise<CaBundle> {
  const candidates = o.systemBundles ?? SYSTEM_BUNDLES
  const certs: string[] = []
  const sources: string[] = []
  const system = await firstReadable(candidates)
  if (system) {
    certs.push(...parseCertificates(system.text, `system CA bundle ${system.path}`))
    sources.push(system.path)
  } else if (entries.includes(SYSTEM_CA)) {
    throw new EnvironmentError(
      `ca-certificates: system: the runner has no system CA bundle (looked at ${candidates.join(', ')})`,
      'list the CA files instead of "system"'
    )
  } else {
    o.log?.(
      `warning: the runner has no system CA bundle (${candidates.join(', ')}): the sandbox trusts only the listed certificates`
    )
  }
  for (const path of entries.filter((e) => e !== SYSTEM_CA)) {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable'
      throw new EnvironmentError(
        `ca-certificates: ${path} cannot be read (${code})`,
        'give the path of a PEM file of CA certificates on the runner'
      )
    }
    try {
      certs.push(...parseCertificates(text, `ca-certificates: ${path}`))
    } catch (err) {
      throw new EnvironmentError((err as Error).message, 'give a PEM file of CA certificates')
    }
    sources.push(path)
  }
  const unique = [...new Set(certs)]
  return { pem: unique.join('\n') + '\n', count: unique.length, sources }
}

export interface WrittenCaBundle extends CaBundle {
  /** Host directory holding only the bundle (0755; the file 0644). */
  dir: string
  /** Host path of the bundle. */
  file: string
  remove(): Promise<void>
}

/** buildCaBundle, written to a fresh host directory any sandbox uid can read. */
export async function writeCaBundle(
  entries: string[],
  o: BuildCaBundleOptions & { parent?: string } = {}
): Promise<WrittenCaBundle> {
  const bundle = await buildCaBundle(entries, o)
  const dir = await realpath(await mkdtemp(join(o.parent ?? tmpdir(), 'mgx-ca-')))
  await chmod(dir, 0o755)
  const file = join(dir, BUNDLE_NAME)
  await writeFile(file, bundle.pem, { mode: 0o644 })
  await chmod(file, 0o644)
  return { ...bundle, dir, file, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** The agent's entries and the run's (`ca-certificates` option), `system` first, no repeats. */
export function mergeCaEntries(
  own: string[] | undefined,
  run: string[] | undefined
): string[] | undefined {
  const all = [...(run ?? []), ...(own ?? [])]
  if (all.length === 0) return undefined
  const merged = [...new Set(all)]
  return merged.includes(SYSTEM_CA) ? [SYSTEM_CA, ...merged.filter((e) => e !== SYSTEM_CA)] : merged
}

/**
 * The `ca-certificates` option as the CLI and the action take it: paths separated by commas or
 * new lines (relative ones against `base`), or `system`.
 */
export function caCertificatesOption(
  value: string | undefined,
  base: string
): string[] | undefined {
  const list = (value ?? '')
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => (x === SYSTEM_CA ? x : resolvePath(base, x)))
  return list.length ? [...new Set(list)] : undefined
}

/** One log line about the bundle (no certificate content). */
export function describeCaBundle(b: CaBundle): string {
  return `CA bundle: ${b.count} certificates from ${b.sources.join(', ')}`
}
