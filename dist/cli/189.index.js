export const id = 189;
export const ids = [189];
export const modules = {

/***/ 9189:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TOKEN_ENV: () => (/* binding */ TOKEN_ENV),
  bearerToken: () => (/* binding */ bearerToken),
  isLoopback: () => (/* binding */ isLoopback),
  mcpCommand: () => (/* binding */ mcpCommand),
  parseListen: () => (/* binding */ parseListen)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/run/plan.ts
var run_plan = __webpack_require__(78446);
// EXTERNAL MODULE: ./src/run/pipeline.ts + 22 modules
var pipeline = __webpack_require__(58831);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/server/stdio.js + 1 modules
var stdio = __webpack_require__(99424);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js + 7 modules
var streamableHttp = __webpack_require__(90262);
;// CONCATENATED MODULE: ./src/mcp/http.ts
// Streamable HTTP on loopback with a bearer token: every request must carry
// `Authorization: Bearer <token>` (401 otherwise, before the SDK sees it). Stateless: each POST
// gets its own protocol server over the one shared set of tools (one sandbox, calls in order), so
// any number of clients, reconnects and a client that vanishes mid-call cost nothing but that call.



const MCP_PATH = '/mcp';
function tokenMatches(header, token) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m)
        return false;
    const a = Buffer.from(m[1]);
    const b = Buffer.from(token);
    return a.length === b.length && (0,external_node_crypto_.timingSafeEqual)(a, b);
}
async function serveHttp(opts) {
    const handle = async (req, res) => {
        if (!tokenMatches(req.headers.authorization, opts.token)) {
            res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' });
            res.end('401 Unauthorized: Authorization: Bearer <token> required\n');
            return;
        }
        if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH) {
            res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not found: use ${MCP_PATH}\n`);
            return;
        }
        const server = opts.newServer();
        const transport = new streamableHttp/* StreamableHTTPServerTransport */.D({ sessionIdGenerator: undefined });
        res.on('close', () => {
            void transport.close();
            void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res);
    };
    const http = (0,external_node_http_.createServer)((req, res) => {
        handle(req, res).catch((e) => {
            opts.log(`mcp http: ${e.message}`);
            if (!res.headersSent)
                res.writeHead(500, { 'Content-Type': 'text/plain' });
            res.end();
        });
    });
    await new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(opts.port, opts.host, () => resolve());
    });
    const addr = http.address();
    const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    return {
        url: `http://${host}:${addr.port}${MCP_PATH}`,
        close: () => new Promise((resolve) => {
            http.close(() => resolve());
            http.closeAllConnections();
        })
    };
}

// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/server/mcp.js + 51 modules
var mcp = __webpack_require__(54026);
// EXTERNAL MODULE: ./node_modules/zod/v3/types.js + 4 modules
var types = __webpack_require__(58243);
;// CONCATENATED MODULE: ./src/mcp/server.ts
// The MCP face of the tools: MassGen's `command_line` server's tool names, arguments and result
// shapes (results as JSON text, as FastMCP sends a dict, and as structured content), plus seed
// 004's read_file/write_file. Descriptions tell the model the sandbox's rules.


const SERVER_NAME = 'command_line';
/** What the model should know before it calls: where it runs, network, paths, limits, policy. */
function sandboxRules(agent, defaultTimeoutSec) {
    const where = agent.mode === 'local'
        ? 'on the host (local mode: no isolation)'
        : agent.mode === 'srt'
            ? 'in a sandbox-runtime (bubblewrap) sandbox'
            : `in a hardened Docker container (${agent.docker?.image ?? 'runtime image'})`;
    const network = agent.egress
        ? `network: only these destinations, through a proxy: ${[...agent.egress.allowedDomains, ...agent.egress.srtAllowedDomains, ...agent.egress.presets.map((p) => `preset ${p}`)].join(', ') || '(none)'}`
        : agent.docker?.network && agent.docker.network !== 'none'
            ? `network: ${agent.docker.network}`
            : 'network: none';
    const paths = [
        `${agent.workspace} (workspace, writable)`,
        ...agent.contextPaths.map((c) => `${c.path} (${c.permission === 'write' ? 'writable' : 'read-only'})`),
        ...(agent.tempWorkspace ? [`${agent.tempWorkspace} (read-only)`] : [])
    ];
    const lists = [
        agent.policy.allowed.length
            ? `only commands matching: ${agent.policy.allowed.map((p) => p.source).join(', ')}`
            : '',
        agent.policy.blocked.length
            ? `never commands matching: ${agent.policy.blocked.map((p) => p.source).join(', ')}`
            : ''
    ].filter(Boolean);
    return [
        `Commands run with /bin/sh ${where}; the sandbox persists between calls.`,
        network + '.',
        `Paths you may use: ${paths.join('; ')}. Relative paths are relative to the workspace.`,
        `Default timeout ${defaultTimeoutSec} s (the command is killed); output is capped at ${agent.maxOutputBytes} bytes per stream.`,
        `Dangerous commands (rm -rf /, dd, fork bombs, sudo unless enabled, …) are refused${lists.length ? `; ${lists.join('; ')}` : ''}.`,
        'Calls run one at a time; every call is recorded.'
    ].join('\n');
}
function json(result, isError = false) {
    return {
        content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
        structuredContent: result,
        ...(isError ? { isError: true } : {})
    };
}
function server_text(r) {
    return r.ok
        ? { content: [{ type: 'text', text: r.text }] }
        : { content: [{ type: 'text', text: r.error }], isError: true };
}
const optionalDir = types/* string */.Yj()
    .nullable()
    .optional()
    .describe('Working directory (absolute, or relative to the workspace); default: the workspace');
