import { describe, expect, it } from '@jest/globals'
import { configLoader } from '../../helpers/config.js'

const { load, issues } = configLoader()
const agent = (backend: string) => `agent:
  id: a
  backend:
    command_line_execution_mode: docker
${backend}`

describe('command_line_docker_runtime', () => {
  it('is the runtime name given, and absent (the engine default) when not given', () => {
    expect(load(agent('    command_line_docker_runtime: runsc\n')).agents[0].docker?.runtime).toBe(
      'runsc'
    )
    expect(load(agent('')).agents[0].docker?.runtime).toBeUndefined()
  })

  it('refuses what cannot be a runtime name, with its position', () => {
    expect(issues(agent('    command_line_docker_runtime: "runsc --network=none"\n'))).toEqual([
      'c.yaml:5:34: agent.backend.command_line_docker_runtime: "runsc --network=none" is not a runtime name like "runsc"'
    ])
    expect(issues(agent('    command_line_docker_runtime: [runsc]\n'))).toHaveLength(1)
  })

  it('sets the pids default by runtime: 4096 under gVisor (its host threads count), else 512', () => {
    const pids = (backend: string) => load(agent(backend)).agents[0].docker?.pidsLimit
    expect(pids('')).toBe(512)
    expect(pids('    command_line_docker_runtime: runc\n')).toBe(512)
    expect(pids('    command_line_docker_runtime: runsc\n')).toBe(4096)
    expect(pids('    command_line_docker_runtime: runsc-net\n')).toBe(4096)
    // An explicit limit is the limit, under any runtime.
    expect(
      pids('    command_line_docker_runtime: runsc\n    command_line_docker_pids_limit: 512\n')
    ).toBe(512)
  })

  it('suggests the key when misspelled', () => {
    expect(issues(agent('    command_line_docker_runtme: runsc\n'))).toEqual([
      'c.yaml:5:5: agent.backend: unknown key "command_line_docker_runtme" (did you mean "command_line_docker_runtime"?)'
    ])
  })
})
