// src/config/path_lite.ts
var WINDOWS = Deno.build.os === "windows";
var SEP = WINDOWS ? "\\" : "/";
var SPLIT = WINDOWS ? /[\\/]+/ : /\/+/;
function isAbsolutePath(path) {
  return path.startsWith("/") || WINDOWS && /^(?:[A-Za-z]:)?[\\/]/.test(path);
}
function root(path) {
  if (WINDOWS) {
    const drive = path.match(/^[A-Za-z]:/)?.[0] ?? "";
    return isAbsolutePath(path) ? `${drive}${SEP}` : drive;
  }
  return path.startsWith("/") ? "/" : "";
}
function normalize(path) {
  const head = root(path);
  const parts = [];
  for (const part of path.slice(head.length).split(SPLIT)) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!head) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  return head + parts.join(SEP) || ".";
}
function joinPath(...parts) {
  return normalize(parts.filter((part) => part !== "").join(SEP));
}
function resolvePath(...parts) {
  let path = "";
  for (let i = parts.length - 1; i >= 0 && !isAbsolutePath(path); i--) {
    const part = parts[i];
    if (part) path = path ? `${part}${SEP}${path}` : part;
  }
  return normalize(isAbsolutePath(path) ? path : `${Deno.cwd()}${SEP}${path}`);
}
function basenameOf(path) {
  const parts = path.split(SPLIT).filter((part) => part !== "");
  return parts[parts.length - 1] ?? "";
}

// src/config/paths.ts
var PROJECT_DIR_VARIABLES = [
  "CTX_MODE_PROJECT_DIR",
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "QWEN_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  "KIRO_PROJECT_DIR",
  "VSCODE_CWD"
];
function dataHome(env) {
  const explicit = env.CTX_MODE_HOME?.trim();
  if (explicit) return resolvePath(explicit);
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) {
    throw new TypeError('Cannot find the data home "": neither CTX_MODE_HOME nor HOME is set');
  }
  return joinPath(home, ".ctx-mode");
}
function projectDir(cwd, options = {}) {
  const env = options.env ?? {};
  const fromEnv = PROJECT_DIR_VARIABLES.map((name) => env[name]?.trim()).find((value) => value);
  const chosen = resolvePath(cwd, options.explicit ?? fromEnv ?? cwd);
  try {
    return Deno.realPathSync(chosen);
  } catch {
    return chosen;
  }
}
function projectHash(path) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(path)) {
    hash = (hash ^ BigInt(byte)) * 0x100000001b3n & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}
function projectDatabasePath(project, home) {
  if (!isAbsolutePath(project)) {
    throw new TypeError(`Cannot name the database of "${project}": the project path is not absolute`);
  }
  const name = basenameOf(project).replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 40) || "root";
  return joinPath(home, "projects", `${name}-${projectHash(project)}.db`);
}

// src/config/policy_files.ts
function policyFilePaths(projectDir2, options) {
  return [
    {
      path: joinPath(projectDir2, ".claude", "settings.local.json"),
      scope: "project",
      format: "claude"
    },
    {
      path: joinPath(projectDir2, ".claude", "settings.json"),
      scope: "project",
      format: "claude"
    },
    {
      path: joinPath(projectDir2, ".ctx-mode.json"),
      scope: "project",
      format: "ctx-mode"
    },
    {
      path: joinPath(options.dataHome, "config.json"),
      scope: "user",
      format: "ctx-mode"
    },
    {
      path: joinPath(options.claudeDir ?? joinPath(options.home, ".claude"), "settings.json"),
      scope: "user",
      format: "claude"
    }
  ];
}
var MAX_BYTES = 1048576;
function readSource(file) {
  try {
    const bytes = Deno.readFileSync(file.path);
    if (bytes.byteLength > MAX_BYTES) {
      return {
        ...file,
        text: null,
        error: `larger than ${MAX_BYTES} bytes`
      };
    }
    return {
      ...file,
      text: new TextDecoder().decode(bytes)
    };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {
      ...file,
      text: null
    };
    const message = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    return {
      ...file,
      text: null,
      error: message
    };
  }
}
function readPolicyFiles(projectDir2, options) {
  return policyFilePaths(projectDir2, options).map(readSource);
}

// src/config/private_files.ts
var PRIVATE_DIR_MODE = 448;
var PRIVATE_FILE_MODE = 384;
var DATA_HOME_FOLDERS = [
  "projects",
  "heartbeats"
];
var POSIX = Deno.build.os !== "windows";
function makePrivateDir(path) {
  Deno.mkdirSync(path, {
    recursive: true,
    mode: PRIVATE_DIR_MODE
  });
}
function tighten(path, mode) {
  if (!POSIX) return false;
  try {
    const info = Deno.lstatSync(path);
    if (info.isSymlink || info.mode === null || (info.mode & 63) === 0) {
      return false;
    }
    if (info.uid !== Deno.uid()) return false;
    Deno.chmodSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
function secureDataHome(home) {
  tighten(home, PRIVATE_DIR_MODE);
  for (const folder of DATA_HOME_FOLDERS) {
    tighten(joinPath(home, folder), PRIVATE_DIR_MODE);
  }
}

// src/safety/audit_log.ts
var DEFAULT_MAX_BYTES = 1048576;
var DEFAULT_KEEP = 3;
var MAX_FIELD = 4e3;
function auditLogPath(dataHome2) {
  return joinPath(dataHome2, "audit.log");
}
function clip(value) {
  if (value === void 0 || value.length <= MAX_FIELD) return value;
  return `${value.slice(0, MAX_FIELD - 1)}\u2026`;
}
function rotate(path, keep) {
  try {
    Deno.removeSync(`${path}.${keep}`);
  } catch {
  }
  for (let i = keep - 1; i >= 1; i--) {
    try {
      Deno.renameSync(`${path}.${i}`, `${path}.${i + 1}`);
    } catch {
    }
  }
  try {
    Deno.renameSync(path, `${path}.1`);
  } catch {
  }
}
function appendAudit(dataHome2, entry, options = {}) {
  const path = auditLogPath(dataHome2);
  const line = new TextEncoder().encode(`${JSON.stringify({
    ...entry,
    command: clip(entry.command),
    path: clip(entry.path),
    url: clip(entry.url),
    reason: clip(entry.reason)
  })}
`);
  try {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    let size = 0;
    try {
      size = Deno.statSync(path).size;
      tighten(path, PRIVATE_FILE_MODE);
    } catch {
      makePrivateDir(dataHome2);
    }
    if (size > 0 && size + line.byteLength > maxBytes) {
      rotate(path, Math.max(1, options.keep ?? DEFAULT_KEEP));
    }
    Deno.writeFileSync(path, line, {
      append: true,
      create: true,
      mode: PRIVATE_FILE_MODE
    });
    return true;
  } catch {
    return false;
  }
}

// src/safety/_paths.ts
function normalizeAbsolute(path) {
  const parts = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}
function resolveFrom(base, path) {
  return normalizeAbsolute(path.startsWith("/") ? path : `${base}/${path}`);
}
function isWithin(child, parent) {
  if (parent === "/") return true;
  return child === parent || child.startsWith(`${parent}/`);
}
function isStrictlyWithin(child, parent) {
  return child !== parent && isWithin(child, parent);
}
function expandHome(path, home) {
  if (path === "~") return home;
  if (path.startsWith("~/")) return `${home}${path.slice(1)}`;
  return path;
}
function baseName(path) {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf("/");
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}
function toPosixPath(path) {
  const m = /^([A-Za-z]):(?=[\\/]|$)/.exec(path);
  if (m === null) return path;
  const rest = path.slice(2).replaceAll("\\", "/");
  return `/${(m[1] ?? "").toLowerCase()}${rest === "" ? "" : rest}`;
}

// src/config/sha256.ts
var K = new Uint32Array([
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
]);
function rotr(x, n) {
  return x >>> n | x << 32 - n;
}
function sha256Hex(input) {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 128;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    1779033703,
    3144134277,
    1013904242,
    2773480762,
    1359893119,
    2600822924,
    528734635,
    1541459225
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const a2 = w[i - 15], b2 = w[i - 2];
      const s0 = rotr(a2, 7) ^ rotr(a2, 18) ^ a2 >>> 3;
      const s1 = rotr(b2, 17) ^ rotr(b2, 19) ^ b2 >>> 10;
      w[i] = w[i - 16] + s0 + w[i - 7] + s1 >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = e & f ^ ~e & g;
      const t1 = hh + s1 + ch + K[i] + w[i] >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = a & b ^ a & c ^ b & c;
      const t2 = s0 + maj >>> 0;
      hh = g;
      g = f;
      f = e;
      e = d + t1 >>> 0;
      d = c;
      c = b;
      b = a;
      a = t1 + t2 >>> 0;
    }
    h[0] = h[0] + a;
    h[1] = h[1] + b;
    h[2] = h[2] + c;
    h[3] = h[3] + d;
    h[4] = h[4] + e;
    h[5] = h[5] + f;
    h[6] = h[6] + g;
    h[7] = h[7] + hh;
  }
  return [
    ...h
  ].map((x) => x.toString(16).padStart(8, "0")).join("");
}

// src/safety/permission_rule.ts
var TARGETS = {
  Bash: "shell",
  Read: "read",
  Edit: "edit",
  Write: "edit",
  WebFetch: "fetch"
};
var RULE = /^([A-Za-z_][\w.-]*(?:__\*)?)(?:\((.*)\))?$/s;
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
function compileCommand(specifier) {
  let text = specifier.trim().replace(/\s+/g, " ");
  let optionalTail = false;
  if (text.endsWith(":*")) {
    text = text.slice(0, -2).trimEnd();
    optionalTail = true;
  } else if (text.endsWith(" *") && !text.endsWith("\\ *")) {
    text = text.slice(0, -2);
    optionalTail = true;
  }
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\" && text[i + 1] === "*") {
      source += "\\*";
      i++;
    } else if (char === "*") {
      source += ".*";
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}${optionalTail ? "(?: .*)?" : ""}$`, "s");
}
function compileSegment(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    if (char === "\\" && i + 1 < segment.length) {
      source += escapeRegExp(segment[++i]);
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) {
        source += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      source += `[${negated ? "^" : ""}${body.replace(/[\\\]]/g, "\\$&")}]`;
      i = close;
    } else {
      source += escapeRegExp(char);
    }
  }
  return source;
}
function compileGlob(pattern, anchored) {
  const trimmed = pattern.replace(/\/+$/, "");
  const unanchored = !anchored && !trimmed.includes("/");
  const segments2 = trimmed.split("/").filter((segment) => segment !== "");
  if (segments2.length === 0) segments2.push("**");
  let source = unanchored ? "(?:[^/]+/)*" : "";
  segments2.forEach((segment, i) => {
    const last = i === segments2.length - 1;
    if (segment === "**") source += last ? ".*" : "(?:[^/]+/)*";
    else source += compileSegment(segment) + (last ? "" : "/");
  });
  return new RegExp(`^${source}$`, "s");
}
function literalFolders(pattern, anchored) {
  const trimmed = pattern.replace(/\/+$/, "");
  if (!anchored && !trimmed.includes("/")) return [];
  const segments2 = trimmed.split("/").filter((s) => s !== "" && s !== ".");
  const wild = segments2.findIndex((s) => /[*?[\\]/.test(s));
  if (wild !== -1) {
    return wild === 0 ? [] : [
      segments2.slice(0, wild).join("/")
    ];
  }
  const parent = segments2.slice(0, -1).join("/");
  return parent === "" ? [
    segments2.join("/")
  ] : [
    segments2.join("/"),
    parent
  ];
}
function compilePath(specifier) {
  const text = specifier.trim();
  const at = (base, pattern, anchored) => ({
    base,
    glob: compileGlob(pattern, anchored),
    folders: literalFolders(pattern, anchored)
  });
  if (text.startsWith("//")) return at("root", text.slice(2), true);
  if (text === "~" || text.startsWith("~/")) {
    return at("home", text.slice(1), true);
  }
  if (text.startsWith("/")) return at("project", text.slice(1), true);
  if (text.startsWith("./")) return at("cwd", text.slice(2), true);
  return at("cwd", text, false);
}
function parsePermissionRule(text) {
  const match = RULE.exec(text.trim());
  if (!match) {
    return {
      error: "expected Tool or Tool(specifier)"
    };
  }
  const tool = match[1];
  const specifier = match[2];
  const target = TARGETS[tool] ?? "tool";
  const rule = {
    text: text.trim(),
    tool,
    target
  };
  if (specifier === void 0 || specifier.trim() === "*") {
    return {
      ...rule,
      all: true
    };
  }
  if (specifier.trim() === "") {
    return {
      error: "the parentheses are empty"
    };
  }
  switch (target) {
    case "shell":
      return {
        ...rule,
        all: false,
        command: compileCommand(specifier)
      };
    case "read":
    case "edit":
      return {
        ...rule,
        all: false,
        path: compilePath(specifier)
      };
    case "fetch": {
      const domain = /^domain:(.+)$/.exec(specifier.trim())?.[1]?.trim().toLowerCase();
      if (!domain) {
        return {
          error: "WebFetch takes domain:<host>"
        };
      }
      return {
        ...rule,
        all: false,
        domain
      };
    }
    case "tool":
      return {
        ...rule,
        all: false
      };
  }
}
function relativeTo(path, base) {
  if (base === "/") return path.slice(1);
  if (path === base) return "";
  return path.startsWith(`${base}/`) ? path.slice(base.length + 1) : null;
}
function baseOf(path, bases) {
  return path.base === "root" ? "/" : normalizeAbsolute(bases[path.base]);
}
function matchesPath(rule, path, bases) {
  if (rule.all) return true;
  if (!rule.path) return false;
  const base = baseOf(rule.path, bases);
  const relative = relativeTo(normalizeAbsolute(path), base);
  if (relative === null || relative === "") return false;
  const segments2 = relative.split("/");
  for (let end = segments2.length; end > 0; end--) {
    if (rule.path.glob.test(segments2.slice(0, end).join("/"))) return true;
  }
  return false;
}
var ANY_NAME = "\0";
function coversFolder(rule, folder, bases) {
  return matchesPath(rule, `${normalizeAbsolute(folder)}/${ANY_NAME}`, bases);
}
function inRuleFolder(rule, folder, bases) {
  if (rule.all) return true;
  if (!rule.path) return false;
  const base = baseOf(rule.path, bases);
  const dir = normalizeAbsolute(folder);
  return rule.path.folders.some((f) => {
    const root2 = normalizeAbsolute(`${base}/${f}`);
    return dir === root2 || root2 === "/" || dir.startsWith(`${root2}/`);
  });
}
function matchesCommand(rule, text) {
  if (rule.all) return true;
  return rule.command?.test(text) ?? false;
}
function matchesHost(rule, host) {
  if (rule.all) return true;
  if (!rule.domain) return false;
  const wanted = host.toLowerCase();
  if (rule.domain.startsWith("*.")) {
    const parent = rule.domain.slice(2);
    return wanted === parent || wanted.endsWith(`.${parent}`);
  }
  return wanted === rule.domain;
}
function matchesToolName(rule, name) {
  if (!rule.all) return false;
  if (rule.tool === name) return true;
  const server = rule.tool.replace(/__\*$/, "");
  return server.startsWith("mcp__") && !server.slice(5).includes("__") && name.startsWith(`${server}__`);
}

// src/safety/_policy_file.ts
var LEVELS = [
  "standard",
  "strict",
  "paranoid"
];
var CATASTROPHIC = /* @__PURE__ */ new Set([
  "rm.root",
  "rm.home",
  "rm.git"
]);
var RULE_ID = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+$/;
var LISTS = [
  "deny",
  "ask",
  "allow"
];
function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function stringList(value, what, problems) {
  if (!Array.isArray(value)) {
    problems.push(`${what} is not a list; ignored`);
    return [];
  }
  return value.filter((item, i) => {
    if (typeof item === "string") return true;
    problems.push(`${what}[${i}] is not a string; skipped`);
    return false;
  });
}
function readPermissions(value, file, report) {
  if (value === void 0) return [];
  if (!isRecord(value)) {
    report.problems.push('"permissions" is not an object; ignored');
    return [];
  }
  const rules = [];
  for (const list2 of LISTS) {
    if (value[list2] === void 0) continue;
    for (const text of stringList(value[list2], `"permissions.${list2}"`, report.problems)) {
      const rule = parsePermissionRule(text);
      if ("error" in rule) {
        report.problems.push(`permission rule ${JSON.stringify(text)} skipped: ${rule.error}`);
        continue;
      }
      rules.push({
        rule,
        list: list2,
        file
      });
      report.counts[list2]++;
    }
  }
  return rules;
}
function readTrusted(value, report) {
  const out = /* @__PURE__ */ new Map();
  if (value === void 0) return out;
  if (!isRecord(value)) {
    report.problems.push('"trustedProjectFiles" is not an object; ignored');
    return out;
  }
  for (const [path, hash] of Object.entries(value)) {
    if (typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash)) {
      out.set(path, hash);
    } else {
      report.problems.push(`"trustedProjectFiles" entry for ${path} is not a SHA-256 in hex; skipped`);
    }
  }
  return out;
}
function readGuard(value, home, report) {
  const out = {
    disabledRules: [],
    tmpDirs: []
  };
  if (value === void 0) return out;
  if (!isRecord(value)) {
    report.problems.push('"guard" is not an object; ignored');
    return out;
  }
  if (value.level !== void 0) {
    if (LEVELS.includes(value.level)) out.level = value.level;
    else {
      report.problems.push(`"guard.level" ${JSON.stringify(value.level)} is not standard, strict or paranoid; ignored`);
    }
  }
  if (value.disabledRules !== void 0) {
    for (const id of stringList(value.disabledRules, '"guard.disabledRules"', report.problems)) {
      if (CATASTROPHIC.has(id)) {
        report.problems.push(`rule ${id} cannot be switched off (it guards against catastrophic loss)`);
      } else if (!RULE_ID.test(id)) {
        report.problems.push(`"${id}" is not a rule id (like git.push-force); skipped`);
      } else out.disabledRules.push(id);
    }
  }
  if (value.tmpDirs !== void 0) {
    for (const dir of stringList(value.tmpDirs, '"guard.tmpDirs"', report.problems)) {
      const expanded = expandHome(dir, home);
      if (!expanded.startsWith("/")) {
        report.problems.push(`temp dir "${dir}" is not absolute; skipped`);
        continue;
      }
      const path = normalizeAbsolute(expanded);
      if (isWithin(normalizeAbsolute(home), path)) {
        report.problems.push(`temp dir "${dir}" holds the home directory; skipped`);
      } else out.tmpDirs.push(path);
    }
  }
  return out;
}
function loadSource(source, home) {
  const report = {
    path: source.path,
    scope: source.scope,
    status: "missing",
    counts: {
      deny: 0,
      ask: 0,
      allow: 0
    },
    problems: []
  };
  if (source.error !== void 0) {
    report.status = "ignored";
    report.problems.push(`ignored: cannot be read (${source.error})`);
    return {
      report
    };
  }
  if (source.text === null) return {
    report
  };
  let data;
  try {
    data = JSON.parse(source.text);
  } catch (error) {
    report.status = "ignored";
    report.problems.push(`ignored: not valid JSON (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
    return {
      report
    };
  }
  if (!isRecord(data)) {
    report.status = "ignored";
    report.problems.push("ignored: not a JSON object");
    return {
      report
    };
  }
  report.status = "loaded";
  const rules = readPermissions(data.permissions, source.path, report);
  const guard = source.format === "ctx-mode" ? readGuard(data.guard, home, report) : {
    disabledRules: [],
    tmpDirs: []
  };
  const trusted = source.format === "ctx-mode" && source.scope === "user" ? readTrusted(data.trustedProjectFiles, report) : /* @__PURE__ */ new Map();
  if (source.format === "ctx-mode" && source.scope === "project") {
    report.sha256 = sha256Hex(source.text);
  }
  return {
    report,
    loaded: {
      rules,
      ...guard,
      trusted
    }
  };
}

// src/safety/_context.ts
var SHELLS = /* @__PURE__ */ new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "csh",
  "tcsh"
]);
function allow() {
  return {
    verdict: "allow"
  };
}
function deny(rule, reason) {
  return {
    verdict: "deny",
    rule,
    reason
  };
}
function ask(rule, reason) {
  return {
    verdict: "ask",
    rule,
    reason
  };
}
function literalWord(value) {
  return {
    value,
    raw: value,
    dynamic: false,
    literalPrefix: value,
    quoted: false,
    substitutions: []
  };
}
function dynamicWord(value, prefix = "") {
  return {
    value,
    raw: value,
    dynamic: true,
    literalPrefix: prefix,
    quoted: false,
    substitutions: []
  };
}
function commandName(word) {
  if (word === void 0 || word.dynamic) return "";
  const slash = Math.max(word.value.lastIndexOf("/"), word.value.lastIndexOf("\\"));
  return word.value.slice(slash + 1).toLowerCase().replace(/\.exe$/, "");
}

// src/safety/control_files.ts
var AGENT = "an agent's permission rules, hooks or MCP servers";
var CONTROL_PATTERNS = Object.freeze([
  {
    pattern: ".ctx-mode.json",
    kind: "file",
    what: "ctx-mode's guard policy"
  },
  {
    pattern: ".claude/settings.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".claude/settings.local.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".gemini/settings.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".cursor/hooks.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".codex/config.toml",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".qwen/settings.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".kiro/hooks",
    kind: "dir",
    what: AGENT
  },
  {
    pattern: ".kiro/settings",
    kind: "dir",
    what: AGENT
  },
  {
    pattern: ".github/hooks",
    kind: "dir",
    what: AGENT
  },
  {
    pattern: ".vscode/settings.json",
    kind: "file",
    what: "the editor's settings, which can run programs"
  },
  {
    pattern: ".vscode/tasks.json",
    kind: "file",
    what: "the editor's tasks, which can run when the folder opens"
  },
  {
    pattern: ".git/config",
    kind: "file",
    what: "git's configuration, which can run programs (core.fsmonitor, aliases)"
  },
  {
    pattern: ".git/config.worktree",
    kind: "file",
    what: "git's configuration, which can run programs (core.fsmonitor, aliases)"
  },
  {
    pattern: ".git/hooks",
    kind: "dir",
    what: "git's hooks, which git runs"
  },
  {
    pattern: ".envrc",
    kind: "file",
    what: "direnv's script, run on cd"
  },
  {
    pattern: ".mcp.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: "opencode.json",
    kind: "file",
    what: AGENT
  },
  {
    pattern: ".opencode",
    kind: "dir",
    what: "an agent's plugins"
  },
  {
    pattern: ".husky",
    kind: "dir",
    what: "git hooks that husky points git at"
  },
  {
    pattern: ".devcontainer",
    kind: "dir",
    what: "the dev container's commands, run when it is built"
  }
]);
var RUN_CONTROL_PATHS = Object.freeze([
  {
    path: ".git",
    kind: "git"
  },
  ...[
    ".claude",
    ".gemini",
    ".cursor",
    ".codex",
    ".qwen",
    ".kiro",
    ".github/hooks",
    ".vscode",
    ".husky",
    ".devcontainer",
    ".opencode",
    ".envrc",
    ".mcp.json",
    "opencode.json",
    ".ctx-mode.json",
    // Other agents' project folders and files: plugins, extensions, hooks, MCP servers, tasks.
    ".amp",
    ".agents",
    ".pi",
    ".omp",
    "mcp.json",
    ".zed",
    ".kimi-code",
    ".kilo",
    ".kilocode",
    "kilo.json",
    "kilo.jsonc",
    "opencode.jsonc",
    ".github/mcp.json",
    ".github/copilot",
    // Git hook managers and tool managers that run what their files name.
    ".pre-commit-config.yaml",
    "lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yml",
    ".lefthook.yaml",
    "mise.toml",
    ".mise.toml"
  ].map((path) => ({
    path,
    kind: "whole"
  }))
]);
var GIT_CONTROL_NAMES = Object.freeze([
  "config",
  "config.worktree",
  "commondir",
  "gitdir",
  "hooks",
  "info",
  "remotes",
  "branches",
  "modules",
  "worktrees"
]);
function controlFiles(projectDir2, options) {
  const { home } = options;
  const user = (path, what) => ({
    path,
    kind: "file",
    scope: "user",
    what
  });
  const git = "git's configuration, which can run programs";
  return {
    paths: [
      ...CONTROL_PATTERNS.map((p) => ({
        path: joinPath(projectDir2, ...p.pattern.split("/")),
        kind: p.kind,
        scope: "project",
        what: p.what
      })),
      user(joinPath(options.dataHome, "config.json"), "ctx-mode's guard policy"),
      user(joinPath(options.claudeDir ?? joinPath(home, ".claude"), "settings.json"), AGENT),
      user(joinPath(options.codexHome ?? joinPath(home, ".codex"), "config.toml"), AGENT),
      user(joinPath(home, ".gemini", "settings.json"), AGENT),
      user(joinPath(home, ".qwen", "settings.json"), AGENT),
      user(joinPath(home, ".cursor", "hooks.json"), AGENT),
      user(joinPath(home, ".gitconfig"), git),
      user(joinPath(home, ".config", "git", "config"), git)
    ],
    patterns: [
      ...CONTROL_PATTERNS
    ]
  };
}
function segments(path) {
  return path.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
}
function startsWithSegments(path, prefix) {
  return prefix.length <= path.length && prefix.every((s, i) => s.toLowerCase() === path[i]?.toLowerCase());
}
function matchControlPath(path, files) {
  if (!isAbsolutePath(path)) return null;
  const parts = segments(path);
  for (const entry of files.paths) {
    const own = segments(entry.path);
    const hit2 = entry.kind === "dir" ? startsWithSegments(parts, own) : own.length === parts.length && startsWithSegments(parts, own);
    if (hit2) return entry;
  }
  for (const p of files.patterns) {
    const own = p.pattern.split("/");
    for (let at = 0; at + own.length <= parts.length; at++) {
      const rest = parts.slice(at);
      const hit2 = p.kind === "dir" ? startsWithSegments(rest, own) : rest.length === own.length && startsWithSegments(rest, own);
      if (hit2) {
        return {
          path: `/${parts.slice(0, at + own.length).join("/")}`,
          kind: p.kind,
          scope: "project",
          what: p.what
        };
      }
    }
  }
  return null;
}
function controlPathWithin(dir, files) {
  const own = segments(dir);
  if (own.length === 0) return files.paths[0] ?? null;
  const below = files.paths.find((entry) => startsWithSegments(segments(entry.path), own) && segments(entry.path).length > own.length);
  if (below) return below;
  const last = own[own.length - 1]?.toLowerCase();
  const pattern = files.patterns.find((p) => p.pattern.split("/")[0]?.toLowerCase() === last);
  if (pattern) {
    return matchControlPath(`${dir}/${pattern.pattern.split("/").slice(1).join("/")}`, files);
  }
  return matchControlPath(dir, files);
}

// src/safety/_control_writes.ts
var POLICY_WRITE = "policy.write";
function controlTarget(path, cwd, env, whole = false) {
  if (path === "") return null;
  const abs = resolveFrom(cwd ?? env.root, toPosixPath(expandHome(path, env.home)));
  return whole ? controlPathWithin(abs, env.control) : matchControlPath(abs, env.control);
}
function controlWriteVerdict(target, how) {
  return ask(POLICY_WRITE, `This ${how} ${target.path} (${target.what}); a change there can loosen the guard or run code later, so the user decides. Ask the user to make this change`);
}
function wordTarget(w, cwd, env, whole) {
  if (!w.dynamic) return controlTarget(w.value, cwd, env, whole);
  const prefix = w.literalPrefix;
  const slash = prefix.lastIndexOf("/");
  if (slash === -1) return null;
  return controlTarget(`${prefix.slice(0, slash + 1)}x`, cwd, env);
}
function checkWrittenWord(w, cwd, env, how = "writes") {
  const target = wordTarget(w, cwd, env, false);
  return target ? controlWriteVerdict(target, how) : null;
}
function operands(args) {
  const out = [];
  let options = true;
  for (const w of args) {
    if (options && w.value === "--") {
      options = false;
      continue;
    }
    if (options && w.value.startsWith("-") && w.value !== "-") continue;
    out.push(w);
  }
  return out;
}
function basename(path) {
  return path.split("/").filter((s) => s !== "").pop() ?? "";
}
function checkCopy(inv, env) {
  const files = operands(inv.args);
  const flag = inv.args.findIndex((w) => w.value === "-t" || w.value.startsWith("--target-directory"));
  let dest;
  let sources;
  if (flag !== -1) {
    const w = inv.args[flag];
    dest = w.value.includes("=") ? literalWord(w.value.slice(w.value.indexOf("=") + 1)) : inv.args[flag + 1];
    sources = files.filter((f) => f !== dest);
  } else {
    dest = files[files.length - 1];
    sources = files.slice(0, -1);
  }
  if (dest === void 0) return null;
  const how = inv.name === "mv" ? "moves a file to" : "writes";
  const direct = checkWrittenWord(dest, inv.cwd, env, how);
  if (direct) return direct;
  if (!dest.dynamic) {
    for (const src of sources) {
      const name = src.dynamic ? "" : basename(src.value);
      const target = name === "" ? null : controlTarget(`${dest.value}/${name}`, inv.cwd, env);
      if (target) return controlWriteVerdict(target, how);
    }
  }
  if (inv.name !== "mv" && inv.name !== "ln") return null;
  for (const src of sources) {
    const target = wordTarget(src, inv.cwd, env, inv.name === "mv");
    if (target) {
      return controlWriteVerdict(target, inv.name === "ln" ? "links to" : "moves away");
    }
  }
  return null;
}
var ANY_OPERAND = /* @__PURE__ */ new Set([
  "truncate",
  "touch",
  "chmod",
  "chown",
  "chgrp",
  "unlink",
  "shred"
]);
var DELETERS = /* @__PURE__ */ new Set([
  "rm",
  "rmdir",
  "unlink",
  "shred",
  "rimraf"
]);
var GIT_RUNS = /^(?:core\.(?:fsmonitor|hookspath|sshcommand|pager|editor|askpass|gitproxy|alternaterefscommand)|alias\..+|diff\.external|diff\..+\.(?:textconv|command)|filter\..+|merge\..+\.driver|credential\..*helper|sequence\.editor|gpg\.(?:.+\.)?program|include\.path|includeif\..+|pager\..+|interactive\.difffilter|remote\..+\.(?:uploadpack|receivepack|proxy)|uploadpack\..+|receive\..+|ssh\.variant|protocol\..+|url\..+\.(?:insteadof|pushinsteadof))$/i;
var GIT_CONFIG_READS = /* @__PURE__ */ new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "-l",
  "--list",
  "--unset",
  "--unset-all",
  "--remove-section",
  "--show-origin",
  "--name-only",
  "-e",
  "--edit"
]);
function gitConfigCommand(setting) {
  const eq = setting.indexOf("=");
  if (eq === -1) return null;
  const key = setting.slice(0, eq);
  const value = setting.slice(eq + 1);
  if (/^alias\./i.test(key)) {
    return value.startsWith("!") ? value.slice(1) : null;
  }
  if (!GIT_RUNS.test(key) || /^(?:url|include|includeif|protocol|remote|uploadpack|receive)\./i.test(key)) {
    return null;
  }
  return value.replace(/^!/, "");
}
function checkGitConfig(args) {
  let sub = null;
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--file" || a === "-f" || a === "--blob" || a === "--type") {
      i++;
      continue;
    }
    if (a.startsWith("-")) {
      if (GIT_CONFIG_READS.has(a)) return null;
      continue;
    }
    if (sub === null && [
      "set",
      "get",
      "unset",
      "list",
      "edit",
      "rename-section",
      "remove-section"
    ].includes(a) && positional.length === 0) {
      sub = a;
      continue;
    }
    positional.push(a);
  }
  if (sub !== null && sub !== "set") return null;
  const [key, value] = positional;
  if (key === void 0 || value === void 0) return null;
  if (!GIT_RUNS.test(key) && !/^!/.test(value)) return null;
  return ask(POLICY_WRITE, `git config ${key} makes git run a program or rewrite what git commands do, later and unconfined, so the user decides. Ask the user to set it`);
}
function runsTrust(inv) {
  const words = [
    inv.name,
    ...operands(inv.args).map((w) => w.value)
  ];
  return words.some((w, i) => /(?:^|\/)ctx-mode(?:@[\w.-]+)?$/.test(w) && words[i + 1] === "trust");
}
function checkControlWrites(inv, env) {
  const { name, args, cwd } = inv;
  switch (name) {
    case "tee":
      for (const w of operands(args)) {
        const v = checkWrittenWord(w, cwd, env);
        if (v) return v;
      }
      return null;
    case "cp":
    case "install":
    case "rsync":
    case "scp":
    case "mv":
    case "ln":
      return checkCopy(inv, env);
    case "sed":
    case "perl":
      if (!args.some((w) => /^-[a-zA-Z]*i/.test(w.value) || w.value.startsWith("--in-place"))) {
        return null;
      }
      for (const w of operands(args)) {
        const v = checkWrittenWord(w, cwd, env, "edits");
        if (v) return v;
      }
      return null;
    case "dd": {
      const of = args.find((w) => w.value.startsWith("of="));
      return of ? checkWrittenWord({
        ...of,
        value: of.value.slice(3),
        literalPrefix: of.literalPrefix.slice(3)
      }, cwd, env) : null;
    }
    case "curl":
    case "wget": {
      const i = args.findIndex((w) => [
        "-o",
        "--output",
        "-O",
        "--output-document"
      ].includes(w.value));
      const out = i === -1 ? void 0 : args[i + 1];
      return out ? checkWrittenWord(out, cwd, env, "downloads to") : null;
    }
  }
  if (runsTrust(inv)) {
    return ask(POLICY_WRITE, "ctx-mode trust lets the project's .ctx-mode.json switch rules off, so only the user runs it. Ask the user to run it");
  }
  if (DELETERS.has(name) || ANY_OPERAND.has(name)) {
    const how = DELETERS.has(name) ? "deletes" : "changes";
    for (const w of operands(args)) {
      const target = wordTarget(w, cwd, env, DELETERS.has(name));
      if (target) return controlWriteVerdict(target, how);
    }
  }
  return null;
}

// src/safety/_git_data.ts
var GIT_DATA = /* @__PURE__ */ new Set([
  "HEAD",
  "index",
  "packed-refs",
  "objects",
  "refs",
  "logs",
  "shallow",
  "modules",
  "worktrees"
]);
function isGitData(abs) {
  const parts = abs.split("/");
  const at = parts.indexOf(".git");
  return at !== -1 && GIT_DATA.has(parts[at + 1] ?? "");
}
function checkGitDataWrite(w, cwd, env, how) {
  const text = w.dynamic ? w.literalPrefix.slice(0, w.literalPrefix.lastIndexOf("/") + 1) + "x" : w.value;
  if (!text.includes(".git") || text === "x") return null;
  const path = expandHome(text, env.home);
  if (!path.startsWith("/") && cwd === null) return null;
  if (!isGitData(resolveFrom(cwd ?? "/", path))) return null;
  return deny("git.data-overwrite", `${how} ${w.value} overwrites git's own data (the branch, index, refs or objects) in place, and the repository loses work or history. Use git commands (git update-ref, git reset, git gc) instead`);
}
function writtenInPlace(inv) {
  const { name, args } = inv;
  const operands3 = (skip) => {
    const out = [];
    for (let i = 0; i < args.length; i++) {
      const w = args[i];
      if (skip.test(w.value)) i++;
      else if (!w.value.startsWith("-")) out.push(w);
    }
    return out;
  };
  switch (name) {
    case "truncate":
      return operands3(/^-[sro]$|^--(?:size|reference)$/);
    case "tee":
      return operands3(/^$/);
    case "dd":
      return args.filter((w) => w.value.startsWith("of=")).map((w) => ({
        ...w,
        value: w.value.slice(3),
        literalPrefix: w.literalPrefix.slice(3)
      }));
    case "cp":
    case "mv":
    case "install":
    case "ln": {
      const dir = args.findIndex((w) => w.value === "-t" || w.value === "--target-directory");
      if (dir !== -1) return [];
      return operands3(/^-[mgoS]$/).slice(-1);
    }
    default:
      return [];
  }
}
function checkGitDataWriters(inv, env) {
  for (const w of writtenInPlace(inv)) {
    const v = checkGitDataWrite(w, inv.cwd, env, inv.name);
    if (v) return v;
  }
  return null;
}
var EMPTIERS = /* @__PURE__ */ new Set([
  "truncate",
  "shred",
  "dd",
  "tee"
]);
function checkFindEmptying(inv, env) {
  const args = inv.args;
  const exec = args.findIndex((w) => /^-(?:exec|execdir)$/.test(w.value));
  if (exec === -1) return null;
  const words = args.slice(exec + 1).map((w) => w.value);
  const program2 = (words[0] ?? "").replace(/^.*\//, "");
  const empties = EMPTIERS.has(program2) || program2 === "cp" && words.includes("/dev/null");
  if (!empties) return null;
  if (args.some((w) => /^-(?:i?name|i?path|i?regex)$/.test(w.value))) {
    return null;
  }
  const end = args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = (end === -1 ? args : args.slice(0, end)).filter((w) => !w.dynamic);
  for (const start of starts.length > 0 ? starts : [
    {
      value: "."
    }
  ]) {
    if (!start.value.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(inv.cwd ?? "/", expandHome(start.value, env.home));
    const holdsGit = abs.split("/").includes(".git") || env.root === abs || env.root.startsWith(`${abs}/`);
    if (holdsGit) {
      return deny("git.data-overwrite", `find ${start.value} -exec ${program2} empties every file it walks, git's own data (.git) included, and the repository loses its history. Name the files to empty`);
    }
  }
  return null;
}

// src/safety/_powershell_parse.ts
var MAX_LENGTH = 2e4;
var MAX_DEPTH = 12;
var MAX_WORDS = 2e3;
var TEMP_VARIABLES = /* @__PURE__ */ new Set([
  "env:temp",
  "env:tmp",
  "env:tmpdir"
]);
var HOME_VARIABLES = /* @__PURE__ */ new Set([
  "home",
  "env:home",
  "env:userprofile"
]);
var Failure = class extends Error {
  tooComplex;
  constructor(message, tooComplex) {
    super(message), this.tooComplex = tooComplex;
  }
};
var Reader = class {
  #src;
  #cwd;
  #home;
  #pos = 0;
  #depth = 0;
  #words = 0;
  statements = [];
  /** For each statement: its pipeline's id and its position in that pipeline. */
  pipes = [];
  #pipelines = 0;
  constructor(src, cwd, home) {
    this.#src = src;
    this.#cwd = cwd;
    this.#home = home;
  }
  read() {
    this.#block(null);
    if (this.#pos < this.#src.length) {
      throw new Failure("unexpected text", false);
    }
  }
  #block(end) {
    let words = [];
    let pipeline2 = this.#pipelines++;
    let index = 0;
    const flush = () => {
      if (words.length > 0) {
        this.statements.push(words);
        this.pipes.push({
          pipeline: pipeline2,
          index
        });
      }
      words = [];
    };
    for (; ; ) {
      const c = this.#src[this.#pos];
      if (c === void 0) {
        if (end !== null) throw new Failure(`missing "${end}"`, false);
        flush();
        return;
      }
      if (c === end) {
        flush();
        this.#pos++;
        return;
      }
      if (c === ")" || c === "}") throw new Failure(`unexpected "${c}"`, false);
      if (c === " " || c === "	" || c === "\r" || c === ",") {
        this.#pos++;
      } else if (c === "#") {
        while (this.#pos < this.#src.length && this.#src[this.#pos] !== "\n") {
          this.#pos++;
        }
      } else if (this.#src.startsWith("<#", this.#pos)) {
        const close = this.#src.indexOf("#>", this.#pos);
        if (close === -1) throw new Failure("unterminated comment", false);
        this.#pos = close + 2;
      } else if (c === ";" || c === "\n" || c === "|" || c === "&" && this.#src[this.#pos + 1] === "&") {
        flush();
        const pipe = c === "|" && this.#src[this.#pos + 1] !== "|";
        if (pipe) index++;
        else {
          pipeline2 = this.#pipelines++;
          index = 0;
        }
        this.#pos += this.#src.startsWith("&&", this.#pos) || this.#src.startsWith("||", this.#pos) ? 2 : 1;
      } else if (c === "&" && words.length === 0) {
        this.#pos++;
      } else if (c === "(" || c === "{") {
        this.#nested(c === "(" ? ")" : "}");
        words.push(this.#word(`${c}\u2026`, true));
      } else {
        words.push(this.#readWord());
      }
    }
  }
  #nested(end) {
    this.#pos++;
    if (++this.#depth > MAX_DEPTH) {
      throw new Failure(`nesting deeper than ${MAX_DEPTH} levels`, true);
    }
    this.#block(end);
    this.#depth--;
  }
  #word(value, dynamic) {
    if (++this.#words > MAX_WORDS) {
      throw new Failure(`more than ${MAX_WORDS} words`, true);
    }
    return {
      value,
      raw: value,
      dynamic,
      literalPrefix: dynamic ? "" : value,
      quoted: false,
      substitutions: []
    };
  }
  #readWord() {
    if (++this.#words > MAX_WORDS) {
      throw new Failure(`more than ${MAX_WORDS} words`, true);
    }
    const start = this.#pos;
    const b = {
      value: "",
      raw: "",
      dynamic: false,
      prefix: "",
      quoted: false
    };
    const literal = (text) => {
      b.value += text;
      b.raw += text;
    };
    const dynamicPart = (text, raw = text) => {
      if (!b.dynamic) {
        b.dynamic = true;
        b.prefix = b.value;
      }
      b.value += text;
      b.raw += raw;
    };
    if (this.#src[this.#pos] === "~" && /[\\/\s]|$/.test(this.#src[this.#pos + 1] ?? "")) {
      literal(this.#home);
      this.#pos++;
    }
    for (; ; ) {
      const c = this.#src[this.#pos];
      if (c === void 0 || /[\s;|,(){}]/.test(c) || c === "&" && this.#src[this.#pos + 1] === "&") break;
      if (c === "`") {
        const next = this.#src[this.#pos + 1] ?? "";
        this.#pos += 2;
        if (next !== "\n") literal(next);
        b.quoted = true;
      } else if (c === "'") {
        b.quoted = true;
        this.#pos++;
        for (; ; ) {
          const q = this.#src[this.#pos];
          if (q === void 0) throw new Failure("unterminated quote", false);
          this.#pos++;
          if (q === "'") {
            if (this.#src[this.#pos] !== "'") break;
            this.#pos++;
          }
          literal(q);
        }
      } else if (c === '"') {
        b.quoted = true;
        this.#pos++;
        for (; ; ) {
          const q = this.#src[this.#pos];
          if (q === void 0) throw new Failure("unterminated quote", false);
          if (q === '"') {
            this.#pos++;
            break;
          }
          if (q === "`") {
            literal(this.#src[this.#pos + 1] ?? "");
            this.#pos += 2;
          } else if (q === "$") this.#variable(literal, dynamicPart);
          else {
            literal(q);
            this.#pos++;
          }
        }
      } else if (c === "$") this.#variable(literal, dynamicPart);
      else if (c === "*" || c === "?" || c === "[") {
        dynamicPart(c);
        this.#pos++;
      } else {
        literal(c === "\\" ? "/" : c);
        this.#pos++;
      }
    }
    if (this.#pos === start) {
      throw new Failure(`unexpected "${this.#src[start]}"`, false);
    }
    const value = toPosixPath(b.value);
    return {
      value,
      raw: b.raw,
      dynamic: b.dynamic,
      literalPrefix: b.dynamic ? toPosixPath(b.prefix) : value,
      quoted: b.quoted,
      substitutions: []
    };
  }
  #variable(literal, dynamicPart) {
    const rest = this.#src.slice(this.#pos + 1);
    if (rest.startsWith("(")) {
      this.#pos++;
      this.#nested(")");
      dynamicPart("$(\u2026)");
      return;
    }
    const m = /^\{([^}]*)\}|^([A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?)/.exec(rest);
    if (m === null) {
      literal("$");
      this.#pos++;
      return;
    }
    this.#pos += 1 + m[0].length;
    const name = (m[1] ?? m[2] ?? "").toLowerCase();
    if (HOME_VARIABLES.has(name)) literal(this.#home);
    else if (name === "pwd" && this.#cwd !== null) literal(this.#cwd);
    else if (TEMP_VARIABLES.has(name)) dynamicPart("$TMPDIR", "$TMPDIR");
    else dynamicPart(`$${name}`);
  }
};
function parsePowerShell(text, options) {
  if (text.length > MAX_LENGTH) {
    return {
      ok: false,
      reason: `longer than ${MAX_LENGTH} characters`,
      tooComplex: true
    };
  }
  const reader = new Reader(text, options.cwd, options.home);
  try {
    reader.read();
  } catch (error) {
    if (error instanceof Failure) {
      return {
        ok: false,
        reason: error.message,
        tooComplex: error.tooComplex
      };
    }
    throw error;
  }
  return {
    ok: true,
    statements: reader.statements,
    pipes: reader.pipes
  };
}

// src/safety/_rm.ts
var CATASTROPHIC2 = /* @__PURE__ */ new Set([
  "rm.root",
  "rm.home",
  "rm.git"
]);
var MAX_BRACE_EXPANSIONS = 64;
function isTempPath(abs, env, strict = false) {
  return env.tmpDirs.some((t) => {
    const dir = resolveFrom("/", t);
    return strict ? isStrictlyWithin(abs, dir) : isWithin(abs, dir);
  });
}
var HOME_CACHES = [
  ".cache",
  "Library/Caches",
  ".npm/_cacache",
  ".npm/_npx",
  ".yarn/cache",
  ".gradle/caches",
  ".cargo/registry/cache",
  ".m2/repository"
];
function isCachePath(abs, home) {
  return HOME_CACHES.some((c) => isWithin(abs, `${home}/${c}`));
}
function place(path, cwd, env) {
  if (!path.startsWith("/") && cwd === null) return "unknown";
  const abs = resolveFrom(cwd ?? "/", path);
  if (abs === "/") return "root";
  if (abs === env.home) return "home";
  if (abs.split("/").includes(".git")) return "git";
  const written = path.startsWith("/") || cwd !== null && cwd !== env.root && isTempPath(cwd, env);
  if (written && isTempPath(abs, env)) return "temp";
  if (isCachePath(abs, env.home)) return "temp";
  if (abs === env.root) return "cwd";
  const trusted = env.root !== "/" && (env.root === env.home || !isWithin(env.home, env.root));
  if (trusted && isStrictlyWithin(abs, env.root)) return "inside";
  return "outside";
}
function tmpdirSuffix(w) {
  const m = /^"?\$(?:\{TMPDIR\}|TMPDIR(?![A-Za-z0-9_]))"?/.exec(w.raw);
  if (m === null) return null;
  return w.raw.slice(m[0].length).replaceAll('"', "");
}
function isTrustedTmpdirSuffix(suffix, env) {
  return env.tmpdirTrusted && !suffix.split("/").includes("..") && !/[$`*?[{]/.test(suffix);
}
function placeDeny(where, shown2, env, cwd) {
  switch (where) {
    case "root":
      return deny("rm.root", "This deletes the whole file system. Name the specific directory inside the project you mean to remove");
    case "home":
      return deny("rm.home", "This deletes your home directory or everything in it. Name the specific subdirectory you mean, or move it to the trash");
    case "git":
      return deny("rm.git", "This deletes the repository's .git metadata and its history. Use `git clean -n`/`git worktree remove`, or back the repository up first");
    case "cwd":
      return deny("rm.cwd", "This deletes the working directory itself. Delete the specific files or subdirectories you mean");
    case "outside":
      return deny("rm.outside", `"${shown2}" is outside the working directory. Only delete inside the project, or ask the user to do it`);
    case "unknown":
      return deny("rm.unknown-dir", `"${shown2}" is relative to a directory that is only known at run time (after a cd to a variable). Use an absolute path inside the project`);
    default:
      if (where !== "temp" && (env.root === env.home || cwd === env.home)) {
        return homeCwd();
      }
      return null;
  }
}
function homeCwd() {
  return deny("rm.home-cwd", "The working directory is the home directory, where a recursive force delete is too risky. cd into the project and delete by its path");
}
function dynamicTarget(w, env) {
  if (env.level === "standard") return null;
  return deny("rm.dynamic", `The delete target "${w.value}" is only known at run time. Write the literal path so it can be checked`);
}
function paranoid() {
  return deny("rm.paranoid", "Paranoid level: recursive deletes outside temp directories are blocked. Ask the user to delete it");
}
function classifyTarget(w, cwd, env, force) {
  const suffix = tmpdirSuffix(w);
  if (suffix !== null) {
    if (isTrustedTmpdirSuffix(suffix, env)) return null;
    return force ? dynamicTarget(w, env) : null;
  }
  if (w.value.startsWith("~") && w.literalPrefix === "") {
    return placeDeny("outside", w.value, env, cwd);
  }
  if (!w.dynamic) {
    const where = place(toPosixPath(w.value), cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    if (where === "temp" || !force && where !== "outside") return null;
    const hard = placeDeny(where, w.value, env, cwd);
    if (hard) return hard;
    return env.level === "paranoid" ? paranoid() : null;
  }
  const prefix = w.literalPrefix;
  const slash = prefix.lastIndexOf("/");
  if (slash !== -1) {
    const dir = prefix.slice(0, slash) || "/";
    const where = place(dir, cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    if (!force && where !== "outside") return null;
    if (where === "temp") return dynamicTarget(w, env);
    if (where === "outside" || where === "unknown") {
      return placeDeny(where, w.value, env, cwd);
    }
  } else {
    const where = cwd === null ? "unknown" : place(".", cwd, env);
    if (where === "root" || where === "home" || where === "git") {
      return placeDeny(where, w.value, env, cwd);
    }
    if (where === "outside" && (force || w.literalPrefix !== "")) {
      return placeDeny(where, w.value, env, cwd);
    }
    if (!force) return null;
  }
  if (env.root === env.home || cwd === env.home) return homeCwd();
  if (cwd === null && !prefix.startsWith("/")) {
    return placeDeny("unknown", w.value, env, cwd);
  }
  return dynamicTarget(w, env);
}
function expandBraces(w) {
  if (!w.dynamic || !w.raw.includes("{")) return [
    w
  ];
  const out = [];
  let overflow = false;
  const expand = (text) => {
    if (out.length >= MAX_BRACE_EXPANSIONS) {
      overflow = true;
      return;
    }
    let depth = 0;
    let open = -1;
    const commas = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "{" && depth++ === 0) open = i;
      else if (c === "," && depth === 1) commas.push(i);
      else if (c === "}" && depth > 0 && --depth === 0) {
        if (commas.length === 0) {
          open = -1;
          continue;
        }
        const cuts = [
          open,
          ...commas,
          i
        ];
        for (let k = 0; k + 1 < cuts.length; k++) {
          const part = text.slice((cuts[k] ?? 0) + 1, cuts[k + 1]);
          expand(text.slice(0, open) + part + text.slice(i + 1));
        }
        return;
      }
    }
    out.push(text);
  };
  expand(w.value);
  if (overflow) return [
    literalWord(`../${w.value}`)
  ];
  if (out.length === 1 && out[0] === w.value) return [
    w
  ];
  return out.map((value) => {
    const at = value.search(/[$*?[`]/);
    return at === -1 ? literalWord(value) : {
      ...literalWord(value),
      dynamic: true,
      literalPrefix: value.slice(0, at)
    };
  });
}
function rmFlags(args) {
  let recursive = false;
  let force = false;
  let rest = false;
  const targets = [];
  for (const w of args) {
    const a = w.value;
    if (rest || !a.startsWith("-") || a === "-") targets.push(w);
    else if (a === "--") rest = true;
    else if (a.startsWith("--")) {
      const flag = a.split("=")[0] ?? a;
      if (flag.length >= 3 && "--recursive".startsWith(flag)) recursive = true;
      else if (flag.length >= 3 && "--force".startsWith(flag)) force = true;
    } else {
      if (/[rR]/.test(a)) recursive = true;
      if (a.includes("f")) force = true;
    }
  }
  return {
    recursive,
    force,
    targets
  };
}
function confinedStarts(starts, cwd, env) {
  if (starts === void 0 || env.level === "paranoid") return false;
  return starts.every((s) => {
    const path = toPosixPath(s.value);
    const where = place(path, cwd, env);
    if (where === "cwd" || where === "inside") return true;
    const abs = resolveFrom(cwd ?? "/", path);
    return where === "temp" && (isTempPath(abs, env, true) || isCachePath(abs, env.home));
  }) && env.root !== env.home;
}
function checkRm(inv, env) {
  const { recursive, force, targets } = rmFlags(inv.args);
  if (!recursive) return allow();
  const verdicts = targets.flatMap(expandBraces).map((t) => classifyTarget(t, inv.cwd, env, force));
  const catastrophic = verdicts.find((v) => v && CATASTROPHIC2.has(v.rule ?? ""));
  if (catastrophic) return catastrophic;
  if (force && inv.origin === "xargs") {
    return deny("xargs.rm-dynamic", "xargs rm -rf deletes whatever the input lists, which cannot be checked. Delete the specific paths by name, or run find \u2026 -print first and review it");
  }
  if (force && inv.origin === "parallel") {
    return deny("parallel.rm-dynamic", "parallel rm -rf deletes whatever the input lists, which cannot be checked. Delete the specific paths by name");
  }
  if (force && inv.origin === "find" && !confinedStarts(inv.findStarts, inv.cwd, env)) {
    return deny("find.exec-rm", "find -exec rm -rf deletes every match recursively. Run the find with -print first, then delete the specific paths by name");
  }
  return verdicts.find((v) => v !== null) ?? allow();
}

// src/safety/_powershell.ts
var REMOVE_ITEM_NAMES = /* @__PURE__ */ new Set([
  "remove-item",
  "rm",
  "del",
  "erase",
  "rd",
  "rmdir",
  "ri"
]);
var POWERSHELL_NO_CONTENT = /* @__PURE__ */ new Set([
  "test-path",
  "get-childitem",
  "gci",
  "dir",
  "ls",
  "get-item",
  "gi",
  "resolve-path",
  "split-path",
  "join-path",
  "write-host",
  "write-output",
  "echo",
  "new-item",
  "ni",
  "mkdir",
  "set-location",
  "cd",
  "sl",
  "push-location",
  "pop-location"
]);
var REMOVE_ITEM_PARAMETERS = [
  "path",
  "literalpath",
  "filter",
  "include",
  "exclude",
  "recurse",
  "force",
  "credential",
  "stream",
  "whatif",
  "confirm",
  "erroraction",
  "warningaction",
  "informationaction",
  "errorvariable",
  "warningvariable",
  "informationvariable",
  "outvariable",
  "outbuffer",
  "pipelinevariable",
  "verbose",
  "debug"
];
var SWITCHES = /* @__PURE__ */ new Set([
  "recurse",
  "force",
  "whatif",
  "confirm",
  "verbose",
  "debug"
]);
var PARAMETER_ALIASES = {
  lp: "literalpath",
  pspath: "literalpath",
  wi: "whatif",
  cf: "confirm",
  ea: "erroraction",
  wa: "warningaction",
  r: "recurse",
  f: "force"
};
function parameterName(token) {
  const name = token.slice(1).toLowerCase();
  if (PARAMETER_ALIASES[name]) return PARAMETER_ALIASES[name] ?? null;
  if (REMOVE_ITEM_PARAMETERS.includes(name)) return name;
  const matches = REMOVE_ITEM_PARAMETERS.filter((p) => p.startsWith(name));
  return matches.length === 1 ? matches[0] ?? null : null;
}
function isDriveRoot(w) {
  return /^\/[a-z](\/\*?)?$/.test(w.value.replace(/\/+/g, "/"));
}
function checkRemoveItem(args, cwd, env) {
  let recurse = false;
  let force = false;
  let whatIf = false;
  const targets = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w.value.startsWith("-") || w.quoted || w.value === "-") {
      targets.push(w);
      continue;
    }
    const colon = w.value.indexOf(":");
    const name = parameterName(colon === -1 ? w.value : w.value.slice(0, colon));
    const on = colon === -1 || !/^\$?false$/i.test(w.value.slice(colon + 1));
    if (name === "recurse") recurse = on;
    else if (name === "force") force = on;
    else if (name === "whatif") whatIf = on;
    else if (name === "path" || name === "literalpath") {
      if (colon !== -1) targets.push({
        ...w,
        value: w.value.slice(colon + 1)
      });
      else if (args[i + 1]) targets.push(args[++i]);
    } else if (name !== null && !SWITCHES.has(name) && colon === -1) i++;
  }
  if (!recurse || whatIf) return allow();
  if (targets.length === 0 && force && env.level !== "standard") {
    return deny("rm.dynamic", "Remove-Item -Recurse -Force takes its targets from the pipeline, which cannot be checked. Name the paths explicitly");
  }
  const verdicts = targets.flatMap(expandBraces).map((t) => classifyTarget(isDriveRoot(t) ? {
    ...t,
    value: "/",
    dynamic: false
  } : t, cwd, env, force));
  return verdicts.find((v) => v && CATASTROPHIC2.has(v.rule ?? "")) ?? verdicts.find((v) => v !== null) ?? allow();
}
var LISTERS = /* @__PURE__ */ new Set([
  "get-childitem",
  "gci",
  "ls",
  "dir",
  "get-item",
  "gi"
]);
function pipedTargets(statements, pipes, at) {
  const own = pipes[at];
  if (own === void 0 || own.index === 0) return [];
  const before = statements.filter((_, i) => pipes[i]?.pipeline === own.pipeline && (pipes[i]?.index ?? 0) < own.index);
  const lister = before.find((words) => LISTERS.has((words[0]?.value ?? "").toLowerCase()));
  if (lister === void 0) return [];
  const filtered = before.length > 1 || lister.some((w) => /^-(?:filter|include|exclude|file|directory|name)/i.test(w.value));
  let path;
  for (let i = 1; i < lister.length; i++) {
    const w = lister[i];
    if (/^-(?:path|literalpath)$/i.test(w.value)) {
      path = lister[i + 1];
      break;
    }
    if (/^-(?:filter|include|exclude|depth)$/i.test(w.value)) i++;
    else if (!w.value.startsWith("-") && path === void 0) path = w;
  }
  if (path === void 0) return [];
  const base = path;
  if (!filtered) return [
    base
  ];
  const prefix = base.dynamic ? base.literalPrefix : `${base.value}/`;
  return [
    {
      ...base,
      value: `${base.value}/*`,
      dynamic: true,
      literalPrefix: prefix
    }
  ];
}
var POWERSHELL_HOSTS = /* @__PURE__ */ new Set([
  "pwsh",
  "pwsh.exe",
  "powershell",
  "powershell.exe"
]);
function isPowerShellHost(name) {
  return POWERSHELL_HOSTS.has(name);
}
function decodeUtf16(base64) {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-16le", {
      fatal: true
    }).decode(bytes);
  } catch {
    return null;
  }
}
function powerShellScript(inv) {
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    const lower = a.toLowerCase();
    if (!a.startsWith("-")) {
      return args.slice(i).map((w) => w.value).join(" ");
    }
    if (/^-(c|co|com|comm|comma|comman|command)$/.test(lower)) {
      return args.slice(i + 1).map((w) => w.value).join(" ");
    }
    if (/^-(e|ec|en|enc|encodedcommand)$/.test(lower) || lower.startsWith("-encoded")) {
      return decodeUtf16(args[i + 1]?.value ?? "") ?? "\0";
    }
    if (/^-(f|fi|fil|file)$/.test(lower)) return null;
    if (/^-(executionpolicy|ep|ex|workingdirectory|wd|configurationname|settingsfile|outputformat|of|inputformat|if|windowstyle|w)$/.test(lower)) {
      i++;
    }
  }
  return null;
}

// src/safety/_recover.ts
var LEADING_OPERATOR = /^\s*(?:\|&|&&|\|\||[|&;])\s*/;
var TRAILING_OPERATOR = /\s*(?:\|&|&&|\|\||[|&;])\s*$/;
function repairs(text) {
  const base = text.replace(LEADING_OPERATOR, "").replace(TRAILING_OPERATOR, "");
  const out = [
    base
  ];
  for (const close of [
    "'",
    '"',
    ")",
    "`",
    `'"`,
    `"'`,
    "')",
    '")'
  ]) {
    out.push(base + close);
  }
  return out;
}
function withoutComments(text) {
  return text.replace(/(^|\s)#[^\n]*/g, "$1");
}
function looseSegments(text) {
  return withoutComments(text).split(/[;&|\n()`{}]+/).map((segment) => segment.replace(/['"\\$]/g, " ").trim()).filter((segment) => segment !== "");
}
var DESTRUCTIVE_TEXT = [
  [
    /\brm\s+(?:-[a-zA-Z]*(?:[rR][a-zA-Z]*f|f[a-zA-Z]*[rR])|--recursive\s+--force|--force\s+--recursive|-[rR]\s+-f|-f\s+-[rR])/,
    "rm -rf"
  ],
  [
    /\bgit\s+reset\s+--hard\b/,
    "git reset --hard"
  ],
  [
    /\bgit\s+push\b[^\n;|&]*\s(?:-f|--force)(?![-\w])/,
    "git push --force"
  ],
  [
    /\bgit\s+clean\s+-[a-zA-Z]*f/,
    "git clean -f"
  ],
  [
    /\bgit\s+checkout\s+--(?:\s|$)/,
    "git checkout --"
  ],
  [
    /\bgit\s+stash\s+(?:drop|clear)\b/,
    "git stash drop/clear"
  ],
  [
    /\bgit\s+branch\s+-D\b/,
    "git branch -D"
  ]
];
function destructiveText(text) {
  const code = withoutComments(text);
  for (const [pattern, name] of DESTRUCTIVE_TEXT) {
    if (pattern.test(code)) return name;
  }
  return null;
}

// src/safety/_secrets.ts
var ENV_TEMPLATES = /* @__PURE__ */ new Set([
  ".env.example",
  ".env.sample",
  ".env.template",
  ".env.defaults"
]);
var CREDENTIAL_FILES = /* @__PURE__ */ new Set([
  ".npmrc",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".git-credentials",
  "credentials",
  "credentials.json"
]);
var PRIVATE_KEYS = [
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk"
];
var BACKUP_SUFFIXES = [
  ".bak",
  ".backup",
  ".copy",
  ".disabled",
  ".old",
  ".orig",
  ".save",
  ".tmp"
];
var KEY_EXTENSIONS = [
  ".pem",
  ".key",
  ".p12",
  ".pfx",
  ".pkcs12",
  ".jks",
  ".keystore",
  ".asc"
];
var VAULT_EXTENSIONS = [
  ".kdbx",
  ".psafe3",
  ".agilekeychain",
  ".keychain",
  ".kwallet",
  ".ovpn",
  ".tblk",
  ".rdp",
  ".cscfg",
  ".gnucash",
  ".bek",
  ".fve",
  ".tpm",
  ".pcap",
  ".mdf",
  ".sdf"
];
var CLOUD_PATHS = [
  {
    run: [
      ".aws"
    ]
  },
  {
    run: [
      ".gnupg"
    ]
  },
  {
    run: [
      ".password-store"
    ]
  },
  {
    run: [
      ".config",
      "gcloud"
    ]
  },
  {
    run: [
      ".kube"
    ],
    file: "config"
  },
  {
    run: [
      ".docker"
    ],
    file: "config.json"
  },
  {
    run: [
      ".config",
      "gh"
    ],
    file: "hosts.yml"
  },
  {
    run: [
      ".claude"
    ],
    file: ".credentials.json"
  },
  {
    run: [
      ".codex"
    ],
    file: "auth.json"
  },
  {
    run: [
      ".gemini"
    ],
    file: "oauth_creds.json"
  },
  {
    run: [
      ".local",
      "share",
      "opencode"
    ],
    file: "auth.json"
  }
];
function indexOfRun(segments2, run) {
  for (let i = 0; i + run.length <= segments2.length; i++) {
    if (run.every((s, j) => segments2[i + j] === s)) return i;
  }
  return -1;
}
function isCopyOf(name, base) {
  return name === base || BACKUP_SUFFIXES.some((s) => name === base + s);
}
function isPrivateKeyName(name) {
  if (name.endsWith(".pub")) return false;
  return PRIVATE_KEYS.some((key) => name === key || name.startsWith(key) && /^[-_.]/.test(name.slice(key.length)) && !PRIVATE_KEYS.some((k) => k !== key && name.startsWith(k)));
}
function classifySecretPath(path, options) {
  const { cwd, home } = options;
  const expanded = expandHome(path, home);
  const absolute = expanded.startsWith("/") || cwd !== null ? resolveFrom(cwd ?? "/", expanded) : expanded;
  const name = baseName(absolute);
  if (/^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd)$/.test(absolute)) {
    return {
      rule: "secret.credentials-file",
      what: "the system's password hashes"
    };
  }
  if ((name === ".env" || name.startsWith(".env.")) && !ENV_TEMPLATES.has(name)) {
    return {
      rule: "secret.env",
      what: "a dotenv file with secrets"
    };
  }
  const segments2 = absolute.split("/").filter((s) => s !== "");
  for (const { run, file } of CLOUD_PATHS) {
    const at = indexOfRun(segments2, run);
    if (at === -1) continue;
    const below = segments2.slice(at + run.length);
    if (file === void 0 || below.length === 1 && isCopyOf(below[0] ?? "", file)) {
      return {
        rule: "secret.cloud-credentials",
        what: "cloud or tool credentials"
      };
    }
  }
  if ([
    ...CREDENTIAL_FILES
  ].some((file) => isCopyOf(name, file))) {
    return {
      rule: "secret.credentials-file",
      what: "a credentials file"
    };
  }
  if (isPrivateKeyName(name) || KEY_EXTENSIONS.some((ext) => name.endsWith(ext) && name !== ext)) {
    return {
      rule: "secret.private-key",
      what: "a private key"
    };
  }
  if (VAULT_EXTENSIONS.some((ext) => name.endsWith(ext) && name !== ext)) {
    return {
      rule: "secret.credentials-file",
      what: "a password store, key or credential profile"
    };
  }
  if (segments2.includes(".ssh") && !name.endsWith(".pub")) {
    return {
      rule: "secret.ssh",
      what: "the ssh configuration and keys"
    };
  }
  return null;
}
function classifySecretPrefix(prefix, options) {
  const { cwd, home } = options;
  if (prefix === "") return null;
  const name = baseName(prefix);
  if (name.startsWith(".env") && !prefix.endsWith("/")) {
    return {
      rule: "secret.env",
      what: "dotenv files with secrets"
    };
  }
  const dir = prefix.endsWith("/") ? `${prefix}x` : prefix;
  const match = classifySecretPath(dir, {
    cwd,
    home
  });
  return match !== null && match.rule !== "secret.env" ? match : null;
}
function isReadableSshFile(path, options) {
  const expanded = expandHome(path, options.home);
  if (!expanded.startsWith("/") && options.cwd === null) return false;
  const abs = resolveFrom(options.cwd ?? "/", expanded);
  return abs === `${options.home}/.ssh/config` || abs === `${options.home}/.ssh/known_hosts`;
}
function isDotenvTemplate(path) {
  return ENV_TEMPLATES.has(baseName(path));
}
function homeSecretSamples(home) {
  return [
    ...CLOUD_PATHS.map(({ run, file }) => `${home}/${run.join("/")}/${file ?? "credentials"}`),
    ...[
      ...CREDENTIAL_FILES
    ].filter((f) => f.startsWith(".")).map((f) => `${home}/${f}`),
    `${home}/.ssh/id_rsa`,
    `${home}/.ssh/id_ed25519`
  ];
}

// src/safety/_secret_patterns.ts
var SECRET_NAMES = [
  ".ssh",
  ".aws",
  ".kube",
  ".docker",
  ".gnupg",
  ".env",
  ".env.local",
  "id_rsa",
  "id_ed25519",
  "id_ecdsa",
  "id_dsa",
  ".npmrc",
  ".pypirc",
  ".netrc",
  ".git-credentials",
  "credentials",
  "shadow",
  "gshadow"
];
var GLOB = /[*?[]/;
function segmentPattern(segment) {
  if (!/[^*?[\]!^]/.test(segment.replace(/\[[^\]]*\]/g, ""))) return null;
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end === -1) source += "\\[";
      else {
        const body = segment.slice(i + 1, end).replace(/^[!^]/, "^").replace(/\\/g, "\\\\");
        source += `[${body}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
function matchSegment(segment) {
  if (!GLOB.test(segment)) return segment;
  const literal = segment.replace(/\[[^\]]*\]|[*?]/g, "").replace(/^\./, "");
  const pattern = literal.length >= (segment.startsWith(".") ? 1 : 3) ? segmentPattern(segment) : null;
  const dotAllowed = segment.startsWith(".");
  const name = pattern === null ? void 0 : SECRET_NAMES.find((n) => (dotAllowed || !n.startsWith(".")) && pattern.test(n));
  return name ?? segment.replace(/[*?[\]]/g, "x");
}
function patternSecret(pattern, options) {
  if (/\s/.test(pattern) || pattern.includes("$(") || pattern.includes("`")) {
    return null;
  }
  const text = pattern.replace(/^~(root)(?=\/|$)/, "/$1").replace(/^~([a-z_][a-z0-9_.-]*)(?=\/|$)/i, "/home/$1").replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=?+]([^}$`]*)\}/g, "$1").replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, "*");
  const candidate = text.split("/").map(matchSegment).join("/");
  if (candidate === "" || candidate.endsWith("/")) return null;
  return classifySecretPath(candidate, options);
}
function findStartsAndNames(args) {
  const starts = [];
  const names = [];
  let inExpression = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const a = w.value;
    if (!inExpression && !/^[-(!]/.test(a)) starts.push(w);
    else inExpression = true;
    if (/^-(?:i?name|i?path|i?wholename|i?regex)$/.test(a) && args[i + 1]) {
      names.push(args[++i]);
    }
  }
  return {
    starts,
    names
  };
}
function findOutputSecret(args, options) {
  const { starts, names } = findStartsAndNames(args);
  const anded = !args.some((w) => /^(?:-o|-or|!|-not|,)$/.test(w.value));
  for (const s of starts) {
    const dir = s.dynamic ? s.literalPrefix : s.value;
    const harmless = anded && names.length > 0 && !s.dynamic && names.every((n) => !n.value.includes("/") && patternSecret(`${dir.replace(/\/+$/, "")}/${n.value}`, options) === null);
    if (harmless) continue;
    const match = (s.dynamic ? null : classifySecretPath(dir, options)) ?? classifySecretPrefix(dir.endsWith("/") ? dir : `${dir}/`, options) ?? (s.dynamic ? patternSecret(`${s.value}/x`, options) : null);
    if (match) return match;
  }
  const reached = walkedSecret(starts, names, anded, options);
  if (reached) return reached;
  for (const n of names) {
    const name = n.value.slice(n.value.lastIndexOf("/") + 1);
    const match = patternSecret(name, {
      ...options,
      cwd: "/"
    });
    if (match) return match;
    for (const s of starts) {
      if (s.dynamic || name.includes("/")) continue;
      const inside = patternSecret(`${s.value.replace(/\/+$/, "")}/${name}`, {
        ...options
      });
      if (inside) return inside;
    }
  }
  return null;
}
function nameRegExp(glob) {
  const body = glob.replace(/[.+^${}()|\\]/g, "\\$&").replaceAll("*", ".*").replaceAll("?", ".");
  try {
    return new RegExp(`^${body}$`);
  } catch {
    return null;
  }
}
function walkedSecret(starts, names, anded, options) {
  for (const s of starts) {
    if (s.dynamic) continue;
    const expanded = expandHome(s.value, options.home);
    if (!expanded.startsWith("/") && options.cwd === null) continue;
    const dir = resolveFrom(options.cwd ?? "/", expanded);
    for (const sample of homeSecretSamples(options.home)) {
      if (!isStrictlyWithin(sample, dir)) continue;
      const base = baseName(sample);
      const passes = !anded || names.every((n) => {
        const re = nameRegExp(n.value.slice(n.value.lastIndexOf("/") + 1));
        return re === null || re.test(base);
      });
      if (passes) return classifySecretPath(sample, options);
    }
  }
  return null;
}
function findsSecret(commands, options) {
  for (const c of commands) {
    if (commandName(c.argv[0]) !== "find") continue;
    const match = findOutputSecret(c.argv.slice(1), {
      ...options,
      cwd: c.cwd
    });
    if (match) return match;
  }
  return null;
}

// src/safety/_secret_uses.ts
function templateCopy(inv) {
  if (inv.name !== "cp" && inv.name !== "install") return null;
  const operands3 = inv.args.filter((w) => !w.value.startsWith("-"));
  const dest = operands3.at(-1);
  const sources = operands3.slice(0, -1);
  if (dest === void 0 || dest.dynamic || sources.length === 0) return null;
  if (inv.args.some((w) => w.value === "-t" || w.value.startsWith("--t"))) {
    return null;
  }
  const name = dest.value.slice(dest.value.lastIndexOf("/") + 1);
  const dotenv = name === ".env" || name.startsWith(".env.");
  return dotenv && sources.every((w) => !w.dynamic && isDotenvTemplate(w.value)) ? dest : null;
}
var SSH_CLIENTS = /* @__PURE__ */ new Set([
  "ssh",
  "scp",
  "sftp",
  "autossh",
  "sshfs"
]);
function keyUses(inv) {
  const out = /* @__PURE__ */ new Set();
  const { name, args } = inv;
  if (name === "ssh-add") {
    for (const w of args) if (!w.value.startsWith("-")) out.add(w);
  }
  const shows = name === "ssh-keygen" && args.some((w) => /^-[a-zA-Z]*[ly]/.test(w.value)) && !args.some((w) => /^-[a-zA-Z]*[tpN]/.test(w.value));
  const flag = SSH_CLIENTS.has(name) ? "-i" : shows ? "-f" : "";
  if (flag === "") return out;
  args.forEach((w, i) => {
    const next = args[i + 1];
    if (w.value === flag && next) out.add(next);
    else if (w.value.startsWith(flag) && w.value.length > 2) out.add(w);
  });
  return out;
}

// src/safety/_substitution.ts
var SILENT = /* @__PURE__ */ new Set([
  "cd",
  "true",
  ":",
  "export",
  "set",
  "unset",
  "shopt"
]);
var WHOLE_SUBSTITUTION = /^"?(?:[$<]\([\s\S]*\)|`[\s\S]*`)"?$/;
function decodeBase64(text) {
  const clean = text.replace(/\s+/g, "");
  if (clean === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) return null;
  try {
    const binary = atob(clean.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", {
      fatal: true
    }).decode(bytes);
  } catch {
    return null;
  }
}
function isBase64Decoder(c) {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1).map((w) => w.value);
  if (name === "base64" || name === "gbase64") {
    return args.some((a) => a === "--decode" || /^-[a-zA-Z]*[dD]/.test(a));
  }
  if (name === "openssl") {
    return args.includes("-d") && (args[0] === "base64" || args.includes("-base64") || args.includes("-a"));
  }
  return false;
}
function printfText(format, args) {
  const pattern = /%[-+ #0-9.]*([sbdiu%])/g;
  const uses = [
    ...format.matchAll(pattern)
  ].filter((m) => m[1] !== "%").length;
  let out = "";
  let next = 0;
  do {
    out += format.replace(pattern, (_, kind) => {
      if (kind === "%") return "%";
      return args[next++] ?? "";
    });
  } while (uses > 0 && next < args.length);
  return out.replaceAll("\\n", "\n").replaceAll("\\t", "	");
}
function printed(c) {
  const name = commandName(c.argv[0]);
  if (name === "pwd") return c.cwd === null ? null : `${c.cwd}
`;
  if (name !== "echo" && name !== "printf") return null;
  let args = c.argv.slice(1);
  if (args.some((w) => w.dynamic)) return null;
  if (name === "printf") {
    const [format, ...rest] = args.map((w) => w.value);
    return format === void 0 ? "" : printfText(format, rest);
  }
  let newline2 = "\n";
  while (args[0] && /^-[neE]+$/.test(args[0].value)) {
    if (args[0].value.includes("n")) newline2 = "";
    args = args.slice(1);
  }
  return args.map((w) => w.value).join(" ") + newline2;
}
function substitutionText(w) {
  const commands = w.substitutions;
  if (!w.dynamic || commands.length === 0 || commands.length > 8) return null;
  if (!WHOLE_SUBSTITUTION.test(w.raw)) return null;
  let out = "";
  for (const c of commands) {
    if (c.pipelineIndex < c.pipelineLength - 1) continue;
    if (c.pipelineIndex > 0) {
      const feeder = commands.find((x) => x.pipeline === c.pipeline && x.pipelineIndex === c.pipelineIndex - 1);
      const text2 = c.pipelineIndex === 1 && feeder && isBase64Decoder(c) ? printed(feeder) : null;
      const decoded = text2 === null ? null : decodeBase64(text2);
      if (decoded === null) return null;
      out += decoded;
      continue;
    }
    if (c.argv.length === 0 || SILENT.has(commandName(c.argv[0]))) continue;
    const text = printed(c);
    if (text === null) return null;
    out += text;
  }
  return out.replace(/\n+$/, "");
}
function resolveWords(words) {
  if (!words.some((w) => w.dynamic && w.substitutions.length > 0)) return words;
  return words.flatMap((w) => {
    const text = substitutionText(w);
    if (text === null) return [
      w
    ];
    if (w.raw.startsWith('"')) return [
      literalWord(text)
    ];
    return text.split(/\s+/).filter((t) => t !== "").map((t) => literalWord(t));
  });
}

// src/safety/_secret_access.ts
var NO_CONTENT = /* @__PURE__ */ new Set([
  "echo",
  "printf",
  "ls",
  "ll",
  "la",
  "exa",
  "eza",
  "lsd",
  "tree",
  "stat",
  "basename",
  "dirname",
  "which",
  "type",
  "whereis",
  "man",
  "find",
  "fd",
  "true",
  "false",
  "export",
  "unset",
  "alias",
  "command",
  "curl",
  "wget",
  "test",
  "[",
  "[["
]);
var NO_READ = /* @__PURE__ */ new Set([
  "cd",
  "pushd",
  "mkdir",
  "rmdir",
  "touch",
  "rm",
  "unlink",
  "chmod",
  "chown",
  "chgrp",
  "truncate",
  "mkfifo",
  "mknod",
  "tee",
  "du",
  "df",
  "realpath",
  "readlink"
]);
var PRIVATE_MODE = /^(?:0?[0-7]00|(?:[ugoa]*[-=][rwxXst]*,?)*(?:go|og|o|g)[-=][rwxXst]*(?:,[ugoa]*[-=+][rwxXst]*)*)$/;
var COPIERS = /* @__PURE__ */ new Set([
  "cp",
  "mv",
  "ln",
  "install",
  "rsync",
  "scp"
]);
var TARGET_OPTION = /* @__PURE__ */ new Set([
  "cp",
  "mv",
  "ln",
  "install"
]);
var GIT_READERS = /* @__PURE__ */ new Set([
  "add",
  "annotate",
  "blame",
  "diff",
  "grep",
  "hash-object",
  "log",
  "show",
  "stage"
]);
var GREP_VALUES = "efmABCdD";
var PATTERN_SHORT_VALUES = {
  grep: GREP_VALUES,
  egrep: GREP_VALUES,
  fgrep: GREP_VALUES,
  zgrep: GREP_VALUES,
  rg: "efmABCgtTjMr",
  ag: "efmABCgG",
  ack: "efmABCtg",
  sed: "efl",
  awk: "fvF",
  gawk: "fvF",
  mawk: "fvF",
  nawk: "fvF"
};
var PATTERN_LONG_VALUES = /* @__PURE__ */ new Set([
  "--regexp",
  "--expression",
  "--file",
  "--max-count",
  "--after-context",
  "--before-context",
  "--context",
  "--glob",
  "--type",
  "--type-not",
  "--threads",
  "--max-depth",
  "--field-separator"
]);
function pathLike(w) {
  return w.value !== "" && !/\s/.test(w.value) && !w.value.includes("://");
}
function secretOf(w, cwd, env) {
  const options = {
    cwd,
    home: env.home
  };
  const echoed = w.dynamic ? substitutionText(w) : null;
  if (echoed !== null && echoed !== "" && !/\s/.test(echoed)) {
    const match = classifySecretPath(echoed, options);
    if (match) return match;
  }
  if (w.dynamic) {
    const found = findsSecret(w.substitutions, {
      cwd,
      home: env.home
    });
    if (found) return found;
  }
  if (!pathLike(w)) return null;
  if (!w.dynamic) return classifySecretPath(w.value, options);
  return classifySecretPrefix(w.literalPrefix, options) ?? patternSecret(w.value, options);
}
function secretVerdict(match, path) {
  return deny(match.rule, `"${path}" is ${match.what}; reading it would put secrets into the transcript and writing it would overwrite them. Read a template such as .env.example, or ask the user for the specific non-secret value`);
}
function patternToolOperands(args, letters) {
  const files = [];
  const positional = [];
  let explicit = args.some((w) => w.value === "--files");
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const a = w.value;
    if (rest || !a.startsWith("-") || a === "-") {
      positional.push(w);
      continue;
    }
    if (a === "--") {
      rest = true;
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a : a.slice(0, eq);
      if (!PATTERN_LONG_VALUES.has(name)) continue;
      const value = eq === -1 ? args[++i] : {
        ...w,
        value: a.slice(eq + 1)
      };
      if (name === "--regexp" || name === "--expression") explicit = true;
      if (name === "--file") {
        explicit = true;
        if (value) files.push(value);
      }
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!letters.includes(letter)) continue;
      const attached = a.slice(j + 1);
      const value = attached === "" ? args[++i] : {
        ...w,
        value: attached
      };
      if (letter === "e") explicit = true;
      if (letter === "f") {
        explicit = true;
        if (value) files.push(value);
      }
      break;
    }
  }
  return [
    ...files,
    ...explicit ? positional : positional.slice(1)
  ];
}
function genericOperands(args) {
  const out = [];
  for (const w of args) {
    const a = w.value;
    if (a.startsWith("-")) {
      const eq2 = a.indexOf("=");
      if (a.startsWith("--") && eq2 !== -1) {
        out.push({
          ...w,
          value: a.slice(eq2 + 1),
          literalPrefix: ""
        });
      }
      continue;
    }
    out.push(w);
    const eq = a.indexOf("=");
    if (eq > 0 && !w.dynamic) out.push({
      ...w,
      value: a.slice(eq + 1)
    });
  }
  return out;
}
function fileOperands(inv) {
  const { name, args } = inv;
  if (NO_CONTENT.has(name)) return [];
  const letters = PATTERN_SHORT_VALUES[name];
  if (letters !== void 0) return patternToolOperands(args, letters);
  if (name === "git") {
    const sub = args.findIndex((w) => !w.value.startsWith("-"));
    if (sub === -1) return [];
    return genericOperands(args.slice(sub + 1));
  }
  return genericOperands(args);
}
function readsContents(name) {
  return !NO_CONTENT.has(name) && !NO_READ.has(name);
}
function copySources(inv) {
  const { name, args } = inv;
  if (TARGET_OPTION.has(name)) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]?.value ?? "";
      if (a === "--") break;
      if (a === "--target-directory" || /^-[a-zA-Z]*t$/.test(a)) {
        return genericOperands(args.filter((_, j) => j !== i && j !== i + 1));
      }
      if (/^(?:-t|--target-directory=)./.test(a)) {
        return genericOperands(args.filter((_, j) => j !== i));
      }
    }
  }
  const last = args.findLast((w) => !w.value.startsWith("-"));
  return genericOperands(args.filter((w) => w !== last));
}
function readOperands(inv) {
  const { name, args } = inv;
  if (!readsContents(name)) return [];
  if (name === "dd") {
    return args.filter((w) => w.value.startsWith("if=")).map((w) => ({
      ...w,
      value: w.value.slice(3),
      literalPrefix: w.literalPrefix.slice(3)
    }));
  }
  if (name === "git") {
    const sub = args.find((w) => !w.value.startsWith("-"));
    return sub && GIT_READERS.has(sub.value) ? fileOperands(inv) : [];
  }
  if (COPIERS.has(name)) return copySources(inv);
  return fileOperands(inv);
}
function noteRead(env, path, cwd, program2) {
  if (env.reads === void 0) return;
  const w = typeof path === "string" ? literalWord(path) : path;
  const echoed = w.dynamic ? substitutionText(w) : null;
  if (echoed !== null && echoed !== "" && !/\s/.test(echoed)) {
    env.reads.push({
      path: echoed,
      dynamic: false,
      prefix: echoed,
      cwd,
      program: program2
    });
  } else if (pathLike(w)) {
    env.reads.push({
      path: w.value,
      dynamic: w.dynamic,
      prefix: w.dynamic ? w.literalPrefix : w.value,
      cwd,
      program: program2
    });
  }
}
function checkSecretOperands(inv, env) {
  if (env.reads) {
    for (const w of readOperands(inv)) noteRead(env, w, inv.cwd, inv.name);
  }
  if (inv.name === "chmod" && inv.args.some((w) => PRIVATE_MODE.test(w.value))) {
    return null;
  }
  const reads = new Set(readOperands(inv).map((w) => w.value));
  const edits = [
    "mv",
    "scp",
    "rsync",
    "sftp"
  ].includes(inv.name) || [
    "sed",
    "gsed",
    "perl",
    "ruby"
  ].includes(inv.name) && inv.args.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w.value));
  const template = templateCopy(inv);
  const used = keyUses(inv);
  for (const w of fileOperands(inv)) {
    const match = secretOf(w, inv.cwd, env);
    if (match === null || w === template || used.has(w)) continue;
    const options = {
      cwd: inv.cwd,
      home: env.home
    };
    if (!w.dynamic && !edits && reads.has(w.value) && isReadableSshFile(w.value, options)) continue;
    return secretVerdict(match, w.value);
  }
  return null;
}

// src/safety/_line.ts
var DECLARATIONS = /* @__PURE__ */ new Set([
  "export",
  "declare",
  "typeset",
  "readonly",
  "local"
]);
function assign(out, w) {
  const eq = w.value.indexOf("=");
  if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value.slice(0, eq))) {
    return;
  }
  out.set(w.value.slice(0, eq), w.dynamic ? null : w.value.slice(eq + 1));
}
function lineEnvironment(all, cmd) {
  const out = /* @__PURE__ */ new Map();
  for (const c of all) {
    if (c === cmd) break;
    if (c.inSubstitution !== cmd.inSubstitution) continue;
    if (c.argv.length === 0) c.assignments.forEach((w) => assign(out, w));
    else if (DECLARATIONS.has(commandName(c.argv[0]))) {
      c.argv.slice(1).forEach((w) => assign(out, w));
    }
  }
  cmd.assignments.forEach((w) => assign(out, w));
  return out;
}
function writtenText(c) {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1);
  if (name === "cat" && args.length === 0) {
    return c.redirects.find((r) => r.heredoc)?.heredoc?.body ?? null;
  }
  if (name !== "echo" && name !== "printf") return null;
  const words = args.filter((w) => !/^-[neE]+$/.test(w.value));
  if (words.some((w) => w.dynamic)) return null;
  return words.map((w) => w.value).join(" ").replaceAll("\\n", "\n");
}
function writtenScript(all, cmd, path, cwd) {
  if (path === "" || !path.startsWith("/") && cwd === null) return null;
  const target = resolveFrom(cwd ?? "/", path);
  let text = null;
  for (const c of all) {
    if (c === cmd) break;
    for (const r of c.redirects) {
      if (r.op !== ">" && r.op !== ">>" && r.op !== ">|") continue;
      if (r.target === null || r.target.dynamic) continue;
      if (!r.target.value.startsWith("/") && c.cwd === null) continue;
      if (resolveFrom(c.cwd ?? "/", r.target.value) !== target) continue;
      const written = writtenText(c);
      if (written === null) continue;
      text = r.op === ">>" && text !== null ? `${text}
${written}` : written;
    }
  }
  return text;
}
function expandHeredoc(body, vars) {
  const only = /^\s*\$\{?([A-Za-z_]\w*)\}?\s*$/.exec(body);
  if (only && typeof vars.get(only[1] ?? "") !== "string") return null;
  return body.replace(/(?<!\\)\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (whole, braced, bare) => {
    const value = vars.get(braced ?? bare ?? "");
    return typeof value === "string" ? value : whole;
  });
}

// src/safety/_line_files.ts
var DOWNLOADERS = /* @__PURE__ */ new Set([
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "httpie",
  "xh",
  "xhs",
  "aria2c",
  "lwp-request",
  "nc",
  "ncat",
  "netcat",
  "socat"
]);
var WRITE_OPS = /* @__PURE__ */ new Set([
  ">",
  ">>",
  ">|",
  "&>",
  "&>>"
]);
var COPIERS2 = /* @__PURE__ */ new Set([
  "cp",
  "mv",
  "install",
  "ln",
  "rsync"
]);
var IN_PLACE_EDITORS = /* @__PURE__ */ new Set([
  "sed",
  "gsed",
  "perl",
  "ruby"
]);
var WRAPPERS = /* @__PURE__ */ new Set([
  "sudo",
  "env",
  "command",
  "nice",
  "nohup",
  "time"
]);
function programOf(c) {
  let i = 0;
  while (i < c.argv.length && WRAPPERS.has(commandName(c.argv[i]))) {
    i++;
    while (c.argv[i]?.value.startsWith("-")) i++;
  }
  return {
    name: commandName(c.argv[i]),
    args: c.argv.slice(i + 1)
  };
}
function urlFileName(args) {
  return args.filter((w) => /^(?:https?|ftp):\/\//i.test(w.value)).map((w) => baseName(w.value.replace(/[?#].*$/, "")) || "index.html").filter((n) => n !== "" && !n.includes(":"));
}
function downloadFiles(name, args) {
  const valued = name === "wget" ? [
    "-O",
    "--output-document"
  ] : [
    "-o",
    "--output"
  ];
  const letter = name === "wget" ? "O" : "o";
  const out = [];
  let remoteName = false;
  args.forEach((w, i) => {
    const a = w.value;
    const eq = a.indexOf("=");
    if (valued.includes(a)) out.push(args[i + 1]?.value ?? "");
    else if (eq > 0 && valued.includes(a.slice(0, eq))) {
      out.push(a.slice(eq + 1));
    } else if (/^-[A-Za-z]+$/.test(a) && a.endsWith(letter)) {
      out.push(args[i + 1]?.value ?? "");
    } else if (/^-[A-Za-z]+/.test(a) && !a.startsWith("--")) {
      const at = a.indexOf(letter);
      if (at > 0) out.push(a.slice(at + 1));
      if (name === "curl" && /^-[A-Za-z]*O/.test(a)) remoteName = true;
    }
    if (name === "curl" && /^--remote-name(?:-all)?$/.test(a)) {
      remoteName = true;
    }
  });
  const named2 = out.filter((f) => f !== "" && f !== "-");
  if (remoteName || name === "wget" && out.length === 0) {
    const prefix = directoryPrefix(args);
    named2.push(...urlFileName(args).map((f) => `${prefix}${f}`));
  }
  return named2;
}
function directoryPrefix(args) {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    const dir = a === "-P" || a === "--directory-prefix" ? args[i + 1]?.value : a.startsWith("--directory-prefix=") ? a.slice(19) : /^-P./.test(a) ? a.slice(2) : void 0;
    if (dir !== void 0 && dir !== "") return `${dir.replace(/\/+$/, "")}/`;
  }
  return "";
}
function teeInput(all, tee) {
  const feeder = all.find((c) => c.pipeline === tee.pipeline && c.pipelineIndex === tee.pipelineIndex - 1);
  if (feeder === void 0) return void 0;
  if (DOWNLOADERS.has(programOf(feeder).name)) return {
    kind: "download"
  };
  const text = writtenText(feeder);
  return text === null ? void 0 : {
    kind: "text",
    text
  };
}
function copyParts(args) {
  const operands3 = [];
  let dir = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-t" || a === "--target-directory") dir = args[++i]?.value ?? "";
    else if (a.startsWith("--target-directory=")) dir = a.slice(19);
    else if (/^-[mgoS]$/.test(a)) i++;
    else if (!a.startsWith("-")) operands3.push(a);
  }
  if (dir !== null) return {
    dest: `${dir}/`,
    sources: operands3
  };
  const dest = operands3.pop();
  return dest === void 0 ? null : {
    dest,
    sources: operands3
  };
}
function lineFile(all, cmd, path, cwd, home) {
  if (path === "" || !path.startsWith("/") && cwd === null) return null;
  const files = /* @__PURE__ */ new Map();
  const at = (c, p) => p === "" || !p.startsWith("/") && !p.startsWith("~") && c.cwd === null ? null : resolveFrom(c.cwd ?? "/", expandHome(p, home));
  const replace = (file, by) => {
    const before = files.get(file);
    const shown2 = before !== void 0 && before.kind !== "download" && (before.kind === "text" || before.shown);
    files.set(file, by === void 0 || by.kind === "replaced" ? {
      kind: "replaced",
      shown: shown2 || (by?.shown ?? false)
    } : by);
  };
  for (const c of all) {
    if (c === cmd) break;
    const { name, args } = programOf(c);
    for (const r of c.redirects) {
      if (!WRITE_OPS.has(r.op) || r.target === null || r.target.dynamic) {
        continue;
      }
      const file = at(c, r.target.value);
      if (file === null) continue;
      const text = c.argv.length === 0 || name === ":" || name === "true" ? "" : writtenText(c);
      const before = files.get(file);
      if (text !== null) {
        const appended = r.op.endsWith(">>") && before?.kind === "text";
        files.set(file, {
          kind: "text",
          text: appended ? `${before.text}
${text}` : text
        });
      } else if (DOWNLOADERS.has(name)) files.set(file, {
        kind: "download"
      });
      else if (!(r.op.endsWith(">>") && before?.kind !== "text")) {
        replace(file, void 0);
      }
    }
    if (DOWNLOADERS.has(name)) {
      for (const f of downloadFiles(name, args)) {
        const file = at(c, f);
        if (file !== null) files.set(file, {
          kind: "download"
        });
      }
    } else if (COPIERS2.has(name)) {
      const parts = copyParts(args);
      if (parts === null) continue;
      for (const source of parts.sources) {
        const from = at(c, source);
        const to = at(c, parts.dest.endsWith("/") ? `${parts.dest}${baseName(source)}` : parts.dest);
        const into = at(c, `${parts.dest}/${baseName(source)}`);
        for (const file of [
          to,
          into
        ]) {
          if (file !== null) {
            replace(file, from === null ? void 0 : files.get(from));
          }
        }
        if (name === "mv" && from !== null) files.delete(from);
      }
    } else if (IN_PLACE_EDITORS.has(name) && args.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w.value))) {
      for (const w of args) {
        const file = w.value.startsWith("-") ? null : at(c, w.value);
        if (file !== null && files.has(file)) replace(file, void 0);
      }
    } else if (name === "tee" || name === "dd") {
      const targets = name === "tee" ? args.filter((w) => !w.value.startsWith("-")).map((w) => w.value) : args.filter((w) => w.value.startsWith("of=")).map((w) => w.value.slice(3));
      const fed = name === "tee" ? teeInput(all, c) : void 0;
      for (const t of targets) {
        const file = at(c, t);
        if (file !== null) replace(file, fed);
      }
    }
  }
  return files.get(resolveFrom(cwd ?? "/", expandHome(path, home))) ?? null;
}
function checkLineFile(name, path, cmd, all, cwd, env, judge = (text) => env.nested(text, cwd, env)) {
  const file = lineFile(all, cmd, path, cwd, env.home);
  if (file === null) return null;
  if (file.kind === "download") {
    return deny("remote.saved-run", `${path} is downloaded earlier in this line and ${name} then runs it unseen. Download it, read it, then run it as a separate step`);
  }
  if (file.kind === "replaced") {
    return file.shown ? deny("shell.replaced-script", `${path} is written with text this line shows and then replaced before ${name} runs it, so what runs is not what is shown. Run the script you mean by its own path`) : null;
  }
  const v = judge(file.text);
  return v.verdict === "allow" ? null : v;
}

// src/safety/_positional.ts
var UNKNOWN = "CTX_MODE_ARG";
function quote(value, inDouble) {
  if (inDouble) return value.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
function argText(w, inDouble) {
  if (!w.dynamic) return quote(w.value, inDouble);
  const prefix = w.literalPrefix === "" ? "" : quote(w.literalPrefix, inDouble);
  return `${prefix}\${${UNKNOWN}}`;
}
function ifsOf(code) {
  const m = /(?:^|[\s;])IFS=(?:'([^']*)'|"([^"]*)"|([^\s;]*))/.exec(code);
  if (m === null) return null;
  return m[1] ?? m[2] ?? m[3] ?? null;
}
function allArgs(args, joined, inDouble, ifs) {
  if (inDouble) {
    return joined ? args.map((a) => argText(a, true)).join(" ") : args.map((a) => `"${argText(a, true)}"`).join(" ").replace(/^"|"$/g, "");
  }
  const pieces = [];
  for (const a of args) {
    if (a.dynamic) {
      pieces.push(argText(a, false));
      continue;
    }
    const separators = `${ifs ?? ""} 	
`;
    let piece = "";
    for (const c of a.value) {
      if (separators.includes(c)) {
        if (piece !== "") pieces.push(quote(piece, false));
        piece = "";
      } else piece += c;
    }
    if (piece !== "") pieces.push(quote(piece, false));
  }
  return pieces.join(" ");
}
function substitutePositional(code, words) {
  if (!code.includes("$") || /(?:^|[\s;&|(])set\s+(?:--|[-+]\w*\s+[^-\s])/.test(code)) {
    return code;
  }
  const args = words.slice(1);
  const ifs = ifsOf(code);
  let out = "";
  let inDouble = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "\\") {
      out += code.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "'" && !inDouble) {
      const end = code.indexOf("'", i + 1);
      const stop = end === -1 ? code.length : end + 1;
      out += code.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (c === '"') {
      inDouble = !inDouble;
      out += c;
      continue;
    }
    if (c !== "$") {
      out += c;
      continue;
    }
    const m = /^\$(?:\{([0-9]+|[@*#])\}|([0-9@*#]))/.exec(code.slice(i));
    if (m === null) {
      out += c;
      continue;
    }
    const name = m[1] ?? m[2] ?? "";
    i += m[0].length - 1;
    if (name === "#") out += String(args.length);
    else if (name === "@" || name === "*") {
      out += allArgs(args, name === "*", inDouble, ifs);
    } else {
      const w = words[Number(name)];
      if (w !== void 0) {
        out += inDouble ? argText(w, true) : allArgs([
          w
        ], false, false, ifs);
      }
    }
  }
  return out;
}

// src/safety/_find_scope.ts
var NAME_TESTS = /^-(?:i?name|i?path|i?wholename)$/;
var LOGIC = /* @__PURE__ */ new Set([
  "-o",
  "-or",
  ",",
  "!",
  "-not",
  "(",
  ")"
]);
var GIT_NAMES = [
  ".git",
  "HEAD",
  "ORIG_HEAD",
  "FETCH_HEAD",
  "index",
  "config",
  "description",
  "packed-refs",
  "COMMIT_EDITMSG",
  "objects",
  "refs",
  "heads",
  "tags",
  "remotes",
  "logs",
  "hooks",
  "info",
  "exclude",
  "pack",
  "pack-0123abcd.pack",
  "pack-0123abcd.idx",
  "pack-0123abcd.rev",
  "main",
  "master",
  "origin",
  "ab",
  "0123456789abcdef0123456789abcdef012345"
];
var FOLLOWS = /* @__PURE__ */ new Set([
  "-L",
  "-follow",
  "-f"
]);
function deletes(words, i) {
  const a = words[i]?.value ?? "";
  if (a === "-delete") return true;
  if (!/^-(?:exec|execdir|ok|okdir)$/.test(a)) return false;
  const program2 = words[i + 1]?.value ?? "";
  return /(?:^|\/)(?:rm|rmdir|unlink|shred)$/.test(program2);
}
function globRegExp(glob, ignoreCase) {
  let out = "";
  for (const c of glob) {
    if (c === "*") out += ".*";
    else if (c === "?") out += ".";
    else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`, ignoreCase ? "i" : "");
}
function specific(test, pattern) {
  if (pattern.includes(".git")) return false;
  if (/^-i?(?:path|wholename)$/.test(test)) {
    return /[^*?/.]/.test(pattern) && specific("-name", pattern.slice(pattern.lastIndexOf("/") + 1) || "x");
  }
  if (/^[*?]*(?:\.[*?]*)?$/.test(pattern)) return false;
  let re;
  try {
    re = globRegExp(pattern, test === "-iname");
  } catch {
    return false;
  }
  if (GIT_NAMES.some((n) => re.test(n))) return false;
  return patternSecret(pattern, {
    cwd: "/",
    home: "/nonexistent"
  }) === null;
}
function scopedStarts(args) {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (FOLLOWS.has(a)) return null;
    if (a === "-D") i++;
    else if (!/^-([HPEXsxd]|O\d*)$/.test(a)) break;
  }
  const starts = [];
  for (; i < args.length; i++) {
    const w = args[i];
    if (/^[-(!,]/.test(w.value)) break;
    if (w.dynamic) return null;
    starts.push(w);
  }
  let named2 = false;
  let deleting = false;
  for (; i < args.length; i++) {
    const w = args[i];
    const a = w.value;
    if (LOGIC.has(a) || FOLLOWS.has(a)) return null;
    if (NAME_TESTS.test(a)) {
      const value = args[++i];
      if (value === void 0 || value.dynamic) return null;
      if (specific(a, value.value)) named2 = true;
      continue;
    }
    if (deletes(args, i)) {
      if (!named2) return null;
      deleting = true;
    }
    if (/^-(?:exec|execdir|ok|okdir)$/.test(a)) {
      while (i < args.length && !/^[;+]$/.test(args[i]?.value ?? "")) i++;
    }
  }
  if (!deleting) return null;
  return starts.length > 0 ? starts : [
    literalWord(".")
  ];
}

// src/safety/_wrapper_args.ts
function readOptions(words, short, long = [], dashIsOption = false) {
  const values = /* @__PURE__ */ new Map();
  const flags = [];
  let i = 0;
  while (i < words.length) {
    const a = words[i]?.value ?? "";
    if (a === "--") return {
      index: i + 1,
      values,
      flags
    };
    if (a === "-" && dashIsOption) {
      flags.push(a);
      i++;
      continue;
    }
    if (!a.startsWith("-") || a === "-") break;
    flags.push(a);
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      if (eq !== -1) values.set(a.slice(0, eq), a.slice(eq + 1));
      else if (long.includes(a)) {
        values.set(a, words[i + 1]?.value ?? "");
        i++;
      }
      i++;
      continue;
    }
    let consumed = false;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!short.includes(letter)) continue;
      const attached = a.slice(j + 1);
      if (attached !== "") values.set(`-${letter}`, attached);
      else {
        values.set(`-${letter}`, words[i + 1]?.value ?? "");
        consumed = true;
      }
      break;
    }
    i += consumed ? 2 : 1;
  }
  return {
    index: i,
    values,
    flags
  };
}
function invocation(name, args, context) {
  return {
    name,
    args,
    cwd: context.cwd,
    origin: context.origin,
    envNames: context.envNames,
    envValues: context.envValues
  };
}
function substitute(words, token, value) {
  return words.map((w) => {
    const at = w.value.indexOf(token);
    if (at === -1) return w;
    const text = w.value.split(token).join(value.value);
    return w.dynamic || value.dynamic ? dynamicWord(text, w.value.slice(0, at) + value.literalPrefix) : literalWord(text);
  });
}

// src/safety/_xargs_parallel.ts
var INPUT_LINE = "{line}";
var MAX_EXPANSIONS = 32;
function expandXargs(rest, context, hops, unwrap2) {
  const o = readOptions(rest, "ILnPsdEaJRS", [
    "--max-args",
    "--max-procs",
    "--delimiter",
    "--arg-file",
    "--max-lines",
    "--eof",
    "--max-chars",
    "--process-slot-var"
  ]);
  let token = o.values.get("-I") ?? o.values.get("-J") ?? null;
  for (const flag of o.flags) {
    if (flag === "--replace" || flag.startsWith("--replace=")) {
      token = flag.slice(10) || "{}";
    } else if (!flag.startsWith("--")) {
      for (let j = 1; j < flag.length; j++) {
        const letter = flag[j] ?? "";
        if ("ILnPsdEaJRS".includes(letter)) break;
        if (letter === "i") {
          token = flag.slice(j + 1) || "{}";
          break;
        }
      }
    }
  }
  const child = rest.slice(o.index);
  const argFile = o.values.get("-a") ?? o.values.get("--arg-file");
  const reads = argFile === void 0 || argFile === "-" ? [] : [
    invocation("xargs", [
      literalWord(argFile)
    ], context)
  ];
  if (child.length === 0) return reads;
  const inner = {
    ...context,
    origin: "xargs",
    stdin: null
  };
  const programs = unwrap2(child, inner, hops + 1);
  if (programs.length === 0) return [
    ...reads,
    invocation("", [], inner)
  ];
  const fromFile = o.values.has("-a") || o.values.has("--arg-file");
  const literal = !fromFile && context.stdin !== null && !SHELLS.has(programs[0]?.name ?? "");
  const inputs = literal ? (context.stdin ?? []).slice(0, MAX_EXPANSIONS) : [
    dynamicWord("{input}")
  ];
  if (token !== null) {
    const known = {
      ...inner,
      origin: "direct"
    };
    return [
      ...reads,
      ...literal && child.some((w) => w.value.includes(token)) ? inputs.flatMap((line) => unwrap2(substitute(child, token, line), known, hops + 1)) : unwrap2(substitute(child, token, dynamicWord(INPUT_LINE)), inner, hops + 1)
    ];
  }
  return [
    ...reads,
    ...unwrap2([
      ...child,
      ...inputs
    ], inner, hops + 1)
  ];
}
var PARALLEL_PLACEHOLDER = /\{\d*\}/;
var UNVERIFIED_PLACEHOLDER = /\{\d*(?:\.|\/|\/\/|\/\.|#|%)\}/;
var PARALLEL_MARKERS = /* @__PURE__ */ new Set([
  ":::",
  "::::",
  ":::+",
  "::::+"
]);
var PARALLEL_NO_RUN = /* @__PURE__ */ new Set([
  "--version",
  "--help",
  "-h",
  "--dry-run",
  "--dryrun",
  "--citation",
  "--bibtex",
  "--number-of-cpus",
  "--number-of-cores",
  "--number-of-threads",
  "--max-line-length-allowed",
  "--minversion"
]);
function expandParallel(rest, context, hops, unwrap2) {
  const o = readOptions(rest, "jNnLSdEIa", [
    "--jobs",
    "--sshlogin",
    "--results",
    "--joblog",
    "--tmpdir",
    "--workdir",
    "--delay",
    "--timeout",
    "--memfree",
    "--load",
    "--colsep",
    "--delimiter",
    "--arg-sep",
    "--arg-file-sep",
    "--arg-file",
    "--basefile",
    "--return",
    "--env",
    "--nice",
    "--retries",
    "--max-args",
    "--tag-string",
    "--sshloginfile"
  ]);
  if (o.flags.some((f) => PARALLEL_NO_RUN.has(f))) return [];
  const words = rest.slice(o.index);
  const marker = words.findIndex((w) => PARALLEL_MARKERS.has(w.value));
  const template = words.slice(0, marker === -1 ? void 0 : marker);
  let values;
  let origin = "direct";
  if (template.some((w) => UNVERIFIED_PLACEHOLDER.test(w.value))) {
    return [
      invocation("", template, {
        ...context,
        origin: "parallel"
      })
    ];
  }
  if (marker === -1) {
    if (template.length === 0) {
      return [
        invocation("", [], {
          ...context,
          origin: "parallel"
        })
      ];
    }
    values = [
      dynamicWord("{input}")
    ];
    origin = "parallel";
  } else {
    let fromFile = false;
    values = [];
    for (const w of words.slice(marker)) {
      if (PARALLEL_MARKERS.has(w.value)) fromFile = w.value.startsWith("::::");
      else values.push(fromFile ? dynamicWord("{file}") : w);
    }
    values = values.slice(0, MAX_EXPANSIONS);
    if (values.some((v) => v.dynamic)) origin = "parallel";
  }
  const inner = {
    ...context,
    origin,
    stdin: null
  };
  if (template.length === 0) {
    return values.map((v) => invocation("sh", [
      literalWord("-c"),
      v
    ], inner));
  }
  return values.flatMap((value) => {
    const placed = template.some((w) => PARALLEL_PLACEHOLDER.test(w.value));
    const line = placed ? template.map((w) => {
      let out = w;
      let m = PARALLEL_PLACEHOLDER.exec(out.value);
      while (m !== null) {
        out = substitute([
          out
        ], m[0], value)[0];
        m = PARALLEL_PLACEHOLDER.exec(out.value);
      }
      return out;
    }) : [
      ...template,
      value
    ];
    return unwrap2(line, inner, hops + 1);
  });
}

// src/safety/_shell_scanner.ts
var ParseFailure = class extends Error {
  /** Whether the text was beyond the limits rather than malformed. */
  tooComplex;
  constructor(message, tooComplex) {
    super(message);
    this.tooComplex = tooComplex;
  }
};
var Scanner = class {
  src;
  shared;
  pos = 0;
  depth;
  /** Heredocs of this text whose bodies come after the next newline. */
  pending = [];
  constructor(src, shared, depth) {
    this.src = src;
    this.shared = shared;
    this.depth = depth;
  }
  /** The character at the cursor. */
  get peek() {
    return this.src[this.pos];
  }
  /** Whether the text at the cursor starts with `text`. */
  at(text) {
    return this.src.startsWith(text, this.pos);
  }
  /** Stops the parse: the text is malformed. */
  fail(message) {
    throw new ParseFailure(message, false);
  }
  /** Goes one level deeper, within the depth limit. */
  enter() {
    this.depth++;
    if (this.depth > this.shared.maxDepth) {
      throw new ParseFailure(`nesting deeper than ${this.shared.maxDepth} levels`, true);
    }
  }
  /** Comes back one level. */
  leave() {
    this.depth--;
  }
  /** Skips blanks, continued lines and a comment, not newlines. */
  skipBlanks() {
    for (; ; ) {
      const c = this.peek;
      if (c === " " || c === "	") this.pos++;
      else if (c === "\\" && this.src[this.pos + 1] === "\n") this.pos += 2;
      else if (c === "#") {
        while (this.pos < this.src.length && this.peek !== "\n") {
          this.pos++;
        }
      } else return;
    }
  }
  /** Counts one more word, within the word limit. */
  countWord() {
    this.shared.words++;
    if (this.shared.words > this.shared.maxWords) {
      throw new ParseFailure(`more than ${this.shared.maxWords} words`, true);
    }
  }
};
var WordBuilder = class {
  value = "";
  dynamic = false;
  prefix = "";
  quoted = false;
  substitutions = [];
  alternatives = null;
  /** Appends literal text. */
  literal(text) {
    this.value += text;
  }
  /** Appends a part known only at run time; the first one fixes the literal prefix. */
  dynamicPart(text, prefix = "") {
    if (!this.dynamic) {
      this.dynamic = true;
      this.prefix = this.value + prefix;
    }
    this.value += text;
  }
};
function isMeta(c) {
  return c === void 0 || c === " " || c === "	" || c === "\n" || c === ";" || c === "&" || c === "|" || c === "(" || c === ")" || c === "<" || c === ">";
}
function isNameStart(c) {
  return c !== void 0 && /[A-Za-z_]/.test(c);
}
function isNameChar(c) {
  return c !== void 0 && /[A-Za-z0-9_]/.test(c);
}
function isNameOnly(text) {
  return text.length > 0 && isNameStart(text[0]) && [
    ...text
  ].every((c) => isNameChar(c));
}
function copyContext(ctx, patch = {}) {
  return {
    ...ctx,
    vars: new Map(ctx.vars),
    loops: new Map(ctx.loops),
    ...patch
  };
}

// src/safety/_shell_expansions.ts
function scanExpansions(s, text, ctx) {
  const sub = new Scanner(text, s.shared, s.depth);
  const builder = new WordBuilder();
  while (sub.pos < text.length) {
    const c = sub.peek;
    if (c === "\\") {
      builder.literal(text[sub.pos + 1] ?? "");
      sub.pos += 2;
    } else if (c === "$") readDollar(sub, builder, ctx);
    else if (c === "`") readBacktick(sub, builder, ctx);
    else {
      builder.literal(c ?? "");
      sub.pos++;
    }
  }
  return builder;
}
function scanNested(s, inner, b, ctx) {
  s.enter();
  const sub = scanExpansions(s, inner, copyContext(ctx, {
    inSub: true
  }));
  s.leave();
  b.substitutions.push(...sub.substitutions);
}
function readDollar(s, b, ctx) {
  const start = s.pos;
  const next = s.src[s.pos + 1];
  if (next === "(" && s.src[s.pos + 2] === "(") {
    const end = arithmeticEnd(s);
    if (end !== -1) {
      const inner = s.src.slice(s.pos + 3, end);
      s.pos = end + 2;
      scanNested(s, inner, b, ctx);
      b.dynamicPart(s.src.slice(start, s.pos));
      return;
    }
  }
  if (next === "(") {
    b.substitutions.push(...substitutionList(s, ctx));
    b.dynamicPart(s.src.slice(start, s.pos));
    return;
  }
  if (next === "{") {
    let depth = 0;
    let i = s.pos + 1;
    for (; i < s.src.length; i++) {
      const c = s.src[i];
      if (c === "\\") i++;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    if (i >= s.src.length) s.fail('unterminated "${"');
    const inner = s.src.slice(s.pos + 2, i);
    s.pos = i + 1;
    const known = isNameOnly(inner) ? lookup(s, inner, ctx) : null;
    if (known !== null) {
      b.literal(known);
      return;
    }
    if (isNameOnly(inner) && loopVariable(inner, b, ctx)) return;
    if (inner.includes("$") || inner.includes("`")) {
      scanNested(s, inner, b, ctx);
    }
    b.dynamicPart(s.src.slice(start, s.pos));
    return;
  }
  if (isNameStart(next)) {
    let end = s.pos + 1;
    while (isNameChar(s.src[end])) end++;
    const name = s.src.slice(s.pos + 1, end);
    s.pos = end;
    const known = lookup(s, name, ctx);
    if (known !== null) b.literal(known);
    else if (!loopVariable(name, b, ctx)) b.dynamicPart(`$${name}`);
    return;
  }
  if (next !== void 0 && /[0-9@*#?$!-]/.test(next)) {
    s.pos += 2;
    b.dynamicPart(`$${next}`);
    return;
  }
  b.literal("$");
  s.pos++;
}
function arithmeticEnd(s) {
  let depth = 0;
  for (let i = s.pos + 3; i < s.src.length; i++) {
    const c = s.src[i];
    if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) return s.src[i + 1] === ")" ? i : -1;
      depth--;
    }
  }
  return -1;
}
function loopVariable(name, b, ctx) {
  const range = ctx.vars.has(name) ? void 0 : ctx.loops.get(name);
  if (range === void 0) return false;
  if (b.value === "" && range.alternatives) {
    b.alternatives = range.alternatives;
  } else b.alternatives = null;
  b.dynamicPart(range.value, range.literalPrefix);
  b.substitutions.push(...range.substitutions);
  return true;
}
function lookup(s, name, ctx) {
  if (ctx.vars.has(name)) return ctx.vars.get(name) ?? null;
  if (name === "HOME") return s.shared.home;
  if (name === "PWD") return ctx.cwd;
  return null;
}
function readBacktick(s, b, ctx) {
  const start = s.pos;
  s.pos++;
  let inner = "";
  for (; ; ) {
    const c = s.peek;
    if (c === void 0) s.fail("unterminated backtick");
    s.pos++;
    if (c === "`") break;
    if (c === "\\") {
      const next = s.peek;
      if (next === "`" || next === "\\" || next === "$") {
        inner += next;
        s.pos++;
        continue;
      }
    }
    inner += c;
  }
  const before = s.shared.commands.length;
  const sub = new Scanner(inner, s.shared, s.depth);
  sub.enter();
  s.shared.grammar.program(sub, copyContext(ctx, {
    inSub: true
  }));
  b.substitutions.push(...s.shared.commands.slice(before));
  b.dynamicPart(s.src.slice(start, s.pos));
}
function readProcessSubstitution(s, ctx) {
  const start = s.pos;
  const substitutions = substitutionList(s, ctx);
  s.countWord();
  const raw = s.src.slice(start, s.pos);
  return {
    value: raw,
    raw,
    dynamic: true,
    literalPrefix: "",
    quoted: false,
    substitutions
  };
}
function substitutionList(s, ctx) {
  s.pos += 2;
  const before = s.shared.commands.length;
  s.enter();
  s.shared.grammar.list(s, copyContext(ctx, {
    inSub: true
  }), ")");
  s.leave();
  s.pos++;
  return s.shared.commands.slice(before);
}

// src/safety/_shell_words.ts
function readWord(s, ctx) {
  s.countWord();
  const start = s.pos;
  const b = new WordBuilder();
  if (s.peek === "~") tilde(s, b, ctx);
  for (; ; ) {
    const c = s.peek;
    if (isMeta(c)) break;
    if (c === "\\") {
      const next = s.src[s.pos + 1];
      s.pos += 2;
      if (next === "\n") continue;
      b.quoted = true;
      b.literal(next ?? "");
    } else if (c === "'") {
      b.quoted = true;
      const end = s.src.indexOf("'", s.pos + 1);
      if (end === -1) s.fail("unterminated single quote");
      b.literal(s.src.slice(s.pos + 1, end));
      s.pos = end + 1;
    } else if (c === '"') {
      doubleQuoted(s, b, ctx);
    } else if (c === "$" && s.src[s.pos + 1] === "'") {
      b.quoted = true;
      s.pos += 2;
      b.literal(ansiC(s));
    } else if (c === "$" && s.src[s.pos + 1] === '"') {
      s.pos++;
      doubleQuoted(s, b, ctx);
    } else if (c === "$") {
      readDollar(s, b, ctx);
    } else if (c === "`") {
      readBacktick(s, b, ctx);
    } else if (c === "~" && !b.quoted && /^[A-Za-z_][A-Za-z0-9_]*=$/.test(b.value)) {
      tilde(s, b, ctx);
    } else if (c === "*" || c === "?" || c === "[" && closesBracket(s)) {
      b.dynamicPart(c);
      s.pos++;
    } else if (c === "{" && isBraceExpansion(s)) {
      b.dynamicPart(c);
      s.pos++;
    } else {
      b.literal(c ?? "");
      s.pos++;
    }
  }
  const raw = s.src.slice(start, s.pos);
  return {
    value: b.value,
    raw,
    dynamic: b.dynamic,
    literalPrefix: b.dynamic ? b.prefix : b.value,
    quoted: b.quoted,
    substitutions: b.substitutions,
    ...b.alternatives && /^"?\$\{?\w+\}?"?$/.test(raw) ? {
      alternatives: b.alternatives
    } : {}
  };
}
function isAssignment(word, raw) {
  const eq = raw.indexOf("=");
  if (eq <= 0) return false;
  const name = raw.slice(0, raw[eq - 1] === "+" ? eq - 1 : eq);
  return isNameOnly(name) && word.value.startsWith(raw.slice(0, eq));
}
function closesBracket(s) {
  for (let i = s.pos + 1; i < s.src.length; i++) {
    const c = s.src[i];
    if (isMeta(c)) return false;
    if (c === "]") return true;
  }
  return false;
}
function isBraceExpansion(s) {
  let depth = 0;
  for (let i = s.pos; i < s.src.length; i++) {
    const c = s.src[i];
    if (isMeta(c)) return false;
    if (c === "{") depth++;
    if (c === "}" && --depth === 0) {
      const inner = s.src.slice(s.pos + 1, i);
      return inner.includes(",") || inner.includes("..");
    }
  }
  return false;
}
function tilde(s, b, ctx) {
  let end = s.pos + 1;
  while (!isMeta(s.src[end]) && s.src[end] !== "/") end++;
  const user = s.src.slice(s.pos + 1, end);
  if (user === "" && s.shared.home !== null) b.literal(s.shared.home);
  else if (user === "+" && ctx.cwd !== null) b.literal(ctx.cwd);
  else b.dynamicPart(s.src.slice(s.pos, end));
  s.pos = end;
}
function doubleQuoted(s, b, ctx) {
  b.quoted = true;
  s.pos++;
  for (; ; ) {
    const c = s.peek;
    if (c === void 0) s.fail("unterminated double quote");
    if (c === '"') {
      s.pos++;
      return;
    }
    if (c === "\\") {
      const next = s.src[s.pos + 1];
      if (next === "\n") s.pos += 2;
      else if (next === "$" || next === "`" || next === '"' || next === "\\") {
        b.literal(next);
        s.pos += 2;
      } else {
        b.literal("\\");
        s.pos++;
      }
    } else if (c === "$") readDollar(s, b, ctx);
    else if (c === "`") readBacktick(s, b, ctx);
    else {
      b.literal(c);
      s.pos++;
    }
  }
}
function ansiC(s) {
  let out = "";
  for (; ; ) {
    const c = s.peek;
    if (c === void 0) s.fail("unterminated $'\u2026' quote");
    s.pos++;
    if (c === "'") return out;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = s.peek ?? "";
    s.pos++;
    const simple = {
      n: "\n",
      t: "	",
      r: "\r",
      a: "\x07",
      b: "\b",
      e: "\x1B",
      E: "\x1B",
      f: "\f",
      v: "\v",
      "\\": "\\",
      "'": "'",
      '"': '"',
      "?": "?"
    };
    const mapped = simple[e];
    if (mapped !== void 0) out += mapped;
    else if (e === "x" || e === "u" || e === "U") {
      const max = e === "x" ? 2 : e === "u" ? 4 : 8;
      let hex = "";
      while (hex.length < max && /[0-9a-fA-F]/.test(s.peek ?? "")) {
        hex += s.src[s.pos++];
      }
      out += hex === "" ? `\\${e}` : String.fromCodePoint(parseInt(hex, 16));
    } else if (/[0-7]/.test(e)) {
      let oct = e;
      while (oct.length < 3 && /[0-7]/.test(s.peek ?? "")) {
        oct += s.src[s.pos++];
      }
      out += String.fromCharCode(parseInt(oct, 8) & 255);
    } else if (e === "c") {
      const ch = s.src[s.pos++] ?? "";
      out += String.fromCharCode(ch.toUpperCase().charCodeAt(0) ^ 64);
    } else out += `\\${e}`;
  }
}

// src/safety/_shell_redirects.ts
var REDIRECT_OPERATORS = [
  "&>>",
  "&>",
  "<<<",
  "<<-",
  "<<",
  "<>",
  "<&",
  ">>",
  ">&",
  ">|",
  "<",
  ">"
];
function atRedirect(s) {
  let i = s.pos;
  while (/[0-9]/.test(s.src[i] ?? "")) i++;
  const c = s.src[i];
  if (i > s.pos) return c === "<" || c === ">";
  if (c === "<" || c === ">") return s.src[i + 1] !== "(";
  return c === "&" && s.src[i + 1] === ">";
}
function readRedirect(s, ctx) {
  let digits = "";
  while (/[0-9]/.test(s.peek ?? "")) digits += s.src[s.pos++];
  const op = REDIRECT_OPERATORS.find((o) => s.at(o));
  if (op === void 0) s.fail("bad redirection");
  s.pos += op.length;
  s.skipBlanks();
  if ((s.peek === "<" || s.peek === ">") && s.src[s.pos + 1] === "(" && op !== "<<" && op !== "<<-") {
    const fd2 = digits === "" ? null : Number(digits);
    return {
      op,
      fd: fd2,
      target: readProcessSubstitution(s, ctx),
      heredoc: null
    };
  }
  if (isMeta(s.peek)) s.fail(`missing target after "${op}"`);
  const fd = digits === "" ? null : Number(digits);
  if (op === "<<" || op === "<<-") {
    const word = readWord(s, {
      ...ctx,
      vars: /* @__PURE__ */ new Map(),
      loops: /* @__PURE__ */ new Map()
    });
    const heredoc = {
      delimiter: word.quoted ? unquoteDelimiter(word.raw) : word.raw,
      quoted: word.quoted,
      stripTabs: op === "<<-",
      body: ""
    };
    const redirect = {
      op,
      fd,
      target: null,
      heredoc
    };
    s.pending.push({
      redirect,
      heredoc,
      ctx: copyContext(ctx)
    });
    return redirect;
  }
  return {
    op,
    fd,
    target: readWord(s, ctx),
    heredoc: null
  };
}
function newline(s) {
  s.pos++;
  const pending = s.pending;
  s.pending = [];
  for (const entry of pending) readHeredoc(s, entry);
}
function skipBlanksAndNewlines(s) {
  for (; ; ) {
    s.skipBlanks();
    if (s.peek !== "\n") return;
    newline(s);
  }
}
function readHeredoc(s, entry) {
  const { heredoc } = entry;
  const lines = [];
  while (s.pos < s.src.length) {
    let end = s.src.indexOf("\n", s.pos);
    if (end === -1) end = s.src.length;
    let line = s.src.slice(s.pos, end);
    s.pos = Math.min(end + 1, s.src.length);
    if (heredoc.stripTabs) line = line.replace(/^\t+/, "");
    if (line === heredoc.delimiter) {
      heredoc.body = lines.join("\n");
      if (!heredoc.quoted) scanExpansions(s, heredoc.body, entry.ctx);
      return;
    }
    lines.push(line);
  }
  heredoc.body = lines.join("\n");
  if (!heredoc.quoted) scanExpansions(s, heredoc.body, entry.ctx);
}
function unquoteDelimiter(raw) {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "'" || c === '"') continue;
    if (c === "\\") {
      out += raw[++i] ?? "";
      continue;
    }
    out += c;
  }
  return out;
}

// src/safety/_shell_compound.ts
var RESERVED_SKIPPED = /* @__PURE__ */ new Set([
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "!",
  "esac"
]);
var PREFIXES = /* @__PURE__ */ new Set([
  "builtin",
  "command",
  "time"
]);
var DECLARATIONS2 = /* @__PURE__ */ new Set([
  "export",
  "declare",
  "typeset",
  "local",
  "readonly"
]);
var COMMAND_GRAMMAR = {
  list,
  program
};
function program(s, ctx) {
  list(s, ctx, null);
  if (s.pos < s.src.length) s.fail("unexpected text");
}
function list(s, ctx, end) {
  for (; ; ) {
    skipBlanksAndNewlines(s);
    const c = s.peek;
    if (c === void 0) {
      if (end !== null) s.fail(`missing "${end}"`);
      return;
    }
    if (c === ")") {
      if (end === ")") return;
      s.fail('unexpected ")"');
    }
    if (end === "}" && atReserved(s, "}")) return;
    if (c === ";" || c === "&" || c === "|") {
      s.fail(`unexpected "${c}"`);
    }
    pipeline(s, ctx);
    s.skipBlanks();
    if (s.at("&&") || s.at("||")) {
      s.pos += 2;
      skipBlanksAndNewlines(s);
      const next = s.src[s.pos];
      if (next === void 0 || next === ")" || next === ";" || next === "&" || next === "|") {
        s.fail("missing command after a connector");
      }
    } else if (s.at(";;")) s.fail('unexpected ";;"');
    else if (s.peek === ";" || s.peek === "&") s.pos++;
    else if (s.peek === "\n") newline(s);
    else if (s.peek === void 0 || s.peek === ")") continue;
    else if (end === "}" && atReserved(s, "}")) continue;
    else s.fail(`unexpected "${s.peek}"`);
  }
}
function atReserved(s, word) {
  return s.at(word) && isMeta(s.src[s.pos + word.length]);
}
function pipeline(s, ctx) {
  const id = s.shared.pipelines++;
  const members = [];
  for (; ; ) {
    members.push(command(s, ctx, id, members.length));
    s.skipBlanks();
    if (s.peek === "|" && !s.at("||")) {
      s.pos += s.at("|&") ? 2 : 1;
      skipBlanksAndNewlines(s);
      const next = s.src[s.pos];
      if (next === void 0 || next === ")" || next === ";" || next === "&" || next === "|") {
        s.fail("missing command after a pipe");
      }
      continue;
    }
    break;
  }
  const background = s.peek === "&" && !s.at("&&") && !s.at("&>");
  for (const member of members) {
    if (member === null) continue;
    member.pipelineLength = members.length;
    member.background = background;
  }
  const only = members[0];
  if (members.length === 1 && only) applyEffects(s, only, ctx);
}
function applyEffects(s, command2, ctx) {
  const declares = DECLARATIONS2.has(command2.argv[0]?.value ?? "");
  if (command2.argv.length === 0 || declares) {
    const words2 = declares ? command2.argv.slice(1).filter((w) => isAssignment(w, w.raw)) : command2.assignments;
    for (const assignment of words2) {
      const eq = assignment.value.indexOf("=");
      const name2 = assignment.value.slice(0, eq);
      ctx.vars.set(name2, assignment.dynamic ? null : assignment.value.slice(eq + 1));
    }
    return;
  }
  let words = command2.argv;
  while (PREFIXES.has(words[0]?.value ?? "")) {
    words = words.slice(1);
    while (words[0] && /^-[a-z]+$/.test(words[0].value)) {
      words = words.slice(1);
    }
    if (words[0]?.value === "--") words = words.slice(1);
  }
  const name = words[0]?.value;
  if (name === "popd") ctx.cwd = null;
  const mover = name === void 0 ? void 0 : s.shared.movers.get(name);
  if (mover) ctx.cwd = ctx.cwd === mover.from ? mover.to : null;
  if (name !== "cd" && name !== "pushd") return;
  const args = words.slice(1);
  while (args[0] && /^-[LPe@]+$/.test(args[0].value)) args.shift();
  if (args[0]?.value === "--") args.shift();
  const target = args[0];
  if (target === void 0) {
    ctx.cwd = s.shared.home;
  } else if (target.dynamic || target.value === "-") {
    ctx.cwd = null;
  } else if (target.value.startsWith("/")) {
    ctx.cwd = resolveFrom("/", target.value);
  } else {
    ctx.cwd = ctx.cwd === null ? null : resolveFrom(ctx.cwd, target.value);
  }
}
function compoundRedirects(s, ctx, id, index) {
  const redirects = [];
  for (; ; ) {
    s.skipBlanks();
    if (!atRedirect(s)) break;
    redirects.push(readRedirect(s, ctx));
  }
  if (redirects.length > 0) {
    register(s, ctx, {
      argv: [],
      assignments: [],
      redirects
    }, id, index);
  }
}
function register(s, ctx, parts, id, index) {
  const command2 = {
    ...parts,
    cwd: ctx.cwd,
    inSubstitution: ctx.inSub,
    pipeline: id,
    pipelineIndex: index,
    pipelineLength: 1,
    background: false,
    functionName: ctx.fn
  };
  s.shared.commands.push(command2);
  return command2;
}
function command(s, ctx, id, index) {
  s.skipBlanks();
  if (s.peek === "(") {
    s.pos++;
    s.enter();
    list(s, copyContext(ctx), ")");
    s.leave();
    s.pos++;
    compoundRedirects(s, ctx, id, index);
    return null;
  }
  if (atReserved(s, "{")) {
    s.pos++;
    s.enter();
    list(s, ctx, "}");
    s.leave();
    s.pos++;
    compoundRedirects(s, ctx, id, index);
    return null;
  }
  const argv = [];
  const assignments = [];
  const redirects = [];
  for (; ; ) {
    s.skipBlanks();
    const c = s.peek;
    if ((c === "<" || c === ">") && s.src[s.pos + 1] === "(") {
      argv.push(readProcessSubstitution(s, ctx));
      continue;
    }
    if (atRedirect(s)) {
      redirects.push(readRedirect(s, ctx));
      continue;
    }
    if (c === "(") {
      const name = argv[0];
      if (argv.length === 1 && name && !name.dynamic) {
        return functionBody(s, ctx, name.value, id, index);
      }
      s.fail('unexpected "("');
    }
    if (isMeta(c)) break;
    const start = s.pos;
    const word = readWord(s, ctx);
    if (argv.length === 0 && !word.quoted) {
      if (RESERVED_SKIPPED.has(word.value)) continue;
      if (word.value === "case") {
        throw new ParseFailure("case statements are not analysed", true);
      }
      if (word.value === "for" || word.value === "select") {
        loopHeader(s, ctx);
        return null;
      }
      if (word.value === "function") {
        s.skipBlanks();
        const name = readWord(s, ctx);
        s.skipBlanks();
        if (s.at("()")) s.pos += 2;
        return functionBody(s, ctx, name.value, id, index, true);
      }
    }
    if (argv.length === 0 && isAssignment(word, s.src.slice(start, s.pos))) {
      if (s.peek === "(") {
        const items = arrayLiteral(s, ctx);
        word.dynamic = true;
        const name = word.value.slice(0, word.value.indexOf("="));
        ctx.vars.set(`${name}[@]`, items.some((w) => w.dynamic) ? null : JSON.stringify(items.map((w) => w.value)));
      }
      assignments.push(word);
      continue;
    }
    argv.push(...arrayWords(word, ctx) ?? [
      word
    ]);
  }
  if (argv.length === 0 && assignments.length === 0 && redirects.length === 0) {
    return null;
  }
  return register(s, ctx, {
    argv,
    assignments,
    redirects
  }, id, index);
}
function loopHeader(s, ctx) {
  const words = [];
  for (; ; ) {
    s.skipBlanks();
    if (isMeta(s.peek)) break;
    words.push(readWord(s, ctx));
  }
  const [name, keyword, ...list2] = words;
  if (!name || keyword?.value !== "in" || !isNameOnly(name.value)) return;
  ctx.vars.delete(name.value);
  if (list2.length === 0) return;
  if (list2.length === 1 && list2[0]) {
    if (list2[0].dynamic) ctx.loops.set(name.value, list2[0]);
    else ctx.vars.set(name.value, list2[0].value);
    return;
  }
  let prefix = list2[0]?.literalPrefix ?? "";
  for (const w of list2) {
    while (!w.literalPrefix.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  ctx.loops.set(name.value, {
    value: `$${name.value}`,
    raw: `$${name.value}`,
    dynamic: true,
    literalPrefix: prefix,
    quoted: false,
    substitutions: list2.flatMap((w) => w.substitutions),
    ...list2.every((w) => !w.dynamic) ? {
      alternatives: list2.map((w) => w.value)
    } : {}
  });
}
function arrayLiteral(s, ctx) {
  s.pos++;
  const items = [];
  for (; ; ) {
    skipBlanksAndNewlines(s);
    if (s.peek === ")") {
      s.pos++;
      return items;
    }
    if (isMeta(s.peek)) s.fail("unterminated array");
    items.push(readWord(s, ctx));
  }
}
function arrayWords(word, ctx) {
  const m = /^"?\$\{(\w+)\[[@*]\]\}"?$/.exec(word.raw);
  const known = m ? ctx.vars.get(`${m[1]}[@]`) : void 0;
  if (known === void 0 || known === null) return null;
  return JSON.parse(known).map((value) => ({
    value,
    raw: value,
    dynamic: false,
    literalPrefix: value,
    quoted: true,
    substitutions: []
  }));
}
function functionBody(s, ctx, name, id, index, parensDone = false) {
  if (!parensDone) {
    s.pos++;
    s.skipBlanks();
    if (s.peek !== ")") s.fail('expected ")"');
    s.pos++;
  }
  skipBlanksAndNewlines(s);
  s.enter();
  const body = copyContext(ctx, {
    fn: name
  });
  command(s, body, id, index);
  s.leave();
  if (body.cwd !== ctx.cwd) {
    s.shared.movers.set(name, {
      from: ctx.cwd,
      to: body.cwd
    });
  } else s.shared.movers.delete(name);
  return null;
}

// src/safety/shell_parse.ts
function parseShell(command2, options = {}) {
  const maxLength = options.maxLength ?? 1e5;
  if (command2.length > maxLength) {
    return {
      ok: false,
      reason: `longer than ${maxLength} characters`,
      tooComplex: true
    };
  }
  const shared = {
    home: options.home ?? null,
    maxWords: options.maxWords ?? 1e4,
    maxDepth: options.maxDepth ?? 12,
    words: 0,
    pipelines: 0,
    commands: [],
    movers: /* @__PURE__ */ new Map(),
    grammar: COMMAND_GRAMMAR
  };
  const ctx = {
    cwd: options.cwd ?? null,
    inSub: false,
    fn: null,
    vars: /* @__PURE__ */ new Map(),
    loops: /* @__PURE__ */ new Map()
  };
  try {
    COMMAND_GRAMMAR.program(new Scanner(command2, shared, 0), ctx);
  } catch (error) {
    if (error instanceof ParseFailure) {
      return {
        ok: false,
        reason: error.message,
        tooComplex: error.tooComplex
      };
    }
    throw error;
  }
  return {
    ok: true,
    commands: shared.commands
  };
}

// src/safety/_unwrap.ts
var MAX_HOPS = 16;
var ASSIGNMENT_LIKE = /^[^/=]*=/;
function chdir(cwd, dir) {
  if (dir.startsWith("/")) return resolveFrom("/", dir);
  return cwd === null ? null : resolveFrom(cwd, dir);
}
function firstCommandWords(text, cwd, home) {
  const parsed = parseShell(text, {
    cwd,
    home
  });
  return parsed.ok ? parsed.commands[0]?.argv ?? [] : [];
}
function unwrap(words, context, hops = 0) {
  if (words.length === 0 || hops > MAX_HOPS) return [];
  const first = words[0];
  const rest = words.slice(1);
  const next = (from, patch = {}) => unwrap(rest.slice(from), {
    ...context,
    ...patch
  }, hops + 1);
  if (!first.dynamic && ASSIGNMENT_LIKE.test(first.value)) {
    return unwrap(rest, withVariable(context, first), hops + 1);
  }
  const name = commandName(first);
  switch (name) {
    case "sudo":
    case "doas": {
      const o = readOptions(rest, "ugCDhprtTU", [
        "--user",
        "--group",
        "--host",
        "--prompt",
        "--close-from",
        "--chdir",
        "--role",
        "--type",
        "--command-timeout",
        "--other-user"
      ]);
      const dir = o.values.get("-D") ?? o.values.get("--chdir");
      return withAssignments(rest, o.index, context, hops, dir === void 0 ? context.cwd : chdir(context.cwd, dir));
    }
    case "env": {
      const o = readOptions(rest, "uCSP", [
        "--unset",
        "--chdir",
        "--split-string"
      ], true);
      const dir = o.values.get("-C") ?? o.values.get("--chdir");
      const cwd = dir === void 0 ? context.cwd : chdir(context.cwd, dir);
      const split = o.values.get("-S") ?? o.values.get("--split-string");
      if (split !== void 0) {
        const inner = firstCommandWords(split, cwd, context.home);
        return unwrap([
          ...inner,
          ...rest.slice(o.index)
        ], {
          ...context,
          cwd
        }, hops + 1);
      }
      return withAssignments(rest, o.index, context, hops, cwd);
    }
    case "command":
      if (/^-p?v$/.test(rest[0]?.value ?? "")) return [];
      return next(readOptions(rest, "").index);
    case "builtin":
    case "nohup":
    case "setsid":
    case "unbuffer":
      return next(readOptions(rest, "").index);
    case "exec":
      return next(readOptions(rest, "a").index);
    case "time":
      return next(readOptions(rest, "fo", [
        "--format",
        "--output"
      ]).index);
    case "nice":
      return next(readOptions(rest, "n", [
        "--adjustment"
      ]).index);
    case "ionice":
      return next(readOptions(rest, "cnpPu").index);
    case "stdbuf":
      return next(readOptions(rest, "ioe").index);
    case "timeout":
      return next(readOptions(rest, "sk", [
        "--signal",
        "--kill-after"
      ]).index + 1);
    case "watch": {
      const o = readOptions(rest, "n", [
        "--interval"
      ]);
      const tail = rest.slice(o.index);
      if (tail.length === 1 && tail[0]) {
        const inner = firstCommandWords(tail[0].value, context.cwd, context.home);
        return unwrap(inner, context, hops + 1);
      }
      return next(o.index);
    }
    case "busybox":
    case "toybox":
      return rest[0]?.value.startsWith("-") ? [] : next(0);
    case "systemd-run":
      return next(readOptions(rest, "upEMH", [
        "--unit",
        "--property",
        "--description",
        "--slice",
        "--setenv",
        "--uid",
        "--gid",
        "--machine",
        "--host",
        "--working-directory",
        "--on-active",
        "--on-calendar",
        "--on-boot",
        "--on-unit-active"
      ]).index);
    case "xargs":
      return expandXargs(rest, context, hops, unwrap);
    case "parallel":
      return expandParallel(rest, context, hops, unwrap);
    case "find":
      return [
        invocation(name, rest, context),
        ...expandFindExec(rest, context, hops)
      ];
    default:
      return [
        invocation(name, rest, context)
      ];
  }
}
function withAssignments(rest, from, context, hops, cwd) {
  let i = from;
  let inner = {
    ...context,
    cwd
  };
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]?.value ?? "")) {
    inner = withVariable(inner, rest[i]);
    i++;
  }
  return unwrap(rest.slice(i), inner, hops + 1);
}
function withVariable(context, word) {
  const eq = word.value.indexOf("=");
  const name = word.value.slice(0, eq);
  const values = new Map(context.envValues);
  values.set(name, word.dynamic ? null : word.value.slice(eq + 1));
  return {
    ...context,
    envNames: [
      ...context.envNames,
      name
    ],
    envValues: values
  };
}
function expandFindExec(args, context, hops) {
  const out = [];
  const starts = scopedStarts(args);
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]?.value;
    if (flag !== "-exec" && flag !== "-execdir" && flag !== "-ok" && flag !== "-okdir") continue;
    const words = [];
    let j = i + 1;
    for (; j < args.length; j++) {
      const w = args[j];
      if (w.value === ";" || w.value === "+") break;
      words.push(w.value.includes("{}") ? dynamicWord(w.value, w.value.slice(0, w.value.indexOf("{}"))) : w);
    }
    out.push(...unwrap(words, {
      ...context,
      origin: "find",
      stdin: null
    }, hops + 1).map((inv) => starts === null ? inv : {
      ...inv,
      findStarts: starts
    }));
    i = j;
  }
  return out;
}

// src/safety/_shells.ts
var GENERATORS = /^(?:sh|bash|zsh|dash|ksh|fish|python[0-9.]*|node|nodejs|deno|bun|perl|ruby|php|pwsh|powershell)$/;
function fromDownload(commands) {
  return commands.some((c) => unwrap(c.argv, {
    cwd: c.cwd,
    home: "/",
    origin: "direct",
    envNames: [],
    envValues: /* @__PURE__ */ new Map(),
    stdin: null
  }).some((i) => DOWNLOADERS.has(i.name)));
}
function remoteExec(name) {
  return deny("remote.exec", `Running code downloaded from the network through ${name} executes it unseen. Download it to a file, read it, then run it`);
}
function downloadedCode(inv, cmd, all) {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec(inv.name);
  }
  const readsStdin = inv.args.every((w) => w.value.startsWith("-") && !/^-[a-zA-Z]*[cemMrE]$/.test(w.value) || w.value === "-");
  const upstream = all.filter((c) => c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex);
  if (!readsStdin || !fromDownload(upstream)) return null;
  return deny("remote.pipe-shell", `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`);
}
function dynamicCode(name, env) {
  return env.level === "standard" ? allow() : deny("shell.dynamic", `The code given to ${name} is only known at run time. Run the commands directly`);
}
function shellFlags(args) {
  const out = {
    hasC: false,
    readsStdin: false,
    noExec: false,
    rcfile: null,
    index: 0
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (!(a.startsWith("-") || a.startsWith("+")) || a === "-") break;
    if (a === "-o" || a === "+o" || a === "-O" || a === "+O") {
      i++;
      continue;
    }
    if (/^[-+][oO]./.test(a)) {
      if (/^-o(?:no_?exec|n)$/i.test(a)) out.noExec = true;
      continue;
    }
    if (a === "--rcfile" || a === "--init-file") {
      out.rcfile = args[++i]?.value ?? null;
      continue;
    }
    if (!a.startsWith("--") && a.slice(1).includes("c")) out.hasC = true;
    if (!a.startsWith("--") && a.slice(1).includes("s")) out.readsStdin = true;
    if (/^-[a-zA-Z]*n/.test(a) && !a.startsWith("--")) out.noExec = true;
    if (a === "--command") out.hasC = true;
    if (/^[-+][a-zA-Z]+[oO]$/.test(a)) i++;
  }
  out.index = i;
  return out;
}
function checkStartupFiles(inv, flags, cmd, all, env) {
  const files = [
    inv.envValues.get("BASH_ENV"),
    inv.envValues.get("ENV"),
    flags.rcfile
  ];
  for (const file of files) {
    if (file === void 0 || file === null) continue;
    const text = writtenScript(all, cmd, file, inv.cwd);
    if (text === null) continue;
    const v = env.nested(text, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  return null;
}
function generatedCode(w, name) {
  for (const c of w.substitutions) {
    const generator = commandName(c.argv[0]);
    if (isBase64Decoder(c) || GENERATORS.test(generator)) {
      return deny("shell.generated", `${name} runs code printed by ${generator} at run time, which cannot be checked. Run the generator, read its output, then run the commands directly`);
    }
  }
  return null;
}
function variableProgram(code, name, cwd, env) {
  const parsed = parseShell(code, {
    cwd,
    home: env.home
  });
  if (!parsed.ok) return null;
  const hidden = parsed.commands.some((c) => {
    const first = c.argv[0];
    return first !== void 0 && first.dynamic && isOnlyVariable(first);
  });
  return hidden ? deny("shell.dynamic", `The code given to ${name} runs a program named only by a variable, which is only known at run time. Run the commands directly`) : null;
}
function fedByProcessSubstitution(all, cmd) {
  return cmd.inSubstitution && all.some((c) => c.argv.some((w) => w.raw.startsWith(">(") && w.substitutions.includes(cmd)));
}
function checkShell(inv, cmd, all, env) {
  const flags = shellFlags(inv.args);
  if (flags.noExec) return allow();
  const startup = checkStartupFiles(inv, flags, cmd, all, env);
  if (startup) return startup;
  const i = flags.index;
  const script = inv.args[i];
  if (flags.hasC) {
    if (script === void 0) {
      return inv.origin === "direct" ? allow() : shellFromInput(inv.name);
    }
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (inv.origin !== "direct" && script.dynamic) {
      return shellFromInput(inv.name);
    }
    if (script.dynamic) {
      const generated = generatedCode(script, `${inv.name} -c`);
      if (generated) return generated;
      if (env.level !== "standard" || isOnlyVariable(script)) {
        return deny("shell.dynamic", `The code given to ${inv.name} -c is only known at run time. Run the commands directly`);
      }
      return env.nested(script.value, inv.cwd, env);
    }
    const code = substitutePositional(script.value, inv.args.slice(i + 1));
    const v = env.nested(code, inv.cwd, env);
    if (v.verdict !== "allow") return v;
    return variableProgram(code, `${inv.name} -c`, inv.cwd, env) ?? v;
  }
  if (!flags.readsStdin && script !== void 0 && script.value !== "-" && script.value !== "/dev/stdin") {
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (inv.origin !== "direct" && script.dynamic) {
      return shellFromInput(inv.name);
    }
    if (isOnlyVariable(script)) return variableScript(inv.name);
    const v = script.dynamic ? null : checkLineFile(inv.name, script.value, cmd, all, inv.cwd, env, (text) => env.nested(substitutePositional(text, inv.args.slice(i)), inv.cwd, env));
    if (v) return v;
    noteRead(env, script, inv.cwd, inv.name);
    return allow();
  }
  for (const r of cmd.redirects) {
    if (r.heredoc) {
      const body = r.heredoc.quoted ? r.heredoc.body : expandHeredoc(r.heredoc.body, lineEnvironment(all, cmd));
      if (body === null) {
        return deny("shell.dynamic", `The code given to ${inv.name} through a here-doc is only known at run time. Run the commands directly`);
      }
      return env.nested(body, inv.cwd, env);
    }
    if (r.op === "<<<" && r.target) {
      if (isOnlyVariable(r.target)) {
        return deny("shell.dynamic", `The code given to ${inv.name} through <<< is only known at run time. Run the commands directly`);
      }
      if (r.target.dynamic) return dynamicCode(inv.name, env);
      return env.nested(r.target.value, inv.cwd, env);
    }
    if (r.op === "<" && r.target) return unverifiedStdin(inv.name);
  }
  const upstream = all.filter((c) => c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex);
  if (upstream.length === 0) {
    return fedByProcessSubstitution(all, cmd) ? unverifiedStdin(inv.name) : allow();
  }
  if (fromDownload(upstream)) {
    return deny("remote.pipe-shell", `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`);
  }
  const shown2 = pipedText(all, cmd);
  if (shown2 !== null && !flags.readsStdin && script === void 0) {
    return env.nested(shown2, inv.cwd, env);
  }
  return unverifiedStdin(inv.name);
}
function unverifiedStdin(name) {
  return deny("shell.pipe-unverified", `Feeding ${name} its code through stdin runs code that cannot be checked here. Write the commands out, or run the script file by name (${name} script.sh)`);
}
function variableScript(name) {
  return deny("shell.dynamic", `${name} runs a script named only by a variable, which cannot be checked. Name the script file literally`);
}
function isOnlyVariable(w) {
  return /^"?\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])"?$/.test(w.raw);
}
function shellFromInput(name) {
  return deny("shell.from-input", `${name} -c fed by xargs or parallel runs code made from its input, which cannot be checked. Run the commands directly`);
}
function printfText2(words) {
  const [format, ...args] = words;
  if (format === void 0) return "";
  if (/%(?!%|s)/.test(format)) return null;
  const slots = (format.match(/%s/g) ?? []).length;
  let out = "";
  let i = 0;
  do {
    out += format.replace(/%(%|s)/g, (_, c) => c === "%" ? "%" : args[i++] ?? "");
  } while (slots > 0 && i < args.length);
  return args.length > 0 && slots === 0 ? null : out;
}
function pipedText(all, cmd) {
  if (cmd.pipelineIndex === 0) return null;
  const feeder = all.find((c) => c.pipeline === cmd.pipeline && c.pipelineIndex === cmd.pipelineIndex - 1);
  const first = feeder?.argv[0];
  if (!feeder || !first || first.dynamic) return null;
  const name = first.value.slice(first.value.lastIndexOf("/") + 1);
  if (name === "echo" || name === "printf") {
    const words = feeder.argv.slice(1).filter((w) => !/^-[neE]+$/.test(w.value));
    if (words.some((w) => w.dynamic)) return null;
    const text = name === "printf" ? printfText2(words.map((w) => w.value).slice(words[0]?.value === "--" ? 1 : 0)) : words.map((w) => w.value).join(" ");
    if (text === null || /\\[^nt]/.test(text)) return null;
    return text.replaceAll("\\n", "\n").replaceAll("\\t", "	");
  }
  if (name === "cat" && feeder.argv.length === 1) {
    return feeder.redirects.find((r) => r.heredoc)?.heredoc?.body ?? null;
  }
  return null;
}
function checkEval(inv, env) {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec("eval");
  }
  if (inv.origin !== "direct" && inv.args.some((w) => w.dynamic)) {
    return deny("shell.from-input", `eval fed by ${inv.origin} runs code made from its input, which cannot be checked. Run the commands directly`);
  }
  for (const w of inv.args) {
    const generated = generatedCode(w, "eval");
    if (generated) return generated;
  }
  const variable = inv.args.some((w) => w.dynamic && (w.raw.includes("`") || /\$(?![('])/.test(w.raw)));
  if (variable) {
    return deny("eval.dynamic", 'eval of a variable or of backtick output runs code only known at run time. Run the commands directly, or eval "$(tool)" of a known tool');
  }
  if (inv.args.some((w) => w.dynamic)) {
    return env.level === "standard" ? allow() : deny("eval.dynamic", "The code given to eval is only known at run time. Run the commands directly");
  }
  return env.nested(inv.args.map((w) => w.value).join(" "), inv.cwd, env);
}

// src/safety/_startup_files.ts
var IN_HOME = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".kshrc",
  ".cshrc",
  ".tcshrc",
  ".config/fish/config.fish"
];
var SYSTEM = /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zshenv|zprofile|zsh\/\w+|profile\.d\/.*)$/;
function isStartupFile(w, cwd, home) {
  if (w.dynamic || !w.value.startsWith("/") && cwd === null) return false;
  const path = resolveFrom(cwd ?? "/", w.value);
  return SYSTEM.test(path) || IN_HOME.some((name) => path === resolveFrom(home, name));
}
function checkStartupWrite(target, cwd, env, text) {
  if (!isStartupFile(target, cwd, env.home)) return null;
  if (text !== null) {
    const v = env.nested(text, cwd, env);
    return v.verdict === "allow" ? null : v;
  }
  return ask("shell.startup-file", `"${target.value}" is a shell start-up file that every new shell runs; overwriting it, or appending text only known at run time, changes what every shell does. Ask the user, or append a literal line`);
}
function checkStartupWriters(inv, cmd, all, env) {
  const { name, args } = inv;
  const operands3 = args.filter((w) => !w.value.startsWith("-"));
  let targets = [];
  let text = null;
  if (name === "tee") {
    targets = operands3;
    if (args.some((w) => /^-[a-z]*a|^--append$/.test(w.value))) {
      text = pipedText(all, cmd);
    }
  } else if ([
    "cp",
    "mv",
    "install",
    "ln",
    "rsync",
    "dd"
  ].includes(name)) {
    targets = operands3.slice(-1);
  } else if (name === "truncate" || name === "sed" || name === "perl") {
    if (name !== "truncate" && !args.some((w) => /^-[a-zA-Z]*i/.test(w.value))) {
      return null;
    }
    targets = operands3;
  }
  for (const w of targets) {
    const v = checkStartupWrite(w, inv.cwd, env, text);
    if (v) return v;
  }
  return null;
}

// src/safety/_system.ts
var DISK_DEVICES = [
  "/dev/sd",
  "/dev/hd",
  "/dev/vd",
  "/dev/xvd",
  "/dev/nvme",
  "/dev/mmcblk",
  "/dev/disk",
  "/dev/rdisk",
  "/dev/mapper/",
  "/dev/md",
  "/dev/dm-",
  "/dev/loop"
];
var HARMLESS_DEVICES = /* @__PURE__ */ new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/random",
  "/dev/urandom"
]);
var FORMATTERS = /* @__PURE__ */ new Set([
  "mke2fs",
  "wipefs",
  "mkswap",
  "blkdiscard",
  "sgdisk",
  "sfdisk"
]);
function checkSystem(inv, env) {
  const { name } = inv;
  if (name === "dd") {
    const of = inv.args.find((w) => w.value.startsWith("of="));
    const path = of?.value.slice(3) ?? "";
    if (path.startsWith("/dev/") && !HARMLESS_DEVICES.has(path)) {
      return deny("disk.dd", `dd writing to ${path} overwrites a device. Write to a regular file instead`);
    }
    return null;
  }
  if (name.startsWith("mkfs") || FORMATTERS.has(name)) {
    const device = inv.args.some((w) => w.dynamic || w.value.startsWith("/dev/"));
    return device ? deny("disk.mkfs", `${name} erases a file system. Ask the user to format disks themselves`) : null;
  }
  if (name === "shred" && inv.args.some((w) => !w.value.startsWith("-"))) {
    return deny("disk.shred", "shred destroys file contents beyond recovery. Use `rm` on the specific file, or ask the user");
  }
  if (name === "tee") {
    for (const w of inv.args) {
      const v = checkDeviceWrite(w.value);
      if (v) return v;
    }
    return null;
  }
  if (name === "chmod" || name === "chown" || name === "chgrp") {
    return checkOwnership(inv, env);
  }
  if (name === "kill" && killsUsersProcesses(inv)) {
    return deny("system.kill-all", "kill of every pid pgrep lists for a user signals all of that user's processes, the agent and your session included. Kill the specific process id");
  }
  if (name === "kill" && killsEverything(inv)) {
    return deny("system.kill-all", "kill with pid -1 signals every process you may signal, the agent and your session included. Kill the specific process id");
  }
  if (name === "crontab") return checkCrontab(inv);
  if ((name === "pkill" || name === "killall") && killsAllOfUser(inv)) {
    return deny("system.kill-all", `${name} -u without a process name signals every process of that user, the agent and your session included. Name the process to stop`);
  }
  if (name === "killall5") {
    return deny("system.kill-all", "killall5 signals every process. Kill the specific process id");
  }
  if (name === "rsync") return checkRsyncDelete(inv, env);
  if ((name === "gpg" || name === "gpg2") && inv.args.some((w) => /^--export-secret-(?:sub)?keys/.test(w.value))) {
    return deny("secret.private-key", "gpg --export-secret-keys prints your private keys, which would put them into the transcript or wherever the output goes. Ask the user to export keys themselves");
  }
  if (handsOutShell(inv)) {
    return deny("remote.reverse-shell", `${name} running a program for a network connection gives whoever is at the other end control of this machine. Do not run it`);
  }
  return null;
}
function checkCrontab(inv) {
  const args = inv.args.filter((w, i) => w.value !== "-u" && inv.args[i - 1]?.value !== "-u");
  if (args.some((w) => /^-[a-z]*r/.test(w.value))) {
    return deny("system.crontab-remove", "crontab -r deletes every scheduled job without a copy. Save it with `crontab -l > crontab.bak` and edit it with `crontab -e`, or ask the user");
  }
  if (args.some((w) => w.value === "-" || !w.value.startsWith("-"))) {
    return deny("system.crontab-replace", "crontab with - or a file replaces every scheduled job with that input, and the old ones are gone. Save them with `crontab -l > crontab.bak`, then ask the user to install the new table");
  }
  return null;
}
var KILL_VALUED = /^(?:-[uUGgPstFn]|--(?:euid|uid|group|pgroup|parent|session|terminal|pidfile|ns|signal|older-than|younger-than|context))$/;
function killsAllOfUser(inv) {
  let user = false;
  const names = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (/^-[uU]$|^--(?:euid|uid|user)$/.test(a)) user = true;
    if (/^--(?:euid|uid|user)=/.test(a)) user = true;
    if (KILL_VALUED.test(a) || a === "--user") i++;
    else if (!a.startsWith("-")) names.push(a);
  }
  if (names.some((n) => /^(?:\.\*?|\^|\$|\.\+|)$/.test(n))) return true;
  return user && names.length === 0;
}
var NETCATS = /* @__PURE__ */ new Set([
  "nc",
  "ncat",
  "netcat",
  "nc.traditional"
]);
function handsOutShell(inv) {
  if (NETCATS.has(inv.name)) {
    return inv.args.some((w, i) => {
      const next = inv.args[i + 1]?.value ?? "";
      const program2 = /(?:^|\/)(?:ba|z|da|k|tc)?sh\b|^\/|\s/.test(next);
      return /^-[a-zA-Z]*[ec]$/.test(w.value) && program2 || /^-[a-zA-Z]*e\//.test(w.value) || /^--(?:exec|sh-exec|lua-exec)(?:=|$)/.test(w.value);
    });
  }
  if (inv.name === "socat") {
    const values = inv.args.map((w) => w.value);
    return values.some((v) => /^(?:EXEC|SYSTEM):/i.test(v)) && values.some((v) => /^(?:TCP|UDP|OPENSSL|SSL|SCTP)[46]?(?:-\w+)?:/i.test(v));
  }
  return false;
}
function killsUsersProcesses(inv) {
  return inv.args.some((w) => w.substitutions.some((c) => [
    "pgrep",
    "pidof"
  ].includes(commandName(c.argv[0])) && killsAllOfUser({
    ...inv,
    args: c.argv.slice(1)
  })));
}
function killsEverything(inv) {
  let i = 0;
  const first = inv.args[0]?.value ?? "";
  if (first === "-s" || first === "-n") i = 2;
  else if (/^-[A-Za-z0-9]+$/.test(first) && first !== "-1") i = 1;
  else if (first === "-1" && inv.args.length > 1) i = 1;
  return inv.args.slice(i).some((w) => w.value === "-1");
}
function checkRsyncDelete(inv, env) {
  if (!inv.args.some((w) => /^--(?:delete|del$|remove-source)/.test(w.value))) {
    return null;
  }
  const dest = inv.args.findLast((w) => !w.value.startsWith("-"));
  if (dest === void 0 || /^[^/]*:/.test(dest.value)) return null;
  const path = dest.dynamic ? dest.literalPrefix : dest.value;
  if (!path.startsWith("/") && inv.cwd === null) return null;
  const abs = resolveFrom(inv.cwd ?? "/", path.replace(/^~(?=\/|$)/, env.home));
  const inside = isStrictlyWithin(abs, env.root) && env.root !== env.home;
  if (inside || isTempPath(abs, env)) return null;
  return deny("rsync.delete-outside", `rsync --delete onto ${dest.value} deletes whatever there is missing from the source, outside the project. Sync into the project or a temp dir, or ask the user`);
}
function checkDeviceWrite(path) {
  if (DISK_DEVICES.some((d) => path.startsWith(d))) {
    return deny("disk.redirect", `Writing to ${path} overwrites a disk. Write to a regular file instead`);
  }
  return null;
}
function checkOwnership(inv, env) {
  const recursive = inv.args.some((w) => w.value === "--recursive" || /^-[^-]/.test(w.value) && w.value.includes("R"));
  if (!recursive) return null;
  const positional = inv.args.filter((w) => !w.value.startsWith("-"));
  const hasReference = inv.args.some((w) => w.value.startsWith("--reference"));
  for (const t of positional.slice(hasReference ? 0 : 1)) {
    const path = t.dynamic ? t.literalPrefix : t.value;
    if (t.dynamic && !path.includes("/")) continue;
    if (!path.startsWith("/") && inv.cwd === null) continue;
    const abs = resolveFrom(inv.cwd ?? "/", path);
    const topLevel = abs.split("/").filter((s) => s !== "").length <= 1 && abs !== "/tmp";
    if (topLevel || abs === env.home) {
      return deny(inv.name === "chmod" ? "chmod.recursive-root" : "chown.recursive-root", `${inv.name} -R on ${t.value} changes a system or home tree. Apply it to the specific project directory instead`);
    }
  }
  return null;
}

// src/safety/_deferred.ts
function checkTrap(inv, env) {
  const args = inv.args[0]?.value === "--" ? inv.args.slice(1) : inv.args;
  const code = args[0];
  if (code === void 0 || args.length < 2 || code.value.startsWith("-")) {
    return allow();
  }
  if (isOnlyVariable(code)) {
    return deny("shell.dynamic", "trap runs code only known at run time when the signal comes. Write the trap's commands out");
  }
  return code.dynamic ? allow() : env.nested(code.value, inv.cwd, env);
}
function checkWrittenRun(inv, cmd, all, env) {
  const path = cmd.argv.find((w) => !w.dynamic && w.value.includes("/") && commandName(w) === inv.name);
  if (path === void 0) return null;
  return checkLineFile(inv.name, path.value, cmd, all, inv.cwd, env);
}
var FILE_RUNNERS = /* @__PURE__ */ new Set([
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "npx",
  "bunx",
  "pnpx",
  "make",
  "java",
  "go",
  "rscript",
  "julia",
  "swift",
  "elixir",
  "groovy",
  "kotlin",
  "pwsh",
  "powershell"
]);
var CODE_FILE = /\.(?:[cm]?[jt]sx?|py|rb|pl|php|sh|bash|zsh|lua|mk|jar|java|go|r|jl|swift|exs?|groovy|kts?|ps1)$/i;
function checkRunnerFiles(inv, cmd, all, env) {
  if (!FILE_RUNNERS.has(inv.name)) return null;
  for (const w of inv.args) {
    if (w.dynamic || !CODE_FILE.test(w.value) || w.value.includes("://")) {
      continue;
    }
    const v = checkLineFile(inv.name, w.value, cmd, all, inv.cwd, env, () => ({
      verdict: "allow"
    }));
    if (v) return v;
  }
  return null;
}
function sourcedFiles(inv) {
  const args = inv.args;
  if (args[0]?.value !== "-p") return args[0] ? [
    args[0].value
  ] : [];
  const dirs = args[1]?.value ?? "";
  const file = args[2]?.value;
  if (file === void 0) return dirs === "" ? [] : [
    dirs
  ];
  if (file.includes("/")) return [
    file
  ];
  return dirs.split(":").map((d) => `${d === "" ? "." : d}/${file}`);
}
function checkSource(inv, cmd, all, env) {
  const { name } = inv;
  const operands3 = inv.args[0]?.value === "-p" ? inv.args.slice(1) : inv.args;
  if (!operands3.slice(0, 2).some((w) => w.dynamic)) {
    for (const file of sourcedFiles(inv)) {
      const v = checkLineFile(name, file, cmd, all, inv.cwd, env);
      if (v) return v;
    }
  }
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec(name);
  }
  if (operands3[0] && isOnlyVariable(operands3[0])) return variableScript(name);
  return null;
}

// src/safety/_env_dump.ts
var SENDERS = /* @__PURE__ */ new Set([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "ssh",
  "xh",
  "xhs",
  "http",
  "https",
  "httpie",
  "openssl"
]);
var ENVIRON = /^\/proc\/[^/]+\/environ$/;
function dumpsEnvironment(c) {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1).map((w) => w.value);
  if ([
    ...args,
    ...c.redirects.map((r) => r.target?.value ?? "")
  ].some((a) => ENVIRON.test(a))) return true;
  switch (name) {
    case "printenv":
      return true;
    case "env":
      return args.every((a) => a.startsWith("-"));
    case "set":
      return args.length === 0;
    case "export":
    case "declare":
    case "typeset":
      return args.length === 0 || args.every((a) => /^-[a-z]*[px]/.test(a));
    case "compgen":
      return args.includes("-v") || args.includes("-e");
    default:
      return false;
  }
}
function checkEnvironmentDump(inv, cmd, all) {
  if (!SENDERS.has(inv.name)) return null;
  const upstream = all.filter((c) => c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex);
  const substituted = inv.args.flatMap((w) => w.substitutions);
  const uploaded = inv.args.some((w) => /(?:^|[=@<])\/proc\/[^/]+\/environ$/.test(w.value));
  if (!uploaded && ![
    ...upstream,
    ...substituted
  ].some(dumpsEnvironment)) {
    return null;
  }
  return deny("secret.environment", `The environment, with its tokens and keys, is sent through ${inv.name} to another machine. Send only the specific non-secret values needed`);
}

// src/safety/_uploads.ts
function uploadedFiles(args) {
  const out = [];
  const take = (option, value) => {
    if (value === void 0) return;
    if (option === "T" || option === "--upload-file") out.push(value);
    else if (option === "F" || option === "--form") {
      const eq = value.indexOf("=");
      const body = value.slice(eq + 1);
      if (body.startsWith("@") || body.startsWith("<")) {
        out.push(body.slice(1).split(";")[0] ?? "");
      }
    } else if (option === "--data-urlencode") {
      const at = value.indexOf("@");
      if (at !== -1 && !value.slice(0, at).includes("=")) {
        out.push(value.slice(at + 1));
      }
    } else if (value.startsWith("@")) out.push(value.slice(1));
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a : a.slice(0, eq);
      if (!/^--(data|data-ascii|data-binary|data-urlencode|form|upload-file|post-file|body-file)$/.test(name)) continue;
      const value = eq === -1 ? args[++i]?.value : a.slice(eq + 1);
      if (name === "--post-file" || name === "--body-file") {
        if (value !== void 0) out.push(value);
      } else take(name, value);
      continue;
    }
    if (!a.startsWith("-")) continue;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!"dFT".includes(letter)) {
        if ("oHuAeXxUbcKEwrzY".includes(letter)) {
          if (j === a.length - 1) i++;
          break;
        }
        continue;
      }
      const attached = a.slice(j + 1);
      take(letter, attached !== "" ? attached : args[++i]?.value);
      break;
    }
  }
  return out;
}
var UPLOAD_OPTIONS = /^(?:-[A-Za-z]*[TFd]|--(?:upload-file|form|data|data-binary|post-file|body-file))$/;
function uploadsFiles(args) {
  return uploadedFiles(args).length > 0 || UPLOAD_OPTIONS.test(args.at(-1)?.value ?? "");
}
function localFiles(inv) {
  const out = [];
  const valued = inv.name === "wget" ? [
    "-O",
    "--output-document",
    "-a",
    "--append-output",
    "-o",
    "--output-file"
  ] : [
    "-o",
    "--output"
  ];
  inv.args.forEach((w, i) => {
    const a = w.value;
    const eq = a.indexOf("=");
    if (valued.includes(a) && inv.args[i + 1]) {
      out.push(inv.args[i + 1]);
    } else if (eq > 0 && valued.includes(a.slice(0, eq))) {
      out.push({
        ...w,
        value: a.slice(eq + 1),
        literalPrefix: ""
      });
    } else if (/^-[A-Za-z]*[oO].+/.test(a) && !a.startsWith("--")) {
      const letter = inv.name === "wget" ? "O" : "o";
      const at = a.indexOf(letter);
      if (at > 0) out.push({
        ...w,
        value: a.slice(at + 1),
        literalPrefix: ""
      });
    }
    const url = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(a);
    if (url?.[1]) {
      let path = url[1];
      try {
        path = decodeURIComponent(path);
      } catch {
      }
      out.push({
        ...w,
        value: path,
        literalPrefix: w.dynamic ? "" : path
      });
    }
  });
  return out.filter((w) => w.value !== "-" && w.value !== "");
}
function checkUpload(inv, env) {
  for (const w of localFiles(inv)) {
    const match = secretOf(w, inv.cwd, env);
    if (match) return secretVerdict(match, w.value);
  }
  const uploads = uploadedFiles(inv.args);
  for (const path of uploads) noteRead(env, path, inv.cwd, inv.name);
  for (const path of uploads) {
    const match = classifySecretPath(path, {
      cwd: inv.cwd,
      home: env.home
    });
    if (match) return secretVerdict(match, path);
  }
  return null;
}

// src/safety/_find.ts
var NAME_TESTS2 = /* @__PURE__ */ new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename"
]);
var ONE_ARGUMENT = /* @__PURE__ */ new Set([
  ...NAME_TESTS2,
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-xtype",
  "-mtime",
  "-mmin",
  "-atime",
  "-amin",
  "-ctime",
  "-cmin",
  "-newer",
  "-anewer",
  "-cnewer",
  "-size",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-links",
  "-inum",
  "-samefile",
  "-maxdepth",
  "-mindepth",
  "-fstype",
  "-printf",
  "-fprint",
  "-fprint0",
  "-fls",
  "-used",
  "-context",
  "-regextype",
  "-files0-from"
]);
var DISPLAY = /* @__PURE__ */ new Set([
  "echo",
  "printf",
  "true",
  "ls",
  "stat",
  "test"
]);
function parseFind(args) {
  const parts = {
    starts: [],
    deletes: false,
    follows: false,
    names: [],
    execs: []
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-L") parts.follows = true;
    else if (a === "-D") i++;
    else if (a === "-f") {
      parts.follows = true;
      const start = args[++i];
      if (start) parts.starts.push(start);
    } else if (!/^-([HPEXsxd]|O\d*)$/.test(a)) break;
  }
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a.startsWith("-") || a === "(" || a === "!" || a === ",") break;
    parts.starts.push(args[i]);
  }
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") {
      const words = [];
      for (i++; i < args.length; i++) {
        const w = args[i];
        if (w.value === ";" || w.value === "+") break;
        words.push(w);
      }
      parts.execs.push(words);
    } else if (a === "-delete") parts.deletes = true;
    else if (a === "-follow") parts.follows = true;
    else if (ONE_ARGUMENT.has(a)) {
      const value = args[i + 1];
      if (NAME_TESTS2.has(a) && value) parts.names.push(value);
      i++;
    } else if (a === "-fprintf" || /^-newer[aBcmt][aBcmt]$/.test(a)) {
      i += a === "-fprintf" ? 2 : 1;
    }
  }
  return parts;
}
function isTempDescendant(start, env) {
  const suffix = tmpdirSuffix(start);
  if (suffix !== null) {
    const rest = suffix.split("/").filter((s) => s !== "" && s !== ".");
    return rest.length > 0 && isTrustedTmpdirSuffix(suffix, env);
  }
  if (start.dynamic || !start.value.startsWith("/")) return false;
  if (start.value.split("/").includes("..")) return false;
  return isTempPath(resolveFrom("/", start.value), env, true);
}
function execProgram(words) {
  for (const w of words) {
    const name = w.value.slice(w.value.lastIndexOf("/") + 1).toLowerCase();
    if (![
      "sudo",
      "env",
      "command",
      "busybox",
      "nice"
    ].includes(name)) {
      return name;
    }
  }
  return "";
}
function checkFind(inv, env) {
  const parts = parseFind(inv.args);
  const removes = parts.deletes || parts.execs.some((words) => execProgram(words) === "rm");
  if (removes) {
    for (const start of parts.starts) {
      const path = start.dynamic ? start.literalPrefix : start.value;
      if (start.dynamic && !path.includes("/")) continue;
      const where = place(start.dynamic ? path.slice(0, path.lastIndexOf("/")) || "/" : path, inv.cwd, env);
      if (where === "root" || where === "home" || where === "git") {
        return placeDeny(where, start.value, env, inv.cwd);
      }
    }
  }
  if (parts.deletes) {
    const safe = !parts.follows && parts.starts.length > 0 && parts.starts.every((s) => isTempDescendant(s, env)) || confinedStarts(scopedStarts(inv.args) ?? void 0, inv.cwd, env);
    if (!safe) {
      return deny("find.delete", "find -delete removes every match for good, and a wrong test deletes far more than meant. Run the same find with -print first, then delete the specific paths by name");
    }
  }
  const reader = parts.execs.map(execProgram).find(readsContents);
  if (reader !== void 0) {
    for (const start of parts.starts.length > 0 ? parts.starts : [
      "."
    ]) {
      noteRead(env, start, inv.cwd, `find -exec ${reader}`);
    }
  }
  for (const name of parts.names) {
    const secret = !name.dynamic && classifySecretPath(name.value, {
      cwd: inv.cwd,
      home: env.home
    });
    const reads = parts.execs.some((w) => !DISPLAY.has(execProgram(w)));
    if (secret && reads) {
      return deny(secret.rule, `find -name ${name.value} hands ${secret.what} to an -exec command, which would put secrets into the transcript. Ask the user for the specific non-secret value`);
    }
  }
  return allow();
}
function checkFindInvocation(inv, env) {
  const v = checkFind(inv, env);
  if (v.verdict !== "allow") return v;
  const modes = modesTree(inv, env) ?? checkFindEmptying(inv, env);
  if (modes) return modes;
  const secret = findFeedsReader(inv.args) && findOutputSecret(inv.args, {
    cwd: inv.cwd,
    home: env.home
  });
  if (secret) return secretVerdict(secret, "the paths find passes on");
  if (inv.origin === "xargs" && !inputOnlyInStartingPoints(inv.args)) {
    return deny("shell.from-input", "xargs appends its input to find's expression, where it can add -delete or -exec. Run find with the paths and tests written out");
  }
  if (inv.origin === "parallel" && inv.args.some((w) => w.value === "-delete")) {
    return deny("find.delete", "find -delete fed by parallel deletes under paths taken from the input, which cannot be checked. Run find on named paths with -print first");
  }
  return allow();
}
function modesTree(inv, env) {
  const changer = inv.args.find((w, i) => /^-(?:exec|execdir|ok|okdir)$/.test(inv.args[i - 1]?.value ?? "") && [
    "chmod",
    "chown",
    "chgrp"
  ].includes(commandName(w)));
  if (changer === void 0) return null;
  const end = inv.args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = end === -1 ? inv.args : inv.args.slice(0, end);
  for (const start of starts) {
    if (start.dynamic || inv.cwd === null && !start.value.startsWith("/")) {
      continue;
    }
    const abs = resolveFrom(inv.cwd ?? "/", start.value);
    const top = abs.split("/").filter((p) => p !== "").length <= 1 && abs !== "/tmp";
    if (top || abs === env.home) {
      return deny(commandName(changer) === "chmod" ? "chmod.recursive-root" : "chown.recursive-root", `find ${start.value} -exec ${commandName(changer)} changes every file of a system or home tree. Apply it to the specific project directory instead`);
    }
  }
  return null;
}
function findFeedsReader(args) {
  return parseFind(args).execs.some((words) => {
    const name = execProgram(words);
    return readsContents(name) || (name === "curl" || name === "wget") && uploadsFiles(words.slice(words.findIndex((w) => commandName(w) === name) + 1));
  });
}
var VALUE_TESTS = /* @__PURE__ */ new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-user",
  "-group",
  "-newer",
  "-size",
  "-perm",
  "-mtime",
  "-mmin",
  "-samefile"
]);
function inputOnlyInStartingPoints(args) {
  const expression = args.findIndex((w) => /^[-(!]/.test(w.value));
  const starts = expression === -1 ? args : args.slice(0, expression);
  return args.some((w) => w.value.includes(INPUT_LINE)) && args.every((w, i) => !w.dynamic || starts.includes(w) || VALUE_TESTS.has(args[i - 1]?.value ?? ""));
}

// src/safety/_code_scan.ts
var OPEN = "";
var FILL = "";
var PAIRS = {
  "(": ")",
  "[": "]",
  "{": "}",
  "<": ">"
};
function hashComments(language) {
  return language !== "javascript";
}
function slashComments(language) {
  return language === "javascript" || language === "php";
}
function readQuoted(code, from, close, raw, open = "") {
  let text = "";
  let depth = 0;
  let i = from;
  for (; i < code.length; i++) {
    const c = code[i];
    if (c === "\\" && !raw) {
      const n = code[i + 1] ?? "";
      text += n === "n" ? "\n" : n === "t" ? "	" : n;
      i++;
      continue;
    }
    if (open !== "" && c === open) depth++;
    else if (c === close) {
      if (depth === 0) break;
      depth--;
    }
    text += c;
  }
  return {
    end: Math.min(i + 1, code.length),
    text
  };
}
function interpolation(text, language, quote3, prefix) {
  if (quote3 === "'" && language !== "javascript" && language !== "python") {
    return -1;
  }
  const patterns = {
    python: /f/i.test(prefix) ? /\{(?!\{)/ : null,
    javascript: quote3 === "`" ? /\$\{/ : null,
    ruby: /#\{/,
    perl: /[$@][\w{:]/,
    php: /\$[\w{]/
  };
  const re = patterns[language];
  return re === null ? -1 : text.search(re);
}
var INTERESTING = {
  python: /['"`#]/g,
  javascript: /['"`/]/g,
  ruby: /['"`#%]/g,
  perl: /['"`#q]/g,
  php: /['"`#/]/g
};
function scanCode(code, language) {
  const out = [];
  let copied = 0;
  const literals = /* @__PURE__ */ new Map();
  const list2 = [];
  const blank = (from, to) => {
    out.push(code.slice(copied, from), code.slice(from, to).replace(/[^\n]/g, " "));
    copied = to;
  };
  const add = (start, end, lit) => {
    literals.set(start, lit);
    list2.push(lit);
    out.push(code.slice(copied, start), OPEN + FILL.repeat(Math.max(0, end - start - 1)));
    copied = end;
  };
  const interesting = INTERESTING[language];
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1] ?? "";
    const before = code[i - 1] ?? "";
    if (hashComments(language) && c === "#" && before !== "$" && !(language === "ruby" && next === "{") || slashComments(language) && c === "/" && next === "/") {
      const end = code.indexOf("\n", i);
      blank(i, end === -1 ? code.length : end);
      i = end === -1 ? code.length : end;
      continue;
    }
    if (slashComments(language) && c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    const perlQuote = language === "perl" && c === "q" && !/[\w$@%&]/.test(before);
    const rubyQuote = language === "ruby" && c === "%" && /[qQwWx]/.test(next);
    if (perlQuote || rubyQuote) {
      const letter = rubyQuote ? next : /[qwx]/.test(next) ? next : "";
      let at = i + 1 + letter.length;
      while (code[at] === " ") at++;
      const delim = code[at] ?? "";
      if (delim !== "" && !/[\w\s,;=)]/.test(delim)) {
        const close = PAIRS[delim] ?? delim;
        const { end, text } = readQuoted(code, at + 1, close, false, PAIRS[delim] ? delim : "");
        const lower = letter.toLowerCase();
        add(i, end, {
          text,
          dynamic: false,
          prefix: text,
          exec: lower === "x",
          words: lower === "w"
        });
        i = end;
        continue;
      }
    }
    if (c === "'" || c === '"' || c === "`") {
      const prefixMatch = language === "python" ? /[rRbBuUfF]{1,2}$/.exec(code.slice(Math.max(0, i - 2), i)) : null;
      const prefix = prefixMatch && !/\w/.test(code[i - prefixMatch[0].length - 1] ?? "") ? prefixMatch[0] : "";
      const triple = language === "python" && code.startsWith(c.repeat(3), i);
      let end;
      let text;
      if (triple) {
        const close = code.indexOf(c.repeat(3), i + 3);
        end = close === -1 ? code.length : close + 3;
        text = code.slice(i + 3, close === -1 ? code.length : close);
      } else {
        ({ end, text } = readQuoted(code, i + 1, c, /r/i.test(prefix)));
      }
      const at = interpolation(text, language, c, prefix);
      const start = i - prefix.length;
      const execTag = language === "javascript" && c === "`" && /\$\s*$|Bun\.\$\s*$/.test(code.slice(Math.max(0, start - 6), start));
      add(start, end, {
        text,
        dynamic: at !== -1,
        prefix: at === -1 ? text : text.slice(0, at),
        exec: c === "`" && (language !== "javascript" || execTag) && language !== "python",
        words: false
      });
      i = end;
      continue;
    }
    interesting.lastIndex = i + 1;
    i = interesting.test(code) ? interesting.lastIndex - 1 : code.length;
  }
  out.push(code.slice(copied));
  return {
    masked: out.join(""),
    literals,
    list: list2
  };
}

// src/safety/_code_calls.ts
function closing(masked, open) {
  let depth = 0;
  for (let i = open; i < masked.length; i++) {
    const c = masked[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return masked.length;
}
function splitArgs(masked, from, to) {
  const args = [];
  let depth = 0;
  let start = from;
  const push = (end) => {
    const raw = masked.slice(start, end);
    const text = raw.trim();
    if (text === "") return;
    const kw = /^([A-Za-z_$][\w$]*)\s*(?:=(?!=)|:(?!:))\s*/.exec(text);
    args.push({
      text: kw ? text.slice(kw[0].length) : text,
      start: start + raw.indexOf(text) + (kw ? kw[0].length : 0),
      keyword: kw ? kw[1] : null
    });
  };
  for (let i = from; i < to; i++) {
    const c = masked[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if ((c === "," || c === "=" && masked[i + 1] === ">") && depth === 0) {
      push(i);
      start = c === "=" ? i + 2 : i + 1;
      if (c === "=") i++;
    }
  }
  push(to);
  return args;
}
function receiverEnd(masked, start) {
  let i = start - 1;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  if (masked[i] === ".") i--;
  else if (masked[i] === ">" && masked[i - 1] === "-") i -= 2;
  else return -1;
  while (i >= 0 && /\s/.test(masked[i])) i--;
  return masked[i] === ")" ? i : -1;
}
var NAME = /((?:new\s+)?[A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*)(\s*)/g;
var BARE_STOP = /^[^=.,;)\]}?:+\-*/<>|&!~\n]/;
function findCalls(scanned, language) {
  const { masked } = scanned;
  const calls = [];
  const byEnd = /* @__PURE__ */ new Map();
  for (const m of masked.matchAll(NAME)) {
    const start = m.index ?? 0;
    if (/[\w$]/.test(masked[start - 1] ?? "")) continue;
    const name = m[1].replace(/\s+/g, (s) => s.includes(" ") ? " " : "").replace(/\s*(?:::|->)\s*/g, ".").replace(/\s*\.\s*/g, ".");
    const after = start + m[0].length;
    let args;
    let end;
    if (masked[after] === "(") {
      end = closing(masked, after);
      args = splitArgs(masked, after + 1, end);
    } else if ((language === "ruby" || language === "perl") && m[2] !== "" && BARE_STOP.test(masked[after] ?? "") && !/^(?:if|unless|while|until|and|or|not|return|do|end|my|our|sub|def)$/.test(name)) {
      const stop = masked.slice(after).search(language === "perl" ? /[;{}]/ : /[;\n]|\bdo\b|\{/);
      end = stop === -1 ? masked.length : after + stop;
      args = splitArgs(masked, after, end);
    } else continue;
    let receiver = null;
    const dot = receiverEnd(masked, start);
    if (dot !== -1) receiver = byEnd.get(dot) ?? null;
    calls.push({
      name,
      args,
      receiver
    });
    byEnd.set(end, {
      name,
      args
    });
  }
  return calls;
}
function argValue(arg, scanned) {
  let text = arg.text;
  let offset = arg.start;
  for (; ; ) {
    const wrap = /^(?:new\s+)?[A-Za-z_$][\w$.]*\s*\(/.exec(text);
    if (!wrap || !text.endsWith(")")) break;
    const inner = splitArgs(scanned.masked, offset + wrap[0].length, offset + text.length - 1);
    if (inner.length !== 1) break;
    text = inner[0].text;
    offset = inner[0].start;
  }
  if (text.startsWith(OPEN) && !text.slice(1).replace(new RegExp(FILL, "g"), "")) {
    const literal = scanned.literals.get(offset);
    if (literal?.words) {
      return {
        kind: "list",
        items: literal.text.split(/\s+/).filter((w) => w !== "").map((w) => ({
          kind: "literal",
          literal: {
            ...literal,
            text: w,
            prefix: w,
            words: false
          }
        }))
      };
    }
    if (literal) return {
      kind: "literal",
      literal
    };
  }
  if (/^[[(]/.test(text) && closing(scanned.masked, offset) === offset + text.length - 1) {
    return {
      kind: "list",
      items: splitArgs(scanned.masked, offset + 1, offset + text.length - 1).map((a) => argValue(a, scanned))
    };
  }
  return {
    kind: "other",
    text
  };
}

// src/safety/_code_apis.ts
var TREE_DELETES = /* @__PURE__ */ new Set([
  "rmtree",
  "rm_rf",
  "rm_r",
  "remove_dir",
  "remove_entry",
  "remove_entry_secure",
  "remove_tree",
  "rimraf",
  "rimrafSync",
  "rimraf.sync",
  "emptyDir",
  "emptyDirSync",
  "fse.remove",
  "fse.removeSync",
  "fs.remove",
  "fs.removeSync"
]);
var OPTION_DELETES = /* @__PURE__ */ new Set([
  "Deno.remove",
  "Deno.removeSync",
  "rm",
  "rmSync",
  "rmdir",
  "rmdirSync"
]);
var FILE_DELETES = /* @__PURE__ */ new Set([
  "remove",
  "unlink",
  "unlinkSync",
  "File.delete",
  "File.unlink",
  "FileUtils.rm",
  "FileUtils.rm_f",
  "FileUtils.remove",
  "FileUtils.remove_file",
  "os.rmdir",
  "removedirs"
]);
var EXECS = /* @__PURE__ */ new Set([
  "system",
  "popen",
  "getoutput",
  "getstatusoutput",
  "run",
  "call",
  "check_call",
  "check_output",
  "Popen",
  "execl",
  "execle",
  "execlp",
  "execv",
  "execve",
  "execvp",
  "execvpe",
  "spawnl",
  "spawnlp",
  "spawnv",
  "spawnvp",
  "pty.spawn",
  "exec",
  "execSync",
  "execFile",
  "execFileSync",
  "spawn",
  "spawnSync",
  "Deno.Command",
  "Deno.run",
  "Bun.spawn",
  "Bun.spawnSync",
  "execa",
  "execaSync",
  "execaCommand",
  "shell_exec",
  "passthru",
  "proc_open",
  "pcntl_exec",
  "capture2",
  "capture2e",
  "capture3",
  "popen2",
  "popen3",
  "pipeline",
  "Process.spawn",
  "Kernel.system",
  "Kernel.exec",
  "Kernel.spawn",
  "IO.popen"
]);
var EVALS = {
  python: /* @__PURE__ */ new Set([
    "exec",
    "eval",
    "compile"
  ]),
  javascript: /* @__PURE__ */ new Set([
    "eval",
    "Function",
    "new Function"
  ]),
  ruby: /* @__PURE__ */ new Set([
    "eval",
    "instance_eval",
    "class_eval"
  ]),
  perl: /* @__PURE__ */ new Set([
    "eval"
  ]),
  php: /* @__PURE__ */ new Set([
    "eval"
  ])
};
var OPENS = /* @__PURE__ */ new Set([
  "open",
  "io.open",
  "codecs.open",
  "File.open",
  "File.new",
  "IO.open",
  "Kernel.open",
  "fopen",
  "Deno.open",
  "Deno.openSync",
  "fs.open",
  "fs.openSync",
  "openSync",
  "os.open",
  "sysopen"
]);
var WRITES = /* @__PURE__ */ new Set([
  "Deno.writeTextFile",
  "Deno.writeTextFileSync",
  "Deno.writeFile",
  "Deno.writeFileSync",
  "Deno.truncate",
  "Deno.truncateSync",
  "Deno.create",
  "Deno.createSync",
  "writeFile",
  "writeFileSync",
  "appendFile",
  "appendFileSync",
  "createWriteStream",
  "truncate",
  "truncateSync",
  "outputFile",
  "outputFileSync",
  "Bun.write",
  "File.write",
  "IO.write",
  "File.binwrite",
  "IO.binwrite",
  "file_put_contents",
  "write_text",
  "write_bytes"
]);
var CHANGES = /* @__PURE__ */ new Set([
  "chmod",
  "chmodSync",
  "chown",
  "chownSync",
  "touch",
  "FileUtils.touch",
  "FileUtils.chmod",
  "utime",
  "symlink_to",
  "hardlink_to",
  "rename",
  "renameSync",
  "replace",
  "renames",
  "move",
  "moveSync",
  "mv",
  "symlink",
  "symlinkSync",
  "link",
  "linkSync",
  "ln",
  "ln_s",
  "ln_sf"
]);
var COPIES = /* @__PURE__ */ new Set([
  "copy",
  "copy2",
  "copyfile",
  "copytree",
  "copyFile",
  "copyFileSync",
  "cp",
  "cpSync",
  "cp_r",
  "copy_file",
  "install"
]);
var READS = /* @__PURE__ */ new Set([
  "read_text",
  "read_bytes",
  "readFile",
  "readFileSync",
  "readTextFile",
  "readTextFileSync",
  "File.read",
  "IO.read",
  "File.readlines",
  "IO.readlines",
  "file_get_contents",
  "readfile",
  "file",
  "createReadStream",
  "Bun.file"
]);

// src/safety/_code_rules.ts
function named(name, set) {
  const bare = name.replace(/^new /, "");
  if (set.has(bare) || set.has(name)) return true;
  const parts = bare.split(".");
  return set.has(parts.slice(-2).join(".")) || set.has(parts[parts.length - 1] ?? "");
}
function literalOf(value) {
  return value?.kind === "literal" ? value.literal : null;
}
function pathWord(lit) {
  return {
    value: lit.dynamic ? lit.prefix : lit.text,
    dynamic: lit.dynamic
  };
}
function quote2(text) {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
function listItems(arg, text, scanned, start) {
  if (arg?.kind === "list") return arg.items;
  const m = /\b(?:args|cmd)\s*:\s*\[/.exec(text);
  if (!m) return null;
  const open = start + m.index + m[0].length - 1;
  const inner = splitArgs(scanned.masked, open + 1, scanned.masked.indexOf("]", open));
  return inner.map((a) => argValue(a, scanned));
}
function commandText(items) {
  return items.map((item) => item.kind === "literal" && !item.literal.dynamic ? quote2(item.literal.text) : '"$DYNAMIC"').join(" ");
}
function execText(call, scanned) {
  const positional = call.args.filter((a) => a.keyword === null);
  const values = positional.map((a) => argValue(a, scanned));
  const first = values[0];
  const firstList = listItems(first, positional[0]?.text ?? "", scanned, positional[0]?.start ?? 0);
  if (firstList) return commandText(firstList);
  const program2 = literalOf(first);
  if (program2 === null) return null;
  const second = positional[1];
  const rest = second ? listItems(values[1], second.text, scanned, second.start) : null;
  if (rest) return commandText([
    first,
    ...rest
  ]);
  const literals = values.filter((v) => v.kind === "literal");
  if (literals.length > 1 && literals.length === values.length) {
    return commandText(values);
  }
  return program2.dynamic ? program2.prefix : program2.text;
}
function openWrites(call, scanned, pathAt) {
  const others = call.args.filter((_, i) => i !== pathAt);
  for (const arg of others) {
    const lit = literalOf(argValue(arg, scanned));
    if (lit && /^[rwxabtU+]+$/.test(lit.text) && /[wax+]/.test(lit.text)) {
      return true;
    }
    if (lit && /^\s*(?:\+?>|>>|\+<|\|-)\s*$/.test(lit.text)) return true;
    if (/\b(?:write|append|create|truncate|createNew)\s*:\s*true\b|O_(?:WRONLY|RDWR|CREAT|APPEND|TRUNC)|File::(?:WRONLY|RDWR|CREAT|APPEND|TRUNC)/.test(arg.text)) {
      return true;
    }
  }
  return false;
}
function touches(call, scanned, language) {
  const args = call.args.filter((a) => a.keyword === null);
  const lit = (i) => args[i] ? literalOf(argValue(args[i], scanned)) : null;
  const pathObject = call.receiver !== null && /(?:^|\.)(?:Path|PurePath|PosixPath|Pathname\.new|Pathname|path)$/.test(call.receiver.name.replace(/^new /, ""));
  const receiver = pathObject && call.receiver?.args[0] ? literalOf(argValue(call.receiver.args[0], scanned)) : null;
  const first = receiver ?? lit(0);
  const all = [
    receiver,
    ...args.map((_, i) => lit(i))
  ].filter((l) => l !== null);
  const name = call.name;
  const out = [];
  if (named(name, TREE_DELETES)) {
    if (first) out.push({
      lit: first,
      how: "deletes a tree at"
    });
  } else if (named(name, OPTION_DELETES) && !name.startsWith("os.")) {
    const recursive = call.args.some((a) => /\brecursive\b/.test(a.text));
    if (first) {
      out.push({
        lit: first,
        how: recursive ? "deletes a tree at" : "deletes"
      });
    }
  } else if (named(name, FILE_DELETES) || name === "unlink" || name.endsWith(".unlink") && receiver) {
    for (const l of language === "perl" ? all : first ? [
      first
    ] : []) {
      out.push({
        lit: l,
        how: "deletes"
      });
    }
  } else if (named(name, OPENS)) {
    const perl = language === "perl" && args.length > 1;
    const at = perl ? args.length - 1 : receiver ? -1 : 0;
    const path = perl ? lit(at) : first;
    if (path) {
      const prefixed = /^\s*(?:\+?[<>]|>>)/.test(path.text);
      const cleaned = {
        ...path,
        text: path.text.replace(/^\s*(?:\+?[<>]+|\|)\s*/, ""),
        prefix: path.prefix.replace(/^\s*(?:\+?[<>]+|\|)\s*/, "")
      };
      const writes = language === "perl" && prefixed && !/^\s*</.test(path.text) || openWrites(call, scanned, receiver ? -1 : at);
      out.push({
        lit: cleaned,
        how: writes ? "writes" : "reads"
      });
    }
  } else if (named(name, WRITES)) {
    if (first) out.push({
      lit: first,
      how: "writes"
    });
  } else if (named(name, CHANGES)) {
    for (const l of all) out.push({
      lit: l,
      how: "changes"
    });
  } else if (named(name, COPIES)) {
    const src = lit(0);
    const dest = lit(1);
    if (src) out.push({
      lit: src,
      how: "reads"
    });
    if (dest) {
      out.push({
        lit: dest,
        how: "copies to"
      });
      const base = src?.text.split("/").filter((s) => s !== "").pop();
      if (base && !dest.dynamic) {
        out.push({
          lit: {
            ...dest,
            text: `${dest.text}/${base}`,
            prefix: `${dest.text}/${base}`
          },
          how: "copies to"
        });
      }
    }
  } else if (named(name, READS)) {
    if (first) out.push({
      lit: first,
      how: "reads"
    });
  }
  return out;
}
function judgeTouch(t, cwd, env) {
  const { value, dynamic } = pathWord(t.lit);
  if (value === "" && dynamic) return null;
  const expanded = value.replace(/^~(?=\/|$)/, env.home);
  if (t.how === "deletes a tree at" || t.how === "deletes") {
    const word = dynamic ? dynamicWord(`${expanded}$X`, expanded) : literalWord(expanded);
    const v = classifyTarget(word, cwd, env, t.how === "deletes a tree at");
    const single = t.how === "deletes" && v?.rule === "rm.outside";
    if (v && !single && !(v.rule === "rm.dynamic" && env.level === "standard")) {
      return v;
    }
  }
  if (!dynamic) {
    const secret = classifySecretPath(expanded, {
      cwd,
      home: env.home
    });
    if (secret) return secretVerdict(secret, value);
  }
  if (t.how === "reads") return null;
  const whole = t.how !== "writes" && t.how !== "copies to";
  const target = dynamic ? expanded.includes("/") ? controlTarget(`${expanded.slice(0, expanded.lastIndexOf("/") + 1)}x`, cwd, env) : null : controlTarget(expanded, cwd, env, whole);
  return target ? controlWriteVerdict(target, t.how) : null;
}
var MAX_CODE = 1e6;
function checkCalls(language, code, cwd, env) {
  if (code.length > MAX_CODE) {
    return deny("guard.too-complex", `The code is longer than ${MAX_CODE} characters, too long to check. Split it into smaller files`);
  }
  const scanned = scanCode(code, language);
  let held = null;
  const consider = (v) => {
    if (v === null || v.verdict === "allow") return null;
    if (v.rule && env.disabled.has(v.rule)) return null;
    if (v.verdict === "deny") return v;
    held ??= v;
    return null;
  };
  const shell = (text) => {
    const v = env.nested(text, cwd, env);
    return v.rule?.startsWith("guard.") && v.rule !== "guard.too-complex" ? null : v;
  };
  for (const lit of scanned.list) {
    if (!lit.exec) continue;
    const stop = consider(shell(lit.dynamic ? lit.prefix : lit.text));
    if (stop) return stop;
  }
  for (const call of findCalls(scanned, language)) {
    if (named(call.name, EVALS[language]) && !call.name.includes(".")) {
      const code2 = literalOf(call.args[0] ? argValue(call.args[0], scanned) : void 0);
      if (code2 && !code2.dynamic) {
        if (env.depth >= 9) {
          return deny("guard.too-complex", "Code nested more than 9 levels deep in eval cannot be checked. Run the inner code directly");
        }
        const stop = consider(checkCalls(language, code2.text, cwd, {
          ...env,
          depth: env.depth + 1
        }));
        if (stop) return stop;
      }
      continue;
    }
    if (named(call.name, EXECS) && !(language === "python" && call.name === "exec")) {
      const text = execText(call, scanned);
      if (text !== null) {
        const stop = consider(shell(text));
        if (stop) return stop;
      }
    }
    for (const t of touches(call, scanned, language)) {
      const stop = consider(judgeTouch(t, cwd, env));
      if (stop) return stop;
    }
  }
  return held ?? {
    verdict: "allow"
  };
}
function languageOf(name) {
  if (/^python[0-9.]*$|^pypy3?$|^py$/.test(name)) return "python";
  if (/^(?:node|nodejs|bun|deno|javascript|typescript|js|ts)$/.test(name)) {
    return "javascript";
  }
  if (name === "ruby" || name === "rb") return "ruby";
  if (name === "perl" || name === "pl") return "perl";
  if (name === "php") return "php";
  return null;
}

// src/safety/_string_literals.ts
function stringLiterals(code) {
  const out = [];
  for (let i = 0; i < code.length; i++) {
    const q = code[i];
    if (q !== "'" && q !== '"' && q !== "`") continue;
    let text = "";
    let j = i + 1;
    for (; j < code.length && code[j] !== q; j++) {
      if (code[j] === "\\") j++;
      text += code[j] ?? "";
    }
    out.push({
      text,
      at: i,
      end: j + 1
    });
    i = j;
  }
  return out;
}

// src/safety/_interpreter_args.ts
var JS_VALUED = /* @__PURE__ */ new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--env-file",
  "--input-type",
  "--title"
]);
var MODULE_OPTIONS = /* @__PURE__ */ new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader"
]);
function optionSpan(name, a) {
  if (!a.startsWith("-") || a === "-" || a === "--") return 0;
  if (/^(?:node|nodejs|bun|deno)$/.test(name)) return JS_VALUED.has(a) ? 2 : 1;
  if (name === "perl") return /^-[MmIx]$/.test(a) ? 2 : 1;
  if (name === "ruby") return /^-[rICEF]$/.test(a) ? 2 : 1;
  if (/^python|^pypy/.test(name)) return /^-[WXQ]$/.test(a) ? 2 : 1;
  if (name === "php") return /^-[dcfz]$/.test(a) ? 2 : 1;
  if (/^lua/.test(name)) return a === "-l" ? 2 : 1;
  return 1;
}
function isGluedValue(name, a) {
  if (name === "perl") return /^-(?:[MmIx].|d:)/.test(a);
  if (name === "ruby") return /^-[rICEF]./.test(a);
  if (/^lua/.test(name)) return /^-l./.test(a);
  return a.startsWith("--") && a.includes("=");
}
function interpreterFiles(name, args, codeFlags2) {
  const out = [];
  let code = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const a = w.value;
    if (a === "--") {
      const next = args[i + 1];
      if (next && !code && !next.dynamic) out.push(next.value);
      break;
    }
    const span = optionSpan(name, a);
    if (span === 0) {
      if (!code && !w.dynamic) out.push(a);
      break;
    }
    if (a === "-m" && /^python|^pypy/.test(name)) break;
    if (codeFlags2.includes(a) || a.startsWith("--eval")) code = true;
    const value = span === 2 ? args[i + 1] : void 0;
    if (value && MODULE_OPTIONS.has(a) && /^\.{0,2}\//.test(value.value)) {
      out.push(value.value);
    }
    if (/^-r\.{0,2}\//.test(a) && name === "ruby") out.push(a.slice(2));
    i += span - 1;
  }
  return out;
}
function timeitCode(args) {
  const at = args.findIndex((w, i) => w.value === "-m" && args[i + 1]?.value === "timeit");
  if (at === -1) return [];
  const out = [];
  const rest = args.slice(at + 2);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]?.value ?? "";
    if (a === "-s" || a === "--setup") out.push(rest[++i]?.value ?? "");
    else if (/^-[nrpu]$|^--(?:number|repeat|unit)$/.test(a)) i++;
    else if (a.startsWith("--setup=")) out.push(a.slice(8));
    else if (!a.startsWith("-")) out.push(a);
  }
  return out.filter((s) => s !== "");
}
var FILE_DELETES2 = /\b(?:os\.(?:remove|unlink|rmdir|removedirs)|shutil\.rmtree|\w*\.unlink|unlinkSync|rmSync|rmdirSync|fs\.(?:unlink|rm|rmdir)|File\.(?:delete|unlink)|FileUtils\.rm\w*|unlink|rmtree|remove_tree|Deno\.remove\w*)\s*\(?/;
var WALKS = /\b(?:os\.(?:walk|listdir|scandir)|glob|rglob|iterdir|readdirSync|readdir|opendir|Dir\.(?:glob|each_child|children|entries|foreach)|Dir\[|Find\.find|find|io\.popen|lfs\.dir|walk\w*|Deno\.readDir\w*)\b/;
function checkDeleteLoop(name, code, cwd, env) {
  if (!FILE_DELETES2.test(code) || !WALKS.test(code)) return null;
  for (const lit of stringLiterals(code)) {
    const text = lit.text;
    if (!/^(?:\/|~|\.\.)/.test(text) || /\s/.test(text)) continue;
    if (text === "/") {
      const before = code.slice(0, lit.at).trimEnd().at(-1);
      const after = code.slice(lit.end).trimStart()[0];
      if (before !== "(" || after !== ")" && after !== ",") continue;
    }
    const glob = text.search(/[*?[{]/);
    const literal = glob === -1 ? text : text.slice(0, text.lastIndexOf("/", glob) + 1) || "/";
    const path = literal.replace(/^~(?=\/|$)/, env.home);
    const v = classifyTarget(literalWord(path.length > 1 ? path.replace(/\/+$/, "") : path), cwd, env, true);
    if (v && v.rule !== "rm.dynamic") {
      return deny("interpreter.delete-loop", `The ${name} code walks ${text} and deletes what it finds one by one, as rm -r there would (${v.rule}). Delete inside the project, or ask the user`);
    }
  }
  return null;
}
var SOCKETS = /\b(?:socket|TCPSocket|fsockopen|IO::Socket|net\.(?:connect|Socket|createConnection)|Deno\.connect)\b/;
var SHELL_WIRING = /\b(?:dup2|pty\.spawn|proc_open|exec|spawn|system|popen)\b|open\(\s*STDIN/;
function checkReverseShell(name, code) {
  if (!SOCKETS.test(code) || !SHELL_WIRING.test(code)) return null;
  if (!/(?:^|[^\w.-])(?:\/bin\/)?(?:ba|z|da|k)?sh\b|cmd\.exe/.test(code)) {
    return null;
  }
  return deny("remote.reverse-shell", `The ${name} code connects to the network and wires a shell to the connection, which gives whoever is at the other end control of this machine. Do not run it`);
}
function withArguments(name, code, args) {
  if (args.length === 0) return code;
  const lit = (i) => args[i] === void 0 ? null : JSON.stringify(args[i]);
  const put = (pattern, offset) => {
    code = code.replace(pattern, (whole, n) => {
      return lit(Number(n) + offset) ?? whole;
    });
  };
  if (/^python|^pypy/.test(name)) put(/\bsys\.argv\[(\d+)\]/g, -1);
  else if (/^(?:node|nodejs|bun)$/.test(name)) {
    put(/\bprocess\.argv\[(\d+)\]/g, -1);
  } else if (name === "ruby") {
    put(/\bARGV\[(\d+)\]/g, 0);
    code = code.replace(/\bARGV\.first\b/g, lit(0) ?? "ARGV.first");
  } else if (name === "perl") {
    put(/\$ARGV\[(\d+)\]/g, 0);
    code = code.replace(/\bshift\b(?!\s*\()/, lit(0) ?? "shift");
  } else if (name === "php") put(/\$argv\[(\d+)\]/g, -1);
  return code;
}

// src/safety/_interpreters.ts
var JS_FLAGS = [
  "-e",
  "--eval",
  "-p",
  "--print"
];
function codeFlags(name) {
  if (/^python[0-9.]*$/.test(name) || name === "pypy3") return [
    "-c"
  ];
  switch (name) {
    case "node":
    case "nodejs":
    case "bun":
      return JS_FLAGS;
    case "ruby":
      return [
        "-e"
      ];
    case "perl":
      return [
        "-e",
        "-E"
      ];
    case "php":
      return [
        "-r"
      ];
    default:
      return /^lua(?:jit|[0-9.]*)$/.test(name) ? [
        "-e"
      ] : void 0;
  }
}
var EXEC_MARKERS = [
  "system",
  "popen",
  "subprocess",
  "exec",
  "spawn",
  "child_process",
  "`",
  "qx",
  "Bun.$"
];
var DELETE_MARKERS = [
  "rmtree",
  "rmSync",
  "rm_rf",
  "rm_r",
  "remove_tree",
  "rimraf",
  "remove_dir_all",
  "fs.rm(",
  "rmdirSync",
  "removeSync(",
  "Deno.remove("
];
var ACCESS_MARKERS = [
  "open",
  "read",
  "Read",
  "file",
  "File",
  "fs.",
  "copy",
  "load",
  "Path",
  "send",
  "upload",
  "include",
  "require"
];
function stdinCode(inv, cmd) {
  const script = inv.args.find((w) => !w.value.startsWith("-") || w.value === "-");
  if (script !== void 0 && script.value !== "-") return void 0;
  for (const r of cmd.redirects) {
    if (r.heredoc) return r.heredoc.body;
    if (r.op === "<<<" && r.target) return r.target.value;
  }
  return void 0;
}
function codeIndex(inv, flags) {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (a === "--" || !a.startsWith("-")) return -1;
    if (a === "-m") return -1;
    if (flags.includes(a)) return i;
    if (isGluedValue(inv.name, a)) continue;
    if (optionSpan(inv.name, a) === 2) {
      i++;
      continue;
    }
    if (!a.startsWith("--") && flags.some((f) => f.length === 2 && a.endsWith(f.slice(1)))) return i;
  }
  return -1;
}
function gluedCode(inv, flags) {
  for (const w of inv.args) {
    const a = w.value;
    if (a === "--" || !a.startsWith("-")) break;
    const long = flags.find((f) => f.startsWith("--") && a.startsWith(`${f}=`));
    if (long !== void 0) return a.slice(long.length + 1);
  }
  if (!/^(?:python|pypy|perl|ruby)/.test(inv.name)) return null;
  const letters = flags.filter((f) => f.length === 2).map((f) => f[1]).join("");
  const before = /^python|^pypy/.test(inv.name) ? "[bBdEhiIOPqsSuvVx]*" : "";
  const pattern = new RegExp(`^-${before}[${letters}]([\\s\\S]+)$`);
  for (const w of inv.args) {
    const a = w.value;
    if (a === "--" || !a.startsWith("-")) return null;
    if (a.startsWith("--") || isGluedValue(inv.name, a)) continue;
    const m = pattern.exec(a);
    if (m) return m[1] ?? null;
  }
  return null;
}
function runsRecursiveForceDelete(text) {
  const parsed = parseShell(text, {});
  if (!parsed.ok) return false;
  return parsed.commands.some((c) => {
    if (commandName(c.argv[0]) !== "rm") return false;
    const { recursive, force } = rmFlags(c.argv.slice(1));
    return recursive && force;
  });
}
var Q = `["']`;
var HOME_APIS = new RegExp([
  `(?:\\bos|require\\(\\s*${Q}(?:node:)?os${Q}\\s*\\))\\.homedir\\(\\)`,
  `\\b(?:pathlib\\.)?Path\\.home\\(\\)`,
  `\\bDir\\.home\\b(?:\\(\\))?`,
  `\\bos\\.path\\.expanduser\\(\\s*${Q}~${Q}\\s*\\)`,
  `\\bos\\.environ\\s*\\[\\s*${Q}HOME${Q}\\s*\\]`,
  `\\bos\\.(?:environ\\.get|getenv)\\(\\s*${Q}HOME${Q}\\s*\\)`,
  `\\bprocess\\.env\\.HOME\\b`,
  `\\bprocess\\.env\\[\\s*${Q}HOME${Q}\\s*\\]`,
  `\\bDeno\\.env\\.get\\(\\s*${Q}HOME${Q}\\s*\\)`,
  `\\bENV\\s*\\[\\s*${Q}HOME${Q}\\s*\\]`,
  `\\bgetenv\\(\\s*${Q}HOME${Q}\\s*\\)`,
  `\\$ENV\\{\\s*${Q}?HOME${Q}?\\s*\\}`
].join("|"), "g");
var INTERPOLATED_HOME = new RegExp(`(f?)(["\`])([^"\`]*?)(?:\\$ENV\\{\\s*${Q}?HOME${Q}?\\s*\\}|#\\{\\s*(?:Dir\\.home|ENV\\[\\s*${Q}HOME${Q}\\s*\\])\\s*\\}|\\$\\{\\s*(?:(?:os|require\\(\\s*${Q}(?:node:)?os${Q}\\s*\\))\\.homedir\\(\\)|process\\.env\\.HOME)\\s*\\}|\\{\\s*(?:(?:pathlib\\.)?Path\\.home\\(\\)|os\\.path\\.expanduser\\(\\s*${Q}~${Q}\\s*\\)|os\\.environ\\[\\s*${Q}HOME${Q}\\s*\\])\\s*\\})([^"\`]*)\\2`, "g");
function withHomeInterpolated(code, home) {
  return code.replace(INTERPOLATED_HOME, (_whole, _f, _q, pre, post) => JSON.stringify(`${pre}${home}${post}`));
}
function withHomeLiterals(source, home) {
  const code = withHomeInterpolated(source, home);
  const literal = JSON.stringify(home);
  if (!HOME_APIS.test(code)) return code;
  HOME_APIS.lastIndex = 0;
  const quoted = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const joined = new RegExp(`(?:os\\.path\\.join|path\\.join|File\\.join)\\(\\s*${quoted(literal)}((?:\\s*,\\s*["'][^"'\\\\]*["'])+)\\s*\\)`, "g");
  const appended = /"([^"\\]*)"\s*[+/]\s*["']([^"'\\]*)["']/;
  let out = code.replace(HOME_APIS, literal).replace(joined, (_, parts) => JSON.stringify([
    home,
    ...[
      ...parts.matchAll(/["']([^"']*)["']/g)
    ].map((m) => m[1])
  ].join("/")));
  for (let i = 0; i < 8; i++) {
    const m = appended.exec(out);
    if (m === null || !(m[1] ?? "").startsWith(home)) break;
    const tail = m[2] ?? "";
    const path = `${m[1]}${tail.startsWith("/") || tail === "" ? "" : "/"}${tail}`;
    out = out.slice(0, m.index) + JSON.stringify(path) + out.slice(m.index + m[0].length);
  }
  return out;
}
var DECODE_CALLS = /\b(?:(?:base64\.)?(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes)|atob|Buffer\.from|Base64\.(?:decode64|strict_decode64)|decode_base64|base64_decode)\(\s*(["'])([A-Za-z0-9+/=_-]+)\1\s*(?:,\s*["']base64["']\s*)?\)/g;
function withDecodedLiterals(code) {
  return code.replace(DECODE_CALLS, (call, _q, text) => {
    if (call.startsWith("Buffer.from") && !/base64["']\s*\)$/.test(call)) {
      return call;
    }
    const decoded = decodeBase64(text);
    return decoded === null ? call : JSON.stringify(decoded);
  });
}
function checkOneLiner(name, source, cwd, env) {
  const code = withDecodedLiterals(withHomeLiterals(source, env.home));
  if (env.level === "paranoid") {
    return deny("interpreter.one-liner", `Paranoid level: ${name} one-liners are blocked. Write the code to a file in the project and run that`);
  }
  if (parseShell(code, {
    cwd,
    home: env.home
  }).ok) {
    const asShell = env.nested(code, cwd, env);
    if (asShell.verdict !== "allow" && !asShell.rule?.startsWith("guard.")) {
      return asShell;
    }
  }
  const literals = stringLiterals(code);
  const runsShell = EXEC_MARKERS.some((m) => code.includes(m));
  const opensFiles = ACCESS_MARKERS.some((m) => code.includes(m));
  for (const lit of literals) {
    const pathLike2 = lit.text !== "" && !/\s/.test(lit.text);
    if (pathLike2 && (opensFiles || runsShell)) {
      noteRead(env, lit.text, cwd, name);
    }
    const secret = pathLike2 && classifySecretPath(lit.text, {
      cwd,
      home: env.home
    });
    if (secret && (opensFiles || runsShell)) {
      return secretVerdict(secret, lit.text);
    }
    if (runsShell && lit.text.includes(" ")) {
      const v = env.nested(lit.text, cwd, env);
      if (v.verdict !== "allow" && !v.rule?.startsWith("guard.")) return v;
      if (runsRecursiveForceDelete(lit.text)) {
        return deny("interpreter.rm-rf", `The ${name} code runs rm -rf through a shell call, where its target cannot be checked reliably. Run the rm command directly`);
      }
    }
  }
  for (const marker of DELETE_MARKERS) {
    let from = code.indexOf(marker);
    while (from !== -1) {
      const lit = literals.find((l) => l.at > from);
      if (lit && lit.text !== "") {
        const recursive = ![
          "fs.rm(",
          "rmSync",
          "rmdirSync",
          "removeSync(",
          "Deno.remove("
        ].includes(marker) || code.includes("recursive");
        const v = recursive ? classifyTarget(literalWord(lit.text.replace(/^~(?=\/|$)/, env.home)), cwd, env, true) : null;
        if (v && v.rule !== "rm.dynamic") return v;
      }
      from = code.indexOf(marker, from + marker.length);
    }
  }
  const loop = checkDeleteLoop(name, code, cwd, env) ?? checkReverseShell(name, code);
  if (loop) return loop;
  const language = languageOf(name);
  return language === null ? allow() : checkCalls(language, code, cwd, env);
}
function checkInterpreter(inv, cmd, piped, env) {
  const flags = codeFlags(inv.name) ?? [];
  const glued = gluedCode(inv, flags);
  if (glued !== null) {
    return checkOneLiner(inv.name, glued, inv.cwd, env);
  }
  for (const statement of timeitCode(inv.args)) {
    const v = checkOneLiner(inv.name, statement, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  const index = codeIndex(inv, flags);
  let code = index === -1 ? stdinCode(inv, cmd) : inv.args[index + 1]?.value;
  const hasScript = inv.args.some((w) => !w.value.startsWith("-") || w.value === "--");
  if (code === void 0 && piped !== null && !hasScript) code = piped;
  if (code === void 0) return checkSecretOperands(inv, env) ?? allow();
  const files = index === -1 ? [] : inv.args.slice(index + 2);
  const secret = checkSecretOperands({
    ...inv,
    args: files
  }, env);
  if (secret) return secret;
  const literal = files.every((w) => !w.dynamic) ? withArguments(inv.name, code, files.map((w) => w.value)) : code;
  return checkOneLiner(inv.name, literal, inv.cwd, env);
}

// src/safety/_from_input.ts
var OPTION_SENSITIVE = /* @__PURE__ */ new Set([
  "rm",
  "git",
  "find",
  "rsync",
  "chmod",
  "chown",
  "truncate",
  "dd"
]);
var RUNNERS = /* @__PURE__ */ new Set([
  "deno",
  "npx",
  "bunx",
  "awk",
  "gawk",
  "perl",
  "php"
]);
function fromInput(inv, what) {
  return deny("shell.from-input", `${inv.origin} puts its input into ${what} of ${inv.name}, so the input decides what runs. Write the command out, or pass the input as plain operands`);
}
function checkFromInput(inv, cmd, all, env) {
  if (inv.origin !== "xargs" && inv.origin !== "parallel") return null;
  const { name, args } = inv;
  if (OPTION_SENSITIVE.has(name)) {
    if (args.some((w) => w.dynamic && w.literalPrefix.startsWith("-") && !w.literalPrefix.includes("="))) {
      return fromInput(inv, "the options");
    }
    const sub = args.find((w) => w.dynamic || !w.value.startsWith("-"));
    if (name === "git" && sub?.dynamic) return fromInput(inv, "the subcommand");
  }
  if (codeFlags(name) !== void 0 || RUNNERS.has(name)) {
    for (const w of args) {
      if (w.dynamic) return fromInput(inv, "the code, script or module");
      if (!w.value.startsWith("-") && w.value !== "") break;
    }
  }
  const uploads = (name === "curl" || name === "wget") && uploadsFiles(args);
  if (readsContents(name) || uploads) {
    const match = listedSecret(all, cmd, env);
    if (match) return secretVerdict(match, "the paths piped in");
  }
  return null;
}
function checkReadLoop(inv, cmd, all, env) {
  const { name, args } = inv;
  const uploads = (name === "curl" || name === "wget") && uploadsFiles(args);
  if (!readsContents(name) && !uploads) return null;
  const used = new Set(args.flatMap((w) => w.dynamic ? [
    ...w.raw.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)
  ].map((m) => m[1] ?? "") : []));
  if (used.size === 0) return null;
  for (const c of all.slice(0, all.indexOf(cmd))) {
    if (commandName(c.argv[0]) !== "read" || c.pipelineIndex === 0) continue;
    if (!c.argv.slice(1).some((w) => used.has(w.value))) continue;
    const match = listedSecret(all, c, env);
    if (match) return secretVerdict(match, "the paths read from the pipe");
  }
  return null;
}
var FILTERS = /* @__PURE__ */ new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "sort",
  "uniq",
  "head",
  "tail",
  "tr",
  "sed",
  "cut",
  "awk",
  "cat"
]);
var LISTERS2 = /* @__PURE__ */ new Set([
  "ls",
  "echo",
  "printf",
  "fd",
  "fdfind",
  "tree"
]);
function listedSecret(all, cmd, env) {
  let index = cmd.pipelineIndex - 1;
  while (index >= 0) {
    const feeder = all.find((c) => c.pipeline === cmd.pipeline && c.pipelineIndex === index);
    if (feeder === void 0) return null;
    const name = commandName(feeder.argv[0]);
    if (name === "find") {
      return findsSecret([
        feeder
      ], {
        cwd: feeder.cwd,
        home: env.home
      });
    }
    const operands3 = feeder.argv.slice(1).filter((w) => !w.value.startsWith("-"));
    if (LISTERS2.has(name)) {
      for (const w of operands3) {
        const match = secretOf(w, feeder.cwd, env) ?? (w.dynamic ? null : classifySecretPrefix(`${w.value}/`, {
          cwd: feeder.cwd,
          home: env.home
        }));
        if (match) return match;
      }
      return null;
    }
    if (!FILTERS.has(name) || operands3.length > (name === "cat" ? 0 : 1)) {
      return null;
    }
    index--;
  }
  return null;
}

// src/safety/_git_options.ts
var COMMON = [
  "--quiet"
];
var LONG_OPTIONS = {
  reset: [
    "--mixed",
    "--soft",
    "--hard",
    "--merge",
    "--keep",
    "--recurse-submodules",
    "--pathspec-from-file",
    "--pathspec-file-nul",
    "--intent-to-add",
    "--refresh"
  ],
  rm: [
    "--dry-run",
    "--cached",
    "--force",
    "--ignore-unmatch",
    "--sparse",
    "--pathspec-from-file",
    "--pathspec-file-nul"
  ],
  clean: [
    "--force",
    "--dry-run",
    "--interactive",
    "--exclude"
  ],
  checkout: [
    "--force",
    "--progress",
    "--ours",
    "--theirs",
    "--track",
    "--orphan",
    "--detach",
    "--merge",
    "--conflict",
    "--patch",
    "--ignore-skip-worktree-bits",
    "--ignore-other-worktrees",
    "--overwrite-ignore",
    "--recurse-submodules",
    "--guess",
    "--overlay",
    "--pathspec-from-file",
    "--pathspec-file-nul"
  ],
  switch: [
    "--create",
    "--force-create",
    "--discard-changes",
    "--force",
    "--detach",
    "--guess",
    "--merge",
    "--conflict",
    "--progress",
    "--track",
    "--orphan",
    "--ignore-other-worktrees",
    "--recurse-submodules",
    "--overwrite-ignore"
  ],
  restore: [
    "--source",
    "--staged",
    "--worktree",
    "--ignore-unmerged",
    "--overlay",
    "--recurse-submodules",
    "--progress",
    "--merge",
    "--conflict",
    "--ours",
    "--theirs",
    "--patch",
    "--ignore-skip-worktree-bits",
    "--pathspec-from-file",
    "--pathspec-file-nul"
  ],
  branch: [
    "--delete",
    "--force",
    "--move",
    "--copy",
    "--list",
    "--create-reflog",
    "--color",
    "--column",
    "--contains",
    "--merged",
    "--edit-description",
    "--format",
    "--ignore-case",
    "--points-at",
    "--remotes",
    "--all",
    "--set-upstream-to",
    "--unset-upstream",
    "--show-current",
    "--sort",
    "--track",
    "--abbrev",
    "--recurse-submodules",
    "--omit-empty"
  ],
  push: [
    "--all",
    "--branches",
    "--mirror",
    "--delete",
    "--tags",
    "--dry-run",
    "--porcelain",
    "--force",
    "--force-with-lease",
    "--force-if-includes",
    "--repo",
    "--set-upstream",
    "--thin",
    "--receive-pack",
    "--exec",
    "--prune",
    "--recurse-submodules",
    "--verify",
    "--follow-tags",
    "--signed",
    "--atomic",
    "--push-option",
    "--ipv4",
    "--ipv6",
    "--progress",
    "--verbose"
  ]
};
function expandGitLong(sub, name) {
  const own = LONG_OPTIONS[sub];
  if (own === void 0) return null;
  const all = [
    ...own,
    ...COMMON
  ];
  const every = [
    ...all,
    ...all.map((o) => `--no-${o.slice(2)}`)
  ];
  if (every.includes(name)) return name;
  const matches = every.filter((o) => o.startsWith(name));
  return matches.length === 1 ? matches[0] ?? null : null;
}

// src/safety/_git_args.ts
var WATCHED_LONG = [
  "--hard",
  "--merge",
  "--force",
  "--mirror",
  "--delete",
  "--abort",
  "--discard-changes",
  "--worktree",
  "--staged",
  "--dry-run",
  "--cached",
  "--pathspec-from-file"
];
var SHORT_OF = {
  "--force": "f",
  "--delete": "d",
  "--dry-run": "n",
  "--staged": "S",
  "--worktree": "W"
};
function fullLong(name, sub) {
  const known = expandGitLong(sub, name);
  if (known !== null) return known;
  if (name.length < 5 || WATCHED_LONG.includes(name)) return name;
  const matches = WATCHED_LONG.filter((w) => w.startsWith(name));
  return matches.length === 1 ? matches[0] ?? name : name;
}
function readGitArgs(args, shortValues = "", longValues = [], optional = {}, sub = "") {
  const out = {
    shorts: /* @__PURE__ */ new Set(),
    longs: /* @__PURE__ */ new Set(),
    values: /* @__PURE__ */ new Map(),
    positionals: [],
    afterDashDash: null,
    negated: /* @__PURE__ */ new Set()
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (out.afterDashDash !== null) out.afterDashDash.push(a);
    else if (a === "--") out.afterDashDash = [];
    else if (a === "-" || !a.startsWith("-")) out.positionals.push(a);
    else if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = fullLong(eq === -1 ? a : a.slice(0, eq), sub);
      const positive = `--${name.slice(5)}`;
      if (name.startsWith("--no-") && WATCHED_LONG.includes(positive)) {
        out.longs.delete(positive);
        out.negated.add(positive);
        const short = SHORT_OF[positive];
        if (short) out.shorts.delete(short);
        continue;
      }
      out.longs.add(name);
      out.negated.delete(name);
      if (eq !== -1) out.values.set(name, a.slice(eq + 1));
      else if (longValues.includes(name)) {
        out.values.set(name, args[i + 1] ?? "");
        i++;
      } else if (optional[name]?.includes(args[i + 1] ?? "")) {
        out.values.set(name, args[i + 1] ?? "");
        i++;
      }
    } else {
      for (let j = 1; j < a.length; j++) {
        const letter = a[j] ?? "";
        if (!shortValues.includes(letter)) {
          out.shorts.add(letter);
          continue;
        }
        const attached = a.slice(j + 1);
        out.values.set(`-${letter}`, attached !== "" ? attached : args[++i] ?? "");
        break;
      }
    }
  }
  return out;
}

// src/safety/_git.ts
var GLOBAL_WITH_VALUE = /* @__PURE__ */ new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--super-prefix"
]);
function hit(rule, reason) {
  return {
    rule,
    reason
  };
}
var NETWORK_SUBCOMMANDS = /* @__PURE__ */ new Set([
  "fetch",
  "pull",
  "push",
  "clone",
  "ls-remote",
  "fetch-pack",
  "send-pack"
]);
function opensConnection(sub, args) {
  if (NETWORK_SUBCOMMANDS.has(sub)) return true;
  const action = args.find((a) => !a.startsWith("-"));
  switch (sub) {
    case "archive":
      return args.some((a) => a.startsWith("--remote"));
    case "remote":
      return [
        "update",
        "prune",
        "show"
      ].includes(action ?? "") || action === "add" && args.some((a) => a === "-f" || a === "--fetch");
    case "submodule":
      return [
        "update",
        "add",
        "foreach"
      ].includes(action ?? "");
    default:
      return false;
  }
}
var SSH_VARIABLES = /* @__PURE__ */ new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_SSH_VARIANT"
]);
function splitGit(args, envConfig = []) {
  const aliases = /* @__PURE__ */ new Map();
  const config = [];
  const setting = (text) => {
    config.push(text);
    const eq = text.indexOf("=");
    const key = text.slice(0, eq).toLowerCase();
    if (eq > 0 && key.startsWith("alias.")) {
      aliases.set(key.slice(6), text.slice(eq + 1));
    }
  };
  envConfig.forEach(setting);
  let i = 0;
  while (i < args.length) {
    const a = args[i] ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (GLOBAL_WITH_VALUE.has(a)) {
      if (a === "-c") setting(args[i + 1] ?? "");
      i += 2;
    } else if (a.startsWith("-")) {
      if (a.startsWith("-c") && a.length > 2) setting(a.slice(2));
      i++;
    } else break;
  }
  const sub = args[i]?.toLowerCase();
  if (sub === void 0 || sub.startsWith("-")) {
    return {
      sub: null,
      args: [],
      shellAlias: null,
      config
    };
  }
  const rest = args.slice(i + 1);
  const alias = aliases.get(sub);
  if (alias !== void 0) {
    if (alias.startsWith("!")) {
      return {
        sub,
        args: rest,
        shellAlias: alias.slice(1),
        config
      };
    }
    const words = alias.split(/\s+/).filter((w) => w !== "");
    return {
      sub: words[0]?.toLowerCase() ?? null,
      args: [
        ...words.slice(1),
        ...rest
      ],
      shellAlias: null,
      config
    };
  }
  return {
    sub,
    args: rest,
    shellAlias: null,
    config
  };
}
function checkGitSubcommand(sub, args, context = {
  envNames: [],
  config: []
}) {
  if (opensConnection(sub, args) && (context.envNames.some((n) => SSH_VARIABLES.has(n)) || context.config.some((c) => c.toLowerCase().startsWith("core.sshcommand")))) {
    return hit("git.ssh-command", "GIT_SSH_COMMAND/core.sshCommand makes git run an arbitrary program for network access. Configure ssh in ~/.ssh/config instead, or ask the user");
  }
  switch (sub) {
    case "reset": {
      const a = readGitArgs(args, "", [], {}, "reset");
      if (a.longs.has("--hard")) {
        return hit("git.reset-hard", "git reset --hard throws away uncommitted changes. Run `git stash` first, or use `git reset --soft`/`--keep`");
      }
      if (a.longs.has("--merge")) {
        return hit("git.reset-merge", "git reset --merge can discard uncommitted changes. Run `git stash` first, or use `git reset --keep`");
      }
      return null;
    }
    case "checkout":
      return checkCheckout(args);
    case "switch": {
      const a = readGitArgs(args, "cC", [], {}, "switch");
      if (a.longs.has("--discard-changes") || a.longs.has("--force") || a.shorts.has("f")) {
        return hit("git.switch-force", "git switch --discard-changes/--force throws away local changes. Commit or `git stash` them first");
      }
      return null;
    }
    case "restore": {
      const a = readGitArgs(args, "s", [
        "--source",
        "--pathspec-from-file"
      ], {}, "restore");
      if (a.longs.has("--help") || a.longs.has("--version") || a.shorts.has("h")) {
        return null;
      }
      const staged = a.longs.has("--staged") || a.shorts.has("S");
      const worktree = a.longs.has("--worktree") || a.shorts.has("W");
      if (staged && !worktree) return null;
      const located = a.negated.has("--worktree") || a.negated.has("--staged");
      if (!staged && !worktree && located) return null;
      if (a.positionals.length === 0 && !a.afterDashDash?.length && !a.longs.has("--pathspec-from-file")) return null;
      return hit("git.restore-worktree", "git restore overwrites uncommitted changes in the working tree. Use `git restore --staged` to unstage, or `git stash` first");
    }
    case "clean": {
      const a = readGitArgs(args, "e", [
        "--exclude"
      ], {}, "clean");
      const preview = args.includes("-n") || a.longs.has("--dry-run");
      if ((a.longs.has("--force") || a.shorts.has("f")) && !preview) {
        return hit("git.clean-force", "git clean -f deletes untracked files for good. Preview with `git clean -n` and delete what you mean by name");
      }
      return null;
    }
    case "push":
      return checkPush(args);
    case "branch": {
      const a = readGitArgs(args, "u", [
        "--set-upstream-to"
      ], {}, "branch");
      const del = a.shorts.has("d") || a.longs.has("--delete");
      const force = a.shorts.has("f") || a.longs.has("--force");
      if (a.shorts.has("D") || del && force) {
        return hit("git.branch-force-delete", "git branch -D deletes a branch even when it is not merged. Use `git branch -d`, which refuses unmerged work");
      }
      return null;
    }
    case "stash": {
      const action = readGitArgs(args, "m", [
        "--message"
      ]).positionals[0];
      if (action === "drop" || action === "clear") {
        return hit(`git.stash-${action}`, `git stash ${action} deletes stashed work for good. Use \`git stash list\` and \`git stash apply\`, or ask the user`);
      }
      return null;
    }
    case "tag": {
      const a = readGitArgs(args, "mFu", [
        "--message",
        "--file"
      ]);
      if (a.shorts.has("d") || a.longs.has("--delete")) {
        return hit("git.tag-delete", "git tag -d deletes a tag. Ask the user before removing tags");
      }
      return null;
    }
    case "reflog": {
      const a = readGitArgs(args);
      const action = a.positionals[0];
      const now = [
        "--expire",
        "--expire-unreachable"
      ].some((o) => /^(now|all|0)/.test(a.values.get(o) ?? ""));
      if (action === "delete" || action === "expire" && now) {
        return hit("git.reflog-expire", "Deleting or expiring the reflog removes the last way to recover lost commits. Leave the reflog alone");
      }
      return null;
    }
    case "gc":
      if (/^(now|all)/.test(readGitArgs(args).values.get("--prune") ?? "")) {
        return hit("git.gc-prune", "git gc --prune=now deletes unreachable commits at once. Run plain `git gc`");
      }
      return null;
    case "update-ref": {
      const a = readGitArgs(args, "m");
      if (a.shorts.has("d") || a.longs.has("--delete")) {
        return hit("git.update-ref-delete", "git update-ref -d deletes a ref directly. Use `git branch -d` or `git tag -d` after asking the user");
      }
      return null;
    }
    case "filter-branch":
      return hit("git.filter-branch", "git filter-branch rewrites history. Ask the user, and back up the repository first");
    case "worktree": {
      const a = readGitArgs(args);
      if (a.positionals[0] === "remove" && (a.longs.has("--force") || a.shorts.has("f"))) {
        return hit("git.worktree-remove-force", "git worktree remove --force deletes a worktree with uncommitted changes. Use `git worktree remove` without --force");
      }
      return null;
    }
    case "rebase":
    case "merge":
      if (readGitArgs(args).longs.has("--abort")) {
        return hit(`git.${sub}-abort`, `git ${sub} --abort throws away the conflict resolutions made so far. Commit or \`git stash\` the resolved files first, or ask the user`);
      }
      return null;
    case "rm": {
      const a = readGitArgs(args, "", [
        "--pathspec-from-file"
      ], {}, "rm");
      if ((a.shorts.has("f") || a.longs.has("--force")) && !a.longs.has("--cached") && !a.shorts.has("n") && !a.longs.has("--dry-run")) {
        return hit("git.rm-force", "git rm -f deletes files together with their uncommitted changes. Use `git rm --cached` to untrack, or commit or stash the changes first");
      }
      return null;
    }
    default:
      return null;
  }
}
function checkCheckout(args) {
  const a = readGitArgs(args, "bBU", [
    "--orphan",
    "--conflict",
    "--unified",
    "--inter-hunk-context",
    "--pathspec-from-file"
  ], {
    "--track": [
      "direct",
      "inherit"
    ],
    "--recurse-submodules": [
      "checkout",
      "on-demand"
    ]
  }, "checkout");
  if (a.shorts.has("f") || a.longs.has("--force")) {
    return hit("git.checkout-force", "git checkout --force discards local changes. Commit or `git stash` them first");
  }
  if (a.longs.has("--pathspec-from-file")) {
    return hit("git.checkout-path", "git checkout --pathspec-from-file overwrites uncommitted changes in every listed file. Run `git stash` first");
  }
  if (a.afterDashDash !== null) {
    return hit("git.checkout-path", "git checkout -- <path> overwrites uncommitted changes in those files. Run `git stash` or `git diff > backup.patch` first");
  }
  if (a.positionals.includes(".")) {
    return hit("git.checkout-path", "git checkout . discards every uncommitted change. Run `git stash` first");
  }
  if (a.positionals.length >= 2) {
    return hit("git.checkout-path", "git checkout <ref> <path> overwrites uncommitted changes in those files. Use `git switch <branch>` to change branches, or `git stash` first");
  }
  return null;
}
function checkPush(args) {
  const a = readGitArgs(args, "o", [
    "--push-option",
    "--repo",
    "--receive-pack",
    "--exec"
  ], {}, "push");
  if (a.longs.has("--mirror")) {
    return hit("git.push-mirror", "git push --mirror overwrites and deletes remote refs. Push the branches you mean by name");
  }
  const refs = [
    ...a.positionals.slice(1),
    ...a.afterDashDash ?? []
  ];
  if (a.longs.has("--delete") || a.shorts.has("d")) {
    return hit("git.push-delete", "git push --delete removes a remote branch or tag. Ask the user to delete remote refs");
  }
  if (refs.some((r) => r.startsWith(":") && r.length > 1)) {
    return hit("git.push-delete", "git push <remote> :<branch> deletes the remote branch. Ask the user to delete remote refs");
  }
  const force = a.longs.has("--force") || a.shorts.has("f") || refs.some((r) => r.startsWith("+"));
  if (force) {
    return hit("git.push-force", "git push --force can overwrite others' commits. Use `git push --force-with-lease`");
  }
  return null;
}

// src/safety/_git_env.ts
function gitEnvConfig(env) {
  const out = {
    settings: [],
    dynamic: false
  };
  const parameters = env.get("GIT_CONFIG_PARAMETERS");
  if (parameters === null) out.dynamic = true;
  else if (parameters !== void 0) {
    for (const m of parameters.matchAll(/'([^']*)'(?:='([^']*)')?/g)) {
      out.settings.push(m[2] === void 0 ? m[1] ?? "" : `${m[1]}=${m[2]}`);
    }
  }
  const count = env.get("GIT_CONFIG_COUNT");
  if (count === null) out.dynamic = true;
  if (count === void 0 || count === null) return out;
  const n = Math.min(Number.parseInt(count, 10) || 0, 64);
  for (let i = 0; i < n; i++) {
    const key = env.get(`GIT_CONFIG_KEY_${i}`);
    const value = env.get(`GIT_CONFIG_VALUE_${i}`);
    if (key === null || value === null) out.dynamic = true;
    if (typeof key === "string") out.settings.push(`${key}=${value ?? ""}`);
  }
  return out;
}

// src/safety/_git_invocation.ts
function checkGit(inv, env) {
  const fromEnv = gitEnvConfig(inv.envValues);
  if (fromEnv.dynamic) {
    return deny("git.config-env", "git reads configuration (aliases, ssh command, hooks) from GIT_CONFIG_* variables whose values are only known at run time. Write the settings out with -c, or leave them out");
  }
  const split = splitGit(inv.args.map((w) => w.value), fromEnv.settings);
  if (split.shellAlias !== null) {
    return env.nested(split.shellAlias, inv.cwd, env);
  }
  if (split.sub === null) return allow();
  if (split.sub === "config") {
    const v = checkGitConfig(split.args);
    if (v) return v;
  }
  for (const setting of split.config) {
    const command2 = gitConfigCommand(setting);
    if (command2 === null) continue;
    const v = env.nested(command2, inv.cwd, env);
    if (v.verdict !== "allow" && !v.rule?.startsWith("guard.")) return v;
  }
  const h = checkGitSubcommand(split.sub, split.args, {
    envNames: inv.envNames,
    config: split.config
  });
  if (h) return deny(h.rule, h.reason);
  return checkSecretOperands(inv, env) ?? allow();
}

// src/safety/_infra.ts
var SQL_CLIENTS = /* @__PURE__ */ new Set([
  "psql",
  "mysql",
  "mariadb",
  "sqlite3",
  "duckdb",
  "clickhouse-client",
  "cockroach"
]);
var DESTRUCTIVE_SQL = /\b(?:drop\s+(?:database|schema|table|keyspace)|truncate\s+(?:table\s+)?\w|delete\s+from\s+[\w."`]+\s*(?:;|$))/i;
var PUBLISHERS = [
  [
    "npm",
    [
      "publish"
    ]
  ],
  [
    "pnpm",
    [
      "publish"
    ]
  ],
  [
    "yarn",
    [
      "publish"
    ]
  ],
  [
    "yarn",
    [
      "npm",
      "publish"
    ]
  ],
  [
    "bun",
    [
      "publish"
    ]
  ],
  [
    "cargo",
    [
      "publish"
    ]
  ],
  [
    "deno",
    [
      "publish"
    ]
  ],
  [
    "gem",
    [
      "push"
    ]
  ],
  [
    "poetry",
    [
      "publish"
    ]
  ],
  [
    "uv",
    [
      "publish"
    ]
  ],
  [
    "twine",
    [
      "upload"
    ]
  ],
  [
    "flit",
    [
      "publish"
    ]
  ],
  [
    "hatch",
    [
      "publish"
    ]
  ],
  [
    "dotnet",
    [
      "nuget",
      "push"
    ]
  ]
];
var KUBE_WIDE = /* @__PURE__ */ new Set([
  "namespace",
  "namespaces",
  "ns",
  "node",
  "nodes",
  "pv",
  "persistentvolume",
  "persistentvolumes",
  "pvc",
  "persistentvolumeclaim",
  "persistentvolumeclaims",
  "crd",
  "crds",
  "customresourcedefinition",
  "customresourcedefinitions"
]);
function askFirst(rule, what, command2) {
  return ask(rule, `${what}, outside this machine and beyond undo, so the user confirms it first. Where the agent cannot ask, the user runs it by hand: \`${command2}\``);
}
function operands2(inv) {
  return inv.args.filter((w) => !w.value.startsWith("-")).map((w) => w.value.toLowerCase());
}
function has(inv, ...flags) {
  return inv.args.some((w) => flags.some((f) => w.value === f || w.value.startsWith(`${f}=`)));
}
function shown(inv) {
  const text = [
    inv.name,
    ...inv.args.map((w) => w.raw)
  ].join(" ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function sqlText(inv, stdin) {
  const parts = stdin === null ? [] : [
    stdin
  ];
  inv.args.forEach((w, i) => {
    const next = inv.args[i + 1]?.value ?? "";
    if (/^(?:-c|-e|--command|--execute|--query|-q)$/.test(w.value)) {
      parts.push(next);
    } else if (/^--(?:command|execute|query)=/.test(w.value)) {
      parts.push(w.value.slice(w.value.indexOf("=") + 1));
    } else if (/^-[ce]./.test(w.value)) parts.push(w.value.slice(2));
    else if (!w.value.startsWith("-")) parts.push(w.value);
  });
  return parts.join("\n");
}
function checkPublish(inv) {
  if (has(inv, "--dry-run", "-n", "--help", "-h")) return null;
  const words = operands2(inv);
  for (const [program2, sub] of PUBLISHERS) {
    if (inv.name !== program2) continue;
    if (sub.every((s, i) => words[i] === s)) {
      return askFirst("publish.package", "Publishing a release is public and permanent", shown(inv));
    }
  }
  return null;
}
function checkTagPush(inv) {
  const words = operands2(inv);
  const at = words.indexOf("push");
  if (at === -1 || has(inv, "--dry-run", "-n")) return null;
  const refs = words.slice(at + 2);
  if (has(inv, "--tags", "--follow-tags") || refs.some((r) => /^(?:refs\/tags\/|v?\d+\.\d+)/.test(r.replace(/^\+/, "")))) {
    return askFirst("publish.git-tags", "Pushing release tags publishes a release", shown(inv));
  }
  return null;
}
function checkInfra(inv, stdin) {
  const { name } = inv;
  const words = operands2(inv);
  const help = has(inv, "-help", "--help", "-h");
  if ([
    "terraform",
    "tofu",
    "terragrunt"
  ].includes(name) && !help) {
    const destroy = words[0] === "destroy" || words[0] === "apply" && has(inv, "-destroy", "--destroy");
    if (destroy) {
      return askFirst("infra.terraform-destroy", "This destroys the infrastructure the configuration manages", shown(inv));
    }
  }
  if (name === "kubectl" || name === "oc") {
    const at = words.indexOf("delete");
    const kind = words[at + 1] ?? "";
    if (at !== -1 && !help && (KUBE_WIDE.has(kind.split("/")[0] ?? "") || has(inv, "--all", "-A", "--all-namespaces"))) {
      return askFirst("infra.kubectl-delete", "This deletes a whole namespace, node, volume or every resource of a kind", shown(inv));
    }
  }
  if (name === "helm" && /^(?:uninstall|delete|del|un)$/.test(words[0] ?? "")) {
    return askFirst("infra.helm-uninstall", "This removes a deployed release", shown(inv));
  }
  if (name === "docker" || name === "podman") {
    const wipes = words[0] === "system" && words[1] === "prune" || words[0] === "volume" && /^(?:prune|rm)$/.test(words[1] ?? "") || words[0] === "compose" && words.includes("down") && has(inv, "-v", "--volumes");
    if (wipes) {
      return askFirst("infra.docker-prune", "This deletes containers, images or volumes and the data in them", shown(inv));
    }
  }
  if (SQL_CLIENTS.has(name) && DESTRUCTIVE_SQL.test(sqlText(inv, stdin))) {
    return askFirst("infra.sql-drop", "This drops or empties a database, schema or table", shown(inv));
  }
  if (name === "dropdb") {
    return askFirst("infra.sql-drop", "This drops a database", shown(inv));
  }
  const piped = (stdin ?? "").toLowerCase().split(/\s+/);
  if (name === "redis-cli" && [
    ...words,
    ...piped
  ].some((w) => w === "flushall" || w === "flushdb")) {
    return askFirst("infra.redis-flush", "This wipes every key of the Redis database", shown(inv));
  }
  if (name === "aws" && words[0] === "s3") {
    if (words[1] === "rm" && has(inv, "--recursive") || words[1] === "rb") {
      return askFirst("infra.cloud-storage", "This deletes a bucket or everything under a prefix", shown(inv));
    }
  }
  if (name === "gsutil" && words[0] === "rm" || name === "gsutil" && words[0] === "rb" || name === "gcloud" && words[0] === "storage" && /^(?:rm|buckets)$/.test(words[1] ?? "") && (has(inv, "-r", "--recursive") || words.includes("delete"))) {
    return askFirst("infra.cloud-storage", "This deletes a bucket or its objects", shown(inv));
  }
  if (!help && (name === "gcloud" && words.includes("delete") || name === "az" && words.includes("delete") || name === "aws" && words.slice(1, 2).some((w) => /^(?:delete-|terminate-)/.test(w)))) {
    return askFirst("infra.cloud-delete", "This deletes cloud resources", shown(inv));
  }
  if (name === "gh" && [
    "repo",
    "release"
  ].includes(words[0] ?? "") && words[1] === "delete") {
    return askFirst("infra.repo-delete", "This deletes a hosted repository or release", shown(inv));
  }
  return checkPublish(inv);
}

// src/safety/_awk.ts
var AWK_VALUES = "fvF";
function awkProgram(args) {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "--") return args[i + 1]?.value ?? null;
    if (!a.startsWith("-") || a === "-") return a;
    if (a === "-f" || a.startsWith("--file")) return null;
    const letter = a[1] ?? "";
    if (AWK_VALUES.includes(letter) && a.length === 2) i++;
  }
  return null;
}
function leadingLiteral(text) {
  const m = /^\s*"((?:[^"\\]|\\.)*)"/.exec(text);
  if (m === null) return null;
  return {
    value: awkUnescape(m[1] ?? ""),
    after: text.slice(m[0].length)
  };
}
function awkUnescape(text) {
  const simple = {
    n: "\n",
    t: "	",
    r: "\r"
  };
  return text.replace(/\\(?:x([0-9a-fA-F]{1,2})|([0-7]{1,3})|(.))/g, (_, hex, oct, c) => hex !== void 0 ? String.fromCharCode(parseInt(hex, 16)) : oct !== void 0 ? String.fromCharCode(parseInt(oct, 8)) : simple[c ?? ""] ?? c ?? "");
}
function checkAwkPipes(program2, inv, env) {
  for (const m of program2.matchAll(/(print|printf)\b([^|;}]*)\|\s*"((?:[^"\\]|\\.)*)"(?!\s*\|?\s*getline)/g)) {
    const command2 = awkUnescape(m[3] ?? "");
    const v = env.nested(command2, inv.cwd, env);
    if (v.verdict !== "allow") return v;
    if (!/^\s*(?:ba|z|da|k)?sh(?:\s+-s)?\s*$/.test(command2)) continue;
    const printed2 = leadingLiteral(m[2] ?? "");
    if (printed2 === null || printed2.after.trim() !== "") {
      return deny("awk.system-dynamic", "awk prints text built at run time into a shell, which runs it unchecked. Run the commands directly in the shell");
    }
    const code = env.nested(printed2.value, inv.cwd, env);
    if (code.verdict !== "allow") return code;
  }
  return allow();
}
function checkAwk(inv, env) {
  const program2 = awkProgram(inv.args);
  if (program2 === null) return allow();
  for (const m of program2.matchAll(/\bsystem\s*\(/g)) {
    const lit = leadingLiteral(program2.slice((m.index ?? 0) + m[0].length));
    if (lit === null || !/^\s*\)/.test(lit.after)) {
      return deny("awk.system-dynamic", "awk's system() runs a command built at run time, which cannot be checked. Run the command directly in the shell");
    }
    const v = env.nested(lit.value, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  for (const m of program2.matchAll(/"((?:[^"\\]|\\.)*)"\s*\|\s*getline/g)) {
    const v = env.nested(awkUnescape(m[1] ?? ""), inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  const piped = checkAwkPipes(program2, inv, env);
  if (piped.verdict !== "allow") return piped;
  for (const m of program2.matchAll(/getline[^<;}]*<\s*"((?:[^"\\]|\\.)*)"/g)) {
    const path = m[1] ?? "";
    noteRead(env, path, inv.cwd, inv.name);
    const secret = classifySecretPath(path, {
      cwd: inv.cwd,
      home: env.home
    });
    if (secret) return secretVerdict(secret, path);
  }
  return allow();
}

// src/safety/_run.ts
var AWKS = /* @__PURE__ */ new Set([
  "awk",
  "gawk",
  "mawk",
  "nawk"
]);
function checkRun(cmd, all, env) {
  const first = cmd.argv[0];
  if (first === void 0) return allow();
  const variants = loopVariants(cmd);
  if (variants !== null) {
    for (const argv of variants) {
      const v = checkRun({
        ...cmd,
        argv
      }, all, env);
      if (v.verdict !== "allow") return v;
    }
    return allow();
  }
  const positional = positionalRun(cmd, all, env) ?? functionCall(cmd, all, env) ?? aliasUse(cmd, all, env);
  if (positional) return positional;
  if (cmd.functionName !== null && !first.dynamic && first.value === cmd.functionName && (cmd.pipelineLength > 1 || cmd.background)) {
    return deny("fork-bomb", "This function calls itself in a pipeline in the background: a fork bomb that exhausts the machine. Do not run it");
  }
  if (cmd.argv.some(splitsIntoWords)) {
    const line = cmd.argv.map((w) => splitsIntoWords(w) ? w.value : w.raw).join(" ");
    return env.nested(line, cmd.cwd, env);
  }
  const code = cmd.argv[2];
  if (first.dynamic && /^-[a-z]*c$/.test(cmd.argv[1]?.value ?? "") && code && !code.dynamic) {
    const v = env.nested(code.value, cmd.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  if (first.dynamic && env.level !== "standard") {
    return deny("shell.dynamic-executable", `The program to run ("${first.raw}") is only known at run time. Write the command name literally`);
  }
  const envValues = lineEnvironment(all, cmd);
  const invocations = unwrap(resolveWords(cmd.argv), {
    cwd: cmd.cwd,
    home: env.home,
    origin: "direct",
    envNames: [
      ...envValues.keys()
    ],
    envValues,
    stdin: pipedWords(all, cmd)
  });
  let held = null;
  for (const inv of invocations) {
    const v = checkInvocation(inv, cmd, all, env);
    if (v.verdict === "deny") return v;
    if (v.verdict === "ask") held ??= v;
  }
  return held ?? allow();
}
function pipedWords(all, cmd) {
  let text = pipedText(all, cmd);
  for (const r of cmd.redirects) {
    if (text !== null || r.target === null) continue;
    if (r.op === "<<<" && !r.target.dynamic) text = r.target.value;
    else if (r.op === "<") text = substitutionText(r.target);
  }
  if (text === null) return null;
  return text.split(/\s+/).filter((t) => t !== "").map((t) => literalWord(t));
}
function carriedCode(inv, cmd, all) {
  if (inv.name === "script") {
    const at = inv.args.findIndex((w) => /^-[a-zA-Z]*c$/.test(w.value) || w.value === "--command");
    const glued = inv.args.find((w) => w.value.startsWith("--command="));
    if (glued) return glued.value.slice("--command=".length);
    return at === -1 ? null : inv.args[at + 1]?.value ?? null;
  }
  if (inv.name === "at" || inv.name === "batch") {
    return pipedText(all, cmd) ?? hereText(cmd);
  }
  return null;
}
function hereText(cmd) {
  for (const r of cmd.redirects) {
    if (r.heredoc) return r.heredoc.body;
    if (r.op === "<<<" && r.target && !r.target.dynamic) return r.target.value;
  }
  return null;
}
function splitsIntoWords(w) {
  return !w.dynamic && !w.quoted && w.raw.startsWith("$") && /\s/.test(w.value);
}
function loopVariants(cmd) {
  const count = Math.max(0, ...cmd.argv.map((w) => w.alternatives?.length ?? 0));
  if (count === 0) return null;
  return Array.from({
    length: Math.min(count, 16)
  }, (_, k) => cmd.argv.map((w) => {
    const value = w.alternatives?.[k];
    return value === void 0 ? w : literalWord(value);
  }));
}
function positionalRun(cmd, all, env) {
  const first = cmd.argv[0];
  if (!first?.dynamic || !/^"?\$\{?[@*0-9]\}?"?$/.test(first.raw)) return null;
  const set = all.slice(0, all.indexOf(cmd)).findLast((c) => commandName(c.argv[0]) === "set" && c.argv.slice(1).some((w) => !w.value.startsWith("-") || w.value === "--"));
  if (set === void 0) return null;
  const words = set.argv.slice(1);
  const from = words.findIndex((w) => w.value === "--" || !/^[-+]/.test(w.value));
  const args = words.slice(words[from]?.value === "--" ? from + 1 : from);
  const code = substitutePositional(cmd.argv.map((w) => w.raw).join(" "), [
    literalWord("sh"),
    ...args
  ]);
  const v = env.nested(code, cmd.cwd, env);
  return v.verdict === "allow" ? null : v;
}
function functionCall(cmd, all, env) {
  const first = cmd.argv[0];
  if (!first || first.dynamic || cmd.argv.length < 2) return null;
  if (cmd.functionName === first.value) return null;
  for (const body of all) {
    if (body.functionName !== first.value || body.argv.length === 0) continue;
    const code = substitutePositional(body.argv.map((w) => w.raw).join(" "), cmd.argv);
    const v = env.nested(code, cmd.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  return null;
}
function aliasUse(cmd, all, env) {
  const first = cmd.argv[0];
  if (!first || first.dynamic || first.quoted) return null;
  const prefix = `${first.value}=`;
  const definition = all.slice(0, all.indexOf(cmd)).flatMap((c) => commandName(c.argv[0]) === "alias" ? c.argv.slice(1) : []).findLast((w) => !w.dynamic && w.value.startsWith(prefix));
  if (definition === void 0) return null;
  const code = [
    definition.value.slice(prefix.length),
    ...cmd.argv.slice(1).map((w) => w.raw)
  ].join(" ");
  const v = env.nested(code, cmd.cwd, env);
  return v.verdict === "allow" ? null : v;
}
function checkInvocation(inv, cmd, all, env) {
  const v = checkProgram(inv, cmd, all, env);
  if (v.verdict !== "allow") return v;
  return checkControlWrites(inv, env) ?? v;
}
function checkProgram(inv, cmd, all, env) {
  const { name } = inv;
  if (name === "" && (inv.origin === "xargs" || inv.origin === "parallel")) {
    return deny("shell.from-input", `${inv.origin} runs commands built from its input here, which cannot be checked. Name the program explicitly`);
  }
  const input = checkFromInput(inv, cmd, all, env) ?? checkReadLoop(inv, cmd, all, env) ?? checkEnvironmentDump(inv, cmd, all);
  if (input) return input;
  if (name === "rm") return checkRm(inv, env);
  if (name === "rimraf") {
    return checkRm({
      ...inv,
      args: [
        literalWord("-rf"),
        ...inv.args
      ]
    }, env);
  }
  if (name === "find") return checkFindInvocation(inv, env);
  if (name === "git") {
    const v = checkGit(inv, env);
    return v.verdict === "allow" ? checkTagPush(inv) ?? v : v;
  }
  if (SHELLS.has(name)) return checkShell(inv, cmd, all, env);
  if (name === "eval") return checkEval(inv, env);
  const queued = inv.name === "at" || inv.name === "batch" ? inv.args[inv.args.findIndex((w) => w.value === "-f") + 1] : void 0;
  if (queued && !queued.dynamic && inv.args.some((w) => w.value === "-f")) {
    const v = checkLineFile(name, queued.value, cmd, all, inv.cwd, env);
    if (v) return v;
  }
  const later = carriedCode(inv, cmd, all);
  if (later !== null) return env.nested(later, inv.cwd, env);
  if (name === "trap") return checkTrap(inv, env);
  const written = checkWrittenRun(inv, cmd, all, env) ?? checkRunnerFiles(inv, cmd, all, env);
  if (written) return written;
  if (isPowerShellHost(name)) {
    const script = powerShellScript(inv);
    return script === null ? allow() : env.nested(script, inv.cwd, env, "powershell");
  }
  const startup = checkStartupWriters(inv, cmd, all, env);
  if (startup) return startup;
  const system = checkSystem(inv, env) ?? checkGitDataWriters(inv, env);
  if (system) return system;
  const flags = codeFlags(name);
  if (flags !== void 0) {
    for (const file of interpreterFiles(name, inv.args, flags)) {
      const v = checkLineFile(name, file, cmd, all, inv.cwd, env, (text) => checkOneLiner(name, text, inv.cwd, env));
      if (v) return v;
    }
    return downloadedCode(inv, cmd, all) ?? checkInterpreter(inv, cmd, pipedText(all, cmd), env);
  }
  if (name === "deno" && inv.args[0]?.value === "eval" && inv.args[1]) {
    return checkOneLiner("deno", inv.args[1].value, inv.cwd, env);
  }
  if (AWKS.has(name)) {
    const v = checkAwk(inv, env);
    if (v.verdict !== "allow") return v;
  }
  if (name === "curl" || name === "wget") {
    return checkUpload(inv, env) ?? allow();
  }
  if (name === "source" || name === ".") {
    const v = checkSource(inv, cmd, all, env);
    if (v) return v;
  }
  return checkSecretOperands(inv, env) ?? checkInfra(inv, pipedText(all, cmd) ?? hereText(cmd)) ?? allow();
}

// src/safety/_analyse.ts
var MAX_NESTING = 9;
var READ_REDIRECTS = /* @__PURE__ */ new Set([
  "<",
  "<>"
]);
var WRITE_REDIRECTS = /* @__PURE__ */ new Set([
  ">",
  ">>",
  ">|",
  "&>",
  "&>>",
  "<>"
]);
function stricter(a, b) {
  if (a === null) return b;
  const rank = {
    allow: 0,
    ask: 1,
    deny: 2
  };
  return rank[b.verdict] > rank[a.verdict] ? b : a;
}
function tooDeep() {
  return deny("guard.too-complex", `Commands nested more than ${MAX_NESTING} levels deep (sh -c, eval) cannot be checked, so this is blocked. Run the inner command directly`);
}
function nested(code, cwd, env, shell = "posix") {
  if (env.depth >= MAX_NESTING) return tooDeep();
  const inner = {
    ...env,
    depth: env.depth + 1
  };
  return shell === "powershell" ? analysePowerShell(code, cwd, inner) : analyse(code, cwd, inner);
}
function analyse(command2, cwd, env) {
  const parsed = parseShell(command2, {
    cwd,
    home: env.home
  });
  if (parsed.ok) return checkCommands(parsed.commands, env);
  if (parsed.tooComplex) {
    return deny("guard.too-complex", `The command is too complex to check safely (${parsed.reason}), so it is blocked. Split it into smaller commands`);
  }
  if (env.level !== "standard") {
    return deny("guard.unparsable", `The command cannot be parsed (${parsed.reason}), so it cannot be checked and is blocked. Fix the quoting or split it up`);
  }
  return recover(command2, cwd, env, parsed.reason);
}
function recover(command2, cwd, env, problem) {
  const annotate = (v) => v.verdict === "allow" ? v : {
    ...v,
    reason: `The command cannot be parsed exactly (${problem}), but it ${v.reason?.replace(/^./, (c) => c.toLowerCase())}`
  };
  const repaired = repairs(command2).map((text) => parseShell(text, {
    cwd,
    home: env.home
  })).find((parsed) => parsed.ok);
  if (repaired?.ok) {
    const v = checkCommands(repaired.commands, env);
    if (v.verdict !== "allow") return annotate(v);
  } else {
    for (const segment of looseSegments(command2)) {
      const parsed = parseShell(segment, {
        cwd,
        home: env.home
      });
      if (!parsed.ok) continue;
      const v = checkCommands(parsed.commands, env);
      if (v.verdict !== "allow") return annotate(v);
    }
  }
  const named2 = destructiveText(command2);
  return named2 === null ? allow() : deny("guard.destructive-text", `The command cannot be parsed (${problem}) and its text contains ${named2}. Write it as a plain, parseable command so it can be checked`);
}
var EXTERNAL_RUNNERS = /* @__PURE__ */ new Set([
  "sudo",
  "doas",
  "env",
  "nohup",
  "timeout",
  "nice",
  "ionice",
  "stdbuf",
  "setsid",
  "chroot",
  "watch",
  "xargs",
  "parallel",
  "exec",
  "command"
]);
var KEYWORDS_AS_PROGRAMS = /* @__PURE__ */ new Set([
  "time",
  "!"
]);
function exportsFunctions(commands) {
  return commands.some((c) => [
    "export",
    "declare",
    "typeset"
  ].includes(commandName(c.argv[0])) && c.argv.some((w) => /^-[a-z]*f/.test(w.value)));
}
function calledNames(commands) {
  const names = /* @__PURE__ */ new Set();
  const exported = exportsFunctions(commands);
  for (const c of commands) {
    const program2 = commandName(c.argv[0]);
    const external = !exported && (EXTERNAL_RUNNERS.has(program2) || SHELLS.has(program2) || KEYWORDS_AS_PROGRAMS.has(program2) && c.assignments.length > 0);
    for (const [i, w] of c.argv.entries()) {
      if (i > 0 && external) break;
      if (!w.dynamic) names.add(w.value);
      for (const value of w.alternatives ?? []) names.add(value);
    }
  }
  return names;
}
function checkCommands(commands, env) {
  const called = calledNames(commands);
  let held = null;
  for (const cmd of commands) {
    if (cmd.functionName !== null && !called.has(cmd.functionName)) continue;
    const verdict = checkSimple(cmd, commands, env);
    if (verdict.verdict !== "allow") {
      if (verdict.rule && env.disabled.has(verdict.rule)) continue;
      if (verdict.verdict === "deny") return verdict;
      held ??= verdict;
    }
  }
  return held ?? allow();
}
var SOCKET_SHELLS = /* @__PURE__ */ new Set([
  ...SHELLS,
  "exec"
]);
function checkRedirects(cmd, env) {
  const program2 = commandName(cmd.argv[0]);
  for (const r of cmd.redirects) {
    const target = r.target;
    if (target && /^\/dev\/(?:tcp|udp)\//.test(target.value) && SOCKET_SHELLS.has(program2)) {
      return deny("remote.reverse-shell", `Connecting a shell to ${target.value} gives whoever listens there control of this machine. Do not run it`);
    }
    if (target === null || r.op === "<&" || r.op === ">&") continue;
    if (READ_REDIRECTS.has(r.op)) {
      noteRead(env, target, cmd.cwd, commandName(cmd.argv[0]) || "the shell");
    }
    if (READ_REDIRECTS.has(r.op) || WRITE_REDIRECTS.has(r.op)) {
      const secret = secretOf(target, cmd.cwd, env);
      if (secret) return secretVerdict(secret, target.value);
    }
    if (WRITE_REDIRECTS.has(r.op)) {
      const appended = r.op === ">>" || r.op === "&>>" ? writtenText(cmd) : null;
      const v = checkDeviceWrite(target.value) ?? checkGitDataWrite(target, cmd.cwd, env, "The redirect to") ?? checkStartupWrite(target, cmd.cwd, env, appended) ?? checkWrittenWord(target, cmd.cwd, env);
      if (v) return v;
    }
  }
  return null;
}
function checkSimple(cmd, all, env) {
  const redirect = checkRedirects(cmd, env);
  if (redirect?.verdict === "deny") return redirect;
  return stricter(redirect, checkRun(cmd, all, env));
}
function analysePowerShell(text, cwd, env) {
  const parsed = parsePowerShell(text, {
    cwd,
    home: env.home
  });
  if (!parsed.ok) {
    if (parsed.tooComplex || env.level !== "standard") {
      return deny(parsed.tooComplex ? "guard.too-complex" : "guard.unparsable", `The PowerShell command cannot be checked (${parsed.reason}), so it is blocked. Split it into simpler commands`);
    }
    return allow();
  }
  let dir = cwd;
  let held = null;
  for (const [index, words] of parsed.statements.entries()) {
    const head = words[0];
    const name = commandName(head).replace(/\.exe$/, "");
    let verdict;
    if (REMOVE_ITEM_NAMES.has(name)) {
      const piped = pipedTargets(parsed.statements, parsed.pipes, index);
      verdict = checkRemoveItem([
        ...words.slice(1),
        ...piped
      ], dir, env);
    } else if (POWERSHELL_NO_CONTENT.has(name)) {
      if ([
        "set-location",
        "cd",
        "sl",
        "push-location"
      ].includes(name)) {
        const target = words.slice(1).find((w) => !w.value.startsWith("-"));
        dir = target === void 0 || target.dynamic || dir === null ? target === void 0 ? dir : null : resolveFrom(dir, target.value);
      }
      continue;
    } else {
      verdict = checkSimple({
        argv: words,
        assignments: [],
        redirects: [],
        cwd: dir,
        inSubstitution: false,
        pipeline: index,
        pipelineIndex: 0,
        pipelineLength: 1,
        background: false,
        functionName: null
      }, [], env);
    }
    if (verdict.verdict !== "allow") {
      if (verdict.rule && env.disabled.has(verdict.rule)) continue;
      if (verdict.verdict === "deny") return verdict;
      held ??= verdict;
    }
  }
  return held ?? allow();
}

// src/safety/guard.ts
var SYSTEM_TEMP_DIRS = [
  "/tmp",
  "/var/tmp",
  "/private/tmp",
  "/private/var/tmp"
];
function checkCommand(command2, options) {
  return guardCommand(command2, options, void 0);
}
function analyseCommand(command2, options) {
  const reads = [];
  return {
    verdict: guardCommand(command2, options, reads),
    reads
  };
}
function guardCommand(command2, options, reads) {
  if (command2.trim() === "") {
    return deny("guard.empty", "The command is empty, so there is nothing to run. Send the command text");
  }
  const env = guardEnv(command2, options, reads);
  const cwd = env.root;
  try {
    return options.shell === "powershell" ? analysePowerShell(command2, cwd, env) : analyse(command2, cwd, env);
  } catch (error) {
    return deny("guard.internal-error", `The safety guard failed (${error instanceof Error ? error.message : String(error)}), so the command is blocked. Simplify the command or run it yourself`);
  }
}
function guardEnv(text, options, reads) {
  const cwd = resolveFrom("/", toPosixPath(options.cwd));
  const home = resolveFrom("/", toPosixPath(options.home));
  return {
    root: cwd,
    home,
    level: options.level ?? "standard",
    tmpDirs: [
      ...SYSTEM_TEMP_DIRS,
      ...options.tmpDirs ?? []
    ].map((t) => resolveFrom("/", toPosixPath(t))),
    tmpdirTrusted: !/\bTMPDIR\+?=/.test(text),
    disabled: new Set((options.disabledRules ?? []).filter((r) => !CATASTROPHIC2.has(r))),
    depth: 0,
    nested,
    ...reads ? {
      reads
    } : {},
    control: controlFiles(resolveFrom("/", toPosixPath(options.project ?? options.cwd)), {
      home,
      dataHome: options.dataHome ?? joinPath(home, ".ctx-mode"),
      claudeDir: options.claudeDir
    })
  };
}
function checkReadPath(path, options) {
  const candidates = [
    path
  ];
  const resolved = options.realPath?.(resolveFrom(options.cwd, path.replace(/^~(?=\/|$)/, options.home)));
  if (resolved) candidates.push(resolved);
  const where = {
    cwd: options.cwd,
    home: options.home
  };
  for (const candidate of candidates) {
    const match = classifySecretPath(candidate, where);
    if (match && !isReadableSshFile(candidate, where)) {
      return secretVerdict(match, candidate);
    }
  }
  return allow();
}

// src/safety/check_write_path.ts
function checkWritePath(path, options) {
  const home = resolveFrom("/", toPosixPath(options.home));
  const files = controlFiles(resolveFrom("/", toPosixPath(options.project ?? options.cwd)), {
    home,
    dataHome: options.dataHome ?? joinPath(home, ".ctx-mode"),
    claudeDir: options.claudeDir
  });
  const abs = resolveFrom(resolveFrom("/", toPosixPath(options.cwd)), toPosixPath(expandHome(path, home)));
  const real = options.realPath?.(abs);
  for (const candidate of real ? [
    abs,
    toPosixPath(real)
  ] : [
    abs
  ]) {
    const target = matchControlPath(candidate, files);
    if (target) return controlWriteVerdict(target, "writes");
  }
  return allow();
}

// src/safety/code_check.ts
function checkCode(language, code, options) {
  const name = language.toLowerCase();
  if ([
    "shell",
    "sh",
    "bash"
  ].includes(name)) {
    return checkCommand(code, options);
  }
  const lang = languageOf(name);
  if (lang === null) return {
    verdict: "allow"
  };
  const env = guardEnv(code, options);
  try {
    return checkCalls(lang, code, env.root, env);
  } catch (error) {
    return {
      verdict: "deny",
      rule: "guard.internal-error",
      reason: `The safety guard failed (${error instanceof Error ? error.message : String(error)}), so the code is blocked. Simplify the code or run it yourself`
    };
  }
}

// src/safety/permissions.ts
var MAX_NESTING2 = 3;
var SHELLS2 = /* @__PURE__ */ new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash"
]);
var SUDO_VALUE_OPTIONS = /* @__PURE__ */ new Set([
  "-u",
  "-g",
  "-C",
  "-D",
  "-h",
  "-p",
  "-r",
  "-t",
  "-T",
  "-U"
]);
function stripOne(words, wide) {
  const [name, ...rest] = words;
  const skipOptions = (from, valued) => {
    let i = from;
    while (i < rest.length && rest[i].startsWith("-")) {
      if (rest[i] === "--") return i + 1;
      i += valued.has(rest[i]) ? 2 : 1;
    }
    return i;
  };
  switch (name) {
    case "nohup":
      return rest;
    case "time":
      return rest.slice(skipOptions(0, /* @__PURE__ */ new Set()));
    case "nice": {
      if (rest[0] === "-n") return rest.slice(2);
      return /^-(?:n)?-?\d+$/.test(rest[0] ?? "") ? rest.slice(1) : rest;
    }
    case "timeout": {
      const at = skipOptions(0, /* @__PURE__ */ new Set([
        "-s",
        "-k",
        "--signal",
        "--kill-after"
      ]));
      return rest.slice(at + 1);
    }
  }
  if (!wide) return null;
  switch (name) {
    case "sudo":
      return rest.slice(skipOptions(0, SUDO_VALUE_OPTIONS));
    case "env": {
      let i = skipOptions(0, /* @__PURE__ */ new Set([
        "-u",
        "-C",
        "--unset",
        "--chdir"
      ]));
      while (i < rest.length && /^[A-Za-z_]\w*=/.test(rest[i])) i++;
      return rest.slice(i);
    }
    case "command":
    case "builtin":
    case "exec":
      return rest.slice(skipOptions(0, /* @__PURE__ */ new Set()));
  }
  return null;
}
function spellings(words, wide) {
  const out = [];
  let current = words;
  while (current && current.length > 0) {
    out.push(current.join(" "));
    if (wide) {
      const head = current[0];
      const bare = baseName(head).toLowerCase();
      if (bare !== head) out.push([
        bare,
        ...current.slice(1)
      ].join(" "));
    }
    const next = stripOne(wide ? [
      baseName(current[0]).toLowerCase(),
      ...current.slice(1)
    ] : current, wide);
    current = next && next.length < current.length ? next : null;
  }
  return out;
}
function nestedCode(command2) {
  const [head, ...args] = command2.argv;
  if (!head || head.dynamic) return null;
  const name = baseName(head.value).toLowerCase();
  if (SHELLS2.has(name)) {
    for (let i = 0; i < args.length; i++) {
      const word = args[i];
      if (!word.value.startsWith("-") || word.value.startsWith("--")) break;
      if (word.value.slice(1).includes("c")) {
        const code = args[i + 1];
        return code && !code.dynamic ? code.value : null;
      }
    }
    return null;
  }
  if (name === "eval" && args.length > 0 && args.every((w) => !w.dynamic)) {
    return args.map((w) => w.value).join(" ");
  }
  return null;
}
function commandParts(command2, where, depth) {
  const parsed = parseShell(command2, {
    cwd: where.cwd,
    home: where.home
  });
  const whole = command2.trim().replace(/\s+/g, " ");
  if (!parsed.ok) return [
    {
      subject: whole,
      plain: [
        whole
      ],
      wide: [
        whole
      ]
    }
  ];
  const parts = [];
  for (const simple of parsed.commands) {
    if (simple.argv.length === 0) continue;
    const words = simple.argv.map((w) => w.value);
    const raw = simple.argv.map((w) => w.raw).join(" ");
    const plain = [
      ...spellings(words, false),
      raw
    ];
    parts.push({
      subject: words.join(" "),
      plain,
      wide: [
        ...plain,
        ...spellings(words, true)
      ]
    });
    const nested2 = depth < MAX_NESTING2 ? nestedCode(simple) : null;
    if (nested2 !== null) parts.push(...commandParts(nested2, where, depth + 1));
  }
  if (parts.length === 0 && whole !== "") {
    parts.push({
      subject: whole,
      plain: [
        whole
      ],
      wide: [
        whole
      ]
    });
  }
  return parts;
}
function pathParts(path, where) {
  const absolute = resolveFrom(where.cwd, expandHome(path, where.home));
  const parts = [
    {
      subject: path,
      plain: [
        absolute
      ],
      wide: [
        absolute
      ]
    }
  ];
  const real = where.realPath?.(absolute);
  if (real && real !== absolute) {
    parts.push({
      subject: `${path} (\u2192 ${real})`,
      plain: [
        real
      ],
      wide: [
        real
      ]
    });
  }
  return parts;
}
function hostOf(url) {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
function ruleMatches(rule, request, texts, where) {
  if (rule.target === "tool") {
    return request.toolName !== void 0 && matchesToolName(rule, request.toolName);
  }
  if (rule.target !== request.kind) return false;
  switch (rule.target) {
    case "shell":
      return texts.some((text) => matchesCommand(rule, text));
    case "read":
    case "edit":
      return texts.some((path) => matchesPath(rule, path, where));
    case "fetch":
      return texts.some((host) => matchesHost(rule, host));
  }
}
function judgePart(part, request, scopes, where) {
  const found = (list2, texts, rules) => rules.find((r) => r.list === list2 && ruleMatches(r.rule, request, texts, where));
  for (const scope of scopes) {
    const hit2 = found("deny", part.wide, scope.rules);
    if (hit2) return verdictFor(hit2, part.subject);
  }
  for (const scope of scopes) {
    const hit2 = found("ask", part.wide, scope.rules);
    if (hit2) return verdictFor(hit2, part.subject);
  }
  for (const scope of scopes) {
    const hit2 = found("allow", part.plain, scope.rules);
    if (hit2) return verdictFor(hit2, part.subject);
  }
  return {
    verdict: "allow"
  };
}
function verdictFor(hit2, subject) {
  const match = {
    rule: hit2.rule.text,
    list: hit2.list,
    file: hit2.file,
    subject
  };
  const where = `"${hit2.rule.text}" in ${hit2.file}`;
  switch (hit2.list) {
    case "deny":
      return {
        verdict: "deny",
        rule: "permissions.deny",
        reason: `"${subject}" is denied by the permission rule ${where}. Do something else, or ask the user to run it themselves or to change the rule`,
        match
      };
    case "ask":
      return {
        verdict: "ask",
        rule: "permissions.ask",
        reason: `"${subject}" needs the user's confirmation under the permission rule ${where}`,
        match
      };
    case "allow":
      return {
        verdict: "allow",
        match
      };
  }
}
function checkPermissions(request, scopes, where) {
  if (scopes.every((scope) => scope.rules.length === 0)) {
    return {
      verdict: "allow"
    };
  }
  let parts;
  switch (request.kind) {
    case "shell":
      parts = commandParts(request.command, where, 0);
      break;
    case "read":
    case "edit":
      parts = pathParts(request.path, where);
      break;
    case "fetch": {
      const host = hostOf(request.url);
      parts = [
        {
          subject: request.url,
          plain: host ? [
            host
          ] : [],
          wide: host ? [
            host
          ] : []
        }
      ];
      break;
    }
    case "tool":
      parts = [
        {
          subject: request.toolName,
          plain: [],
          wide: []
        }
      ];
      break;
    case "code":
      parts = [
        {
          subject: request.toolName ?? `${request.language} code`,
          plain: [],
          wide: []
        }
      ];
  }
  const verdicts = parts.map((part) => judgePart(part, request, scopes, where));
  const strictest = verdicts.find((v) => v.verdict === "deny") ?? verdicts.find((v) => v.verdict === "ask");
  if (strictest) return strictest;
  return verdicts.length > 0 && verdicts.every((v) => v.match) ? verdicts[0] : {
    verdict: "allow"
  };
}

// src/safety/shell_read_rules.ts
function hasReadRules(scopes) {
  return scopes.some((scope) => scope.rules.some((r) => r.list !== "allow" && r.rule.target === "read"));
}
function resolveTarget(read, where) {
  if (read.dynamic) {
    const prefix = expandHome(read.prefix, where.home);
    const slash = prefix.lastIndexOf("/");
    const dir = slash === -1 ? "." : prefix.slice(0, slash) || "/";
    if (!dir.startsWith("/") && read.cwd === null) return null;
    return {
      read,
      paths: [],
      folder: resolveFrom(read.cwd ?? "/", dir)
    };
  }
  const path = expandHome(read.path, where.home);
  if (!path.startsWith("/") && read.cwd === null) return null;
  const absolute = resolveFrom(read.cwd ?? "/", path);
  const real = where.realPath?.(absolute);
  return {
    read,
    paths: real && real !== absolute ? [
      absolute,
      real
    ] : [
      absolute
    ],
    folder: null
  };
}
function howMatched(rule, target, where) {
  if (target.folder !== null) {
    if (coversFolder(rule, target.folder, where)) return "dynamic-covered";
    const strict = (where.level ?? "standard") !== "standard";
    return strict && inRuleFolder(rule, target.folder, where) ? "dynamic" : null;
  }
  for (const [i, path] of target.paths.entries()) {
    if (matchesPath(rule, path, where)) return i === 0 ? "path" : "link";
  }
  return target.paths.some((path) => coversFolder(rule, path, where)) ? "folder" : null;
}
function readerName(program2) {
  if (program2 === "") return "a program named at run time";
  return program2 === "." ? "source (.)" : program2;
}
function verdictFor2(hit2, target, how, cwd) {
  const { read } = target;
  const by = readerName(read.program);
  const moved = read.cwd !== null && read.cwd !== resolveFrom("/", cwd) && !/^[/~]/.test(read.path);
  const path = moved ? `"${read.path}" (in ${read.cwd})` : `"${read.path}"`;
  const phrase = {
    path: `${path}, read by ${by},`,
    link: `${path} (\u2192 ${target.paths[1]}), read by ${by},`,
    folder: `The folder ${path}, read whole by ${by},`,
    dynamic: `${path}, read by ${by}, is only known at run time and lies in a folder the rule names (strict level), so it`,
    "dynamic-covered": `${path}, read by ${by}, is only known at run time but lies in a folder the rule covers whole, so it`
  }[how];
  const where = `"${hit2.rule.text}" in ${hit2.file}`;
  const match = {
    rule: hit2.rule.text,
    list: hit2.list,
    file: hit2.file,
    subject: read.path
  };
  return hit2.list === "deny" ? {
    verdict: "deny",
    rule: "permissions.deny",
    reason: `${phrase} is denied by the permission rule ${where}. Do something else, or ask the user to run it themselves or to change the rule`,
    match
  } : {
    verdict: "ask",
    rule: "permissions.ask",
    reason: `${phrase} needs the user's confirmation under the permission rule ${where}`,
    match
  };
}
function checkShellReads(reads, scopes, where) {
  if (reads.length === 0 || !hasReadRules(scopes)) return {
    verdict: "allow"
  };
  const seen = /* @__PURE__ */ new Set();
  const targets = reads.flatMap((read) => {
    const key = `${read.cwd}\0${read.path}\0${read.dynamic}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return resolveTarget(read, where) ?? [];
  });
  for (const list2 of [
    "deny",
    "ask"
  ]) {
    for (const target of targets) {
      for (const scope of scopes) {
        for (const hit2 of scope.rules) {
          if (hit2.list !== list2 || hit2.rule.target !== "read") continue;
          const how = howMatched(hit2.rule, target, where);
          if (how !== null) return verdictFor2(hit2, target, how, where.cwd);
        }
      }
    }
  }
  return {
    verdict: "allow"
  };
}

// src/safety/policy.ts
var DEFAULT_POLICY = Object.freeze({
  level: "standard",
  levelFrom: null,
  disabledRules: [],
  tmpDirs: [],
  scopes: [],
  files: [],
  notes: []
});
var RANK = {
  standard: 0,
  strict: 1,
  paranoid: 2
};
function trustOf(report, trusted) {
  const recorded = trusted.get(report.path);
  if (recorded === void 0) return "untrusted";
  return recorded === report.sha256 ? "trusted" : "changed";
}
function buildPolicy(sources, options) {
  const scopes = [
    {
      scope: "project",
      rules: []
    },
    {
      scope: "user",
      rules: []
    }
  ];
  const all = sources.map((source) => ({
    source,
    ...loadSource(source, options.home)
  }));
  const trusted = /* @__PURE__ */ new Map();
  let userLevel = "standard";
  for (const { source, loaded } of all) {
    if (source.scope !== "user" || !loaded) continue;
    for (const [path, hash] of loaded.trusted) trusted.set(path, hash);
    if (loaded.level && RANK[loaded.level] > RANK[userLevel]) {
      userLevel = loaded.level;
    }
  }
  let level = "standard";
  let levelFrom = null;
  const disabled = /* @__PURE__ */ new Set();
  const tmpDirs = /* @__PURE__ */ new Set();
  for (const { source, report, loaded } of all) {
    if (!loaded) continue;
    scopes[source.scope === "project" ? 0 : 1].rules.push(...loaded.rules);
    if (loaded.level && (levelFrom === null || RANK[loaded.level] > RANK[level])) {
      level = loaded.level;
      levelFrom = source.path;
    }
    if (source.scope === "project" && source.format === "ctx-mode") {
      report.trust = trustOf(report, trusted);
      if (loaded.level && RANK[loaded.level] < RANK[userLevel]) {
        report.problems.push(`"guard.level" ${loaded.level} ignored: the user's level ${userLevel} is higher, and a project file can only raise it`);
      }
    }
    const loosens = loaded.disabledRules.length + loaded.tmpDirs.length > 0;
    if (source.scope === "project" && report.trust !== "trusted") {
      if (loosens) {
        report.problems.push(report.trust === "changed" ? '"guard.disabledRules" and "guard.tmpDirs" ignored: the file changed since the user trusted it; run `ctx-mode trust` to trust this version' : '"guard.disabledRules" and "guard.tmpDirs" ignored: a project file can only tighten the policy unless the user trusts it with `ctx-mode trust`');
      }
      continue;
    }
    for (const id of loaded.disabledRules) disabled.add(id);
    for (const dir of loaded.tmpDirs) tmpDirs.add(dir);
  }
  const files = all.map(({ report }) => report);
  return {
    level,
    levelFrom,
    disabledRules: [
      ...disabled
    ],
    tmpDirs: [
      ...tmpDirs
    ],
    scopes: scopes.filter((scope) => scope.rules.length > 0),
    files,
    notes: files.flatMap((file) => file.problems.map((problem) => `ctx-mode: ${file.path}: ${problem}`))
  };
}
function trustedTmpDir(dir, home) {
  if (!dir || !dir.startsWith("/")) return [];
  const path = normalizeAbsolute(dir);
  return path === "/" || isWithin(normalizeAbsolute(home), path) ? [] : [
    path
  ];
}
function fromGuard(verdict, disabled) {
  if (verdict.verdict === "allow") return {
    verdict: "allow"
  };
  if (verdict.rule && disabled.includes(verdict.rule) && !CATASTROPHIC.has(verdict.rule)) {
    return {
      verdict: "allow"
    };
  }
  return {
    ...verdict,
    source: "guard"
  };
}
function checkWithPolicy(request, policy, where) {
  const level = where.level ?? policy.level;
  let guard = {
    verdict: "allow"
  };
  let reads = [];
  if (request.kind === "shell" || request.kind === "code") {
    const options = {
      cwd: where.cwd,
      home: where.home,
      level,
      shell: request.kind === "shell" ? request.dialect ?? "posix" : "posix",
      project: where.project ?? where.cwd,
      ...where.dataHome === void 0 ? {} : {
        dataHome: where.dataHome
      },
      claudeDir: where.claudeDir,
      disabledRules: policy.disabledRules,
      tmpDirs: [
        ...policy.tmpDirs,
        ...trustedTmpDir(where.envTmpDir, where.home)
      ]
    };
    const analysis = request.kind === "code" ? {
      verdict: checkCode(request.language, request.code, options),
      reads
    } : hasReadRules(policy.scopes) ? analyseCommand(request.command, options) : {
      verdict: checkCommand(request.command, options),
      reads
    };
    guard = fromGuard(analysis.verdict, policy.disabledRules);
    reads = analysis.reads;
  } else if (request.kind === "read") {
    guard = fromGuard(checkReadPath(request.path, {
      cwd: where.cwd,
      home: where.home,
      ...where.realPath ? {
        realPath: where.realPath
      } : {}
    }), policy.disabledRules);
  } else if (request.kind === "edit") {
    guard = fromGuard(checkWritePath(request.path, {
      cwd: where.cwd,
      home: where.home,
      project: where.project,
      dataHome: where.dataHome,
      claudeDir: where.claudeDir,
      realPath: where.realPath
    }), policy.disabledRules);
  }
  if (guard.verdict === "deny") return guard;
  const ruleWhere = {
    cwd: where.cwd,
    project: where.project ?? where.cwd,
    home: where.home,
    ...where.realPath ? {
      realPath: where.realPath
    } : {}
  };
  const rules = checkPermissions(request, policy.scopes, ruleWhere);
  if (rules.verdict === "deny") return {
    ...rules,
    source: "permissions"
  };
  const readRules = checkShellReads(reads, policy.scopes, {
    ...ruleWhere,
    level
  });
  if (readRules.verdict === "deny") {
    return {
      ...readRules,
      source: "permissions"
    };
  }
  if (guard.verdict === "ask") return guard;
  if (rules.verdict === "ask") return {
    ...rules,
    source: "permissions"
  };
  if (readRules.verdict === "ask") {
    return {
      ...readRules,
      source: "permissions"
    };
  }
  return rules.match ? {
    ...rules,
    source: "permissions"
  } : rules;
}

// src/safety/policy_gate.ts
function loadPolicy(place2, options = {}) {
  const policy = buildPolicy(readPolicyFiles(place2.projectDir, {
    home: place2.home,
    dataHome: place2.dataHome,
    claudeDir: place2.claudeDir
  }), {
    home: place2.home
  });
  if (options.onNote) {
    for (const note of policy.notes) options.onNote(note);
  }
  return policy;
}
function resolveLinks(path) {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}
function policyWhere(place2) {
  return {
    cwd: place2.projectDir,
    project: place2.projectDir,
    home: place2.home,
    realPath: resolveLinks,
    envTmpDir: place2.tmpDir,
    dataHome: place2.dataHome,
    claudeDir: place2.claudeDir
  };
}
function judgeRequest(place2, check) {
  const { request } = check;
  const verdict = checkWithPolicy(request, check.policy ?? loadPolicy(place2), policyWhere(place2));
  if (verdict.verdict === "allow") return verdict;
  const entry = {
    at: new Date(check.now ?? Date.now()).toISOString(),
    platform: check.requester.platform,
    source: check.requester.source,
    ...check.requester.tool === void 0 ? {} : {
      tool: check.requester.tool
    },
    verdict: verdict.verdict,
    rule: verdict.rule ?? "guard",
    reason: verdict.reason ?? "",
    cwd: place2.projectDir
  };
  if (request.kind === "shell") entry.command = request.command;
  if (request.kind === "code") entry.command = request.code;
  if (request.kind === "read" || request.kind === "edit") {
    entry.path = request.path;
  }
  if (request.kind === "fetch") entry.url = request.url;
  appendAudit(place2.dataHome, entry);
  return verdict;
}
function ruleTag(verdict) {
  return `[ctx-mode rule ${verdict.rule ?? "guard"}]`;
}

// hooks/_guard.ts
function writeStderr(line) {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`${line}
`));
  } catch {
  }
}
function policyOf(place2, options) {
  const warn = options.warn ?? writeStderr;
  if (!options.loadPolicy) return loadPolicy(place2, {
    onNote: warn
  });
  const policy = options.loadPolicy(place2);
  for (const note of policy.notes) warn(note);
  return policy;
}
function requestOf(call) {
  const toolName = call.toolName;
  const { command: command2, path, url, dialect } = call.input;
  switch (call.toolKind) {
    case "shell":
      if (typeof command2 === "string") {
        return dialect === "powershell" ? {
          kind: "shell",
          command: command2,
          toolName,
          dialect
        } : {
          kind: "shell",
          command: command2,
          toolName
        };
      }
      break;
    case "read":
    case "grep":
      if (typeof path === "string") return {
        kind: "read",
        path,
        toolName
      };
      break;
    case "edit":
      if (typeof path === "string") return {
        kind: "edit",
        path,
        toolName
      };
      break;
    case "fetch":
      if (typeof url === "string") return {
        kind: "fetch",
        url,
        toolName
      };
      break;
  }
  return {
    kind: "tool",
    toolName
  };
}
function asDecision(verdict) {
  const reason = `${verdict.reason ?? "Blocked by ctx-mode's safety guard"} ${ruleTag(verdict)}`;
  if (verdict.verdict === "deny") return {
    kind: "deny",
    reason
  };
  if (verdict.verdict === "ask") return {
    kind: "ask",
    reason
  };
  return void 0;
}
function guardToolCall(call, options) {
  try {
    const place2 = {
      projectDir: call.projectDir,
      home: options.home,
      dataHome: options.dataHome,
      tmpDir: options.tmpDir,
      claudeDir: options.claudeDir
    };
    const verdict = judgeRequest(place2, {
      request: requestOf(call),
      requester: {
        platform: call.platform,
        source: "hook",
        tool: call.toolName
      },
      policy: policyOf(place2, options),
      now: options.now
    });
    return asDecision(verdict);
  } catch (error) {
    if (call.toolKind !== "shell") return void 0;
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "deny",
      reason: `ctx-mode's safety guard failed on this command (${message}); not run [ctx-mode rule guard.internal-error]`
    };
  }
}

// src/routing/_shell_words.ts
function shellCommands(line) {
  const commands = [];
  let words = [];
  let redirects = [];
  let word;
  let wordQuoted = false;
  let pending;
  let i = 0;
  function endWord() {
    if (word === void 0) return;
    if (pending) {
      redirects.push(pending.fd === void 0 ? {
        op: pending.op,
        target: word
      } : {
        op: pending.op,
        fd: pending.fd,
        target: word
      });
      pending = void 0;
    } else {
      words.push(word);
    }
    word = void 0;
    wordQuoted = false;
  }
  function endCommand(next) {
    endWord();
    if (words.length > 0 || redirects.length > 0) {
      commands.push(next ? {
        words,
        redirects,
        next
      } : {
        words,
        redirects
      });
    } else if (next && commands.length > 0) {
      const last = commands[commands.length - 1];
      if (last && !last.next) last.next = next;
    }
    words = [];
    redirects = [];
  }
  function fail(state) {
    throw new SyntaxError(`Cannot split "${line}": ${state}`);
  }
  function closingParen(start) {
    let depth = 0;
    for (let j = start; j < line.length; j++) {
      const c = line[j];
      if (c === "\\") {
        j++;
      } else if (c === "'" || c === '"') {
        const end = line.indexOf(c, j + 1);
        if (end < 0) fail("unterminated quote");
        j = end;
      } else if (c === "(") {
        depth++;
      } else if (c === ")" && --depth === 0) {
        return j;
      }
    }
    return fail("unterminated substitution");
  }
  while (i < line.length) {
    const c = line[i];
    const next = line[i + 1];
    if (c === " " || c === "	") {
      endWord();
      i++;
    } else if (c === "\n") {
      endCommand(";");
      i++;
    } else if (c === "#" && word === void 0) {
      const end = line.indexOf("\n", i);
      i = end < 0 ? line.length : end;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) fail("unterminated single quote");
      word = (word ?? "") + line.slice(i + 1, end);
      wordQuoted = true;
      i = end + 1;
    } else if (c === '"') {
      let text = "";
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        const d = line[j];
        if (d === "\\" && j + 1 < line.length) {
          const e = line[j + 1];
          if ('"\\$`'.includes(e)) text += e;
          else if (e !== "\n") text += d + e;
          j++;
        } else if (d === "$" && line[j + 1] === "(") {
          const end = closingParen(j + 1);
          text += line.slice(j, end + 1);
          j = end;
        } else {
          text += d;
        }
      }
      if (j >= line.length) fail("unterminated double quote");
      word = (word ?? "") + text;
      wordQuoted = true;
      i = j + 1;
    } else if (c === "\\") {
      if (next === "\n") {
        i += 2;
        continue;
      }
      word = (word ?? "") + (next ?? "");
      wordQuoted = true;
      i += 2;
    } else if (c === "$" && next === "(") {
      const end = closingParen(i + 1);
      word = (word ?? "") + line.slice(i, end + 1);
      i = end + 1;
    } else if (c === "`") {
      const end = line.indexOf("`", i + 1);
      if (end < 0) fail("unterminated backquote");
      word = (word ?? "") + line.slice(i, end + 1);
      i = end + 1;
    } else if (c === "|") {
      endCommand(next === "|" ? "||" : "|");
      i += next === "|" || next === "&" ? 2 : 1;
    } else if (c === "&") {
      if (next === "&") {
        endCommand("&&");
        i += 2;
      } else if (next === ">") {
        endWord();
        const append = line[i + 2] === ">";
        pending = {
          op: append ? "&>>" : "&>"
        };
        i += append ? 3 : 2;
      } else {
        endCommand("&");
        i++;
      }
    } else if (c === ";") {
      endCommand(";");
      i += next === ";" ? 2 : 1;
    } else if (c === "(" || c === ")" || c === "{" && word === void 0) {
      endWord();
      i++;
    } else if (c === ">" || c === "<") {
      let fd;
      if (word !== void 0 && !wordQuoted && /^\d+$/.test(word)) {
        fd = Number(word);
        word = void 0;
      }
      endWord();
      let op = c;
      i++;
      const rest = line.slice(i);
      const more = c === ">" ? /^(>|\||&)/.exec(rest) : /^(<<|<|&)/.exec(rest);
      if (more) {
        op += more[1];
        i += more[1].length;
      }
      if (op.endsWith("&")) {
        const dup = /^\s*(\d+|-)/.exec(line.slice(i));
        if (dup) {
          redirects.push(fd === void 0 ? {
            op,
            target: dup[1]
          } : {
            op,
            fd,
            target: dup[1]
          });
          i += dup[0].length;
          continue;
        }
      }
      pending = fd === void 0 ? {
        op
      } : {
        op,
        fd
      };
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  endCommand();
  return commands;
}

// src/routing/routing_block.ts
var ROUTING_BLOCK_MARKER = "<ctx_mode_routing>";
var ROUTING_BLOCK = `${ROUTING_BLOCK_MARKER}
ctx-mode keeps bulky output out of your context. Use its tools in this order:
1. ctx_search first: earlier output and indexed docs may already hold the answer.
2. ctx_batch_execute to gather: several commands in one call; output is indexed, you get a summary.
3. ctx_search to follow up on what was gathered instead of re-running commands.
4. ctx_execute / ctx_execute_file to process in the sandbox (logs, JSON, test and build output, large files): print only the answer.
5. ctx_fetch_and_index for web pages and APIs, then ctx_search; not curl, wget or a web fetch tool.
Rules:
- Write artifacts (code, reports, data) to files; do not print them back.
- Plain shell only for short, fixed output: git status, ls, pwd, mkdir, git commit.
- Read a whole file to edit it; to analyse it, use ctx_execute_file.
- Cap what you print: git log -n 20, | tail -n 50.
</ctx_mode_routing>`;

// src/routing/route.ts
var LARGE_FILE_BYTES = 100 * 1024;
var WRAPPERS2 = /* @__PURE__ */ new Set([
  "sudo",
  "env",
  "time",
  "nice",
  "nohup",
  "command",
  "exec",
  "builtin"
]);
var SHELLS3 = /* @__PURE__ */ new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh"
]);
var BODY_SINKS = /* @__PURE__ */ new Set([
  "tar",
  "gunzip",
  "gzip",
  "unzip",
  "bunzip2",
  "xz",
  "zstd",
  "dd",
  "tee",
  "wc",
  "head",
  "tail",
  "sha256sum",
  "shasum",
  "md5sum",
  ...SHELLS3,
  "sudo"
]);
var BOUNDED = /* @__PURE__ */ new Set([
  "head",
  "tail",
  "wc",
  "less",
  "more"
]);
var BUILD_TOOLS = /* @__PURE__ */ new Set([
  "gradle",
  "gradlew",
  "mvn",
  "mvnw",
  "sbt"
]);
var INLINE_CODE = /* @__PURE__ */ new Map([
  [
    "node",
    /* @__PURE__ */ new Set([
      "-e",
      "--eval",
      "-p",
      "--print"
    ])
  ],
  [
    "bun",
    /* @__PURE__ */ new Set([
      "-e",
      "--eval",
      "-p",
      "--print"
    ])
  ],
  [
    "deno",
    /* @__PURE__ */ new Set([
      "eval"
    ])
  ],
  [
    "python",
    /* @__PURE__ */ new Set([
      "-c"
    ])
  ],
  [
    "python3",
    /* @__PURE__ */ new Set([
      "-c"
    ])
  ],
  [
    "ruby",
    /* @__PURE__ */ new Set([
      "-e"
    ])
  ],
  [
    "perl",
    /* @__PURE__ */ new Set([
      "-e",
      "-E"
    ])
  ],
  [
    "php",
    /* @__PURE__ */ new Set([
      "-r"
    ])
  ]
]);
var INLINE_HTTP = /\bfetch\s*\(|\brequests\.(get|post|put|delete|patch|head|request|Session)\b|\burllib\b|\burlopen\s*\(|\bhttpx\.|\bhttps?\.(get|request)\s*\(|\baxios\b|\bhttp\.client\b|Net::HTTP|open-uri|\bLWP::|HTTP::Tiny|file_get_contents\s*\(\s*["']https?:|\bcurl_exec\b|\bURI\.open\b/;
var TEST_RUNNERS = /* @__PURE__ */ new Set([
  "pytest",
  "jest",
  "vitest",
  "mocha",
  "rspec",
  "phpunit",
  "ava",
  "tap",
  "karma",
  "nosetests",
  "tox"
]);
var PACKAGE_MANAGERS = /* @__PURE__ */ new Set([
  "npm",
  "pnpm",
  "yarn",
  "bun"
]);
var MCP_BULK_VERBS = /* @__PURE__ */ new Set([
  "list",
  "search",
  "get",
  "read",
  "fetch",
  "query",
  "export",
  "download",
  "history"
]);
var MCP_BULK_NOUNS = /* @__PURE__ */ new Set([
  "issue",
  "issues",
  "ticket",
  "tickets",
  "pull",
  "pulls",
  "comments",
  "messages",
  "message",
  "history",
  "channel",
  "channels",
  "conversation",
  "conversations",
  "thread",
  "threads",
  "drive",
  "file",
  "files",
  "document",
  "documents",
  "docs",
  "page",
  "pages",
  "emails",
  "mail",
  "logs",
  "events",
  "records",
  "rows"
]);
var NOTES = {
  "http": {
    tools: "Fetching a URL prints its body into your context: use ctx_fetch_and_index then ctx_search, or process it in ctx_execute.",
    plain: "A fetched body lands in your context: save it with -o FILE and read only what you need."
  },
  "web-fetch": {
    tools: "Prefer ctx_fetch_and_index then ctx_search for web pages: the page is indexed, not pasted into context.",
    plain: "Web pages can be long: ask only for what you need from the page."
  },
  "large-read": {
    tools: "This file is large: to analyse it, use ctx_execute_file and print only the answer; read it whole only to edit it.",
    plain: "This file is large: read the part you need (offset/limit) rather than all of it."
  },
  "broad-grep": {
    tools: "This search may return many matches: narrow the path or pattern, or run it in ctx_execute and print a summary.",
    plain: "This search may return many matches: narrow the path or pattern, or cap the results."
  },
  "chatty-shell": {
    tools: "This command can print a lot: run it in ctx_execute (or ctx_batch_execute) and print only what you need, or cap it (git log -n 20, | head -n 50).",
    plain: "This command can print a lot: cap it (git log -n 20, | head -n 50)."
  },
  "test-runner": {
    tools: "Test runs can print a lot: run them in ctx_execute and print only failures and the summary.",
    plain: "Test runs can print a lot: pipe through | tail -n 50 or filter to failures."
  },
  "build-output": {
    tools: "Builds print thousands of lines: run them in ctx_execute and print only the tail.",
    plain: "Builds print thousands of lines: append 2>&1 | tail -n 60 to see only the end."
  },
  "mcp-bulk": {
    tools: "This tool can return bulk data: ask for a small page, or index the result (ctx_index) and query it with ctx_search.",
    plain: "This tool can return bulk data: ask for a small page or filter the query."
  }
};
var ALLOW = {
  kind: "allow"
};
function routeToolCall(event, options) {
  const { toolsAvailable, alreadyNoted = () => false, fileSize: fileSize2 = () => void 0, subagentCanCallTools = () => true } = options;
  function note(kind) {
    if (alreadyNoted(kind)) return ALLOW;
    const texts = NOTES[kind];
    return {
      kind: "context",
      text: toolsAvailable ? texts.tools : texts.plain,
      noteKind: kind
    };
  }
  function sizeOf(path) {
    return fileSize2(isAbsolutePath(path) ? path : joinPath(event.projectDir, path));
  }
  const input = event.input;
  switch (event.toolKind) {
    case "shell": {
      const command2 = stringField(input, "command");
      if (command2 === void 0) return ALLOW;
      const finding = routeShell(command2, sizeOf, 0);
      if (!finding) return ALLOW;
      if (finding.type === "deny") {
        return toolsAvailable ? {
          kind: "deny",
          reason: finding.reason
        } : note(finding.fallback);
      }
      return note(finding.kind);
    }
    case "fetch": {
      if (!toolsAvailable) return note("web-fetch");
      const url = stringField(input, "url");
      return {
        kind: "deny",
        reason: `Use ctx_fetch_and_index${url ? ` with url "${url}"` : ""} instead, then ctx_search for what you need: the page is indexed in the knowledge base rather than pasted into your context.`
      };
    }
    case "read": {
      if (input["limit"] !== void 0) return ALLOW;
      const path = stringField(input, "path");
      const size = path === void 0 ? void 0 : sizeOf(path);
      return size !== void 0 && size >= LARGE_FILE_BYTES ? note("large-read") : ALLOW;
    }
    case "grep":
      return input["limit"] === void 0 && isBroadGrep(input) ? note("broad-grep") : ALLOW;
    case "task": {
      const prompt = stringField(input, "prompt");
      if (!toolsAvailable || prompt === void 0 || prompt.includes(ROUTING_BLOCK_MARKER) || !subagentCanCallTools(stringField(input, "agentType"))) {
        return ALLOW;
      }
      return {
        kind: "modify",
        input: {
          ...input,
          prompt: `${prompt}

${ROUTING_BLOCK}`
        },
        note: "Added the ctx-mode routing block so the subagent routes too."
      };
    }
    case "mcp":
      return isBulkMcpTool(event.toolName) ? note("mcp-bulk") : ALLOW;
    default:
      return ALLOW;
  }
}
function stringField(input, key) {
  const value = input[key];
  return typeof value === "string" ? value : void 0;
}
function routeShell(line, sizeOf, depth) {
  let commands;
  try {
    commands = shellCommands(line);
  } catch {
    return void 0;
  }
  let found;
  for (const [index, command2] of commands.entries()) {
    const downstream = pipedInto(commands, index);
    const finding = routeCommand(command2, downstream, sizeOf, depth);
    if (finding?.type === "deny") return finding;
    found ??= finding;
  }
  return found;
}
function pipedInto(commands, index) {
  const programs = [];
  for (let i = index; i < commands.length; i++) {
    const command2 = commands[i];
    if (command2?.next !== "|") break;
    const next = commands[i + 1];
    const name = next ? programOf2(next.words).name : void 0;
    if (name) programs.push(name);
  }
  return programs;
}
function programOf2(words) {
  let i = 0;
  while (i < words.length) {
    const word = words[i];
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
    } else if (WRAPPERS2.has(word)) {
      i++;
      while (words[i]?.startsWith("-")) i++;
    } else if (word === "timeout") {
      i++;
      while (words[i]?.startsWith("-")) i++;
      i++;
    } else {
      break;
    }
  }
  const first = words[i];
  if (first === void 0) return {
    args: []
  };
  return {
    name: baseName2(first),
    args: words.slice(i + 1)
  };
}
function baseName2(path) {
  return path.slice(path.lastIndexOf("/") + 1);
}
function stdoutRedirected(command2) {
  return command2.redirects.some((r) => (r.op === ">" || r.op === ">>" || r.op === ">|" || r.op === "&>" || r.op === "&>>") && (r.fd === void 0 || r.fd === 1));
}
function routeCommand(command2, downstream, sizeOf, depth) {
  const { name, args } = programOf2(command2.words);
  if (name === void 0) return void 0;
  const quiet = stdoutRedirected(command2);
  const bounded = quiet || downstream.some((p) => BOUNDED.has(p));
  if (SHELLS3.has(name)) {
    const c = args.indexOf("-c");
    const script = c >= 0 ? args[c + 1] : void 0;
    return script !== void 0 && depth < 2 ? routeShell(script, sizeOf, depth + 1) : void 0;
  }
  if (name === "curl") return routeCurl(args, quiet, downstream);
  if (name === "wget") return routeWget(args, quiet, downstream);
  const inline = INLINE_CODE.get(name);
  if (inline) {
    const flag = args.findIndex((a) => inline.has(a));
    const code = flag >= 0 ? args[flag + 1] : void 0;
    if (code !== void 0 && INLINE_HTTP.test(code)) {
      return {
        type: "deny",
        reason: `Inline HTTP in a ${name} one-liner prints the response into your context. Run the same code with ctx_execute instead and print only what you need (or use ctx_fetch_and_index for a page you will search).`,
        fallback: "http"
      };
    }
  }
  if (BUILD_TOOLS.has(name)) {
    const isQuiet = args.some((a) => a === "-q" || a === "--quiet" || a === "-v" || a === "--version" || a === "-version" || a === "--help" || a === "-h");
    if (bounded || isQuiet) return void 0;
    const line = command2.words.join(" ");
    return {
      type: "deny",
      reason: `${name} prints thousands of lines. Run it with ctx_execute (shell) and print only the tail, e.g. \`${line} 2>&1 | tail -n 60\`; the full log stays out of your context.`,
      fallback: "build-output"
    };
  }
  if (bounded) return void 0;
  if (isTestRun(name, args)) return {
    type: "note",
    kind: "test-runner"
  };
  switch (name) {
    case "git": {
      let sub = 0;
      while (args[sub]?.startsWith("-")) {
        sub += args[sub] === "-C" || args[sub] === "-c" ? 2 : 1;
      }
      if (args[sub] !== "log") return void 0;
      const rest = args.slice(sub + 1);
      const limited = rest.some((a) => /^-\d+$/.test(a) || /^-n\d*$/.test(a) || a.startsWith("--max-count") || a.startsWith("--since") || a.startsWith("--after") || a === "-L" || /\.\./.test(a));
      return limited ? void 0 : {
        type: "note",
        kind: "chatty-shell"
      };
    }
    case "find": {
      const roots = args.filter((a) => !a.startsWith("-")).slice(0, 1);
      return roots.some((r) => r === "/" || r === "~" || r === "/home") ? {
        type: "note",
        kind: "chatty-shell"
      } : void 0;
    }
    case "cat":
    case "less":
    case "more": {
      const files = args.filter((a) => !a.startsWith("-"));
      return files.some((f) => (sizeOf(f) ?? 0) >= LARGE_FILE_BYTES) ? {
        type: "note",
        kind: "large-read"
      } : void 0;
    }
    case "grep":
    case "egrep":
    case "rg":
    case "ag": {
      const operands3 = args.filter((a) => !a.startsWith("-"));
      const broadRoot = operands3.slice(1).some((p) => p === "/" || p === "~");
      const pattern = operands3[0];
      const tiny = pattern !== void 0 && pattern.length < 3;
      return broadRoot || tiny ? {
        type: "note",
        kind: "broad-grep"
      } : void 0;
    }
    default:
      return void 0;
  }
}
var CURL_VALUE_FLAGS = new Set("AbCcDdEeFHKmoQrTtUuwXxYyz");
var WGET_VALUE_FLAGS = new Set("aABDeIiloOPQRtTUwX");
function eachShortFlag(args, valueFlags, visit) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!/^-[A-Za-z]/.test(arg)) continue;
    for (let j = 1; j < arg.length; j++) {
      const flag = arg[j];
      if (!valueFlags.has(flag)) {
        visit(flag, void 0);
        continue;
      }
      const attached = arg.slice(j + 1);
      if (attached === "") i++;
      visit(flag, attached === "" ? args[i] : attached);
      break;
    }
  }
}
function longOption(args, name) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === name) return args[i + 1] ?? "-";
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return void 0;
}
function routeCurl(args, quiet, downstream) {
  let toFile = args.some((a) => a === "--remote-name" || a === "--remote-name-all" || a === "--output-dir");
  let noBody = args.some((a) => a === "--head" || a === "--version" || a === "--help");
  const output = longOption(args, "--output");
  if (output !== void 0 && !isStdout(output)) toFile = true;
  eachShortFlag(args, CURL_VALUE_FLAGS, (flag, value) => {
    if (flag === "O") toFile = true;
    else if (flag === "o" && !isStdout(value)) toFile = true;
    else if (flag === "I" || flag === "V" || flag === "h") noBody = true;
  });
  if (toFile || noBody || quiet || downstream.some((p) => BODY_SINKS.has(p))) {
    return void 0;
  }
  return {
    type: "deny",
    reason: "curl would print the response body into your context. Use ctx_fetch_and_index with the URL, then ctx_search for what you need; for an API you must process, fetch and filter it in ctx_execute and print only the result. A silent download to a file (curl -sSL -o FILE URL) is fine.",
    fallback: "http"
  };
}
function routeWget(args, quiet, downstream) {
  const document = longOption(args, "--output-document");
  let toStdout = document !== void 0 && isStdout(document);
  eachShortFlag(args, WGET_VALUE_FLAGS, (flag, value) => {
    if (flag === "O") toStdout = isStdout(value);
  });
  if (!toStdout || quiet || downstream.some((p) => BODY_SINKS.has(p))) {
    return void 0;
  }
  return {
    type: "deny",
    reason: "wget -O - would print the response body into your context. Use ctx_fetch_and_index with the URL, then ctx_search; or fetch and filter it in ctx_execute. A download to a file (wget -q -O FILE URL) is fine.",
    fallback: "http"
  };
}
function isStdout(target) {
  return target === void 0 || target === "-" || target === "/dev/stdout";
}
function isTestRun(name, args) {
  const [first, second] = args;
  if (TEST_RUNNERS.has(name)) return true;
  if (name === "npx" || name === "bunx" || name === "pnpx") {
    return first !== void 0 && TEST_RUNNERS.has(first);
  }
  if (PACKAGE_MANAGERS.has(name)) {
    return first === "test" || first === "t" || first === "run" && second !== void 0 && /^test/.test(second) || name !== "npm" && first !== void 0 && /^test:/.test(first);
  }
  if (name === "deno" || name === "go" || name === "cargo") {
    return first === "test";
  }
  if (name === "dotnet" || name === "mix" || name === "swift") {
    return first === "test";
  }
  if (name === "make") return first === "test" || first === "check";
  if (name === "python" || name === "python3") {
    return first === "-m" && (second === "pytest" || second === "unittest" || second === "tox");
  }
  return false;
}
function isBroadGrep(input) {
  const pattern = stringField(input, "pattern");
  const path = stringField(input, "path");
  if (path === "/" || path === "~") return true;
  if (pattern === void 0) return false;
  return pattern.length < 3 || /^(\.\*|\.\+|\\w\+|\\S\+|\.)$/.test(pattern);
}
function isBulkMcpTool(toolName) {
  const words = toolName.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
  if (words.includes("ctx")) return false;
  const verb = words.some((w) => MCP_BULK_VERBS.has(w));
  const noun = words.some((w) => MCP_BULK_NOUNS.has(w));
  return verb && noun;
}

// hooks/pre_tool_use.ts
function preToolUse(call, deps) {
  const guarded = deps.guard?.(call);
  if (guarded && guarded.kind !== "allow") return guarded;
  return routeToolCall(call, {
    toolsAvailable: deps.toolsAvailable,
    alreadyNoted: deps.alreadyNoted,
    fileSize: deps.fileSize,
    ...deps.subagentCanCallTools ? {
      subagentCanCallTools: deps.subagentCanCallTools
    } : {}
  });
}

// src/config/heartbeat.ts
var HEARTBEAT_INTERVAL_MS = 1e4;
var HEARTBEAT_MAX_AGE_MS = 3 * HEARTBEAT_INTERVAL_MS;
function heartbeatPath(home, project) {
  return joinPath(home, "heartbeats", `${projectHash(project)}.json`);
}
function readHeartbeat(home, project) {
  try {
    const beat = JSON.parse(Deno.readTextFileSync(heartbeatPath(home, project)));
    return typeof beat?.updatedAt === "number" && typeof beat?.pid === "number" ? beat : void 0;
  } catch {
    return void 0;
  }
}
function serverIsAlive(home, project, now = Date.now()) {
  const beat = readHeartbeat(home, project);
  return beat !== void 0 && now - beat.updatedAt <= HEARTBEAT_MAX_AGE_MS;
}

// src/config/quiet_fs.ts
function readTextOrUndefined(path) {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return void 0;
  }
}
function listNames(path) {
  try {
    return [
      ...Deno.readDirSync(path)
    ].map((entry) => entry.name);
  } catch {
    return [];
  }
}

// hooks/engine/_where.ts
var ENGINE_MODULES = {
  sessionStore: "../../src/session/store.ts",
  hookLog: "../../src/store/hook_log.ts",
  takeSnapshot: "../../src/session/take_snapshot.ts",
  restore: "../../src/session/restore.ts",
  knowledgeBase: "../../src/store/knowledge_base.ts",
  indexSession: "../../src/session/index_session.ts"
};
function loadEngineModule(name) {
  return import(new URL(ENGINE_MODULES[name], import.meta.url).href);
}
function projectPaths(dir, facts) {
  const home = dataHome(facts.env);
  secureDataHome(home);
  const project = projectDir(dir, {});
  let database;
  return {
    home,
    project,
    get database() {
      return database ??= projectDatabasePath(project, home);
    }
  };
}
function userHome(env) {
  return env.HOME ?? env.USERPROFILE ?? "/";
}
function canSubagentCallServer(adapter, agentType, projectDir2, facts) {
  return adapter.subagentCanCallServer?.(agentType, {
    home: userHome(facts.env),
    env: facts.env,
    projectDir: projectDir2,
    readText: readTextOrUndefined,
    listNames
  }) ?? true;
}

// hooks/engine/decide_pre_tool_use.ts
async function decidePreToolUse(adapter, input, facts) {
  const { call } = input;
  const where = projectPaths(call.projectDir, facts);
  const subagentCanCall = (agentType) => canSubagentCallServer(adapter, agentType, call.projectDir, facts);
  const decision = preToolUse(call, {
    toolsAvailable: (adapter.serverToolsBuiltIn === true || serverIsAlive(where.home, where.project, facts.now)) && (!input.subagent || subagentCanCall(input.agentType)),
    subagentCanCallTools: subagentCanCall,
    // Notes are checked against the session's memory afterwards, so that
    // the SQLite module loads only for the calls that carry a note.
    alreadyNoted: () => false,
    guard: (guarded) => guardToolCall(guarded, {
      home: userHome(facts.env),
      dataHome: where.home,
      now: facts.now,
      tmpDir: facts.env.TMPDIR,
      claudeDir: facts.env.CLAUDE_CONFIG_DIR,
      loadPolicy: facts.policies && ((place2) => facts.policies.load(place2))
    }),
    fileSize: (path) => fileSize(isAbsolutePath(path) ? path : resolvePath(where.project, path))
  });
  if (decision.kind !== "context" || !decision.noteKind) return decision;
  const session = {
    platform: call.platform,
    sessionId: call.sessionId
  };
  const { noteKind } = decision;
  if (facts.sessions) {
    try {
      const first = facts.sessions.with(where.database, (store) => store.noteOnce(session, noteKind, facts.now));
      return first ? decision : {
        kind: "allow"
      };
    } catch {
      return decision;
    }
  }
  let log;
  try {
    const { HookLog } = await loadEngineModule("hookLog");
    log = HookLog.open(where.database);
  } catch {
    return decision;
  }
  try {
    return log.noteOnce(session, noteKind, facts.now) ? decision : {
      kind: "allow"
    };
  } finally {
    log.close();
  }
}
function fileSize(path) {
  try {
    return Deno.statSync(path).size;
  } catch {
    return void 0;
  }
}
export {
  decidePreToolUse
};
