// MassGen's srt execution mode and its six `command_line_srt_*` keys in the loader.
import { describe, expect, it } from '@jest/globals'
import { homedir } from 'node:os'
import { loadConfig } from '../../../src/config/load.js'
import { configLoader } from '../../helpers/config.js'

const wd = '/work/project'
const { load, issues } = configLoader(wd)

describe('srt mode in the config', () => {
  it('MassGen srt example: mode srt with the defaults (confined reads, no network, writable)', async () => {
    const plan = await loadConfig('__tests__/fixtures/massgen/srt_sandbox.yaml', {
      workingDirectory: wd
    })
    const a = plan.agents[0]
    expect(a.mode).toBe('srt')
    expect(a.docker).toBeUndefined()
    expect(a.policy.enableSudo).toBe(false)
    // No network key and no command_line_egress: no egress at all.
    expect(a.egress).toBeUndefined()
    expect(a.srt).toEqual({
      readMode: 'confined',
      denyRead: [],
      allowRead: [],
      allowUnixSockets: [],
      readOnly: false
    })
  })

  it('all six keys: paths resolved against the working directory, ~ expanded', async () => {
    const plan = await loadConfig('__tests__/fixtures/massgen/srt_all_keys.yaml', {
      workingDirectory: wd
    })
    // The network key feeds the shared egress model (one list logic), not the srt settings.
    expect(plan.agents[0].egress).toEqual({
      allowedDomains: [],
      presets: [],
      allowedPrivateRanges: [],
      audit: false,
      srtAllowedDomains: ['pypi.org', '*.pythonhosted.org']
    })
    expect(plan.agents[0].srt).toEqual({
      readMode: 'strict',
      denyRead: [`${homedir()}/.config/private`, '/srv/secrets'],
      allowRead: ['/srv/shared-data'],
      allowUnixSockets: ['/run/user/1000/ssh-agent.sock'],
      readOnly: false
    })
    const ro = load(`
agent:
  backend:
    command_line_execution_mode: srt
    command_line_srt_read_only: true
    command_line_srt_deny_read: [private]
`)
    expect(ro.agents[0].srt).toMatchObject({ readOnly: true, denyRead: ['/work/project/private'] })
  })

  it('command_line_egress and the srt list add up for an srt agent, each entry with its source', () => {
    const plan = load(`
agent:
  backend:
    command_line_execution_mode: srt
    command_line_srt_network_allowed_domains: [files.example.org]
    command_line_egress:
      allowed_domains: [pypi.org]
      presets: [npm]
      allowed_private_ranges: [10.0.0.0/8]
  commands:
    - run: pip install x
    - run: pytest
      egress: false
`)
    const a = plan.agents[0]
    expect(a.egress).toMatchObject({
      allowedDomains: ['pypi.org'],
      presets: ['npm'],
      allowedPrivateRanges: ['10.0.0.0/8'],
      srtAllowedDomains: ['files.example.org']
    })
    expect(a.steps.map((s) => (s.kind === 'run' ? s.egress : null))).toEqual([undefined, false])
  })

  it('srt keys are not read for other modes', () => {
    const plan = load(`
agent:
  backend:
    command_line_execution_mode: docker
    command_line_srt_read_mode: strict
`)
    expect(plan.agents[0].srt).toBeUndefined()
  })

  it('rejects a bad read mode and a misspelled srt key with file:line:col', () => {
    expect(
      issues(`
agent:
  backend:
    command_line_execution_mode: srt
    command_line_srt_read_mode: closed
    command_line_srt_deny_reads: [x]
`)
    ).toEqual([
      'c.yaml:5:33: agent.backend.command_line_srt_read_mode: "closed" is not one of "confined", "strict", "open"',
      'c.yaml:6:5: agent.backend: unknown key "command_line_srt_deny_reads" (did you mean "command_line_srt_deny_read"?)'
    ])
    expect(issues('agent:\n  backend:\n    command_line_execution_mode: sandbox\n')[0]).toMatch(
      /"local", "docker", "srt"/
    )
  })
})
