export const id = 757;
export const ids = [757];
export const modules = {

/***/ 81066:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* reexport safe */ _lib_paths_js__WEBPACK_IMPORTED_MODULE_1__.F),
/* harmony export */   L: () => (/* binding */ decidingRootOf),
/* harmony export */   Mb: () => (/* binding */ allowedRoots)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9927);
// The roots of an agent's plan and how to compare paths, as pure functions of the plan (no file
// system): the policy uses them lexically (read-only-path), runtime/allowed-paths.ts after
// resolving symlinks.



/** The agent's roots, each with its access; a deeper root decides over a shallower one. */
function allowedRoots(agent) {
    const roots = [
        { path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(agent.workspace), writable: true, what: 'workspace' }
    ];
    for (const c of agent.contextPaths) {
        roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(c.path), writable: c.permission === 'write', what: 'context path' });
        for (const p of c.protectedPaths)
            roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(p), writable: false, what: 'protected path' });
    }
    if (agent.tempWorkspace)
        roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(agent.tempWorkspace), writable: false, what: 'temporary workspace' });
    return roots;
}
/** The root that decides for `path` (the deepest containing it), compared as written. */
function decidingRootOf(roots, path) {
    let best;
    for (const root of roots)
        if ((0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .isInside */ .F)(path, root.path) && (!best || root.path.length > best.path.length))
            best = root;
    return best;
}


/***/ }),

/***/ 9927:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ isInside)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
// The one rule for "is this path inside that one", shared by the config, the policy, the runtimes,
// the probes and the reports (issue 24: five copies had drifted; one of them guarded the srt secret
// stores and counted `~/.ssh/..x` as outside `~/.ssh`).

/**
 * Whether `child` is `parent` or below it, by whole path segments: `..cache` is a name, not `..`.
 * Lexical (no symlinks resolved): callers that must follow links realpath both sides first.
 */
function isInside(child, parent) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_0__.relative)(parent, child);
    return rel === '' || (rel !== '..' && !rel.startsWith('..' + node_path__WEBPACK_IMPORTED_MODULE_0__.sep) && !(0,node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute)(rel));
}


/***/ }),

/***/ 58201:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* reexport safe */ _config_paths_js__WEBPACK_IMPORTED_MODULE_2__.FK),
/* harmony export */   PH: () => (/* binding */ resolveWorkDir),
/* harmony export */   dR: () => (/* binding */ checkFileAccess)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(81066);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
// Where an agent may work, in every mode: its workspace (writable), its context paths (by
// permission, protected paths read-only), the orchestrator's temporary workspace (read-only). The
// one rule for work_dir, write_file, read_file and junit paths. Paths are checked after resolving
// symlinks, so a link planted in the workspace cannot lead a step out. Docker mounts are path-
// transparent (the same absolute path inside), so a host-side check is a check of the container
// path too, and the error is the same in every mode.





/** The root that decides for a real path, the roots compared by their real paths too. */
async function decidingRoot(agent, real) {
    const roots = await Promise.all((0,_config_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .allowedRoots */ .Mb)(agent).map(async (r) => ({
        ...r,
        path: await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(r.path).catch(() => r.path)
    })));
    return (0,_config_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .decidingRootOf */ .L)(roots, real);
}
const ROOTS_TEXT = "the agent's allowed paths (workspace, context paths, temporary workspace)";
/**
 * Resolves a step's work_dir: absolute, an existing directory, inside an allowed root after
 * symlinks are resolved. Returns the path as given (containers see the same path).
 */
async function resolveWorkDir(agent, dir) {
    if (!(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(dir))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} is not an absolute path`);
    let real;
    try {
        real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(dir);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} does not exist`);
    }
    if (!(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(real)).isDirectory())
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} is not a directory`);
    if (!(await decidingRoot(agent, real)))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir}${real !== dir ? ` (resolves to ${real})` : ''} is outside ${ROOTS_TEXT}`);
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
    if (!(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(path))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${path} is not an absolute path`);
    const real = await realTarget(path, verb);
    const root = await decidingRoot(agent, real);
    const shown = real !== path ? `${path} (resolves to ${real})` : path;
    if (!root)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${shown} is outside ${ROOTS_TEXT}`);
    if (access === 'write' && !root.writable)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${shown} is in a read-only ${root.what} (${root.path})`);
}
/** Where a path really leads: its realpath if it exists, else the real parent plus the rest. */
async function realTarget(path, verb) {
    const existing = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined);
    if (existing) {
        try {
            return await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(path);
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${path} is a symbolic link that points nowhere`);
        }
    }
    const parent = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(path);
    if (parent === path)
        return path;
    return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(await realTarget(parent, verb), (0,node_path__WEBPACK_IMPORTED_MODULE_1__.basename)(path));
}


