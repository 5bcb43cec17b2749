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
/* harmony import */ var _config_source_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7322);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(75106);
/* harmony import */ var _config_notices_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(94523);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(83916);
/* harmony import */ var _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(56123);
/* harmony import */ var _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(30525);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(71604);
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
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .parseCommandArgs */ .Qx)(argv, {
            'working-directory': { type: 'string' },
            json: { type: 'boolean' },
            strict: { type: 'boolean' },
            'config-ref': { type: 'string' },
            'allow-unsafe': { type: 'string' }
        });
        const file = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .oneConfig */ .p8)(positionals);
        const allow = (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__/* .parseUnsafeClasses */ .SB)(values['allow-unsafe'], '--allow-unsafe');
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .printer */ .ll)(io.stdout);
        const err = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .printer */ .ll)(io.stderr);
        const plan = await (0,_config_source_js__WEBPACK_IMPORTED_MODULE_2__.loadConfigFrom)(file, {
            workingDirectory: values['working-directory'],
            configRef: values['config-ref'] || undefined
        });
        const warnings = plan.warnings ?? [];
        if (values.strict && warnings.length > 0) {
            for (const w of warnings)
                err((0,_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .formatIssue */ .Hd)(w));
            return 2;
        }
        for (const line of (0,_config_notices_js__WEBPACK_IMPORTED_MODULE_4__/* .warningLines */ ._)(plan))
            err(line);
        // Unsafe settings are refused here as run refuses them, so that "ok" means "runs".
        let refused;
        try {
            for (const line of (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__/* .refuseUnsafe */ .H_)(plan, { allow, surface: 'cli' }))
                err(line);
        }
        catch (e) {
            if (!(e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ConfigError */ .xL))
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
        for (const line of (0,_config_notices_js__WEBPACK_IMPORTED_MODULE_4__/* .ignoredLines */ .Q)(plan))
            out(line);
        const agents = plan.agents.map(agentLine);
        const from = plan.source?.kind === 'revision' ? ` (${(0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__/* .describeSource */ .B6)(plan.source)})` : '';
        out(`${file}: ok${from} — ${plan.agents.length} agent(s): ${agents.join(', ')}`);
        return 0;
    }
};
const listAgentsCommand = {
    usage: `massgen-exec list-agents <config> [--config-ref REV]

  --config-ref REV         read the config from this git revision (e.g. the PR's base), not the
                           work tree: the matrix a pull request's workflow builds is then not the
                           pull request's to choose`,
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .parseCommandArgs */ .Qx)(argv, { 'config-ref': { type: 'string' } });
        const plan = await (0,_config_source_js__WEBPACK_IMPORTED_MODULE_2__.loadConfigFrom)((0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .oneConfig */ .p8)(positionals), {
            configRef: values['config-ref'] || undefined
        });
        (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .printer */ .ll)(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)));
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
            classes: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__/* .classesOf */ .OX)(found),
            allowed: allow,
            refused: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_3__/* .classesOf */ .OX)(found.filter((f) => !allow.includes(f.class) && f.class !== 'no-sandbox')),
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
    const planned = (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.planMounts)(a).map((m) => ({
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
    const config = a.docker ?? (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.dockerDefaults)();
    const creds = config.credentials;
    for (const name of creds?.mount ?? []) {
        const rel = _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.CREDENTIAL_MOUNTS[name];
        if (rel) {
            list.push({
                kind: `credential ${name}`,
                source: `~/${rel}`,
                target: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.AGENT_HOME, rel),
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
            target: _runtime_egress_sandbox_js__WEBPACK_IMPORTED_MODULE_7__/* .EGRESS_DIR_IN_SANDBOX */ .wJ,
            mode: 'ro'
        });
    if (config.readOnlyRootfs) {
        list.push({ kind: 'home volume', source: '(anonymous volume)', target: _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.AGENT_HOME, mode: 'rw' });
        for (const path of Object.keys((0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_6__.scratchTmpfs)(config.memoryBytes)))
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


/***/ })

};
