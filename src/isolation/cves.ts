// Known container-escape (and engine-boundary) CVEs, with the upstream versions that fix them, and
// the comparison that says which are open on an engine. Checked against the upstream advisories
// and release notes; the Debian backports listed were checked against Debian's own package
// changelogs. Severity here is about *this* tool's setup, not CVSS: `critical` when an agent (a
// process inside a container we exec into) can use it, `high` when it needs something the agent
// does not control (a malicious image, the mount configuration, an AuthZ plugin, host networking).

export type Component = 'runc' | 'containerd' | 'docker'

/** What an exploit needs; decides whether an open CVE is critical for a given agent. */
export type Vector =
  /** A process in a running container that the engine execs into (every agent). */
  | 'exec'
  /** A malicious image (or its Dockerfile): critical only for images that are not our own. */
  | 'image'
  /** Control over the container's mount configuration (the trusted config, not the agent). */
  | 'mount-config'
  /** Host networking (containerd's abstract shim socket). */
  | 'host-network'
  /** An authorization plugin in front of the engine API. */
  | 'authz'

export interface KnownCve {
  id: string
  component: Component
  /** Upstream releases with the fix, one per maintained branch, ascending. */
  fixedIn: string[]
  vector: Vector
  summary: string
  /**
   * Why it cannot reach a container that runs under gVisor (runsc), when it cannot: no runc process
   * is ever in the container's reach there, and the agent's system calls end in gVisor's kernel.
   */
  notUnderGvisor?: string
}

export const KNOWN_CVES: KnownCve[] = [
  {
    // NVD: "runc through 1.0-rc6 ... allows attackers to overwrite the host runc binary"; the
    // first release with the fix is 1.0.0-rc7 (Docker shipped a patched rc6 in 18.09.2).
    id: 'CVE-2019-5736',
    component: 'runc',
    fixedIn: ['1.0.0-rc7'],
    vector: 'exec',
    summary: 'overwrite of the host runc binary through /proc/self/exe',
    notUnderGvisor:
      "runc never enters the container: an exec asks runsc, which has gVisor's sentry start the process, and /proc/self/exe inside is gVisor's"
  },
  {
    id: 'CVE-2021-30465',
    component: 'runc',
    fixedIn: ['1.0.0-rc95'],
    vector: 'mount-config',
    summary: 'symlink-exchange race in mount destinations',
    notUnderGvisor: "runsc, not runc, sets up the container's mounts (through its gofer)"
  },
  {
    id: 'CVE-2024-21626',
    component: 'runc',
    fixedIn: ['1.1.12'],
    vector: 'exec',
    summary: '"Leaky Vessels": leaked host fd as the working directory of runc run/exec',
    notUnderGvisor: "runc never runs the container's processes, so no runc fd can leak into them"
  },
  {
    id: 'CVE-2025-31133',
    component: 'runc',
    fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
    vector: 'image',
    summary: 'maskedPaths /dev/null replaced by a symlink during container creation',
    notUnderGvisor:
      'runc never creates the container (runsc does, with its own /dev and masked paths)'
  },
  {
    id: 'CVE-2025-52565',
    component: 'runc',
    fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
    vector: 'image',
    summary: '/dev/console bind-mount race during container creation',
    notUnderGvisor: 'runc never creates the container (runsc does, with its own /dev/console)'
  },
  {
    id: 'CVE-2025-52881',
    component: 'runc',
    fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
    vector: 'image',
    summary: 'LSM bypass and /proc write redirection through racing shared mounts',
    notUnderGvisor: "runc never creates the container; the agent's /proc is gVisor's own"
  },
  {
    id: 'CVE-2020-15257',
    component: 'containerd',
    fixedIn: ['1.3.9', '1.4.3'],
    vector: 'host-network',
    summary: 'containerd-shim abstract socket reachable from host-network containers',
    notUnderGvisor:
      "the sandbox's socket calls never reach the host's abstract Unix sockets (gVisor has its own; network none; host networking passes inet sockets only)"
  },
  {
    id: 'CVE-2024-41110',
    component: 'docker',
    fixedIn: ['23.0.15', '25.0.6', '26.1.5', '27.1.1'],
    vector: 'authz',
    summary: 'AuthZ plugin bypass with a zero-length request body'
  }
]

/**
 * Distribution packages known to carry the fix although their upstream version predates it,
 * checked in the package's changelog (`/usr/share/doc/<pkg>/changelog.Debian.gz`). Matched against
 * the full package version the engine reports (runc's and containerd's GitCommit carry it; the
 * engine's own version does not, so docker.io backports cannot be recognised through the API).
 */
export const DISTRO_FIXES: {
  cve: string
  component: Component
  packageVersion: RegExp
  note: string
}[] = [
  {
    cve: 'CVE-2024-21626',
    component: 'runc',
    // Debian bookworm-security: runc (1.1.5+ds1-1+deb12u1) "CVE-2024-21626: several container
    // breakouts due to internally leaked fds"; later deb12uN revisions keep it.
    packageVersion: /^1\.1\.5\+ds1-1\+deb12u([1-9]\d*)$/,
    note: 'Debian 1.1.5+ds1-1+deb12u1'
  }
]

export interface Version {
  nums: number[]
  /** Pre-release parts (rc7 → ['rc', 7]); empty for a release. */
  pre: (string | number)[]
}