function createMcpServer(tools, agent, defaultTimeoutSec) {
    const server = new mcp/* McpServer */._({ name: SERVER_NAME, version: '1.0.0' });
    const rules = sandboxRules(agent, defaultTimeoutSec);
    server.registerTool('execute_command', {
        description: `Execute a shell command and return success, exit_code, stdout, stderr, execution_time, command and work_dir.\n${rules}`,
        inputSchema: {
            command: types/* string */.Yj().describe('The command to execute (run by /bin/sh -c)'),
            timeout: types/* number */.ai()
                .positive()
                .nullable()
                .optional()
                .describe(`Maximum execution time in seconds (default: ${defaultTimeoutSec})`),
            work_dir: optionalDir
        }
    }, async (a, extra) => json(await tools.executeCommand(a, extra.signal)));
    server.registerTool('read_file', {
        description: `Read a text file: line_count lines (all when omitted) after skipping offset lines.\n${rules}`,
        inputSchema: {
            path: types/* string */.Yj().describe('File path (absolute, or relative to the workspace)'),
            offset: types/* number */.ai().int().min(0).optional().describe('Lines to skip (default 0)'),
            line_count: types/* number */.ai().int().min(0).nullable().optional().describe('Lines to return')
        }
    }, async (a) => server_text(await tools.readFile(a)));
    server.registerTool('write_file', {
        description: `Write a text file (created or replaced).\n${rules}`,
        inputSchema: {
            path: types/* string */.Yj().describe('File path (absolute, or relative to the workspace)'),
            content: types/* string */.Yj().describe('The whole new content')
        }
    }, async (a) => server_text(await tools.writeFile(a)));
    server.registerTool('start_background_shell', {
        description: `Start a command in the background inside the sandbox; returns shell_id, status, command, pid, work_dir. At most 10 run at once; a timed-out execute_command ends them too.\n${rules}`,
        inputSchema: { command: types/* string */.Yj().describe('The command to run'), work_dir: optionalDir }
    }, async (a) => shellResult(await tools.startBackgroundShell(a)));
    const byId = { shell_id: types/* string */.Yj().describe('The id start_background_shell returned') };
    server.registerTool('get_background_shell_output', {
        description: 'The output so far (last 10,000 lines per stream) of a background shell.',
        inputSchema: byId
    }, async (a) => shellResult(await tools.shells.output(a.shell_id)));
    server.registerTool('get_background_shell_status', {
        description: 'Status (running, stopped, failed, killed), exit_code, pid, command, cwd, start_time and duration_seconds of a background shell.',
        inputSchema: byId
    }, async (a) => shellResult(await tools.shells.status(a.shell_id)));
    server.registerTool('kill_background_shell', {
        description: 'End a background shell (SIGTERM to its process group, SIGKILL after 0.5 s).',
        inputSchema: byId
    }, async (a) => shellResult(await tools.shells.kill(a.shell_id)));
    server.registerTool('list_background_shells', { description: 'Every background shell of this session with its status.', inputSchema: {} }, async () => shellResult(await tools.shells.list()));
    return server;
}
function shellResult(r) {
    return json(r, r.success === false);
}

// EXTERNAL MODULE: ./src/report/step.ts
var report_step = __webpack_require__(44614);
// EXTERNAL MODULE: ./src/runtime/allowed-paths.ts
var allowed_paths = __webpack_require__(58201);
;// CONCATENATED MODULE: ./src/mcp/contract.ts
/** MassGen's error result: nothing ran. */
function refused(command, workDir, stderr) {
    return {
        success: false,
        exit_code: -1,
        stdout: '',
        stderr,
        execution_time: 0,
        command,
        work_dir: workDir
    };
}
/**
 * A policy refusal as MassGen words it: its allow/block-list messages for our list rules, its
 * sanitizer prefix for every other rule (our sanitizer, permissions, read-only paths).
 */
