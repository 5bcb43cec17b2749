// Probe 1's engine half: every rule of the inspect audit, on a hardened container built the way
// container-spec builds it, then weakened one setting at a time.
import { describe, expect, it } from '@jest/globals'
import type { DockerConfig } from '../../../../src/config/types.js'
import { auditInspect, capNames, sensitiveMount } from '../../../../src/isolation/probes/audit.js'
import {
  dockerDefaults,
  SUDO_CAPABILITIES,
  type ContainerInspect
} from '../../../../src/runtime/docker/index.js'

const home = '/home/runner'
const config: DockerConfig = { ...dockerDefaults(), memoryBytes: 512 * 1024 * 1024, cpus: 1 }

function inspect(
  host: Partial<ContainerInspect['HostConfig']> = {},
  extra: Partial<ContainerInspect> = {}
): ContainerInspect {
  return {
    Config: { User: '65534:65534', Env: [] },
    HostConfig: {
      CapDrop: ['ALL'],
      CapAdd: null,
      SecurityOpt: ['no-new-privileges:true'],
      Privileged: false,
      PidsLimit: 512,
      Memory: 536870912,
      MemorySwap: 536870912,
      NanoCpus: 1e9,
      NetworkMode: 'none',
      ReadonlyRootfs: true,
      PidMode: '',
      IpcMode: 'private',
      UTSMode: '',
      UsernsMode: '',
      CgroupnsMode: 'host',
      Devices: [],
      ...host
    },
    Mounts: [
      {
        Type: 'bind',
        Source: '/home/runner/work/r/r/ws',
        Destination: '/home/runner/work/r/r/ws',
        RW: true
      }
    ],
    ...extra
  } as unknown as ContainerInspect
}

describe('auditInspect', () => {
  it('accepts the hardened container (cgroupns host on cgroup v1 is a note)', () => {
    expect(auditInspect(inspect(), config, { home })).toEqual({
      problems: [],
      notes: ['cgroupns host (engine default on cgroup v1)']
    })
  })

  it.each<[string, Partial<ContainerInspect['HostConfig']>, RegExp]>([
    ['caps kept', { CapDrop: [] }, /capabilities not dropped/],
    [
      'extra caps',
      { CapAdd: ['SYS_ADMIN', 'NET_RAW'] },
      /extra capabilities added: SYS_ADMIN,NET_RAW/
    ],
    ['no NNP', { SecurityOpt: [] }, /no-new-privileges not set/],
    [
      'seccomp off',
      { SecurityOpt: ['no-new-privileges:true', 'seccomp=unconfined'] },
      /security profile disabled: seccomp=unconfined/
    ],
    ['privileged', { Privileged: true }, /^privileged$/],
    ['no pids limit', { PidsLimit: 0 }, /no pids limit/],
    ['huge pids limit', { PidsLimit: 100000 }, /pids limit 100000 is above 4096/],
    ['no memory', { Memory: 0, MemorySwap: 0 }, /no memory limit/],
    ['swap', { MemorySwap: -1 }, /memory-swap -1 differs from memory/],
    ['no cpu', { NanoCpus: 0 }, /no CPU limit/],
    ['bridge', { NetworkMode: 'bridge' }, /network mode bridge/],
    ['host pid', { PidMode: 'host' }, /host pid namespace/],
    ['shared ipc', { IpcMode: 'container:abc' }, /ipc namespace shared with abc/],
    ['host uts', { UTSMode: 'host' }, /host uts namespace/],
    ['host userns', { UsernsMode: 'host' }, /host userns namespace/],
    [
      'devices',
      {
        Devices: [{ PathOnHost: '/dev/kvm', PathInContainer: '/dev/kvm', CgroupPermissions: 'rwm' }]
      },
      /host devices: \/dev\/kvm/
    ]
  ])('%s is a problem', (_name, host, problem) => {
    const { problems } = auditInspect(inspect(host), config, { home })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(problem)
  })

  it('flags the engine socket and sensitive host paths among the mounts', () => {
    const mounts = [
      {
        Type: 'bind',
        Source: '/var/run/docker.sock',
        Destination: '/var/run/docker.sock',
        RW: true
      },
      { Type: 'bind', Source: '/home/runner', Destination: '/h', RW: false },
      { Type: 'bind', Source: '/etc', Destination: '/etc-host', RW: false }
    ]
    const { problems } = auditInspect(inspect({}, { Mounts: mounts } as never), config, { home })
    expect(problems).toEqual([
      '/var/run/docker.sock mounted at /var/run/docker.sock (an engine socket, writable)',
      "/home/runner mounted at /h (the runner's home)",
      '/etc mounted at /etc-host (inside /etc)'
    ])
  })

  it('flags a root main process', () => {
    expect(
      auditInspect(inspect({}, { Config: { User: '' } } as never), config, { home }).problems
    ).toEqual(['the main process runs as root'])
  })

  it('accepts the sudo variant as documented, and nothing beyond it', () => {
    const sudo = { ...config, enableSudo: true }
    const ok = auditInspect(inspect({ CapAdd: SUDO_CAPABILITIES, SecurityOpt: [] }), sudo, { home })
    expect(ok.problems).toEqual([])
    expect(ok.notes.join(' ')).toMatch(/sudo variant caps SETUID,SETGID/)
    expect(
      auditInspect(
        inspect({ CapAdd: [...SUDO_CAPABILITIES, 'SYS_ADMIN'], SecurityOpt: [] }),
        sudo,
        { home }
      ).problems
    ).toEqual(['extra capabilities added: SYS_ADMIN'])
  })
})

describe('sensitiveMount', () => {
  it('allows workspaces and credentials below home, refuses home, its parents and system paths', () => {
    expect(sensitiveMount('/home/runner/work/repo/repo', home)).toBeUndefined()
    expect(sensitiveMount('/home/runner/.ssh', home)).toBeUndefined()
    expect(sensitiveMount('/tmp/x', home)).toBeUndefined()
    expect(sensitiveMount('/home/runner', home)).toBe("the runner's home")
    expect(sensitiveMount('/home', home)).toBe("a parent of the runner's home")
    expect(sensitiveMount('/', home)).toBe("a parent of the runner's home")
    expect(sensitiveMount('/var', home)).toBe("the host's /var")
    expect(sensitiveMount('/var/lib', home)).toBe('a parent of /var/lib/docker')
    expect(sensitiveMount('/run/containerd/containerd.sock', home)).toBe('an engine socket')
    expect(sensitiveMount('/var/lib/docker/volumes/x', home)).toBe("the engine's data")
    expect(sensitiveMount('/proc', home)).toBe('inside /proc')
  })
})

describe('capNames', () => {
  it('names the bits of a capability mask', () => {
    expect(capNames('0000000000000000')).toEqual([])
    expect(capNames('00000000a80425fb')).toEqual([
      'CHOWN',
      'DAC_OVERRIDE',
      'FOWNER',
      'FSETID',
      'KILL',
      'SETGID',
      'SETUID',
      'SETPCAP',
      'NET_BIND_SERVICE',
      'NET_RAW',
      'SYS_CHROOT',
      'MKNOD',
      'AUDIT_WRITE',
      'SETFCAP'
    ])
  })
})
