// command_line_docker_runtime: which OCI runtime an agent's container runs under, checked against
// the runtimes the engine lists (`docker info`) before any container exists. A name the engine does
// not know is an environment error (exit 2) that says how to register it — never a silent fallback
// to the default runtime, which would be a weaker sandbox than the config asked for.
import { GVISOR_PIDS_LIMIT, isGvisorRuntimeName } from '../../config/defaults.js'
import type { DockerConfig } from '../../config/types.js'
import { EnvironmentError } from '../../errors.js'

/** The script that installs gVisor and registers `runsc` and `runsc-net` with the engine. */
export const GVISOR_SETUP_SCRIPT = 'scripts/gvisor.sh'
/** What scripts/gvisor.sh registers: gVisor without a network, and gVisor with its netstack. */
export const GVISOR_RUNTIME = 'runsc'
export const GVISOR_NET_RUNTIME = 'runsc-net'

/** The part of the engine's `GET /info` this check reads (dockerode's `docker.info()`). */
export interface EngineRuntimeInfo {
  Runtimes?: Record<string, { path?: string; runtimeArgs?: string[] | null } | null | undefined>
  DefaultRuntime?: string
}

export interface RuntimeChoice {
  /** Name for HostConfig.Runtime; undefined leaves it unset (the engine's default). */
  hostConfigRuntime?: string
  /** The runtime the container will run under, as the engine names it. */
  name: string
  /** The runtime is gVisor (runsc): a user-space kernel between the agent and the host's. */
  gvisor: boolean
  /**
   * gVisor's network: 'none' (registered with --network=none: its own loopback only, whatever
   * Docker's network mode), 'sandbox' (gVisor's own network stack), 'host' (socket calls passed to
   * the host kernel inside the container's network namespace). Undefined for other runtimes.
   */
  gvisorNetwork?: 'none' | 'sandbox' | 'host'
}

export type RuntimeCheck =
  { ok: true; runtime: RuntimeChoice } | { ok: false; message: string; hint: string }

/**
 * Decides the runtime of an agent's container from the config (`runtime` undefined: the engine's
 * default) and the engine's `docker info`.
 */
export function checkRuntime(
  config: Pick<DockerConfig, 'runtime' | 'network' | 'enableSudo'>,
  info: EngineRuntimeInfo
): RuntimeCheck {
  const runtimes = info.Runtimes ?? {}
  const requested = config.runtime
  const name = requested ?? info.DefaultRuntime ?? 'runc'
  const key = `command_line_docker_runtime: ${JSON.stringify(name)}`
  if (requested !== undefined && !Object.hasOwn(runtimes, requested)) {
    const listed = Object.keys(runtimes).sort()
    return {
      ok: false,
      message: `${key} is not a runtime of this Docker engine (it lists: ${listed.join(', ') || 'none'})`,
      hint: isGvisorName(requested)
        ? `Run \`sudo bash ${GVISOR_SETUP_SCRIPT}\` on the Docker host: it installs gVisor, registers ${GVISOR_RUNTIME} and ${GVISOR_NET_RUNTIME} in daemon.json and reloads dockerd.`
        : `Register it under "runtimes" in the engine's daemon.json and reload dockerd (SIGHUP), or remove the key to use the engine's default; for gVisor run \`sudo bash ${GVISOR_SETUP_SCRIPT}\`.`
    }
  }
  const entry = runtimes[name] ?? undefined
  const gvisor = isGvisorRuntime(name, info)
  const choice: RuntimeChoice = { hostConfigRuntime: requested, name, gvisor }
  if (!gvisor) return { ok: true, runtime: choice }
  const net = gvisorNetworkArg(entry?.runtimeArgs ?? [])
  choice.gvisorNetwork = net === 'none' ? 'none' : net === 'host' ? 'host' : 'sandbox'
  if (choice.gvisorNetwork === 'none' && config.network !== 'none') {
    return {
      ok: false,
      message: `${key} is gVisor registered with --network=none (no network inside the sandbox), but the network mode is ${JSON.stringify(config.network)}`,
      hint: `Use command_line_docker_runtime: ${GVISOR_NET_RUNTIME} (gVisor for networked containers; ${GVISOR_SETUP_SCRIPT} registers it) or command_line_docker_network_mode: none.`
    }
  }
  if (config.enableSudo) {
    // gVisor sets no_new_privs on every process whatever the container asks for
    // (PR_SET_NO_NEW_PRIVS "is assumed to always be set"), so setuid sudo can never become root.
    return {
      ok: false,
      message: `${key}: command_line_docker_enable_sudo cannot work under gVisor, which sets no-new-privileges on every process (sudo refuses to run)`,
      hint: 'Install system packages in your own image (command_line_docker_image) instead, or drop the runtime key to use runc with the sudo variant.'
    }
  }
  return { ok: true, runtime: choice }
}

