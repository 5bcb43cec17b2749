// Ending every process an agent started, for a timeout, a file operation that hung, or the end of
// the agent's steps, without ever running anything the agent could have planted as root:
//   - the kill is `kill -9 -1` run by /bin/sh *as the agent's uid*: it signals every process of that
//     uid but itself (setsid children and fork bombs included) and needs no capability; the
//     keepalive runs as another uid and survives;
//   - the check that none is left asks the engine (`top`: `ps` on the host, nothing exec'd in the
//     container), so a shim the agent put on its PATH cannot answer for it; when the engine cannot
//     list processes, and always under gVisor (where `top` maps the sandbox's own pids onto the
//     host's process table and answers with host processes), a root listing by /bin/ps is used,
//     by absolute paths with a clean PATH, judged by the same rule (zombies and the init are not
//     survivors);
//   - with the sudo variant, root processes the agent started through sudo are survivors too;
//   - if any survive three rounds, the container is restarted (which ends them all);
//   - an agent configured as root with the capability to signal other users' processes also kills
//     the keepalive, and the container then stops on its own a moment later: when the engine's
//     list no longer shows the keepalive, the container is restarted at once, so that the next
//     step or check never meets a container that is about to stop.
import type { ContainerClient } from './container-client.js'
import type { AgentContainer } from './agent-container.js'
import { delay, harnessExec, type RawExecResult } from './exec.js'
import type { Journal } from './journal.js'
import { parseUser } from '../../lib/user.js'
import { KEEPALIVE_USER } from './labels.js'

const KILL_ATTEMPTS = 3
const GVISOR_SECOND_LOOK_MS = 150
const ROOT = '0:0'
/**
 * The container's init (tini, started by the engine as "docker-init"). It runs as the container's
 * user, the keepalive's (nobody), and is never the agent's process nor a sign of the keepalive.
 */
const INIT_COMMANDS = new Set(['docker-init', 'tini'])
const KEEPALIVE_UID = parseUser(KEEPALIVE_USER).uid

/** Alive (not a zombie) and not the init. */
const liveNonInit = (r: ProcessRow) => !r.stat.startsWith('Z') && !INIT_COMMANDS.has(r.comm)

export interface ProcessRow {
  uid: number
  stat: string
  comm: string
}

/** Rows of `ps -eo pid,uid,stat,comm` as the engine's top returns them. */
export function parseTop(titles: string[], processes: string[][]): ProcessRow[] {
  const col = (name: string) => titles.findIndex((t) => t.trim().toUpperCase() === name)
  const [uid, stat, comm] = [col('UID'), col('STAT'), col('COMMAND')]
  if (uid < 0 || stat < 0) throw new Error(`unexpected top columns: ${titles.join(' ')}`)
  return processes.map((p) => ({
    uid: Number(p[uid]),
    stat: p[stat] ?? '',
    comm: comm >= 0 ? (p[comm] ?? '') : ''
  }))
}

/**
 * Every process of the container, listed from inside as root by absolute paths: where the engine's
 * list cannot be used. Its own pid comes first so that the listing leaves itself out (it is root's,
 * as an agent may be); pgrep could not, and could not tell a zombie from a live process either.
 */
export const PROCESS_LISTING = [
  '/bin/sh',
  '-c',
  'echo $$; exec /bin/ps -e -o pid=,uid=,stat=,args='
] as const

export interface ListedProcess extends ProcessRow {
  pid: number
  args: string
}

/** The output of {@link PROCESS_LISTING}, without the listing itself. */
export function parseProcessListing(stdout: string): ListedProcess[] {
  const [self, ...lines] = stdout.split('\n')
  const rows: ListedProcess[] = []
  for (const line of lines) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line)
    if (!m || m[1] === self?.trim()) continue
    const args = m[4].trim().replace(/\s+/g, ' ')
    // The program's name as ps's comm would give it, for the init's rule.
    const comm = (args.split(' ')[0] ?? '').split('/').pop() ?? ''
    rows.push({ pid: Number(m[1]), uid: Number(m[2]), stat: m[3], comm, args })
  }
  return rows
}

/**
 * Live (not zombie) processes that belong to the agent: its uid's, and with sudo root's too; never
 * the container's init (nobody's, which is the agent's uid too when a config runs it as nobody).
 */
export function agentSurvivors<R extends ProcessRow>(rows: R[], uid: number, sudo: boolean): R[] {
  return rows.filter((r) => isAgentSurvivor(r, uid, sudo))
}

/** One row of {@link agentSurvivors}: the rule the isolation probes judge leftovers by too. */
export function isAgentSurvivor(r: ProcessRow, uid: number, sudo: boolean): boolean {
  return liveNonInit(r) && (r.uid === uid || (sudo && r.uid === 0))
}

/** Whether the keepalive (the container's main process, nobody's) is alive in the engine's list. */
export function keepaliveAlive(rows: ProcessRow[]): boolean {
  // The init is nobody's too, and stays for a moment after the keepalive is gone.
  return rows.some((r) => r.uid === KEEPALIVE_UID && liveNonInit(r))
}

/** In the environment of every background step's exec: its processes (and children) outlive steps. */
export const BACKGROUND_MARKER = 'MASSGEN_EXEC_BACKGROUND'
const SWEEP_ROUNDS = 5