function refusalText(v, policy) {
    if (v.rule === 'allow-list') {
        const patterns = policy.allowed.map((p) => p.source).join(', ');
        return `Command not in allowed list. Allowed patterns: ${patterns} (${v.reason ?? ''})`;
    }
    if (v.rule === 'block-list')
        return `Command matches blocked pattern: ${v.reason ?? ''}`;
    return `Potentially dangerous command detected: ${v.reason ?? v.rule ?? 'blocked'}`;
}
function pathErrorText(message) {
    return `Path validation error: ${message}`;
}
/** A finished execute_command step in MassGen's shape (its fields in its order). */
function commandResult(r, command, workDir, timeoutSec) {
    const joined = (first, rest) => (rest ? `${first}\n${rest}` : first);
    const shape = (exitCode, stderr, success = false) => ({
        success,
        exit_code: exitCode,
        stdout: r.stdout,
        stderr,
        execution_time: r.durationMs / 1000,
        command,
        work_dir: workDir
    });
    // MassGen says exactly this; what the command printed before the kill is kept after it.
    if (r.status === 'timeout')
        return shape(-1, joined(`Command timed out after ${timeoutSec} seconds`, r.stderr));
    if (r.status === 'passed' || r.status === 'failed') {
        const code = r.exitCode ?? -1;
        return shape(code, r.stderr, code === 0);
    }
    // oom, a sandbox lost or the server stopping under the call: why first, then what was printed.
    return shape(r.exitCode ?? -1, joined(`Execution error: ${r.reason ?? r.status}`, r.stderr));
}

// EXTERNAL MODULE: ./src/lib/shell.ts
var shell = __webpack_require__(66861);
;// CONCATENATED MODULE: ./src/mcp/shells.ts





