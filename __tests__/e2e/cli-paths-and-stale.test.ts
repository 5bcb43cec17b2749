// The bundled CLI, in local and docker mode alike: one rule for the paths a step may use (a
// directory named `..cache` is a directory; a symlink planted in the workspace that leads out is
// refused as work_dir and for file steps), and a run killed with SIGKILL mid-step: its results.json
// is there (status running), its containers are removed by the next run or by `cleanup --stale`,
// and a concurrent live run is left alone.
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { CLI, runNode } from '../helpers/run-dist.js'
import { containersOfRun } from '../helpers/run-containers.js'

function project(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cli-${tag}-`))
  // The container's uid 1000 must be able to enter it (mkdtemp makes 0700).
  execFileSync('chmod', ['755', dir])
  return dir
}

const results = (out: string): RunResults =>
  JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))

async function until<T>(what: string, fn: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = (() => {
      try {
        return fn()
      } catch {
        return undefined
      }
    })()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe.each(['local', 'docker'])('paths in %s mode', (mode) => {
  it('accepts a ..cache directory as work_dir and refuses a planted symlink that leads out', async () => {
    const dir = project(`paths-${mode}`)
    const ws = join(dir, 'ws')
    mkdirSync(join(ws, '..cache'), { recursive: true })
    const outside = join(dir, 'outside')
    mkdirSync(outside)
    writeFileSync(join(outside, 'secret.txt'), 'host secret\n')
    symlinkSync(outside, join(ws, 'escape'))
    execFileSync('chmod', ['-R', 'a+rwX', dir])
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:
  id: a
  backend: {cwd: ${ws}, command_line_execution_mode: ${mode}}
  commands:
    - run: pwd
      work_dir: ..cache
    - run: ls
      work_dir: escape
`
    )
    const out = join(dir, 'out')
    const r = await runNode(CLI, ['run', config, '--out', out, '--working-directory', dir])
    expect(r.code).toBe(1)
    const steps = results(out).agents[0].commands
    expect(steps[0]).toMatchObject({ status: 'passed', stdout: `${join(ws, '..cache')}\n` })
    expect(steps[1]).toMatchObject({ status: 'error' })
    expect(steps[1].reason).toMatch(/work_dir .*escape \(resolves to .*outside\) is outside/)
    expect(steps[1].stdout).not.toMatch(/secret/)
  })

  it.each([
    ['read through a planted link', 'read_file: {path: escape/secret.txt}'],
    ['write through a planted link', 'write_file: {path: escape/planted.txt, content: x}'],
    ['write with ..', 'write_file: {path: ../outside/dots.txt, content: x}'],
    ['write an absolute path outside', 'write_file: {path: OUTSIDE/abs.txt, content: x}']
  ])('%s: a clear error, nothing touched outside', async (_name, step) => {
    const dir = project(`file-${mode}`)
    const ws = join(dir, 'ws')
    mkdirSync(ws)
    const outside = join(dir, 'outside')
    mkdirSync(outside)
    writeFileSync(join(outside, 'secret.txt'), 'host secret\n')
    symlinkSync(outside, join(ws, 'escape'))
    execFileSync('chmod', ['-R', 'a+rwX', dir])
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:\n  id: a\n  backend: {cwd: ${ws}, command_line_execution_mode: ${mode}}\n  commands:\n    - ${step.replace('OUTSIDE', outside)}\n`
    )
    const out = join(dir, 'out')
    const r = await runNode(CLI, ['run', config, '--out', out, '--working-directory', dir])
    expect(r.code).toBe(1)
    const s = results(out).agents[0].commands[0]
    expect(s.status).toBe('error')
    expect(s.reason).toMatch(/is outside the agent's allowed paths/)
    expect(s.stdout).not.toMatch(/host secret/)
    expect(execFileSync('ls', [outside], { encoding: 'utf8' }).trim()).toBe('secret.txt')
  })
})

describe('a local agent and its read-only context path', () => {
  it('blocks a write into it before it runs (rule read-only-path), and lets reads through', async () => {
    const dir = project('ro-local')
    const ctx = join(dir, 'ctx')
    mkdirSync(ctx)
    writeFileSync(join(ctx, 'readme'), 'context\n')
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:\n  id: a\n  backend:\n    cwd: ${join(dir, 'ws')}\n    context_paths: [{path: ${ctx}, permission: read}]\n  commands:\n    - cat ${ctx}/readme\n    - run: echo x > ${ctx}/f\n      allow_failure: true\n    - run: cd ${ctx} && touch new\n`
    )
    const out = join(dir, 'out')
    const r = await runNode(CLI, ['run', config, '--out', out, '--working-directory', dir])
    expect(r.code).toBe(1)
    const steps = results(out).agents[0].commands
    expect(steps.map((s) => [s.status, s.rule])).toEqual([
      ['passed', undefined],
      ['blocked', 'read-only-path'],
      ['blocked', 'read-only-path']
    ])
    expect(steps[1].reason).toContain(`writes ${ctx}/f, inside the read-only context path`)
    expect(execFileSync('ls', [ctx], { encoding: 'utf8' }).trim()).toBe('readme')
  })
})

