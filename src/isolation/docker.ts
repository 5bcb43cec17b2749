// The docker side of verify-isolation: the probe context (the engine client, the container, root
// execs for baselines), peers marked by a file and a process run as nobody in their container, and
// what is evaluated once the containers are gone (probe 20 by the run's labels, 21 the engine's
// known CVEs for this agent's exposure).
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  checkRuntime,
  dockerDefaults,
  execTarget,
  harnessExec,
  HARNESS_PATH,
  type ContainerClient,
  type RuntimeChoice
} from '../runtime/docker/index.js'
import { NOBODY, parseUser } from '../lib/user.js'
import { evaluateCves } from './cves.js'
import { CLEANUP_PROBE, cleanupOutcome, leftoverContainers } from './probes/cleanup.js'
import { ENGINE_PROBE, engineOutcome, exposureOf, type EngineFacts } from './probes/engine.js'
import { dockerProbes } from './probes/index.js'
import { agentExec, type KindOptions, type SandboxKind, type Started } from './sandboxes.js'
import type { Peer, ProbeContext } from './types.js'

export interface DockerKindOptions extends KindOptions<ProbeContext> {
  client: ContainerClient
  facts: EngineFacts
  runId: string
  expectRuntime?: string
}

export function dockerKind(o: DockerKindOptions): SandboxKind<ProbeContext> {
  const marks = new Map<Started<ProbeContext>, Peer>()
  let left: Promise<Awaited<ReturnType<typeof leftoverContainers>>> | undefined
  return {
    sandbox: 'docker',
    runtime: o.runtime,
    // 0755: the container's uid must reach the workspace the runner's user created.
    peer: {
      prefix: 'massgen-isolation-peer-',
      mode: 0o755,
      without: '; probes 6 and 19 go without it'
    },
    startFailure: 'the container could not be started',
    describe: (s) => ({ container: s.session.info.container, image: s.session.info.image }),
    async markPeers(peers) {
      for (const p of peers) marks.set(p, await markPeer(o.client, p))
    },
    context(s, peers) {
      const ctx = dockerContext(
        o,
        s,
        [...marks].filter(([p]) => peers.includes(p)).map(([, m]) => m)
      )
      s.result.runtime = ctx.runtime.name
      return ctx
    },
    probes: dockerProbes,
    async after(s) {
      // Once for every agent: the run's containers after cleanup.
      const containers = await (left ??= leftoverContainers(o.client, o.runId))
      return {
        [CLEANUP_PROBE.id]: cleanupOutcome(containers, [s.agent.id, `${s.agent.id}-peer`]),
        [ENGINE_PROBE.id]: engineOutcome(
          evaluateCves(o.facts.components, exposureOf(s.agent, o.facts))
        )
      }
    }
  }
}

function dockerContext(
  o: DockerKindOptions,
  s: Started<ProbeContext>,
  peers: Peer[]
): ProbeContext {
  const config = s.agent.docker ?? dockerDefaults()
  const container = s.session.info.container!
  // The container exists, so the engine took the runtime: the check only names it here.
  const check = checkRuntime(config, {
    Runtimes: o.facts.runtime.runtimes,
    DefaultRuntime: o.facts.runtime.defaultRuntime
  })
  const runtime: RuntimeChoice = check.ok
    ? check.runtime
    : { name: config.runtime ?? o.facts.runtime.defaultRuntime, gvisor: false }
  const { client } = o
  return {
    client,
    inspect: () => client.inspectContainer(container),
    runId: o.runId,
    agent: s.agent,
    config,
    runtime,
    engine: o.facts.runtime,
    expectRuntime: o.expectRuntime,
    session: s.session,
    container,
    // Prefer the config's other agents as peers; a throwaway only when there is none.
    peers: [...peers.filter((p) => p.fromConfig), ...peers.filter((p) => !p.fromConfig)],
    host: o.host,
    canary: o.canary,
    scratch: s.scratch,
    collectors: o.collectors(s),
    uid: parseUser(String(s.session.info.limits?.user ?? config.user)).uid,
    agentExec: agentExec(s),
    rootExec: (cmd, timeoutMs) =>
      harnessExec(execTarget(client, container), {
        cmd,
        user: '0:0',
        maxOutputBytes: 1024 * 1024,
        timeoutMs
      }),
    log: (l) => o.log(`[${s.agent.id}] ${l}`),
    egress: o.egress(s.agent.id)
  }
}

/** A marker file in the peer's workspace and a marker process (as nobody) in its container. */
async function markPeer(client: ContainerClient, p: Started<ProbeContext>): Promise<Peer> {
  const container = p.session.info.container!
  const markerFile = join(
    p.agent.workspace,
    `.massgen-isolation-peer-${randomBytes(6).toString('hex')}`
  )
  await writeFile(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 })
  const processTag = `86400.${randomBytes(4).readUInt32BE(0) % 1_000_000}`.padEnd(12, '1')
  const exec = await client.exec(container, {
    Cmd: ['/bin/sleep', processTag],
    User: NOBODY,
    Env: [`PATH=${HARNESS_PATH}`],
    AttachStdout: false,
    AttachStderr: false,
    Tty: false
  })
  // The response is a stream even when detached: drain it, or its socket holds the process open.
  const response = await exec.start({ detach: true })
  response?.resume?.()
  return {
    id: p.agent.id,
    plan: p.agent,
    session: p.session,
    container,
    markerFile,
    processTag,
    fromConfig: !p.peerOf
  }
}
