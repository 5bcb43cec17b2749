// Probes 6, 7 and 8: the limits that keep one agent from exhausting the runner — a fork bomb, a
// memory bomb, a CPU hog. Each is real and bounded, so a missing limit fails the probe without
// taking the runner down.
import { fail, list, NO_PYTHON, pass, python, skip, tagged } from '../outcome.js'
import type { Probe, ProbeContext } from '../types.js'
import { agentProcesses } from './processes.js'
import { MAX_PIDS_LIMIT } from './audit.js'

/** The most processes the fork bomb creates when no limit stops it first. */
export const MAX_BOMB = MAX_PIDS_LIMIT
const BOMB_TIMEOUT_MS = 6_000
/** gVisor on ptrace spawns ~100 processes a second: the bomb needs longer to reach the limit. */
const GVISOR_BOMB_TIMEOUT_MS = 60_000

// Spawns sleeps until that fails (or `target` of them), then holds on, as a bomb would, until the
// step's timeout kills every process of the agent. posix_spawn (vfork) keeps each child small.
const BOMB = `
import errno, os, sys, time
target = int(sys.argv[1])
null = os.open('/dev/null', os.O_RDWR)
made, err = 0, ''
quiet = [(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)]
while made < target:
    try:
        os.posix_spawn('/bin/sleep', ['sleep', '300'], {}, file_actions=quiet)
    except OSError as e:
        err = errno.errorcode.get(e.errno, str(e.errno))
        break
    made += 1
    if made % 256 == 0:
        print('FORKS', made, flush=True)
print('BOMB', made, err or 'none', flush=True)
time.sleep(600)
`

/** Whether python3 is in the image (undefined when the check itself could not run). */
export async function hasPython(ctx: ProbeContext): Promise<boolean | undefined> {
  const r = await ctx.agentExec(
    'if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi'
  )
  const v = tagged(r.stdout, 'PY')[0]
  return v === undefined ? undefined : v === 'yes'
}

/** Ends every process of the agent the way a step timeout does (the session's own kill). */
async function killThroughTimeout(ctx: ProbeContext): Promise<string | undefined> {
  const r = await ctx
    .agentExec('sleep 60', { timeoutMs: 300 })
    .catch((e: Error) => ({ note: e.message }))
  return r.note
}

/** The agent's live processes in the container, counted as root (undefined when that failed). */
async function countAgentProcesses(ctx: ProbeContext): Promise<number | undefined> {
  const listing = await agentProcesses(ctx)
  return 'processes' in listing ? listing.processes.length : undefined
}

