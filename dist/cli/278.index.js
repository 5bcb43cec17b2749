export const id = 278;
export const ids = [278];
export const modules = {

/***/ 94523:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ ignoredLines),
/* harmony export */   _: () => (/* binding */ warningLines)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// What a config says that is not an error, as lines: warnings (a context path that does not
// exist, a repeated key) and the MassGen keys accepted but not acted on. validate prints them, and
// so does every run, so that no key is dropped without a word.

function warningLines(plan) {
    return (plan.warnings ?? []).map((w) => (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .formatIssue */ .Hd)({ ...w, message: `warning: ${w.message}` }));
}
/** One line per reason, at the first place, naming every key path it covers. */
function ignoredLines(plan) {
    const byReason = new Map();
    for (const i of plan.ignored ?? []) {
        const entry = byReason.get(i.reason) ?? { at: i.at[0], paths: [] };
        entry.paths.push(i.at.length > 1 ? `${i.path} (×${i.at.length})` : i.path);
        byReason.set(i.reason, entry);
    }
    return [...byReason].map(([reason, { at, paths }]) => (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .formatIssue */ .Hd)({ ...at, message: `ignored: ${paths.join(', ')}: ${reason}` }));
}


/***/ }),

/***/ 79397:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pr: () => (/* binding */ loadConfigFrom)
/* harmony export */ });
/* unused harmony exports gitBlobId, safeGit */
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
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(83916);
/* harmony import */ var _load_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(71264);
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
            text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.readFile)(path, 'utf8');
        }
        catch (e) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ConfigError */ .xL([
                { file: path, line: 1, col: 1, message: `cannot read config: ${e.message}` }
            ]);
        }
        const plan = (0,_load_js__WEBPACK_IMPORTED_MODULE_6__/* .parseConfig */ .o)(text, path, opts);
        plan.source = { kind: 'worktree', path, blob: gitBlobId(text) };
        return plan;
    }
    const read = await readAtRevision(path, ref);
    const plan = (0,_load_js__WEBPACK_IMPORTED_MODULE_6__/* .parseConfig */ .o)(read.text, path, opts);
    plan.source = read.source;
    return plan;
}
/** The id git gives a blob with this content (SHA-1 object format). */
function gitBlobId(text) {
    const body = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.createHash)('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
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
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', [...SAFE_CONFIG, ...args], { cwd, env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
            const why = error && typeof error.code !== 'number' ? error.message : '';
            done({ code, stdout, stderr: stderr.toString() + why });
        });
    });
}
/** The deepest existing directory at or above `p`. */
function existingDir(p) {
    let d = p;
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_2__.existsSync)(d) && (0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(d) !== d)
        d = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(d);
    return d;
}
async function readAtRevision(path, ref) {
    const fail = (message) => {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ConfigError */ .xL([{ file: path, line: 1, col: 1, message }]);
    };
    if (ref.startsWith('-'))
        fail(`config-ref ${JSON.stringify(ref)} is not a revision`);
    const abs = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(path);
    const start = existingDir((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(abs));
    const top = await safeGit(['rev-parse', '--show-toplevel'], start);
    if (top.code !== 0) {
        fail(`config-ref ${ref}: ${start} is not in a git repository (${lastLine(top.stderr)}); the config is read from a revision only inside one`);
    }
    const root = (0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(top.stdout.toString().trim());
    const real = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)((0,node_fs__WEBPACK_IMPORTED_MODULE_2__.realpathSync)(start), (0,node_path__WEBPACK_IMPORTED_MODULE_4__.relative)(start, abs));
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.relative)(root, real);
    if (rel === '' || rel === '..' || rel.startsWith('..' + node_path__WEBPACK_IMPORTED_MODULE_4__.sep) || (0,node_path__WEBPACK_IMPORTED_MODULE_4__.isAbsolute)(rel))
        fail(`config-ref ${ref}: the config ${abs} is not inside the repository ${root}`);
    const rev = await safeGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
    if (rev.code !== 0) {
        fail(`config-ref ${ref}: no such commit in ${root} (a shallow checkout? fetch the base revision, e.g. actions/checkout with fetch-depth: 0)`);
    }
    const commit = rev.stdout.toString().trim();
    const gitPath = rel.split(node_path__WEBPACK_IMPORTED_MODULE_4__.sep).join('/');
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


/***/ }),

/***/ 50181:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ notCaughtMessage),
/* harmony export */   GE: () => (/* binding */ verdictAnnotations),
/* harmony export */   x: () => (/* binding */ compareMarkdown)
/* harmony export */ });
/* unused harmony exports VERDICT_ICON, MAX_LISTED, compareOutputs, compareHtml */
const VERDICT_ICON = {
    'catches-change': '✅',
    'does-not-catch': '🟡',
    regression: '❌',
    error: '⚠️',
    untrusted: '🚫'
};
/** Names shown per list; the rest are counted ("… and 12 more"). results.json has them all. */
const MAX_LISTED = 20;
const WORST_FIRST = (/* unused pure expression or super */ null && ([
    'error',
    'untrusted',
    'regression',
    'does-not-catch',
    'catches-change'
]));
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
/* harmony export */   D4: () => (/* binding */ egressLogLines),
/* harmony export */   b4: () => (/* binding */ egressMarkdown)
/* harmony export */ });
/* unused harmony exports MAX_EGRESS_ROWS, MAX_EGRESS_ANNOTATIONS, egressStepLabel, notAllowed, destination, egressHtml, egressAnnotations */
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
/* harmony export */   us: () => (/* binding */ redactTree),
/* harmony export */   yT: () => (/* binding */ listRegularFiles)
/* harmony export */ });
/* unused harmony export openRegular */
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

