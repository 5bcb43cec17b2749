export const id = 111;
export const ids = [111];
export const modules = {

/***/ 91111:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   imageCommand: () => (/* binding */ imageCommand)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(31954);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(71604);
// `massgen-exec image [IMAGE] [--sudo] [--image-policy P] [--image-registry REPO] [--load FILE]
// [--save FILE]`: make the runtime image ready ahead of a run (a separate workflow step, a cache
// warm-up, the test suite's e2e setup). --load and --save are the image cache for CI systems other
// than GitHub Actions: the file goes into their cache (GitLab `cache:`, CircleCI save_cache…) and
// comes back on the next job: `--load` it (when present), and the image is used without a build.




const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
const imageCommand = {
    usage: 'massgen-exec image [IMAGE] [--sudo] [--image-policy auto|build|pull|never] [--image-registry REPO] [--load FILE] [--save FILE]',
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_2__/* .parseCommandArgs */ .Qx)(argv, {
            sudo: { type: 'boolean' },
            'image-policy': { type: 'string' },
            'image-registry': { type: 'string' },
            load: { type: 'string' },
            save: { type: 'string' }
        });
        const policy = (0,_io_js__WEBPACK_IMPORTED_MODULE_2__/* .imagePolicyOption */ .Rw)(values['image-policy']);
        if (positionals.length > 1)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('expected at most one image');
        for (const opt of ['load', 'save'])
            if (values[opt] === '')
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--${opt} needs a file name`);
        const docker = await Promise.all(/* import() */[__webpack_require__.e(785), __webpack_require__.e(240), __webpack_require__.e(123)]).then(__webpack_require__.bind(__webpack_require__, 56123));
        let registry;
        if (values['image-registry'] !== undefined) {
            try {
                registry = docker.checkRegistryRepository(values['image-registry']);
            }
            catch (e) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--image-registry: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(e)}`);
            }
        }
        const sudo = values.sudo === true;
        const image = positionals[0] ?? (sudo ? _config_defaults_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_SUDO_IMAGE */ .mO : _config_defaults_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_IMAGE */ .__);
        const out = (0,_io_js__WEBPACK_IMPORTED_MODULE_2__/* .printer */ .ll)(io.stdout);
        const warn = (0,_io_js__WEBPACK_IMPORTED_MODULE_2__/* .printer */ .ll)(io.stderr);
        const client = await docker.connectDocker();
        if (values.load !== undefined) {
            const file = values.load;
            try {
                const loaded = await docker.loadImageArchive(client, file, { log: out });
                out(`loaded ${loaded.images.join(', ')} from ${file} (${loaded.compression}, ${megabytes(loaded.bytes)}) in ${secs(loaded.ms)}`);
            }
            catch (e) {
                if (!docker.isImageArchiveError(e))
                    throw e;
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .EnvironmentError */ .eG(e.message, e.reason === 'engine'
                    ? 'The engine refused the archive; check that it runs and has room.'
                    : `Delete ${file} and run massgen-exec image (it builds the image), then --save it again.`);
            }
        }
        const r = await docker.ensureImage(image, {
            policy,
            sudo,
            log: out,
            client,
            sources: registry ? { registry, warn: (line) => warn(`warning: ${line}`) } : undefined
        });
        const how = r.built
            ? 'built'
            : r.restored
                ? `restored from ${r.restored === 'registry' ? r.restoredFrom : 'the cache'}`
                : r.reused
                    ? 'reused'
                    : 'pulled';
        out(`${image}: ${r.id} (${how})`);
        if (values.save !== undefined) {
            const file = values.save;
            // The sudo variant is built FROM the runtime image: keep both names, so a --load of this
            // file alone makes `image --sudo` ready without building the base.
            const refs = [r.image];
            if ((sudo || docker.isSudoImage(r.image)) && docker.isOwnImage(r.image)) {
                const base = docker.sudoBaseImage(r.image);
                if (await client.inspectImage(base).catch(() => undefined))
                    refs.push(base);
            }
            try {
                const saved = await docker.saveImageArchive(client, refs, file);
                out(`saved ${refs.join(', ')} to ${file} (${saved.compression}, ${megabytes(saved.bytes)}) in ${secs(saved.ms)}`);
            }
            catch (e) {
                if (!docker.isImageArchiveError(e))
                    throw e;
                const where = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(file).then(() => ` (${file} was left as it was)`, () => '');
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .EnvironmentError */ .eG(`${e.message}${where}`);
            }
        }
        return 0;
    }
};


/***/ }),