export const forkBombProbe: Probe = {
  id: 'fork-bomb',
  number: 6,
  title:
    "a fork bomb stops at the pids limit, another agent's container keeps working, processes return to baseline",
  phase: 'exclusive',
  async run(ctx) {
    const py = await hasPython(ctx)
    if (py === false) return skip(NO_PYTHON)
    if (py === undefined) return fail('could not run a command in the container before the bomb')
    const info = await ctx.inspect()
    const limit = info.HostConfig.PidsLimit ?? 0
    const target = limit > 0 ? Math.min(limit + 64, MAX_BOMB) : MAX_BOMB
    const baseline = await countAgentProcesses(ctx)
    const peer = ctx.peers[0]

    let line: string | undefined
    let sawLine!: () => void
    const started = new Promise<void>((resolve) => (sawLine = resolve))
    let buffer = ''
    const gvisor = ctx.runtime.gvisor
    const bomb = ctx.session.exec({
      command: python(BOMB, [String(target)]),
      cwd: ctx.agent.workspace,
      env: {},
      timeoutMs: gvisor ? GVISOR_BOMB_TIMEOUT_MS : BOMB_TIMEOUT_MS,
      maxOutputBytes: 64 * 1024,
      onOutput: (stream, chunk) => {
        if (stream !== 'stdout') return
        buffer += chunk.toString()
        // Only a whole line: a chunk can end in the middle of it.
        const m = /^BOMB \d+ \S+\n/m.exec(buffer)
        if (m && line === undefined) {
          line = m[0].trim()
          sawLine()
        }
      }
    })
    await Promise.race([started, bomb])
    // Without a peer (none could be started) the bomb is still checked; the detail says so.
    let peerWorks = 'ok'
    if (peer) {
      const p = await peer.session
        .exec({
          command: 'echo alive',
          cwd: peer.plan.workspace,
          env: {},
          timeoutMs: 20_000,
          maxOutputBytes: 4096
        })
        .catch((e: Error) => ({ exitCode: null, stdout: '', stderr: e.message, timedOut: false }))
      peerWorks =
        p.exitCode === 0 && p.stdout.includes('alive')
          ? 'ok'
          : `failed (${p.timedOut ? 'timed out' : `exit ${p.exitCode}`} ${p.stderr.slice(0, 120)})`
    }
    const result = await bomb
    line ??= /^BOMB \d+ \S+$/m.exec(result.stdout)?.[0]
    const after = await countAgentProcesses(ctx)
    const [made, err] = (line ?? 'BOMB ? ?').split(' ').slice(1)
    const problems: string[] = []
    // Under gVisor the pids cgroup also counts the sandbox's own host threads, and going past it
    // ends the whole sandbox (no EAGAIN reaches the agent); at a small memory limit the OOM killer
    // may end it first. Either way the sandbox contained the bomb and the session started it
    // again: what is judged is that containment (the next step runs, the peer and the host are
    // unaffected, no process is left), not which limit ended it (issue 24).
    // On ptrace under load gVisor may spawn so slowly that neither limit is reached before the
    // step's timeout: the kill then ends the bomb, which is containment too.
    const sandboxEnded =
      gvisor &&
      (result.sandboxRestarted === true || result.oom === true || (result.timedOut && !line))
    let nextStep = ''
    if (sandboxEnded) {
      const next = await ctx.agentExec('echo alive').catch((e: Error) => ({
        exitCode: null,
        stdout: '',
        note: e.message
      }))
      if (!next.stdout.includes('alive'))
        problems.push(
          `the agent's next step did not run after the sandbox ended (exit ${next.exitCode})`
        )
      else
        nextStep = `; the agent's next step ran${result.sandboxRestarted ? ' in the restarted sandbox' : ''}`
    } else if (line === undefined) {
      const progress = tagged(buffer, 'FORKS').at(-1)
      const why = result.oom
        ? 'killed by the OOM killer'
        : result.timedOut
          ? 'timed out'
          : `exit ${result.exitCode}`
      problems.push(
        progress
          ? `spawned at least ${progress} processes without hitting the pids limit (${limit || 'none'}) before the bomb ended (${why})`
          : `the bomb never reported (${why})`
      )
    } else if (err === 'none')
      problems.push(
        `spawned ${made} processes without hitting a limit (pids limit ${limit || 'none'})`
      )
    if (peerWorks !== 'ok') problems.push(`peer ${peer?.id ?? ''} ${peerWorks}`)
    if (after === undefined || baseline === undefined)
      problems.push('could not count the agent processes afterwards')
    else if (after > baseline)
      problems.push(`${after - baseline} process(es) of uid ${ctx.uid} left after the step ended`)
    const how = result.note ? ` (${result.note})` : ''
    if (problems.length) {
      // Leave the container usable for the probes after this one.
      if (after === undefined || baseline === undefined || after > baseline)
        await killThroughTimeout(ctx)
      return fail(`${list(problems)}${how}`)
    }
    const forks = `${tagged(buffer, 'FORKS').at(-1) ?? 'fewer than 256'}+ forks`
    const stopped = !sandboxEnded
      ? `stopped by ${err} after ${made} forks (pids limit ${limit})`
      : result.timedOut && !result.sandboxRestarted && !result.oom
        ? `gVisor: the sandbox contained the bomb: it reached ${forks} in ${GVISOR_BOMB_TIMEOUT_MS / 1000} s without reaching the pids limit ${limit} or the memory limit, and the step's timeout ended it`
        : result.oom
          ? `gVisor: the sandbox contained the bomb: the memory limit (OOM killer) ended it after ${forks}, before the pids limit ${limit}${result.sandboxRestarted ? ', and it was started again' : ''}`
          : `gVisor: the sandbox ended at the pids limit ${limit} after ${forks} and was started again`
    return pass(
      `${stopped}; ${peer ? `peer ${peer.id} kept working` : 'no peer container to check'}; back to ${after} process(es) of uid ${ctx.uid}${nextStep}${how}`
    )
  }
}

/** With no memory limit the bomb stops itself here (bytes). */
const UNLIMITED_BOMB = 1024 * 1024 * 1024

const MEMORY = `
import sys
target = int(sys.argv[1])
chunk = 16 * 1024 * 1024
held = []
while len(held) * chunk < target:
    b = bytearray(chunk)
    for i in range(0, chunk, 4096):
        b[i] = 1
    held.append(b)
    print('HELD', len(held) * chunk, flush=True)
print('SURVIVED', len(held) * chunk, flush=True)
`

