// command_line_ca_certificates / ca-certificates: the bundle (runner's system bundle + the listed
// CAs, certificates only), the variables pointed at it, the container's mounts, the option's
// parsing and the config key. The attack: a config written by the agent names a host secret as
// a "CA file"; nothing of it may reach the bundle (readable in the sandbox) or the messages.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseConfig } from '../../../src/config/load.js'
import { withCaCertificates } from '../../../src/run/plan.js'
import {
  buildCaBundle,
  caCertificatesOption,
  caEnv,
  CA_ENV_NAMES,
  mergeCaEntries,
  parseCertificates,
  writeCaBundle
} from '../../../src/runtime/ca-bundle.js'
import { openContainerCaBundle } from '../../../src/runtime/docker/ca.js'
import { agentPlan } from '../../helpers/plan.js'

const FIX = resolve('__tests__/fixtures/ca')
const CA1 = join(FIX, 'test-ca.pem')
const CA2 = join(FIX, 'second-ca.pem')
const pem1 = readFileSync(CA1, 'utf8')
const pem2 = readFileSync(CA2, 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'mgx-ca-unit-'))
const SYSTEM = join(dir, 'system.crt')
writeFileSync(SYSTEM, `# a distribution bundle\n${pem2}\n`)
const SECRET = join(dir, 'id_rsa')
const SECRET_TEXT = 'TOP-SECRET-KEY-MATERIAL-1234'
writeFileSync(
  SECRET,
  `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET_TEXT}\n-----END OPENSSH PRIVATE KEY-----\n`
)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const errorOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p
  } catch (e) {
    return (e as Error).message
  }
  throw new Error('expected a rejection')
}

describe('parseCertificates', () => {
  it('takes every certificate, re-encoded, and nothing around them', () => {
    const certs = parseCertificates(`junk\n${pem1}\ntext between\n${pem2}`, 'f')
    expect(certs).toHaveLength(2)
    expect(certs.join('\n')).not.toMatch(/junk|text between/)
  })

  it('refuses a file with no certificate, or a block that does not parse, without quoting it', () => {
    expect(() => parseCertificates(SECRET_TEXT, 'x.pem')).toThrow(/x\.pem: no PEM certificate/)
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'
    expect(() => parseCertificates(broken, 'y.pem')).toThrow(/y\.pem: .*does not parse/)
  })
})

describe('buildCaBundle', () => {
  it("is the runner's system bundle plus the listed files, each certificate once", async () => {
    const b = await buildCaBundle([CA1, CA2], { systemBundles: ['/nonexistent', SYSTEM] })
    expect(b.count).toBe(2)
    expect(b.sources).toEqual([SYSTEM, CA1, CA2])
    expect(b.pem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2)
  })

  it('system alone is the system bundle; missing, it is an error', async () => {
    const b = await buildCaBundle(['system'], { systemBundles: [SYSTEM] })
    expect(b).toMatchObject({ count: 1, sources: [SYSTEM] })
    expect(await errorOf(buildCaBundle(['system'], { systemBundles: ['/nonexistent'] }))).toMatch(
      /system: the runner has no system CA bundle/
    )
  })

  it('without a system bundle the listed CAs alone, with a warning', async () => {
    const log: string[] = []
    const b = await buildCaBundle([CA1], { systemBundles: [], log: (l) => log.push(l) })
    expect(b.count).toBe(1)
    expect(log.join()).toMatch(/no system CA bundle.*only the listed certificates/)
  })

  it('a missing file or a non-certificate file is an error naming the path, never the content', async () => {
    expect(await errorOf(buildCaBundle([join(dir, 'nope.pem')], { systemBundles: [] }))).toMatch(
      /nope\.pem cannot be read \(ENOENT\)/
    )
    const msg = await errorOf(buildCaBundle([SECRET], { systemBundles: [] }))
    expect(msg).toContain(SECRET)
    expect(msg).not.toContain(SECRET_TEXT)
  })

  it('a secret mixed into a CA file does not reach the bundle', async () => {
    const mixed = join(dir, 'mixed.pem')
    writeFileSync(mixed, `${readFileSync(SECRET, 'utf8')}${pem1}`)
    const b = await buildCaBundle([mixed], { systemBundles: [] })
    expect(b.pem).not.toContain(SECRET_TEXT)
    expect(b.pem).not.toContain('PRIVATE KEY')
  })
})