/**
 * Parses the versions engines report: 1.1.12, v1.0.0-rc95, 1.0-rc6, 1.4.0-rc.3, 1.1.5+ds1,
 * 1.6.20~ds1, 20.10.24+dfsg1, 27.1.1-1ubuntu1. Distribution and build suffixes are dropped.
 */
export function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+(?:\.\d+)*)(?:-((?:rc|alpha|beta|dev)[.\d]*\w*))?/i.exec(text.trim())
  if (!m) return undefined
  const nums = m[1].split('.').map(Number)
  while (nums.length < 3) nums.push(0)
  const pre = m[2]
    ? (m[2].match(/[a-z]+|\d+/gi) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p.toLowerCase()))
    : []
  return { nums, pre }
}

/** Negative when a < b. A pre-release sorts before its release. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < Math.max(a.nums.length, b.nums.length); i++) {
    const d = (a.nums[i] ?? 0) - (b.nums[i] ?? 0)
    if (d) return d
  }
  if (!a.pre.length || !b.pre.length) return (a.pre.length ? -1 : 0) - (b.pre.length ? -1 : 0)
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]
    const y = b.pre[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    if (x === y) continue
    if (typeof x === 'number' && typeof y === 'number') return x - y
    return String(x) < String(y) ? -1 : 1
  }
  return 0
}

/**
 * Whether `version` lacks the fix. A release on a branch that has a fix needs at least that fix;
 * on a branch without one, it is vulnerable if any fixed release is newer (the branch never got
 * the fix), and fixed if it is newer than all of them.
 */
export function isVulnerable(version: Version, fixedIn: string[]): boolean {
  const fixes = fixedIn.map((f) => parseVersion(f)!).sort(compareVersions)
  const branch = (v: Version) => `${v.nums[0]}.${v.nums[1]}`
  const same = fixes.find((f) => branch(f) === branch(version))
  if (same) return compareVersions(version, same) < 0
  return fixes.some((f) => compareVersions(version, f) < 0)
}

/** A version string that a distribution built (its backports cannot be judged by number). */
export function isDistroBuild(text: string): boolean {
  return /[+~](ds|dfsg)\d*|deb\d+u\d+|ubuntu|\.el\d|\.fc\d|\+git/i.test(text)
}

export interface ComponentVersion {
  component: Component
  /** The version as reported (Components[].Version). */
  version: string
  /** The full package version when the engine reports it (runc/containerd GitCommit). */
  packageVersion?: string
}

export interface AgentExposure {
  ownImage: boolean
  hostNetwork: boolean
  authzPlugins: string[]
  /** The agent's container runs under gVisor (runsc). */
  gvisor?: boolean
}

export type Finding = {
  cve: KnownCve
  component: ComponentVersion
} & (
  | { state: 'fixed'; how: 'upstream' | 'distro'; note?: string }
  | { state: 'not-applicable'; reason: string }
  | { state: 'open'; severity: 'critical' | 'high'; distro: boolean; reason: string }
)

export function evaluateCves(
  components: ComponentVersion[],
  exposure: AgentExposure,
  table = KNOWN_CVES
): Finding[] {
  const findings: Finding[] = []
  for (const cve of table) {
    const component = components.find((c) => c.component === cve.component)
    if (!component) continue
    const version = parseVersion(component.version)
    if (!version) continue
    if (exposure.gvisor && cve.notUnderGvisor) {
      findings.push({ cve, component, state: 'not-applicable', reason: cve.notUnderGvisor })
      continue
    }
    if (!isVulnerable(version, cve.fixedIn)) {
      findings.push({ cve, component, state: 'fixed', how: 'upstream' })
      continue
    }
    const backport = DISTRO_FIXES.find(
      (d) =>
        d.cve === cve.id &&
        d.component === cve.component &&
        component.packageVersion &&
        d.packageVersion.test(component.packageVersion)
    )
    if (backport) {
      findings.push({ cve, component, state: 'fixed', how: 'distro', note: backport.note })
      continue
    }
    const { severity, reason } = severityFor(cve.vector, exposure)
    findings.push({
      cve,
      component,
      state: 'open',
      severity,
      reason,
      distro: isDistroBuild(`${component.version} ${component.packageVersion ?? ''}`)
    })
  }
  return findings
}

function severityFor(
  vector: Vector,
  e: AgentExposure
): { severity: 'critical' | 'high'; reason: string } {
  switch (vector) {
    case 'exec':
      return {
        severity: 'critical',
        reason: 'reachable from inside any container the engine execs into'
      }
    case 'image':
      return e.ownImage
        ? {
            severity: 'high',
            reason: 'needs a malicious image; this agent uses our locally built image'
          }
        : {
            severity: 'critical',
            reason: 'needs a malicious image; this agent uses a third-party image'
          }
    case 'mount-config':
      return {
        severity: 'high',
        reason: 'needs control over the mount configuration, which comes from the config'
      }
    case 'host-network':
      return e.hostNetwork
        ? { severity: 'critical', reason: 'this agent uses host networking' }
        : { severity: 'high', reason: 'needs host networking, which this agent does not use' }
    case 'authz':
      return e.authzPlugins.length
        ? {
            severity: 'critical',
            reason: `the engine uses AuthZ plugins (${e.authzPlugins.join(', ')})`
          }
        : { severity: 'high', reason: 'needs an AuthZ plugin; this engine has none' }
  }
}