export const memoryBombProbe: Probe = {
  id: 'memory-bomb',
  number: 7,
  title: 'a memory bomb is reported as oom',
  phase: 'disruptive',
  async run(ctx) {
    const info = await ctx.inspect()
    const limit = info.HostConfig.Memory ?? 0
    const target = limit > 0 ? limit + 128 * 1024 * 1024 : UNLIMITED_BOMB
    const py = await hasPython(ctx)
    if (py === false) return skip(NO_PYTHON)
    if (py === undefined) return fail('could not run a command in the container before the bomb')
    const r = await ctx.agentExec(python(MEMORY, [String(target)]), { timeoutMs: 120_000 })
    const held = tagged(r.stdout, 'HELD').at(-1) ?? '0'
    const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`
    if (r.oom)
      return pass(
        `killed by the OOM killer after ${mib(Number(held))} (limit ${mib(limit)}); reported as oom`
      )
    if (tagged(r.stdout, 'SURVIVED').length)
      return fail(
        `allocated ${mib(target)} without being killed (memory limit ${limit > 0 ? mib(limit) : 'none'})`
      )
    return fail(
      `the bomb ended without an oom report: exit ${r.exitCode}${r.timedOut ? ', timed out' : ''} after ${mib(Number(held))}`
    )
  }
}

const CPU = `
import os, sys, time
n, seconds = int(sys.argv[1]), float(sys.argv[2])
start = time.time()
for _ in range(n):
    if os.fork() == 0:
        end = time.time() + seconds
        while time.time() < end:
            pass
        os._exit(0)
for _ in range(n):
    os.wait()
t = os.times()
print('CPU', t.children_user + t.children_system, time.time() - start, os.cpu_count())
`

/** The container's cumulative CPU time on the host (engine stats) and when it was read. */
async function hostCpu(ctx: ProbeContext): Promise<{ ns: number; at: number } | undefined> {
  const stats = await ctx.client.containerStats(ctx.container).catch(() => undefined)
  return stats?.cpuTotalNs === undefined ? undefined : { ns: stats.cpuTotalNs, at: Date.now() }
}

export const cpuProbe: Probe = {
  id: 'cpu-quota',
  number: 8,
  title: 'CPU use stays within the quota',
  phase: 'exclusive',
  async run(ctx) {
    const info = await ctx.inspect()
    const h = info.HostConfig
    const quota =
      (h.NanoCpus ?? 0) > 0
        ? h.NanoCpus! / 1e9
        : (h.CpuQuota ?? 0) > 0
          ? h.CpuQuota! / (h.CpuPeriod || 100_000)
          : undefined
    const configured = ctx.config.cpus
    const has = await ctx.agentExec(
      'if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi; echo "CPUS $(nproc)"'
    )
    const py = tagged(has.stdout, 'PY')[0]
    if (py === 'no') return skip(NO_PYTHON)
    if (py === undefined)
      return fail(`could not run a command in the container (exit ${has.exitCode})`)
    const cores = Number(tagged(has.stdout, 'CPUS')[0]) || 1
    // What the config promises is what is checked; the container's own quota is in the detail.
    const limit = configured ?? quota
    if (limit !== undefined && limit >= cores)
      return skip(
        `the CPU limit (${limit}) is not below this host's ${cores} CPU(s), so it cannot be exceeded here`
      )
    const workers = Math.min(cores, Math.ceil(limit ?? cores) + 1)
    // gVisor's per-process CPU times are its own account (inflated on ptrace): the host cgroup's,
    // as the engine's stats report it, is what the quota limits.
    // Measured around the whole step, which includes starting it: a longer hog dilutes that less.
    const hostBefore = ctx.runtime.gvisor ? await hostCpu(ctx) : undefined
    const seconds = hostBefore ? '4' : '2'
    const r = await ctx.agentExec(python(CPU, [String(workers), seconds]), { timeoutMs: 60_000 })
    const hostAfter = hostBefore ? await hostCpu(ctx) : undefined
    const [inside, hogWall] = (tagged(r.stdout, 'CPU')[0] ?? '').split(' ').map(Number)
    if (!(hogWall > 0)) return fail(`the CPU hog did not report (exit ${r.exitCode})`)
    if (hostBefore && !hostAfter)
      return fail("could not read the container's CPU time from the engine")
    const [cpu, wall] =
      hostBefore && hostAfter
        ? [(hostAfter.ns - hostBefore.ns) / 1e9, (hostAfter.at - hostBefore.at) / 1000]
        : [inside, hogWall]
    const used = cpu / wall
    const seen = `${workers} busy processes used ${used.toFixed(2)} CPUs over ${wall.toFixed(1)} s${hostBefore ? " (the container's host cgroup, from the engine's stats: gVisor's own accounting is not the quota's)" : ''}`
    if (limit === undefined) return fail(`no CPU limit: ${seen}`)
    if (used > limit * 1.1 + 0.05)
      return fail(
        `${seen}, over the limit of ${limit}${quota === undefined ? ' (the container has no CPU quota)' : ''}`
      )
    return pass(`${seen}, within the limit of ${limit}`)
  }
}
