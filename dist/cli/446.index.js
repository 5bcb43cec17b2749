export const id = 446;
export const ids = [446];
export const modules = {

/***/ 4446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   listAgentsCommand: () => (/* binding */ listAgentsCommand),
/* harmony export */   validateCommand: () => (/* binding */ validateCommand)
/* harmony export */ });
/* harmony import */ var _config_load_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5424);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1604);
// `massgen-exec validate <config>` and `list-agents <config>`.


const validateCommand = {
    usage: 'massgen-exec validate <config>',
    async run(argv, io) {
        const file = (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .oneConfig */ .p8)((0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .parseCommandArgs */ .Qx)(argv, {}).positionals);
        const plan = await (0,_config_load_js__WEBPACK_IMPORTED_MODULE_0__.loadConfig)(file);
        const ids = plan.agents.map((a) => `${a.id} (${a.mode}, ${a.steps.length} steps)`);
        (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .printer */ .ll)(io.stdout)(`${file}: ok — ${plan.agents.length} agent(s): ${ids.join(', ')}`);
        return 0;
    }
};
const listAgentsCommand = {
    usage: 'massgen-exec list-agents <config>',
    async run(argv, io) {
        const plan = await (0,_config_load_js__WEBPACK_IMPORTED_MODULE_0__.loadConfig)((0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .oneConfig */ .p8)((0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .parseCommandArgs */ .Qx)(argv, {}).positionals));
        (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .printer */ .ll)(io.stdout)(JSON.stringify(plan.agents.map((a) => a.id)));
        return 0;
    }
};


/***/ })

};
