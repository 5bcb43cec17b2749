// verify-isolation for srt agents, self-contained so verify.ts only has to call it: start every
// srt agent through the same runtime `run` uses, plant what must stay hidden, run SRT_PROBES
// (agents in parallel, probes in order), close, check the cleanup, and return one AgentIsolation
// per agent — the shape isolation.json already has. With a single srt agent a throwaway second
// session (its own empty workspace) is the peer for probe 19.
import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { prepareWorkspace } from '../run/plan.js'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../config/types.js'
import { throwawayPeerPlan } from './peer.js'
import { isEnvironmentError } from '../errors.js'
import { listRegularFiles, redactTree } from '../report/files.js'
import { readJunit } from '../report/junit.js'
import {
  createSrtRuntime,
  SRT_DEFAULTS,
  SrtSession,
  type SrtRuntimeOptions
} from '../runtime/srt/index.js'
import type { AgentSession, Runtime } from '../runtime/types.js'
import { setUpHost } from './host.js'
import { fail, list, pass } from './outcome.js'
import {
  processesWithArgv,
  SRT_CLEANUP_PROBE,
  SRT_NOT_APPLICABLE,
  SRT_PROBES,
  type PlantedSecret,
  type SrtPeer,
  type SrtProbeContext
} from './probes/srt.js'
import type { AgentIsolation, Collectors, ProbeResult } from './types.js'
import type { EgressFixture } from './egress.js'
import type { EgressConfig } from '../runtime/egress/index.js'
import { parseUser } from '../lib/user.js'

export interface SrtVerifyOptions {
  runId: string
  outDir: string
  log: (line: string) => void
  /** Already in this process's environment (verify.ts puts it there before anything starts). */
  canary: { name: string; value: string }
  /*
   * Collaborators, each with a production default (verify.ts passes its own through): the srt
   * runtime's (its sandbox backend, the sandbox user), the runner's home directory, the result
   * collectors probe 18 checks, a subset of the probes.
   */
  runtime?: SrtRuntimeOptions
  /** The runner's home directory (default: os.homedir()). */
  home?: string
  collectors?: (agent: AgentPlan) => Partial<Collectors> | undefined
  /** Run only these probes (20, cleanup, always runs). */
  probes?: string[]
  /**
   * verify's egress fixture (its probe names and server) and each agent's egress config as
   * written; the agents given here already carry the fixture's entry and range.
   */
  egress?: { fixture: EgressFixture; configOf: (id: string) => EgressConfig | undefined }
}

/** Every probe id × number an srt agent reports, in order (for isolation.json's probe list). */
export const SRT_PROBE_LIST = [
  ...SRT_PROBES.map(({ id, number, title }) => ({ id, number, title })),
  SRT_CLEANUP_PROBE,
  ...SRT_NOT_APPLICABLE.map(({ id, number }) => ({
    id,
    number,
    title: `${id} (not applicable to srt)`
  }))
].sort((a, b) => a.number - b.number)

interface Started {
  agent: AgentPlan
  session: AgentSession
  result: AgentIsolation
  scratch: string
  peerOf?: string
  marker?: SrtPeer
}

