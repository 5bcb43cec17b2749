// The egress topology on the real engine, with a hand-made container (the docker session wires the
// same calls in phase 2): network none; the host proxy on a Unix socket in a directory mounted
// read-only; the relay on the container's loopback as nobody. Names are /etc/hosts entries for a
// server on the host's 127.0.0.1 — so success needs allowed_private_ranges, as the issue says.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import Docker from 'dockerode'
import {
  compileEgressPolicy,
  EgressAttachment,
  EgressProxy,
  emptyEgressConfig,
  newRelayToken,
  RELAY_TOKEN_ENV,
  RELAY_USER,
  relayCommand,
  relayProbeCommand,
  type EgressConfig,
  type SandboxExec
} from '../../../src/runtime/egress/index.js'
import { LABEL_MANAGED, LABEL_RUN } from '../../../src/runtime/docker/labels.js'
import {
  addHostNames,
  buildWheel,
  execDetached,
  execIn,
  startHostServer,
  type ExecOut,
  type HostServer,
  type Wheel
} from './fixtures.js'

const docker = new Docker()
const IMAGE = 'massgen/mcp-runtime:latest'
const AGENT = '1000:1000'
const runId = `e2e-egress-${process.pid}-${Date.now()}`

/**
 * Three proxies share the container's mount, each behind its own relay port: the first through
 * EgressAttachment (what the docker session will call), the other two by hand.
 */
const PROXIES: { name: string; port: number; socket: string; config: Partial<EgressConfig> }[] = [
  {
    name: 'allowlist',
    port: 3128,
    socket: 'proxy.sock',
    config: { allowedDomains: ['allowed.test'], allowedPrivateRanges: ['127.0.0.1/32'] }
  },
  {
    name: 'no-private-ranges',
    port: 3129,
    socket: 'noranges.sock',
    config: { allowedDomains: ['allowed.test'] }
  },
  {
    name: 'audit',
    port: 3130,
    socket: 'audit.sock',
    config: { audit: true, allowedPrivateRanges: ['127.0.0.1/32'] }
  }
]

let restoreHosts: () => void = () => undefined
/** The relay token of the extra proxies this test starts itself (the attachment keeps its own). */
const OTHERS_TOKEN = newRelayToken()
let host: HostServer
let wheel: Wheel
let attachment: EgressAttachment
let interpreter: string
const proxies: Record<string, EgressProxy> = {}
const containers: Docker.Container[] = []
let box: Docker.Container

const agent = (cmd: string): Promise<ExecOut> => execIn(box, docker, ['/bin/sh', '-c', cmd], AGENT)
const sandbox: SandboxExec = {
  run: (cmd, user) => execIn(box, docker, cmd, user),
  spawn: (cmd, user, env) => execDetached(box, cmd, user, env)
}
const url = (name: string, path = '/') => `http://${name}:${host.port}${path}`

async function makeContainer(networkMode: string): Promise<Docker.Container> {
  const c = await docker.createContainer({
    Image: IMAGE,
    Cmd: ['sleep', 'infinity'],
    User: '65534:65534',
    Env: Object.entries(attachment.env).map(([k, v]) => `${k}=${v}`),
    Labels: { [LABEL_MANAGED]: 'true', [LABEL_RUN]: runId },
    HostConfig: {
      NetworkMode: networkMode,
      Init: true,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges:true'],
      PidsLimit: 512,
      Mounts: [attachment.mount].map((m) => ({
        Type: 'bind' as const,
        Source: m.source,
        Target: m.target,
        ReadOnly: m.readOnly
      }))
    }
  })
  containers.push(c)
  await c.start()
  return c
}

async function startRelay(c: Docker.Container, port: number, socket: string): Promise<void> {
  await execDetached(c, relayCommand(interpreter, port, socket), RELAY_USER, {
    [RELAY_TOKEN_ENV]: OTHERS_TOKEN
  })
  for (let i = 0; i < 50; i++) {
    const r = await execIn(c, docker, relayProbeCommand(interpreter, port), RELAY_USER)
    if (r.exitCode === 0) return
    await new Promise((res) => setTimeout(res, 100))
  }
  throw new Error(`relay on ${port} never answered`)
}

