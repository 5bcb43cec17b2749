// The bundled action's image cache (input image-cache, on by default) against the loopback cache
// service (__tests__/helpers/cache-server.ts speaks what @actions/cache 6 sends: the v2 Twirp calls
// and the blob upload/download), run as the runner runs it (run-dist): the first job builds and
// saves, the image goes, the next job restores, loads and does not build; a damaged entry and a
// failing service each cost a build and a warning, never the run.
// The image is a throwaway tag of our own repository (massgen/mcp-runtime:cache-e2e, ours by name,
// so image-policy auto treats it as ours): built from the same docker/ context as :latest, it
// shares :latest's layers, so removing the tag leaves :latest alone and the load registers no
// layer anew (the bench measures a really fresh engine). :latest itself is never touched here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import * as cache from '@actions/cache'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { RunResults } from '../../src/report/types.js'
import { contextHash } from '../../src/runtime/docker/image.js'
import {
  imageCacheKey,
  imageCachePath,
  normalizeArch
} from '../../src/runtime/docker/image-keys.js'
import { LABEL_CONTEXT_HASH } from '../../src/runtime/docker/labels.js'
import { startCacheServer, type CacheServer } from '../helpers/cache-server.js'
import { ACTION_MAIN, RunnerFiles, runNode, type Finished } from '../helpers/run-dist.js'
import { client } from './docker/helpers.js'

const IMAGE = 'massgen/mcp-runtime:cache-e2e'
const home = mkdtempSync(join(tmpdir(), 'gha-image-cache-'))
// One runner layout for every job: @actions/cache versions an entry by its paths, and stores
// them relative to GITHUB_WORKSPACE.
const workspace = join(home, 'work', 'repo')
const runnerTemp = join(home, 'work', '_temp')
mkdirSync(workspace, { recursive: true })
mkdirSync(runnerTemp, { recursive: true })
writeFileSync(
  join(workspace, 'massgen.yaml'),
  `
agent:
  id: cached
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_image: ${IMAGE}
  commands:
    - run: python3 -c "print('ran in the image')"
`
)

const servers: CacheServer[] = []
let key = ''
beforeAll(async () => {
  // The key the action must use: variant, the docker/ context hash, the engine's architecture.
  const args: Record<string, string> = process.env.MASSGEN_EXEC_BASE_IMAGE
    ? { BASE_IMAGE: process.env.MASSGEN_EXEC_BASE_IMAGE }
    : {}
  const hash = await contextHash(join(process.cwd(), 'docker'), args)
  const arch = normalizeArch((await client.info()).Architecture ?? process.arch)
  key = imageCacheKey({ variant: 'default', contextHash: hash, arch })
  await removeImage()
})
afterAll(async () => {
  await removeImage()
  await Promise.all(servers.map((s) => s.close()))
  rmSync(home, { recursive: true, force: true })
})

/** Removes the throwaway name only (the layers stay: :latest has them). */
async function removeImage(): Promise<void> {
  await client.removeImage(IMAGE)
  expect(await client.inspectImage(IMAGE)).toBeUndefined()
}

async function server(opts?: Parameters<typeof startCacheServer>[0]): Promise<CacheServer> {
  const s = await startCacheServer(opts)
  servers.push(s)
  return s
}

interface Job extends Finished {
  results: RunResults
  log: string
}

async function job(s: CacheServer | undefined, inputs: Record<string, string> = {}): Promise<Job> {
  const runner = new RunnerFiles()
  const out = mkdtempSync(join(home, 'out-'))
  const r = await runNode(ACTION_MAIN, [], {
    cwd: workspace,
    env: runner.stepEnv(
      {
        config: 'massgen.yaml',
        'working-directory': workspace,
        'output-dir': out,
        'upload-artifacts': 'false',
        ...inputs
      },
      { ...(s?.env ?? {}), GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp }
    )
  })
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults
  return { ...r, results, log: r.stdout + r.stderr }
}

const didBuild = (log: string) => /\[build\] |: building Dockerfile/.test(log)

