// Connects to the Docker engine the way the docker CLI would (DOCKER_HOST, else the default
// socket) and proves it answers; an unreachable engine is an EnvironmentError, never a fallback.
import Docker from 'dockerode'
import { EnvironmentError } from '../types.js'

const PING_TIMEOUT_MS = 10_000

export async function connectDocker(): Promise<Docker> {
  let docker: Docker
  try {
    docker = new Docker()
  } catch (err) {
    throw new EnvironmentError(
      `cannot use DOCKER_HOST=${process.env.DOCKER_HOST}: ${errorMessage(err)}`,
      'Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:port, or unset it to use the default socket.'
    )
  }
  const target = await describeTarget(docker)
  try {
    const ping = docker.ping.bind(docker) as (opts: {
      abortSignal: AbortSignal
    }) => Promise<unknown>
    await ping({ abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) })
  } catch (err) {
    throw new EnvironmentError(
      `Docker engine unreachable at ${target}: ${errorMessage(err)}`,
      hintFor(err, target)
    )
  }
  return docker
}

async function describeTarget(docker: Docker): Promise<string> {
  if (process.env.DOCKER_HOST) return `DOCKER_HOST=${process.env.DOCKER_HOST}`
  const modem = docker.modem as unknown as { getSocketPath?: () => Promise<string | undefined> }
  const socket = await modem.getSocketPath?.().catch(() => undefined)
  return socket ? `unix://${socket} (DOCKER_HOST unset)` : 'the default socket (DOCKER_HOST unset)'
}

function hintFor(err: unknown, target: string): string {
  const code = (err as { code?: string }).code
  if (code === 'EACCES')
    return `Permission denied on ${target}: add this user to the 'docker' group (or run with access to the socket).`
  return (
    'Start the Docker engine (e.g. `sudo systemctl start docker`, or Docker Desktop), or point DOCKER_HOST ' +
    'at a running engine. To run without containers, set execution mode to local explicitly.'
  )
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const json = (err as { json?: { message?: string } }).json
    return json?.message ?? err.message
  }
  return String(err)
}
