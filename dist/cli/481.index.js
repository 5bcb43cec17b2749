export const id = 481;
export const ids = [481];
export const modules = {

/***/ 60481:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  verifyIsolationCommand: () => (/* binding */ verifyIsolationCommand)
});

// EXTERNAL MODULE: ./src/config/unsafe.ts
var config_unsafe = __webpack_require__(75106);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/report/files.ts
var files = __webpack_require__(50561);
// EXTERNAL MODULE: ./src/report/junit.ts
var junit = __webpack_require__(42998);
// EXTERNAL MODULE: ./src/run/plan.ts
var run_plan = __webpack_require__(78446);
// EXTERNAL MODULE: ./src/run/scope.ts + 2 modules
var scope = __webpack_require__(80808);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/runtime/docker/index.ts + 33 modules
var docker = __webpack_require__(56123);
// EXTERNAL MODULE: ./src/lib/user.ts
var user = __webpack_require__(89332);
;// CONCATENATED MODULE: ./src/isolation/cves.ts
// Known container-escape (and engine-boundary) CVEs, with the upstream versions that fix them, and
// the comparison that says which are open on an engine. Checked against the upstream advisories
// and release notes; the Debian backports listed were checked against Debian's own package
// changelogs. Severity here is about *this* tool's setup, not CVSS: `critical` when an agent (a
// process inside a container we exec into) can use it, `high` when it needs something the agent
// does not control (a malicious image, the mount configuration, an AuthZ plugin, host networking).
const KNOWN_CVES = [
    {
        // NVD: "runc through 1.0-rc6 ... allows attackers to overwrite the host runc binary"; the
        // first release with the fix is 1.0.0-rc7 (Docker shipped a patched rc6 in 18.09.2).
        id: 'CVE-2019-5736',
        component: 'runc',
        fixedIn: ['1.0.0-rc7'],
        vector: 'exec',
        summary: 'overwrite of the host runc binary through /proc/self/exe',
        notUnderGvisor: "runc never enters the container: an exec asks runsc, which has gVisor's sentry start the process, and /proc/self/exe inside is gVisor's"
    },
    {
        id: 'CVE-2021-30465',
        component: 'runc',
        fixedIn: ['1.0.0-rc95'],
        vector: 'mount-config',
        summary: 'symlink-exchange race in mount destinations',
        notUnderGvisor: "runsc, not runc, sets up the container's mounts (through its gofer)"
    },
    {
        id: 'CVE-2024-21626',
        component: 'runc',
        fixedIn: ['1.1.12'],
        vector: 'exec',
        summary: '"Leaky Vessels": leaked host fd as the working directory of runc run/exec',
        notUnderGvisor: "runc never runs the container's processes, so no runc fd can leak into them"
    },
    {
        id: 'CVE-2025-31133',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: 'maskedPaths /dev/null replaced by a symlink during container creation',
        notUnderGvisor: 'runc never creates the container (runsc does, with its own /dev and masked paths)'
    },
    {
        id: 'CVE-2025-52565',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: '/dev/console bind-mount race during container creation',
        notUnderGvisor: 'runc never creates the container (runsc does, with its own /dev/console)'
    },
    {
        id: 'CVE-2025-52881',
        component: 'runc',
        fixedIn: ['1.2.8', '1.3.3', '1.4.0-rc.3'],
        vector: 'image',
        summary: 'LSM bypass and /proc write redirection through racing shared mounts',
        notUnderGvisor: "runc never creates the container; the agent's /proc is gVisor's own"
    },
    {
        id: 'CVE-2020-15257',
        component: 'containerd',
        fixedIn: ['1.3.9', '1.4.3'],
        vector: 'host-network',
        summary: 'containerd-shim abstract socket reachable from host-network containers',
        notUnderGvisor: "the sandbox's socket calls never reach the host's abstract Unix sockets (gVisor has its own; network none; host networking passes inet sockets only)"
    },
    {
        id: 'CVE-2024-41110',
        component: 'docker',
        fixedIn: ['23.0.15', '25.0.6', '26.1.5', '27.1.1'],
        vector: 'authz',
        summary: 'AuthZ plugin bypass with a zero-length request body'
    }
];
/**
 * Distribution packages known to carry the fix although their upstream version predates it,
 * checked in the package's changelog (`/usr/share/doc/<pkg>/changelog.Debian.gz`). Matched against
 * the full package version the engine reports (runc's and containerd's GitCommit carry it; the
 * engine's own version does not, so docker.io backports cannot be recognised through the API).
 */
const DISTRO_FIXES = [
    {
        cve: 'CVE-2024-21626',
        component: 'runc',
        // Debian bookworm-security: runc (1.1.5+ds1-1+deb12u1) "CVE-2024-21626: several container
        // breakouts due to internally leaked fds"; later deb12uN revisions keep it.
        packageVersion: /^1\.1\.5\+ds1-1\+deb12u([1-9]\d*)$/,
        note: 'Debian 1.1.5+ds1-1+deb12u1'
    }
];
/**
 * Parses the versions engines report: 1.1.12, v1.0.0-rc95, 1.0-rc6, 1.4.0-rc.3, 1.1.5+ds1,
 * 1.6.20~ds1, 20.10.24+dfsg1, 27.1.1-1ubuntu1. Distribution and build suffixes are dropped.
 */
function parseVersion(text) {
    const m = /^v?(\d+(?:\.\d+)*)(?:-((?:rc|alpha|beta|dev)[.\d]*\w*))?/i.exec(text.trim());
    if (!m)
        return undefined;
    const nums = m[1].split('.').map(Number);
    while (nums.length < 3)
        nums.push(0);
    const pre = m[2]
        ? (m[2].match(/[a-z]+|\d+/gi) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p.toLowerCase()))
        : [];
    return { nums, pre };
}
/** Negative when a < b. A pre-release sorts before its release. */
function compareVersions(a, b) {
    for (let i = 0; i < Math.max(a.nums.length, b.nums.length); i++) {
        const d = (a.nums[i] ?? 0) - (b.nums[i] ?? 0);
        if (d)
            return d;
    }
    if (!a.pre.length || !b.pre.length)
        return (a.pre.length ? -1 : 0) - (b.pre.length ? -1 : 0);
    for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
        const x = a.pre[i];
        const y = b.pre[i];
        if (x === undefined)
            return -1;
        if (y === undefined)
            return 1;
        if (x === y)
            continue;
        if (typeof x === 'number' && typeof y === 'number')
            return x - y;
        return String(x) < String(y) ? -1 : 1;
    }
    return 0;
}
/**
 * Whether `version` lacks the fix. A release on a branch that has a fix needs at least that fix;
 * on a branch without one, it is vulnerable if any fixed release is newer (the branch never got
 * the fix), and fixed if it is newer than all of them.
 */
function isVulnerable(version, fixedIn) {
    const fixes = fixedIn.map((f) => parseVersion(f)).sort(compareVersions);
    const branch = (v) => `${v.nums[0]}.${v.nums[1]}`;
    const same = fixes.find((f) => branch(f) === branch(version));
    if (same)
        return compareVersions(version, same) < 0;
    return fixes.some((f) => compareVersions(version, f) < 0);
}
/** A version string that a distribution built (its backports cannot be judged by number). */
function isDistroBuild(text) {
    return /[+~](ds|dfsg)\d*|deb\d+u\d+|ubuntu|\.el\d|\.fc\d|\+git/i.test(text);
}
function evaluateCves(components, exposure, table = KNOWN_CVES) {
    const findings = [];
    for (const cve of table) {
        const component = components.find((c) => c.component === cve.component);
        if (!component)
            continue;
        const version = parseVersion(component.version);
        if (!version)
            continue;
        if (exposure.gvisor && cve.notUnderGvisor) {
            findings.push({ cve, component, state: 'not-applicable', reason: cve.notUnderGvisor });
            continue;
        }
        if (!isVulnerable(version, cve.fixedIn)) {
            findings.push({ cve, component, state: 'fixed', how: 'upstream' });
            continue;
        }
        const backport = DISTRO_FIXES.find((d) => d.cve === cve.id &&
            d.component === cve.component &&
            component.packageVersion &&
            d.packageVersion.test(component.packageVersion));
        if (backport) {
            findings.push({ cve, component, state: 'fixed', how: 'distro', note: backport.note });
            continue;
        }
        const { severity, reason } = severityFor(cve.vector, exposure);
        findings.push({
            cve,
            component,
            state: 'open',
            severity,
            reason,
            distro: isDistroBuild(`${component.version} ${component.packageVersion ?? ''}`)
        });
    }
    return findings;
}
function severityFor(vector, e) {
    switch (vector) {
        case 'exec':
            return {
                severity: 'critical',
                reason: 'reachable from inside any container the engine execs into'
            };
        case 'image':
            return e.ownImage
                ? {
                    severity: 'high',
                    reason: 'needs a malicious image; this agent uses our locally built image'
                }
                : {
                    severity: 'critical',
                    reason: 'needs a malicious image; this agent uses a third-party image'
                };
        case 'mount-config':
            return {
                severity: 'high',
                reason: 'needs control over the mount configuration, which comes from the config'
            };
        case 'host-network':
            return e.hostNetwork
                ? { severity: 'critical', reason: 'this agent uses host networking' }
                : { severity: 'high', reason: 'needs host networking, which this agent does not use' };
        case 'authz':
            return e.authzPlugins.length
                ? {
                    severity: 'critical',
                    reason: `the engine uses AuthZ plugins (${e.authzPlugins.join(', ')})`
                }
                : { severity: 'high', reason: 'needs an AuthZ plugin; this engine has none' };
    }
}

// EXTERNAL MODULE: ./src/lib/shell.ts
var shell = __webpack_require__(66861);
;// CONCATENATED MODULE: ./src/isolation/outcome.ts

