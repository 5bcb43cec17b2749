// The acceptance run, through the bundled CLI as a user runs it: a config with
// `command_line_docker_runtime: runsc` (registered by scripts/gvisor.sh, which CI runs first).
// State persists between steps, commands run as uid 1000 with only `lo`, a read-only context path
// refuses writes, 700 MB under a 256m limit ends `oom` and the next step runs, `setsid sleep 300 &`
// with a 2 s timeout leaves no process, the runtime is in results.json, the summary and
// `validate --json`, and no container is left. The sudo variant under gVisor is refused (exit 2).
import { describe, expect, it } from '@jest/globals'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../../src/report/types.js'
import { CLI, runNode } from '../../helpers/run-dist.js'
import { containersOfRun } from '../../helpers/run-containers.js'

function project(yaml: (dir: string) => string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cli-gvisor-'))
  chmodSync(dir, 0o755)
  const config = join(dir, 'config.yaml')
  writeFileSync(config, yaml(dir))
  return { dir, config }
}

describe('massgen-exec run with command_line_docker_runtime: runsc', () => {
  it('meets the acceptance list under gVisor and leaves no container', async () => {
    const { dir, config } = project((d) => {
      mkdirSync(join(d, 'docs'), { mode: 0o777 })
      chmodSync(join(d, 'docs'), 0o777) // writable on the host: only the mount refuses
      writeFileSync(join(d, 'docs', 'README'), 'read me\n')
      return `
agent:
  id: untrusted
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_runtime: runsc
    command_line_docker_memory_limit: "256m"
    context_paths:
      - path: ${join(d, 'docs')}
        permission: read
  commands:
    - name: kernel
      run: dmesg | grep -c 'Starting gVisor'
    - name: state and uid
      run: |-
        echo remembered > state.txt && id -u && tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '
    - name: persists
      run: cat state.txt
    - name: read-only context path
      run: touch ${join(d, 'docs', 'nope')} || echo refused
    - name: allocate 700 MB
      run: python3 -c "x = bytearray(700 * 1024 * 1024); print(len(x))"
      allow_failure: true
    - name: after the oom
      run: cat state.txt
    - name: detached child
      run: setsid sleep 300 & echo started; sleep 300
      timeout: 2
      allow_failure: true
    - name: nothing left
      run: pgrep -u 1000 -x sleep
      expect_exit: 1
`
    })
    const validate = await runNode(CLI, ['validate', config, '--json', '--working-directory', dir])
    expect(validate.code).toBe(0)
    expect(JSON.parse(validate.stdout).agents[0].limits).toMatchObject({
      runtime: 'runsc',
      pids: 4096,
      memory: '256m'
    })

    const r = await runNode(CLI, [
      'run',
      config,
      '--out',
      join(dir, 'out'),
      '--working-directory',
      dir
    ])
    const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
    const steps = res.agents[0].commands
    const by = (name: string) => steps.find((s) => s.name === name)!
    expect(steps.map((s) => [s.name, s.status])).toEqual([
      ['kernel', 'passed'],
      ['state and uid', 'passed'],
      ['persists', 'passed'],
      ['read-only context path', 'passed'],
      ['allocate 700 MB', 'oom'],
      ['after the oom', 'passed'],
      ['detached child', 'timeout'],
      ['nothing left', 'passed']
    ])
    expect(r.code).toBe(0)
    expect(by('state and uid').stdout).toBe('1000\nlo\n')
    expect(by('persists').stdout).toBe('remembered\n')
    expect(by('read-only context path').stdout).toBe('refused\n')
    expect(existsSync(join(dir, 'docs', 'nope'))).toBe(false)
    expect(by('allocate 700 MB').reason).toMatch(
      /^killed: out of memory \(gVisor: out of memory ends the whole sandbox, not one process \(exit 137\); container restarted/
    )
    expect(by('allocate 700 MB').durationMs).toBeLessThan(30_000)
    expect(by('after the oom').stdout).toBe('remembered\n')
    expect(by('detached child').stdout).toBe('started\n')
    expect(res.agents[0].limits).toMatchObject({ runtime: 'runsc', pidsLimit: 4096 })
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toMatch(
      /### .* untrusted \(docker, massgen\/mcp-runtime:latest, runtime runsc\)/
    )
    expect(containersOfRun(res.runId)).toEqual([])
  })

  it('refuses the sudo variant under gVisor with its reason (exit 2), before any container', async () => {
    const { dir, config } = project(
      () => `
agent:
  id: rooted
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_runtime: runsc
    command_line_docker_enable_sudo: true
  commands:
    - sudo -n id -u
`
    )
    const r = await runNode(CLI, [
      'run',
      config,
      '--out',
      join(dir, 'out'),
      '--working-directory',
      dir
    ])
    expect(r.code).toBe(2)
    const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
    expect(JSON.stringify(res)).toMatch(
      /command_line_docker_enable_sudo cannot work under gVisor, which sets no-new-privileges on every process/
    )
    expect(containersOfRun(res.runId)).toEqual([])
  })
})
