// Changes we make inside an agent's workspace (removing a stale report, unpacking the compare
// trees). In docker mode they run in the agent's own sandbox as the agent's user: the workspace is
// the agent's to rewrite (symlinks included), so a privileged host process must not walk it, and
// files the container user created are the container user's to remove. Local mode has no
// sandbox and no other user, so the same script runs on the host.
import * as exec from '@actions/exec'
import type { AgentPlan } from '../config/types.js'
import type { AgentSession } from '../runtime/types.js'

export interface WorkspaceOps {
  /** Removes a file (or symlink) if present; a directory there is an error. */
  removeFile(path: string): Promise<void>
  /** Replaces `root` with the contents of the tar file `tar` and removes the tar file. */
  unpack(tar: string, root: string, timeoutMs: number): Promise<void>
  /** Extracts one top-level directory of the tar file `tar` into the existing `root`, then removes the tar file. */
  unpackMember(tar: string, root: string, member: string, timeoutMs: number): Promise<void>
  removeTree(dir: string): Promise<void>
}

/** Runs a fixed script with its arguments in variables (never spliced into the script). */
export type Shell = (
  script: string,
  vars: Record<string, string>,
  timeoutMs: number
) => Promise<{ ok: boolean; detail: string }>

const REMOVE_FILE = `if [ -d "$MGX_PATH" ] && [ ! -L "$MGX_PATH" ]; then echo "is a directory" >&2; exit 1; fi
rm -f -- "$MGX_PATH"`
const UNPACK = `set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
rm -rf -- "$MGX_ROOT"
mkdir -p -- "$MGX_ROOT"
tar -x -f "$MGX_TAR" -C "$MGX_ROOT"`
const UNPACK_MEMBER = `set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
tar -x -f "$MGX_TAR" -C "$MGX_ROOT" -- "$MGX_MEMBER"`
const REMOVE_TREE = `rm -rf -- "$MGX_PATH"`

export function workspaceOps(shell: Shell): WorkspaceOps {
  const run = async (what: string, script: string, vars: Record<string, string>, ms: number) => {
    const r = await shell(script, vars, ms)
    if (!r.ok) throw new Error(`${what}: ${r.detail.trim().slice(-500) || 'failed'}`)
  }
  return {
    removeFile: (path) => run(`cannot remove ${path}`, REMOVE_FILE, { MGX_PATH: path }, 60_000),
    unpack: (tar, root, ms) =>
      run(`cannot unpack the trees into ${root}`, UNPACK, { MGX_TAR: tar, MGX_ROOT: root }, ms),
    unpackMember: (tar, root, member, ms) =>
      run(
        `cannot unpack ${member} into ${root}`,
        UNPACK_MEMBER,
        { MGX_TAR: tar, MGX_ROOT: root, MGX_MEMBER: member },
        ms
      ),
    removeTree: (dir) => run(`cannot remove ${dir}`, REMOVE_TREE, { MGX_PATH: dir }, 300_000)
  }
}

/** The agent's sandbox in docker mode; the host in local mode (bypassing any command prefix). */
export function agentShell(agent: AgentPlan, session: AgentSession): Shell {
  if (session.info.mode === 'local') return hostShell(agent.workspace)
  return async (script, vars, timeoutMs) => {
    const r = await session.exec({
      command: script,
      cwd: agent.workspace,
      env: vars,
      timeoutMs,
      maxOutputBytes: 64 * 1024
    })
    const ok = r.exitCode === 0 && !r.timedOut && !r.oom
    const why = r.timedOut ? 'timed out' : r.oom ? 'out of memory' : `exit ${r.exitCode}`
    return { ok, detail: ok ? '' : `${(r.stderr || r.stdout).trim()} (${why})` }
  }
}

/** Local mode: rm and tar on local files end on their own, so no timeout is applied. */
export function hostShell(cwd: string): Shell {
  return async (script, vars) => {
    let stderr = ''
    const code = await exec.exec('/bin/sh', ['-c', script], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...vars },
      silent: true,
      ignoreReturnCode: true,
      listeners: { stderr: (d: Buffer) => void (stderr += d.toString()) }
    })
    return { ok: code === 0, detail: code === 0 ? '' : `${stderr.trim()} (exit ${code})` }
  }
}
