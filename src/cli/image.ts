// `massgen-exec image [IMAGE] [--sudo] [--image-policy P] [--image-registry REPO] [--load FILE]
// [--save FILE]`: make the runtime image ready ahead of a run (a separate workflow step, a cache
// warm-up, the test suite's e2e setup). --load and --save are the image cache for CI systems other
// than GitHub Actions: the file goes into their cache (GitLab `cache:`, CircleCI save_cache…) and
// comes back on the next job: `--load` it (when present), and the image is used without a build.
import { stat } from 'node:fs/promises'
import { DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE } from '../config/defaults.js'
import { EnvironmentError, errorMessage, UsageError } from '../errors.js'
import { imagePolicyOption, parseCommandArgs, printer, type CliCommand } from './io.js'

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

export const imageCommand: CliCommand = {
  usage:
    'massgen-exec image [IMAGE] [--sudo] [--image-policy auto|build|pull|never] [--image-registry REPO] [--load FILE] [--save FILE]',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      sudo: { type: 'boolean' },
      'image-policy': { type: 'string' },
      'image-registry': { type: 'string' },
      load: { type: 'string' },
      save: { type: 'string' }
    })
    const policy = imagePolicyOption(values['image-policy'])
    if (positionals.length > 1) throw new UsageError('expected at most one image')
    for (const opt of ['load', 'save'] as const)
      if (values[opt] === '') throw new UsageError(`--${opt} needs a file name`)
    const docker = await import('../runtime/docker/index.js')
    let registry: string | undefined
    if (values['image-registry'] !== undefined) {
      try {
        registry = docker.checkRegistryRepository(values['image-registry'])
      } catch (e) {
        throw new UsageError(`--image-registry: ${errorMessage(e)}`)
      }
    }
    const sudo = values.sudo === true
    const image = positionals[0] ?? (sudo ? DEFAULT_SUDO_IMAGE : DEFAULT_IMAGE)
    const out = printer(io.stdout)
    const warn = printer(io.stderr)
    const client = await docker.connectDocker()

    if (values.load !== undefined) {
      const file = values.load
      try {
        const loaded = await docker.loadImageArchive(client, file, { log: out })
        out(
          `loaded ${loaded.images.join(', ')} from ${file} (${loaded.compression}, ${megabytes(loaded.bytes)}) in ${secs(loaded.ms)}`
        )
      } catch (e) {
        if (!docker.isImageArchiveError(e)) throw e
        throw new EnvironmentError(
          e.message,
          e.reason === 'engine'
            ? 'The engine refused the archive; check that it runs and has room.'
            : `Delete ${file} and run massgen-exec image (it builds the image), then --save it again.`
        )
      }
    }

    const r = await docker.ensureImage(image, {
      policy,
      sudo,
      log: out,
      client,
      sources: registry ? { registry, warn: (line) => warn(`warning: ${line}`) } : undefined
    })
    const how = r.built
      ? 'built'
      : r.restored
        ? `restored from ${r.restored === 'registry' ? r.restoredFrom : 'the cache'}`
        : r.reused
          ? 'reused'
          : 'pulled'
    out(`${image}: ${r.id} (${how})`)

    if (values.save !== undefined) {
      const file = values.save
      // The sudo variant is built FROM the runtime image: keep both names, so a --load of this
      // file alone makes `image --sudo` ready without building the base.
      const refs = [r.image]
      if ((sudo || docker.isSudoImage(r.image)) && docker.isOwnImage(r.image)) {
        const base = docker.sudoBaseImage(r.image)
        if (await client.inspectImage(base).catch(() => undefined)) refs.push(base)
      }
      try {
        const saved = await docker.saveImageArchive(client, refs, file)
        out(
          `saved ${refs.join(', ')} to ${file} (${saved.compression}, ${megabytes(saved.bytes)}) in ${secs(saved.ms)}`
        )
      } catch (e) {
        if (!docker.isImageArchiveError(e)) throw e
        const where = await stat(file).then(
          () => ` (${file} was left as it was)`,
          () => ''
        )
        throw new EnvironmentError(`${e.message}${where}`)
      }
    }
    return 0
  }
}
