export const id = 446;
export const ids = [446];
export const modules = {

/***/ 84446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   describePlan: () => (/* binding */ describePlan),
/* harmony export */   listAgentsCommand: () => (/* binding */ listAgentsCommand),
/* harmony export */   validateCommand: () => (/* binding */ validateCommand)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _config_memory_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(81787);
/* harmony import */ var _config_load_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(71264);
/* harmony import */ var _config_source_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(79397);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(75106);
/* harmony import */ var _config_notices_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(94523);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(83916);
/* harmony import */ var _runtime_docker_container_spec_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5416);
/* harmony import */ var _runtime_docker_credentials_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(49255);
/* harmony import */ var _runtime_docker_labels_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(10134);
/* harmony import */ var _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(30525);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(71604);
// `massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]`: every problem
// as `file:line:col: message` (exit 2), warnings (exit 0; errors with --strict), the MassGen keys
// that are accepted and not acted on (`ignored:`), and with --json the plan a run would use.












const validateCommand = {
    usage: `massgen-exec validate <config> [--working-directory DIR] [--json] [--strict]
                             [--config-ref REV] [--allow-unsafe a,b]

Prints every problem as file:line:col: message (exit 2), warnings as file:line:col: warning: …
and the MassGen keys that are accepted and not acted on as file:line:col: ignored: …; exit 0.

  --working-directory DIR  where relative paths in the config resolve (default: .), as for run
  --json                   print the resolved plan as JSON on stdout (see README, "validate --json")
  --strict                 warnings are errors (exit 2)
  --config-ref REV         read the config from this git revision, not the work tree
  --allow-unsafe a,b       unsafe classes the invoker allows (docker-socket, host-paths, root-user,
                           host-network, host-env, no-sandbox); any other found is an error (exit 2)`,
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .parseCommandArgs */ .Qx)(argv, {
            'working-directory': { type: 'string' },
            json: { type: 'boolean' },
            strict: { type: 'boolean' },
            'config-ref': { type: 'string' },
            'allow-unsafe': { type: 'string' }
        });
        const file = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .oneConfig */ .p8)(positionals);
        const allow = (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .parseUnsafeClasses */ .SB)(values['allow-unsafe'], '--allow-unsafe');
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printer */ .ll)(io.stdout);
        const err = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printer */ .ll)(io.stderr);
        const plan = await (0,_config_source_js__WEBPACK_IMPORTED_MODULE_3__/* .loadConfigFrom */ .pr)(file, {
            workingDirectory: values['working-directory'],
            configRef: values['config-ref'] || undefined
        });
        const warnings = plan.warnings ?? [];
        if (values.strict && warnings.length > 0) {
            for (const w of warnings)
                err((0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .formatIssue */ .Hd)(w));
            return 2;
        }
        for (const line of (0,_config_notices_js__WEBPACK_IMPORTED_MODULE_5__/* .warningLines */ ._)(plan))
            err(line);
        // Unsafe settings are refused here as run refuses them, so that "ok" means "runs".
        let refused;
        try {
            for (const line of (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .refuseUnsafe */ .H_)(plan, { allow, surface: 'cli' }))
                err(line);
        }
        catch (e) {
            if (!(e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .ConfigError */ .xL))
                throw e;
            refused = e;
            err(e.message);
        }
        if (values.json) {
            out(JSON.stringify(describePlan(plan, allow), null, 2));
            return refused ? 2 : 0;
        }
        if (refused)
            return 2;
        for (const line of (0,_config_notices_js__WEBPACK_IMPORTED_MODULE_5__/* .ignoredLines */ .Q)(plan))
            out(line);
        const agents = plan.agents.map(agentLine);
        const from = plan.source?.kind === 'revision' ? ` (${(0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .describeSource */ .B6)(plan.source)})` : '';
        out(`${file}: ok${from} — ${plan.agents.length} agent(s): ${agents.join(', ')}`);
        return 0;
    }
};
const listAgentsCommand = {
    usage: 'massgen-exec list-agents <config>',
    async run(argv, io) {
        const plan = await (0,_config_load_js__WEBPACK_IMPORTED_MODULE_2__.loadConfig)((0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .oneConfig */ .p8)((0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .parseCommandArgs */ .Qx)(argv, {}).positionals));
        (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printer */ .ll)(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)));
        return 0;
    }
};
function agentLine(a) {
    if (a.steps.length === 0)
        return `${a.id} (${a.mode}, no commands: nothing runs)`;
    return `${a.id} (${a.mode}, ${a.steps.length} step${a.steps.length === 1 ? '' : 's'})`;
}
/** The plan as `validate --json` prints it (documented in the README). */
function describePlan(plan, allow = []) {
    const found = plan.unsafe ?? [];
    return {
        config: plan.configFile,
        workingDirectory: plan.workingDirectory,
        warnings: (plan.warnings ?? []).map((w) => ({ ...w })),
        ignored: plan.ignored ?? [],
        agents: plan.agents.map(describeAgent),
        configSource: plan.source ?? null,
        unsafe: {
            classes: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .classesOf */ .OX)(found),
            allowed: allow,
            refused: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .classesOf */ .OX)(found.filter((f) => !allow.includes(f.class) && f.class !== 'no-sandbox')),
            found: found.map((f) => ({
                class: f.class,
                agent: f.agent,
                key: f.key,
                message: f.message,
                at: `${f.file}:${f.line}:${f.col}`
            }))
        }
    };
}
function describeAgent(a) {
    const runs = a.steps.length > 0;
    const d = a.docker;
    return {
        id: a.id,
        mode: a.mode,
        runs,
        workspace: {
            path: a.workspace,
            source: a.workspaceSource ?? 'cwd',
            used: runs || a.workspaceSource !== 'default'
        },
        image: d?.image ?? null,
        ownImage: d?.ownImage ?? null,
        user: d?.user ?? null,
        limits: d
            ? {
                memory: d.memoryBytes !== undefined ? (0,_config_memory_js__WEBPACK_IMPORTED_MODULE_1__/* .formatBytes */ .z)(d.memoryBytes) : null,
                memoryBytes: d.memoryBytes ?? null,
                cpus: d.cpus ?? null,
                pids: d.pidsLimit,
                readOnlyRootfs: d.readOnlyRootfs,
                runtime: d.runtime ?? null,
                maxOutputBytes: a.maxOutputBytes,
                disk: d.diskLimitBytes !== undefined ? (0,_config_memory_js__WEBPACK_IMPORTED_MODULE_1__/* .formatBytes */ .z)(d.diskLimitBytes) : null,
                diskBytes: d.diskLimitBytes ?? null
            }
            : { maxOutputBytes: a.maxOutputBytes },
        network: d
            ? a.egress
                ? `${d.network} + egress ${a.egress.audit ? 'audit' : 'allowlist'}`
                : d.network
            : 'host (local mode: no isolation)',
        egress: a.egress
            ? {
                allowedDomains: [...a.egress.allowedDomains, ...a.egress.srtAllowedDomains],
                presets: a.egress.presets,
                allowedPrivateRanges: a.egress.allowedPrivateRanges,
                audit: a.egress.audit
            }
            : null,
        mounts: d && runs ? mounts(a) : [],
        environment: d?.credentials
            ? {
                vars: d.credentials.envVars,
                file: d.credentials.envFile ?? null,
                fromFile: d.credentials.envVarsFromFile,
                passAllEnv: d.credentials.passAllEnv
            }
            : null,
        packages: d?.packages ?? null,
        policy: {
            enableSudo: a.policy.enableSudo,
            allowed: a.policy.allowed.map((p) => p.source),
            blocked: a.policy.blocked.map((p) => p.source)
        },
        permissions: {
            deny: permissionList(a, 'deny'),
            ask: permissionList(a, 'ask'),
            allow: permissionList(a, 'allow')
        },
        commandPrefix: a.commandPrefix ?? null,
        venvPath: a.venvPath ?? null,
        steps: a.steps.map(describeStep)
    };
}
function permissionList(a, decision) {
    return (a.policy.permissions ?? [])
        .filter((r) => r.decision === decision)
        .map((r) => (r.origin ? `${r.source} (${r.origin})` : r.source));
}
/** What a docker agent's container gets mounted, from the runtime's own mount plan. */
function mounts(a) {
    const kindOf = (target) => {
        if (target === a.workspace)
            return 'workspace';
        if (target === a.tempWorkspace)
            return 'temporary-workspace';
        if (a.contextPaths.some((c) => c.path === target))
            return 'context';
        return 'protected';
    };
    const planned = (0,_runtime_docker_container_spec_js__WEBPACK_IMPORTED_MODULE_7__/* .planMounts */ .Ou)(a).map((m) => ({
        kind: kindOf(m.target),
        source: m.source,
        target: m.target,
        mode: m.readOnly ? 'ro' : 'rw'
    }));
    // The workspace first: it is what a reader looks for.
    const list = [
        ...planned.filter((m) => m.kind === 'workspace'),
        ...planned.filter((m) => m.kind !== 'workspace')
    ];
    const config = a.docker ?? (0,_runtime_docker_container_spec_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerDefaults */ .tN)();
    const creds = config.credentials;
    for (const name of creds?.mount ?? []) {
        const rel = _runtime_docker_credentials_js__WEBPACK_IMPORTED_MODULE_8__/* .CREDENTIAL_MOUNTS */ .JT[name];
        if (rel) {
            list.push({
                kind: `credential ${name}`,
                source: `~/${rel}`,
                target: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(_runtime_docker_labels_js__WEBPACK_IMPORTED_MODULE_11__/* .AGENT_HOME */ .A9, rel),
                mode: 'ro'
            });
        }
    }
    for (const m of creds?.additionalMounts ?? []) {
        list.push({ kind: 'additional', source: m.hostPath, target: m.bind, mode: m.mode });
    }
    if (a.egress)
        list.push({
            kind: 'egress proxy',
            source: '(a directory per run, under the temp directory)',
            target: _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_9__/* .EGRESS_DIR_IN_SANDBOX */ .wJ,
            mode: 'ro'
        });
    if (config.readOnlyRootfs) {
        list.push({ kind: 'home volume', source: '(anonymous volume)', target: _runtime_docker_labels_js__WEBPACK_IMPORTED_MODULE_11__/* .AGENT_HOME */ .A9, mode: 'rw' });
        for (const path of Object.keys((0,_runtime_docker_container_spec_js__WEBPACK_IMPORTED_MODULE_7__/* .scratchTmpfs */ .Tb)(config.memoryBytes)))
            list.push({ kind: 'tmpfs', source: 'tmpfs', target: path, mode: 'rw' });
    }
    return list;
}
function describeStep(s) {
    const base = { index: s.index, kind: s.kind, name: s.name ?? null, line: s.pos?.line ?? null };
    switch (s.kind) {
        case 'run':
            return {
                ...base,
                run: s.run,
                timeoutSec: s.timeoutSec,
                workDir: s.workDir ?? null,
                env: s.env,
                expectExit: s.expectExit,
                allowFailure: s.allowFailure,
                background: s.background,
                junit: s.junit ?? null,
                egress: s.egress ?? null
            };
        case 'write_file':
            return { ...base, path: s.path, bytes: Buffer.byteLength(s.content) };
        case 'read_file':
            return { ...base, path: s.path, offset: s.offset, lineCount: s.lineCount ?? null };
    }
}


