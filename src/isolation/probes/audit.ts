// Probe 1: the container as the engine reports it (inspect), checked against what a sandbox needs,
// plus what the kernel says about a process exec'd as the agent (capability sets, no_new_privs,
// uid). The inspect half is a pure function so every rule is unit-tested.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { DockerConfig } from '../../config/types.js'
import { isInside } from '../../lib/paths.js'
import { SUDO_CAPABILITIES, type ContainerInspect } from '../../runtime/docker/index.js'
import { fail, list, pass, tagged, attempts, isOutcome } from '../outcome.js'
import type { Probe, ProbeDef, SrtProbeContext } from '../types.js'

/** Above this a fork bomb can hurt a shared runner before the limit stops it. */
export const MAX_PIDS_LIMIT = 4096

const SOCKET = /(^|\/)(docker|containerd|podman|crio|dockershim)\.sock$/
/** Host paths whose mount (or a parent's) hands the agent the host. */
const SENSITIVE = [
  '/',
  '/etc',
  '/root',
  '/home',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/run',
  '/var/run',
  '/var/lib/docker',
  '/var/lib/containerd',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/var'
]

export interface AuditOptions {
  /** The runner's home directory: mounting it (or a parent) is a failure. */
  home: string
}

export interface AuditFindings {
  problems: string[]
  notes: string[]
}

/** Why a mount source is sensitive, or undefined. */
export function sensitiveMount(source: string, home: string): string | undefined {
  const src = resolve(source)
  if (SOCKET.test(src)) return 'an engine socket'
  if (isInside(src, '/var/lib/docker') || isInside(src, '/var/lib/containerd'))
    return "the engine's data"
  const h = resolve(home)
  // Workspaces and credential mounts live below the home directory; that is their place.
  if (src !== h && isInside(src, h)) return undefined
  for (const p of ['/proc', '/sys', '/dev', '/boot', '/etc', '/root'])
    if (isInside(src, p)) return `inside ${p}`
  if (src === h || isInside(h, src))
    return src === h ? "the runner's home" : "a parent of the runner's home"
  if (SENSITIVE.includes(src)) return `the host's ${src}`
  for (const p of SENSITIVE) if (isInside(p, src)) return `a parent of ${p}`
  return undefined
}

export function auditInspect(
  info: ContainerInspect,
  config: DockerConfig,
  opts: AuditOptions
): AuditFindings {
  const h = info.HostConfig
  const problems: string[] = []
  const notes: string[] = []
  const capDrop = (h.CapDrop ?? []).map((c: string) => c.toUpperCase().replace(/^CAP_/, ''))
  const capAdd = (h.CapAdd ?? []).map((c: string) => c.toUpperCase().replace(/^CAP_/, ''))
  if (!capDrop.includes('ALL')) problems.push('capabilities not dropped (CapDrop lacks ALL)')
  const allowed = config.enableSudo ? SUDO_CAPABILITIES : []
  const extra = capAdd.filter((c: string) => !allowed.includes(c))
  if (extra.length) problems.push(`extra capabilities added: ${extra.join(',')}`)
  else if (capAdd.length) notes.push(`sudo variant caps ${capAdd.join(',')}`)
  const secOpts = h.SecurityOpt ?? []
  const nnp = secOpts.some((o: string) => /^no-new-privileges(:true|=true)?$/.test(o))
  if (!nnp && !config.enableSudo) problems.push('no-new-privileges not set')
  if (!nnp && config.enableSudo) notes.push('no no-new-privileges (sudo variant)')
  const unconfined = secOpts.filter((o: string) => /^(seccomp|apparmor)[:=]unconfined$/.test(o))
  if (unconfined.length) problems.push(`security profile disabled: ${unconfined.join(', ')}`)
  if (h.Privileged) problems.push('privileged')
  const pids = h.PidsLimit ?? 0
  if (!(pids > 0)) problems.push('no pids limit')
  else if (pids > MAX_PIDS_LIMIT) problems.push(`pids limit ${pids} is above ${MAX_PIDS_LIMIT}`)
  const memory = h.Memory ?? 0
  if (!(memory > 0)) problems.push('no memory limit')
  else if (h.MemorySwap !== memory)
    problems.push(
      `memory-swap ${h.MemorySwap ?? 'unset'} differs from memory ${memory} (swap allowed)`
    )
  const cpu = (h.NanoCpus ?? 0) > 0 || ((h.CpuQuota ?? 0) > 0 && (h.CpuPeriod ?? 100000) > 0)
  if (!cpu) problems.push('no CPU limit')
  // docker-bench 5.13. The sudo variant needs a writable root (apt); a note there.
  if (!h.ReadonlyRootfs && !config.enableSudo) problems.push('root filesystem writable')
  if (!h.ReadonlyRootfs && config.enableSudo) notes.push('root filesystem writable (sudo variant)')
  if (h.NetworkMode !== 'none')
    problems.push(`network mode ${h.NetworkMode ?? 'default'} (not none)`)
  // cgroupns "host" is the engine's default on cgroup v1 (the container still sees only its own
  // cgroup, read-only); a note, not a failure.
  if (h.CgroupnsMode === 'host') notes.push('cgroupns host (engine default on cgroup v1)')
  for (const [name, mode] of [
    ['pid', h.PidMode],
    ['ipc', h.IpcMode],
    ['uts', h.UTSMode],
    ['userns', h.UsernsMode]
  ] as const) {
    if (mode === 'host') problems.push(`host ${name} namespace`)
    else if (mode && mode.startsWith('container:'))
      problems.push(`${name} namespace shared with ${mode.slice(10)}`)
  }
  if ((h.Devices ?? []).length)
    problems.push(
      `host devices: ${(h.Devices ?? []).map((d: { PathOnHost: string }) => d.PathOnHost).join(', ')}`
    )
  if ((h.DeviceCgroupRules ?? []).length) problems.push('device cgroup rules added')
  if ((h.DeviceRequests ?? []).length) problems.push('device requests (GPUs) added')
  const mounts = info.Mounts ?? []
  for (const m of mounts) {
    if (m.Type !== 'bind' || !m.Source) continue
    const why = sensitiveMount(m.Source, opts.home)
    if (why)
      problems.push(`${m.Source} mounted at ${m.Destination} (${why}${m.RW ? ', writable' : ''})`)
  }
  if (info.Config.User === '' || /^(0|root)(:|$)/.test(info.Config.User ?? ''))
    problems.push('the main process runs as root')
  return { problems, notes }
}

