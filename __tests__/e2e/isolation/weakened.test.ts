// Each probe can fail: one verify run against a config whose agents are each weakened in one or a
// few ways that touch disjoint probes, and for every agent exactly the probes that should fail do
// (the others pass or skip). Weakenings a config can express are written in the config; the rest
// (extra capabilities, no no-new-privileges, no seccomp, no CPU quota, an unbounded tmpfs, naive
// result collectors) go through the collaborators verify takes: an engine client that weakens the
// containers it creates, and collectors. Probes 20 and 21 are proven able to fail in
// cleanup.test.ts and the unit tests of the CVE table, 15 and 22 in harness.test.ts, 23–26 (egress)
// in egress.test.ts, 27 (runtime) in ../gvisor/isolation.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chown, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { UNSAFE_CLASSES } from '../../../src/config/unsafe.js'
import type { AgentPlan } from '../../../src/config/types.js'
import { verifyIsolation, type VerifyOutcome } from '../../../src/isolation/verify.js'
import type { Collectors } from '../../../src/isolation/types.js'
import { sweepRun, type HostConfigSpec } from '../../../src/runtime/docker/index.js'
import { client, ensureRuntimeImage } from '../docker/helpers.js'
import {
  everyProbeReported,
  failures,
  VERIFY_TIMEOUT_MS,
  weakeningClient,
  workDir,
  writeConfig
} from './helpers.js'

const EXPECTED: Record<string, string[]> = {
  // network bridge + the Docker socket mounted
  bridge_socket: ['audit', 'docker-socket', 'network'],
  // no memory limit + an output cap too large to be one + collectors that follow symlinks
  unbounded: ['audit', 'memory-bomb', 'output-flood', 'symlink-collection'],
  // commands as root on a writable root filesystem (the container's main process stays non-root,
  // so root has no capabilities)
  root: ['audit', 'privileged-ops', 'rootfs-write', 'setuid-sudo'],
  // commands as root in a privileged container without no-new-privileges, on a writable root:
  // every capability, no seccomp, a writable /proc/sys
  privileged: [
    'audit',
    'privileged-ops',
    'proc-sys',
    'ptrace',
    'rootfs-write',
    'seccomp',
    'setuid-sudo'
  ],
  // the sudo variant: a process started through sudo is root; the engine's process list still
  // shows it after a timeout, so the container is restarted and nothing survives
  sudo_variant: [],
  // extra capabilities for a non-root agent: its processes get none of them, but SYS_ADMIN also
  // opens the seccomp profile's namespace syscalls, so unshare works
  extra_caps: ['audit', 'privileged-ops'],
  // the host environment passed in + an unbounded tmpfs + another agent's workspace mounted
  leaky: ['canary', 'cross-agent', 'size-limits'],
  // the sudo image with sudo off, but without no-new-privileges: setuid binaries give euid 0
  sudo_no_nnp: ['audit', 'setuid-sudo'],
  // the runner's home mounted
  home_mount: ['audit', 'host-paths'],
  // seccomp unconfined: unshare and keyctl open up
  no_seccomp: ['audit', 'privileged-ops', 'seccomp'],
  // a pids limit far above what a runner survives + no CPU quota on the container
  no_pids_cpu: ['audit', 'cpu-quota', 'fork-bomb']
}

const OVERRIDES: Record<string, Partial<HostConfigSpec>> = {
  privileged: { Privileged: true, SecurityOpt: [] },
  extra_caps: { CapAdd: ['SYS_ADMIN', 'SYS_PTRACE', 'NET_RAW', 'NET_ADMIN', 'MKNOD'] },
  leaky: { Tmpfs: { '/scratch': 'rw,mode=1777' } },
  sudo_no_nnp: { SecurityOpt: [] },
  no_seccomp: { SecurityOpt: ['no-new-privileges:true', 'seccomp=unconfined'] },
  no_pids_cpu: { NanoCpus: 0 }
}

