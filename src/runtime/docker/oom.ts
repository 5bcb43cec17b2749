// OOM evidence for a step. The container's own cgroup counts kills: cgroup v1
// memory.oom_control and cgroup v2 memory.events both have an `oom_kill N` line, and inside the
// container /sys/fs/cgroup is the container's cgroup. State.OOMKilled only covers the main
// process, so the counter (with the engine's `oom` events as a fallback) is what decides.
import type { Readable } from 'node:stream'
import type Docker from 'dockerode'

/** Read as root inside the container; prints the v1 file, else the v2 one. */
export const OOM_COUNTER_CMD = [
  'sh',
  '-c',
  'cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events'
]

export function parseOomKillCount(text: string): number | undefined {
  const match = /^oom_kill\s+(\d+)\s*$/m.exec(text)
  return match ? Number(match[1]) : undefined
}

/** Whether the engine reported an `oom` event for the container between two instants (ms). */
export async function sawOomEvent(
  docker: Docker,
  containerId: string,
  sinceMs: number,
  untilMs: number
): Promise<boolean> {
  const stream = (await docker.getEvents({
    since: String(Math.floor(sinceMs / 1000)),
    // `until` in the future would hold the stream open until then.
    until: (Math.min(untilMs, Date.now()) / 1000).toFixed(3),
    filters: JSON.stringify({ container: [containerId], event: ['oom'] })
  } as unknown as Parameters<Docker['getEvents']>[0])) as unknown as Readable
  let text = ''
  for await (const chunk of stream) text += String(chunk)
  return /"(status|Action)":"oom"/.test(text)
}