/***/ }),

/***/ 8175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ck: () => (/* binding */ caEnv),
/* harmony export */   KM: () => (/* binding */ describeCaBundle),
/* harmony export */   L9: () => (/* binding */ CA_DIR_IN_SANDBOX),
/* harmony export */   e3: () => (/* binding */ CA_ENV_NAMES),
/* harmony export */   ft: () => (/* binding */ BUNDLE_NAME),
/* harmony export */   qA: () => (/* binding */ writeCaBundle),
/* harmony export */   to: () => (/* binding */ mergeCaEntries),
/* harmony export */   vt: () => (/* binding */ SYSTEM_CA),
/* harmony export */   yw: () => (/* binding */ caCertificatesOption),
/* harmony export */   zm: () => (/* binding */ SANDBOX_TRUST_STORE)
/* harmony export */ });
/* unused harmony exports SYSTEM_BUNDLES, parseCertificates, buildCaBundle */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(83916);
// `command_line_ca_certificates` and the `ca-certificates` option: one PEM bundle per sandbox (the
// runner's system bundle plus the listed certificates), written to a fresh host directory, that
// the docker session mounts read-only over the image's trust-store file and srt hands to its
// sandboxed commands; the usual clients' variables point at it.
//
// The paths come from the config, which in a pull request the agent may have written, and the
// bundle is readable inside the sandbox: so only certificates go in, each parsed and re-encoded.
// A path naming some other file (a key, a token) is refused without a byte of it reaching the
// sandbox or the log.





/** The entry that stands for the runner's own trust store. */
const SYSTEM_CA = 'system';
/** Where Linux distributions keep their system bundle (Debian/Ubuntu/Alpine, Fedora/RHEL, SUSE). */
const SYSTEM_BUNDLES = [
    '/etc/ssl/certs/ca-certificates.crt',
    '/etc/pki/tls/certs/ca-bundle.crt',
    '/etc/ssl/ca-bundle.pem',
    '/etc/ssl/cert.pem'
];
/** The file in the sandbox the bundle replaces: the Debian/Ubuntu/Alpine trust store. */
const SANDBOX_TRUST_STORE = '/etc/ssl/certs/ca-certificates.crt';
/** Where the bundle's directory is mounted in a container too (a path no image owns). */
const CA_DIR_IN_SANDBOX = '/run/massgen-ca';
const BUNDLE_NAME = 'ca-certificates.crt';
/** The variables that point the usual clients at a bundle (OpenSSL, Node, requests, pip, curl, git). */
const CA_ENV_NAMES = [
    'SSL_CERT_FILE',
    'NODE_EXTRA_CA_CERTS',
    'REQUESTS_CA_BUNDLE',
    'PIP_CERT',
    'CURL_CA_BUNDLE',
    'GIT_SSL_CAINFO'
];
function caEnv(bundlePath) {
    return Object.fromEntries(CA_ENV_NAMES.map((n) => [n, bundlePath]));
}
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+?-----END CERTIFICATE-----/g;
/** Every certificate in `text`, re-encoded; throws (naming `label`, never the content) otherwise. */
function parseCertificates(text, label) {
    const out = [];
    for (const m of text.matchAll(PEM_BLOCK)) {
        try {
            out.push(new node_crypto__WEBPACK_IMPORTED_MODULE_0__.X509Certificate(m[0]).toString().trim());
        }
        catch {
            throw new Error(`${label}: a CERTIFICATE block does not parse as an X.509 certificate`);
        }
    }
    if (out.length === 0)
        throw new Error(`${label}: no PEM certificate ("-----BEGIN CERTIFICATE-----") in the file`);
    return out;
}
async function firstReadable(paths) {
    for (const path of paths) {
        const text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(path, 'utf8').catch(() => undefined);
        if (text !== undefined)
            return { path, text };
    }
    return undefined;
}
/**
 * The runner's system bundle (so public sites stay trusted) and every listed file's certificates.
 * `system` in the list makes a missing system bundle an error; without it, a warning.
 */
