// Line numbers per file in words, runs folded: "src/a.py:3, 5-7; src/b.py:10" (gate failures and the
// evidence reports share it).
/** "src/a.py:3, 5-7; src/b.py:10" */
export function lineList(files: { path: string; lines: number[] }[], max: number): string {
  const parts: string[] = []
  let shown = 0
  let total = 0
  for (const f of files) {
    total += f.lines.length
    if (!f.lines.length || shown >= max) continue
    const take = f.lines.slice(0, max - shown)
    shown += take.length
    const runs: string[] = []
    for (let i = 0; i < take.length;) {
      let j = i
      while (j + 1 < take.length && take[j + 1] === take[j] + 1) j++
      runs.push(i === j ? `${take[i]}` : `${take[i]}-${take[j]}`)
      i = j + 1
    }
    parts.push(`${f.path}:${runs.join(', ')}`)
  }
  return parts.join('; ') + (total > shown ? ` … and ${total - shown} more` : '')
}
