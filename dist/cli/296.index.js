export const id = 296;
export const ids = [296];
export const modules = {

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


/***/ })

};