async function buildCaBundle(entries, o = {}) {
    const candidates = o.systemBundles ?? SYSTEM_BUNDLES;
    const certs = [];
    const sources = [];
    const system = await firstReadable(candidates);
    if (system) {
        certs.push(...parseCertificates(system.text, `system CA bundle ${system.path}`));
        sources.push(system.path);
    }
    else if (entries.includes(SYSTEM_CA)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(`ca-certificates: system: the runner has no system CA bundle (looked at ${candidates.join(', ')})`, 'list the CA files instead of "system"');
    }
    else {
        o.log?.(`warning: the runner has no system CA bundle (${candidates.join(', ')}): the sandbox trusts only the listed certificates`);
    }
    for (const path of entries.filter((e) => e !== SYSTEM_CA)) {
        let text;
        try {
            text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(path, 'utf8');
        }
        catch (err) {
            const code = err.code ?? 'unreadable';
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(`ca-certificates: ${path} cannot be read (${code})`, 'give the path of a PEM file of CA certificates on the runner');
        }
        try {
            certs.push(...parseCertificates(text, `ca-certificates: ${path}`));
        }
        catch (err) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(err.message, 'give a PEM file of CA certificates');
        }
        sources.push(path);
    }
    const unique = [...new Set(certs)];
    return { pem: unique.join('\n') + '\n', count: unique.length, sources };
}
/** buildCaBundle, written to a fresh host directory any sandbox uid can read. */
async function writeCaBundle(entries, o = {}) {
    const bundle = await buildCaBundle(entries, o);
    const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(o.parent ?? (0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'mgx-ca-')));
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(dir, 0o755);
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, BUNDLE_NAME);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)(file, bundle.pem, { mode: 0o644 });
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(file, 0o644);
    return { ...bundle, dir, file, remove: () => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(dir, { recursive: true, force: true }) };
}
/** The agent's entries and the run's (`ca-certificates` option), `system` first, no repeats. */
function mergeCaEntries(own, run) {
    const all = [...(run ?? []), ...(own ?? [])];
    if (all.length === 0)
        return undefined;
    const merged = [...new Set(all)];
    return merged.includes(SYSTEM_CA) ? [SYSTEM_CA, ...merged.filter((e) => e !== SYSTEM_CA)] : merged;
}
/**
 * The `ca-certificates` option as the CLI and the action take it: paths separated by commas or
 * new lines (relative ones against `base`), or `system`.
 */
function caCertificatesOption(value, base) {
    const list = (value ?? '')
        .split(/[,\n]/)
        .map((x) => x.trim())
        .filter(Boolean)
        .map((x) => (x === SYSTEM_CA ? x : (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(base, x)));
    return list.length ? [...new Set(list)] : undefined;
}
/** One log line about the bundle (no certificate content). */
function describeCaBundle(b) {
    return `CA bundle: ${b.count} certificates from ${b.sources.join(', ')}`;
}


/***/ }),

/***/ 49255:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JT: () => (/* binding */ CREDENTIAL_MOUNTS),
/* harmony export */   Pv: () => (/* binding */ resolveCredentialEnv),
/* harmony export */   z8: () => (/* binding */ resolveCredentials)
/* harmony export */ });
/* unused harmony export parseEnvFile */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _labels_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(10134);
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
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(config.envFile)) {
            const fromFile = parseEnvFile((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(config.envFile, 'utf8'));
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
function resolveCredentials(config, hostEnv = process.env, home = (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)()) {
    if (!config)
        return { env: {}, mounts: [], warnings: [] };
    const result = { ...resolveCredentialEnv(config, hostEnv), mounts: [] };
    for (const name of config.mount) {
        const rel = CREDENTIAL_MOUNTS[name];
        if (!rel) {
            result.warnings.push(`credentials mount ${name} is unknown; skipped`);
            continue;
        }
        const source = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(home, rel);
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(source)) {
            result.warnings.push(`credentials mount ${name}: ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: `${_labels_js__WEBPACK_IMPORTED_MODULE_3__/* .AGENT_HOME */ .A9}/${rel}`, readOnly: true });
    }
    for (const mount of config.additionalMounts) {
        const source = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(mount.hostPath.replace(/^~(?=$|\/)/, home));
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(source)) {
            result.warnings.push(`additional mount ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: mount.bind, readOnly: mount.mode !== 'rw' });
    }
    return result;
}


/***/ }),

/***/ 40194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GA: () => (/* binding */ warnInaccessible),
/* harmony export */   Iw: () => (/* binding */ checkMountSources),
/* harmony export */   YC: () => (/* binding */ chooseAgentUser),
/* harmony export */   tN: () => (/* binding */ parseUser)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(89447);
// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids: the agent runs as the workspace's owner (see
// ../workspace-owner.ts), and nothing on the host is chmod'ed or chown'ed to make it fit.


