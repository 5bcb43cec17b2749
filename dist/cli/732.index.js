export const id = 732;
export const ids = [732];
export const modules = {

/***/ 94002:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 94002;
module.exports = webpackEmptyAsyncContext;

/***/ }),

/***/ 66861:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ shellQuote)
/* harmony export */ });
// Single-quoting for /bin/sh: the one way the harness puts a path or a word into a script line.
/** `s` as one /bin/sh word: single-quoted, each `'` written as `'\''`. */
function shellQuote(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}


/***/ }),

/***/ 2365:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  LIBRARY_BACKEND: () => (/* binding */ LIBRARY_BACKEND),
  SRT_DEFAULTS: () => (/* binding */ SRT_DEFAULTS),
  SrtSession: () => (/* reexport */ SrtSession),
  createSrtRuntime: () => (/* binding */ createSrtRuntime),
  sandboxUser: () => (/* binding */ sandboxUser)
});

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/config/defaults.ts
var defaults = __webpack_require__(31954);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/runtime/ca-bundle.ts
var ca_bundle = __webpack_require__(8175);
// EXTERNAL MODULE: ./src/runtime/egress/index.ts + 7 modules
var egress = __webpack_require__(52813);
// EXTERNAL MODULE: ./src/runtime/workspace-owner.ts
var workspace_owner = __webpack_require__(89447);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/index.js + 24 modules
var dist = __webpack_require__(20426);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/runtime/srt/deps.ts
// What srt mode needs from the host, checked before anything starts: Linux or macOS, and on Linux
// bubblewrap, socat and ripgrep on PATH plus sandbox-runtime's seccomp helper for this CPU. A
// missing piece is an EnvironmentError (exit 2) that names it and the install line; srt never
// falls back to local execution.





/** Tool → Debian/Ubuntu package. */
const LINUX_TOOLS = {
    bwrap: 'bubblewrap',
    socat: 'socat',
    rg: 'ripgrep'
};
const INSTALL_HINT = 'install them with `sudo bash scripts/srt-deps.sh` from the action (Debian/Ubuntu), or ' +
    '`sudo apt-get install -y bubblewrap socat ripgrep`';
/** The first executable `name` on `path`, or undefined. */
function which(name, path = process.env.PATH ?? '') {
    for (const dir of path.split(external_node_path_.delimiter)) {
        if (!dir)
            continue;
        const p = (0,external_node_path_.join)(dir, name);
        try {
            (0,external_node_fs_.accessSync)(p, external_node_fs_.constants.X_OK);
            return p;
        }
        catch {
            // not here
        }
    }
    return undefined;
}
/** Throws an EnvironmentError naming every missing tool (with its package) or the platform. */
function checkHostTools(host = { platform: process.platform, which: (n) => which(n) }) {
    if (host.platform === 'darwin') {
        if (!host.which('rg'))
            throw new errors/* EnvironmentError */.eG('srt mode needs ripgrep (rg) on PATH, which is missing', 'install it with `brew install ripgrep`');
        return;
    }
    if (host.platform !== 'linux')
        throw new errors/* EnvironmentError */.eG(`srt mode runs on Linux and macOS, not on ${host.platform}`, 'use command_line_execution_mode: docker here');
    const missing = Object.keys(LINUX_TOOLS).filter((t) => !host.which(t));
    if (missing.length)
        throw new errors/* EnvironmentError */.eG(`srt mode needs bubblewrap, socat and ripgrep on PATH; missing: ${missing
            .map((t) => `${t} (package ${LINUX_TOOLS[t]})`)
            .join(', ')}`, INSTALL_HINT);
}
/** Ubuntu's (23.10+) AppArmor switch that keeps unprivileged processes out of user namespaces. */
const USERNS_RESTRICTION = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns';
/**
 * bubblewrap needs an unprivileged user namespace (a root runner's commands run as 1000:1000 too),
 * which `kernel.apparmor_restrict_unprivileged_userns=1` forbids (GitHub-hosted ubuntu-24.04):
 * refused before anything starts, naming the setting and the fix. A kernel without the setting
 * has no such restriction.
 */
function checkUserNamespaces(sysctl = USERNS_RESTRICTION) {
    let value;
    try {
        value = (0,external_node_fs_.readFileSync)(sysctl, 'utf8').trim();
    }
    catch {
        return;
    }
    if (value !== '0')
        throw new errors/* EnvironmentError */.eG(`srt mode needs unprivileged user namespaces for bubblewrap, and AppArmor restricts them here (kernel.apparmor_restrict_unprivileged_userns=${value})`, 'lift it with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (scripts/srt-deps.sh does, as codex-action and claude-code-action do), or use command_line_execution_mode: docker');
}
const ARCH = { x64: 'x64', arm64: 'arm64' };
/**
 * sandbox-runtime's `apply-seccomp` helper (it blocks Unix sockets and nested namespaces inside
 * the sandbox). In the ncc bundle it sits in dist/vendor/ (scripts/bundle.mjs copies it there);
 * from source, in the package. Passed to the library explicitly, so it never falls back to
 * `npm root -g` or runs without it.
 */
