// The regex sanitizers we replace, as shipped: MassGen v0.1.12 `_sanitize_command` and AG2's
// `LocalCommandLineCodeExecutor.sanitize_command`. Both use re.search over the raw string.
// The patterns are ASCII-only, so JavaScript's RegExp matches them the way Python's re does
// (bench.ts cross-checks with CPython when python3 is available).

export interface Baseline {
  name: string
  /** [pattern, message]; the first match blocks. */
  patterns: (enableSudo: boolean) => [string, string][]
}

const COMMON: [string, string][] = [
  ['\\bmv\\b.*?\\s+/dev/null', 'Moving files to /dev/null is not allowed'],
  ['\\bdd\\b', "Use of 'dd' command is not allowed"],
  ['>\\s*/dev/sd[a-z][1-9]?', 'Overwriting disk blocks directly is not allowed'],
  [':\\(\\)\\{\\s*:\\|\\:&\\s*\\};:', 'Fork bombs are not allowed']
]

export const MASSGEN: Baseline = {
  name: 'MassGen 0.1.12',
  patterns: (enableSudo) => [
    ['\\brm\\s+-rf\\s+/', "Use of 'rm -rf /' is not allowed"],
    ...COMMON,
    ...(enableSudo
      ? []
      : ([
          ['\\bsudo\\b', "Use of 'sudo' is not allowed"],
          ['\\bsu\\b', "Use of 'su' is not allowed"],
          ['\\bchown\\b', "Use of 'chown' is not allowed"],
          ['\\bchmod\\b', "Use of 'chmod' is not allowed"]
        ] as [string, string][]))
  ]
}

export const AG2: Baseline = {
  name: 'AG2',
  patterns: () => [['\\brm\\s+-rf\\b', "Use of 'rm -rf' command is not allowed."], ...COMMON]
}

/** The baseline's verdict: the message of the first matching pattern, or undefined (allowed). */
export function baselineCheck(
  b: Baseline,
  command: string,
  enableSudo: boolean
): string | undefined {
  for (const [pattern, message] of b.patterns(enableSudo)) {
    if (new RegExp(pattern).test(command)) return message
  }
  return undefined
}
