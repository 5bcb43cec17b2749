// Probes 2, 3 and 17: what the agent can write, what it can see of the host, and whether size
// limits hold. Every check is an attempt made as the agent; a write that succeeds is undone.
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { isInside } from '../../lib/paths.js'
import { fail, list, pass, sh, skip, tagged, attempts, isOutcome } from '../outcome.js'
import type { Probe, ProbeContext, ProbeDef, SrtProbeContext } from '../types.js'

/** Places of the image's root filesystem an agent must never write. */
const PROTECTED_DIRS = [
  '/',
  '/etc',
  '/usr',
  '/usr/bin',
  '/usr/local/bin',
  '/usr/lib',
  '/bin',
  '/sbin',
  '/lib',
  '/opt',
  '/root',
  '/var/lib',
  '/var/log',
  '/srv',
  '/boot'
]
const PROTECTED_FILES = ['/etc/passwd', '/etc/shadow', '/etc/sudoers', '/usr/bin/env', '/bin/sh']

/** A directory write attempt that cleans up after itself; prints `WROTE <path>` on success. */
function tryWriteDir(path: string): string {
  const f = `${path.replace(/\/$/, '')}/.massgen-isolation-probe-$$`
  return `if ( : > ${sh(f)} ) 2>/dev/null; then rm -f ${sh(f)}; echo "WROTE ${path}"; fi`
}

/** Opening an existing file for appending writes nothing; success means it is writable. */
function tryAppendFile(path: string): string {
  return `if [ -e ${sh(path)} ] && ( : >> ${sh(path)} ) 2>/dev/null; then echo "WROTE ${path}"; fi`
}

export const rootfsWriteProbe: Probe = {
  id: 'rootfs-write',
  number: 2,
  title: "writes to the image's root filesystem and to read-only mounts fail",
  phase: 'parallel',
  async run(ctx) {
    const info = await ctx.inspect()
    const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination)
    const r = await attempts(
      ctx,
      [
        ...PROTECTED_DIRS.map(tryWriteDir),
        ...PROTECTED_FILES.map(tryAppendFile),
        ...readOnly.map(
          (d) => `if [ -d ${sh(d)} ]; then ${tryWriteDir(d)}; else ${tryAppendFile(d)}; fi`
        )
      ],
      'the write attempts'
    )
    if (isOutcome(r)) return r
    const wrote = tagged(r.stdout, 'WROTE')
    const tried = `${PROTECTED_DIRS.length + PROTECTED_FILES.length} root-filesystem paths and ${readOnly.length} read-only mount(s)`
    if (wrote.length) return fail(`writable: ${list(wrote)} (of ${tried})`)
    return pass(`every write refused: ${tried}${readOnly.length ? ` (${list(readOnly, 3)})` : ''}`)
  }
}

/** Host paths the agent must not see, with whether the config mounts them (then skipped). */
function hostTargets(ctx: ProbeContext): { label: string; path: string }[] {
  const targets: { label: string; path: string }[] = []
  if (ctx.host.homeMarker) targets.push({ label: "runner's home", path: ctx.host.homeMarker })
  targets.push({ label: 'a host directory outside the mounts', path: ctx.host.outsideMarker })
  const mounted = [
    ctx.agent.workspace,
    ...ctx.agent.contextPaths.map((c) => c.path),
    ...(ctx.agent.tempWorkspace ? [ctx.agent.tempWorkspace] : []),
    ...(ctx.config.credentials?.additionalMounts ?? []).map((m) => m.hostPath)
  ]
  for (const peer of ctx.peers) {
    if (!peer.fromConfig) continue
    // Another agent's workspace that this agent's own config mounts is the config's choice (probe 19 still reports it).
    if (mounted.some((m) => isInside(resolve(peer.markerFile), resolve(m)))) continue
    targets.push({ label: `agent ${peer.id}'s workspace`, path: peer.markerFile })
  }
  return targets
}

export const hostPathsProbe: Probe = {
  id: 'host-paths',
  number: 3,
  title: 'host paths outside the mounts are invisible (home, other workspaces, /proc/1/root)',
  phase: 'parallel',
  async run(ctx) {
    const targets = hostTargets(ctx)
    const r = await attempts(
      ctx,
      [
        ...targets.flatMap((t) => [
          `if cat ${sh(t.path)} >/dev/null 2>&1; then echo "SEEN ${t.path}"; fi`,
          `if cat ${sh(`/proc/1/root${t.path}`)} >/dev/null 2>&1; then echo "SEEN /proc/1/root${t.path}"; fi`
        ]),
        `if (cd /proc/1/root/) 2>/dev/null; then echo "PROC1 listable"; fi`
      ],
      'the read attempts'
    )
    if (isOutcome(r)) return r
    const seen = tagged(r.stdout, 'SEEN')
    if (seen.length) return fail(`visible from the container: ${list(seen)}`)
    const homeNote = ctx.host.homeMarker
      ? ''
      : ' (no marker could be written in the home directory; it was not checked)'
    const proc1 = tagged(r.stdout, 'PROC1').length
      ? "/proc/1/root is the container's own root"
      : '/proc/1/root denied'
    return pass(
      `markers invisible: ${list(targets.map((t) => t.label))}, also through /proc/1/root (${proc1})${homeNote}`
    )
  }
}

const SIZE_SCRIPT = `
echo "FSIZE $(ulimit -f)"
while read -r dev mnt type opts rest; do
  [ "$type" = tmpfs ] || continue
  case "$mnt" in /proc*|/sys*) continue;; esac
  case ",$opts," in *,ro,*) continue;; esac
  f="$mnt/.massgen-isolation-probe-$$"
  if ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "TMPFS $mnt $opts"; fi
done < /proc/self/mounts
`

