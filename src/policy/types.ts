// The policy layer's contract: a command string in, a verdict out. The sandbox is the
// security boundary; this layer only decides what is worth running at all.

export interface Verdict {
  verdict: 'allow' | 'block'
  /** Rule id, e.g. "rm-root", "allow-list", "block-list", "permissions-deny". Absent when allowed. */
  rule?: string
  /** A sentence a human understands. Absent when allowed. */
  reason?: string
}

export interface CheckContext {
  /** The step's working directory (relative writes resolve against it). */
  cwd?: string
}

export interface CommandPolicy {
  check(command: string, ctx?: CheckContext): Verdict
  /** A file step: only permission rules (`write_file(…)`, `read_file(…)`) apply. */
  checkFile(kind: 'read_file' | 'write_file', path: string, workspace: string): Verdict
}
