export const id = 175;
export const ids = [175];
export const modules = {

/***/ 94175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCommand: () => (/* binding */ runCommand)
/* harmony export */ });
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(75106);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _report_compare_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(50181);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(54285);
/* harmony import */ var _report_output_tail_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(67384);
/* harmony import */ var _run_pipeline_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(58831);
/* harmony import */ var _runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8175);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(71604);
// `massgen-exec run <config>`: every agent's steps, results into --out, a line per step.








const runCommand = {
    usage: `massgen-exec run <config> [options]

options:
  --out DIR                output directory (default: massgen-results)
  --agents a,b             run only these agents
  --image-policy P         auto | build | pull | never (default: auto)
  --timeout SECONDS        default timeout per command (default: 60)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --base-ref REV           base revision of every compare step (overrides compare.base)
  --config-ref REV         read the config from this git revision (e.g. the PR's base), not the
                           work tree; relative paths in it still resolve in the work tree
  --allow-unsafe a,b       allow these unsafe classes: docker-socket, host-paths, root-user,
                           host-network, host-env, no-sandbox (see README, "Trust model")
  --ca-certificates LIST   PEM files of CAs every sandbox trusts (comma-separated), or "system"
                           for the runner's own trust store (see command_line_ca_certificates)
  --fail-on WHEN           failed (default) | blocked | never | not-caught (also exit 1 unless
                           every compare step says catches-change)
  --quiet                  do not stream each step's output as it runs`,
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .parseCommandArgs */ .Qx)(argv, {
            out: { type: 'string' },
            agents: { type: 'string' },
            'image-policy': { type: 'string' },
            timeout: { type: 'string' },
            'working-directory': { type: 'string' },
            'base-ref': { type: 'string' },
            'config-ref': { type: 'string' },
            'allow-unsafe': { type: 'string' },
            'ca-certificates': { type: 'string' },
            'fail-on': { type: 'string' },
            quiet: { type: 'boolean' }
        });
        const failOn = values['fail-on'] ?? 'failed';
        if (!['failed', 'blocked', 'never', 'not-caught'].includes(failOn)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('--fail-on must be failed, blocked, never or not-caught');
        }
        const configPath = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .oneConfig */ .p8)(positionals);
        const imagePolicy = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .imagePolicyOption */ .Rw)(values['image-policy']);
        const timeout = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .timeoutOption */ .D5)(values.timeout);
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .printer */ .ll)(io.stdout);
        const err = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .printer */ .ll)(io.stderr);
        const outcome = await (0,_run_pipeline_js__WEBPACK_IMPORTED_MODULE_4__/* .runPipeline */ .aI)({
            configPath,
            outDir: values.out ?? 'massgen-results',
            workingDirectory: values['working-directory'],
            agents: (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .splitList */ .ry)(values.agents),
            imagePolicy,
            defaultTimeoutSec: timeout,
            baseRef: values['base-ref'] || undefined,
            configRef: values['config-ref'] || undefined,
            allowUnsafe: (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_0__/* .parseUnsafeClasses */ .SB)(values['allow-unsafe'], '--allow-unsafe'),
            caCertificates: (0,_runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_5__/* .caCertificatesOption */ .yw)(values['ca-certificates'], process.cwd()),
            log: out,
            onStep: (agent, s) => {
                out(`[${agent.id}] ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .stepLine */ .l6)(s)}`);
                if ((0,_report_output_tail_js__WEBPACK_IMPORTED_MODULE_7__/* .failedLike */ .bg)(s))
                    for (const line of (0,_report_output_tail_js__WEBPACK_IMPORTED_MODULE_7__/* .outputTail */ .ci)(s))
                        out(`[${agent.id}]     ${line}`);
            },
            onOutput: values.quiet ? undefined : (agent, line) => out(`[${agent.id}] ${line}`),
            handleSignals: true
        });
        const r = outcome.results;
        if (r.error)
            err(r.error);
        for (const a of r.agents)
            if (a.error)
                err(`[${a.id}] ${a.error}`);
        out(`${r.status}: ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .totalsLine */ .sX)(r)}`);
        out(`results: ${outcome.reports.resultsFile}`);
        for (const v of (0,_report_compare_js__WEBPACK_IMPORTED_MODULE_2__/* .verdictAnnotations */ .GE)(r))
            err(`${v.title}: ${v.message}`);
        if (r.status === 'error')
            return outcome.exitCode;
        if (failOn === 'not-caught') {
            const why = (0,_report_compare_js__WEBPACK_IMPORTED_MODULE_2__/* .notCaughtMessage */ .FK)(r);
            if (why) {
                err(why);
                return 1;
            }
        }
        if (failOn === 'never')
            return 0;
        if (failOn === 'blocked')
            return r.totals.blocked > 0 ? 1 : 0;
        return outcome.exitCode;
    }
};


/***/ })

};
