// What happened to one agent's container, for docker_container.log: timestamped notes (created,
// restarted, replaced, timed out, OOM…) kept in memory and written out with the container's state
// and its own log when the agent's steps end.

export class Journal {
  private readonly lines: string[] = []

  note(line: string): void {
    this.lines.push(`${new Date().toISOString()} ${line}`)
  }

  get entries(): readonly string[] {
    return this.lines
  }
}