function locateSeccompHelper(arch = process.arch) {
    const a = ARCH[arch];
    if (!a)
        throw new errors/* EnvironmentError */.eG(`srt mode has no seccomp helper for the ${arch} CPU (sandbox-runtime ships x64 and arm64)`, 'use command_line_execution_mode: docker here');
    const rel = (0,external_node_path_.join)('vendor', 'seccomp', a, 'apply-seccomp');
    const here = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    const tried = [(0,external_node_path_.join)(here, rel), (0,external_node_path_.join)(here, '..', rel)];
    try {
        const pkg = (0,external_node_module_.createRequire)(import.meta.url).resolve('@anthropic-ai/sandbox-runtime');
        tried.push((0,external_node_path_.join)((0,external_node_path_.dirname)(pkg), '..', rel));
    }
    catch {
        // bundled without node_modules: the dist/ copies above are the ones
    }
    const found = tried.find((p) => (0,external_node_fs_.existsSync)(p));
    if (!found)
        throw new errors/* EnvironmentError */.eG(`sandbox-runtime's seccomp helper is missing (looked in ${tried.join(', ')})`, 'rebuild the bundle with `npm run build`, which copies node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp into dist/vendor');
    return found;
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./src/runtime/srt/network.ts
// How srt sandboxes reach the network: through the shared egress model (runtime/egress), one
// EgressProxy per agent, behind one front per process.
//
// On Linux a sandbox has no network of its own (bubblewrap --unshare-net: loopback only); its only
// way out is sandbox-runtime's bridge: a socat in the sandbox on 127.0.0.1:3128 (and :1080), a
// Unix socket bound into it, a socat on the host that dials one TCP port. That port is fixed
// process-wide at SandboxManager.initialize() (`network.httpProxyPort`/`socksProxyPort`), and the
// library's own proxy (with per-command lists and an ask callback that gets only host and port)
// cannot tell agents apart nor report what it allowed. So the library starts no proxy of its own
// (both ports external, allowedDomains and deniedDomains empty) and its bridge ends here, at the
// front, which tells agents apart by a credential:
//
// - each srt agent with egress gets a random token and its own EgressProxy (its policy, its step,
//   its event log) that listens nowhere and requires that token on every request;
// - the session points the sandbox's proxy variables at http://srt:<token>@127.0.0.1:3128, so the
//   usual clients send `Proxy-Authorization: Basic` with it;
// - the front reads the head of a connection's first request, finds the proxy whose token it
//   carries and hands the connection over, unread bytes and all. A request without a known token
//   (an agent without egress, or variables changed by the agent) is refused here with 403.
//
// The token is an attribution, not the boundary: the topology is (no route but the bridge). A
// process that learns another agent's token (say, from a file that agent wrote its environment
// into) gets that agent's allowlist, never more than the config grants some agent.


/** The port sandbox-runtime's in-sandbox socat listens on for HTTP (a constant of the library). */
const SANDBOX_PROXY_PORT = 3128;
/** The Basic user name in the proxy URL (the library's own; only the password is checked). */
const PROXY_USER = 'srt';
/** A request head larger than this is refused (431) before any agent sees it. */
const MAX_HEAD_BYTES = 64 * 1024;
/** A client that sends no complete request head in this time is dropped. */
const HEAD_TIMEOUT_MS = 30_000;
/** The variable the session passes the proxy URL in (kept out of the command line). */
const PROXY_URL_VAR = 'MASSGEN_EGRESS_PROXY';
/**
 * Variables that point the usual clients at the proxy with the agent's credential, set again in
 * front of each command (sandbox-runtime sets them without one). Convenience only: unsetting them
 * opens nothing, it only makes requests fail.
 */
const PROXY_URL_VARIABLES = [
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'http_proxy',
    'https_proxy',
    'ALL_PROXY',
    'all_proxy',
    'GRPC_PROXY',
    'grpc_proxy',
    'npm_config_proxy',
    'npm_config_https_proxy',
    'YARN_HTTP_PROXY',
    'YARN_HTTPS_PROXY'
];
/** As in docker mode: only the sandbox's own loopback is reached directly. */
const NO_PROXY = 'localhost,127.0.0.1,::1';
function proxyUrl(token) {
    return `http://${PROXY_USER}:${token}@127.0.0.1:${SANDBOX_PROXY_PORT}`;
}
/** One shell line run in the sandbox before the command: the variables from PROXY_URL_VAR. */
function proxyExports() {
    const v = `"$${PROXY_URL_VAR}"`;
    return (`export ${PROXY_URL_VARIABLES.map((n) => `${n}=${v}`).join(' ')} NODE_USE_ENV_PROXY=1 ` +
        // The library's list also names private ranges, which the allowlist may open.
        `NO_PROXY=${NO_PROXY} no_proxy=${NO_PROXY}; ` +
        `unset ${PROXY_URL_VAR};`);
}
/** What the front does with a connection whose first request head is `head` (up to CRLFCRLF). */
function routeRequest(head, known) {
    const [line = '', ...fields] = head.split('\r\n');
    const target = /^[A-Z]+ (\S+) HTTP\/\d(?:\.\d)?$/.exec(line)?.[1];
    if (!target)
        return {
            kind: 'refuse',
            status: 400,
            rule: 'bad-request',
            reason: 'massgen-exec egress proxy: not an HTTP proxy request'
        };
    if (target === egress/* HEALTH_PATH */.Tu)
        return { kind: 'health' };
    for (const f of fields) {
        const m = /^proxy-authorization:[ \t]*basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(f);
        if (!m)
            continue;
        const decoded = Buffer.from(m[1], 'base64').toString('utf8');
        const token = decoded.slice(decoded.indexOf(':') + 1);
        if (decoded.includes(':') && known(token))
            return { kind: 'agent', token };
    }
    return {
        kind: 'refuse',
        status: 403,
        rule: 'no-credential',
        reason: 'egress refused: the request carries no srt agent credential (an srt agent without ' +
            'command_line_egress has no network; with it, keep the proxy variables the sandbox sets)'
    };
}
/** The process-wide end of sandbox-runtime's bridge (see the top of this file). */
class SrtEgressFront {
    agents = new Map();
    sockets = new Set();
    server = (0,external_node_net_.createServer)((socket) => this.onConnection(socket));
    bound = 0;
    constructor() { }
    static async start() {
        const front = new SrtEgressFront();
        const { server } = front;
        await new Promise((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => {
                server.off('error', reject);
                resolve();
            });
        });
        const a = server.address();
        front.bound = typeof a === 'object' && a ? a.port : 0;
        return front;
    }
    /** The loopback port sandbox-runtime's bridge dials. */
    get port() {
        return this.bound;
    }
    /** Routes requests carrying `token` to `proxy` until the returned function is called. */
    register(token, proxy) {
        this.agents.set(token, proxy);
        return () => {
            if (this.agents.get(token) === proxy)
                this.agents.delete(token);
        };
    }
    async close() {
        const closed = new Promise((resolve) => this.server.close(() => resolve()));
        for (const s of this.sockets)
            s.destroy();
        await closed;
    }
    onConnection(socket) {
        this.sockets.add(socket);
        socket.on('error', () => socket.destroy());
        let head = Buffer.alloc(0);
        const timer = setTimeout(() => socket.destroy(), HEAD_TIMEOUT_MS);
        const done = () => {
            clearTimeout(timer);
            socket.off('data', onData);
            socket.off('close', onClose);
        };
        const onClose = () => {
            done();
            this.sockets.delete(socket);
        };
        const onData = (chunk) => {
            head = Buffer.concat([head, chunk]);
            // SOCKS (the library's in-sandbox :1080 bridges here too): no acceptable method / rejected.
            if (head[0] === 5 || head[0] === 4) {
                done();
                this.sockets.delete(socket);
                socket.end(Buffer.from(head[0] === 5 ? [5, 0xff] : [0, 0x5b, 0, 0, 0, 0, 0, 0]));
                return;
            }
            const end = head.indexOf('\r\n\r\n');
            if (end < 0 && head.length <= MAX_HEAD_BYTES)
                return;
            done();
            this.sockets.delete(socket);
            if (end < 0)
                return answer(socket, 431, 'bad-request', 'massgen-exec egress proxy: request head too large');
            const route = routeRequest(head.subarray(0, end).toString('latin1'), (t) => this.agents.has(t));
            if (route.kind === 'refuse')
                return answer(socket, route.status, route.rule, route.reason);
            if (route.kind === 'health')
                return answer(socket, 200, 'proxy', 'massgen-exec egress proxy');
            socket.pause();
            socket.unshift(head);
            this.agents.get(route.token).accept(socket);
        };
        socket.on('data', onData);
        socket.once('close', onClose);
    }
}
const STATUS_TEXT = {
    200: 'OK',
    400: 'Bad Request',
    403: 'Forbidden',
    431: 'Request Header Fields Too Large'
};
function answer(socket, status, rule, reason) {
    const body = `${reason}\n`;
    const text = STATUS_TEXT[status] ?? 'Error';
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\n${egress/* PROXY_HEADER */.xE}: ${rule}\r\n` +
        `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

;// CONCATENATED MODULE: ./src/runtime/srt/manager.ts
// sandbox-runtime's SandboxManager is one per process (its network bridge, its mount-point
// bookkeeping). Every srt session shares it: the first session initializes it — with the egress
// front (network.ts) as the external proxy its bridge dials, and the seccomp helper located by
// deps.ts — each session passes its own filesystem rules per command and registers its own
// egress proxy with the front; the last session to close resets it and closes the front.
// Sessions see it only through `SandboxBackend`, which unit tests replace with a fake.








let shared;
/** The last release's reset: a new initialize waits for it (the library is one per process). */
let resetting = Promise.resolve();
/** The process-wide backend, initialized on first use. */
async function acquireBackend() {
    if (!shared)
        await resetting;
    if (!shared) {
        const s = { users: 0, ready: initialize() };
        shared = s;
        s.ready.catch(() => {
            if (shared === s)
                shared = undefined;
        });
    }
    const s = shared;
    s.users++;
    try {
        return (await s.ready).backend;
    }
    catch (e) {
        s.users--;
        throw e;
    }
}
/** One session is done with the backend; the last one resets the library and closes the front. */
async function releaseBackend() {
    if (!shared)
        return;
    const s = shared;
    s.users--;
    if (s.users > 0)
        return;
    shared = undefined;
    const reset = (async () => {
        const { front } = await s.ready;
        await dist/* SandboxManager */.NF.reset();
        await front.close();
    })();
    resetting = reset.catch(() => undefined);
    await reset;
}
async function initialize() {
    checkHostTools();
    checkUserNamespaces();
    const helper = locateSeccompHelper();
    const front = await SrtEgressFront.start();
    const config = {
        network: {
            // Defined (empty): the sandbox gets no network but the bridge. Both ports external: the
            // library starts no proxy of its own and bridges to the front, which decides.
            allowedDomains: [],
            deniedDomains: [],
            httpProxyPort: front.port,
            socksProxyPort: front.port
        },
        // Replaced per command by each session's own rules.
        filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
        seccomp: { applyPath: helper }
    };
    try {
        await dist/* SandboxManager */.NF.initialize(config);
    }
    catch (e) {
        await dist/* SandboxManager */.NF.reset().catch(() => undefined);
        await front.close();
        throw new errors/* EnvironmentError */.eG(`sandbox-runtime did not start: ${e.message}`);
    }
    const deps = dist/* SandboxManager */.NF.checkDependencies();
    if (deps.errors.length) {
        await dist/* SandboxManager */.NF.reset();
        await front.close();
        throw new errors/* EnvironmentError */.eG(`sandbox-runtime cannot run here: ${deps.errors.join('; ')}`);
    }
    const sockets = [
        dist/* SandboxManager */.NF.getLinuxHttpSocketPath(),
        dist/* SandboxManager */.NF.getLinuxSocksSocketPath()
    ].filter((p) => !!p);
    // A root runner's commands run as another uid (index.ts): let it reach the bridge's sockets.
    if (process.geteuid?.() === 0)
        for (const p of sockets)
            await (0,promises_.chmod)(p, 0o666).catch(() => undefined);
    // The bridge's sockets live in /tmp, which strict hides: read-allowed like the helper.
    // JVMs load the library's proxy agent from beside the helper (JAVA_TOOL_OPTIONS): same.
    const jarDir = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_path_.dirname)((0,external_node_path_.dirname)(helper))), 'java-proxy-agent');
    const helpers = [(0,external_node_path_.dirname)(helper), ...((0,external_node_fs_.existsSync)(jarDir) ? [jarDir] : []), ...new Set(sockets)];
    const backend = new LibraryBackend(helpers, bwrapVersion(), front);
    try {
        await smokeTest(backend);
    }
    catch (e) {
        await front.close();
        throw e;
    }
    return { backend, front };
}
class LibraryBackend {
    helperPaths;
    version;
    front;
    constructor(helperPaths, version, front) {
        this.helperPaths = helperPaths;
        this.version = version;
        this.front = front;
    }
    async wrap(command, cwd, fs, ids) {
        // The library also returns an environment (this process's): ignored, the session gives its own.
        const { argv } = await dist/* SandboxManager */.NF.wrapWithSandboxArgv(command, '/bin/sh', { filesystem: fs }, undefined, cwd, ids);
        return argv;
    }
    done() {
        dist/* SandboxManager */.NF.cleanupAfterCommand();
    }
    registerEgress(token, proxy) {
        return this.front.register(token, proxy);
    }
}
function bwrapVersion() {
    const r = (0,external_node_child_process_.spawnSync)('bwrap', ['--version'], { encoding: 'utf8', timeout: 5000 });
    return (r.stdout ?? '').trim() || 'bubblewrap (version unknown)';
}
/**
 * One `true` in a sandbox before the first step: where unprivileged user namespaces are off
 * (Ubuntu 24.04's AppArmor default, some hardened kernels) bubblewrap fails here, once, with a
 * clear message instead of failing every step.
 */