const pass = (detail) => ({ status: 'pass', detail });
const fail = (detail) => ({ status: 'fail', detail });
const skip = (detail) => ({ status: 'skip', detail });
/** Quotes a string for /bin/sh. */
const sh = shell/* shellQuote */.Z;
/** Lines of the form `TAG rest` printed by a probe script, by tag. */
function tagged(output, tag) {
    const prefix = `${tag} `;
    return output
        .split('\n')
        .filter((l) => l.startsWith(prefix))
        .map((l) => l.slice(prefix.length).trim());
}
/** A list for a detail line, shortened after `max` items. */
function list(items, max = 6) {
    if (items.length <= max)
        return items.join(', ');
    return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
/** Runs `script` with python3 from a quoted heredoc, so nothing in it is expanded by the shell. */
function python(script, args = []) {
    return `python3 - ${args.map(sh).join(' ')} <<'MASSGEN_PY'\n${script}\nMASSGEN_PY`;
}
const NO_PYTHON = 'python3 is not in the image, and this probe needs it for the syscall it tries';
const isOutcome = (x) => typeof x === 'object' && x !== null && 'status' in x && 'detail' in x;
/**
 * Runs a probe's attempts as the agent, followed by `echo DONE`: the result, or the fail that says
 * `what` did not complete (a script cut short proves nothing either way).
 */
async function attempts(ctx, lines, what, timeoutMs) {
    const r = await ctx.agentExec([...lines, 'echo DONE'].join('\n'), timeoutMs ? { timeoutMs } : undefined);
    return r.stdout.includes('DONE') ? r : fail(`${what} did not complete (exit ${r.exitCode})`);
}

;// CONCATENATED MODULE: ./src/isolation/probes/cleanup.ts
// Probe 20: once the check has cleaned up, no container labelled with its run id remains.


/** Containers of the run whose agent label is one of `agentIds`. */
function leftoverContainers(client, runId) {
    return client.listContainers({ labels: [`${docker.LABEL_RUN}=${runId}`] });
}
function cleanupOutcome(left, agentIds) {
    const mine = left.filter((c) => agentIds.includes(c.Labels?.[docker.LABEL_AGENT] ?? ''));
    if (mine.length)
        return fail(`left after cleanup: ${list(mine.map((c) => `${(c.Names?.[0] ?? c.Id).replace(/^\//, '')} (${c.State})`))}`);
    return pass(`no container labelled with the run id remains (${left.length} of the whole run)`);
}
const CLEANUP_PROBE = {
    id: 'cleanup',
    number: 20,
    title: 'after cleanup no container with the run label remains'
};

;// CONCATENATED MODULE: ./src/isolation/probes/engine.ts


const ENGINE_PROBE = {
    id: 'engine-cves',
    number: 21,
    title: 'engine audit: runc, containerd and Docker against known container-escape CVEs'
};
async function engineFacts(client) {
    const version = await client.version();
    const sys = await client.info().catch(() => ({}));
    const comps = version.Components ?? [];
    const find = (name) => comps.find((c) => c.Name.toLowerCase() === name);
    const components = [];
    const dockerVersion = find('engine')?.Version ?? version.Version;
    if (dockerVersion)
        components.push({ component: 'docker', version: dockerVersion });
    for (const name of ['runc', 'containerd']) {
        const c = find(name);
        // runc and containerd report the package version as GitCommit on distribution builds.
        if (c)
            components.push({
                component: name,
                version: c.Version,
                packageVersion: c.Details?.GitCommit || undefined
            });
    }
    return {
        info: {
            docker: dockerVersion,
            apiVersion: version.ApiVersion,
            containerd: find('containerd')
                ? `${find('containerd').Version} (${find('containerd').Details?.GitCommit ?? ''})`
                : undefined,
            runc: find('runc')
                ? `${find('runc').Version} (${find('runc').Details?.GitCommit ?? ''})`
                : undefined,
            init: find('docker-init')?.Version,
            runtimes: Object.keys(sys.Runtimes ?? {}).sort(),
            defaultRuntime: sys.DefaultRuntime,
            cgroupVersion: sys.CgroupVersion,
            os: sys.OperatingSystem,
            kernel: version.KernelVersion
        },
        components,
        authzPlugins: sys.Plugins?.Authorization ?? [],
        runtime: {
            runtimes: sys.Runtimes ?? {},
            defaultRuntime: sys.DefaultRuntime ?? 'runc',
            kernel: version.KernelVersion
        }
    };
}
function exposureOf(agent, facts) {
    const check = (0,docker.checkRuntime)(agent.docker ?? (0,docker.dockerDefaults)(), {
        Runtimes: facts.runtime.runtimes,
        DefaultRuntime: facts.runtime.defaultRuntime
    });
    return {
        ownImage: agent.docker?.ownImage ?? true,
        hostNetwork: agent.docker?.network === 'host',
        authzPlugins: facts.authzPlugins,
        gvisor: check.ok && check.runtime.gvisor
    };
}
function describe(f) {
    const c = f.component;
    const v = c.packageVersion && c.packageVersion !== c.version
        ? `${c.version} (package ${c.packageVersion})`
        : c.version;
    return `${f.cve.id} ${c.component} ${v} < ${f.cve.fixedIn.join('/')} [${f.severity}: ${f.reason}]`;
}
function engineOutcome(findings) {
    const open = findings.filter((f) => f.state === 'open');
    const fixed = findings.filter((f) => f.state === 'fixed');
    const moot = findings.filter((f) => f.state === 'not-applicable');
    const hard = open.filter((f) => f.severity === 'critical' && !f.distro);
    const backported = fixed.filter((f) => f.state === 'fixed' && f.how === 'distro');
    const checked = `${findings.length} known CVEs checked, ${fixed.length} fixed${backported.length ? ` (${backported.map((f) => `${f.cve.id} by ${f.state === 'fixed' ? f.note : ''}`).join(', ')})` : ''}` +
        (moot.length
            ? `, ${moot.length} not applicable under gVisor (runsc runs the container, not runc: ${moot.map((f) => f.cve.id).join(', ')})`
            : '');
    if (hard.length)
        return fail(`critical open: ${list(hard.map(describe), 4)}; ${checked}`);
    if (!open.length)
        return pass(checked);
    const warnings = open.map((f) => {
        const why = f.severity === 'critical'
            ? 'version predates the upstream fix; distro backports not verified'
            : 'not reachable by this agent';
        return `${describe(f)} — ${why}`;
    });
    return pass(`warn: ${warnings.join('; ')}; ${checked}`);
}

// EXTERNAL MODULE: ./src/lib/paths.ts
var paths = __webpack_require__(9927);
;// CONCATENATED MODULE: ./src/isolation/probes/audit.ts
// Probe 1: the container as the engine reports it (inspect), checked against what a sandbox needs,
// plus what the kernel says about a process exec'd as the agent (capability sets, no_new_privs,
// uid). The inspect half is a pure function so every rule is unit-tested.





/** Above this a fork bomb can hurt a shared runner before the limit stops it. */
const MAX_PIDS_LIMIT = 4096;
const SOCKET = /(^|\/)(docker|containerd|podman|crio|dockershim)\.sock$/;
/** Host paths whose mount (or a parent's) hands the agent the host. */
const SENSITIVE = [
    '/',
    '/etc',
    '/root',
    '/home',
    '/proc',
    '/sys',
    '/dev',
    '/boot',
    '/run',
    '/var/run',
    '/var/lib/docker',
    '/var/lib/containerd',
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/var'
];
/** Why a mount source is sensitive, or undefined. */
function sensitiveMount(source, home) {
    const src = (0,external_node_path_.resolve)(source);
    if (SOCKET.test(src))
        return 'an engine socket';
    if ((0,paths/* isInside */.F)(src, '/var/lib/docker') || (0,paths/* isInside */.F)(src, '/var/lib/containerd'))
        return "the engine's data";
    const h = (0,external_node_path_.resolve)(home);
    // Workspaces and credential mounts live below the home directory; that is their place.
    if (src !== h && (0,paths/* isInside */.F)(src, h))
        return undefined;
    for (const p of ['/proc', '/sys', '/dev', '/boot', '/etc', '/root'])
        if ((0,paths/* isInside */.F)(src, p))
            return `inside ${p}`;
    if (src === h || (0,paths/* isInside */.F)(h, src))
        return src === h ? "the runner's home" : "a parent of the runner's home";
    if (SENSITIVE.includes(src))
        return `the host's ${src}`;
    for (const p of SENSITIVE)
        if ((0,paths/* isInside */.F)(p, src))
            return `a parent of ${p}`;
    return undefined;
}
function auditInspect(info, config, opts) {
    const h = info.HostConfig;
    const problems = [];
    const notes = [];
    const capDrop = (h.CapDrop ?? []).map((c) => c.toUpperCase().replace(/^CAP_/, ''));
    const capAdd = (h.CapAdd ?? []).map((c) => c.toUpperCase().replace(/^CAP_/, ''));
    if (!capDrop.includes('ALL'))
        problems.push('capabilities not dropped (CapDrop lacks ALL)');
    const allowed = config.enableSudo ? docker.SUDO_CAPABILITIES : [];
    const extra = capAdd.filter((c) => !allowed.includes(c));
    if (extra.length)
        problems.push(`extra capabilities added: ${extra.join(',')}`);
    else if (capAdd.length)
        notes.push(`sudo variant caps ${capAdd.join(',')}`);
    const secOpts = h.SecurityOpt ?? [];
    const nnp = secOpts.some((o) => /^no-new-privileges(:true|=true)?$/.test(o));
    if (!nnp && !config.enableSudo)
        problems.push('no-new-privileges not set');
    if (!nnp && config.enableSudo)
        notes.push('no no-new-privileges (sudo variant)');
    const unconfined = secOpts.filter((o) => /^(seccomp|apparmor)[:=]unconfined$/.test(o));
    if (unconfined.length)
        problems.push(`security profile disabled: ${unconfined.join(', ')}`);
    if (h.Privileged)
        problems.push('privileged');
    const pids = h.PidsLimit ?? 0;
    if (!(pids > 0))
        problems.push('no pids limit');
    else if (pids > MAX_PIDS_LIMIT)
        problems.push(`pids limit ${pids} is above ${MAX_PIDS_LIMIT}`);
    const memory = h.Memory ?? 0;
    if (!(memory > 0))
        problems.push('no memory limit');
    else if (h.MemorySwap !== memory)
        problems.push(`memory-swap ${h.MemorySwap ?? 'unset'} differs from memory ${memory} (swap allowed)`);
    const cpu = (h.NanoCpus ?? 0) > 0 || ((h.CpuQuota ?? 0) > 0 && (h.CpuPeriod ?? 100000) > 0);
    if (!cpu)
        problems.push('no CPU limit');
    // docker-bench 5.13. The sudo variant needs a writable root (apt); a note there.
    if (!h.ReadonlyRootfs && !config.enableSudo)
        problems.push('root filesystem writable');
    if (!h.ReadonlyRootfs && config.enableSudo)
        notes.push('root filesystem writable (sudo variant)');
    if (h.NetworkMode !== 'none')
        problems.push(`network mode ${h.NetworkMode ?? 'default'} (not none)`);
    // cgroupns "host" is the engine's default on cgroup v1 (the container still sees only its own
    // cgroup, read-only); a note, not a failure.
    if (h.CgroupnsMode === 'host')
        notes.push('cgroupns host (engine default on cgroup v1)');
    for (const [name, mode] of [
        ['pid', h.PidMode],
        ['ipc', h.IpcMode],
        ['uts', h.UTSMode],
        ['userns', h.UsernsMode]
    ]) {
        if (mode === 'host')
            problems.push(`host ${name} namespace`);
        else if (mode && mode.startsWith('container:'))
            problems.push(`${name} namespace shared with ${mode.slice(10)}`);
    }
    if ((h.Devices ?? []).length)
        problems.push(`host devices: ${(h.Devices ?? []).map((d) => d.PathOnHost).join(', ')}`);
    if ((h.DeviceCgroupRules ?? []).length)
        problems.push('device cgroup rules added');
    if ((h.DeviceRequests ?? []).length)
        problems.push('device requests (GPUs) added');
    const mounts = info.Mounts ?? [];
    for (const m of mounts) {
        if (m.Type !== 'bind' || !m.Source)
            continue;
        const why = sensitiveMount(m.Source, opts.home);
        if (why)
            problems.push(`${m.Source} mounted at ${m.Destination} (${why}${m.RW ? ', writable' : ''})`);
    }
    if (info.Config.User === '' || /^(0|root)(:|$)/.test(info.Config.User ?? ''))
        problems.push('the main process runs as root');
    return { problems, notes };
}
const KERNEL_VIEW = [
    'grep -E "^(CapEff|CapBnd|CapPrm|CapAmb|NoNewPrivs):" /proc/self/status | sed "s/:\\s*/ /" | sed "s/^/STATUS /"',
    // gVisor's /proc/self/status has no NoNewPrivs line: ask prctl(PR_GET_NO_NEW_PRIVS) itself.
    `command -v python3 >/dev/null && python3 -c 'import ctypes; print("PRCTL_NNP", ctypes.CDLL(None).prctl(39, 0, 0, 0, 0))'`,
    'echo "UID $(id -u)"'
].join('\n');
/** Capability names by bit, for bounding sets read from /proc. */
const CAP_NAMES = [
    'CHOWN',
    'DAC_OVERRIDE',
    'DAC_READ_SEARCH',
    'FOWNER',
    'FSETID',
    'KILL',
    'SETGID',
    'SETUID',
    'SETPCAP',
    'LINUX_IMMUTABLE',
    'NET_BIND_SERVICE',
    'NET_BROADCAST',
    'NET_ADMIN',
    'NET_RAW',
    'IPC_LOCK',
    'IPC_OWNER',
    'SYS_MODULE',
    'SYS_RAWIO',
    'SYS_CHROOT',
    'SYS_PTRACE',
    'SYS_PACCT',
    'SYS_ADMIN',
    'SYS_BOOT',
    'SYS_NICE',
    'SYS_RESOURCE',
    'SYS_TIME',
    'SYS_TTY_CONFIG',
    'MKNOD',
    'LEASE',
    'AUDIT_WRITE',
    'AUDIT_CONTROL',
    'SETFCAP',
    'MAC_OVERRIDE',
    'MAC_ADMIN',
    'SYSLOG',
    'WAKE_ALARM',
    'BLOCK_SUSPEND',
    'AUDIT_READ',
    'PERFMON',
    'BPF',
    'CHECKPOINT_RESTORE'
];
function capNames(hex) {
    const v = BigInt(`0x${hex || '0'}`);
    return CAP_NAMES.filter((_, bit) => (v >> BigInt(bit)) & 1n);
}
const auditProbe = {
    id: 'audit',
    number: 1,
    title: 'configuration audit (engine inspect + kernel view of an agent process)',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const { problems, notes } = auditInspect(info, ctx.config, { home: ctx.host.home });
        const r = await ctx.agentExec(KERNEL_VIEW);
        const status = Object.fromEntries(tagged(r.stdout, 'STATUS').map((l) => l.split(/\s+/)));
        const uid = tagged(r.stdout, 'UID')[0];
        if (uid === undefined)
            problems.push(`could not read the agent's process status (exit ${r.exitCode})`);
        else if (uid === '0')
            problems.push('commands run as root (uid 0)');
        const eff = capNames(status.CapEff ?? '0');
        if (eff.length)
            problems.push(`agent process has effective capabilities ${eff.join(',')}`);
        const allowed = ctx.config.enableSudo ? docker.SUDO_CAPABILITIES : [];
        const bnd = capNames(status.CapBnd ?? '0').filter((c) => !allowed.includes(c));
        if (bnd.length)
            problems.push(`bounding set holds ${list(bnd)}`);
        const nnp = status.NoNewPrivs ?? tagged(r.stdout, 'PRCTL_NNP')[0];
        if (nnp !== '1' && !ctx.config.enableSudo)
            problems.push(nnp === undefined
                ? 'could not read no_new_privs of an agent process (no NoNewPrivs line, no python3 for prctl)'
                : 'agent process has NoNewPrivs 0');
        const limits = `pids ${info.HostConfig.PidsLimit}, memory ${info.HostConfig.Memory}/${info.HostConfig.MemorySwap}, cpus ${(info.HostConfig.NanoCpus ?? 0) / 1e9}, network ${info.HostConfig.NetworkMode}`;
        if (problems.length)
            return fail(`${list(problems, 8)} [${limits}]`);
        if (status.NoNewPrivs === undefined && nnp !== undefined)
            notes.push('no_new_privs read with prctl (this kernel has no NoNewPrivs line)');
        return pass(`caps dropped, no-new-privileges, not privileged, ${limits}, private namespaces, no devices, no sensitive mounts, uid ${uid}${notes.length ? `; ${notes.join('; ')}` : ''}`);
    }
};
const STATUS = `for k in NoNewPrivs Seccomp CapEff CapBnd; do grep "^$k:" /proc/self/status; done`;
const srtSandboxProbe = {
    id: 'srt-sandbox',
    number: 1,
    phase: 'parallel',
    title: 'the step runs sandboxed: no-new-privileges, seccomp filter, no capabilities, own PID namespace, no mount, unshare or /proc/sys writes',
    async run(ctx) {
        const hostInit = (await (0,promises_.readFile)('/proc/1/cmdline', 'utf8').catch(() => '')).split('\0')[0];
        const r = await attempts(ctx, [
            STATUS,
            'echo "PROCS $(ls -d /proc/[0-9]* | wc -l)"',
            `echo "INIT $(tr '\\0' ' ' < /proc/1/cmdline | cut -c1-200)"`,
            `d=$(mktemp -d); if mount -t tmpfs none "$d" 2>/dev/null; then echo "DID mount"; fi`,
            'if unshare -Ur true 2>/dev/null; then echo "DID unshare -Ur"; fi',
            'if unshare -n true 2>/dev/null; then echo "DID unshare -n"; fi',
            `if (cat /proc/sys/kernel/domainname > /proc/sys/kernel/domainname) 2>/dev/null; then echo "DID write /proc/sys/kernel/domainname"; fi`
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const field = (k) => new RegExp(`^${k}:\\s*(\\S+)`, 'm').exec(r.stdout)?.[1] ?? '?';
        const problems = [];
        if (field('NoNewPrivs') !== '1')
            problems.push(`NoNewPrivs ${field('NoNewPrivs')}`);
        if (field('Seccomp') !== '2')
            problems.push(`Seccomp ${field('Seccomp')} (no filter)`);
        if (!/^0+$/.test(field('CapEff')))
            problems.push(`effective capabilities ${field('CapEff')}`);
        const procs = Number(tagged(r.stdout, 'PROCS')[0] ?? 0);
        const init = tagged(r.stdout, 'INIT')[0] ?? '';
        if (hostInit && init.startsWith(hostInit))
            problems.push(`pid 1 is the host's init (${hostInit})`);
        if (procs > 50)
            problems.push(`${procs} processes visible (the host's?)`);
        problems.push(...tagged(r.stdout, 'DID').map((d) => `could ${d}`));
        if (problems.length)
            return fail(list(problems));
        return pass(`NoNewPrivs 1, Seccomp 2, CapEff 0, ${procs} processes visible (own PID namespace); mount, unshare and /proc/sys writes refused`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/canary.ts
// Probe 14: a canary secret the check put into the runner's environment (before any container
// existed) must not reach the container: not its env, not /proc/1/environ, not what an agent
// process sees. The rest (container logs, results, written files) is scanned once everything is
// written — see verify.ts, which amends this probe's result.

const canaryProbe = {
    id: 'canary',
    number: 14,
    title: "a canary secret in the runner's environment is absent from the container, logs and results",
    phase: 'parallel',
    async run(ctx) {
        const { name, value } = ctx.canary;
        const found = [];
        const info = await ctx.inspect();
        if ((info.Config.Env ?? []).some((e) => e.includes(value)))
            found.push('container env (inspect)');
        const mine = await ctx.agentExec('env; cat /proc/self/environ | tr "\\0" "\\n"; echo DONE');
        if (!mine.stdout.includes('DONE'))
            return fail(`could not read the agent's environment (exit ${mine.exitCode})`);
        if (mine.stdout.includes(value))
            found.push("an agent process's environment");
        // pid 1 is the init of the container, owned by another uid: read as root.
        const init = await ctx.rootExec([
            '/bin/sh',
            '-c',
            'for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done'
        ]);
        if (init.stdout.includes(value))
            found.push('/proc/<pid>/environ of the container processes');
        if (found.length)
            return fail(`${name} found in ${list(found)}`);
        return pass(`${name} absent from the container env, /proc/*/environ and an agent process's env`);
    }
};
const srtCanaryProbe = {
    id: 'canary',
    number: 14,
    phase: 'parallel',
    title: "a canary secret in the runner's environment is absent from the sandbox, logs and results",
    async run(ctx) {
        const { name, value } = ctx.canary;
        const r = await ctx.agentExec('env; for p in /proc/[0-9]*; do cat "$p/environ" 2>/dev/null; echo; done | tr "\\0" "\\n"; echo DONE');
        if (!r.stdout.includes('DONE'))
            return fail(`could not read the environment (exit ${r.exitCode})`);
        if (r.stdout.includes(value))
            return fail(`${name} found in the environment of a sandboxed process`);
        return pass(`${name} absent from the step's env and every /proc/<pid>/environ in the sandbox`);
    }
};

// EXTERNAL MODULE: ./src/runtime/egress/index.ts + 7 modules
var egress = __webpack_require__(52813);
;// CONCATENATED MODULE: ./src/isolation/probes/egress.ts
// Probes 23–26, for agents with command_line_egress: the allowlisted probe name answers through the
// relay and the proxy (readiness: every refusal below is believed only after it), a non-listed name
// is refused by the proxy itself (403, its header, no DNS lookup made for it), nothing gets out
// around the proxy (no variables, raw addresses, UDP, DNS), and metadata/private addresses are
// refused even behind a listed name. The names and the server are verify's own (isolation/egress.ts).


const NO_EGRESS = 'the agent has no command_line_egress: its network is none, which probe 4 (network) checks';
/** One curl per spec, as the agent, with the sandbox's own environment (proxy variables set). */
const CURL = `
import json, os, shutil, subprocess, sys, tempfile
if not shutil.which('curl'):
    print('NOCURL')
    sys.exit(0)
for s in json.loads(sys.argv[1]):
    env = dict(os.environ)
    if s.get('unset'):
        for k in list(env):
            if k.lower() in ('http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'):
                del env[k]
    d = tempfile.mkdtemp()
    args = ['curl', '-sS', '-m', str(s.get('timeout', 15)), '-D', d + '/h', '-o', d + '/b',
            '-w', '%{http_code} %{http_connect}'] + s.get('args', []) + [s['url']]
    p = subprocess.run(args, env=env, capture_output=True, text=True)
    def read(n):
        try:
            with open(os.path.join(d, n), 'rb') as f:
                return f.read(4096).decode('utf-8', 'replace')
        except OSError:
            return ''
    rules = [l.split(':', 1)[1].strip() for l in read('h').splitlines()
             if l.lower().startswith('x-massgen-egress:')]
    code, connect = (p.stdout.split() + ['000', '000'])[:2]
    body = read('b')[:300]
    shutil.rmtree(d, ignore_errors=True)
    print('RESULT ' + json.dumps({'tag': s['tag'], 'rc': p.returncode, 'code': code,
          'connect': connect, 'rule': rules[-1] if rules else '', 'body': body,
          'err': p.stderr.strip()[:300]}))
`;
/** Runs the specs as the agent (any sandbox whose proxy is reached through HTTP_PROXY: srt too). */
async function curl(ctx, specs) {
    const script = `command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(CURL, [JSON.stringify(specs)])}`;
    const r = await ctx.agentExec(script, { timeoutMs: 30_000 + specs.length * 20_000 });
    if (r.stdout.includes('NOPYTHON'))
        return skip(NO_PYTHON);
    if (r.stdout.includes('NOCURL'))
        return skip('curl is not in the image');
    const out = new Map();
    for (const line of tagged(r.stdout, 'RESULT')) {
        const res = JSON.parse(line);
        out.set(res.tag, res);
    }
    const missing = specs.filter((s) => !out.has(s.tag));
    if (missing.length)
        return fail(`the requests did not complete (exit ${r.exitCode}; missing ${list(missing.map((s) => s.tag))})`);
    return out;
}
function said(r) {
    if (r.code !== '000')
        return `HTTP ${r.code}${r.rule ? ` (${r.rule})` : ''}${r.body ? `: ${r.body.trim().slice(0, 120)}` : ''}`;
    return `curl exit ${r.rc}${r.err ? `: ${r.err.slice(0, 120)}` : ''}`;
}
function url(f, host) {
    return `http://${host.includes(':') ? `[${host}]` : host}:${f.port}/`;
}
/** The allowlisted name answers: what every refusal below is measured against. */
async function ready(ctx, e) {
    const res = await curl(ctx, [{ tag: 'allowed', url: url(e.fixture, e.fixture.allowedName) }]);
    if (isOutcome(res))
        return res;
    const r = res.get('allowed');
    if (r.code === '200' && r.body.includes(e.fixture.token))
        return undefined;
    return fail(`not ready: the allowlisted probe name ${e.fixture.allowedName} did not answer through the relay and proxy (${said(r)}), so a refusal could not be told from a broken path`);
}
/**
 * An egress probe's run: a skip for an agent without egress, a fail when the allowlisted name
 * does not answer (a refusal could not be told from a broken path); `check` does the rest.
 */
function withEgress(check) {
    return async (ctx) => {
        const e = ctx.egress;
        if (!e)
            return skip(NO_EGRESS);
        return (await ready(ctx, e)) ?? check(ctx, e, e.fixture);
    };
}
const RELAYS = `ps -eo uid=,args= | grep -E ${sh(`${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}/forward\\.(py|mjs)`)} | grep -v -e --probe -e grep | sed 's/^ */RELAY /'`;
const egressAllowedProbe = {
    id: 'egress-allowed',
    number: 23,
    title: 'egress: an allowlisted name answers through the relay and the proxy; the relay is not the agent’s and survives its kill -9 -1',
    phase: 'parallel',
    run: withEgress(async (ctx, e) => {
        const ps = await ctx.agentExec(RELAYS);
        const relays = tagged(ps.stdout, 'RELAY').map((l) => Number(l.split(/\s+/)[0]));
        const problems = [];
        if (!relays.length)
            problems.push('no egress relay process is visible in the container');
        if (relays.includes(ctx.uid))
            problems.push(`the egress relay runs as the agent's uid ${ctx.uid}: the agent can end or replace it`);
        // What a timeout does to the agent's processes; the relay must not be one of them.
        await ctx.agentExec('kill -9 -1 2>/dev/null; true');
        const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }]);
        if (isOutcome(again))
            return again;
        const r = again.get('after');
        if (r.code !== '200')
            problems.push(`after the agent's kill -9 -1 the allowlisted name no longer answers (${said(r)})`);
        if (problems.length)
            return fail(list(problems));
        return pass(`${e.fixture.allowedName}:${e.fixture.port} answered 200 through the relay (uid ${list(relays.map(String))}) and the proxy, and again after the agent's kill -9 -1`);
    })
};
const egressRefusedProbe = {
    id: 'egress-refused',
    number: 24,
    title: 'egress: a non-listed name, an IP literal and a CONNECT are refused by the proxy (403), a refused name is never resolved, a step with egress: false gets nothing',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const dnsName = f.dnsName(`q${Date.now().toString(36)}`);
        const res = await curl(ctx, [
            { tag: 'denied', url: url(f, f.deniedName) },
            { tag: 'connect', url: url(f, f.deniedName), args: ['-p'] },
            { tag: 'ip', url: url(f, f.address) },
            { tag: 'dns', url: url(f, dnsName) }
        ]);
        if (isOutcome(res))
            return res;
        const problems = [];
        const denied = res.get('denied');
        if (denied.code !== '403' || denied.rule !== 'not-listed')
            problems.push(`the non-listed name got ${said(denied)}`);
        const connect = res.get('connect');
        if (connect.connect !== '403')
            problems.push(`CONNECT to the non-listed name got ${said(connect)}`);
        const ip = res.get('ip');
        if (ip.code !== '403')
            problems.push(`the IP literal ${f.address} got ${said(ip)}`);
        const dns = res.get('dns');
        if (dns.code !== '403')
            problems.push(`a non-listed name under the DNS label got ${said(dns)}`);
        if (f.resolved().includes(dnsName))
            problems.push(`the proxy resolved the non-listed name ${dnsName} (a DNS query left the runner)`);
        ctx.session.beginStep({ index: 1, name: 'verify-isolation: egress off', egress: false });
        let off;
        try {
            off = await curl(ctx, [{ tag: 'off', url: url(f, f.allowedName) }]);
        }
        finally {
            ctx.session.beginStep({ index: 0, name: 'verify-isolation', egress: true });
        }
        if (isOutcome(off))
            return off;
        const o = off.get('off');
        if (o.code !== '403' || o.rule !== 'egress-off')
            problems.push(`with egress: false the allowlisted name got ${said(o)}`);
        if (problems.length) {
            const audit = e.config.audit ? ' (audit mode lets every name through by design)' : '';
            return fail(`${list(problems)}${audit}`);
        }
        return pass(`403 from the proxy for the non-listed name (plain and CONNECT), the IP literal and a DNS-label name, which was never resolved; with egress off the allowlisted name got 403 too`);
    })
};
/** TCP and UDP straight from the sandbox: to the host's addresses, a public one, the resolvers. */
const DIRECT = `
import socket, sys
token, tcp_port, udp_port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hosts = sys.argv[4:]
def tcp(host, port):
    fam = socket.AF_INET6 if ':' in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect((host, port))
        try:
            s.recv(64)
        except OSError:
            pass
        print('REACHED tcp', host, port)
    except OSError as e:
        print('REFUSED tcp', host, port, e.__class__.__name__)
    finally:
        s.close()
for h in hosts:
    tcp(h, tcp_port)
for h in ('1.1.1.1', '8.8.8.8', '2606:4700:4700::1111'):
    tcp(h, 443)
name = token + '.exfil.invalid'
query = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00' + b''.join(
    bytes([len(p)]) + p.encode() for p in name.split('.')) + b'\\x00\\x00\\x01\\x00\\x01'
resolvers = []
try:
    for line in open('/etc/resolv.conf'):
        parts = line.split()
        if len(parts) >= 2 and parts[0] == 'nameserver':
            resolvers.append(parts[1])
except OSError:
    pass
for h, port in [(h, udp_port) for h in hosts] + [(r, 53) for r in resolvers] + [('8.8.8.8', 53)]:
    fam = socket.AF_INET6 if ':' in h else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_DGRAM)
    s.settimeout(2)
    try:
        s.sendto(query, (h, port))
        s.recvfrom(512)
        print('REACHED udp', h, port, 'answered')
    except socket.timeout:
        print('SENT udp', h, port)
    except OSError as e:
        print('REFUSED udp', h, port, e.__class__.__name__)
    finally:
        s.close()
try:
    print('RESOLVED', socket.getaddrinfo('github.com', 443)[0][4][0])
except OSError as e:
    print('NORESOLVE', e.__class__.__name__)
`;
const egressBypassProbe = {
    id: 'egress-bypass',
    number: 25,
    title: 'egress: nothing gets out around the proxy (no proxy variables, raw IP over TCP, UDP, DNS)',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const addresses = ctx.host.listener.addresses;
        const res = await curl(ctx, [
            { tag: 'unset', url: url(f, f.allowedName), unset: true, timeout: 8 },
            ...addresses.map((a) => ({
                tag: `direct ${a}`,
                url: url(f, a),
                args: ['--noproxy', '*'],
                timeout: 5
            }))
        ]);
        if (isOutcome(res))
            return res;
        const problems = [];
        const unset = res.get('unset');
        if (unset.rc === 0 || unset.body.includes(f.token))
            problems.push(`without the proxy variables the allowlisted name still answered (${said(unset)})`);
        const direct = addresses.filter((a) => {
            const r = res.get(`direct ${a}`);
            return r.rc === 0 || r.body.includes(f.token);
        });
        if (direct.length)
            problems.push(`reached the host's server directly on ${list(direct)}`);
        const tag = `x${Date.now().toString(36)}${ctx.uid}`;
        const raw = await ctx.agentExec(`command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n` +
            python(DIRECT, [tag, String(ctx.host.listener.port), String(f.udpPort), ...addresses]) +
            `\nif getent hosts ${sh(f.allowedName)} >/dev/null 2>&1 || getent hosts github.com >/dev/null 2>&1; then echo "GETENT resolved"; fi\necho DONE`, { timeoutMs: 120_000 });
        if (raw.stdout.includes('NOPYTHON'))
            return skip(NO_PYTHON);
        if (!raw.stdout.includes('DONE'))
            return fail(`the direct attempts did not complete (exit ${raw.exitCode})`);
        const reached = tagged(raw.stdout, 'REACHED');
        if (reached.length)
            problems.push(`direct connections: ${list(reached)}`);
        // A datagram that left without an answer is caught by the host's listener.
        await new Promise((r) => setTimeout(r, 300));
        if (f.udpSeen(tag))
            problems.push(`a UDP datagram (a DNS query) from the sandbox reached the host`);
        if (tagged(raw.stdout, 'RESOLVED').length || tagged(raw.stdout, 'GETENT').length)
            problems.push('names resolve inside the sandbox');
        if (problems.length)
            return fail(list(problems));
        const tried = tagged(raw.stdout, 'REFUSED').length + tagged(raw.stdout, 'SENT').length;
        return pass(`without the proxy variables the allowlisted name does not resolve; ${addresses.length} host address(es) unreachable by HTTP, ${tried} raw TCP/UDP attempts (host, public, resolvers) got nowhere; no name resolves inside`);
    })
};
const egressPrivateProbe = {
    id: 'egress-private',
    number: 26,
    title: 'egress: a listed name that resolves to a metadata, link-local, private, loopback or unique-local address is refused by the proxy',
    phase: 'parallel',
    run: withEgress(async (ctx, e, f) => {
        const policy = (0,egress/* compileEgressPolicy */.jg)(e.config);
        // What the config itself lists is its choice, except a metadata endpoint: that is never safe.
        const listed = f.targets.filter((t) => t.cls !== 'metadata' && (0,egress/* checkAddresses */.h2)(policy, [t.address]).kept.length > 0);
        const tested = f.targets.filter((t) => !listed.includes(t));
        const res = await curl(ctx, tested.map((t) => ({ tag: t.name, url: url(f, t.name), timeout: 10 })));
        if (isOutcome(res))
            return res;
        // Refused at dial time, after the name passed: the library's 403 with its header, our reason.
        const notRefused = tested.filter((t) => {
            const r = res.get(t.name);
            return r.code !== '403' || !r.rule || !r.body.includes(`resolves to ${egress/* CLASS_WORDS */.f5[t.cls]}`);
        });
        const note = listed.length
            ? `; not tested, listed in allowed_private_ranges: ${list(listed.map((t) => t.address))}`
            : '';
        if (notRefused.length)
            return fail(`not refused by the address rule: ${list(notRefused.map((t) => `${t.address} (${t.cls}): ${said(res.get(t.name))}`), 4)}${note}`);
        return pass(`403 from the proxy for ${tested.length} listed names resolving to ${list(tested.map((t) => t.address), 8)}${note}`);
    })
};
const srtEgressAllowedProbe = {
    id: 'egress-allowed',
    number: 23,
    phase: 'parallel',
    title: "egress: an allowlisted name answers through sandbox-runtime's bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1",
    run: withEgress(async (ctx, e) => {
        // The bridge's relay runs in the sandbox as the agent: it may end it, but only for its own
        // step; the next step has a bridge of its own.
        await ctx.agentExec('kill -9 -1 2>/dev/null; true');
        const again = await curl(ctx, [{ tag: 'after', url: url(e.fixture, e.fixture.allowedName) }]);
        if (isOutcome(again))
            return again;
        const r = again.get('after');
        if (r.code !== '200' || !r.body.includes(e.fixture.token))
            return fail(`after the agent's kill -9 -1 the allowlisted name no longer answers in the next step (${said(r)})`);
        return pass(`${e.fixture.allowedName}:${e.fixture.port} answered 200 through the bridge and the agent's proxy, and again in the next step after the agent's kill -9 -1`);
    })
};

;// CONCATENATED MODULE: ./src/isolation/probes/collection.ts
// Probe 18: symlinks an agent plants in its workspace (pointing at a host secret) are not followed
// when JUnit reports are read or results are collected. The agent plants them; the host-side
// collectors (the same functions a run uses) then read the workspace.


const symlinkProbe = {
    id: 'symlink-collection',
    number: 18,
    title: 'symlinks planted in the workspace are not followed when results or JUnit files are collected',
    phase: 'parallel',
    async run(ctx) {
        const dir = `${ctx.scratch}/collect`;
        const secret = ctx.host.secretFile;
        const plant = await ctx.agentExec([
            `mkdir -p ${sh(`${dir}/nested`)}`,
            `ln -sf ${sh(secret)} ${sh(`${dir}/junit.xml`)}`,
            `ln -sf ${sh(secret)} ${sh(`${dir}/nested/results.json`)}`,
            `ln -sfn ${sh(secret.replace(/\/[^/]+$/, ''))} ${sh(`${dir}/linked-dir`)}`,
            'echo PLANTED'
        ].join('\n'));
        if (!plant.stdout.includes('PLANTED'))
            return fail(`could not plant the symlinks (exit ${plant.exitCode}: ${plant.stderr.slice(0, 120)})`);
        const problems = [];
        const junit = await ctx.collectors.readJunit(`${dir}/junit.xml`, ctx.agent.workspace);
        if (!junit.error || junit.failed.some((n) => n.includes(ctx.host.secretToken)))
            problems.push('the JUnit reader followed junit.xml to the host secret');
        const files = await ctx.collectors.listFiles(dir);
        const listed = files.filter((f) => !f.startsWith(dir) || /junit\.xml|results\.json|linked-dir/.test(f));
        if (listed.length)
            problems.push(`the results collector listed ${list(listed.map((f) => f.slice(dir.length + 1) || f))}`);
        const before = await (0,promises_.readFile)(secret, 'utf8');
        await ctx.collectors.redactTree(dir, (s) => s.split(ctx.host.secretToken).join('***'));
        if ((await (0,promises_.readFile)(secret, 'utf8')) !== before)
            problems.push('redaction rewrote the host secret through a symlink');
        if (problems.length)
            return fail(list(problems));
        return pass(`JUnit reader refused (${junit.error}); the collector and the redactor skipped 3 planted links`);
    }
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/isolation/probes/filesystem.ts
// Probes 2, 3 and 17: what the agent can write, what it can see of the host, and whether size
// limits hold. Every check is an attempt made as the agent; a write that succeeds is undone.





/** Places of the image's root filesystem an agent must never write. */
const PROTECTED_DIRS = [
    '/',
    '/etc',
    '/usr',
    '/usr/bin',
    '/usr/local/bin',
    '/usr/lib',
    '/bin',
    '/sbin',
    '/lib',
    '/opt',
    '/root',
    '/var/lib',
    '/var/log',
    '/srv',
    '/boot'
];
const PROTECTED_FILES = ['/etc/passwd', '/etc/shadow', '/etc/sudoers', '/usr/bin/env', '/bin/sh'];
/** A directory write attempt that cleans up after itself; prints `WROTE <path>` on success. */
function tryWriteDir(path) {
    const f = `${path.replace(/\/$/, '')}/.massgen-isolation-probe-$$`;
    return `if ( : > ${sh(f)} ) 2>/dev/null; then rm -f ${sh(f)}; echo "WROTE ${path}"; fi`;
}
/** Opening an existing file for appending writes nothing; success means it is writable. */
function tryAppendFile(path) {
    return `if [ -e ${sh(path)} ] && ( : >> ${sh(path)} ) 2>/dev/null; then echo "WROTE ${path}"; fi`;
}
const rootfsWriteProbe = {
    id: 'rootfs-write',
    number: 2,
    title: "writes to the image's root filesystem and to read-only mounts fail",
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination);
        const r = await attempts(ctx, [
            ...PROTECTED_DIRS.map(tryWriteDir),
            ...PROTECTED_FILES.map(tryAppendFile),
            ...readOnly.map((d) => `if [ -d ${sh(d)} ]; then ${tryWriteDir(d)}; else ${tryAppendFile(d)}; fi`)
        ], 'the write attempts');
        if (isOutcome(r))
            return r;
        const wrote = tagged(r.stdout, 'WROTE');
        const tried = `${PROTECTED_DIRS.length + PROTECTED_FILES.length} root-filesystem paths and ${readOnly.length} read-only mount(s)`;
        if (wrote.length)
            return fail(`writable: ${list(wrote)} (of ${tried})`);
        return pass(`every write refused: ${tried}${readOnly.length ? ` (${list(readOnly, 3)})` : ''}`);
    }
};
/** Host paths the agent must not see, with whether the config mounts them (then skipped). */
function hostTargets(ctx) {
    const targets = [];
    if (ctx.host.homeMarker)
        targets.push({ label: "runner's home", path: ctx.host.homeMarker });
    targets.push({ label: 'a host directory outside the mounts', path: ctx.host.outsideMarker });
    const mounted = [
        ctx.agent.workspace,
        ...ctx.agent.contextPaths.map((c) => c.path),
        ...(ctx.agent.tempWorkspace ? [ctx.agent.tempWorkspace] : []),
        ...(ctx.config.credentials?.additionalMounts ?? []).map((m) => m.hostPath)
    ];
    for (const peer of ctx.peers) {
        if (!peer.fromConfig)
            continue;
        // Another agent's workspace that this agent's own config mounts is the config's choice (probe 19 still reports it).
        if (mounted.some((m) => (0,paths/* isInside */.F)((0,external_node_path_.resolve)(peer.markerFile), (0,external_node_path_.resolve)(m))))
            continue;
        targets.push({ label: `agent ${peer.id}'s workspace`, path: peer.markerFile });
    }
    return targets;
}
const hostPathsProbe = {
    id: 'host-paths',
    number: 3,
    title: 'host paths outside the mounts are invisible (home, other workspaces, /proc/1/root)',
    phase: 'parallel',
    async run(ctx) {
        const targets = hostTargets(ctx);
        const r = await attempts(ctx, [
            ...targets.flatMap((t) => [
                `if cat ${sh(t.path)} >/dev/null 2>&1; then echo "SEEN ${t.path}"; fi`,
                `if cat ${sh(`/proc/1/root${t.path}`)} >/dev/null 2>&1; then echo "SEEN /proc/1/root${t.path}"; fi`
            ]),
            `if (cd /proc/1/root/) 2>/dev/null; then echo "PROC1 listable"; fi`
        ], 'the read attempts');
        if (isOutcome(r))
            return r;
        const seen = tagged(r.stdout, 'SEEN');
        if (seen.length)
            return fail(`visible from the container: ${list(seen)}`);
        const homeNote = ctx.host.homeMarker
            ? ''
            : ' (no marker could be written in the home directory; it was not checked)';
        const proc1 = tagged(r.stdout, 'PROC1').length
            ? "/proc/1/root is the container's own root"
            : '/proc/1/root denied';
        return pass(`markers invisible: ${list(targets.map((t) => t.label))}, also through /proc/1/root (${proc1})${homeNote}`);
    }
};
const SIZE_SCRIPT = `
echo "FSIZE $(ulimit -f)"
while read -r dev mnt type opts rest; do
  [ "$type" = tmpfs ] || continue
  case "$mnt" in /proc*|/sys*) continue;; esac
  case ",$opts," in *,ro,*) continue;; esac
  f="$mnt/.massgen-isolation-probe-$$"
  if ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "TMPFS $mnt $opts"; fi
done < /proc/self/mounts
`;
/** Largest tmpfs this probe fills to prove its limit (bytes). */
const MAX_FILL = 256 * 1024 * 1024;
function parseSize(opts) {
    const m = /(?:^|,)size=(\d+)([kmg]?)(?:,|$)/i.exec(opts);
    if (!m)
        return undefined;
    return (Number(m[1]) *
        ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()] ??
            1));
}
const sizeLimitsProbe = {
    id: 'size-limits',
    number: 17,
    title: 'tmpfs and file-size limits hold where configured',
    phase: 'disruptive',
    async run(ctx) {
        const r = await ctx.agentExec(SIZE_SCRIPT);
        const fsize = tagged(r.stdout, 'FSIZE')[0] ?? 'unlimited';
        const tmpfs = tagged(r.stdout, 'TMPFS').map((l) => {
            const [mnt, opts] = l.split(' ');
            return { mnt, opts: opts ?? '', size: parseSize(opts ?? '') };
        });
        const problems = [];
        const held = [];
        for (const t of tmpfs) {
            if (t.size === undefined) {
                problems.push(`tmpfs ${t.mnt} is writable and has no size limit`);
                continue;
            }
            if (t.size > MAX_FILL) {
                held.push(`${t.mnt} limited to ${t.size} bytes (too large to fill here)`);
                continue;
            }
            const f = `${t.mnt}/.massgen-isolation-fill-$$`;
            const want = t.size + 1024 * 1024;
            const fill = await ctx.agentExec(`head -c ${want} /dev/zero > ${sh(f)} 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`, { timeoutMs: 60_000 });
            const got = Number(tagged(fill.stdout, 'GOT')[0] ?? NaN);
            if (!Number.isFinite(got))
                problems.push(`could not fill ${t.mnt} (exit ${fill.exitCode}${fill.oom ? ', out of memory' : ''})`);
            else if (got > t.size)
                problems.push(`${t.mnt} took ${got} bytes past its ${t.size}-byte size`);
            else
                held.push(`${t.mnt} stopped at ${got} of ${want} bytes`);
        }
        if (fsize !== 'unlimited' && /^\d+$/.test(fsize)) {
            const limit = Number(fsize) * 512;
            if (limit <= MAX_FILL) {
                const f = `${ctx.scratch}/fsize-probe`;
                const w = await ctx.agentExec(`(head -c ${limit + 1024 * 1024} /dev/zero > ${sh(f)}) 2>/dev/null; echo "GOT $(wc -c < ${sh(f)} 2>/dev/null || echo 0)"; rm -f ${sh(f)}`);
                const got = Number(tagged(w.stdout, 'GOT')[0] ?? NaN);
                if (!(got <= limit))
                    problems.push(`file-size limit ${limit} bytes did not hold (wrote ${got})`);
                else
                    held.push(`file size stopped at ${got} bytes (RLIMIT_FSIZE ${limit})`);
            }
            else
                held.push(`RLIMIT_FSIZE ${limit} bytes (too large to fill here)`);
        }
        if (problems.length)
            return fail(list(problems));
        if (!held.length)
            return skip('no writable tmpfs and no file-size limit configured');
        return pass(list(held));
    }
};
/**
 * Every mount the container has below a read-only mount, as its own mount table lists them; for
 * each, `SUB <path>`, and `WROTE <path>` where a file could be made there (removed at once).
 */
