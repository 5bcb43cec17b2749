// Probe 4 reads listening sockets from /proc/net/tcp{,6}: their hex address form, decoded.
import { describe, expect, it } from '@jest/globals'
import { procNetAddress } from '../../../../src/isolation/probes/network.js'

describe('procNetAddress', () => {
  it('decodes IPv4 (little-endian) and IPv6 (four little-endian words) addresses', () => {
    expect(procNetAddress('0100007F:0C38')).toBe('127.0.0.1:3128')
    expect(procNetAddress('00000000:0050')).toBe('0.0.0.0:80')
    expect(procNetAddress('00000000000000000000000001000000:0C38')).toBe('[::1]:3128')
    expect(procNetAddress('00000000000000000000000000000000:1F90')).toBe('[::]:8080')
    expect(procNetAddress('0000000000000000FFFF00000100007F:0C38')).toBe('[::ffff:7f00:1]:3128')
  })
})