function parseUser(user) {
    const [uid, gid] = user.split(':').map((part) => Number(part));
    if (!Number.isInteger(uid) || uid < 0)
        throw new Error(`docker user ${user} must be numeric uid:gid`);
    return { uid, gid: Number.isInteger(gid) && gid >= 0 ? gid : uid };
}
/**
 * Drops mounts whose source is missing when `optional(m)` says they may be (protected paths),
 * and throws for other missing sources. Returns the mounts to use.
 */
async function checkMountSources(mounts, optional, log) {
    const kept = [];
    for (const m of mounts) {
        const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(m.source).catch(() => undefined);
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
/**
 * The uid:gid the agent runs as: command_line_docker_user when the config sets it; otherwise the
 * workspace's owner (never root: a root-owned workspace keeps the image's user), except with the
 * sudo variant (its sudoers entry is the image user's) or a writable root filesystem (no home
 * volume to give). Logs the choice and warns, with the fix,
 * when that user cannot write the workspace. Nothing on the host is changed.
 */
async function chooseAgentUser(dir, config, log) {
    const image = parseUser(config.user);
    const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir);
    let user = image;
    // The home must follow too: only a home volume can (a writable root filesystem keeps it 1000's).
    if (!config.userExplicit && !config.enableSudo && config.readOnlyRootfs) {
        user = (0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .followOwner */ .zc)(st, image);
        if (user.uid !== image.uid || user.gid !== image.gid)
            log(`container user ${user.uid}:${user.gid}: the workspace's owner (its home follows)`);
    }
    if (!(0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .allows */ .NB)(st, user, 0o7))
        log((0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .unwritableWorkspaceWarning */ .tW)(dir, st, user, 'container user'));
    return `${user.uid}:${user.gid}`;
}
/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
async function warnInaccessible(mounts, user, log) {
    for (const m of mounts) {
        const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(m.source).catch(() => undefined);
        if (!st)
            continue;
        const bits = st.isDirectory() ? (m.readOnly ? 0o5 : 0o7) : m.readOnly ? 0o4 : 0o6;
        if (!(0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .allows */ .NB)(st, user, bits))
            log(`warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
                `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`);
    }
}


/***/ }),

/***/ 10134:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A9: () => (/* binding */ AGENT_HOME),
/* harmony export */   Ao: () => (/* binding */ LABEL_OWNER_START),
/* harmony export */   Bt: () => (/* binding */ LABEL_RUN),
/* harmony export */   Fj: () => (/* binding */ LABEL_VARIANT),
/* harmony export */   II: () => (/* binding */ LABEL_VERSION),
/* harmony export */   Q: () => (/* binding */ LABEL_CONTEXT_HASH),
/* harmony export */   TA: () => (/* binding */ LABEL_MANAGED),
/* harmony export */   UM: () => (/* binding */ LABEL_OWNER_BOOT),
/* harmony export */   __: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.__),
/* harmony export */   ds: () => (/* binding */ KEEPALIVE_USER),
/* harmony export */   hR: () => (/* binding */ LABEL_AGENT),
/* harmony export */   mO: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.mO),
/* harmony export */   me: () => (/* binding */ LABEL_OWNER_HOST),
/* harmony export */   rW: () => (/* binding */ LABEL_OWNER_PID),
/* harmony export */   sz: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.Az)
/* harmony export */ });
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31954);
// Names shared by everything that creates, finds or sweeps our Docker objects.
/** On every container we create (never on images: a container anyone starts from one would carry it). */
const LABEL_MANAGED = 'io.massgen-exec.managed';
const LABEL_RUN = 'io.massgen-exec.run-id';
const LABEL_AGENT = 'io.massgen-exec.agent-id';
const LABEL_VERSION = 'io.massgen-exec.version';
/** The process that owns a container (see owner.ts): host, boot, pid and that pid's start time. */
const LABEL_OWNER_HOST = 'io.massgen-exec.owner.host';
const LABEL_OWNER_BOOT = 'io.massgen-exec.owner.boot-id';
const LABEL_OWNER_PID = 'io.massgen-exec.owner.pid';
const LABEL_OWNER_START = 'io.massgen-exec.owner.start';
/** On our images: sha256 of the bundled docker/ build context they were built from. */
const LABEL_CONTEXT_HASH = 'io.massgen-exec.context-hash';
const LABEL_VARIANT = 'io.massgen-exec.variant';

const AGENT_HOME = '/home/massgen';
/** The keepalive (the container's main process) runs as nobody, so killing the agent uid spares it. */
const KEEPALIVE_USER = '65534:65534';


/***/ }),

/***/ 60878:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fn: () => (/* binding */ parseEgressConfig),
/* harmony export */   jg: () => (/* binding */ compileEgressPolicy)
/* harmony export */ });
/* unused harmony exports domainEntryProblem, loopbackEntryProblem, cidrProblem, presetProblem, emptyEgressConfig */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _presets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(21022);
/* harmony import */ var _srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(82001);
// `command_line_egress` → the compiled policy the decision function reads. Entry and CIDR checks
// live here so the config loader (with positions) and the runtimes use the same rules.



/** Why an allowed_domains entry is not valid, or undefined when it is. */
function domainEntryProblem(entry) {
    if (entry.trim() !== entry || entry === '')
        return `${JSON.stringify(entry)} is empty or has surrounding spaces`;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry))
        return `${JSON.stringify(entry)} is a URL; give the host name only (with an optional :port)`;
    if (entry === '*' || /^\*\.[^.]+$/.test(entry))
        return `${JSON.stringify(entry)} is too broad; name a domain such as "*.example.com"`;
    const host = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .splitDomainPatternPort */ .Qb)(entry).hostPattern;
    // The shared pattern check counts dots and wildcards but not characters.
    const plain = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) !== 0 || /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i.test(host);
    if (!plain || !(0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .isValidAllowedDomainEntry */ .dQ)(entry))
        return (`${JSON.stringify(entry)} is not a host name, "*.domain" wildcard or IP literal ` +
            '(IPv6 in brackets), with an optional ":port"');
    return undefined;
}
/**
 * Why an allowed_domains entry names the sandbox's own loopback (localhost, *.localhost,
 * 127.0.0.0/8, ::1), or undefined. Such an entry can never work: inside the container (or the srt
 * sandbox) those are the sandbox's own loopback, which clients reach directly (NO_PROXY), never
 * through the egress proxy and never on the runner. The config refuses it; the runtimes do not
 * (tests hand the proxy loopback literals directly).
 */
function loopbackEntryProblem(entry) {
    const host = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .splitDomainPatternPort */ .Qb)(entry)
        .hostPattern.replace(/^\[|\]$/g, '')
        .toLowerCase();
    const loopback = host === 'localhost' ||
        host.endsWith('.localhost') ||
        ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 4 && host.startsWith('127.')) ||
        ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 6 && /^(0*:)*:?0*1$/.test(host));
    if (!loopback)
        return undefined;
    return (`${JSON.stringify(entry)} is the sandbox's own loopback: inside the sandbox localhost and ` +
        '127.0.0.0/8 (and ::1) are its own, reached directly and never through the egress proxy, so a ' +
        'service on the runner is not reachable that way; give the service a name that resolves to a ' +
        'runner address (e.g. in /etc/hosts), list the name here and the address in allowed_private_ranges');
}
/** Why an allowed_private_ranges entry is not a CIDR or IP literal, or undefined. */
function cidrProblem(entry) {
    return (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .parseAddressRange */ .J)(entry)
        ? undefined
        : `${JSON.stringify(entry)} is not an IP address or CIDR range such as "10.0.0.0/8" or "fd00::/8"`;
}
function presetProblem(name) {
    return _presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESETS */ .f[name]
        ? undefined
        : `unknown preset ${JSON.stringify(name)}; one of ${_presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESET_NAMES */ .d.join(', ')}`;
}
/** An egress config with nothing in it but defaults (what an empty `command_line_egress: {}` means). */
function emptyEgressConfig() {
    return {
        allowedDomains: [],
        presets: [],
        allowedPrivateRanges: [],
        audit: false,
        srtAllowedDomains: []
    };
}
/**
 * Raw YAML values → EgressConfig, collecting problems as (key path, message) so the loader can
 * pin each to its position. `srtAllowedDomains` is MassGen's `command_line_srt_network_allowed_domains`
 * (srt agents), which adds to the same list.
 */
function parseEgressConfig(raw, srtAllowedDomains, report) {
    const cfg = emptyEgressConfig();
    const list = (v) => (Array.isArray(v) ? v : []);
    list(raw?.allowed_domains).forEach((e, i) => {
        const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e));
        if (problem)
            report(['allowed_domains', i], `allowed_domains[${i}]: ${problem}`);
        else
            cfg.allowedDomains.push(String(e));
    });
    list(raw?.presets).forEach((e, i) => {
        const problem = presetProblem(String(e));
        if (problem)
            report(['presets', i], `presets[${i}]: ${problem}`);
        else if (!cfg.presets.includes(String(e)))
            cfg.presets.push(String(e));
    });
    list(raw?.allowed_private_ranges).forEach((e, i) => {
        const problem = cidrProblem(String(e));
        if (problem)
            report(['allowed_private_ranges', i], `allowed_private_ranges[${i}]: ${problem}`);
        else
            cfg.allowedPrivateRanges.push(String(e));
    });
    cfg.audit = raw?.audit === true;
    list(srtAllowedDomains).forEach((e, i) => {
        const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e));
        if (problem)
            report(['srt', i], `command_line_srt_network_allowed_domains[${i}]: ${problem}`);
        else
            cfg.srtAllowedDomains.push(String(e));
    });
    return cfg;
}
/** Throws on an entry the loader would have refused (a caller that skipped validation). */
function compileEgressPolicy(config) {
    const rules = [];
    const seen = new Set();
    const add = (entry, source) => {
        const problem = domainEntryProblem(entry);
        if (problem)
            throw new Error(`egress: ${problem}`);
        const key = entry.toLowerCase();
        if (seen.has(key))
            return;
        seen.add(key);
        rules.push({ entry, source });
    };
    for (const e of config.allowedDomains)
        add(e, 'allowed_domains');
    for (const p of config.presets) {
        const problem = presetProblem(p);
        if (problem)
            throw new Error(`egress: ${problem}`);
        for (const e of _presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESETS */ .f[p])
            add(e, `preset ${p}`);
    }
    for (const e of config.srtAllowedDomains)
        add(e, 'command_line_srt_network_allowed_domains');
    const privateRanges = config.allowedPrivateRanges.map((cidr) => {
        const range = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .parseAddressRange */ .J)(cidr);
        if (!range)
            throw new Error(`egress: ${cidrProblem(cidr)}`);
        const list = new node_net__WEBPACK_IMPORTED_MODULE_0__.BlockList();
        list.addSubnet(range.address, range.prefix, range.family);
        return { cidr, list };
    });
    return { config, audit: config.audit, rules, privateRanges };
}


