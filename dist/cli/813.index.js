export const id = 813;
export const ids = [813];
export const modules = {

/***/ 52813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  f5: () => (/* reexport */ CLASS_WORDS),
  wJ: () => (/* reexport */ egress_sandbox/* EGRESS_DIR_IN_SANDBOX */.wJ),
  Tu: () => (/* reexport */ egress_sandbox/* HEALTH_PATH */.Tu),
  xE: () => (/* reexport */ PROXY_HEADER),
  nZ: () => (/* reexport */ egress_sandbox/* PROXY_SOCKET_NAME */.nZ),
  Co: () => (/* reexport */ egress_sandbox/* RELAY_PORT */.Co),
  h2: () => (/* reexport */ checkAddresses),
  jg: () => (/* reexport */ config/* compileEgressPolicy */.jg),
  Hf: () => (/* reexport */ openFrontEndpoint),
  X3: () => (/* reexport */ openSocketEndpoint)
});

// UNUSED EXPORTS: EgressAttachment, EgressEndpoint, EgressLog, EgressProxy, FIND_RELAY_INTERPRETER_CMD, PRESETS, PRESET_NAMES, RELAY_INTERPRETERS, RELAY_TOKEN_ENV, RELAY_USER, aptProxyConf, canonicalHost, cidrProblem, classifyAddress, decide, decideName, describeUpstream, domainEntryProblem, egressMount, emptyEgressConfig, gateConnection, newRelayToken, onceEachLine, parseEgressConfig, prepareEgressDir, presetProblem, proxyEnv, relayCommand, relayPreamble, relayProbeCommand, upstreamFor, upstreamFromEnv

// EXTERNAL MODULE: ./src/runtime/egress/presets.ts
var presets = __webpack_require__(21022);
// EXTERNAL MODULE: ./src/runtime/egress/config.ts
var config = __webpack_require__(60878);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: ./src/runtime/egress/srt-pieces.ts
var srt_pieces = __webpack_require__(82001);
;// CONCATENATED MODULE: ./src/runtime/egress/decide.ts
// The one decision: may a connection to host:port (resolved to these addresses) go out during this
// step? Pure: the proxy (docker and srt alike) resolves names and passes the answer in, so the
// address that passed the check is the address dialled (no second resolution, no DNS rebinding).


/**
 * Destinations refused unless allowed_private_ranges lists them, most specific class first so the
 * reason names the metadata endpoint rather than "link-local". The metadata entries outside
 * link-local space are the clouds' documented instance-metadata / platform endpoints.
 */
const CLASSES = [
    [
        'metadata',
        [
            '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean IMDS
            '169.254.170.2', // AWS ECS task metadata
            '100.100.100.200', // Alibaba Cloud
            '168.63.129.16', // Azure WireServer
            '192.0.0.192', // Oracle Cloud Classic
            'fd00:ec2::/32', // AWS IPv6 IMDS and service block
            'fd20:ce::254', // GCP IPv6
            'fd00:c1::a9fe:a9fe', // Oracle Cloud IPv6
            'fd00:42::42', // Scaleway IPv6
            'fd00:a9fe:a9fe::1', // Linode IPv6
            'fd00:100::100:200' // Alibaba Cloud IPv6
        ]
    ],
    ['loopback', ['127.0.0.0/8', '::1/128']],
    ['unspecified', ['0.0.0.0/8', '::/128']],
    ['link-local', ['169.254.0.0/16', 'fe80::/10']],
    [
        'private',
        [
            '10.0.0.0/8',
            '172.16.0.0/12',
            '192.168.0.0/16',
            '100.64.0.0/10', // shared address space (CGNAT), used by some clouds internally
            '192.0.0.0/24', // IETF protocol assignments
            '198.18.0.0/15' // benchmarking, used by some VPN/proxy products
        ]
    ],
    ['unique-local', ['fc00::/7', 'fec0::/10']],
    ['multicast', ['224.0.0.0/4', 'ff00::/8']],
    ['reserved', ['240.0.0.0/4']] // includes 255.255.255.255
];
const CLASS_LISTS = CLASSES.map(([cls, ranges]) => {
    const list = new external_node_net_.BlockList();
    for (const r of ranges) {
        const range = (0,srt_pieces/* parseAddressRange */.J)(r);
        if (!range)
            throw new Error(`bad built-in range ${r}`);
        list.addSubnet(range.address, range.prefix, range.family);
    }
    return [cls, list];
});
/** How a refusal names an address class (never the address itself). */
const CLASS_WORDS = {
    metadata: 'a cloud metadata address',
    loopback: 'a loopback address',
    unspecified: 'an unspecified address',
    'link-local': 'a link-local address',
    private: 'a private address',
    'unique-local': 'a unique-local (private) IPv6 address',
    multicast: 'a multicast address',
    reserved: 'a reserved address',
    'host-address': "an address of the runner's own interfaces"
};
/** BlockList.check for either family; IPv4 rules are also applied to the IPv4 an IPv6 carries. */
function inList(list, address, alsoEmbedded) {
    const fam = (0,external_node_net_.isIP)(address);
    if (fam === 4)
        return list.check(address, 'ipv4');
    if (fam !== 6)
        return false;
    if (list.check(address, 'ipv6'))
        return true;
    // An IPv4-mapped answer is that IPv4 destination. NAT64 / 6to4 / compatible forms are delivered
    // to the IPv4 they carry too, so they add denials, but never earn an allowance (`::1` would
    // otherwise ride a carve-out for 0.0.0.1).
    const v4 = alsoEmbedded ? (0,srt_pieces/* embeddedIPv4 */.sB)(address) : (0,srt_pieces/* mappedIPv4 */.vL)(address);
    return v4 !== undefined && list.check(v4, 'ipv4');
}
/** The class that refuses `address`, or undefined when it is an ordinary public address. */
function classifyAddress(address, localAddresses = []) {
    for (const [cls, list] of CLASS_LISTS)
        if (inList(list, address, true))
            return cls;
    const bare = address.replace(/%.*$/, '');
    const v4 = (0,srt_pieces/* embeddedIPv4 */.sB)(bare);
    const local = localAddresses.map((a) => a.replace(/%.*$/, ''));
    if (local.includes(bare) || (v4 !== undefined && local.includes(v4)))
        return 'host-address';
    return undefined;
}
/** The allowed_private_ranges entry covering `address`, if any. */
function privateRangeFor(policy, address) {
    return policy.privateRanges.find((r) => inList(r.list, address, false))?.cidr;
}
function checkAddresses(policy, addresses, localAddresses = []) {
    const out = { kept: [], refused: [], viaRanges: [] };
    for (const address of addresses) {
        const cls = (0,external_node_net_.isIP)(address) ? classifyAddress(address, localAddresses) : 'reserved';
        if (cls === undefined) {
            out.kept.push(address);
            continue;
        }
        const range = privateRangeFor(policy, address);
        if (range) {
            out.kept.push(address);
            if (!out.viaRanges.includes(range))
                out.viaRanges.push(range);
        }
        else
            out.refused.push({ address, class: cls });
    }
    return out;
}
/** The canonical spelling a destination is judged (and dialled) by, or undefined if malformed. */
function canonicalHost(host) {
    const c = (0,srt_pieces/* canonicalizeHost */.pb)(host);
    return c ? c.toLowerCase() : undefined;
}
function describeStep(step) {
    if (!step)
        return 'outside any step';
    // A pseudo-step of the harness's own (preinstall) has no number.
    if (step.index < 0)
        return step.name ? JSON.stringify(step.name) : 'outside any step';
    return `step ${step.index + 1}${step.name ? ` (${JSON.stringify(step.name)})` : ''}`;
}
/**
 * The name half: is egress on for this step, and does an entry match host:port? `host` must be
 * canonical (canonicalHost). In audit mode every name passes with rule `audit` unless an entry
 * matches (then that entry is the rule, so the report tells listed from unlisted traffic).
 */
