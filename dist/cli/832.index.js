export const id = 832;
export const ids = [832];
export const modules = {

/***/ 81066:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ decidingRootOf),
/* harmony export */   M: () => (/* binding */ allowedRoots)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _lib_paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9927);
// The roots of an agent's plan and how to compare paths, as pure functions of the plan (no file
// system): the policy uses them lexically (read-only-path), runtime/allowed-paths.ts after
// resolving symlinks.


/** The agent's roots, each with its access; a deeper root decides over a shallower one. */
function allowedRoots(agent) {
    const roots = [
        { path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(agent.workspace), writable: true, what: 'workspace' }
    ];
    for (const c of agent.contextPaths) {
        roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(c.path), writable: c.permission === 'write', what: 'context path' });
        for (const p of c.protectedPaths)
            roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(p), writable: false, what: 'protected path' });
    }
    if (agent.tempWorkspace)
        roots.push({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(agent.tempWorkspace), writable: false, what: 'temporary workspace' });
    return roots;
}
/** The root that decides for `path` (the deepest containing it), compared as written. */
function decidingRootOf(roots, path) {
    let best;
    for (const root of roots)
        if ((0,_lib_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .isInside */ .F)(path, root.path) && (!best || root.path.length > best.path.length))
            best = root;
    return best;
}


/***/ }),

/***/ 29832:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  BV: () => (/* binding */ createPolicy)
});

// UNUSED EXPORTS: RULE_ORDER, RULE_SUMMARY, compilePythonRegex

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/policy/paths.ts
// Which paths matter: the root, system directories, home directories and block devices.

/** Top-level directories whose loss breaks the system (or the user's data). */
const SYSTEM_DIRS = [
    'bin',
    'boot',
    'dev',
    'etc',
    'home',
    'lib',
    'lib32',
    'lib64',
    'libx32',
    'media',
    'mnt',
    'opt',
    'proc',
    'root',
    'run',
    'sbin',
    'srv',
    'sys',
    'usr',
    'var'
];
/** Second-level directories as critical as their parents. */
const SYSTEM_SUBDIRS = {
    usr: ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libexec', 'include', 'share', 'local', 'src'],
    var: ['lib', 'log', 'spool', 'mail']
};
/**
 * Directories that chmod/chown must not touch, at any depth: the system directories less those
 * that hold users' data (home directories: only `/home` itself is protected, in isSystemPath;
 * the mount points /media and /mnt).
 */
