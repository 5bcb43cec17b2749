// verify-isolation for srt agents: the probes that apply to a sandbox-runtime sandbox on the host,
// each a real attempt made as the agent through its session (as a step runs), checked from the
// host where the sandbox cannot be trusted to say. Numbers follow the container probes where the
// meaning is the same; the container probes that have no counterpart are listed, with the reason,
// in SRT_NOT_APPLICABLE (reported as `skip`).
import { existsSync } from 'node:fs'
import { lstat, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises'
import { isInside } from '../../lib/paths.js'
import type { ExecResult } from '../../runtime/types.js'
import { fail, list, pass, python, sh, skip, tagged } from '../outcome.js'
import type { ProbeDef, SrtProbeContext } from '../types.js'
import { curl, isOutcome, NO_EGRESS, ready, said, url } from './egress.js'

/** A name no allowlist may list: what probe 4 asks the proxy for. */
const DENIED_NAME = 'denied.massgen-isolation.test'

export type SrtProbe = ProbeDef<SrtProbeContext>

const STATUS = `for k in NoNewPrivs Seccomp CapEff CapBnd; do grep "^$k:" /proc/self/status; done`

export const sandboxProbe: SrtProbe = {
  id: 'srt-sandbox',
  number: 1,
  phase: 'parallel',
  title:
    'the step runs sandboxed: no-new-privileges, seccomp filter, no capabilities, own PID namespace, no mount, unshare or /proc/sys writes',
  async run(ctx) {
    const hostInit = (await readFile('/proc/1/cmdline', 'utf8').catch(() => '')).split('\0')[0]
    const script = [
      STATUS,
      'echo "PROCS $(ls -d /proc/[0-9]* | wc -l)"',
      `echo "INIT $(tr '\\0' ' ' < /proc/1/cmdline | cut -c1-200)"`,
      `d=$(mktemp -d); if mount -t tmpfs none "$d" 2>/dev/null; then echo "DID mount"; fi`,
      'if unshare -Ur true 2>/dev/null; then echo "DID unshare -Ur"; fi',
      'if unshare -n true 2>/dev/null; then echo "DID unshare -n"; fi',
      `if (cat /proc/sys/kernel/domainname > /proc/sys/kernel/domainname) 2>/dev/null; then echo "DID write /proc/sys/kernel/domainname"; fi`,
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
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

export const writesProbe: SrtProbe = {
  id: 'writes-outside',
  number: 2,
  phase: 'parallel',
  title:
    'writes outside the workspace and the write context paths fail (/, /etc, /usr, home, /tmp, read-only and protected paths)',
  async run(ctx) {
    const { agent, host } = ctx
    const targets = [
      '/',
      '/etc',
      '/usr',
      '/usr/bin',
      '/opt',
      '/var/tmp',
      '/tmp',
      host.home,
      host.outsideDir,
      ...agent.contextPaths.filter((c) => c.permission === 'read').map((c) => c.path),
      ...agent.contextPaths.flatMap((c) => c.protectedPaths),
      ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
    ]
    const name = `massgen-srt-probe-${process.pid}`
    const script = [
      ...targets.map(
        (t) => `if (echo x > ${sh(`${t}/${name}`)}) 2>/dev/null; then echo "WROTE ${t}"; fi`
      ),
      `if (echo x >> ${sh(host.outsideMarker)}) 2>/dev/null; then echo "WROTE ${host.outsideMarker}"; fi`,
      `if (echo x > ${sh(`${ctx.scratch}/${name}`)}) 2>/dev/null; then echo "READY"; fi`,
      'echo DONE'
    ].join('\n')
    const outsideBefore = await readFile(host.outsideMarker, 'utf8').catch(() => '')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the writes did not complete (exit ${r.exitCode})`)
    // A write into a hidden directory lands in the sandbox's throwaway tmpfs: only what reached
    // the host counts.
    const wrote = tagged(r.stdout, 'WROTE').filter((t) =>
      t === host.outsideMarker ? false : existsSync(`${t}/${name}`)
    )
    if ((await readFile(host.outsideMarker, 'utf8').catch(() => '')) !== outsideBefore)
      wrote.push(host.outsideMarker)
    for (const t of wrote) await rm(`${t}/${name}`, { force: true }).catch(() => undefined)
    if (wrote.length) return fail(`wrote into ${list(wrote)}`)
    const ready = r.stdout.includes('READY')
    if (ctx.srt.readOnly && ready) return fail('wrote into the workspace although read_only')
    if (!ctx.srt.readOnly && !ready)
      return fail('could not write into its own workspace, so the refusals prove nothing')
    return pass(
      `${targets.length + 1} writes outside refused${ctx.srt.readOnly ? ', the workspace read-only too (read_only)' : '; the workspace is writable'}`
    )
  }
}

export const readsProbe: SrtProbe = {
  id: 'secret-reads',
  number: 3,
  phase: 'parallel',
  title:
    'secret stores, deny_read paths and (per read mode) the home directory and host files cannot be read',
  async run(ctx) {
    const { host, srt } = ctx
    const hidden: { path: string; token?: string; what: string }[] = ctx.secrets.map((s) => ({
      path: s.path,
      token: s.token,
      what: s.where
    }))
    // open mode exposes $HOME by design: the marker being readable there is the weakening the
    // probe reports.
    if (host.homeMarker)
      hidden.push({ path: host.homeMarker, what: 'a marker in the home directory' })
    if (srt.readMode === 'strict') {
      hidden.push({ path: '/etc/hostname', what: '/etc/hostname (strict)' })
      hidden.push({ path: host.outsideMarker, what: 'a marker outside every agent path (strict)' })
    }
    const readable = `${ctx.scratch}/readable-${process.pid}`
    const script = [
      `echo ready > ${sh(readable)} 2>/dev/null || true`,
      ...hidden.map((h, i) => `if cat ${sh(h.path)} >/dev/null 2>&1; then echo "READ ${i}"; fi`),
      `if [ "$(cat ${sh(readable)} 2>/dev/null)" = ready ] || [ -r ${sh(ctx.agent.workspace)} ]; then echo READY; fi`,
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the reads did not complete (exit ${r.exitCode})`)
    if (!r.stdout.includes('READY'))
      return fail('could not read its own workspace, so the refusals prove nothing')
    const leaked = hidden.filter(
      (h) =>
        r.stdout.includes(`READ ${hidden.indexOf(h)}\n`) || (h.token && r.stdout.includes(h.token))
    )
    if (leaked.length)
      return fail(
        `readable: ${list(leaked.map((h) => `${h.what} (${h.path})`))}${srt.readMode === 'open' ? ' — read_mode open' : ''}`
      )
    return pass(
      `${hidden.length} hidden paths unreadable (read_mode ${srt.readMode}); the workspace is readable`
    )
  }
}

const CONNECT = `
import socket, sys
port = int(sys.argv[1])
for host in sys.argv[2:]:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(2)
    try:
        s.connect((host, port))
        print('REACHED', host)
    except OSError as e:
        print('REFUSED', host, e.__class__.__name__)
    finally:
        s.close()
`

export const networkProbe: SrtProbe = {
  id: 'network',
  number: 4,
  phase: 'parallel',
  title:
    'no network of its own: only lo, no DNS, no TCP to a host listener; the proxy refuses a name no list allows',
  async run(ctx) {
    const { port, addresses } = ctx.host.listener
    const targets = ['127.0.0.1', ...addresses]
    const script = [
      // /proc/net is the step's own network namespace (/sys/class/net is the host's sysfs).
      `tail -n +3 /proc/net/dev | while IFS=: read -r i _; do echo "IF $(echo $i)"; done`,
      'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
      python(CONNECT, [String(port), ...targets]),
      // Through the proxy the sandbox is given: a name no allowlist may list.
      `code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' http://${DENIED_NAME}/ 2>/dev/null); echo "PROXY $code"`,
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script, { timeoutMs: 60_000 })
    if (!r.stdout.includes('DONE'))
      return fail(`the network attempts did not complete (exit ${r.exitCode})`)
    const problems: string[] = []
    const extra = tagged(r.stdout, 'IF').filter((i) => i !== 'lo')
    if (extra.length) problems.push(`interfaces ${extra.join(', ')}`)
    if (tagged(r.stdout, 'DNS').length) problems.push('DNS resolves')
    const reached = tagged(r.stdout, 'REACHED')
    if (reached.length) problems.push(`reached the host listener on ${list(reached)}:${port}`)
    if (!tagged(r.stdout, 'REFUSED').length)
      problems.push('python3 could not attempt the connections')
    const proxy = tagged(r.stdout, 'PROXY')[0] ?? ''
    if (proxy !== '403')
      problems.push(
        `the proxy answered ${proxy || 'nothing'} for a name no rule allows (expected 403)`
      )
    if (problems.length) return fail(list(problems))
    return pass(
      `only lo; DNS fails; TCP to the host listener refused on ${targets.length} address(es); the proxy refuses an unlisted name (403)`
    )
  }
}

const UNIX = `
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
print('CREATED')
for p in ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd/containerd.sock']:
    try:
        s.connect(p)
        print('CONNECTED', p)
        break
    except OSError:
        pass
`

export const unixSocketsProbe: SrtProbe = {
  id: 'unix-sockets',
  number: 5,
  phase: 'parallel',
  title: 'no Unix sockets (so no Docker or containerd socket), no DOCKER_HOST',
  async run(ctx) {
    const r = await ctx.agentExec(
      [
        `{ ${python(UNIX)}
} 2>&1 | tail -n 3`,
        'echo "DOCKER_HOST=${DOCKER_HOST:-}"',
        'echo DONE'
      ].join('\n')
    )
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
    const problems: string[] = []
    if (r.stdout.includes('CREATED')) problems.push('an AF_UNIX socket could be created')
    problems.push(...tagged(r.stdout, 'CONNECTED').map((p) => `connected to ${p}`))
    if (!/DOCKER_HOST=\n/.test(r.stdout)) problems.push('DOCKER_HOST is set')
    if (problems.length) return fail(list(problems))
    if (!/PermissionError|Operation not permitted/.test(r.stdout))
      return fail(`socket creation failed for another reason: ${r.stdout.slice(0, 200)}`)
    return pass('socket(AF_UNIX) refused (seccomp); DOCKER_HOST unset')
  }
}

export const canaryProbe: SrtProbe = {
  id: 'canary',
  number: 14,
  phase: 'parallel',
  title: "a canary secret in the runner's environment is absent from the sandbox, logs and results",
  async run(ctx) {
    const { name, value } = ctx.canary
    const r = await ctx.agentExec(
      'env; for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done | tr "\\0" "\\n"; echo DONE'
    )
    if (!r.stdout.includes('DONE'))
      return fail(`could not read the environment (exit ${r.exitCode})`)
    if (r.stdout.includes(value))
      return fail(`${name} found in the environment of a sandboxed process`)
    return pass(`${name} absent from the step's env and every /proc/<pid>/environ in the sandbox`)
  }
}

/** Host-side: live processes whose argv is exactly `argv`. */
export async function processesWithArgv(argv: string): Promise<number[]> {
  const found: number[] = []
  for (const e of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(e)
    if (!Number.isInteger(pid)) continue
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (cmd.split('\0').filter(Boolean).join(' ') !== argv) continue
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    if (stat && !/^\S+ \(.*\) [ZX]/.test(stat)) found.push(pid)
  }
  return found
}

export const timeoutsProbe: SrtProbe = {
  id: 'timeouts',
  number: 15,
  phase: 'parallel',
  title: 'timeouts leave no process (sleep, background, setsid and nohup children)',
  async run(ctx) {
    const tag = `${600 + (process.pid % 300)}.${Date.now() % 100000}`
    const argv = `sleep ${tag}`
    const cases = [
      { name: 'sleep', command: argv },
      { name: 'background and foreground', command: `${argv} & ${argv}` },
      { name: 'setsid child', command: `setsid ${argv} & ${argv}` },
      {
        name: 'nohup child with closed output',
        command: `nohup ${argv} >/dev/null 2>&1 </dev/null & ${argv}`
      }
    ]
    const problems: string[] = []
    for (const c of cases) {
      const r = await ctx.agentExec(c.command, { timeoutMs: 1500 })
      if (!r.timedOut) {
        problems.push(`${c.name}: did not time out (exit ${r.exitCode})`)
        continue
      }
      const left = await processesWithArgv(argv)
      if (left.length)
        problems.push(`${c.name}: ${left.length} process(es) left (pid ${left.join(', ')})`)
      if (r.note) problems.push(`${c.name}: ${r.note}`)
    }
    if (problems.length) return fail(list(problems))
    return pass(
      `${cases.length} overrunning steps timed out after 1500 ms and left no process on the host`
    )
  }
}

export const crossAgentProbe: SrtProbe = {
  id: 'cross-agent',
  number: 19,
  phase: 'parallel',
  title:
    "agents cannot write each other's workspaces nor see their processes (nor read them in strict)",
  async run(ctx) {
    if (!ctx.peers.length) return skip('no other srt agent to look for')
    const script = [
      ...ctx.peers.map(
        (p) =>
          `if (echo x >> ${sh(p.markerFile)}) 2>/dev/null; then echo "WROTE workspace of ${p.id}"; fi`
      ),
      ...ctx.peers.map(
        (p) =>
          `if cat ${sh(p.markerFile)} >/dev/null 2>&1; then echo "READ workspace of ${p.id}"; fi`
      ),
      ...ctx.peers.map(
        (p) =>
          `if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' ' ' | grep -q ${sh(p.processArgv.replace('.', '[.]'))}; then echo "SAW a process of ${p.id}"; fi`
      ),
      'echo DONE'
    ].join('\n')
    const r = await ctx.agentExec(script)
    if (!r.stdout.includes('DONE')) return fail(`the checks did not complete (exit ${r.exitCode})`)
    const problems = [...tagged(r.stdout, 'WROTE'), ...tagged(r.stdout, 'SAW')]
    const read = tagged(r.stdout, 'READ')
    // Only strict hides other agents' workspaces outright; confined hides those under $HOME.
    const mustHide = ctx.peers.filter(
      (p) =>
        ctx.srt.readMode === 'strict' ||
        (ctx.srt.readMode === 'confined' &&
          p.workspace !== ctx.host.home &&
          isInside(p.workspace, ctx.host.home))
    )
    problems.push(...read.filter((l) => mustHide.some((p) => l.endsWith(` ${p.id}`))))
    if (problems.length) return fail(list(problems))
    const readable = read.length ? `; readable (read_mode ${ctx.srt.readMode}): ${list(read)}` : ''
    return pass(
      `${ctx.peers.length} peer(s): workspace not writable, processes invisible${readable}`
    )
  }
}

export const egressAllowedProbe: SrtProbe = {
  id: 'egress-allowed',
  number: 23,
  phase: 'parallel',
  title:
    "egress: an allowlisted name answers through sandbox-runtime's bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1",
  async run(ctx) {
    const e = ctx.egress
    if (!e) return skip(NO_EGRESS)
    const notReady = await ready(ctx, e)
    if (notReady) return notReady
    // The bridge's relay runs in the sandbox as the agent: it may end it, but only for its own
    // step; the next step has a bridge of its own.
    await ctx.agentExec('kill -9 -1 2>/dev/null; true')
    const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }])
    if (isOutcome(again)) return again
    const r = again.get('after')!
    if (r.code !== '200' || !r.body.includes(e.fixture.token))
      return fail(
        `after the agent's kill -9 -1 the allowlisted name no longer answers in the next step (${said(r)})`
      )
    return pass(
      `${e.fixture.allowedName}:${e.fixture.port} answered 200 through the bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1`
    )
  }
}

