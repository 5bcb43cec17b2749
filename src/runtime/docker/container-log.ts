// docker_container.log: the container as it was set up (image, user, limits, mounts), its state
// at the end, what happened to it (the journal), its background processes and its own output.
import type { ContainerCreateSpec, ContainerInspect } from './container-client.js'

export interface ContainerLogInput {
  agentId: string
  spec: ContainerCreateSpec
  containerId: string
  image: string
  imageId: string
  user: string
  limits: unknown
  state?: ContainerInspect
  journal: readonly string[]
  background: string[]
  output: string
}

export function renderContainerLog(i: ContainerLogInput): string {
  const s = i.state?.State
  const lines = [
    `# docker_container.log — agent ${i.agentId}`,
    `container: ${i.spec.name} (${i.containerId})`,
    `image: ${i.image} (${i.state?.Image ?? i.imageId})`,
    `user: ${i.user}; keepalive user: ${i.spec.User}`,
    `limits: ${JSON.stringify(i.limits)}`,
    `mounts:`,
    ...(i.spec.HostConfig.Mounts ?? []).map((m) =>
      m.Type === 'bind'
        ? `  ${m.Target} ${m.ReadOnly ? 'ro' : 'rw'}${m.Source === m.Target ? '' : ` <- ${m.Source}`}`
        : `  ${m.Target} rw (${m.Type})`
    ),
    ...Object.entries(i.spec.HostConfig.Tmpfs ?? {}).map(
      ([path, opts]) => `  ${path} tmpfs ${opts}`
    ),
    s
      ? `state: status=${s.Status} running=${s.Running} exit=${s.ExitCode} ` +
        `OOMKilled=${s.OOMKilled} error=${JSON.stringify(s.Error ?? '')} ` +
        `started=${s.StartedAt} finished=${s.FinishedAt} restarts=${i.state?.RestartCount ?? 0}`
      : 'state: (container no longer exists)',
    '',
    '## history',
    ...i.journal,
    '',
    '## background processes',
    ...i.background,
    '',
    '## container log',
    i.output || '(empty)'
  ]
  return lines.join('\n') + '\n'
}