async function smokeTest(backend) {
    const fs = { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] };
    const argv = await backend.wrap('true', '/', fs, {
        commandId: 'massgen-exec-srt-smoke-test-0000',
        commandText: 'true'
    });
    const r = await new Promise((resolve) => {
        const child = (0,external_node_child_process_.spawn)(argv[0], argv.slice(1), {
            cwd: '/',
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
            stdio: ['ignore', 'ignore', 'pipe']
        });
        let stderr = '';
        child.stderr.on('data', (c) => (stderr += c.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('error', (e) => resolve({ code: null, stderr: e.message }));
        child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, stderr });
        });
    });
    backend.done();
    if (r.code !== 0) {
        await dist/* SandboxManager */.NF.reset().catch(() => undefined);
        throw new errors/* EnvironmentError */.eG(`the srt sandbox does not start on this host (exit ${r.code}): ${r.stderr.trim().slice(0, 500)}`, 'bubblewrap needs unprivileged user namespaces: on Ubuntu 24.04 run `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; in a container, run it with user namespaces allowed');
    }
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/lib/shell.ts
var shell = __webpack_require__(66861);
// EXTERNAL MODULE: ./src/runtime/file-lines.ts
var file_lines = __webpack_require__(86214);
// EXTERNAL MODULE: ./src/runtime/host/background.ts
var background = __webpack_require__(55579);
// EXTERNAL MODULE: ./src/runtime/host/environment.ts
var environment = __webpack_require__(81830);
// EXTERNAL MODULE: ./src/runtime/host/process.ts
var host_process = __webpack_require__(55638);
// EXTERNAL MODULE: ./src/runtime/host/process-tree.ts
var process_tree = __webpack_require__(49187);
// EXTERNAL MODULE: ./src/runtime/procfs.ts
var procfs = __webpack_require__(25481);
;// CONCATENATED MODULE: ./src/runtime/srt/kill.ts
// Killing a sandboxed step and proving it is gone. Everything a step starts runs inside the PID
// namespace bubblewrap made for it (--unshare-pid, --die-with-parent), so killing bubblewrap ends
// the namespace and the kernel kills every process in it. bubblewrap puts the sandbox in a session
// of its own, out of the spawned process group; the step's token (see host/process-tree.ts) still
// finds it. Then the proof: no live process is left in any PID namespace the step's processes
// were in, whatever they did to their environment.