function submountWrites(readOnly) {
    const dirs = readOnly.map((d) => sh(d.replace(/\/$/, ''))).join(' ');
    return `for d in ${dirs}; do
  while read -r _id _parent _dev _root mnt _rest; do
    case "$mnt" in "$d"/*)
      echo "SUB $mnt"
      f="$mnt/.massgen-isolation-probe-$$"
      if [ -d "$mnt" ] && ( : > "$f" ) 2>/dev/null; then rm -f "$f"; echo "WROTE $mnt"; fi
      if [ -f "$mnt" ] && ( : >> "$mnt" ) 2>/dev/null; then echo "WROTE $mnt"; fi;;
    esac
  done < /proc/self/mountinfo
done`;
}
const readOnlySubmountsProbe = {
    id: 'ro-submounts',
    number: 30,
    title: 'read-only mounts are read-only all the way down: a filesystem mounted below one on the host is not writable',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const readOnly = (info.Mounts ?? []).filter((m) => !m.RW).map((m) => m.Destination);
        if (!readOnly.length)
            return skip('no read-only mount in this container (no read context path or ro bind)');
        const r = await ctx.agentExec(`${submountWrites(readOnly)}\necho DONE`);
        if (!r.stdout.includes('DONE'))
            return fail(`the write attempts did not complete (exit ${r.exitCode})`);
        const below = [...new Set(tagged(r.stdout, 'SUB'))];
        const wrote = [...new Set(tagged(r.stdout, 'WROTE'))];
        if (wrote.length)
            return fail(`writable below a read-only mount: ${list(wrote)}`);
        if (!below.length)
            return skip(`no mount below the ${readOnly.length} read-only mount(s): nothing to try`);
        return pass(`${below.length} mount(s) below read-only mounts refuse writes: ${list(below, 3)}`);
    }
};
const srtWritesProbe = {
    id: 'writes-outside',
    number: 2,
    phase: 'parallel',
    title: 'writes outside the workspace and the write context paths fail (/, /etc, /usr, home, /tmp, read-only and protected paths)',
    async run(ctx) {
        const { agent, host } = ctx;
        const targets = [
            '/',
            '/etc',
            '/usr',
            '/usr/bin',
            '/opt',
            '/var/tmp',
            '/tmp',
            host.home,
            host.outsideDir,
            ...agent.contextPaths.filter((c) => c.permission === 'read').map((c) => c.path),
            ...agent.contextPaths.flatMap((c) => c.protectedPaths),
            ...(agent.tempWorkspace ? [agent.tempWorkspace] : [])
        ];
        const name = `massgen-srt-probe-${process.pid}`;
        const script = [
            ...targets.map((t) => `if (echo x > ${sh(`${t}/${name}`)}) 2>/dev/null; then echo "WROTE ${t}"; fi`),
            `if (echo x >> ${sh(host.outsideMarker)}) 2>/dev/null; then echo "WROTE ${host.outsideMarker}"; fi`,
            `if (echo x > ${sh(`${ctx.scratch}/${name}`)}) 2>/dev/null; then echo "READY"; fi`,
            'echo DONE'
        ].join('\n');
        const outsideBefore = await (0,promises_.readFile)(host.outsideMarker, 'utf8').catch(() => '');
        const r = await ctx.agentExec(script);
        if (!r.stdout.includes('DONE'))
            return fail(`the writes did not complete (exit ${r.exitCode})`);
        // A write into a hidden directory lands in the sandbox's throwaway tmpfs: only what reached
        // the host counts.
        const wrote = tagged(r.stdout, 'WROTE').filter((t) => t === host.outsideMarker ? false : (0,external_node_fs_.existsSync)(`${t}/${name}`));
        if ((await (0,promises_.readFile)(host.outsideMarker, 'utf8').catch(() => '')) !== outsideBefore)
            wrote.push(host.outsideMarker);
        for (const t of wrote)
            await (0,promises_.rm)(`${t}/${name}`, { force: true }).catch(() => undefined);
        if (wrote.length)
            return fail(`wrote into ${list(wrote)}`);
        const ready = r.stdout.includes('READY');
        if (ctx.srt.readOnly && ready)
            return fail('wrote into the workspace although read_only');
        if (!ctx.srt.readOnly && !ready)
            return fail('could not write into its own workspace, so the refusals prove nothing');
        return pass(`${targets.length + 1} writes outside refused${ctx.srt.readOnly ? ', the workspace read-only too (read_only)' : '; the workspace is writable'}`);
    }
};
const srtReadsProbe = {
    id: 'secret-reads',
    number: 3,
    phase: 'parallel',
    title: 'secret stores, deny_read paths and (per read mode) the home directory and host files cannot be read',
    async run(ctx) {
        const { host, srt } = ctx;
        const hidden = ctx.secrets.map((s) => ({
            path: s.path,
            token: s.token,
            what: s.where
        }));
        // open mode exposes $HOME by design: the marker being readable there is the weakening the
        // probe reports.
        if (host.homeMarker)
            hidden.push({ path: host.homeMarker, what: 'a marker in the home directory' });
        if (srt.readMode === 'strict') {
            hidden.push({ path: '/etc/hostname', what: '/etc/hostname (strict)' });
            hidden.push({ path: host.outsideMarker, what: 'a marker outside every agent path (strict)' });
        }
        const readable = `${ctx.scratch}/readable-${process.pid}`;
        const r = await attempts(ctx, [
            `echo ready > ${sh(readable)} 2>/dev/null || true`,
            ...hidden.map((h, i) => `if cat ${sh(h.path)} >/dev/null 2>&1; then echo "READ ${i}"; fi`),
            `if [ "$(cat ${sh(readable)} 2>/dev/null)" = ready ] || [ -r ${sh(ctx.agent.workspace)} ]; then echo READY; fi`
        ], 'the reads');
        if (isOutcome(r))
            return r;
        if (!r.stdout.includes('READY'))
            return fail('could not read its own workspace, so the refusals prove nothing');
        const leaked = hidden.filter((h) => r.stdout.includes(`READ ${hidden.indexOf(h)}\n`) || (h.token && r.stdout.includes(h.token)));
        if (leaked.length)
            return fail(`readable: ${list(leaked.map((h) => `${h.what} (${h.path})`))}${srt.readMode === 'open' ? ' — read_mode open' : ''}`);
        return pass(`${hidden.length} hidden paths unreadable (read_mode ${srt.readMode}); the workspace is readable`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/kernel.ts
// Probes 9–13: what the kernel lets an agent process do. Each is an attempt; anything that succeeds
// is reported (and undone where it changed something).

// Writing a value back unchanged: if the write is allowed, nothing changes, and we know.
const PROC_SYS = [
    '/proc/sys/kernel/core_pattern',
    '/proc/sys/kernel/domainname',
    '/proc/sys/vm/overcommit_memory',
    '/proc/sys/net/ipv4/ip_forward',
    '/proc/sys/kernel/randomize_va_space'
];
const procSysProbe = {
    id: 'proc-sys',
    number: 9,
    title: '/proc/sys and /proc/sysrq-trigger writes fail',
    phase: 'parallel',
    async run(ctx) {
        const r = await attempts(ctx, [
            ...PROC_SYS.map((f) => `if v=$(cat ${sh(f)} 2>/dev/null) && (printf '%s\\n' "$v" > ${sh(f)}) 2>/dev/null; then echo "WROTE ${f}"; fi`),
            // 'h' only prints sysrq help to the kernel log if the write were ever allowed.
            `if (printf h > /proc/sysrq-trigger) 2>/dev/null; then echo "WROTE /proc/sysrq-trigger"; fi`
        ], 'the write attempts');
        if (isOutcome(r))
            return r;
        const wrote = tagged(r.stdout, 'WROTE');
        if (wrote.length)
            return fail(`writable: ${list(wrote)}`);
        return pass(`writes refused: ${PROC_SYS.length} /proc/sys files and /proc/sysrq-trigger`);
    }
};
const SYSCALLS = `
import ctypes, errno, os, socket
def report(name, ok, why=''):
    print(('ALLOWED ' if ok else 'DENIED ') + name + (' ' + why if why else ''))
try:
    os.setresuid(0, 0, 0); report('setresuid(0)', True)
except OSError as e: report('setresuid(0)', False, errno.errorcode.get(e.errno, ''))
try:
    os.setresgid(0, 0, 0); report('setresgid(0)', True)
except OSError as e: report('setresgid(0)', False, errno.errorcode.get(e.errno, ''))
for fam, kind, proto, name in [(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP, 'raw inet socket'), (getattr(socket, 'AF_PACKET', 17), socket.SOCK_RAW, 0, 'packet socket')]:
    try:
        socket.socket(fam, kind, proto).close(); report(name, True)
    except OSError as e: report(name, False, errno.errorcode.get(e.errno, ''))
`;
const GVISOR_USERNS = 'unshare user namespace';
const privilegedOpsProbe = {
    id: 'privileged-ops',
    number: 10,
    title: 'mount, unshare, setresuid to root, chown to root, mknod, raw sockets, hostname are denied',
    phase: 'parallel',
    async run(ctx) {
        const d = `${ctx.scratch}/privileged`;
        const attempt = (name, cmd) => `if (${cmd}) >/dev/null 2>&1; then echo "ALLOWED ${name}"; else echo "DENIED ${name}"; fi`;
        const r = await attempts(ctx, [
            `mkdir -p ${sh(d)} && : > ${sh(`${d}/file`)} && mkdir -p ${sh(`${d}/mnt`)}`,
            attempt('mount tmpfs', `mount -t tmpfs none ${sh(`${d}/mnt`)}`),
            `umount ${sh(`${d}/mnt`)} 2>/dev/null`,
            attempt('unshare user namespace', 'unshare -U true'),
            attempt('unshare user+mount namespace as root', 'unshare -Urm true'),
            attempt('unshare network namespace', 'unshare -n true'),
            attempt('setpriv to uid 0', 'setpriv --reuid=0 --regid=0 --clear-groups true'),
            // A file of our own, handed to root: allowed only with CAP_CHOWN (or when already root).
            // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
            attempt('chown to root', `chown 0:0 ${sh(`${d}/file`)} && [ -n "$(find ${sh(`${d}/file`)} -maxdepth 0 -user 0)" ]`),
            attempt('mknod', `mknod ${sh(`${d}/null`)} c 1 3`),
            attempt('hostname', 'hostname massgen-isolation-probe'),
            `command -v python3 >/dev/null && ${python(SYSCALLS)}`,
            `rm -rf ${sh(d)} 2>/dev/null`
        ], 'the attempts');
        if (isOutcome(r))
            return r;
        let allowed = tagged(r.stdout, 'ALLOWED');
        const denied = tagged(r.stdout, 'DENIED');
        const notes = [];
        if (ctx.runtime.gvisor && allowed.includes(GVISOR_USERNS)) {
            // gVisor implements user namespaces itself, inside the sandbox: no host privilege comes
            // with one (mounting, root and the rest are still refused, as checked here).
            allowed = allowed.filter((a) => a !== GVISOR_USERNS);
            notes.push(`${GVISOR_USERNS} allowed: gVisor's own user namespaces, inside the sandbox`);
        }
        if (allowed.length)
            return fail(`allowed: ${list(allowed)}`);
        return pass(`denied: ${denied.length} attempts (${list(denied, 12)})${notes.length ? `; ${notes.join('; ')}` : ''}`);
    }
};
const PTRACE = `
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
me = os.getuid()
targets = []
for p in os.listdir('/proc'):
    if not p.isdigit() or int(p) == os.getpid():
        continue
    try:
        uid = os.stat('/proc/' + p).st_uid
    except OSError:
        continue
    if uid != me:
        targets.append((int(p), uid))
print('TARGETS', len(targets))
for pid, uid in targets[:4]:
    r = libc.ptrace(16, pid, None, None)  # PTRACE_ATTACH
    if r == 0:
        os.waitpid(pid, 0)
        libc.ptrace(17, pid, None, None)  # PTRACE_DETACH
        print('ATTACHED', pid, uid)
    else:
        print('DENIED', pid, uid, errno.errorcode.get(ctypes.get_errno(), ''))
    for f in ('environ', 'mem'):
        try:
            with open('/proc/%d/%s' % (pid, f), 'rb') as fh:
                fh.read(1)
            print('READ', pid, f)
        except OSError:
            pass
`;
const ptraceProbe = {
    id: 'ptrace',
    number: 11,
    title: 'ptrace of a process of another uid is denied',
    phase: 'parallel',
    async run(ctx) {
        const r = await ctx.agentExec(`command -v python3 >/dev/null || { echo NOPYTHON; exit 0; }\n${python(PTRACE)}`);
        if (r.stdout.includes('NOPYTHON'))
            return skip(NO_PYTHON);
        const targets = Number(tagged(r.stdout, 'TARGETS')[0] ?? NaN);
        if (!Number.isFinite(targets))
            return fail(`the attempt did not run (exit ${r.exitCode})`);
        if (targets === 0)
            return skip('no process of another uid is visible in the container to attach to');
        const attached = tagged(r.stdout, 'ATTACHED');
        let read = tagged(r.stdout, 'READ');
        // gVisor's procfs lets any uid read another's environ (not mem). What it holds is the
        // container's Env, which the agent has anyway (probe 14 checks no secret is in it): a warning.
        const environ = ctx.runtime.gvisor ? read.filter((x) => x.endsWith(' environ')) : [];
        read = read.filter((x) => !environ.includes(x));
        if (attached.length || read.length)
            return fail([attached.length && `attached to ${list(attached)}`, read.length && `read ${list(read)}`]
                .filter(Boolean)
                .join('; '));
        const denied = tagged(r.stdout, 'DENIED').length;
        if (environ.length)
            return pass(`PTRACE_ATTACH and /proc/<pid>/mem denied for ${denied} process(es) of other uids; warn: gVisor lets other uids read /proc/<pid>/environ (${list(environ, 3)}): the container's Env, nothing the agent lacks`);
        return pass(`PTRACE_ATTACH and /proc/<pid>/environ|mem denied for ${denied} process(es) of other uids`);
    }
};
// A setuid-root binary waiting on its stdin shows its effective uid in /proc/<pid>/status.
const SETUID = `
echo "NNP $(awk '/^NoNewPrivs:/{print $2}' /proc/self/status)"
echo "UID $(id -u)"
if command -v sudo >/dev/null; then echo "SUDO $(sudo -n id -u 2>/dev/null || echo denied)"; fi
for b in chfn chsh passwd su; do
  p=$(command -v $b) || continue
  [ -u "$p" ] || continue
  ( sleep 3.217 </dev/null 2>/dev/null | "$p" >/dev/null 2>&1 & )
  sleep 0.7
  # -U: the real uid; a setuid binary that worked has another effective uid.
  for pid in $(pgrep -U "$(id -u)" -x $b); do
    echo "EUID $b $(awk '/^Uid:/{print $3}' /proc/$pid/status)"
  done
  pkill -U "$(id -u)" -x $b 2>/dev/null
  pkill -U "$(id -u)" -f '^sleep 3[.]217$' 2>/dev/null
  break
done
echo DONE
`;
const setuidProbe = {
    id: 'setuid-sudo',
    number: 12,
    title: 'setuid binaries and sudo give no root when the sudo variant is off',
    phase: 'parallel',
    async run(ctx) {
        if (ctx.config.enableSudo)
            return skip('the sudo variant is on: sudo gives root by design (see probe 1 for its capabilities)');
        const r = await ctx.agentExec(SETUID, { timeoutMs: 30_000 });
        if (!r.stdout.includes('DONE'))
            return fail(`the attempts did not complete (exit ${r.exitCode})`);
        const problems = [];
        if (tagged(r.stdout, 'UID')[0] === '0')
            problems.push('the agent already runs as root');
        const sudo = tagged(r.stdout, 'SUDO')[0];
        if (sudo === '0')
            problems.push('sudo -n gives uid 0');
        const euids = tagged(r.stdout, 'EUID');
        const rooted = euids.filter((l) => l.endsWith(' 0'));
        if (rooted.length)
            problems.push(`setuid binary ran with euid 0 (${rooted.map((l) => l.split(' ')[0]).join(', ')})`);
        // gVisor's /proc/self/status has no NoNewPrivs line; no_new_privs is always set there.
        const nnp = tagged(r.stdout, 'NNP')[0] || (ctx.runtime.gvisor ? '(no line: always on in gVisor)' : '?');
        if (problems.length)
            return fail(`${list(problems)}; NoNewPrivs ${nnp}`);
        const seen = euids.length
            ? `setuid ${euids[0].split(' ')[0]} ran with euid ${euids[0].split(' ')[1]}`
            : 'no setuid binary observed running';
        return pass(`NoNewPrivs ${nnp}; ${seen}; ${sudo === undefined ? 'no sudo in the image' : 'sudo -n refused'}`);
    }
};
const KEYCTL = `
import ctypes, errno, platform
nr = {'x86_64': 250, 'aarch64': 219}.get(platform.machine())
if nr is None:
    print('KEYCTL unknown-arch')
else:
    libc = ctypes.CDLL(None, use_errno=True)
    r = libc.syscall(nr, 0, -3, 0)  # keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING)
    print('KEYCTL', 'allowed' if r >= 0 else errno.errorcode.get(ctypes.get_errno(), 'error'))
`;
const seccompProbe = {
    id: 'seccomp',
    number: 13,
    title: 'seccomp is active',
    phase: 'parallel',
    async run(ctx) {
        const r = await ctx.agentExec(`echo "MODE $(awk '/^Seccomp:/{print $2}' /proc/self/status)"\n` +
            `dmesg 2>/dev/null | grep -q 'Starting gVisor' && echo "KERNEL gvisor"\n` +
            `command -v python3 >/dev/null && ${python(KEYCTL)}\necho DONE`);
        if (!r.stdout.includes('DONE'))
            return fail(`the check did not complete (exit ${r.exitCode})`);
        const mode = tagged(r.stdout, 'MODE')[0];
        const keyctl = tagged(r.stdout, 'KEYCTL')[0];
        const problems = [];
        if (ctx.runtime.gvisor) {
            // The OCI profile is not applied inside gVisor: the agent's system calls end in gVisor's
            // kernel (the sentry), which runs under its own seccomp filter on the host.
            if (!tagged(r.stdout, 'KERNEL').includes('gvisor'))
                problems.push("the runtime is gVisor but gVisor's kernel does not answer (see probe 27)");
            if (keyctl === 'allowed')
                problems.push('keyctl is allowed');
            if (problems.length)
                return fail(list(problems));
            return pass(`gVisor: the agent's system calls are answered by gVisor's kernel, which runs under its own host seccomp filter (Seccomp mode ${mode || 'unknown'} inside); keyctl ${keyctl ?? 'not tried (no python3)'}`);
        }
        if (mode !== '2')
            problems.push(`Seccomp mode ${mode || 'unknown'} (2 = filter)`);
        if (keyctl === 'allowed')
            problems.push('keyctl (blocked by the default profile) is allowed');
        if (problems.length)
            return fail(list(problems));
        return pass(`Seccomp filter mode; keyctl ${keyctl ?? 'not tried (no python3)'}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/processes.ts
// The agent's processes as a probe sees them after a kill: listed as root inside the container the
// way the session lists them where the engine cannot, and judged by the session's own rule (a
// zombie waiting for the init to reap it, or the init itself, is not a survivor), so that a probe
// and the kill it checks agree on what "left" means. (pgrep counted zombies: CI once failed probe
// 15 on a reap in flight.)

/** The agent's live processes (`pid args` each), or why they could not be listed. */
async function agentProcesses(ctx) {
    const r = await ctx
        .rootExec([...docker.PROCESS_LISTING])
        .catch((e) => ({ exitCode: -1, stdout: '', stderr: e.message }));
    if (r.exitCode !== 0)
        return { error: `could not list processes: ${r.stderr.slice(0, 120)}` };
    return {
        processes: (0,docker.parseProcessListing)(r.stdout)
            .filter((p) => (0,docker.isAgentSurvivor)(p, ctx.uid, false))
            .map((p) => `${p.pid} ${p.args}`)
    };
}

;// CONCATENATED MODULE: ./src/isolation/probes/lifecycle.ts
// Probes 15 and 16: a step that overruns its timeout leaves nothing of the agent running, and a
// step that floods its output is capped — both through the session, as a real step is.



const TIMEOUT_MS = 1500;
// Chains of processes that fork a child and exit at once (pids keep changing), holding the step's
// output open; bounded (32 chains) so that it cannot hurt a runner without a pids limit.
const HOPPING_BOMB = `
import os, time
for _ in range(32):
    if os.fork() == 0:
        while True:
            if os.fork() != 0:
                os._exit(0)
            time.sleep(0.01)
print('launched', flush=True)
`;
const CASES = [
    { name: 'sleep', command: 'sleep 600' },
    { name: 'setsid child', command: 'setsid sh -c "sleep 600" & sleep 600' },
    {
        name: 'nohup child with closed output',
        command: 'nohup sleep 600 >/dev/null 2>&1 </dev/null & sleep 600'
    },
    { name: 'fork bomb that returns', command: python(HOPPING_BOMB) }
];
async function leftovers(ctx) {
    const listing = await agentProcesses(ctx);
    if ('error' in listing)
        return listing.error;
    return listing.processes.length ? listing.processes.slice(0, 3).join(' | ') : undefined;
}
const timeoutsProbe = {
    id: 'timeouts',
    number: 15,
    title: 'timeouts leave no process of the agent (sleep, setsid child, fork bomb that returns)',
    phase: 'disruptive',
    async run(ctx) {
        const before = await leftovers(ctx);
        if (before)
            return fail(`processes of uid ${ctx.uid} before the probe: ${before}`);
        const problems = [];
        const notes = [];
        const cases = [...CASES];
        if (ctx.config.enableSudo)
            cases.push({ name: 'sudo child', command: 'sudo -n setsid sleep 600 & sleep 600' });
        for (const c of cases) {
            const r = await ctx.agentExec(c.command, { timeoutMs: TIMEOUT_MS });
            if (!r.timedOut) {
                problems.push(`${c.name}: did not time out (exit ${r.exitCode})`);
                continue;
            }
            if (r.note)
                notes.push(`${c.name}: ${r.note}`);
            const left = await leftovers(ctx);
            // The sudo child runs as root, outside the agent's uid: look for it by name.
            const rootLeft = c.name === 'sudo child'
                ? await ctx.rootExec(['/usr/bin/pgrep', '-f', 'sleep 600'])
                : undefined;
            if (left)
                problems.push(`${c.name}: left ${left}`);
            else if (rootLeft && rootLeft.exitCode === 0)
                problems.push(`${c.name}: a root process started through sudo survived the timeout`);
        }
        if (problems.length)
            return fail(list(problems));
        return pass(`${cases.length} overrunning steps timed out after ${TIMEOUT_MS} ms and left no process of uid ${ctx.uid}${notes.length ? ` (${list(notes, 2)})` : ''}`);
    }
};
/** Floods bigger than this are not produced; a cap at or above it is not a cap worth the name. */
const MAX_FLOOD = 64 * 1024 * 1024;
const outputFloodProbe = {
    id: 'output-flood',
    number: 16,
    title: 'output floods are capped',
    phase: 'disruptive',
    async run(ctx) {
        const cap = ctx.agent.maxOutputBytes;
        const flood = Math.min(cap * 2 + 1024 * 1024, MAX_FLOOD);
        const r = await ctx.agentExec(`head -c ${flood} /dev/zero | tr '\\0' x; head -c ${flood} /dev/zero | tr '\\0' y >&2; echo`, { timeoutMs: 120_000, maxOutputBytes: cap });
        // OutputCap keeps head and tail plus a marker line; allow for the marker.
        const slack = 4096;
        const kept = Math.max(Buffer.byteLength(r.stdout), Buffer.byteLength(r.stderr));
        const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
        if (kept > cap + slack || !r.truncated)
            return fail(`a ${mib(flood)} flood on each stream kept ${mib(kept)}${r.truncated ? '' : ' (not truncated)'}; output cap ${mib(cap)}`);
        return pass(`a ${mib(flood)} flood on stdout and stderr kept ${mib(kept)} each at most (cap ${mib(cap)}), marked truncated`);
    }
};
/** Host-side: live processes whose argv is exactly `argv`. */
async function processesWithArgv(argv) {
    const found = [];
    for (const e of await (0,promises_.readdir)('/proc').catch(() => [])) {
        const pid = Number(e);
        if (!Number.isInteger(pid))
            continue;
        const cmd = await (0,promises_.readFile)(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        if (cmd.split('\0').filter(Boolean).join(' ') !== argv)
            continue;
        const stat = await (0,promises_.readFile)(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        if (stat && !/^\S+ \(.*\) [ZX]/.test(stat))
            found.push(pid);
    }
    return found;
}
const srtTimeoutsProbe = {
    id: 'timeouts',
    number: 15,
    phase: 'parallel',
    title: 'timeouts leave no process (sleep, background, setsid and nohup children)',
    async run(ctx) {
        const tag = `${600 + (process.pid % 300)}.${Date.now() % 100000}`;
        const argv = `sleep ${tag}`;
        const cases = [
            { name: 'sleep', command: argv },
            { name: 'background and foreground', command: `${argv} & ${argv}` },
            { name: 'setsid child', command: `setsid ${argv} & ${argv}` },
            {
                name: 'nohup child with closed output',
                command: `nohup ${argv} >/dev/null 2>&1 </dev/null & ${argv}`
            }
        ];
        const problems = [];
        for (const c of cases) {
            const r = await ctx.agentExec(c.command, { timeoutMs: 1500 });
            if (!r.timedOut) {
                problems.push(`${c.name}: did not time out (exit ${r.exitCode})`);
                continue;
            }
            const left = await processesWithArgv(argv);
            if (left.length)
                problems.push(`${c.name}: ${left.length} process(es) left (pid ${left.join(', ')})`);
            if (r.note)
                problems.push(`${c.name}: ${r.note}`);
        }
        if (problems.length)
            return fail(list(problems));
        return pass(`${cases.length} overrunning steps timed out after 1500 ms and left no process on the host`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/harness.ts
// Probe 22: the harness cannot be hijacked through the agent's PATH. The agent plants executables
// named after every program the harness (or a careless one) runs — sh, pgrep, kill, cat, … — in
// each directory of the container's PATH it can write (the image puts its own venv first), lets a
// step time out, and checks that none of them ran as root, that the step was reported as a timeout
// and that no process of the agent survived it. The shims then go again.


/** What a harness runs, or might: a shim of each name is planted. */
const SHIM_NAMES = [
    'sh',
    'bash',
    'kill',
    'pkill',
    'pgrep',
    'ps',
    'cat',
    'mkdir',
    'dirname',
    'tail',
    'head',
    'env',
    'timeout',
    'python3',
    'pip',
    'npm',
    'sudo',
    'apt-get'
];
const harness_TIMEOUT_MS = 1500;
/**
 * A shim logs its name and uid, and does nothing else: a planted `sh` swallows the harness's
 * kill, a planted `pgrep` reports that nothing is left.
 */
function shim(name, log) {
    return [
        '#!/bin/sh',
        `echo "${name} $(/usr/bin/id -u)" >> ${sh(log)}`,
        `[ "$(/usr/bin/id -u)" = 0 ] && : > /etc/massgen-shim-ran-as-root 2>/dev/null`,
        name === 'pgrep' ? 'echo 0' : ':',
        'exit 0',
        ''
    ].join('\n');
}
async function plant(ctx, log) {
    const script = [
        `: > ${sh(log)} && chmod 666 ${sh(log)}`,
        'IFS=:',
        // Root-owned system directories are left alone: an agent that can write there is root already
        // (probe 1 says so), and a shim there would replace the system's own programs.
        // find, not stat: coreutils' stat uses a statx flag old gVisor releases refuse.
        'for d in $PATH; do [ -d "$d" ] && [ -w "$d" ] && [ -z "$(find "$d" -maxdepth 0 -user 0)" ] && echo "DIR $d"; done'
    ].join('\n');
    const r = await ctx.agentExec(script);
    const dirs = tagged(r.stdout, 'DIR');
    for (const dir of dirs) {
        const writes = SHIM_NAMES.map((name) => `printf '%s' ${sh(shim(name, log))} > ${sh(`${dir}/${name}`)} && chmod 755 ${sh(`${dir}/${name}`)}`);
        // A shim must not replace what was there for good: the originals are kept aside.
        const keep = SHIM_NAMES.map((name) => `[ -e ${sh(`${dir}/${name}`)} ] && mv ${sh(`${dir}/${name}`)} ${sh(`${dir}/.massgen-kept-${name}`)}`);
        await ctx.agentExec([...keep, ...writes].join('; ') + '; true');
    }
    return dirs;
}
async function remove(ctx, dirs) {
    for (const dir of dirs) {
        const undo = SHIM_NAMES.map((name) => `/bin/rm -f ${sh(`${dir}/${name}`)}; [ -e ${sh(`${dir}/.massgen-kept-${name}`)} ] && /bin/mv ${sh(`${dir}/.massgen-kept-${name}`)} ${sh(`${dir}/${name}`)}`);
        await ctx.agentExec(undo.join('; ') + '; true').catch(() => undefined);
    }
}
const harnessShimsProbe = {
    id: 'harness-shims',
    number: 22,
    title: "the harness runs nothing from the agent's PATH: shims never run as root, timeouts still kill",
    phase: 'disruptive',
    async run(ctx) {
        const log = `${ctx.scratch}/shims.log`;
        await ctx.agentExec(`chmod 777 ${sh(ctx.scratch)}`);
        const dirs = await plant(ctx, log);
        if (!dirs.length)
            return pass("no directory on the container's PATH is the agent's to write: nothing could be planted");
        try {
            const r = await ctx.agentExec('/bin/sleep 600 & /bin/sleep 600', { timeoutMs: harness_TIMEOUT_MS });
            const ran = await ctx.rootExec(['/bin/cat', log]);
            const lines = ran.stdout.split('\n').filter(Boolean);
            const asRoot = lines.filter((l) => l.endsWith(' 0')).map((l) => l.split(' ')[0]);
            const listing = await agentProcesses(ctx);
            const left = 'error' in listing ? [listing.error] : listing.processes;
            const problems = [];
            if (asRoot.length)
                problems.push(`shims ran as root: ${list([...new Set(asRoot)])}`);
            if (!r.timedOut)
                problems.push(`the step was not reported as timed out (exit ${r.exitCode})`);
            if (left.length)
                problems.push(`left after the timeout: ${list(left, 3)}`);
            if (problems.length)
                return fail(list(problems));
            const byAgent = [...new Set(lines.map((l) => l.split(' ')[0]))];
            return pass(`${SHIM_NAMES.length} shims in ${list(dirs)}; a step timed out, nothing survived, no shim ran as root` +
                (byAgent.length ? ` (ran as the agent only: ${list(byAgent)})` : ' (none ran)'));
        }
        finally {
            await remove(ctx, dirs);
        }
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/network.ts
// Probes 4 and 5: the network the agent has, and whether it can reach the engine.


/** `0100007F:0C38` (and the IPv6 form) from /proc/net/tcp* → `127.0.0.1:3128`. */
function procNetAddress(hex) {
    const [addr, port] = hex.split(':');
    const p = parseInt(port, 16);
    if (addr.length === 8) {
        const b = Buffer.from(addr, 'hex');
        return `${b[3]}.${b[2]}.${b[1]}.${b[0]}:${p}`;
    }
    // Four little-endian 32-bit words.
    const words = (addr.match(/.{8}/g) ?? []).map((w) => Buffer.from(w, 'hex').reverse());
    const b = Buffer.concat(words);
    const groups = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(i * 2).toString(16));
    // The URL parser writes an IPv6 address in its canonical, compressed form.
    return `${new URL(`http://[${groups.join(':')}]/`).hostname}:${p}`;
}
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]+\]):/;
/**
 * Dials from inside: `tcp <port> <host>...` prints what a host listener says (REACHED) or why not
 * (REFUSED); `unix <path>...` asks each socket for the engine's /_ping (ANSWERED, NOANSWER).
 */
const DIAL = `
import socket, sys
mode, rest = sys.argv[1], sys.argv[2:]
tcp = mode == 'tcp'
for target in (rest[1:] if tcp else rest):
    s = socket.socket(socket.AF_INET if tcp else socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(2 if tcp else 3)
    try:
        s.connect((target, int(rest[0])) if tcp else target)
        if tcp:
            print('REACHED', target, s.recv(64).decode(errors='replace').strip())
        else:
            s.sendall(b'GET /_ping HTTP/1.0\\r\\nHost: docker\\r\\n\\r\\n')
            print('ANSWERED', target, s.recv(64).split(b'\\r\\n')[0].decode(errors='replace'))
    except OSError as e:
        print('REFUSED' if tcp else 'NOANSWER', target, e.__class__.__name__)
    finally:
        s.close()
`;
const networkProbe = {
    id: 'network',
    number: 4,
    title: 'network none: only lo (with egress, and the relay on it), no DNS, no TCP to a host listener',
    phase: 'parallel',
    async run(ctx) {
        const { port, addresses } = ctx.host.listener;
        const r = await attempts(ctx, [
            // /proc/net/dev, not /sys/class/net: gVisor's sysfs has no class/net.
            "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sed 's/^/IF /'",
            'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
            'if command -v python3 >/dev/null; then',
            python(DIAL, ['tcp', String(port), ...addresses]),
            'else',
            ...addresses.map((a) => `  if timeout 3 bash -c ${sh(`exec 3<>/dev/tcp/${a}/${port}`)} 2>/dev/null; then echo "REACHED ${a}"; else echo "REFUSED ${a}"; fi`),
            'fi',
            `for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] && awk 'NR>1 && $4=="0A" {print "LISTEN", $2, $8}' "$f"; done`
        ], 'the network attempts', 60_000);
        if (isOutcome(r))
            return r;
        const ifaces = tagged(r.stdout, 'IF');
        const problems = [];
        const extra = ifaces.filter((i) => i !== 'lo');
        if (extra.length)
            problems.push(`interfaces ${extra.join(', ')}`);
        if (tagged(r.stdout, 'DNS').length)
            problems.push('DNS resolves');
        const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0]);
        if (reached.length)
            problems.push(`reached the host listener on ${list(reached)}:${port}`);
        const listening = tagged(r.stdout, 'LISTEN').map((l) => {
            const [addr, uid] = l.split(/\s+/);
            return { at: procNetAddress(addr), uid: Number(uid) };
        });
        // With egress, the relay is the one way out: on loopback only, and not the agent's process.
        const relay = listening.filter((l) => l.at.endsWith(`:${egress/* RELAY_PORT */.Co}`));
        if (ctx.egress) {
            if (!relay.length)
                problems.push(`no egress relay listens on port ${egress/* RELAY_PORT */.Co}`);
            for (const l of relay) {
                if (!LOOPBACK.test(l.at))
                    problems.push(`the egress relay listens on ${l.at}, not loopback`);
                if (l.uid === ctx.uid)
                    problems.push(`the egress relay runs as the agent's uid ${l.uid}`);
            }
        }
        if (problems.length)
            return fail(list(problems));
        const listeners = listening.length
            ? `; listening: ${list(listening.map((l) => `${l.at} (uid ${l.uid}${ctx.egress && relay.includes(l) ? ', egress relay' : ''})`))}`
            : '';
        return pass(`interfaces: ${ifaces.join(', ') || 'none'}; DNS fails; TCP to the host listener refused on ${addresses.length} address(es)${listeners}`);
    }
};
const SOCKETS = [
    '/var/run/docker.sock',
    '/run/docker.sock',
    '/run/containerd/containerd.sock',
    '/var/run/containerd/containerd.sock',
    '/run/podman/podman.sock',
    '/run/user/1000/docker.sock'
];
const dockerSocketProbe = {
    id: 'docker-socket',
    number: 5,
    title: 'no Docker socket, no DOCKER_HOST',
    phase: 'parallel',
    async run(ctx) {
        const r = await attempts(ctx, [
            `for p in ${SOCKETS.map(sh).join(' ')}; do [ -e "$p" ] && echo "SOCK $p"; done`,
            // Any socket bind-mounted anywhere (the mount point itself is the socket).
            `awk '{print $5}' /proc/self/mountinfo | while read -r m; do [ -S "$m" ] && echo "SOCK $m"; done`,
            '[ -n "${DOCKER_HOST:-}" ] && echo "ENV DOCKER_HOST"'
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const socks = [...new Set(tagged(r.stdout, 'SOCK'))];
        const info = await ctx.inspect();
        const envHost = tagged(r.stdout, 'ENV').length > 0 ||
            (info.Config.Env ?? []).some((e) => e.startsWith('DOCKER_HOST='));
        const problems = [];
        if (socks.length) {
            const ping = await ctx.agentExec(`command -v python3 >/dev/null && ${python(DIAL, ['unix', ...socks])}`);
            const answered = tagged(ping.stdout, 'ANSWERED');
            problems.push(`socket(s) present: ${list(socks)}${answered.length ? `; the engine answered: ${list(answered)}` : ' (not answering this uid, but present)'}`);
        }
        if (envHost)
            problems.push('DOCKER_HOST is set in the container');
        if (problems.length)
            return fail(list(problems));
        return pass(`no engine socket at ${SOCKETS.length} known paths or among the mounts; DOCKER_HOST unset`);
    }
};
/** A name no allowlist may list: what probe 4 asks the proxy for. */
const DENIED_NAME = 'denied.massgen-isolation.test';
const srtNetworkProbe = {
    id: 'network',
    number: 4,
    phase: 'parallel',
    title: 'no network of its own: only lo, no DNS, no TCP to a host listener; the proxy refuses a name no list allows',
    async run(ctx) {
        const { port, addresses } = ctx.host.listener;
        const targets = ['127.0.0.1', ...addresses];
        const r = await attempts(ctx, [
            // /proc/net is the step's own network namespace (/sys/class/net is the host's sysfs).
            `tail -n +3 /proc/net/dev | while IFS=: read -r i _; do echo "IF $(echo $i)"; done`,
            'if timeout 5 getent hosts github.com >/dev/null 2>&1; then echo "DNS resolved github.com"; fi',
            python(DIAL, ['tcp', String(port), ...targets]),
            // Through the proxy the sandbox is given: a name no allowlist may list.
            `code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' http://${DENIED_NAME}/ 2>/dev/null); echo "PROXY $code"`
        ], 'the network attempts', 60_000);
        if (isOutcome(r))
            return r;
        const problems = [];
        const extra = tagged(r.stdout, 'IF').filter((i) => i !== 'lo');
        if (extra.length)
            problems.push(`interfaces ${extra.join(', ')}`);
        if (tagged(r.stdout, 'DNS').length)
            problems.push('DNS resolves');
        const reached = tagged(r.stdout, 'REACHED').map((l) => l.split(' ')[0]);
        if (reached.length)
            problems.push(`reached the host listener on ${list(reached)}:${port}`);
        if (!tagged(r.stdout, 'REFUSED').length)
            problems.push('python3 could not attempt the connections');
        const proxy = tagged(r.stdout, 'PROXY')[0] ?? '';
        if (proxy !== '403')
            problems.push(`the proxy answered ${proxy || 'nothing'} for a name no rule allows (expected 403)`);
        if (problems.length)
            return fail(list(problems));
        return pass(`only lo; DNS fails; TCP to the host listener refused on ${targets.length} address(es); the proxy refuses an unlisted name (403)`);
    }
};
const UNIX = `
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
print('CREATED')
for p in ['/var/run/docker.sock', '/run/docker.sock', '/run/containerd/containerd.sock']:
    try:
        s.connect(p)
        print('CONNECTED', p)
        break
    except OSError:
        pass
`;
const srtUnixSocketsProbe = {
    id: 'unix-sockets',
    number: 5,
    phase: 'parallel',
    title: 'no Unix sockets (so no Docker or containerd socket), no DOCKER_HOST',
    async run(ctx) {
        const r = await ctx.agentExec([
            `{ ${python(UNIX)}
} 2>&1 | tail -n 3`,
            'echo "DOCKER_HOST=${DOCKER_HOST:-}"',
            'echo DONE'
        ].join('\n'));
        if (!r.stdout.includes('DONE'))
            return fail(`the checks did not complete (exit ${r.exitCode})`);
        const problems = [];
        if (r.stdout.includes('CREATED'))
            problems.push('an AF_UNIX socket could be created');
        problems.push(...tagged(r.stdout, 'CONNECTED').map((p) => `connected to ${p}`));
        if (!/DOCKER_HOST=\n/.test(r.stdout))
            problems.push('DOCKER_HOST is set');
        if (problems.length)
            return fail(list(problems));
        if (!/PermissionError|Operation not permitted/.test(r.stdout))
            return fail(`socket creation failed for another reason: ${r.stdout.slice(0, 200)}`);
        return pass('socket(AF_UNIX) refused (seccomp); DOCKER_HOST unset');
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/peers.ts
// Probe 19: agents cannot see each other's workspaces or processes. Every other container of the
// check (the config's other agents, or a throwaway started from this agent's plan) has a marker
// file in its workspace and a marker process; neither may be visible from here. The process is
// looked for with a pattern that does not match itself, so the looking shell is never a hit.


/** A line that echoes `said` when `file` (a peer's marker) can be read. */
const canRead = (file, said) => `if cat ${sh(file)} >/dev/null 2>&1; then echo "${said}"; fi`;
/** A line that echoes `said` when a process whose argv has `tag` is visible. */
const canSee = (tag, said) => `if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' ' ' | grep -q ${sh(tag.replace('.', '[.]'))}; then echo "${said}"; fi`;
const crossAgentProbe = {
    id: 'cross-agent',
    number: 19,
    title: "agents cannot see each other's workspaces or processes",
    phase: 'parallel',
    async run(ctx) {
        if (!ctx.peers.length)
            return skip('no other container to look for');
        const r = await attempts(ctx, [
            ...ctx.peers.map((p) => canRead(p.markerFile, `SEEN workspace of ${p.id}`)),
            ...ctx.peers.map((p) => canSee(p.processTag, `SEEN a process of ${p.id}`)),
            'set -- /proc/[0-9]*; echo "PIDS $#"'
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const seen = r.stdout
            .split('\n')
            .filter((l) => l.startsWith('SEEN '))
            .map((l) => l.slice(5));
        if (seen.length)
            return fail(`visible: ${list(seen)}`);
        const names = ctx.peers.map((p) => p.fromConfig ? p.id : `${p.id} (throwaway from this agent's plan)`);
        return pass(`workspace marker and marker process of ${list(names)} invisible`);
    }
};
const srtCrossAgentProbe = {
    id: 'cross-agent',
    number: 19,
    phase: 'parallel',
    title: "agents cannot write each other's workspaces nor see their processes (nor read them in strict)",
    async run(ctx) {
        if (!ctx.peers.length)
            return skip('no other srt agent to look for');
        const r = await attempts(ctx, [
            ...ctx.peers.map((p) => `if (echo x >> ${sh(p.markerFile)}) 2>/dev/null; then echo "WROTE workspace of ${p.id}"; fi`),
            ...ctx.peers.map((p) => canRead(p.markerFile, `READ workspace of ${p.id}`)),
            ...ctx.peers.map((p) => canSee(p.processArgv, `SAW a process of ${p.id}`))
        ], 'the checks');
        if (isOutcome(r))
            return r;
        const problems = [...tagged(r.stdout, 'WROTE'), ...tagged(r.stdout, 'SAW')];
        const read = tagged(r.stdout, 'READ');
        // Only strict hides other agents' workspaces outright; confined hides those under $HOME.
        const mustHide = ctx.peers.filter((p) => ctx.srt.readMode === 'strict' ||
            (ctx.srt.readMode === 'confined' &&
                p.workspace !== ctx.host.home &&
                (0,paths/* isInside */.F)(p.workspace, ctx.host.home)));
        problems.push(...read.filter((l) => mustHide.some((p) => l.endsWith(` ${p.id}`))));
        if (problems.length)
            return fail(list(problems));
        const readable = read.length ? `; readable (read_mode ${ctx.srt.readMode}): ${list(read)}` : '';
        return pass(`${ctx.peers.length} peer(s): workspace not writable, processes invisible${readable}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/resources.ts
// Probes 6, 7 and 8: the limits that keep one agent from exhausting the runner — a fork bomb, a
// memory bomb, a CPU hog. Each is real and bounded, so a missing limit fails the probe without
// taking the runner down.



/** The most processes the fork bomb creates when no limit stops it first. */
const MAX_BOMB = MAX_PIDS_LIMIT;
const BOMB_TIMEOUT_MS = 6_000;
/** gVisor on ptrace spawns ~100 processes a second: the bomb needs longer to reach the limit. */
const GVISOR_BOMB_TIMEOUT_MS = 60_000;
// Spawns sleeps until that fails (or `target` of them), then holds on, as a bomb would, until the
// step's timeout kills every process of the agent. posix_spawn (vfork) keeps each child small.
const BOMB = `
import errno, os, sys, time
target = int(sys.argv[1])
null = os.open('/dev/null', os.O_RDWR)
made, err = 0, ''
quiet = [(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)]
while made < target:
    try:
        os.posix_spawn('/bin/sleep', ['sleep', '300'], {}, file_actions=quiet)
    except OSError as e:
        err = errno.errorcode.get(e.errno, str(e.errno))
        break
    made += 1
    if made % 256 == 0:
        print('FORKS', made, flush=True)
print('BOMB', made, err or 'none', flush=True)
time.sleep(600)
`;
/** Whether python3 is in the image (undefined when the check itself could not run). */
async function hasPython(ctx) {
    const r = await ctx.agentExec('if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi');
    const v = tagged(r.stdout, 'PY')[0];
    return v === undefined ? undefined : v === 'yes';
}
/** Ends every process of the agent the way a step timeout does (the session's own kill). */
async function killThroughTimeout(ctx) {
    const r = await ctx
        .agentExec('sleep 60', { timeoutMs: 300 })
        .catch((e) => ({ note: e.message }));
    return r.note;
}
/** The agent's live processes in the container, counted as root (undefined when that failed). */
async function countAgentProcesses(ctx) {
    const listing = await agentProcesses(ctx);
    return 'processes' in listing ? listing.processes.length : undefined;
}
const forkBombProbe = {
    id: 'fork-bomb',
    number: 6,
    title: "a fork bomb stops at the pids limit, another agent's container keeps working, processes return to baseline",
    phase: 'exclusive',
    async run(ctx) {
        const py = await hasPython(ctx);
        if (py === false)
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail('could not run a command in the container before the bomb');
        const info = await ctx.inspect();
        const limit = info.HostConfig.PidsLimit ?? 0;
        const target = limit > 0 ? Math.min(limit + 64, MAX_BOMB) : MAX_BOMB;
        const baseline = await countAgentProcesses(ctx);
        const peer = ctx.peers[0];
        let line;
        let sawLine;
        const started = new Promise((resolve) => (sawLine = resolve));
        let buffer = '';
        const gvisor = ctx.runtime.gvisor;
        const bomb = ctx.session.exec({
            command: python(BOMB, [String(target)]),
            cwd: ctx.agent.workspace,
            env: {},
            timeoutMs: gvisor ? GVISOR_BOMB_TIMEOUT_MS : BOMB_TIMEOUT_MS,
            maxOutputBytes: 64 * 1024,
            onOutput: (stream, chunk) => {
                if (stream !== 'stdout')
                    return;
                buffer += chunk.toString();
                // Only a whole line: a chunk can end in the middle of it.
                const m = /^BOMB \d+ \S+\n/m.exec(buffer);
                if (m && line === undefined) {
                    line = m[0].trim();
                    sawLine();
                }
            }
        });
        await Promise.race([started, bomb]);
        // Without a peer (none could be started) the bomb is still checked; the detail says so.
        let peerWorks = 'ok';
        if (peer) {
            const p = await peer.session
                .exec({
                command: 'echo alive',
                cwd: peer.plan.workspace,
                env: {},
                timeoutMs: 20_000,
                maxOutputBytes: 4096
            })
                .catch((e) => ({ exitCode: null, stdout: '', stderr: e.message, timedOut: false }));
            peerWorks =
                p.exitCode === 0 && p.stdout.includes('alive')
                    ? 'ok'
                    : `failed (${p.timedOut ? 'timed out' : `exit ${p.exitCode}`} ${p.stderr.slice(0, 120)})`;
        }
        const result = await bomb;
        line ??= /^BOMB \d+ \S+$/m.exec(result.stdout)?.[0];
        const after = await countAgentProcesses(ctx);
        const [made, err] = (line ?? 'BOMB ? ?').split(' ').slice(1);
        const problems = [];
        // Under gVisor the pids cgroup also counts the sandbox's own host threads, and going past it
        // ends the whole sandbox (no EAGAIN reaches the agent); at a small memory limit the OOM killer
        // may end it first. Either way the sandbox contained the bomb and the session started it
        // again: what is judged is that containment (the next step runs, the peer and the host are
        // unaffected, no process is left), not which limit ended it (issue 24).
        // On ptrace under load gVisor may spawn so slowly that neither limit is reached before the
        // step's timeout: the kill then ends the bomb, which is containment too.
        const sandboxEnded = gvisor &&
            (result.sandboxRestarted === true || result.oom === true || (result.timedOut && !line));
        let nextStep = '';
        if (sandboxEnded) {
            const next = await ctx.agentExec('echo alive').catch((e) => ({
                exitCode: null,
                stdout: '',
                note: e.message
            }));
            if (!next.stdout.includes('alive'))
                problems.push(`the agent's next step did not run after the sandbox ended (exit ${next.exitCode})`);
            else
                nextStep = `; the agent's next step ran${result.sandboxRestarted ? ' in the restarted sandbox' : ''}`;
        }
        else if (line === undefined) {
            const progress = tagged(buffer, 'FORKS').at(-1);
            const why = result.oom
                ? 'killed by the OOM killer'
                : result.timedOut
                    ? 'timed out'
                    : `exit ${result.exitCode}`;
            problems.push(progress
                ? `spawned at least ${progress} processes without hitting the pids limit (${limit || 'none'}) before the bomb ended (${why})`
                : `the bomb never reported (${why})`);
        }
        else if (err === 'none')
            problems.push(`spawned ${made} processes without hitting a limit (pids limit ${limit || 'none'})`);
        if (peerWorks !== 'ok')
            problems.push(`peer ${peer?.id ?? ''} ${peerWorks}`);
        if (after === undefined || baseline === undefined)
            problems.push('could not count the agent processes afterwards');
        else if (after > baseline)
            problems.push(`${after - baseline} process(es) of uid ${ctx.uid} left after the step ended`);
        const how = result.note ? ` (${result.note})` : '';
        if (problems.length) {
            // Leave the container usable for the probes after this one.
            if (after === undefined || baseline === undefined || after > baseline)
                await killThroughTimeout(ctx);
            return fail(`${list(problems)}${how}`);
        }
        const forks = `${tagged(buffer, 'FORKS').at(-1) ?? 'fewer than 256'}+ forks`;
        const stopped = !sandboxEnded
            ? `stopped by ${err} after ${made} forks (pids limit ${limit})`
            : result.timedOut && !result.sandboxRestarted && !result.oom
                ? `gVisor: the sandbox contained the bomb: it reached ${forks} in ${GVISOR_BOMB_TIMEOUT_MS / 1000} s without reaching the pids limit ${limit} or the memory limit, and the step's timeout ended it`
                : result.oom
                    ? `gVisor: the sandbox contained the bomb: the memory limit (OOM killer) ended it after ${forks}, before the pids limit ${limit}${result.sandboxRestarted ? ', and it was started again' : ''}`
                    : `gVisor: the sandbox ended at the pids limit ${limit} after ${forks} and was started again`;
        return pass(`${stopped}; ${peer ? `peer ${peer.id} kept working` : 'no peer container to check'}; back to ${after} process(es) of uid ${ctx.uid}${nextStep}${how}`);
    }
};
/** With no memory limit the bomb stops itself here (bytes). */
const UNLIMITED_BOMB = 1024 * 1024 * 1024;
const MEMORY = `
import sys
target = int(sys.argv[1])
chunk = 16 * 1024 * 1024
held = []
while len(held) * chunk < target:
    b = bytearray(chunk)
    for i in range(0, chunk, 4096):
        b[i] = 1
    held.append(b)
    print('HELD', len(held) * chunk, flush=True)
print('SURVIVED', len(held) * chunk, flush=True)
`;
const memoryBombProbe = {
    id: 'memory-bomb',
    number: 7,
    title: 'a memory bomb is reported as oom',
    phase: 'disruptive',
    async run(ctx) {
        const info = await ctx.inspect();
        const limit = info.HostConfig.Memory ?? 0;
        const target = limit > 0 ? limit + 128 * 1024 * 1024 : UNLIMITED_BOMB;
        const py = await hasPython(ctx);
        if (py === false)
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail('could not run a command in the container before the bomb');
        const r = await ctx.agentExec(python(MEMORY, [String(target)]), { timeoutMs: 120_000 });
        const held = tagged(r.stdout, 'HELD').at(-1) ?? '0';
        const mib = (n) => `${Math.round(n / 1024 / 1024)} MiB`;
        if (r.oom)
            return pass(`killed by the OOM killer after ${mib(Number(held))} (limit ${mib(limit)}); reported as oom`);
        if (tagged(r.stdout, 'SURVIVED').length)
            return fail(`allocated ${mib(target)} without being killed (memory limit ${limit > 0 ? mib(limit) : 'none'})`);
        return fail(`the bomb ended without an oom report: exit ${r.exitCode}${r.timedOut ? ', timed out' : ''} after ${mib(Number(held))}`);
    }
};
const CPU = `
import os, sys, time
n, seconds = int(sys.argv[1]), float(sys.argv[2])
start = time.time()
for _ in range(n):
    if os.fork() == 0:
        end = time.time() + seconds
        while time.time() < end:
            pass
        os._exit(0)
for _ in range(n):
    os.wait()
t = os.times()
print('CPU', t.children_user + t.children_system, time.time() - start, os.cpu_count())
`;
/** The container's cumulative CPU time on the host (engine stats) and when it was read. */
async function hostCpu(ctx) {
    const stats = await ctx.client.containerStats(ctx.container).catch(() => undefined);
    return stats?.cpuTotalNs === undefined ? undefined : { ns: stats.cpuTotalNs, at: Date.now() };
}
const cpuProbe = {
    id: 'cpu-quota',
    number: 8,
    title: 'CPU use stays within the quota',
    phase: 'exclusive',
    async run(ctx) {
        const info = await ctx.inspect();
        const h = info.HostConfig;
        const quota = (h.NanoCpus ?? 0) > 0
            ? h.NanoCpus / 1e9
            : (h.CpuQuota ?? 0) > 0
                ? h.CpuQuota / (h.CpuPeriod || 100_000)
                : undefined;
        const configured = ctx.config.cpus;
        const has = await ctx.agentExec('if command -v python3 >/dev/null; then echo PY yes; else echo PY no; fi; echo "CPUS $(nproc)"');
        const py = tagged(has.stdout, 'PY')[0];
        if (py === 'no')
            return skip(NO_PYTHON);
        if (py === undefined)
            return fail(`could not run a command in the container (exit ${has.exitCode})`);
        const cores = Number(tagged(has.stdout, 'CPUS')[0]) || 1;
        // What the config promises is what is checked; the container's own quota is in the detail.
        const limit = configured ?? quota;
        if (limit !== undefined && limit >= cores)
            return skip(`the CPU limit (${limit}) is not below this host's ${cores} CPU(s), so it cannot be exceeded here`);
        const workers = Math.min(cores, Math.ceil(limit ?? cores) + 1);
        // gVisor's per-process CPU times are its own account (inflated on ptrace): the host cgroup's,
        // as the engine's stats report it, is what the quota limits.
        // Measured around the whole step, which includes starting it: a longer hog dilutes that less.
        const hostBefore = ctx.runtime.gvisor ? await hostCpu(ctx) : undefined;
        const seconds = hostBefore ? '4' : '2';
        const r = await ctx.agentExec(python(CPU, [String(workers), seconds]), { timeoutMs: 60_000 });
        const hostAfter = hostBefore ? await hostCpu(ctx) : undefined;
        const [inside, hogWall] = (tagged(r.stdout, 'CPU')[0] ?? '').split(' ').map(Number);
        if (!(hogWall > 0))
            return fail(`the CPU hog did not report (exit ${r.exitCode})`);
        if (hostBefore && !hostAfter)
            return fail("could not read the container's CPU time from the engine");
        const [cpu, wall] = hostBefore && hostAfter
            ? [(hostAfter.ns - hostBefore.ns) / 1e9, (hostAfter.at - hostBefore.at) / 1000]
            : [inside, hogWall];
        const used = cpu / wall;
        const seen = `${workers} busy processes used ${used.toFixed(2)} CPUs over ${wall.toFixed(1)} s${hostBefore ? " (the container's host cgroup, from the engine's stats: gVisor's own accounting is not the quota's)" : ''}`;
        if (limit === undefined)
            return fail(`no CPU limit: ${seen}`);
        if (used > limit * 1.1 + 0.05)
            return fail(`${seen}, over the limit of ${limit}${quota === undefined ? ' (the container has no CPU quota)' : ''}`);
        return pass(`${seen}, within the limit of ${limit}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/runtime.ts
// Probe 27: the container runs under the runtime it should — by the engine's account (inspect's
// HostConfig.Runtime, the engine's default when unset) and by the kernel that answers an agent
// process (gVisor's own dmesg, or /proc/version naming the engine host's release). What "should"
// means comes from outside the config when the check is told (`--expect-runtime`, action input
// `expect-runtime`: a name, or `gvisor` for any gVisor runtime), so that a config that lost its
// `command_line_docker_runtime` key fails here; otherwise it is the config's own runtime.



/** `--expect-runtime gvisor`: any runtime the engine runs as gVisor. */
const ANY_GVISOR = 'gvisor';
const runtime_KERNEL_VIEW = [
    // gVisor answers syslog(2) for anyone with its own boot log; the host's kernel refuses uid 1000.
    'dmesg 2>&1 | head -n 3 | sed "s/^/DMESG /"',
    'echo "VERSION $(cat /proc/version 2>&1)"',
    'echo DONE'
].join('\n');
/**
 * `--expect-runtime` / input `expect-runtime`: a runtime name as the engine spells one (the config
 * key's own pattern), or `gvisor`; empty means none.
 */
function expectRuntimeOption(value) {
    if (value === undefined || value === '')
        return undefined;
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value))
        throw new errors/* UsageError */.eb(`expect-runtime: ${JSON.stringify(value)} is not a runtime name like "runsc" (or "${ANY_GVISOR}")`);
    return value;
}
function expectationOf(ctx) {
    const info = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime };
    const wanted = ctx.expectRuntime;
    if (wanted === ANY_GVISOR)
        return { gvisor: true, from: '--expect-runtime gvisor' };
    if (wanted)
        return { name: wanted, gvisor: (0,docker.isGvisorRuntime)(wanted, info), from: '--expect-runtime' };
    return {
        name: ctx.runtime.name,
        gvisor: ctx.runtime.gvisor,
        from: ctx.config.runtime ? 'the config' : "the engine's default"
    };
}
const runtimeProbe = {
    id: 'runtime',
    number: 27,
    title: 'the container runs under the expected runtime (engine inspect + the kernel that answers)',
    phase: 'parallel',
    async run(ctx) {
        const info = await ctx.inspect();
        const actual = info.HostConfig.Runtime || ctx.engine.defaultRuntime;
        const engineInfo = { Runtimes: ctx.engine.runtimes, DefaultRuntime: ctx.engine.defaultRuntime };
        const expected = expectationOf(ctx);
        const r = await ctx.agentExec(runtime_KERNEL_VIEW);
        if (!r.stdout.includes('DONE'))
            return fail(`could not ask the container's kernel (exit ${r.exitCode})`);
        const dmesg = tagged(r.stdout, 'DMESG').join('\n');
        const procVersion = tagged(r.stdout, 'VERSION')[0] ?? '';
        const kernel = (0,docker.kernelIdentity)({ dmesg, procVersion, hostRelease: ctx.engine.kernel });
        const release = /^Linux version (\S+)/.exec(procVersion)?.[1] ?? 'unknown';
        const seen = kernel === 'gvisor'
            ? `gVisor's kernel answers (dmesg "Starting gVisor", release ${release})`
            : kernel === 'host'
                ? `the engine host's kernel answers (${release})`
                : `a kernel that is neither gVisor's nor the engine host's (${release}; host ${ctx.engine.kernel ?? 'unknown'})`;
        const want = expected.name ?? 'a gVisor runtime';
        const problems = [];
        if (expected.name !== undefined && actual !== expected.name)
            problems.push(`the container runs under ${actual}, expected ${expected.name}`);
        if (expected.name === undefined && !(0,docker.isGvisorRuntime)(actual, engineInfo))
            problems.push(`the container runs under ${actual}, which is not gVisor`);
        if (expected.gvisor && kernel !== 'gvisor')
            problems.push(`${seen}, not gVisor's: the agent's system calls reach the host kernel`);
        if (!expected.gvisor && kernel !== 'host')
            problems.push(`${seen}, expected the host's`);
        if (expected.name !== undefined && !Object.hasOwn(ctx.engine.runtimes, expected.name))
            problems.push(`the engine does not list ${expected.name}`);
        if (problems.length)
            return fail(`${list(problems)} [expected ${want} per ${expected.from}]`);
        return pass(`${actual} (expected ${want} per ${expected.from}); ${seen}`);
    }
};

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./src/isolation/probes/egress-socket.ts
// Probe 28, for docker agents with command_line_egress: the host side of the egress socket serves
// only the agent's relay. The socket must be connectable by the relay's uid inside the container,
// so on the host other users can connect too; the per-agent relay token (runtime/egress/
// socket-gate.ts) is what refuses them. The probe connects from the host, as this process's uid
// and, when verify runs as root, as nobody (the relay's own uid, so that only the token can tell
// them apart), and asks for the allowlisted probe name: anything but a refusal fails. Inside the
// container, the agent must not be able to read the token from the relay's environment.






/** The uid the second attempt runs as when verify is root (nobody: the relay's uid too). */
const OTHER_UID = (0,user/* parseUser */.tN)(user/* NOBODY */.oQ).uid;
const ATTEMPT_TIMEOUT_MS = 10_000;
// One connection: the request the agent's relay would carry, without the relay's preamble. Prints
// the first line of the answer ("" when the socket closed without one) or "ERROR <why>".
const ATTEMPT_JS = `
const net = require('net')
const [path, host, port] = process.argv.slice(1)
const s = net.connect({ path })
let data = ''
const done = (line) => { process.stdout.write(line + '\\n'); process.exit(0) }
s.setTimeout(8000, () => done('ERROR timeout'))
s.on('data', (d) => { data += d })
s.on('error', (e) => done('ERROR ' + e.code))
s.on('close', () => done(data.split('\\r\\n')[0]))
s.on('connect', () => s.write('GET http://' + host + ':' + port + '/ HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\nConnection: close\\r\\n\\r\\n'))
`;
/** Connects to `socketPath` as `uid` (undefined: this process's) and returns the answer's first line. */
function connectAs(socketPath, host, port, uid) {
    return new Promise((resolve) => {
        const ids = uid === undefined ? {} : { uid, gid: uid };
        const c = (0,external_node_child_process_.spawn)(process.execPath, ['-e', ATTEMPT_JS, socketPath, host, String(port)], {
            ...ids,
            stdio: ['ignore', 'pipe', 'pipe']
        });
        let out = '';
        let err = '';
        const timer = setTimeout(() => c.kill('SIGKILL'), ATTEMPT_TIMEOUT_MS);
        c.stdout.on('data', (d) => (out += d.toString()));
        c.stderr.on('data', (d) => (err += d.toString()));
        c.on('error', (e) => resolve(`ERROR ${e.message}`));
        c.on('close', () => {
            clearTimeout(timer);
            resolve(out.trim() || `ERROR ${err.trim().split('\n')[0] || 'no answer'}`);
        });
    });
}
/** Whether an answer line means the request was served (anything but the gate's refusal). */
function served(answer) {
    return /^HTTP\/1\.[01] (?!403)\d{3}/.test(answer);
}
/** The host path of the agent's egress socket, from the container's mounts. */
async function hostSocket(ctx) {
    const info = await ctx.inspect();
    const m = info.Mounts?.find((x) => x.Destination === egress/* EGRESS_DIR_IN_SANDBOX */.wJ);
    return m ? (0,external_node_path_.join)(m.Source, egress/* PROXY_SOCKET_NAME */.nZ) : undefined;
}
// As the agent: the relay's environment (where its token is) must be unreadable.
const READ_RELAY_ENV = `for p in $(ps -eo pid=,args= | grep -E '${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}/forward\\.(py|mjs) ' | grep -v -e --probe -e grep | awk '{print $1}'); do
  if tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^MASSGEN_EGRESS_TOKEN=.'; then echo "READ $p"; else echo "DENIED $p"; fi
done`;
const egressSocketProbe = {
    id: 'egress-socket',
    number: 28,
    title: "egress: the agent's egress socket on the host refuses every process but the agent's relay (other users, even nobody)",
    phase: 'parallel',
    async run(ctx) {
        const e = ctx.egress;
        if (!e)
            return skip(NO_EGRESS);
        const socketPath = await hostSocket(ctx);
        if (!socketPath)
            return fail(`the container has no egress mount at ${egress/* EGRESS_DIR_IN_SANDBOX */.wJ}`);
        const { allowedName, port } = e.fixture;
        const me = process.getuid?.() ?? -1;
        const attempts = [[`uid ${me}`, undefined]];
        if (me === 0)
            attempts.push([`uid ${OTHER_UID}`, OTHER_UID]);
        const problems = [];
        const saw = [];
        for (const [who, uid] of attempts) {
            const answer = await connectAs(socketPath, allowedName, port, uid);
            if (served(answer))
                problems.push(`${who} on the host reached ${allowedName} through the socket (${answer})`);
            else
                saw.push(`${who}: ${answer || 'closed'}`);
        }
        const env = await ctx.agentExec(READ_RELAY_ENV);
        const read = env.stdout.split('\n').filter((l) => l.startsWith('READ '));
        if (read.length)
            problems.push(`the agent read the relay's token from /proc (${list(read)})`);
        if (problems.length)
            return fail(list(problems));
        return pass(`${socketPath} refused connections without the relay token (${list(saw)}); the relay's environment is unreadable to the agent`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/disk.ts
// Probe 29: command_line_disk_limit holds. A step writes past the agent's limit into its scratch
// directory (a bounded write: at most 1 GiB, so a limit that does not hold cannot fill the runner)
// and must be stopped with the disk-limit reason, the file short of what was asked; the file is
// removed afterwards. A limit above what the probe may write is a skip with the reason.

const MiB = 1024 ** 2;
/** The most the probe writes (a limit above it is not tested: set a smaller one for the check). */
const MAX_DISK_PROBE_BYTES = 1024 * MiB;
/** How far past the limit the probe writes. */
const PAST_LIMIT_BYTES = 256 * MiB;
const diskLimitProbe = {
    id: 'disk-limit',
    number: 29,
    title: 'a step writing past command_line_disk_limit is stopped with the reason, short of its write',
    phase: 'disruptive',
    async run(ctx) {
        const limit = ctx.config.diskLimitBytes;
        if (limit === undefined)
            return fail('the agent has no disk limit (command_line_disk_limit)');
        const mib = Math.ceil((limit + PAST_LIMIT_BYTES) / MiB);
        if (mib * MiB > MAX_DISK_PROBE_BYTES)
            return skip(`command_line_disk_limit ${Math.round(limit / MiB)} MiB is above what the probe writes (${MAX_DISK_PROBE_BYTES / MiB} MiB); set a smaller limit in the isolation config to check it`);
        const file = `${ctx.scratch}/disk-probe.bin`;
        const r = await ctx.agentExec(
        // A sustained writer (each block synced): a burst into the page cache can finish within one
        // measuring interval, which the limit reports but cannot stop (README, Disk limit).
        `dd if=/dev/zero of='${file}' bs=256k count=${mib * 4} oflag=dsync 2>/dev/null; echo WROTE; ls -s '${file}'`, { timeoutMs: 180_000 });
        const left = await ctx.agentExec(`ls -s '${file}' 2>/dev/null; rm -f '${file}'`);
        const kib = Number(/^\s*(\d+)/.exec(left.stdout)?.[1] ?? 'NaN');
        const size = Number.isFinite(kib) ? `${Math.round(kib / 1024)} MiB` : 'an unknown size';
        if (!r.diskLimit)
            return fail(`wrote ${mib} MiB against a limit of ${Math.round(limit / MiB)} MiB without being stopped (${r.timedOut ? 'timed out' : `exit ${r.exitCode}`}; the file: ${size})`);
        if (r.stdout.includes('WROTE'))
            return fail(`the step was reported over the limit but not stopped (${r.diskLimit})`);
        return pass(`${r.diskLimit}; the ${mib} MiB write was stopped at ${size}`);
    }
};

;// CONCATENATED MODULE: ./src/isolation/probes/srt.ts
// verify-isolation for srt agents: the probes that apply to a sandbox-runtime sandbox on the host,
// each a real attempt made as the agent through its session (as a step runs), checked from the
// host where the sandbox cannot be trusted to say. Numbers follow the container probes where the
// meaning is the same; the container probes that have no counterpart are listed, with the reason,
// in SRT_NOT_APPLICABLE (reported as `skip`).


/** What the protected-names probe writes at the top of each writable path, and how. */
const PROTECTED_WRITES = [
    { rel: '.git/config', how: (p) => `echo '[core] fsmonitor = probe' >> ${sh(p)}` },
    { rel: '.git/hooks/pre-commit', how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}` },
    { rel: '.envrc', how: (p) => `echo x > ${sh(p)}` },
    { rel: '.profile', how: (p) => `echo x >> ${sh(p)}` },
    {
        rel: '.bashrc',
        how: (p) => `t=${sh(p)}.tmp-$$; echo x > "$t" && mv -f "$t" ${sh(p)}; r=$?; rm -f "$t"; exit $r`
    },
    { rel: '.zshrc', how: (p) => `ln -s /bin/true ${sh(p)}` },
    { rel: '.gitmodules', how: (p) => `echo x > ${sh(p)}` },
    {
        rel: '.vscode/settings.json',
        how: (p) => `mkdir -p ${sh(dirOf(p))} && echo '{}' > ${sh(p)}`
    }
];
const dirOf = (p) => p.slice(0, p.lastIndexOf('/'));
/** A path's state on the host: its bytes, its link target, or absent. */
async function hostState(p) {
    try {
        const st = await (0,promises_.lstat)(p);
        if (st.isSymbolicLink())
            return `link:${await (0,promises_.readlink)(p)}`;
        if (st.isDirectory())
            return `dir:${(await (0,promises_.readdir)(p)).sort().join('/')}`;
        return `file:${(await (0,promises_.readFile)(p)).toString('base64')}`;
    }
    catch {
        return 'absent';
    }
}
const protectedNamesProbe = {
    id: 'protected-names',
    number: 31,
    phase: 'parallel',
    title: 'git hooks and config, shell rc and profile files, .envrc and IDE settings in the writable paths can be neither modified nor created (git config, >>, rename over, ln -s, mkdir then write; in a new directory, undone and the step failed)',
    async run(ctx) {
        if (ctx.srt.readOnly)
            return skip('read_only: no writable path');
        const roots = [
            ctx.agent.workspace,
            ...ctx.agent.contextPaths.filter((c) => c.permission === 'write').map((c) => c.path)
        ];
        const nested = `${ctx.scratch}/protected-probe-${process.pid}/sub`;
        const targets = [
            ...roots.flatMap((r) => PROTECTED_WRITES.map((w) => ({ path: `${r}/${w.rel}`, how: w.how }))),
            {
                path: `${nested}/.git/hooks/x`,
                how: (p) => `mkdir -p ${sh(dirOf(p))} && echo x > ${sh(p)}`
            }
        ];
        const watched = [...new Set(targets.flatMap((t) => [t.path, dirOf(t.path)]))];
        const before = new Map();
        for (const p of watched)
            before.set(p, await hostState(p));
        const gitConfigs = roots.filter((r) => before.get(`${r}/.git`)?.startsWith('dir:'));
        const script = [
            ...gitConfigs.map((r) => `if (cd ${sh(r)} && git config core.fsmonitor 'echo probe') >/dev/null 2>&1; then echo "WROTE ${r}/.git/config (git config)"; fi`),
            ...targets
                .slice(0, -1)
                .map((t) => `if (${t.how(t.path)}) 2>/dev/null; then echo "WROTE ${t.path}"; fi`),
            `(${targets[targets.length - 1].how(nested + '/.git/hooks/x')}) 2>/dev/null`,
            'echo DONE'
        ].join('\n');
        let r;
        const changed = [];
        try {
            r = await ctx.agentExec(script);
        }
        finally {
            for (const t of targets)
                if ((await hostState(t.path)) !== before.get(t.path))
                    changed.push(t.path);
            // Whatever reached the host is put back as it was (the probe must not leave a hook behind).
            for (const p of [...watched].reverse()) {
                const was = before.get(p);
                if ((await hostState(p)) === was)
                    continue;
                if (was === 'absent')
                    await (0,promises_.rm)(p, { recursive: true, force: true }).catch(() => undefined);
                else if (was.startsWith('file:'))
                    await (0,promises_.writeFile)(p, Buffer.from(was.slice(5), 'base64')).catch(() => undefined);
            }
            await (0,promises_.rm)(dirOf(dirOf(nested)), { recursive: true, force: true }).catch(() => undefined);
        }
        if (!r.stdout.includes('DONE'))
            return fail(`the writes did not complete (exit ${r.exitCode})`);
        const wrote = tagged(r.stdout, 'WROTE');
        if (wrote.length || changed.length)
            return fail(`written: ${list([...new Set([...wrote, ...changed.map((c) => `${c} (on the host)`)])])}`);
        if (!r.violation)
            return fail(`a hook made in a new directory (${nested}/.git/hooks/x) was not undone`);
        return pass(`${targets.length - 1 + gitConfigs.length} writes refused in ${roots.length} writable path(s); a hook made in a new directory was undone and failed the step`);
    }
};
/** Probe 20 for srt agents: evaluated by the check once every session closed. */
const SRT_CLEANUP_PROBE = {
    id: 'cleanup',
    number: 20,
    title: 'after the sessions close no process of the agents and no private temp directory remains'
};

;// CONCATENATED MODULE: ./src/isolation/probes/index.ts

















const NO_LIMITS = 'srt sets no resource limits (processes, memory, CPU, tmpfs sizes): whatever the host or runner enforces applies';
const probes_docker = (p, inSrt) => ({
    ...p,
    runs: 'docker',
    appliesTo: (s) => s === 'docker' || inSrt
});
/** `sibling`: the docker probe of the same number, which docker runs instead. */
const srtOnly = (p, inDocker) => ({
    ...p,
    runs: 'srt',
    appliesTo: (s) => s === 'srt' || inDocker
});
const both = (p) => ({
    ...p,
    runs: 'both',
    appliesTo: () => true
});
const after = (p, sandbox, elsewhere) => ({
    ...p,
    phase: 'engine',
    runs: 'after',
    sandbox,
    appliesTo: (s) => s === sandbox || elsewhere
});
const insteadOf = (p, sandbox) => `${sandbox} runs ${p.id} (${p.number}) in its place`;
const PROBES = [
    probes_docker(auditProbe, insteadOf(srtSandboxProbe, 'srt')),
    srtOnly(srtSandboxProbe, insteadOf(auditProbe, 'docker')),
    probes_docker(rootfsWriteProbe, insteadOf(srtWritesProbe, 'srt')),
    srtOnly(srtWritesProbe, insteadOf(rootfsWriteProbe, 'docker')),
    probes_docker(hostPathsProbe, insteadOf(srtReadsProbe, 'srt')),
    srtOnly(srtReadsProbe, insteadOf(hostPathsProbe, 'docker')),
    probes_docker(networkProbe, 'srt has its own network probe (4)'),
    srtOnly(srtNetworkProbe, 'docker has its own network probe (4)'),
    probes_docker(dockerSocketProbe, insteadOf(srtUnixSocketsProbe, 'srt')),
    srtOnly(srtUnixSocketsProbe, insteadOf(dockerSocketProbe, 'docker')),
    probes_docker(forkBombProbe, NO_LIMITS),
    probes_docker(memoryBombProbe, NO_LIMITS),
    probes_docker(cpuProbe, NO_LIMITS),
    probes_docker(procSysProbe, 'covered by srt-sandbox (1)'),
    probes_docker(privilegedOpsProbe, 'covered by srt-sandbox (1): mount and unshare'),
    probes_docker(ptraceProbe, 'covered by srt-sandbox (1): no other process is visible'),
    probes_docker(setuidProbe, 'srt runs as the host user; no-new-privileges (srt-sandbox, 1) keeps setuid from raising it'),
    probes_docker(seccompProbe, 'covered by srt-sandbox (1)'),
    probes_docker(canaryProbe, 'srt has its own canary probe (14)'),
    srtOnly(srtCanaryProbe, 'docker has its own canary probe (14)'),
    probes_docker(timeoutsProbe, 'srt has its own timeouts probe (15)'),
    srtOnly(srtTimeoutsProbe, 'docker has its own timeouts probe (15)'),
    both(outputFloodProbe),
    probes_docker(sizeLimitsProbe, NO_LIMITS),
    both(symlinkProbe),
    probes_docker(crossAgentProbe, 'srt has its own cross-agent probe (19)'),
    srtOnly(srtCrossAgentProbe, 'docker has its own cross-agent probe (19)'),
    after(CLEANUP_PROBE, 'docker', 'srt checks its own cleanup (20)'),
    after(SRT_CLEANUP_PROBE, 'srt', 'docker checks its own cleanup (20)'),
    after(ENGINE_PROBE, 'docker', 'no container engine is involved'),
    probes_docker(harnessShimsProbe, 'nothing runs in the sandbox as another user: file steps run as the agent, and the timeout check reads /proc on the host'),
    probes_docker(egressAllowedProbe, 'srt has its own egress-allowed probe (23): no relay of its own'),
    srtOnly(srtEgressAllowedProbe, 'docker has its own egress-allowed probe (23)'),
    // The docker egress probes, unchanged: they reach the proxy through HTTP_PROXY as srt does.
    both(egressRefusedProbe),
    both(egressBypassProbe),
    both(egressPrivateProbe),
    probes_docker(runtimeProbe, 'no OCI runtime is involved: commands run in a bubblewrap sandbox on the host kernel'),
    probes_docker(egressSocketProbe, "no per-agent socket: srt agents share one loopback front that routes by each agent's proxy token"),
    probes_docker(diskLimitProbe, 'srt agents have no disk limit (docker only)'),
    probes_docker(readOnlySubmountsProbe, 'bubblewrap remounts each mount below a read-only bind read-only too (writes-outside, 2, tries the read-only paths)'),
    srtOnly(protectedNamesProbe, "srt only: the protected names are sandbox-runtime's write rule")
];
/**
 * The rows a sandbox reports, by number. The container probes' numbering is the matrix's: a
 * sandbox reports each number once, its own probe(s) of that number or, where it has none, the
 * container probe with the reason it does not apply (a skip).
 */
function rows(sandbox, registry = PROBES) {
    const mine = registry.filter((p) => p.appliesTo(sandbox) === true);
    const numbered = new Set(mine.map((p) => p.number));
    const absent = registry.filter((p) => p.appliesTo('docker') === true && !numbered.has(p.number));
    return [...mine, ...absent].sort((a, b) => a.number - b.number);
}
/** A row of the matrix: a probe that does not apply says so in its title. */
function rowOf(p, sandbox) {
    const { id, number, title } = p;
    return p.appliesTo(sandbox) === true
        ? { id, number, title }
        : { id, number, title: `${id} (not applicable to ${sandbox})` };
}
/** Always reported, whatever subset of probes was asked for. */
const ALWAYS = [CLEANUP_PROBE.id, ENGINE_PROBE.id];
/** The rows of the matrix for the sandboxes present (one row per id), limited to `only`. */
function probeList(sandboxes, only, registry = PROBES) {
    const out = new Map();
    for (const s of sandboxes)
        for (const p of rows(s, registry))
            if (!out.has(p.id) && (!only || only.includes(p.id) || ALWAYS.includes(p.id)))
                out.set(p.id, rowOf(p, s));
    return [...out.values()].sort((a, b) => a.number - b.number || a.id.localeCompare(b.id));
}
/** Whether a probe runs in a sandbox in this phase (and in the subset asked for). */
const runsIn = (p, sandbox, phase, only) => p.phase === phase && p.appliesTo(sandbox) === true && (!only || only.includes(p.id));
/** The probes a sandbox runs in a phase, typed on that sandbox's context. */
function dockerProbes(phase, only) {
    return PROBES.flatMap((p) => (p.runs === 'docker' || p.runs === 'both') && runsIn(p, 'docker', phase, only) ? [p] : []);
}
function srtProbes(phase, only) {
    return PROBES.flatMap((p) => (p.runs === 'srt' || p.runs === 'both') && runsIn(p, 'srt', phase, only) ? [p] : []);
}

;// CONCATENATED MODULE: ./src/isolation/peer.ts
// The throwaway peer both sandboxes' verification starts when a config has a single agent: probes
// that need a second agent (fork bomb, cross-agent reads) get one with the same sandbox settings
// and an empty workspace of its own.



/** The peer's plan; its workspace is new (the caller removes it) and `mode` is set on it if given. */
async function throwawayPeerPlan(base, prefix, mode) {
    const ws = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), prefix)));
    if (mode !== undefined)
        await (0,promises_.chmod)(ws, mode);
    return {
        ...base,
        id: `${base.id}-peer`,
        workspace: ws,
        contextPaths: [],
        tempWorkspace: undefined,
        steps: []
    };
}

;// CONCATENATED MODULE: ./src/isolation/sandboxes.ts
// One path for every sandbox verify-isolation probes: start the agents through the runtime `run`
// uses (so each sandbox is exactly what a run gets), give a lone agent a throwaway peer, mark the
// peers, run the registry's probes phase by phase, and report what does not apply. What differs
// between docker and srt (the peer's markers, the probe context, what "cleaned up" means) is a
// SandboxKind's (docker.ts, srt.ts).








/** Starts a kind's agents in parallel (and a throwaway peer for a lone one), then marks the peers. */
async function startAll(kind, agents, scope, rowIds) {
    const out = { kind, started: [], peers: [], failed: [] };
    const starts = await Promise.allSettled(agents.map((a) => startAgent(kind, a, scope)));
    starts.forEach((s, i) => {
        if (s.status === 'fulfilled')
            out.started.push(s.value);
        else {
            const message = scope.redactor.apply(s.reason.message);
            out.failed.push({
                id: agents[i].id,
                ...(kind.sandbox === 'docker' ? { image: agents[i].docker?.image } : {}),
                error: message,
                results: rowsOf(kind.sandbox, rowIds).map((p) => ({
                    id: p.id,
                    number: p.number,
                    ...fail(`${kind.startFailure}: ${message}`),
                    durationMs: 0
                }))
            });
        }
    });
    const env = starts.find((s) => s.status === 'rejected' && (0,errors/* isEnvironmentError */.oz)(s.reason));
    if (env && !out.started.length)
        out.environment = env.reason;
    out.peers = [...out.started];
    if (out.started.length === 1) {
        const base = out.started[0].agent;
        const plan = await throwawayPeerPlan(base, kind.peer.prefix, kind.peer.mode);
        scope.defer(() => (0,promises_.rm)(plan.workspace, { recursive: true, force: true }));
        try {
            out.peers.push({ ...(await startAgent(kind, plan, scope)), peerOf: base.id });
        }
        catch (e) {
            scope.log(`[${plan.id}] the throwaway peer did not start (${e.message})${kind.peer.without}`);
        }
    }
    await kind.markPeers(out.peers);
    // What the probes do is one step of the run as far as egress is concerned.
    for (const p of out.peers)
        p.session.beginStep({ index: 0, name: 'verify-isolation', egress: true });
    for (const s of out.started)
        s.ctx = kind.context(s, out.peers.filter((p) => p !== s));
    return out;
}
async function startAgent(kind, agent, scope) {
    // As `run` does: a workspace this run creates is the agent's (a root runner's sandbox user).
    await (0,run_plan/* prepareWorkspace */.t0)(agent);
    // The runtime prefixes its own lines with the agent id (as in a run): no second prefix here.
    const session = await kind.runtime.start(agent, {
        runId: scope.runId,
        outDir: scope.outDir,
        log: scope.log
    });
    // Closed when the scope closes (before the runtimes clean up), whatever happens after.
    scope.defer(() => session.close());
    const scratch = (0,external_node_path_.join)(agent.workspace, `.massgen-isolation-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    scope.defer(() => (0,promises_.rm)(scratch, { recursive: true, force: true }));
    const s = { agent, session, scratch, result: { id: agent.id, results: [] } };
    // Made by the agent, through the session, as a step would.
    await agentShell(s, `mkdir -p '${scratch}'`);
    Object.assign(s.result, kind.describe(s));
    return s;
}
function agentShell(s, command) {
    return s.session.exec({
        command,
        cwd: s.agent.workspace,
        env: {},
        timeoutMs: 30_000,
        maxOutputBytes: 4096
    });
}
/** The agent's shell, through its session (policy-free, as a step would run it). */
function agentExec(s) {
    return (script, o = {}) => s.session.exec({
        command: script,
        cwd: s.agent.workspace,
        env: {},
        timeoutMs: o.timeoutMs ?? 30_000,
        maxOutputBytes: o.maxOutputBytes ?? 1024 * 1024
    });
}
/** A kind's probes of one phase, one job per agent. */
function phaseJobs(k, phase, only, redactor, log) {
    return k.started.map((s) => () => runProbes(s, k.kind.probes(phase, only), redactor, log));
}
/** The phases, every kind's agents together: parallel, disruptive, then exclusive one at a time. */
async function runPhases(jobs) {
    await Promise.all(jobs('parallel').map((f) => f()));
    await Promise.all(jobs('disruptive').map((f) => f()));
    for (const f of jobs('exclusive'))
        await f();
}
/** Runs probes one after another against one agent; a probe that throws fails. */
async function runProbes(s, probes, redactor, log) {
    for (const probe of probes) {
        const t = Date.now();
        let outcome;
        try {
            outcome = await probe.run(s.ctx);
        }
        catch (e) {
            outcome = fail(`the probe itself failed: ${e.message}`);
        }
        const r = timed(probe, { status: outcome.status, detail: redactor.apply(outcome.detail) }, Date.now() - t);
        s.result.results.push(r);
        log(`[${s.agent.id}] ${r.number} ${r.id}: ${r.status.toUpperCase()} — ${r.detail} [${r.durationMs} ms]`);
    }
}
/** Removes the scratch directories (as the agent) and saves the sessions' logs. */
async function wrapUp(started, outDir, log) {
    for (const s of started) {
        await agentShell(s, `rm -rf '${s.scratch}'`).catch(() => undefined);
        await s.session
            .saveLogs((0,external_node_path_.join)(outDir, s.agent.id))
            .catch((e) => log(`[${s.agent.id}] could not save logs: ${e.message}`));
    }
}
/**
 * Once the sessions closed: each started agent's `after` probes, and a skip (with the reason) for
 * every row of the matrix that does not apply to its sandbox; results in number order.
 */
async function finishResults(k, rowIds) {
    for (const s of k.started) {
        const after = await k.kind.after(s, k.peers);
        for (const p of rowsOf(k.kind.sandbox, rowIds)) {
            const applies = p.appliesTo(k.kind.sandbox);
            if (applies !== true)
                s.result.results.push(timed(p, skip(applies), 0));
            else if (p.runs === 'after' && after[p.id])
                s.result.results.push(timed(p, after[p.id], 0));
        }
        s.result.results.sort((a, b) => a.number - b.number);
    }
    return [...k.started.filter((s) => !s.peerOf).map((s) => s.result), ...k.failed];
}
/** The registry's rows of a sandbox that are in the matrix. */
function rowsOf(sandbox, rowIds) {
    return rows(sandbox).filter((p) => rowIds.includes(p.id));
}
function timed(p, o, durationMs) {
    return { id: p.id, number: p.number, status: o.status, detail: o.detail, durationMs };
}

;// CONCATENATED MODULE: ./src/isolation/docker.ts
// The docker side of verify-isolation: the probe context (the engine client, the container, root
// execs for baselines), peers marked by a file and a process run as nobody in their container, and
// what is evaluated once the containers are gone (probe 20 by the run's labels, 21 the engine's
// known CVEs for this agent's exposure).










function dockerKind(o) {
    const marks = new Map();
    let left;
    return {
        sandbox: 'docker',
        runtime: o.runtime,
        // 0755: the container's uid must reach the workspace the runner's user created.
        peer: {
            prefix: 'massgen-isolation-peer-',
            mode: 0o755,
            without: '; probes 6 and 19 go without it'
        },
        startFailure: 'the container could not be started',
        describe: (s) => ({ container: s.session.info.container, image: s.session.info.image }),
        async markPeers(peers) {
            for (const p of peers)
                marks.set(p, await markPeer(o.client, p));
        },
        context(s, peers) {
            const ctx = dockerContext(o, s, [...marks].filter(([p]) => peers.includes(p)).map(([, m]) => m));
            s.result.runtime = ctx.runtime.name;
            return ctx;
        },
        probes: dockerProbes,
        async after(s) {
            // Once for every agent: the run's containers after cleanup.
            const containers = await (left ??= leftoverContainers(o.client, o.runId));
            return {
                [CLEANUP_PROBE.id]: cleanupOutcome(containers, [s.agent.id, `${s.agent.id}-peer`]),
                [ENGINE_PROBE.id]: engineOutcome(evaluateCves(o.facts.components, exposureOf(s.agent, o.facts)))
            };
        }
    };
}
function dockerContext(o, s, peers) {
    const config = s.agent.docker ?? (0,docker.dockerDefaults)();
    const container = s.session.info.container;
    // The container exists, so the engine took the runtime: the check only names it here.
    const check = (0,docker.checkRuntime)(config, {
        Runtimes: o.facts.runtime.runtimes,
        DefaultRuntime: o.facts.runtime.defaultRuntime
    });
    const runtime = check.ok
        ? check.runtime
        : { name: config.runtime ?? o.facts.runtime.defaultRuntime, gvisor: false };
    const { client } = o;
    return {
        client,
        inspect: () => client.inspectContainer(container),
        runId: o.runId,
        agent: s.agent,
        config,
        runtime,
        engine: o.facts.runtime,
        expectRuntime: o.expectRuntime,
        session: s.session,
        container,
        // Prefer the config's other agents as peers; a throwaway only when there is none.
        peers: [...peers.filter((p) => p.fromConfig), ...peers.filter((p) => !p.fromConfig)],
        host: o.host,
        canary: o.canary,
        scratch: s.scratch,
        collectors: o.collectors(s),
        uid: (0,user/* parseUser */.tN)(String(s.session.info.limits?.user ?? config.user)).uid,
        agentExec: agentExec(s),
        rootExec: (cmd, timeoutMs) => (0,docker.harnessExec)((0,docker.execTarget)(client, container), {
            cmd,
            user: '0:0',
            maxOutputBytes: 1024 * 1024,
            timeoutMs
        }),
        log: (l) => o.log(`[${s.agent.id}] ${l}`),
        egress: o.egress(s.agent.id)
    };
}
/** A marker file in the peer's workspace and a marker process (as nobody) in its container. */
async function markPeer(client, p) {
    const container = p.session.info.container;
    const markerFile = (0,external_node_path_.join)(p.agent.workspace, `.massgen-isolation-peer-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 });
    const processTag = `86400.${(0,external_node_crypto_.randomBytes)(4).readUInt32BE(0) % 1_000_000}`.padEnd(12, '1');
    const exec = await client.exec(container, {
        Cmd: ['/bin/sleep', processTag],
        User: user/* NOBODY */.oQ,
        Env: [`PATH=${docker.HARNESS_PATH}`],
        AttachStdout: false,
        AttachStderr: false,
        Tty: false
    });
    // The response is a stream even when detached: drain it, or its socket holds the process open.
    const response = await exec.start({ detach: true });
    response?.resume?.();
    return {
        id: p.agent.id,
        plan: p.agent,
        session: p.session,
        container,
        markerFile,
        processTag,
        fromConfig: !p.peerOf
    };
}

// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(40610);
// EXTERNAL MODULE: external "node:dgram"
var external_node_dgram_ = __webpack_require__(41314);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
;// CONCATENATED MODULE: ./src/isolation/egress.ts
// What verify-isolation sets up on the host for agents with command_line_egress: an HTTP server and
// a UDP listener of its own, and probe names that only the agents' egress proxies know. The
// proxies resolve through `resolve` here (passed to the docker runtime), so no /etc/hosts entry
// and no DNS record is needed on the runner:
//   allowed.<label>    → the server, on a loopback address of its own (127.x.y.z, never 127.0.0.1)
//   <class>.<label>    → metadata, link-local, private, loopback and unique-local addresses
//   denied-<label>     → the server too, but not in any list: a refusal can only be the name's
//   *.dns-<label>      → never to be resolved: a proxy that resolved it leaked a DNS query
// Each egress agent's list gets one entry more, `*.<label>:<port>`, and its private ranges the
// server's own /32: nothing else of the config changes.




const systemResolve = (host) => new Promise((resolve, reject) => (0,external_node_dns_.lookup)(host, { all: true, verbatim: true }, (err, addresses) => err ? reject(err) : resolve(addresses.map((a) => a.address))));
async function startEgressFixture() {
    const hex = (0,external_node_crypto_.randomBytes)(5).toString('hex');
    const label = `${hex}.massgen-probe.invalid`;
    const token = `massgen-egress-probe-${(0,external_node_crypto_.randomBytes)(8).toString('hex')}`;
    const r = (0,external_node_crypto_.randomBytes)(3);
    // Any 127/8 address reaches a server bound to 0.0.0.0; never .1, where the runner's own
    // loopback services are, so that listing this one /32 opens nothing else.
    const address = `127.${100 + (r[0] % 100)}.${r[1]}.${1 + (r[2] % 250)}`;
    const server = (0,external_node_http_.createServer)((req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`${token}\n`);
    });
    server.on('error', () => undefined);
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '0.0.0.0', () => resolve());
    });
    const port = server.address().port;
    const datagrams = [];
    const udp = (0,external_node_dgram_.createSocket)('udp4');
    udp.on('message', (msg) => {
        if (datagrams.length < 1000)
            datagrams.push(msg);
    });
    udp.on('error', () => undefined);
    await new Promise((resolve) => udp.bind(0, '0.0.0.0', () => resolve()));
    const udpPort = udp.address().port;
    const targets = [
        { cls: 'metadata', name: `metadata.${label}`, address: '169.254.169.254' },
        { cls: 'metadata', name: `ecs-metadata.${label}`, address: '169.254.170.2' },
        { cls: 'link-local', name: `link-local.${label}`, address: '169.254.10.10' },
        { cls: 'private', name: `private-10.${label}`, address: '10.0.0.1' },
        { cls: 'private', name: `private-172.${label}`, address: '172.16.0.1' },
        { cls: 'private', name: `private-192.${label}`, address: '192.168.0.1' },
        { cls: 'loopback', name: `loopback.${label}`, address: '127.0.0.1' },
        { cls: 'unique-local', name: `unique-local.${label}`, address: 'fd00::1' }
    ];
    const allowedName = `allowed.${label}`;
    const deniedName = `denied-${label}`;
    const table = new Map([
        [allowedName, address],
        [deniedName, address],
        ...targets.map((t) => [t.name, t.address])
    ]);
    const asked = [];
    const resolve = (host) => {
        if (asked.length < 10_000)
            asked.push(host);
        const mine = table.get(host.toLowerCase());
        if (mine)
            return Promise.resolve([mine]);
        if (host.toLowerCase().endsWith(`.dns-${label}`))
            return Promise.resolve([address]); // answered as a resolver would; the probe fails on the ask
        return systemResolve(host);
    };
    return {
        label,
        allowedName,
        deniedName,
        dnsName: (tag) => `${tag}.dns-${label}`,
        targets,
        address,
        port,
        token,
        udpPort,
        udpSeen: (tag) => datagrams.some((d) => d.includes(Buffer.from(tag))),
        resolved: () => [...asked],
        resolve,
        extend: (config) => ({
            ...config,
            allowedDomains: [...config.allowedDomains, `*.${label}:${port}`],
            allowedPrivateRanges: [...config.allowedPrivateRanges, `${address}/32`]
        }),
        async close() {
            server.closeAllConnections();
            await new Promise((resolve) => server.close(() => resolve()));
            await new Promise((resolve) => udp.close(() => resolve()));
        }
    };
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./src/isolation/host.ts
// What the check sets up on the host before any container exists, and takes down afterwards:
// markers where agents must not see, a secret file for planted symlinks, a TCP listener.





const MARKER = () => `massgen-isolation-marker ${(0,external_node_crypto_.randomBytes)(12).toString('hex')}\n`;
/** `gateways`: addresses the host has as containers see it (the default bridge's gateway). */
async function setUpHost(home, gateways = []) {
    const outsideDir = await (0,promises_.realpath)(await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'massgen-isolation-')));
    // Readable by everyone: if an agent cannot see these, it is the mount namespace, not permissions.
    await (0,promises_.chmod)(outsideDir, 0o755);
    const outsideMarker = (0,external_node_path_.join)(outsideDir, 'marker.txt');
    await (0,promises_.writeFile)(outsideMarker, MARKER(), { mode: 0o644 });
    const secretToken = `massgen-secret-${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`;
    const secretFile = (0,external_node_path_.join)(outsideDir, 'secret.xml');
    // A valid JUnit report whose failing test is named after the secret: a reader that follows the
    // planted link would put the token into the results.
    await (0,promises_.writeFile)(secretFile, `<testsuite name="s" tests="1" failures="1"><testcase name="${secretToken}"><failure/></testcase></testsuite>\n`, { mode: 0o644 });
    let homeMarker = (0,external_node_path_.join)(home, `.massgen-isolation-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    try {
        await (0,promises_.writeFile)(homeMarker, MARKER(), { mode: 0o644, flag: 'wx' });
    }
    catch {
        homeMarker = undefined;
    }
    // Tracked: a proxy that reached it may keep its half of the connection open, and close()
    // must not wait for that.
    const sockets = new Set();
    const server = (0,external_node_net_.createServer)((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => sockets.delete(socket));
        socket.end('massgen-isolation-listener\n');
    });
    server.on('error', () => undefined);
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '0.0.0.0', () => resolve());
    });
    const port = server.address().port;
    const addresses = new Set();
    for (const list of Object.values((0,external_node_os_.networkInterfaces)()))
        for (const a of list ?? [])
            if (a.family === 'IPv4' && !a.internal)
                addresses.add(a.address);
    for (const gateway of gateways)
        addresses.add(gateway);
    return {
        fixture: {
            home,
            homeMarker,
            outsideDir,
            outsideMarker,
            secretFile,
            secretToken,
            listener: { port, addresses: [...addresses] }
        },
        async close() {
            const closed = new Promise((resolve) => server.close(() => resolve()));
            for (const s of sockets)
                s.destroy();
            await closed;
            await (0,promises_.rm)(outsideDir, { recursive: true, force: true });
            if (homeMarker)
                await (0,promises_.rm)(homeMarker, { force: true });
        }
    };
}

// EXTERNAL MODULE: ./src/report/compare.ts
var compare = __webpack_require__(50181);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/report/trust.ts
var trust = __webpack_require__(90044);
;// CONCATENATED MODULE: ./src/report/job-summary.ts
// The job summary (GITHUB_STEP_SUMMARY) as HTML: totals, a table per agent, the tail of each
// failed step's output. Every agent-controlled string is HTML-escaped, and the page is kept
// under GitHub's 1 MiB limit by shortening output tails first, then dropping them.




const SUMMARY_LIMIT_BYTES = 1024 * 1024;
const BUDGET = SUMMARY_LIMIT_BYTES - 64 * 1024; // headroom for other steps' summaries
function job_summary_escapeHtml(s) {
    return s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}
function clip(s, max) {
    return s.length <= max ? s : s.slice(0, max - 1) + '…';
}
function tail(s, maxChars) {
    if (s.length <= maxChars)
        return s;
    return '…' + s.slice(s.length - maxChars);
}
function stepRow(s) {
    const cells = [
        String(s.index + 1),
        (s.name ? `${job_summary_escapeHtml(clip(s.name, 80))}: ` : '') +
            `<code>${job_summary_escapeHtml(clip(s.command.replace(/\s*\n\s*/g, ' ⏎ '), 160))}</code>`,
        `${STATUS_ICON[s.status]} ${s.status}${s.allowFailure && s.status !== 'passed' ? ' (allowed)' : ''}`,
        s.exitCode === null ? '' : String(s.exitCode),
        formatDuration(s.durationMs),
        job_summary_escapeHtml(clip(s.reason ?? '', 200)) + junitCell(s)
    ];
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}
function junitCell(s) {
    const j = s.junit;
    if (!j)
        return '';
    if (j.error)
        return `<br>JUnit: ${job_summary_escapeHtml(clip(j.error, 200))}`;
    const failedNames = j.failed.length
        ? `<br>failing: ${j.failed
            .slice(0, 10)
            .map((n) => `<code>${job_summary_escapeHtml(clip(n, 120))}</code>`)
            .join(', ')}`
        : '';
    return `<br>JUnit: ${j.tests} tests, ${j.failures} failures, ${j.errors} errors, ${j.skipped} skipped${failedNames}`;
}
function failureDetails(a, s, tailChars) {
    if (tailChars <= 0)
        return '';
    const out = [
        s.stdout && `stdout:\n${tail(s.stdout, tailChars)}`,
        s.stderr && `stderr:\n${tail(s.stderr, tailChars)}`
    ]
        .filter(Boolean)
        .join('\n');
    if (!out)
        return '';
    return (`<details><summary>${job_summary_escapeHtml(a.id)} · step ${s.index + 1}: output (last ${tailChars} characters)</summary>\n\n` +
        `<pre>${job_summary_escapeHtml(out)}</pre>\n</details>\n`);
}
function agentSection(a, tailChars) {
    const runtime = typeof a.limits?.runtime === 'string' ? ` · runtime ${job_summary_escapeHtml(a.limits.runtime)}` : '';
    const where = a.mode === 'docker' ? `docker · ${job_summary_escapeHtml(a.image ?? '')}${runtime}` : a.mode;
    let html = `<h3>${STATUS_ICON[a.status]} ${job_summary_escapeHtml(a.id)} <sub>${where} · ${formatDuration(a.durationMs)}</sub></h3>\n`;
    if (a.error)
        html += `<p><b>Error:</b> ${job_summary_escapeHtml(clip(a.error, 2000))}</p>\n`;
    if (a.note)
        html += `<p>${job_summary_escapeHtml(clip(a.note, 2000))}</p>\n`;
    if (a.commands.length) {
        html +=
            '<table><thead><tr><th>#</th><th>step</th><th>status</th><th>exit</th><th>duration</th><th>note</th></tr></thead><tbody>\n' +
                a.commands.map(stepRow).join('\n') +
                '\n</tbody></table>\n' +
                a.commands.map((s) => compareHtml(s, job_summary_escapeHtml)).join('');
    }
    html += egressHtml(a, job_summary_escapeHtml);
    for (const s of a.commands) {
        if (s.status !== 'passed' && s.status !== 'skipped')
            html += failureDetails(a, s, tailChars);
    }
    return html;
}
function renderJobSummary(r, artifactUrl) {
    const head = `<h2>massgen-exec: ${STATUS_ICON[r.status]} ${r.status}</h2>\n` +
        `<p>${job_summary_escapeHtml(totalsLine(r))} · ${formatDuration(r.durationMs)} · config <code>${job_summary_escapeHtml(r.config)}</code>` +
        (artifactUrl ? ` · <a href="${job_summary_escapeHtml(artifactUrl)}">results artifact</a>` : '') +
        '</p>\n' +
        (trustLine(r) ? `<p>${job_summary_escapeHtml(trustLine(r))}</p>\n` : '') +
        (r.error ? `<p><b>Error:</b> ${job_summary_escapeHtml(clip(r.error, 4000))}</p>\n` : '');
    // Shrink the output tails until the page fits.
    for (const tailChars of [4000, 1500, 500, 0]) {
        const html = head + r.agents.map((a) => agentSection(a, tailChars)).join('');
        if (Buffer.byteLength(html) <= BUDGET)
            return html;
    }
    // Even the tables do not fit (thousands of steps): keep the head and say where the rest is.
    return (head +
        '<p>The step tables are too large for the job summary; see results.json in the artifact.</p>\n');
}

;// CONCATENATED MODULE: ./src/isolation/report.ts
// isolation.json and the probe × agent matrix (Markdown for isolation.md, HTML for the job
// summary). Details come from agents' containers in part, so every cell is escaped.





const ICON = { pass: '✅', fail: '❌', skip: '⏭️' };
function countStatuses(report) {
    const counts = { pass: 0, fail: 0, skip: 0 };
    for (const a of report.agents)
        for (const r of a.results)
            counts[r.status]++;
    return counts;
}
function headline(report) {
    const c = countStatuses(report);
    return `${report.agents.length} agent(s) × ${report.probes.length} probes: ${c.pass} pass, ${c.fail} fail, ${c.skip} skip`;
}
function cell(r) {
    return r?.status;
}
function engineLine(report) {
    const e = report.engine;
    return [
        e.docker && `Docker ${e.docker}`,
        e.containerd && `containerd ${e.containerd}`,
        e.runc && `runc ${e.runc}`,
        e.cgroupVersion && `cgroup v${e.cgroupVersion}`,
        e.runtimes?.length &&
            `runtimes ${e.runtimes.join(', ')}${e.defaultRuntime ? ` (default ${e.defaultRuntime})` : ''}`,
        report.expectRuntime && `expected runtime ${report.expectRuntime}`
    ]
        .filter(Boolean)
        .join(' · ');
}
function renderIsolationMarkdown(report) {
    const lines = [
        `## massgen-exec verify-isolation: ${report.status}`,
        '',
        `${headline(report)} · ${(0,markdown/* formatDuration */.a3)(report.durationMs)} · config \`${(0,markdown/* escapeCell */.kq)(report.config, 200)}\``,
        '',
        (0,markdown/* escapeCell */.kq)(engineLine(report), 300),
        ''
    ];
    if ((0,trust/* trustLine */.F)(report))
        lines.push((0,markdown/* escapeCell */.kq)((0,trust/* trustLine */.F)(report), 600), '');
    if (report.error)
        lines.push(`> **Error:** ${(0,markdown/* escapeCell */.kq)(report.error, 1000)}`, '');
    for (const n of report.notProbed)
        lines.push(`> ${(0,markdown/* escapeCell */.kq)(n.id)} not probed: ${(0,markdown/* escapeCell */.kq)(n.reason, 300)}`, '');
    if (report.agents.length) {
        lines.push(`| # | probe | ${report.agents.map((a) => (0,markdown/* escapeCell */.kq)(a.id, 40)).join(' | ')} |`);
        lines.push(`|---|---|${report.agents.map(() => '---').join('|')}|`);
        for (const p of report.probes) {
            const cells = report.agents.map((a) => {
                const s = cell(a.results.find((r) => r.id === p.id));
                return s ? `${ICON[s]} ${s}` : '';
            });
            lines.push(`| ${p.number} | ${(0,markdown/* escapeCell */.kq)(p.title, 90)} | ${cells.join(' | ')} |`);
        }
        lines.push('', '### Details', '');
        for (const a of report.agents) {
            lines.push(`#### ${(0,markdown/* escapeCell */.kq)(a.id)}${a.container ? ` (${(0,markdown/* escapeCell */.kq)(a.container, 80)}${a.runtime ? `, runtime ${(0,markdown/* escapeCell */.kq)(a.runtime, 40)}` : ''})` : ''}`, '');
            if (a.error)
                lines.push(`> ${(0,markdown/* escapeCell */.kq)(a.error, 500)}`, '');
            for (const r of a.results)
                lines.push(`- ${ICON[r.status]} **${r.number}** ${(0,markdown/* escapeCell */.kq)(r.id, 40)}: ${(0,markdown/* escapeCell */.kq)(r.detail, 600)}`);
            lines.push('');
        }
    }
    return lines.join('\n');
}
/** The job summary section: the matrix with each cell's detail in its tooltip and below. */
function renderIsolationHtml(report) {
    const mark = report.status === 'passed' ? '✅' : report.status === 'failed' ? '❌' : '⚠️';
    let html = `<h2>massgen-exec verify-isolation: ${mark} ${escapeHtml(report.status)}</h2>\n` +
        `<p>${escapeHtml(headline(report))} · ${formatDuration(report.durationMs)} · config <code>${escapeHtml(report.config)}</code></p>\n` +
        `<p>${escapeHtml(engineLine(report))}</p>\n` +
        (trustLine(report) ? `<p>${escapeHtml(trustLine(report))}</p>\n` : '');
    if (report.error)
        html += `<p><b>Error:</b> ${escapeHtml(report.error.slice(0, 4000))}</p>\n`;
    for (const n of report.notProbed)
        html += `<p>${escapeHtml(n.id)} not probed: ${escapeHtml(n.reason)}</p>\n`;
    if (!report.agents.length)
        return html;
    html += `<table><thead><tr><th>#</th><th>probe</th>${report.agents.map((a) => `<th>${escapeHtml(a.id)}</th>`).join('')}</tr></thead><tbody>\n`;
    for (const p of report.probes) {
        const cells = report.agents.map((a) => {
            const r = a.results.find((x) => x.id === p.id);
            if (!r)
                return '<td></td>';
            return `<td title="${escapeHtml(r.detail.slice(0, 500))}">${ICON[r.status]} ${r.status}</td>`;
        });
        html += `<tr><td>${p.number}</td><td>${escapeHtml(p.title)}</td>${cells.join('')}</tr>\n`;
    }
    html += '</tbody></table>\n';
    for (const a of report.agents) {
        const notable = a.results.filter((r) => r.status !== 'pass');
        html += `<details><summary>${escapeHtml(a.id)}: details (${notable.length} not passed)</summary>\n<ul>\n`;
        if (a.error)
            html += `<li><b>Error:</b> ${escapeHtml(a.error)}</li>\n`;
        for (const r of a.results)
            html += `<li>${ICON[r.status]} ${r.number} <code>${escapeHtml(r.id)}</code>: ${escapeHtml(r.detail.slice(0, 1000))}</li>\n`;
        html += '</ul>\n</details>\n';
    }
    return html;
}
/** Synchronous, like writeReports: it also runs on crash paths. */
function writeIsolationReport(outDir, report) {
    (0,external_node_fs_.mkdirSync)(outDir, { recursive: true });
    const resultsFile = (0,external_node_path_.join)(outDir, 'isolation.json');
    const summaryFile = (0,external_node_path_.join)(outDir, 'isolation.md');
    (0,external_node_fs_.writeFileSync)(resultsFile, JSON.stringify(report, null, 2) + '\n');
    (0,external_node_fs_.writeFileSync)(summaryFile, renderIsolationMarkdown(report));
    return { resultsFile, summaryFile };
}

// EXTERNAL MODULE: ./src/runtime/srt/index.ts + 7 modules
var srt = __webpack_require__(2365);
;// CONCATENATED MODULE: ./src/isolation/srt.ts
// The srt side of verify-isolation: no engine and no container. Before any agent starts, secrets
// are planted where no srt agent may read (in ~/.ssh and under each deny_read path); peers are
// marked by a file and a background process; once every session closed, probe 20 looks on the host
// for the peers' marker processes and the sessions' private temp directories.











/** Plants the secrets (removed when the scope closes), then the kind. */
async function srtKind(o, agents, scope) {
    const planted = [{ secret: await srt_plant((0,external_node_path_.join)(o.home, '.ssh'), 'in ~/.ssh', scope) }];
    const denied = new Map();
    for (const a of agents)
        for (const d of a.srt?.denyRead ?? [])
            if (isDir(d))
                denied.set(d, [...(denied.get(d) ?? []), a.id]);
    for (const [d, ids] of denied)
        planted.push({ secret: await srt_plant(d, `under deny_read ${d}`, scope), deniedBy: ids });
    const marks = new Map();
    return {
        sandbox: 'srt',
        runtime: o.runtime,
        peer: { prefix: 'massgen-isolation-srt-peer-', without: '' },
        startFailure: 'the srt session could not be started',
        describe: () => ({}),
        async markPeers(peers) {
            for (const p of peers) {
                const m = await srt_markPeer(p);
                if (m)
                    marks.set(p, m);
            }
        },
        context: (s, peers) => ({
            agent: s.agent,
            srt: s.agent.srt ?? srt.SRT_DEFAULTS,
            session: s.session,
            host: o.host,
            secrets: planted
                .filter((p) => !p.deniedBy || p.deniedBy.includes(s.agent.id))
                .map((p) => p.secret),
            peers: peers.flatMap((p) => (marks.has(p) ? [marks.get(p)] : [])),
            canary: o.canary,
            uid: s.session.info.limits?.user
                ? (0,user/* parseUser */.tN)(String(s.session.info.limits.user)).uid
                : (process.getuid?.() ?? 0),
            egress: o.egress(s.agent.id),
            scratch: s.scratch,
            collectors: o.collectors(s),
            agentExec: agentExec(s),
            log: (l) => o.log(`[${s.agent.id}] ${l}`)
        }),
        probes: srtProbes,
        async after(s, peers) {
            const mine = (await leftoversOf(peers, marks)).filter((l) => l.startsWith(`${s.agent.id}:`) || l.startsWith(`${s.agent.id}-peer:`));
            return {
                [SRT_CLEANUP_PROBE.id]: mine.length
                    ? fail(`left after close: ${list(mine)}`)
                    : pass('no marker or background process, no private temp directory left')
            };
        }
    };
}
/** A marker file in the peer's workspace and a marker process in its sandbox. */
async function srt_markPeer(p) {
    const markerFile = (0,external_node_path_.join)(p.agent.workspace, `.massgen-isolation-peer-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(markerFile, `marker of ${p.agent.id}\n`, { mode: 0o644 });
    const processArgv = `sleep 86400.${(0,external_node_crypto_.randomBytes)(3).readUIntBE(0, 3)}`;
    await p.session.execBackground({ command: `exec ${processArgv}`, cwd: p.agent.workspace, env: {}, maxOutputBytes: 4096 }, 'isolation marker');
    return { id: p.agent.id, workspace: p.agent.workspace, markerFile, processArgv };
}
/** What is still there of the agents after close: their marker processes, their temp dirs. */
async function leftoversOf(peers, marks) {
    const left = [];
    for (const s of peers) {
        const argv = marks.get(s)?.processArgv;
        if (argv && (await processesWithArgv(argv)).length)
            left.push(`${s.agent.id}: marker process ${argv}`);
    }
    for (const s of peers) {
        const tmp = s.session instanceof srt.SrtSession ? s.session.tmpDir : undefined;
        if (tmp && (0,external_node_fs_.existsSync)(tmp))
            left.push(`${s.agent.id}: temp directory ${tmp}`);
    }
    return left;
}
/** A secret file in `dir` (made if missing); it, and a directory made for it, go when the scope closes. */
async function srt_plant(dir, where, scope) {
    const existed = (0,external_node_fs_.existsSync)(dir);
    await (0,promises_.mkdir)(dir, { recursive: true, mode: 0o755 });
    const token = `massgen-srt-secret-${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`;
    const path = (0,external_node_path_.join)(dir, `massgen-isolation-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    await (0,promises_.writeFile)(path, `${token}\n`, { mode: 0o644, flag: 'wx' });
    scope.defer(async () => {
        await (0,promises_.rm)(path, { force: true });
        if (!existed)
            await (0,promises_.rm)(dir, { recursive: true, force: true });
    });
    return { path, token, where };
}
function isDir(p) {
    try {
        return (0,external_node_fs_.statSync)(p).isDirectory();
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/isolation/verify.ts
// verify-isolation: starts every docker and srt agent of a config through the runtimes `run` uses
// (so each sandbox is exactly what a run gets), runs the registry's probes against them, cleans
// up, then checks the cleanup (and, for docker, the engine's versions); isolation.json and the
// matrix cover both. The lifecycle (run id, redaction, signals, closing, cleanup) is
// withSandboxes', the same as `run`'s; what differs per sandbox is in docker.ts and srt.ts.
//
// Order: the agents start in parallel; each agent runs its probes one after another (parallel
// phase, then disruptive phase, both with the agents in parallel), then the exclusive probes run
// one agent at a time (a fork bomb while another agent must keep working; CPU measured without
// the others' load). A lone agent of a sandbox gets a throwaway second one from the same agent
// plan (its own empty workspace), so that probes 6 and 19 have someone to look at.


















const CANARY_NAME = 'MASSGEN_ISOLATION_CANARY';
/** The report before anything ran: status error until the end says otherwise. */
function emptyReport(opts, runId, t0) {
    return {
        version: 1,
        status: 'error',
        runId,
        startedAt: new Date(t0).toISOString(),
        durationMs: 0,
        config: opts.configPath,
        engine: {},
        ...(opts.expectRuntime ? { expectRuntime: opts.expectRuntime } : {}),
        probes: [],
        agents: [],
        notProbed: [],
        configSource: opts.configRef
            ? { kind: 'revision', path: opts.configPath, ref: opts.configRef }
            : { kind: 'worktree', path: opts.configPath },
        unsafe: { allowed: opts.allowUnsafe ?? [], used: [] }
    };
}
function verifyIsolation(opts) {
    return (0,scope/* withSandboxes */.G)(opts, async (scope) => {
        const t0 = Date.now();
        const report = emptyReport(opts, scope.runId, t0);
        const finish = (exitCode) => {
            report.durationMs = Date.now() - t0;
            return { report, exitCode, files: writeIsolationReport(scope.outDir, report) };
        };
        scope.onInterrupt((sig) => {
            report.status = 'error';
            report.error = `interrupted by ${sig}`;
            finish(2);
        });
        try {
            return await verifyIn(scope, opts, report, finish);
        }
        catch (e) {
            if (!(e instanceof errors/* VerifyStopped */.Rw))
                throw e;
            report.error = e.message;
            return finish(e.exitCode);
        }
    });
}
async function verifyIn(scope, opts, report, finish) {
    let plan;
    try {
        // A local agent is not started here (it is listed as not probed): no-sandbox does not apply.
        plan = await (0,run_plan/* loadRunPlan */.dU)(opts.configPath, { ...opts, surface: 'probe' });
    }
    catch (e) {
        if (!(0,errors/* isFatalInputError */.wE)(e))
            throw e;
        throw new errors/* VerifyStopped */.Rw((0,errors/* describeError */.Uc)(e));
    }
    const agents = selectAgents(plan, report, opts.probes);
    // Agents with egress get verify's probe names (resolved by their proxies only) added to their
    // list; the fixture is up before any sandbox, and the proxies resolve through it.
    const egress = [...agents.docker, ...agents.srt].some((a) => a.egress)
        ? await startEgressFixture()
        : undefined;
    if (egress)
        scope.defer(() => egress.close());
    const home = opts.home ?? (0,external_node_os_.homedir)();
    const runtimes = scope.runtimes({
        imagePolicy: opts.imagePolicy ?? 'auto',
        dockerClient: opts.client,
        egressResolve: egress?.resolve,
        imageSources: opts.imageSources,
        srt: { home, ...opts.srt, egressResolve: egress?.resolve ?? opts.srt?.egressResolve }
    });
    // srt agents need no engine: it is reached only for docker agents.
    const engine = agents.docker.length ? await reachEngine(runtimes) : undefined;
    if (engine)
        report.engine = engine.facts.info;
    const canary = plantCanary(scope, opts);
    const host = await setUpHost(home, await engine?.client.bridgeGateways().catch(() => []));
    scope.defer(() => host.close());
    const extended = (a) => a.egress && egress ? { ...a, egress: egress.extend(a.egress) } : a;
    const egressOf = (id) => egressFor(egress, plan, id);
    const collectors = (agent) => ({
        readJunit: async (path, ws) => (0,junit/* readJunit */.fK)(path, ws),
        listFiles: files/* listRegularFiles */.yT,
        redactTree: files/* redactTree */.us,
        ...opts.collectors?.(agent)
    });
    const common = { host: host.fixture, canary, log: scope.log, egress: egressOf };
    const rowIds = report.probes.map((p) => p.id);
    let dockers;
    let srts;
    if (engine) {
        const kind = dockerKind({
            ...common,
            runtime: runtimes.for('docker'),
            client: engine.client,
            facts: engine.facts,
            runId: scope.runId,
            collectors: (s) => collectors(s.agent),
            expectRuntime: opts.expectRuntime
        });
        dockers = await startAll(kind, agents.docker.map(extended), scope, rowIds);
    }
    if (agents.srt.length) {
        const srtAgents = agents.srt.map(extended);
        const kind = await srtKind({ ...common, runtime: runtimes.for('srt'), home, collectors: (s) => collectors(s.agent) }, srtAgents, scope);
        srts = await startAll(kind, srtAgents, scope, rowIds);
    }
    // Live: what an interrupted check writes is what the probes reported so far.
    report.agents = [dockers, srts].flatMap((k) => [
        ...(k?.started.filter((s) => !s.peerOf).map((s) => s.result) ?? []),
        ...(k?.failed ?? [])
    ]);
    const environment = dockers?.environment ?? srts?.environment;
    if (environment)
        throw new errors/* VerifyStopped */.Rw((0,errors/* describeError */.Uc)(environment));
    const jobs = (phase) => [
        ...(dockers ? phaseJobs(dockers, phase, opts.probes, scope.redactor, scope.log) : []),
        ...(srts ? phaseJobs(srts, phase, opts.probes, scope.redactor, scope.log) : [])
    ];
    await runPhases(jobs);
    if (dockers)
        await wrapUp(dockers.started, scope.outDir, scope.log);
    if (srts)
        await wrapUp(srts.started, scope.outDir, scope.log);
    // 20 (and 21) are evaluated once everything is closed and cleaned up.
    await scope.close();
    report.agents = [
        ...(dockers ? await finishResults(dockers, rowIds) : []),
        ...(srts ? await finishResults(srts, rowIds) : [])
    ];
    return conclude(scope, plan, report, canary.value, finish);
}
/** The agents to probe by sandbox; the matrix's rows; local agents listed as not probed. */
function selectAgents(plan, report, only) {
    report.configSource = plan.source;
    const unsafe = (0,config_unsafe/* unsafeSummary */.lm)(plan);
    // Local agents are not started here: their no-sandbox is not in use.
    report.unsafe = { ...unsafe, used: unsafe.used.filter((u) => u.class !== 'no-sandbox') };
    const docker = plan.agents.filter((a) => a.mode === 'docker');
    const srt = plan.agents.filter((a) => a.mode === 'srt');
    report.notProbed = plan.agents
        .filter((a) => a.mode === 'local')
        .map((a) => ({
        id: a.id,
        reason: 'runs locally (command_line_execution_mode is neither docker nor srt): there is no sandbox to verify'
    }));
    if (!docker.length && !srt.length)
        throw new errors/* VerifyStopped */.Rw('the config has no docker or srt agent: there is no sandbox to verify');
    report.probes = probeList([...(docker.length ? ['docker'] : []), ...(srt.length ? ['srt'] : [])], only);
    return { docker, srt };
}
async function reachEngine(runtimes) {
    try {
        const client = await (await runtimes.dockerRuntime()).client();
        return { client, facts: await engineFacts(client) };
    }
    catch (e) {
        throw new errors/* VerifyStopped */.Rw((0,errors/* isEnvironmentError */.oz)(e)
            ? (0,errors/* describeError */.Uc)(e)
            : `cannot reach the Docker engine: ${(0,errors/* describeError */.Uc)(e)}`);
    }
}
/**
 * The canary goes into this process's environment before any sandbox exists, as a runner secret
 * would be; it is removed again when the scope closes (last of all).
 */
function plantCanary(scope, opts) {
    const canary = { name: CANARY_NAME, value: `canary-${(0,external_node_crypto_.randomBytes)(16).toString('hex')}` };
    opts.onSecret?.(canary.value);
    const previous = process.env[CANARY_NAME];
    process.env[CANARY_NAME] = canary.value;
    scope.defer(async () => {
        if (previous === undefined)
            delete process.env[CANARY_NAME];
        else
            process.env[CANARY_NAME] = previous;
    });
    scope.redactor.add(canary.value);
    opts.onStart?.(scope.runId);
    return canary;
}
/** An agent's egress config as written (before verify added its probe entry), with the fixture. */
function egressFor(egress, plan, id) {
    const written = plan.agents.find((a) => a.id === id)?.egress;
    return egress && written ? { fixture: egress, config: written } : undefined;
}
/** The status, the report, and the second half of 14: the canary in anything written. */
async function conclude(scope, plan, report, canary, finish) {
    const order = (id) => plan.agents.findIndex((x) => x.id === id);
    report.agents.sort((a, b) => order(a.id) - order(b.id));
    report.status = report.agents.some((a) => a.results.some((r) => r.status === 'fail'))
        ? 'failed'
        : 'passed';
    const outcome = finish(report.status === 'failed' ? 1 : 0);
    // The container logs saved above, the reports.
    const leaked = await filesContaining(scope.outDir, canary);
    if (!leaked.length)
        return outcome;
    const where = leaked.map((f) => f.slice(scope.outDir.length + 1)).join(', ');
    for (const a of report.agents) {
        const r = a.results.find((x) => x.id === 'canary');
        if (r)
            Object.assign(r, fail(`${CANARY_NAME} found in written files: ${where}`));
    }
    report.status = 'failed';
    // Never leave the secret in what gets uploaded.
    await (0,files/* redactTree */.us)(scope.outDir, (s) => scope.redactor.apply(s));
    return finish(1);
}
async function filesContaining(root, needle) {
    const hits = [];
    for (const f of await (0,files/* listRegularFiles */.yT)(root)) {
        const text = await (0,promises_.readFile)(f, 'latin1').catch(() => '');
        if (text.includes(needle))
            hits.push(f);
    }
    return hits;
}

;// CONCATENATED MODULE: ./src/isolation/index.ts
// verify-isolation's public entry: the check, its report and what the entries (CLI, action) need
// to parse and render. Everything else in this folder (the probes, the per-sandbox sides) is
// internal to it.




// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
;// CONCATENATED MODULE: ./src/cli/verify-isolation.ts
// `massgen-exec verify-isolation <config>`: probes every docker agent's container and every srt
// agent's sandbox as the config creates them. Exit 0 when every probe passes or skips, 1 when one fails, 2 for usage, config or
// environment errors.



const verifyIsolationCommand = {
    usage: `massgen-exec verify-isolation <config> [options]

Starts every docker and srt agent of the config exactly as \`run\` would and attacks its sandbox:
docker agents 30 probes (capabilities, filesystem, network, engine socket, fork/memory/CPU bombs,
kernel interfaces, secrets, timeouts, output floods, symlinks, other agents, cleanup, engine CVEs,
harness shims, the runtime, and for agents with command_line_egress the allowlist: reachable,
refusals, no way around it, private addresses); srt agents the probes that apply to them, egress
included (no Docker needed). See ISOLATION.md.

options:
  --out DIR                output directory for isolation.json and isolation.md (default: massgen-results)
  --agents a,b             probe only these agents
  --image-policy P         auto | build | pull | never (default: auto)
  --working-directory DIR  where relative paths in the config resolve (default: .)
  --expect-runtime NAME    every container must run under this runtime (e.g. runsc), or \`gvisor\`
                           for any gVisor runtime; checked by probe 27 whatever the config says
  --config-ref REV         read the config from this git revision, not the work tree
  --allow-unsafe a,b       allow these unsafe classes (see run --help, README "Trust model")

exit codes: 0 every probe passed or skipped, 1 a probe failed, 2 usage/config/environment error`,
    async run(argv, io) {
        const { values, positionals } = (0,cli_io/* parseCommandArgs */.Qx)(argv, {
            out: { type: 'string' },
            agents: { type: 'string' },
            'image-policy': { type: 'string' },
            'working-directory': { type: 'string' },
            'expect-runtime': { type: 'string' },
            'config-ref': { type: 'string' },
            'allow-unsafe': { type: 'string' }
        });
        const out = (0,cli_io/* printer */.ll)(io.stdout);
        const err = (0,cli_io/* printer */.ll)(io.stderr);
        const outcome = await verifyIsolation({
            configPath: (0,cli_io/* oneConfig */.p8)(positionals),
            outDir: values.out ?? 'massgen-results',
            workingDirectory: values['working-directory'],
            agents: (0,cli_io/* splitList */.ry)(values.agents),
            imagePolicy: (0,cli_io/* imagePolicyOption */.Rw)(values['image-policy']),
            expectRuntime: expectRuntimeOption(values['expect-runtime']),
            configRef: values['config-ref'] || undefined,
            allowUnsafe: (0,config_unsafe/* parseUnsafeClasses */.SB)(values['allow-unsafe'], '--allow-unsafe'),
            log: out,
            handleSignals: true
        });
        const r = outcome.report;
        if (r.error)
            err(r.error);
        for (const a of r.agents) {
            for (const p of a.results)
                if (p.status === 'fail')
                    err(`[${a.id}] FAIL ${p.number} ${p.id}: ${p.detail}`);
        }
        out(`${r.status}: ${headline(r)}`);
        out(`results: ${outcome.files.resultsFile}`);
        return outcome.exitCode;
    }
};


/***/ })

};
