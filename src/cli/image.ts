// `massgen-exec image [IMAGE] [--sudo] [--image-policy P]`: make the runtime image ready ahead of
// a run (a separate workflow step, a cache warm-up, the test suite's global setup).
import { parseArgs } from 'node:util'
import { EnvironmentError } from '../runtime/types.js'
import type { Io } from './main.js'

const POLICIES = ['auto', 'build', 'pull', 'never'] as const

export async function imageCommand(argv: string[], io: Io): Promise<number> {
  const out = (s: string) => io.stdout.write(s + '\n')
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { sudo: { type: 'boolean' }, 'image-policy': { type: 'string' } }
    })
  } catch (e) {
    io.stderr.write(`massgen-exec image: ${(e as Error).message}\n`)
    return 2
  }
  const policy = (parsed.values['image-policy'] as string | undefined) ?? 'auto'
  if (!(POLICIES as readonly string[]).includes(policy) || parsed.positionals.length > 1) {
    io.stderr.write(
      'usage: massgen-exec image [IMAGE] [--sudo] [--image-policy auto|build|pull|never]\n'
    )
    return 2
  }
  const { ensureImage, DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE } =
    await import('../runtime/docker/index.js')
  const sudo = parsed.values.sudo === true
  const image = parsed.positionals[0] ?? (sudo ? DEFAULT_SUDO_IMAGE : DEFAULT_IMAGE)
  try {
    const r = await ensureImage(image, {
      policy: policy as (typeof POLICIES)[number],
      sudo,
      log: out
    })
    out(`${image}: ${r.id} (${r.built ? 'built' : r.reused ? 'reused' : 'pulled'})`)
    return 0
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e
    io.stderr.write(`massgen-exec image: ${e.message}${e.hint ? `\n${e.hint}` : ''}\n`)
    return 2
  }
}
