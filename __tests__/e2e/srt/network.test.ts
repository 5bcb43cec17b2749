// srt agents on the shared egress model, against real sandboxes: names served on 127.0.0.1 (mapped
// in /etc/hosts with marker lines, removed afterwards), one allowlisted and one not; the agent's own
// proxy behind the process-wide front, told apart by the credential in the proxy variables; per
// step switches; no route around the proxy. See src/runtime/srt/network.ts for the mechanism.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentPlan } from '../../../src/config/types.js'
import { emptyEgressConfig, type EgressConfig } from '../../../src/runtime/egress/index.js'
import { createSrtRuntime, SRT_DEFAULTS } from '../../../src/runtime/srt/index.js'
import type { AgentSession, ExecRequest } from '../../../src/runtime/types.js'
import { agentPlan } from '../../helpers/plan.js'
import { addHostNames, startHostServer, type HostServer } from '../egress/fixtures.js'

const ALLOWED = 'allowed.srt.test'
const DENIED = 'denied.srt.test'
const root = mkdtempSync(join(tmpdir(), 'srt-net-'))
chmodSync(root, 0o755)
let restoreHosts: () => void
let server: HostServer
let port = 0

beforeAll(async () => {
  restoreHosts = addHostNames([ALLOWED, DENIED], 'srt-network')
  server = await startHostServer([])
  port = server.port
})

afterAll(async () => {
  restoreHosts()
  await server.close()
  rmSync(root, { recursive: true, force: true })
})

function agent(id: string, egress?: Partial<EgressConfig>): AgentPlan {
  const workspace = join(root, id)
  mkdirSync(workspace, { recursive: true })
  // The sandbox user's (root runs it as 1000:1000 when root owns it), as a checkout is its user's.
  if (process.geteuid?.() === 0) chownSync(workspace, 1000, 1000)
  return agentPlan({
    id,
    mode: 'srt',
    workspace,
    srt: { ...SRT_DEFAULTS },
    ...(egress ? { egress: { ...emptyEgressConfig(), ...egress } } : {})
  })
}

const start = (a: AgentPlan) =>
  createSrtRuntime().start(a, { runId: 'r', outDir: root, log: () => {} })

/** status code, then the proxy's rule header (empty for an upstream answer), then the body. */
const curl = (host: string, extra = '') =>
  `curl -sS -m 8 ${extra} -D "$TMPDIR/h.$$" -o "$TMPDIR/b.$$" http://${host}:${port}/ 2>/dev/null; ` +
  `printf '%s|%s|%s\\n' "$(sed -n '1s/^HTTP[^ ]* \\([0-9]*\\).*/\\1/p' "$TMPDIR/h.$$" | tail -n 1)" ` +
  `"$(grep -i '^x-massgen-egress:' "$TMPDIR/h.$$" | tail -n 1 | cut -d' ' -f2 | tr -d '\\r')" "$(head -c 300 "$TMPDIR/b.$$")"; rm -f "$TMPDIR/h.$$" "$TMPDIR/b.$$"`

const req = (a: AgentPlan, command: string): ExecRequest => ({
  command,
  cwd: a.workspace,
  env: {},
  timeoutMs: 30_000,
  maxOutputBytes: 65536
})

async function step(
  s: AgentSession,
  a: AgentPlan,
  index: number,
  command: string,
  egress = true
): Promise<string> {
  s.beginStep!({ index, name: `s${index}`, egress })
  const r = await s.exec(req(a, command))
  return r.stdout.trim()
}