const PERMISSION_SENSITIVE = new Set(SYSTEM_DIRS.filter((d) => !['home', 'media', 'mnt'].includes(d)));
/** /dev entries that are safe to write to; anything else under /dev is treated as a device. */
const SAFE_DEV = /^\/dev\/(null|zero|full|u?random|stdout|stderr|stdin|tty\d*|ptmx|console|fd\/.*|pts\/.*|shm(\/.*)?|mqueue\/.*)$/;
/** Lexically normalised absolute path (`//etc/./` → `/etc`), or the input for relative paths. */
function normalizePath(p) {
    if (!p.startsWith('/'))
        return p;
    const n = external_node_path_.posix.normalize(p);
    return n.length > 1 ? n.replace(/\/+$/, '') : '/';
}
/** True when the component is only wildcards and dots (`*`, `.*`, `?*`): it matches anything. */
function matchesAnything(component) {
    return /^[.*?]*[*?][.*?]*$/.test(component) || /^\[.*\]$/.test(component);
}
/** Does a glob component (possibly without wildcards) match any of the names? */
function globMatchesAny(component, names) {
    if (!/[*?[]/.test(component))
        return names.includes(component);
    const re = new RegExp('^' +
        component
            .replace(/[.+^${}()|\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\?/g, '.')
            .replace(/\[!/g, '[^') +
        '$');
    return names.some((n) => re.test(n));
}
/**
 * Why deleting this path recursively would be a disaster, or undefined when it is an ordinary
 * path. Handles `/`, `/*`, `/etc`, `/usr/*`, `/e??`, `~`, `~/*`, `~user`, `/home/<user>`.
 */
function criticalTarget(word) {
    if (word === '')
        return undefined;
    if (word.startsWith('~')) {
        const slash = word.indexOf('/');
        const rest = slash < 0 ? '' : word.slice(slash + 1);
        const parts = rest.split('/').filter((s) => s !== '' && s !== '.');
        if (parts.every(matchesAnything))
            return 'the home directory';
        return undefined;
    }
    if (!word.startsWith('/'))
        return undefined;
    const parts = normalizePath(word)
        .split('/')
        .filter((s) => s !== '');
    if (parts.length === 0)
        return 'the root directory /';
    const [top, second, ...more] = parts;
    if (parts.every(matchesAnything))
        return 'everything under /';
    if (!globMatchesAny(top, SYSTEM_DIRS))
        return undefined;
    const topName = /[*?[]/.test(top) ? `${top} (matches system directories)` : `/${top}`;
    if (second === undefined)
        return `the system directory ${topName}`;
    if (top === 'home' || top === 'root') {
        if ([second, ...more].every(matchesAnything) || (top === 'home' && more.every(matchesAnything)))
            return 'a home directory';
        return undefined;
    }
    if ([second, ...more].every(matchesAnything))
        return `everything in ${topName}`;
    const subs = SYSTEM_SUBDIRS[top];
    if (subs && globMatchesAny(second, subs) && more.every(matchesAnything))
        return `the system directory /${top}/${second}`;
    return undefined;
}
/** True for paths chmod/chown must leave alone: `/` and anything below a system directory. */
function isSystemPath(word) {
    if (!word.startsWith('/'))
        return false;
    const parts = normalizePath(word)
        .split('/')
        .filter((s) => s !== '');
    if (parts.length === 0)
        return true;
    if (parts[0] === 'home')
        return parts.length <= 1;
    return (PERMISSION_SENSITIVE.has(parts[0]) ||
        (/[*?[]/.test(parts[0]) && globMatchesAny(parts[0], [...PERMISSION_SENSITIVE])));
}
/** True for a path under /dev that is a disk, partition or memory device. */
function isDevice(word) {
    const p = normalizePath(word);
    return p.startsWith('/dev/') && !SAFE_DEV.test(p);
}

;// CONCATENATED MODULE: ./src/policy/wrappers.ts
/** Command name as used for rules: the basename of `/bin/rm`. */
function commandName(word) {
    const v = word.value;
    const slash = v.lastIndexOf('/');
    return slash >= 0 && slash < v.length - 1 ? v.slice(slash + 1) : v;
}
/** Index of the first word after the wrapper's own options and positionals. */
function skipOptions(words, spec, from = 1) {
    let i = from;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '--') {
            i++;
            break;
        }
        if (w.startsWith('--') && w.length > 2) {
            const name = w.split('=')[0];
            const takesArg = spec.argLong?.some((l) => l === name || (name.length > 3 && l.startsWith(name)));
            i += takesArg && !w.includes('=') ? 2 : 1;
            continue;
        }
        if (w.startsWith('-') && w.length > 1) {
            let consumed = 1;
            for (let j = 1; j < w.length; j++) {
                if (spec.argShort?.includes(w[j])) {
                    if (j === w.length - 1)
                        consumed = 2;
                    break;
                }
            }
            i += consumed;
            continue;
        }
        if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
            i++;
            continue;
        }
        break;
    }
    return Math.min(i + (spec.positionals ?? 0), words.length);
}
const WRAPPERS = {
    builtin: {},
    busybox: {},
    toybox: {},
    caffeinate: {},
    catchsegv: {},
    chrt: { positionals: 1 },
    chroot: { argLong: ['--userspec', '--groups'], positionals: 1 },
    coproc: {},
    doas: { argShort: 'uC' },
    eatmydata: {},
    exec: { argShort: 'a' },
    fakeroot: { argShort: 'lsi', argLong: ['--lib', '--faked'] },
    gosu: { positionals: 1 },
    'su-exec': { positionals: 1 },
    ionice: { argShort: 'cnpPu', argLong: ['--class', '--classdata', '--pid', '--pgid', '--uid'] },
    nice: { argShort: 'n', argLong: ['--adjustment'] },
    nocache: {},
    nohup: {},
    pkexec: { argLong: ['--user'] },
    setsid: {},
    stdbuf: { argShort: 'ioe', argLong: ['--input', '--output', '--error'] },
    strace: { argShort: 'abeEIoOpPsSuUX' },
    sudo: {
        argShort: 'ughpCDrtUT',
        argLong: [
            '--user',
            '--group',
            '--host',
            '--prompt',
            '--close-from',
            '--chdir',
            '--role',
            '--type',
            '--other-user',
            '--command-timeout'
        ],
        assignments: true
    },
    taskset: { positionals: 1 },
    time: { argShort: 'fo', argLong: ['--format', '--output'] },
    timeout: { argShort: 'sk', argLong: ['--signal', '--kill-after'], positionals: 1 },
    unbuffer: {},
    xargs: {
        argShort: 'IadELnPs',
        argLong: [
            '--arg-file',
            '--delimiter',
            '--max-lines',
            '--max-args',
            '--max-procs',
            '--max-chars',
            '--process-slot-var'
        ]
    }
};
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish']);
function isShell(name) {
    return SHELLS.has(name);
}
/** How a simple command (words[0] is its name) runs other code, if it does. */
function unwrap(words) {
    if (words.length === 0)
        return { kind: 'plain' };
    const name = commandName(words[0]);
    const spec = WRAPPERS[name];
    if (spec) {
        if (name === 'exec' && words.length === 1)
            return { kind: 'plain' };
        const at = skipOptions(words, spec);
        if (at < words.length)
            return { kind: 'wrapper', inner: [words.slice(at)] };
        if (name === 'xargs')
            return { kind: 'wrapper', inner: [[{ ...words[0], value: 'echo' }]] };
        return { kind: 'plain' };
    }
    switch (name) {
        case 'command': {
            if (words.slice(1).some((w) => /^-[pvV]*[vV]/.test(w.value)))
                return { kind: 'plain' };
            const at = skipOptions(words, {});
            return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' };
        }
        case 'env':
            return unwrapEnv(words);
        case 'eval':
            return words.length > 1
                ? { kind: 'script', scripts: [{ text: joined(words.slice(1)), via: 'eval' }] }
                : { kind: 'plain' };
        case 'su':
        case 'runuser':
            return unwrapSu(words, name);
        case 'sg':
        case 'flock':
        case 'script':
            return scriptOption(words, name, name === 'sg' ? 1 : name === 'flock' ? 1 : 0);
        case 'watch': {
            const at = skipOptions(words, { argShort: 'nqd', argLong: ['--interval', '--differences'] });
            if (at >= words.length)
                return { kind: 'plain' };
            return { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'watch' }] };
        }
        case 'alias':
            return aliasScripts(words);
        case 'trap': {
            const first = words[1]?.value;
            if (!first || first.startsWith('-'))
                return { kind: 'plain' };
            return { kind: 'script', scripts: [{ text: words[1].value, via: 'trap' }] };
        }
        case 'find':
            return findExec(words);
    }
    if (SHELLS.has(name))
        return shellScript(words, name);
    return { kind: 'plain' };
}
function joined(words) {
    return words.map((w) => w.value).join(' ');
}
function unwrapEnv(words) {
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        // -S/--split-string: the string is split into words; parsing it as shell code is close.
        const split = /^(?:-S|--split-string(?:=|$))(.*)$/s.exec(w);
        if (split) {
            const text = [split[1] || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)];
            return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] };
        }
        if (/^-[^-]*S/.test(w)) {
            const rest = w.slice(w.indexOf('S') + 1);
            const text = [rest || words[++i]?.value || '', ...words.slice(i + 1).map((x) => x.value)];
            return { kind: 'script', scripts: [{ text: text.join(' '), via: 'env -S' }] };
        }
    }
    const at = skipOptions(words, {
        argShort: 'uC',
        argLong: ['--unset', '--chdir'],
        assignments: true
    });
    return at < words.length ? { kind: 'wrapper', inner: [words.slice(at)] } : { kind: 'plain' };
}
/** `su [options] [user] -c CMD`: options may come after the user name. */
function unwrapSu(words, name) {
    const found = scriptOption(words, name, 0);
    if (found.kind === 'script')
        return found;
    if (name === 'runuser') {
        const dash = words.findIndex((w) => w.value === '--');
        if (dash > 0 && dash + 1 < words.length)
            return { kind: 'wrapper', inner: [words.slice(dash + 1)] };
    }
    return { kind: 'plain' };
}
/** A `-c CMD` / `--command=CMD` option anywhere, or (sg, flock) the word after N positionals. */
function scriptOption(words, name, positionals) {
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        let text;
        if (/^--command=/.test(w))
            text = w.slice('--command='.length);
        else if (w === '--command' || w === '-c' || /^-[a-zA-Z]*c$/.test(w))
            text = words[i + 1]?.value;
        else if (/^-c./.test(w))
            text = w.slice(2);
        if (text !== undefined)
            return { kind: 'script', scripts: [{ text, via: `${name} -c` }] };
    }
    if (positionals > 0) {
        const at = skipOptions(words, {
            argShort: 'wE',
            argLong: ['--timeout', '--conflict-exit-code'],
            positionals
        });
        if (at < words.length) {
            return name === 'sg'
                ? { kind: 'script', scripts: [{ text: joined(words.slice(at)), via: 'sg' }] }
                : { kind: 'wrapper', inner: [words.slice(at)] };
        }
    }
    return { kind: 'plain' };
}
function aliasScripts(words) {
    const scripts = [];
    for (const w of words.slice(1)) {
        const eq = w.value.indexOf('=');
        if (eq > 0)
            scripts.push({ text: w.value.slice(eq + 1), via: 'alias' });
    }
    return scripts.length ? { kind: 'script', scripts } : { kind: 'plain' };
}
/** `find … -exec CMD … ;` (also -execdir, -ok, -okdir): each CMD is a command of its own. */
function findExec(words) {
    const inner = [];
    for (let i = 1; i < words.length; i++) {
        if (!/^-(exec|execdir|ok|okdir)$/.test(words[i].value))
            continue;
        let end = i + 1;
        while (end < words.length && words[end].value !== ';' && words[end].value !== '+')
            end++;
        if (end > i + 1)
            inner.push(words.slice(i + 1, end));
        i = end;
    }
    return inner.length ? { kind: 'wrapper', inner } : { kind: 'plain' };
}
/** `bash [opts] -c CODE [arg0 args…]`; options may be clustered (`-lc`, `-euxc`). */
function shellScript(words, name) {
    let i = 1;
    let hasC = false;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '--' || w === '-') {
            i++;
            break;
        }
        if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
            i += 2;
            continue;
        }
        if (/^[-+]/.test(w) && w.length > 1) {
            if (!w.startsWith('--') && w.includes('c'))
                hasC = true;
            i++;
            continue;
        }
        break;
    }
    if (!hasC || i >= words.length)
        return { kind: 'plain' };
    return {
        kind: 'script',
        scripts: [
            {
                text: words[i].value,
                via: `${name} -c`,
                positional: words.slice(i + 1).map((w) => w.value)
            }
        ]
    };
}
/** Shell options up to the first operand; used to tell `sh` (reads stdin) from `sh file`. */
function shellReadsStdin(words) {
    let i = 1;
    while (i < words.length) {
        const w = words[i].value;
        if (w === '-s' || w === '-' || w === '/dev/stdin')
            return true;
        if (w === '--')
            return i + 1 >= words.length || words[i + 1].value === '/dev/stdin';
        if (/^[-+]o$/.test(w) || /^[-+]O$/.test(w) || w === '--rcfile' || w === '--init-file') {
            i += 2;
            continue;
        }
        if (/^[-+]/.test(w)) {
            if (!w.startsWith('--') && /^[-+][a-zA-Z]*c/.test(w))
                return false;
            if (/^-[a-zA-Z]*s/.test(w))
                return true;
            i++;
            continue;
        }
        return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/policy/rules.ts
// The sanitizer's rules, each looking at one simple command (one level of a wrapper chain)
// with its words already normalised. Structural rules (pipes, redirects, fork bombs) live in
// analyze.ts, because they need the syntax tree.


/** When one command breaks several rules, the verdict names the first in this order. */
const RULE_ORDER = [
    'syntax',
    'rm-root',
    'find-delete',
    'disk-write',
    'disk-format',
    'mv-dev-null',
    'fork-bomb',
    'pipe-to-shell',
    'privilege-escalation',
    'setuid-bit',
    'system-permissions',
    'undecidable'
];
/** One line per rule, for docs and `--help`. */
const RULE_SUMMARY = {
    syntax: 'the command does not parse as shell syntax',
    'rm-root': 'recursive deletion of /, /*, a system directory or a home directory',
    'find-delete': 'find -delete / -exec rm starting at /, a system directory or a home directory',
    'disk-write': 'writing raw bytes to a disk or memory device (dd of=, >, tee, cp, shred)',
    'disk-format': 'formatting, wiping or partitioning a disk (mkfs*, mkswap, wipefs, fdisk …)',
    'mv-dev-null': 'moving files to /dev/null',
    'fork-bomb': 'a function that calls itself in the background or in a pipeline',
    'pipe-to-shell': 'downloaded or decoded content run by a shell or interpreter',
    'privilege-escalation': 'sudo, su, doas, pkexec, runuser (allowed with the sudo variant)',
    'setuid-bit': 'chmod setting the setuid/setgid bit (allowed with the sudo variant)',
    'system-permissions': 'chmod/chown/chgrp on system paths (allowed with the sudo variant)',
    undecidable: 'the command to run is only known at run time (variable, substitution, glob)'
};
const PRIVILEGE = new Set(['sudo', 'sudoedit', 'su', 'doas', 'pkexec', 'runuser']);
const FORMATTERS = /^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|wipefs|blkdiscard)$/;
const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'cfdisk', 'gdisk', 'sgdisk', 'parted']);
/** Shows a command the way a reader would type it (quoting only where needed). */
function show(words, max = 80) {
    const s = words.map((w) => (/^[\w@%+=:,./~*?-]+$/.test(w.value) ? w.value : w.raw)).join(' ');
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
}
/** Rules for one command: `words[0]` is its name; wrappers are separate levels. */
function sanitizerFindings(words, opts) {
    if (words.length === 0)
        return [];
    const head = words[0];
    if (head.dynamic) {
        const how = head.substitution ? 'the output of a command substitution' : 'a variable';
        return [
            {
                rule: 'undecidable',
                reason: `the command name ${head.raw} is ${how}, so what runs is only known at run time and cannot be checked`
            }
        ];
    }
    if (head.glob) {
        return [
            {
                rule: 'undecidable',
                reason: `the command name ${head.raw} is a glob pattern, so what runs depends on the files present and cannot be checked`
            }
        ];
    }
    const name = commandName(head);
    const cmd = show(words);
    const found = [];
    const add = (rule, reason) => found.push({ rule, reason });
    if (PRIVILEGE.has(name) && !opts.enableSudo) {
        add('privilege-escalation', `\`${cmd}\` changes user or gains root privileges; ${name} is only allowed when the sudo variant is enabled (enable_sudo: true)`);
    }
    switch (name) {
        case 'rm':
            checkRm(words, cmd, add, opts.cwd);
            break;
        case 'find':
            checkFind(words, cmd, add, opts.cwd);
            break;
        case 'dd':
            for (const w of words.slice(1)) {
                const m = /^of=(.*)$/s.exec(w.value);
                if (m && isDevice(m[1]))
                    add('disk-write', `\`${cmd}\` writes raw bytes to the device ${m[1]}, destroying its data`);
            }
            break;
        case 'tee':
        case 'shred':
        case 'cp':
        case 'install':
        case 'truncate': {
            // cp and install write only to their last operand; the others write to every operand.
            const ops = operands(words);
            const written = name === 'cp' || name === 'install' ? ops.slice(-1) : ops;
            const dev = written.find((w) => isDevice(w.value));
            if (dev)
                add('disk-write', `\`${cmd}\` writes to the device ${dev.value}, destroying its data`);
            break;
        }
        case 'mv': {
            const ops = operands(words);
            const target = optionValue(words, '-t', '--target-directory') ??
                (ops.length >= 2 ? ops.at(-1)?.value : undefined);
            if (target === '/dev/null')
                add('mv-dev-null', `\`${cmd}\` moves files onto /dev/null, which destroys them`);
            break;
        }
        case 'chmod':
        case 'chown':
        case 'chgrp':
            if (!opts.enableSudo)
                checkPermissions(name, words, cmd, add);
            break;
    }
    if (FORMATTERS.test(name)) {
        add('disk-format', `\`${cmd}\` formats or wipes a disk or partition, destroying its data`);
    }
    else if (PARTITIONERS.has(name)) {
        const listing = words.slice(1).some((w) => /^(-l|--list|-s|--show|print)$/.test(w.value));
        if (!listing && words.slice(1).some((w) => isDevice(w.value) || w.dynamic))
            add('disk-format', `\`${cmd}\` changes the partition table of a disk`);
    }
    return found;
}
/** Words after the options (GNU tools accept options anywhere before `--`). */
function operands(words) {
    const out = [];
    let afterDashes = false;
    for (const w of words.slice(1)) {
        if (!afterDashes && w.value === '--')
            afterDashes = true;
        else if (afterDashes || !w.value.startsWith('-') || w.value === '-')
            out.push(w);
    }
    return out;
}
function optionValue(words, short, long) {
    for (let i = 1; i < words.length; i++) {
        const v = words[i].value;
        if (v === '--')
            break;
        if (v === short || v === long)
            return words[i + 1]?.value;
        if (v.startsWith(long + '='))
            return v.slice(long.length + 1);
        if (v.startsWith(short) && !v.startsWith('--') && v.length > short.length)
            return v.slice(short.length);
    }
    return undefined;
}
/** GNU getopt accepts any unambiguous prefix of a long option (`--rec` is `--recursive`). */
function longOption(arg, options) {
    const name = arg.split('=')[0];
    const exact = options.find((o) => o === name);
    if (exact)
        return exact;
    const hits = options.filter((o) => o.startsWith(name));
    return hits.length === 1 ? hits[0] : undefined;
}
const RM_LONG = [
    '--force',
    '--interactive',
    '--one-file-system',
    '--no-preserve-root',
    '--preserve-root',
    '--recursive',
    '--dir',
    '--verbose',
    '--help',
    '--version'
];
/** A relative path as seen from `cwd` (when known): `*` after `cd /` is `/*`. */
function fromCwd(path, cwd) {
    if (cwd === undefined || path.startsWith('/') || path.startsWith('~'))
        return path;
    return `${cwd.replace(/\/+$/, '')}/${path}`;
}
function checkRm(words, cmd, add, cwd) {
    let recursive = false;
    let noPreserve = false;
    const targets = [];
    let afterDashes = false;
    for (const w of words.slice(1)) {
        const v = w.value;
        if (afterDashes || !v.startsWith('-') || v === '-') {
            targets.push(w);
        }
        else if (v === '--') {
            afterDashes = true;
        }
        else if (v.startsWith('--')) {
            const opt = longOption(v, RM_LONG);
            if (opt === '--recursive')
                recursive = true;
            if (opt === '--no-preserve-root')
                noPreserve = true;
        }
        else if (/[rR]/.test(v.slice(1))) {
            recursive = true;
        }
    }
    if (noPreserve) {
        add('rm-root', `\`${cmd}\` uses --no-preserve-root, which exists only to allow deleting /`);
        return;
    }
    if (!recursive)
        return;
    for (const t of targets) {
        const what = criticalTarget(fromCwd(t.value, cwd));
        if (what) {
            const where = fromCwd(t.value, cwd) === t.value ? '' : ` (after cd ${cwd})`;
            add('rm-root', `\`${cmd}\`${where} recursively deletes ${what}`);
            return;
        }
        if (t.dynamic) {
            const ifEmpty = criticalTarget(t.ifEmpty);
            if (ifEmpty) {
                const vars = [...new Set(t.raw.match(/\$\{?[A-Za-z_][A-Za-z0-9_]*/g) ?? [t.raw])];
                const names = vars.map((v) => v.replace('{', '')).join(', ');
                add('rm-root', `\`${cmd}\` recursively deletes ${ifEmpty} if ${names} is empty or unset`);
                return;
            }
        }
    }
}
function checkFind(words, cmd, add, cwd) {
    let i = 1;
    while (i < words.length && /^-([HLP]|O\d*|D)$/.test(words[i].value)) {
        i += words[i].value === '-D' ? 2 : 1;
    }
    const starts = [];
    while (i < words.length && !/^[-(!]/.test(words[i].value))
        starts.push(words[i++]);
    const expr = words.slice(i).map((w) => w.value);
    const deletes = expr.includes('-delete') ||
        expr.some((v, k) => /^-(exec|execdir|ok|okdir)$/.test(v) &&
            /^(rm|rmdir|unlink|shred)$/.test(expr[k + 1]?.replace(/^.*\//, '') ?? ''));
    if (!deletes)
        return;
    for (const s of starts) {
        const what = criticalTarget(fromCwd(s.value, cwd)) ?? (s.dynamic ? criticalTarget(s.ifEmpty) : undefined);
        if (what) {
            add('find-delete', `\`${cmd}\` deletes files throughout ${what}`);
            return;
        }
    }
}
function checkPermissions(name, words, cmd, add) {
    const args = [];
    let reference = false;
    let afterDashes = false;
    for (const w of words.slice(1)) {
        const v = w.value;
        if (afterDashes)
            args.push(w);
        else if (v === '--')
            afterDashes = true;
        else if (v.startsWith('--'))
            reference ||= v.startsWith('--reference');
        // chmod modes may start with '-' (`chmod -x f`); only these letters are real options.
        else if (/^-[RcfvhHLP]+$/.test(v))
            continue;
        else if (v.startsWith('-') && name !== 'chmod')
            continue;
        else
            args.push(w);
    }
    const spec = reference ? undefined : args[0];
    const files = reference ? args : args.slice(1);
    if (name === 'chmod' && spec && setsIdBit(spec.value)) {
        add('setuid-bit', `\`${cmd}\` sets the setuid/setgid bit, which lets the file run with its owner's privileges`);
    }
    const sys = files.find((f) => isSystemPath(f.value));
    if (sys) {
        add('system-permissions', `\`${cmd}\` changes ${name === 'chmod' ? 'permissions' : 'ownership'} of the system path ${sys.value}`);
    }
}
/** True for 4755, 2755, u+s, g=s, +s, ug+rws … */
function setsIdBit(mode) {
    if (/^[0-7]+$/.test(mode))
        return (parseInt(mode, 8) & 0o6000) !== 0;
    return mode.split(',').some((clause) => {
        const m = /^[ugoa]*((?:[-+=][rwxXstugo]*)+)$/.exec(clause);
        if (!m)
            return false;
        const ops = m[1].match(/[-+=][rwxXstugo]*/g) ?? [];
        const who = clause.match(/^[ugoa]*/)?.[0] ?? '';
        return ops.some((op) => op[0] !== '-' && op.includes('s') && !/^o+$/.test(who));
    });
}

;// CONCATENATED MODULE: ./src/policy/writes.ts
/** Options that take a value (the next word), per command; `--opt=value` needs no entry. */
const VALUED = {
    cp: ['-S', '--suffix'],
    mv: ['-S', '--suffix'],
    ln: ['-S', '--suffix'],
    install: ['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'],
    touch: ['-d', '--date', '-t', '-r', '--reference'],
    truncate: ['-s', '--size', '-r', '--reference'],
    mkdir: ['-m', '--mode'],
    shred: ['-n', '--iterations', '-s', '--size', '--random-source']
};
/** The last operand is the destination; `-t DIR` names it instead. */
const TO_LAST = new Set(['cp', 'mv', 'ln', 'install']);
/** Every operand is written. */
const EVERY = new Set(['touch', 'tee', 'rm', 'rmdir', 'mkdir', 'truncate', 'shred']);
function writeTargets(level) {
    const name = level.name;
    const args = level.words.slice(1);
    if (name === 'dd')
        return args.filter((w) => !w.dynamic && w.value.startsWith('of=')).map((w) => w.value.slice(3));
    if (!TO_LAST.has(name) && !EVERY.has(name))
        return [];
    const operands = [];
    let target;
    let options = true;
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        if (options && w.value === '--') {
            options = false;
            continue;
        }
        if (options && w.value.startsWith('-') && w.value !== '-') {
            if (w.value === '-t' || w.value === '--target-directory')
                target = args[++i]?.value;
            else if (w.value.startsWith('--target-directory='))
                target = w.value.split('=')[1];
            else if ((VALUED[name] ?? []).includes(w.value))
                i++;
            continue;
        }
        operands.push({ value: w.value, dynamic: w.dynamic });
    }
    const known = (ws) => ws.filter((w) => !w.dynamic).map((w) => w.value);
    if (TO_LAST.has(name)) {
        if (target !== undefined)
            return [target];
        return operands.length >= 2 ? known(operands.slice(-1)) : [];
    }
    return known(operands).filter((v) => v !== '-');
}

;// CONCATENATED MODULE: ./src/policy/words.ts
const MAX_BRACE_WORDS = 256;
/** The words one argument node becomes (several when it has unquoted `{a,b}` braces). */
function wordsOf(node, vars) {
    const pieces = [];
    collect(node, pieces, vars);
    const dynamic = pieces.some((p) => p.dynamic);
    const substitution = pieces.some((p) => p.substitution);
    const raw = node.text;
    const variants = dynamic ? [pieces] : expandBraces(pieces);
    return variants.map((ps) => ({
        value: ps.map((p) => p.text).join(''),
        ifEmpty: ps.map((p) => p.ifEmpty).join(''),
        dynamic,
        substitution,
        glob: ps.some((p) => !p.literal && /[*?[]/.test(p.text)),
        raw
    }));
}
/** A single word for a node (brace alternatives joined by spaces, as a script text would be). */
function wordOf(node, vars) {
    const ws = wordsOf(node, vars);
    if (ws.length === 1)
        return ws[0];
    return { ...ws[0], value: ws.map((w) => w.value).join(' '), ifEmpty: ws[0].ifEmpty };
}
function lit(text, literal) {
    return { text, ifEmpty: text, literal };
}
function collect(node, out, vars) {
    switch (node.type) {
        case 'word':
        case 'command_name':
            if (node.type === 'command_name' && node.namedChildCount > 0) {
                for (const c of node.namedChildren)
                    if (c)
                        collect(c, out, vars);
                return;
            }
            unescapeUnquoted(node.text, out);
            return;
        case 'concatenation':
            for (const c of node.children)
                if (c)
                    collect(c, out, vars);
            return;
        case 'raw_string':
            out.push(lit(node.text.slice(1, -1), true));
            return;
        case 'ansi_c_string':
            out.push(lit(decodeAnsiC(node.text.slice(2, -1)), true));
            return;
        case 'string':
        case 'translated_string':
            collectString(node, out, vars);
            return;
        case 'simple_expansion':
        case 'expansion':
            out.push(expansionPiece(node, vars));
            return;
        case 'command_substitution':
        case 'process_substitution':
            out.push({ text: node.text, ifEmpty: '', literal: true, dynamic: true, substitution: true });
            return;
        case 'arithmetic_expansion':
            out.push({ text: node.text, ifEmpty: '0', literal: true, dynamic: true });
            return;
        default:
            // number, brace_expression, array, …: their text is what bash sees.
            if (node.type === '$' || node.type === '"')
                return;
            unescapeUnquoted(node.text, out);
    }
}
function collectString(node, out, vars) {
    for (const c of node.children) {
        if (!c || !c.isNamed)
            continue;
        if (c.type === 'string_content') {
            out.push(lit(unescapeDoubleQuoted(c.text), true));
            continue;
        }
        // tree-sitter folds whitespace before `$` into the expansion node; it is literal text.
        const lead = /^\s*/.exec(c.text)?.[0] ?? '';
        if (lead)
            out.push(lit(lead, true));
        const before = out.length;
        collect(c, out, vars);
        for (let i = before; i < out.length; i++) {
            out[i].literal = true;
            if (lead && i === before) {
                out[i].text = out[i].text.replace(/^\s+/, '');
                out[i].ifEmpty = out[i].ifEmpty.replace(/^\s+/, '');
            }
        }
    }
}
function expansionPiece(node, vars) {
    const text = node.text.replace(/^\s+/, '');
    const name = node.namedChildren.find((c) => c?.type === 'variable_name' || c?.type === 'special_variable_name')?.text;
    const op = node.childForFieldName('operator')?.text;
    if (name !== undefined && vars?.has(name) && (node.type === 'simple_expansion' || !op)) {
        const v = vars.get(name) ?? '';
        return { text: v, ifEmpty: v, literal: true };
    }
    let ifEmpty = '';
    if (name === 'HOME')
        ifEmpty = '~';
    else if (op === ':?' || op === '?')
        ifEmpty = 'x';
    else if (op === ':-' || op === '-' || op === ':=' || op === '=') {
        const body = /^\$\{[^:?=+-]*:?[-=](.*)\}$/s.exec(text)?.[1] ?? '';
        ifEmpty = body.replace(/^["']|["']$/g, '');
    }
    return { text, ifEmpty, literal: true, dynamic: true };
}
/** Unquoted text: a backslash quotes the next character; backslash-newline disappears. */
function unescapeUnquoted(text, out) {
    let buf = '';
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\\' && i + 1 < text.length) {
            if (buf)
                out.push(lit(buf, false));
            buf = '';
            const next = text[++i];
            if (next !== '\n')
                out.push(lit(next, true));
            continue;
        }
        buf += ch;
    }
    if (buf)
        out.push(lit(buf, false));
}
/** Inside "…" a backslash only escapes $ ` " \ and newline. */
function unescapeDoubleQuoted(text) {
    return text.replace(/\\([$`"\\\n])/g, (_m, c) => (c === '\n' ? '' : c));
}
const SIMPLE_ESCAPES = {
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '?': '?'
};
/** Decodes the body of a bash $'…' string. */
function decodeAnsiC(body) {
    let out = '';
    for (let i = 0; i < body.length; i++) {
        const ch = body[i];
        if (ch !== '\\' || i + 1 >= body.length) {
            out += ch;
            continue;
        }
        const e = body[++i];
        if (e in SIMPLE_ESCAPES) {
            out += SIMPLE_ESCAPES[e];
            continue;
        }
        let m;
        const rest = body.slice(i);
        if ((m = /^[0-7]{1,3}/.exec(rest))) {
            out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
            i += m[0].length - 1;
        }
        else if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest))) {
            out += String.fromCharCode(parseInt(m[1], 16));
            i += m[0].length - 1;
        }
        else if ((m = /^u([0-9a-fA-F]{1,4})/.exec(rest)) || (m = /^U([0-9a-fA-F]{1,8})/.exec(rest))) {
            const cp = parseInt(m[1], 16);
            out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
            i += m[0].length - 1;
        }
        else if (e === 'c' && i + 1 < body.length) {
            out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
        }
        else {
            out += '\\' + e;
        }
    }
    return out;
}
/** Bash brace expansion over the unquoted parts: `{a,b}`, `{1..3}`, `{a..c}`. */
function expandBraces(pieces) {
    const chars = [];
    for (const p of pieces)
        for (const c of p.text)
            chars.push({ c, literal: p.literal });
    if (!chars.some((ch) => !ch.literal && ch.c === '{'))
        return [pieces];
    const results = expandChars(chars, 0);
    if (results.length === 0)
        return [pieces];
    return results.map((r) => toPieces(r));
}
function toPieces(chars) {
    const out = [];
    for (const ch of chars) {
        const last = out[out.length - 1];
        if (last && last.literal === ch.literal) {
            last.text += ch.c;
            last.ifEmpty += ch.c;
        }
        else
            out.push(lit(ch.c, ch.literal));
    }
    return out;
}
function expandChars(chars, depth) {
    if (depth > 8)
        return [chars];
    for (let open = 0; open < chars.length; open++) {
        if (chars[open].literal || chars[open].c !== '{')
            continue;
        // Find the matching close brace and the top-level commas.
        let level = 0;
        const commas = [];
        let close = -1;
        for (let j = open + 1; j < chars.length; j++) {
            const ch = chars[j];
            if (ch.literal)
                continue;
            if (ch.c === '{')
                level++;
            else if (ch.c === '}') {
                if (level === 0) {
                    close = j;
                    break;
                }
                level--;
            }
            else if (ch.c === ',' && level === 0)
                commas.push(j);
        }
        if (close < 0)
            return [chars];
        const prefix = chars.slice(0, open);
        const suffix = chars.slice(close + 1);
        let alternatives;
        if (commas.length > 0) {
            alternatives = [];
            let start = open + 1;
            for (const c of [...commas, close]) {
                alternatives.push(chars.slice(start, c));
                start = c + 1;
            }
        }
        else {
            const seq = sequence(chars
                .slice(open + 1, close)
                .map((ch) => ch.c)
                .join(''));
            if (!seq) {
                // Not an expansion: keep the braces literally and look further right.
                const rest = expandChars(chars.slice(open + 1), depth);
                return rest.map((r) => [...chars.slice(0, open + 1), ...r]);
            }
            alternatives = seq.map((s) => [...s].map((c) => ({ c, literal: true })));
        }
        const out = [];
        for (const alt of alternatives) {
            for (const r of expandChars([...prefix, ...alt, ...suffix], depth + 1)) {
                out.push(r);
                if (out.length >= MAX_BRACE_WORDS)
                    return out;
            }
        }
        return out;
    }
    return [chars];
}
function sequence(body) {
    const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
    if (num) {
        const [a, b] = [Number(num[1]), Number(num[2])];
        const step = Math.abs(Number(num[3] ?? 1)) || 1;
        const out = [];
        for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? step : -step) {
            out.push(String(i));
            if (out.length >= MAX_BRACE_WORDS)
                break;
        }
        return out;
    }
    const chr = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
    if (chr) {
        const [a, b] = [chr[1].charCodeAt(0), chr[2].charCodeAt(0)];
        const out = [];
        for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? 1 : -1)
            out.push(String.fromCharCode(i));
        return out;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/analyze.ts





/** Nested code (bash -c inside eval inside …) deeper than this is not followed. */
const MAX_DEPTH = 6;
/** At most this many nested parses per command. */
const MAX_NESTED = 64;
const DOWNLOADERS = new Set([
    'curl',
    'wget',
    'fetch',
    'http',
    'https',
    'xh',
    'aria2c',
    'nc',
    'ncat',
    'netcat',
    'socat',
    'ftp',
    'tftp',
    'lwp-request',
    'GET'
]);
const INTERPRETER = /^(python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby[0-9.]*|node|nodejs|bun|deno|php[0-9.]*|lua[0-9.]*|Rscript|tclsh|osascript)$/;
/** True when this command prints downloaded or decoded bytes. */
function isFetcher(level) {
    if (DOWNLOADERS.has(level.name))
        return true;
    const args = level.words.slice(1).map((w) => w.value);
    switch (level.name) {
        case 'base64':
        case 'base32':
        case 'basenc':
            return args.some((a) => a === '--decode' || /^-[a-zA-Z]*[dD]/.test(a));
        case 'xxd':
            return args.some((a) => a === '-revert' || /^-[a-zA-Z]*r/.test(a));
        case 'uudecode':
            return true;
        case 'openssl':
            return args.includes('-d') || args.includes('-base64') || args[0] === 'base64';
        case 'gpg':
            return args.some((a) => a === '-d' || a === '--decrypt');
    }
    return false;
}
/** True when the command reads the code it runs from standard input. */
function runsStdinAsCode(level) {
    const { name, words } = level;
    if (isShell(name))
        return shellReadsStdin(words);
    if (name === 'source' || name === '.')
        return ['/dev/stdin', '-', '/proc/self/fd/0'].includes(words[1]?.value ?? '');
    if (!INTERPRETER.test(name))
        return false;
    for (let i = 1; i < words.length; i++) {
        const w = words[i].value;
        if (w === '-' || w === '/dev/stdin')
            return true;
        if (/^-(c|e|E|m|r|p)$/.test(w) || /^--(eval|print|command)/.test(w))
            return false;
        if (/^-[WXIMrx]$/.test(w) || w === '--require') {
            i++;
            continue;
        }
        if (!w.startsWith('-'))
            return false;
    }
    return true;
}
/** True when the command runs code given in its arguments or redirections. */
function runsCode(level) {
    return (isShell(level.name) ||
        INTERPRETER.test(level.name) ||
        ['eval', 'source', '.', 'su', 'runuser', 'sg', 'watch', 'flock', 'script'].includes(level.name));
}
class Analyzer {
    parser;
    opts;
    occurrences = [];
    findings = [];
    functions = new Set();
    byNode = new Map();
    trees = [];
    nested = 0;
    /** The directory the last `cd` moved to, when it is known statically. */
    cwd;
    /** The same from the step's working directory ('' at first); null once a `cd` is not known. */
    dirFromStart = '';
    writes = [];
    constructor(parser, opts) {
        this.parser = parser;
        this.opts = opts;
    }
    /** Analyses a parsed command. The caller reports syntax errors of the top-level tree. */
    analyze(root) {
        try {
            this.walk(root, { depth: 0 });
            return {
                occurrences: this.occurrences,
                findings: this.findings,
                functions: this.functions,
                writes: this.writes
            };
        }
        finally {
            for (const t of this.trees)
                t.delete();
        }
    }
    /**
     * Visits the interesting nodes innermost-first (a command inside `$(…)` before the command
     * using it, the commands of a pipeline or function body before the pipeline or function).
     * One descendantsOfType call is much cheaper than walking every node through the wasm API.
     */
    walk(root, ctx) {
        const keyed = root
            .descendantsOfType(this.visited)
            .filter((n) => n !== null)
            .map((node) => ({ node, end: node.endIndex, start: node.startIndex }));
        keyed.sort((a, b) => a.end - b.end || b.start - a.start);
        for (const { node } of keyed)
            this.visitors.get(node.type)?.(node, ctx);
    }
    /** The node types walk visits, each with its handler. */
    visitors = new Map([
        ['command', (node, ctx) => this.onCommand(node, ctx)],
        ['pipeline', (node, ctx) => this.onPipeline(node, ctx)],
        ['function_definition', (node) => this.onFunction(node)],
        ['file_redirect', (node) => this.onFileRedirect(node)],
        ['redirected_statement', (node, ctx) => this.onRedirectedStatement(node, ctx)],
        ['heredoc_redirect', (node, ctx) => this.onHeredocPipeline(node, ctx)]
    ]);
    visited = [...this.visitors.keys()];
    onCommand(node, ctx) {
        const nameNode = node.childForFieldName('name');
        if (!nameNode)
            return;
        const words = wordsOf(nameNode, ctx.vars);
        for (const arg of node.childrenForFieldName('argument'))
            if (arg)
                words.push(...wordsOf(arg, ctx.vars));
        const assignments = node.firstNamedChild?.type === 'variable_assignment'
            ? node.namedChildren
                .filter((c) => c?.type === 'variable_assignment')
                .map((c) => c?.text ?? '')
            : [];
        const chains = [];
        this.chain([], words, chains);
        const occs = [];
        for (const { levels, last } of chains) {
            const occ = {
                levels,
                assignments,
                delegates: last.kind === 'script',
                via: ctx.via
            };
            occs.push(occ);
            this.occurrences.push(occ);
            levels.forEach((level, i) => {
                for (const f of sanitizerFindings(level.words, { ...this.opts, cwd: this.cwd })) {
                    const through = levels.slice(0, i).map((l) => l.name);
                    if (through.length)
                        f.reason += ` (run through ${through.join(' → ')})`;
                    if (ctx.via)
                        f.reason += ` (inside the code run by ${ctx.via})`;
                    this.findings.push(f);
                }
            });
            if (last.kind === 'script') {
                for (const s of last.scripts) {
                    const vars = s.positional
                        ? new Map(s.positional.map((v, i) => [String(i), v]))
                        : undefined;
                    this.nestedCode(s.text, s.via, ctx, vars);
                }
            }
            const eff = levels[levels.length - 1];
            if (levels.some(runsCode) && this.containsFetcher(node, true)) {
                this.findings.push({
                    rule: 'pipe-to-shell',
                    reason: `\`${show(words)}\` runs downloaded or decoded content (${this.fetcherNames(node, true)}) with ${eff.name}, unseen`
                });
            }
        }
        this.byNode.set(node.id, occs);
        this.stdinCode(node, node.childrenForFieldName('redirect'), ctx);
        for (const occ of occs) {
            const eff = occ.levels[occ.levels.length - 1];
            for (const path of writeTargets(eff))
                this.writes.push({ path, dir: this.dirFromStart, how: `\`${eff.name}\`` });
            this.trackDirectory(eff);
        }
    }
    /** Follows `cd DIR` so that `cd / && rm -rf *` is seen as `rm -rf /*`. */
    trackDirectory(level) {
        if (level.name !== 'cd' && level.name !== 'pushd')
            return;
        const args = level.words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.value));
        if (args.length === 0) {
            this.cwd = '~';
            this.dirFromStart = null;
            return;
        }
        const dir = args[0];
        if (dir.dynamic)
            this.cwd = undefined;
        else if (dir.value.startsWith('/') || dir.value.startsWith('~'))
            this.cwd = dir.value;
        else if (this.cwd !== undefined)
            this.cwd = `${this.cwd}/${dir.value}`;
        if (dir.dynamic || dir.value.startsWith('~') || dir.value === '-')
            this.dirFromStart = null;
        else if (dir.value.startsWith('/'))
            this.dirFromStart = dir.value;
        else if (this.dirFromStart !== null)
            this.dirFromStart = this.dirFromStart ? `${this.dirFromStart}/${dir.value}` : dir.value;
    }
    /** Expands wrappers: each chain ends at a command that is not a wrapper. */
    chain(prefix, words, out) {
        const level = { words, name: commandName(words[0]) };
        const levels = [...prefix, level];
        const un = words[0].dynamic || levels.length > 12 ? { kind: 'plain' } : unwrap(words);
        if (un.kind === 'wrapper') {
            for (const inner of un.inner)
                this.chain(levels, inner, out);
            return;
        }
        out.push({ levels, last: un });
    }
    nestedCode(text, via, ctx, vars) {
        if (ctx.depth + 1 > MAX_DEPTH || ++this.nested > MAX_NESTED) {
            this.findings.push({
                rule: 'undecidable',
                reason: `the command nests code more than ${MAX_DEPTH} levels deep (or too often); it is not followed`
            });
            return;
        }
        const tree = this.parser.parse(text);
        if (!tree)
            return;
        this.trees.push(tree);
        const err = syntaxError(tree.rootNode);
        if (err) {
            this.findings.push({
                rule: 'syntax',
                reason: `the code run by ${via} does not parse: ${err}`
            });
            return;
        }
        this.walk(tree.rootNode, { depth: ctx.depth + 1, vars, via });
    }
    onPipeline(node, ctx) {
        const stages = node.namedChildren.filter((c) => !!c && c.type !== 'comment');
        for (let j = 1; j < stages.length; j++) {
            const consumer = directCommand(stages[j]);
            const occs = consumer ? (this.byNode.get(consumer.id) ?? []) : [];
            for (const occ of occs) {
                const eff = occ.levels[occ.levels.length - 1];
                if (!runsStdinAsCode(eff))
                    continue;
                for (let i = 0; i < j; i++) {
                    if (!this.containsFetcher(stages[i], false))
                        continue;
                    this.findings.push({
                        rule: 'pipe-to-shell',
                        reason: `\`${show(this.stageWords(stages[i]), 50)} |${i < j - 1 ? ' … |' : ''} ${show(occ.levels[0].words, 30)}\` pipes downloaded or decoded content (${this.fetcherNames(stages[i], false)}) into ${eff.name}, which runs it unseen`
                    });
                }
                if (isShell(eff.name)) {
                    const producer = directCommand(stages[j - 1]);
                    const text = producer ? this.printedText(producer) : undefined;
                    if (text !== undefined)
                        this.nestedCode(text, `… | ${eff.name}`, ctx);
                }
            }
        }
    }
    /** `sh <<EOF … EOF` and `bash <<< "code"`: the redirected text is code. */
    onRedirectedStatement(node, ctx) {
        const body = node.childForFieldName('body');
        if (body?.type === 'command')
            this.stdinCode(body, node.childrenForFieldName('redirect'), ctx);
    }
    stdinCode(command, redirects, ctx) {
        const shell = (this.byNode.get(command.id) ?? [])
            .map((o) => o.levels[o.levels.length - 1])
            .find((l) => isShell(l.name) && runsStdinAsCode(l));
        if (!shell)
            return;
        for (const r of redirects) {
            const text = r ? redirectText(r) : undefined;
            if (text !== undefined)
                this.nestedCode(text, `${shell.name} <<`, ctx);
        }
    }
    /** `cat <<EOF | sh`: tree-sitter puts the `| sh` pipeline inside the heredoc redirect. */
    onHeredocPipeline(node, ctx) {
        const pipeline = node.namedChildren.find((c) => c?.type === 'pipeline' || c?.type === 'command');
        if (!pipeline)
            return;
        const first = directCommand(pipeline.type === 'pipeline' ? (pipeline.namedChild(0) ?? pipeline) : pipeline);
        const occs = first ? (this.byNode.get(first.id) ?? []) : [];
        const eff = occs[0]?.levels.at(-1);
        if (!eff || !isShell(eff.name) || !runsStdinAsCode(eff))
            return;
        const producer = node.parent?.childForFieldName('body');
        const prodOcc = producer ? this.byNode.get(producer.id)?.[0] : undefined;
        if (prodOcc?.levels.at(-1)?.name !== 'cat')
            return;
        const text = redirectText(node);
        if (text !== undefined)
            this.nestedCode(text, `cat <<… | ${eff.name}`, ctx);
    }
    /** What `echo …`, `printf …` or `cat <<EOF` writes to stdout, when it is known. */
    printedText(producer) {
        const occ = this.byNode.get(producer.id)?.[0];
        const eff = occ?.levels.at(-1);
        if (!eff)
            return undefined;
        const args = eff.words.slice(1);
        if (args.some((w) => w.dynamic))
            return undefined;
        if (eff.name === 'echo') {
            let k = 0;
            while (k < args.length && /^-[neE]+$/.test(args[k].value))
                k++;
            return args
                .slice(k)
                .map((w) => w.value)
                .join(' ');
        }
        if (eff.name === 'printf')
            return args.map((w) => w.value.replace(/\\n/g, '\n')).join(' ');
        if (eff.name === 'cat' && producer.parent?.type === 'redirected_statement') {
            for (const r of producer.parent.childrenForFieldName('redirect')) {
                const text = r ? redirectText(r) : undefined;
                if (text !== undefined)
                    return text;
            }
        }
        return undefined;
    }
    onFunction(node) {
        const nameNode = node.childForFieldName('name');
        const body = node.childForFieldName('body');
        if (!nameNode || !body)
            return;
        const name = wordOf(nameNode).value;
        this.functions.add(name);
        for (const cmd of body.descendantsOfType('command')) {
            if (!cmd)
                continue;
            const callsItself = (this.byNode.get(cmd.id) ?? []).some((o) => o.levels.some((l) => l.name === name));
            if (!callsItself)
                continue;
            for (let a = cmd; a && a.id !== node.id; a = a.parent) {
                if (a.type === 'pipeline' || a.nextSibling?.type === '&') {
                    this.findings.push({
                        rule: 'fork-bomb',
                        reason: `the function ${name} starts copies of itself ${a.type === 'pipeline' ? 'in a pipeline' : 'in the background'}, multiplying processes until the system runs out (a fork bomb)`
                    });
                    return;
                }
            }
        }
    }
    onFileRedirect(node) {
        const op = node.children.find((c) => c && !c.isNamed && /[>]/.test(c.type));
        if (!op)
            return;
        for (const dest of node.childrenForFieldName('destination')) {
            if (!dest)
                continue;
            const word = wordOf(dest);
            const target = word.value;
            // `>&2` duplicates a descriptor; it writes no file.
            if (!word.dynamic && !/&$/.test(op.type) && !/^\d+$/.test(target))
                this.writes.push({ path: target, dir: this.dirFromStart, how: `\`${op.type} ${target}\`` });
            if (isDevice(target)) {
                this.findings.push({
                    rule: 'disk-write',
                    reason: `the redirection \`${op.type} ${target}\` writes straight to a disk or memory device, destroying its data`
                });
            }
        }
    }
    containsFetcher(node, excludeSelf) {
        return this.fetchers(node, excludeSelf).length > 0;
    }
    fetcherNames(node, excludeSelf) {
        return [...new Set(this.fetchers(node, excludeSelf))].join(', ');
    }
    fetchers(node, excludeSelf) {
        const cmds = node.descendantsOfType('command');
        const out = [];
        for (const c of cmds) {
            if (!c || (excludeSelf && c.id === node.id))
                continue;
            for (const occ of this.byNode.get(c.id) ?? []) {
                for (const l of occ.levels)
                    if (isFetcher(l))
                        out.push(l.name);
            }
        }
        return out;
    }
    stageWords(stage) {
        const cmd = directCommand(stage) ?? stage.descendantsOfType('command')[0];
        const occ = cmd ? this.byNode.get(cmd.id)?.[0] : undefined;
        return occ?.levels[0].words ?? [];
    }
}
/** The command node of a pipeline stage (`cmd`, `cmd > f`, `! cmd`), if it is a simple command. */
function directCommand(node) {
    switch (node.type) {
        case 'command':
            return node;
        case 'redirected_statement': {
            const body = node.childForFieldName('body');
            return body ? directCommand(body) : undefined;
        }
        case 'negated_command': {
            const inner = node.namedChildren.find((c) => c?.type !== 'comment');
            return inner ? directCommand(inner) : undefined;
        }
    }
    return undefined;
}
/** Text of a heredoc body or here-string. */
function redirectText(r) {
    if (r.type === 'herestring_redirect') {
        const w = r.namedChildren.find((c) => c && c.type !== 'file_descriptor');
        return w ? wordOf(w).value : undefined;
    }
    if (r.type === 'heredoc_redirect') {
        return r.namedChildren.find((c) => c?.type === 'heredoc_body')?.text;
    }
    return undefined;
}
/** A message for the first syntax error in the tree, or undefined. */
function syntaxError(root) {
    if (!root.hasError)
        return undefined;
    const stack = [root];
    while (stack.length) {
        const n = stack.shift();
        if (n.isError || n.isMissing) {
            const { row, column } = n.startPosition;
            const what = n.isMissing
                ? `missing ${JSON.stringify(n.type)}`
                : `unexpected ${JSON.stringify(clip(n.text))}`;
            return `${what} at line ${row + 1}, column ${column + 1}`;
        }
        for (const c of n.children)
            if (c && (c.hasError || c.isMissing))
                stack.push(c);
    }
    return 'it could not be parsed';
}
function clip(s) {
    const one = s.replace(/\s+/g, ' ');
    return one.length > 30 ? one.slice(0, 29) + '…' : one;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./node_modules/web-tree-sitter/tree-sitter.js
var tree_sitter = __webpack_require__(7873);
;// CONCATENATED MODULE: ./src/policy/bash-parser.ts
// Loads tree-sitter and its bash grammar once per process. The wasm files sit in node_modules
// when running from source and in dist/wasm/ when running from the ncc bundle.




const PACKAGE_OF = {
    'tree-sitter.wasm': 'web-tree-sitter',
    'tree-sitter-bash.wasm': 'tree-sitter-bash'
};
/** Absolute path of one of the two wasm files, or an error naming every place tried. */
function locateWasm(file) {
    const tried = [];
    for (const rel of [`./wasm/${file}`, `../wasm/${file}`]) {
        const p = (0,external_node_url_.fileURLToPath)(new URL(rel, import.meta.url));
        if ((0,external_node_fs_.existsSync)(p))
            return p;
        tried.push(p);
    }
    try {
        return (0,external_node_module_.createRequire)(import.meta.url).resolve(`${PACKAGE_OF[file]}/${file}`);
    }
    catch {
        tried.push(`${PACKAGE_OF[file]}/${file} (node resolution)`);
    }
    throw new Error(`cannot find ${file}; tried ${tried.join(', ')}`);
}
let loading;
/** The bash Language, loaded once; later calls share the same promise. */
function loadBash() {
    loading ??= (async () => {
        await tree_sitter/* Parser */.iX.init({ locateFile: (f) => locateWasm(f) });
        return tree_sitter/* Language */.TM.load(locateWasm('tree-sitter-bash.wasm'));
    })();
    loading.catch(() => (loading = undefined));
    return loading;
}
async function createBashParser() {
    const language = await loadBash();
    const parser = new tree_sitter/* Parser */.iX();
    parser.setLanguage(language);
    return parser;
}

;// CONCATENATED MODULE: ./src/policy/lists.ts
/** Where an absolute command path may be shortened to its name for the allow-list. */
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/;
/** Every text a pattern is tried against for one command. */
function spellings(occ, forAllowList) {
    const out = new Set();
    occ.levels.forEach((_level, i) => {
        const words = occ.levels[i].words.map((w) => w.value);
        add(out, words, i === 0 ? occ.assignments : []);
        const head = words[0] ?? '';
        // `/usr/bin/python x` is `python x`. The block-list shortens any path (`./git push` is still
        // git push); the allow-list only system paths, so `./pytest` cannot pass as `pytest`.
        if (head.includes('/') && (!forAllowList || SYSTEM_BIN.test(head))) {
            add(out, [head.slice(head.lastIndexOf('/') + 1), ...words.slice(1)], i === 0 ? occ.assignments : []);
        }
    });
    return [...out];
}
function add(out, words, assignments) {
    out.add(words.join(' '));
    if (assignments.length)
        out.add([...assignments, ...words].join(' '));
}
function describe(levels) {
    const s = levels[0].words.map((w) => w.value).join(' ');
    return s.length > 80 ? s.slice(0, 79) + '…' : s;
}
/**
 * With an allow-list, every command must match a pattern (in one of its spellings); a command
 * that only hands code to a shell (`bash -c '…'`) or calls a function defined in the same
 * command is judged by the commands inside instead. Any block-list match blocks.
 */
function checkLists(analysis, allowed, blocked) {
    if (allowed.length > 0) {
        for (const occ of analysis.occurrences) {
            if (occ.delegates || analysis.functions.has(occ.levels[occ.levels.length - 1].name))
                continue;
            const texts = spellings(occ, true);
            if (!allowed.some((p) => texts.some((t) => test(p.regex, t)))) {
                return {
                    verdict: 'block',
                    rule: 'allow-list',
                    reason: `\`${describe(occ.levels)}\` does not match any allowed pattern (${allowed.map((p) => p.source).join(', ')})`
                };
            }
        }
    }
    for (const occ of analysis.occurrences) {
        const texts = spellings(occ, false);
        const hit = blocked.find((p) => texts.some((t) => test(p.regex, t)));
        if (hit) {
            return {
                verdict: 'block',
                rule: 'block-list',
                reason: `\`${describe(occ.levels)}\` matches the blocked pattern ${hit.source}`
            };
        }
    }
    return undefined;
}
function test(re, text) {
    re.lastIndex = 0;
    return re.test(text);
}

// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
;// CONCATENATED MODULE: ./src/policy/permissions.ts
// MassGen 2026 permission rules applied to a scripted run. As in MassGen: deny wins, then an
// allow lifts an ask. Unlike MassGen, a command rule is matched against every simple command of
// the parsed command (and the raw text), like the block-list: `cd repo && git push --force`
// meets `command(git push --force*)`. A scripted run has no one to approve an `ask`, so an ask
// without a matching allow blocks. Nothing here lets a command through that a rule or list blocked.



/** fnmatch.fnmatchcase: `*` any text (also `/`), `?` one character, `[…]`/`[!…]` a set. */
function globToRegExp(glob) {
    let re = '';
    for (let i = 0; i < glob.length; i++) {
        const c = glob[i];
        if (c === '*') {
            re += '[\\s\\S]*';
            while (glob[i + 1] === '*')
                i++;
        }
        else if (c === '?') {
            re += '[\\s\\S]';
        }
        else if (c === '[') {
            let j = i + 1;
            if (glob[j] === '!')
                j++;
            if (glob[j] === ']')
                j++;
            while (j < glob.length && glob[j] !== ']')
                j++;
            if (j >= glob.length) {
                re += '\\[';
                continue;
            }
            let body = glob.slice(i + 1, j);
            const negate = body.startsWith('!');
            if (negate)
                body = body.slice(1);
            body = body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]').replace(/\^/g, '\\^');
            re += negate ? `[^${body}]` : `[${body}]`;
            i = j;
        }
        else {
            re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        }
    }
    return new RegExp(`^(?:${re})$`, 'u');
}
function describeRule(r) {
    return r.origin ? `${r.source} (${r.origin})` : r.source;
}
class PermissionRules {
    deny;
    ask;
    allow;
    constructor(rules = []) {
        const compile = (d) => rules
            .filter((r) => r.decision === d)
            .map((rule) => ({ rule, re: globToRegExp(rule.pattern) }));
        this.deny = compile('deny');
        this.ask = compile('ask');
        this.allow = compile('allow');
    }
    get empty() {
        return this.deny.length + this.ask.length + this.allow.length === 0;
    }
    /** The verdict of the rules for a parsed command, or undefined when they have nothing to say. */
    checkCommand(raw, analysis) {
        if (this.empty)
            return undefined;
        // Each unit is one thing the rules may name: the raw command, or one simple command.
        const units = [
            { shown: raw.trim(), texts: [...new Set([raw, raw.trim()])] }
        ];
        for (const occ of analysis.occurrences) {
            const texts = spellings(occ, false);
            units.push({ shown: texts[0] ?? '', texts });
        }
        return this.decide('command', units);
    }
    /** The verdict for a file step (`path` absolute; also matched relative to the workspace). */
    checkFile(kind, path, workspace) {
        if (this.empty)
            return undefined;
        const rel = (0,external_node_path_.relative)(workspace, path) || '.';
        const texts = [path, rel, ...((0,paths/* isInside */.F)(path, workspace) ? [`./${rel}`] : [])];
        return this.decide(kind, [{ shown: path, texts }]);
    }
    decide(action, units) {
        const hit = (list, texts) => list.find((c) => (c.rule.action === action || c.rule.action === '*') && texts.some((t) => c.re.test(t)));
        for (const u of units) {
            const d = hit(this.deny, u.texts);
            if (d) {
                return {
                    verdict: 'block',
                    rule: 'permissions-deny',
                    reason: `${what(action, u.shown)} matches the permissions deny rule ${describeRule(d.rule)}`
                };
            }
        }
        for (const u of units) {
            const a = hit(this.ask, u.texts);
            if (a && !hit(this.allow, u.texts)) {
                return {
                    verdict: 'block',
                    rule: 'permissions-ask',
                    reason: `${what(action, u.shown)} matches the permissions ask rule ${describeRule(a.rule)}: it needs approval, and a scripted run has no one to give it (an allow rule that matches lets it run)`
                };
            }
        }
        return undefined;
    }
}
function what(action, shown) {
    const s = shown.length > 80 ? shown.slice(0, 79) + '…' : shown;
    return action === 'command' ? `\`${s}\`` : `${action} ${s}`;
}

// EXTERNAL MODULE: ./src/config/paths.ts
var config_paths = __webpack_require__(81066);
;// CONCATENATED MODULE: ./src/policy/read-only.ts
// Rule read-only-path: for agents without a sandbox (local mode), a statically visible write into
// a read-only root — a `read` context path, a protected path, the temporary workspace — is
// refused before it runs, as MassGen's path-permission layer refuses it. Docker agents rely on the
// read-only mount instead (the kernel refuses, whatever the command's shape).


/** Where a write lands, or undefined when that depends on something only known at run time. */
function resolveWrite(w, stepCwd) {
    if (w.path.startsWith('~') || w.dir === null)
        return undefined;
    const dir = (0,external_node_path_.isAbsolute)(w.dir) ? w.dir : (0,external_node_path_.join)(stepCwd, w.dir);
    const path = (0,external_node_path_.normalize)((0,external_node_path_.isAbsolute)(w.path) ? w.path : (0,external_node_path_.join)(dir, w.path));
    return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
function readOnlyVerdict(writes, roots, stepCwd) {
    for (const w of writes) {
        const target = resolveWrite(w, stepCwd);
        if (target === undefined)
            continue;
        const root = (0,config_paths/* decidingRootOf */.L)(roots, target);
        if (root && !root.writable)
            return {
                verdict: 'block',
                rule: 'read-only-path',
                reason: `${w.how} writes ${target}, inside the read-only ${root.what} ${root.path}`
            };
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/lib/python-regex.ts
var python_regex = __webpack_require__(69227);
;// CONCATENATED MODULE: ./src/policy/index.ts








/** Commands longer than this are blocked unparsed (a shell step is not a program listing). */
const MAX_COMMAND_CHARS = 100_000;
async function createPolicy(cfg) {
    const parser = await createBashParser();
    const ruleOpts = { enableSudo: cfg.enableSudo };
    const permissions = new PermissionRules(cfg.permissions);
    return {
        checkFile(kind, path, workspace) {
            return permissions.checkFile(kind, path, workspace) ?? { verdict: 'allow' };
        },
        check(command, ctx = {}) {
            if (command.length > MAX_COMMAND_CHARS) {
                return {
                    verdict: 'block',
                    rule: 'syntax',
                    reason: `the command is ${command.length} characters long; the limit is ${MAX_COMMAND_CHARS}`
                };
            }
            const tree = parser.parse(command);
            if (!tree)
                return { verdict: 'block', rule: 'syntax', reason: 'the command could not be parsed' };
            try {
                const err = syntaxError(tree.rootNode);
                if (err)
                    return { verdict: 'block', rule: 'syntax', reason: `not valid shell syntax: ${err}` };
                const analysis = new Analyzer(parser, ruleOpts).analyze(tree.rootNode);
                const findings = analysis.findings.filter((f) => !(f.rule === 'undecidable' && cfg.undecidable === 'allow'));
                if (findings.length > 0) {
                    const first = findings.reduce((a, b) => RULE_ORDER.indexOf(b.rule) < RULE_ORDER.indexOf(a.rule) ? b : a);
                    return { verdict: 'block', rule: first.rule, reason: first.reason };
                }
                const roots = cfg.readOnlyRoots;
                return ((roots && ctx.cwd ? readOnlyVerdict(analysis.writes, roots, ctx.cwd) : undefined) ??
                    checkLists(analysis, cfg.allowed, cfg.blocked) ??
                    permissions.checkCommand(command, analysis) ?? { verdict: 'allow' });
            }
            finally {
                tree.delete();
            }
        }
    };
}


/***/ })

};