/***/ }),

/***/ 94523:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ ignoredLines),
/* harmony export */   _: () => (/* binding */ warningLines)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// What a config says that is not an error, as lines: warnings (a context path that does not
// exist, a repeated key) and the MassGen keys accepted but not acted on. validate prints them, and
// so does every run, so that no key is dropped without a word.

function warningLines(plan) {
    return (plan.warnings ?? []).map((w) => (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .formatIssue */ .Hd)({ ...w, message: `warning: ${w.message}` }));
}
/** One line per reason, at the first place, naming every key path it covers. */
function ignoredLines(plan) {
    const byReason = new Map();
    for (const i of plan.ignored ?? []) {
        const entry = byReason.get(i.reason) ?? { at: i.at[0], paths: [] };
        entry.paths.push(i.at.length > 1 ? `${i.path} (×${i.at.length})` : i.path);
        byReason.set(i.reason, entry);
    }
    return [...byReason].map(([reason, { at, paths }]) => (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .formatIssue */ .Hd)({ ...at, message: `ignored: ${paths.join(', ')}: ${reason}` }));
}


/***/ }),

/***/ 79397:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pr: () => (/* binding */ loadConfigFrom)
/* harmony export */ });
/* unused harmony exports gitBlobId, safeGit */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(83916);
/* harmony import */ var _load_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(71264);
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
        let text;
        try {
            text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.readFile)(path, 'utf8');
        }
        catch (e) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ConfigError */ .xL([
                { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
            ]);
        }
        const plan = (0,_load_js__WEBPACK_IMPORTED_MODULE_6__/* .parseConfig */ .o)(text, path, opts);
        plan.source = { kind: 'worktree', path, blob: gitBlobId(text) };
        return plan;
    }
    const read = await readAtRevision(path, ref);
    const plan = (0,_load_js__WEBPACK_IMPORTED_MODULE_6__/* .parseConfig */ .o)(read.text, path, opts);
    plan.source = read.source;
    return plan;
}
/** The id git gives a blob with this content (SHA-1 object format). */
function gitBlobId(text) {
    const body = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
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
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', [...SAFE_CONFIG, ...args], { cwd, env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
            const why = error && typeof error.code !== 'number' ? error.message : '';
            done({ code, stdout, stderr: stderr.toString() + why });
        });
    });
}
/** The deepest existing directory at or above `p`. */
function existingDir(p) {
    let d = p;
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_2__.existsSync)(d) && (0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(d) !== d)
        d = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(d);
    return d;
}
async function readAtRevision(path, ref) {
    const fail = (message) => {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ConfigError */ .xL([{ file: path, line: 1, col: 1, message }]);
    };
    if (ref.startsWith('-'))
        fail(`config-ref ${JSON.stringify(ref)} is not a revision`);
    const abs = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(path);
    const start = existingDir((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(abs));
    const top = await safeGit(['rev-parse', '--show-toplevel'], start);
    if (top.code !== 0) {
        fail(`config-ref ${ref}: ${start} is not in a git repository (${lastLine(top.stderr)}); the config is read from a revision only inside one`);
    }
    const root = (0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(top.stdout.toString().trim());
    const real = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)((0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(start), (0,node_path__WEBPACK_IMPORTED_MODULE_4__.relative)(start, abs));
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.relative)(root, real);
    if (rel === '' || rel === '..' || rel.startsWith('..' + node_path__WEBPACK_IMPORTED_MODULE_4__.sep) || (0,node_path__WEBPACK_IMPORTED_MODULE_4__.isAbsolute)(rel))
        fail(`config-ref ${ref}: the config ${abs} is not inside the repository ${root}`);
    const rev = await safeGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
    if (rev.code !== 0) {
        fail(`config-ref ${ref}: no such commit in ${root} (a shallow checkout? fetch the base revision, e.g. actions/checkout with fetch-depth: 0)`);
    }
    const commit = rev.stdout.toString().trim();
    const gitPath = rel.split(node_path__WEBPACK_IMPORTED_MODULE_4__.sep).join('/');
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

/***/ 5416:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bn: () => (/* binding */ SUDO_CAPABILITIES),
/* harmony export */   Ch: () => (/* binding */ containerCreateOptions),
/* harmony export */   Ou: () => (/* binding */ planMounts),
/* harmony export */   Tb: () => (/* binding */ scratchTmpfs),
/* harmony export */   Wm: () => (/* binding */ describeLimits),
/* harmony export */   tN: () => (/* binding */ dockerDefaults),
/* harmony export */   xN: () => (/* binding */ containerName)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _labels_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(31954);
/* harmony import */ var _allowed_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(58201);
/* harmony import */ var _labels_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(10134);
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
        image: _labels_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_IMAGE */ .__,
        ownImage: true,
        network: 'none',
        enableSudo: false,
        readOnlyRootfs: true,
        pidsLimit: _labels_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_PIDS_LIMIT */ .fF,
        user: _labels_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_USER */ .Az
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
const SCRATCH = [
    ['/tmp', 1024 ** 3, 'rw,nosuid,nodev,mode=1777'],
    ['/var/tmp', 256 * 1024 ** 2, 'rw,nosuid,nodev,mode=1777'],
    ['/run', 64 * 1024 ** 2, 'rw,nosuid,nodev,noexec,mode=755']
];
function scratchTmpfs(memoryBytes) {
    const cap = memoryBytes !== undefined ? Math.floor(memoryBytes / 4) : Infinity;
    return Object.fromEntries(SCRATCH.map(([path, bytes, opts]) => [path, `${opts},size=${Math.min(bytes, cap)}`]));
}
/**
 * massgen-<agent>-<run suffix>: a valid, per-run unique container name. An agent id longer than
 * 60 characters keeps its first 51 and a hash of the whole id, so two long ids that differ only at
 * the end (a compare step's side or mutant sandboxes, "<agent>-compare-m<token>") stay distinct.
 */
function containerName(agentId, runId) {
    const safe = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent';
    const agent = safe.length <= 60 ? safe : `${safe.slice(0, 51)}-${hex(agentId, 8)}`;
    return `massgen-${agent}-${hex(runId, 10)}`;
}
const hex = (text, n) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text).digest('hex').slice(0, n);
/**
 * The agent's bind mounts, each at its own host path: temp workspace ro, context paths by
 * permission, the workspace rw, then protected paths ro (a second bind of the same path over a
 * writable parent), then credential mounts. A later entry for the same target replaces an earlier
 * one; the engine mounts parents before children.
 */
function planMounts(agent, extra = []) {
    const byTarget = new Map();
    const add = (path, readOnly) => {
        const abs = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(path);
        byTarget.delete(abs);
        byTarget.set(abs, { source: abs, target: abs, readOnly });
    };
    if (agent.tempWorkspace)
        add(agent.tempWorkspace, true);
    for (const ctx of agent.contextPaths)
        if ((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(ctx.path) !== (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(agent.workspace))
            add(ctx.path, ctx.permission !== 'write');
    add(agent.workspace, false);
    for (const ctx of agent.contextPaths)
        for (const p of ctx.protectedPaths)
            if ((0,_allowed_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .isInside */ .FK)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(p), (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(ctx.path)))
                add(p, true);
    for (const m of extra) {
        byTarget.delete(m.target);
        byTarget.set(m.target, m);
    }
    return [...byTarget.values()];
}
function containerCreateOptions(input) {
    const { config } = input;
    const mounts = input.mounts.map((m) => ({
        Type: 'bind',
        Source: m.source,
        Target: m.target,
        ReadOnly: m.readOnly
    }));
    if (config.readOnlyRootfs)
        mounts.unshift({ Type: 'volume', Target: _labels_js__WEBPACK_IMPORTED_MODULE_4__/* .AGENT_HOME */ .A9 });
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
        User: _labels_js__WEBPACK_IMPORTED_MODULE_4__/* .KEEPALIVE_USER */ .ds,
        WorkingDir: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(input.agent.workspace),
        Env: Object.entries(input.env).map(([k, v]) => `${k}=${v}`),
        Labels: {
            [_labels_js__WEBPACK_IMPORTED_MODULE_4__/* .LABEL_MANAGED */ .TA]: 'true',
            [_labels_js__WEBPACK_IMPORTED_MODULE_4__/* .LABEL_RUN */ .Bt]: input.runId,
            [_labels_js__WEBPACK_IMPORTED_MODULE_4__/* .LABEL_AGENT */ .hR]: input.agent.id,
            [_labels_js__WEBPACK_IMPORTED_MODULE_4__/* .LABEL_VERSION */ .II]: input.version,
            ...input.ownerLabels
        },
        HostConfig: hostConfig
    };
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
        readOnlyRootfs: config.readOnlyRootfs,
        runtime: config.runtime ?? null,
        sudo: config.enableSudo,
        disk: config.diskLimitBytes ?? null
    };
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

/***/ 30525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  wJ: () => (/* binding */ EGRESS_DIR_IN_SANDBOX),
  mB: () => (/* binding */ FIND_RELAY_INTERPRETER_CMD),
  Tu: () => (/* binding */ HEALTH_PATH),
  nZ: () => (/* binding */ PROXY_SOCKET_NAME),
  Co: () => (/* binding */ RELAY_PORT),
  Ev: () => (/* binding */ RELAY_USER),
  e1: () => (/* binding */ aptProxyConf),
  hH: () => (/* binding */ egressMount),
  MW: () => (/* binding */ prepareEgressDir),
  cS: () => (/* binding */ proxyEnv),
  PG: () => (/* binding */ relayCommand),
  V: () => (/* binding */ relayProbeCommand)
});

