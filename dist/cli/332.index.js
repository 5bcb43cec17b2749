export const id = 332;
export const ids = [332];
export const modules = {

/***/ 76418:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkCommand: () => (/* binding */ checkCommand)
/* harmony export */ });
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(80481);
/* harmony import */ var node_readline__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_readline__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _config_paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(81066);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/* harmony import */ var _policy_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(29832);
/* harmony import */ var _lib_python_regex_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(69227);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(71604);
// `massgen-exec check`: the policy verdict for one command (exit 0 allow, 1 block), or for a
// stream of JSON Lines on stdin (one verdict line each, exit 0). Exit 2 for usage errors.






const USAGE = `massgen-exec check [options] -- COMMAND
       massgen-exec check [options] --stdin      (JSON Lines {"command": "..."} in, one verdict each out)

Prints {"command","verdict","rule","reason"} as one JSON line. Exit 0 allow, 1 block, 2 usage error
(with --stdin, always 0 once the input is read).

options:
  --sudo                  the sudo variant is enabled (allows sudo/su/chmod/chown; see POLICY.md)
  --allow RE              allow-list pattern (Python regex, re.match); repeatable
  --block RE              block-list pattern (Python regex, re.match); repeatable
  --config FILE           take enable_sudo, the allow/block lists and the permissions rules from
                          an agent of this config
  --agent ID              the agent (needed when the config has more than one)
  --config-ref REV        read --config from this git revision (e.g. the PR's base), not the
                          work tree
  --allow-undecidable     allow commands whose command name is only known at run time
  --stdin                 read JSON Lines from stdin`;
const checkCommand = {
    usage: USAGE,
    async run(argv, io) {
        const { values, positionals } = (0,_io_js__WEBPACK_IMPORTED_MODULE_5__/* .parseCommandArgs */ .Qx)(argv, {
            sudo: { type: 'boolean' },
            allow: { type: 'string', multiple: true },
            block: { type: 'string', multiple: true },
            config: { type: 'string' },
            agent: { type: 'string' },
            'config-ref': { type: 'string' },
            'allow-undecidable': { type: 'boolean' },
            stdin: { type: 'boolean' }
        });
        if (values.stdin && positionals.length > 0)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('give either --stdin or a command, not both');
        if (!values.stdin && positionals.length === 0)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('no command given (put it after --)');
        if (values.agent && !values.config)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('--agent needs --config');
        if (values['config-ref'] && !values.config)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('--config-ref needs --config');
        const { config, ctx } = await policyConfig(values);
        const policy = await (0,_policy_index_js__WEBPACK_IMPORTED_MODULE_3__/* .createPolicy */ .BV)({
            ...config,
            undecidable: values['allow-undecidable'] ? 'allow' : 'block'
        });
        if (!values.stdin) {
            const command = positionals.join(' ');
            const verdict = policy.check(command, ctx);
            io.stdout.write(line(command, verdict) + '\n');
            return verdict.verdict === 'allow' ? 0 : 1;
        }
        await checkStream(policy, ctx, io);
        return 0;
    }
};
async function policyConfig(values) {
    const compile = (flag, sources = []) => sources.map((source) => {
        const c = (0,_lib_python_regex_js__WEBPACK_IMPORTED_MODULE_4__/* .compilePythonRegex */ .v)(source);
        if ('error' in c)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${flag}: ${c.error}`);
        return { source, regex: c.regex };
    });
    let base = { enableSudo: false, allowed: [], blocked: [] };
    let local;
    if (values.config) {
        const { loadConfigFrom } = await Promise.all(/* import() */[__webpack_require__.e(785), __webpack_require__.e(815), __webpack_require__.e(322), __webpack_require__.e(296)]).then(__webpack_require__.bind(__webpack_require__, 7322));
        const plan = await loadConfigFrom(values.config, {
            configRef: values['config-ref'] || undefined
        });
        const ids = plan.agents.map((a) => a.id);
        const agent = values.agent
            ? plan.agents.find((a) => a.id === values.agent)
            : plan.agents.length === 1
                ? plan.agents[0]
                : undefined;
        if (!agent) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(values.agent
                ? `no agent ${JSON.stringify(values.agent)} in ${values.config} (agents: ${ids.join(', ')})`
                : `${values.config} has several agents; choose one with --agent (${ids.join(', ')})`);
        }
        base = agent.policy;
        if (agent.mode === 'local')
            local = agent;
    }
    return {
        config: {
            enableSudo: base.enableSudo || values.sudo === true,
            allowed: [...base.allowed, ...compile('--allow', values.allow)],
            blocked: [...base.blocked, ...compile('--block', values.block)],
            permissions: base.permissions,
            // As the run checks a local agent's steps: in its workspace, its read-only roots refused.
            readOnlyRoots: local ? (0,_config_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .allowedRoots */ .M)(local) : undefined
        },
        ctx: { cwd: local?.workspace }
    };
}
function line(command, v) {
    return JSON.stringify({
        command,
        verdict: v.verdict,
        rule: v.rule ?? null,
        reason: v.reason ?? null
    });
}
/** One verdict line per input line; output is written in batches for throughput. */
async function checkStream(policy, ctx, io) {
    const rl = (0,node_readline__WEBPACK_IMPORTED_MODULE_0__.createInterface)({ input: io.stdin, crlfDelay: Infinity });
    let batch = [];
    let n = 0;
    const flush = async () => {
        if (batch.length === 0)
            return;
        const chunk = batch.join('\n') + '\n';
        batch = [];
        if (!io.stdout.write(chunk))
            await new Promise((r) => io.stdout.once('drain', () => r()));
    };
    for await (const raw of rl) {
        n++;
        if (raw.trim() === '')
            continue;
        batch.push(verdictLine(policy, ctx, raw, n));
        if (batch.length >= 512)
            await flush();
    }
    await flush();
}
function verdictLine(policy, ctx, raw, n) {
    let input;
    try {
        input = JSON.parse(raw);
    }
    catch {
        return line(null, { verdict: 'block', rule: 'input', reason: `line ${n} is not valid JSON` });
    }
    const command = input?.command;
    if (typeof command !== 'string') {
        return line(null, {
            verdict: 'block',
            rule: 'input',
            reason: `line ${n} has no "command" string`
        });
    }
    return line(command, policy.check(command, ctx));
}


/***/ }),

/***/ 9927:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ isInside),
/* harmony export */   P: () => (/* binding */ isStrictlyInside)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
// The one rule for "is this path inside that one", shared by the config, the policy, the runtimes,
// the probes and the reports (issue 24: five copies had drifted; one of them guarded the srt secret
// stores and counted `~/.ssh/..x` as outside `~/.ssh`).

/**
 * Whether `child` is `parent` or below it, by whole path segments: `..cache` is a name, not `..`.
 * Lexical (no symlinks resolved): callers that must follow links realpath both sides first.
 */
function isInside(child, parent) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_0__.relative)(parent, child);
    return rel === '' || (rel !== '..' && !rel.startsWith('..' + node_path__WEBPACK_IMPORTED_MODULE_0__.sep) && !(0,node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute)(rel));
}
/** Whether `child` is below `parent`, and not `parent` itself (same rule as isInside). */
function isStrictlyInside(child, parent) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_0__.relative)(parent, child) !== '' && isInside(child, parent);
}


/***/ })

};
