// Any image with /bin/sh works as an agent image (issue 22): a stock debian:bookworm-slim runs
// run, write_file and read_file steps; an image without `sleep` (the keepalive) fails saying so;
// an image without the file-step tools runs its run steps and warns at start which are missing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../../src/report/types.js'
import { CLI, runNode } from '../../helpers/run-dist.js'

const tag = (what: string) => `massgen-exec-test/any-image-${what}:${process.pid}`
const NO_SLEEP = tag('no-sleep')
const NO_HEAD = tag('no-head')

function build(ref: string, run: string): void {
  execFileSync('docker', ['build', '-q', '-t', ref, '-'], {
    input: `FROM debian:bookworm-slim\nRUN ${run}\n`,
    stdio: ['pipe', 'ignore', 'pipe']
  })
}

async function runWith(image: string, commands: string) {
  const dir = mkdtempSync(join(tmpdir(), 'any-image-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `agent:\n  id: bare\n  backend:\n    cwd: ws\n    command_line_execution_mode: docker\n    command_line_docker_image: ${image}\n  commands:\n${commands}`
  )
  const r = await runNode(CLI, [
    'run',
    config,
    '--out',
    join(dir, 'out'),
    '--working-directory',
    dir
  ])
  const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
  return { ...r, res }
}

describe('an agent image that is not ours', () => {
  beforeAll(() => {
    build(NO_SLEEP, 'rm /usr/bin/sleep')
    build(NO_HEAD, 'rm /usr/bin/head /usr/bin/tail')
  }, 300_000)
  afterAll(() => {
    execFileSync('docker', ['rmi', '-f', NO_SLEEP, NO_HEAD], { stdio: 'ignore' })
  })

  it('debian:bookworm-slim runs echo ok, write_file and read_file steps', async () => {
    const { code, res, stdout } = await runWith(
      'debian:bookworm-slim',
      '    - echo ok\n    - write_file: {path: notes/a.txt, content: "one\\ntwo\\n"}\n    - read_file: {path: notes/a.txt, offset: 1}\n'
    )
    expect(res.agents[0].commands.map((c) => [c.status, c.stdout])).toEqual([
      ['passed', 'ok\n'],
      ['passed', expect.anything()],
      ['passed', 'two\n']
    ])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(/warning: image/)
  }, 180_000)

  it('an image without sleep fails at start, naming sleep and what an agent image needs', async () => {
    const { code, res } = await runWith(NO_SLEEP, '    - echo ok\n')
    expect(code).toBe(2)
    expect(res.agents[0].error).toMatch(
      new RegExp(
        `image ${NO_SLEEP.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has no sleep, which the harness needs for the container keepalive \\(\`sleep infinity\`\\); an agent image needs /bin/sh and sleep`
      )
    )
  }, 180_000)

  it('an image without head and tail runs its run steps and warns at start that file steps will fail', async () => {
    const { code, res, stdout } = await runWith(NO_HEAD, '    - echo ok\n')
    expect(code).toBe(0)
    expect(res.agents[0].commands[0].stdout).toBe('ok\n')
    expect(stdout).toMatch(
      /\[bare\] warning: image \S+ has no head, tail: write_file and read_file steps will fail in it/
    )
  }, 180_000)
})
