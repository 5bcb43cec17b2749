// Killing everything a local command started. A process group covers ordinary `cmd &`
// children, but `setsid`/`nohup setsid` children leave the group; every descendant still
// inherits the environment, so each step carries a unique token variable and leftovers are found
// by scanning /proc/<pid>/environ for it.
import { readFile } from 'node:fs/promises'
import { otherPids } from '../procfs.js'

export const TOKEN_VAR = 'MASSGEN_EXEC_STEP'

/** Pids (other than ours) whose environment holds TOKEN_VAR=token. Linux only; [] elsewhere. */
export async function pidsWithToken(token: string): Promise<number[]> {
  // The token is a random UUID, so a plain substring match cannot hit another variable.
  const needle = Buffer.from(`${TOKEN_VAR}=${token}`)
  const found: number[] = []
  await Promise.all(
    (await otherPids()).map(async (pid) => {
      try {
        const env = await readFile(`/proc/${pid}/environ`)
        if (env.includes(needle)) found.push(pid)
      } catch {
        // Gone, or not ours to read.
      }
    })
  )
  return found
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig)
  } catch {
    // Already gone.
  }
}

/**
 * SIGKILLs the process group `pgid` and every process carrying the token, repeating until none
 * is left (a fork bomb keeps forking between scans). Returns the pids still alive after the
 * last round (normally none).
 */
export async function killTree(
  pgid: number | undefined,
  token: string,
  rounds = 20
): Promise<number[]> {
  for (let i = 0; i < rounds; i++) {
    if (pgid) signal(-pgid, 'SIGKILL')
    const left = await pidsWithToken(token)
    if (left.length === 0) return []
    for (const pid of left) signal(pid, 'SIGKILL')
    await new Promise((r) => setTimeout(r, 20))
  }
  return pidsWithToken(token)
}
