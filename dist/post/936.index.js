export const id = 936;
export const ids = [936];
export const modules = {

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

/***/ 2356:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ actionImageSources)
/* harmony export */ });
/* unused harmony export actionsCacheStore */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(58592);
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
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq('image cache: the Actions cache service is not available to this step (no ACTIONS_RESULTS_URL / ACTIONS_CACHE_URL); images are built, not cached');
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
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`image-registry is used only under image-policy auto; ignored with image-policy ${inputs.imagePolicy}`);
    return {
        store: inputs.imageCache ? actionsCacheStore(env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)()) : undefined,
        registry: inputs.imageRegistry,
        warn: (line) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e((0,_log_js__WEBPACK_IMPORTED_MODULE_2__/* .safeLine */ .o)(line))
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
/* harmony import */ var _runtime_docker_image_keys_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33005);
/* harmony import */ var _isolation_probes_runtime_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1894);
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
        return (0,_runtime_docker_image_keys_js__WEBPACK_IMPORTED_MODULE_4__/* .checkRegistryRepository */ ._0)(value);
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
        expectRuntime: (0,_isolation_probes_runtime_js__WEBPACK_IMPORTED_MODULE_5__/* .expectRuntimeOption */ .fh)(_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4('expect-runtime')),
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

/***/ 19936:
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
// EXTERNAL MODULE: ./src/run/plan.ts + 10 modules
var run_plan = __webpack_require__(49083);
// EXTERNAL MODULE: ./src/run/pipeline.ts + 21 modules
var pipeline = __webpack_require__(36528);
// EXTERNAL MODULE: ./src/report/compare.ts
var compare = __webpack_require__(50181);
// EXTERNAL MODULE: ./src/report/egress.ts
var egress = __webpack_require__(77079);
// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/totals.ts
function emptyTotals() {
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
function countSteps(steps, into = emptyTotals()) {
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
function stepFails(s) {
    return s.status !== 'passed' && s.status !== 'skipped' && !s.allowFailure;
}
/** The steps that count against their agents (allow_failure ones left out), counted. */
function failingTotals(r) {
    const into = emptyTotals();
    for (const a of r.agents)
        countSteps(a.commands.filter(stepFails), into);
    return into;
}
function agentStatus(a) {
    if (a.error)
        return 'error';
    return a.commands.some(stepFails) ? 'failed' : 'passed';
}
function runStatus(r) {
    if (r.error || r.agents.some((a) => a.status === 'error'))
        return 'error';
    return r.agents.some((a) => a.status === 'failed') ? 'failed' : 'passed';
}
function exitCodeFor(status) {
    return status === 'passed' ? 0 : status === 'failed' ? 1 : 2;
}

// EXTERNAL MODULE: ./src/action/artifact.ts
var artifact = __webpack_require__(48338);
// EXTERNAL MODULE: ./src/action/image-cache.ts
var image_cache = __webpack_require__(2356);
// EXTERNAL MODULE: ./src/action/inputs.ts
var inputs = __webpack_require__(81729);
// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
// EXTERNAL MODULE: ./src/action/state.ts
var state = __webpack_require__(33175);
;// CONCATENATED MODULE: ./src/action/main.ts
// The action's main step: inputs → engine → reports, outputs, annotations, artifact.














async function run() {
    try {
        const inputs = getInputs();
        if (inputs.mode === 'verify-isolation') {
            const { runVerifyIsolationAction } = await Promise.all(/* import() */[__webpack_require__.e(85), __webpack_require__.e(732), __webpack_require__.e(949)]).then(__webpack_require__.bind(__webpack_require__, 33949));
            await runVerifyIsolationAction(inputs);
            return;
        }
        if (inputs.mode === 'serve') {
            const { startServer } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 19936));
            await startServer(inputs);
            return;
        }
        await runCommands(inputs);
    }
    catch (e) {
        core.setFailed(isFatalInputError(e) ? describeError(e) : (e.stack ?? String(e)));
        // Bad input and an unusable machine exit 2, as the CLI does (setFailed says 1).
        if (isFatalInputError(e))
            process.exitCode = 2;
    }
}
async function runCommands(inputs) {
    const outcome = await runPipeline({
        configPath: inputs.config,
        outDir: inputs.outputDir,
        workingDirectory: inputs.workingDirectory,
        agents: inputs.agents,
        imagePolicy: inputs.imagePolicy,
        imageSources: actionImageSources(inputs),
        defaultTimeoutSec: inputs.timeoutSec,
        baseRef: inputs.baseRef,
        configRef: inputs.configRef,
        allowUnsafe: inputs.allowUnsafe,
        surface: 'action',
        caCertificates: inputs.caCertificates,
        log: (line) => core.info(safeLine(line)),
        onSecret: (v) => core.setSecret(v),
        onStart: (runId) => saveRunState(runId, inputs.cleanup),
        onStep: (agent, s) => {
            core.info(safeLine(`[${agent.id}] ${stepLine(s)}`));
            if (failedLike(s))
                for (const l of outputTail(s))
                    core.info(safeLine(`[${agent.id}]     ${l}`));
        },
        onOutput: inputs.quiet
            ? undefined
            : (agent, line) => core.info(safeLine(`[${agent.id}] ${line}`)),
        handleSignals: true
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
    const runId = (0,pipeline/* newRunId */.F$)();
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
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(81066);
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
        const socket = host.sockets.find((s) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(s, p));
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
        const sensitive = SENSITIVE_TREES.find((d) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(p, d));
        if (system) {
            add({
                class: 'host-paths',
                message: `${path}${via} is ${p === '/' ? "the host's root" : `the system directory ${p}`}`
            });
        }
        else if (sensitive && !(0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(p, host.workingDirectory)) {
            add({
                class: 'host-paths',
                message: `${path}${via} is inside the system directory ${sensitive}`
            });
        }
        else if ((0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(host.home, p)) {
            add({
                class: 'host-paths',
                message: `${path}${via} contains the runner's home directory ${host.home}`
            });
        }
        else if (opts.writable &&
            socket !== p &&
            opts.inside &&
            !opts.inside.some((d) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(p, d))) {
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
/** Every unsafe setting of one agent, at the key that writes it. */
function findAgentUnsafe(src) {
    const { plan, backend, host } = src;
    const bp = [...src.agentPath, 'backend'];
    const out = [];
    const add = (keys, f, pos = src.keyAt(keys)) => out.push({ ...pos, class: f.class, agent: plan.id, key: keyName(keys), message: f.message });
    const asList = (v) => (Array.isArray(v) ? v : []);
    if (plan.mode === 'local') {
        // Nothing isolates a local agent; one that runs nothing exposes nothing.
        if (plan.steps.length > 0) {
            const keys = backend.command_line_execution_mode
                ? [...bp, 'command_line_execution_mode']
                : [...src.agentPath, 'commands'];
            add(keys, {
                class: 'no-sandbox',
                message: `agent ${plan.id} runs its commands on the host with no sandbox (execution mode local)`
            });
        }
        return out;
    }
    const inside = [
        plan.workspace,
        ...plan.contextPaths.map((c) => c.path),
        ...(plan.tempWorkspace ? [plan.tempWorkspace] : [])
    ];
    const insideReal = withRealPaths(inside);
    const checkPath = (keys, path, writable, pos) => {
        for (const f of pathExposure(path, host, { writable, inside: insideReal }))
            add(keys, f, pos ?? src.at(keys));
    };
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
    if (plan.srt) {
        asList(backend.command_line_srt_allow_unix_sockets).forEach((s, i) => {
            const keys = [...bp, 'command_line_srt_allow_unix_sockets', i];
            for (const f of pathExposure(src.resolvePath(String(s)), host))
                if (f.class === 'docker-socket')
                    add(keys, f, src.at(keys));
        });
    }
    const d = plan.docker;
    if (!d)
        return out;
    // Only the config's own user counts: a default (e.g. the checkout's owner) never makes root.
    const user = backend.command_line_docker_user;
    if (user !== undefined && user !== null && Number(String(user).split(':')[0]) === 0) {
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
    const creds = d.credentials;
    if (!creds)
        return out;
    const cp = [...bp, 'command_line_docker_credentials'];
    const rawMounts = (backend.command_line_docker_credentials
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
    if (creds.envFile) {
        const allowed = withRealPaths([host.workingDirectory, ...inside]);
        const real = realOf(creds.envFile) ?? creds.envFile;
        if (![creds.envFile, real].every((p) => allowed.some((d) => (0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .FK)(p, d)))) {
            add([...cp, 'env_file'], {
                class: 'host-env',
                message: `reads ${creds.envFile}${real !== creds.envFile ? ` (a symlink to ${real})` : ''}, outside the working directory and the agent's paths, into the container's environment`
            }, src.at([...cp, 'env_file']));
        }
    }
    asList(creds.envVars).forEach((name, i) => {
        if (!/^ACTIONS_/.test(String(name)))
            return;
        add([...cp, 'env_vars', i], {
            class: 'host-env',
            message: `copies the runner's ${String(name)} (its cache, artifact and token service credentials) into the container`
        }, src.at([...cp, 'env_vars', i]));
    });
    return out;
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

/***/ 97512:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hg: () => (/* binding */ python),
/* harmony export */   IX: () => (/* binding */ pass),
/* harmony export */   VK: () => (/* binding */ tagged),
/* harmony export */   fJ: () => (/* binding */ fail),
/* harmony export */   ho: () => (/* binding */ NO_PYTHON),
/* harmony export */   iv: () => (/* binding */ skip),
/* harmony export */   p_: () => (/* binding */ list),
/* harmony export */   sh: () => (/* binding */ sh)
/* harmony export */ });
const pass = (detail) => ({ status: 'pass', detail });
const fail = (detail) => ({ status: 'fail', detail });
const skip = (detail) => ({ status: 'skip', detail });
/** Quotes a string for /bin/sh. */
function sh(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}
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


/***/ }),

/***/ 1894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dp: () => (/* binding */ runtimeProbe),
/* harmony export */   fh: () => (/* binding */ expectRuntimeOption)
/* harmony export */ });
/* unused harmony exports ANY_GVISOR, expectationOf */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(55459);
/* harmony import */ var _outcome_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(97512);
// Probe 27: the container runs under the runtime it should — by the engine's account (inspect's
// HostConfig.Runtime, the engine's default when unset) and by the kernel that answers an agent
// process (gVisor's own dmesg, or /proc/version naming the engine host's release). What "should"
// means comes from outside the config when the check is told (`--expect-runtime`, action input
// `expect-runtime`: a name, or `gvisor` for any gVisor runtime), so that a config that lost its
// `command_line_docker_runtime` key fails here; otherwise it is the config's own runtime.



/** `--expect-runtime gvisor`: any runtime the engine runs as gVisor. */
const ANY_GVISOR = 'gvisor';
const KERNEL_VIEW = [
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
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`expect-runtime: ${JSON.stringify(value)} is not a runtime name like "runsc" (or "${ANY_GVISOR}")`);
    return value;
}
function expectationOf(ctx) {
    const info = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime };
    const wanted = ctx.expectRuntime;
    if (wanted === ANY_GVISOR)
        return { gvisor: true, from: '--expect-runtime gvisor' };
    if (wanted)
        return { name: wanted, gvisor: (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_1__.isGvisorRuntime)(wanted, info), from: '--expect-runtime' };
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
        const r = await ctx.agentExec(KERNEL_VIEW);
        if (!r.stdout.includes('DONE'))
            return (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .fail */ .fJ)(`could not ask the container's kernel (exit ${r.exitCode})`);
        const dmesg = (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .tagged */ .VK)(r.stdout, 'DMESG').join('\n');
        const procVersion = (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .tagged */ .VK)(r.stdout, 'VERSION')[0] ?? '';
        const kernel = (0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_1__.kernelIdentity)({ dmesg, procVersion, hostRelease: ctx.engine.kernel });
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
        if (expected.name === undefined && !(0,_runtime_docker_index_js__WEBPACK_IMPORTED_MODULE_1__.isGvisorRuntime)(actual, engineInfo))
            problems.push(`the container runs under ${actual}, which is not gVisor`);
        if (expected.gvisor && kernel !== 'gvisor')
            problems.push(`${seen}, not gVisor's: the agent's system calls reach the host kernel`);
        if (!expected.gvisor && kernel !== 'host')
            problems.push(`${seen}, expected the host's`);
        if (expected.name !== undefined && !Object.hasOwn(ctx.engine.runtimes, expected.name))
            problems.push(`the engine does not list ${expected.name}`);
        if (problems.length)
            return (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .fail */ .fJ)(`${(0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .list */ .p_)(problems)} [expected ${want} per ${expected.from}]`);
        return (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .pass */ .IX)(`${actual} (expected ${want} per ${expected.from}); ${seen}`);
    }
};


