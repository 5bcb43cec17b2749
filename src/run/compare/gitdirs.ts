// The repository a compare step reads must be the agent's own: its work tree, git dir, common
// dir (a linked worktree's main repository) and every alternate object directory must lie inside
// the agent's allowed paths. Otherwise a `.git` file written by the agent (`gitdir: /host/repo`)
// or an alternates file would make the harness copy a host repository into the sandbox.
import { readFile, realpath } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { isInside } from '../../lib/paths.js'
import { CompareError, type Git } from './trees.js'

/** Throws a CompareError naming the first path outside `roots` (real paths). */
export async function assertRepoInside(git: Git, repo: string, roots: string[]): Promise<void> {
  const real = (p: string) => realpath(p).catch(() => resolve(p))
  const check = async (what: string, p: string) => {
    const r = await real(p)
    if (!roots.some((root) => isInside(r, root))) {
      throw new CompareError(`${what} ${r} is outside the agent's workspace and context paths`)
    }
    return r
  }
  await check('compare.repo', repo)
  const r = await git.run(
    ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir'],
    { cwd: repo }
  )
  if (r.code !== 0) throw new CompareError(`${repo} is not inside a git work tree`)
  const [top, gitDir, common] = r.stdout.toString('utf8').trim().split('\n')
  await check('the git work tree', top)
  await check('the git directory', gitDir)
  const commonDir = await check('the git common directory', common)
  await checkAlternates(resolve(commonDir, 'objects'), check, 0)
}

async function checkAlternates(
  objects: string,
  check: (what: string, p: string) => Promise<string>,
  depth: number
): Promise<void> {
  const text = await readFile(resolve(objects, 'info', 'alternates'), 'utf8').catch(() => '')
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue
    const dir = isAbsolute(line) ? line : resolve(objects, line)
    const r = await check('an alternate object directory', dir)
    // git follows alternates of alternates (up to 5 deep).
    if (depth < 5) await checkAlternates(r, check, depth + 1)
  }
}
