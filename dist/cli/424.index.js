export const id = 424;
export const ids = [424];
export const modules = {

/***/ 5424:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  loadConfig: () => (/* binding */ loadConfig)
});

// UNUSED EXPORTS: parseConfig

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./src/policy/python-regex.ts
var python_regex = __webpack_require__(7332);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
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

;// CONCATENATED MODULE: ./src/config/schema.ts
// The one description of the config's shape. The loader validates YAML nodes against it (with
// positions and "did you mean"), and scripts/gen-schema.mjs turns it into the JSON Schema in
// schema/ for editors (yaml-language-server).
const str = (description) => ({ type: 'string', description });
const bool = (description) => ({ type: 'boolean', description });
const strList = (description) => ({ type: 'array', items: str(), description });
const timeout = {
    type: 'number',
    exclusiveMin: 0,
    description: 'Seconds before the command is killed.'
};
const CONTEXT_PATH = {
    type: 'object',
    unknown: 'error',
    required: ['path'],
    props: {
        path: str('Host path (relative to the working directory), mounted at the same path.'),
        permission: { type: 'string', enum: ['read', 'write'] },
        protected_paths: strList('Paths below `path` that stay read-only.'),
        name: str()
    }
};
const RUN_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['run'],
    props: {
        run: str('Shell command, run with /bin/sh -c.'),
        name: str(),
        timeout,
        work_dir: str('Directory to run in; must be inside the agent workspace or a context path.'),
        env: { type: 'scalarMap', description: 'Variables for this command only.' },
        expect_exit: { type: 'number', integer: true, min: 0, description: 'Exit code that passes.' },
        allow_failure: bool('A failure of this step does not fail the run.'),
        background: bool('Start detached; output kept in the logs; killed at the end.'),
        junit: str('JUnit XML report the step writes (workspace-relative).')
    }
};
const WRITE_FILE_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['write_file'],
    props: {
        name: str(),
        write_file: {
            type: 'object',
            unknown: 'error',
            required: ['path', 'content'],
            props: { path: str(), content: str() }
        }
    }
};
const READ_FILE_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['read_file'],
    props: {
        name: str(),
        read_file: {
            type: 'object',
            unknown: 'error',
            required: ['path'],
            props: {
                path: str(),
                offset: { type: 'number', integer: true, min: 1, description: '1-based first line.' },
                line_count: { type: 'number', integer: true, min: 1 }
            }
        }
    }
};
const STEP = {
    type: 'oneOf',
    variants: [str('Shell command.'), RUN_STEP, WRITE_FILE_STEP, READ_FILE_STEP]
};
const NETWORK_MODES = ['none', 'bridge', 'host'];
const CREDENTIAL_MOUNTS = [
    'ssh_keys',
    'git_config',
    'gh_config',
    'npm_config',
    'pypi_config'
];
const BACKEND = {
    type: 'object',
    // MassGen backends carry many keys that do not concern execution (type, model, api keys,
    // mcp_servers, ...): accepted and ignored. Execution keys are checked strictly.
    unknown: 'ignore',
    strictPrefixes: ['command_line_', 'command_execution_'],
    props: {
        cwd: str('Agent workspace (relative to the working directory).'),
        enable_mcp_command_line: bool(),
        command_line_execution_mode: { type: 'string', enum: ['local', 'docker'] },
        command_line_docker_image: str(),
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
        command_line_docker_pids_limit: { type: 'number', integer: true, min: 1 },
        command_line_docker_user: {
            type: 'string',
            pattern: '^\\d+:\\d+$',
            patternHint: 'a numeric "uid:gid"',
            description: 'uid:gid commands run as (default 1000:1000).'
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
                        props: { bind: str(), mode: { type: 'string', enum: ['ro', 'rw'] } }
                    }
                },
                env_file: str(),
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
        command_execution_prefix: str('Prefix for every command, e.g. "uv run".'),
        command_execution_venv_path: str('Virtualenv whose bin/ goes first on PATH.'),
        context_paths: { type: 'array', items: CONTEXT_PATH },
        agent_temporary_workspace: str()
    }
};
const AGENT = {
    type: 'object',
    unknown: 'ignore',
    // MassGen's own single-agent examples omit the id; it defaults to "agent" (or agent_<n>).
    props: {
        id: {
            type: 'string',
            pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
            patternHint: 'an id of letters, digits, ".", "_" or "-"'
        },
        backend: BACKEND,
        system_message: str(),
        commands: { type: 'array', items: STEP, description: 'The scripted steps, in order.' }
    }
};
const CONFIG = {
    type: 'object',
    unknown: 'ignore',
    props: {
        agent: AGENT,
        agents: { type: 'array', items: AGENT },
        orchestrator: {
            type: 'object',
            unknown: 'ignore',
            props: {
                snapshot_storage: str(),
                agent_temporary_workspace: str(),
                context_paths: { type: 'array', items: CONTEXT_PATH }
            }
        },
        timeout_settings: { type: 'any' },
        ui: { type: 'any' }
    }
};

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

