// What the probes count as the agent's leftovers after a kill: the session's own rule, so a zombie
// waiting for the init to reap it (CI once failed probe 15 on one) is not a survivor, nor the init,
// nor the listing's own ps when the agent is root.
import { describe, expect, it } from '@jest/globals'
import { agentProcesses } from '../../../../src/isolation/probes/processes.js'
import type { ProbeContext } from '../../../../src/isolation/types.js'

function ctx(uid: number, stdout: string, exitCode = 0): ProbeContext {
  return {
    uid,
    rootExec: async () => ({ exitCode, stdout, stderr: exitCode ? 'ps: not found' : '' })
  } as unknown as ProbeContext
}

const PS = [
  '77',
  '    1 65534 Ss   /sbin/docker-init -- /bin/sleep infinity',
  '    7 65534 S    /bin/sleep infinity',
  '  343  1000 Z    [sleep] <defunct>',
  '  350  1000 S    sleep   600',
  '  351     0 S    /usr/sbin/cron',
  '   77     0 R    /bin/ps -e -o pid=,uid=,stat=,args=',
  ''
].join('\n')

describe('agentProcesses', () => {
  it('lists the live processes of the uid, not its zombies', async () => {
    expect(await agentProcesses(ctx(1000, PS))).toEqual({ processes: ['350 sleep 600'] })
  })

  it('leaves out the listing itself and the init for root and nobody agents', async () => {
    expect(await agentProcesses(ctx(0, PS))).toEqual({ processes: ['351 /usr/sbin/cron'] })
    expect(await agentProcesses(ctx(65534, PS))).toEqual({ processes: ['7 /bin/sleep infinity'] })
  })

  it('says when the processes could not be listed', async () => {
    expect(await agentProcesses(ctx(1000, '', 127))).toEqual({
      error: 'could not list processes: ps: not found'
    })
  })
})