/***/ }),

/***/ 21022:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ PRESET_NAMES),
/* harmony export */   f: () => (/* binding */ PRESETS)
/* harmony export */ });
// Named domain lists kept in the product, for `command_line_egress.presets`. Each is what the
// ecosystem's own client fetches from on a default configuration, and no more: generic storage
// hosts where anyone can create a bucket (storage.googleapis.com, *.s3.amazonaws.com,
// *.blob.core.windows.net) are left out on purpose, because an allowlisted upload target is an
// exfiltration channel. A project that needs one lists the exact bucket host in allowed_domains.
// Sources: each tool's documentation of its endpoints, cross-checked against GitHub's gh-aw
// ecosystem lists (pkg/workflow/data/ecosystem_domains.json).
const PRESETS = {
    /** pip / uv / poetry against PyPI: the index, the file CDN, get-pip. */
    python: ['pypi.org', 'files.pythonhosted.org', 'pypi.python.org', 'bootstrap.pypa.io'],
    /** conda / mamba against the default channels. */
    conda: ['conda.anaconda.org', 'repo.anaconda.com'],
    /** npm, yarn (classic and berry), pnpm against the public registry; node-gyp's headers. */
    npm: ['registry.npmjs.org', 'registry.yarnpkg.com', 'repo.yarnpkg.com', 'nodejs.org'],
    /** git over HTTPS, the API, archives, raw files, release assets, LFS objects. */
    github: [
        'github.com',
        'api.github.com',
        'codeload.github.com',
        'raw.githubusercontent.com',
        'objects.githubusercontent.com',
        'release-assets.githubusercontent.com',
        'media.githubusercontent.com',
        'github-cloud.githubusercontent.com',
        'github-cloud.s3.amazonaws.com'
    ],
    /** apt on Debian (deb.debian.org is the CDN front for every suite). */
    debian: ['deb.debian.org', 'security.debian.org'],
    /** apt on Ubuntu (amd64 and ports), and Launchpad PPAs. */
    ubuntu: [
        'archive.ubuntu.com',
        'security.ubuntu.com',
        'ports.ubuntu.com',
        'ppa.launchpadcontent.net'
    ],
    /** Go modules through the default GOPROXY and checksum database; toolchain downloads. */
    go: ['proxy.golang.org', 'sum.golang.org', 'go.dev', 'dl.google.com'],
    /** cargo's sparse index and crate files; rustup. */
    rust: [
        'crates.io',
        'index.crates.io',
        'static.crates.io',
        'static.rust-lang.org',
        'sh.rustup.rs'
    ],
    /** RubyGems / bundler. */
    ruby: ['rubygems.org', 'index.rubygems.org'],
    /** Maven Central and the Gradle distribution and plugin portal. */
    java: [
        'repo.maven.apache.org',
        'repo1.maven.org',
        'services.gradle.org',
        'downloads.gradle.org',
        'plugins.gradle.org',
        'plugins-artifacts.gradle.org'
    ]
};
const PRESET_NAMES = Object.keys(PRESETS);