/** The PID namespace of a process ("pid:[4026532301]"), or undefined when it is gone. */
async function pidNamespace(pid) {
    try {
        return await (0,promises_.readlink)(`/proc/${pid}/ns/pid`);
    }
    catch {
        return undefined;
    }
}
/** PID namespaces other than ours that `pids` are in. */
async function namespacesOf(pids) {
    const own = await pidNamespace('self');
    const found = new Set();
    for (const pid of pids) {
        const ns = await pidNamespace(pid);
        if (ns && ns !== own)
            found.add(ns);
    }
    return found;
}
/** Live (not zombie) processes in any of `namespaces`. */
async function pidsInNamespaces(namespaces) {
    if (namespaces.size === 0)
        return [];
    const found = [];
    await Promise.all((await (0,procfs/* otherPids */.Z)()).map(async (pid) => {
        const ns = await pidNamespace(pid);
        if (!ns || !namespaces.has(ns))
            return;
        try {
            const stat = await (0,promises_.readFile)(`/proc/${pid}/stat`, 'utf8');
            // Field 3, after the parenthesised command name (which may contain spaces).
            const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            if (state !== 'Z' && state !== 'X')
                found.push(pid);
        }
        catch {
            // gone
        }
    }));
    return found;
}
/**
 * SIGKILLs the step's process group and every process with its token, then checks that neither
 * a token process nor any process in the step's PID namespaces is alive. Returns the survivors
 * (normally none).
 */
async function killSandboxed(pgid, token) {
    if (pgid)
        signal(-pgid);
    // One scan when the step ended on its own and took everything with it (the common case).
    const running = await (0,process_tree/* pidsWithToken */.We)(token);
    if (running.length === 0)
        return [];
    const namespaces = await namespacesOf(running);
    const left = await (0,process_tree/* killTree */.TP)(pgid, token);
    // The namespace dies with its init, but not in the same instant: give it a moment.
    for (let i = 0; i < 50; i++) {
        const inside = await pidsInNamespaces(namespaces);
        if (inside.length === 0)
            return left;
        for (const pid of inside)
            signal(pid);
        await new Promise((r) => setTimeout(r, 20));
    }
    return [...new Set([...left, ...(await pidsInNamespaces(namespaces))])];
}
function signal(pid) {
    try {
        process.kill(pid, 'SIGKILL');
    }
    catch {
        // already gone
    }
}

// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
;// CONCATENATED MODULE: ./src/runtime/srt/protected.ts
// The names inside an srt agent's writable paths that programs on the HOST run or obey later:
// a repository's hooks and config (`core.fsmonitor`, `core.hooksPath`, filters and aliases run
// commands on the host's next `git status`), shell rc and profile files, direnv's `.envrc`, IDE
// settings. sandbox-runtime has such a list of its own, but computes it against this process's
// working directory (process.cwd()), not the command's, so the workspace is covered only when
// the CLI happens to be started in it or one level above (and write context paths never). Here
// the list is computed per step for every writable path and passed as write denies, which the
// library binds read-only (an existing name) or covers with an empty read-only mount point (an
// absent one: an empty file, or an empty directory for `.git` and the IDE directories, made on
// the host while the step runs and removed by the library when it ends).
//
// A mount can only stand where a directory already is: a name created in a directory that did
// not exist when the step began (`mkdir -p new/.git/hooks`) cannot be refused. What such a step
// leaves behind is found by comparing the scans before and after it (`createdDuring`), removed
// and the step failed (session.ts).



/** Files, at any depth, that shells, direnv, git and tools read from the directory they are in. */
const PROTECTED_FILES = [
    '.gitconfig',
    '.gitmodules',
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.profile',
    '.zshrc',
    '.zshenv',
    '.zprofile',
    '.zlogin',
    '.zlogout',
    '.kshrc',
    '.cshrc',
    '.tcshrc',
    '.login',
    '.envrc',
    '.ripgreprc',
    '.mcp.json'
];
/** Directories protected whole, at any depth. */
const PROTECTED_DIRS = ['.vscode', '.idea'];
/** What git runs or obeys inside a repository's git directory. */
const GIT_DIR_PROTECTED = ['hooks', 'config'];
/** Not walked: package trees (rewritten by installs; sandbox-runtime skips them too). */
const SKIPPED_DIRS = new Set(['node_modules']);
const MAX_ENTRIES = 200_000;
/** Whether `id` may create entries in directory `dir` (owner, group, other bits; root only in its own). */
function canCreateIn(dir, id) {
    let st;
    try {
        st = (0,external_node_fs_.statSync)(dir);
    }
    catch {
        return false;
    }
    if (!st.isDirectory())
        return false;
    const m = st.mode;
    // In the sandbox's user namespace root's capabilities cover only inodes it owns (mapped ids).
    if (st.uid === id.uid)
        return (m & 0o300) === 0o300 || (id.uid === 0 && st.uid === 0);
    if (st.gid === id.gid)
        return (m & 0o030) === 0o030;
    return (m & 0o003) === 0o003;
}
/** The nearest directory at or above `p` that exists. */
function nearestExisting(p) {
    let d = (0,external_node_path_.dirname)(p);
    while (!kind(d) && (0,external_node_path_.dirname)(d) !== d)
        d = (0,external_node_path_.dirname)(d);
    return d;
}
/** Every protected path of the writable roots: the roots' own names always, deeper ones found. */
function scanProtected(roots, opts = {}) {
    const deny = new Set();
    const present = new Set();
    const budget = { left: MAX_ENTRIES };
    for (const root of roots) {
        for (const f of [...PROTECTED_FILES, ...PROTECTED_DIRS])
            deny.add((0,external_node_path_.join)(root, f));
        const dotGit = kind((0,external_node_path_.join)(root, '.git'));
        if (dotGit === 'file')
            deny.add((0,external_node_path_.join)(root, '.git'));
        else
            for (const n of GIT_DIR_PROTECTED)
                deny.add((0,external_node_path_.join)(root, '.git', n));
        const skip = new Set((opts.skip ?? []).map((s) => (0,external_node_path_.join)(root, s)));
        walk(root, roots, skip, opts, deny, present, budget);
    }
    const creator = opts.creator;
    const denied = creator
        ? [...deny].filter((p) => kind(p) || canCreateIn(nearestExisting(p), creator))
        : [...deny];
    return { deny: denied, present, truncated: budget.left <= 0 };
}
function walk(dir, roots, skip, opts, deny, present, budget) {
    let entries;
    try {
        entries = (0,external_node_fs_.readdirSync)(dir, { withFileTypes: true });
    }
    catch {
        return;
    }
    for (const e of entries) {
        if (--budget.left <= 0)
            return;
        const p = (0,external_node_path_.join)(dir, e.name);
        if (skip.has(p))
            continue;
        if (PROTECTED_FILES.includes(e.name) || PROTECTED_DIRS.includes(e.name)) {
            deny.add(p);
            present.add(p);
        }
        else if (e.name === '.git') {
            if (e.isDirectory()) {
                gitDir(p, (0,external_node_path_.dirname)(p), roots, opts, deny);
                for (const n of GIT_DIR_PROTECTED)
                    if (kind((0,external_node_path_.join)(p, n)))
                        present.add((0,external_node_path_.join)(p, n));
            }
            else {
                deny.add(p);
                present.add(p);
            }
        }
        else if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) {
            walk(p, roots, skip, opts, deny, present, budget);
        }
    }
}
/** A repository's git directory: its hooks and config, its submodules', its hooksPath target. */
function gitDir(git, worktree, roots, opts, deny) {
    for (const n of GIT_DIR_PROTECTED)
        deny.add((0,external_node_path_.join)(git, n));
    for (const hooksPath of [configuredHooksPath((0,external_node_path_.join)(git, 'config')), opts.hostHooksPath]) {
        if (!hooksPath)
            continue;
        const target = (0,external_node_path_.isAbsolute)(hooksPath) ? hooksPath : (0,external_node_path_.resolve)(worktree, hooksPath);
        if (roots.some((r) => (0,paths/* isInside */.F)(target, r)))
            deny.add(target);
    }
    // Submodules keep their git directories in .git/modules/<name>/ (nested for theirs).
    const stack = [(0,external_node_path_.join)(git, 'modules')];
    while (stack.length) {
        const d = stack.pop();
        let entries;
        try {
            entries = (0,external_node_fs_.readdirSync)(d, { withFileTypes: true });
        }
        catch {
            continue;
        }
        if (entries.some((e) => e.name === 'HEAD' && e.isFile()))
            for (const n of GIT_DIR_PROTECTED)
                deny.add((0,external_node_path_.join)(d, n));
        for (const e of entries)
            if (e.isDirectory() && !['objects', 'refs', 'logs', 'hooks'].includes(e.name))
                stack.push((0,external_node_path_.join)(d, e.name));
    }
}
/** core.hooksPath as a repository's config file sets it (the last one wins, as in git). */
function configuredHooksPath(configFile) {
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(configFile, 'utf8');
    }
    catch {
        return undefined;
    }
    let section = '';
    let found;
    for (const raw of text.split('\n')) {
        const line = raw.trim();
        const s = /^\[\s*([A-Za-z0-9.-]+)[^\]]*\]\s*(.*)$/.exec(line);
        if (s) {
            section = s[1].toLowerCase();
            continue;
        }
        const kv = /^hookspath\s*=\s*(.*?)\s*$/i.exec(line);
        if (section === 'core' && kv)
            found = kv[1].replace(/^"(.*)"$/, '$1');
    }
    return found;
}
/**
 * Protected names present after a step that were not before, leaving out what the step's own
 * denies account for (the library's empty mount points stand at a denied path or at the first
 * missing directory above one).
 */
