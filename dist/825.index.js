export const id = 825;
export const ids = [825];
export const modules = {

/***/ 5825:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   defaultArtifactName: () => (/* binding */ defaultArtifactName),
/* harmony export */   redactTree: () => (/* binding */ redactTree),
/* harmony export */   uploadResults: () => (/* binding */ uploadResults),
/* harmony export */   y: () => (/* binding */ listRegularFiles)
/* harmony export */ });
/* harmony import */ var _actions_artifact__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(29594);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
// Uploads the run's output directory as one workflow artifact, after scrubbing secrets from it.
// Symlinks are never followed: a container can plant links in what it writes, and neither the
// upload nor the rewrite may reach files outside the tree.





/** Files the artifact service rejects by path (NTFS-hostile characters). */
const INVALID_PATH_CHARS = /[":<>|*?\r\n]/;
/** Strings longer than this cannot be held by V8; such files cannot be redacted in memory. */
const MAX_REDACT_BYTES = 256 * 1024 * 1024;
/** Regular files under rootDir, recursively, without following symlinks (absolute paths). */
async function listRegularFiles(rootDir) {
    const out = [];
    const walk = async (dir) => {
        let entries;
        try {
            entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.readdir)(dir, { withFileTypes: true });
        }
        catch {
            return; // unreadable directory: nothing in it can be uploaded either
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const e of entries) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(dir, e.name);
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
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.open)(path, flags | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_NONBLOCK);
    const st = await fh.stat();
    if (!st.isFile()) {
        await fh.close();
        return undefined;
    }
    return { fh, st };
}
async function uploadResults(opts) {
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(opts.rootDir);
    const files = [];
    let bytes = 0;
    for (const file of await listRegularFiles(root)) {
        const rel = file.slice(root.length + 1);
        if (INVALID_PATH_CHARS.test(rel)) {
            opts.log(`artifact: skipping ${JSON.stringify(rel)} (name not allowed in artifacts)`);
            continue;
        }
        // The client's zip stream throws from an event handler on a read error (uncatchable), so
        // anything we cannot open for reading stays out.
        try {
            const opened = await openRegular(file, node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_RDONLY);
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
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 10);
    return `${base}-${hash}`;
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
    let changed = 0;
    for (const file of await listRegularFiles((0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(rootDir))) {
        const opened = await openRegular(file, node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_RDONLY);
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
 * Writes a sibling temp file and renames it over the original: works for read-only files we may
 * not open for writing, and a symlink swapped in meanwhile is replaced rather than written through.
 */
async function replaceFile(path, data, mode) {
    const tmp = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(path), `.redact-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(6).toString('hex')}.tmp`);
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.open)(tmp, node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_EXCL, 0o600);
    try {
        await fh.writeFile(data);
        await fh.chmod(mode);
    }
    finally {
        await fh.close();
    }
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.rename)(tmp, path);
    }
    catch (e) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.unlink)(tmp).catch(() => { });
        throw e;
    }
}


/***/ })

};
