export const id = 357;
export const ids = [357];
export const modules = {

/***/ 4357:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  connectDocker: () => (/* reexport */ docker_container_client_connectDocker),
  sweepRun: () => (/* reexport */ sweepRun)
});

// UNUSED EXPORTS: AGENT_HOME, AGENT_USER, DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE, HARNESS_PATH, KEEPALIVE_USER, LABEL_AGENT, LABEL_CONTEXT_HASH, LABEL_MANAGED, LABEL_OWNER_BOOT, LABEL_OWNER_HOST, LABEL_OWNER_PID, LABEL_OWNER_START, LABEL_RUN, LABEL_VARIANT, LABEL_VERSION, SUDO_CAPABILITIES, containerName, contextHash, createDockerRuntime, dockerDefaults, ensureImage, execTarget, isOwnImage, runExec, sweepStale

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/config/paths.ts
// The roots of an agent's plan and how to compare paths, as pure functions of the plan (no file
// system): the policy uses them lexically (read-only-path), runtime/allowed-paths.ts after
// resolving symlinks.

/** Whether `child` is `parent` or below it, by whole path segments (`..cache` is a name, not `..`). */
function paths_isInside(child, parent) {
    const rel = relative(parent, child);
    return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}
/** The agent's roots, each with its access; a deeper root decides over a shallower one. */
function paths_allowedRoots(agent) {
    const roots = [
        { path: resolve(agent.workspace), writable: true, what: 'workspace' }
    ];
    for (const c of agent.contextPaths) {
        roots.push({ path: resolve(c.path), writable: c.permission === 'write', what: 'context path' });
        for (const p of c.protectedPaths)
            roots.push({ path: resolve(p), writable: false, what: 'protected path' });
    }
    if (agent.tempWorkspace)
        roots.push({ path: resolve(agent.tempWorkspace), writable: false, what: 'temporary workspace' });
    return roots;
}
/** The root that decides for `path` (the deepest containing it), compared as written. */
function paths_decidingRootOf(roots, path) {
    let best;
    for (const root of roots)
        if (paths_isInside(path, root.path) && (!best || root.path.length > best.path.length))
            best = root;
    return best;
}

;// CONCATENATED MODULE: ./src/errors.ts
// Every error the product raises on purpose, in one place (as actions/toolkit's errors.ts): named
// classes with type guards, so callers test what an error *is* instead of duck-typing fields.
// Each knows the exit code it means: 2 for a problem with the input or the machine (usage, config,
// environment), which the CLI and the action report as such; anything else is a bug or a step-level
// failure that the run records and goes on.
function formatIssue(i) {
    return `${i.file}:${i.line}:${i.col}: ${i.message}`;
}
/** Base of the product's own errors: `exitCode` is what the CLI exits with when it ends a run. */
class MassgenExecError extends Error {
}
/** The config cannot be used; every problem is reported together. */
class ConfigError extends MassgenExecError {
    issues;
    exitCode = 2;
    constructor(issues) {
        super(issues.map(formatIssue).join('\n'));
        this.issues = issues;
        this.name = 'ConfigError';
    }
}
/** A command line, an action input or an agent selection that does not make sense. */
class UsageError extends MassgenExecError {
    exitCode = 2;
    constructor(message) {
        super(message);
        this.name = 'UsageError';
    }
}
/**
 * The machine cannot do what the config asks (engine unreachable, image missing, a runtime or a
 * host tool not installed): exit 2, never a silent fallback to a weaker sandbox. `hint` says how
 * to fix it.
 */
class errors_EnvironmentError extends MassgenExecError {
    hint;
    exitCode = 2;
    constructor(message, hint) {
        super(message);
        this.hint = hint;
        this.name = 'EnvironmentError';
    }
}
/** The Docker engine answered a request with an error status (404 no such object, 409 conflict…). */
class EngineError extends Error {
    statusCode;
    operation;
    constructor(message, statusCode, operation) {
        super(message);
        this.statusCode = statusCode;
        this.operation = operation;
        this.name = 'EngineError';
    }
}
/**
 * A path a step names (work_dir, write_file, read_file, junit) is not one the agent may use: it
 * does not exist, or it resolves (symlinks included) outside the agent's allowed paths. The step
 * ends `error`; the run goes on.
 */
class errors_PathError extends Error {
    constructor(message) {
        super(message);
        this.name = 'PathError';
    }
}
function isConfigError(e) {
    return e instanceof ConfigError;
}
function isUsageError(e) {
    return e instanceof UsageError;
}
function isEnvironmentError(e) {
    return e instanceof errors_EnvironmentError;
}
function isEngineError(e) {
    return e instanceof EngineError;
}
/** The engine says the object does not exist (any more). */
function errors_isNotFound(e) {
    return isEngineError(e) && e.statusCode === 404;
}
/** The engine refused because of the object's state (name taken, container not running…). */
function errors_isConflict(e) {
    return isEngineError(e) && e.statusCode === 409;
}
/** Errors that end a run with exit 2 (input or machine), as opposed to bugs. */
function isFatalInputError(e) {
    return isConfigError(e) || isUsageError(e) || isEnvironmentError(e);
}
/** One line for a user: the message, and the hint when there is one. */
function describeError(e) {
    if (isEnvironmentError(e) && e.hint)
        return `${e.message} (${e.hint})`;
    return errors_errorMessage(e);
}
function errors_errorMessage(e) {
    return e instanceof Error ? e.message : String(e);
}

;// CONCATENATED MODULE: ./src/runtime/allowed-paths.ts
// Where an agent may work, in every mode: its workspace (writable), its context paths (by
// permission, protected paths read-only), the orchestrator's temporary workspace (read-only). The
// one rule for work_dir, write_file, read_file and junit paths. Paths are checked after resolving
// symlinks, so a link planted in the workspace cannot lead a step out. Docker mounts are path-
// transparent (the same absolute path inside), so a host-side check is a check of the container
// path too, and the error is the same in every mode.





/** The root that decides for a real path, the roots compared by their real paths too. */
async function decidingRoot(agent, real) {
    const roots = await Promise.all(allowedRoots(agent).map(async (r) => ({
        ...r,
        path: await realpath(r.path).catch(() => r.path)
    })));
    return decidingRootOf(roots, real);
}
const ROOTS_TEXT = "the agent's allowed paths (workspace, context paths, temporary workspace)";
/**
 * Resolves a step's work_dir: absolute, an existing directory, inside an allowed root after
 * symlinks are resolved. Returns the path as given (containers see the same path).
 */
async function resolveWorkDir(agent, dir) {
    if (!isAbsolute(dir))
        throw new PathError(`work_dir ${dir} is not an absolute path`);
    let real;
    try {
        real = await realpath(dir);
    }
    catch {
        throw new PathError(`work_dir ${dir} does not exist`);
    }
    if (!(await stat(real)).isDirectory())
        throw new PathError(`work_dir ${dir} is not a directory`);
    if (!(await decidingRoot(agent, real)))
        throw new PathError(`work_dir ${dir}${real !== dir ? ` (resolves to ${real})` : ''} is outside ${ROOTS_TEXT}`);
    return dir;
}
/**
 * Checks a file a step reads or writes. Reads: the file's real path must be inside a root. Writes:
 * the real path of what would be written (the existing file, through any symlink, or the deepest
 * existing parent plus the new names) must be inside a writable root, and not inside a read-only
 * one below it. A symlink that points nowhere is refused (writing through it would create its
 * target wherever it points).
 */
