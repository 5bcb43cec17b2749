// `massgen-exec cleanup` with no option sweeps nothing: it says what --run-id and --stale do and
// exits 2 before it connects to any engine (a sweep of other runs' containers only when asked).
import { describe, expect, it } from '@jest/globals'
import { PassThrough } from 'node:stream'
import { main } from '../../../src/cli/main.js'

async function cli(argv: string[]) {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  stdin.end('')
  const code = await main(argv, { stdin, stdout, stderr })
  return { code, out, err }
}

describe('massgen-exec cleanup', () => {
  it('refuses to run bare, saying what each option removes, without touching an engine', async () => {
    const saved = process.env.DOCKER_HOST
    process.env.DOCKER_HOST = 'unix:///nonexistent/docker.sock'
    try {
      const r = await cli(['cleanup'])
      expect(r.code).toBe(2)
      expect(r.out).toBe('')
      expect(r.err).toMatch(
        /^massgen-exec cleanup: cleanup needs --run-id ID \(remove that run's containers\) or --stale \(remove the containers of every run whose process is gone on this host\); nothing was removed\n/
      )
      expect(r.err).toMatch(/One of the two is required\./)
    } finally {
      if (saved === undefined) delete process.env.DOCKER_HOST
      else process.env.DOCKER_HOST = saved
    }
  })
})
