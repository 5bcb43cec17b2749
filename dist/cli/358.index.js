export const id = 358;
export const ids = [358];
export const modules = {

/***/ 63422:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ lineList)
/* harmony export */ });
// Line numbers per file in words, runs folded: "src/a.py:3, 5-7; src/b.py:10" (gate failures and the
// evidence reports share it).
/** "src/a.py:3, 5-7; src/b.py:10" */
function lineList(files, max) {
    const parts = [];
    let shown = 0;
    let total = 0;
    for (const f of files) {
        total += f.lines.length;
        if (!f.lines.length || shown >= max)
            continue;
        const take = f.lines.slice(0, max - shown);
        shown += take.length;
        const runs = [];
        for (let i = 0; i < take.length;) {
            let j = i;
            while (j + 1 < take.length && take[j + 1] === take[j] + 1)
                j++;
            runs.push(i === j ? `${take[i]}` : `${take[i]}-${take[j]}`);
            i = j + 1;
        }
        parts.push(`${f.path}:${runs.join(', ')}`);
    }
    return parts.join('; ') + (total > shown ? ` … and ${total - shown} more` : '');
}


/***/ }),

/***/ 50181:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ notCaughtMessage),
/* harmony export */   GE: () => (/* binding */ verdictAnnotations),
/* harmony export */   x: () => (/* binding */ compareMarkdown)
/* harmony export */ });
/* unused harmony exports VERDICT_ICON, MAX_LISTED, compareOutputs, compareHtml, gateAnnotations */
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53877);

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
        if (c.evidence)
            lines.push(...(0,_evidence_js__WEBPACK_IMPORTED_MODULE_0__/* .evidenceLines */ .p)(c.evidence, e).map(item));
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
/** One annotation per compare step whose verdict is does-not-catch, untrusted or regression, and one per compare.require not met. */
function verdictAnnotations(r) {
    return [...verdictOnly(r), ...gateAnnotations(r)];
}
function verdictOnly(r) {
    return r.agents.flatMap((a) => a.commands.flatMap((s) => s.compare && ANNOUNCED.includes(s.compare.verdict)
        ? [
            {
                title: `massgen-exec: ${a.id} step ${s.index + 1} compare: ${s.compare.verdict}`,
                message: `${s.name ?? s.command.split('\n')[0].slice(0, 100)}: ${s.compare.verdict}${s.compare.reason ? ` — ${s.compare.reason.slice(0, 500)}` : ''}`
            }
        ]
        : []));
}
/** One annotation per compare step whose compare.require was not met: the uncovered lines and surviving mutants. */
function gateAnnotations(r) {
    return r.agents.flatMap((a) => a.commands.flatMap((s) => {
        const g = s.compare?.evidence?.gate;
        return g && !g.passed
            ? [
                {
                    title: `massgen-exec: ${a.id} step ${s.index + 1} compare.require not met`,
                    message: g.failures.join('\n').slice(0, 4000)
                }
            ]
            : [];
    }));
}
/** fail-on not-caught: why the run fails (some compare step did not say catches-change, or missed its compare.require), or undefined. */
function notCaughtMessage(r) {
    const compared = steps(r).filter((s) => s.compare);
    if (!compared.length)
        return 'massgen-exec: fail-on not-caught, but no compare step ran';
    const gated = (s) => s.compare.evidence?.gate?.passed === false;
    const bad = compared.filter((s) => s.compare.verdict !== 'catches-change' || gated(s));
    if (!bad.length)
        return undefined;
    const list = bad
        .map((s) => `step ${s.index + 1}: ${s.compare.verdict}${gated(s) ? ' (compare.require not met)' : ''}`)
        .join(', ');
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

/***/ 53877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ evidenceBrief),
/* harmony export */   p: () => (/* binding */ evidenceLines)
/* harmony export */ });
/* harmony import */ var _lib_line_list_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(63422);

