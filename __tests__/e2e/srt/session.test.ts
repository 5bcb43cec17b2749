// srt sessions on the real sandbox-runtime, bubblewrap and kernel (no Docker): what an agent can
// write, read and leave behind, through the runtime `run` uses.
import { afterAll, describe, expect, it } from '@jest/globals'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { hostProcesses } from '../../helpers/host-processes.js'
import { agentPlan } from '../../helpers/plan.js'
import type { AgentPlan, SrtConfig } from '../../../src/config/types.js'
import {
  createSrtRuntime,
  SRT_DEFAULTS,
  type SrtRuntimeOptions
} from '../../../src/runtime/srt/index.js'
import type { AgentSession, ExecRequest } from '../../../src/runtime/types.js'

const root = mkdtempSync(join(tmpdir(), 'srt-e2e-'))
// Traversable by the sandbox user (a root runner's commands run as 1000:1000).
chmodSync(root, 0o755)
afterAll(() => rmSync(root, { recursive: true, force: true }))

function agent(
  id: string,
  srt: Partial<SrtConfig> = {},
  extra: Partial<AgentPlan> = {}
): AgentPlan {
  const workspace = join(root, id, 'ws')
  mkdirSync(workspace, { recursive: true })
  // The sandbox user's (root runs it as 1000:1000 when root owns it), as a checkout is its user's.
  if (process.geteuid?.() === 0) chownSync(workspace, 1000, 1000)
  return agentPlan({ id, mode: 'srt', workspace, srt: { ...SRT_DEFAULTS, ...srt }, ...extra })
}

const logs: string[] = []
async function session(a: AgentPlan, opts: SrtRuntimeOptions = {}): Promise<AgentSession> {
  return createSrtRuntime(opts).start(a, { runId: 'r', outDir: root, log: (l) => logs.push(l) })
}

/** A directory only the sandbox can keep the agent out of (world-writable). */
function openDir(path: string): string {
  mkdirSync(path, { recursive: true })
  chmodSync(path, 0o777)
  return path
}

const req = (a: AgentPlan, command: string, over: Partial<ExecRequest> = {}): ExecRequest => ({
  command,
  cwd: a.workspace,
  env: {},
  timeoutMs: 20_000,
  maxOutputBytes: 1024 * 1024,
  ...over
})

describe('srt session', () => {
  it('runs in the workspace; writes there persist to the next step; writes elsewhere fail', async () => {
    const a = agent('writes')
    const outside = openDir(join(root, 'outside-writes'))
    const s = await session(a)
    try {
      const r1 = await s.exec(
        req(
          a,
          `pwd; echo one > kept.txt; echo x > ${outside}/f; echo x > /etc/massgen-srt-probe; echo x > ${homedir()}/massgen-srt-probe`
        )
      )
      expect(r1.stdout).toBe(`${a.workspace}\n`)
      expect(r1.stderr).toMatch(/Read-only file system/)
      expect(existsSync(join(outside, 'f'))).toBe(false)
      expect(existsSync('/etc/massgen-srt-probe')).toBe(false)
      expect(existsSync(join(homedir(), 'massgen-srt-probe'))).toBe(false)
      const r2 = await s.exec(req(a, 'cat kept.txt'))
      expect(r2.stdout).toBe('one\n')
      expect(readFileSync(join(a.workspace, 'kept.txt'), 'utf8')).toBe('one\n')
    } finally {
      await s.close()
    }
  })
})

