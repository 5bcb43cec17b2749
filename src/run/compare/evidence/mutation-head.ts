// A fresh sandbox on a fresh copy of head for the mutation runner and the Stryker adapter: a new
// root of ours (inside compare's 0700 directory) holding a copy of the packed trees, opened through
// openHead as compare's runSide opens a side.
import { randomBytes } from 'node:crypto'
import { chmod, copyFile, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Placement } from '../../attempts.js'
import type { SideBox } from '../run.js'
import type { MutationInput } from './types.js'

/** A fresh sandbox on a fresh copy of head, with where things are in it. */
export interface OpenedHead {
  box: SideBox
  /** Host paths: the sandbox's root (ours), the head tree in it, the step's directory. */
  root: string
  tree: string
  place: Placement
  close(): Promise<void>
}

/** A copy of the packed trees in a new root of ours, opened as head (as compare's runSide does). */
export async function openFreshHead(input: MutationInput): Promise<OpenedHead> {
  const h = input.head
  if (!h) throw new Error('no head tree to open')
  const token = randomBytes(6).toString('hex')
  const root = join(h.dir, `m-${token}`)
  await mkdir(root, { recursive: true })
  // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
  await chmod(root, 0o777)
  const tar = join(root, `${token}.tar`)
  await copyFile(h.tar, tar)
  const scratch: Record<string, string> = {}
  if (h.freshHome) {
    for (const d of ['home', 'tmp']) {
      await mkdir(join(root, d), { mode: 0o777 })
      await chmod(join(root, d), 0o777)
    }
    Object.assign(scratch, {
      HOME: join(root, 'home'),
      TMPDIR: join(root, 'tmp'),
      XDG_CACHE_HOME: join(root, 'home', '.cache')
    })
  }
  let box: SideBox
  try {
    box = await input.openHead({ root, tar, member: h.member, label: `m${token}` })
  } catch (e) {
    await rm(root, { recursive: true, force: true }).catch(() => undefined)
    throw e
  }
  const tree = join(root, h.member)
  let closed: Promise<void> | undefined
  return {
    box,
    root,
    tree,
    place: { cwd: join(tree, h.cwdRel), env: { ...h.env, ...scratch } },
    close: () =>
      (closed ??= box
        .close()
        .catch((e: Error) => input.log(`mutation: ${e.message}`))
        .then(() => rm(root, { recursive: true, force: true }))
        .catch(() => undefined))
  }
}