/** MassGen's limits: 10 running shells, the last 10,000 lines of each stream. */
const MAX_SHELLS = 10;
const MAX_LINES = 10000;
const HELPER_TIMEOUT_MS = 15000;
/** Single-quoted for /bin/sh. */
const sq = shell/* shellQuote */.Z;
/** The wrapper a shell runs as: the command in its own group, its pid and exit status noted. */
function wrapperScript(dir, id, command) {
    const f = (ext) => sq(`${dir}/${id}.${ext}`);
    const run = `/bin/sh -c ${sq(command)} >${f('out')} 2>${f('err')} </dev/null &`;
    return [
        `mkdir -p ${sq(dir)} || exit 125`,
        `if command -v setsid >/dev/null 2>&1; then setsid ${run} else ${run} fi`,
        `p=$!; echo "$p" >${f('pid')}`,
        `wait "$p"; echo "$?" >${f('exit')}`
    ].join('\n');
}
/** One line: `exit N`, `running` or `gone`; with `lines`, the output after it (stderr on stderr). */
function probeScript(dir, id, lines) {
    const f = (ext) => sq(`${dir}/${id}.${ext}`);
    const probe = [
        `p=$(cat ${f('pid')} 2>/dev/null)`,
        `if [ -f ${f('exit')} ]; then echo "exit $(cat ${f('exit')})"`,
        `elif [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then echo running; else echo gone; fi`
    ];
    if (lines)
        probe.push(`tail -n ${lines} ${f('out')} 2>/dev/null`, `tail -n ${lines} ${f('err')} >&2 2>/dev/null`);
    return probe.join('\n');
}
/** SIGTERM to the group (or the process), SIGKILL after 0.5 s; prints the last signal sent. */
function killScript(dir, id) {
    const f = (ext) => sq(`${dir}/${id}.${ext}`);
    const send = (sig) => `kill -s ${sig} -- -"$p" 2>/dev/null || kill -s ${sig} "$p" 2>/dev/null`;
    const waitExit = `i=0; while [ ! -f ${f('exit')} ] && [ $i -lt 10 ]; do sleep 0.05; i=$((i+1)); done`;
    return [
        `p=$(cat ${f('pid')} 2>/dev/null); [ -n "$p" ] || exit 3`,
        `[ -f ${f('exit')} ] && { echo none; exit 0; }`,
        send('TERM'),
        waitExit,
        `if [ -f ${f('exit')} ]; then echo SIGTERM; exit 0; fi`,
        send('KILL'),
        waitExit,
        'echo SIGKILL'
    ].join('\n');
}
/** MassGen's status from an exit code: a signal death (128+n from sh) it would call killed. */
function statusOf(exitCode, killed) {
    if (killed)
        return 'killed';
    return exitCode === 0 ? 'stopped' : 'failed';
}
class BackgroundShells {
    opts;
    shells = new Map();
    counter = 0;
    constructor(opts) {
        this.opts = opts;
    }
    start(command, workDir) {
        return this.opts.serial(async () => {
            const { agent, policy, session } = this.opts.live;
            const index = this.opts.nextIndex();
            const name = 'start_background_shell';
            // Stricter than MassGen (which runs only its sanitizer here): the whole policy applies.
            const verdict = policy.check(command, { cwd: workDir });
            if (verdict.verdict === 'block') {
                const error = refusalText(verdict, agent.policy);
                await this.record(index, name, command, {
                    status: 'blocked',
                    rule: verdict.rule,
                    reason: verdict.reason
                });
                return { success: false, error };
            }
            try {
                await (0,allowed_paths/* resolveWorkDir */.PH)(agent, workDir);
            }
            catch (e) {
                if (!(e instanceof errors/* PathError */.ER))
                    throw e;
                await this.record(index, name, command, { reason: e.message });
                return { success: false, error: pathErrorText(e.message) };
            }
            const running = await this.refreshRunning();
            if (running >= MAX_SHELLS) {
                const error = `Maximum concurrent shells (${MAX_SHELLS}) reached`;
                await this.record(index, name, command, { reason: error });
                return { success: false, error };
            }
            const id = `shell_${(++this.counter).toString(16).padStart(4, '0')}${Math.random().toString(16).slice(2, 6)}`;
            const t0 = Date.now();
            try {
                session.beginStep({ index, name, egress: agent.egress !== undefined });
                await session.execBackground({
                    command: wrapperScript(this.opts.stateDir, id, command),
                    cwd: workDir,
                    env: {},
                    maxOutputBytes: agent.maxOutputBytes
                }, id);
                const r = await this.helper(`i=0; while [ ! -s ${sq(`${this.opts.stateDir}/${id}.pid`)} ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; cat ${sq(`${this.opts.stateDir}/${id}.pid`)}`);
                const pid = Number.parseInt(r.stdout.trim(), 10);
                const shell = {
                    id,
                    command,
                    workDir,
                    pid: Number.isFinite(pid) ? pid : null,
                    startedAt: new Date(t0),
                    status: 'running',
                    exitCode: null
                };
                this.shells.set(id, shell);
                await this.record(index, name, command, {
                    status: 'passed',
                    background: true,
                    durationMs: Date.now() - t0,
                    reason: `started in the background as ${id} (pid ${shell.pid ?? 'unknown'})`
                });
                return { shell_id: id, status: 'running', command, pid: shell.pid, work_dir: workDir };
            }
            catch (e) {
                const error = (0,errors/* errorMessage */.gJ)(e);
                await this.record(index, name, command, { reason: error, durationMs: Date.now() - t0 });
                return { success: false, error: `Failed to start background shell: ${error}` };
            }
        });
    }
    output(shellId) {
        return this.call('get_background_shell_output', shellId, async (shell) => {
            const r = await this.probe(shell, MAX_LINES);
            return {
                result: {
                    shell_id: shell.id,
                    stdout: r.stdout,
                    stderr: r.stderr,
                    status: shell.status,
                    exit_code: shell.exitCode
                },
                truncated: r.truncated
            };
        });
    }
    status(shellId) {
        return this.call('get_background_shell_status', shellId, async (shell) => {
            await this.probe(shell);
            return { result: this.describe(shell) };
        });
    }
    kill(shellId) {
        return this.call('kill_background_shell', shellId, async (shell) => {
            await this.probe(shell);
            if (shell.status !== 'running') {
                return { result: { shell_id: shell.id, status: shell.status, signal: null } };
            }
            const r = await this.helper(killScript(this.opts.stateDir, shell.id));
            const signal = r.stdout.trim().split('\n').pop() ?? '';
            shell.killedBy = signal === 'none' ? undefined : signal;
            await this.probe(shell);
            if (shell.status === 'running')
                throw new Error(`${shell.id} is still running after ${signal}`);
            return {
                result: { shell_id: shell.id, status: shell.status, signal: shell.killedBy ?? null }
            };
        });
    }
    list() {
        return this.opts.serial(async () => {
            const index = this.opts.nextIndex();
            const t0 = Date.now();
            for (const s of this.shells.values())
                await this.probe(s);
            const shells = [...this.shells.values()].map((s) => this.describe(s));
            await this.record(index, 'list_background_shells', 'list_background_shells', {
                status: 'passed',
                durationMs: Date.now() - t0,
                stdout: shells.map((s) => `${String(s.shell_id)} ${String(s.status)}`).join('\n')
            });
            return { shells, count: shells.length };
        });
    }
    /** One shell tool call: unknown ids are MassGen's error result, every call a recorded step. */
    call(name, shellId, fn) {
        return this.opts.serial(async () => {
            const index = this.opts.nextIndex();
            const label = `${name} ${shellId}`;
            const shell = this.shells.get(shellId);
            if (!shell) {
                const error = `Shell not found: ${shellId}`;
                await this.record(index, name, label, { reason: error });
                return { success: false, error };
            }
            const t0 = Date.now();
            try {
                const { result, truncated } = await fn(shell);
                await this.record(index, name, label, {
                    status: 'passed',
                    durationMs: Date.now() - t0,
                    exitCode: shell.exitCode,
                    reason: `${shell.id}: ${shell.status}`,
                    truncated: truncated ?? false,
                    ...(typeof result.stdout === 'string' ? { stdout: result.stdout } : {}),
                    ...(typeof result.stderr === 'string' ? { stderr: result.stderr } : {})
                });
                return result;
            }
            catch (e) {
                const error = (0,errors/* errorMessage */.gJ)(e);
                await this.record(index, name, label, { reason: error, durationMs: Date.now() - t0 });
                return { success: false, error };
            }
        });
    }
    describe(s) {
        const end = s.endedAt ?? new Date();
        return {
            shell_id: s.id,
            status: s.status,
            exit_code: s.exitCode,
            pid: s.pid,
            command: s.command,
            cwd: s.workDir,
            start_time: s.startedAt.toISOString(),
            duration_seconds: (end.getTime() - s.startedAt.getTime()) / 1000
        };
    }
    /** Brings a shell's status up to date from the sandbox (and returns its output when asked). */
    async probe(shell, lines) {
        const r = await this.helper(probeScript(this.opts.stateDir, shell.id, lines));
        const nl = r.stdout.indexOf('\n');
        const first = (nl < 0 ? r.stdout : r.stdout.slice(0, nl)).trim();
        const rest = nl < 0 ? '' : r.stdout.slice(nl + 1);
        if (shell.status === 'running' && first !== 'running') {
            shell.endedAt = new Date();
            const m = /^exit (\d+)$/.exec(first);
            const code = m ? Number(m[1]) : null;
            if (code === null) {
                // Gone without its wrapper noting an exit: ended with every process of the agent (a
                // timeout's kill, the sandbox restarted), which MassGen would report as killed.
                shell.status = 'killed';
                shell.exitCode = -9;
            }
            else if (shell.killedBy || code > 128) {
                shell.status = 'killed';
                shell.exitCode = code > 128 ? -(code - 128) : code;
            }
            else {
                shell.status = statusOf(code, false);
                shell.exitCode = code;
            }
        }
        return { ...r, stdout: rest };
    }
    /** Running shells as the sandbox sees them now. */
    async refreshRunning() {
        let n = 0;
        for (const s of this.shells.values()) {
            if (s.status !== 'running')
                continue;
            await this.probe(s);
            if (s.status === 'running')
                n++;
        }
        return n;
    }
    async helper(command) {
        const { agent, session } = this.opts.live;
        const r = await session.exec({
            command,
            cwd: agent.workspace,
            env: {},
            timeoutMs: HELPER_TIMEOUT_MS,
            maxOutputBytes: agent.maxOutputBytes
        });
        if (r.timedOut || r.sandboxLost)
            throw new Error(r.sandboxLost ?? 'the sandbox did not answer in time');
        return r;
    }
    async record(index, name, command, r) {
        await this.opts.live.record((0,report_step/* erroredStep */.W)({ index, name, command, kind: 'mcp' }, { allowFailure: true, ...r }));
    }
}