const isGvisorName = isGvisorRuntimeName

/** Whether the engine's runtime of that name is gVisor: by its name, or by its binary (runsc). */
export function isGvisorRuntime(name: string, info: EngineRuntimeInfo): boolean {
  return isGvisorName(name) || basename(info.Runtimes?.[name]?.path ?? '') === 'runsc'
}

/** Host tasks an idle gVisor sandbox holds, and what each process in it adds (ptrace platform). */
const GVISOR_IDLE_TASKS = 57
const GVISOR_TASKS_PER_PROCESS = 7

/** About how many processes fit in a gVisor sandbox under a pids limit. */
export function gvisorProcessCapacity(pidsLimit: number): number {
  return Math.max(0, Math.floor((pidsLimit - GVISOR_IDLE_TASKS) / GVISOR_TASKS_PER_PROCESS))
}

/**
 * A warning when a pids limit leaves a gVisor sandbox few processes (gVisor's own host threads
 * count against it, and past it the whole sandbox ends); undefined when it is roomy enough.
 */
export function gvisorPidsNote(pidsLimit: number): string | undefined {
  if (pidsLimit >= GVISOR_PIDS_LIMIT / 2) return undefined
  return (
    `pids limit ${pidsLimit} under gVisor fits only about ${gvisorProcessCapacity(pidsLimit)} processes ` +
    `(gVisor's own host threads count against it: ~${GVISOR_IDLE_TASKS} idle, ~${GVISOR_TASKS_PER_PROCESS} per process), ` +
    `and going past it ends the whole sandbox; command_line_docker_pids_limit: ${GVISOR_PIDS_LIMIT} (the default under runsc) fits ~${gvisorProcessCapacity(GVISOR_PIDS_LIMIT)}`
  )
}

/** The value of runsc's --network flag in the registered args (`--network=x` or `--network x`). */
function gvisorNetworkArg(args: string[]): string | undefined {
  let value: string | undefined
  args.forEach((arg, i) => {
    const m = /^--?network(?:=(.*))?$/.exec(arg)
    if (m) value = m[1] ?? args[i + 1]
  })
  return value
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** What an agent process can read about its kernel (the runtime probe gathers these). */
export interface KernelEvidence {
  /** `dmesg` output (syslog(2)); gVisor answers even an unprivileged reader with its own log. */
  dmesg?: string
  /** /proc/version inside the container. */
  procVersion?: string
  /** The host's `uname -r`, when the engine runs on this host. */
  hostRelease?: string
}

/**
 * 'gvisor' when gVisor's kernel answered (its dmesg starts "Starting gVisor..."), 'host' when the
 * container shares the host's kernel (its /proc/version names the host's release), else
 * 'unknown' (a remote engine, or nothing readable).
 */
export function kernelIdentity(e: KernelEvidence): 'gvisor' | 'host' | 'unknown' {
  if (e.dmesg && /Starting gVisor/.test(e.dmesg)) return 'gvisor'
  const release = /^Linux version (\S+)/.exec(e.procVersion ?? '')?.[1]
  if (release && e.hostRelease && release === e.hostRelease.trim()) return 'host'
  return 'unknown'
}

/** checkRuntime, as the runtime uses it: the choice, or an EnvironmentError (exit 2). */
export function assertRuntime(
  config: Pick<DockerConfig, 'runtime' | 'network' | 'enableSudo'>,
  info: EngineRuntimeInfo
): RuntimeChoice {
  const check = checkRuntime(config, info)
  if (!check.ok) throw new EnvironmentError(check.message, check.hint)
  return check.runtime
}
