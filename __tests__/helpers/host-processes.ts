// Which processes of a test are still alive on the host. e2e files run in parallel and the engine's
// containers show in the host's /proc, so a test looks only for its own command lines (give each test
// sleep durations no other test uses) and leaves out processes in a container's cgroup.
import { readdirSync, readFileSync } from 'node:fs'

/** Live (not zombie) host processes, outside containers, whose argv joined by spaces is `argv`. */
export function hostProcesses(argv: string): string[] {
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      if (cmd.join(' ') !== argv) continue
      if (/\/(docker|containerd|kubepods)/.test(readFileSync(`/proc/${pid}/cgroup`, 'utf8')))
        continue
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      if (state === 'Z' || state === 'X') continue
      found.push(`${pid} ${state} ${argv}`)
    } catch {
      // gone while we looked
    }
  }
  return found
}