describe('a run killed with SIGKILL', () => {
  it('leaves results.json; the next run removes its containers but not a live run’s', async () => {
    const dir = project('sigkill')
    const config = join(dir, 'config.yaml')
    writeFileSync(
      config,
      `agent:\n  id: k\n  backend: {cwd: ws, command_line_execution_mode: docker}\n  commands:\n    - echo started\n    - sleep 300\n`
    )
    const start = (out: string) =>
      spawn(process.execPath, [CLI, 'run', config, '--out', out, '--working-directory', dir], {
        stdio: ['ignore', 'pipe', 'pipe']
      })
    const killedOut = join(dir, 'killed')
    const liveOut = join(dir, 'live')
    const killed = start(killedOut)
    const live = start(liveOut)
    const runIdOf = (out: string) =>
      until(`${out} to record its first step`, () => {
        const r = results(out)
        return r.agents[0]?.commands.length ? r.runId : undefined
      })
    const [killedId, liveId] = await Promise.all([runIdOf(killedOut), runIdOf(liveOut)])
    killed.kill('SIGKILL')
    await new Promise((r) => killed.once('exit', r))
    const left = results(killedOut)
    expect(left).toMatchObject({ status: 'running', runId: killedId })
    expect(left.agents[0].commands[0]).toMatchObject({ status: 'passed', stdout: 'started\n' })
    expect(containersOfRun(killedId)).toHaveLength(1)

    // The next run of any config sweeps the dead run's container first.
    const other = join(dir, 'other.yaml')
    writeFileSync(
      other,
      `agent:\n  id: o\n  backend: {cwd: ws2, command_line_execution_mode: docker}\n  commands:\n    - "true"\n`
    )
    const next = await runNode(CLI, [
      'run',
      other,
      '--out',
      join(dir, 'next'),
      '--working-directory',
      dir
    ])
    expect(next.code).toBe(0)
    expect(next.stdout).toMatch(/removed 1 container\(s\) left by run\(s\) whose process is gone/)
    expect(containersOfRun(killedId)).toEqual([])
    expect(containersOfRun(liveId)).toHaveLength(1)

    // `cleanup --stale` finds nothing more, and still leaves the live run alone.
    const clean = await runNode(CLI, ['cleanup', '--stale'])
    expect(clean.stdout).toMatch(/stale: removed 0 container/)
    expect(containersOfRun(liveId)).toHaveLength(1)

    live.kill('SIGTERM')
    await new Promise((r) => live.once('exit', r))
    expect(containersOfRun(liveId)).toEqual([])
  })

  it('prints the run id at the start', async () => {
    const dir = project('runid')
    const config = join(dir, 'config.yaml')
    writeFileSync(config, `agent:\n  id: a\n  backend: {cwd: ws}\n  commands: ["true"]\n`)
    const r = await runNode(CLI, [
      'run',
      config,
      '--out',
      join(dir, 'out'),
      '--working-directory',
      dir
    ])
    const first = r.stdout.split('\n')[0]
    expect(first).toBe(`run ${results(join(dir, 'out')).runId}: results in ${join(dir, 'out')}`)
  })
})
