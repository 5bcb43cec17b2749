export const id = 460;
export const ids = [460];
export const modules = {

/***/ 94499:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cb: () => (/* binding */ delay),
  x1: () => (/* binding */ runExec),
  ux: () => (/* binding */ within)
});

// EXTERNAL MODULE: ./src/runtime/output-cap.ts
var output_cap = __webpack_require__(62762);
;// CONCATENATED MODULE: ./src/runtime/docker/frames.ts
/**
 * Calls `onPayload` with each piece of payload in order (a frame split across chunks comes in
 * pieces). Types 0 (stdin) and 1 go to stdout, 2 and 3 (the engine's own errors) to stderr. A
 * stream that turns out not to be multiplexed is passed on as stdout from there on, as is.
 */
function splitFrames(src, onPayload) {
    const header = Buffer.alloc(8);
    let headerBytes = 0;
    let left = 0;
    let stream = 'stdout';
    let raw = false;
    src.on('data', (chunk) => {
        if (raw)
            return onPayload('stdout', chunk);
        let offset = 0;
        while (offset < chunk.length) {
            if (left > 0) {
                const end = Math.min(chunk.length, offset + left);
                onPayload(stream, chunk.subarray(offset, end));
                left -= end - offset;
                offset = end;
                continue;
            }
            const take = Math.min(8 - headerBytes, chunk.length - offset);
            chunk.copy(header, headerBytes, offset, offset + take);
            headerBytes += take;
            offset += take;
            if (headerBytes < 8)
                return;
            headerBytes = 0;
            if (header[0] > 3 || header[1] !== 0 || header[2] !== 0 || header[3] !== 0) {
                raw = true;
                onPayload('stdout', Buffer.concat([header, chunk.subarray(offset)]));
                return;
            }
            stream = header[0] >= 2 ? 'stderr' : 'stdout';
            left = header.readUInt32BE(4);
        }
    });
}

;// CONCATENATED MODULE: ./src/runtime/docker/exec.ts


const EXIT_POLL_MS = 3000;
function runExec(target, opts) {
    return execOnce(target, opts);
}
async function execOnce(target, opts) {
    const started = Date.now();
    const withStdin = opts.stdin !== undefined;
    const exec = await target.exec({
        Cmd: opts.cmd,
        AttachStdin: withStdin,
        AttachStdout: true,
        AttachStderr: true,
        Tty: false,
        Env: opts.env ? Object.entries(opts.env).map(([k, v]) => `${k}=${v}`) : undefined,
        WorkingDir: opts.cwd,
        User: opts.user
    });
    // Hijacked (an HTTP upgrade to the raw socket) even without stdin: the output then skips Node's
    // HTTP response parsing, chunk by chunk, which is most of the cost of a flood.
    const raw = await exec.start({ hijack: true, stdin: withStdin, Detach: false, Tty: false });
    opts.onStarted?.();
    const ended = new Promise((resolve) => {
        raw.once('end', resolve);
        raw.once('close', resolve);
        raw.once('error', () => resolve());
    });
    const caps = {
        stdout: new output_cap/* OutputCap */.u(opts.maxOutputBytes),
        stderr: new output_cap/* OutputCap */.u(opts.maxOutputBytes)
    };
    splitFrames(raw, (name, chunk) => {
        caps[name].push(chunk);
        opts.onOutput?.(name, chunk);
    });
    if (withStdin)
        raw.end(opts.stdin);
    let timedOut = false;
    let timer;
    let onAbort;
    const expired = new Promise((resolve) => {
        if (opts.timeoutMs !== undefined)
            timer = setTimeout(() => resolve('expired'), opts.timeoutMs);
        onAbort = () => resolve('expired');
        opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    if ((await Promise.race([ended.then(() => 'ended'), expired])) === 'expired') {
        timedOut = true;
        await opts.onTimeout?.().catch(() => undefined);
        await within(ended, opts.graceMs ?? 5000);
    }
    clearTimeout(timer);
    // The session's signal outlives every exec: a listener left on it per step would pile up.
    if (onAbort)
        opts.signal?.removeEventListener('abort', onAbort);
    // Every byte is consumed by now: 'data' handlers run before 'end'.
    raw.destroy();
    const exitCode = await waitForExit(exec, timedOut ? 1000 : EXIT_POLL_MS);
    return {
        exitCode,
        stdout: caps.stdout.text(),
        stderr: caps.stderr.text(),
        truncated: caps.stdout.truncated || caps.stderr.truncated,
        timedOut,
        durationMs: Date.now() - started
    };
}
/** Exec inspect can lag the stream's end: poll until it reports a finished process. */
async function waitForExit(exec, budgetMs) {
    const until = Date.now() + budgetMs;
    for (let wait = 10;; wait = Math.min(wait * 2, 200)) {
        const state = await exec.inspect().catch(() => undefined);
        if (state && !state.Running && state.ExitCode !== null && state.ExitCode !== undefined)
            return state.ExitCode;
        if (Date.now() >= until)
            return null;
        await delay(wait);
    }
}
function delay(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
/** Waits for `promise`, but at most `ms`; the timer is cleared so it never holds the process. */
async function within(promise, ms) {
    let timer;
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
}


/***/ }),

/***/ 77460:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AGENT_HOME: () => (/* reexport */ labels/* AGENT_HOME */.A9),
  AGENT_USER: () => (/* reexport */ labels/* AGENT_USER */.sz),
  DEFAULT_IMAGE: () => (/* reexport */ labels/* DEFAULT_IMAGE */.__),
  DEFAULT_PIDS_LIMIT: () => (/* reexport */ defaults/* DEFAULT_PIDS_LIMIT */.fF),
  DEFAULT_SUDO_IMAGE: () => (/* reexport */ labels/* DEFAULT_SUDO_IMAGE */.mO),
  IMAGE_POLICIES: () => (/* reexport */ IMAGE_POLICIES),
  KEEPALIVE_USER: () => (/* reexport */ labels/* KEEPALIVE_USER */.ds),
  LABEL_AGENT: () => (/* reexport */ labels/* LABEL_AGENT */.hR),
  LABEL_CONTEXT_HASH: () => (/* reexport */ labels/* LABEL_CONTEXT_HASH */.Q),
  LABEL_MANAGED: () => (/* reexport */ labels/* LABEL_MANAGED */.TA),
  LABEL_RUN: () => (/* reexport */ labels/* LABEL_RUN */.Bt),
  LABEL_VARIANT: () => (/* reexport */ labels/* LABEL_VARIANT */.Fj),
  LABEL_VERSION: () => (/* reexport */ labels/* LABEL_VERSION */.II),
  SUDO_CAPABILITIES: () => (/* reexport */ SUDO_CAPABILITIES),
  WorkDirError: () => (/* reexport */ WorkDirError),
  connectDocker: () => (/* reexport */ connectDocker),
  containerName: () => (/* reexport */ containerName),
  contextHash: () => (/* reexport */ contextHash),
  createDockerRuntime: () => (/* reexport */ createDockerRuntime),
  dockerDefaults: () => (/* reexport */ dockerDefaults),
  ensureImage: () => (/* reexport */ ensureImage),
  isOwnImage: () => (/* reexport */ isOwnImage),
  sweepRun: () => (/* reexport */ sweepRun)
});

// EXTERNAL MODULE: ./node_modules/dockerode/lib/docker.js
var lib_docker = __webpack_require__(39040);
var docker_default = /*#__PURE__*/__webpack_require__.n(lib_docker);
// EXTERNAL MODULE: ./src/runtime/types.ts
var types = __webpack_require__(54493);
;// CONCATENATED MODULE: ./src/runtime/docker/connect.ts
// Connects to the Docker engine the way the docker CLI would (DOCKER_HOST, else the default
// socket) and proves it answers; an unreachable engine is an EnvironmentError, never a fallback.