/***/ }),

/***/ 82001:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BO: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.BO),
/* harmony export */   J: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.J),
/* harmony export */   NH: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__.N),
/* harmony export */   Qb: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.Qb),
/* harmony export */   RH: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.RH),
/* harmony export */   TZ: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.TZ),
/* harmony export */   dQ: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.dQ),
/* harmony export */   gn: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.gn),
/* harmony export */   ix: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_resolved_address_guard_js__WEBPACK_IMPORTED_MODULE_1__.ix),
/* harmony export */   pb: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.pb),
/* harmony export */   sB: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.sB),
/* harmony export */   vL: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.vL),
/* harmony export */   y0: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__.y),
/* harmony export */   yL: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.yL)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99785);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_resolved_address_guard_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76593);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(84457);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(81683);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(98306);
// The pieces of @anthropic-ai/sandbox-runtime the egress model is built on, imported in one place.
// They are internal modules of the package (it has no exports map, so the paths resolve), pinned by
// the dependency's ^0.0.x range to one version; an upgrade is checked here and by the unit tests
// that pin their behaviour (__tests__/unit/runtime/egress/srt-pieces.test.ts).
//
// Why borrow rather than write: the HTTP/CONNECT proxy (createHttpProxyServer) already handles what
// a hand-written one gets wrong — host canonicalisation (`0x7f.1`, trailing dots, IPv4-mapped
// literals), hop-by-hop headers, half-closed tunnels, clients that vanish mid-decision — and it
// takes exactly the two hooks our model needs: a name filter and a per-port `lookup` that decides
// which resolved address is dialled. Using its domain-pattern matcher too means an entry means the
// same thing in docker mode, in srt mode and in MassGen's `command_line_srt_network_allowed_domains`.







