// What a fake AgentSession needs beside the methods a test is about (every session implements
// them): background steps started and forgotten, no logs, no egress.
import type { AgentSession } from '../../src/runtime/types.js'

export const sessionDefaults: Pick<
  AgentSession,
  'execBackground' | 'saveLogs' | 'beginStep' | 'egressReport'
> = {
  async execBackground() {},
  async saveLogs() {},
  beginStep() {},
  egressReport: () => undefined
}