/** What the protected-names probe writes at the top of each writable path, and how. */
const PROTECTED_WRITES: { rel: string; how: (p: string) => string }[] = [
  { rel: '.git/config', how: (p) => `echo '[core] fsmonitor = probe' >> ${sh(p)}` },
  { rel: '.git/hooks/pre-commit', how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}` },
  { rel: '.envrc', how: (p) => `echo x > ${sh(p)}` },
  { rel: '.profile', how: (p) => `echo x >> ${sh(p)}` },
  {
    rel: '.bashrc',
    how: (p) => `t=${sh(p)}.tmp-$$; echo x > "$t" && mv -f "$t" ${sh(p)}; r=$?; rm -f "$t"; exit $r`
  },
  { rel: '.zshrc', how: (p) => `ln -s /bin/true ${sh(p)}` },
  { rel: '.gitmodules', how: (p) => `echo x > ${sh(p)}` },
  {
    rel: '.vscode/settings.json',
    how: (p) => `mkdir -p ${sh(dirOf(p))} && echo '{}' > ${sh(p)}`
  }
]
const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/'))

/** A path's state on the host: its bytes, its link target, or absent. */
async function hostState(p: string): Promise<string> {
  try {
    const st = await lstat(p)
    if (st.isSymbolicLink()) return `link:${await readlink(p)}`
    if (st.isDirectory()) return `dir:${(await readdir(p)).sort().join('/')}`
    return `file:${(await readFile(p)).toString('base64')}`
  } catch {
    return 'absent'
  }
}

export const protectedNamesProbe: SrtProbe = {
  id: 'protected-names',
  number: 31,
  phase: 'parallel',
  title:
    'git hooks and config, shell rc and profile files, .envrc and IDE settings in the writable paths can be neither modified nor created (git config, >>, rename over, ln -s, mkdir then write; in a new directory, undone and the step failed)',
  async run(ctx) {
    if (ctx.srt.readOnly) return skip('read_only: no writable path')
    const roots = [
      ctx.agent.workspace,
      ...ctx.agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path)
    ]
    const nested = `${ctx.scratch}/protected-probe-${process.pid}/sub`
    const targets = [
      ...roots.flatMap((r) => PROTECTED_WRITES.map((w) => ({ path: `${r}/${w.rel}`, how: w.how }))),
      {
        path: `${nested}/.git/hooks/x`,
        how: (p: string) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}`
      }
    ]
    const watched = [...new Set(targets.flatMap((t) => [t.path, dirOf(t.path)]))]
    const before = new Map<string, string>()
    for (const p of watched) before.set(p, await hostState(p))
    const gitConfigs = roots.filter((r) => before.get(`${r}/.git`)?.startsWith('dir:'))
    const script = [
      ...gitConfigs.map(
        (r) =>
          `if (cd ${sh(r)} && git config core.fsmonitor 'echo probe') >/dev/null 2>&1; then echo "WROTE ${r}/.git/config (git config)"; fi`
      ),
      ...targets
        .slice(0, -1)
        .map((t) => `if (${t.how(t.path)}) 2>/dev/null; then echo "WROTE ${t.path}"; fi`),
      `(${targets[targets.length - 1].how(nested + '/.git/hooks/x')}) 2>/dev/null`,
      'echo DONE'
    ].join('\n')
    let r: ExecResult
    const changed: string[] = []
    try {
      r = await ctx.agentExec(script)
    } finally {
      for (const t of targets)
        if ((await hostState(t.path)) !== before.get(t.path)) changed.push(t.path)
      // Whatever reached the host is put back as it was (the probe must not leave a hook behind).
      for (const p of [...watched].reverse()) {
        const was = before.get(p)!
        if ((await hostState(p)) === was) continue
        if (was === 'absent') await rm(p, { recursive: true, force: true }).catch(() => undefined)
        else if (was.startsWith('file:'))
          await writeFile(p, Buffer.from(was.slice(5), 'base64')).catch(() => undefined)
      }
      await rm(dirOf(dirOf(nested)), { recursive: true, force: true }).catch(() => undefined)
    }
    if (!r.stdout.includes('DONE')) return fail(`the writes did not complete (exit ${r.exitCode})`)
    const wrote = tagged(r.stdout, 'WROTE')
    if (wrote.length || changed.length)
      return fail(
        `written: ${list([...new Set([...wrote, ...changed.map((c) => `${c} (on the host)`)])])}`
      )
    if (!r.violation)
      return fail(`a hook made in a new directory (${nested}/.git/hooks/x) was not undone`)
    return pass(
      `${targets.length - 1 + gitConfigs.length} writes refused in ${roots.length} writable path(s); a hook made in a new directory was undone and failed the step`
    )
  }
}

/** Probe 20 for srt agents: evaluated by the check once every session closed. */
export const SRT_CLEANUP_PROBE = {
  id: 'cleanup',
  number: 20,
  title: 'after the sessions close no process of the agents and no private temp directory remains'
}