/***/ 71604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D5: () => (/* binding */ timeoutOption),
/* harmony export */   Qx: () => (/* binding */ parseCommandArgs),
/* harmony export */   Rw: () => (/* binding */ imagePolicyOption),
/* harmony export */   ll: () => (/* binding */ printer),
/* harmony export */   p8: () => (/* binding */ oneConfig),
/* harmony export */   ry: () => (/* binding */ splitList)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(31954);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
// What every CLI command shares: its streams, its argument parsing (a parse failure is a
// UsageError, exit 2, printed with the command's usage), and the options several commands take.



function printer(stream) {
    return (line) => void stream.write(line + '\n');
}
function parseCommandArgs(args, options) {
    try {
        return (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args, options, allowPositionals: true, strict: true });
    }
    catch (e) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(e.message);
    }
}
function oneConfig(positionals) {
    if (positionals.length !== 1)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('expected exactly one config file');
    return positionals[0];
}
function imagePolicyOption(value) {
    const policy = value ?? 'auto';
    if (!_config_defaults_js__WEBPACK_IMPORTED_MODULE_2__/* .IMAGE_POLICIES */ .pu.includes(policy))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--image-policy must be one of ${_config_defaults_js__WEBPACK_IMPORTED_MODULE_2__/* .IMAGE_POLICIES */ .pu.join(', ')}`);
    return policy;
}
/** `--timeout SECONDS`: a positive number, or undefined when not given. */
function timeoutOption(value) {
    if (value === undefined)
        return undefined;
    const timeout = Number(value);
    if (!(timeout > 0))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('--timeout must be a positive number of seconds');
    return timeout;
}
/** "a, b c" → ['a', 'b', 'c']; undefined when nothing is left. */
function splitList(v) {
    if (!v)
        return undefined;
    const list = v
        .split(/[,\s]+/)
        .map((x) => x.trim())
        .filter(Boolean);
    return list.length ? list : undefined;
}


/***/ }),

/***/ 31954:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Az: () => (/* binding */ DEFAULT_USER),
/* harmony export */   Cy: () => (/* binding */ sudoImageFor),
/* harmony export */   Ty: () => (/* binding */ defaultPidsLimit),
/* harmony export */   VN: () => (/* binding */ FILE_STEP_TIMEOUT_MS),
/* harmony export */   YQ: () => (/* binding */ DEFAULT_DISK_LIMIT_BYTES),
/* harmony export */   __: () => (/* binding */ DEFAULT_IMAGE),
/* harmony export */   fF: () => (/* binding */ DEFAULT_PIDS_LIMIT),
/* harmony export */   mO: () => (/* binding */ DEFAULT_SUDO_IMAGE),
/* harmony export */   n9: () => (/* binding */ DEFAULT_MAX_OUTPUT_BYTES),
/* harmony export */   o9: () => (/* binding */ isOwnImage),
/* harmony export */   pu: () => (/* binding */ IMAGE_POLICIES),
/* harmony export */   sN: () => (/* binding */ DEFAULT_TIMEOUT_SEC),
/* harmony export */   sn: () => (/* binding */ isGvisorRuntimeName),
/* harmony export */   uw: () => (/* binding */ GVISOR_PIDS_LIMIT),
/* harmony export */   vo: () => (/* binding */ isOwnSudoImage),
/* harmony export */   vt: () => (/* binding */ SYSTEM_CA)
/* harmony export */ });
/* unused harmony exports GHCR_IMAGE, GHCR_SUDO_IMAGE, OWN_REPOSITORIES */
/* harmony import */ var _lib_image_ref_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74286);
// Defaults of the execution keys, shared by the config loader and the Docker runtime.

const DEFAULT_IMAGE = 'massgen/mcp-runtime:latest';
const DEFAULT_SUDO_IMAGE = 'massgen/mcp-runtime-sudo:latest';
/** MassGen 2026's default images (GHCR). We build them from the same docker/ context as ours. */
const GHCR_IMAGE = 'ghcr.io/massgen/mcp-runtime:latest';
const GHCR_SUDO_IMAGE = 'ghcr.io/massgen/mcp-runtime-sudo:latest';
/** Repositories built from the bundled docker/ context (any tag): runtime, then its sudo twin. */
const OWN_REPOSITORIES = [
    ['massgen/mcp-runtime', 'massgen/mcp-runtime-sudo'],
    ['ghcr.io/massgen/mcp-runtime', 'ghcr.io/massgen/mcp-runtime-sudo']
];
const DEFAULT_TIMEOUT_SEC = 60;
/**
 * How long a write_file or read_file step may take in a sandbox (docker, srt): on the deadline
 * its process is killed and the step ends `error`. Local mode does the file call in this process
 * (no sandbox process to kill), so it has none.
 */
const FILE_STEP_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
const DEFAULT_PIDS_LIMIT = 512;
/**
 * command_line_disk_limit's default: how much an agent's workspace and home may grow over a run. A
 * hosted runner has about 14 GB free, shared by the run's agents and everything else.
 */
const DEFAULT_DISK_LIMIT_BYTES = 4 * 1024 ** 3;
/**
 * The pids limit when an agent runs under gVisor and the config sets none. gVisor's own host
 * threads (sentry, gofer, one ptrace stub per process) count against the container's pids cgroup:
 * an idle sandbox holds ~57 and each process costs ~6–8 more, so 512 fits only ~60 processes
 * (measured with Debian's runsc on ptrace). 4096 fits ~500, what 512 means under runc, and is
 * still the most verify-isolation accepts; past it the whole sandbox ends, as a fork bomb does.
 */
const GVISOR_PIDS_LIMIT = 4096;
/** A runtime name that means gVisor (scripts/gvisor.sh registers runsc and runsc-net). */
function isGvisorRuntimeName(name) {
    return name !== undefined && (name === 'runsc' || name.startsWith('runsc-') || name === 'gvisor');
}
/** The pids limit when command_line_docker_pids_limit is absent: it depends on the runtime. */
function defaultPidsLimit(runtime) {
    return isGvisorRuntimeName(runtime) ? GVISOR_PIDS_LIMIT : DEFAULT_PIDS_LIMIT;
}
/** The user the image is built for; commands run as this uid:gid unless the config says otherwise. */
const DEFAULT_USER = '1000:1000';
/**
 * What to do about the runtime image before a run (CLI --image-policy, action input image-policy):
 * auto reuses a current local image (ours: by content hash) and builds or pulls otherwise; build
 * always builds ours; pull always pulls; never uses only a local image.
 */
const IMAGE_POLICIES = ['auto', 'build', 'pull', 'never'];
/** True for an image built from our docker/ context (ours or MassGen's GHCR names, any tag). */
function isOwnImage(image) {
    const { repository } = (0,_lib_image_ref_js__WEBPACK_IMPORTED_MODULE_0__/* .splitImage */ .s5)(image);
    return OWN_REPOSITORIES.some((pair) => pair.includes(repository));
}
/** True for the sudo variant of one of our images. */
function isOwnSudoImage(image) {
    const { repository } = (0,_lib_image_ref_js__WEBPACK_IMPORTED_MODULE_0__/* .splitImage */ .s5)(image);
    return OWN_REPOSITORIES.some(([, sudo]) => sudo === repository);
}
/**
 * The image a sudo-enabled agent runs: the sudo twin of one of our runtime images (same tag),
 * as MassGen switches its default image; any other image is kept.
 */
function sudoImageFor(image) {
    const { repository, tag } = (0,_lib_image_ref_js__WEBPACK_IMPORTED_MODULE_0__/* .splitImage */ .s5)(image);
    const pair = OWN_REPOSITORIES.find(([plain]) => plain === repository);
    if (!pair || tag.startsWith('@'))
        return image;
    return `${pair[1]}:${tag}`;
}
/** The `command_line_ca_certificates` entry that stands for the runner's own trust store. */
const SYSTEM_CA = 'system';


/***/ }),

/***/ 74286:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ parseImageRef),
/* harmony export */   hE: () => (/* binding */ normalizeImage),
/* harmony export */   s5: () => (/* binding */ splitImage)
/* harmony export */ });
// The one reading of an image reference, `[registry[:port]/]path[:tag][@digest]` (the engine's
// grammar): the tag is after the last `:` of the last path segment, the digest after `@`. Two
// copies had drifted: one took a digest's hex for the tag (`x@sha256:ab` → tag `ab`), the other
// kept `repo:tag` as the repository when a digest followed.
function parseImageRef(image) {
    const at = image.indexOf('@');
    const name = at >= 0 ? image.slice(0, at) : image;
    const colon = name.lastIndexOf(':');
    const tagged = colon > name.lastIndexOf('/');
    return {
        repository: tagged ? name.slice(0, colon) : name,
        ...(tagged ? { tag: name.slice(colon + 1) } : {}),
        ...(at >= 0 ? { digest: image.slice(at + 1) } : {})
    };
}
/**
 * Repository and "tag" as the engine's tag call takes them: the tag (`latest` when none), or the
 * `@digest` when the reference is pinned by digest.
 */
function splitImage(image) {
    const ref = parseImageRef(image);
    return { repository: ref.repository, tag: ref.digest ? `@${ref.digest}` : (ref.tag ?? 'latest') };
}
/** The reference with `:latest` added when it names neither a tag nor a digest. */
function normalizeImage(image) {
    const ref = parseImageRef(image);
    return ref.tag !== undefined || ref.digest !== undefined ? image : `${image}:latest`;
}


/***/ })

};
