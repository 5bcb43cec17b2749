// Action inputs → a typed context (docker/actions-toolkit style). Validation errors are thrown
// as UsageError so the action fails with a clear message.
import * as core from '@actions/core'
import { join } from 'node:path'
import { IMAGE_POLICIES, type ImagePolicy } from '../config/defaults.js'
import { parseUnsafeClasses, type UnsafeClass } from '../config/unsafe.js'
import { errorMessage, UsageError } from '../errors.js'
import { checkRegistryRepository } from '../runtime/docker/index.js'
import { expectRuntimeOption } from '../isolation/index.js'
import { caCertificatesOption } from '../runtime/ca-bundle.js'

export type FailOn = 'failed' | 'blocked' | 'never' | 'not-caught'
export type Mode = 'run' | 'verify-isolation' | 'serve'

export interface ActionInputs {
  config: string
  agents?: string[]
  workingDirectory: string
  imagePolicy: ImagePolicy
  /** Restore our images from the Actions cache before building them, save them after. */
  imageCache: boolean
  /** Repository of prebuilt images tagged `<context-hash>[-sudo]` (the release workflow's). */
  imageRegistry?: string
  timeoutSec?: number
  outputDir: string
  uploadArtifacts: boolean
  artifactName?: string
  retentionDays?: number
  failOn: FailOn
  mode: Mode
  cleanup: boolean
  /** Base revision of every compare step (overrides compare.base). */
  baseRef?: string
  /** Do not stream each step's output into the log as it runs. */
  quiet?: boolean
  /** verify-isolation: the runtime every container must run under (probe 27). */
  expectRuntime?: string
  /** Read the config from this git revision, not the work tree. */
  configRef?: string
  /** Unsafe classes the workflow allows (config/unsafe.ts). */
  allowUnsafe?: UnsafeClass[]
  /** `ca-certificates`: absolute PEM paths or `system`, trusted in every sandbox. */
  caCertificates?: string[]
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`input "${name}" must be one of ${allowed.join(', ')}; got "${value}"`)
  }
  return value as T
}

function positive(name: string, value: string, integer = false): number | undefined {
  if (value === '') return undefined
  const n = Number(value)
  if (!(n > 0) || (integer && !Number.isInteger(n))) {
    throw new UsageError(
      `input "${name}" must be a positive ${integer ? 'whole ' : ''}number; got "${value}"`
    )
  }
  return n
}

function bool(name: string, dflt: boolean): boolean {
  const v = core.getInput(name)
  if (v === '') return dflt
  if (/^(true|yes|1)$/i.test(v)) return true
  if (/^(false|no|0)$/i.test(v)) return false
  throw new UsageError(`input "${name}" must be true or false; got "${v}"`)
}

function registry(value: string): string | undefined {
  if (!value.trim()) return undefined
  try {
    return checkRegistryRepository(value)
  } catch (e) {
    throw new UsageError(`input "image-registry": ${errorMessage(e)}`)
  }
}

export function getInputs(env: NodeJS.ProcessEnv = process.env): ActionInputs {
  const workingDirectory =
    core.getInput('working-directory') || env.GITHUB_WORKSPACE || process.cwd()
  const agents = core
    .getInput('agents')
    .split(/[,\s]+/)
    .filter(Boolean)
  return {
    config: core.getInput('config', { required: true }),
    agents: agents.length ? agents : undefined,
    workingDirectory,
    imagePolicy: oneOf('image-policy', core.getInput('image-policy') || 'auto', IMAGE_POLICIES),
    imageCache: bool('image-cache', true),
    imageRegistry: registry(core.getInput('image-registry')),
    timeoutSec: positive('timeout', core.getInput('timeout')),
    outputDir:
      core.getInput('output-dir') ||
      join(env.RUNNER_TEMP || workingDirectory, `massgen-results-${env.GITHUB_RUN_ID ?? 'local'}`),
    uploadArtifacts: bool('upload-artifacts', true),
    artifactName: core.getInput('artifact-name') || undefined,
    retentionDays: positive('retention-days', core.getInput('retention-days'), true),
    failOn: oneOf('fail-on', core.getInput('fail-on') || 'failed', [
      'failed',
      'blocked',
      'never',
      'not-caught'
    ] as const),
    mode: oneOf('mode', core.getInput('mode') || 'run', [
      'run',
      'verify-isolation',
      'serve'
    ] as const),
    cleanup: bool('cleanup', true),
    baseRef: core.getInput('base-ref') || undefined,
    expectRuntime: expectRuntimeOption(core.getInput('expect-runtime')),
    configRef: core.getInput('config-ref') || undefined,
    allowUnsafe: parseUnsafeClasses(core.getInput('allow-unsafe'), 'input "allow-unsafe"'),
    caCertificates: caCertificatesOption(core.getInput('ca-certificates'), workingDirectory),
    quiet: bool('quiet', false)
  }
}
