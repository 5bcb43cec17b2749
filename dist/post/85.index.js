export const id = 85;
export const ids = [85];
export const modules = {

/***/ 72710:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/index.ts
var src_exports = {};
__export(src_exports, {
  Socks5Server: () => Socks5Server,
  createServer: () => createServer,
  defaultConnectionHandler: () => connectionHandler_default
});
module.exports = __toCommonJS(src_exports);

// src/Server.ts
var import_net2 = __toESM(__webpack_require__(69278));

// src/types.ts
var Socks5ConnectionCommand = /* @__PURE__ */ ((Socks5ConnectionCommand2) => {
  Socks5ConnectionCommand2[Socks5ConnectionCommand2["connect"] = 1] = "connect";
  Socks5ConnectionCommand2[Socks5ConnectionCommand2["bind"] = 2] = "bind";
  Socks5ConnectionCommand2[Socks5ConnectionCommand2["udp"] = 3] = "udp";
  return Socks5ConnectionCommand2;
})(Socks5ConnectionCommand || {});
var Socks5ConnectionStatus = /* @__PURE__ */ ((Socks5ConnectionStatus2) => {
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["REQUEST_GRANTED"] = 0] = "REQUEST_GRANTED";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["GENERAL_FAILURE"] = 1] = "GENERAL_FAILURE";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["CONNECTION_NOT_ALLOWED"] = 2] = "CONNECTION_NOT_ALLOWED";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["NETWORK_UNREACHABLE"] = 3] = "NETWORK_UNREACHABLE";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["HOST_UNREACHABLE"] = 4] = "HOST_UNREACHABLE";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["CONNECTION_REFUSED"] = 5] = "CONNECTION_REFUSED";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["TTL_EXPIRED"] = 6] = "TTL_EXPIRED";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["COMMAND_NOT_SUPPORTED"] = 7] = "COMMAND_NOT_SUPPORTED";
  Socks5ConnectionStatus2[Socks5ConnectionStatus2["ADDRESS_TYPE_NOT_SUPPORTED"] = 8] = "ADDRESS_TYPE_NOT_SUPPORTED";
  return Socks5ConnectionStatus2;
})(Socks5ConnectionStatus || {});

// src/Connection.ts
var Socks5Connection = class {
  constructor(server, socket) {
    this.errorHandler = () => {
    };
    this.metadata = {};
    this.socket = socket;
    this.server = server;
    socket.on("error", this.errorHandler);
    socket.pause();
    this.handleGreeting();
  }
  readBytes(len) {
    return new Promise((resolve) => {
      let buf = Buffer.allocUnsafe(len);
      let offset = 0;
      const dataListener = (chunk) => {
        const readAmount = Math.min(chunk.length, len - offset);
        chunk.copy(buf, offset, 0, readAmount);
        offset += readAmount;
        if (offset < len) return;
        this.socket.removeListener("data", dataListener);
        this.socket.push(chunk.subarray(readAmount));
        resolve(buf);
        this.socket.pause();
      };
      this.socket.on("data", dataListener);
      this.socket.resume();
    });
  }
  async handleGreeting() {
    const ver = (await this.readBytes(1)).readUInt8();
    if (ver !== 5) return this.socket.destroy();
    const authMethodsAmount = (await this.readBytes(1)).readUInt8();
    if (authMethodsAmount > 128 || authMethodsAmount === 0) return this.socket.destroy();
    const authMethods = await this.readBytes(authMethodsAmount);
    const authMethodByteCode = this.server.authHandler ? 2 : 0;
    if (!authMethods.includes(authMethodByteCode)) {
      this.socket.write(Buffer.from([
        5,
        // Version 5 - Socks5
        255
        // no acceptable auth modes were offered 
      ]));
      return this.socket.destroy();
    }
    this.socket.write(Buffer.from([
      5,
      // Version 5 - Socks5
      authMethodByteCode
      // The chosen auth method, 0x00 for no auth, 0x02 for user-pass
    ]));
    if (this.server.authHandler) this.handleUserPassword();
    else this.handleConnectionRequest();
  }
  async handleUserPassword() {
    await this.readBytes(1);
    const usernameLength = (await this.readBytes(1)).readUint8();
    const username = (await this.readBytes(usernameLength)).toString();
    const passwordLength = (await this.readBytes(1)).readUint8();
    const password = (await this.readBytes(passwordLength)).toString();
    this.username = username;
    this.password = password;
    let calledBack = false;
    const acceptCallback = () => {
      if (calledBack) return;
      calledBack = true;
      this.socket.write(Buffer.from([
        1,
        // User pass auth version
        0
        // Success
      ]));
      this.handleConnectionRequest();
    };
    const denyCallback = () => {
      if (calledBack) return;
      calledBack = true;
      this.socket.write(Buffer.from([
        1,
        // User pass auth version
        1
        // Failure
      ]));
      this.socket.destroy();
    };
    const resp = await this.server.authHandler(this, acceptCallback, denyCallback);
    if (resp === true) acceptCallback();
    else if (resp === false) denyCallback();
  }
  async handleConnectionRequest() {
    await this.readBytes(1);
    const commandByte = (await this.readBytes(1))[0];
    const command = Socks5ConnectionCommand[commandByte];
    if (!command) return this.socket.destroy();
    this.command = command;
    await this.readBytes(1);
    const addrType = (await this.readBytes(1)).readUInt8();
    let address = "";
    switch (addrType) {
      case 1:
        address = (await this.readBytes(4)).join(".");
        break;
      case 3:
        const hostLength = (await this.readBytes(1)).readUInt8();
        address = (await this.readBytes(hostLength)).toString();
        break;
      case 4:
        const bytes = await this.readBytes(16);
        for (let i = 0; i < 16; i++) {
          if (i % 2 === 0 && i > 0) address += ":";
          address += `${bytes[i] < 16 ? "0" : ""}${bytes[i].toString(16)}`;
        }
        break;
      default:
        this.socket.destroy();
        return;
    }
    const port = (await this.readBytes(2)).readUInt16BE();
    if (!this.server.supportedCommands.has(command)) {
      this.socket.write(Buffer.from([5, 7 /* COMMAND_NOT_SUPPORTED */]));
      return this.socket.destroy();
    }
    this.destAddress = address;
    this.destPort = port;
    let calledBack = false;
    const acceptCallback = () => {
      if (calledBack) return;
      calledBack = true;
      this.connect();
    };
    if (!this.server.rulesetValidator) return acceptCallback();
    const denyCallback = () => {
      if (calledBack) return;
      calledBack = true;
      this.socket.write(Buffer.from([
        5,
        2,
        // connection not allowed by ruleset
        0,
        1,
        0,
        0,
        0,
        0,
        0,
        0
      ]));
      this.socket.destroy();
    };
    const resp = await this.server.rulesetValidator(this, acceptCallback, denyCallback);
    if (resp === true) acceptCallback();
    else if (resp === false) denyCallback();
  }
  connect() {
    this.socket.removeListener("error", this.errorHandler);
    this.server.connectionHandler(this, (status) => {
      if (Socks5ConnectionStatus[status] === void 0) throw new Error(`"${status}" is not a valid status.`);
      this.socket.write(Buffer.from([
        5,
        Socks5ConnectionStatus[status],
        0,
        1,
        0,
        0,
        0,
        0,
        0,
        0
      ]));
      if (status !== "REQUEST_GRANTED") {
        this.socket.destroy();
      }
    });
    this.socket.resume();
  }
};

// src/connectionHandler.ts
var import_net = __toESM(__webpack_require__(69278));
function connectionHandler_default(connection, sendStatus) {
  if (connection.command !== "connect") return sendStatus("COMMAND_NOT_SUPPORTED");
  connection.socket.on("error", () => {
  });
  const stream = import_net.default.createConnection({
    host: connection.destAddress,
    port: connection.destPort
  });
  stream.setNoDelay();
  let streamOpened = false;
  stream.on("error", (err) => {
    if (!streamOpened) {
      switch (err.code) {
        case "EINVAL":
        case "ENOENT":
        case "ENOTFOUND":
        case "ETIMEDOUT":
        case "EADDRNOTAVAIL":
        case "EHOSTUNREACH":
          sendStatus("HOST_UNREACHABLE");
          break;
        case "ENETUNREACH":
          sendStatus("NETWORK_UNREACHABLE");
          break;
        case "ECONNREFUSED":
          sendStatus("CONNECTION_REFUSED");
          break;
        default:
          sendStatus("GENERAL_FAILURE");
      }
    }
  });
  stream.on("ready", () => {
    streamOpened = true;
    sendStatus("REQUEST_GRANTED");
    connection.socket.pipe(stream).pipe(connection.socket);
  });
  connection.socket.on("close", () => stream.destroy());
  return stream;
}

// src/Server.ts
var Socks5Server = class {
  constructor() {
    this.supportedCommands = /* @__PURE__ */ new Set(["connect"]);
    this.connectionHandler = connectionHandler_default;
    this.server = import_net2.default.createServer((socket) => {
      socket.setNoDelay();
      this._handleConnection(socket);
    });
  }
  listen(...args) {
    this.server.listen(...args);
    return this;
  }
  close(callback) {
    this.server.close(callback);
    return this;
  }
  setAuthHandler(handler) {
    this.authHandler = handler;
    return this;
  }
  disableAuthHandler() {
    this.authHandler = void 0;
    return this;
  }
  setRulesetValidator(handler) {
    this.rulesetValidator = handler;
    return this;
  }
  disableRulesetValidator() {
    this.rulesetValidator = void 0;
    return this;
  }
  setConnectionHandler(handler) {
    this.connectionHandler = handler;
    return this;
  }
  useDefaultConnectionHandler() {
    this.connectionHandler = connectionHandler_default;
    return this;
  }
  // Not private because someone may want to inject a duplex stream to be handled as a connection
  _handleConnection(socket) {
    new Socks5Connection(this, socket);
    return this;
  }
};

// src/index.ts
function createServer(opts) {
  const server = new Socks5Server();
  if (opts?.auth) server.setAuthHandler((conn) => {
    return conn.username === opts.auth.username && conn.password === opts.auth.password;
  });
  if (opts?.port) server.listen(opts.port, opts.hostname);
  return server;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (0);


/***/ }),

/***/ 48085:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  NF: () => (/* reexport */ SandboxManager)
});

// UNUSED EXPORTS: CredentialsConfigSchema, DEFAULT_WINDOWS_PROXY_PORT_RANGE, FilesystemConfigSchema, GitConfigSchema, IgnoreViolationsConfigSchema, LinuxSandboxProfileError, NetworkConfigSchema, RipgrepConfigSchema, SRT_WIN_DISPATCH_ARG1, SandboxInitializeConflictError, SandboxRuntimeConfigSchema, SandboxViolationStore, SrtWinConfigSchema, VENDORED_SRT_WIN_EXE, WINDOWS_ALLOW_LOOPBACK_EFFECT, WINDOWS_LOOPBACK_PROBE_PORT, WINDOWS_PROFILE_READ_ENV_VARS, WindowsConfigSchema, WindowsSandboxError, buildGitConfigEnv, certThumbprint, checkWindowsDependenciesAsync, checkWindowsSandboxStatus, checkWindowsSandboxStatusAsync, ensurePersistentWindowsCa, expandWindowsFsPaths, forgetWindowsProfileRead, forgetWindowsProfileReadAsync, generateCa, getDefaultWritePaths, getSrtWinPath, getWindowsProfileReadStatus, getWindowsProfileReadStatusAsync, getWindowsSandboxCaCert, getWindowsSandboxUserStatus, getWindowsSandboxUserStatusAsync, getWindowsWfpStatus, getWindowsWfpStatusAsync, getWslVersion, grantWindowsAcl, grantWindowsProfileRead, installWindowsSandbox, installWindowsSandboxAsync, isUncPath, parseWindowsBinShell, parseWindowsSandboxError, realPathOf, resolveSrtWin, restoreWindowsAcl, revokeWindowsAcl, revokeWindowsAclChecked, stampWindowsAcl, uninstallWindowsSandbox, validateCaPair, verifyWindowsWfpEgress, windowsInstallInstructions, windowsProfileExclusionConflicts, windowsProfileGrantNotice, windowsProfileGrantSkipReason, windowsProfileReadEnv, windowsStateDir, windowsTrustCa, windowsTrustCaAsync, writeRootsOf

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/platform.js
var utils_platform = __webpack_require__(82353);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js
var sandbox_utils = __webpack_require__(97813);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/path-entries.js
/**
 * How an entry of `denyRead`, `allowRead`, `allowWrite` or `denyWrite` is
 * read: as the pattern its characters spell, as the path they name, or both.
 *
 * An entry with `*`, `?`, `[` or `]` is a pattern. A directory may hold those
 * in its own name (`[WIP] project`), so such an entry is ALSO read as what it
 * names wherever the part that holds the characters exists on disk. An entry
 * marked `{ path, literal: true }` is the name and nothing else.
 *
 * The decision is made by the functions here only, for each stage that
 * needs it (the manager and the wrapper's fold on Linux, the profile builder
 * on macOS, `expandWindowsFsPaths` on Windows). One wrap may ask about an
 * entry more than once, and the disk may change in between.
 */




/**
 * The spellings and the marked paths of a list, apart. Throws on an entry
 * that is neither; see {@link markedLiteralPath}.
 */
function splitPathEntries(entries) {
    const spelled = [];
    const marked = [];
    for (const entry of entries ?? []) {
        if (typeof entry === 'string')
            spelled.push(entry);
        else
            marked.push((0,sandbox_utils/* markedLiteralPath */.vS)(entry));
    }
    return { spelled, marked };
}
/** The spellings among the entries of a list: what may be a pattern. */
function spelledOf(entries) {
    return splitPathEntries(entries).spelled;
}
/**
 * Whether two lists hold the same entries, in any order. Entries are told
 * apart by value: a marked entry is a new object after every clone of the
 * config, and `/x` is not `{ path: '/x' }`.
 */
function samePathEntries(a, b) {
    const key = (entry) => typeof entry === 'string' ? `s:${entry}` : `l:${(0,sandbox_utils/* markedLiteralPath */.vS)(entry)}`;
    if (a.length !== b.length)
        return false;
    const keys = new Set(a.map(key));
    return b.every(entry => keys.has(key(entry)));
}
/**
 * The spelling made absolute as {@link normalizePathForSandbox} does for a
 * pattern: no symlink resolved, a trailing separator kept. Undefined for a
 * Windows UNC path, which is never probed (see {@link isUncPath}).
 */
function spelledAbsolute(spelling) {
    const onWindows = (0,utils_platform/* getPlatform */.u)() === 'windows';
    let spelled = spelling;
    if (onWindows) {
        spelled = (0,sandbox_utils/* stripExtendedPathPrefix */.H2)((0,sandbox_utils/* expandWindowsEnvRefs */.dJ)(spelled));
        if ((0,sandbox_utils/* isUncPath */.Ej)(spelled))
            return undefined;
    }
    const expanded = (0,sandbox_utils/* expandTilde */.Xr)(spelled);
    const absolute = expanded === spelled && !external_node_path_.isAbsolute(spelled)
        ? external_node_path_.resolve(process.cwd(), spelled)
        : expanded;
    return onWindows
        ? (0,sandbox_utils/* toForwardSlashes */.aR)(absolute)
        : (0,sandbox_utils/* collapseInteriorSpellings */.b3)(absolute);
}
/**
 * Whether something may be at `p`, for a deny. A symbolic link counts,
 * dangling or not, and so does a path that cannot be looked at: otherwise a
 * command running as the same user could switch the deny off by making a
 * parent unsearchable, and undo that inside the next sandbox.
 */
function mayBeThere(p) {
    try {
        external_node_fs_.lstatSync(p);
        return true;
    }
    catch (err) {
        return !(0,sandbox_utils/* isAbsenceErrno */.wv)(err);
    }
}
/**
 * Whether `p` is there and is not a symbolic link, for an allow. Whoever can
 * write the directory that holds `p` can plant a link of that name, and the
 * allow would open what it points at. What cannot be looked at is not there.
 */
function isThereUnlinked(p) {
    try {
        return !external_node_fs_.lstatSync(p).isSymbolicLink();
    }
    catch {
        return false;
    }
}
/** Whether a pattern can be walked beneath `p`, under the rule of `kind`. */
function isDirectoryFor(kind, p) {
    try {
        return kind === 'allow'
            ? external_node_fs_.lstatSync(p).isDirectory()
            : external_node_fs_.statSync(p).isDirectory();
    }
    catch (err) {
        return kind === 'deny' && !(0,sandbox_utils/* isAbsenceErrno */.wv)(err);
    }
}
/**
 * The readings a caller's spelling has BESIDE the one its characters give
 * it. Empty for a spelling that is no pattern, and for a pattern none of
 * whose glob characters are part of a name on disk: that costs one `lstat`.
 *
 * A trailing `/**` is set aside first. Of the components that hold glob
 * characters, the leading ones that exist on disk as spelled are names:
 *
 * - When all of them exist, the entry is also the NAME it spells. What
 *   follows the last of them need not exist.
 * - When a pattern follows an existing one, the entry is also that pattern
 *   BENEATH the directory. There is one such reading per existing component,
 *   the longest first, so creating or removing a directory adds or removes a
 *   reading and never turns one into another.
 *
 * Whether a spelling is a pattern is decided on what the caller wrote
 * (`isPattern`); which components hold glob characters, by
 * {@link containsGlobChars} on every platform, since those are what the
 * pattern compiler and the walk take for syntax.
 *
 * A component exists for a deny as {@link mayBeThere} has it. For an allow
 * no component from the first with glob characters on may be a symbolic
 * link or beyond looking at: a name to its end, a pattern up to its first
 * pattern component, from where the walk of an allow goes through no link.
 */
function literalReadings(spelling, kind, opts = {}) {
    const isPattern = opts.isPattern ?? sandbox_utils/* containsGlobCharsForPlatform */.ZW;
    let stripped = (0,sandbox_utils/* removeTrailingGlobSuffix */.mL)(spelling);
    if (!isPattern(stripped)) {
        // Where `[` and `]` are no pattern syntax (Windows), `<dir>/**` is a
        // pattern by its `/**` alone, and the walk still reads the brackets as a
        // class: the `/**` stays on, as a pattern beneath the directory.
        if (stripped === spelling || !(0,sandbox_utils/* containsGlobChars */.dx)(stripped))
            return [];
        stripped = spelling;
    }
    const spelled = spelledAbsolute(stripped);
    if (spelled === undefined)
        return [];
    const parts = spelled.split('/');
    const globAt = parts.flatMap((part, i) => (0,sandbox_utils/* containsGlobChars */.dx)(part) ? [i] : []);
    const first = globAt[0];
    const last = globAt[globAt.length - 1];
    if (first === undefined || last === undefined)
        return [];
    const prefix = (i) => parts.slice(0, i + 1).join('/') || '/';
    const isThere = kind === 'deny' ? mayBeThere : isThereUnlinked;
    let reach = first - 1;
    while (reach < last && isThere(prefix(reach + 1)))
        reach++;
    if (reach < first)
        return [];
    const readings = [];
    if (reach === last &&
        (kind === 'deny' || restIsUnlinked(last, parts.length - 1, prefix))) {
        readings.push({
            glob: false,
            path: (0,sandbox_utils/* normalizePathForSandbox */.lW)(stripped, { literal: true }),
        });
    }
    // The tail keeps a trailing separator, which makes a pattern match nothing
    // (`/x/*/`): stripped, an allow spelled so would match every child. The
    // `/**` set aside above goes back on, for the walk's directory form.
    const setAside = stripped === spelling ? '' : '/**';
    for (let n = globAt.length - 2; n >= 0; n--) {
        const at = globAt[n];
        if (at > reach)
            continue;
        // As far as the directory's own name goes on: up to the next component
        // with glob characters, or to where the disk ends.
        const next = globAt[n + 1];
        let end = Math.min(next - 1, reach);
        while (end >= at && !isDirectoryFor(kind, prefix(end)))
            end--;
        if (end < at)
            continue;
        // The walk resolves what the tail spells before its first pattern
        // component: a link there would have an allow list what it points at.
        if (kind === 'allow' && !restIsUnlinked(end, next - 1, prefix))
            continue;
        const anchor = (0,sandbox_utils/* normalizePathForSandbox */.lW)(prefix(end), { literal: true });
        readings.push({
            glob: true,
            anchor,
            path: anchor + spelled.slice(prefix(end).length) + setAside,
        });
    }
    return readings;
}
/**
 * Whether no component after `from`, up to `to`, is a symbolic link or
 * beyond looking at. What is not there yet is neither.
 */
function restIsUnlinked(from, to, prefix) {
    for (let i = from + 1; i <= to; i++) {
        try {
            if (external_node_fs_.lstatSync(prefix(i)).isSymbolicLink())
                return false;
        }
        catch (err) {
            return (0,sandbox_utils/* isAbsenceErrno */.wv)(err);
        }
    }
    return true;
}
/** Whether a spelling that reads as a pattern is also the name of a path. */
function hasNameReading(spelling, kind) {
    return literalReadings(spelling, kind).some(reading => !reading.glob);
}
/**
 * What a Linux read entry resolves to: what `expandGlob` returns for the
 * pattern, then what the entry's other readings add. `name` is the entry as
 * a name, in the caller's spelling.
 */
function* withOtherReadings(spelling, name, kind, expandGlob) {
    const expansion = yield* expandGlob(spelling);
    const seen = new Set(expansion);
    const added = [];
    for (const reading of literalReadings(spelling, kind)) {
        const found = reading.glob
            ? yield* expandGlob(reading.path, reading.anchor)
            : [name];
        for (const p of found) {
            if (seen.has(p))
                continue;
            seen.add(p);
            added.push(p);
        }
    }
    return [...expansion, ...added];
}
/**
 * The read rules `getDefaultWritePaths()` is given: the entries, the
 * credential denies, and the name each spelling also is, as a marked path.
 */
function readRulesOf(denyRead, allowRead, credentialDenies) {
    const withNames = (entries, kind) => [
        ...entries,
        ...spelledOf(entries).flatMap(spelling => literalReadings(spelling, kind).flatMap((reading) => reading.glob ? [] : [{ path: reading.path, literal: true }])),
    ];
    return {
        denyRead: withNames([...denyRead, ...credentialDenies], 'deny'),
        allowRead: allowRead === undefined ? undefined : withNames(allowRead, 'allow'),
    };
}
function nonEmptyLists(lists) {
    return Object.fromEntries(Object.entries(lists).filter(([, list]) => list.length > 0));
}
/**
 * The `literal…` lists of a read config: the marked entries of the two read
 * lists. A key is present only when its list is not empty.
 */
function literalReadLists(denyRead, allowRead) {
    return nonEmptyLists({
        literalDenyOnly: splitPathEntries(denyRead).marked,
        literalAllowWithinDeny: splitPathEntries(allowRead).marked,
    });
}
/** The `literal…` lists of a write config; see {@link literalReadLists}. */
function literalWriteLists(allowWrite, denyWrite) {
    return nonEmptyLists({
        literalAllowOnly: splitPathEntries(allowWrite).marked,
        literalDenyWithinAllow: splitPathEntries(denyWrite).marked,
    });
}
/**
 * Every path a write config allows, whichever list it came in on. Whoever
 * asks "may the command write here" asks this, not `allowOnly` alone: a
 * path the caller marked literal is in `literalAllowOnly` and nowhere else.
 */
function writeRootsOf(config) {
    return [...(config.allowOnly || []), ...(config.literalAllowOnly ?? [])];
}
/**
 * The paths bound back over a read deny: the read allows and the write
 * allows, the marked ones among them. A deny glob's matches are collapsed
 * against these, and one left out loses the matches beneath it their mask.
 */
function reExposedBy(expandedAllowRead, allowRead, writeConfig) {
    return [
        ...expandedAllowRead,
        ...splitPathEntries(allowRead).marked,
        ...writeRootsOf(writeConfig),
    ];
}
/**
 * A read config for a backend to which every path is a name (Linux): the
 * literal lists folded into the lists they are more entries of, and gone as
 * keys, so that whatever reads `denyOnly` has read them all.
 */
function readNamesOf(config) {
    if (!config)
        return config;
    const { literalDenyOnly, literalAllowWithinDeny, ...rest } = config;
    return {
        ...rest,
        denyOnly: [...(config.denyOnly || []), ...(literalDenyOnly ?? [])],
        ...(config.allowWithinDeny || literalAllowWithinDeny
            ? {
                allowWithinDeny: [
                    ...(config.allowWithinDeny ?? []),
                    ...(literalAllowWithinDeny ?? []),
                ],
            }
            : {}),
    };
}
/**
 * The same for a write config; see {@link readNamesOf}. A string of
 * `allowOnly` that holds glob characters is kept only when it is also the
 * name of a path (see {@link literalReadings}). Any other is a pattern and
 * no name: resolving a name folds a `..` by the text, so `/home/*\/../.ssh`
 * would make `/home/.ssh` writable where nothing is named `*`.
 */
function writeNamesOf(config) {
    if (!config)
        return config;
    const { literalAllowOnly, literalDenyWithinAllow, ...rest } = config;
    return {
        ...rest,
        allowOnly: writeRootsOf({
            allowOnly: (config.allowOnly || []).filter(p => !(0,sandbox_utils/* containsGlobChars */.dx)(p) || hasNameReading(p, 'allow')),
            literalAllowOnly,
        }),
        denyWithinAllow: [
            ...(config.denyWithinAllow || []),
            ...(literalDenyWithinAllow ?? []),
        ],
    };
}
//# sourceMappingURL=path-entries.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/http-proxy.js
var http_proxy = __webpack_require__(99785);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/emitted-connection.js
var emitted_connection = __webpack_require__(65959);
// EXTERNAL MODULE: external "net"
var external_net_ = __webpack_require__(69278);
// EXTERNAL MODULE: ./node_modules/@pondwader/socks5-server/dist/index.js
var dist = __webpack_require__(72710);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/debug.js
var debug = __webpack_require__(27459);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/resolved-address-guard.js
var resolved_address_guard = __webpack_require__(76593);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js
var parent_proxy = __webpack_require__(84457);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/socks-proxy.js






// VER, REP=0x01 (general SOCKS server failure), RSV, ATYP=IPv4, 0.0.0.0:0.
const SOCKS_REPLY_GENERAL_FAILURE = Buffer.from([5, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
function createSocksProxyServer(options) {
    const socksServer = (0,dist.createServer)();
    if (options.proxyAuthToken) {
        socksServer.setAuthHandler((conn, accept, deny) => {
            if ((conn.username === sandbox_utils/* PROXY_AUTH_USER */.cB ||
                conn.username.startsWith(`${sandbox_utils/* PROXY_AUTH_USER */.cB}.`)) &&
                conn.password === options.proxyAuthToken) {
                accept();
            }
            else {
                (0,debug/* logForDebugging */.o)('SOCKS auth rejected', { level: 'error' });
                deny();
            }
        });
    }
    socksServer.setRulesetValidator(conn => {
        if (options.refuseOpaqueTunnels) {
            (0,debug/* logForDebugging */.o)(`SOCKS CONNECT to ${JSON.stringify(conn.destAddress)}:${conn.destPort} refused (refuseOpaqueTunnels)`);
            options.onTunnelRefused?.(conn.destPort, conn.destAddress, (0,sandbox_utils/* encodedCommandFromProxyUser */.bZ)(conn.username));
            // Answered here rather than through the library's deny, whose reply
            // claims a ruleset refusal of this destination.
            conn.socket.end(SOCKS_REPLY_GENERAL_FAILURE, () => conn.socket.destroy());
            return undefined;
        }
        return validateDestination(conn);
    });
    async function validateDestination(conn) {
        try {
            const hostname = conn.destAddress;
            const port = conn.destPort;
            // SOCKS5 DOMAINNAME is a raw length-prefixed byte string with zero
            // validation from the protocol or the library. Reject control chars
            // (null bytes, CRLF) here so they never reach the allowlist matcher,
            // where string suffix matching would be trivially fooled.
            if (!(0,parent_proxy/* isValidHost */.HO)(hostname)) {
                (0,debug/* logForDebugging */.o)(`Rejecting malformed SOCKS host: ${JSON.stringify(hostname)}`, { level: 'error' });
                return false;
            }
            (0,debug/* logForDebugging */.o)(`Connection request to ${hostname}:${port}`);
            const allowed = await options.filter(port, hostname, (0,sandbox_utils/* encodedCommandFromProxyUser */.bZ)(conn.username));
            if (!allowed) {
                (0,debug/* logForDebugging */.o)(`Connection blocked to ${hostname}:${port}`, {
                    level: 'error',
                });
                return false;
            }
            (0,debug/* logForDebugging */.o)(`Connection allowed to ${hostname}:${port}`);
            return true;
        }
        catch (error) {
            (0,debug/* logForDebugging */.o)(`Error validating connection: ${error}`, {
                level: 'error',
            });
            return false;
        }
    }
    // Override the default connection handler so we can route through a parent
    // HTTP proxy, or into the MITM proxy's socket, when one is configured. The
    // default handler does a straight net.connect(), which uses neither.
    socksServer.setConnectionHandler((conn, sendStatus) => {
        // The ruleset validator above allowed this destination on its
        // canonical spelling; dial (and make the MITM and parent-proxy decisions
        // on) that same spelling, as the HTTP proxy does, rather than the client's.
        const host = (0,parent_proxy/* canonicalizeHost */.pb)(conn.destAddress) ?? conn.destAddress;
        const port = conn.destPort;
        // Track client liveness so we can abort the upstream dial if they bail.
        let clientGone = false;
        let upstreamRef;
        conn.socket.once('close', () => {
            clientGone = true;
            upstreamRef?.destroy();
        });
        conn.socket.on('error', () => upstreamRef?.destroy());
        // A host with a MITM socket must never reach the network any other way:
        // if that tunnel fails the client gets a failure reply, not the next route.
        const mitmSocketPath = options.getMitmSocketPath?.(host);
        // SOCKS is an opaque TCP tunnel — semantically identical to HTTP CONNECT —
        // so a non-MITM host prefers HTTPS_PROXY if set, regardless of dest port.
        const parentUrl = !mitmSocketPath &&
            options.parentProxy &&
            !(0,parent_proxy/* shouldBypassParentProxy */.yL)(options.parentProxy, host)
            ? (0,parent_proxy/* selectParentProxyUrl */.gn)(options.parentProxy, { isHttps: true })
            : undefined;
        let open;
        if (mitmSocketPath) {
            (0,debug/* logForDebugging */.o)(`Routing SOCKS CONNECT ${host}:${port} through MITM proxy at ${mitmSocketPath}`);
            open = (0,parent_proxy/* openConnectTunnel */.Ty)({
                dial: () => (0,external_net_.connect)({ path: mitmSocketPath }),
                readyEvent: 'connect',
                destHost: host,
                destPort: port,
            });
        }
        else if (parentUrl) {
            open = (0,parent_proxy/* connectViaParentProxy */.hs)(parentUrl, host, port);
        }
        else {
            open = (0,parent_proxy/* dialDirect */.k6)(host, port, options.lookupFor?.(port, (0,sandbox_utils/* encodedCommandFromProxyUser */.bZ)(conn.username)));
        }
        open
            .then(upstream => {
            upstreamRef = upstream;
            upstream.on('error', () => conn.socket.destroy());
            if (clientGone) {
                upstream.destroy();
                return;
            }
            sendStatus('REQUEST_GRANTED');
            upstream.pipe(conn.socket);
            conn.socket.pipe(upstream);
            upstream.on('close', () => conn.socket.destroy());
        })
            .catch(err => {
            (0,debug/* logForDebugging */.o)(`SOCKS connect to ${host}:${port} failed: ${err.message}`, { level: 'error' });
            if (!clientGone) {
                try {
                    sendStatus((0,resolved_address_guard/* isResolvedAddressDenied */.mo)(err)
                        ? 'CONNECTION_NOT_ALLOWED'
                        : 'HOST_UNREACHABLE');
                }
                catch {
                    // socket may have closed between the check and the write
                }
            }
        });
    });
    // Track every injected client socket so close() can tear them down
    // immediately. A SOCKS connection still inside `dialDirect()`
    // (CONNECT_TIMEOUT_MS, parent-proxy.ts) or mid-relay would otherwise hold
    // reset() open until it expires. The library's internal net.Server is never
    // .listen()ed — the mux owns accept — so there's no listener to close; we
    // only destroy sockets.
    const openSockets = new Set();
    return {
        handleConnection(socket) {
            socket.setNoDelay();
            openSockets.add(socket);
            socket.once('close', () => openSockets.delete(socket));
            if (!options.proxyAuthToken) {
                socksServer._handleConnection(socket);
                return;
            }
            // Auth is required. Peek the greeting (VER NMETHODS METHODS...): a
            // client that does not offer method 0x02 (username/password) can never
            // authenticate — the library would reply 0xFF and the client dies with
            // an opaque "authentication method negotiation failed". Route it to
            // the refusal probe instead so the failure carries the policy reason
            // (for SSH, in-band — see refuseUnauthenticated). Clients that DO
            // offer 0x02 get the greeting unshifted back and the normal
            // authenticated path.
            readSocksGreeting(socket, canAuthenticate => {
                if (canAuthenticate) {
                    socksServer._handleConnection(socket);
                    return;
                }
                refuseUnauthenticated(socket, options).catch(() => socket.destroy());
            });
        },
        async close() {
            for (const socket of openSockets)
                socket.destroy();
            openSockets.clear();
        },
    };
}
const SOCKS_METHOD_NO_AUTH = 0x00;
const SOCKS_METHOD_USERPASS = 0x02;
/**
 * Peek the SOCKS5 greeting off the socket and report whether the client
 * offered username/password auth. Before the callback runs, the socket is
 * paused and every buffered byte is pushed back in a single `unshift` for
 * the authenticated path (the library re-reads the greeting itself), or
 * just the post-greeting surplus for the probe path (which consumed the
 * greeting by answering it). A single unshift on a paused socket is the
 * only ordering the stream API guarantees — two unshifts on a flowing
 * socket can drop or reorder pipelined bytes. Destroys the socket on
 * malformed input.
 */
function readSocksGreeting(socket, done) {
    let buf = Buffer.alloc(0);
    const onData = (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length < 2)
            return;
        if (buf[0] !== 0x05) {
            socket.off('data', onData);
            socket.destroy();
            return;
        }
        const nMethods = buf[1];
        if (buf.length < 2 + nMethods)
            return;
        socket.off('data', onData);
        socket.pause();
        const methods = buf.subarray(2, 2 + nMethods);
        const canAuthenticate = methods.includes(SOCKS_METHOD_USERPASS);
        const pushBack = canAuthenticate ? buf : buf.subarray(2 + nMethods);
        if (pushBack.length > 0)
            socket.unshift(pushBack);
        done(canAuthenticate);
    };
    socket.on('data', onData);
    socket.once('error', () => socket.off('data', onData));
}
/**
 * Terminal handler for a SOCKS5 client that cannot authenticate. Completes
 * just enough of the protocol to learn the CONNECT destination, then
 * refuses — there is deliberately no code path here that dials upstream, so
 * an unauthenticated peer can never use the proxy as a relay.
 *
 * For an SSH destination (port 22) the refusal is delivered in-band: a
 * minimal SSH server identification plus a plaintext pre-key-exchange
 * SSH_MSG_DISCONNECT whose description is the policy reason. OpenSSH prints
 * that description verbatim ("Received disconnect from ...: <reason>"), so
 * a git-over-ssh user (or agent) sees WHY instead of an opaque
 * "authentication method negotiation failed". Non-SSH ports get the plain
 * SOCKS "connection not allowed" reply.
 */
async function refuseUnauthenticated(socket, options) {
    // Select the no-auth method so the client proceeds to its CONNECT request.
    socket.write(Buffer.from([0x05, SOCKS_METHOD_NO_AUTH]));
    const request = await readSocksConnect(socket);
    if (request === undefined) {
        socket.destroy();
        return;
    }
    const { host, port } = request;
    if (!(0,parent_proxy/* isValidHost */.HO)(host)) {
        socket.end(socksReply(0x02));
        return;
    }
    const probe = options.probeUnauthenticated
        ? await options.probeUnauthenticated(port, host)
        : {};
    (0,debug/* logForDebugging */.o)(`SOCKS unauthenticated client refused for ${host}:${port}` +
        (probe.deniedReason !== undefined ? ' (denied by policy)' : ''));
    if (port !== 22) {
        socket.end(socksReply(0x02));
        return;
    }
    // The built-in fallback states only what the proxy itself knows. An
    // embedder that wants environment-specific guidance (e.g. "use an
    // https:// remote") should express it as a deny rule with a reason —
    // a `*:22` deniedDomains entry covers every SSH destination.
    const reason = probe.deniedReason ??
        'This proxy requires authentication, and this client did not offer an ' +
            'authentication method, so the connection was refused.';
    // SOCKS success (bind address 0.0.0.0:0), then speak SSH.
    socket.write(socksReply(0x00));
    socket.write(Buffer.from('SSH-2.0-policy_refusal\r\n'));
    socket.end(sshDisconnectPacket(reason));
}
/** SOCKS5 reply with the given status and a zero bind address. */
function socksReply(status) {
    return Buffer.from([0x05, status, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
}
/** Parse the SOCKS5 CONNECT request (after method selection). */
function readSocksConnect(socket) {
    return new Promise(resolve => {
        let buf = Buffer.alloc(0);
        const finish = (value) => {
            socket.off('data', onData);
            clearTimeout(timer);
            resolve(value);
        };
        // An unauthenticated peer gets a short leash: if the CONNECT request
        // doesn't arrive promptly, drop the connection.
        const timer = setTimeout(() => finish(undefined), 5000);
        const onData = (chunk) => {
            buf = Buffer.concat([buf, chunk]);
            if (buf.length < 4)
                return;
            if (buf[0] !== 0x05 || buf[1] !== 0x01 /* CONNECT */) {
                finish(undefined);
                return;
            }
            const atyp = buf[3];
            if (atyp === 0x01) {
                if (buf.length < 10)
                    return;
                const host = Array.from(buf.subarray(4, 8)).join('.');
                finish({ host, port: buf.readUInt16BE(8) });
            }
            else if (atyp === 0x03) {
                if (buf.length < 5)
                    return;
                const len = buf[4];
                if (buf.length < 5 + len + 2)
                    return;
                finish({
                    host: buf.subarray(5, 5 + len).toString('utf8'),
                    port: buf.readUInt16BE(5 + len),
                });
            }
            else if (atyp === 0x04) {
                if (buf.length < 22)
                    return;
                const parts = [];
                for (let i = 0; i < 16; i += 2) {
                    parts.push(buf.readUInt16BE(4 + i).toString(16));
                }
                finish({ host: parts.join(':'), port: buf.readUInt16BE(20) });
            }
            else {
                finish(undefined);
            }
        };
        socket.on('data', onData);
        // readSocksGreeting explicitly pause()d the socket; an explicit pause is
        // NOT lifted by attaching a 'data' listener, so resume by hand.
        socket.resume();
        socket.once('error', () => finish(undefined));
        socket.once('close', () => finish(undefined));
    });
}
/**
 * A plaintext SSH_MSG_DISCONNECT, legal before key exchange (RFC 4253:
 * SSH_MSG_DISCONNECT may be sent at any time; pre-NEWKEYS packets carry no
 * MAC and no encryption). reason code 1 = HOST_NOT_ALLOWED_TO_CONNECT.
 * The description is what OpenSSH prints; collapse control characters so a
 * configured reason can't fabricate extra log lines, and cap the length.
 */
function sshDisconnectPacket(description) {
    const text = description
        // eslint-disable-next-line no-control-regex -- stripping control chars is the point
        .replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ')
        .slice(0, 1000);
    const desc = Buffer.from(text, 'utf8');
    const lang = Buffer.alloc(0);
    const payload = Buffer.concat([
        Buffer.from([0x01]), // SSH_MSG_DISCONNECT
        uint32(1), // SSH_DISCONNECT_HOST_NOT_ALLOWED_TO_CONNECT
        uint32(desc.length),
        desc,
        uint32(lang.length),
        lang,
    ]);
    // packet_length = padding_length byte + payload + padding;
    // (4 + packet_length) must be a multiple of 8, padding >= 4.
    let padding = 8 - ((4 + 1 + payload.length) % 8);
    if (padding < 4)
        padding += 8;
    const packet = Buffer.concat([
        uint32(1 + payload.length + padding),
        Buffer.from([padding]),
        payload,
        Buffer.alloc(padding),
    ]);
    return packet;
}
function uint32(n) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n, 0);
    return b;
}
//# sourceMappingURL=socks-proxy.js.map
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/listen-in-range.js
/**
 * Bind `server` to the first free port in `range`, retrying on EADDRINUSE.
 * With `range` undefined, binds to ephemeral port 0 once. The Windows WFP
 * loopback permit is installed by range, so proxy listeners on Windows must
 * land inside it; other platforms bake the actual ephemeral port into the
 * sandbox profile and pass `range = undefined`.
 */
function listenInRange(server, doListen, range, exclude) {
    return new Promise((resolve, reject) => {
        const [lo, hi] = range ?? [0, 0];
        let port = lo;
        const tryNext = () => {
            while (exclude.has(port) && port <= hi)
                port++;
            if (port > hi) {
                reject(new Error(`No free port in range ${lo}-${hi} (excluding ${[...exclude].join(',')})`));
                return;
            }
            const onListening = () => {
                server.removeListener('error', onError);
                resolve();
            };
            const onError = (err) => {
                // The paired 'listening' once-listener never fired; drop it
                // so retries don't accumulate stale listeners.
                server.removeListener('listening', onListening);
                if (range &&
                    err?.code === 'EADDRINUSE' &&
                    port < hi) {
                    port++;
                    tryNext();
                    return;
                }
                reject(err ?? new Error('listen error'));
            };
            server.once('error', onError);
            server.once('listening', onListening);
            doListen(range ? port : 0);
        };
        tryNext();
    });
}
//# sourceMappingURL=listen-in-range.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/tls-terminate-proxy.js + 1 modules
var tls_terminate_proxy = __webpack_require__(11319);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mux-proxy.js









/**
 * First-byte values that select the SOCKS handler. SOCKS5's greeting is
 * `VER NMETHODS METHODS...` with VER=0x05; SOCKS4's CONNECT is
 * `VN CD DSTPORT...` with VN=0x04. Everything else on this port is HTTP:
 * request methods start with an ASCII uppercase letter (>= 0x41 'A'),
 * h2-prior-knowledge starts `PRI ` (0x50), and a stray TLS ClientHello
 * starts 0x16 — none of which collide with 0x04/0x05. A one-byte peek is
 * therefore an unambiguous discriminator.
 */
const SOCKS_FIRST_BYTES = new Set([0x04, 0x05]);
const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 10000;
let backendSeq = 0;
function unixSocketPath() {
    // Keep it short — macOS sun_path is 104 bytes.
    return (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `srt-mux-${process.pid}-${(backendSeq++).toString(36)}.sock`);
}
/**
 * Single-port proxy front-end that dispatches each connection to either the
 * SOCKS handler or the HTTP proxy based on the first byte the client sends.
 *
 * The HTTP leg cannot use `httpServer.emit('connection', socket)` because
 * Bun's `http.Server` does not implement that injection path (Node does).
 * Instead the HTTP backend listens on a private endpoint — a unix socket on
 * macOS/Linux, a localhost TCP port on Windows — and the mux pipes the
 * client socket to it. SOCKS connections are handed directly to the
 * library's per-connection entry, no extra hop.
 */
function createMuxProxyServer(opts) {
    const firstByteTimeoutMs = opts.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS;
    const isWindows = (0,utils_platform/* getPlatform */.u)() === 'windows';
    // Where the HTTP backend listens. Exactly one of these is set after
    // listenHttpBackend() resolves.
    let backendSocketPath;
    let backendTcpPort;
    // Track every accepted client socket so close() can tear them down
    // immediately rather than waiting for in-flight tunnels to drain.
    const openSockets = new Set();
    function dispatchHttp(client) {
        if (backendSocketPath === undefined && backendTcpPort === undefined) {
            // listenHttpBackend() must resolve before the front-end listens; this
            // guard is defense-in-depth in case a future caller reorders them.
            (0,debug/* logForDebugging */.o)('mux: HTTP dispatch before backend bound; dropping', {
                level: 'error',
            });
            client.destroy();
            return;
        }
        const upstream = backendSocketPath
            ? (0,external_node_net_.connect)(backendSocketPath)
            : (0,external_node_net_.connect)(backendTcpPort, '127.0.0.1');
        let answered = false;
        upstream.once('data', () => {
            answered = true;
        });
        upstream.on('error', err => {
            // The 502 is an answer, for a client that has had none. One that has
            // may be in the middle of anything, a TLS tunnel included, where clear
            // text is noise. The 'close' that follows ends it.
            if (answered) {
                (0,debug/* logForDebugging */.o)(`mux: HTTP backend error: ${err.message}`);
                return;
            }
            // Surface a 502 with the errno code so callers (and CI logs) can tell
            // *why* the backend was unreachable instead of an opaque empty-reply.
            // Full error (including path) goes to debug logging only — the client
            // is our own sandboxed child, but there's no need to echo host paths.
            const code = err.code ?? 'ERR';
            (0,debug/* logForDebugging */.o)(`mux: HTTP backend dial failed: ${err.message}`, { level: 'error' });
            if (!client.destroyed) {
                client.end(`HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n` +
                    `mux backend dial failed (${code})\n`);
            }
        });
        client.on('error', () => upstream.destroy());
        client.once('close', () => upstream.destroy());
        // What is still queued for the client then is the end of an answer.
        upstream.once('close', () => (0,tls_terminate_proxy/* closeAfterFlush */.T)(client, () => { }));
        client.pipe(upstream);
        upstream.pipe(client);
    }
    const server = (0,external_node_net_.createServer)(client => {
        openSockets.add(client);
        client.once('close', () => openSockets.delete(client));
        client.on('error', err => (0,debug/* logForDebugging */.o)(`mux: client socket error: ${err.message}`));
        const timer = setTimeout(() => {
            (0,debug/* logForDebugging */.o)('mux: first-byte timeout; destroying connection');
            client.destroy();
        }, firstByteTimeoutMs);
        // Don't let a pending sniff keep the process alive.
        if (typeof timer.unref === 'function')
            timer.unref();
        client.once('readable', () => {
            clearTimeout(timer);
            const peek = client.read(1);
            if (!peek || peek.length === 0) {
                // EOF before any byte — client connected and closed.
                client.destroy();
                return;
            }
            client.unshift(peek);
            if (SOCKS_FIRST_BYTES.has(peek[0])) {
                opts.handleSocksConnection(client);
            }
            else {
                dispatchHttp(client);
            }
        });
    });
    return {
        server,
        getPort() {
            const addr = server.address();
            return addr && typeof addr === 'object' ? addr.port : undefined;
        },
        async listenHttpBackend() {
            if (!isWindows) {
                const path = unixSocketPath();
                // A prior process with the same PID may have crashed without
                // unlinking; clear any stale file so listen() doesn't EADDRINUSE.
                await (0,promises_.unlink)(path).catch(() => { });
                await new Promise((resolve, reject) => {
                    opts.httpServer.once('error', reject);
                    opts.httpServer.listen(path, () => {
                        opts.httpServer.removeListener('error', reject);
                        resolve();
                    });
                });
                backendSocketPath = path;
                (0,debug/* logForDebugging */.o)(`mux: HTTP backend listening on ${path}`);
                return undefined;
            }
            // Windows: AF_UNIX support under Bun is unverified, so the backend
            // listens on a localhost TCP port inside the WFP-permitted range.
            // The mux→backend hop originates from the parent process (not the
            // sandboxed child), so WFP doesn't strictly require it; staying in
            // range just keeps the port surface predictable.
            await listenInRange(opts.httpServer, p => opts.httpServer.listen(p, '127.0.0.1'), opts.httpBackendPortRange, new Set());
            const addr = opts.httpServer.address();
            backendTcpPort = addr && typeof addr === 'object' ? addr.port : undefined;
            (0,debug/* logForDebugging */.o)(`mux: HTTP backend listening on 127.0.0.1:${backendTcpPort}`);
            return backendTcpPort;
        },
        async close() {
            for (const s of openSockets)
                s.destroy();
            openSockets.clear();
            await new Promise(resolve => server.close(() => resolve()));
            // The mux owns httpServer's listen lifecycle, so it owns close too.
            // sandbox-manager.reset() additionally calls forceCloseHttpServer()
            // for closeAllConnections() semantics; double-close is a no-op.
            await new Promise(resolve => opts.httpServer.close(() => resolve()));
            if (backendSocketPath) {
                await (0,promises_.unlink)(backendSocketPath).catch(() => { });
                backendSocketPath = undefined;
            }
            backendTcpPort = undefined;
        },
        removeBackendSocketSync() {
            try {
                if (backendSocketPath)
                    (0,external_node_fs_.rmSync)(backendSocketPath, { force: true });
            }
            catch {
                // Best effort, as in close().
            }
        },
        unref() {
            server.unref();
            opts.httpServer.unref();
        },
    };
}
//# sourceMappingURL=mux-proxy.js.map
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-sentinel.js
/**
 * Per-session sentinel registry for credential masking.
 *
 * A masked credential's real value is replaced inside the sandbox with a
 * sentinel of the form `fake_value_<uuid4>`. The sandboxed process sees only
 * the sentinel; the host-side proxy substitutes sentinel→real on egress to
 * allowlisted destinations. The map lives only in process memory — it is
 * never written to disk and never logged.
 */

const SENTINEL_PREFIX = 'fake_value_';
// Padding alphabet: the same character class as the base sentinel, so a
// padded sentinel still survives shells, JSON, URLs, and multipart unquoted.
const SENTINEL_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789_-';
/**
 * Mint `fake_value_<uuid4>`, padded with random alphabet chars up to the
 * real value's byte length when the real value is longer. A length-matched
 * sentinel keeps Content-Length invariant under body substitution, so the
 * proxy forwards the header verbatim; a shorter real value keeps the
 * 47-byte base sentinel (entropy is never reduced below the uuid4) and the
 * proxy falls back to chunked framing instead. The padding carries no
 * entropy contract — the uuid4 does — so modulo bias is irrelevant.
 */
function mintSentinel(realValue) {
    const base = SENTINEL_PREFIX + (0,external_node_crypto_.randomUUID)();
    const pad = Buffer.byteLength(realValue) - base.length;
    if (pad <= 0)
        return base;
    let out = base;
    for (const b of (0,external_node_crypto_.randomBytes)(pad)) {
        out += SENTINEL_ALPHABET[b % SENTINEL_ALPHABET.length];
    }
    return out;
}
/**
 * Sentinel↔real-value map for one sandbox session, keyed by credential name.
 *
 * Each credential carries its own `injectHosts` list, and substitution is
 * gated per sentinel: a sentinel is swapped to its real value only when the
 * destination matches THAT credential's hosts. This prevents laundering
 * credential A through credential B's allowlisted host by sending A's
 * sentinel there — the proxy leaves A's sentinel intact on B's host.
 *
 * Keying on name (not value) means two env vars holding the same secret get
 * distinct sentinels, so each can have an independent host list.
 */
class SentinelRegistry {
    constructor() {
        this.byName = new Map();
        this.bySentinel = new Map();
        // True while every registered sentinel starts with SENTINEL_PREFIX, which
        // keeps the substring fast path in substituteInString() valid. A
        // caller-minted sentinel (e.g. a JWT-shaped fake) clears it.
        this.allSentinelsPrefixed = true;
    }
    /**
     * Return the sentinel for the credential named `name`, minting a fresh one
     * on first use. The sentinel is `fake_value_<uuid4>`: long enough that an
     * accidental collision with legitimate header content is negligible, and
     * free of shell/URL metacharacters so it survives `--setenv` and
     * `env NAME=value` unquoted.
     *
     * Idempotent on `name`: a repeat call returns the same sentinel and updates
     * `realValue`/`injectHosts` in place so `updateConfig()` can change either
     * without invalidating sentinels the sandboxed process has already read.
     * (A re-register whose new value has a different byte length leaves the
     * sentinel un-length-matched; body substitution then re-frames as chunked
     * rather than trusting a stale Content-Length.)
     */
    register(name, realValue, injectHosts) {
        return this.registerWithSentinel(name, mintSentinel(realValue), realValue, injectHosts);
    }
    /**
     * Like {@link register}, but with a caller-minted sentinel instead of the
     * default `fake_value_<uuid4>` — used when the fake must keep the real
     * value's shape (e.g. a structurally valid JWT for `decode: "jwt"`), so
     * client-side parsers inside the sandbox don't choke on it.
     *
     * Same idempotency contract as {@link register}: if `name` is already
     * registered, the EXISTING sentinel is returned (and `sentinel` discarded)
     * so a re-register never invalidates a fake the sandboxed process has
     * already read. The caller must mint sentinels with enough entropy that
     * collisions with real content are negligible (embed a uuid4). No
     * registered sentinel may be a substring of any other registered sentinel:
     * the body-substitution scan matches earliest-position-then-registration-
     * order, not longest-match, so nested sentinels would make replacement
     * chunk-boundary-dependent (still fail-safe — worst case a wrong fake
     * reaches upstream, never a secret).
     *
     * Caller-minted sentinels are used verbatim — never length-padded: a
     * shaped fake (e.g. a JWT) must keep its structure. They are therefore
     * generally not length-matched, and body substitution at hosts where they
     * inject falls back to chunked framing.
     */
    registerWithSentinel(name, sentinel, realValue, injectHosts) {
        const existing = this.byName.get(name);
        if (existing !== undefined) {
            existing.realValue = realValue;
            existing.injectHosts = injectHosts;
            return existing.sentinel;
        }
        if (!sentinel.startsWith(SENTINEL_PREFIX)) {
            this.allSentinelsPrefixed = false;
        }
        const entry = { name, sentinel, realValue, injectHosts };
        this.byName.set(name, entry);
        this.bySentinel.set(sentinel, entry);
        return sentinel;
    }
    /** Real value for `sentinel`, or undefined if not registered. */
    lookupReal(sentinel) {
        return this.bySentinel.get(sentinel)?.realValue;
    }
    /**
     * Names of the registered credentials whose `injectHosts` cover
     * `destHost`. Diagnostic helper: the proxy uses it to warn when a host is
     * exempted from TLS termination (so substitution can never run there) but
     * a masked credential is configured for injection at it.
     */
    namesInjectableAt(destHost, matches) {
        const names = [];
        for (const e of this.byName.values()) {
            if (e.injectHosts.some(p => matches(destHost, p)))
                names.push(e.name);
        }
        return names;
    }
    /**
     * Sentinel→real byte pairs for every credential whose `injectHosts`
     * cover `destHost` — the substitution set the body transform scans for.
     * Same per-credential gating as {@link substituteInHeaders}. Buffers are
     * built per call so a re-registered credential's updated real value is
     * always current.
     */
    sentinelsForHost(destHost, matches) {
        const pairs = [];
        for (const e of this.bySentinel.values()) {
            if (!e.injectHosts.some(p => matches(destHost, p)))
                continue;
            pairs.push({
                sentinel: Buffer.from(e.sentinel),
                realValue: Buffer.from(e.realValue),
            });
        }
        return pairs;
    }
    /** Iterate registered `[sentinel, realValue]` pairs. */
    *entries() {
        for (const e of this.bySentinel.values())
            yield [e.sentinel, e.realValue];
    }
    /** Number of registered sentinels. */
    get size() {
        return this.bySentinel.size;
    }
    /** Drop every mapping. Called on session teardown. */
    clear() {
        this.byName.clear();
        this.bySentinel.clear();
        this.allSentinelsPrefixed = true;
    }
    /**
     * Replace registered sentinels found in `headers` with their real values,
     * in place. Each sentinel substitutes only when `destHost` matches one of
     * THAT credential's `injectHosts` patterns (via `matches`); a sentinel
     * whose host list does not cover `destHost` is left as the useless fake.
     *
     * Scans all header values rather than a fixed set — a sentinel showing up
     * anywhere is the substitution trigger, regardless of header name
     * (Authorization, X-Api-Key, Private-Token, ...).
     *
     * The caller remains responsible for transport gating (TLS-terminated path
     * unless `allowPlaintextInject`).
     */
    substituteInHeaders(headers, destHost, matches) {
        if (this.bySentinel.size === 0)
            return;
        for (const [name, value] of Object.entries(headers)) {
            if (value === undefined)
                continue;
            if (Array.isArray(value)) {
                for (let i = 0; i < value.length; i++) {
                    value[i] = this.substituteInString(value[i], destHost, matches);
                }
            }
            else {
                headers[name] = this.substituteInString(value, destHost, matches);
            }
        }
    }
    substituteInString(s, destHost, matches) {
        // Fast path: while every sentinel carries the fixed prefix, a header
        // value that doesn't contain it cannot contain any sentinel. Disabled
        // once a caller-minted sentinel (arbitrary shape) is registered.
        if (this.allSentinelsPrefixed && !s.includes(SENTINEL_PREFIX))
            return s;
        let out = s;
        for (const e of this.bySentinel.values()) {
            if (!out.includes(e.sentinel))
                continue;
            if (!e.injectHosts.some(p => matches(destHost, p)))
                continue;
            out = out.split(e.sentinel).join(e.realValue);
        }
        return out;
    }
}
//# sourceMappingURL=credential-sentinel.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-extract.js
/**
 * Structured credential extraction, shared by file masking
 * (credential-mask-files.ts) and env-var masking (credential-mask-env.ts).
 *
 * `extract` is a regex whose capture group 1 picks the credential value(s)
 * out of a larger text (a config file, a connection-string env var). Only
 * the captured span(s) are replaced with sentinels; the rest of the text is
 * preserved byte-for-byte so parsers still succeed inside the sandbox.
 */
/**
 * Apply `pattern` globally to `content` and return `content` with each
 * matched capture-group-1 span replaced by `sentinelFor(capture, i)`,
 * where `i` is the zero-based index of the distinct captured value in
 * first-seen order.
 *
 * Offset-based: the regex `d` flag exposes capture-group offsets, so the
 * output is built by slicing between spans and splicing the sentinel in
 * at the exact `[start, end)` of group 1. By default only the
 * regex-matched span is replaced — a captured value that coincidentally
 * appears elsewhere in the content (outside any match) is left intact. No
 * placeholder pass, no substring-ordering concern.
 *
 * With `maskDuplicates` (see {@link ExtractOptions}), an indexOf scan
 * additionally collects every verbatim occurrence of each captured value
 * elsewhere in the content. All spans are computed against the ORIGINAL
 * content — never the partially substituted output — so an inserted
 * sentinel can never be re-matched and corrupted, even when a captured
 * value is a substring of the sentinel literal. Regex-match spans win
 * over verbatim ones, and verbatim scans run longest-capture-first so a
 * shorter capture that is a substring of a longer one cannot claim part
 * of the longer secret's occurrence. A capture the callback declined to
 * mask (returned unchanged — the decode-verification gate) is excluded
 * from the verbatim scan.
 *
 * Returns `null` when the pattern matches nothing — the caller routes
 * that per the entry's `onExtractNoMatch` option (warn / deny / error).
 *
 * Throws when a match has no group-1 capture. The schema already rejects
 * patterns with zero groups, so this only fires when group 1 is optional
 * and absent for some match (e.g. `"token: (\\S+)?"`); accepting that
 * would silently mask nothing for that occurrence.
 *
 * Pure on `content`/`pattern`; the callback may close over a registry.
 */
function extractAndSubstitute(content, pattern, sentinelFor, options = {}) {
    // The schema validates `pattern` compiles; `g` makes matchAll iterate
    // every occurrence and `d` populates `m.indices` with group offsets.
    const re = new RegExp(pattern, 'gd');
    const indexByCapture = new Map();
    // First sentinel returned per capture — reused for verbatim spans so
    // the duplicate pass never re-invokes the callback.
    const sentinelByCapture = new Map();
    const spans = [];
    for (const m of content.matchAll(re)) {
        const cap = m[1];
        if (cap === undefined) {
            throw new Error(`extract pattern /${pattern}/ matched at offset ${m.index} but ` +
                `capture group 1 is undefined — group 1 must capture the ` +
                `credential value on every match.`);
        }
        // Empty captures are skipped: a zero-width span has nothing to mask.
        if (cap.length === 0)
            continue;
        let i = indexByCapture.get(cap);
        if (i === undefined)
            indexByCapture.set(cap, (i = indexByCapture.size));
        const [start, end] = m.indices[1];
        const sentinel = sentinelFor(cap, i);
        if (!sentinelByCapture.has(cap))
            sentinelByCapture.set(cap, sentinel);
        spans.push({ start, end, sentinel });
    }
    if (indexByCapture.size === 0)
        return null;
    if (options.maskDuplicates) {
        // Longest capture first: a shorter capture that is a substring of a
        // longer one would otherwise claim part of the longer secret's
        // occurrence and leave the remainder exposed.
        const byLength = [...indexByCapture.keys()].sort((a, b) => b.length - a.length);
        for (const cap of byLength) {
            const sentinel = sentinelByCapture.get(cap);
            // The callback declines masking by returning the capture itself
            // (decode verification failed). Replacing a value with itself is a
            // no-op, and its spans must not block other captures' duplicates —
            // skip declined captures entirely.
            if (sentinel === cap)
                continue;
            for (let start = content.indexOf(cap); start !== -1; start = content.indexOf(cap, start + 1)) {
                const end = start + cap.length;
                // Spans already collected (regex matches, then earlier — longer —
                // captures' verbatim occurrences) win over this occurrence.
                if (spans.some(s => start < s.end && s.start < end))
                    continue;
                spans.push({ start, end, sentinel });
            }
        }
        spans.sort((a, b) => a.start - b.start);
    }
    // Spans are non-overlapping and sorted by offset (matchAll yields
    // matches in order; the verbatim pass re-sorts), so a single
    // slice-and-concat pass over the original content is sound.
    let out = '';
    let pos = 0;
    for (const s of spans) {
        out += content.slice(pos, s.start) + s.sentinel;
        pos = s.end;
    }
    return {
        fakeContent: out + content.slice(pos),
        captures: [...indexByCapture.keys()],
    };
}
//# sourceMappingURL=credential-extract.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-decode.js
/**
 * Decoding support for encoded credential formats (`decode` on a
 * `credentials.files` entry). Currently JWT only.
 *
 * Pure helpers: the default extraction pattern for finding JWT candidates
 * in a file, the verification predicate that confirms a candidate actually
 * is a JWT before it gets masked, and the minting of a JWT-shaped fake to
 * stand in for the real token inside the sandbox.
 */

/**
 * Default `extract` pattern for `decode: "jwt"` entries.
 *
 * A JWT's first segment is the base64url encoding of a JSON header that
 * starts `{"` (it always declares `alg`/`typ`), and base64url of `{"` is
 * `eyJ` — so every JWT starts with `eyJ`. Capture group 1 is the whole
 * three-segment token. The pattern over-matches (any eyJ-prefixed
 * base64url triple); {@link verifyJwt} filters the false positives.
 */
const JWT_DEFAULT_EXTRACT_PATTERN = '(eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)';
/** Parse a base64url segment as JSON, or undefined if either step fails. */
function decodeSegment(segment) {
    try {
        return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    }
    catch {
        return undefined;
    }
}
/**
 * True when `candidate` is structurally a JWT: three dot-separated
 * segments, the first two base64url-decoding to JSON, and the header
 * (segment 1) declaring an `alg` property.
 *
 * Used to filter extraction candidates before masking — a regex match
 * that fails this check (e.g. a random base64 blob the default pattern
 * over-matched) is left untouched rather than masked.
 */
function verifyJwt(candidate) {
    const parts = candidate.split('.');
    if (parts.length !== 3)
        return false;
    const header = decodeSegment(parts[0]);
    if (typeof header !== 'object' || header === null || !('alg' in header)) {
        return false;
    }
    return decodeSegment(parts[1]) !== undefined;
}
/**
 * Fixed far-future `exp` claim for fake JWTs (2286-11-20). A constant, not
 * an offset from now, so the fake is fully deterministic given the uuid.
 */
const FAKE_JWT_EXP = 9999999999;
/** Fixed signature filler: base64url("srt-fake"). Never a valid signature. */
const FAKE_JWT_SIGNATURE = 'c3J0LWZha2U';
function base64url(s) {
    return Buffer.from(s, 'utf8').toString('base64url');
}
/**
 * Mint a structurally valid fake JWT carrying the sentinel identity
 * `fake_value_<uuid>` in its `sub` claim. Deterministic given `uuid`.
 *
 * The fake is parseable by client-side JWT handling (three segments, JSON
 * header/payload, far-future `exp`), so a tool inside the sandbox that
 * inspects the token before sending it doesn't break. The header says
 * `alg: HS256` — NOT `alg: none` — deliberately: misconfigured validators
 * accept `alg: none` tokens as valid, whereas an HS256 header forces every
 * validator to attempt signature verification and reject the garbage
 * signature. So if the fake ever reaches a verifier unswapped (e.g. sent
 * to a non-injectHosts destination, the designed fail-closed pass-through),
 * it is cryptographically rejected.
 */
function mintFakeJwt(uuid) {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(JSON.stringify({ sub: SENTINEL_PREFIX + uuid, exp: FAKE_JWT_EXP }));
    return `${header}.${payload}.${FAKE_JWT_SIGNATURE}`;
}
/**
 * Claim-level masking for a verified JWT: replace each named top-level
 * payload claim that is present with a string value by a caller-provided
 * sentinel, and rebuild the token around the modified payload.
 *
 * The rebuilt token is `header.payload'.signature-filler`:
 *
 * - **Header**: the original base64url segment is reused verbatim, so the
 *   token still advertises the real `alg`/`typ`/`kid` and client-side
 *   header inspection sees exactly what it would outside the sandbox.
 * - **Payload**: the decoded object with the named claims swapped for
 *   sentinels, re-encoded with `JSON.stringify`. Key order and whitespace
 *   inside the payload segment may differ from the original encoding —
 *   irrelevant to any JSON consumer, and the segment bytes change anyway
 *   because a claim value changed.
 * - **Signature**: the fixed filler from {@link mintFakeJwt}, NOT the real
 *   signature. For RS/ES algorithms signature verification needs only the
 *   public key, so shipping the real signature over a modified payload
 *   would hand the sandbox an offline brute-force oracle for a low-entropy
 *   masked claim (guess the claim, re-encode, verify). The filler also
 *   keeps the fake a non-credential end to end, consistent with the
 *   garbage-signature rationale in {@link mintFakeJwt}.
 *
 * Claims that are absent from the payload, or present with a non-string
 * value, are skipped (the caller logs them). Returns `null` — without
 * invoking `sentinelFor` — when no named claim matched, or when the
 * payload does not decode to a JSON object; the caller routes that
 * through its no-match policy.
 *
 * Pure on `token`/`claims`; the callback may close over a registry.
 */
function maskJwtClaims(token, claims, sentinelFor) {
    const [headerSeg, payloadSeg] = token.split('.');
    const payload = decodeSegment(payloadSeg ?? '');
    // verifyJwt only guarantees the payload is JSON — it could still be a
    // scalar or array, which has no claims to mask.
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        return null;
    const record = payload;
    // Collect matches before minting any sentinel, so a null return never
    // leaves an orphaned registration behind in the caller's registry.
    const matched = [];
    for (const claim of claims) {
        const value = record[claim];
        if (typeof value === 'string')
            matched.push([claim, value]);
    }
    if (matched.length === 0)
        return null;
    const claimSentinels = new Map();
    for (const [claim, value] of matched) {
        const sentinel = sentinelFor(claim, value);
        record[claim] = sentinel;
        claimSentinels.set(claim, sentinel);
    }
    return {
        fakeToken: `${headerSeg}.${base64url(JSON.stringify(record))}.${FAKE_JWT_SIGNATURE}`,
        claimSentinels,
    };
}
//# sourceMappingURL=credential-decode.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-mask-files.js
/**
 * Credential file masking (Linux).
 *
 * For a `credentials.files` entry with `mode: "mask"`, srt reads the real
 * file content on the host, registers one or more sentinels in the
 * {@link SentinelRegistry}, and writes a fake file (sentinel-substituted)
 * to a manager-owned temp directory. The Linux sandbox then `--ro-bind`s
 * the fake over the real path, so the sandboxed process reads the
 * sentinel(s). The proxy substitution from env-var masking already scans
 * every header for any registered sentinel, so a tool that does
 * `Authorization: Bearer $(cat <maskedFile>)` reaches the upstream with
 * the real bytes — no proxy changes required.
 *
 * Without `extract`, masking is **whole-file**: one sentinel replaces the
 * entire content. With `extract`, masking is **structured**: a regex picks
 * out the credential value(s) and only those spans are replaced, so a tool
 * that parses the file (JSON/YAML/.netrc) still sees valid syntax. See
 * {@link extractAndSubstitute} and {@link CredentialFileConfigSchema}.
 *
 * On macOS, SBPL cannot redirect reads, so masked files degrade to
 * `mode: "deny"` (see macos-sandbox-utils.ts). On Windows an ACL cannot
 * either (see `windowsMaskedFileDenies` in sandbox-manager.ts).
 */








/**
 * Sentinel-registry key prefix for masked files. Keeps file keys disjoint
 * from env-var names so a credential file at path `GH_TOKEN` cannot collide
 * with the env var `GH_TOKEN`.
 */
const FILE_KEY_PREFIX = 'file:';
/**
 * Manager-owned temp dir holding the fake files.
 *
 * INVARIANT: this directory must never be writable from inside the sandbox.
 * The Linux layer enforces this by emitting `--ro-bind <dirPath> <dirPath>`
 * after every other filesystem mount (see generateFilesystemArgs), so the
 * store stays read-only even if a caller's allowWrite covers os.tmpdir() or
 * the host's $TMPDIR points under a default-writable path. If the sandbox
 * could write here it could replace a fake's content (the bind exposes the
 * source file) or plant a symlink for a later host-side write() to follow.
 */
class MaskedFileStore {
    constructor() {
        this.byKey = new Map();
    }
    /**
     * Write `sentinel` to a fake file for `key` and return its path.
     * Idempotent on `key`: a repeat call rewrites the same fake (so a
     * changed sentinel after re-register propagates) instead of leaking a
     * new file per wrapWithSandbox() call.
     */
    write(key, sentinel) {
        if (this.dir === undefined) {
            this.dir = external_node_fs_.mkdtempSync((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'srt-credmask-'));
        }
        let fakePath = this.byKey.get(key);
        if (fakePath === undefined) {
            fakePath = (0,external_node_path_.join)(this.dir, `${this.byKey.size}.fake`);
            this.byKey.set(key, fakePath);
        }
        // Never follow a symlink at fakePath: a prior sandbox invocation may
        // have planted one (the store dir is ro-bound now, but defence in
        // depth). Unlink first so writeFileSync creates a fresh regular file.
        external_node_fs_.rmSync(fakePath, { force: true });
        // 0600: owner rw so the idempotent rewrite above succeeds; the bind
        // into the sandbox is --ro-bind so the sandboxed process sees it
        // read-only regardless of the host mode. No group/other.
        external_node_fs_.writeFileSync(fakePath, sentinel, { mode: 0o600 });
        return fakePath;
    }
    /** Remove the temp dir and every fake file in it. Idempotent. */
    dispose() {
        if (this.dir !== undefined) {
            try {
                external_node_fs_.rmSync(this.dir, { recursive: true, force: true });
            }
            catch (err) {
                (0,debug/* logForDebugging */.o)(`MaskedFileStore cleanup failed: ${err}`, {
                    level: 'error',
                });
            }
        }
        this.dir = undefined;
        this.byKey.clear();
    }
    /** Temp dir path, or undefined if no fake has been written yet. */
    get dirPath() {
        return this.dir;
    }
}
/**
 * For each `mode: "mask"` file entry: resolve the path, read the real
 * content, build the fake content (whole-file or structured per `extract`),
 * register sentinels in `registry`, write the fake via `store`, and return
 * the bind list plus any entries that degraded to deny.
 *
 * Whole-file mode (no `extract`): one sentinel keyed `file:<path>` whose
 * real value is the entire file content; the fake file *is* the sentinel.
 *
 * Structured mode (`extract` and/or `decode` set): one sentinel per
 * distinct captured value, keyed `file:<path>#<i>`; the fake file is the
 * real content with each captured span replaced by its sentinel. With
 * `decode: "jwt"`, candidates come from the explicit `extract` pattern or
 * the built-in JWT pattern, each candidate must pass {@link verifyJwt}
 * before it is masked (failed candidates are left untouched), and the
 * sentinel is a JWT-shaped fake ({@link mintFakeJwt}) registered via
 * `registerWithSentinel`. With `maskClaims`, masking goes one level
 * deeper: each named top-level payload claim present with a string value
 * gets its own sentinel and the token is rebuilt around the modified
 * payload ({@link maskJwtClaims}); BOTH mappings are registered — the
 * whole fake token → the whole real token (a tool sending the token as a
 * bearer credential) and each claim sentinel → the real claim value (a
 * tool extracting the claim and sending it alone) — under the same
 * injectHosts. Named claims absent or non-string in a token are skipped
 * with a debug log (portable-config posture, like a missing file). If the
 * regex matches nothing — or, with decode, no candidate verifies, or with
 * `maskClaims`, no named claim matches in any verified token — the
 * entry's `onExtractNoMatch` decides:
 * - `"warn"` (default): skip the entry with a loud stderr warning —
 *   fail-open, the file stays readable via the root mount;
 * - `"deny"`: push the path to `degradeToDenyPaths` — fail-closed, the
 *   file becomes unreadable inside the sandbox;
 * - `"error"`: throw, so nothing runs until the config is fixed.
 * With `maskDuplicates`, verbatim occurrences of each captured value
 * outside the matched spans are also replaced (see {@link ExtractOptions}).
 * Composed with `decode`, the duplicate pass covers only captures that
 * passed verification — a duplicate is the same value, so it inherits the
 * verified capture's sentinel without re-verification; unverified
 * candidates (left untouched by the decode gate) never mask duplicates.
 *
 * Entries whose path does not exist, is unreadable, or resolves to a
 * directory are skipped with a debug log — same posture as a masked env
 * var that's unset on the host: nothing to protect, and surfacing a hard
 * error would make a portable config brittle across machines.
 *
 * The directory check is the authoritative one (the schema only catches a
 * trailing slash); whole-file masking has no meaning for a directory.
 */
function buildMaskedFileBinds(files, allowedDomains, registry, store) {
    const binds = [];
    const degradeToDenyPaths = [];
    for (const f of files) {
        if (f.mode !== 'mask')
            continue;
        // Literal: this path is stat'd, read and (on Linux) bound over, so it
        // is the name of one file however it is spelled — a `[` in it is part
        // of that name, not a character class.
        const realPath = (0,sandbox_utils/* normalizePathForSandbox */.lW)(f.path, { literal: true });
        let content;
        try {
            const stat = external_node_fs_.statSync(realPath);
            if (stat.isDirectory()) {
                (0,debug/* logForDebugging */.o)(`[credential-mask] Skipping masked file entry that resolves to ` +
                    `a directory: ${f.path} — use mode "deny" for directories.`, { level: 'warn' });
                continue;
            }
            // Read as bytes first: a utf8 read silently maps invalid sequences
            // to U+FFFD, so the sentinel would round-trip to corrupted bytes at
            // the proxy. Masking (whole-file or extract) is for text credential
            // files; reject binary.
            const raw = external_node_fs_.readFileSync(realPath);
            content = raw.toString('utf8');
            if (Buffer.byteLength(content, 'utf8') !== raw.length) {
                (0,debug/* logForDebugging */.o)(`[credential-mask] Skipping masked file with non-UTF-8 content ` +
                    `(binary credential files are not supported in mask mode): ` +
                    `${f.path}`, { level: 'warn' });
                continue;
            }
        }
        catch (err) {
            (0,debug/* logForDebugging */.o)(`[credential-mask] Skipping masked file (unreadable on host): ` +
                `${f.path} — ${err.message}`);
            continue;
        }
        const injectHosts = f.injectHosts ?? allowedDomains;
        const key = FILE_KEY_PREFIX + realPath;
        let fakeContent;
        if (f.extract === undefined && f.decode === undefined) {
            // Whole-file: one sentinel for the entire content.
            fakeContent = registry.register(key, content, injectHosts);
        }
        else {
            // An explicit extract pattern wins; decode without one falls back to
            // the built-in JWT pattern so authors don't hand-write it.
            const pattern = f.extract ?? JWT_DEFAULT_EXTRACT_PATTERN;
            let maskedCount = 0;
            const extracted = extractAndSubstitute(content, pattern, (cap, i) => {
                // Decode-verification: a regex match that is not actually a JWT
                // (the default pattern over-matches by design) is left untouched —
                // returning the capture replaces the span with itself.
                if (f.decode === 'jwt' && !verifyJwt(cap))
                    return cap;
                const name = `${key}#${i}`;
                if (f.decode === 'jwt' && f.maskClaims?.length) {
                    // Claim-level masking: sentinels go INSIDE the payload; the
                    // rebuilt fake token is itself registered as a sentinel for
                    // the whole real token, so both the bearer path (token sent
                    // verbatim) and the extracted-claim path substitute on egress.
                    const masked = maskJwtClaims(cap, f.maskClaims, (claim, real) => registry.register(`${key}#jwt${i}.${claim}`, real, injectHosts));
                    if (masked === null) {
                        // A verified JWT none of whose named claims are present as
                        // strings: nothing to mask in THIS token — leave it as-is;
                        // if no token matches any claim, onExtractNoMatch applies.
                        (0,debug/* logForDebugging */.o)(`[credential-mask] ${f.path}: verified JWT candidate has ` +
                            `none of maskClaims ${JSON.stringify(f.maskClaims)} as ` +
                            `string claims — left unmasked.`);
                        return cap;
                    }
                    const skipped = f.maskClaims.filter(c => !masked.claimSentinels.has(c));
                    if (skipped.length > 0) {
                        (0,debug/* logForDebugging */.o)(`[credential-mask] ${f.path}: maskClaims ` +
                            `${JSON.stringify(skipped)} absent or non-string in a ` +
                            `verified JWT — skipped.`);
                    }
                    maskedCount++;
                    return registry.registerWithSentinel(name, masked.fakeToken, cap, injectHosts);
                }
                maskedCount++;
                // For decode the fake must keep the token's shape: a JWT-shaped
                // sentinel keeps client-side parsers (segment count, payload
                // decode, exp checks) working inside the sandbox.
                return f.decode === 'jwt'
                    ? registry.registerWithSentinel(name, mintFakeJwt((0,external_node_crypto_.randomUUID)()), cap, injectHosts)
                    : registry.register(name, cap, injectHosts);
            }, { maskDuplicates: f.maskDuplicates ?? false });
            if (extracted === null || maskedCount === 0) {
                // Nothing was masked — either the pattern matched nothing or, with
                // decode, no candidate survived verification. Both are the same
                // "masking cannot apply" condition, so both route through the
                // entry's onExtractNoMatch policy.
                const cause = f.decode === 'jwt'
                    ? f.maskClaims?.length
                        ? `decode "jwt" with pattern "${pattern}" that matched no ` +
                            `verified JWT with maskable claims (maskClaims: ` +
                            `${JSON.stringify(f.maskClaims)})`
                        : `decode "jwt" with pattern "${pattern}" that matched no ` +
                            `verified JWT`
                    : `extract pattern "${pattern}" that matched nothing`;
                const onNoMatch = f.onExtractNoMatch ?? 'warn';
                if (onNoMatch === 'error') {
                    throw new Error(`credentials.files entry "${f.path}": ${cause} ` +
                        `(onExtractNoMatch: "error"). Fix the config, change to ` +
                        `"warn"/"deny", or remove the entry.`);
                }
                if (onNoMatch === 'deny') {
                    // Fail-closed: the operator declared this file as containing a
                    // credential. Masking can't apply — degrade to deny so the
                    // sandboxed process cannot read the credential at all.
                    (0,debug/* logForDebugging */.o)(`[credential-mask] ${f.path} has ${cause} — degrading to ` +
                        `mode "deny".`, { level: 'warn' });
                    degradeToDenyPaths.push(realPath);
                    continue;
                }
                // 'warn' (default): fail-open. A non-matching config is an error
                // to surface, not a reason to block file access. Skip the entry
                // (no bind, no deny) — the file stays readable via the root mount
                // — and warn loudly on stderr so the operator fixes the config.
                const msg = `[sandbox-runtime] WARNING: credentials.files entry ` +
                    `"${f.path}" has ${cause} in the file. The file is left ` +
                    `UNPROTECTED (readable as-is inside the sandbox). Fix the ` +
                    `config, set onExtractNoMatch to "deny" or "error", or remove ` +
                    `the entry.`;
                console.warn(msg);
                (0,debug/* logForDebugging */.o)(msg, { level: 'warn' });
                continue;
            }
            fakeContent = extracted.fakeContent;
        }
        const fakePath = store.write(key, fakeContent);
        binds.push({ realPath, fakePath });
    }
    return { binds, degradeToDenyPaths };
}
const MASKED_FILE_STORE_PREFIX = 'srt-credmask-';
//# sourceMappingURL=credential-mask-files.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-mask-env.js
/**
 * Credential env-var masking.
 *
 * For a `credentials.envVars` entry with `mode: "mask"`, srt reads the real
 * value from the host environment, registers one or more sentinels in the
 * {@link SentinelRegistry}, and sets the variable to the fake value inside
 * the sandbox (bwrap `--setenv` on Linux, the env preamble on macOS). The
 * proxy substitutes sentinel→real on egress to the entry's injectHosts.
 *
 * Without `extract`, masking is **whole-value**: one sentinel replaces the
 * entire value. With `extract`, masking is **structured**: a regex picks
 * out the credential span(s) and only those are replaced, so a tool that
 * parses the value (e.g. a `DATABASE_URL` connection string) still sees
 * valid syntax. See {@link extractAndSubstitute} and
 * {@link CredentialEnvVarConfigSchema}.
 */




/**
 * Sentinel-registry key prefix for structured (extract) env-var captures.
 * Whole-value env masking keys on the bare variable name; extract captures
 * key on `env:<NAME>#<i>` so the two forms — and masked files, which use
 * `file:<path>` — can never collide (env var names cannot contain `:`).
 */
const ENV_EXTRACT_KEY_PREFIX = 'env:';
/**
 * For each `mode: "mask"` env-var entry: read the real value from `env`,
 * build the fake value (whole-value or structured per `extract`), register
 * sentinels in `registry`, and return the set-env map plus any entries
 * that degraded to unset.
 *
 * Whole-value mode (no `extract`): one sentinel keyed on the bare variable
 * name whose real value is the entire env value; the fake value *is* the
 * sentinel.
 *
 * Structured mode (`extract` set): one sentinel per distinct captured
 * value, keyed `env:<NAME>#<i>`; the fake value is the real value with
 * each captured span replaced by its sentinel. If the regex matches
 * nothing, the entry's `onExtractNoMatch` decides:
 * - `"warn"` (default): skip the entry with a loud stderr warning —
 *   fail-open, the variable passes through with its real value;
 * - `"deny"`: push the name to `degradeToUnsetNames` — fail-closed, the
 *   variable is unset inside the sandbox;
 * - `"error"`: throw, so nothing runs until the regex is fixed.
 *
 * Decoded mode (`decode: "jwt"`): the whole value is verified as a JWT
 * and replaced by a JWT-shaped fake registered as a caller-minted
 * sentinel; with `maskClaims`, each named top-level payload claim present
 * with a string value gets its own sentinel (keyed `env:<NAME>#<claim>`)
 * and the token is rebuilt around the modified payload — BOTH the whole
 * rebuilt token and each claim sentinel are registered under the same
 * injectHosts. A value that does not verify — or, with `maskClaims`,
 * verifies but has no named claim present as a string — fails open with a
 * loud stderr warning.
 *
 * A masked variable with no value in `env` is skipped — there is nothing
 * to protect, and emitting an unset (or set) var would change tool
 * behaviour (presence checks would flip).
 *
 * `mode: "deny"` entries are ignored here; the caller handles them
 * directly (they need no registry or host environment access).
 */
function buildMaskedEnvVars(envVars, allowedDomains, registry, env = process.env) {
    const setEnvVars = {};
    const degradeToUnsetNames = [];
    for (const v of envVars) {
        if (v.mode !== 'mask')
            continue;
        const real = env[v.name];
        if (real === undefined)
            continue;
        // Effective injectHosts: per-entry narrows; if unset, default to
        // every reachable host (network.allowedDomains). injectHosts is an
        // *optional narrowing*, not a required allowlist. Trade-off: a
        // masked credential with no injectHosts is injectable at every host
        // the sandbox can reach — narrow it explicitly when the credential
        // should only go to a subset.
        const injectHosts = v.injectHosts ?? allowedDomains;
        if (v.decode === 'jwt') {
            if (!verifyJwt(real)) {
                // Nothing was masked — the operator declared the value a JWT but
                // it isn't one. Fail open with a loud warning (parallel to the
                // extract onExtractNoMatch "warn" default).
                const msg = `[sandbox-runtime] WARNING: credentials.envVars entry ` +
                    `"${v.name}" has decode "jwt" but its value did not verify ` +
                    `as a JWT. The variable is left UNPROTECTED (real value ` +
                    `visible as-is inside the sandbox). Fix the config or remove ` +
                    `the entry.`;
                console.warn(msg);
                (0,debug/* logForDebugging */.o)(msg, { level: 'warn' });
                continue;
            }
            if (v.maskClaims?.length) {
                // Claim-level masking: sentinels go INSIDE the payload; the
                // rebuilt fake token is itself registered as a sentinel for the
                // whole real token, so both the bearer path (token sent
                // verbatim) and the extracted-claim path substitute on egress.
                const masked = maskJwtClaims(real, v.maskClaims, (claim, value) => registry.register(`${ENV_EXTRACT_KEY_PREFIX}${v.name}#${claim}`, value, injectHosts));
                if (masked === null) {
                    // A verified JWT none of whose named claims are present as
                    // strings: nothing was masked — same fail-open posture as a
                    // value that does not verify.
                    const msg = `[sandbox-runtime] WARNING: credentials.envVars entry ` +
                        `"${v.name}" has maskClaims ` +
                        `${JSON.stringify(v.maskClaims)} but none is present as a ` +
                        `string claim in its JWT value. The variable is left ` +
                        `UNPROTECTED (real value visible as-is inside the sandbox). ` +
                        `Fix the config or remove the entry.`;
                    console.warn(msg);
                    (0,debug/* logForDebugging */.o)(msg, { level: 'warn' });
                    continue;
                }
                const skipped = v.maskClaims.filter(c => !masked.claimSentinels.has(c));
                if (skipped.length > 0) {
                    (0,debug/* logForDebugging */.o)(`[credential-mask] env var "${v.name}": maskClaims ` +
                        `${JSON.stringify(skipped)} absent or non-string in the ` +
                        `JWT — skipped.`);
                }
                setEnvVars[v.name] = registry.registerWithSentinel(`${ENV_EXTRACT_KEY_PREFIX}${v.name}`, masked.fakeToken, real, injectHosts);
                continue;
            }
            // JWT-shaped fake so token-parsing tools inside the sandbox keep
            // working; the proxy swaps the whole fake token on egress. Keyed
            // env:<NAME> — caller-minted keys stay disjoint from the file:
            // namespace and from plain masked env vars.
            setEnvVars[v.name] = registry.registerWithSentinel(`${ENV_EXTRACT_KEY_PREFIX}${v.name}`, mintFakeJwt((0,external_node_crypto_.randomUUID)()), real, injectHosts);
            continue;
        }
        if (v.extract === undefined) {
            // Whole-value: one sentinel for the entire value.
            setEnvVars[v.name] = registry.register(v.name, real, injectHosts);
            continue;
        }
        const extracted = extractAndSubstitute(real, v.extract, (cap, i) => registry.register(`${ENV_EXTRACT_KEY_PREFIX}${v.name}#${i}`, cap, injectHosts));
        if (extracted === null) {
            const onNoMatch = v.onExtractNoMatch ?? 'warn';
            if (onNoMatch === 'error') {
                throw new Error(`credentials.envVars entry "${v.name}": extract pattern ` +
                    `"${v.extract}" matched nothing (onExtractNoMatch: "error"). ` +
                    `Fix the regex, change to "warn"/"deny", or remove the entry.`);
            }
            if (onNoMatch === 'deny') {
                // Fail-closed: the operator declared this variable as containing
                // a credential. Masking can't apply — degrade to unset so the
                // sandboxed process cannot read the credential at all.
                (0,debug/* logForDebugging */.o)(`[credential-mask] extract pattern /${v.extract}/ matched ` +
                    `nothing in the value of ${v.name} — unsetting the variable.`, { level: 'warn' });
                degradeToUnsetNames.push(v.name);
                continue;
            }
            // 'warn' (default): fail-open. A non-matching pattern is a config
            // error to surface, not a reason to break a tool that needs the
            // variable. Skip the entry — the variable is inherited with its
            // real value — and warn loudly on stderr so the operator fixes
            // the regex.
            const msg = `[sandbox-runtime] WARNING: credentials.envVars entry ` +
                `"${v.name}" has extract pattern "${v.extract}" that matched ` +
                `nothing in the variable's value. The variable is left ` +
                `UNPROTECTED (visible as-is inside the sandbox). Fix the regex, ` +
                `set onExtractNoMatch to "deny" or "error", or remove the entry.`;
            console.warn(msg);
            (0,debug/* logForDebugging */.o)(msg, { level: 'warn' });
            continue;
        }
        setEnvVars[v.name] = extracted.fakeContent;
    }
    return { setEnvVars, degradeToUnsetNames };
}
//# sourceMappingURL=credential-mask-env.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/aws-sigv4.js
var aws_sigv4 = __webpack_require__(25877);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/credential-aws-pairs.js
/**
 * Linked AWS credential pairs for SigV4 re-signing.
 *
 * The sentinel registry maps independent name→value fakes, but SigV4
 * needs the access key id, secret access key, and optional session token
 * linked as ONE credential: the signature is an HMAC derived from the
 * secret, so a request signed with the fake secret must be re-signed with
 * the real one — and the only reliable trigger is the fake access key id
 * appearing in the signature's credential scope.
 *
 * Pairs come from two sources (see {@link registerAwsPairs}):
 * - an explicit `credentials.awsPairs` grouping, for non-standard
 *   variable names;
 * - auto-detection of the conventional AWS_ACCESS_KEY_ID /
 *   AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN trio when those vars are
 *   masked whole-value — the names the AWS SDKs and CLI actually read, so
 *   masking them is the opt-in.
 *
 * {@link createSigv4Planner} builds the per-request hook the
 * TLS-terminating proxy runs: exact-match the referenced access key id
 * against registered pair sentinels, classify the signature shape, and
 * either plan a re-sign (header-sigv4) or apply the configured
 * deny/passthrough policy (streaming, presigned, sigv4a).
 */


/** Conventional env var names the AWS SDKs and CLI read credentials from. */
const AWS_ACCESS_KEY_ID_VAR = 'AWS_ACCESS_KEY_ID';
const AWS_SECRET_ACCESS_KEY_VAR = 'AWS_SECRET_ACCESS_KEY';
const AWS_SESSION_TOKEN_VAR = 'AWS_SESSION_TOKEN';
/**
 * AWS pairs for one sandbox session, keyed by the access-key-id sentinel.
 * Like the sentinel registry, it lives only in process memory — never
 * written to disk, never logged.
 */
class AwsPairRegistry {
    constructor() {
        this.bySentinel = new Map();
    }
    /** Insert or replace the pair keyed on its access-key-id sentinel. */
    register(pair) {
        this.bySentinel.set(pair.accessKeyIdSentinel, pair);
    }
    /** Exact-match lookup by the fake access key id; never pattern-based. */
    lookup(accessKeyIdSentinel) {
        return this.bySentinel.get(accessKeyIdSentinel);
    }
    get size() {
        return this.bySentinel.size;
    }
    /** Drop every pair. Called on session teardown. */
    clear() {
        this.bySentinel.clear();
    }
}
/**
 * Register AWS credential pairs from the masked env vars.
 *
 * Runs after `buildMaskedEnvVars`: `setEnvVars` maps each masked variable
 * to its fake in-sandbox value, which for whole-value masking IS the
 * sentinel. Pair specs are the explicit `credentials.awsPairs` entries
 * plus — when none of them claims a conventional name — an implicit
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN spec.
 *
 * A spec registers only when both the access-key-id and secret variables
 * were actually masked (present in the host env, whole-value entries in
 * `setEnvVars`); the session token joins the pair when its variable was
 * masked too. A partially available spec is skipped — with one loud
 * warning for the dangerous half-masking: a masked secret without a
 * masked access key id means SigV4 requests carry a real key id (so
 * nothing triggers re-signing) over a fake-secret signature that can
 * never verify.
 */
function registerAwsPairs(envVars, awsPairs, allowedDomains, setEnvVars, registry, env = process.env) {
    const specs = [...(awsPairs ?? [])];
    const explicitNames = new Set(specs.flatMap(p => [
        p.accessKeyIdVar,
        p.secretAccessKeyVar,
        ...(p.sessionTokenVar ? [p.sessionTokenVar] : []),
    ]));
    const conventional = [
        AWS_ACCESS_KEY_ID_VAR,
        AWS_SECRET_ACCESS_KEY_VAR,
        AWS_SESSION_TOKEN_VAR,
    ];
    if (!conventional.some(n => explicitNames.has(n))) {
        specs.push({
            accessKeyIdVar: AWS_ACCESS_KEY_ID_VAR,
            secretAccessKeyVar: AWS_SECRET_ACCESS_KEY_VAR,
            sessionTokenVar: AWS_SESSION_TOKEN_VAR,
        });
    }
    // A variable is usable as a pair member when it has a whole-value
    // mask entry AND was actually masked at runtime (set in the host env).
    const wholeValueEntry = (name) => envVars.find(v => v.name === name &&
        v.mode === 'mask' &&
        v.extract === undefined &&
        v.decode === undefined);
    const maskedSentinel = (name) => wholeValueEntry(name) !== undefined ? setEnvVars[name] : undefined;
    for (const spec of specs) {
        const akidSentinel = maskedSentinel(spec.accessKeyIdVar);
        const secretMasked = maskedSentinel(spec.secretAccessKeyVar) !== undefined;
        const realAkid = env[spec.accessKeyIdVar];
        const realSecret = env[spec.secretAccessKeyVar];
        if (akidSentinel === undefined ||
            !secretMasked ||
            realAkid === undefined ||
            realSecret === undefined) {
            if (secretMasked && akidSentinel === undefined) {
                const msg = `[sandbox-runtime] WARNING: "${spec.secretAccessKeyVar}" is ` +
                    `masked but "${spec.accessKeyIdVar}" is not, so no AWS ` +
                    `credential pair was registered. SigV4 requests will be signed ` +
                    `with the masked placeholder secret and the proxy cannot ` +
                    `detect or re-sign them — they will fail upstream. Mask both ` +
                    `variables (whole-value) to enable re-signing.`;
                console.warn(msg);
                (0,debug/* logForDebugging */.o)(msg, { level: 'warn' });
            }
            continue;
        }
        const akidEntry = wholeValueEntry(spec.accessKeyIdVar);
        const sessionSentinel = spec.sessionTokenVar !== undefined
            ? maskedSentinel(spec.sessionTokenVar)
            : undefined;
        const realSessionToken = sessionSentinel !== undefined && spec.sessionTokenVar !== undefined
            ? env[spec.sessionTokenVar]
            : undefined;
        registry.register({
            accessKeyIdSentinel: akidSentinel,
            realAccessKeyId: realAkid,
            realSecretAccessKey: realSecret,
            ...(realSessionToken !== undefined ? { realSessionToken } : {}),
            injectHosts: akidEntry.injectHosts ?? allowedDomains,
        });
        (0,debug/* logForDebugging */.o)(`[credential-aws] registered SigV4 pair for ` +
            `${spec.accessKeyIdVar}/${spec.secretAccessKeyVar}` +
            (realSessionToken !== undefined ? ` (+session token)` : ''));
    }
}
function resolveSigv4Policies(config) {
    return {
        streaming: config?.streaming ?? 'deny',
        presigned: config?.presigned ?? 'deny',
        sigv4a: config?.sigv4a ?? 'deny',
    };
}
/**
 * Build the {@link PlanSigv4} hook from the session's pair registry and
 * configured policies. `matches` is the same host matcher used for
 * sentinel substitution, so injectHosts gating is consistent across both.
 */
function createSigv4Planner(registry, config, matches) {
    const policies = resolveSigv4Policies(config);
    return (method, requestTarget, headers, destHost) => {
        if (registry.size === 0)
            return undefined;
        const detected = (0,aws_sigv4/* detectSigv4 */.H3)(headers, requestTarget);
        if (detected === null)
            return undefined;
        const pair = registry.lookup(detected.accessKeyId);
        // Unknown key id — including a real, unmasked AWS credential — is
        // never rewritten and never denied.
        if (pair === undefined)
            return undefined;
        if (!pair.injectHosts.some(p => matches(destHost, p)))
            return undefined;
        if (detected.kind !== 'header-sigv4') {
            if (policies[detected.kind] === 'passthrough') {
                (0,debug/* logForDebugging */.o)(`[credential-aws] ${detected.kind} request with masked ` +
                    `credential passed through un-resigned per ` +
                    `credentials.sigv4.${detected.kind} (its signature covers ` +
                    `the placeholder secret and will fail upstream)`);
                return undefined;
            }
            return {
                action: 'deny',
                reason: `AWS SigV4 ${detected.kind} request uses a masked credential ` +
                    `but cannot be re-signed by the sandbox proxy; denied by ` +
                    `policy. Set credentials.sigv4.${detected.kind} to ` +
                    `"passthrough" to forward it unmodified (it will fail ` +
                    `upstream: the signature covers the masked placeholder).`,
            };
        }
        const auth = (0,aws_sigv4/* parseSigv4Authorization */.AZ)((0,aws_sigv4/* singleHeader */.uy)(headers.authorization));
        if (auth === null) {
            return {
                action: 'deny',
                reason: 'AWS SigV4 request uses a masked credential but its ' +
                    'Authorization header is malformed; the proxy cannot re-sign it.',
            };
        }
        const amzDate = (0,aws_sigv4/* singleHeader */.uy)(headers['x-amz-date']);
        if (amzDate === undefined) {
            return {
                action: 'deny',
                reason: 'AWS SigV4 request uses a masked credential but carries no ' +
                    'x-amz-date header; the proxy cannot re-sign it.',
            };
        }
        // Presence check now so apply() cannot fail after the body was
        // consumed. host is synthesized; a session token the pair carries
        // is injected by apply().
        const signedHeaders = [...auth.signedHeaders];
        for (const name of signedHeaders) {
            if (name === 'host')
                continue;
            if (name === 'x-amz-security-token' &&
                pair.realSessionToken !== undefined) {
                continue;
            }
            if (headers[name] === undefined) {
                return {
                    action: 'deny',
                    reason: `AWS SigV4 request uses a masked credential but signed ` +
                        `header "${name}" is missing; the proxy cannot re-sign it.`,
                };
            }
        }
        if (pair.realSessionToken !== undefined &&
            !signedHeaders.includes('x-amz-security-token')) {
            signedHeaders.push('x-amz-security-token');
        }
        const contentSha = (0,aws_sigv4/* singleHeader */.uy)(headers['x-amz-content-sha256']);
        return {
            action: 'resign',
            payloadHash: contentSha === aws_sigv4/* UNSIGNED_PAYLOAD */.z8 ? aws_sigv4/* UNSIGNED_PAYLOAD */.z8 : undefined,
            apply(fwdHeaders, hostHeader, payloadHash) {
                if (pair.realSessionToken !== undefined) {
                    fwdHeaders['x-amz-security-token'] = pair.realSessionToken;
                }
                if (fwdHeaders['x-amz-content-sha256'] !== undefined &&
                    contentSha !== aws_sigv4/* UNSIGNED_PAYLOAD */.z8) {
                    // The recomputed hash is authoritative: the signature must
                    // cover the bytes forwarded upstream, not the client's claim.
                    fwdHeaders['x-amz-content-sha256'] = payloadHash;
                }
                const { authorization } = (0,aws_sigv4/* signSigv4 */.BH)({
                    method,
                    requestTarget,
                    headers: fwdHeaders,
                    hostHeader,
                    signedHeaders,
                    payloadHash,
                    amzDate,
                    scope: {
                        date: auth.date,
                        region: auth.region,
                        service: auth.service,
                    },
                    accessKeyId: pair.realAccessKeyId,
                    secretAccessKey: pair.realSecretAccessKey,
                });
                fwdHeaders.authorization = authorization;
            },
        };
    };
}
//# sourceMappingURL=credential-aws-pairs.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mitm-ca.js
var mitm_ca = __webpack_require__(84254);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/which.js

/**
 * Find the path to an executable, similar to the `which` command.
 * Uses Bun.which when running in Bun, falls back to spawnSync for Node.js.
 *
 * @param bin - The name of the executable to find
 * @returns The full path to the executable, or null if not found
 */
function which_whichSync(bin) {
    // Check if we're running in Bun
    if (typeof globalThis.Bun !== 'undefined') {
        return globalThis.Bun.which(bin);
    }
    // Fallback to Node.js implementation
    const result = (0,external_node_child_process_.spawnSync)('which', [bin], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 1000,
    });
    if (result.status === 0 && result.stdout) {
        return result.stdout.trim();
    }
    return null;
}
//# sourceMappingURL=which.js.map
// EXTERNAL MODULE: external "fs"
var external_fs_ = __webpack_require__(79896);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/shell-quote.js
/**
 * Shell-escape an array of arguments into a single string that, when parsed
 * by a POSIX shell (`sh -c`, `bash -c`, `zsh -c`), yields exactly the
 * original argument list.
 *
 * This intentionally replaces the npm `shell-quote` package. Its quote()
 * switches to a double-quote + backslash strategy whenever an argument
 * contains a single quote, and in that mode it backslash-escapes `!` — a
 * guard against history expansion that only applies to *interactive*
 * shells. Every string this library produces is executed through a
 * non-interactive `<shell> -c`, where bash treats `\!` inside double quotes
 * as two literal characters (the backslash is NOT removed). The wrapped
 * user command almost always contains a single quote, so every `!` in it
 * reached the program corrupted to `\!`: heredoc-written source like
 * `if (!x)` became unparseable, and `jq 'a != b'`, `awk '!seen[$0]++'`,
 * and `find ! -name` filters were silently rewritten.
 *
 * Single-quoting never has that problem. Inside POSIX single quotes every
 * byte is literal, so nothing needs escaping; the only character that
 * needs handling is the single quote itself, emitted as the standard
 * `'"'"'` sequence (close the quote, a double-quoted `'`, reopen).
 *
 * @param args - The argument list to escape
 * @returns A single space-joined string safe to pass to `<shell> -c`
 */
function quote(args) {
    return args
        .map(arg => {
        if (arg === '') {
            return "''";
        }
        // Bare fast path: nothing in this character set is special to a
        // POSIX shell (no whitespace, globs, expansions, quotes, or
        // operators), so the bare word re-parses to exactly itself. The one
        // position-sensitive case is a LEADING "=": zsh (a common binShell,
        // even non-interactive `zsh -c`) performs "equals expansion" on an
        // unquoted word starting with "=" (`=ls` becomes /bin/ls; an unknown
        // name aborts the whole command line), so such a word must be quoted.
        // "=" elsewhere in the word (NAME=value env assignments) is fine.
        if (/^[A-Za-z0-9_./:@+,-][A-Za-z0-9_./:=@+,-]*$/.test(arg)) {
            return arg;
        }
        return "'" + arg.replace(/'/g, `'"'"'`) + "'";
    })
        .join(' ');
}
//# sourceMappingURL=shell-quote.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/real-path.js
var real_path = __webpack_require__(32560);
// EXTERNAL MODULE: external "child_process"
var external_child_process_ = __webpack_require__(35317);
// EXTERNAL MODULE: external "node:stream/consumers"
var consumers_ = __webpack_require__(38321);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/utils/ripgrep.js


/**
 * Execute ripgrep with the given arguments
 * @param args Command-line arguments to pass to rg
 * @param target Target directory or file to search
 * @param abortSignal AbortSignal to cancel the operation
 * @param config Ripgrep configuration (command and optional args)
 * @returns Array of matching lines (one per line of output)
 * @throws RipgrepError if ripgrep exits with non-zero status (except exit code 1 which means no matches)
 */
async function ripGrep(args, target, abortSignal, config = { command: 'rg' }) {
    const { command, args: commandArgs = [], argv0 } = config;
    const child = (0,external_child_process_.spawn)(command, [...commandArgs, ...args, target], {
        argv0,
        signal: abortSignal,
        timeout: 10000,
        windowsHide: true,
    });
    const [stdout, stderr, code] = await Promise.all([
        (0,consumers_.text)(child.stdout),
        (0,consumers_.text)(child.stderr),
        new Promise((resolve, reject) => {
            child.on('close', resolve);
            child.on('error', reject);
        }),
    ]);
    if (code === 0) {
        return stdout.trim().split('\n').filter(Boolean);
    }
    if (code === 1) {
        // Exit code 1 means "no matches found" - this is normal
        return [];
    }
    // Whole lines only: killed, it can leave half of one.
    throw new RipgrepError(`ripgrep failed with exit code ${code}: ${stderr}`, stdout.split('\n').slice(0, -1).filter(Boolean), stderr);
}
/** ripgrep ended otherwise than by finding something or nothing. */
class RipgrepError extends Error {
    constructor(message, 
    /** What it had listed by then. */
    listed, 
    /** What it said went wrong. The paths in it are the tree's own text. */
    stderr) {
        super(message);
        this.listed = listed;
        this.stderr = stderr;
        this.name = 'RipgrepError';
    }
}
//# sourceMappingURL=ripgrep.js.map
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/generate-seccomp-filter.js






// Cache for path lookups (key: explicit path or empty string, value: resolved path or null)
const applySeccompPathCache = new Map();
// Cache for global npm paths (computed once per process)
let cachedGlobalNpmPaths = null;
let pendingGlobalNpmPaths = null;
const NPM_ROOT_COMMAND = 'npm root -g';
const NPM_ROOT_TIMEOUT_MS = 5000;
/**
 * Get paths to check for globally installed @anthropic-ai/sandbox-runtime package.
 * This is used as a fallback when the binaries aren't bundled (e.g., native builds).
 *
 * Blocks the event loop on `npm root -g` (~100 ms) the first time it is
 * called in a process unless {@link getGlobalNpmPathsAsync} has already
 * filled the cache; initialize() goes through the async variant.
 */
function getGlobalNpmPaths() {
    if (cachedGlobalNpmPaths)
        return cachedGlobalNpmPaths;
    let npmRoot;
    try {
        npmRoot = (0,external_node_child_process_.execSync)(NPM_ROOT_COMMAND, {
            encoding: 'utf8',
            timeout: NPM_ROOT_TIMEOUT_MS,
            stdio: ['pipe', 'pipe', 'ignore'],
        });
    }
    catch {
        // npm not available or failed
    }
    cachedGlobalNpmPaths = buildGlobalNpmPaths(npmRoot);
    return cachedGlobalNpmPaths;
}
/**
 * Async variant of {@link getGlobalNpmPaths}: runs `npm root -g` without
 * blocking the event loop and shares the same per-process cache, so a
 * later sync call returns immediately. Never rejects — a failed or
 * timed-out npm yields just the static fallback locations, as the sync
 * variant does.
 */
function getGlobalNpmPathsAsync() {
    if (cachedGlobalNpmPaths)
        return Promise.resolve(cachedGlobalNpmPaths);
    if (pendingGlobalNpmPaths)
        return pendingGlobalNpmPaths;
    pendingGlobalNpmPaths = new Promise(resolve => {
        try {
            const child = (0,external_node_child_process_.exec)(NPM_ROOT_COMMAND, { encoding: 'utf8', timeout: NPM_ROOT_TIMEOUT_MS }, (err, stdout) => resolve(err ? undefined : stdout));
            // Match execSync's closed stdin: npm never waits on it.
            child.stdin?.end();
        }
        catch {
            resolve(undefined);
        }
    }).then(npmRoot => {
        // A sync call that ran while npm was in flight already filled the cache;
        // keep its array so every caller sees the same one.
        cachedGlobalNpmPaths ?? (cachedGlobalNpmPaths = buildGlobalNpmPaths(npmRoot));
        pendingGlobalNpmPaths = null;
        return cachedGlobalNpmPaths;
    });
    return pendingGlobalNpmPaths;
}
function buildGlobalNpmPaths(npmRootOutput) {
    const paths = [];
    // The actual global npm root, when npm answered
    const npmRoot = npmRootOutput?.trim();
    if (npmRoot) {
        paths.push((0,external_node_path_.join)(npmRoot, '@anthropic-ai', 'sandbox-runtime'));
    }
    // Common global npm locations as fallbacks
    const home = (0,external_node_os_.homedir)();
    paths.push(
    // npm global (Linux/macOS)
    (0,external_node_path_.join)('/usr', 'lib', 'node_modules', '@anthropic-ai', 'sandbox-runtime'), (0,external_node_path_.join)('/usr', 'local', 'lib', 'node_modules', '@anthropic-ai', 'sandbox-runtime'), 
    // npm global with prefix (common on macOS with homebrew)
    (0,external_node_path_.join)('/opt', 'homebrew', 'lib', 'node_modules', '@anthropic-ai', 'sandbox-runtime'), 
    // User-local npm global
    (0,external_node_path_.join)(home, '.npm', 'lib', 'node_modules', '@anthropic-ai', 'sandbox-runtime'), (0,external_node_path_.join)(home, '.npm-global', 'lib', 'node_modules', '@anthropic-ai', 'sandbox-runtime'));
    return paths;
}
/**
 * Map Node.js process.arch to our vendor directory architecture names
 * Returns null for unsupported architectures
 */
function getVendorArchitecture() {
    const arch = process.arch;
    switch (arch) {
        case 'x64':
            return 'x64';
        case 'arm64':
            return 'arm64';
        case 'ia32':
            // ia32 multiplexes every socket operation through socketcall(), whose
            // sub-function argument the filter cannot inspect, so AF_UNIX is not
            // blockable there. vendor/seccomp-src/seccomp-unix-block.c carries what
            // supporting it would take.
            (0,debug/* logForDebugging */.o)(`[SeccompFilter] 32-bit x86 (ia32) is not currently supported due to missing socketcall() syscall blocking. ` +
                `The current seccomp filter only blocks socket(AF_UNIX, ...), but on 32-bit x86, socketcall() can be used to bypass this.`, { level: 'error' });
            return null;
        default:
            (0,debug/* logForDebugging */.o)(`[SeccompFilter] Unsupported architecture: ${arch}. Only x64 and arm64 are supported.`);
            return null;
    }
}
/**
 * Get local paths to check for seccomp files (bundled or package installs).
 */
function getLocalSeccompPaths(filename) {
    const arch = getVendorArchitecture();
    if (!arch)
        return [];
    const baseDir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    const relativePath = (0,external_node_path_.join)('vendor', 'seccomp', arch, filename);
    return [
        (0,external_node_path_.join)(baseDir, relativePath), // bundled: same directory as bundle (e.g., when bundled into claude-cli)
        (0,external_node_path_.join)(baseDir, '..', '..', relativePath), // package root: vendor/seccomp/...
        (0,external_node_path_.join)(baseDir, '..', relativePath), // dist: dist/vendor/seccomp/...
    ];
}
/**
 * Get the path to the apply-seccomp binary from the vendor directory
 * Returns the path if it exists, null otherwise
 *
 * Pre-built apply-seccomp binaries are organized by architecture:
 * - vendor/seccomp/{x64,arm64}/apply-seccomp
 *
 * Tries multiple paths for resilience:
 * 0. Explicit path provided via parameter (checked first if provided)
 * 1. vendor/seccomp/{arch}/apply-seccomp (bundled - when bundled into consuming packages)
 * 2. ../../vendor/seccomp/{arch}/apply-seccomp (package root - standard npm installs)
 * 3. ../vendor/seccomp/{arch}/apply-seccomp (dist/vendor - for bundlers)
 * 4. Global npm install (if seccompBinaryPath not provided) - for native builds
 *
 * @param seccompBinaryPath - Optional explicit path to the apply-seccomp binary. If provided
 *   and exists, it will be used. If not provided, falls back to searching local paths and
 *   then global npm install (for native builds where vendor directory isn't bundled).
 */
function generate_seccomp_filter_getApplySeccompBinaryPath(seccompBinaryPath) {
    const cacheKey = seccompBinaryPath ?? '';
    if (applySeccompPathCache.has(cacheKey)) {
        return applySeccompPathCache.get(cacheKey);
    }
    const local = findLocalApplySeccompPath(seccompBinaryPath);
    const result = local !== undefined
        ? local
        : findGlobalApplySeccompPath(getGlobalNpmPaths());
    applySeccompPathCache.set(cacheKey, result);
    return result;
}
/**
 * Async variant of {@link getApplySeccompBinaryPath}: same lookup order and
 * shared cache, but the global-npm fallback resolves `npm root -g` without
 * blocking the event loop. Resolving once through here (as
 * checkDependenciesAsync does) makes later sync calls cache hits.
 */
async function getApplySeccompBinaryPathAsync(seccompBinaryPath) {
    const cacheKey = seccompBinaryPath ?? '';
    if (applySeccompPathCache.has(cacheKey)) {
        return applySeccompPathCache.get(cacheKey);
    }
    const local = findLocalApplySeccompPath(seccompBinaryPath);
    const result = local !== undefined
        ? local
        : findGlobalApplySeccompPath(await getGlobalNpmPathsAsync());
    applySeccompPathCache.set(cacheKey, result);
    return result;
}
/**
 * Explicit path, then bundled/package locations. Returns the path when
 * found, null when there is nothing to look for (unsupported architecture),
 * or undefined to fall through to the global npm install.
 */
function findLocalApplySeccompPath(seccompBinaryPath) {
    // Check explicit path first (highest priority)
    if (seccompBinaryPath) {
        if (external_node_fs_.existsSync(seccompBinaryPath)) {
            (0,debug/* logForDebugging */.o)(`[SeccompFilter] Using apply-seccomp binary from explicit path: ${seccompBinaryPath}`);
            return seccompBinaryPath;
        }
        (0,debug/* logForDebugging */.o)(`[SeccompFilter] Explicit path provided but file not found: ${seccompBinaryPath}`);
    }
    const arch = getVendorArchitecture();
    if (!arch) {
        (0,debug/* logForDebugging */.o)(`[SeccompFilter] Cannot find apply-seccomp binary: unsupported architecture ${process.arch}`);
        return null;
    }
    (0,debug/* logForDebugging */.o)(`[SeccompFilter] Looking for apply-seccomp binary for architecture: ${arch}`);
    // Check local paths first (bundled or package install)
    for (const binaryPath of getLocalSeccompPaths('apply-seccomp')) {
        if (external_node_fs_.existsSync(binaryPath)) {
            (0,debug/* logForDebugging */.o)(`[SeccompFilter] Found apply-seccomp binary: ${binaryPath} (${arch})`);
            return binaryPath;
        }
    }
    return undefined;
}
/**
 * Fallback: check global npm install (for native builds without bundled vendor)
 */
function findGlobalApplySeccompPath(globalBases) {
    const arch = getVendorArchitecture();
    if (!arch)
        return null;
    for (const globalBase of globalBases) {
        const binaryPath = (0,external_node_path_.join)(globalBase, 'vendor', 'seccomp', arch, 'apply-seccomp');
        if (external_node_fs_.existsSync(binaryPath)) {
            (0,debug/* logForDebugging */.o)(`[SeccompFilter] Found apply-seccomp binary in global install: ${binaryPath} (${arch})`);
            return binaryPath;
        }
    }
    (0,debug/* logForDebugging */.o)(`[SeccompFilter] apply-seccomp binary not found in any expected location (${arch})`);
    return null;
}
//# sourceMappingURL=generate-seccomp-filter.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/java-proxy-agent.js
/**
 * JVM proxy agent: makes Java tools inside the sandbox honour the proxy.
 *
 * The JVM ignores HTTPS_PROXY/NO_PROXY — proxy selection is driven by the
 * `https.proxyHost` family of system properties, and the credential the
 * proxy requires can only be supplied through `java.net.Authenticator`,
 * which needs code running inside the JVM. Env vars alone can't do that,
 * so gRPC-Java (Bazel's remote cache), Gradle, Maven, etc. either dial the
 * target directly (no route out of the sandbox) or hit the proxy without
 * the token and get a 407.
 *
 * The fix is a tiny `-javaagent` (source in vendor/java-proxy-agent-src,
 * built into vendor/java-proxy-agent/srt-proxy-agent.jar by the release
 * workflow) that, at JVM start-up, translates the proxy env vars into
 * system properties and installs an Authenticator for the proxy endpoint.
 * This module locates that jar — same lookup shape as the apply-seccomp
 * binary — and builds the JAVA_TOOL_OPTIONS value that points every JVM in
 * the sandbox at it. The env var carries only the jar path; the credential
 * stays in HTTPS_PROXY, which the agent reads itself, so the JVM's "Picked
 * up JAVA_TOOL_OPTIONS: …" stderr line leaks nothing.
 */





const JAVA_PROXY_AGENT_JAR_NAME = 'srt-proxy-agent.jar';
const jarPathCache = new Map();
/**
 * Locate srt-proxy-agent.jar. Order:
 * 0. explicit path (config `javaAgentJarPath`) — used if it exists,
 * 1. vendor/java-proxy-agent/ next to this module (bundled),
 * 2. ../../vendor/java-proxy-agent/ (package root — normal npm install),
 * 3. ../vendor/java-proxy-agent/ (dist/vendor — some bundlers),
 * 4. a global npm install of the package (native builds without vendor/).
 * Returns null when nothing is found; callers then leave JAVA_TOOL_OPTIONS
 * alone (JVMs are simply not proxy-aware, as before) rather than failing.
 *
 * The global-npm fallback resolves `npm root -g` without blocking the event
 * loop.
 */
async function getJavaProxyAgentJarPathAsync(explicitPath) {
    const key = explicitPath ?? '';
    const cached = jarPathCache.get(key);
    if (cached !== undefined)
        return cached;
    const found = findLocalJar(explicitPath) ?? findGlobalJar(await getGlobalNpmPathsAsync());
    jarPathCache.set(key, found);
    return found;
}
const JAR_REL_PATH = (0,external_node_path_.join)('vendor', 'java-proxy-agent', JAVA_PROXY_AGENT_JAR_NAME);
/** Steps 0–3 of the lookup; undefined means try the global npm install. */
function findLocalJar(explicitPath) {
    if (explicitPath) {
        if ((0,external_node_fs_.existsSync)(explicitPath))
            return explicitPath;
        (0,debug/* logForDebugging */.o)(`[java-proxy-agent] javaAgentJarPath not found: ${explicitPath}`, { level: 'warn' });
    }
    const baseDir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    const candidates = [
        (0,external_node_path_.join)(baseDir, JAR_REL_PATH),
        (0,external_node_path_.join)(baseDir, '..', '..', JAR_REL_PATH),
        (0,external_node_path_.join)(baseDir, '..', JAR_REL_PATH),
    ];
    return candidates.find(p => (0,external_node_fs_.existsSync)(p));
}
/** Step 4 of the lookup: a global npm install of the package. */
function findGlobalJar(globalBases) {
    for (const base of globalBases) {
        const p = (0,external_node_path_.join)(base, JAR_REL_PATH);
        if ((0,external_node_fs_.existsSync)(p))
            return p;
    }
    (0,debug/* logForDebugging */.o)(`[java-proxy-agent] ${JAVA_PROXY_AGENT_JAR_NAME} not found; JVMs in the ` +
        `sandbox will not be pointed at the proxy (run \`npm run build:java-agent\`)`, { level: 'warn' });
    return null;
}
/**
 * Compose the JAVA_TOOL_OPTIONS value for a sandboxed child.
 *
 * `-javaagent:<jar>` is prepended when a jar path is given; `flags` are
 * appended (e.g. macOS's -Djava.net.preferIPv4Stack=true). The parent's
 * own JAVA_TOOL_OPTIONS is preserved unless that var is on the
 * credential-deny list, in which case it is dropped so the deny holds.
 * Flags already present in the inherited value are not duplicated.
 * Returns undefined when there is nothing to set.
 */
function buildJavaToolOptions(opts) {
    const denied = (opts.unsetEnvVars ?? []).includes('JAVA_TOOL_OPTIONS');
    const inherited = denied ? '' : (opts.inherited ?? '');
    const parts = [];
    if (opts.agentJarPath) {
        parts.push(javaAgentFlag(opts.agentJarPath));
    }
    if (inherited)
        parts.push(inherited);
    for (const flag of opts.flags ?? []) {
        if (!inherited.includes(flag) && !parts.includes(flag))
            parts.push(flag);
    }
    return parts.length > 0 ? parts.join(' ') : undefined;
}
/**
 * The JVM tokenizes JAVA_TOOL_OPTIONS on whitespace but honours double
 * quotes, so a jar path containing whitespace is wrapped in them.
 */
function javaAgentFlag(jarPath) {
    const flag = `-javaagent:${jarPath}`;
    return /\s/.test(jarPath) ? `"${flag}"` : flag;
}
//# sourceMappingURL=java-proxy-agent.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js














/** Default max depth for searching dangerous files */
const DEFAULT_MANDATORY_DENY_SEARCH_DEPTH = 3;
/**
 * Find if any component of the path is a symlink within the allowed write paths.
 * Returns the symlink path if found, or null if no symlinks.
 *
 * This is used to detect and block symlink replacement attacks where an attacker
 * could delete a symlink and create a real directory with malicious content.
 */
function findSymlinkInPath(targetPath, allowedWritePaths) {
    const parts = targetPath.split(external_node_path_.sep);
    let currentPath = '';
    for (const part of parts) {
        if (!part)
            continue; // Skip empty parts (leading /)
        const nextPath = currentPath + external_node_path_.sep + part;
        try {
            const stats = external_fs_.lstatSync(nextPath);
            if (stats.isSymbolicLink()) {
                // Check if this symlink is within an allowed write path
                const isWithinAllowedPath = allowedWritePaths.some(allowedPath => (0,sandbox_utils/* isAtOrUnder */.Xb)(nextPath, allowedPath));
                if (isWithinAllowedPath) {
                    return nextPath;
                }
            }
        }
        catch {
            // Path doesn't exist - no symlink issue here
            break;
        }
        currentPath = nextPath;
    }
    return null;
}
/** As many missing names as one way is followed up from again. */
const MAX_MISSING_NAMES_PASSED = 40;
/**
 * Canonicalize a deny path through symlinks before any mask or bind is
 * computed (resolve-before-mask). Deny paths regularly contain symlinked
 * ancestors — the common dotfiles setup symlinks .claude (or the parent of
 * .mcp.json) to a real directory — and masking the raw symlink with
 * `--ro-bind /dev/null <symlink>` makes bwrap abort at startup: "Is a
 * directory" for relative link targets, ENOENT for absolute ones.
 *
 * Resolution: realpath when the full path exists; otherwise canonicalize the
 * deepest existing ancestor and re-join the missing components.
 *
 * A dangling symlink along the way is followed as the kernel follows it, name
 * by name, to the first name that is not there. What lies beyond that name is
 * undecided, since whoever makes it decides where the way goes on. So the
 * answer ends with it, and with the name that follows it if one does, which
 * makes a directory of it: the caller's placeholder on the first missing
 * component then keeps the whole way from coming about.
 *
 * A way that goes up again at once from the missing name is let pass by a
 * directory put there as a placeholder. So that name goes to `alsoDenied`, to
 * be denied for itself, and the way is followed on from where it would lead.
 *
 * A directory on the way that cannot be searched is the answer itself: what
 * lies in it cannot be told, and denied whole it keeps its place and its mode.
 *
 * Returns null when the path cannot be canonicalized (a symlink cycle, a name
 * that is no text). Callers fail closed on it.
 *
 * Unlike normalizePathForSandbox, this intentionally applies no
 * isSymlinkOutsideBoundary check: that check exists so allow paths can't
 * silently widen write access through a symlink, but a deny path only ever
 * removes access, and the mask must land on the inode that writes through
 * the symlink actually reach.
 */
function resolveSymlinkedDenyPath(targetPath, alsoDenied) {
    try {
        return (0,real_path/* realPathOf */.d)(targetPath);
    }
    catch {
        // Some component is missing or dangling — canonicalize manually below.
    }
    // Find the deepest ancestor that fully resolves, collecting the missing
    // suffix components (leaf first, so unshift keeps them in path order).
    let ancestor = targetPath;
    const remainder = [];
    let resolvedAncestor = null;
    while (resolvedAncestor === null) {
        const parent = external_node_path_.dirname(ancestor);
        if (parent === ancestor) {
            return null; // reached the root without resolving anything
        }
        remainder.unshift(external_node_path_.basename(ancestor));
        ancestor = parent;
        try {
            resolvedAncestor = (0,real_path/* realPathOf */.d)(ancestor);
        }
        catch {
            // Keep walking up.
        }
    }
    // The first missing component may be a dangling symlink (lstat succeeds,
    // realpath fails); otherwise the remainder is genuinely non-existent and
    // the re-joined path is final.
    const rejoined = external_node_path_.join(resolvedAncestor, ...remainder);
    try {
        external_fs_.readlinkSync(external_node_path_.join(resolvedAncestor, remainder[0]));
    }
    catch {
        return rejoined; // Not a symlink — nothing left to resolve.
    }
    let why = 'it goes up from too many names that are not there';
    try {
        let onward = rejoined;
        for (let i = 0; i < MAX_MISSING_NAMES_PASSED; i++) {
            const { real, rest, notThere } = (0,real_path/* wayTo */.b)(onward);
            if (notThere?.code === 'EACCES') {
                return real || '/';
            }
            const names = rest.filter(name => name !== '' && name !== '.');
            if (names[1] !== '..') {
                return [real, ...names.slice(0, 2)].join('/') || '/';
            }
            alsoDenied?.push(`${real}/${names[0]}`);
            onward = [real, ...names.slice(2)].join('/');
        }
    }
    catch (err) {
        why = err;
    }
    // Said by the pass that acts on it, not by the one that gathers.
    if (alsoDenied === undefined) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Where a write to ${targetPath} would land cannot be settled: ${why}. The link on the way is masked instead, which can keep the sandbox from starting.`, { level: 'warn' });
    }
    return null;
}
/**
 * The first existing component of the path that is not a directory, if there
 * is one. Nothing can be created below it for as long as it is there: a git
 * worktree's `.git` is a file, so there is no `.git/hooks`.
 */
function fileOnTheWay(targetPath) {
    const parts = targetPath.split(external_node_path_.sep);
    let currentPath = '';
    for (const part of parts) {
        if (!part)
            continue; // Skip empty parts (leading /)
        const nextPath = currentPath + external_node_path_.sep + part;
        try {
            if (!external_fs_.statSync(nextPath).isDirectory())
                return nextPath;
        }
        catch {
            // Path doesn't exist — stop checking
            break;
        }
        currentPath = nextPath;
    }
    return undefined;
}
/**
 * Find the first non-existent path component.
 * E.g., for "/existing/parent/nonexistent/child/file.txt" where /existing/parent exists,
 * returns "/existing/parent/nonexistent"
 *
 * This is used to block creation of non-existent deny paths by mounting /dev/null
 * at the first missing component, preventing mkdir from creating the parent directories.
 */
function findFirstNonExistentComponent(targetPath) {
    const parts = targetPath.split(external_node_path_.sep);
    let currentPath = '';
    for (const part of parts) {
        if (!part)
            continue; // Skip empty parts (leading /)
        const nextPath = currentPath + external_node_path_.sep + part;
        if (!external_fs_.existsSync(nextPath)) {
            return nextPath;
        }
        currentPath = nextPath;
    }
    return targetPath; // Shouldn't reach here if called correctly
}
/** What the placeholder for an absent deny path is mounted on. */
var MountPointKind;
(function (MountPointKind) {
    /** A file made on the host for it, which /dev/null goes on. */
    MountPointKind["File"] = "file";
    /** A directory made on the host for it, which an empty one goes on. */
    MountPointKind["Directory"] = "directory";
    /** The file above the path, which goes on itself. Nothing is made. */
    MountPointKind["Held"] = "held";
    /** None can be made. Nothing is mounted; what lies above is still pinned. */
    MountPointKind["Unmakeable"] = "unmakeable";
})(MountPointKind || (MountPointKind = {}));
/** open(2)'s O_PATH on x86-64 and arm64; node:fs does not name it. Where the
 * bit means something else the open is an ordinary one or fails, and a failure
 * keeps the placeholder. */
const O_PATH = 0o10000000;
/** statfs(2)'s type for 9p, which is how WSL 2 mounts a Windows drive. */
const V9FS_MAGIC = 0x01021997;
/**
 * The kind of mount point that can be made at `dest`, an absent path whose
 * parent is there: `wanted`, a directory where only a file is refused, or
 * unmakeable. bubblewrap makes it on the host as this user, before the command
 * runs, and exits if it cannot.
 *
 * Unmakeable only where the refusal is not this user's to lift, so that the
 * command cannot create `dest` either; `wanted` on any doubt (see
 * mountPointFor).
 */
function makeableMountPoint(dest, wanted) {
    /** The errno `attempt` is refused with. Any other failure is a doubt. */
    const refusalOf = (attempt) => {
        try {
            attempt();
            return undefined;
        }
        catch (err) {
            const code = err.code;
            if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
                return code;
            throw err;
        }
    };
    let fd;
    try {
        // One descriptor answers every question, through /proc: a command still
        // running could put another directory at the path between two of them.
        // Its link differs from the path when a symlink was followed on the way.
        fd = external_fs_.openSync(external_node_path_.dirname(dest), O_PATH | external_fs_.constants.O_NOFOLLOW | external_fs_.constants.O_DIRECTORY);
        const parent = `/proc/self/fd/${fd}`;
        if (external_fs_.readlinkSync(parent) !== external_node_path_.dirname(dest))
            return wanted;
        const { uid, mode } = external_fs_.fstatSync(fd);
        // What the kernel asks of a directory before it creates anything in it.
        const refusal = refusalOf(() => external_fs_.accessSync(parent, external_fs_.constants.W_OK | external_fs_.constants.X_OK));
        if (external_fs_.statfsSync(parent).type !== V9FS_MAGIC) {
            // EACCES is the word of the mode or an ACL, which the owner can change,
            // and bubblewrap's user namespace overrides it for the owner. A
            // read-only file system (EROFS) and an immutable directory (EPERM)
            // refuse whoever asks from in there.
            return refusal === undefined ||
                (refusal === 'EACCES' && uid === process.geteuid?.())
                ? wanted
                : MountPointKind.Unmakeable;
        }
        // On a Windows drive the Windows ACL decides, and nothing on this side
        // tells it: every directory there is this user's, with a mode that lets it
        // write, also one that takes subfolders and no files. So the mount point
        // is made here instead of by bubblewrap, which finds it there.
        if (refusal === undefined) {
            const entry = `${parent}/${external_node_path_.basename(dest)}`;
            if (wanted === MountPointKind.File &&
                refusalOf(() => external_fs_.closeSync(external_fs_.openSync(entry, 'wx', 0o444))) ===
                    undefined) {
                return MountPointKind.File;
            }
            if (refusalOf(() => external_fs_.mkdirSync(entry)) === undefined) {
                return MountPointKind.Directory;
            }
        }
        // The name may be refused for a reason that passes. The folder is beyond
        // this user when it may not even be given the mode it has.
        return refusalOf(() => external_fs_.chmodSync(parent, mode & 0o7777)) === undefined
            ? wanted
            : MountPointKind.Unmakeable;
    }
    catch {
        return wanted;
    }
    finally {
        if (fd !== undefined)
            external_fs_.closeSync(fd);
    }
}
/** What the `.git` of a directory is, and so what is denied there. */
var DotGitKind;
(function (DotGitKind) {
    /** A repository: its hooks and config are denied. */
    DotGitKind["Directory"] = "directory";
    /**
     * The pointer of a worktree or a submodule ("gitdir: /path/..."). There are
     * no .git/hooks for as long as it is a file, so the file is denied, which
     * keeps it one.
     */
    DotGitKind["File"] = "file";
    /** Nothing is denied: a mount at .git would keep `git init` from making it. */
    DotGitKind["Absent"] = "absent";
})(DotGitKind || (DotGitKind = {}));
function dotGitKindAt(dotGitPath) {
    try {
        return external_fs_.statSync(dotGitPath).isDirectory()
            ? DotGitKind.Directory
            : DotGitKind.File;
    }
    catch {
        return DotGitKind.Absent;
    }
}
/**
 * The part of the mandatory deny set that follows from the cwd alone: the
 * dangerous files and directories resolved against it, plus `.git/hooks` and
 * (unless the caller allows git config) `.git/config`, or a `.git` that is a
 * file.
 * {@link linuxGetMandatoryDenyPaths} adds the nested matches its ripgrep scan
 * finds on top of these. Split out so a consumer that must not scan — the
 * violation monitor, which needs the same denies to judge a write bwrap
 * refuses — reads the same definition rather than a copy of it.
 */
function linuxGetCwdMandatoryDenyPaths(allowGitConfig = false) {
    const cwd = process.cwd();
    // Note: Settings files are added at the callsite in sandbox-manager.ts
    const denyPaths = [
        // Dangerous files in CWD
        ...sandbox_utils/* DANGEROUS_FILES */.Rf.map(f => external_node_path_.resolve(cwd, f)),
        // Dangerous directories in CWD
        ...(0,sandbox_utils/* getDangerousDirectories */.yE)().map(d => external_node_path_.resolve(cwd, d)),
    ];
    // Only the cwd's own: a .git file below it is git's to rewrite and remove
    // (a checkout that recurses into submodules does).
    const dotGitPath = external_node_path_.resolve(cwd, '.git');
    const dotGit = dotGitKindAt(dotGitPath);
    if (dotGit === DotGitKind.File) {
        denyPaths.push(dotGitPath);
    }
    if (dotGit === DotGitKind.Directory) {
        // Git hooks always blocked for security
        denyPaths.push(external_node_path_.resolve(cwd, '.git/hooks'));
        // Git config conditionally blocked based on allowGitConfig setting
        if (!allowGitConfig) {
            denyPaths.push(external_node_path_.resolve(cwd, '.git/config'));
        }
    }
    return denyPaths;
}
/**
 * The directories below `cwd`, down to `maxDepth`, that ripgrep said it could
 * not read, that this process cannot read either, and whose mode is this
 * user's to change. What is in one is not known, so the caller denies it whole.
 * Exported for testing.
 */
function unreadableDirectories(stderr, cwd, maxDepth) {
    const found = [];
    const tried = new Set();
    for (const line of stderr.split('\n')) {
        // How a message is worded depends on ripgrep's version and on how many
        // threads it has, so what stands before each ": " is tried.
        const said = line.startsWith('rg: ') ? line.slice(4) : line;
        for (let cut = said.indexOf(': '); cut !== -1; cut = said.indexOf(': ', cut + 1)) {
            for (let dir = external_node_path_.resolve(cwd, said.slice(0, cut)); dir.startsWith(cwd + external_node_path_.sep) && !tried.has(dir); dir = external_node_path_.dirname(dir)) {
                tried.add(dir);
                try {
                    // THREAT: the text is only a hint. A name can hold a newline and a
                    // whole message of its own, and a bind of `link/x` would bring what
                    // the link leads to INTO the sandbox. So: a directory, with no link
                    // on the way to it, that cannot be read from here. And this user's:
                    // nobody else's mode can be given back from inside, and there can
                    // be thousands of those (`/home`), each of them a mount.
                    const stat = external_fs_.lstatSync(dir);
                    if (!stat.isDirectory() ||
                        stat.uid !== process.getuid?.() ||
                        (0,real_path/* realPathOf */.d)(dir) !== dir) {
                        break;
                    }
                }
                catch (error) {
                    // What cannot be looked at, because what holds it cannot be
                    // searched, is stood in for by the directory above it.
                    if (error.code === 'EACCES')
                        continue;
                    break;
                }
                try {
                    external_fs_.accessSync(dir, external_fs_.constants.R_OK | external_fs_.constants.X_OK);
                }
                catch {
                    if (external_node_path_.relative(cwd, dir).split(external_node_path_.sep).length <= maxDepth) {
                        found.push(dir);
                    }
                }
                break;
            }
        }
    }
    return found;
}
/**
 * Get mandatory deny paths using ripgrep (Linux only).
 * Uses a SINGLE ripgrep call with multiple glob patterns for efficiency.
 * With --max-depth limiting, this is fast enough to run on each command without memoization.
 */
async function linuxGetMandatoryDenyPaths(ripgrepConfig = { command: 'rg' }, maxDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, abortSignal) {
    const cwd = process.cwd();
    // Use provided signal or create a fallback controller
    const fallbackController = new AbortController();
    const signal = abortSignal ?? fallbackController.signal;
    const dangerousDirectories = (0,sandbox_utils/* getDangerousDirectories */.yE)();
    const denyPaths = linuxGetCwdMandatoryDenyPaths(allowGitConfig);
    // Build iglob args for all patterns in one ripgrep call
    const iglobArgs = [];
    for (const fileName of sandbox_utils/* DANGEROUS_FILES */.Rf) {
        iglobArgs.push('--iglob', fileName);
    }
    for (const dirName of dangerousDirectories) {
        iglobArgs.push('--iglob', `**/${dirName}/**`);
    }
    // Git hooks always blocked in nested repos. A repository is known by its
    // HEAD, so that its hooks are denied before there are any.
    iglobArgs.push('--iglob', '**/.git/hooks/**', '--iglob', '**/.git/HEAD');
    // Git config conditionally blocked in nested repos
    if (!allowGitConfig) {
        iglobArgs.push('--iglob', '**/.git/config');
    }
    // Single ripgrep call to find all dangerous paths in subdirectories
    // Limit depth for performance - deeply nested dangerous files are rare
    // and the security benefit doesn't justify the traversal cost
    //
    // ripgrep lists files, and its depth is the file's. `sub/.vscode/x` and
    // `sub/.git/config` lie at `maxDepth`; `sub/.git/hooks/pre-commit`, of the
    // same directory, one level further down.
    let matches = [];
    try {
        matches = await ripGrep([
            '--files',
            '--hidden',
            // INVARIANT: no file decides what is listed. An ignore file that names
            // a directory hides all beneath it, and a configuration file can add
            // any flag; both are files in or above the tree.
            '--no-ignore',
            '--no-config',
            // Into a pipe ripgrep writes by the block, and killed it drops the
            // block: it would have listed nothing.
            '--line-buffered',
            '--max-depth',
            String(maxDepth + 1),
            ...iglobArgs,
            '-g',
            '!**/node_modules/**',
        ], cwd, signal, ripgrepConfig);
    }
    catch (error) {
        // Stopped, it found nothing: the caller must not be handed a command
        // without the denies it would have found.
        signal.throwIfAborted();
        // INVARIANT: what ripgrep listed counts, however it ended. It exits 2 if
        // there was a directory it could not read, having listed the rest, and is
        // killed after ten seconds. What it had not come to by then is not denied.
        if (error instanceof RipgrepError) {
            matches = error.listed;
            // A read-only bind also keeps the command from giving the mode back.
            denyPaths.push(...unreadableDirectories(error.stderr, cwd, maxDepth));
        }
        (0,debug/* logForDebugging */.o)(`[Sandbox] ripgrep scan failed: ${error}`, {
            level: 'warn',
        });
    }
    // The names a match can lie under, by path component.
    const directoryNames = [
        ...dangerousDirectories,
        '.git/hooks',
        '.git/config',
        '.git/HEAD',
    ].map(name => (0,sandbox_utils/* normalizeCaseForComparison */.g2)(name).split('/'));
    for (const match of matches) {
        const segments = external_node_path_.relative(cwd, external_node_path_.resolve(cwd, match))
            .split(external_node_path_.sep);
        const lower = segments.map(sandbox_utils/* normalizeCaseForComparison */.g2);
        // Where the dangerous name begins and how long it is: the first of
        // `directoryNames` on the way down, else the file itself.
        let at = segments.length - 1;
        let length = 1;
        // How deep the directory holding the name, `at`, may lie. One level less
        // for `directoryNames`, all alike: each costs mounts that keep what holds
        // it from being renamed or removed, and bwrap's start grows with them.
        let deepest = maxDepth - 1;
        search: for (let i = 0; i < lower.length; i++) {
            for (const name of directoryNames) {
                if (name.every((component, k) => lower[i + k] === component)) {
                    at = i;
                    length = name.length;
                    deepest = maxDepth - 2;
                    break search;
                }
            }
        }
        if (at > deepest)
            continue;
        const found = segments.slice(0, at + length);
        if (lower[at] === '.git' && lower[at + 1] === 'head')
            found[at + 1] = 'hooks';
        denyPaths.push(external_node_path_.join(cwd, ...found));
    }
    return [...new Set(denyPaths)];
}
// Track mount points created by bwrap for non-existent deny paths.
// When bwrap does --ro-bind /dev/null /nonexistent/path, it creates an empty
// file on the host as a mount point. These persist after bwrap exits and must
// be cleaned up explicitly.
const bwrapMountPoints = new Set();
// The source of the empty-directory mount points: at most one at a time, made
// on first use, reused while a sandbox is running, and removed with the mount
// points — never before, because a live bind's source must stay.
// generateFilesystemArgs pins it read-only inside every sandbox that uses it.
let emptyMountSourceDir;
function ensureEmptyMountSourceDir() {
    if (emptyMountSourceDir !== undefined) {
        // Revalidated, not trusted: the path is under the system temp dir, which
        // sandboxed commands commonly can write, and bwrap resolves a bind source
        // on the HOST, so a directory swapped for a symlink between two wraps
        // would publish whatever it points at. Anything that is not our own
        // private empty directory is left where it is: it is not ours to delete.
        try {
            const stat = external_fs_.lstatSync(emptyMountSourceDir);
            if (stat.isDirectory() &&
                stat.uid === process.getuid?.() &&
                (stat.mode & 0o077) === 0 &&
                external_fs_.readdirSync(emptyMountSourceDir).length === 0) {
                return emptyMountSourceDir;
            }
        }
        catch {
            // Gone, or no longer inspectable: make a new one below.
        }
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Not reusing the empty-directory mount source, it is gone or no longer our own empty directory: ${emptyMountSourceDir}`);
    }
    emptyMountSourceDir = external_fs_.mkdtempSync(external_node_path_.join((0,external_node_os_.tmpdir)(), 'claude-empty-'));
    // mkdtemp asks for 0700 but the umask applies, so under `umask 0200` the
    // directory lands on 0500. Set the mode here rather than let the check
    // above reject the directory this call has just made.
    external_fs_.chmodSync(emptyMountSourceDir, 0o700);
    return emptyMountSourceDir;
}
const CAP_SETFCAP = 31;
// This process's bounding set unioned with its inheritable set, read once —
// see processHasBoundingCapability for why those two. Only prctl(CAPBSET_DROP)
// and capset move them and this library calls neither, and without the memo
// the read is a synchronous open of /proc/self/status on the path of every
// wrapped command. Only a successful read is stored, so a transient failure
// does not latch "no capabilities" for the life of the process.
let boundingCapabilities;
let capabilityReadFailureLogged = false;
/**
 * Whether this process holds `cap` in its bounding or inheritable set (Linux).
 *
 * bwrap is reached by execve, and for a euid-0 caller the kernel recomputes
 * the new permitted set from the bounding and inheritable sets, discarding
 * what the caller itself had permitted. Those two sets are therefore what
 * decides which capabilities bwrap holds when it writes its uid map; CapPrm
 * and CapEff do not, and for any process itself reached by exec as root they
 * merely repeat the union.
 */
function processHasBoundingCapability(cap) {
    let bits = boundingCapabilities;
    if (bits === undefined) {
        let failure = 'has no CapBnd or CapInh line';
        try {
            bits = boundingCapabilitiesFromStatus(external_fs_.readFileSync('/proc/self/status', 'utf8'));
            boundingCapabilities = bits;
        }
        catch (e) {
            failure = `could not be read (${String(e)})`;
        }
        if (bits === undefined) {
            if (!capabilityReadFailureLogged) {
                capabilityReadFailureLogged = true;
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] /proc/self/status ${failure} - assuming this process holds no capabilities`, { level: 'warn' });
            }
            return false;
        }
    }
    return ((bits >> BigInt(cap)) & 1n) === 1n;
}
/**
 * The capability set an execve gives a euid-0 caller's child, parsed out of a
 * `/proc/<pid>/status`: CapBnd unioned with CapInh. `undefined` when either
 * line is absent. CapPrm and CapEff are deliberately not consulted — see
 * processHasBoundingCapability.
 */
function boundingCapabilitiesFromStatus(status) {
    const bounding = status.match(/^CapBnd:\s*([0-9a-fA-F]+)\s*$/m);
    const inheritable = status.match(/^CapInh:\s*([0-9a-fA-F]+)\s*$/m);
    return bounding && inheritable
        ? BigInt('0x' + bounding[1]) | BigInt('0x' + inheritable[1])
        : undefined;
}
/**
 * The bwrap capability list. Always `--cap-drop ALL`, which for a non-root
 * caller is bwrap's default anyway. `--cap-add CAP_SETFCAP` for the whole
 * bwrap invocation — the outer shell and the two socat relays hold it too —
 * when the caller is uid 0, the seccomp helper is in use and the capability
 * survives into bwrap: the helper's nested user namespace maps uid 0, which
 * Linux 5.12 and the distribution kernels that backported it allow only from
 * a creator holding CAP_SETFCAP. Under the helper a uid-0 caller's command
 * therefore has a full set inside that nested namespace, which is
 * identity-mapped to the caller's uid 0, and the filesystem policy there
 * rests on the helper's namespaces filter refusing the calls that change a
 * mount tree: the nested namespace's locked mount copies refuse the unmount
 * of any one of them, not the whole tree being moved aside. Without the
 * helper (`allowAllUnixSockets`, or no usable helper binary) the command runs
 * in bwrap's own namespaces and `--cap-drop ALL` is what stops it unmounting
 * a deny.
 *
 * Pure: `hasSetfcap` is decided by the caller, which is also where the
 * missing-capability case is reported once per process.
 */
function capabilityArgs({ euid, hasSetfcap, usesSeccompHelper, }) {
    const args = ['--cap-drop', 'ALL'];
    if (euid !== 0)
        return args;
    if (!hasSetfcap)
        return args;
    if (usesSeccompHelper)
        args.push('--cap-add', 'CAP_SETFCAP');
    return args;
}
// Latch for the predicted case: once per process, not once per command.
let setfcapMissingLogged = false;
// A uid-0 caller whose bounding set lacks CAP_SETFCAP cannot sandbox
// anything: bwrap's own --unshare-user writes a uid map containing uid 0, and
// so does the seccomp helper's nested namespace, and a kernel that enforces
// the requirement refuses both unless the namespace's creator held the
// capability. allowAllUnixSockets does not avoid it — it only drops the
// helper, not bwrap's own user namespace. Worded for both the predicted case
// (the debug warning on the path of a wrapped command) and the confirmed one
// (checkLinuxDependencies, after bubblewrap has actually refused).
const CAP_SETFCAP_MISSING_MESSAGE = "running as uid 0 without CAP_SETFCAP in this process's capability bounding set - on " +
    'kernels that enforce the CAP_SETFCAP requirement for mapping uid 0 into a user namespace ' +
    '(Linux 5.12 and distribution backports) every sandboxed command fails while writing a uid ' +
    'map ("Operation not permitted"). Grant CAP_SETFCAP to this process, or run as a non-root user';
/**
 * Linux's per-argument cap, MAX_ARG_STRLEN: 32 pages, so 128 KiB on most
 * kernels and up to 2 MiB with 64 KiB pages. The page size is AT_PAGESZ in
 * /proc/self/auxv (pairs of native words); 4 KiB, the smallest, if unreadable.
 */
let linuxMaxArgStrlen;
function maxArgStrlen() {
    if (linuxMaxArgStrlen === undefined) {
        const AT_PAGESZ = 6;
        let pageSize = 4096;
        try {
            const auxv = external_fs_.readFileSync('/proc/self/auxv');
            const wordBytes = /64|s390x/.test(process.arch) ? 8 : 4;
            // Buffer reads at most 6 bytes as a number; no value needed here is wider.
            const low = Math.min(wordBytes, 6);
            const word = (at) => (0,external_node_os_.endianness)() === 'BE'
                ? auxv.readUIntBE(at + wordBytes - low, low)
                : auxv.readUIntLE(at, low);
            for (let at = 0; at + 2 * wordBytes <= auxv.length; at += 2 * wordBytes) {
                if (word(at) === AT_PAGESZ) {
                    pageSize = word(at + wordBytes);
                    break;
                }
            }
        }
        catch {
            // No /proc: the smallest page size only moves a profile to the file
            // sooner than it had to.
        }
        linuxMaxArgStrlen = 32 * pageSize;
    }
    return linuxMaxArgStrlen;
}
/**
 * Room left below the cap when deciding whether the profile stays on the
 * command line: the embedder may put a prefix of its own (`exec`, `cd x &&`,
 * an assignment) in the same argument.
 */
const ARG_HEADROOM_BYTES = 4096;
/** bwrap's cap on parsed words, the command line and `--args` file together. */
const BWRAP_MAX_ARGS = 9000;
/**
 * The fd the `--args` file is opened on: a single digit, since dash rejects
 * multi-digit redirections, and high, since embedders hand the command low
 * fds of their own (an extra stdio pipe, a helper as `/proc/self/fd/3`).
 */
const BWRAP_ARGS_FD = 9;
/**
 * Linux's O_TMPFILE, which neither Node nor Bun exposes in `fs.constants`:
 * the asm-generic __O_TMPFILE, the value on every architecture they build
 * for Linux, together with the O_DIRECTORY the flag is defined to carry — a
 * kernel or filesystem that does not know it therefore fails the open on the
 * directory rather than creating a named file.
 */
const O_TMPFILE = 0o20000000 | external_fs_.constants.O_DIRECTORY;
/**
 * The `--args` profiles this process holds open.
 *
 * A profile is an unnamed file (O_TMPFILE): written at wrap time, kept open
 * here, and opened again by the string bwrap runs through
 * `/proc/<pid>/fd/<n>`, which is a fresh read-only description of the same
 * inode at offset 0. Nothing is named at any point, so there is nothing for
 * anyone to substitute between the wrap and the execution — not a sandbox
 * that renames an ancestor of tmpdir, not a sandbox another process of the
 * same user launched with tmpdir writable. Every sandbox this library starts
 * has its own PID namespace and a fresh /proc, so none of them can reach
 * /proc/<this pid> either.
 *
 * Fds close when the sandboxes of a batch are cleaned up, and fd numbers are
 * reused: a string kept past its cleanup and run later opens whatever the
 * number means by then — nothing (the redirection fails and the command does
 * not run), something bwrap refuses, or another profile of this process,
 * never one from outside it.
 */
const bwrapArgsFds = new Set();
/** Where the string bwrap runs opens the profile held on `fd`. */
function bwrapArgsProfilePath(fd) {
    return `/proc/${process.pid}/fd/${fd}`;
}
/**
 * Writes `mountWords` NUL-separated to an unnamed file and returns the fd it
 * stays open on. Throws when no directory takes an O_TMPFILE file, or when
 * the profile cannot be opened again through /proc: there is no named-file
 * fallback, and before any of this an over-long profile failed with E2BIG
 * anyway. The check is this process's own open; a child's can still be
 * refused (a process made non-dumpable owns its /proc entries as root), and
 * the string then fails in the redirection and runs no command.
 */
function openBwrapArgsProfile(mountWords) {
    const contents = mountWords.map(word => word + '\0').join('');
    const failures = [];
    for (const dir of new Set([(0,external_node_os_.tmpdir)(), '/dev/shm'])) {
        let fd;
        try {
            fd = external_fs_.openSync(dir, O_TMPFILE | external_fs_.constants.O_RDWR, 0o600);
        }
        catch (error) {
            failures.push(`${dir}: ${errorText(error)}`);
            continue;
        }
        try {
            external_fs_.writeFileSync(fd, contents);
            // Read-only from here: this process is done writing it.
            external_fs_.fchmodSync(fd, 0o400);
            // The string opens this path. Fail now, where the caller is told why,
            // rather than when the command runs.
            external_fs_.closeSync(external_fs_.openSync(bwrapArgsProfilePath(fd), external_fs_.constants.O_RDONLY));
        }
        catch (error) {
            failures.push(`${dir}: ${errorText(error)}`);
            external_fs_.closeSync(fd);
            continue;
        }
        bwrapArgsFds.add(fd);
        return fd;
    }
    throw new Error(`no unnamed file could be opened for it (${failures.join('; ')})`);
}
function closeBwrapArgsProfile(fd) {
    bwrapArgsFds.delete(fd);
    try {
        external_fs_.closeSync(fd);
    }
    catch {
        // Already closed: nothing left to release.
    }
}
function errorText(error) {
    return error instanceof Error ? error.message : String(error);
}
/**
 * Thrown when a Linux bubblewrap profile cannot be run on this host: what the
 * configuration expands to, with the mandatory denies of the working
 * directory, is past a limit, or, for `command_too_long` and `nul_in_path`,
 * what the caller passed in is. The command was not run and no
 * profile file stays open, so do not run the per-command cleanup
 * (`cleanupAfterCommand()`, `cleanupBwrapMountPoints()`) for a wrap that
 * threw: it would release a second time, and a sandbox still running would
 * lose its mount points. Branch on `.code`, never on `.message`, which
 * carries the sizes of the moment. Other wrap-time failures (a shell that is
 * not on PATH, a bridge socket that is gone) are plain Errors.
 */
class LinuxSandboxProfileError extends Error {
    constructor(code, message, cause) {
        super(message);
        this.name = 'LinuxSandboxProfileError';
        this.code = code;
        if (cause !== undefined) {
            // Non-enumerable, as a native `cause` is. Once the compile target is
            // ES2022 this is `super(message, { cause })`.
            Object.defineProperty(this, 'cause', {
                value: cause,
                writable: true,
                configurable: true,
                enumerable: false,
            });
        }
    }
}
/**
 * Thrown by the wrap when the host changed its working directory while the
 * mandatory denies were looked for. Nothing has been handed out or left on
 * the host by then. `SandboxManager` starts the wrap over.
 */
class WorkingDirectoryChanged extends Error {
    constructor() {
        super('The working directory changed while the command was being wrapped');
        this.name = 'WorkingDirectoryChanged';
    }
}
/**
 * The shell string that runs bwrap with `bwrapArgs`, which the caller runs
 * as one argument of `sh -c`. When that would not fit the kernel's
 * per-argument cap, the words in `mounts` (a slice of `bwrapArgs`) go to an
 * unnamed file this process holds open (see `bwrapArgsFds`) and bwrap reads
 * them through `--args` at the same position; the string opens that file
 * again through /proc. Every other word, the per-command environment and the
 * command among them, stays on the line. The result stays a simple command,
 * so a prefix (`exec`, `timeout 30`) or a suffix (`&& next`) still composes.
 * Throws {@link LinuxSandboxProfileError} when the profile cannot run.
 */
function renderBwrapInvocation(bwrapBinary, bwrapArgs, mounts) {
    // Whose the arguments are and what lowers each share: the mandatory denies
    // follow from what the working directory holds, not from the configuration.
    const shares = () => `${mounts.mandatoryDenyArgs} of its arguments are built-in write protection, in no list of the configuration: shell and tool settings and each git repository's hooks and config, in and below the working directory, and the directories holding them. For fewer, run from a directory with fewer repositories in it, or allow writing to fewer of them; a lower mandatoryDenySearchDepth leaves the deeper ones unprotected. The other ${bwrapArgs.length - mounts.mandatoryDenyArgs} are what the configuration expands to: each path takes about three arguments, each environment variable two`;
    if (bwrapArgs.length > BWRAP_MAX_ARGS) {
        throw new LinuxSandboxProfileError('too_many_arguments', `Sandbox profile has ${bwrapArgs.length} bwrap arguments and bwrap accepts at most ${BWRAP_MAX_ARGS} (about ${BWRAP_MAX_ARGS / 3} mounts). ${shares()}`);
    }
    const mountWords = bwrapArgs.slice(mounts.start, mounts.end);
    // A command line ends at a NUL and bwrap splits an args file on one, so the
    // word is cut short on the line and becomes several options in the file.
    if (mountWords.some(word => word.includes('\0'))) {
        throw new LinuxSandboxProfileError('nul_in_path', 'Sandbox profile contains a path with a NUL byte, which neither a command line nor a file of bwrap arguments can carry');
    }
    const inline = quote([bwrapBinary, ...bwrapArgs]);
    const inlineBytes = Buffer.byteLength(inline, 'utf8');
    const limit = maxArgStrlen() - 1;
    if (inlineBytes <= limit - ARG_HEADROOM_BYTES) {
        return inline;
    }
    const tooLong = `Sandbox profile is too long for the command line (${inlineBytes} bytes; past ${limit - ARG_HEADROOM_BYTES} it goes through a file)`;
    // `--args <fd>` are two more words.
    if (bwrapArgs.length + 2 > BWRAP_MAX_ARGS) {
        throw new LinuxSandboxProfileError('too_many_arguments', `${tooLong} and, passed through a file, would exceed the ${BWRAP_MAX_ARGS} arguments bwrap accepts. ${shares()}`);
    }
    let argsFd;
    try {
        argsFd = openBwrapArgsProfile(mountWords);
    }
    catch (error) {
        throw new LinuxSandboxProfileError('args_file_unavailable', `${tooLong} and cannot be passed through a file: ${errorText(error)}`, error);
    }
    // /bin/sh opens the profile on the fd and execs bwrap, which reads it to
    // EOF and closes it before running the command.
    const viaArgsFile = quote([
        '/bin/sh',
        '-c',
        `exec ${BWRAP_ARGS_FD}<"$1" && shift && exec "$@"`,
        'srt-args',
        bwrapArgsProfilePath(argsFd),
        bwrapBinary,
        ...bwrapArgs.slice(0, mounts.start),
        '--args',
        String(BWRAP_ARGS_FD),
        ...bwrapArgs.slice(mounts.end),
    ]);
    const viaArgsFileBytes = Buffer.byteLength(viaArgsFile, 'utf8');
    if (viaArgsFileBytes > limit) {
        closeBwrapArgsProfile(argsFd);
        throw new LinuxSandboxProfileError('command_too_long', `Sandboxed command is too long for one shell argument even with the mounts passed through a file (${viaArgsFileBytes} bytes; the limit here is ${limit})`);
    }
    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] bwrap mounts moved to an unnamed file, read through ${bwrapArgsProfilePath(argsFd)} on bwrap's fd ${BWRAP_ARGS_FD}: the command line would be ${inlineBytes} bytes as one argument`);
    return viaArgsFile;
}
// Number of wrapped commands that have been generated but whose cleanup has
// not yet run. cleanupBwrapMountPoints() defers file deletion while this is
// positive, because deleting a mount point file on the host while another
// bwrap instance is still running detaches that instance's bind mount and
// the deny rule stops applying inside it.
let activeSandboxCount = 0;
// Forced cleanups so far. One zeroes the count under a wrap still in flight,
// which from then on has nothing in it to give back.
let forcedCleanups = 0;
let exitHandlerRegistered = false;
/**
 * Register cleanup handler for bwrap mount points
 */
function registerExitCleanupHandler() {
    if (exitHandlerRegistered) {
        return;
    }
    process.on('exit', () => {
        cleanupBwrapMountPoints({ force: true });
    });
    exitHandlerRegistered = true;
}
/**
 * Clean up mount point files created by bwrap for non-existent deny paths.
 *
 * When protecting non-existent deny paths, bwrap creates empty files on the
 * host filesystem as mount points for --ro-bind. These files persist after
 * bwrap exits. This function removes them.
 *
 * This should be called after each sandboxed command completes to prevent
 * ghost dotfiles (e.g. .bashrc, .gitconfig) from appearing in the working
 * directory. It is also called automatically on process exit as a safety net.
 *
 * Each call decrements the active-sandbox counter that was incremented by
 * wrapCommandWithSandboxLinux(). File deletion is deferred until the counter
 * reaches zero. Deleting a mount point file on the host while another bwrap
 * instance is still running detaches that instance's bind mount (the dentry
 * is unhashed, so path lookup no longer finds the mount) and the deny rule
 * stops applying inside that sandbox.
 *
 * Pass `{ force: true }` to delete unconditionally — used by the process-exit
 * handler and reset() where deferral is not meaningful.
 *
 * Also closes the `--args` profiles the wraps of this batch opened.
 */
function cleanupBwrapMountPoints(opts) {
    if (!opts?.force) {
        if (activeSandboxCount > 0) {
            activeSandboxCount--;
        }
        if (activeSandboxCount > 0) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Deferring mount point cleanup — ${activeSandboxCount} sandbox(es) still active`);
            return;
        }
    }
    else {
        activeSandboxCount = 0;
        forcedCleanups++;
    }
    // Deepest first: a sandbox wrapped while another's directory mount point is
    // there gets its own inside it, and a directory goes only when it is empty.
    const deepestFirst = [...bwrapMountPoints].sort((a, b) => b.length - a.length);
    for (const mountPoint of deepestFirst) {
        try {
            // Only remove if it's still the empty file/directory bwrap created.
            // If something else has written real content, leave it alone.
            const stat = external_fs_.statSync(mountPoint);
            if (stat.isFile() && stat.size === 0) {
                external_fs_.unlinkSync(mountPoint);
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Cleaned up bwrap mount point (file): ${mountPoint}`);
            }
            else if (stat.isDirectory()) {
                // Empty directory mount points are created for intermediate
                // components (Fix 2). Only remove if still empty.
                const entries = external_fs_.readdirSync(mountPoint);
                if (entries.length === 0) {
                    external_fs_.rmdirSync(mountPoint);
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Cleaned up bwrap mount point (dir): ${mountPoint}`);
                }
            }
        }
        catch {
            // Ignore cleanup errors — the file may have already been removed
        }
    }
    bwrapMountPoints.clear();
    if (emptyMountSourceDir !== undefined) {
        try {
            // rmdirSync, not a recursive remove: it neither follows a symlink nor
            // descends, so a path that is no longer our empty directory is left
            // exactly as found.
            external_fs_.rmdirSync(emptyMountSourceDir);
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Cleaned up the empty-directory mount source: ${emptyMountSourceDir}`);
            emptyMountSourceDir = undefined;
        }
        catch (err) {
            const code = err.code;
            if (code === 'ENOTEMPTY') {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Left the empty-directory mount source behind, something has written into it: ${emptyMountSourceDir}`);
            }
            // Forget the path only when there is nothing left to remove. ENOTEMPTY,
            // EACCES and EBUSY (a forced cleanup while a live sandbox still pins the
            // source) leave it ours to try again; the revalidation on next use
            // decides whether it can be reused.
            if (code === 'ENOENT' || code === 'ENOTDIR') {
                emptyMountSourceDir = undefined;
            }
        }
    }
    for (const argsFd of [...bwrapArgsFds]) {
        closeBwrapArgsProfile(argsFd);
    }
}
function isExecutable(p) {
    try {
        external_fs_.accessSync(p, external_fs_.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Get detailed status of Linux sandbox dependencies
 */
function getLinuxDependencyStatus(opts) {
    const { seccompConfig, bwrapPath, socatPath } = opts ?? {};
    // argv0 mode: apply-seccomp is compiled into the caller's binary — skip
    // the on-disk lookup and trust that applyPath resolves inside bwrap.
    return {
        hasBwrap: bwrapPath ? isExecutable(bwrapPath) : whichSync('bwrap') !== null,
        hasSocat: socatPath ? isExecutable(socatPath) : whichSync('socat') !== null,
        hasSeccompApply: seccompConfig?.argv0
            ? true
            : getApplySeccompBinaryPath(seccompConfig?.applyPath) !== null,
    };
}
/**
 * Check sandbox dependencies and return structured result
 */
function checkLinuxDependencies(opts) {
    const { seccompConfig, bwrapPath, socatPath } = opts ?? {};
    const errors = [];
    const warnings = [];
    // An explicit override is a directive, not a hint — if it doesn't exist,
    // surface that rather than silently falling back to PATH.
    let usableBwrap = null;
    if (bwrapPath) {
        if (isExecutable(bwrapPath))
            usableBwrap = bwrapPath;
        else
            errors.push(`bubblewrap (bwrap) not executable at ${bwrapPath}`);
    }
    else {
        usableBwrap = which_whichSync('bwrap');
        if (usableBwrap === null)
            errors.push('bubblewrap (bwrap) not installed');
    }
    if (socatPath) {
        if (!isExecutable(socatPath))
            errors.push(`socat not executable at ${socatPath}`);
    }
    else if (which_whichSync('socat') === null) {
        errors.push('socat not installed');
    }
    if (!seccompConfig?.argv0 &&
        generate_seccomp_filter_getApplySeccompBinaryPath(seccompConfig?.applyPath) === null) {
        warnings.push('seccomp not available - unix socket access not restricted');
    }
    const uid0Error = uid0SandboxError({
        euid: process.geteuid?.(),
        hasSetfcap: processHasBoundingCapability(CAP_SETFCAP),
        bwrap: usableBwrap,
    });
    if (uid0Error !== null)
        errors.push(uid0Error);
    const outdated = outdatedBwrapWarning(usableBwrap);
    if (outdated !== null)
        warnings.push(outdated);
    return { warnings, errors };
}
/**
 * The oldest bubblewrap on which everything this library does holds. Mount
 * plans start on 0.4.0 and later, but before 0.5.0 `ensure_file()` takes
 * only a regular file as a file bind's mount point, so a mask on a fifo,
 * socket or device node blocks or fails.
 */
const OLDEST_FULLY_SUPPORTED_BWRAP_VERSION = '0.5.0';
// Keyed by path, so a caller that passes an explicit bwrapPath is not
// answered for another binary. A probe that got no answer is kept too, as
// null: it can block for the whole timeout, and callers ask several times
// during one start-up.
// INVARIANT: the version decides a warning and nothing else. No mount plan may
// rest on it: one slow start would then decide for the life of the process.
const bwrapVersions = new Map();
/** The version `bwrap --version` reports, or null when it could not be asked. */
function probeBwrapVersion(bwrap) {
    const cached = bwrapVersions.get(bwrap);
    if (cached !== undefined)
        return cached;
    const probe = (0,external_node_child_process_.spawnSync)(bwrap, ['--version'], {
        timeout: 5000,
        stdio: ['ignore', 'pipe', 'ignore'],
        encoding: 'utf8',
    });
    const version = probe.error === undefined && probe.status === 0
        ? (/\d+(?:\.\d+)*/.exec(probe.stdout ?? '')?.[0] ?? null)
        : null;
    bwrapVersions.set(bwrap, version);
    return version;
}
/** Negative when `a` is the older version. A missing or unreadable component
 * counts as 0, so '0.5' and '0.5.0' compare equal. */
function compareVersions(a, b) {
    const partsOf = (version) => version.split('.').map(part => {
        const parsed = Number.parseInt(part, 10);
        return Number.isNaN(parsed) ? 0 : parsed;
    });
    const left = partsOf(a);
    const right = partsOf(b);
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
        const difference = (left[i] ?? 0) - (right[i] ?? 0);
        if (difference !== 0)
            return difference;
    }
    return 0;
}
/**
 * A warning naming a bubblewrap older than
 * OLDEST_FULLY_SUPPORTED_BWRAP_VERSION, and what that costs. Not an error:
 * the sandbox starts and enforces on it. A version that could not be asked
 * for is not reported: a guess would be noise on every run.
 */
function outdatedBwrapWarning(bwrap) {
    if (bwrap === null)
        return null;
    const version = probeBwrapVersion(bwrap);
    if (version === null ||
        compareVersions(version, OLDEST_FULLY_SUPPORTED_BWRAP_VERSION) >= 0) {
        return null;
    }
    return (`bubblewrap ${version} at ${bwrap} is older than ` +
        `${OLDEST_FULLY_SUPPORTED_BWRAP_VERSION}: a denyRead entry or credential ` +
        `mask naming a path that is not a regular file (a fifo, socket or device ` +
        `node) cannot be applied on it. Everything else is unaffected`);
}
/**
 * Predict, then confirm. The prediction — uid 0 with no CAP_SETFCAP to hand
 * to bwrap — is exact about the capability but not about the kernel, so ask
 * bubblewrap itself before failing the caller's initialize(). An error, not a
 * warning: if it holds, every sandboxed command fails.
 *
 * `bwrap === null` skips the probe: a missing or unusable bubblewrap is
 * already its own dependency error, and a second one about capabilities would
 * only misdirect.
 */
function uid0SandboxError({ euid, hasSetfcap, bwrap, }) {
    if (euid !== 0 || hasSetfcap || bwrap === null)
        return null;
    const refusal = probeUid0UserNamespace(bwrap);
    if (refusal === null)
        return null;
    return refusal === ''
        ? CAP_SETFCAP_MISSING_MESSAGE
        : `${CAP_SETFCAP_MISSING_MESSAGE} (bubblewrap: ${refusal})`;
}
// One probe result per bwrap binary: whether a uid-0 map is refused is a
// property of the kernel and the binary, not of the moment. Keyed by path so
// a caller that passes an explicit bwrapPath is not answered for another one.
const uid0UserNamespaceProbes = new Map();
/**
 * Run `bwrap --unshare-user --dev-bind / / true` once and report whether this
 * kernel actually refuses to map uid 0. `null` means it does not, so there is
 * nothing to report; otherwise bubblewrap's own first stderr line, or the
 * empty string when the probe could not be run at all and the prediction
 * stands unaided.
 */
function probeUid0UserNamespace(bwrap) {
    const cached = uid0UserNamespaceProbes.get(bwrap);
    if (cached !== undefined)
        return cached;
    const probe = (0,external_node_child_process_.spawnSync)(bwrap, ['--unshare-user', '--dev-bind', '/', '/', 'true'], {
        timeout: 5000,
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
    });
    const refusal = probe.error === undefined && probe.status === 0
        ? null
        : ((probe.stderr ?? '')
            .split('\n')
            .map(line => line.trim())
            .find(line => line.length > 0)
            ?.slice(0, 200) ?? '');
    uid0UserNamespaceProbes.set(bwrap, refusal);
    return refusal;
}
/**
 * Initialize the Linux network bridge for sandbox networking
 *
 * ARCHITECTURE NOTE:
 * Linux network sandboxing uses bwrap --unshare-net which creates a completely isolated
 * network namespace with NO network access. To enable network access, we:
 *
 * 1. Host side: Run socat bridges that listen on Unix sockets and forward to host proxy servers
 *    - HTTP bridge: Unix socket -> host HTTP proxy (for HTTP/HTTPS traffic)
 *    - SOCKS bridge: Unix socket -> host SOCKS5 proxy (for SSH/git traffic)
 *
 * 2. Sandbox side: Bind the Unix sockets into the isolated namespace and run socat listeners
 *    - HTTP listener on port 3128 -> HTTP Unix socket -> host HTTP proxy
 *    - SOCKS listener on port 1080 -> SOCKS Unix socket -> host SOCKS5 proxy
 *
 * 3. Configure environment:
 *    - HTTP_PROXY=http://localhost:3128 for HTTP/HTTPS tools
 *    - GIT_SSH_COMMAND with socat for SSH through SOCKS5
 *
 * LIMITATION: Unlike macOS sandbox which can enforce domain-based allowlists at the kernel level,
 * Linux's --unshare-net provides only all-or-nothing network isolation. Domain filtering happens
 * at the host proxy level, not the sandbox boundary. This means network restrictions on Linux
 * depend on the proxy's filtering capabilities.
 *
 * DEPENDENCIES: Requires bwrap (bubblewrap) and socat
 */
async function initializeLinuxNetworkBridge(httpProxyPort, socksProxyPort, socatPath) {
    const socat = socatPath ?? 'socat';
    const socketId = (0,external_node_crypto_.randomBytes)(8).toString('hex');
    const httpSocketPath = (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `claude-http-${socketId}.sock`);
    // Only allocated when ports differ; in the mux case the SOCKS side
    // reuses httpSocketPath.
    const socksSocketPath = (0,external_node_path_.join)((0,external_node_os_.tmpdir)(), `claude-socks-${socketId}.sock`);
    // Start HTTP bridge
    const httpSocatArgs = [
        `UNIX-LISTEN:${httpSocketPath},fork,reuseaddr`,
        `TCP:localhost:${httpProxyPort},keepalive,keepidle=10,keepintvl=5,keepcnt=3`,
    ];
    (0,debug/* logForDebugging */.o)(`Starting HTTP bridge: ${socat} ${httpSocatArgs.join(' ')}`);
    const httpBridgeProcess = (0,external_node_child_process_.spawn)(socat, httpSocatArgs, {
        stdio: 'ignore',
    });
    // Add error and exit handlers to monitor bridge health. These must be
    // registered before the !pid check: when spawn fails (e.g. socat is
    // missing or not executable), the ChildProcess emits an asynchronous
    // 'error' event, and throwing first would leave that event without a
    // listener — surfacing as an uncaughtException instead of the rejection
    // below.
    httpBridgeProcess.on('error', err => {
        (0,debug/* logForDebugging */.o)(`HTTP bridge process error: ${err}`, { level: 'error' });
    });
    httpBridgeProcess.on('exit', (code, signal) => {
        (0,debug/* logForDebugging */.o)(`HTTP bridge process exited with code ${code}, signal ${signal}`, { level: code === 0 ? 'info' : 'error' });
    });
    if (!httpBridgeProcess.pid) {
        throw new Error('Failed to start HTTP bridge process');
    }
    // SOCKS bridge: when the host serves both protocols on one port (the mux),
    // a second socat to the same TCP target is redundant — reuse the HTTP
    // bridge's process and socket path. Downstream consumers
    // (LinuxNetworkBridgeContext, in-sandbox socat, cleanup) treat duplicate
    // refs idempotently. A separate bridge is only spawned when the ports
    // differ (external proxy override).
    let socksBridgeProcess;
    let socksSockPath;
    if (socksProxyPort === httpProxyPort) {
        socksBridgeProcess = httpBridgeProcess;
        socksSockPath = httpSocketPath;
    }
    else {
        socksSockPath = socksSocketPath;
        const socksSocatArgs = [
            `UNIX-LISTEN:${socksSocketPath},fork,reuseaddr`,
            `TCP:localhost:${socksProxyPort},keepalive,keepidle=10,keepintvl=5,keepcnt=3`,
        ];
        (0,debug/* logForDebugging */.o)(`Starting SOCKS bridge: ${socat} ${socksSocatArgs.join(' ')}`);
        socksBridgeProcess = (0,external_node_child_process_.spawn)(socat, socksSocatArgs, {
            stdio: 'ignore',
        });
        // Add error and exit handlers to monitor bridge health — registered
        // before the !pid check for the same reason as the HTTP bridge above.
        socksBridgeProcess.on('error', err => {
            (0,debug/* logForDebugging */.o)(`SOCKS bridge process error: ${err}`, { level: 'error' });
        });
        socksBridgeProcess.on('exit', (code, signal) => {
            (0,debug/* logForDebugging */.o)(`SOCKS bridge process exited with code ${code}, signal ${signal}`, { level: code === 0 ? 'info' : 'error' });
        });
        if (!socksBridgeProcess.pid) {
            // Clean up HTTP bridge
            if (httpBridgeProcess.pid) {
                try {
                    process.kill(httpBridgeProcess.pid, 'SIGTERM');
                }
                catch {
                    // Ignore errors
                }
            }
            throw new Error('Failed to start SOCKS bridge process');
        }
    }
    // Wait for both sockets to be ready
    const maxAttempts = 5;
    for (let i = 0; i < maxAttempts; i++) {
        if (!httpBridgeProcess.pid ||
            httpBridgeProcess.killed ||
            !socksBridgeProcess.pid ||
            socksBridgeProcess.killed) {
            throw new Error('Linux bridge process died unexpectedly');
        }
        try {
            // fs already imported
            if (external_fs_.existsSync(httpSocketPath) && external_fs_.existsSync(socksSockPath)) {
                (0,debug/* logForDebugging */.o)(`Linux bridges ready after ${i + 1} attempts`);
                break;
            }
        }
        catch (err) {
            (0,debug/* logForDebugging */.o)(`Error checking sockets (attempt ${i + 1}): ${err}`, {
                level: 'error',
            });
        }
        if (i === maxAttempts - 1) {
            // Clean up both processes
            if (httpBridgeProcess.pid) {
                try {
                    process.kill(httpBridgeProcess.pid, 'SIGTERM');
                }
                catch {
                    // Ignore errors
                }
            }
            if (socksBridgeProcess.pid) {
                try {
                    process.kill(socksBridgeProcess.pid, 'SIGTERM');
                }
                catch {
                    // Ignore errors
                }
            }
            throw new Error(`Failed to create bridge sockets after ${maxAttempts} attempts`);
        }
        await new Promise(resolve => setTimeout(resolve, i * 100));
    }
    return {
        httpSocketPath,
        socksSocketPath: socksSockPath,
        httpBridgeProcess,
        socksBridgeProcess,
        httpProxyPort,
        socksProxyPort,
    };
}
/**
 * Read by the seccomp helper, never by this process. The write denies are
 * read-only binds, and a bind protects a path only in the mount namespace it
 * was made in. Creating a user namespace takes no capability and gives a full
 * set over a private copy of the mount tree, from which the binds can be
 * detached all at once; a directory opened beforehand then reaches the denied
 * names. So by default the helper refuses the calls with a seccomp filter and
 * sets user.max_user_namespaces to zero in the namespace it made. `1` lifts
 * both. A wrap with no helper gives bubblewrap --disable-userns instead.
 */
const NESTED_USERNS_ENV = 'SRT_ALLOW_NESTED_USERNS';
/**
 * The assignment the helper's command line starts with, so that the variable
 * holds what the configuration says: the wrap reaches the helper through a
 * shell, whose start-up files (BASH_ENV) could set it after bubblewrap cleared
 * it, and an assignment before a command is made after those.
 */
function helperEnvironmentPrefix(allowNestedUserNamespaces) {
    return `${NESTED_USERNS_ENV}=${allowNestedUserNamespaces ? '1' : '0'} `;
}
// Keyed by path, like the uid-0 probe. Only an answer is kept: a probe that
// failed is made again the next time.
const disableUsernsProbes = new Map();
/**
 * Whether this bubblewrap lists --disable-userns (0.8.0 and later) and can
 * honour it: a setuid bubblewrap refuses the option outright.
 */
function bwrapCanDisableUserns(bwrap) {
    const cached = disableUsernsProbes.get(bwrap);
    if (cached !== undefined)
        return cached;
    let can = false;
    try {
        if ((external_fs_.statSync(bwrap).mode & 0o4000) === 0) {
            const help = (0,external_node_child_process_.spawnSync)(bwrap, ['--help'], {
                timeout: 5000,
                stdio: ['ignore', 'pipe', 'pipe'],
                encoding: 'utf8',
            });
            const text = `${help.stdout ?? ''}${help.stderr ?? ''}`;
            if (help.error !== undefined || text.trim() === '')
                return false;
            can = text.includes('--disable-userns');
        }
    }
    catch {
        return false;
    }
    disableUsernsProbes.set(bwrap, can);
    return can;
}
let noUsernsLimitLogged = false;
/**
 * Resolve how to invoke apply-seccomp: either a standalone binary path, or a
 * multicall-binary prefix that dispatches on the ARGV0 env var.
 *
 * Returns a shell-ready string ending in a trailing space — callers append
 * quote([shell, '-c', cmd]). Returns undefined when seccomp is
 * unavailable (no argv0, no binary found).
 *
 * When argv0 is set, applyPath is used verbatim (no existence check); the
 * caller is responsible for ensuring it resolves inside the bwrap namespace.
 */
function resolveApplySeccompPrefix(applyPath, argv0) {
    if (argv0) {
        if (!applyPath) {
            throw new Error('seccompConfig.argv0 requires seccompConfig.applyPath');
        }
        return `ARGV0=${quote([argv0])} ${quote([applyPath])} `;
    }
    const binary = generate_seccomp_filter_getApplySeccompBinaryPath(applyPath);
    return binary ? `${quote([binary])} ` : undefined;
}
/**
 * Shell lines that return once both relays listen, given their process ids in
 * `$_srt_http` and `$_srt_socks`. The relays are started in the background,
 * and a command that connects at once got there first: its first connection
 * was refused.
 *
 * The network namespace counts its TCP sockets in use, and a listening one
 * counts from the moment it listens. The namespace is new and only the two
 * relays make a socket in it before the command runs, one each, so two in
 * use are the two relays listening. Not `/proc/net/tcp`, which names the
 * ports: one read of it walks the host's whole connection table (5 ms on a
 * machine with 256 GB).
 *
 * It gives up, and the command starts as it did before, when a relay has
 * exited, when a file cannot be read, and after 0.3 s by `/proc/uptime`,
 * which counts in hundredths (the `1` in front keeps a leading zero from
 * being read as octal).
 *
 * INVARIANT: these lines start no program. They run before the seccomp
 * filter is on, so anything found on `PATH` here would run without it. That
 * is why they poll without a pause: `sleep` is a program in all three
 * shells.
 *
 * No `!`: shell-quote would put a backslash before it that the shell keeps.
 * No `%1`: dash resolves no job outside an interactive shell.
 */
const RELAYS_LISTEN = [
    '_srt_since=',
    'while [ -r /proc/net/sockstat ] && kill -0 "$_srt_http" "$_srt_socks" 2>/dev/null; do',
    '  _srt_up=0',
    '  for _srt_counts in /proc/net/sockstat /proc/net/sockstat6; do',
    '    [ -r "$_srt_counts" ] || continue',
    '    while read -r _srt_kind _srt_skip _srt_inuse _srt_skip; do',
    '      case "$_srt_kind" in TCP: | TCP6:) _srt_up=$((_srt_up + _srt_inuse)); break ;; esac',
    '    done < "$_srt_counts"',
    '  done',
    '  [ "$_srt_up" -lt 2 ] || break',
    '  read -r _srt_now _srt_skip 2>/dev/null < /proc/uptime || break',
    '  _srt_now=1${_srt_now%.*}${_srt_now#*.}',
    '  [ "$((_srt_now - ${_srt_since:=$_srt_now}))" -lt 30 ] || break',
    'done',
    'unset _srt_since _srt_now _srt_up _srt_counts _srt_kind _srt_skip _srt_inuse _srt_http _srt_socks',
];
/**
 * Build the command that runs inside the sandbox.
 * Sets up HTTP proxy on port 3128 and SOCKS proxy on port 1080
 */
function buildSandboxCommand(httpSocketPath, socksSocketPath, userCommand, applySeccompPrefix, shell, socatPath) {
    // Default to bash for backward compatibility
    const shellPath = shell || 'bash';
    // Host filesystem is bind-mounted into the sandbox, so an explicit
    // socatPath resolves to the same binary inside bwrap.
    const socat = quote([socatPath ?? 'socat']);
    // socat's own backlog is 5. A connection that finds the queue full is
    // dropped, and tried again after 1 s, then 2 s, 4 s and so on: of a package
    // installer's burst, some wait for a minute. The kernel caps the number.
    const listen = 'fork,reuseaddr,backlog=4096';
    // Which family a plain TCP-LISTEN takes is socat's choice, and differs by
    // version. One that takes IPv6 exits at once on a kernel that has none, and
    // nothing listens; one that takes IPv4 refuses a client to which `localhost`
    // is ::1 and that tries no second address. So the family is named: IPv6 with
    // IPv4 mapped in, which serves both, and IPv4 alone where that fails.
    const relay = (port, socketPath) => `{ ${socat} TCP6-LISTEN:${port},ipv6only=0,${listen} UNIX-CONNECT:${socketPath} || ` +
        `exec ${socat} TCP4-LISTEN:${port},${listen} UNIX-CONNECT:${socketPath}; } >/dev/null 2>&1 &`;
    const socatCommands = [
        relay(3128, httpSocketPath),
        '_srt_http=$!',
        relay(1080, socksSocketPath),
        '_srt_socks=$!',
        // The trap saves the status the script is exiting with and exits with
        // it. A bare `exit` inside an EXIT trap is not portable: bash and dash
        // keep the script's status, zsh takes the status of the trap's own last
        // command (the kill), so under zsh a failing command reported 0. Single
        // quotes, so $? and $rc are read when the trap runs, not when it is set.
        "trap 'rc=$?; kill %1 %2 2>/dev/null; exit $rc' EXIT",
        ...RELAYS_LISTEN,
    ];
    // apply-seccomp runs after socat so socat can still create Unix sockets.
    if (applySeccompPrefix) {
        const applySeccompCmd = applySeccompPrefix + quote([shellPath, '-c', userCommand]);
        const innerScript = [...socatCommands, applySeccompCmd].join('\n');
        return `${shellPath} -c ${quote([innerScript])}`;
    }
    else {
        const innerScript = [...socatCommands, `eval ${quote([userCommand])}`].join('\n');
        return `${shellPath} -c ${quote([innerScript])}`;
    }
}
/**
 * The three classes an fs errno from a path lookup falls into, enumerated
 * once because each leads somewhere different: ABSENCE, where the name
 * resolves to no file and every consumer already treats the path as absent
 * (isAbsenceErrno, in sandbox-utils.ts, where the glob walk classifies the
 * same failures); TRANSIENT, a busy, unlucky or re-exporting host rather
 * than a fact about the path, worth asking once more before the failure is
 * taken for an answer; and SETTLED, a file that is there and cannot be
 * looked at, and will not become readable while this wrap runs. Every code
 * neither predicate names is settled, because nothing says it clears.
 */
function isTransientErrno(err) {
    const code = err?.code;
    return (code === 'EIO' ||
        code === 'ESTALE' ||
        code === 'EMFILE' ||
        code === 'ENFILE' ||
        code === 'EAGAIN');
}
/**
 * `attempt`, asked a second time when the first failure was transient and
 * rethrown otherwise. Two caveats come with the second ask: a same-tick retry
 * cannot clear descriptor exhaustion (EMFILE, ENFILE), so for those it is
 * best effort. And on a soft-mounted network filesystem that is down, a
 * transient-class errno arrives only after the mount's own timeout, so the
 * retry can double that stall — a hard mount never returns at all, so the
 * retry never runs there.
 */
function retryingTransient(attempt) {
    try {
        return attempt();
    }
    catch (err) {
        if (!isTransientErrno(err))
            throw err;
    }
    return attempt();
}
/** The top-level directories this wrap leaves to the kernel and to the
 * caller's own remounts. A cover must never take one — --proc and --dev
 * replace two of them after the pins are spliced in, and /sys is kernel
 * state — and the '/' read-deny expansion must not hide one either. */
const KERNEL_TOP_LEVEL_DIRS = ['/proc', '/dev', '/sys'];
/**
 * A self-bind ("pin") for every directory between a seed (where a deny bind,
 * file mask or read-deny tmpfs lands) and the allowed write root covering it,
 * shallow-first, which makes each one a mountpoint the kernel refuses to
 * rename or remove. A directory that is not there is skipped: bwrap cannot
 * bind a missing source and there is nothing to rename. One that exists but
 * cannot be inspected is still pinned, and if bwrap cannot bind it either the
 * sandbox does not start, which is where the deny loop lands too.
 *
 * Pins are read-only and spliced in beneath every other mount, so that one
 * landing on top of an allowed write root cannot make it read-only; a write
 * root needs no pin of its own there, its allow bind already being a live
 * mountpoint.
 *
 * A '/' write root defeats that: its own recursive `--bind / /` is one of the
 * mounts above the pins and buries them, leaving those directories renamable.
 * Under one the pins therefore go AFTER the allow binds and take every
 * ancestor, the other allowed write roots included, stopping below the
 * top-level directory D on the chain; a writable `--bind D D` — the cover —
 * takes D itself and buries them again. Lookups enter the cover and never meet
 * a pin, so no filesystem boundary lands inside D, while the kernel's rename
 * and rmdir checks scan mounts by dentry and still find one. The only new
 * boundary is at D. /proc, /dev and /sys are never covered, and a seed under
 * one of them gets no pins.
 */
function ancestorPinArgs(seeds, writeRoots) {
    const { rootIsWriteRoot } = writeRoots;
    const pinDirs = new Set();
    const coverDirs = new Set();
    // Verdicts are seed-independent: a visited ancestor's chain is done.
    const visited = new Set();
    for (const seed of seeds) {
        if (rootIsWriteRoot &&
            KERNEL_TOP_LEVEL_DIRS.some(dir => (0,sandbox_utils/* isAtOrUnder */.Xb)(seed, dir))) {
            continue;
        }
        for (let dir = external_node_path_.dirname(seed); dir !== '/' && !visited.has(dir) && writeRoots.isWithinAllowedWrite(dir); dir = external_node_path_.dirname(dir)) {
            visited.add(dir);
            if (rootIsWriteRoot) {
                if (external_node_path_.dirname(dir) === '/') {
                    coverDirs.add(dir);
                    continue;
                }
            }
            else if (writeRoots.isAllowedWriteRoot(dir)) {
                continue;
            }
            try {
                external_fs_.statSync(dir);
            }
            catch (err) {
                if ((0,sandbox_utils/* isAbsenceErrno */.wv)(err))
                    continue;
            }
            pinDirs.add(dir);
        }
    }
    const covers = [...coverDirs];
    if (covers.length > 0) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Covering the pinned ancestors under: ${covers.join(', ')}`);
    }
    return [
        ...[...pinDirs]
            .sort((a, b) => a.split('/').length - b.split('/').length)
            .flatMap(dir => ['--ro-bind', dir, dir]),
        ...covers.flatMap(dir => ['--bind', dir, dir]),
    ];
}
/**
 * Mount a tmpfs over a read-denied directory, then restore the allowed write
 * paths and allowRead paths the tmpfs just wiped. Returns the mounts it
 * re-bound, writable and read-only, which is what a later pass re-emits when
 * a denyWrite bind re-exposes this directory.
 */
function pushReadDenyDirMounts(args, unit) {
    const { landing, allowedWritePaths, readAllowPaths } = unit;
    args.push('--tmpfs', landing);
    // How to bind allowed path `p` back, if it is a carve-out of this unit:
    // its name must live inside the denied directory, and so must what it
    // resolves to. Parent directories may be symlinks (/lib/x is a carve-out
    // of a tmpfs on /usr, where /lib is a link to /usr/lib). A path that is
    // itself a symlink INTO the directory is not a carve-out: it names the
    // link, which this tmpfs did not hide, and re-allows nothing the link
    // points at, or a link planted at an allowed path (docs -> ~/.ssh) would
    // cancel the deny of its target.
    //
    // The mount goes back at the NAME (the entry re-allows the name it is, and
    // an entry whose last component is a symlink is ENOENT inside the sandbox
    // if restored only at its target), from the RESOLVED source: that is the
    // path both containment checks were made against, and naming it leaves
    // bwrap nothing to re-resolve at mount time.
    const restorePlacementOf = (p) => {
        const dest = unit.nameLocation(p);
        if (!(0,sandbox_utils/* isAtOrUnder */.Xb)(dest, landing))
            return undefined;
        const { canonical: source, resolved } = unit.resolve(p);
        if (!resolved) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: nothing there resolves (absent, dangling or unreadable), so the only source available is the name itself`, { level: 'warn' });
            return undefined;
        }
        if (!(0,sandbox_utils/* isAtOrUnder */.Xb)(source, landing)) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: it resolves outside it, to ${source}`, { level: 'warn' });
            return undefined;
        }
        // Restoring at the name from a DIFFERENT path is a second mount of the
        // target's inode, which nothing landing on the target's own path covers,
        // so such a restore is dropped whenever the read section hides anything
        // at, inside or around that target: the deny wins, and the follow-up that
        // gives the carve-out back has to bind the target at the target.
        if (source !== dest) {
            const denied = unit.readDenialAround(source);
            if (denied !== undefined) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Not restoring ${p} over denyRead tmpfs ${landing}: it resolves to ${source}, and the read section denies or masks ${denied}`, { level: 'warn' });
                return undefined;
            }
        }
        return { source, dest };
    };
    // tmpfs wiped any earlier write binds under this path — restore them.
    const restoredWrites = [];
    for (const writePath of allowedWritePaths) {
        const placement = restorePlacementOf(writePath);
        if (placement === undefined)
            continue;
        args.push('--bind', placement.source, placement.dest);
        restoredWrites.push(placement);
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Re-bound write path wiped by denyRead tmpfs: ${writePath}`);
    }
    // Re-allow specific paths within the denied directory (allowRead overrides denyRead).
    // After mounting tmpfs over the denied dir, bind back the allowed subdirectories
    // so they are readable again.
    const restoredReads = [];
    for (const allowPath of readAllowPaths) {
        const placement = restorePlacementOf(allowPath);
        if (placement === undefined)
            continue;
        // Skip only if a write path was re-bound just above AND covers
        // allowPath. A write path that's an ancestor of the deny dir isn't
        // re-bound (it wasn't wiped), so allowPath under it still needs
        // its own ro-bind here.
        if (restoredWrites.some(w => (0,sandbox_utils/* isAtOrUnder */.Xb)(placement.dest, w.dest)))
            continue;
        // Bind the allowed path back over the tmpfs so it's readable
        args.push('--ro-bind', placement.source, placement.dest);
        restoredReads.push(placement);
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Re-allowed read access within denied region: ${allowPath}`);
    }
    return { restoredWrites, restoredReads };
}
/**
 * Generate filesystem bind mount arguments for bwrap
 */
async function generateFilesystemArgs(readConfig, writeConfig, maskedFileBinds, maskedFileStoreDir, ripgrepConfig = { command: 'rg' }, mandatoryDenySearchDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, abortSignal) {
    const args = [];
    const startedIn = (0,sandbox_utils/* workingDirectory */.p7)();
    // fs already imported
    // Collect normalized allowed write paths. Populated in the writeConfig
    // block, read again in the denyRead loop to re-bind writes under tmpfs.
    const allowedWritePaths = [];
    // denyWrite binds are buffered and emitted after denyRead processing so that
    // a denyRead tmpfs over an ancestor directory doesn't wipe them out.
    const denyWriteArgs = [];
    // Where the mandatory denies' binds begin in it: after the configuration's.
    let mandatoryDenyArgsStart = Infinity;
    // Directories that a deny entry re-binds read-only inside the sandbox
    // (--ro-bind <dir> <dir>), keyed by resolved dest, with every raw
    // (pre-resolution) spelling each was reached through. A non-existent deny
    // path whose deepest existing ancestor lies within one of these is already
    // uncreatable, and must not get a /dev/null stub: bwrap would have to
    // creat() the mount point inside that read-only mount and abort ("Can't
    // create file at <path>: Read-only file system"). An EXISTING deny path
    // strictly beneath one is likewise already unwritable and its own
    // --ro-bind <p> <p> is skipped as redundant. The spellings matter
    // because the re-application passes record a deny bind's raw spelling
    // beside its resolved dest, so the stub-skip guard tests a covering
    // directory in its canonical form AND every recorded spelling.
    const readOnlyDenyDirSpellings = new Map();
    // Resolved dests that at least one deny entry reaches through a symlink.
    // Asked of the dest, not of the entry in hand: the deny loop deduplicates
    // on the dest, so which spelling it sees is the caller's ordering.
    const symlinkedDenySpellingDests = new Set();
    // dest → the pre-resolution deny path it came from. A bind at the resolved
    // dest also re-exposes whatever the symlinked spelling leads to, so the
    // re-application passes below compare a read deny's landing against both
    // spellings. Landings and allowed write paths are canonical, so the extra
    // spelling can only match more of them, never fewer.
    const denyWriteRawDests = new Map();
    // Placeholder dests where no mount point can be made (see mountPointFor).
    // Planned like the others, so that their ancestors are pinned and counted
    // alike, and left out at emission.
    const unmakeableDenyDests = new Set();
    // The shared empty directory this call's placeholders bind from, resolved at
    // most once per wrap: resolving again mid-wrap (the cached path having been
    // tampered with in between) would leave the binds already emitted pointing
    // at a directory this same call has just judged not ours.
    let emptySource;
    // Where a mount given `p` lands: `p` fully resolved, every symlink on the
    // way and not one hop. One resolution per path per wrap, so every predicate
    // below sees the same answer, and none before the mandatory-deny scan's
    // await: that scan can run arbitrarily long, and a realpath taken ahead of
    // it would miss a symlink retargeted meanwhile.
    const canonicalFormCache = new Map();
    // Paths whose canonical location could not be LOOKED AT — a settled errno,
    // or a transient one that outlived the retry — so the recorded spelling
    // stands in for it. That is a guess, and the
    // stub-skip prediction below refuses to conclude anything from a guess made
    // about its own inputs. Plain absence is not a guess: nothing is there to
    // resolve, and every consumer already treats such a path as absent (a
    // dangling symlink under '/' is ordinary, and counting it would keep every
    // deny placeholder on the whole host).
    const canonicalFormGuesses = new Set();
    // Paths canonicalForm answered with the spelling it was given because
    // nothing could be resolved. A mount SOURCE must never be one of them:
    // bwrap would resolve whatever sits at that name at mount time, after the
    // containment checks ran against the name itself.
    const canonicalFormUnresolved = new Set();
    const canonicalForm = (p) => {
        let canonical = canonicalFormCache.get(p);
        if (canonical === undefined) {
            try {
                canonical = retryingTransient(() => (0,real_path/* realPathOf */.d)(p));
            }
            catch (err) {
                canonical = p; // vanished or unresolvable: the recorded form stands
                canonicalFormUnresolved.add(p);
                if (!(0,sandbox_utils/* isAbsenceErrno */.wv)(err)) {
                    canonicalFormGuesses.add(p);
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Where ${p} really is cannot be told, so what is mounted for it is mounted on this spelling, which bubblewrap may refuse: ${err}`, { level: 'warn' });
                }
            }
            canonicalFormCache.set(p, canonical);
        }
        return canonical;
    };
    /** Where `p` resolves to, beside whether anything was resolved at all.
     * Answered together because the answer is the spelling itself when nothing
     * was, and a mount source must never be one of those. */
    const canonicalLocationOf = (p) => ({
        canonical: canonicalForm(p),
        resolved: !canonicalFormUnresolved.has(p),
    });
    /** `p` as recorded, plus its canonical location when that differs. */
    const mountForms = (p) => {
        const canonical = canonicalForm(p);
        return canonical === p ? [p] : [p, canonical];
    };
    // Where the name `p` lives: its parent directories resolved, its last
    // component as written. This, not what `p` resolves to, decides which read
    // deny an allowRead entry is an exception to: an entry that is a symlink
    // names the link, and re-allows nothing the link points at.
    const nameLocationOf = (p) => (0,sandbox_utils/* nameLocation */.DV)(p, canonicalForm);
    // Whether a canonical path lies inside the write allowlist, and so
    // whether it is stubbed and pinned at all: a path outside it is left
    // read-only by the initial --ro-bind / /. allowedWritePaths entries are
    // canonical (the allow loop drops a symlink-spelled one) and recorded with
    // trailing slashes stripped.
    //
    // Containment is root-aware (isAtOrUnder) because '/' is a legal allowOnly
    // entry that the allow loop binds writable: an `allowedPath + '/'` prefix
    // test spells it '//' and matches nothing, so every deny no other allow
    // entry covers would be judged outside the allowlist and silently lose its
    // bind over a writable root. The ancestor pins are the one consumer that
    // treats a '/' write root specially: see ancestorPinArgs.
    const isWithinAnyAllowedWritePath = (candidatePath) => allowedWritePaths.some(allowedPath => (0,sandbox_utils/* isAtOrUnder */.Xb)(candidatePath, allowedPath));
    // Whether an existing deny path gets its own --ro-bind: it lies inside the
    // write allowlist, or an allowed write path lies beneath it, whose --bind
    // the deny's then covers. The deny pre-pass and the deny loop's --ro-bind
    // gate MUST share it: the pre-pass is only sound if it records exactly the
    // directories the loop re-binds read-only (a recorded directory that is
    // never re-bound read-only would suppress stubs unsafely; a re-bound
    // directory missing from the record only costs an abort).
    const meetsAnyAllowedWritePath = (candidatePath) => isWithinAnyAllowedWritePath(candidatePath) ||
        allowedWritePaths.some(allowedPath => (0,sandbox_utils/* isStrictlyUnder */.hf)(allowedPath, candidatePath));
    const isAllowedWriteRoot = (candidatePath) => allowedWritePaths.includes(candidatePath);
    // Resolves symlinks, so computed on first use, which is after the
    // mandatory-deny scan.
    let readAllowPathsMemo;
    const readAllowPaths = () => (readAllowPathsMemo ?? (readAllowPathsMemo = (readConfig?.allowWithinDeny || []).map(p => (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true }))));
    let ownReadAllowPathsMemo;
    const ownReadAllowPaths = () => (ownReadAllowPathsMemo ?? (ownReadAllowPathsMemo = (readConfig?.ownAllowWithinDeny ?? []).map(p => (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true }))));
    // The denyOnly entries that are credential denies, as they are spelled
    // there, and what may be an exception to a read deny of either kind.
    const credentialDenies = new Set(readConfig?.credentialDenyOnly);
    const readExceptionsTo = (isCredential) => isCredential ? ownReadAllowPaths() : readAllowPaths();
    // What the read section mounts for one denyRead entry: a tmpfs (directory)
    // or a /dev/null mask (anything else) on the entry itself; nothing when it
    // is not there; and, when it cannot be inspected, a tmpfs on the deepest
    // directory above it that can. That hides more than was asked, never less:
    // a same-uid command can make a parent unsearchable (chmod 000) and undo it
    // again from inside the next sandbox, so "unreadable now" is not "absent".
    // This is the widest blast radius a transient failure has, hence the retry:
    // one unlucky EIO turns a file deny into a stand-in over its whole
    // directory, and every carve-out beneath that is then refused.
    const readDenyTargetOf = (entry) => {
        for (let candidate = entry;; candidate = external_node_path_.dirname(candidate)) {
            if (candidate === '/' && candidate !== entry)
                return undefined;
            try {
                const stats = retryingTransient(() => external_fs_.statSync(candidate));
                return {
                    path: candidate,
                    isDirectory: stats.isDirectory(),
                    isStandIn: candidate !== entry,
                };
            }
            catch (err) {
                if ((0,sandbox_utils/* isAbsenceErrno */.wv)(err) || candidate === '/')
                    return undefined;
            }
        }
    };
    // Where that mount lands, which is where the entry really is: one mount
    // then covers every spelling of that place; the real contents are hidden
    // wherever they are reachable, even when the route that named them is
    // itself inside an earlier tmpfs; and no mount is ever asked to land on a
    // symlink, which bubblewrap refuses outright from 0.12 on ("Can't mount on
    // symlink destination").
    //
    // '/' is never a landing. Only a symlink to the root resolves there (a '/'
    // entry itself is expanded into the root's children), and a --tmpfs /
    // would wipe every mount placed before it while the pivot promoted it,
    // booting the command on an empty tree. The directory holding the link
    // stands in for it, on the same rule as an entry that cannot be inspected,
    // and `undefined` means nothing at all is mounted for this entry.
    const readDenyMountOf = (entry) => {
        const target = readDenyTargetOf(entry);
        if (target === undefined)
            return undefined;
        const landing = canonicalForm(target.path);
        if (landing !== '/') {
            return {
                landing,
                named: target.path,
                isDirectory: target.isDirectory,
                isStandIn: target.isStandIn,
            };
        }
        const holder = canonicalForm(external_node_path_.dirname(target.path));
        if (holder === '/')
            return undefined;
        return {
            landing: holder,
            named: target.path,
            isDirectory: true,
            isStandIn: true,
        };
    };
    // The directories and files the read section denies, as configured. A '/'
    // entry is expanded into the root's children, because --tmpfs / would wipe
    // every prior mount (ro-bind /, write binds, deny binds). /proc and /dev are
    // skipped (the caller remounts them after this function returns) and so is
    // /sys (kernel interface; the host's is already read-only via ro-bind). A
    // child an allowRead entry covers (its name is the child, or an ancestor
    // of where the child lands) is skipped too: the deny is synthetic and the
    // allow is the caller's, and a tmpfs at the child's canonical location
    // (/bin lands at /usr/bin) would only be restored over again. An entry
    // that is a symlink to the child covers nothing: its name lives elsewhere. /etc/ssh/ssh_config.d is
    // always hidden when there is a read policy: ssh is strict about config
    // file ownership and permissions, which can look wrong inside the sandbox
    // ("Bad owner or permissions" under OrbStack). Throws if '/' cannot be
    // listed, a transient failure having been retried once. Computed on first
    // use, like readAllowPaths.
    let readDenyEntriesMemo;
    const readDenyEntries = () => {
        if (readDenyEntriesMemo !== undefined)
            return readDenyEntriesMemo;
        if (!readConfig)
            return [];
        const entries = [];
        for (const p of readConfig.denyOnly || []) {
            if ((0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true }) !== '/') {
                entries.push(p);
                continue;
            }
            // The only call here that throws, and the list is memoised on success
            // alone, so the retry belongs to it rather than to one of its callers:
            // the stub-skip derivation catches a throw and gives up on the
            // prediction, and the denyRead loop below does not catch one at all.
            const children = retryingTransient(() => external_fs_.readdirSync('/'));
            const isCredential = credentialDenies.has(p);
            for (const child of children) {
                if (KERNEL_TOP_LEVEL_DIRS.includes(`/${child}`))
                    continue;
                const childLocation = canonicalForm('/' + child);
                const covered = readExceptionsTo(isCredential).some(allowPath => (0,sandbox_utils/* isAtOrUnder */.Xb)(childLocation, nameLocationOf(allowPath)));
                if (covered) {
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Root deny expansion skips /${child}: covered by allowRead`);
                    continue;
                }
                entries.push('/' + child);
                if (isCredential)
                    credentialDenies.add('/' + child);
            }
        }
        if (external_fs_.existsSync('/etc/ssh/ssh_config.d')) {
            entries.push('/etc/ssh/ssh_config.d');
        }
        readDenyEntriesMemo = entries;
        return entries;
    };
    // Shallow-first by canonical depth, so a tmpfs over a directory lands
    // before the tmpfs or /dev/null mask on anything inside it however either
    // was spelled. That order is what lets a unit restore its write and
    // allowRead paths unconditionally: nothing emitted so far can lie inside
    // one. Sorted by spelling, a symlink-spelled entry could mount first inside
    // a directory listed after it, whose restores would then bury it.
    const canonicalDepth = (p) => canonicalForm(p).split('/').length;
    // What every denyRead entry mounts and where: ONE walk, whose answers the
    // deny loop, the locations the carve-out gate below reads, and the
    // stub-skip prediction all take, so none of them can disagree about where
    // a deny lands. `mount` is undefined where nothing is mounted at all;
    // `liftedFile` marks a file deny an allowRead entry naming that very file
    // cancels — the entry mounts nothing in that case either. Lazy and
    // memoised like readDenyEntries(): it resolves symlinks, so it must not run
    // before the mandatory-deny scan's await.
    let readDenyPlanMemo;
    const readDenyPlan = () => (readDenyPlanMemo ?? (readDenyPlanMemo = readDenyEntries()
        .map(p => ({
        normalizedPath: (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true }),
        isCredential: credentialDenies.has(p),
    }))
        .sort((a, b) => canonicalDepth(a.normalizedPath) - canonicalDepth(b.normalizedPath))
        .map(({ normalizedPath, isCredential }) => {
        const mount = readDenyMountOf(normalizedPath);
        return {
            normalizedPath,
            mount,
            isCredential,
            liftedFile: mount !== undefined &&
                !mount.isDirectory &&
                readExceptionsTo(isCredential).some(allowPath => nameLocationOf(allowPath) === mount.landing),
        };
    })));
    // Where the ancestor pins are spliced in once every mount is known:
    // beneath the allow binds, or after them under a '/' write root that would
    // otherwise bury them (see ancestorPinArgs).
    let ancestorPinInsertAt;
    // Determine initial root mount based on write restrictions
    if (writeConfig) {
        // Write restrictions: Start with read-only root, then allow writes to specific paths
        args.push('--ro-bind', '/', '/');
        const beneathAllowBinds = args.length;
        // Allow writes to specific paths
        for (const pathPattern of writeConfig.allowOnly || []) {
            // Every path here is a name, and normalizePathForSandbox strips a
            // name's trailing slash; the strip below stays as a guard. Allow paths
            // are recorded slash-free because every
            // downstream comparison — the deny loop's within-allowlist gate,
            // findSymlinkInPath's mask scoping, the emission filter's re-expose
            // check, the denyRead re-bind and its allowRead skip, and the stub-skip
            // vetoes — matches by `allowedPath + '/'` prefix, which '<dir>//'
            // silently defeats. bwrap binds 'dir' and 'dir/' identically, so
            // normalizing the recorded spelling fixes every consumer at once
            // instead of per-predicate. ('/' itself is kept; the empty spelling an
            // empty $HOME expands '~' to is NOT the root, and falls out at the
            // existence check below.)
            const normalized = (0,sandbox_utils/* normalizePathForSandbox */.lW)(pathPattern, { literal: true });
            const normalizedPath = normalized === '' ? '' : normalized.replace(/\/+$/, '') || '/';
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Processing write path: ${pathPattern} -> ${normalizedPath}`);
            // Skip /dev/* paths since --dev /dev already handles them
            if (normalizedPath.startsWith('/dev/')) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping /dev path: ${normalizedPath}`);
                continue;
            }
            if (!external_fs_.existsSync(normalizedPath)) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping non-existent write path: ${normalizedPath}`);
                continue;
            }
            // Check if path is a symlink pointing outside expected boundaries
            // bwrap follows symlinks, so --bind on a symlink makes the target writable
            // This could unexpectedly expose paths the user didn't intend to allow
            try {
                const resolvedPath = (0,real_path/* realPathOf */.d)(normalizedPath);
                // Trim trailing slashes before comparing: realpathSync never returns
                // a trailing slash, but normalizedPath may have one, which would cause
                // a false mismatch and incorrectly treat the path as a symlink.
                const normalizedForComparison = normalizedPath.replace(/\/+$/, '');
                if (resolvedPath !== normalizedForComparison &&
                    (0,sandbox_utils/* isSymlinkOutsideBoundary */.Pr)(normalizedPath, resolvedPath)) {
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping symlink write path pointing outside expected location: ${pathPattern} -> ${resolvedPath}`);
                    continue;
                }
            }
            catch {
                // realpathSync failed - path might not exist or be accessible, skip it
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping write path that could not be resolved: ${normalizedPath}`);
                continue;
            }
            args.push('--bind', normalizedPath, normalizedPath);
            allowedWritePaths.push(normalizedPath);
        }
        ancestorPinInsertAt = isAllowedWriteRoot('/')
            ? args.length
            : beneathAllowBinds;
        let stubSkipVetoInputs;
        const getStubSkipVetoInputs = () => {
            if (stubSkipVetoInputs !== undefined) {
                return stubSkipVetoInputs;
            }
            const unusable = (cause) => {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Read-deny prediction unusable (${cause}); keeping every deny placeholder, which refuses to start wherever a covering deny directory is read-only: bubblewrap cannot create a placeholder's mount point there`, { level: 'warn' });
                return { usable: false };
            };
            // Single-shot: readDenyEntries() owns the retry for the one thing that
            // throws here, its listing of '/'. A guess would survive a retry
            // anyway, being a settled verdict about a path that cannot be looked at.
            try {
                const allowedWritePathsBothForms = allowedWritePaths.flatMap(mountForms);
                const prospectiveReadDenyTmpfsDirsBothForms = readDenyPlan().flatMap(({ mount }) => {
                    if (!mount?.isDirectory)
                        return [];
                    // The tmpfs hides its landing, and the spelling the entry
                    // resolved to when that differs. '/' is never a landing, and
                    // must not enter the prediction as a spelling either (a link
                    // to the root resolves there, and its holder is the landing):
                    // every covering directory lies under '/', so predicting a
                    // tmpfs there would veto every skip on the whole host.
                    return [
                        ...new Set([...mountForms(mount.named), mount.landing]),
                    ].filter(form => form !== '/');
                });
                // Every canonicalForm call site runs inside this derivation or after
                // the deny loop that triggers it, so a guess recorded by now was made
                // about the derivation's own inputs. A future caller that resolves
                // earlier can only add guesses here, which vetoes more skips, never
                // fewer.
                stubSkipVetoInputs =
                    canonicalFormGuesses.size > 0
                        ? unusable(`no canonical location for ${[...canonicalFormGuesses].join(', ')}`)
                        : {
                            usable: true,
                            allowedWritePathsBothForms,
                            prospectiveReadDenyTmpfsDirsBothForms,
                        };
            }
            catch (err) {
                stubSkipVetoInputs = unusable(`deriving it threw: ${err}`);
            }
            return stubSkipVetoInputs;
        };
        // Deny writes within allowed paths (user-specified + mandatory denies)
        const configuredDenyPaths = writeConfig.denyWithinAllow || [];
        const denyPaths = [
            ...configuredDenyPaths,
            ...(await linuxGetMandatoryDenyPaths(ripgrepConfig, mandatoryDenySearchDepth, allowGitConfig, abortSignal)),
        ];
        // INVARIANT: one plan, one working directory. A relative entry is resolved
        // against it on both sides of the await above, the only one here.
        if ((0,sandbox_utils/* workingDirectory */.p7)() !== startedIn)
            throw new WorkingDirectoryChanged();
        // Duplicate deny entries must be collapsed: a duplicate
        // --ro-bind /dev/null <dest> hits a char device on the second pass and
        // bwrap's ensure_file() falls through to creat() on a read-only mount.
        const seenDenyWrite = new Set();
        // Every directory a deny path lies beneath, there or not.
        const denyPathAncestors = new Set();
        // PRE-PASS (order-independent): record the directories the loop below
        // re-binds read-only, BEFORE any stub decision, so the read-only
        // conclusion does not depend on where an enclosing directory appears in
        // the caller's denyWrite ordering. It applies the loop's own resolution,
        // the same symlink re-check, and the same meetsAnyAllowedWritePath
        // gate as the --ro-bind emission, and it records every raw spelling each
        // directory is reached through. A recorded directory is EVIDENCE for
        // skipping a stub only if it also passes the guard's vetoes below (no
        // read-deny tmpfs contains it in any spelling; no allowed write path is
        // both beneath it and under such a tmpfs), which exclude every way its
        // subtree could be writable in the sandbox. Keep the two passes in lockstep: a
        // directory recorded here is either re-bound read-only by the loop or
        // skipped because a recorded directory above it survived the vetoes and
        // is bound in its place, so every record still stands for a bind that
        // lands — unless a symlink appears in its path between the two passes,
        // where the loop masks that component and emits no bind for the
        // directory (the re-check below); an emitted one missing from the record
        // only costs a spurious abort.
        for (const pathPattern of denyPaths) {
            const rawPath = (0,sandbox_utils/* normalizePathForSandbox */.lW)(pathPattern, { literal: true });
            if (rawPath.startsWith('/dev/')) {
                continue;
            }
            const resolvedPath = resolveSymlinkedDenyPath(rawPath, denyPaths);
            if (resolvedPath === null || resolvedPath.startsWith('/dev/')) {
                continue;
            }
            for (const above of (0,sandbox_utils/* properAncestors */.Jx)(resolvedPath)) {
                denyPathAncestors.add(above);
            }
            // Same defense-in-depth re-check as the loop: there the --ro-bind is
            // replaced by a symlink mask, so such a directory must not be recorded
            // as re-bound here.
            if (findSymlinkInPath(resolvedPath, allowedWritePaths)) {
                continue;
            }
            if (resolvedPath !== rawPath) {
                symlinkedDenySpellingDests.add(resolvedPath);
            }
            let isDirectory = false;
            try {
                isDirectory = external_fs_.statSync(resolvedPath).isDirectory();
            }
            catch {
                continue; // absent (or vanished): not a read-only re-bound directory
            }
            if (!isDirectory) {
                continue;
            }
            if (meetsAnyAllowedWritePath(resolvedPath)) {
                // Keep every spelling this dest is reached through (the
                // re-application passes record the first-seen raw spelling beside
                // the dest, which this pass cannot assume): the guard below treats
                // the directory as unsafe if a read-deny tmpfs contains ANY of them.
                let spellings = readOnlyDenyDirSpellings.get(resolvedPath);
                if (spellings === undefined) {
                    spellings = new Set();
                    readOnlyDenyDirSpellings.set(resolvedPath, spellings);
                }
                spellings.add(rawPath);
            }
        }
        // Per-covering-dir veto verdict, computed once per recorded directory
        // (the inputs never change during the deny loop) instead of per absent
        // deny entry.
        // INVARIANT: a stub, or an existing deny path's own bind, is skipped
        // only under a recorded covering deny directory that was judged against
        // a prediction that could be derived, that no read-deny tmpfs contains
        // (it, or any spelling it was reached through), and beneath which no
        // allowed write path sits that a read-deny tmpfs also covers. '/' is the
        // exception: it contains every allowed write path, so
        // coveredBySafeReadOnlyDenyDir judges a vetoed '/' against the candidate
        // instead — see the branch there.
        // The skip rests on the emission order: nothing host-backed and writable
        // lands after the buffered read-only binds, so a covering bind is the
        // last word on its subtree unless a tmpfs above it drops that bind at
        // emission. Where a veto could apply, keep the stub: the pre-existing
        // abort is preferable to a silently creatable deny path.
        const coveringDirUnsafeVerdicts = new Map();
        const coveringDirIsUnsafe = (denyDir) => {
            const cached = coveringDirUnsafeVerdicts.get(denyDir);
            if (cached !== undefined) {
                return cached;
            }
            const vetoInputs = getStubSkipVetoInputs();
            const unsafe = 
            // (0) the prediction of what the denyRead loop will mount is
            //     unusable, so no veto below can be trusted to fire. Veto
            //     everything rather than nothing: a prediction that failed is no
            //     evidence that this directory is reliably read-only.
            !vetoInputs.usable ||
                // (i) an allowed write path both strictly beneath the dir and at or
                //     under a prospective read-deny tmpfs. Re-applying that tmpfs
                //     after the dir's read-only bind is the one pass that mounts
                //     anything inside such a path at all, and it restores read-only,
                //     so this names no live re-opening route today and no
                //     configuration is known that needs it. It is the only veto that
                //     speaks about a writable path under the dir: should a pass after
                //     the deny binds ever restore one writable again, the skip fails
                //     closed here.
                vetoInputs.allowedWritePathsBothForms.some(writePath => (0,sandbox_utils/* isStrictlyUnder */.hf)(writePath, denyDir) &&
                    vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some(tmpfsDir => (0,sandbox_utils/* isAtOrUnder */.Xb)(writePath, tmpfsDir))) ||
                // (ii) a read-deny tmpfs CONTAINING the dir: its own --ro-bind is
                //     dropped as hidden-by-the-tmpfs at emission, and a tmpfs above
                //     it restores allowed paths around it — either way the dir's own
                //     bind is not the last word on that subtree. A tmpfs containing
                //     only a raw spelling it was reached through counts too; that
                //     over-predicts, which only keeps a stub.
                vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some(tmpfsDir => [denyDir, ...(readOnlyDenyDirSpellings.get(denyDir) ?? [])].some(spelling => (0,sandbox_utils/* isAtOrUnder */.Xb)(spelling, tmpfsDir)));
            coveringDirUnsafeVerdicts.set(denyDir, unsafe);
            return unsafe;
        };
        // Materialized once: the pre-pass above fully populates the map and the
        // deny loop never mutates it.
        const readOnlyDenyDirs = [...readOnlyDenyDirSpellings.keys()];
        // The allowed write paths with no recorded directory above them.
        // INVARIANT: one strictly beneath a recorded directory is never writable,
        // whatever the vetoes say of that directory's own bind. Emitted, that bind
        // (or the one above that it is skipped for) covers the path; dropped as
        // hidden by a read-deny tmpfs, that tmpfs has wiped the path's allow bind,
        // and the emission filter puts a read-only bind on every write path a unit
        // restored beneath the dropped dest. No writable mount follows either.
        const uncoveredWritePaths = allowedWritePaths.filter(allowedPath => !readOnlyDenyDirs.some(denyDir => (0,sandbox_utils/* isStrictlyUnder */.hf)(allowedPath, denyDir)));
        // Is `candidate` already unwritable in the sandbox: strictly under a
        // recorded read-only deny directory that survives every
        // coveringDirIsUnsafe veto? Strictly, because a deny equal to a recorded
        // directory IS that covering bind and must be emitted (an absent path
        // never equals one). Stops at the first vetoed covering directory.
        const coveredBySafeReadOnlyDenyDir = (candidate) => {
            let covered = false;
            for (const denyDir of readOnlyDenyDirs) {
                if (!(0,sandbox_utils/* isStrictlyUnder */.hf)(candidate, denyDir))
                    continue;
                if (coveringDirIsUnsafe(denyDir)) {
                    if (denyDir === '/') {
                        // A vetoed '/' does not disqualify an inner recorded directory:
                        // everything lies beneath it, so it would veto every skip and
                        // stub each absent mandatory-deny path of a write-denied cwd
                        // after that cwd's own bind — the startup abort. Its descendants
                        // are decided by their own recorded directories.
                        //
                        // It does still COVER a candidate outside every predicted
                        // read-deny tmpfs. Its own --ro-bind / / holds the whole tree
                        // read-only from where it is emitted, burying the allow loop's
                        // binds, and the only writable surface after it is a re-applied
                        // tmpfs itself: the re-application passes no allowed write
                        // paths, so everything it restores comes back read-only. An
                        // allowed write path beneath the root is therefore not a vector
                        // here, and vetoing on one only brings the abort back for
                        // `allowOnly: ['/', <dir>]`. An underivable prediction proves
                        // nothing and keeps the stub. Without this branch, `allowOnly:
                        // ['/']` with `denyWithinAllow: ['/']` stubs each absent cwd
                        // dotfile on the read-only root it just mounted — the startup
                        // abort — whenever anything vetoes '/', which an unusable
                        // prediction or an allowed write path under a read-deny tmpfs
                        // does. The branch is strictly stricter than covering on the
                        // root's own bind, and it is what decides those two cases.
                        const vetoInputs = getStubSkipVetoInputs();
                        if (vetoInputs.usable &&
                            !vetoInputs.prospectiveReadDenyTmpfsDirsBothForms.some(tmpfsDir => (0,sandbox_utils/* isAtOrUnder */.Xb)(candidate, tmpfsDir))) {
                            covered = true;
                        }
                        continue;
                    }
                    return false;
                }
                covered = true;
            }
            return covered;
        };
        // The placeholder dests decided so far.
        const decidedMountPoints = new Set();
        const decidedMountPointOver = (p) => [p, ...(0,sandbox_utils/* properAncestors */.Jx)(p)].find(at => decidedMountPoints.has(at));
        /**
         * The placeholder an absent deny path adds to the plan: where, which is
         * its first missing component or the file above it, and on what kind of
         * mount point. Undefined where the path adds nothing.
         *
         * INVARIANT: a placeholder is left out only where the sandboxed command
         * cannot create the path either; each branch says why it cannot. On any
         * doubt the placeholder stays: at worst bubblewrap cannot make its mount
         * point and nothing starts, which loses no deny.
         */
        const mountPointFor = (absentPath) => {
            const none = (why) => {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] No placeholder for non-existent deny path ${absentPath}: ${why}`);
                return undefined;
            };
            // One mount point per destination. Deny paths are deduplicated on the
            // deny path, but a placeholder lands on the first MISSING component, so
            // two denies can share one: denyWrite '<cwd>/.claude' together with the
            // mandatory '<cwd>/.claude/commands', in a project with no `.claude/`.
            // Asked of the record, not of the host, where the component may be
            // there by now (see makeableMountPoint).
            const decided = decidedMountPointOver(absentPath);
            if (decided !== undefined)
                return none(`decided with ${decided}`);
            // Read-only in the sandbox, where bwrap could not creat() a mount point
            // either. No allowed write path holds it, which leaves it to the initial
            // --ro-bind / /, or only covered ones do (see uncoveredWritePaths); or a
            // recorded deny directory covers it and survives the
            // coveringDirIsUnsafe vetoes (see the INVARIANT at its definition). The
            // pre-pass has recorded every such directory, wherever it appears in
            // denyPaths; recorded directories exist, so one that covers the path is
            // at or above its deepest existing ancestor.
            if (!uncoveredWritePaths.some(allowedPath => (0,sandbox_utils/* isAtOrUnder */.Xb)(absentPath, allowedPath)) ||
                coveredBySafeReadOnlyDenyDir(absentPath)) {
                return none('it is read-only there');
            }
            // Nothing can be created under a file (a git worktree's .git is one),
            // for as long as the file is there. So it is kept there, where the
            // command may write the directory that holds it. Where it may write the
            // file alone, that stays where it is and writable. It is not tracked
            // for removal: it is the caller's own, or another sandbox's mount point.
            // Asked of what lies above the path, not of the path: another sandbox's
            // bubblewrap may have made a mount point at it since it was found
            // absent, and a file there is no reason to leave it unbound.
            const file = fileOnTheWay(external_node_path_.dirname(absentPath));
            if (file !== undefined) {
                if (seenDenyWrite.has(file))
                    return none(`${file} is denied itself`);
                if (!uncoveredWritePaths.some(allowedPath => (0,sandbox_utils/* isAtOrUnder */.Xb)(external_node_path_.dirname(file), allowedPath))) {
                    return none(`${file} is a file, in a directory that is read-only`);
                }
                seenDenyWrite.add(file);
                decidedMountPoints.add(file);
                return { dest: file, kind: MountPointKind.Held };
            }
            // A component with a deny path beneath it is covered by an empty
            // read-only directory, which blocks creating it and everything below it
            // exactly as /dev/null does and stays traversable; as a file it breaks
            // tools that expect a directory there. Whatever the order of denyPaths.
            const dest = findFirstNonExistentComponent(absentPath);
            decidedMountPoints.add(dest);
            const kind = makeableMountPoint(dest, denyPathAncestors.has(dest)
                ? MountPointKind.Directory
                : MountPointKind.File);
            if (kind === MountPointKind.Unmakeable) {
                // The directories above it are pinned all the same: a command that
                // may write one of THEM could otherwise move the refusing one aside.
                unmakeableDenyDests.add(dest);
            }
            else {
                // INVARIANT: only a path found absent here is tracked, for
                // cleanupBwrapMountPoints() to remove. An existing file that looks
                // like a mount point may be the caller's own, or that of another
                // process's sandbox still running, whose deny goes with it.
                bwrapMountPoints.add(dest);
                registerExitCleanupHandler();
            }
            return { dest, kind };
        };
        /** What goes on it. The empty directory is made when first asked for. */
        const mountSourceFor = ({ dest, kind }) => {
            switch (kind) {
                case MountPointKind.Held:
                    return dest;
                case MountPointKind.Directory:
                    return (emptySource ?? (emptySource = ensureEmptyMountSourceDir()));
                case MountPointKind.File:
                    return '/dev/null';
                case MountPointKind.Unmakeable:
                    // Never mounted: unmakeableDenyDests keeps it out of what is emitted.
                    return '/dev/null';
            }
        };
        for (const [index, pathPattern] of denyPaths.entries()) {
            if (index === configuredDenyPaths.length) {
                mandatoryDenyArgsStart = denyWriteArgs.length;
            }
            const rawPath = (0,sandbox_utils/* normalizePathForSandbox */.lW)(pathPattern, { literal: true });
            // Skip /dev/* paths since --dev /dev already handles them
            if (rawPath.startsWith('/dev/')) {
                continue;
            }
            // Resolve-before-mask: normalizePathForSandbox keeps the raw symlink
            // path whenever resolution crosses isSymlinkOutsideBoundary (the
            // common dotfiles case), so canonicalize here. Every mask/bind below
            // must be computed against the resolved path — bwrap dest-resolves
            // symlinks, so a mask on the raw path either aborts startup (dir
            // symlink) or lands on the target inode anyway (file symlink). Writes
            // through the original symlinked path resolve to the same denied
            // target inside the mount namespace.
            const normalizedPath = resolveSymlinkedDenyPath(rawPath);
            if (normalizedPath === null) {
                // Unresolvable: a symlink cycle, or a chain past the ELOOP bound.
                // Fail closed. Dropping the deny here would sandbox the command with
                // the path unprotected, so instead mask the symlink component and let
                // bwrap refuse to start. When no component is a symlink inside an
                // allowed write path there is nothing to protect: the path is already
                // read-only from the initial --ro-bind / /.
                const unresolvableSymlink = findSymlinkInPath(rawPath, allowedWritePaths);
                if (unresolvableSymlink && !seenDenyWrite.has(unresolvableSymlink)) {
                    seenDenyWrite.add(unresolvableSymlink);
                    denyWriteArgs.push('--ro-bind', '/dev/null', unresolvableSymlink);
                    denyWriteRawDests.set(unresolvableSymlink, rawPath);
                }
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Deny path could not be resolved through symlinks, failing closed: ${rawPath}`);
                continue;
            }
            if (normalizedPath !== rawPath) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Resolved symlinked deny path: ${rawPath} -> ${normalizedPath}`);
            }
            // Re-check after resolution: a deny path can only now land in /dev (e.g.
            // a symlink into it), where --dev /dev has already replaced the tree and
            // a bind would either miss or fight the new devtmpfs.
            if (normalizedPath.startsWith('/dev/')) {
                continue;
            }
            // Dedup post-resolution: distinct spellings (tilde vs absolute, via
            // symlink vs direct) converge to the same real path here.
            if (seenDenyWrite.has(normalizedPath))
                continue;
            seenDenyWrite.add(normalizedPath);
            // Defense-in-depth: the resolved path should be symlink-free for its
            // existing prefix, but the tree may change between resolution and this
            // check. A hit still fails closed — bwrap refuses to start rather than
            // sandboxing with an unprotected deny path.
            const symlinkInPath = findSymlinkInPath(normalizedPath, allowedWritePaths);
            if (symlinkInPath) {
                if (!seenDenyWrite.has(symlinkInPath)) {
                    seenDenyWrite.add(symlinkInPath);
                    denyWriteArgs.push('--ro-bind', '/dev/null', symlinkInPath);
                    denyWriteRawDests.set(symlinkInPath, rawPath);
                }
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Mounted /dev/null at symlink ${symlinkInPath} to prevent symlink replacement attack`);
                continue;
            }
            // Handle non-existent paths by mounting /dev/null to block creation.
            // Without this, a sandboxed process could mkdir+write a denied path that
            // doesn't exist yet, bypassing the deny rule entirely.
            if (decidedMountPointOver(normalizedPath) !== undefined ||
                !external_fs_.existsSync(normalizedPath)) {
                const placeholder = mountPointFor(normalizedPath);
                if (placeholder !== undefined) {
                    const { dest, kind } = placeholder;
                    const source = mountSourceFor(placeholder);
                    denyWriteArgs.push('--ro-bind', source, dest);
                    // The first of the denies that share the destination. The record is
                    // purely additive: it only gives the tmpfs and mask comparisons
                    // below a second spelling to test, and `dest` itself is always
                    // tested.
                    denyWriteRawDests.set(dest, rawPath);
                    (0,debug/* logForDebugging */.o)(kind === MountPointKind.Unmakeable
                        ? `[Sandbox Linux] No mount point at ${dest}, which neither bubblewrap nor the command can create, for ${normalizedPath}`
                        : `[Sandbox Linux] Mounted ${source} at ${dest} to block creation of ${normalizedPath}`);
                }
                continue;
            }
            // Only add deny binding if this path is within an allowed write path or
            // holds one. Otherwise all of it is already read-only from the initial
            // --ro-bind / /
            if (meetsAnyAllowedWritePath(normalizedPath)) {
                // Already unwritable under a read-only denied directory (the
                // existing-path twin of the stub skip above). Veto (ii) keeps the
                // covering bind through the emission filter; a dest ANY deny entry
                // reaches through a symlink keeps its own bind, so that the plan does
                // not depend on which spelling of it the loop sees first.
                if (!symlinkedDenySpellingDests.has(normalizedPath) &&
                    coveredBySafeReadOnlyDenyDir(normalizedPath)) {
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping deny path already under read-only denied directory: ${normalizedPath}`);
                    continue;
                }
                // A deny's read-only bind is emitted after every allow bind, so an
                // allowed write path beneath it comes back read-only instead of
                // stopping the sandbox from starting. Say so: the config asked for
                // both and only the deny takes effect.
                for (const buried of allowedWritePaths) {
                    if ((0,sandbox_utils/* isStrictlyUnder */.hf)(buried, normalizedPath)) {
                        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Write deny ${normalizedPath} covers allowed write path ${buried}; ${buried} will be read-only`, { level: 'warn' });
                    }
                }
                denyWriteArgs.push('--ro-bind', normalizedPath, normalizedPath);
                denyWriteRawDests.set(normalizedPath, rawPath);
            }
            else {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping deny path not within allowed paths: ${normalizedPath}`);
            }
        }
    }
    else {
        // No write restrictions: Allow all writes
        args.push('--bind', '/', '/');
        // Recording '/' makes isWithinAnyAllowedWritePath and isAllowedWriteRoot
        // say so, which is the '/'-write-root shape ancestorPinArgs treats
        // specially. Nothing is ever restored for it: no read-deny tmpfs lands
        // at '/'.
        allowedWritePaths.push('/');
        ancestorPinInsertAt = args.length;
    }
    // denyWriteArgs is emitted after the denyRead loop below.
    // Handle read restrictions by mounting tmpfs over denied paths.
    // Non-glob spellings arrive slash-free from normalizePathForSandbox — the
    // comparisons below (hidden-by-tmpfs prefixes, the exact-match allowRead
    // skip, pushReadDenyDirMounts' re-bind checks) depend on that.
    // The read-deny mounts emitted so far, in emission order: directories
    // masked by --tmpfs with what their restore loops re-bound, and files
    // masked by --ro-bind <source> <dest> (/dev/null for read-deny, the
    // sentinel fake for a credential mask). `landing` is where each mount sits
    // in the sandbox. Every later decision reads these records: the ancestor
    // pins, the deny-bind emission filter and the re-application passes.
    const readDenyTmpfsUnits = [];
    const fileMasks = [];
    // Replay the tmpfs units in order (bwrap is last-mount-wins): is `location`
    // beneath a unit's tmpfs and not brought back by a restore since? A restore
    // counts only where it lands. One reached through a symlink puts the
    // target's inode at the NAME; the target's own path is still under the
    // tmpfs, and asking there must not answer "brought back".
    const isHiddenByTmpfs = (location, broughtBackBy) => {
        const broughtBack = (restored) => restored.some(r => (0,sandbox_utils/* isAtOrUnder */.Xb)(location, r.dest));
        let hidden = false;
        for (const unit of readDenyTmpfsUnits) {
            if ((0,sandbox_utils/* isAtOrUnder */.Xb)(location, unit.landing)) {
                hidden = true;
            }
            if (broughtBack(unit.restoredWrites) ||
                (broughtBackBy === 'writes and reads' &&
                    broughtBack(unit.restoredReads))) {
                hidden = false;
            }
        }
        return hidden;
    };
    // Entries a glob expansion produced for a directory it could not list.
    // What the pattern matches beneath an allowed path in there was never
    // found, so binding that path back over the tmpfs would show every one of
    // those matches unmasked.
    const unlistableDenyDirs = new Set(readConfig?.unlistableDenyDirs ?? []);
    // The credential masks, one fake per landing. Where two entries name one
    // file ('~/.netrc' and its absolute form), the last is kept: it is the
    // mask bubblewrap would leave in force there.
    const credentialMaskFakes = new Map();
    for (const { realPath, fakePath } of maskedFileBinds ?? []) {
        credentialMaskFakes.set(canonicalForm(realPath), fakePath);
    }
    // Destinations a file mask has been placed at, or will be: one mount per
    // destination. A second file mount lands on what the first put there, a
    // character device for a /dev/null mask, which bubblewrap before 0.5.0
    // does not take as a mount point: it refuses to start ("Can't create file
    // at <dest>: Permission denied"). Seeded with the credential landings,
    // which are emitted after this loop and win where both name one file.
    const fileMaskLandings = new Set(credentialMaskFakes.keys());
    // Every location the read section hides, each one where its mount lands:
    // one per entry that mounts something — a directory's tmpfs, the stand-in
    // tmpfs of an entry that could not be inspected or that resolves to '/', a
    // file's /dev/null mask — and one per masked credential file. An entry that
    // mounts nothing hides nothing, and must not cost a carve-out; a stand-in
    // hides where it lands, which is above the entry that asked for it. A
    // landing the loop below then skips as already hidden stays in this list:
    // it refuses a carve-out the mounts alone would have allowed, which is the
    // safe direction and one comparison fewer.
    const readDeniedLocations = [
        ...readDenyPlan().flatMap(({ mount, liftedFile }) => mount === undefined || liftedFile ? [] : [mount.landing]),
        ...credentialMaskFakes.keys(),
    ];
    // What the read section hides at, inside, or around `target`, ignoring the
    // tmpfs landing at `landing` and every deny above it — those are what a
    // carve-out restored into that tmpfs is the exception to. Everything else
    // that overlaps the target wins over the carve-out. Both sides are resolved
    // locations: every read deny mounts where its entry resolves, and `target`
    // is what the carve-out resolves to, so no spelling has to be guessed at.
    // Returns the offending location, for the debug line.
    const readDenialAround = (target, landing) => readDeniedLocations.find(denied => !(0,sandbox_utils/* isAtOrUnder */.Xb)(landing, denied) &&
        ((0,sandbox_utils/* isAtOrUnder */.Xb)(denied, target) || (0,sandbox_utils/* isAtOrUnder */.Xb)(target, denied)));
    // What a tmpfs unit binds back. A path whose name lives at or beneath the
    // landing of a credential deny is bound back by no unit, the library's own
    // files apart. A path above such a landing is, and the credential deny,
    // being deeper, is mounted after it.
    const credentialLandings = readDenyPlan().flatMap(({ mount, isCredential }) => mount !== undefined && isCredential ? [mount.landing] : []);
    const leftOut = new Set();
    const outsideCredentials = (p) => {
        const landing = credentialLandings.find(at => (0,sandbox_utils/* isAtOrUnder */.Xb)(nameLocationOf(p), at));
        if (landing !== undefined && !leftOut.has(p)) {
            leftOut.add(p);
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] ${p} is at or beneath the credential deny ${landing}: not bound back`, { level: 'warn' });
        }
        return landing === undefined;
    };
    const restorableReadPaths = readAllowPaths().filter(p => ownReadAllowPaths().includes(p) || outsideCredentials(p));
    const restorableWritePaths = allowedWritePaths.filter(outsideCredentials);
    for (const { normalizedPath, mount, liftedFile } of readDenyPlan()) {
        if (mount === undefined) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Read deny path mounts nothing this wrap can place (absent, or uninspectable, or a link to '/' with nothing but '/' holding it): ${normalizedPath}`);
            continue;
        }
        const { landing, isDirectory, isStandIn } = mount;
        // One mount per location. A tmpfs emitted so far already hides this
        // place, and nothing bound back over it shows the host there again, so a
        // mount here would be created inside that tmpfs and change nothing. This
        // also collapses two spellings of one directory, and the entries a
        // collapsed read-deny glob leaves beneath a directory it already denies.
        if (isHiddenByTmpfs(landing, 'writes and reads')) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping read deny already hidden by a denyRead tmpfs: ${landing}`);
            continue;
        }
        if (isDirectory) {
            // A stand-in for an entry this wrap cannot vouch for hides everything
            // beneath it: nothing under it can be vouched for either. So does a
            // directory a glob expansion could not enumerate.
            if (isStandIn) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Read deny path ${normalizedPath} cannot be mounted where it names; hiding ${landing} instead`, { level: 'warn' });
            }
            const unlistable = unlistableDenyDirs.has(normalizedPath) ||
                unlistableDenyDirs.has(landing);
            if (unlistable) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Read-denied directory could not be listed when the glob was expanded; restoring nothing beneath it: ${landing}`, { level: 'warn' });
            }
            const restoresNothing = isStandIn || unlistable;
            const restored = pushReadDenyDirMounts(args, {
                landing,
                allowedWritePaths: restoresNothing ? [] : restorableWritePaths,
                readAllowPaths: restoresNothing ? [] : restorableReadPaths,
                resolve: canonicalLocationOf,
                readDenialAround: restoreTarget => readDenialAround(restoreTarget, landing),
                nameLocation: nameLocationOf,
            });
            readDenyTmpfsUnits.push({ landing, ...restored });
        }
        else {
            // For files, only an exact allowRead match overrides the deny: an
            // entry that names this very file, through whatever symlinked
            // directories. One that is a symlink to it names the link and lifts
            // nothing, or a link planted at an allowRead path would cancel the deny
            // of the file it points at. A directory allowRead does not un-deny a
            // file specifically listed in denyRead — otherwise denyRead: ['.env']
            // + allowRead: ['.'] silently drops the .env deny.
            if (liftedFile) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping read deny for re-allowed path: ${normalizedPath}`);
                continue;
            }
            // One mask per destination (see fileMaskLandings): spellings of one
            // file converge here, and each would otherwise mount over the last.
            if (fileMaskLandings.has(landing)) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping read deny at a destination a file mask already covers: ${normalizedPath} -> ${landing}`);
                continue;
            }
            fileMaskLandings.add(landing);
            // For files, bind /dev/null instead of tmpfs, where the path resolves
            // like every other read-deny mount.
            args.push('--ro-bind', '/dev/null', landing);
            fileMasks.push({ source: '/dev/null', landing });
        }
    }
    // Whole-file credential masks: same bind shape as a file read-deny,
    // at the same place — where the path really resolves, which is what
    // covers a credential dotfile that is a symlink into a dotfile manager's
    // directory (~/.netrc, ~/.npmrc). realPath was already normalized
    // (tilde-expanded, realpath'd) by the caller. The fake's parent dir is
    // explicitly ro-bound at the end of this function, so the bind source is
    // never writable from inside the sandbox.
    for (const [landing, fakePath] of credentialMaskFakes) {
        args.push('--ro-bind', fakePath, landing);
        fileMasks.push({ source: fakePath, landing });
    }
    // Ancestor pinning: the directories between a deny bind, file mask or
    // read-deny tmpfs and its covering allowed write root carry no mount, so
    // rename(2) on one moves the mount along with it and the path can be
    // recreated unprotected (mv .git aside; mkdir .git; write .git/hooks/x),
    // or, for a read-denied path, is simply not found by the next command's
    // wrap and left readable under its new name. ancestorPinArgs says what is
    // pinned and where. Seeds are landings because the walk takes dirname() of
    // each: a symlink spelling would pin the chain of the link, not of where
    // the mount sits. Deny binds, tmpfs units and masks are emitted later and
    // land on top of both pins and covers.
    const pinArgs = ancestorPinArgs([
        ...denyWriteRawDests.keys(),
        ...fileMasks.map(mask => mask.landing),
        ...readDenyTmpfsUnits.map(unit => unit.landing),
    ], {
        rootIsWriteRoot: isAllowedWriteRoot('/'),
        isWithinAllowedWrite: isWithinAnyAllowedWritePath,
        isAllowedWriteRoot,
    });
    args.splice(ancestorPinInsertAt, 0, ...pinArgs);
    // What the mandatory denies cost, for the refusal of a profile with too many
    // arguments: the pins above them here, their own binds as they are emitted.
    const pinned = new Set(pinArgs);
    const mandatoryDenyPins = new Set();
    for (let i = mandatoryDenyArgsStart; i < denyWriteArgs.length; i += 3) {
        for (let dir = external_node_path_.dirname(denyWriteArgs[i + 2]); dir !== '/' && !mandatoryDenyPins.has(dir); dir = external_node_path_.dirname(dir)) {
            if (pinned.has(dir))
                mandatoryDenyPins.add(dir);
        }
    }
    let mandatoryDenyArgs = 3 * mandatoryDenyPins.size;
    // Emitting denyWrite last means these ro-binds layer on top of any write
    // paths the denyRead loop just re-bound. Before this ordering, tmpfs over
    // an ancestor of cwd would wipe the .git/hooks protection. But skip any
    // dest already masked by denyRead:
    //
    // - file masks: --ro-bind <host> <host> for denyWrite would undo
    //   --ro-bind /dev/null <host> from denyRead, which landed first.
    // - tmpfs dirs: a dest at or under a denyRead tmpfs is already hidden, and
    //   re-binding the host path on top of the tmpfs would expose the real
    //   (read-denied) contents read-only. Writes inside the tmpfs never reach
    //   the host, so the write-deny stays enforced without the bind. Exception:
    //   if an allowed write path at-or-under that tmpfs covers the dest, the
    //   denyRead loop re-bound it (the .git/hooks case) and the write-deny bind
    //   is still required on top.
    // Both are decided by where the mask or tmpfs landed against the deny's
    // canonical dest, which is where its bind lands.
    const emittedDenyWriteDests = [];
    // Write paths already restored read-only by a dropped deny bind, so two
    // denies covering the same path emit one --ro-bind.
    const restoredReadOnlyWritePaths = new Set();
    for (let i = 0; i < denyWriteArgs.length; i += 3) {
        const dest = denyWriteArgs[i + 2];
        if (unmakeableDenyDests.has(dest))
            continue;
        const rawDest = denyWriteRawDests.get(dest) ?? dest;
        // A mask's landing, not its dest: the landing is where the mask's bind
        // actually sits, and this deny's dest is canonical, so the two are
        // comparable as written.
        if (fileMasks.some(mask => mask.landing === dest))
            continue;
        if (isHiddenByTmpfs(dest, 'writes')) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Skipping denyWrite bind already hidden by denyRead tmpfs: ${dest}`);
            // The tmpfs hides this dest but not a write path one of the units
            // restored writable beneath it: that path is inside this write deny, so
            // restore it read-only, where the unit left it. Emitting the dest's own
            // bind instead would expose the read-denied directory around it.
            // uncoveredWritePaths counts on this restore.
            for (const unit of readDenyTmpfsUnits) {
                for (const writeMount of unit.restoredWrites) {
                    const writePath = writeMount.dest;
                    if (!(0,sandbox_utils/* isAtOrUnder */.Xb)(writePath, dest) &&
                        !(0,sandbox_utils/* isAtOrUnder */.Xb)(writePath, rawDest)) {
                        continue;
                    }
                    // A masked file needs no restore: its mask already holds it
                    // unreadable and unwritable. A read-only bind of the real file here
                    // would land ABOVE that mask, and the re-application below would
                    // then have to put the mask back over a bind this loop only just
                    // emitted — so skipping saves both that bind and its emitted-dest
                    // entry. A masked file strictly BENEATH a restored directory is the
                    // other case and stays: recording that directory is what puts its
                    // mask back on top. Masks and restores are both keyed by where they
                    // land, so one comparison answers for every spelling.
                    if (fileMasks.some(mask => mask.landing === writePath)) {
                        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Leaving a masked file to its mask inside dropped denyWrite bind ${dest}: ${writePath}`);
                        continue;
                    }
                    if (restoredReadOnlyWritePaths.has(writePath))
                        continue;
                    restoredReadOnlyWritePaths.add(writePath);
                    args.push('--ro-bind', writeMount.source, writePath);
                    // Like a deny bind, this one lands above whatever the read section
                    // mounted inside the write path, so the re-application passes below
                    // have to see it and put those mounts back.
                    emittedDenyWriteDests.push(writePath);
                    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Restoring write path read-only inside dropped denyWrite bind ${dest}: ${writePath}`);
                }
            }
            continue;
        }
        args.push(denyWriteArgs[i], denyWriteArgs[i + 1], dest);
        if (i >= mandatoryDenyArgsStart)
            mandatoryDenyArgs += 3;
        emittedDenyWriteDests.push(dest);
        // The tmpfs / mask re-application passes below ask "does this bind sit
        // above a read-denied path?". A bind at the resolved dest also re-exposes
        // anything under the symlinked spelling, so record both.
        if (rawDest !== dest)
            emittedDenyWriteDests.push(rawDest);
    }
    // The inverse stacking problem: a denyWrite ro-bind whose dest strictly
    // contains a read-denied dir re-exposes that dir's real contents (the bind
    // landed after the tmpfs). Re-apply the tmpfs on top, with the allowRead
    // re-binds the denyRead loop emitted. A bind of '/' itself (allowOnly and
    // denyWithinAllow both naming it) contains every one of them, so
    // containment is root-aware. An allowed write path beneath such a tmpfs
    // lies inside the emitted deny dest too, so the deny wins: it comes back
    // read-only, visible as it was after the first pass but not writable.
    // Deeper units and masks under the same dest follow in the same order as
    // the first pass, so nothing restored here stays on top of one.
    for (const unit of readDenyTmpfsUnits) {
        const reExposingDest = emittedDenyWriteDests.find(dest => (0,sandbox_utils/* isStrictlyUnder */.hf)(unit.landing, dest));
        if (reExposingDest !== undefined) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Re-applying denyRead tmpfs re-exposed by denyWrite bind: ${unit.landing}`);
            // Name the paths that lose their write access here, and to which deny.
            if (unit.restoredWrites.length > 0) {
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Restoring write paths read-only inside denyWrite bind ${reExposingDest}: ${unit.restoredWrites.map(w => w.dest).join(', ')}`);
            }
            // The recorded pairs go back as they are: each restore returns to where
            // the first pass put it, from the source it vetted then. Write paths
            // come back read-only, being inside the deny that re-exposed the tmpfs.
            // The tmpfs goes back at the unit's landing, which is the destination
            // the first pass gave bwrap for it.
            args.push('--tmpfs', unit.landing);
            for (const restored of [...unit.restoredWrites, ...unit.restoredReads]) {
                args.push('--ro-bind', restored.source, restored.dest);
            }
        }
    }
    // Same problem for masked files: the mask landed before the denyWrite
    // ancestor bind, so the real file is back. Re-apply the mask with its
    // original source (/dev/null for read-deny, the fake for credential mask).
    for (const mask of fileMasks) {
        if (emittedDenyWriteDests.some(dest => (0,sandbox_utils/* isAtOrUnder */.Xb)(mask.landing, dest))) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Re-applying file mask re-exposed by denyWrite bind: ${mask.landing}`);
            args.push('--ro-bind', mask.source, mask.landing);
        }
    }
    // INVARIANT: the fake-file store directory must never be writable from
    // inside the sandbox. If it were, a sandboxed process could plant a
    // symlink at a fake path and a later host-side write() would follow it,
    // or replace a fake's content so the bind exposes attacker bytes. Emit
    // last so it overlays any earlier --bind that covers the store dir
    // (e.g. allowWrite: ['/tmp'] when the store is under os.tmpdir()).
    if (maskedFileStoreDir !== undefined) {
        args.push('--ro-bind', maskedFileStoreDir, maskedFileStoreDir);
    }
    // INVARIANT, for the same reason: the empty directory the placeholders above
    // bind from must never be writable from inside the sandbox. It lives under
    // the system temp dir, so a caller's allowWrite or a host $TMPDIR under a
    // default write path makes it writable — and a placeholder binds it onto a
    // DENIED destination, so a write to the source lands at the deny. Emit last,
    // like the store, to overlay any earlier --bind that covers it. A same-uid
    // process on the host can still swap the source between wrap and run, which
    // is outside what this library defends against.
    if (emptySource !== undefined) {
        args.push('--ro-bind', emptySource, emptySource);
    }
    return { args, mandatoryDenyArgs };
}
/**
 * Wrap a command with sandbox restrictions on Linux
 *
 * UNIX SOCKET BLOCKING (APPLY-SECCOMP):
 * This implementation uses a custom apply-seccomp binary to block Unix domain socket
 * creation for user commands while allowing network infrastructure:
 *
 * The two stages are described in README.md, "Unix Socket Restrictions
 * (Linux)".
 *
 * This solves the conflict between:
 * - Security: Blocking arbitrary Unix socket creation in user commands
 * - Functionality: Network sandboxing requires socat to call socket(AF_UNIX, ...) for bridge connections
 *
 * The seccomp-bpf filter blocks socket(AF_UNIX, ...) syscalls, preventing:
 * - Creating new Unix domain socket file descriptors
 *
 * It also blocks socket(AF_VSOCK, ...): the network namespace does not fence
 * VM sockets, so one would reach out of the sandbox past the proxies.
 *
 * Security limitations:
 * - Does NOT block operations (bind, connect, sendto, etc.) on inherited Unix socket FDs
 * - Does NOT prevent passing Unix socket FDs via SCM_RIGHTS
 * - For most sandboxing use cases, blocking socket creation is sufficient
 *
 * The filter allows:
 * - All TCP/UDP sockets (AF_INET, AF_INET6) for normal network operations
 * - All other syscalls
 *
 * PLATFORM NOTE:
 * The allowUnixSockets configuration is not path-based on Linux (unlike macOS)
 * because seccomp-bpf cannot inspect user-space memory to read socket paths.
 *
 * Requirements for seccomp filtering:
 * - Pre-built apply-seccomp binaries are included for x64 and ARM64
 * - Pre-generated BPF filters are included for x64 and ARM64
 * - Other architectures are not currently supported (no apply-seccomp binary available)
 * - To use sandboxing without Unix socket blocking on unsupported architectures,
 *   set allowAllUnixSockets: true in your configuration
 * Dependencies are checked by checkLinuxDependencies() before enabling the sandbox.
 *
 * CALLER OBLIGATION: the euid and capability decisions behind the returned
 * string are made here, in the process that builds it, so the string must be
 * run by a process with the same euid and the same capability bounding and
 * inheritable sets.
 */
async function wrapCommandWithSandboxLinux(params) {
    const { command, commandId, needsNetworkRestriction, httpSocketPath, socksSocketPath, httpProxyPort, socksProxyPort, proxyAuthToken, caCertPath, javaAgentJarPath, unsetEnvVars, setEnvVars, maskedFileBinds, maskedFileStoreDir, enableWeakerNestedSandbox, allowNestedUserNamespaces, allowAllUnixSockets, binShell, ripgrepConfig = { command: 'rg' }, mandatoryDenySearchDepth = DEFAULT_MANDATORY_DENY_SEARCH_DEPTH, allowGitConfig = false, gitSafeDirectories, seccompConfig, bwrapPath, socatPath, observeSocketPath, abortSignal, } = params;
    // bubblewrap takes no patterns, so every path here is a name. The literal
    // lists are folded into the lists they belong to, once, so that nothing
    // below can read a list and miss them; a pattern in `allowOnly` that is no
    // name is dropped by the fold (see writeNamesOf).
    const readConfig = readNamesOf(params.readConfig);
    const writeConfig = writeNamesOf(params.writeConfig);
    // Determine if we have restrictions to apply
    // Read: denyOnly pattern - empty array means no restrictions
    // Write: allowOnly pattern - undefined means no restrictions, any config means restrictions
    const hasReadRestrictions = (readConfig && readConfig.denyOnly.length > 0) ||
        (maskedFileBinds !== undefined && maskedFileBinds.length > 0);
    const hasWriteRestrictions = writeConfig !== undefined;
    const hasEnvRestrictions = (unsetEnvVars !== undefined && unsetEnvVars.length > 0) ||
        (setEnvVars !== undefined && Object.keys(setEnvVars).length > 0);
    const hasGitConfig = (gitSafeDirectories?.length ?? 0) > 0;
    // Check if we need any sandboxing
    if (!needsNetworkRestriction &&
        !hasReadRestrictions &&
        !hasWriteRestrictions &&
        !hasEnvRestrictions &&
        !hasGitConfig) {
        return command;
    }
    // Mark this sandbox invocation as active. cleanupBwrapMountPoints() will
    // defer file deletion until this (and every other concurrent) invocation
    // has been cleaned up. The matching decrement happens in
    // cleanupBwrapMountPoints(), which the caller must invoke after the
    // spawned command exits. If wrapping fails below, the catch block
    // decrements so the count does not leak.
    activeSandboxCount++;
    const countedAfter = forcedCleanups;
    // One encoded key for both carriers below (SRT_ENCODED_CMD for the seccomp
    // observer, the proxy username for network denies), so a violation seen
    // through either resolves to the same registry entry. macOS derives its log
    // tag from a single key the same way.
    const attributionKey = (0,sandbox_utils/* encodeSandboxedCommand */.iG)((0,sandbox_utils/* attributionKeyFor */.Q1)(command, commandId));
    const bwrapArgs = ['--new-session', '--die-with-parent'];
    let applySeccompPrefix;
    try {
        // ========== SECCOMP FILTER (Unix Socket Blocking) ==========
        // apply-seccomp wraps the workload and applies the baked-in BPF filter
        // that blocks socket(AF_UNIX, ...). Skipped when allowAllUnixSockets is true.
        if (!allowAllUnixSockets) {
            applySeccompPrefix = resolveApplySeccompPrefix(seccompConfig?.applyPath, seccompConfig?.argv0);
            if (!applySeccompPrefix) {
                (0,debug/* logForDebugging */.o)('[Sandbox Linux] apply-seccomp binary not available - unix socket blocking disabled. ' +
                    'Install @anthropic-ai/sandbox-runtime globally for full protection.', { level: 'warn' });
            }
            else {
                applySeccompPrefix =
                    helperEnvironmentPrefix(allowNestedUserNamespaces === true) +
                        applySeccompPrefix;
                (0,debug/* logForDebugging */.o)('[Sandbox Linux] Applying seccomp filter for Unix socket blocking');
            }
        }
        else {
            (0,debug/* logForDebugging */.o)('[Sandbox Linux] Skipping seccomp filter - allowAllUnixSockets is enabled');
        }
        // ========== VIOLATION OBSERVATION (best-effort) ==========
        // Only meaningful when apply-seccomp will run — it is the binary that
        // installs the USER_NOTIF filter and ships the listener fd.
        if (observeSocketPath && applySeccompPrefix) {
            if (external_fs_.existsSync(observeSocketPath)) {
                bwrapArgs.push('--bind', observeSocketPath, observeSocketPath);
                bwrapArgs.push('--setenv', 'SRT_OBSERVE_SOCK', observeSocketPath);
                // Tag events with the encoded command so the violation store can
                // associate them with this invocation (parity with macOS log tag).
                bwrapArgs.push('--setenv', 'SRT_ENCODED_CMD', attributionKey);
            }
            else {
                (0,debug/* logForDebugging */.o)('[Sandbox Linux] observe socket missing — supervisor not running; ' +
                    'continuing without violation monitoring');
            }
        }
        // ========== ENV RESTRICTIONS ==========
        // Drop denied credential env vars from the inherited environment. Emitted
        // before the proxy --setenv flags below: bwrap applies env operations in
        // argument order, so SRT's own proxy plumbing vars survive even if a
        // caller lists one of them as a denied credential.
        if (hasEnvRestrictions) {
            for (const name of unsetEnvVars ?? []) {
                bwrapArgs.push('--unsetenv', name);
            }
            // Masked credentials override the inherited real value with a
            // sentinel; bwrap --setenv replaces any inherited value of NAME.
            for (const [name, value] of Object.entries(setEnvVars ?? {})) {
                bwrapArgs.push('--setenv', name, value);
            }
        }
        // ========== GIT CONFIG (safe.directory) ==========
        // Under `--unshare-user` the repo owner's uid is unmapped so git
        // sees dubious ownership. `buildPosixGitSafeDirEnv` composes
        // against the child's actual starting env (process.env inherited,
        // unsetEnvVars dropped, setEnvVars overlaid) so an ambient
        // GIT_CONFIG_COUNT is continued, not clobbered.
        if (gitSafeDirectories && gitSafeDirectories.length > 0) {
            const gitCfg = (0,sandbox_utils/* buildPosixGitSafeDirEnv */.rd)({
                safeDirs: gitSafeDirectories,
                unsetEnvVars,
                setEnvVars,
            });
            for (const [name, value] of Object.entries(gitCfg)) {
                bwrapArgs.push('--setenv', name, value);
            }
        }
        // ========== NETWORK RESTRICTIONS ==========
        if (needsNetworkRestriction) {
            // Always unshare network namespace to isolate network access
            // This removes all network interfaces, effectively blocking all network
            bwrapArgs.push('--unshare-net');
            // If proxy sockets are provided, bind them into the sandbox to allow
            // filtered network access through the proxy. If not provided, network
            // is completely blocked (empty allowedDomains = block all)
            if (httpSocketPath && socksSocketPath) {
                // Verify socket files still exist before trying to bind them
                if (!external_fs_.existsSync(httpSocketPath)) {
                    throw new Error(`Linux HTTP bridge socket does not exist: ${httpSocketPath}. ` +
                        'The bridge process may have died. Try reinitializing the sandbox.');
                }
                if (!external_fs_.existsSync(socksSocketPath)) {
                    throw new Error(`Linux SOCKS bridge socket does not exist: ${socksSocketPath}. ` +
                        'The bridge process may have died. Try reinitializing the sandbox.');
                }
                // Bind both sockets into the sandbox
                bwrapArgs.push('--bind', httpSocketPath, httpSocketPath);
                // When the mux serves both protocols, socksSocketPath is the same
                // file as httpSocketPath; bwrap rejects a duplicate --bind of the
                // same source→target.
                if (socksSocketPath !== httpSocketPath) {
                    bwrapArgs.push('--bind', socksSocketPath, socksSocketPath);
                }
                // Add proxy environment variables
                // HTTP_PROXY points to the socat listener inside the sandbox (port 3128)
                // which forwards to the Unix socket that bridges to the host's proxy server
                const proxyEnv = (0,sandbox_utils/* generateProxyEnvVars */.ZD)(3128, // Internal HTTP listener port
                1080, // Internal SOCKS listener port
                caCertPath, proxyAuthToken, writeConfig === undefined, attributionKey);
                bwrapArgs.push(...proxyEnv.flatMap((env) => {
                    const firstEq = env.indexOf('=');
                    const key = env.slice(0, firstEq);
                    const value = env.slice(firstEq + 1);
                    return ['--setenv', key, value];
                }));
                // JVMs ignore the proxy env vars above; the agent jar translates
                // them into system properties + an Authenticator at JVM start
                // (see java-proxy-agent.ts). Composed against the inherited value
                // so a caller's own JAVA_TOOL_OPTIONS survives.
                const javaToolOptions = buildJavaToolOptions({
                    agentJarPath: javaAgentJarPath,
                    unsetEnvVars,
                    inherited: process.env.JAVA_TOOL_OPTIONS,
                });
                if (javaToolOptions !== undefined) {
                    bwrapArgs.push('--setenv', 'JAVA_TOOL_OPTIONS', javaToolOptions);
                }
                // Add host proxy port environment variables for debugging/transparency
                // These show which host ports the Unix socket bridges connect to
                if (httpProxyPort !== undefined) {
                    bwrapArgs.push('--setenv', 'CLAUDE_CODE_HOST_HTTP_PROXY_PORT', String(httpProxyPort));
                }
                if (socksProxyPort !== undefined) {
                    bwrapArgs.push('--setenv', 'CLAUDE_CODE_HOST_SOCKS_PROXY_PORT', String(socksProxyPort));
                }
            }
            // If no sockets provided, network is completely blocked (--unshare-net without proxy)
        }
        // ========== FILESYSTEM RESTRICTIONS ==========
        const { args: fsArgs, mandatoryDenyArgs } = await generateFilesystemArgs(readConfig, writeConfig, maskedFileBinds, maskedFileStoreDir, ripgrepConfig, mandatoryDenySearchDepth, allowGitConfig, abortSignal);
        const mountsStart = bwrapArgs.length;
        bwrapArgs.push(...fsArgs);
        const mounts = {
            start: mountsStart,
            end: bwrapArgs.length,
            mandatoryDenyArgs,
        };
        // Always bind /dev
        bwrapArgs.push('--dev', '/dev');
        // ========== PID NAMESPACE ISOLATION ==========
        // IMPORTANT: These must come AFTER filesystem binds for nested bwrap to work
        // By default, always unshare PID namespace and mount fresh /proc.
        // If we don't have --unshare-pid, it is possible to escape the sandbox.
        // If we don't have --proc, it is possible to read host /proc and leak information about code running
        // outside the sandbox. But, --proc is not available when running in unprivileged docker containers
        // so we support running without it if explicitly requested.
        bwrapArgs.push('--unshare-pid');
        // --unshare-user in both modes: bwrap only auto-creates a userns when
        // EUID != 0. A root parent in an unprivileged container (Docker's
        // default: EUID=0 without CAP_SYS_ADMIN) would otherwise try a direct
        // clone and EPERM.
        const euid = process.geteuid?.();
        const hasSetfcap = processHasBoundingCapability(CAP_SETFCAP);
        if (euid === 0 && !hasSetfcap && !setfcapMissingLogged) {
            setfcapMissingLogged = true;
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] ${CAP_SETFCAP_MISSING_MESSAGE}`, {
                level: 'warn',
            });
        }
        bwrapArgs.push('--unshare-user', ...capabilityArgs({
            euid,
            hasSetfcap,
            usesSeccompHelper: applySeccompPrefix !== undefined,
        }));
        if (!enableWeakerNestedSandbox) {
            // Mount fresh /proc if PID namespace is isolated (secure mode).
            bwrapArgs.push('--proc', '/proc');
        }
        else {
            // --bind /proc /proc: apply-seccomp's nested-userns path writes
            // /proc/self/setgroups and uid_map. Without --proc above, the
            // --ro-bind / / leaves /proc read-only and those writes EROFS; a
            // fresh proc mount is what an unprivileged container refuses.
            bwrapArgs.push('--bind', '/proc', '/proc');
        }
        // The caller's environment decides nothing about the command's namespaces:
        // the variable is cleared after every other environment operation, which
        // bubblewrap applies in argument order, and helperEnvironmentPrefix sets it.
        bwrapArgs.push('--unsetenv', NESTED_USERNS_ENV);
        // With no helper to refuse user namespaces, bubblewrap is asked to. Never
        // beside the helper, which makes one of its own, and not under
        // enableWeakerNestedSandbox: bubblewrap does it by writing a sysctl, and
        // dies on the read-only /proc/sys of an unprivileged container.
        if (applySeccompPrefix === undefined &&
            allowNestedUserNamespaces !== true) {
            const bwrap = enableWeakerNestedSandbox
                ? null
                : (bwrapPath ?? which_whichSync('bwrap'));
            if (bwrap !== null && bwrapCanDisableUserns(bwrap)) {
                bwrapArgs.push('--disable-userns');
            }
            else if (!noUsernsLimitLogged) {
                noUsernsLimitLogged = true;
                (0,debug/* logForDebugging */.o)('[Sandbox Linux] no seccomp helper in use, and bubblewrap cannot disable user namespaces ' +
                    '(needs 0.8.0 or later, not setuid, and no enableWeakerNestedSandbox) - ' +
                    'a sandboxed command that creates one can undo the write denies', { level: 'warn' });
            }
        }
        // apply-seccomp obtains CAP_SYS_ADMIN for its nested PID+mount unshare
        // by creating a nested user namespace. This requires the host to permit
        // capability-bearing unprivileged user namespaces (the same requirement
        // bwrap itself has when not installed setuid). See README for the
        // Ubuntu 24.04 sysctl if AppArmor restricts this.
        // ========== COMMAND ==========
        // Use the user's shell (zsh, bash, etc.) to ensure aliases/snapshots work
        // Resolve the full path to the shell binary since bwrap doesn't use $PATH
        const shellName = binShell || 'bash';
        const shell = which_whichSync(shellName);
        if (!shell) {
            throw new Error(`Shell '${shellName}' not found in PATH`);
        }
        bwrapArgs.push('--', shell, '-c');
        // With network restrictions, route the command through buildSandboxCommand
        // so socat starts before seccomp is applied. Otherwise invoke apply-seccomp
        // directly if we have a binary.
        if (needsNetworkRestriction && httpSocketPath && socksSocketPath) {
            const sandboxCommand = buildSandboxCommand(httpSocketPath, socksSocketPath, command, applySeccompPrefix, shell, socatPath);
            bwrapArgs.push(sandboxCommand);
        }
        else if (applySeccompPrefix) {
            const applySeccompCmd = applySeccompPrefix + quote([shell, '-c', command]);
            bwrapArgs.push(applySeccompCmd);
        }
        else {
            bwrapArgs.push(command);
        }
        const wrappedCommand = renderBwrapInvocation(bwrapPath ?? 'bwrap', bwrapArgs, mounts);
        const restrictions = [];
        if (needsNetworkRestriction)
            restrictions.push('network');
        if (hasReadRestrictions || hasWriteRestrictions)
            restrictions.push('filesystem');
        if (hasEnvRestrictions)
            restrictions.push('env');
        if (applySeccompPrefix)
            restrictions.push('seccomp(unix-block)');
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Wrapped command with bwrap (${restrictions.join(', ')} restrictions)`);
        // INVARIANT: a wrap that hands out a command is in the count when it does,
        // whatever a forced cleanup did meanwhile: its caller gives one back.
        if (forcedCleanups !== countedAfter)
            activeSandboxCount++;
        return wrappedCommand;
    }
    catch (error) {
        // Undo the activeSandboxCount increment — the caller won't call
        // cleanupBwrapMountPoints() for a wrap that threw. A command that ended
        // meanwhile deferred its removal to this wrap, so it runs here. After a
        // forced cleanup the count is of other sandboxes only: one taken from it
        // has their mount points removed while they run.
        if (forcedCleanups === countedAfter)
            cleanupBwrapMountPoints();
        throw error;
    }
}
//# sourceMappingURL=linux-sandbox-utils.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/read-deny-glob.js


/**
 * A read-deny glob still needing more than this many mounts after collapsing
 * is logged at warn level (SRT_DEBUG) as a hint that the pattern is broad.
 * The expansion is never truncated, which would silently un-deny paths.
 */
const READ_DENY_GLOB_MOUNT_WARN_THRESHOLD = 256;
/** The directory holding `p`, or '' for a root child. */
function parentOf(p) {
    return p.slice(0, p.lastIndexOf('/'));
}
/**
 * Reduce the places a read-deny glob's matches really live to the ones whose
 * mount changes what the sandbox can read. A location is dropped only when a
 * kept proper ancestor's tmpfs already hides it and no re-exposer sits at the
 * ancestor or between the two.
 */
function collapseReadDenyLocations({ locations, reExposedPaths, }) {
    // A proper ancestor is a proper string prefix, so lexicographic order
    // visits every ancestor before its descendants.
    const sorted = [...new Set(locations)].sort();
    const kept = new Set();
    for (const location of sorted) {
        let reExposedBetween = reExposedPaths.has(location);
        let hidden = false;
        for (const ancestor of (0,sandbox_utils/* properAncestors */.Jx)(location)) {
            // A re-exposer at the kept ancestor counts: the deny loop binds it back
            // over the tmpfs, so everything beneath needs its own mount.
            if (reExposedPaths.has(ancestor))
                reExposedBetween = true;
            if (kept.has(ancestor)) {
                hidden = true;
                break;
            }
        }
        if (!hidden || reExposedBetween)
            kept.add(location);
    }
    return kept;
}
/**
 * Expand a read-deny glob into the paths bwrap should mount over, collapsed
 * against `reExposedPaths` (the caller's allowRead and allowWrite entries).
 * A pattern ending in `/**` also takes its directory form, so
 * `**\/build/**` yields one mount per `build/` directory. A match reached
 * through a symlink is listed where it really lives, and a directory the walk
 * could not list is denied whole. Sorted, so an ancestor precedes its
 * descendants.
 *
 * @param unlistableDirs - receives the returned locations that hide something
 * the walk could not enumerate, whether by being that directory or by
 * covering it. The Linux wrapper binds nothing back beneath one: what the
 * pattern matches under an allowed path in there was never found, and would
 * come back unmasked.
 * @param opts.anchor - as in `ExpandGlobOptions.anchor`.
 * @param opts.listings - one map for all the patterns of a configuration.
 */
function expandReadDenyGlobLinux(globPattern, reExposedPaths, unlistableDirs, opts = {}) {
    return finish(expandReadDenyGlobLinuxSteps(globPattern, reExposedPaths, unlistableDirs, opts));
}
/** {@link expandReadDenyGlobLinux}, in the walk's steps. */
function* expandReadDenyGlobLinuxSteps(globPattern, reExposedPaths, unlistableDirs, opts = {}) {
    const walk = yield* (0,sandbox_utils/* walkGlobPatternSteps */.tb)(globPattern, {
        withDirectoryForm: true,
        followSymlinkedDirectories: true,
        anchor: opts.anchor,
        listings: opts.listings,
    });
    // Where a path the walk reported really lives: the denyRead loop mounts an
    // entry there, whatever spelling named it.
    const locationOf = (p) => walk.realOf.get(p) ?? p;
    // An unlisted directory hides whatever the pattern matches beneath it.
    const candidates = new Set([...walk.matches, ...walk.unlisted]);
    if (walk.directoryMatches.length > 0) {
        // Everything beneath a directory-form match is itself a match (the
        // pattern ends in /**), so a directory with something to deny holds one.
        // An empty one gets no mount: it has nothing to deny, and as a tmpfs it
        // would swallow later writes. Compared where they live, since one
        // spelling of a directory is walked and the matches found through it are
        // reported at their real locations.
        const holdMatches = new Set(walk.matches.map(m => parentOf(locationOf(m))));
        for (const dir of walk.directoryMatches) {
            // A directory-form match that is a symlink counts in its own right:
            // one the walk did not list through (a link back up the tree, or a
            // further name for a directory already listed) has no match beneath
            // it, yet denies everything it reaches.
            if (holdMatches.has(locationOf(dir)) || walk.symlinks.has(dir)) {
                candidates.add(dir);
            }
        }
    }
    const locations = new Set();
    /** Links kept under their own spelling, which is not where they lead: a
     *  directory denied above one hides the link and not that place, so they
     *  take no part in the collapse. */
    const spelledLinks = [];
    /** Which spelling first put a location in the list, for the warning below. */
    const namedBy = new Map();
    const addLocation = (location, candidate) => {
        locations.add(location);
        if (!namedBy.has(location))
            namedBy.set(location, candidate);
    };
    for (const candidate of candidates) {
        if (walk.symlinks.has(candidate) && !walk.realOf.has(candidate)) {
            if (!walk.uninspectableLinks.has(candidate)) {
                // A link that resolves to nothing denies nothing, and bwrap cannot
                // mount on the link itself.
                (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} does not resolve, skipping`);
                continue;
            }
            // A link whose target is there but cannot be looked at: kept under its
            // own spelling, where the denyRead loop's stand-in rule hides the
            // nearest directory above it that can be inspected.
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} leads somewhere that cannot be inspected; denying what holds it`, { level: 'warn' });
            spelledLinks.push(candidate);
            continue;
        }
        const location = locationOf(candidate);
        if (location !== '/') {
            addLocation(location, candidate);
            continue;
        }
        // A link to the root. A tmpfs there would wipe every mount placed before
        // it and the pivot would promote it, booting the command on an empty
        // tree, and bwrap cannot mount on the link itself. The nearest directory
        // above the link stands in for it, as for an entry that cannot be
        // inspected — never the root itself.
        const standIn = locationOf(parentOf(candidate));
        if (standIn === '' || standIn === '/') {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} resolves to / and nothing but / holds it, skipping`, { level: 'warn' });
            continue;
        }
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}": ${candidate} resolves to /; denying ${standIn}, which holds it, instead`, { level: 'warn' });
        addLocation(standIn, candidate);
    }
    // Allow paths, which reach this backend as names whatever they hold.
    const reExposed = new Set(reExposedPaths.flatMap(p => (0,sandbox_utils/* pathSpellings */.NA)((0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true }))));
    const mounts = collapseReadDenyLocations({
        locations,
        reExposedPaths: reExposed,
    });
    // Which mounts stand for something the walk could not enumerate: the
    // unlistable directory itself when it survived the collapse, otherwise the
    // kept ancestor that hides it.
    for (const unlisted of walk.unlisted) {
        const location = locationOf(unlisted);
        if (mounts.has(location)) {
            unlistableDirs?.add(location);
            continue;
        }
        for (const ancestor of (0,sandbox_utils/* properAncestors */.Jx)(location)) {
            if (mounts.has(ancestor)) {
                unlistableDirs?.add(ancestor);
                break;
            }
        }
    }
    (0,debug/* logForDebugging */.o)(`[Sandbox Linux] Expanded denyRead glob "${globPattern}": ${walk.matches.length} matches -> ${mounts.size} mounts`);
    for (const mount of mounts) {
        // A matched link decides what is hidden for the whole sandbox: a
        // `certs/*` entry pointing at a database directory mounts a tmpfs over
        // that directory, not over anything the pattern names.
        if (walk.baseLocation !== '' && !(0,sandbox_utils/* isAtOrUnder */.Xb)(mount, walk.baseLocation)) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}" hides ${mount}, outside ${walk.baseLocation}: reached through ${namedBy.get(mount) === mount ? 'a symlinked directory' : namedBy.get(mount)}`, { level: 'warn' });
        }
    }
    if (mounts.size > READ_DENY_GLOB_MOUNT_WARN_THRESHOLD) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux] denyRead glob "${globPattern}" still needs ${mounts.size} mounts after collapsing ` +
            `(threshold ${READ_DENY_GLOB_MOUNT_WARN_THRESHOLD}); each is a separate bwrap mount at sandbox start. ` +
            `Prefer denying the enclosing directories.`, { level: 'warn' });
    }
    return [...mounts, ...spelledLinks].sort();
}
//# sourceMappingURL=read-deny-glob.js.map
// EXTERNAL MODULE: external "path"
var external_path_ = __webpack_require__(16928);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/glob-pattern.js
var glob_pattern = __webpack_require__(50773);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-violation-store.js
var sandbox_violation_store = __webpack_require__(70003);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/macos-sandbox-utils.js










/**
 * The mandatory write denies (no filesystem scanning). Each name appears
 * twice: once as the path in the cwd, and once as a pattern for the same
 * name anywhere beneath it, which macOS matches via a regex.
 *
 * Both are anchored at the cwd, and the cwd is a name on disk that may
 * contain `[`, `*` or `?`. So the first is a literal entry, and the second
 * carries the cwd as its anchor — only the `**\/<name>` tail is pattern.
 * Compiled as one glob, a cwd like `a[b/c]d` would turn into a character
 * class and every one of these denies would match nothing.
 */
function macGetMandatoryDenyEntries(allowGitConfig = false) {
    const cwd = (0,sandbox_utils/* normalizePathForSandbox */.lW)(process.cwd(), { literal: true });
    const entries = [];
    const literal = (relativePath) => toLiteralPathEntry(external_path_.resolve(cwd, relativePath));
    const beneathCwd = (pattern) => anchoredGlobEntry(cwd, pattern);
    // Dangerous files - static paths in CWD + glob patterns for subtree
    for (const fileName of sandbox_utils/* DANGEROUS_FILES */.Rf) {
        entries.push(literal(fileName));
        entries.push(beneathCwd(`**/${fileName}`));
    }
    // Dangerous directories
    for (const dirName of (0,sandbox_utils/* getDangerousDirectories */.yE)()) {
        entries.push(literal(dirName));
        entries.push(beneathCwd(`**/${dirName}/**`));
    }
    // Git hooks are always blocked for security
    entries.push(literal('.git/hooks'));
    entries.push(beneathCwd('**/.git/hooks/**'));
    // Git config - conditionally blocked based on allowGitConfig setting
    if (!allowGitConfig) {
        entries.push(literal('.git/config'));
        entries.push(beneathCwd('**/.git/config'));
    }
    return entries;
}
const sessionSuffix = `_${Math.random().toString(36).slice(2, 11)}_SBX`;
/**
 * Generate a unique log tag for sandbox monitoring
 * @param command - The command being executed (will be base64 encoded)
 */
function generateLogTag(command) {
    const encodedCommand = (0,sandbox_utils/* encodeSandboxedCommand */.iG)(command);
    return `CMD64_${encodedCommand}_END_${sessionSuffix}`;
}
/**
 * SBPL path filter for a normalized entry: `regex` for glob patterns,
 * `subpath` (the path and everything beneath it) otherwise.
 */
function pathFilter(entry) {
    return entry.glob
        ? `(regex ${escapePath(globRegex(entry))})`
        : `(subpath ${escapePath(entry.path)})`;
}
/**
 * Compiles `entry`'s pattern with one of the shared string compilers in
 * `sandbox-utils.ts`. An entry anchored at a directory
 * (`anchor`) keeps that directory as a literal — it is a name on disk
 * and may itself contain `[`, `*` or `?` — so only the tail below it goes
 * through the compiler, and the anchor is spliced back in escaped. Every
 * compiler there returns '^…$'.
 *
 * This is the whole difference between the entry-taking wrappers here and
 * the string-taking compilers they call: those see a spelling in which
 * every character is glob syntax, which is right for what a caller wrote
 * as a pattern and wrong for a name on disk.
 */
function anchorRegex(entry, compile) {
    if (entry.anchor === undefined)
        return compile(entry.path);
    const pattern = entry.path.slice(entry.anchor.length);
    return `^${(0,glob_pattern/* escapeRegexLiteral */.uU)(entry.anchor)}${compile(pattern).slice(1)}`;
}
/** The regex for a glob entry: {@link globToRegex}, anchor respected. */
function globRegex(entry) {
    return anchorRegex(entry, glob_pattern/* globToRegex */.NM);
}
/**
 * The regex for a glob entry used in a DENY rule: {@link denyGlobRegex},
 * anchor respected. That is {@link globToRegex} plus an optional `/…` tail,
 * so the deny covers everything beneath each match the way `subpath` does
 * for literals. Callers strip a trailing `/**` before the pattern gets here
 * (removeTrailingGlobSuffix), so `**\/secrets/**` arrives as `**\/secrets`
 * and, matched exactly, would deny only the directory vnode while
 * `secrets/key` stayed readable. This is what the Linux backend already
 * does (a deny masks the whole subtree). Only ever widens a deny.
 */
function denyGlobEntryRegex(entry) {
    return anchorRegex(entry, glob_pattern/* denyGlobRegex */.Ah);
}
/** {@link pathFilter} for deny rules: globs get {@link denyGlobEntryRegex}. */
function denyPathFilter(entry) {
    return entry.glob
        ? `(regex ${escapePath(denyGlobEntryRegex(entry))})`
        : `(subpath ${escapePath(entry.path)})`;
}
/**
 * A concrete path shaped like the ones `entry` matches (every glob segment
 * replaced by a literal `x`), used to test whether a deny regex covers the
 * region an allow / write root points at. An anchored glob's anchor, and a
 * literal entry's whole path, are names on disk and stay as they are.
 */
function entrySamplePath(entry) {
    if (!entry.glob)
        return entry.path;
    const anchor = entry.anchor ?? '';
    return (anchor + entry.path.slice(anchor.length).replace(/\[[^\]]*\]|[*?]+/g, 'x'));
}
/**
 * Narrow `filter` so it no longer matches anything covered by `carveOuts`
 * (each an SBPL path filter). Used to re-emit a deny after the allows it
 * would otherwise clobber, minus exactly the allow entries it overlaps —
 * a deny minus carve-outs never matches anything the un-carved deny did
 * not, so this stays deny-only.
 */
function carveFilter(filter, carveOuts) {
    // Dedupe: the project dir is routinely both an allowRead entry and a
    // write root.
    const unique = [...new Set(carveOuts)];
    if (unique.length === 0)
        return filter;
    const nots = unique.map(c => `(require-not ${c})`).join(' ');
    return `(require-all ${filter} ${nots})`;
}
/** A pattern the library joined onto a literal directory of its own. */
function anchoredGlobEntry(anchor, pattern) {
    return { glob: true, path: external_path_.join(anchor, pattern), anchor };
}
/**
 * A spelling that came from the caller's config: `*`, `?` and `[…]` in
 * what the caller wrote are read as glob syntax here. The decision is
 * made on that raw spelling, because resolving a relative or `~` path can
 * splice in a cwd or home directory whose own name contains those
 * characters — read back, they would turn the caller's `secrets` into a
 * pattern that never matches the directory it was resolved to.
 * {@link alsoReadAs} gives the readings this one leaves out.
 */
function toPathEntry(pathPattern) {
    return (0,sandbox_utils/* containsGlobChars */.dx)(pathPattern)
        ? { glob: true, path: (0,sandbox_utils/* normalizePathForSandbox */.lW)(pathPattern) }
        : {
            glob: false,
            path: (0,sandbox_utils/* normalizePathForSandbox */.lW)(pathPattern, { literal: true }),
        };
}
/**
 * A path the library itself produced: joined onto the cwd, or resolved to
 * a file it opened. It names one file or directory, so it compiles to a
 * `subpath` filter whatever characters it contains — sniffed as a pattern,
 * a component like `a[b` would become a character class and the filter
 * would no longer match the path it was built from (the rule would be
 * inert). Never use this for a spelling the caller did not mark literal.
 */
function toLiteralPathEntry(literalPath) {
    return {
        path: (0,sandbox_utils/* normalizePathForSandbox */.lW)(literalPath, { literal: true }),
        glob: false,
    };
}
/**
 * The readings a caller's spellings have beside {@link toPathEntry}'s; see
 * {@link literalReadings}.
 */
function alsoReadAs(spellings, kind) {
    return (spellings ?? []).flatMap(spelling => literalReadings(spelling, kind));
}
/** One of the caller's lists as entries, in every reading each has. */
function callerEntries(kind, spellings, literalPaths) {
    return [
        ...(spellings ?? []).map(toPathEntry),
        ...alsoReadAs(spellings, kind),
        ...(literalPaths ?? []).map(toLiteralPathEntry),
    ];
}
/** Does a subtree-extended deny glob regex cover `entry`'s region? */
function denyGlobCovers(denyRegex, entry) {
    return denyRegex.test(entrySamplePath(entry));
}
/** Is `entry`'s region strictly inside the literal directory `dir`? */
function isStrictlyUnder(entry, dir) {
    return (0,sandbox_utils/* isStrictlyUnder */.hf)(entrySamplePath(entry), dir);
}
/**
 * A read entry under both spellings of its path: as written, and with the
 * links on the way resolved. A deny is resolved to its end. An allow is a
 * name, so its last component stays as written. Of a pattern, the directory
 * it starts from is what is resolved. The root is never a second spelling.
 */
function inBothSpellings(kind, entry) {
    const resolved = (p) => (0,sandbox_utils/* pathSpellings */.NA)(p)[1] ?? p;
    const base = entryBaseDir(entry);
    const canonical = kind === 'deny' || entry.glob
        ? resolved(base)
        : (0,sandbox_utils/* nameLocation */.DV)(base, resolved);
    // Nor among the devices: a rule on a name blanked with a link to /dev/null
    // would be one on /dev/null for every command.
    if (canonical === base ||
        canonical === '/' ||
        (0,sandbox_utils/* isAtOrUnder */.Xb)(canonical, '/dev')) {
        return [entry];
    }
    return [
        entry,
        entry.glob
            ? {
                glob: true,
                path: canonical + entry.path.slice(base.length),
                anchor: canonical,
            }
            : { glob: false, path: canonical },
    ];
}
function resolveReadConfig(config, writeRoots, 
/**
 * Read denies the library resolved itself — the masked credential files,
 * which macOS degrades to a deny. Already literal: each names the file
 * that was found, not a pattern to match.
 */
libraryDenies) {
    const credentialDenies = [
        ...callerEntries('deny', config.credentialDenyOnly, undefined),
        ...libraryDenies,
    ].flatMap(entry => inBothSpellings('deny', entry));
    return {
        denies: [
            ...callerEntries('deny', config.denyOnly.filter(p => !config.credentialDenyOnly?.includes(p)), config.literalDenyOnly).flatMap(entry => inBothSpellings('deny', entry)),
            ...credentialDenies,
        ],
        credentialDenies: new Set(credentialDenies),
        ownAllows: (config.ownAllowWithinDeny ?? [])
            .map(toLiteralPathEntry)
            .flatMap(entry => inBothSpellings('allow', entry)),
        // Non-glob spellings arrive slash-free from normalizePathForSandbox —
        // the nested-deny re-emit matches by `path + '/'` prefix, which a
        // preserved trailing slash would defeat ('<dir>//').
        allows: callerEntries('allow', config.allowWithinDeny, config.literalAllowWithinDeny).flatMap(entry => inBothSpellings('allow', entry)),
        writeRoots: [...writeRoots],
    };
}
/**
 * The denies that must land AFTER the allowWithinDeny allows, because
 * Seatbelt is last-match-wins and the allow block would otherwise re-open
 * them. Each comes back as the SBPL filter to emit:
 *
 * - A literal deny nested inside a literal allow (`~/proj/secrets` under
 *   `~/proj`), re-emitted as-is.
 * - Every glob deny, minus (`require-not`) each allow entry the glob's own
 *   regex covers. A leaf-shaped glob (`**\/.env`, `/**\/*.key`) covers no
 *   directory allow, so it comes back whole and beats the directory allows
 *   it lands inside — the fix for globs being silently re-allowed. A
 *   region-shaped glob (`~/**\/*` with allowRead carve-outs) covers its
 *   carve-outs, so they are subtracted and its behavior is unchanged. A
 *   glob that covers a specific FILE allow (a user carve-out, or the
 *   TLS-termination trust bundle sandbox-manager adds to allowWithinDeny,
 *   which a `/**\/*.crt` deny would otherwise sever) keeps that one file
 *   readable without any allow being emitted after the denies.
 * - Every credential deny, literal or glob, minus the library's own files
 *   that it covers.
 *
 * Every filter here is a deny or a narrower deny: nothing this function
 * produces can make a path readable that is not readable today. Keep it
 * that way — the moment an `(allow file-read* …)` is appended after this
 * block, every deny above it has to be re-audited against it.
 *
 * The coverage test (denyGlobCovers) fails closed by construction: every
 * carve-out is an entry the allow block above already allows, so an
 * unnecessary carve-out only reproduces today's behavior for that entry,
 * and a missed one (e.g. a glob allow whose sample path the deny regex
 * happens not to match) leaves the deny wider — never opens anything.
 */
function lateReadDenyFilters(resolved) {
    const filters = [];
    let coversRoot = false;
    const literalAllowDirs = resolved.allows.filter(a => !a.glob).map(a => a.path);
    for (const deny of resolved.denies) {
        const isCredential = resolved.credentialDenies.has(deny);
        if (!deny.glob) {
            if (isCredential) {
                const carveOuts = resolved.ownAllows
                    .filter(a => (0,sandbox_utils/* isAtOrUnder */.Xb)(a.path, deny.path))
                    .map(a => pathFilter(a));
                filters.push(carveFilter(denyPathFilter(deny), carveOuts));
            }
            else if (literalAllowDirs.some(a => isStrictlyUnder(deny, a))) {
                filters.push(denyPathFilter(deny));
            }
            continue;
        }
        const denyRegex = new RegExp(denyGlobEntryRegex(deny));
        if (denyRegex.test('/'))
            coversRoot = true;
        const carveOuts = (isCredential ? resolved.ownAllows : resolved.allows)
            .filter(a => denyGlobCovers(denyRegex, a))
            .map(a => pathFilter(a));
        filters.push(carveFilter(denyPathFilter(deny), carveOuts));
    }
    return { filters, coversRoot };
}
/**
 * Directory that bounds where a glob can match: its static prefix, or "/"
 * for a root-anchored pattern like `/**\/*.key`.
 */
function globBaseDir(normalizedGlob) {
    const staticPrefix = normalizedGlob.split(/[*?[\]]/)[0];
    if (!staticPrefix || staticPrefix === '/')
        return '/';
    return staticPrefix.endsWith('/')
        ? staticPrefix.slice(0, -1)
        : external_path_.dirname(staticPrefix);
}
/**
 * Directory that bounds where `entry` can match: the anchor the library
 * set, the static prefix of a pattern, or the path itself when it names
 * one file or directory.
 */
function entryBaseDir(entry) {
    if (!entry.glob)
        return entry.path;
    return entry.anchor ?? globBaseDir(entry.path);
}
/**
 * Trailing `(deny file-write-unlink …)` for read-denied paths that the
 * write section may have re-opened. Emitted at the very end of the profile.
 *
 * generateReadRules() blocks moving a read-denied path (and its ancestors)
 * out from under its deny, but then re-allows file-write-unlink /
 * file-write-create for every allowWrite root so `rm` works inside the
 * project (#171). Any read-denied path INSIDE a write root is therefore
 * movable again: `mv .env x; cat x`, or `mv secrets s2; cat s2/key`,
 * defeats both glob and literal denies. This re-denies unlink (rename
 * source / rm) — not create, so new files can still be made; a new `.env`
 * is still read-denied by name — for:
 *
 * - every glob deny whose region intersects a write root, minus the allow
 *   entries and write roots the glob itself covers (a region glob like
 *   `~/**\/*` must not re-block `rm` inside carve-outs it was already
 *   subtracting; a leaf glob like `**\/.env` covers none of them);
 * - every literal deny strictly below a write root, minus any allow entry
 *   or write root nested strictly inside it;
 * - the literal ancestor directories of each of those (for a glob, its
 *   static-prefix directory and that directory's ancestors) that sit
 *   strictly below a write root — the directory vnodes only, so `rm` of
 *   unrelated siblings still works but the enclosing directory cannot be
 *   renamed out from under the deny. Ancestors at or above a write root
 *   are left alone: the deny above already covers them, and re-denying the
 *   root itself would block unrelated `rm`s.
 *
 * A literal deny not below any write root needs nothing: the read
 * section's move-blocking deny still holds for it. Deny-only, like the
 * rest of this file's read handling.
 *
 * A credential deny is emitted wherever it lies and with nothing subtracted,
 * and a write root among its ancestors is kept in place with them.
 */
function generateReadDenyUnlinkRules(resolved, logTag) {
    const { denies, credentialDenies, writeRoots } = resolved;
    if (writeRoots.length === 0)
        return [];
    const writeRootRegexes = writeRoots
        .filter((w) => w.glob)
        .map(w => new RegExp(globRegex(w)));
    const literalWriteRoots = writeRoots.filter(w => !w.glob).map(w => w.path);
    const strictlyBelowWriteRoot = (p) => literalWriteRoots.some(w => isStrictlyUnder({ path: p, glob: false }, w)) ||
        writeRootRegexes.some(re => re.test(p));
    const filters = new Set();
    const protectDirs = (dirs, withWriteRoots) => {
        for (const dir of dirs) {
            if (strictlyBelowWriteRoot(dir) ||
                (withWriteRoots && literalWriteRoots.includes(dir))) {
                filters.add(`(literal ${escapePath(dir)})`);
            }
        }
    };
    for (const deny of denies) {
        const isCredential = credentialDenies.has(deny);
        const exceptions = isCredential ? [] : [...resolved.allows, ...writeRoots];
        if (deny.glob) {
            const baseDir = entryBaseDir(deny);
            const intersectsWriteRoot = writeRootRegexes.length > 0 ||
                literalWriteRoots.some(w => baseDir === w ||
                    isStrictlyUnder({ path: baseDir, glob: false }, w) ||
                    isStrictlyUnder({ path: w, glob: false }, baseDir));
            if (!intersectsWriteRoot)
                continue;
            const denyRegex = new RegExp(denyGlobEntryRegex(deny));
            const carveOuts = exceptions
                .filter(e => denyGlobCovers(denyRegex, e))
                .map(e => pathFilter(e));
            filters.add(carveFilter(denyPathFilter(deny), carveOuts));
            if (baseDir !== '/') {
                protectDirs([baseDir, ...getAncestorDirectories(baseDir)], isCredential);
            }
        }
        else {
            if (!isCredential && !strictlyBelowWriteRoot(deny.path))
                continue;
            const carveOuts = exceptions
                .filter(e => isStrictlyUnder(e, deny.path))
                .map(e => pathFilter(e));
            filters.add(carveFilter(denyPathFilter(deny), carveOuts));
            protectDirs(getAncestorDirectories(deny.path), isCredential);
        }
    }
    return renderRule('deny', ['file-write-unlink'], filters, logTag);
}
/**
 * Render one SBPL rule applying `action` for each of `operations` to any
 * path matching one of `filters`, reporting `logTag` on a match. Emits
 * nothing for an empty filter set: a rule with no filter would match every
 * path.
 */
function renderRule(action, operations, filters, logTag) {
    if (filters.size === 0)
        return [];
    return [
        `(${action} ${operations.join(' ')}`,
        ...[...filters].map(f => `  ${f}`),
        `  (with message "${logTag}"))`,
    ];
}
/**
 * Get all ancestor directories for a path, up to (but not including) root
 * Example: /private/tmp/test/file.txt -> ["/private/tmp/test", "/private/tmp", "/private"]
 */
function getAncestorDirectories(pathStr) {
    const ancestors = [];
    let currentPath = external_path_.dirname(pathStr);
    // Walk up the directory tree until we reach root
    while (currentPath !== '/' && currentPath !== '.') {
        ancestors.push(currentPath);
        const parentPath = external_path_.dirname(currentPath);
        // Break if we've reached the top (path.dirname returns the same path for root)
        if (parentPath === currentPath) {
            break;
        }
        currentPath = parentPath;
    }
    return ancestors;
}
/**
 * sandbox-exec rejects a string literal longer than 1025 bytes ("Error
 * reading string"); the regexes built below stay well under that, since
 * one oversized string invalidates the whole profile.
 */
const SBPL_STRING_MAX_BYTES = 900;
/**
 * Below this many names, one regex is not shorter than the literal filters
 * it would replace.
 */
const MIN_DENY_GROUP_SIZE = 4;
/**
 * Fold literal deny paths into {@link LiteralDenyGroup}s. Each group renders
 * as one anchored regex per chunk of names instead of one `subpath` filter
 * per path, so a directory with many same-shaped children costs bytes and
 * profile compile time proportional to the names, not to the repeated
 * absolute prefix (sandbox-exec compiles a few thousand path filters in
 * seconds; a few dozen regexes in milliseconds). Globs, paths that do not
 * fit a group of at least {@link MIN_DENY_GROUP_SIZE} names, and names too
 * long for one regex are returned in `rest` unchanged.
 */
function groupLiteralDenyPaths(entries) {
    const byDir = new Map();
    for (const entry of entries) {
        if (entry.glob)
            continue;
        const entryPath = entry.path;
        const parent = external_path_.dirname(entryPath);
        const dir = external_path_.dirname(parent);
        if (dir === parent || parent === entryPath || dir === '/')
            continue;
        let names = byDir.get(dir);
        if (!names) {
            names = new Map();
            byDir.set(dir, names);
        }
        const name = external_path_.basename(parent);
        let leaves = names.get(name);
        if (!leaves) {
            leaves = new Set();
            names.set(name, leaves);
        }
        leaves.add(external_path_.basename(entryPath));
    }
    const grouped = new Set();
    const groups = [];
    for (const [dir, names] of byDir) {
        const bySignature = new Map();
        for (const [name, leafSet] of names) {
            const leaves = [...leafSet].sort();
            const signature = leaves.join('\0');
            let group = bySignature.get(signature);
            if (!group) {
                group = { dir, names: [], leaves };
                bySignature.set(signature, group);
            }
            group.names.push(name);
        }
        for (const group of bySignature.values()) {
            const fixedLength = regexLength(groupRegexPrefix(group)) + regexLength(groupDenyTail(group));
            group.names = group.names.filter(name => fixedLength + regexLength((0,glob_pattern/* escapeRegexLiteral */.uU)(name)) <=
                SBPL_STRING_MAX_BYTES);
            if (group.names.length < MIN_DENY_GROUP_SIZE)
                continue;
            groups.push(group);
            for (const name of group.names) {
                for (const leaf of group.leaves) {
                    grouped.add(external_path_.join(dir, name, leaf));
                }
            }
        }
    }
    return {
        groups,
        rest: entries.filter(e => !grouped.has(e.path)),
    };
}
/** Bytes a regex fragment occupies inside an SBPL string literal. */
function regexLength(fragment) {
    return Buffer.byteLength(escapePath(fragment)) - 2;
}
function groupRegexPrefix(group) {
    return `^${(0,glob_pattern/* escapeRegexLiteral */.uU)(group.dir)}/(`;
}
function groupDenyTail(group) {
    return `)/(${group.leaves.map(glob_pattern/* escapeRegexLiteral */.uU).join('|')})(/.*)?$`;
}
/**
 * Regex filters for a {@link LiteralDenyGroup}, chunked so no regex exceeds
 * {@link SBPL_STRING_MAX_BYTES}. `deny` matches each `<dir>/<name>/<leaf>`
 * and everything beneath it (the `subpath` semantics of a literal deny);
 * `pins` match each `<dir>/<name>` directory itself, the move-blocking
 * literal a per-path deny would have added for its parent.
 */
function literalDenyGroupFilters(group) {
    const prefix = groupRegexPrefix(group);
    const denyTail = groupDenyTail(group);
    const pinTail = ')$';
    const fixedLength = regexLength(prefix) + regexLength(denyTail);
    const chunks = [];
    let chunk = [];
    let chunkLength = 0;
    for (const name of group.names.map(glob_pattern/* escapeRegexLiteral */.uU)) {
        const nameLength = regexLength(name) + (chunk.length === 0 ? 0 : 1);
        if (chunk.length > 0 &&
            fixedLength + chunkLength + nameLength > SBPL_STRING_MAX_BYTES) {
            chunks.push(chunk);
            chunk = [];
            chunkLength = 0;
        }
        chunk.push(name);
        chunkLength += chunk.length === 1 ? regexLength(name) : nameLength;
    }
    chunks.push(chunk);
    const alternations = chunks.map(names => names.join('|'));
    return {
        deny: alternations.map(names => `(regex ${escapePath(prefix + names + denyTail)})`),
        pins: alternations.map(names => `(regex ${escapePath(prefix + names + pinTail)})`),
    };
}
/**
 * Generate deny rules for file movement (file-write-unlink) and creation
 * (file-write-create) to protect paths. This prevents bypassing read or write
 * restrictions by moving files/directories, and prevents replacing a
 * not-yet-existing protected path (or one of its ancestors) with an
 * attacker-controlled symlink.
 *
 * Emitted as a single rule whose filters are the union over all patterns:
 * protected paths commonly share most of their ancestors, and each distinct
 * filter both costs argv bytes and adds to sandbox-exec's compile time.
 *
 * @param entries - Normalized entries to protect (literals and globs)
 * @param logTag - Log tag for sandbox violations
 * @returns Array of sandbox profile rule lines
 */
function generateMoveBlockingRules(entries, logTag) {
    return renderRule('deny', ['file-write-unlink', 'file-write-create'], moveBlockingFilters(entries), logTag);
}
/** The filters {@link generateMoveBlockingRules} emits, for normalized entries. */
function moveBlockingFilters(entries) {
    const filters = new Set();
    for (const entry of entries) {
        // Block moving/renaming the denied path itself (or files matching the
        // pattern, and anything beneath them)
        filters.add(denyPathFilter(entry));
        const baseDir = entryBaseDir(entry);
        if (entry.glob) {
            // For glob patterns, block moves of the directory the pattern is
            // bounded by, then of its ancestors
            if (baseDir === '/')
                continue;
            filters.add(`(literal ${escapePath(baseDir)})`);
        }
        // Block moves of ancestor directories
        for (const ancestorDir of getAncestorDirectories(baseDir)) {
            filters.add(`(literal ${escapePath(ancestorDir)})`);
        }
    }
    return filters;
}
/**
 * Generate filesystem read rules for sandbox profile
 *
 * Supports two layers:
 * 1. denyOnly: deny reads from these paths (broad regions like /Users)
 * 2. allowWithinDeny: re-allow reads within denied regions (like CWD)
 *    allowWithinDeny takes precedence over denyOnly.
 *
 * In Seatbelt profiles, later rules take precedence, so we emit:
 *   (allow file-read*)        ← default: allow everything
 *   (deny file-read* ...)     ← deny everything in denyOnly
 *   (allow file-read* ...)    ← re-allow allowWithinDeny
 *   (deny file-read* ...)     ← re-emit the denies the allows would clobber:
 *                               literal denies nested in an allow, and every
 *                               glob deny minus the allows it covers
 *                               (see lateReadDenyFilters)
 *   (allow file-read* (literal "/"))  ← only if a deny covers "/" itself
 *
 * REVIEW INVARIANT: after the allowWithinDeny block, this function only
 * ever adds denies (or narrows one with require-not). The one exception is
 * the pre-existing literal-"/" re-allow, which matches exactly one vnode.
 * Do not append another `(allow file-read* …)` layer here — every deny
 * above it would then need re-auditing for re-open bypasses.
 */
function generateReadRules(resolved, logTag) {
    if (!resolved) {
        return [`(allow file-read*)`];
    }
    const rules = [];
    // Start by allowing everything
    rules.push(`(allow file-read*)`);
    // Then deny specific paths
    const deniesRoot = resolved.denies.some(d => d.path === '/');
    const denyFilters = new Set(resolved.denies.map(denyPathFilter));
    rules.push(...renderRule('deny', ['file-read*'], denyFilters, logTag));
    // Re-allow specific paths within denied regions (allowWithinDeny takes precedence)
    const allowFilters = new Set(resolved.allows.map(a => pathFilter(a)));
    rules.push(...renderRule('allow', ['file-read*'], allowFilters, logTag));
    // Denies the allow block would otherwise win over (last-match-wins) land
    // here, after it. Must stay ahead of the file-read-metadata allow below.
    const late = lateReadDenyFilters(resolved);
    rules.push(...renderRule('deny', ['file-read*'], new Set(late.filters), logTag));
    // (subpath "/") — or a re-emitted `/*`-shaped glob — denies the root inode
    // itself; no allowWithinDeny entry covers "/", so dyld aborts before exec
    // (#190). Re-allow the literal root, after the re-emitted denies so a
    // glob landing later can't take it away again. This exposes `ls /` dirent
    // names but no subtree contents.
    if (deniesRoot || late.coversRoot) {
        rules.push(`(allow file-read* (literal "/"))`);
    }
    // Allow stat/lstat on all directories so that realpath() can traverse
    // path components within denied regions. Without this, C realpath() fails
    // when resolving symlinks because it needs to lstat every intermediate
    // directory (e.g. /Users, /Users/chris) even if only a subdirectory like
    // ~/.local is in allowWithinDeny. This only allows metadata reads on
    // directories — not listing contents (readdir) or reading files.
    if (resolved.denies.length > 0) {
        rules.push(`(allow file-read-metadata`, `  (vnode-type DIRECTORY))`);
    }
    // Block file movement to prevent bypass via mv/rename
    rules.push(...generateMoveBlockingRules(resolved.denies, logTag));
    // Re-allow file-write-unlink / file-write-create for paths that are explicitly
    // write-allowed. The move-blocking rules above emit broad
    // (deny file-write-unlink (subpath "/Users")) to prevent bypassing read
    // restrictions by moving files out of denied regions.
    // However, in macOS Seatbelt, a specific (deny file-write-unlink) is not overridden
    // by a later (allow file-write*) wildcard — the specific operation deny wins.
    // This means file deletions are blocked even in write-allowed directories like
    // the project directory. We fix this by explicitly re-allowing file-write-unlink
    // and file-write-create for write-allowed paths after the move-blocking deny rules.
    //
    // Note: denyWithinAllow paths are not excluded here because the write section's
    // generateMoveBlockingRules() runs later in the profile and re-denies
    // file-write-unlink for those paths (Seatbelt uses last-match-wins). This
    // depends on read rules being emitted before write rules in generateSandboxProfile().
    //
    // This re-allow also re-opens rename/rm of read-denied paths that sit
    // INSIDE a write root; generateReadDenyUnlinkRules(), emitted at the end
    // of the profile, takes those back.
    const writeAllowFilters = new Set(resolved.writeRoots.map(pathFilter));
    rules.push(...renderRule('allow', ['file-write-unlink', 'file-write-create'], writeAllowFilters, logTag));
    return rules;
}
/**
 * What a write config allows, as entries. Decided once per profile and
 * handed to the read and the write section, so the two see the same answer.
 */
function writeRootEntries(config) {
    return callerEntries('allow', config?.allowOnly, config?.literalAllowOnly);
}
/**
 * Generate filesystem write rules for sandbox profile
 */
function generateWriteRules(config, logTag, allowGitConfig, writeRoots) {
    if (!config) {
        return [`(allow file-write*)`];
    }
    const rules = [];
    // Generate allow rules
    const allowFilters = new Set();
    for (const entry of writeRoots) {
        allowFilters.add(pathFilter(entry));
    }
    rules.push(...renderRule('allow', ['file-write*'], allowFilters, logTag));
    // Combine user-specified and mandatory deny patterns (no ripgrep needed on
    // macOS). The caller's spellings are patterns when they read as patterns;
    // the mandatory entries carry their own literal/glob split.
    const denyEntries = [
        ...(config.denyWithinAllow || []).map(toPathEntry),
        ...(config.literalDenyWithinAllow ?? []).map(toLiteralPathEntry),
        ...macGetMandatoryDenyEntries(allowGitConfig),
    ];
    denyEntries.push(...alsoReadAs(config.denyWithinAllow, 'deny'));
    const { groups, rest: ungrouped } = groupLiteralDenyPaths(denyEntries);
    const groupFilters = groups.map(literalDenyGroupFilters);
    const denyFilters = new Set();
    for (const { deny } of groupFilters) {
        for (const filter of deny)
            denyFilters.add(filter);
    }
    for (const entry of ungrouped) {
        denyFilters.add(denyPathFilter(entry));
    }
    rules.push(...renderRule('deny', ['file-write*'], denyFilters, logTag));
    // Block file movement to prevent bypass via mv/rename. A grouped path
    // contributes its regex, the pin for its parent directory, and the
    // literals for the group directory and its ancestors — the same set a
    // per-path filter would add.
    const moveFilters = moveBlockingFilters(ungrouped);
    for (const [index, { deny, pins }] of groupFilters.entries()) {
        for (const filter of [...deny, ...pins])
            moveFilters.add(filter);
        const { dir } = groups[index];
        for (const ancestorDir of [dir, ...getAncestorDirectories(dir)]) {
            moveFilters.add(`(literal ${escapePath(ancestorDir)})`);
        }
    }
    rules.push(...renderRule('deny', ['file-write-unlink', 'file-write-create'], moveFilters, logTag));
    return rules;
}
/**
 * Generate complete sandbox profile
 */
function generateSandboxProfile({ readConfig, libraryDenyEntries, writeConfig, httpProxyPort, socksProxyPort, needsNetworkRestriction, allowUnixSockets, allowAllUnixSockets, allowLocalBinding, allowMachLookup, allowPty, allowGitConfig = false, enableWeakerNetworkIsolation = false, allowAppleEvents = false, logTag, }) {
    const profile = [
        '(version 1)',
        `(deny default (with message "${logTag}"))`,
        '',
        `; LogTag: ${logTag}`,
        '',
        '; Essential permissions - based on Chrome sandbox policy',
        '; Process permissions',
        '(allow process-exec)',
        '(allow process-fork)',
        '(allow process-info* (target same-sandbox))',
        '(allow signal (target same-sandbox))',
        '(allow mach-priv-task-port (target same-sandbox))',
        '',
        '; User preferences',
        '(allow user-preference-read)',
        '',
        '; Mach IPC - specific services only (no wildcard)',
        '(allow mach-lookup',
        '  (global-name "com.apple.audio.systemsoundserver")',
        '  (global-name "com.apple.distributed_notifications@Uv3")',
        '  (global-name "com.apple.FontObjectsServer")',
        '  (global-name "com.apple.fonts")',
        '  (global-name "com.apple.logd")',
        '  (global-name "com.apple.lsd.mapdb")',
        '  (global-name "com.apple.PowerManagement.control")',
        '  (global-name "com.apple.system.logger")',
        '  (global-name "com.apple.system.notification_center")',
        '  (global-name "com.apple.system.opendirectoryd.libinfo")',
        '  (global-name "com.apple.system.opendirectoryd.membership")',
        '  (global-name "com.apple.bsd.dirhelper")',
        '  (global-name "com.apple.securityd.xpc")',
        '  (global-name "com.apple.coreservices.launchservicesd")',
        ')',
        '',
        ...(enableWeakerNetworkIsolation
            ? [
                '; trustd.agent - needed for Go TLS certificate verification (weaker network isolation)',
                '(allow mach-lookup (global-name "com.apple.trustd.agent"))',
            ]
            : []),
        ...(allowAppleEvents
            ? [
                '; Apple Events - opt-in; needed for open/osascript to talk to other apps (appleeventsd)',
                '(allow appleevent-send)',
                '(allow mach-lookup (global-name "com.apple.coreservices.appleevents"))',
                '; Launch Services open requests need the lsopen operation plus, on',
                '; macOS 14/15, coreservicesd and the quarantine resolver - without',
                '; these open fails with -10822 kLSServerCommunicationErr or -54',
                '(allow lsopen)',
                '(allow mach-lookup (global-name "com.apple.CoreServices.coreservicesd"))',
                '(allow mach-lookup (global-name "com.apple.coreservices.quarantine-resolver"))',
            ]
            : []),
        ...(allowMachLookup && allowMachLookup.length > 0
            ? [
                '; User-specified XPC/Mach services',
                ...allowMachLookup.map(name => name.endsWith('*')
                    ? `(allow mach-lookup (global-name-prefix ${escapePath(name.slice(0, -1))}))`
                    : `(allow mach-lookup (global-name ${escapePath(name)}))`),
            ]
            : []),
        '',
        '; POSIX IPC - shared memory',
        '(allow ipc-posix-shm)',
        '',
        '; POSIX IPC - semaphores for Python multiprocessing',
        '(allow ipc-posix-sem)',
        '',
        '; IOKit - specific operations only',
        '(allow iokit-open',
        '  (iokit-registry-entry-class "IOSurfaceRootUserClient")',
        '  (iokit-registry-entry-class "RootDomainUserClient")',
        '  (iokit-user-client-class "IOSurfaceSendRight")',
        ')',
        '',
        '; IOKit properties',
        '(allow iokit-get-properties)',
        '',
        "; Specific safe system-sockets, doesn't allow network access",
        '(allow system-socket (require-all (socket-domain AF_SYSTEM) (socket-protocol 2)))',
        '',
        '; sysctl - specific sysctls only',
        '(allow sysctl-read',
        '  (sysctl-name "hw.activecpu")',
        '  (sysctl-name "hw.busfrequency_compat")',
        '  (sysctl-name "hw.byteorder")',
        '  (sysctl-name "hw.cacheconfig")',
        '  (sysctl-name "hw.cachelinesize_compat")',
        '  (sysctl-name "hw.cpufamily")',
        '  (sysctl-name "hw.cpufrequency")',
        '  (sysctl-name "hw.cpufrequency_compat")',
        '  (sysctl-name "hw.cputype")',
        '  (sysctl-name "hw.l1dcachesize_compat")',
        '  (sysctl-name "hw.l1icachesize_compat")',
        '  (sysctl-name "hw.l2cachesize_compat")',
        '  (sysctl-name "hw.l3cachesize_compat")',
        '  (sysctl-name "hw.logicalcpu")',
        '  (sysctl-name "hw.logicalcpu_max")',
        '  (sysctl-name "hw.machine")',
        '  (sysctl-name "hw.memsize")',
        '  (sysctl-name "hw.ncpu")',
        '  (sysctl-name "hw.nperflevels")',
        '  (sysctl-name "hw.packages")',
        '  (sysctl-name "hw.pagesize_compat")',
        '  (sysctl-name "hw.pagesize")',
        '  (sysctl-name "hw.physicalcpu")',
        '  (sysctl-name "hw.physicalcpu_max")',
        '  (sysctl-name "hw.tbfrequency_compat")',
        '  (sysctl-name "hw.vectorunit")',
        '  (sysctl-name "kern.argmax")',
        '  (sysctl-name "kern.bootargs")',
        '  (sysctl-name "kern.hostname")',
        '  (sysctl-name "kern.maxfiles")',
        '  (sysctl-name "kern.maxfilesperproc")',
        '  (sysctl-name "kern.maxproc")',
        '  (sysctl-name "kern.ngroups")',
        '  (sysctl-name "kern.osproductversion")',
        '  (sysctl-name "kern.osrelease")',
        '  (sysctl-name "kern.ostype")',
        '  (sysctl-name "kern.osvariant_status")',
        '  (sysctl-name "kern.osversion")',
        '  (sysctl-name "kern.secure_kernel")',
        '  (sysctl-name "kern.tcsm_available")',
        '  (sysctl-name "kern.tcsm_enable")',
        '  (sysctl-name "kern.usrstack64")',
        '  (sysctl-name "kern.version")',
        '  (sysctl-name "kern.willshutdown")',
        '  (sysctl-name "machdep.cpu.brand_string")',
        '  (sysctl-name "machdep.ptrauth_enabled")',
        '  (sysctl-name "security.mac.lockdown_mode_state")',
        '  (sysctl-name "sysctl.proc_cputype")',
        '  (sysctl-name "vm.loadavg")',
        '  (sysctl-name-prefix "hw.optional.arm")',
        '  (sysctl-name-prefix "hw.optional.arm.")',
        '  (sysctl-name-prefix "hw.optional.armv8_")',
        '  (sysctl-name-prefix "hw.perflevel")',
        '  (sysctl-name-prefix "kern.proc.all")',
        '  (sysctl-name-prefix "kern.proc.pgrp.")',
        '  (sysctl-name-prefix "kern.proc.pid.")',
        '  (sysctl-name-prefix "machdep.cpu.")',
        '  (sysctl-name-prefix "net.routetable.")',
        ')',
        '',
        '; V8 thread calculations',
        '(allow sysctl-write',
        '  (sysctl-name "kern.tcsm_enable")',
        ')',
        '',
        '; Distributed notifications',
        '(allow distributed-notification-post)',
        '',
        '; Specific mach-lookup permissions for security operations',
        '(allow mach-lookup (global-name "com.apple.SecurityServer"))',
        '',
        '; File I/O on device files',
        '(allow file-ioctl (literal "/dev/null"))',
        '(allow file-ioctl (literal "/dev/zero"))',
        '(allow file-ioctl (literal "/dev/random"))',
        '(allow file-ioctl (literal "/dev/urandom"))',
        '(allow file-ioctl (literal "/dev/dtracehelper"))',
        '(allow file-ioctl (literal "/dev/tty"))',
        '',
        '(allow file-ioctl file-read-data file-write-data',
        '  (require-all',
        '    (literal "/dev/null")',
        '    (vnode-type CHARACTER-DEVICE)',
        '  )',
        ')',
        '',
    ];
    // Network rules
    profile.push('; Network');
    if (!needsNetworkRestriction) {
        profile.push('(allow network*)');
    }
    else {
        // Allow local binding if requested.
        //
        // bind/inbound use (local ip "*:*") instead of "localhost:*" because modern
        // runtimes (Java, etc.) create IPv6 dual-stack sockets by default; binding
        // such a socket to 127.0.0.1 is represented in the kernel as
        // ::ffff:127.0.0.1, which Seatbelt's "localhost" filter does not match.
        // Seatbelt only accepts "localhost" or "*" as the host token, so "*:*" is
        // the only way to admit the IPv4-mapped form. bind/inbound are local
        // operations (no remote endpoint), so wildcarding them does not grant
        // egress.
        //
        // outbound uses (remote ip "localhost:*") so the egress allowlist remains
        // enforced when allowLocalBinding is set (#225, #88). A (local ip ...)
        // filter on network-outbound is evaluated against the source address,
        // which for an unbound socket is INADDR_ANY (0.0.0.0 / ::) at connect()
        // time — Seatbelt's "localhost" matches the any-address, so any
        // (local ip ...) host value admits every outbound connection. (remote ip
        // "localhost:*") matches connect() to 127.0.0.1 and ::1 but not
        // ::ffff:127.0.0.1; runtimes that connect to loopback via dual-stack
        // sockets need to use AF_INET (see JAVA_TOOL_OPTIONS injection below).
        if (allowLocalBinding) {
            profile.push('(allow network-bind (local ip "*:*"))');
            profile.push('(allow network-inbound (local ip "*:*"))');
            profile.push('(allow network-outbound (remote ip "localhost:*"))');
        }
        // Unix domain sockets for local IPC (SSH agent, Docker, Gradle, etc.)
        // Three separate operations must be allowed:
        // 1. system-socket: socket(AF_UNIX, ...) syscall — creates the socket fd (no path context)
        // 2. network-bind: bind() to a local Unix socket path
        // 3. network-outbound: connect() to a remote Unix socket path
        // Note: (subpath ...) and (path-regex ...) are path-based filters that can only match
        // bind/connect operations — socket() creation has no path, so it requires system-socket.
        if (allowAllUnixSockets) {
            // Allow creating AF_UNIX sockets and all Unix socket paths
            profile.push('(allow system-socket (socket-domain AF_UNIX))');
            profile.push('(allow network-bind (local unix-socket (path-regex #"^/")))');
            profile.push('(allow network-outbound (remote unix-socket (path-regex #"^/")))');
        }
        else if (allowUnixSockets && allowUnixSockets.length > 0) {
            // Allow creating AF_UNIX sockets (required for any Unix socket use)
            profile.push('(allow system-socket (socket-domain AF_UNIX))');
            // Allow specific Unix socket paths
            for (const socketPath of allowUnixSockets) {
                const normalizedPath = (0,sandbox_utils/* normalizePathForSandbox */.lW)(socketPath);
                profile.push(`(allow network-bind (local unix-socket (subpath ${escapePath(normalizedPath)})))`);
                profile.push(`(allow network-outbound (remote unix-socket (subpath ${escapePath(normalizedPath)})))`);
            }
        }
        // If both allowAllUnixSockets and allowUnixSockets are false/undefined/empty, Unix sockets are blocked by default
        // Allow localhost TCP operations for the HTTP proxy
        if (httpProxyPort !== undefined) {
            profile.push(`(allow network-bind (local ip "localhost:${httpProxyPort}"))`);
            profile.push(`(allow network-inbound (local ip "localhost:${httpProxyPort}"))`);
            profile.push(`(allow network-outbound (remote ip "localhost:${httpProxyPort}"))`);
        }
        // Allow localhost TCP operations for the SOCKS proxy. Skip when it's
        // the same port as the HTTP proxy (the mux serves both on one port);
        // SBPL accepts duplicate allow clauses but there's no need to emit them.
        if (socksProxyPort !== undefined && socksProxyPort !== httpProxyPort) {
            profile.push(`(allow network-bind (local ip "localhost:${socksProxyPort}"))`);
            profile.push(`(allow network-inbound (local ip "localhost:${socksProxyPort}"))`);
            profile.push(`(allow network-outbound (remote ip "localhost:${socksProxyPort}"))`);
        }
    }
    profile.push('');
    const writeRoots = writeRootEntries(writeConfig);
    // Read rules
    // Pass write-allowed paths so that move-blocking deny rules in the read section
    // can be overridden for paths where file deletion should be permitted.
    const resolvedRead = readConfig || libraryDenyEntries.length > 0
        ? resolveReadConfig(readConfig ?? { denyOnly: [] }, writeRoots, libraryDenyEntries)
        : undefined;
    profile.push('; File read');
    profile.push(...generateReadRules(resolvedRead, logTag));
    profile.push('');
    // Write rules
    profile.push('; File write');
    profile.push(...generateWriteRules(writeConfig, logTag, allowGitConfig, writeRoots));
    // Read-denied paths inside write roots: the read section's unlink/create
    // re-allow for write roots (and the write section's file-write* allows)
    // must not leave them renameable. Last in the profile so nothing above
    // can re-open them.
    if (resolvedRead) {
        const unlinkRules = generateReadDenyUnlinkRules(resolvedRead, logTag);
        if (unlinkRules.length > 0) {
            profile.push('');
            profile.push('; File read: keep read-denied paths inside write roots in place');
            profile.push(...unlinkRules);
        }
    }
    // Pseudo-terminal (pty) support
    if (allowPty) {
        profile.push('');
        profile.push('; Pseudo-terminal (pty) support');
        profile.push('(allow pseudo-tty)');
        profile.push('(allow file-ioctl');
        profile.push('  (literal "/dev/ptmx")');
        profile.push('  (regex #"^/dev/ttys")');
        profile.push(')');
        profile.push('(allow file-read* file-write*');
        profile.push('  (literal "/dev/ptmx")');
        profile.push('  (regex #"^/dev/ttys")');
        profile.push(')');
    }
    return profile.join('\n');
}
/**
 * Escape path for sandbox profile using JSON.stringify for proper escaping
 */
function escapePath(pathStr) {
    return JSON.stringify(pathStr);
}
/**
 * Wrap command with macOS sandbox
 */
function wrapCommandWithSandboxMacOS(params) {
    const { command, commandId, needsNetworkRestriction, httpProxyPort, socksProxyPort, proxyAuthToken, caCertPath, javaAgentJarPath, allowUnixSockets, allowAllUnixSockets, allowLocalBinding, allowMachLookup, readConfig, writeConfig, unsetEnvVars, setEnvVars, maskedFileBinds, degradeToDenyPaths, allowPty, allowGitConfig = false, gitSafeDirectories, enableWeakerNetworkIsolation = false, allowAppleEvents = false, binShell, } = params;
    // SBPL cannot redirect a read to different bytes, so whole-file masking
    // degrades to read-deny on macOS: the sandboxed process gets EPERM
    // instead of the sentinel. The DYLD interposer (a later step) lifts
    // this. The paths go to generateReadRules() as LITERAL denies — each is
    // a credential file the library located, not a spelling the caller wrote
    // — and the existing (deny file-read* …) rule is emitted unchanged.
    const maskedDenyPaths = maskedFileBinds?.map(b => b.realPath) ?? [];
    if (maskedDenyPaths.length > 0) {
        (0,debug/* logForDebugging */.o)('[Sandbox macOS] file mask degrades to deny on macOS until the ' +
            'interposer lands');
    }
    // A masked file whose extract pattern stopped matching is denied the
    // same way: the library opened both, so both are literals.
    const libraryDenyEntries = [
        ...maskedDenyPaths,
        ...(degradeToDenyPaths ?? []),
    ].map(toLiteralPathEntry);
    // Determine if we have restrictions to apply
    // Read: denyOnly pattern - empty array means no restrictions
    // Write: allowOnly pattern - undefined means no restrictions, any config means restrictions
    const hasReadRestrictions = (readConfig &&
        (readConfig.denyOnly.length > 0 ||
            (readConfig.literalDenyOnly?.length ?? 0) > 0)) ||
        libraryDenyEntries.length > 0;
    const hasWriteRestrictions = writeConfig !== undefined;
    const hasEnvRestrictions = (unsetEnvVars !== undefined && unsetEnvVars.length > 0) ||
        (setEnvVars !== undefined && Object.keys(setEnvVars).length > 0);
    const hasGitConfig = (gitSafeDirectories?.length ?? 0) > 0;
    // No sandboxing needed
    if (!needsNetworkRestriction &&
        !hasReadRestrictions &&
        !hasWriteRestrictions &&
        !hasEnvRestrictions &&
        !hasGitConfig) {
        return command;
    }
    // Both correlation carriers (seatbelt log tag, proxy username) encode
    // the attribution key, which is the caller's commandId when the
    // executed string differs from the one violations are looked up by.
    const attributionCommand = (0,sandbox_utils/* attributionKeyFor */.Q1)(command, commandId);
    const logTag = generateLogTag(attributionCommand);
    const profile = generateSandboxProfile({
        readConfig,
        libraryDenyEntries,
        writeConfig,
        httpProxyPort,
        socksProxyPort,
        needsNetworkRestriction,
        allowUnixSockets,
        allowAllUnixSockets,
        allowLocalBinding,
        allowMachLookup,
        allowPty,
        allowGitConfig,
        enableWeakerNetworkIsolation,
        allowAppleEvents,
        logTag,
    });
    // Generate proxy environment variables using shared utility
    const proxyEnvArgs = (0,sandbox_utils/* generateProxyEnvVars */.ZD)(httpProxyPort, socksProxyPort, caCertPath, proxyAuthToken, writeConfig === undefined, (0,sandbox_utils/* encodeSandboxedCommand */.iG)(attributionCommand));
    // JAVA_TOOL_OPTIONS carries two things for JVMs in the sandbox:
    //
    // - The proxy agent jar (see java-proxy-agent.ts): JVMs ignore the proxy
    //   env vars above, so the agent translates them into system properties
    //   plus an Authenticator for the proxy credential at JVM start.
    // - -Djava.net.preferIPv4Stack=true whenever the profile lets the child
    //   reach loopback at all (the proxy ports, or allowLocalBinding's
    //   localhost:*): Seatbelt's (remote ip "localhost:N") filter matches
    //   127.0.0.1 and ::1 but not the IPv4-mapped IPv6 form ::ffff:127.0.0.1.
    //   Modern Java defaults to AF_INET6 dual-stack sockets, so a Java client
    //   connecting to 127.0.0.1 reaches the kernel as ::ffff:127.0.0.1 and is
    //   denied ("Operation not permitted") — including its connect to the
    //   proxy the agent just pointed it at. Forcing the IPv4 stack makes Java
    //   open AF_INET sockets so loopback connect matches the filter.
    //
    // Both are composed with any inherited JAVA_TOOL_OPTIONS unless that var
    // is on the credential-deny list, in which case the inherited value is
    // dropped so the deny holds.
    const loopbackReachable = needsNetworkRestriction &&
        (allowLocalBinding ||
            httpProxyPort !== undefined ||
            socksProxyPort !== undefined);
    const javaToolOptions = buildJavaToolOptions({
        agentJarPath: javaAgentJarPath,
        flags: loopbackReachable ? ['-Djava.net.preferIPv4Stack=true'] : [],
        unsetEnvVars,
        inherited: process.env.JAVA_TOOL_OPTIONS,
    });
    if (javaToolOptions !== undefined) {
        proxyEnvArgs.push(`JAVA_TOOL_OPTIONS=${javaToolOptions}`);
    }
    // safe.directory (dubious-ownership) — `buildPosixGitSafeDirEnv`
    // composes against the child's actual starting env (process.env
    // inherited under sandbox-exec, unsetEnvVars dropped, setEnvVars
    // overlaid) so an ambient GIT_CONFIG_COUNT is continued, not
    // clobbered.
    if (gitSafeDirectories && gitSafeDirectories.length > 0) {
        const gitCfg = (0,sandbox_utils/* buildPosixGitSafeDirEnv */.rd)({
            safeDirs: gitSafeDirectories,
            unsetEnvVars,
            setEnvVars,
        });
        for (const [name, value] of Object.entries(gitCfg)) {
            proxyEnvArgs.push(`${name}=${value}`);
        }
    }
    // Use the user's shell (zsh, bash, etc.) to ensure aliases/snapshots work
    // Resolve the full path to the shell binary
    const shellName = binShell || 'bash';
    const shell = which_whichSync(shellName);
    if (!shell) {
        throw new Error(`Shell '${shellName}' not found in PATH`);
    }
    // Drop denied credential env vars from the inherited environment. The -u
    // flags must precede the VAR=VALUE assignments so SRT's own proxy plumbing
    // vars survive even if a caller lists one of them as a denied credential.
    const unsetEnvArgs = (unsetEnvVars ?? []).flatMap(name => ['-u', name]);
    // Masked credentials override the inherited real value with a sentinel.
    // Placed before the proxy plumbing assignments for the same precedence
    // reason as the -u flags.
    const setEnvArgs = Object.entries(setEnvVars ?? {}).map(([name, value]) => `${name}=${value}`);
    // Use `env` command to set environment variables - each VAR=value is a separate
    // argument that quote() escapes properly, avoiding shell quoting issues
    const wrappedCommand = quote([
        'env',
        ...unsetEnvArgs,
        ...setEnvArgs,
        ...proxyEnvArgs,
        '/usr/bin/sandbox-exec',
        '-p',
        profile,
        shell,
        '-c',
        command,
    ]);
    (0,debug/* logForDebugging */.o)(`[Sandbox macOS] Applied restrictions - network: ${!!(httpProxyPort || socksProxyPort)}, read: ${hasReadRestrictions
        ? readConfig && 'allowAllExcept' in readConfig
            ? 'allowAllExcept'
            : 'denyAllExcept'
        : 'none'}, write: ${writeConfig
        ? 'allowAllExcept' in writeConfig
            ? 'allowAllExcept'
            : 'denyAllExcept'
        : 'none'}`);
    return wrappedCommand;
}
/**
 * Start monitoring macOS system logs for sandbox violations
 * Look for sandbox-related kernel deny events ending in {logTag}
 */
function startMacOSSandboxLogMonitor(callback, ignoreViolations, 
/** Map a decoded attribution key to the command text it represents, before
 *  ignoreViolations matching and before the event's `command` is set. Only
 *  the manager holds the registry that can do that, so it is required
 *  rather than defaulted: a caller with no registry passes
 *  `sanitizeUnregisteredCommandKey`, which treats the key as the untrusted
 *  bytes it arrived as. */
resolveCommandText) {
    // Pre-compile regex patterns for better performance
    const cmdExtractRegex = /CMD64_(.+?)_END/;
    const sandboxExtractRegex = /Sandbox:\s+(.+)$/;
    // Stream and filter kernel logs for all sandbox violations
    // We can't filter by specific logTag since it's dynamic per command
    const logProcess = (0,external_child_process_.spawn)('log', [
        'stream',
        '--predicate',
        `(eventMessage ENDSWITH "${sessionSuffix}")`,
        '--style',
        'compact',
    ]);
    logProcess.stdout?.on('data', (data) => {
        const lines = data.toString().split('\n');
        // Get violation and command lines
        const violationLine = lines.find(line => line.includes('Sandbox:') && line.includes('deny'));
        const commandLine = lines.find(line => line.startsWith('CMD64_'));
        if (!violationLine)
            return;
        // Extract violation details
        const sandboxMatch = violationLine.match(sandboxExtractRegex);
        if (!sandboxMatch?.[1])
            return;
        const violationDetails = sandboxMatch[1];
        // Try to get command
        let command;
        let encodedCommand;
        if (commandLine) {
            const cmdMatch = commandLine.match(cmdExtractRegex);
            encodedCommand = cmdMatch?.[1];
            if (encodedCommand) {
                try {
                    command = resolveCommandText((0,sandbox_utils/* decodeSandboxedCommand */.im)(encodedCommand));
                }
                catch {
                    // Failed to decode, continue without command
                }
            }
        }
        // Always filter out noisey violations
        if (violationDetails.includes('mDNSResponder') ||
            violationDetails.includes('mach-lookup com.apple.diagnosticd') ||
            violationDetails.includes('mach-lookup com.apple.analyticsd')) {
            return;
        }
        // Check if we should ignore this violation
        if ((0,sandbox_violation_store/* shouldIgnoreViolation */.dB)(violationDetails, command, ignoreViolations)) {
            return;
        }
        // Not ignored - report the violation
        callback({
            line: violationDetails,
            command,
            encodedCommand,
            timestamp: new Date(), // We could parse the timestamp from the log but this feels more reliable
        });
    });
    logProcess.stderr?.on('data', (data) => {
        (0,debug/* logForDebugging */.o)(`[Sandbox Monitor] Log stream stderr: ${data.toString()}`);
    });
    logProcess.on('error', (error) => {
        (0,debug/* logForDebugging */.o)(`[Sandbox Monitor] Failed to start log stream: ${error.message}`);
    });
    logProcess.on('exit', (code) => {
        (0,debug/* logForDebugging */.o)(`[Sandbox Monitor] Log stream exited with code: ${code}`);
    });
    return () => {
        (0,debug/* logForDebugging */.o)('[Sandbox Monitor] Stopping log monitor');
        logProcess.kill('SIGTERM');
    };
}
//# sourceMappingURL=macos-sandbox-utils.js.map
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(80481);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/linux-violation-monitor.js









/**
 * Linux equivalent of {@link startMacOSSandboxLogMonitor}. Creates a single
 * filesystem unix-socket listener; each `apply-seccomp` instance's outer stub
 * connects to it and writes one JSON line per observed write-intent syscall.
 * The supervise loop lives inside `apply-seccomp` itself (the parent that
 * already waitpid()s the workload), so there is no separate supervisor binary.
 *
 * Unlike Seatbelt's `log stream`, the kernel reports *attempts* here, not
 * denials, so this function intersects each path against the configured
 * allow/deny set before forwarding it as a violation.
 *
 * The reported path is read out of the (untrusted) sandboxed process's memory
 * with process_vm_readv and is therefore ATTACKER-CONTROLLED and racy. bwrap's
 * mount table is the only enforcement boundary; the violation events emitted
 * here are diagnostic hints and must never gate a policy decision.
 *
 * The transport is a *filesystem* unix socket because bwrap runs with
 * `--unshare-net` (abstract sockets are net-namespace-scoped) and bwrap closes
 * inherited fds. Filesystem sockets survive across net + user + mount
 * namespaces as long as the path is bind-mounted into the sandbox.
 */
function startLinuxSandboxViolationMonitor(callback, opts) {
    const { allowWritePaths, denyWritePaths, ignoreViolations, resolveCommandText, } = opts;
    // sun_path is 108 bytes; mkdtemp under tmpdir() keeps us well under.
    const sockDir = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'srt-obs-'));
    const sockPath = (0,external_node_path_.join)(sockDir, `s${(0,external_node_crypto_.randomBytes)(4).toString('hex')}.sock`);
    const underPrefix = (p, prefix) => p === prefix || p.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');
    /** A write attempt is a violation iff bwrap would refuse it: outside every
     *  allowWrite prefix, or back inside a denyWrite carve-out. */
    const isDenied = (p) => {
        if (denyWritePaths.some(d => underPrefix(p, d)))
            return true;
        return !allowWritePaths.some(a => underPrefix(p, a));
    };
    const handleEvent = (ev, encodedCommand) => {
        if (ev.observe_init_error) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Linux Monitor] observe filter not installed: ${ev.observe_init_error}`);
            return;
        }
        if (typeof ev.path !== 'string')
            return;
        // Only resolved absolute paths are classifiable. Anything else means
        // resolution failed upstream (or an old producer): this channel is
        // best-effort telemetry, so drop rather than guess.
        if (!ev.path.startsWith('/'))
            return;
        // apply-seccomp resolves relative paths against the tracee's cwd/dirfd
        // before emitting, so events arrive absolute; the joined form may still
        // contain ./ and ../ segments. Collapse them ONCE, here: the policy
        // check, the ignoreViolations match and the recorded line must all speak
        // of the same path, or a `..` detour suppresses a record it did not
        // match, or hides which file was written.
        const observedPath = external_node_path_.posix.normalize(ev.path);
        if (!isDenied(observedPath))
            return;
        let command;
        if (encodedCommand) {
            try {
                command = resolveCommandText((0,sandbox_utils/* decodeSandboxedCommand */.im)(encodedCommand));
            }
            catch {
                /* ignore */
            }
        }
        if ((0,sandbox_violation_store/* shouldIgnoreViolation */.dB)(observedPath, command, ignoreViolations))
            return;
        const violation = {
            line: `deny ${ev.syscall ?? 'syscall'} ${observedPath}`,
            command,
            encodedCommand,
            timestamp: new Date(),
        };
        callback(violation);
    };
    let resolveReady;
    const ready = new Promise(res => {
        resolveReady = res;
    });
    let observeSocketPath = sockPath;
    const server = (0,external_node_net_.createServer)(conn => {
        let encodedCommand;
        const rl = (0,external_node_readline_.createInterface)({ input: conn });
        rl.on('line', raw => {
            if (!raw)
                return;
            let ev;
            try {
                ev = JSON.parse(raw);
            }
            catch {
                return;
            }
            // The socket is writable from inside the sandbox, so the attribution
            // field is attacker-chosen bytes of attacker-chosen length. One longer
            // than a carrier this process mints can hold attributes nothing: drop
            // it and keep the violation itself, unattributed.
            const attribution = ev.encodedCommand !== undefined &&
                Buffer.byteLength(ev.encodedCommand) <= sandbox_utils/* MAX_ENCODED_COMMAND_BYTES */.Uw
                ? ev.encodedCommand
                : undefined;
            // First line from each apply-seccomp instance is the encodedCommand
            // header; subsequent lines may also carry it but the header is
            // authoritative for this connection.
            if (attribution && encodedCommand === undefined) {
                encodedCommand = attribution;
            }
            handleEvent(ev, encodedCommand ?? attribution);
        });
        conn.on('error', () => rl.close());
        conn.on('close', () => rl.close());
    });
    server.on('error', err => {
        (0,debug/* logForDebugging */.o)(`[Sandbox Linux Monitor] listen failed: ${err.message} - violation monitoring disabled`, { level: 'warn' });
        observeSocketPath = undefined;
        resolveReady();
    });
    server.listen(sockPath, () => resolveReady());
    const sockets = new Set();
    server.on('connection', s => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
    });
    const stop = () => {
        (0,debug/* logForDebugging */.o)('[Sandbox Linux Monitor] stopping');
        for (const s of sockets)
            s.destroy();
        server.close();
        try {
            (0,external_node_fs_.rmSync)(sockDir, { recursive: true, force: true });
        }
        catch {
            /* best effort */
        }
    };
    return {
        get observeSocketPath() {
            return observeSocketPath;
        },
        ready,
        stop,
    };
}
//# sourceMappingURL=linux-violation-monitor.js.map
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/windows-sandbox-utils.js









// Kept on this module's surface for out-of-tree importers; the
// implementations live in sandbox-utils.ts.



/**
 * Error thrown by the Windows sandbox backend. Carries a stable
 * {@link WindowsSandboxErrorCode} on `.code` so callers can branch
 * without prose-matching `.message`. `instanceof WindowsSandboxError`
 * narrows `.code` to the union.
 *
 * `.subcommand` is set on errors thrown from the `srt-win` spawn
 * chokepoint (`spawn_failed`, `srt_win_timeout`, `srt_win_nonzero`,
 * `srt_win_bad_json`) to the first CLI arg (e.g. `'install'`,
 * `'wfp'`) so a consumer can distinguish install-spawn-failed from
 * probe-spawn-failed without prose-matching. Unset elsewhere.
 */
class WindowsSandboxError extends Error {
    constructor(code, message, subcommand) {
        super(message);
        this.name = 'WindowsSandboxError';
        this.code = code;
        this.subcommand = subcommand;
    }
}
// ────────────────────────────────────────────────────────────────────
// Types
// ────────────────────────────────────────────────────────────────────
const DEFAULT_WINDOWS_PROXY_PORT_RANGE = [
    60080, 60089,
];
/**
 * The one loopback port that stays blocked for the sandbox account with
 * `network.allowLocalBinding`, so the fence check has a connect that must
 * be refused. `srt-win` owns it (`LOOPBACK_PROBE_PORT` in `wfp.rs`).
 */
const WINDOWS_LOOPBACK_PROBE_PORT = 1;
/** What `network.allowLocalBinding` opens on Windows, in plain words. */
const WINDOWS_ALLOW_LOOPBACK_EFFECT = `Loopback is open: sandboxed commands can connect to every TCP and ` +
    `UDP port on localhost (127.0.0.0/8 and ::1; port ` +
    `${WINDOWS_LOOPBACK_PROBE_PORT} alone stays blocked, so the sandbox ` +
    `can check its own fence). Every service listening ` +
    `on localhost is reachable from them, and any local forwarder (a DNS ` +
    `stub, a SOCKS or HTTP proxy, a VPN or security agent, a tunnel) ` +
    `reachable there gives them a way off the machine that the network ` +
    `restrictions do not cover.`;
const PWSH_FLAGS = ['-NoProfile', '-Command'];
/**
 * Sole normalizer from the cross-platform `binShell?: string |
 * WindowsBinShell` surface ({@link SandboxManager.wrapWithSandboxArgv})
 * to a spawnable `{exe, args}` pair. All validation lives here —
 * {@link wrapCommandWithSandboxWindows} consumes the result verbatim.
 *
 * String form: bare token (`'cmd'|'pwsh'|'powershell'`) resolves to
 * the default install; absolute path to `bash.exe`/`sh.exe`/
 * `pwsh.exe`/`powershell.exe`/`cmd.exe` keeps the caller's path with
 * the matching flag shape. Object form: `exe` must be absolute; `args`
 * pass through unchanged. Throws on anything else — no silent
 * fallback to cmd.exe.
 *
 * Uses `path.win32` explicitly so the function (and its unit test)
 * is platform-independent.
 */
function parseWindowsBinShell(raw) {
    const systemRoot = process.env.SystemRoot ?? 'C:\\Windows';
    const cmdDefault = {
        exe: external_node_path_.win32.join(systemRoot, 'System32', 'cmd.exe'),
        args: ['/d', '/s', '/c'],
    };
    if (raw === undefined || raw === null)
        return cmdDefault;
    if (typeof raw === 'object') {
        if (!external_node_path_.win32.isAbsolute(raw.exe)) {
            throw new WindowsSandboxError('bin_shell_invalid', `binShell.exe must be an absolute path ` +
                `(got ${JSON.stringify(raw.exe)})`);
        }
        if (!Array.isArray(raw.args)) {
            throw new WindowsSandboxError('bin_shell_invalid', `binShell.args must be an array (got ${JSON.stringify(raw.args)})`);
        }
        return raw;
    }
    const rawBase = external_node_path_.win32.basename(raw);
    const base = rawBase.toLowerCase();
    const isAbs = external_node_path_.win32.isAbsolute(raw);
    // A relative path with a directory component (`bin\bash.exe`) is
    // neither a token nor a resolved install — never silently degrade.
    if (!isAbs && raw !== rawBase) {
        throw new WindowsSandboxError('bin_shell_invalid', `binShell string must be a bare token or an absolute path ` +
            `(got ${JSON.stringify(raw)})`);
    }
    switch (base) {
        case 'bash':
        case 'bash.exe':
        case 'sh':
        case 'sh.exe':
            // Bare 'bash' is ambiguous (WSL vs Git Bash) — require the
            // resolved install path.
            if (!isAbs) {
                throw new WindowsSandboxError('bin_shell_invalid', `binShell bash path must be absolute ` +
                    `(got ${JSON.stringify(raw)}); pass the resolved Git Bash ` +
                    `install path`);
            }
            return { exe: raw, args: ['-c'] };
        case 'pwsh':
        case 'pwsh.exe':
            return { exe: isAbs ? raw : 'pwsh.exe', args: PWSH_FLAGS };
        case 'powershell':
        case 'powershell.exe':
            return {
                exe: isAbs
                    ? raw
                    : external_node_path_.win32.join(systemRoot, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe'),
                args: PWSH_FLAGS,
            };
        case 'cmd':
        case 'cmd.exe':
            return isAbs ? { exe: raw, args: cmdDefault.args } : cmdDefault;
        default:
            throw new WindowsSandboxError('bin_shell_invalid', `unrecognised binShell ${JSON.stringify(raw)}: expected ` +
                `'cmd' | 'powershell' | 'pwsh' or an absolute path to ` +
                `bash.exe/sh.exe/pwsh.exe/powershell.exe`);
    }
}
// ────────────────────────────────────────────────────────────────────
// Binary resolution
// ────────────────────────────────────────────────────────────────────
function repoRoot() {
    // src/sandbox/windows-sandbox-utils.ts → repo root (compiled: dist/sandbox/…)
    const here = external_node_path_.dirname((0,external_node_url_.fileURLToPath)(import.meta.url));
    return external_node_path_.resolve(here, '..', '..');
}
const nodeArchToDir = { x64: 'x64', arm64: 'arm64' };
/**
 * The srt-win binary packaged with this module
 * (`vendor/srt-win/<arch>/srt-win.exe`, arch from `process.arch`).
 * Pass explicitly as `windows.srtWin.path` if you want the vendored
 * exe — {@link resolveSrtWin} never falls back to it implicitly.
 *
 * WARNING: in a dev checkout this file may live inside your sandbox
 * write grant — a sandboxed process could overwrite it; prefer a
 * binary outside any grant (e.g. your own signed executable).
 */
const VENDORED_SRT_WIN_EXE = external_node_path_.join(repoRoot(), 'vendor', 'srt-win', nodeArchToDir[process.arch] ?? process.arch, 'srt-win.exe');
/**
 * Locate a built `srt-win.exe` for development/CI. Checks, in order:
 *   1. `<root>/vendor/srt-win/{arch}/srt-win.exe` (prebuilt —
 *      {@link VENDORED_SRT_WIN_EXE}).
 *   2. `<root>/vendor/srt-win-src/target/release/srt-win.exe` (local
 *      `cargo build --release`).
 *
 * `<root>` is {@link repoRoot} — `__dirname/../..`, which resolves to the
 * repo root from `src/sandbox/` and `dist/sandbox/` alike, and to the
 * package root when installed under `node_modules`.
 *
 * This is an explicit helper — nothing calls it as an ambient
 * default. Production callers set `windows.srtWin.path` (their own
 * binary, or {@link VENDORED_SRT_WIN_EXE}); see {@link resolveSrtWin}.
 *
 * @throws if neither candidate exists.
 */
function getSrtWinPath() {
    const root = repoRoot();
    const arch = nodeArchToDir[process.arch];
    const candidates = [];
    if (arch) {
        candidates.push(path.join(root, 'vendor', 'srt-win', arch, 'srt-win.exe'));
    }
    candidates.push(path.join(root, 'vendor', 'srt-win-src', 'target', 'release', 'srt-win.exe'));
    for (const c of candidates) {
        if (fs.existsSync(c))
            return c;
    }
    throw new WindowsSandboxError('srt_win_not_found', `srt-win.exe not found. Set windows.srtWin.path or build with ` +
        `\`cargo build --release --manifest-path vendor/srt-win-src/Cargo.toml\`. ` +
        `Looked in: ${candidates.join(', ')}`);
}
/**
 * `argv[1]` sentinel a multicall embedder's dispatcher matches
 * against to route into `srt_win::run_from_args`. Mirrors the Rust
 * `srt_win::SRT_WIN_DISPATCH_ARG1`; the two MUST stay in sync.
 * `run_from_args` strips it before clap, so the standalone binary
 * accepts it harmlessly.
 */
const SRT_WIN_DISPATCH_ARG1 = '--srt-win';
/**
 * Resolve the `srt-win` spawn target from config. `cfg.path` is
 * required and used verbatim; {@link SRT_WIN_DISPATCH_ARG1} is
 * prepended so a multicall dispatcher routes on `argv[1]` (the
 * standalone binary strips it harmlessly).
 *
 * The path must be explicit because the packaged exe lives under
 * the package root, which in a dev checkout sits inside the
 * working-tree write grant (a planted `srt-win.exe` there would be
 * spawned as the broker). Callers that want the packaged binary
 * pass {@link VENDORED_SRT_WIN_EXE}.
 *
 * @throws if `cfg.path` is unset or names a missing file.
 */
function resolveSrtWin(cfg) {
    if (cfg?.path === undefined) {
        throw new WindowsSandboxError('srt_win_not_found', `no srt-win path configured; set windows.srtWin.path (e.g. to the ` +
            `exported VENDORED_SRT_WIN_EXE constant for the packaged binary)`);
    }
    if (!external_node_fs_.existsSync(cfg.path)) {
        throw new WindowsSandboxError('srt_win_not_found', `windows.srtWin.path is set to '${cfg.path}' but the file does ` +
            `not exist`);
    }
    return { exe: cfg.path, prependArgs: [SRT_WIN_DISPATCH_ARG1] };
}
function runSrtWin(args, opts = {}) {
    // Callers must thread `srtWin` (SandboxManager resolves once at
    // `initialize()`); the argless `resolveSrtWin()` throws, telling a
    // direct helper caller to pass an explicit path.
    const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
    const r = (0,external_node_child_process_.spawnSync)(exe, [...prependArgs, ...args], {
        encoding: 'utf8',
        windowsHide: true,
        timeout: opts.timeoutMs ?? 15000,
        ...(opts.stdin !== undefined ? { input: opts.stdin } : {}),
    });
    if (r.error) {
        // ETIMEDOUT means the process ran and spawnSync killed it after
        // `timeout` — throw a distinct code so every caller surfaces
        // "timed out" instead of an opaque `exited null`. Callers with a
        // more specific mapping (e.g. `install_timeout`) catch by code.
        // Any other `r.error` (ENOENT, EACCES, EINVAL) means the process
        // never started.
        if (r.error.code === 'ETIMEDOUT') {
            throw new WindowsSandboxError('srt_win_timeout', `srt-win ${args.join(' ')} timed out after ` +
                `${opts.timeoutMs ?? 15000}ms` +
                (r.signal ? ` (killed by ${r.signal})` : ''), args[0]);
        }
        throw new WindowsSandboxError('spawn_failed', `srt-win ${args[0]}: spawn failed: ${r.error.message}`, args[0]);
    }
    throwIfRefusedBesideOthers(args, r.status, r.stdout ?? '');
    return {
        status: r.status,
        signal: r.signal,
        stdout: (r.stdout ?? '').trim(),
        stderr: (r.stderr ?? '').trim(),
    };
}
/**
 * `srt-win`'s exit code when its lock is held by a `profile grant` or
 * `profile forget`: the caller is told after about three seconds.
 */
const SRT_WIN_EXIT_PROFILE_BUSY = 25;
/**
 * `srt-win exec`'s exit code when the session a command was started
 * for (`heldBy`) ended while the command ran: the command and
 * everything it started were terminated.
 */
const SRT_WIN_EXIT_SESSION_ENDED = 26;
/** `srt-win`'s exit code for "nothing was removed: sandbox sessions or commands are running". */
const SRT_WIN_EXIT_HELD_BY_OTHERS = 22;
/** `srt-win profile grant`'s exit code for "nothing was changed: sandbox sessions or commands are running". */
const SRT_WIN_EXIT_GRANT_BLOCKED = 24;
/** One row of `srt-win`'s `{"held_by": […]}`, said as what it is. */
function describeWindowsHolder(h) {
    const who = `process ${String(h.pid)}`;
    const at = String(h.path);
    switch (h.kind) {
        case 'profile':
            return `${who} is a sandbox session or command`;
        case 'kept_root':
            return `${who} runs on the kept write grant on ${at}`;
        case 'grant':
            return `${who} holds a session grant on ${at}`;
        case 'deny':
        case 'deny_fdc':
        case 'deny_delete':
        case 'deny_satisfied':
            return `${who} holds a session deny on ${at}`;
        default:
            return `${who} holds ${String(h.kind)} on ${at}`;
    }
}
function describeWindowsHolders(stdout) {
    let held = [];
    try {
        const parsed = JSON.parse(stdout);
        if (Array.isArray(parsed.held_by))
            held = parsed.held_by;
    }
    catch {
        // The exit code says it; the list is for the message only.
    }
    const said = held.slice(0, 8).map(describeWindowsHolder);
    if (held.length > said.length) {
        said.push(`${held.length - said.length} more`);
    }
    return said.join('; ');
}
/**
 * The one mapping of `srt-win`'s refusals beside other sandbox activity:
 * 25 (a profile operation runs), 22 (nothing removed), 24 (grant unchanged).
 */
function throwIfRefusedBesideOthers(args, status, stdout) {
    if (status === SRT_WIN_EXIT_PROFILE_BUSY) {
        throw new WindowsSandboxError('profile_operation_in_progress', `The read grant on your user profile is being written or removed ` +
            `right now (srt-win profile grant / profile forget). Nothing in the ` +
            `sandbox can start until that is done; try again when it has ` +
            `finished.`, args[0]);
    }
    if (status !== SRT_WIN_EXIT_HELD_BY_OTHERS &&
        status !== SRT_WIN_EXIT_GRANT_BLOCKED) {
        return;
    }
    const what = describeWindowsHolders(stdout);
    const who = what ? ` (${what})` : '';
    if (status === SRT_WIN_EXIT_GRANT_BLOCKED) {
        throw new WindowsSandboxError('profile_grant_blocked_by_session', `The read grant on your user profile was not changed: sandbox ` +
            `sessions or commands are running${who}, and the grant is written ` +
            `only while none is, so that no session sees it change. What was ` +
            `granted before is as it was. End them and run it again.`, args[0]);
    }
    throw new WindowsSandboxError('kept_grants_in_use', `srt-win ${args.slice(0, 2).join(' ')} removed nothing: sandbox ` +
        `sessions or commands are running${who}, and what they run on is ` +
        `not taken from under them. End them and run it again.`, args[0]);
}
/**
 * Async twin of {@link runSrtWin}: same signature, same result shape,
 * but the event loop stays live. Prefer it for any call reachable
 * from a UI/render path — the sync variant `spawnSync`-blocks, which
 * on Windows can be seconds when Defender cold-scans `srt-win.exe`.
 */
function runSrtWinAsync(args, opts = {}) {
    const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
    const timeoutMs = opts.timeoutMs ?? 15000;
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.spawn)(exe, [...prependArgs, ...args], {
            windowsHide: true,
        });
        // Manual timer instead of spawn's `timeout` option so a timeout
        // is distinguishable from an external kill — parity with the
        // sync variant's ETIMEDOUT branch (same code, same message).
        let timedOut = false;
        const timer = timeoutMs > 0
            ? setTimeout(() => {
                timedOut = true;
                child.kill();
            }, timeoutMs)
            : undefined;
        let stdout = '';
        let stderr = '';
        child.stdout?.setEncoding('utf8').on('data', d => (stdout += d));
        child.stderr?.setEncoding('utf8').on('data', d => (stderr += d));
        // Swallow EPIPE if the child dies before the stdin write drains.
        child.stdin?.on('error', () => { }).end(opts.stdin);
        child.once('error', e => {
            clearTimeout(timer);
            reject(new WindowsSandboxError('spawn_failed', `srt-win ${args[0]}: spawn failed: ${e.message}`, args[0]));
        });
        child.once('close', (status, signal) => {
            clearTimeout(timer);
            if (timedOut) {
                reject(new WindowsSandboxError('srt_win_timeout', `srt-win ${args.join(' ')} timed out after ${timeoutMs}ms` +
                    (signal ? ` (killed by ${signal})` : ''), args[0]));
                return;
            }
            try {
                throwIfRefusedBesideOthers(args, status, stdout);
            }
            catch (e) {
                reject(e);
                return;
            }
            resolve({ status, signal, stdout: stdout.trim(), stderr: stderr.trim() });
        });
    });
}
function parseSrtWinJson(args, r) {
    if (r.status !== 0) {
        throw new WindowsSandboxError('srt_win_nonzero', `srt-win ${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout}`, args[0]);
    }
    try {
        return JSON.parse(r.stdout);
    }
    catch (e) {
        throw new WindowsSandboxError('srt_win_bad_json', `srt-win ${args.join(' ')}: unparseable JSON output ` +
            `${JSON.stringify(r.stdout)}: ${e.message}`, args[0]);
    }
}
function runSrtWinJson(args, opts) {
    return parseSrtWinJson(args, runSrtWin(args, opts));
}
async function runSrtWinJsonAsync(args, opts) {
    return parseSrtWinJson(args, await runSrtWinAsync(args, opts));
}
/**
 * As {@link runSrtWinJson} but parses stdout BEFORE checking the
 * exit code, so a non-zero exit with the per-path JSON intact
 * still surfaces every entry. For best-effort teardown helpers
 * (`acl restore`/`acl revoke`).
 */
function runSrtWinJsonAllowFail(args, opts) {
    const r = runSrtWin(args, opts);
    let json;
    try {
        json = JSON.parse(r.stdout);
    }
    catch (e) {
        throw new WindowsSandboxError('srt_win_bad_json', `srt-win ${args.join(' ')}: unparseable JSON output ` +
            `${JSON.stringify(r.stdout)}: ${e.message}`, args[0]);
    }
    return { ok: r.status === 0, json, stderr: r.stderr };
}
function wfpStatusArgs(sublayerGuid) {
    const args = ['wfp', 'status'];
    if (sublayerGuid)
        args.push('--sublayer-guid', sublayerGuid);
    return args;
}
function mapWfpStatus(raw) {
    return {
        state: raw.state,
        filters: raw.filters,
        ...(raw.port_range && { portRange: raw.port_range }),
        allowLoopback: raw.allow_loopback === true,
        ...(raw.user_sid && { userSid: raw.user_sid }),
        ...(raw.hint && { hint: raw.hint }),
    };
}
/**
 * Behaviours of `srt-win` this library relies on and asks for by
 * name. `srt-win` lists what it does as `capabilities` in `user
 * status` and `profile status`.
 */
const WINDOWS_SRT_WIN_CAPABILITIES = {
    /**
     * A read deny handed to `srt-win` is also written on every recorded
     * path of the profile read grant beneath it that carries an allow
     * of its own.
     */
    profileDenyExpansion: 'profile-deny-expansion',
    /**
     * Sessions are recorded as holders of the kept grants they run on,
     * and `acl forget` / `profile forget` take
     * `--unless-held-by-others`.
     */
    keptGrantHolders: 'kept-grant-holders',
    /**
     * `acl grant` itself refuses a path that reaches an exclusion
     * recorded with the profile read grant.
     */
    profileSessionGrantCheck: 'profile-session-grant-check',
    /**
     * That expansion leaves out the recorded paths the session allows
     * more specifically: the grants of the same `acl grant` call, and
     * the ones a command names with `--deny-read-except`.
     */
    readDenyExcept: 'read-deny-except',
    /**
     * A session under the write-restricted token is recorded as a
     * holder of the profile read grant from its start, and `exec` is
     * told which session holds for it (`--held-by`) or holds for itself.
     */
    execHolder: 'exec-holder',
    /**
     * `profile retry-stale` tries again to revoke what the last run could
     * not, and `profile status` says which operation wrote the record and
     * whether it is this profile's.
     */
    profileRetryStale: 'profile-retry-stale',
};
/**
 * The first capability this library needs that `capabilities` (as
 * `srt-win` reported them) does not list.
 */
function missingWindowsSrtWinCapability(capabilities) {
    return Object.values(WINDOWS_SRT_WIN_CAPABILITIES).find(c => !capabilities.includes(c));
}
function capabilityList(v) {
    return Array.isArray(v)
        ? v.filter((x) => typeof x === 'string')
        : [];
}
/** The typed error for an `srt-win` that lacks a behaviour by name. */
function windowsSrtWinOutdatedError(capability, why) {
    return new WindowsSandboxError('srt_win_outdated', `The srt-win in use is older than this library: it does not report ` +
        `the capability '${capability}', which ${why}. Update srt-win (the ` +
        `one shipped with the program embedding this library, or the ` +
        `package's own) to a build that matches the library. Nothing was ` +
        `granted.`);
}
const SECLOGON_STATES = [
    'ok',
    'disabled',
    'missing',
    'cannot-read',
];
function mapUserStatus(raw) {
    return {
        provisioned: raw.user.exists,
        ...(raw.user.sid && { sid: raw.user.sid }),
        groupExists: raw.user.group_exists,
        ...(raw.user.group_sid && { groupSid: raw.user.group_sid }),
        inBuiltinUsers: raw.user.in_builtin_users,
        inSandboxGroup: raw.user.in_sandbox_group,
        hiddenFromLogon: raw.user.hidden_from_logon,
        credPresent: raw.cred_present,
        ...(typeof raw.marker_version === 'number' && {
            markerVersion: raw.marker_version,
        }),
        ...(typeof raw.setup_version === 'number' && {
            setupVersion: raw.setup_version,
        }),
        realUserSid: raw.real_user_sid,
        ...(raw.ca_cert_thumb && { caCertThumb: raw.ca_cert_thumb }),
        ...(raw.ca_cert_pem && { caCertPem: raw.ca_cert_pem }),
        ...(raw.seclogon !== undefined &&
            SECLOGON_STATES.includes(raw.seclogon) && {
            seclogon: raw.seclogon,
        }),
        // Anything but an explicit "none" counts: a state this code does
        // not know must not read as "no grants".
        ...(raw.persistent_grants &&
            raw.persistent_grants.state !== 'none' && {
            persistentGrants: {
                state: raw.persistent_grants.state === 'present' ? 'present' : 'unknown',
                roots: raw.persistent_grants.roots ?? [],
                ...(raw.persistent_grants.reason && {
                    reason: raw.persistent_grants.reason,
                }),
            },
        }),
        ...(typeof raw.session_user_sid === 'string' &&
            raw.session_user_sid !== '' && {
            sessionUserSid: raw.session_user_sid,
        }),
        capabilities: capabilityList(raw.capabilities),
        // As above: only an explicit "none" is no grant.
        ...(raw.profile_grant &&
            raw.profile_grant.state !== 'none' && {
            profileGrant: {
                state: raw.profile_grant.state === 'present' ? 'present' : 'unknown',
                ...(raw.profile_grant.reason && {
                    reason: raw.profile_grant.reason,
                }),
            },
        }),
    };
}
/** User-facing text for a disabled/absent Secondary Logon service. */
function seclogonDisabledMessage(state) {
    return state === 'missing'
        ? `The Windows Secondary Logon service (seclogon) is not present ` +
            `on this machine; the sandbox cannot start without it.`
        : `The Windows Secondary Logon service (seclogon) is disabled; an ` +
            `administrator must set its startup type to Manual (\`sc.exe ` +
            `config seclogon start= demand\`). The sandbox cannot start ` +
            `without it.`;
}
/** `srt-win` exit code for a `seclogon_disabled` launch failure. */
const SRT_WIN_EXIT_SECLOGON_DISABLED = 18;
/**
 * The typed `seclogon_disabled` error for an `srt-win` launch result, if it
 * is one. Gated on the exit code first: the child's own stderr could match.
 */
function seclogonDisabledFrom(r, subcommand) {
    if (r.status !== SRT_WIN_EXIT_SECLOGON_DISABLED)
        return undefined;
    const e = parseSrtWinLaunchError(r.stderr, subcommand);
    return e?.code === 'seclogon_disabled'
        ? e
        : undefined;
}
/**
 * Query sandbox-user provisioning state AND the WFP filter set in a
 * single `srt-win status` spawn — the same objects
 * {@link getWindowsSandboxUserStatus} and {@link getWindowsWfpStatus}
 * return, without paying two subprocess round-trips. Does not require
 * elevation (WFP degrades to `cannot-read` for a non-elevated caller;
 * see {@link WindowsWfpStatusResult.hint}).
 */
function checkWindowsSandboxStatus(opts = {}) {
    const args = ['status'];
    if (opts.sublayerGuid)
        args.push('--sublayer-guid', opts.sublayerGuid);
    const raw = runSrtWinJson(args, {
        srtWin: opts.srtWin,
    });
    return { user: mapUserStatus(raw.user), wfp: mapWfpStatus(raw.wfp) };
}
/** Async twin of {@link checkWindowsSandboxStatus}. */
async function checkWindowsSandboxStatusAsync(opts = {}) {
    const args = ['status'];
    if (opts.sublayerGuid)
        args.push('--sublayer-guid', opts.sublayerGuid);
    const raw = await runSrtWinJsonAsync(args, { srtWin: opts.srtWin });
    return { user: mapUserStatus(raw.user), wfp: mapWfpStatus(raw.wfp) };
}
/**
 * Query the WFP filter set under the given sublayer via live BFE
 * enumeration. `installed` means at least one srt-win-tagged
 * `block-user` filter is present. Detection is **tag-based**
 * (providerData JSON); filters installed by other tooling without the
 * tag are not counted.
 *
 * BFE enumeration is admin-gated — a non-elevated caller gets
 * `state:"cannot-read"` with a `hint` (not an error). The
 * non-elevated readiness check is {@link verifyWindowsWfpEgress}.
 *
 * Prefer {@link getWindowsWfpStatusAsync}; this variant
 * `spawnSync`-blocks the event loop.
 */
function getWindowsWfpStatus(opts = {}) {
    return mapWfpStatus(runSrtWinJson(wfpStatusArgs(opts.sublayerGuid), {
        srtWin: opts.srtWin,
    }));
}
/** Async twin of {@link getWindowsWfpStatus}. */
async function getWindowsWfpStatusAsync(opts = {}) {
    return mapWfpStatus(await runSrtWinJsonAsync(wfpStatusArgs(opts.sublayerGuid), {
        srtWin: opts.srtWin,
    }));
}
/**
 * Install flags for `ctx`. `force` only when the install replaces a
 * set that is in place with another configuration: it refuses that
 * without `--force` (exit 13), and needs none otherwise.
 */
function windowsInstallFlags(ctx, force) {
    const [lo, hi] = ctx.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE;
    const [defLo, defHi] = DEFAULT_WINDOWS_PROXY_PORT_RANGE;
    return ((ctx.sublayerGuid ? ` --sublayer-guid ${ctx.sublayerGuid}` : '') +
        (lo !== defLo || hi !== defHi ? ` --proxy-port-range ${lo}-${hi}` : '') +
        (ctx.sandboxUser && ctx.sandboxUser !== 'srt-sandbox'
            ? ` --sandbox-user ${ctx.sandboxUser}`
            : '') +
        (ctx.allowLoopback ? ` --allow-loopback` : '') +
        (force ? ` --force` : ''));
}
/** The install command, as error messages print it. */
const WINDOWS_INSTALL_COMMAND = 'npx @anthropic-ai/sandbox-runtime windows-install';
function windowsInstallCommand(ctx, force) {
    return WINDOWS_INSTALL_COMMAND + windowsInstallFlags(ctx, force);
}
/**
 * Whether a failed `srt-win` run is an `srt-win` that predates
 * `--allow-loopback` rejecting the argument.
 */
function rejectsAllowLoopback(r) {
    return /unexpected argument '--allow-loopback'/.test(r.stderr);
}
function srtWinTooOld(stderr) {
    return new WindowsSandboxError('srt_win_too_old', `srt-win is too old for network.allowLocalBinding: it does not know ` +
        `\`--allow-loopback\`. Update srt-win (and re-run the install with ` +
        `it), or unset network.allowLocalBinding. (${stderr.trim()})`);
}
const WFP_RESIDUAL_TEXT = {
    'anonymous-egress': 'a connect to an off-loopback destination made while impersonating ' +
        'the anonymous token is not blocked (no filter is keyed on that ' +
        'token; a sandboxed process that puts it on a thread before ' +
        'creating a socket is not fenced)',
    'anonymous-loopback': 'a connect to a loopback destination made while impersonating the ' +
        'anonymous token is not blocked (local listeners outside the proxy ' +
        'port range are reachable that way)',
    'deny-only-user-sid': 'a connect made under a copy of the sandbox token whose user SID is ' +
        'deny-only is not blocked (the filters cannot match that token)',
    'lowered-integrity-unprobed': 'a lowered-integrity copy of the sandbox token could not be set up on ' +
        'this machine, so no connect under it was observed',
};
function isWfpResidual(s) {
    return Object.prototype.hasOwnProperty.call(WFP_RESIDUAL_TEXT, s);
}
/**
 * Turn one `srt-win wfp verify` run into a result or a typed error
 * (pure). An attempt the fence must refuse that got through rejects
 * whatever the exit code says; a residual never throws.
 */
function interpretWindowsWfpVerify(r, install = {}) {
    let raw;
    try {
        raw = JSON.parse(r.stdout);
    }
    catch {
        if (rejectsAllowLoopback(r))
            throw srtWinTooOld(r.stderr);
        // Timeout is thrown as `srt_win_timeout` by `runSrtWinAsync` before this
        // parse; status=null here means an external signal.
        throw new WindowsSandboxError('wfp_verify_unparseable', `WFP egress fence could not be verified — \`srt-win wfp ` +
            `verify\` exited ${r.status}` +
            (r.signal ? ` (signal ${r.signal})` : '') +
            ` with unparseable output ${JSON.stringify(r.stdout)} ` +
            `(stderr: ${JSON.stringify(r.stderr)})`);
    }
    const outcome = (v) => (v ?? 'skipped');
    const probes = {
        plain: outcome(raw.egress_probe),
        anonymous: outcome(raw.anonymous_probe),
        anonymousLoopback: outcome(raw.anonymous_loopback_probe),
        denyOnly: outcome(raw.deny_only_probe),
        lowIntegrity: outcome(raw.low_integrity_probe),
        lowIntegrityLoopback: outcome(raw.low_integrity_loopback_probe),
        untrustedIntegrity: outcome(raw.untrusted_integrity_probe),
        untrustedIntegrityLoopback: outcome(raw.untrusted_integrity_loopback_probe),
        ...(raw.allow_loopback && {
            openLoopback: outcome(raw.open_loopback_probe),
        }),
    };
    const offLoopback = raw.anonymous_target ?? 'no target';
    // Where the attempts the fence must refuse on loopback went: the
    // reserved port when loopback is open, else the listener.
    const blockedTarget = raw.egress_target ?? raw.target;
    const summary = `plain=${probes.plain} (${blockedTarget}), ` +
        `anonymous=${probes.anonymous} (${offLoopback}), ` +
        `anonymous-loopback=${probes.anonymousLoopback}, ` +
        `deny-only=${probes.denyOnly}, ` +
        `low-integrity=${probes.lowIntegrity} (${offLoopback}), ` +
        `low-integrity-loopback=${probes.lowIntegrityLoopback}, ` +
        `untrusted-integrity=${probes.untrustedIntegrity} (${offLoopback}), ` +
        `untrusted-integrity-loopback=${probes.untrustedIntegrityLoopback}` +
        (raw.allow_loopback
            ? `, open-loopback=${probes.openLoopback} (${raw.target})`
            : '');
    // The reinstall that suits THIS session: its loopback mode, and the
    // install options it was configured with.
    const session = {
        ...install,
        allowLoopback: raw.allow_loopback ?? install.allowLoopback,
    };
    if (r.status === 19 || raw.allow_loopback_mismatch) {
        throw new WindowsSandboxError('wfp_loopback_mismatch', `WFP egress fence does not match network.allowLocalBinding — ` +
            (raw.hint ?? 'the installed filter set has a different loopback mode') +
            `. Through this package: \`` +
            windowsInstallCommand(session, true) +
            `\`.`);
    }
    // The attempts the fence must refuse. One getting through rejects
    // whatever the exit code says.
    const lowIl = 'the sandbox user under a low-integrity copy of its token';
    const untrustedIl = 'the sandbox user under an untrusted-integrity copy of its token';
    const which = [
        [probes.plain, 'the sandbox user', blockedTarget],
        [probes.lowIntegrity, lowIl, raw.anonymous_target],
        [probes.lowIntegrityLoopback, lowIl, blockedTarget],
        [probes.untrustedIntegrity, untrustedIl, raw.anonymous_target],
        [probes.untrustedIntegrityLoopback, untrustedIl, blockedTarget],
    ]
        .filter(([o]) => o === 'connected' || o === 'refused')
        .map(([, who, tgt]) => `direct outbound from ${who} to ${tgt}`);
    // With loopback open nothing listens at the plain attempt's port: no
    // answer in time is no refusal by the filter either.
    if (raw.allow_loopback && probes.plain === 'unreachable') {
        which.push(`direct outbound from the sandbox user to ${blockedTarget} (no ` +
            `answer where the filter must refuse at once)`);
    }
    if (r.status === 3 || which.length > 0) {
        throw new WindowsSandboxError('wfp_fence_inactive', `WFP egress fence is not active — ` +
            `${which.join(' and ') || 'a direct outbound connect'} was not ` +
            `blocked [${summary}]. Re-run \`` +
            windowsInstallCommand(session, false) +
            `\` (one UAC prompt). (${r.stderr})`);
    }
    if (r.status !== 0) {
        throw new WindowsSandboxError('wfp_verify_inconclusive', `WFP egress fence could not be verified — probe to ` +
            `${blockedTarget} was '${raw.egress_probe}' (exit ` +
            `${r.status}) [${summary}]. The fence may be absent. Re-run ` +
            `\`srt-win install\`. (${r.stderr})`);
    }
    // Exit 0 alone is not a pass: the plain attempt must say `blocked`.
    if (raw.egress_probe !== 'blocked') {
        throw new WindowsSandboxError('wfp_verify_inconclusive', `WFP egress fence could not be verified — \`srt-win wfp verify\` ` +
            `exited 0 but reported the plain attempt as ` +
            `'${raw.egress_probe ?? 'missing'}' [${summary}]. (${r.stderr})`);
    }
    const residuals = (raw.residuals ?? []).filter(isWfpResidual);
    const warnings = residuals.map(x => `WFP egress fence residual '${x}': ${WFP_RESIDUAL_TEXT[x]}`);
    if (probes.lowIntegrity === 'skipped' ||
        probes.untrustedIntegrity === 'skipped') {
        warnings.push(`WFP egress fence: the off-loopback lowered-integrity attempts ` +
            `were skipped (no off-loopback address on this machine, or an ` +
            `srt-win that does not make them)`);
    }
    // A pass says direct egress is blocked. With loopback open that is
    // not the whole story, so the result says the rest.
    if (raw.allow_loopback)
        warnings.push(WINDOWS_ALLOW_LOOPBACK_EFFECT);
    return { target: raw.target, stderr: r.stderr, probes, residuals, warnings };
}
/**
 * Behavioral proof that the WFP egress fence is active for the
 * sandbox user. Binds a local listener on an ephemeral loopback port
 * outside the WFP loopback-permit range, then spawns `srt-win
 * runner` as the sandbox user (via `CreateProcessWithLogonW`) to
 * attempt direct TCP connects, one per token shape a sandboxed
 * process can present. The WFP block-user filter
 * fires at `ALE_AUTH_CONNECT` — before any packet leaves — so an
 * active fence yields WSAEACCES immediately and a missing fence lets
 * the connect through (the kernel completes the handshake against
 * the listening socket's backlog). The event loop stays live while
 * `srt-win` runs. Does not require elevation and does not depend on
 * any external host.
 *
 * With `opts.allowLoopback` the connects that must be blocked go to
 * {@link WINDOWS_LOOPBACK_PROBE_PORT}, where nothing listens and only
 * the filter's refusal passes, and the listener is what `srt-win` must
 * be able to reach.
 *
 * `initialize()` calls this once per session, so a stale install
 * (sandbox user provisioned but filters since removed) fails closed
 * at session start instead of running every exec with full egress.
 *
 * @param opts.target overrides the probe target (skips the local
 *   listener bind).
 * @param opts.proxyPortRange the WFP loopback-permit range the
 *   listener must avoid. Default
 *   {@link DEFAULT_WINDOWS_PROXY_PORT_RANGE}.
 * @param opts.allowLoopback the session's `network.allowLocalBinding`;
 *   `srt-win` compares it with the installed loopback mode.
 * @param opts.sublayerGuid, opts.sandboxUser the session's install
 *   options, named in the reinstall command an error suggests.
 * @param opts.anonymousEgress also make the off-loopback attempt under
 *   the anonymous token. It cannot change the result and can take
 *   seconds, so `initialize()` leaves it out; for diagnostics only.
 * @param opts.writeRoots the session's write roots: the probe runs
 *   under the write-restricted token a command of the session gets.
 * @throws on any outcome other than exit 0.
 */
async function verifyWindowsWfpEgress(opts = {}) {
    let target = opts.target;
    let server;
    if (!target) {
        // Bind ephemeral; retry if it lands inside the WFP
        // loopback-permit range (a port in-range would be PERMITted
        // even with the fence active → false `connected`).
        const [lo, hi] = opts.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE;
        for (let i = 0; i < 5; i++) {
            // A connect that gets through is accepted while `srt-win` runs:
            // drop it, and keep its errors from being uncaught.
            const s = external_node_net_.createServer(c => c.on('error', () => { }).destroy());
            s.listen(0, '127.0.0.1');
            await (0,external_node_events_.once)(s, 'listening');
            const p = s.address().port;
            if (p < lo || p > hi) {
                server = s;
                target = `127.0.0.1:${p}`;
                break;
            }
            s.close();
        }
        if (!target) {
            throw new WindowsSandboxError('wfp_verify_bind_failed', `verifyWindowsWfpEgress: could not bind a loopback ` +
                `listener outside the WFP permit range [${lo},${hi}] in ` +
                `5 attempts`);
        }
    }
    const args = ['wfp', 'verify', '--target', target];
    if (opts.anonymousEgress)
        args.push('--anonymous-egress');
    if (opts.allowLoopback)
        args.push('--allow-loopback');
    // Under the token a command of the session gets.
    args.push('--write-restricted-token');
    for (const r of opts.writeRoots ?? [])
        args.push('--write-root', r);
    try {
        // 30s: first call after install may create the sandbox user's
        // profile (LOGON_WITH_PROFILE) via CreateProcessWithLogonW, and
        // the runner bounds each of its connects (probe.rs).
        const r = await runSrtWinAsync(args, {
            timeoutMs: 30000,
            srtWin: opts.srtWin,
        });
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] wfp verify exit=${r.status}: ${r.stderr || r.stdout}`);
        // Exit 18 comes with empty stdout: report the typed failure before
        // the output is parsed.
        const seclogon = seclogonDisabledFrom(r, 'wfp');
        if (seclogon)
            throw seclogon;
        const result = interpretWindowsWfpVerify(r, {
            sublayerGuid: opts.sublayerGuid,
            proxyPortRange: opts.proxyPortRange,
            sandboxUser: opts.sandboxUser,
            allowLoopback: opts.allowLoopback,
        });
        for (const w of result.warnings) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] ${w}`, { level: 'warn' });
        }
        return result;
    }
    finally {
        server?.close();
    }
}
/**
 * Query the sandbox user account's provisioning state. Each field
 * is independently observed so a half-provisioned install (e.g.
 * user exists but credential file missing) is distinguishable.
 * Does not require elevation.
 *
 * Prefer {@link getWindowsSandboxUserStatusAsync}; this variant
 * `spawnSync`-blocks the event loop.
 */
function getWindowsSandboxUserStatus(opts = {}) {
    return mapUserStatus(runSrtWinJson(['user', 'status'], { srtWin: opts.srtWin }));
}
/** Async twin of {@link getWindowsSandboxUserStatus}. */
async function getWindowsSandboxUserStatusAsync(opts = {}) {
    return mapUserStatus(await runSrtWinJsonAsync(['user', 'status'], {
        srtWin: opts.srtWin,
    }));
}
/**
 * Read back the persistent MITM CA the sandbox was installed with
 * (via `srt-win user trust-ca` / {@link windowsTrustCa}).
 * Returns `null` when no CA was installed. The PEM is what `srt-win
 * user status` reconstructs from the DER recorded in the registry.
 *
 * On Windows, `tlsTerminate` requires this CA to be present in the
 * sandbox user's `CurrentUser\Root` (schannel-level trust is an
 * install-time concern, not per-session); the host calls this from
 * `initialize()` to fail early with an actionable message when it
 * isn't.
 *
 * @param status pass an already-fetched
 *   {@link getWindowsSandboxUserStatus} result to avoid a second
 *   `srt-win user status` spawn.
 */
function getWindowsSandboxCaCert(status, opts = {}) {
    const u = status ?? getWindowsSandboxUserStatus(opts);
    if (!u.caCertThumb || !u.caCertPem)
        return null;
    return { pem: u.caCertPem, thumb: u.caCertThumb };
}
/**
 * Install (or replace) the MITM CA in the **sandbox user's**
 * `CurrentUser\Root` and record it in the registry (so
 * {@link getWindowsSandboxCaCert} surfaces its thumbprint + PEM).
 * Thin wrapper around `srt-win user trust-ca <path>`. Does NOT
 * require elevation. Persistent until {@link uninstallWindowsSandbox}
 * deletes the sandbox user's profile.
 *
 * The CA has a separate lifecycle from {@link installWindowsSandbox}
 * — install provisions the account/filters and never touches the CA;
 * call this AFTER install when `tlsTerminate` will be used.
 *
 * @throws when the sandbox user is not provisioned, the file is not a
 *   parseable X.509 certificate, or the registry write into the
 *   sandbox user's hive fails.
 */
function windowsTrustCa(caCertPath, opts = {}) {
    // 60s: first call may create the sandbox user's profile
    // (LOGON_WITH_PROFILE) via the one-shot CreateProcessWithLogonW.
    const r = runSrtWin(['user', 'trust-ca', caCertPath], {
        timeoutMs: 60000,
        srtWin: opts.srtWin,
    });
    checkTrustCaResult(caCertPath, r);
}
/** Async twin of {@link windowsTrustCa} — identical argv and errors. */
async function windowsTrustCaAsync(caCertPath, opts = {}) {
    const r = await runSrtWinAsync(['user', 'trust-ca', caCertPath], {
        timeoutMs: 60000,
        srtWin: opts.srtWin,
    });
    checkTrustCaResult(caCertPath, r);
}
function checkTrustCaResult(caCertPath, r) {
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] user trust-ca exit=${r.status}: ${r.stderr || r.stdout}`);
    const seclogon = seclogonDisabledFrom(r, 'user');
    if (seclogon)
        throw seclogon;
    if (r.status !== 0) {
        throw new WindowsSandboxError('trust_ca_failed', `srt-win user trust-ca '${caCertPath}' failed (exit ` +
            `${r.status}): ${r.stderr || r.stdout}`);
    }
}
/**
 * The machine-wide state directory `%ProgramData%\sandbox-runtime`,
 * mirroring `srt-win`'s `state_db::machine_store_dir()` exactly.
 * Since the registry move it hosts only the managed CA key material
 * (`ca\`), which must stay on the filesystem because the broker's
 * unelevated generate-if-absent self-heal rewrites it; the
 * credential, marker, and CA record live in
 * `HKLM\SOFTWARE\sandbox-runtime`. Created and ACL'd by the
 * elevated `srt-win install`: Administrators own it, BUILTIN\Users
 * have modify, and the sandbox group carries an explicit
 * `(OI)(CI)` DENY.
 */
function windowsStateDir() {
    const programData = process.env.ProgramData;
    if (!programData)
        throw new Error('ProgramData is not set');
    return external_node_path_.win32.join(programData, 'sandbox-runtime');
}
/**
 * Generate-if-absent a persistent MITM CA under
 * `{windowsStateDir()}\ca\` and ensure it is trusted in
 * the sandbox user's `CurrentUser\Root`. Idempotent and unelevated:
 * a second call with a valid on-disk pair returns it with
 * `generated: false`. On the machine store the `ca\` subdir is
 * user-writable by design (BUILTIN\Users modify, inherited from the
 * install-ACL'd store), so this self-heal keeps working without
 * admin rights for every user of the machine.
 *
 * **Storage.** The pair lives in a single `ca.json = {certPem,
 * keyPem}` written atomically (tmp+rename) and re-read after every
 * write, so it is always a matched pair and concurrent brokers
 * converge on whichever rename landed last. `cert.pem`/`key.pem` are
 * derived copies for diagnostic tooling; `ca.json` is the source of
 * truth.
 *
 * **Key custody is broker-side.** The MITM proxy runs as the real
 * user, so the sandbox user never needs to read the key. The `ca/`
 * subdirectory inherits the machine store's `(OI)(CI)` DACL, which
 * carries an explicit `sandbox-runtime-users` DENY (see
 * {@link windowsStateDir}), so `ca.json`/`key.pem` are unreadable
 * from inside the sandbox with no per-file ACL work here. The key
 * IS readable (and replaceable) by other REAL local users — an
 * accepted trade-off of the shared store: the sandbox account is
 * network-confined by SID-keyed WFP filters regardless of who
 * spawns it. The certificate reaches the sandboxed child via the
 * schannel registry write ({@link windowsTrustCa}) and the
 * trust-bundle env vars — never via these files.
 *
 * `SandboxManager.initialize()` calls this on Windows when
 * `tlsTerminate` is enabled without an explicit
 * `caCertPath`/`caKeyPath`, then feeds the returned PEMs to
 * `createMitmCA` — so an embedder gets a stable CA across restarts
 * without orchestrating generation, storage, or trust itself. Explicit
 * paths in config bypass this entirely.
 *
 * @param opts.force regenerate even if a valid pair is on disk.
 * @param opts.status pass an already-fetched
 *   {@link getWindowsSandboxUserStatus} result to skip the
 *   provisioning check and avoid re-spawning `srt-win user status`
 *   for the trust reconcile.
 * @param opts.dir override the CA directory (tests). Default
 *   `windowsStateDir()/ca`.
 * @param opts.regenerateWithinDays regenerate if `notAfter` is within
 *   this many days. Default 30.
 * @throws when the sandbox user is not provisioned (run
 *   {@link installWindowsSandbox} first), or the CA directory cannot
 *   be created.
 */
async function ensurePersistentWindowsCa(opts = {}) {
    // Provisioning gate. The `ca/` subdirectory's whole custody story
    // depends on inheriting the state-DB dir's stamped DACL — which
    // `srt-win install` creates. Never mkdir the state dir here.
    const status = opts.status ??
        (await getWindowsSandboxUserStatusAsync({ srtWin: opts.srtWin }));
    if (!status.provisioned || !status.credPresent) {
        throw new Error(`ensurePersistentWindowsCa: sandbox user is not provisioned ` +
            `(user=${status.provisioned}, cred=${status.credPresent}). ` +
            `Run \`${WINDOWS_INSTALL_COMMAND}\` first.`);
    }
    const stateDir = opts.dir ? undefined : windowsStateDir();
    if (stateDir && !external_node_fs_.existsSync(stateDir)) {
        throw new Error(`ensurePersistentWindowsCa: state directory ${stateDir} does not ` +
            `exist. Run \`${WINDOWS_INSTALL_COMMAND}\` first.`);
    }
    const dir = opts.dir ?? external_node_path_.win32.join(stateDir, 'ca');
    const jsonPath = external_node_path_.join(dir, 'ca.json');
    const certPath = external_node_path_.join(dir, 'cert.pem');
    const keyPath = external_node_path_.join(dir, 'key.pem');
    const horizonMs = (opts.regenerateWithinDays ?? 30) * 24 * 60 * 60 * 1000;
    // tmp+rename atomic write. Node's `renameSync` on Windows is
    // libuv's `MoveFileExW(…, MOVEFILE_REPLACE_EXISTING)` — an atomic
    // same-volume replace — so `p` is either its previous content or
    // the full new content, never partial.
    const atomicWrite = (p, data) => {
        const tmp = `${p}.tmp.${process.pid}`;
        external_node_fs_.writeFileSync(tmp, data);
        external_node_fs_.renameSync(tmp, p);
    };
    // Shared return path: write the derived cert.pem/key.pem siblings
    // (tooling-only — trust-ca never reads them), reconcile trust, and
    // assemble the result. Trust is idempotent and ADDITIVE: `srt-win
    // user trust-ca` writes a per-thumbprint registry key (a rotation
    // adds the new cert, prior ones stay trusted); the state-DB
    // `ca_cert` column tracks the latest.
    const finish = async (certPem, keyPem, thumbprint, generated) => {
        atomicWrite(certPath, certPem);
        atomicWrite(keyPath, keyPem);
        const trusted = generated || status.caCertThumb !== thumbprint;
        if (trusted) {
            // Trust from a per-call unique temp, never a shared mutable
            // path — a concurrent broker's write to `cert.pem` could
            // otherwise swap the bytes between our write and `srt-win user
            // trust-ca`'s read, leaving the registry trusting a different
            // cert than this session's proxy signs with.
            const t = external_node_path_.join(dir, `.trust.${process.pid}.${Date.now()}.pem`);
            external_node_fs_.writeFileSync(t, certPem);
            try {
                await windowsTrustCaAsync(t, { srtWin: opts.srtWin });
            }
            finally {
                external_node_fs_.rmSync(t, { force: true });
            }
        }
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] persistent CA ` +
            `${generated ? 'generated' : 'reused'} (thumb=${thumbprint}` +
            `${trusted && !generated ? ', trust reconciled' : ''})`);
        return {
            certPem,
            keyPem,
            certPath,
            keyPath,
            thumbprint,
            generated,
            trusted,
        };
    };
    // Read+validate helper. Any read/parse/validate failure returns
    // undefined (never throws) so a corrupt on-disk pair is not an
    // error the embedder has to handle.
    const readValid = () => {
        let stored;
        try {
            stored = JSON.parse(external_node_fs_.readFileSync(jsonPath, 'utf8'));
        }
        catch (err) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] persistent CA ca.json unreadable ` +
                `(${err.message})`, { level: 'warn' });
            return undefined;
        }
        if (typeof stored.certPem !== 'string' || typeof stored.keyPem !== 'string')
            return undefined;
        const v = (0,mitm_ca/* validateCaPair */.VB)(stored.certPem, stored.keyPem);
        if (!v.ok) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] persistent CA invalid (${v.reason})`, {
                level: 'warn',
            });
            return undefined;
        }
        return {
            certPem: stored.certPem,
            keyPem: stored.keyPem,
            thumbprint: v.thumbprint,
            notAfter: v.notAfter,
        };
    };
    // Reuse when ca.json exists, validates, and isn't expiring inside
    // the horizon.
    if (!opts.force) {
        const on = readValid();
        if (on && on.notAfter.getTime() - Date.now() > horizonMs) {
            return await finish(on.certPem, on.keyPem, on.thumbprint, false);
        }
        if (on) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] persistent CA expiring ` +
                `${on.notAfter.toISOString()}; regenerating`, { level: 'warn' });
        }
    }
    // Generate. `ca/` (not the state dir) is mkdir'd here so it
    // inherits the parent's (OI)(CI) DACL. After the atomic write,
    // RE-READ ca.json and use that content: a concurrent broker's
    // rename may have won, and returning our own PEMs would diverge
    // from disk — the re-read makes every racer converge.
    external_node_fs_.mkdirSync(dir, { recursive: true });
    // Best-effort sweep of stale `*.tmp.*` / `.trust.*` files from
    // crashed prior brokers.
    try {
        const cutoff = Date.now() - 5 * 60 * 1000;
        for (const f of external_node_fs_.readdirSync(dir)) {
            if (!f.includes('.tmp.') && !f.startsWith('.trust.'))
                continue;
            const p = external_node_path_.join(dir, f);
            if (external_node_fs_.statSync(p).mtimeMs < cutoff)
                external_node_fs_.rmSync(p, { force: true });
        }
    }
    catch {
        // sweep is best-effort; a leftover tmp is harmless.
    }
    const gen = (0,mitm_ca/* generateCa */.u1)({ cn: 'sandbox-runtime persistent CA' });
    atomicWrite(jsonPath, JSON.stringify({ certPem: gen.certPem, keyPem: gen.keyPem }));
    const on = readValid();
    // `on` can only be undefined if a concurrent broker overwrote with
    // an invalid pair (which the tmp+rename path can't produce) — so
    // treat as our own write having landed.
    const { certPem, keyPem, thumbprint } = on ?? {
        certPem: gen.certPem,
        keyPem: gen.keyPem,
        thumbprint: (0,mitm_ca/* certThumbprint */.WQ)(gen.certPem),
    };
    return await finish(certPem, keyPem, thumbprint, true);
}
/**
 * Default spawn budget for the self-elevating install/uninstall. The Windows
 * UAC consent dialog auto-dismisses after ~2 minutes, so anything shorter
 * risks killing the subprocess while a legitimate approval is still pending
 * (elevation is not retracted when the parent dies, so a late approval after
 * we have timed out would half-complete).
 */
const INSTALL_TIMEOUT_MS = 120000;
/** Effective spawn budget for the self-elevating install/uninstall. */
function installTimeoutMs(opts) {
    return opts.timeoutMs ?? INSTALL_TIMEOUT_MS;
}
function installArgs(opts) {
    const args = ['install'];
    if (opts.sublayerGuid)
        args.push('--sublayer-guid', opts.sublayerGuid);
    if (opts.proxyPortRange) {
        args.push('--proxy-port-range', `${opts.proxyPortRange[0]}-${opts.proxyPortRange[1]}`);
    }
    if (opts.allowLoopback)
        args.push('--allow-loopback');
    if (opts.sandboxUser)
        args.push('--sandbox-user', opts.sandboxUser);
    if (opts.force)
        args.push('--force');
    return args;
}
/**
 * Re-throw a `srt_win_timeout` from the install spawn as the more
 * specific `install_timeout` (the UAC prompt is the usual cause).
 * Shared by the sync and async install variants.
 */
function remapInstallTimeout(e) {
    if (e instanceof WindowsSandboxError && e.code === 'srt_win_timeout') {
        throw new WindowsSandboxError('install_timeout', `srt-win install timed out — the UAC prompt may still be open. ` +
            `Re-run when ready to grant elevation. (${e.message})`);
    }
    throw e;
}
// srt-win install exit-code contract:
//   0  ok
//   10 user cancelled UAC elevation
//   12 WFP install failed
//   13 already installed with different config (use --force)
//   14 sandbox-user provisioning failed
//   17 ambient write-deny stamping failed
//   1  other error (stderr has detail)
// Throws on any failure code; the caller reads back state on 0/10.
function throwOnInstallFailure(r) {
    logForDebugging(`[Sandbox Windows] install exit=${r.status}: ${r.stderr || r.stdout}`);
    if (r.status === 0 || r.status === 10)
        return;
    if (rejectsAllowLoopback(r))
        throw srtWinTooOld(r.stderr);
    const out = r.stderr || r.stdout;
    switch (r.status) {
        case 12:
            throw new WindowsSandboxError('install_wfp_failed', `srt-win install: WFP filter install failed: ${out}`);
        case 14:
            throw new WindowsSandboxError('install_user_failed', `srt-win install: sandbox user provisioning failed: ${out}`);
        case 13:
            throw new WindowsSandboxError('install_config_conflict', `srt-win install: filters already exist under this sublayer with ` +
                `a different port range, loopback mode or sandbox-user ` +
                `name. Pass ` +
                `{force: true} to replace, or pick a different sublayerGuid. ` +
                `Output: ${out}`);
        case 17:
            throw new WindowsSandboxError('install_ambient_failed', `srt-win install: ambient write-deny stamping failed (stock ` +
                `world-writable system dirs could not be deny-stamped for the ` +
                `sandbox user): ${out}`);
        default:
            throw new WindowsSandboxError('install_failed', `srt-win install failed (exit ${r.status}): ${out}`);
    }
}
/**
 * One-shot install: provisions the `srt-sandbox` user account and
 * installs the user-SID-keyed WFP filter set — all in a single
 * self-elevating process (one UAC prompt). Idempotent; re-running
 * rotates the sandbox user's password.
 *
 * Network for the calling user is **not disrupted**: the filters key
 * on the `srt-sandbox` user's SID, so the broker, services, and
 * every other principal fall through to default-permit. No logout
 * is required.
 *
 * Returns the post-call WFP + sandbox-user state. If the user
 * cancels the UAC prompt this returns `{cancelled: true, …}` rather
 * than throwing — cancellation is a user choice, not an error.
 *
 * Prefer {@link installWindowsSandboxAsync}; this variant
 * `spawnSync`-blocks the event loop for the full UAC-prompt wait
 * (up to `timeoutMs`).
 *
 * @throws on user/WFP creation failure, if filters already exist
 *   under `sublayerGuid` with a different port range or loopback mode
 *   and `force` is not set, or if `srt-win` predates `allowLoopback`.
 */
function installWindowsSandbox(opts = {}) {
    const srtWin = opts.srtWin ?? resolveSrtWin();
    let r;
    try {
        r = runSrtWin(installArgs(opts), {
            timeoutMs: installTimeoutMs(opts),
            srtWin,
        });
    }
    catch (e) {
        remapInstallTimeout(e);
    }
    throwOnInstallFailure(r);
    const state = checkWindowsSandboxStatus({
        sublayerGuid: opts.sublayerGuid,
        srtWin,
    });
    if (r.status === 10)
        return { ...state, cancelled: true };
    const skip = installProfileGrantSkip(opts, state.user);
    if (skip)
        return { ...state, profileGrant: skip };
    opts.onProfileGrantStart?.(windowsProfileGrantNotice(os.homedir()));
    try {
        const result = grantWindowsProfileReadSync(installProfileGrantOptions(opts, srtWin));
        return {
            ...state,
            profileGrant: { applied: true, userSid: state.user.realUserSid, result },
        };
    }
    catch (e) {
        throwInstallProfileGrantFailure(e);
    }
}
/**
 * Async twin of {@link installWindowsSandbox}. Same options, same
 * return type, same throw semantics. The UAC prompt is still modal,
 * but the event loop stays live — spinners keep painting and timers
 * keep firing.
 */
async function installWindowsSandboxAsync(opts = {}) {
    const srtWin = opts.srtWin ?? resolveSrtWin();
    let r;
    try {
        r = await runSrtWinAsync(installArgs(opts), {
            timeoutMs: installTimeoutMs(opts),
            srtWin,
        });
    }
    catch (e) {
        remapInstallTimeout(e);
    }
    throwOnInstallFailure(r);
    const state = await checkWindowsSandboxStatusAsync({
        sublayerGuid: opts.sublayerGuid,
        srtWin,
    });
    if (r.status === 10)
        return { ...state, cancelled: true };
    const skip = installProfileGrantSkip(opts, state.user);
    if (skip)
        return { ...state, profileGrant: skip };
    opts.onProfileGrantStart?.(windowsProfileGrantNotice(os.homedir()));
    try {
        const result = await grantWindowsProfileRead(installProfileGrantOptions(opts, srtWin));
        return {
            ...state,
            profileGrant: { applied: true, userSid: state.user.realUserSid, result },
        };
    }
    catch (e) {
        throwInstallProfileGrantFailure(e);
    }
}
/** LocalSystem, LocalService, NetworkService: accounts no one runs sessions as. */
const WINDOWS_SERVICE_ACCOUNT_SIDS = new Set([
    'S-1-5-18',
    'S-1-5-19',
    'S-1-5-20',
]);
/**
 * Why an install leaves the profile read grant unapplied (`undefined`: it
 * applies it): asked to skip, a service account, or not running as the
 * owner of the interactive session, whose profile it would open instead.
 */
function windowsProfileGrantSkipReason(user, opts = {}) {
    if (opts.skipProfileGrant)
        return 'skipProfileGrant was set';
    const how = `run the install, or grantWindowsProfileRead() (\`srt-win profile ` +
        `grant\`), as the user whose sessions are to read their profile`;
    if (WINDOWS_SERVICE_ACCOUNT_SIDS.has(user.realUserSid)) {
        return (`the install ran as the service account ${user.realUserSid}, which ` +
            `runs no sessions; ${how}`);
    }
    if (user.sessionUserSid === undefined) {
        return (`the owner of the session this install ran in could not be ` +
            `determined, so it is not known whose profile ${user.realUserSid} ` +
            `is; ${how}`);
    }
    if (user.sessionUserSid.toUpperCase() !== user.realUserSid.toUpperCase()) {
        return (`the install ran as ${user.realUserSid} in a session that belongs ` +
            `to ${user.sessionUserSid}; granting would open the installing ` +
            `account's profile, not the session owner's; ${how}`);
    }
    return undefined;
}
function installProfileGrantSkip(opts, user) {
    const reason = windowsProfileGrantSkipReason(user, opts);
    return reason === undefined ? undefined : { applied: false, reason };
}
/**
 * What the profile read grant is about to do, in one line, for the person
 * at the keyboard.
 */
function windowsProfileGrantNotice(profileDir) {
    return (`Making the tool directories of ${profileDir} readable to sandboxed ` +
        `commands on this machine: where per-user tools install themselves ` +
        `(AppData\\Local\\Programs, AppData\\Roaming\\npm, go, .nuget, ` +
        `.cargo and the like) and package-manager configuration that can ` +
        `hold feed tokens (.npmrc, pip.ini, NuGet.Config, Maven settings.xml, ` +
        `gradle.properties, .gitconfig). Documents, Desktop, Downloads and ` +
        `the rest of the profile are not readable unless added (the names ` +
        `inside some AppData folders can be listed); credential ` +
        `stores (SSH and GPG keys, cloud and browser sign-ins, password ` +
        `managers, registry hives) are denied. Skip with --skip-profile-grant ` +
        `(skipProfileGrant); undo with \`srt-win profile forget\` ` +
        `(forgetWindowsProfileRead()).`);
}
function installProfileGrantOptions(opts, srtWin) {
    return {
        exclude: opts.profileExclude,
        include: opts.profileInclude,
        timeoutMs: opts.profileGrantTimeoutMs,
        onProgress: opts.onProfileGrantProgress,
        srtWin,
    };
}
/**
 * The account and the filters are installed and the profile read grant
 * is not: its own error, so the caller does not take the whole install
 * for failed.
 */
function throwInstallProfileGrantFailure(e) {
    const cause = e;
    // Refused beside other sandbox activity: nothing was written, and a
    // grant made before is still the current one.
    if (cause instanceof WindowsSandboxError &&
        (cause.code === 'profile_grant_blocked_by_session' ||
            cause.code === 'profile_operation_in_progress')) {
        throw new WindowsSandboxError(cause.code, `The Windows sandbox is installed. ${cause.message}`, 'profile');
    }
    const timedOut = cause instanceof WindowsSandboxError && cause.code === 'srt_win_timeout';
    throw new WindowsSandboxError('profile_grant_failed', `The Windows sandbox is installed, but the read grant on your user ` +
        `profile ${timedOut ? 'did not finish in time' : 'could not be applied'}` +
        `: ${cause.message}\nNo session starts until it is complete. Run the ` +
        `install again, or grantWindowsProfileRead(), to finish it; ` +
        `forgetWindowsProfileRead() removes what was written.`, 'profile');
}
/**
 * Remove the WFP filter set under `sublayerGuid` and the
 * `srt-sandbox` account, its credential file, and the setup marker
 * (one UAC prompt). Idempotent.
 *
 * @returns `{cancelled: true}` if the user dismissed UAC.
 */
function uninstallWindowsSandbox(opts = {}) {
    const args = ['uninstall'];
    if (opts.sublayerGuid)
        args.push('--sublayer-guid', opts.sublayerGuid);
    if (opts.keepUser)
        args.push('--keep-user');
    const r = runSrtWin(args, {
        timeoutMs: opts.timeoutMs ??
            (opts.keepUser
                ? INSTALL_TIMEOUT_MS
                : INSTALL_TIMEOUT_MS + PROFILE_GRANT_TIMEOUT_MS),
        srtWin: opts.srtWin,
    });
    logForDebugging(`[Sandbox Windows] uninstall exit=${r.status}: ${r.stderr || r.stdout}`);
    if (r.status === 10)
        return { cancelled: true };
    if (r.status !== 0) {
        throw new WindowsSandboxError('uninstall_failed', `srt-win uninstall failed (exit ${r.status}): ${r.stderr || r.stdout}`);
    }
    return {};
}
/**
 * Resolve any Windows filesystem-config path list — `allowRead`/
 * `allowWrite` grants and `denyRead`/`denyWrite` stamps — to
 * concrete paths via the single platform-aware
 * {@link normalizePathForSandbox} chokepoint (Linux/macOS parity:
 * point-in-time expansion at session initialize, not per-exec).
 * Glob patterns are expanded; non-glob paths are normalized and
 * returned 1:1. Directory targets are accepted — the additive
 * sandbox-user ACE carries `(OI)(CI)` so it covers the subtree.
 *
 * Missing literal paths are dropped for `mode: 'grant'` (a grant on
 * nothing is meaningless) but PASSED THROUGH for `mode: 'deny'` —
 * `srt-win acl stamp` materializes a placeholder chain (mkdirs each
 * missing intermediate + creates an empty leaf) and stamps every
 * created component, so the deny lands on the exact target path
 * and the sandbox user cannot create/write/delete it. A trailing
 * `/` or `\` on the raw input means "the target is a directory":
 * the placeholder leaf is created as an empty directory instead of
 * an empty file, so a later `mkdirSync({recursive: true})` on the
 * real path succeeds. Glob results (existing-by-construction) drop
 * on a stat miss regardless of mode: a glob is inherently "match
 * existing".
 *
 * **UNC exception:** a `\\server\share\…` **literal** passes through
 * raw in BOTH modes (no existence probe — see {@link isUncPath});
 * `srt-win` soft-drops a missing UNC deny target rather than
 * materializing a placeholder chain on an SMB share. A UNC **glob**
 * still walks the share (user-trusted).
 *
 * `[` and `]` are characters of a name here, but the walk that expands a
 * glob reads them as a character class. So a glob beneath a directory with
 * brackets in its name is also expanded beneath that directory taken as the
 * name it is (see path-entries.ts). A UNC glob is not: finding the directory
 * would probe the share.
 *
 * An entry marked `{ path, literal: true }` is a literal whatever it holds.
 * One that holds `*` or `?` is skipped: no Win32 name has them, and
 * `srt-win` refuses the characters outright.
 */
function expandWindowsFsPaths(patterns, opts) {
    const out = new Set();
    for (const entry of patterns) {
        const marked = typeof entry !== 'string';
        const raw = marked ? (0,sandbox_utils/* markedLiteralPath */.vS)(entry) : entry;
        const norm = (0,sandbox_utils/* normalizePathForSandbox */.lW)(raw, marked ? { literal: true } : undefined);
        if (marked && (0,sandbox_utils/* containsGlobCharsWin */.$O)(norm)) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] Skipping a literal path that no file can have: ${norm}`, { level: 'warn' });
            continue;
        }
        const isGlob = !marked && (0,sandbox_utils/* containsGlobCharsWin */.$O)(norm);
        // UNC literal: pass raw (no stat) — see {@link isUncPath}. A
        // UNC glob falls through to expandGlobPattern below.
        if ((0,sandbox_utils/* isUncPath */.Ej)(norm) && !isGlob) {
            out.add(norm);
            continue;
        }
        const candidates = isGlob
            ? [
                ...(0,sandbox_utils/* expandGlobPattern */.zY)(norm, { caseInsensitive: true }),
                ...literalReadings(raw, opts?.mode === 'deny' ? 'deny' : 'allow', {
                    isPattern: sandbox_utils/* containsGlobCharsWin */.$O,
                }).flatMap(reading => reading.glob
                    ? (0,sandbox_utils/* expandGlobPattern */.zY)(reading.path, {
                        caseInsensitive: true,
                        anchor: reading.anchor,
                    })
                    : []),
            ]
            : [norm];
        for (const c of candidates) {
            const st = external_node_fs_.statSync(c, { throwIfNoEntry: false });
            if (!st) {
                // normalizePathForSandbox (path.resolve) strips the
                // trailing separator (the dir-leaf signal — see doc);
                // re-apply it from the raw input.
                if (opts?.mode === 'deny' && !isGlob) {
                    out.add(/[\\/]$/.test(raw) && !/[\\/]$/.test(c) ? c + '\\' : c);
                }
                continue;
            }
            out.add(c);
        }
    }
    return [...out];
}
/**
 * A path that names a network share (`\\\\server\\share\\…`, `\\\\?\\UNC\\…`)
 * or anything in the device namespace other than a drive (`\\\\.\\pipe\\…`,
 * `\\\\?\\GLOBALROOT\\…`).
 */
function isUnprobedWindowsPath(p) {
    return (0,sandbox_utils/* isUncPath */.Ej)(p) || /^[\\/]{2}[?.][\\/](?![a-z]:)/i.test(p);
}
/** "Does not exist" as opposed to "could not look". */
function isAbsentError(e) {
    const code = e?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}
/**
 * The single place a path of a session's configuration is resolved on
 * disk for comparison: the same final-path lookup `srt-win` makes.
 */
function resolveWindowsPath(p) {
    if (isUnprobedWindowsPath(p))
        return { state: 'unprobed' };
    try {
        // eslint-disable-next-line no-restricted-properties
        return { state: 'resolved', path: external_node_fs_.realpathSync.native(p) };
    }
    catch (e) {
        return isAbsentError(e)
            ? { state: 'absent' }
            : {
                state: 'error',
                code: e?.code ?? 'unknown',
            };
    }
}
/**
 * `p` for comparison with another path: links, junctions, 8.3 names and
 * the case on disk are resolved, as `srt-win` resolves a path it is given.
 */
function windowsPathKey(p) {
    return windowsPathKeyOf(p, resolveWindowsPath(p));
}
/** {@link windowsPathKey} from a look at the path already taken. */
function windowsPathKeyOf(p, resolved) {
    return (0,sandbox_utils/* normalizeCaseForComparison */.g2)(external_node_path_.win32
        .normalize((0,sandbox_utils/* stripExtendedPathPrefix */.H2)(resolved.state === 'resolved' ? resolved.path : p))
        .replace(/\\/g, '/')
        .replace(/\/+$/, ''));
}
/** The one of `dirs` that a path is, or lies beneath. */
function coveringWindowsPath(dirs) {
    const keys = dirs.map(windowsPathKey);
    return p => {
        if (keys.length === 0)
            return undefined;
        const key = windowsPathKey(p);
        const covering = keys.findIndex(dir => (0,sandbox_utils/* isAtOrUnder */.Xb)(key, dir));
        return covering < 0 ? undefined : dirs[covering];
    };
}
/**
 * The ones of `grants` that lie strictly beneath one of `denies`: the
 * grants that rank above those denies, an allow set further down
 * being the one that counts.
 */
function windowsGrantsBeneathDenies(grants, denies) {
    if (grants.length === 0 || denies.length === 0)
        return [];
    const denyKeys = denies.map(windowsPathKey);
    const keyed = grants.map(g => ({ path: g, key: windowsPathKey(g) }));
    // Per deny, the topmost grants strictly beneath THAT deny.
    const out = new Map();
    for (const d of denyKeys) {
        const beneath = keyed.filter(g => g.key !== d && (0,sandbox_utils/* isAtOrUnder */.Xb)(g.key, d));
        for (const g of beneath) {
            const covered = beneath.some(other => other.key !== g.key && (0,sandbox_utils/* isAtOrUnder */.Xb)(g.key, other.key));
            if (!covered && !out.has(g.key))
                out.set(g.key, g.path);
        }
    }
    return [...out.values()];
}
/**
 * Ranks the lists against each other, as on the other platforms, and returns
 * the grants and stamps that say so. Takes concrete paths
 * ({@link expandWindowsFsPaths}).
 *
 * The ACEs set on an object come before the ones it inherits, so beneath a
 * DENY on a directory an ALLOW set further down is the one that counts. That
 * is the rank of `allowRead` over `denyRead`. The other two ranks are the
 * opposite one, so `srt-win` is handed no such ALLOW for them:
 *
 * - `denyWrite` over `allowWrite`: a write grant at or beneath a write deny
 *   is a read grant.
 * - `credentialDeny` (`credentials.files`) over `allowRead` and `allowWrite`:
 *   a grant at or beneath a credential deny is left out. The caller adds the
 *   grants for the library's own files to the result, so they are the only
 *   exceptions.
 *
 * `held` are grants that are on disk already: the session's, when one command
 * brings denies of its own. They cannot be taken back for one command, so
 * each gets the deny at its own path, where `srt-win` puts DENY first.
 */
function rankWindowsFsAccess(lists) {
    const credentialDenyOver = coveringWindowsPath(lists.credentialDeny);
    const writeDenyOver = coveringWindowsPath(lists.denyWrite);
    const grantRead = new Set();
    const grantWrite = new Set();
    const rank = (list, p) => {
        const credentialDeny = credentialDenyOver(p);
        const writeDeny = list === 'allowWrite' ? writeDenyOver(p) : undefined;
        if (credentialDeny === undefined && writeDeny === undefined) {
            const grants = list === 'allowRead' ? grantRead : grantWrite;
            grants.add(p);
            return;
        }
        if (credentialDeny === undefined)
            grantRead.add(p);
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] ${list} ${p} is at or beneath ` +
            (credentialDeny !== undefined
                ? `the credential file entry ${credentialDeny}: not granted`
                : `denyWrite ${writeDeny}: granted read only`), { level: 'warn' });
    };
    for (const p of lists.allowRead)
        rank('allowRead', p);
    for (const p of lists.allowWrite)
        rank('allowWrite', p);
    const heldRead = lists.held?.grantRead ?? [];
    const heldWrite = lists.held?.grantWrite ?? [];
    return {
        grantRead: [...grantRead],
        grantWrite: [...grantWrite],
        denyRead: [
            ...new Set([
                ...lists.denyRead,
                ...lists.credentialDeny,
                ...[...heldRead, ...heldWrite].filter(p => credentialDenyOver(p) !== undefined),
            ]),
        ],
        denyWrite: [
            ...new Set([
                ...lists.denyWrite,
                ...heldWrite.filter(p => writeDenyOver(p) !== undefined),
            ]),
        ],
    };
}
/**
 * Parse a structured `srt-win exec` error from its stderr. `exec`
 * emits typed launch failures as a single JSON line
 * `{"code":…,"message":…}` alongside a distinct exit code —
 * `mapped_drive_cwd` is exit **16**, `seclogon_disabled` exit **18**,
 * `wfp_loopback_mismatch` exit **19**. Embedders that spawn the
 * `{argv, env}` from {@link wrapCommandWithSandboxWindows} call
 * this on non-zero exit to surface an actionable
 * {@link WindowsSandboxError} instead of a bare status.
 *
 * Returns `undefined` when no typed-error line is present (the
 * common case: exit status is the child's own). Gate on the
 * `srt-win` exit code before calling — the sandboxed child's own
 * stderr is pumped through unchanged, so a child that happened to
 * print a matching JSON line would parse here too.
 */
function parseWindowsSandboxError(stderr) {
    return parseSrtWinLaunchError(stderr, 'exec');
}
/** {@link parseWindowsSandboxError} for any runner-launching subcommand. */
function parseSrtWinLaunchError(stderr, subcommand) {
    for (const line of stderr.split(/\r?\n/)) {
        const t = line.trim();
        if (!t.startsWith('{') || !t.includes('"code"'))
            continue;
        try {
            const j = JSON.parse(t);
            // Exit 25: the command needed the lock a profile grant or forget
            // is holding.
            if (j.code === 'profile_operation_in_progress') {
                return new WindowsSandboxError('profile_operation_in_progress', j.message ?? 'a profile grant or forget is in progress', 'exec');
            }
            // Exit 26: the process named with `heldBy` ended while the
            // command ran, and the command was terminated with it.
            if (j.code === 'session_ended') {
                return new WindowsSandboxError('session_ended', j.message ??
                    'the session that started this command ended; the command was terminated', 'exec');
            }
            if (j.code === 'mapped_drive_cwd') {
                // The canonical class carries `code`/`subcommand`; `drive`
                // is this one code's extra payload, attached as a plain
                // property rather than forking the class.
                return Object.assign(new WindowsSandboxError('mapped_drive_cwd', j.message ?? 'mapped/network-drive working directory', subcommand), { drive: j.drive });
            }
            // Exit 19: the installed loopback mode is not the one the
            // command was wrapped for; nothing was launched.
            if (j.code === 'wfp_loopback_mismatch') {
                return new WindowsSandboxError('wfp_loopback_mismatch', j.message ?? "the installed loopback mode is not this session's", 'exec');
            }
            if (j.code === 'seclogon_disabled') {
                const state = j.state === 'missing' ? 'missing' : 'disabled';
                return Object.assign(new WindowsSandboxError('seclogon_disabled', j.message ?? seclogonDisabledMessage(state), subcommand), { state });
            }
        }
        catch {
            // not our line
        }
    }
    return undefined;
}
/**
 * Apply the file-deny ACE set for one host session: an additive
 * `(D;OICI;mask;;;<sb-SID>)` on the target plus a
 * `(D;OICI;FILE_DELETE_CHILD;;;<sb-SID>)` on the parent — no
 * PROTECTED rewrite, no SD snapshot. Idempotent and refcounted via
 * srt-win's `working_aces` table.
 *
 * Inputs are passed verbatim to `srt-win` (which canonicalizes and
 * rejects globs). Callers that accept globs should pre-expand via
 * {@link expandWindowsFsPaths}.
 *
 * @throws on exit ≠ 0 — including exit 2 (one or more inputs
 *   skipped). srt-win stamps the resolvable inputs before exiting
 *   2, so on throw the caller should call {@link restoreWindowsAcl}
 *   to release whatever WAS stamped.
 */
function stampWindowsAcl(opts) {
    const holder = opts.holderPid ?? process.pid;
    const stdin = JSON.stringify({
        denyRead: opts.denyRead,
        denyWrite: opts.denyWrite,
    });
    const r = runSrtWin([
        'acl',
        'stamp',
        '--holder-pid',
        `${holder}`,
        '--sandbox-user-sid',
        opts.sandboxUserSid,
    ], { timeoutMs: 60000, stdin, srtWin: opts.srtWin });
    logForDebugging(`[Sandbox Windows] acl stamp exit=${r.status}: ${r.stderr || r.stdout}`);
    if (r.status !== 0) {
        throw new WindowsSandboxError('acl_stamp_failed', `srt-win acl stamp exited ${r.status} ` +
            (r.status === 2 ? '(partial — some inputs skipped)' : '(failed)') +
            `: ${r.stderr || r.stdout}`);
    }
}
/**
 * `acl revoke` statuses that show a grant released. An allow-list, so
 * a status this code does not know fails closed.
 */
const WINDOWS_ACL_GRANT_RELEASED_STATUSES = new Set([
    'revoked',
    'stillHeld',
    'downgraded',
    'relocated',
    'noRow',
    'gone',
    'missing',
]);
/**
 * Whether one `acl revoke` outcome shows its grant released. "missing"
 * comes only from an older srt-win, which also says it of a path it
 * could not open, so it counts only if the path is really gone.
 */
function windowsAclGrantReleased(o) {
    if (typeof o !== 'object' || o === null)
        return false;
    const { path: p, status } = o;
    if (typeof p !== 'string' || typeof status !== 'string')
        return false;
    if (!WINDOWS_ACL_GRANT_RELEASED_STATUSES.has(status))
        return false;
    if (status !== 'missing')
        return true;
    try {
        external_node_fs_.lstatSync(p);
        return false;
    }
    catch (e) {
        return e.code === 'ENOENT';
    }
}
/**
 * Release this holder's deny ACEs. Best-effort; `undefined` when
 * `srt-win` failed. srt-win refuses (status `grantPending`) while the
 * holder still has a grant recorded: revoke first.
 */
function restoreWindowsAcl(opts) {
    const holder = opts.holderPid ?? process.pid;
    // Don't let a teardown helper throw — the caller's reset() must
    // complete. runSrtWinJsonAllowFail parses stdout before checking
    // the exit code, so a non-zero exit with the per-path JSON intact
    // still surfaces every entry to reset()'s loop. Only spawn-fail
    // / unparseable output throws → log and return undefined.
    try {
        const r = runSrtWinJsonAllowFail([
            'acl',
            'restore',
            '--holder-pid',
            `${holder}`,
            '--sandbox-user-sid',
            opts.sandboxUserSid,
            '--json',
        ], { timeoutMs: 60000, srtWin: opts.srtWin });
        if (!r.ok) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] acl restore exited non-zero (per-path ` +
                `outcomes preserved): ${r.stderr}`, { level: 'error' });
        }
        // Pre- same-user-removal builds emit `{paths, parents}`; post-
        // emit a flat array. Flatten either so reset()'s logging loop
        // is shape-agnostic across the transition.
        return Array.isArray(r.json)
            ? r.json
            : [...(r.json.paths ?? []), ...(r.json.parents ?? [])];
    }
    catch (e) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] acl restore: ${e.message}`, {
            level: 'error',
        });
        return undefined;
    }
}
function allowProfileExclusionArgs(opts) {
    return (opts.allowProfileExclusions ?? []).flatMap(p => [
        '--allow-profile-exclusion',
        p,
    ]);
}
/**
 * Apply per-session additive `(OI)(CI)` ALLOW ACEs for the sandbox
 * user on each path. The sandbox user has no inherent rights on
 * real-user-owned files; this is what makes the working tree (and
 * explicit `allowRead`/`allowWrite` paths) reachable from the
 * child. Idempotent and refcounted via srt-win's `working_aces`
 * table.
 *
 * @throws on exit ≠ 0. On throw the caller should call
 *   {@link revokeWindowsAcl} to release whatever WAS granted.
 */
function grantWindowsAcl(opts) {
    const holder = opts.holderPid ?? process.pid;
    const stdin = JSON.stringify({ read: opts.read, write: opts.write });
    const r = runSrtWin([
        'acl',
        'grant',
        '--holder-pid',
        `${holder}`,
        '--sandbox-user-sid',
        opts.sandboxUserSid,
        ...allowProfileExclusionArgs(opts),
    ], { timeoutMs: 60000, stdin, srtWin: opts.srtWin });
    logForDebugging(`[Sandbox Windows] acl grant exit=${r.status}: ${r.stderr || r.stdout}`);
    if (r.status !== 0) {
        throw new WindowsSandboxError('acl_grant_failed', `srt-win acl grant exited ${r.status}: ${r.stderr || r.stdout}`);
    }
}
/**
 * Session start under the write-restricted token: one `srt-win acl
 * grant --persistent`. Grants on the `write` roots are KEPT at session
 * end; `srt-win acl forget` removes them.
 */
async function grantWindowsAclPersistent(opts) {
    const holder = opts.holderPid ?? process.pid;
    const stdin = JSON.stringify({
        read: opts.read,
        write: opts.write,
        denyRead: opts.denyRead,
        denyWrite: opts.denyWrite,
    });
    const r = await runSrtWinAsync([
        'acl',
        'grant',
        '--holder-pid',
        `${holder}`,
        '--sandbox-user-sid',
        opts.sandboxUserSid,
        '--persistent',
        ...allowProfileExclusionArgs(opts),
    ], 
    // A root's first grant walks its whole tree.
    { timeoutMs: 600000, stdin, srtWin: opts.srtWin });
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] acl grant --persistent exit=${r.status}: ` +
        `${r.stderr || r.stdout}`);
    if (r.status !== 0) {
        throw new WindowsSandboxError('acl_grant_failed', `srt-win acl grant --persistent exited ${r.status} ` +
            (r.status === 2 ? '(partial — some inputs skipped)' : '(failed)') +
            `: ${r.stderr || r.stdout}`);
    }
}
/**
 * {@link revokeWindowsAcl} that also reports whether the revoke
 * completed; gate {@link restoreWindowsAcl} on `complete`.
 */
function revokeWindowsAclChecked(opts) {
    const holder = opts.holderPid ?? process.pid;
    let result;
    try {
        const r = runSrtWinJsonAllowFail([
            'acl',
            'revoke',
            '--holder-pid',
            `${holder}`,
            '--sandbox-user-sid',
            opts.sandboxUserSid,
            '--json',
        ], { timeoutMs: 60000, srtWin: opts.srtWin });
        if (!r.ok) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] acl revoke exited non-zero: ${r.stderr}`, { level: 'error' });
        }
        result = windowsAclRevokeResult(r.ok, r.json, r.stderr);
    }
    catch (e) {
        const detail = e.message;
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] acl revoke: ${detail}`, {
            level: 'error',
        });
        result = { complete: false, outcomes: undefined, pending: [], detail };
    }
    return result;
}
/** Judge a revoke that ran to the end and printed JSON. */
function windowsAclRevokeResult(exitedZero, json, stderr) {
    const outcomes = Array.isArray(json)
        ? json
        : undefined;
    const unreleased = (outcomes ?? []).filter(o => !windowsAclGrantReleased(o));
    return {
        complete: exitedZero && outcomes !== undefined && unreleased.length === 0,
        outcomes,
        pending: unreleased.map(o => String(o?.path)),
        detail: stderr.trim() || undefined,
    };
}
/**
 * Release this holder's grants. Best-effort (does not throw). Do not
 * follow with {@link restoreWindowsAcl}: use
 * {@link revokeWindowsAclChecked}, which says whether it completed.
 */
function revokeWindowsAcl(opts) {
    return revokeWindowsAclChecked(opts).outcomes;
}
const PROFILE_GRANT_STATES = new Set([
    'none',
    'current',
    'outdated',
    'incomplete',
    'unknown',
]);
const PROFILE_PATH_KINDS = new Set([
    'container',
    'granted',
    'file',
    'denied',
]);
/**
 * The variables {@link windowsProfileReadEnv} can return; any other name
 * `srt-win` reports is dropped. `RUSTUP_HOME` and `CARGO_HOME` name
 * directories, which stay read-only to the sandboxed command.
 */
const WINDOWS_PROFILE_READ_ENV_VARS = [
    'NPM_CONFIG_USERCONFIG',
    'GIT_CONFIG_GLOBAL',
    'PIP_CONFIG_FILE',
    'MAVEN_ARGS',
    'RUSTUP_HOME',
    'CARGO_HOME',
];
/**
 * The version of `srt-win profile status`'s record format this library
 * reads. Any other version is not read: its lists decide what may be granted.
 */
const WINDOWS_PROFILE_RECORD_VERSION = 1;
/**
 * The list versions between which every change only narrows the grant:
 * the only ones `initialize()` moves a grant across by itself. A new list
 * version that only narrows raises `to`; one that widens anything raises
 * `from` to it as well, so that widening is applied only by a run the user
 * asked for.
 */
const WINDOWS_PROFILE_NARROWING_LIST_VERSIONS = { from: 3, to: 4 };
/**
 * Whether `initialize()` brings this grant up to date by itself: an
 * older list on the same profile, or a grant that was cut short, which
 * finishes what its caller started. Not a forget that was cut short,
 * another profile, or a record newer than this `srt-win`.
 */
function windowsProfileGrantRefreshable(status) {
    const { listVersion: list, recordedListVersion: recorded } = status;
    const { from, to } = WINDOWS_PROFILE_NARROWING_LIST_VERSIONS;
    if (list === undefined || recorded === undefined || !status.sameProfile) {
        return false;
    }
    if (recorded < from || recorded > list || list > to)
        return false;
    if (status.state === 'outdated')
        return recorded < list;
    return status.state === 'incomplete' && status.lastOperation === 'grant';
}
function stringList(v) {
    return Array.isArray(v) && v.every(x => typeof x === 'string' && x !== '')
        ? v
        : undefined;
}
/**
 * Why a status that says `current` cannot be relied on, if so.
 */
function profileStatusProblem(raw) {
    if (raw.record_version !== WINDOWS_PROFILE_RECORD_VERSION) {
        return (`srt-win reports record format ${JSON.stringify(raw.record_version)}; ` +
            `this library reads format ${WINDOWS_PROFILE_RECORD_VERSION}`);
    }
    const exclusions = stringList(raw.exclusions);
    if (!exclusions || exclusions.length === 0) {
        return 'the recorded grant carries no list of excluded paths';
    }
    if (!stringList(raw.ungranted_only)) {
        return 'the recorded grant carries no list of ungranted directories';
    }
    return undefined;
}
function mapProfileStatus(raw) {
    // A state this code does not know is not a usable grant.
    let state = (PROFILE_GRANT_STATES.has(raw.state ?? '') ? raw.state : 'unknown');
    let reason = raw.reason;
    const problem = state === 'current' ? profileStatusProblem(raw) : undefined;
    if (problem) {
        state = 'outdated';
        reason = problem;
    }
    const env = {};
    if (state === 'current') {
        for (const name of WINDOWS_PROFILE_READ_ENV_VARS) {
            const v = raw.env?.[name];
            if (typeof v === 'string' && v !== '')
                env[name] = v;
        }
    }
    return {
        state,
        ...(reason && { reason }),
        ...(raw.profile && { profile: raw.profile }),
        ...(typeof raw.list_version === 'number' && {
            listVersion: raw.list_version,
        }),
        ...(typeof raw.recorded_list_version === 'number' && {
            recordedListVersion: raw.recorded_list_version,
        }),
        ...((raw.last_operation === 'grant' || raw.last_operation === 'forget') && {
            lastOperation: raw.last_operation,
        }),
        sameProfile: raw.same_profile === true,
        capabilities: capabilityList(raw.capabilities),
        notGranted: grantItems(raw.not_granted),
        selfClosed: grantItems(raw.self_closed),
        unverifiable: grantItems(raw.unverifiable),
        unprotected: grantItems(raw.unprotected),
        staleAllow: grantItems(raw.stale_allow),
        replacedFiles: stringList(raw.replaced_files) ?? [],
        extraExclusions: raw.extra_exclusions ?? [],
        // Absent from what an srt-win without `--include` reports: read
        // as none added. Nothing a session checks depends on it.
        extraInclusions: stringList(raw.extra_inclusions) ?? [],
        exclusions: stringList(raw.exclusions) ?? [],
        ungrantedOnly: stringList(raw.ungranted_only) ?? [],
        inclusions: stringList(raw.inclusions) ?? [],
        counts: {
            containers: raw.containers ?? 0,
            granted: raw.granted ?? 0,
            files: raw.files ?? 0,
            denied: raw.denied ?? 0,
        },
        env,
        ...(raw.paths && {
            paths: raw.paths.filter((p) => typeof p.path === 'string' &&
                typeof p.kind === 'string' &&
                PROFILE_PATH_KINDS.has(p.kind)),
        }),
    };
}
/**
 * The recorded profile read grant (`srt-win profile status`): whether one
 * exists and is current, and with `paths` every path it wrote on. Throws
 * `profile_operation_in_progress` while a grant or forget is running.
 * Blocks the event loop: prefer {@link getWindowsProfileReadStatusAsync}.
 */
function getWindowsProfileReadStatus(opts = {}) {
    const args = ['profile', 'status'];
    if (opts.paths)
        args.push('--paths');
    const raw = runSrtWinJson(args, {
        timeoutMs: 30000,
        srtWin: opts.srtWin,
    });
    // Asked while a grant or forget is running: the record is being
    // rewritten, and is not a run that was cut short.
    if (raw.state === 'in_progress') {
        throwIfRefusedBesideOthers(args, SRT_WIN_EXIT_PROFILE_BUSY, '');
    }
    return mapProfileStatus(raw);
}
/** Async twin of {@link getWindowsProfileReadStatus}: the event loop stays live. */
async function getWindowsProfileReadStatusAsync(opts = {}) {
    const args = ['profile', 'status'];
    if (opts.paths)
        args.push('--paths');
    const raw = await runSrtWinJsonAsync(args, {
        timeoutMs: 30000,
        srtWin: opts.srtWin,
    });
    if (raw.state === 'in_progress') {
        throwIfRefusedBesideOthers(args, SRT_WIN_EXIT_PROFILE_BUSY, '');
    }
    return mapProfileStatus(raw);
}
const PROFILE_GRANT_TIMEOUT_MS = 30 * 60000;
/** How long a retry of stale entries may start new work during a start. */
const PROFILE_STALE_RETRY_BUDGET_MS = 3000;
/** And when it is killed, in case a single tree walk outruns the budget. */
const PROFILE_STALE_RETRY_TIMEOUT_MS = 10000;
/** A `[{path, reason}]` list as `srt-win` reports it; anything else is none. */
function grantItems(v) {
    return Array.isArray(v)
        ? v.flatMap(i => {
            const { path: p, reason } = (i ?? {});
            if (typeof p !== 'string')
                return [];
            const { caller_reads: reads, cause, protected_exclusion: protectedExclusion, entry, } = i;
            return [
                {
                    path: p,
                    reason: typeof reason === 'string' ? reason : '',
                    ...((typeof reads === 'boolean' || reads === 'unknown') && {
                        callerReads: reads,
                    }),
                    ...(typeof cause === 'string' && { cause }),
                    ...(typeof protectedExclusion === 'boolean' && {
                        protectedExclusion,
                    }),
                    ...((entry === 'explicit' || entry === 'inherited') && { entry }),
                },
            ];
        })
        : [];
}
/**
 * Write or refresh the profile read grant (`srt-win profile grant`), as
 * the user of this process, unelevated. Runs only while no sandbox session
 * or command is running (`profile_grant_blocked_by_session`).
 */
async function grantWindowsProfileRead(opts = {}) {
    const { exe, prependArgs } = opts.srtWin ?? resolveSrtWin();
    const args = profileGrantArgs(opts);
    const timeoutMs = opts.timeoutMs ?? PROFILE_GRANT_TIMEOUT_MS;
    const r = await new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.spawn)(exe, [...prependArgs, ...args], { windowsHide: true });
        let timedOut = false;
        const timer = timeoutMs > 0
            ? setTimeout(() => {
                timedOut = true;
                child.kill();
            }, timeoutMs)
            : undefined;
        const abort = () => {
            child.kill();
        };
        if (opts.signal?.aborted)
            abort();
        opts.signal?.addEventListener('abort', abort, { once: true });
        let stdout = '';
        let stderr = '';
        let pending = '';
        child.stdout?.setEncoding('utf8').on('data', d => (stdout += d));
        child.stderr?.setEncoding('utf8').on('data', (d) => {
            stderr += d;
            pending += d;
            const lines = pending.split(/\r?\n/);
            pending = lines.pop() ?? '';
            for (const line of lines) {
                if (line.trim() !== '')
                    opts.onProgress?.(line);
            }
        });
        child.stdin?.on('error', () => { }).end();
        child.once('error', e => {
            clearTimeout(timer);
            opts.signal?.removeEventListener('abort', abort);
            reject(new WindowsSandboxError('spawn_failed', `srt-win profile: spawn failed: ${e.message}`, 'profile'));
        });
        child.once('close', (status, signal) => {
            clearTimeout(timer);
            opts.signal?.removeEventListener('abort', abort);
            if (pending.trim() !== '')
                opts.onProgress?.(pending);
            if (opts.signal?.aborted) {
                reject(new WindowsSandboxError('srt_win_cancelled', `srt-win profile grant was cancelled; the grant is recorded ` +
                    `as incomplete — run it again, or remove it with ` +
                    `forgetWindowsProfileRead()`, 'profile'));
                return;
            }
            if (timedOut) {
                reject(new WindowsSandboxError('srt_win_timeout', `srt-win profile grant timed out after ${timeoutMs}ms; the ` +
                    `grant is recorded as incomplete — run it again, or remove ` +
                    `it with forgetWindowsProfileRead()`, 'profile'));
                return;
            }
            try {
                throwIfRefusedBesideOthers(args, status, stdout);
            }
            catch (e) {
                reject(e);
                return;
            }
            resolve({ status, signal, stdout: stdout.trim(), stderr: stderr.trim() });
        });
    });
    return profileGrantResult(args, r);
}
function profileGrantArgs(opts) {
    const args = ['profile', 'grant', '--json'];
    for (const e of opts.exclude ?? [])
        args.push('--exclude', e);
    if (opts.replaceExclusions)
        args.push('--replace-excludes');
    for (const i of opts.include ?? [])
        args.push('--include', i);
    if (opts.replaceInclusions)
        args.push('--replace-includes');
    return args;
}
function profileGrantResult(args, r) {
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] profile grant exit=${r.status}: ${r.stderr.slice(-2000)}`);
    if (r.status !== 0) {
        throw new WindowsSandboxError('profile_grant_failed', `srt-win profile grant exited ${r.status}: ` +
            `${r.stderr.slice(-2000) || r.stdout}`, 'profile');
    }
    // stdout carries one JSON object; `--json` puts nothing else there.
    const raw = parseSrtWinJson(args, r);
    return {
        profile: raw.profile,
        containers: raw.containers,
        granted: raw.granted,
        files: raw.files,
        denied: raw.denied,
        placeholders: raw.placeholders,
        placeholdersRemoved: raw.placeholders_removed ?? 0,
        writes: raw.writes,
        unchanged: raw.unchanged,
        removed: raw.removed,
        skipped: raw.skipped ?? [],
        notGranted: grantItems(raw.not_granted),
        selfClosed: grantItems(raw.self_closed),
        unverifiable: grantItems(raw.unverifiable),
        unprotected: grantItems(raw.unprotected),
        staleAllow: grantItems(raw.stale_allow),
        forgottenRoots: grantItems(raw.forgotten_roots),
        elapsedMs: raw.elapsed_ms,
    };
}
/**
 * Try again to revoke what the last run of the grant could not, on the
 * paths it noted alone (`srt-win profile retry-stale`). Bounded, as a
 * session is starting: only if a retry is due, on local paths, and
 * keeping no starting session out. Returns how many cleared; what is
 * left stays recorded and reported by the status.
 */
async function retryWindowsProfileStale(opts) {
    const args = [
        'profile',
        'retry-stale',
        '--json',
        '--budget-ms',
        String(PROFILE_STALE_RETRY_BUDGET_MS),
    ];
    const r = await runSrtWinAsync(args, {
        timeoutMs: PROFILE_STALE_RETRY_TIMEOUT_MS,
        srtWin: opts.srtWin,
    });
    throwIfRefusedBesideOthers(args, r.status, r.stdout);
    if (r.status !== 0) {
        throw new WindowsSandboxError('profile_grant_failed', `srt-win profile retry-stale exited ${r.status}: ${r.stderr.slice(-2000)}`, 'profile');
    }
    const { cleared } = parseSrtWinJson(args, r);
    return { cleared: cleared ?? 0 };
}
/**
 * {@link grantWindowsProfileRead} for the synchronous install: blocks
 * until `srt-win` exits, and hands `onProgress` its lines only then.
 */
function grantWindowsProfileReadSync(opts) {
    const args = profileGrantArgs(opts);
    const r = runSrtWin(args, {
        timeoutMs: opts.timeoutMs ?? PROFILE_GRANT_TIMEOUT_MS,
        srtWin: opts.srtWin,
    });
    for (const line of r.stderr.split(/\r?\n/)) {
        if (line.trim() !== '')
            opts.onProgress?.(line);
    }
    return profileGrantResult(args, r);
}
/**
 * Remove the profile read grant (`srt-win profile forget`). Synchronous:
 * blocks for as long as the removal takes; with an event loop use
 * {@link forgetWindowsProfileReadAsync}. Throws `profile_forget_failed`.
 */
function forgetWindowsProfileRead(opts = {}) {
    const r = runSrtWin(['profile', 'forget', '--json'], {
        timeoutMs: opts.timeoutMs ?? PROFILE_GRANT_TIMEOUT_MS,
        srtWin: opts.srtWin,
    });
    return profileForgetResult(r);
}
/** {@link forgetWindowsProfileRead} without blocking the event loop. */
async function forgetWindowsProfileReadAsync(opts = {}) {
    const r = await runSrtWinAsync(['profile', 'forget', '--json'], {
        timeoutMs: opts.timeoutMs ?? PROFILE_GRANT_TIMEOUT_MS,
        srtWin: opts.srtWin,
    });
    return profileForgetResult(r);
}
function profileForgetResult(r) {
    logForDebugging(`[Sandbox Windows] profile forget exit=${r.status}: ` +
        `${r.stderr || r.stdout}`);
    if (r.status !== 0) {
        throw new WindowsSandboxError('profile_forget_failed', `The profile read grant could not be removed (srt-win profile ` +
            `forget exited ${r.status}): ${r.stderr || r.stdout}`, 'profile');
    }
    let raw = {};
    try {
        raw = JSON.parse(r.stdout);
    }
    catch {
        // No report on stdout: nothing was deferred that can be named.
    }
    const deferred = grantItems(raw.deferred);
    for (const d of deferred) {
        logForDebugging(`[Sandbox Windows] profile forget could not reach ${d.path}: ` +
            `it may still carry the entry if its volume returns`, { level: 'warn' });
    }
    return { deferred };
}
/** `p` for a comparison of profile paths: no `\\?\` prefix, `/`, lower case, no separator at the end. */
function profilePathKey(p) {
    return (0,sandbox_utils/* stripExtendedPathPrefix */.H2)(p)
        .replace(/\\/g, '/')
        .replace(/\/+$/, '')
        .toLowerCase();
}
/** One component of a recorded exclusion against one of a path; both lower case. */
function exclusionComponentMatches(pattern, name) {
    if (pattern === '*')
        return true;
    if (pattern.endsWith('*'))
        return name.startsWith(pattern.slice(0, -1));
    if (pattern.startsWith('*'))
        return name.endsWith(pattern.slice(1));
    return pattern === name;
}
/**
 * Whether something that exists beneath the directory `dir` matches
 * `rest`, the components of an exclusion that `dir` lies above.
 */
function exclusionMatchedBeneath(dir, rest, top = true) {
    if (rest.length === 0)
        return 'match';
    let entries;
    try {
        const st = external_node_fs_.lstatSync(dir);
        if (st.isSymbolicLink()) {
            // Beneath `dir`, a link is simply not followed. `dir` itself was
            // resolved a moment ago and should not be one.
            return top ? { unexamined: `'${dir}' is a link` } : 'none';
        }
        if (!st.isDirectory())
            return 'none';
        entries = external_node_fs_.readdirSync(dir, { withFileTypes: true });
    }
    catch (e) {
        if (isAbsentError(e))
            return 'none';
        const code = e?.code ?? 'error';
        return { unexamined: `'${dir}' could not be listed (${code})` };
    }
    let unexamined;
    for (const e of entries) {
        if (!exclusionComponentMatches(rest[0], (0,sandbox_utils/* normalizeCaseForComparison */.g2)(e.name))) {
            continue;
        }
        const found = exclusionMatchedBeneath(external_node_path_.join(dir, e.name), rest.slice(1), false);
        if (found === 'match')
            return 'match';
        if (found !== 'none')
            unexamined ?? (unexamined = found);
    }
    return unexamined ?? 'none';
}
/**
 * The paths among `paths` a session must not grant while the profile read
 * grant exists, with the exclusion each collides with. Paths are resolved
 * first; fails closed on a path that exists and cannot be listed.
 */
function windowsProfileExclusionConflicts(paths, grant, opts = {}) {
    if (paths.length === 0)
        return [];
    const access = opts.write ? 'write' : 'read';
    const rulesOf = (list, kind) => list.map(e => ({
        exclusion: e,
        kind,
        parts: (0,sandbox_utils/* normalizeCaseForComparison */.g2)(profilePathKey(e)).split('/'),
    }));
    // The ungranted-only directory itself is looked for first, so it is
    // reported as what it is and not as "above" something inside it.
    const ungranted = rulesOf(grant.ungrantedOnly, 'ungranted-only');
    const rules = [
        ...ungranted.map(r => ({ ...r, onlyEqual: true })),
        ...rulesOf(grant.exclusions, 'protected').map(r => ({
            ...r,
            onlyEqual: false,
        })),
        ...ungranted.map(r => ({ ...r, onlyEqual: false })),
    ];
    if (rules.length === 0)
        return [];
    const admitted = new Set(opts.write ? [] : (opts.override ?? []).map(windowsPathKey));
    const out = [];
    for (const p of paths) {
        // One guarded look at the path: the comparison key and the
        // lookups beneath it use the same result.
        const onDisk = resolveWindowsPath(p);
        const key = windowsPathKeyOf(p, onDisk);
        const parts = key.split('/');
        for (const r of rules) {
            const shared = Math.min(parts.length, r.parts.length);
            let related = true;
            for (let i = 0; related && i < shared; i++) {
                related = exclusionComponentMatches(r.parts[i], parts[i]);
            }
            if (!related)
                continue;
            const relation = parts.length === r.parts.length
                ? 'equal'
                : parts.length > r.parts.length
                    ? 'inside'
                    : 'above';
            if (r.onlyEqual && relation !== 'equal')
                continue;
            let unexamined;
            if (relation === 'above' && r.exclusion.includes('*')) {
                if (onDisk.state === 'absent')
                    continue;
                if (onDisk.state === 'resolved') {
                    const found = exclusionMatchedBeneath(onDisk.path, r.parts.slice(parts.length));
                    if (found === 'none')
                        continue;
                    if (found !== 'match')
                        unexamined = found.unexamined;
                }
                else {
                    // Never opened (a share, the device namespace) or not
                    // openable: nothing was looked at, so nothing is admitted.
                    unexamined =
                        onDisk.state === 'unprobed'
                            ? `'${p}' is not on a local drive and is not examined`
                            : `'${p}' could not be resolved (${onDisk.code})`;
                }
            }
            if (r.kind === 'ungranted-only') {
                if (relation === 'inside')
                    continue;
            }
            else if (relation !== 'above' && admitted.has(key)) {
                // An admitted path is still checked against the other
                // exclusions: it may lie above one of them.
                continue;
            }
            out.push({
                path: p,
                exclusion: r.exclusion,
                kind: r.kind,
                access,
                relation,
                ...(unexamined === undefined ? {} : { unexamined }),
            });
            break;
        }
    }
    return out;
}
/**
 * Variables an embedder may set so a tool reads the real user's files in
 * place. Empty unless the grant is current; never one `env` already holds.
 * The library sets none of them itself.
 */
function windowsProfileReadEnv(status, env = {}) {
    if (status.state !== 'current')
        return {};
    const supplied = new Set(Object.entries(env)
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k.toUpperCase()));
    const out = {};
    for (const name of WINDOWS_PROFILE_READ_ENV_VARS) {
        const v = status.env[name];
        if (v !== undefined && !supplied.has(name))
            out[name] = v;
    }
    return out;
}
// ────────────────────────────────────────────────────────────────────
// Wrap
// ────────────────────────────────────────────────────────────────────
/**
 * `no_proxy` for a sandboxed child with `network.allowLocalBinding`:
 * the loopback hosts, so proxy-aware clients connect to local servers
 * directly. Otherwise `no_proxy` is not set at all.
 */
const WINDOWS_LOOPBACK_NO_PROXY = 'localhost,127.0.0.1,::1';
/**
 * Build the spawn descriptor for running `command` inside the Windows
 * sandbox: an `argv` array plus the `env` to spawn it with.
 *
 * Caller MUST spawn the result with `{shell: false}` — that is the
 * security boundary that keeps untrusted bytes off the host's shell
 * (the inner `cmd.exe /c` runs INSIDE the sandbox; see
 * `vendor/srt-win-src/src/launch.rs` `build_cmdline` for the passthrough
 * rationale) — AND with the returned `env`.
 *
 * Proxy configuration is single-sourced by {@link generateProxyEnvVars}
 * (the same canonical builder used on macOS/Linux). `srt-win exec`
 * takes no `--http-proxy` / `--socks-proxy` flags and synthesizes no
 * proxy env. The two-hop runner starts with the SANDBOX user's
 * profile env (`USERPROFILE`/`TEMP` isolated) and overlays exactly
 * what we pass as `--env` — built here from the broker's `PATH` plus
 * the generated proxy set.
 */
function wrapCommandWithSandboxWindows(p) {
    const { exe, prependArgs } = p.srtWin ?? resolveSrtWin();
    // Generated proxy + CA-trust env. Single-sourced here so the
    // same object feeds (a) the spawn env merge below and (b) the
    // explicit `--env` overlay for the runner.
    //
    // The CA trust-bundle path is emitted with forward slashes:
    // msys2's POSIX-path conversion leaves `C:/…` alone and every
    // tool we set the var for (curl, git, node, python, …) accepts
    // forward slashes on Windows; backslashes would be mangled if
    // the value passes through a bash command line. Schannel-level
    // trust comes from the registry write `srt-win user trust-ca`
    // did at install time; the env-var layer here covers the
    // OpenSSL-backed tools.
    const generated = envListToObject((0,sandbox_utils/* generateProxyEnvVars */.ZD)(p.httpProxyPort, p.socksProxyPort, p.caCertPath?.replace(/\\/g, '/'), p.proxyAuthToken, undefined, (0,sandbox_utils/* encodeSandboxedCommand */.iG)((0,sandbox_utils/* attributionKeyFor */.Q1)(p.command, p.commandId))));
    // TMPDIR is a POSIX path meant for the macOS/Linux FS sandbox — it
    // serves no purpose on Windows and breaks msys2 tools (mktemp etc.).
    delete generated.TMPDIR;
    // NO_PROXY=localhost,127.0.0.1,… is correct on POSIX where seatbelt/
    // bwrap allow direct loopback: a NO_PROXY match makes the client
    // connect directly and it works. On Windows the WFP fence blocks
    // ALL direct connects from the sandbox user — including loopback
    // outside the proxy-port PERMIT range — so NO_PROXY makes clients
    // bypass the proxy and hit the fence; every localhost/127.0.0.1
    // request fails. Consumers currently work around with
    // `curl --noproxy ""`. Drop NO_PROXY here so localhost goes through
    // the proxy (which connects on the child's behalf, from the broker's
    // SID, and is not fenced).
    delete generated.NO_PROXY;
    delete generated.no_proxy;
    // With loopback open the fence permits direct loopback connects, so the
    // loopback hosts (only: private networks are still fenced) skip the proxy.
    if (p.allowLoopback && (p.httpProxyPort || p.socksProxyPort)) {
        generated.no_proxy = WINDOWS_LOOPBACK_NO_PROXY;
    }
    // GIT_CONFIG_* set — safe.directory (dubious-ownership) + the
    // schannel CA knobs. Composed against setEnvVars so a caller
    // that already emits GIT_CONFIG_COUNT keeps its entries.
    const gitCfg = (0,sandbox_utils/* buildGitConfigEnv */.km)({
        safeDirs: [
            p.cwd ?? process.cwd(),
            ...(p.allowWrite ?? []),
            ...(p.gitSafeDirectories ?? []),
        ],
        schannelCa: p.caCertPath !== undefined,
        // Schannel cannot acquire credentials under the write-restricted
        // token; git's OpenSSL backend reads the same GIT_SSL_CAINFO.
        opensslBackend: true,
        baseEnv: p.setEnvVars,
    });
    const argv = [exe, ...prependArgs, 'exec'];
    if (p.quiet !== false)
        argv.push('--quiet');
    if (p.heldBy !== undefined)
        argv.push('--held-by', `${p.heldBy}`);
    argv.push('--write-restricted-token');
    for (const r of p.writeRoots ?? [])
        argv.push('--write-root', r);
    if (p.allowLoopback)
        argv.push('--allow-loopback');
    for (const d of p.denyRead ?? [])
        argv.push('--deny-read', d);
    for (const a of p.denyReadExcept ?? [])
        argv.push('--deny-read-except', a);
    for (const d of p.denyWrite ?? [])
        argv.push('--deny-write', d);
    // The two-hop runner starts with the SANDBOX user's profile env
    // (USERPROFILE/TEMP isolated) and overlays exactly what we pass as
    // `--env`. The broker does NOT enumerate its own env — the overlay
    // is built here from the broker's PATH, the mode:'mask' sentinel
    // set, the generated proxy set, and the GIT_CONFIG_* set.
    // Sentinels precede `generated` so a caller masking e.g.
    // `HTTPS_PROXY` cannot break the sandbox's own proxy plumbing —
    // same precedence as the macOS/Linux `env -u … VAR=…
    // sandbox-exec` order. `gitCfg` is last so its GIT_CONFIG_COUNT
    // (which composes against setEnvVars) wins.
    // Merged ignoring case, as Windows reads names: a caller's
    // `Https_Proxy` is the same variable as ours. Node's built-in clients
    // read the proxy variables only with NODE_USE_ENV_PROXY set; it sits in
    // the first layer, so a caller's value, in any case, wins.
    const overlay = mergeWindowsEnv({
        PATH: process.env.PATH,
        PATHEXT: process.env.PATHEXT,
        ...(p.httpProxyPort ? { NODE_USE_ENV_PROXY: '1' } : {}),
    }, p.setEnvVars ?? {}, generated, gitCfg);
    for (const [k, v] of Object.entries(overlay)) {
        if (v !== undefined)
            argv.push('--env', `${k}=${v}`);
    }
    argv.push('--');
    // Inner shell: `{exe, args}` from parseWindowsBinShell — the SOLE
    // normalizer. `p.command` lands as a single argv element; srt-win's
    // `build_cmdline` MSVCRT-quotes it (or wraps in one outer "…" for
    // cmd /s) so the inner shell receives it intact. See launch.rs.
    const sh = p.binShell ?? parseWindowsBinShell(undefined);
    argv.push(sh.exe, ...sh.args, p.command);
    // CreateProcessW's lpCommandLine is capped at 32 767 WCHARs.
    // Node's `shell:false` spawn builds it by MSVCRT-quoting each
    // argv element and joining with spaces; ~30 000 leaves headroom
    // for the quote overhead the estimate doesn't model.
    const cmdlineEstimate = argv.reduce((n, a) => n + a.length + 3, 0);
    if (cmdlineEstimate > 30000) {
        throw new WindowsSandboxError('argv_too_long', `Windows sandbox argv is ~${cmdlineEstimate} chars ` +
            `(CreateProcessW limit is 32 767). Besides the command itself it ` +
            `carries ${p.denyRead?.length ?? 0} per-command read denies, ` +
            `${p.denyReadExcept?.length ?? 0} session grants beneath them, ` +
            `${p.denyWrite?.length ?? 0} write denies and ` +
            `${p.writeRoots?.length ?? 0} write roots; the command was not ` +
            `run with fewer.`);
    }
    // The two-hop runner starts with a FRESH `srt-sandbox` profile
    // env (`lpEnvironment = NULL` + `LOGON_WITH_PROFILE`), so the
    // broker process's environment never reaches the child. The
    // returned `env` is the spawn env for the broker (srt-win)
    // process only; the child sees the `--env` overlay built into
    // `argv` above (PATH/PATHEXT + mode:'mask' sentinels + proxy).
    const env = { ...process.env, ...generated };
    return { argv, env };
}
/**
 * The one spelling each proxy variable has in a sandboxed command's
 * environment. Must match `PROXY_NAME_SPELLING` in launch.rs.
 */
const WINDOWS_PROXY_NAME_SPELLING = [
    'http_proxy',
    'https_proxy',
    'ftp_proxy',
    'all_proxy',
    'no_proxy',
    'grpc_proxy',
    'RSYNC_PROXY',
];
/**
 * Merge environment layers ignoring case, as Windows reads names: a later
 * layer's entry replaces an earlier one, name and value; an `undefined`
 * value sets nothing. Two names that differ only by case in one block make
 * .NET's `Process.Start` throw.
 */
function mergeWindowsEnv(...layers) {
    const byName = new Map();
    for (const layer of layers) {
        for (const [name, value] of Object.entries(layer)) {
            if (value === undefined)
                continue;
            const folded = name.toUpperCase();
            const spelling = WINDOWS_PROXY_NAME_SPELLING.find(n => n.toUpperCase() === folded) ??
                name;
            byName.set(folded, [spelling, value]);
        }
    }
    return Object.fromEntries(byName.values());
}
/**
 * Parse a list of `KEY=VALUE` strings (as produced by
 * {@link generateProxyEnvVars}) into an object. Splits on the FIRST
 * `=` only, so values containing `=` survive intact. Shared with the
 * MXC backend's child-environment assembly.
 */
function envListToObject(list) {
    const out = {};
    for (const entry of list) {
        const eq = entry.indexOf('=');
        if (eq === -1)
            continue;
        out[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return out;
}
// ────────────────────────────────────────────────────────────────────
// Dependency / readiness check
// ────────────────────────────────────────────────────────────────────
/**
 * Why an existing install cannot be used by this `srt-win` (its setup
 * marker is another release's; re-run the install), or `undefined`.
 * An `srt-win` that does not report its setup version is not judged.
 */
function windowsSetupVersionMismatch(us, sublayerGuid) {
    if (us.setupVersion === undefined || us.markerVersion === us.setupVersion) {
        return undefined;
    }
    if (us.markerVersion !== undefined && us.markerVersion > us.setupVersion) {
        const sl = sublayerGuid ? ` --sublayer-guid ${sublayerGuid}` : '';
        return (`The Windows sandbox on this machine was set up by a newer ` +
            `release (setup version ${us.markerVersion}; this release needs ` +
            `${us.setupVersion}). Use that release, or replace its install ` +
            `with this one: \`srt-win.exe install --force${sl}\`.\n` +
            `Nothing is granted or run until then.`);
    }
    return (`The Windows sandbox on this machine was set up by a different ` +
        `release (setup version ${us.markerVersion ?? 'unknown'}; this ` +
        `release needs ${us.setupVersion}). Re-run the install to upgrade ` +
        `it in place (one UAC prompt):\n` +
        windowsInstallCommandLines(windowsInstallFlags({ sublayerGuid }, false)) +
        `Nothing is granted or run until then.`);
}
/** The two ways to run the install, with `flags` (see `windowsInstallFlags`). */
function windowsInstallCommandLines(flags) {
    return (`  ${WINDOWS_INSTALL_COMMAND}${flags}\n` +
        `  — or call installWindowsSandbox(), or run ` +
        `\`srt-win.exe install${flags}\` directly.\n`);
}
/**
 * Install instructions, surfaced verbatim in error messages.
 */
function windowsInstallInstructions(install, force = false) {
    const ctx = typeof install === 'string' ? { sublayerGuid: install } : install;
    return (`Windows sandbox needs a one-time install (one UAC prompt):\n` +
        windowsInstallCommandLines(windowsInstallFlags(ctx ?? {}, force)) +
        `No logout is needed: the WFP filter keys on the dedicated ` +
        `\`srt-sandbox\` user's SID, so your network is unaffected.`);
}
function settle(fn) {
    try {
        return { status: 'fulfilled', value: fn() };
    }
    catch (e) {
        return { status: 'rejected', reason: e };
    }
}
/**
 * Interpret the two probe results into a {@link SandboxDependencyCheck}.
 * Shared by the sync and async `checkWindowsDependencies*` variants so
 * both produce byte-identical `errors[]` for the same underlying state.
 *
 * `getWfp` is lazy: the sync caller's thunk spawns `wfp status` on
 * demand (preserving the short-circuit — no second spawn when
 * `user status` already failed); the async caller has already run
 * both probes concurrently and its thunk returns the settled result.
 */
function interpretDependencyProbes(install, user, getWfp) {
    const { sublayerGuid, allowLoopback } = install;
    const errors = [];
    const warnings = [];
    const mode = (open) => (open ? 'open' : 'closed');
    let reinstallRequired;
    let loopbackMismatch;
    const result = () => ({
        errors,
        warnings,
        ...(reinstallRequired && { reinstallRequired }),
        ...(loopbackMismatch && { loopbackMismatch }),
    });
    // 2. Sandbox user provisioned + credential readable.
    if (user.status === 'rejected') {
        errors.push(`srt-win user status failed: ${user.reason.message}`);
        return { errors, warnings };
    }
    const us = user.value;
    if (!us.provisioned || !us.credPresent) {
        errors.push(`Sandbox user is not provisioned (user=${us.provisioned}, ` +
            `cred=${us.credPresent}). ` +
            windowsInstallInstructions(install));
    }
    else {
        // Installed, by a release with another setup version: an upgrade,
        // not a missing sandbox, so its own wording.
        reinstallRequired = windowsSetupVersionMismatch(us, sublayerGuid);
        if (reinstallRequired)
            errors.push(reinstallRequired);
    }
    // 2b. Secondary Logon service usable: every launch goes through it.
    // Field absent (older srt-win) → no opinion.
    if (us.seclogon === 'disabled' || us.seclogon === 'missing') {
        errors.push(seclogonDisabledMessage(us.seclogon));
    }
    else if (us.seclogon === 'cannot-read') {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] Secondary Logon (seclogon) state cannot-read; ` +
            `a launch will show whether it is usable`);
    }
    // 3. WFP filters installed under the sublayer. BFE enumeration is
    // admin-gated; `cannot-read` is informational only — the
    // BEHAVIORAL check (`verifyWindowsWfpEgress`) runs at
    // `initialize()` and is what actually fails closed.
    const wfp = getWfp();
    if (wfp.status === 'rejected') {
        errors.push(`srt-win wfp status failed: ${wfp.reason.message}`);
        return result();
    }
    const ws = wfp.value;
    if (ws.state === 'cannot-read') {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] wfp status cannot-read (non-elevated): ${ws.hint}`);
    }
    else if (ws.state === 'loopback-mismatch') {
        // The filters in place are not the ones the install recorded.
        errors.push(`WFP filters under sublayer ${sublayerGuid ?? '(default)'} cannot ` +
            `be used: their loopback mode ` +
            `(${ws.allowLoopback ? 'open' : 'closed'}) is not the one the ` +
            `install recorded. Re-run the install for this configuration ` +
            `(one UAC prompt):\n  ` +
            windowsInstallCommand(install, true));
    }
    else if (ws.state !== 'installed') {
        // 'absent'. If the user is also not-provisioned, the user-state
        // error above already gave the right instruction; don't repeat.
        if (us.provisioned && us.credPresent) {
            errors.push(`WFP filters not installed under sublayer ` +
                `${sublayerGuid ?? '(default)'}. ` +
                windowsInstallInstructions(install));
        }
    }
    else if (ws.portRange) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] WFP installed: ${ws.filters} filters, ` +
            `proxy port range ${ws.portRange[0]}-${ws.portRange[1]}, ` +
            `loopback ${mode(ws.allowLoopback)}`);
    }
    // 4. The installed loopback mode is the configured one, in either
    // direction (`undefined`: the caller did not say what is configured).
    const fenced = us.provisioned &&
        us.credPresent &&
        (ws.state === 'installed' || ws.state === 'cannot-read');
    if (fenced &&
        allowLoopback !== undefined &&
        ws.allowLoopback !== allowLoopback) {
        loopbackMismatch =
            `WFP filters under sublayer ${sublayerGuid ?? '(default)'} do not ` +
                `match network.allowLocalBinding (installed: loopback ` +
                `${mode(ws.allowLoopback)}; configured: ` +
                `${mode(allowLoopback)}). Re-run the install for this ` +
                `configuration (one UAC prompt):\n  ` +
                windowsInstallCommand(install, true);
        errors.push(loopbackMismatch);
    }
    else if (fenced && ws.allowLoopback) {
        // Not an error, and not to be read past: say what is open.
        warnings.push(WINDOWS_ALLOW_LOOPBACK_EFFECT);
    }
    return result();
}
/**
 * Check the Windows backend is ready to sandbox. Errors block
 * `initialize()`; warnings are informational.
 *
 * Prefer {@link checkWindowsDependenciesAsync}; this variant
 * `spawnSync`-blocks the event loop on two `srt-win.exe` spawns
 * (Windows Defender cold-scan can add seconds).
 *
 * @param opts.allowLoopback the configured `network.allowLocalBinding`:
 *   an install with the other loopback mode is an error. Omit it to
 *   skip the comparison.
 * @param opts.proxyPortRange, opts.sandboxUser the configured install
 *   options, named in the install command an error suggests.
 */
function checkWindowsDependencies(opts = {}) {
    // 1. Binary present. The argless `resolveSrtWin()` throws (no
    // implicit vendor fallback) — surfaced as a dependency error
    // telling the caller to thread an explicit path.
    let srtWin;
    try {
        srtWin = opts.srtWin ?? resolveSrtWin();
    }
    catch (e) {
        return { errors: [e.message], warnings: [] };
    }
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] using srt-win at ${srtWin.exe}`);
    return interpretDependencyProbes(opts, settle(() => getWindowsSandboxUserStatus({ srtWin })), 
    // Lazy: spawned only if user-status succeeded (short-circuit).
    () => settle(() => getWindowsWfpStatus({ sublayerGuid: opts.sublayerGuid, srtWin })));
}
/**
 * Async twin of {@link checkWindowsDependencies}. Same result for the
 * same underlying state; runs the two `srt-win` probes concurrently
 * and never blocks the event loop.
 */
async function checkWindowsDependenciesAsync(opts = {}) {
    let srtWin;
    try {
        srtWin = opts.srtWin ?? resolveSrtWin();
    }
    catch (e) {
        return { errors: [e.message], warnings: [] };
    }
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] using srt-win at ${srtWin.exe}`);
    const [user, wfp] = await Promise.allSettled([
        getWindowsSandboxUserStatusAsync({ srtWin }),
        getWindowsWfpStatusAsync({ sublayerGuid: opts.sublayerGuid, srtWin }),
    ]);
    return interpretDependencyProbes(opts, user, () => wfp);
}
//# sourceMappingURL=windows-sandbox-utils.js.map
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/mxc-sandbox-utils.js
/**
 * MXC BaseContainer backend for Windows, chosen by the caller with
 * `windows.backend: 'mxc'`.
 *
 * On hosts whose Windows build supports MXC's **BaseContainer** tier,
 * sandboxed commands start through the `@microsoft/mxc-sdk` Node API,
 * in this process: the OS applies filesystem and network policy in its
 * own elevated context, with no install step, no UAC, no ACL stamping,
 * and policy lifetime bound to the container. MXC's AppContainer tiers
 * are never used: srt-win's WFP fence is mandatory and fail-closed,
 * where MXC's AppContainer network enforcement is cooperative.
 *
 * The SDK starts the process itself, so this backend has no argv form:
 * callers use `SandboxManager.spawnSandboxed()`, and
 * `wrapWithSandboxArgv()` refuses.
 *
 * `network.tlsTerminate` is not supported here: Schannel clients in a
 * BaseContainer do not trust the MITM CA.
 *
 * ── Fail closed ──────────────────────────────────────────────────────
 *
 * Every spawn first runs the SDK's request-aware `probe()` on the exact
 * request it is about to start. The probe runs MXC's own tier detector,
 * the same code that picks the tier at spawn time. Anything other than
 * a clean `base-container` answer that supports every restriction in
 * the request (denied paths, the host proxy, clipboard and input
 * injection blocking) refuses the spawn. Nothing retries with a weaker
 * request and nothing falls back to srt-win.
 *
 * Residual risk: tier selection runs again inside `spawn()`. If the
 * machine changed between the two calls, MXC could pick an AppContainer
 * tier rather than fail. The calls are milliseconds apart.
 *
 * ── Policy mapping ───────────────────────────────────────────────────
 *
 * srt's cross-platform contract: writes are an ALLOW-list
 * (`filesystem.allowWrite`), reads are a DENY-list
 * (`filesystem.denyRead`, readable everywhere else). BaseContainer is
 * default-deny in both directions, so:
 *
 *   - reads:  `readonlyPaths: [<system drive root>, cwd, ...allowRead]`
 *     restores read-everywhere, then `deniedPaths: denyRead ∪
 *     credential-file denies` carves the deny-list out.
 *     Only the system drive is granted: other fixed drives are
 *     unreadable unless listed in allowRead.
 *   - writes: `readwritePaths: [...allowWrite, %TEMP%]`. %TEMP% is
 *     granted for parity with macOS/Linux (TMPDIR is always writable).
 *     cwd is NOT auto-granted, as on every other platform.
 *   - MXC resolves overlapping entries by path specificity, whatever
 *     the list order: a grant beneath a denied path is accessible and
 *     the rest of the deny stays denied, which is srt's ranking (a
 *     grant beneath a deny outranks it). So the lists go as they are.
 *   - denyWrite: mapped into `deniedPaths` too, which over-denies
 *     (BaseContainer has no write-only deny, so reads on those paths
 *     are lost as well).
 *   - network: `egress.default: 'deny'`; with a proxy configured,
 *     `ingress.default: 'allow'` + `ingress.hostLoopback: 'allow'` and
 *     `runtimeConfig.networkProxy` naming the proxy port as the only
 *     way out (MXC 1.0's host proxy without a peer identity). srt's
 *     proxy does the domain filtering exactly as on macOS/Linux.
 *   - UI: on for every command (see {@link buildMxcRequest}), with
 *     clipboard and input injection blocked.
 */





const MXC_PKG = '@microsoft/mxc-sdk';
const MXC_V1 = `${MXC_PKG}/v1`;
// ────────────────────────────────────────────────────────────────────────
// Loading the SDK
// ────────────────────────────────────────────────────────────────────────
/** Whether `@microsoft/mxc-sdk` resolves from here, without loading it. */
function isMxcSdkInstalled() {
    try {
        (0,external_node_module_.createRequire)(import.meta.url).resolve(`${MXC_PKG}/package.json`);
        return true;
    }
    catch {
        return false;
    }
}
/** Why `windows.backend: 'mxc'` cannot load the SDK. */
const MXC_SDK_MISSING = `${MXC_PKG} is not installed (install it on Node 24 or later, or pass windowsMxcSdk to initialize())`;
/**
 * Load `@microsoft/mxc-sdk/v1`.
 *
 * @throws {WindowsSandboxError} `backend_unsupported` when the package
 * is missing or does not export `probe` and `spawn`.
 */
async function loadMxcSdk() {
    let mod;
    try {
        // A variable specifier keeps bundlers and tsc from resolving an
        // optional dependency that is usually absent.
        const specifier = MXC_V1;
        mod = await __webpack_require__(94002)(specifier);
    }
    catch (e) {
        throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but ${MXC_SDK_MISSING}: ${e.message}`);
    }
    const sdk = mod;
    if (typeof sdk?.probe !== 'function' || typeof sdk.spawn !== 'function') {
        throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but ${MXC_V1} does not export probe() and spawn()`);
    }
    return { probe: sdk.probe, spawn: sdk.spawn };
}
/**
 * The SDK a session uses: the embedder's when it passed one, otherwise
 * the installed package. An injected SDK is used as given, and the
 * package is not resolved.
 *
 * @throws {WindowsSandboxError} `backend_unsupported` when the injected
 * object lacks `probe` or `spawn`, or from {@link loadMxcSdk}.
 */
async function resolveMxcSdk(injected) {
    if (injected === undefined)
        return loadMxcSdk();
    const probe = injected?.probe;
    const spawn = injected?.spawn;
    if (typeof probe !== 'function' || typeof spawn !== 'function') {
        throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but windowsMxcSdk does not have probe() and spawn()`);
    }
    // The two functions, bound, so a later change to the caller's object
    // changes nothing here and methods keep their receiver.
    return { probe: probe.bind(injected), spawn: spawn.bind(injected) };
}
/**
 * Every reason the probe's answer cannot enforce `request` exactly.
 * Empty means the request is safe to spawn.
 */
function mxcProbeRefusals(request, probe) {
    if (probe.error !== undefined)
        return [`the probe failed: ${probe.error}`];
    const reasons = [];
    if (probe.tier !== 'base-container') {
        reasons.push(`this host offers MXC tier '${probe.tier ?? 'none'}'; BaseContainer is required`);
    }
    if (probe.needsDaclAugmentation === true) {
        reasons.push('the tier needs host ACL changes (DACL augmentation)');
    }
    const facts = probe.probes;
    if (request.filesystem.deniedPaths.length > 0 &&
        !facts.baseContainerSupportsDenyPaths) {
        reasons.push('BaseContainer cannot enforce denied paths on this host');
    }
    if (request.network.runtimeConfig !== undefined) {
        if (!facts.baseContainerSupportsIdentitylessLoopbackProxy) {
            reasons.push('BaseContainer cannot confine egress to the host proxy');
        }
        if (!facts.baseContainerSupportsIngressHostLoopbackAllow) {
            reasons.push('BaseContainer cannot allow host loopback for the proxy');
        }
    }
    const ui = facts.uiCapabilities;
    if (!ui.canBlockClipboardRead || !ui.canBlockClipboardWrite) {
        reasons.push('this host cannot block clipboard access');
    }
    if (!ui.canBlockInputInjection) {
        reasons.push('this host cannot block input injection');
    }
    return reasons;
}
/**
 * Probe `request`, refusing anything {@link mxcProbeRefusals} reports.
 *
 * @throws {WindowsSandboxError} `backend_unsupported`.
 */
function assertMxcCanEnforce(sdk, request) {
    let probe;
    try {
        probe = sdk.probe(request);
    }
    catch (e) {
        throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but the probe failed: ${e.message}`);
    }
    const reasons = mxcProbeRefusals(request, probe);
    if (reasons.length > 0) {
        throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but ${reasons.join('; ')}`);
    }
    for (const warning of probe.warnings) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] mxc probe: ${warning}`);
    }
    return probe;
}
/**
 * Check, once at `initialize()`, that this host can run the session's
 * policy on BaseContainer. `request` is the session policy compiled by
 * {@link buildMxcRequest}.
 *
 * @throws {WindowsSandboxError} `backend_unsupported`.
 */
function verifyMxcBackend(sdk, request) {
    assertMxcCanEnforce(sdk, request);
}
/**
 * Start `request` after {@link assertMxcCanEnforce} accepts it. The
 * probe runs on every spawn, so a command whose per-command policy the
 * host cannot enforce never starts.
 */
async function spawnMxcRequest(sdk, request) {
    assertMxcCanEnforce(sdk, request);
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] mxc spawn: ${request.filesystem.readwritePaths.length} write, ` +
        `${request.filesystem.deniedPaths.length} denied paths`);
    return sdk.spawn(request);
}
// ────────────────────────────────────────────────────────────────────────
// Command-line assembly
// ────────────────────────────────────────────────────────────────────────
/**
 * MSVCRT/CreateProcess argument quoting: no quotes for safe tokens;
 * otherwise wrap in `"…"`, doubling backslashes that precede a `"` or
 * the closing quote and escaping each `"` as `\"`.
 */
function joinWindowsCommandLine(argv) {
    return argv.map(quoteWindowsArg).join(' ');
}
/**
 * Build the ONE command line MXC hands verbatim to the OS as
 * `lpCommandLine`. The string must therefore be exactly what the
 * CHILD parses:
 *
 *   - cmd.exe does NOT use MSVCRT escaping: the payload after `/c`
 *     gets ONE outer quote pair for `/s` to strip, contents verbatim
 *     (quotes and metachars untouched: they are the user's tool
 *     inside the sandbox). This mirrors srt-win's `build_cmdline`.
 *   - pwsh/powershell/bash are CRT programs that argv-parse their
 *     command line MSVCRT-style, so the payload is a regular quoted
 *     argv element.
 */
function buildShellCommandLine(sh, command) {
    const base = external_node_path_.win32.basename(sh.exe).toLowerCase();
    if (base === 'cmd' || base === 'cmd.exe') {
        return `${joinWindowsCommandLine([sh.exe, ...sh.args])} "${command}"`;
    }
    return joinWindowsCommandLine([sh.exe, ...sh.args, command]);
}
function quoteWindowsArg(arg) {
    if (arg.length > 0 && !/[ \t\n\v"]/.test(arg))
        return arg;
    let out = '"';
    let backslashes = 0;
    for (const ch of arg) {
        if (ch === '\\') {
            backslashes++;
            continue;
        }
        if (ch === '"') {
            // 2n+1: escape the backslashes AND the quote.
            out += '\\'.repeat(backslashes * 2 + 1) + '"';
        }
        else {
            out += '\\'.repeat(backslashes) + ch;
        }
        backslashes = 0;
    }
    // 2n before the closing quote so it isn't escaped.
    out += '\\'.repeat(backslashes * 2) + '"';
    return out;
}
/** Compile srt semantics into an SDK v1 container request. */
function buildMxcRequest(p) {
    const systemDrive = `${process.env.SystemDrive ?? 'C:'}\\`;
    const workingDirectory = p.cwd ?? process.cwd();
    // The host's temp folder stays writable by its full path. It is not
    // the child's %TEMP%: see CHILD_BASE_ENV_VARS.
    const temp = process.env.TEMP ?? process.env.TMP;
    const sh = p.binShell ?? parseWindowsBinShell(undefined);
    const hasProxy = p.httpProxyPort !== undefined;
    // The proxy username carries the command's attribution key, as on
    // srt-win, so per-command network lists and violations reach it.
    const encodedCommand = (0,sandbox_utils/* encodeSandboxedCommand */.iG)((0,sandbox_utils/* attributionKeyFor */.Q1)(p.command, p.commandId));
    const proxyUser = (0,sandbox_utils/* proxyUsernameFor */.Cv)(encodedCommand);
    const proxyEnv = (0,sandbox_utils/* generateProxyEnvVars */.ZD)(p.httpProxyPort, p.socksProxyPort, undefined, p.proxyAuthToken, undefined, encodedCommand);
    const readwritePaths = [
        ...(p.allowWrite ?? []),
        ...(temp !== undefined ? [temp] : []),
    ];
    const deniedPaths = [...(p.denyRead ?? []), ...(p.denyWrite ?? [])];
    // MXC lets the most specific entry win. A read-only entry at or
    // beneath a write grant would make that subtree read-only, so it is
    // left out when the write grant is what governs it (no deny between
    // the two; beneath such a deny the read grant is what re-opens reads).
    // The working directory is added for reading only outside every deny:
    // beneath one it would override the deny.
    const writable = coveringWindowsPath(readwritePaths);
    const denied = coveringWindowsPath(deniedPaths);
    const governedByWrite = (r) => {
        const w = writable(r);
        if (w === undefined)
            return false;
        const under = coveringWindowsPath([w]);
        return !deniedPaths.some(d => coveringWindowsPath([d])(r) !== undefined && under(d) !== undefined);
    };
    const readonlyPaths = [
        systemDrive,
        ...(denied(workingDirectory) === undefined ? [workingDirectory] : []),
        ...(p.allowRead ?? []),
    ].filter(r => !governedByWrite(r));
    return {
        command: buildShellCommandLine(sh, p.command),
        filesystem: { readonlyPaths, readwritePaths, deniedPaths },
        network: {
            egress: { default: 'deny' },
            // MXC 1.0 refuses a host proxy unless ingress.default is 'allow',
            // and one without a peer identity also needs hostLoopback 'allow'
            // (resolved on its own, not inherited). On Windows 11 25H2 (build
            // 26200.9711) this still admitted nothing inbound, from loopback
            // or the LAN, and blocked outbound to other loopback ports; MXC
            // documents no guarantee of that. Without a proxy both are denied.
            ...(hasProxy
                ? {
                    ingress: { default: 'allow', hostLoopback: 'allow' },
                    runtimeConfig: {
                        networkProxy: `http://${p.proxyAuthToken
                            ? `${encodeURIComponent(proxyUser)}:${p.proxyAuthToken}@`
                            : ''}127.0.0.1:${p.httpProxyPort}`,
                    },
                }
                : { ingress: { default: 'deny', hostLoopback: 'deny' } }),
        },
        // UI stays on for every command. With it off, any program that loads
        // user32 or gdi32 (PowerShell, git, node, whoami, tasklist and most
        // other tools) fails at startup with 0xC0000142, and children
        // inherit the container's setting, so it can't be chosen per shell.
        // The cost: a sandboxed program can open a window on the desktop.
        // Clipboard and input injection stay blocked.
        ui: { disable: false, clipboard: 'none', allowInputInjection: false },
        ...(p.timeoutMs !== undefined && p.timeoutMs > 0
            ? { timeoutMs: p.timeoutMs }
            : {}),
        workingDirectory,
        environment: buildChildEnv(p, proxyEnv),
        inheritDefaultEnvironment: false,
    };
}
/**
 * Host variables copied into the child's environment. The child gets
 * exactly the environment srt builds (`inheritDefaultEnvironment` is
 * off): the user's profile environment can hold secrets, so it is
 * never layered underneath. This is the set ordinary Windows programs
 * expect to find; MXC refuses to start a child without LOCALAPPDATA.
 *
 * MXC replaces TEMP, TMP and LOCALAPPDATA with a per-command folder of
 * its own (under `AppData\Local\Packages\sandbox.{GUID}\AC`), deleted
 * when the command ends; the values sent here only have to be present.
 */
const CHILD_BASE_ENV_VARS = [
    'ALLUSERSPROFILE',
    'APPDATA',
    'CommonProgramFiles',
    'CommonProgramFiles(Arm)',
    'CommonProgramFiles(x86)',
    'CommonProgramW6432',
    'COMPUTERNAME',
    'ComSpec',
    'HOMEDRIVE',
    'HOMEPATH',
    'LOCALAPPDATA',
    'NUMBER_OF_PROCESSORS',
    'OS',
    'PATH',
    'PATHEXT',
    'PROCESSOR_ARCHITECTURE',
    'PROCESSOR_IDENTIFIER',
    'PROCESSOR_LEVEL',
    'PROCESSOR_REVISION',
    'ProgramData',
    'ProgramFiles',
    'ProgramFiles(Arm)',
    'ProgramFiles(x86)',
    'ProgramW6432',
    'PUBLIC',
    'SystemDrive',
    'SystemRoot',
    'TEMP',
    'TMP',
    'USERDOMAIN',
    'USERNAME',
    'USERPROFILE',
    'windir',
];
/**
 * The child's environment. Precedence matches srt-win: host base vars,
 * then mask sentinels, then the generated proxy set (so a caller
 * masking HTTPS_PROXY cannot break the sandbox's own plumbing), then
 * GIT_CONFIG_* last so its COUNT composition wins, then the caller's
 * `env` over all of it, as the `--env` pairs a caller adds after
 * srt-win's own are. The caller keeps sandbox-runtime's names (PATH,
 * the proxy variables, GIT_CONFIG_*) and masked names off it.
 */
function buildChildEnv(p, proxyEnv) {
    // Same two deletions as srt-win, same reasons: TMPDIR is POSIX-only
    // and breaks msys2 tools; NO_PROXY would send localhost DIRECT into
    // the container's egress block (only the proxy port is reachable).
    const envList = proxyEnv.filter(e => !e.startsWith('TMPDIR=') &&
        !e.startsWith('NO_PROXY=') &&
        !e.startsWith('no_proxy='));
    const gitCfg = (0,sandbox_utils/* buildGitConfigEnv */.km)({
        safeDirs: [
            p.cwd ?? process.cwd(),
            ...(p.allowWrite ?? []),
            ...(p.gitSafeDirectories ?? []),
        ],
        schannelCa: false,
        baseEnv: p.setEnvVars,
    });
    const base = {};
    for (const k of CHILD_BASE_ENV_VARS) {
        const v = process.env[k];
        if (v !== undefined)
            base[k] = v;
    }
    // Node's built-in clients read the proxy variables only with
    // NODE_USE_ENV_PROXY set, as srt-win sets it; first, so a caller's
    // value wins.
    return mergeWindowsEnv(base, p.httpProxyPort ? { NODE_USE_ENV_PROXY: '1' } : {}, p.setEnvVars ?? {}, envListToObject(envList), gitCfg, p.env ?? {});
}
//# sourceMappingURL=mxc-sandbox-utils.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/own-files.js




/**
 * A warning when a sandboxed command could rewrite this copy of the library:
 * the host side runs unsandboxed, so whoever may write
 * `<project>/node_modules/` decides what the next run there executes.
 *
 * That is when the package directory holding `moduleFile` lies at or under one
 * of `allowedWritePaths`, as spelled or where it really is. Undefined
 * otherwise, and for a copy not under a `node_modules` (a checkout, which is
 * the project being worked on) or with no manifest on disk (compiled into an
 * application). An allowed write path that is a pattern is not judged.
 */
function ownInstallWarning(allowedWritePaths, moduleFile = (0,external_node_url_.fileURLToPath)(import.meta.url)) {
    let root = external_node_path_.dirname(moduleFile);
    while (!external_node_fs_.existsSync(external_node_path_.join(root, 'package.json'))) {
        if (root === external_node_path_.dirname(root))
            return undefined;
        root = external_node_path_.dirname(root);
    }
    if (!root.split(external_node_path_.sep).includes('node_modules'))
        return undefined;
    const writable = allowedWritePaths.flatMap(allowed => (0,sandbox_utils/* pathSpellings */.NA)((0,sandbox_utils/* normalizePathForSandbox */.lW)(allowed)));
    const covered = (0,sandbox_utils/* pathSpellings */.NA)(root).some(form => writable.some(allowed => (0,sandbox_utils/* isAtOrUnder */.Xb)(form, allowed)));
    return covered
        ? `sandbox-runtime is installed in ${root}, where a sandboxed command ` +
            `can write it - install it outside the allowed write paths`
        : undefined;
}
//# sourceMappingURL=own-files.js.map
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js
var domain_pattern = __webpack_require__(81683);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-manager.js

































// ============================================================================
// Private Module State
// ============================================================================
let config;
/** How many times a configuration has been installed. A wrap tells by this
 *  as well as by the object: initialize() keeps the caller's own, which can
 *  be handed to it again. */
let configInstalls = 0;
let httpProxyServer;
let socksProxyServer;
let muxProxyServer;
let managerContext;
let initializationPromise;
// The initialize() in flight, from its first step: a profile grant refresh
// can hold it for minutes before initializationPromise exists. reset()
// moves the generation on, which cancels it.
let pendingInitialize;
let initializeGeneration = 0;
// Kills the profile grant a refresh is running, at reset().
let windowsProfileGrantAbort;
let cleanupRegistered = false;
let ownInstallLogged = false;
let logMonitorShutdown;
let linuxMonitor;
let parentProxy;
/** Read live through {@link directLookup}, so a config update applies to the next dial. */
let resolvedAddressGuard = (0,resolved_address_guard/* createResolvedAddressGuard */.W8)();
let mitmCA;
/**
 * Resolved path of the JVM proxy agent jar (see java-proxy-agent.ts); set
 * while a proxy is advertised to the sandbox, undefined if the jar is not
 * shipped/found (JVMs then just aren't proxy-aware, as before).
 */
let javaAgentJarPath;
// Per-session proxy auth token. Generated at proxy start, exported only into
// the sandbox child env, checked on every CONNECT/request — so a host process
// dialing 127.0.0.1:<proxyPort> can't reach the filter callback.
let proxyAuthToken;
// Windows: the config's resolved access set that was actually applied
// at initialize(). `undefined` means no stamp/grant was applied
// (gates running `acl restore`/`acl revoke` at reset()).
let windowsFsStampedSet;
// The sandbox user SID captured at initialize(). reset() uses this
// so a config change between init and reset can't strand ACEs
// under a different SID.
let windowsFsSbUserSid;
// The RAW config inputs that produced `windowsFsStampedSet`.
// updateConfig() compares these (not the resolved set) so it never
// re-expands globs — see `sameWindowsStampSet`.
let windowsFsRawInputs;
// `verifyWindowsWfpEgress()` is once per PROCESS (it spawns a
// CreateProcessWithLogonW runner; first call may create the sandbox
// user's profile). The WFP fence is install-scoped, not config- or
// session-scoped — reset() does NOT clear this, so updateConfig()'s
// reset+reinit and the test suite's per-test reset() don't re-verify.
// Remembered as the sandbox account the check passed for: a different
// account (a reinstall) is checked again.
let windowsWfpVerifiedFor;
// And the loopback mode (`network.allowLocalBinding`) it was run with: a
// session configured with the other is checked, and refused, again.
let windowsWfpVerifiedLoopback;
// The `srt-win` builds, by identity, that reported every capability the
// library relies on. Only a yes is remembered.
const windowsCapableSrtWin = new Set();
/**
 * What tells one `srt-win` from another: the executable, the arguments
 * put in front of every call, and — so that a file replaced in place
 * is a different one — its size and modification time.
 */
function windowsSrtWinIdentity(srtWin) {
    let stat = '';
    try {
        const st = external_fs_.statSync(srtWin.exe);
        stat = `${st.size}:${st.mtimeMs}`;
    }
    catch {
        // Not a path that can be looked at (resolved through PATH, say):
        // the name and arguments are the identity.
    }
    return JSON.stringify([srtWin.exe, srtWin.prependArgs, stat]);
}
const WINDOWS_CAPABILITIES_WHY = `a session depends on (its read ` +
    `denies are written on the profile read grant's paths by srt-win, ` +
    `and kept grants are checked and removed there)`;
/**
 * Make sure the `srt-win` this command runs through has reported every
 * capability the library relies on; asked once per identity.
 */
function assertWindowsSrtWinCapable(srtWin) {
    const id = windowsSrtWinIdentity(srtWin);
    if (windowsCapableSrtWin.has(id))
        return;
    const missing = missingWindowsSrtWinCapability(getWindowsProfileReadStatus({ srtWin }).capabilities);
    if (missing !== undefined) {
        throw windowsSrtWinOutdatedError(missing, WINDOWS_CAPABILITIES_WHY);
    }
    windowsCapableSrtWin.add(id);
}
// Windows: whether this session's commands read the user's profile
// through the profile read grant.
let windowsProfileRead;
// Windows: what the session has to tell its user about the profile
// read grant it runs on (getWindowsProfileReadWarnings).
let windowsProfileReadWarnings = [];
// Windows: what this initialize() found when it refreshed the grant.
let windowsProfileReadRefresh;
/**
 * What a session on this grant has to tell its user, from what
 * `srt-win` found — each message says what was established about its
 * paths and nothing more.
 */
function windowsProfileReadWarningsOf(grant) {
    const list = (items) => items.map(i => i.path).join(', ');
    const out = [];
    // Open through an entry this product wrote and could not take
    // back: the strongest case, said first and as what it is.
    const byOurs = grant.unprotected.filter(i => i.entry !== undefined);
    const byList = grant.unprotected.filter(i => i.entry === undefined);
    const callerReads = grant.unverifiable.filter(i => i.callerReads === true);
    const rest = grant.unverifiable.filter(i => i.callerReads !== true);
    if (byOurs.length + byList.length + callerReads.length > 0) {
        const parts = [];
        if (byOurs.length > 0) {
            parts.push(`${byOurs.length} READABLE THROUGH AN ENTRY THIS PRODUCT WROTE and ` +
                `could not remove — each path's reason gives the icacls command ` +
                `that removes it, to be run as the object's owner or from an ` +
                `elevated prompt, followed by the grant again (${list(byOurs)})`);
        }
        if (byList.length > 0) {
            parts.push(`${byList.length} by their own access lists, which you may not ` +
                `change (${list(byList)})`);
        }
        if (callerReads.length > 0) {
            parts.push(`${callerReads.length} whose access lists could not be read but ` +
                `which you can read all the same, so sandboxed commands may ` +
                `too (${list(callerReads)})`);
        }
        out.push({
            code: 'profile_exclusion_unprotected',
            message: `Paths on the exclusion list of the profile read grant could not ` +
                `be denied and are, or may be, readable to sandboxed commands: ` +
                parts.join('; ') +
                `. Only their owner or an administrator can close them.`,
            paths: [...byOurs, ...byList, ...callerReads],
        });
    }
    if (rest.length > 0) {
        const unreadable = rest.filter(i => i.callerReads === false);
        const noAccount = rest.filter(i => i.cause === 'account_unknown');
        const other = rest.filter(i => i.callerReads !== false && i.cause !== 'account_unknown');
        const parts = [];
        if (unreadable.length > 0) {
            parts.push(`${unreadable.length} whose access lists could not be read; you ` +
                `cannot read their content either (${list(unreadable)})`);
        }
        if (noAccount.length > 0) {
            parts.push(`${noAccount.length} that could not be examined because the ` +
                `sandbox account is not known (${list(noAccount)})`);
        }
        if (other.length > 0) {
            parts.push(`${other.length} that were not examined (${list(other)})`);
        }
        out.push({
            code: 'profile_exclusion_unverifiable',
            message: `Paths on the exclusion list of the profile read grant could not ` +
                `be denied, and whether sandboxed commands can read them was not ` +
                `established: ` +
                parts.join('; ') +
                `.`,
            paths: rest,
        });
    }
    if (grant.staleAllow.length > 0) {
        out.push({
            code: 'profile_stale_allow',
            message: `${grant.staleAllow.length} path(s) that have left the profile ` +
                `read grant may still carry an entry of it that could not be ` +
                `removed, and stay readable to sandboxed commands until it is: ` +
                `${list(grant.staleAllow)}. None is on the exclusion list. Each ` +
                `path's reason says what stopped it. A session start tries local ` +
                `paths again, at most every six hours; with every sandbox session ` +
                `closed, \`srt-win profile retry-stale\` tries them all now.`,
            paths: grant.staleAllow,
        });
    }
    const replaced = grant.replacedFiles ?? [];
    if (replaced.length > 0) {
        out.push({
            code: 'profile_file_replaced',
            message: `${replaced.length} configuration file(s) were replaced since the ` +
                `profile read grant was made and are not readable to sandboxed ` +
                `commands; the variables that point at them are not returned: ` +
                `${replaced.join(', ')}. Run grantWindowsProfileRead() ` +
                `(\`srt-win profile grant\`) again.`,
            paths: replaced.map(path => ({
                path,
                reason: 'replaced since the grant was made',
            })),
        });
    }
    return out;
}
// Resolved once at initialize() (`resolveSrtWin` stats the disk).
// Captured so wrapWithSandboxArgv/reset() don't re-resolve per call
// and so reset()'s revoke/restore addresses the SAME binary the
// grants/stamps were applied with even if `config` mutated between.
let srtWinSpawn;
// Set iff initialize() selected mxc: the loaded SDK and the session
// fs sets — the SAME expansion (`computeWindowsFsAccessSet`) the probe
// validated, applied per spawn inside the MXC request instead of via
// session ACLs. Its presence IS the "mxc selected" signal
// spawnSandboxed, wrap and getWindowsBackend dispatch on; srt-win's is
// `srtWinSpawn`.
let windowsMxcState;
const sandboxViolationStore = new sandbox_violation_store/* SandboxViolationStore */.ox();
// Per-session sentinel↔real-value map for masked credentials. Lives only in
// process memory; never written to disk or logged. Cleared on reset().
const sentinelRegistry = new SentinelRegistry();
// Per-session linked AWS credential pairs for SigV4 re-signing, keyed by
// the fake access key id. Same lifecycle and secrecy posture as the
// sentinel registry.
const awsPairRegistry = new AwsPairRegistry();
// Temp dir holding the sentinel-content fake files for masked credential
// files. Created lazily on first masked file; removed on reset().
const maskedFileStore = new MaskedFileStore();
// ============================================================================
// Private Helper Functions (not exported)
// ============================================================================
function registerCleanup() {
    if (cleanupRegistered) {
        return;
    }
    const cleanupHandler = () => sandbox_manager_reset().catch(e => {
        (0,debug/* logForDebugging */.o)(`Cleanup failed in registerCleanup ${e}`, {
            level: 'error',
        });
    });
    process.once('exit', () => {
        void cleanupHandler();
        // On 'exit' reset() gets as far as its first await, so what it takes out
        // of the temp directory later than that goes here. After it, because on
        // Windows it starts by revoking a grant on the trust-bundle directory.
        // Only paths this process made and still holds: never a listing of the
        // temp directory, never a path out of the configuration.
        if (mitmCA)
            (0,mitm_ca/* disposeMitmCASync */.YR)(mitmCA);
        muxProxyServer?.removeBackendSocketSync();
        maskedFileStore.dispose();
        // A bridge told to end removes its own socket, but not every time.
        const bridge = managerContext?.linuxBridge;
        for (const path of [bridge?.httpSocketPath, bridge?.socksSocketPath]) {
            try {
                if (path)
                    external_fs_.rmSync(path, { force: true });
            }
            catch {
                // Best effort: an 'exit' handler must not throw.
            }
        }
    });
    process.once('SIGINT', cleanupHandler);
    process.once('SIGTERM', cleanupHandler);
    cleanupRegistered = true;
}
// An older srt-win reports 'restored'/'alreadyOriginal' where a
// current one reports 'revoked'/'stillHeld'.
const WINDOWS_ACL_RELEASE_OK = new Set([
    'revoked',
    'stillHeld',
    'restored',
    'alreadyOriginal',
]);
function logWindowsAclOutcomes(kind, outcomes) {
    for (const e of outcomes ?? []) {
        if (!WINDOWS_ACL_RELEASE_OK.has(e.status)) {
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] ${kind}: '${e.path}' ${e.status} — ` +
                `ACE may be left in place; resolve and run ` +
                `\`srt-win acl recover\` to clear`, { level: 'warn' });
        }
    }
}
/**
 * Whether the deny restore may run: only after a revoke that
 * completed — otherwise a grant may still be on disk, and the sandbox
 * account is shared. srt-win enforces the same rule from its records.
 */
function windowsAclRestoreAllowed(revoke) {
    logWindowsAclOutcomes('grant revoke', revoke.outcomes);
    if (revoke.complete)
        return true;
    const paths = revoke.pending;
    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] grant revoke did not complete` +
        ` — NOT running the deny restore; deny ACEs stay in place ` +
        `while a grant may still be on disk. Grants possibly left in ` +
        `place: ${paths.length > 0 ? paths.map(p => `'${p}'`).join(', ') : '(none reported)'}` +
        (revoke.detail ? `. srt-win: ${revoke.detail}` : '') +
        `. The next revoke retries them; after this process exits, ` +
        `\`srt-win acl recover\` does, and removes its deny ACEs once ` +
        `they are released (\`--force\` drops the record of a grant ` +
        `that can no longer be located).`, { level: 'error' });
    return false;
}
function releaseWindowsSessionAcls(sandboxUserSid, srtWin) {
    const o = { sandboxUserSid, srtWin };
    if (windowsAclRestoreAllowed(revokeWindowsAclChecked(o))) {
        logWindowsAclOutcomes('deny restore', restoreWindowsAcl(o));
    }
}
/**
 * Attribution key to command text for every wrapped invocation, so each
 * producer can report (and ignoreViolations can match) the command an event
 * belongs to rather than the opaque key. Keys are held decoded because that
 * is the form the carriers deliver. Bounded FIFO: the violation store itself
 * only retains the last 100 events, so long-gone invocations need no entry.
 */
const MAX_COMMAND_TEXTS = 1024;
const commandTextsByKey = new Map();
/** Exported for testing. */
function registerCommandText(command, options) {
    const key = (0,sandbox_utils/* decodeSandboxedCommand */.im)((0,sandbox_utils/* encodeSandboxedCommand */.iG)((0,sandbox_utils/* attributionKeyFor */.Q1)(command, options?.commandId)));
    const text = options?.commandText ?? command;
    commandTextsByKey.delete(key);
    commandTextsByKey.set(key, text);
    while (commandTextsByKey.size > MAX_COMMAND_TEXTS) {
        const oldest = commandTextsByKey.keys().next().value;
        if (oldest === undefined)
            break;
        commandTextsByKey.delete(oldest);
    }
}
/**
 * The command text for a decoded attribution key. Keys arrive over carriers
 * the sandboxed process can write (the observe socket's event field, the
 * macOS log tag, the proxy username), so only a key this process registered
 * carries the embedder's own text; anything else is untrusted bytes.
 * Exported for testing.
 */
function resolveCommandText(decodedKey) {
    return (commandTextsByKey.get(decodedKey) ??
        (0,sandbox_violation_store/* sanitizeUnregisteredCommandKey */.ti)(decodedKey));
}
/**
 * The shortest commandId a per-command allow list may be registered under:
 * 16 random bytes (128 bits) as unpadded base64url. The floor only turns away
 * what is too short to hold 128 bits: it cannot tell a random id from a
 * predictable one of the same length.
 */
const MIN_NETWORK_LISTS_COMMAND_ID_LENGTH = 22;
/**
 * Attribution key to the network allow list registered for one invocation
 * (registerCommandNetworkLists), keyed the way commandTextsByKey is because
 * the proxy username delivers both. The embedder removes an entry when its
 * command is gone. Not bounded the way commandTextsByKey is: dropping the
 * oldest entry would silently take a list away from a running command.
 */
const commandNetworkListsByKey = new Map();
function registerCommandNetworkLists(commandId, lists) {
    // The floor is measured on the key the map holds, not on the raw id, and
    // less U+FFFD: every unpaired surrogate becomes one, so it carries nothing.
    const key = typeof commandId === 'string'
        ? (0,sandbox_utils/* decodeSandboxedCommand */.im)((0,sandbox_utils/* encodeSandboxedCommand */.iG)(commandId))
        : '';
    // The id is not echoed in either message: it is what stands between a
    // sandboxed process and this list, and error text ends up in logs.
    if (key.replace(/\ufffd/g, '').length < MIN_NETWORK_LISTS_COMMAND_ID_LENGTH) {
        throw new Error(`registerCommandNetworkLists: commandId must be a string of at least ` +
            `${MIN_NETWORK_LISTS_COMMAND_ID_LENGTH} characters, unpaired ` +
            `surrogates not counted. The id is the ` +
            `only thing that binds a proxy connection to this allow list, and ` +
            `the sandboxed process chooses which id it presents, so it must be ` +
            `random (at least 128 bits, e.g. 16 random bytes as base64url) and ` +
            `never derived from the command text, a counter or the time.`);
    }
    const allowedDomains = lists?.allowedDomains ?? [];
    if (!Array.isArray(allowedDomains)) {
        throw new Error('registerCommandNetworkLists: allowedDomains must be an array of strings.');
    }
    for (const entry of allowedDomains) {
        if (typeof entry !== 'string' || !(0,domain_pattern/* isValidAllowedDomainEntry */.dQ)(entry)) {
            throw new Error(`registerCommandNetworkLists: invalid allowedDomains entry ` +
                `${JSON.stringify(entry)}. ${domain_pattern/* ALLOWED_DOMAIN_ENTRY_MESSAGE */.pJ}`);
        }
    }
    commandNetworkListsByKey.set(key, 
    // Copied, so the caller cannot change what was validated.
    { allowedDomains: [...allowedDomains] });
    // An external HTTP proxy is handed no username, so no connection names an id.
    if (config?.network.httpProxyPort !== undefined) {
        (0,debug/* logForDebugging */.o)('registerCommandNetworkLists: network.httpProxyPort is set (an ' +
            'external proxy), so this list will never apply', { level: 'warn' });
    }
}
function unregisterCommandNetworkLists(commandId) {
    if (typeof commandId !== 'string')
        return;
    commandNetworkListsByKey.delete((0,sandbox_utils/* decodeSandboxedCommand */.im)((0,sandbox_utils/* encodeSandboxedCommand */.iG)(commandId)));
}
/**
 * Record a proxy-side denial in the violation store so the model sees a
 * structured <sandbox_violations> block alongside the raw 403 / SOCKS
 * failure in stderr — parity with the macOS seatbelt log monitor and the
 * Linux seccomp observer. The proxy is the only component that knows the
 * destination host of a network deny, so neither of those can produce
 * this line. `encodedCommand` (from the proxy username) attributes it to
 * the invocation; without one the event is stored unattributed.
 */
function recordProxyViolation(line, encodedCommand) {
    const command = encodedCommand
        ? resolveCommandText((0,sandbox_utils/* decodeSandboxedCommand */.im)(encodedCommand))
        : undefined;
    // Same suppression the seatbelt / seccomp monitors apply, so a
    // configured ignoreViolations pattern silences the event no matter
    // which producer saw it.
    if ((0,sandbox_violation_store/* shouldIgnoreViolation */.dB)(line, command, config?.ignoreViolations)) {
        return;
    }
    sandboxViolationStore.addViolation({
        line,
        encodedCommand,
        command,
        timestamp: new Date(),
    });
}
function recordOutboundDeny(host, port, reason, encodedCommand) {
    recordProxyViolation(`deny network-outbound ${host}:${port} (${reason})`, encodedCommand);
}
/** Direct-dial `lookup` for the proxies: the current guard's, with a refusal recorded as a violation. */
const directLookup = (port, encodedCommand) => (hostname, options, callback) => resolvedAddressGuard.lookupFor(port)(hostname, options, (err, address, family) => {
    if ((0,resolved_address_guard/* isResolvedAddressDenied */.mo)(err)) {
        recordOutboundDeny(hostname, port, err.reason, encodedCommand);
    }
    callback(err, address, family);
});
/**
 * The request URL as it should appear in a model-visible violation line: as
 * spelled (parsed, a refused `/a/../b` would read `/b`), with a query string
 * or fragment reduced to a `?…` or `#…` marker. (The proxy rebuilds the
 * authority, so an embedded `name:pass@` is gone already.) Query strings
 * routinely carry credentials (api_key=, access_token=, signed URLs) that
 * the sandboxed client interpolated at runtime and that were never in the
 * model's context, so they must not enter the transcript via the
 * <sandbox_violations> block. The full URL still reaches the embedder's
 * filterRequest callback and its own debug logging.
 */
function redactUrlForViolation(url) {
    const cut = url.search(/[?#]/);
    return cut === -1 ? url : `${url.slice(0, cut + 1)}…`;
}
/** Whether an ask-callback answer is one of the two documented denials. */
function isDeclaredDenial(answer) {
    return (answer === false ||
        (typeof answer === 'object' &&
            answer !== null &&
            answer.allow === false));
}
/**
 * The reason an ask-callback answer gives for denying, sanitized, or
 * undefined when it gives none that can be shown. Only
 * `{ allow: false, reason }` supplies one: a reason on any other object was
 * not written as the explanation of a denial.
 */
function denialReasonOf(answer) {
    if (typeof answer !== 'object' || answer === null)
        return undefined;
    const { allow, reason } = answer;
    if (allow !== false || typeof reason !== 'string')
        return undefined;
    return (0,sandbox_violation_store/* sanitizeDenialReason */.tK)(reason) || undefined;
}
/** Own keys only: an entry can be spelled `constructor`. */
function deniedDomainReason(entry) {
    const reasons = config?.network.deniedDomainReasons ?? {};
    const own = Object.prototype.hasOwnProperty.call(reasons, entry);
    return (own ? reasons[entry] : undefined) ?? 'host is on the deny list';
}
async function filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand, explain) {
    const denied = (reason) => {
        recordOutboundDeny(host, port, reason, encodedCommand);
        explain?.(reason);
        return false;
    };
    if (!config) {
        (0,debug/* logForDebugging */.o)('No config available, denying network request');
        return denied('sandbox policy unavailable');
    }
    // Reject hosts containing control characters before pattern matching.
    // `matchesDomainPattern` uses string suffix matching which is trivially
    // fooled by e.g. `evil.com\x00.allowed.com` — the null byte passes
    // `.endsWith()` but truncates at the libc DNS layer. The SOCKS path is the
    // main exposure (DOMAINNAME is unvalidated bytes); HTTP is protected by
    // llhttp/URL parsing, but we check here for defence in depth.
    if (!(0,parent_proxy/* isValidHost */.HO)(host)) {
        (0,debug/* logForDebugging */.o)(`Denying malformed host: ${JSON.stringify(host)}:${port}`, {
            level: 'error',
        });
        return denied('malformed host');
    }
    // Canonicalize so string comparisons match what getaddrinfo() will dial.
    // Without this, inet_aton shorthand like `2852039166` (= 169.254.169.254)
    // or `127.1` slips past a denylist entry for the dotted-decimal form.
    const canonicalHost = (0,parent_proxy/* canonicalizeHost */.pb)(host) ?? host;
    // Check denied domains first
    for (const deniedDomain of config.network.deniedDomains) {
        if ((0,domain_pattern/* matchesDomainPatternWithPort */.RH)(canonicalHost, port, deniedDomain)) {
            (0,debug/* logForDebugging */.o)(`Denied by config rule: ${host}:${port}`);
            // The matched entry's own reason when the caller supplied one, so the
            // model reads why this destination is off-limits (and the sanctioned
            // alternative) instead of a generic deny; keyed by the exact entry.
            return denied(deniedDomainReason(deniedDomain));
        }
    }
    // Check allowed domains
    for (const allowedDomain of config.network.allowedDomains) {
        if ((0,domain_pattern/* matchesDomainPatternWithPort */.RH)(canonicalHost, port, allowedDomain)) {
            (0,debug/* logForDebugging */.o)(`Allowed by config rule: ${host}:${port}`);
            return true;
        }
    }
    // strictAllowlist makes the configured allowlist deterministic enforcement:
    // neither a per-command allow list nor the callback below can widen it.
    if (config.network.strictAllowlist) {
        (0,debug/* logForDebugging */.o)(`No matching config rule, denying: ${host}:${port}`);
        return denied('host is not on the allow list');
    }
    // The allow list registered for the invocation the proxy username names.
    // Coming after both configured lists, it lifts the default deny for that
    // one command and never a configured deniedDomains entry. The username is
    // presented by the sandboxed client: see registerCommandNetworkLists.
    const perCommand = encodedCommand
        ? commandNetworkListsByKey.get((0,sandbox_utils/* decodeSandboxedCommand */.im)(encodedCommand))
        : undefined;
    for (const allowedDomain of perCommand?.allowedDomains ?? []) {
        if ((0,domain_pattern/* matchesDomainPatternWithPort */.RH)(canonicalHost, port, allowedDomain)) {
            (0,debug/* logForDebugging */.o)(`Allowed by per-command rule: ${host}:${port}`);
            return true;
        }
    }
    if (!sandboxAskCallback) {
        (0,debug/* logForDebugging */.o)(`No matching rule, denying: ${host}:${port}`);
        return denied('host is not on the allow list');
    }
    (0,debug/* logForDebugging */.o)(`No matching rule, asking user: ${host}:${port}`);
    try {
        // Held as unknown: a JavaScript caller is not bound by the declared type.
        const answer = await sandboxAskCallback({ host, port });
        // Only `true` allows: an object is how a callback denies with a reason,
        // and a truthiness test here would read every such denial as an allow.
        if (answer === true) {
            (0,debug/* logForDebugging */.o)(`User allowed: ${host}:${port}`);
            return true;
        }
        if (!isDeclaredDenial(answer)) {
            (0,debug/* logForDebugging */.o)(`Ask callback answered neither a boolean nor { allow: false, reason }; treating it as a denial: ${host}:${port}`, { level: 'warn' });
        }
        (0,debug/* logForDebugging */.o)(`User denied: ${host}:${port}`);
        // The callback's own reason, when it gave one, says what to do instead.
        return denied(denialReasonOf(answer) ?? 'user denied');
    }
    catch (error) {
        (0,debug/* logForDebugging */.o)(`Error in permission callback: ${error}`, {
            level: 'error',
        });
        return denied('permission prompt failed');
    }
}
/**
 * Build the header-mutation callback that substitutes sentinel→real for
 * masked credentials. Returns undefined when no `credentials` block is
 * configured — wiring the seam at all is unnecessary then.
 *
 * Per-host gating happens inside the registry: each sentinel carries its
 * own injectHosts list and substitutes independently, so credential A's
 * sentinel cannot be laundered through credential B's allowed host. The
 * returned closure does not log header values; the registry holds the only
 * copy of the real value.
 */
function buildCredentialInjector() {
    if (!config?.credentials)
        return undefined;
    return (headers, destHost) => {
        sentinelRegistry.substituteInHeaders(headers, destHost, domain_pattern/* matchesDomainPattern */.gR);
    };
}
/**
 * Body counterpart of {@link buildCredentialInjector}: per-destination
 * sentinel→real pairs for streaming substitution in request bodies, with
 * the same per-credential injectHosts gating applied inside the registry.
 */
function buildBodyCredentialInjector() {
    if (!config?.credentials)
        return undefined;
    return destHost => sentinelRegistry.sentinelsForHost(destHost, domain_pattern/* matchesDomainPattern */.gR);
}
/**
 * Build the per-request SigV4 hook for the TLS-terminating proxy.
 * Returns undefined when no `credentials` block is configured. The hook
 * consults {@link awsPairRegistry} at request time, so pairs registered
 * later (wrapWithSandbox runs after the proxy starts) are picked up.
 */
function buildSigv4Planner() {
    if (!config?.credentials)
        return undefined;
    // Re-read the policies per request (not captured at proxy start) so an
    // updateConfig() that changes credentials.sigv4 takes effect without a
    // proxy restart, matching how the injector sees live registry state.
    return (method, requestTarget, headers, destHost) => createSigv4Planner(awsPairRegistry, config?.credentials?.sigv4, domain_pattern/* matchesDomainPattern */.gR)(method, requestTarget, headers, destHost);
}
/**
 * Get the MITM proxy socket path for a given host, if configured.
 * Returns the socket path if the host matches any MITM domain pattern,
 * otherwise returns undefined.
 *
 * Matches the canonicalized hostname, like the allow/deny filter
 * (filterNetworkRequest) and the tlsTerminate exclusion below. This site
 * fails OPEN on a miss — a host that matches no MITM pattern is dialed
 * directly — so it must accept exactly the set of spellings the allowlist
 * accepts: otherwise `api.example.com.` (trailing-dot FQDN, same name to
 * DNS) passes the allowlist as `api.example.com` but misses every MITM
 * pattern and skips the MITM proxy entirely. The proxies already hand this
 * hook the canonical spelling; canonicalizing again here is defence in
 * depth for any other caller.
 */
function getMitmSocketPath(host) {
    if (!config?.network.mitmProxy) {
        return undefined;
    }
    const { socketPath, domains } = config.network.mitmProxy;
    const canonicalHost = (0,parent_proxy/* canonicalizeHost */.pb)(host) ?? host;
    for (const pattern of domains) {
        if ((0,domain_pattern/* matchesDomainPattern */.gR)(canonicalHost, pattern)) {
            (0,debug/* logForDebugging */.o)(`Host ${host} matches MITM pattern ${pattern}`);
            return socketPath;
        }
    }
    return undefined;
}
/**
 * Per-host TLS-termination opt-out from network.tlsTerminate.excludeDomains.
 * Only consulted by the HTTP proxy when tlsTerminate is enabled; exempted
 * hosts fall back to the opaque CONNECT tunnel (still allowlist-filtered),
 * so mTLS / cert-pinning clients can complete their own handshake.
 *
 * Matches the canonicalized hostname, like the allow/deny filter
 * (filterNetworkRequest) — otherwise a spelling the allowlist accepts after
 * canonicalization (`127.1`, a trailing-dot FQDN) would dodge the exclusion
 * and get terminated anyway.
 */
function shouldTerminateTLSForHost(host) {
    const excludeDomains = config?.network.tlsTerminate?.excludeDomains;
    if (!excludeDomains?.length)
        return true;
    const canonicalHost = (0,parent_proxy/* canonicalizeHost */.pb)(host) ?? host;
    for (const pattern of excludeDomains) {
        if (!(0,domain_pattern/* matchesDomainPattern */.gR)(canonicalHost, pattern))
            continue;
        (0,debug/* logForDebugging */.o)(`Host ${host} matches tlsTerminate.excludeDomains pattern ${pattern}; skipping TLS termination`);
        // Masked-credential substitution only happens on the terminated path,
        // so a credential whose injectHosts cover this host can never be
        // injected here — the upstream gets the placeholder. Config validation
        // rejects the fully-contradictory spellings; this flags the partial
        // ones (e.g. default injectHosts = allowedDomains) at the moment they
        // actually bite.
        const masked = sentinelRegistry.namesInjectableAt(canonicalHost, domain_pattern/* matchesDomainPattern */.gR);
        if (masked.length > 0) {
            (0,debug/* logForDebugging */.o)(`tlsTerminate.excludeDomains: masked credential(s) ${masked.join(', ')} ` +
                `are configured for injection at ${host}, but its connections are ` +
                `not terminated, so the upstream will receive the placeholder`, { level: 'error' });
        }
        return false;
    }
    return true;
}
async function startMuxProxyServer(sandboxAskCallback, portRange) {
    const injectCredentials = buildCredentialInjector();
    const injectBodyCredentials = buildBodyCredentialInjector();
    httpProxyServer = (0,http_proxy/* createHttpProxyServer */.y)({
        filter: (port, host, _socket, encodedCommand, explain) => filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand, explain),
        getMitmSocketPath,
        mitmCA,
        shouldTerminateTLS: shouldTerminateTLSForHost,
        filterRequest: config?.network.filterRequest,
        plaintextHeaderSet: config?.network.allowPlaintextHeaderSet,
        stripResponseHeaders: config?.network.stripResponseHeaders,
        refuseOpaqueTunnels: config?.network.refuseOpaqueTunnels,
        requireHostMatch: config?.network.requireHostMatch,
        ambiguousRequestTarget: config?.network.ambiguousRequestTarget,
        // Read at each CONNECT, so that updateConfig changes them.
        get maxTerminatedTunnels() {
            return config?.network.tlsTerminate?.maxTunnels;
        },
        get tlsHandshakeTimeoutMs() {
            return config?.network.tlsTerminate?.handshakeTimeoutMs;
        },
        onFilterRequestDenied: ({ method, url, reason, encodedCommand }) => {
            // A refused CONNECT comes with its authority (`host:port`), not a URL.
            const target = method === 'CONNECT' ? url : redactUrlForViolation(url);
            recordProxyViolation(`deny http-request ${method} ${target} (${reason})`, encodedCommand);
        },
        // TLS-terminated path always gets the injector; the plain-HTTP path
        // only when explicitly opted in. Without the opt-in, a sentinel sent
        // over plain HTTP reaches the upstream unchanged (fails closed).
        mutateHeaders: injectCredentials,
        mutateHeadersPlaintext: config?.credentials?.allowPlaintextInject
            ? injectCredentials
            : undefined,
        getBodySubstitutions: injectBodyCredentials,
        getBodySubstitutionsPlaintext: config?.credentials?.allowPlaintextInject
            ? injectBodyCredentials
            : undefined,
        // SigV4 re-signing is TLS-terminated-path only, like credential
        // injection: the real signature must not travel over plaintext.
        planSigv4: buildSigv4Planner(),
        parentProxy,
        lookupFor: directLookup,
        proxyAuthToken,
    });
    socksProxyServer = createSocksProxyServer({
        filter: (port, host, encodedCommand) => filterNetworkRequest(port, host, sandboxAskCallback, encodedCommand),
        getMitmSocketPath,
        parentProxy,
        lookupFor: directLookup,
        proxyAuthToken,
        // A SOCKS tunnel is opaque, so the option that keeps opaque CONNECT
        // tunnels off the HTTP side must close this side of the port too.
        refuseOpaqueTunnels: config?.network.refuseOpaqueTunnels,
        onTunnelRefused: (port, host, encodedCommand) => {
            recordProxyViolation(`deny socks-tunnel ${host}:${port} (refuseOpaqueTunnels)`, encodedCommand);
        },
        probeUnauthenticated: async (port, host) => {
            // Explicit deny rules only: an unauthenticated peer must never reach
            // the ask callback, and a merely off-list host gets the generic
            // cannot-authenticate refusal rather than a policy claim.
            if (!config)
                return {};
            const canonical = (0,parent_proxy/* canonicalizeHost */.pb)(host) ?? host;
            for (const entry of config.network.deniedDomains) {
                if ((0,domain_pattern/* matchesDomainPatternWithPort */.RH)(canonical, port, entry)) {
                    const reason = deniedDomainReason(entry);
                    recordOutboundDeny(host, port, reason);
                    return { deniedReason: reason };
                }
            }
            return {};
        },
    });
    muxProxyServer = createMuxProxyServer({
        httpServer: httpProxyServer,
        handleSocksConnection: s => socksProxyServer.handleConnection(s),
        httpBackendPortRange: portRange,
    });
    const mux = muxProxyServer;
    // Backend first so the front-end never accepts a connection that would
    // dispatch to an unbound backend. On Windows the backend's port is
    // excluded when binding the front-end in the same WFP range.
    const backendPort = await mux.listenHttpBackend();
    await listenInRange(mux.server, p => mux.server.listen(p, '127.0.0.1'), portRange, backendPort !== undefined ? new Set([backendPort]) : new Set());
    const muxPort = mux.getPort();
    if (muxPort === undefined) {
        throw new Error('Failed to get mux proxy server port');
    }
    mux.unref();
    (0,debug/* logForDebugging */.o)(`Mux proxy (HTTP+SOCKS) listening on localhost:${muxPort}`);
    return muxPort;
}
// ============================================================================
// Public Module Functions (will be exported via namespace)
// ============================================================================
/**
 * A second {@link initialize} while one is in flight asked for something
 * else: its configuration or callbacks would not have been applied.
 */
class SandboxInitializeConflictError extends Error {
    constructor() {
        super('initialize() is already running with a different configuration or ' +
            'different callbacks: wait for it, or reset() first');
        this.code = 'initialize_conflict';
        this.name = 'SandboxInitializeConflictError';
    }
}
async function initialize(runtimeConfig, sandboxAskCallback, enableLogMonitor = false, options) {
    const args = [runtimeConfig, sandboxAskCallback, enableLogMonitor, options];
    if (pendingInitialize) {
        const { promise, generation, args: running } = pendingInitialize;
        if (generation === initializeGeneration) {
            // Functions compare by identity, the rest by value.
            if (!(0,external_node_util_.isDeepStrictEqual)(args, running)) {
                throw new SandboxInitializeConflictError();
            }
            return promise;
        }
        // A reset() cancelled that run: this one starts once it has stopped.
        await promise.catch(() => { });
        return initialize(runtimeConfig, sandboxAskCallback, enableLogMonitor, options);
    }
    const entry = {
        promise: initializeOnce(runtimeConfig, sandboxAskCallback, enableLogMonitor, options),
        generation: initializeGeneration,
        args,
    };
    pendingInitialize = entry;
    try {
        await entry.promise;
    }
    finally {
        if (pendingInitialize === entry)
            pendingInitialize = undefined;
    }
}
async function initializeOnce(runtimeConfig, sandboxAskCallback, enableLogMonitor, options) {
    try {
        await initializeSteps(runtimeConfig, sandboxAskCallback, enableLogMonitor, options);
    }
    catch (error) {
        // Here, not at reset() or 'exit': a step can fail before the clean-up is
        // registered, and the next call makes a CA of its own.
        if (mitmCA)
            (0,mitm_ca/* disposeMitmCASync */.YR)(mitmCA);
        mitmCA = undefined;
        throw error;
    }
}
async function initializeSteps(runtimeConfig, sandboxAskCallback, enableLogMonitor, options) {
    // Return if already initializing
    if (initializationPromise) {
        await initializationPromise;
        return;
    }
    const generation = initializeGeneration;
    // After every await below: a reset() meanwhile means no session starts.
    const stopIfReset = () => {
        if (generation !== initializeGeneration) {
            config = undefined;
            throw new Error('initialize() was cancelled by reset()');
        }
    };
    // Store config for use by other functions
    config = runtimeConfig;
    configInstalls++;
    // Resolve parent/upstream proxy from config or HTTP_PROXY env before we
    // start our own listeners (which will later shadow those vars in the child).
    parentProxy = (0,parent_proxy/* resolveParentProxy */.TZ)(runtimeConfig.network.parentProxy);
    if (parentProxy) {
        (0,debug/* logForDebugging */.o)(`Parent proxy configured: http=${(0,parent_proxy/* redactUrl */.BO)(parentProxy.httpUrl)} ` +
            `https=${(0,parent_proxy/* redactUrl */.BO)(parentProxy.httpsUrl)}`);
    }
    resolvedAddressGuard = (0,resolved_address_guard/* createResolvedAddressGuard */.W8)(runtimeConfig.network);
    // Load TLS-termination CA if configured. Throws on unreadable/non-PEM —
    // tlsTerminate is explicit opt-in, so a bad config is a hard error.
    if (runtimeConfig.network.tlsTerminate && runtimeConfig.network.mitmProxy) {
        throw new Error('network.tlsTerminate and network.mitmProxy are mutually exclusive');
    }
    // An mxc session it cannot run is refused before any CA, proxy or
    // sandbox is set up; what to try next is the caller's decision.
    let mxcSdk;
    if ((0,utils_platform/* getPlatform */.u)() === 'windows' && runtimeConfig.windows?.backend === 'mxc') {
        if (runtimeConfig.network.tlsTerminate) {
            throw new WindowsSandboxError('backend_unsupported', 'network.tlsTerminate is not supported on the mxc backend');
        }
        assertMxcSessionConfig(runtimeConfig);
        mxcSdk = await resolveMxcSdk(options?.windowsMxcSdk);
    }
    // Before any CA, proxy or sandbox is set up: a runtime that cannot
    // terminate TLS in-process fails here, not on each tunnel.
    if (runtimeConfig.network.tlsTerminate)
        (0,emitted_connection/* assertTlsTerminationSupported */.gf)();
    // On Windows with tlsTerminate and no explicit caCertPath/caKeyPath,
    // defer CA creation until the Windows block below has resolved
    // srt-win and fetched user status — the persistent CA is
    // generated-if-absent under windowsStateDir()/ca and
    // trusted in the sandbox user's Root store, then loaded here.
    // Explicit paths (or non-Windows) go straight to createMitmCA.
    const tlsTerminate = runtimeConfig.network.tlsTerminate;
    const useWindowsPersistentCa = (0,utils_platform/* getPlatform */.u)() === 'windows' &&
        tlsTerminate !== undefined &&
        !tlsTerminate.caCertPath &&
        !tlsTerminate.caKeyPath;
    mitmCA =
        tlsTerminate && !useWindowsPersistentCa
            ? (0,mitm_ca/* createMitmCA */.mc)(tlsTerminate)
            : undefined;
    // Check dependencies
    const deps = await checkDependenciesAsync(undefined, {
        windowsMxcSdk: mxcSdk,
    });
    stopIfReset();
    if (deps.errors.length > 0) {
        if (deps.reinstallRequired) {
            throw new WindowsSandboxError('reinstall_required', deps.reinstallRequired);
        }
        // The session asks for the other loopback mode than the installed
        // one: refused here, before anything is granted or launched.
        if (deps.loopbackMismatch) {
            throw new WindowsSandboxError('wfp_loopback_mismatch', deps.loopbackMismatch);
        }
        throw new Error(`Sandbox dependencies not available: ${deps.errors.join(', ')}`);
    }
    // Start log monitor for macOS if enabled
    if (enableLogMonitor && (0,utils_platform/* getPlatform */.u)() === 'macos') {
        logMonitorShutdown = startMacOSSandboxLogMonitor(sandboxViolationStore.addViolation.bind(sandboxViolationStore), config.ignoreViolations, resolveCommandText);
        (0,debug/* logForDebugging */.o)('Started macOS sandbox log monitor');
    }
    if (enableLogMonitor && (0,utils_platform/* getPlatform */.u)() === 'linux') {
        // The monitor compares paths the kernel reported, so its lists are
        // expanded the way the wrapper expands them (getFsWriteConfig folds in
        // the default write paths and drops the patterns, so only names are left;
        // normalizePathForSandbox resolves `~`, relative spellings and symlinks),
        // plus the built-in write denies the wrapper always applies.
        // It does not reproduce the wrapper's existence and boundary-symlink
        // filters, nor the ripgrep scan for nested dangerous paths; and it still
        // reports writes bwrap permits through `--dev`, `--proc` and the tmpfs
        // over each read-denied directory. Started once, so both lists are fixed
        // at the cwd and configuration of this call, and at the disk as it is
        // now: an entry with glob characters that becomes the name of a path
        // later is applied by the next wrap and stays unknown here.
        const monitoredWrites = getFsWriteConfig();
        linuxMonitor = startLinuxSandboxViolationMonitor(sandboxViolationStore.addViolation.bind(sandboxViolationStore), {
            // apply-seccomp's observer reports every write-intent syscall
            // (allowed or not). Only paths bwrap would actually refuse — outside
            // allowWrite or inside a denyWrite carve-out — go to the store. With
            // the policy on, the default write paths are listed in full rather
            // than as getFsWriteConfig() narrowed them: a home directory it leaves
            // out because it is read-denied sits under that deny's writable
            // tmpfs, so a write there is permitted and is not a violation.
            allowWritePaths: [
                ...writeRootsOf(monitoredWrites),
                ...(config.filesystem.disabled ? [] : (0,sandbox_utils/* getDefaultWritePaths */.h6)()),
            ].map(p => (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true })),
            denyWritePaths: [
                ...monitoredWrites.denyWithinAllow.map(p => (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true })),
                ...(monitoredWrites.literalDenyWithinAllow ?? []).map(p => (0,sandbox_utils/* normalizePathForSandbox */.lW)(p, { literal: true })),
                // filesystem.disabled reaches the wrapper as `writeConfig ===
                // undefined`, which skips every bind and the built-in denies with
                // them, so the monitor must not judge by them either.
                ...(config.filesystem.disabled
                    ? []
                    : linuxGetCwdMandatoryDenyPaths(getAllowGitConfig())),
            ],
            ignoreViolations: config.ignoreViolations,
            resolveCommandText,
        });
        // Don't block initialization on listen() — wrap-time checks
        // fs.existsSync(observeSocketPath) and degrades gracefully.
        void linuxMonitor.ready;
        (0,debug/* logForDebugging */.o)('Started Linux seccomp violation monitor');
    }
    // Register cleanup handlers first time
    registerCleanup();
    // Windows: validate provisioning + filesystem config BEFORE any
    // sandboxed child can be spawned. Doing this at initialize() (not
    // wrap-time) means the host gets a single actionable error before
    // any per-exec work happens, instead of exit-15 on every command.
    if ((0,utils_platform/* getPlatform */.u)() === 'windows') {
        if (mxcSdk) {
            // Compile the session policy ONCE: the probe checks the same
            // expanded fs sets and the same policy SHAPE (including the
            // proxy stanza) that every spawn's request will carry, and
            // spawnSandboxed reuses the expansion. Each spawn probes its own
            // request again before it starts.
            //
            // Masked credential files are denied here as on the srt-win
            // path below: there is no masked copy to show the child instead.
            let maskedFiles = [];
            try {
                maskedFiles = windowsMaskedFileDenies(getCredentialRestrictions(runtimeConfig.credentials, runtimeConfig.network.allowedDomains));
            }
            catch {
                // onExtractNoMatch: "error" is thrown by every wrap, so nothing runs.
            }
            const acc = computeWindowsFsAccessSet(runtimeConfig, maskedFiles);
            let probeRequest;
            try {
                probeRequest = buildMxcRequest({
                    command: 'exit 0',
                    // Representative proxy port: the real mux port is bound
                    // later in initialize (inside this same range on Windows),
                    // and the probe only needs the policy shape, not a live
                    // listener.
                    httpProxyPort: runtimeConfig.network.allowedDomains !== undefined
                        ? DEFAULT_WINDOWS_PROXY_PORT_RANGE[0]
                        : undefined,
                    denyRead: acc.denyRead,
                    denyWrite: acc.denyWrite,
                    allowRead: acc.grantRead,
                    allowWrite: acc.grantWrite,
                });
            }
            catch (e) {
                throw new WindowsSandboxError('backend_unsupported', `windows.backend is 'mxc' but the policy did not compile: ${e.message}`);
            }
            verifyMxcBackend(mxcSdk, probeRequest);
            // MXC BaseContainer: the OS applies filesystem + network policy
            // per spawn, in its own elevated context — no sandbox user, no
            // WFP install, no session ACL stamping, nothing to restore.
            windowsMxcState = { sdk: mxcSdk, fsSet: acc };
        }
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] using ${mxcSdk ? 'mxc' : 'srt-win'}`);
    }
    if ((0,utils_platform/* getPlatform */.u)() === 'windows' && !windowsMxcState) {
        // Resolve once (stats disk); captured module-level for wrap/reset.
        srtWinSpawn = resolveSrtWin(runtimeConfig.windows?.srtWin);
        const srtWin = srtWinSpawn;
        const u = await getWindowsSandboxUserStatusAsync({ srtWin });
        stopIfReset();
        if (!u.provisioned || !u.credPresent) {
            config = undefined;
            throw new WindowsSandboxError('not_provisioned', `Windows sandbox user is not provisioned (user=` +
                `${u.provisioned}, cred=${u.credPresent}). Run ` +
                `\`${WINDOWS_INSTALL_COMMAND}\` (one UAC prompt) to ` +
                `provision it.`);
        }
        // srt-win refuses to launch on an install of another setup
        // version; checked before anything is granted.
        const staleSetup = windowsSetupVersionMismatch(u, runtimeConfig.windows?.sublayerGuid ??
            runtimeConfig.windows?.wfpSublayerGuid);
        if (staleSetup) {
            config = undefined;
            throw new WindowsSandboxError('reinstall_required', staleSetup);
        }
        // initialize() writes the profile read grant only to narrow one
        // already there (windowsProfileGrantRefreshable).
        windowsProfileReadWarnings = [];
        windowsProfileReadRefresh = undefined;
        let profileRead = 'absent';
        let profileExclusions = { exclusions: [], ungrantedOnly: [] };
        try {
            // Required whether or not a profile grant is recorded.
            const missing = missingWindowsSrtWinCapability(u.capabilities);
            if (missing !== undefined) {
                throw windowsSrtWinOutdatedError(missing, WINDOWS_CAPABILITIES_WHY);
            }
            windowsCapableSrtWin.add(windowsSrtWinIdentity(srtWin));
            if (u.profileGrant) {
                let grant = await getWindowsProfileReadStatusAsync({ srtWin });
                stopIfReset();
                let refreshed;
                // Before this session is a holder of anything: the grant is
                // written only while no session or command holds it. A run that
                // does not finish throws; one that finishes with paths it could
                // not revoke starts the session, and they are warned about.
                if (windowsProfileGrantRefreshable(grant)) {
                    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] refreshing the profile read grant ` +
                        `(${grant.state}${grant.reason ? `: ${grant.reason}` : ''})`);
                    windowsProfileGrantAbort = new AbortController();
                    try {
                        refreshed = await grantWindowsProfileRead({
                            srtWin,
                            signal: windowsProfileGrantAbort.signal,
                            onProgress: line => {
                                (0,debug/* logForDebugging */.o)(`[Sandbox Windows] ${line}`);
                                // The host's code, called from a stream handler.
                                try {
                                    options?.onWindowsProfileGrantProgress?.(line);
                                }
                                catch (e) {
                                    (0,debug/* logForDebugging */.o)(`[Sandbox Windows] progress callback threw: ${e}`, { level: 'warn' });
                                }
                            },
                        });
                    }
                    catch (e) {
                        stopIfReset();
                        throw e;
                    }
                    finally {
                        windowsProfileGrantAbort = undefined;
                    }
                    stopIfReset();
                    grant = await getWindowsProfileReadStatusAsync({ srtWin });
                }
                else if (grant.state === 'current' &&
                    (grant.staleAllow.length > 0 ||
                        grant.unprotected.some(u => u.entry !== undefined))) {
                    // Bounded, on the noted paths alone, and never a reason not to
                    // start.
                    try {
                        const { cleared } = await retryWindowsProfileStale({ srtWin });
                        if (cleared > 0) {
                            grant = await getWindowsProfileReadStatusAsync({ srtWin });
                        }
                    }
                    catch (e) {
                        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] retrying stale profile entries: ${e}`, { level: 'warn' });
                    }
                }
                stopIfReset();
                windowsProfileReadRefresh = refreshed;
                if (grant.state !== 'none' && grant.state !== 'current') {
                    throw new WindowsSandboxError('profile_grant_outdated', `The recorded read grant on your user profile cannot be used ` +
                        `(${grant.state}${grant.reason ? `: ${grant.reason}` : ''}). ` +
                        `Call grantWindowsProfileRead() (\`srt-win profile grant\`, ` +
                        `or \`${WINDOWS_INSTALL_COMMAND}\` again) as the ` +
                        `user who starts sessions to bring it up to date, or ` +
                        `forgetWindowsProfileRead() (\`srt-win profile forget\`) to ` +
                        `run without reading the profile. initialize() does neither ` +
                        `itself for a grant in this state.`);
                }
                if (grant.state === 'current') {
                    profileExclusions = grant;
                    profileRead = 'granted';
                    windowsProfileReadWarnings = windowsProfileReadWarningsOf(grant);
                    for (const w of windowsProfileReadWarnings) {
                        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] ${w.message}`, { level: 'warn' });
                    }
                }
            }
            // Stored once known: `absent` is never reported for a granted session.
            windowsProfileRead = profileRead;
            if (profileRead === 'absent') {
                (0,debug/* logForDebugging */.o)(`[Sandbox Windows] no profile read grant: the user profile is ` +
                    `not readable to sandboxed commands in this session`);
            }
        }
        catch (e) {
            windowsProfileRead = undefined;
            config = undefined;
            throw e;
        }
        // Behavioral proof the WFP egress fence is active for the
        // sandbox user — BFE enumeration (`wfp status`) is admin-gated,
        // so this is the non-elevated readiness check. Fails closed: a
        // stale install (user provisioned but filters since removed)
        // throws here instead of running every exec with full egress.
        // After the user-status check so the not-provisioned message is
        // the actionable one. Once per process — the fence is install-
        // scoped, not session-scoped.
        // The probe runs below, after the grant: the capability SIDs of
        // the write roots exist only once the roots are granted.
        // Persistent-CA branch (see the deferral comment above).
        // `ensurePersistentWindowsCa` reconciles the registry thumb
        // itself (so initialize() after uninstall→reinstall repairs
        // trust) and may make `u.caCertThumb` stale — hence the
        // explicit-path thumb check below skips this branch.
        if (useWindowsPersistentCa && tlsTerminate) {
            try {
                const p = await ensurePersistentWindowsCa({ status: u, srtWin });
                stopIfReset();
                mitmCA = (0,mitm_ca/* createMitmCA */.mc)({
                    caCertPem: p.certPem,
                    caKeyPem: p.keyPem,
                    caCertPath: p.certPath,
                    caKeyPath: p.keyPath,
                    extraCaCertPaths: tlsTerminate.extraCaCertPaths,
                });
            }
            catch (e) {
                config = undefined;
                throw e;
            }
        }
        // Filesystem grants/denies — additive sandbox-user ACEs.
        try {
            let maskedFiles = [];
            try {
                maskedFiles = windowsMaskedFileDenies(getCredentialRestrictions(runtimeConfig.credentials, runtimeConfig.network.allowedDomains));
            }
            catch {
                // onExtractNoMatch: "error" is thrown by every wrap, so nothing runs.
            }
            const acc = computeWindowsFsAccessSet(runtimeConfig, maskedFiles);
            // No path the session grants, in any form, may reach what the
            // profile read grant excludes.
            const ownRead = mitmCA ? [(0,external_node_path_.dirname)(mitmCA.trustBundlePath)] : [];
            const override = options?.dangerouslyAllowReadOfProfileExclusions ?? [];
            const refused = [
                ...windowsProfileExclusionConflicts(acc.grantRead, profileExclusions, {
                    override,
                }),
                ...windowsProfileExclusionConflicts(ownRead, profileExclusions),
                ...windowsProfileExclusionConflicts(acc.grantWrite, profileExclusions, {
                    write: true,
                }),
            ];
            if (refused.length > 0) {
                const describe = (c) => {
                    const list = c.access === 'write' ? 'allowWrite' : 'allowRead';
                    const what = c.kind === 'ungranted-only'
                        ? (c.relation === 'equal' ? `is` : `contains`) +
                            ` ${c.exclusion}, which is not granted as a whole (grant ` +
                            `a directory inside it instead)`
                        : c.relation === 'equal'
                            ? `is the excluded ${c.exclusion}`
                            : c.relation === 'inside'
                                ? `lies inside the excluded ${c.exclusion}`
                                : c.unexamined !== undefined
                                    ? `may contain the excluded ${c.exclusion}: ` +
                                        `${c.unexamined}, and a path is granted only once ` +
                                        `it has been looked at`
                                    : `contains the excluded ${c.exclusion}`;
                    return (`${list} ${c.path} ${what}` +
                        (c.access === 'write' && c.relation === 'above'
                            ? `: a write grant on it is kept and inherited, so that ` +
                                `path would be writable and readable if it is ever ` +
                                `created again — choose a narrower working directory`
                            : ''));
                };
                throw new WindowsSandboxError('profile_exclusion_read_grant', `The session would grant a path that reaches one excluded from ` +
                    `reads of your user profile: ` +
                    refused.map(describe).join('; ') +
                    `. Nothing was granted. Remove the entry, or name a path that ` +
                    `neither is nor contains an excluded one.`);
            }
            // A read deny is passed once: `srt-win` adds the recorded profile paths it
            // covers. The CA trust bundle's directory rides the session's read grants.
            const grantRead = mitmCA
                ? [...acc.grantRead, (0,external_node_path_.dirname)(mitmCA.trustBundlePath)]
                : acc.grantRead;
            // `u` was fetched once above for the provisioning gate; the
            // same status carries the SID — don't re-spawn `srt-win user
            // status` here.
            if (!u.sid) {
                throw new Error('sandbox user SID missing from `srt-win user status` ' +
                    '(provisioned but in an inconsistent state)');
            }
            const sb = u.sid;
            // Record module-level state BEFORE the first acl call so the
            // catch's best-effort revoke/restore can address whatever
            // partially landed.
            windowsFsSbUserSid = sb;
            // One call, always made: it also records this process as a
            // session. Write roots are kept at reset(); a failure throws.
            await grantWindowsAclPersistent({
                sandboxUserSid: sb,
                read: grantRead,
                write: acc.grantWrite,
                denyRead: acc.denyRead,
                denyWrite: acc.denyWrite,
                allowProfileExclusions: override,
                srtWin,
            });
            stopIfReset();
            // Gates running revoke/restore at reset(): every session is
            // recorded with srt-win, whatever it was given. Set before the
            // probe, so that a reset() during it releases what was granted.
            windowsFsStampedSet = acc;
            (0,debug/* logForDebugging */.o)(`[Sandbox Windows] fs applied: ` +
                `${acc.grantWrite.length} grantWrite, ` +
                `${grantRead.length} grantRead, ` +
                `${acc.denyRead.length} denyRead, ` +
                `${acc.denyWrite.length} denyWrite`);
            // The egress probe, under the token this session's commands
            // get; anything but a refused connect throws, and so does an
            // install whose loopback mode is not this session's. Remembered
            // per account and loopback mode.
            const allowLoopback = runtimeConfig.network?.allowLocalBinding === true;
            if (windowsWfpVerifiedFor !== sb ||
                windowsWfpVerifiedLoopback !== allowLoopback) {
                await verifyWindowsWfpEgress({
                    proxyPortRange: runtimeConfig.windows?.proxyPortRange,
                    writeRoots: acc.grantWrite,
                    allowLoopback,
                    sublayerGuid: runtimeConfig.windows?.sublayerGuid ??
                        runtimeConfig.windows?.wfpSublayerGuid,
                    sandboxUser: runtimeConfig.windows?.sandboxUser,
                    srtWin,
                });
                stopIfReset();
                windowsWfpVerifiedFor = sb;
                windowsWfpVerifiedLoopback = allowLoopback;
            }
            windowsFsRawInputs = rawWindowsFsInputs(runtimeConfig);
        }
        catch (e) {
            // Best-effort release of whatever WAS applied before the
            // failure (exit-2 partial stamps/grants the resolvable
            // inputs; harmless if nothing was — no holds for this PID).
            if (windowsFsSbUserSid) {
                releaseWindowsSessionAcls(windowsFsSbUserSid, srtWin);
            }
            windowsFsSbUserSid = undefined;
            windowsFsStampedSet = undefined;
            windowsProfileRead = undefined;
            config = undefined;
            throw e;
        }
    }
    // Initialize network infrastructure
    initializationPromise = (async () => {
        try {
            // On Windows the WFP loopback permit covers a fixed port
            // range, so the proxies must bind inside it. Other platforms
            // bake the actual ephemeral port into the sandbox profile, so
            // they keep using port 0.
            const portRange = (0,utils_platform/* getPlatform */.u)() === 'windows'
                ? (config.windows?.proxyPortRange ?? DEFAULT_WINDOWS_PROXY_PORT_RANGE)
                : undefined;
            // The auth token is only set when this process owns the proxy; an
            // external proxy (config.network.httpProxyPort) handles its own auth,
            // and embedding our token in its URL would be wrong.
            proxyAuthToken =
                config.network.httpProxyPort !== undefined
                    ? undefined
                    : (0,external_node_crypto_.randomBytes)(16).toString('hex');
            // The mux front-end serves both protocols on one port. Each side's
            // reported port is the external override if configured, else the mux
            // port — so the public config.network.{http,socks}ProxyPort contract
            // is unchanged. The mux is skipped only when BOTH are external.
            const needLocalProxy = config.network.httpProxyPort === undefined ||
                config.network.socksProxyPort === undefined;
            const muxPort = needLocalProxy
                ? await startMuxProxyServer(sandboxAskCallback, portRange)
                : undefined;
            stopIfReset();
            const httpProxyPort = config.network.httpProxyPort ?? muxPort;
            const socksProxyPort = config.network.socksProxyPort ?? muxPort;
            // JVMs read neither HTTPS_PROXY nor its credential; the agent bridges
            // both. Resolved once here, advertised via JAVA_TOOL_OPTIONS per command.
            // Async: the global-npm fallback spawns `npm root -g`.
            javaAgentJarPath =
                (await getJavaProxyAgentJarPathAsync(config.javaAgentJarPath)) ??
                    undefined;
            stopIfReset();
            // Leaves are minted lazily per-CONNECT (after this point), so setting
            // the CDP URL now means every leaf carries it. See MitmCA.crlUrl.
            // Windows-only: on Linux the child runs under bwrap --unshare-net and
            // reaches the proxy via a socat bridge on a fixed netns port, so a
            // host-namespace mux port would be unreachable — worse than no CDP,
            // since a Schannel-analog client (Java, OpenSSL with CRL_CHECK) then
            // hard-fails "CRL fetch error" instead of soft-passing "no CDP". macOS
            // has no in-tree Schannel-analog client. Also gated on `muxPort`: an
            // external `network.httpProxyPort` doesn't answer /srt.crl.
            if (mitmCA && muxPort !== undefined && (0,utils_platform/* getPlatform */.u)() === 'windows') {
                mitmCA.crlUrl = `http://127.0.0.1:${muxPort}${mitm_ca/* CRL_PATH */.EG}`;
            }
            if (config.network.httpProxyPort !== undefined) {
                (0,debug/* logForDebugging */.o)(`Using external HTTP proxy on port ${httpProxyPort}`);
            }
            if (config.network.socksProxyPort !== undefined) {
                (0,debug/* logForDebugging */.o)(`Using external SOCKS proxy on port ${socksProxyPort}`);
            }
            // Initialize platform-specific infrastructure
            let linuxBridge;
            if ((0,utils_platform/* getPlatform */.u)() === 'linux') {
                linuxBridge = await initializeLinuxNetworkBridge(httpProxyPort, socksProxyPort, config.socatPath);
                stopIfReset();
            }
            const context = {
                httpProxyPort,
                socksProxyPort,
                linuxBridge,
            };
            managerContext = context;
            (0,debug/* logForDebugging */.o)('Network infrastructure initialized');
            return context;
        }
        catch (error) {
            // Clear state on error so initialization can be retried
            initializationPromise = undefined;
            managerContext = undefined;
            // Awaited: an initialize() queued behind this one must not start
            // until this clean-up has finished clearing what it shares.
            await sandbox_manager_reset().catch(e => {
                (0,debug/* logForDebugging */.o)(`Cleanup failed in initializationPromise ${e}`, {
                    level: 'error',
                });
            });
            throw error;
        }
    })();
    await initializationPromise;
}
function isSupportedPlatform() {
    const platform = (0,utils_platform/* getPlatform */.u)();
    if (platform === 'linux') {
        // WSL1 doesn't support bubblewrap
        return (0,utils_platform/* getWslVersion */.p)() !== '1';
    }
    return platform === 'macos' || platform === 'windows';
}
function isSandboxingEnabled() {
    // Sandboxing is enabled if config has been set (via initialize())
    return config !== undefined;
}
/**
 * Platform-independent part of the dependency check. Returns either
 * a finished result (POSIX, unsupported platform, or a Windows
 * srt-win resolution failure) or the inputs for the Windows probe —
 * the only platform where the sync and async variants differ.
 */
function checkDependenciesCommon(ripgrepConfig) {
    if (!isSupportedPlatform()) {
        return { done: { errors: ['Unsupported platform'], warnings: [] } };
    }
    const errors = [];
    const warnings = [];
    const platform = (0,utils_platform/* getPlatform */.u)();
    if (platform === 'linux') {
        // ripgrep is Linux-only: it's used by linuxGetMandatoryDenyPaths() to
        // expand glob deny-patterns to concrete paths for bwrap. macOS seatbelt
        // profiles take regex patterns directly, so rg is never invoked there.
        const rgToCheck = ripgrepConfig ?? config?.ripgrep ?? { command: 'rg' };
        if (which_whichSync(rgToCheck.command) === null) {
            errors.push(`ripgrep (${rgToCheck.command}) not found`);
        }
        const linuxDeps = checkLinuxDependencies({
            seccompConfig: config?.seccomp,
            bwrapPath: config?.bwrapPath,
            socatPath: config?.socatPath,
        });
        errors.push(...linuxDeps.errors);
        warnings.push(...linuxDeps.warnings);
    }
    else if (platform === 'windows') {
        let srtWin;
        try {
            srtWin = resolveSrtWin(config?.windows?.srtWin);
        }
        catch (e) {
            errors.push(e.message);
            return { done: { errors, warnings } };
        }
        return {
            windows: {
                sublayerGuid: config?.windows?.sublayerGuid ?? config?.windows?.wfpSublayerGuid,
                proxyPortRange: config?.windows?.proxyPortRange,
                sandboxUser: config?.windows?.sandboxUser,
                srtWin,
                // With a config to go by, an install whose loopback mode is
                // not the configured one is an error.
                ...(config && {
                    allowLoopback: config.network?.allowLocalBinding === true,
                }),
            },
        };
    }
    // The library itself writable from inside the sandbox: see own-files.ts.
    if (!config?.filesystem.disabled) {
        try {
            const ownInstall = ownInstallWarning(writeRootsOf(getFsWriteConfig()));
            if (ownInstall !== undefined)
                warnings.push(ownInstall);
        }
        catch {
            // It only advises: whoever enforces a config says what is wrong with it.
        }
    }
    return { done: { errors, warnings } };
}
/**
 * The mxc backend needs neither srt-win.exe nor the WFP/user install,
 * only the SDK, injected or as the package. Whether the host can run
 * it is settled by initialize()'s probe. undefined when the srt-win
 * check applies.
 */
function mxcDependencies(options) {
    const backend = options?.windowsBackend ?? config?.windows?.backend;
    if (backend !== 'mxc' || (0,utils_platform/* getPlatform */.u)() !== 'windows')
        return undefined;
    return {
        errors: options?.windowsMxcSdk || windowsMxcState || isMxcSdkInstalled()
            ? []
            : [MXC_SDK_MISSING],
        warnings: [],
    };
}
/**
 * Check sandbox dependencies for the current platform
 * @param ripgrepConfig - Ripgrep command to check. If not provided, uses config from initialization or defaults to 'rg'
 * @returns { warnings, errors } - errors mean sandbox cannot run, warnings mean degraded functionality
 */
function checkDependencies(ripgrepConfig, options) {
    const mxc = mxcDependencies(options);
    if (mxc)
        return mxc;
    const common = checkDependenciesCommon(ripgrepConfig);
    if ('done' in common)
        return common.done;
    return checkWindowsDependencies(common.windows);
}
/**
 * Async variant of {@link checkDependencies} — same result for the
 * same underlying state. On Windows the srt-win probes run via
 * `spawn` (never blocking the event loop) and concurrently; on other
 * platforms the checks are native and this simply wraps the sync
 * result. Windows callers should prefer this variant.
 */
async function checkDependenciesAsync(ripgrepConfig, options) {
    const mxc = mxcDependencies(options);
    if (mxc)
        return mxc;
    // Linux: resolve apply-seccomp first so its global-npm fallback
    // (`npm root -g`) runs off the event loop; the sync check below then
    // hits the shared path cache.
    if ((0,utils_platform/* getPlatform */.u)() === 'linux' && !config?.seccomp?.argv0) {
        await getApplySeccompBinaryPathAsync(config?.seccomp?.applyPath);
    }
    const common = checkDependenciesCommon(ripgrepConfig);
    if ('done' in common)
        return common.done;
    return checkWindowsDependenciesAsync(common.windows);
}
/**
 * Build the read-deny / env-unset / env-set maps implied by the
 * `credentials` config.
 *
 * Only explicitly declared sources are restricted: `mode: 'deny'` file
 * entries join the read-deny set, `mode: 'deny'` env vars are unset, and
 * `mode: 'mask'` env vars are set to a fake value (whole-value sentinel,
 * the real value with extract-captured spans swapped for sentinels, or a
 * JWT-shaped fake for `decode: 'jwt'` / `maskClaims` entries) registered
 * in {@link sentinelRegistry} — see {@link buildMaskedEnvVars}.
 */
function getCredentialRestrictions(credentials, allowedDomains) {
    if (!credentials) {
        return {
            denyReadPaths: [],
            unsetEnvVars: [],
            setEnvVars: {},
            maskedFileBinds: [],
            maskedFileStoreDir: undefined,
            degradeToDenyPaths: [],
        };
    }
    const denyReadPaths = getCredentialDenyReadPaths(credentials);
    // Default injectHosts (= allowedDomains) is host-scoped: drop any
    // `:port` suffixes, otherwise the sentinel would carry an entry no bare
    // destination host can ever match and the credential would never inject.
    const defaultInjectHosts = [
        ...new Set((allowedDomains ?? []).map(domain_pattern/* stripDomainPatternPort */.SN)),
    ];
    const unsetEnvVars = [];
    for (const v of credentials.envVars ?? []) {
        if (v.mode === 'deny')
            unsetEnvVars.push(v.name);
    }
    // Masked env vars: read the real value from the host environment,
    // register sentinel(s), and set the variable to the fake value inside
    // the sandbox. degradeToUnsetNames carries variables whose extract
    // pattern matched nothing with onExtractNoMatch: "deny" — merged into
    // unsetEnvVars below so the value is withheld rather than exposed.
    const { setEnvVars, degradeToUnsetNames } = buildMaskedEnvVars(credentials.envVars ?? [], defaultInjectHosts, sentinelRegistry);
    unsetEnvVars.push(...degradeToUnsetNames);
    // Link masked AWS credentials into pairs so the proxy can re-sign
    // SigV4 requests (the signature is derived from the secret; header
    // substitution alone cannot fix it).
    registerAwsPairs(credentials.envVars ?? [], credentials.awsPairs, defaultInjectHosts, setEnvVars, awsPairRegistry);
    // Masked files: read the real bytes on the host, register a sentinel,
    // write it to a fake file in the manager-owned temp dir. Missing/unreadable
    // entries are skipped (same posture as an unset masked env var).
    // degradeToDenyPaths carries paths whose extract pattern matched
    // nothing with onExtractNoMatch: "deny" — merged into denyReadPaths
    // below so both the read-deny config and the platform builders see
    // them, and carried separately so they stay literal on the way there.
    const files = credentials.files ?? [];
    const { binds: maskedFileBinds, degradeToDenyPaths } = buildMaskedFileBinds(files, defaultInjectHosts, sentinelRegistry, maskedFileStore);
    return {
        denyReadPaths: [...new Set([...denyReadPaths, ...degradeToDenyPaths])],
        unsetEnvVars: [...new Set(unsetEnvVars)],
        setEnvVars,
        maskedFileBinds,
        maskedFileStoreDir: maskedFileStore.dirPath,
        degradeToDenyPaths,
    };
}
/**
 * Pure (side-effect-free) chokepoint for credential file-deny
 * paths — `credentials.files` entries with `mode: 'deny'`. Any
 * code that needs the credential→denyRead contribution routes
 * through here so a comparison predicate can read it without
 * touching {@link sentinelRegistry}.
 */
function getCredentialDenyReadPaths(credentials) {
    const files = credentials?.files ?? [];
    return [...new Set(files.filter(f => f.mode === 'deny').map(f => f.path))];
}
/**
 * The default write paths under a filesystem policy's read rules, for
 * getFsWriteConfig() and wrapWithSandbox() alike. Fed the entries as
 * configured, through the pure {@link getCredentialDenyReadPaths}: no glob
 * expansion and no credential masking, because getFsWriteConfig() is a
 * getter callers reach from permission checks and render paths. A mask entry
 * that degrades to a deny is a file and cannot cover a directory, so
 * leaving those out changes nothing. An entry with glob characters that is
 * also the name of a path counts as that name too. The credential denies are
 * judged apart, with no `allowRead`: they have no exceptions.
 */
function defaultWritePathsUnder({ denyRead, allowRead, credentials, }) {
    const underCredentialDenies = (0,sandbox_utils/* getDefaultWritePaths */.h6)(readRulesOf([], undefined, getCredentialDenyReadPaths(credentials)));
    return (0,sandbox_utils/* getDefaultWritePaths */.h6)(readRulesOf(denyRead, allowRead, [])).filter(p => underCredentialDenies.includes(p));
}
/**
 * The explicit `filesystem.denyRead` and the credential-derived deny paths,
 * each through {@link resolveReadPathEntries}. The single source of "what
 * files does this config want read-denied" on macOS and Linux, so a new
 * credential kind that contributes deny paths reaches both. The credential
 * ones are also returned apart, for the precedence the backends give them.
 */
function* resolveReadDenies(denyRead = [], credentialRestrictions, expandGlob) {
    const listed = yield* resolveReadPathEntries('deny', denyRead, expandGlob);
    const credentialDenyOnly = yield* resolveReadPathEntries('deny', credentialRestrictions.denyReadPaths, expandGlob, credentialRestrictions.degradeToDenyPaths);
    return {
        denyOnly: [...new Set([...listed, ...credentialDenyOnly])],
        ...(credentialDenyOnly.length > 0 && { credentialDenyOnly }),
    };
}
/**
 * Strip a trailing `/**` from each read-path entry and, on Linux, replace
 * any remaining glob with what `expandGlob` returns for it (bubblewrap takes
 * concrete paths only). Other platforms match globs natively.
 * On Linux the entry's other readings are added (see `withOtherReadings`);
 * elsewhere the backend decides them. Entries the caller marked literal are
 * not in the result: they travel in the `literal…` lists.
 *
 * `literalPaths` are the ones the library resolved itself (a masked
 * credential file that degraded to deny) — each names one file on disk, so
 * it is passed through whatever characters it contains. Expanded as a
 * pattern, a name holding `[` matches nothing and the deny is lost.
 *
 * Each path once, where it first came up: every `**` pattern over one base
 * returns the directories it could not list, and the Linux wrapper looks at
 * every entry it is given.
 */
function* resolveReadPathEntries(kind, paths, expandGlob, literalPaths = []) {
    const literal = new Set(literalPaths);
    const resolved = new Set();
    for (const p of spelledOf(paths)) {
        const stripped = (0,sandbox_utils/* removeTrailingGlobSuffix */.mL)(p);
        if ((0,utils_platform/* getPlatform */.u)() === 'linux' &&
            !literal.has(p) &&
            (0,sandbox_utils/* containsGlobChars */.dx)(stripped)) {
            for (const found of yield* withOtherReadings(p, stripped, kind, expandGlob)) {
                resolved.add(found);
            }
        }
        else {
            resolved.add(stripped);
        }
    }
    return [...resolved];
}
/**
 * Strip a trailing `/**` and drop what is still a glob on Linux: bwrap needs
 * real paths. macOS subpath matching is recursive, so the strip is harmless
 * there and the filter never fires.
 * A glob that is also the name of a path that exists is kept, as that name.
 * Marked entries are not in the result, as in {@link resolveReadPathEntries}.
 */
function stripWriteGlobs(kind, paths) {
    return spelledOf(paths)
        .map(p => (0,sandbox_utils/* removeTrailingGlobSuffix */.mL)(p))
        .filter(p => {
        if ((0,utils_platform/* getPlatform */.u)() === 'linux' &&
            (0,sandbox_utils/* containsGlobChars */.dx)(p) &&
            !hasNameReading(p, kind)) {
            (0,debug/* logForDebugging */.o)(`[Sandbox] Skipping glob write pattern on Linux: ${p}`);
            return false;
        }
        return true;
    });
}
function* expandAllowReadGlob(pattern, anchor) {
    const expanded = (yield* (0,sandbox_utils/* walkGlobPatternSteps */.tb)(pattern, { anchor })).matches;
    (0,debug/* logForDebugging */.o)(`[Sandbox] Expanded allowRead glob pattern "${pattern}" to ${expanded.length} paths on Linux`);
    return expanded;
}
/**
 * The read policy of the initialized config, for inspection and display.
 * On Linux, denyRead globs are collapsed to covering directory mounts against
 * this config's allowRead and {@link getFsWriteConfig}'s write roots, so
 * `denyOnly` is only sound alongside that write config and must not be handed
 * to wrapCommandWithSandboxLinux with a different one. Marked entries are
 * in the `literal…` lists, as spelled: pass the object on whole.
 */
function getFsReadConfig() {
    if (!config || config.filesystem.disabled) {
        return { denyOnly: [], allowWithinDeny: [] };
    }
    // Credential deny paths are unioned with the caller's denyRead — never
    // replacing it — so explicit filesystem restrictions always survive.
    const credentialRestrictions = getCredentialRestrictions(config.credentials, config.network.allowedDomains);
    // allowRead (re-allow within denied regions) is resolved first: the
    // denyRead glob expansion collapses against it.
    const allowPaths = (0,sandbox_utils/* finish */.O9)(resolveReadPathEntries('allow', config.filesystem.allowRead ?? [], expandAllowReadGlob));
    const reExposedPaths = reExposedBy(allowPaths, config.filesystem.allowRead, getFsWriteConfig());
    const unlistableDenyDirs = new Set();
    const listings = new Map();
    const denyPaths = (0,sandbox_utils/* finish */.O9)(resolveReadDenies(config.filesystem.denyRead, credentialRestrictions, (pattern, anchor) => expandReadDenyGlobLinuxSteps(pattern, reExposedPaths, unlistableDenyDirs, { anchor, listings })));
    return {
        ...denyPaths,
        allowWithinDeny: allowPaths,
        unlistableDenyDirs: [...unlistableDenyDirs],
        ...literalReadLists(config.filesystem.denyRead, config.filesystem.allowRead),
    };
}
function getFsWriteConfig() {
    if (!config) {
        return { allowOnly: (0,sandbox_utils/* getDefaultWritePaths */.h6)(), denyWithinAllow: [] };
    }
    if (config.filesystem.disabled) {
        return { allowOnly: ['/'], denyWithinAllow: [] };
    }
    const allowPaths = stripWriteGlobs('allow', config.filesystem.allowWrite);
    const denyPaths = stripWriteGlobs('deny', config.filesystem.denyWrite);
    const allowOnly = [
        ...defaultWritePathsUnder({
            denyRead: config.filesystem.denyRead,
            allowRead: config.filesystem.allowRead,
            credentials: config.credentials,
        }),
        ...allowPaths,
    ];
    return {
        allowOnly,
        denyWithinAllow: denyPaths,
        ...literalWriteLists(config.filesystem.allowWrite, config.filesystem.denyWrite),
    };
}
/**
 * Build the Windows file-access set (deny stamps + sandbox-user
 * grants) from `runtimeConfig`. Globs are expanded to concrete
 * paths (point-in-time — a path appearing after this returns is NOT
 * covered). Directory targets are accepted (the `(OI)(CI)` ACEs
 * cover the subtree).
 *
 * The sandbox user has no inherent rights on real-user-owned files,
 * so `allowWrite` (the working-tree roots) becomes a per-session
 * `MODIFY_NO_FDC` ALLOW ACE for `<sb-SID>`, `allowRead` a
 * `READ|EXECUTE` ALLOW ACE, and `denyRead`/`denyWrite` become an
 * explicit DENY ACE for `<sb-SID>` on the target plus a
 * `(OI)(CI) FILE_DELETE_CHILD` DENY on its parent.
 * {@link rankWindowsFsAccess} ranks the lists against each other.
 *
 * `maskedFiles`: see {@link windowsMaskedFileDenies}.
 */
function computeWindowsFsAccessSet(c, maskedFiles) {
    const fs = c.filesystem;
    // filesystem.disabled bypasses ALL filesystem rule generation —
    // same as the macOS/Linux wrapWithSandbox path (readConfig /
    // writeConfig left undefined). On Windows this means no grant, and
    // no stamp but a masked file's; credential FILE denies are dropped
    // along with the rest (credential ENV: mode:'deny' is structural
    // under the fresh srt-sandbox env; mode:'mask' sentinels are passed
    // via the --env overlay).
    if (fs?.disabled) {
        return {
            grantRead: [],
            grantWrite: [],
            denyRead: [...maskedFiles],
            denyWrite: [],
        };
    }
    const expand = expandWindowsFsPaths;
    // `mode: 'deny'` — non-existent literals reach srt-win, which
    // creates a placeholder chain and stamps it (deny lands on the
    // exact target path). `mode: 'grant'` drops them (a grant on
    // nothing is meaningless).
    return rankWindowsFsAccess({
        allowRead: expand(fs?.allowRead ?? [], { mode: 'grant' }),
        allowWrite: expand(fs?.allowWrite ?? [], { mode: 'grant' }),
        denyRead: expand(fs?.denyRead ?? [], { mode: 'deny' }),
        denyWrite: expand(fs?.denyWrite ?? [], { mode: 'deny' }),
        credentialDeny: [
            ...expand(getCredentialDenyReadPaths(c.credentials), { mode: 'deny' }),
            ...maskedFiles,
        ],
    });
}
/**
 * The `mode: "mask"` files, as credential denies: an ACL cannot redirect a
 * read, so on Windows, as on macOS, a masked file is unreadable. Each is a
 * file the library opened, so none is expanded, and `filesystem.disabled`
 * leaves them in force, as it leaves the masks on the other platforms.
 */
function windowsMaskedFileDenies(credentialRestrictions) {
    return [
        ...credentialRestrictions.maskedFileBinds.map(b => b.realPath),
        ...credentialRestrictions.degradeToDenyPaths,
    ];
}
/**
 * Snapshot the raw config fields that feed
 * {@link computeWindowsFsAccessSet}. Used by updateConfig() to
 * short-circuit the resolved-set diff (which re-runs glob
 * expansion) when nothing relevant changed.
 */
function rawWindowsFsInputs(c) {
    // Keyed exactly on what {@link computeWindowsFsAccessSet} reads of
    // the config. The masked files are not session-wide: each wrap
    // denies the ones the session has not stamped.
    // `network.allowedDomains` does NOT feed file-deny (only mask
    // injectHosts), so a network-only updateConfig hits the cache.
    return {
        disabled: c.filesystem.disabled ?? false,
        denyRead: [...c.filesystem.denyRead],
        denyWrite: [...c.filesystem.denyWrite],
        allowRead: [...(c.filesystem.allowRead ?? [])],
        allowWrite: [...c.filesystem.allowWrite],
        credFiles: getCredentialDenyReadPaths(c.credentials),
    };
}
function sameRawWindowsFsInputs(a, b) {
    return (a.disabled === b.disabled &&
        samePathEntries(a.denyRead, b.denyRead) &&
        samePathEntries(a.denyWrite, b.denyWrite) &&
        samePathEntries(a.allowRead, b.allowRead) &&
        samePathEntries(a.allowWrite, b.allowWrite) &&
        samePathEntries(a.credFiles, b.credFiles));
}
/**
 * True when `newConfig`'s file-deny inputs match what was
 * stamped at initialize(). Compares raw inputs only (cheap,
 * order-insensitive); never re-expands globs — updateConfig is
 * warn-only on Windows and the resolved set wouldn't be used.
 */
function sameWindowsStampSet(newConfig) {
    return (windowsFsRawInputs !== undefined &&
        sameRawWindowsFsInputs(windowsFsRawInputs, rawWindowsFsInputs(newConfig)));
}
/** Why a loopback mode other than the session's verified one is refused. */
function windowsLoopbackModeChanged(wanted, verified) {
    const mode = (open) => (open ? 'open' : 'closed');
    return (`network.allowLocalBinding asks for loopback ${mode(wanted)}, but this ` +
        `session verified the network fence with loopback ${mode(verified)}. ` +
        `On Windows the loopback mode is fixed by the install and checked at ` +
        `initialize(): it cannot change for one command or through ` +
        `updateConfig(). Call reset() then initialize() with the new value; ` +
        `the installed mode must match it.`);
}
function getNetworkRestrictionConfig() {
    if (!config) {
        return {};
    }
    // Preserve an explicitly-empty allowlist: consumers need to distinguish
    // "no network restriction configured" (absent) from "allowlist configured
    // with zero entries" (block-all / ask-only). Stripping the empty array
    // made a host app's restriction-status UI report an airgapped config as
    // unrestricted. deniedHosts keeps the strip — an empty denylist and an
    // absent one are semantically identical.
    const allowedHosts = config.network.allowedDomains;
    const deniedHosts = config.network.deniedDomains;
    return {
        allowedHosts,
        ...(deniedHosts.length > 0 && { deniedHosts }),
    };
}
function getAllowUnixSockets() {
    return config?.network?.allowUnixSockets;
}
function getAllowAllUnixSockets() {
    return config?.network?.allowAllUnixSockets;
}
function getAllowLocalBinding() {
    return config?.network?.allowLocalBinding;
}
function getAllowMachLookup() {
    return config?.network?.allowMachLookup;
}
function getIgnoreViolations() {
    return config?.ignoreViolations;
}
function getEnableWeakerNestedSandbox() {
    return config?.enableWeakerNestedSandbox;
}
function getEnableWeakerNetworkIsolation() {
    return config?.enableWeakerNetworkIsolation;
}
function getAllowAppleEvents() {
    return config?.allowAppleEvents;
}
function getRipgrepConfig() {
    return config?.ripgrep ?? { command: 'rg' };
}
function getMandatoryDenySearchDepth() {
    return config?.mandatoryDenySearchDepth ?? 3;
}
function getAllowGitConfig() {
    return config?.filesystem?.allowGitConfig ?? false;
}
/**
 * Union of session-level and per-call `git.safeDirectories`. Marks
 * paths as `safe.directory` (dubious-ownership bypass) WITHOUT
 * touching the write grant — the repo top-level for a subdirectory
 * launch must NOT go in `filesystem.allowWrite`.
 */
function getGitSafeDirectories(customConfig) {
    return [
        ...(config?.git?.safeDirectories ?? []),
        ...(customConfig?.git?.safeDirectories ?? []),
    ];
}
function getSeccompConfig() {
    return config?.seccomp;
}
function getProxyAuthToken() {
    return proxyAuthToken;
}
function getProxyPort() {
    return managerContext?.httpProxyPort;
}
function getSocksProxyPort() {
    return managerContext?.socksProxyPort;
}
function getLinuxHttpSocketPath() {
    return managerContext?.linuxBridge?.httpSocketPath;
}
function getLinuxSocksSocketPath() {
    return managerContext?.linuxBridge?.socksSocketPath;
}
/**
 * Wait for network initialization to complete if already in progress
 * Returns true if initialized successfully, false otherwise
 */
async function waitForNetworkInitialization() {
    if (!config) {
        return false;
    }
    if (initializationPromise) {
        try {
            await initializationPromise;
            return true;
        }
        catch {
            return false;
        }
    }
    return managerContext !== undefined;
}
/** A wrap that has started over this many times walks without giving the
 *  thread back. */
const RESTARTS_IN_TURNS = 2;
/** In place of what a walk finds: the configuration was replaced under it. */
const REPLACED = Symbol('replaced');
/** Whether a wrap is walking, and the ones waiting to, first come first. */
let walking = false;
const waitingToWalk = [];
/**
 * Resolves once no other wrap is walking, with what says that this one's walk
 * has ended; only the first call of it counts. Walks that take turns on one
 * thread end no sooner for it, while each keeps all it has listed until it
 * ends and has its turn before the event loop gets one: the memory and the
 * thread held would both grow with the wraps in flight.
 * Rejects with `signal`'s reason as soon as that is aborted during the wait.
 * Nothing else takes a wrap out of the line, reset() included.
 */
async function waitToWalk(signal) {
    if (walking) {
        signal?.throwIfAborted();
        await new Promise((resolve, reject) => {
            const go = () => {
                signal?.removeEventListener('abort', leave);
                resolve();
            };
            const leave = () => {
                waitingToWalk.splice(waitingToWalk.indexOf(go), 1);
                reject(signal?.reason);
            };
            waitingToWalk.push(go);
            signal?.addEventListener('abort', leave, { once: true });
        });
    }
    walking = true;
    let ended = false;
    return () => {
        if (ended)
            return;
        ended = true;
        // Handed on while `walking` stays set, so that no newcomer gets in first.
        const next = waitingToWalk.shift();
        if (next)
            next();
        else
            walking = false;
    };
}
async function wrapWithSandbox(command, binShell, customConfig, abortSignal, options) {
    return wrapWithSandboxAgain(0, command, binShell, customConfig, abortSignal, options);
}
/** {@link wrapWithSandbox}, having started over `restarts` times. */
async function wrapWithSandboxAgain(restarts, command, binShell, customConfig, abortSignal, options) {
    // INVARIANT: an attempt waits before it reads anything, so that it goes by
    // the configuration, the working directory and the disk it finds afterwards.
    const walkEnded = await waitToWalk(abortSignal);
    try {
        return await wrapWithSandboxOnce(walkEnded, restarts, command, binShell, customConfig, abortSignal, options);
    }
    finally {
        walkEnded();
    }
}
/** One attempt of {@link wrapWithSandboxAgain}, which calls `walkEnded` once
 *  it walks no more. */
async function wrapWithSandboxOnce(walkEnded, restarts, command, binShell, customConfig, abortSignal, options) {
    const platform = (0,utils_platform/* getPlatform */.u)();
    const commandId = options?.commandId;
    registerCommandText(command, options);
    const startedWith = config;
    const startedAt = configInstalls;
    const startedIn = (0,sandbox_utils/* workingDirectory */.p7)();
    const movedOn = () => config !== startedWith ||
        configInstalls !== startedAt ||
        (0,sandbox_utils/* workingDirectory */.p7)() !== startedIn;
    const startOver = () => {
        // The next attempt waits like any other wrap, behind the ones there are.
        walkEnded();
        return wrapWithSandboxAgain(restarts + 1, command, binShell, customConfig, abortSignal, options);
    };
    /** `steps`, left as soon as the host is seen to have moved on: what they
     *  would go on to find is for a wrap that starts over anyway. */
    function* whileCurrent(steps) {
        for (;;) {
            if (movedOn())
                return REPLACED;
            const step = steps.next();
            if (step.done)
                return step.value;
            yield;
        }
    }
    const walked = (steps) => {
        if (restarts < RESTARTS_IN_TURNS) {
            return (0,sandbox_utils/* finishInTurns */.V3)(whileCurrent(steps), abortSignal);
        }
        abortSignal?.throwIfAborted();
        return (0,sandbox_utils/* finish */.O9)(steps);
    };
    // filesystem.disabled bypasses ALL filesystem rule generation. Both
    // platform wrappers treat readConfig/writeConfig === undefined as "no
    // filesystem restrictions" (seatbelt emits `(allow file-write*)`; bwrap
    // skips the `--ro-bind / /` root and all path binds).
    //
    // Precedence: when a caller passes a per-call filesystem override at all,
    // its `disabled` (defaulting to false) wins outright. A global
    // disabled=true must not silently discard a per-call tightening that
    // omits the new key.
    const fsDisabled = customConfig?.filesystem !== undefined
        ? (customConfig.filesystem.disabled ?? false)
        : (config?.filesystem.disabled ?? false);
    // Credential env handling is independent of filesystem policy: unsetEnvVars /
    // setEnvVars must be applied even when fsDisabled (the credential file
    // deny-reads are dropped, but env scrubbing still happens).
    const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
    // Get configs - use custom if provided, otherwise fall back to main config
    // If neither exists, defaults to empty arrays (most restrictive)
    // Always include default system write paths (like /dev/null, /tmp/claude)
    let writeConfig;
    let readConfig;
    if (!fsDisabled) {
        const userAllowWrite = stripWriteGlobs('allow', customConfig?.filesystem?.allowWrite ??
            config?.filesystem.allowWrite ??
            []);
        writeConfig = {
            allowOnly: [
                ...defaultWritePathsUnder({
                    denyRead: customConfig?.filesystem?.denyRead ??
                        config?.filesystem.denyRead ??
                        [],
                    allowRead: customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead,
                    credentials: customConfig?.credentials ?? config?.credentials,
                }),
                ...userAllowWrite,
            ],
            denyWithinAllow: stripWriteGlobs('deny', customConfig?.filesystem?.denyWrite ??
                config?.filesystem.denyWrite ??
                []),
            ...literalWriteLists(customConfig?.filesystem?.allowWrite ?? config?.filesystem.allowWrite, customConfig?.filesystem?.denyWrite ?? config?.filesystem.denyWrite),
        };
        // For a caller that never reads checkDependencies(), the CLI among them.
        if (!ownInstallLogged) {
            ownInstallLogged = true;
            try {
                const ownInstall = ownInstallWarning(writeRootsOf(writeConfig));
                if (ownInstall !== undefined) {
                    (0,debug/* logForDebugging */.o)(ownInstall, { level: 'warn' });
                }
            }
            catch {
                // It only advises, as in checkDependenciesCommon().
            }
        }
        // Credential deny paths are unioned with the caller's denyRead — never
        // replacing it — so explicit filesystem restrictions always survive.
        // allowRead is resolved first: on Linux a denyRead glob's expansion is
        // collapsed against the paths that re-expose contents under a denied
        // directory (allowRead + allowWrite), so both must be final here.
        const expandedAllowRead = await walked(resolveReadPathEntries('allow', customConfig?.filesystem?.allowRead ??
            config?.filesystem.allowRead ??
            [], expandAllowReadGlob));
        if (expandedAllowRead === REPLACED)
            return startOver();
        // The TLS-termination CA cert and the trust bundle the env vars point at
        // (NODE_EXTRA_CA_CERTS etc.) must be readable by the child, even if their
        // paths fall under a user-configured denyRead or credential entry.
        const ownAllowWithinDeny = [];
        if (mitmCA) {
            ownAllowWithinDeny.push(mitmCA.certPath, mitmCA.trustBundlePath);
        }
        // Likewise the JVM proxy agent jar JAVA_TOOL_OPTIONS points at.
        if (javaAgentJarPath) {
            ownAllowWithinDeny.push(javaAgentJarPath);
        }
        expandedAllowRead.push(...ownAllowWithinDeny);
        const reExposedPaths = reExposedBy(expandedAllowRead, customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead, writeConfig);
        const unlistableDenyDirs = new Set();
        const listings = new Map();
        const expandedDenyRead = await walked(resolveReadDenies(customConfig?.filesystem?.denyRead ?? config?.filesystem.denyRead, credentialRestrictions, (pattern, anchor) => expandReadDenyGlobLinuxSteps(pattern, reExposedPaths, unlistableDenyDirs, { anchor, listings })));
        // Emptied by hand: a runtime may keep what this function has named for as
        // long as it is suspended, which is until the scan below has ended.
        listings.clear();
        if (expandedDenyRead === REPLACED)
            return startOver();
        readConfig = {
            ...expandedDenyRead,
            allowWithinDeny: expandedAllowRead,
            ...(ownAllowWithinDeny.length > 0 && { ownAllowWithinDeny }),
            unlistableDenyDirs: [...unlistableDenyDirs],
            ...literalReadLists(customConfig?.filesystem?.denyRead ?? config?.filesystem.denyRead, customConfig?.filesystem?.allowRead ?? config?.filesystem.allowRead),
        };
    }
    // Nothing below walks, and what it waits for is not this thread.
    walkEnded();
    // Check if network config is specified - this determines if we need network restrictions
    // Network restriction is needed when:
    // 1. customConfig has network.allowedDomains defined (even if empty array = block all)
    // 2. OR config has network.allowedDomains defined (even if empty array = block all)
    // An empty allowedDomains array means "no domains allowed" = block all network access
    const hasNetworkConfig = customConfig?.network?.allowedDomains !== undefined ||
        config?.network?.allowedDomains !== undefined;
    // Network RESTRICTION is needed whenever network config is specified
    // This includes empty allowedDomains which means "block all network"
    const needsNetworkRestriction = hasNetworkConfig;
    // Network PROXY is needed whenever network config is specified
    // Even with empty allowedDomains, we route through proxy so that:
    // 1. updateConfig() can enable network access for already-running processes
    // 2. The proxy blocks all requests when allowlist is empty
    const needsNetworkProxy = hasNetworkConfig;
    // Wait for network initialization only if proxy is actually needed
    if (needsNetworkProxy) {
        await waitForNetworkInitialization();
    }
    // INVARIANT: one wrap, one configuration. updateConfig() can run in any of
    // the turns above, and what was read before it must not be put together
    // with what is read after it: the write list of one configuration with the
    // allowGitConfig of another is a policy nobody chose. So the wrap starts
    // over. Nothing from here to the platform's wrapper awaits.
    //
    // And one working directory, which a relative entry is resolved against
    // wherever it is read: a `.` bound back from where the host has gone to,
    // over denies walked from where it was, uncovers what they matched.
    //
    // INVARIANT: what a wrap hands out was read from the disk after its
    // configuration was installed. A host that writes a file and then installs
    // a rule that denies it finds it denied by every wrap that goes by that
    // rule. So a wrap that starts over keeps nothing of what it has listed or
    // walked, the same rules included. A configuration installed after this
    // check is the next wrap's.
    //
    // An embedder can replace the configuration many times during one walk.
    // After RESTARTS_IN_TURNS the wrap walks without a turn of the event loop,
    // so no timer or I/O callback replaces it meanwhile. That holds the thread
    // for one walk, as every wrap did before the walk took turns. It is not a
    // proof that the wrap ends: a promise continuation, or anything at all
    // while the network is still being initialized, can replace it between the
    // walk and this check, and the wrap then starts over once more.
    if (movedOn())
        return startOver();
    // Check custom config to allow pseudo-terminal (can be applied dynamically)
    const allowPty = customConfig?.allowPty ?? config?.allowPty;
    const allowNestedUserNamespaces = customConfig?.allowNestedUserNamespaces ?? config?.allowNestedUserNamespaces;
    const gitSafeDirectories = getGitSafeDirectories(customConfig);
    switch (platform) {
        case 'macos':
            // macOS sandbox profile supports glob patterns directly, no ripgrep needed
            return wrapCommandWithSandboxMacOS({
                command,
                commandId,
                needsNetworkRestriction,
                // Only pass proxy ports if proxy is running (when there are domains to filter)
                httpProxyPort: needsNetworkProxy ? getProxyPort() : undefined,
                socksProxyPort: needsNetworkProxy ? getSocksProxyPort() : undefined,
                proxyAuthToken: needsNetworkProxy ? proxyAuthToken : undefined,
                caCertPath: mitmCA?.trustBundlePath,
                javaAgentJarPath: needsNetworkProxy ? javaAgentJarPath : undefined,
                readConfig,
                writeConfig,
                unsetEnvVars: credentialRestrictions.unsetEnvVars,
                setEnvVars: credentialRestrictions.setEnvVars,
                maskedFileBinds: credentialRestrictions.maskedFileBinds,
                degradeToDenyPaths: credentialRestrictions.degradeToDenyPaths,
                allowUnixSockets: getAllowUnixSockets(),
                allowAllUnixSockets: getAllowAllUnixSockets(),
                allowLocalBinding: getAllowLocalBinding(),
                allowMachLookup: getAllowMachLookup(),
                ignoreViolations: getIgnoreViolations(),
                allowPty,
                allowGitConfig: getAllowGitConfig(),
                gitSafeDirectories,
                enableWeakerNetworkIsolation: getEnableWeakerNetworkIsolation(),
                allowAppleEvents: getAllowAppleEvents(),
                binShell,
            });
        case 'linux':
            return wrapCommandWithSandboxLinux({
                command,
                commandId,
                needsNetworkRestriction,
                // Only pass socket paths if proxy is running (when there are domains to filter)
                httpSocketPath: needsNetworkProxy
                    ? getLinuxHttpSocketPath()
                    : undefined,
                socksSocketPath: needsNetworkProxy
                    ? getLinuxSocksSocketPath()
                    : undefined,
                httpProxyPort: needsNetworkProxy
                    ? managerContext?.httpProxyPort
                    : undefined,
                socksProxyPort: needsNetworkProxy
                    ? managerContext?.socksProxyPort
                    : undefined,
                proxyAuthToken: needsNetworkProxy ? proxyAuthToken : undefined,
                caCertPath: mitmCA?.trustBundlePath,
                javaAgentJarPath: needsNetworkProxy ? javaAgentJarPath : undefined,
                readConfig,
                writeConfig,
                unsetEnvVars: credentialRestrictions.unsetEnvVars,
                setEnvVars: credentialRestrictions.setEnvVars,
                maskedFileBinds: credentialRestrictions.maskedFileBinds,
                maskedFileStoreDir: credentialRestrictions.maskedFileStoreDir,
                enableWeakerNestedSandbox: getEnableWeakerNestedSandbox(),
                allowNestedUserNamespaces,
                allowAllUnixSockets: getAllowAllUnixSockets(),
                binShell,
                ripgrepConfig: getRipgrepConfig(),
                mandatoryDenySearchDepth: getMandatoryDenySearchDepth(),
                allowGitConfig: getAllowGitConfig(),
                gitSafeDirectories,
                seccompConfig: getSeccompConfig(),
                bwrapPath: config?.bwrapPath,
                socatPath: config?.socatPath,
                observeSocketPath: linuxMonitor?.observeSocketPath,
                abortSignal,
            }).catch((err) => {
                // It awaits once more, for its scan: see the invariant above.
                if (err instanceof WorkingDirectoryChanged)
                    return startOver();
                throw err;
            });
        case 'windows':
            // Windows wraps to an argv array, not a shell string. Forcing
            // callers through wrapWithSandboxArgv() means they spawn with
            // {shell:false}, which is the security boundary that keeps the
            // user's command bytes off the HOST shell.
            throw new Error('wrapWithSandbox() returns a shell string and is not supported ' +
                'on Windows. Use SandboxManager.wrapWithSandboxArgv() and ' +
                'spawn the result with {shell: false}.');
        default:
            // Unsupported platform - this should not happen since isSandboxingEnabled() checks platform support
            throw new Error(`Sandbox configuration is not supported on platform: ${platform}`);
    }
}
/**
 * Wrap `command` for the sandbox and return a spawn descriptor:
 * `{ argv, env }`, suitable for
 * `spawn(argv[0], argv.slice(1), {shell: false, env})`.
 *
 * On Windows this is the ONLY supported wrap method (see
 * {@link wrapWithSandbox}); `env` is the broker process's spawn env
 * — the sandboxed child gets a fresh `srt-sandbox` profile env with
 * only the `--env` overlay baked into `argv` (see
 * {@link wrapCommandWithSandboxWindows}). On
 * macOS/Linux `argv` is `[binShell, '-c', <wrapWithSandbox result>]`
 * (proxy env is baked into that command) and `env` is the unchanged
 * `process.env`, so callers can spawn uniformly across platforms.
 *
 * @param cwd the working directory the caller will spawn the result
 *   with. On Windows the child's cwd is whatever the caller passes
 *   as the spawn `{cwd:}` option (there is no `--cwd` flag), and
 *   the `safe.directory` git-config injection derives from this — so
 *   pass the same value here as to `spawn({cwd})`. Defaults to
 *   `process.cwd()`. Currently unused on macOS/Linux.
 */
async function wrapWithSandboxArgv(command, binShell, customConfig, abortSignal, cwd, options) {
    const platform = (0,utils_platform/* getPlatform */.u)();
    if (platform === 'windows') {
        // The MXC SDK starts the process itself, so there is no argv for
        // the caller to spawn.
        if (windowsMxcState) {
            throw new Error("windows.backend 'mxc' starts commands itself: use " +
                'SandboxManager.spawnSandboxed() instead of wrapWithSandboxArgv().');
        }
        const hasNetworkConfig = customConfig?.network?.allowedDomains !== undefined ||
            config?.network?.allowedDomains !== undefined;
        if (hasNetworkConfig) {
            await waitForNetworkInitialization();
        }
        const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
        // Per-exec FILE denies (customConfig only — the session-level
        // config's denies were already stamped at initialize()).
        // Paths go through `expandWindowsFsPaths` — the SAME
        // chokepoint the session-level set uses (point-in-time glob
        // expand, normalize, missing→drop) — so a per-exec entry
        // resolves identically to its session-level equivalent.
        // macOS/Linux per-exec already reuses session-level expansion;
        // Windows now matches.
        //
        // The dedup against `windowsFsStampedSet` is an OPTIMIZATION,
        // not a correctness gate: re-stamping a session-held path
        // under the exec's distinct holder is refcount-safe but wastes
        // a SetSecurityInfo round-trip.
        //
        // filesystem.disabled bypasses ALL filesystem rule generation
        // — including credential-derived file denies — same ordering
        // as session-level `computeWindowsFsAccessSet` (credential
        // ENV: mode:'deny' is structural under the fresh srt-sandbox
        // env; mode:'mask' sentinels are passed via the --env
        // overlay). The masked files stay denied, as of this wrap: the
        // session has stamped the ones it found at initialize().
        // Per-exec allowRead/allowWrite throw — `srt-win exec` only
        // exposes `--deny-*`; per-exec grants are not implemented.
        const fsCfg = customConfig?.filesystem;
        const maskedFiles = windowsMaskedFileDenies(credentialRestrictions);
        let rawRead = [];
        let rawWrite = [];
        let rawCredential = [];
        if (!fsCfg?.disabled) {
            if (fsCfg?.allowRead?.length || fsCfg?.allowWrite?.length) {
                throw new Error(`Per-exec filesystem.allowRead/allowWrite is not supported ` +
                    `on Windows — \`srt-win exec\` only exposes per-exec ` +
                    `denies. Set them at the session level (initialize()).`);
            }
            rawRead = fsCfg?.denyRead ?? [];
            rawWrite = fsCfg?.denyWrite ?? [];
            rawCredential = getCredentialDenyReadPaths(customConfig?.credentials);
        }
        let perExecDenyRead = [];
        let perExecDenyWrite = [];
        // Skip on the dominant path (no per-exec fs deny, no credential
        // file).
        if (rawRead.length > 0 ||
            rawWrite.length > 0 ||
            rawCredential.length > 0 ||
            maskedFiles.length > 0) {
            const sessRead = new Set(windowsFsStampedSet?.denyRead ?? []);
            const sessWrite = new Set(windowsFsStampedSet?.denyWrite ?? []);
            const expand = expandWindowsFsPaths;
            const ranked = rankWindowsFsAccess({
                allowRead: [],
                allowWrite: [],
                denyRead: expand(rawRead, { mode: 'deny' }),
                denyWrite: expand(rawWrite, { mode: 'deny' }),
                credentialDeny: [
                    ...expand(rawCredential, { mode: 'deny' }),
                    ...maskedFiles,
                ],
                held: windowsFsStampedSet,
            });
            const denyRead = ranked.denyRead;
            perExecDenyRead = denyRead.filter(p => !sessRead.has(p));
            // srt-win expands the deny from the record as it is when the command
            // runs, so a grant made since initialize() is covered.
            perExecDenyWrite = ranked.denyWrite.filter(p => !sessRead.has(p) && !sessWrite.has(p));
        }
        // Per-exec deny rides on argv (`acl stamp` reads stdin, but
        // exec's stdin belongs to the child). The CreateProcessW
        // length check lives in `wrapCommandWithSandboxWindows`
        // where the full argv (incl. shell + user command) is known.
        //
        // The `denyReadPaths` half of the SESSION-level credentials
        // is already unioned into the stamp set at initialize() time
        // via `computeWindowsFsAccessSet`.
        // Asked once per srt-win, so an older one is refused as outdated
        // instead of failing on a flag it does not know.
        assertWindowsSrtWinCapable(customConfig?.windows?.srtWin
            ? resolveSrtWin(customConfig.windows.srtWin)
            : (srtWinSpawn ?? resolveSrtWin(config?.windows?.srtWin)));
        // The loopback mode is the one initialize() probed the fence with.
        // A command or an updateConfig() asking for the other is refused here.
        const wantsLoopback = (customConfig?.network?.allowLocalBinding ?? getAllowLocalBinding()) ===
            true;
        if (windowsWfpVerifiedLoopback !== undefined &&
            wantsLoopback !== windowsWfpVerifiedLoopback) {
            throw new WindowsSandboxError('wfp_loopback_mismatch', windowsLoopbackModeChanged(wantsLoopback, windowsWfpVerifiedLoopback));
        }
        registerCommandText(command, options);
        return wrapCommandWithSandboxWindows({
            command,
            commandId: options?.commandId,
            httpProxyPort: hasNetworkConfig ? getProxyPort() : undefined,
            socksProxyPort: hasNetworkConfig ? getSocksProxyPort() : undefined,
            proxyAuthToken: hasNetworkConfig ? proxyAuthToken : undefined,
            // `srt-win exec` launches nothing unless this is the loopback mode
            // the install recorded: a difference is refused, never ignored.
            allowLoopback: wantsLoopback,
            // mode:'deny' env vars are structurally absent (fresh
            // srt-sandbox profile env). mode:'mask' sentinels are
            // passed via the --env overlay so the sandboxed child sees
            // the sentinel value, same as macOS/Linux.
            setEnvVars: credentialRestrictions.setEnvVars,
            denyRead: perExecDenyRead,
            // The session's own grants beneath those denies keep their rank.
            denyReadExcept: windowsGrantsBeneathDenies([
                ...(windowsFsStampedSet?.grantRead ?? []),
                ...(windowsFsStampedSet?.grantWrite ?? []),
            ], perExecDenyRead),
            denyWrite: perExecDenyWrite,
            // safe.directory: cwd + the resolved session-level write
            // grants + explicit git.safeDirectories — the working-tree
            // roots the sandbox user has MODIFY on plus any repo top-level
            // the caller marks as safe without granting write.
            cwd,
            allowWrite: windowsFsStampedSet?.grantWrite,
            gitSafeDirectories: getGitSafeDirectories(customConfig),
            caCertPath: mitmCA?.trustBundlePath,
            // srt-win verifies the holder and otherwise holds for the command
            // itself.
            heldBy: windowsFsSbUserSid !== undefined ? process.pid : undefined,
            // The roots initialize() granted persistently; their capability
            // SIDs are what let this command write them.
            writeRoots: windowsFsStampedSet?.grantWrite,
            binShell: parseWindowsBinShell(binShell),
            srtWin: customConfig?.windows?.srtWin
                ? resolveSrtWin(customConfig.windows.srtWin)
                : (srtWinSpawn ?? resolveSrtWin(config?.windows?.srtWin)),
        });
    }
    // macOS/Linux: delegate to the existing string wrapper, then put
    // the result behind `<shell> -c` so the caller's argv-spawn works.
    if (typeof binShell === 'object') {
        throw new Error('binShell object form is Windows-only; pass a shell path string ' +
            'on macOS/Linux');
    }
    const wrapped = await wrapWithSandbox(command, binShell, customConfig, abortSignal, options);
    const shell = binShell ?? '/bin/bash';
    return { argv: [shell, '-c', wrapped], env: process.env };
}
/**
 * Settings the mxc backend cannot honour, refused rather than run with
 * a different meaning than on the other backends.
 *
 * @throws {WindowsSandboxError} `backend_unsupported`.
 */
function assertMxcSessionConfig(c) {
    const refuse = (what) => {
        throw new WindowsSandboxError('backend_unsupported', `${what} is not supported on the mxc backend`);
    };
    // MXC is allow-list in both directions: "no filesystem restrictions"
    // has no faithful mapping, and the nearest request would restrict.
    if (c.filesystem?.disabled)
        refuse('filesystem.disabled');
    // A host proxy without a peer identity needs host loopback open, and
    // MXC promises nothing about other loopback ports either way, so
    // opening loopback on request is not something srt can guarantee.
    if (c.network?.allowLocalBinding === true) {
        refuse('network.allowLocalBinding');
    }
}
function sandboxedProcessOf(p) {
    return {
        pid: p.id,
        get stdin() {
            return p.standardInput;
        },
        get stdout() {
            return p.standardOutput;
        },
        get stderr() {
            return p.standardError;
        },
        wait: () => p.wait(),
        kill: () => p.kill(),
        dispose: () => p.dispose(),
    };
}
/**
 * Start `command` in the sandbox and return the running process.
 *
 * Only for `windows.backend: 'mxc'`, where the MXC SDK starts the
 * process itself (other backends use `wrapWithSandboxArgv`). Each call
 * probes its own policy first and refuses to start a command the host
 * cannot confine exactly.
 *
 * @throws {WindowsSandboxError} `backend_unsupported` when the probe
 * refuses the request.
 */
async function spawnSandboxed(command, options = {}) {
    const st = windowsMxcState;
    if ((0,utils_platform/* getPlatform */.u)() !== 'windows' || !st) {
        throw new Error("spawnSandboxed() needs an initialized windows.backend 'mxc' " +
            'session; other backends use wrapWithSandboxArgv().');
    }
    const { customConfig, cwd } = options;
    if (customConfig?.network?.allowLocalBinding === true) {
        assertMxcSessionConfig({ network: customConfig.network });
    }
    const hasNetworkConfig = customConfig?.network?.allowedDomains !== undefined ||
        config?.network?.allowedDomains !== undefined;
    if (hasNetworkConfig) {
        await waitForNetworkInitialization();
    }
    const credentialRestrictions = getCredentialRestrictions(customConfig?.credentials ?? config?.credentials, customConfig?.network?.allowedDomains ?? config?.network?.allowedDomains);
    // Every spawn carries the FULL policy, so per-command allowRead and
    // allowWrite are expressible here (srt-win's grants are session ACL
    // state and refuse them). Per-command paths go through the same
    // `expandWindowsFsPaths` as the session's.
    // `mode: 'mask'` files are denied, as on the srt-win path: nothing
    // can show the child a masked copy. Like there, they stay in force
    // under `filesystem.disabled`.
    const fsCfg = customConfig?.filesystem;
    const maskedFiles = windowsMaskedFileDenies(credentialRestrictions);
    let perExecDenyRead = [];
    let perExecDenyWrite = [];
    let perExecAllowRead = [];
    let perExecAllowWrite = [];
    if (!fsCfg?.disabled) {
        perExecAllowRead = expandWindowsFsPaths(fsCfg?.allowRead ?? [], {
            mode: 'grant',
        });
        perExecAllowWrite = expandWindowsFsPaths(fsCfg?.allowWrite ?? [], {
            mode: 'grant',
        });
        // Deny mode keeps a missing literal path, so a file created after
        // this point is still denied.
        perExecDenyRead = expandWindowsFsPaths([
            ...(fsCfg?.denyRead ?? []),
            ...getCredentialDenyReadPaths(customConfig?.credentials),
        ], { mode: 'deny' });
        perExecDenyWrite = expandWindowsFsPaths(fsCfg?.denyWrite ?? [], {
            mode: 'deny',
        });
    }
    const unique = (paths) => [...new Set(paths)];
    registerCommandText(command, {
        commandId: options.commandId,
        commandText: options.commandText,
    });
    const request = buildMxcRequest({
        command,
        commandId: options.commandId,
        httpProxyPort: hasNetworkConfig ? getProxyPort() : undefined,
        socksProxyPort: hasNetworkConfig ? getSocksProxyPort() : undefined,
        proxyAuthToken: hasNetworkConfig ? proxyAuthToken : undefined,
        setEnvVars: credentialRestrictions.setEnvVars,
        denyRead: unique([
            ...st.fsSet.denyRead,
            ...perExecDenyRead,
            ...maskedFiles,
        ]),
        denyWrite: unique([...st.fsSet.denyWrite, ...perExecDenyWrite]),
        allowRead: unique([...st.fsSet.grantRead, ...perExecAllowRead]),
        allowWrite: unique([...st.fsSet.grantWrite, ...perExecAllowWrite]),
        cwd,
        gitSafeDirectories: getGitSafeDirectories(customConfig),
        binShell: parseWindowsBinShell(options.binShell),
        timeoutMs: options.timeoutMs,
        env: options.env,
    });
    return sandboxedProcessOf(await spawnMxcRequest(st.sdk, request));
}
/**
 * Get the current sandbox configuration
 * @returns The current configuration, or undefined if not initialized
 */
function getConfig() {
    return config;
}
/**
 * Update the sandbox configuration in place.
 *
 * **Network/allowlist changes are a live swap**: the running
 * mux proxy reads `config.network.allowedDomains` /
 * `deniedDomains` per-request (via `filterNetworkRequest`), so
 * reassigning `config` here takes effect on the next connection
 * with no proxy rebind and no port change — on every platform,
 * including Windows. This is what lets a host enable/deny domains
 * for already-running sandboxed children.
 *
 * Filesystem changes (denyRead/denyWrite) are NOT applied live:
 * macOS bakes them into the seatbelt profile at wrap time, and
 * Linux/Windows bake them into the bwrap argv / DENY-ACE set at
 * wrap time. Call reset() + initialize() to apply a new
 * filesystem config.
 *
 * @param newConfig - The new configuration to use
 */
function updateConfig(newConfig) {
    if ((0,utils_platform/* getPlatform */.u)() === 'windows' &&
        config &&
        !sameWindowsStampSet(newConfig)) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] updateConfig: the resolved file-access set ` +
            `(filesystem.* ∪ credentials.files) changed but the session ` +
            `state is fixed at initialize() — srt-win's ACL stamp/grant ` +
            `is session-wide, and the mxc backend's probed selection + ` +
            `fs sets are cached — call reset() then initialize() to ` +
            `apply. The previously-applied set stays in effect.`, { level: 'warn' });
    }
    const nextLoopback = newConfig.network?.allowLocalBinding === true;
    if ((0,utils_platform/* getPlatform */.u)() === 'windows' &&
        config &&
        windowsWfpVerifiedLoopback !== undefined &&
        nextLoopback !== windowsWfpVerifiedLoopback) {
        (0,debug/* logForDebugging */.o)(`[Sandbox Windows] updateConfig: ` +
            windowsLoopbackModeChanged(nextLoopback, windowsWfpVerifiedLoopback) +
            ` Commands are refused until then.`, { level: 'warn' });
    }
    // Built before anything is swapped, so a malformed range leaves the
    // previous config fully in effect.
    const nextGuard = (0,resolved_address_guard/* createResolvedAddressGuard */.W8)(newConfig.network);
    // Deep clone the config to avoid mutations. structuredClone cannot clone
    // functions, so pull filterRequest out, clone the rest, and put it back —
    // a function reference is immutable in the sense that matters here.
    const { filterRequest, ...rest } = newConfig.network;
    config = structuredClone({ ...newConfig, network: rest });
    config.network.filterRequest = filterRequest;
    configInstalls++;
    resolvedAddressGuard = nextGuard;
    // Re-resolve parent proxy so hot-reload picks up changes. Note: the proxy
    // servers capture `parentProxy` by value at creation, so changes here take
    // effect only on re-initialize. This keeps the state consistent for the
    // next initialize() call.
    parentProxy = (0,parent_proxy/* resolveParentProxy */.TZ)(newConfig.network.parentProxy);
    (0,debug/* logForDebugging */.o)('Sandbox configuration updated');
}
/**
 * Lightweight cleanup to call after each sandboxed command completes.
 *
 * On Linux, bwrap creates empty files on the host filesystem as mount points
 * when protecting non-existent deny paths (e.g. ~/.bashrc, ~/.gitconfig).
 * These persist after bwrap exits. This function removes them.
 *
 * Safe to call on any platform — it's a no-op on macOS.
 * Also called automatically by reset() and on process exit as safety nets.
 */
function cleanupAfterCommand() {
    cleanupBwrapMountPoints();
}
/**
 * How long to wait for a bridge process to exit after SIGTERM before
 * escalating to SIGKILL.
 *
 * socat exits within ~10ms of SIGTERM; this is purely a safety margin.
 * Keep it well below bun's default 5s test/hook timeout: when a bridge's
 * `'exit'` event is missed entirely (a Linux-only Bun pidfd notification
 * bug, oven-sh/bun#30301), this timer is the only thing that lets `reset()`
 * make progress, and a 5000ms value here loses the race against the hook
 * timer by a couple of milliseconds — that race was the dominant CI flake.
 */
const BRIDGE_EXIT_TIMEOUT_MS = 1500;
/**
 * SIGTERM a bridge process and resolve once it has exited.
 *
 * Returns immediately if the process has already exited (`.exitCode` /
 * `.signalCode` set) — registering `.once('exit')` after the event has
 * already been emitted produces a listener that never fires.
 *
 * Falls back to SIGKILL after {@link BRIDGE_EXIT_TIMEOUT_MS}.
 */
function killBridgeProcess(proc, label) {
    // Already exited → 'exit' already emitted → a fresh once('exit') would
    // never fire. Don't wait on it.
    if (!proc.pid || proc.exitCode !== null || proc.signalCode !== null) {
        return Promise.resolve();
    }
    try {
        process.kill(proc.pid, 'SIGTERM');
        (0,debug/* logForDebugging */.o)(`Sent SIGTERM to ${label} bridge process`);
    }
    catch (err) {
        if (err.code !== 'ESRCH') {
            (0,debug/* logForDebugging */.o)(`Error killing ${label} bridge: ${err}`, {
                level: 'error',
            });
        }
        // ESRCH = process already gone; nothing to wait for either way.
        return Promise.resolve();
    }
    return new Promise(resolve => {
        let settled = false;
        const done = () => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            resolve();
        };
        proc.once('exit', () => {
            (0,debug/* logForDebugging */.o)(`${label} bridge process exited`);
            done();
        });
        const timer = setTimeout(() => {
            // Re-check liveness — the 'exit' may have raced us.
            if (proc.exitCode === null && proc.signalCode === null) {
                (0,debug/* logForDebugging */.o)(`${label} bridge did not exit, forcing SIGKILL`, {
                    level: 'warn',
                });
                try {
                    if (proc.pid)
                        process.kill(proc.pid, 'SIGKILL');
                }
                catch {
                    // Process may have already exited
                }
            }
            done();
        }, BRIDGE_EXIT_TIMEOUT_MS);
        // The bridge process is being torn down; this timer must not be the
        // only thing keeping the event loop alive.
        timer.unref?.();
    });
}
/**
 * Forcibly close an http.Server, including any in-flight requests.
 *
 * Plain `server.close()` waits for every active request to finish.
 * The proxy may be mid-upstream-request when reset() runs (e.g. a test's
 * curl was killed by --max-time while the proxy was still dialing the
 * real example.com / api.github.com), and `dialDirect()` allows up to
 * 30s before giving up. Combined with a socat fork that hasn't yet seen
 * its unix-socket EOF, that leaves a fully-open inbound connection and
 * `server.close()` never calls back. `closeAllConnections()` (Node 18.2+,
 * also implemented in Bun) tears down those sockets so `close()` resolves
 * immediately.
 */
function forceCloseHttpServer(server) {
    return new Promise(resolve => {
        // Must run *before* close(): in Bun, close() also detaches the
        // underlying handle, so a closeAllConnections() called afterwards
        // becomes a no-op and the close callback waits for the in-flight
        // request to drain — defeating the purpose. With closeAllConnections()
        // first, the connections are gone by the time close() runs and its
        // callback fires immediately (Bun reports "Server is not running.",
        // Node reports no error). Verified against both orderings.
        if (typeof server.closeAllConnections === 'function') {
            server.closeAllConnections();
        }
        server.close(error => {
            if (error && error.message !== 'Server is not running.') {
                (0,debug/* logForDebugging */.o)(`Error closing HTTP proxy server: ${error.message}`, {
                    level: 'error',
                });
            }
            resolve();
        });
    });
}
async function sandbox_manager_reset() {
    initializeGeneration++;
    windowsProfileGrantAbort?.abort();
    // Windows: release this session's sandbox-user ACEs. Best-effort:
    // log anomalies rather than throw, so teardown always completes.
    // Persistent write roots and the denies under them are not released.
    if (windowsFsStampedSet && windowsFsSbUserSid) {
        const sb = windowsFsSbUserSid;
        // Captured at initialize() — the SAME binary the grants/stamps
        // were applied with, immune to `config` mutation between.
        const srtWin = srtWinSpawn;
        // The 'exit'/signal handler lands here too: this part of
        // reset() runs synchronously.
        releaseWindowsSessionAcls(sb, srtWin);
    }
    windowsFsStampedSet = undefined;
    windowsFsSbUserSid = undefined;
    windowsFsRawInputs = undefined;
    srtWinSpawn = undefined;
    windowsProfileRead = undefined;
    windowsProfileReadWarnings = [];
    windowsProfileReadRefresh = undefined;
    windowsCapableSrtWin.clear();
    // MXC applies policy per spawn and leaves no host state behind, so
    // there is no ACL/user state to unwind: only the loaded SDK and the
    // cached fs sets. Processes a caller started stay theirs to dispose.
    windowsMxcState = undefined;
    // windowsWfpVerifiedFor is NOT cleared — per-process, not per-session.
    // Clean up any leftover bwrap mount points. Force past the
    // active-sandbox counter — reset() means the session is over.
    cleanupBwrapMountPoints({ force: true });
    // Stop log monitor
    if (logMonitorShutdown) {
        logMonitorShutdown();
        logMonitorShutdown = undefined;
    }
    if (linuxMonitor) {
        linuxMonitor.stop();
        linuxMonitor = undefined;
    }
    if (managerContext?.linuxBridge) {
        const { httpSocketPath, socksSocketPath, httpBridgeProcess, socksBridgeProcess, } = managerContext.linuxBridge;
        // Kill both bridges and wait for them to exit
        await Promise.all([
            killBridgeProcess(httpBridgeProcess, 'HTTP'),
            killBridgeProcess(socksBridgeProcess, 'SOCKS'),
        ]);
        // Clean up sockets
        if (httpSocketPath) {
            try {
                external_fs_.rmSync(httpSocketPath, { force: true });
                (0,debug/* logForDebugging */.o)('Cleaned up HTTP socket');
            }
            catch (err) {
                (0,debug/* logForDebugging */.o)(`HTTP socket cleanup error: ${err}`, {
                    level: 'error',
                });
            }
        }
        if (socksSocketPath) {
            try {
                external_fs_.rmSync(socksSocketPath, { force: true });
                (0,debug/* logForDebugging */.o)('Cleaned up SOCKS socket');
            }
            catch (err) {
                (0,debug/* logForDebugging */.o)(`SOCKS socket cleanup error: ${err}`, {
                    level: 'error',
                });
            }
        }
    }
    // Close servers in parallel (only if they exist, i.e., were started by us)
    const closePromises = [];
    if (mitmCA) {
        closePromises.push((0,mitm_ca/* disposeMitmCA */.dn)(mitmCA));
    }
    if (muxProxyServer) {
        closePromises.push(muxProxyServer.close().catch((error) => {
            (0,debug/* logForDebugging */.o)(`Error closing mux proxy server: ${error.message}`, {
                level: 'error',
            });
        }));
    }
    if (httpProxyServer) {
        closePromises.push(forceCloseHttpServer(httpProxyServer));
    }
    if (socksProxyServer) {
        const socksClose = socksProxyServer.close().catch((error) => {
            (0,debug/* logForDebugging */.o)(`Error closing SOCKS proxy server: ${error.message}`, {
                level: 'error',
            });
        });
        closePromises.push(socksClose);
    }
    // Wait for all servers to close
    await Promise.all(closePromises);
    // Clear references
    muxProxyServer = undefined;
    httpProxyServer = undefined;
    proxyAuthToken = undefined;
    socksProxyServer = undefined;
    managerContext = undefined;
    initializationPromise = undefined;
    parentProxy = undefined;
    resolvedAddressGuard = (0,resolved_address_guard/* createResolvedAddressGuard */.W8)();
    mitmCA = undefined;
    javaAgentJarPath = undefined;
    sentinelRegistry.clear();
    awsPairRegistry.clear();
    commandTextsByKey.clear();
    commandNetworkListsByKey.clear();
    maskedFileStore.dispose();
}
/**
 * Which Windows enforcement backend initialize() selected (and why).
 * undefined before initialize() or on non-Windows platforms. Hosts
 * and the Windows test suite log this so a run's enforcement path is
 * visible at a glance.
 */
function getWindowsBackend() {
    if (windowsMxcState)
        return { backend: 'mxc' };
    if (srtWinSpawn)
        return { backend: 'srt-win' };
    return undefined;
}
function getSandboxViolationStore() {
    return sandboxViolationStore;
}
function annotateStderrWithSandboxFailures(command, stderr) {
    if (!config) {
        return stderr;
    }
    const violations = sandboxViolationStore.getViolationsForCommand(command);
    if (violations.length === 0) {
        return stderr;
    }
    let annotated = stderr;
    annotated += external_node_os_.EOL + '<sandbox_violations>' + external_node_os_.EOL;
    for (const violation of violations) {
        annotated += violation.line + external_node_os_.EOL;
    }
    annotated += '</sandbox_violations>';
    return annotated;
}
/**
 * Returns glob patterns from Edit/Read permission rules that are not
 * fully supported on Linux. Returns empty array on macOS or when
 * sandboxing is disabled.
 *
 * Patterns ending with /** are excluded since they work as subpaths.
 * So are entries marked literal. An entry that is also the name of a path
 * that exists is still returned: what is returned must not depend on what
 * is on the disk, which a sandboxed command can change.
 */
function getLinuxGlobPatternWarnings() {
    // Only warn on Linux/WSL (bubblewrap doesn't support globs)
    // macOS supports glob patterns via regex conversion
    if ((0,utils_platform/* getPlatform */.u)() !== 'linux' || !config || config.filesystem.disabled) {
        return [];
    }
    const globPatterns = [];
    // Write paths take no globs at all on Linux: bubblewrap binds concrete
    // paths, and nothing expands them.
    const allPaths = [
        ...config.filesystem.allowWrite,
        ...config.filesystem.denyWrite,
    ];
    for (const path of allPaths) {
        if (typeof path !== 'string')
            continue;
        // Strip trailing /** since that's just a subpath (directory and everything under it)
        const pathWithoutTrailingStar = (0,sandbox_utils/* removeTrailingGlobSuffix */.mL)(path);
        // Only warn if there are still glob characters after removing trailing /**
        if ((0,sandbox_utils/* containsGlobChars */.dx)(pathWithoutTrailingStar)) {
            globPatterns.push(path);
        }
    }
    // Read paths are expanded, so a glob there is supported — unless the
    // pattern has no literal directory below the root for the walk to start
    // from (a wildcard in its first path component, `/**/*.pem`), which
    // expands to nothing and leaves the entry unenforced.
    for (const path of [
        ...new Set([
            ...config.filesystem.denyRead,
            // Joins the read denies, and is skipped like one of them.
            ...getCredentialDenyReadPaths(config.credentials),
        ]),
        ...(config.filesystem.allowRead ?? []),
    ]) {
        if (typeof path !== 'string')
            continue;
        const baseDir = (0,sandbox_utils/* globPatternBaseDir */.N4)((0,sandbox_utils/* normalizePathForSandbox */.lW)(path));
        if ((0,sandbox_utils/* containsGlobChars */.dx)((0,sandbox_utils/* removeTrailingGlobSuffix */.mL)(path)) &&
            (0,sandbox_utils/* globBaseDirIsRoot */.Fi)(baseDir)) {
            globPatterns.push(path);
        }
    }
    return globPatterns;
}
// ============================================================================
// Export as Namespace with Interface
// ============================================================================
/**
 * Global sandbox manager that handles both network and filesystem restrictions
 * for this session. This runs outside of the sandbox, on the host machine.
 */
const SandboxManager = {
    initialize,
    isSupportedPlatform,
    isSandboxingEnabled,
    checkDependencies,
    checkDependenciesAsync,
    getFsReadConfig,
    getFsWriteConfig,
    getNetworkRestrictionConfig,
    getAllowUnixSockets,
    getAllowLocalBinding,
    getAllowMachLookup,
    getIgnoreViolations,
    getEnableWeakerNestedSandbox,
    getProxyPort,
    getProxyAuthToken,
    getSocksProxyPort,
    getLinuxHttpSocketPath,
    getLinuxSocksSocketPath,
    waitForNetworkInitialization,
    wrapWithSandbox,
    wrapWithSandboxArgv,
    registerCommandNetworkLists,
    unregisterCommandNetworkLists,
    askCallbackDenyReason: true,
    getWindowsBackend,
    spawnSandboxed,
    cleanupAfterCommand,
    reset: sandbox_manager_reset,
    getMitmCA: () => mitmCA,
    getWindowsProfileRead: () => windowsProfileRead,
    getWindowsProfileReadWarnings: () => [...windowsProfileReadWarnings],
    getWindowsProfileReadRefresh: () => windowsProfileReadRefresh,
    getSentinelRegistry: () => sentinelRegistry,
    getAwsPairRegistry: () => awsPairRegistry,
    getMaskedFileStore: () => maskedFileStore,
    getSandboxViolationStore,
    annotateStderrWithSandboxFailures,
    getLinuxGlobPatternWarnings,
    getConfig,
    updateConfig,
};
//# sourceMappingURL=sandbox-manager.js.map
;// CONCATENATED MODULE: ./node_modules/zod/v3/helpers/util.js
var util;
(function (util) {
    util.assertEqual = (_) => { };
    function assertIs(_arg) { }
    util.assertIs = assertIs;
    function assertNever(_x) {
        throw new Error();
    }
    util.assertNever = assertNever;
    util.arrayToEnum = (items) => {
        const obj = {};
        for (const item of items) {
            obj[item] = item;
        }
        return obj;
    };
    util.getValidEnumValues = (obj) => {
        const validKeys = util.objectKeys(obj).filter((k) => typeof obj[obj[k]] !== "number");
        const filtered = {};
        for (const k of validKeys) {
            filtered[k] = obj[k];
        }
        return util.objectValues(filtered);
    };
    util.objectValues = (obj) => {
        return util.objectKeys(obj).map(function (e) {
            return obj[e];
        });
    };
    util.objectKeys = typeof Object.keys === "function" // eslint-disable-line ban/ban
        ? (obj) => Object.keys(obj) // eslint-disable-line ban/ban
        : (object) => {
            const keys = [];
            for (const key in object) {
                if (Object.prototype.hasOwnProperty.call(object, key)) {
                    keys.push(key);
                }
            }
            return keys;
        };
    util.find = (arr, checker) => {
        for (const item of arr) {
            if (checker(item))
                return item;
        }
        return undefined;
    };
    util.isInteger = typeof Number.isInteger === "function"
        ? (val) => Number.isInteger(val) // eslint-disable-line ban/ban
        : (val) => typeof val === "number" && Number.isFinite(val) && Math.floor(val) === val;
    function joinValues(array, separator = " | ") {
        return array.map((val) => (typeof val === "string" ? `'${val}'` : val)).join(separator);
    }
    util.joinValues = joinValues;
    util.jsonStringifyReplacer = (_, value) => {
        if (typeof value === "bigint") {
            return value.toString();
        }
        return value;
    };
})(util || (util = {}));
var objectUtil;
(function (objectUtil) {
    objectUtil.mergeShapes = (first, second) => {
        return {
            ...first,
            ...second, // second overwrites first
        };
    };
})(objectUtil || (objectUtil = {}));
const ZodParsedType = util.arrayToEnum([
    "string",
    "nan",
    "number",
    "integer",
    "float",
    "boolean",
    "date",
    "bigint",
    "symbol",
    "function",
    "undefined",
    "null",
    "array",
    "object",
    "unknown",
    "promise",
    "void",
    "never",
    "map",
    "set",
]);
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return ZodParsedType.undefined;
        case "string":
            return ZodParsedType.string;
        case "number":
            return Number.isNaN(data) ? ZodParsedType.nan : ZodParsedType.number;
        case "boolean":
            return ZodParsedType.boolean;
        case "function":
            return ZodParsedType.function;
        case "bigint":
            return ZodParsedType.bigint;
        case "symbol":
            return ZodParsedType.symbol;
        case "object":
            if (Array.isArray(data)) {
                return ZodParsedType.array;
            }
            if (data === null) {
                return ZodParsedType.null;
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return ZodParsedType.promise;
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return ZodParsedType.map;
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return ZodParsedType.set;
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return ZodParsedType.date;
            }
            return ZodParsedType.object;
        default:
            return ZodParsedType.unknown;
    }
};

;// CONCATENATED MODULE: ./node_modules/zod/v3/ZodError.js

const ZodIssueCode = util.arrayToEnum([
    "invalid_type",
    "invalid_literal",
    "custom",
    "invalid_union",
    "invalid_union_discriminator",
    "invalid_enum_value",
    "unrecognized_keys",
    "invalid_arguments",
    "invalid_return_type",
    "invalid_date",
    "invalid_string",
    "too_small",
    "too_big",
    "invalid_intersection_types",
    "not_multiple_of",
    "not_finite",
]);
const quotelessJson = (obj) => {
    const json = JSON.stringify(obj, null, 2);
    return json.replace(/"([^"]+)":/g, "$1:");
};
class ZodError extends Error {
    get errors() {
        return this.issues;
    }
    constructor(issues) {
        super();
        this.issues = [];
        this.addIssue = (sub) => {
            this.issues = [...this.issues, sub];
        };
        this.addIssues = (subs = []) => {
            this.issues = [...this.issues, ...subs];
        };
        const actualProto = new.target.prototype;
        if (Object.setPrototypeOf) {
            // eslint-disable-next-line ban/ban
            Object.setPrototypeOf(this, actualProto);
        }
        else {
            this.__proto__ = actualProto;
        }
        this.name = "ZodError";
        this.issues = issues;
    }
    format(_mapper) {
        const mapper = _mapper ||
            function (issue) {
                return issue.message;
            };
        const fieldErrors = { _errors: [] };
        const processError = (error) => {
            for (const issue of error.issues) {
                if (issue.code === "invalid_union") {
                    issue.unionErrors.map(processError);
                }
                else if (issue.code === "invalid_return_type") {
                    processError(issue.returnTypeError);
                }
                else if (issue.code === "invalid_arguments") {
                    processError(issue.argumentsError);
                }
                else if (issue.path.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < issue.path.length) {
                        const el = issue.path[i];
                        const terminal = i === issue.path.length - 1;
                        if (!terminal) {
                            curr[el] = curr[el] || { _errors: [] };
                            // if (typeof el === "string") {
                            //   curr[el] = curr[el] || { _errors: [] };
                            // } else if (typeof el === "number") {
                            //   const errorArray: any = [];
                            //   errorArray._errors = [];
                            //   curr[el] = curr[el] || errorArray;
                            // }
                        }
                        else {
                            curr[el] = curr[el] || { _errors: [] };
                            curr[el]._errors.push(mapper(issue));
                        }
                        curr = curr[el];
                        i++;
                    }
                }
            }
        };
        processError(this);
        return fieldErrors;
    }
    static assert(value) {
        if (!(value instanceof ZodError)) {
            throw new Error(`Not a ZodError: ${value}`);
        }
    }
    toString() {
        return this.message;
    }
    get message() {
        return JSON.stringify(this.issues, util.jsonStringifyReplacer, 2);
    }
    get isEmpty() {
        return this.issues.length === 0;
    }
    flatten(mapper = (issue) => issue.message) {
        const fieldErrors = {};
        const formErrors = [];
        for (const sub of this.issues) {
            if (sub.path.length > 0) {
                const firstEl = sub.path[0];
                fieldErrors[firstEl] = fieldErrors[firstEl] || [];
                fieldErrors[firstEl].push(mapper(sub));
            }
            else {
                formErrors.push(mapper(sub));
            }
        }
        return { formErrors, fieldErrors };
    }
    get formErrors() {
        return this.flatten();
    }
}
ZodError.create = (issues) => {
    const error = new ZodError(issues);
    return error;
};

;// CONCATENATED MODULE: ./node_modules/zod/v3/locales/en.js


const errorMap = (issue, _ctx) => {
    let message;
    switch (issue.code) {
        case ZodIssueCode.invalid_type:
            if (issue.received === ZodParsedType.undefined) {
                message = "Required";
            }
            else {
                message = `Expected ${issue.expected}, received ${issue.received}`;
            }
            break;
        case ZodIssueCode.invalid_literal:
            message = `Invalid literal value, expected ${JSON.stringify(issue.expected, util.jsonStringifyReplacer)}`;
            break;
        case ZodIssueCode.unrecognized_keys:
            message = `Unrecognized key(s) in object: ${util.joinValues(issue.keys, ", ")}`;
            break;
        case ZodIssueCode.invalid_union:
            message = `Invalid input`;
            break;
        case ZodIssueCode.invalid_union_discriminator:
            message = `Invalid discriminator value. Expected ${util.joinValues(issue.options)}`;
            break;
        case ZodIssueCode.invalid_enum_value:
            message = `Invalid enum value. Expected ${util.joinValues(issue.options)}, received '${issue.received}'`;
            break;
        case ZodIssueCode.invalid_arguments:
            message = `Invalid function arguments`;
            break;
        case ZodIssueCode.invalid_return_type:
            message = `Invalid function return type`;
            break;
        case ZodIssueCode.invalid_date:
            message = `Invalid date`;
            break;
        case ZodIssueCode.invalid_string:
            if (typeof issue.validation === "object") {
                if ("includes" in issue.validation) {
                    message = `Invalid input: must include "${issue.validation.includes}"`;
                    if (typeof issue.validation.position === "number") {
                        message = `${message} at one or more positions greater than or equal to ${issue.validation.position}`;
                    }
                }
                else if ("startsWith" in issue.validation) {
                    message = `Invalid input: must start with "${issue.validation.startsWith}"`;
                }
                else if ("endsWith" in issue.validation) {
                    message = `Invalid input: must end with "${issue.validation.endsWith}"`;
                }
                else {
                    util.assertNever(issue.validation);
                }
            }
            else if (issue.validation !== "regex") {
                message = `Invalid ${issue.validation}`;
            }
            else {
                message = "Invalid";
            }
            break;
        case ZodIssueCode.too_small:
            if (issue.type === "array")
                message = `Array must contain ${issue.exact ? "exactly" : issue.inclusive ? `at least` : `more than`} ${issue.minimum} element(s)`;
            else if (issue.type === "string")
                message = `String must contain ${issue.exact ? "exactly" : issue.inclusive ? `at least` : `over`} ${issue.minimum} character(s)`;
            else if (issue.type === "number")
                message = `Number must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${issue.minimum}`;
            else if (issue.type === "bigint")
                message = `Number must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${issue.minimum}`;
            else if (issue.type === "date")
                message = `Date must be ${issue.exact ? `exactly equal to ` : issue.inclusive ? `greater than or equal to ` : `greater than `}${new Date(Number(issue.minimum))}`;
            else
                message = "Invalid input";
            break;
        case ZodIssueCode.too_big:
            if (issue.type === "array")
                message = `Array must contain ${issue.exact ? `exactly` : issue.inclusive ? `at most` : `less than`} ${issue.maximum} element(s)`;
            else if (issue.type === "string")
                message = `String must contain ${issue.exact ? `exactly` : issue.inclusive ? `at most` : `under`} ${issue.maximum} character(s)`;
            else if (issue.type === "number")
                message = `Number must be ${issue.exact ? `exactly` : issue.inclusive ? `less than or equal to` : `less than`} ${issue.maximum}`;
            else if (issue.type === "bigint")
                message = `BigInt must be ${issue.exact ? `exactly` : issue.inclusive ? `less than or equal to` : `less than`} ${issue.maximum}`;
            else if (issue.type === "date")
                message = `Date must be ${issue.exact ? `exactly` : issue.inclusive ? `smaller than or equal to` : `smaller than`} ${new Date(Number(issue.maximum))}`;
            else
                message = "Invalid input";
            break;
        case ZodIssueCode.custom:
            message = `Invalid input`;
            break;
        case ZodIssueCode.invalid_intersection_types:
            message = `Intersection results could not be merged`;
            break;
        case ZodIssueCode.not_multiple_of:
            message = `Number must be a multiple of ${issue.multipleOf}`;
            break;
        case ZodIssueCode.not_finite:
            message = "Number must be finite";
            break;
        default:
            message = _ctx.defaultError;
            util.assertNever(issue);
    }
    return { message };
};
/* harmony default export */ const en = (errorMap);

;// CONCATENATED MODULE: ./node_modules/zod/v3/errors.js

let overrideErrorMap = en;

function setErrorMap(map) {
    overrideErrorMap = map;
}
function getErrorMap() {
    return overrideErrorMap;
}

;// CONCATENATED MODULE: ./node_modules/zod/v3/helpers/errorUtil.js
var errorUtil;
(function (errorUtil) {
    errorUtil.errToObj = (message) => typeof message === "string" ? { message } : message || {};
    // biome-ignore lint:
    errorUtil.toString = (message) => typeof message === "string" ? message : message?.message;
})(errorUtil || (errorUtil = {}));

;// CONCATENATED MODULE: ./node_modules/zod/v3/helpers/parseUtil.js


const makeIssue = (params) => {
    const { data, path, errorMaps, issueData } = params;
    const fullPath = [...path, ...(issueData.path || [])];
    const fullIssue = {
        ...issueData,
        path: fullPath,
    };
    if (issueData.message !== undefined) {
        return {
            ...issueData,
            path: fullPath,
            message: issueData.message,
        };
    }
    let errorMessage = "";
    const maps = errorMaps
        .filter((m) => !!m)
        .slice()
        .reverse();
    for (const map of maps) {
        errorMessage = map(fullIssue, { data, defaultError: errorMessage }).message;
    }
    return {
        ...issueData,
        path: fullPath,
        message: errorMessage,
    };
};
const EMPTY_PATH = (/* unused pure expression or super */ null && ([]));
function addIssueToContext(ctx, issueData) {
    const overrideMap = getErrorMap();
    const issue = makeIssue({
        issueData: issueData,
        data: ctx.data,
        path: ctx.path,
        errorMaps: [
            ctx.common.contextualErrorMap, // contextual error map is first priority
            ctx.schemaErrorMap, // then schema-bound map if available
            overrideMap, // then global override map
            overrideMap === en ? undefined : en, // then global default map
        ].filter((x) => !!x),
    });
    ctx.common.issues.push(issue);
}
class ParseStatus {
    constructor() {
        this.value = "valid";
    }
    dirty() {
        if (this.value === "valid")
            this.value = "dirty";
    }
    abort() {
        if (this.value !== "aborted")
            this.value = "aborted";
    }
    static mergeArray(status, results) {
        const arrayValue = [];
        for (const s of results) {
            if (s.status === "aborted")
                return parseUtil_INVALID;
            if (s.status === "dirty")
                status.dirty();
            arrayValue.push(s.value);
        }
        return { status: status.value, value: arrayValue };
    }
    static async mergeObjectAsync(status, pairs) {
        const syncPairs = [];
        for (const pair of pairs) {
            const key = await pair.key;
            const value = await pair.value;
            syncPairs.push({
                key,
                value,
            });
        }
        return ParseStatus.mergeObjectSync(status, syncPairs);
    }
    static mergeObjectSync(status, pairs) {
        const finalObject = {};
        for (const pair of pairs) {
            const { key, value } = pair;
            if (key.status === "aborted")
                return parseUtil_INVALID;
            if (value.status === "aborted")
                return parseUtil_INVALID;
            if (key.status === "dirty")
                status.dirty();
            if (value.status === "dirty")
                status.dirty();
            if (key.value !== "__proto__" && (typeof value.value !== "undefined" || pair.alwaysSet)) {
                finalObject[key.value] = value.value;
            }
        }
        return { status: status.value, value: finalObject };
    }
}
const parseUtil_INVALID = Object.freeze({
    status: "aborted",
});
const DIRTY = (value) => ({ status: "dirty", value });
const OK = (value) => ({ status: "valid", value });
const isAborted = (x) => x.status === "aborted";
const isDirty = (x) => x.status === "dirty";
const isValid = (x) => x.status === "valid";
const isAsync = (x) => typeof Promise !== "undefined" && x instanceof Promise;

;// CONCATENATED MODULE: ./node_modules/zod/v3/types.js





class ParseInputLazyPath {
    constructor(parent, value, path, key) {
        this._cachedPath = [];
        this.parent = parent;
        this.data = value;
        this._path = path;
        this._key = key;
    }
    get path() {
        if (!this._cachedPath.length) {
            if (Array.isArray(this._key)) {
                this._cachedPath.push(...this._path, ...this._key);
            }
            else {
                this._cachedPath.push(...this._path, this._key);
            }
        }
        return this._cachedPath;
    }
}
const handleResult = (ctx, result) => {
    if (isValid(result)) {
        return { success: true, data: result.value };
    }
    else {
        if (!ctx.common.issues.length) {
            throw new Error("Validation failed but no issues detected.");
        }
        return {
            success: false,
            get error() {
                if (this._error)
                    return this._error;
                const error = new ZodError(ctx.common.issues);
                this._error = error;
                return this._error;
            },
        };
    }
};
function processCreateParams(params) {
    if (!params)
        return {};
    const { errorMap, invalid_type_error, required_error, description } = params;
    if (errorMap && (invalid_type_error || required_error)) {
        throw new Error(`Can't use "invalid_type_error" or "required_error" in conjunction with custom error map.`);
    }
    if (errorMap)
        return { errorMap: errorMap, description };
    const customMap = (iss, ctx) => {
        const { message } = params;
        if (iss.code === "invalid_enum_value") {
            return { message: message ?? ctx.defaultError };
        }
        if (typeof ctx.data === "undefined") {
            return { message: message ?? required_error ?? ctx.defaultError };
        }
        if (iss.code !== "invalid_type")
            return { message: ctx.defaultError };
        return { message: message ?? invalid_type_error ?? ctx.defaultError };
    };
    return { errorMap: customMap, description };
}
class ZodType {
    get description() {
        return this._def.description;
    }
    _getType(input) {
        return getParsedType(input.data);
    }
    _getOrReturnCtx(input, ctx) {
        return (ctx || {
            common: input.parent.common,
            data: input.data,
            parsedType: getParsedType(input.data),
            schemaErrorMap: this._def.errorMap,
            path: input.path,
            parent: input.parent,
        });
    }
    _processInputParams(input) {
        return {
            status: new ParseStatus(),
            ctx: {
                common: input.parent.common,
                data: input.data,
                parsedType: getParsedType(input.data),
                schemaErrorMap: this._def.errorMap,
                path: input.path,
                parent: input.parent,
            },
        };
    }
    _parseSync(input) {
        const result = this._parse(input);
        if (isAsync(result)) {
            throw new Error("Synchronous parse encountered promise.");
        }
        return result;
    }
    _parseAsync(input) {
        const result = this._parse(input);
        return Promise.resolve(result);
    }
    parse(data, params) {
        const result = this.safeParse(data, params);
        if (result.success)
            return result.data;
        throw result.error;
    }
    safeParse(data, params) {
        const ctx = {
            common: {
                issues: [],
                async: params?.async ?? false,
                contextualErrorMap: params?.errorMap,
            },
            path: params?.path || [],
            schemaErrorMap: this._def.errorMap,
            parent: null,
            data,
            parsedType: getParsedType(data),
        };
        const result = this._parseSync({ data, path: ctx.path, parent: ctx });
        return handleResult(ctx, result);
    }
    "~validate"(data) {
        const ctx = {
            common: {
                issues: [],
                async: !!this["~standard"].async,
            },
            path: [],
            schemaErrorMap: this._def.errorMap,
            parent: null,
            data,
            parsedType: getParsedType(data),
        };
        if (!this["~standard"].async) {
            try {
                const result = this._parseSync({ data, path: [], parent: ctx });
                return isValid(result)
                    ? {
                        value: result.value,
                    }
                    : {
                        issues: ctx.common.issues,
                    };
            }
            catch (err) {
                if (err?.message?.toLowerCase()?.includes("encountered")) {
                    this["~standard"].async = true;
                }
                ctx.common = {
                    issues: [],
                    async: true,
                };
            }
        }
        return this._parseAsync({ data, path: [], parent: ctx }).then((result) => isValid(result)
            ? {
                value: result.value,
            }
            : {
                issues: ctx.common.issues,
            });
    }
    async parseAsync(data, params) {
        const result = await this.safeParseAsync(data, params);
        if (result.success)
            return result.data;
        throw result.error;
    }
    async safeParseAsync(data, params) {
        const ctx = {
            common: {
                issues: [],
                contextualErrorMap: params?.errorMap,
                async: true,
            },
            path: params?.path || [],
            schemaErrorMap: this._def.errorMap,
            parent: null,
            data,
            parsedType: getParsedType(data),
        };
        const maybeAsyncResult = this._parse({ data, path: ctx.path, parent: ctx });
        const result = await (isAsync(maybeAsyncResult) ? maybeAsyncResult : Promise.resolve(maybeAsyncResult));
        return handleResult(ctx, result);
    }
    refine(check, message) {
        const getIssueProperties = (val) => {
            if (typeof message === "string" || typeof message === "undefined") {
                return { message };
            }
            else if (typeof message === "function") {
                return message(val);
            }
            else {
                return message;
            }
        };
        return this._refinement((val, ctx) => {
            const result = check(val);
            const setError = () => ctx.addIssue({
                code: ZodIssueCode.custom,
                ...getIssueProperties(val),
            });
            if (typeof Promise !== "undefined" && result instanceof Promise) {
                return result.then((data) => {
                    if (!data) {
                        setError();
                        return false;
                    }
                    else {
                        return true;
                    }
                });
            }
            if (!result) {
                setError();
                return false;
            }
            else {
                return true;
            }
        });
    }
    refinement(check, refinementData) {
        return this._refinement((val, ctx) => {
            if (!check(val)) {
                ctx.addIssue(typeof refinementData === "function" ? refinementData(val, ctx) : refinementData);
                return false;
            }
            else {
                return true;
            }
        });
    }
    _refinement(refinement) {
        return new ZodEffects({
            schema: this,
            typeName: ZodFirstPartyTypeKind.ZodEffects,
            effect: { type: "refinement", refinement },
        });
    }
    superRefine(refinement) {
        return this._refinement(refinement);
    }
    constructor(def) {
        /** Alias of safeParseAsync */
        this.spa = this.safeParseAsync;
        this._def = def;
        this.parse = this.parse.bind(this);
        this.safeParse = this.safeParse.bind(this);
        this.parseAsync = this.parseAsync.bind(this);
        this.safeParseAsync = this.safeParseAsync.bind(this);
        this.spa = this.spa.bind(this);
        this.refine = this.refine.bind(this);
        this.refinement = this.refinement.bind(this);
        this.superRefine = this.superRefine.bind(this);
        this.optional = this.optional.bind(this);
        this.nullable = this.nullable.bind(this);
        this.nullish = this.nullish.bind(this);
        this.array = this.array.bind(this);
        this.promise = this.promise.bind(this);
        this.or = this.or.bind(this);
        this.and = this.and.bind(this);
        this.transform = this.transform.bind(this);
        this.brand = this.brand.bind(this);
        this.default = this.default.bind(this);
        this.catch = this.catch.bind(this);
        this.describe = this.describe.bind(this);
        this.pipe = this.pipe.bind(this);
        this.readonly = this.readonly.bind(this);
        this.isNullable = this.isNullable.bind(this);
        this.isOptional = this.isOptional.bind(this);
        this["~standard"] = {
            version: 1,
            vendor: "zod",
            validate: (data) => this["~validate"](data),
        };
    }
    optional() {
        return ZodOptional.create(this, this._def);
    }
    nullable() {
        return ZodNullable.create(this, this._def);
    }
    nullish() {
        return this.nullable().optional();
    }
    array() {
        return ZodArray.create(this);
    }
    promise() {
        return ZodPromise.create(this, this._def);
    }
    or(option) {
        return ZodUnion.create([this, option], this._def);
    }
    and(incoming) {
        return ZodIntersection.create(this, incoming, this._def);
    }
    transform(transform) {
        return new ZodEffects({
            ...processCreateParams(this._def),
            schema: this,
            typeName: ZodFirstPartyTypeKind.ZodEffects,
            effect: { type: "transform", transform },
        });
    }
    default(def) {
        const defaultValueFunc = typeof def === "function" ? def : () => def;
        return new ZodDefault({
            ...processCreateParams(this._def),
            innerType: this,
            defaultValue: defaultValueFunc,
            typeName: ZodFirstPartyTypeKind.ZodDefault,
        });
    }
    brand() {
        return new ZodBranded({
            typeName: ZodFirstPartyTypeKind.ZodBranded,
            type: this,
            ...processCreateParams(this._def),
        });
    }
    catch(def) {
        const catchValueFunc = typeof def === "function" ? def : () => def;
        return new ZodCatch({
            ...processCreateParams(this._def),
            innerType: this,
            catchValue: catchValueFunc,
            typeName: ZodFirstPartyTypeKind.ZodCatch,
        });
    }
    describe(description) {
        const This = this.constructor;
        return new This({
            ...this._def,
            description,
        });
    }
    pipe(target) {
        return ZodPipeline.create(this, target);
    }
    readonly() {
        return ZodReadonly.create(this);
    }
    isOptional() {
        return this.safeParse(undefined).success;
    }
    isNullable() {
        return this.safeParse(null).success;
    }
}
const cuidRegex = /^c[^\s-]{8,}$/i;
const cuid2Regex = /^[0-9a-z]+$/;
const ulidRegex = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
// const uuidRegex =
//   /^([a-f0-9]{8}-[a-f0-9]{4}-[1-5][a-f0-9]{3}-[a-f0-9]{4}-[a-f0-9]{12}|00000000-0000-0000-0000-000000000000)$/i;
const uuidRegex = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;
const nanoidRegex = /^[a-z0-9_-]{21}$/i;
const jwtRegex = /^[A-Za-z0-9-_]+\.[A-Za-z0-9-_]+\.[A-Za-z0-9-_]*$/;
const durationRegex = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
// from https://stackoverflow.com/a/46181/1550155
// old version: too slow, didn't support unicode
// const emailRegex = /^((([a-z]|\d|[!#\$%&'\*\+\-\/=\?\^_`{\|}~]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])+(\.([a-z]|\d|[!#\$%&'\*\+\-\/=\?\^_`{\|}~]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])+)*)|((\x22)((((\x20|\x09)*(\x0d\x0a))?(\x20|\x09)+)?(([\x01-\x08\x0b\x0c\x0e-\x1f\x7f]|\x21|[\x23-\x5b]|[\x5d-\x7e]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(\\([\x01-\x09\x0b\x0c\x0d-\x7f]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]))))*(((\x20|\x09)*(\x0d\x0a))?(\x20|\x09)+)?(\x22)))@((([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))\.)+(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))$/i;
//old email regex
// const emailRegex = /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@((?!-)([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{1,})[^-<>()[\].,;:\s@"]$/i;
// eslint-disable-next-line
// const emailRegex =
//   /^(([^<>()[\]\\.,;:\s@\"]+(\.[^<>()[\]\\.,;:\s@\"]+)*)|(\".+\"))@((\[(((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2}))\.){3}((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2}))\])|(\[IPv6:(([a-f0-9]{1,4}:){7}|::([a-f0-9]{1,4}:){0,6}|([a-f0-9]{1,4}:){1}:([a-f0-9]{1,4}:){0,5}|([a-f0-9]{1,4}:){2}:([a-f0-9]{1,4}:){0,4}|([a-f0-9]{1,4}:){3}:([a-f0-9]{1,4}:){0,3}|([a-f0-9]{1,4}:){4}:([a-f0-9]{1,4}:){0,2}|([a-f0-9]{1,4}:){5}:([a-f0-9]{1,4}:){0,1})([a-f0-9]{1,4}|(((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2}))\.){3}((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2})))\])|([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])*(\.[A-Za-z]{2,})+))$/;
// const emailRegex =
//   /^[a-zA-Z0-9\.\!\#\$\%\&\'\*\+\/\=\?\^\_\`\{\|\}\~\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// const emailRegex =
//   /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21\x23-\x5b\x5d-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")@(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?|[a-z0-9-]*[a-z0-9]:(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21-\x5a\x53-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])+)\])$/i;
const emailRegex = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-\.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9\-]*\.)+[A-Z]{2,}$/i;
// const emailRegex =
//   /^[a-z0-9.!#$%&’*+/=?^_`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9\-]+)*$/i;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
const _emojiRegex = `^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$`;
let emojiRegex;
// faster, simpler, safer
const ipv4Regex = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv4CidrRegex = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/(3[0-2]|[12]?[0-9])$/;
// const ipv6Regex =
// /^(([a-f0-9]{1,4}:){7}|::([a-f0-9]{1,4}:){0,6}|([a-f0-9]{1,4}:){1}:([a-f0-9]{1,4}:){0,5}|([a-f0-9]{1,4}:){2}:([a-f0-9]{1,4}:){0,4}|([a-f0-9]{1,4}:){3}:([a-f0-9]{1,4}:){0,3}|([a-f0-9]{1,4}:){4}:([a-f0-9]{1,4}:){0,2}|([a-f0-9]{1,4}:){5}:([a-f0-9]{1,4}:){0,1})([a-f0-9]{1,4}|(((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2}))\.){3}((25[0-5])|(2[0-4][0-9])|(1[0-9]{2})|([0-9]{1,2})))$/;
const ipv6Regex = /^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))$/;
const ipv6CidrRegex = /^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64Regex = /^([0-9a-zA-Z+/]{4})*(([0-9a-zA-Z+/]{2}==)|([0-9a-zA-Z+/]{3}=))?$/;
// https://base64.guru/standards/base64url
const base64urlRegex = /^([0-9a-zA-Z-_]{4})*(([0-9a-zA-Z-_]{2}(==)?)|([0-9a-zA-Z-_]{3}(=)?))?$/;
// simple
// const dateRegexSource = `\\d{4}-\\d{2}-\\d{2}`;
// no leap year validation
// const dateRegexSource = `\\d{4}-((0[13578]|10|12)-31|(0[13-9]|1[0-2])-30|(0[1-9]|1[0-2])-(0[1-9]|1\\d|2\\d))`;
// with leap year validation
const dateRegexSource = `((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|(02)-(0[1-9]|1\\d|2[0-8])))`;
const dateRegex = new RegExp(`^${dateRegexSource}$`);
function timeRegexSource(args) {
    let secondsRegexSource = `[0-5]\\d`;
    if (args.precision) {
        secondsRegexSource = `${secondsRegexSource}\\.\\d{${args.precision}}`;
    }
    else if (args.precision == null) {
        secondsRegexSource = `${secondsRegexSource}(\\.\\d+)?`;
    }
    const secondsQuantifier = args.precision ? "+" : "?"; // require seconds if precision is nonzero
    return `([01]\\d|2[0-3]):[0-5]\\d(:${secondsRegexSource})${secondsQuantifier}`;
}
function timeRegex(args) {
    return new RegExp(`^${timeRegexSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetimeRegex(args) {
    let regex = `${dateRegexSource}T${timeRegexSource(args)}`;
    const opts = [];
    opts.push(args.local ? `Z?` : `Z`);
    if (args.offset)
        opts.push(`([+-]\\d{2}:?\\d{2})`);
    regex = `${regex}(${opts.join("|")})`;
    return new RegExp(`^${regex}$`);
}
function isValidIP(ip, version) {
    if ((version === "v4" || !version) && ipv4Regex.test(ip)) {
        return true;
    }
    if ((version === "v6" || !version) && ipv6Regex.test(ip)) {
        return true;
    }
    return false;
}
function isValidJWT(jwt, alg) {
    if (!jwtRegex.test(jwt))
        return false;
    try {
        const [header] = jwt.split(".");
        if (!header)
            return false;
        // Convert base64url to base64
        const base64 = header
            .replace(/-/g, "+")
            .replace(/_/g, "/")
            .padEnd(header.length + ((4 - (header.length % 4)) % 4), "=");
        const decoded = JSON.parse(atob(base64));
        if (typeof decoded !== "object" || decoded === null)
            return false;
        if ("typ" in decoded && decoded?.typ !== "JWT")
            return false;
        if (!decoded.alg)
            return false;
        if (alg && decoded.alg !== alg)
            return false;
        return true;
    }
    catch {
        return false;
    }
}
function isValidCidr(ip, version) {
    if ((version === "v4" || !version) && ipv4CidrRegex.test(ip)) {
        return true;
    }
    if ((version === "v6" || !version) && ipv6CidrRegex.test(ip)) {
        return true;
    }
    return false;
}
class ZodString extends ZodType {
    _parse(input) {
        if (this._def.coerce) {
            input.data = String(input.data);
        }
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.string) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.string,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const status = new ParseStatus();
        let ctx = undefined;
        for (const check of this._def.checks) {
            if (check.kind === "min") {
                if (input.data.length < check.value) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_small,
                        minimum: check.value,
                        type: "string",
                        inclusive: true,
                        exact: false,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "max") {
                if (input.data.length > check.value) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_big,
                        maximum: check.value,
                        type: "string",
                        inclusive: true,
                        exact: false,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "length") {
                const tooBig = input.data.length > check.value;
                const tooSmall = input.data.length < check.value;
                if (tooBig || tooSmall) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    if (tooBig) {
                        addIssueToContext(ctx, {
                            code: ZodIssueCode.too_big,
                            maximum: check.value,
                            type: "string",
                            inclusive: true,
                            exact: true,
                            message: check.message,
                        });
                    }
                    else if (tooSmall) {
                        addIssueToContext(ctx, {
                            code: ZodIssueCode.too_small,
                            minimum: check.value,
                            type: "string",
                            inclusive: true,
                            exact: true,
                            message: check.message,
                        });
                    }
                    status.dirty();
                }
            }
            else if (check.kind === "email") {
                if (!emailRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "email",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "emoji") {
                if (!emojiRegex) {
                    emojiRegex = new RegExp(_emojiRegex, "u");
                }
                if (!emojiRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "emoji",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "uuid") {
                if (!uuidRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "uuid",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "nanoid") {
                if (!nanoidRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "nanoid",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "cuid") {
                if (!cuidRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "cuid",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "cuid2") {
                if (!cuid2Regex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "cuid2",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "ulid") {
                if (!ulidRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "ulid",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "url") {
                try {
                    new URL(input.data);
                }
                catch {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "url",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "regex") {
                check.regex.lastIndex = 0;
                const testResult = check.regex.test(input.data);
                if (!testResult) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "regex",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "trim") {
                input.data = input.data.trim();
            }
            else if (check.kind === "includes") {
                if (!input.data.includes(check.value, check.position)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: { includes: check.value, position: check.position },
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "toLowerCase") {
                input.data = input.data.toLowerCase();
            }
            else if (check.kind === "toUpperCase") {
                input.data = input.data.toUpperCase();
            }
            else if (check.kind === "startsWith") {
                if (!input.data.startsWith(check.value)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: { startsWith: check.value },
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "endsWith") {
                if (!input.data.endsWith(check.value)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: { endsWith: check.value },
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "datetime") {
                const regex = datetimeRegex(check);
                if (!regex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: "datetime",
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "date") {
                const regex = dateRegex;
                if (!regex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: "date",
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "time") {
                const regex = timeRegex(check);
                if (!regex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_string,
                        validation: "time",
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "duration") {
                if (!durationRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "duration",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "ip") {
                if (!isValidIP(input.data, check.version)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "ip",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "jwt") {
                if (!isValidJWT(input.data, check.alg)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "jwt",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "cidr") {
                if (!isValidCidr(input.data, check.version)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "cidr",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "base64") {
                if (!base64Regex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "base64",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "base64url") {
                if (!base64urlRegex.test(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        validation: "base64url",
                        code: ZodIssueCode.invalid_string,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else {
                util.assertNever(check);
            }
        }
        return { status: status.value, value: input.data };
    }
    _regex(regex, validation, message) {
        return this.refinement((data) => regex.test(data), {
            validation,
            code: ZodIssueCode.invalid_string,
            ...errorUtil.errToObj(message),
        });
    }
    _addCheck(check) {
        return new ZodString({
            ...this._def,
            checks: [...this._def.checks, check],
        });
    }
    email(message) {
        return this._addCheck({ kind: "email", ...errorUtil.errToObj(message) });
    }
    url(message) {
        return this._addCheck({ kind: "url", ...errorUtil.errToObj(message) });
    }
    emoji(message) {
        return this._addCheck({ kind: "emoji", ...errorUtil.errToObj(message) });
    }
    uuid(message) {
        return this._addCheck({ kind: "uuid", ...errorUtil.errToObj(message) });
    }
    nanoid(message) {
        return this._addCheck({ kind: "nanoid", ...errorUtil.errToObj(message) });
    }
    cuid(message) {
        return this._addCheck({ kind: "cuid", ...errorUtil.errToObj(message) });
    }
    cuid2(message) {
        return this._addCheck({ kind: "cuid2", ...errorUtil.errToObj(message) });
    }
    ulid(message) {
        return this._addCheck({ kind: "ulid", ...errorUtil.errToObj(message) });
    }
    base64(message) {
        return this._addCheck({ kind: "base64", ...errorUtil.errToObj(message) });
    }
    base64url(message) {
        // base64url encoding is a modification of base64 that can safely be used in URLs and filenames
        return this._addCheck({
            kind: "base64url",
            ...errorUtil.errToObj(message),
        });
    }
    jwt(options) {
        return this._addCheck({ kind: "jwt", ...errorUtil.errToObj(options) });
    }
    ip(options) {
        return this._addCheck({ kind: "ip", ...errorUtil.errToObj(options) });
    }
    cidr(options) {
        return this._addCheck({ kind: "cidr", ...errorUtil.errToObj(options) });
    }
    datetime(options) {
        if (typeof options === "string") {
            return this._addCheck({
                kind: "datetime",
                precision: null,
                offset: false,
                local: false,
                message: options,
            });
        }
        return this._addCheck({
            kind: "datetime",
            precision: typeof options?.precision === "undefined" ? null : options?.precision,
            offset: options?.offset ?? false,
            local: options?.local ?? false,
            ...errorUtil.errToObj(options?.message),
        });
    }
    date(message) {
        return this._addCheck({ kind: "date", message });
    }
    time(options) {
        if (typeof options === "string") {
            return this._addCheck({
                kind: "time",
                precision: null,
                message: options,
            });
        }
        return this._addCheck({
            kind: "time",
            precision: typeof options?.precision === "undefined" ? null : options?.precision,
            ...errorUtil.errToObj(options?.message),
        });
    }
    duration(message) {
        return this._addCheck({ kind: "duration", ...errorUtil.errToObj(message) });
    }
    regex(regex, message) {
        return this._addCheck({
            kind: "regex",
            regex: regex,
            ...errorUtil.errToObj(message),
        });
    }
    includes(value, options) {
        return this._addCheck({
            kind: "includes",
            value: value,
            position: options?.position,
            ...errorUtil.errToObj(options?.message),
        });
    }
    startsWith(value, message) {
        return this._addCheck({
            kind: "startsWith",
            value: value,
            ...errorUtil.errToObj(message),
        });
    }
    endsWith(value, message) {
        return this._addCheck({
            kind: "endsWith",
            value: value,
            ...errorUtil.errToObj(message),
        });
    }
    min(minLength, message) {
        return this._addCheck({
            kind: "min",
            value: minLength,
            ...errorUtil.errToObj(message),
        });
    }
    max(maxLength, message) {
        return this._addCheck({
            kind: "max",
            value: maxLength,
            ...errorUtil.errToObj(message),
        });
    }
    length(len, message) {
        return this._addCheck({
            kind: "length",
            value: len,
            ...errorUtil.errToObj(message),
        });
    }
    /**
     * Equivalent to `.min(1)`
     */
    nonempty(message) {
        return this.min(1, errorUtil.errToObj(message));
    }
    trim() {
        return new ZodString({
            ...this._def,
            checks: [...this._def.checks, { kind: "trim" }],
        });
    }
    toLowerCase() {
        return new ZodString({
            ...this._def,
            checks: [...this._def.checks, { kind: "toLowerCase" }],
        });
    }
    toUpperCase() {
        return new ZodString({
            ...this._def,
            checks: [...this._def.checks, { kind: "toUpperCase" }],
        });
    }
    get isDatetime() {
        return !!this._def.checks.find((ch) => ch.kind === "datetime");
    }
    get isDate() {
        return !!this._def.checks.find((ch) => ch.kind === "date");
    }
    get isTime() {
        return !!this._def.checks.find((ch) => ch.kind === "time");
    }
    get isDuration() {
        return !!this._def.checks.find((ch) => ch.kind === "duration");
    }
    get isEmail() {
        return !!this._def.checks.find((ch) => ch.kind === "email");
    }
    get isURL() {
        return !!this._def.checks.find((ch) => ch.kind === "url");
    }
    get isEmoji() {
        return !!this._def.checks.find((ch) => ch.kind === "emoji");
    }
    get isUUID() {
        return !!this._def.checks.find((ch) => ch.kind === "uuid");
    }
    get isNANOID() {
        return !!this._def.checks.find((ch) => ch.kind === "nanoid");
    }
    get isCUID() {
        return !!this._def.checks.find((ch) => ch.kind === "cuid");
    }
    get isCUID2() {
        return !!this._def.checks.find((ch) => ch.kind === "cuid2");
    }
    get isULID() {
        return !!this._def.checks.find((ch) => ch.kind === "ulid");
    }
    get isIP() {
        return !!this._def.checks.find((ch) => ch.kind === "ip");
    }
    get isCIDR() {
        return !!this._def.checks.find((ch) => ch.kind === "cidr");
    }
    get isBase64() {
        return !!this._def.checks.find((ch) => ch.kind === "base64");
    }
    get isBase64url() {
        // base64url encoding is a modification of base64 that can safely be used in URLs and filenames
        return !!this._def.checks.find((ch) => ch.kind === "base64url");
    }
    get minLength() {
        let min = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "min") {
                if (min === null || ch.value > min)
                    min = ch.value;
            }
        }
        return min;
    }
    get maxLength() {
        let max = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "max") {
                if (max === null || ch.value < max)
                    max = ch.value;
            }
        }
        return max;
    }
}
ZodString.create = (params) => {
    return new ZodString({
        checks: [],
        typeName: ZodFirstPartyTypeKind.ZodString,
        coerce: params?.coerce ?? false,
        ...processCreateParams(params),
    });
};
// https://stackoverflow.com/questions/3966484/why-does-modulus-operator-return-fractional-number-in-javascript/31711034#31711034
function floatSafeRemainder(val, step) {
    const valDecCount = (val.toString().split(".")[1] || "").length;
    const stepDecCount = (step.toString().split(".")[1] || "").length;
    const decCount = valDecCount > stepDecCount ? valDecCount : stepDecCount;
    const valInt = Number.parseInt(val.toFixed(decCount).replace(".", ""));
    const stepInt = Number.parseInt(step.toFixed(decCount).replace(".", ""));
    return (valInt % stepInt) / 10 ** decCount;
}
class ZodNumber extends ZodType {
    constructor() {
        super(...arguments);
        this.min = this.gte;
        this.max = this.lte;
        this.step = this.multipleOf;
    }
    _parse(input) {
        if (this._def.coerce) {
            input.data = Number(input.data);
        }
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.number) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.number,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        let ctx = undefined;
        const status = new ParseStatus();
        for (const check of this._def.checks) {
            if (check.kind === "int") {
                if (!util.isInteger(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.invalid_type,
                        expected: "integer",
                        received: "float",
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "min") {
                const tooSmall = check.inclusive ? input.data < check.value : input.data <= check.value;
                if (tooSmall) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_small,
                        minimum: check.value,
                        type: "number",
                        inclusive: check.inclusive,
                        exact: false,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "max") {
                const tooBig = check.inclusive ? input.data > check.value : input.data >= check.value;
                if (tooBig) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_big,
                        maximum: check.value,
                        type: "number",
                        inclusive: check.inclusive,
                        exact: false,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "multipleOf") {
                if (floatSafeRemainder(input.data, check.value) !== 0) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.not_multiple_of,
                        multipleOf: check.value,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "finite") {
                if (!Number.isFinite(input.data)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.not_finite,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else {
                util.assertNever(check);
            }
        }
        return { status: status.value, value: input.data };
    }
    gte(value, message) {
        return this.setLimit("min", value, true, errorUtil.toString(message));
    }
    gt(value, message) {
        return this.setLimit("min", value, false, errorUtil.toString(message));
    }
    lte(value, message) {
        return this.setLimit("max", value, true, errorUtil.toString(message));
    }
    lt(value, message) {
        return this.setLimit("max", value, false, errorUtil.toString(message));
    }
    setLimit(kind, value, inclusive, message) {
        return new ZodNumber({
            ...this._def,
            checks: [
                ...this._def.checks,
                {
                    kind,
                    value,
                    inclusive,
                    message: errorUtil.toString(message),
                },
            ],
        });
    }
    _addCheck(check) {
        return new ZodNumber({
            ...this._def,
            checks: [...this._def.checks, check],
        });
    }
    int(message) {
        return this._addCheck({
            kind: "int",
            message: errorUtil.toString(message),
        });
    }
    positive(message) {
        return this._addCheck({
            kind: "min",
            value: 0,
            inclusive: false,
            message: errorUtil.toString(message),
        });
    }
    negative(message) {
        return this._addCheck({
            kind: "max",
            value: 0,
            inclusive: false,
            message: errorUtil.toString(message),
        });
    }
    nonpositive(message) {
        return this._addCheck({
            kind: "max",
            value: 0,
            inclusive: true,
            message: errorUtil.toString(message),
        });
    }
    nonnegative(message) {
        return this._addCheck({
            kind: "min",
            value: 0,
            inclusive: true,
            message: errorUtil.toString(message),
        });
    }
    multipleOf(value, message) {
        return this._addCheck({
            kind: "multipleOf",
            value: value,
            message: errorUtil.toString(message),
        });
    }
    finite(message) {
        return this._addCheck({
            kind: "finite",
            message: errorUtil.toString(message),
        });
    }
    safe(message) {
        return this._addCheck({
            kind: "min",
            inclusive: true,
            value: Number.MIN_SAFE_INTEGER,
            message: errorUtil.toString(message),
        })._addCheck({
            kind: "max",
            inclusive: true,
            value: Number.MAX_SAFE_INTEGER,
            message: errorUtil.toString(message),
        });
    }
    get minValue() {
        let min = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "min") {
                if (min === null || ch.value > min)
                    min = ch.value;
            }
        }
        return min;
    }
    get maxValue() {
        let max = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "max") {
                if (max === null || ch.value < max)
                    max = ch.value;
            }
        }
        return max;
    }
    get isInt() {
        return !!this._def.checks.find((ch) => ch.kind === "int" || (ch.kind === "multipleOf" && util.isInteger(ch.value)));
    }
    get isFinite() {
        let max = null;
        let min = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "finite" || ch.kind === "int" || ch.kind === "multipleOf") {
                return true;
            }
            else if (ch.kind === "min") {
                if (min === null || ch.value > min)
                    min = ch.value;
            }
            else if (ch.kind === "max") {
                if (max === null || ch.value < max)
                    max = ch.value;
            }
        }
        return Number.isFinite(min) && Number.isFinite(max);
    }
}
ZodNumber.create = (params) => {
    return new ZodNumber({
        checks: [],
        typeName: ZodFirstPartyTypeKind.ZodNumber,
        coerce: params?.coerce || false,
        ...processCreateParams(params),
    });
};
class ZodBigInt extends ZodType {
    constructor() {
        super(...arguments);
        this.min = this.gte;
        this.max = this.lte;
    }
    _parse(input) {
        if (this._def.coerce) {
            try {
                input.data = BigInt(input.data);
            }
            catch {
                return this._getInvalidInput(input);
            }
        }
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.bigint) {
            return this._getInvalidInput(input);
        }
        let ctx = undefined;
        const status = new ParseStatus();
        for (const check of this._def.checks) {
            if (check.kind === "min") {
                const tooSmall = check.inclusive ? input.data < check.value : input.data <= check.value;
                if (tooSmall) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_small,
                        type: "bigint",
                        minimum: check.value,
                        inclusive: check.inclusive,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "max") {
                const tooBig = check.inclusive ? input.data > check.value : input.data >= check.value;
                if (tooBig) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_big,
                        type: "bigint",
                        maximum: check.value,
                        inclusive: check.inclusive,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "multipleOf") {
                if (input.data % check.value !== BigInt(0)) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.not_multiple_of,
                        multipleOf: check.value,
                        message: check.message,
                    });
                    status.dirty();
                }
            }
            else {
                util.assertNever(check);
            }
        }
        return { status: status.value, value: input.data };
    }
    _getInvalidInput(input) {
        const ctx = this._getOrReturnCtx(input);
        addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_type,
            expected: ZodParsedType.bigint,
            received: ctx.parsedType,
        });
        return parseUtil_INVALID;
    }
    gte(value, message) {
        return this.setLimit("min", value, true, errorUtil.toString(message));
    }
    gt(value, message) {
        return this.setLimit("min", value, false, errorUtil.toString(message));
    }
    lte(value, message) {
        return this.setLimit("max", value, true, errorUtil.toString(message));
    }
    lt(value, message) {
        return this.setLimit("max", value, false, errorUtil.toString(message));
    }
    setLimit(kind, value, inclusive, message) {
        return new ZodBigInt({
            ...this._def,
            checks: [
                ...this._def.checks,
                {
                    kind,
                    value,
                    inclusive,
                    message: errorUtil.toString(message),
                },
            ],
        });
    }
    _addCheck(check) {
        return new ZodBigInt({
            ...this._def,
            checks: [...this._def.checks, check],
        });
    }
    positive(message) {
        return this._addCheck({
            kind: "min",
            value: BigInt(0),
            inclusive: false,
            message: errorUtil.toString(message),
        });
    }
    negative(message) {
        return this._addCheck({
            kind: "max",
            value: BigInt(0),
            inclusive: false,
            message: errorUtil.toString(message),
        });
    }
    nonpositive(message) {
        return this._addCheck({
            kind: "max",
            value: BigInt(0),
            inclusive: true,
            message: errorUtil.toString(message),
        });
    }
    nonnegative(message) {
        return this._addCheck({
            kind: "min",
            value: BigInt(0),
            inclusive: true,
            message: errorUtil.toString(message),
        });
    }
    multipleOf(value, message) {
        return this._addCheck({
            kind: "multipleOf",
            value,
            message: errorUtil.toString(message),
        });
    }
    get minValue() {
        let min = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "min") {
                if (min === null || ch.value > min)
                    min = ch.value;
            }
        }
        return min;
    }
    get maxValue() {
        let max = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "max") {
                if (max === null || ch.value < max)
                    max = ch.value;
            }
        }
        return max;
    }
}
ZodBigInt.create = (params) => {
    return new ZodBigInt({
        checks: [],
        typeName: ZodFirstPartyTypeKind.ZodBigInt,
        coerce: params?.coerce ?? false,
        ...processCreateParams(params),
    });
};
class ZodBoolean extends ZodType {
    _parse(input) {
        if (this._def.coerce) {
            input.data = Boolean(input.data);
        }
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.boolean) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.boolean,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
}
ZodBoolean.create = (params) => {
    return new ZodBoolean({
        typeName: ZodFirstPartyTypeKind.ZodBoolean,
        coerce: params?.coerce || false,
        ...processCreateParams(params),
    });
};
class ZodDate extends ZodType {
    _parse(input) {
        if (this._def.coerce) {
            input.data = new Date(input.data);
        }
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.date) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.date,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        if (Number.isNaN(input.data.getTime())) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_date,
            });
            return parseUtil_INVALID;
        }
        const status = new ParseStatus();
        let ctx = undefined;
        for (const check of this._def.checks) {
            if (check.kind === "min") {
                if (input.data.getTime() < check.value) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_small,
                        message: check.message,
                        inclusive: true,
                        exact: false,
                        minimum: check.value,
                        type: "date",
                    });
                    status.dirty();
                }
            }
            else if (check.kind === "max") {
                if (input.data.getTime() > check.value) {
                    ctx = this._getOrReturnCtx(input, ctx);
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.too_big,
                        message: check.message,
                        inclusive: true,
                        exact: false,
                        maximum: check.value,
                        type: "date",
                    });
                    status.dirty();
                }
            }
            else {
                util.assertNever(check);
            }
        }
        return {
            status: status.value,
            value: new Date(input.data.getTime()),
        };
    }
    _addCheck(check) {
        return new ZodDate({
            ...this._def,
            checks: [...this._def.checks, check],
        });
    }
    min(minDate, message) {
        return this._addCheck({
            kind: "min",
            value: minDate.getTime(),
            message: errorUtil.toString(message),
        });
    }
    max(maxDate, message) {
        return this._addCheck({
            kind: "max",
            value: maxDate.getTime(),
            message: errorUtil.toString(message),
        });
    }
    get minDate() {
        let min = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "min") {
                if (min === null || ch.value > min)
                    min = ch.value;
            }
        }
        return min != null ? new Date(min) : null;
    }
    get maxDate() {
        let max = null;
        for (const ch of this._def.checks) {
            if (ch.kind === "max") {
                if (max === null || ch.value < max)
                    max = ch.value;
            }
        }
        return max != null ? new Date(max) : null;
    }
}
ZodDate.create = (params) => {
    return new ZodDate({
        checks: [],
        coerce: params?.coerce || false,
        typeName: ZodFirstPartyTypeKind.ZodDate,
        ...processCreateParams(params),
    });
};
class ZodSymbol extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.symbol) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.symbol,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
}
ZodSymbol.create = (params) => {
    return new ZodSymbol({
        typeName: ZodFirstPartyTypeKind.ZodSymbol,
        ...processCreateParams(params),
    });
};
class ZodUndefined extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.undefined) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.undefined,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
}
ZodUndefined.create = (params) => {
    return new ZodUndefined({
        typeName: ZodFirstPartyTypeKind.ZodUndefined,
        ...processCreateParams(params),
    });
};
class ZodNull extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.null) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.null,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
}
ZodNull.create = (params) => {
    return new ZodNull({
        typeName: ZodFirstPartyTypeKind.ZodNull,
        ...processCreateParams(params),
    });
};
class ZodAny extends ZodType {
    constructor() {
        super(...arguments);
        // to prevent instances of other classes from extending ZodAny. this causes issues with catchall in ZodObject.
        this._any = true;
    }
    _parse(input) {
        return OK(input.data);
    }
}
ZodAny.create = (params) => {
    return new ZodAny({
        typeName: ZodFirstPartyTypeKind.ZodAny,
        ...processCreateParams(params),
    });
};
class ZodUnknown extends ZodType {
    constructor() {
        super(...arguments);
        // required
        this._unknown = true;
    }
    _parse(input) {
        return OK(input.data);
    }
}
ZodUnknown.create = (params) => {
    return new ZodUnknown({
        typeName: ZodFirstPartyTypeKind.ZodUnknown,
        ...processCreateParams(params),
    });
};
class ZodNever extends ZodType {
    _parse(input) {
        const ctx = this._getOrReturnCtx(input);
        addIssueToContext(ctx, {
            code: ZodIssueCode.invalid_type,
            expected: ZodParsedType.never,
            received: ctx.parsedType,
        });
        return parseUtil_INVALID;
    }
}
ZodNever.create = (params) => {
    return new ZodNever({
        typeName: ZodFirstPartyTypeKind.ZodNever,
        ...processCreateParams(params),
    });
};
class ZodVoid extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.undefined) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.void,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
}
ZodVoid.create = (params) => {
    return new ZodVoid({
        typeName: ZodFirstPartyTypeKind.ZodVoid,
        ...processCreateParams(params),
    });
};
class ZodArray extends ZodType {
    _parse(input) {
        const { ctx, status } = this._processInputParams(input);
        const def = this._def;
        if (ctx.parsedType !== ZodParsedType.array) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.array,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        if (def.exactLength !== null) {
            const tooBig = ctx.data.length > def.exactLength.value;
            const tooSmall = ctx.data.length < def.exactLength.value;
            if (tooBig || tooSmall) {
                addIssueToContext(ctx, {
                    code: tooBig ? ZodIssueCode.too_big : ZodIssueCode.too_small,
                    minimum: (tooSmall ? def.exactLength.value : undefined),
                    maximum: (tooBig ? def.exactLength.value : undefined),
                    type: "array",
                    inclusive: true,
                    exact: true,
                    message: def.exactLength.message,
                });
                status.dirty();
            }
        }
        if (def.minLength !== null) {
            if (ctx.data.length < def.minLength.value) {
                addIssueToContext(ctx, {
                    code: ZodIssueCode.too_small,
                    minimum: def.minLength.value,
                    type: "array",
                    inclusive: true,
                    exact: false,
                    message: def.minLength.message,
                });
                status.dirty();
            }
        }
        if (def.maxLength !== null) {
            if (ctx.data.length > def.maxLength.value) {
                addIssueToContext(ctx, {
                    code: ZodIssueCode.too_big,
                    maximum: def.maxLength.value,
                    type: "array",
                    inclusive: true,
                    exact: false,
                    message: def.maxLength.message,
                });
                status.dirty();
            }
        }
        if (ctx.common.async) {
            return Promise.all([...ctx.data].map((item, i) => {
                return def.type._parseAsync(new ParseInputLazyPath(ctx, item, ctx.path, i));
            })).then((result) => {
                return ParseStatus.mergeArray(status, result);
            });
        }
        const result = [...ctx.data].map((item, i) => {
            return def.type._parseSync(new ParseInputLazyPath(ctx, item, ctx.path, i));
        });
        return ParseStatus.mergeArray(status, result);
    }
    get element() {
        return this._def.type;
    }
    min(minLength, message) {
        return new ZodArray({
            ...this._def,
            minLength: { value: minLength, message: errorUtil.toString(message) },
        });
    }
    max(maxLength, message) {
        return new ZodArray({
            ...this._def,
            maxLength: { value: maxLength, message: errorUtil.toString(message) },
        });
    }
    length(len, message) {
        return new ZodArray({
            ...this._def,
            exactLength: { value: len, message: errorUtil.toString(message) },
        });
    }
    nonempty(message) {
        return this.min(1, message);
    }
}
ZodArray.create = (schema, params) => {
    return new ZodArray({
        type: schema,
        minLength: null,
        maxLength: null,
        exactLength: null,
        typeName: ZodFirstPartyTypeKind.ZodArray,
        ...processCreateParams(params),
    });
};
function deepPartialify(schema) {
    if (schema instanceof ZodObject) {
        const newShape = {};
        for (const key in schema.shape) {
            const fieldSchema = schema.shape[key];
            newShape[key] = ZodOptional.create(deepPartialify(fieldSchema));
        }
        return new ZodObject({
            ...schema._def,
            shape: () => newShape,
        });
    }
    else if (schema instanceof ZodArray) {
        return new ZodArray({
            ...schema._def,
            type: deepPartialify(schema.element),
        });
    }
    else if (schema instanceof ZodOptional) {
        return ZodOptional.create(deepPartialify(schema.unwrap()));
    }
    else if (schema instanceof ZodNullable) {
        return ZodNullable.create(deepPartialify(schema.unwrap()));
    }
    else if (schema instanceof ZodTuple) {
        return ZodTuple.create(schema.items.map((item) => deepPartialify(item)));
    }
    else {
        return schema;
    }
}
class ZodObject extends ZodType {
    constructor() {
        super(...arguments);
        this._cached = null;
        /**
         * @deprecated In most cases, this is no longer needed - unknown properties are now silently stripped.
         * If you want to pass through unknown properties, use `.passthrough()` instead.
         */
        this.nonstrict = this.passthrough;
        // extend<
        //   Augmentation extends ZodRawShape,
        //   NewOutput extends util.flatten<{
        //     [k in keyof Augmentation | keyof Output]: k extends keyof Augmentation
        //       ? Augmentation[k]["_output"]
        //       : k extends keyof Output
        //       ? Output[k]
        //       : never;
        //   }>,
        //   NewInput extends util.flatten<{
        //     [k in keyof Augmentation | keyof Input]: k extends keyof Augmentation
        //       ? Augmentation[k]["_input"]
        //       : k extends keyof Input
        //       ? Input[k]
        //       : never;
        //   }>
        // >(
        //   augmentation: Augmentation
        // ): ZodObject<
        //   extendShape<T, Augmentation>,
        //   UnknownKeys,
        //   Catchall,
        //   NewOutput,
        //   NewInput
        // > {
        //   return new ZodObject({
        //     ...this._def,
        //     shape: () => ({
        //       ...this._def.shape(),
        //       ...augmentation,
        //     }),
        //   }) as any;
        // }
        /**
         * @deprecated Use `.extend` instead
         *  */
        this.augment = this.extend;
    }
    _getCached() {
        if (this._cached !== null)
            return this._cached;
        const shape = this._def.shape();
        const keys = util.objectKeys(shape);
        this._cached = { shape, keys };
        return this._cached;
    }
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.object) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.object,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const { status, ctx } = this._processInputParams(input);
        const { shape, keys: shapeKeys } = this._getCached();
        const extraKeys = [];
        if (!(this._def.catchall instanceof ZodNever && this._def.unknownKeys === "strip")) {
            for (const key in ctx.data) {
                if (!shapeKeys.includes(key)) {
                    extraKeys.push(key);
                }
            }
        }
        const pairs = [];
        for (const key of shapeKeys) {
            const keyValidator = shape[key];
            const value = ctx.data[key];
            pairs.push({
                key: { status: "valid", value: key },
                value: keyValidator._parse(new ParseInputLazyPath(ctx, value, ctx.path, key)),
                alwaysSet: key in ctx.data,
            });
        }
        if (this._def.catchall instanceof ZodNever) {
            const unknownKeys = this._def.unknownKeys;
            if (unknownKeys === "passthrough") {
                for (const key of extraKeys) {
                    pairs.push({
                        key: { status: "valid", value: key },
                        value: { status: "valid", value: ctx.data[key] },
                    });
                }
            }
            else if (unknownKeys === "strict") {
                if (extraKeys.length > 0) {
                    addIssueToContext(ctx, {
                        code: ZodIssueCode.unrecognized_keys,
                        keys: extraKeys,
                    });
                    status.dirty();
                }
            }
            else if (unknownKeys === "strip") {
            }
            else {
                throw new Error(`Internal ZodObject error: invalid unknownKeys value.`);
            }
        }
        else {
            // run catchall validation
            const catchall = this._def.catchall;
            for (const key of extraKeys) {
                const value = ctx.data[key];
                pairs.push({
                    key: { status: "valid", value: key },
                    value: catchall._parse(new ParseInputLazyPath(ctx, value, ctx.path, key) //, ctx.child(key), value, getParsedType(value)
                    ),
                    alwaysSet: key in ctx.data,
                });
            }
        }
        if (ctx.common.async) {
            return Promise.resolve()
                .then(async () => {
                const syncPairs = [];
                for (const pair of pairs) {
                    const key = await pair.key;
                    const value = await pair.value;
                    syncPairs.push({
                        key,
                        value,
                        alwaysSet: pair.alwaysSet,
                    });
                }
                return syncPairs;
            })
                .then((syncPairs) => {
                return ParseStatus.mergeObjectSync(status, syncPairs);
            });
        }
        else {
            return ParseStatus.mergeObjectSync(status, pairs);
        }
    }
    get shape() {
        return this._def.shape();
    }
    strict(message) {
        errorUtil.errToObj;
        return new ZodObject({
            ...this._def,
            unknownKeys: "strict",
            ...(message !== undefined
                ? {
                    errorMap: (issue, ctx) => {
                        const defaultError = this._def.errorMap?.(issue, ctx).message ?? ctx.defaultError;
                        if (issue.code === "unrecognized_keys")
                            return {
                                message: errorUtil.errToObj(message).message ?? defaultError,
                            };
                        return {
                            message: defaultError,
                        };
                    },
                }
                : {}),
        });
    }
    strip() {
        return new ZodObject({
            ...this._def,
            unknownKeys: "strip",
        });
    }
    passthrough() {
        return new ZodObject({
            ...this._def,
            unknownKeys: "passthrough",
        });
    }
    // const AugmentFactory =
    //   <Def extends ZodObjectDef>(def: Def) =>
    //   <Augmentation extends ZodRawShape>(
    //     augmentation: Augmentation
    //   ): ZodObject<
    //     extendShape<ReturnType<Def["shape"]>, Augmentation>,
    //     Def["unknownKeys"],
    //     Def["catchall"]
    //   > => {
    //     return new ZodObject({
    //       ...def,
    //       shape: () => ({
    //         ...def.shape(),
    //         ...augmentation,
    //       }),
    //     }) as any;
    //   };
    extend(augmentation) {
        return new ZodObject({
            ...this._def,
            shape: () => ({
                ...this._def.shape(),
                ...augmentation,
            }),
        });
    }
    /**
     * Prior to zod@1.0.12 there was a bug in the
     * inferred type of merged objects. Please
     * upgrade if you are experiencing issues.
     */
    merge(merging) {
        const merged = new ZodObject({
            unknownKeys: merging._def.unknownKeys,
            catchall: merging._def.catchall,
            shape: () => ({
                ...this._def.shape(),
                ...merging._def.shape(),
            }),
            typeName: ZodFirstPartyTypeKind.ZodObject,
        });
        return merged;
    }
    // merge<
    //   Incoming extends AnyZodObject,
    //   Augmentation extends Incoming["shape"],
    //   NewOutput extends {
    //     [k in keyof Augmentation | keyof Output]: k extends keyof Augmentation
    //       ? Augmentation[k]["_output"]
    //       : k extends keyof Output
    //       ? Output[k]
    //       : never;
    //   },
    //   NewInput extends {
    //     [k in keyof Augmentation | keyof Input]: k extends keyof Augmentation
    //       ? Augmentation[k]["_input"]
    //       : k extends keyof Input
    //       ? Input[k]
    //       : never;
    //   }
    // >(
    //   merging: Incoming
    // ): ZodObject<
    //   extendShape<T, ReturnType<Incoming["_def"]["shape"]>>,
    //   Incoming["_def"]["unknownKeys"],
    //   Incoming["_def"]["catchall"],
    //   NewOutput,
    //   NewInput
    // > {
    //   const merged: any = new ZodObject({
    //     unknownKeys: merging._def.unknownKeys,
    //     catchall: merging._def.catchall,
    //     shape: () =>
    //       objectUtil.mergeShapes(this._def.shape(), merging._def.shape()),
    //     typeName: ZodFirstPartyTypeKind.ZodObject,
    //   }) as any;
    //   return merged;
    // }
    setKey(key, schema) {
        return this.augment({ [key]: schema });
    }
    // merge<Incoming extends AnyZodObject>(
    //   merging: Incoming
    // ): //ZodObject<T & Incoming["_shape"], UnknownKeys, Catchall> = (merging) => {
    // ZodObject<
    //   extendShape<T, ReturnType<Incoming["_def"]["shape"]>>,
    //   Incoming["_def"]["unknownKeys"],
    //   Incoming["_def"]["catchall"]
    // > {
    //   // const mergedShape = objectUtil.mergeShapes(
    //   //   this._def.shape(),
    //   //   merging._def.shape()
    //   // );
    //   const merged: any = new ZodObject({
    //     unknownKeys: merging._def.unknownKeys,
    //     catchall: merging._def.catchall,
    //     shape: () =>
    //       objectUtil.mergeShapes(this._def.shape(), merging._def.shape()),
    //     typeName: ZodFirstPartyTypeKind.ZodObject,
    //   }) as any;
    //   return merged;
    // }
    catchall(index) {
        return new ZodObject({
            ...this._def,
            catchall: index,
        });
    }
    pick(mask) {
        const shape = {};
        for (const key of util.objectKeys(mask)) {
            if (mask[key] && this.shape[key]) {
                shape[key] = this.shape[key];
            }
        }
        return new ZodObject({
            ...this._def,
            shape: () => shape,
        });
    }
    omit(mask) {
        const shape = {};
        for (const key of util.objectKeys(this.shape)) {
            if (!mask[key]) {
                shape[key] = this.shape[key];
            }
        }
        return new ZodObject({
            ...this._def,
            shape: () => shape,
        });
    }
    /**
     * @deprecated
     */
    deepPartial() {
        return deepPartialify(this);
    }
    partial(mask) {
        const newShape = {};
        for (const key of util.objectKeys(this.shape)) {
            const fieldSchema = this.shape[key];
            if (mask && !mask[key]) {
                newShape[key] = fieldSchema;
            }
            else {
                newShape[key] = fieldSchema.optional();
            }
        }
        return new ZodObject({
            ...this._def,
            shape: () => newShape,
        });
    }
    required(mask) {
        const newShape = {};
        for (const key of util.objectKeys(this.shape)) {
            if (mask && !mask[key]) {
                newShape[key] = this.shape[key];
            }
            else {
                const fieldSchema = this.shape[key];
                let newField = fieldSchema;
                while (newField instanceof ZodOptional) {
                    newField = newField._def.innerType;
                }
                newShape[key] = newField;
            }
        }
        return new ZodObject({
            ...this._def,
            shape: () => newShape,
        });
    }
    keyof() {
        return createZodEnum(util.objectKeys(this.shape));
    }
}
ZodObject.create = (shape, params) => {
    return new ZodObject({
        shape: () => shape,
        unknownKeys: "strip",
        catchall: ZodNever.create(),
        typeName: ZodFirstPartyTypeKind.ZodObject,
        ...processCreateParams(params),
    });
};
ZodObject.strictCreate = (shape, params) => {
    return new ZodObject({
        shape: () => shape,
        unknownKeys: "strict",
        catchall: ZodNever.create(),
        typeName: ZodFirstPartyTypeKind.ZodObject,
        ...processCreateParams(params),
    });
};
ZodObject.lazycreate = (shape, params) => {
    return new ZodObject({
        shape,
        unknownKeys: "strip",
        catchall: ZodNever.create(),
        typeName: ZodFirstPartyTypeKind.ZodObject,
        ...processCreateParams(params),
    });
};
class ZodUnion extends ZodType {
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        const options = this._def.options;
        function handleResults(results) {
            // return first issue-free validation if it exists
            for (const result of results) {
                if (result.result.status === "valid") {
                    return result.result;
                }
            }
            for (const result of results) {
                if (result.result.status === "dirty") {
                    // add issues from dirty option
                    ctx.common.issues.push(...result.ctx.common.issues);
                    return result.result;
                }
            }
            // return invalid
            const unionErrors = results.map((result) => new ZodError(result.ctx.common.issues));
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_union,
                unionErrors,
            });
            return parseUtil_INVALID;
        }
        if (ctx.common.async) {
            return Promise.all(options.map(async (option) => {
                const childCtx = {
                    ...ctx,
                    common: {
                        ...ctx.common,
                        issues: [],
                    },
                    parent: null,
                };
                return {
                    result: await option._parseAsync({
                        data: ctx.data,
                        path: ctx.path,
                        parent: childCtx,
                    }),
                    ctx: childCtx,
                };
            })).then(handleResults);
        }
        else {
            let dirty = undefined;
            const issues = [];
            for (const option of options) {
                const childCtx = {
                    ...ctx,
                    common: {
                        ...ctx.common,
                        issues: [],
                    },
                    parent: null,
                };
                const result = option._parseSync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: childCtx,
                });
                if (result.status === "valid") {
                    return result;
                }
                else if (result.status === "dirty" && !dirty) {
                    dirty = { result, ctx: childCtx };
                }
                if (childCtx.common.issues.length) {
                    issues.push(childCtx.common.issues);
                }
            }
            if (dirty) {
                ctx.common.issues.push(...dirty.ctx.common.issues);
                return dirty.result;
            }
            const unionErrors = issues.map((issues) => new ZodError(issues));
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_union,
                unionErrors,
            });
            return parseUtil_INVALID;
        }
    }
    get options() {
        return this._def.options;
    }
}
ZodUnion.create = (types, params) => {
    return new ZodUnion({
        options: types,
        typeName: ZodFirstPartyTypeKind.ZodUnion,
        ...processCreateParams(params),
    });
};
/////////////////////////////////////////////////////
/////////////////////////////////////////////////////
//////////                                 //////////
//////////      ZodDiscriminatedUnion      //////////
//////////                                 //////////
/////////////////////////////////////////////////////
/////////////////////////////////////////////////////
const getDiscriminator = (type) => {
    if (type instanceof ZodLazy) {
        return getDiscriminator(type.schema);
    }
    else if (type instanceof ZodEffects) {
        return getDiscriminator(type.innerType());
    }
    else if (type instanceof ZodLiteral) {
        return [type.value];
    }
    else if (type instanceof ZodEnum) {
        return type.options;
    }
    else if (type instanceof ZodNativeEnum) {
        // eslint-disable-next-line ban/ban
        return util.objectValues(type.enum);
    }
    else if (type instanceof ZodDefault) {
        return getDiscriminator(type._def.innerType);
    }
    else if (type instanceof ZodUndefined) {
        return [undefined];
    }
    else if (type instanceof ZodNull) {
        return [null];
    }
    else if (type instanceof ZodOptional) {
        return [undefined, ...getDiscriminator(type.unwrap())];
    }
    else if (type instanceof ZodNullable) {
        return [null, ...getDiscriminator(type.unwrap())];
    }
    else if (type instanceof ZodBranded) {
        return getDiscriminator(type.unwrap());
    }
    else if (type instanceof ZodReadonly) {
        return getDiscriminator(type.unwrap());
    }
    else if (type instanceof ZodCatch) {
        return getDiscriminator(type._def.innerType);
    }
    else {
        return [];
    }
};
class ZodDiscriminatedUnion extends ZodType {
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.object) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.object,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const discriminator = this.discriminator;
        const discriminatorValue = ctx.data[discriminator];
        const option = this.optionsMap.get(discriminatorValue);
        if (!option) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_union_discriminator,
                options: Array.from(this.optionsMap.keys()),
                path: [discriminator],
            });
            return parseUtil_INVALID;
        }
        if (ctx.common.async) {
            return option._parseAsync({
                data: ctx.data,
                path: ctx.path,
                parent: ctx,
            });
        }
        else {
            return option._parseSync({
                data: ctx.data,
                path: ctx.path,
                parent: ctx,
            });
        }
    }
    get discriminator() {
        return this._def.discriminator;
    }
    get options() {
        return this._def.options;
    }
    get optionsMap() {
        return this._def.optionsMap;
    }
    /**
     * The constructor of the discriminated union schema. Its behaviour is very similar to that of the normal z.union() constructor.
     * However, it only allows a union of objects, all of which need to share a discriminator property. This property must
     * have a different value for each object in the union.
     * @param discriminator the name of the discriminator property
     * @param types an array of object schemas
     * @param params
     */
    static create(discriminator, options, params) {
        // Get all the valid discriminator values
        const optionsMap = new Map();
        // try {
        for (const type of options) {
            const discriminatorValues = getDiscriminator(type.shape[discriminator]);
            if (!discriminatorValues.length) {
                throw new Error(`A discriminator value for key \`${discriminator}\` could not be extracted from all schema options`);
            }
            for (const value of discriminatorValues) {
                if (optionsMap.has(value)) {
                    throw new Error(`Discriminator property ${String(discriminator)} has duplicate value ${String(value)}`);
                }
                optionsMap.set(value, type);
            }
        }
        return new ZodDiscriminatedUnion({
            typeName: ZodFirstPartyTypeKind.ZodDiscriminatedUnion,
            discriminator,
            options,
            optionsMap,
            ...processCreateParams(params),
        });
    }
}
function mergeValues(a, b) {
    const aType = getParsedType(a);
    const bType = getParsedType(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    else if (aType === ZodParsedType.object && bType === ZodParsedType.object) {
        const bKeys = util.objectKeys(b);
        const sharedKeys = util.objectKeys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        for (const key of sharedKeys) {
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return { valid: false };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    else if (aType === ZodParsedType.array && bType === ZodParsedType.array) {
        if (a.length !== b.length) {
            return { valid: false };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return { valid: false };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    else if (aType === ZodParsedType.date && bType === ZodParsedType.date && +a === +b) {
        return { valid: true, data: a };
    }
    else {
        return { valid: false };
    }
}
class ZodIntersection extends ZodType {
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        const handleParsed = (parsedLeft, parsedRight) => {
            if (isAborted(parsedLeft) || isAborted(parsedRight)) {
                return parseUtil_INVALID;
            }
            const merged = mergeValues(parsedLeft.value, parsedRight.value);
            if (!merged.valid) {
                addIssueToContext(ctx, {
                    code: ZodIssueCode.invalid_intersection_types,
                });
                return parseUtil_INVALID;
            }
            if (isDirty(parsedLeft) || isDirty(parsedRight)) {
                status.dirty();
            }
            return { status: status.value, value: merged.data };
        };
        if (ctx.common.async) {
            return Promise.all([
                this._def.left._parseAsync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: ctx,
                }),
                this._def.right._parseAsync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: ctx,
                }),
            ]).then(([left, right]) => handleParsed(left, right));
        }
        else {
            return handleParsed(this._def.left._parseSync({
                data: ctx.data,
                path: ctx.path,
                parent: ctx,
            }), this._def.right._parseSync({
                data: ctx.data,
                path: ctx.path,
                parent: ctx,
            }));
        }
    }
}
ZodIntersection.create = (left, right, params) => {
    return new ZodIntersection({
        left: left,
        right: right,
        typeName: ZodFirstPartyTypeKind.ZodIntersection,
        ...processCreateParams(params),
    });
};
// type ZodTupleItems = [ZodTypeAny, ...ZodTypeAny[]];
class ZodTuple extends ZodType {
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.array) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.array,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        if (ctx.data.length < this._def.items.length) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.too_small,
                minimum: this._def.items.length,
                inclusive: true,
                exact: false,
                type: "array",
            });
            return parseUtil_INVALID;
        }
        const rest = this._def.rest;
        if (!rest && ctx.data.length > this._def.items.length) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.too_big,
                maximum: this._def.items.length,
                inclusive: true,
                exact: false,
                type: "array",
            });
            status.dirty();
        }
        const items = [...ctx.data]
            .map((item, itemIndex) => {
            const schema = this._def.items[itemIndex] || this._def.rest;
            if (!schema)
                return null;
            return schema._parse(new ParseInputLazyPath(ctx, item, ctx.path, itemIndex));
        })
            .filter((x) => !!x); // filter nulls
        if (ctx.common.async) {
            return Promise.all(items).then((results) => {
                return ParseStatus.mergeArray(status, results);
            });
        }
        else {
            return ParseStatus.mergeArray(status, items);
        }
    }
    get items() {
        return this._def.items;
    }
    rest(rest) {
        return new ZodTuple({
            ...this._def,
            rest,
        });
    }
}
ZodTuple.create = (schemas, params) => {
    if (!Array.isArray(schemas)) {
        throw new Error("You must pass an array of schemas to z.tuple([ ... ])");
    }
    return new ZodTuple({
        items: schemas,
        typeName: ZodFirstPartyTypeKind.ZodTuple,
        rest: null,
        ...processCreateParams(params),
    });
};
class ZodRecord extends ZodType {
    get keySchema() {
        return this._def.keyType;
    }
    get valueSchema() {
        return this._def.valueType;
    }
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.object) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.object,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const pairs = [];
        const keyType = this._def.keyType;
        const valueType = this._def.valueType;
        for (const key in ctx.data) {
            pairs.push({
                key: keyType._parse(new ParseInputLazyPath(ctx, key, ctx.path, key)),
                value: valueType._parse(new ParseInputLazyPath(ctx, ctx.data[key], ctx.path, key)),
                alwaysSet: key in ctx.data,
            });
        }
        if (ctx.common.async) {
            return ParseStatus.mergeObjectAsync(status, pairs);
        }
        else {
            return ParseStatus.mergeObjectSync(status, pairs);
        }
    }
    get element() {
        return this._def.valueType;
    }
    static create(first, second, third) {
        if (second instanceof ZodType) {
            return new ZodRecord({
                keyType: first,
                valueType: second,
                typeName: ZodFirstPartyTypeKind.ZodRecord,
                ...processCreateParams(third),
            });
        }
        return new ZodRecord({
            keyType: ZodString.create(),
            valueType: first,
            typeName: ZodFirstPartyTypeKind.ZodRecord,
            ...processCreateParams(second),
        });
    }
}
class ZodMap extends ZodType {
    get keySchema() {
        return this._def.keyType;
    }
    get valueSchema() {
        return this._def.valueType;
    }
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.map) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.map,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const keyType = this._def.keyType;
        const valueType = this._def.valueType;
        const pairs = [...ctx.data.entries()].map(([key, value], index) => {
            return {
                key: keyType._parse(new ParseInputLazyPath(ctx, key, ctx.path, [index, "key"])),
                value: valueType._parse(new ParseInputLazyPath(ctx, value, ctx.path, [index, "value"])),
            };
        });
        if (ctx.common.async) {
            const finalMap = new Map();
            return Promise.resolve().then(async () => {
                for (const pair of pairs) {
                    const key = await pair.key;
                    const value = await pair.value;
                    if (key.status === "aborted" || value.status === "aborted") {
                        return parseUtil_INVALID;
                    }
                    if (key.status === "dirty" || value.status === "dirty") {
                        status.dirty();
                    }
                    finalMap.set(key.value, value.value);
                }
                return { status: status.value, value: finalMap };
            });
        }
        else {
            const finalMap = new Map();
            for (const pair of pairs) {
                const key = pair.key;
                const value = pair.value;
                if (key.status === "aborted" || value.status === "aborted") {
                    return parseUtil_INVALID;
                }
                if (key.status === "dirty" || value.status === "dirty") {
                    status.dirty();
                }
                finalMap.set(key.value, value.value);
            }
            return { status: status.value, value: finalMap };
        }
    }
}
ZodMap.create = (keyType, valueType, params) => {
    return new ZodMap({
        valueType,
        keyType,
        typeName: ZodFirstPartyTypeKind.ZodMap,
        ...processCreateParams(params),
    });
};
class ZodSet extends ZodType {
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.set) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.set,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const def = this._def;
        if (def.minSize !== null) {
            if (ctx.data.size < def.minSize.value) {
                addIssueToContext(ctx, {
                    code: ZodIssueCode.too_small,
                    minimum: def.minSize.value,
                    type: "set",
                    inclusive: true,
                    exact: false,
                    message: def.minSize.message,
                });
                status.dirty();
            }
        }
        if (def.maxSize !== null) {
            if (ctx.data.size > def.maxSize.value) {
                addIssueToContext(ctx, {
                    code: ZodIssueCode.too_big,
                    maximum: def.maxSize.value,
                    type: "set",
                    inclusive: true,
                    exact: false,
                    message: def.maxSize.message,
                });
                status.dirty();
            }
        }
        const valueType = this._def.valueType;
        function finalizeSet(elements) {
            const parsedSet = new Set();
            for (const element of elements) {
                if (element.status === "aborted")
                    return parseUtil_INVALID;
                if (element.status === "dirty")
                    status.dirty();
                parsedSet.add(element.value);
            }
            return { status: status.value, value: parsedSet };
        }
        const elements = [...ctx.data.values()].map((item, i) => valueType._parse(new ParseInputLazyPath(ctx, item, ctx.path, i)));
        if (ctx.common.async) {
            return Promise.all(elements).then((elements) => finalizeSet(elements));
        }
        else {
            return finalizeSet(elements);
        }
    }
    min(minSize, message) {
        return new ZodSet({
            ...this._def,
            minSize: { value: minSize, message: errorUtil.toString(message) },
        });
    }
    max(maxSize, message) {
        return new ZodSet({
            ...this._def,
            maxSize: { value: maxSize, message: errorUtil.toString(message) },
        });
    }
    size(size, message) {
        return this.min(size, message).max(size, message);
    }
    nonempty(message) {
        return this.min(1, message);
    }
}
ZodSet.create = (valueType, params) => {
    return new ZodSet({
        valueType,
        minSize: null,
        maxSize: null,
        typeName: ZodFirstPartyTypeKind.ZodSet,
        ...processCreateParams(params),
    });
};
class ZodFunction extends ZodType {
    constructor() {
        super(...arguments);
        this.validate = this.implement;
    }
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.function) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.function,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        function makeArgsIssue(args, error) {
            return makeIssue({
                data: args,
                path: ctx.path,
                errorMaps: [ctx.common.contextualErrorMap, ctx.schemaErrorMap, getErrorMap(), en].filter((x) => !!x),
                issueData: {
                    code: ZodIssueCode.invalid_arguments,
                    argumentsError: error,
                },
            });
        }
        function makeReturnsIssue(returns, error) {
            return makeIssue({
                data: returns,
                path: ctx.path,
                errorMaps: [ctx.common.contextualErrorMap, ctx.schemaErrorMap, getErrorMap(), en].filter((x) => !!x),
                issueData: {
                    code: ZodIssueCode.invalid_return_type,
                    returnTypeError: error,
                },
            });
        }
        const params = { errorMap: ctx.common.contextualErrorMap };
        const fn = ctx.data;
        if (this._def.returns instanceof ZodPromise) {
            // Would love a way to avoid disabling this rule, but we need
            // an alias (using an arrow function was what caused 2651).
            // eslint-disable-next-line @typescript-eslint/no-this-alias
            const me = this;
            return OK(async function (...args) {
                const error = new ZodError([]);
                const parsedArgs = await me._def.args.parseAsync(args, params).catch((e) => {
                    error.addIssue(makeArgsIssue(args, e));
                    throw error;
                });
                const result = await Reflect.apply(fn, this, parsedArgs);
                const parsedReturns = await me._def.returns._def.type
                    .parseAsync(result, params)
                    .catch((e) => {
                    error.addIssue(makeReturnsIssue(result, e));
                    throw error;
                });
                return parsedReturns;
            });
        }
        else {
            // Would love a way to avoid disabling this rule, but we need
            // an alias (using an arrow function was what caused 2651).
            // eslint-disable-next-line @typescript-eslint/no-this-alias
            const me = this;
            return OK(function (...args) {
                const parsedArgs = me._def.args.safeParse(args, params);
                if (!parsedArgs.success) {
                    throw new ZodError([makeArgsIssue(args, parsedArgs.error)]);
                }
                const result = Reflect.apply(fn, this, parsedArgs.data);
                const parsedReturns = me._def.returns.safeParse(result, params);
                if (!parsedReturns.success) {
                    throw new ZodError([makeReturnsIssue(result, parsedReturns.error)]);
                }
                return parsedReturns.data;
            });
        }
    }
    parameters() {
        return this._def.args;
    }
    returnType() {
        return this._def.returns;
    }
    args(...items) {
        return new ZodFunction({
            ...this._def,
            args: ZodTuple.create(items).rest(ZodUnknown.create()),
        });
    }
    returns(returnType) {
        return new ZodFunction({
            ...this._def,
            returns: returnType,
        });
    }
    implement(func) {
        const validatedFunc = this.parse(func);
        return validatedFunc;
    }
    strictImplement(func) {
        const validatedFunc = this.parse(func);
        return validatedFunc;
    }
    static create(args, returns, params) {
        return new ZodFunction({
            args: (args ? args : ZodTuple.create([]).rest(ZodUnknown.create())),
            returns: returns || ZodUnknown.create(),
            typeName: ZodFirstPartyTypeKind.ZodFunction,
            ...processCreateParams(params),
        });
    }
}
class ZodLazy extends ZodType {
    get schema() {
        return this._def.getter();
    }
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        const lazySchema = this._def.getter();
        return lazySchema._parse({ data: ctx.data, path: ctx.path, parent: ctx });
    }
}
ZodLazy.create = (getter, params) => {
    return new ZodLazy({
        getter: getter,
        typeName: ZodFirstPartyTypeKind.ZodLazy,
        ...processCreateParams(params),
    });
};
class ZodLiteral extends ZodType {
    _parse(input) {
        if (input.data !== this._def.value) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                received: ctx.data,
                code: ZodIssueCode.invalid_literal,
                expected: this._def.value,
            });
            return parseUtil_INVALID;
        }
        return { status: "valid", value: input.data };
    }
    get value() {
        return this._def.value;
    }
}
ZodLiteral.create = (value, params) => {
    return new ZodLiteral({
        value: value,
        typeName: ZodFirstPartyTypeKind.ZodLiteral,
        ...processCreateParams(params),
    });
};
function createZodEnum(values, params) {
    return new ZodEnum({
        values,
        typeName: ZodFirstPartyTypeKind.ZodEnum,
        ...processCreateParams(params),
    });
}
class ZodEnum extends ZodType {
    _parse(input) {
        if (typeof input.data !== "string") {
            const ctx = this._getOrReturnCtx(input);
            const expectedValues = this._def.values;
            addIssueToContext(ctx, {
                expected: util.joinValues(expectedValues),
                received: ctx.parsedType,
                code: ZodIssueCode.invalid_type,
            });
            return parseUtil_INVALID;
        }
        if (!this._cache) {
            this._cache = new Set(this._def.values);
        }
        if (!this._cache.has(input.data)) {
            const ctx = this._getOrReturnCtx(input);
            const expectedValues = this._def.values;
            addIssueToContext(ctx, {
                received: ctx.data,
                code: ZodIssueCode.invalid_enum_value,
                options: expectedValues,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
    get options() {
        return this._def.values;
    }
    get enum() {
        const enumValues = {};
        for (const val of this._def.values) {
            enumValues[val] = val;
        }
        return enumValues;
    }
    get Values() {
        const enumValues = {};
        for (const val of this._def.values) {
            enumValues[val] = val;
        }
        return enumValues;
    }
    get Enum() {
        const enumValues = {};
        for (const val of this._def.values) {
            enumValues[val] = val;
        }
        return enumValues;
    }
    extract(values, newDef = this._def) {
        return ZodEnum.create(values, {
            ...this._def,
            ...newDef,
        });
    }
    exclude(values, newDef = this._def) {
        return ZodEnum.create(this.options.filter((opt) => !values.includes(opt)), {
            ...this._def,
            ...newDef,
        });
    }
}
ZodEnum.create = createZodEnum;
class ZodNativeEnum extends ZodType {
    _parse(input) {
        const nativeEnumValues = util.getValidEnumValues(this._def.values);
        const ctx = this._getOrReturnCtx(input);
        if (ctx.parsedType !== ZodParsedType.string && ctx.parsedType !== ZodParsedType.number) {
            const expectedValues = util.objectValues(nativeEnumValues);
            addIssueToContext(ctx, {
                expected: util.joinValues(expectedValues),
                received: ctx.parsedType,
                code: ZodIssueCode.invalid_type,
            });
            return parseUtil_INVALID;
        }
        if (!this._cache) {
            this._cache = new Set(util.getValidEnumValues(this._def.values));
        }
        if (!this._cache.has(input.data)) {
            const expectedValues = util.objectValues(nativeEnumValues);
            addIssueToContext(ctx, {
                received: ctx.data,
                code: ZodIssueCode.invalid_enum_value,
                options: expectedValues,
            });
            return parseUtil_INVALID;
        }
        return OK(input.data);
    }
    get enum() {
        return this._def.values;
    }
}
ZodNativeEnum.create = (values, params) => {
    return new ZodNativeEnum({
        values: values,
        typeName: ZodFirstPartyTypeKind.ZodNativeEnum,
        ...processCreateParams(params),
    });
};
class ZodPromise extends ZodType {
    unwrap() {
        return this._def.type;
    }
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        if (ctx.parsedType !== ZodParsedType.promise && ctx.common.async === false) {
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.promise,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        const promisified = ctx.parsedType === ZodParsedType.promise ? ctx.data : Promise.resolve(ctx.data);
        return OK(promisified.then((data) => {
            return this._def.type.parseAsync(data, {
                path: ctx.path,
                errorMap: ctx.common.contextualErrorMap,
            });
        }));
    }
}
ZodPromise.create = (schema, params) => {
    return new ZodPromise({
        type: schema,
        typeName: ZodFirstPartyTypeKind.ZodPromise,
        ...processCreateParams(params),
    });
};
class ZodEffects extends ZodType {
    innerType() {
        return this._def.schema;
    }
    sourceType() {
        return this._def.schema._def.typeName === ZodFirstPartyTypeKind.ZodEffects
            ? this._def.schema.sourceType()
            : this._def.schema;
    }
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        const effect = this._def.effect || null;
        const checkCtx = {
            addIssue: (arg) => {
                addIssueToContext(ctx, arg);
                if (arg.fatal) {
                    status.abort();
                }
                else {
                    status.dirty();
                }
            },
            get path() {
                return ctx.path;
            },
        };
        checkCtx.addIssue = checkCtx.addIssue.bind(checkCtx);
        if (effect.type === "preprocess") {
            const processed = effect.transform(ctx.data, checkCtx);
            if (ctx.common.async) {
                return Promise.resolve(processed).then(async (processed) => {
                    if (status.value === "aborted")
                        return parseUtil_INVALID;
                    const result = await this._def.schema._parseAsync({
                        data: processed,
                        path: ctx.path,
                        parent: ctx,
                    });
                    if (result.status === "aborted")
                        return parseUtil_INVALID;
                    if (result.status === "dirty")
                        return DIRTY(result.value);
                    if (status.value === "dirty")
                        return DIRTY(result.value);
                    return result;
                });
            }
            else {
                if (status.value === "aborted")
                    return parseUtil_INVALID;
                const result = this._def.schema._parseSync({
                    data: processed,
                    path: ctx.path,
                    parent: ctx,
                });
                if (result.status === "aborted")
                    return parseUtil_INVALID;
                if (result.status === "dirty")
                    return DIRTY(result.value);
                if (status.value === "dirty")
                    return DIRTY(result.value);
                return result;
            }
        }
        if (effect.type === "refinement") {
            const executeRefinement = (acc) => {
                const result = effect.refinement(acc, checkCtx);
                if (ctx.common.async) {
                    return Promise.resolve(result);
                }
                if (result instanceof Promise) {
                    throw new Error("Async refinement encountered during synchronous parse operation. Use .parseAsync instead.");
                }
                return acc;
            };
            if (ctx.common.async === false) {
                const inner = this._def.schema._parseSync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: ctx,
                });
                if (inner.status === "aborted")
                    return parseUtil_INVALID;
                if (inner.status === "dirty")
                    status.dirty();
                // return value is ignored
                executeRefinement(inner.value);
                return { status: status.value, value: inner.value };
            }
            else {
                return this._def.schema._parseAsync({ data: ctx.data, path: ctx.path, parent: ctx }).then((inner) => {
                    if (inner.status === "aborted")
                        return parseUtil_INVALID;
                    if (inner.status === "dirty")
                        status.dirty();
                    return executeRefinement(inner.value).then(() => {
                        return { status: status.value, value: inner.value };
                    });
                });
            }
        }
        if (effect.type === "transform") {
            if (ctx.common.async === false) {
                const base = this._def.schema._parseSync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: ctx,
                });
                if (!isValid(base))
                    return parseUtil_INVALID;
                const result = effect.transform(base.value, checkCtx);
                if (result instanceof Promise) {
                    throw new Error(`Asynchronous transform encountered during synchronous parse operation. Use .parseAsync instead.`);
                }
                return { status: status.value, value: result };
            }
            else {
                return this._def.schema._parseAsync({ data: ctx.data, path: ctx.path, parent: ctx }).then((base) => {
                    if (!isValid(base))
                        return parseUtil_INVALID;
                    return Promise.resolve(effect.transform(base.value, checkCtx)).then((result) => ({
                        status: status.value,
                        value: result,
                    }));
                });
            }
        }
        util.assertNever(effect);
    }
}
ZodEffects.create = (schema, effect, params) => {
    return new ZodEffects({
        schema,
        typeName: ZodFirstPartyTypeKind.ZodEffects,
        effect,
        ...processCreateParams(params),
    });
};
ZodEffects.createWithPreprocess = (preprocess, schema, params) => {
    return new ZodEffects({
        schema,
        effect: { type: "preprocess", transform: preprocess },
        typeName: ZodFirstPartyTypeKind.ZodEffects,
        ...processCreateParams(params),
    });
};

class ZodOptional extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType === ZodParsedType.undefined) {
            return OK(undefined);
        }
        return this._def.innerType._parse(input);
    }
    unwrap() {
        return this._def.innerType;
    }
}
ZodOptional.create = (type, params) => {
    return new ZodOptional({
        innerType: type,
        typeName: ZodFirstPartyTypeKind.ZodOptional,
        ...processCreateParams(params),
    });
};
class ZodNullable extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType === ZodParsedType.null) {
            return OK(null);
        }
        return this._def.innerType._parse(input);
    }
    unwrap() {
        return this._def.innerType;
    }
}
ZodNullable.create = (type, params) => {
    return new ZodNullable({
        innerType: type,
        typeName: ZodFirstPartyTypeKind.ZodNullable,
        ...processCreateParams(params),
    });
};
class ZodDefault extends ZodType {
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        let data = ctx.data;
        if (ctx.parsedType === ZodParsedType.undefined) {
            data = this._def.defaultValue();
        }
        return this._def.innerType._parse({
            data,
            path: ctx.path,
            parent: ctx,
        });
    }
    removeDefault() {
        return this._def.innerType;
    }
}
ZodDefault.create = (type, params) => {
    return new ZodDefault({
        innerType: type,
        typeName: ZodFirstPartyTypeKind.ZodDefault,
        defaultValue: typeof params.default === "function" ? params.default : () => params.default,
        ...processCreateParams(params),
    });
};
class ZodCatch extends ZodType {
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        // newCtx is used to not collect issues from inner types in ctx
        const newCtx = {
            ...ctx,
            common: {
                ...ctx.common,
                issues: [],
            },
        };
        const result = this._def.innerType._parse({
            data: newCtx.data,
            path: newCtx.path,
            parent: {
                ...newCtx,
            },
        });
        if (isAsync(result)) {
            return result.then((result) => {
                return {
                    status: "valid",
                    value: result.status === "valid"
                        ? result.value
                        : this._def.catchValue({
                            get error() {
                                return new ZodError(newCtx.common.issues);
                            },
                            input: newCtx.data,
                        }),
                };
            });
        }
        else {
            return {
                status: "valid",
                value: result.status === "valid"
                    ? result.value
                    : this._def.catchValue({
                        get error() {
                            return new ZodError(newCtx.common.issues);
                        },
                        input: newCtx.data,
                    }),
            };
        }
    }
    removeCatch() {
        return this._def.innerType;
    }
}
ZodCatch.create = (type, params) => {
    return new ZodCatch({
        innerType: type,
        typeName: ZodFirstPartyTypeKind.ZodCatch,
        catchValue: typeof params.catch === "function" ? params.catch : () => params.catch,
        ...processCreateParams(params),
    });
};
class ZodNaN extends ZodType {
    _parse(input) {
        const parsedType = this._getType(input);
        if (parsedType !== ZodParsedType.nan) {
            const ctx = this._getOrReturnCtx(input);
            addIssueToContext(ctx, {
                code: ZodIssueCode.invalid_type,
                expected: ZodParsedType.nan,
                received: ctx.parsedType,
            });
            return parseUtil_INVALID;
        }
        return { status: "valid", value: input.data };
    }
}
ZodNaN.create = (params) => {
    return new ZodNaN({
        typeName: ZodFirstPartyTypeKind.ZodNaN,
        ...processCreateParams(params),
    });
};
const BRAND = Symbol("zod_brand");
class ZodBranded extends ZodType {
    _parse(input) {
        const { ctx } = this._processInputParams(input);
        const data = ctx.data;
        return this._def.type._parse({
            data,
            path: ctx.path,
            parent: ctx,
        });
    }
    unwrap() {
        return this._def.type;
    }
}
class ZodPipeline extends ZodType {
    _parse(input) {
        const { status, ctx } = this._processInputParams(input);
        if (ctx.common.async) {
            const handleAsync = async () => {
                const inResult = await this._def.in._parseAsync({
                    data: ctx.data,
                    path: ctx.path,
                    parent: ctx,
                });
                if (inResult.status === "aborted")
                    return parseUtil_INVALID;
                if (inResult.status === "dirty") {
                    status.dirty();
                    return DIRTY(inResult.value);
                }
                else {
                    return this._def.out._parseAsync({
                        data: inResult.value,
                        path: ctx.path,
                        parent: ctx,
                    });
                }
            };
            return handleAsync();
        }
        else {
            const inResult = this._def.in._parseSync({
                data: ctx.data,
                path: ctx.path,
                parent: ctx,
            });
            if (inResult.status === "aborted")
                return parseUtil_INVALID;
            if (inResult.status === "dirty") {
                status.dirty();
                return {
                    status: "dirty",
                    value: inResult.value,
                };
            }
            else {
                return this._def.out._parseSync({
                    data: inResult.value,
                    path: ctx.path,
                    parent: ctx,
                });
            }
        }
    }
    static create(a, b) {
        return new ZodPipeline({
            in: a,
            out: b,
            typeName: ZodFirstPartyTypeKind.ZodPipeline,
        });
    }
}
class ZodReadonly extends ZodType {
    _parse(input) {
        const result = this._def.innerType._parse(input);
        const freeze = (data) => {
            if (isValid(data)) {
                data.value = Object.freeze(data.value);
            }
            return data;
        };
        return isAsync(result) ? result.then((data) => freeze(data)) : freeze(result);
    }
    unwrap() {
        return this._def.innerType;
    }
}
ZodReadonly.create = (type, params) => {
    return new ZodReadonly({
        innerType: type,
        typeName: ZodFirstPartyTypeKind.ZodReadonly,
        ...processCreateParams(params),
    });
};
////////////////////////////////////////
////////////////////////////////////////
//////////                    //////////
//////////      z.custom      //////////
//////////                    //////////
////////////////////////////////////////
////////////////////////////////////////
function cleanParams(params, data) {
    const p = typeof params === "function" ? params(data) : typeof params === "string" ? { message: params } : params;
    const p2 = typeof p === "string" ? { message: p } : p;
    return p2;
}
function custom(check, _params = {}, 
/**
 * @deprecated
 *
 * Pass `fatal` into the params object instead:
 *
 * ```ts
 * z.string().custom((val) => val.length > 5, { fatal: false })
 * ```
 *
 */
fatal) {
    if (check)
        return ZodAny.create().superRefine((data, ctx) => {
            const r = check(data);
            if (r instanceof Promise) {
                return r.then((r) => {
                    if (!r) {
                        const params = cleanParams(_params, data);
                        const _fatal = params.fatal ?? fatal ?? true;
                        ctx.addIssue({ code: "custom", ...params, fatal: _fatal });
                    }
                });
            }
            if (!r) {
                const params = cleanParams(_params, data);
                const _fatal = params.fatal ?? fatal ?? true;
                ctx.addIssue({ code: "custom", ...params, fatal: _fatal });
            }
            return;
        });
    return ZodAny.create();
}

const late = {
    object: ZodObject.lazycreate,
};
var ZodFirstPartyTypeKind;
(function (ZodFirstPartyTypeKind) {
    ZodFirstPartyTypeKind["ZodString"] = "ZodString";
    ZodFirstPartyTypeKind["ZodNumber"] = "ZodNumber";
    ZodFirstPartyTypeKind["ZodNaN"] = "ZodNaN";
    ZodFirstPartyTypeKind["ZodBigInt"] = "ZodBigInt";
    ZodFirstPartyTypeKind["ZodBoolean"] = "ZodBoolean";
    ZodFirstPartyTypeKind["ZodDate"] = "ZodDate";
    ZodFirstPartyTypeKind["ZodSymbol"] = "ZodSymbol";
    ZodFirstPartyTypeKind["ZodUndefined"] = "ZodUndefined";
    ZodFirstPartyTypeKind["ZodNull"] = "ZodNull";
    ZodFirstPartyTypeKind["ZodAny"] = "ZodAny";
    ZodFirstPartyTypeKind["ZodUnknown"] = "ZodUnknown";
    ZodFirstPartyTypeKind["ZodNever"] = "ZodNever";
    ZodFirstPartyTypeKind["ZodVoid"] = "ZodVoid";
    ZodFirstPartyTypeKind["ZodArray"] = "ZodArray";
    ZodFirstPartyTypeKind["ZodObject"] = "ZodObject";
    ZodFirstPartyTypeKind["ZodUnion"] = "ZodUnion";
    ZodFirstPartyTypeKind["ZodDiscriminatedUnion"] = "ZodDiscriminatedUnion";
    ZodFirstPartyTypeKind["ZodIntersection"] = "ZodIntersection";
    ZodFirstPartyTypeKind["ZodTuple"] = "ZodTuple";
    ZodFirstPartyTypeKind["ZodRecord"] = "ZodRecord";
    ZodFirstPartyTypeKind["ZodMap"] = "ZodMap";
    ZodFirstPartyTypeKind["ZodSet"] = "ZodSet";
    ZodFirstPartyTypeKind["ZodFunction"] = "ZodFunction";
    ZodFirstPartyTypeKind["ZodLazy"] = "ZodLazy";
    ZodFirstPartyTypeKind["ZodLiteral"] = "ZodLiteral";
    ZodFirstPartyTypeKind["ZodEnum"] = "ZodEnum";
    ZodFirstPartyTypeKind["ZodEffects"] = "ZodEffects";
    ZodFirstPartyTypeKind["ZodNativeEnum"] = "ZodNativeEnum";
    ZodFirstPartyTypeKind["ZodOptional"] = "ZodOptional";
    ZodFirstPartyTypeKind["ZodNullable"] = "ZodNullable";
    ZodFirstPartyTypeKind["ZodDefault"] = "ZodDefault";
    ZodFirstPartyTypeKind["ZodCatch"] = "ZodCatch";
    ZodFirstPartyTypeKind["ZodPromise"] = "ZodPromise";
    ZodFirstPartyTypeKind["ZodBranded"] = "ZodBranded";
    ZodFirstPartyTypeKind["ZodPipeline"] = "ZodPipeline";
    ZodFirstPartyTypeKind["ZodReadonly"] = "ZodReadonly";
})(ZodFirstPartyTypeKind || (ZodFirstPartyTypeKind = {}));
// requires TS 4.4+
class Class {
    constructor(..._) { }
}
const instanceOfType = (
// const instanceOfType = <T extends new (...args: any[]) => any>(
cls, params = {
    message: `Input not instance of ${cls.name}`,
}) => custom((data) => data instanceof cls, params);
const stringType = ZodString.create;
const numberType = ZodNumber.create;
const nanType = ZodNaN.create;
const bigIntType = ZodBigInt.create;
const booleanType = ZodBoolean.create;
const dateType = ZodDate.create;
const symbolType = ZodSymbol.create;
const undefinedType = ZodUndefined.create;
const nullType = ZodNull.create;
const anyType = ZodAny.create;
const unknownType = ZodUnknown.create;
const neverType = ZodNever.create;
const voidType = ZodVoid.create;
const arrayType = ZodArray.create;
const objectType = ZodObject.create;
const strictObjectType = ZodObject.strictCreate;
const unionType = ZodUnion.create;
const discriminatedUnionType = ZodDiscriminatedUnion.create;
const intersectionType = ZodIntersection.create;
const tupleType = ZodTuple.create;
const recordType = ZodRecord.create;
const mapType = ZodMap.create;
const setType = ZodSet.create;
const functionType = ZodFunction.create;
const lazyType = ZodLazy.create;
const literalType = ZodLiteral.create;
const enumType = ZodEnum.create;
const nativeEnumType = ZodNativeEnum.create;
const promiseType = ZodPromise.create;
const effectsType = ZodEffects.create;
const optionalType = ZodOptional.create;
const nullableType = ZodNullable.create;
const preprocessType = ZodEffects.createWithPreprocess;
const pipelineType = ZodPipeline.create;
const ostring = () => stringType().optional();
const onumber = () => numberType().optional();
const oboolean = () => booleanType().optional();
const coerce = {
    string: ((arg) => ZodString.create({ ...arg, coerce: true })),
    number: ((arg) => ZodNumber.create({ ...arg, coerce: true })),
    boolean: ((arg) => ZodBoolean.create({
        ...arg,
        coerce: true,
    })),
    bigint: ((arg) => ZodBigInt.create({ ...arg, coerce: true })),
    date: ((arg) => ZodDate.create({ ...arg, coerce: true })),
};

const NEVER = (/* unused pure expression or super */ null && (INVALID));

// EXTERNAL MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/address.js
var address = __webpack_require__(98306);
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-config.js
/**
 * Configuration for Sandbox Runtime
 * This is the main configuration interface that consumers pass to SandboxManager.initialize()
 */

// The 'zod/v3' subpath, not bare 'zod': it exists from zod 3.25 on and is the
// v3 API under both zod 3.25+ and zod 4. Where a consumer's dependency tree
// resolves this package's zod to version 4, the bare import would hand these
// schemas the v4 API they are not written against.





/**
 * Schema for domain patterns (e.g., "example.com", "*.npmjs.org")
 * Validates that domain patterns are safe and don't include overly broad wildcards
 */
const domainPatternSchema = stringType()
    .refine(domain_pattern/* isValidDomainPattern */.Ru, { message: domain_pattern/* DOMAIN_PATTERN_MESSAGE */.Qh });
/**
 * Domain pattern with an optional `:port` suffix (e.g., "example.com:443",
 * "*.npmjs.org:8443"). Used for allowedDomains / deniedDomains, where the
 * proxy knows the destination port; an entry without a port matches any port.
 * The check and its message live in domain-pattern.ts, which says why.
 */
const domainPortPatternSchema = stringType()
    .refine(domain_pattern/* isValidAllowedDomainEntry */.dQ, { message: domain_pattern/* ALLOWED_DOMAIN_ENTRY_MESSAGE */.pJ });
/**
 * deniedDomains entry: a domainPortPattern, or a bare "*" / "*:port"
 * (deny-all, optionally per-port).
 */
const deniedDomainPatternSchema = stringType().refine(val => {
    if (!(0,domain_pattern/* hasValidIpv6Bracketing */.u1)(val))
        return false;
    const { hostPattern } = (0,domain_pattern/* splitDomainPatternPort */.Qb)(val);
    return hostPattern === '*' || (0,domain_pattern/* isValidDomainPattern */.Ru)(hostPattern);
}, {
    message: domain_pattern/* DOMAIN_PATTERN_MESSAGE */.Qh +
        ' In deniedDomains a bare "*" (deny-all) is also accepted, and an optional ":port" suffix (1-65535) restricts the entry to that port.',
});
/** IP literal or CIDR range (`10.0.0.0/8`, `fc00::/7`, `169.254.169.254`). */
const addressRangeSchema = stringType()
    .refine(v => (0,address/* parseAddressRange */.J)(v) !== undefined, {
    message: 'Invalid IP address or CIDR range. Use an IPv4/IPv6 literal or CIDR, e.g. "10.0.0.0/8", "192.168.1.10", "fc00::/7" (IPv6 unbracketed).',
});
/**
 * Schema for filesystem paths
 */
const filesystemPathSchema = stringType().min(1, 'Path cannot be empty');
/**
 * An entry of `denyRead`, `allowRead`, `allowWrite` or `denyWrite`: a
 * spelling, which is a pattern when it reads as one, or a path marked
 * `literal: true`, which never is. An object without the mark, or with a
 * key this does not know, is refused rather than read either way.
 */
const filesystemPathEntrySchema = unionType([
    filesystemPathSchema,
    objectType({ path: filesystemPathSchema, literal: literalType(true) }).strict(),
], {
    errorMap: (issue, ctx) => issue.code === ZodIssueCode.invalid_union
        ? {
            message: 'Expected a path, or { "path": "<path>", "literal": true }',
        }
        : { message: ctx.defaultError },
});
/**
 * Schema for an absolute path to an external binary.
 * Relative paths are rejected to prevent PATH/CWD-based hijacking — these
 * overrides are intended for admin-managed installs at fixed locations.
 */
const binaryPathSchema = stringType()
    .min(1, 'Path cannot be empty')
    .refine(val => (0,external_node_path_.isAbsolute)(val), {
    message: 'Binary path must be absolute',
});
/**
 * Schema for MITM proxy configuration
 * Allows routing specific domains through an upstream MITM proxy via Unix socket
 */
const MitmProxyConfigSchema = objectType({
    socketPath: stringType().min(1).describe('Unix socket path to the MITM proxy'),
    domains: arrayType(domainPatternSchema)
        .min(1)
        .describe('Domains to route through the MITM proxy (e.g., ["api.example.com", "*.internal.org"])'),
});
/**
 * Schema for upstream/parent HTTP proxy configuration.
 * Used when SRT itself runs behind a corporate proxy and cannot make direct
 * outbound connections.
 */
const ParentProxyConfigSchema = objectType({
    http: stringType()
        .url()
        .optional()
        .describe('Upstream proxy URL for plain HTTP traffic'),
    https: stringType()
        .url()
        .optional()
        .describe('Upstream proxy URL for HTTPS/CONNECT traffic (falls back to http if unset)'),
    noProxy: stringType()
        .optional()
        .describe('Comma-separated NO_PROXY list (hostname suffixes and CIDR ranges). ' +
        'Matching destinations connect directly instead of via the parent proxy.'),
});
/**
 * Schema for the access mode of a declared credential source.
 *
 * - `deny` — the sandboxed process cannot read the file / does not see the
 *   environment variable.
 * - `mask` — the sandboxed process sees a per-session sentinel value; the
 *   host proxy substitutes sentinel→real on egress to `injectHosts`.
 *   For files this is whole-file masking (Linux only; degrades to `deny`
 *   on macOS and Windows — see {@link CredentialFileConfigSchema}).
 */
const credentialModeSchema = enumType(['deny', 'mask']);
/**
 * Schema for an environment variable name. Restricted to POSIX identifiers so
 * the name can never be parsed as a flag by `env -u` (macOS) or bwrap
 * `--unsetenv` (Linux).
 */
const envVarNameSchema = stringType()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Environment variable name must start with a letter or underscore and contain only letters, digits, and underscores');
/**
 * Schema for the optional structured-extraction regex on a masked file.
 *
 * Validates that the string compiles as a JavaScript RegExp and declares at
 * least one capturing group — capture group 1 is the contract for "the
 * credential value to mask". A pattern with zero groups would silently mask
 * nothing useful, so it is rejected at config time rather than at runtime.
 *
 * Group count is determined by appending `|` (alternation with empty) and
 * matching the empty string: the result array length is `1 + groupCount`,
 * which counts capturing groups (including named ones) and ignores
 * non-capturing `(?:…)`.
 */
const extractPatternSchema = stringType().superRefine((val, ctx) => {
    let re;
    try {
        re = new RegExp(val);
    }
    catch (err) {
        ctx.addIssue({
            code: ZodIssueCode.custom,
            message: `extract is not a valid regular expression: ${err.message}`,
        });
        return;
    }
    const groupCount = new RegExp(re.source + '|').exec('').length - 1;
    if (groupCount < 1) {
        ctx.addIssue({
            code: ZodIssueCode.custom,
            message: 'extract must contain at least one capturing group — group 1 is ' +
                'the credential value to mask (e.g. "token:\\s*(\\S+)").',
        });
    }
});
/**
 * Schema for a single credential file/directory entry.
 *
 * `mode: "mask"` without `extract` is **whole-file** masking: the entire
 * file content is replaced inside the sandbox with one sentinel string,
 * and the proxy substitutes that sentinel back to the real bytes on egress.
 * This works for files whose content *is* the credential (a token file, a
 * single-line secret).
 *
 * `mode: "mask"` with `extract` is **structured** masking: the regex is
 * applied globally to the real file, capture group 1 of each match is a
 * credential value, and only those captured spans are replaced with
 * sentinels — the rest of the file is preserved byte-for-byte. This lets a
 * tool that parses the file (`.netrc`, JSON/YAML configs) still succeed
 * inside the sandbox while the credential values are protected. If the
 * pattern matches nothing, behaviour is governed by `onExtractNoMatch`
 * (default `"warn"` — the file is left readable as-is and a stderr
 * warning is emitted).
 *
 * `mode: "mask"` with `decode: "jwt"` extends structured masking into
 * encoded values: where `extract` opens plain text to mask a span inside
 * it, `decode` opens the encoding so masking can target fields inside the
 * decoded payload (`maskClaims`):
 *
 * - **Default pattern**: when `extract` is absent, a built-in JWT regex is
 *   used (every JWT starts `eyJ` — base64url of `{"`), so authors don't
 *   hand-write it. An explicit `extract` wins; its group-1 captures are the
 *   candidates.
 * - **Decode-verification**: each candidate must actually BE a JWT (three
 *   segments, JSON header/payload, `alg` in the header) before it is
 *   masked; candidates failing verification are left untouched.
 * - **Claim-level masking** (`maskClaims`): each named top-level payload
 *   claim present with a string value is replaced by its own sentinel and
 *   the token is rebuilt around the modified payload (original header,
 *   filler signature). All other claims stay real, so a client that
 *   decodes the token and reads a non-secret claim keeps working. The
 *   proxy substitutes both the whole rebuilt token (sent as a bearer
 *   credential) and each claim sentinel (extracted and sent alone).
 * - **Whole-token fallback** (no `maskClaims`): the whole decoded value is
 *   treated as the credential — for bearer-style usage where the token
 *   itself is the secret — and replaced with a structurally valid fake JWT
 *   (parseable header/payload, far-future `exp`), so client-side token
 *   parsing inside the sandbox doesn't break. Its header declares
 *   `alg: HS256` (not `alg: none`, which misconfigured validators accept)
 *   with a garbage signature, so any validator the unswapped fake reaches
 *   rejects it.
 * - **No verified candidate**: if nothing matches, no candidate verifies,
 *   or (with `maskClaims`) no named claim matches in any verified token,
 *   behaviour is governed by `onExtractNoMatch` — same as a non-matching
 *   `extract` (default `"warn"`: stderr warning, file left readable
 *   as-is).
 *
 * `maskDuplicates: true` (only meaningful with `extract` or `decode`)
 * additionally replaces every verbatim occurrence of each masked value
 * *outside* the regex-matched spans — for a secret repeated where the
 * regex does not reach (e.g. pasted into a comment). The scan is raw
 * substring matching, so a short or common captured value may also hit
 * unrelated content that happens to contain it; intended for long,
 * high-entropy secrets. Composed with `decode`, only captures that passed
 * verification are scanned — a duplicate is the same value and reuses the
 * verified capture's fake without re-verification.
 *
 * On macOS, SBPL cannot redirect reads, so `mode: "mask"` (with or without
 * `extract`/`decode`) currently degrades to `mode: "deny"` (the file is
 * unreadable inside the sandbox). Nor can an ACL, so on Windows it does too.
 */
const CredentialFileConfigSchema = objectType({
    path: filesystemPathSchema.describe('Path to a credential file or directory. Supports the same path forms as ' +
        'a string in filesystem.denyRead (absolute paths and ~ expansion).'),
    mode: credentialModeSchema.describe('Access mode for this path'),
    extract: extractPatternSchema
        .optional()
        .describe('Optional regex for structured masking. Applied globally; capture ' +
        'group 1 of each match is masked, the rest of the file is preserved. ' +
        'If the pattern matches nothing, behaviour is governed by ' +
        'onExtractNoMatch (default "warn"). Only meaningful when mode is ' +
        '"mask"; accepted but ignored for "deny".'),
    /**
     * What to do when `extract` matches nothing in the file at runtime —
     * or, with `decode`, when no candidate survives verification.
     *
     * - `"warn"` (default): emit a stderr warning and leave the file
     *   readable as-is inside the sandbox (fail-open). A non-matching
     *   pattern is treated as a config error to surface and fix, not a
     *   reason to break a tool that needs the file when the credential is
     *   legitimately absent.
     * - `"deny"`: degrade the entry to `mode: "deny"` so the file is
     *   unreadable inside the sandbox (fail-closed). The operator declared
     *   this file as containing a credential; if the regex cannot find it,
     *   block access rather than expose it.
     * - `"error"`: throw at wrap time so nothing runs until the operator
     *   fixes the config.
     *
     * Only meaningful when `mode` is `"mask"` and `extract` or `decode` is
     * set; accepted but ignored otherwise.
     */
    onExtractNoMatch: enumType(['warn', 'deny', 'error'])
        .optional()
        .describe('What to do when extract matches nothing (or, with decode, no ' +
        'candidate verifies): "warn" (default — stderr warning, file left ' +
        'readable), "deny" (degrade to mode "deny" — file unreadable), or ' +
        '"error" (throw at wrap time). Only meaningful with mode "mask" ' +
        'and extract or decode set.'),
    decode: enumType(['jwt'])
        .optional()
        .describe('Optional encoded-credential format. "jwt": decodes recognized JWTs ' +
        'so masking can target fields inside them (see maskClaims). ' +
        'Candidates are located with a built-in JWT regex (or the explicit ' +
        'extract pattern, if set) and verified to actually be JWTs before ' +
        'masking. Without maskClaims, the whole decoded value is treated ' +
        'as the credential and replaced with a structurally valid fake ' +
        'JWT, so client-side token parsing keeps working. If no candidate ' +
        'verifies, behaviour is governed by onExtractNoMatch (default ' +
        '"warn"). Only meaningful when mode is "mask"; accepted but ' +
        'ignored for "deny".'),
    /**
     * Names of top-level payload claims to mask inside each decoded value —
     * the claim-level counterpart of `extract`: where `extract` opens plain
     * text to mask a span inside it, `decode` + `maskClaims` opens the
     * encoding to mask a field inside the decoded payload.
     *
     * For each verified JWT candidate, every named claim present with a
     * string value is replaced by its own sentinel and the token is rebuilt
     * around the modified payload (original header, filler signature). All
     * other claims are preserved verbatim, so a tool that decodes the token
     * and reads a non-secret claim (issuer, audience, user id) keeps
     * working while the secret claim is protected. A named claim that is
     * absent or non-string in a given token is skipped. If no named claim
     * matches in any verified token, behaviour is governed by
     * `onExtractNoMatch` — same as no candidate verifying.
     *
     * Requires `decode` (there is no payload to look inside otherwise); an
     * explicitly empty list is rejected — see the superRefine below.
     */
    maskClaims: arrayType(stringType().min(1))
        .optional()
        .describe('Names of top-level payload claims to mask inside each decoded ' +
        'value, instead of replacing the whole token. Each named claim ' +
        'present with a string value gets its own sentinel; all other ' +
        'claims are preserved so claim-reading clients keep working. ' +
        'Requires decode. If no named claim matches in any verified ' +
        'token, behaviour is governed by onExtractNoMatch (default ' +
        '"warn"). Only meaningful when mode is "mask"; accepted but ' +
        'ignored for "deny".'),
    maskDuplicates: booleanType()
        .optional()
        .describe('If true, verbatim occurrences of each captured credential value ' +
        'outside the regex-matched spans are also replaced with the ' +
        'corresponding sentinel — for a secret repeated where the regex ' +
        'does not reach (e.g. in a comment). Matches raw substrings: short ' +
        'or common credential values may corrupt unrelated content, so ' +
        'this is intended for long, high-entropy secrets. With decode, ' +
        'only values that passed verification are scanned; duplicates ' +
        "reuse the verified value's fake without re-verification. " +
        'Defaults to false. Only meaningful with mode "mask" and extract ' +
        'or decode set; accepted but ignored otherwise.'),
    injectHosts: arrayType(domainPatternSchema)
        .optional()
        .describe('Optional narrowing of where the proxy substitutes this credential. ' +
        'If unset, defaults to network.allowedDomains — the credential is ' +
        'injected at every reachable host. Only meaningful when mode is ' +
        '"mask"; accepted but ignored for "deny".'),
});
/**
 * Schema for a single credential environment variable entry.
 *
 * `mode: "mask"` replaces the variable's value inside the sandbox with a
 * per-session sentinel; the proxy substitutes sentinel→real on egress to
 * the credential's injectHosts. A masked var that is unset on the host is
 * skipped — there is nothing to protect.
 *
 * `mode: "mask"` without `extract` is **whole-value** masking: the entire
 * value is replaced inside the sandbox with one sentinel string, and the
 * proxy substitutes that sentinel back to the real value on egress. This
 * works for variables whose value *is* the credential (a bare token).
 *
 * `mode: "mask"` with `extract` is **structured** masking: the regex is
 * applied globally to the real value, capture group 1 of each match is a
 * credential value, and only those captured spans are replaced with
 * sentinels — the rest of the value is preserved byte-for-byte. This lets
 * a tool that parses the value (a `DATABASE_URL` connection string, a
 * composite `KEY:SECRET` pair) still succeed inside the sandbox while the
 * credential spans are protected. If the pattern matches nothing,
 * behaviour is governed by `onExtractNoMatch` (default `"warn"` — the
 * variable passes through unmasked and a stderr warning is emitted).
 *
 * `mode: "mask"` with `decode: "jwt"` handles a variable whose whole value
 * is a JWT (CI OIDC tokens, Supabase keys, ...). `decode` opens the encoded
 * value for masking: without claim-level configuration the entire token is
 * replaced by a structurally valid fake JWT — parseable three-segment shape
 * with JSON header/payload and far-future `exp`, so a tool that inspects
 * the token before sending it (segment count, exp, claims) keeps working.
 * The fake's header declares `alg: HS256` — never `alg: none`, which
 * misconfigured validators accept — with a filler signature, so a verifier
 * the unswapped fake ever reaches rejects it cryptographically. The proxy
 * swaps the whole fake token for the real one on egress.
 *
 * `decode: "jwt"` with `maskClaims` masks at the claim level instead: each
 * named top-level payload claim present with a string value is replaced by
 * its own sentinel and the token is rebuilt around the modified payload
 * (original header segment, filler signature). All other claims stay real,
 * so a client that decodes the token and reads a non-secret claim keeps
 * working. The proxy substitutes both the whole rebuilt token (sent as a
 * bearer credential) and each claim sentinel (extracted and sent alone).
 *
 * If the variable is set but its value does not verify as a JWT — or, with
 * `maskClaims`, no named claim is present as a string — nothing was masked:
 * the entry currently fails open — the real value stays in the sandbox
 * environment and a loud stderr warning names the variable.
 */
const CredentialEnvVarConfigSchema = objectType({
    name: envVarNameSchema.describe('Environment variable name'),
    mode: credentialModeSchema.describe('Access mode for this environment variable'),
    extract: extractPatternSchema
        .optional()
        .describe('Optional regex for structured masking. Applied globally; capture ' +
        'group 1 of each match is masked, the rest of the value is ' +
        'preserved. If the pattern matches nothing, behaviour is governed ' +
        'by onExtractNoMatch (default "warn"). Only meaningful when mode ' +
        'is "mask"; accepted but ignored for "deny".'),
    /**
     * What to do when `extract` matches nothing in the value at runtime.
     *
     * - `"warn"` (default): emit a stderr warning and let the variable pass
     *   through unmasked inside the sandbox (fail-open). A non-matching
     *   pattern is treated as a config error to surface and fix, not a
     *   reason to break a tool that needs the variable when the credential
     *   is legitimately absent from it.
     * - `"deny"`: unset the variable inside the sandbox (fail-closed) — the
     *   env analog of degrading a file to `mode: "deny"`. The operator
     *   declared this variable as containing a credential; if the regex
     *   cannot find it, withhold the value rather than expose it.
     * - `"error"`: throw at wrap time so nothing runs until the operator
     *   fixes the regex.
     *
     * Only meaningful when `mode` is `"mask"` and `extract` is set;
     * accepted but ignored otherwise.
     */
    onExtractNoMatch: enumType(['warn', 'deny', 'error'])
        .optional()
        .describe('What to do when extract matches nothing: "warn" (default — stderr ' +
        'warning, variable passes through unmasked), "deny" (variable ' +
        'unset inside the sandbox), or "error" (throw at wrap time). Only ' +
        'meaningful with mode "mask" and extract set.'),
    decode: enumType(['jwt'])
        .optional()
        .describe('Optional encoded-credential format. "jwt": the variable\'s whole ' +
        'value is verified to actually be a JWT and replaced with a ' +
        'structurally valid fake JWT so client-side token parsing keeps ' +
        'working; the proxy swaps the whole fake token on egress. If the ' +
        'value does not verify, the variable is left unmasked with a ' +
        'stderr warning (fail-open). Only meaningful when mode is "mask"; ' +
        'accepted but ignored for "deny".'),
    /**
     * Names of top-level payload claims to mask inside the decoded value —
     * the env-var counterpart of the `maskClaims` on a file entry: `decode`
     * opens the variable's encoded value so masking can target a field
     * inside the decoded payload instead of replacing the whole token.
     *
     * Every named claim present with a string value is replaced by its own
     * sentinel and the token is rebuilt around the modified payload
     * (original header segment, filler signature). All other claims are
     * preserved verbatim, so a tool that decodes the token and reads a
     * non-secret claim (issuer, audience, user id) keeps working while the
     * secret claim is protected. A named claim that is absent or non-string
     * is skipped. If no named claim matches, nothing was masked and the
     * entry fails open with a stderr warning — same path as a value that
     * does not verify as a JWT.
     *
     * Requires `decode` (there is no payload to look inside otherwise); an
     * explicitly empty list is rejected — see the superRefine below.
     */
    maskClaims: arrayType(stringType().min(1))
        .optional()
        .describe('Names of top-level payload claims to mask inside the decoded ' +
        'value, instead of replacing the whole token. Each named claim ' +
        'present with a string value gets its own sentinel; all other ' +
        'claims are preserved so claim-reading clients keep working. ' +
        'Requires decode. If no named claim matches, the variable is left ' +
        'unmasked with a stderr warning (fail-open). Only meaningful when ' +
        'mode is "mask"; accepted but ignored for "deny".'),
    injectHosts: arrayType(domainPatternSchema)
        .optional()
        .describe('Optional narrowing of where the proxy substitutes this credential. ' +
        'If unset, defaults to network.allowedDomains — the credential is ' +
        'injected at every reachable host. Only meaningful when mode is ' +
        '"mask"; accepted but ignored for "deny".'),
});
/**
 * Explicit grouping of masked env vars into an AWS credential pair for
 * SigV4 re-signing.
 *
 * A SigV4 signature is an HMAC derived from the secret access key, so a
 * client signing with a masked (fake) secret produces a signature no
 * substitution can repair — the proxy must re-sign with the real secret.
 * Re-signing needs the access key id, secret, and optional session token
 * *linked* as one credential: this entry names the `credentials.envVars`
 * entries (all `mode: "mask"`, whole-value — no `extract`/`decode`) that
 * hold each part.
 *
 * The conventional trio AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN is paired automatically when those vars are masked
 * whole-value and no explicit awsPairs entry references them — this
 * config exists for non-standard variable names.
 *
 * Re-signing triggers only on requests whose signature scope references
 * the pair's fake access key id (exact match); everything else — including
 * requests signed with real, unmasked AWS credentials — is untouched. The
 * substitution gate is the access-key-id entry's `injectHosts` (defaulting
 * to network.allowedDomains); the secret/session-token entries' own
 * injectHosts are not consulted for re-signing.
 */
const AwsPairConfigSchema = objectType({
    accessKeyIdVar: envVarNameSchema.describe('Name of the masked env var holding the AWS access key id.'),
    secretAccessKeyVar: envVarNameSchema.describe('Name of the masked env var holding the AWS secret access key.'),
    sessionTokenVar: envVarNameSchema
        .optional()
        .describe('Optional name of the masked env var holding the AWS session ' +
        'token (temporary credentials). When set, the proxy sends the ' +
        'real token as x-amz-security-token on re-signed requests and ' +
        'adds it to the signed header set if the client did not.'),
})
    .strict();
const sigv4PolicySchema = enumType(['deny', 'passthrough']);
/**
 * Per-shape policy for AWS SigV4 request forms the proxy cannot re-sign.
 * Applies only to requests whose signature references a masked pair's
 * fake access key id; requests signed with unmasked credentials are never
 * affected.
 *
 * - `"deny"` (default): fail closed with a 403 naming the case, so the
 *   sandboxed client sees a policy block instead of a confusing upstream
 *   signature error.
 * - `"passthrough"`: forward the request without re-signing. Ordinary
 *   header substitution still applies, but the signature was computed
 *   from the masked placeholder secret, so the upstream will reject it —
 *   set this only when that failure mode is preferable to a proxy denial.
 *
 * Re-signable header-SigV4 requests that sign a literal body hash are
 * buffered (up to 64 MiB — MAX_SIGV4_RESIGN_BODY_BYTES in
 * tls-terminate-proxy.ts) so the hash can be recomputed over the bytes
 * actually forwarded; larger bodies are denied with a 403. Payloads
 * signed as UNSIGNED-PAYLOAD stream through without buffering.
 */
const Sigv4ConfigSchema = objectType({
    streaming: sigv4PolicySchema
        .optional()
        .describe('Policy for aws-chunked streaming uploads (x-amz-content-sha256: ' +
        'STREAMING-*): per-chunk signatures chain off the seed ' +
        'signature, so re-signing would require rewriting the body. ' +
        'Default "deny".'),
    presigned: sigv4PolicySchema
        .optional()
        .describe('Policy for presigned URLs (X-Amz-Algorithm/X-Amz-Signature in ' +
        'the query, no Authorization header): the signature lives in ' +
        'the URL itself. Default "deny".'),
    sigv4a: sigv4PolicySchema
        .optional()
        .describe('Policy for SigV4A (AWS4-ECDSA-P256-SHA256) asymmetric ' +
        'signatures: there is no shared-key HMAC to recompute. ' +
        'Default "deny".'),
})
    .strict();
/**
 * Credentials configuration schema for validation.
 *
 * Declares credential sources (files and environment variables) with a
 * per-source mode; see {@link credentialModeSchema} for what each mode does.
 *
 * Only the sources declared here are affected; the section applies no
 * implicit restrictions beyond them.
 */
const CredentialsConfigSchema = objectType({
    files: arrayType(CredentialFileConfigSchema)
        .optional()
        .describe('Credential files or directories to protect'),
    envVars: arrayType(CredentialEnvVarConfigSchema)
        .optional()
        .describe('Environment variables to protect'),
    allowPlaintextInject: booleanType()
        .optional()
        .describe('Allow sentinel→real substitution on the plain-HTTP proxy path. ' +
        'Defaults to false: without TLS termination the upstream identity ' +
        'is unverified and the credential travels in cleartext. Set only ' +
        'for trusted-network test fixtures.'),
    awsPairs: arrayType(AwsPairConfigSchema)
        .optional()
        .describe('Explicit groupings of masked env vars into AWS credential pairs ' +
        'for SigV4 re-signing, for non-standard variable names. The ' +
        'conventional AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / ' +
        'AWS_SESSION_TOKEN trio is paired automatically when masked.'),
    sigv4: Sigv4ConfigSchema.optional().describe('Policies for AWS SigV4 request shapes the proxy cannot re-sign ' +
        '(streaming, presigned, sigv4a) when they reference a masked ' +
        'credential pair: "deny" (default) or "passthrough".'),
})
    // Reject unknown keys so a stale `credentials.injectHosts` (the removed
    // block-level default) fails loudly instead of being silently stripped.
    .strict();
/**
 * Network configuration schema for validation
 */
const NetworkConfigSchema = objectType({
    allowedDomains: arrayType(domainPortPatternSchema)
        .describe('List of allowed domains (e.g., ["github.com", "*.npmjs.org", "api.example.com:443"]). ' +
        'An optional ":port" suffix restricts the entry to that destination port.'),
    deniedDomains: arrayType(deniedDomainPatternSchema)
        .describe('List of denied domains. Unlike allowedDomains, a bare "*" is accepted here (deny-all). ' +
        'An optional ":port" suffix (e.g., "*:22") restricts the entry to that destination port.'),
    deniedDomainReasons: recordType(stringType(), stringType().min(1))
        .optional()
        .describe('Optional model-facing reason keyed by the exact deniedDomains entry it explains (e.g., {"github.com:22": "SSH pushes to GitHub are blocked; use an https remote"}). ' +
        'Reported in the <sandbox_violations> line when that entry denies a connection, and to the sandboxed client as the status phrase of the 403 that answers its CONNECT; entries without one use a generic reason. ' +
        'Keys are matched by exact entry string, so a key with no matching deniedDomains entry never fires.'),
    strictAllowlist: booleanType()
        .optional()
        .describe('If true, hosts not in allowedDomains are denied without consulting the ask callback, and a per-command allow list (registerCommandNetworkLists) is ignored. Set this when allowedDomains is policy enforcement, not a prompt-suppression hint.'),
    deniedResolvedAddresses: arrayType(addressRangeSchema)
        .optional()
        .describe('IP addresses / CIDR ranges (IPv4 or IPv6, unbracketed) that an allowed HOSTNAME must not resolve to, ' +
        'in addition to the built-in set (see README "Resolved-address check") and any IP literal listed in ' +
        'deniedDomains. A permitted name that resolves only into these is refused instead of dialed. A name may ' +
        'resolve to a denied address only if that IP literal (and port) is itself in allowedDomains. Not evaluated ' +
        'for connections routed through parentProxy (including one taken from HTTP_PROXY/HTTPS_PROXY) or mitmProxy (that hop resolves the name).'),
    allowUnixSockets: arrayType(stringType())
        .optional()
        .describe('macOS only: Unix socket paths to allow. Ignored on Linux (seccomp cannot filter by path).'),
    allowAllUnixSockets: booleanType()
        .optional()
        .describe('If true, allow all Unix sockets (disables blocking on both platforms). On Linux this also unblocks VM sockets (AF_VSOCK).'),
    allowLocalBinding: booleanType()
        .optional()
        .describe('Whether sandboxed commands may use local ports directly (default: ' +
        'false). macOS: allows binding and accepting on any local port ' +
        'and connecting to localhost on any port. Windows: allows ' +
        'connecting to loopback addresses (127.0.0.0/8, ::1) on any TCP ' +
        'or UDP port; it is part ' +
        'of the machine-wide filter set, so it MUST match how `srt-win ' +
        'install` was run (`--allow-loopback` or not) and a session that ' +
        'differs from the install is refused. Linux: ignored — the ' +
        'sandbox has its own network namespace, whose loopback is ' +
        'always usable and is not the host one. Every service listening ' +
        'on localhost becomes reachable, including any local proxy or ' +
        'forwarder that would carry traffic off the machine.'),
    allowMachLookup: arrayType(stringType().refine(val => {
        const prefix = val.endsWith('*') ? val.slice(0, -1) : val;
        return !prefix.includes('*');
    }, {
        message: 'Wildcards are only allowed as a single trailing "*" (e.g., "com.example.*" or "*" for all services).',
    }))
        .optional()
        .describe('macOS only: Additional XPC/Mach service names to allow looking up. Supports trailing-wildcard prefix matching (e.g., "2BUA8C4S2C.com.1password.*"). Needed for tools like 1Password CLI, Playwright, or the iOS Simulator that communicate via XPC.'),
    httpProxyPort: numberType()
        .int()
        .min(1)
        .max(65535)
        .optional()
        .describe('Port of an external HTTP proxy to use instead of starting a local one. When provided, the library will skip starting its own HTTP proxy and use this port. The external proxy must handle domain filtering.'),
    socksProxyPort: numberType()
        .int()
        .min(1)
        .max(65535)
        .optional()
        .describe('Port of an external SOCKS proxy to use instead of starting a local one. When provided, the library will skip starting its own SOCKS proxy and use this port. The external proxy must handle domain filtering.'),
    mitmProxy: MitmProxyConfigSchema.optional().describe('Optional MITM proxy configuration. Routes matching domains through an upstream proxy via Unix socket while SRT still handles allow/deny filtering.'),
    filterRequest: custom(v => typeof v === 'function', {
        message: 'filterRequest must be a function',
    })
        .optional()
        .describe('Per-request filter callback. Receives the parsed HTTP request ' +
        '(web-standard Request) and request details, and returns {action, ' +
        'reason?, status?} or, for an allow, header edits (removeHeaders, ' +
        'setHeaders) and an onResponse observer. Denied requests get the ' +
        'status (403 by default) with the reason. If the callback throws, the ' +
        'request is denied. Applies to plain HTTP through the proxy and, ' +
        'when tlsTerminate is configured, to terminated HTTPS. SRT does not ' +
        'provide a policy language; library consumers own matching. This and ' +
        'the five options after it are read when the proxy starts; ' +
        'updateConfig does not change them.'),
    allowPlaintextHeaderSet: booleanType()
        .optional()
        .describe('Let a filterRequest allow set headers on plain-HTTP requests. Off by ' +
        'default: a header set there travels in cleartext, so while it is off ' +
        'an allow that carries setHeaders is refused with 403 for every ' +
        'request the proxy receives in cleartext, an absolute https:// URI ' +
        'included. An allow without setHeaders is unaffected and removals ' +
        'always apply.'),
    stripResponseHeaders: arrayType(stringType().min(1))
        .optional()
        .describe('Response headers never passed back to the sandboxed client, matched ' +
        'case-insensitively with "-", "_" and "." folded (e.g. ["set-cookie"]).'),
    refuseOpaqueTunnels: booleanType()
        .optional()
        .describe('Refuse every tunnel filterRequest cannot see into: an HTTP CONNECT ' +
        'that would not be TLS-terminated or carries no TLS, and every SOCKS ' +
        'CONNECT (refused at the handshake). Requires tlsTerminate to serve ' +
        'HTTPS at all, and stops CONNECT-carried SSH such as GIT_SSH_COMMAND ' +
        'through the proxy. Refusals are recorded as violations.'),
    requireHostMatch: booleanType()
        .optional()
        .describe('Answer 421 to a request whose Host header, TLS server name or ' +
        'absolute-form authority does not name the host and port it is sent ' +
        'to, before filterRequest is asked. Refusals are recorded as ' +
        'violations.'),
    ambiguousRequestTarget: enumType(['refuse', 'asSpelled', 'normalize'])
        .optional()
        .describe('While filterRequest is set: what becomes of a request whose target ' +
        'names another path once normalized than as the client spelled it ' +
        '(a dot segment, "%2e" included, leading slashes or "\\"), so that ' +
        'the upstream may act on another resource than the callback judged. ' +
        '"refuse" (default): 400 before filterRequest is asked, recorded as ' +
        'a violation. "asSpelled": forwarded as spelled; the callback has to ' +
        'hold for every reading of it, and gets requestTarget, ' +
        'normalizedRequestTarget and requestTargetIsAmbiguous. "normalize": ' +
        'forwarded normalized, which breaks a signature over the path and ' +
        'names another resource to an upstream that takes the path literally.'),
    tlsTerminate: objectType({
        caCertPath: stringType()
            .min(1)
            .optional()
            .describe('Path to a PEM-encoded CA certificate. The sandboxed child is ' +
            'configured to trust this CA, and the TLS-terminating proxy uses ' +
            'it to sign per-host certificates. If omitted, on Windows SRT ' +
            'generates-if-absent a persistent CA under ' +
            '%ProgramData%\\sandbox-runtime\\ca\\ and trusts it in the ' +
            "sandbox user's Root store; on other platforms SRT generates " +
            'an ephemeral CA into a temp directory for the lifetime of the ' +
            'session.'),
        caKeyPath: stringType()
            .min(1)
            .optional()
            .describe('Path to the PEM-encoded private key for caCertPath.'),
        excludeDomains: arrayType(domainPatternSchema)
            .optional()
            .describe('Domain patterns (same syntax as allowedDomains) whose HTTPS ' +
            'connections are NOT terminated. Matching CONNECTs are opaque ' +
            'byte tunnels: still subject to the allow/deny domain lists, ' +
            'but the sandboxed client completes its own TLS handshake with ' +
            'the upstream, so filterRequest and credential injection do not ' +
            'apply to their HTTPS traffic (plain-HTTP requests to the same ' +
            'hosts keep the normal request pipeline). Use for hosts the ' +
            'proxy must not re-originate: ' +
            'mTLS upstreams (only the client holds the client certificate) ' +
            'and clients that pin the upstream certificate and would reject ' +
            'the MITM CA. Hosts still need to be reachable via ' +
            'allowedDomains; this list only changes how they are tunnelled.'),
        extraCaCertPaths: arrayType(stringType().min(1))
            .optional()
            .describe('Paths to PEM CA certificate files appended to the trust bundle ' +
            'the sandboxed child is pointed at, after the MITM CA and the ' +
            "host's regular roots. Use for site-local roots (e.g. an " +
            'internal mTLS CA) presented by excluded/passthrough hosts, so ' +
            'the child can verify them itself. Only the CERTIFICATE blocks ' +
            'of each file are copied; files that are missing, unreadable, ' +
            'or contain no PEM CERTIFICATE block are skipped (with a debug ' +
            'log), so paths that exist on only some hosts are safe to list.'),
        maxTunnels: numberType()
            .int()
            .min(1)
            .max(65536)
            .optional()
            .describe('At most this many CONNECT tunnels are TLS-terminated at once ' +
            '(default 256); past it a CONNECT is answered 503 with ' +
            '"X-Proxy-Error: too-many-tunnels", and the refusal is recorded ' +
            'as a violation, once per command until half the slots are free ' +
            'again. A tunnel holds its slot from its CONNECT until it ' +
            'closes, so idle keep-alive tunnels count until they are closed ' +
            '(6 s after a response); ' +
            'one that turns out not to carry TLS frees it. The slot is taken ' +
            'before the first bytes are seen, so at the cap a non-TLS CONNECT ' +
            '(SSH, say) to a host that would be terminated is refused too. ' +
            'Hosts in excludeDomains do not count. Read at each CONNECT, so ' +
            'updateConfig changes it for the tunnels that follow.'),
        handshakeTimeoutMs: numberType()
            .int()
            .min(100)
            .max(600000)
            .optional()
            .describe('A tunnel to be TLS-terminated must finish its TLS handshake ' +
            'within this many milliseconds of its CONNECT (default 10000), ' +
            'or it is closed and its slot freed. A tunnel past its handshake ' +
            'is never timed out by it. Read at each CONNECT, so ' +
            'updateConfig changes it for the tunnels that follow.'),
    })
        .refine(o => !o.caCertPath === !o.caKeyPath, {
        message: 'caCertPath and caKeyPath must be provided together',
    })
        .optional()
        .describe('[EXPERIMENTAL] Enable in-process TLS termination so HTTPS ' +
        'request/response bodies are visible to SRT. Provide a CA cert+key, ' +
        'or omit both to have SRT generate an ephemeral one. Needs Node, or ' +
        'Bun 1.4 or later: SandboxManager.initialize throws on an older ' +
        'runtime.'),
    parentProxy: ParentProxyConfigSchema.optional().describe("Upstream HTTP proxy for outbound connections. When set, SRT's proxy " +
        'tunnels non-mitmProxy traffic through this parent instead of ' +
        'connecting directly. Falls back to HTTP_PROXY/HTTPS_PROXY/NO_PROXY ' +
        'env vars if unset.'),
});
/**
 * Filesystem configuration schema for validation
 */
const FilesystemConfigSchema = objectType({
    disabled: booleanType()
        .optional()
        .describe('Disable all filesystem policy enforcement. When true, no read or write rules are emitted: ' +
        'denyRead/allowRead/allowWrite/denyWrite are ignored, and the built-in mandatory write ' +
        'protections (.git/hooks, .git/config, shell rc files, .mcp.json, .vscode/.idea, ' +
        '.claude/commands, .claude/agents) are NOT applied. Use only when the sandboxed process ' +
        'is trusted with full host filesystem access. Network and credential-env restrictions ' +
        'still apply. On Linux, /dev is still replaced by the bwrap minimal devtmpfs.'),
    denyRead: arrayType(filesystemPathEntrySchema)
        .describe('Paths denied for reading'),
    allowRead: arrayType(filesystemPathEntrySchema)
        .optional()
        .describe('Paths to re-allow reading within denied regions (takes precedence over denyRead). ' +
        'Use with denyRead to deny a broad region then allow back specific subdirectories.'),
    allowWrite: arrayType(filesystemPathEntrySchema)
        .describe('Paths allowed for writing'),
    denyWrite: arrayType(filesystemPathEntrySchema)
        .describe('Paths denied for writing (takes precedence over allowWrite)'),
    allowGitConfig: booleanType()
        .optional()
        .describe('Allow writes to .git/config files (default: false). Enables git remote URL updates while keeping .git/hooks protected.'),
});
/**
 * Configuration schema for ignoring specific sandbox violations
 * Maps command patterns to filesystem paths to ignore violations for.
 */
const IgnoreViolationsConfigSchema = recordType(stringType(), arrayType(stringType()))
    .describe('Map of command patterns to filesystem paths to ignore violations for. Use "*" to match all commands');
/**
 * Ripgrep configuration schema
 */
const RipgrepConfigSchema = objectType({
    command: stringType().describe('The ripgrep command to execute'),
    args: arrayType(stringType())
        .optional()
        .describe('Additional arguments to pass before ripgrep args'),
    argv0: stringType()
        .optional()
        .describe('Override argv[0] when spawning (for multicall binaries that dispatch on argv[0])'),
});
/**
 * Git configuration schema (cross-platform). Injected via
 * `GIT_CONFIG_COUNT` / `GIT_CONFIG_KEY_<n>` / `GIT_CONFIG_VALUE_<n>`
 * env vars — see `buildGitConfigEnv` in `sandbox-utils.ts`.
 */
const GitConfigSchema = objectType({
    safeDirectories: arrayType(stringType())
        .default([])
        .describe('Directories git should treat as safe (`safe.directory`) even though ' +
        "they're owned by a different user inside the sandbox. Use for the " +
        'repo top-level when launching from a subdirectory. Does NOT grant ' +
        'write.'),
});
/**
 * Configuration for locating/invoking the `srt-win` helper (Windows
 * only). An embedder that links `srt-win`'s CLI into its own
 * multicall binary points `path` at that binary; spawns then pass
 * `--srt-win` as `argv[1]` (see `SRT_WIN_DISPATCH_ARG1` in
 * `windows-sandbox-utils.ts` / `srt_win::SRT_WIN_DISPATCH_ARG1`) so
 * the embedder's dispatcher can route to `srt_win::run_from_args`.
 * Windows cannot reliably preserve a spoofed `argv[0]` across
 * `CreateProcessWithLogonW` / `ShellExecuteExW(runas)`, so dispatch
 * keys on `argv[1]`, not on `argv[0]` like
 * {@link SeccompConfigSchema} does on Linux.
 */
const SrtWinConfigSchema = objectType({
    path: stringType()
        .min(1)
        .describe('Path to the srt-win binary. Pass the exported ' +
        'VENDORED_SRT_WIN_EXE constant to use the packaged ' +
        'vendor/srt-win/<arch>/srt-win.exe (see its WARNING: in a dev ' +
        'checkout that file may sit inside your sandbox write grant). ' +
        'The binary is spawned with the `--srt-win` argv[1] sentinel so ' +
        "a multicall dispatcher can route to srt-win's CLI."),
});
/**
 * Windows-specific configuration schema. See
 * `windows-sandbox-utils.ts` for the install flow these settings
 * must agree with.
 *
 * Canonical: `sublayerGuid`; the `wfpSublayerGuid` alias is resolved
 * at read sites (`sublayerGuid ?? wfpSublayerGuid`) rather than via
 * `.transform()` so this stays a plain `ZodObject` for consumers that
 * `.extend()`/`.shape` it.
 */
const WindowsConfigSchema = objectType({
    // Optional, not `.default()`: a default would make the inferred type
    // required, which would break existing callers.
    backend: enumType(['mxc', 'srt-win'])
        .optional()
        .describe('The Windows enforcement backend. Defaults to srt-win. initialize() ' +
        'refuses a configuration the named backend cannot enforce; there ' +
        'is no fallback between backends. Under mxc, commands start with ' +
        'SandboxManager.spawnSandboxed() rather than wrapWithSandboxArgv(), ' +
        'and sandboxed programs can open windows on the desktop (UI is on ' +
        'so that ordinary tools start; clipboard and input injection stay ' +
        'blocked).'),
    sandboxUser: stringType()
        .min(1)
        .max(20, 'Windows local usernames are limited to 20 characters')
        .optional()
        .describe('Name for the dedicated sandbox user account that `srt-win install` ' +
        'creates and the sandboxed child runs as. Default: `srt-sandbox`. ' +
        'Install refuses if an account by this name already exists and ' +
        'srt-win did not create it (it will not rotate the password of an ' +
        'account it does not own). Must match what `srt-win install ' +
        '--sandbox-user` was run with.'),
    sublayerGuid: stringType()
        .uuid()
        .optional()
        .describe('WFP sublayer GUID under which the filters were installed. Omit to ' +
        'use the srt-win compile-time default. Set this when filters were ' +
        'installed by enterprise tooling under a custom sublayer.'),
    wfpSublayerGuid: stringType()
        .uuid()
        .optional()
        .describe('Deprecated alias for sublayerGuid.'),
    proxyPortRange: tupleType([numberType().int().min(1), numberType().int().max(65535)])
        .refine(([lo, hi]) => lo <= hi && hi - lo <= 64, {
        message: 'low must be ≤ high and range width ≤ 64',
    })
        .optional()
        .describe('Inclusive [low, high] port range the JS mux proxy listeners bind ' +
        'inside. MUST match the range passed to `srt-win install ' +
        '--proxy-port-range` (default 60080–60089) — the WFP loopback ' +
        'permit only covers ports in that range.'),
    srtWin: SrtWinConfigSchema.optional().describe('How to locate/invoke the srt-win helper binary. `srtWin.path` is ' +
        'required to use the Windows sandbox — your own (multicall) binary, ' +
        'or the exported VENDORED_SRT_WIN_EXE constant for the packaged exe.'),
});
/**
 * Seccomp configuration schema (Linux only)
 */
const SeccompConfigSchema = objectType({
    applyPath: stringType().optional().describe('Path to the apply-seccomp binary'),
    argv0: stringType()
        .optional()
        .describe('Invoke apply-seccomp as a multicall binary that dispatches on the ' +
        'ARGV0 environment variable. When set, applyPath is used verbatim ' +
        '(no existence check) and the invocation inside bwrap is prefixed ' +
        'with ARGV0=<this value>. The caller is responsible for ensuring ' +
        'applyPath resolves inside the bwrap namespace and that the target ' +
        'binary implements the apply-seccomp interface when ARGV0 matches.'),
});
/**
 * An inert deny is fail-open, so a deny glob whose trailing separator leaves
 * it matching nothing is rejected; the same glob as an allow fails closed,
 * so the allow lists keep the plain path schema. Such an entry may also be
 * the name of a path (`/w/[WIP]/keep/`), but only the disk can say so and
 * validation does not ask it: the message gives the spelling read both ways.
 */
function addInertSlashedDenyGlobIssue(value, path, ctx) {
    const onWindows = (0,utils_platform/* getPlatform */.u)() === 'windows';
    const trailingSeparator = onWindows ? /[\\/]+$/ : /\/+$/;
    if (!trailingSeparator.test(value))
        return;
    if (!(0,sandbox_utils/* containsGlobCharsForPlatform */.ZW)(value))
        return;
    // Only absolute and `~`-rooted spellings reach a backend with the
    // separator still attached: normalizePathForSandbox resolves a relative
    // spelling through path.resolve, which drops it, so `build/*/` is live.
    const rooted = onWindows
        ? external_node_path_.win32.isAbsolute(value)
        : external_node_path_.posix.isAbsolute(value);
    if (!rooted && !value.startsWith('~'))
        return;
    ctx.addIssue({
        code: ZodIssueCode.custom,
        path,
        message: `Deny glob "${value}" ends in a separator, so as a pattern it can ` +
            `match no path. Write "${value.replace(trailingSeparator, '')}", ` +
            `which is also read as the path of that name where it exists, or add ` +
            `a "**" segment to match at any depth.`,
    });
}
/**
 * Main configuration schema for Sandbox Runtime validation
 */
const SandboxRuntimeConfigSchema = objectType({
    network: NetworkConfigSchema.describe('Network restrictions configuration'),
    filesystem: FilesystemConfigSchema.describe('Filesystem restrictions configuration'),
    credentials: CredentialsConfigSchema.optional().describe('Credential handling configuration. Only the explicitly declared files ' +
        'and environment variables are restricted.'),
    ignoreViolations: IgnoreViolationsConfigSchema.optional().describe('Optional configuration for ignoring specific violations'),
    enableWeakerNestedSandbox: booleanType()
        .optional()
        .describe('Enable weaker nested sandbox mode (for Docker environments)'),
    allowNestedUserNamespaces: booleanType()
        .optional()
        .describe('Let the sandboxed command create user namespaces of its own (Linux only), as a browser ' +
        'sandbox, rootless podman or a nested bubblewrap does. This gives up the write denies against ' +
        'a hostile command, which can then take the read-only binds that enforce denyWrite and the ' +
        'mandatory denies out of its own view. Default: false.'),
    enableWeakerNetworkIsolation: booleanType()
        .optional()
        .describe('Enable weaker network isolation to allow access to com.apple.trustd.agent (macOS only). ' +
        'This is needed for Go programs (gh, gcloud, terraform, kubectl, etc.) to verify TLS certificates ' +
        'when using httpProxyPort with a MITM proxy and custom CA. Enabling this opens a potential data ' +
        'exfiltration vector through the trustd service. Only enable if you need Go TLS verification.'),
    allowAppleEvents: booleanType()
        .optional()
        .describe('Allow sending Apple Events and Launch Services open requests from the sandbox (macOS only). ' +
        'Needed for open, osascript, and anything that opens URLs or scripts other apps via AppleScript. ' +
        'This removes code-execution isolation: sandboxed commands can launch other applications ' +
        'unsandboxed with no user prompt (launched apps are not subject to the sandbox filesystem or ' +
        'network restrictions), and can script running apps subject to TCC automation consent. ' +
        'Default: false.'),
    ripgrep: RipgrepConfigSchema.optional().describe('Custom ripgrep configuration (default: { command: "rg" })'),
    mandatoryDenySearchDepth: numberType()
        .int()
        .min(1)
        .max(10)
        .optional()
        .describe('How deep below the working directory dangerous names are looked for on Linux (default: 3): ' +
        'a dangerous file down to this depth, and a dangerous directory, or the hooks and ' +
        'config of a repository, one level higher up. ' +
        'Higher values provide more protection but slower performance.'),
    allowPty: booleanType()
        .optional()
        .describe('Allow pseudo-terminal (pty) operations (macOS only)'),
    seccomp: SeccompConfigSchema.optional().describe('Custom seccomp binary paths (Linux only).'),
    bwrapPath: binaryPathSchema
        .optional()
        .describe('Linux only: absolute path to the bwrap (bubblewrap) binary. ' +
        'When set, this path is used directly instead of resolving "bwrap" via PATH.'),
    socatPath: binaryPathSchema
        .optional()
        .describe('Linux only: absolute path to the socat binary. ' +
        'When set, this path is used directly instead of resolving "socat" via PATH.'),
    javaAgentJarPath: binaryPathSchema
        .optional()
        .describe('macOS/Linux: absolute path to srt-proxy-agent.jar, the JVM agent ' +
        'injected via JAVA_TOOL_OPTIONS so Java tools honor the proxy. ' +
        'When set, used instead of looking under vendor/java-proxy-agent/. ' +
        'For consumers that bundle sandbox-runtime and ship the jar separately.'),
    windows: WindowsConfigSchema.optional().describe('Windows-specific settings (WFP sublayer, proxy port range).'),
    git: GitConfigSchema.optional().describe('Git configuration to inject via GIT_CONFIG_* env vars ' +
        '(cross-platform). `safeDirectories` marks paths as ' +
        '`safe.directory` without adding them to `filesystem.allowWrite`.'),
})
    .superRefine((cfg, ctx) => {
    // filesystem.disabled drops every filesystem rule, the credential file
    // denies included (getFsReadConfig, getFsWriteConfig and
    // computeWindowsFsAccessSet all short-circuit on it), so an inert deny
    // under it is not a hole.
    const fsEnforced = !cfg.filesystem.disabled;
    if (fsEnforced) {
        // A marked entry is never a glob, so a separator at its end is the
        // end of a name.
        for (const [idx, p] of cfg.filesystem.denyRead.entries()) {
            if (typeof p !== 'string')
                continue;
            addInertSlashedDenyGlobIssue(p, ['filesystem', 'denyRead', idx], ctx);
        }
        for (const [idx, p] of cfg.filesystem.denyWrite.entries()) {
            if (typeof p !== 'string')
                continue;
            addInertSlashedDenyGlobIssue(p, ['filesystem', 'denyWrite', idx], ctx);
        }
    }
    const creds = cfg.credentials;
    if (!creds)
        return;
    // Every per-entry injectHosts pattern must be reachable via
    // allowedDomains — semantic (wildcard-aware) coverage, not literal
    // string membership, so `injectHosts: ['api.github.com']` is accepted
    // when `allowedDomains: ['*.github.com']`.
    // Host-scoped view of the allowlist (":port" suffixes dropped) —
    // injection is per-host, not per-port.
    const allowedHosts = cfg.network.allowedDomains.map(domain_pattern/* stripDomainPatternPort */.SN);
    const checkSubset = (hosts, path) => {
        for (const [i, host] of hosts.entries()) {
            if (!(0,domain_pattern/* isInjectHostCoveredByAllowedDomains */.K6)(host, allowedHosts)) {
                ctx.addIssue({
                    code: ZodIssueCode.custom,
                    path: [...path, i],
                    message: `injectHosts entry "${host}" is not reachable via ` +
                        `network.allowedDomains — add "${host}" (or a covering ` +
                        `wildcard) to allowedDomains, or remove it from injectHosts.`,
                });
            }
        }
    };
    // Per-credential checks. Substitution is gated per sentinel; an entry
    // with no injectHosts defaults to network.allowedDomains (every
    // reachable host), so absence is fine. An *explicit* empty list is
    // rejected — "mask but never inject" is self-contradictory and almost
    // certainly a config mistake. Applies to both env vars and files.
    let hasMasked = false;
    const checkMaskedEntry = (entry, path) => {
        if (entry.injectHosts) {
            checkSubset(entry.injectHosts, [...path, 'injectHosts']);
        }
        if (entry.mode !== 'mask')
            return;
        hasMasked = true;
        // Credential substitution only runs on the TLS-terminated path, so a
        // host covered by tlsTerminate.excludeDomains can never receive the
        // real value — the upstream sees the placeholder. Reject the
        // spellings that are *entirely* self-contradictory:
        //   - an explicit injectHosts entry whose every concrete host is
        //     excluded (isInjectHostCoveredByAllowedDomains is the generic
        //     "pattern fully covered by pattern list" predicate);
        //   - no injectHosts (= every allowedDomain) while excludeDomains
        //     covers all of allowedDomains, i.e. injection could never
        //     happen anywhere.
        // A *partial* overlap is legitimate (excluded hosts simply don't get
        // the credential) and is reported at runtime instead.
        const exclude = cfg.network.tlsTerminate?.excludeDomains;
        if (exclude?.length) {
            if (entry.injectHosts) {
                for (const [i, host] of entry.injectHosts.entries()) {
                    if ((0,domain_pattern/* isInjectHostCoveredByAllowedDomains */.K6)(host, exclude)) {
                        ctx.addIssue({
                            code: ZodIssueCode.custom,
                            path: [...path, 'injectHosts', i],
                            message: `injectHosts entry "${host}" is entirely covered by ` +
                                `network.tlsTerminate.excludeDomains. Credential ` +
                                `injection only runs on TLS-terminated connections, so ` +
                                `this host would receive the placeholder instead of the ` +
                                `credential. Remove it from one of the two lists.`,
                        });
                    }
                }
            }
            else if (allowedHosts.length > 0 &&
                allowedHosts.every(p => (0,domain_pattern/* isInjectHostCoveredByAllowedDomains */.K6)(p, exclude))) {
                ctx.addIssue({
                    code: ZodIssueCode.custom,
                    path,
                    message: `This masked credential has no injectHosts, so it defaults ` +
                        `to network.allowedDomains — but ` +
                        `network.tlsTerminate.excludeDomains covers every allowed ` +
                        `domain, so it could never be injected anywhere. Credential ` +
                        `injection only runs on TLS-terminated connections.`,
                });
            }
        }
        if (entry.injectHosts !== undefined && entry.injectHosts.length === 0) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path,
                message: `injectHosts is explicitly empty — the credential would be ` +
                    `masked but never injected. Omit injectHosts to default to ` +
                    `network.allowedDomains, or list the intended hosts.`,
            });
        }
    };
    for (const [idx, v] of (creds.envVars ?? []).entries()) {
        checkMaskedEntry(v, ['credentials', 'envVars', idx]);
        // maskClaims names fields inside a decoded payload; without decode
        // there is no payload to look inside — reject the contradiction
        // loudly rather than silently masking nothing.
        if (v.maskClaims !== undefined && v.decode === undefined) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path: ['credentials', 'envVars', idx, 'maskClaims'],
                message: `maskClaims requires decode — it names claims inside the ` +
                    `decoded payload. Set decode (e.g. "jwt"), or remove ` +
                    `maskClaims to mask the whole value.`,
            });
        }
        // Same posture as an explicitly empty injectHosts: "decode but mask
        // no claims" is self-contradictory and almost certainly a mistake.
        if (v.maskClaims !== undefined && v.maskClaims.length === 0) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path: ['credentials', 'envVars', idx, 'maskClaims'],
                message: `maskClaims is explicitly empty — no claim would ever be ` +
                    `masked. Omit maskClaims to mask the whole token, or list ` +
                    `the claims to protect.`,
            });
        }
    }
    for (const [idx, f] of (creds.files ?? []).entries()) {
        checkMaskedEntry(f, ['credentials', 'files', idx]);
        // maskClaims names fields inside a decoded payload; without decode
        // there is no payload to look inside — reject the contradiction
        // loudly rather than silently masking nothing.
        if (f.maskClaims !== undefined && f.decode === undefined) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path: ['credentials', 'files', idx, 'maskClaims'],
                message: `maskClaims requires decode — it names claims inside the ` +
                    `decoded payload. Set decode (e.g. "jwt"), or remove ` +
                    `maskClaims to mask the extracted value whole.`,
            });
        }
        // Same posture as an explicitly empty injectHosts: "decode but mask
        // no claims" is self-contradictory and almost certainly a mistake.
        if (f.maskClaims !== undefined && f.maskClaims.length === 0) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path: ['credentials', 'files', idx, 'maskClaims'],
                message: `maskClaims is explicitly empty — no claim would ever be ` +
                    `masked. Omit maskClaims to mask the whole token, or list ` +
                    `the claims to protect.`,
            });
        }
        // Whole-file masking replaces one file's bytes with one sentinel;
        // a directory has no single content to mask. The hard check is at
        // runtime (stat after path normalization) — this catches the obvious
        // syntactic case (trailing slash) early with a clearer error.
        if (f.mode === 'mask' && f.path.endsWith('/')) {
            ctx.addIssue({
                code: ZodIssueCode.custom,
                path: ['credentials', 'files', idx, 'path'],
                message: `Credential mode "mask" applies to a single file, not a ` +
                    `directory. Use mode "deny" for "${f.path}", or point at the ` +
                    `credential file inside it.`,
            });
        }
        // A `mode: 'deny'` path is unioned into the read-deny set and takes
        // the same glob branches as filesystem.denyRead.
        if (fsEnforced && f.mode === 'deny') {
            addInertSlashedDenyGlobIssue(f.path, ['credentials', 'files', idx, 'path'], ctx);
        }
    }
    // awsPairs entries must reference whole-value masked env vars: the
    // re-signer needs the fake value to BE the sentinel (exact-match
    // trigger on the access key id in the credential scope) and the real
    // value to be the entire secret. extract/decode entries violate both.
    const seenPairVars = new Set();
    for (const [idx, pair] of (creds.awsPairs ?? []).entries()) {
        const vars = [
            ['accessKeyIdVar', pair.accessKeyIdVar],
            ['secretAccessKeyVar', pair.secretAccessKeyVar],
        ];
        if (pair.sessionTokenVar !== undefined) {
            vars.push(['sessionTokenVar', pair.sessionTokenVar]);
        }
        for (const [field, name] of vars) {
            const path = ['credentials', 'awsPairs', idx, field];
            if (seenPairVars.has(name)) {
                ctx.addIssue({
                    code: ZodIssueCode.custom,
                    path,
                    message: `"${name}" appears in more than one awsPairs slot (within ` +
                        `or across pairs) — each variable can fill exactly one slot.`,
                });
                continue;
            }
            seenPairVars.add(name);
            const entry = (creds.envVars ?? []).find(v => v.name === name);
            if (entry === undefined || entry.mode !== 'mask') {
                ctx.addIssue({
                    code: ZodIssueCode.custom,
                    path,
                    message: `"${name}" does not reference a credentials.envVars entry ` +
                        `with mode "mask" — an AWS pair links already-masked ` +
                        `variables; add the entry (masking is the opt-in for ` +
                        `SigV4 re-signing).`,
                });
            }
            else if (entry.extract !== undefined || entry.decode !== undefined) {
                ctx.addIssue({
                    code: ZodIssueCode.custom,
                    path,
                    message: `"${name}" uses extract/decode, but an AWS pair member ` +
                        `must be masked whole-value: the SigV4 trigger is an ` +
                        `exact match of the fake access key id, and the signer ` +
                        `needs the entire real value.`,
                });
            }
        }
    }
    // Masked credentials require the TLS-terminated proxy path so the real
    // value is only sent to a cert-verified upstream. allowPlaintextInject
    // is the explicit escape hatch.
    if (hasMasked &&
        cfg.network.tlsTerminate === undefined &&
        !creds.allowPlaintextInject) {
        ctx.addIssue({
            code: ZodIssueCode.custom,
            path: ['credentials'],
            message: 'Credential masking requires network.tlsTerminate so substitution ' +
                'runs only over a verified TLS connection. Enable tlsTerminate, or ' +
                'set credentials.allowPlaintextInject to opt out (not recommended).',
        });
    }
});
//# sourceMappingURL=sandbox-config.js.map
;// CONCATENATED MODULE: ./node_modules/@anthropic-ai/sandbox-runtime/dist/index.js
// Library exports




// Windows install/status API

// TLS-termination CA generation/validation (mitm-ca.ts). Embedders that
// manage CA persistence themselves (rather than relying on the Windows
// persistent-CA default) use these to generate and validate a pair.


// Utility functions


// Where the library takes a path to be: for a caller that judges paths itself.

// Platform utilities

//# sourceMappingURL=index.js.map

/***/ })

};
