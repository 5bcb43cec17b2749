// The bundled CLI as GitHub's runner user (uid 1001, in the docker group) on a checkout it owns:
// the agent runs as 1001, writes anywhere in the checkout, what it creates is 1001's on the host,
// and no host file's mode or owner changes. A checkout owned by root keeps the image's user and
// says so at start, with the fix; nothing is chmod'ed for it.
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chownSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { containersOfRun } from '../helpers/run-containers.js'
import { CLI, runNode } from '../helpers/run-dist.js'

const RUNNER_UID = 1001

/** Runs the bundled CLI as user `runner`; resolves with its exit code and output. */
function cliAsRunner(args: string[]): { code: number; out: string } {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  try {
    const out = execFileSync(
      'su',
      ['runner', '-s', '/bin/bash', '-c', [process.execPath, CLI, ...args].map(q).join(' ')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }
    )
    return { code: 0, out }
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string }
    return { code: err.status, out: `${err.stdout}${err.stderr}` }
  }
}

/** mode and owner of every path under `dir`. */
function snapshot(dir: string): Map<string, string> {
  const lines = execFileSync('find', [dir, '-printf', '%P %m %u:%g\\n'], { encoding: 'utf8' })
  return new Map(
    lines
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const i = l.lastIndexOf(' ', l.lastIndexOf(' ') - 1)
        return [l.slice(0, i), l.slice(i + 1)]
      })
  )
}

function checkout(owner: number): { dir: string; repo: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mgx-nonroot-'))
  const repo = join(dir, 'repo')
  for (const d of ['tests', 'pkg']) mkdirSync(join(repo, d), { recursive: true })
  writeFileSync(
    join(repo, 'pyproject.toml'),
    '[project]\nname = "demo"\nversion = "0.1"\n[build-system]\nrequires = ["setuptools"]\n' +
      'build-backend = "setuptools.build_meta"\n[tool.setuptools]\npackages = ["pkg"]\n'
  )
  writeFileSync(join(repo, 'pkg', '__init__.py'), '')
  writeFileSync(join(repo, 'tests', 'test_x.py'), 'def test_x():\n    assert True\n')
  execFileSync('chown', ['-R', `${owner}:${owner}`, dir])
  return { dir, repo }
}

const results = (dir: string): RunResults =>
  JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'))

describe('a non-root runner (uid 1001) on a checkout it owns', () => {
  it('the agent writes anywhere in it as 1001; nothing on the host changes mode or owner', async () => {
    const { dir, repo } = checkout(RUNNER_UID)
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:
  id: a
  backend: {cwd: ${repo}, command_line_execution_mode: docker}
  commands:
    - id -u; id -g
    - touch tests/new_file && mkdir -p pkg/build/deep && echo x > pkg/build/deep/f
    - pip install --no-build-isolation --no-index -e . && python3 -c 'import pkg; print("imported")'
    - python3 -m pytest -q -p no:cacheprovider tests
`
    )
    chownSync(config, RUNNER_UID, RUNNER_UID)
    const before = snapshot(repo)
    const r = cliAsRunner(['run', config, '--out', join(dir, 'out')])
    const res = results(dir)
    expect(r.out).toContain('container user 1001:1001')
    expect(res.agents[0].commands.map((c) => c.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed'
    ])
    expect(r.code).toBe(0)
    expect(res.agents[0].commands[0].stdout).toBe('1001\n1001\n')
    expect(res.agents[0].commands[2].stdout).toContain('imported')
    // New files are the runner's; the files that were there kept their mode and owner.
    for (const f of ['tests/new_file', 'pkg/build/deep/f', 'pkg/build'])
      expect(statSync(join(repo, f)).uid).toBe(RUNNER_UID)
    const after = snapshot(repo)
    for (const [path, modeOwner] of before)
      expect([path, after.get(path)]).toEqual([path, modeOwner])
    for (const [path, modeOwner] of after)
      if (!before.has(path))
        expect([path, modeOwner]).toEqual([path, expect.stringMatching(/ runner:runner$/)])
    expect(containersOfRun(res.runId)).toEqual([])
  })

  it('a checkout owned by root keeps the image user 1000, says so with the fix, and is not chmod-ed', async () => {
    const { dir, repo } = checkout(0)
    await chmod(repo, 0o755)
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:
  id: a
  backend: {cwd: ${repo}, command_line_execution_mode: docker}
  commands:
    - id -u
    - touch tests/new_file
`
    )
    const before = snapshot(repo)
    const r = await runNode(CLI, ['run', config, '--out', join(dir, 'out')])
    const res = results(dir)
    expect(r.stdout).toMatch(
      /warning: the workspace .* is not writable by the container user 1000:1000.*chown -R 1000:1000/
    )
    expect(res.agents[0].commands[0].stdout).toBe('1000\n')
    expect(res.agents[0].commands[1].status).toBe('failed')
    expect(snapshot(repo)).toEqual(before)
  })
})
