// `massgen-exec image [IMAGE] [--sudo] [--image-policy P]`: make the runtime image ready ahead of
// a run (a separate workflow step, a cache warm-up, the test suite's e2e setup).
import { DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE } from '../config/defaults.js'
import { UsageError } from '../errors.js'
import { imagePolicyOption, parseCommandArgs, printer, type CliCommand } from './io.js'

export const imageCommand: CliCommand = {
  usage: 'massgen-exec image [IMAGE] [--sudo] [--image-policy auto|build|pull|never]',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      sudo: { type: 'boolean' },
      'image-policy': { type: 'string' }
    })
    const policy = imagePolicyOption(values['image-policy'])
    if (positionals.length > 1) throw new UsageError('expected at most one image')
    const { ensureImage } = await import('../runtime/docker/index.js')
    const sudo = values.sudo === true
    const image = positionals[0] ?? (sudo ? DEFAULT_SUDO_IMAGE : DEFAULT_IMAGE)
    const out = printer(io.stdout)
    const r = await ensureImage(image, { policy, sudo, log: out })
    out(`${image}: ${r.id} (${r.built ? 'built' : r.reused ? 'reused' : 'pulled'})`)
    return 0
  }
}
