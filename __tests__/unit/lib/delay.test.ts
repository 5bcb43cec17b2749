// delay (src/lib/delay.ts), the one promise timer (docker's polls, the MCP queue's waits).
import { describe, expect, it } from '@jest/globals'
import { delay } from '../../../src/lib/delay.js'

describe('delay', () => {
  it('resolves, ref’d or not', async () => {
    await expect(delay(5)).resolves.toBeUndefined()
    await expect(delay(5, { unref: true })).resolves.toBeUndefined()
  })
})
