export const id = 123;
export const ids = [123,296];
export const modules = {

/***/ 52468:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ delay)
/* harmony export */ });
// A timer as a promise, for polls and short waits.
/** Resolves after `ms`; `unref`: the timer does not keep the process alive on its own. */
function delay(ms, opts = {}) {
    return new Promise((resolve) => {
        const t = setTimeout(resolve, ms);
        if (opts.unref)
            t.unref();
    });
}


/***/ }),

/***/ 26205:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fn: () => (/* binding */ parseEgressConfig),
/* harmony export */   jg: () => (/* binding */ compileEgressPolicy)
/* harmony export */ });
/* unused harmony exports domainEntryProblem, loopbackEntryProblem, cidrProblem, presetProblem, emptyEgressConfig */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _presets_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(27687);
/* harmony import */ var _srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(89258);
// `command_line_egress` → the compiled policy the decision function reads. Entry and CIDR checks
// live here so the config loader (with positions) and the runtimes use the same rules.



/** Why an allowed_domains entry is not valid, or undefined when it is. */
function domainEntryProblem(entry) {
    if (entry.trim() !== entry || entry === '')
        return `${JSON.stringify(entry)} is empty or has surrounding spaces`;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry))
        return `${JSON.stringify(entry)} is a URL; give the host name only (with an optional :port)`;
    if (entry === '*' || /^\*\.[^.]+$/.test(entry))
        return `${JSON.stringify(entry)} is too broad; name a domain such as "*.example.com"`;
    const host = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .splitDomainPatternPort */ .Qb)(entry).hostPattern;
    // The shared pattern check counts dots and wildcards but not characters.
    const plain = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) !== 0 || /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i.test(host);
    if (!plain || !(0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .isValidAllowedDomainEntry */ .dQ)(entry))
        return (`${JSON.stringify(entry)} is not a host name, "*.domain" wildcard or IP literal ` +
            '(IPv6 in brackets), with an optional ":port"');
    return undefined;
}
/**
 * Why an allowed_domains entry names the sandbox's own loopback (localhost, *.localhost,
 * 127.0.0.0/8, ::1), or undefined. Such an entry can never work: inside the container (or the srt
 * sandbox) those are the sandbox's own loopback, which clients reach directly (NO_PROXY), never
 * through the egress proxy and never on the runner. The config refuses it; the runtimes do not
 * (tests hand the proxy loopback literals directly).
 */
function loopbackEntryProblem(entry) {
    const host = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .splitDomainPatternPort */ .Qb)(entry)
        .hostPattern.replace(/^\[|\]$/g, '')
        .toLowerCase();
    const loopback = host === 'localhost' ||
        host.endsWith('.localhost') ||
        ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 4 && host.startsWith('127.')) ||
        ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 6 && /^(0*:)*:?0*1$/.test(host));
    if (!loopback)
        return undefined;
    return (`${JSON.stringify(entry)} is the sandbox's own loopback: inside the sandbox localhost and ` +
        '127.0.0.0/8 (and ::1) are its own, reached directly and never through the egress proxy, so a ' +
        'service on the runner is not reachable that way; give the service a name that resolves to a ' +
        'runner address (e.g. in /etc/hosts), list the name here and the address in allowed_private_ranges');
}
/** Why an allowed_private_ranges entry is not a CIDR or IP literal, or undefined. */
function cidrProblem(entry) {
    return (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .parseAddressRange */ .J)(entry)
        ? undefined
        : `${JSON.stringify(entry)} is not an IP address or CIDR range such as "10.0.0.0/8" or "fd00::/8"`;
}
function presetProblem(name) {
    return _presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESETS */ .f[name]
        ? undefined
        : `unknown preset ${JSON.stringify(name)}; one of ${_presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESET_NAMES */ .d.join(', ')}`;
}
/** An egress config with nothing in it but defaults (what an empty `command_line_egress: {}` means). */
function emptyEgressConfig() {
    return {
        allowedDomains: [],
        presets: [],
        allowedPrivateRanges: [],
        audit: false,
        srtAllowedDomains: []
    };
}
/**
 * Raw YAML values → EgressConfig, collecting problems as (key path, message) so the loader can
 * pin each to its position. `srtAllowedDomains` is MassGen's `command_line_srt_network_allowed_domains`
 * (srt agents), which adds to the same list.
 */
function parseEgressConfig(raw, srtAllowedDomains, report) {
    const cfg = emptyEgressConfig();
    const list = (v) => (Array.isArray(v) ? v : []);
    list(raw?.allowed_domains).forEach((e, i) => {
        const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e));
        if (problem)
            report(['allowed_domains', i], `allowed_domains[${i}]: ${problem}`);
        else
            cfg.allowedDomains.push(String(e));
    });
    list(raw?.presets).forEach((e, i) => {
        const problem = presetProblem(String(e));
        if (problem)
            report(['presets', i], `presets[${i}]: ${problem}`);
        else if (!cfg.presets.includes(String(e)))
            cfg.presets.push(String(e));
    });
    list(raw?.allowed_private_ranges).forEach((e, i) => {
        const problem = cidrProblem(String(e));
        if (problem)
            report(['allowed_private_ranges', i], `allowed_private_ranges[${i}]: ${problem}`);
        else
            cfg.allowedPrivateRanges.push(String(e));
    });
    cfg.audit = raw?.audit === true;
    list(srtAllowedDomains).forEach((e, i) => {
        const problem = domainEntryProblem(String(e)) ?? loopbackEntryProblem(String(e));
        if (problem)
            report(['srt', i], `command_line_srt_network_allowed_domains[${i}]: ${problem}`);
        else
            cfg.srtAllowedDomains.push(String(e));
    });
    return cfg;
}
/** Throws on an entry the loader would have refused (a caller that skipped validation). */
function compileEgressPolicy(config) {
    const rules = [];
    const seen = new Set();
    const add = (entry, source) => {
        const problem = domainEntryProblem(entry);
        if (problem)
            throw new Error(`egress: ${problem}`);
        const key = entry.toLowerCase();
        if (seen.has(key))
            return;
        seen.add(key);
        rules.push({ entry, source });
    };
    for (const e of config.allowedDomains)
        add(e, 'allowed_domains');
    for (const p of config.presets) {
        const problem = presetProblem(p);
        if (problem)
            throw new Error(`egress: ${problem}`);
        for (const e of _presets_js__WEBPACK_IMPORTED_MODULE_1__/* .PRESETS */ .f[p])
            add(e, `preset ${p}`);
    }
    for (const e of config.srtAllowedDomains)
        add(e, 'command_line_srt_network_allowed_domains');
    const privateRanges = config.allowedPrivateRanges.map((cidr) => {
        const range = (0,_srt_pieces_js__WEBPACK_IMPORTED_MODULE_2__/* .parseAddressRange */ .J)(cidr);
        if (!range)
            throw new Error(`egress: ${cidrProblem(cidr)}`);
        const list = new node_net__WEBPACK_IMPORTED_MODULE_0__.BlockList();
        list.addSubnet(range.address, range.prefix, range.family);
        return { cidr, list };
    });
    return { config, audit: config.audit, rules, privateRanges };
}


/***/ }),

/***/ 27687:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ PRESET_NAMES),
/* harmony export */   f: () => (/* binding */ PRESETS)
/* harmony export */ });
// Named domain lists kept in the product, for `command_line_egress.presets`. Each is what the
// ecosystem's own client fetches from on a default configuration, and no more: generic storage
// hosts where anyone can create a bucket (storage.googleapis.com, *.s3.amazonaws.com,
// *.blob.core.windows.net) are left out on purpose, because an allowlisted upload target is an
// exfiltration channel. A project that needs one lists the exact bucket host in allowed_domains.
// Sources: each tool's documentation of its endpoints, cross-checked against GitHub's gh-aw
// ecosystem lists (pkg/workflow/data/ecosystem_domains.json).
const PRESETS = {
    /** pip / uv / poetry against PyPI: the index, the file CDN, get-pip. */
    python: ['pypi.org', 'files.pythonhosted.org', 'pypi.python.org', 'bootstrap.pypa.io'],
    /** conda / mamba against the default channels. */
    conda: ['conda.anaconda.org', 'repo.anaconda.com'],
    /** npm, yarn (classic and berry), pnpm against the public registry; node-gyp's headers. */
    npm: ['registry.npmjs.org', 'registry.yarnpkg.com', 'repo.yarnpkg.com', 'nodejs.org'],
    /** git over HTTPS, the API, archives, raw files, release assets, LFS objects. */
    github: [
        'github.com',
        'api.github.com',
        'codeload.github.com',
        'raw.githubusercontent.com',
        'objects.githubusercontent.com',
        'release-assets.githubusercontent.com',
        'media.githubusercontent.com',
        'github-cloud.githubusercontent.com',
        'github-cloud.s3.amazonaws.com'
    ],
    /** apt on Debian (deb.debian.org is the CDN front for every suite). */
    debian: ['deb.debian.org', 'security.debian.org'],
    /** apt on Ubuntu (amd64 and ports), and Launchpad PPAs. */
    ubuntu: [
        'archive.ubuntu.com',
        'security.ubuntu.com',
        'ports.ubuntu.com',
        'ppa.launchpadcontent.net'
    ],
    /** Go modules through the default GOPROXY and checksum database; toolchain downloads. */
    go: ['proxy.golang.org', 'sum.golang.org', 'go.dev', 'dl.google.com'],
    /** cargo's sparse index and crate files; rustup. */
    rust: [
        'crates.io',
        'index.crates.io',
        'static.crates.io',
        'static.rust-lang.org',
        'sh.rustup.rs'
    ],
    /** RubyGems / bundler. */
    ruby: ['rubygems.org', 'index.rubygems.org'],
    /** Maven Central and the Gradle distribution and plugin portal. */
    java: [
        'repo.maven.apache.org',
        'repo1.maven.org',
        'services.gradle.org',
        'downloads.gradle.org',
        'plugins.gradle.org',
        'plugins-artifacts.gradle.org'
    ]
};
const PRESET_NAMES = Object.keys(PRESETS);


/***/ }),

/***/ 89258:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BO: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.BO),
/* harmony export */   J: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.J),
/* harmony export */   NH: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__.N),
/* harmony export */   Qb: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.Qb),
/* harmony export */   RH: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.RH),
/* harmony export */   TZ: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.TZ),
/* harmony export */   dQ: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__.dQ),
/* harmony export */   gn: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.gn),
/* harmony export */   ix: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_resolved_address_guard_js__WEBPACK_IMPORTED_MODULE_1__.ix),
/* harmony export */   pb: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.pb),
/* harmony export */   sB: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.sB),
/* harmony export */   vL: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__.vL),
/* harmony export */   y0: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__.y),
/* harmony export */   yL: () => (/* reexport safe */ _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__.yL)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_http_proxy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99785);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_resolved_address_guard_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76593);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_parent_proxy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(84457);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_domain_pattern_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(81683);
/* harmony import */ var _anthropic_ai_sandbox_runtime_dist_sandbox_address_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(98306);
// The pieces of @anthropic-ai/sandbox-runtime the egress model is built on, imported in one place.
// They are internal modules of the package (it has no exports map, so the paths resolve), pinned by
// the dependency's ^0.0.x range to one version; an upgrade is checked here and by the unit tests
// that pin their behaviour (__tests__/unit/lib/egress/srt-pieces.test.ts).
//
// Why borrow rather than write: the HTTP/CONNECT proxy (createHttpProxyServer) already handles what
// a hand-written one gets wrong — host canonicalisation (`0x7f.1`, trailing dots, IPv4-mapped
// literals), hop-by-hop headers, half-closed tunnels, clients that vanish mid-decision — and it
// takes exactly the two hooks our model needs: a name filter and a per-port `lookup` that decides
// which resolved address is dialled. Using its domain-pattern matcher too means an entry means the
// same thing in docker mode, in srt mode and in MassGen's `command_line_srt_network_allowed_domains`.







/***/ }),

/***/ 25659:
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


/***/ }),

/***/ 89332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   kz: () => (/* binding */ uidOf),
/* harmony export */   oQ: () => (/* binding */ NOBODY),
/* harmony export */   tN: () => (/* binding */ parseUser)
/* harmony export */ });
/* unused harmony export formatUser */
// The numeric `uid:gid` the sandboxes run commands as (command_line_docker_user, the image's
// default, the workspace's owner), and `nobody`: the uid the keepalive, the egress relay, the OOM
// reader and the isolation probes' marker process use, because the agent's `kill -9 -1` spares it.
/** nobody:nogroup on Debian and in our image; never the agent's uid unless a config makes it so. */
const NOBODY = '65534:65534';
/** The uid of a `uid[:gid]` string, or undefined when it does not start with a number. */
function uidOf(user) {
    const head = user.split(':')[0];
    return /^\d+$/.test(head) ? Number(head) : undefined;
}
/**
 * `uid:gid` → Ids. A missing or non-numeric gid means the uid's own (`1000` is `1000:1000`), as
 * the engine does for a bare uid; a missing or non-numeric uid throws.
 */
function parseUser(user) {
    const uid = uidOf(user);
    if (uid === undefined)
        throw new Error(`docker user ${user} must be numeric uid:gid`);
    const gid = uidOf(user.split(':')[1] ?? '');
    return { uid, gid: gid ?? uid };
}
function formatUser(ids) {
    return `${ids.uid}:${ids.gid}`;
}


/***/ }),

/***/ 8175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ck: () => (/* binding */ caEnv),
/* harmony export */   KM: () => (/* binding */ describeCaBundle),
/* harmony export */   L9: () => (/* binding */ CA_DIR_IN_SANDBOX),
/* harmony export */   e3: () => (/* binding */ CA_ENV_NAMES),
/* harmony export */   ft: () => (/* binding */ BUNDLE_NAME),
/* harmony export */   qA: () => (/* binding */ writeCaBundle),
/* harmony export */   to: () => (/* binding */ mergeCaEntries),
/* harmony export */   yw: () => (/* binding */ caCertificatesOption),
/* harmony export */   zm: () => (/* binding */ SANDBOX_TRUST_STORE)
/* harmony export */ });
/* unused harmony exports SYSTEM_BUNDLES, parseCertificates, buildCaBundle */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _config_defaults_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(31954);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(83916);
// `command_line_ca_certificates` and the `ca-certificates` option: one PEM bundle per sandbox (the
// runner's system bundle plus the listed certificates), written to a fresh host directory, that
// the docker session mounts read-only over the image's trust-store file and srt hands to its
// sandboxed commands; the usual clients' variables point at it.
//
// The paths come from the config, which in a pull request the agent may have written, and the
// bundle is readable inside the sandbox: so only certificates go in, each parsed and re-encoded.
// A path naming some other file (a key, a token) is refused without a byte of it reaching the
// sandbox or the log.







/** Where Linux distributions keep their system bundle (Debian/Ubuntu/Alpine, Fedora/RHEL, SUSE). */
const SYSTEM_BUNDLES = [
    '/etc/ssl/certs/ca-certificates.crt',
    '/etc/pki/tls/certs/ca-bundle.crt',
    '/etc/ssl/ca-bundle.pem',
    '/etc/ssl/cert.pem'
];
/** The file in the sandbox the bundle replaces: the Debian/Ubuntu/Alpine trust store. */
const SANDBOX_TRUST_STORE = '/etc/ssl/certs/ca-certificates.crt';
/** Where the bundle's directory is mounted in a container too (a path no image owns). */
const CA_DIR_IN_SANDBOX = '/run/massgen-ca';
const BUNDLE_NAME = 'ca-certificates.crt';
/** The variables that point the usual clients at a bundle (OpenSSL, Node, requests, pip, curl, git). */
const CA_ENV_NAMES = [
    'SSL_CERT_FILE',
    'NODE_EXTRA_CA_CERTS',
    'REQUESTS_CA_BUNDLE',
    'PIP_CERT',
    'CURL_CA_BUNDLE',
    'GIT_SSL_CAINFO'
];
function caEnv(bundlePath) {
    return Object.fromEntries(CA_ENV_NAMES.map((n) => [n, bundlePath]));
}
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+?-----END CERTIFICATE-----/g;
/** Every certificate in `text`, re-encoded; throws (naming `label`, never the content) otherwise. */
function parseCertificates(text, label) {
    const out = [];
    for (const m of text.matchAll(PEM_BLOCK)) {
        try {
            out.push(new node_crypto__WEBPACK_IMPORTED_MODULE_0__.X509Certificate(m[0]).toString().trim());
        }
        catch {
            throw new Error(`${label}: a CERTIFICATE block does not parse as an X.509 certificate`);
        }
    }
    if (out.length === 0)
        throw new Error(`${label}: no PEM certificate ("-----BEGIN CERTIFICATE-----") in the file`);
    return out;
}
async function firstReadable(paths) {
    for (const path of paths) {
        const text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(path, 'utf8').catch(() => undefined);
        if (text !== undefined)
            return { path, text };
    }
    return undefined;
}
/**
 * The runner's system bundle (so public sites stay trusted) and every listed file's certificates.
 * `system` in the list makes a missing system bundle an error; without it, a warning.
 */
async function buildCaBundle(entries, o = {}) {
    const candidates = o.systemBundles ?? SYSTEM_BUNDLES;
    const certs = [];
    const sources = [];
    const system = await firstReadable(candidates);
    if (system) {
        certs.push(...parseCertificates(system.text, `system CA bundle ${system.path}`));
        sources.push(system.path);
    }
    else if (entries.includes(_config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(`ca-certificates: system: the runner has no system CA bundle (looked at ${candidates.join(', ')})`, 'list the CA files instead of "system"');
    }
    else {
        o.log?.(`warning: the runner has no system CA bundle (${candidates.join(', ')}): the sandbox trusts only the listed certificates`);
    }
    for (const path of entries.filter((e) => e !== _config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt)) {
        let text;
        try {
            text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(path, 'utf8');
        }
        catch (err) {
            const code = err.code ?? 'unreadable';
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(`ca-certificates: ${path} cannot be read (${code})`, 'give the path of a PEM file of CA certificates on the runner');
        }
        try {
            certs.push(...parseCertificates(text, `ca-certificates: ${path}`));
        }
        catch (err) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .EnvironmentError */ .eG(err.message, 'give a PEM file of CA certificates');
        }
        sources.push(path);
    }
    const unique = [...new Set(certs)];
    return { pem: unique.join('\n') + '\n', count: unique.length, sources };
}
/** buildCaBundle, written to a fresh host directory any sandbox uid can read. */
async function writeCaBundle(entries, o = {}) {
    const bundle = await buildCaBundle(entries, o);
    const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(o.parent ?? (0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'mgx-ca-')));
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(dir, 0o755);
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, BUNDLE_NAME);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)(file, bundle.pem, { mode: 0o644 });
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(file, 0o644);
    return { ...bundle, dir, file, remove: () => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(dir, { recursive: true, force: true }) };
}
/** The agent's entries and the run's (`ca-certificates` option), `system` first, no repeats. */
function mergeCaEntries(own, run) {
    const all = [...(run ?? []), ...(own ?? [])];
    if (all.length === 0)
        return undefined;
    const merged = [...new Set(all)];
    return merged.includes(_config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt) ? [_config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt, ...merged.filter((e) => e !== _config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt)] : merged;
}
/**
 * The `ca-certificates` option as the CLI and the action take it: paths separated by commas or
 * new lines (relative ones against `base`), or `system`.
 */
function caCertificatesOption(value, base) {
    const list = (value ?? '')
        .split(/[,\n]/)
        .map((x) => x.trim())
        .filter(Boolean)
        .map((x) => (x === _config_defaults_js__WEBPACK_IMPORTED_MODULE_5__/* .SYSTEM_CA */ .vt ? x : (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(base, x)));
    return list.length ? [...new Set(list)] : undefined;
}
/** One log line about the bundle (no certificate content). */
function describeCaBundle(b) {
    return `CA bundle: ${b.count} certificates from ${b.sources.join(', ')}`;
}


/***/ }),

