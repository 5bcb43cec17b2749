// A cross-process lock (one file, created exclusively) so parallel runs or jest workers do not
// build the same image twice at once; a lock whose owner died is taken over.
import { open, readFile, unlink } from 'node:fs/promises'
import { delay } from '../../lib/delay.js'

const POLL_MS = 250

export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
  onWait?: () => void
): Promise<T> {
  let waited = false
  for (;;) {
    try {
      const handle = await open(path, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      if (await ownerIsGone(path)) {
        await unlink(path).catch(() => undefined)
        continue
      }
      if (!waited) onWait?.()
      waited = true
      await delay(POLL_MS)
    }
  }
  try {
    return await fn()
  } finally {
    await unlink(path).catch(() => undefined)
  }
}

async function ownerIsGone(path: string): Promise<boolean> {
  const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim())
  if (!Number.isInteger(pid) || pid <= 0) return false // being written right now
  try {
    process.kill(pid, 0)
    return false
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
