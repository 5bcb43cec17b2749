import { describe, expect, it } from '@jest/globals'
import type { DockerConfig } from '../../../../src/config/types.js'
import {
  assertRuntime,
  checkRuntime,
  kernelIdentity,
  type EngineRuntimeInfo
} from '../../../../src/runtime/docker/runtimes.js'
import { EnvironmentError } from '../../../../src/errors.js'

// GET /info of Docker 20.10 here after scripts/gvisor.sh (its runc-only fallback for runsc-net).
const afterScript: EngineRuntimeInfo = {
  Runtimes: {
    runc: { path: 'runc' },
    runsc: { path: '/usr/bin/runsc', runtimeArgs: ['--platform=ptrace', '--network=none'] },
    'runsc-net': {
      path: '/usr/bin/runsc',
      runtimeArgs: ['--platform=ptrace', '--network=host', '--host-uds=open']
    }
  },
  DefaultRuntime: 'runc'
}
// Docker 28 (GitHub-hosted runners) before the script: runc only, with a status block.
const fresh = {
  Runtimes: {
    'io.containerd.runc.v2': {
      path: 'runc',
      status: { 'org.opencontainers.runtime-spec.features': '{}' }
    },
    runc: { path: 'runc', status: {} }
  },
  DefaultRuntime: 'runc'
} as EngineRuntimeInfo

type Cfg = Pick<DockerConfig, 'runtime' | 'network' | 'enableSudo'>
const cfg = (extra: Partial<Cfg> = {}): Cfg => ({ network: 'none', enableSudo: false, ...extra })

describe('checkRuntime', () => {
  it("leaves the engine's default alone when the key is absent", () => {
    expect(checkRuntime(cfg(), fresh)).toEqual({
      ok: true,
      runtime: { hostConfigRuntime: undefined, name: 'runc', gvisor: false }
    })
    expect(checkRuntime(cfg({ network: 'bridge', enableSudo: true }), afterScript).ok).toBe(true)
  })

  it('refuses a runtime the engine does not list, naming the setup script', () => {
    const check = checkRuntime(cfg({ runtime: 'runsc' }), fresh)
    expect(check).toEqual({
      ok: false,
      message:
        'command_line_docker_runtime: "runsc" is not a runtime of this Docker engine (it lists: io.containerd.runc.v2, runc)',
      hint: expect.stringContaining('sudo bash scripts/gvisor.sh')
    })
    const other = checkRuntime(cfg({ runtime: 'kata' }), fresh)
    expect(other.ok).toBe(false)
    if (!other.ok) {
      expect(other.hint).toMatch(/daemon\.json and reload dockerd/)
      expect(other.hint).toMatch(/scripts\/gvisor\.sh/)
    }
    expect(checkRuntime(cfg({ runtime: 'runsc' }), {}).ok).toBe(false)
  })

  it('takes gVisor registered with --network=none for network none', () => {
    expect(checkRuntime(cfg({ runtime: 'runsc' }), afterScript)).toEqual({
      ok: true,
      runtime: { hostConfigRuntime: 'runsc', name: 'runsc', gvisor: true, gvisorNetwork: 'none' }
    })
  })

  it('refuses a network mode that gVisor with --network=none would silently drop', () => {
    for (const network of ['bridge', 'host'] as const) {
      const check = checkRuntime(cfg({ runtime: 'runsc', network }), afterScript)
      expect(check.ok).toBe(false)
      if (!check.ok) {
        expect(check.message).toContain(`the network mode is "${network}"`)
        expect(check.hint).toContain('command_line_docker_runtime: runsc-net')
      }
    }
    // The same holds when gVisor is the engine's default runtime and the key is absent.
    const byDefault = { ...afterScript, DefaultRuntime: 'runsc' }
    expect(checkRuntime(cfg({ network: 'bridge' }), byDefault).ok).toBe(false)
  })

  it("reports runsc-net's network stack and takes it with or without a network", () => {
    for (const network of ['none', 'bridge'] as const) {
      const check = checkRuntime(cfg({ runtime: 'runsc-net', network }), afterScript)
      expect(check).toMatchObject({ ok: true, runtime: { gvisor: true, gvisorNetwork: 'host' } })
    }
    const current = {
      Runtimes: { 'runsc-net': { path: '/usr/bin/runsc', runtimeArgs: ['--host-uds=open'] } }
    }
    expect(checkRuntime(cfg({ runtime: 'runsc-net' }), current)).toMatchObject({
      ok: true,
      runtime: { gvisorNetwork: 'sandbox' }
    })
  })

  it('knows gVisor by its binary under any name, and reads --network in both spellings', () => {
    const custom = {
      Runtimes: { sandboxed: { path: '/usr/local/bin/runsc', runtimeArgs: ['--network', 'none'] } }
    }
    expect(checkRuntime(cfg({ runtime: 'sandboxed' }), custom)).toMatchObject({
      ok: true,
      runtime: { name: 'sandboxed', gvisor: true, gvisorNetwork: 'none' }
    })
    const nullArgs = { Runtimes: { runsc: { path: '/usr/bin/runsc', runtimeArgs: null } } }
    expect(checkRuntime(cfg({ runtime: 'runsc' }), nullArgs)).toMatchObject({
      ok: true,
      runtime: { gvisorNetwork: 'sandbox' }
    })
  })

  it('refuses the sudo variant under gVisor (no_new_privs is always set there)', () => {
    const check = checkRuntime(cfg({ runtime: 'runsc', enableSudo: true }), afterScript)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.message).toMatch(/command_line_docker_enable_sudo cannot work/)
    expect(checkRuntime(cfg({ runtime: 'runc', enableSudo: true }), afterScript).ok).toBe(true)
  })

  it('assertRuntime throws the refusal as an EnvironmentError (exit 2) with its hint', () => {
    expect(() => assertRuntime(cfg({ runtime: 'runsc' }), fresh)).toThrow(EnvironmentError)
    try {
      assertRuntime(cfg({ runtime: 'runsc' }), fresh)
    } catch (e) {
      expect((e as EnvironmentError).hint).toContain('scripts/gvisor.sh')
    }
    expect(assertRuntime(cfg({ runtime: 'runsc' }), afterScript).name).toBe('runsc')
  })
})

describe('kernelIdentity', () => {
  it("tells gVisor's kernel from the host's", () => {
    // As read in a hardened runsc container here (uid 1000, no capabilities).
    expect(
      kernelIdentity({
        dmesg:
          '[    0.000000] Starting gVisor...\n[    0.183143] Checking naughty and nice process list...\n',
        procVersion: 'Linux version 4.4.0 #1 SMP Sun Jan 10 15:06:54 PST 2016\n',
        hostRelease: '6.18.44-fc-v669'
      })
    ).toBe('gvisor')
    // runc: dmesg is refused to an unprivileged reader; /proc/version is the host's.
    expect(
      kernelIdentity({
        dmesg: 'dmesg: read kernel buffer failed: Operation not permitted\n',
        procVersion: 'Linux version 6.18.44-fc-v669 (root@host) (gcc 12) #1 SMP\n',
        hostRelease: '6.18.44-fc-v669\n'
      })
    ).toBe('host')
    expect(kernelIdentity({ procVersion: 'Linux version 6.1.0 #1', hostRelease: '6.8.0' })).toBe(
      'unknown'
    )
    expect(kernelIdentity({})).toBe('unknown')
  })
})
