// Walking the host's /proc, for the runtimes that kill a step's processes on the host (local mode,
// srt): every pid but this process's own. Linux only; [] where there is no /proc.
import { readdir } from 'node:fs/promises'

export async function otherPids(): Promise<number[]> {
  let entries: string[]
  try {
    entries = await readdir('/proc')
  } catch {
    return []
  }
  return entries.map(Number).filter((pid) => Number.isInteger(pid) && pid !== process.pid)
}
