export const id = 628;
export const ids = [628];
export const modules = {

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


/***/ }),

/***/ 69227:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ compilePythonRegex)
/* harmony export */ });
/* unused harmony export translatePythonRegex */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// MassGen writes allow/block patterns as Python regexes matched with re.match (anchored at the
// start, not at the end). This translates one into an equivalent JavaScript RegExp, or says
// precisely why it cannot. Python semantics kept: `.` excludes only \n, `$` also matches before
// a final \n, \w \d \s \b are Unicode-aware unless (?a), \Z is the very end, (?P<n>…)/(?P=n)
// are named groups, (?imsx) flags, scoped (?i:…)/(?s:…)/(?x:…), atomic groups and possessive
// quantifiers (Python 3.11+) are emulated with lookahead.

function compilePythonRegex(source) {
    let translated;
    try {
        translated = new Translator(source).translate();
    }
    catch (e) {
        if (e instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM) {
            return { error: `cannot use the pattern ${JSON.stringify(source)}: ${e.message}` };
        }
        throw e;
    }
    try {
        return { regex: new RegExp(`^(?:${translated.source})`, translated.flags) };
    }
    catch (e) {
        return {
            error: `cannot use the pattern ${JSON.stringify(source)}: ${e.message.replace(/^Invalid regular expression: /, '')}`
        };
    }
}
/** The JavaScript source and flags for a Python pattern (exported for tests and docs). */
function translatePythonRegex(source) {
    return new Translator(source).translate();
}
const SPACE_CHARS = '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const UNI_WORD = '\\p{L}\\p{N}_';
const ASCII_WORD = 'A-Za-z0-9_';
/** Python's class escapes in JS, by whether the ASCII flag is set. */
const CLASS_ESCAPES = new Map([
    ['d', (ascii) => (ascii ? '[0-9]' : '\\p{Nd}')],
    ['D', (ascii) => (ascii ? '[^0-9]' : '\\P{Nd}')],
    ['w', (ascii) => `[${ascii ? ASCII_WORD : UNI_WORD}]`],
    ['W', (ascii) => `[^${ascii ? ASCII_WORD : UNI_WORD}]`],
    ['s', (ascii) => (ascii ? '[\\t-\\r ]' : `[${SPACE_CHARS}]`)],
    ['S', (ascii) => (ascii ? '[^\\t-\\r ]' : `[^${SPACE_CHARS}]`)]
]);
/** Characters that must be escaped in a JavaScript `u` pattern, outside and inside classes. */
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\]-^[/']);
class Translator {
    src;
    pos = 0;
    flags = { i: false, m: false, s: false, x: false, a: false };
    /** Case-insensitivity emulated inside (?i:…) when the pattern as a whole is case-sensitive. */
    foldCase = false;
    globalI = false;
    /** Python group number → JavaScript group name (every capture becomes a named group). */
    groups = [];
    openGroups = new Set();
    names = new Set();
    helpers = 0;
    constructor(src) {
        this.src = src;
    }
    translate() {
        this.leadingFlags();
        const body = this.alternation();
        if (this.pos < this.src.length)
            this.fail('unbalanced parenthesis');
        return { source: body, flags: this.globalI ? 'ui' : 'u' };
    }
    fail(message, at = this.pos) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(`${message} at position ${at}`);
    }
    leadingFlags() {
        for (;;) {
            const m = /^\(\?([aiLmsux]+)\)/.exec(this.src.slice(this.pos));
            if (!m)
                return;
            for (const f of m[1])
                this.setFlag(f, true, this.pos);
            if (this.flags.i)
                this.globalI = true;
            this.pos += m[0].length;
        }
    }
    setFlag(f, on, at) {
        if (f === 'L')
            this.fail('the L (locale) flag only applies to bytes patterns', at);
        if (f === 'u')
            return;
        if (f === 'i' || f === 'm' || f === 's' || f === 'x' || f === 'a')
            this.flags[f] = on;
        else
            this.fail(`unknown flag ${f}`, at);
    }
    peek(k = 0) {
        return this.src[this.pos + k] ?? '';
    }
    alternation() {
        const parts = [this.sequence()];
        while (this.peek() === '|') {
            this.pos++;
            parts.push(this.sequence());
        }
        return parts.join('|');
    }
    sequence() {
        let out = '';
        for (;;) {
            this.skipVerbose();
            const c = this.peek();
            if (c === '' || c === '|' || c === ')')
                return out;
            const start = this.pos;
            const atom = this.atom();
            if (atom === null)
                continue;
            out += this.quantified(atom, start);
        }
    }
    skipVerbose() {
        if (!this.flags.x)
            return;
        for (;;) {
            const c = this.peek();
            if (/\s/.test(c) && c !== '')
                this.pos++;
            else if (c === '#') {
                while (this.peek() !== '' && this.peek() !== '\n')
                    this.pos++;
            }
            else
                return;
        }
    }
    /** Reads a quantifier after an atom, if any, and applies it. */
    quantified(atom, atomStart) {
        this.skipVerbose();
        const q = this.quantifier();
        if (!q)
            return atom;
        if (atom === '')
            this.fail('nothing to repeat', atomStart);
        this.skipVerbose();
        let mode = '';
        if (this.peek() === '?' || this.peek() === '+')
            mode = this.src[this.pos++];
        this.skipVerbose();
        if (this.quantifierAhead())
            this.fail('multiple repeat');
        if (mode === '+')
            return this.atomic(`(?:${atom})${q}`);
        return `${atom}${q}${mode}`;
    }
    quantifierAhead() {
        const c = this.peek();
        return (c === '*' || c === '+' || c === '?' || (c === '{' && this.braceQuantifier() !== undefined));
    }
    quantifier() {
        const c = this.peek();
        if (c === '*' || c === '+' || c === '?') {
            this.pos++;
            return c;
        }
        if (c === '{') {
            const b = this.braceQuantifier();
            if (b) {
                const [, min, comma, max] = /^\{(\d*)(,?)(\d*)\}$/.exec(b) ?? [];
                if (min && max && Number(max) < Number(min))
                    this.fail('min repeat greater than max repeat');
                this.pos += b.length;
                return `{${min || '0'}${comma}${max}}`;
            }
        }
        return undefined;
    }
    /** `{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}` at pos; otherwise `{` is a literal. */
    braceQuantifier() {
        const m = /^\{(\d*),?(\d*)\}/.exec(this.src.slice(this.pos));
        if (!m)
            return undefined;
        if (!m[0].includes(',') && m[1] === '')
            return undefined;
        return m[0];
    }
    /** Emulates an atomic group: a lookahead is atomic in JavaScript; a backreference consumes it. */
    atomic(inner) {
        const name = `_atomic${++this.helpers}`;
        return `(?=(?<${name}>${inner}))\\k<${name}>`;
    }
    /** One atom, translated; null for things that produce nothing (comments). */
    atom() {
        const start = this.pos;
        const c = this.src[this.pos++];
        switch (c) {
            case '(':
                return this.group(start);
            case '[':
                return this.charClass(start);
            case '.':
                return this.flags.s ? '[\\s\\S]' : '[^\\n]';
            case '^':
                return this.flags.m ? '(?<![^\\n])' : '(?<![\\s\\S])';
            case '$':
                return this.flags.m ? '(?![^\\n])' : '(?=\\n?(?![\\s\\S]))';
            case '\\':
                return this.escape(start);
            case '*':
            case '+':
            case '?':
                return this.fail('nothing to repeat', start);
            case '{':
                this.pos = start;
                if (this.braceQuantifier())
                    this.fail('nothing to repeat', start);
                this.pos++;
                return '\\{';
            default: {
                const cp = this.src.codePointAt(start);
                const ch = String.fromCodePoint(cp);
                this.pos = start + ch.length;
                return this.literal(ch);
            }
        }
    }
    literal(ch) {
        if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
            return `[${escapeInClass(ch.toLowerCase())}${escapeInClass(ch.toUpperCase())}]`;
        }
        return SYNTAX.has(ch) ? `\\${ch}` : ch;
    }
    group(start) {
        if (this.peek() !== '?')
            return this.capture(start, undefined);
        const rest = this.src.slice(this.pos + 1);
        let m;
        if ((m = /^P<([^>]*)>/.exec(rest))) {
            this.pos += 1 + m[0].length;
            if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(m[1]))
                this.fail(`bad character in group name ${JSON.stringify(m[1])}`, start);
            if (this.names.has(m[1]))
                this.fail(`redefinition of group name ${JSON.stringify(m[1])}`, start);
            return this.capture(start, m[1]);
        }
        if ((m = /^P=([^)]*)\)/.exec(rest))) {
            this.pos += 1 + m[0].length;
            const idx = this.groups.indexOf(m[1]);
            if (idx < 0)
                this.fail(`unknown group name ${JSON.stringify(m[1])}`, start);
            if (this.openGroups.has(idx + 1))
                this.fail('cannot refer to an open group', start);
            return `\\k<${m[1]}>`;
        }
        if (rest.startsWith('P'))
            this.fail('unknown extension ?P', start);
        if (rest.startsWith('#')) {
            const end = this.src.indexOf(')', this.pos);
            if (end < 0)
                this.fail('missing ), unterminated comment', start);
            this.pos = end + 1;
            return null;
        }
        for (const [prefix, js] of [
            [':', '(?:'],
            ['=', '(?='],
            ['!', '(?!'],
            ['<=', '(?<='],
            ['<!', '(?<!'],
            ['>', '']
        ]) {
            if (rest.startsWith(prefix)) {
                this.pos += 1 + prefix.length;
                const inner = this.alternation();
                this.close(start);
                return prefix === '>' ? this.atomic(inner) : `${js}${inner})`;
            }
        }
        if (rest.startsWith('(')) {
            this.fail('conditional groups (?(…)yes|no) have no JavaScript equivalent', start);
        }
        if ((m = /^([aiLmsux]*)(?:-([imsx]*))?:/.exec(rest)) && (m[1] || m[2])) {
            this.pos += 1 + m[0].length;
            return this.scoped(start, m[1], m[2] ?? '');
        }
        if (/^[aiLmsux]+\)/.test(rest)) {
            this.fail('global flags like (?i) must be at the start of the pattern', start);
        }
        return this.fail(`unknown extension ?${rest[0] ?? ''}`, start);
    }
    capture(start, name) {
        const number = this.groups.length + 1;
        const jsName = name ?? `_g${number}`;
        this.groups.push(jsName);
        if (name)
            this.names.add(name);
        this.openGroups.add(number);
        const inner = this.alternation();
        this.close(start);
        this.openGroups.delete(number);
        return `(?<${jsName}>${inner})`;
    }
    close(start) {
        if (this.peek() !== ')')
            this.fail('missing ), unterminated subpattern', start);
        this.pos++;
    }
    /** `(?flags-flags:…)`: m, s, x, a are tracked here; i is emulated or the JS flag. */
    scoped(start, on, off) {
        const saved = { ...this.flags };
        const savedFold = this.foldCase;
        for (const f of on)
            this.setFlag(f, true, start);
        for (const f of off)
            this.setFlag(f, false, start);
        if (on.includes('i') && !this.globalI)
            this.foldCase = true;
        if (off.includes('i')) {
            if (this.globalI)
                this.fail('(?-i:…) inside a case-insensitive pattern is not supported', start);
            this.foldCase = false;
        }
        const inner = this.alternation();
        this.close(start);
        this.flags = saved;
        this.foldCase = savedFold;
        return `(?:${inner})`;
    }
    escape(start) {
        const e = this.src[this.pos++];
        if (e === undefined)
            this.fail('bad escape (end of pattern)', start);
        const w = this.flags.a ? ASCII_WORD : UNI_WORD;
        switch (e) {
            case 'A':
                return '(?<![\\s\\S])';
            case 'Z':
            case 'z':
                return '(?![\\s\\S])';
            case 'b':
                return `(?:(?<=[${w}])(?![${w}])|(?<![${w}])(?=[${w}]))`;
            case 'B':
                return `(?:(?<=[${w}])(?=[${w}])|(?<![${w}])(?![${w}]))`;
        }
        const cls = CLASS_ESCAPES.get(e);
        if (cls)
            return cls(this.flags.a);
        if (/[1-9]/.test(e)) {
            // \1…\99 is a back-reference unless it reads as a three-digit octal escape.
            const oct = /^[0-7]{2}/.exec(this.src.slice(this.pos));
            if (/[0-7]/.test(e) && oct) {
                this.pos += 2;
                return this.charLiteral(parseInt(e + oct[0], 8), start);
            }
            let digits = e;
            if (/\d/.test(this.peek()))
                digits += this.src[this.pos++];
            const n = Number(digits);
            if (n > this.groups.length)
                this.fail(`invalid group reference ${n}`, start);
            if (this.openGroups.has(n))
                this.fail('cannot refer to an open group', start);
            return `\\k<${this.groups[n - 1]}>`;
        }
        const code = this.charEscape(e, start, false);
        return this.literal(String.fromCodePoint(code));
    }
    charLiteral(code, start) {
        if (code > 0o377)
            this.fail('octal escape value outside of range 0-0o377', start);
        return this.literal(String.fromCodePoint(code));
    }
    /** Escapes that stand for one character; `inClass` makes \b a backspace. */
    charEscape(e, start, inClass) {
        const simple = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
        if (e in simple)
            return simple[e];
        if (e === 'b' && inClass)
            return 8;
        if (e === '0' || (inClass && /[0-7]/.test(e))) {
            const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))?.[0] ?? '';
            this.pos += m.length;
            const v = parseInt(e + m, 8);
            if (v > 0o377)
                this.fail('octal escape value outside of range 0-0o377', start);
            return v;
        }
        const hex = { x: 2, u: 4, U: 8 }[e];
        if (hex) {
            const digits = this.src.slice(this.pos, this.pos + hex);
            if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits))
                this.fail(`incomplete escape \\${e}${digits}`, start);
            this.pos += hex;
            const v = parseInt(digits, 16);
            if (v > 0x10ffff)
                this.fail(`bad escape \\${e}${digits}`, start);
            return v;
        }
        if (e === 'N')
            this.fail('named Unicode escapes \\N{…} are not supported; write the character itself', start);
        if (/[GKhHRX]/.test(e))
            this.fail(`bad escape \\${e} (Python has no \\${e}; it is PCRE syntax)`, start);
        if (/[A-Za-z0-9]/.test(e))
            this.fail(`bad escape \\${e}`, start);
        return e.codePointAt(0);
    }
    charClass(start) {
        let negated = false;
        if (this.peek() === '^') {
            negated = true;
            this.pos++;
        }
        let out = '';
        let first = true;
        for (;;) {
            const c = this.peek();
            if (c === '')
                this.fail('unterminated character set', start);
            if (c === ']' && !first) {
                this.pos++;
                break;
            }
            first = false;
            const itemStart = this.pos;
            const lo = this.classItem();
            if (this.peek() === '-' &&
                this.peek(1) !== ']' &&
                this.peek(1) !== '' &&
                typeof lo === 'number') {
                this.pos++;
                const hi = this.classItem();
                if (typeof hi !== 'number')
                    this.fail('bad character range', itemStart);
                if (hi < lo)
                    this.fail('bad character range', itemStart);
                out += `${escapeInClass(String.fromCodePoint(lo))}-${escapeInClass(String.fromCodePoint(hi))}`;
                if (this.foldCase)
                    out += foldRange(lo, hi);
                continue;
            }
            if (typeof lo === 'number') {
                const ch = String.fromCodePoint(lo);
                out += escapeInClass(ch);
                if (this.foldCase && ch.toLowerCase() !== ch.toUpperCase()) {
                    out += escapeInClass(ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase());
                }
            }
            else
                out += lo.set;
        }
        return `[${negated ? '^' : ''}${out}]`;
    }
    /** A character (its code point) or a class escape like \d (its class body). */
    classItem() {
        const start = this.pos;
        const c = this.src.codePointAt(this.pos);
        this.pos += c > 0xffff ? 2 : 1;
        if (c !== 0x5c)
            return c;
        const e = this.src[this.pos++];
        if (e === undefined)
            this.fail('unterminated character set', start);
        switch (e) {
            case 'd':
                return { set: this.flags.a ? '0-9' : '\\p{Nd}' };
            case 'D':
                return { set: this.flags.a ? '\\x00-/:-\\u{10ffff}' : '\\P{Nd}' };
            case 'w':
                return { set: this.flags.a ? ASCII_WORD : UNI_WORD };
            case 's':
                return { set: this.flags.a ? '\\t-\\r ' : SPACE_CHARS };
            case 'W':
            case 'S':
                return this.fail(`\\${e} inside a character class is not supported; use a negated class [^…]`, start);
        }
        return this.charEscape(e, start, true);
    }
}
function escapeInClass(ch) {
    if (CLASS_SYNTAX.has(ch))
        return `\\${ch}`;
    if (ch === '\n')
        return '\\n';
    return ch;
}
/** The other-case range for a range of letters, for emulated (?i:…). */
function foldRange(lo, hi) {
    const a = String.fromCodePoint(lo);
    const b = String.fromCodePoint(hi);
    if (/[a-z]/.test(a) && /[a-z]/.test(b))
        return `${a.toUpperCase()}-${b.toUpperCase()}`;
    if (/[A-Z]/.test(a) && /[A-Z]/.test(b))
        return `${a.toLowerCase()}-${b.toLowerCase()}`;
    return '';
}


/***/ })

};
