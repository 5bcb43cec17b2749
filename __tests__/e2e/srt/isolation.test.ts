// verify-isolation on configs with srt agents, against real srt sandboxes and no Docker: a default
// config passes (or skips what does not apply, saying why), egress probes included, with an
// probe names verify serves itself; weakened setups fail exactly the matching probes, so none
// passes vacuously. Weakenings a config can express are in the config (read_mode open, an
// allowlist covering the probe's denied name, metadata opted in, audit mode); the rest go through the
// collaborators verify takes: the srt runtime's (a backend that loosens the rules it is given, the
// sandbox user) and the runner's home.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { probeList } from '../../../src/isolation/probes/index.js'
import { verifyIsolation, type VerifyOptions } from '../../../src/isolation/verify.js'
import { LIBRARY_BACKEND, type SandboxBackend } from '../../../src/runtime/srt/index.js'
import type { SrtFilesystem } from '../../../src/runtime/srt/settings.js'
import { addHostNames, startHostServer, type HostServer } from '../egress/fixtures.js'
import { failures, VERIFY_TIMEOUT_MS, workDir, writeConfig } from '../isolation/helpers.js'

const ALLOWED = 'allowed.iso.srt.test'
let restoreHosts: () => void
let server: HostServer
const dirs: string[] = []

beforeAll(async () => {
  restoreHosts = addHostNames([ALLOWED], 'srt-isolation')
  server = await startHostServer([])
})