const pct = (r) => (r === null ? 'n/a' : `${Math.round(r * 1000) / 10} %`);
/** Per-file lines shown; results.json has them all. */
const MAX_FILES = 20;
const MAX_SURVIVORS = 20;
function evidenceLines(ev, e) {
    const lines = [];
    const c = ev.coverage;
    if (c) {
        const f2p = c.failToPass ? `; by the fail-to-pass tests ${pct(c.failToPass.ratio)}` : '';
        lines.push(`changed-line coverage (${c.tool}, head suite): ${pct(c.suite.ratio)}${f2p}` +
            (c.problem ? ` — ${e.text(c.problem, 300)}` : ''));
        for (const f of c.suite.files.slice(0, MAX_FILES))
            lines.push(fileLine(f, e));
        if (c.suite.files.length > MAX_FILES)
            lines.push(`… and ${c.suite.files.length - MAX_FILES} more file(s)`);
        for (const n of c.notes ?? [])
            lines.push(`coverage note: ${e.text(n, 300)}`);
    }
    const m = ev.mutation;
    if (m) {
        lines.push(`mutation (${m.tool}): score ${pct(m.score)} — ${m.killed} killed, ${m.survived} survived, ${m.timeout} timeout (never counted as killed), ${m.error} error; ${m.found} found, ${m.skipped} not run` +
            (m.sampled ? `; ${e.text(m.sampled, 200)}` : '') +
            (m.problem ? ` — ${e.text(m.problem, 300)}` : ''));
        const survivors = m.mutants.filter((x) => x.outcome === 'survived');
        for (const x of survivors.slice(0, MAX_SURVIVORS))
            lines.push(`survived: ${e.code(`${x.path}:${x.line}`)} ${e.code(x.original)} → ${e.code(x.mutated)} (${e.text(x.operator, 40)})`);
        if (survivors.length > MAX_SURVIVORS)
            lines.push(`… and ${survivors.length - MAX_SURVIVORS} more survivor(s)`);
    }
    for (const n of ev.notes ?? [])
        lines.push(`evidence note: ${e.text(n, 300)}`);
    if (ev.problem)
        lines.push(`evidence: ${e.text(ev.problem, 300)}`);
    if (ev.gate) {
        lines.push(ev.gate.passed
            ? `compare.require met (${requireText(ev)})`
            : `❌ compare.require not met (${requireText(ev)}): ${ev.gate.failures.map((f) => e.text(f, 600)).join(' | ')}`);
    }
    return lines;
}
function requireText(ev) {
    const r = ev.require ?? {};
    return [
        r.changed_line_coverage !== undefined ? `changed_line_coverage ${r.changed_line_coverage}` : '',
        r.mutation_score !== undefined ? `mutation_score ${r.mutation_score}` : ''
    ]
        .filter(Boolean)
        .join(', ');
}
function fileLine(f, e) {
    const unc = f.uncovered.length
        ? `; uncovered: ${e.text((0,_lib_line_list_js__WEBPACK_IMPORTED_MODULE_0__/* .lineList */ .X)([{ path: f.path, lines: f.uncovered }], 40).replace(`${f.path}:`, ''), 300)}`
        : '';
    return `${e.code(f.path)}: ${f.covered.length}/${f.changed.length} changed lines covered${unc}`;
}
/** For the one-line step summary: " · changed-line coverage 50 % · mutation score 90 % · require not met". */
function evidenceBrief(ev) {
    if (!ev)
        return '';
    const parts = [];
    if (ev.coverage)
        parts.push(`changed-line coverage ${pct(ev.coverage.suite.ratio)}`);
    if (ev.mutation)
        parts.push(`mutation score ${pct(ev.mutation.score)}`);
    if (ev.gate)
        parts.push(ev.gate.passed ? 'require met' : 'require NOT met');
    return parts.map((p) => ` · ${p}`).join('');
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
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(69658);
/* harmony import */ var fast_xml_parser__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(75824);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(83916);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9927);
// Summarises a JUnit XML report (pytest --junitxml, jest-junit, surefire, …) that a step wrote
// into its agent's workspace. The workspace is written by the agent, so the report is read
// without following symlinks out of it, and with a size cap.






