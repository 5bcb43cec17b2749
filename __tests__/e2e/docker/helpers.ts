// Shared pieces of the docker e2e tests: the real engine, the real image (built once; the
// content-hash label and the build lock make every later ensureImage a no-op), hand-made plans.
import { chmod, chown, mkdtemp, realpath } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import Docker from 'dockerode'
import type { AgentPlan, DockerConfig } from '../../../src/config/types.js'
import type { ExecRequest } from '../../../src/runtime/types.js'
import { ensureImage, LABEL_RUN } from '../../../src/runtime/docker/index.js'
import { DockerContainerClient } from '../../../src/runtime/docker/docker-container-client.js'
import { demuxBuffer } from '../../../src/runtime/docker/frames.js'
import { dockerAgent } from '../../helpers/plan.js'

/** dockerode, for the tests' own look at the engine (outside the product under test). */
export const docker = new Docker()
/** The product's engine client, on the same engine. */
export const client = new DockerContainerClient(docker, 'the test engine')
export const IMAGE_TIMEOUT_MS = 900_000

export async function ensureRuntimeImage(sudo = false, log: (l: string) => void = () => undefined) {
  return ensureImage(sudo ? 'massgen/mcp-runtime-sudo:latest' : 'massgen/mcp-runtime:latest', {
    policy: 'auto',
    sudo,
    log,
    client
  })
}

/**
 * A temp directory the image's uid 1000 owns, as a checkout is its runner user's (the agent
 * follows the workspace's owner and nothing chmods a root-owned one); 0755 for everyone else.
 */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), `mgx-${prefix}-`)))
  await chmod(dir, 0o755)
  if (process.geteuid?.() === 0) await chown(dir, 1000, 1000)
  return dir
}

export function agentPlan(
  id: string,
  workspace: string,
  extra: Partial<AgentPlan> = {},
  dockerExtra: Partial<DockerConfig> = {}
): AgentPlan {
  return dockerAgent({ id, workspace, ...extra }, dockerExtra)
}

export function request(
  command: string,
  cwd: string,
  extra: Partial<ExecRequest> = {}
): ExecRequest {
  return { command, cwd, env: {}, timeoutMs: 60_000, maxOutputBytes: 1024 * 1024, ...extra }
}

export function newRunId(tag: string): string {
  return `e2e-${tag}-${process.pid}-${Date.now()}`
}

export async function containersOfRun(runId: string): Promise<Docker.ContainerInfo[]> {
  return docker.listContainers({
    all: true,
    filters: JSON.stringify({ label: [`${LABEL_RUN}=${runId}`] })
  } as unknown as Docker.ContainerListOptions)
}

/** Runs a command in a container as root, outside the runtime under test (for inspection). */
export async function rootExec(container: string, cmd: string[]): Promise<string> {
  const exec = await docker.getContainer(container).exec({
    Cmd: cmd,
    User: '0:0',
    AttachStdout: true,
    AttachStderr: true
  })
  const stream = (await exec.start({ Detach: false, Tty: false })) as unknown as Readable
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return demuxBuffer(Buffer.concat(chunks))
}

/** uid of every process in the container (read as root, so the probe itself is not uid 1000). */
export async function processUids(container: string): Promise<number[]> {
  const out = await rootExec(container, ['ps', '-eo', 'uid='])
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map(Number)
}
