// The bundled action's image-registry input against Debian's docker-registry on 127.0.0.1 (what the
// release workflow's ghcr.io tags are for a hosted runner): under image-policy auto our image is
// pulled as <registry>:<context-hash>, checked by its label, named as requested, and not built;
// a tag carrying another hash, or no such tag, costs a build and a warning; a malformed value is
// a usage error (exit 2) before anything runs.
// The image is a throwaway tag of our own repository (massgen/mcp-runtime:registry-e2e): built
// from the same docker/ context as :latest it shares its layers, so the pull moves little and
// removing the tag leaves :latest alone. :latest itself is never touched here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { RunResults } from '../../src/report/types.js'
import { contextHash, ensureImage } from '../../src/runtime/docker/image.js'
import { registryImageRef } from '../../src/runtime/docker/image-keys.js'
import { LABEL_CONTEXT_HASH } from '../../src/runtime/docker/labels.js'
import { followProgress, ProgressReporter } from '../../src/runtime/docker/progress.js'
import {
  deleteFromRegistry,
  ensureLocalRegistry,
  REGISTRY_ADDR
} from '../helpers/local-registry.js'
import { ACTION_MAIN, RunnerFiles, runNode, type Finished } from '../helpers/run-dist.js'
import { client, docker } from './docker/helpers.js'
import { buildThrowawayImage } from './docker/throwaway-image.js'

const IMAGE = 'massgen/mcp-runtime:registry-e2e'
const marker = randomBytes(6).toString('hex')
const PATH = `massgen-exec-test/runtime-${marker}`
const REGISTRY = `${REGISTRY_ADDR}/${PATH}`
const IMPOSTOR = `massgen-exec-test/impostor:${marker}`
const home = mkdtempSync(join(tmpdir(), 'gha-image-registry-'))
const workspace = join(home, 'repo')
mkdirSync(workspace, { recursive: true })
writeFileSync(
  join(workspace, 'massgen.yaml'),
  `
agent:
  id: pulled
  backend:
    cwd: ws
    command_line_execution_mode: docker
    command_line_docker_image: ${IMAGE}
  commands:
    - run: python3 -c "print('ran in the pulled image')"
`
)

let hash = ''
let ref = ''
let startedRegistry = false
beforeAll(async () => {
  startedRegistry = await ensureLocalRegistry()
  const args: Record<string, string> = process.env.MASSGEN_EXEC_BASE_IMAGE
    ? { BASE_IMAGE: process.env.MASSGEN_EXEC_BASE_IMAGE }
    : {}
  hash = await contextHash(join(process.cwd(), 'docker'), args)
  ref = registryImageRef(REGISTRY, hash, 'default')
  await client.removeImage(IMAGE)
}, 300_000)

afterAll(async () => {
  for (const name of [IMAGE, ref, IMPOSTOR]) await client.removeImage(name).catch(() => undefined)
  await deleteFromRegistry(PATH, hash)
  rmSync(home, { recursive: true, force: true })
  if (startedRegistry)
    await import('node:child_process').then(({ execFileSync }) =>
      execFileSync('bash', ['scripts/local-registry.sh', 'stop'], { stdio: 'inherit' })
    )
})

async function push(local: string): Promise<void> {
  await client.tagImage(local, REGISTRY, hash)
  const reporter = await followProgress(
    (await client.pushImage(ref)) as unknown as Readable,
    new ProgressReporter('', () => undefined)
  )
  if (reporter.error) throw new Error(`push ${ref}: ${reporter.error}`)
  await client.removeImage(ref)
}

interface Job extends Finished {
  results?: RunResults
  log: string
}

async function job(inputs: Record<string, string>): Promise<Job> {
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
      { GITHUB_WORKSPACE: workspace }
    )
  })
  const file = join(out, 'results.json')
  const results = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as RunResults)
    : undefined
  return { ...r, results, log: r.stdout + r.stderr }
}

const didBuild = (log: string) => /\[build\] |: building Dockerfile/.test(log)

describe('the bundled action with image-registry (local docker-registry)', () => {
  it('refuses a malformed image-registry with exit 2 before anything runs', async () => {
    const r = await job({ 'image-registry': `${REGISTRY}:latest` })
    expect(r.code).toBe(2)
    expect(r.stdout).toMatch(
      /::error::input "image-registry": .* must be a repository without a tag/
    )
    expect(r.results).toBeUndefined()
  })

  it('builds, with a warning, when the registry has no such tag', async () => {
    const r = await job({ 'image-registry': REGISTRY, 'image-cache': 'false' })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(`::warning::image ${IMAGE}: pulling ${ref} failed \\(.*\\); building it instead`)
    )
    expect(didBuild(r.log)).toBe(true)
    expect(r.results?.images?.[0]).toMatchObject({ image: IMAGE, built: true })
    await client.removeImage(IMAGE)
  }, 300_000)

  it('does not use an image under the tag that carries another context hash', async () => {
    await buildThrowawayImage(docker, IMPOSTOR, marker, { [LABEL_CONTEXT_HASH]: 'e'.repeat(64) })
    await push(IMPOSTOR)
    const r = await job({ 'image-registry': REGISTRY, 'image-cache': 'false' })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(
        `::warning::image ${IMAGE}: ${ref} carries context hash eeeeeeeeeeee, not ${hash.slice(0, 12)}; not used, building it instead`
      )
    )
    expect(didBuild(r.log)).toBe(true)
    expect(await client.inspectImage(ref)).toBeUndefined()
    const built = await client.inspectImage(IMAGE)
    expect(built?.Config?.Labels?.[LABEL_CONTEXT_HASH]).toBe(hash)
  }, 300_000)

  it('pulls <registry>:<context-hash>, checks it, names it, and does not build', async () => {
    // What the release workflow publishes: the image the action's own build makes.
    const made = await ensureImage(IMAGE, { policy: 'auto', log: () => undefined, client })
    await push(IMAGE)
    await client.removeImage(IMAGE)
    expect(await client.inspectImage(IMAGE)).toBeUndefined()

    const r = await job({ 'image-registry': REGISTRY, 'image-cache': 'false' })
    expect(r.code).toBe(0)
    expect(r.log).toContain(`image ${IMAGE}: pulling ${ref}`)
    // Pull progress as plain lines (a layer the engine holds already gets none of its own).
    expect(r.log).toMatch(/^\[pull\] Digest: sha256:[0-9a-f]{64}$/m)
    expect(r.log).toContain(`[pull] Status: Downloaded newer image for ${ref}`)
    expect(r.log).toMatch(
      new RegExp(`image ${IMAGE}: pulled ${ref} \\(${made.id}\\) in .*; no build`)
    )
    expect(didBuild(r.log)).toBe(false)
    expect(r.results?.images).toEqual([
      expect.objectContaining({
        image: IMAGE,
        id: made.id,
        built: false,
        restored: 'registry',
        restoredFrom: ref
      })
    ])
    expect(r.results?.agents[0].commands[0]).toMatchObject({
      status: 'passed',
      stdout: 'ran in the pulled image\n'
    })
    expect((await client.inspectImage(IMAGE))?.Id).toBe(made.id)
    // The registry's name was only the way in.
    expect(await client.inspectImage(ref)).toBeUndefined()
  }, 600_000)
})
