// Hardening, end to end through the bundled action and CLI: a credential canary passed with
// env_vars goes through every kind of step (output, stderr, a background step, a JUnit report
// naming it, read_file, a flood that cuts it at the output cap) and is found in no file under the
// output directory and not in the job summary, not even in part; and the default docker agent has
// a read-only root filesystem while `pip install` into its venv still works and persists.
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { ACTION_MAIN, CLI, RunnerFiles, runNode } from '../helpers/run-dist.js'

function project(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hardening-'))
  execFileSync('chmod', ['755', dir])
  writeFileSync(join(dir, 'massgen.yaml'), yaml)
  return dir
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
}

describe('a canary credential', () => {
  it('is in no file of the output directory and not in the job summary, for every step kind', async () => {
    const canary = `canary-${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`
    const junit =
      `printf '<testsuite tests="1" failures="1"><testcase classname="c" name="%s">` +
      `<failure message="%s"/></testcase></testsuite>' "$MGX_CANARY" "$MGX_CANARY" > report.xml; exit 1`
    const dir = project(`
agent:
  id: leaky
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_max_output_bytes: 1024
    command_line_docker_credentials:
      env_vars: [MGX_CANARY]
  commands:
    - echo "out $MGX_CANARY" && echo "$MGX_CANARY" > c.txt
    - run: echo "bg $MGX_CANARY"; sleep 2
      background: true
    - run: ${JSON.stringify(junit)}
      junit: report.xml
      allow_failure: true
    - read_file: {path: c.txt}
    - run: head -c 509 /dev/zero | tr '\\0' a; printf %s "$MGX_CANARY"; head -c 4000 /dev/zero | tr '\\0' b
    - run: echo "err $MGX_CANARY" >&2; exit 3
      allow_failure: true
`)
    const runner = new RunnerFiles()
    const out = join(dir, 'out')
    const r = await runNode(ACTION_MAIN, [], {
      cwd: dir,
      env: runner.stepEnv(
        {
          config: 'massgen.yaml',
          'working-directory': dir,
          'output-dir': out,
          'upload-artifacts': 'false'
        },
        { MGX_CANARY: canary }
      )
    })
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults
    expect(results.agents[0].commands.map((c) => c.status)).toEqual([
      'passed',
      'passed',
      'failed',
      'passed',
      'passed',
      'failed'
    ])
    // The steps did see it (redacted): it was really there to leak.
    expect(results.agents[0].commands[0].stdout).toBe('out ***\n')
    expect(results.agents[0].commands[2].junit?.failed.join(' ')).toMatch(/\*\*\*/)
    expect(results.agents[0].commands[4].truncated).toBe(true)
    const files = filesUnder(out)
    expect(files.map((f) => f.slice(out.length + 1)).sort()).toEqual(
      expect.arrayContaining([
        'results.json',
        'summary.md',
        'leaky/commands.log',
        'leaky/docker_container.log',
        expect.stringMatching(/^leaky\/background_.*\.log$/)
      ])
    )
    const summary = readFileSync(runner.summary, 'utf8')
    for (const [name, text] of [
      ...files.map((f) => [f, readFileSync(f, 'latin1')]),
      ['job summary', summary],
      // ::add-mask:: lines are how the runner learns to mask it; the runner never prints them.
      [
        'action log',
        r.stdout
          .split('\n')
          .filter((l) => !l.startsWith('::add-mask::'))
          .join('\n')
      ]
    ]) {
      // Not the canary, and no 8-character piece of it either (a cut at the output cap).
      for (let i = 0; i + 8 <= canary.length; i++)
        expect({ name, leak: text.includes(canary.slice(i, i + 8)) }).toEqual({ name, leak: false })
    }
  })
})

describe('the default docker agent', () => {
  it('has a read-only root, and pip installs a local wheel into its venv that the next step imports', async () => {
    const dir = project(`
agent:
  id: builder
  backend: {cwd: ws, command_line_execution_mode: docker}
  commands:
    - awk '$2=="/"' /proc/mounts
    - run: touch /usr/local/bin/planted
      expect_exit: 1
    - write_file:
        path: pkg/setup.py
        content: "from setuptools import setup\\nsetup(name='mgxdemo', version='1.0', py_modules=['mgxdemo'])\\n"
    - write_file: {path: pkg/mgxdemo.py, content: "VALUE = 42\\n"}
    - cd pkg && python3 -m pip wheel -q --no-index --no-build-isolation --no-deps -w ../wheels . && python3 -m pip install -q --no-index ../wheels/mgxdemo-1.0-py3-none-any.whl
    - cd / && python3 -c "import mgxdemo, sys; print(mgxdemo.VALUE, sys.prefix)"
`)
    const r = await runNode(CLI, ['run', 'massgen.yaml', '--out', 'out'], { cwd: dir })
    const results = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as RunResults
    const steps = results.agents[0].commands
    expect({ code: r.code, statuses: steps.map((s) => s.status) }).toEqual({
      code: 0,
      statuses: ['passed', 'passed', 'passed', 'passed', 'passed', 'passed']
    })
    expect(steps[0].stdout).toMatch(/^\S+ \/ \S+ ro[,\s]/)
    expect(steps[5].stdout).toBe('42 /home/massgen/.venv\n')
  })
})
