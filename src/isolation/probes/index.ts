// The probe registry: every probe once, with the sandboxes it applies to (and why not elsewhere),
// its phase, and a `run` typed on the context it reads. A probe that applies to both sandboxes
// reads only SandboxContext; an srt probe stands beside its docker sibling under the same number.
// The matrix's rows and each agent's skips are derived from here (rows, probeList), nothing else
// lists probes or their numbers.
import type {
  ProbeContext,
  ProbeDef,
  ProbeOutcome,
  ProbePhase,
  Sandbox,
  SandboxContext,
  SrtProbeContext
} from '../types.js'
import { auditProbe, srtSandboxProbe } from './audit.js'
import { canaryProbe, srtCanaryProbe } from './canary.js'
import { CLEANUP_PROBE } from './cleanup.js'
import {
  egressAllowedProbe,
  egressBypassProbe,
  egressPrivateProbe,
  egressRefusedProbe,
  srtEgressAllowedProbe
} from './egress.js'
import { symlinkProbe } from './collection.js'
import { ENGINE_PROBE } from './engine.js'
import {
  hostPathsProbe,
  readOnlySubmountsProbe,
  rootfsWriteProbe,
  sizeLimitsProbe,
  srtReadsProbe,
  srtWritesProbe
} from './filesystem.js'
import {
  privilegedOpsProbe,
  procSysProbe,
  ptraceProbe,
  seccompProbe,
  setuidProbe
} from './kernel.js'
import { outputFloodProbe, srtTimeoutsProbe, timeoutsProbe } from './lifecycle.js'
import { harnessShimsProbe } from './harness.js'
import { dockerSocketProbe, networkProbe, srtNetworkProbe, srtUnixSocketsProbe } from './network.js'
import { crossAgentProbe, srtCrossAgentProbe } from './peers.js'
import { cpuProbe, forkBombProbe, memoryBombProbe } from './resources.js'
import { runtimeProbe } from './runtime.js'
import { egressSocketProbe } from './egress-socket.js'
import { diskLimitProbe } from './disk.js'
import { protectedNamesProbe, SRT_CLEANUP_PROBE } from './srt.js'

/** Whether a probe applies to a sandbox: true, or why not (reported as the skip's detail). */
export type Applies = true | string

interface Registered {
  id: string
  number: number
  title: string
  phase: ProbePhase
  appliesTo(sandbox: Sandbox): Applies
}

/**
 * A registered probe. `runs` says which context its `run` takes; `after` probes have no run: the
 * check evaluates them itself once the sandboxes are gone (cleanup, the engine's CVEs).
 */
export type RegisteredProbe = Registered &
  (
    | { runs: 'docker'; run(ctx: ProbeContext): Promise<ProbeOutcome> }
    | { runs: 'srt'; run(ctx: SrtProbeContext): Promise<ProbeOutcome> }
    | { runs: 'both'; run(ctx: SandboxContext): Promise<ProbeOutcome> }
    | { runs: 'after'; sandbox: Sandbox }
  )

const NO_LIMITS =
  'srt sets no resource limits (processes, memory, CPU, tmpfs sizes): whatever the host or runner enforces applies'

const docker = (p: ProbeDef<ProbeContext>, inSrt: string): RegisteredProbe => ({
  ...p,
  runs: 'docker',
  appliesTo: (s) => s === 'docker' || inSrt
})
/** `sibling`: the docker probe of the same number, which docker runs instead. */
const srtOnly = (p: ProbeDef<SrtProbeContext>, inDocker: string): RegisteredProbe => ({
  ...p,
  runs: 'srt',
  appliesTo: (s) => s === 'srt' || inDocker
})
const both = (p: ProbeDef<SandboxContext>): RegisteredProbe => ({
  ...p,
  runs: 'both',
  appliesTo: () => true
})
const after = (
  p: { id: string; number: number; title: string },
  sandbox: Sandbox,
  elsewhere: string
): RegisteredProbe => ({
  ...p,
  phase: 'engine',
  runs: 'after',
  sandbox,
  appliesTo: (s) => s === sandbox || elsewhere
})
const insteadOf = (p: { id: string; number: number }, sandbox: Sandbox) =>
  `${sandbox} runs ${p.id} (${p.number}) in its place`

