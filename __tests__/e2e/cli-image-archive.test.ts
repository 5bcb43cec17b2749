// `massgen-exec image --save FILE` / `--load FILE` (the image cache for CI systems other than
// GitHub Actions) through the bundled CLI: the archive brings the image back without a build, the
// sudo variant's archive carries its base too, and an unusable archive is exit 2 with a message
// that says what to do. Throwaway tags of our own repository (…:cli-archive-e2e) share :latest's
// layers, so removing them leaves :latest alone; :latest itself is never touched here.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLI, runNode } from '../helpers/run-dist.js'
import { client } from './docker/helpers.js'

const TAG = 'cli-archive-e2e'
const IMAGE = `massgen/mcp-runtime:${TAG}`
const SUDO_IMAGE = `massgen/mcp-runtime-sudo:${TAG}`
const scratch = mkdtempSync(join(tmpdir(), 'mgx-cli-archive-'))

afterAll(async () => {
  for (const image of [SUDO_IMAGE, IMAGE]) await client.removeImage(image)
  rmSync(scratch, { recursive: true, force: true })
})

const cli = (...args: string[]) => runNode(CLI, ['image', ...args])
const didBuild = (out: string) => /\[build\] |: building Dockerfile/.test(out)

describe('massgen-exec image --save / --load', () => {
  it('saves the image to a file and loads it back on an engine without it: no build', async () => {
    const file = join(scratch, 'runtime.img')
    const saved = await cli(IMAGE, '--save', file)
    expect(saved.stderr).toBe('')
    expect(saved.code).toBe(0)
    expect(saved.stdout).toMatch(
      new RegExp(`^saved ${IMAGE} to ${file} \\((gzip|zstd), \\d+ MB\\) in [\\d.]+ s$`, 'm')
    )
    expect(statSync(file).size).toBeGreaterThan(50e6)
    const id = (await client.inspectImage(IMAGE))!.Id

    await client.removeImage(IMAGE)
    expect(await client.inspectImage(IMAGE)).toBeUndefined()
    const loaded = await cli(IMAGE, '--load', file)
    expect(loaded.code).toBe(0)
    expect(loaded.stdout).toMatch(new RegExp(`^loaded ${IMAGE} from ${file} \\(`, 'm'))
    expect(loaded.stdout).toMatch(/up to date with the docker\/ context .* no build/)
    expect(loaded.stdout).toContain(`${IMAGE}: ${id} (reused)`)
    expect(didBuild(loaded.stdout)).toBe(false)
    expect((await client.inspectImage(IMAGE))?.Id).toBe(id)

    // A file cut short (an interrupted cache upload) is refused whole: exit 2, and a way out.
    const cut = join(scratch, 'cut.img')
    const bytes = readFileSync(file)
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 3)))
    const truncated = await cli(IMAGE, '--load', cut)
    expect(truncated.code).toBe(2)
    expect(truncated.stderr).toMatch(
      new RegExp(
        `^massgen-exec image: image archive ${cut} is unusable: .*\\nDelete ${cut} and run massgen-exec image`
      )
    )
  }, 600_000)

  it('refuses a file that is no image archive with exit 2 and a clear message', async () => {
    const junk = join(scratch, 'junk.img')
    writeFileSync(junk, '<html>502 Bad Gateway</html>\n')
    const r = await cli(IMAGE, '--load', junk)
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      `massgen-exec image: image archive ${junk} is unusable: not a tar, gzip or zstd file\n` +
        `Delete ${junk} and run massgen-exec image (it builds the image), then --save it again.\n`
    )
    const missing = await cli(IMAGE, '--load', join(scratch, 'absent.img'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/is unusable: ENOENT/)
  })

  it('saves the sudo variant with its base, so --load alone makes --sudo ready', async () => {
    const file = join(scratch, 'sudo.img')
    const saved = await cli(SUDO_IMAGE, '--sudo', '--save', file)
    expect(saved.code).toBe(0)
    expect(saved.stdout).toMatch(new RegExp(`^saved ${SUDO_IMAGE}, ${IMAGE} to ${file} `, 'm'))

    for (const image of [SUDO_IMAGE, IMAGE]) await client.removeImage(image)
    const loaded = await cli(SUDO_IMAGE, '--sudo', '--load', file)
    expect(loaded.code).toBe(0)
    expect(loaded.stdout).toMatch(/^loaded .*massgen\/mcp-runtime-sudo:cli-archive-e2e/m)
    expect(loaded.stdout).toMatch(/^loaded .*massgen\/mcp-runtime:cli-archive-e2e/m)
    expect(didBuild(loaded.stdout)).toBe(false)
    expect(loaded.stdout).toMatch(new RegExp(`${SUDO_IMAGE}: sha256:[0-9a-f]{64} \\(reused\\)`))
  }, 600_000)

  it('refuses a malformed --image-registry with exit 2', async () => {
    const r = await cli(IMAGE, '--image-registry', 'ghcr.io/acme/runtime:v1')
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--image-registry: .*must be a repository without a tag/)
  })
})