;// CONCATENATED MODULE: ./src/config/validate.ts
// Checks a parsed YAML document against the schema in schema.ts, node by node, so that every
// problem is reported at once with its line and column.


function validateDocument(doc, root) {
    const issues = [];
    check(doc, doc.contents, root, '', issues);
    return issues;
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
        return `${typeof v} ${String(v)}`;
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
/** Returns true when the node fits the field (used to pick a oneOf variant quietly). */
function check(doc, raw, f, at, issues) {
    const node = raw && (0,dist/* isAlias */.Vj)(raw) ? (raw.resolve(doc) ?? null) : raw;
    const where = at ? `${at}: ` : '';
    const fail = (message) => {
        issues.push({ node, message: where + message });
        return false;
    };
    const value = node && (0,dist/* isScalar */.jn)(node) ? node.value : undefined;
    switch (f.type) {
        case 'any':
            return true;
        case 'string': {
            if (!node || !(0,dist/* isScalar */.jn)(node) || typeof value !== 'string') {
                // Numbers where a string is wanted (e.g. `cwd: 2024`) are fine: YAML typed them.
                if (node && (0,dist/* isScalar */.jn)(node) && typeof value === 'number' && !f.enum && !f.pattern)
                    return true;
                return fail(`expected ${typeName(f)}, got ${describe(node)}`);
            }
            if (f.enum && !f.enum.includes(value)) {
                const hint = suggest(value, f.enum);
                return fail(`${JSON.stringify(value)} is not one of ${f.enum.map((e) => JSON.stringify(e)).join(', ')}` +
                    (hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ''));
            }
            if (f.pattern && !new RegExp(f.pattern).test(value)) {
                return fail(`${JSON.stringify(value)} is not ${f.patternHint ?? `valid here (${f.pattern})`}`);
            }
            return true;
        }
        case 'number': {
            if (!node || !(0,dist/* isScalar */.jn)(node) || typeof value !== 'number' || Number.isNaN(value)) {
                return fail(`expected a number, got ${describe(node)}`);
            }
            if (f.integer && !Number.isInteger(value))
                return fail(`expected a whole number, got ${value}`);
            if (f.min !== undefined && value < f.min)
                return fail(`must be at least ${f.min}, got ${value}`);
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
                ok = check(doc, item, f.items, `${at}[${i}]`, issues) && ok;
            });
            return ok;
        }
        case 'scalarMap': {
            if (!node || !(0,dist/* isMap */.jh)(node))
                return fail(`expected a mapping, got ${describe(node)}`);
            let ok = true;
            for (const pair of node.items) {
                const v = pair.value;
                if (!v || !(0,dist/* isScalar */.jn)(v) || (typeof v.value === 'object' && v.value !== null)) {
                    issues.push({ node: v ?? pair.key, message: `${where}values must be scalars` });
                    ok = false;
                }
            }
            return ok;
        }
        case 'oneOf': {
            // Pick the variant whose shape matches (a string vs a mapping with a telling key), then
            // report that variant's problems; fall back to a plain "expected X" message.
            const variant = pickVariant(doc, node, f.variants);
            if (variant)
                return check(doc, node, variant, at, issues);
            return fail(`expected ${typeName(f)}, got ${describe(node)}`);
        }
        case 'object':
            return checkObject(doc, node, f, at, issues, fail);
    }
}
function pickVariant(doc, node, variants) {
    const quiet = [];
    for (const v of variants) {
        quiet.length = 0;
        if (check(doc, node, v, '', quiet))
            return v;
    }
    if (node && (0,dist/* isScalar */.jn)(node)) {
        // A scalar that fits no variant: report against the variant of its own type.
        const t = typeof node.value;
        return variants.find((v) => v.type === t);
    }
    if (node && (0,dist/* isMap */.jh)(node)) {
        // A mapping that fits no variant: the one that requires a key this mapping has.
        const keys = node.items.map((p) => String(p.key?.value));
        const byRequired = variants.find((v) => v.type === 'object' && (v.required ?? []).some((r) => keys.includes(r)));
        if (byRequired)
            return byRequired;
        const objects = variants.filter((v) => v.type === 'object');
        if (objects.length === 1)
            return objects[0];
    }
    return undefined;
}
function checkObject(doc, node, f, at, issues, fail) {
    if (!node || !(0,dist/* isMap */.jh)(node))
        return fail(`expected a mapping, got ${describe(node)}`);
    let ok = true;
    const known = Object.keys(f.props);
    const seen = new Set();
    for (const pair of node.items) {
        const keyNode = pair.key;
        const key = (0,dist/* isScalar */.jn)(keyNode) ? String(keyNode.value) : '';
        seen.add(key);
        const path = at ? `${at}.${key}` : key;
        const sub = f.values ?? f.props[key];
        if (sub) {
            ok = check(doc, pair.value, sub, path, issues) && ok;
            continue;
        }
        const strict = f.unknown === 'error' || (f.strictPrefixes ?? []).some((p) => key.startsWith(p));
        const near = suggest(key, known);
        if (strict || (near && isExecutionKey(near))) {
            issues.push({
                node: keyNode,
                message: `${at ? at + ': ' : ''}unknown key ${JSON.stringify(key)}` +
                    (near ? ` (did you mean ${JSON.stringify(near)}?)` : '')
            });
            ok = false;
        }
    }
    for (const r of f.required ?? []) {
        if (!seen.has(r)) {
            issues.push({
                node,
                message: `${at ? at + ': ' : ''}missing required key ${JSON.stringify(r)}`
            });
            ok = false;
        }
    }
    return ok;
}
// A near-miss of one of these in a lenient mapping is almost certainly a typo, not a MassGen key.
const EXECUTION_KEYS = new Set(['commands', 'backend', 'cwd', 'context_paths', 'agent', 'agents']);
function isExecutionKey(key) {
    return EXECUTION_KEYS.has(key) || key.startsWith('command_');
}

