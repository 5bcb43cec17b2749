export const id = 175;
export const ids = [175];
export const modules = {

/***/ 4175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCommand: () => (/* binding */ runCommand)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4285);
/* harmony import */ var _run_pipeline_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6723);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1604);
// `massgen-exec run <config>`: every agent's steps, results into --out, a line per step.




const runCommand = {
    usage: `massgen-exec run <config> [options]

options:
  --out DIR                output directory (default: massgen-results)
  --agents a,b             run only these agents
  --image-policy P         auto | build | pull | never (default: auto)
  --timeout SECONDS        default timeout per command (default: 60)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --base-ref REV           base revision of every compare step (overrides compare.base)`,
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .parseCommandArgs */ .Qx)(argv, {
            out: { type: 'string' },
            agents: { type: 'string' },
            'image-policy': { type: 'string' },
            timeout: { type: 'string' },
            'working-directory': { type: 'string' },
            'base-ref': { type: 'string' }
        });
        const configPath = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .oneConfig */ .p8)(positionals);
        const imagePolicy = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .imagePolicyOption */ .Rw)(values['image-policy']);
        let timeout;
        if (values.timeout !== undefined) {
            timeout = Number(values.timeout);
            if (!(timeout > 0))
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb('--timeout must be a positive number of seconds');
        }
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .printer */ .ll)(io.stdout);
        const err = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .printer */ .ll)(io.stderr);
        const outcome = await (0,_run_pipeline_js__WEBPACK_IMPORTED_MODULE_2__/* .runPipeline */ .a)({
            configPath,
            outDir: values.out ?? 'massgen-results',
            workingDirectory: values['working-directory'],
            agents: (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .splitList */ .ry)(values.agents),
            imagePolicy,
            defaultTimeoutSec: timeout,
            baseRef: values['base-ref'] || undefined,
            log: out,
            onStep: (agent, s) => out(`[${agent.id}] ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .stepLine */ .l6)(s)}`),
            handleSignals: true
        });
        const r = outcome.results;
        if (r.error)
            err(r.error);
        for (const a of r.agents)
            if (a.error)
                err(`[${a.id}] ${a.error}`);
        out(`${r.status}: ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .totalsLine */ .sX)(r)}`);
        out(`results: ${outcome.reports.resultsFile}`);
        return outcome.exitCode;
    }
};


/***/ })

};
