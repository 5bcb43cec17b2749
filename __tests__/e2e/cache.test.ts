// The real @actions/cache client (cache service v2) against the loopback cache server: files
// saved under a key come back byte for byte, a miss is `undefined`, and a failing or damaged
// download is a miss with a warning, never an exception (the image cache relies on that).
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import * as cache from '@actions/cache'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startCacheServer, type CacheServer } from '../helpers/cache-server.js'

const scratch = mkdtempSync(join(tmpdir(), 'cache-e2e-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Env the client reads at call time; everything else that could redirect it is removed. */
const CLIENT_ENV = [
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_MODE',
  'GITHUB_SERVER_URL',
  'GITHUB_WORKSPACE',
  'RUNNER_TEMP',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'http_proxy',
  'https_proxy'
]
let savedEnv: Record<string, string | undefined> = {}
beforeEach(() => {
  savedEnv = Object.fromEntries(CLIENT_ENV.map((k) => [k, process.env[k]]))
})
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

const servers: CacheServer[] = []
async function server(opts?: Parameters<typeof startCacheServer>[0]): Promise<CacheServer> {
  const s = await startCacheServer(opts)
  servers.push(s)
  for (const k of CLIENT_ENV) delete process.env[k]
  Object.assign(process.env, s.env, {
    GITHUB_WORKSPACE: scratch,
    RUNNER_TEMP: join(scratch, 'runner-temp')
  })
  return s
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

let dirCount = 0
function tree(files: Record<string, string | Buffer>): string {
  const root = join(scratch, `tree-${dirCount++}`)
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), content)
  }
  return root
}

describe('@actions/cache v2 against the loopback cache server', () => {
  it('saves a tree and restores it byte for byte after it was deleted', async () => {
    const s = await server()
    const binary = randomBytes(300_000)
    const root = tree({ 'image.tar.gz': binary, 'nested/meta.json': '{"id":"sha256:abc"}\n' })

    const id = await cache.saveCache([root], 'massgen-image-test-1')
    expect(s.violations).toEqual([])
    const entry = s.entry('massgen-image-test-1')
    expect(entry?.finalized).toBe(true)
    expect(id).toBe(entry?.id)
    expect(entry?.sizeBytes).toBeGreaterThan(0)
    expect(s.requests).toEqual([
      'POST CreateCacheEntry',
      'PUT blob put',
      'POST FinalizeCacheEntryUpload'
    ])

    rmSync(root, { recursive: true })
    const hit = await cache.restoreCache([root], 'massgen-image-test-1')
    expect(hit).toBe('massgen-image-test-1')
    expect(readFileSync(join(root, 'image.tar.gz')).equals(binary)).toBe(true)
    expect(readFileSync(join(root, 'nested/meta.json'), 'utf8')).toBe('{"id":"sha256:abc"}\n')
    expect(s.requests.slice(3)).toEqual(['POST GetCacheEntryDownloadURL', 'GET blob'])
    expect(s.violations).toEqual([])
  })

  it('returns undefined on a miss, after one lookup and no download', async () => {
    const s = await server()
    const root = tree({ 'a.txt': 'a' })
    await cache.saveCache([root], 'saved-key')
    const before = s.requests.length
    expect(await cache.restoreCache([root], 'other-key')).toBeUndefined()
    expect(s.requests.slice(before)).toEqual(['POST GetCacheEntryDownloadURL'])
    // The version covers the paths: the same key for other paths is a miss too.
    expect(await cache.restoreCache([join(root, 'elsewhere')], 'saved-key')).toBeUndefined()
    expect(s.violations).toEqual([])
  })

  it('matches restore keys by prefix, newest first', async () => {
    await server()
    const root = tree({ 'v.txt': 'old' })
    await cache.saveCache([root], 'image-aaa-1')
    await new Promise((r) => setTimeout(r, 5))
    writeFileSync(join(root, 'v.txt'), 'new')
    await cache.saveCache([root], 'image-aaa-2')
    rmSync(root, { recursive: true })
    expect(await cache.restoreCache([root], 'image-bbb', ['image-aaa-'])).toBe('image-aaa-2')
    expect(readFileSync(join(root, 'v.txt'), 'utf8')).toBe('new')
  })

  it('uploads an archive over 128 MiB as 64 MiB blocks and a block list', async () => {
    const s = await server()
    // Incompressible, so the client's archive stays above the single-shot limit.
    const big = randomBytes(136 * 1024 * 1024)
    const root = tree({ 'big.bin': big })
    await cache.saveCache([root], 'big-entry')
    expect(s.violations).toEqual([])
    expect(s.requests.filter((r) => r === 'PUT blob block').length).toBe(3)
    expect(s.requests).toContain('PUT blob blocklist')
    expect(s.entry('big-entry')!.sizeBytes).toBeGreaterThan(136 * 1024 * 1024)
    rmSync(root, { recursive: true })
    expect(await cache.restoreCache([root], 'big-entry')).toBe('big-entry')
    expect(readFileSync(join(root, 'big.bin')).equals(big)).toBe(true)
  })

  it('survives a server error on download: a miss, nothing written', async () => {
    const s = await server({ failDownload: 500 })
    const root = tree({ 'a.txt': 'a' })
    await cache.saveCache([root], 'will-fail')
    rmSync(root, { recursive: true })
    await expect(cache.restoreCache([root], 'will-fail')).resolves.toBeUndefined()
    expect(s.requests.slice(-2)).toEqual(['POST GetCacheEntryDownloadURL', 'GET blob'])
    expect(existsSync(join(root, 'a.txt'))).toBe(false)
  })

  it('survives a damaged download: a miss, not an exception', async () => {
    await server({ corruptDownload: true })
    const root = tree({ 'r.bin': randomBytes(64 * 1024) })
    await cache.saveCache([root], 'damaged')
    rmSync(root, { recursive: true })
    await expect(cache.restoreCache([root], 'damaged')).resolves.toBeUndefined()
  })

  it('refuses a second entry with the same key and version (entries are immutable)', async () => {
    const s = await server()
    const root = tree({ 'a.txt': 'a' })
    const first = await cache.saveCache([root], 'once')
    expect(first).toBeGreaterThan(0)
    // The client reports the conflict as "another job may be creating this cache" and returns -1.
    expect(await cache.saveCache([root], 'once')).toBe(-1)
    expect(s.violations).toEqual([expect.stringContaining('already exists')])
    expect(s.entries.filter((e) => e.key === 'once')).toHaveLength(1)
  })

  it('refuses a client without the runtime token', async () => {
    const s = await server()
    process.env.ACTIONS_RUNTIME_TOKEN = 'not-the-token'
    const root = tree({ 'a.txt': 'a' })
    expect(await cache.saveCache([root], 'no-token')).toBe(-1)
    expect(s.violations).toEqual(['missing or wrong bearer token'])
    expect(s.entries).toHaveLength(0)
  })
})
