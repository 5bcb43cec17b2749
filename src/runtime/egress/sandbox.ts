// What a sandbox needs to reach the egress proxy, as data: the host directory with the proxy's
// socket and the relay scripts, its read-only mount, the relay's command line (run as a uid other
// than the agent's), the probe, and the convenience variables. The docker session (and anything
// else that runs a network-less namespace) applies these; nothing here talks to an engine.
import { chmod, mkdtemp, realpath, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FORWARD_MJS, FORWARD_PY } from './forwarder.js'
import { NOBODY } from '../../lib/user.js'

/** Where the host directory appears inside the sandbox (short: Unix socket paths max 107 bytes). */
export const EGRESS_DIR_IN_SANDBOX = '/run/massgen-egress'
export const PROXY_SOCKET_NAME = 'proxy.sock'
/** The relay's port on the sandbox's loopback (squid's; unlikely to clash with a test server). */
export const RELAY_PORT = 3128
/** nobody: not the agent's uid, so `kill -9 -1` as the agent spares the relay. */
export const RELAY_USER = NOBODY
/** The origin-form path the proxy answers 200 on, unrecorded: a readiness check, not egress. */
export const HEALTH_PATH = '/__massgen_egress/health'

export interface RelayInterpreter {
  path: string
  args: string[]
  script: 'forward.py' | 'forward.mjs'
}

/** Absolute, root-owned locations only: an interpreter found on the agent's PATH could be the agent's. */
export const RELAY_INTERPRETERS: RelayInterpreter[] = [
  // -I: no PYTHON* variables, no user site, no script-directory sys.path entry; -S: no site.py.
  { path: '/usr/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
  { path: '/usr/local/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
  { path: '/usr/bin/node', args: [], script: 'forward.mjs' },
  { path: '/usr/local/bin/node', args: [], script: 'forward.mjs' }
]

/**
 * Run as root in the sandbox: prints the first relay interpreter that exists, is owned by root and
 * is not group/world-writable (after symlinks); exit 1 when there is none.
 */
export const FIND_RELAY_INTERPRETER_CMD = [
  '/bin/sh',
  '-c',
  'for p in "$@"; do [ -x "$p" ] || continue; s=$(stat -L -c "%u %a" "$p" 2>/dev/null) || continue; ' +
    'case "$s" in "0 "*[2367][0-7]|"0 "*[2367]) continue;; "0 "*) echo "$p"; exit 0;; esac; done; exit 1',
  'sh',
  ...RELAY_INTERPRETERS.map((i) => i.path)
]

export function relayInterpreter(path: string): RelayInterpreter {
  const found = RELAY_INTERPRETERS.find((i) => i.path === path)
  if (!found) throw new Error(`not a relay interpreter: ${path}`)
  return found
}

/** The relay's command line (exec'd detached as RELAY_USER, no shell, absolute paths). */
export function relayCommand(
  interpreterPath: string,
  port: number = RELAY_PORT,
  socketName: string = PROXY_SOCKET_NAME
): string[] {
  const i = relayInterpreter(interpreterPath)
  return [
    i.path,
    ...i.args,
    `${EGRESS_DIR_IN_SANDBOX}/${i.script}`,
    `${EGRESS_DIR_IN_SANDBOX}/${socketName}`,
    String(port)
  ]
}

/** Exit 0 and "ok" when relay and proxy both answer (the readiness check before a step). */
export function relayProbeCommand(interpreterPath: string, port: number = RELAY_PORT): string[] {
  const i = relayInterpreter(interpreterPath)
  return [i.path, ...i.args, `${EGRESS_DIR_IN_SANDBOX}/${i.script}`, '--probe', String(port)]
}

export interface EgressHostDir {
  /** Host directory to bind-mount read-only at EGRESS_DIR_IN_SANDBOX. */
  dir: string
  /** Host path for EgressProxy's `listen.socketPath`. */
  socketPath: string
}

/**
 * A fresh host directory (0755, short path under `parent`) holding both relay scripts; the proxy
 * creates its socket in it. The directory is the sandbox's only way out, so it holds nothing else.
 */
export async function prepareEgressDir(parent: string = tmpdir()): Promise<EgressHostDir> {
  const dir = await realpath(await mkdtemp(join(parent, 'mgx-egress-')))
  await chmod(dir, 0o755)
  await writeFile(join(dir, 'forward.py'), FORWARD_PY, { mode: 0o644 })
  await writeFile(join(dir, 'forward.mjs'), FORWARD_MJS, { mode: 0o644 })
  const socketPath = join(dir, PROXY_SOCKET_NAME)
  if (Buffer.byteLength(socketPath) > 100)
    throw new Error(`egress socket path too long for a Unix socket: ${socketPath}`)
  return { dir, socketPath }
}

/** The bind mount (same shape as the docker runtime's BindMount). */
export function egressMount(hostDir: string): { source: string; target: string; readOnly: true } {
  return { source: hostDir, target: EGRESS_DIR_IN_SANDBOX, readOnly: true }
}

/**
 * Variables that point the usual clients at the relay. Convenience only: unsetting them opens
 * nothing (the sandbox has no other route), it only makes requests fail.
 */
export function proxyEnv(port: number = RELAY_PORT): Record<string, string> {
  const url = `http://127.0.0.1:${port}`
  const noProxy = 'localhost,127.0.0.1,::1'
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
    // yarn classic reads npm's config variables; yarn berry its own.
    npm_config_proxy: url,
    npm_config_https_proxy: url,
    YARN_HTTP_PROXY: url,
    YARN_HTTPS_PROXY: url,
    // Node's own fetch/http honour the variables when asked (Node >= 22.21 / 24.5).
    NODE_USE_ENV_PROXY: '1',
    // The JVM reads none of the variables.
    JAVA_TOOL_OPTIONS:
      `-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=${port} -Dhttps.proxyHost=127.0.0.1 ` +
      `-Dhttps.proxyPort=${port} -Dhttp.nonProxyHosts=localhost|127.0.0.1`
  }
}

/** For a sudo image: apt run through sudo loses the variables (env_reset); apt reads this file. */
export function aptProxyConf(port: number = RELAY_PORT): { path: string; content: string } {
  return {
    path: '/etc/apt/apt.conf.d/99massgen-egress',
    content:
      `Acquire::http::Proxy "http://127.0.0.1:${port}";\n` +
      `Acquire::https::Proxy "http://127.0.0.1:${port}";\n`
  }
}