/** Largest tmpfs this probe fills to prove its limit (bytes). */
const MAX_FILL = 256 * 1024 * 1024

function parseSize(opts: string): number | undefined {
  const m = /(?:^|,)size=(\d+)([kmg]?)(?:,|$)/i.exec(opts)
  if (!m) return undefined
  return (
    Number(m[1]) *
    ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'] ??
      1)
  )
}

export const sizeLimitsProbe: Probe = {
  id: 'size-limits',
  number: 17,
  title: 'tmpfs and file-size limits hold where configured',
  phase: 'disruptive',
  async run(ctx) {
    const r = await ctx.agentExec(SIZE_SCRIPT)
    const fsize = tagged(r.stdout, 'FSIZE')[0] ?? 'unlimited'
    const tmpfs = tagged(r.stdout, 'TMPFS').map((l) => {
      const [mnt, opts] = l.split(' ')
      return { mnt, opts: opts ?? '', size: parseSize(opts ?? '') }
    })
    const problems: string[] = []
    const held: string[] = []
    for (const t of tmpfs) {
      if (t.size === undefined) {
        problems.push(`tmpfs ${t.mnt} is writable and has no size limit`)
        continue
      }
      if (t.size > MAX_FILL) {
        held.push(`${t.mnt} limited to ${t.size} bytes (too large to fill here)`)
        continue
      }
      const f = `${t.mnt}/.massgen-isolation-fill-$$`
      const want = t.size + 1024 * 1024
      const fill = await ctx.agentExec(
        `head -c ${want} /dev/zero > ${sh(f)} 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`,
        { timeoutMs: 60_000 }
      )
      const got = Number(tagged(fill.stdout, 'GOT')[0] ?? NaN)
      if (!Number.isFinite(got))
        problems.push(
          `could not fill ${t.mnt} (exit ${fill.exitCode}${fill.oom ? ', out of memory' : ''})`
        )
      else if (got > t.size)
        problems.push(`${t.mnt} took ${got} bytes past its ${t.size}-byte size`)
      else held.push(`${t.mnt} stopped at ${got} of ${want} bytes`)
    }
    if (fsize !== 'unlimited' && /^\d+$/.test(fsize)) {
      const limit = Number(fsize) * 512
      if (limit <= MAX_FILL) {
        const f = `${ctx.scratch}/fsize-probe`
        const w = await ctx.agentExec(
          `(head -c ${limit + 1024 * 1024} /dev/zero > ${sh(f)}) 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`
        )
        const got = Number(tagged(w.stdout, 'GOT')[0] ?? NaN)
        if (!(got <= limit))
          problems.push(`file-size limit ${limit} bytes did not hold (wrote ${got})`)
        else held.push(`file size stopped at ${got} bytes (RLIMIT_FSIZE ${limit})`)
      } else held.push(`RLIMIT_FSIZE ${limit} bytes (too large to fill here)`)
    }
    if (problems.length) return fail(list(problems))
    if (!held.length) return skip('no writable tmpfs and no file-size limit configured')
    return pass(list(held))
  }
}

/**
 * Every mount the container has below a read-only mount, as its own mount table lists them; for
 * each, `SUB <path>`, and `WROTE <path>` where a file could be made there (removed at once).
 */
function submountWrites(readOnly: string[]): string {
  const dirs = readOnly.map((d) => sh(d.replace(/\/$/, ''))).join(' ')
  return `for d in ${dirs}; do
  while read -r _id _parent _dev _root mnt _rest; do
    case "$mnt" in "$d"/*)
      echo "SUB $mnt"
      f="$mnt/.massgen-isolation-probe-$$"
      if [ -d "$mnt" ] && ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "WROTE $mnt"; fi
      if [ -f "$mnt" ] && ( : >> "$mnt" ) 2>/dev/null; then echo "WROTE $mnt"; fi;;
    esac
  done < /proc/self/mountinfo
done`
}

export const readOnlySubmountsProbe: Probe = {
  id: 'ro-submounts',
  number: 30,
  title:
    'read-only mounts are read-only all the way down: a filesystem mounted below one on the host is not writable',
  phase: 'parallel',
  async run(ctx) {
    const info = await ctx.inspect()
    const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination)
    if (!readOnly.length)
      return skip('no read-only mount in this container (no read context path or ro bind)')
    const r = await ctx.agentExec(`${submountWrites(readOnly)}\necho DONE`)
    if (!r.stdout.includes('DONE'))
      return fail(`the write attempts did not complete (exit ${r.exitCode})`)
    const below = [...new Set(tagged(r.stdout, 'SUB'))]
    const wrote = [...new Set(tagged(r.stdout, 'WROTE'))]
    if (wrote.length) return fail(`writable below a read-only mount: ${list(wrote)}`)
    if (!below.length)
      return skip(`no mount below the ${readOnly.length} read-only mount(s): nothing to try`)
    return pass(`${below.length} mount(s) below read-only mounts refuse writes: ${list(below, 3)}`)
  }
}

export const srtWritesProbe: ProbeDef<SrtProbeContext> = {
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

export const srtReadsProbe: ProbeDef<SrtProbeContext> = {
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
    const r = await attempts(
      ctx,
      [
        `echo ready > ${sh(readable)} 2>/dev/null || true`,
        ...hidden.map((h, i) => `if cat ${sh(h.path)} >/dev/null 2>&1; then echo "READ ${i}"; fi`),
        `if [ "$(cat ${sh(readable)} 2>/dev/null)" = ready ] || [ -r ${sh(ctx.agent.workspace)} ]; then echo READY; fi`
      ],
      'the reads'
    )
    if (isOutcome(r)) return r
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
