// Files under the output directory, handled without ever following a symlink: a sandbox can plant
// links in what it writes, and neither a reader (artifact upload, the canary check) nor the
// redactor's rewrite may reach files outside the tree.
import { randomBytes } from 'node:crypto'
import { constants, type Dirent } from 'node:fs'
import { open, readdir, rename, unlink } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

/** Strings longer than this cannot be held by V8; such files cannot be redacted in memory. */
const MAX_REDACT_BYTES = 256 * 1024 * 1024

/** Regular files under rootDir, recursively, without following symlinks (absolute paths). */
export async function listRegularFiles(rootDir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return // unreadable directory: nothing in it can be uploaded either
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const e of entries) {
      const path = join(dir, e.name)
      // Dirent types come from lstat semantics: a symlink is never isFile/isDirectory.
      if (e.isDirectory()) await walk(path)
      else if (e.isFile()) out.push(path)
    }
  }
  await walk(rootDir)
  return out
}

/** Opens a regular file without following a final symlink or blocking on a planted FIFO. */
export async function openRegular(path: string, flags: number) {
  const fh = await open(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  const st = await fh.stat()
  if (!st.isFile()) {
    await fh.close()
    return undefined
  }
  return { fh, st }
}

/**
 * Applies `redact` to every regular file under rootDir (symlinks neither followed nor touched)
 * and rewrites the files whose content changed; returns how many changed. UTF-8 text is
 * redacted as text. Anything else is matched byte for byte (latin1) so that binary files are
 * left exactly as they are unless they contain a secret, which is then overwritten all the same.
 * Throws when a file cannot be redacted, so the caller never uploads an unredacted tree.
 */
export async function redactTree(rootDir: string, redact: (s: string) => string): Promise<number> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let changed = await redactNames(resolve(rootDir), redact)
  for (const file of await listRegularFiles(resolve(rootDir))) {
    const opened = await openRegular(file, constants.O_RDONLY)
    if (!opened) continue
    let data: Buffer
    try {
      if (opened.st.size > MAX_REDACT_BYTES) {
        throw new Error(`${file} is too large to redact (${opened.st.size} bytes)`)
      }
      data = await opened.fh.readFile()
    } finally {
      await opened.fh.close()
    }
    let text: string | undefined
    let encoding: BufferEncoding = 'utf8'
    try {
      text = utf8.decode(data)
    } catch {
      encoding = 'latin1'
      text = data.toString('latin1')
    }
    const redacted = redact(text)
    if (redacted === text) continue
    await replaceFile(file, Buffer.from(redacted, encoding), opened.st.mode & 0o7777)
    changed++
  }
  return changed
}

/**
 * Renames every entry under dir (files, directories, symlinks: the link itself, never its target)
 * whose name holds a secret: an artifact's file names go up as they are. A redacted name that is
 * taken already gets a numbered suffix. Returns how many entries were renamed.
 */
async function redactNames(dir: string, redact: (s: string) => string): Promise<number> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return 0 // unreadable directory: nothing in it can be uploaded either
  }
  const taken = new Set(entries.map((e) => e.name))
  let renamed = 0
  for (const e of entries) {
    let name = e.name
    const clean = redact(name)
    if (clean !== name) {
      name = clean
      for (let i = 1; taken.has(name); i++) name = `${clean}-${i}`
      taken.add(name)
      await rename(join(dir, e.name), join(dir, name))
      renamed++
    }
    if (e.isDirectory()) renamed += await redactNames(join(dir, name), redact)
  }
  return renamed
}

/**
 * Writes a sibling temp file and renames it over the original: works for read-only files we may
 * not open for writing, and a symlink swapped in meanwhile is replaced rather than written through.
 */
async function replaceFile(path: string, data: Buffer, mode: number): Promise<void> {
  const tmp = join(dirname(path), `.redact-${randomBytes(6).toString('hex')}.tmp`)
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    await fh.writeFile(data)
    await fh.chmod(mode)
  } finally {
    await fh.close()
  }
  try {
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
}
