// Every entry point adds the loopback names to NO_PROXY when the runner has a proxy (some clients
// the product loads would otherwise send loopback URLs to a remote proxy).
import { describe, expect, it } from '@jest/globals'
import { withLoopbackNoProxy } from '../../../../src/lib/no-proxy.js'

const run = (env: NodeJS.ProcessEnv) => {
  withLoopbackNoProxy(env)
  return env
}

describe('withLoopbackNoProxy', () => {
  it('leaves an environment without a proxy alone', () => {
    expect(run({ NO_PROXY: 'x' })).toEqual({ NO_PROXY: 'x' })
    expect(run({})).toEqual({})
  })

  it('adds the loopback names to both spellings, keeping what is there', () => {
    expect(run({ https_proxy: 'http://p:1', no_proxy: '.corp, 127.0.0.1' })).toEqual({
      https_proxy: 'http://p:1',
      NO_PROXY: '.corp,127.0.0.1,localhost,::1',
      no_proxy: '.corp,127.0.0.1,localhost,::1'
    })
    expect(run({ HTTP_PROXY: 'http://p:1' }).NO_PROXY).toBe('localhost,127.0.0.1,::1')
    expect(run({ all_proxy: 'http://p:1' }).no_proxy).toBe('localhost,127.0.0.1,::1')
  })

  it('changes nothing when loopback is already there or everything bypasses', () => {
    expect(run({ HTTPS_PROXY: 'p', NO_PROXY: '*' })).toEqual({ HTTPS_PROXY: 'p', NO_PROXY: '*' })
    const full = { HTTPS_PROXY: 'p', NO_PROXY: 'localhost,127.0.0.1,::1' }
    expect(run({ ...full })).toEqual(full)
  })
})
