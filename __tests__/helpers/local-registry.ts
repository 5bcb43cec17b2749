// Debian's docker-registry on 127.0.0.1 (scripts/local-registry.sh) for the registry tests: the
// e2e setup and .ci/run start it; a test file run on its own starts it here if nothing answers.
import { execFileSync } from 'node:child_process'

export const REGISTRY_ADDR = process.env.LOCAL_REGISTRY_ADDR ?? '127.0.0.1:5000'

export async function registryAnswers(): Promise<boolean> {
  return fetch(`http://${REGISTRY_ADDR}/v2/`).then(
    (r) => r.ok,
    () => false
  )
}

/** Starts the registry unless it answers; true when this call started it. */
export async function ensureLocalRegistry(): Promise<boolean> {
  if (await registryAnswers()) return false
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n']
  const [cmd, ...args] = [...sudo, 'bash', 'scripts/local-registry.sh', 'start']
  execFileSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, LOCAL_REGISTRY_ADDR: REGISTRY_ADDR }
  })
  if (!(await registryAnswers()))
    throw new Error(`scripts/local-registry.sh ran but nothing answers at ${REGISTRY_ADDR}`)
  return true
}

/** Deletes a tag's manifest from the registry (its storage allows deletes), if it is there. */
export async function deleteFromRegistry(repository: string, tag: string): Promise<void> {
  const manifestUrl = `http://${REGISTRY_ADDR}/v2/${repository}/manifests/${tag}`
  const head = await fetch(manifestUrl, {
    method: 'HEAD',
    headers: { accept: 'application/vnd.docker.distribution.manifest.v2+json' }
  }).catch(() => undefined)
  const digest = head?.headers.get('docker-content-digest')
  if (digest)
    await fetch(manifestUrl.replace(/[^/]+$/, digest), { method: 'DELETE' }).catch(() => undefined)
}
