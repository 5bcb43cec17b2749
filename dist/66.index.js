export const id = 66;
export const ids = [66];
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

/***/ 53075:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DENY_ALL: () => (/* reexport */ DENY_ALL),
  SRT_DEFAULTS: () => (/* binding */ SRT_DEFAULTS),
  SrtSession: () => (/* reexport */ SrtSession),
  createSrtRuntime: () => (/* binding */ createSrtRuntime),
  sandboxUser: () => (/* binding */ sandboxUser)
});

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
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/index.js + 31 modules
var dist = __webpack_require__(48085);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
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

;// CONCATENATED MODULE: ./src/runtime/srt/network.ts
// The one place srt sandboxes get network decisions from. On Linux a sandbox has no network
// namespace of its own to speak of (bubblewrap --unshare-net: loopback only); its only way out is
// sandbox-runtime's proxy on the host, reached through a Unix socket bound into the sandbox. That
// proxy asks, for each destination:
//   1. deniedDomains (process-wide)        → refuse
//   2. allowedDomains (process-wide)       → allow
//   3. the list registered for the command's id (registerCommandNetworkLists) → allow
//   4. the ask callback given to initialize() → allow only on `true`
// and refuses what nothing allowed. An allowed name is then resolved on the host and refused if it
// resolves into loopback, link-local, metadata, this host's own addresses or deniedResolvedAddresses,
// unless that IP literal (and port) is itself in the process-wide allowedDomains.
//
// `SrtEgress` maps onto that: `decide` is the ask callback (4), `stepAllowList` the per-command
// list (3, switched per step without re-initialising), `privateAddresses` the IP literals of (2)
// that lift the resolved-address check, and `onRefused` receives what srt refused, attributed to
// the step by its command id. Until the shared egress model (issue 12) provides one, DENY_ALL is
// used: nothing allowed, everything refused.
//
// Limits of the library's hooks (0.0.83), which decide how the shared model plugs in:
// - the ask callback gets only {host, port}: no command id, so it cannot tell agents or steps
//   apart; per-step decisions have to be per-command lists (in srt's own pattern grammar), and
//   srt then never reports what it allowed, only refusals;
// - the resolved-address exemption is process-wide and per IP literal (no CIDR): private ranges
//   cannot be opted into per agent;
// - the alternative, `network.httpProxyPort`/`socksProxyPort` (srt starts no proxy and bridges the
//   sandbox to that port), is also process-wide, fixed at initialize(), and gives the external
//   proxy no username, so it cannot attribute connections either: one model instance per process.
const DENY_ALL = {
    decide: async () => ({ allow: false, rule: 'network disabled for srt agents' })
};
/**
 * Private and shared address space an allowed name must not resolve to (sandbox-runtime refuses
 * loopback, link-local, metadata and this host's own addresses by itself).
 */
const PRIVATE_RANGES = [
    '10.0.0.0/8',
    '172.16.0.0/12',
    '192.168.0.0/16',
    '100.64.0.0/10',
    'fc00::/7'
];
/** srt's violation line for a proxy refusal: `deny network-outbound host:port (reason)`. */
function parseRefusal(line, at) {
    const m = /^deny network-outbound (.+):(\d+) \((.*)\)$/.exec(line);
    if (!m)
        return undefined;
    return {
        host: m[1].replace(/^\[(.*)\]$/, '$1'),
        port: Number(m[2]),
        reason: m[3],
        at: at.toISOString()
    };
}

;// CONCATENATED MODULE: ./src/runtime/srt/manager.ts
// sandbox-runtime's SandboxManager is one per process (its proxy, its Unix-socket bridges, its
// mount-point bookkeeping). Every srt session shares it: the first session initializes it, with
// the network rules of the injected egress and the seccomp helper located by deps.ts; each
// session passes its own filesystem rules per command; the last session to close resets it.
// Sessions see it only through `SandboxBackend`, which unit tests replace with a fake.








