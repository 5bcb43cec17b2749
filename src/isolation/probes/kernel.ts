// Probes 9–13: what the kernel lets an agent process do. Each is an attempt; anything that succeeds
// is reported (and undone where it changed something).
import {
  fail,
  list,
  NO_PYTHON,
  pass,
  python,
  sh,
  skip,
  tagged,
  attempts,
  isOutcome
} from '../outcome.js'
import type { Probe } from '../types.js'

// Writing a value back unchanged: if the write is allowed, nothing changes, and we know.
const PROC_SYS = [
  '/proc/sys/kernel/core_pattern',
  '/proc/sys/kernel/domainname',
  '/proc/sys/vm/overcommit_memory',
  '/proc/sys/net/ipv4/ip_forward',
  '/proc/sys/kernel/randomize_va_space'
]

export const procSysProbe: Probe = {
  id: 'proc-sys',
  number: 9,
  title: '/proc/sys and /proc/sysrq-trigger writes fail',
  phase: 'parallel',
  async run(ctx) {
    const r = await attempts(
      ctx,
      [
        ...PROC_SYS.map(
          (f) =>
            `if v=$(cat ${sh(f)} 2>/dev/null) && (printf '%s\\n' "$v" > ${sh(f)}) 2>/dev/null; then echo "WROTE ${f}"; fi`
        ),
        // 'h' only prints sysrq help to the kernel log if the write were ever allowed.
        `if (printf h > /proc/sysrq-trigger) 2>/dev/null; then echo "WROTE /proc/sysrq-trigger"; fi`
      ],
      'the write attempts'
    )
    if (isOutcome(r)) return r
    const wrote = tagged(r.stdout, 'WROTE')
    if (wrote.length) return fail(`writable: ${list(wrote)}`)
    return pass(`writes refused: ${PROC_SYS.length} /proc/sys files and /proc/sysrq-trigger`)
  }
}

const SYSCALLS = `
import ctypes, errno, os, socket
def report(name, ok, why=''):
    print(('ALLOWED ' if ok else 'DENIED ') + name + (' ' + why if why else ''))
try:
    os.setresuid(0, 0, 0); report('setresuid(0)', True)
except OSError as e: report('setresuid(0)', False, errno.errorcode.get(e.errno, ''))
try:
    os.setresgid(0, 0, 0); report('setresgid(0)', True)
except OSError as e: report('setresgid(0)', False, errno.errorcode.get(e.errno, ''))
for fam, kind, proto, name in [(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP, 'raw inet socket'), (getattr(socket, 'AF_PACKET', 17), socket.SOCK_RAW, 0, 'packet socket')]:
    try:
        socket.socket(fam, kind, proto).close(); report(name, True)
    except OSError as e: report(name, False, errno.errorcode.get(e.errno, ''))
`

const GVISOR_USERNS = 'unshare user namespace'

export const privilegedOpsProbe: Probe = {
  id: 'privileged-ops',
  number: 10,
  title:
    'mount, unshare, setresuid to root, chown to root, mknod, raw sockets, hostname are denied',
  phase: 'parallel',
  async run(ctx) {
    const d = `${ctx.scratch}/privileged`
    const attempt = (name: string, cmd: string) =>
      `if (${cmd}) >/dev/null 2>&1; then echo "ALLOWED ${name}"; else echo "DENIED ${name}"; fi`
    const r = await attempts(
      ctx,
      [
        `mkdir -p ${sh(d)} && : > ${sh(`${d}/file`)} && mkdir -p ${sh(`${d}/mnt`)}`,
        attempt('mount tmpfs', `mount -t tmpfs none ${sh(`${d}/mnt`)}`),
        `umount ${sh(`${d}/mnt`)} 2>/dev/null`,
        attempt('unshare user namespace', 'unshare -U true'),
        attempt('unshare user+mount namespace as root', 'unshare -Urm true'),
        attempt('unshare network namespace', 'unshare -n true'),
        attempt('setpriv to uid 0', 'setpriv --reuid=0 --regid=0 --clear-groups true'),
        // A file of our own, handed to root: allowed only with CAP_CHOWN (or when already root).
        // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
        attempt(
          'chown to root',
          `chown 0:0 ${sh(`${d}/file`)} && [ -n "$(find ${sh(`${d}/file`)} -maxdepth 0 -user 0)" ]`
        ),
        attempt('mknod', `mknod ${sh(`${d}/null`)} c 1 3`),
        attempt('hostname', 'hostname massgen-isolation-probe'),
        `command -v python3 >/dev/null && ${python(SYSCALLS)}`,
        `rm -rf ${sh(d)} 2>/dev/null`
      ],
      'the attempts'
    )
    if (isOutcome(r)) return r
    let allowed = tagged(r.stdout, 'ALLOWED')
    const denied = tagged(r.stdout, 'DENIED')
    const notes: string[] = []
    if (ctx.runtime.gvisor && allowed.includes(GVISOR_USERNS)) {
      // gVisor implements user namespaces itself, inside the sandbox: no host privilege comes
      // with one (mounting, root and the rest are still refused, as checked here).
      allowed = allowed.filter((a) => a !== GVISOR_USERNS)
      notes.push(`${GVISOR_USERNS} allowed: gVisor's own user namespaces, inside the sandbox`)
    }
    if (allowed.length) return fail(`allowed: ${list(allowed)}`)
    return pass(
      `denied: ${denied.length} attempts (${list(denied, 12)})${notes.length ? `; ${notes.join('; ')}` : ''}`
    )
  }
}

