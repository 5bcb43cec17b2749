// Containers left by dead runs: who owns a container, when that owner is certainly gone, and the
// sweep that removes exactly those (never a live run's, never another host's, never unlabelled).
import { describe, expect, it } from '@jest/globals'
import { dockerDefaults } from '../../../../src/runtime/docker/container-spec.js'
import { containerCreateOptions } from '../../../../src/runtime/docker/container-spec.js'
import {
  currentOwner,
  ownerIsGone,
  ownerLabels,
  startTimeOf,
  type Owner,
  type ProcFs
} from '../../../../src/runtime/docker/owner.js'
import { sweepStale } from '../../../../src/runtime/docker/runtime.js'
import { agentPlan } from '../../../helpers/plan.js'
import { FakeClient } from './fake-client.js'

const me: Owner = { host: 'runner', bootId: 'boot-1', pid: 100, start: '5000' }

/** /proc/<pid>/stat with the given start time (field 22), a command name with spaces and parens. */
function stat(pid: number, start: string): string {
  const fields = Array.from({ length: 50 }, (_, i) => String(i + 3))
  fields[19] = start
  return `${pid} (my (odd) name) ${fields.join(' ')}`
}

const proc = (alive: Record<number, string>): ProcFs => ({
  read: (path) => {
    const m = /^\/proc\/(\d+)\/stat$/.exec(path)
    return m && alive[Number(m[1])] !== undefined
      ? stat(Number(m[1]), alive[Number(m[1])])
      : undefined
  }
})

describe('owner', () => {
  it('reads the start time past a command name with spaces and parentheses', () => {
    expect(startTimeOf(7, proc({ 7: '123456' }))).toBe('123456')
    expect(startTimeOf(8, proc({}))).toBeUndefined()
  })

  it('describes this process with a real boot id and start time', () => {
    const o = currentOwner()
    expect(o.pid).toBe(process.pid)
    expect(o.bootId).toMatch(/^[0-9a-f-]{36}$/)
    expect(o.start).toMatch(/^\d+$/)
  })

  it('calls an owner gone only when that is certain', () => {
    const labels = (o: Partial<Owner>) => ownerLabels({ ...me, pid: 200, start: '7000', ...o })
    const alive = proc({ 200: '7000', 300: '1' })
    // The owner's pid is alive with the same start time: a live run.
    expect(ownerIsGone(labels({}), me, alive)).toBe(false)
    // The pid is gone.
    expect(ownerIsGone(labels({ pid: 201 }), me, alive)).toBe(true)
    // The pid was reused by another process.
    expect(ownerIsGone(labels({ pid: 300 }), me, alive)).toBe(true)
    // The machine rebooted since.
    expect(ownerIsGone(labels({ bootId: 'boot-0', pid: 200 }), me, alive)).toBe(true)
    // Another host's container: not ours to judge.
    expect(ownerIsGone(labels({ host: 'other', pid: 201 }), me, alive)).toBe(false)
    // No owner labels at all (created by an older version, or by someone else).
    expect(ownerIsGone({}, me, alive)).toBe(false)
    // This very process.
    expect(ownerIsGone(ownerLabels(me), me, alive)).toBe(false)
  })
})

describe('sweepStale', () => {
  it('removes our containers whose owner is gone, and nothing else', async () => {
    const client = new FakeClient()
    const create = (name: string, labels: Record<string, string>, managed = true) =>
      client.createContainer({
        ...containerCreateOptions({
          agent: agentPlan({ id: name, mode: 'docker', workspace: '/w', maxOutputBytes: 1 }),
          config: dockerDefaults(),
          image: 'img',
          name,
          runId: `run-${name}`,
          version: '0',
          mounts: [],
          env: {},
          ownerLabels: labels
        }),
        ...(managed ? {} : { Labels: labels })
      })
    const self = currentOwner()
    await create('dead', ownerLabels({ ...self, pid: 999_999_999, start: '1' }))
    await create('live', ownerLabels(self))
    await create('elsewhere', ownerLabels({ ...self, host: 'another-host', pid: 999_999_999 }))
    await create('foreign', ownerLabels({ ...self, pid: 999_999_999 }), false)
    const removed = await sweepStale(client, self)
    expect(removed.map((c) => c.Names[0])).toEqual(['/dead'])
    expect([...client.containers.values()].map((c) => c.spec.name).sort()).toEqual([
      'elsewhere',
      'foreign',
      'live'
    ])
  })
})