const KERNEL_VIEW = [
  'grep -E "^(CapEff|CapBnd|CapPrm|CapAmb|NoNewPrivs):" /proc/self/status | sed "s/:\\s*/ /" | sed "s/^/STATUS /"',
  // gVisor's /proc/self/status has no NoNewPrivs line: ask prctl(PR_GET_NO_NEW_PRIVS) itself.
  `command -v python3 >/dev/null && python3 -c 'import ctypes; print("PRCTL_NNP", ctypes.CDLL(None).prctl(39, 0, 0, 0, 0))'`,
  'echo "UID $(id -u)"'
].join('\n')

/** Capability names by bit, for bounding sets read from /proc. */
const CAP_NAMES = [
  'CHOWN',
  'DAC_OVERRIDE',
  'DAC_READ_SEARCH',
  'FOWNER',
  'FSETID',
  'KILL',
  'SETGID',
  'SETUID',
  'SETPCAP',
  'LINUX_IMMUTABLE',
  'NET_BIND_SERVICE',
  'NET_BROADCAST',
  'NET_ADMIN',
  'NET_RAW',
  'IPC_LOCK',
  'IPC_OWNER',
  'SYS_MODULE',
  'SYS_RAWIO',
  'SYS_CHROOT',
  'SYS_PTRACE',
  'SYS_PACCT',
  'SYS_ADMIN',
  'SYS_BOOT',
  'SYS_NICE',
  'SYS_RESOURCE',
  'SYS_TIME',
  'SYS_TTY_CONFIG',
  'MKNOD',
  'LEASE',
  'AUDIT_WRITE',
  'AUDIT_CONTROL',
  'SETFCAP',
  'MAC_OVERRIDE',
  'MAC_ADMIN',
  'SYSLOG',
  'WAKE_ALARM',
  'BLOCK_SUSPEND',
  'AUDIT_READ',
  'PERFMON',
  'BPF',
  'CHECKPOINT_RESTORE'
]

export function capNames(hex: string): string[] {
  const v = BigInt(`0x${hex || '0'}`)
  return CAP_NAMES.filter((_, bit) => (v >> BigInt(bit)) & 1n)
}