describe('the bundled action with the Actions cache (loopback cache service)', () => {
  let builtId = ''

  it('first job: not cached, builds, saves the image; the service received the entry', async () => {
    const s = await server()
    const r = await job(s)
    expect(r.code).toBe(0)
    expect(r.log).toContain(`image ${IMAGE}: nothing restored from the Actions cache (key ${key})`)
    expect(didBuild(r.log)).toBe(true)
    expect(r.log).toMatch(new RegExp(`image ${IMAGE}: saved to the Actions cache as ${key} \\(`))
    expect(r.results.status).toBe('passed')
    expect(r.results.images).toEqual([
      expect.objectContaining({ image: IMAGE, built: true, reused: false, savedAs: key })
    ])
    builtId = r.results.images![0].id
    const entry = s.entry(key)
    expect(entry?.finalized).toBe(true)
    expect(entry!.sizeBytes).toBeGreaterThan(50e6)
    expect(s.violations).toEqual([])

    // The image goes (a fresh runner), and the next job of the same workflow comes.
    await removeImage()
    const before = s.requests.length
    const next = await job(s)
    expect(next.code).toBe(0)
    expect(next.log).toMatch(
      new RegExp(
        `image ${IMAGE}: restored from the Actions cache \\(key ${key}, \\d+ MB\\) in .*; no build`
      )
    )
    expect(didBuild(next.log)).toBe(false)
    expect(next.results.images).toEqual([
      expect.objectContaining({
        image: IMAGE,
        id: builtId,
        built: false,
        reused: false,
        restored: 'cache',
        restoredFrom: key
      })
    ])
    expect(next.results.agents[0].commands[0]).toMatchObject({
      status: 'passed',
      stdout: 'ran in the image\n'
    })
    expect(s.requests.slice(before)).toEqual(['POST GetCacheEntryDownloadURL', 'GET blob'])
    const restored = await client.inspectImage(IMAGE)
    expect(restored?.Id).toBe(builtId)
    expect(restored?.Config?.Labels?.[LABEL_CONTEXT_HASH]).toBe(key.slice(-64))

    // A third job finds the image current: no cache traffic at all.
    const third = await job(s)
    expect(third.results.images?.[0]).toMatchObject({ reused: true, built: false })
    expect(s.requests.slice(before + 2)).toEqual([])
  }, 600_000)

  it('a damaged entry: a warning, a build, and no second entry', async () => {
    const s = await server()
    // Seed the entry the way a broken upload would leave it: the right key and path, junk inside.
    const path = imageCachePath(key, runnerTemp)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, '<html>502 Bad Gateway</html>\n')
    const saved = { ...process.env }
    Object.assign(process.env, s.env, { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp })
    // The client writes ::debug:: lines to stdout; they are not this test's output.
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
      /^(::|Sent \d+ of|\[command\])/.test(String(chunk))
        ? true
        : write(chunk, ...rest)) as typeof process.stdout.write
    try {
      expect(await cache.saveCache([path], key)).toBeGreaterThan(0)
    } finally {
      process.stdout.write = write
      process.env = saved
      rmSync(path, { force: true })
    }

    await removeImage()
    const r = await job(s)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(
        `::warning::image ${IMAGE}: the archive from the Actions cache \\(key ${key}\\) is unusable: .*not a tar, gzip or zstd file; building it instead`
      )
    )
    expect(didBuild(r.log)).toBe(true)
    expect(r.log).toContain('already has an entry for it (entries are immutable); not saved again')
    expect(r.results.status).toBe('passed')
    expect(r.results.images?.[0]).toMatchObject({ built: true })
    expect(r.results.images?.[0].savedAs).toBeUndefined()
    expect(s.entries.filter((e) => e.key === key)).toHaveLength(1)
  }, 600_000)

  it('a failing cache service: its warning, a build, and the run passes', async () => {
    const s = await server({
      failTwirp: { method: 'GetCacheEntryDownloadURL', status: 403, msg: 'injected: no read scope' }
    })
    await removeImage()
    const r = await job(s)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/::warning::Failed to restore: .*403/)
    expect(didBuild(r.log)).toBe(true)
    expect(r.results.status).toBe('passed')
    expect(r.results.images?.[0]).toMatchObject({ built: true, savedAs: key })
    expect(s.entry(key)?.finalized).toBe(true)
  }, 600_000)

  it('image-cache: false never calls the cache service', async () => {
    const s = await server()
    await removeImage()
    const r = await job(s, { 'image-cache': 'false' })
    expect(r.code).toBe(0)
    expect(didBuild(r.log)).toBe(true)
    expect(s.requests).toEqual([])
    expect(r.results.images?.[0]).toMatchObject({ built: true })
    expect(r.results.images?.[0].savedAs).toBeUndefined()
  }, 300_000)

  it('without a cache service (no ACTIONS_RESULTS_URL) says so once and builds', async () => {
    await removeImage()
    const r = await job(undefined)
    expect(r.code).toBe(0)
    expect(r.log).toContain('image cache: the Actions cache service is not available to this step')
    expect(r.results.images?.[0]).toMatchObject({ built: true })
  }, 300_000)
})