const PTRACE = `
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
me = os.getuid()
targets = []
for p in os.listdir('/proc'):
    if not p.isdigit() or int(p) == os.getpid():
        continue
    try:
        uid = os.stat('/proc/' + p).st_uid
    except OSError:
        continue
    if uid != me:
        targets.append((int(p), uid))
print('TARGETS', len(targets))
for pid, uid in targets[:4]:
    r = libc.ptrace(16, pid, None, None)  # PTRACE_ATTACH
    if r == 0:
        os.waitpid(pid, 0)
        libc.ptrace(17, pid, None, None)  # PTRACE_DETACH
        print('ATTACHED', pid, uid)
    else:
        print('DENIED', pid, uid, errno.errorcode.get(ctypes.get_errno(), ''))
    for f in ('environ', 'mem'):
        try:
            with open('/proc/%d/%s' % (pid, f), 'rb') as fh:
                fh.read(1)
            print('READ', pid, f)
        except OSError:
            pass
`

export const ptraceProbe: Probe = {
  id: 'ptrace',
  number: 11,
  title: 'ptrace of a process of another uid is denied',
  phase: 'parallel',
  async run(ctx) {
    const r = await ctx.agentExec(
      `command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(PTRACE)}`
    )
    if (r.stdout.includes('NOPYTHON')) return skip(NO_PYTHON)
    const targets = Number(tagged(r.stdout, 'TARGETS')[0] ?? NaN)
    if (!Number.isFinite(targets)) return fail(`the attempt did not run (exit ${r.exitCode})`)
    if (targets === 0)
      return skip('no process of another uid is visible in the container to attach to')
    const attached = tagged(r.stdout, 'ATTACHED')
    let read = tagged(r.stdout, 'READ')
    // gVisor's procfs lets any uid read another's environ (not mem). What it holds is the
    // container's Env, which the agent has anyway (probe 14 checks no secret is in it): a warning.
    const environ = ctx.runtime.gvisor ? read.filter((x) => x.endsWith(' environ')) : []
    read = read.filter((x) => !environ.includes(x))
    if (attached.length || read.length)
      return fail(
        [attached.length && `attached to ${list(attached)}`, read.length && `read ${list(read)}`]
          .filter(Boolean)
          .join('; ')
      )
    const denied = tagged(r.stdout, 'DENIED').length
    if (environ.length)
      return pass(
        `PTRACE_ATTACH and /proc/<pid>/mem denied for ${denied} process(es) of other uids; warn: gVisor lets other uids read /proc/<pid>/environ (${list(environ, 3)}): the container's Env, nothing the agent lacks`
      )
    return pass(
      `PTRACE_ATTACH and /proc/<pid>/environ|mem denied for ${denied} process(es) of other uids`
    )
  }
}

// A setuid-root binary waiting on its stdin shows its effective uid in /proc/<pid>/status.
const SETUID = `
echo "NNP $(awk '/^NoNewPrivs:/{print $2}' /proc/self/status)"
echo "UID $(id -u)"
if command -v sudo >/dev/null; then echo "SUDO $(sudo -n id -u 2>/dev/null || echo denied)"; fi
for b in chfn chsh passwd su; do
  p=$(command -v $b) || continue
  [ -u "$p" ] || continue
  ( sleep 3.217 </dev/null 2>/dev/null | "$p" >/dev/null 2>&1 & )
  sleep 0.7
  # -U: the real uid; a setuid binary that worked has another effective uid.
  for pid in $(pgrep -U "$(id -u)" -x $b); do
    echo "EUID $b $(awk '/^Uid:/{print $3}' /proc/$pid/status)"
  done
  pkill -U "$(id -u)" -x $b 2>/dev/null
  pkill -U "$(id -u)" -f '^sleep 3[.]217$' 2>/dev/null
  break
done
echo DONE
`

