#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 83916:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ ReportError),
/* harmony export */   De: () => (/* binding */ isConfigError),
/* harmony export */   ER: () => (/* binding */ PathError),
/* harmony export */   Hd: () => (/* binding */ formatIssue),
/* harmony export */   JM: () => (/* binding */ PatternError),
/* harmony export */   M4: () => (/* binding */ CompareError),
/* harmony export */   NJ: () => (/* binding */ EngineError),
/* harmony export */   Rw: () => (/* binding */ VerifyStopped),
/* harmony export */   U2: () => (/* binding */ isImageArchiveError),
/* harmony export */   Uc: () => (/* binding */ describeError),
/* harmony export */   Vp: () => (/* binding */ isEngineError),
/* harmony export */   c4: () => (/* binding */ isNotFound),
/* harmony export */   dh: () => (/* binding */ isConflict),
/* harmony export */   eG: () => (/* binding */ EnvironmentError),
/* harmony export */   eb: () => (/* binding */ UsageError),
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   mD: () => (/* binding */ isUsageError),
/* harmony export */   mH: () => (/* binding */ ImageArchiveError),
/* harmony export */   oz: () => (/* binding */ isEnvironmentError),
/* harmony export */   wE: () => (/* binding */ isFatalInputError),
/* harmony export */   xL: () => (/* binding */ ConfigError)
/* harmony export */ });
/* unused harmony exports MassgenExecError, exitCodeOf */
// Every error the product raises on purpose, in one place (as actions/toolkit's errors.ts): named
// classes with type guards, so callers test what an error *is* instead of duck-typing fields.
// Each knows the exit code it means: 2 for a problem with the input or the machine (usage, config,
// environment), which the CLI and the action report as such; anything else is a bug or a step-level
// failure that the run records and goes on.
function formatIssue(i) {
    return `${i.file}:${i.line}:${i.col}: ${i.message}`;
}
/** Base of the product's own errors: `exitCode` is what the CLI exits with when it ends a run. */
class MassgenExecError extends Error {
}
/** The config cannot be used; every problem is reported together. */
class ConfigError extends MassgenExecError {
    issues;
    exitCode = 2;
    constructor(issues) {
        super(issues.map(formatIssue).join('\n'));
        this.issues = issues;
        this.name = 'ConfigError';
    }
}
/** A command line, an action input or an agent selection that does not make sense. */
class UsageError extends MassgenExecError {
    exitCode = 2;
    constructor(message) {
        super(message);
        this.name = 'UsageError';
    }
}
/**
 * The machine cannot do what the config asks (engine unreachable, image missing, a runtime or a
 * host tool not installed): exit 2, never a silent fallback to a weaker sandbox. `hint` says how
 * to fix it.
 */
class EnvironmentError extends MassgenExecError {
    hint;
    exitCode = 2;
    constructor(message, hint) {
        super(message);
        this.hint = hint;
        this.name = 'EnvironmentError';
    }
}
/** The Docker engine answered a request with an error status (404 no such object, 409 conflict…). */
class EngineError extends Error {
    statusCode;
    operation;
    constructor(message, statusCode, operation) {
        super(message);
        this.statusCode = statusCode;
        this.operation = operation;
        this.name = 'EngineError';
    }
}
/**
 * A path a step names (work_dir, write_file, read_file, junit) is not one the agent may use: it
 * does not exist, or it resolves (symlinks included) outside the agent's allowed paths. The step
 * ends `error`; the run goes on.
 */