export const auditProbe: Probe = {
  id: 'audit',
  number: 1,
  title: 'configuration audit (engine inspect + kernel view of an agent process)',
  phase: 'parallel',
  async run(ctx) {
    const info = await ctx.inspect()
    const { problems, notes } = auditInspect(info, ctx.config, { home: ctx.host.home })
    const r = await ctx.agentExec(KERNEL_VIEW)
    const status = Object.fromEntries(
      tagged(r.stdout, 'STATUS').map((l) => l.split(/\s+/) as [string, string])
    )
    const uid = tagged(r.stdout, 'UID')[0]
    if (uid === undefined)
      problems.push(`could not read the agent's process status (exit ${r.exitCode})`)
    else if (uid === '0') problems.push('commands run as root (uid 0)')
    const eff = capNames(status.CapEff ?? '0')
    if (eff.length) problems.push(`agent process has effective capabilities ${eff.join(',')}`)
    const allowed = ctx.config.enableSudo ? SUDO_CAPABILITIES : []
    const bnd = capNames(status.CapBnd ?? '0').filter((c) => !allowed.includes(c))
    if (bnd.length) problems.push(`bounding set holds ${list(bnd)}`)
    const nnp = status.NoNewPrivs ?? tagged(r.stdout, 'PRCTL_NNP')[0]
    if (nnp !== '1' && !ctx.config.enableSudo)
      problems.push(
        nnp === undefined
          ? 'could not read no_new_privs of an agent process (no NoNewPrivs line, no python3 for prctl)'
          : 'agent process has NoNewPrivs 0'
      )
    const limits = `pids ${info.HostConfig.PidsLimit}, memory ${info.HostConfig.Memory}/${info.HostConfig.MemorySwap}, cpus ${(info.HostConfig.NanoCpus ?? 0) / 1e9}, network ${info.HostConfig.NetworkMode}`
    if (problems.length) return fail(`${list(problems, 8)} [${limits}]`)
    if (status.NoNewPrivs === undefined && nnp !== undefined)
      notes.push('no_new_privs read with prctl (this kernel has no NoNewPrivs line)')
    return pass(
      `caps dropped, no-new-privileges, not privileged, ${limits}, private namespaces, no devices, no sensitive mounts, uid ${uid}${notes.length ? `; ${notes.join('; ')}` : ''}`
    )
  }
}

const STATUS = `for k in NoNewPrivs Seccomp CapEff CapBnd; do grep "^$k:" /proc/self/status; done`

export const srtSandboxProbe: ProbeDef<SrtProbeContext> = {
  id: 'srt-sandbox',
  number: 1,
  phase: 'parallel',
  title:
    'the step runs sandboxed: no-new-privileges, seccomp filter, no capabilities, own PID namespace, no mount, unshare or /proc/sys writes',
  async run(ctx) {
    const hostInit = (await readFile('/proc/1/cmdline', 'utf8').catch(() => '')).split('\0')[0]
    const r = await attempts(
      ctx,
      [
        STATUS,
        'echo "PROCS $(ls -d /proc/[0-9]* | wc -l)"',
        `echo "INIT $(tr '\\0' ' ' < /proc/1/cmdline | cut -c1-200)"`,
        `d=$(mktemp -d); if mount -t tmpfs none "$d" 2>/dev/null; then echo "DID mount"; fi`,
        'if unshare -Ur true 2>/dev/null; then echo "DID unshare -Ur"; fi',
        'if unshare -n true 2>/dev/null; then echo "DID unshare -n"; fi',
        `if (cat /proc/sys/kernel/domainname > /proc/sys/kernel/domainname) 2>/dev/null; then echo "DID write /proc/sys/kernel/domainname"; fi`
      ],
      'the checks'
    )
    if (isOutcome(r)) return r
    const field = (k: string) => new RegExp(`^${k}:\\s*(\\S+)`, 'm').exec(r.stdout)?.[1] ?? '?'
    const problems: string[] = []
    if (field('NoNewPrivs') !== '1') problems.push(`NoNewPrivs ${field('NoNewPrivs')}`)
    if (field('Seccomp') !== '2') problems.push(`Seccomp ${field('Seccomp')} (no filter)`)
    if (!/^0+$/.test(field('CapEff'))) problems.push(`effective capabilities ${field('CapEff')}`)
    const procs = Number(tagged(r.stdout, 'PROCS')[0] ?? 0)
    const init = tagged(r.stdout, 'INIT')[0] ?? ''
    if (hostInit && init.startsWith(hostInit))
      problems.push(`pid 1 is the host's init (${hostInit})`)
    if (procs > 50) problems.push(`${procs} processes visible (the host's?)`)
    problems.push(...tagged(r.stdout, 'DID').map((d) => `could ${d}`))
    if (problems.length) return fail(list(problems))
    return pass(
      `NoNewPrivs 1, Seccomp 2, CapEff 0, ${procs} processes visible (own PID namespace); mount, unshare and /proc/sys writes refused`
    )
  }
}
