// The one egress endpoint both sandboxes use (egress/endpoint.ts): refusal lines logged once
// each, the step switched (and restored after a pseudo-step), the "network refused" note of a
// step, and its two factories (socket + relay for docker, front + token for srt).
import { describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import {
  emptyEgressConfig,
  onceEachLine,
  openFrontEndpoint,
  openSocketEndpoint,
  type EgressProxy
} from '../../../../src/runtime/egress/index.js'

const REFUSED = { allowed: false, rule: 'not-listed', reason: 'evil.test is not listed' }

describe('onceEachLine', () => {
  it('passes each distinct line once, and at most 1000 lines', () => {
    const got: string[] = []
    const log = onceEachLine((l) => got.push(l))
    log('a')
    log('a')
    log('b')
    log('a')
    expect(got).toEqual(['a', 'b'])
    for (let i = 0; i < 2000; i++) log(`line ${i}`)
    expect(got).toHaveLength(1000)
  })
})

describe('the egress endpoint', () => {
  it('front + token: registers its proxy under a fresh token, switches steps, notes refusals, closes once', async () => {
    const registered: [string, EgressProxy][] = []
    let unregistered = 0
    const { endpoint, token } = await openFrontEndpoint({
      config: { ...emptyEgressConfig(), allowedDomains: ['pypi.org'] },
      log: () => undefined,
      resolve: async () => [],
      register: (t, p) => {
        registered.push([t, p])
        return () => void unregistered++
      }
    })
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(registered).toEqual([[token, endpoint.proxy]])
    const t0 = Date.now()
    // Outside a step: no note.
    expect(endpoint.refusalNote(t0)).toBe('')
    endpoint.setStep({ index: 0, name: 'deps', egress: true })
    endpoint.proxy.events.record('evil.test', 443, 'refused', REFUSED)
    endpoint.proxy.events.record('evil.test', 443, 'refused', REFUSED)
    expect(endpoint.refusalNote(t0)).toBe('network refused: evil.test:443')
    // A pseudo-step, then back to the step it interrupted.
    await endpoint.during({ index: -1, name: 'preinstall', egress: true }, async () => {
      expect(endpoint.currentStep?.name).toBe('preinstall')
    })
    expect(endpoint.currentStep).toEqual({ index: 0, name: 'deps', egress: true })
    // A later step has no note for an earlier one's refusals.
    endpoint.setStep({ index: 1, egress: true })
    expect(endpoint.refusalNote(t0)).toBe('')
    expect(endpoint.report().steps.map((s) => [s.index, s.name])).toEqual([
      [0, 'deps'],
      [-1, 'preinstall'],
      [1, undefined]
    ])
    await Promise.all([endpoint.close(), endpoint.close()])
    expect(unregistered).toBe(1)
  })

  it('names at most five destinations in a note', async () => {
    const { endpoint } = await openFrontEndpoint({
      config: emptyEgressConfig(),
      log: () => undefined,
      resolve: async () => [],
      register: () => () => undefined
    })
    endpoint.setStep({ index: 3, egress: true })
    for (let i = 0; i < 7; i++) endpoint.proxy.events.record(`h${i}.test`, 80, 'refused', REFUSED)
    expect(endpoint.refusalNote(0)).toBe(
      'network refused: h0.test:80, h1.test:80, h2.test:80, h3.test:80, h4.test:80, …'
    )
    await endpoint.close()
  })

  it('socket + relay: the attachment and the endpoint share one proxy; close removes the directory', async () => {
    const { endpoint, attachment } = await openSocketEndpoint({
      config: emptyEgressConfig(),
      log: () => undefined,
      resolve: async () => []
    })
    expect(attachment.proxy).toBe(endpoint.proxy)
    expect(existsSync(attachment.hostDir.dir)).toBe(true)
    await endpoint.close()
    expect(existsSync(attachment.hostDir.dir)).toBe(false)
  })
})