const MAX_JUNIT_BYTES = 20 * 1024 * 1024;
const MAX_FAILED_NAMES = 50;
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
        const error = e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g ? e.message : `cannot read ${path}: ${describe(e)}`;
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
    if (!(0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .isInside */ .F)(real, root)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} resolves outside the workspace; refusing to read it`);
    }
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(root, real);
    // realpath returned a symlink-free path; a symlink found now was swapped in since.
    let current = root;
    let last;
    for (const part of rel.split(node_path__WEBPACK_IMPORTED_MODULE_2__.sep)) {
        current = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(current, part);
        last = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(current);
        if (last.isSymbolicLink())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} changed while being read`);
    }
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(real, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    try {
        const st = await fh.stat();
        if (!st.isFile())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} is not a regular file`);
        if (last && (st.dev !== last.dev || st.ino !== last.ino)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} changed while being read`);
        }
        if (st.size > MAX_JUNIT_BYTES) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} is ${st.size} bytes, over the ${MAX_JUNIT_BYTES}-byte cap`);
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`${path} grew past the size cap`);
        return buf.subarray(0, length).toString('utf8');
    }
    finally {
        await fh.close();
    }
}
const parser = new fast_xml_parser__WEBPACK_IMPORTED_MODULE_5__/* ["default"] */ .A({
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
    const valid = fast_xml_parser__WEBPACK_IMPORTED_MODULE_6__/* .XMLValidator */ .iI.validate(xml);
    if (valid !== true) {
        const { msg, line, col } = valid.err;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g(`malformed XML at line ${line}, column ${col}: ${msg}`);
    }
    const doc = parser.parse(xml);
    const suitesRoot = isNode(doc.testsuites) ? doc.testsuites : undefined;
    const topSuites = suitesRoot ? children(suitesRoot, 'testsuite') : children(doc, 'testsuite');
    if (!suitesRoot && topSuites.length === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ReportError */ .$g('not a JUnit report: no <testsuites> or <testsuite> root element');
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
/* harmony import */ var _evidence_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(53877);
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
    const compare = s.compare
        ? ` · compare: ${s.compare.verdict}${(0,_evidence_js__WEBPACK_IMPORTED_MODULE_4__/* .evidenceBrief */ .Q)(s.compare.evidence)}`
        : '';
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
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25659);
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
        const parts = text.split(new RegExp(`(${_lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__/* .TRUNCATION_MARKER */ .h6.source})`));
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

/***/ 78446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dU: () => (/* binding */ loadRunPlan),
/* harmony export */   t0: () => (/* binding */ prepareWorkspace)
/* harmony export */ });
/* unused harmony exports withCaCertificates, selectAgents */
/* harmony import */ var _config_source_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7322);
/* harmony import */ var _config_unsafe_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75106);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/* harmony import */ var _runtime_ca_bundle_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8175);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(31954);
/* harmony import */ var _lib_user_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(89332);
// The plan a run (or verify-isolation) works from: the config loaded and, when asked, narrowed to
// some agents. One place for both, so `--agents` means the same everywhere.







/**
 * The plan, narrowed to the selected agents, with every unsafe setting of theirs refused unless
 * the invoker allowed its class (a ConfigError, exit 2, naming each key).
 */
async function loadRunPlan(configPath, opts = {}) {
    const plan = selectAgents(await (0,_config_source_js__WEBPACK_IMPORTED_MODULE_0__.loadConfigFrom)(configPath, {
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
    const { uid, gid } = (0,_lib_user_js__WEBPACK_IMPORTED_MODULE_5__/* .parseUser */ .tN)(agent.docker?.user ?? _config_defaults_js__WEBPACK_IMPORTED_MODULE_6__/* .DEFAULT_USER */ .Az);
    if (uid !== 0)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_4__.chown)(agent.workspace, uid, gid);
}


/***/ }),

/***/ 80808:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  F: () => (/* binding */ newRunId),
  G: () => (/* binding */ withSandboxes)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
// EXTERNAL MODULE: ./src/report/write.ts
var write = __webpack_require__(1693);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/runtime/file-lines.ts
var file_lines = __webpack_require__(86214);
// EXTERNAL MODULE: ./src/runtime/host/background.ts
var background = __webpack_require__(55579);
// EXTERNAL MODULE: ./src/runtime/host/environment.ts
var environment = __webpack_require__(81830);
// EXTERNAL MODULE: ./src/runtime/host/process.ts
var host_process = __webpack_require__(55638);
// EXTERNAL MODULE: ./src/runtime/host/process-tree.ts
var process_tree = __webpack_require__(49187);
;// CONCATENATED MODULE: ./src/runtime/local/executor.ts
// Local mode: `/bin/sh -c` on the host, in the agent's directory, with a minimal environment.
// No isolation at all: the README says so, and docker mode is never replaced by this silently.
// A thin session on the host-process runtime (runtime/host): spawning is all it does itself.










class LocalSession {
    agent;
    info = { mode: 'local' };
    background = new background/* HostBackground */.b();
    constructor(agent) {
        this.agent = agent;
    }
    async exec(req) {
        const started = Date.now();
        const { child, token } = this.spawnStep(req);
        const end = await (0,host_process/* runHostStep */.Ox)(child, req, () => (0,process_tree/* killTree */.TP)(child.pid, token), started);
        if (end.exit.error)
            throw end.exit.error;
        return (0,host_process/* hostResult */.YW)(end);
    }
    async execBackground(req, name) {
        const { child, token } = this.spawnStep(req);
        this.background.add(name, req.command, child, req.maxOutputBytes, () => (0,process_tree/* killTree */.TP)(child.pid, token));
    }
    /** `/bin/sh -c` with the step's environment and a fresh token (see host/process-tree.ts). */
    spawnStep(req) {
        const token = (0,external_node_crypto_.randomUUID)();
        const prepared = (0,environment/* prepareCommand */.fN)(this.agent, req.command, req.cwd, {
            ...(0,environment/* baseEnvironment */.PZ)(),
            ...req.env
        });
        // detached: the shell leads a new process group, so the group can be killed as one.
        const child = (0,external_node_child_process_.spawn)('/bin/sh', ['-c', prepared.command], {
            cwd: req.cwd,
            env: { ...prepared.env, [process_tree/* TOKEN_VAR */.ey]: token },
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        return { child, token };
    }
    async writeFile(path, content) {
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        await (0,promises_.writeFile)(path, content);
    }
    async readFile(path, offset, lineCount) {
        return (0,file_lines/* sliceLines */.i)(await (0,promises_.readFile)(path, 'utf8'), offset, lineCount);
    }
    async saveLogs(dir) {
        await this.background.writeLogs(dir);
    }
    /** Local mode has no egress of its own: nothing to switch. */
    beginStep() { }
    egressReport() {
        return undefined;
    }
    async close() {
        await this.background.stop();
    }
}
function createLocalRuntime() {
    return {
        async start(agent) {
            await (0,promises_.mkdir)(agent.workspace, { recursive: true });
            return new LocalSession(agent);
        }
    };
}

;// CONCATENATED MODULE: ./src/run/runtimes.ts

class Runtimes {
    opts;
    local = createLocalRuntime();
    docker;
    srt;
    constructor(opts) {
        this.opts = opts;
    }
    /** The Docker runtime itself (verify-isolation needs its engine client). */
    dockerRuntime() {
        return (this.docker ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 56123)).then((m) => m.createDockerRuntime({
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
                start: async (agent, ctx) => (await (this.srt ??= Promise.all(/* import() */[__webpack_require__.e(243), __webpack_require__.e(426), __webpack_require__.e(732)]).then(__webpack_require__.bind(__webpack_require__, 2365)).then((m) => m.createSrtRuntime(this.opts.srt)))).start(agent, ctx)
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

;// CONCATENATED MODULE: ./src/run/scope.ts
// The one sandbox lifecycle `run`, `mcp` and `verify-isolation` live in: the run id, the output
// directory, the redactor every line and file goes through, the runtimes (made on first use),
// SIGINT/SIGTERM, closing what was opened, cleaning up what the runtimes made for the run, and the
// final redaction of everything under the output directory. What differs (a Run's steps, a live
// MCP server, the isolation probes) is the body's.






function newRunId() {
    return `${Date.now().toString(36)}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`;
}
/** Runs `body` in a sandbox scope; whatever happens, the scope is closed and the output redacted. */
async function withSandboxes(opts, body) {
    const scope = new Scope(opts);
    const onSignal = (sig) => void scope.interrupt(sig);
    if (opts.handleSignals) {
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
    }
    try {
        return await body(scope);
    }
    finally {
        await scope.close();
        if (opts.handleSignals) {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
        }
        await scope.redactOutput();
    }
}
class Scope {
    runId;
    outDir;
    redactor = new redact/* Redactor */.pO();
    log;
    made;
    undo = [];
    recorders = [];
    closing;
    constructor(opts) {
        this.runId = opts.runId ?? newRunId();
        this.outDir = (0,external_node_path_.resolve)(opts.outDir);
        // Every console line goes through the redactor too (live step lines, egress, cleanup).
        this.log = (line) => opts.log(this.redactor.apply(line));
        (0,write/* ensureOutputDir */.X)(this.outDir);
    }
    runtimes(opts) {
        if (this.made)
            return this.made;
        const made = new Runtimes({ ...opts, log: this.log });
        this.made = made;
        this.defer(() => made.cleanup(this.runId));
        return made;
    }
    defer(undo) {
        this.undo.push(undo);
    }
    onInterrupt(record) {
        this.recorders.push(record);
    }
    close() {
        return (this.closing ??= (async () => {
            for (const undo of [...this.undo].reverse())
                await undo().catch((e) => this.log(`cleanup: ${e.message}`));
        })());
    }
    redactOutput() {
        return (0,files/* redactTree */.us)(this.outDir, (s) => this.redactor.apply(s)).catch(() => undefined);
    }
    async interrupt(sig) {
        this.log(`received ${sig}: stopping, cleaning up`);
        const record = () => {
            for (const r of this.recorders)
                r(sig);
        };
        record();
        await this.close()
            .then(() => this.redactOutput())
            .catch(() => undefined);
        record();
        // A signalled run always ends as an error (exit 2), as results.json says.
        process.exit(2);
    }
}


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

/***/ 55579:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ HostBackground)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(25659);
/* harmony import */ var _background_log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(28032);
/* harmony import */ var _process_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(55638);
// Background steps as host processes (local and srt modes): their output kept (capped, per stream)
// while later steps run; stopped — their whole tree killed — at saveLogs or close, whichever comes
// first; logged in the one layout (background-log.ts).




/** How long a killed background process is given to close its pipes. */
const STOP_WAIT_MS = 2000;
class HostBackground {
    list = [];
    /** Keeps `child`'s output from now on; `kill` ends its tree at stop(). */
    add(name, command, child, maxOutputBytes, kill) {
        const startedAt = new Date();
        const p = {
            name,
            command,
            startedAt,
            stdout: new _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__/* .OutputCap */ .uu(maxOutputBytes),
            stderr: new _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_2__/* .OutputCap */ .uu(maxOutputBytes),
            kill,
            done: Promise.resolve()
        };
        child.stdout.on('data', (c) => p.stdout.push(c));
        child.stderr.on('data', (c) => p.stderr.push(c));
        p.done = (0,_process_js__WEBPACK_IMPORTED_MODULE_3__/* .exitOf */ .sX)(child).then((exit) => {
            if (exit.error)
                p.error = exit.error.message;
            else
                p.result = {
                    exitCode: exit.code,
                    durationMs: Date.now() - startedAt.getTime(),
                    truncated: p.stdout.truncated || p.stderr.truncated
                };
        });
        this.list.push(p);
    }
    get size() {
        return this.list.length;
    }
    /** Kills every background process (each once, however often this is called) and waits a little. */
    async stop() {
        await Promise.all(this.list.map((p) => {
            p.stopping ??= (async () => {
                await p.kill();
                let timer;
                const waited = new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)));
                await Promise.race([p.done, waited]);
                clearTimeout(timer);
            })();
            return p.stopping;
        }));
    }
    /** Stops them all, then writes background_<name>.log per process into `dir`. */
    async writeLogs(dir) {
        if (this.list.length === 0)
            return;
        await this.stop();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdir)(dir, { recursive: true });
        const entries = this.list.map(({ stdout, stderr, kill: _kill, done: _done, ...p }) => ({
            ...p,
            stdout: stdout.text(),
            stderr: stderr.text()
        }));
        await (0,_background_log_js__WEBPACK_IMPORTED_MODULE_1__/* .writeBackgroundLogs */ .$Y)(dir, entries);
    }
}


/***/ }),

/***/ 81830:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PZ: () => (/* binding */ baseEnvironment),
/* harmony export */   fN: () => (/* binding */ prepareCommand)
/* harmony export */ });
/* unused harmony export PASSED_HOST_VARS */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The environment a host-process step (local and srt modes) starts from, and MassGen's venv rule.


/** Host variables a host-process step may see (MassGen's MCP default environment, roughly). */
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
    const venv = agent.venvPath ?? ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(cwd, '.venv', 'bin')) ? (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(cwd, '.venv') : '');
    if (!venv)
        return { command, env };
    return {
        command,
        env: { ...env, VIRTUAL_ENV: venv, PATH: `${(0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(venv, 'bin')}:${env.PATH ?? ''}` }
    };
}


/***/ }),

/***/ 49187:
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

/***/ 55638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ox: () => (/* binding */ runHostStep),
/* harmony export */   P5: () => (/* binding */ streamClosed),
/* harmony export */   YW: () => (/* binding */ hostResult),
/* harmony export */   sX: () => (/* binding */ exitOf)
/* harmony export */ });
/* harmony import */ var _lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(25659);

/** Never rejects: a child that could not start resolves with its error. */
function exitOf(child) {
    return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            return resolve({ code: child.exitCode });
        child.once('error', (error) => resolve({ code: null, error }));
        child.once('exit', (code) => resolve({ code }));
    });
}
/** Resolves when the stream has closed (or failed): all its data has been read. */
function streamClosed(s) {
    if (s.closed)
        return Promise.resolve();
    return new Promise((resolve) => {
        s.once('close', () => resolve());
        s.once('error', () => resolve());
    });
}
/**
 * Runs `child` to its end. `kill` ends the step's whole tree and returns the pids it could not
 * kill; it runs at the timeout or abort, and always once the shell has exited: whatever the step
 * left running (`server &` without background: true) dies with it, else it would hold the pipes
 * open and outlive the run.
 */
async function runHostStep(child, req, kill, startedAt = Date.now()) {
    const { stdout, stderr } = (0,_lib_output_cap_js__WEBPACK_IMPORTED_MODULE_0__/* .captureOutput */ .Q9)(child, req.maxOutputBytes, req.onOutput);
    let timedOut = false;
    const exited = exitOf(child);
    const stop = () => {
        timedOut = true;
        void kill();
    };
    const timer = setTimeout(stop, req.timeoutMs);
    req.signal?.addEventListener('abort', stop, { once: true });
    if (req.signal?.aborted)
        stop();
    let exit;
    try {
        exit = await exited;
    }
    finally {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', stop);
    }
    const survivors = await kill();
    await Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)]);
    return {
        exit,
        stdout: stdout.text(),
        stderr: stderr.text(),
        truncated: stdout.truncated || stderr.truncated,
        timedOut,
        survivors,
        startedAt
    };
}
/** The step's result; `notes` are joined after the survivors' note, empty ones dropped. */
function hostResult(end, notes = [], extra = {}) {
    const all = [
        end.survivors.length
            ? `${end.survivors.length} process(es) of the step could not be killed`
            : '',
        ...notes
    ].filter(Boolean);
    return {
        exitCode: end.exit.code,
        stdout: end.stdout,
        stderr: end.stderr,
        truncated: end.truncated,
        timedOut: end.timedOut,
        oom: false,
        durationMs: Date.now() - end.startedAt,
        note: all.length ? all.join('; ') : undefined,
        ...extra
    };
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


/***/ })

};
