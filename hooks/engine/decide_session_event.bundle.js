// hooks/pre_compact.ts
async function preCompact(input, deps) {
  await deps.snapshot(input.trigger ?? "auto");
  return {
    kind: "allow"
  };
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

// src/session/priority.ts
var SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1e3;

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

// src/session/rule_files.ts
var RULE_FILES = [
  "AGENTS.md",
  "AGENT.md",
  "CLAUDE.md",
  "CLAUDE.local.md",
  ".claude/CLAUDE.md",
  "GEMINI.md",
  "QWEN.md",
  "CONVENTIONS.md",
  ".cursorrules",
  ".windsurfrules",
  ".clinerules",
  ".github/copilot-instructions.md"
];
var RULE_FOLDERS = [
  ".cursor/rules",
  ".kiro/steering",
  ".clinerules",
  ".github/instructions"
];
function findRuleFiles(projectDir2) {
  const found = [];
  for (const name of RULE_FILES) {
    const path = joinPath(projectDir2, name);
    if (isFile(path)) found.push(path);
  }
  for (const folder of RULE_FOLDERS) {
    const dir = joinPath(projectDir2, folder);
    let entries;
    try {
      entries = [
        ...Deno.readDirSync(dir)
      ];
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isFile && /\.(md|mdc)$/i.test(entry.name)) {
        found.push(joinPath(dir, entry.name));
      }
    }
  }
  return found.slice(0, 30);
}
function isFile(path) {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
function ruleEvents(paths) {
  return paths.map((path) => ({
    category: "rule",
    type: "file",
    subject: path,
    data: {
      path
    }
  }));
}

// hooks/session_start.ts
var CONTINUING = /* @__PURE__ */ new Set([
  "compact",
  "resume"
]);
async function sessionStart(input, deps) {
  const source = input.source ?? "startup";
  const guide = CONTINUING.has(source) ? await deps.restore() : void 0;
  if (source === "startup") await deps.cleanup(SESSION_MAX_AGE_MS);
  const rules = deps.ruleFiles();
  if (rules.length > 0) await deps.record({
    events: ruleEvents(rules)
  });
  return {
    kind: "context",
    text: guide ? `${ROUTING_BLOCK}

${guide}` : ROUTING_BLOCK
  };
}

// src/session/dedup_hash.ts
function textHash(text) {
  let a = 2166136261;
  let b = 16777619 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 16777619);
    b = Math.imul(b ^ unit, 1540483477);
    b ^= b >>> 15;
  }
  return hex(avalanche(a)) + hex(avalanche(b ^ a));
}
function avalanche(value) {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  h = Math.imul(h, 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}
function hex(value) {
  return value.toString(16).padStart(8, "0");
}

// src/store/format_bytes.ts
function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// src/store/split_oversize.ts
var encoder = new TextEncoder();
var NON_ASCII_RUN = /[\u0080-\uffff]+/g;
function utf8ByteLength(text) {
  let bytes = text.length;
  NON_ASCII_RUN.lastIndex = 0;
  for (let match = NON_ASCII_RUN.exec(text); match !== null; match = NON_ASCII_RUN.exec(text)) {
    const run = match[0];
    const length = run.length;
    for (let i = 0; i < length; i++) {
      const code = run.charCodeAt(i);
      if (code < 2048) {
        bytes += 1;
      } else if (isHighSurrogate(code) && i + 1 < length && isLowSurrogate(run.charCodeAt(i + 1))) {
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    }
  }
  return bytes;
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}

// src/store/scrub_secrets.ts
var REDACTED = "[REDACTED]";
var PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16000}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [^\r\n]*))*)/g;
var TOKEN_SHAPES = /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abeoprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})\b/g;
var URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@]+):([^/\s@]+)@/gi;
var AWS_SECRET_NAME = /aws_secret_access_key/i;
var AWS_SECRET = /(aws_secret_access_key["']?\s*(?:[:=]\s*|\s+)["']?)[A-Za-z0-9/+=]{30,}/gi;
function scrubTokenShapes(text) {
  let count = 0;
  let result = text;
  if (result.includes("PRIVATE KEY")) {
    result = result.replace(PRIVATE_KEY_BLOCK, () => {
      count++;
      return `${REDACTED} private key`;
    });
  }
  if (result.includes("://") && result.includes("@")) {
    result = result.replace(URL_PASSWORD, (_, user) => {
      count++;
      return `${user}:${REDACTED}@`;
    });
  }
  if (AWS_SECRET_NAME.test(result)) {
    result = result.replace(AWS_SECRET, (_, key) => {
      count++;
      return `${key}${REDACTED}`;
    });
  }
  result = result.replace(TOKEN_SHAPES, () => {
    count++;
    return REDACTED;
  });
  return {
    text: result,
    count
  };
}

// src/session/redact.ts
var KEY_WORD = String.raw`[A-Za-z0-9_.-]*(?:authorization|token|secret|password|passwd|passphrase|api[_-]?key|cookie|private[_-]?key|credentials?|access[_-]?key|session[_-]?key)[A-Za-z0-9_.-]*`;
var NOT_A_PASSWORD = new Set("a an the not no in on at for of to stored saved set wrong incorrect correct invalid expired empty required missing needed changed reset same different still also too now being hashed encrypted kept there here".split(" "));
var TEXT_RULES = [
  [
    PRIVATE_KEY_BLOCK,
    `${REDACTED} private key`
  ],
  // Header lines carry spaces and `;` inside their value: mask to the end of the line.
  [
    /\b((?:proxy-)?authorization|(?:set-)?cookie)(\s*:\s*)[^\r\n"']+/gi,
    `$1$2${REDACTED}`
  ],
  [
    /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
    `$1 ${REDACTED}`
  ],
  // curl -u user:password, --user=user:password
  [
    /(\s(?:-u|--user)[\s=]+["']?[^\s:"']+):[^\s"']+/g,
    `$1:${REDACTED}`
  ],
  // mysql -pPASS (attached; a bare -p prompts, -P is the port)
  [
    /(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p)(?!\s)([^\s"']+|"[^"]*"|'[^']*')/g,
    `$1${REDACTED}`
  ],
  // sshpass -p PASS, docker login -p PASS (not docker run -p 8080:80)
  [
    /(\b(?:sshpass|(?:docker|podman|nerdctl|buildah|helm\s+registry)\s+login)\b[^\n|;&]*?\s-p\s*)(?:(["'])[^"']*\2|[^\s"']+)/g,
    `$1${REDACTED}`
  ],
  // openssl -k PASS, -pass/-passin/-passout pass:PASS (env: and file: name no secret)
  [
    /(\bopenssl\b[^\n|;&]*?\s-k\s+)(?:(["'])[^"']*\2|[^\s"']+)/g,
    `$1${REDACTED}`
  ],
  [
    /(\s-pass(?:in|out)?\s+["']?pass:)[^\s"']+/g,
    `$1${REDACTED}`
  ],
  // aws configure set aws_secret_access_key VALUE
  [
    /(\baws\s+configure\s+set\s+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token)\s+)(?:(["'])[^"']*\2|[^\s"']+)/gi,
    `$1${REDACTED}`
  ],
  // "my password is hunter2", "the password for prod was: s3cret"
  [
    /\b((?:password|passphrase|passcode|passwd)(?:\s+for\s+\S+)?\s+(?:is|was)\s*:?\s*)(["'“]?)([^\s"'”,.;!?]+)/gi,
    (match, lead, quote, word) => NOT_A_PASSWORD.has(word.toLowerCase()) ? match : `${lead}${quote}${REDACTED}`
  ],
  [
    new RegExp(String.raw`(${KEY_WORD})(["']?\s*[:=]\s*)(?:(["'])[^"']*\3|[^\s"'&;,)]+)`, "gi"),
    `$1$2$3${REDACTED}$3`
  ],
  [
    new RegExp(String.raw`(\s--?${KEY_WORD})(\s+)(?:(["'])[^"']*\3|[^\s"']+)`, "gi"),
    `$1$2$3${REDACTED}$3`
  ]
];
function clip(text, max) {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}\u2026`;
}
function redactText(text, max = 2e3) {
  let result = text.length > max + 512 ? text.slice(0, max + 512) : text;
  for (const [pattern, replacement] of TEXT_RULES) {
    result = typeof replacement === "string" ? result.replace(pattern, replacement) : result.replace(pattern, replacement);
  }
  return clip(scrubTokenShapes(result).text, max);
}

// src/session/capture_prompt.ts
var PASTE_THRESHOLD_BYTES = 1024;
var MAX_PROMPT_CHARS = 1e4;
var MAX_PASTE_CHARS = 1e6;
var DECISION_RULES = [
  /\b(?:use|using|switch to|go with|stick (?:to|with)|prefer|pick|choose)\b.*\b(?:instead|rather than)\b/i,
  /\binstead of\b/i,
  /^(?:please\s+)?(?:don'?t|do not|never|stop|avoid|no more)\b/i,
  /\b(?:don'?t|do not|never|shouldn'?t|must not|let'?s not)\s+(?:use|add|change|touch|modify|remove|delete|commit|push|run|call|create|rename|edit|import|write|mock|skip|rewrite|install)\b/i,
  /^(?:please\s+)?always\b/i,
  /\balways\s+(?:use|run|add|write|keep|check|prefer|commit|test|format|call|put|ask|include|read)\b/i,
  /\b(?:from now on|going forward|make sure (?:to|you))\b/i,
  /^(?:no|nope|actually|wait|not quite|that'?s wrong|wrong)\b[,.!:;]/i,
  /\b(?:let'?s go with|we'?ll go with|we will go with|(?:i|we) decided|decided to|the decision is)\b/i
];
var ROLE_NOUNS = String.raw`(?:reviewer|engineer|developer|architect|expert|tester|auditor|writer|editor|designer|mentor|teacher|consultant|analyst|specialist|programmer|administrator|admin|manager|scientist|researcher|critic|maintainer|coach|hacker|pentester|dba)`;
var ROLE_RULES = [
  /\b(?:act|behave|respond|answer|work) as (?:an?|the|my) [^.,;:!?\n]{3,60}/i,
  /\b(?:take|play|assume) the role of (?:an?|the)? ?[^.,;:!?\n]{3,60}/i,
  new RegExp(String.raw`\b(?:you are|you're) (?:now )?(?:an?|the|my) (?:[\w-]+ ){0,4}${ROLE_NOUNS}\b`, "i"),
  new RegExp(String.raw`\b(?:pretend|imagine) (?:to be|you(?:'re| are)) (?:an?|the) (?:[\w-]+ ){0,4}${ROLE_NOUNS}\b`, "i")
];
var INTENT_RULES = [
  [
    "debug",
    /\b(?:fix|bug|bugs|error|errors|fails?|failed|failing|failure|broken|crash(?:es|ed)?|exception|debug|stack ?trace|regression|not working|doesn'?t work|traceback)\b/gi
  ],
  [
    "review",
    /\b(?:review|audit|critique|look over|feedback on|sanity check)\b/gi
  ],
  [
    "implement",
    /\b(?:add|implement|create|build|write|make|refactor|introduce|migrate|rename|support|port|scaffold|generate)\b/gi
  ],
  [
    "investigate",
    /\b(?:why|how does|how do|where (?:is|are|does)|find|look into|investigate|explain|understand|what does|trace|figure out)\b/gi
  ],
  [
    "discuss",
    /\b(?:what do you think|should we|thoughts|pros and cons|compare|opinion|trade-?offs?|brainstorm|ideas?|discuss|which is better)\b/gi
  ]
];
function capturePrompt(prompt) {
  const { text, pastes } = extractPastes(prompt);
  const kept = redactText(text, MAX_PROMPT_CHARS);
  const events = [
    {
      category: "prompt",
      type: "prompt",
      subject: "prompt",
      data: {
        text: kept
      }
    }
  ];
  const slash = kept.match(/^\/([A-Za-z][\w:-]*)/)?.[0];
  if (slash) {
    events.push({
      category: "skill",
      type: "command",
      subject: `command:${slash}`,
      data: {
        name: slash
      }
    });
  }
  for (const sentence of sentences(kept)) {
    if (DECISION_RULES.some((rule) => rule.test(sentence))) {
      const decision = clip(sentence, 300);
      events.push({
        category: "decision",
        type: "decision",
        subject: decision,
        data: {
          text: decision
        }
      });
    }
  }
  const role = roleOf(kept);
  if (role) {
    events.push({
      category: "role",
      type: "role",
      subject: role,
      data: {
        text: role
      }
    });
  }
  const intent = intentOf(kept);
  if (intent) {
    events.push({
      category: "intent",
      type: intent,
      subject: "intent",
      data: {
        intent
      }
    });
  }
  for (const paste of pastes) {
    events.push({
      category: "data",
      type: "paste",
      subject: paste.ref,
      data: {
        ref: paste.ref,
        bytes: paste.bytes,
        preview: paste.preview
      }
    });
  }
  return {
    events,
    pastes
  };
}
function roleOf(text) {
  for (const rule of ROLE_RULES) {
    const found = text.match(rule)?.[0];
    if (found) return clip(found.trim(), 100);
  }
  return void 0;
}
function intentOf(text) {
  const head = text.slice(0, 2e3);
  let best;
  let bestScore = 0;
  for (const [intent, rule] of INTENT_RULES) {
    const score = head.match(rule)?.length ?? 0;
    if (score > bestScore) {
      best = intent;
      bestScore = score;
    }
  }
  return best;
}
function sentences(text) {
  return text.split("\n").flatMap((line) => line.split(/(?<=[.!;])\s+(?=[A-Z"'`(])/)).map((sentence) => sentence.trim().replace(/^[-*>\d.)\s]+/, "")).filter((sentence) => sentence.length >= 8 && !sentence.endsWith("?") && !sentence.startsWith("[pasted data"));
}
function extractPastes(prompt) {
  if (utf8ByteLength(prompt) <= PASTE_THRESHOLD_BYTES) {
    return {
      text: prompt,
      pastes: []
    };
  }
  const pastes = [];
  const replace = (block) => {
    const content = redactText(block, MAX_PASTE_CHARS);
    const bytes = utf8ByteLength(block);
    const ref = `paste-${textHash(content).slice(0, 10)}`;
    const preview = clip(content.split("\n").find((line) => line.trim() && !line.startsWith("```"))?.trim() ?? "", 80);
    if (!pastes.some((paste) => paste.ref === ref)) {
      pastes.push({
        ref,
        bytes,
        preview,
        content
      });
    }
    return `[pasted data: ${formatBytes(bytes)}, ref ${ref}]`;
  };
  let text = prompt.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, (block) => utf8ByteLength(block) > PASTE_THRESHOLD_BYTES ? replace(block) : block);
  if (utf8ByteLength(text) > PASTE_THRESHOLD_BYTES) {
    text = text.split(/(\n[ \t]*\n)/).map((part) => utf8ByteLength(part) > PASTE_THRESHOLD_BYTES && looksLikeData(part) ? replace(part) : part).join("");
  }
  return {
    text,
    pastes
  };
}
function looksLikeData(block) {
  if (/^\s*[[{<]/.test(block)) return true;
  const prose = block.match(/[\p{L}\s]/gu)?.length ?? 0;
  return prose / block.length < 0.85;
}

// src/session/guide.ts
var GUIDE_TAG = "session_guide";

// src/session/injected_context.ts
var OWN_TAGS = `(?:ctx_mode_routing|${GUIDE_TAG})`;
var OPEN = `(?:<|&lt;)`;
var CLOSE = `(?:>|&gt;)`;
var OWN_BLOCK = new RegExp(`${OPEN}(${OWN_TAGS})${CLOSE}[\\s\\S]*?${OPEN}/\\1${CLOSE}\\s*`, "g");
var HOOK_CONTEXT = /<hook_context>([\s\S]*?)<\/hook_context>\s*/g;
var HOLDS_OWN = new RegExp(`${OPEN}${OWN_TAGS}${CLOSE}`);
function withoutInjectedContext(prompt) {
  if (!HOLDS_OWN.test(prompt)) return prompt;
  return prompt.replace(HOOK_CONTEXT, (block, inner) => HOLDS_OWN.test(inner) ? "" : block).replace(OWN_BLOCK, "");
}

// hooks/user_prompt_submit.ts
async function userPromptSubmit(prompt, deps) {
  const own = prompt === void 0 ? "" : withoutInjectedContext(prompt);
  if (own.trim() === "") return {
    kind: "allow"
  };
  const capture = capturePrompt(own);
  if (capture.pastes.length > 0) await deps.keepPastes(capture.pastes);
  await deps.record({
    events: capture.events
  });
  return {
    kind: "allow"
  };
}

// src/config/private_files.ts
var PRIVATE_DIR_MODE = 448;
var DATA_HOME_FOLDERS = [
  "projects",
  "heartbeats"
];
var POSIX = Deno.build.os !== "windows";
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
function warn(line) {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`ctx-mode hook: ${line}
`));
  } catch {
  }
}
function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

// hooks/engine/_session_access.ts
async function withSession(database, work, kept) {
  try {
    if (kept) return kept.with(database, work, {
      onNote: warn
    });
    const { withSessionStore } = await loadEngineModule("sessionStore");
    return withSessionStore(database, work, {
      onNote: warn
    });
  } catch (error) {
    warn(`${firstLine(error)}; letting the call proceed`);
    return void 0;
  }
}

// hooks/engine/decide_session_event.ts
async function decideSessionEvent(input, facts) {
  const session = {
    platform: input.platform,
    sessionId: input.sessionId
  };
  const where = projectPaths(input.projectDir, facts);
  switch (input.event) {
    case "session_start":
      return await sessionStart({
        source: input.source
      }, {
        ruleFiles: () => findRuleFiles(where.project),
        record: (record) => withSession(where.database, (store) => store.record(session, record, facts.now), facts.sessions),
        cleanup: (maxAgeMs) => withSession(where.database, (store) => store.cleanup(facts.now - maxAgeMs), facts.sessions),
        restore: () => restoredGuide(where, session, input.source === "resume", facts)
      });
    case "pre_compact":
      return await preCompact({
        trigger: input.trigger
      }, {
        snapshot: async (trigger) => {
          const { takeSnapshot } = await loadEngineModule("takeSnapshot");
          await withSession(where.database, (store) => takeSnapshot(store, session, {
            at: facts.now,
            trigger,
            projectDir: where.project
          }), facts.sessions);
        }
      });
    case "user_prompt_submit": {
      const compacted = input.restoreOnPrompt === true && await withSession(where.database, (store) => store.compactedSincePrompt(session), facts.sessions);
      const guide = compacted ? await restoredGuide(where, session, false, facts) : void 0;
      const decision = await userPromptSubmit(input.prompt, {
        record: (record) => withSession(where.database, (store) => store.record(session, record, facts.now), facts.sessions),
        keepPastes: (pastes) => keepPastes(where.database, session, pastes)
      });
      return guide ? {
        kind: "context",
        text: guide
      } : decision;
    }
  }
}
async function restoredGuide(where, session, previous, facts) {
  const { restoreSession } = await loadEngineModule("restore");
  const restored = await withSession(where.database, (store) => restoreSession(store, session, {
    projectDir: where.project,
    previous,
    onNote: warn
  }), facts.sessions);
  return restored?.guide;
}
async function keepPastes(database, session, pastes) {
  try {
    const [{ KnowledgeBase }, { indexPastes }] = await Promise.all([
      loadEngineModule("knowledgeBase"),
      loadEngineModule("indexSession")
    ]);
    using kb = KnowledgeBase.open(database);
    indexPastes(kb, session, pastes);
  } catch (error) {
    warn(`${firstLine(error)}; the pasted data is kept by reference only`);
  }
}
export {
  decideSessionEvent
};