/***/ }),

/***/ 37332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ compilePythonRegex)
/* harmony export */ });
/* unused harmony export translatePythonRegex */
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
        if (e instanceof PatternError) {
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
class PatternError extends Error {
}
const SPACE_CHARS = '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const UNI_WORD = '\\p{L}\\p{N}_';
const ASCII_WORD = 'A-Za-z0-9_';
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
        throw new PatternError(`${message} at position ${at}`);
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
    wordClass(negated) {
        const body = this.flags.a ? ASCII_WORD : UNI_WORD;
        return negated ? `[^${body}]` : `[${body}]`;
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
            case 'd':
                return this.flags.a ? '[0-9]' : '\\p{Nd}';
            case 'D':
                return this.flags.a ? '[^0-9]' : '\\P{Nd}';
            case 'w':
                return this.wordClass(false);
            case 'W':
                return this.wordClass(true);
            case 's':
                return this.flags.a ? '[\\t-\\r ]' : `[${SPACE_CHARS}]`;
            case 'S':
                return this.flags.a ? '[^\\t-\\r ]' : `[^${SPACE_CHARS}]`;
        }
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

/***/ 50181:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ notCaughtMessage),
/* harmony export */   GE: () => (/* binding */ verdictAnnotations),
/* harmony export */   Od: () => (/* binding */ compareOutputs),
/* harmony export */   Z4: () => (/* binding */ compareHtml)
/* harmony export */ });
/* unused harmony exports VERDICT_ICON, MAX_LISTED, compareMarkdown */
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
/** One annotation per compare step whose verdict is does-not-catch, untrusted or regression. */
function verdictAnnotations(r) {
    return r.agents.flatMap((a) => a.commands.flatMap((s) => s.compare && ANNOUNCED.includes(s.compare.verdict)
        ? [
            {
                title: `massgen-exec: ${a.id} step ${s.index + 1} compare: ${s.compare.verdict}`,
                message: `${s.name ?? s.command.split('\n')[0].slice(0, 100)}: ${s.compare.verdict}${s.compare.reason ? ` — ${s.compare.reason.slice(0, 500)}` : ''}`
            }
        ]
        : []));
}
/** fail-on not-caught: why the run fails (some compare step did not say catches-change), or undefined. */
function notCaughtMessage(r) {
    const compared = steps(r).filter((s) => s.compare);
    if (!compared.length)
        return 'massgen-exec: fail-on not-caught, but no compare step ran';
    const bad = compared.filter((s) => s.compare.verdict !== 'catches-change');
    if (!bad.length)
        return undefined;
    const list = bad.map((s) => `step ${s.index + 1}: ${s.compare.verdict}`).join(', ');
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
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(41143);
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(75824);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _runtime_allowed_paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(58201);
// Summarises a JUnit XML report (pytest --junitxml, jest-junit, surefire, …) that a step wrote
// into its agent's workspace. The workspace is written by the agent, so the report is read
// without following symlinks out of it, and with a size cap.





const MAX_JUNIT_BYTES = 20 * 1024 * 1024;
const MAX_FAILED_NAMES = 50;
class ReportError extends Error {
}
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
        const error = e instanceof ReportError ? e.message : `cannot read ${path}: ${describe(e)}`;
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
    if (!(0,_runtime_allowed_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .isInside */ .FK)(real, root)) {
        throw new ReportError(`${path} resolves outside the workspace; refusing to read it`);
    }
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(root, real);
    // realpath returned a symlink-free path; a symlink found now was swapped in since.
    let current = root;
    let last;
    for (const part of rel.split(node_path__WEBPACK_IMPORTED_MODULE_2__.sep)) {
        current = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(current, part);
        last = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(current);
        if (last.isSymbolicLink())
            throw new ReportError(`${path} changed while being read`);
    }
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(real, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    try {
        const st = await fh.stat();
        if (!st.isFile())
            throw new ReportError(`${path} is not a regular file`);
        if (last && (st.dev !== last.dev || st.ino !== last.ino)) {
            throw new ReportError(`${path} changed while being read`);
        }
        if (st.size > MAX_JUNIT_BYTES) {
            throw new ReportError(`${path} is ${st.size} bytes, over the ${MAX_JUNIT_BYTES}-byte cap`);
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
            throw new ReportError(`${path} grew past the size cap`);
        return buf.subarray(0, length).toString('utf8');
    }
    finally {
        await fh.close();
    }
}
const parser = new fast_xml_parser__WEBPACK_IMPORTED_MODULE_4__/* ["default"] */ .A({
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
    const valid = fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__/* .XMLValidator */ .iI.validate(xml);
    if (valid !== true) {
        const { msg, line, col } = valid.err;
        throw new ReportError(`malformed XML at line ${line}, column ${col}: ${msg}`);
    }
    const doc = parser.parse(xml);
    const suitesRoot = isNode(doc.testsuites) ? doc.testsuites : undefined;
    const topSuites = suitesRoot ? children(suitesRoot, 'testsuite') : children(doc, 'testsuite');
    if (!suitesRoot && topSuites.length === 0) {
        throw new ReportError('not a JUnit report: no <testsuites> or <testsuite> root element');
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
    const compare = s.compare ? ` · compare: ${s.compare.verdict}` : '';
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
/* harmony import */ var _runtime_output_cap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(62762);
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
        const parts = text.split(new RegExp(`(${_runtime_output_cap_js__WEBPACK_IMPORTED_MODULE_0__/* .TRUNCATION_MARKER */ .h6.source})`));
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

/***/ 36528:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  F$: () => (/* binding */ newRunId)
});

// UNUSED EXPORTS: runPipeline, runScope

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
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
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
// EXTERNAL MODULE: ./src/report/write.ts
var write = __webpack_require__(1693);
;// CONCATENATED MODULE: ./src/policy/paths.ts
// Which paths matter: the root, system directories, home directories and block devices.

/** Top-level directories whose loss breaks the system (or the user's data). */
const SYSTEM_DIRS = (/* unused pure expression or super */ null && ([
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
]));
/** Second-level directories as critical as their parents. */
const SYSTEM_SUBDIRS = {
    usr: ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'include', 'share', 'local', 'src'],
    var: ['lib', 'log', 'spool', 'mail']
};
/** Directories that chmod/chown must not touch, at any depth. */
const PERMISSION_SENSITIVE = new Set([
    'bin',
    'boot',
    'dev',
    'etc',
    'lib',
    'lib32',
    'lib64',
    'libx32',
    'opt',
    'proc',
    'root',
    'run',
    'sbin',
    'srv',
    'sys',
    'usr',
    'var'
]);
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
const VISITED = (/* unused pure expression or super */ null && ([
    'command',
    'pipeline',
    'function_definition',
    'file_redirect',
    'redirected_statement',
    'heredoc_redirect'
]));
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
            .descendantsOfType(VISITED)
            .filter((n) => n !== null)
            .map((node) => ({ node, end: node.endIndex, start: node.startIndex }));
        keyed.sort((a, b) => a.end - b.end || b.start - a.start);
        for (const { node } of keyed) {
            switch (node.type) {
                case 'command':
                    this.onCommand(node, ctx);
                    break;
                case 'pipeline':
                    this.onPipeline(node, ctx);
                    break;
                case 'function_definition':
                    this.onFunction(node);
                    break;
                case 'file_redirect':
                    this.onFileRedirect(node);
                    break;
                case 'redirected_statement':
                    this.onRedirectedStatement(node, ctx);
                    break;
                case 'heredoc_redirect':
                    this.onHeredocPipeline(node, ctx);
                    break;
            }
        }
    }
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

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
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
        const texts = [path, rel, ...(rel.startsWith('..') ? [] : [`./${rel}`])];
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

// EXTERNAL MODULE: ./src/config/paths.ts
var paths = __webpack_require__(81066);
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

// EXTERNAL MODULE: ./src/policy/python-regex.ts
var python_regex = __webpack_require__(37332);
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

// EXTERNAL MODULE: ./src/runtime/allowed-paths.ts
var allowed_paths = __webpack_require__(58201);
// EXTERNAL MODULE: ./src/run/plan.ts + 10 modules
var plan = __webpack_require__(49083);
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

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
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








class trees_CompareError extends (/* unused pure expression or super */ null && (Error)) {
}
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
                throw new trees_CompareError(`cannot run git: ${e.message}`);
            }
        }
    };
}
async function must(git, what, args, cwd, extra = {}) {
    const r = await git.run(args, { cwd, ...extra });
    if (r.code !== 0) {
        throw new trees_CompareError(`cannot ${what}: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
const split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function trees_workTree(git, repo) {
    const r = await git.run(['rev-parse', '--show-toplevel'], { cwd: repo });
    if (r.code !== 0)
        throw new trees_CompareError(`${repo} is not inside a git work tree`);
    const top = await realpath(r.stdout.toString('utf8').trim());
    const head = (await must(git, 'resolve HEAD', ['rev-parse', '--verify', 'HEAD^{commit}'], top))
        .toString()
        .trim();
    return { top, head };
}
/** The commit a revision names; a clear error (with a hint for shallow clones) when none. */
async function trees_resolveRevision(git, top, rev) {
    if (!rev.trim() || rev.startsWith('-')) {
        throw new trees_CompareError(`base revision ${JSON.stringify(rev)} is not a revision`);
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
    throw new trees_CompareError(`base revision ${JSON.stringify(rev)} not found in ${top}${hint}`);
}
/** compare.tests → git pathspecs: globs, "!pattern" excludes, explicit magic kept. */
function pathspecs(patterns) {
    return patterns
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p.startsWith(':') ? p : p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`);
}
const MAX_TREE_BYTES = (/* unused pure expression or super */ null && (1024 * 1024 * 1024));
/** Writes the two trees into a new tar file `out` (which must not exist). */
async function trees_packTrees(git, spec, out) {
    const { top } = spec;
    const max = spec.maxBytes ?? MAX_TREE_BYTES;
    const specs = pathspecs(spec.tests);
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const headPaths = unique(split0(await must(git, 'list the work tree', list, top))).filter((p) => !spec.exclude(p));
    const headTests = new Set(split0(await must(git, 'list the test files', [...list, '--', ...specs], top)).filter((p) => !spec.exclude(p)));
    const index = await mkdtemp(join(tmpdir(), 'mgx-compare-index-'));
    let baseEntries;
    let baseTests;
    try {
        const env = { env: { GIT_INDEX_FILE: join(index, 'index') } };
        await must(git, 'read the base tree', ['read-tree', spec.baseSha], top, env);
        baseEntries = split0(await must(git, 'list the base tree', ['ls-files', '-z', '-s'], top, env))
            .map((line) => {
            const tab = line.indexOf('\t');
            const [mode, sha] = line.slice(0, tab).split(' ');
            return { mode, sha, path: line.slice(tab + 1) };
        })
            .filter((e) => !spec.exclude(e.path));
        baseTests = new Set(split0(await must(git, 'list the base test files', ['ls-files', '-z', '--', ...specs], top, env)));
    }
    finally {
        await rm(index, { recursive: true, force: true });
    }
    const skipped = [];
    let bytes = 0;
    const budget = (n) => {
        bytes += n;
        if (bytes > max)
            throw new trees_CompareError(`the trees are larger than ${max} bytes`);
    };
    const reader = new WorkTreeReader(top);
    const head = new Map();
    for (const p of headPaths) {
        const e = await reader.read(p, budget);
        if (!e)
            continue;
        if (e.type === 'skip')
            skipped.push(p);
        else
            head.set(p, e);
    }
    // Base: its files minus its tests, minus anything in the way of a head test (a file where
    // head has a directory, or the reverse), plus head's tests.
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
        if (e.mode === '160000') {
            skipped.push(e.path);
            return false;
        }
        return !inTheWay(e.path);
    });
    const watch = spec.watch ?? (() => false);
    const watchedBase = baseEntries.filter((e) => watch(e.path) && e.mode !== '160000');
    const original = spec.names.original ? baseEntries.filter((e) => e.mode !== '160000') : [];
    const blobs = await catBlobs(git, top, [...new Set([...fromBase, ...watchedBase, ...original].map((e) => e.sha))], budget);
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
    const dirty = spec.headSha ? await dirtyPaths(git, top, spec.headSha, head) : [];
    const pack = tarPack();
    const fd = await open(out, 'wx', 0o644);
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
    const addEntry = async (name, e) => {
        if (e.type === 'file')
            await add({ name, type: 'file', mode: e.mode }, e.data);
        else if (e.type === 'symlink')
            await add({ name, type: 'symlink', linkname: e.target });
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
        const addBlob = async (root, e) => {
            const name = `${root}/${e.path}`;
            const data = blobs.get(e.sha);
            if (e.mode === '120000')
                await add({ name, type: 'symlink', linkname: data.toString('utf8') });
            else
                await add({ name, type: 'file', mode: e.mode === '100755' ? 0o755 : 0o644 }, data);
        };
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
        return {
            headFiles: head.size,
            baseFiles: fromBase.length + testFiles,
            testFiles,
            removedTests: removedTestPaths.length,
            removedTestPaths,
            bytes,
            skipped,
            watched: [...watched.values()],
            dirty
        };
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
            throw new trees_CompareError(`base object missing: ${line}`);
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
            throw new trees_CompareError(`unexpected object in the base tree: ${sha} ${type}`);
        }
        blobs.set(sha, buf.subarray(nl + 1, nl + 1 + size));
        pos = nl + 1 + size + 1;
    }
    for (const sha of shas)
        if (!blobs.has(sha))
            throw new trees_CompareError(`base object missing: ${sha}`);
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
            throw new trees_CompareError(`refusing ${rel}: a directory on its path is a symlink`);
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
                throw new trees_CompareError(`${rel} changed while being read`);
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
const noTransitions = () => ({
    failToPass: [],
    passToPass: [],
    failToFail: [],
    passToFail: [],
    onlyHead: [],
    onlyBase: [],
    skipped: []
});
async function run_runCompare(o) {
    const t0 = Date.now();
    const ref = o.baseRef || o.step.compare.base;
    const compare = {
        ...(ref ? { baseRef: ref } : {}),
        transitions: noTransitions(),
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
async function rerun(o, p, out, result) {
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
}
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
        transitions: t ?? noTransitions(),
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
    const token = randomBytes(6).toString('hex');
    const shared = o.weaken?.sharedSandbox === true;
    const root = shared ? join(resolve(o.agent.workspace), COMPARE_DIR, token) : join(p.dir, token);
    await mkdir(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await chmod(root, 0o777);
    const tar = join(root, `${token}.tar`);
    await copyFile(p.tar, tar);
    const box = await o.openSide({
        side,
        root,
        tar,
        member: how.member ?? p.names[side],
        ...(shared ? { shared } : {})
    });
    const tree = join(root, how.member ?? p.names[side]);
    const scratch = o.agent.mode === 'docker' ? {} : await freshHome(root);
    const place = {
        cwd: join(tree, p.cwdRel),
        env: { ...o.step.env, ...scratch },
        report: join(tree, p.reportRel),
        ...(how.command ? { command: how.command } : {})
    };
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
    // Neutral names: a test should not learn from its path which side it runs on.
    const ownTests = !o.weaken?.noTamper && !o.weaken?.noCollection && !!collectCommand(step.run);
    const names = { head: token(), base: token(), ...(ownTests ? { original: token() } : {}) };
    const tar = join(dir, 'trees.tar');
    try {
        const packed = await packTrees(git, {
            top: tree.top,
            baseSha: compare.base,
            tests: step.compare.tests,
            exclude: (p) => p === reportRel || p === COMPARE_DIR || p.startsWith(`${COMPARE_DIR}/`),
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
        return { dir, tar, names, cwdRel: rel(cwd), reportRel, found };
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
                started.beginStep?.({ index: s.index, name: s.name, egress: egressOn(agent, s) });
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
                await session.saveLogs?.(`${this.opts.outDir}/${agent.id}`).catch((e) => {
                    ctx.log(`[${agent.id}] could not save runtime logs: ${e.message}`);
                });
                this.sessions.delete(session);
                await session
                    .close()
                    .catch((e) => ctx.log(`[${agent.id}] close failed: ${e.message}`));
                // After close: what background processes sent after the last step is in too.
                const egress = session.egressReport?.();
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
        const egress = session.egressReport?.();
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
            id: `${agent.id}-compare-${req.side}`,
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
        session.beginStep?.({ index: step.index, name: step.name, egress: egressOn(agent, step) });
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
            if (!session.execBackground) {
                return { ...base, status: 'error', reason: 'background steps are not supported here' };
            }
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
    return {
        index: step.index,
        name: step.name,
        command,
        kind: step.kind,
        status: 'error',
        exitCode: null,
        durationMs: 0,
        stdout: '',
        stderr: '',
        truncated: false,
        ...(step.kind === 'run' && step.allowFailure ? { allowFailure: true } : {}),
        ...(step.kind === 'run' && step.background ? { background: true } : {})
    };
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

// EXTERNAL MODULE: ./src/run/runtimes.ts
var runtimes = __webpack_require__(83224);
// EXTERNAL MODULE: ./src/runtime/docker/credentials.ts
var credentials = __webpack_require__(49255);
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
// The run pipeline both entry points share: config → plan → sandboxes → steps → reports, with
// cleanup on every path (normal end, crash, SIGINT/SIGTERM) and results.json on every path too:
// written at the start (status "running"), after every step, and at the end, so even a run killed
// with SIGKILL leaves a truthful record. Everything under the output directory goes through the
// redactor at the end (the one choke point for files).













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
function newRunId() {
    return `${Date.now().toString(36)}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`;
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
async function runPipeline(opts) {
    return runScope(opts, (run) => run.execute());
}
/**
 * The scope every run lives in (`run` and `mcp`): plan, secrets, sandboxes made on demand, signals,
 * cleanup, final redaction. `body` does the run's work with the Run (its steps, or a live server).
 */
async function runScope(opts, body) {
    const runId = opts.runId ?? newRunId();
    const outDir = resolve(opts.outDir);
    const redactor = new Redactor();
    // Every console line goes through the redactor too (live step lines, egress, cleanup).
    const log = (line) => opts.log(redactor.apply(line));
    const write = (results) => writeReports(outDir, results, redactor);
    ensureOutputDir(outDir);
    log(`run ${runId}: results in ${outDir}`);
    let plan;
    try {
        plan = await loadRunPlan(opts.configPath, opts);
    }
    catch (e) {
        if (!isFatalInputError(e))
            throw e;
        const results = failedBeforeStart(opts, runId, describeError(e));
        return { results, exitCode: 2, reports: write(results), redactor };
    }
    for (const line of [...warningLines(plan), ...ignoredLines(plan)])
        log(line);
    log(`config: ${describeSource(plan.source)}`);
    const unsafe = unsafeSummary(plan);
    if (unsafe.allowed.length)
        log(`unsafe settings allowed by the invoker: ${unsafe.allowed.join(', ')}` +
            (unsafe.used.length
                ? ` (used: ${unsafe.used.map((u) => `${u.class} ${u.key}`).join('; ')})`
                : ''));
    for (const v of secretValues(plan)) {
        redactor.add(v);
        opts.onSecret?.(v);
    }
    opts.onStart?.(runId, plan);
    const runtimes = new Runtimes({
        imagePolicy: opts.imagePolicy ?? 'auto',
        log,
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
    const cleanup = async () => {
        await run.closeAll();
        await runtimes.cleanup(runId).catch((e) => log(`cleanup: ${e.message}`));
    };
    const onSignal = (sig) => {
        log(`received ${sig}: stopping, cleaning up`);
        run.fail(`interrupted by ${sig}`);
        // Written at once (cleanup could hang), then again with what cleanup settled.
        write(run.results);
        void cleanup()
            .then(() => redactTree(outDir, (s) => redactor.apply(s)))
            .catch(() => undefined)
            .finally(() => {
            run.fail(`interrupted by ${sig}`);
            write(run.results);
            process.exit(exitCodeFor('error'));
        });
    };
    if (opts.handleSignals) {
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
    }
    try {
        await body(run);
    }
    catch (e) {
        run.fail(describeError(e));
    }
    finally {
        await cleanup();
        if (opts.handleSignals) {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
        }
    }
    // What the caller renders (job summary, annotations, outputs) is as redacted as the files.
    const results = redactor.applyDeep(run.results);
    const reports = write(results);
    await redactTree(outDir, (s) => redactor.apply(s));
    return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor };
}


/***/ }),

/***/ 49083:
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
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
// EXTERNAL MODULE: ./src/policy/python-regex.ts
var python_regex = __webpack_require__(37332);
// EXTERNAL MODULE: ./src/runtime/egress/config.ts
var config = __webpack_require__(60878);
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

// EXTERNAL MODULE: ./src/runtime/ca-bundle.ts
var ca_bundle = __webpack_require__(8175);
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

;// CONCATENATED MODULE: ./src/config/schema.ts
// The one description of the config's shape. The loader validates YAML nodes against it (with
// positions and "did you mean"), and scripts/gen-schema.mjs turns it into the JSON Schema in
// schema/ for editors (yaml-language-server). A new key is one entry here plus its reading in
// load.ts; a MassGen key we accept without acting on it goes in an `ignored` map with the reason.
const str = (description) => ({ type: 'string', description });
const bool = (description) => ({ type: 'boolean', description });
const strList = (description) => ({ type: 'array', items: str(), description });
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
        str('Host path, read-only (MassGen accepts a bare string).'),
        {
            type: 'object',
            unknown: 'error',
            required: ['path'],
            props: {
                path: str('Host path (relative to the working directory), mounted at the same path.'),
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
        repo: str('The git work tree under test (workspace-relative; the workspace or inside a context path). Default: the workspace.'),
        base: str('Base revision (SHA, branch, tag). The action input base-ref / CLI --base-ref override it.'),
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
        }
    }
};
const RUN_STEP = {
    type: 'object',
    unknown: 'error',
    required: ['run'],
    props: {
        run: str('Shell command, run with /bin/sh -c.'),
        name: schema_name,
        timeout,
        work_dir: str('Directory to run in; must be inside the agent workspace or a context path.'),
        env: { type: 'scalarMap', description: 'Variables for this command only.' },
        expect_exit: { type: 'number', integer: true, min: 0, description: 'Exit code that passes.' },
        allow_failure: bool('A failure of this step does not fail the run.'),
        background: bool('Start detached; output kept in the logs; killed at the end.'),
        junit: str('JUnit XML report the step writes (workspace-relative); removed before the step, required fresh after it, cross-checked with the exit code.'),
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
            props: { path: str(), content: str() }
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
                path: str(),
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
    variants: [str('Shell command.'), RUN_STEP, WRITE_FILE_STEP, READ_FILE_STEP]
};
const NETWORK_MODES = ['none', 'bridge', 'host'];
/** The presets of src/runtime/egress/presets.ts (a unit test keeps the two equal). */
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
        cwd: str('Agent workspace; a relative path goes under .massgen/workspaces/, as in MassGen.'),
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
        command_execution_prefix: str('Prefix for every command, e.g. "uv run".'),
        command_execution_venv_path: str('Virtualenv whose bin/ goes first on PATH.'),
        context_paths: { type: 'array', items: CONTEXT_PATH },
        agent_temporary_workspace: str(),
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
                agent_temporary_workspace: str('Mounted read-only; a relative path goes under .massgen/, as in MassGen.'),
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

// EXTERNAL MODULE: ./src/config/unsafe.ts
var unsafe = __webpack_require__(75106);
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




















/** Where MassGen keeps its state; relative workspaces are placed under it. */
const MASSGEN_DIR = '.massgen';
async function loadConfig(path, opts = {}) {
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (e) {
        throw new ConfigError([
            { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
        ]);
    }
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
        commandPrefix: load_str(backend.command_execution_prefix),
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
/** command_line_ca_certificates: `system` kept, paths absolute; local mode has no sandbox to give them. */
function buildCaCertificates(backend, bp, mode, ctx) {
    const raw = backend.command_line_ca_certificates;
    if (raw === undefined)
        return undefined;
    if (mode === 'local')
        ctx.warn(ctx.posOf([...bp, 'command_line_ca_certificates']), "command_line_ca_certificates applies to docker and srt sandboxes; local mode runs with the runner's own trust store");
    const entries = asList(raw).map((e) => String(e) === ca_bundle/* SYSTEM_CA */.vt ? ca_bundle/* SYSTEM_CA */.vt : (0,external_node_path_.resolve)(ctx.wd, expandHome(String(e))));
    return entries.length ? entries : undefined;
}
function executionMode(v) {
    return v === 'docker' || v === 'srt' ? v : 'local';
}
function buildSrt(backend, wd) {
    const paths = (key) => asList(backend[key]).map((p) => (0,external_node_path_.resolve)(wd, expandHome(String(p))));
    return {
        readMode: (load_str(backend.command_line_srt_read_mode) ?? 'confined'),
        denyRead: paths('command_line_srt_deny_read'),
        allowRead: paths('command_line_srt_allow_read'),
        allowUnixSockets: paths('command_line_srt_allow_unix_sockets'),
        readOnly: backend.command_line_srt_read_only === true
    };
}
function buildDocker(backend, bp, runs, ctx) {
    const sudo = backend.command_line_docker_enable_sudo === true;
    let image = load_str(backend.command_line_docker_image) ?? defaults/* DEFAULT_IMAGE */.__;
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
        network: (load_str(backend.command_line_docker_network_mode) ?? 'none'),
        enableSudo: sudo,
        readOnlyRootfs: typeof backend.command_line_docker_read_only_rootfs === 'boolean'
            ? backend.command_line_docker_read_only_rootfs
            : !sudo,
        pidsLimit: num(backend.command_line_docker_pids_limit) ??
            (0,defaults/* defaultPidsLimit */.Ty)(load_str(backend.command_line_docker_runtime)),
        runtime: load_str(backend.command_line_docker_runtime),
        user: load_str(backend.command_line_docker_user) ?? defaults/* DEFAULT_USER */.Az,
        userExplicit: load_str(backend.command_line_docker_user) !== undefined,
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
function buildStep(raw, index, workspace, timeoutSec, pos) {
    if (typeof raw === 'string') {
        return runStep({ run: raw }, index, workspace, timeoutSec, pos);
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
        name: load_str(s.name),
        pos,
        run: String(s.run ?? ''),
        timeoutSec: num(s.timeout) ?? timeoutSec,
        workDir: s.work_dir !== undefined ? (0,external_node_path_.resolve)(workspace, String(s.work_dir)) : undefined,
        env,
        expectExit: num(s.expect_exit) ?? 0,
        allowFailure: s.allow_failure === true,
        background: s.background === true,
        junit: load_str(s.junit),
        ...(num(s.retries) ? { retries: num(s.retries) } : {}),
        ...(s.compare !== undefined ? { compare: compareSpec(s.compare, workspace) } : {}),
        ...(typeof s.egress === 'boolean' ? { egress: s.egress } : {})
    };
}
function compareSpec(c, workspace) {
    return {
        repo: (0,external_node_path_.resolve)(workspace, String(c.repo ?? '.')),
        base: load_str(c.base),
        tests: asList(c.tests).map(String),
        ...(c.allow !== undefined ? { allow: asList(c.allow).map(String) } : {})
    };
}
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
                name: load_str(e.name)
            });
        });
    }
    return [...merged.values()];
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
function asList(v) {
    return Array.isArray(v) ? v : [];
}
function load_str(v) {
    return v === undefined || v === null ? undefined : String(v);
}
function num(v) {
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function expandHome(p) {
    return p === '~' || p.startsWith('~/') ? (process.env.HOME ?? '') + p.slice(1) : p;
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
        let text;
        try {
            text = await (0,promises_.readFile)(path, 'utf8');
        }
        catch (e) {
            throw new errors/* ConfigError */.xL([
                { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
            ]);
        }
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
    if (rel === '' || rel === '..' || rel.startsWith('..' + external_node_path_.sep) || (0,external_node_path_.isAbsolute)(rel))
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

// EXTERNAL MODULE: ./src/runtime/docker/host-access.ts
var host_access = __webpack_require__(40194);
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
    const { uid, gid } = (0,host_access/* parseUser */.tN)(agent.docker?.user ?? defaults/* DEFAULT_USER */.Az);
    if (uid !== 0)
        await (0,promises_.chown)(agent.workspace, uid, gid);
}


/***/ }),

/***/ 83224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ Runtimes)
/* harmony export */ });
/* harmony import */ var _runtime_local_executor_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(15479);

class Runtimes {
    opts;
    local = (0,_runtime_local_executor_js__WEBPACK_IMPORTED_MODULE_0__/* .createLocalRuntime */ .K8)();
    docker;
    srt;
    constructor(opts) {
        this.opts = opts;
    }
    /** The Docker runtime itself (verify-isolation needs its engine client). */
    dockerRuntime() {
        return (this.docker ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 55459)).then((m) => m.createDockerRuntime({
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
                start: async (agent, ctx) => (await (this.srt ??= Promise.all(/* import() */[__webpack_require__.e(85), __webpack_require__.e(732)]).then(__webpack_require__.bind(__webpack_require__, 2365)).then((m) => m.createSrtRuntime()))).start(agent, ctx)
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

/***/ 15479:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K8: () => (/* binding */ createLocalRuntime),
/* harmony export */   PZ: () => (/* binding */ baseEnvironment),
/* harmony export */   fN: () => (/* binding */ prepareCommand)
/* harmony export */ });
/* unused harmony export PASSED_HOST_VARS */
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
/* harmony import */ var _file_lines_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(86214);
/* harmony import */ var _output_cap_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(62762);
/* harmony import */ var _process_tree_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(16522);
// Local mode: `/bin/sh -c` on the host, in the agent's directory, with a minimal environment.
// No isolation at all: the README says so, and docker mode is never replaced by this silently.








/** Host variables a local command may see (MassGen's MCP default environment, roughly). */
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
    const venv = agent.venvPath ?? ((0,node_fs__WEBPACK_IMPORTED_MODULE_2__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(cwd, '.venv', 'bin')) ? (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(cwd, '.venv') : '');
    if (!venv)
        return { command, env };
    return {
        command,
        env: { ...env, VIRTUAL_ENV: venv, PATH: `${(0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(venv, 'bin')}:${env.PATH ?? ''}` }
    };
}
class LocalSession {
    agent;
    info = { mode: 'local' };
    background = [];
    constructor(agent) {
        this.agent = agent;
    }
    async exec(req) {
        const started = Date.now();
        const { child, token } = this.spawnStep(req);
        const { stdout, stderr } = (0,_output_cap_js__WEBPACK_IMPORTED_MODULE_6__/* .captureOutput */ .Q9)(child, req.maxOutputBytes, req.onOutput);
        let timedOut = false;
        const exited = new Promise((resolve, reject) => {
            child.on('error', reject);
            child.on('exit', (code, signal) => resolve({ code, signal }));
        });
        const kill = () => {
            timedOut = true;
            void (0,_process_tree_js__WEBPACK_IMPORTED_MODULE_5__/* .killTree */ .TP)(child.pid, token);
        };
        const timer = setTimeout(kill, req.timeoutMs);
        req.signal?.addEventListener('abort', kill, { once: true });
        if (req.signal?.aborted)
            kill();
        let exit;
        try {
            exit = await exited;
        }
        finally {
            clearTimeout(timer);
            req.signal?.removeEventListener('abort', kill);
        }
        // Whatever the step left running (`server &` without background: true) dies with it;
        // otherwise it would hold the pipes open and outlive the run.
        const survivors = await (0,_process_tree_js__WEBPACK_IMPORTED_MODULE_5__/* .killTree */ .TP)(child.pid, token);
        await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]);
        return {
            exitCode: exit.code,
            stdout: stdout.text(),
            stderr: stderr.text(),
            truncated: stdout.truncated || stderr.truncated,
            timedOut,
            oom: false,
            durationMs: Date.now() - started,
            note: survivors.length
                ? `${survivors.length} process(es) of the step could not be killed`
                : undefined
        };
    }
    async execBackground(req, name) {
        const { child, token } = this.spawnStep(req);
        const out = new _output_cap_js__WEBPACK_IMPORTED_MODULE_6__/* .OutputCap */ .uu(req.maxOutputBytes);
        child.stdout.on('data', (c) => out.push(c));
        child.stderr.on('data', (c) => out.push(c));
        const done = new Promise((resolve) => {
            child.on('error', () => resolve());
            child.on('close', () => resolve());
        });
        this.background.push({ name, pgid: child.pid, token, out, done });
    }
    /** `/bin/sh -c` with the step's environment and a fresh token (see process-tree.ts). */
    spawnStep(req) {
        const token = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomUUID)();
        const prepared = prepareCommand(this.agent, req.command, req.cwd, {
            ...baseEnvironment(),
            ...req.env
        });
        // detached: the shell leads a new process group, so the group can be killed as one.
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('/bin/sh', ['-c', prepared.command], {
            cwd: req.cwd,
            env: { ...prepared.env, [_process_tree_js__WEBPACK_IMPORTED_MODULE_5__/* .TOKEN_VAR */ .ey]: token },
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        return { child, token };
    }
    async writeFile(path, content) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(path), { recursive: true });
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.writeFile)(path, content);
    }
    async readFile(path, offset, lineCount) {
        return (0,_file_lines_js__WEBPACK_IMPORTED_MODULE_7__/* .sliceLines */ .i)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.readFile)(path, 'utf8'), offset, lineCount);
    }
    async saveLogs(dir) {
        if (this.background.length === 0)
            return;
        await this.stopBackground();
        const text = this.background
            .map((b) => `=== background: ${b.name}\n${b.out.text()}\n`)
            .join('\n');
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.mkdir)(dir, { recursive: true });
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.writeFile)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(dir, 'background.log'), text);
    }
    async close() {
        await this.stopBackground();
    }
    async stopBackground() {
        await Promise.all(this.background.map(async (b) => {
            await (0,_process_tree_js__WEBPACK_IMPORTED_MODULE_5__/* .killTree */ .TP)(b.pgid, b.token);
            await Promise.race([b.done, new Promise((r) => setTimeout(r, 2000))]);
        }));
    }
}
function streamClosed(s) {
    if (s.closed)
        return Promise.resolve();
    return new Promise((resolve) => {
        s.once('close', () => resolve());
        s.once('error', () => resolve());
    });
}
function createLocalRuntime() {
    return {
        async start(agent) {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.mkdir)(agent.workspace, { recursive: true });
            return new LocalSession(agent);
        }
    };
}


/***/ }),

/***/ 16522:
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


/***/ })

};
