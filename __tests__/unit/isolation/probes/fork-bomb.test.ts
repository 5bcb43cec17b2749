// Probe 6 (fork bomb) judged with a fake container (no Docker): under gVisor it judges containment
// (the sandbox ended, was started again, the next step ran, nothing left), not which limit ended the
// bomb; at 256m the OOM killer ends it before the pids limit (issue 24 item 5).
import { describe, expect, it } from '@jest/globals'
import { forkBombProbe } from '../../../../src/isolation/probes/resources.js'
import type { ProbeContext } from '../../../../src/isolation/types.js'
import type { ExecResult } from '../../../../src/runtime/types.js'

const FORKS = 'FORKS 256\nFORKS 512\n'
const PS = '99\n    1 65534 Ss   /sbin/docker-init -- /bin/sleep infinity\n'

function ctx(gvisor: boolean, bomb: Partial<ExecResult>, nextStepRuns = true): ProbeContext {
  return {
    uid: 1000,
    peers: [],
    agent: { workspace: '/workspace' },
    runtime: { gvisor },
    inspect: async () => ({ HostConfig: { PidsLimit: 4096 } }),
    rootExec: async () => ({ exitCode: 0, stdout: PS, stderr: '' }),
    agentExec: async (cmd: string) => {
      if (cmd.includes('command -v python3')) return { exitCode: 0, stdout: 'PY yes\n', stderr: '' }
      if (cmd === 'echo alive')
        return nextStepRuns
          ? { exitCode: 0, stdout: 'alive\n', stderr: '' }
          : { exitCode: 125, stdout: '', stderr: 'no container' }
      return { exitCode: 0, stdout: '', stderr: '' }
    },
    session: {
      exec: async (req: { onOutput?: (s: 'stdout', c: Buffer) => void }) => {
        req.onOutput?.('stdout', Buffer.from(FORKS))
        return bombResult(bomb)
      }
    }
  } as unknown as ProbeContext
}

function bombResult(bomb: Partial<ExecResult>): ExecResult {
  return {
    exitCode: null,
    stdout: FORKS,
    stderr: '',
    truncated: false,
    timedOut: false,
    durationMs: 9000,
    ...bomb,
    oom: bomb.oom ?? false
  }
}

describe('probe 6 (fork bomb)', () => {
  it('gVisor at 256m: the OOM killer ended the sandbox, it restarted, the next step ran: pass', async () => {
    const r = await forkBombProbe.run(ctx(true, { oom: true, sandboxRestarted: true }))
    expect(r.status).toBe('pass')
    expect(r.detail).toMatch(
      /^gVisor: the sandbox contained the bomb: the memory limit \(OOM killer\) ended it after 512\+ forks, before the pids limit 4096, and it was started again; .*next step ran/
    )
  })

  it('gVisor at the pids limit: the sandbox ended and was started again: pass', async () => {
    const r = await forkBombProbe.run(ctx(true, { oom: false, sandboxRestarted: true }))
    expect(r.status).toBe('pass')
    expect(r.detail).toMatch(/^gVisor: the sandbox ended at the pids limit 4096 after 512\+ forks/)
  })

  it('gVisor on ptrace under load: the timeout ended a bomb that reached no limit: pass', async () => {
    const r = await forkBombProbe.run(ctx(true, { timedOut: true, exitCode: null }))
    expect(r.status).toBe('pass')
    expect(r.detail).toMatch(
      /^gVisor: the sandbox contained the bomb: it reached 512\+ forks in 60 s without reaching the pids limit 4096 or the memory limit, and the step's timeout ended it; .*next step ran$/
    )
  })

  it('runc: a bomb that only timed out still fails (the pids limit must stop it)', async () => {
    const r = await forkBombProbe.run(ctx(false, { timedOut: true, exitCode: null }))
    expect(r.status).toBe('fail')
  })

  it('gVisor: containment still needs the next step to run', async () => {
    const r = await forkBombProbe.run(ctx(true, { oom: true, sandboxRestarted: true }, false))
    expect(r.status).toBe('fail')
    expect(r.detail).toMatch(/next step did not run after the sandbox ended/)
  })

  it('runc: a bomb ended by the OOM killer without reaching the pids limit still fails', async () => {
    const r = await forkBombProbe.run(ctx(false, { oom: true, exitCode: 137 }))
    expect(r.status).toBe('fail')
    expect(r.detail).toMatch(
      /without hitting the pids limit \(4096\) before the bomb ended \(killed by the OOM killer\)/
    )
  })
})