/** A file the test plants in the runner's ~/.ssh (created, and removed afterwards, if missing). */
function plantInSsh(): { file: string; secret: string; cleanup: () => void } {
  const dir = join(homedir(), '.ssh')
  const existed = existsSync(dir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const secret = `ssh-secret-${Date.now()}`
  const file = join(dir, `massgen-srt-e2e-${process.pid}`)
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return {
    file,
    secret,
    cleanup: () => {
      rmSync(file, { force: true })
      if (!existed) rmSync(dir, { recursive: true, force: true })
    }
  }
}

describe('srt reads', () => {
  it('a deny_read path and ~/.ssh cannot be read, by a command nor by read_file; the workspace can', async () => {
    const denied = join(root, 'denied-dir')
    mkdirSync(denied, { mode: 0o755 })
    writeFileSync(join(denied, 'secret.txt'), 'deny-read-secret\n')
    const ssh = plantInSsh()
    const a = agent('reads', { denyRead: [denied] })
    writeFileSync(join(a.workspace, 'mine.txt'), 'a\nb\nc\n')
    const s = await session(a)
    try {
      const r = await s.exec(req(a, `cat ${denied}/secret.txt; cat ${ssh.file}; cat mine.txt`))
      expect(r.stdout).toBe('a\nb\nc\n')
      expect(r.stdout + r.stderr).not.toContain('deny-read-secret')
      expect(r.stdout + r.stderr).not.toContain(ssh.secret)
      await expect(s.readFile(ssh.file, 1)).rejects.toThrow(/read_file/)
      await expect(s.readFile(join(denied, 'secret.txt'), 1)).rejects.toThrow(/read_file/)
      expect(await s.readFile(join(a.workspace, 'mine.txt'), 1, 1)).toBe('b\n')
    } finally {
      await s.close()
      ssh.cleanup()
    }
  })

  it('read_mode strict hides /etc/hostname and the home directory; open shows both (the check can fail)', async () => {
    // Commands as this process's user, as on a non-root runner: for a root runner's sandbox user
    // the runner's home is hidden in every mode (and unreadable by permissions anyway).
    const asMe: SrtRuntimeOptions = { sandboxUser: null }
    expect(readFileSync('/etc/hostname', 'utf8').length).toBeGreaterThan(0)
    const marker = join(homedir(), `.massgen-srt-e2e-${process.pid}`)
    writeFileSync(marker, 'home-marker\n')
    const strict = agent('strict', { readMode: 'strict' })
    const open = agent('open', { readMode: 'open' })
    const confined = agent('confined', { readMode: 'confined' })
    const cmd = `cat /etc/hostname >/dev/null && echo HOSTNAME; cat ${marker}; python3 -c 'print("py ok")'`
    try {
      const rs = await withSession(strict, (s) => s.exec(req(strict, cmd)), asMe)
      expect(rs.stdout).not.toContain('HOSTNAME')
      expect(rs.stdout).not.toContain('home-marker')
      expect(rs.stdout).toContain('py ok')
      const rc = await withSession(confined, (s) => s.exec(req(confined, cmd)), asMe)
      expect(rc.stdout).toContain('HOSTNAME')
      expect(rc.stdout).not.toContain('home-marker')
      const ro = await withSession(open, (s) => s.exec(req(open, cmd)), asMe)
      expect(ro.stdout).toContain('HOSTNAME')
      expect(ro.stdout).toContain('home-marker')
    } finally {
      rmSync(marker, { force: true })
    }
  })
})

async function withSession<T>(
  a: AgentPlan,
  f: (s: AgentSession) => Promise<T>,
  opts: SrtRuntimeOptions = {}
): Promise<T> {
  const s = await session(a, opts)
  try {
    return await f(s)
  } finally {
    await s.close()
  }
}

describe('srt processes and environment', () => {
  it('`sleep 3100 & sleep 3100` with a 2 s timeout leaves no process; nor do setsid and nohup children', async () => {
    const a = agent('timeout')
    await withSession(a, async (s) => {
      const t0 = Date.now()
      const r = await s.exec(
        req(a, 'sleep 3101 & setsid sleep 3102 & nohup sleep 3103 >/dev/null 2>&1 & sleep 3100', {
          timeoutMs: 2000
        })
      )
      expect(r.timedOut).toBe(true)
      expect(Date.now() - t0).toBeLessThan(10_000)
      expect(r.note).toBeUndefined()
      for (const m of ['sleep 3100', 'sleep 3101', 'sleep 3102', 'sleep 3103'])
        expect([m, hostProcesses(m)]).toEqual([m, []])
    })
  })

  it("a canary in the CLI's environment is absent from the sandbox; step env and TMPDIR are there", async () => {
    const canary = `canary-${Date.now()}`
    process.env.MASSGEN_SRT_E2E_CANARY = canary
    try {
      const a = agent('env')
      await withSession(a, async (s) => {
        const r = await s.exec(
          req(
            a,
            'env; for p in /proc/[0-9]*; do cat $p/environ 2>/dev/null; done | tr "\\0" "\\n"; echo tmp > "$TMPDIR/t" && cat "$TMPDIR/t"',
            {
              env: { STEP_VAR: 'step-value' }
            }
          )
        )
        expect(r.stdout).toContain('STEP_VAR=step-value')
        expect(r.stdout).not.toContain(canary)
        expect(r.stdout).toMatch(/\ntmp\n$/)
        expect(r.stdout).toMatch(/TMPDIR=\/.*massgen-srt-env-/)
      })
    } finally {
      delete process.env.MASSGEN_SRT_E2E_CANARY
    }
  })

  it('caps output like the other modes, and a background step is killed at close with its log saved', async () => {
    const a = agent('caps', {}, { maxOutputBytes: 4096 })
    const s = await session(a)
    try {
      const r = await s.exec(
        req(a, 'head -c 100000 /dev/zero | tr "\\0" x', { maxOutputBytes: 4096 })
      )
      expect(r.truncated).toBe(true)
      expect(r.stdout.length).toBeLessThan(4096 + 100)
      await s.execBackground!(
        {
          command: 'echo bg-started; exec sleep 3104',
          cwd: a.workspace,
          env: {},
          maxOutputBytes: 4096
        },
        'server'
      )
      await new Promise((res) => setTimeout(res, 500))
      expect(hostProcesses('sleep 3104').length).toBe(1)
      await s.saveLogs!(join(root, 'caps-logs'))
    } finally {
      await s.close()
    }
    expect(hostProcesses('sleep 3104')).toEqual([])
    expect(readFileSync(join(root, 'caps-logs', 'background_server.log'), 'utf8')).toMatch(
      /## stdout\nbg-started\n/
    )
    expect(
      JSON.parse(readFileSync(join(root, 'caps-logs', 'srt_settings.json'), 'utf8')).allowWrite
    ).toBeDefined()
  })
})

describe('srt writes by permission', () => {
  it('write context paths (minus protected) are writable; read context paths, the temporary workspace and read_only are not', async () => {
    const ctxW = openDir(join(root, 'ctx-write'))
    const ctxR = openDir(join(root, 'ctx-read'))
    const temp = openDir(join(root, 'temp-ws'))
    openDir(join(ctxW, 'protected'))
    const a = agent(
      'perm',
      {},
      {
        contextPaths: [
          { path: ctxW, permission: 'write', protectedPaths: [join(ctxW, 'protected')] },
          { path: ctxR, permission: 'read', protectedPaths: [] }
        ],
        tempWorkspace: temp
      }
    )
    const r = await withSession(a, (s) =>
      s.exec(
        req(
          a,
          `for d in ${ctxW} ${ctxW}/protected ${ctxR} ${temp}; do echo x > $d/f && echo "wrote $d"; done; cat ${ctxR}/../ctx-read/f 2>/dev/null; ls ${temp} >/dev/null && echo "read temp"`
        )
      )
    )
    expect(r.stdout).toBe(`wrote ${ctxW}\nread temp\n`)
    await withSession(a, async (s) => {
      await s.writeFile(join(ctxW, 'sub', 'by-step.txt'), 'ok\n')
      await expect(s.writeFile(join(ctxR, 'by-step.txt'), 'no\n')).rejects.toThrow(/write_file/)
      await expect(s.writeFile(join(root, 'elsewhere.txt'), 'no\n')).rejects.toThrow(/write_file/)
    })
    expect(readFileSync(join(ctxW, 'sub', 'by-step.txt'), 'utf8')).toBe('ok\n')
    expect(existsSync(join(ctxR, 'by-step.txt'))).toBe(false)
    expect(existsSync(join(root, 'elsewhere.txt'))).toBe(false)

    const ro = agent('readonly', { readOnly: true })
    const r2 = await withSession(ro, (s) =>
      s.exec(req(ro, 'echo x > f && echo wrote; echo y > "$TMPDIR/f" && echo tmp; ls'))
    )
    expect(r2.stdout).toBe('')
    expect(existsSync(join(ro.workspace, 'f'))).toBe(false)
  })
})

describe('srt as root', () => {
  it('a root runner runs sandboxed commands as 1000:1000, which cannot touch /proc/sys; as root they could', async () => {
    const a = agent('root-drop')
    // Writes the current value back: proves writability without changing anything.
    const cmd =
      'id -u; v=$(cat /proc/sys/kernel/core_pattern); (printf "%s\\n" "$v" > /proc/sys/kernel/core_pattern) 2>/dev/null && echo SYSCTL_WRITABLE; echo done'
    const r = await withSession(a, (s) => s.exec(req(a, cmd)))
    const root = process.geteuid?.() === 0
    expect(r.stdout).toBe(`${root ? 1000 : process.geteuid?.()}\ndone\n`)
    if (root) {
      const b = agent('root-kept')
      const r2 = await withSession(b, (s) => s.exec(req(b, cmd)), { sandboxUser: null })
      expect(r2.stdout).toBe('0\nSYSCTL_WRITABLE\ndone\n')
    }
  })
})