/**
 * The end of a step: as the agent's uid (so it can only signal its own processes), every live
 * process of that uid but this shell, the init and background steps' (their environment holds
 * BACKGROUND_MARKER) gets SIGKILL; rounds until one finds nothing to kill (a process forking as
 * it is read is met in the next), which is the check. `cmd &`, `(cmd &)`, nohup and setsid
 * children are all the uid's. Exit 0: none left; exit 3 with the count: some survived every round.
 * Only shell builtins run for processes that are not the agent's, so a clean step costs one exec.
 */
export const STEP_SWEEP = [
  '/bin/sh',
  '-c',
  `left=0; round=0
while [ "$round" -lt ${SWEEP_ROUNDS} ]; do
  round=$((round + 1)); killed=0
  for p in /proc/[0-9]*; do
    pid=\${p#/proc/}
    [ "$pid" = "$$" ] || [ "$pid" = 1 ] || [ ! -O "$p" ] && continue
    grep -q '^State:[[:space:]]*[ZX]' "$p/status" 2>/dev/null && continue
    tr '\\0' '\\n' < "$p/environ" 2>/dev/null | grep -q '^${BACKGROUND_MARKER}=' && continue
    kill -9 "$pid" 2>/dev/null && killed=$((killed + 1))
  done
  [ "$killed" = 0 ] && exit 0
  left=$killed
done
echo "$left"; exit 3`
] as const

/** One look at the container's processes. */
interface Look {
  /** The agent's live processes; undefined when nothing could tell. */
  survivors: number | undefined
  /** The keepalive is gone: the container is stopping (only told by the engine's list). */
  keepaliveGone: boolean
}

export class AgentProcesses {
  constructor(
    private readonly client: Pick<ContainerClient, 'top'>,
    private readonly container: AgentContainer,
    private readonly user: string,
    private readonly uid: number,
    private readonly sudo: boolean,
    private readonly journal: Journal,
    private readonly gvisor = false
  ) {}

  /**
   * Kills every process of the agent and makes sure none is left. Returns a note for the step
   * result when the container had to be restarted or replaced for that.
   */
  async killAll(why: string): Promise<string | undefined> {
    for (let attempt = 1; attempt <= KILL_ATTEMPTS; attempt++) {
      await this.signalAll()
      const { survivors: left, keepaliveGone } = await this.look()
      if (keepaliveGone)
        return this.container.restart(
          `the kill after ${why} also ended the container's main process (uid ${this.uid} can signal it)`
        )
      if (left === 0) {
        this.journal.note(`killed every process of uid ${this.uid} after ${why}`)
        return undefined
      }
      await delay(100 * attempt)
    }
    return this.container.restart(`processes of the agent survived kill -9 after ${why}`)
  }

  /**
   * What a step left running (`sleep 300 &`, setsid, nohup…) is killed when it ends, background
   * steps' processes spared: {@link STEP_SWEEP}. Survivors of every round with no background step
   * to spare go to {@link killAll} (which restarts the container if it must); with one, a note.
   */
  async endOfStep(backgroundRunning: boolean): Promise<string | undefined> {
    const r = await harnessExec(this.container.target(), {
      cmd: [...STEP_SWEEP],
      user: this.user,
      maxOutputBytes: 4096
    }).catch(() => undefined)
    if (r?.exitCode === 0) return undefined
    const why = r
      ? `${r.stdout.trim() || '?'} process(es) of the step survived ${SWEEP_ROUNDS} rounds of kill -9 at its end`
      : 'the end-of-step kill could not run'
    this.journal.note(why)
    if (!backgroundRunning) return this.killAll('the end of the step')
    return `${why} (a background step is running, so the container was not restarted)`
  }

  /**
   * `kill -9 -1` as the agent: every process of its uid but the shell itself. gVisor's kill(-1)
   * is not atomic with fork: a child born while it runs can escape, so there it goes three times.
   */
  signalAll(): Promise<RawExecResult | undefined> {
    return harnessExec(this.container.target(), {
      cmd: ['/bin/sh', '-c', this.gvisor ? 'kill -9 -1; kill -9 -1; kill -9 -1' : 'kill -9 -1'],
      user: this.user,
      maxOutputBytes: 4096
    }).catch(() => undefined)
  }

  /** How many of the agent's processes are alive, and whether the keepalive still is. */
  private async look(): Promise<Look> {
    if (this.gvisor) {
      // One look at gVisor's /proc can miss a process that forks and exits as it is read (a chain
      // of them hops past it): two looks apart, and the larger count.
      const first = await this.survivorsByExec()
      if (first === undefined || first > 0) return { survivors: first, keepaliveGone: false }
      await delay(GVISOR_SECOND_LOOK_MS)
      return { survivors: await this.survivorsByExec(), keepaliveGone: false }
    }
    let rows: ProcessRow[]
    try {
      const top = await this.client.top(this.container.id, '-eo pid,uid,stat,comm')
      rows = parseTop(top.Titles, top.Processes)
    } catch {
      return { survivors: await this.survivorsByExec(), keepaliveGone: false }
    }
    return {
      survivors: agentSurvivors(rows, this.uid, this.sudo).length,
      // Only a uid that can signal it (root with the capability, or nobody itself) ends it.
      keepaliveGone: (this.uid === 0 || this.uid === KEEPALIVE_UID) && !keepaliveAlive(rows)
    }
  }

  private async survivorsByExec(): Promise<number | undefined> {
    const r = await harnessExec(this.container.target(), {
      cmd: [...PROCESS_LISTING],
      user: ROOT,
      maxOutputBytes: 1024 * 1024
    }).catch(() => undefined)
    if (r?.exitCode !== 0) return undefined
    return agentSurvivors(parseProcessListing(r.stdout), this.uid, this.sudo).length
  }
}