/***/ }),

/***/ 28032:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ writeBackgroundLogs),
/* harmony export */   Gg: () => (/* binding */ describeBackground)
/* harmony export */ });
/* unused harmony exports backgroundLogName, backgroundLogText */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The one layout of background steps' logs in the output directory, for every mode (docker,
// local, srt): `<out>/<agent>/background_<name>.log` per background step, its command and how it
// ended in a header, then its stdout and its stderr.


/** The file name of a background step's log (the name's odd characters replaced). */
function backgroundLogName(name) {
    return `background_${name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`;
}
/** One line: how the background step ended (or that it had not). */
function describeBackground(b) {
    if (b.error)
        return `error: ${b.error}`;
    if (!b.result)
        return 'still running when logs were saved';
    return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`;
}
function backgroundLogText(b) {
    const body = [
        `# ${b.name}: ${b.command}`,
        `# started ${b.startedAt.toISOString()}; ${describeBackground(b)}`,
        '## stdout',
        b.stdout,
        '## stderr',
        b.stderr || b.error || ''
    ];
    return body.join('\n') + '\n';
}
/** background_<name>.log per entry, into `dir` (which exists). */
async function writeBackgroundLogs(dir, entries) {
    for (const b of entries)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(dir, backgroundLogName(b.name)), backgroundLogText(b));
}


/***/ }),