async function checkFileAccess(agent, path, access) {
    const verb = access === 'read' ? 'read_file' : 'write_file';
    if (!isAbsolute(path))
        throw new PathError(`${verb} ${path} is not an absolute path`);
    const real = await realTarget(path, verb);
    const root = await decidingRoot(agent, real);
    const shown = real !== path ? `${path} (resolves to ${real})` : path;
    if (!root)
        throw new PathError(`${verb} ${shown} is outside ${ROOTS_TEXT}`);
    if (access === 'write' && !root.writable)
        throw new PathError(`${verb} ${shown} is in a read-only ${root.what} (${root.path})`);
}
/** Where a path really leads: its realpath if it exists, else the real parent plus the rest. */
async function realTarget(path, verb) {
    const existing = await lstat(path).catch(() => undefined);
    if (existing) {
        try {
            return await realpath(path);
        }
        catch {
            throw new PathError(`${verb} ${path} is a symbolic link that points nowhere`);
        }
    }
    const parent = dirname(path);
    if (parent === path)
        return path;
    return join(await realTarget(parent, verb), basename(path));
}

;// CONCATENATED MODULE: ./src/runtime/docker/container-spec.ts
// The container one agent gets: mounts (path-transparent), limits, hardening and labels, as a pure
// function of the plan so it can be checked without an engine.






/**
 * What the sudo variant needs, and nothing more: SETUID/SETGID/AUDIT_WRITE for sudo itself, and for
 * what root then does (apt/dpkg): CHOWN, DAC_OVERRIDE, FOWNER, FSETID, SETFCAP, KILL. It also runs
 * without no-new-privileges, which would stop the setuid sudo binary from gaining root.
 */
const SUDO_CAPABILITIES = (/* unused pure expression or super */ null && ([
    'SETUID',
    'SETGID',
    'AUDIT_WRITE',
    'CHOWN',
    'DAC_OVERRIDE',
    'FOWNER',
    'FSETID',
    'SETFCAP',
    'KILL'
]));
function container_spec_dockerDefaults() {
    return {
        image: DEFAULT_IMAGE,
        ownImage: true,
        network: 'none',
        enableSudo: false,
        readOnlyRootfs: true,
        pidsLimit: DEFAULT_PIDS_LIMIT,
        user: AGENT_USER
    };
}
/**
 * With a read-only root filesystem, what stays writable: the scratch directories as sized tmpfs
 * (cleared if the container is restarted), and the agent's home as an anonymous volume that the
 * engine fills from the image (venv, npm prefix) and removes with the container, so `pip install`
 * keeps working and persists from step to step. A tmpfs is memory charged to the container: each
 * is at most a quarter of the memory limit, so filling one ends in "no space left", not in the OOM
 * killer taking the agent's processes (and the full tmpfs keeping the container at its limit).
 */
const SCRATCH = (/* unused pure expression or super */ null && ([
    ['/tmp', 1024 ** 3, 'rw,nosuid,nodev,mode=1777'],
    ['/var/tmp', 256 * 1024 ** 2, 'rw,nosuid,nodev,mode=1777'],
    ['/run', 64 * 1024 ** 2, 'rw,nosuid,nodev,noexec,mode=755']
]));
function scratchTmpfs(memoryBytes) {
    const cap = memoryBytes !== undefined ? Math.floor(memoryBytes / 4) : Infinity;
    return Object.fromEntries(SCRATCH.map(([path, bytes, opts]) => [path, `${opts},size=${Math.min(bytes, cap)}`]));
}
/** massgen-<agent>-<run suffix>: a valid, per-run unique container name. */
function container_spec_containerName(agentId, runId) {
    const agent = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent';
    const suffix = createHash('sha256').update(runId).digest('hex').slice(0, 10);
    return `massgen-${agent.slice(0, 60)}-${suffix}`;
}
/**
 * The agent's bind mounts, each at its own host path: temp workspace ro, context paths by
 * permission, the workspace rw, then protected paths ro (a second bind of the same path over a
 * writable parent), then credential mounts. A later entry for the same target replaces an earlier
 * one; the engine mounts parents before children.
 */
function container_spec_planMounts(agent, extra = []) {
    const byTarget = new Map();
    const add = (path, readOnly) => {
        const abs = resolve(path);
        byTarget.delete(abs);
        byTarget.set(abs, { source: abs, target: abs, readOnly });
    };
    if (agent.tempWorkspace)
        add(agent.tempWorkspace, true);
    for (const ctx of agent.contextPaths)
        if (resolve(ctx.path) !== resolve(agent.workspace))
            add(ctx.path, ctx.permission !== 'write');
    add(agent.workspace, false);
    for (const ctx of agent.contextPaths)
        for (const p of ctx.protectedPaths)
            if (isInside(resolve(p), resolve(ctx.path)))
                add(p, true);
    for (const m of extra) {
        byTarget.delete(m.target);
        byTarget.set(m.target, m);
    }
    return [...byTarget.values()];
}
function container_spec_containerCreateOptions(input) {
    const { config } = input;
    const mounts = input.mounts.map((m) => ({
        Type: 'bind',
        Source: m.source,
        Target: m.target,
        ReadOnly: m.readOnly
    }));
    if (config.readOnlyRootfs)
        mounts.unshift({ Type: 'volume', Target: AGENT_HOME });
    const hostConfig = {
        Init: true,
        AutoRemove: false,
        Mounts: mounts,
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
    if (config.readOnlyRootfs) {
        hostConfig.ReadonlyRootfs = true;
        hostConfig.Tmpfs = scratchTmpfs(config.memoryBytes);
    }
    if (config.runtime)
        hostConfig.Runtime = config.runtime;
    return {
        name: input.name,
        Image: input.image,
        // The keepalive is not the agent's uid, so killing every process of that uid spares it.
        Cmd: ['sleep', 'infinity'],
        User: KEEPALIVE_USER,
        WorkingDir: resolve(input.agent.workspace),
        Env: Object.entries(input.env).map(([k, v]) => `${k}=${v}`),
        Labels: {
            [LABEL_MANAGED]: 'true',
            [LABEL_RUN]: input.runId,
            [LABEL_AGENT]: input.agent.id,
            [LABEL_VERSION]: input.version,
            ...input.ownerLabels
        },
        HostConfig: hostConfig
    };
}
/** The limits reported in SessionInfo and results.json. */
function container_spec_describeLimits(config) {
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
        readOnlyRootfs: config.readOnlyRootfs,
        runtime: config.runtime ?? null,
        sudo: config.enableSudo
    };
}

// EXTERNAL MODULE: ./node_modules/dockerode/lib/docker.js
var lib_docker = __webpack_require__(9040);
var docker_default = /*#__PURE__*/__webpack_require__.n(lib_docker);
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
/**
 * The same frames, all in one buffer (`container logs` without follow): the payloads joined. A
 * buffer that is not multiplexed (a TTY container) is returned as is.
 */
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

;// CONCATENATED MODULE: ./src/runtime/docker/docker-container-client.ts