/***/ 42998:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BC: () => (/* binding */ readJunitReport),
/* harmony export */   fK: () => (/* binding */ readJunit)
/* harmony export */ });
/* unused harmony exports MAX_JUNIT_BYTES, MAX_FAILED_NAMES */
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(69658);
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
/* harmony export */   Gc: () => (/* binding */ renderMarkdown),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   kq: () => (/* binding */ escapeCell),
/* harmony export */   l6: () => (/* binding */ stepLine),
/* harmony export */   sX: () => (/* binding */ totalsLine)
/* harmony export */ });
/* unused harmony exports STATUS_ICON, stepRow */
/* harmony import */ var _output_tail_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(67384);
/* harmony import */ var _compare_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(50181);
/* harmony import */ var _egress_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(77079);
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
        const compared = a.commands.map((s) => (0,_compare_js__WEBPACK_IMPORTED_MODULE_0__/* .compareMarkdown */ .x)(s, escapeCell)).join('');
        if (compared)
            lines.push(compared);
        for (const s of a.commands.filter(_output_tail_js__WEBPACK_IMPORTED_MODULE_2__/* .failedLike */ .bg))
            lines.push(...failedTail(s));
    }
    const egress = (0,_egress_js__WEBPACK_IMPORTED_MODULE_3__/* .egressMarkdown */ .b4)(a, escapeCell);
    if (egress)
        lines.push(egress);
    return lines.join('\n');
}
/** A failed step's last output lines, folded, as <pre> (HTML-escaped: the output is untrusted). */
function failedTail(s) {
    const tail = (0,_output_tail_js__WEBPACK_IMPORTED_MODULE_2__/* .outputTail */ .ci)(s);
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
    if ((0,_trust_js__WEBPACK_IMPORTED_MODULE_1__/* .trustLine */ .F)(r))
        head.push(escapeCell((0,_trust_js__WEBPACK_IMPORTED_MODULE_1__/* .trustLine */ .F)(r), 600), '');
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

/***/ 67384:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bg: () => (/* binding */ failedLike),
/* harmony export */   ci: () => (/* binding */ outputTail)
/* harmony export */ });
/* unused harmony export FAILED_TAIL_LINES */
// The tail of a failed step's output: under its FAILED line in the console and the action log,
// and in summary.md.
/** How many of a failed step's last output lines are shown under its FAILED line. */
const FAILED_TAIL_LINES = 40;
/** The last `n` lines of a step's stdout then stderr (redacted by the caller). */
function outputTail(s, n = FAILED_TAIL_LINES) {
    const text = [s.stdout, s.stderr]
        .filter((t) => Boolean(t))
        .map((t) => t.replace(/\n$/, ''))
        .join('\n');
    return text ? text.split('\n').slice(-n) : [];
}
/** A step whose output tail belongs under its line: it failed, timed out, ran out of memory or errored. */
function failedLike(s) {
    return (s.status === 'failed' || s.status === 'timeout' || s.status === 'oom' || s.status === 'error');
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
/* harmony export */   L: () => (/* binding */ writeReports),
/* harmony export */   X: () => (/* binding */ ensureOutputDir)
/* harmony export */ });
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
    const resultsFile = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(outDir, 'results.json');
    const summaryFile = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(outDir, 'summary.md');
    writing(resultsFile, () => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(resultsFile, redact(JSON.stringify(results, null, 2)) + '\n'));
    writing(summaryFile, () => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(summaryFile, redact((0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .renderMarkdown */ .Gc)(results))));
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

/***/ 94278:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  F$: () => (/* binding */ newRunId),
  aI: () => (/* binding */ runPipeline),
  AO: () => (/* binding */ runScope)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/config/notices.ts
var notices = __webpack_require__(94523);
// EXTERNAL MODULE: ./src/config/unsafe.ts
var config_unsafe = __webpack_require__(75106);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
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

// EXTERNAL MODULE: ./src/report/write.ts
var report_write = __webpack_require__(1693);
// EXTERNAL MODULE: ./src/policy/index.ts + 10 modules
var src_policy = __webpack_require__(29832);
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
async function appendStepLog(outDir, agentId, s) {
    const dir = (0,external_node_path_.join)(outDir, agentId);
    await (0,promises_.mkdir)(dir, { recursive: true });
    await (0,promises_.appendFile)((0,external_node_path_.join)(dir, 'commands.log'), formatStepLog(s));
}

// EXTERNAL MODULE: ./src/report/egress.ts
var report_egress = __webpack_require__(77079);
// EXTERNAL MODULE: ./src/config/paths.ts
var paths = __webpack_require__(81066);
// EXTERNAL MODULE: ./src/runtime/allowed-paths.ts
var allowed_paths = __webpack_require__(58201);
// EXTERNAL MODULE: ./src/run/plan.ts
var run_plan = __webpack_require__(78446);
// EXTERNAL MODULE: ./src/report/junit.ts
var junit = __webpack_require__(42998);
;// CONCATENATED MODULE: ./src/run/compare/transitions.ts
/** One outcome per test id: a test reported twice (pytest's teardown error) fails if either fails. */
function outcomes(cases) {
    const rank = { skip: 0, pass: 1, fail: 2 };
    const out = new Map();
    for (const c of cases) {
        const seen = out.get(c.id);
        if (seen === undefined || rank[c.outcome] > rank[seen])
            out.set(c.id, c.outcome);
    }
    return out;
}
/**
 * A test "passes on base" only when base ran it and it passed: failed, skipped and absent all
 * count as not passing (SWE-bench's rule, so a new test whose import fails on base is FAIL_TO_PASS).
 * Tests skipped on head have no transition.
 */
function transitions(head, base) {
    const h = outcomes(head);
    const b = outcomes(base);
    const t = {
        failToPass: [],
        passToPass: [],
        failToFail: [],
        passToFail: [],
        onlyHead: [],
        onlyBase: [],
        skipped: []
    };
    for (const [id, onHead] of h) {
        const onBase = b.get(id);
        if (onBase === undefined)
            t.onlyHead.push(id);
        if (onHead === 'skip')
            t.skipped.push(id);
        else if (onHead === 'pass')
            (onBase === 'pass' ? t.passToPass : t.failToPass).push(id);
        else
            (onBase === 'pass' ? t.passToFail : t.failToFail).push(id);
    }
    for (const id of b.keys())
        if (!h.has(id))
            t.onlyBase.push(id);
    return t;
}
/** Tests whose outcome is not the same in every attempt of a side. */
function changingTests(attempts) {
    if (attempts.length < 2)
        return [];
    const seen = new Map();
    for (const cases of attempts) {
        const now = outcomes(cases);
        const ids = new Set([...seen.keys(), ...now.keys()]);
        for (const id of ids) {
            const s = seen.get(id) ?? new Set();
            // Absent from an attempt counts as an outcome of its own.
            s.add(now.get(id) ?? 'absent');
            seen.set(id, s);
        }
    }
    return [...seen].filter(([, s]) => s.size > 1).map(([id]) => id);
}
/** Flaky tests leave every transition list for `flaky`: never fail-to-pass. */
function withoutFlaky(t, flaky) {
    if (!flaky.length)
        return t;
    const f = new Set(flaky);
    const out = { ...t };
    for (const k of Object.keys(t)) {
        if (k !== 'flaky')
            out[k] = (t[k] ?? []).filter((id) => !f.has(id));
    }
    out.flaky = [...f].sort();
    return out;
}
function judge(v) {
    if (v.problem || !v.transitions) {
        return { verdict: 'error', reason: v.problem ?? 'no transitions' };
    }
    const tamper = (v.tamper ?? []).filter((x) => !x.allowed);
    if (tamper.length) {
        const kinds = [...new Set(tamper.map((x) => x.kind))].join(', ');
        const first = tamper[0];
        return {
            verdict: 'untrusted',
            reason: `the change alters how its tests run or are reported (${kinds}): ${first.path}: ${first.detail}${tamper.length > 1 ? ` (and ${tamper.length - 1} more)` : ''}`
        };
    }
    const t = v.transitions;
    if (t.passToFail.length) {
        return {
            verdict: 'regression',
            reason: `${t.passToFail.length} test(s) pass on base and fail on head`
        };
    }
    if (!v.headGreen) {
        return {
            verdict: 'does-not-catch',
            reason: `head is not green` +
                (t.failToFail.length ? `: ${t.failToFail.length} test(s) fail on base and on head` : '')
        };
    }
    if (!t.failToPass.length) {
        const flaky = t.flaky?.length ? ` (${t.flaky.length} flaky test(s) not counted)` : '';
        return {
            verdict: 'does-not-catch',
            reason: `no test fails on base: the tests pass without the change${flaky}`
        };
    }
    return { verdict: 'catches-change' };
}
/** Tests that failed in some attempt and passed in a later one. */
function flakyTests(attempts) {
    const failedBefore = new Set();
    const flaky = new Set();
    for (const cases of attempts) {
        const now = outcomes(cases);
        for (const [id, o] of now)
            if (o === 'pass' && failedBefore.has(id))
                flaky.add(id);
        for (const [id, o] of now)
            if (o === 'fail')
                failedBefore.add(id);
    }
    return [...flaky];
}

