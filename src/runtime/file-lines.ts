// read_file's window: `lineCount` lines (all when undefined) after skipping `offset` lines, as
// MassGen's read_file(path, offset=0, line_count=None). Shared by every runtime so the result does
// not depend on the mode.
export function sliceLines(text: string, offset: number, lineCount?: number): string {
  const lines = text.split('\n')
  // A trailing newline ends the last line; it does not start another.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  const start = Math.max(0, offset)
  const end = lineCount === undefined ? lines.length : start + lineCount
  const picked = lines.slice(start, end)
  return picked.length ? picked.join('\n') + '\n' : ''
}