const PING_TIMEOUT_MS = 10_000;
async function connectDocker() {
    let docker;
    try {
        docker = new (docker_default())();
    }
    catch (err) {
        throw new types/* EnvironmentError */.e(`cannot use DOCKER_HOST=${process.env.DOCKER_HOST}: ${errorMessage(err)}`, 'Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:port, or unset it to use the default socket.');
    }
    const target = await describeTarget(docker);
    try {
        const ping = docker.ping.bind(docker);
        await ping({ abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
    }
    catch (err) {
        throw new types/* EnvironmentError */.e(`Docker engine unreachable at ${target}: ${errorMessage(err)}`, hintFor(err, target));
    }
    return docker;
}
async function describeTarget(docker) {
    if (process.env.DOCKER_HOST)
        return `DOCKER_HOST=${process.env.DOCKER_HOST}`;
    const modem = docker.modem;
    const socket = await modem.getSocketPath?.().catch(() => undefined);
    return socket ? `unix://${socket} (DOCKER_HOST unset)` : 'the default socket (DOCKER_HOST unset)';
}
function hintFor(err, target) {
    const code = err.code;
    if (code === 'EACCES')
        return `Permission denied on ${target}: add this user to the 'docker' group (or run with access to the socket).`;
    return ('Start the Docker engine (e.g. `sudo systemctl start docker`, or Docker Desktop), or point DOCKER_HOST ' +
        'at a running engine. To run without containers, set execution mode to local explicitly.');
}
function errorMessage(err) {
    if (err instanceof Error) {
        const json = err.json;
        return json?.message ?? err.message;
    }
    return String(err);
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/config/defaults.ts
var defaults = __webpack_require__(31954);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/runtime/docker/paths.ts
// Path rules for docker mode. Mounts are path-transparent (the same absolute path inside as on
// the host), so a host-side check of a path is a check of the container path.


function isInside(child, parent) {
    const rel = (0,external_node_path_.relative)(parent, child);
    return rel === '' || (!rel.startsWith('..' + external_node_path_.sep) && rel !== '..' && !(0,external_node_path_.isAbsolute)(rel));
}
/** The host paths a command may use as its working directory. */
function allowedRoots(agent) {
    const roots = [agent.workspace, ...agent.contextPaths.map((c) => c.path)];
    if (agent.tempWorkspace)
        roots.push(agent.tempWorkspace);
    return roots.map((p) => (0,external_node_path_.resolve)(p));
}
class WorkDirError extends Error {
    constructor(message) {
        super(message);
        this.name = 'WorkDirError';
    }
}
/**
 * Resolves `cwd` (symlinks included) and checks it is a directory inside the workspace, a context
 * path or the temporary workspace; throws WorkDirError otherwise.
 */
async function validateWorkDir(cwd, agent) {
    if (!(0,external_node_path_.isAbsolute)(cwd))
        throw new WorkDirError(`work_dir ${cwd} is not an absolute path`);
    let real;
    try {
        real = await (0,promises_.realpath)(cwd);
    }
    catch {
        throw new WorkDirError(`work_dir ${cwd} does not exist`);
    }
    if (!(await (0,promises_.stat)(real)).isDirectory())
        throw new WorkDirError(`work_dir ${cwd} is not a directory`);
    const roots = await Promise.all(allowedRoots(agent).map((root) => (0,promises_.realpath)(root).catch(() => root)));
    if (!roots.some((root) => isInside(real, root)))
        throw new WorkDirError(`work_dir ${cwd} is outside the agent's allowed paths (workspace, context paths, temporary workspace)`);
    return cwd;
}

// EXTERNAL MODULE: ./src/runtime/docker/labels.ts
var labels = __webpack_require__(10134);
;// CONCATENATED MODULE: ./src/runtime/docker/container-spec.ts
// The container one agent gets: mounts (path-transparent), limits, hardening and labels, as a pure
// function of the plan so it can be checked without an engine.






/**
 * What the sudo variant needs, and nothing more: SETUID/SETGID/AUDIT_WRITE for sudo itself, and for
 * what root then does (apt/dpkg): CHOWN, DAC_OVERRIDE, FOWNER, FSETID, SETFCAP, KILL. It also runs
 * without no-new-privileges, which would stop the setuid sudo binary from gaining root.
 */
const SUDO_CAPABILITIES = [
    'SETUID',
    'SETGID',
    'AUDIT_WRITE',
    'CHOWN',
    'DAC_OVERRIDE',
    'FOWNER',
    'FSETID',
    'SETFCAP',
    'KILL'
];
function dockerDefaults() {
    return {
        image: defaults/* DEFAULT_IMAGE */.__,
        ownImage: true,
        network: 'none',
        enableSudo: false,
        pidsLimit: defaults/* DEFAULT_PIDS_LIMIT */.fF,
        user: defaults/* DEFAULT_USER */.Az
    };
}
/** massgen-<agent>-<run suffix>: a valid, per-run unique container name. */
function containerName(agentId, runId) {
    const agent = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent';
    const suffix = (0,external_node_crypto_.createHash)('sha256').update(runId).digest('hex').slice(0, 10);
    return `massgen-${agent.slice(0, 60)}-${suffix}`;
}
/**
 * The agent's bind mounts, each at its own host path: temp workspace ro, context paths by
 * permission, the workspace rw, then protected paths ro (a second bind of the same path over a
 * writable parent), then credential mounts. A later entry for the same target replaces an earlier
 * one; the engine mounts parents before children.
 */
function planMounts(agent, extra = []) {
    const byTarget = new Map();
    const add = (path, readOnly) => {
        const abs = (0,external_node_path_.resolve)(path);
        byTarget.delete(abs);
        byTarget.set(abs, { source: abs, target: abs, readOnly });
    };
    if (agent.tempWorkspace)
        add(agent.tempWorkspace, true);
    for (const ctx of agent.contextPaths)
        if ((0,external_node_path_.resolve)(ctx.path) !== (0,external_node_path_.resolve)(agent.workspace))
            add(ctx.path, ctx.permission !== 'write');
    add(agent.workspace, false);
    for (const ctx of agent.contextPaths)
        for (const p of ctx.protectedPaths)
            if (isInside((0,external_node_path_.resolve)(p), (0,external_node_path_.resolve)(ctx.path)))
                add(p, true);
    for (const m of extra) {
        byTarget.delete(m.target);
        byTarget.set(m.target, m);
    }
    return [...byTarget.values()];
}
function containerCreateOptions(input) {
    const { config } = input;
    const hostConfig = {
        Init: true,
        AutoRemove: false,
        Mounts: input.mounts.map((m) => ({
            Type: 'bind',
            Source: m.source,
            Target: m.target,
            ReadOnly: m.readOnly
        })),
        NetworkMode: config.network,
        PidsLimit: config.pidsLimit,
        CapDrop: ['ALL'],
        CapAdd: config.enableSudo ? SUDO_CAPABILITIES : [],
        SecurityOpt: config.enableSudo ? [] : ['no-new-privileges:true']
    };
    if (config.memoryBytes !== undefined) {
        hostConfig.Memory = config.memoryBytes;
        hostConfig.MemorySwap = config.memoryBytes; // no swap: the limit is the limit
    }
    if (config.cpus !== undefined)
        hostConfig.NanoCpus = Math.round(config.cpus * 1e9);
    return {
        name: input.name,
        Image: input.image,
        // The keepalive is not the agent's uid, so killing every process of that uid spares it.
        Cmd: ['sleep', 'infinity'],
        User: labels/* KEEPALIVE_USER */.ds,
        WorkingDir: (0,external_node_path_.resolve)(input.agent.workspace),
        Env: Object.entries(input.env).map(([k, v]) => `${k}=${v}`),
        Labels: {
            [labels/* LABEL_MANAGED */.TA]: 'true',
            [labels/* LABEL_RUN */.Bt]: input.runId,
            [labels/* LABEL_AGENT */.hR]: input.agent.id,
            [labels/* LABEL_VERSION */.II]: input.version
        },
        Tty: false,
        OpenStdin: false,
        AttachStdin: false,
        AttachStdout: false,
        AttachStderr: false,
        HostConfig: hostConfig
    };
}
/**
 * Merges a self-test override into create options. Only verify-isolation's own tests use this (to
 * prove that each probe fails against a deliberately weakened container); it is never set from a
 * config. Arrays and scalars replace the planned values; nothing else is touched.
 */
function applyHostConfigOverrides(options, overrides) {
    if (!overrides || Object.keys(overrides).length === 0)
        return options;
    return { ...options, HostConfig: { ...options.HostConfig, ...overrides } };
}
/** The limits reported in SessionInfo and results.json. */
function describeLimits(config) {
    return {
        memory: config.memoryBytes ?? null,
        memorySwap: config.memoryBytes ?? null,
        cpus: config.cpus ?? null,
        pidsLimit: config.pidsLimit,
        network: config.network,
        user: config.user,
        capDrop: 'ALL',
        capAdd: config.enableSudo ? SUDO_CAPABILITIES.join(',') : '',
        noNewPrivileges: !config.enableSudo,
        sudo: config.enableSudo
    };
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/tar-fs/index.js
var tar_fs = __webpack_require__(35645);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/runtime/docker/action-root.ts
// Locates the action's own files (docker/ build context, package.json) at run time: from
// src/runtime/docker in tests, dist/ or dist/cli/ in the bundles. MASSGEN_EXEC_ROOT overrides.



const PACKAGE_NAME = 'massgen-exec-action';
let cachedRoot;
function actionRoot() {
    if (cachedRoot)
        return cachedRoot;
    const override = process.env.MASSGEN_EXEC_ROOT;
    if (override)
        return (cachedRoot = (0,external_node_path_.resolve)(override));
    let dir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    for (;;) {
        if (isActionRoot(dir))
            return (cachedRoot = dir);
        const parent = (0,external_node_path_.dirname)(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    throw new Error(`cannot find the action's docker/ directory above ${(0,external_node_url_.fileURLToPath)(import.meta.url)}; set MASSGEN_EXEC_ROOT`);
}
function isActionRoot(dir) {
    const pkg = (0,external_node_path_.join)(dir, 'package.json');
    if (!(0,external_node_fs_.existsSync)(pkg) || !(0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, 'docker', 'Dockerfile')))
        return false;
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(pkg, 'utf8')).name === PACKAGE_NAME;
    }
    catch {
        return false;
    }
}
function dockerContextDir() {
    return (0,external_node_path_.join)(actionRoot(), 'docker');
}
let cachedVersion;
/** The tool's version, for container labels. */
function toolVersion() {
    if (cachedVersion)
        return cachedVersion;
    try {
        const pkg = JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(actionRoot(), 'package.json'), 'utf8'));
        cachedVersion = pkg.version ?? '0.0.0';
    }
    catch {
        cachedVersion = '0.0.0';
    }
    return cachedVersion;
}

;// CONCATENATED MODULE: ./src/runtime/docker/lock.ts
// A cross-process lock (one file, created exclusively) so parallel runs or jest workers do not
// build the same image twice at once; a lock whose owner died is taken over.

const POLL_MS = 250;
async function withFileLock(path, fn, onWait) {
    let waited = false;
    for (;;) {
        try {
            const handle = await (0,promises_.open)(path, 'wx');
            await handle.writeFile(String(process.pid));
            await handle.close();
            break;
        }
        catch (err) {
            if (err.code !== 'EEXIST')
                throw err;
            if (await ownerIsGone(path)) {
                await (0,promises_.unlink)(path).catch(() => undefined);
                continue;
            }
            if (!waited)
                onWait?.();
            waited = true;
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
    }
    try {
        return await fn();
    }
    finally {
        await (0,promises_.unlink)(path).catch(() => undefined);
    }
}
async function ownerIsGone(path) {
    const pid = Number((await (0,promises_.readFile)(path, 'utf8').catch(() => '')).trim());
    if (!Number.isInteger(pid) || pid <= 0)
        return false; // being written right now
    try {
        process.kill(pid, 0);
        return false;
    }
    catch (err) {
        return err.code === 'ESRCH';
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/progress.ts
const TAIL_LINES = 25;
class ProgressReporter {
    prefix;
    log;
    error;
    /** The image id the build reported (aux.ID). */
    imageId;
    partial = '';
    recent = [];
    layerStatus = new Map();
    constructor(prefix, log) {
        this.prefix = prefix;
        this.log = log;
    }
    handle(event) {
        if (event.error || event.errorDetail) {
            this.error = event.errorDetail?.message || event.error || 'unknown error';
            this.emit(`error: ${this.error}`);
            return;
        }
        if (event.aux?.ID)
            this.imageId = event.aux.ID;
        if (typeof event.stream === 'string') {
            const text = this.partial + event.stream;
            const lines = text.split('\n');
            this.partial = lines.pop() ?? '';
            for (const line of lines)
                if (line.trim())
                    this.emit(line.trimEnd());
            return;
        }
        if (event.status) {
            // Pull progress repeats "Downloading"/"Extracting" per chunk: print each layer's status once.
            if (event.id) {
                if (this.layerStatus.get(event.id) === event.status)
                    return;
                this.layerStatus.set(event.id, event.status);
                this.emit(`${event.id}: ${event.status}`);
            }
            else {
                this.emit(event.status);
            }
        }
    }
    /** Feeds one raw line of the response (JSON, or plain text from odd proxies). */
    handleLine(line) {
        if (!line.trim())
            return;
        let event;
        try {
            event = JSON.parse(line);
        }
        catch {
            this.emit(line.trimEnd());
            return;
        }
        this.handle(event);
    }
    flush() {
        if (this.partial.trim())
            this.emit(this.partial.trimEnd());
        this.partial = '';
    }
    /** The last lines printed, for error messages. */
    tail() {
        return this.recent.join('\n');
    }
    emit(line) {
        this.recent.push(line);
        if (this.recent.length > TAIL_LINES)
            this.recent.shift();
        this.log(`${this.prefix}${line}`);
    }
}
/** Reads a progress stream to its end; resolves with the reporter, rejects on transport errors. */
async function followProgress(stream, reporter) {
    let buffered = '';
    for await (const chunk of stream) {
        buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines)
            reporter.handleLine(line);
    }
    reporter.handleLine(buffered);
    reporter.flush();
    return reporter;
}

;// CONCATENATED MODULE: ./src/runtime/docker/image.ts
// Makes sure the image an agent runs from exists, following the image policy:
//   auto  — a local image is used as is; our own images only if their context-hash label matches
//           the bundled docker/ context (so an unchanged context never rebuilds), else built;
//           other images are pulled when missing.
//   build — our images are (re)built (the layer cache makes an unchanged build quick); others as auto.
//   pull  — always pulled.
//   never — only a local image; missing is an error.











const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never'];
const OWN_REPOSITORIES = [repository(defaults/* DEFAULT_IMAGE */.__), repository(defaults/* DEFAULT_SUDO_IMAGE */.mO)];
/** Files of docker/ that are not part of the build context (and so not of its hash). */
const NOT_CONTEXT = /(^|\/)(\.|README|build\.sh$)|\.md$/;
function normalizeImage(image) {
    const lastSegment = image.slice(image.lastIndexOf('/') + 1);
    return image.includes('@') || lastSegment.includes(':') ? image : `${image}:latest`;
}
function repository(image) {
    const normalized = normalizeImage(image);
    if (normalized.includes('@'))
        return normalized.slice(0, normalized.indexOf('@'));
    return normalized.slice(0, normalized.lastIndexOf(':'));
}
function tagOf(image) {
    const normalized = normalizeImage(image);
    return normalized.slice(normalized.lastIndexOf(':') + 1);
}
function isOwnImage(image) {
    return OWN_REPOSITORIES.includes(repository(image));
}
function isSudoImage(image) {
    return repository(image) === repository(defaults/* DEFAULT_SUDO_IMAGE */.mO);
}
/** The files that make up the build context, relative to `dir`, sorted. */
async function contextFiles(dir) {
    const out = [];
    const walk = async (rel) => {
        for (const entry of await (0,promises_.readdir)((0,external_node_path_.join)(dir, rel), { withFileTypes: true })) {
            const path = rel ? `${rel}/${entry.name}` : entry.name;
            if (NOT_CONTEXT.test(path))
                continue;
            if (entry.isDirectory())
                await walk(path);
            else if (entry.isFile())
                out.push(path);
        }
    };
    await walk('');
    return out.sort();
}
/** sha256 over the context's file names, modes and contents, plus the build arguments. */
async function contextHash(dir, buildArgs = {}) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for (const file of await contextFiles(dir)) {
        const mode = (await (0,promises_.stat)((0,external_node_path_.join)(dir, file))).mode & 0o777;
        hash.update(`${file}\0${mode.toString(8)}\0`);
        hash.update(await (0,promises_.readFile)((0,external_node_path_.join)(dir, file)));
        hash.update('\0');
    }
    for (const key of Object.keys(buildArgs).sort())
        hash.update(`arg:${key}=${buildArgs[key]}\0`);
    return hash.digest('hex');
}
const inFlight = new Map();
async function ensureImage(image, opts) {
    const ref = normalizeImage(image);
    const key = `${ref}\0${opts.policy}`;
    let pending = inFlight.get(key);
    if (!pending) {
        pending = ensureImageOnce(ref, opts).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
    }
    return pending;
}
async function ensureImageOnce(image, opts) {
    const docker = opts.docker ?? (await connectDocker());
    const own = opts.own ?? isOwnImage(image);
    const local = await inspectImage(docker, image);
    if (opts.policy === 'never') {
        if (!local)
            throw new types/* EnvironmentError */.e(`image ${image} is not present locally and image-policy is 'never'`, own
                ? `Build it with docker/build.sh${opts.sudo || isSudoImage(image) ? ' --sudo' : ''}, or use image-policy auto or build.`
                : `Pull it first (docker pull ${image}), or use image-policy auto or pull.`);
        if (own) {
            const wanted = await contextHash(opts.contextDir ?? dockerContextDir(), buildArgsFor(image, opts));
            if (local.Config?.Labels?.[labels/* LABEL_CONTEXT_HASH */.Q] !== wanted)
                opts.log(`image ${image}: built from a different docker/ context; using it anyway (image-policy never)`);
        }
        opts.log(`image ${image}: using local ${local.Id}`);
        return { id: local.Id, built: false, reused: true };
    }
    if (opts.policy === 'pull')
        return pullImage(docker, image, opts.log);
    if (!own) {
        if (local) {
            opts.log(`image ${image}: present locally (${local.Id}), reusing`);
            return { id: local.Id, built: false, reused: true };
        }
        return pullImage(docker, image, opts.log);
    }
    const sudo = opts.sudo || isSudoImage(image);
    if (sudo) {
        // The sudo variant is built FROM the runtime image of the same tag: make sure that one is current.
        const base = `${repository(defaults/* DEFAULT_IMAGE */.__)}:${tagOf(image)}`;
        await ensureImage(base, { ...opts, sudo: false, own: true, docker });
    }
    const dir = opts.contextDir ?? dockerContextDir();
    const buildArgs = buildArgsFor(image, { ...opts, sudo });
    const wanted = await contextHash(dir, buildArgs);
    if (opts.policy === 'auto' && local?.Config?.Labels?.[labels/* LABEL_CONTEXT_HASH */.Q] === wanted) {
        opts.log(`image ${image}: up to date with the docker/ context (hash ${wanted.slice(0, 12)}), reusing ${local.Id}; no build`);
        return { id: local.Id, built: false, reused: true };
    }
    // Another process may be building the same image: wait for it, then look again.
    const lockFile = (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `massgen-exec-build-${(0,external_node_crypto_.createHash)('sha256').update(image).digest('hex').slice(0, 16)}.lock`);
    return withFileLock(lockFile, async () => {
        if (opts.policy === 'auto') {
            const now = await inspectImage(docker, image);
            if (now?.Config?.Labels?.[labels/* LABEL_CONTEXT_HASH */.Q] === wanted) {
                opts.log(`image ${image}: built meanwhile by another process, reusing ${now.Id}; no build`);
                return { id: now.Id, built: false, reused: true };
            }
            opts.log(local
                ? `image ${image}: local image was built from another docker/ context; rebuilding`
                : `image ${image}: not present locally; building from ${dir}`);
        }
        return buildImage(docker, image, dir, sudo ? 'Dockerfile.sudo' : 'Dockerfile', buildArgs, wanted, opts.log);
    }, () => opts.log(`image ${image}: another process is building it; waiting`));
}
function buildArgsFor(image, opts) {
    const args = {};
    if (process.env.MASSGEN_EXEC_BASE_IMAGE)
        args.BASE_IMAGE = process.env.MASSGEN_EXEC_BASE_IMAGE;
    if (opts.sudo || isSudoImage(image))
        args.RUNTIME_IMAGE = `${repository(defaults/* DEFAULT_IMAGE */.__)}:${tagOf(image)}`;
    return args;
}
async function inspectImage(docker, image) {
    try {
        return await docker.getImage(image).inspect();
    }
    catch (err) {
        if (err.statusCode === 404)
            return undefined;
        throw new types/* EnvironmentError */.e(`cannot inspect image ${image}: ${errorMessage(err)}`);
    }
}
async function buildImage(docker, image, dir, dockerfile, buildArgs, hash, log) {
    const started = Date.now();
    log(`image ${image}: building ${dockerfile} (context hash ${hash.slice(0, 12)})`);
    const reporter = new ProgressReporter('[build] ', log);
    const failed = (message) => new types/* EnvironmentError */.e(`building image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), `Check docker/${dockerfile}; run docker/build.sh${dockerfile.endsWith('.sudo') ? ' --sudo' : ''} to reproduce. The Debian mirror must be reachable while building.`);
    try {
        // tar-fs 3 packs with streamx, which pipes into the request like a Node stream.
        const context = (0,tar_fs/* pack */.q)(dir, {
            entries: await contextFiles(dir)
        });
        const stream = (await docker.buildImage(context, {
            t: image,
            dockerfile,
            buildargs: buildArgs,
            labels: {
                [labels/* LABEL_CONTEXT_HASH */.Q]: hash,
                [labels/* LABEL_MANAGED */.TA]: 'true',
                [labels/* LABEL_VERSION */.II]: toolVersion(),
                [labels/* LABEL_VARIANT */.Fj]: dockerfile.endsWith('.sudo') ? 'sudo' : 'default'
            },
            rm: true,
            forcerm: true
        }));
        await followProgress(stream, reporter);
    }
    catch (err) {
        throw failed(errorMessage(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const built = await inspectImage(docker, image);
    if (!built || built.Config?.Labels?.[labels/* LABEL_CONTEXT_HASH */.Q] !== hash)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: built ${built.Id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { id: built.Id, built: true, reused: false };
}
async function pullImage(docker, image, log) {
    log(`image ${image}: pulling`);
    const reporter = new ProgressReporter('[pull] ', log);
    const failed = (message) => new types/* EnvironmentError */.e(`pulling image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), 'Check the image name and registry access (docker login), or use image-policy never with a local image.' +
        (isOwnImage(image)
            ? ' Our own images can be built locally: image-policy auto or build.'
            : ''));
    try {
        await followProgress((await docker.pull(image)), reporter);
    }
    catch (err) {
        throw failed(errorMessage(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const pulled = await inspectImage(docker, image);
    if (!pulled)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: pulled ${pulled.Id}`);
    return { id: pulled.Id, built: false, reused: false, pulled: true };
}

// EXTERNAL MODULE: ./src/runtime/docker/credentials.ts
var docker_credentials = __webpack_require__(49255);
// EXTERNAL MODULE: ./src/runtime/docker/exec.ts + 1 modules
var exec = __webpack_require__(94499);
;// CONCATENATED MODULE: ./src/runtime/docker/host-access.ts
// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids, so a workspace created by the host user (often 1001 on
// GitHub runners, root here) is not writable by uid 1000 unless we make it so.

function parseUser(user) {
    const [uid, gid] = user.split(':').map((part) => Number(part));
    if (!Number.isInteger(uid) || uid < 0)
        throw new Error(`docker user ${user} must be numeric uid:gid`);
    return { uid, gid: Number.isInteger(gid) && gid >= 0 ? gid : uid };
}
function allows(st, uid, gid, bits) {
    if (st.uid === uid)
        return (st.mode & (bits << 6)) === bits << 6;
    if (st.gid === gid)
        return (st.mode & (bits << 3)) === bits << 3;
    return (st.mode & bits) === bits;
}
/**
 * Drops mounts whose source is missing when `optional(m)` says they may be (protected paths),
 * and throws for other missing sources. Returns the mounts to use.
 */
async function checkMountSources(mounts, optional, log) {
    const kept = [];
    for (const m of mounts) {
        const st = await (0,promises_.stat)(m.source).catch(() => undefined);
        if (st) {
            kept.push(m);
            continue;
        }
        if (optional(m))
            log(`warning: protected path ${m.source} does not exist; not mounted`);
        else
            throw new Error(`mount source ${m.source} does not exist on the host`);
    }
    return kept;
}
/** Makes the workspace directory itself writable by the container user, or says why not. */
async function grantWorkspaceAccess(dir, user, log) {
    const st = await (0,promises_.stat)(dir);
    if (allows(st, user.uid, user.gid, 0o7))
        return;
    const me = process.getuid?.();
    if (me === 0) {
        await (0,promises_.chown)(dir, user.uid, user.gid);
        log(`workspace ${dir}: owner set to ${user.uid}:${user.gid} (the container user)`);
    }
    else if (me === st.uid) {
        await (0,promises_.chmod)(dir, (st.mode & 0o7777) | 0o777);
        log(`workspace ${dir}: made writable for the container user ${user.uid} (mode 777)`);
    }
    else {
        log(`warning: workspace ${dir} is not writable by the container user ${user.uid}:${user.gid}`);
    }
}
/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
async function warnInaccessible(mounts, user, log) {
    for (const m of mounts) {
        const st = await (0,promises_.stat)(m.source).catch(() => undefined);
        if (!st)
            continue;
        const bits = st.isDirectory() ? (m.readOnly ? 0o5 : 0o7) : m.readOnly ? 0o4 : 0o6;
        if (!allows(st, user.uid, user.gid, bits))
            log(`warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
                `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/oom.ts
// OOM evidence for a step. The container's own cgroup counts kills: cgroup v1
// memory.oom_control and cgroup v2 memory.events both have an `oom_kill N` line. State.OOMKilled
// only covers the main process, so the counter (with the engine's `oom` events as a fallback) is
// what decides. The counter is read on the host's cgroup filesystem when the engine runs on this
// host (a file read, no round trip), else by an exec inside the container, where /sys/fs/cgroup is
// the container's cgroup.

/** Read as root inside the container; prints the v1 file, else the v2 one. */
const OOM_COUNTER_CMD = [
    'sh',
    '-c',
    'cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events'
];
function parseOomKillCount(text) {
    const match = /^oom_kill\s+(\d+)\s*$/m.exec(text);
    return match ? Number(match[1]) : undefined;
}
/** Whether the engine reported an `oom` event for the container between two instants (ms). */
async function sawOomEvent(docker, containerId, sinceMs, untilMs) {
    const stream = (await docker.getEvents({
        since: String(Math.floor(sinceMs / 1000)),
        // `until` in the future would hold the stream open until then.
        until: (Math.min(untilMs, Date.now()) / 1000).toFixed(3),
        filters: JSON.stringify({ container: [containerId], event: ['oom'] })
    }));
    let text = '';
    for await (const chunk of stream)
        text += String(chunk);
    return /"(status|Action)":"oom"/.test(text);
}
/** cgroup mounts of this process's mount namespace, from /proc/self/mountinfo. */
function parseCgroupMounts(mountinfo) {
    const mounts = [];
    for (const line of mountinfo.split('\n')) {
        const [left, right] = line.split(' - ');
        if (!right)
            continue;
        const fields = left.split(' ');
        const [fsType, , superOptions = ''] = right.split(' ');
        const unescape = (s) => s.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8)));
        const base = { root: unescape(fields[3] ?? ''), mountPoint: unescape(fields[4] ?? '') };
        if (fsType === 'cgroup2')
            mounts.push({ ...base, version: 2, controllers: [] });
        else if (fsType === 'cgroup')
            mounts.push({ ...base, version: 1, controllers: superOptions.split(',') });
    }
    return mounts;
}
/**
 * The host file holding the container's OOM-kill counter, from its init process's cgroup
 * (/proc/<pid>/cgroup) and the host's cgroup mounts: the v1 memory controller's
 * memory.oom_control if the memory controller is on v1 (a `0::` line is present on v1 hosts too),
 * else v2's memory.events. Undefined whenever that cannot be established for certain: the engine
 * on another host or VM (the pid is not the container's, so its cgroup path does not name the
 * container), no permission, an unknown layout.
 */
async function hostOomCounterFile(containerId, pid, roots = {}) {
    const proc = roots.proc ?? '/proc';
    if (!Number.isInteger(pid) || pid <= 0 || !/^[0-9a-f]{64}$/.test(containerId))
        return undefined;
    const [cgroups, mountinfo] = await Promise.all([
        (0,promises_.readFile)(`${proc}/${pid}/cgroup`, 'utf8').catch(() => undefined),
        (0,promises_.readFile)(`${proc}/self/mountinfo`, 'utf8').catch(() => undefined)
    ]);
    if (!cgroups || !mountinfo)
        return undefined;
    const entries = cgroups
        .split('\n')
        .map((line) => /^(\d+):([^:]*):(.*)$/.exec(line))
        .filter((m) => m !== null);
    const v1 = entries.find((m) => m[1] !== '0' && m[2].split(',').includes('memory'));
    const v2 = entries.find((m) => m[1] === '0' && m[2] === '');
    const [version, path, file] = v1
        ? [1, v1[3], 'memory.oom_control']
        : v2
            ? [2, v2[3], 'memory.events']
            : [undefined, '', ''];
    // The path must name this container (the pid could be another process's by the time we look).
    if (!version || !path.split('/').some((part) => part.includes(containerId)))
        return undefined;
    const mounts = parseCgroupMounts(mountinfo).filter((m) => m.version === version && (version === 2 || m.controllers.includes('memory')));
    for (const m of mounts) {
        const root = m.root === '/' ? '' : m.root;
        if (root && path !== root && !path.startsWith(root + '/'))
            continue;
        const candidate = `${m.mountPoint}${path.slice(root.length)}/${file}`;
        const text = await (0,promises_.readFile)(candidate, 'utf8').catch(() => undefined);
        if (text !== undefined && parseOomKillCount(text) !== undefined)
            return candidate;
    }
    return undefined;
}
/** The counter in a host file found by hostOomCounterFile; undefined if it cannot be read. */
async function readHostOomKills(file) {
    const text = await (0,promises_.readFile)(file, 'utf8').catch(() => undefined);
    return text === undefined ? undefined : parseOomKillCount(text);
}

;// CONCATENATED MODULE: ./src/runtime/docker/logs.ts
// `container.logs({follow: false})` resolves a Buffer of multiplexed frames (docker-modem has no
// demuxBuffer): 8-byte header (stream type, 3 zero bytes, uint32 BE length), then the payload.
/** Joins the frames' payloads; a buffer that is not multiplexed (a TTY container) is returned as is. */
function demuxBuffer(buf) {
    const parts = [];
    let offset = 0;
    while (offset < buf.length) {
        if (buf.length - offset < 8)
            break;
        const type = buf[offset];
        if (type > 2 || buf[offset + 1] !== 0 || buf[offset + 2] !== 0 || buf[offset + 3] !== 0) {
            return offset === 0
                ? buf.toString('utf8')
                : Buffer.concat([...parts, buf.subarray(offset)]).toString('utf8');
        }
        const length = buf.readUInt32BE(offset + 4);
        parts.push(buf.subarray(offset + 8, offset + 8 + length));
        offset += 8 + length;
    }
    return Buffer.concat(parts).toString('utf8');
}

;// CONCATENATED MODULE: ./src/runtime/docker/session.ts
// One agent's container: created once, every step exec'd in it in order (so files and installed
// packages persist), timeouts that really kill, OOM told apart from failures, logs kept.











const ROOT = '0:0';
const HELPER_TIMEOUT_MS = 15_000;
const HELPER_OUTPUT_BYTES = 64 * 1024;
const KILL_ATTEMPTS = 3;
const PREINSTALL_TIMEOUT_MS = 600_000;
const READ_FILE_MAX_BYTES = 8 * 1024 * 1024;
class DockerSession {
    o;
    createOptions;
    info;
    container;
    user;
    uid;
    history = [];
    background = [];
    closing = new AbortController();
    closed = false;
    /** The OOM counter on the host's cgroup fs, per container id; null: read it by exec. */
    oomFile;
    constructor(o, createOptions, container) {
        this.o = o;
        this.createOptions = createOptions;
        this.container = container;
        this.user = o.config.user;
        this.uid = parseUser(o.config.user).uid;
        this.info = {
            mode: 'docker',
            image: o.image,
            imageId: o.imageId,
            container: createOptions.name,
            limits: describeLimits(o.config)
        };
    }
    static async start(o) {
        const { agent, config, log } = o;
        const user = parseUser(config.user);
        const credentials = (0,docker_credentials/* resolveCredentials */.z8)(config.credentials);
        for (const warning of credentials.warnings)
            log(`[${agent.id}] warning: ${warning}`);
        const protectedPaths = new Set(agent.contextPaths.flatMap((c) => c.protectedPaths.map((p) => (0,external_node_path_.resolve)(p))));
        const mounts = await checkMountSources(planMounts(agent, credentials.mounts), (m) => protectedPaths.has(m.target), (line) => log(`[${agent.id}] ${line}`));
        await grantWorkspaceAccess((0,external_node_path_.resolve)(agent.workspace), user, (line) => log(`[${agent.id}] ${line}`));
        await warnInaccessible(mounts.filter((m) => m.target !== (0,external_node_path_.resolve)(agent.workspace)), user, (line) => log(`[${agent.id}] ${line}`));
        const options = containerCreateOptions({
            agent,
            config,
            image: o.image,
            name: containerName(agent.id, o.runId),
            runId: o.runId,
            version: toolVersion(),
            mounts,
            env: credentials.env
        });
        const started = Date.now();
        const container = await createContainer(o.docker, options, log);
        const session = new DockerSession(o, options, container);
        try {
            await container.start();
            session.note(`created and started ${options.name} (${container.id.slice(0, 12)}) from ${o.image} in ${Date.now() - started} ms`);
            log(`[${agent.id}] container ${options.name} started (${Date.now() - started} ms)`);
            await session.preinstall();
        }
        catch (err) {
            await container.remove({ force: true, v: true }).catch(() => undefined);
            throw err;
        }
        return session;
    }
    async exec(req) {
        this.assertOpen();
        const cwd = await validateWorkDir(req.cwd, this.o.agent);
        const watchCounter = this.o.config.memoryBytes !== undefined;
        let note;
        const { result, oomBefore, startedAt } = await this.whileRunning(async () => {
            const oomBefore = watchCounter ? await this.readOomKills() : undefined;
            const startedAt = Date.now();
            const result = await (0,exec/* runExec */.x1)(this.target(), {
                cmd: ['/bin/sh', '-c', req.command],
                user: this.user,
                cwd,
                env: req.env,
                maxOutputBytes: req.maxOutputBytes,
                timeoutMs: req.timeoutMs,
                onOutput: req.onOutput,
                signal: this.closing.signal,
                onTimeout: async () => {
                    if (!this.closed)
                        note = await this.killAgentProcesses(`a timeout after ${req.timeoutMs} ms`);
                }
            });
            return { result, oomBefore, startedAt };
        });
        if (this.closed)
            return {
                ...result,
                exitCode: null,
                timedOut: false,
                oom: false,
                note: 'cancelled: the run is shutting down'
            };
        const oom = !result.timedOut && result.exitCode === 137 && (await this.oomDuring(startedAt, oomBefore));
        if (result.timedOut)
            this.note(`step timed out after ${req.timeoutMs} ms: ${req.command.slice(0, 200)}`);
        if (oom)
            this.note(`step killed by the OOM killer: ${req.command.slice(0, 200)}`);
        return {
            exitCode: result.timedOut ? null : result.exitCode,
            stdout: result.stdout,
            stderr: result.stderr,
            truncated: result.truncated,
            timedOut: result.timedOut,
            oom,
            durationMs: result.durationMs,
            note
        };
    }
    async execBackground(req, name) {
        this.assertOpen();
        const cwd = await validateWorkDir(req.cwd, this.o.agent);
        await this.ensureRunning();
        let markStarted;
        const started = new Promise((resolve) => (markStarted = resolve));
        const proc = {
            name,
            command: req.command,
            startedAt: new Date(),
            done: Promise.resolve()
        };
        proc.done = (0,exec/* runExec */.x1)(this.target(), {
            cmd: ['/bin/sh', '-c', req.command],
            user: this.user,
            cwd,
            env: req.env,
            maxOutputBytes: req.maxOutputBytes,
            onOutput: req.onOutput,
            onStarted: markStarted,
            signal: this.closing.signal,
            graceMs: 3000
        }).then((result) => void (proc.result = result), (err) => void (proc.error = errorMessage(err)));
        await Promise.race([started, proc.done]);
        if (proc.error)
            throw new Error(`background ${name} did not start: ${proc.error}`);
        this.background.push(proc);
        this.note(`background ${name} started: ${req.command.slice(0, 200)}`);
    }
    async writeFile(path, content) {
        this.assertOpen();
        const target = this.absolute(path);
        // As the agent's user, so ownership and permissions (read-only mounts included) are the agent's.
        const result = await this.whileRunning(() => this.agentExec(['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"', 'sh', target], {
            stdin: Buffer.from(content, 'utf8')
        }));
        if (result.exitCode !== 0)
            throw new Error(`cannot write ${target}: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
    }
    async readFile(path, offset, lineCount) {
        this.assertOpen();
        const target = this.absolute(path);
        const script = '[ -f "$3" ] || { echo "$3: not a regular file (or missing)" >&2; exit 1; }; ' +
            'exec <"$3" || exit 1; tail -n "+$1" | if [ -n "$2" ]; then head -n "$2"; else cat; fi';
        const first = Math.max(1, Math.floor(offset));
        const count = lineCount === undefined ? '' : String(Math.max(0, Math.floor(lineCount)));
        const result = await this.whileRunning(() => this.agentExec(['sh', '-c', script, 'sh', String(first), count, target], {
            maxOutputBytes: READ_FILE_MAX_BYTES
        }));
        if (result.exitCode !== 0)
            throw new Error(`cannot read ${target}: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
        return result.stdout;
    }
    async saveLogs(dir) {
        await this.stopBackground();
        await (0,promises_.mkdir)(dir, { recursive: true });
        const state = await this.container.inspect().catch(() => undefined);
        const rawLogs = await this.container
            .logs({ follow: false, stdout: true, stderr: true, timestamps: true })
            .catch(() => Buffer.alloc(0));
        const lines = [
            `# docker_container.log — agent ${this.o.agent.id}`,
            `container: ${this.createOptions.name} (${this.container.id})`,
            `image: ${this.o.image} (${state?.Image ?? this.o.imageId})`,
            `user: ${this.user}; keepalive user: ${this.createOptions.User}`,
            `limits: ${JSON.stringify(this.info.limits)}`,
            `mounts:`,
            ...(this.createOptions.HostConfig?.Mounts ?? []).map((m) => `  ${m.Target} ${m.ReadOnly ? 'ro' : 'rw'}${m.Source === m.Target ? '' : ` <- ${m.Source}`}`),
            state
                ? `state: status=${state.State.Status} running=${state.State.Running} exit=${state.State.ExitCode} ` +
                    `OOMKilled=${state.State.OOMKilled} error=${JSON.stringify(state.State.Error ?? '')} ` +
                    `started=${state.State.StartedAt} finished=${state.State.FinishedAt} restarts=${state.RestartCount}`
                : 'state: (container no longer exists)',
            '',
            '## history',
            ...this.history,
            '',
            '## background processes',
            ...(this.background.length === 0
                ? ['(none)']
                : this.background.map((b) => `  ${b.name}: ${describeBackground(b)}`)),
            '',
            '## container log',
            demuxBuffer(toBuffer(rawLogs)) || '(empty)'
        ];
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'docker_container.log'), lines.join('\n') + '\n');
        for (const b of this.background) {
            const file = (0,external_node_path_.join)(dir, `background_${b.name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`);
            const body = [
                `# ${b.name}: ${b.command}`,
                `# started ${b.startedAt.toISOString()}; ${describeBackground(b)}`,
                '## stdout',
                b.result?.stdout ?? '',
                '## stderr',
                b.result?.stderr ?? b.error ?? ''
            ];
            await (0,promises_.writeFile)(file, body.join('\n') + '\n');
        }
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        this.closing.abort();
        await (0,exec/* within */.ux)(Promise.all(this.background.map((b) => b.done)), 3000);
        await removeContainer(this.container);
    }
    get containerId() {
        return this.container.id;
    }
    assertOpen() {
        if (this.closed)
            throw new Error(`agent ${this.o.agent.id}: the container session is closed`);
    }
    absolute(path) {
        return (0,external_node_path_.isAbsolute)(path) ? path : (0,external_node_path_.resolve)(this.o.agent.workspace, path);
    }
    target() {
        return this.container;
    }
    note(line) {
        this.history.push(`${new Date().toISOString()} ${line}`);
    }
    helper(cmd, user) {
        return (0,exec/* runExec */.x1)(this.target(), {
            cmd,
            user,
            maxOutputBytes: HELPER_OUTPUT_BYTES,
            timeoutMs: HELPER_TIMEOUT_MS,
            graceMs: 1000
        });
    }
    agentExec(cmd, extra = {}) {
        return (0,exec/* runExec */.x1)(this.target(), {
            cmd,
            user: this.user,
            cwd: (0,external_node_path_.resolve)(this.o.agent.workspace),
            maxOutputBytes: HELPER_OUTPUT_BYTES,
            timeoutMs: 120_000,
            onTimeout: async () => void (await this.killAgentProcesses('a file operation timeout')),
            ...extra
        });
    }
    /**
     * Kills every process of the agent's uid: `kill -9 -1` run *as that uid* signals all of its
     * processes except itself (setsid children and fork bombs included; the cgroup drops no caps for
     * that). The keepalive runs as another uid and survives. Verified with pgrep run as root; if
     * processes remain, the container is restarted (or, failing that, replaced).
     * Returns a note for the step result when the container had to be restarted or replaced.
     */
    async killAgentProcesses(why) {
        for (let attempt = 1; attempt <= KILL_ATTEMPTS; attempt++) {
            await this.helper(['sh', '-c', 'kill -9 -1'], this.user).catch(() => undefined);
            const left = await this.agentProcessCount();
            if (left === 0) {
                this.note(`killed every process of uid ${this.uid} after ${why}`);
                return undefined;
            }
            await (0,exec/* delay */.cb)(100 * attempt);
        }
        return this.restart(`processes of uid ${this.uid} survived kill -9 after ${why}`);
    }
    async agentProcessCount() {
        const r = await this.helper(['pgrep', '-c', '-u', String(this.uid)], ROOT).catch(() => undefined);
        if (!r)
            return undefined;
        if (r.exitCode === 1)
            return 0;
        if (r.exitCode === 0)
            return Number(r.stdout.trim());
        return undefined;
    }
    /** The container's OOM-kill counter: a host file read when possible, else an exec as root. */
    async readOomKills() {
        const file = await this.hostOomFile();
        const onHost = file ? await readHostOomKills(file) : undefined;
        if (onHost !== undefined)
            return onHost;
        const r = await this.helper(OOM_COUNTER_CMD, ROOT).catch(() => undefined);
        return r && r.exitCode === 0 ? parseOomKillCount(r.stdout) : undefined;
    }
    /** Found once per container (its cgroup path does not change when it is restarted). */
    async hostOomFile() {
        const id = this.container.id;
        if (this.oomFile?.id !== id) {
            const state = await this.container.inspect().catch(() => undefined);
            // A stopped container has no cgroup to find: look again next time.
            if (!state?.State.Running)
                return null;
            const file = await hostOomCounterFile(state.Id, state.State.Pid, this.o.cgroupRoots);
            this.oomFile = { id, file: file ?? null };
            if (file)
                this.note(`OOM counter read on the host: ${file}`);
        }
        return this.oomFile.file;
    }
    async oomDuring(startedAt, before) {
        const after = await this.readOomKills();
        if (before !== undefined && after !== undefined)
            return after > before;
        return sawOomEvent(this.o.docker, this.container.id, startedAt, Date.now()).catch(() => false);
    }
    /**
     * Runs `fn`, which execs in the container. When the engine refuses the exec because the
     * container is not running or is gone (409/404: nothing ran), the container is started again
     * (or replaced) and `fn` runs once more. Saves an inspect round trip on every step.
     */
    async whileRunning(fn) {
        try {
            return await fn();
        }
        catch (err) {
            const code = err.statusCode;
            if (code !== 409 && code !== 404)
                throw err;
            await this.ensureRunning();
            return fn();
        }
    }
    /** A stopped container (killed keepalive, engine restart) is started again before a step. */
    async ensureRunning() {
        const state = await this.container.inspect().catch(() => undefined);
        if (state?.State.Running)
            return;
        const why = state
            ? `the container had stopped (exit ${state.State.ExitCode}, OOMKilled ${state.State.OOMKilled})`
            : 'the container had disappeared';
        this.o.log(`[${this.o.agent.id}] ${why}; starting it again`);
        await this.restart(why);
    }
    /** Kill + start keeps the container's filesystem; if that fails, a new container replaces it. */
    async restart(why) {
        this.note(`${why}; restarting the container`);
        try {
            await this.container.kill().catch(() => undefined);
            for (let i = 0; i < 50; i++) {
                const s = await this.container.inspect();
                if (!s.State.Running)
                    break;
                await (0,exec/* delay */.cb)(100);
            }
            await this.container.start();
            this.note('container restarted; files and installed packages kept');
            return `container restarted after ${why} (files and installed packages kept; background processes ended)`;
        }
        catch (err) {
            this.note(`restart failed (${errorMessage(err)}); replacing the container`);
            await removeContainer(this.container);
            this.container = await createContainer(this.o.docker, this.createOptions, this.o.log);
            await this.container.start();
            await this.preinstall();
            this.note(`container replaced: ${this.container.id.slice(0, 12)}`);
            return `container replaced after ${why}: files outside the mounted paths and installed packages were lost`;
        }
    }
    async stopBackground() {
        const running = this.background.filter((b) => !b.result && !b.error);
        if (running.length === 0)
            return;
        await this.helper(['sh', '-c', 'kill -9 -1'], this.user).catch(() => undefined);
        await (0,exec/* within */.ux)(Promise.all(running.map((b) => b.done)), 5000);
        for (const b of running)
            this.note(`background ${b.name} killed at the end of the agent's steps`);
    }
    /** command_line_docker_packages.preinstall; names go in argv, never through a shell. */
    async preinstall() {
        const packages = this.o.config.packages;
        if (!packages)
            return;
        const steps = [];
        const names = (list, kind) => {
            const bad = list.filter((n) => !n.trim() || n.startsWith('-'));
            if (bad.length)
                this.o.log(`[${this.o.agent.id}] warning: ${kind} preinstall skips invalid names: ${bad.join(' ')}`);
            return list.filter((n) => n.trim() && !n.startsWith('-'));
        };
        const python = names(packages.python, 'python');
        const npm = names(packages.npm, 'npm');
        const system = names(packages.system, 'system');
        if (system.length && !this.o.config.enableSudo) {
            this.o.log(`[${this.o.agent.id}] warning: system packages need command_line_docker_enable_sudo; skipped: ${system.join(' ')}`);
        }
        else if (system.length) {
            steps.push({ label: 'apt-get update', cmd: ['sudo', '-n', 'apt-get', 'update'] });
            steps.push({
                label: `system ${system.join(' ')}`,
                cmd: [
                    'sudo',
                    '-n',
                    'env',
                    'DEBIAN_FRONTEND=noninteractive',
                    'apt-get',
                    'install',
                    '-y',
                    '--no-install-recommends',
                    ...system
                ]
            });
        }
        if (python.length)
            steps.push({ label: `python ${python.join(' ')}`, cmd: ['pip', 'install', ...python] });
        if (npm.length)
            steps.push({ label: `npm ${npm.join(' ')}`, cmd: ['npm', 'install', '-g', ...npm] });
        for (const step of steps) {
            const r = await this.agentExec(step.cmd, {
                timeoutMs: PREINSTALL_TIMEOUT_MS,
                maxOutputBytes: 256 * 1024
            });
            const ok = r.exitCode === 0 && !r.timedOut;
            const line = `preinstall ${step.label}: ${ok ? 'ok' : r.timedOut ? 'timed out' : `failed (exit ${r.exitCode})`} in ${r.durationMs} ms`;
            this.note(line);
            this.o.log(`[${this.o.agent.id}] ${line}`);
            if (!ok) {
                const tail = (r.stderr || r.stdout).trim().split('\n').slice(-15).join('\n');
                this.note(`preinstall output (tail):\n${tail}`);
                this.o.log(`[${this.o.agent.id}] preinstall output (tail):\n${tail}`);
            }
        }
    }
}
function describeBackground(b) {
    if (b.error)
        return `error: ${b.error}`;
    if (!b.result)
        return 'still running when logs were saved';
    return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`;
}
function toBuffer(logs) {
    if (Buffer.isBuffer(logs))
        return logs;
    if (typeof logs === 'string')
        return Buffer.from(logs);
    return Buffer.from(JSON.stringify(logs ?? ''));
}
/** Creates the container; a leftover of the same name (an earlier attempt of this run) is removed. */
async function createContainer(docker, options, log) {
    try {
        return await docker.createContainer(options);
    }
    catch (err) {
        if (err.statusCode !== 409)
            throw err;
        log(`container ${options.name} already exists (left over from an earlier attempt); removing it`);
        await docker.getContainer(options.name).remove({ force: true, v: true });
        return docker.createContainer(options);
    }
}
async function removeContainer(container) {
    try {
        await container.remove({ force: true, v: true });
    }
    catch (err) {
        const code = err.statusCode;
        if (code !== 404 && code !== 409)
            throw err;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/runtime.ts





function createDockerRuntime(opts) {
    let connection = opts.docker
        ? Promise.resolve(opts.docker)
        : undefined;
    const connect = () => (connection ??= connectDocker());
    const sessions = new Map();
    const cancelled = new Set();
    return {
        async start(agent, ctx) {
            if (cancelled.has(ctx.runId))
                throw new Error(`run ${ctx.runId} is being cleaned up`);
            const docker = await connect();
            const config = agent.docker ?? dockerDefaults();
            const image = await ensureImage(config.image, {
                policy: opts.imagePolicy,
                sudo: config.enableSudo,
                own: config.ownImage,
                log: opts.log,
                docker
            });
            const overrides = opts.hostConfigOverrides?.(agent);
            const session = await DockerSession.start({
                docker: overrides ? withHostConfigOverrides(docker, overrides) : docker,
                agent,
                config,
                image: config.image,
                imageId: image.id,
                runId: ctx.runId,
                log: ctx.log
            });
            if (cancelled.has(ctx.runId)) {
                // cleanup ran while this container was being created: do not leave it behind.
                await session.close();
                throw new Error(`run ${ctx.runId} is being cleaned up`);
            }
            let forRun = sessions.get(ctx.runId);
            if (!forRun)
                sessions.set(ctx.runId, (forRun = new Set()));
            forRun.add(session);
            const close = session.close.bind(session);
            session.close = async () => {
                forRun.delete(session);
                await close();
            };
            return session;
        },
        async cleanup(runId) {
            cancelled.add(runId);
            const open = [...(sessions.get(runId) ?? [])];
            await Promise.allSettled(open.map((s) => s.close()));
            sessions.delete(runId);
            if (connection)
                await sweepRun(runId, { docker: await connection });
        }
    };
}
/** The same engine client, except that containers it creates get `overrides` in their HostConfig. */
function withHostConfigOverrides(docker, overrides) {
    return new Proxy(docker, {
        get(target, prop) {
            if (prop === 'createContainer') {
                return (options) => target.createContainer(applyHostConfigOverrides(options, overrides));
            }
            const value = Reflect.get(target, prop, target);
            return typeof value === 'function'
                ? value.bind(target)
                : value;
        }
    });
}
/** Stops and removes every container labelled with the run id; returns how many. */
async function sweepRun(runId, opts = {}) {
    const docker = opts.docker ?? (await connectDocker());
    const found = await docker.listContainers({
        all: true,
        filters: JSON.stringify({ label: [`${labels/* LABEL_RUN */.Bt}=${runId}`] })
    });
    const results = await Promise.allSettled(found.map((c) => docker.getContainer(c.Id).remove({ force: true, v: true })));
    return results.filter((r) => r.status === 'fulfilled' || r.reason.statusCode === 404).length;
}

;// CONCATENATED MODULE: ./src/runtime/docker/index.ts
// Docker mode's public surface; everything else in this directory is an implementation detail.








/***/ })

};