;// CONCATENATED MODULE: ./src/run/attempts.ts
// Running a step whose tests we must be able to believe: its JUnit report is removed before each
// run and must be written during it, the report and the exit code must agree, at least one test
// must run; a failing step is re-run up to `retries` times, and tests that flip are "flaky".



async function runAttempts(o) {
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
    return crossCheck(r, await (0,junit/* readJunitReport */.BC)(report, o.workspace), o.reportLabel ?? report);
}
async function present(path) {
    return (0,promises_.lstat)(path).then(() => true, (e) => {
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

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./src/run/compare/collect.ts
const PYTEST = /^\s*((python3?|py)\s+-m\s+pytest|pytest|py\.test)(\s|$)/;
/** Shell syntax that makes the command more than one pytest invocation we can rewrite. */
const SHELL = /[;&|`$()<>\n\\"']/;
const VERBOSITY = /^(-q+|-v+|--quiet|--verbose)$/;
const JUNIT = /^--junit-?xml(=.*)?$/;
/** The step's pytest command made a collection (no report, quiet ids); undefined when not one. */
function collectCommand(run) {
    if (!PYTEST.test(run) || SHELL.test(run))
        return undefined;
    const tokens = run.trim().split(/\s+/);
    const kept = [];
    for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (VERBOSITY.test(t))
            continue;
        if (JUNIT.test(t)) {
            if (!t.includes('='))
                i++;
            continue;
        }
        kept.push(t);
    }
    return `${kept.join(' ')} --collect-only -q`;
}
/** Node ids from `--collect-only -q` output; undefined when it does not look like one. */
function parseCollected(stdout) {
    const ids = stdout
        .split(/\r?\n/)
        .filter((l) => /^\S+\.py::\S/.test(l) || /^\S+\.py::.+$/.test(l))
        .map((l) => l.trimEnd());
    const summary = /(\d+) tests? collected|no tests collected|(\d+)\/\d+ tests collected/.test(stdout);
    return summary || ids.length ? ids : undefined;
}
/** The JUnit id ("classname › name") pytest writes for a node id. */
function junitIdOf(nodeId) {
    const parts = nodeId.split('::');
    const file = parts[0].replace(/\.py$/, '').replaceAll('/', '.');
    const classname = [file, ...parts.slice(1, -1)].join('.');
    return `${classname} › ${parts[parts.length - 1]}`;
}
/** Report cases renamed to node ids where the collection has them. */
function withNodeIds(cases, collected) {
    const byJunit = new Map(collected.map((id) => [junitIdOf(id), id]));
    return cases.map((c) => {
        const id = byJunit.get(c.id);
        return id ? { ...c, id } : c;
    });
}
/** A report that names tests the collection did not find, or leaves collected tests out. */
function reportMismatch(side, cases, collected) {
    const reported = new Set(cases.map((c) => c.id));
    const ids = new Set(collected);
    const out = [];
    const extra = [...reported].filter((id) => !ids.has(id));
    const missing = collected.filter((id) => !reported.has(id));
    if (extra.length) {
        out.push({
            kind: 'report-mismatch',
            path: extra.slice(0, 5).join(', '),
            detail: `${side}: ${extra.length} test(s) in the JUnit report were not collected by pytest --collect-only`
        });
    }
    if (missing.length) {
        out.push({
            kind: 'report-mismatch',
            path: missing.slice(0, 5).join(', '),
            detail: `${side}: ${missing.length} collected test(s) missing from the JUnit report`
        });
    }
    return out;
}
/** Most ids a re-run deselects (one argument each) before it is left out. */
const MAX_DESELECT = 2000;
/**
 * The step's command selecting exactly `ids` among `collected`: every other collected id
 * deselected (the step's own paths and options kept). Undefined when an id cannot be quoted or
 * there are too many to deselect.
 */
function rerunCommand(run, ids, collected) {
    const keep = new Set(ids);
    const others = collected.filter((id) => !keep.has(id));
    if (others.length > MAX_DESELECT || [...ids, ...others].some((id) => id.includes("'"))) {
        return undefined;
    }
    return [run.trim(), ...others.map((id) => `--deselect '${id}'`)].join(' ');
}
/** Why a re-run of the fail-to-pass tests does not confirm them, or undefined. */
function rerunDisagrees(side, ids, cases) {
    const want = side === 'base' ? 'fail' : 'pass';
    const got = new Map(cases.map((c) => [c.id, c.outcome]));
    const wrong = ids.filter((id) => got.get(id) !== want);
    const extra = [...got.keys()].filter((id) => !ids.includes(id));
    if (wrong.length)
        return `${side}: ${wrong.length} fail-to-pass test(s) did not ${want} when re-run alone: ${wrong.slice(0, 5).join(', ')}`;
    if (extra.length)
        return `${side}: the re-run reported ${extra.length} test(s) it was not asked to run: ${extra.slice(0, 5).join(', ')}`;
    return undefined;
}

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 3 modules
var exec = __webpack_require__(81260);
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








class CompareError extends Error {
}
const SAFE_CONFIG = [
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
];
/** No system config, no replace refs (an agent-written refs/replace/ could swap the base tree). */
const SAFE_ENV = {
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ATTR_NOSYSTEM: '1'
};
/** git on the host, through @actions/exec, with none of the host's GIT_* variables. */
function hostGit() {
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
                const code = await exec/* exec */.m('git', [...SAFE_CONFIG, ...args], {
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
                throw new CompareError(`cannot run git: ${e.message}`);
            }
        }
    };
}
async function must(git, what, args, cwd, extra = {}) {
    const r = await git.run(args, { cwd, ...extra });
    if (r.code !== 0) {
        throw new CompareError(`cannot ${what}: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
const split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function workTree(git, repo) {
    const r = await git.run(['rev-parse', '--show-toplevel'], { cwd: repo });
    if (r.code !== 0)
        throw new CompareError(`${repo} is not inside a git work tree`);
    const top = await (0,promises_.realpath)(r.stdout.toString('utf8').trim());
    const head = (await must(git, 'resolve HEAD', ['rev-parse', '--verify', 'HEAD^{commit}'], top))
        .toString()
        .trim();
    return { top, head };
}
/** The commit a revision names; a clear error (with a hint for shallow clones) when none. */
async function resolveRevision(git, top, rev) {
    if (!rev.trim() || rev.startsWith('-')) {
        throw new CompareError(`base revision ${JSON.stringify(rev)} is not a revision`);
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
    throw new CompareError(`base revision ${JSON.stringify(rev)} not found in ${top}${hint}`);
}
/** compare.tests → git pathspecs: globs, "!pattern" excludes, explicit magic kept. */
function pathspecs(patterns) {
    return patterns
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p.startsWith(':') ? p : p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`);
}
const MAX_TREE_BYTES = 1024 * 1024 * 1024;
/** Writes the two trees into a new tar file `out` (which must not exist). */
async function packTrees(git, spec, out) {
    const { top } = spec;
    const max = spec.maxBytes ?? MAX_TREE_BYTES;
    const specs = pathspecs(spec.tests);
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const headPaths = unique(split0(await must(git, 'list the work tree', list, top))).filter((p) => !spec.exclude(p));
    const headTests = new Set(split0(await must(git, 'list the test files', [...list, '--', ...specs], top)).filter((p) => !spec.exclude(p)));
    const index = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'mgx-compare-index-'));
    let baseEntries;
    let baseTests;
    try {
        const env = { env: { GIT_INDEX_FILE: (0,external_node_path_.join)(index, 'index') } };
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
        await (0,promises_.rm)(index, { recursive: true, force: true });
    }
    const skipped = [];
    let bytes = 0;
    const budget = (n) => {
        bytes += n;
        if (bytes > max)
            throw new CompareError(`the trees are larger than ${max} bytes`);
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
        for (let d = external_node_path_.posix.dirname(t); d !== '.'; d = external_node_path_.posix.dirname(d))
            testDirs.add(d);
    const inTheWay = (p) => {
        if (testDirs.has(p))
            return true;
        for (let d = external_node_path_.posix.dirname(p); d !== '.'; d = external_node_path_.posix.dirname(d))
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
    const pack = (0,tar_stream.pack)();
    const fd = await (0,promises_.open)(out, 'wx', 0o644);
    const written = (0,external_node_stream_promises_.pipeline)(pack, (0,external_node_fs_.createWriteStream)('', { fd }));
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
        const h = (0,external_node_crypto_.createHash)(algo).update(`blob ${data.length}\0`).update(data).digest('hex');
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
            throw new CompareError(`base object missing: ${line}`);
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
            throw new CompareError(`unexpected object in the base tree: ${sha} ${type}`);
        }
        blobs.set(sha, buf.subarray(nl + 1, nl + 1 + size));
        pos = nl + 1 + size + 1;
    }
    for (const sha of shas)
        if (!blobs.has(sha))
            throw new CompareError(`base object missing: ${sha}`);
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
            const abs = (0,external_node_path_.join)(this.top, rel);
            p = (0,promises_.realpath)(abs).then((real) => real === abs, () => false);
            this.dirs.set(rel, p);
        }
        return p;
    }
    async read(rel, budget) {
        const dir = external_node_path_.posix.dirname(rel);
        if (rel.split('/').includes('..') || !(await this.realDir(dir === '.' ? '' : dir))) {
            // Missing directories are files deleted from the work tree; symlinked ones are refused.
            const exists = await (0,promises_.lstat)((0,external_node_path_.join)(this.top, dir)).then(() => true, () => false);
            if (!exists)
                return undefined;
            throw new CompareError(`refusing ${rel}: a directory on its path is a symlink`);
        }
        const abs = (0,external_node_path_.join)(this.top, rel);
        const st = await (0,promises_.lstat)(abs).catch((e) => {
            if (e.code === 'ENOENT' || e.code === 'ENOTDIR')
                return undefined;
            throw e;
        });
        if (!st)
            return undefined;
        if (st.isSymbolicLink())
            return { type: 'symlink', target: await (0,promises_.readlink)(abs) };
        if (!st.isFile())
            return { type: 'skip' };
        const fh = await (0,promises_.open)(abs, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
        try {
            const now = await fh.stat();
            if (!now.isFile() || now.ino !== st.ino || now.dev !== st.dev) {
                throw new CompareError(`${rel} changed while being read`);
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
async function assertRepoInside(git, repo, roots) {
    const real = (p) => (0,promises_.realpath)(p).catch(() => (0,external_node_path_.resolve)(p));
    const check = async (what, p) => {
        const r = await real(p);
        if (!roots.some((root) => (0,paths/* isInside */.FK)(r, root))) {
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
    await checkAlternates((0,external_node_path_.resolve)(commonDir, 'objects'), check, 0);
}
async function checkAlternates(objects, check, depth) {
    const text = await (0,promises_.readFile)((0,external_node_path_.resolve)(objects, 'info', 'alternates'), 'utf8').catch(() => '');
    for (const line of text.split('\n').map((l) => l.trim())) {
        if (!line || line.startsWith('#'))
            continue;
        const dir = (0,external_node_path_.isAbsolute)(line) ? line : (0,external_node_path_.resolve)(objects, line);
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

const base = (p) => external_node_path_.posix.basename(p);
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
const watched = (p) => isTestSupport(p) || isRunnerConfig(p);
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
const PACKAGE_KEYS = ['scripts', 'jest', 'mocha', 'ava', 'vitest', 'c8', 'nyc', 'type', 'imports'];
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
function fileTamper(files, removedTests) {
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
function testTamper(baseIds, headIds, headSkipped) {
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
function applyAllow(found, allow = []) {
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
async function runCompare(o) {
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
        : (0,external_node_crypto_.randomInt)(2) === 0
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
        await (0,promises_.rm)(prepared.dir, { recursive: true, force: true }).catch((e) => o.log(`[${o.agent.id}] compare: ${e.message}`));
    }
}
/**
 * The fail-to-pass tests again, alone (every other collected id deselected), each side in a
 * fresh sandbox: they must fail on base and pass on head, else the verdict is untrusted.
 */
async function rerun(o, p, out, result) {
    const c = result.compare;
    const ids = c.transitions.failToPass;
    const sides = (0,external_node_crypto_.randomInt)(2) === 0 ? ['base', 'head'] : ['head', 'base'];
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
    const token = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const shared = o.weaken?.sharedSandbox === true;
    const root = shared ? (0,external_node_path_.join)((0,external_node_path_.resolve)(o.agent.workspace), COMPARE_DIR, token) : (0,external_node_path_.join)(p.dir, token);
    await (0,promises_.mkdir)(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await (0,promises_.chmod)(root, 0o777);
    const tar = (0,external_node_path_.join)(root, `${token}.tar`);
    await (0,promises_.copyFile)(p.tar, tar);
    const box = await o.openSide({
        side,
        root,
        tar,
        member: how.member ?? p.names[side],
        ...(shared ? { shared } : {})
    });
    const tree = (0,external_node_path_.join)(root, how.member ?? p.names[side]);
    const scratch = o.agent.mode === 'docker' ? {} : await freshHome(root);
    const place = {
        cwd: (0,external_node_path_.join)(tree, p.cwdRel),
        env: { ...o.step.env, ...scratch },
        report: (0,external_node_path_.join)(tree, p.reportRel),
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
            await (0,promises_.rm)(root, { recursive: true, force: true });
    }
}
/** A new HOME and TMPDIR per side where the sandbox does not give one (srt, local). */
async function freshHome(root) {
    const home = (0,external_node_path_.join)(root, 'home');
    const tmp = (0,external_node_path_.join)(root, 'tmp');
    await (0,promises_.mkdir)(home, { mode: 0o777 });
    await (0,promises_.mkdir)(tmp, { mode: 0o777 });
    await (0,promises_.chmod)(home, 0o777);
    await (0,promises_.chmod)(tmp, 0o777);
    return { HOME: home, TMPDIR: tmp, XDG_CACHE_HOME: (0,external_node_path_.join)(home, '.cache') };
}
const MAX_REPORT_BYTES = 64 * 1024 * 1024;
/** Copies a side's report (written by the agent's code: no symlink followed) into the output dir. */
async function keepReport(o, src, name) {
    const rel = (0,external_node_path_.join)(o.agent.id, `step-${o.step.index + 1}-compare`, name);
    try {
        const fh = await (0,promises_.open)(src, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
        try {
            const st = await fh.stat();
            if (!st.isFile() || st.size > MAX_REPORT_BYTES)
                return undefined;
            const dest = (0,external_node_path_.join)(o.outDir, rel);
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(dest), { recursive: true });
            await (0,promises_.writeFile)(dest, await fh.readFile());
            return rel.split(external_node_path_.sep).join('/');
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
    const roots = await Promise.all((0,paths/* allowedRoots */.Mb)(agent).map((r) => (0,promises_.realpath)(r.path).catch(() => r.path)));
    // Before anything is read from it: the repository and every git dir it names are the agent's.
    await assertRepoInside(git, step.compare.repo, roots);
    const tree = await workTree(git, step.compare.repo);
    compare.head = tree.head;
    compare.base = await resolveRevision(git, tree.top, ref);
    const rel = (p) => (0,external_node_path_.relative)(tree.top, p).split(external_node_path_.sep).join('/');
    const within = (p) => (0,paths/* isInside */.FK)(p, tree.top);
    const cwd = await (0,promises_.realpath)(step.workDir ?? agent.workspace).catch(() => (0,external_node_path_.resolve)(step.workDir));
    if (!within(cwd)) {
        throw new CompareError(`the step's directory ${cwd} is outside the git work tree ${tree.top}`);
    }
    const realWs = await (0,promises_.realpath)((0,external_node_path_.resolve)(agent.workspace));
    const realReport = (0,external_node_path_.resolve)(realWs, step.junit);
    if (!within(realReport)) {
        throw new CompareError(`the JUnit report ${step.junit} is outside the git work tree ${tree.top}: each side runs in its own copy, so the report must be written inside the tree (a relative path)`);
    }
    const reportRel = rel(realReport);
    // Outside the workspace and every path the agent can write (or read).
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'mgx-compare-'));
    const realDir = await (0,promises_.realpath)(dir);
    if (!o.weaken?.sharedSandbox && roots.some((r) => (0,paths/* isInside */.FK)(realDir, r) || (0,paths/* isInside */.FK)(r, realDir))) {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        throw new CompareError(`the temporary directory ${realDir} overlaps the agent's allowed paths: set TMPDIR elsewhere`);
    }
    const token = () => (0,external_node_crypto_.randomBytes)(6).toString('hex');
    // Neutral names: a test should not learn from its path which side it runs on.
    const ownTests = !o.weaken?.noTamper && !o.weaken?.noCollection && !!collectCommand(step.run);
    const names = { head: token(), base: token(), ...(ownTests ? { original: token() } : {}) };
    const tar = (0,external_node_path_.join)(dir, 'trees.tar');
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
        await (0,promises_.rm)(dir, { recursive: true, force: true }).catch(() => undefined);
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

class LiveLines {
    emit;
    redact;
    maxBytes;
    decoders = {
        stdout: new external_node_string_decoder_.StringDecoder('utf8'),
        stderr: new external_node_string_decoder_.StringDecoder('utf8')
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

const REMOVE_FILE = `if [ -d "$MGX_PATH" ] && [ ! -L "$MGX_PATH" ]; then echo "is a directory" >&2; exit 1; fi
rm -f -- "$MGX_PATH"`;
const UNPACK = `set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
rm -rf -- "$MGX_ROOT"
mkdir -p -- "$MGX_ROOT"
tar -x -f "$MGX_TAR" -C "$MGX_ROOT"`;
const UNPACK_MEMBER = `set -e
trap 'rm -f -- "$MGX_TAR"' EXIT
tar -x -f "$MGX_TAR" -C "$MGX_ROOT" -- "$MGX_MEMBER"`;
const REMOVE_TREE = `rm -rf -- "$MGX_PATH"`;
function workspaceOps(shell) {
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
function agentShell(agent, session) {
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
        const code = await exec/* exec */.m('/bin/sh', ['-c', script], {
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















class Run {
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
        this.redactor = opts.redactor ?? new redact/* Redactor */.pO();
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
            const policy = await (0,src_policy/* createPolicy */.BV)({
                ...agent.policy,
                readOnlyRoots: agent.mode === 'local' ? (0,paths/* allowedRoots */.Mb)(agent) : undefined
            });
            await (0,run_plan/* prepareWorkspace */.t0)(agent);
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
            result.error = this.redactor.apply((0,errors/* describeError */.Uc)(e));
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
                    for (const line of (0,report_egress/* egressLogLines */.D4)(agent.id, result.egress))
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
                await (0,allowed_paths/* checkFileAccess */.dR)(agent, step.path, 'write');
                await session.writeFile(step.path, step.content);
                return { ...base, status: 'passed', exitCode: 0, durationMs: Date.now() - t0 };
            }
            if (step.kind === 'read_file') {
                await (0,allowed_paths/* checkFileAccess */.dR)(agent, step.path, 'read');
                const text = await session.readFile(step.path, step.offset, step.lineCount);
                return { ...base, status: 'passed', exitCode: 0, stdout: text, durationMs: Date.now() - t0 };
            }
            if (!step.background && (step.junit || step.retries || step.compare)) {
                return await this.runChecked(agent, step, session, policy, base);
            }
            return await this.runCommand(agent, step, session, policy, base);
        }
        catch (e) {
            return { ...base, status: 'error', reason: (0,errors/* errorMessage */.gJ)(e), durationMs: Date.now() - t0 };
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
            report: step.junit ? (0,external_node_path_.resolve)(agent.workspace, step.junit) : undefined
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
        const box = this.sideBox(plan, step, session, policy, base, (0,external_node_path_.join)(req.root, req.member));
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
            ...this.sideBox(agent, step, session, policy, base, (0,external_node_path_.join)(req.root, req.member)),
            close: () => ops.removeTree((0,external_node_path_.join)(req.root, req.member))
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
        const cwd = await (0,allowed_paths/* resolveWorkDir */.PH)(agent, place.cwd);
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
var run_runtimes = __webpack_require__(83224);
// EXTERNAL MODULE: ./src/runtime/docker/credentials.ts
var credentials = __webpack_require__(49255);
;// CONCATENATED MODULE: ./src/run/secrets.ts

const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIAL|AUTH|COOKIE|SESSION/i;
/**
 * Every value worth hiding: variables named in env_vars, everything taken from env_file, and,
 * with pass_all_env, the host variables whose names look secret.
 */
function secretValues(plan, hostEnv = process.env) {
    const values = [];
    for (const a of plan.agents) {
        const creds = a.docker?.credentials;
        if (!creds)
            continue;
        values.push(...Object.values((0,credentials/* resolveCredentialEnv */.Pv)({ ...creds, passAllEnv: false }, hostEnv).env));
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
    const outDir = (0,external_node_path_.resolve)(opts.outDir);
    const redactor = new redact/* Redactor */.pO();
    // Every console line goes through the redactor too (live step lines, egress, cleanup).
    const log = (line) => opts.log(redactor.apply(line));
    const write = (results) => (0,report_write/* writeReports */.L)(outDir, results, redactor);
    (0,report_write/* ensureOutputDir */.X)(outDir);
    log(`run ${runId}: results in ${outDir}`);
    let plan;
    try {
        plan = await (0,run_plan/* loadRunPlan */.dU)(opts.configPath, opts);
    }
    catch (e) {
        if (!(0,errors/* isFatalInputError */.wE)(e))
            throw e;
        const results = failedBeforeStart(opts, runId, (0,errors/* describeError */.Uc)(e));
        return { results, exitCode: 2, reports: write(results), redactor };
    }
    for (const line of [...(0,notices/* warningLines */._)(plan), ...(0,notices/* ignoredLines */.Q)(plan)])
        log(line);
    log(`config: ${(0,config_unsafe/* describeSource */.B6)(plan.source)}`);
    const unsafe = (0,config_unsafe/* unsafeSummary */.lm)(plan);
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
    const runtimes = new run_runtimes/* Runtimes */.c({
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
            .then(() => (0,files/* redactTree */.us)(outDir, (s) => redactor.apply(s)))
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
        run.fail((0,errors/* describeError */.Uc)(e));
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
    await (0,files/* redactTree */.us)(outDir, (s) => redactor.apply(s));
    return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor };
}


/***/ }),

/***/ 78446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dU: () => (/* binding */ loadRunPlan),
/* harmony export */   t0: () => (/* binding */ prepareWorkspace)
/* harmony export */ });
/* unused harmony exports withCaCertificates, selectAgents */
/* harmony import */ var _config_source_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(79397);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75106);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/* harmony import */ var _runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8175);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(31954);
/* harmony import */ var _runtime_docker_host_access_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(40194);
// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.







/**
 * The plan, narrowed to the selected agents, with every unsafe setting of theirs refused unless
 * the invoker allowed its class (a ConfigError, exit 2, naming each key).
 */
async function loadRunPlan(configPath, opts = {}) {
    const plan = selectAgents(await (0,_config_source_js__WEBPACK_IMPORTED_MODULE_0__/* .loadConfigFrom */ .pr)(configPath, {
        workingDirectory: opts.workingDirectory,
        defaultTimeoutSec: opts.defaultTimeoutSec,
        configRef: opts.configRef
    }), opts.agents);
    const warnings = (0,_config_unsafe_js__WEBPACK_IMPORTED_MODULE_1__/* .refuseUnsafe */ .H_)(plan, {
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
        agents: plan.agents.map((a) => a.mode === 'local' ? a : { ...a, caCertificates: (0,_runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_3__/* .mergeCaEntries */ .to)(a.caCertificates, run) })
    };
}
function selectAgents(plan, ids) {
    if (!ids || ids.length === 0)
        return plan;
    const known = plan.agents.map((a) => a.id);
    const unknown = ids.filter((id) => !known.includes(id));
    if (unknown.length) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`unknown agent(s): ${unknown.join(', ')} (the config has: ${known.join(', ')})`);
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
    const created = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_4__.mkdir)(agent.workspace, { recursive: true });
    if (agent.tempWorkspace)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_4__.mkdir)(agent.tempWorkspace, { recursive: true });
    if (created === undefined || euid !== 0 || agent.mode === 'local')
        return;
    const { uid, gid } = (0,_runtime_docker_host_access_js__WEBPACK_IMPORTED_MODULE_5__/* .parseUser */ .tN)(agent.docker?.user ?? _config_defaults_js__WEBPACK_IMPORTED_MODULE_6__/* .DEFAULT_USER */ .Az);
    if (uid !== 0)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_4__.chown)(agent.workspace, uid, gid);
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
        return (this.docker ??= Promise.all(/* import() */[__webpack_require__.e(240), __webpack_require__.e(876), __webpack_require__.e(347)]).then(__webpack_require__.bind(__webpack_require__, 38347)).then((m) => m.createDockerRuntime({
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
                start: async (agent, ctx) => (await (this.srt ??= Promise.all(/* import() */[__webpack_require__.e(243), __webpack_require__.e(426), __webpack_require__.e(876), __webpack_require__.e(732)]).then(__webpack_require__.bind(__webpack_require__, 2365)).then((m) => m.createSrtRuntime()))).start(agent, ctx)
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

/***/ 58201:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* reexport safe */ _config_paths_js__WEBPACK_IMPORTED_MODULE_2__.FK),
/* harmony export */   PH: () => (/* binding */ resolveWorkDir),
/* harmony export */   dR: () => (/* binding */ checkFileAccess)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(81066);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
// Where an agent may work, in every mode: its workspace (writable), its context paths (by
// permission, protected paths read-only), the orchestrator's temporary workspace (read-only). The
// one rule for work_dir, write_file, read_file and junit paths. Paths are checked after resolving
// symlinks, so a link planted in the workspace cannot lead a step out. Docker mounts are path-
// transparent (the same absolute path inside), so a host-side check is a check of the container
// path too, and the error is the same in every mode.





/** The root that decides for a real path, the roots compared by their real paths too. */
async function decidingRoot(agent, real) {
    const roots = await Promise.all((0,_config_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .allowedRoots */ .Mb)(agent).map(async (r) => ({
        ...r,
        path: await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(r.path).catch(() => r.path)
    })));
    return (0,_config_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .decidingRootOf */ .L)(roots, real);
}
const ROOTS_TEXT = "the agent's allowed paths (workspace, context paths, temporary workspace)";
/**
 * Resolves a step's work_dir: absolute, an existing directory, inside an allowed root after
 * symlinks are resolved. Returns the path as given (containers see the same path).
 */
async function resolveWorkDir(agent, dir) {
    if (!(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(dir))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} is not an absolute path`);
    let real;
    try {
        real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(dir);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} does not exist`);
    }
    if (!(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(real)).isDirectory())
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir} is not a directory`);
    if (!(await decidingRoot(agent, real)))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`work_dir ${dir}${real !== dir ? ` (resolves to ${real})` : ''} is outside ${ROOTS_TEXT}`);
    return dir;
}
/**
 * Checks a file a step reads or writes. Reads: the file's real path must be inside a root. Writes:
 * the real path of what would be written (the existing file, through any symlink, or the deepest
 * existing parent plus the new names) must be inside a writable root, and not inside a read-only
 * one below it. A symlink that points nowhere is refused (writing through it would create its
 * target wherever it points).
 */
async function checkFileAccess(agent, path, access) {
    const verb = access === 'read' ? 'read_file' : 'write_file';
    if (!(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(path))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${path} is not an absolute path`);
    const real = await realTarget(path, verb);
    const root = await decidingRoot(agent, real);
    const shown = real !== path ? `${path} (resolves to ${real})` : path;
    if (!root)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${shown} is outside ${ROOTS_TEXT}`);
    if (access === 'write' && !root.writable)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${shown} is in a read-only ${root.what} (${root.path})`);
}
/** Where a path really leads: its realpath if it exists, else the real parent plus the rest. */
async function realTarget(path, verb) {
    const existing = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined);
    if (existing) {
        try {
            return await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(path);
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .PathError */ .ER(`${verb} ${path} is a symbolic link that points nowhere`);
        }
    }
    const parent = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(path);
    if (parent === path)
        return path;
    return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(await realTarget(parent, verb), (0,node_path__WEBPACK_IMPORTED_MODULE_1__.basename)(path));
}


