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
/* harmony import */ var _config_load_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(10238);
/* harmony import */ var _config_source_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(79397);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(75106);
/* harmony import */ var _config_notices_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(94523);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(83916);
/* harmony import */ var _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(56123);
/* harmony import */ var _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(30525);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(71604);
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
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .parseCommandArgs */ .Qx)(argv, {
            'working-directory': { type: 'string' },
            json: { type: 'boolean' },
            strict: { type: 'boolean' },
            'config-ref': { type: 'string' },
            'allow-unsafe': { type: 'string' }
        });
        const file = (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .oneConfig */ .p8)(positionals);
        const allow = (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_4__/* .parseUnsafeClasses */ .SB)(values['allow-unsafe'], '--allow-unsafe');
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .printer */ .ll)(io.stdout);
        const err = (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .printer */ .ll)(io.stderr);
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
        const plan = await (0,_config_load_js__WEBPACK_IMPORTED_MODULE_2__.loadConfig)((0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .oneConfig */ .p8)((0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .parseCommandArgs */ .Qx)(argv, {}).positionals));
        (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .printer */ .ll)(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)));
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
    const planned = (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.planMounts)(a).map((m) => ({
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
    const config = a.docker ?? (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.dockerDefaults)();
    const creds = config.credentials;
    for (const name of creds?.mount ?? []) {
        const rel = _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.CREDENTIAL_MOUNTS[name];
        if (rel) {
            list.push({
                kind: `credential ${name}`,
                source: `~/${rel}`,
                target: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.AGENT_HOME, rel),
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
            target: _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_8__/* .EGRESS_DIR_IN_SANDBOX */ .wJ,
            mode: 'ro'
        });
    if (config.readOnlyRootfs) {
        list.push({ kind: 'home volume', source: '(anonymous volume)', target: _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.AGENT_HOME, mode: 'rw' });
        for (const path of Object.keys((0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_7__.scratchTmpfs)(config.memoryBytes)))
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
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(83916);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9927);
/* harmony import */ var _load_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(10238);
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
        const text = await (0,_load_js__WEBPACK_IMPORTED_MODULE_6__/* .readConfigText */ .i)(path);
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
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_2__.existsSync)(d) && (0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(d) !== d)
        d = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(d);
    return d;
}
async function readAtRevision(path, ref) {
    const fail = (message) => {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .ConfigError */ .xL([{ file: path, line: 1, col: 1, message }]);
    };
    if (ref.startsWith('-'))
        fail(`config-ref ${JSON.stringify(ref)} is not a revision`);
    const abs = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(path);
    const start = existingDir((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(abs));
    const top = await safeGit(['rev-parse', '--show-toplevel'], start);
    if (top.code !== 0) {
        fail(`config-ref ${ref}: ${start} is not in a git repository (${lastLine(top.stderr)}); the config is read from a revision only inside one`);
    }
    const root = (0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(top.stdout.toString().trim());
    const real = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)((0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(start), (0,node_path__WEBPACK_IMPORTED_MODULE_3__.relative)(start, abs));
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.relative)(root, real);
    if (!(0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_5__/* .isStrictlyInside */ .P)(real, root))
        fail(`config-ref ${ref}: the config ${abs} is not inside the repository ${root}`);
    const rev = await safeGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
    if (rev.code !== 0) {
        fail(`config-ref ${ref}: no such commit in ${root} (a shallow checkout? fetch the base revision, e.g. actions/checkout with fetch-depth: 0)`);
    }
    const commit = rev.stdout.toString().trim();
    const gitPath = rel.split(node_path__WEBPACK_IMPORTED_MODULE_3__.sep).join('/');
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


/***/ })

};