let shared;
/**
 * The process-wide backend, initialized on first use. A second egress while sessions with another
 * are open is refused: the proxy's decisions are process-wide.
 */
async function acquireBackend(egress) {
    if (shared && shared.egress !== egress)
        throw new errors/* EnvironmentError */.eG('srt sessions with two different egress models in one process', 'close the other srt runtime first');
    if (!shared) {
        const s = { egress, users: 0, ready: initialize(egress) };
        shared = s;
        s.ready.catch(() => {
            if (shared === s)
                shared = undefined;
        });
    }
    shared.users++;
    try {
        return await shared.ready;
    }
    catch (e) {
        if (shared)
            shared.users--;
        throw e;
    }
}
/** One session is done with the backend; the last one resets the library (proxy, bridges). */
async function releaseBackend() {
    if (!shared)
        return;
    shared.users--;
    if (shared.users > 0)
        return;
    shared = undefined;
    await dist/* SandboxManager */.NF.reset();
}
async function initialize(egress) {
    checkHostTools();
    const helper = locateSeccompHelper();
    const config = {
        network: {
            allowedDomains: egress.privateAddresses ?? [],
            deniedDomains: [],
            deniedResolvedAddresses: PRIVATE_RANGES
        },
        // Replaced per command by each session's own rules.
        filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
        seccomp: { applyPath: helper }
    };
    const ask = async ({ host, port }) => {
        const d = await egress.decide({ host, port: port ?? 0 }).catch((e) => ({
            allow: false,
            rule: `egress decision failed: ${e.message}`
        }));
        return d.allow ? true : { allow: false, reason: d.rule };
    };
    try {
        await dist/* SandboxManager */.NF.initialize(config, ask);
    }
    catch (e) {
        await dist/* SandboxManager */.NF.reset().catch(() => undefined);
        throw new errors/* EnvironmentError */.eG(`sandbox-runtime did not start: ${e.message}`);
    }
    const deps = dist/* SandboxManager */.NF.checkDependencies();
    if (deps.errors.length) {
        await dist/* SandboxManager */.NF.reset();
        throw new errors/* EnvironmentError */.eG(`sandbox-runtime cannot run here: ${deps.errors.join('; ')}`);
    }
    const sockets = [
        dist/* SandboxManager */.NF.getLinuxHttpSocketPath(),
        dist/* SandboxManager */.NF.getLinuxSocksSocketPath()
    ].filter((p) => !!p);
    // A root runner's commands run as another uid (index.ts): let it reach the proxy sockets.
    if (process.geteuid?.() === 0)
        for (const p of sockets)
            await (0,promises_.chmod)(p, 0o666).catch(() => undefined);
    // The proxy sockets live in /tmp, which strict hides: read-allowed like the helper.
    // JVMs load the library's proxy agent from beside the helper (JAVA_TOOL_OPTIONS): same.
    const jarDir = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_path_.dirname)((0,external_node_path_.dirname)(helper))), 'java-proxy-agent');
    const helpers = [(0,external_node_path_.dirname)(helper), ...((0,external_node_fs_.existsSync)(jarDir) ? [jarDir] : []), ...new Set(sockets)];
    const backend = new LibraryBackend(helpers, bwrapVersion());
    await smokeTest(backend);
    return backend;
}
class LibraryBackend {
    helperPaths;
    version;
    constructor(helperPaths, version) {
        this.helperPaths = helperPaths;
        this.version = version;
    }
    async wrap(command, cwd, fs, ids) {
        // The library also returns an environment (this process's): ignored, the session gives its own.
        const { argv } = await dist/* SandboxManager */.NF.wrapWithSandboxArgv(command, '/bin/sh', { filesystem: fs }, undefined, cwd, ids);
        return argv;
    }
    done() {
        dist/* SandboxManager */.NF.cleanupAfterCommand();
    }
    registerStepList(commandId, allowedDomains) {
        dist/* SandboxManager */.NF.registerCommandNetworkLists(commandId, { allowedDomains });
    }
    unregisterStepList(commandId) {
        dist/* SandboxManager */.NF.unregisterCommandNetworkLists(commandId);
    }
    refusals(commandId) {
        return dist/* SandboxManager */.NF.getSandboxViolationStore()
            .getViolationsForCommand(commandId)
            .flatMap((v) => parseRefusal(v.line, v.timestamp) ?? []);
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
// EXTERNAL MODULE: ./src/runtime/file-lines.ts
var file_lines = __webpack_require__(86214);
// EXTERNAL MODULE: ./src/runtime/local/executor.ts
var executor = __webpack_require__(15479);
// EXTERNAL MODULE: ./src/runtime/local/process-tree.ts
var process_tree = __webpack_require__(16522);
// EXTERNAL MODULE: ./src/runtime/output-cap.ts
var output_cap = __webpack_require__(62762);
;// CONCATENATED MODULE: ./src/runtime/srt/kill.ts
// Killing a sandboxed step and proving it is gone. Everything a step starts runs inside the PID
// namespace bubblewrap made for it (--unshare-pid, --die-with-parent), so killing bubblewrap ends
// the namespace and the kernel kills every process in it. bubblewrap puts the sandbox in a session
// of its own, out of the spawned process group; the step's token (see local/process-tree.ts) still
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
    let entries;
    try {
        entries = await (0,promises_.readdir)('/proc');
    }
    catch {
        return [];
    }
    const found = [];
    await Promise.all(entries.map(async (e) => {
        const pid = Number(e);
        if (!Number.isInteger(pid) || pid === process.pid)
            return;
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

;// CONCATENATED MODULE: ./src/runtime/srt/session.ts
// An srt agent session: every step — commands, background commands, write_file and read_file —
// runs through sandbox-runtime with the agent's filesystem rules, so file steps are confined
// exactly as commands are. Environment, output caps, results and logs as in local mode (whose
// helpers this reuses); the kill is namespace-aware (kill.ts).









const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
class SrtSession {
    o;
    info;
    background = [];
    closed = false;
    constructor(o) {
        this.o = o;
        this.info = o.info;
    }
    /** The session's private TMPDIR (gone after close). */
    get tmpDir() {
        return this.o.tmpDir;
    }
    async exec(req) {
        const started = Date.now();
        const run = await this.spawnStep(req, req.step ?? 'step', false);
        const { child, token } = run;
        const stdout = new output_cap/* OutputCap */.uu(req.maxOutputBytes);
        const stderr = new output_cap/* OutputCap */.uu(req.maxOutputBytes);
        child.stdout.on('data', (c) => {
            stdout.push(c);
            req.onOutput?.('stdout', c);
        });
        child.stderr.on('data', (c) => {
            stderr.push(c);
            req.onOutput?.('stderr', c);
        });
        let timedOut = false;
        const exited = exitOf(child);
        const timer = setTimeout(() => {
            timedOut = true;
            void killSandboxed(child.pid, token);
        }, req.timeoutMs);
        const exit = await exited;
        clearTimeout(timer);
        const survivors = await killSandboxed(child.pid, token);
        await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]);
        this.finish(run);
        if (exit.error)
            throw exit.error;
        const notes = [
            survivors.length ? `${survivors.length} process(es) of the step could not be killed` : '',
            this.refusalNote(run)
        ].filter(Boolean);
        return {
            exitCode: exit.code,
            stdout: stdout.text(),
            stderr: stderr.text(),
            truncated: stdout.truncated || stderr.truncated,
            timedOut,
            oom: false,
            durationMs: Date.now() - started,
            note: notes.length ? notes.join('; ') : undefined
        };
    }
    async execBackground(req, name) {
        const run = await this.spawnStep(req, req.step ?? name, false);
        const out = new output_cap/* OutputCap */.uu(req.maxOutputBytes);
        run.child.stdout.on('data', (c) => out.push(c));
        run.child.stderr.on('data', (c) => out.push(c));
        const done = exitOf(run.child).then(() => undefined);
        this.background.push({ name, run, out, done });
    }
    /** Through the sandbox: a path the agent may not write cannot be written by a step either. */
    async writeFile(path, content) {
        const r = await this.fileStep(`mkdir -p -- ${q((0,external_node_path_.dirname)(path))} && cat > ${q(path)}`, content);
        if (r.code !== 0)
            throw new Error(`write_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`);
    }
    async readFile(path, offset, lineCount) {
        const r = await this.fileStep(`cat -- ${q(path)}`);
        if (r.code !== 0)
            throw new Error(`read_file ${path}: ${firstLine(r.stderr) || `exit ${r.code}`}`);
        return (0,file_lines/* sliceLines */.i)(r.stdout, offset, lineCount);
    }
    async saveLogs(dir) {
        await (0,promises_.mkdir)(dir, { recursive: true });
        // The rules the sandbox ran with, for whoever reads the results.
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'srt_settings.json'), JSON.stringify(this.o.fs, null, 2) + '\n');
        if (this.background.length === 0)
            return;
        await this.stopBackground();
        const text = this.background
            .map((b) => `=== background: ${b.name}\n${b.out.text()}\n`)
            .join('\n');
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'background.log'), text);
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        await this.stopBackground();
        if (this.o.tmpDir)
            await (0,promises_.rm)(this.o.tmpDir, { recursive: true, force: true }).catch(() => { });
        await this.o.onClose();
    }
    async stopBackground() {
        await Promise.all(this.background.map(async (b) => {
            await killSandboxed(b.run.child.pid, b.run.token);
            await Promise.race([b.done, new Promise((r) => setTimeout(r, 2000))]);
            this.finish(b.run);
        }));
    }
    /** Runs a file step's script with `stdin` (or none); 60 s at most. */
    async fileStep(script, stdin) {
        const run = await this.spawnStep({ command: script, cwd: this.o.agent.workspace, env: {} }, 'file step', stdin !== undefined, false);
        const { child, token } = run;
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c.toString()));
        child.stderr.on('data', (c) => (stderr += c.toString()));
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(stdin);
        const timer = setTimeout(() => void killSandboxed(child.pid, token), 60_000);
        const exit = await exitOf(child);
        clearTimeout(timer);
        await killSandboxed(child.pid, token);
        await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]);
        this.finish(run);
        if (exit.error)
            throw exit.error;
        return { code: exit.code, stdout, stderr };
    }
    async spawnStep(req, stepLabel, withStdin, userCommand = true) {
        if (this.closed)
            throw new Error('the srt session is closed');
        const token = (0,external_node_crypto_.randomUUID)();
        // 128 random bits: the id is what binds a proxy connection to the step's allow list.
        const commandId = (0,external_node_crypto_.randomBytes)(16).toString('base64url');
        const prepared = userCommand
            ? (0,executor/* prepareCommand */.fN)(this.o.agent, req.command, req.cwd, { ...(0,executor/* baseEnvironment */.PZ)(), ...req.env })
            : { command: req.command, env: { ...(0,executor/* baseEnvironment */.PZ)(), ...req.env } };
        // sandbox-runtime sets TMPDIR (to its shared /tmp/claude) inside the sandbox, after our
        // environment: the session's private one is set again in front of the command.
        const tmp = req.env.TMPDIR ?? this.o.tmpDir;
        // Same line, so the shell's line numbers in error messages stay the command's own.
        const command = tmp ? `export TMPDIR=${q(tmp)}; ${prepared.command}` : prepared.command;
        const step = { agentId: this.o.agent.id, step: stepLabel };
        const list = userCommand ? this.o.egress.stepAllowList?.(step) : undefined;
        const argv = await this.o.backend.wrap(command, req.cwd, this.o.fs, {
            commandId,
            commandText: req.command
        });
        if (list?.length)
            this.o.backend.registerStepList(commandId, list);
        let child;
        try {
            // detached: the outer shell leads a process group of its own (see kill.ts).
            child = (0,external_node_child_process_.spawn)(argv[0], argv.slice(1), {
                cwd: req.cwd,
                env: {
                    ...prepared.env,
                    ...(tmp ? { TMPDIR: tmp } : {}),
                    // The runner's HOME is not the sandbox user's (and is hidden from it).
                    ...(this.o.user ? { HOME: this.o.tmpDir ?? '/nonexistent' } : {}),
                    [process_tree/* TOKEN_VAR */.ey]: token
                },
                ...(this.o.user ? { uid: this.o.user.uid, gid: this.o.user.gid } : {}),
                detached: true,
                stdio: [withStdin ? 'pipe' : 'ignore', 'pipe', 'pipe']
            });
        }
        catch (e) {
            this.o.backend.unregisterStepList(commandId);
            this.o.backend.done();
            throw e;
        }
        return { child, token, commandId, step };
    }
    /** After a wrapped command ended: release its mount points and its step list, report refusals. */
    finish(run) {
        this.o.backend.unregisterStepList(run.commandId);
        this.o.backend.done();
        const refused = this.o.backend.refusals(run.commandId);
        if (refused.length)
            this.o.egress.onRefused?.(run.step, refused);
    }
    refusalNote(run) {
        const refused = this.o.backend.refusals(run.commandId);
        if (!refused.length)
            return '';
        const names = [...new Set(refused.map((r) => `${r.host}:${r.port}`))];
        return `network refused: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`;
    }
}
/** Never rejects: a child that could not start resolves with its error. */
function exitOf(child) {
    return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            return resolve({ code: child.exitCode });
        child.once('error', (error) => resolve({ code: null, error }));
        child.once('exit', (code) => resolve({ code }));
    });
}
function streamClosed(s) {
    if (s.closed)
        return Promise.resolve();
    return new Promise((resolve) => {
        s.once('close', () => resolve());
        s.once('error', () => resolve());
    });
}
function firstLine(s) {
    return s.trim().split('\n')[0] ?? '';
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
function isInside(child, parent) {
    const rel = (0,external_node_path_.relative)(parent, child);
    return rel === '' || (!rel.startsWith('..') && !(0,external_node_path_.isAbsolute)(rel));
}
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
    return candidates.filter((p) => stores.some((s) => isInside(p, s)));
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
        ...readOnlyPaths.filter((p) => writable.some((w) => w !== p && isInside(p, w))),
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
    const userAllow = srt.allowRead.filter((p) => !stores.some((s) => isInside(p, s)));
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

;// CONCATENATED MODULE: ./src/runtime/srt/index.ts
// srt mode (MassGen's `command_line_execution_mode: srt`): each step in an Anthropic
// sandbox-runtime sandbox (bubblewrap on Linux) on the host, no Docker. Filesystem rules from the
// plan (settings.ts), network from the injected egress model (network.ts; none until the shared
// model is wired), processes killed by namespace (kill.ts).












const SRT_DEFAULTS = {
    readMode: 'confined',
    networkAllowedDomains: [],
    denyRead: [],
    allowRead: [],
    allowUnixSockets: [],
    readOnly: false
};
function createSrtRuntime(opts = {}) {
    const egress = opts.egress ?? DENY_ALL;
    const backendSource = opts.backend ?? { acquire: acquireBackend, release: releaseBackend };
    const home = opts.home ?? (0,external_node_os_.homedir)();
    return {
        async start(agent, ctx) {
            const srt = agent.srt ?? SRT_DEFAULTS;
            const log = (line) => ctx.log(`[${agent.id}] ${line}`);
            const inStores = pathsInSecretStores(agent, srt, home);
            if (inStores.length)
                throw new errors/* EnvironmentError */.eG(`srt never exposes credential stores, but these paths of the agent lie in one: ${inStores.join(', ')}`, 'give the agent a workspace and context paths outside ~/.ssh, ~/.aws, ~/.gnupg, …');
            const backend = await backendSource.acquire(egress);
            let tmpDir;
            try {
                if (!srt.readOnly)
                    tmpDir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `massgen-srt-${agent.id}-`));
                const user = opts.sandboxUser === undefined ? sandboxUser() : (opts.sandboxUser ?? undefined);
                if (user) {
                    log(`running as root: sandboxed commands run as ${user.uid}:${user.gid} (as root they could rewrite host-wide kernel settings)`);
                    await grantAccess(agent, user, tmpDir, log);
                }
                const rules = buildFilesystem({
                    agent,
                    srt,
                    home,
                    sandboxUserHome: user ? (user.home ?? '/nonexistent') : undefined,
                    tmpDir,
                    helperPaths: backend.helperPaths
                });
                const fs = opts.weakenFilesystem ? opts.weakenFilesystem(rules) : rules;
                if (srt.networkAllowedDomains.length)
                    log(`command_line_srt_network_allowed_domains (${srt.networkAllowedDomains.join(', ')}) is not enforced yet: srt agents have no network until the shared egress model is wired`);
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
                            network: opts.egress ? 'egress model' : 'none',
                            user: user ? `${user.uid}:${user.gid}` : `${me.uid}:${me.gid}`,
                            memory: null,
                            cpus: null,
                            pidsLimit: null
                        }
                    },
                    onClose: () => backendSource.release()
                });
            }
            catch (e) {
                if (tmpDir)
                    await (0,promises_.rm)(tmpDir, { recursive: true, force: true }).catch(() => { });
                await backendSource.release();
                throw e;
            }
        },
        // Sessions clean up after themselves at close (processes, temp directory, the library).
        async cleanup() { }
    };
}
/**
 * A root runner's sandboxed commands run as the images' default user (1000:1000): as uid 0,
 * sandbox-runtime's nested namespace keeps global root's rights over /proc/sys, so a command could
 * rewrite host-wide settings such as kernel.core_pattern (measured: writable). Anyone else runs
 * them as themselves, which is sandbox-runtime's own model.
 */
