// The srt side of verify-isolation: no engine and no container. Before any agent starts, secrets
// are planted where no srt agent may read (in ~/.ssh and under each deny_read path); peers are
// marked by a file and a background process; once every session closed, probe 20 looks on the host
// for the peers' marker processes and the sessions' private temp directories.
import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AgentPlan } from '../config/types.js'
import type { SandboxScope } from '../run/scope.js'
import { SRT_DEFAULTS, SrtSession } from '../runtime/srt/index.js'
import { parseUser } from '../lib/user.js'
import { fail, list, pass } from './outcome.js'
import { srtProbes } from './probes/index.js'
import { processesWithArgv } from './probes/lifecycle.js'
import { SRT_CLEANUP_PROBE } from './probes/srt.js'
import { agentExec, type KindOptions, type SandboxKind, type Started } from './sandboxes.js'
import type { PlantedSecret, SrtPeer, SrtProbeContext } from './types.js'

export interface SrtKindOptions extends KindOptions<SrtProbeContext> {
  home: string
}

/** `deniedBy`: the agents whose deny_read hides it (undefined: hidden from every agent). */
interface Planted {
  secret: PlantedSecret
  deniedBy?: string[]
}

/** Plants the secrets (removed when the scope closes), then the kind. */
export async function srtKind(
  o: SrtKindOptions,
  agents: AgentPlan[],
  scope: SandboxScope
): Promise<SandboxKind<SrtProbeContext>> {
  const planted: Planted[] = [{ secret: await plant(join(o.home, '.ssh'), 'in ~/.ssh', scope) }]
  const denied = new Map<string, string[]>()
  for (const a of agents)
    for (const d of a.srt?.denyRead ?? [])
      if (isDir(d)) denied.set(d, [...(denied.get(d) ?? []), a.id])
  for (const [d, ids] of denied)
    planted.push({ secret: await plant(d, `under deny_read ${d}`, scope), deniedBy: ids })

  const marks = new Map<Started<SrtProbeContext>, SrtPeer>()
  return {
    sandbox: 'srt',
    runtime: o.runtime,
    peer: { prefix: 'massgen-isolation-srt-peer-', without: '' },
    startFailure: 'the srt session could not be started',
    describe: () => ({}),
    async markPeers(peers) {
      for (const p of peers) {
        const m = await markPeer(p)
        if (m) marks.set(p, m)
      }
    },
    context: (s, peers) => ({
      agent: s.agent,
      srt: s.agent.srt ?? SRT_DEFAULTS,
      session: s.session,
      host: o.host,
      secrets: planted
        .filter((p) => !p.deniedBy || p.deniedBy.includes(s.agent.id))
        .map((p) => p.secret),
      peers: peers.flatMap((p) => (marks.has(p) ? [marks.get(p)!] : [])),
      canary: o.canary,
      uid: s.session.info.limits?.user
        ? parseUser(String(s.session.info.limits.user)).uid
        : (process.getuid?.() ?? 0),
      egress: o.egress(s.agent.id),
      scratch: s.scratch,
      collectors: o.collectors(s),
      agentExec: agentExec(s),
      log: (l) => o.log(`[${s.agent.id}] ${l}`)
    }),
    probes: srtProbes,
    async after(s, peers) {
      const mine = (await leftoversOf(peers, marks)).filter(
        (l) => l.startsWith(`${s.agent.id}:`) || l.startsWith(`${s.agent.id}-peer:`)
      )
      return {
        [SRT_CLEANUP_PROBE.id]: mine.length
          ? fail(`left after close: ${list(mine)}`)
          : pass('no marker or background process, no private temp directory left')
      }
    }
  }
}

/** A marker file in the peer's workspace and a marker process in its sandbox. */
async function markPeer(p: Started<SrtProbeContext>): Promise<SrtPeer | undefined> {
  const markerFile = join(
    p.agent.workspace,
    `.massgen-isolation-peer-${randomBytes(6).toString('hex')}`
  )
  await writeFile(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 })
  const processArgv = `sleep 86400.${randomBytes(3).readUIntBE(0, 3)}`
  await p.session.execBackground(
    { command: `exec ${processArgv}`, cwd: p.agent.workspace, env: {}, maxOutputBytes: 4096 },
    'isolation marker'
  )
  return { id: p.agent.id, workspace: p.agent.workspace, markerFile, processArgv }
}

/** What is still there of the agents after close: their marker processes, their temp dirs. */
async function leftoversOf(
  peers: Started<SrtProbeContext>[],
  marks: Map<Started<SrtProbeContext>, SrtPeer>
): Promise<string[]> {
  const left: string[] = []
  for (const s of peers) {
    const argv = marks.get(s)?.processArgv
    if (argv && (await processesWithArgv(argv)).length)
      left.push(`${s.agent.id}: marker process ${argv}`)
  }
  for (const s of peers) {
    const tmp = s.session instanceof SrtSession ? s.session.tmpDir : undefined
    if (tmp && existsSync(tmp)) left.push(`${s.agent.id}: temp directory ${tmp}`)
  }
  return left
}

/** A secret file in `dir` (made if missing); it, and a directory made for it, go when the scope closes. */
async function plant(dir: string, where: string, scope: SandboxScope): Promise<PlantedSecret> {
  const existed = existsSync(dir)
  await mkdir(dir, { recursive: true, mode: 0o755 })
  const token = `massgen-srt-secret-${randomBytes(12).toString('hex')}`
  const path = join(dir, `massgen-isolation-${randomBytes(6).toString('hex')}`)
  await writeFile(path, `${token}\n`, { mode: 0o644, flag: 'wx' })
  scope.defer(async () => {
    await rm(path, { force: true })
    if (!existed) await rm(dir, { recursive: true, force: true })
  })
  return { path, token, where }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}