export const setuidProbe: Probe = {
  id: 'setuid-sudo',
  number: 12,
  title: 'setuid binaries and sudo give no root when the sudo variant is off',
  phase: 'parallel',
  async run(ctx) {
    if (ctx.config.enableSudo)
      return skip(
        'the sudo variant is on: sudo gives root by design (see probe 1 for its capabilities)'
      )
    const r = await ctx.agentExec(SETUID, { timeoutMs: 30_000 })
    if (!r.stdout.includes('DONE'))
      return fail(`the attempts did not complete (exit ${r.exitCode})`)
    const problems: string[] = []
    if (tagged(r.stdout, 'UID')[0] === '0') problems.push('the agent already runs as root')
    const sudo = tagged(r.stdout, 'SUDO')[0]
    if (sudo === '0') problems.push('sudo -n gives uid 0')
    const euids = tagged(r.stdout, 'EUID')
    const rooted = euids.filter((l) => l.endsWith(' 0'))
    if (rooted.length)
      problems.push(
        `setuid binary ran with euid 0 (${rooted.map((l) => l.split(' ')[0]).join(', ')})`
      )
    // gVisor's /proc/self/status has no NoNewPrivs line; no_new_privs is always set there.
    const nnp =
      tagged(r.stdout, 'NNP')[0] || (ctx.runtime.gvisor ? '(no line: always on in gVisor)' : '?')
    if (problems.length) return fail(`${list(problems)}; NoNewPrivs ${nnp}`)
    const seen = euids.length
      ? `setuid ${euids[0].split(' ')[0]} ran with euid ${euids[0].split(' ')[1]}`
      : 'no setuid binary observed running'
    return pass(
      `NoNewPrivs ${nnp}; ${seen}; ${sudo === undefined ? 'no sudo in the image' : 'sudo -n refused'}`
    )
  }
}

const KEYCTL = `
import ctypes, errno, platform
nr = {'x86_64': 250, 'aarch64': 219}.get(platform.machine())
if nr is None:
    print('KEYCTL unknown-arch')
else:
    libc = ctypes.CDLL(None, use_errno=True)
    r = libc.syscall(nr, 0, -3, 0)  # keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING)
    print('KEYCTL', 'allowed' if r >= 0 else errno.errorcode.get(ctypes.get_errno(), 'error'))
`

export const seccompProbe: Probe = {
  id: 'seccomp',
  number: 13,
  title: 'seccomp is active',
  phase: 'parallel',
  async run(ctx) {
    const r = await ctx.agentExec(
      `echo "MODE $(awk '/^Seccomp:/{print $2}' /proc/self/status)"\n` +
        `dmesg 2>/dev/null | grep -q 'Starting gVisor' && echo "KERNEL gvisor"\n` +
        `command -v python3 >/dev/null && ${python(KEYCTL)}\necho DONE`
    )
    if (!r.stdout.includes('DONE')) return fail(`the check did not complete (exit ${r.exitCode})`)
    const mode = tagged(r.stdout, 'MODE')[0]
    const keyctl = tagged(r.stdout, 'KEYCTL')[0]
    const problems: string[] = []
    if (ctx.runtime.gvisor) {
      // The OCI profile is not applied inside gVisor: the agent's system calls end in gVisor's
      // kernel (the sentry), which runs under its own seccomp filter on the host.
      if (!tagged(r.stdout, 'KERNEL').includes('gvisor'))
        problems.push("the runtime is gVisor but gVisor's kernel does not answer (see probe 27)")
      if (keyctl === 'allowed') problems.push('keyctl is allowed')
      if (problems.length) return fail(list(problems))
      return pass(
        `gVisor: the agent's system calls are answered by gVisor's kernel, which runs under its own host seccomp filter (Seccomp mode ${mode || 'unknown'} inside); keyctl ${keyctl ?? 'not tried (no python3)'}`
      )
    }
    if (mode !== '2') problems.push(`Seccomp mode ${mode || 'unknown'} (2 = filter)`)
    if (keyctl === 'allowed') problems.push('keyctl (blocked by the default profile) is allowed')
    if (problems.length) return fail(list(problems))
    return pass(`Seccomp filter mode; keyctl ${keyctl ?? 'not tried (no python3)'}`)
  }
}
