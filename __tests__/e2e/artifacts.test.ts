// The real @actions/artifact client uploads to a loopback results service + blob store; we unzip
// what arrived and compare it with what was on disk.
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { defaultArtifactName, uploadResults } from '../../src/action/artifact.js'
import { listRegularFiles, redactTree } from '../../src/report/files.js'
import { Redactor } from '../../src/report/redact.js'
import {
  startArtifactServer,
  unzipEntries,
  type ArtifactServer
} from '../helpers/artifact-server.js'

const scratch = mkdtempSync(join(tmpdir(), 'artifacts-e2e-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

let dirCount = 0
function tree(files: Record<string, string | Buffer>): string {
  const root = join(scratch, `tree-${dirCount++}`)
  mkdirSync(root, { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), content)
  }
  return root
}

/** Env the client reads at call time; everything else that could redirect it is removed. */
const CLIENT_ENV = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RESULTS_URL',
  'GITHUB_SERVER_URL',
  'GITHUB_REPOSITORY',
  'GITHUB_RUN_ID',
  'GITHUB_RETENTION_DAYS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'http_proxy',
  'https_proxy'
]
let savedEnv: Record<string, string | undefined> = {}
function useEnv(env: Record<string, string>): void {
  for (const k of CLIENT_ENV) delete process.env[k]
  Object.assign(process.env, env)
}
beforeEach(() => {
  savedEnv = Object.fromEntries(CLIENT_ENV.map((k) => [k, process.env[k]]))
})
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