export const PROBES: RegisteredProbe[] = [
  docker(auditProbe, insteadOf(srtSandboxProbe, 'srt')),
  srtOnly(srtSandboxProbe, insteadOf(auditProbe, 'docker')),
  docker(rootfsWriteProbe, insteadOf(srtWritesProbe, 'srt')),
  srtOnly(srtWritesProbe, insteadOf(rootfsWriteProbe, 'docker')),
  docker(hostPathsProbe, insteadOf(srtReadsProbe, 'srt')),
  srtOnly(srtReadsProbe, insteadOf(hostPathsProbe, 'docker')),
  docker(networkProbe, 'srt has its own network probe (4)'),
  srtOnly(srtNetworkProbe, 'docker has its own network probe (4)'),
  docker(dockerSocketProbe, insteadOf(srtUnixSocketsProbe, 'srt')),
  srtOnly(srtUnixSocketsProbe, insteadOf(dockerSocketProbe, 'docker')),
  docker(forkBombProbe, NO_LIMITS),
  docker(memoryBombProbe, NO_LIMITS),
  docker(cpuProbe, NO_LIMITS),
  docker(procSysProbe, 'covered by srt-sandbox (1)'),
  docker(privilegedOpsProbe, 'covered by srt-sandbox (1): mount and unshare'),
  docker(ptraceProbe, 'covered by srt-sandbox (1): no other process is visible'),
  docker(
    setuidProbe,
    'srt runs as the host user; no-new-privileges (srt-sandbox, 1) keeps setuid from raising it'
  ),
  docker(seccompProbe, 'covered by srt-sandbox (1)'),
  docker(canaryProbe, 'srt has its own canary probe (14)'),
  srtOnly(srtCanaryProbe, 'docker has its own canary probe (14)'),
  docker(timeoutsProbe, 'srt has its own timeouts probe (15)'),
  srtOnly(srtTimeoutsProbe, 'docker has its own timeouts probe (15)'),
  both(outputFloodProbe),
  docker(sizeLimitsProbe, NO_LIMITS),
  both(symlinkProbe),
  docker(crossAgentProbe, 'srt has its own cross-agent probe (19)'),
  srtOnly(srtCrossAgentProbe, 'docker has its own cross-agent probe (19)'),
  after(CLEANUP_PROBE, 'docker', 'srt checks its own cleanup (20)'),
  after(SRT_CLEANUP_PROBE, 'srt', 'docker checks its own cleanup (20)'),
  after(ENGINE_PROBE, 'docker', 'no container engine is involved'),
  docker(
    harnessShimsProbe,
    'nothing runs in the sandbox as another user: file steps run as the agent, and the timeout check reads /proc on the host'
  ),
  docker(egressAllowedProbe, 'srt has its own egress-allowed probe (23): no relay of its own'),
  srtOnly(srtEgressAllowedProbe, 'docker has its own egress-allowed probe (23)'),
  // The docker egress probes, unchanged: they reach the proxy through HTTP_PROXY as srt does.
  both(egressRefusedProbe),
  both(egressBypassProbe),
  both(egressPrivateProbe),
  docker(
    runtimeProbe,
    'no OCI runtime is involved: commands run in a bubblewrap sandbox on the host kernel'
  ),
  docker(
    egressSocketProbe,
    "no per-agent socket: srt agents share one loopback front that routes by each agent's proxy token"
  ),
  docker(diskLimitProbe, 'srt agents have no disk limit (docker only)'),
  docker(
    readOnlySubmountsProbe,
    'bubblewrap remounts each mount below a read-only bind read-only too (writes-outside, 2, tries the read-only paths)'
  ),
  srtOnly(protectedNamesProbe, "srt only: the protected names are sandbox-runtime's write rule")
]

export interface ProbeRow {
  id: string
  number: number
  title: string
}

/**
 * The rows a sandbox reports, by number. The container probes' numbering is the matrix's: a
 * sandbox reports each number once, its own probe(s) of that number or, where it has none, the
 * container probe with the reason it does not apply (a skip).
 */
export function rows(sandbox: Sandbox, registry = PROBES): RegisteredProbe[] {
  const mine = registry.filter((p) => p.appliesTo(sandbox) === true)
  const numbered = new Set(mine.map((p) => p.number))
  const absent = registry.filter((p) => p.appliesTo('docker') === true && !numbered.has(p.number))
  return [...mine, ...absent].sort((a, b) => a.number - b.number)
}

/** A row of the matrix: a probe that does not apply says so in its title. */
export function rowOf(p: RegisteredProbe, sandbox: Sandbox): ProbeRow {
  const { id, number, title } = p
  return p.appliesTo(sandbox) === true
    ? { id, number, title }
    : { id, number, title: `${id} (not applicable to ${sandbox})` }
}

/** Always reported, whatever subset of probes was asked for. */
export const ALWAYS = [CLEANUP_PROBE.id, ENGINE_PROBE.id]

/** The rows of the matrix for the sandboxes present (one row per id), limited to `only`. */
export function probeList(sandboxes: Sandbox[], only?: string[], registry = PROBES): ProbeRow[] {
  const out = new Map<string, ProbeRow>()
  for (const s of sandboxes)
    for (const p of rows(s, registry))
      if (!out.has(p.id) && (!only || only.includes(p.id) || ALWAYS.includes(p.id)))
        out.set(p.id, rowOf(p, s))
  return [...out.values()].sort((a, b) => a.number - b.number || a.id.localeCompare(b.id))
}

/** Whether a probe runs in a sandbox in this phase (and in the subset asked for). */
const runsIn = (p: RegisteredProbe, sandbox: Sandbox, phase: ProbePhase, only?: string[]) =>
  p.phase === phase && p.appliesTo(sandbox) === true && (!only || only.includes(p.id))

/** The probes a sandbox runs in a phase, typed on that sandbox's context. */
export function dockerProbes(phase: ProbePhase, only?: string[]): ProbeDef<ProbeContext>[] {
  return PROBES.flatMap((p) =>
    (p.runs === 'docker' || p.runs === 'both') && runsIn(p, 'docker', phase, only) ? [p] : []
  )
}

export function srtProbes(phase: ProbePhase, only?: string[]): ProbeDef<SrtProbeContext>[] {
  return PROBES.flatMap((p) =>
    (p.runs === 'srt' || p.runs === 'both') && runsIn(p, 'srt', phase, only) ? [p] : []
  )
}