// EXTERNAL MODULE: ./src/lib/delay.ts
var delay = __webpack_require__(52468);
;// CONCATENATED MODULE: ./src/mcp/tools.ts
// The tools a live agent calls, on top of the run's machinery: every call goes through the same
// policy, path rules, sandbox, caps and redaction as a scripted step, and is recorded as one (kind
// `mcp`) before its answer goes back. Calls run one at a time in arrival order, as MassGen's
// server runs them (its FastMCP tools are synchronous), so steps keep a meaningful order.







class SandboxTools {
    opts;
    next = 0;
    queue = Promise.resolve();
    stopping;
    shells;
    constructor(opts) {
        this.opts = opts;
        this.shells = new BackgroundShells({
            live: opts.live,
            stateDir: `/tmp/.massgen-exec-shells-${opts.runId}`,
            nextIndex: () => this.next++,
            serial: (fn) => this.serial(fn)
        });
    }
    /** Runs `fn` after every call before it (one call at a time, as MassGen). */
    serial(fn) {
        const run = this.queue.then(() => {
            if (this.stopping)
                throw new Error(`the server is stopping (${this.stopping})`);
            return fn();
        });
        this.queue = run.catch(() => undefined);
        return run;
    }
    /** The client went away: kill what runs (by closing the sandbox) and wait for its record. */
    async stop(why) {
        this.stopping = why;
        const idle = this.queue.then(() => true);
        const settled = await Promise.race([idle, (0,delay/* delay */.c)(200, { unref: true }).then(() => false)]);
        if (!settled)
            await this.opts.live.session.close().catch(() => undefined);
        await Promise.race([this.queue, (0,delay/* delay */.c)(15000, { unref: true })]);
    }
    /** `signal`: the client cancelled the call or went away; the command is killed, the step kept. */
    executeCommand(a, signal) {
        return this.serial(async () => {
            const { agent, policy } = this.opts.live;
            const workDir = this.absolute(a.work_dir);
            const timeoutSec = a.timeout ?? this.opts.defaultTimeoutSec;
            const step = {
                kind: 'run',
                index: this.next++,
                name: 'execute_command',
                run: a.command,
                timeoutSec,
                workDir,
                env: {},
                expectExit: 0,
                allowFailure: true,
                background: false
            };
            // MassGen's order: the command's policy, then the working directory, then the run.
            const verdict = policy.check(a.command, { cwd: workDir });
            if (verdict.verdict === 'block') {
                await this.step(step);
                return refused(a.command, workDir, refusalText(verdict, agent.policy));
            }
            const pathError = await pathCheck(() => (0,allowed_paths/* resolveWorkDir */.PH)(agent, workDir));
            if (pathError) {
                await this.opts.live.record({ ...this.base(step, a.command), reason: pathError });
                return refused(a.command, workDir, pathErrorText(pathError));
            }
            if (signal?.aborted) {
                // Abandoned while it waited for its turn: recorded, never started.
                const reason = `interrupted: ${abandoned(signal)}`;
                await this.opts.live.record({ ...this.base(step, a.command), reason });
                return refused(a.command, workDir, reason);
            }
            const r = await this.step(step, signal);
            return commandResult(r, a.command, workDir, timeoutSec);
        });
    }
    readFile(a) {
        return this.serial(async () => {
            const step = this.fileStep(a.path, {
                kind: 'read_file',
                offset: a.offset ?? 0,
                lineCount: a.line_count ?? undefined
            });
            return this.fileCall(step, `read_file ${step.path}`, 'read');
        });
    }
    writeFile(a) {
        return this.serial(async () => {
            const step = this.fileStep(a.path, { kind: 'write_file', content: a.content });
            const r = await this.fileCall(step, `write_file ${step.path}`, 'write');
            return r.ok
                ? { ok: true, text: `wrote ${Buffer.byteLength(a.content)} bytes to ${step.path}` }
                : r;
        });
    }
    /** The next file step, named after its tool, on the path as the agent gave it (made absolute). */
    fileStep(path, fields) {
        return { ...fields, index: this.next++, name: fields.kind, path: this.absolute(path) };
    }
    startBackgroundShell(a) {
        return this.shells.start(a.command, this.absolute(a.work_dir));
    }
    async fileCall(step, label, access) {
        const path = step.kind === 'run' ? '' : step.path;
        const pathError = await pathCheck(() => (0,allowed_paths/* checkFileAccess */.dR)(this.opts.live.agent, path, access));
        if (pathError) {
            await this.opts.live.record({ ...this.base(step, label), reason: pathError });
            return { ok: false, error: pathErrorText(pathError) };
        }
        const r = await this.step(step);
        if (r.status === 'passed')
            return { ok: true, text: r.stdout };
        if (r.status === 'blocked') {
            return {
                ok: false,
                error: refusalText({ verdict: 'block', ...r }, this.opts.live.agent.policy)
            };
        }
        return { ok: false, error: `Execution error: ${r.reason ?? r.status}` };
    }
    /**
     * A step through the run (recorded); a call cut short by the server stopping, or abandoned by
     * its client (`signal`), says so.
     */
    step(s, signal) {
        return this.opts.live.step(s, (r) => {
            const out = { ...r, kind: 'mcp', allowFailure: true };
            const why = this.stopping ?? (signal?.aborted ? abandoned(signal) : undefined);
            if (why && r.status !== 'passed' && r.status !== 'blocked')
                Object.assign(out, { status: 'error', reason: `interrupted: ${why}` });
            return out;
        }, signal);
    }
    base(step, command) {
        return (0,report_step/* erroredStep */.W)({ index: step.index, name: step.name, command, kind: 'mcp' }, { allowFailure: true });
    }
    /** MassGen resolves a relative path against the agent workspace (the server's cwd). */
    absolute(p) {
        const ws = this.opts.live.agent.workspace;
        if (!p)
            return ws;
        return (0,external_node_path_.isAbsolute)(p) ? (0,external_node_path_.resolve)(p) : (0,external_node_path_.resolve)(ws, p);
    }
}
/** The message of a path error, undefined when the check passed; anything else is thrown. */
async function pathCheck(check) {
    try {
        await check();
        return undefined;
    }
    catch (e) {
        if (e instanceof errors/* PathError */.ER)
            return e.message;
        throw e;
    }
}
/** Why a call's signal fired: the SDK aborts it with the client's reason on notifications/cancelled
 * and with no reason of its own (an AbortError) when the connection closes. */
