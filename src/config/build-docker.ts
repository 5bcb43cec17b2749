// An agent's DockerConfig (image, limits, user, credentials, packages) from its backend keys.
import {
  DEFAULT_DISK_LIMIT_BYTES,
  DEFAULT_IMAGE,
  DEFAULT_USER,
  defaultPidsLimit,
  isOwnImage,
  sudoImageFor
} from './defaults.js'
import { resolve } from 'node:path'
import {
  asList,
  expandHome,
  num,
  str,
  type BuildContext,
  type KeyPath,
  type Obj
} from './build-context.js'
import { parseMemory } from './memory.js'
import type { CredentialsConfig, DockerConfig } from './types.js'

export function buildDocker(
  backend: Obj,
  bp: KeyPath,
  runs: boolean,
  ctx: BuildContext
): DockerConfig {
  const sudo = backend.command_line_docker_enable_sudo === true
  let image = str(backend.command_line_docker_image) ?? DEFAULT_IMAGE
  if (sudo) image = sudoImageFor(image)
  let memoryBytes: number | undefined
  if (backend.command_line_docker_memory_limit !== undefined) {
    const m = parseMemory(backend.command_line_docker_memory_limit)
    if (m === undefined) {
      ctx.report(
        ctx.posOf([...bp, 'command_line_docker_memory_limit']),
        `command_line_docker_memory_limit: ${JSON.stringify(backend.command_line_docker_memory_limit)} is not a size like "512m" or "2g"`
      )
    } else if (m < 6 * 1024 * 1024) {
      ctx.report(
        ctx.posOf([...bp, 'command_line_docker_memory_limit']),
        'command_line_docker_memory_limit: Docker needs at least 6m'
      )
    }
    memoryBytes = m
  }
  checkCpuLimit(backend, bp, runs, ctx)
  const diskLimitBytes = diskLimit(backend, bp, ctx)
  const creds = backend.command_line_docker_credentials as Obj | undefined
  const pkgs = (backend.command_line_docker_packages as Obj | undefined)?.preinstall as
    Obj | undefined
  if (pkgs && asList(pkgs.system).length > 0 && !sudo) {
    ctx.report(
      ctx.posOf([...bp, 'command_line_docker_packages', 'preinstall', 'system']),
      'system packages need command_line_docker_enable_sudo: true'
    )
  }
  return {
    image,
    ownImage: isOwnImage(image),
    memoryBytes,
    cpus: num(backend.command_line_docker_cpu_limit),
    network: (str(backend.command_line_docker_network_mode) ?? 'none') as DockerConfig['network'],
    enableSudo: sudo,
    readOnlyRootfs:
      typeof backend.command_line_docker_read_only_rootfs === 'boolean'
        ? backend.command_line_docker_read_only_rootfs
        : !sudo,
    pidsLimit:
      num(backend.command_line_docker_pids_limit) ??
      defaultPidsLimit(str(backend.command_line_docker_runtime)),
    runtime: str(backend.command_line_docker_runtime),
    user: str(backend.command_line_docker_user) ?? DEFAULT_USER,
    userExplicit: str(backend.command_line_docker_user) !== undefined,
    credentials: creds ? buildCredentials(creds, ctx.wd) : undefined,
    packages: pkgs
      ? {
          python: asList(pkgs.python).map(String),
          npm: asList(pkgs.npm).map(String),
          system: asList(pkgs.system).map(String)
        }
      : undefined,
    diskLimitBytes
  }
}

/**
 * Docker refuses to start a container with more CPUs than the engine's machine has ("Range of CPUs
 * is from 0.01 to N"), so a limit above this host's count fails here, before anything starts: an
 * error for an agent that runs steps, a warning for one that runs nothing (MassGen's shipped
 * configs load on any host). The count is this host's; a remote DOCKER_HOST may have another.
 */
function checkCpuLimit(backend: Obj, bp: KeyPath, runs: boolean, ctx: BuildContext): void {
  const cpus = num(backend.command_line_docker_cpu_limit)
  if (cpus === undefined || cpus <= ctx.hostCpus) return
  const n = ctx.hostCpus
  const message =
    `command_line_docker_cpu_limit: ${cpus} is more than the ${n} CPU${n === 1 ? '' : 's'} this host has; ` +
    `Docker refuses to start such a container (set at most ${n}, or leave the key out for no limit)`
  const pos = ctx.posOf([...bp, 'command_line_docker_cpu_limit'])
  if (runs) ctx.report(pos, message)
  else ctx.warn(pos, `${message}; this agent runs no commands, so nothing starts`)
}

/** command_line_disk_limit (ours): a size, at least 1m; the default keeps a hosted runner's disk. */
function diskLimit(backend: Obj, bp: KeyPath, ctx: BuildContext): number {
  const raw = backend.command_line_disk_limit
  if (raw === undefined) return DEFAULT_DISK_LIMIT_BYTES
  const bytes = parseMemory(raw)
  if (bytes === undefined || bytes < 1024 ** 2) {
    ctx.report(
      ctx.posOf([...bp, 'command_line_disk_limit']),
      `command_line_disk_limit: ${JSON.stringify(raw)} is not a size of at least 1m like "500m" or "4g"`
    )
    return DEFAULT_DISK_LIMIT_BYTES
  }
  return bytes
}

function buildCredentials(c: Obj, wd: string): CredentialsConfig {
  const mounts = (c.additional_mounts ?? {}) as Record<string, Obj>
  return {
    mount: asList(c.mount).map(String),
    additionalMounts: Object.entries(mounts).map(([host, m]) => ({
      hostPath: resolve(wd, expandHome(host)),
      bind: String(m.bind),
      // MassGen documents read-only as the default (docker-py silently mounted rw).
      mode: m.mode === 'rw' ? 'rw' : 'ro'
    })),
    envFile: c.env_file !== undefined ? resolve(wd, expandHome(String(c.env_file))) : undefined,
    envVars: asList(c.env_vars).map(String),
    envVarsFromFile: asList(c.env_vars_from_file).map(String),
    passAllEnv: c.pass_all_env === true
  }
}