class PathError extends Error {
    constructor(message) {
        super(message);
        this.name = 'PathError';
    }
}
function isConfigError(e) {
    return e instanceof ConfigError;
}
function isUsageError(e) {
    return e instanceof UsageError;
}
function isEnvironmentError(e) {
    return e instanceof EnvironmentError;
}
function isEngineError(e) {
    return e instanceof EngineError;
}
/** The engine says the object does not exist (any more). */
function isNotFound(e) {
    return isEngineError(e) && e.statusCode === 404;
}
/** The engine refused because of the object's state (name taken, container not running…). */
function isConflict(e) {
    return isEngineError(e) && e.statusCode === 409;
}
/** Errors that end a run with exit 2 (input or machine), as opposed to bugs. */
function isFatalInputError(e) {
    return isConfigError(e) || isUsageError(e) || isEnvironmentError(e);
}
/**
 * The exit code an error that ended a command means (its `exitCode`), or undefined for anything
 * that is not one of ours: a bug, which the entries let through with its stack.
 */
function exitCodeOf(e) {
    return e instanceof MassgenExecError ? e.exitCode : undefined;
}
/** One line for a user: the message, and the hint when there is one. */
function describeError(e) {
    if (isEnvironmentError(e) && e.hint)
        return `${e.message} (${e.hint})`;
    return errorMessage(e);
}
function errorMessage(e) {
    return e instanceof Error ? e.message : String(e);
}
/** An image archive (image-archive, the cache) could not be saved or loaded; the caller decides. */
class ImageArchiveError extends Error {
    reason;
    file;
    name = 'ImageArchiveError';
    constructor(message, reason, file) {
        super(message);
        this.reason = reason;
        this.file = file;
    }
}
function isImageArchiveError(err) {
    return err instanceof ImageArchiveError;
}
/** A Python regex the translator cannot carry over; the loader turns it into a ConfigIssue. */
class PatternError extends Error {
    name = 'PatternError';
}
/** A JUnit report a step names cannot be read or parsed: the step's junit entry says why. */
class ReportError extends Error {
    name = 'ReportError';
}
/** The base/head trees of a compare step cannot be prepared: the step ends `error`, the run goes on. */
class CompareError extends Error {
    name = 'CompareError';
}
/**
 * verify-isolation cannot check (no config, no sandbox agent, an environment problem): the report
 * records the message as its error and the check exits 2.
 */
class VerifyStopped extends MassgenExecError {
    exitCode = 2;
    constructor(message) {
        super(message);
        this.name = 'VerifyStopped';
    }
}


/***/ }),

/***/ 42613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 35317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 49140:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 76982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 72250:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("dns");

/***/ }),

/***/ 24434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 91943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 58611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 85675:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http2");

/***/ }),

/***/ 65692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 73339:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("module");

/***/ }),

/***/ 69278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 31421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 77598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 41314:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dgram");

/***/ }),

/***/ 40610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 78474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 44708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 98995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 80481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 57075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 38321:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/consumers");

/***/ }),

/***/ 46466:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");

/***/ }),