export async function verifySrtAgents(
  agents: AgentPlan[],
  opts: SrtVerifyOptions
): Promise<AgentIsolation[]> {
  const home = opts.home ?? homedir()
  const runtime = createSrtRuntime({ home, ...opts.runtime })
  // No engine here: no bridge gateway to listen on.
  const host = await setUpHost(home)
  /** `deniedBy`: the agents whose deny_read hides it (undefined: hidden from every agent). */
  const planted: { secret: PlantedSecret; cleanup: () => Promise<void>; deniedBy?: string[] }[] = []
  const started: Started[] = []
  const failedToStart: AgentIsolation[] = []
  const throwaway: string[] = []
  // Every session opened here, the throwaway peer's included, is closed at the end.
  const sessions: AgentSession[] = []
  let peers: Started[] = []
  const rctx = { runId: opts.runId, outDir: opts.outDir, log: opts.log }
  try {
    planted.push(await plant(join(home, '.ssh'), 'in ~/.ssh'))
    const denied = new Map<string, string[]>()
    for (const a of agents)
      for (const d of a.srt?.denyRead ?? [])
        if (isDir(d)) denied.set(d, [...(denied.get(d) ?? []), a.id])
    for (const [d, ids] of denied)
      planted.push({ ...(await plant(d, `under deny_read ${d}`)), deniedBy: ids })

    const starts = await Promise.allSettled(agents.map((a) => start(runtime, a, rctx)))
    // Nothing started because the host cannot run srt at all: an environment error (exit 2).
    const env = starts.find((x) => x.status === 'rejected' && isEnvironmentError(x.reason))
    if (env && starts.every((x) => x.status === 'rejected'))
      throw (env as PromiseRejectedResult).reason
    starts.forEach((s, i) => {
      if (s.status === 'fulfilled') {
        started.push(s.value)
        sessions.push(s.value.session)
      } else
        failedToStart.push({
          id: agents[i].id,
          error: (s.reason as Error).message,
          results: SRT_PROBE_LIST.map((p) => ({
            id: p.id,
            number: p.number,
            status: 'fail' as const,
            detail: `the srt session could not be started: ${(s.reason as Error).message}`,
            durationMs: 0
          }))
        })
    })
    peers = [...started]
    if (started.length === 1) {
      const base = started[0].agent
      const plan = await throwawayPeerPlan(base, 'massgen-isolation-srt-peer-')
      throwaway.push(plan.workspace)
      try {
        const peer = await start(runtime, plan, rctx)
        sessions.push(peer.session)
        peers.push({ ...peer, peerOf: base.id })
      } catch (e) {
        opts.log(`[${plan.id}] the throwaway peer did not start (${(e as Error).message})`)
      }
    }
    for (const p of peers) p.marker = await markPeer(p)
    // What the probes do is one step of the run as far as egress is concerned (as for docker).
    for (const p of peers)
      p.session.beginStep?.({ index: 0, name: 'verify-isolation', egress: true })

    const collectors: Collectors = {
      readJunit: async (path, ws) => readJunit(path, ws),
      listFiles: listRegularFiles,
      redactTree
    }
    const probes = SRT_PROBES.filter((p) => !opts.probes || opts.probes.includes(p.id))
    await Promise.all(
      started.map(async (s) => {
        const ctx: SrtProbeContext = {
          agent: s.agent,
          srt: s.agent.srt ?? SRT_DEFAULTS,
          session: s.session,
          host: host.fixture,
          secrets: planted
            .filter((p) => !p.deniedBy || p.deniedBy.includes(s.agent.id))
            .map((p) => p.secret),
          peers: peers.filter((p) => p !== s && p.marker).map((p) => p.marker!),
          canary: opts.canary,
          uid: s.session.info.limits?.user
            ? parseUser(String(s.session.info.limits.user)).uid
            : (process.getuid?.() ?? 0),
          egress: (() => {
            const written = opts.egress?.configOf(s.agent.id)
            return opts.egress && written
              ? { fixture: opts.egress.fixture, config: written }
              : undefined
          })(),
          scratch: s.scratch,
          collectors: { ...collectors, ...opts.collectors?.(s.agent) },
          agentExec: (script, o = {}) =>
            s.session.exec({
              command: script,
              cwd: s.agent.workspace,
              env: {},
              timeoutMs: o.timeoutMs ?? 30_000,
              maxOutputBytes: o.maxOutputBytes ?? 1024 * 1024
            }),
          log: (l) => opts.log(`[${s.agent.id}] ${l}`)
        }
        for (const probe of probes) {
          const t = Date.now()
          let outcome
          try {
            outcome = await probe.run(ctx)
          } catch (e) {
            outcome = fail(`the probe itself failed: ${(e as Error).message}`)
          }
          const r: ProbeResult = {
            id: probe.id,
            number: probe.number,
            ...outcome,
            durationMs: Date.now() - t
          }
          s.result.results.push(r)
          opts.log(
            `[${s.agent.id}] ${r.number} ${r.id}: ${r.status.toUpperCase()} — ${r.detail} [${r.durationMs} ms]`
          )
        }
        await s.session.saveLogs?.(join(opts.outDir, s.agent.id)).catch(() => undefined)
      })
    )
  } finally {
    await Promise.allSettled(sessions.map((s) => s.close()))
    await Promise.allSettled(
      [...started].map(async (s) => rm(s.scratch, { recursive: true, force: true }))
    )
    for (const d of throwaway) await rm(d, { recursive: true, force: true }).catch(() => undefined)
    for (const p of planted) await p.cleanup().catch(() => undefined)
    await host.close().catch(() => undefined)
  }

  // 20: after every session closed.
  const leftovers = await leftoversOf(peers)
  for (const s of started) {
    const mine = leftovers.filter(
      (l) => l.startsWith(`${s.agent.id}:`) || l.startsWith(`${s.agent.id}-peer:`)
    )
    s.result.results.push({
      ...SRT_CLEANUP_PROBE,
      ...(mine.length
        ? fail(`left after close: ${list(mine)}`)
        : pass('no marker or background process, no private temp directory left')),
      durationMs: 0
    })
    for (const n of SRT_NOT_APPLICABLE)
      s.result.results.push({
        id: n.id,
        number: n.number,
        status: 'skip',
        detail: n.reason,
        durationMs: 0
      })
    s.result.results.sort((a, b) => a.number - b.number)
  }
  const order = (id: string) => agents.findIndex((a) => a.id === id)
  return [...started.filter((s) => !s.peerOf).map((s) => s.result), ...failedToStart].sort(
    (a, b) => order(a.id) - order(b.id)
  )
}