function createdDuring(before, after) {
    const denied = before.deny;
    return [...after.present]
        .filter((p) => !before.present.has(p))
        .filter((p) => !denied.some((d) => d === p || (0,paths/* isInside */.F)(d, p)))
        .sort();
}
function kind(p) {
    try {
        const s = (0,external_node_fs_.lstatSync)(p);
        return s.isDirectory() ? 'dir' : 'file';
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/runtime/srt/settings.ts
// The filesystem rules of an srt agent, derived from the same plan the other modes read (as
// MassGen's SrtManager derives them from its path permissions): writable = the workspace and the
// `write` context paths (minus protected paths) and nothing else; readable per read mode; secret
// stores never. Pure, so the rules can be tested without a sandbox.


/** Credential stores below $HOME that no read mode exposes (MassGen's list). */
const SECRET_STORES_IN_HOME = [
    '.ssh',
    '.aws',
    '.gnupg',
    '.netrc',
    '.npmrc',
    '.pypirc',
    '.docker/config.json',
    '.git-credentials',
    '.kube',
    '.azure',
    '.config/gcloud',
    '.config/gh'
];
const SECRET_STORES_ABSOLUTE = ['/etc/shadow', '/etc/gshadow'];
/**
 * What `strict` leaves readable besides the agent's own paths: what programs need to start and
 * run. /etc only in part, so that the host's identity (/etc/hostname, machine-id) and its
 * configuration stay hidden; /tmp, /var, /run, /home, /root not at all.
 */
const STRICT_BASELINE = [
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/lib32',
    '/lib64',
    '/libx32',
    '/opt',
    '/dev',
    '/proc',
    '/sys',
    '/etc/alternatives',
    '/etc/ld.so.cache',
    '/etc/ld.so.conf',
    '/etc/ld.so.conf.d',
    '/etc/passwd',
    '/etc/group',
    '/etc/nsswitch.conf',
    '/etc/localtime',
    '/etc/timezone',
    '/etc/ssl',
    '/etc/ca-certificates',
    '/etc/pki',
    '/etc/crypto-policies',
    '/etc/hosts',
    '/etc/host.conf',
    '/etc/resolv.conf',
    '/etc/gai.conf',
    '/etc/protocols',
    '/etc/services',
    '/etc/mime.types',
    '/etc/locale.alias',
    '/etc/default/locale',
    '/etc/os-release',
    '/etc/debian_version',
    '/etc/lsb-release',
    '/etc/inputrc',
    '/etc/terminfo',
    '/etc/bash.bashrc',
    '/etc/profile',
    '/etc/profile.d',
    '/etc/environment',
    '/etc/magic',
    '/etc/python3',
    '/etc/pip.conf',
    '/etc/gitconfig',
    '/etc/npmrc'
];
/**
 * Directories sandbox-runtime makes writable unless told otherwise: its own temp directory
 * (shared by every srt user on the host) and two log directories in $HOME. Denying them keeps
 * "the workspace and the write context paths, nothing else" true in every read mode.
 */
const LIBRARY_DEFAULT_WRITES_IN_HOME = ['.npm/_logs', '.claude/debug'];
const LIBRARY_DEFAULT_WRITES_ABSOLUTE = ['/tmp/claude'];
const lit = (path) => ({ path, literal: true });
function secretStores(home) {
    return [...SECRET_STORES_IN_HOME.map((r) => (0,external_node_path_.join)(home, r)), ...SECRET_STORES_ABSOLUTE];
}
/** Paths of the plan that lie inside a secret store (srt refuses to start such an agent). */
function pathsInSecretStores(agent, srt, home) {
    const stores = secretStores(home);
    const candidates = [
        agent.workspace,
        ...agent.contextPaths.map((c) => c.path),
        ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
    ];
    return candidates.filter((p) => stores.some((s) => (0,paths/* isInside */.F)(p, s)));
}
function buildFilesystem(input) {
    const { agent, srt, home } = input;
    const stores = [
        ...secretStores(home),
        ...(input.sandboxUserHome ? secretStores(input.sandboxUserHome) : [])
    ];
    const writable = srt.readOnly
        ? []
        : [
            agent.workspace,
            ...agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path),
            ...(input.tmpDir ? [input.tmpDir] : [])
        ];
    const readOnlyPaths = [
        ...agent.contextPaths.filter((c) => c.permission === 'read').map((c) => c.path),
        ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
    ];
    const protectedPaths = agent.contextPaths
        .filter((c) => c.permission === 'write')
        .flatMap((c) => c.protectedPaths);
    // sandbox-runtime lets a write deny win even over a writable path below it, so a read-only
    // path goes into denyWrite only when it sits inside a writable one (elsewhere it is not
    // writable anyway, and denying it could make a workspace nested in it read-only).
    const denyWrite = [
        ...readOnlyPaths.filter((p) => writable.some((w) => w !== p && (0,paths/* isInside */.F)(p, w))),
        ...protectedPaths,
        ...LIBRARY_DEFAULT_WRITES_ABSOLUTE
    ];
    const managed = [
        agent.workspace,
        ...agent.contextPaths.map((c) => c.path),
        ...(agent.tempWorkspace ? [agent.tempWorkspace] : []),
        ...(agent.venvPath ? [agent.venvPath] : []),
        ...(input.tmpDir ? [input.tmpDir] : [])
    ];
    // A re-allowed read never reaches into a secret store: a listed store is more specific than
    // any allow above it and stays denied; an allow inside one is dropped here.
    const userAllow = srt.allowRead.filter((p) => !stores.some((s) => (0,paths/* isInside */.F)(p, s)));
    const denyRead = [
        ...(input.sandboxUserHome && srt.readMode !== 'strict' ? [lit(home)] : []),
        ...stores.map(lit),
        ...LIBRARY_DEFAULT_WRITES_IN_HOME.map((r) => lit((0,external_node_path_.join)(home, r))),
        ...srt.denyRead
    ];
    let allowRead;
    if (srt.readMode === 'confined') {
        if (!input.sandboxUserHome)
            denyRead.unshift(lit(home));
        allowRead = [...managed.map(lit), ...userAllow, ...input.helperPaths.map(lit)];
    }
    else if (srt.readMode === 'strict') {
        denyRead.unshift(lit('/'));
        allowRead = [
            ...managed.map(lit),
            ...STRICT_BASELINE.map(lit),
            ...userAllow,
            ...input.helperPaths.map(lit)
        ];
    }
    else {
        // open: everything but the denies; an allow only matters inside a user deny.
        allowRead = userAllow;
    }
    return {
        allowWrite: unique(writable).map(lit),
        denyWrite: unique(denyWrite).map(lit),
        denyRead: uniqueEntries(denyRead),
        allowRead: uniqueEntries(allowRead)
    };
}
function unique(xs) {
    return [...new Set(xs)];
}
function uniqueEntries(xs) {
    const seen = new Set();
    return xs.filter((x) => {
        const key = typeof x === 'string' ? `g:${x}` : `l:${x.path}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
/** The path an entry names (for messages and tests). */
function entryPath(e) {
    return typeof e === 'string' ? e : e.path;
}

;// CONCATENATED MODULE: ./src/runtime/srt/session.ts
// An srt agent session: every step — commands, background commands, write_file and read_file —
// runs through sandbox-runtime with the agent's filesystem rules, so file steps are confined
// exactly as commands are. A session on the host-process runtime (runtime/host: environment,
// output caps, results, background steps and their logs, as in local mode) whose kill is
// namespace-aware (kill.ts); egress through the agent's own endpoint (egress/endpoint.ts), switched
// per step by beginStep, behind the front (network.ts).















const q = shell/* shellQuote */.Z;
class SrtSession {
    opts;
    info;
    background = new background/* HostBackground */.b();
    closed = false;
    warnedTruncated = false;
    constructor(opts) {
        this.opts = opts;
        this.info = opts.info;
    }
    /** The session's private TMPDIR (gone after close). */
    get tmpDir() {
        return this.opts.tmpDir;
    }
    /** Egress from here on is this step's (the proxy refuses everything outside a step). */
    beginStep(step) {
        this.opts.egress?.endpoint.setStep(step);
    }
    /** What went out and what was refused, per step (undefined without command_line_egress). */
    egressReport() {
        return this.opts.egress?.endpoint.report();
    }
    async exec(req) {
        const started = Date.now();
        const before = this.scan();
        const { child, token } = await this.spawnStep(req, false, true, before);
        const end = await (0,host_process/* runHostStep */.Ox)(child, req, () => killSandboxed(child.pid, token), started);
        this.opts.backend.done();
        if (end.exit.error)
            throw end.exit.error;
        const violation = await this.sweep(before);
        const refused = this.opts.egress?.endpoint.refusalNote(started) ?? '';
        return (0,host_process/* hostResult */.YW)(end, [refused], violation ? { violation } : {});
    }
    /** The writable roots' protected names now (none for a read-only agent). */
    scan() {
        const roots = this.opts.fs.allowWrite.map(entryPath).filter((p) => p !== this.opts.tmpDir);
        const s = scanProtected(roots, {
            skip: this.opts.protectedSkip,
            hostHooksPath: this.opts.hostHooksPath,
            creator: this.opts.user ?? {
                uid: process.geteuid?.() ?? 0,
                gid: process.getegid?.() ?? 0
            }
        });
        if (s.truncated && !this.warnedTruncated) {
            this.warnedTruncated = true;
            this.opts.log?.('protected names: the writable paths hold over 200000 entries; names deeper than the scan reached are not protected');
        }
        return s;
    }
    /**
     * Protected names the step created where no mount could refuse them (in directories it made):
     * removed — inside the sandbox, as the sandbox user, so a link swapped in leads nowhere on the
     * host — and returned as the step's failure.
     */
    async sweep(before) {
        const created = createdDuring(before, this.scan());
        if (!created.length)
            return undefined;
        const r = await this.fileStep(`rm -rf -- ${created.map(q).join(' ')}`, undefined, false);
        const undone = r.code === 0 ? 'removed' : `NOT removed (${firstLine(r.stderr)})`;
        const names = created.slice(0, 5).join(', ') + (created.length > 5 ? ', …' : '');
        this.opts.log?.(`protected names created by a step (${undone}): ${created.join(', ')}`);
        return `created protected names the host would run or obey (${undone}): ${names}`;
    }
    async execBackground(req, name) {
        const { child, token } = await this.spawnStep(req, false, true, this.scan());
        this.background.add(name, req.command, child, req.maxOutputBytes, async () => {
            await killSandboxed(child.pid, token);
            this.opts.backend.done();
        });
    }
    /** Through the sandbox: a path the agent may not write cannot be written by a step either. */
    async writeFile(path, content) {
        const before = this.scan();
        const r = await this.fileStep(`mkdir -p -- ${q((0,external_node_path_.dirname)(path))} && cat > ${q(path)}`, content, true, before);
        const violation = await this.sweep(before);
        if (r.code !== 0)
            throw new Error(`write_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`);
        if (violation)
            throw new Error(`write_file ${path}: ${violation}`);
    }
    async readFile(path, offset, lineCount) {
        // `cat` writes nothing: no protected names to scan for.
        const r = await this.fileStep(`cat -- ${q(path)}`, undefined, false);
        if (r.code !== 0)
            throw new Error(`read_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`);
        return (0,file_lines/* sliceLines */.i)(r.stdout, offset, lineCount);
    }
    async saveLogs(dir) {
        await (0,promises_.mkdir)(dir, { recursive: true });
        // The rules the sandbox ran with, for whoever reads the results.
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'srt_settings.json'), JSON.stringify(this.opts.fs, null, 2) + '\n');
        await this.background.writeLogs(dir);
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        await this.background.stop();
        await this.opts.egress?.endpoint.close();
        if (this.opts.tmpDir)
            await (0,promises_.rm)(this.opts.tmpDir, { recursive: true, force: true }).catch(() => { });
        await this.opts.onClose();
    }
    /** Runs a file step's script with `stdin` (or none); FILE_STEP_TIMEOUT_MS at most. */
    async fileStep(script, stdin, protect = true, scan) {
        const run = await this.spawnStep({ command: script, cwd: this.opts.agent.workspace, env: {} }, stdin !== undefined, false, protect ? (scan ?? this.scan()) : undefined);
        const { child, token } = run;
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c.toString()));
        child.stderr.on('data', (c) => (stderr += c.toString()));
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(stdin);
        const timer = setTimeout(() => void killSandboxed(child.pid, token), defaults/* FILE_STEP_TIMEOUT_MS */.VN);
        const exit = await (0,host_process/* exitOf */.sX)(child);
        clearTimeout(timer);
        await killSandboxed(child.pid, token);
        await Promise.all([(0,host_process/* streamClosed */.P5)(child.stdout), (0,host_process/* streamClosed */.P5)(child.stderr)]);
        this.opts.backend.done();
        if (exit.error)
            throw exit.error;
        return { code: exit.code, stdout, stderr };
    }
    async spawnStep(req, withStdin, userCommand, 
    /** The protected names to deny (undefined: the product's own cleanup, unprotected). */
    scan) {
        if (this.closed)
            throw new Error('the srt session is closed');
        const token = (0,external_node_crypto_.randomUUID)();
        const commandId = (0,external_node_crypto_.randomBytes)(16).toString('base64url');
        const prepared = userCommand
            ? (0,environment/* prepareCommand */.fN)(this.opts.agent, req.command, req.cwd, { ...(0,environment/* baseEnvironment */.PZ)(), ...req.env })
            : { command: req.command, env: { ...(0,environment/* baseEnvironment */.PZ)(), ...req.env } };
        // sandbox-runtime sets TMPDIR (to its shared /tmp/claude) inside the sandbox, after our
        // environment: the session's private one is set again in front of the command.
        const tmp = req.env.TMPDIR ?? this.opts.tmpDir;
        // The proxy variables likewise (the library's carry no credential); the URL itself travels
        // in the environment, not in the command line every host process can read.
        const egress = userCommand ? this.opts.egress : undefined;
        // Same line, so the shell's line numbers in error messages stay the command's own.
        const command = (tmp ? `export TMPDIR=${q(tmp)}; ` : '') +
            (egress ? `${proxyExports()} ` : '') +
            prepared.command;
        const fs = scan
            ? {
                ...this.opts.fs,
                denyWrite: [
                    ...this.opts.fs.denyWrite,
                    ...scan.deny.map((path) => ({ path, literal: true }))
                ]
            }
            : this.opts.fs;
        const argv = await this.opts.backend.wrap(command, req.cwd, fs, {
            commandId,
            commandText: req.command
        });
        let child;
        try {
            // detached: the outer shell leads a process group of its own (see kill.ts).
            child = (0,external_node_child_process_.spawn)(argv[0], argv.slice(1), {
                cwd: req.cwd,
                env: {
                    ...prepared.env,
                    ...(tmp ? { TMPDIR: tmp } : {}),
                    // The CA variables over the runner's, under the step's own `env:`.
                    ...withoutKeys(this.opts.caEnv, req.env),
                    // The runner's HOME is not the sandbox user's (and is hidden from it).
                    ...(this.opts.user ? { HOME: this.opts.tmpDir ?? '/nonexistent' } : {}),
                    ...(egress ? { [PROXY_URL_VAR]: proxyUrl(egress.token) } : {}),
                    [process_tree/* TOKEN_VAR */.ey]: token
                },
                ...(this.opts.user ? { uid: this.opts.user.uid, gid: this.opts.user.gid } : {}),
                detached: true,
                stdio: [withStdin ? 'pipe' : 'ignore', 'pipe', 'pipe']
            });
        }
        catch (e) {
            this.opts.backend.done();
            throw e;
        }
        return { child, token };
    }
}
function firstLine(s) {
    return s.trim().split('\n')[0] ?? '';
}
function withoutKeys(vars, taken) {
    return Object.fromEntries(Object.entries(vars ?? {}).filter(([k]) => !(k in taken)));
}

// EXTERNAL MODULE: ./src/lib/user.ts
var lib_user = __webpack_require__(89332);
;// CONCATENATED MODULE: ./src/runtime/srt/index.ts
// srt mode (MassGen's `command_line_execution_mode: srt`): each step in an Anthropic
// sandbox-runtime sandbox (bubblewrap on Linux) on the host, no Docker. Filesystem rules from the
// plan (settings.ts), network through the shared egress model (an EgressProxy per agent behind the
// process-wide front, network.ts; none without command_line_egress), processes killed by namespace
// (kill.ts).















/** The process-wide backend on sandbox-runtime's SandboxManager (what `run` uses). */
const LIBRARY_BACKEND = {
    acquire: acquireBackend,
    release: releaseBackend
};
const SRT_DEFAULTS = {
    readMode: 'confined',
    denyRead: [],
    allowRead: [],
    allowUnixSockets: [],
    readOnly: false
};
function createSrtRuntime(opts = {}) {
    const backendSource = opts.backend ?? LIBRARY_BACKEND;
    const home = opts.home ?? (0,external_node_os_.homedir)();
    return {
        async start(agent, ctx) {
            const srt = agent.srt ?? SRT_DEFAULTS;
            const log = (line) => ctx.log(`[${agent.id}] ${line}`);
            const inStores = pathsInSecretStores(agent, srt, home);
            if (inStores.length)
                throw new errors/* EnvironmentError */.eG(`srt never exposes credential stores, but these paths of the agent lie in one: ${inStores.join(', ')}`, 'give the agent a workspace and context paths outside ~/.ssh, ~/.aws, ~/.gnupg, …');
            const backend = await backendSource.acquire();
            let tmpDir;
            let egress;
            let ca;
            try {
                if (agent.caCertificates?.length) {
                    ca = await (0,ca_bundle/* writeCaBundle */.qA)(agent.caCertificates, { log });
                    log(`${(0,ca_bundle/* describeCaBundle */.KM)(ca)}; trusted by the sandboxed commands (${ca_bundle/* CA_ENV_NAMES */.e3.join(', ')})`);
                }
                if (agent.egress)
                    egress = await startEgress(agent, backend, log, opts.egressResolve);
                if (!srt.readOnly)
                    tmpDir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `massgen-srt-${agent.id}-`));
                const user = opts.sandboxUser === undefined
                    ? sandboxUser(process.geteuid?.(), await (0,promises_.stat)(agent.workspace))
                    : (opts.sandboxUser ?? undefined);
                if (user) {
                    log(`running as root: sandboxed commands run as ${user.uid}:${user.gid} (the workspace's owner, or the images' user when root owns it: as root they could rewrite host-wide kernel settings)`);
                    await grantAccess(agent, user, tmpDir, log);
                }
                else {
                    const me = { uid: process.geteuid?.() ?? 0, gid: process.getegid?.() ?? 0 };
                    const warning = await (0,workspace_owner/* checkWorkspaceWritable */.wH)(agent.workspace, me, 'sandbox user');
                    if (warning)
                        log(warning);
                }
                const fs = buildFilesystem({
                    agent,
                    srt,
                    home,
                    sandboxUserHome: user ? (user.home ?? '/nonexistent') : undefined,
                    tmpDir,
                    helperPaths: ca ? [...backend.helperPaths, ca.dir] : backend.helperPaths
                });
                if (srt.allowUnixSockets.length)
                    log('command_line_srt_allow_unix_sockets is not applied on Linux: sandbox-runtime blocks every Unix socket there (seccomp cannot filter by path), so the listed sockets stay unreachable');
                const me = (0,external_node_os_.userInfo)();
                return new SrtSession({
                    agent,
                    backend,
                    egress,
                    fs,
                    tmpDir,
                    user,
                    info: {
                        mode: 'srt',
                        limits: {
                            sandbox: backend.version,
                            readMode: srt.readMode,
                            readOnly: srt.readOnly,
                            network: agent.egress
                                ? agent.egress.audit
                                    ? 'egress audit'
                                    : 'egress allowlist'
                                : 'none',
                            user: user ? `${user.uid}:${user.gid}` : `${me.uid}:${me.gid}`,
                            memory: null,
                            cpus: null,
                            pidsLimit: null
                        }
                    },
                    caEnv: ca ? (0,ca_bundle/* caEnv */.Ck)(ca.file) : undefined,
                    onClose: async () => {
                        await ca?.remove().catch(() => { });
                        await backendSource.release();
                    },
                    log,
                    // The compare step's trees (run/compare's COMPARE_DIR): the product unpacks and removes
                    // them itself, as the agent's user, and runs no git in them.
                    protectedSkip: ['.massgen-compare'],
                    hostHooksPath: hostHooksPath()
                });
            }
            catch (e) {
                await ca?.remove().catch(() => { });
                if (tmpDir)
                    await (0,promises_.rm)(tmpDir, { recursive: true, force: true }).catch(() => { });
                await egress?.endpoint.close();
                await backendSource.release();
                throw e;
            }
        },
        // Sessions clean up after themselves at close (processes, temp directory, the library).
        async cleanup() { }
    };
}
/**
 * core.hooksPath from the host's global and system git config: a relative one names a directory
 * in every repository (protected in each, like .git/hooks).
 */
function hostHooksPath() {
    const r = (0,external_node_child_process_.spawnSync)('git', ['config', '--get', 'core.hooksPath'], {
        cwd: '/',
        encoding: 'utf8',
        timeout: 5000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: (0,external_node_os_.homedir)() }
    });
    return r.status === 0 ? r.stdout.trim() || undefined : undefined;
}
/** The agent's own egress endpoint, reached through the backend's front with a fresh token. */
async function startEgress(agent, backend, log, resolve) {
    const c = agent.egress;
    const { endpoint, token } = await (0,egress/* openFrontEndpoint */.Hf)({
        config: c,
        log,
        resolve,
        register: (t, proxy) => backend.registerEgress(t, proxy)
    });
    const policy = endpoint.policy;
    log(`egress: ${policy.audit ? 'audit mode (every name goes through and is recorded)' : `${policy.rules.length} allowlist entries`}` +
        `${c.presets.length ? ` (presets ${c.presets.join(', ')})` : ''}; private ranges ` +
        `${c.allowedPrivateRanges.length ? c.allowedPrivateRanges.join(', ') : 'refused'}`);
    return { endpoint, token };
}
/**
 * A root runner's sandboxed commands run as the workspace's owner, as docker mode's do, or as the
 * images' default user (1000:1000) when root owns it: as uid 0, sandbox-runtime's nested namespace
 * keeps global root's rights over /proc/sys, so a command could rewrite host-wide settings such as
 * kernel.core_pattern (measured: writable). Anyone else runs them as themselves, which is
 * sandbox-runtime's own model.
 */
function sandboxUser(euid = process.geteuid?.(), owner = { uid: 0, gid: 0 }) {
    if (euid !== 0)
        return undefined;
    const user = (0,workspace_owner/* followOwner */.zc)(owner, (0,lib_user/* parseUser */.tN)(defaults/* DEFAULT_USER */.Az));
    return { ...user, home: homeOf(user.uid) };
}
function homeOf(uid) {
    try {
        for (const line of (0,external_node_fs_.readFileSync)('/etc/passwd', 'utf8').split('\n')) {
            const f = line.split(':');
            if (Number(f[2]) === uid && f[5])
                return f[5];
        }
    }
    catch {
        // no passwd: no home of that user to protect
    }
    return undefined;
}
/**
 * The private TMPDIR (ours) becomes the sandbox user's; the workspace is the user's and is never
 * chown'ed or chmod'ed: a warning says so when the sandbox user cannot write it.
 */
async function grantAccess(agent, user, tmpDir, log) {
    if (tmpDir)
        await (0,promises_.chown)(tmpDir, user.uid, user.gid);
    // Every directory above the workspace must let the sandbox user through, or every step fails.
    for (let dir = (0,external_node_path_.dirname)(agent.workspace);; dir = (0,external_node_path_.dirname)(dir)) {
        const d = await (0,promises_.stat)(dir);
        const x = d.uid === user.uid ? 0o100 : d.gid === user.gid ? 0o010 : 0o001;
        if ((d.mode & x) === 0)
            throw new errors/* EnvironmentError */.eG(`the workspace ${agent.workspace} is out of reach of the sandbox user ${user.uid}:${user.gid}: ${dir} is mode ${(d.mode & 0o777).toString(8)}`, 'running as root, srt runs commands as the workspace owner or 1000:1000; put the workspace where that user can reach it (or run the runner as a non-root user)');
        if (dir === '/')
            break;
    }
    const warning = await (0,workspace_owner/* checkWorkspaceWritable */.wH)(agent.workspace, user, 'sandbox user');
    if (warning)
        log(warning);
    for (const c of agent.contextPaths.filter((x) => x.permission === 'write')) {
        const s = await (0,promises_.stat)(c.path).catch(() => undefined);
        if (s && s.uid !== user.uid && (s.mode & 0o002) === 0)
            log(`warning: context path ${c.path} is not writable by the sandbox user ${user.uid}:${user.gid}`);
    }
}


/***/ })

};