describe('srt egress through the shared model', () => {
  it('an allowlisted name answers (private-range opt-in), another is refused at application level and reported', async () => {
    const a = agent('allow', { allowedDomains: [ALLOWED], allowedPrivateRanges: ['127.0.0.1/32'] })
    const s = await start(a)
    try {
      expect(await step(s, a, 0, curl(ALLOWED))).toBe('200||hello from the host')
      // CONNECT (as HTTPS goes), then plain HTTP through the tunnel.
      expect(await step(s, a, 1, curl(ALLOWED, '-p'))).toBe('200||hello from the host')
      s.beginStep!({ index: 2, name: 's2', egress: true })
      const no = await s.exec(req(a, curl(DENIED)))
      expect(no.stdout).toMatch(/^403\|not-listed\|egress refused: denied\.srt\.test:\d+ is not in/)
      expect(no.note).toBe(`network refused: ${DENIED}:${port}`)
      const report = s.egressReport!()!
      expect(report.mode).toBe('allowlist')
      const byStep = Object.fromEntries(
        report.steps.map((x) => [
          x.index,
          x.destinations.map((d) => `${d.outcome} ${d.host}:${d.port} ${d.rule}`)
        ])
      )
      expect(byStep).toEqual({
        0: [
          `allowed ${ALLOWED}:${port} allowed_domains: ${ALLOWED}; allowed_private_ranges: 127.0.0.1/32`
        ],
        1: [
          `allowed ${ALLOWED}:${port} allowed_domains: ${ALLOWED}; allowed_private_ranges: 127.0.0.1/32`
        ],
        2: [`refused ${DENIED}:${port} not-listed`]
      })
      expect(report.totals).toEqual({ allowed: 2, refused: 1, failed: 0 })
    } finally {
      await s.close()
    }
  })

  it('no way around the proxy: no variables, a raw address, DNS, another credential', async () => {
    const a = agent('around', {
      allowedDomains: [ALLOWED, '127.0.0.1'],
      allowedPrivateRanges: ['127.0.0.1/32']
    })
    const s = await start(a)
    try {
      const out = await step(
        s,
        a,
        0,
        [
          `${curl(ALLOWED, "--noproxy '*'")}`,
          `python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}), 3)" 2>&1 | tail -n 1`,
          'getent hosts github.com || echo no-dns',
          "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '",
          `${curl(ALLOWED, '-x http://127.0.0.1:3128')}`,
          `${curl(ALLOWED, '-x http://srt:not-the-token@127.0.0.1:3128')}`,
          `env -u HTTP_PROXY -u http_proxy -u ALL_PROXY -u all_proxy ${curl(ALLOWED)}`
        ].join('; ')
      )
      const lines = out.split('\n')
      expect(lines[0]).toBe('||') // no answer at all
      expect(lines[1]).toMatch(/Network is unreachable|Connection refused/)
      expect(lines[2]).toBe('no-dns')
      expect(lines[3]).toBe('lo')
      expect(lines[4]).toMatch(
        /^403\|no-credential\|egress refused: the request carries no srt agent credential/
      )
      expect(lines[5]).toMatch(/^403\|no-credential\|/)
      expect(lines[6]).toBe('||')
      // The IP literal is listed and in range, yet unreachable directly; through the proxy it works.
      expect(await step(s, a, 1, curl('127.0.0.1', "--noproxy ''"))).toBe(
        '200||hello from the host'
      )
    } finally {
      await s.close()
    }
  })

  it('per step: egress: false refuses the allowlisted name and cuts a connection left open', async () => {
    const a = agent('steps', { allowedDomains: [ALLOWED], allowedPrivateRanges: ['127.0.0.1/32'] })
    const s = await start(a)
    try {
      expect(await step(s, a, 0, curl(ALLOWED))).toMatch(/^200\|/)
      expect(await step(s, a, 1, curl(ALLOWED), false)).toMatch(
        /^403\|egress-off\|egress refused: step 2 \("s1"\) runs with egress: false/
      )
      expect(await step(s, a, 2, curl(ALLOWED))).toMatch(/^200\|/)
      // A slow download started in the background with egress on ...
      const done = join(a.workspace, 'bg.exit')
      await s.execBackground!(
        {
          command: `curl -sS -o /dev/null "http://${ALLOWED}:${port}/bytes/100000000?rate=1000000"; echo $? > ${done}`,
          cwd: a.workspace,
          env: {},
          maxOutputBytes: 4096
        },
        'slow download'
      )
      await new Promise((r) => setTimeout(r, 1500))
      expect(existsSync(done)).toBe(false)
      // ... is cut when the next step has egress off.
      s.beginStep!({ index: 3, name: 's3', egress: false })
      for (let i = 0; i < 50 && !existsSync(done); i++) await new Promise((r) => setTimeout(r, 100))
      expect(readFileSync(done, 'utf8').trim()).not.toBe('0')
      const steps = s.egressReport!()!.steps.map((x) => [
        x.index,
        x.egress,
        x.destinations[0]?.outcome
      ])
      expect(steps).toEqual([
        [0, true, 'allowed'],
        [1, false, 'refused'],
        [2, true, 'allowed'],
        [3, false, undefined]
      ])
    } finally {
      await s.close()
    }
  })

  it('without allowed_private_ranges an allowlisted name that resolves to 127.0.0.1 is refused', async () => {
    const a = agent('private', { allowedDomains: [ALLOWED] })
    const s = await start(a)
    try {
      const out = await step(s, a, 0, curl(ALLOWED))
      expect(out).toMatch(
        /^403\|address_not_allowed\|egress refused: allowed\.srt\.test resolves to a loopback address/
      )
      const d = s.egressReport!()!.steps[0].destinations[0]
      expect([d.outcome, d.rule, d.addresses]).toEqual([
        'refused',
        'address:loopback',
        ['127.0.0.1']
      ])
    } finally {
      await s.close()
    }
  })

  it('agents side by side are told apart; an agent without egress has no network', async () => {
    const a = agent('pa', { allowedDomains: [ALLOWED], allowedPrivateRanges: ['127.0.0.1/32'] })
    const b = agent('pb', { allowedDomains: [DENIED], allowedPrivateRanges: ['127.0.0.1/32'] })
    const c = agent('pc')
    const [sa, sb, sc] = await Promise.all([start(a), start(b), start(c)])
    try {
      const both = `${curl(ALLOWED)}; ${curl(DENIED)}`
      const [ra, rb, rc] = await Promise.all([
        step(sa, a, 0, both),
        step(sb, b, 0, both),
        step(sc, c, 0, both)
      ])
      expect(ra.split('\n').map((l) => l.split('|')[0])).toEqual(['200', '403'])
      expect(rb.split('\n').map((l) => l.split('|')[0])).toEqual(['403', '200'])
      expect(rc.split('\n').map((l) => l.split('|').slice(0, 2).join('|'))).toEqual([
        '403|no-credential',
        '403|no-credential'
      ])
      const seen = (x: AgentSession) =>
        x.egressReport!()!.steps.flatMap((st) =>
          st.destinations.map((d) => `${d.outcome} ${d.host}`)
        )
      expect(seen(sa)).toEqual([`allowed ${ALLOWED}`, `refused ${DENIED}`])
      expect(seen(sb)).toEqual([`allowed ${DENIED}`, `refused ${ALLOWED}`])
      expect(sc.egressReport!()).toBeUndefined()
      expect(sc.info.limits?.network).toBe('none')
      expect(sa.info.limits?.network).toBe('egress allowlist')
    } finally {
      await Promise.all([sa.close(), sb.close(), sc.close()])
    }
  })

  it('audit mode lets names through, records them and proposes a list', async () => {
    const a = agent('audit', { audit: true, allowedPrivateRanges: ['127.0.0.1/32'] })
    const s = await start(a)
    try {
      expect(await step(s, a, 0, `${curl(ALLOWED)}; ${curl(DENIED)}`)).toMatch(/^200\|.*\n200\|/)
      const r = s.egressReport!()!
      expect(r.mode).toBe('audit')
      expect(r.proposedAllowedDomains).toEqual([`${ALLOWED}:${port}`, `${DENIED}:${port}`])
    } finally {
      await s.close()
    }
  })
})