/***/ }),

/***/ 49255:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JT: () => (/* binding */ CREDENTIAL_MOUNTS),
/* harmony export */   Pv: () => (/* binding */ resolveCredentialEnv),
/* harmony export */   z8: () => (/* binding */ resolveCredentials)
/* harmony export */ });
/* unused harmony export parseEnvFile */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _labels_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(10134);
// command_line_docker_credentials → the container's environment and credential mounts, as
// MassGen's DockerManager builds them (env_file, then pass_all_env, then env_vars; later wins),
// except that additional mounts default to read-only and a missing source is skipped with a warning.




/** Host path below $HOME → path below the agent's home, for each named credential mount. */
const CREDENTIAL_MOUNTS = {
    ssh_keys: '.ssh',
    git_config: '.gitconfig',
    gh_config: '.config/gh',
    npm_config: '.npmrc',
    pypi_config: '.pypirc',
    claude_config: '.claude',
    codex_config: '.codex',
    gemini_config: '.gemini'
};
/** KEY=VALUE lines; blank lines and # comments skipped; one pair of surrounding quotes stripped. */
function parseEnvFile(text) {
    const env = {};
    for (const rawLine of text.split(/\r?\n/)) {
        const line = rawLine.trim();
        if (!line || line.startsWith('#'))
            continue;
        const eq = line.indexOf('=');
        if (eq <= 0)
            continue;
        const key = line
            .slice(0, eq)
            .trim()
            .replace(/^export\s+/, '');
        let value = line.slice(eq + 1).trim();
        if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]))
            value = value.slice(1, -1);
        env[key] = value;
    }
    return env;
}
/** The container environment the credentials give (env_file, then pass_all_env, then env_vars). */
function resolveCredentialEnv(config, hostEnv = process.env) {
    const env = {};
    const warnings = [];
    if (config.envFile) {
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(config.envFile)) {
            const fromFile = parseEnvFile((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(config.envFile, 'utf8'));
            const wanted = config.envVarsFromFile;
            for (const [key, value] of Object.entries(fromFile))
                if (wanted.length === 0 || wanted.includes(key))
                    env[key] = value;
            for (const key of wanted)
                if (!(key in fromFile))
                    warnings.push(`env_vars_from_file: ${key} is not in ${config.envFile}`);
        }
        else {
            warnings.push(`env_file ${config.envFile} does not exist; skipped`);
        }
    }
    if (config.passAllEnv) {
        for (const [key, value] of Object.entries(hostEnv))
            if (value !== undefined)
                env[key] = value;
    }
    for (const key of config.envVars) {
        const value = hostEnv[key];
        if (value === undefined)
            warnings.push(`env_vars: ${key} is not set on the host; skipped`);
        else
            env[key] = value;
    }
    return { env, warnings };
}
function resolveCredentials(config, hostEnv = process.env, home = (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)()) {
    if (!config)
        return { env: {}, mounts: [], warnings: [] };
    const result = { ...resolveCredentialEnv(config, hostEnv), mounts: [] };
    for (const name of config.mount) {
        const rel = CREDENTIAL_MOUNTS[name];
        if (!rel) {
            result.warnings.push(`credentials mount ${name} is unknown; skipped`);
            continue;
        }
        const source = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(home, rel);
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(source)) {
            result.warnings.push(`credentials mount ${name}: ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: `${_labels_js__WEBPACK_IMPORTED_MODULE_3__/* .AGENT_HOME */ .A9}/${rel}`, readOnly: true });
    }
    for (const mount of config.additionalMounts) {
        const source = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(mount.hostPath.replace(/^~(?=$|\/)/, home));
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(source)) {
            result.warnings.push(`additional mount ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: mount.bind, readOnly: mount.mode !== 'rw' });
    }
    return result;
}