/***/ 46193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 41692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 73136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 38522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 16928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 83480:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("querystring");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 13193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 53557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 64756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 52018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 87016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 39023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 43106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/publicPath */
/******/ (() => {
/******/ 	var scriptUrl;
/******/ 	if (typeof import.meta.url === "string") scriptUrl = import.meta.url
/******/ 	// When supporting browsers where an automatic publicPath is not supported you must specify an output.publicPath manually via configuration
/******/ 	// or pass an empty string ("") and set the __webpack_public_path__ variable from your code to use your own logic.
/******/ 	if (!scriptUrl) throw new Error("Automatic publicPath is not supported in this browser");
/******/ 	scriptUrl = scriptUrl.replace(/#.*$/, "").replace(/\?.*$/, "").replace(/\/[^\/]+$/, "/");
/******/ 	__nccwpck_require__.p = scriptUrl;
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	__nccwpck_require__.b = new URL("./", import.meta.url);
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __nccwpck_require__(73136);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(76760);
;// CONCATENATED MODULE: external "node:v8"
const external_node_v8_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");
;// CONCATENATED MODULE: ./src/lib/no-proxy.ts
// The runner's HTTPS_PROXY / HTTP_PROXY is for the internet, never for loopback: a remote proxy
// cannot reach this host's 127.0.0.1. Most clients know that (@actions/http-client,
// sandbox-runtime), but not all of those the product loads: the Azure SDK under
// @actions/artifact sends a loopback blob URL to the proxy. So every entry point adds the
// loopback names to NO_PROXY / no_proxy when a proxy is set (the child processes of local mode
// inherit it, which is what they want too).
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
function withLoopbackNoProxy(env) {
    const proxied = ['HTTPS', 'HTTP', 'ALL'].some((p) => env[`${p}_PROXY`] || env[`${p.toLowerCase()}_proxy`]);
    if (!proxied)
        return;
    const current = env.NO_PROXY ?? env.no_proxy ?? '';
    const entries = current
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
    if (entries.includes('*'))
        return;
    const missing = LOOPBACK.filter((l) => !entries.includes(l));
    if (missing.length === 0)
        return;
    const value = [...entries, ...missing].join(',');
    env.NO_PROXY = value;
    env.no_proxy = value;
}

;// CONCATENATED MODULE: ./src/bootstrap.ts
// Imported first by every entry point. The ESM bundle has no __dirname/__filename, but
// ssh2 (inside docker-modem) reads them at load time; define them from import.meta.url.




const g = globalThis;
if (typeof g.__filename === 'undefined')
    g.__filename = (0,external_node_url_.fileURLToPath)(import.meta.url);
if (typeof g.__dirname === 'undefined')
    g.__dirname = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
// The policy's parser is a 1.3 MB WebAssembly module. V8 re-compiles its hot functions (the huge
// lexer among them) with TurboFan on background threads, which took ~0.8 s of CPU, competed with
// container start-up on small runners, and held up process exit (the compile job is not
// cancelled). The baseline compiler alone parses faster than that costs for the few hundred
// commands a run checks (`check --stdin` with 10,000 commands is faster too). Must run before the
// module is compiled.
(0,external_node_v8_namespaceObject.setFlagsFromString)('--liftoff-only');
// Loopback never goes through the runner's proxy (see lib/no-proxy.ts).
withLoopbackNoProxy(process.env);

// EXTERNAL MODULE: ./src/errors.ts
var errors = __nccwpck_require__(83916);
;// CONCATENATED MODULE: ./src/cli/main.ts
// `massgen-exec <command>`: the dispatcher. Exit codes: 0 all passed, 1 a step failed, was
// blocked or timed out, 2 usage, config or environment error. Each command lives in its own
// module, loaded only when used (the bundle's cold start stays small).

const USAGE = `usage: massgen-exec <command> [options]

commands:
  validate <config>            check a config; print every problem as file:line:col: message
  list-agents <config>         print the agent ids as a JSON array (for a workflow matrix)
  run <config>                 run every agent's commands and write the results (see run --help)
  check [options] -- COMMAND   print the policy verdict for a command (see check --help)
  verify-isolation <config>    probe each docker agent's sandbox; writes isolation.json
  image [IMAGE] [--sudo]       build, pull or load the runtime image ahead of a run
                               (--load FILE / --save FILE: an image cache for other CI systems)
  cleanup [--run-id ID] [--stale]
                               remove the containers of a run, or of runs whose process is gone
  mcp <config> --agent ID      serve the agent's sandbox as MassGen's command_line MCP server
                               (stdio, or --http HOST:PORT with a bearer token; see mcp --help)

exit codes: 0 all passed, 1 a step failed, was blocked or timed out, 2 usage/config/environment error`;
const COMMANDS = {
    validate: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(785), __nccwpck_require__.e(240), __nccwpck_require__.e(815), __nccwpck_require__.e(123), __nccwpck_require__.e(322), __nccwpck_require__.e(628), __nccwpck_require__.e(446)]).then(__nccwpck_require__.bind(__nccwpck_require__, 84446))).validateCommand,
    'list-agents': async () => (await Promise.all(/* import() */[__nccwpck_require__.e(785), __nccwpck_require__.e(240), __nccwpck_require__.e(815), __nccwpck_require__.e(123), __nccwpck_require__.e(322), __nccwpck_require__.e(628), __nccwpck_require__.e(446)]).then(__nccwpck_require__.bind(__nccwpck_require__, 84446))).listAgentsCommand,
    run: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(785), __nccwpck_require__.e(240), __nccwpck_require__.e(815), __nccwpck_require__.e(254), __nccwpck_require__.e(893), __nccwpck_require__.e(260), __nccwpck_require__.e(123), __nccwpck_require__.e(322), __nccwpck_require__.e(628), __nccwpck_require__.e(832), __nccwpck_require__.e(358), __nccwpck_require__.e(831), __nccwpck_require__.e(175)]).then(__nccwpck_require__.bind(__nccwpck_require__, 94175))).runCommand,
    check: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(254), __nccwpck_require__.e(628), __nccwpck_require__.e(832), __nccwpck_require__.e(332)]).then(__nccwpck_require__.bind(__nccwpck_require__, 76418))).checkCommand,
    'verify-isolation': async () => (await Promise.all(/* import() */[__nccwpck_require__.e(785), __nccwpck_require__.e(240), __nccwpck_require__.e(815), __nccwpck_require__.e(893), __nccwpck_require__.e(243), __nccwpck_require__.e(426), __nccwpck_require__.e(123), __nccwpck_require__.e(322), __nccwpck_require__.e(628), __nccwpck_require__.e(358), __nccwpck_require__.e(732), __nccwpck_require__.e(481)]).then(__nccwpck_require__.bind(__nccwpck_require__, 60481))).verifyIsolationCommand,
    image: async () => (await __nccwpck_require__.e(/* import() */ 111).then(__nccwpck_require__.bind(__nccwpck_require__, 91111))).imageCommand,
    cleanup: async () => (await __nccwpck_require__.e(/* import() */ 278).then(__nccwpck_require__.bind(__nccwpck_require__, 8278))).cleanupCommand,
    mcp: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(785), __nccwpck_require__.e(240), __nccwpck_require__.e(815), __nccwpck_require__.e(254), __nccwpck_require__.e(893), __nccwpck_require__.e(243), __nccwpck_require__.e(260), __nccwpck_require__.e(530), __nccwpck_require__.e(123), __nccwpck_require__.e(322), __nccwpck_require__.e(628), __nccwpck_require__.e(832), __nccwpck_require__.e(358), __nccwpck_require__.e(831), __nccwpck_require__.e(189)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9189))).mcpCommand
};
async function main(argv, io) {
    const [name, ...rest] = argv;
    const err = (s) => io.stderr.write(s + '\n');
    if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
        io.stdout.write(USAGE + '\n');
        return name === undefined ? 2 : 0;
    }
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!load) {
        err(`massgen-exec: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
        return 2;
    }
    const command = await load();
    const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
    if (options.includes('--help') || options.includes('-h')) {
        io.stdout.write(`usage: ${command.usage}\n`);
        return 0;
    }
    try {
        return await command.run(rest, io);
    }
    catch (e) {
        if ((0,errors/* isUsageError */.mD)(e)) {
            err(`massgen-exec ${name}: ${e.message}\n\nusage: ${command.usage}`);
            return e.exitCode;
        }
        if ((0,errors/* isConfigError */.De)(e)) {
            err(e.message);
            return e.exitCode;
        }
        if ((0,errors/* isEnvironmentError */.oz)(e)) {
            err(`massgen-exec ${name}: ${e.message}${e.hint ? `\n${e.hint}` : ''}`);
            return e.exitCode;
        }
        throw e;
    }
}

;// CONCATENATED MODULE: ./src/cli.ts
// CLI entry: only wiring. The bundle is dist/cli/index.js (package.json "bin").


main(process.argv.slice(2), process).then((code) => process.stdout.write('', () => process.exit(code)), (e) => {
    process.stderr.write(`massgen-exec: ${e.stack ?? e.message}\n`);
    process.exit(2);
});

