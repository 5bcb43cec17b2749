// Locates the action's own files (docker/ build context, package.json) at run time: from
// src/runtime/docker in tests, dist/ or dist/cli/ in the bundles. MASSGEN_EXEC_ROOT overrides.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE_NAME = 'massgen-exec-action'

let cachedRoot: string | undefined

export function actionRoot(): string {
  if (cachedRoot) return cachedRoot
  const override = process.env.MASSGEN_EXEC_ROOT
  if (override) return (cachedRoot = resolve(override))
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (isActionRoot(dir)) return (cachedRoot = dir)
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  throw new Error(
    `cannot find the action's docker/ directory above ${fileURLToPath(import.meta.url)}; set MASSGEN_EXEC_ROOT`
  )
}

function isActionRoot(dir: string): boolean {
  const pkg = join(dir, 'package.json')
  if (!existsSync(pkg) || !existsSync(join(dir, 'docker', 'Dockerfile'))) return false
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === PACKAGE_NAME
  } catch {
    return false
  }
}

export function dockerContextDir(): string {
  return join(actionRoot(), 'docker')
}

let cachedVersion: string | undefined

/** The tool's version, for container labels. */
export function toolVersion(): string {
  if (cachedVersion) return cachedVersion
  try {
    const pkg = JSON.parse(readFileSync(join(actionRoot(), 'package.json'), 'utf8')) as {
      version?: string
    }
    cachedVersion = pkg.version ?? '0.0.0'
  } catch {
    cachedVersion = '0.0.0'
  }
  return cachedVersion
}
