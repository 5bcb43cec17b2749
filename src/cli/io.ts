// What every CLI command shares: its streams, its argument parsing (a parse failure is a
// UsageError, exit 2, printed with the command's usage), and the options several commands take.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { IMAGE_POLICIES, type ImagePolicy } from '../config/defaults.js'
import { UsageError } from '../errors.js'

export interface Io {
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

export interface CliCommand {
  /** Text after "usage: " for this command's own help. */
  usage: string
  run(argv: string[], io: Io): Promise<number>
}

export function printer(stream: NodeJS.WritableStream): (line: string) => void {
  return (line) => void stream.write(line + '\n')
}

export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

export function oneConfig(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('expected exactly one config file')
  return positionals[0]
}

export function imagePolicyOption(value: string | undefined): ImagePolicy {
  const policy = value ?? 'auto'
  if (!(IMAGE_POLICIES as readonly string[]).includes(policy))
    throw new UsageError(`--image-policy must be one of ${IMAGE_POLICIES.join(', ')}`)
  return policy as ImagePolicy
}

/** `--timeout SECONDS`: a positive number, or undefined when not given. */
export function timeoutOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const timeout = Number(value)
  if (!(timeout > 0)) throw new UsageError('--timeout must be a positive number of seconds')
  return timeout
}

/** "a, b c" → ['a', 'b', 'c']; undefined when nothing is left. */
export function splitList(v: string | undefined): string[] | undefined {
  if (!v) return undefined
  const list = v
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean)
  return list.length ? list : undefined
}