function decideName(policy, step, host, port) {
    const dest = `${(0,external_node_net_.isIP)(host) === 6 ? `[${host}]` : host}:${port}`;
    if (!step)
        return {
            allowed: false,
            rule: 'no-step',
            reason: `egress refused: ${dest} was requested outside any step`
        };
    if (!step.egress)
        return {
            allowed: false,
            rule: 'egress-off',
            reason: `egress refused: ${describeStep(step)} runs with egress: false (${dest})`
        };
    const rule = policy.rules.find((r) => (0,srt_pieces/* matchesDomainPatternWithPort */.RH)(host, port, r.entry));
    if (rule)
        return { allowed: true, rule: `${rule.source}: ${rule.entry}`, reason: '' };
    if (policy.audit)
        return { allowed: true, rule: 'audit', reason: '' };
    return {
        allowed: false,
        rule: 'not-listed',
        reason: `egress refused: ${dest} is not in command_line_egress.allowed_domains or its presets ` +
            `(${describeStep(step)})`
    };
}
/**
 * The whole decision for one connection: the name, then every resolved address (for an IP literal,
 * the literal itself). Allowed only when the name passes and at least one address does; the
 * verdict's `addresses` are then the ones that may be dialled.
 */
function decide(policy, step, host, port, resolved, localAddresses = []) {
    const name = decideName(policy, step, host, port);
    if (!name.allowed)
        return name;
    const check = checkAddresses(policy, resolved, localAddresses);
    if (check.kept.length === 0) {
        if (check.refused.length === 0)
            return { allowed: false, rule: 'unresolved', reason: `egress: ${host} did not resolve` };
        const cls = check.refused[0].class;
        return {
            allowed: false,
            rule: `address:${cls}`,
            reason: 
            // The class, never the address: a refusal must not turn the proxy into a resolver of
            // internal names for the sandbox. The report keeps the addresses.
            `egress refused: ${host} resolves to ${CLASS_WORDS[cls]}; list its range in ` +
                'command_line_egress.allowed_private_ranges to allow it',
            addresses: check.refused.map((r) => r.address).slice(0, 4)
        };
    }
    const via = check.viaRanges.map((r) => `allowed_private_ranges: ${r}`);
    return {
        allowed: true,
        rule: [name.rule, ...via].join('; '),
        reason: '',
        addresses: check.kept
    };
}

;// CONCATENATED MODULE: ./src/runtime/egress/log.ts
// What went out and what was refused, per step: one row per (host, port, outcome, rule) with a
// count and the first and last time, so a flood of retries stays one line. Also the audit-mode
// proposal of an allowed_domains list.

/** Rows kept per step; a step past it counts further destinations in one overflow row. */
const MAX_ROWS_PER_STEP = 500;
const OUTSIDE = { index: -1, egress: false };
class EgressLog {
    policy;
    now;
    buckets = [];
    current;
    constructor(policy, now = () => new Date()) {
        this.policy = policy;
        this.now = now;
    }
    /** Starts attributing to `step` (undefined: outside any step). */
    enterStep(step) {
        if (!step) {
            this.current = undefined;
            return;
        }
        const same = this.buckets.find((b) => b.step.index === step.index && b.step.name === step.name);
        if (same) {
            same.step = { ...step };
            this.current = same;
            return;
        }
        this.current = { step: { ...step }, rows: new Map(), overflow: 0 };
        this.buckets.push(this.current);
    }
    record(host, port, outcome, verdict) {
        const bucket = this.current ?? this.outsideBucket();
        const key = `${host}\u0000${port}\u0000${outcome}\u0000${verdict.rule}`;
        const at = this.now().toISOString();
        const row = bucket.rows.get(key);
        if (row) {
            row.count++;
            row.lastAt = at;
            return;
        }
        if (bucket.rows.size >= MAX_ROWS_PER_STEP) {
            bucket.overflow++;
            return;
        }
        const dest = {
            host,
            port,
            outcome,
            rule: verdict.rule,
            count: 1,
            firstAt: at,
            lastAt: at
        };
        if (verdict.reason)
            dest.reason = verdict.reason;
        if (outcome !== 'allowed' && verdict.addresses?.length)
            dest.addresses = verdict.addresses.slice(0, 4);
        bucket.rows.set(key, dest);
    }
    /** Every step seen, in order, with its destinations (allowed first, then by first time). */
    steps() {
        const order = { allowed: 0, refused: 1, failed: 2 };
        return this.buckets.map((b) => {
            const destinations = [...b.rows.values()].sort((x, y) => order[x.outcome] - order[y.outcome] || x.firstAt.localeCompare(y.firstAt));
            if (b.overflow > 0) {
                const at = this.now().toISOString();
                destinations.push({
                    host: '(more destinations)',
                    port: 0,
                    outcome: 'refused',
                    rule: 'log-limit',
                    reason: `${b.overflow} connections to further destinations were not itemised`,
                    count: b.overflow,
                    firstAt: at,
                    lastAt: at
                });
            }
            return { index: b.step.index, name: b.step.name, egress: b.step.egress, destinations };
        });
    }
    refused() {
        return this.steps().flatMap((s) => s.destinations
            .filter((d) => d.outcome === 'refused')
            .map((d) => ({ ...d, step: s.index, stepName: s.name })));
    }
    /**
     * The allowed_domains list that would let this run's traffic through: every name asked for in a
     * step with egress on (refusals for `egress: false` steps are the config working, not a need).
     * A port other than 80/443 is kept in the entry, as the list matches it. A name that never
     * resolved on the runner (outcome `failed`, rule `unresolved`) is left out: allowing it would not
     * have made it work (a typo, a host that only exists elsewhere); it stays in the refused rows.
     */
    proposal() {
        const names = new Set();
        for (const s of this.steps()) {
            if (!s.egress)
                continue;
            for (const d of s.destinations) {
                if (d.rule === 'log-limit' || d.rule === 'bad-host' || d.outcome === 'failed')
                    continue;
                const host = (0,external_node_net_.isIP)(d.host) === 6 ? `[${d.host}]` : d.host;
                names.add(d.port === 80 || d.port === 443 ? host : `${host}:${d.port}`);
            }
        }
        return [...names].sort();
    }
    report() {
        const steps = this.steps();
        const totals = { allowed: 0, refused: 0, failed: 0 };
        for (const s of steps)
            for (const d of s.destinations)
                totals[d.outcome] += d.count;
        const c = this.policy.config;
        const report = {
            mode: this.policy.audit ? 'audit' : 'allowlist',
            allowedDomains: [...c.allowedDomains, ...c.srtAllowedDomains],
            presets: [...c.presets],
            allowedPrivateRanges: [...c.allowedPrivateRanges],
            rules: this.policy.rules.map((r) => ({ ...r })),
            steps,
            totals
        };
        if (this.policy.audit)
            report.proposedAllowedDomains = this.proposal();
        return report;
    }
    outsideBucket() {
        let b = this.buckets.find((x) => x.step.index === OUTSIDE.index);
        if (!b) {
            b = { step: { ...OUTSIDE }, rows: new Map(), overflow: 0 };
            this.buckets.push(b);
        }
        return b;
    }
}

// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(40610);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/runtime/egress/sandbox.ts + 1 modules
var egress_sandbox = __webpack_require__(30525);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/runtime/egress/socket-gate.ts
// The docker egress socket is bind-mounted into the agent's container and must be connectable by
// the relay's uid there (nobody), so on the host it is connectable by other local users too (a
// private directory would need a chown to the relay's uid, which a non-root runner cannot make).
// What makes it the agent's alone is a per-agent token, as srt uses one: the relay, started with
// the token in its environment (unreadable to the agent's uid: /proc/<pid>/environ of another uid
// needs CAP_SYS_PTRACE, which the container lacks), writes a preamble line before the first byte
// of every connection; the proxy serves only connections that start with it (issue 24).

/** The variable the relay reads its token from (never on its command line: argv is public). */
const RELAY_TOKEN_ENV = 'MASSGEN_EGRESS_TOKEN';
const PREFIX = 'MASSGEN-EGRESS ';
const TOKEN_HEX = 64;
/** The whole preamble: prefix, 64 hex digits, a newline. */
const PREAMBLE_BYTES = PREFIX.length + TOKEN_HEX + 1;
const PREAMBLE_TIMEOUT_MS = 5_000;
function newRelayToken() {
    return (0,external_node_crypto_.randomBytes)(TOKEN_HEX / 2).toString('hex');
}
function relayPreamble(token) {
    return `${PREFIX}${token}\n`;
}
const REFUSAL = 'massgen-exec egress socket: refused, the connection did not start with the relay token of this agent\n';
/**
 * Reads the preamble off a new connection to the socket. With the right token the rest of the
 * bytes are put back and `accept` gets the socket; otherwise it is answered 403 and closed, and
 * `refused` is told (once per connection).
 */
