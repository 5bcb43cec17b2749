export const id = 322;
export const ids = [322];
export const modules = {

/***/ 81787:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ parseMemory),
/* harmony export */   z: () => (/* binding */ formatBytes)
/* harmony export */ });
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


/***/ }),

/***/ 7322:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  loadConfigFrom: () => (/* binding */ loadConfigFrom)
});

// UNUSED EXPORTS: gitBlobId, safeGit

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
// EXTERNAL MODULE: ./src/config/memory.ts
var memory = __webpack_require__(81787);
;// CONCATENATED MODULE: ./src/config/build-docker.ts
// An agent's DockerConfig (image, limits, user, credentials, packages) from its backend keys.




function buildDocker(backend, bp, runs, ctx) {
    const sudo = backend.command_line_docker_enable_sudo === true;
    let image = str(backend.command_line_docker_image) ?? defaults/* DEFAULT_IMAGE */.__;
    if (sudo)
        image = (0,defaults/* sudoImageFor */.Cy)(image);
    let memoryBytes;
    if (backend.command_line_docker_memory_limit !== undefined) {
        const m = (0,memory/* parseMemory */.P)(backend.command_line_docker_memory_limit);
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
    const bytes = (0,memory/* parseMemory */.P)(raw);
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


/***/ }),

/***/ 75106:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B6: () => (/* binding */ describeSource),
/* harmony export */   H_: () => (/* binding */ refuseUnsafe),
/* harmony export */   LJ: () => (/* binding */ findAgentUnsafe),
/* harmony export */   OX: () => (/* binding */ classesOf),
/* harmony export */   SB: () => (/* binding */ parseUnsafeClasses),
/* harmony export */   lm: () => (/* binding */ unsafeSummary),
/* harmony export */   sm: () => (/* binding */ hostFacts)
/* harmony export */ });
/* unused harmony exports UNSAFE_CLASSES, isUnsafeAllowed, allowHint, issueOf, SYSTEM_DIRS, engineSockets, pathExposure, keyName */
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


/***/ })

};