beforeAll(async () => {
  restoreHosts = addHostNames(['allowed.test', 'denied.test'], 'e2e-egress')
  wheel = buildWheel('egress-probe-pkg', 42)
  host = await startHostServer([wheel])
  const [main, ...others] = PROXIES
  attachment = await EgressAttachment.open({
    config: { ...emptyEgressConfig(), ...main.config },
    port: main.port
  })
  proxies[main.name] = attachment.proxy
  for (const p of others)
    proxies[p.name] = await EgressProxy.start({
      policy: compileEgressPolicy({ ...emptyEgressConfig(), ...p.config }),
      listen: { socketPath: join(attachment.hostDir.dir, p.socket) },
      relayToken: OTHERS_TOKEN
    })
  for (const p of Object.values(proxies)) p.setStep({ index: 0, name: 'deps', egress: true })
  box = await makeContainer('none')
  await attachment.attach(sandbox)
  interpreter = attachment.relayInterpreter!
  for (const p of others) await startRelay(box, p.port, p.socket)
}, 180_000)

afterAll(async () => {
  await Promise.allSettled(containers.map((c) => c.remove({ force: true, v: true })))
  await Promise.allSettled(Object.values(proxies).map((p) => p.stop()))
  await host?.close()
  await attachment?.close()
  restoreHosts()
})