function sandboxUser(euid = process.geteuid?.()) {
    if (euid !== 0)
        return undefined;
    const [uid, gid] = defaults/* DEFAULT_USER */.Az.split(':').map(Number);
    return { uid, gid, home: homeOf(uid) };
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
/** As docker mode does for its container user: the workspace and TMPDIR become the user's. */
async function grantAccess(agent, user, tmpDir, log) {
    if (tmpDir)
        await (0,promises_.chown)(tmpDir, user.uid, user.gid);
    // Every directory above the workspace must let the sandbox user through, or every step fails.
    for (let dir = (0,external_node_path_.dirname)(agent.workspace);; dir = (0,external_node_path_.dirname)(dir)) {
        const d = await (0,promises_.stat)(dir);
        const x = d.uid === user.uid ? 0o100 : d.gid === user.gid ? 0o010 : 0o001;
        if ((d.mode & x) === 0)
            throw new errors/* EnvironmentError */.eG(`the workspace ${agent.workspace} is out of reach of the sandbox user ${user.uid}:${user.gid}: ${dir} is mode ${(d.mode & 0o777).toString(8)}`, 'running as root, srt runs commands as 1000:1000; put the workspace where that user can reach it (or run the runner as a non-root user)');
        if (dir === '/')
            break;
    }
    const st = await (0,promises_.stat)(agent.workspace);
    if (st.uid !== user.uid) {
        await (0,promises_.chown)(agent.workspace, user.uid, user.gid);
        log(`workspace ${agent.workspace}: owner set to ${user.uid}:${user.gid} (the sandbox user)`);
    }
    for (const c of agent.contextPaths.filter((x) => x.permission === 'write')) {
        const s = await (0,promises_.stat)(c.path).catch(() => undefined);
        if (s && s.uid !== user.uid && (s.mode & 0o002) === 0)
            log(`warning: context path ${c.path} is not writable by the sandbox user ${user.uid}:${user.gid}`);
    }
}


/***/ })

};