// UNUSED EXPORTS: RELAY_INTERPRETERS, relayInterpreter

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/runtime/egress/forwarder.ts
// The in-sandbox half of the topology: a relay from 127.0.0.1:<port> inside the agent's network
// namespace (which has no other interface) to the host proxy's Unix socket, bind-mounted read-only.
// Tools that only speak TCP to a proxy (pip, npm, git, curl) reach it through this. It carries no
// policy: the proxy on the host decides, so a process that connects to the socket directly, or
// replaces the relay on the port, still gets only what the proxy allows.
//
// Two implementations of the same relay, so an image needs either python3 or node (the runtime
// image has both; a slimmer custom image usually keeps one): the harness picks the first
// interpreter found at an absolute, root-owned path (never one on the agent's PATH, which the
// agent can write to), and runs it as a uid other than the agent's, so the agent's `kill -9 -1` on
// a timeout spares it. Both are single-threaded (selectors / the event loop): a relay that needed a
// thread per connection would stop relaying when the agent exhausts the container's pids limit.
/** Python 3 (3.3+) relay. `--probe PORT` asks the proxy's health endpoint through the relay. */
const FORWARD_PY = `# massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import os, selectors, socket, sys

BUF = 262144
# Sent first on every connection to the socket: the proxy serves nothing else (socket-gate.ts).
PREAMBLE = ("MASSGEN-EGRESS %s\\n" % os.environ.get("MASSGEN_EGRESS_TOKEN", "")).encode()
sel = selectors.DefaultSelector()


class End:
    def __init__(self, sock):
        self.sock, self.peer, self.out = sock, None, b""
        self.eof = self.shut = self.closed = False


def close_pair(e):
    for x in (e, e.peer):
        if x is not None and not x.closed:
            x.closed = True
            try:
                sel.unregister(x.sock)
            except (KeyError, ValueError):
                pass
            x.sock.close()


def want(e):
    if e.closed:
        return
    ev = 0
    if not e.eof and not e.peer.out:
        ev |= selectors.EVENT_READ
    if e.out:
        ev |= selectors.EVENT_WRITE
    registered = e.sock in sel.get_map()
    if ev == 0:
        if registered:
            sel.unregister(e.sock)
    elif registered:
        sel.modify(e.sock, ev, e)
    else:
        sel.register(e.sock, ev, e)


def flush(e):
    try:
        n = e.sock.send(e.out)
        e.out = e.out[n:]
    except (BlockingIOError, InterruptedError):
        pass


def settle(e):
    for x in (e, e.peer):
        if x.eof and not x.peer.out and not x.peer.shut:
            x.peer.shut = True
            try:
                x.peer.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
    if e.eof and e.peer.eof and not e.out and not e.peer.out:
        close_pair(e)
    else:
        want(e)
        want(e.peer)


def on_event(e, mask):
    if mask & selectors.EVENT_WRITE and e.out:
        flush(e)
    if mask & selectors.EVENT_READ and not e.closed:
        try:
            data = e.sock.recv(BUF)
        except (BlockingIOError, InterruptedError):
            data = None
        if data == b"":
            e.eof = True
        elif data:
            e.peer.out = memoryview(data)
            flush(e.peer)


def accept(srv, path):
    try:
        c, _ = srv.accept()
    except OSError:
        return
    u = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        u.settimeout(5)
        u.connect(path)
        u.sendall(PREAMBLE)
    except OSError:
        c.close()
        u.close()
        return
    c.setblocking(False)
    u.setblocking(False)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    a, b = End(c), End(u)
    a.peer, b.peer = b, a
    want(a)
    want(b)


def probe(port):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n")
        head = s.recv(64)
    except OSError as err:
        print("egress relay not answering: %s" % err)
        return 1
    ok = head.split(b"\\r\\n")[0].split(b" ")[1:2] == [b"200"]
    print("ok" if ok else "egress proxy answered %r" % head[:40])
    return 0 if ok else 1


def main(argv):
    if len(argv) == 3 and argv[1] == "--probe":
        return probe(int(argv[2]))
    path, port = argv[1], int(argv[2])
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(256)
    srv.setblocking(False)
    sel.register(srv, selectors.EVENT_READ, None)
    while True:
        for key, mask in sel.select():
            if key.data is None:
                accept(srv, path)
                continue
            e = key.data
            if e.closed:
                continue
            try:
                on_event(e, mask)
            except OSError:
                close_pair(e)
                continue
            if not e.closed:
                settle(e)


sys.exit(main(sys.argv))
`;
/** Node relay (any Node >= 12), the same contract as FORWARD_PY. */
const FORWARD_MJS = `// massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import net from 'node:net'

const [, , first, second] = process.argv
if (first === '--probe') {
  const s = net.connect({ host: '127.0.0.1', port: Number(second) })
  const fail = (why) => {
    console.log('egress relay not answering: ' + why)
    process.exit(1)
  }
  s.setTimeout(5000, () => fail('timeout'))
  s.on('error', (e) => fail(e.message))
  s.on('close', () => fail('closed without an answer'))
  s.on('connect', () => s.write('GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n'))
  s.once('data', (d) => {
    const ok = String(d).split('\\r\\n')[0].split(' ')[1] === '200'
    console.log(ok ? 'ok' : 'egress proxy answered ' + JSON.stringify(String(d).slice(0, 40)))
    process.exit(ok ? 0 : 1)
  })
} else {
  const server = net.createServer({ allowHalfOpen: true }, (c) => {
    c.setNoDelay(true)
    const u = net.connect({ path: first, allowHalfOpen: true })
    // Sent first on every connection to the socket: the proxy serves nothing else.
    u.write('MASSGEN-EGRESS ' + (process.env.MASSGEN_EGRESS_TOKEN || '') + '\\n')
    const end = () => {
      c.destroy()
      u.destroy()
    }
    c.on('error', end)
    u.on('error', end)
    c.on('close', () => u.destroy())
    u.on('close', () => c.destroy())
    c.pipe(u)
    u.pipe(c)
  })
  server.listen(Number(second), '127.0.0.1')
}
`;