describe('egress topology on the real engine (network none + Unix socket + relay)', () => {
  it('uses an interpreter at an absolute root-owned path for the relay, running as nobody', async () => {
    expect(interpreter).toBe('/usr/bin/python3')
    const ps = await execIn(box, docker, ['ps', '-eo', 'user=,args='], '0:0')
    const relays = ps.stdout
      .split('\n')
      .filter((l) => l.includes('forward.py') && !l.includes('--probe'))
    expect(relays).toHaveLength(3)
    for (const l of relays) expect(l.trim().split(/\s+/)[0]).toBe('nobody')
  })

  it('reaches an allowlisted name served on the host: 200', async () => {
    const r = await agent(`curl -sS -m 20 -w '\\n%{http_code}' ${url('allowed.test')}`)
    expect([r.exitCode, r.stdout]).toEqual([0, 'hello from the host\n\n200'])
    expect(proxies.allowlist.events.steps()[0].destinations[0]).toMatchObject({
      host: 'allowed.test',
      port: host.port,
      outcome: 'allowed',
      rule: 'allowed_domains: allowed.test; allowed_private_ranges: 127.0.0.1/32'
    })
  })

  it('refuses a non-listed name at application level (403 with the reason) and records it', async () => {
    const r = await agent(`curl -sS -m 20 -w '\\n%{http_code}' ${url('denied.test')}`)
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toMatch(
      /is not in command_line_egress\.allowed_domains or its presets \(step 1 \("deps"\)\)\n\n403$/
    )
    expect(proxies.allowlist.events.refused()).toMatchObject([
      {
        host: 'denied.test',
        port: host.port,
        outcome: 'refused',
        rule: 'not-listed',
        step: 0,
        stepName: 'deps'
      }
    ])
  })

  it('opens no path when the proxy variables are unset', async () => {
    const unset = 'env -u HTTP_PROXY -u http_proxy -u HTTPS_PROXY -u https_proxy -u ALL_PROXY'
    const byName = await agent(`${unset} curl -sS -m 10 ${url('allowed.test')}`)
    expect(byName.exitCode).not.toBe(0)
    expect(byName.stderr).toMatch(/Could not resolve host/)
    const byAddress = await agent(`curl -sS -m 10 --noproxy '*' http://127.0.0.1:${host.port}/`)
    expect(byAddress.exitCode).not.toBe(0)
    const hostGateway = await agent(`curl -sS -m 10 --noproxy '*' http://172.17.0.1:${host.port}/`)
    expect(hostGateway.exitCode).not.toBe(0)
  })

  it('has no socket route: a direct connect to the host port and to a public address fail', async () => {
    const py = (target: string) =>
      agent(
        `python3 -c "import socket; socket.create_connection((${target}), timeout=5); print('connected')"`
      )
    const loop = await py(`'127.0.0.1', ${host.port}`)
    expect(loop.exitCode).not.toBe(0)
    expect(loop.stderr).toMatch(/ConnectionRefusedError/)
    const pub = await py(`'93.184.216.34', 80`)
    expect(pub.exitCode).not.toBe(0)
    expect(pub.stderr).toMatch(/Network is unreachable/)
  })

  it('has no resolver: getent hosts fails for every name', async () => {
    for (const name of ['allowed.test', 'denied.test', 'pypi.org', 'example.com']) {
      const r = await agent(`getent hosts ${name}`)
      expect([name, r.exitCode, r.stdout]).toEqual([name, 2, ''])
    }
  })

  it('without allowed_private_ranges refuses even the allowed name, since it resolves to 127.0.0.1', async () => {
    const r = await agent(
      `curl -sS -m 20 -x http://127.0.0.1:3129 -w '\\n%{http_code}' ${url('allowed.test')}`
    )
    expect(r.stdout).toMatch(
      /allowed\.test resolves to a loopback address; list its range in command_line_egress\.allowed_private_ranges to allow it\n\n403$/
    )
    expect(proxies['no-private-ranges'].events.refused()).toMatchObject([
      // Another suite may map the same name at the same time: the address may come twice.
      {
        host: 'allowed.test',
        rule: 'address:loopback',
        addresses: expect.arrayContaining(['127.0.0.1'])
      }
    ])
  })

  it("keeps the relay alive through the agent's kill -9 -1", async () => {
    await agent('kill -9 -1')
    const probe = await execIn(box, docker, relayProbeCommand(interpreter, 3128), RELAY_USER)
    expect([probe.exitCode, probe.stdout.trim()]).toEqual([0, 'ok'])
    expect(await attachment.probe(sandbox)).toBe(true)
    const r = await agent(`curl -sS -m 20 -o /dev/null -w '%{http_code}' ${url('allowed.test')}`)
    expect(r.stdout).toBe('200')
  })

  it('installs a wheel from an allowlisted index with pip; a step with egress off cannot', async () => {
    const pip = `pip install --no-cache-dir --index-url ${url('allowed.test', '/simple')} --trusted-host allowed.test ${wheel.project}`
    const ok = await agent(pip)
    expect([
      ok.exitCode,
      ok.stderr.includes('Successfully') || ok.stdout.includes('Successfully installed')
    ]).toEqual([0, true])
    const imported = await agent(
      `python3 -c "import ${wheel.module}; print(${wheel.module}.VALUE)"`
    )
    expect(imported.stdout.trim()).toBe('42')
    expect(await agent(`pip uninstall -y ${wheel.project}`)).toMatchObject({ exitCode: 0 })

    proxies.allowlist.setStep({ index: 1, name: 'tests', egress: false })
    const off = await agent(`${pip} --retries 0 --timeout 5`)
    expect(off.exitCode).not.toBe(0)
    const curl = await agent(`curl -sS -m 20 -w '\\n%{http_code}' ${url('allowed.test')}`)
    expect(curl.stdout).toMatch(/step 2 \("tests"\) runs with egress: false .*\n\n403$/)
    const steps = proxies.allowlist.events.steps()
    expect(steps.map((s) => [s.index, s.name, s.egress])).toEqual([
      [0, 'deps', true],
      [1, 'tests', false]
    ])
    expect(
      steps[1].destinations.every((d) => d.outcome === 'refused' && d.rule === 'egress-off')
    ).toBe(true)
    expect(steps[1].destinations.length).toBeGreaterThan(0)
  })

  it('in audit mode lets both names through and proposes them', async () => {
    for (const name of ['allowed.test', 'denied.test']) {
      const r = await agent(
        `curl -sS -m 20 -x http://127.0.0.1:3130 -o /dev/null -w '%{http_code}' ${url(name)}`
      )
      expect([name, r.stdout]).toEqual([name, '200'])
    }
    const report = proxies.audit.events.report()
    expect(report.mode).toBe('audit')
    expect(report.proposedAllowedDomains).toEqual([
      `allowed.test:${host.port}`,
      `denied.test:${host.port}`
    ])
  })

  it('a weakened container (host network) connects directly, so the probes above can fail', async () => {
    const weak = await makeContainer('host')
    const r = await execIn(
      weak,
      docker,
      [
        'python3',
        '-c',
        `import socket; socket.create_connection(('127.0.0.1', ${host.port}), timeout=5); print('connected')`
      ],
      AGENT
    )
    expect([r.exitCode, r.stdout.trim()]).toEqual([0, 'connected'])
    const name = await execIn(weak, docker, ['getent', 'hosts', 'allowed.test'], AGENT)
    expect(name.exitCode).toBe(0)
  })

  it('brings the relay back after a container restart (attach is called again)', async () => {
    attachment.proxy.setStep({ index: 2, name: 'after restart', egress: true })
    await box.restart({ t: 0 })
    expect(await attachment.probe(sandbox)).toBe(false)
    const before = await agent(
      `curl -sS -m 10 -o /dev/null -w '%{http_code}' ${url('allowed.test')}`
    )
    expect(before.exitCode).not.toBe(0)
    await attachment.attach(sandbox)
    const after = await agent(
      `curl -sS -m 20 -o /dev/null -w '%{http_code}' ${url('allowed.test')}`
    )
    expect(after.stdout).toBe('200')
  })
})