/***/ 62762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q9: () => (/* binding */ captureOutput),
/* harmony export */   h6: () => (/* binding */ TRUNCATION_MARKER),
/* harmony export */   uu: () => (/* binding */ OutputCap)
/* harmony export */ });
/* unused harmony export truncationMarker */
// Caps a stream while it is being read: the first half of the budget is kept as the head, the
// last half as a ring-buffered tail, and everything between is only counted. Memory stays at
// `maxBytes` whatever the command prints.
/** The line that stands where output was dropped; redaction looks for it (see report/redact.ts). */
const TRUNCATION_MARKER = /\n\.\.\. \[truncated: \d+ bytes dropped\] \.\.\.\n/g;
function truncationMarker(droppedBytes) {
    return `\n... [truncated: ${droppedBytes} bytes dropped] ...\n`;
}
class OutputCap {
    maxBytes;
    headLimit;
    tailLimit;
    head = [];
    headBytes = 0;
    tail = [];
    tailBytes = 0;
    total = 0;
    constructor(maxBytes) {
        this.maxBytes = maxBytes;
        this.headLimit = Math.ceil(maxBytes / 2);
        this.tailLimit = maxBytes - this.headLimit;
    }
    push(chunk) {
        this.total += chunk.length;
        if (this.headBytes < this.headLimit) {
            const take = Math.min(chunk.length, this.headLimit - this.headBytes);
            this.head.push(chunk.subarray(0, take));
            this.headBytes += take;
            chunk = chunk.subarray(take);
            if (chunk.length === 0)
                return;
        }
        if (this.tailLimit === 0)
            return;
        if (chunk.length >= this.tailLimit) {
            // Copy: the caller may reuse its buffer, and a subarray would pin the whole chunk.
            this.tail = [Buffer.from(chunk.subarray(chunk.length - this.tailLimit))];
            this.tailBytes = this.tailLimit;
            return;
        }
        this.tail.push(Buffer.from(chunk));
        this.tailBytes += chunk.length;
        while (this.tailBytes - this.tail[0].length >= this.tailLimit) {
            this.tailBytes -= this.tail.shift().length;
        }
    }
    get totalBytes() {
        return this.total;
    }
    get truncated() {
        return this.total > this.maxBytes;
    }
    get droppedBytes() {
        return Math.max(0, this.total - this.maxBytes);
    }
    /** The kept text; when output was dropped, a marker stands where it was. */
    text() {
        const head = Buffer.concat(this.head);
        let tail = Buffer.concat(this.tail);
        if (!this.truncated)
            return Buffer.concat([head, tail]).toString('utf8');
        if (tail.length > this.tailLimit)
            tail = tail.subarray(tail.length - this.tailLimit);
        return head.toString('utf8') + truncationMarker(this.droppedBytes) + tail.toString('utf8');
    }
}
/**
 * A child process's stdout and stderr, each capped, with every chunk also handed to `onOutput`
 * (live output). For the runtimes that spawn on the host (local, srt).
 */
function captureOutput(child, maxBytes, onOutput) {
    const caps = { stdout: new OutputCap(maxBytes), stderr: new OutputCap(maxBytes) };
    for (const name of ['stdout', 'stderr'])
        child[name].on('data', (c) => {
            caps[name].push(c);
            onOutput?.(name, c);
        });
    return caps;
}


/***/ }),

/***/ 89447:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NB: () => (/* binding */ allows),
/* harmony export */   tW: () => (/* binding */ unwritableWorkspaceWarning),
/* harmony export */   wH: () => (/* binding */ checkWorkspaceWritable),
/* harmony export */   zc: () => (/* binding */ followOwner)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);

/** The workspace owner's uid:gid, or `fallback` when root owns it. */
function followOwner(owner, fallback) {
    return owner.uid === 0 ? fallback : { uid: owner.uid, gid: owner.gid };
}
/** Whether `user` has all of `bits` (rwx as 0o7) on a file with these stats (no ACLs, no groups beyond the primary). */
function allows(st, user, bits) {
    if (user.uid === 0)
        return true;
    if (st.uid === user.uid)
        return (st.mode & (bits << 6)) === bits << 6;
    if (st.gid === user.gid)
        return (st.mode & (bits << 3)) === bits << 3;
    return (st.mode & bits) === bits;
}
/** The warning for a workspace `user` cannot write, with the ways to fix it (never a chmod by us). */
function unwritableWorkspaceWarning(dir, st, user, who) {
    return (`warning: the workspace ${dir} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)}) ` +
        `is not writable by the ${who} ${user.uid}:${user.gid}, and nothing on the host is chmod'ed or ` +
        `chown'ed for it: steps that write there will fail. Fix: give the checkout to a non-root user ` +
        `(e.g. \`chown -R ${user.uid}:${user.gid} ${dir}\` in the workflow, or check out as that user), ` +
        `or set command_line_docker_user to its owner (uid 0 needs the workflow's root-user opt-in)`);
}
/** The warning when the workspace is not writable by `user`, or undefined. */
async function checkWorkspaceWritable(dir, user, who) {
    const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir);
    return allows(st, user, 0o7) ? undefined : unwritableWorkspaceWarning(dir, st, user, who);
}


/***/ })

};
