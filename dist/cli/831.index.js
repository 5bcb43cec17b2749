export const id = 831;
export const ids = [831];
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

/***/ 44614:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ erroredStep)
/* harmony export */ });
function erroredStep(step, extra = {}) {
    return {
        index: step.index,
        name: step.name,
        command: step.command,
        kind: step.kind,
        status: 'error',
        exitCode: null,
        durationMs: 0,
        stdout: '',
        stderr: '',
        truncated: false,
        ...extra
    };
}


/***/ }),

/***/ 58831:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  F$: () => (/* reexport */ scope/* newRunId */.F),
  aI: () => (/* binding */ runPipeline),
  AO: () => (/* binding */ runScope)
});

// EXTERNAL MODULE: ./src/config/notices.ts
var notices = __webpack_require__(94523);
// EXTERNAL MODULE: ./src/config/unsafe.ts
var config_unsafe = __webpack_require__(75106);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
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
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
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
// EXTERNAL MODULE: ./src/report/redact.ts
var redact = __webpack_require__(20649);
// EXTERNAL MODULE: ./src/report/step.ts
var report_step = __webpack_require__(44614);
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
/** Transitions with every list empty. */
function emptyTransitions() {
    return {
        failToPass: [],
        passToPass: [],
        failToFail: [],
        passToFail: [],
        onlyHead: [],
        onlyBase: [],
        skipped: []
    };
}
function transitions(head, base) {
    const h = outcomes(head);
    const b = outcomes(base);
    const t = emptyTransitions();
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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/lib/paths.ts
var lib_paths = __webpack_require__(9927);
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
                throw new errors/* CompareError */.M4(`cannot run git: ${e.message}`);
            }
        }
    };
}
async function must(git, what, args, cwd, extra = {}) {
    const r = await git.run(args, { cwd, ...extra });
    if (r.code !== 0) {
        throw new errors/* CompareError */.M4(`cannot ${what}: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
const split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function workTree(git, repo) {
    const r = await git.run(['rev-parse', '--show-toplevel'], { cwd: repo });
    if (r.code !== 0)
        throw new errors/* CompareError */.M4(`${repo} is not inside a git work tree`);
    const top = await (0,promises_.realpath)(r.stdout.toString('utf8').trim());
    const head = (await must(git, 'resolve HEAD', ['rev-parse', '--verify', 'HEAD^{commit}'], top))
        .toString()
        .trim();
    return { top, head };
}
/** The commit a revision names; a clear error (with a hint for shallow clones) when none. */
async function resolveRevision(git, top, rev) {
    if (!rev.trim() || rev.startsWith('-')) {
        throw new errors/* CompareError */.M4(`base revision ${JSON.stringify(rev)} is not a revision`);
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
    throw new errors/* CompareError */.M4(`base revision ${JSON.stringify(rev)} not found in ${top}${hint}`);
}
/** compare.tests → git pathspecs: globs, "!pattern" excludes, explicit magic kept. */
function pathspecs(patterns) {
    return patterns
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p.startsWith(':') ? p : p.startsWith('!') ? `:(exclude,glob)${p.slice(1)}` : `:(glob)${p}`);
}
const MAX_TREE_BYTES = 1024 * 1024 * 1024;
const GITLINK = '160000';
/** Writes the two trees into a new tar file `out` (which must not exist). */
async function packTrees(git, spec, out) {
    const specs = pathspecs(spec.tests);
    const { headPaths, headTests } = await listHead(git, spec, specs);
    const { baseEntries, baseTests } = await listBase(git, spec, specs);
    const skipped = [];
    const budget = byteBudget(spec.maxBytes ?? MAX_TREE_BYTES);
    const head = await readHead(spec.top, headPaths, budget.take, skipped);
    const { fromBase, removedTestPaths } = baseFiles(baseEntries, baseTests, headTests, head, skipped);
    const watch = spec.watch ?? (() => false);
    const watchedBase = baseEntries.filter((e) => watch(e.path) && e.mode !== GITLINK);
    const original = spec.names.original ? baseEntries.filter((e) => e.mode !== GITLINK) : [];
    const blobs = await catBlobs(git, spec.top, [...new Set([...fromBase, ...watchedBase, ...original].map((e) => e.sha))], budget.take);
    const watched = watchedContents(watchedBase, blobs, head, watch);
    const dirty = spec.headSha ? await dirtyPaths(git, spec.top, spec.headSha, head) : [];
    const testFiles = await writeTar(out, spec, { head, headTests, fromBase, original, blobs });
    return {
        headFiles: head.size,
        baseFiles: fromBase.length + testFiles,
        testFiles,
        removedTests: removedTestPaths.length,
        removedTestPaths,
        bytes: budget.used(),
        skipped,
        watched: [...watched.values()],
        dirty
    };
}
/** A running total of the bytes read, which fails past `max`. */
function byteBudget(max) {
    let bytes = 0;
    return {
        take: (n) => {
            bytes += n;
            if (bytes > max)
                throw new errors/* CompareError */.M4(`the trees are larger than ${max} bytes`);
        },
        used: () => bytes
    };
}
/** The work tree's paths (tracked and untracked, not ignored) and, among them, the test files. */
async function listHead(git, spec, specs) {
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const headPaths = unique(split0(await must(git, 'list the work tree', list, spec.top))).filter((p) => !spec.exclude(p));
    const headTests = new Set(split0(await must(git, 'list the test files', [...list, '--', ...specs], spec.top)).filter((p) => !spec.exclude(p)));
    return { headPaths, headTests };
}
/** The base revision's entries and test files, read through a scratch index. */
async function listBase(git, spec, specs) {
    const { top } = spec;
    const index = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'mgx-compare-index-'));
    try {
        const env = { env: { GIT_INDEX_FILE: (0,external_node_path_.join)(index, 'index') } };
        await must(git, 'read the base tree', ['read-tree', spec.baseSha], top, env);
        const baseEntries = split0(await must(git, 'list the base tree', ['ls-files', '-z', '-s'], top, env))
            .map((line) => {
            const tab = line.indexOf('\t');
            const [mode, sha] = line.slice(0, tab).split(' ');
            return { mode, sha, path: line.slice(tab + 1) };
        })
            .filter((e) => !spec.exclude(e.path));
        const baseTests = new Set(split0(await must(git, 'list the base test files', ['ls-files', '-z', '--', ...specs], top, env)));
        return { baseEntries, baseTests };
    }
    finally {
        await (0,promises_.rm)(index, { recursive: true, force: true });
    }
}
/** The work tree's files and symlinks by path; special files go to `skipped`. */
async function readHead(top, paths, budget, skipped) {
    const reader = new WorkTreeReader(top);
    const head = new Map();
    for (const p of paths) {
        const e = await reader.read(p, budget);
        if (!e)
            continue;
        if (e.type === 'skip')
            skipped.push(p);
        else
            head.set(p, e);
    }
    return head;
}
/**
 * Base: its files minus its tests, minus anything in the way of a head test (a file where
 * head has a directory, or the reverse); head's tests are added when writing. Submodules go to
 * `skipped`; base tests head deleted are returned as removed.
 */
function baseFiles(baseEntries, baseTests, headTests, head, skipped) {
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
        if (e.mode === GITLINK) {
            skipped.push(e.path);
            return false;
        }
        return !inTheWay(e.path);
    });
    return { fromBase, removedTestPaths };
}
/** The watched paths' base and head contents (a head symlink as `-> target`). */
function watchedContents(watchedBase, blobs, head, watch) {
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
    return watched;
}
/** A tar stream written to a new file; each add waits for the entry or fails with the file. */
function tarFile(fd) {
    const pack = (0,tar_stream.pack)();
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
    return { pack, written, add };
}
/**
 * Writes the tar: each root with the spec's directories, head's entries, base's (and the
 * original base's) blobs, then head's tests into base. Returns how many tests it added to base.
 */
async function writeTar(out, spec, trees) {
    const { head, headTests, fromBase, original, blobs } = trees;
    const fd = await (0,promises_.open)(out, 'wx', 0o644);
    const { pack, written, add } = tarFile(fd);
    const addEntry = async (name, e) => {
        if (e.type === 'file')
            await add({ name, type: 'file', mode: e.mode }, e.data);
        else if (e.type === 'symlink')
            await add({ name, type: 'symlink', linkname: e.target });
    };
    const addBlob = async (root, e) => {
        const name = `${root}/${e.path}`;
        const data = blobs.get(e.sha);
        if (e.mode === '120000')
            await add({ name, type: 'symlink', linkname: data.toString('utf8') });
        else
            await add({ name, type: 'file', mode: e.mode === '100755' ? 0o755 : 0o644 }, data);
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
        return testFiles;
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
            throw new errors/* CompareError */.M4(`base object missing: ${line}`);
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
            throw new errors/* CompareError */.M4(`unexpected object in the base tree: ${sha} ${type}`);
        }
        blobs.set(sha, buf.subarray(nl + 1, nl + 1 + size));
        pos = nl + 1 + size + 1;
    }
    for (const sha of shas)
        if (!blobs.has(sha))
            throw new errors/* CompareError */.M4(`base object missing: ${sha}`);
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
            throw new errors/* CompareError */.M4(`refusing ${rel}: a directory on its path is a symlink`);
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
                throw new errors/* CompareError */.M4(`${rel} changed while being read`);
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
        if (!roots.some((root) => (0,lib_paths/* isInside */.F)(r, root))) {
            throw new errors/* CompareError */.M4(`${what} ${r} is outside the agent's workspace and context paths`);
        }
        return r;
    };
    await check('compare.repo', repo);
    const r = await git.run(['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir'], { cwd: repo });
    if (r.code !== 0)
        throw new errors/* CompareError */.M4(`${repo} is not inside a git work tree`);
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

;// CONCATENATED MODULE: ./src/lib/read-no-follow.ts
// Reading a file the sandbox (the agent's code) could have written: its reports, its untracked
// files. One rule for all of them: no symbolic link followed, no blocking on a planted FIFO, only
// a regular file, and nothing larger than the caller's cap read into memory.


/** The file's UTF-8 text; undefined when absent, not a regular file or larger than `max` bytes. */
async function readNoFollow(path, max = 256 * 1024 * 1024) {
    return (await readBytesNoFollow(path, max))?.toString('utf8');
}
/** The file's bytes, by the same rule as readNoFollow. */
async function readBytesNoFollow(path, max = 256 * 1024 * 1024) {
    try {
        const fh = await (0,promises_.open)(path, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
        try {
            const st = await fh.stat();
            if (!st.isFile() || st.size > max)
                return undefined;
            return await fh.readFile();
        }
        finally {
            await fh.close();
        }
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/changed.ts
// The lines a change adds or modifies, base..head, in non-test source files, head-side numbers.
// What is compared is content, never the agent's index or attributes: each source file of the
// head listing (as the head tree is packed: tracked and untracked, not ignored) is read from disk
// and hashed as a git blob; one whose blob differs from base's is diffed against base's blob with
// `git diff --no-index --text -U0` on two scratch files outside the repository. So an index entry
// marked assume-unchanged or skip-worktree, stat data forged to match, or a `-diff` / binary
// attribute hides no changed line. git runs as for the trees (trees.ts: no hooks, fsmonitor off,
// no external diff or textconv). A source file that cannot be read (a symlink, over the size
// cap) is listed as not measured, never dropped silently.






/** Source files whose lines are measured: Python (coverage.py) and JavaScript/TypeScript (V8). */
const SOURCE = /\.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
/** Most files looked at; the rest are left out and said so by the caller. */
const MAX_CHANGED_FILES = 500;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const DIFF = [
    'diff',
    '--no-index',
    '--text',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '--src-prefix=a/',
    '--dst-prefix=b/',
    '-U0'
];
/** Head-side line numbers a `-U0` patch adds or modifies (pure deletions add none). */
function hunkLines(patch) {
    const lines = [];
    for (const m of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
        const start = Number(m[1]);
        const count = m[2] === undefined ? 1 : Number(m[2]);
        for (let i = 0; i < count; i++)
            lines.push(start + i);
    }
    return [...new Set(lines)].sort((a, b) => a - b);
}
/** Line numbers of a whole (new) file. */
function allLines(text) {
    if (!text)
        return [];
    const n = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return Array.from({ length: n }, (_, i) => i + 1);
}
const changed_split0 = (b) => b.toString('utf8').split('\0').filter(Boolean);
async function changed_must(git, args, cwd) {
    const r = await git.run(args, { cwd });
    if (r.code !== 0) {
        throw new errors/* CompareError */.M4(`cannot list the changed lines: ${r.stderr.trim().split('\n').pop() || `git exit ${r.code}`}`);
    }
    return r.stdout;
}
/** The git blob id of `bytes` in the repository's object format. */
function blobId(bytes, format) {
    const h = (0,external_node_crypto_.createHash)(format === 'sha256' ? 'sha256' : 'sha1');
    h.update(`blob ${bytes.length}\0`);
    h.update(bytes);
    return h.digest('hex');
}
/** Base's blobs by path (ls-tree reads the commit, not the index). */
async function baseBlobs(git, top, baseSha) {
    const out = new Map();
    for (const line of changed_split0(await changed_must(git, ['ls-tree', '-r', '-z', '--full-tree', baseSha], top))) {
        const tab = line.indexOf('\t');
        const [, type, sha] = line.slice(0, tab).split(' ');
        if (type === 'blob')
            out.set(line.slice(tab + 1), sha);
    }
    return out;
}
async function changedLines(git, spec) {
    const { top, baseSha } = spec;
    const list = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    const tests = new Set(changed_split0(await changed_must(git, [...list, '--', ...pathspecs(spec.tests)], top)));
    const isSource = (p) => SOURCE.test(p) && !tests.has(p) && !spec.exclude?.(p);
    const head = [...new Set(changed_split0(await changed_must(git, list, top)))].filter(isSource).sort();
    const base = await baseBlobs(git, top, baseSha);
    const format = (await git.run(['rev-parse', '--show-object-format'], { cwd: top })).stdout.toString().trim() ||
        'sha1';
    const scratch = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'mgx-changed-'));
    const files = [];
    const unreadable = [];
    let seen = 0;
    let omitted = 0;
    try {
        for (const p of head) {
            const bytes = await readBytesNoFollow((0,external_node_path_.join)(top, p), MAX_FILE_BYTES);
            const was = base.get(p);
            if (bytes === undefined) {
                if (!(await goneOrSameLink((0,external_node_path_.join)(top, p), was, format)))
                    unreadable.push(p);
                continue;
            }
            if (was !== undefined && blobId(bytes, format) === was)
                continue;
            if (++seen > MAX_CHANGED_FILES) {
                omitted++;
                continue;
            }
            const lines = was === undefined
                ? allLines(bytes.toString('utf8'))
                : hunkLines(await diffBlob(git, scratch, was, bytes, top));
            if (lines.length)
                files.push({ path: p, lines });
        }
    }
    finally {
        await (0,promises_.rm)(scratch, { recursive: true, force: true });
    }
    return { files, omitted, unreadable };
}
/**
 * A listed path that is not a readable file but adds no line: nothing at it (deleted in the work
 * tree, a deletion) or a symbolic link base has as it is (git stores the link's target as its blob).
 */
async function goneOrSameLink(path, was, format) {
    const st = await (0,promises_.lstat)(path).catch(() => undefined);
    if (!st)
        return true;
    if (!st.isSymbolicLink() || was === undefined)
        return false;
    return blobId(Buffer.from(await (0,promises_.readlink)(path)), format) === was;
}
/** `-U0` patch of base's blob `sha` against `bytes`, on scratch files outside the repository. */
async function diffBlob(git, scratch, sha, bytes, top) {
    const a = (0,external_node_path_.join)(scratch, 'base');
    const b = (0,external_node_path_.join)(scratch, 'head');
    await (0,promises_.writeFile)(a, await changed_must(git, ['cat-file', 'blob', sha], top));
    await (0,promises_.writeFile)(b, bytes);
    // --no-index exits 1 when the files differ: that is the answer, not a failure.
    const r = await git.run([...DIFF, a, b], { cwd: scratch });
    if (r.code !== 0 && r.code !== 1)
        throw new errors/* CompareError */.M4(`cannot diff a changed file: ${r.stderr.trim().split('\n').pop()}`);
    return r.stdout.toString('utf8');
}
/** An untracked file's text (the agent's: no symlink followed, size capped); '' when not a file. */
async function readText(path) {
    return (await readNoFollow(path, MAX_FILE_BYTES)) ?? '';
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/coverage.ts
const PLUGIN_MODULE = 'mgx_evidence_ctx';
/** The harness rcfile: `source` the tree, data in `dataDir`, the JSON report at `json`. */
function rcfile(o) {
    return [
        '[run]',
        `source = ${o.source}`,
        `data_file = ${o.dataFile}`,
        'parallel = True',
        'branch = False',
        'relative_files = False',
        'disable_warnings = no-data-collected, module-not-measured, module-not-imported, include-ignored',
        '',
        '[report]',
        // Replaces the default "# pragma: no cover": a pattern no source line holds.
        'exclude_lines = ',
        '    MGX_EVIDENCE_EXCLUDES_NOTHING_8d1f2c',
        'ignore_errors = True',
        '',
        '[json]',
        `output = ${o.json}`,
        'show_contexts = True',
        ''
    ].join('\n');
}
/** Starts coverage in every Python process that finds it first on sys.path (PYTHONPATH). */
const SITECUSTOMIZE = `import os
if os.environ.get("COVERAGE_PROCESS_START"):
    try:
        import coverage
        coverage.process_startup()
    except Exception as e:
        import sys
        sys.stderr.write("massgen-exec evidence: coverage not started: %r\\n" % (e,))
`;
/** pytest plugin: each test's lines under its node id (setup, call and teardown alike). */
const CONTEXT_PLUGIN = `import pytest

def _cov():
    try:
        import coverage
        return coverage.Coverage.current()
    except Exception:
        return None

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cov = _cov()
    if cov is not None:
        cov.switch_context(item.nodeid)
    try:
        yield
    finally:
        if cov is not None:
            cov.switch_context("")
`;
/** The environment of the Python coverage run (harness directory first on PYTHONPATH). */
function pythonEnv(stepEnv, o) {
    const prior = stepEnv.PYTHONPATH;
    return {
        ...stepEnv,
        PYTHONPATH: prior ? `${o.harnessDir}:${prior}` : o.harnessDir,
        COVERAGE_PROCESS_START: o.rc,
        PYTEST_PLUGINS: stepEnv.PYTEST_PLUGINS
            ? `${PLUGIN_MODULE},${stepEnv.PYTEST_PLUGINS}`
            : PLUGIN_MODULE
    };
}
/** Lines that hold code by a plain reading (used where the tool says nothing about a file). */
function codeLines(text, lines, lang) {
    const src = text.split('\n');
    const comment = lang === 'py' ? /^\s*(#.*)?$/ : /^\s*(\/\/.*|\/\*.*|\*.*)?$/;
    const punctuation = /^[\s{}()[\];,]*$/;
    return lines.filter((n) => {
        const l = src[n - 1];
        return l !== undefined && !comment.test(l) && !(lang === 'js' && punctuation.test(l));
    });
}
const ratioOf = (files) => {
    const changed = files.reduce((n, f) => n + f.changed.length, 0);
    const covered = files.reduce((n, f) => n + f.covered.length, 0);
    return changed ? covered / changed : null;
};
function fileCoverage(path, changed, isCovered) {
    const covered = changed.filter(isCovered);
    return { path, changed, covered, uncovered: changed.filter((n) => !isCovered(n)) };
}
/**
 * coverage.py's JSON (absolute paths in the sandbox) → per changed file. `tree`: the tree's
 * absolute path(s) in the sandbox (as given and as resolved); `text`: a file's head contents,
 * for the files coverage did not report (never imported: every code line uncovered).
 */
function fromCoveragePy(json, changed, o) {
    const byRel = new Map();
    for (const [abs, f] of Object.entries(json.files ?? {})) {
        for (const t of o.trees) {
            if (abs.startsWith(`${t}/`))
                byRel.set(abs.slice(t.length + 1), f);
        }
    }
    const f2p = new Set(o.failToPass);
    const coveringTests = {};
    const suite = [];
    const ftp = [];
    for (const c of changed.filter((c) => c.path.endsWith('.py'))) {
        const f = byRel.get(c.path);
        if (!f) {
            const lines = codeLines(o.text(c.path) ?? '', c.lines, 'py');
            suite.push(fileCoverage(c.path, lines, () => false));
            ftp.push(fileCoverage(c.path, lines, () => false));
            continue;
        }
        const executed = new Set(f.executed_lines ?? []);
        const statements = new Set([...executed, ...(f.missing_lines ?? [])]);
        const lines = c.lines.filter((n) => statements.has(n));
        const ctx = (n) => f.contexts?.[String(n)] ?? [];
        for (const n of lines) {
            const ids = ctx(n).filter(Boolean);
            if (ids.length)
                coveringTests[`${c.path}:${n}`] = [...new Set(ids)].sort();
        }
        suite.push(fileCoverage(c.path, lines, (n) => executed.has(n)));
        // Lines run while importing (no test's context) count for the fail-to-pass tests too.
        ftp.push(fileCoverage(c.path, lines, (n) => executed.has(n) && ctx(n).some((id) => id === '' || f2p.has(id))));
    }
    const report = {
        tool: 'coverage.py',
        suite: { files: suite, ratio: ratioOf(suite) },
        ...(o.failToPass.length ? { failToPass: { files: ftp, ratio: ratioOf(ftp) } } : {})
    };
    return { report, coveringTests };
}
/**
 * Per line of `text`, whether V8 ran it: the count of the innermost range holding the line's
 * first non-blank character (a block range nested in its function's range overrides it; ranges
 * come outermost first). Offsets are UTF-16 code units, as JavaScript strings index.
 */
function v8LinesRun(text, functions) {
    const ranges = functions.flatMap((f) => f.ranges);
    const out = new Map();
    let offset = 0;
    text.split('\n').forEach((line, i) => {
        const indent = line.length - line.trimStart().length;
        const at = offset + indent;
        offset += line.length + 1;
        if (!line.trim())
            return;
        let best;
        for (const r of ranges) {
            if (r.startOffset <= at && at < r.endOffset) {
                const size = r.endOffset - r.startOffset;
                if (!best || size <= best.size)
                    best = { size, count: r.count };
            }
        }
        if (best)
            out.set(i + 1, best.count > 0);
    });
    return out;
}
/**
 * V8 coverage files → per changed JavaScript file. A script V8 saw several times (several
 * processes) counts a line run when any saw it run. `tree`: the tree's absolute path(s).
 */
function fromV8(reports, changed, o) {
    const runs = new Map();
    const js = changed.filter((c) => /\.(js|mjs|cjs|jsx)$/.test(c.path));
    for (const rep of reports) {
        for (const s of rep.result ?? []) {
            if (!s.url.startsWith('file://'))
                continue;
            let abs;
            try {
                abs = decodeURIComponent(new URL(s.url).pathname);
            }
            catch {
                continue;
            }
            const rel = o.trees
                .filter((t) => abs.startsWith(`${t}/`))
                .map((t) => abs.slice(t.length + 1))[0];
            if (!rel || !js.some((c) => c.path === rel))
                continue;
            const text = o.text(rel);
            if (text === undefined)
                continue;
            runs.set(rel, [...(runs.get(rel) ?? []), v8LinesRun(text, s.functions)]);
        }
    }
    const suite = js.map((c) => {
        const lines = codeLines(o.text(c.path) ?? '', c.lines, 'js');
        const seen = runs.get(c.path) ?? [];
        return fileCoverage(c.path, lines, (n) => seen.some((m) => m.get(n) === true));
    });
    return {
        report: { tool: 'v8', suite: { files: suite, ratio: ratioOf(suite) } },
        coveringTests: {}
    };
}

// EXTERNAL MODULE: ./src/lib/line-list.ts
var line_list = __webpack_require__(63422);
;// CONCATENATED MODULE: ./src/run/compare/evidence/gate.ts
// compare.require: the evidence measured against the gate. Pure. Evidence that was asked for by
// the gate but not measured (a verdict the evidence does not run on, a tool that failed) fails
// it: a gate that cannot be checked does not pass.

/** Uncovered lines and survivors listed in a failure (the results have them all). */
const GATE_LISTED = 20;
const pct = (r) => `${Math.round(r * 1000) / 10} %`;
function checkGate(req, ev) {
    const failures = [];
    if (ev.incomplete &&
        (req.changed_line_coverage !== undefined || req.mutation_score !== undefined))
        failures.push(`evidence incomplete, the gate cannot pass: ${ev.incomplete} not measured`);
    const changed = ev.changedLines ?? 0;
    const want = req.changed_line_coverage;
    if (want !== undefined) {
        const c = ev.coverage;
        if (!c || c.problem) {
            failures.push(`changed-line coverage required ≥ ${pct(want)}, not measured: ${ev.notRun ?? c?.problem ?? 'no coverage'}`);
        }
        else if (c.suite.ratio === null && changed > 0) {
            // Changed lines exist but none was measurable (e.g. TypeScript without source maps).
            failures.push(`changed-line coverage required ≥ ${pct(want)}, not measured: none of the ${changed} changed line(s) is in a file coverage could measure${c.notes?.length ? ` (${c.notes.join('; ')})` : ''}`);
        }
        else if (c.suite.ratio !== null && c.suite.ratio < want) {
            const uncovered = c.suite.files.map((f) => ({ path: f.path, lines: f.uncovered }));
            failures.push(`changed-line coverage ${pct(c.suite.ratio)} < ${pct(want)}; uncovered: ${(0,line_list/* lineList */.X)(uncovered, GATE_LISTED)}`);
        }
    }
    const score = req.mutation_score;
    if (score !== undefined) {
        const m = ev.mutation;
        if (!m || (m.problem && m.score === null)) {
            failures.push(`mutation score required ≥ ${pct(score)}, not measured: ${ev.notRun ?? m?.problem ?? 'no mutation run'}`);
        }
        else if (m.score === null && m.found === 0 && changed > 0) {
            failures.push(`mutation score required ≥ ${pct(score)}, not measured: no mutant on the ${changed} changed line(s)${m.problem ? ` (${m.problem})` : ''}`);
        }
        else if (m.score === null && m.timeout + m.error > 0) {
            // Timeouts are never kills: mutants that all time out or break prove nothing either way.
            failures.push(`mutation score required ≥ ${pct(score)}, none scored: ${m.timeout} timeout, ${m.error} error, 0 killed or survived`);
        }
        else if (m.error > m.killed + m.survived) {
            // Errors leave the score; a score carried by a few mutants among many errors proves little.
            failures.push(`mutation score required ≥ ${pct(score)}, not measured: ${m.error} mutant(s) errored, more than the ${m.killed + m.survived} scored`);
        }
        else if (m.score !== null && m.score < score) {
            const survivors = m.mutants.filter((x) => x.outcome === 'survived');
            const listed = survivors
                .slice(0, GATE_LISTED)
                .map((x) => `${x.path}:${x.line} ${x.original} → ${x.mutated}`)
                .join('; ');
            failures.push(`mutation score ${pct(m.score)} < ${pct(score)} (${m.killed} killed, ${m.survived} survived, ${m.timeout} timeout); survivors: ${listed}` +
                (survivors.length > GATE_LISTED ? ` … and ${survivors.length - GATE_LISTED} more` : ''));
        }
    }
    return { passed: failures.length === 0, failures };
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/mutation-head.ts
// A fresh sandbox on a fresh copy of head for the mutation runner and the Stryker adapter: a new
// root of ours (inside compare's 0700 directory) holding a copy of the packed trees, opened through
// openHead as compare's runSide opens a side.



/** A copy of the packed trees in a new root of ours, opened as head (as compare's runSide does). */
async function openFreshHead(input) {
    const h = input.head;
    if (!h)
        throw new Error('no head tree to open');
    const token = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const root = (0,external_node_path_.join)(h.dir, `m-${token}`);
    await (0,promises_.mkdir)(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await (0,promises_.chmod)(root, 0o777);
    const tar = (0,external_node_path_.join)(root, `${token}.tar`);
    await (0,promises_.copyFile)(h.tar, tar);
    const scratch = {};
    if (h.freshHome) {
        for (const d of ['home', 'tmp']) {
            await (0,promises_.mkdir)((0,external_node_path_.join)(root, d), { mode: 0o777 });
            await (0,promises_.chmod)((0,external_node_path_.join)(root, d), 0o777);
        }
        Object.assign(scratch, {
            HOME: (0,external_node_path_.join)(root, 'home'),
            TMPDIR: (0,external_node_path_.join)(root, 'tmp'),
            XDG_CACHE_HOME: (0,external_node_path_.join)(root, 'home', '.cache')
        });
    }
    let box;
    try {
        box = await input.openHead({ root, tar, member: h.member, label: `m${token}` });
    }
    catch (e) {
        await (0,promises_.rm)(root, { recursive: true, force: true }).catch(() => undefined);
        throw e;
    }
    const tree = (0,external_node_path_.join)(root, h.member);
    let closed;
    return {
        box,
        root,
        tree,
        place: { cwd: (0,external_node_path_.join)(tree, h.cwdRel), env: { ...h.env, ...scratch } },
        close: () => (closed ??= box
            .close()
            .catch((e) => input.log(`mutation: ${e.message}`))
            .then(() => (0,promises_.rm)(root, { recursive: true, force: true }))
            .catch(() => undefined))
    };
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/python-mutator.ts
// The product's own Python mutator (issue 25, item 3), the one source of truth: this string is
// run inside the sandbox as `python3 -I -S -c <bootstrap>` (see mutatorCommand), from no file of
// the workspace copy, with the copy's parent as the working directory: isolated mode keeps the
// working directory, PYTHON* variables and user site-packages off sys.path and -S skips `site`, so
// nothing the agent wrote (a sitecustomize, a module named `ast`, a .pth file) is imported by it.
// It reads the changed files with the standard library only (ast, tokenize; Python >= 3.8), lists
// mutants on nodes that start on changed lines, and applies one by splicing the source text at the
// node's offsets (formatting and comments kept; the result must parse, else the mutant is refused).
//
// Modes (argv[1]; argv[2] is base64 JSON):
//   list  {"root": dir, "files": [{"path": rel, "lines": [n…]}], "max": n, "out"?: file}
//         → {"mutants": [...], "problems": ["path: why", ...], "python": "3.x.y"} on stdout, or
//           written to the new file `out` (outside the tree; not subject to the output cap)
//   apply {"root": dir, "mutant": {path, edits: [[[row, col], [row, col], old, new], ...]}}
//         → exit 0 when written; exit 3 with the reason on stdout when it cannot be applied.
// Rows are 1-based lines, cols are character offsets in the line (ast's UTF-8 byte offsets are
// converted), `old` is the text the edit replaces (checked before writing).
const PYTHON_MUTATOR = String.raw `
import ast, base64, io, json, os, re, stat, sys, tokenize

CMP = {ast.Gt: ('>', '>='), ast.GtE: ('>=', '>'), ast.Lt: ('<', '<='), ast.LtE: ('<=', '<'),
       ast.Eq: ('==', '!='), ast.NotEq: ('!=', '=='), ast.Is: ('is', 'is not'),
       ast.IsNot: ('is not', 'is'), ast.In: ('in', 'not in'), ast.NotIn: ('not in', 'in')}
ARITH = {ast.Add: ('+', '-'), ast.Sub: ('-', '+'), ast.Mult: ('*', '/'), ast.Div: ('/', '*'),
         ast.FloorDiv: ('//', '/'), ast.Mod: ('%', '/'), ast.Pow: ('**', '*')}
BOOL = {ast.And: ('and', 'or'), ast.Or: ('or', 'and')}
DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Assert,
             ast.Delete, ast.Break, ast.Continue)
NEWLINE = re.compile(r'\r\n|\r|\n')


class Source:
    def __init__(self, raw):
        self.encoding = tokenize.detect_encoding(io.BytesIO(raw).readline)[0]
        self.text = raw.decode(self.encoding)
        # Character index of each line start (rows are 1-based: starts[0] is row 1).
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(self.text)]
        self.tree = ast.parse(self.text)
        self.tokens = []
        try:
            for t in tokenize.generate_tokens(io.StringIO(self.text, newline='').readline):
                if t.type in (tokenize.OP, tokenize.NAME) and t.string not in ('(', ')'):
                    self.tokens.append((t.start, t.end, t.string))
        except (tokenize.TokenError, SyntaxError):
            self.tokens = []

    def line(self, row):
        end = self.starts[row] if row < len(self.starts) else len(self.text)
        return self.text[self.starts[row - 1]:end].rstrip('\r\n')

    def pos(self, row, byte_col):
        """ast's (row, UTF-8 byte offset) as (row, character offset)."""
        return (row, len(self.line(row).encode('utf-8')[:byte_col].decode('utf-8', 'replace')))

    def index(self, p):
        return self.starts[p[0] - 1] + p[1]

    def start(self, node):
        return self.pos(node.lineno, node.col_offset)

    def end(self, node):
        return self.pos(node.end_lineno, node.end_col_offset)

    def slice(self, a, b):
        return self.text[self.index(a):self.index(b)]

    def gap(self, a, b):
        """The operator between two operands: the tokens (parentheses aside) from a to b."""
        found = [t for t in self.tokens if t[0] >= a and t[1] <= b]
        if not found:
            return None
        return found[0][0], found[-1][1], ' '.join(t[2] for t in found)


def splice(text, src, edits):
    for a, b, old, new in sorted(edits, key=lambda e: src.index(e[0]), reverse=True):
        i, j = src.index(a), src.index(b)
        if text[i:j] != old:
            return None
        text = text[:i] + new + text[j:]
    return text


def short(s, n=120):
    s = ' '.join(s.split())
    return s if len(s) <= n else s[:n - 1] + '\u2026'


def parents_of(tree):
    parents = {}
    for p in ast.walk(tree):
        for c in ast.iter_child_nodes(p):
            parents[c] = p
    return parents


def inside_fstring(node, parents):
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.JoinedStr):
            return True
    return False


def candidates(src, node):
    """(operator, [edits]) for one node."""
    out = []
    if isinstance(node, ast.Compare):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            g = src.gap(src.end(left), src.start(right))
            sym = CMP.get(type(op))
            if g and sym and g[2] == sym[0]:
                out.append(('cmp', [(g[0], g[1], sym[0], sym[1])]))
            left = right
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        sym = ARITH.get(type(node.op))
        a, b = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.target, node.value)
        g = src.gap(src.end(a), src.start(b))
        if sym:
            eq = '=' if isinstance(node, ast.AugAssign) else ''
            if g and g[2] == sym[0] + eq:
                out.append(('arith', [(g[0], g[1], sym[0] + eq, sym[1] + eq)]))
    elif isinstance(node, ast.BoolOp):
        sym = BOOL[type(node.op)]
        edits = []
        for a, b in zip(node.values, node.values[1:]):
            g = src.gap(src.end(a), src.start(b))
            if not g or g[2] != sym[0]:
                return out
            edits.append((g[0], g[1], sym[0], sym[1]))
        out.append(('bool', edits))
    elif isinstance(node, ast.Constant):
        v = node.value
        a, b = src.start(node), src.end(node)
        old = src.slice(a, b)
        if isinstance(v, bool):
            out.append(('const', [(a, b, old, str(not v))]))
        elif isinstance(v, (int, float)):
            for d in (1, -1):
                out.append(('const', [(a, b, old, repr(v + d))]))
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        a, b = src.start(node.test), src.end(node.test)
        old = src.slice(a, b)
        out.append(('negate', [(a, b, old, 'not (' + old + ')')]))
    if isinstance(node, ast.Return) and node.value is not None:
        v = node.value
        if not (isinstance(v, ast.Constant) and v.value is None):
            a, b = src.start(v), src.end(v)
            out.append(('return', [(a, b, src.slice(a, b), 'None')]))
    if isinstance(node, DELETABLE) and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
        if not (isinstance(node, ast.AnnAssign) and node.value is None):
            a, b = src.start(node), src.end(node)
            out.append(('delete', [(a, b, src.slice(a, b), 'pass')]))
    return out


def regular(path):
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError('not a regular file')


def read(root, rel):
    if rel.startswith('/') or '..' in rel.split('/'):
        raise OSError('path outside the tree')
    path = os.path.join(root, rel)
    parts = rel.split('/')
    for i in range(1, len(parts)):
        if os.path.islink(os.path.join(root, *parts[:i])):
            raise OSError('a symbolic link in its path')
    regular(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0))
    with os.fdopen(fd, 'rb') as f:
        return path, f.read()


def list_mutants(arg):
    mutants, problems = [], []
    for f in arg['files']:
        rel, lines = f['path'], set(f['lines'])
        try:
            src = Source(read(arg['root'], rel)[1])
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError) as e:
            problems.append('%s: %s' % (rel, e))
            continue
        parents = parents_of(src.tree)
        counts = {}
        for node in ast.walk(src.tree):
            if getattr(node, 'lineno', None) not in lines or getattr(node, 'end_lineno', None) is None:
                continue
            # Before 3.12 the positions of nodes inside an f-string are not the file's.
            if inside_fstring(node, parents):
                continue
            for op, edits in candidates(src, node):
                mutated = splice(src.text, src, edits)
                if mutated is None:
                    continue
                try:
                    ast.parse(mutated)
                except SyntaxError:
                    continue
                key = (node.lineno, op)
                n = counts.get(key, 0)
                counts[key] = n + 1
                row = edits[0][0][0]
                first = NEWLINE.split(mutated[src.starts[row - 1]:], 1)[0]
                mutants.append({
                    'id': '%s:%d:%s:%d' % (rel, node.lineno, op, n),
                    'path': rel, 'line': node.lineno, 'operator': op,
                    'original': short(src.line(row)), 'mutated': short(first),
                    'edits': [[list(a), list(b), old, new] for a, b, old, new in edits],
                })
                if len(mutants) >= arg.get('max', 5000):
                    problems.append('more than %d mutants: the rest not listed' % arg.get('max', 5000))
                    return mutants, problems
    return mutants, problems


def apply_mutant(arg):
    m = arg['mutant']
    path, raw = read(arg['root'], m['path'])
    src = Source(raw)
    edits = [(tuple(a), tuple(b), old, new) for a, b, old, new in m['edits']]
    mutated = splice(src.text, src, edits)
    if mutated is None:
        return 'the source at the mutant does not match'
    ast.parse(mutated)
    mode = stat.S_IMODE(os.lstat(path).st_mode)
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | getattr(os, 'O_NOFOLLOW', 0))
    with os.fdopen(fd, 'wb') as f:
        f.write(mutated.encode(src.encoding))
    os.chmod(path, mode)
    # A stale bytecode cache must not stand in for the mutated source.
    cache = os.path.join(os.path.dirname(path), '__pycache__')
    if os.path.isdir(cache) and not os.path.islink(cache):
        stem = os.path.basename(path)[:-3] + '.'
        for name in os.listdir(cache):
            if name.startswith(stem) and name.endswith('.pyc'):
                os.unlink(os.path.join(cache, name))
    return None


def main():
    if sys.version_info < (3, 8):
        print(json.dumps({'error': 'python %s: the mutator needs 3.8 or later' % sys.version.split()[0]}))
        return 2
    mode, arg = sys.argv[1], json.loads(base64.b64decode(sys.argv[2]).decode('utf-8'))
    if mode == 'list':
        mutants, problems = list_mutants(arg)
        data = json.dumps({'mutants': mutants, 'problems': problems, 'python': sys.version.split()[0]},
                          separators=(',', ':'))
        if arg.get('out'):
            # A new file (never through a link): the listing is not subject to the output cap.
            fd = os.open(arg['out'], os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, 'O_NOFOLLOW', 0), 0o644)
            with os.fdopen(fd, 'w') as f:
                f.write(data)
            print('{"written":%d}' % len(mutants))
        else:
            print(data)
        return 0
    try:
        why = apply_mutant(arg)
    except (OSError, SyntaxError, ValueError, UnicodeError) as e:
        why = '%s: %s' % (type(e).__name__, e)
    if why:
        print(why)
        return 3
    return 0


sys.exit(main())
`;
const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
/**
 * The shell command that runs the mutator: its source travels base64-encoded on the command line
 * (no file in the sandbox the agent's code could have replaced), decoded by a one-line bootstrap.
 */
function mutatorCommand(mode, arg, python = 'python3') {
    const boot = `import base64;exec(compile(base64.b64decode('${b64(PYTHON_MUTATOR)}').decode('utf-8'),'massgen-mutator','exec'))`;
    return `${python} -I -S -c "${boot}" ${mode} ${b64(JSON.stringify(arg))}`;
}
/** The `list` output; undefined when it is not the mutator's JSON. */
function parseListing(stdout) {
    const line = stdout
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{'));
    if (!line)
        return undefined;
    try {
        const v = JSON.parse(line);
        if (v.error)
            return { mutants: [], problems: [], error: v.error };
        return Array.isArray(v.mutants) ? v : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/stryker.ts
// JavaScript/TypeScript mutation through Stryker (issue 25, item 3), when the project has
// `@stryker-mutator/core` installed in the head tree: run once, in a fresh sandbox on a fresh copy
// of head, scoped with `--mutate file:start-end` per run of changed lines, `--reporters json`,
// `--concurrency` = the CPU limit. Its mutation-testing-report-schema statuses map to ours:
// Killed → killed; Survived and NoCoverage → survived; Timeout → timeout; RuntimeError and
// CompileError → error; Ignored and Pending → skipped (not run). Stryker's own per-mutant timeout
// applies (its dry run is its baseline), and the whole run is bounded by time_limit. Stryker runs
// every mutant in the ranges: max_mutants cannot cap it in advance (the report says so).
// Stryker's config file is the project's (its test runner is there), so it is the agent's: it
// can exclude mutators, and any test can notice it runs under Stryker — evidence, not proof.



const JS = /\.(m|c)?(j|t)sx?$/;
function isStrykerFile(path) {
    return JS.test(path) && !/\.d\.(m|c)?ts$/.test(path);
}
/** Runs of consecutive lines as `--mutate` ranges (paths relative to the step's directory). */
function mutateRanges(files, cwdRel) {
    const out = [];
    for (const f of files) {
        const rel = cwdRel ? external_node_path_.posix.relative(cwdRel, f.path) : f.path;
        if (rel.startsWith('..') || /[,'\s]/.test(rel))
            continue;
        const lines = [...new Set(f.lines)].sort((a, b) => a - b);
        for (let i = 0; i < lines.length;) {
            let j = i;
            while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1)
                j++;
            out.push(`${rel}:${lines[i]}-${lines[j]}`);
            i = j + 1;
        }
    }
    return out;
}
function strykerCommand(bin, ranges, parallel) {
    return [
        'node',
        `'${bin}'`,
        'run',
        '--mutate',
        `'${ranges.join(',')}'`,
        '--reporters',
        'json',
        '--concurrency',
        String(Math.max(1, Math.floor(parallel))),
        '--logLevel',
        'warn'
    ].join(' ');
}
const STATUS = {
    Killed: 'killed',
    Survived: 'survived',
    NoCoverage: 'survived',
    Timeout: 'timeout',
    RuntimeError: 'error',
    CompileError: 'error',
    Ignored: 'skipped',
    Pending: 'skipped'
};
const stryker_short = (s, n = 120) => {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length <= n ? t : `${t.slice(0, n - 1)}…`;
};
/**
 * Our results from a Stryker JSON report (mutation-testing-report-schema; lines and columns are
 * 1-based), only for mutants starting on changed lines. `prefix` makes report paths (relative to
 * the step's directory) work-tree-relative.
 */
function parseStrykerReport(json, changed, prefix = '') {
    const report = JSON.parse(json);
    if (!report || typeof report.files !== 'object')
        throw new Error('not a mutation-testing report');
    const lines = new Map(changed.map((f) => [f.path, new Set(f.lines)]));
    const mutants = [];
    let skipped = 0;
    let found = 0;
    for (const [file, body] of Object.entries(report.files)) {
        const path = prefix ? external_node_path_.posix.join(prefix, file) : file;
        const wanted = lines.get(path);
        const src = (body.source ?? '').split(/\r?\n/);
        for (const m of body.mutants ?? []) {
            const { start, end } = m.location;
            if (!wanted?.has(start.line))
                continue;
            found++;
            const outcome = STATUS[m.status] ?? 'error';
            if (outcome === 'skipped') {
                skipped++;
                continue;
            }
            const line = src[start.line - 1] ?? '';
            const mutated = start.line === end.line && m.replacement !== undefined
                ? line.slice(0, start.column - 1) + m.replacement + line.slice(end.column - 1)
                : (m.replacement ?? '');
            mutants.push({
                id: `${path}:${start.line}:${m.mutatorName}:${m.id}`,
                path,
                line: start.line,
                operator: m.mutatorName,
                original: stryker_short(line),
                mutated: stryker_short(mutated),
                outcome,
                ...(m.duration !== undefined ? { durationMs: m.duration } : {}),
                detail: m.status === 'NoCoverage'
                    ? 'NoCoverage: no test covers it'
                    : m.statusReason
                        ? `${m.status}: ${stryker_short(m.statusReason, 200)}`
                        : m.status
            });
        }
    }
    return { mutants, skipped, found };
}
/** Stryker's CLI script in the head copy, from its package.json; undefined when not installed. */
async function strykerBin(head) {
    const dir = (0,external_node_path_.join)(head.place.cwd, 'node_modules', '@stryker-mutator', 'core');
    const pkg = await readNoFollow((0,external_node_path_.join)(dir, 'package.json'), 1024 * 1024);
    if (!pkg)
        return undefined;
    try {
        const bin = JSON.parse(pkg).bin;
        const rel = typeof bin === 'string' ? bin : bin?.stryker;
        if (!rel || rel.includes("'") || rel.split('/').includes('..'))
            return undefined;
        return (0,external_node_path_.join)(dir, rel);
    }
    catch {
        return undefined;
    }
}
async function runStryker(input, files, budget) {
    const cwdRel = input.head?.cwdRel ?? '';
    const ranges = mutateRanges(files, cwdRel);
    const empty = (problem, skipped = 0) => ({
        tool: 'stryker',
        mutants: [],
        killed: 0,
        survived: 0,
        timeout: 0,
        error: 0,
        score: null,
        found: skipped,
        skipped,
        problem
    });
    if (!ranges.length)
        return empty('no changed JavaScript line under the step directory to mutate');
    const head = await openFreshHead(input);
    try {
        const bin = await strykerBin(head);
        if (!bin) {
            return empty('JavaScript/TypeScript files changed but @stryker-mutator/core is not installed in the head tree (node_modules): not mutated');
        }
        const left = budget.deadline - Date.now();
        if (left <= 0)
            return empty('Stryker not started: the time limit was reached');
        input.log(`mutation: stryker on ${ranges.join(', ')}`);
        const run = head.box.exec(strykerCommand(bin, ranges, input.parallel), head.place);
        run.catch(() => undefined);
        let timer;
        const expired = new Promise((r) => (timer = setTimeout(() => r('expired'), left)));
        const r = await Promise.race([run, expired]).finally(() => clearTimeout(timer));
        if (r === 'expired') {
            await head.close();
            return empty('Stryker did not finish within the time limit (compare.mutation.time_limit)');
        }
        const json = await readNoFollow((0,external_node_path_.join)(head.place.cwd, 'reports', 'mutation', 'mutation.json'));
        if (!json) {
            const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300);
            return empty(`Stryker wrote no JSON report (exit ${r.exitCode}): ${tail}`);
        }
        const parsed = parseStrykerReport(json, files, cwdRel);
        const count = (o) => parsed.mutants.filter((m) => m.outcome === o).length;
        const killed = count('killed');
        const survived = count('survived');
        const over = parsed.found > budget.max
            ? `Stryker ran all ${parsed.found} mutants on the changed lines (max_mutants ${budget.max} cannot cap it in advance)`
            : undefined;
        return {
            tool: 'stryker',
            mutants: parsed.mutants,
            killed,
            survived,
            timeout: count('timeout'),
            error: count('error'),
            score: killed + survived ? killed / (killed + survived) : null,
            found: parsed.found,
            skipped: parsed.skipped,
            ...(over ? { problem: over } : {})
        };
    }
    finally {
        await head.close();
    }
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/mutation.ts
// Mutation testing scoped to the diff (issue 25, items 3 and 5): mutants only on the changed lines,
// each run in a fresh sandbox on a fresh copy of head (the verdict's machinery, through openHead)
// against the tests that cover its line, up to `parallel` at once, within a budget.
//
// - Python: the product's own mutator (python-mutator.ts) lists the mutants in one sandbox (where
//   pytest's ids are also collected) and applies each one in its own sandbox before any of the
//   agent's code has run there. JavaScript/TypeScript: Stryker, when the project has it
//   (stryker.ts), once, scoped to the changed lines.
// - Tests per mutant: the pytest ids covering its line (coveringTests), fail-to-pass first, each
//   group with -x; without coverage, the fail-to-pass tests and then the step's command; for a
//   command that is not plain pytest, the step's command.
// - Timeout per mutant (its tests, all stages together): max(3 × headRunMs, headRunMs + 5 s). A
//   mutant past it is `timeout` — never killed — and its sandbox is ended.
// - Outcomes from exit codes: 0 survived (every stage passed); pytest 1 killed, pytest 2–5
//   (interrupted or collection error, internal error, usage error, no tests) error; any other
//   non-zero exit of a command that is not pytest killed. A mutant that cannot be applied, or a
//   sandbox that cannot be opened, is `error`. Score = killed / (killed + survived).
// - Budget: at most max_mutants (default 50), chosen spread across files, operators and lines
//   when more are found (`sampled`, `skipped`); none started after time_limit (default 600 s).







const DEFAULT_MAX_MUTANTS = 50;
const DEFAULT_TIME_LIMIT_SEC = 600;
/** The time each mutant's tests get: three head runs, and never less than one head run + 5 s. */
function mutantTimeoutMs(headRunMs) {
    return Math.max(3 * headRunMs, headRunMs + 5000);
}
const PY = /\.py$/;
/** Runs mutation testing on the changed lines; never throws (a problem is reported). */
async function runMutation(input, 
/** Tests only: a timeout per mutant other than the one derived from headRunMs. */
opts = {}) {
    const t0 = Date.now();
    const deadline = t0 + (input.settings.time_limit ?? DEFAULT_TIME_LIMIT_SEC) * 1000;
    const max = input.settings.max_mutants ?? DEFAULT_MAX_MUTANTS;
    const timeoutMs = opts.timeoutMs ?? mutantTimeoutMs(input.headRunMs);
    const pyFiles = input.changed.filter((f) => PY.test(f.path) && f.lines.length);
    const jsFiles = input.changed.filter((f) => isStrykerFile(f.path) && f.lines.length);
    const reports = [];
    const problems = [];
    if (!input.head)
        problems.push('no head tree was given to mutate');
    else {
        if (pyFiles.length) {
            try {
                reports.push(await runPython(input, pyFiles, { max, deadline, timeoutMs }));
            }
            catch (e) {
                problems.push(`python: ${e.message}`);
            }
        }
        if (jsFiles.length) {
            try {
                const left = Math.max(0, max - (reports[0]?.mutants.length ?? 0));
                reports.push(await runStryker(input, jsFiles, { max: left, deadline, timeoutMs }));
            }
            catch (e) {
                problems.push(`stryker: ${e.message}`);
            }
        }
    }
    const report = merge(reports, problems);
    report.timeoutMs = timeoutMs;
    input.log(`mutation: ${report.found} found, ${report.mutants.length} run in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
        `${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error` +
        (report.skipped ? `, ${report.skipped} skipped` : '') +
        (report.score === null ? '' : `; score ${report.score.toFixed(2)}`));
    return report;
}
/** One report from the tools' reports (both when a change touches Python and JavaScript). */
function merge(reports, problems) {
    const mutants = reports.flatMap((r) => r.mutants);
    const count = (o) => mutants.filter((m) => m.outcome === o).length;
    const killed = count('killed');
    const survived = count('survived');
    const all = [...problems, ...reports.flatMap((r) => (r.problem ? [r.problem] : []))];
    const sampled = reports.flatMap((r) => (r.sampled ? [r.sampled] : []));
    const out = {
        tool: reports[0]?.tool ?? 'massgen-python',
        mutants,
        killed,
        survived,
        timeout: count('timeout'),
        error: count('error'),
        score: killed + survived ? killed / (killed + survived) : null,
        found: reports.reduce((n, r) => n + r.found, 0),
        skipped: reports.reduce((n, r) => n + r.skipped, 0)
    };
    if (reports.length > 1)
        out.tools = reports.map((r) => r.tool);
    if (sampled.length)
        out.sampled = sampled.join('; ');
    if (all.length)
        out.problem = all.join('; ');
    return out;
}
/** The mutants listed, and pytest's collected ids (when the step is plain pytest), from one sandbox. */
async function listPython(input, files) {
    const head = await openFreshHead(input);
    try {
        // Read before any of the agent's code runs in this sandbox (the collection below).
        const out = (0,external_node_path_.join)(head.root, `mutants-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.json`);
        const r = await head.box.exec(mutatorCommand('list', { root: head.tree, files, max: 5000, out }), {
            cwd: head.root,
            env: {}
        });
        const listing = parseListing((await readNoFollow(out)) ?? r.stdout);
        if (!listing) {
            const tail = r.stdout.trim().split('\n').slice(-3).join(' ').slice(0, 300);
            throw new Error(`the mutator did not run (exit ${r.exitCode}): ${tail || 'no output'}`);
        }
        if (listing.error)
            throw new Error(listing.error);
        const collect = collectCommand(input.command);
        let collected;
        if (collect && listing.mutants.length) {
            const c = await head.box.exec(collect, head.place);
            collected = parseCollected(c.stdout);
            if (!collected)
                listing.problems.push(`pytest --collect-only gave no ids (exit ${c.exitCode})`);
        }
        return { mutants: listing.mutants, problems: listing.problems, collected };
    }
    finally {
        await head.close();
    }
}
async function runPython(input, files, budget) {
    const listed = await listPython(input, files);
    const { chosen, sampled } = sample(listed.mutants, budget.max);
    if (sampled)
        input.log(`mutation: ${sampled}`);
    const tests = testPlan(input, listed.collected);
    const results = await pool(chosen, input.parallel, budget.deadline, (m, i) => runPyMutant(input, m, tests(m), budget.timeoutMs).then((r) => {
        input.log(`mutation: [${i + 1}/${chosen.length}] ${r.path}:${r.line} ${r.operator} ${r.outcome} (${((r.durationMs ?? 0) / 1000).toFixed(1)} s)`);
        return r;
    }));
    const ran = results.filter((r) => r !== undefined);
    const notStarted = chosen.length - ran.length;
    const report = merge([
        {
            tool: 'massgen-python',
            mutants: ran,
            killed: 0,
            survived: 0,
            timeout: 0,
            error: 0,
            score: null,
            found: listed.mutants.length,
            skipped: listed.mutants.length - ran.length
        }
    ], [
        ...listed.problems,
        ...(notStarted
            ? [
                `${notStarted} mutant(s) not started: the time limit (compare.mutation.time_limit) was reached`
            ]
            : [])
    ]);
    if (sampled)
        report.sampled = sampled;
    return report;
}
/** The commands each mutant runs, in order, from the tests covering its line. */
function testPlan(input, collected) {
    const pytest = collectCommand(input.command) !== undefined;
    const step = { command: input.command, pytest };
    if (!pytest || !collected)
        return () => [step];
    const known = new Set(collected);
    const f2p = input.failToPass.filter((id) => known.has(id));
    const select = (ids) => {
        const c = ids.length ? rerunCommand(input.command, ids, collected) : undefined;
        return c ? { command: `${c} -x`, pytest } : undefined;
    };
    // Fail-to-pass tests that are the whole suite: one run of the step is the same selection.
    const f2pStage = f2p.length < known.size ? select(f2p) : undefined;
    return (m) => {
        const covering = (input.coveringTests?.[`${m.path}:${m.line}`] ?? []).filter((id) => known.has(id));
        if (covering.length) {
            const first = covering.filter((id) => f2p.includes(id));
            const rest = covering.filter((id) => !f2p.includes(id));
            const stages = [select(first), select(rest)].filter((s) => !!s);
            if (stages.length === (first.length ? 1 : 0) + (rest.length ? 1 : 0))
                return stages;
        }
        return f2pStage ? [f2pStage, step] : [step];
    };
}
/** How one stage's exit reads: undefined when it passed (go on to the next stage). */
function classify(exitCode, pytest) {
    if (exitCode === 0)
        return undefined;
    if (exitCode === null)
        return {
            outcome: 'error',
            detail: 'the tests did not exit (ended by the step timeout or a signal)'
        };
    if (!pytest)
        return { outcome: 'killed', detail: `exit ${exitCode}` };
    if (exitCode === 1)
        return { outcome: 'killed', detail: 'pytest exit 1: tests failed' };
    const why = {
        2: 'interrupted or a collection error',
        3: 'internal error',
        4: 'usage error',
        5: 'no tests collected'
    };
    return {
        outcome: 'error',
        detail: `pytest exit ${exitCode}: ${why[exitCode] ?? 'not a test failure'}`
    };
}
const TIMED_OUT = Symbol('timeout');
async function runPyMutant(input, m, stages, timeoutMs) {
    const { edits: _edits, ...shown } = m;
    const t0 = Date.now();
    const done = (outcome, detail) => ({
        ...shown,
        outcome,
        durationMs: Date.now() - t0,
        ...(detail ? { detail } : {})
    });
    let head;
    try {
        head = await openFreshHead(input);
    }
    catch (e) {
        return done('error', `cannot open a sandbox: ${e.message}`);
    }
    try {
        // Before any of the agent's code runs in this sandbox.
        const a = await head.box.exec(mutatorCommand('apply', { root: head.tree, mutant: m }), {
            cwd: head.root,
            env: {}
        });
        if (a.exitCode !== 0) {
            return done('error', `cannot apply: ${a.stdout.trim().slice(0, 300) || `exit ${a.exitCode}`}`);
        }
        const t1 = Date.now();
        let timer;
        const expired = new Promise((resolve) => {
            timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
        });
        try {
            for (const s of stages) {
                const run = head.box.exec(s.command, head.place);
                run.catch(() => undefined);
                const r = await Promise.race([run, expired]);
                if (r === TIMED_OUT) {
                    // Ending the sandbox ends every process in it.
                    await head.close();
                    return done('timeout', `no result within ${(timeoutMs / 1000).toFixed(1)} s`);
                }
                const c = classify(r.exitCode, s.pytest);
                if (c)
                    return done(c.outcome, c.detail);
            }
            return done('survived', `${stages.length > 1 ? 'every stage' : 'the tests'} passed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
        }
        finally {
            clearTimeout(timer);
        }
    }
    catch (e) {
        return done('error', `sandbox: ${e.message}`);
    }
    finally {
        await head.close();
    }
}
/**
 * Runs `fn` on each item, at most `parallel` at once, none started after `deadline`; the results
 * in the items' order (undefined for those not started).
 */
async function pool(items, parallel, deadline, fn, now = Date.now) {
    const out = new Array(items.length).fill(undefined);
    let next = 0;
    const worker = async () => {
        while (next < items.length && now() < deadline) {
            const i = next++;
            out[i] = await fn(items[i], i);
        }
    };
    const n = Math.max(1, Math.min(Math.floor(parallel) || 1, items.length));
    await Promise.all(Array.from({ length: n }, worker));
    return out;
}
/**
 * At most `max` mutants, spread deterministically: files in turn, within a file operators in turn,
 * within an operator its lines by halves (both ends, the middle, the quarters…, so any cut keeps
 * the whole span). Returned in the listing's order.
 */
function sample(mutants, max) {
    if (mutants.length <= max)
        return { chosen: mutants };
    const group = (xs, key) => {
        const m = new Map();
        for (const x of xs)
            m.set(key(x), [...(m.get(key(x)) ?? []), x]);
        return [...m.keys()].sort().map((k) => m.get(k));
    };
    const interleave = (lists) => {
        const out = [];
        for (let i = 0; lists.some((l) => i < l.length); i++)
            for (const l of lists)
                if (i < l.length)
                    out.push(l[i]);
        return out;
    };
    const order = interleave(group(mutants, (m) => m.path).map((inFile) => interleave(group(inFile, (m) => m.operator).map((ofOp) => spread([...ofOp].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id)))))));
    const keep = new Set(order.slice(0, Math.max(0, max)));
    const chosen = mutants.filter((m) => keep.has(m));
    const files = new Set(mutants.map((m) => m.path)).size;
    return {
        chosen,
        sampled: `${mutants.length} mutants found on the changed lines of ${files} file(s); ${chosen.length} run (compare.mutation.max_mutants), spread across files, operators and lines; ${mutants.length - chosen.length} skipped`
    };
}
/** The items in an order where any prefix is spread over the whole list (binary subdivision). */
function spread(xs) {
    if (xs.length <= 2)
        return xs;
    const out = [];
    const seen = new Set();
    const add = (i) => {
        if (!seen.has(i)) {
            seen.add(i);
            out.push(xs[i]);
        }
    };
    add(0);
    add(xs.length - 1);
    for (let parts = 2; out.length < xs.length; parts *= 2)
        for (let k = 1; k < parts; k += 2)
            add(Math.floor((k * (xs.length - 1)) / parts));
    return out;
}

;// CONCATENATED MODULE: ./src/run/compare/evidence/index.ts
// compare.evidence: after the verdict, on head, in fresh sandboxes (the verdict's machinery):
// the changed lines, their coverage by the head suite and by the fail-to-pass tests, mutants on
// them (mutation.ts), and compare.require checked against what was measured.
//
// When: coverage on catches-change and does-not-catch (head green: what the suite runs is still
// worth knowing when no test catches the change); mutation on catches-change only (a mutant is
// "killed" by tests that judge the change; with none, every mutant would survive for a reason
// the verdict already gives). Nothing on regression, untrusted or error: head is not green or the
// tests are not to be believed, and a gate asked for then fails as "not measured".








/** compare.evidence plus what compare.require needs (a gate turns its evidence on). */
function evidenceKinds(spec) {
    const kinds = new Set(spec.evidence ?? []);
    if (spec.require?.changed_line_coverage !== undefined)
        kinds.add('coverage');
    if (spec.require?.mutation_score !== undefined)
        kinds.add('mutation');
    return ['coverage', 'mutation'].filter((k) => kinds.has(k));
}
/** Files a head tree may carry to change what coverage measures (ignored: the harness rcfile is used). */
const COVERAGE_CONFIG = /(^|\/)(\.coveragerc|setup\.cfg|tox\.ini|pyproject\.toml|\.c8rc(\.json)?|\.nycrc(\.json|\.ya?ml)?)$/;
async function gatherEvidence(r) {
    const kinds = evidenceKinds(r.spec);
    const result = {
        kinds,
        ...(r.spec.require ? { require: r.spec.require } : {}),
        headRunMs: r.headRunMs
    };
    const runs = (k) => k === 'coverage'
        ? r.verdict === 'catches-change' || r.verdict === 'does-not-catch'
        : r.verdict === 'catches-change';
    let notRun;
    /** Changed lines the evidence could not look at: a gate never passes over them. */
    const incomplete = [];
    try {
        const { files, omitted, unreadable } = await changedLines(r.git, {
            top: r.top,
            baseSha: r.baseSha,
            tests: r.spec.tests,
            exclude: r.exclude
        });
        result.changed = files;
        if (omitted)
            incomplete.push(`${omitted} changed source file(s) over the limit`);
        if (unreadable.length)
            incomplete.push(`changed source file(s) not readable as files: ${unreadable.join(', ')}`);
        if (incomplete.length)
            result.notes = [...(result.notes ?? []), ...incomplete.map((x) => `${x}: not measured`)];
        const configs = await changedConfig(r);
        if (configs.length)
            result.notes = [
                ...(result.notes ?? []),
                `head changes coverage configuration (${configs.join(', ')}): ignored, the harness's own configuration is used`
            ];
        let covering;
        if (kinds.includes('coverage')) {
            if (!runs('coverage'))
                notRun = `verdict ${r.verdict}`;
            else {
                const mapped = await measureCoverage(r, files);
                result.coverage = mapped.report;
                covering = mapped.coveringTests;
                r.log(`compare evidence: changed-line coverage ${fmt(mapped.report.suite.ratio)}`);
            }
        }
        if (kinds.includes('mutation')) {
            if (!runs('mutation'))
                notRun = `verdict ${r.verdict}`;
            else
                result.mutation = await mutate(r, files, covering);
        }
    }
    catch (e) {
        const problem = `evidence not gathered: ${e.message}`;
        r.log(`compare ${problem}`);
        notRun = problem;
        result.problem = problem;
    }
    if (notRun && !result.problem)
        result.notes = [
            ...(result.notes ?? []),
            `not gathered on a ${notRun}: head must be green and its tests believed`
        ];
    if (r.spec.require) {
        result.gate = checkGate(r.spec.require, {
            coverage: result.coverage,
            mutation: result.mutation,
            changedLines: (result.changed ?? []).reduce((n, f) => n + f.lines.length, 0),
            ...(incomplete.length ? { incomplete: incomplete.join('; ') } : {}),
            ...(notRun ? { notRun } : {})
        });
    }
    return result;
}
const fmt = (x) => (x === null ? 'n/a' : `${Math.round(x * 1000) / 10} %`);
async function changedConfig(r) {
    const out = await r.git.run([
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '--no-relative',
        '--name-only',
        '-z',
        r.baseSha,
        '--'
    ], { cwd: r.top });
    const untracked = await r.git.run(['ls-files', '-z', '--others', '--exclude-standard'], {
        cwd: r.top
    });
    return [
        ...out.stdout.toString('utf8').split('\0'),
        ...untracked.stdout.toString('utf8').split('\0')
    ]
        .filter((p) => COVERAGE_CONFIG.test(p))
        .slice(0, 10);
}
async function mutate(r, changed, coveringTests) {
    const settings = r.spec.mutation ?? {};
    const parallel = Math.max(1, Math.floor(r.cpus ?? (0,external_node_os_.availableParallelism)()));
    const report = await runMutation({
        changed,
        ...(coveringTests ? { coveringTests } : {}),
        failToPass: r.failToPass,
        command: r.command,
        headRunMs: r.headRunMs,
        settings,
        parallel,
        log: r.log,
        ...r.mutation
    });
    if (report.sampled)
        r.log(`compare evidence: mutation: ${report.sampled}`);
    r.log(`compare evidence: mutation score ${fmt(report.score)} (${report.killed} killed, ${report.survived} survived, ${report.timeout} timeout, ${report.error} error; ${report.skipped} of ${report.found} not run)`);
    return report;
}
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const MAX_V8_FILES = 200;
/** A file the sandbox wrote (its user's: no symlink followed, size capped); undefined when none. */
const readOurs = (path) => readNoFollow(path, MAX_JSON_BYTES);
/**
 * The step's command as written, once, in a fresh head sandbox, with coverage.py started in every
 * Python process and V8 coverage on for every node process; harness files in a directory the
 * sandbox's user cannot write, data in one it can.
 */
async function measureCoverage(r, changed) {
    const py = changed.some((c) => c.path.endsWith('.py'));
    const js = changed.some((c) => /\.(js|mjs|cjs|jsx)$/.test(c.path));
    const ts = changed.filter((c) => /\.(ts|mts|cts|tsx)$/.test(c.path)).map((c) => c.path);
    const head = await r.open();
    try {
        const harness = (0,external_node_path_.join)(head.root, 'evidence-harness');
        const data = (0,external_node_path_.join)(head.root, 'evidence-data');
        await (0,promises_.mkdir)(harness, { mode: 0o755 });
        await (0,promises_.mkdir)(data, { mode: 0o777 });
        await (0,promises_.chmod)(data, 0o777);
        const json = (0,external_node_path_.join)(data, 'coverage.json');
        const rc = (0,external_node_path_.join)(harness, 'coveragerc');
        const v8dir = (0,external_node_path_.join)(data, 'v8');
        await (0,promises_.writeFile)(rc, rcfile({ source: head.tree, dataFile: (0,external_node_path_.join)(data, '.coverage'), json }), {
            mode: 0o644
        });
        await (0,promises_.writeFile)((0,external_node_path_.join)(harness, 'sitecustomize.py'), SITECUSTOMIZE, { mode: 0o644 });
        await (0,promises_.writeFile)((0,external_node_path_.join)(harness, `${PLUGIN_MODULE}.py`), CONTEXT_PLUGIN, { mode: 0o644 });
        const env = {
            ...(py ? pythonEnv(head.place.env, { harnessDir: harness, rc }) : head.place.env),
            ...(js ? { NODE_V8_COVERAGE: v8dir } : {})
        };
        const t0 = Date.now();
        const run = await head.box.exec(r.command, { ...head.place, env });
        r.log(`compare evidence: coverage run exit ${run.exitCode} in ${Date.now() - t0} ms`);
        const trees = [head.tree, await (0,promises_.realpath)(head.tree).catch(() => head.tree)];
        const text = (p) => textOf(r.top, p);
        const texts = new Map();
        for (const c of changed)
            texts.set(c.path, await text(c.path));
        const parts = [];
        const problems = [];
        if (py) {
            // The harness's coverage, from its own directory, isolated (-I): no module of the tree.
            // A report the step's processes planted is never read: removed first, and only a json
            // step that succeeded counts.
            const rep = await head.box.exec(`rm -f ${json} ; python3 -I -m coverage combine --rcfile=${rc} -q ; python3 -I -m coverage json --rcfile=${rc} -q`, { ...head.place, cwd: harness, env: head.place.env });
            const raw = rep.exitCode === 0 ? await readOurs(json) : undefined;
            if (!raw)
                problems.push(`coverage.py wrote no report (exit ${rep.exitCode}): ${rep.stdout.trim().slice(-300)}`);
            else
                parts.push(fromCoveragePy(JSON.parse(raw), changed, {
                    trees,
                    failToPass: r.failToPass,
                    text: (p) => texts.get(p)
                }));
        }
        if (js) {
            const names = (await (0,promises_.readdir)(v8dir).catch(() => []))
                .filter((n) => n.endsWith('.json'))
                .slice(0, MAX_V8_FILES);
            const reports = [];
            for (const n of names) {
                const raw = await readOurs((0,external_node_path_.join)(v8dir, n));
                if (raw)
                    reports.push(JSON.parse(raw));
            }
            if (!reports.length)
                problems.push('no V8 coverage written: the command ran no node process');
            else
                parts.push(fromV8(reports, changed, { trees, text: (p) => texts.get(p) }));
        }
        return evidence_merge(parts, problems, ts);
    }
    finally {
        await head.box.close();
    }
}
async function textOf(top, rel) {
    return readText((0,external_node_path_.join)(top, rel));
}
function evidence_merge(parts, problems, ts) {
    const suite = parts.flatMap((p) => p.report.suite.files);
    const f2p = parts.flatMap((p) => p.report.failToPass?.files ?? []);
    const report = {
        tool: parts.some((p) => p.report.tool === 'coverage.py') || !parts.length ? 'coverage.py' : 'v8',
        suite: { files: suite, ratio: ratioOf(suite) },
        ...(f2p.length ? { failToPass: { files: f2p, ratio: ratioOf(f2p) } } : {})
    };
    if (ts.length)
        report.notes = [`TypeScript not measured (no source maps): ${ts.slice(0, 10).join(', ')}`];
    if (problems.length && !parts.length)
        report.problem = problems.join('; ');
    else if (problems.length)
        report.notes = [...(report.notes ?? []), ...problems];
    return { report, coveringTests: Object.assign({}, ...parts.map((p) => p.coveringTests)) };
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
async function runCompare(o) {
    const t0 = Date.now();
    const ref = o.baseRef || o.step.compare.base;
    const compare = {
        ...(ref ? { baseRef: ref } : {}),
        transitions: emptyTransitions(),
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
        return failed(e instanceof errors/* CompareError */.M4 ? msg : `cannot prepare the trees: ${msg}`);
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
        await evidence(o, prepared, out, result);
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
const rerun = async (o, p, out, result) => {
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
};
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
        transitions: t ?? emptyTransitions(),
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
    const { box, root, place, shared } = await openBox(o, p, side, how.member);
    if (how.command)
        place.command = how.command;
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
/** A fresh sandbox on a fresh copy of one tree of the tar (`member`: the side's own by default). */
async function openBox(o, p, side, member = p.names[side]) {
    const token = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const shared = o.weaken?.sharedSandbox === true;
    const root = shared ? (0,external_node_path_.join)((0,external_node_path_.resolve)(o.agent.workspace), COMPARE_DIR, token) : (0,external_node_path_.join)(p.dir, token);
    await (0,promises_.mkdir)(root, { recursive: true });
    // Ours, inside a 0700 directory: writable by the sandbox's user whoever it is.
    await (0,promises_.chmod)(root, 0o777);
    const tar = (0,external_node_path_.join)(root, `${token}.tar`);
    await (0,promises_.copyFile)(p.tar, tar);
    const box = await o.openSide({ side, root, tar, member, ...(shared ? { shared } : {}) });
    const tree = (0,external_node_path_.join)(root, member);
    const scratch = o.agent.mode === 'docker' ? {} : await freshHome(root);
    const place = {
        cwd: (0,external_node_path_.join)(tree, p.cwdRel),
        env: { ...o.step.env, ...scratch },
        report: (0,external_node_path_.join)(tree, p.reportRel)
    };
    return { box, root, tree, place, shared };
}
/**
 * compare.evidence (and compare.require) on head, after the verdict, each measure in a fresh
 * sandbox; a gate not met fails the step (the verdict stays what the transitions say).
 */
const evidence = async (o, p, out, result) => {
    const c = result.compare;
    if (!evidenceKinds(o.step.compare).length || !c.base)
        return;
    const t0 = Date.now();
    const ev = await gatherEvidence({
        spec: o.step.compare,
        verdict: c.verdict,
        git: o.git,
        top: p.top,
        baseSha: c.base,
        exclude: p.exclude,
        failToPass: c.transitions.failToPass,
        command: o.step.run,
        env: o.step.env,
        timeoutSec: o.step.timeoutSec,
        headRunMs: out.head?.checked.result.durationMs ?? 0,
        cpus: o.agent.docker?.cpus,
        open: () => openBox(o, p, 'head'),
        mutation: {
            openHead: (req) => o.openSide({ side: 'head', ...req }),
            head: {
                dir: p.dir,
                tar: p.tar,
                member: p.names.head,
                cwdRel: p.cwdRel,
                env: o.step.env,
                freshHome: o.agent.mode !== 'docker'
            }
        },
        log: (l) => o.log(`[${o.agent.id}] ${l}`)
    });
    c.evidence = ev;
    c.timings.evidenceMs = Date.now() - t0;
    if (ev.gate && !ev.gate.passed && (result.status === 'passed' || result.status === 'failed')) {
        result.status = 'failed';
        result.reason = `compare.require not met: ${ev.gate.failures.join(' | ')}`.slice(0, 2000);
    }
};
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
    const roots = await Promise.all((0,paths/* allowedRoots */.M)(agent).map((r) => (0,promises_.realpath)(r.path).catch(() => r.path)));
    // Before anything is read from it: the repository and every git dir it names are the agent's.
    await assertRepoInside(git, step.compare.repo, roots);
    const tree = await workTree(git, step.compare.repo);
    compare.head = tree.head;
    compare.base = await resolveRevision(git, tree.top, ref);
    const rel = (p) => (0,external_node_path_.relative)(tree.top, p).split(external_node_path_.sep).join('/');
    const within = (p) => (0,lib_paths/* isInside */.F)(p, tree.top);
    const cwd = await (0,promises_.realpath)(step.workDir ?? agent.workspace).catch(() => (0,external_node_path_.resolve)(step.workDir));
    if (!within(cwd)) {
        throw new errors/* CompareError */.M4(`the step's directory ${cwd} is outside the git work tree ${tree.top}`);
    }
    const realWs = await (0,promises_.realpath)((0,external_node_path_.resolve)(agent.workspace));
    const realReport = (0,external_node_path_.resolve)(realWs, step.junit);
    if (!within(realReport)) {
        throw new errors/* CompareError */.M4(`the JUnit report ${step.junit} is outside the git work tree ${tree.top}: each side runs in its own copy, so the report must be written inside the tree (a relative path)`);
    }
    const reportRel = rel(realReport);
    // Outside the workspace and every path the agent can write (or read).
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'mgx-compare-'));
    const realDir = await (0,promises_.realpath)(dir);
    if (!o.weaken?.sharedSandbox && roots.some((r) => (0,lib_paths/* isInside */.F)(realDir, r) || (0,lib_paths/* isInside */.F)(r, realDir))) {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        throw new errors/* CompareError */.M4(`the temporary directory ${realDir} overlaps the agent's allowed paths: set TMPDIR elsewhere`);
    }
    const token = () => (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const exclude = (p) => p === reportRel || p === COMPARE_DIR || p.startsWith(`${COMPARE_DIR}/`);
    // Neutral names: a test should not learn from its path which side it runs on.
    const ownTests = !o.weaken?.noTamper && !o.weaken?.noCollection && !!collectCommand(step.run);
    const names = { head: token(), base: token(), ...(ownTests ? { original: token() } : {}) };
    const tar = (0,external_node_path_.join)(dir, 'trees.tar');
    try {
        const packed = await packTrees(git, {
            top: tree.top,
            baseSha: compare.base,
            tests: step.compare.tests,
            exclude,
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
        return { dir, tar, names, cwdRel: rel(cwd), reportRel, found, top: tree.top, exclude };
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
                readOnlyRoots: agent.mode === 'local' ? (0,paths/* allowedRoots */.M)(agent) : undefined
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
                started.beginStep({ index: s.index, name: s.name, egress: egressOn(agent, s) });
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
                await session.saveLogs(`${this.opts.outDir}/${agent.id}`).catch((e) => {
                    ctx.log(`[${agent.id}] could not save runtime logs: ${e.message}`);
                });
                this.sessions.delete(session);
                await session
                    .close()
                    .catch((e) => ctx.log(`[${agent.id}] close failed: ${e.message}`));
                // After close: what background processes sent after the last step is in too.
                const egress = session.egressReport();
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
        const egress = session.egressReport();
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
            id: `${agent.id}-compare-${req.label ?? req.side}`,
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
        session.beginStep({ index: step.index, name: step.name, egress: egressOn(agent, step) });
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
    return (0,report_step/* erroredStep */.W)({ index: step.index, name: step.name, command, kind: step.kind }, {
        ...(step.kind === 'run' && step.allowFailure ? { allowFailure: true } : {}),
        ...(step.kind === 'run' && step.background ? { background: true } : {})
    });
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

// EXTERNAL MODULE: ./src/run/scope.ts + 2 modules
var scope = __webpack_require__(80808);
// EXTERNAL MODULE: ./src/runtime/docker/index.ts + 33 modules
var docker = __webpack_require__(56123);
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
        values.push(...Object.values((0,docker.resolveCredentialEnv)({ ...creds, passAllEnv: false }, hostEnv).env));
        if (creds.passAllEnv) {
            for (const [k, v] of Object.entries(hostEnv))
                if (v && SECRET_NAME.test(k))
                    values.push(v);
        }
    }
    return values;
}

;// CONCATENATED MODULE: ./src/run/pipeline.ts









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
 * cleanup, final redaction (the lifecycle itself is withSandboxes'). `body` does the run's work with
 * the Run (its steps, or a live server).
 */
function runScope(opts, body) {
    return (0,scope/* withSandboxes */.G)(opts, async (scope) => {
        const { runId, outDir, redactor, log } = scope;
        const write = (results) => (0,report_write/* writeReports */.L)(outDir, results, redactor);
        log(`run ${runId}: results in ${outDir}`);
        let plan;
        try {
            plan = await (0,run_plan/* loadRunPlan */.dU)(opts.configPath, opts);
        }
        catch (e) {
            if (!(0,errors/* isFatalInputError */.wE)(e))
                throw e;
            const results = failedBeforeStart(opts, runId, (0,errors/* describeError */.Uc)(e));
            return { results, exitCode: e.exitCode, reports: write(results), redactor };
        }
        const unsafe = announcePlan(plan, log);
        for (const v of secretValues(plan)) {
            redactor.add(v);
            opts.onSecret?.(v);
        }
        opts.onStart?.(runId, plan);
        const runtimes = scope.runtimes({
            imagePolicy: opts.imagePolicy ?? 'auto',
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
        // Sessions close before the runtimes clean up what is left of the run.
        scope.defer(() => run.closeAll());
        scope.onInterrupt((sig) => {
            run.fail(`interrupted by ${sig}`);
            write(run.results);
        });
        try {
            await body(run);
        }
        catch (e) {
            run.fail((0,errors/* describeError */.Uc)(e));
        }
        finally {
            await scope.close();
        }
        // What the caller renders (job summary, annotations, outputs) is as redacted as the files.
        const results = redactor.applyDeep(run.results);
        const reports = write(results);
        return { results, exitCode: exitCodeFor(results.status), reports, plan, redactor };
    });
}
/** The config's warnings, where it came from and the unsafe settings the invoker allowed. */
function announcePlan(plan, log) {
    for (const line of [...(0,notices/* warningLines */._)(plan), ...(0,notices/* ignoredLines */.Q)(plan)])
        log(line);
    log(`config: ${(0,config_unsafe/* describeSource */.B6)(plan.source)}`);
    const unsafe = (0,config_unsafe/* unsafeSummary */.lm)(plan);
    if (unsafe.allowed.length)
        log(`unsafe settings allowed by the invoker: ${unsafe.allowed.join(', ')}` +
            (unsafe.used.length
                ? ` (used: ${unsafe.used.map((u) => `${u.class} ${u.key}`).join('; ')})`
                : ''));
    return unsafe;
}


/***/ }),

/***/ 58201:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
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
    const roots = await Promise.all((0,_config_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .allowedRoots */ .M)(agent).map(async (r) => ({
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


/***/ })

};
