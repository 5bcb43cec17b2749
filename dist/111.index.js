export const id = 111;
export const ids = [111];
export const modules = {

/***/ 91111:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   imageCommand: () => (/* binding */ imageCommand)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _runtime_types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(54493);
// `massgen-exec image [IMAGE] [--sudo] [--image-policy P]`: make the runtime image ready ahead of
// a run (a separate workflow step, a cache warm-up, the test suite's global setup).


const POLICIES = ['auto', 'build', 'pull', 'never'];
async function imageCommand(argv, io) {
    const out = (s) => io.stdout.write(s + '\n');
    let parsed;
    try {
        parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            allowPositionals: true,
            options: { sudo: { type: 'boolean' }, 'image-policy': { type: 'string' } }
        });
    }
    catch (e) {
        io.stderr.write(`massgen-exec image: ${e.message}\n`);
        return 2;
    }
    const policy = parsed.values['image-policy'] ?? 'auto';
    if (!POLICIES.includes(policy) || parsed.positionals.length > 1) {
        io.stderr.write('usage: massgen-exec image [IMAGE] [--sudo] [--image-policy auto|build|pull|never]\n');
        return 2;
    }
    const { ensureImage, DEFAULT_IMAGE, DEFAULT_SUDO_IMAGE } = await Promise.all(/* import() */[__webpack_require__.e(346), __webpack_require__.e(240), __webpack_require__.e(460)]).then(__webpack_require__.bind(__webpack_require__, 77460));
    const sudo = parsed.values.sudo === true;
    const image = parsed.positionals[0] ?? (sudo ? DEFAULT_SUDO_IMAGE : DEFAULT_IMAGE);
    try {
        const r = await ensureImage(image, {
            policy: policy,
            sudo,
            log: out
        });
        out(`${image}: ${r.id} (${r.built ? 'built' : r.reused ? 'reused' : 'pulled'})`);
        return 0;
    }
    catch (e) {
        if (!(e instanceof _runtime_types_js__WEBPACK_IMPORTED_MODULE_1__/* .EnvironmentError */ .e))
            throw e;
        io.stderr.write(`massgen-exec image: ${e.message}${e.hint ? `\n${e.hint}` : ''}\n`);
        return 2;
    }
}


/***/ })

};
