import { describe, expect, it } from '@jest/globals'
import {
  containerCreateOptions,
  containerName,
  dockerDefaults,
  planMounts,
  SUDO_CAPABILITIES
} from '../../../../src/runtime/docker/container-spec.js'
import type { AgentPlan } from '../../../../src/config/types.js'
import { agentPlan } from '../../../helpers/plan.js'

const agent = (extra: Partial<AgentPlan> = {}): AgentPlan =>
  agentPlan({ id: 'agent_a', mode: 'docker', maxOutputBytes: 1024, ...extra })

describe('planMounts', () => {
  it('mounts each path at its host path with the right mode; protected paths ro over a rw parent', () => {
    const mounts = planMounts(
      agent({
        tempWorkspace: '/w/temp',
        contextPaths: [
          { path: '/repo', permission: 'write', protectedPaths: ['/repo/.git', '/elsewhere'] },
          { path: '/docs', permission: 'read', protectedPaths: [] }
        ]
      }),
      [{ source: '/home/u/.ssh', target: '/home/massgen/.ssh', readOnly: true }]
    )
    expect(mounts).toEqual([
      { source: '/w/temp', target: '/w/temp', readOnly: true },
      { source: '/repo', target: '/repo', readOnly: false },
      { source: '/docs', target: '/docs', readOnly: true },
      { source: '/w/ws', target: '/w/ws', readOnly: false },
      { source: '/repo/.git', target: '/repo/.git', readOnly: true },
      { source: '/home/u/.ssh', target: '/home/massgen/.ssh', readOnly: true }
    ])
  })

  it('never mounts the same target twice (the workspace stays rw)', () => {
    const mounts = planMounts(
      agent({ contextPaths: [{ path: '/w/ws', permission: 'read', protectedPaths: [] }] })
    )
    expect(mounts).toEqual([{ source: '/w/ws', target: '/w/ws', readOnly: false }])
  })
})

describe('containerCreateOptions', () => {
  const base = {
    agent: agent(),
    image: 'sha256:abc',
    name: 'massgen-agent_a-0123456789',
    runId: 'run-1',
    version: '1.2.3',
    mounts: [{ source: '/w/ws', target: '/w/ws', readOnly: false }],
    env: { TOKEN: 'x' }
  }

  it('hardens by default: cap-drop ALL, no-new-privileges, pids limit, no swap, init, network none', () => {
    const o = containerCreateOptions({
      ...base,
      config: { ...dockerDefaults(), memoryBytes: 1 << 30, cpus: 1.5 }
    })
    expect(o.HostConfig).toMatchObject({
      Init: true,
      CapDrop: ['ALL'],
      CapAdd: [],
      SecurityOpt: ['no-new-privileges:true'],
      PidsLimit: 512,
      Memory: 1 << 30,
      MemorySwap: 1 << 30,
      NanoCpus: 1_500_000_000,
      NetworkMode: 'none',
      AutoRemove: false,
      ReadonlyRootfs: true
    })
    // Read-only root: the home is a volume filled from the image, scratch space is sized tmpfs.
    expect(o.HostConfig!.Mounts).toEqual([
      { Type: 'volume', Target: '/home/massgen' },
      { Type: 'bind', Source: '/w/ws', Target: '/w/ws', ReadOnly: false }
    ])
    // Each tmpfs is memory: at most a quarter of the limit (1 GiB here), so it fills before OOM.
    expect(o.HostConfig!.Tmpfs).toEqual({
      '/tmp': 'rw,nosuid,nodev,mode=1777,size=268435456',
      '/var/tmp': 'rw,nosuid,nodev,mode=1777,size=268435456',
      '/run': 'rw,nosuid,nodev,noexec,mode=755,size=67108864'
    })
    expect(o.HostConfig!.Runtime).toBeUndefined()
    expect(o.User).toBe('65534:65534')
    expect(o.Cmd).toEqual(['sleep', 'infinity'])
    expect(o.Env).toEqual(['TOKEN=x'])
    expect(o.Labels).toEqual({
      'io.massgen-exec.managed': 'true',
      'io.massgen-exec.run-id': 'run-1',
      'io.massgen-exec.agent-id': 'agent_a',
      'io.massgen-exec.version': '1.2.3'
    })
  })

  it('labels the container with its owner, and passes a configured OCI runtime', () => {
    const o = containerCreateOptions({
      ...base,
      config: { ...dockerDefaults(), runtime: 'runsc' },
      ownerLabels: { 'io.massgen-exec.owner.pid': '42' }
    })
    expect(o.Labels).toMatchObject({ 'io.massgen-exec.owner.pid': '42' })
    expect(o.HostConfig.Runtime).toBe('runsc')
  })

  it('keeps the root filesystem writable when asked (and for sudo by the loader default)', () => {
    const o = containerCreateOptions({
      ...base,
      config: { ...dockerDefaults(), readOnlyRootfs: false }
    })
    expect(o.HostConfig.ReadonlyRootfs).toBeUndefined()
    expect(o.HostConfig.Tmpfs).toBeUndefined()
    expect(o.HostConfig.Mounts).toEqual([
      { Type: 'bind', Source: '/w/ws', Target: '/w/ws', ReadOnly: false }
    ])
  })

  it('sets no memory limit unless configured', () => {
    const o = containerCreateOptions({ ...base, config: dockerDefaults() })
    expect(o.HostConfig!.Memory).toBeUndefined()
    expect(o.HostConfig!.MemorySwap).toBeUndefined()
  })

  it('gives the sudo variant only what sudo and apt need', () => {
    const o = containerCreateOptions({ ...base, config: { ...dockerDefaults(), enableSudo: true } })
    expect(o.HostConfig!.CapDrop).toEqual(['ALL'])
    expect(o.HostConfig!.CapAdd).toEqual(SUDO_CAPABILITIES)
    expect(o.HostConfig!.SecurityOpt).toEqual([])
    expect(SUDO_CAPABILITIES).not.toContain('SYS_ADMIN')
    expect(SUDO_CAPABILITIES).not.toContain('NET_RAW')
  })
})

describe('containerName', () => {
  it('is massgen-<agent>-<run suffix>, valid for the engine and distinct per run', () => {
    expect(containerName('agent_a', 'r1')).toMatch(/^massgen-agent_a-[0-9a-f]{10}$/)
    expect(containerName('agent_a', 'r1')).not.toBe(containerName('agent_a', 'r2'))
    expect(containerName('weird id/ü', 'r1')).toMatch(/^massgen-weird-id---[0-9a-f]{10}$/)
  })

  it('keeps long agent ids that differ only at the end apart (parallel mutant sandboxes)', () => {
    const long = 'a'.repeat(45)
    const a = containerName(`${long}-compare-m0a1b2c`, 'r1')
    const b = containerName(`${long}-compare-m3d4e5f`, 'r1')
    expect(a).not.toBe(b)
    expect(a.length).toBeLessThanOrEqual('massgen-'.length + 60 + 11)
    expect(a).toMatch(/^massgen-a{45}-compa-[0-9a-f]{8}-[0-9a-f]{10}$/)
  })
})
