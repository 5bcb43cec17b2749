// Killing a sandboxed step and proving it is gone. Everything a step starts runs inside the PID
// namespace bubblewrap made for it (--unshare-pid, --die-with-parent), so killing bubblewrap ends
// the namespace and the kernel kills every process in it. bubblewrap puts the sandbox in a session
// of its own, out of the spawned process group; the step's token (see host/process-tree.ts) still
// finds it. Then the proof: no live process is left in any PID namespace the step's processes
// were in, whatever they did to their environment.
import { readFile, readlink } from 'node:fs/promises'
import { killTree, pidsWithToken } from '../host/process-tree.js'
import { otherPids } from '../procfs.js'

/** The PID namespace of a process ("pid:[4026532301]"), or undefined when it is gone. */
async function pidNamespace(pid: number | 'self'): Promise<string | undefined> {
  try {
    return await readlink(`/proc/${pid}/ns/pid`)
  } catch {
    return undefined
  }
}

/** PID namespaces other than ours that `pids` are in. */
export async function namespacesOf(pids: number[]): Promise<Set<string>> {
  const own = await pidNamespace('self')
  const found = new Set<string>()
  for (const pid of pids) {
    const ns = await pidNamespace(pid)
    if (ns && ns !== own) found.add(ns)
  }
  return found
}

/** Live (not zombie) processes in any of `namespaces`. */
export async function pidsInNamespaces(namespaces: Set<string>): Promise<number[]> {
  if (namespaces.size === 0) return []
  const found: number[] = []
  await Promise.all(
    (await otherPids()).map(async (pid) => {
      const ns = await pidNamespace(pid)
      if (!ns || !namespaces.has(ns)) return
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
        // Field 3, after the parenthesised command name (which may contain spaces).
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
        if (state !== 'Z' && state !== 'X') found.push(pid)
      } catch {
        // gone
      }
    })
  )
  return found
}

/**
 * SIGKILLs the step's process group and every process with its token, then checks that neither
 * a token process nor any process in the step's PID namespaces is alive. Returns the survivors
 * (normally none).
 */
export async function killSandboxed(pgid: number | undefined, token: string): Promise<number[]> {
  if (pgid) signal(-pgid)
  // One scan when the step ended on its own and took everything with it (the common case).
  const running = await pidsWithToken(token)
  if (running.length === 0) return []
  const namespaces = await namespacesOf(running)
  const left = await killTree(pgid, token)
  // The namespace dies with its init, but not in the same instant: give it a moment.
  for (let i = 0; i < 50; i++) {
    const inside = await pidsInNamespaces(namespaces)
    if (inside.length === 0) return left
    for (const pid of inside) signal(pid)
    await new Promise((r) => setTimeout(r, 20))
  }
  return [...new Set([...left, ...(await pidsInNamespaces(namespaces))])]
}

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