afterAll(async () => {
  restoreHosts()
  await server.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function verify(
  tag: string,
  yaml: string,
  extra: Partial<VerifyOptions> = {},
  prepare?: (dir: string) => void
) {
  const dir = await workDir(`srt-${tag}`)
  dirs.push(dir)
  prepare?.(dir)
  const config = await writeConfig(dir, yaml.replaceAll('{{dir}}', dir))
  const lines: string[] = []
  const outcome = await verifyIsolation({
    configPath: config,
    outDir: join(dir, 'out'),
    workingDirectory: dir,
    log: (l) => {
      lines.push(l)
      if (process.env.SRT_ISO_DEBUG) process.stderr.write(`${l}\n`)
    },
    ...extra
  })
  return { ...outcome, dir, lines }
}

const details = (r: {
  report: { agents: { id: string; results: { id: string; status: string; detail: string }[] }[] }
}) =>
  r.report.agents.flatMap((a) =>
    a.results.filter((x) => x.status === 'fail').map((x) => `${a.id} ${x.id}: ${x.detail}`)
  )
const status = (r: Awaited<ReturnType<typeof verify>>, agent: string, probe: string) =>
  r.report.agents.find((a) => a.id === agent)?.results.find((x) => x.id === probe)
const egressOf = (allowed: string[], extra = '') =>
  `command_line_egress: { allowed_domains: ${JSON.stringify(allowed)}, allowed_private_ranges: ["127.0.0.1/32"]${extra} }`

describe('verify-isolation with srt agents', () => {
  it('a default config passes: every probe passes or is reported as not applicable, egress included', async () => {
    const r = await verify(
      'default',
      `
agents:
  - id: confined
    backend:
      cwd: ws-confined
      command_line_execution_mode: srt
      command_line_srt_deny_read: [private]
      ${egressOf([`${ALLOWED}:${server.port}`])}
      context_paths:
        - { path: ctx-read, permission: read }
        - { path: ctx-write, permission: write, protected_paths: [keep] }
  - id: strict
    backend:
      cwd: ws-strict
      command_line_execution_mode: srt
      command_line_srt_read_mode: strict
      command_line_srt_network_allowed_domains: ["${ALLOWED}:${server.port}"]
      command_line_egress: { allowed_private_ranges: ["127.0.0.1/32"] }
  - id: offline
    backend:
      cwd: ws-offline
      command_line_execution_mode: srt
  - id: here
    backend:
      cwd: ws-here
`,
      {},
      (dir) => {
        // World-writable: only the sandbox keeps an agent out of them.
        for (const d of ['private', 'ctx-read', 'ctx-write', 'ctx-write/keep']) {
          mkdirSync(join(dir, d), { recursive: true })
          chmodSync(join(dir, d), 0o777)
        }
        writeFileSync(join(dir, 'ctx-read', 'data.txt'), 'data\n')
      }
    )
    expect(details(r)).toEqual([])
    expect(r.exitCode).toBe(0)
    expect(r.report.notProbed.map((n) => n.id)).toEqual(['here'])
    expect(r.report.probes.map((p) => p.id)).toEqual(probeList(['srt']).map((p) => p.id))
    expect(failures(r.report)).toEqual({ confined: [], strict: [], offline: [] })
    for (const a of ['confined', 'strict']) {
      for (const p of ['egress-allowed', 'egress-refused', 'egress-bypass', 'egress-private'])
        expect([a, p, status(r, a, p)?.status]).toEqual([a, p, 'pass'])
      expect(status(r, a, 'egress-allowed')?.detail).toMatch(
        /answered 200 through the bridge and the agent's proxy, and again in the next step/
      )
      // The config's own opt-in (127.0.0.1/32) is said, not tested.
      expect(status(r, a, 'egress-private')?.detail).toMatch(
        /not tested, listed in allowed_private_ranges: 127\.0\.0\.1/
      )
    }
    for (const p of ['egress-allowed', 'egress-refused', 'egress-bypass', 'egress-private'])
      expect(status(r, 'offline', p)).toMatchObject({
        status: 'skip',
        detail: expect.stringMatching(/^the agent has no command_line_egress: its network is none/)
      })
    expect(status(r, 'confined', 'fork-bomb')).toMatchObject({
      status: 'skip',
      detail: expect.stringMatching(/no resource limits/)
    })
    expect(status(r, 'confined', 'cross-agent')?.status).toBe('pass')
  })

  it(
    'weakened configs fail the matching probes (as a non-root runner would run them)',
    async () => {
      // Commands as this process's user, with a home the sandbox user could read by permissions,
      // so that only the sandbox's rules stand between.
      const home = await workDir('srt-home')
      dirs.push(home)
      const probes = [
        'secret-reads',
        'network',
        'egress-allowed',
        'egress-refused',
        'egress-bypass',
        'egress-private'
      ]
      const r = await verify(
        'weakened',
        `
agents:
  - id: open
    backend:
      cwd: ws-open
      command_line_execution_mode: srt
      command_line_srt_read_mode: open
  - id: listed
    backend:
      cwd: ws-listed
      command_line_execution_mode: srt
      ${egressOf(['*.massgen-probe.invalid'])}
  - id: metadata
    backend:
      cwd: ws-metadata
      command_line_execution_mode: srt
      command_line_egress:
        allowed_domains: ["169.254.169.254"]
        allowed_private_ranges: ["169.254.0.0/16"]
  - id: audit
    backend:
      cwd: ws-audit
      command_line_execution_mode: srt
      ${egressOf([], ', audit: true')}
`,
        { home, srt: { sandboxUser: null, home }, probes }
      )
      expect(r.exitCode).toBe(1)
      expect(failures(r.report)).toEqual({
        // the runner's home readable: a marker planted there leaks
        open: ['secret-reads'],
        // the list covers the probe's denied name: the proxy lets it through
        listed: ['egress-refused'],
        // the metadata range opened: a listed name resolving there is dialled
        metadata: ['egress-private'],
        // every name goes through (probe 4's unlisted name too)
        audit: ['egress-refused', 'network']
      })
      expect(status(r, 'open', 'secret-reads')?.detail).toMatch(/home directory.*read_mode open/)
      expect(status(r, 'listed', 'egress-refused')?.detail).toMatch(
        /the non-listed name got HTTP 200/
      )
      expect(status(r, 'metadata', 'egress-private')?.detail).toMatch(
        /not refused by the address rule: 169\.254\.169\.254 \(metadata\)/
      )
    },
    VERIFY_TIMEOUT_MS
  )

  it('rules loosened by the backend fail the filesystem probes', async () => {
    const home = await workDir('srt-home2')
    dirs.push(home)
    const weaken = (fs: SrtFilesystem): SrtFilesystem => ({
      ...fs,
      allowWrite: [...fs.allowWrite, { path: '/tmp', literal: true }],
      denyRead: fs.denyRead.filter((e) => !(typeof e === 'object' && e.path.endsWith('/.ssh'))),
      allowRead: [...fs.allowRead, { path: join(home, '.ssh'), literal: true }]
    })
    const loosening = {
      acquire: async (): Promise<SandboxBackend> => {
        const b = await LIBRARY_BACKEND.acquire()
        return {
          helperPaths: b.helperPaths,
          version: b.version,
          wrap: (command, cwd, fs, ids) => b.wrap(command, cwd, weaken(fs), ids),
          done: () => b.done(),
          registerEgress: (token, proxy) => b.registerEgress(token, proxy)
        }
      },
      release: () => LIBRARY_BACKEND.release()
    }
    const r = await verify(
      'loose',
      `
agent:
  id: weak
  backend:
    cwd: ws
    command_line_execution_mode: srt
`,
      {
        home,
        srt: { sandboxUser: null, home, backend: loosening },
        probes: ['writes-outside', 'secret-reads']
      }
    )
    expect(failures(r.report)).toEqual({ weak: ['secret-reads', 'writes-outside'] })
    expect(status(r, 'weak', 'writes-outside')?.detail).toMatch(/wrote into .*\/tmp/)
    expect(status(r, 'weak', 'secret-reads')?.detail).toMatch(/in ~\/\.ssh/)
  })
})
