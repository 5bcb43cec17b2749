// command_line_docker_packages.preinstall, run once the container has started (and again in a
// replacement). Package names go in argv, never through a shell's parser; programs are found on the
// harness's root-owned PATH (pip through the image's venv interpreter), and everything runs as the
// agent's uid, system packages through `sudo -n` (sudo variant only).
import type { PackagesConfig } from '../../config/types.js'
import { HARNESS_PATH } from './exec.js'
import type { AgentExec } from './file-steps.js'
import type { Journal } from './journal.js'

const PREINSTALL_TIMEOUT_MS = 600_000
const PIP =
  'if [ -n "$VIRTUAL_ENV" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then ' +
  'exec "$VIRTUAL_ENV/bin/python" -m pip install "$@"; else exec python3 -m pip install --user "$@"; fi'

export interface PreinstallStep {
  label: string
  cmd: string[]
}

/** The steps for a config; names that are empty or look like options are left out with a warning. */
export function preinstallSteps(
  packages: PackagesConfig,
  sudo: boolean,
  warn: (line: string) => void
): PreinstallStep[] {
  const names = (list: string[], kind: string): string[] => {
    const bad = list.filter((n) => !n.trim() || n.startsWith('-'))
    if (bad.length) warn(`${kind} preinstall skips invalid names: ${bad.join(' ')}`)
    return list.filter((n) => n.trim() && !n.startsWith('-'))
  }
  const python = names(packages.python, 'python')
  const npm = names(packages.npm, 'npm')
  const system = names(packages.system, 'system')
  const steps: PreinstallStep[] = []
  if (system.length && !sudo) {
    warn(`system packages need command_line_docker_enable_sudo; skipped: ${system.join(' ')}`)
  } else if (system.length) {
    steps.push({
      label: 'apt-get update',
      cmd: ['/usr/bin/sudo', '-n', '/usr/bin/apt-get', 'update']
    })
    steps.push({
      label: `system ${system.join(' ')}`,
      cmd: [
        '/usr/bin/sudo',
        '-n',
        '/usr/bin/env',
        'DEBIAN_FRONTEND=noninteractive',
        '/usr/bin/apt-get',
        'install',
        '-y',
        '--no-install-recommends',
        ...system
      ]
    })
  }
  if (python.length)
    steps.push({
      label: `python ${python.join(' ')}`,
      cmd: ['/bin/sh', '-c', PIP, 'sh', ...python]
    })
  if (npm.length)
    steps.push({
      label: `npm ${npm.join(' ')}`,
      cmd: ['/bin/sh', '-c', 'exec npm install -g "$@"', 'sh', ...npm]
    })
  return steps
}

export async function runPreinstall(
  steps: PreinstallStep[],
  exec: AgentExec,
  journal: Journal,
  log: (line: string) => void
): Promise<void> {
  for (const step of steps) {
    const r = await exec(step.cmd, {
      env: { PATH: HARNESS_PATH },
      timeoutMs: PREINSTALL_TIMEOUT_MS,
      maxOutputBytes: 256 * 1024
    })
    const ok = r.exitCode === 0 && !r.timedOut
    const line = `preinstall ${step.label}: ${ok ? 'ok' : r.timedOut ? 'timed out' : `failed (exit ${r.exitCode})`} in ${r.durationMs} ms`
    journal.note(line)
    log(line)
    if (!ok) {
      const tail = (r.stderr || r.stdout).trim().split('\n').slice(-15).join('\n')
      journal.note(`preinstall output (tail):\n${tail}`)
      log(`preinstall output (tail):\n${tail}`)
    }
  }
}