/***/ 56123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  AGENT_HOME: () => (/* reexport */ AGENT_HOME),
  AGENT_USER: () => (/* reexport */ defaults/* DEFAULT_USER */.Az),
  CREDENTIAL_MOUNTS: () => (/* reexport */ CREDENTIAL_MOUNTS),
  DEFAULT_IMAGE: () => (/* reexport */ defaults/* DEFAULT_IMAGE */.__),
  DEFAULT_SUDO_IMAGE: () => (/* reexport */ defaults/* DEFAULT_SUDO_IMAGE */.mO),
  GVISOR_RUNTIME: () => (/* reexport */ GVISOR_RUNTIME),
  GVISOR_SETUP_SCRIPT: () => (/* reexport */ GVISOR_SETUP_SCRIPT),
  HARNESS_PATH: () => (/* reexport */ HARNESS_PATH),
  KEEPALIVE_USER: () => (/* reexport */ KEEPALIVE_USER),
  LABEL_AGENT: () => (/* reexport */ LABEL_AGENT),
  LABEL_CONTEXT_HASH: () => (/* reexport */ LABEL_CONTEXT_HASH),
  LABEL_MANAGED: () => (/* reexport */ LABEL_MANAGED),
  LABEL_OWNER_BOOT: () => (/* reexport */ LABEL_OWNER_BOOT),
  LABEL_OWNER_HOST: () => (/* reexport */ LABEL_OWNER_HOST),
  LABEL_OWNER_PID: () => (/* reexport */ LABEL_OWNER_PID),
  LABEL_OWNER_START: () => (/* reexport */ LABEL_OWNER_START),
  LABEL_RUN: () => (/* reexport */ LABEL_RUN),
  LABEL_VARIANT: () => (/* reexport */ LABEL_VARIANT),
  LABEL_VERSION: () => (/* reexport */ LABEL_VERSION),
  PROCESS_LISTING: () => (/* reexport */ PROCESS_LISTING),
  SUDO_CAPABILITIES: () => (/* reexport */ SUDO_CAPABILITIES),
  checkRegistryRepository: () => (/* reexport */ checkRegistryRepository),
  checkRuntime: () => (/* reexport */ checkRuntime),
  connectDocker: () => (/* reexport */ connectDocker),
  containerName: () => (/* reexport */ containerName),
  contextHash: () => (/* reexport */ contextHash),
  createDockerRuntime: () => (/* reexport */ createDockerRuntime),
  dockerDefaults: () => (/* reexport */ dockerDefaults),
  ensureImage: () => (/* reexport */ ensureImage),
  execTarget: () => (/* reexport */ execTarget),
  harnessExec: () => (/* reexport */ harnessExec),
  isAgentSurvivor: () => (/* reexport */ isAgentSurvivor),
  isGvisorRuntime: () => (/* reexport */ isGvisorRuntime),
  isImageArchiveError: () => (/* reexport */ errors/* isImageArchiveError */.U2),
  isOwnImage: () => (/* reexport */ isOwnImage),
  isSudoImage: () => (/* reexport */ isSudoImage),
  kernelIdentity: () => (/* reexport */ kernelIdentity),
  loadImageArchive: () => (/* reexport */ loadImageArchive),
  parseProcessListing: () => (/* reexport */ parseProcessListing),
  planMounts: () => (/* reexport */ planMounts),
  resolveCredentialEnv: () => (/* reexport */ resolveCredentialEnv),
  runExec: () => (/* reexport */ runExec),
  saveImageArchive: () => (/* reexport */ saveImageArchive),
  scratchTmpfs: () => (/* reexport */ scratchTmpfs),
  sudoBaseImage: () => (/* reexport */ sudoBaseImage),
  sweepRun: () => (/* reexport */ sweepRun),
  sweepStale: () => (/* reexport */ sweepStale)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/config/defaults.ts
var defaults = __webpack_require__(31954);
// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
// EXTERNAL MODULE: ./src/lib/user.ts
var lib_user = __webpack_require__(89332);
;// CONCATENATED MODULE: ./src/runtime/docker/labels.ts
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
const KEEPALIVE_USER = lib_user/* NOBODY */.oQ;

;// CONCATENATED MODULE: ./src/runtime/docker/container-spec.ts
// The container one agent gets: mounts (path-transparent), limits, hardening and labels, as a pure
// function of the plan so it can be checked without an engine.






/**
 * What the sudo variant needs, and nothing more: SETUID/SETGID/AUDIT_WRITE for sudo itself, and for
 * what root then does (apt/dpkg): CHOWN, DAC_OVERRIDE, FOWNER, FSETID, SETFCAP, KILL. It also runs
 * without no-new-privileges, which would stop the setuid sudo binary from gaining root.
 */
const SUDO_CAPABILITIES = [
    'SETUID',
    'SETGID',
    'AUDIT_WRITE',
    'CHOWN',
    'DAC_OVERRIDE',
    'FOWNER',
    'FSETID',
    'SETFCAP',
    'KILL'
];
function dockerDefaults() {
    return {
        image: defaults/* DEFAULT_IMAGE */.__,
        ownImage: true,
        network: 'none',
        enableSudo: false,
        readOnlyRootfs: true,
        pidsLimit: defaults/* DEFAULT_PIDS_LIMIT */.fF,
        user: defaults/* DEFAULT_USER */.Az
    };
}
/**
 * With a read-only root filesystem, what stays writable: the scratch directories as sized tmpfs
 * (cleared if the container is restarted), and the agent's home as an anonymous volume that the
 * engine fills from the image (venv, npm prefix) and removes with the container, so `pip install`
 * keeps working and persists from step to step. A tmpfs is memory charged to the container: each
 * is at most a quarter of the memory limit, so filling one ends in "no space left", not in the OOM
 * killer taking the agent's processes (and the full tmpfs keeping the container at its limit).
 */
const SCRATCH = [
    ['/tmp', 1024 ** 3, 'rw,nosuid,nodev,mode=1777'],
    ['/var/tmp', 256 * 1024 ** 2, 'rw,nosuid,nodev,mode=1777'],
    ['/run', 64 * 1024 ** 2, 'rw,nosuid,nodev,noexec,mode=755']
];
function scratchTmpfs(memoryBytes) {
    const cap = memoryBytes !== undefined ? Math.floor(memoryBytes / 4) : Infinity;
    return Object.fromEntries(SCRATCH.map(([path, bytes, opts]) => [path, `${opts},size=${Math.min(bytes, cap)}`]));
}
/**
 * massgen-<agent>-<run suffix>: a valid, per-run unique container name. An agent id longer than
 * 60 characters keeps its first 51 and a hash of the whole id, so two long ids that differ only at
 * the end (a compare step's side or mutant sandboxes, "<agent>-compare-m<token>") stay distinct.
 */
function containerName(agentId, runId) {
    const safe = agentId.replace(/[^a-zA-Z0-9_.-]/g, '-').replace(/^[^a-zA-Z0-9]+/, '') || 'agent';
    const agent = safe.length <= 60 ? safe : `${safe.slice(0, 51)}-${hex(agentId, 8)}`;
    return `massgen-${agent}-${hex(runId, 10)}`;
}
const hex = (text, n) => (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex').slice(0, n);
/**
 * The agent's bind mounts, each at its own host path: temp workspace ro, context paths by
 * permission, the workspace rw, then protected paths ro (a second bind of the same path over a
 * writable parent), then credential mounts. A later entry for the same target replaces an earlier
 * one; the engine mounts parents before children.
 */
function planMounts(agent, extra = []) {
    const byTarget = new Map();
    const add = (path, readOnly) => {
        const abs = (0,external_node_path_.resolve)(path);
        byTarget.delete(abs);
        byTarget.set(abs, { source: abs, target: abs, readOnly });
    };
    if (agent.tempWorkspace)
        add(agent.tempWorkspace, true);
    for (const ctx of agent.contextPaths)
        if ((0,external_node_path_.resolve)(ctx.path) !== (0,external_node_path_.resolve)(agent.workspace))
            add(ctx.path, ctx.permission !== 'write');
    add(agent.workspace, false);
    for (const ctx of agent.contextPaths)
        for (const p of ctx.protectedPaths)
            if ((0,paths/* isInside */.F)((0,external_node_path_.resolve)(p), (0,external_node_path_.resolve)(ctx.path)))
                add(p, true);
    for (const m of extra) {
        byTarget.delete(m.target);
        byTarget.set(m.target, m);
    }
    return [...byTarget.values()];
}
function containerCreateOptions(input) {
    const { config } = input;
    const mounts = input.mounts.map((m) => ({
        Type: 'bind',
        Source: m.source,
        Target: m.target,
        ReadOnly: m.readOnly
    }));
    if (config.readOnlyRootfs)
        mounts.unshift({ Type: 'volume', Target: AGENT_HOME });
    const hostConfig = {
        Init: true,
        AutoRemove: false,
        Mounts: mounts,
        NetworkMode: config.network,
        PidsLimit: config.pidsLimit,
        CapDrop: ['ALL'],
        CapAdd: config.enableSudo ? SUDO_CAPABILITIES : [],
        SecurityOpt: config.enableSudo ? [] : ['no-new-privileges:true']
    };
    if (config.memoryBytes !== undefined) {
        hostConfig.Memory = config.memoryBytes;
        hostConfig.MemorySwap = config.memoryBytes; // no swap: the limit is the limit
    }
    if (config.cpus !== undefined)
        hostConfig.NanoCpus = Math.round(config.cpus * 1e9);
    if (config.readOnlyRootfs) {
        hostConfig.ReadonlyRootfs = true;
        hostConfig.Tmpfs = scratchTmpfs(config.memoryBytes);
    }
    if (config.runtime)
        hostConfig.Runtime = config.runtime;
    return {
        name: input.name,
        Image: input.image,
        // The keepalive is not the agent's uid, so killing every process of that uid spares it.
        Cmd: ['sleep', 'infinity'],
        User: KEEPALIVE_USER,
        WorkingDir: (0,external_node_path_.resolve)(input.agent.workspace),
        Env: Object.entries(input.env).map(([k, v]) => `${k}=${v}`),
        Labels: {
            [LABEL_MANAGED]: 'true',
            [LABEL_RUN]: input.runId,
            [LABEL_AGENT]: input.agent.id,
            [LABEL_VERSION]: input.version,
            ...input.ownerLabels
        },
        HostConfig: hostConfig
    };
}
/** The limits reported in SessionInfo and results.json. */
function describeLimits(config) {
    return {
        memory: config.memoryBytes ?? null,
        memorySwap: config.memoryBytes ?? null,
        cpus: config.cpus ?? null,
        pidsLimit: config.pidsLimit,
        network: config.network,
        user: config.user,
        capDrop: 'ALL',
        capAdd: config.enableSudo ? SUDO_CAPABILITIES.join(',') : '',
        noNewPrivileges: !config.enableSudo,
        readOnlyRootfs: config.readOnlyRootfs,
        runtime: config.runtime ?? null,
        sudo: config.enableSudo,
        disk: config.diskLimitBytes ?? null
    };
}

// EXTERNAL MODULE: ./node_modules/dockerode/lib/docker.js
var lib_docker = __webpack_require__(39040);
var docker_default = /*#__PURE__*/__webpack_require__.n(lib_docker);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/runtime/docker/frames.ts
/**
 * Calls `onPayload` with each piece of payload in order (a frame split across chunks comes in
 * pieces). Types 0 (stdin) and 1 go to stdout, 2 and 3 (the engine's own errors) to stderr. A
 * stream that turns out not to be multiplexed is passed on as stdout from there on, as is.
 */
function splitFrames(src, onPayload) {
    const header = Buffer.alloc(8);
    let headerBytes = 0;
    let left = 0;
    let stream = 'stdout';
    let raw = false;
    src.on('data', (chunk) => {
        if (raw)
            return onPayload('stdout', chunk);
        let offset = 0;
        while (offset < chunk.length) {
            if (left > 0) {
                const end = Math.min(chunk.length, offset + left);
                onPayload(stream, chunk.subarray(offset, end));
                left -= end - offset;
                offset = end;
                continue;
            }
            const take = Math.min(8 - headerBytes, chunk.length - offset);
            chunk.copy(header, headerBytes, offset, offset + take);
            headerBytes += take;
            offset += take;
            if (headerBytes < 8)
                return;
            headerBytes = 0;
            if (header[0] > 3 || header[1] !== 0 || header[2] !== 0 || header[3] !== 0) {
                raw = true;
                onPayload('stdout', Buffer.concat([header, chunk.subarray(offset)]));
                return;
            }
            stream = header[0] >= 2 ? 'stderr' : 'stdout';
            left = header.readUInt32BE(4);
        }
    });
}
/**
 * The same frames, all in one buffer (`container logs` without follow): the payloads joined. A
 * buffer that is not multiplexed (a TTY container) is returned as is.
 */
function demuxBuffer(buf) {
    const parts = [];
    let offset = 0;
    while (offset < buf.length) {
        if (buf.length - offset < 8)
            break;
        const type = buf[offset];
        if (type > 2 || buf[offset + 1] !== 0 || buf[offset + 2] !== 0 || buf[offset + 3] !== 0) {
            return offset === 0
                ? buf.toString('utf8')
                : Buffer.concat([...parts, buf.subarray(offset)]).toString('utf8');
        }
        const length = buf.readUInt32BE(offset + 4);
        parts.push(buf.subarray(offset + 8, offset + 8 + length));
        offset += 8 + length;
    }
    return Buffer.concat(parts).toString('utf8');
}

;// CONCATENATED MODULE: ./src/runtime/docker/docker-container-client.ts



const PING_TIMEOUT_MS = 10_000;
/** A client for the engine DOCKER_HOST (or the default socket) names, once it has answered a ping. */
async function connectDocker() {
    let docker;
    try {
        docker = new (docker_default())();
    }
    catch (err) {
        throw new errors/* EnvironmentError */.eG(`cannot use DOCKER_HOST=${process.env.DOCKER_HOST}: ${engineMessage(err)}`, 'Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:port, or unset it to use the default socket.');
    }
    const client = new DockerContainerClient(docker, await describeTarget(docker));
    try {
        await client.ping(PING_TIMEOUT_MS);
    }
    catch (err) {
        throw new errors/* EnvironmentError */.eG(`Docker engine unreachable at ${client.target}: ${(0,errors/* errorMessage */.gJ)(err)}`, hintFor(err, client.target));
    }
    return client;
}
class DockerContainerClient {
    docker;
    target;
    constructor(docker, target) {
        this.docker = docker;
        this.target = target;
    }
    async ping(timeoutMs) {
        const ping = this.docker.ping.bind(this.docker);
        await call('ping', () => ping({ abortSignal: AbortSignal.timeout(timeoutMs) }));
    }
    version() {
        return call('version', () => this.docker.version());
    }
    info() {
        return call('info', () => this.docker.info());
    }
    async createContainer(spec) {
        const c = await call(`create container ${spec.name}`, () => this.docker.createContainer(spec));
        return c.id;
    }
    async startContainer(id) {
        await call(`start ${id}`, () => this.docker.getContainer(id).start());
    }
    async killContainer(id) {
        await call(`kill ${id}`, () => this.docker.getContainer(id).kill());
    }
    async removeContainer(id) {
        try {
            await call(`remove ${id}`, () => this.docker.getContainer(id).remove({ force: true, v: true }));
        }
        catch (err) {
            // Gone already, or its removal is under way (409): either way it will not be left behind.
            const code = err.statusCode;
            if (code !== 404 && code !== 409)
                throw err;
        }
    }
    inspectContainer(id) {
        return call(`inspect ${id}`, () => this.docker.getContainer(id).inspect());
    }
    listContainers(filter) {
        return call('list containers', () => this.docker.listContainers({
            all: true,
            filters: JSON.stringify({ label: filter.labels })
        }));
    }
    async containerLogs(id) {
        const raw = await call(`logs ${id}`, () => this.docker
            .getContainer(id)
            .logs({ follow: false, stdout: true, stderr: true, timestamps: true }));
        // follow: false resolves a Buffer of multiplexed frames (docker-modem has no demuxBuffer).
        if (Buffer.isBuffer(raw))
            return demuxBuffer(raw);
        return typeof raw === 'string' ? raw : '';
    }
    top(id, psArgs) {
        return call(`top ${id}`, () => this.docker.getContainer(id).top({ ps_args: psArgs }));
    }
    async exec(id, spec) {
        const exec = await call(`exec in ${id}`, () => this.docker.getContainer(id).exec(spec));
        return {
            start: async ({ stdin, detach }) => {
                // Hijacked (an HTTP upgrade to the raw socket) even without stdin: the output then skips
                // Node's HTTP response parsing, chunk by chunk, which is most of the cost of a flood.
                const stream = await call(`start exec in ${id}`, () => exec.start({
                    hijack: !detach,
                    stdin: stdin === true,
                    Detach: detach === true,
                    Tty: false
                }));
                return stream;
            },
            inspect: async () => {
                const s = await call(`inspect exec in ${id}`, () => exec.inspect());
                return { Running: s.Running, ExitCode: s.ExitCode ?? null };
            }
        };
    }
    waitContainer(id, condition, opts = {}) {
        return call(`wait for ${id}`, () => this.docker
            .getContainer(id)
            .wait({ condition, abortSignal: opts.abortSignal }));
    }
    async containerStats(id) {
        // one-shot (API 1.41+): the current sample without waiting a second for a second one.
        const s = await call(`stats of ${id}`, () => this.docker.getContainer(id).stats({ stream: false, 'one-shot': true }));
        return {
            cpuTotalNs: s.cpu_stats?.cpu_usage?.total_usage,
            pids: s.pids_stats?.current,
            memoryBytes: s.memory_stats?.usage
        };
    }
    async sawOomEvent(id, sinceMs, untilMs) {
        const stream = (await call('events', () => this.docker.getEvents({
            since: String(Math.floor(sinceMs / 1000)),
            // `until` in the future would hold the stream open until then.
            until: (Math.min(untilMs, Date.now()) / 1000).toFixed(3),
            filters: JSON.stringify({ container: [id], event: ['oom'] })
        })));
        let text = '';
        for await (const chunk of stream)
            text += String(chunk);
        return /"(status|Action)":"oom"/.test(text);
    }
    async inspectImage(ref) {
        try {
            return await call(`inspect image ${ref}`, () => this.docker.getImage(ref).inspect());
        }
        catch (err) {
            if (err.statusCode === 404)
                return undefined;
            throw err;
        }
    }
    buildImage(context, spec) {
        return call(`build ${spec.tag}`, () => this.docker.buildImage(context, {
            t: spec.tag,
            dockerfile: spec.dockerfile,
            buildargs: spec.buildArgs,
            labels: spec.labels,
            nocache: spec.noCache,
            rm: true,
            forcerm: true
        }));
    }
    pullImage(ref) {
        return call(`pull ${ref}`, () => this.docker.pull(ref));
    }
    saveImage(ref) {
        const refs = typeof ref === 'string' ? [ref] : [...ref];
        return call(`save ${refs.join(' ')}`, () => refs.length === 1
            ? this.docker.getImage(refs[0]).get()
            : // GET /images/get?names=…; @types/dockerode does not declare getImages.
                this.docker.getImages({ names: refs }));
    }
    loadImage(tar, opts = {}) {
        return call('load image', () => this.docker.loadImage(tar, {
            quiet: true,
            abortSignal: opts.abortSignal
        }));
    }
    async removeImage(ref) {
        try {
            await call(`remove image ${ref}`, () => this.docker.getImage(ref).remove({ noprune: false }));
        }
        catch (err) {
            if (err.statusCode !== 404)
                throw err;
        }
    }
    async tagImage(ref, repo, tag) {
        await call(`tag ${ref}`, () => this.docker.getImage(ref).tag({ repo, tag }));
    }
    pushImage(ref) {
        // The engine wants an X-Registry-Auth header even for an anonymous registry.
        return call(`push ${ref}`, () => this.docker.getImage(ref).push({ authconfig: {} }));
    }
    async bridgeGateways() {
        const bridge = (await call('inspect network bridge', () => this.docker.getNetwork('bridge').inspect()).catch(() => undefined));
        return (bridge?.IPAM?.Config ?? [])
            .map((c) => c.Gateway ?? '')
            .filter((g) => /^\d+\.\d+\.\d+\.\d+$/.test(g));
    }
}
/** Runs one engine request; its failure becomes an EngineError naming the operation. */
async function call(operation, fn) {
    try {
        return await fn();
    }
    catch (err) {
        if (err instanceof errors/* EngineError */.NJ)
            throw err;
        const code = err.statusCode;
        const error = new errors/* EngineError */.NJ(`${operation}: ${engineMessage(err)}`, code, operation);
        error.cause = err;
        throw error;
    }
}
/** The engine's own message (dockerode wraps it in "(HTTP code 404) no such container - …"). */
function engineMessage(err) {
    if (err instanceof Error) {
        const json = err.json;
        return json?.message ?? err.message;
    }
    return String(err);
}
async function describeTarget(docker) {
    if (process.env.DOCKER_HOST)
        return `DOCKER_HOST=${process.env.DOCKER_HOST}`;
    const modem = docker.modem;
    const socket = await modem.getSocketPath?.().catch(() => undefined);
    return socket ? `unix://${socket} (DOCKER_HOST unset)` : 'the default socket (DOCKER_HOST unset)';
}
function hintFor(err, target) {
    const code = (err.cause ?? err).code;
    if (code === 'EACCES')
        return `Permission denied on ${target}: add this user to the 'docker' group (or run with access to the socket).`;
    return ('Start the Docker engine (e.g. `sudo systemctl start docker`, or Docker Desktop), or point DOCKER_HOST ' +
        'at a running engine. To run without containers, set execution mode to local explicitly.');
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/tar-fs/index.js
var tar_fs = __webpack_require__(35645);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/runtime/docker/action-root.ts
// Locates the action's own files (docker/ build context, package.json) at run time: from
// src/runtime/docker in tests, dist/ or dist/cli/ in the bundles. MASSGEN_EXEC_ROOT overrides.



const PACKAGE_NAME = 'massgen-exec-action';
let cachedRoot;
function actionRoot() {
    if (cachedRoot)
        return cachedRoot;
    const override = process.env.MASSGEN_EXEC_ROOT;
    if (override)
        return (cachedRoot = (0,external_node_path_.resolve)(override));
    let dir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    for (;;) {
        if (isActionRoot(dir))
            return (cachedRoot = dir);
        const parent = (0,external_node_path_.dirname)(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    throw new Error(`cannot find the action's docker/ directory above ${(0,external_node_url_.fileURLToPath)(import.meta.url)}; set MASSGEN_EXEC_ROOT`);
}
function isActionRoot(dir) {
    const pkg = (0,external_node_path_.join)(dir, 'package.json');
    if (!(0,external_node_fs_.existsSync)(pkg) || !(0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, 'docker', 'Dockerfile')))
        return false;
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(pkg, 'utf8')).name === PACKAGE_NAME;
    }
    catch {
        return false;
    }
}
function dockerContextDir() {
    return (0,external_node_path_.join)(actionRoot(), 'docker');
}
let cachedVersion;
/** The tool's version, for container labels. */
function toolVersion() {
    if (cachedVersion)
        return cachedVersion;
    try {
        const pkg = JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(actionRoot(), 'package.json'), 'utf8'));
        cachedVersion = pkg.version ?? '0.0.0';
    }
    catch {
        cachedVersion = '0.0.0';
    }
    return cachedVersion;
}