const NAIVE: Partial<Collectors> = {
  // A JUnit reader that opens whatever the path points at.
  readJunit: async (path) => {
    const text = await readFile(path, 'utf8')
    return { failed: [...text.matchAll(/name="([^"]+)"/g)].map((m) => m[1]).slice(1) }
  }
}

let wd: string
let outcome: VerifyOutcome
let runId: string

function agent(id: string, backend: string): string {
  return `  - id: ${id}\n    backend:\n      cwd: ws/${id}\n      command_line_execution_mode: docker\n${backend
    .trim()
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')}\n`
}

beforeAll(async () => {
  await ensureRuntimeImage(false)
  await ensureRuntimeImage(true)
  wd = await workDir('weak')
  const home = join(wd, 'home')
  await mkdir(home, { mode: 0o755 })
  const limits = 'command_line_docker_memory_limit: "256m"\ncommand_line_docker_cpu_limit: 0.5'
  // A relative cwd is placed as MassGen places it: under .massgen/workspaces/.
  const peer = join(wd, '.massgen/workspaces/ws/extra_caps')
  const yaml =
    'agents:\n' +
    agent(
      'bridge_socket',
      `${limits}\ncommand_line_docker_network_mode: bridge\ncommand_line_docker_credentials:\n  additional_mounts:\n    /var/run/docker.sock: {bind: /var/run/docker.sock, mode: rw}`
    ) +
    agent(
      'unbounded',
      'command_line_docker_cpu_limit: 0.5\ncommand_line_max_output_bytes: 67109888'
    ) +
    agent(
      'root',
      `${limits}\ncommand_line_docker_user: "0:0"\ncommand_line_docker_read_only_rootfs: false`
    ) +
    agent(
      'privileged',
      `${limits}\ncommand_line_docker_user: "0:0"\ncommand_line_docker_read_only_rootfs: false`
    ) +
    agent('sudo_variant', `${limits}\ncommand_line_docker_enable_sudo: true`) +
    agent('extra_caps', limits) +
    agent(
      'leaky',
      `${limits}\ncommand_line_docker_credentials:\n  pass_all_env: true\n  additional_mounts:\n    ${peer}: {bind: ${peer}, mode: ro}`
    ) +
    agent('sudo_no_nnp', `${limits}\ncommand_line_docker_image: massgen/mcp-runtime-sudo:latest`) +
    agent(
      'home_mount',
      `${limits}\ncommand_line_docker_credentials:\n  additional_mounts:\n    ${home}: {bind: ${home}, mode: ro}`
    ) +
    agent('no_seccomp', limits) +
    agent('no_pids_cpu', `${limits}\ncommand_line_docker_pids_limit: 100000`)
  // The leaky agent mounts extra_caps's workspace: it must exist before the containers start.
  await mkdir(peer, { recursive: true })
  await chown(peer, 1000, 1000) // its user's, as a checkout is the runner user's
  const config = await writeConfig(wd, yaml)
  outcome = await verifyIsolation({
    configPath: config,
    outDir: join(wd, 'out'),
    workingDirectory: wd,
    log: () => undefined,
    onStart: (id) => (runId = id),
    home,
    client: weakeningClient(client, { host: (agent) => OVERRIDES[agent] }),
    collectors: (a: AgentPlan) => (a.id === 'unbounded' ? NAIVE : undefined),
    // These agents are weakened on purpose (the socket, root, the host's environment, the home
    // mounted): exactly the settings the trust model refuses; the test allows every class so that
    // the probes can show they catch them.
    allowUnsafe: [...UNSAFE_CLASSES]
  })
}, VERIFY_TIMEOUT_MS)

afterAll(async () => {
  // Nothing of the run may be left even if an assertion failed.
  if (runId) await sweepRun(client, runId)
})

describe('verify-isolation against weakened containers', () => {
  it('reports every probe for every agent, and fails the run', () => {
    expect(outcome.report.agents.map((a) => a.id)).toEqual(Object.keys(EXPECTED))
    expect(everyProbeReported(outcome.report)).toBe(true)
    expect(outcome.report.status).toBe('failed')
    expect(outcome.exitCode).toBe(1)
  })

  it.each(Object.entries(EXPECTED))('%s: exactly the expected probes fail', (id, expected) => {
    const got = failures(outcome.report)[id]
    const details = outcome.report.agents
      .find((a) => a.id === id)!
      .results.filter((r) => r.status === 'fail' || expected.includes(r.id))
      .map((r) => `${r.id} ${r.status}: ${r.detail}`)
    const want = [...expected].sort()
    // The probes' own words only when the list differs, so that a failure says why.
    const why = JSON.stringify(got) === JSON.stringify(want) ? [] : details
    expect({ id, failed: got, why }).toEqual({ id, failed: want, why: [] })
  })

  it('every probe that runs against a container fails for at least one weakening', () => {
    const failedSomewhere = new Set(Object.values(failures(outcome.report)).flat())
    // 15 and 22 fail in harness.test.ts, 23 (runtime) in ../gvisor/isolation.test.ts, 30
    // (ro-submounts, which needs a mount made by root on the host) in ro-submounts.test.ts; 29
    // (disk-limit: no config or engine client can turn the harness's measuring off) against a
    // session that lets the write finish in unit/isolation/probes/disk.test.ts, and it skips here
    // (the default limit is above what it writes). 28 (egress-socket) is an egress- probe.
    const elsewhere = [
      'cleanup',
      'engine-cves',
      'timeouts',
      'harness-shims',
      'runtime',
      'ro-submounts',
      'disk-limit'
    ]
    const containerProbes = outcome.report.probes
      .map((p) => p.id)
      .filter((id) => !elsewhere.includes(id))
      .filter((id) => !id.startsWith('egress-'))
    expect(containerProbes.filter((id) => !failedSomewhere.has(id))).toEqual([])
  })

  it('the canary never reaches the written files, even from the agent that had the host env', async () => {
    const json = await readFile(outcome.files.resultsFile, 'utf8')
    expect(json).not.toMatch(/canary-[0-9a-f]{32}/)
    const leaky = outcome.report.agents
      .find((a) => a.id === 'leaky')!
      .results.find((r) => r.id === 'canary')!
    expect(leaky.detail).toMatch(/container env/)
  })
})