// EXTERNAL MODULE: ./src/config/defaults.ts
var defaults = __webpack_require__(1954);
;// CONCATENATED MODULE: ./src/config/load.ts
// MassGen-style YAML → validated RunPlan. Problems are collected, not thrown one by one, and
// raised together as a ConfigError whose lines read `file:line:col: message`.









async function loadConfig(path, opts = {}) {
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (e) {
        throw new errors/* ConfigError */.xL([
            { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
        ]);
    }
    return parseConfig(text, path, opts);
}
function parseConfig(text, file, opts = {}) {
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const issues = [];
    const at = (offset) => {
        const { line, col } = lineCounter.linePos(offset);
        return { file, line, col };
    };
    const nodePos = (node) => node?.range ? at(node.range[0]) : { file, line: 1, col: 1 };
    const report = (pos, message) => issues.push({ ...pos, message });
    for (const err of doc.errors)
        report(at(err.pos[0]), `YAML syntax error: ${firstLine(err.message)}`);
    if (issues.length)
        throw new errors/* ConfigError */.xL(issues);
    for (const w of validateDocument(doc, CONFIG))
        report(nodePos(w.node), w.message);
    const root = (doc.toJS({ maxAliasCount: 1000 }) ?? {});
    if (typeof root !== 'object' || Array.isArray(root))
        throw new errors/* ConfigError */.xL(issues);
    const posOf = (keys) => nodePos(doc.getIn(keys, true));
    const hasAgent = root.agent !== undefined;
    const hasAgents = root.agents !== undefined;
    if (hasAgent && hasAgents) {
        report(posOf(['agents']), 'give either "agent" or "agents", not both');
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
        ? [[root.agent, ['agent']]]
        : root.agents.map((a, i) => [a, ['agents', i]]);
    const ctx = { wd, defaultTimeoutSec, orchestrator, posOf, report };
    const agents = agentEntries.map(([a, p], i) => buildAgent(a, p, hasAgent ? 'agent' : `agent_${i + 1}`, ctx));
    const byId = new Map();
    const byWorkspace = new Map();
    agentEntries.forEach(([, p], i) => {
        const a = agents[i];
        if (byId.has(a.id))
            report(posOf([...p, 'id']), `duplicate agent id ${JSON.stringify(a.id)}`);
        byId.set(a.id, p);
        const other = byWorkspace.get(a.workspace);
        if (other !== undefined) {
            report(posOf([...p, 'backend', 'cwd']), `agents ${JSON.stringify(other)} and ${JSON.stringify(a.id)} share the workspace ${a.workspace}; give each its own "cwd"`);
        }
        byWorkspace.set(a.workspace, a.id);
    });
    if (issues.length)
        throw new errors/* ConfigError */.xL(issues);
    return {
        configFile: (0,external_node_path_.resolve)(file),
        workingDirectory: wd,
        agents,
        defaults: { timeoutSec: defaultTimeoutSec, maxOutputBytes: defaults/* DEFAULT_MAX_OUTPUT_BYTES */.n9 }
    };
}
function buildAgent(agent, p, defaultId, ctx) {
    const { wd, posOf, report } = ctx;
    const backend = (agent.backend ?? {});
    const bp = [...p, 'backend'];
    const id = agent.id === undefined || agent.id === null ? defaultId : String(agent.id);
    const mode = backend.command_line_execution_mode === 'docker' ? 'docker' : 'local';
    const workspace = (0,external_node_path_.resolve)(wd, String(backend.cwd ?? '.'));
    const sudo = backend.command_line_docker_enable_sudo === true;
    const compile = (key) => asList(backend[key]).flatMap((source, i) => {
        const pos = posOf([...bp, key, i]);
        const c = (0,python_regex/* compilePythonRegex */.v)(String(source));
        if ('error' in c) {
            report(pos, `${key}[${i}]: ${c.error}`);
            return [];
        }
        return [{ source: String(source), regex: c.regex, pos }];
    });
    const tempWs = ctx.orchestrator.agent_temporary_workspace ?? backend.agent_temporary_workspace;
    const timeoutSec = num(backend.command_line_timeout) ?? ctx.defaultTimeoutSec;
    const plan = {
        id,
        mode,
        workspace,
        contextPaths: mergeContextPaths(wd, backend.context_paths, ctx.orchestrator.context_paths),
        tempWorkspace: tempWs !== undefined ? (0,external_node_path_.resolve)(wd, String(tempWs)) : undefined,
        commandPrefix: load_str(backend.command_execution_prefix),
        venvPath: backend.command_execution_venv_path !== undefined
            ? (0,external_node_path_.resolve)(wd, String(backend.command_execution_venv_path))
            : undefined,
        policy: {
            // Outside a sudo-enabled container, privilege changes are always refused (as MassGen).
            enableSudo: mode === 'docker' && sudo,
            allowed: compile('command_line_allowed_commands'),
            blocked: compile('command_line_blocked_commands')
        },
        maxOutputBytes: num(backend.command_line_max_output_bytes) ?? defaults/* DEFAULT_MAX_OUTPUT_BYTES */.n9,
        steps: asList(agent.commands).map((s, i) => buildStep(s, i, workspace, timeoutSec, posOf([...p, 'commands', i]))),
        pos: posOf(p)
    };
    if (mode === 'docker')
        plan.docker = buildDocker(backend, bp, ctx);
    return plan;
}
function buildDocker(backend, bp, ctx) {
    const sudo = backend.command_line_docker_enable_sudo === true;
    let image = load_str(backend.command_line_docker_image) ?? defaults/* DEFAULT_IMAGE */.__;
    if (sudo && image === defaults/* DEFAULT_IMAGE */.__)
        image = defaults/* DEFAULT_SUDO_IMAGE */.mO;
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
    const creds = backend.command_line_docker_credentials;
    const pkgs = backend.command_line_docker_packages?.preinstall;
    if (pkgs && asList(pkgs.system).length > 0 && !sudo) {
        ctx.report(ctx.posOf([...bp, 'command_line_docker_packages', 'preinstall', 'system']), 'system packages need command_line_docker_enable_sudo: true');
    }
    return {
        image,
        ownImage: image === defaults/* DEFAULT_IMAGE */.__ || image === defaults/* DEFAULT_SUDO_IMAGE */.mO,
        memoryBytes,
        cpus: num(backend.command_line_docker_cpu_limit),
        network: (load_str(backend.command_line_docker_network_mode) ?? 'none'),
        enableSudo: sudo,
        readOnlyRootfs: typeof backend.command_line_docker_read_only_rootfs === 'boolean'
            ? backend.command_line_docker_read_only_rootfs
            : !sudo,
        pidsLimit: num(backend.command_line_docker_pids_limit) ?? defaults/* DEFAULT_PIDS_LIMIT */.fF,
        user: load_str(backend.command_line_docker_user) ?? defaults/* DEFAULT_USER */.Az,
        credentials: creds ? buildCredentials(creds, ctx.wd) : undefined,
        packages: pkgs
            ? {
                python: asList(pkgs.python).map(String),
                npm: asList(pkgs.npm).map(String),
                system: asList(pkgs.system).map(String)
            }
            : undefined
    };
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
function buildStep(raw, index, workspace, timeoutSec, pos) {
    if (typeof raw === 'string' || typeof raw === 'number') {
        return runStep({ run: String(raw) }, index, workspace, timeoutSec, pos);
    }
    const s = (raw ?? {});
    const name = load_str(s.name);
    if (s.write_file !== undefined) {
        const w = s.write_file;
        return {
            kind: 'write_file',
            index,
            name,
            pos,
            path: (0,external_node_path_.resolve)(workspace, String(w.path ?? '')),
            content: String(w.content ?? '')
        };
    }
    if (s.read_file !== undefined) {
        const r = s.read_file;
        return {
            kind: 'read_file',
            index,
            name,
            pos,
            path: (0,external_node_path_.resolve)(workspace, String(r.path ?? '')),
            // The config's offset is still 1-based here; the plan's is lines to skip.
            offset: (num(r.offset) ?? 1) - 1,
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
        name: load_str(s.name),
        pos,
        run: String(s.run ?? ''),
        timeoutSec: num(s.timeout) ?? timeoutSec,
        workDir: s.work_dir !== undefined ? (0,external_node_path_.resolve)(workspace, String(s.work_dir)) : undefined,
        env,
        expectExit: num(s.expect_exit) ?? 0,
        allowFailure: s.allow_failure === true,
        background: s.background === true,
        junit: load_str(s.junit)
    };
}
function mergeContextPaths(wd, agentLevel, orchestratorLevel) {
    const merged = new Map();
    // Orchestrator entries win for the same path (MassGen's rule), so they go in last.
    for (const entry of [...asList(agentLevel), ...asList(orchestratorLevel)]) {
        const e = entry;
        const path = (0,external_node_path_.resolve)(wd, expandHome(String(e.path)));
        merged.set(path, {
            path,
            permission: e.permission === 'write' ? 'write' : 'read',
            protectedPaths: asList(e.protected_paths).map((pp) => (0,external_node_path_.isAbsolute)(String(pp)) ? String(pp) : (0,external_node_path_.resolve)(path, String(pp))),
            name: load_str(e.name)
        });
    }
    return [...merged.values()];
}
function asList(v) {
    return Array.isArray(v) ? v : [];
}
function load_str(v) {
    return v === undefined || v === null ? undefined : String(v);
}
function num(v) {
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function firstLine(s) {
    return s.split('\n')[0];
}
function expandHome(p) {
    return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p;
}


/***/ })

};
