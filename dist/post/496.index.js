export const id = 496;
export const ids = [496];
export const modules = {

/***/ 50496:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runVerifyIsolationAction: () => (/* binding */ runVerifyIsolationAction)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _isolation_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(59676);
/* harmony import */ var _report_job_summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5236);
/* harmony import */ var _artifact_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48338);
/* harmony import */ var _engine_options_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(40804);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(58592);
// The action's `mode: verify-isolation`: runs the probes, writes the probe × agent matrix into the
// job summary, sets the outputs, uploads the output directory, and fails the step on any `fail`.






async function runVerifyIsolationAction(inputs) {
    const outcome = await (0,_isolation_index_js__WEBPACK_IMPORTED_MODULE_1__/* .verifyIsolation */ .Al)({
        ...(0,_engine_options_js__WEBPACK_IMPORTED_MODULE_4__/* .engineOptions */ .l)(inputs),
        expectRuntime: inputs.expectRuntime
    });
    const r = outcome.report;
    for (const a of r.agents) {
        if (a.error) {
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3((0,_log_js__WEBPACK_IMPORTED_MODULE_5__/* .safeLine */ .o)(`the container could not be started: ${a.error}`), {
                title: `verify-isolation: ${a.id}`
            });
            continue;
        }
        for (const p of a.results.filter((x) => x.status === 'fail'))
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3((0,_log_js__WEBPACK_IMPORTED_MODULE_5__/* .safeLine */ .o)(`${p.number} ${p.id}: ${p.detail}`), {
                title: `verify-isolation: ${a.id}`
            });
    }
    let artifactId = '';
    let artifactUrl = '';
    if (inputs.uploadArtifacts) {
        // verifyIsolation already redacted the canary wherever it leaked; nothing else to hide.
        const up = await (0,_artifact_js__WEBPACK_IMPORTED_MODULE_3__/* .uploadArtifact */ .mz)(inputs, [inputs.config, 'verify-isolation']);
        if (up.ok) {
            artifactId = String(up.id);
            artifactUrl = up.url ?? '';
        }
    }
    try {
        const link = artifactUrl
            ? `<p><a href="${(0,_report_job_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeHtml */ .ZD)(artifactUrl)}">results artifact</a></p>\n`
            : '';
        await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw((0,_isolation_index_js__WEBPACK_IMPORTED_MODULE_1__/* .renderIsolationHtml */ .Qk)(r) + link).write();
    }
    catch (e) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`could not write the job summary: ${e.message}`);
    }
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('status', r.status);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('results', outcome.files.resultsFile);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('artifact-id', artifactId);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('artifact-url', artifactUrl);
    if (r.status === 'error')
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`massgen-exec verify-isolation: ${r.error ?? 'error (see the log)'}`);
    else if (r.status === 'failed')
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`massgen-exec verify-isolation: ${(0,_isolation_index_js__WEBPACK_IMPORTED_MODULE_1__/* .headline */ .Pl)(r)}`);
    else
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`verify-isolation passed: ${(0,_isolation_index_js__WEBPACK_IMPORTED_MODULE_1__/* .headline */ .Pl)(r)}`);
}


/***/ })

};
