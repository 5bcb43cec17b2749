// command_line_ca_certificates in a container: the bundle (runner's system bundle + the listed
// CAs) in a host directory mounted read-only twice, at /run/massgen-ca and over the image's
// trust-store file, so the root filesystem can stay read-only and tools that read only the
// system store trust it too; the clients' variables point at the first.
import type { AgentPlan } from '../../config/types.js'
import {
  BUNDLE_NAME,
  CA_DIR_IN_SANDBOX,
  caEnv,
  describeCaBundle,
  SANDBOX_TRUST_STORE,
  writeCaBundle
} from '../ca-bundle.js'
import type { BindMount } from './credentials.js'

export interface ContainerCaBundle {
  mounts: BindMount[]
  env: Record<string, string>
  remove(): Promise<void>
}

/** Undefined when the agent lists no CA certificates. */
export async function openContainerCaBundle(
  agent: AgentPlan,
  log: (line: string) => void
): Promise<ContainerCaBundle | undefined> {
  if (!agent.caCertificates?.length) return undefined
  const b = await writeCaBundle(agent.caCertificates, { log })
  log(`${describeCaBundle(b)}; trusted in the container (${SANDBOX_TRUST_STORE})`)
  return {
    mounts: [
      { source: b.dir, target: CA_DIR_IN_SANDBOX, readOnly: true },
      { source: b.file, target: SANDBOX_TRUST_STORE, readOnly: true }
    ],
    env: caEnv(`${CA_DIR_IN_SANDBOX}/${BUNDLE_NAME}`),
    remove: b.remove
  }
}