function abandoned(signal) {
    const reason = signal.reason;
    return typeof reason === 'string' && reason
        ? `cancelled by the client (${reason})`
        : 'the client cancelled the call or went away';
}

;// CONCATENATED MODULE: ./src/mcp/serve.ts





function serveMcp(opts) {
    return (0,pipeline/* runScope */.AO)({
        configPath: opts.configPath,
        outDir: opts.outDir,
        agents: [opts.agent],
        workingDirectory: opts.workingDirectory,
        imagePolicy: opts.imagePolicy,
        defaultTimeoutSec: opts.defaultTimeoutSec,
        runId: opts.runId,
        imageSources: opts.imageSources,
        log: opts.log,
        onSecret: opts.onSecret,
        // The caller turns signals into `stop`: a served session ends normally when told to.
        handleSignals: false
    }, async (run) => {
        const agent = run.plan.agents[0];
        if (opts.http)
            run.redactor.add(opts.http.token);
        if (agent.steps.length)
            opts.log(`[${agent.id}] its ${agent.steps.length} scripted step(s) are not run when serving`);
        const timeoutSec = run.plan.defaults.timeoutSec;
        await run.serve(async (live) => {
            const tools = new SandboxTools({
                live,
                defaultTimeoutSec: timeoutSec,
                runId: run.opts.runId
            });
            const newServer = () => createMcpServer(tools, agent, timeoutSec);
            let close;
            if (opts.http) {
                const http = await serveHttp({ ...opts.http, newServer, log: opts.log });
                opts.log(`[${agent.id}] MCP server (Streamable HTTP) at ${http.url}`);
                opts.onListening?.(http.url);
                close = http.close;
            }
            else {
                const server = newServer();
                await server.connect(new stdio/* StdioServerTransport */.S(opts.stdin, opts.stdout));
                opts.log(`[${agent.id}] MCP server on stdio`);
                close = () => server.close();
            }
            const why = await opts.stop;
            opts.log(`[${agent.id}] stopping: ${why}`);
            await tools.stop(why);
            await close().catch(() => undefined);
        });
    });
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
;// CONCATENATED MODULE: ./src/cli/mcp.ts
// `massgen-exec mcp <config> --agent ID`: the agent's sandbox as MassGen's `command_line` MCP
// server, on stdio (what MassGen's `mcp_servers` launches) or Streamable HTTP with a bearer token.
// stdout belongs to the protocol on stdio: every line of ours goes to stderr.










const TOKEN_ENV = 'MASSGEN_EXEC_MCP_TOKEN';
/** "HOST:PORT", ":PORT" or "PORT" (host 127.0.0.1); IPv6 as [::1]:PORT. */
function parseListen(v) {
    const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d+)$/.exec(v.trim());
    if (!m)
        throw new errors/* UsageError */.eb(`--http must be HOST:PORT, got ${JSON.stringify(v)}`);
    const port = Number(m[2]);
    if (port > 65535)
        throw new errors/* UsageError */.eb(`--http port ${port} is out of range`);
    const host = (m[1] || '127.0.0.1').replace(/^\[|\]$/g, '');
    return { host, port };
}
function isLoopback(host) {
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
/** The token: the environment's, the file's, or a new one written to the file (mode 0600). */
function bearerToken(file, env) {
    if (env)
        return { token: env.trim(), how: `from $${TOKEN_ENV}` };
    let existing = '';
    try {
        existing = (0,external_node_fs_.readFileSync)(file, 'utf8').trim();
    }
    catch {
        // No file yet: a new token is written to it.
    }
    if (existing)
        return { token: existing, how: `read from ${file}` };
    const token = (0,external_node_crypto_.randomBytes)(32).toString('base64url');
    (0,external_node_fs_.writeFileSync)(file, token + '\n', { mode: 0o600 });
    return { token, how: `written to ${file}` };
}
const mcpCommand = {
    usage: `massgen-exec mcp <config> --agent ID [options]

Serves the agent's sandbox as MassGen's command_line MCP server (execute_command, the background
shell tools, read_file, write_file) until the client goes away (stdin closed) or SIGTERM/SIGINT.
Every call is a step in --out (results.json, summary.md, <agent>/commands.log).

options:
  --agent ID               the agent to serve (optional when the config has one agent)
  --out DIR                output directory (default: massgen-results)
  --http HOST:PORT         Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                           (host default 127.0.0.1; port 0 picks one). Every request needs
                           Authorization: Bearer <token>: $${TOKEN_ENV}, else --token-file
  --token-file FILE        read the token from FILE, or write a new one there (mode 0600;
                           default: <tmpdir>/massgen-exec-mcp-<run id>.token)
  --allow-remote           let --http listen on a non-loopback address
  --image-policy P         auto | build | pull | never (default: auto)
  --timeout SECONDS        default timeout of execute_command (default: 60)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --run-id ID              the run id (default: a new one; the action's serve mode gives its own)`,
    async run(argv, io) {
        const { values, positionals } = (0,cli_io/* parseCommandArgs */.Qx)(argv, {
            agent: { type: 'string' },
            out: { type: 'string' },
            http: { type: 'string' },
            'token-file': { type: 'string' },
            'allow-remote': { type: 'boolean' },
            'image-policy': { type: 'string' },
            timeout: { type: 'string' },
            'working-directory': { type: 'string' },
            'run-id': { type: 'string' }
        });
        const configPath = (0,cli_io/* oneConfig */.p8)(positionals);
        const imagePolicy = (0,cli_io/* imagePolicyOption */.Rw)(values['image-policy']);
        const timeout = (0,cli_io/* timeoutOption */.D5)(values.timeout);
        const err = (0,cli_io/* printer */.ll)(io.stderr);
        const agent = values.agent ?? (await onlyAgent(configPath, values['working-directory']));
        const runId = values['run-id'] || (0,pipeline/* newRunId */.F$)();
        let http;
        if (values.http !== undefined) {
            const listen = parseListen(values.http);
            if (!isLoopback(listen.host) && !values['allow-remote'])
                throw new errors/* UsageError */.eb(`--http ${listen.host} is not a loopback address (add --allow-remote)`);
            const file = (0,external_node_path_.resolve)(values['token-file'] ?? (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `massgen-exec-mcp-${runId}.token`));
            const { token, how } = bearerToken(file, process.env[TOKEN_ENV]);
            err(`bearer token ${how}`);
            http = { ...listen, token };
        }
        const stop = stopWhen(io, http === undefined);
        const outcome = await serveMcp({
            configPath,
            outDir: values.out ?? 'massgen-results',
            agent,
            workingDirectory: values['working-directory'],
            imagePolicy,
            defaultTimeoutSec: timeout,
            runId,
            log: err,
            http,
            stdin: io.stdin,
            stdout: io.stdout,
            stop: stop.promise
        });
        stop.dispose();
        const r = outcome.results;
        if (r.error)
            err(r.error);
        for (const a of r.agents)
            if (a.error)
                err(`[${a.id}] ${a.error}`);
        err(`${r.status}: ${(0,markdown/* totalsLine */.sX)(r)}`);
        err(`results: ${outcome.reports.resultsFile}`);
        return outcome.exitCode;
    }
};
async function onlyAgent(configPath, workingDirectory) {
    const plan = await (0,run_plan/* loadRunPlan */.dU)(configPath, { workingDirectory });
    const ids = plan.agents.map((a) => a.id);
    if (ids.length !== 1)
        throw new errors/* UsageError */.eb(`--agent is required: the config has ${ids.length} agents (${ids.join(', ')})`);
    return ids[0];
}
/** Resolves on SIGTERM/SIGINT/SIGHUP, and on stdio when the client closes our stdin. */
function stopWhen(io, watchStdin) {
    let done;
    const promise = new Promise((resolve) => (done = resolve));
    const onSignal = (sig) => done(`received ${sig}`);
    const onEnd = () => done('the client closed stdin');
    const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    for (const s of signals)
        process.on(s, onSignal);
    if (watchStdin) {
        io.stdin.on('end', onEnd);
        io.stdin.on('close', onEnd);
    }
    return {
        promise,
        dispose: () => {
            for (const s of signals)
                process.off(s, onSignal);
            io.stdin.off('end', onEnd);
            io.stdin.off('close', onEnd);
        }
    };
}


/***/ }),

/***/ 66861:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ shellQuote)
/* harmony export */ });
// Single-quoting for /bin/sh: the one way the harness puts a path or a word into a script line.
/** `s` as one /bin/sh word: single-quoted, each `'` written as `'\''`. */
function shellQuote(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}


/***/ })

};
