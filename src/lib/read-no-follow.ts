// Reading a file the sandbox (the agent's code) could have written: its reports, its untracked
// files. One rule for all of them: no symbolic link followed, no blocking on a planted FIFO, only
// a regular file, and nothing larger than the caller's cap read into memory.
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'

/** The file's UTF-8 text; undefined when absent, not a regular file or larger than `max` bytes. */
export async function readNoFollow(
  path: string,
  max = 256 * 1024 * 1024
): Promise<string | undefined> {
  return (await readBytesNoFollow(path, max))?.toString('utf8')
}

/** The file's bytes, by the same rule as readNoFollow. */
export async function readBytesNoFollow(
  path: string,
  max = 256 * 1024 * 1024
): Promise<Buffer | undefined> {
  try {
    const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const st = await fh.stat()
      if (!st.isFile() || st.size > max) return undefined
      return await fh.readFile()
    } finally {
      await fh.close()
    }
  } catch {
    return undefined
  }
}