describe('writeCaBundle and the container wiring', () => {
  it('writes the bundle in a fresh directory any uid can read, removed on request', async () => {
    const w = await writeCaBundle([CA1], { systemBundles: [SYSTEM], parent: dir })
    expect(statSync(w.dir).mode & 0o777).toBe(0o755)
    expect(statSync(w.file).mode & 0o777).toBe(0o644)
    expect(readFileSync(w.file, 'utf8')).toBe(w.pem)
    await w.remove()
    expect(() => statSync(w.dir)).toThrow()
  })

  it('every variable names the bundle', () => {
    expect(caEnv('/b.crt')).toEqual({
      SSL_CERT_FILE: '/b.crt',
      NODE_EXTRA_CA_CERTS: '/b.crt',
      REQUESTS_CA_BUNDLE: '/b.crt',
      PIP_CERT: '/b.crt',
      CURL_CA_BUNDLE: '/b.crt',
      GIT_SSL_CAINFO: '/b.crt'
    })
    expect(CA_ENV_NAMES).toHaveLength(6)
  })

  it('a container gets the directory and the trust-store file read-only, and the variables', async () => {
    const agent = agentPlan({ id: 'a', caCertificates: [CA1] })
    const log: string[] = []
    const c = (await openContainerCaBundle(agent, (l) => log.push(l)))!
    try {
      expect(c.mounts).toEqual([
        { source: expect.any(String), target: '/run/massgen-ca', readOnly: true },
        {
          source: expect.stringMatching(/ca-certificates\.crt$/),
          target: '/etc/ssl/certs/ca-certificates.crt',
          readOnly: true
        }
      ])
      expect(new Set(Object.values(c.env))).toEqual(
        new Set(['/run/massgen-ca/ca-certificates.crt'])
      )
      expect(log.join()).toMatch(/CA bundle: \d+ certificates from .*test-ca\.pem/)
    } finally {
      await c.remove()
    }
    expect(await openContainerCaBundle(agentPlan({ id: 'b' }), () => undefined)).toBeUndefined()
  })
})

describe('the option and the config key', () => {
  it('ca-certificates: commas or new lines, relative to the base, system kept, no repeats', () => {
    expect(caCertificatesOption('a.pem, /etc/x.pem\nsystem\na.pem', '/wd')).toEqual([
      '/wd/a.pem',
      '/etc/x.pem',
      'system'
    ])
    expect(caCertificatesOption('', '/wd')).toBeUndefined()
    expect(caCertificatesOption(undefined, '/wd')).toBeUndefined()
  })

  it('merges the run list with the agent list, system first', () => {
    expect(mergeCaEntries(['/a', '/b'], ['system', '/a'])).toEqual(['system', '/a', '/b'])
    expect(mergeCaEntries(undefined, undefined)).toBeUndefined()
  })

  it('command_line_ca_certificates: paths resolved against the working directory, system kept', () => {
    const plan = parseConfig(
      `agents:
  - id: d
    backend:
      command_line_execution_mode: docker
      command_line_ca_certificates: [certs/corp.pem, system, ~/x.pem]
  - id: s
    backend:
      command_line_execution_mode: srt
`,
      'c.yaml',
      { workingDirectory: '/work/p' }
    )
    expect(plan.agents[0].caCertificates).toEqual([
      '/work/p/certs/corp.pem',
      'system',
      expect.stringMatching(/^\/.*\/x\.pem$/)
    ])
    expect(plan.agents[1].caCertificates).toBeUndefined()
    const merged = withCaCertificates(plan, ['/run/ca.pem'])
    expect(merged.agents.map((a) => a.caCertificates)).toEqual([
      ['system', '/run/ca.pem', '/work/p/certs/corp.pem', expect.stringMatching(/x\.pem$/)],
      ['/run/ca.pem']
    ])
  })

  it('local mode: a warning (no sandbox to give them to), and the run list passes it by', () => {
    const plan = parseConfig(
      `agent:
  id: l
  backend:
    command_line_ca_certificates: [a.pem]
`,
      'c.yaml',
      { workingDirectory: '/work/p' }
    )
    expect(plan.warnings?.map((w) => w.message).join()).toMatch(
      /command_line_ca_certificates applies to docker and srt/
    )
    expect(withCaCertificates(plan, ['/x.pem']).agents[0].caCertificates).toEqual(['/work/p/a.pem'])
  })

  it('the schema refuses a non-list', () => {
    expect(() =>
      parseConfig(
        `agent:\n  backend:\n    command_line_execution_mode: docker\n    command_line_ca_certificates: 3\n`,
        'c.yaml',
        { workingDirectory: '/w' }
      )
    ).toThrow(/command_line_ca_certificates/)
  })
})
