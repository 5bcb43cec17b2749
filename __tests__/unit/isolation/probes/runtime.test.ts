// Probe 27 against canned engine answers and kernel views: what it expects (the config's runtime,
// or --expect-runtime from outside the config), and how it tells gVisor's kernel from the host's.
import { describe, expect, it } from '@jest/globals'
import {
  expectationOf,
  expectRuntimeOption,
  runtimeProbe
} from '../../../../src/isolation/probes/runtime.js'
import type { ProbeContext } from '../../../../src/isolation/types.js'
import { dockerDefaults } from '../../../../src/runtime/docker/container-spec.js'
import { isUsageError } from '../../../../src/errors.js'

const HOST = '6.18.44-fc-v669'
const GVISOR_VIEW =
  'DMESG [    0.000000] Starting gVisor...\nDMESG [    0.5] Conjuring /dev/null black hole...\nVERSION Linux version 4.4.0 #1 SMP Sun Jan 10 15:06:54 PST 2016\nDONE\n'
const HOST_VIEW = `DMESG dmesg: read kernel buffer failed: Operation not permitted\nVERSION Linux version ${HOST} (gcc) #1 SMP\nDONE\n`
const runtimes = {
  runc: { path: 'runc' },
  runsc: { path: '/usr/bin/runsc', runtimeArgs: ['--platform=ptrace', '--network=none'] },
  'runsc-net': { path: '/usr/bin/runsc', runtimeArgs: ['--network=host'] }
}

function ctx(o: {
  configRuntime?: string
  containerRuntime?: string
  view: string
  expect?: string
}): ProbeContext {
  const name = o.configRuntime ?? 'runc'
  return {
    config: { ...dockerDefaults(), runtime: o.configRuntime },
    runtime: { name, hostConfigRuntime: o.configRuntime, gvisor: name.startsWith('runsc') },
    engine: { runtimes, defaultRuntime: 'runc', kernel: HOST },
    expectRuntime: o.expect,
    inspect: async () => ({ HostConfig: { Runtime: o.containerRuntime ?? '' } }),
    agentExec: async () => ({ stdout: o.view, exitCode: 0 })
  } as unknown as ProbeContext
}

describe('probe 27 (runtime)', () => {
  it('passes a runsc container where gVisor’s kernel answers', async () => {
    const r = await runtimeProbe.run(
      ctx({ configRuntime: 'runsc', containerRuntime: 'runsc', view: GVISOR_VIEW })
    )
    expect(r).toEqual({
      status: 'pass',
      detail:
        'runsc (expected runsc per the config); gVisor\'s kernel answers (dmesg "Starting gVisor", release 4.4.0)'
    })
  })

  it('passes runc (the engine default) where the host’s kernel answers', async () => {
    const r = await runtimeProbe.run(ctx({ view: HOST_VIEW }))
    expect(r.status).toBe('pass')
    expect(r.detail).toBe(
      `runc (expected runc per the engine's default); the engine host's kernel answers (${HOST})`
    )
  })

  it('fails the config without its runtime key when runsc is expected from outside', async () => {
    const r = await runtimeProbe.run(ctx({ view: HOST_VIEW, expect: 'runsc' }))
    expect(r.status).toBe('fail')
    expect(r.detail).toMatch(/^the container runs under runc, expected runsc, /)
    expect(r.detail).toMatch(/the agent's system calls reach the host kernel/)
    expect(r.detail).toMatch(/\[expected runsc per --expect-runtime\]$/)
  })

  it('fails a runtime named runsc whose kernel is the host’s (not gVisor after all)', async () => {
    const r = await runtimeProbe.run(
      ctx({ configRuntime: 'runsc', containerRuntime: 'runsc', view: HOST_VIEW })
    )
    expect(r.status).toBe('fail')
    expect(r.detail).toMatch(/not gVisor's/)
  })

  it('fails runc expected where gVisor answers, and an unknown kernel', async () => {
    const r = await runtimeProbe.run(ctx({ containerRuntime: 'runsc', view: GVISOR_VIEW }))
    expect(r.status).toBe('fail')
    const odd = await runtimeProbe.run(
      ctx({ view: 'DMESG denied\nVERSION Linux version 5.10.0-kata #1\nDONE\n' })
    )
    expect(odd.detail).toMatch(/neither gVisor's nor the engine host's \(5\.10\.0-kata; host /)
    expect(odd.status).toBe('fail')
  })

  it('--expect-runtime gvisor takes any gVisor runtime, and refuses runc', async () => {
    const net = ctx({
      configRuntime: 'runsc-net',
      containerRuntime: 'runsc-net',
      view: GVISOR_VIEW,
      expect: 'gvisor'
    })
    expect(expectationOf(net)).toEqual({ gvisor: true, from: '--expect-runtime gvisor' })
    expect((await runtimeProbe.run(net)).status).toBe('pass')
    const runc = await runtimeProbe.run(ctx({ view: HOST_VIEW, expect: 'gvisor' }))
    expect(runc.detail).toMatch(/runs under runc, which is not gVisor/)
  })

  it('an expected runtime the engine does not list fails', async () => {
    const r = await runtimeProbe.run(ctx({ view: HOST_VIEW, expect: 'kata' }))
    expect(r.detail).toMatch(/the engine does not list kata/)
  })
})

describe('expectRuntimeOption', () => {
  it('takes a runtime name or gvisor; empty is none; anything else is a usage error', () => {
    expect(expectRuntimeOption('runsc')).toBe('runsc')
    expect(expectRuntimeOption('gvisor')).toBe('gvisor')
    expect(expectRuntimeOption('')).toBeUndefined()
    expect(expectRuntimeOption(undefined)).toBeUndefined()
    let err: unknown
    try {
      expectRuntimeOption('runsc --network=none')
    } catch (e) {
      err = e
    }
    expect(isUsageError(err)).toBe(true)
  })
})