const servers: ArtifactServer[] = []
async function server(opts?: Parameters<typeof startArtifactServer>[0]): Promise<ArtifactServer> {
  const s = await startArtifactServer(opts)
  servers.push(s)
  useEnv(s.env)
  return s
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

const logs: string[] = []
const log = (s: string) => logs.push(s)

describe('uploadResults with the real @actions/artifact client', () => {
  it('uploads every regular file of a nested tree as one zip, and nothing else', async () => {
    const s = await server()
    const binary = Buffer.from([0, 1, 2, 255, 254, 0, 80, 75])
    const root = tree({
      'results.json': '{"version":1}\n',
      'summary.md': '# Run\n',
      'logs/agent-a/step-0.log': 'hello from a\n',
      'logs/agent-b/deep/er/step-1.log': 'x'.repeat(200_000),
      'logs/empty.log': '',
      'bin/blob.dat': binary
    })
    const outside = tree({ 'secret.txt': 'outside the tree' })
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link-to-outside.txt'))
    symlinkSync(outside, join(root, 'linked-dir'))
    execFileSync('mkfifo', [join(root, 'logs', 'a-fifo')])
    writeFileSync(join(root, 'bad?name.txt'), 'artifact paths may not contain ?')
    useEnv({
      ...s.env,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_RUN_ID: '4242'
    })

    const res = await uploadResults({ name: 'massgen-results-test', rootDir: root, log })

    expect(s.violations).toEqual([])
    expect(res.ok).toBe(true)
    if (!res.ok) return
    const stored = s.artifacts.get('massgen-results-test')
    expect(stored?.finalized).toBe(true)
    expect(stored?.mimeType).toBe('application/zip')
    expect(stored?.version).toBe(7)
    expect(String(res.id)).toBe(stored?.id)
    expect(res.size).toBe(stored?.bytes.length)
    expect(res.files).toBe(6)
    expect(res.url).toBe(`https://github.com/octo/repo/actions/runs/4242/artifacts/${res.id}`)
    expect(stored?.retentionExpiresAt).toBeUndefined()

    const entries = await unzipEntries(stored!.bytes)
    expect([...entries.keys()].sort()).toEqual([
      'bin/blob.dat',
      'logs/agent-a/step-0.log',
      'logs/agent-b/deep/er/step-1.log',
      'logs/empty.log',
      'results.json',
      'summary.md'
    ])
    expect(entries.get('bin/blob.dat')).toEqual(binary)
    expect(entries.get('logs/agent-a/step-0.log')?.toString()).toBe('hello from a\n')
    expect(entries.get('logs/agent-b/deep/er/step-1.log')?.toString()).toBe('x'.repeat(200_000))
    expect(entries.get('logs/empty.log')?.length).toBe(0)
    expect(logs.some((l) => l.includes('bad?name.txt'))).toBe(true)
  })

  it('assembles a multi-block upload (8 MiB blocks) in block-list order', async () => {
    const s = await server()
    // Incompressible, so the zip spans three blocks that may arrive in any order.
    const big = randomBytes(20 * 1024 * 1024)
    const root = tree({ 'big.bin': big, 'small.txt': 'small' })
    const res = await uploadResults({ name: 'big', rootDir: root, log })
    expect(s.violations).toEqual([])
    expect(res.ok).toBe(true)
    expect(s.requests.filter((r) => r === 'PUT blob block').length).toBeGreaterThanOrEqual(3)
    const entries = await unzipEntries(s.artifacts.get('big')!.bytes)
    expect(entries.get('big.bin')?.equals(big)).toBe(true)
    expect(entries.get('small.txt')?.toString()).toBe('small')
  })

  it('passes retentionDays through as expires_at', async () => {
    const s = await server()
    const root = tree({ 'a.txt': 'a' })
    const before = Date.now()
    const res = await uploadResults({ name: 'kept-3-days', rootDir: root, retentionDays: 3, log })
    expect(res.ok).toBe(true)
    const expires = Date.parse(s.artifacts.get('kept-3-days')?.retentionExpiresAt ?? '')
    const threeDays = 3 * 24 * 3600 * 1000
    // setDate() is calendar arithmetic: allow for a DST change in between.
    expect(Math.abs(expires - (before + threeDays))).toBeLessThan(2 * 3600 * 1000)
    expect(s.violations).toEqual([])
  })

  it('turns a 4xx from CreateArtifact into {ok:false} after one request (no retries)', async () => {
    const s = await server({ failCreate: { status: 403, msg: 'artifact storage quota denied' } })
    const root = tree({ 'a.txt': 'a' })
    const res = await uploadResults({ name: 'denied', rootDir: root, log })
    expect(res.ok).toBe(false)
    if (res.ok) return
    expect(res.error).toContain('artifact storage quota denied')
    expect(s.requests).toEqual(['POST CreateArtifact'])
    expect(s.artifacts.size).toBe(0)
    // The files stay where they were.
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a')
  })

  it('reports a name collision (409, artifacts are immutable per run) as {ok:false}', async () => {
    await server()
    const root = tree({ 'a.txt': 'a' })
    expect((await uploadResults({ name: 'same', rootDir: root, log })).ok).toBe(true)
    const second = await uploadResults({ name: 'same', rootDir: root, log })
    expect(second.ok).toBe(false)
    if (!second.ok) expect(second.error).toContain('already exists')
  })

  it('refuses an empty tree without contacting the service', async () => {
    const s = await server()
    const root = tree({})
    mkdirSync(join(root, 'empty-dir'))
    const res = await uploadResults({ name: 'nothing', rootDir: root, log })
    expect(res).toEqual({ ok: false, error: expect.stringContaining('no files to upload') })
    expect(s.requests).toEqual([])
  })

  it('fails cleanly when the runtime token is missing', async () => {
    await server()
    delete process.env.ACTIONS_RUNTIME_TOKEN
    const res = await uploadResults({ name: 'no-token', rootDir: tree({ 'a.txt': 'a' }), log })
    expect(res).toEqual({ ok: false, error: expect.stringContaining('ACTIONS_RUNTIME_TOKEN') })
  })
})

describe('defaultArtifactName', () => {
  const env = { GITHUB_JOB: 'test', GITHUB_RUN_ATTEMPT: '2' }

  it('names job and attempt, and tells matrix legs apart by the identity given', () => {
    const a = defaultArtifactName(['configs/a.yaml', 'agent-1'], env)
    const b = defaultArtifactName(['configs/a.yaml', 'agent-2'], env)
    expect(a).toMatch(/^massgen-results-test-2-[0-9a-f]{10}$/)
    expect(a).not.toBe(b)
    expect(defaultArtifactName(['configs/a.yaml', 'agent-1'], env)).toBe(a)
    expect(defaultArtifactName(['a b'], env)).not.toBe(defaultArtifactName(['a', 'b'], env))
    expect(defaultArtifactName(['x'], { ...env, GITHUB_RUN_ATTEMPT: '3' })).not.toBe(
      defaultArtifactName(['x'], env)
    )
  })

  it('works outside Actions and never yields characters the service rejects', () => {
    expect(defaultArtifactName([], {})).toBe('massgen-results-local-1')
    const odd = defaultArtifactName(['x'], { GITHUB_JOB: 'a/b:c"d', GITHUB_RUN_ATTEMPT: '1' })
    expect(odd).not.toMatch(/[":<>|*?\r\n\\/]/)
  })
})

describe('redactTree', () => {
  const SECRET = 'sk-live-0123456789abcdef'
  const redactor = new Redactor()
  redactor.add(SECRET)
  const redact = (s: string) => redactor.apply(s)

  it('redacts nested text files, leaves binaries and symlink targets alone', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0x80, 0x81])
    const root = tree({
      'results.json': `{"stdout":"token=${SECRET}"}\n`,
      'logs/a/step-0.log': `line 1\nkey ${SECRET} and again ${SECRET}\n`,
      'logs/a/clean.log': 'nothing to hide\n',
      'logs/utf8.log': `héllo ✓ ${SECRET}\n`,
      'bin/image.png': binary,
      'bin/core.dump': Buffer.concat([Buffer.from([0xff, 0, 0xfe]), Buffer.from(SECRET), binary])
    })
    writeFileSync(join(root, 'readonly.log'), `ro ${SECRET}\n`)
    chmodSync(join(root, 'readonly.log'), 0o440)
    const outside = tree({ 'creds.txt': `outside ${SECRET}\n` })
    symlinkSync(join(outside, 'creds.txt'), join(root, 'logs', 'link.txt'))

    const changed = await redactTree(root, redact)

    expect(changed).toBe(5)
    expect(readFileSync(join(root, 'results.json'), 'utf8')).toBe('{"stdout":"token=***"}\n')
    expect(readFileSync(join(root, 'logs/a/step-0.log'), 'utf8')).toBe(
      'line 1\nkey *** and again ***\n'
    )
    expect(readFileSync(join(root, 'logs/utf8.log'), 'utf8')).toBe('héllo ✓ ***\n')
    expect(readFileSync(join(root, 'logs/a/clean.log'), 'utf8')).toBe('nothing to hide\n')
    expect(readFileSync(join(root, 'bin/image.png'))).toEqual(binary)
    // A secret inside a binary is overwritten too; the bytes around it are kept.
    expect(readFileSync(join(root, 'bin/core.dump'))).toEqual(
      Buffer.concat([Buffer.from([0xff, 0, 0xfe]), Buffer.from('***'), binary])
    )
    expect(readFileSync(join(root, 'readonly.log'), 'utf8')).toBe('ro ***\n')
    expect(statSync(join(root, 'readonly.log')).mode & 0o777).toBe(0o440)
    expect(lstatSync(join(root, 'logs', 'link.txt')).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(outside, 'creds.txt'), 'utf8')).toBe(`outside ${SECRET}\n`)
    // No temp files left behind.
    expect((await listRegularFiles(root)).length).toBe(7)
    expect(await redactTree(root, redact)).toBe(0)
  })

  it('makes an uploaded tree free of the secret', async () => {
    const s = await server()
    const root = tree({
      'results.json': JSON.stringify({ env: { API_KEY: SECRET } }),
      'logs/x/y/z.log': `${SECRET}\n`
    })
    await redactTree(root, redact)
    const res = await uploadResults({ name: 'scrubbed', rootDir: root, log })
    expect(res.ok).toBe(true)
    const entries = await unzipEntries(s.artifacts.get('scrubbed')!.bytes)
    expect(entries.size).toBe(2)
    for (const content of entries.values()) expect(content.toString('latin1')).not.toContain(SECRET)
    expect(entries.get('logs/x/y/z.log')?.toString()).toBe('***\n')
  })
})
