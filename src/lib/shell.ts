// Single-quoting for /bin/sh: the one way the harness puts a path or a word into a script line.
/** `s` as one /bin/sh word: single-quoted, each `'` written as `'\''`. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}