;// CONCATENATED MODULE: ./src/runtime/egress/sandbox.ts
// What a sandbox needs to reach the egress proxy, as data: the host directory with the proxy's
// socket and the relay scripts, its read-only mount, the relay's command line (run as a uid other
// than the agent's), the probe, and the convenience variables. The docker session (and anything
// else that runs a network-less namespace) applies these; nothing here talks to an engine.




/** Where the host directory appears inside the sandbox (short: Unix socket paths max 107 bytes). */
const EGRESS_DIR_IN_SANDBOX = '/run/massgen-egress';
const PROXY_SOCKET_NAME = 'proxy.sock';
/** The relay's port on the sandbox's loopback (squid's; unlikely to clash with a test server). */
const RELAY_PORT = 3128;
/** nobody: not the agent's uid, so `kill -9 -1` as the agent spares the relay. */
const RELAY_USER = '65534:65534';
/** The origin-form path the proxy answers 200 on, unrecorded: a readiness check, not egress. */
const HEALTH_PATH = '/__massgen_egress/health';
/** Absolute, root-owned locations only: an interpreter found on the agent's PATH could be the agent's. */
const RELAY_INTERPRETERS = [
    // -I: no PYTHON* variables, no user site, no script-directory sys.path entry; -S: no site.py.
    { path: '/usr/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
    { path: '/usr/local/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
    { path: '/usr/bin/node', args: [], script: 'forward.mjs' },
    { path: '/usr/local/bin/node', args: [], script: 'forward.mjs' }
];
/**
 * Run as root in the sandbox: prints the first relay interpreter that exists, is owned by root and
 * is not group/world-writable (after symlinks); exit 1 when there is none.
 */
const FIND_RELAY_INTERPRETER_CMD = [
    '/bin/sh',
    '-c',
    'for p in "$@"; do [ -x "$p" ] || continue; s=$(stat -L -c "%u %a" "$p" 2>/dev/null) || continue; ' +
        'case "$s" in "0 "*[2367][0-7]|"0 "*[2367]) continue;; "0 "*) echo "$p"; exit 0;; esac; done; exit 1',
    'sh',
    ...RELAY_INTERPRETERS.map((i) => i.path)
];
function relayInterpreter(path) {
    const found = RELAY_INTERPRETERS.find((i) => i.path === path);
    if (!found)
        throw new Error(`not a relay interpreter: ${path}`);
    return found;
}
/** The relay's command line (exec'd detached as RELAY_USER, no shell, absolute paths). */
function relayCommand(interpreterPath, port = RELAY_PORT, socketName = PROXY_SOCKET_NAME) {
    const i = relayInterpreter(interpreterPath);
    return [
        i.path,
        ...i.args,
        `${EGRESS_DIR_IN_SANDBOX}/${i.script}`,
        `${EGRESS_DIR_IN_SANDBOX}/${socketName}`,
        String(port)
    ];
}
/** Exit 0 and "ok" when relay and proxy both answer (the readiness check before a step). */
function relayProbeCommand(interpreterPath, port = RELAY_PORT) {
    const i = relayInterpreter(interpreterPath);
    return [i.path, ...i.args, `${EGRESS_DIR_IN_SANDBOX}/${i.script}`, '--probe', String(port)];
}
/**
 * A fresh host directory (0755, short path under `parent`) holding both relay scripts; the proxy
 * creates its socket in it. The directory is the sandbox's only way out, so it holds nothing else.
 */
async function prepareEgressDir(parent = (0,external_node_os_.tmpdir)()) {
    const dir = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)(parent, 'mgx-egress-')));
    await (0,promises_.chmod)(dir, 0o755);
    await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'forward.py'), FORWARD_PY, { mode: 0o644 });
    await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'forward.mjs'), FORWARD_MJS, { mode: 0o644 });
    const socketPath = (0,external_node_path_.join)(dir, PROXY_SOCKET_NAME);
    if (Buffer.byteLength(socketPath) > 100)
        throw new Error(`egress socket path too long for a Unix socket: ${socketPath}`);
    return { dir, socketPath };
}
/** The bind mount (same shape as the docker runtime's BindMount). */
function egressMount(hostDir) {
    return { source: hostDir, target: EGRESS_DIR_IN_SANDBOX, readOnly: true };
}
/**
 * Variables that point the usual clients at the relay. Convenience only: unsetting them opens
 * nothing (the sandbox has no other route), it only makes requests fail.
 */
function proxyEnv(port = RELAY_PORT) {
    const url = `http://127.0.0.1:${port}`;
    const noProxy = 'localhost,127.0.0.1,::1';
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
        JAVA_TOOL_OPTIONS: `-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=${port} -Dhttps.proxyHost=127.0.0.1 ` +
            `-Dhttps.proxyPort=${port} -Dhttp.nonProxyHosts=localhost|127.0.0.1`
    };
}
/** For a sudo image: apt run through sudo loses the variables (env_reset); apt reads this file. */
function aptProxyConf(port = RELAY_PORT) {
    return {
        path: '/etc/apt/apt.conf.d/99massgen-egress',
        content: `Acquire::http::Proxy "http://127.0.0.1:${port}";\n` +
            `Acquire::https::Proxy "http://127.0.0.1:${port}";\n`
    };
}


/***/ })

};
