// Config problems, each pinned to `file:line:col`, all reported together.

export interface ConfigIssue {
  file: string
  line: number
  col: number
  message: string
}

export function formatIssue(i: ConfigIssue): string {
  return `${i.file}:${i.line}:${i.col}: ${i.message}`
}

export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map(formatIssue).join('\n'))
    this.name = 'ConfigError'
  }
}