/***/ }),

/***/ 40194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GA: () => (/* binding */ warnInaccessible),
/* harmony export */   Iw: () => (/* binding */ checkMountSources),
/* harmony export */   YC: () => (/* binding */ chooseAgentUser),
/* harmony export */   tN: () => (/* binding */ parseUser)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(89447);
// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids: the agent runs as the workspace's owner (see
// ../workspace-owner.ts), and nothing on the host is chmod'ed or chown'ed to make it fit.


function parseUser(user) {
    const [uid, gid] = user.split(':').map((part) => Number(part));
    if (!Number.isInteger(uid) || uid < 0)
        throw new Error(`docker user ${user} must be numeric uid:gid`);
    return { uid, gid: Number.isInteger(gid) && gid >= 0 ? gid : uid };
}
/**
 * Drops mounts whose source is missing when `optional(m)` says they may be (protected paths),
 * and throws for other missing sources. Returns the mounts to use.
 */
async function checkMountSources(mounts, optional, log) {
    const kept = [];
    for (const m of mounts) {
        const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(m.source).catch(() => undefined);
        if (st) {
            kept.push(m);
            continue;
        }
        if (optional(m))
            log(`warning: protected path ${m.source} does not exist; not mounted`);
        else
            throw new Error(`mount source ${m.source} does not exist on the host`);
    }
    return kept;
}
/**
 * The uid:gid the agent runs as: command_line_docker_user when the config sets it; otherwise the
 * workspace's owner (never root: a root-owned workspace keeps the image's user), except with the
 * sudo variant (its sudoers entry is the image user's) or a writable root filesystem (no home
 * volume to give). Logs the choice and warns, with the fix,
 * when that user cannot write the workspace. Nothing on the host is changed.
 */