function gateConnection(socket, token, accept, refused) {
    const expected = Buffer.from(relayPreamble(token));
    let head = Buffer.alloc(0);
    const refuse = (why) => {
        done();
        refused(why);
        socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n` +
            `Content-Length: ${Buffer.byteLength(REFUSAL)}\r\n\r\n${REFUSAL}`);
        socket.destroySoon?.();
    };
    const timer = setTimeout(() => refuse('no relay token within 5 s'), PREAMBLE_TIMEOUT_MS);
    const onData = (chunk) => {
        head = Buffer.concat([head, chunk]);
        // A wrong public prefix is refused at once (a plain request from another user); the token is
        // compared only whole, so that no answer tells how much of a guess was right.
        const n = Math.min(head.length, PREFIX.length);
        if (!head.subarray(0, n).equals(expected.subarray(0, n)))
            return refuse('a connection without the relay token');
        // So is a token cut short or not hex (a relay started without one sends the prefix and a
        // newline): the token's form is public, only its value is compared whole.
        const form = head.subarray(PREFIX.length, Math.min(head.length, PREFIX.length + TOKEN_HEX));
        if (!/^[0-9a-f]*$/.test(form.toString('latin1')))
            return refuse('a connection with a wrong relay token');
        if (head.length < PREAMBLE_BYTES)
            return;
        if (!(0,external_node_crypto_.timingSafeEqual)(head.subarray(0, PREAMBLE_BYTES), expected))
            return refuse('a connection with a wrong relay token');
        done();
        socket.pause();
        if (head.length > PREAMBLE_BYTES)
            socket.unshift(head.subarray(PREAMBLE_BYTES));
        accept(socket);
    };
    const onEnd = () => refuse('closed before the relay token');
    const done = () => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('end', onEnd);
    };
    socket.on('error', () => socket.destroy());
    socket.on('data', onData);
    socket.once('end', onEnd);
}

;// CONCATENATED MODULE: ./src/runtime/egress/upstream.ts
// The runner's own proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as on corporate runners): the egress
// proxy still decides every connection, and sends what it allows through that upstream instead of
// dialling it (CONNECT through it for tunnels, the absolute URI for plain HTTP); NO_PROXY and
// loopback destinations are dialled directly. The parsing and the NO_PROXY matching are
// sandbox-runtime's (golang.org/x/net/http/httpproxy semantics), so srt and docker agree.

/**
 * The upstream from an environment (default: this process's). HTTPS_PROXY falls back to
 * HTTP_PROXY (as curl does); upper case wins over lower case. Undefined: no upstream (or only
 * unparsable URLs, which are ignored).
 */
function upstreamFromEnv(env = process.env) {
    return (0,srt_pieces/* resolveParentProxy */.TZ)({
        // '' rather than undefined: the library would fall back to process.env otherwise.
        http: env.HTTP_PROXY || env.http_proxy || '',
        https: env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || '',
        noProxy: env.NO_PROXY ?? env.no_proxy ?? ''
    });
}
/**
 * The upstream URL a connection to `host` goes through, or undefined when it is dialled directly
 * (no upstream, a NO_PROXY match, loopback). `https`: a CONNECT tunnel (or an https:// absolute
 * URI); plain HTTP uses HTTP_PROXY only, as curl does. Must match sandbox-runtime's own choice.
 */
function upstreamFor(upstream, host, https) {
    if (!upstream || (0,srt_pieces/* shouldBypassParentProxy */.yL)(upstream, host))
        return undefined;
    return (0,srt_pieces/* selectParentProxyUrl */.gn)(upstream, { isHttps: https });
}
/** For the log: the URLs without credentials, and the NO_PROXY list. */
function describeUpstream(upstream, env = process.env) {
    const parts = [
        upstream.httpsUrl && `https via ${(0,srt_pieces/* redactUrl */.BO)(upstream.httpsUrl)}`,
        upstream.httpUrl && `http via ${(0,srt_pieces/* redactUrl */.BO)(upstream.httpUrl)}`
    ].filter(Boolean);
    const noProxy = env.NO_PROXY ?? env.no_proxy;
    return `upstream proxy: ${parts.join(', ')}${noProxy ? `; NO_PROXY ${noProxy}` : ''}`;
}

;// CONCATENATED MODULE: ./src/runtime/egress/proxy.ts
// The host-side egress proxy, one per agent: HTTP (absolute-URI requests) and HTTPS by CONNECT
// (the tunnel is opaque: no TLS interception), on a Unix socket (docker: bind-mounted into a
// network-less container), a loopback TCP port, or no listener of its own (srt: the process-wide
// front hands it the connections that carry the agent's credential, see runtime/srt/network.ts).
// It resolves names
// itself with the runner's resolver (/etc/hosts applies), applies decide() to the name and to every
// resolved address, and dials an address that passed. The harness switches the step before each
// step runs; a step with egress off gets nothing through, and connections still open from an
// earlier step are cut when egress goes off.
//
// The proxy machinery is sandbox-runtime's (see srt-pieces.ts); this file is the glue: its name
// filter and its per-port lookup are ours, and plain-HTTP refusals are answered here so the 403's
// body carries our reason (the library's own plain-HTTP refusal body is a fixed sentence).










/** The header every answer the proxy writes itself carries, so a client can tell it from upstream. */
const PROXY_HEADER = 'X-Massgen-Egress';
/** A refusal decided at dial time; the library answers it with 403 and this message. */
class EgressRefusal extends srt_pieces/* ResolvedAddressDeniedError */.ix {
    constructor(hostname, verdict) {
        super(hostname, verdict.reason, verdict.addresses ?? []);
        this.message = verdict.reason;
    }
}
const defaultResolve = (host) => new Promise((resolve, reject) => (0,external_node_dns_.lookup)(host, { all: true, verbatim: true }, (err, addresses) => err ? reject(err) : resolve(addresses.map((a) => a.address))));
function hostAddresses() {
    return Object.values((0,external_node_os_.networkInterfaces)())
        .flat()
        .flatMap((i) => (i ? [i.address] : []));
}
class EgressProxy {
    o;
    events;
    step;
    server;
    sockets = new Set();
    /** Plain-HTTP requests this file already judged, so the library's filter does not count twice. */
    judged = new WeakMap();
    bound;
    /** The relay-token gate that owns the Unix socket, when there is one. */
    gate;
    resolve;
    localAddresses;
    constructor(o) {
        this.o = o;
        this.events = new EgressLog(o.policy, o.now);
        this.resolve = o.resolve ?? defaultResolve;
        this.localAddresses = o.localAddresses ?? hostAddresses;
        this.server = (0,srt_pieces/* createHttpProxyServer */.y0)({
            filter: (port, host, socket, _command, explain) => this.filter(port, host, socket, explain),
            lookupFor: (port) => this.lookupFor(port),
            denyHeader: PROXY_HEADER,
            requireAsciiHost: true,
            foldHopByHop: true,
            proxyAuthToken: o.proxyAuthToken,
            parentProxy: o.upstream
        });
        const [handler] = this.server.listeners('request');
        this.server.removeAllListeners('request');
        this.server.on('request', (req, res) => this.onRequest(req, res, handler));
        this.server.on('connection', (s) => {
            this.sockets.add(s);
            s.once('close', () => this.sockets.delete(s));
            flushBeforeDestroy(s);
        });
    }
    /** The policy this proxy decides by. */
    get policy() {
        return this.o.policy;
    }
    /** Starts listening; a Unix socket is made connectable by any uid (the sandbox's relay user). */
    static async start(o) {
        const proxy = new EgressProxy(o);
        await proxy.listen();
        return proxy;
    }
    /**
     * Serves a connection accepted elsewhere, whose bytes not yet parsed have been unshifted back
     * onto it. It is tracked like the proxy's own (cut when egress goes off, destroyed at stop).
     */
    accept(socket) {
        (0,srt_pieces/* markHandedInConnection */.NH)(socket);
        this.server.emit('connection', socket);
        // A caller that paused it to unshift bytes: the server's listener is on now.
        socket.resume();
    }
    /** Where the proxy listens (the TCP port is the real one when 0 was asked for). */
    get endpoint() {
        if (!this.bound)
            throw new Error('egress proxy is not listening');
        return this.bound;
    }
    get currentStep() {
        return this.step;
    }
    /**
     * Attributes what follows to `step` (undefined: outside any step, nothing goes through). When
     * egress is off from here on, connections still open (a tunnel a background process opened in
     * an earlier step) are cut, so "nothing gets through" holds for them too.
     */
    setStep(step) {
        this.step = step ? { ...step } : undefined;
        this.events.enterStep(this.step);
        if (!this.step?.egress)
            for (const s of this.sockets)
                destroyNow(s);
    }
    async stop() {
        this.step = undefined;
        const listener = this.gate ?? this.server;
        const closed = this.bound
            ? new Promise((resolve) => listener.close(() => resolve()))
            : Promise.resolve();
        for (const s of this.sockets)
            destroyNow(s);
        await closed;
        if (this.bound && 'socketPath' in this.bound)
            await (0,promises_.rm)(this.bound.socketPath, { force: true });
    }
    async listen() {
        const target = this.o.listen;
        if (!target)
            return;
        if ('socketPath' in target)
            await (0,promises_.rm)(target.socketPath, { force: true });
        const listener = 'socketPath' in target ? this.listenerFor(target) : this.server;
        await new Promise((resolve, reject) => {
            listener.once('error', reject);
            const done = () => {
                listener.off('error', reject);
                resolve();
            };
            if ('socketPath' in target)
                listener.listen(target.socketPath, done);
            else
                listener.listen(target.port, target.host, done);
        });
        if ('socketPath' in target) {
            await (0,promises_.chmod)(target.socketPath, 0o666);
            this.bound = { socketPath: target.socketPath };
        }
        else {
            const a = this.server.address();
            const port = typeof a === 'object' && a ? a.port : target.port;
            this.bound = { host: target.host, port };
        }
    }
    /** The server that owns the socket: the HTTP server itself, or the relay-token gate before it. */
    listenerFor(target) {
        const token = this.o.relayToken;
        if (!token)
            return this.server;
        const gate = (0,external_node_net_.createServer)({ allowHalfOpen: false, pauseOnConnect: false }, (socket) => gateConnection(socket, token, (s) => this.accept(s), (why) => this.o.log?.(`egress: ${why} on ${target.socketPath} was refused`)));
        this.gate = gate;
        return gate;
    }
    note(host, port, verdict, outcome = verdict.allowed) {
        this.events.record(host, port, outcome ? 'allowed' : 'refused', verdict);
        if (!outcome)
            this.o.log?.(verdict.reason);
    }
    /**
     * The name half, for CONNECT and plain HTTP alike. An IP literal is judged whole here (nothing
     * resolves it later); a name's allowed outcome is recorded when it is resolved and dialled.
     */
    judge(rawHost, port) {
        const host = canonicalHost(rawHost);
        if (!host) {
            const verdict = {
                allowed: false,
                rule: 'bad-host',
                reason: `egress refused: ${JSON.stringify(rawHost.slice(0, 100))} is not a host name`
            };
            this.note(rawHost.slice(0, 100), port, verdict);
            return { ...verdict, host: rawHost };
        }
        const verdict = (0,external_node_net_.isIP)(host)
            ? decide(this.o.policy, this.step, host, port, [host], this.localAddresses())
            : decideName(this.o.policy, this.step, host, port);
        if (!verdict.allowed || (0,external_node_net_.isIP)(host))
            this.note(host, port, verdict);
        return { ...verdict, host };
    }
    filter(port, host, socket, explain) {
        const mark = this.judged.get(socket);
        this.judged.delete(socket);
        // Plain HTTP was judged a moment ago by onRequest, for this destination and in this very step;
        // anything without that mark is a CONNECT tunnel.
        const fresh = mark && mark.key === `${host}:${port}` && mark.step === this.step;
        const verdict = fresh ? undefined : this.judge(host, port);
        if (verdict && !verdict.allowed) {
            explain?.(verdict.reason);
            return false;
        }
        const canonical = verdict?.host ?? canonicalHost(host) ?? host;
        if (!upstreamFor(this.o.upstream, canonical, mark?.https ?? true))
            return true;
        return this.judgeForUpstream(canonical, port).then((v) => {
            if (!v.allowed)
                explain?.(v.reason);
            return v.allowed;
        });
    }
    /**
     * A connection the upstream proxy will dial: the library resolves nothing then (lookupFor is
     * not asked), so the addresses are judged here, from the runner's resolver, and the allowed
     * outcome recorded. A name the runner cannot resolve (common behind a corporate proxy) is left
     * to the upstream's resolution, and the report says so.
     */
    async judgeForUpstream(host, port) {
        const step = this.step;
        if ((0,external_node_net_.isIP)(host))
            return { allowed: true, rule: 'ip-literal', reason: '' };
        const byName = decideName(this.o.policy, step, host, port);
        if (!byName.allowed)
            return byName;
        let addresses;
        try {
            addresses = await this.resolve(host);
        }
        catch {
            const verdict = {
                ...byName,
                rule: `${byName.rule}; via upstream proxy (not resolved on the runner)`
            };
            this.events.record(host, port, 'allowed', verdict);
            return verdict;
        }
        const verdict = decide(this.o.policy, step, host, port, addresses, this.localAddresses());
        if (!verdict.allowed) {
            this.note(host, port, verdict);
            return verdict;
        }
        this.events.record(host, port, 'allowed', {
            ...verdict,
            rule: `${verdict.rule}; via upstream proxy`,
            addresses: undefined
        });
        return verdict;
    }
    /** Plain HTTP: refusals answered here (with the reason), the rest handed to the library. */
    onRequest(req, res, handler) {
        const raw = req.url ?? '';
        if (raw.startsWith('/')) {
            const health = raw === egress_sandbox/* HEALTH_PATH */.Tu;
            res.writeHead(health ? 200 : 400, { 'Content-Type': 'text/plain', [PROXY_HEADER]: 'proxy' });
            res.end(health
                ? 'massgen-exec egress proxy\n'
                : 'massgen-exec egress proxy: send requests as an HTTP proxy client (absolute URI or CONNECT)\n');
            return;
        }
        let url;
        try {
            url = new URL(raw);
        }
        catch {
            return handler(req, res);
        }
        const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const verdict = this.judge(host, port);
        if (!verdict.allowed) {
            res.writeHead(403, { 'Content-Type': 'text/plain', [PROXY_HEADER]: verdict.rule });
            res.end(verdict.reason + '\n');
            return;
        }
        this.judged.set(req.socket, {
            key: `${host}:${port}`,
            step: this.step,
            https: url.protocol === 'https:'
        });
        handler(req, res);
    }
    /**
     * The dial-time half: resolve once, judge the name again (the step may have changed since the
     * filter ran) and every address, and hand the dialler only addresses that passed.
     */
    lookupFor(port) {
        return ((hostname, options, callback) => {
            const cb = callback;
            const step = this.step;
            const byName = decideName(this.o.policy, step, hostname, port);
            if (!byName.allowed) {
                this.note(hostname, port, byName);
                cb(new EgressRefusal(hostname, byName), []);
                return;
            }
            this.resolve(hostname).then((addresses) => {
                const family = options.family === 6 || options.family === 'IPv6'
                    ? 6
                    : options.family === 4 || options.family === 'IPv4'
                        ? 4
                        : 0;
                const candidates = family ? addresses.filter((a) => (0,external_node_net_.isIP)(a) === family) : addresses;
                const verdict = decide(this.o.policy, step, hostname, port, candidates, this.localAddresses());
                if (!verdict.allowed) {
                    this.events.record(hostname, port, verdict.rule === 'unresolved' ? 'failed' : 'refused', verdict);
                    this.o.log?.(verdict.reason);
                    cb(new EgressRefusal(hostname, verdict), []);
                    return;
                }
                this.events.record(hostname, port, 'allowed', { ...verdict, addresses: undefined });
                const kept = (verdict.addresses ?? []).map((a) => ({ address: a, family: (0,external_node_net_.isIP)(a) }));
                if (options.all)
                    cb(null, kept);
                else
                    cb(null, kept[0].address, kept[0].family);
            }, (err) => {
                this.events.record(hostname, port, 'failed', {
                    allowed: false,
                    rule: 'unresolved',
                    reason: `egress: ${hostname} did not resolve on the runner (${err.code ?? err.message})`
                });
                cb(err, []);
            });
        });
    }
}
const immediateDestroy = new WeakMap();
/** How long a tunnel's last bytes may take to reach a client that has stopped reading. */
const FLUSH_BACKSTOP_MS = 30_000;
/**
 * sandbox-runtime's CONNECT tunnel (0.0.83) destroys the client's socket as soon as the upstream
 * closes, which throws away what of the upstream's last bytes is still in that socket's write
 * buffer (seen: 12 KB missing from an 8 MB echo through the relay under load). A plain destroy()
 * after end() therefore waits for the buffer to drain ('finish'), with a backstop; a destroy with
 * an error, or before end(), is immediate as before. The proxy's own cuts use destroyNow().
 */
function flushBeforeDestroy(s, backstopMs = FLUSH_BACKSTOP_MS) {
    const destroy = s.destroy.bind(s);
    immediateDestroy.set(s, destroy);
    s.destroy = ((err) => {
        if (err || s.destroyed || !s.writableEnded || s.writableFinished || s.writableLength === 0)
            return destroy(err);
        const timer = setTimeout(() => destroy(), backstopMs);
        timer.unref();
        s.once('finish', () => {
            clearTimeout(timer);
            destroy();
        });
        return s;
    });
}
/** Destroys at once, buffered bytes or not (egress switched off, the proxy stopping). */
function destroyNow(s) {
    ;
    (immediateDestroy.get(s) ?? s.destroy.bind(s))();
}

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/runtime/egress/attachment.ts
// One agent's egress, end to end, for a sandbox without a network of its own: the host directory,
// the proxy on its socket, and the relay inside (found, started as nobody, probed). The sandbox
// is reached only through SandboxExec, so the docker session (or a test) supplies the engine.






const PROBE_ATTEMPTS = 50;
const PROBE_INTERVAL_MS = 100;
class EgressAttachment {
    proxy;
    hostDir;
    port;
    relayToken;
    interpreter;
    constructor(proxy, hostDir, port, 
    /** What the relay must send first on every connection to the socket (socket-gate.ts). */
    relayToken) {
        this.proxy = proxy;
        this.hostDir = hostDir;
        this.port = port;
        this.relayToken = relayToken;
    }
    /** Creates the host directory and starts the proxy (before the sandbox is created). */
    static async open(o) {
        const hostDir = await (0,egress_sandbox/* prepareEgressDir */.MW)(o.parentDir);
        const relayToken = newRelayToken();
        try {
            const proxy = await EgressProxy.start({
                policy: (0,config/* compileEgressPolicy */.jg)(o.config),
                listen: { socketPath: hostDir.socketPath },
                relayToken,
                resolve: o.resolve,
                now: o.now,
                log: o.log,
                upstream: o.upstream
            });
            return new EgressAttachment(proxy, hostDir, o.port ?? egress_sandbox/* RELAY_PORT */.Co, relayToken);
        }
        catch (err) {
            await (0,promises_.rm)(hostDir.dir, { recursive: true, force: true });
            throw err;
        }
    }
    /** The bind mount to add to the sandbox (read-only). */
    get mount() {
        return (0,egress_sandbox/* egressMount */.hH)(this.hostDir.dir);
    }
    /** Variables to add to the sandbox's environment (convenience; they open nothing). */
    get env() {
        return (0,egress_sandbox/* proxyEnv */.cS)(this.port);
    }
    /**
     * Call after every start of the sandbox (first start, restart, replacement): finds the relay's
     * interpreter, starts the relay as nobody unless it already answers, and waits until a probe
     * through relay and proxy succeeds. With `sudo`, also writes apt's proxy file (sudo drops the
     * variables). Throws EnvironmentError when the image has no usable interpreter.
     */
    async attach(sandbox, opts = {}) {
        if (this.interpreter && (await this.probe(sandbox)))
            return;
        if (!this.interpreter) {
            // Reading owners and modes needs no privilege: nothing here runs as root.
            const found = await sandbox.run(egress_sandbox/* FIND_RELAY_INTERPRETER_CMD */.mB, egress_sandbox/* RELAY_USER */.Ev);
            if (found.exitCode !== 0)
                throw new errors/* EnvironmentError */.eG('command_line_egress: the image has no python3 or node at /usr/bin or /usr/local/bin ' +
                    '(root-owned) to run the egress relay with', 'use an image with python3 or node installed by the system package manager, or drop command_line_egress');
            this.interpreter = found.stdout.trim();
        }
        await sandbox.spawn((0,egress_sandbox/* relayCommand */.PG)(this.interpreter, this.port), egress_sandbox/* RELAY_USER */.Ev, {
            [RELAY_TOKEN_ENV]: this.relayToken
        });
        for (let i = 0; i < PROBE_ATTEMPTS; i++) {
            if (await this.probe(sandbox))
                break;
            if (i === PROBE_ATTEMPTS - 1)
                throw new Error(`command_line_egress: the egress relay did not answer on 127.0.0.1:${this.port}`);
            await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
        }
        if (opts.sudo) {
            const apt = (0,egress_sandbox/* aptProxyConf */.e1)(this.port);
            const w = await sandbox.run(['/bin/sh', '-c', 'printf %s "$1" > "$2"', 'sh', apt.content, apt.path], '0:0');
            if (w.exitCode !== 0)
                throw new Error(`cannot write ${apt.path}: ${w.stderr.trim()}`);
        }
    }
    /** True when relay and proxy answer from inside the sandbox (readiness before a step). */
    async probe(sandbox) {
        if (!this.interpreter)
            return false;
        const r = await sandbox.run((0,egress_sandbox/* relayProbeCommand */.V)(this.interpreter, this.port), egress_sandbox/* RELAY_USER */.Ev);
        return r.exitCode === 0;
    }
    /** The relay's interpreter in the sandbox, once attached. */
    get relayInterpreter() {
        return this.interpreter;
    }
    /** Stops the proxy and removes the host directory (idempotent). */
    async close() {
        await this.proxy.stop().catch(() => undefined);
        await (0,promises_.rm)(this.hostDir.dir, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/runtime/egress/endpoint.ts
// One agent's egress as its session sees it, in every mode: the proxy that decides and records,
// the step it attributes to (switched before each step, and for a pseudo-step such as preinstall),
// the refusal lines logged once each, the "network refused" note on a step, the report. Two
// factories reach the proxy differently:
// - socket + relay (docker): the proxy on a Unix socket in a host directory mounted into the
//   network-less container, a relay inside (attachment.ts);
// - front + token (srt): the proxy listens nowhere; the process-wide front hands it the
//   connections that carry its token (srt/network.ts).





/** Distinct refusal lines logged per agent; past it, further ones are only counted in the report. */
const MAX_LOGGED_LINES = 1000;
/** Destinations named in a step's note; more are "…". */
const NOTE_NAMES = 5;
/**
 * `log` that passes each distinct line once (at most MAX_LOGGED_LINES): a client retrying the
 * same refused request does not flood the run's log.
 */
function onceEachLine(log) {
    const said = new Set();
    return (line) => {
        if (said.has(line) || said.size >= MAX_LOGGED_LINES)
            return;
        said.add(line);
        log(line);
    };
}
/** The runner's HTTPS_PROXY & co.; never with verify-isolation's own resolver (no upstream). */
function endpoint_upstreamFor(o) {
    const upstream = o.resolve ? undefined : upstreamFromEnv();
    if (upstream)
        o.log(`egress: ${describeUpstream(upstream)}`);
    return upstream;
}
class EgressEndpoint {
    proxy;
    policy;
    stop;
    step;
    constructor(proxy, policy, stop) {
        this.proxy = proxy;
        this.policy = policy;
        this.stop = stop;
    }
    /** What goes out from here on is `step`'s (undefined: outside any step, nothing goes out). */
    setStep(step) {
        this.step = step ? { ...step } : undefined;
        this.proxy.setStep(this.step);
    }
    get currentStep() {
        return this.step;
    }
    /** Runs `fn` in a pseudo-step (preinstall), then goes back to the step it interrupted. */
    async during(step, fn) {
        const previous = this.step;
        this.setStep(step);
        try {
            return await fn();
        }
        finally {
            this.setStep(previous);
        }
    }
    /** The destinations refused in the current step since `since` (ms), as a note; '' for none. */
    refusalNote(since) {
        if (!this.step)
            return '';
        const index = this.step.index;
        const from = new Date(since).toISOString();
        const refused = this.proxy.events
            .refused()
            .filter((r) => r.step === index && r.lastAt >= from && r.rule !== 'log-limit');
        if (!refused.length)
            return '';
        const names = [...new Set(refused.map((r) => `${r.host}:${r.port}`))];
        const more = names.length > NOTE_NAMES ? ', …' : '';
        return `network refused: ${names.slice(0, NOTE_NAMES).join(', ')}${more}`;
    }
    report() {
        return this.proxy.events.report();
    }
    /** Stops the proxy and releases how it was reached (idempotent). */
    close() {
        return this.stop();
    }
}
/** Docker: the proxy on a socket in a host directory, reached through a relay in the sandbox. */
async function openSocketEndpoint(o) {
    const attachment = await EgressAttachment.open({
        config: o.config,
        parentDir: o.parentDir,
        resolve: o.resolve,
        now: o.now,
        upstream: endpoint_upstreamFor(o),
        log: onceEachLine(o.log)
    });
    const endpoint = new EgressEndpoint(attachment.proxy, attachment.proxy.policy, () => attachment.close());
    return { endpoint, attachment };
}
/**
 * srt: the proxy listens nowhere; `register` makes the front hand it the connections carrying
 * the fresh token (and returns the undo).
 */
async function openFrontEndpoint(o) {
    const token = (0,external_node_crypto_.randomBytes)(16).toString('hex');
    const policy = (0,config/* compileEgressPolicy */.jg)(o.config);
    const proxy = await EgressProxy.start({
        policy,
        proxyAuthToken: token,
        resolve: o.resolve,
        now: o.now,
        upstream: endpoint_upstreamFor(o),
        log: onceEachLine(o.log)
    });
    const unregister = o.register(token, proxy);
    let stopped;
    const endpoint = new EgressEndpoint(proxy, policy, () => {
        stopped ??= (async () => {
            unregister();
            await proxy.stop().catch(() => undefined);
        })();
        return stopped;
    });
    return { endpoint, token };
}

;// CONCATENATED MODULE: ./src/runtime/egress/index.ts












/***/ }),

/***/ 30525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  wJ: () => (/* binding */ EGRESS_DIR_IN_SANDBOX),
  mB: () => (/* binding */ FIND_RELAY_INTERPRETER_CMD),
  Tu: () => (/* binding */ HEALTH_PATH),
  nZ: () => (/* binding */ PROXY_SOCKET_NAME),
  Co: () => (/* binding */ RELAY_PORT),
  Ev: () => (/* binding */ RELAY_USER),
  e1: () => (/* binding */ aptProxyConf),
  hH: () => (/* binding */ egressMount),
  MW: () => (/* binding */ prepareEgressDir),
  cS: () => (/* binding */ proxyEnv),
  PG: () => (/* binding */ relayCommand),
  V: () => (/* binding */ relayProbeCommand)
});

// UNUSED EXPORTS: RELAY_INTERPRETERS, relayInterpreter

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/runtime/egress/forwarder.ts
// The in-sandbox half of the topology: a relay from 127.0.0.1:<port> inside the agent's network
// namespace (which has no other interface) to the host proxy's Unix socket, bind-mounted read-only.
// Tools that only speak TCP to a proxy (pip, npm, git, curl) reach it through this. It carries no
// policy: the proxy on the host decides, so a process that connects to the socket directly, or
// replaces the relay on the port, still gets only what the proxy allows.
//
// Two implementations of the same relay, so an image needs either python3 or node (the runtime
// image has both; a slimmer custom image usually keeps one): the harness picks the first
// interpreter found at an absolute, root-owned path (never one on the agent's PATH, which the
// agent can write to), and runs it as a uid other than the agent's, so the agent's `kill -9 -1` on
// a timeout spares it. Both are single-threaded (selectors / the event loop): a relay that needed a
// thread per connection would stop relaying when the agent exhausts the container's pids limit.
/** Python 3 (3.3+) relay. `--probe PORT` asks the proxy's health endpoint through the relay. */
const FORWARD_PY = `# massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import os, selectors, socket, sys

BUF = 262144
# Sent first on every connection to the socket: the proxy serves nothing else (socket-gate.ts).
PREAMBLE = ("MASSGEN-EGRESS %s\\n" % os.environ.get("MASSGEN_EGRESS_TOKEN", "")).encode()
sel = selectors.DefaultSelector()


class End:
    def __init__(self, sock):
        self.sock, self.peer, self.out = sock, None, b""
        self.eof = self.shut = self.closed = False


def close_pair(e):
    for x in (e, e.peer):
        if x is not None and not x.closed:
            x.closed = True
            try:
                sel.unregister(x.sock)
            except (KeyError, ValueError):
                pass
            x.sock.close()


def want(e):
    if e.closed:
        return
    ev = 0
    if not e.eof and not e.peer.out:
        ev |= selectors.EVENT_READ
    if e.out:
        ev |= selectors.EVENT_WRITE
    registered = e.sock in sel.get_map()
    if ev == 0:
        if registered:
            sel.unregister(e.sock)
    elif registered:
        sel.modify(e.sock, ev, e)
    else:
        sel.register(e.sock, ev, e)


def flush(e):
    try:
        n = e.sock.send(e.out)
        e.out = e.out[n:]
    except (BlockingIOError, InterruptedError):
        pass


def settle(e):
    for x in (e, e.peer):
        if x.eof and not x.peer.out and not x.peer.shut:
            x.peer.shut = True
            try:
                x.peer.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
    if e.eof and e.peer.eof and not e.out and not e.peer.out:
        close_pair(e)
    else:
        want(e)
        want(e.peer)


def on_event(e, mask):
    if mask & selectors.EVENT_WRITE and e.out:
        flush(e)
    if mask & selectors.EVENT_READ and not e.closed:
        try:
            data = e.sock.recv(BUF)
        except (BlockingIOError, InterruptedError):
            data = None
        if data == b"":
            e.eof = True
        elif data:
            e.peer.out = memoryview(data)
            flush(e.peer)


def accept(srv, path):
    try:
        c, _ = srv.accept()
    except OSError:
        return
    u = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        u.settimeout(5)
        u.connect(path)
        u.sendall(PREAMBLE)
    except OSError:
        c.close()
        u.close()
        return
    c.setblocking(False)
    u.setblocking(False)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    a, b = End(c), End(u)
    a.peer, b.peer = b, a
    want(a)
    want(b)


def probe(port):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n")
        head = s.recv(64)
    except OSError as err:
        print("egress relay not answering: %s" % err)
        return 1
    ok = head.split(b"\\r\\n")[0].split(b" ")[1:2] == [b"200"]
    print("ok" if ok else "egress proxy answered %r" % head[:40])
    return 0 if ok else 1


def main(argv):
    if len(argv) == 3 and argv[1] == "--probe":
        return probe(int(argv[2]))
    path, port = argv[1], int(argv[2])
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(256)
    srv.setblocking(False)
    sel.register(srv, selectors.EVENT_READ, None)
    while True:
        for key, mask in sel.select():
            if key.data is None:
                accept(srv, path)
                continue
            e = key.data
            if e.closed:
                continue
            try:
                on_event(e, mask)
            except OSError:
                close_pair(e)
                continue
            if not e.closed:
                settle(e)


sys.exit(main(sys.argv))
`;
/** Node relay (any Node >= 12), the same contract as FORWARD_PY. */
const FORWARD_MJS = `// massgen-exec egress relay: 127.0.0.1:PORT -> the host proxy's Unix socket. No policy here.
import net from 'node:net'

const [, , first, second] = process.argv
if (first === '--probe') {
  const s = net.connect({ host: '127.0.0.1', port: Number(second) })
  const fail = (why) => {
    console.log('egress relay not answering: ' + why)
    process.exit(1)
  }
  s.setTimeout(5000, () => fail('timeout'))
  s.on('error', (e) => fail(e.message))
  s.on('close', () => fail('closed without an answer'))
  s.on('connect', () => s.write('GET /__massgen_egress/health HTTP/1.0\\r\\n\\r\\n'))
  s.once('data', (d) => {
    const ok = String(d).split('\\r\\n')[0].split(' ')[1] === '200'
    console.log(ok ? 'ok' : 'egress proxy answered ' + JSON.stringify(String(d).slice(0, 40)))
    process.exit(ok ? 0 : 1)
  })
} else {
  const server = net.createServer({ allowHalfOpen: true }, (c) => {
    c.setNoDelay(true)
    const u = net.connect({ path: first, allowHalfOpen: true })
    // Sent first on every connection to the socket: the proxy serves nothing else.
    u.write('MASSGEN-EGRESS ' + (process.env.MASSGEN_EGRESS_TOKEN || '') + '\\n')
    const end = () => {
      c.destroy()
      u.destroy()
    }
    c.on('error', end)
    u.on('error', end)
    c.on('close', () => u.destroy())
    u.on('close', () => c.destroy())
    c.pipe(u)
    u.pipe(c)
  })
  server.listen(Number(second), '127.0.0.1')
}
`;

;// CONCATENATED MODULE: ./src/runtime/egress/sandbox.ts
// What a sandbox needs to reach the egress proxy, as data: the host directory with the proxy's
// socket and the relay scripts, its read-only mount, the relay's command line (run as a uid other
// than the agent's), the probe, and the convenience variables. The docker session (and anything
// else that runs a network-less namespace) applies these; nothing here talks to an engine.




/** Where the host directory appears inside the sandbox (short: Unix socket paths max 107 bytes). */
const EGRESS_DIR_IN_SANDBOX = '/run/massgen-egress';
const PROXY_SOCKET_NAME = 'proxy.sock';
/** The relay's port on the sandbox's loopback (squid's; unlikely to clash with a test server). */
const RELAY_PORT = 3128;
/** nobody: not the agent's uid, so `kill -9 -1` as the agent spares the relay. */
const RELAY_USER = '65534:65534';
/** The origin-form path the proxy answers 200 on, unrecorded: a readiness check, not egress. */
const HEALTH_PATH = '/__massgen_egress/health';
/** Absolute, root-owned locations only: an interpreter found on the agent's PATH could be the agent's. */
const RELAY_INTERPRETERS = [
    // -I: no PYTHON* variables, no user site, no script-directory sys.path entry; -S: no site.py.
    { path: '/usr/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
    { path: '/usr/local/bin/python3', args: ['-I', '-S'], script: 'forward.py' },
    { path: '/usr/bin/node', args: [], script: 'forward.mjs' },
    { path: '/usr/local/bin/node', args: [], script: 'forward.mjs' }
];
/**
 * Run as root in the sandbox: prints the first relay interpreter that exists, is owned by root and
 * is not group/world-writable (after symlinks); exit 1 when there is none.
 */
const FIND_RELAY_INTERPRETER_CMD = [
    '/bin/sh',
    '-c',
    'for p in "$@"; do [ -x "$p" ] || continue; s=$(stat -L -c "%u %a" "$p" 2>/dev/null) || continue; ' +
        'case "$s" in "0 "*[2367][0-7]|"0 "*[2367]) continue;; "0 "*) echo "$p"; exit 0;; esac; done; exit 1',
    'sh',
    ...RELAY_INTERPRETERS.map((i) => i.path)
];
function relayInterpreter(path) {
    const found = RELAY_INTERPRETERS.find((i) => i.path === path);
    if (!found)
        throw new Error(`not a relay interpreter: ${path}`);
    return found;
}
/** The relay's command line (exec'd detached as RELAY_USER, no shell, absolute paths). */
function relayCommand(interpreterPath, port = RELAY_PORT, socketName = PROXY_SOCKET_NAME) {
    const i = relayInterpreter(interpreterPath);
    return [
        i.path,
        ...i.args,
        `${EGRESS_DIR_IN_SANDBOX}/${i.script}`,
        `${EGRESS_DIR_IN_SANDBOX}/${socketName}`,
        String(port)
    ];
}
/** Exit 0 and "ok" when relay and proxy both answer (the readiness check before a step). */
function relayProbeCommand(interpreterPath, port = RELAY_PORT) {
    const i = relayInterpreter(interpreterPath);
    return [i.path, ...i.args, `${EGRESS_DIR_IN_SANDBOX}/${i.script}`, '--probe', String(port)];
}
/**
 * A fresh host directory (0755, short path under `parent`) holding both relay scripts; the proxy
 * creates its socket in it. The directory is the sandbox's only way out, so it holds nothing else.
 */
async function prepareEgressDir(parent = (0,external_node_os_.tmpdir)()) {
    const dir = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)(parent, 'mgx-egress-')));
    await (0,promises_.chmod)(dir, 0o755);
    await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'forward.py'), FORWARD_PY, { mode: 0o644 });
    await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'forward.mjs'), FORWARD_MJS, { mode: 0o644 });
    const socketPath = (0,external_node_path_.join)(dir, PROXY_SOCKET_NAME);
    if (Buffer.byteLength(socketPath) > 100)
        throw new Error(`egress socket path too long for a Unix socket: ${socketPath}`);
    return { dir, socketPath };
}
/** The bind mount (same shape as the docker runtime's BindMount). */
function egressMount(hostDir) {
    return { source: hostDir, target: EGRESS_DIR_IN_SANDBOX, readOnly: true };
}
/**
 * Variables that point the usual clients at the relay. Convenience only: unsetting them opens
 * nothing (the sandbox has no other route), it only makes requests fail.
 */
function proxyEnv(port = RELAY_PORT) {
    const url = `http://127.0.0.1:${port}`;
    const noProxy = 'localhost,127.0.0.1,::1';
    return {
        HTTP_PROXY: url,
        HTTPS_PROXY: url,
        http_proxy: url,
        https_proxy: url,
        NO_PROXY: noProxy,
        no_proxy: noProxy,
        // yarn classic reads npm's config variables; yarn berry its own.
        npm_config_proxy: url,
        npm_config_https_proxy: url,
        YARN_HTTP_PROXY: url,
        YARN_HTTPS_PROXY: url,
        // Node's own fetch/http honour the variables when asked (Node >= 22.21 / 24.5).
        NODE_USE_ENV_PROXY: '1',
        // The JVM reads none of the variables.
        JAVA_TOOL_OPTIONS: `-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=${port} -Dhttps.proxyHost=127.0.0.1 ` +
            `-Dhttps.proxyPort=${port} -Dhttp.nonProxyHosts=localhost|127.0.0.1`
    };
}
/** For a sudo image: apt run through sudo loses the variables (env_reset); apt reads this file. */
function aptProxyConf(port = RELAY_PORT) {
    return {
        path: '/etc/apt/apt.conf.d/99massgen-egress',
        content: `Acquire::http::Proxy "http://127.0.0.1:${port}";\n` +
            `Acquire::https::Proxy "http://127.0.0.1:${port}";\n`
    };
}


/***/ })

};