const PING_TIMEOUT_MS = 10_000;
/** A client for the engine DOCKER_HOST (or the default socket) names, once it has answered a ping. */
async function docker_container_client_connectDocker() {
    let docker;
    try {
        docker = new (docker_default())();
    }
    catch (err) {
        throw new errors_EnvironmentError(`cannot use DOCKER_HOST=${process.env.DOCKER_HOST}: ${engineMessage(err)}`, 'Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:port, or unset it to use the default socket.');
    }
    const client = new DockerContainerClient(docker, await describeTarget(docker));
    try {
        await client.ping(PING_TIMEOUT_MS);
    }
    catch (err) {
        throw new errors_EnvironmentError(`Docker engine unreachable at ${client.target}: ${errors_errorMessage(err)}`, hintFor(err, client.target));
    }
    return client;
}
class DockerContainerClient {
    docker;
    target;
    constructor(docker, target) {
        this.docker = docker;
        this.target = target;
    }
    async ping(timeoutMs) {
        const ping = this.docker.ping.bind(this.docker);
        await call('ping', () => ping({ abortSignal: AbortSignal.timeout(timeoutMs) }));
    }
    version() {
        return call('version', () => this.docker.version());
    }
    info() {
        return call('info', () => this.docker.info());
    }
    async createContainer(spec) {
        const c = await call(`create container ${spec.name}`, () => this.docker.createContainer(spec));
        return c.id;
    }
    async startContainer(id) {
        await call(`start ${id}`, () => this.docker.getContainer(id).start());
    }
    async killContainer(id) {
        await call(`kill ${id}`, () => this.docker.getContainer(id).kill());
    }
    async removeContainer(id) {
        try {
            await call(`remove ${id}`, () => this.docker.getContainer(id).remove({ force: true, v: true }));
        }
        catch (err) {
            // Gone already, or its removal is under way (409): either way it will not be left behind.
            const code = err.statusCode;
            if (code !== 404 && code !== 409)
                throw err;
        }
    }
    inspectContainer(id) {
        return call(`inspect ${id}`, () => this.docker.getContainer(id).inspect());
    }
    listContainers(filter) {
        return call('list containers', () => this.docker.listContainers({
            all: true,
            filters: JSON.stringify({ label: filter.labels })
        }));
    }
    async containerLogs(id) {
        const raw = await call(`logs ${id}`, () => this.docker
            .getContainer(id)
            .logs({ follow: false, stdout: true, stderr: true, timestamps: true }));
        // follow: false resolves a Buffer of multiplexed frames (docker-modem has no demuxBuffer).
        if (Buffer.isBuffer(raw))
            return demuxBuffer(raw);
        return typeof raw === 'string' ? raw : '';
    }
    top(id, psArgs) {
        return call(`top ${id}`, () => this.docker.getContainer(id).top({ ps_args: psArgs }));
    }
    async exec(id, spec) {
        const exec = await call(`exec in ${id}`, () => this.docker.getContainer(id).exec(spec));
        return {
            start: async ({ stdin, detach }) => {
                // Hijacked (an HTTP upgrade to the raw socket) even without stdin: the output then skips
                // Node's HTTP response parsing, chunk by chunk, which is most of the cost of a flood.
                const stream = await call(`start exec in ${id}`, () => exec.start({
                    hijack: !detach,
                    stdin: stdin === true,
                    Detach: detach === true,
                    Tty: false
                }));
                return stream;
            },
            inspect: async () => {
                const s = await call(`inspect exec in ${id}`, () => exec.inspect());
                return { Running: s.Running, ExitCode: s.ExitCode ?? null };
            }
        };
    }
    async sawOomEvent(id, sinceMs, untilMs) {
        const stream = (await call('events', () => this.docker.getEvents({
            since: String(Math.floor(sinceMs / 1000)),
            // `until` in the future would hold the stream open until then.
            until: (Math.min(untilMs, Date.now()) / 1000).toFixed(3),
            filters: JSON.stringify({ container: [id], event: ['oom'] })
        })));
        let text = '';
        for await (const chunk of stream)
            text += String(chunk);
        return /"(status|Action)":"oom"/.test(text);
    }
    async inspectImage(ref) {
        try {
            return await call(`inspect image ${ref}`, () => this.docker.getImage(ref).inspect());
        }
        catch (err) {
            if (err.statusCode === 404)
                return undefined;
            throw err;
        }
    }
    buildImage(context, spec) {
        return call(`build ${spec.tag}`, () => this.docker.buildImage(context, {
            t: spec.tag,
            dockerfile: spec.dockerfile,
            buildargs: spec.buildArgs,
            labels: spec.labels,
            nocache: spec.noCache,
            rm: true,
            forcerm: true
        }));
    }
    pullImage(ref) {
        return call(`pull ${ref}`, () => this.docker.pull(ref));
    }
    saveImage(ref) {
        return call(`save ${ref}`, () => this.docker.getImage(ref).get());
    }
    loadImage(tar, opts = {}) {
        return call('load image', () => this.docker.loadImage(tar, {
            quiet: true,
            abortSignal: opts.abortSignal
        }));
    }
    async removeImage(ref) {
        try {
            await call(`remove image ${ref}`, () => this.docker.getImage(ref).remove({ noprune: false }));
        }
        catch (err) {
            if (err.statusCode !== 404)
                throw err;
        }
    }
    async tagImage(ref, repo, tag) {
        await call(`tag ${ref}`, () => this.docker.getImage(ref).tag({ repo, tag }));
    }
    pushImage(ref) {
        // The engine wants an X-Registry-Auth header even for an anonymous registry.
        return call(`push ${ref}`, () => this.docker.getImage(ref).push({ authconfig: {} }));
    }
    async bridgeGateways() {
        const bridge = (await call('inspect network bridge', () => this.docker.getNetwork('bridge').inspect()).catch(() => undefined));
        return (bridge?.IPAM?.Config ?? [])
            .map((c) => c.Gateway ?? '')
            .filter((g) => /^\d+\.\d+\.\d+\.\d+$/.test(g));
    }
}
/** Runs one engine request; its failure becomes an EngineError naming the operation. */
async function call(operation, fn) {
    try {
        return await fn();
    }
    catch (err) {
        if (err instanceof EngineError)
            throw err;
        const code = err.statusCode;
        const error = new EngineError(`${operation}: ${engineMessage(err)}`, code, operation);
        error.cause = err;
        throw error;
    }
}
/** The engine's own message (dockerode wraps it in "(HTTP code 404) no such container - …"). */
function engineMessage(err) {
    if (err instanceof Error) {
        const json = err.json;
        return json?.message ?? err.message;
    }
    return String(err);
}
async function describeTarget(docker) {
    if (process.env.DOCKER_HOST)
        return `DOCKER_HOST=${process.env.DOCKER_HOST}`;
    const modem = docker.modem;
    const socket = await modem.getSocketPath?.().catch(() => undefined);
    return socket ? `unix://${socket} (DOCKER_HOST unset)` : 'the default socket (DOCKER_HOST unset)';
}
function hintFor(err, target) {
    const code = (err.cause ?? err).code;
    if (code === 'EACCES')
        return `Permission denied on ${target}: add this user to the 'docker' group (or run with access to the socket).`;
    return ('Start the Docker engine (e.g. `sudo systemctl start docker`, or Docker Desktop), or point DOCKER_HOST ' +
        'at a running engine. To run without containers, set execution mode to local explicitly.');
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./node_modules/tar-fs/index.js
var tar_fs = __webpack_require__(5645);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
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
        return (cachedRoot = resolve(override));
    let dir = dirname(fileURLToPath(import.meta.url));
    for (;;) {
        if (isActionRoot(dir))
            return (cachedRoot = dir);
        const parent = dirname(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    throw new Error(`cannot find the action's docker/ directory above ${fileURLToPath(import.meta.url)}; set MASSGEN_EXEC_ROOT`);
}
function isActionRoot(dir) {
    const pkg = join(dir, 'package.json');
    if (!existsSync(pkg) || !existsSync(join(dir, 'docker', 'Dockerfile')))
        return false;
    try {
        return JSON.parse(readFileSync(pkg, 'utf8')).name === PACKAGE_NAME;
    }
    catch {
        return false;
    }
}
function action_root_dockerContextDir() {
    return join(actionRoot(), 'docker');
}
let cachedVersion;
/** The tool's version, for container labels. */
function action_root_toolVersion() {
    if (cachedVersion)
        return cachedVersion;
    try {
        const pkg = JSON.parse(readFileSync(join(actionRoot(), 'package.json'), 'utf8'));
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
async function lock_withFileLock(path, fn, onWait) {
    let waited = false;
    for (;;) {
        try {
            const handle = await open(path, 'wx');
            await handle.writeFile(String(process.pid));
            await handle.close();
            break;
        }
        catch (err) {
            if (err.code !== 'EEXIST')
                throw err;
            if (await lock_ownerIsGone(path)) {
                await unlink(path).catch(() => undefined);
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
        await unlink(path).catch(() => undefined);
    }
}
async function lock_ownerIsGone(path) {
    const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
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

;// CONCATENATED MODULE: ./src/runtime/docker/image.ts
// Makes sure the image an agent runs from exists, following the image policy:
//   auto  — a local image is used as is; our own images only if their context-hash label matches
//           the bundled docker/ context (so an unchanged context never rebuilds), else built;
//           other images are pulled when missing.
//   build — our images are (re)built (the layer cache makes an unchanged build quick); others as auto.
//   pull  — always pulled.
//   never — only a local image; missing is an error.












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
    return ownRepository(image);
}
function isSudoImage(image) {
    return isOwnSudoImage(image);
}
/** The files that make up the build context, relative to `dir`, sorted. */
async function contextFiles(dir) {
    const out = [];
    const walk = async (rel) => {
        for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
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
    const hash = createHash('sha256');
    for (const file of await contextFiles(dir)) {
        const mode = (await stat(join(dir, file))).mode & 0o777;
        hash.update(`${file}\0${mode.toString(8)}\0`);
        hash.update(await readFile(join(dir, file)));
        hash.update('\0');
    }
    for (const key of Object.keys(buildArgs).sort())
        hash.update(`arg:${key}=${buildArgs[key]}\0`);
    return hash.digest('hex');
}
const inFlight = new Map();
async function image_ensureImage(image, opts) {
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
    const client = opts.client ?? (await connectDocker());
    const own = opts.own ?? isOwnImage(image);
    const local = await inspectImage(client, image);
    if (opts.policy === 'never') {
        if (!local)
            throw new EnvironmentError(`image ${image} is not present locally and image-policy is 'never'`, own
                ? `Build it with docker/build.sh${opts.sudo || isSudoImage(image) ? ' --sudo' : ''}, or use image-policy auto or build.`
                : `Pull it first (docker pull ${image}), or use image-policy auto or pull.`);
        if (own) {
            const wanted = await contextHash(opts.contextDir ?? dockerContextDir(), buildArgsFor(image, opts));
            if (local.Config?.Labels?.[LABEL_CONTEXT_HASH] !== wanted)
                opts.log(`image ${image}: built from a different docker/ context; using it anyway (image-policy never)`);
        }
        opts.log(`image ${image}: using local ${local.Id}`);
        return { id: local.Id, built: false, reused: true };
    }
    if (opts.policy === 'pull')
        return pullImage(client, image, opts.log);
    if (!own) {
        if (local) {
            opts.log(`image ${image}: present locally (${local.Id}), reusing`);
            return { id: local.Id, built: false, reused: true };
        }
        return pullImage(client, image, opts.log);
    }
    const sudo = opts.sudo || isSudoImage(image);
    if (sudo) {
        // The sudo variant is built FROM the runtime image of the same tag: make sure that one is current.
        const base = `${repository(DEFAULT_IMAGE)}:${tagOf(image)}`;
        await image_ensureImage(base, { ...opts, sudo: false, own: true, client });
    }
    const dir = opts.contextDir ?? dockerContextDir();
    const buildArgs = buildArgsFor(image, { ...opts, sudo });
    const wanted = await contextHash(dir, buildArgs);
    if (opts.policy === 'auto' && local?.Config?.Labels?.[LABEL_CONTEXT_HASH] === wanted) {
        opts.log(`image ${image}: up to date with the docker/ context (hash ${wanted.slice(0, 12)}), reusing ${local.Id}; no build`);
        return { id: local.Id, built: false, reused: true };
    }
    // Another process may be building the same image: wait for it, then look again.
    const lockFile = join(tmpdir(), `massgen-exec-build-${createHash('sha256').update(image).digest('hex').slice(0, 16)}.lock`);
    return withFileLock(lockFile, async () => {
        if (opts.policy === 'auto') {
            const now = await inspectImage(client, image);
            if (now?.Config?.Labels?.[LABEL_CONTEXT_HASH] === wanted) {
                opts.log(`image ${image}: built meanwhile by another process, reusing ${now.Id}; no build`);
                return { id: now.Id, built: false, reused: true };
            }
            opts.log(local
                ? `image ${image}: local image was built from another docker/ context; rebuilding`
                : `image ${image}: not present locally; building from ${dir}`);
        }
        return buildImage(client, image, dir, sudo ? 'Dockerfile.sudo' : 'Dockerfile', buildArgs, wanted, opts.log);
    }, () => opts.log(`image ${image}: another process is building it; waiting`));
}
function buildArgsFor(image, opts) {
    const args = {};
    if (process.env.MASSGEN_EXEC_BASE_IMAGE)
        args.BASE_IMAGE = process.env.MASSGEN_EXEC_BASE_IMAGE;
    if (opts.sudo || isSudoImage(image))
        args.RUNTIME_IMAGE = `${repository(DEFAULT_IMAGE)}:${tagOf(image)}`;
    return args;
}
async function inspectImage(client, image) {
    try {
        return await client.inspectImage(image);
    }
    catch (err) {
        throw new EnvironmentError(`cannot inspect image ${image}: ${errorMessage(err)}`);
    }
}
async function buildImage(client, image, dir, dockerfile, buildArgs, hash, log) {
    const started = Date.now();
    log(`image ${image}: building ${dockerfile} (context hash ${hash.slice(0, 12)})`);
    const reporter = new ProgressReporter('[build] ', log);
    const failed = (message) => new EnvironmentError(`building image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), `Check docker/${dockerfile}; run docker/build.sh${dockerfile.endsWith('.sudo') ? ' --sudo' : ''} to reproduce. The Debian mirror must be reachable while building.`);
    try {
        // tar-fs 3 packs with streamx, which pipes into the request like a Node stream.
        const context = pack(dir, {
            entries: await contextFiles(dir)
        });
        const stream = await client.buildImage(context, {
            tag: image,
            dockerfile,
            buildArgs,
            // No "managed" label here: every container anyone starts from the image would carry it.
            labels: {
                [LABEL_CONTEXT_HASH]: hash,
                [LABEL_VERSION]: toolVersion(),
                [LABEL_VARIANT]: dockerfile.endsWith('.sudo') ? 'sudo' : 'default'
            }
        });
        await followProgress(stream, reporter);
    }
    catch (err) {
        throw failed(errorMessage(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const built = await inspectImage(client, image);
    if (!built || built.Config?.Labels?.[LABEL_CONTEXT_HASH] !== hash)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: built ${built.Id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { id: built.Id, built: true, reused: false };
}
async function pullImage(client, image, log) {
    log(`image ${image}: pulling`);
    const reporter = new ProgressReporter('[pull] ', log);
    const failed = (message) => new EnvironmentError(`pulling image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), 'Check the image name and registry access (docker login), or use image-policy never with a local image.' +
        (isOwnImage(image)
            ? ' Our own images can be built locally: image-policy auto or build.'
            : ''));
    try {
        await followProgress(await client.pullImage(image), reporter);
    }
    catch (err) {
        throw failed(errorMessage(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const pulled = await inspectImage(client, image);
    if (!pulled)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: pulled ${pulled.Id}`);
    return { id: pulled.Id, built: false, reused: false, pulled: true };
}

;// CONCATENATED MODULE: ./src/runtime/docker/labels.ts
// Names shared by everything that creates, finds or sweeps our Docker objects.
/** On every container we create (never on images: a container anyone starts from one would carry it). */
const labels_LABEL_MANAGED = 'io.massgen-exec.managed';
const labels_LABEL_RUN = 'io.massgen-exec.run-id';
const labels_LABEL_AGENT = 'io.massgen-exec.agent-id';
const labels_LABEL_VERSION = 'io.massgen-exec.version';
/** The process that owns a container (see owner.ts): host, boot, pid and that pid's start time. */
const labels_LABEL_OWNER_HOST = 'io.massgen-exec.owner.host';
const labels_LABEL_OWNER_BOOT = 'io.massgen-exec.owner.boot-id';
const labels_LABEL_OWNER_PID = 'io.massgen-exec.owner.pid';
const labels_LABEL_OWNER_START = 'io.massgen-exec.owner.start';
/** On our images: sha256 of the bundled docker/ build context they were built from. */
const labels_LABEL_CONTEXT_HASH = 'io.massgen-exec.context-hash';
const labels_LABEL_VARIANT = 'io.massgen-exec.variant';

const labels_AGENT_HOME = '/home/massgen';
/** The keepalive (the container's main process) runs as nobody, so killing the agent uid spares it. */
const labels_KEEPALIVE_USER = '65534:65534';

;// CONCATENATED MODULE: ./src/runtime/docker/owner.ts
// Who owns a container: the process that created it, named so that another process on the same
// host can tell for certain whether that owner is gone — host name, kernel boot id, pid, and the
// pid's start time (a pid alone is reused). A run killed with SIGKILL cannot clean up after itself;
// the next run (or `massgen-exec cleanup --stale`) removes its containers, and only those whose
// owner is provably dead on this host: never a live run's, never another host's.



const realProc = {
    read: (path) => {
        try {
            return (0,external_node_fs_.readFileSync)(path, 'utf8');
        }
        catch {
            return undefined;
        }
    }
};
/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function startTimeOf(pid, proc = realProc) {
    const stat = proc.read(`/proc/${pid}/stat`);
    if (!stat)
        return undefined;
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state); field 22 is rest[19].
    return rest[19];
}
function owner_currentOwner(proc = realProc) {
    return {
        host: hostname(),
        bootId: (proc.read('/proc/sys/kernel/random/boot_id') ?? '').trim(),
        pid: process.pid,
        start: startTimeOf(process.pid, proc) ?? ''
    };
}
function owner_ownerLabels(o) {
    return {
        [LABEL_OWNER_HOST]: o.host,
        [LABEL_OWNER_BOOT]: o.bootId,
        [LABEL_OWNER_PID]: String(o.pid),
        [LABEL_OWNER_START]: o.start
    };
}
/**
 * Whether the owner named by `labels` is certainly gone, judged from `me` (this process, this
 * host). Unknown (another host, missing labels, no boot id to compare) is "not gone".
 */
function owner_ownerIsGone(labels, me, proc = realProc) {
    const host = labels[LABEL_OWNER_HOST];
    const boot = labels[LABEL_OWNER_BOOT];
    const pid = Number(labels[LABEL_OWNER_PID]);
    if (!host || host !== me.host || !boot || !me.bootId || !Number.isInteger(pid) || pid <= 0)
        return false;
    // The machine rebooted since: every process of that boot is gone.
    if (boot !== me.bootId)
        return true;
    if (pid === me.pid && labels[LABEL_OWNER_START] === me.start)
        return false;
    const start = startTimeOf(pid, proc);
    if (start === undefined)
        return true;
    // The pid is alive but it is another process (pid reuse) when its start time differs.
    return labels[LABEL_OWNER_START] !== '' && start !== labels[LABEL_OWNER_START];
}

;// CONCATENATED MODULE: ./src/runtime/docker/agent-container.ts
// One agent's container through its life: created from a fixed spec, started, found stopped or
// gone behind the run's back and brought back (started again, or replaced by a new one from the same
// spec), removed. The container's name stays; its id changes when it is replaced, and everything
// that execs in it asks for the current target.


class agent_container_AgentContainer {
    client;
    spec;
    journal;
    log;
    currentId;
    /** Runs after a replacement, before the step that needed it (preinstall again). */
    onReplaced;
    constructor(client, spec, journal, log, currentId) {
        this.client = client;
        this.spec = spec;
        this.journal = journal;
        this.log = log;
        this.currentId = currentId;
    }
    /** Creates and starts it; a leftover of the same name (an earlier attempt of this run) is removed. */
    static async create(client, spec, journal, log) {
        const id = await createReplacingLeftover(client, spec, log);
        const container = new agent_container_AgentContainer(client, spec, journal, log, id);
        try {
            await client.startContainer(id);
        }
        catch (err) {
            await client.removeContainer(id).catch(() => undefined);
            throw err;
        }
        return container;
    }
    get id() {
        return this.currentId;
    }
    get name() {
        return this.spec.name;
    }
    /** Where execs go: always the current container, even after a replacement. */
    target() {
        return { exec: (spec) => execTarget(this.client, this.currentId).exec(spec) };
    }
    inspect() {
        return this.client.inspectContainer(this.currentId).catch(() => undefined);
    }
    /**
     * Runs `fn`, which execs in the container. When the engine refuses the exec because the
     * container is not running or is gone (409/404: nothing ran), the container is brought back and
     * `fn` runs once more. Saves an inspect round trip on every step.
     */
    async whileRunning(fn) {
        try {
            return await fn();
        }
        catch (err) {
            if (!isConflict(err) && !isNotFound(err))
                throw err;
            await this.ensureRunning();
            return fn();
        }
    }
    /** A stopped container (killed keepalive, engine restart) is started again before a step. */
    async ensureRunning() {
        const state = await this.inspect();
        if (state?.State.Running)
            return undefined;
        const why = state
            ? `the container had stopped (exit ${state.State.ExitCode}, OOMKilled ${state.State.OOMKilled})`
            : 'the container had disappeared';
        this.log(`${why}; starting it again`);
        return this.restart(why);
    }
    /**
     * Kill + start keeps the container's filesystem (workspace, home volume; tmpfs scratch is
     * cleared); if that fails, a new container from the same spec replaces it. Returns the note for
     * the step result.
     */
    async restart(why) {
        this.journal.note(`${why}; restarting the container`);
        try {
            await this.client.killContainer(this.currentId).catch(() => undefined);
            for (let i = 0; i < 50; i++) {
                const s = await this.client.inspectContainer(this.currentId);
                if (!s.State.Running)
                    break;
                await delay(100);
            }
            await this.client.startContainer(this.currentId);
            this.journal.note('container restarted; workspace and home kept, /tmp cleared');
            return `container restarted after ${why} (workspace and installed packages kept; background processes ended)`;
        }
        catch (err) {
            this.journal.note(`restart failed (${errorMessage(err)}); replacing the container`);
            await this.client.removeContainer(this.currentId);
            this.currentId = await createReplacingLeftover(this.client, this.spec, this.log);
            await this.client.startContainer(this.currentId);
            await this.onReplaced?.();
            this.journal.note(`container replaced: ${this.currentId.slice(0, 12)}`);
            return `container replaced after ${why}: files outside the mounted paths and installed packages were lost`;
        }
    }
    remove() {
        return this.client.removeContainer(this.currentId);
    }
}
async function createReplacingLeftover(client, spec, log) {
    try {
        return await client.createContainer(spec);
    }
    catch (err) {
        if (!isConflict(err))
            throw err;
        log(`container ${spec.name} already exists (left over from an earlier attempt); removing it`);
        await client.removeContainer(spec.name);
        return client.createContainer(spec);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/agent-processes.ts

const KILL_ATTEMPTS = 3;
const HELPER_TIMEOUT_MS = 15_000;
const ROOT = '0:0';
/** The container's init (tini, started by the engine as "docker-init"): root, not the agent's. */
const INIT_COMMANDS = new Set(['docker-init', 'tini']);
/** Rows of `ps -eo pid,uid,stat,comm` as the engine's top returns them. */
function parseTop(titles, processes) {
    const col = (name) => titles.findIndex((t) => t.trim().toUpperCase() === name);
    const [uid, stat, comm] = [col('UID'), col('STAT'), col('COMMAND')];
    if (uid < 0 || stat < 0)
        throw new Error(`unexpected top columns: ${titles.join(' ')}`);
    return processes.map((p) => ({
        uid: Number(p[uid]),
        stat: p[stat] ?? '',
        comm: comm >= 0 ? (p[comm] ?? '') : ''
    }));
}
/**
 * Live (not zombie) processes that belong to the agent: its uid's, and with sudo root's too; never
 * the container's init (root's, which is the agent's uid too when a config runs it as root).
 */
function agentSurvivors(rows, uid, sudo) {
    return rows.filter((r) => !r.stat.startsWith('Z') &&
        !INIT_COMMANDS.has(r.comm) &&
        (r.uid === uid || (sudo && r.uid === 0)));
}
class agent_processes_AgentProcesses {
    client;
    container;
    user;
    uid;
    sudo;
    journal;
    constructor(client, container, user, uid, sudo, journal) {
        this.client = client;
        this.container = container;
        this.user = user;
        this.uid = uid;
        this.sudo = sudo;
        this.journal = journal;
    }
    /**
     * Kills every process of the agent and makes sure none is left. Returns a note for the step
     * result when the container had to be restarted or replaced for that.
     */
    async killAll(why) {
        for (let attempt = 1; attempt <= KILL_ATTEMPTS; attempt++) {
            await this.signalAll();
            const left = await this.survivors();
            if (left === 0) {
                this.journal.note(`killed every process of uid ${this.uid} after ${why}`);
                return undefined;
            }
            await delay(100 * attempt);
        }
        return this.container.restart(`processes of the agent survived kill -9 after ${why}`);
    }
    /** `kill -9 -1` as the agent: every process of its uid but the shell itself. */
    signalAll() {
        return runExec(this.container.target(), {
            cmd: ['/bin/sh', '-c', 'kill -9 -1'],
            user: this.user,
            env: { PATH: HARNESS_PATH },
            maxOutputBytes: 4096,
            timeoutMs: HELPER_TIMEOUT_MS,
            graceMs: 1000
        }).catch(() => undefined);
    }
    /** How many of the agent's processes are alive; undefined when nothing could tell. */
    async survivors() {
        try {
            const top = await this.client.top(this.container.id, '-eo pid,uid,stat,comm');
            return agentSurvivors(parseTop(top.Titles, top.Processes), this.uid, this.sudo).length;
        }
        catch {
            return this.survivorsByExec();
        }
    }
    async survivorsByExec() {
        const r = await runExec(this.container.target(), {
            cmd: ['/usr/bin/pgrep', '-c', '-u', String(this.uid)],
            user: ROOT,
            env: { PATH: HARNESS_PATH },
            maxOutputBytes: 4096,
            timeoutMs: HELPER_TIMEOUT_MS,
            graceMs: 1000
        }).catch(() => undefined);
        if (!r)
            return undefined;
        if (r.exitCode === 1)
            return 0;
        if (r.exitCode === 0)
            return Number(r.stdout.trim());
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/background.ts
// Background steps (MassGen's background shells): started attached, so their output is kept (capped)
// while later steps run, and ended with every other process of the agent when its steps are over.




class background_BackgroundSteps {
    journal;
    list = [];
    constructor(journal) {
        this.journal = journal;
    }
    /** Resolves once the process has started; rejects when it could not be. */
    async start(target, name, command, opts) {
        let markStarted;
        const started = new Promise((resolve) => (markStarted = resolve));
        const proc = {
            name,
            command,
            startedAt: new Date(),
            done: Promise.resolve()
        };
        proc.done = runExec(target, { ...opts, onStarted: markStarted, graceMs: 3000 }).then((result) => void (proc.result = result), (err) => void (proc.error = errorMessage(err)));
        await Promise.race([started, proc.done]);
        if (proc.error)
            throw new Error(`background ${name} did not start: ${proc.error}`);
        this.list.push(proc);
        this.journal.note(`background ${name} started: ${command.slice(0, 200)}`);
    }
    /** Ends those still running (with every process of the agent) and waits a little for their output. */
    async stop(processes) {
        const running = this.list.filter((b) => !b.result && !b.error);
        if (running.length === 0)
            return;
        await processes.signalAll();
        await within(Promise.all(running.map((b) => b.done)), 5000);
        for (const b of running)
            this.journal.note(`background ${b.name} killed at the end of the agent's steps`);
    }
    /** Waits (at most `ms`) for every background exec to settle, e.g. when the session closes. */
    settle(ms) {
        return within(Promise.all(this.list.map((b) => b.done)), ms);
    }
    summary() {
        if (this.list.length === 0)
            return ['(none)'];
        return this.list.map((b) => `  ${b.name}: ${describe(b)}`);
    }
    /** background_<name>.log per process, into `dir`. */
    async writeLogs(dir) {
        for (const b of this.list) {
            const file = join(dir, `background_${b.name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`);
            const body = [
                `# ${b.name}: ${b.command}`,
                `# started ${b.startedAt.toISOString()}; ${describe(b)}`,
                '## stdout',
                b.result?.stdout ?? '',
                '## stderr',
                b.result?.stderr ?? b.error ?? ''
            ];
            await writeFile(file, body.join('\n') + '\n');
        }
    }
}
function describe(b) {
    if (b.error)
        return `error: ${b.error}`;
    if (!b.result)
        return 'still running when logs were saved';
    return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`;
}

;// CONCATENATED MODULE: ./src/runtime/docker/credentials.ts
// command_line_docker_credentials → the container's environment and credential mounts, as
// MassGen's DockerManager builds them (env_file, then pass_all_env, then env_vars; later wins),
// except that additional mounts default to read-only and a missing source is skipped with a warning.




/** Host path below $HOME → path below the agent's home, for each named credential mount. */
const CREDENTIAL_MOUNTS = {
    ssh_keys: '.ssh',
    git_config: '.gitconfig',
    gh_config: '.config/gh',
    npm_config: '.npmrc',
    pypi_config: '.pypirc',
    claude_config: '.claude',
    codex_config: '.codex',
    gemini_config: '.gemini'
};
/** KEY=VALUE lines; blank lines and # comments skipped; one pair of surrounding quotes stripped. */
function parseEnvFile(text) {
    const env = {};
    for (const rawLine of text.split(/\r?\n/)) {
        const line = rawLine.trim();
        if (!line || line.startsWith('#'))
            continue;
        const eq = line.indexOf('=');
        if (eq <= 0)
            continue;
        const key = line
            .slice(0, eq)
            .trim()
            .replace(/^export\s+/, '');
        let value = line.slice(eq + 1).trim();
        if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]))
            value = value.slice(1, -1);
        env[key] = value;
    }
    return env;
}
/** The container environment the credentials give (env_file, then pass_all_env, then env_vars). */
function resolveCredentialEnv(config, hostEnv = process.env) {
    const env = {};
    const warnings = [];
    if (config.envFile) {
        if (existsSync(config.envFile)) {
            const fromFile = parseEnvFile(readFileSync(config.envFile, 'utf8'));
            const wanted = config.envVarsFromFile;
            for (const [key, value] of Object.entries(fromFile))
                if (wanted.length === 0 || wanted.includes(key))
                    env[key] = value;
            for (const key of wanted)
                if (!(key in fromFile))
                    warnings.push(`env_vars_from_file: ${key} is not in ${config.envFile}`);
        }
        else {
            warnings.push(`env_file ${config.envFile} does not exist; skipped`);
        }
    }
    if (config.passAllEnv) {
        for (const [key, value] of Object.entries(hostEnv))
            if (value !== undefined)
                env[key] = value;
    }
    for (const key of config.envVars) {
        const value = hostEnv[key];
        if (value === undefined)
            warnings.push(`env_vars: ${key} is not set on the host; skipped`);
        else
            env[key] = value;
    }
    return { env, warnings };
}
function credentials_resolveCredentials(config, hostEnv = process.env, home = homedir()) {
    if (!config)
        return { env: {}, mounts: [], warnings: [] };
    const result = { ...resolveCredentialEnv(config, hostEnv), mounts: [] };
    for (const name of config.mount) {
        const rel = CREDENTIAL_MOUNTS[name];
        if (!rel) {
            result.warnings.push(`credentials mount ${name} is unknown; skipped`);
            continue;
        }
        const source = join(home, rel);
        if (!existsSync(source)) {
            result.warnings.push(`credentials mount ${name}: ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: `${AGENT_HOME}/${rel}`, readOnly: true });
    }
    for (const mount of config.additionalMounts) {
        const source = resolve(mount.hostPath.replace(/^~(?=$|\/)/, home));
        if (!existsSync(source)) {
            result.warnings.push(`additional mount ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: mount.bind, readOnly: mount.mode !== 'rw' });
    }
    return result;
}

;// CONCATENATED MODULE: ./src/runtime/docker/host-access.ts
// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids, so a workspace created by the host user (often 1001 on
// GitHub runners, root here) is not writable by uid 1000 unless we make it so.

function host_access_parseUser(user) {
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
async function host_access_checkMountSources(mounts, optional, log) {
    const kept = [];
    for (const m of mounts) {
        const st = await stat(m.source).catch(() => undefined);
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
async function host_access_grantWorkspaceAccess(dir, user, log) {
    const st = await stat(dir);
    if (allows(st, user.uid, user.gid, 0o7))
        return;
    const me = process.getuid?.();
    if (me === 0) {
        await chown(dir, user.uid, user.gid);
        log(`workspace ${dir}: owner set to ${user.uid}:${user.gid} (the container user)`);
    }
    else if (me === st.uid) {
        await chmod(dir, (st.mode & 0o7777) | 0o777);
        log(`workspace ${dir}: made writable for the container user ${user.uid} (mode 777)`);
    }
    else {
        log(`warning: workspace ${dir} is not writable by the container user ${user.uid}:${user.gid}`);
    }
}
/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
async function host_access_warnInaccessible(mounts, user, log) {
    for (const m of mounts) {
        const st = await stat(m.source).catch(() => undefined);
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


/**
 * Read inside the container when the host cannot: the v1 file, else the v2 one. Run as nobody
 * (the files are world-readable) by absolute path with a clean PATH: nothing of the agent's runs.
 */
const OOM_COUNTER_CMD = (/* unused pure expression or super */ null && ([
    '/bin/sh',
    '-c',
    'cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events'
]));
const NOBODY = '65534:65534';
function parseOomKillCount(text) {
    const match = /^oom_kill\s+(\d+)\s*$/m.exec(text);
    return match ? Number(match[1]) : undefined;
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
        readFile(`${proc}/${pid}/cgroup`, 'utf8').catch(() => undefined),
        readFile(`${proc}/self/mountinfo`, 'utf8').catch(() => undefined)
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
        const text = await readFile(candidate, 'utf8').catch(() => undefined);
        if (text !== undefined && parseOomKillCount(text) !== undefined)
            return candidate;
    }
    return undefined;
}
/** The counter in a host file found by hostOomCounterFile; undefined if it cannot be read. */
async function readHostOomKills(file) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    return text === undefined ? undefined : parseOomKillCount(text);
}
/**
 * Tells an OOM kill during a step from any other exit 137: the container cgroup's oom_kill counter
 * before and after (a host file read when the engine runs here, else an exec), and the engine's
 * `oom` events when neither can be read.
 */
class oom_OomWatch {
    client;
    container;
    journal;
    roots;
    /** The counter file on the host, per container id; null: read it by exec. */
    hostFile;
    constructor(client, container, journal, roots) {
        this.client = client;
        this.container = container;
        this.journal = journal;
        this.roots = roots;
    }
    async count() {
        const file = await this.counterFile();
        const onHost = file ? await readHostOomKills(file) : undefined;
        if (onHost !== undefined)
            return onHost;
        const r = await runExec(this.container.target(), {
            cmd: OOM_COUNTER_CMD,
            user: NOBODY,
            env: { PATH: HARNESS_PATH },
            maxOutputBytes: 64 * 1024,
            timeoutMs: 15_000,
            graceMs: 1000
        }).catch(() => undefined);
        return r && r.exitCode === 0 ? parseOomKillCount(r.stdout) : undefined;
    }
    async happenedSince(startedAt, before) {
        const after = await this.count();
        if (before !== undefined && after !== undefined)
            return after > before;
        return this.client.sawOomEvent(this.container.id, startedAt, Date.now()).catch(() => false);
    }
    /** Found once per container (its cgroup path does not change when it is restarted). */
    async counterFile() {
        const id = this.container.id;
        if (this.hostFile?.id !== id) {
            const state = await this.container.inspect();
            // A stopped container has no cgroup to find: look again next time.
            if (!state?.State.Running)
                return null;
            const file = await hostOomCounterFile(state.Id, state.State.Pid, this.roots);
            this.hostFile = { id, file: file ?? null };
            if (file)
                this.journal.note(`OOM counter read on the host: ${file}`);
        }
        return this.hostFile.file;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/session.ts
// One agent's container session: created once, every step exec'd in it in order (so files and
// installed packages persist), timeouts that really kill, OOM told apart from failures, a container
// lost under a step told apart from both, logs kept. Each of those jobs is its own module; this
// one puts them together behind the AgentSession interface.
















const FILE_STEP_TIMEOUT_MS = 120_000;
/** How many more times a container that still runs after a killed step is looked at (100 ms apart). */
const LOST_LOOKS = 5;
const FILE_STEP_OUTPUT_BYTES = (/* unused pure expression or super */ null && (64 * 1024));
class session_DockerSession {
    o;
    container;
    info;
    journal;
    background;
    processes;
    oom;
    closing = new AbortController();
    closed = false;
    closedDone;
    constructor(o, container, journal) {
        this.o = o;
        this.container = container;
        this.journal = journal;
        const user = parseUser(o.config.user);
        this.background = new BackgroundSteps(journal);
        this.processes = new AgentProcesses(o.client, container, o.config.user, user.uid, o.config.enableSudo, journal);
        this.oom = new OomWatch(o.client, container, journal, o.cgroupRoots);
        this.info = {
            mode: 'docker',
            image: o.image,
            imageId: o.imageId,
            container: container.name,
            limits: describeLimits(o.config)
        };
    }
    static async start(o) {
        const { agent, config } = o;
        const log = (line) => o.log(`[${agent.id}] ${line}`);
        const user = parseUser(config.user);
        const credentials = resolveCredentials(config.credentials);
        for (const warning of credentials.warnings)
            log(`warning: ${warning}`);
        const protectedPaths = new Set(agent.contextPaths.flatMap((c) => c.protectedPaths.map((p) => resolve(p))));
        const mounts = await checkMountSources(planMounts(agent, credentials.mounts), (m) => protectedPaths.has(m.target), log);
        await grantWorkspaceAccess(resolve(agent.workspace), user, log);
        await warnInaccessible(mounts.filter((m) => m.target !== resolve(agent.workspace)), user, log);
        const spec = containerCreateOptions({
            agent,
            config,
            image: o.image,
            name: containerName(agent.id, o.runId),
            runId: o.runId,
            version: toolVersion(),
            mounts,
            env: credentials.env,
            ownerLabels: ownerLabels(currentOwner())
        });
        const started = Date.now();
        const journal = new Journal();
        const container = await AgentContainer.create(o.client, spec, journal, log);
        const session = new session_DockerSession(o, container, journal);
        container.onReplaced = () => session.preinstall();
        try {
            journal.note(`created and started ${spec.name} (${container.id.slice(0, 12)}) from ${o.image} in ${Date.now() - started} ms`);
            log(`container ${spec.name} started (${Date.now() - started} ms)`);
            await session.preinstall();
        }
        catch (err) {
            await container.remove().catch(() => undefined);
            throw err;
        }
        return session;
    }
    get containerId() {
        return this.container.id;
    }
    async exec(req) {
        this.assertOpen();
        const watchOom = this.o.config.memoryBytes !== undefined;
        let note;
        const { result, oomBefore, startedAt } = await this.container.whileRunning(async () => {
            const oomBefore = watchOom ? await this.oom.count() : undefined;
            const startedAt = Date.now();
            const result = await runExec(this.container.target(), {
                cmd: ['/bin/sh', '-c', req.command],
                user: this.o.config.user,
                cwd: req.cwd,
                env: req.env,
                maxOutputBytes: req.maxOutputBytes,
                timeoutMs: req.timeoutMs,
                onOutput: req.onOutput,
                signal: this.closing.signal,
                onTimeout: async () => {
                    if (!this.closed)
                        note = await this.processes.killAll(`a timeout after ${req.timeoutMs} ms`);
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
        // Exit 137 or none at all: killed. By the OOM killer, by us (timeout), or with its container.
        const killed = !result.timedOut && (result.exitCode === 137 || result.exitCode === null);
        const oom = killed && (await this.oom.happenedSince(startedAt, oomBefore));
        const sandboxLost = killed && !oom ? await this.lostDuringStep() : undefined;
        if (result.timedOut)
            this.journal.note(`step timed out after ${req.timeoutMs} ms: ${req.command.slice(0, 200)}`);
        if (oom)
            this.journal.note(`step killed by the OOM killer: ${req.command.slice(0, 200)}`);
        if (sandboxLost)
            this.journal.note(`step ended with its container: ${sandboxLost}`);
        return {
            exitCode: result.timedOut ? null : result.exitCode,
            stdout: result.stdout,
            stderr: result.stderr,
            truncated: result.truncated,
            timedOut: result.timedOut,
            oom,
            durationMs: result.durationMs,
            note,
            ...(sandboxLost ? { sandboxLost } : {})
        };
    }
    async execBackground(req, name) {
        this.assertOpen();
        await this.container.ensureRunning();
        await this.background.start(this.container.target(), name, req.command, {
            cmd: ['/bin/sh', '-c', req.command],
            user: this.o.config.user,
            cwd: req.cwd,
            env: req.env,
            maxOutputBytes: req.maxOutputBytes,
            onOutput: req.onOutput,
            signal: this.closing.signal
        });
    }
    async writeFile(path, content) {
        this.assertOpen();
        const target = this.absolute(path);
        await this.container.whileRunning(() => writeFileAsAgent(this.agentExec, target, content));
    }
    async readFile(path, offset, lineCount) {
        this.assertOpen();
        const target = this.absolute(path);
        return this.container.whileRunning(() => readFileAsAgent(this.agentExec, target, offset, lineCount));
    }
    async saveLogs(dir) {
        await this.background.stop(this.processes);
        await mkdir(dir, { recursive: true });
        const state = await this.container.inspect();
        const output = await this.o.client.containerLogs(this.container.id).catch(() => '');
        const text = renderContainerLog({
            agentId: this.o.agent.id,
            spec: this.container.spec,
            containerId: this.container.id,
            image: this.o.image,
            imageId: this.o.imageId,
            user: this.o.config.user,
            limits: this.info.limits,
            state,
            journal: this.journal.entries,
            background: this.background.summary(),
            output
        });
        await writeFile(join(dir, 'docker_container.log'), text);
        await this.background.writeLogs(dir);
    }
    /**
     * Ends the session and removes the container. Every caller (the run, the runtime's cleanup, a
     * signal handler) gets the same promise: none may return while the removal is still under way,
     * or the process could exit before the engine has the request.
     */
    close() {
        this.closed = true;
        return (this.closedDone ??= this.shutDown());
    }
    async shutDown() {
        this.closing.abort();
        await this.background.settle(3000);
        await this.container.remove();
    }
    /** argv as the agent, in its workspace; a hang is ended like a step's timeout. */
    agentExec = (cmd, extra = {}) => runExec(this.container.target(), {
        cmd,
        user: this.o.config.user,
        cwd: resolve(this.o.agent.workspace),
        maxOutputBytes: FILE_STEP_OUTPUT_BYTES,
        timeoutMs: FILE_STEP_TIMEOUT_MS,
        onTimeout: async () => void (await this.processes.killAll('a file operation timeout')),
        ...extra
    });
    async preinstall() {
        const packages = this.o.config.packages;
        if (!packages)
            return;
        const log = (line) => this.o.log(`[${this.o.agent.id}] ${line}`);
        const steps = preinstallSteps(packages, this.o.config.enableSudo, (w) => log(`warning: ${w}`));
        await runPreinstall(steps, this.agentExec, this.journal, log);
    }
    /**
     * Why the container is not there to have finished the step, or undefined when it is. The exec
     * can end before the engine records the container's death, so a running state is looked at a
     * few more times (only after a kill-like exit: 137 or none).
     */
    async lostDuringStep() {
        for (let look = 0;; look++) {
            const state = await this.container.inspect();
            if (!state)
                return 'the container was removed during the step';
            if (state.State.Status === 'removing')
                return 'the container was removed during the step';
            if (!state.State.Running)
                return `the container stopped during the step (exit ${state.State.ExitCode}${state.State.Error ? `, ${state.State.Error}` : ''})`;
            if (look === LOST_LOOKS)
                return undefined;
            await delay(100);
        }
    }
    assertOpen() {
        if (this.closed)
            throw new Error(`agent ${this.o.agent.id}: the container session is closed`);
    }
    absolute(path) {
        return isAbsolute(path) ? path : resolve(this.o.agent.workspace, path);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/runtime.ts






function createDockerRuntime(opts) {
    let connection = opts.client
        ? Promise.resolve(opts.client)
        : undefined;
    const connect = () => (connection ??= connectFirstTime(opts.log));
    const sessions = new Map();
    const cancelled = new Set();
    return {
        client: connect,
        async start(agent, ctx) {
            if (cancelled.has(ctx.runId))
                throw new Error(`run ${ctx.runId} is being cleaned up`);
            const client = await connect();
            const config = agent.docker ?? dockerDefaults();
            const image = await ensureImage(config.image, {
                policy: opts.imagePolicy,
                sudo: config.enableSudo,
                own: config.ownImage,
                log: opts.log,
                client
            });
            const session = await DockerSession.start({
                client,
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
                await sweepRun(await connection, runId);
        }
    };
}
/**
 * Connects, then removes what dead runs left behind on this host before anything of this run
 * exists (a run killed with SIGKILL cannot clean up after itself).
 */
async function connectFirstTime(log) {
    const client = await connectDocker();
    const swept = await sweepStale(client).catch((e) => {
        log(`cleanup of stale containers failed: ${e.message}`);
        return [];
    });
    if (swept.length)
        log(`removed ${swept.length} container(s) left by run(s) whose process is gone: ${swept.map((c) => runtime_name(c)).join(', ')}`);
    return client;
}
/** Stops and removes every container labelled with the run id; returns how many are gone. */
async function sweepRun(client, runId) {
    const found = await client.listContainers({ labels: [`${labels_LABEL_RUN}=${runId}`] });
    const results = await Promise.allSettled(found.map((c) => client.removeContainer(c.Id)));
    return results.filter((r) => r.status === 'fulfilled').length;
}
/** Removes our containers whose owning process is certainly gone on this host; returns them. */
async function sweepStale(client, me = currentOwner()) {
    const ours = await client.listContainers({ labels: [`${LABEL_MANAGED}=true`] });
    const stale = ours.filter((c) => ownerIsGone(c.Labels ?? {}, me));
    const results = await Promise.allSettled(stale.map((c) => client.removeContainer(c.Id)));
    return stale.filter((_, i) => results[i].status === 'fulfilled');
}
function runtime_name(c) {
    return `${(c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, '')} (run ${c.Labels?.[LABEL_RUN] ?? '?'})`;
}

;// CONCATENATED MODULE: ./src/runtime/docker/index.ts
// Docker mode's public surface; everything else in this directory is an implementation detail.








/***/ })

};
