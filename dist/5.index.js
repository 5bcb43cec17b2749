export const id = 5;
export const ids = [5];
export const modules = {

/***/ 75005:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   startServer: () => (/* binding */ startServer)
/* harmony export */ });
/* unused harmony export stopServer */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_5___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_5__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(73136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_6___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_6__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(83916);
/* harmony import */ var _run_plan_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(27323);
/* harmony import */ var _run_pipeline_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(55591);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(36769);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(33175);
// mode: serve. Main starts `massgen-exec mcp --http 127.0.0.1:0` (the bundled CLI) detached, waits
// until it listens, and sets outputs mcp-url and mcp-token (a secret); later steps of the job (an
// agent) call it. The post step stops it with SIGTERM (it kills a running call, removes the
// sandbox and finishes results.json), then uploads the artifact and writes the job summary.












const PID = 'mcpPid';
const LOG = 'mcpLog';
const START_TIMEOUT_MS = 15 * 60_000;
/** The bundled CLI beside this bundle (dist/cli/index.js). */
function cliPath() {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_5__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_5__.dirname)((0,node_url__WEBPACK_IMPORTED_MODULE_6__.fileURLToPath)(import.meta.url)), 'cli', 'index.js');
}
async function startServer(inputs) {
    const agent = await servedAgent(inputs);
    const runId = (0,_run_pipeline_js__WEBPACK_IMPORTED_MODULE_9__/* .newRunId */ .F$)();
    (0,_state_js__WEBPACK_IMPORTED_MODULE_11__/* .saveRunState */ .i)(runId, inputs.cleanup);
    const temp = process.env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_4__.tmpdir)();
    const tokenFile = (0,node_path__WEBPACK_IMPORTED_MODULE_5__.join)(temp, `massgen-exec-mcp-${runId}.token`);
    const token = (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.randomBytes)(32).toString('base64url');
    (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.writeFileSync)(tokenFile, token + '\n', { mode: 0o600 });
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq(token);
    const logFile = (0,node_path__WEBPACK_IMPORTED_MODULE_5__.join)(temp, `massgen-exec-mcp-${runId}.log`);
    const args = [
        cliPath(),
        'mcp',
        inputs.config,
        '--agent',
        agent,
        '--out',
        (0,node_path__WEBPACK_IMPORTED_MODULE_5__.resolve)(inputs.outputDir),
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
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.openSync)(logFile, 'a');
    const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_1__.spawn)(process.execPath, args, { detached: true, stdio: ['ignore', fd, fd] });
    (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.closeSync)(fd);
    child.unref();
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(PID, String(child.pid));
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .saveState */ .LZ(LOG, logFile);
    const url = await listening(logFile, () => child.exitCode);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`massgen-exec: MCP server for agent ${agent} at ${url} (log: ${logFile})`);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('mcp-url', url);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('mcp-token', token);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('results', (0,node_path__WEBPACK_IMPORTED_MODULE_5__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_5__.resolve)(inputs.outputDir), 'results.json'));
}
async function servedAgent(inputs) {
    if (inputs.agents?.length === 1)
        return inputs.agents[0];
    if (inputs.agents && inputs.agents.length > 1)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb('mode serve serves one agent: give exactly one in input "agents"');
    const plan = await (0,_run_plan_js__WEBPACK_IMPORTED_MODULE_8__/* .loadRunPlan */ .dU)(inputs.config, { workingDirectory: inputs.workingDirectory });
    if (plan.agents.length !== 1)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb(`mode serve serves one agent: name it in input "agents" (the config has ${plan.agents.map((a) => a.id).join(', ')})`);
    return plan.agents[0].id;
}
/** Waits for the server's "at http://…" line; fails with its log when it exits first. */
async function listening(logFile, exited) {
    const end = Date.now() + START_TIMEOUT_MS;
    for (;;) {
        const log = (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.existsSync)(logFile) ? (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.readFileSync)(logFile, 'utf8') : '';
        const m = /MCP server \(Streamable HTTP\) at (http:\/\/\S+)/.exec(log);
        if (m)
            return m[1];
        if (exited() !== null || Date.now() > end) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .EnvironmentError */ .eG(`the MCP server did not start:\n${log.slice(-4000)}`, 'see the log above');
        }
        await new Promise((r) => setTimeout(r, 200));
    }
}
/** Post: SIGTERM, wait for the server to finish its reports, then report as a run does. */
async function stopServer() {
    const pid = Number(core.getState(PID));
    if (!pid)
        return;
    const logFile = core.getState(LOG);
    try {
        process.kill(pid, 'SIGTERM');
    }
    catch {
        core.info(`massgen-exec post: the MCP server (pid ${pid}) had already exited`);
    }
    const end = Date.now() + 60_000;
    while (alive(pid) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 200));
    if (alive(pid)) {
        core.warning(`massgen-exec post: the MCP server (pid ${pid}) did not stop; killing it`);
        process.kill(pid, 'SIGKILL');
    }
    if (logFile && existsSync(logFile)) {
        core.startGroup('massgen-exec MCP server log');
        core.info(readFileSync(logFile, 'utf8').slice(-20000));
        core.endGroup();
    }
    const { getInputs } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 81729));
    const inputs = getInputs();
    const resultsFile = join(resolve(inputs.outputDir), 'results.json');
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
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


/***/ })

};
