// Every error the product raises on purpose, in one place (as actions/toolkit's errors.ts): named
// classes with type guards, so callers test what an error *is* instead of duck-typing fields.
// Each knows the exit code it means: 2 for a problem with the input or the machine (usage, config,
// environment), which the CLI and the action report as such; anything else is a bug or a step-level
// failure that the run records and goes on.

/** A config problem pinned to `file:line:col`. */
export interface ConfigIssue {
  file: string
  line: number
  col: number
  message: string
}

export function formatIssue(i: ConfigIssue): string {
  return `${i.file}:${i.line}:${i.col}: ${i.message}`
}

/** Base of the product's own errors: `exitCode` is what the CLI exits with when it ends a run. */
export abstract class MassgenExecError extends Error {
  abstract readonly exitCode: 1 | 2
}

/** The config cannot be used; every problem is reported together. */
export class ConfigError extends MassgenExecError {
  readonly exitCode = 2
  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map(formatIssue).join('\n'))
    this.name = 'ConfigError'
  }
}

/** A command line, an action input or an agent selection that does not make sense. */
export class UsageError extends MassgenExecError {
  readonly exitCode = 2
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * The machine cannot do what the config asks (engine unreachable, image missing, a runtime or a
 * host tool not installed): exit 2, never a silent fallback to a weaker sandbox. `hint` says how
 * to fix it.
 */
export class EnvironmentError extends MassgenExecError {
  readonly exitCode = 2
  constructor(
    message: string,
    readonly hint?: string
  ) {
    super(message)
    this.name = 'EnvironmentError'
  }
}

/** The Docker engine answered a request with an error status (404 no such object, 409 conflict…). */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly operation: string
  ) {
    super(message)
    this.name = 'EngineError'
  }
}

/**
 * A path a step names (work_dir, write_file, read_file, junit) is not one the agent may use: it
 * does not exist, or it resolves (symlinks included) outside the agent's allowed paths. The step
 * ends `error`; the run goes on.
 */
export class PathError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PathError'
  }
}

export function isConfigError(e: unknown): e is ConfigError {
  return e instanceof ConfigError
}
export function isUsageError(e: unknown): e is UsageError {
  return e instanceof UsageError
}
export function isEnvironmentError(e: unknown): e is EnvironmentError {
  return e instanceof EnvironmentError
}
export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError
}
/** The engine says the object does not exist (any more). */
export function isNotFound(e: unknown): boolean {
  return isEngineError(e) && e.statusCode === 404
}
/** The engine refused because of the object's state (name taken, container not running…). */
export function isConflict(e: unknown): boolean {
  return isEngineError(e) && e.statusCode === 409
}
/** Errors that end a run with exit 2 (input or machine), as opposed to bugs. */
export function isFatalInputError(e: unknown): e is ConfigError | UsageError | EnvironmentError {
  return isConfigError(e) || isUsageError(e) || isEnvironmentError(e)
}

/**
 * The exit code an error that ended a command means (its `exitCode`), or undefined for anything
 * that is not one of ours: a bug, which the entries let through with its stack.
 */
export function exitCodeOf(e: unknown): 1 | 2 | undefined {
  return e instanceof MassgenExecError ? e.exitCode : undefined
}

/** One line for a user: the message, and the hint when there is one. */
export function describeError(e: unknown): string {
  if (isEnvironmentError(e) && e.hint) return `${e.message} (${e.hint})`
  return errorMessage(e)
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** Why an image archive could not be used: `corrupt` and `unsupported` are cache misses; `engine` too. */
export type ArchiveFailure = 'corrupt' | 'unsupported' | 'engine' | 'missing-image'

/** An image archive (image-archive, the cache) could not be saved or loaded; the caller decides. */
export class ImageArchiveError extends Error {
  override readonly name = 'ImageArchiveError'
  constructor(
    message: string,
    readonly reason: ArchiveFailure,
    readonly file: string
  ) {
    super(message)
  }
}

export function isImageArchiveError(err: unknown): err is ImageArchiveError {
  return err instanceof ImageArchiveError
}

/** A Python regex the translator cannot carry over; the loader turns it into a ConfigIssue. */
export class PatternError extends Error {
  override readonly name = 'PatternError'
}

/** A JUnit report a step names cannot be read or parsed: the step's junit entry says why. */
export class ReportError extends Error {
  override readonly name = 'ReportError'
}

/** The base/head trees of a compare step cannot be prepared: the step ends `error`, the run goes on. */
export class CompareError extends Error {
  override readonly name = 'CompareError'
}

/**
 * verify-isolation cannot check (no config, no sandbox agent, an environment problem): the report
 * records the message as its error and the check exits 2.
 */
export class VerifyStopped extends MassgenExecError {
  readonly exitCode = 2
  constructor(message: string) {
    super(message)
    this.name = 'VerifyStopped'
  }
}