// EXTERNAL MODULE: ./src/lib/delay.ts
var delay = __webpack_require__(52468);
;// CONCATENATED MODULE: ./src/runtime/docker/lock.ts
// A cross-process lock (one file, created exclusively) so parallel runs or jest workers do not
// build the same image twice at once; a lock whose owner died is taken over.


const POLL_MS = 250;
async function withFileLock(path, fn, onWait) {
    let waited = false;
    for (;;) {
        try {
            const handle = await (0,promises_.open)(path, 'wx');
            await handle.writeFile(String(process.pid));
            await handle.close();
            break;
        }
        catch (err) {
            if (err.code !== 'EEXIST')
                throw err;
            if (await ownerIsGone(path)) {
                await (0,promises_.unlink)(path).catch(() => undefined);
                continue;
            }
            if (!waited)
                onWait?.();
            waited = true;
            await (0,delay/* delay */.c)(POLL_MS);
        }
    }
    try {
        return await fn();
    }
    finally {
        await (0,promises_.unlink)(path).catch(() => undefined);
    }
}
async function ownerIsGone(path) {
    const pid = Number((await (0,promises_.readFile)(path, 'utf8').catch(() => '')).trim());
    if (!Number.isInteger(pid) || pid <= 0)
        return false; // being written right now
    try {
        process.kill(pid, 0);
        return false;
    }
    catch (err) {
        return err.code === 'ESRCH';
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/progress.ts
const TAIL_LINES = 25;
class ProgressReporter {
    prefix;
    log;
    error;
    /** The image id the build reported (aux.ID). */
    imageId;
    partial = '';
    recent = [];
    layerStatus = new Map();
    constructor(prefix, log) {
        this.prefix = prefix;
        this.log = log;
    }
    handle(event) {
        if (event.error || event.errorDetail) {
            this.error = event.errorDetail?.message || event.error || 'unknown error';
            this.emit(`error: ${this.error}`);
            return;
        }
        if (event.aux?.ID)
            this.imageId = event.aux.ID;
        if (typeof event.stream === 'string') {
            const text = this.partial + event.stream;
            const lines = text.split('\n');
            this.partial = lines.pop() ?? '';
            for (const line of lines)
                if (line.trim())
                    this.emit(line.trimEnd());
            return;
        }
        if (event.status) {
            // Pull progress repeats "Downloading"/"Extracting" per chunk: print each layer's status once.
            if (event.id) {
                if (this.layerStatus.get(event.id) === event.status)
                    return;
                this.layerStatus.set(event.id, event.status);
                this.emit(`${event.id}: ${event.status}`);
            }
            else {
                this.emit(event.status);
            }
        }
    }
    /** Feeds one raw line of the response (JSON, or plain text from odd proxies). */
    handleLine(line) {
        if (!line.trim())
            return;
        let event;
        try {
            event = JSON.parse(line);
        }
        catch {
            this.emit(line.trimEnd());
            return;
        }
        this.handle(event);
    }
    flush() {
        if (this.partial.trim())
            this.emit(this.partial.trimEnd());
        this.partial = '';
    }
    /** The last lines printed, for error messages. */
    tail() {
        return this.recent.join('\n');
    }
    emit(line) {
        this.recent.push(line);
        if (this.recent.length > TAIL_LINES)
            this.recent.shift();
        this.log(`${this.prefix}${line}`);
    }
}
/** Reads a progress stream to its end; resolves with the reporter, rejects on transport errors. */
async function followProgress(stream, reporter) {
    let buffered = '';
    for await (const chunk of stream) {
        buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines)
            reporter.handleLine(line);
    }
    reporter.handleLine(buffered);
    reporter.flush();
    return reporter;
}

// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: ./src/lib/image-ref.ts
var image_ref = __webpack_require__(74286);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./src/runtime/docker/image-archive.ts
// An image as one compressed file, so a fresh engine (every GitHub-hosted job) can get it from a
// cache instead of building it: `docker save` through the engine API into zstd (when this Node has
// it) or gzip, and back with `docker load`. Everything streams: the image (hundreds of MB) is
// never held in memory. A damaged or unreadable archive is an ImageArchiveError, which callers
// treat as a cache miss (build instead) — never as a reason to fail a run.











const zstd = external_node_zlib_;
function nodeHasZstd() {
    return (typeof zstd.createZstdCompress === 'function' && typeof zstd.createZstdDecompress === 'function');
}
/** zstd where this Node has it (smaller and 2–3× faster both ways than gzip here), else gzip. */
function defaultCompression() {
    return nodeHasZstd() ? 'zstd' : 'gzip';
}
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** What an archive's first bytes say it is; `undefined` when it is none of ours. */
function detectCompression(head) {
    if (head.subarray(0, 2).equals(GZIP_MAGIC))
        return 'gzip';
    if (head.subarray(0, 4).equals(ZSTD_MAGIC))
        return 'zstd';
    // A tar's first header has "ustar" at offset 257 (POSIX and GNU both).
    if (head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar')
        return 'none';
    return undefined;
}
function compressor(compression, level) {
    if (compression === 'none')
        return undefined;
    if (compression === 'gzip')
        return external_node_zlib_.createGzip({ level: level ?? 1 });
    if (!nodeHasZstd())
        throw new Error(`this Node (${process.version}) has no zstd; use gzip or none`);
    const params = {};
    const levelParam = zstd.constants.ZSTD_c_compressionLevel;
    if (levelParam !== undefined)
        params[levelParam] = level ?? 3;
    return zstd.createZstdCompress({ params });
}
function decompressor(compression) {
    if (compression === 'none')
        return undefined;
    if (compression === 'gzip')
        return external_node_zlib_.createGunzip();
    return zstd.createZstdDecompress();
}
function counter() {
    const t = new external_node_stream_.Transform({
        transform(chunk, _enc, done) {
            t.bytes += chunk.length;
            done(null, chunk);
        }
    });
    t.bytes = 0;
    return t;
}
/**
 * Writes `image` (with its tag, so a load restores the name; by id, no name) to `file`, or
 * several images into one archive (their shared layers once; `id` is the first one's). The file
 * appears whole or not at all: it is written beside and renamed.
 */
async function saveImageArchive(client, images, file, opts = {}) {
    const started = external_node_perf_hooks_.performance.now();
    const compression = opts.compression ?? defaultCompression();
    const refs = typeof images === 'string' ? [images] : [...images];
    const image = refs.join(', ');
    const ids = [];
    for (const ref of refs) {
        try {
            const found = await client.inspectImage(ref);
            if (!found)
                throw new errors/* ImageArchiveError */.mH(`cannot save image ${ref}: it is not present on the engine`, 'missing-image', file);
            ids.push(found.Id);
        }
        catch (err) {
            if (err instanceof errors/* ImageArchiveError */.mH)
                throw err;
            throw new errors/* ImageArchiveError */.mH(`cannot save image ${ref}: ${(0,errors/* errorMessage */.gJ)(err)}`, 'engine', file);
        }
    }
    const id = ids[0];
    const partial = `${file}.partial-${process.pid}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    const raw = counter();
    try {
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(file), { recursive: true });
        const source = await client.saveImage(refs.length === 1 ? refs[0] : refs);
        const stages = [raw];
        const packer = compressor(compression, opts.level);
        if (packer)
            stages.push(packer);
        await (0,external_node_stream_promises_.pipeline)([source, ...stages, (0,external_node_fs_.createWriteStream)(partial)]);
        await (0,promises_.rename)(partial, file);
    }
    catch (err) {
        await (0,promises_.unlink)(partial).catch(() => undefined);
        throw new errors/* ImageArchiveError */.mH(`saving image ${image} to ${file} failed: ${(0,errors/* errorMessage */.gJ)(err)}`, 'engine', file);
    }
    return {
        file,
        compression,
        id,
        bytes: (await (0,promises_.stat)(file)).size,
        tarBytes: raw.bytes,
        ms: external_node_perf_hooks_.performance.now() - started
    };
}
async function readHead(file) {
    const handle = await (0,promises_.open)(file, 'r');
    try {
        const head = Buffer.alloc(512);
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        return head.subarray(0, bytesRead);
    }
    finally {
        await handle.close();
    }
}
/**
 * Loads an archive written by saveImageArchive (or any `docker save` output, compressed with gzip
 * or zstd or not). Decompression happens here, not in the engine: zlib's checksums catch a
 * damaged file, and the 20.10 engine cannot read zstd.
 */
async function loadImageArchive(client, file, opts = {}) {
    const started = external_node_perf_hooks_.performance.now();
    const corrupt = (message) => new errors/* ImageArchiveError */.mH(`image archive ${file} is unusable: ${message}`, 'corrupt', file);
    let head;
    let bytes;
    try {
        bytes = (await (0,promises_.stat)(file)).size;
        head = await readHead(file);
    }
    catch (err) {
        throw corrupt((0,errors/* errorMessage */.gJ)(err));
    }
    const compression = detectCompression(head);
    if (!compression)
        throw corrupt('not a tar, gzip or zstd file');
    if (compression === 'zstd' && !nodeHasZstd()) {
        throw new errors/* ImageArchiveError */.mH(`image archive ${file} is zstd-compressed and this Node (${process.version}) cannot read zstd`, 'unsupported', file);
    }
    // A failing decompressor must also end the upload, or the engine would wait for more body.
    const abort = new AbortController();
    let sourceError;
    const body = new external_node_stream_.PassThrough();
    const stages = [];
    const unpacker = decompressor(compression);
    if (unpacker)
        stages.push(unpacker);
    const feeding = (0,external_node_stream_promises_.pipeline)([(0,external_node_fs_.createReadStream)(file), ...stages, body]).catch((err) => {
        sourceError = err;
        abort.abort();
    });
    const loaded = [];
    const reporter = new ProgressReporter('[load] ', (line) => {
        const m = /^\[load\] Loaded image(?: ID)?: (\S+)/.exec(line);
        if (m)
            loaded.push(m[1]);
        opts.log?.(line);
    });
    try {
        const response = await client.loadImage(body, { abortSignal: abort.signal });
        await followProgress(response, reporter);
    }
    catch (err) {
        await feeding;
        if (sourceError)
            throw corrupt((0,errors/* errorMessage */.gJ)(sourceError));
        const status = err instanceof errors/* EngineError */.NJ ? err.statusCode : undefined;
        // The engine answers 500 for an archive it cannot parse; anything else is the engine itself.
        if (status === 500)
            throw corrupt((0,errors/* errorMessage */.gJ)(err));
        throw new errors/* ImageArchiveError */.mH(`loading image archive ${file} failed: ${(0,errors/* errorMessage */.gJ)(err)}`, 'engine', file);
    }
    await feeding;
    if (sourceError)
        throw corrupt((0,errors/* errorMessage */.gJ)(sourceError));
    if (reporter.error)
        throw corrupt(reporter.error);
    if (loaded.length === 0)
        throw corrupt('the engine loaded no image from it');
    return { file, compression, images: loaded, bytes, ms: external_node_perf_hooks_.performance.now() - started };
}

;// CONCATENATED MODULE: ./src/runtime/docker/image-keys.ts
// Names under which a built runtime image is kept between workflow runs: the Actions cache key
// and file path, and the registry tag. All derive from the same three facts — variant, docker/
// context hash (which already covers the build arguments) and CPU architecture — so an image is
// reused exactly when building it again would produce the same thing.

/** Bump when the archive format or what a cached image contains changes meaning. */
const IMAGE_CACHE_SCHEMA = 'v1';
const HASH = /^[0-9a-f]{64}$/;
/** The engine's (`docker info` Architecture, `uname -m`) or Node's name for a CPU, as Docker names it. */
function normalizeArch(arch) {
    const a = arch.trim().toLowerCase();
    const aliases = {
        x86_64: 'amd64',
        x64: 'amd64',
        amd64: 'amd64',
        aarch64: 'arm64',
        arm64: 'arm64',
        armv7l: 'arm',
        arm: 'arm',
        i386: '386',
        i686: '386',
        ia32: '386',
        ppc64le: 'ppc64le',
        ppc64: 'ppc64le',
        s390x: 's390x',
        riscv64: 'riscv64'
    };
    const normalized = aliases[a];
    if (!normalized)
        throw new Error(`unknown CPU architecture ${JSON.stringify(arch)}`);
    return normalized;
}
function checkHash(contextHash) {
    if (!HASH.test(contextHash))
        throw new Error(`context hash must be 64 lowercase hex digits, got ${JSON.stringify(contextHash)}`);
}
/**
 * The Actions cache key, e.g. `massgen-exec-image-v1-default-amd64-<64 hex>`: exact match only
 * (an image built from another context is no use, so no restore-keys).
 */
function imageCacheKey({ variant, contextHash, arch }) {
    checkHash(contextHash);
    return `massgen-exec-image-${IMAGE_CACHE_SCHEMA}-${variant}-${normalizeArch(arch)}-${contextHash}`;
}
/**
 * Where the archive lives while it is saved or restored. @actions/cache versions an entry by its
 * paths, so saving and restoring must name the same path: it depends only on the key and the
 * directory (RUNNER_TEMP in the action), never on the compression.
 */
function imageCachePath(key, dir) {
    return (0,external_node_path_.join)(dir, 'massgen-exec-image-cache', `${key}.img`);
}
// Docker's reference grammar: [host[:port]/]path, lowercase path components.
const REGISTRY_HOST = '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?/)';
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const REPOSITORY = new RegExp(`^${REGISTRY_HOST}?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*$`);
/** Checks an `image-registry` value: a repository without tag or digest. Returns it trimmed. */
function checkRegistryRepository(registry) {
    const repo = registry.trim().replace(/\/+$/, '');
    if (repo.includes('@'))
        throw new Error(`image-registry ${JSON.stringify(registry)} must not carry a digest`);
    if (repo.slice(repo.lastIndexOf('/') + 1).includes(':'))
        throw new Error(`image-registry ${JSON.stringify(registry)} must be a repository without a tag (the tag is the context hash)`);
    if (repo.length > 255 || !REPOSITORY.test(repo))
        throw new Error(`image-registry ${JSON.stringify(registry)} is not a valid repository name (e.g. ghcr.io/owner/massgen-runtime)`);
    return repo;
}
/**
 * The registry reference the release workflow pushes and the action pulls:
 * `<registry>:<context-hash>` or `<registry>:<context-hash>-sudo`, where the hash is the variant's
 * own (the `io.massgen-exec.context-hash` label the action's build gives it, so the release reads
 * it off the image it built). One tag serves every architecture (a multi-platform manifest).
 */
function registryImageRef(registry, contextHash, variant) {
    checkHash(contextHash);
    return `${checkRegistryRepository(registry)}:${contextHash}${variant === 'sudo' ? '-sudo' : ''}`;
}

;// CONCATENATED MODULE: ./src/runtime/docker/image-sources.ts
// Where a fresh engine (every GitHub-hosted job) can get one of our own images instead of
// building it, under image-policy auto: an image store (the action hands in the Actions cache;
// this module never imports it) holding `docker save` archives under imageCacheKey, and a registry
// holding `<registry>:<context-hash>[-sudo]` (the release workflow's tags). An image counts only
// if it carries the context-hash label the build would give it. Every failure here is a warning
// and a miss — the caller builds — never a reason to fail a run.










const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
function hashOf(inspect) {
    return inspect?.Config?.Labels?.[LABEL_CONTEXT_HASH];
}
/** The engine's CPU architecture as Docker names it (the engine's, not Node's, if it says). */
async function engineArch(client) {
    const info = await client.info().catch(() => undefined);
    try {
        return normalizeArch(info?.Architecture ?? process.arch);
    }
    catch {
        return normalizeArch(process.arch);
    }
}
/** The key `want` is kept under in a store: its variant and context hash on this engine's arch. */
async function storeKey(client, want) {
    return imageCacheKey({
        variant: want.variant,
        contextHash: want.hash,
        arch: await engineArch(client)
    });
}
/** Gives image `id` the requested name. */
async function image_sources_name(client, id, image) {
    const { repository, tag } = (0,image_ref/* splitImage */.s5)(image);
    await client.tagImage(id, repository, tag);
}
/**
 * Restores `want` from the store and loads it. `undefined` on a miss or any failure (warned),
 * with `entryExists` set on the returned miss marker when the store had the key.
 */
async function restoreFromStore(client, store, want, { log, warn }) {
    const miss = (entryExists) => ({ miss: true, entryExists });
    const t0 = external_node_perf_hooks_.performance.now();
    let key;
    let path;
    let hit;
    try {
        key = await storeKey(client, want);
        path = imageCachePath(key, store.dir);
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        await (0,promises_.unlink)(path).catch(() => undefined);
        hit = await store.restore(key, path);
    }
    catch (err) {
        warn(`image ${want.image}: restoring it from ${store.name} failed (${(0,errors/* errorMessage */.gJ)(err)}); building it instead`);
        return miss(false);
    }
    if (!hit) {
        log(`image ${want.image}: nothing restored from ${store.name} (key ${key})`);
        return miss(false);
    }
    const restoredMs = external_node_perf_hooks_.performance.now() - t0;
    try {
        if (!(0,external_node_fs_.existsSync)(path)) {
            warn(`image ${want.image}: ${store.name} has ${key} but it restored no archive at ${path}; building it instead`);
            return miss(true);
        }
        let loaded;
        try {
            loaded = await loadImageArchive(client, path, { log });
        }
        catch (err) {
            warn(`image ${want.image}: the archive from ${store.name} (key ${key}) is unusable: ${(0,errors/* errorMessage */.gJ)(err)}; building it instead`);
            return miss(true);
        }
        // The archive is saved by image id (no name), so it never renames a tag of someone else's.
        for (const ref of loaded.images) {
            const found = await client.inspectImage(ref).catch(() => undefined);
            if (found && hashOf(found) === want.hash) {
                await image_sources_name(client, found.Id, want.image);
                log(`image ${want.image}: restored from ${store.name} (key ${key}, ${megabytes(loaded.bytes)}) in ${secs(external_node_perf_hooks_.performance.now() - t0)}: restore ${secs(restoredMs)} + load ${secs(loaded.ms)}; no build`);
                return { id: found.Id, from: 'cache', source: key, entryExists: true };
            }
        }
        warn(`image ${want.image}: the archive from ${store.name} (key ${key}) held ${loaded.images.join(', ')}, none with context hash ${want.hash.slice(0, 12)}; building it instead`);
        return miss(true);
    }
    catch (err) {
        warn(`image ${want.image}: using the archive from ${store.name} failed: ${(0,errors/* errorMessage */.gJ)(err)}; building it instead`);
        return miss(true);
    }
    finally {
        await (0,promises_.unlink)(path).catch(() => undefined);
    }
}
/** Saves the built image `id` to the store under its key. Never throws; the key when saved. */
async function saveToStore(client, store, want, id, { log, warn }) {
    const key = await orWarn(() => storeKey(client, want), (m) => warn(`image ${want.image}: not saved to ${store.name}: ${m}`));
    if (key === undefined)
        return undefined;
    const path = imageCachePath(key, store.dir);
    try {
        // By id: the archive carries no name, and a load never moves a tag.
        const archive = await saveImageArchive(client, id, path);
        const u0 = external_node_perf_hooks_.performance.now();
        if (!(await store.save(key, path))) {
            log(`image ${want.image}: ${store.name} did not take ${key} (see above); not cached`);
            return undefined;
        }
        log(`image ${want.image}: saved to ${store.name} as ${key} (${archive.compression}, ${megabytes(archive.bytes)}): docker save ${secs(archive.ms)} + upload ${secs(external_node_perf_hooks_.performance.now() - u0)}`);
        return key;
    }
    catch (err) {
        warn(`image ${want.image}: saving it to ${store.name} failed: ${(0,errors/* errorMessage */.gJ)(err)}`);
        return undefined;
    }
    finally {
        await (0,promises_.unlink)(path).catch(() => undefined);
    }
}
/**
 * Pulls `<registry>:<hash>[-sudo]`, checks its context-hash label and names it as the requested
 * image. `undefined` (warned) when the registry does not have it, refuses, or has something else.
 */
async function pullFromRegistry(client, registry, want, { log, warn }) {
    const ref = await orWarn(async () => registryImageRef(registry, want.hash, want.variant), (m) => warn(`image ${want.image}: not pulled from ${registry}: ${m}`));
    if (ref === undefined)
        return undefined;
    const t0 = external_node_perf_hooks_.performance.now();
    log(`image ${want.image}: pulling ${ref}`);
    const reporter = new ProgressReporter('[pull] ', log);
    try {
        await followProgress(await client.pullImage(ref), reporter);
    }
    catch (err) {
        reporter.error ??= (0,errors/* errorMessage */.gJ)(err);
    }
    if (reporter.error) {
        warn(`image ${want.image}: pulling ${ref} failed (${reporter.error}); building it instead`);
        return undefined;
    }
    try {
        const pulled = await client.inspectImage(ref);
        if (!pulled)
            throw new Error('the engine reported success but the image is missing');
        if (hashOf(pulled) !== want.hash) {
            await client.removeImage(ref).catch(() => undefined);
            warn(`image ${want.image}: ${ref} carries context hash ${hashOf(pulled)?.slice(0, 12) ?? '(none)'}, not ${want.hash.slice(0, 12)}; not used, building it instead`);
            return undefined;
        }
        await image_sources_name(client, pulled.Id, want.image);
        // The registry's name was only the way in: drop it (the image keeps the requested name).
        await client.removeImage(ref).catch(() => undefined);
        log(`image ${want.image}: pulled ${ref} (${pulled.Id}) in ${secs(external_node_perf_hooks_.performance.now() - t0)}; no build`);
        return { id: pulled.Id, from: 'registry', source: ref };
    }
    catch (err) {
        warn(`image ${want.image}: using ${ref} failed (${(0,errors/* errorMessage */.gJ)(err)}); building it instead`);
        return undefined;
    }
}
function warner(sources, log) {
    return sources.warn ?? ((line) => log(`warning: ${line}`));
}
/** Tries the store (nearest, exact key), then the registry. */
async function restoreOwnImage(client, sources, want, log) {
    const warn = warner(sources, log);
    let entryExists = false;
    if (sources.store) {
        const r = await restoreFromStore(client, sources.store, want, { log, warn });
        if (!('miss' in r))
            return r;
        entryExists = r.entryExists;
    }
    if (sources.registry) {
        const r = await pullFromRegistry(client, sources.registry, want, { log, warn });
        if (r)
            return { ...r, entryExists };
    }
    return { miss: true, entryExists };
}
/** `fn`'s value, or undefined with `warn` told why (a source that cannot be used is skipped). */
async function orWarn(fn, warn) {
    try {
        return await fn();
    }
    catch (err) {
        warn((0,errors/* errorMessage */.gJ)(err));
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/image.ts
// Makes sure the image an agent runs from exists, following the image policy:
//   auto  — a local image is used as is; our own images only if their context-hash label matches
//           the bundled docker/ context (so an unchanged context never rebuilds), else restored
//           from the image store or the registry when given (image-sources.ts), else built (and
//           then saved to the store); other images are pulled when missing.
//   build — our images are (re)built (the layer cache makes an unchanged build quick); others as auto.
//   pull  — always pulled.
//   never — only a local image; missing is an error.














/** Files of docker/ that are not part of the build context (and so not of its hash). */
const NOT_CONTEXT = /(^|\/)(\.|README|build\.sh$)|\.md$/;

function isOwnImage(image) {
    return (0,defaults/* isOwnImage */.o9)(image);
}
function isSudoImage(image) {
    return (0,defaults/* isOwnSudoImage */.vo)(image);
}
/** The runtime image the sudo variant `image` is built FROM: ours, of the same tag. */
function sudoBaseImage(image) {
    return `${(0,image_ref/* parseImageRef */.Q)(defaults/* DEFAULT_IMAGE */.__).repository}:${(0,image_ref/* parseImageRef */.Q)(image).tag ?? 'latest'}`;
}
/** The files that make up the build context, relative to `dir`, sorted. */
async function contextFiles(dir) {
    const out = [];
    const walk = async (rel) => {
        for (const entry of await (0,promises_.readdir)((0,external_node_path_.join)(dir, rel), { withFileTypes: true })) {
            const path = rel ? `${rel}/${entry.name}` : entry.name;
            if (NOT_CONTEXT.test(path))
                continue;
            if (entry.isDirectory())
                await walk(path);
            else if (entry.isFile())
                out.push(path);
        }
    };
    await walk('');
    return out.sort();
}
/** sha256 over the context's file names, modes and contents, plus the build arguments. */
async function contextHash(dir, buildArgs = {}) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for (const file of await contextFiles(dir)) {
        const mode = (await (0,promises_.stat)((0,external_node_path_.join)(dir, file))).mode & 0o777;
        hash.update(`${file}\0${mode.toString(8)}\0`);
        hash.update(await (0,promises_.readFile)((0,external_node_path_.join)(dir, file)));
        hash.update('\0');
    }
    for (const key of Object.keys(buildArgs).sort())
        hash.update(`arg:${key}=${buildArgs[key]}\0`);
    return hash.digest('hex');
}
const inFlight = new Map();
async function ensureImage(image, opts) {
    const ref = (0,image_ref/* normalizeImage */.hE)(image);
    const key = `${ref}\0${opts.policy}`;
    let pending = inFlight.get(key);
    if (!pending) {
        const started = Date.now();
        pending = ensureImageOnce(ref, opts)
            .then((r) => {
            const ready = { image: ref, ...r, ms: Date.now() - started };
            opts.onReady?.(ready);
            return ready;
        })
            .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
    }
    return pending;
}
async function ensureImageOnce(image, opts) {
    const client = opts.client ?? (await connectDocker());
    const own = opts.own ?? isOwnImage(image);
    const local = await inspectImage(client, image);
    if (opts.policy === 'never')
        return useLocalImage(image, own, local, opts);
    if (opts.policy === 'pull')
        return pullImage(client, image, opts.log);
    if (!own) {
        if (local) {
            opts.log(`image ${image}: present locally (${local.Id}), reusing`);
            return { id: local.Id, built: false, reused: true };
        }
        return pullImage(client, image, opts.log);
    }
    return ensureOwnImage(client, image, local, opts);
}
/** image-policy never: the local image as it is (an own image from another context is logged). */
async function useLocalImage(image, own, local, opts) {
    if (!local)
        throw new errors/* EnvironmentError */.eG(`image ${image} is not present locally and image-policy is 'never'`, own
            ? `Build it with docker/build.sh${opts.sudo || isSudoImage(image) ? ' --sudo' : ''}, or use image-policy auto or build.`
            : `Pull it first (docker pull ${image}), or use image-policy auto or pull.`);
    if (own) {
        const wanted = await contextHash(opts.contextDir ?? dockerContextDir(), buildArgsFor(image, opts));
        if (local.Config?.Labels?.[LABEL_CONTEXT_HASH] !== wanted)
            opts.log(`image ${image}: built from a different docker/ context; using it anyway (image-policy never)`);
    }
    opts.log(`image ${image}: using local ${local.Id}`);
    return { id: local.Id, built: false, reused: true };
}
/**
 * One of our images (image-policy auto or build): reused when its context hash matches, else
 * restored from a store or registry (auto) or built, under a lock shared with other processes.
 */
async function ensureOwnImage(client, image, local, opts) {
    const sudo = opts.sudo || isSudoImage(image);
    if (sudo) {
        // The sudo variant is built FROM the runtime image of the same tag: make sure that one is current.
        const base = sudoBaseImage(image);
        await ensureImage(base, { ...opts, sudo: false, own: true, client });
    }
    const dir = opts.contextDir ?? dockerContextDir();
    const buildArgs = buildArgsFor(image, { ...opts, sudo });
    const wanted = await contextHash(dir, buildArgs);
    if (opts.policy === 'auto' && local?.Config?.Labels?.[LABEL_CONTEXT_HASH] === wanted) {
        opts.log(`image ${image}: up to date with the docker/ context (hash ${wanted.slice(0, 12)}), reusing ${local.Id}; no build`);
        return { id: local.Id, built: false, reused: true };
    }
    // Another process may be building the same image: wait for it, then look again.
    const lockFile = (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `massgen-exec-build-${(0,external_node_crypto_.createHash)('sha256').update(image).digest('hex').slice(0, 16)}.lock`);
    const build = {
        client,
        image,
        sudo,
        dir,
        buildArgs,
        want: { image, variant: sudo ? 'sudo' : 'default', hash: wanted },
        local,
        sources: opts.policy === 'auto' ? opts.sources : undefined
    };
    let entryExists = false;
    const result = await withFileLock(lockFile, async () => {
        if (opts.policy === 'auto') {
            const found = await reuseOrRestore(build, opts.log);
            if ('id' in found)
                return found;
            entryExists = found.entryExists;
            opts.log(`image ${image}: building from ${dir}`);
        }
        return buildImage(client, image, dir, sudo ? 'Dockerfile.sudo' : 'Dockerfile', buildArgs, wanted, opts.log);
    }, () => opts.log(`image ${image}: another process is building it; waiting`));
    if (result.built && build.sources?.store) {
        // Outside the lock: a waiting process finds the image by its label and need not wait for this.
        const savedAs = await saveBuiltImage(build, result, entryExists, opts.log);
        if (savedAs)
            return { ...result, savedAs };
    }
    return result;
}
/**
 * Under the build lock (image-policy auto): an image another process built meanwhile, or one
 * restored from the store or registry; otherwise whether the store already has an entry.
 */
async function reuseOrRestore(build, log) {
    const { client, image, sources } = build;
    const now = await inspectImage(client, image);
    if (now?.Config?.Labels?.[LABEL_CONTEXT_HASH] === build.want.hash) {
        log(`image ${image}: built meanwhile by another process, reusing ${now.Id}; no build`);
        return { id: now.Id, built: false, reused: true };
    }
    log(build.local
        ? `image ${image}: local image was built from another docker/ context`
        : `image ${image}: not present locally`);
    if (!(sources?.store || sources?.registry))
        return { entryExists: false };
    const got = await restoreOwnImage(client, sources, build.want, log);
    if ('miss' in got)
        return { entryExists: got.entryExists };
    return {
        id: got.id,
        built: false,
        reused: false,
        restored: got.from,
        restoredFrom: got.source
    };
}
/** Saves a freshly built image to the store, unless the store already has its (immutable) entry. */
async function saveBuiltImage(build, result, entryExists, log) {
    const store = build.sources.store;
    if (entryExists) {
        log(`image ${build.image}: ${store.name} already has an entry for it (entries are immutable); not saved again`);
        return undefined;
    }
    return saveToStore(build.client, store, build.want, result.id, {
        log,
        warn: warner(build.sources, log)
    });
}
function buildArgsFor(image, opts) {
    const args = {};
    if (process.env.MASSGEN_EXEC_BASE_IMAGE)
        args.BASE_IMAGE = process.env.MASSGEN_EXEC_BASE_IMAGE;
    if (opts.sudo || isSudoImage(image))
        args.RUNTIME_IMAGE = sudoBaseImage(image);
    return args;
}
async function inspectImage(client, image) {
    try {
        return await client.inspectImage(image);
    }
    catch (err) {
        throw new errors/* EnvironmentError */.eG(`cannot inspect image ${image}: ${(0,errors/* errorMessage */.gJ)(err)}`);
    }
}
async function buildImage(client, image, dir, dockerfile, buildArgs, hash, log) {
    const started = Date.now();
    log(`image ${image}: building ${dockerfile} (context hash ${hash.slice(0, 12)})`);
    const reporter = new ProgressReporter('[build] ', log);
    const failed = (message) => new errors/* EnvironmentError */.eG(`building image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), `Check docker/${dockerfile}; run docker/build.sh${dockerfile.endsWith('.sudo') ? ' --sudo' : ''} to reproduce. The Debian mirror must be reachable while building.`);
    try {
        // tar-fs 3 packs with streamx, which pipes into the request like a Node stream.
        const context = (0,tar_fs/* pack */.q)(dir, {
            entries: await contextFiles(dir)
        });
        const stream = await client.buildImage(context, {
            tag: image,
            dockerfile,
            buildArgs,
            // No "managed" label here: every container anyone starts from the image would carry it.
            labels: {
                [LABEL_CONTEXT_HASH]: hash,
                [LABEL_VERSION]: toolVersion(),
                [LABEL_VARIANT]: dockerfile.endsWith('.sudo') ? 'sudo' : 'default'
            }
        });
        await followProgress(stream, reporter);
    }
    catch (err) {
        throw failed((0,errors/* errorMessage */.gJ)(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const built = await inspectImage(client, image);
    if (!built || built.Config?.Labels?.[LABEL_CONTEXT_HASH] !== hash)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: built ${built.Id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { id: built.Id, built: true, reused: false };
}
async function pullImage(client, image, log) {
    log(`image ${image}: pulling`);
    const reporter = new ProgressReporter('[pull] ', log);
    const failed = (message) => new errors/* EnvironmentError */.eG(`pulling image ${image} failed: ${message}` +
        (reporter.tail() ? `\nlast output:\n${reporter.tail()}` : ''), 'Check the image name and registry access (docker login), or use image-policy never with a local image.' +
        (isOwnImage(image)
            ? ' Our own images can be built locally: image-policy auto or build.'
            : ''));
    try {
        await followProgress(await client.pullImage(image), reporter);
    }
    catch (err) {
        throw failed((0,errors/* errorMessage */.gJ)(err));
    }
    if (reporter.error)
        throw failed(reporter.error);
    const pulled = await inspectImage(client, image);
    if (!pulled)
        throw failed('the engine reported success but the image is missing');
    log(`image ${image}: pulled ${pulled.Id}`);
    return { id: pulled.Id, built: false, reused: false, pulled: true };
}

;// CONCATENATED MODULE: ./src/runtime/docker/owner.ts
// Who owns a container: the process that created it, named so that another process on the same
// host can tell for certain whether that owner is gone — host name, kernel boot id, pid, and the
// pid's start time (a pid alone is reused). A run killed with SIGKILL cannot clean up after itself;
// the next run (or `massgen-exec cleanup --stale`) removes its containers, and only those whose
// owner is provably dead on this host: never a live run's, never another host's.



const realProc = {
    read: (path) => {
        try {
            return (0,external_node_fs_.readFileSync)(path, 'utf8');
        }
        catch {
            return undefined;
        }
    }
};
/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function startTimeOf(pid, proc = realProc) {
    const stat = proc.read(`/proc/${pid}/stat`);
    if (!stat)
        return undefined;
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state); field 22 is rest[19].
    return rest[19];
}
function currentOwner(proc = realProc) {
    return {
        host: (0,external_node_os_.hostname)(),
        bootId: (proc.read('/proc/sys/kernel/random/boot_id') ?? '').trim(),
        pid: process.pid,
        start: startTimeOf(process.pid, proc) ?? ''
    };
}
function ownerLabels(o) {
    return {
        [LABEL_OWNER_HOST]: o.host,
        [LABEL_OWNER_BOOT]: o.bootId,
        [LABEL_OWNER_PID]: String(o.pid),
        [LABEL_OWNER_START]: o.start
    };
}
/**
 * Whether the owner named by `labels` is certainly gone, judged from `me` (this process, this
 * host). Unknown (another host, missing labels, no boot id to compare) is "not gone".
 */
function owner_ownerIsGone(labels, me, proc = realProc) {
    const host = labels[LABEL_OWNER_HOST];
    const boot = labels[LABEL_OWNER_BOOT];
    const pid = Number(labels[LABEL_OWNER_PID]);
    if (!host || host !== me.host || !boot || !me.bootId || !Number.isInteger(pid) || pid <= 0)
        return false;
    // The machine rebooted since: every process of that boot is gone.
    if (boot !== me.bootId)
        return true;
    if (pid === me.pid && labels[LABEL_OWNER_START] === me.start)
        return false;
    const start = startTimeOf(pid, proc);
    if (start === undefined)
        return true;
    // The pid is alive but it is another process (pid reuse) when its start time differs.
    return labels[LABEL_OWNER_START] !== '' && start !== labels[LABEL_OWNER_START];
}

;// CONCATENATED MODULE: ./src/runtime/docker/runtimes.ts
// command_line_docker_runtime: which OCI runtime an agent's container runs under, checked against
// the runtimes the engine lists (`docker info`) before any container exists. A name the engine does
// not know is an environment error (exit 2) that says how to register it — never a silent fallback
// to the default runtime, which would be a weaker sandbox than the config asked for.


/** The script that installs gVisor and registers `runsc` and `runsc-net` with the engine. */
const GVISOR_SETUP_SCRIPT = 'scripts/gvisor.sh';
/** What scripts/gvisor.sh registers: gVisor without a network, and gVisor with its netstack. */
const GVISOR_RUNTIME = 'runsc';
const GVISOR_NET_RUNTIME = 'runsc-net';
/**
 * Decides the runtime of an agent's container from the config (`runtime` undefined: the engine's
 * default) and the engine's `docker info`.
 */
function checkRuntime(config, info) {
    const runtimes = info.Runtimes ?? {};
    const requested = config.runtime;
    const name = requested ?? info.DefaultRuntime ?? 'runc';
    const key = `command_line_docker_runtime: ${JSON.stringify(name)}`;
    if (requested !== undefined && !Object.hasOwn(runtimes, requested)) {
        const listed = Object.keys(runtimes).sort();
        return {
            ok: false,
            message: `${key} is not a runtime of this Docker engine (it lists: ${listed.join(', ') || 'none'})`,
            hint: isGvisorName(requested)
                ? `Run \`sudo bash ${GVISOR_SETUP_SCRIPT}\` on the Docker host: it installs gVisor, registers ${GVISOR_RUNTIME} and ${GVISOR_NET_RUNTIME} in daemon.json and reloads dockerd.`
                : `Register it under "runtimes" in the engine's daemon.json and reload dockerd (SIGHUP), or remove the key to use the engine's default; for gVisor run \`sudo bash ${GVISOR_SETUP_SCRIPT}\`.`
        };
    }
    const entry = runtimes[name] ?? undefined;
    const gvisor = isGvisorRuntime(name, info);
    const choice = { hostConfigRuntime: requested, name, gvisor };
    if (!gvisor)
        return { ok: true, runtime: choice };
    const net = gvisorNetworkArg(entry?.runtimeArgs ?? []);
    choice.gvisorNetwork = net === 'none' ? 'none' : net === 'host' ? 'host' : 'sandbox';
    if (choice.gvisorNetwork === 'none' && config.network !== 'none') {
        return {
            ok: false,
            message: `${key} is gVisor registered with --network=none (no network inside the sandbox), but the network mode is ${JSON.stringify(config.network)}`,
            hint: `Use command_line_docker_runtime: ${GVISOR_NET_RUNTIME} (gVisor for networked containers; ${GVISOR_SETUP_SCRIPT} registers it) or command_line_docker_network_mode: none.`
        };
    }
    if (config.enableSudo) {
        // gVisor sets no_new_privs on every process whatever the container asks for
        // (PR_SET_NO_NEW_PRIVS "is assumed to always be set"), so setuid sudo can never become root.
        return {
            ok: false,
            message: `${key}: command_line_docker_enable_sudo cannot work under gVisor, which sets no-new-privileges on every process (sudo refuses to run)`,
            hint: 'Install system packages in your own image (command_line_docker_image) instead, or drop the runtime key to use runc with the sudo variant.'
        };
    }
    return { ok: true, runtime: choice };
}
const isGvisorName = defaults/* isGvisorRuntimeName */.sn;
/** Whether the engine's runtime of that name is gVisor: by its name, or by its binary (runsc). */
function isGvisorRuntime(name, info) {
    return isGvisorName(name) || basename(info.Runtimes?.[name]?.path ?? '') === 'runsc';
}
/** Host tasks an idle gVisor sandbox holds, and what each process in it adds (ptrace platform). */
const GVISOR_IDLE_TASKS = 57;
const GVISOR_TASKS_PER_PROCESS = 7;
/** About how many processes fit in a gVisor sandbox under a pids limit. */
function gvisorProcessCapacity(pidsLimit) {
    return Math.max(0, Math.floor((pidsLimit - GVISOR_IDLE_TASKS) / GVISOR_TASKS_PER_PROCESS));
}
/**
 * A warning when a pids limit leaves a gVisor sandbox few processes (gVisor's own host threads
 * count against it, and past it the whole sandbox ends); undefined when it is roomy enough.
 */
function gvisorPidsNote(pidsLimit) {
    if (pidsLimit >= defaults/* GVISOR_PIDS_LIMIT */.uw / 2)
        return undefined;
    return (`pids limit ${pidsLimit} under gVisor fits only about ${gvisorProcessCapacity(pidsLimit)} processes ` +
        `(gVisor's own host threads count against it: ~${GVISOR_IDLE_TASKS} idle, ~${GVISOR_TASKS_PER_PROCESS} per process), ` +
        `and going past it ends the whole sandbox; command_line_docker_pids_limit: ${defaults/* GVISOR_PIDS_LIMIT */.uw} (the default under runsc) fits ~${gvisorProcessCapacity(defaults/* GVISOR_PIDS_LIMIT */.uw)}`);
}
/** The value of runsc's --network flag in the registered args (`--network=x` or `--network x`). */
function gvisorNetworkArg(args) {
    let value;
    args.forEach((arg, i) => {
        const m = /^--?network(?:=(.*))?$/.exec(arg);
        if (m)
            value = m[1] ?? args[i + 1];
    });
    return value;
}
function basename(path) {
    return path.slice(path.lastIndexOf('/') + 1);
}
/**
 * 'gvisor' when gVisor's kernel answered (its dmesg starts "Starting gVisor..."), 'host' when the
 * container shares the host's kernel (its /proc/version names the host's release), else
 * 'unknown' (a remote engine, or nothing readable).
 */
function kernelIdentity(e) {
    if (e.dmesg && /Starting gVisor/.test(e.dmesg))
        return 'gvisor';
    const release = /^Linux version (\S+)/.exec(e.procVersion ?? '')?.[1];
    if (release && e.hostRelease && release === e.hostRelease.trim())
        return 'host';
    return 'unknown';
}
/** checkRuntime, as the runtime uses it: the choice, or an EnvironmentError (exit 2). */
function assertRuntime(config, info) {
    const check = checkRuntime(config, info);
    if (!check.ok)
        throw new errors/* EnvironmentError */.eG(check.message, check.hint);
    return check.runtime;
}

// EXTERNAL MODULE: ./src/lib/output-cap.ts
var output_cap = __webpack_require__(25659);
;// CONCATENATED MODULE: ./src/runtime/docker/exec.ts
// One exec in a running container, with capped, demultiplexed output and a host-side deadline.
// Docker has no API to kill an exec, so on the deadline `onTimeout` (the session's kill strategy)
// runs and the stream is then given a grace period to end.



function execTarget(client, containerId) {
    return { exec: (spec) => client.exec(containerId, spec) };
}
/**
 * PATH for every exec the harness makes for itself (kill, file steps, preinstall, probes): only
 * root-owned system directories. The image's PATH starts with the agent's venv, where an agent can
 * plant a `sh` or `pgrep`; the harness never looks a program up there.
 */
const HARNESS_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** A harness exec's deadline unless its caller says otherwise (a kill, a listing, a probe). */
const HARNESS_TIMEOUT_MS = 15_000;
/** How long a harness exec's stream may take to end after its deadline. */
const HARNESS_GRACE_MS = 1000;
/**
 * An exec the harness makes for itself (kills, process listings, the OOM counter, the relay, du,
 * probes): an argv whose program is an absolute path, HARNESS_PATH whatever `env` says, a 15 s
 * deadline unless given, 1 s grace. Never the agent's PATH or a shell lookup of the program.
 */
function harnessExec(target, opts) {
    if (!opts.cmd[0]?.startsWith('/'))
        return Promise.reject(new Error(`harness exec of ${JSON.stringify(opts.cmd[0])}: not an absolute path`));
    return runExec(target, {
        ...opts,
        // `timeoutMs: undefined` from a caller still means the harness default, never no limit.
        timeoutMs: opts.timeoutMs ?? HARNESS_TIMEOUT_MS,
        env: { ...opts.env, PATH: HARNESS_PATH },
        graceMs: HARNESS_GRACE_MS
    });
}
const EXIT_POLL_MS = 3000;
async function runExec(target, opts) {
    const started = Date.now();
    const withStdin = opts.stdin !== undefined;
    const exec = await target.exec({
        Cmd: opts.cmd,
        AttachStdin: withStdin,
        AttachStdout: true,
        AttachStderr: true,
        Tty: false,
        Env: opts.env ? Object.entries(opts.env).map(([k, v]) => `${k}=${v}`) : undefined,
        WorkingDir: opts.cwd,
        User: opts.user
    });
    const raw = await exec.start({ stdin: withStdin });
    opts.onStarted?.();
    const ended = new Promise((resolve) => {
        raw.once('end', resolve);
        raw.once('close', resolve);
        raw.once('error', () => resolve());
    });
    const caps = {
        stdout: new output_cap/* OutputCap */.uu(opts.maxOutputBytes),
        stderr: new output_cap/* OutputCap */.uu(opts.maxOutputBytes)
    };
    splitFrames(raw, (name, chunk) => {
        caps[name].push(chunk);
        opts.onOutput?.(name, chunk);
    });
    if (withStdin)
        raw.end(opts.stdin);
    let timedOut = false;
    let timer;
    let onAbort;
    const expired = new Promise((resolve) => {
        if (opts.timeoutMs !== undefined)
            timer = setTimeout(() => resolve('expired'), opts.timeoutMs);
        onAbort = () => resolve('expired');
        opts.signal?.addEventListener('abort', onAbort, { once: true });
        if (opts.signal?.aborted)
            onAbort();
    });
    if ((await Promise.race([ended.then(() => 'ended'), expired])) === 'expired') {
        timedOut = true;
        await opts.onTimeout?.().catch(() => undefined);
        await within(ended, opts.graceMs ?? 5000);
    }
    clearTimeout(timer);
    // The session's signal outlives every exec: a listener left on it per step would pile up.
    if (onAbort)
        opts.signal?.removeEventListener('abort', onAbort);
    // Every byte is consumed by now: 'data' handlers run before 'end'.
    raw.destroy();
    const exitCode = await waitForExit(exec, timedOut ? 1000 : EXIT_POLL_MS);
    return {
        exitCode,
        stdout: caps.stdout.text(),
        stderr: caps.stderr.text(),
        truncated: caps.stdout.truncated || caps.stderr.truncated,
        timedOut,
        durationMs: Date.now() - started
    };
}
/** Exec inspect can lag the stream's end: poll until it reports a finished process. */
async function waitForExit(exec, budgetMs) {
    const until = Date.now() + budgetMs;
    for (let wait = 10;; wait = Math.min(wait * 2, 200)) {
        const state = await exec.inspect().catch(() => undefined);
        if (state && !state.Running && state.ExitCode !== null && state.ExitCode !== undefined)
            return state.ExitCode;
        if (Date.now() >= until)
            return null;
        await (0,delay/* delay */.c)(wait);
    }
}

/** Waits for `promise`, but at most `ms`; the timer is cleared so it never holds the process. */
async function within(promise, ms) {
    let timer;
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
}

;// CONCATENATED MODULE: ./src/runtime/docker/image-needs.ts
// What the harness needs from an agent image, and saying exactly what is missing. Any image with
// /bin/sh can be an agent image: steps run as `/bin/sh -c`, the kill is `/bin/sh -c 'kill -9 -1'`
// (a shell builtin), the engine lists processes from the host. Beyond /bin/sh the harness uses
// `sleep` (the container's keepalive, `sleep infinity`) and, for write_file/read_file steps,
// mkdir, dirname, cat, head and tail. Our runtime images have all of them; for other images a start
// that fails for want of one says which, and the file-step tools are checked once at start.


const FILE_STEP_TOOLS = ['mkdir', 'dirname', 'cat', 'head', 'tail'];
const NEEDS = 'an agent image needs /bin/sh and sleep (the keepalive); write_file/read_file steps also use ' +
    FILE_STEP_TOOLS.join(', ');
/** The engine's start/exec error, or one that names the program the image lacks. */
function explainImageError(err, image) {
    const message = (0,errors/* errorMessage */.gJ)(err);
    const m = /exec: "([^"]+)": (?:executable file not found in \$PATH|stat [^:]+: no such file or directory)/.exec(message) ?? /exec(?:ute)? "?([^"\s:]+)"?: no such file or directory/.exec(message);
    if (!m)
        return err instanceof Error ? err : new Error(message);
    const program = m[1];
    const role = /(^|\/)sleep$/.test(program)
        ? 'the container keepalive (`sleep infinity`)'
        : /(^|\/)sh$/.test(program)
            ? 'every step (`/bin/sh -c`)'
            : 'the harness';
    return new Error(`image ${image} has no ${program}, which the harness needs for ${role}; ${NEEDS} (the engine said: ${message.trim()})`);
}
/**
 * Which of the file-step tools the image lacks (on the harness's PATH), or [] — checked as nobody,
 * by /bin/sh's own `command -v`. Throws the explained error when /bin/sh itself is missing.
 */
async function missingFileStepTools(target, image, user) {
    try {
        const r = await harnessExec(target, {
            cmd: [
                '/bin/sh',
                '-c',
                'for t in "$@"; do command -v "$t" >/dev/null 2>&1 || echo "$t"; done',
                'sh',
                ...FILE_STEP_TOOLS
            ],
            user,
            maxOutputBytes: 4096,
            timeoutMs: 30_000
        });
        if (r.exitCode === 0)
            return r.stdout.split('\n').filter(Boolean);
        throw new Error(`${r.stderr || r.stdout}`.trim() || `exit ${r.exitCode}`);
    }
    catch (err) {
        throw explainImageError(err, image);
    }
}
/** The start-time warning for an image without some file-step tools, or undefined. */
function fileStepToolsWarning(image, missing) {
    if (missing.length === 0)
        return undefined;
    return (`image ${image} has no ${missing.join(', ')}: write_file and read_file steps will fail in it ` +
        '(run steps are unaffected); use an image that has them or install them in a step');
}

;// CONCATENATED MODULE: ./src/runtime/docker/agent-container.ts
// One agent's container through its life: created from a fixed spec, started, found stopped or
// gone behind the run's back and brought back (started again, or replaced by a new one from the same
// spec), removed. The container's name stays; its id changes when it is replaced, and everything
// that execs in it asks for the current target.



class AgentContainer {
    client;
    spec;
    journal;
    log;
    currentId;
    /** Runs after a replacement, before the step that needed it (egress relay, preinstall again). */
    onReplaced;
    /** Runs after a restart of the same container (its processes, the egress relay too, are gone). */
    onRestarted;
    constructor(client, spec, journal, log, currentId) {
        this.client = client;
        this.spec = spec;
        this.journal = journal;
        this.log = log;
        this.currentId = currentId;
    }
    /** Creates and starts it; a leftover of the same name (an earlier attempt of this run) is removed. */
    static async create(client, spec, journal, log) {
        const id = await createReplacingLeftover(client, spec, log);
        const container = new AgentContainer(client, spec, journal, log, id);
        try {
            await client.startContainer(id);
        }
        catch (err) {
            await client.removeContainer(id).catch(() => undefined);
            throw explainImageError(err, spec.Image);
        }
        return container;
    }
    get id() {
        return this.currentId;
    }
    get name() {
        return this.spec.name;
    }
    /** Where execs go: always the current container, even after a replacement. */
    target() {
        return { exec: (spec) => execTarget(this.client, this.currentId).exec(spec) };
    }
    inspect() {
        return this.client.inspectContainer(this.currentId).catch(() => undefined);
    }
    /**
     * Runs `fn`, which execs in the container. When the engine refuses the exec because the
     * container is not running or is gone (409/404: nothing ran), the container is brought back and
     * `fn` runs once more. Saves an inspect round trip on every step.
     */
    async whileRunning(fn) {
        try {
            return await fn();
        }
        catch (err) {
            if (!(0,errors/* isConflict */.dh)(err) && !(0,errors/* isNotFound */.c4)(err))
                throw err;
            await this.ensureRunning();
            return fn();
        }
    }
    /** A stopped container (killed keepalive, engine restart) is started again before a step. */
    async ensureRunning() {
        const state = await this.inspect();
        if (state?.State.Running)
            return undefined;
        const why = state
            ? `the container had stopped (exit ${state.State.ExitCode}, OOMKilled ${state.State.OOMKilled})`
            : 'the container had disappeared';
        this.log(`${why}; starting it again`);
        return this.restart(why);
    }
    /**
     * Kill + start keeps the container's filesystem (workspace, home volume; tmpfs scratch is
     * cleared); if that fails, a new container from the same spec replaces it. Returns the note for
     * the step result.
     */
    async restart(why) {
        this.journal.note(`${why}; restarting the container`);
        try {
            await this.client.killContainer(this.currentId).catch(() => undefined);
            for (let i = 0; i < 50; i++) {
                const s = await this.client.inspectContainer(this.currentId);
                if (!s.State.Running)
                    break;
                await (0,delay/* delay */.c)(100);
            }
            await this.client.startContainer(this.currentId);
            this.journal.note('container restarted; workspace and home kept, /tmp cleared');
        }
        catch (err) {
            this.journal.note(`restart failed (${(0,errors/* errorMessage */.gJ)(err)}); replacing the container`);
            await this.client.removeContainer(this.currentId);
            this.currentId = await createReplacingLeftover(this.client, this.spec, this.log);
            await this.client.startContainer(this.currentId);
            await this.onReplaced?.();
            this.journal.note(`container replaced: ${this.currentId.slice(0, 12)}`);
            return `container replaced after ${why}: files outside the mounted paths and installed packages were lost`;
        }
        // Outside the try: a hook that fails is the step's error, not a reason to replace the container.
        await this.onRestarted?.();
        return `container restarted after ${why} (workspace and installed packages kept; background processes ended)`;
    }
    remove() {
        return this.client.removeContainer(this.currentId);
    }
}
async function createReplacingLeftover(client, spec, log) {
    try {
        return await client.createContainer(spec);
    }
    catch (err) {
        if (!(0,errors/* isConflict */.dh)(err))
            throw err;
        log(`container ${spec.name} already exists (left over from an earlier attempt); removing it`);
        await client.removeContainer(spec.name);
        return client.createContainer(spec);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/agent-processes.ts



const KILL_ATTEMPTS = 3;
const GVISOR_SECOND_LOOK_MS = 150;
const ROOT = '0:0';
/**
 * The container's init (tini, started by the engine as "docker-init"). It runs as the container's
 * user, the keepalive's (nobody), and is never the agent's process nor a sign of the keepalive.
 */
const INIT_COMMANDS = new Set(['docker-init', 'tini']);
const KEEPALIVE_UID = (0,lib_user/* parseUser */.tN)(KEEPALIVE_USER).uid;
/** Alive (not a zombie) and not the init. */
const liveNonInit = (r) => !r.stat.startsWith('Z') && !INIT_COMMANDS.has(r.comm);
/** Rows of `ps -eo pid,uid,stat,comm` as the engine's top returns them. */
function parseTop(titles, processes) {
    const col = (name) => titles.findIndex((t) => t.trim().toUpperCase() === name);
    const [uid, stat, comm] = [col('UID'), col('STAT'), col('COMMAND')];
    if (uid < 0 || stat < 0)
        throw new Error(`unexpected top columns: ${titles.join(' ')}`);
    return processes.map((p) => ({
        uid: Number(p[uid]),
        stat: p[stat] ?? '',
        comm: comm >= 0 ? (p[comm] ?? '') : ''
    }));
}
/**
 * Every process of the container, listed from inside as root by absolute paths: where the engine's
 * list cannot be used. Its own pid comes first so that the listing leaves itself out (it is root's,
 * as an agent may be); pgrep could not, and could not tell a zombie from a live process either.
 */
const PROCESS_LISTING = [
    '/bin/sh',
    '-c',
    'echo $$; exec /bin/ps -e -o pid=,uid=,stat=,args='
];
/** The output of {@link PROCESS_LISTING}, without the listing itself. */
function parseProcessListing(stdout) {
    const [self, ...lines] = stdout.split('\n');
    const rows = [];
    for (const line of lines) {
        const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
        if (!m || m[1] === self?.trim())
            continue;
        const args = m[4].trim().replace(/\s+/g, ' ');
        // The program's name as ps's comm would give it, for the init's rule.
        const comm = (args.split(' ')[0] ?? '').split('/').pop() ?? '';
        rows.push({ pid: Number(m[1]), uid: Number(m[2]), stat: m[3], comm, args });
    }
    return rows;
}
/**
 * Live (not zombie) processes that belong to the agent: its uid's, and with sudo root's too; never
 * the container's init (nobody's, which is the agent's uid too when a config runs it as nobody).
 */
function agentSurvivors(rows, uid, sudo) {
    return rows.filter((r) => isAgentSurvivor(r, uid, sudo));
}
/** One row of {@link agentSurvivors}: the rule the isolation probes judge leftovers by too. */
function isAgentSurvivor(r, uid, sudo) {
    return liveNonInit(r) && (r.uid === uid || (sudo && r.uid === 0));
}
/** Whether the keepalive (the container's main process, nobody's) is alive in the engine's list. */
function keepaliveAlive(rows) {
    // The init is nobody's too, and stays for a moment after the keepalive is gone.
    return rows.some((r) => r.uid === KEEPALIVE_UID && liveNonInit(r));
}
/** In the environment of every background step's exec: its processes (and children) outlive steps. */
const BACKGROUND_MARKER = 'MASSGEN_EXEC_BACKGROUND';
const SWEEP_ROUNDS = 5;
/**
 * The end of a step: as the agent's uid (so it can only signal its own processes), every live
 * process of that uid but this shell, the init and background steps' (their environment holds
 * BACKGROUND_MARKER) gets SIGKILL; rounds until one finds nothing to kill (a process forking as
 * it is read is met in the next), which is the check. `cmd &`, `(cmd &)`, nohup and setsid
 * children are all the uid's. Exit 0: none left; exit 3 with the count: some survived every round.
 * Only shell builtins run for processes that are not the agent's, so a clean step costs one exec.
 */
const STEP_SWEEP = [
    '/bin/sh',
    '-c',
    `left=0; round=0
while [ "$round" -lt ${SWEEP_ROUNDS} ]; do
  round=$((round + 1)); killed=0
  for p in /proc/[0-9]*; do
    pid=\${p#/proc/}
    [ "$pid" = "$$" ] || [ "$pid" = 1 ] || [ ! -O "$p" ] && continue
    grep -q '^State:[[:space:]]*[ZX]' "$p/status" 2>/dev/null && continue
    tr '\\0' '\\n' < "$p/environ" 2>/dev/null | grep -q '^${BACKGROUND_MARKER}=' && continue
    kill -9 "$pid" 2>/dev/null && killed=$((killed + 1))
  done
  [ "$killed" = 0 ] && exit 0
  left=$killed
done
echo "$left"; exit 3`
];
class AgentProcesses {
    client;
    container;
    user;
    uid;
    sudo;
    journal;
    gvisor;
    constructor(client, container, user, uid, sudo, journal, gvisor = false) {
        this.client = client;
        this.container = container;
        this.user = user;
        this.uid = uid;
        this.sudo = sudo;
        this.journal = journal;
        this.gvisor = gvisor;
    }
    /**
     * Kills every process of the agent and makes sure none is left. Returns a note for the step
     * result when the container had to be restarted or replaced for that.
     */
    async killAll(why) {
        for (let attempt = 1; attempt <= KILL_ATTEMPTS; attempt++) {
            await this.signalAll();
            const { survivors: left, keepaliveGone } = await this.look();
            if (keepaliveGone)
                return this.container.restart(`the kill after ${why} also ended the container's main process (uid ${this.uid} can signal it)`);
            if (left === 0) {
                this.journal.note(`killed every process of uid ${this.uid} after ${why}`);
                return undefined;
            }
            await (0,delay/* delay */.c)(100 * attempt);
        }
        return this.container.restart(`processes of the agent survived kill -9 after ${why}`);
    }
    /**
     * What a step left running (`sleep 300 &`, setsid, nohup…) is killed when it ends, background
     * steps' processes spared: {@link STEP_SWEEP}. Survivors of every round with no background step
     * to spare go to {@link killAll} (which restarts the container if it must); with one, a note.
     */
    async endOfStep(backgroundRunning) {
        const r = await harnessExec(this.container.target(), {
            cmd: [...STEP_SWEEP],
            user: this.user,
            maxOutputBytes: 4096
        }).catch(() => undefined);
        if (r?.exitCode === 0)
            return undefined;
        const why = r
            ? `${r.stdout.trim() || '?'} process(es) of the step survived ${SWEEP_ROUNDS} rounds of kill -9 at its end`
            : 'the end-of-step kill could not run';
        this.journal.note(why);
        if (!backgroundRunning)
            return this.killAll('the end of the step');
        return `${why} (a background step is running, so the container was not restarted)`;
    }
    /**
     * `kill -9 -1` as the agent: every process of its uid but the shell itself. gVisor's kill(-1)
     * is not atomic with fork: a child born while it runs can escape, so there it goes three times.
     */
    signalAll() {
        return harnessExec(this.container.target(), {
            cmd: ['/bin/sh', '-c', this.gvisor ? 'kill -9 -1; kill -9 -1; kill -9 -1' : 'kill -9 -1'],
            user: this.user,
            maxOutputBytes: 4096
        }).catch(() => undefined);
    }
    /** How many of the agent's processes are alive, and whether the keepalive still is. */
    async look() {
        if (this.gvisor) {
            // One look at gVisor's /proc can miss a process that forks and exits as it is read (a chain
            // of them hops past it): two looks apart, and the larger count.
            const first = await this.survivorsByExec();
            if (first === undefined || first > 0)
                return { survivors: first, keepaliveGone: false };
            await (0,delay/* delay */.c)(GVISOR_SECOND_LOOK_MS);
            return { survivors: await this.survivorsByExec(), keepaliveGone: false };
        }
        let rows;
        try {
            const top = await this.client.top(this.container.id, '-eo pid,uid,stat,comm');
            rows = parseTop(top.Titles, top.Processes);
        }
        catch {
            return { survivors: await this.survivorsByExec(), keepaliveGone: false };
        }
        return {
            survivors: agentSurvivors(rows, this.uid, this.sudo).length,
            // Only a uid that can signal it (root with the capability, or nobody itself) ends it.
            keepaliveGone: (this.uid === 0 || this.uid === KEEPALIVE_UID) && !keepaliveAlive(rows)
        };
    }
    async survivorsByExec() {
        const r = await harnessExec(this.container.target(), {
            cmd: [...PROCESS_LISTING],
            user: ROOT,
            maxOutputBytes: 1024 * 1024
        }).catch(() => undefined);
        if (r?.exitCode !== 0)
            return undefined;
        return agentSurvivors(parseProcessListing(r.stdout), this.uid, this.sudo).length;
    }
}

// EXTERNAL MODULE: ./src/runtime/ca-bundle.ts
var ca_bundle = __webpack_require__(8175);
;// CONCATENATED MODULE: ./src/runtime/docker/ca.ts

/** Undefined when the agent lists no CA certificates. */
async function openContainerCaBundle(agent, log) {
    if (!agent.caCertificates?.length)
        return undefined;
    const b = await (0,ca_bundle/* writeCaBundle */.qA)(agent.caCertificates, { log });
    log(`${(0,ca_bundle/* describeCaBundle */.KM)(b)}; trusted in the container (${ca_bundle/* SANDBOX_TRUST_STORE */.zm})`);
    return {
        mounts: [
            { source: b.dir, target: ca_bundle/* CA_DIR_IN_SANDBOX */.L9, readOnly: true },
            { source: b.file, target: ca_bundle/* SANDBOX_TRUST_STORE */.zm, readOnly: true }
        ],
        env: (0,ca_bundle/* caEnv */.Ck)(`${ca_bundle/* CA_DIR_IN_SANDBOX */.L9}/${ca_bundle/* BUNDLE_NAME */.ft}`),
        remove: b.remove
    };
}

// EXTERNAL MODULE: ./src/runtime/host/background-log.ts
var background_log = __webpack_require__(28032);
;// CONCATENATED MODULE: ./src/runtime/docker/background.ts
// Background steps (MassGen's background shells): started attached, so their output is kept (capped)
// while later steps run, and ended with every other process of the agent when its steps are over.



class BackgroundSteps {
    journal;
    list = [];
    constructor(journal) {
        this.journal = journal;
    }
    /** Resolves once the process has started; rejects when it could not be. */
    async start(target, name, command, opts) {
        let markStarted;
        const started = new Promise((resolve) => (markStarted = resolve));
        const proc = {
            name,
            command,
            startedAt: new Date(),
            done: Promise.resolve()
        };
        proc.done = runExec(target, { ...opts, onStarted: markStarted, graceMs: 3000 }).then((result) => void (proc.result = result), (err) => void (proc.error = (0,errors/* errorMessage */.gJ)(err)));
        await Promise.race([started, proc.done]);
        if (proc.error)
            throw new Error(`background ${name} did not start: ${proc.error}`);
        this.list.push(proc);
        this.journal.note(`background ${name} started: ${command.slice(0, 200)}`);
    }
    /** Whether a background step is still running (its processes must outlive the next step's end). */
    anyRunning() {
        return this.list.some((b) => !b.result && !b.error);
    }
    /** Ends those still running (with every process of the agent) and waits a little for their output. */
    async stop(processes) {
        const running = this.list.filter((b) => !b.result && !b.error);
        if (running.length === 0)
            return;
        await processes.signalAll();
        await within(Promise.all(running.map((b) => b.done)), 5000);
        for (const b of running)
            this.journal.note(`background ${b.name} killed at the end of the agent's steps`);
    }
    /** Waits (at most `ms`) for every background exec to settle, e.g. when the session closes. */
    settle(ms) {
        return within(Promise.all(this.list.map((b) => b.done)), ms);
    }
    summary() {
        if (this.list.length === 0)
            return ['(none)'];
        return this.list.map((b) => `  ${b.name}: ${(0,background_log/* describeBackground */.Gg)(b)}`);
    }
    /** background_<name>.log per process, into `dir` (the layout of every mode). */
    async writeLogs(dir) {
        await (0,background_log/* writeBackgroundLogs */.$Y)(dir, this.list.map((b) => ({
            name: b.name,
            command: b.command,
            startedAt: b.startedAt,
            result: b.result,
            error: b.error,
            stdout: b.result?.stdout ?? '',
            stderr: b.result?.stderr ?? ''
        })));
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/container-log.ts
function renderContainerLog(i) {
    const s = i.state?.State;
    const lines = [
        `# docker_container.log — agent ${i.agentId}`,
        `container: ${i.spec.name} (${i.containerId})`,
        `image: ${i.image} (${i.state?.Image ?? i.imageId})`,
        `user: ${i.user}; keepalive user: ${i.spec.User}`,
        `limits: ${JSON.stringify(i.limits)}`,
        `mounts:`,
        ...(i.spec.HostConfig.Mounts ?? []).map((m) => m.Type === 'bind'
            ? `  ${m.Target} ${m.ReadOnly ? 'ro' : 'rw'}${m.Source === m.Target ? '' : ` <- ${m.Source}`}`
            : `  ${m.Target} rw (${m.Type})`),
        ...Object.entries(i.spec.HostConfig.Tmpfs ?? {}).map(([path, opts]) => `  ${path} tmpfs ${opts}`),
        s
            ? `state: status=${s.Status} running=${s.Running} exit=${s.ExitCode} ` +
                `OOMKilled=${s.OOMKilled} error=${JSON.stringify(s.Error ?? '')} ` +
                `started=${s.StartedAt} finished=${s.FinishedAt} restarts=${i.state?.RestartCount ?? 0}`
            : 'state: (container no longer exists)',
        '',
        '## history',
        ...i.journal,
        '',
        '## background processes',
        ...i.background,
        '',
        '## container log',
        i.output || '(empty)'
    ];
    return lines.join('\n') + '\n';
}

;// CONCATENATED MODULE: ./src/runtime/docker/credentials.ts
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
        if ((0,external_node_fs_.existsSync)(config.envFile)) {
            const fromFile = parseEnvFile((0,external_node_fs_.readFileSync)(config.envFile, 'utf8'));
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
function resolveCredentials(config, hostEnv = process.env, home = (0,external_node_os_.homedir)()) {
    if (!config)
        return { env: {}, mounts: [], warnings: [] };
    const result = { ...resolveCredentialEnv(config, hostEnv), mounts: [] };
    for (const name of config.mount) {
        const rel = CREDENTIAL_MOUNTS[name];
        if (!rel) {
            result.warnings.push(`credentials mount ${name} is unknown; skipped`);
            continue;
        }
        const source = (0,external_node_path_.join)(home, rel);
        if (!(0,external_node_fs_.existsSync)(source)) {
            result.warnings.push(`credentials mount ${name}: ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: `${AGENT_HOME}/${rel}`, readOnly: true });
    }
    for (const mount of config.additionalMounts) {
        const source = (0,external_node_path_.resolve)(mount.hostPath.replace(/^~(?=$|\/)/, home));
        if (!(0,external_node_fs_.existsSync)(source)) {
            result.warnings.push(`additional mount ${source} does not exist; skipped`);
            continue;
        }
        result.mounts.push({ source, target: mount.bind, readOnly: mount.mode !== 'rw' });
    }
    return result;
}

;// CONCATENATED MODULE: ./src/runtime/docker/recursive-ro.ts
// Read-only binds that are read-only all the way down. The engine binds recursively (rbind), and
// before API 1.44 (Docker 25) `ReadOnly` makes only the top mount read-only: a filesystem mounted
// below a read-only path on the host (a tmpfs, another disk, an NFS share) stays writable in the
// container, and what is written there lands on the host. On API >= 1.44 the engine is asked for
// ReadOnlyForceRecursive, which it refuses where the kernel cannot (< 5.12) instead of falling back;
// on older engines every mount found below a read-only bind's source in this host's mount table
// (/proc/self/mountinfo, read in this process's mount namespace: the engine's own, for a local
// engine) is bound read-only at its place too. One that cannot be bound (not a file or directory
// this process can see) refuses the path, naming the mount.




const MOUNTINFO = '/proc/self/mountinfo';
/** The mount points listed in a mountinfo text (field 5, octal escapes decoded). */
function mountPoints(mountinfo) {
    const points = [];
    for (const line of mountinfo.split('\n')) {
        const f = line.split(' ');
        if (f.length < 5 || !f[4])
            continue;
        points.push(f[4].replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8))));
    }
    return points;
}
/** "1.41" < "1.44" as numbers. */
function apiAtLeast(version, wanted) {
    if (!version)
        return false;
    const [a, b] = version.split('.').map(Number);
    const [c, d] = wanted.split('.').map(Number);
    return a > c || (a === c && b >= d);
}
/**
 * The mounts with every read-only bind made read-only recursively: the engine's option on API
 * >= 1.44, else an extra read-only bind for each host mount below one. Throws an
 * EnvironmentError naming a mount below a read-only path that cannot be bound.
 */
function recursiveReadOnly(input) {
    const { mounts } = input;
    if (apiAtLeast(input.apiVersion, '1.44'))
        return mounts.map((m) => m.Type === 'bind' && m.ReadOnly
            ? { ...m, BindOptions: { ...m.BindOptions, ReadOnlyForceRecursive: true } }
            : m);
    // The mount table names real paths: a bind's source is matched by its real path.
    const binds = mounts
        .filter((m) => m.Type === 'bind' && m.Source)
        .map((m) => ({ ...m, Source: realPath(m.Source) }));
    if (!binds.some((m) => m.ReadOnly))
        return mounts;
    const table = input.mountinfo ?? readMountinfo();
    const bindable = input.bindable ?? isFileOrDirectory;
    const targets = new Set(mounts.map((m) => m.Target));
    const extra = [];
    for (const point of new Set(mountPoints(table))) {
        // The bind this mount point lies deepest in decides: below a writable one it stays writable.
        const holder = binds
            .filter((m) => (0,paths/* isStrictlyInside */.P)(point, m.Source))
            .sort((a, b) => b.Source.length - a.Source.length)[0];
        if (!holder?.ReadOnly)
            continue;
        const target = (0,external_node_path_.join)(holder.Target, (0,external_node_path_.relative)(holder.Source, point));
        if (targets.has(target))
            continue;
        if (!bindable(point))
            throw new errors/* EnvironmentError */.eG(`the read-only path ${holder.Source} has a mount below it, ${point}, that cannot be bound read-only (the engine API ${input.apiVersion ?? '?'} binds read-only non-recursively, so it would stay writable)`, `unmount ${point}, give a path without mounts below it, or use Docker 25+ (API 1.44), which binds read-only recursively`);
        targets.add(target);
        extra.push({ Type: 'bind', Source: point, Target: target, ReadOnly: true });
    }
    return [...mounts, ...extra];
}
/** The engine's refusal of ReadOnlyForceRecursive (kernel < 5.12) as an EnvironmentError. */
function recursiveReadOnlyRefusal(e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!/recursive/i.test(message) || !/read-?only|readonly|rro/i.test(message))
        return undefined;
    return new errors/* EnvironmentError */.eG(`the engine cannot bind read-only paths recursively here: ${message.trim().split('\n')[0]}`, 'recursively read-only binds need Linux 5.12+; give read-only paths without mounts below them on a newer kernel, or run on a newer host');
}
function realPath(p) {
    try {
        return (0,external_node_fs_.realpathSync)(p);
    }
    catch {
        return p;
    }
}
function readMountinfo() {
    try {
        return (0,external_node_fs_.readFileSync)(MOUNTINFO, 'utf8');
    }
    catch {
        return '';
    }
}
function isFileOrDirectory(path) {
    try {
        const s = (0,external_node_fs_.statSync)(path);
        return s.isDirectory() || s.isFile();
    }
    catch {
        return false;
    }
}

// EXTERNAL MODULE: ./src/runtime/egress/index.ts + 7 modules
var egress = __webpack_require__(52813);
;// CONCATENATED MODULE: ./src/runtime/docker/egress.ts




/** The pseudo-step preinstall runs in: egress on, reported under its name. */
const PREINSTALL_STEP = { index: -1, name: 'preinstall', egress: true };
class DockerEgress {
    endpoint;
    attachment;
    opts;
    /** The relay may be gone although the container kept running (a root agent can kill it). */
    suspect = false;
    agentCanKillRelay;
    constructor(
    /** Step switching, refusal lines and notes, the report: as in srt mode. */
    endpoint, attachment, opts) {
        this.endpoint = endpoint;
        this.attachment = attachment;
        this.opts = opts;
        // The relay is another uid (nobody): the agent's `kill -9 -1` spares it, and so does root
        // without capabilities (our containers drop them all). Through sudo (which has KILL back), or
        // as root in a container given capabilities, the agent can end it.
        this.agentCanKillRelay = opts.config.enableSudo || (0,lib_user/* parseUser */.tN)(opts.config.user).uid === 0;
    }
    /** Undefined when the agent has no command_line_egress (network none, nothing to open). */
    static async open(opts) {
        if (!opts.agent.egress)
            return undefined;
        const { endpoint, attachment } = await (0,egress/* openSocketEndpoint */.X3)({
            config: opts.agent.egress,
            resolve: opts.resolve,
            log: opts.log
        });
        return new DockerEgress(endpoint, attachment, opts);
    }
    /** The host directory with the proxy's socket, read-only in the container. */
    get mount() {
        return this.attachment.mount;
    }
    /** HTTP(S)_PROXY and friends: convenience only, the container has no other way out. */
    get env() {
        return this.attachment.env;
    }
    get mode() {
        return this.opts.agent.egress?.audit ? 'audit' : 'allowlist';
    }
    /**
     * After every start of the container: the relay, started as nobody unless it already answers,
     * then a probe through relay and proxy. A failure is the step's (or the start's) error.
     */
    async attach(client, container, why) {
        const t0 = Date.now();
        try {
            await this.attachment.attach(sandboxOf(client, container), {
                sudo: this.opts.config.enableSudo
            });
        }
        catch (err) {
            // The engine's refusals keep their type (a stopped container is brought back by the caller).
            if ((0,errors/* isEngineError */.Vp)(err) || (0,errors/* isEnvironmentError */.oz)(err))
                throw err;
            const hint = /runsc|gvisor/i.test(this.opts.config.runtime ?? '')
                ? ' (gVisor refuses host Unix sockets unless its runtime entry has --host-uds=open)'
                : '';
            const message = (0,errors/* errorMessage */.gJ)(err).replace(/^(command_line_egress: )?/, 'command_line_egress: ');
            throw new Error(`${message}${hint}`, { cause: err });
        }
        this.suspect = false;
        this.opts.journal.note(`egress relay ready ${why} (${this.attachment.relayInterpreter}, ${Date.now() - t0} ms)`);
    }
    /** Before a command of the current step: a relay a root agent may have killed is checked. */
    async beforeExec(client, container) {
        if (this.suspect && this.endpoint.currentStep?.egress)
            await this.attach(client, container, 'again');
    }
    /** After a command of the agent: whether it could have ended the relay. */
    afterExec() {
        if (this.agentCanKillRelay)
            this.suspect = true;
    }
    /** Stops the proxy and removes the host directory (after the container is gone). */
    close() {
        return this.endpoint.close();
    }
}
/** The attachment's view of the container: argv execs, the relay started detached. */
function sandboxOf(client, container) {
    return {
        async run(cmd, user) {
            const r = await harnessExec(container.target(), {
                cmd,
                user,
                maxOutputBytes: 64 * 1024
            });
            return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
        },
        async spawn(cmd, user, env = {}) {
            const exec = await client.exec(container.id, {
                Cmd: cmd,
                User: user,
                Env: [`PATH=${HARNESS_PATH}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)],
                AttachStdout: false,
                AttachStderr: false,
                Tty: false
            });
            // Detached, the answer is an empty stream: drop it, the relay runs on.
            const stream = await exec.start({ detach: true });
            stream?.destroy?.();
        }
    };
}

;// CONCATENATED MODULE: ./src/runtime/docker/disk.ts
/** Growth a step may add when an earlier step already went over the limit (logs, caches). */
const OVER_LIMIT_SLACK_BYTES = 16 * 1024 ** 2;
const MIN_INTERVAL_MS = 500;
/** Measurements in a row that may fail (a container restarting) before the step is stopped. */
const MAX_FAILED_MEASURES = 3;
/** `du -s -k -x <paths>` as the agent: its output read into one usage, or undefined. */
function parseDu(r) {
    // GNU and busybox du exit 1 when some directory could not be read, with a total all the same.
    if (r.exitCode !== 0 && r.exitCode !== 1)
        return undefined;
    const sizes = r.stdout
        .split('\n')
        .map((l) => /^(\d+)\s/.exec(l)?.[1])
        .filter((x) => x !== undefined);
    if (!sizes.length)
        return undefined;
    const unreadable = r.stderr
        .split('\n')
        .filter((l) => /cannot (read|access)|Permission denied/.test(l));
    return { bytes: sizes.reduce((a, s) => a + Number(s) * 1024, 0), unreadable: unreadable.length };
}
function duCommand(paths) {
    return ['du', '-s', '-k', '-x', '--', ...paths];
}
function formatMiB(bytes) {
    return `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MiB`;
}
/** One agent's disk limit across its steps; `watch` follows one step. */
class DiskLimit {
    limitBytes;
    measure;
    sleep;
    baseline;
    constructor(limitBytes, measure, sleep = (ms) => new Promise((r) => setTimeout(r, ms))) {
        this.limitBytes = limitBytes;
        this.measure = measure;
        this.sleep = sleep;
    }
    /** The usage the limit counts from (measured once, before the first step). */
    async start() {
        this.baseline ??= await this.measure();
        return this.baseline;
    }
    /**
     * Measures until `stop` is called; calls `exceeded(reason)` once when the step goes over. `stop`
     * measures a last time and returns the reason, if the step went over at any point.
     */
    watch(exceeded) {
        let reason;
        let stopped = false;
        const at = this.start().then(async (base) => base ? { base, step: await this.measure() } : undefined);
        const check = (start, now) => this.judge(start.base, start.step ?? start.base, now);
        let failures = 0;
        const loop = (async () => {
            const start = await at;
            if (!start)
                return;
            while (!stopped && reason === undefined) {
                const t0 = Date.now();
                const now = await this.measure();
                failures = now ? 0 : failures + 1;
                const why = failures >= MAX_FAILED_MEASURES
                    ? `stopped: the disk usage could not be measured ${failures} times in a row (command_line_disk_limit ${formatMiB(this.limitBytes)})`
                    : check(start, now);
                if (why && !stopped) {
                    reason = why;
                    await exceeded(why);
                    return;
                }
                await this.sleep(Math.max(MIN_INTERVAL_MS, 2 * (Date.now() - t0)));
            }
        })();
        let final;
        const finish = async () => {
            stopped = true;
            await loop;
            const start = await at;
            if (reason === undefined && start)
                reason = check(start, await this.measure());
            return reason;
        };
        return {
            halt: async () => {
                stopped = true;
                await loop;
            },
            stop: () => (final ??= finish())
        };
    }
    /** Why `now` is over the limit, or undefined. */
    judge(base, stepStart, now) {
        if (!now)
            return undefined;
        const limit = formatMiB(this.limitBytes);
        if (now.unreadable > stepStart.unreadable)
            return `stopped: the step made ${now.unreadable - stepStart.unreadable} directory(ies) unreadable to the disk measure, which could hide writes from command_line_disk_limit (${limit})`;
        // After an earlier step went over, a step may still run; it must not grow the usage further.
        const ceiling = Math.max(base.bytes + this.limitBytes, stepStart.bytes + OVER_LIMIT_SLACK_BYTES);
        if (now.bytes <= ceiling)
            return undefined;
        return `stopped: the workspace and home grew by ${formatMiB(now.bytes - base.bytes)}, over command_line_disk_limit ${limit}`;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/file-steps.ts
// write_file and read_file steps in the container, as the agent's uid (so ownership, permissions
// and read-only mounts are the agent's), through /bin/sh with a clean PATH: a program the agent
// planted on its own PATH is never what runs. The caller has already checked the path against the
// agent's allowed paths (runtime/allowed-paths.ts).

const READ_FILE_MAX_BYTES = 8 * 1024 * 1024;
const WRITE_SCRIPT = 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"';
const READ_SCRIPT = '[ -f "$3" ] || { echo "$3: not a regular file (or missing)" >&2; exit 1; }; ' +
    'exec <"$3" || exit 1; tail -n "+$1" | if [ -n "$2" ]; then head -n "$2"; else cat; fi';
async function writeFileAsAgent(exec, target, content) {
    const r = await exec(['/bin/sh', '-c', WRITE_SCRIPT, 'sh', target], {
        env: { PATH: HARNESS_PATH },
        stdin: Buffer.from(content, 'utf8')
    });
    if (r.exitCode !== 0)
        throw new Error(`cannot write ${target}: ${r.stderr.trim() || `exit ${r.exitCode}`}`);
}
/** `lineCount` lines (all when undefined) after skipping `offset` lines. */
async function readFileAsAgent(exec, target, offset, lineCount) {
    const first = Math.max(0, Math.floor(offset)) + 1;
    const count = lineCount === undefined ? '' : String(Math.max(0, Math.floor(lineCount)));
    const r = await exec(['/bin/sh', '-c', READ_SCRIPT, 'sh', String(first), count, target], {
        env: { PATH: HARNESS_PATH },
        maxOutputBytes: READ_FILE_MAX_BYTES
    });
    if (r.exitCode !== 0)
        throw new Error(`cannot read ${target}: ${r.stderr.trim() || `exit ${r.exitCode}`}`);
    return r.stdout;
}

// EXTERNAL MODULE: ./src/runtime/workspace-owner.ts
var workspace_owner = __webpack_require__(89447);
;// CONCATENATED MODULE: ./src/runtime/docker/host-access.ts
// Host-side checks of the bind-mount sources before the container is created: they must exist
// (the engine would fail, or worse, create them as root), and the container user must be able to
// use them. The engine does not map uids: the agent runs as the workspace's owner (see
// ../workspace-owner.ts), and nothing on the host is chmod'ed or chown'ed to make it fit.



/**
 * Drops mounts whose source is missing when `optional(m)` says they may be (protected paths),
 * and throws for other missing sources. Returns the mounts to use.
 */
async function checkMountSources(mounts, optional, log) {
    const kept = [];
    for (const m of mounts) {
        const st = await (0,promises_.stat)(m.source).catch(() => undefined);
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
    const image = (0,lib_user/* parseUser */.tN)(config.user);
    const st = await (0,promises_.stat)(dir);
    let user = image;
    // The home must follow too: only a home volume can (a writable root filesystem keeps it 1000's).
    if (!config.userExplicit && !config.enableSudo && config.readOnlyRootfs) {
        user = (0,workspace_owner/* followOwner */.zc)(st, image);
        if (user.uid !== image.uid || user.gid !== image.gid)
            log(`container user ${user.uid}:${user.gid}: the workspace's owner (its home follows)`);
    }
    if (!(0,workspace_owner/* allows */.NB)(st, user, 0o7))
        log((0,workspace_owner/* unwritableWorkspaceWarning */.tW)(dir, st, user, 'container user'));
    return `${user.uid}:${user.gid}`;
}
/** Warns about mounts the container user cannot use: read mounts it cannot enter, write mounts it cannot write. */
async function warnInaccessible(mounts, user, log) {
    for (const m of mounts) {
        const st = await (0,promises_.stat)(m.source).catch(() => undefined);
        if (!st)
            continue;
        const bits = st.isDirectory() ? (m.readOnly ? 0o5 : 0o7) : m.readOnly ? 0o4 : 0o6;
        if (!(0,workspace_owner/* allows */.NB)(st, user, bits))
            log(`warning: ${m.source} is not ${m.readOnly ? 'readable' : 'writable'} by the container user ` +
                `${user.uid}:${user.gid} (owner ${st.uid}:${st.gid}, mode ${(st.mode & 0o777).toString(8)})`);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/home-owner.ts


const HELPER_TIMEOUT_MS = 60_000;
/** The helper's spec: `chown -R -h uid:gid` of the home volume `volume`, as root with CHOWN and DAC_READ_SEARCH only. */
function homeChownSpec(agent, volume, user) {
    return {
        name: `${agent.name}-home`,
        Image: agent.Image,
        Cmd: ['/bin/chown', '-R', '-h', `${user.uid}:${user.gid}`, AGENT_HOME],
        User: '0:0',
        // The agent container's labels (run id, owner): a run that dies leaves it to the same sweeps.
        Labels: agent.Labels,
        HostConfig: {
            AutoRemove: false,
            Mounts: [{ Type: 'volume', Source: volume, Target: AGENT_HOME }],
            NetworkMode: 'none',
            CapDrop: ['ALL'],
            // DAC_READ_SEARCH: the home is 0700 in images whose useradd says so (Debian trixie's).
            CapAdd: ['CHOWN', 'DAC_READ_SEARCH'],
            SecurityOpt: ['no-new-privileges:true'],
            ReadonlyRootfs: true
        }
    };
}
/** Gives the home volume of container `id` to `user`; throws when that fails. */
async function giveHomeTo(client, id, agent, user) {
    const state = await client.inspectContainer(id);
    const volume = state.Mounts?.find((m) => m.Destination === AGENT_HOME && m.Type === 'volume');
    const name = volume?.Name;
    // No home volume (a writable root filesystem): nothing of ours to give.
    if (!name)
        return;
    const spec = homeChownSpec(agent, name, user);
    await client.removeContainer(spec.name).catch(() => undefined);
    const helper = await client.createContainer(spec);
    try {
        await client.startContainer(helper);
        const deadline = Date.now() + HELPER_TIMEOUT_MS;
        for (;;) {
            const s = await client.inspectContainer(helper);
            if (!s.State.Running) {
                if (s.State.ExitCode !== 0)
                    throw new Error(`giving the home ${AGENT_HOME} to ${user.uid}:${user.gid} failed (exit ${s.State.ExitCode}): ${(await client.containerLogs(helper).catch(() => '')).trim()}`);
                return;
            }
            if (Date.now() > deadline)
                throw new Error(`giving the home ${AGENT_HOME} timed out`);
            await (0,delay/* delay */.c)(50);
        }
    }
    finally {
        await client.removeContainer(helper).catch(() => undefined);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/journal.ts
// What happened to one agent's container, for docker_container.log: timestamped notes (created,
// restarted, replaced, timed out, OOM…) kept in memory and written out with the container's state
// and its own log when the agent's steps end.
class Journal {
    lines = [];
    note(line) {
        this.lines.push(`${new Date().toISOString()} ${line}`);
    }
    get entries() {
        return this.lines;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/oom.ts
// OOM evidence for a step. The container's own cgroup counts kills: cgroup v1
// memory.oom_control and cgroup v2 memory.events both have an `oom_kill N` line. State.OOMKilled
// only covers the main process, so the counter (with the engine's `oom` events as a fallback) is
// what decides. The counter is read on the host's cgroup filesystem when the engine runs on this
// host (a file read, no round trip), else by an exec inside the container, where /sys/fs/cgroup is
// the container's cgroup.




/**
 * Read inside the container when the host cannot: the v1 file, else the v2 one. Run as nobody
 * (the files are world-readable) by absolute path with a clean PATH: nothing of the agent's runs.
 */
const OOM_COUNTER_CMD = [
    '/bin/sh',
    '-c',
    'cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events'
];
function parseOomKillCount(text) {
    const match = /^oom_kill\s+(\d+)\s*$/m.exec(text);
    return match ? Number(match[1]) : undefined;
}
/** cgroup mounts of this process's mount namespace, from /proc/self/mountinfo. */
function parseCgroupMounts(mountinfo) {
    const mounts = [];
    for (const line of mountinfo.split('\n')) {
        const [left, right] = line.split(' - ');
        if (!right)
            continue;
        const fields = left.split(' ');
        const [fsType, , superOptions = ''] = right.split(' ');
        const unescape = (s) => s.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8)));
        const base = { root: unescape(fields[3] ?? ''), mountPoint: unescape(fields[4] ?? '') };
        if (fsType === 'cgroup2')
            mounts.push({ ...base, version: 2, controllers: [] });
        else if (fsType === 'cgroup')
            mounts.push({ ...base, version: 1, controllers: superOptions.split(',') });
    }
    return mounts;
}
/**
 * The host file holding the container's OOM-kill counter, from its init process's cgroup
 * (/proc/<pid>/cgroup) and the host's cgroup mounts: the v1 memory controller's
 * memory.oom_control if the memory controller is on v1 (a `0::` line is present on v1 hosts too),
 * else v2's memory.events. Undefined whenever that cannot be established for certain: the engine
 * on another host or VM (the pid is not the container's, so its cgroup path does not name the
 * container), no permission, an unknown layout.
 */
async function hostOomCounterFile(containerId, pid, roots = {}) {
    const proc = roots.proc ?? '/proc';
    if (!Number.isInteger(pid) || pid <= 0 || !/^[0-9a-f]{64}$/.test(containerId))
        return undefined;
    const [cgroups, mountinfo] = await Promise.all([
        (0,promises_.readFile)(`${proc}/${pid}/cgroup`, 'utf8').catch(() => undefined),
        (0,promises_.readFile)(`${proc}/self/mountinfo`, 'utf8').catch(() => undefined)
    ]);
    if (!cgroups || !mountinfo)
        return undefined;
    const entries = cgroups
        .split('\n')
        .map((line) => /^(\d+):([^:]*):(.*)$/.exec(line))
        .filter((m) => m !== null);
    const v1 = entries.find((m) => m[1] !== '0' && m[2].split(',').includes('memory'));
    const v2 = entries.find((m) => m[1] === '0' && m[2] === '');
    const [version, path, file] = v1
        ? [1, v1[3], 'memory.oom_control']
        : v2
            ? [2, v2[3], 'memory.events']
            : [undefined, '', ''];
    // The path must name this container (the pid could be another process's by the time we look).
    if (!version || !path.split('/').some((part) => part.includes(containerId)))
        return undefined;
    const mounts = parseCgroupMounts(mountinfo).filter((m) => m.version === version && (version === 2 || m.controllers.includes('memory')));
    for (const m of mounts) {
        const root = m.root === '/' ? '' : m.root;
        if (root && !(0,paths/* isInside */.F)(path, root))
            continue;
        const candidate = `${m.mountPoint}${path.slice(root.length)}/${file}`;
        const text = await (0,promises_.readFile)(candidate, 'utf8').catch(() => undefined);
        if (text !== undefined && parseOomKillCount(text) !== undefined)
            return candidate;
    }
    return undefined;
}
/** The counter in a host file found by hostOomCounterFile; undefined if it cannot be read. */
async function readHostOomKills(file) {
    const text = await (0,promises_.readFile)(file, 'utf8').catch(() => undefined);
    return text === undefined ? undefined : parseOomKillCount(text);
}
/**
 * Tells an OOM kill during a step from any other exit 137: the container cgroup's oom_kill counter
 * before and after (a host file read when the engine runs here, else an exec), and the engine's
 * `oom` events when neither can be read.
 */
class OomWatch {
    client;
    container;
    journal;
    roots;
    /** The counter file on the host, per container id; null: read it by exec. */
    hostFile;
    constructor(client, container, journal, roots) {
        this.client = client;
        this.container = container;
        this.journal = journal;
        this.roots = roots;
    }
    async count() {
        const file = await this.counterFile();
        const onHost = file ? await readHostOomKills(file) : undefined;
        if (onHost !== undefined)
            return onHost;
        const r = await harnessExec(this.container.target(), {
            cmd: OOM_COUNTER_CMD,
            user: lib_user/* NOBODY */.oQ,
            maxOutputBytes: 64 * 1024
        }).catch(() => undefined);
        return r && r.exitCode === 0 ? parseOomKillCount(r.stdout) : undefined;
    }
    async happenedSince(startedAt, before) {
        const after = await this.count();
        if (before !== undefined && after !== undefined)
            return after > before;
        return this.client.sawOomEvent(this.container.id, startedAt, Date.now()).catch(() => false);
    }
    /** Found once per container (its cgroup path does not change when it is restarted). */
    async counterFile() {
        const id = this.container.id;
        if (this.hostFile?.id !== id) {
            const state = await this.container.inspect();
            // A stopped container has no cgroup to find: look again next time.
            if (!state?.State.Running)
                return null;
            const file = await hostOomCounterFile(state.Id, state.State.Pid, this.roots);
            this.hostFile = { id, file: file ?? null };
            if (file)
                this.journal.note(`OOM counter read on the host: ${file}`);
        }
        return this.hostFile.file;
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/preinstall.ts

const PREINSTALL_TIMEOUT_MS = 600_000;
const PIP = 'if [ -n "$VIRTUAL_ENV" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then ' +
    'exec "$VIRTUAL_ENV/bin/python" -m pip install "$@"; else exec python3 -m pip install --user "$@"; fi';
/** The steps for a config; names that are empty or look like options are left out with a warning. */
function preinstallSteps(packages, sudo, warn) {
    const names = (list, kind) => {
        const bad = list.filter((n) => !n.trim() || n.startsWith('-'));
        if (bad.length)
            warn(`${kind} preinstall skips invalid names: ${bad.join(' ')}`);
        return list.filter((n) => n.trim() && !n.startsWith('-'));
    };
    const python = names(packages.python, 'python');
    const npm = names(packages.npm, 'npm');
    const system = names(packages.system, 'system');
    const steps = [];
    if (system.length && !sudo) {
        warn(`system packages need command_line_docker_enable_sudo; skipped: ${system.join(' ')}`);
    }
    else if (system.length) {
        steps.push({
            label: 'apt-get update',
            cmd: ['/usr/bin/sudo', '-n', '/usr/bin/apt-get', 'update']
        });
        steps.push({
            label: `system ${system.join(' ')}`,
            cmd: [
                '/usr/bin/sudo',
                '-n',
                '/usr/bin/env',
                'DEBIAN_FRONTEND=noninteractive',
                '/usr/bin/apt-get',
                'install',
                '-y',
                '--no-install-recommends',
                ...system
            ]
        });
    }
    if (python.length)
        steps.push({
            label: `python ${python.join(' ')}`,
            cmd: ['/bin/sh', '-c', PIP, 'sh', ...python]
        });
    if (npm.length)
        steps.push({
            label: `npm ${npm.join(' ')}`,
            cmd: ['/bin/sh', '-c', 'exec npm install -g "$@"', 'sh', ...npm]
        });
    return steps;
}
async function runPreinstall(steps, exec, journal, log) {
    for (const step of steps) {
        const r = await exec(step.cmd, {
            env: { PATH: HARNESS_PATH },
            timeoutMs: PREINSTALL_TIMEOUT_MS,
            maxOutputBytes: 256 * 1024
        });
        const ok = r.exitCode === 0 && !r.timedOut;
        const line = `preinstall ${step.label}: ${ok ? 'ok' : r.timedOut ? 'timed out' : `failed (exit ${r.exitCode})`} in ${r.durationMs} ms`;
        journal.note(line);
        log(line);
        if (!ok) {
            const tail = (r.stderr || r.stdout).trim().split('\n').slice(-15).join('\n');
            journal.note(`preinstall output (tail):\n${tail}`);
            log(`preinstall output (tail):\n${tail}`);
        }
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/sandbox-end.ts

/** How long a step whose process runsc lost waits for the engine to see the container stop. */
const CONFIRM_MS = 2000;
/** What runsc writes to the exec's stderr when the sandbox died under the process. */
const RUNSC_LOST_PROCESS = /waiting on pid \d+: .*WaitPID.* EOF|urpc method .* failed: EOF/;
/**
 * Whether an exec's own exit could mean the sandbox ended under it: 'no' (an ordinary exit),
 * 'maybe' (126 and above: ask the engine), 'likely' (runsc said it lost the process, or a SIGKILL
 * or no exit at all: give the engine a moment to see the container stop).
 */
function sandboxEndHint(exitCode, stderr) {
    if (exitCode === null || exitCode === 137 || RUNSC_LOST_PROCESS.test(stderr))
        return 'likely';
    return exitCode >= 126 ? 'maybe' : 'no';
}
/** Waits for the container to stop while one step runs; `signal` aborts the step's exec then. */
class SandboxWatch {
    client;
    containerId;
    ended = new AbortController();
    cancel = new AbortController();
    exitCode;
    waiting;
    constructor(client, containerId) {
        this.client = client;
        this.containerId = containerId;
    }
    /** Aborted when the container stopped during the step. */
    get signal() {
        return this.ended.signal;
    }
    /** How the container ended, once it did. */
    get exit() {
        return this.exitCode;
    }
    /** Starts waiting (once the step's process runs: a stopped container would answer at once). */
    start() {
        this.waiting ??= this.client
            .waitContainer(this.containerId, 'not-running', { abortSignal: this.cancel.signal })
            .then((exit) => {
            if (this.cancel.signal.aborted)
                return;
            this.exitCode = exit;
            this.ended.abort();
        }, 
        // No watch (the request failed): the step's own timeout still ends it.
        () => undefined);
    }
    /**
     * After the step's exec ended by itself with an exit that could be the sandbox's end (none, or
     * 126 and above: runsc reports 127 or 128 for a process it lost): whether the container stopped.
     * The engine may not have noticed yet when `likely` (runsc said it lost the process, or it was
     * SIGKILLed, which under gVisor only the agent itself or the container's end does): then wait a
     * moment for it.
     */
    async confirm(inspect, likely) {
        if (this.exitCode)
            return this.exitCode;
        const state = await inspect();
        if (!state)
            return { StatusCode: 137 };
        if (!state.State.Running)
            return { StatusCode: state.State.ExitCode };
        if (likely && this.waiting) {
            let timer;
            await Promise.race([this.waiting, new Promise((r) => (timer = setTimeout(r, CONFIRM_MS)))]);
            clearTimeout(timer);
        }
        return this.exitCode;
    }
    /** Ends the wait request (the step is over). */
    stop() {
        this.cancel.abort();
    }
}
/**
 * What ended the sandbox during a step that started at `startedAt`: the engine's `oom` event (or
 * State.OOMKilled of this very exit), else a signal exit (killed from outside), else the sandbox's
 * own failure.
 */
function classifySandboxEnd(exit, state, sawOom) {
    if (!state)
        return { kind: 'lost', why: 'the container was removed during the step' };
    const code = state.State.Running ? exit.StatusCode : state.State.ExitCode;
    if (sawOom || state.State.OOMKilled)
        return { kind: 'oom', exitCode: code };
    if (code >= 128)
        return {
            kind: 'lost',
            why: `the container stopped during the step (exit ${code}${state.State.Error ? `, ${state.State.Error}` : ''})`
        };
    return { kind: 'crashed', exitCode: code };
}
/** The step result's note for a sandbox that ended and was started again. */
function sandboxEndNote(end, pidsLimit, restarted) {
    const after = `${restarted}; every process of the agent and /tmp are gone`;
    if (end.kind === 'oom')
        return `gVisor: out of memory ends the whole sandbox, not one process (exit ${end.exitCode}); ${after}`;
    if (end.kind === 'crashed')
        return (`gVisor: the sandbox ended during the step (exit ${end.exitCode}), most likely past the pids limit ` +
            `(${pidsLimit}, about ${gvisorProcessCapacity(pidsLimit)} processes: gVisor's own host threads count against it); ${after}`);
    return restarted;
}

;// CONCATENATED MODULE: ./src/runtime/docker/session.ts
// One agent's container session: created once, every step exec'd in it in order (so files and
// installed packages persist), timeouts that really kill, OOM told apart from failures, a container
// lost under a step told apart from both, logs kept. Each of those jobs is its own module; this
// one puts them together behind the AgentSession interface.



























/** How many more times a container that still runs after a killed step is looked at (100 ms apart). */
const LOST_LOOKS = 5;
const FILE_STEP_OUTPUT_BYTES = 64 * 1024;
class DockerSession {
    opts;
    container;
    egress;
    info;
    journal;
    background;
    processes;
    oom;
    disk;
    closing = new AbortController();
    /** gVisor: OOM and the pids limit end the whole sandbox, and the engine's `top` lists host processes. */
    gvisor;
    closed = false;
    closedDone;
    /** The CA bundle's host directory (command_line_ca_certificates), removed at close. */
    ca;
    constructor(opts, container, journal, egress) {
        this.opts = opts;
        this.container = container;
        this.egress = egress;
        this.journal = journal;
        this.gvisor = opts.runtime?.gvisor === true;
        const user = (0,lib_user/* parseUser */.tN)(opts.config.user);
        this.background = new BackgroundSteps(journal);
        this.processes = new AgentProcesses(opts.client, container, opts.config.user, user.uid, opts.config.enableSudo, journal, this.gvisor);
        this.oom = new OomWatch(opts.client, container, journal, opts.cgroupRoots);
        this.disk =
            opts.config.diskLimitBytes !== undefined
                ? new DiskLimit(opts.config.diskLimitBytes, () => this.measureDisk())
                : undefined;
        this.info = {
            mode: 'docker',
            image: opts.image,
            imageId: opts.imageId,
            container: container.name,
            limits: {
                ...describeLimits(opts.config),
                ...(egress ? { network: `${opts.config.network} + egress ${egress.mode}` } : {})
            }
        };
    }
    static async start(opts) {
        const { agent } = opts;
        const log = (line) => opts.log(`[${agent.id}] ${line}`);
        const chosen = await chooseAgentUser((0,external_node_path_.resolve)(agent.workspace), opts.config, log);
        const config = { ...opts.config, user: chosen };
        const withUser = { ...opts, config };
        const user = (0,lib_user/* parseUser */.tN)(chosen);
        const imageUser = (0,lib_user/* parseUser */.tN)(opts.config.user);
        const ownHome = user.uid !== imageUser.uid || user.gid !== imageUser.gid;
        const credentials = resolveCredentials(config.credentials);
        for (const warning of credentials.warnings)
            log(`warning: ${warning}`);
        const protectedPaths = new Set(agent.contextPaths.flatMap((c) => c.protectedPaths.map((p) => (0,external_node_path_.resolve)(p))));
        const mounts = await checkMountSources(planMounts(agent, credentials.mounts), (m) => protectedPaths.has(m.target), log);
        await warnInaccessible(mounts.filter((m) => m.target !== (0,external_node_path_.resolve)(agent.workspace)), user, log);
        const journal = new Journal();
        const ca = await openContainerCaBundle(agent, log);
        // The proxy before the container: its directory is one of the container's mounts.
        const egress = await DockerEgress.open({
            agent,
            config,
            journal,
            log,
            resolve: withUser.egressResolve
        }).catch(async (err) => {
            await ca?.remove();
            throw err;
        });
        const spec = containerCreateOptions({
            agent,
            config,
            image: withUser.image,
            name: containerName(agent.id, withUser.runId),
            runId: withUser.runId,
            version: toolVersion(),
            mounts: [...mounts, ...(egress ? [egress.mount] : []), ...(ca?.mounts ?? [])],
            env: { ...credentials.env, ...egress?.env, ...ca?.env },
            ownerLabels: ownerLabels(currentOwner())
        });
        const started = Date.now();
        let container;
        try {
            spec.HostConfig.Mounts = recursiveReadOnly({
                mounts: spec.HostConfig.Mounts ?? [],
                apiVersion: (await withUser.client.version()).ApiVersion
            });
            container = await AgentContainer.create(withUser.client, spec, journal, log);
        }
        catch (err) {
            await egress?.close();
            await ca?.remove();
            throw recursiveReadOnlyRefusal(err) ?? err;
        }
        const session = new DockerSession(withUser, container, journal, egress);
        session.ca = ca;
        const giveHome = () => ownHome ? giveHomeTo(withUser.client, container.id, spec, user) : Promise.resolve();
        container.onReplaced = async () => {
            await giveHome();
            await session.attachEgress('in the replacement');
            await session.preinstall();
        };
        container.onRestarted = () => session.attachEgress('after the restart');
        try {
            journal.note(`created and started ${spec.name} (${container.id.slice(0, 12)}) from ${withUser.image} in ${Date.now() - started} ms`);
            await giveHome();
            log(`container ${spec.name} started (${Date.now() - started} ms)`);
            await session.checkImageTools();
            await session.attachEgress('at start');
            await session.preinstall();
            await session.startDiskLimit(log);
        }
        catch (err) {
            await container.remove().catch(() => undefined);
            await egress?.close();
            await ca?.remove();
            throw err;
        }
        return session;
    }
    /** Another image than ours: say at start what it lacks for file steps (/bin/sh: an error). */
    async checkImageTools() {
        if (isOwnImage(this.opts.image))
            return;
        let missing;
        try {
            missing = await missingFileStepTools(this.container.target(), this.opts.image, KEEPALIVE_USER);
        }
        catch (err) {
            // The init (tini) starts, then exits 127 when it cannot exec the keepalive.
            const state = (await this.container.inspect())?.State;
            if (state && !state.Running && state.ExitCode === 127)
                throw explainImageError(new Error('exec: "sleep": executable file not found in $PATH'), this.opts.image);
            throw err;
        }
        const warning = fileStepToolsWarning(this.opts.image, missing);
        if (warning) {
            this.journal.note(warning);
            this.opts.log(`[${this.opts.agent.id}] warning: ${warning}`);
        }
    }
    get containerId() {
        return this.container.id;
    }
    async exec(req) {
        this.assertOpen();
        // Under gVisor no OOM kill leaves the container running: the counters have nothing to say.
        const watchOom = this.opts.config.memoryBytes !== undefined && !this.gvisor;
        let note;
        let ended;
        let diskLimit;
        const { result, oomBefore, startedAt } = await this.container.whileRunning(async () => {
            await this.egress?.beforeExec(this.opts.client, this.container);
            const oomBefore = watchOom ? await this.oom.count() : undefined;
            const startedAt = Date.now();
            const watch = this.gvisor ? new SandboxWatch(this.opts.client, this.container.id) : undefined;
            // Stopped like a timeout when the step takes the agent's storage over its disk limit.
            const disk = this.disk?.watch(async (why) => {
                note = await this.processes.killAll('the disk limit');
                this.journal.note(`${why}: ${req.command.slice(0, 200)}`);
            });
            try {
                const result = await runExec(this.container.target(), {
                    cmd: ['/bin/sh', '-c', req.command],
                    user: this.opts.config.user,
                    cwd: req.cwd,
                    env: req.env,
                    maxOutputBytes: req.maxOutputBytes,
                    timeoutMs: req.timeoutMs,
                    onOutput: req.onOutput,
                    onStarted: () => watch?.start(),
                    signal: AbortSignal.any([this.closing.signal, watch?.signal, req.signal].filter((s) => s !== undefined)),
                    onTimeout: async () => {
                        if (this.closed)
                            return;
                        const exit = watch?.exit;
                        if (exit) {
                            // Starting the container again also ends the exec's stream, which runsc holds open.
                            ;
                            ({ ended, note } = await this.recoverSandbox(exit, startedAt));
                            return;
                        }
                        // No measuring `du` (the agent's uid) may start while the kill looks for survivors.
                        await disk?.halt();
                        note = await this.processes.killAll(`a timeout after ${req.timeoutMs} ms`);
                    }
                });
                if (watch && !ended && !this.closed && !result.timedOut) {
                    // The exec can end before the engine's wait answers (runsc reports the process it lost).
                    const hint = sandboxEndHint(result.exitCode, result.stderr);
                    const exit = hint === 'no'
                        ? undefined
                        : await watch.confirm(() => this.container.inspect(), hint === 'likely');
                    if (exit)
                        ({ ended, note } = await this.recoverSandbox(exit, startedAt));
                }
                // Shutting down: no last measure of a container that is being removed.
                if (!this.closed)
                    diskLimit = await disk?.stop();
                return { result, oomBefore, startedAt };
            }
            finally {
                watch?.stop();
                if (this.closed)
                    void disk?.halt();
                else
                    await disk?.stop();
            }
        });
        this.egress?.afterExec();
        if (this.closed)
            return {
                ...result,
                exitCode: null,
                timedOut: false,
                oom: false,
                note: 'cancelled: the run is shutting down'
            };
        if (ended)
            return this.endedResult(req, result, ended, note);
        // Exit 137 or none at all: killed. By the OOM killer, by us (timeout), or with its container.
        const killed = !result.timedOut && (result.exitCode === 137 || result.exitCode === null);
        const oom = killed && watchOom && (await this.oom.happenedSince(startedAt, oomBefore));
        const sandboxLost = killed && !oom ? await this.lostDuringStep() : undefined;
        if (result.timedOut)
            this.journal.note(`step timed out after ${req.timeoutMs} ms: ${req.command.slice(0, 200)}`);
        if (oom)
            this.journal.note(`step killed by the OOM killer: ${req.command.slice(0, 200)}`);
        if (sandboxLost)
            this.journal.note(`step ended with its container: ${sandboxLost}`);
        // What the step left running dies with it (a timeout's kill has already ended everything).
        if (!result.timedOut && !sandboxLost) {
            const swept = await this.processes.endOfStep(this.background.anyRunning());
            if (swept)
                note = note ? `${note}; ${swept}` : swept;
        }
        const refused = this.egress?.endpoint.refusalNote(startedAt);
        if (refused)
            note = note ? `${note}; ${refused}` : refused;
        return {
            exitCode: result.timedOut ? null : result.exitCode,
            stdout: result.stdout,
            stderr: result.stderr,
            truncated: result.truncated,
            timedOut: result.timedOut,
            oom,
            durationMs: result.durationMs,
            note,
            ...(sandboxLost ? { sandboxLost } : {}),
            ...(diskLimit ? { diskLimit } : {})
        };
    }
    /**
     * gVisor: the container stopped under the step. Tells why from the engine's records, then starts
     * it again (unless it is gone: the next step replaces it).
     */
    async recoverSandbox(exit, startedAt) {
        const state = await this.container.inspect();
        const sawOom = await this.opts.client
            .sawOomEvent(this.container.id, startedAt, Date.now())
            .catch(() => false);
        const ended = classifySandboxEnd(exit, state, sawOom);
        if (!state)
            return { ended };
        const why = ended.kind === 'oom'
            ? 'the OOM killer ended the gVisor sandbox'
            : ended.kind === 'crashed'
                ? `the gVisor sandbox ended (exit ${ended.exitCode})`
                : ended.why;
        const restarted = await this.container.restart(why);
        return { ended, note: sandboxEndNote(ended, this.opts.config.pidsLimit, restarted) };
    }
    endedResult(req, result, ended, note) {
        const command = req.command.slice(0, 200);
        const base = {
            stdout: result.stdout,
            stderr: result.stderr,
            truncated: result.truncated,
            timedOut: false,
            durationMs: result.durationMs,
            note
        };
        if (ended.kind === 'oom') {
            this.journal.note(`step killed by the OOM killer (the whole gVisor sandbox): ${command}`);
            return { ...base, exitCode: ended.exitCode, oom: true, sandboxRestarted: true };
        }
        if (ended.kind === 'crashed') {
            this.journal.note(`the gVisor sandbox ended under the step (exit ${ended.exitCode}): ${command}`);
            return { ...base, exitCode: null, oom: false, sandboxRestarted: true };
        }
        this.journal.note(`step ended with its container: ${ended.why}`);
        return { ...base, exitCode: null, oom: false, sandboxLost: ended.why };
    }
    async execBackground(req, name) {
        this.assertOpen();
        await this.container.ensureRunning();
        await this.egress?.beforeExec(this.opts.client, this.container);
        this.egress?.afterExec();
        await this.background.start(this.container.target(), name, req.command, {
            cmd: ['/bin/sh', '-c', req.command],
            user: this.opts.config.user,
            cwd: req.cwd,
            // Marks its processes as the background step's: the end of other steps spares them.
            env: { ...req.env, [BACKGROUND_MARKER]: name },
            maxOutputBytes: req.maxOutputBytes,
            onOutput: req.onOutput,
            signal: this.closing.signal
        });
    }
    async writeFile(path, content) {
        this.assertOpen();
        const target = this.absolute(path);
        await this.container.whileRunning(() => writeFileAsAgent(this.agentExec, target, content));
    }
    async readFile(path, offset, lineCount) {
        this.assertOpen();
        const target = this.absolute(path);
        return this.container.whileRunning(() => readFileAsAgent(this.agentExec, target, offset, lineCount));
    }
    async saveLogs(dir) {
        await this.background.stop(this.processes);
        await (0,promises_.mkdir)(dir, { recursive: true });
        const state = await this.container.inspect();
        const output = await this.opts.client.containerLogs(this.container.id).catch(() => '');
        const text = renderContainerLog({
            agentId: this.opts.agent.id,
            spec: this.container.spec,
            containerId: this.container.id,
            image: this.opts.image,
            imageId: this.opts.imageId,
            user: this.opts.config.user,
            limits: this.info.limits,
            state,
            journal: this.journal.entries,
            background: this.background.summary(),
            output
        });
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, 'docker_container.log'), text);
        await this.background.writeLogs(dir);
    }
    beginStep(step) {
        this.egress?.endpoint.setStep({ index: step.index, name: step.name, egress: step.egress });
    }
    egressReport() {
        return this.egress?.endpoint.report();
    }
    /**
     * Ends the session and removes the container. Every caller (the run, the runtime's cleanup, a
     * signal handler) gets the same promise: none may return while the removal is still under way,
     * or the process could exit before the engine has the request.
     */
    close() {
        this.closed = true;
        return (this.closedDone ??= this.shutDown());
    }
    async shutDown() {
        this.closing.abort();
        await this.background.settle(3000);
        try {
            await this.container.remove();
        }
        finally {
            await this.egress?.close();
            await this.ca?.remove().catch(() => undefined);
        }
    }
    /** argv as the agent, in its workspace; a hang is ended like a step's timeout. */
    agentExec = (cmd, extra = {}) => runExec(this.container.target(), {
        cmd,
        user: this.opts.config.user,
        cwd: (0,external_node_path_.resolve)(this.opts.agent.workspace),
        maxOutputBytes: FILE_STEP_OUTPUT_BYTES,
        timeoutMs: defaults/* FILE_STEP_TIMEOUT_MS */.VN,
        onTimeout: async () => void (await this.processes.killAll('a file operation timeout')),
        ...extra
    });
    /** The usage command_line_disk_limit counts from (after preinstall, whose packages are not the agent's). */
    async startDiskLimit(log) {
        if (!this.disk)
            return;
        const base = await this.disk.start();
        if (!base)
            log('warning: the disk usage could not be measured; command_line_disk_limit stops every step');
        else if (base.unreadable)
            log(`warning: ${base.unreadable} directory(ies) of the workspace or home are unreadable to the agent: the disk limit does not see into them`);
        this.journal.note(`disk limit ${formatMiB(this.disk.limitBytes)} from ${base ? formatMiB(base.bytes) : 'an unknown usage'} (workspace, write context paths, home)`);
    }
    /** `du` as the agent over its writable storage (argv, HARNESS_PATH, never the agent's PATH). */
    measureDisk = async () => {
        const a = this.opts.agent;
        const paths = [
            (0,external_node_path_.resolve)(a.workspace),
            ...a.contextPaths.filter((c) => c.permission === 'write').map((c) => (0,external_node_path_.resolve)(c.path)),
            AGENT_HOME
        ];
        // `du` by name on HARNESS_PATH (not an absolute path: images keep it in /bin or /usr/bin).
        const r = await runExec(this.container.target(), {
            cmd: duCommand([...new Set(paths)]),
            user: this.opts.config.user,
            env: { PATH: HARNESS_PATH },
            maxOutputBytes: 64 * 1024,
            timeoutMs: 60_000
        }).catch(() => undefined);
        return r && !r.timedOut ? parseDu(r) : undefined;
    };
    async preinstall() {
        const packages = this.opts.config.packages;
        if (!packages)
            return;
        const log = (line) => this.opts.log(`[${this.opts.agent.id}] ${line}`);
        const steps = preinstallSteps(packages, this.opts.config.enableSudo, (w) => log(`warning: ${w}`));
        const run = () => runPreinstall(steps, this.agentExec, this.journal, log);
        // Installing is what egress is for: preinstall runs with it on, reported as its own step.
        await (this.egress ? this.egress.endpoint.during(PREINSTALL_STEP, run) : run());
    }
    /** The egress relay, after every start of the container (nothing when the agent has no egress). */
    async attachEgress(why) {
        await this.egress?.attach(this.opts.client, this.container, why);
    }
    /**
     * Why the container is not there to have finished the step, or undefined when it is. The exec
     * can end before the engine records the container's death, so a running state is looked at a
     * few more times (only after a kill-like exit: 137 or none).
     */
    async lostDuringStep() {
        for (let look = 0;; look++) {
            const state = await this.container.inspect();
            if (!state)
                return 'the container was removed during the step';
            if (state.State.Status === 'removing')
                return 'the container was removed during the step';
            if (!state.State.Running)
                return `the container stopped during the step (exit ${state.State.ExitCode}${state.State.Error ? `, ${state.State.Error}` : ''})`;
            if (look === LOST_LOOKS)
                return undefined;
            await (0,delay/* delay */.c)(100);
        }
    }
    assertOpen() {
        if (this.closed)
            throw new Error(`agent ${this.opts.agent.id}: the container session is closed`);
    }
    absolute(path) {
        return (0,external_node_path_.isAbsolute)(path) ? path : (0,external_node_path_.resolve)(this.opts.agent.workspace, path);
    }
}

;// CONCATENATED MODULE: ./src/runtime/docker/runtime.ts







function createDockerRuntime(opts) {
    let connection = opts.client
        ? Promise.resolve(opts.client)
        : undefined;
    const connect = () => (connection ??= connectFirstTime(opts.log));
    const sessions = new Map();
    const cancelled = new Set();
    // The engine's runtimes, asked once per run: every agent's runtime is checked against them.
    let info;
    return {
        client: connect,
        async start(agent, ctx) {
            if (cancelled.has(ctx.runId))
                throw new Error(`run ${ctx.runId} is being cleaned up`);
            const client = await connect();
            const config = agent.docker ?? dockerDefaults();
            // Before the image: a runtime the engine lacks is refused at once (a build or pull would only
            // delay the error), and never replaced by the default runtime, a weaker sandbox.
            info ??= client.info().catch((e) => {
                info = undefined; // a failed request is asked again by the next agent
                throw e;
            });
            const runtimeChoice = assertRuntime(config, await info);
            const pidsNote = runtimeChoice.gvisor ? gvisorPidsNote(config.pidsLimit) : undefined;
            if (pidsNote)
                ctx.log(`[${agent.id}] warning: ${pidsNote}`);
            const image = await ensureImage(config.image, {
                policy: opts.imagePolicy,
                sudo: config.enableSudo,
                own: config.ownImage,
                log: opts.log,
                client,
                sources: opts.imageSources,
                onReady: opts.onImage
            });
            const session = await DockerSession.start({
                client,
                agent,
                config,
                image: config.image,
                imageId: image.id,
                runId: ctx.runId,
                runtime: runtimeChoice,
                log: ctx.log,
                egressResolve: opts.egressResolve
            });
            if (cancelled.has(ctx.runId)) {
                // cleanup ran while this container was being created: do not leave it behind.
                await session.close();
                throw new Error(`run ${ctx.runId} is being cleaned up`);
            }
            let forRun = sessions.get(ctx.runId);
            if (!forRun)
                sessions.set(ctx.runId, (forRun = new Set()));
            forRun.add(session);
            const close = session.close.bind(session);
            session.close = async () => {
                forRun.delete(session);
                await close();
            };
            return session;
        },
        async cleanup(runId) {
            cancelled.add(runId);
            const open = [...(sessions.get(runId) ?? [])];
            await Promise.allSettled(open.map((s) => s.close()));
            sessions.delete(runId);
            if (connection)
                await sweepRun(await connection, runId);
        }
    };
}
/**
 * Connects, then removes what dead runs left behind on this host before anything of this run
 * exists (a run killed with SIGKILL cannot clean up after itself).
 */
async function connectFirstTime(log) {
    const client = await connectDocker();
    const swept = await sweepStale(client).catch((e) => {
        log(`cleanup of stale containers failed: ${e.message}`);
        return [];
    });
    if (swept.length)
        log(`removed ${swept.length} container(s) left by run(s) whose process is gone: ${swept.map((c) => runtime_name(c)).join(', ')}`);
    return client;
}
/** Stops and removes every container labelled with the run id; returns how many are gone. */
async function sweepRun(client, runId) {
    const found = await client.listContainers({ labels: [`${LABEL_RUN}=${runId}`] });
    const results = await Promise.allSettled(found.map((c) => client.removeContainer(c.Id)));
    return results.filter((r) => r.status === 'fulfilled').length;
}
/** Removes our containers whose owning process is certainly gone on this host; returns them. */
async function sweepStale(client, me = currentOwner()) {
    const ours = await client.listContainers({ labels: [`${LABEL_MANAGED}=true`] });
    const stale = ours.filter((c) => owner_ownerIsGone(c.Labels ?? {}, me));
    const results = await Promise.allSettled(stale.map((c) => client.removeContainer(c.Id)));
    return stale.filter((_, i) => results[i].status === 'fulfilled');
}
function runtime_name(c) {
    return `${(c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, '')} (run ${c.Labels?.[LABEL_RUN] ?? '?'})`;
}

;// CONCATENATED MODULE: ./src/runtime/docker/index.ts
// Docker mode's public surface; everything else in this directory is an implementation detail.













/***/ }),

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

// EXTERNAL MODULE: ./src/lib/egress/presets.ts
var presets = __webpack_require__(27687);
// EXTERNAL MODULE: ./src/lib/egress/config.ts
var config = __webpack_require__(26205);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: ./src/lib/egress/srt-pieces.ts
var srt_pieces = __webpack_require__(89258);
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
        // Keep reading (and dropping) what the peer still sends until it closes, then the socket
        // ends: closing with unread bytes could reset the connection before the peer has read the 403
        // (a relay's request arriving just after its preamble was refused). Bounded all the same.
        socket.on('data', () => undefined);
        setTimeout(() => socket.destroy(), PREAMBLE_TIMEOUT_MS).unref();
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
    opts;
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
    constructor(opts) {
        this.opts = opts;
        this.events = new EgressLog(opts.policy, opts.now);
        this.resolve = opts.resolve ?? defaultResolve;
        this.localAddresses = opts.localAddresses ?? hostAddresses;
        this.server = (0,srt_pieces/* createHttpProxyServer */.y0)({
            filter: (port, host, socket, _command, explain) => this.filter(port, host, socket, explain),
            lookupFor: (port) => this.lookupFor(port),
            denyHeader: PROXY_HEADER,
            requireAsciiHost: true,
            foldHopByHop: true,
            proxyAuthToken: opts.proxyAuthToken,
            parentProxy: opts.upstream
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
        return this.opts.policy;
    }
    /** Starts listening; a Unix socket is made connectable by any uid (the sandbox's relay user). */
    static async start(opts) {
        const proxy = new EgressProxy(opts);
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
        const target = this.opts.listen;
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
        const token = this.opts.relayToken;
        if (!token)
            return this.server;
        const gate = (0,external_node_net_.createServer)({ allowHalfOpen: false, pauseOnConnect: false }, (socket) => gateConnection(socket, token, (s) => this.accept(s), (why) => this.opts.log?.(`egress: ${why} on ${target.socketPath} was refused`)));
        this.gate = gate;
        return gate;
    }
    note(host, port, verdict, outcome = verdict.allowed) {
        this.events.record(host, port, outcome ? 'allowed' : 'refused', verdict);
        if (!outcome)
            this.opts.log?.(verdict.reason);
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
            ? decide(this.opts.policy, this.step, host, port, [host], this.localAddresses())
            : decideName(this.opts.policy, this.step, host, port);
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
        if (!upstreamFor(this.opts.upstream, canonical, mark?.https ?? true))
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
        const byName = decideName(this.opts.policy, step, host, port);
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
        const verdict = decide(this.opts.policy, step, host, port, addresses, this.localAddresses());
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
            const byName = decideName(this.opts.policy, step, hostname, port);
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
                const verdict = decide(this.opts.policy, step, hostname, port, candidates, this.localAddresses());
                if (!verdict.allowed) {
                    this.events.record(hostname, port, verdict.rule === 'unresolved' ? 'failed' : 'refused', verdict);
                    this.opts.log?.(verdict.reason);
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

// EXTERNAL MODULE: ./src/lib/user.ts
var user = __webpack_require__(89332);
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
const RELAY_USER = user/* NOBODY */.oQ;
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


/***/ }),

/***/ 28032:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ writeBackgroundLogs),
/* harmony export */   Gg: () => (/* binding */ describeBackground)
/* harmony export */ });
/* unused harmony exports backgroundLogName, backgroundLogText */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The one layout of background steps' logs in the output directory, for every mode (docker,
// local, srt): `<out>/<agent>/background_<name>.log` per background step, its command and how it
// ended in a header, then its stdout and its stderr.


/** The file name of a background step's log (the name's odd characters replaced). */
function backgroundLogName(name) {
    return `background_${name.replace(/[^a-zA-Z0-9_.-]/g, '_')}.log`;
}
/** One line: how the background step ended (or that it had not). */
function describeBackground(b) {
    if (b.error)
        return `error: ${b.error}`;
    if (!b.result)
        return 'still running when logs were saved';
    return `exit ${b.result.exitCode ?? 'killed'}, ${b.result.durationMs} ms${b.result.truncated ? ', output truncated' : ''}`;
}
function backgroundLogText(b) {
    const body = [
        `# ${b.name}: ${b.command}`,
        `# started ${b.startedAt.toISOString()}; ${describeBackground(b)}`,
        '## stdout',
        b.stdout,
        '## stderr',
        b.stderr || b.error || ''
    ];
    return body.join('\n') + '\n';
}
/** background_<name>.log per entry, into `dir` (which exists). */
async function writeBackgroundLogs(dir, entries) {
    for (const b of entries)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(dir, backgroundLogName(b.name)), backgroundLogText(b));
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