async function chooseAgentUser(dir, config, log) {
    const image = parseUser(config.user);
    const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir);
    let user = image;
    // The home must follow too: only a home volume can (a writable root filesystem keeps it 1000's).
    if (!config.userExplicit && !config.enableSudo && config.readOnlyRootfs) {
        user = (0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .followOwner */ .zc)(st, image);
        if (user.uid !== image.uid || user.gid !== image.gid)
            log(`container user ${user.uid}:${user.gid}: the workspace's owner (its home follows)`);
    }
    if (!(0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .allows */ .NB)(st, user, 0o7))
        log((0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .unwritableWorkspaceWarning */ .tW)(dir, st, user, 'container user'));
    return `${user.uid}:${user.gid}`;
}
/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
async function warnInaccessible(mounts, user, log) {
    for (const m of mounts) {
        const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(m.source).catch(() => undefined);
        if (!st)
            continue;
        const bits = st.isDirectory() ? (m.readOnly ? 0o5 : 0o7) : m.readOnly ? 0o4 : 0o6;
        if (!(0,_workspace_owner_js__WEBPACK_IMPORTED_MODULE_1__/* .allows */ .NB)(st, user, bits))
            log(`warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
                `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`);
    }
}


/***/ }),

/***/ 10134:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A9: () => (/* binding */ AGENT_HOME),
/* harmony export */   Ao: () => (/* binding */ LABEL_OWNER_START),
/* harmony export */   Bt: () => (/* binding */ LABEL_RUN),
/* harmony export */   Fj: () => (/* binding */ LABEL_VARIANT),
/* harmony export */   II: () => (/* binding */ LABEL_VERSION),
/* harmony export */   Q: () => (/* binding */ LABEL_CONTEXT_HASH),
/* harmony export */   TA: () => (/* binding */ LABEL_MANAGED),
/* harmony export */   UM: () => (/* binding */ LABEL_OWNER_BOOT),
/* harmony export */   __: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.__),
/* harmony export */   ds: () => (/* binding */ KEEPALIVE_USER),
/* harmony export */   hR: () => (/* binding */ LABEL_AGENT),
/* harmony export */   mO: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.mO),
/* harmony export */   me: () => (/* binding */ LABEL_OWNER_HOST),
/* harmony export */   rW: () => (/* binding */ LABEL_OWNER_PID),
/* harmony export */   sz: () => (/* reexport safe */ _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__.Az)
/* harmony export */ });
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31954);
// Names shared by everything that creates, finds or sweeps our Docker objects.
/** On every container we create (never on images: a container anyone starts from one would carry it). */
const LABEL_MANAGED = 'io.massgen-exec.managed';
const LABEL_RUN = 'io.massgen-exec.run-id';
const LABEL_AGENT = 'io.massgen-exec.agent-id';
const LABEL_VERSION = 'io.massgen-exec.version';
/** The process that owns a container (see owner.ts): host, boot, pid and that pid's start time. */
const LABEL_OWNER_HOST = 'io.massgen-exec.owner.host';
const LABEL_OWNER_BOOT = 'io.massgen-exec.owner.boot-id';
const LABEL_OWNER_PID = 'io.massgen-exec.owner.pid';
const LABEL_OWNER_START = 'io.massgen-exec.owner.start';
/** On our images: sha256 of the bundled docker/ build context they were built from. */
const LABEL_CONTEXT_HASH = 'io.massgen-exec.context-hash';
const LABEL_VARIANT = 'io.massgen-exec.variant';

const AGENT_HOME = '/home/massgen';
/** The keepalive (the container's main process) runs as nobody, so killing the agent uid spares it. */
const KEEPALIVE_USER = '65534:65534';


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

/***/ 62762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q9: () => (/* binding */ captureOutput),
/* harmony export */   h6: () => (/* binding */ TRUNCATION_MARKER),
/* harmony export */   uu: () => (/* binding */ OutputCap)
/* harmony export */ });
/* unused harmony export truncationMarker */
// Caps a stream while it is being read: the first half of the budget is kept as the head, the
// last half as a ring-buffered tail, and everything between is only counted. Memory stays at
// `maxBytes` whatever the command prints.
/** The line that stands where output was dropped; redaction looks for it (see report/redact.ts). */
const TRUNCATION_MARKER = /\n\.\.\. \[truncated: \d+ bytes dropped\] \.\.\.\n/g;
function truncationMarker(droppedBytes) {
    return `\n... [truncated: ${droppedBytes} bytes dropped] ...\n`;
}
class OutputCap {
    maxBytes;
    headLimit;
    tailLimit;
    head = [];
    headBytes = 0;
    tail = [];
    tailBytes = 0;
    total = 0;
    constructor(maxBytes) {
        this.maxBytes = maxBytes;
        this.headLimit = Math.ceil(maxBytes / 2);
        this.tailLimit = maxBytes - this.headLimit;
    }
    push(chunk) {
        this.total += chunk.length;
        if (this.headBytes < this.headLimit) {
            const take = Math.min(chunk.length, this.headLimit - this.headBytes);
            this.head.push(chunk.subarray(0, take));
            this.headBytes += take;
            chunk = chunk.subarray(take);
            if (chunk.length === 0)
                return;
        }
        if (this.tailLimit === 0)
            return;
        if (chunk.length >= this.tailLimit) {
            // Copy: the caller may reuse its buffer, and a subarray would pin the whole chunk.
            this.tail = [Buffer.from(chunk.subarray(chunk.length - this.tailLimit))];
            this.tailBytes = this.tailLimit;
            return;
        }
        this.tail.push(Buffer.from(chunk));
        this.tailBytes += chunk.length;
        while (this.tailBytes - this.tail[0].length >= this.tailLimit) {
            this.tailBytes -= this.tail.shift().length;
        }
    }
    get totalBytes() {
        return this.total;
    }
    get truncated() {
        return this.total > this.maxBytes;
    }
    get droppedBytes() {
        return Math.max(0, this.total - this.maxBytes);
    }
    /** The kept text; when output was dropped, a marker stands where it was. */
    text() {
        const head = Buffer.concat(this.head);
        let tail = Buffer.concat(this.tail);
        if (!this.truncated)
            return Buffer.concat([head, tail]).toString('utf8');
        if (tail.length > this.tailLimit)
            tail = tail.subarray(tail.length - this.tailLimit);
        return head.toString('utf8') + truncationMarker(this.droppedBytes) + tail.toString('utf8');
    }
}
/**
 * A child process's stdout and stderr, each capped, with every chunk also handed to `onOutput`
 * (live output). For the runtimes that spawn on the host (local, srt).
 */
function captureOutput(child, maxBytes, onOutput) {
    const caps = { stdout: new OutputCap(maxBytes), stderr: new OutputCap(maxBytes) };
    for (const name of ['stdout', 'stderr'])
        child[name].on('data', (c) => {
            caps[name].push(c);
            onOutput?.(name, c);
        });
    return caps;
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


/***/ }),

/***/ 89447:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NB: () => (/* binding */ allows),
/* harmony export */   tW: () => (/* binding */ unwritableWorkspaceWarning),
/* harmony export */   wH: () => (/* binding */ checkWorkspaceWritable),
/* harmony export */   zc: () => (/* binding */ followOwner)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);

/** The workspace owner's uid:gid, or `fallback` when root owns it. */
function followOwner(owner, fallback) {
    return owner.uid === 0 ? fallback : { uid: owner.uid, gid: owner.gid };
}
/** Whether `user` has all of `bits` (rwx as 0o7) on a file with these stats (no ACLs, no groups beyond the primary). */
function allows(st, user, bits) {
    if (user.uid === 0)
        return true;
    if (st.uid === user.uid)
        return (st.mode & (bits << 6)) === bits << 6;
    if (st.gid === user.gid)
        return (st.mode & (bits << 3)) === bits << 3;
    return (st.mode & bits) === bits;
}
/** The warning for a workspace `user` cannot write, with the ways to fix it (never a chmod by us). */
function unwritableWorkspaceWarning(dir, st, user, who) {
    return (`warning: the workspace ${dir} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)}) ` +
        `is not writable by the ${who} ${user.uid}:${user.gid}, and nothing on the host is chmod'ed or ` +
        `chown'ed for it: steps that write there will fail. Fix: give the checkout to a non-root user ` +
        `(e.g. \`chown -R ${user.uid}:${user.gid} ${dir}\` in the workflow, or check out as that user), ` +
        `or set command_line_docker_user to its owner (uid 0 needs the workflow's root-user opt-in)`);
}
/** The warning when the workspace is not writable by `user`, or undefined. */
async function checkWorkspaceWritable(dir, user, who) {
    const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir);
    return allows(st, user, 0o7) ? undefined : unwritableWorkspaceWarning(dir, st, user, who);
}


/***/ })

};
