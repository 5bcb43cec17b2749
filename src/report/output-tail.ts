// The tail of a failed step's output: under its FAILED line in the console and the action log,
// and in summary.md.
/** How many of a failed step's last output lines are shown under its FAILED line. */
export const FAILED_TAIL_LINES = 40

/** The last `n` lines of a step's stdout then stderr (redacted by the caller). */
export function outputTail(
  s: { stdout?: string; stderr?: string },
  n = FAILED_TAIL_LINES
): string[] {
  const text = [s.stdout, s.stderr]
    .filter((t): t is string => Boolean(t))
    .map((t) => t.replace(/\n$/, ''))
    .join('\n')
  return text ? text.split('\n').slice(-n) : []
}

/** A step whose output tail belongs under its line: it failed, timed out, ran out of memory or errored. */
export function failedLike(s: { status: string }): boolean {
  return (
    s.status === 'failed' || s.status === 'timeout' || s.status === 'oom' || s.status === 'error'
  )
}
