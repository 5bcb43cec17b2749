import { describe, expect, it } from '@jest/globals'
import type { RunStep } from '../../../src/config/types.js'
import { configLoader } from '../../helpers/config.js'

const { load, issues } = configLoader()

describe('command_line_egress in the config', () => {
  it('loads the allowlist and the per-step switch', () => {
    const plan = load(`
agent:
  backend:
    command_line_execution_mode: docker
    command_line_egress:
      allowed_domains: ["allowed.test:8080", "*.pythonhosted.org"]
      presets: [python, github]
      allowed_private_ranges: ["127.0.0.1/32"]
  commands:
    - run: pip install -r requirements.txt
      name: deps
    - run: pytest
      egress: false
    - run: echo default
`)
    const a = plan.agents[0]
    expect(a.egress).toEqual({
      allowedDomains: ['allowed.test:8080', '*.pythonhosted.org'],
      presets: ['python', 'github'],
      allowedPrivateRanges: ['127.0.0.1/32'],
      audit: false,
      srtAllowedDomains: []
    })
    expect(a.docker?.network).toBe('none')
    expect((a.steps as RunStep[]).map((s) => s.egress)).toEqual([undefined, false, undefined])
  })

  it("refuses loopback entries (localhost, 127.x, ::1): the sandbox's loopback is its own", () => {
    const all = issues(`
agent:
  backend:
    command_line_execution_mode: docker
    command_line_egress:
      allowed_domains: ["localhost:8080", "127.0.0.1", "127.3.2.1:443", "[::1]:80", "api.localhost", "ok.test", "10.0.0.5"]
  commands: [echo hi]
`)
    expect(all).toHaveLength(5)
    expect(all[0]).toBe(
      'c.yaml:6:25: command_line_egress: allowed_domains[0]: "localhost:8080" is the sandbox\'s own loopback: ' +
        'inside the sandbox localhost and 127.0.0.0/8 (and ::1) are its own, reached directly and never through the ' +
        'egress proxy, so a service on the runner is not reachable that way; give the service a name that resolves to ' +
        'a runner address (e.g. in /etc/hosts), list the name here and the address in allowed_private_ranges'
    )
    expect(all.map((l) => /allowed_domains\[(\d)\]: "([^"]+)"/.exec(l)?.slice(1))).toEqual([
      ['0', 'localhost:8080'],
      ['1', '127.0.0.1'],
      ['2', '127.3.2.1:443'],
      ['3', '[::1]:80'],
      ['4', 'api.localhost']
    ])
  })

  it('means nothing changes without the key', () => {
    const plan = load(`
agent:
  backend: { command_line_execution_mode: docker }
  commands: ["echo hi", { run: "true", egress: false }]
`)
    expect(plan.agents[0].egress).toBeUndefined()
  })

  it('takes an empty mapping as audit off and an empty list (nothing allowed yet)', () => {
    const plan = load(`
agent:
  backend: { command_line_execution_mode: docker, command_line_egress: { audit: true } }
`)
    expect(plan.agents[0].egress).toMatchObject({ allowedDomains: [], audit: true })
  })

  it('refuses bridge/host network modes together with egress, at the network key', () => {
    expect(
      issues(`agent:
  backend:
    command_line_execution_mode: docker
    command_line_docker_network_mode: bridge
    command_line_egress: { allowed_domains: [pypi.org] }
`)
    ).toEqual([
      'c.yaml:4:39: command_line_docker_network_mode: bridge gives the agent the whole network and cannot be combined with command_line_egress (egress runs on network none through the proxy); drop one'
    ])
    expect(
      issues(`agent:
  backend:
    command_line_execution_mode: docker
    command_line_docker_network_mode: host
    command_line_egress: {}
`)[0]
    ).toMatch(/^c\.yaml:4:39: command_line_docker_network_mode: host gives/)
  })

  it('refuses egress in local mode (nothing would enforce it)', () => {
    expect(
      issues(`agent:
  backend:
    command_line_egress: { allowed_domains: [pypi.org] }
`)
    ).toEqual([
      'c.yaml:3:26: command_line_egress needs a sandbox (command_line_execution_mode: docker or srt); local mode has no network boundary to enforce an allowlist with'
    ])
  })

  it('points at each bad entry, and suggests a preset name', () => {
    expect(
      issues(`agent:
  backend:
    command_line_execution_mode: docker
    command_line_egress:
      presets: [pyhton]
      audti: true
`)
    ).toEqual([
      'c.yaml:5:17: agent.backend.command_line_egress.presets[0]: "pyhton" is not one of "python", "conda", "npm", "github", "debian", "ubuntu", "go", "rust", "ruby", "java" (did you mean "python"?)',
      'c.yaml:6:7: agent.backend.command_line_egress: unknown key "audti" (did you mean "audit"?)'
    ])
    expect(
      issues(`agent:
  backend:
    command_line_execution_mode: docker
    command_line_egress:
      allowed_domains:
        - pypi.org
        - https://files.pythonhosted.org
      allowed_private_ranges: [10.0.0.0/33]
`)
    ).toEqual([
      'c.yaml:7:11: command_line_egress: allowed_domains[1]: "https://files.pythonhosted.org" is a URL; give the host name only (with an optional :port)',
      'c.yaml:8:32: command_line_egress: allowed_private_ranges[0]: "10.0.0.0/33" is not an IP address or CIDR range such as "10.0.0.0/8" or "fd00::/8"'
    ])
  })

  it('refuses a step that asks for egress the agent does not have', () => {
    expect(
      issues(`agent:
  backend: { command_line_execution_mode: docker }
  commands:
    - run: pip install x
      egress: true
`)
    ).toEqual([
      'c.yaml:5:15: egress: true needs command_line_egress on the agent (without it the sandbox has no network)'
    ])
  })
})