async function start(
  runtime: Runtime,
  agent: AgentPlan,
  ctx: { runId: string; outDir: string; log: (l: string) => void }
): Promise<Started> {
  // As `run` does: a workspace this run creates is the agent's (a root runner's sandbox user).
  await prepareWorkspace(agent)
  const session = await runtime.start(agent, { ...ctx, log: ctx.log })
  const scratch = join(agent.workspace, `.massgen-isolation-${randomBytes(4).toString('hex')}`)
  // Made by the sandbox user, through the session, as a step would.
  await session.exec({
    command: `mkdir -p '${scratch}'`,
    cwd: agent.workspace,
    env: {},
    timeoutMs: 30_000,
    maxOutputBytes: 4096
  })
  return { agent, session, scratch, result: { id: agent.id, results: [] } }
}

/** A marker file in the peer's workspace and a marker process in its sandbox. */
async function markPeer(p: Started): Promise<SrtPeer | undefined> {
  const markerFile = join(
    p.agent.workspace,
    `.massgen-isolation-peer-${randomBytes(6).toString('hex')}`
  )
  await writeFile(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 })
  const processArgv = `sleep 86400.${randomBytes(3).readUIntBE(0, 3)}`
  if (!p.session.execBackground) return undefined
  await p.session.execBackground(
    { command: `exec ${processArgv}`, cwd: p.agent.workspace, env: {}, maxOutputBytes: 4096 },
    'isolation marker'
  )
  return { id: p.agent.id, workspace: p.agent.workspace, markerFile, processArgv }
}

/** What is still there of the agents after close: their marker processes, their temp dirs. */
async function leftoversOf(started: Started[]): Promise<string[]> {
  const left: string[] = []
  for (const s of started) {
    if (s.marker && (await processesWithArgv(s.marker.processArgv)).length)
      left.push(`${s.agent.id}: marker process ${s.marker.processArgv}`)
  }
  for (const s of started) {
    const tmp = s.session instanceof SrtSession ? s.session.tmpDir : undefined
    if (tmp && existsSync(tmp)) left.push(`${s.agent.id}: temp directory ${tmp}`)
  }
  return left
}

async function plant(
  dir: string,
  where: string
): Promise<{ secret: PlantedSecret; cleanup: () => Promise<void> }> {
  const existed = existsSync(dir)
  await mkdir(dir, { recursive: true, mode: 0o755 })
  const token = `massgen-srt-secret-${randomBytes(12).toString('hex')}`
  const path = join(dir, `massgen-isolation-${randomBytes(6).toString('hex')}`)
  await writeFile(path, `${token}\n`, { mode: 0o644, flag: 'wx' })
  return {
    secret: { path, token, where },
    cleanup: async () => {
      await rm(path, { force: true })
      if (!existed) await rm(dir, { recursive: true, force: true })
    }
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}
