// src/session/_words.ts
var MAX_CHARS = 4e3;
function simpleCommands(command) {
  const text3 = command.slice(0, MAX_CHARS);
  const commands = [];
  let words = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text3.length; i++) {
    const char = text3[i];
    if (char === "'") {
      const close = text3.indexOf("'", i + 1);
      const end = close === -1 ? text3.length : close;
      word += text3.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      inWord = true;
      for (i++; i < text3.length && text3[i] !== '"'; i++) {
        if (text3[i] === "\\" && i + 1 < text3.length) i++;
        word += text3[i];
      }
    } else if (char === "\\" && i + 1 < text3.length) {
      i++;
      if (text3[i] !== "\n") {
        word += text3[i];
        inWord = true;
      }
    } else if (char === ";" || char === "|" || char === "&" || char === "\n") {
      endCommand();
    } else if (char === " " || char === "	" || char === "\r") {
      endWord();
    } else if (char === "#" && !inWord) {
      const newline = text3.indexOf("\n", i);
      i = newline === -1 ? text3.length : newline - 1;
    } else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}
function programWords(words) {
  let start = 0;
  while (start < words.length) {
    const word = words[start];
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) start++;
    else if (/^(sudo|env|time|nohup|command|exec)$/.test(word)) start++;
    else break;
  }
  return words.slice(start);
}
function programName(word) {
  return word.slice(word.lastIndexOf("/") + 1);
}

// src/store/scrub_secrets.ts
var REDACTED = "[REDACTED]";
var MIN_SECRET_VALUE_LENGTH = 8;
var PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16000}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [^\r\n]*))*)/g;
var TOKEN_SHAPES = /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abeoprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})\b/g;
var URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@]+):([^/\s@]+)@/gi;
var AWS_SECRET_NAME = /aws_secret_access_key/i;
var AWS_SECRET = /(aws_secret_access_key["']?\s*(?:[:=]\s*|\s+)["']?)[A-Za-z0-9/+=]{30,}/gi;
var SECRET_WORDS = /^(?:[A-Z0-9]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|APIKEY|PRIVATEKEY|ACCESSKEY|COOKIE)[A-Z0-9]*|KEY|PASS|PAT|AUTH|PW)$/;
var REFERENCE_ENDINGS = /(?:_SOCK|_FILE|_PATH|_DIR|_HOME|_URL|_HELPER)$/;
function isSecretName(name) {
  const upper = name.toUpperCase();
  if (REFERENCE_ENDINGS.test(upper)) return false;
  return upper.split(/[_.-]+/).some((word) => SECRET_WORDS.test(word));
}
function secretScrubber(env, options = {}) {
  const minLength = options.minLength ?? MIN_SECRET_VALUE_LENGTH;
  const also = new Set(options.alsoNames ?? []);
  const values = /* @__PURE__ */ new Map();
  for (const [name, value] of Object.entries(env)) {
    if (value === void 0 || value.trim().length < minLength) continue;
    if (!also.has(name) && !isSecretName(name)) continue;
    if (!values.has(value)) values.set(value, name);
  }
  const ordered = [
    ...values
  ].sort(([a], [b]) => b.length - a.length);
  return {
    scrub(text3) {
      let count = 0;
      let result = text3;
      for (const [value, name] of ordered) {
        let found = 0;
        for (let at = result.indexOf(value); at !== -1; found++) {
          at = result.indexOf(value, at + value.length);
        }
        if (found === 0) continue;
        count += found;
        result = result.replaceAll(value, `[REDACTED:${name}]`);
      }
      const shapes = scrubTokenShapes(result);
      return {
        text: shapes.text,
        count: count + shapes.count
      };
    }
  };
}
function scrubTokenShapes(text3) {
  let count = 0;
  let result = text3;
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
var SECRET_KEY = /authorization|token|secret|password|passwd|passphrase|apikey|cookie|privatekey|credential|accesskey|sessionkey/;
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
function isSecretKey(key) {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ""));
}
function clip(text3, max) {
  return text3.length <= max ? text3 : `${text3.slice(0, Math.max(0, max - 1))}\u2026`;
}
function redactText(text3, max = 2e3) {
  let result = text3.length > max + 512 ? text3.slice(0, max + 512) : text3;
  for (const [pattern, replacement] of TEXT_RULES) {
    result = typeof replacement === "string" ? result.replace(pattern, replacement) : result.replace(pattern, replacement);
  }
  return clip(scrubTokenShapes(result).text, max);
}
function redactValue(value, maxString = 500) {
  return redactDeep(value, maxString, 0);
}
function redactDeep(value, maxString, depth) {
  if (typeof value === "string") return redactText(value, maxString);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 6) return "[\u2026]";
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((item) => redactDeep(item, maxString, depth + 1));
    return value.length > 50 ? [
      ...items,
      `\u2026 ${value.length - 50} more`
    ] : items;
  }
  const result = {};
  let keys = 0;
  for (const [key, item] of Object.entries(value)) {
    if (++keys > 50) break;
    result[key] = isSecretKey(key) && item !== null && item !== "" && typeof item !== "boolean" ? REDACTED : redactDeep(item, maxString, depth + 1);
  }
  return result;
}
function compactJson(value, max = 300) {
  return clip(JSON.stringify(redactValue(value, max)) ?? "", max);
}

// src/session/_shell_events.ts
var GIT_OPS = /* @__PURE__ */ new Set([
  "checkout",
  "switch",
  "commit",
  "merge",
  "rebase",
  "stash",
  "push",
  "pull",
  "fetch",
  "diff",
  "status",
  "branch",
  "cherry-pick",
  "reset",
  "revert",
  "tag"
]);
var GIT_VALUE_OPTIONS = /* @__PURE__ */ new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree"
]);
var INSTALLERS = {
  npm: /* @__PURE__ */ new Set([
    "install",
    "i",
    "add",
    "ci"
  ]),
  pnpm: /* @__PURE__ */ new Set([
    "install",
    "i",
    "add"
  ]),
  yarn: /* @__PURE__ */ new Set([
    "add",
    "install"
  ]),
  bun: /* @__PURE__ */ new Set([
    "add",
    "install",
    "i"
  ]),
  pip: /* @__PURE__ */ new Set([
    "install"
  ]),
  pip3: /* @__PURE__ */ new Set([
    "install"
  ]),
  uv: /* @__PURE__ */ new Set([
    "add",
    "pip"
  ]),
  poetry: /* @__PURE__ */ new Set([
    "add",
    "install"
  ]),
  cargo: /* @__PURE__ */ new Set([
    "add",
    "install"
  ]),
  go: /* @__PURE__ */ new Set([
    "get",
    "install"
  ]),
  gem: /* @__PURE__ */ new Set([
    "install"
  ]),
  bundle: /* @__PURE__ */ new Set([
    "install",
    "add"
  ]),
  deno: /* @__PURE__ */ new Set([
    "add",
    "install"
  ]),
  brew: /* @__PURE__ */ new Set([
    "install"
  ]),
  apt: /* @__PURE__ */ new Set([
    "install"
  ]),
  "apt-get": /* @__PURE__ */ new Set([
    "install"
  ]),
  composer: /* @__PURE__ */ new Set([
    "require",
    "install"
  ]),
  dotnet: /* @__PURE__ */ new Set([
    "add"
  ])
};
function shellEvents(command, output) {
  const events = [];
  for (const words of simpleCommands(command)) {
    const program = programWords(words);
    const name = programName(program[0] ?? "");
    if (name === "git") {
      const git = gitEvent(program.slice(1), output);
      if (git) events.push(git);
      continue;
    }
    const env = envEvent(name, program);
    if (env) events.push(env);
  }
  return events;
}
function commandKey(command) {
  const commands = simpleCommands(command).map(programWords).filter((words2) => words2.length > 0 && !/^(cd|pushd|popd|export|source|\.|set|echo)$/.test(words2[0]));
  const words = commands[0] ?? programWords(simpleCommands(command)[0] ?? []);
  const name = programName(words[0] ?? "");
  const sub = words.slice(1).find((word) => !word.startsWith("-"));
  return sub !== void 0 && /^[A-Za-z][\w:.-]*$/.test(sub) && !/\.[A-Za-z0-9]+$/.test(sub) ? `shell:${name} ${sub}` : `shell:${name}`;
}
function gitEvent(args, output) {
  let i = 0;
  while (i < args.length && args[i].startsWith("-")) {
    i += GIT_VALUE_OPTIONS.has(args[i]) ? 2 : 1;
  }
  const op = args[i];
  if (op === void 0 || !GIT_OPS.has(op)) return void 0;
  const rest = args.slice(i + 1);
  const plain = plainWords(rest);
  const data = {
    op
  };
  const head = output.slice(0, 2e3);
  switch (op) {
    case "checkout":
    case "switch": {
      const created = valueOf(rest, [
        "-b",
        "-B",
        "-c",
        "-C",
        "--orphan"
      ]);
      const branch = created ?? (rest.includes("--") ? void 0 : plain[0]) ?? head.match(/Switched to (?:a new )?branch '([^']+)'/)?.[1];
      if (branch) data.branch = branch;
      if (created) data.created = true;
      break;
    }
    case "commit": {
      const message = valueOf(rest, [
        "-m",
        "--message",
        "-am"
      ]);
      if (message !== void 0) {
        data.message = clip(redactText(message.split("\n")[0] ?? ""), 120);
      }
      const made = head.match(/^\[([^\s\]]+)(?: \(root-commit\))? ([0-9a-f]{7,})\]/m);
      if (made) {
        data.branch = made[1];
        data.sha = made[2];
      }
      break;
    }
    case "stash":
      data.action = plain[0] ?? "push";
      break;
    case "status": {
      const branch = head.match(/^On branch (\S+)/m)?.[1];
      if (branch) data.branch = branch;
      break;
    }
    default:
      if (plain.length > 0) {
        data.args = clip(redactText(plain.slice(0, 4).join(" ")), 120);
      }
  }
  return {
    category: "git",
    type: op,
    subject: `git:${op}`,
    data
  };
}
function envEvent(name, words) {
  const args = words.slice(1);
  const plain = plainWords(args);
  const command = clip(redactText(words.join(" ")), 200);
  const event = (type, data) => ({
    category: "env",
    type,
    subject: `env:${type}:${command}`,
    data: {
      ...data,
      command
    }
  });
  if (name === "cd" || name === "pushd") {
    return plain[0] ? event("cd", {
      dir: plain[0]
    }) : void 0;
  }
  if ((name === "source" || name === ".") && /\/activate$/.test(args[0] ?? "")) {
    return event("virtualenv", {
      path: args[0].replace(/\/bin\/activate$/, "")
    });
  }
  if (name === "virtualenv" || /^python3?$/.test(name) && args[0] === "-m" && args[1] === "venv") {
    return event("virtualenv", {
      path: plain.at(-1) ?? ""
    });
  }
  if (name === "uv" && args[0] === "venv") {
    return event("virtualenv", {
      path: plain[1] ?? ".venv"
    });
  }
  if (name === "nvm" && /^(use|install|alias)$/.test(args[0] ?? "")) {
    return event("nvm", {
      action: args[0],
      version: plain[1] ?? ""
    });
  }
  if ((name === "conda" || name === "mamba") && /^(activate|create|install)$/.test(args[0] ?? "")) {
    return event("conda", {
      action: args[0],
      target: valueOf(args, [
        "-n",
        "--name"
      ]) ?? plain[1] ?? ""
    });
  }
  const pipModule = /^python3?$/.test(name) && args[0] === "-m" && args[1] === "pip";
  const manager = pipModule ? "pip" : name;
  const managerArgs = pipModule ? args.slice(2) : args;
  const installs = INSTALLERS[manager];
  if (installs && installs.has(managerArgs[0] ?? "")) {
    if (manager === "uv" && managerArgs[0] === "pip" && managerArgs[1] !== "install") {
      return void 0;
    }
    const packages = plainWords(managerArgs.slice(manager === "uv" && managerArgs[0] === "pip" ? 2 : 1));
    return event("install", {
      manager,
      packages: packages.slice(0, 10)
    });
  }
  return void 0;
}
function plainWords(args) {
  const result = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === "--") continue;
    if (word.startsWith("-")) {
      if (/^-[a-zA-Z]*[mbBcCnF]$/.test(word) || /^--(message|file|name)$/.test(word)) i++;
      continue;
    }
    result.push(word);
  }
  return result;
}
function valueOf(args, flags) {
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (flags.includes(word)) return args[i + 1];
    const long = flags.find((flag) => flag.startsWith("--") && word.startsWith(`${flag}=`));
    if (long) return word.slice(long.length + 1);
    if (flags.includes("-m") && /^-m./.test(word)) return word.slice(2);
  }
  return void 0;
}

// src/session/capture_tool.ts
var PATH_KEYS = [
  "path",
  "file_path",
  "filePath",
  "absolute_path",
  "notebook_path",
  "file",
  "filename"
];
var STATUS = {
  pending: "pending",
  todo: "pending",
  open: "pending",
  "not_started": "pending",
  "in_progress": "in_progress",
  "in-progress": "in_progress",
  active: "in_progress",
  completed: "completed",
  complete: "completed",
  done: "completed",
  deleted: "deleted",
  cancelled: "deleted",
  canceled: "deleted"
};
function captureToolCall(call) {
  const key = resolveKey(call);
  const failure = call.error ?? failureOf(call.output);
  if (failure !== void 0) {
    return {
      events: [
        errorEvent(call, key, failure)
      ],
      resolves: []
    };
  }
  return {
    events: successEvents(call),
    resolves: [
      key
    ]
  };
}
function successEvents(call) {
  const input = call.input;
  const tasks = taskEvents(call);
  if (tasks) return tasks;
  switch (call.toolKind) {
    case "shell": {
      const command = text(input.command);
      if (!command) break;
      const events = shellEvents(command, outputText(call.output));
      return events.length > 0 ? events : [
        {
          category: "tool",
          type: "shell",
          subject: commandKey(redactText(command, 4e3)),
          data: {
            command: redactText(command, 300)
          }
        }
      ];
    }
    case "read":
    case "edit": {
      const paths = filePaths(input);
      if (paths.length === 0) break;
      const type = call.toolKind === "read" ? "read" : typeof input.content === "string" && input.old_string === void 0 ? "write" : "edit";
      return paths.map((path) => ({
        category: "file",
        type,
        subject: path,
        data: {
          path
        }
      }));
    }
    case "grep": {
      const raw = text(input.pattern) ?? text(input.query);
      if (!raw) break;
      const pattern = redactText(raw, 200);
      const where = filePaths(input)[0];
      const type = /glob|find|file_search|list/i.test(call.toolName) ? "glob" : "grep";
      return [
        {
          category: "file",
          type,
          subject: `${type}:${pattern}${where ? ` in ${where}` : ""}`,
          data: {
            pattern,
            ...where ? {
              path: where
            } : {}
          }
        }
      ];
    }
    case "task": {
      const prompt = text(input.prompt) ?? text(input.description);
      if (!prompt) break;
      const agent = text(input.subagent_type) ?? text(input.agent) ?? "";
      const firstLine2 = clip(redactText(prompt.trim().split("\n")[0] ?? "", 400), 160);
      const description = text(input.description);
      return [
        {
          category: "subagent",
          type: agent || "task",
          subject: `${agent}:${firstLine2}`,
          data: {
            agent,
            ...description && description !== prompt ? {
              description: clip(redactText(description), 120)
            } : {},
            prompt: firstLine2
          }
        }
      ];
    }
    case "mcp":
      return [
        {
          category: "mcp",
          type: "call",
          subject: call.toolName,
          data: {
            tool: call.toolName
          }
        }
      ];
    case "fetch": {
      const url = text(input.url);
      if (!url) break;
      return [
        {
          category: "tool",
          type: "fetch",
          subject: `fetch:${redactText(url, 300)}`,
          data: {
            tool: call.toolName,
            url: redactText(url, 300)
          }
        }
      ];
    }
  }
  const skill = skillEvent(call);
  if (skill) return [
    skill
  ];
  return [
    {
      category: "tool",
      type: "call",
      subject: call.toolName,
      data: {
        tool: call.toolName,
        input: compactJson(input, 300)
      }
    }
  ];
}
function taskEvents(call) {
  if ([
    "shell",
    "read",
    "edit",
    "grep",
    "fetch"
  ].includes(call.toolKind)) {
    return void 0;
  }
  const input = call.input;
  if (Array.isArray(input.todos)) {
    const items = input.todos.flatMap((todo) => {
      if (todo === null || typeof todo !== "object") return [];
      const entry = todo;
      const title = text(entry.content) ?? text(entry.title) ?? text(entry.subject) ?? text(entry.text);
      if (!title) return [];
      return [
        {
          title: clip(redactText(title), 160),
          status: STATUS[String(entry.status ?? "pending").toLowerCase()] ?? "pending"
        }
      ];
    });
    return [
      {
        category: "task",
        type: "list",
        subject: "tasks",
        data: {
          items: items.slice(0, 50)
        }
      }
    ];
  }
  const id = text(input.taskId) ?? text(input.task_id) ?? (typeof input.taskId === "number" ? String(input.taskId) : void 0);
  const subject = text(input.subject) ?? text(input.title);
  const status = text(input.status);
  if (id !== void 0 && (status !== void 0 || subject !== void 0)) {
    return [
      {
        category: "task",
        type: "update",
        subject: `task:${id}`,
        data: {
          id,
          ...subject ? {
            title: clip(redactText(subject), 160)
          } : {},
          ...status ? {
            status: STATUS[status.toLowerCase()] ?? "pending"
          } : {}
        }
      }
    ];
  }
  if (subject !== void 0 && id === void 0 && input.prompt === void 0 && /task|todo/i.test(call.toolName)) {
    const created = createdTaskId(call.output);
    const title = clip(redactText(subject), 160);
    return [
      {
        category: "task",
        type: "create",
        subject: `task:${created ?? title}`,
        data: {
          ...created ? {
            id: created
          } : {},
          title,
          status: "pending"
        }
      }
    ];
  }
  return void 0;
}
function skillEvent(call) {
  const name = text(call.input.skill) ?? (/skill/i.test(call.toolName) ? text(call.input.name) ?? text(call.input.command) : void 0);
  if (name) {
    return {
      category: "skill",
      type: "skill",
      subject: `skill:${name}`,
      data: {
        name: clip(name, 80)
      }
    };
  }
  const command = text(call.input.command);
  if (command?.startsWith("/")) {
    const slash = command.split(/\s/)[0];
    return {
      category: "skill",
      type: "command",
      subject: `command:${slash}`,
      data: {
        name: clip(slash, 80)
      }
    };
  }
  return void 0;
}
function errorEvent(call, key, failure) {
  const command = call.toolKind === "shell" ? text(call.input.command) : void 0;
  const path = filePaths(call.input)[0];
  const message = redactText(failure.trim(), 400);
  const exitCode = failure.match(/exit(?:ed with)? code:? (\d+)/i)?.[1] ?? exitCodeOf(call.output);
  return {
    category: "error",
    type: call.toolKind,
    subject: key,
    data: {
      tool: call.toolName,
      ...command ? {
        command: redactText(command, 200)
      } : {},
      ...path ? {
        path
      } : {},
      ...exitCode !== void 0 ? {
        exitCode: Number(exitCode)
      } : {},
      message: clip(message.split("\n").filter((l) => l.trim()).slice(0, 4).join("\n"), 300)
    }
  };
}
function resolveKey(call) {
  const command = text(call.input.command);
  if (call.toolKind === "shell" && command) {
    return commandKey(redactText(command, 4e3));
  }
  const path = filePaths(call.input)[0];
  return path ? `${call.toolName}:${path}` : call.toolName;
}
function failureOf(output) {
  if (output === null || typeof output !== "object") return void 0;
  const result = output;
  const code = exitCodeOf(output);
  if (code !== void 0 && code !== "0") {
    const stderr = text(result.stderr) ?? text(result.output) ?? "";
    return `Exit code ${code}${stderr ? `
${stderr.slice(0, 1e3)}` : ""}`;
  }
  if (result.is_error === true || result.isError === true) {
    return outputText(output).slice(0, 1e3) || "the tool reported an error";
  }
  return void 0;
}
function exitCodeOf(output) {
  if (output === null || typeof output !== "object") return void 0;
  const result = output;
  for (const key of [
    "exitCode",
    "exit_code",
    "returncode",
    "returnCode"
  ]) {
    if (typeof result[key] === "number") return String(result[key]);
  }
  return void 0;
}
function outputText(output) {
  if (typeof output === "string") return output.slice(0, 4e3);
  if (output === null || typeof output !== "object") return "";
  const result = output;
  const stdout = text(result.stdout) ?? text(result.output);
  if (stdout) return stdout.slice(0, 4e3);
  if (Array.isArray(result.content)) {
    return result.content.map((part) => part && typeof part === "object" ? text(part.text) ?? "" : "").join("\n").slice(0, 4e3);
  }
  return "";
}
function createdTaskId(output) {
  if (output === null || typeof output !== "object") return void 0;
  const result = output;
  const task = result.task && typeof result.task === "object" ? result.task : result;
  const id = task.id ?? task.taskId;
  return typeof id === "string" || typeof id === "number" ? String(id) : void 0;
}
function filePaths(input) {
  for (const key of PATH_KEYS) {
    const value = text(input[key]);
    if (value) return [
      value
    ];
  }
  if (Array.isArray(input.paths)) {
    return input.paths.filter((p) => typeof p === "string").slice(0, 20);
  }
  const patch = text(input.patch) ?? text(input.input);
  if (patch) {
    const files = [
      ...patch.slice(0, 2e4).matchAll(/^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ b\/)(.+)$/gm)
    ].map((match) => match[1].trim());
    return [
      ...new Set(files)
    ].slice(0, 20);
  }
  return [];
}
function text(value) {
  return typeof value === "string" && value.trim() !== "" ? value : void 0;
}

// src/session/capture_shrink.ts
var MAX_SUMMARY_CHARS = 300;
function shrinkEvent(shrink) {
  const line = shrink.summary.replace(/\s+/g, " ").trim();
  return {
    category: "data",
    type: "shrink",
    subject: shrink.source,
    data: {
      ref: shrink.source,
      bytes: shrink.originalBytes,
      viewBytes: shrink.viewBytes,
      preview: line.length > MAX_SUMMARY_CHARS ? `${line.slice(0, MAX_SUMMARY_CHARS - 1)}\u2026` : line
    }
  };
}

// src/store/detect_kind.ts
var SNIFF_BYTES = 8192;
var MARKDOWN_SNIFF_CHARS = 65536;
var MAX_SUSPICIOUS_SHARE = 0.1;
var MARKDOWN_EXTENSIONS = /* @__PURE__ */ new Set([
  "md",
  "markdown",
  "mdx",
  "mdown",
  "mkd",
  "mkdn"
]);
var JSON_EXTENSIONS = /* @__PURE__ */ new Set([
  "json",
  "jsonc",
  "geojson",
  "webmanifest"
]);
var TEXT_EXTENSIONS = /* @__PURE__ */ new Set([
  ...[
    "txt",
    "text",
    "log",
    "out",
    "err",
    "csv",
    "tsv",
    "ndjson",
    "jsonl"
  ],
  ...[
    "ts",
    "tsx",
    "mts",
    "cts",
    "js",
    "jsx",
    "mjs",
    "cjs",
    "vue",
    "svelte"
  ],
  ...[
    "py",
    "pyi",
    "rb",
    "go",
    "rs",
    "c",
    "h",
    "cc",
    "cpp",
    "cxx",
    "hpp"
  ],
  ...[
    "java",
    "kt",
    "kts",
    "scala",
    "swift",
    "cs",
    "fs",
    "php",
    "pl",
    "lua"
  ],
  ...[
    "r",
    "sql",
    "sh",
    "bash",
    "zsh",
    "fish",
    "ps1",
    "bat",
    "cmd",
    "zig"
  ],
  ...[
    "dart",
    "ex",
    "exs",
    "erl",
    "hs",
    "ml",
    "clj",
    "elm",
    "jl",
    "nim"
  ],
  ...[
    "yaml",
    "yml",
    "toml",
    "ini",
    "cfg",
    "conf",
    "env",
    "properties"
  ],
  ...[
    "xml",
    "html",
    "htm",
    "xhtml",
    "svg",
    "css",
    "scss",
    "sass",
    "less"
  ],
  ...[
    "rst",
    "adoc",
    "asciidoc",
    "tex",
    "org",
    "diff",
    "patch",
    "graphql"
  ],
  ...[
    "proto",
    "tf",
    "hcl",
    "nix",
    "gradle",
    "cmake",
    "mk",
    "dockerfile"
  ]
]);
var TEXT_NAMES = /* @__PURE__ */ new Set([
  "makefile",
  "dockerfile",
  "containerfile",
  "gemfile",
  "rakefile",
  "procfile",
  "license",
  "copying",
  "authors"
]);
var MARKDOWN_HEADING = /^ {0,3}#{1,4}[ \t]+\S/;
var FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
var MARKDOWN_SIGNALS = [
  /^ {0,3}(?:`{3,}|~{3,})/m,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/m,
  /\*\*[^*\n]+\*\*|__[^_\n]+__/,
  /`[^`\n]+`/,
  /^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*\|/m,
  /^ {0,3}>[ \t]/m,
  /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/m
];
function detectKind(name, content) {
  if (hasNul(content)) return "binary";
  const base = name.split(/[\\/]/).at(-1)?.toLowerCase() ?? "";
  const dot = base.lastIndexOf(".");
  const extension = dot >= 0 ? base.slice(dot + 1) : "";
  if (MARKDOWN_EXTENSIONS.has(extension)) return "markdown";
  if (TEXT_EXTENSIONS.has(extension) || TEXT_NAMES.has(base)) return "text";
  const text3 = typeof content === "string" ? content.replace(/^\uFEFF/, "") : new TextDecoder().decode(content);
  if (JSON_EXTENSIONS.has(extension) && parses(text3)) return "json";
  if (suspiciousShare(content) > MAX_SUSPICIOUS_SHARE) return "binary";
  if (/^\s*[{[]/.test(text3) && parses(text3)) return "json";
  if (looksLikeMarkdown(text3.slice(0, MARKDOWN_SNIFF_CHARS))) return "markdown";
  return "text";
}
function hasNul(content) {
  if (typeof content === "string") {
    return content.slice(0, SNIFF_BYTES).includes("\0");
  }
  return content.subarray(0, SNIFF_BYTES).includes(0);
}
function parses(text3) {
  try {
    JSON.parse(text3);
    return true;
  } catch {
    return false;
  }
}
function isControl(code) {
  return code < 32 && !(code >= 9 && code <= 13) && code !== 27 || code === 127;
}
function suspiciousShare(content) {
  if (typeof content === "string") {
    const sample2 = content.slice(0, SNIFF_BYTES);
    if (sample2.length === 0) return 0;
    let bad2 = 0;
    for (let i2 = 0; i2 < sample2.length; i2++) {
      const code = sample2.charCodeAt(i2);
      if (code === 65533 || isControl(code)) bad2++;
    }
    return bad2 / sample2.length;
  }
  const sample = content.subarray(0, SNIFF_BYTES);
  const truncated = content.length > sample.length;
  if (sample.length === 0) return 0;
  let bad = 0;
  let i = 0;
  while (i < sample.length) {
    const byte = sample[i] ?? 0;
    if (byte < 128) {
      if (isControl(byte)) bad++;
      i++;
      continue;
    }
    const continuation = byte >= 194 && byte <= 223 ? 1 : byte >= 224 && byte <= 239 ? 2 : byte >= 240 && byte <= 244 ? 3 : 0;
    if (continuation === 0) {
      bad++;
      i++;
      continue;
    }
    if (truncated && i + continuation >= sample.length) break;
    let valid = true;
    for (let k = 1; k <= continuation; k++) {
      const next = sample[i + k];
      if (next === void 0 || next < 128 || next > 191) valid = false;
    }
    if (valid) {
      i += continuation + 1;
    } else {
      bad++;
      i++;
    }
  }
  return bad / sample.length;
}
function looksLikeMarkdown(text3) {
  if (text3.startsWith("#!")) return false;
  let headings = 0;
  let inFence = false;
  let previousBlank = true;
  for (const line of text3.split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && previousBlank && MARKDOWN_HEADING.test(line)) {
      headings++;
    }
    previousBlank = line.trim() === "";
  }
  if (headings === 0) return false;
  const signals = MARKDOWN_SIGNALS.filter((signal) => signal.test(text3)).length;
  return headings >= 2 || signals >= 1;
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
function utf8ByteLength(text3) {
  let bytes = text3.length;
  NON_ASCII_RUN.lastIndex = 0;
  for (let match = NON_ASCII_RUN.exec(text3); match !== null; match = NON_ASCII_RUN.exec(text3)) {
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

// src/shrink/_text.ts
var VIEW_LINE_CHARS = 300;
function splitLines(text3) {
  const lines = text3.split("\n");
  if (!text3.includes("\r")) {
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    return lines;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}
function clipper(scrub) {
  return (line, max = VIEW_LINE_CHARS) => {
    if (line.length <= max) return line;
    return `${scrub(line.slice(0, max + 4096)).slice(0, max)}\u2026`;
  };
}
function countList(counts, limit) {
  const sorted = [
    ...counts
  ].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = sorted.slice(0, limit).map(([name, n]) => `${name} ${commas(n)}`);
  const more = sorted.length - shown.length;
  return more > 0 ? `${shown.join(", ")}, \u2026 ${commas(more)} more` : shown.join(", ");
}
function commas(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
function counted(n, noun, plural = `${noun}s`) {
  return `${commas(n)} ${n === 1 ? noun : plural}`;
}
function bump(counts, key, by = 1) {
  counts.set(key, (counts.get(key) ?? 0) + by);
}
function shortHash(text3) {
  let hash = 2166136261;
  for (let i = 0; i < text3.length; i++) {
    hash ^= text3.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0).toString(36);
}

// src/shrink/_data_view.ts
var YAML_LINE = /^(\s*)(?:- )?([\w.\/-]+):(?:\s+(.*))?$/;
var YAML_KEYS = /* @__PURE__ */ new Set([
  "name",
  "kind",
  "id",
  "key",
  "type",
  "status",
  "phase",
  "reason",
  "state",
  "image",
  "namespace",
  "version"
]);
function looksLikeYaml(lines) {
  let seen = 0;
  let yaml = 0;
  let nested = 0;
  const keys = /* @__PURE__ */ new Map();
  for (const line of lines.slice(0, 300)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    seen++;
    const key = line.match(YAML_LINE)?.[2];
    if (key) bump(keys, key);
    if (key || /^\s*- \S/.test(line) || trimmed === "---") yaml++;
    if (/^\s/.test(line)) nested++;
  }
  const commonest = Math.max(0, ...keys.values());
  return seen >= 10 && yaml >= seen * 0.8 && nested >= seen * 0.2 && keys.size >= 4 && commonest < yaml * 0.5 && YAML_LINE.test(lines.find((line) => line.trim() !== "" && !line.startsWith("#")) ?? "");
}
function yamlView(input) {
  const { lines, clip: clip2 } = input;
  const topKeys = [];
  const listLengths = /* @__PURE__ */ new Map();
  const values = /* @__PURE__ */ new Map();
  let documents = 1;
  let topKey = "";
  let topItemIndent = -1;
  const items = [];
  for (const [index, line] of lines.entries()) {
    if (line === "---") {
      documents++;
      continue;
    }
    const match = line.match(YAML_LINE);
    const indent2 = line.length - line.trimStart().length;
    if (indent2 === 0 && match && !line.startsWith("- ")) {
      topKey = match[2];
      if (!topKeys.includes(topKey)) topKeys.push(topKey);
      topItemIndent = -1;
    } else if (line.trimStart().startsWith("- ") && topKey) {
      if (topItemIndent === -1) topItemIndent = indent2;
      if (indent2 === topItemIndent) {
        bump(listLengths, topKey);
        items.push({
          key: topKey,
          start: index,
          name: ""
        });
      }
    }
    const item = items.at(-1);
    if (item && !item.name && match?.[2] === "name" && match[3]) {
      item.name = match[3].replace(/^["']|["']$/g, "");
    }
    if (!match || !YAML_KEYS.has(match[2])) continue;
    const value = (match[3] ?? "").replace(/^["']|["']$/g, "").trim();
    if (value === "" || value.length > 120) continue;
    let counts = values.get(match[2]);
    if (!counts) values.set(match[2], counts = /* @__PURE__ */ new Map());
    bump(counts, value);
  }
  const body = [
    `YAML, ${counted(documents, "document")}, ${counted(lines.length, "line")}; top-level keys: ${topKeys.slice(0, 30).join(", ")}`
  ];
  for (const [key, length] of listLengths) {
    body.push(`  ${key}: ${counted(length, "item")}`);
  }
  if (values.size > 0) body.push("Values of identifying keys (count):");
  for (const [key, counts] of values) {
    body.push(`  ${key}: ${clip2(countList(counts, 12), 700)}`);
  }
  body.push("First lines:", ...lines.slice(0, 12).map((line) => `  ${clip2(line)}`));
  const lists = [
    ...listLengths
  ].map(([key, n]) => `${key} ${commas(n)}`);
  const sections = items.map((item, n) => {
    const end = items[n + 1]?.start ?? lines.length;
    return `## ${item.key}[${n}] ${item.name}

\`\`\`yaml
${lines.slice(item.start, end).join("\n")}
\`\`\``;
  });
  return {
    format: "yaml",
    body,
    ...items.length > 1 ? {
      indexText: [
        `# YAML

\`\`\`yaml
${lines.slice(0, items[0].start).join("\n")}
\`\`\``,
        ...sections
      ].join("\n\n"),
      indexKind: "markdown"
    } : {},
    summary: `YAML ${lists.length > 0 ? `(${lists.join(", ")})` : ""}`.trim()
  };
}

// src/shrink/_json_view.ts
var MAX_OUTLINE_LINES = 40;
var OUTLINE_DEPTH = 3;
var MAX_ITEM_LINES = 40;
var ID_KEYS = [
  "number",
  "key",
  "id",
  "uuid",
  "sha",
  "slug",
  "name",
  "login",
  "path"
];
var LABEL_KEYS = [
  "title",
  "summary",
  "name",
  "subject",
  "message",
  "path",
  "url"
];
var STATE_KEYS = /* @__PURE__ */ new Set([
  "status",
  "state",
  "phase",
  "reason",
  "conclusion",
  "result",
  "outcome",
  "severity",
  "health",
  "ready",
  "level",
  "error"
]);
var MAX_SCANNED_ITEMS = 5e3;
var RARE_ITEMS = 3;
var MAX_FIELD_VALUES = 8;
var MAX_LEAVES = 400;
var MAX_DEPTH = 7;
var MAX_FIELDS = 10;
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function typeOf(value) {
  if (Array.isArray(value)) return `array(${commas(value.length)})`;
  if (isRecord(value)) return `object(${Object.keys(value).length} keys)`;
  return value === null ? "null" : typeof value;
}
function outline(value, depth, indent2, out) {
  if (out.length >= MAX_OUTLINE_LINES || depth > OUTLINE_DEPTH) return;
  if (Array.isArray(value)) {
    const first = value.find((item) => item !== null);
    if (isRecord(first)) {
      out.push(`${indent2}[items: ${typeOf(first)}]`);
      outline(first, depth + 1, `${indent2}  `, out);
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (out.length >= MAX_OUTLINE_LINES) {
      out.push(`${indent2}\u2026`);
      return;
    }
    out.push(`${indent2}${key}: ${typeOf(item)}`);
    if (typeof item === "object" && item !== null) {
      outline(item, depth + 1, `${indent2}  `, out);
    }
  }
}
function mainCollection(value) {
  let best;
  const queue = [
    [
      value,
      "$",
      0
    ]
  ];
  while (queue.length > 0) {
    const [node, path, depth] = queue.shift();
    if (Array.isArray(node)) {
      if (!best || node.length > best.items.length) {
        best = {
          path,
          items: node
        };
      }
      if (node.length <= FEW_ITEMS && depth < 4) {
        for (const [index, item] of node.entries()) {
          if (isRecord(item)) {
            queue.push([
              item,
              `${path}[${index}]`,
              depth + 1
            ]);
          }
        }
      }
      continue;
    }
    if (!isRecord(node) || depth >= 4) continue;
    const values = Object.values(node);
    if (values.length >= 5 && values.every(isRecord)) {
      if (!best || values.length > best.items.length) {
        best = {
          path,
          items: values,
          keys: Object.keys(node)
        };
      }
    }
    for (const [key, item] of Object.entries(node)) {
      queue.push([
        item,
        `${path}.${key}`,
        depth + 1
      ]);
    }
  }
  return best;
}
function leaves(item) {
  const out = /* @__PURE__ */ new Map();
  let count = 0;
  const walk = (node, path, depth) => {
    if (count >= MAX_LEAVES || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const child of node.slice(0, 20)) {
        walk(child, `${path}[]`, depth + 1);
      }
      return;
    }
    if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        walk(child, path ? `${path}.${key}` : key, depth + 1);
      }
      return;
    }
    if (node === null || node === void 0) return;
    count++;
    const values = out.get(path) ?? [];
    values.push(String(node));
    out.set(path, values);
  };
  walk(item, "", 0);
  return out;
}
var segments = (path) => path.replace(/\[\]/g, "").split(".");
var leafKey = (path) => segments(path).at(-1).replace(/^[_$]+/, "");
function pickPath(flat, keys, except, compound) {
  const sample = flat.slice(0, 20);
  const candidates = /* @__PURE__ */ new Map();
  for (const item of sample) {
    for (const path of item.keys()) {
      if (path !== except && segments(path).length <= 2) bump(candidates, path);
    }
  }
  const held = [
    ...candidates
  ].filter(([, n]) => n >= sample.length * 0.8);
  for (const key of keys) {
    const found = held.map(([path]) => path).filter((path) => leafKey(path) === key).sort((a, b) => segments(a).length - segments(b).length)[0];
    if (found) return found;
  }
  return compound ? held.map(([path]) => path).find((path) => compound.test(leafKey(path))) : void 0;
}
var COMPOUND_ID = /^[a-z]\w*?(?:Id|ID|No|Number|Key|Ref|_id|_no|_number|_key|_ref)$/;
function statePath(flat) {
  const distinct = /* @__PURE__ */ new Map();
  for (const item of flat.slice(0, MAX_SCANNED_ITEMS)) {
    for (const [path, values] of item) {
      const parts = segments(path);
      const leaf = parts.at(-1);
      const named = leaf === "name" && parts.length >= 2 && STATE_KEYS.has(parts.at(-2));
      if (!STATE_KEYS.has(leaf) && !named) continue;
      const set = distinct.get(path) ?? /* @__PURE__ */ new Set();
      for (const value of values) set.add(value);
      distinct.set(path, set);
    }
  }
  const fit = [
    ...distinct
  ].filter(([, set]) => set.size <= MAX_FIELD_VALUES).map(([path]) => path);
  return fit.find((path) => STATE_KEYS.has(segments(path).at(-1))) ?? fit[0];
}
function jsonView(value, input) {
  const { clip: clip2 } = input;
  const collection = mainCollection(value);
  const shape = [];
  outline(value, 0, "  ", shape);
  if (!collection || collection.items.length === 0) {
    const body2 = [
      `JSON ${typeOf(value)}; shape:`,
      ...shape
    ];
    if (isRecord(value)) {
      body2.push(`Opening: ${clip2(JSON.stringify(value) ?? "", 600)}`);
    }
    return {
      format: "json",
      body: body2,
      summary: `JSON ${typeOf(value)}`,
      indexKind: "json"
    };
  }
  const { items, path } = collection;
  const records = items.map((item) => Array.isArray(item) ? Object.fromEntries(item.map((cell, column) => [
    `[${column}]`,
    cell
  ])) : item).filter(isRecord);
  const flat = records.slice(0, MAX_SCANNED_ITEMS).map(leaves);
  const idPath = collection.keys ? void 0 : pickPath(flat, ID_KEYS, void 0, COMPOUND_ID);
  const labelPath = pickPath(flat, LABEL_KEYS, idPath);
  const state = statePath(flat);
  const first = (item, at) => at === void 0 ? void 0 : item?.get(at)?.[0];
  const name = (index) => clip2(collection.keys?.[items.indexOf(records[index])] ?? first(flat[index], idPath) ?? `#${index}`, 40);
  const body = [
    `JSON ${typeOf(value)}; ${path}: ${counted(items.length, "item")}`
  ];
  const beside = scalarsBeside(value, path);
  if (beside.length > 0) {
    body.push(`Beside them: ${clip2(beside.join(", "), 400)}`);
  }
  const described = (index) => {
    const label = first(flat[index], labelPath);
    return label === void 0 || label === name(index) ? name(index) : `${name(index)} ${clip2(label, 80)}`;
  };
  body.push(...standingOut(flat, name, described, clip2));
  const fields2 = [
    idPath ?? (collection.keys ? "key" : void 0),
    state,
    labelPath
  ].filter((field) => field !== void 0);
  if (idPath || collection.keys || labelPath) {
    body.push(`Items (${[
      ...new Set(fields2)
    ].join(", ")}):`);
    for (const [index] of flat.slice(0, MAX_ITEM_LINES).entries()) {
      const stateValue = state && state !== labelPath ? first(flat[index], state) : void 0;
      const label = first(flat[index], labelPath);
      body.push(`  ${name(index)}${stateValue ? ` [${clip2(stateValue, 30)}]` : ""}${label !== void 0 && label !== name(index) ? ` ${clip2(label, 120)}` : ""}`);
    }
    if (records.length > MAX_ITEM_LINES) {
      body.push(`  \u2026 ${counted(records.length - MAX_ITEM_LINES, "more item")} (all indexed)`);
    }
  }
  body.push("Shape:", ...shape);
  body.push("First item:", `  ${clip2(JSON.stringify(items[0]) ?? "", 400)}`);
  return {
    format: "json",
    body,
    summary: `${path} with ${counted(items.length, "item")}`,
    indexKind: "json"
  };
}
var FEW_ITEMS = 3;
var MAX_BESIDE = 10;
function scalarsBeside(value, collection) {
  const found = [];
  const show = (node2) => typeof node2 === "string" ? node2.length <= 60 ? JSON.stringify(node2) : void 0 : typeof node2 === "number" || typeof node2 === "boolean" || node2 === null ? String(node2) : void 0;
  const onTheWay = (path2) => collection === path2 || collection.startsWith(`${path2}.`) || collection.startsWith(`${path2}[`);
  let node = value;
  let path = "$";
  while (found.length < MAX_BESIDE) {
    const index = Array.isArray(node) ? /^\[(\d+)\]/.exec(collection.slice(path.length))?.[1] : void 0;
    if (index !== void 0) {
      node = node[Number(index)];
      path = `${path}[${index}]`;
      continue;
    }
    if (!isRecord(node)) break;
    let next;
    for (const [key, item] of Object.entries(node)) {
      const at = `${path}.${key}`;
      if (onTheWay(at)) {
        if (at !== collection) next = [
          item,
          at
        ];
        continue;
      }
      const shown = show(item);
      if (shown !== void 0) found.push(`${at.slice(2)}: ${shown}`);
      else if (isRecord(item)) {
        for (const [inner, leaf] of Object.entries(item)) {
          const leafShown = show(leaf);
          if (leafShown !== void 0) {
            found.push(`${at.slice(2)}.${inner}: ${leafShown}`);
          }
        }
      }
    }
    if (!next) break;
    [node, path] = next;
  }
  return found.slice(0, MAX_BESIDE);
}
function standingOut(flat, name, described, clip2) {
  if (flat.length < 2 * RARE_ITEMS + 1) return [];
  const holders = /* @__PURE__ */ new Map();
  const values = /* @__PURE__ */ new Map();
  for (const item of flat) {
    for (const [path, list] of item) {
      bump(holders, path);
      const counts = values.get(path) ?? /* @__PURE__ */ new Map();
      for (const value of new Set(list)) {
        if (value.length <= 40 && counts.size <= MAX_FIELD_VALUES) {
          bump(counts, value);
        }
      }
      values.set(path, counts);
    }
  }
  const fields2 = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [path, counts] of values) {
    const held = holders.get(path);
    if (held * 2 <= flat.length) continue;
    if (counts.size < 2 || counts.size > MAX_FIELD_VALUES) continue;
    const said = countList(counts, MAX_FIELD_VALUES);
    if (seen.has(said)) continue;
    seen.add(said);
    const lines = [
      `  ${path}: ${said}`
    ];
    let rare = false;
    for (const [value, count] of counts) {
      if (count > RARE_ITEMS) continue;
      rare = true;
      const indexes = flat.flatMap((item, index) => item.get(path)?.includes(value) ? [
        index
      ] : []);
      const who = indexes.map(indexes.length === 1 ? described : name);
      lines.push(`    ${clip2(value, 40)}: ${who.join(", ")}`);
    }
    const leaf = segments(path).at(-1);
    const stateful = segments(path).some((part) => STATE_KEYS.has(part));
    fields2.push({
      rank: (rare ? 0 : 2) + (stateful || STATE_KEYS.has(leaf) ? 0 : 1),
      lines
    });
  }
  for (const [path, count] of holders) {
    if (count > RARE_ITEMS || count * 2 > flat.length) continue;
    const lines = [
      `  ${path} (in ${count} of ${commas(flat.length)} items):`
    ];
    flat.forEach((item, index) => {
      const list = item.get(path);
      if (list) lines.push(`    ${name(index)}: ${clip2(list.join(", "), 200)}`);
    });
    const stateful = segments(path).some((part) => STATE_KEYS.has(part));
    fields2.push({
      rank: stateful ? 0 : 1,
      lines
    });
  }
  if (fields2.length === 0) return [];
  const shown = fields2.map((field, order) => ({
    ...field,
    order
  })).sort((a, b) => a.rank - b.rank || a.order - b.order).slice(0, MAX_FIELDS);
  return [
    "Items that stand out:",
    ...shown.flatMap((field) => field.lines)
  ];
}

// src/shrink/_git_log_view.ts
var COMMIT = /^commit ([0-9a-f]{7,64})\b/;
var STAT = /^ (\S.*?)\s+\|\s+(?:\d+|Bin)/;
var NUMSTAT = /^(?:\d+|-)\t(?:\d+|-)\t(.+)$/;
var NEWEST = 12;
function looksLikeGitLog(lines) {
  const first = lines.find((line) => line.trim() !== "") ?? "";
  return COMMIT.test(first);
}
function gitLogView(input) {
  const { lines, clip: clip2 } = input;
  const commits = [];
  const authors = /* @__PURE__ */ new Map();
  const changed = /* @__PURE__ */ new Map();
  let current;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const hash = line.match(COMMIT)?.[1];
    if (hash) {
      current = {
        hash,
        author: "",
        date: "",
        subject: "",
        files: 0,
        start: i
      };
      commits.push(current);
      continue;
    }
    if (!current) continue;
    if (line.startsWith("Author: ")) {
      current.author = line.slice(8).replace(/\s*<[^>]*>\s*$/, "").trim();
      bump(authors, current.author);
    } else if (line.startsWith("Date: ")) current.date = line.slice(6).trim();
    else if (!current.subject && line.startsWith("    ")) {
      current.subject = line.trim();
    } else {
      const file = line.match(STAT)?.[1] ?? line.match(NUMSTAT)?.[1];
      if (file) {
        current.files++;
        bump(changed, file.trim());
      }
    }
  }
  const newest = commits[0];
  const oldest = commits.at(-1);
  const body = [
    `git log: ${counted(commits.length, "commit")}${oldest && newest ? `, from ${oldest.date} to ${newest.date}` : ""}`,
    `Authors: ${clip2(countList(authors, 10), 800)}`
  ];
  if (changed.size > 0) {
    body.push(`Files changed most: ${clip2(countList(changed, 12), 1e3)}`);
  }
  body.push("Newest commits:");
  for (const commit of commits.slice(0, NEWEST)) {
    body.push(`  ${commit.hash.slice(0, 12)} ${clip2(commit.date, 40)} ${clip2(commit.subject, 120)}${commit.files > 0 ? ` (${counted(commit.files, "file")})` : ""}`);
  }
  if (oldest && commits.length > NEWEST) {
    body.push(`Oldest: ${oldest.hash.slice(0, 12)} ${clip2(oldest.date, 40)} ${clip2(oldest.subject, 120)}`);
  }
  const sections = commits.map((commit, n) => {
    const end = commits[n + 1]?.start ?? lines.length;
    return `## commit ${commit.hash} ${commit.subject}

${lines.slice(commit.start, end).join("\n")}`;
  });
  return {
    format: "git-log",
    body,
    summary: `${counted(commits.length, "commit")}${newest ? `, newest ${newest.hash.slice(0, 10)} ${clip2(newest.subject, 60)}` : ""}`,
    indexText: sections.join("\n\n"),
    indexKind: "markdown"
  };
}

// src/shrink/_listing_view.ts
var PATH = /^(?:\.{0,2}\/|~\/|[\w@+-])[^\t\0]*$/;
var GREP = /^((?:\.{0,2}\/|[\w@+~-])[^:\t\0]*?):(\d+:)?(.*)$/;
var LS_LONG = /^[-dlcbps][rwxsStT-]{9}[.+@]?\s+\d+\s+\S+\s+\S+\s+([\d,]+)\s+\S+\s+\S+\s+\S+\s+(.+)$/;
var TAR_LONG = /^[-dlhcbps][rwxsStT-]{9}\s+\S+\/\S+\s+([\d,]+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(.+)$/;
var SIZE_DATE_ROW = /^\s*(\d[\d,]*)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(\S.*)$/;
var DATE_SIZE_ROW = /^\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(\d[\d,]*)\s+((?=\S*[./])\S+)$/;
function longRow(line) {
  const match = line.match(LS_LONG) ?? line.match(TAR_LONG) ?? line.match(SIZE_DATE_ROW) ?? line.match(DATE_SIZE_ROW);
  return match ? {
    size: Number(match[1].replaceAll(",", "")),
    name: match[2]
  } : void 0;
}
var FIRST_ENTRIES = 12;
var NOTE = /^[A-Za-z]+:? (?![^/\s]*\/$)|^[-=\s]+$|^\d[\d,]*\s+(?:\d[\d,]*\s+)?[a-z]+$/;
var NOTES_EACH_END = 4;
var SIZED = /^(\d+(?:[.,]\d+)?[KMGTPE]?)\t(\S.*)$/;
var LARGEST = 8;
var UNITS = {
  K: 1,
  M: 2,
  G: 3,
  T: 4,
  P: 5,
  E: 6
};
function listingShape(lines) {
  let seen = 0;
  let grep = 0;
  let paths = 0;
  let sized = 0;
  for (const line of lines.slice(0, 400)) {
    if (line.trim() === "") continue;
    seen++;
    if (SIZED.test(line)) sized++;
    const match = line.match(GREP);
    if (match && match[2] && /[./]/.test(match[1])) grep++;
    else if (longRow(line) !== void 0 || /^\S.*:$/.test(line) || PATH.test(line) && line.includes("/") && !/\s/.test(line)) paths++;
  }
  if (seen < 20) return void 0;
  if (sized >= seen * 0.9) return "sizes";
  if (grep >= seen * 0.8) return "grep";
  if (paths + grep >= seen * 0.85) return "paths";
  return void 0;
}
function folderOf(path, depth) {
  const parts = path.replace(/^\.\//, "").split("/");
  if (parts.length <= depth) {
    return parts.length > 1 ? `${parts.slice(0, -1).join("/")}/` : "./";
  }
  return `${parts.slice(0, depth).join("/")}/`;
}
function extensionOf(path) {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "(none)";
}
function listingView(input, shape) {
  if (shape === "sizes") return sizesView(input);
  const { lines, clip: clip2 } = input;
  const top = /* @__PURE__ */ new Map();
  const second = /* @__PURE__ */ new Map();
  const extensions = /* @__PURE__ */ new Map();
  const files = /* @__PURE__ */ new Map();
  const first = [];
  const notes = [];
  const largest = [];
  let entries = 0;
  let folders = 0;
  let folder = "";
  for (const line of lines) {
    if (line.trim() === "") continue;
    let path;
    if (shape === "grep") {
      const match = line.match(GREP);
      if (!match) continue;
      path = match[1];
      bump(files, path);
    } else {
      const long = longRow(line);
      if (/^\S.*:$/.test(line) && !long) {
        folder = line.slice(0, -1);
        continue;
      }
      const name = long ? long.name : line.trim();
      if (/^total \d+$/.test(name)) continue;
      if (!long && NOTE.test(name)) {
        notes.push(line.trim());
        continue;
      }
      path = folder ? `${folder}/${name}` : name;
      if (path.endsWith("/") || long && line.startsWith("d")) folders++;
      else if (long) keepLargest(largest, {
        size: long.size,
        path
      });
    }
    entries++;
    if (first.length < FIRST_ENTRIES) first.push(line);
    bump(top, folderOf(path, 1));
    bump(second, folderOf(path, 2));
    bump(extensions, extensionOf(path));
  }
  const noun = shape === "grep" ? "match" : "entry";
  const body = [
    `Listing of ${counted(entries, noun, shape === "grep" ? "matches" : "entries")}${shape === "grep" ? ` in ${counted(files.size, "file")}` : ""}${folders > 0 ? ` (${counted(entries - folders, "file")}, ${counted(folders, "folder")})` : ""}`
  ];
  if (notes.length > 0) {
    const shown = notes.length <= 2 * NOTES_EACH_END ? notes : [
      ...notes.slice(0, NOTES_EACH_END),
      `\u2026 ${commas(notes.length - 2 * NOTES_EACH_END)} more`,
      ...notes.slice(-NOTES_EACH_END)
    ];
    body.push(`Other lines (${commas(notes.length)}):`, ...shown.map((line) => `  ${clip2(line)}`));
  }
  if (shape === "grep") {
    body.push(`Matches per file: ${clip2(countList(files, 15), 1200)}`);
  }
  body.push(`Per folder: ${clip2(countList(top, 15), 900)}`, `Two levels down: ${clip2(countList(second, 20), 1200)}`, `Per extension: ${clip2(countList(extensions, 15), 600)}`, ...largest.length > 0 ? [
    `Largest files: ${clip2(largest.map((e) => `${e.path} ${commas(e.size)}`).join(", "), 900)}`
  ] : [], `First ${noun === "match" ? "matches" : "entries"}:`, ...first.map((line) => `  ${clip2(line)}`));
  return {
    format: "listing",
    body,
    summary: `${counted(entries, noun, shape === "grep" ? "matches" : "entries")}${shape === "grep" ? ` in ${commas(files.size)} files` : ""}`
  };
}
function keepLargest(kept, file) {
  if (kept.length >= LARGEST && file.size <= kept.at(-1).size) return;
  kept.push(file);
  kept.sort((a, b) => b.size - a.size);
  if (kept.length > LARGEST) kept.pop();
}
function sizeOf(text3) {
  const unit = UNITS[text3.at(-1)];
  const n = Number.parseFloat(text3.replace(",", "."));
  return unit === void 0 ? n : n * 1024 ** unit;
}
function sizesView(input) {
  const { lines, clip: clip2 } = input;
  const entries = [];
  const parents = /* @__PURE__ */ new Set();
  for (const line of lines) {
    const match = line.match(SIZED);
    if (!match) continue;
    const path = match[2].replace(/\/+$/, "");
    entries.push({
      size: sizeOf(match[1]),
      text: match[1],
      path
    });
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      parents.add(parts.slice(0, i).join("/"));
    }
  }
  const depth = (path) => path.replace(/^\.\//, "").split("/").length;
  const largest = (list) => [
    ...list
  ].sort((a, b) => b.size - a.size).slice(0, LARGEST).map((e) => `${e.path} ${e.text}`).join(", ");
  const total = entries.find((e) => e.path === "." || e.path === "") ?? [
    ...entries
  ].sort((a, b) => b.size - a.size)[0];
  const topDepth = Math.min(...entries.filter((e) => e !== total).map((e) => depth(e.path)));
  const top = entries.filter((e) => e !== total && depth(e.path) === topDepth);
  const files = entries.filter((e) => !parents.has(e.path));
  const extensions = /* @__PURE__ */ new Map();
  for (const file of files) bump(extensions, extensionOf(file.path));
  const body = [
    `Sizes of ${counted(entries.length, "entry", "entries")} (${counted(files.length, "file")})${total ? `; total ${total.text} (${total.path})` : ""}`,
    `Largest at the top: ${clip2(largest(top), 900)}`,
    `Largest files: ${clip2(largest(files), 900)}`,
    `Files per extension: ${clip2(countList(extensions, 12), 600)}`
  ];
  return {
    format: "listing",
    body,
    summary: `${counted(entries.length, "entry", "entries")}${total ? `, ${total.text} in all` : ""}`
  };
}

// src/shrink/_log_view.ts
var LEVEL = /\b(TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|CRIT(?:ICAL)?|FATAL|ALERT|EMERG|SEVERE|PANIC)\b|\blevel"?\s*[=:]\s*"?(trace|debug|info|notice|warn(?:ing)?|error|err|critical|fatal|panic)\b/i;
var BRACKET_LEVEL = /\[(?:\w+:)?(trace\d?|debug|info|notice|warn(?:ing)?|error|err|crit(?:ical)?|fatal|alert|emerg|panic)\]/i;
var UPPER_LEVEL = /\b(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|CRIT(?:ICAL)?|FATAL|ALERT|EMERG|SEVERE|PANIC)\b|\blevel"?\s*[=:]/;
var ACCESS = /^\S+ \S+ \S+ \[[^\]]+\] "[^"]*" (\d)\d\d /;
var ACCESS_REQUEST = /^\S+ \S+ \S+ \[[^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) /;
var TIMESTAMP = /\d{4}([-\/])\d{2}\1\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?|\b[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}\b|\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?/;
var CONTEXT_PAIRS = /(?:,\s+[a-z_]+: (?:"[^"]*"|[^,\s]+))+\s*$/i;
var CANONICAL = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO",
  notice: "INFO",
  warn: "WARN",
  warning: "WARN",
  error: "ERROR",
  err: "ERROR",
  severe: "ERROR",
  critical: "FATAL",
  crit: "FATAL",
  fatal: "FATAL",
  alert: "FATAL",
  emerg: "FATAL",
  panic: "FATAL"
};
var ERROR_WORDS = /(?<![\w\/.-])(?:fail(?:ed|ure|s)?|killed|out of memory|oom-kill|segfault|panic(?:ked)?|fatal|error|denied|refused|timed out|exception|crash(?:ed)?|abort(?:ed)?)(?![\w\/-])/i;
var MAX_ERROR_GROUPS = 60;
var MAX_WARNING_GROUPS = 15;
function logLevel(line) {
  const head = line.length > 160 ? line.slice(0, 160) : line;
  const access = head.match(ACCESS);
  if (access) {
    return access[1] === "5" ? "ERROR" : access[1] === "4" ? "WARN" : "INFO";
  }
  const bracketed = head.match(BRACKET_LEVEL);
  if (bracketed) {
    return CANONICAL[bracketed[1].toLowerCase().replace(/\d$/, "")];
  }
  if (!UPPER_LEVEL.test(head)) return void 0;
  const match = head.match(LEVEL);
  if (!match) return void 0;
  const word = (match[1] ?? match[2] ?? "").toLowerCase();
  return CANONICAL[word];
}
function looksLikeLog(lines) {
  let seen = 0;
  let logged = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    if (++seen > 200) break;
    if (logLevel(line) || TIMESTAMP.test(line.slice(0, 40))) logged++;
  }
  return seen >= 20 && logged >= seen * 0.6;
}
function messageTemplate(line) {
  return line.replace(TIMESTAMP, "").replace(CONTEXT_PAIRS, "").replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>").replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi, "<hex>").replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}
var CLOSING_LOOKBACK = 12;
function closingLines(lines) {
  const tail = lines.slice(-CLOSING_LOOKBACK);
  const first = tail.findIndex((line, i) => i < tail.length - 3 && line.trim() !== "" && !TIMESTAMP.test(line.slice(0, 40)) && logLevel(line) === void 0);
  return first === -1 ? lines.slice(-3) : tail.slice(first);
}
function logView(input) {
  const { lines, clip: clip2 } = input;
  const levels = /* @__PURE__ */ new Map();
  const errors = /* @__PURE__ */ new Map();
  const warnings = /* @__PURE__ */ new Map();
  let continuation = 0;
  let afterError = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const level = logLevel(line) ?? (line.length <= 2e3 && ERROR_WORDS.test(line) ? "ERROR" : void 0);
    if (level === void 0) {
      if (TIMESTAMP.test(line.slice(0, 40))) afterError = false;
      else if (afterError && line.trim() !== "") continuation++;
      continue;
    }
    bump(levels, level);
    afterError = level === "ERROR" || level === "FATAL";
    const groups = afterError ? errors : level === "WARN" ? warnings : null;
    if (!groups) continue;
    const request = line.length <= 2e3 ? line.match(ACCESS_REQUEST) : null;
    const key = request ? `${level} ${request[1]} ${request[2].split("?")[0].replace(/\d+/g, "#")} ${request[3]}` : `${level} ${messageTemplate(line)}`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.last = i;
    } else {
      const example = request ? `${request[1]} ${request[2]} \u2192 ${request[3]}` : withoutLeadingTimestamp(line);
      groups.set(key, {
        first: i,
        last: i,
        example,
        count: 1
      });
    }
  }
  const first = firstTimestamp(lines);
  const last = firstTimestamp([
    ...lines.slice(-50)
  ].reverse());
  const body = [
    `Log of ${counted(lines.length, "line")}${first ? `, from ${first}${last && last !== first ? ` to ${last}` : ""}` : ""}`,
    `Lines per level: ${countList(levels, 8) || "none found"}`
  ];
  const section = (title, groups, max) => {
    if (groups.size === 0) return;
    const sorted = [
      ...groups.values()
    ].sort((a, b) => b.count - a.count || a.first - b.first);
    const shown = sorted.slice(0, max);
    body.push(`${title} (${counted(groups.size, "distinct message")}):`);
    for (const group of shown) {
      const where = group.count > 1 ? `\xD7${commas(group.count)}, lines ${group.first + 1}\u2013${group.last + 1}` : `line ${group.first + 1}`;
      body.push(`  [${where}] ${clip2(group.example)}`);
    }
    if (sorted.length > shown.length) {
      body.push(`  \u2026 ${counted(sorted.length - shown.length, "more distinct message")} (all indexed)`);
    }
  };
  section("Errors", errors, MAX_ERROR_GROUPS);
  if (continuation > 0) {
    body.push(`  (${counted(continuation, "line")} of stack traces or wrapped text under errors, indexed)`);
  }
  section("Warnings", warnings, MAX_WARNING_GROUPS);
  body.push("First lines:", ...lines.slice(0, 3).map((line) => `  ${clip2(line)}`));
  const closing = closingLines(lines);
  body.push(closing.length > 3 ? "Closing lines:" : "Last lines:", ...closing.map((line) => `  ${clip2(line)}`));
  const errorCount = (levels.get("ERROR") ?? 0) + (levels.get("FATAL") ?? 0);
  const top = [
    ...errors.values()
  ].sort((a, b) => b.count - a.count).slice(0, 3).map((group) => clip2(messageTemplate(group.example), 80));
  return {
    format: "log",
    body,
    summary: errorCount > 0 ? `${counted(errorCount, "error")} (${counted(errors.size, "distinct message")}): ${top.join("; ")}` : `${counted(lines.length, "log line")}, no errors`
  };
}
function withoutLeadingTimestamp(line) {
  const match = line.slice(0, 40).match(TIMESTAMP);
  if (!match || match.index > 1) return line;
  return line.slice(match.index + match[0].length).replace(/^[\s\]|,:-]+/, "");
}
function firstTimestamp(lines) {
  for (const line of lines.slice(0, 50)) {
    const match = line.slice(0, 80).match(TIMESTAMP);
    if (match) return match[0];
  }
  return void 0;
}

// src/store/outline.ts
var ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
var FENCE2 = /^ {0,3}(`{3,}|~{3,})/;
var MAX_HEADING_CHARS = 120;
var encoder2 = new TextEncoder();
function markdownHeadings(markdown) {
  const headings = [];
  let fence;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = line.match(FENCE2);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === void 0) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) {
        fence = void 0;
      }
      continue;
    }
    if (fence !== void 0) continue;
    const match = line.match(ATX);
    if (!match?.[1]) continue;
    const text3 = stripInline(match[2] ?? "");
    if (text3) headings.push({
      level: match[1].length,
      text: text3
    });
  }
  return headings;
}
function formatOutline(headings, limits = {}) {
  const stack = [];
  const lines = headings.map(({ level, text: text3 }) => {
    while (stack.length > 0 && (stack.at(-1) ?? 0) >= level) stack.pop();
    const line = `${"  ".repeat(stack.length)}- ${text3}`;
    stack.push(level);
    return line;
  });
  return capLines(lines, "headings", limits);
}
function capLines(lines, noun, limits) {
  const maxLines = Math.max(1, limits.maxLines ?? 40);
  const maxBytes = Math.max(64, limits.maxBytes ?? 2048);
  const kept = [];
  let bytes = 0;
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index;
    const size = encoder2.encode(line).length + 1;
    const reserve = left > 1 ? 1 : 0;
    if (kept.length + 1 + reserve > maxLines) break;
    if (bytes + size + reserve * 40 > maxBytes) break;
    kept.push(line);
    bytes += size;
  }
  const dropped = lines.length - kept.length;
  if (dropped > 0) kept.push(`\u2026 ${dropped} more ${noun}`);
  return kept.join("\n");
}
function stripInline(text3) {
  const plain = text3.replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`+([^`]*)`+/g, "$1").replace(/(\*\*|__)(.+?)\1/g, "$2").replace(/(?<![\w*])([*_])(.+?)\1(?![\w*])/g, "$2").replace(/<[^>]+>/g, "").replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1").replace(/\s+/g, " ").trim();
  return plain.length > MAX_HEADING_CHARS ? `${plain.slice(0, MAX_HEADING_CHARS - 1)}\u2026` : plain;
}

// src/shrink/_page_view.ts
var OPENING_CHARS = 700;
var PERMALINK = /^(?:[#¶§🔗]|permalink)?$/i;
var OUTLINE_HEADINGS = 40;
var MAX_DEFINITIONS = 40;
var ENTITIES = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "\u2014",
  ndash: "\u2013",
  hellip: "\u2026",
  copy: "\xA9"
};
function decodeEntities(text3) {
  return text3.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 1114112 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
function stripTags(html) {
  return decodeEntities(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}
function looksLikeHtml(text3) {
  return /^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<\?xml[^>]*>\s*<html)/i.test(text3.slice(0, 1e3));
}
function htmlToText(html) {
  const title = stripTags(html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? "");
  const description = decodeEntities(html.match(/<meta\s+[^>]*name=["']description["'][^>]*content=["']([^"']*)["']/i)?.[1] ?? "");
  const text3 = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<a\b([^>]*)>([\s\S]{0,400}?)<\/a\s*>/gi, (whole, attributes, inner) => /\bhref=["']#/i.test(attributes) && PERMALINK.test(stripTags(inner)) ? "" : whole).replace(/<(script|style|noscript|svg|template|nav|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "").replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_, level, inner) => `

${"#".repeat(Number(level))} ${stripTags(inner)}

`).replace(/<li\b[^>]*>/gi, "\n- ").replace(/<(?:br|hr)\b[^>]*>|<\/(?:p|div|li|tr|pre|section|article|table|ul|ol|dl|dd|dt|blockquote)\s*>/gi, "\n").replace(/<[^>]*>/g, "").split("\n").map((line) => decodeEntities(line).replace(/[ \t\u00a0]+/g, " ").trim()).join("\n").replace(/\n{3,}/g, "\n\n").trim();
  return {
    title,
    text: text3,
    description
  };
}
var FIRST_SECTION_HEADINGS = 8;
function outlineHeadings(headings) {
  if (headings.length <= OUTLINE_HEADINGS) return [
    ...headings
  ];
  const levels = [
    ...new Set(headings.map((h) => h.level))
  ].sort();
  const top = new Set(levels.slice(0, 2));
  const second = levels[1];
  const first = second === void 0 ? -1 : headings.findIndex((h) => h.level === second);
  const inFirst = /* @__PURE__ */ new Set();
  if (first >= 0 && levels[2] !== void 0) {
    for (const heading of headings.slice(first + 1)) {
      if (heading.level <= second) break;
      if (heading.level !== levels[2]) continue;
      inFirst.add(heading);
      if (inFirst.size >= FIRST_SECTION_HEADINGS) break;
    }
  }
  return headings.filter((h) => top.has(h.level) || inFirst.has(h));
}
function openingSection(markdown) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^#{1,6} /.test(line));
  const kept = [];
  let chars = 0;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line) && kept.length > 0) break;
    if (line.trim() === "" || /^#{1,6} /.test(line)) continue;
    kept.push(line);
    chars += line.length;
    if (chars >= OPENING_CHARS) break;
  }
  const text3 = kept.join("\n");
  return text3.length > OPENING_CHARS ? `${text3.slice(0, OPENING_CHARS)}\u2026` : text3;
}
function pageView(input, html) {
  const page = html ? htmlToText(input.text) : void 0;
  const markdown = page?.text ?? input.text;
  const headings = markdownHeadings(markdown);
  const title = page?.title || headings.find((h) => h.level === 1)?.text || headings[0]?.text || "(untitled)";
  const body = [
    `Page "${input.clip(title, 200)}" (${html ? "HTML" : "Markdown"}, ${commas(headings.length)} headings)`
  ];
  if (page?.description) {
    body.push(`Description: ${input.clip(page.description, 300)}`);
  }
  const outline2 = formatOutline(outlineHeadings(headings), {
    maxLines: OUTLINE_HEADINGS,
    maxBytes: 2048
  });
  if (outline2) {
    body.push("Outline:", ...outline2.split("\n").map((l) => `  ${l}`));
  }
  const definitions = html ? [
    ...input.text.matchAll(/<dt\b[^>]*\bid=["']([^"'<>]{1,120})["']/gi)
  ].map((match) => match[1]) : [];
  if (definitions.length > 0) {
    const shown = definitions.slice(0, MAX_DEFINITIONS);
    body.push(`Defines (${commas(definitions.length)}): ${input.clip(shown.join(", "), 1200)}${definitions.length > shown.length ? ", \u2026" : ""}`);
  }
  const opening = openingSection(markdown);
  if (opening) {
    body.push("Opening section:", ...opening.split("\n").map((line) => `  ${input.clip(line, 400)}`));
  }
  return {
    format: html ? "html" : "markdown",
    body,
    summary: `page "${input.clip(title, 100)}"`,
    indexKind: "markdown",
    ...page ? {
      indexText: `# ${page.title}

${page.text}`
    } : {}
  };
}

// src/shrink/_failure_notes.ts
var MESSAGE = /^(?:E\s+\S|(?=(\s*))\1(?:(?<=\s)[\w.-]+_test\.go:\d+: \S|Caused by: \S|(?:error: )?(?:[\w$]+\.)*[\w$]*(?:\(\)\s)?(?:Error|Exception|Failure|Failed)\w* ?(?::\s|$)|(?:Expected|Received)(?: value| substring| length)?:\s))/;
var PANIC = /\bpanicked at\b/;
var MESSAGE_HEADING = /^\s*(?:Error |Failure )?Message:\s*$/;
var RARE = / => |panicked at/;
var GO_MESSAGE = /^\s+[\w.-]+_test\.go:\d+: /;
var GO_RUN = /^=== (?:RUN|CONT)\s+(\S+)/;
var DENO_REPORT = /^(\S.*?) => \.{0,2}\/\S+:\d+:\d+$/;
var SHORT_SUMMARY = /^FAILED (\S+) - (.+)$/;
var MAX_MESSAGES = 8;
var FailureNotes = class {
  #running;
  #current;
  #underHeading = false;
  #messages = /* @__PURE__ */ new Map();
  /** Reads a line that reported a failing test by `name` (it opens that test's report). */
  failure(line, name) {
    this.#current = name;
    const summary = line.match(SHORT_SUMMARY);
    if (summary) this.#add(summary[1], summary[2]);
  }
  /** Reads a summary line: what follows belongs to no test. */
  summary() {
    this.#current = void 0;
  }
  /** Reads any other line. */
  line(line) {
    if (line.length > 2e3) return;
    if (line.startsWith("=== ")) {
      const run = line.match(GO_RUN)?.[1];
      if (run) {
        this.#running = run;
        return;
      }
    }
    const rare = RARE.test(line);
    if (rare) {
      const report = line.match(DENO_REPORT)?.[1];
      if (report) {
        this.#current = report;
        return;
      }
    }
    if (!this.#current && !this.#running) return;
    const underHeading = this.#underHeading && line.trim() !== "";
    if (underHeading || MESSAGE_HEADING.test(line)) {
      this.#underHeading = !underHeading;
      if (!underHeading) return;
    } else if (!MESSAGE.test(line) && !(rare && PANIC.test(line))) {
      return;
    }
    const owner = GO_MESSAGE.test(line) ? this.#running : this.#current;
    if (owner) {
      this.#add(owner, line.trim().replace(/^E\s+|^error: (?=\S)/, ""));
    }
  }
  /**
   * The messages of a failing test: the first, and the root cause (the last
   * `Caused by:`) or else the last, when it differs.
   */
  of(name) {
    const all = [];
    for (const [owner, messages] of this.#messages) {
      if (owner === name || sameTest(owner, name)) all.push(...messages);
    }
    if (all.length <= 1) return all;
    const cause = all.findLast((message) => message.startsWith("Caused by:"));
    const second = cause ?? all.at(-1);
    return second === all[0] ? [
      all[0]
    ] : [
      all[0],
      second
    ];
  }
  #add(owner, text3) {
    const message = text3.replace(/\s+/g, " ");
    const messages = this.#messages.get(owner) ?? [];
    if (messages.includes(message)) return;
    if (messages.length >= MAX_MESSAGES) {
      messages.splice(MAX_MESSAGES - 1, 1);
    }
    messages.push(message);
    this.#messages.set(owner, messages);
  }
};
function sameTest(a, b) {
  const [long, short] = a.length >= b.length ? [
    a,
    b
  ] : [
    b,
    a
  ];
  return long.length > short.length && long.endsWith(short) && /[\s:>›.]$/.test(long.slice(0, -short.length));
}

// src/shrink/_signal_lines.ts
var PASS = /^\s*(?:✓|√|✔|PASS(?:ED)?\b|ok\b|test .* \.\.\. ok$)|\bPASSED\b|\.\.\. ok$/;
var SUMMARY = [
  /^\s*(?:Test Suites|Tests|Test Files|Snapshots|Suites)\b:?\s+.*\d/,
  /^\s*(?:Time|Duration):?\s+[\d.]+\s*m?s\b/,
  /^test result:/,
  /^\s*(?:\[\w+\]\s*)?Tests run:\s*\d+/,
  /^=+ .*\b\d+ (?:passed|failed|errors?|skipped|deselected|warnings?)\b.* =+$/,
  /^Ran \d+ tests? in /,
  /^(?:FAILED|OK) \((?:failures|errors|skipped)=/,
  /^(?:#|ℹ) (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d/,
  /^\d+ examples?, \d+ failures?/,
  /^\s*\d+ (?:passing|failing|pending)\b/,
  /^(?:ok|FAILED) \| \d+ passed/,
  /\bBUILD (?:SUCCESS(?:FUL)?|FAIL(?:URE|ED))\b/,
  /\bcompiled (?:successfully|with \d+ (?:errors?|warnings?))/,
  /^Found \d+ errors?\b/,
  /\b\d+ (?:errors?|warnings?) generated\b/,
  /^\s*\d+ (?:failed|passed)\b.*\b\d+ (?:failed|passed|skipped|total)\b/,
  /^(?:FAIL|ok)\s+\S+\s+[\d.]+s$/,
  /^\s*(?:✖\s*)?\d+ problems? \(\d+ errors?, \d+ warnings?\)/,
  /^Plan: \d+ to add, \d+ to change, \d+ to destroy\b/,
  /^(?:Apply|Destroy) complete! Resources:/,
  /^(?:Passed|Failed)!\s+-\s+Failed:\s+\d+/
];
var FAILURE = [
  /^\s*●\s+\S/,
  /^\s*(?:✕|✗|×|✖|❌)\s+\S/,
  /^\s*(?:FAIL|FAILED)\b/,
  /^\s*--- FAIL:/,
  / \.\.\. FAILED\b/,
  /\sFAILED\s*(?:\[|$)/,
  /^not ok \d+/,
  /<<< (?:FAILURE|ERROR)!/,
  /^---- .+ stdout ----$/,
  /^_{3,} .+ _{3,}$/,
  /^rspec \.\/\S+:\d+ # /,
  /\bpanicked at\b/,
  /^\s*\d+\) \S/,
  /^\s*Failure\/Error:/,
  /^ > \[[^\]]+\] .+:$/,
  /^FAILURE: /,
  /^\s*Failed\s+\S+\s+\[[\d.]+\s*m?s\]\s*$/
];
var ERROR = [
  /^\s*(?:error|ERROR|Error)(?:\[[\w-]+\])?\b/,
  /\b(?:error|ERROR|Error)(?:\[[\w-]+\])?(?::|!|\s+TS\d+)/,
  /\b[A-Z]\w*(?:Error|Exception)\b(?::|\s*$)/,
  /\b(?:fatal|FATAL|Fatal|panic|PANIC|Traceback|Segmentation fault|Aborted|Uncaught|npm ERR!|ERR!)/,
  /^\s*E\s{2,}\S/,
  /\b[Aa]ssertion\b.*\b[Ff]ailed\b/,
  /\bAssertionError\b/,
  /^\S+\.go:\d+:\d+: \S/,
  /^\s*\d+:\d+\s+error\s/,
  /\bnpm error\b/,
  /^(?:g?make|gmake)(?:\[\d+\])?: \*\*\* /,
  // A compiler's one-letter severity (kotlinc: `e: file.kt:57:23 …`).
  /^e: \S/,
  // A step that says it failed (`Execution failed for task …`, `Compilation failed`).
  /^\s*[A-Z][a-z]+(?: [a-z]+)? failed\b/
];
var WARNING = [
  /^\s*(?:warning|WARNING|Warning|WARN|warn)\b/,
  /\b(?:warning|WARNING|Warning|WARN)(?:\[[\w-]+\])?(?::|\]|\s+in\b)/,
  /\b\w+Warning\b:/,
  /\b(?:[Dd]eprecated|DEPRECATED)\b/,
  /^\s*\d+:\d+\s+warning\s/,
  /^w: \S/,
  /^\s*# \S+ (?:must be replaced|will be destroyed)$|# forces replacement$/
];
var DETAIL = [
  /^\s*(?:Expected|Received|expected|received|Actual|actual|got|left|right|Difference)\b[^:]{0,30}:/,
  /^\s*[-+] {1,}\S/,
  /^\s*[-+]\s{2,}/,
  /^\s*>\s*\d+\s*\|/,
  /^\s*\|\s*\^/,
  /^>\s{2,}\S/,
  /^\s*\[Diff\]/,
  /^\s*assert\b/
];
var FRAME = [
  /^\s+at \S/,
  /^\s+File ".*", line \d+/,
  /^\s*--> \S+:\d+(?::\d+)?/,
  /^\s*\S+\.(?:go|py|rb|ts|tsx|js|mjs|jsx|rs|java|kt|cs|php|ex|exs|swift):\d+(?::\d+)?(?::|$)/,
  /^\s*# \.\/\S+:\d+/,
  /^\s*❯ \S+:\d+/
];
var LOCATION = anyOf([
  /^\s*(?:\.{0,2}\/|\/)?(?:[\w@.+-]+\/)*(?=[\w@.+-]*[A-Za-z])[\w@+-][\w@.+-]*:\d+(?::\d+)?:?\s*$/,
  /^[│|]?\s*on \S+ line \d+(?:,|:|$)/,
  /^(?:\w+ file|Script) '[^']+' line: \d+/,
  /\bappears to be in '[^']+': line \d+/,
  /^\s*\d+\s*\|\s*>>>/
]);
var INTERNAL_FRAME = /node_modules|node:internal|\(internal\/|site-packages|\/rustc\/|java\.base\/|<anonymous>\)?$|\/usr\/lib\/|^\s+at (?:System|Microsoft)\.[\w.`]+\(/;
function anyOf(patterns) {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"));
}
var SUMMARY_AT_START = new RegExp(`^(?:${SUMMARY.filter((pattern) => pattern.source.startsWith("^")).map((pattern) => `(?:${pattern.source.slice(1)})`).join("|")})`);
var SUMMARY_INSIDE = anyOf(SUMMARY.filter((pattern) => !pattern.source.startsWith("^")));
var SUMMARY_INSIDE_WORDS = /BUILD|compiled|generated/;
var FAILURE_ANY = anyOf(FAILURE);
var ERROR_ANY = anyOf(ERROR);
var WARNING_ANY = anyOf(WARNING);
var DETAIL_ANY = anyOf(DETAIL);
var FRAME_ANY = anyOf(FRAME);
var MAYBE = /f(?:ail|atal|ound)|e(?:rr|xception|xample)|warn|d(?:eprecat|uration|estroy)|p(?:ass|ending|anic|roblem)|ok\b|t(?:est|ime|otal|raceback)|s(?:uite|napshot|egmentation)|build|c(?:ompiled|omplete! )|generated|r(?:an |spec|eplace)|a(?:bort|ssert)|uncaught|<<<|----|___|\.go:\d+:\d+: /i;
var PASS_MARK = /^\s*[✓√✔]/;
var MAYBE_AT_START = /^(?:\s*(?:\d+\)|[eE]\s\s|[●✕✗×✖❌])|[#ℹ=]|[pP]lan: | > \[|[ew]: )/;
function lineSignal(line) {
  if (PASS_MARK.test(line)) return summaryInside(line) ? "summary" : void 0;
  if (line.length === 0 || line.length > 2e3 || !(MAYBE_AT_START.test(line) || MAYBE.test(line))) {
    return void 0;
  }
  if (SUMMARY_AT_START.test(line) || summaryInside(line)) {
    return "summary";
  }
  if (PASS.test(line)) return void 0;
  if (FAILURE_ANY.test(line)) return "failure";
  if (ERROR_ANY.test(line)) return "error";
  if (WARNING_ANY.test(line)) return "warning";
  return void 0;
}
function summaryInside(line) {
  return line.length <= 2e3 && SUMMARY_INSIDE_WORDS.test(line) && SUMMARY_INSIDE.test(line);
}
function detailKind(line) {
  if (line.length > 2e3) return void 0;
  if (LOCATION.test(line)) return "location";
  if (FRAME_ANY.test(line)) {
    return INTERNAL_FRAME.test(line) ? "internal-frame" : "frame";
  }
  if (DETAIL_ANY.test(line)) return "detail";
  return void 0;
}
var TEST_NAMES = [
  /^\s*●\s+(.+?)\s*$/,
  /^\s*(?:✕|✗|×|✖|❌)\s+(.+?)(?:\s+\(\d+(?:\.\d+)?\s*m?s\))?\s*$/,
  /^FAILED (\S+?)(?: - .*)?$/,
  /^\s*--- FAIL: (\S+)/,
  /^test (\S+) \.\.\. FAILED\b/,
  /^not ok \d+ - (.+?)\s*(?:#.*)?$/,
  /^rspec \.\/\S+:\d+ # (.+)$/,
  /^(\S.*?) \.\.\. FAILED\b/,
  /^(\S+::\S+) FAILED\b/,
  /^_{3,} (?!ERROR at )(\S+) _{3,}$/,
  /^\s*FAIL\s+\S+\.(?:test|spec)\.\w+ > (.+)$/,
  /^\[ERROR\]\s+(\S+)\s+Time elapsed.*<<< (?:FAILURE|ERROR)!/,
  /^\s*Failed\s+(\S+)\s+\[[\d.]+\s*m?s\]\s*$/
];
function failedTestName(line) {
  if (line.length > 500) return void 0;
  for (const pattern of TEST_NAMES) {
    const name = line.match(pattern)?.[1]?.trim();
    if (name) return name;
  }
  return void 0;
}

// src/shrink/_shell_view.ts
var MAX_ERROR_LINES = 150;
var MAX_WARNING_LINES = 25;
var MAX_DETAIL_LINES = 80;
var MAX_SUMMARY_LINES = 12;
var DETAIL_WINDOW = 16;
var FRAMES_PER_FAILURE = 4;
var STATE_LINE = /^\s*(?:State|Status|Last State|Reason|Exit Code|Exit Status|Restart Count|Restarts|Ready|Result|Phase|Health|Active|Main PID)\s*:\s+\S/;
var MAX_STATE_SCAN = 2e3;
var MAX_STATE_LINES = 10;
var HEAD_LINES = 5;
var TAIL_LINES = 10;
var MAX_TEST_NAMES = 40;
var MAX_LOCATIONS = 6;
var FAILING_STEP = /^ > \[[^\]]+\] .+:$/;
var FILE_HEADER = /^(?:\.{0,2}\/|\/)?(?:[\w@.+-]+\/)*[\w@+-][\w@.+-]*\.\w{1,6}$/;
var AT_POSITION = /^\s+\d+:\d+\s+\S/;
var STYLISH = /^\s+(\d+:\d+)\s+(error|warning)\s+(.+?)\s{2,}(\S+)$/;
var HEADING = /^\s*\S.{0,70}:\s*$/;
var BLOCK_LINES = 4;
var CLEAN_SUMMARY = /^ok\s|^(?:\[\w+\]\s*)?Tests run: \d+, Failures: 0, Errors: 0\b|^test result: ok\b/;
function shellView(input) {
  const { lines, clip: clip2 } = input;
  const errors = /* @__PURE__ */ new Map();
  const warnings = /* @__PURE__ */ new Map();
  const details = [];
  const locations = /* @__PURE__ */ new Map();
  const summaries = /* @__PURE__ */ new Map();
  const tests = [];
  let errorCount = 0;
  let warningCount = 0;
  let windowEnd = -1;
  let frames = 0;
  let internalFrames = 0;
  let block = 0;
  let blockIndent = 0;
  let file = "";
  const notes = new FailureNotes();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const signal = lineSignal(line);
    if (signal === "summary") {
      const key = line.trim();
      summaries.delete(key);
      summaries.set(key, {
        index: i,
        text: line,
        count: 1
      });
      notes.summary();
      continue;
    }
    if (FILE_HEADER.test(line)) file = line;
    const text3 = file && AT_POSITION.test(line) ? atFile(file, line) : line;
    if (signal === "failure" || signal === "error") {
      errorCount++;
      keep(FAILING_STEP.test(line) ? locations : errors, text3, i);
      const name = failedTestName(line);
      if (name) {
        addTestName(tests, name);
        notes.failure(line, name);
      } else notes.line(line);
      windowEnd = i + DETAIL_WINDOW;
      frames = 0;
      block = HEADING.test(line) ? BLOCK_LINES : 0;
      blockIndent = indent(line);
      continue;
    }
    notes.line(line);
    if (signal === "warning") {
      warningCount++;
      keep(warnings, text3, i);
      continue;
    }
    if (i > windowEnd) continue;
    const kind = detailKind(line);
    if (!kind && block > 0 && indent(line) > blockIndent) {
      block--;
      if (details.length < MAX_DETAIL_LINES) {
        details.push({
          index: i,
          text: line,
          count: 1
        });
      }
      continue;
    }
    block = !kind && HEADING.test(line) ? BLOCK_LINES : 0;
    blockIndent = indent(line);
    if (kind === "location") keep(locations, line, i);
    else if (details.length < MAX_DETAIL_LINES) {
      if (kind === "internal-frame") internalFrames++;
      else if (kind === "frame" && frames++ >= FRAMES_PER_FAILURE) {
        internalFrames++;
      } else if (kind) details.push({
        index: i,
        text: line,
        count: 1
      });
    }
  }
  const shownErrors = [
    ...errors.values()
  ].slice(0, MAX_ERROR_LINES);
  const shownWarnings = [
    ...warnings.values()
  ].slice(0, MAX_WARNING_LINES);
  const important = [
    ...shownErrors,
    ...details
  ].sort((a, b) => a.index - b.index);
  const allSummaries = [
    ...summaries.values()
  ];
  const summaryLines = allSummaries.filter((k, n) => n === allSummaries.length - 1 || !CLEAN_SUMMARY.test(k.text.trim())).slice(-MAX_SUMMARY_LINES);
  const cleanSummaries = allSummaries.length - summaryLines.length;
  const shownLocations = [
    ...locations.values()
  ].slice(0, MAX_LOCATIONS);
  const shown = new Set([
    ...important,
    ...shownWarnings,
    ...summaryLines,
    ...shownLocations
  ].map((k) => k.index));
  const body = [];
  if (tests.length > 0) {
    const names2 = tests.slice(0, MAX_TEST_NAMES).map((name) => clip2(name, 160));
    const more = tests.length - names2.length;
    body.push(`Failed tests (${commas(tests.length)}): ${names2.join("; ")}${more > 0 ? `; \u2026 ${commas(more)} more` : ""}`);
  }
  const why = tests.slice(0, MAX_TEST_NAMES).flatMap((name) => notes.of(name).map((message) => `  ${clip2(shortName(name), 80)}: ${clip2(message)}`));
  if (why.length > 0) body.push("Why they failed:", ...why);
  if (locations.size > 0) {
    const more = locations.size - shownLocations.length;
    body.push("Where it failed:", ...shownLocations.map((k) => numbered(k, clip2)), ...more > 0 ? [
      `  \u2026 ${counted(more, "more place")}`
    ] : []);
  }
  if (summaryLines.length > 0) {
    body.push(cleanSummaries > 0 ? `Summary (${counted(cleanSummaries, "more line")} without failures not shown):` : "Summary:", ...summaryLines.map((k) => numbered(k, clip2)));
  }
  const states = lines.slice(0, MAX_STATE_SCAN).flatMap((text3, index) => STATE_LINE.test(text3) && !shown.has(index) ? [
    {
      index,
      text: text3,
      count: 1
    }
  ] : []).slice(0, MAX_STATE_LINES);
  for (const k of states) shown.add(k.index);
  if (states.length > 0) {
    body.push("State:", ...states.map((k) => numbered(k, clip2)));
  }
  if (important.length > 0 || shownWarnings.length > 0) {
    if (important.length > 0) {
      body.push("Errors and failures (line numbers of the output):");
      body.push(...important.map((k) => numbered(k, clip2)));
    }
    if (shownWarnings.length > 0) {
      body.push(`Warnings (${counted(warningCount, "line")}, ${commas(warnings.size)} distinct):`, ...shownWarnings.map((k) => numbered(k, clip2)));
    }
    const hidden = [
      errors.size > shownErrors.length ? counted(errors.size - shownErrors.length, "more distinct error line") : "",
      warnings.size > shownWarnings.length ? counted(warnings.size - shownWarnings.length, "more distinct warning line") : "",
      internalFrames > 0 ? counted(internalFrames, "stack frame") : ""
    ].filter(Boolean);
    if (hidden.length > 0) {
      body.push(`  \u2026 ${hidden.join(", ")} not shown (all indexed)`);
    }
  }
  const head = lines.slice(0, HEAD_LINES * 3).map((text3, index) => ({
    index,
    text: text3,
    count: 1
  })).filter((k) => k.text.trim() !== "" && !shown.has(k.index)).slice(0, HEAD_LINES);
  for (const k of head) shown.add(k.index);
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === "") end--;
  const tail = [];
  for (let i = end - 1; i >= 0 && i >= end - TAIL_LINES * 2; i--) {
    if (tail.length >= TAIL_LINES) break;
    if (!shown.has(i) && lines[i].trim() !== "") {
      tail.unshift({
        index: i,
        text: lines[i],
        count: 1
      });
    }
  }
  if (head.length > 0) {
    body.push("First lines:", ...head.map((k) => numbered(k, clip2)));
  }
  if (tail.length > 0) {
    body.push("Last lines:", ...tail.map((k) => numbered(k, clip2)));
  }
  const counts = [
    errorCount > 0 ? counted(errorCount, "error/failure line") : "",
    warningCount > 0 ? counted(warningCount, "warning line") : ""
  ].filter(Boolean);
  const summaryLine = summaryLines.at(-1)?.text.trim();
  return {
    format: "shell",
    body,
    summary: [
      tests.length > 0 ? `${commas(tests.length)} failed: ${tests.slice(0, 5).join(", ")}${tests.length > 5 ? ", \u2026" : ""}` : summaryLine ? clip2(summaryLine, 120) : counts.join(", ")
    ].filter(Boolean).join("")
  };
}
function addTestName(tests, name) {
  const known = tests.findIndex((test) => test === name || sameTest(test, name));
  if (known === -1) tests.push(name);
  else if (name.length > tests[known].length) tests[known] = name;
}
function atFile(file, line) {
  const stylish = line.match(STYLISH);
  if (!stylish) return `${file} ${line.trim().replace(/\s{2,}/g, "  ")}`;
  const [, position, severity, message, rule] = stylish;
  return `${file}:${position} ${severity} ${rule}: ${message}`;
}
function shortName(name) {
  return name.split(/::| › /).at(-1).trim() || name;
}
function indent(line) {
  return line.trim() === "" ? 0 : line.length - line.trimStart().length;
}
function keep(map, line, index) {
  const key = line.trim();
  const kept = map.get(key);
  if (kept) kept.count++;
  else map.set(key, {
    index,
    text: line,
    count: 1
  });
}
function numbered(kept, clip2) {
  const times = kept.count > 1 ? ` (\xD7${commas(kept.count)})` : "";
  return `  ${kept.index + 1}: ${clip2(kept.text)}${times}`;
}

// src/shrink/_table_view.ts
var FIRST_ROWS = 5;
var LAST_ROWS = 3;
function fields(line, separator) {
  let count = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) count++;
  }
  return count;
}
function tableSeparator(lines) {
  const sample = lines.slice(0, 200).filter((line) => line.trim() !== "");
  if (sample.length < 10) return void 0;
  for (const separator of [
    ",",
    "	",
    ";",
    "|"
  ]) {
    const width = fields(sample[0], separator);
    if (width < 3) continue;
    const same = sample.filter((line) => fields(line, separator) === width);
    if (same.length >= sample.length * 0.95) return separator;
  }
  return void 0;
}
function tableView(input, separator) {
  const { lines, clip: clip2 } = input;
  const header = lines[0] ?? "";
  const rows = lines.length - 1;
  const columns = fields(header, separator);
  return {
    format: "text",
    body: [
      `Table: ${counted(rows, "row")} \xD7 ${counted(columns, "column")}`,
      `Header: ${clip2(header, 1e3)}`,
      "First rows:",
      ...lines.slice(1, 1 + FIRST_ROWS).map((line) => `  ${clip2(line)}`),
      "Last rows:",
      ...lines.slice(Math.max(1 + FIRST_ROWS, lines.length - LAST_ROWS)).map((line) => `  ${clip2(line)}`)
    ],
    summary: `table of ${counted(rows, "row")} \xD7 ${counted(columns, "column")}`
  };
}

// src/shrink/never_shrink.ts
var OWN_TOOLS = /(?:^|[_.:/-])ctx_(?:execute|execute_file|batch_execute|index|search|fetch_and_index|stats|doctor|upgrade|purge)$|ctx[-_]mode/;
var OWN_COMMAND = /^\s*(?:\S*\/)?ctx-mode(?:\s|$)/;
var LOCKFILES = /* @__PURE__ */ new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  "deno.lock",
  "cargo.lock",
  "gemfile.lock",
  "poetry.lock",
  "pipfile.lock",
  "uv.lock",
  "pdm.lock",
  "composer.lock",
  "go.sum",
  "flake.lock",
  "mix.lock",
  "podfile.lock",
  "packages.lock.json",
  "pubspec.lock",
  "gradle.lockfile"
]);
var DATA_EXTENSIONS = /* @__PURE__ */ new Set([
  "log",
  "out",
  "err",
  "trace",
  "csv",
  "tsv",
  "jsonl",
  "ndjson",
  "har",
  "sarif",
  "dump",
  "map"
]);
var GENERATED_NAME = /\.(?:min|bundle|chunk)\.(?:js|mjs|cjs|css)$|\.(?:generated|gen|g)\.\w+$|\.pb\.go$|_pb2(?:_grpc)?\.py$|\.log\.\d+$/;
var GENERATED_FOLDER = /(?:^|\/)(?:node_modules|dist|build|out|target|coverage|vendor|\.next|\.nuxt|\.svelte-kit|__generated__|generated|logs?|\.cache)\//;
var CONFIG_JSON = /^(?:package|tsconfig(?:\..+)?|jsconfig|deno|composer|manifest|app|angular|project|settings|launch|tasks|\.?eslintrc|\.?prettierrc|\.?babelrc|renovate|vercel|firebase|nx|lerna|turbo)\.json$|\.config\.json$/;
var DATA_JSON_BYTES = 64 * 1024;
function shrinkableRead(path, bytes, sample = "") {
  const normal = path.replaceAll("\\", "/");
  const base = (normal.split("/").at(-1) ?? "").toLowerCase();
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot + 1) : "";
  if (LOCKFILES.has(base)) return "lockfile";
  if (DATA_EXTENSIONS.has(extension) || /\.log\.\d+$/.test(base)) {
    return "log or data";
  }
  if (GENERATED_NAME.test(base) || GENERATED_FOLDER.test(normal)) {
    return "generated";
  }
  if (extension === "json" && bytes >= DATA_JSON_BYTES && !CONFIG_JSON.test(base)) {
    return "JSON data";
  }
  if (isMinified(sample)) return "minified";
  return void 0;
}
function withinProject(path, projectDir2) {
  if (!projectDir2) return path;
  const normal = path.replaceAll("\\", "/");
  const root2 = projectDir2.replaceAll("\\", "/").replace(/\/+$/, "");
  return root2 !== "" && normal.startsWith(`${root2}/`) ? normal.slice(root2.length + 1) : path;
}
function isMinified(sample) {
  if (sample.length < 2e3) return false;
  const head = sample.slice(0, 65536);
  const lines = head.split("\n", 20);
  const lengths = lines.map((line) => line.length);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return Math.max(...lengths) >= 5e3 || total / lines.length >= 1e3;
}
function matchesTool(entry, toolName, toolKind) {
  if (entry === toolName || entry === toolKind) return true;
  if (!entry.includes("*")) return false;
  const pattern = new RegExp(`^${entry.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  return pattern.test(toolName);
}
function shrinkVerdict(candidate, context) {
  const { settings } = context;
  const { toolKind, toolName } = candidate;
  const subject = candidate.subject ?? "";
  if (!settings.enabled) {
    return {
      shrink: false,
      reason: `switched off (${settings.disabledBy ?? "settings"})`
    };
  }
  const platform = context.platform ?? "";
  if (platform && settings.disabledAgents.includes(platform)) {
    return {
      shrink: false,
      reason: `switched off for ${platform}`
    };
  }
  const tool = settings.disabledTools.find((entry) => matchesTool(entry, toolName, toolKind));
  if (tool !== void 0) {
    return {
      shrink: false,
      reason: `switched off for ${tool}`
    };
  }
  if (OWN_TOOLS.test(toolName) || toolKind === "shell" && OWN_COMMAND.test(subject)) {
    return {
      shrink: false,
      reason: "ctx-mode's own tool: its output is already shaped"
    };
  }
  if (toolKind === "task" || toolKind === "edit") {
    return {
      shrink: false,
      reason: `a ${toolKind} result is never shrunk`
    };
  }
  if (candidate.bytes <= settings.thresholdBytes) {
    return {
      shrink: false,
      reason: `under the threshold (${settings.thresholdBytes} bytes)`
    };
  }
  if (context.toolsAvailable === false) {
    return {
      shrink: false,
      reason: "the model cannot reach ctx_search to get the rest back"
    };
  }
  if (toolKind === "read" && !shrinkableRead(withinProject(subject, context.projectDir), candidate.bytes, candidate.sample)) {
    return {
      shrink: false,
      reason: "a read of a file the agent may edit"
    };
  }
  return {
    shrink: true
  };
}

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

// src/shrink/settings.ts
var DEFAULT_THRESHOLD_BYTES = 6 * 1024;
var MIN_THRESHOLD_BYTES = 1024;
var DEFAULT_SHRINK_SETTINGS = Object.freeze({
  enabled: true,
  thresholdBytes: DEFAULT_THRESHOLD_BYTES,
  disabledAgents: [],
  disabledTools: [],
  notes: []
});
var OFF = /* @__PURE__ */ new Set([
  "off",
  "0",
  "false",
  "no"
]);
var ON = /* @__PURE__ */ new Set([
  "on",
  "1",
  "true",
  "yes"
]);
function threshold(value) {
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= MIN_THRESHOLD_BYTES ? number : void 0;
}
function names(value, what, notes) {
  if (value === void 0) return [];
  if (!Array.isArray(value)) {
    notes.push(`${what} is not a list; ignored`);
    return [];
  }
  return value.filter((item, i) => {
    if (typeof item === "string" && item.trim() !== "") return true;
    notes.push(`${what}[${i}] is not a name; skipped`);
    return false;
  }).map((item) => item.trim());
}
function shrinkSettingsFrom(sources, env) {
  const settings = {
    enabled: true,
    thresholdBytes: DEFAULT_THRESHOLD_BYTES,
    disabledAgents: [],
    disabledTools: [],
    notes: []
  };
  let thresholdSet = false;
  const switchOff = (where) => {
    if (!settings.enabled) return;
    settings.enabled = false;
    settings.disabledBy = where;
  };
  const switchText = env.CTX_MODE_SHRINK?.trim().toLowerCase();
  if (switchText !== void 0 && switchText !== "") {
    if (OFF.has(switchText)) switchOff("CTX_MODE_SHRINK");
    else if (!ON.has(switchText)) {
      settings.notes.push(`CTX_MODE_SHRINK "${env.CTX_MODE_SHRINK}" is neither on nor off; ignored`);
    }
  }
  const bytesText = env.CTX_MODE_SHRINK_BYTES?.trim();
  if (bytesText !== void 0 && bytesText !== "") {
    const bytes = threshold(bytesText);
    if (bytes === void 0) {
      settings.notes.push(`CTX_MODE_SHRINK_BYTES "${bytesText}" is not a whole number of at least ${MIN_THRESHOLD_BYTES}; ignored`);
    } else {
      settings.thresholdBytes = bytes;
      thresholdSet = true;
    }
  }
  for (const source of sources) {
    if (source.format !== "ctx-mode" || source.text === null) continue;
    let parsed;
    try {
      parsed = JSON.parse(source.text);
    } catch {
      continue;
    }
    if (typeof parsed !== "object" || parsed === null) continue;
    const shrink = parsed.shrink;
    if (shrink === void 0) continue;
    const where = `${source.path}: "shrink`;
    if (shrink === false) {
      switchOff(source.path);
      continue;
    }
    if (shrink === true) continue;
    if (typeof shrink !== "object" || shrink === null || Array.isArray(shrink)) {
      settings.notes.push(`${where}" is neither true, false nor an object; ignored`);
      continue;
    }
    const fields2 = shrink;
    if (fields2.enabled === false) switchOff(source.path);
    else if (fields2.enabled !== void 0 && fields2.enabled !== true) {
      settings.notes.push(`${where}.enabled" is not true or false; ignored`);
    }
    if (fields2.thresholdBytes !== void 0) {
      const bytes = threshold(fields2.thresholdBytes);
      if (bytes === void 0) {
        settings.notes.push(`${where}.thresholdBytes" is not a whole number of at least ${MIN_THRESHOLD_BYTES}; ignored`);
      } else if (!thresholdSet) {
        settings.thresholdBytes = bytes;
        thresholdSet = true;
      }
    }
    settings.disabledAgents.push(...names(fields2.disabledAgents, `${where}.disabledAgents"`, settings.notes));
    settings.disabledTools.push(...names(fields2.disabledTools, `${where}.disabledTools"`, settings.notes));
  }
  return settings;
}
function readShrinkSettings(projectDir2, options) {
  const { env } = options;
  const home = env.HOME ?? env.USERPROFILE;
  let sources = [];
  if (home !== void 0 || env.CTX_MODE_HOME) {
    sources = readPolicyFiles(projectDir2, {
      home: home ?? "/",
      dataHome: dataHome(env)
    }).filter((source) => source.format === "ctx-mode");
  }
  return shrinkSettingsFrom(sources, env);
}

// src/shrink/shrink_tool_result.ts
var MAX_VIEW_SHARE = 0.5;
var LABEL_SUBJECT_CHARS = 60;
function resultText(content) {
  if (typeof content === "string") return {
    text: content
  };
  if (content === void 0 || content === null) return {
    text: ""
  };
  const blocks = content.content;
  if (Array.isArray(blocks)) {
    const texts = blocks.flatMap((block) => typeof block?.text === "string" ? [
      block.text
    ] : []);
    const media = blocks.some((block) => block?.type !== "text");
    if (texts.length > 0) return {
      text: texts.join("\n"),
      media
    };
  }
  return {
    text: JSON.stringify(content) ?? "",
    json: content
  };
}
function parseJson(text3) {
  if (!/^\s*[{[]/.test(text3.slice(0, 64))) return void 0;
  try {
    return {
      value: JSON.parse(text3)
    };
  } catch {
    return void 0;
  }
}
function endsInSummary(lines) {
  return lines.slice(-40).some((line) => lineSignal(line) === "summary");
}
function viewFor(input, result, json) {
  if (json !== void 0) return jsonView(json, input);
  const parsed = parseJson(input.text);
  if (parsed) return jsonView(parsed.value, input);
  if (looksLikeHtml(input.text)) return pageView(input, true);
  const { lines } = input;
  const subject = input.subject.toLowerCase();
  if (looksLikeGitLog(lines)) return gitLogView(input);
  if (/\.ya?ml$|-o\s*ya?ml\b|--output[= ]ya?ml\b/.test(subject) || looksLikeYaml(lines)) {
    return yamlView(input);
  }
  if (/\.log(?:\.\d+)?$/.test(subject) || looksLikeLog(lines) && !(result.toolKind === "shell" && endsInSummary(lines))) {
    return logView(input);
  }
  const separator = tableSeparator(lines);
  if (separator) return tableView(input, separator);
  const listing = listingShape(lines);
  if (listing) return listingView(input, listing);
  if (result.toolKind !== "shell" && detectKind(subject.split(/[?#]/)[0] ?? "", input.text.slice(0, 65536)) === "markdown") {
    return pageView(input, false);
  }
  return shellView(input);
}
function labelSubject(subject, toolName) {
  const line = (subject || toolName).replace(/\s+/g, " ").replace(/["\\`]/g, "'").trim().replace(/^\/+/, "");
  return line.length > LABEL_SUBJECT_CHARS ? `${line.slice(0, LABEL_SUBJECT_CHARS - 1)}\u2026` : line;
}
function shrinkToolResult(result, options = {}) {
  const { text: stdout, json, media } = resultText(result.content);
  const stderr = result.stderr ?? "";
  const text3 = stderr.trim() === "" ? stdout : `${stdout}${stdout.endsWith("\n") || stdout === "" ? "" : "\n"}--- stderr ---
${stderr}`;
  const bytes = utf8ByteLength(text3);
  const subject = result.subject ?? "";
  const verdict = shrinkVerdict({
    toolKind: result.toolKind,
    toolName: result.toolName,
    subject,
    bytes,
    sample: stdout.slice(0, 65536)
  }, {
    settings: options.settings ?? DEFAULT_SHRINK_SETTINGS,
    platform: options.platform,
    toolsAvailable: options.toolsAvailable,
    projectDir: options.projectDir
  });
  if (!verdict.shrink) return {
    shrunk: false,
    reason: verdict.reason
  };
  if (media) {
    return {
      shrunk: false,
      reason: "the result holds images or resources"
    };
  }
  const scrub = (piece) => (options.scrubber?.scrub(piece) ?? scrubTokenShapes(piece)).text;
  const lines = splitLines(text3);
  const shell = result.toolKind === "shell";
  const input = {
    text: text3,
    lines,
    subject,
    exitCode: result.exitCode,
    clip: clipper(scrub)
  };
  const view = viewFor(input, result, json);
  const now = options.now ?? Date.now();
  const named = scrub(labelSubject(subject, result.toolName));
  const id = shortHash(`${result.toolName}\0${subject}\0${bytes}\0${text3.slice(0, 4096)}\0${text3.slice(-4096)}\0${now}`);
  const source = `shrunk/${result.toolKind}/${named} #${id}`;
  const exit = result.exitCode === void 0 ? "exit status not reported" : `exit ${result.exitCode}`;
  const header = shell ? [
    `$ ${input.clip(subject, 500)}`,
    `${exit} \xB7 ${counted(lines.length, "line")}, ${formatBytes(bytes)} of output`
  ] : [
    `${result.toolName}${subject ? `: ${input.clip(subject, 500)}` : ""}`,
    `${counted(lines.length, "line")}, ${formatBytes(bytes)}`
  ];
  const searchTool = options.searchTool ?? "ctx_search";
  const receipt = [
    `[ctx-mode shrank this ${formatBytes(bytes)} result to the view above. All of it is indexed as "${source}".`,
    ` To get any part back: ${searchTool}(queries: ["\u2026the words you need\u2026"], source: "${source}")]`
  ];
  const viewText = scrub([
    ...header,
    ...view.body,
    "",
    ...receipt
  ].join("\n"));
  const viewBytes = utf8ByteLength(viewText);
  if (viewBytes > bytes * MAX_VIEW_SHARE) {
    return {
      shrunk: false,
      reason: "the view would not be much smaller than the result"
    };
  }
  const indexText = view.indexText ?? (view.indexKind === "json" ? stdout : shell ? `$ ${subject}
${exit}

${text3}` : text3);
  return {
    shrunk: true,
    view: viewText,
    source,
    indexText,
    indexKind: view.indexKind ?? "text",
    origin: subject || result.toolName,
    format: view.format,
    originalBytes: bytes,
    viewBytes,
    summary: `${named}: ${shell ? `${exit}, ` : ""}${view.summary}`
  };
}

// hooks/post_tool_use.ts
async function postToolUse(call, deps, options = {}) {
  const capture = captureToolCall({
    toolName: call.toolName,
    toolKind: call.toolKind,
    input: call.input,
    output: call.output,
    error: options.error,
    projectDir: call.projectDir
  });
  const shrink = deps.shrink;
  const shrunk = shrink ? shrinkToolResult(toolResultOf(call, options.error), {
    settings: shrink.settings,
    platform: call.platform,
    toolsAvailable: shrink.toolsAvailable,
    scrubber: shrink.scrubber,
    now: shrink.now,
    searchTool: shrink.searchTool,
    projectDir: call.projectDir
  }) : void 0;
  const kept = shrunk?.shrunk && await shrink?.keep(shrunk) !== false ? shrunk : void 0;
  await deps.record({
    ...capture,
    events: kept ? [
      ...capture.events,
      shrinkEvent(kept)
    ] : capture.events,
    toolCall: {
      tool: call.toolName,
      kind: call.toolKind,
      outputBytes: outputBytes(call.output)
    }
  });
  if (!kept) return {
    kind: "allow"
  };
  return {
    kind: "replace_output",
    output: kept.view,
    note: `ctx-mode shrank ${kept.originalBytes} bytes to ${kept.viewBytes}`
  };
}
function text2(value) {
  return typeof value === "string" ? value : void 0;
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function toolResultOf(call, error) {
  const { input, output } = call;
  const subject = text2(input.command) ?? text2(input.path) ?? text2(input.url) ?? text2(input.pattern) ?? "";
  let content = output;
  let stderr;
  let exitCode;
  if (isRecord2(output)) {
    const file = output.file;
    if (typeof output.stdout === "string") {
      content = output.stdout;
      stderr = text2(output.stderr);
      const status = output.exitCode ?? output["exit_code"] ?? output.returnCode;
      if (typeof status === "number") exitCode = status;
    } else if (isRecord2(file) && typeof file.content === "string") {
      content = file.content;
    } else {
      content = textOf(output) ?? output;
    }
  } else if (Array.isArray(output) && output.every((block) => isRecord2(block))) {
    content = {
      content: output
    };
  }
  if (error !== void 0) {
    if (content === void 0 || content === null || content === "") {
      content = error;
    }
    const status = /\bexit(?: code| status)?:? (\d+)/i.exec(error)?.[1];
    if (exitCode === void 0 && status !== void 0) {
      exitCode = Number(status);
    }
  }
  return {
    toolKind: call.toolKind,
    toolName: call.toolName,
    subject,
    content,
    stderr,
    exitCode
  };
}
function textOf(output) {
  const { filenames } = output;
  if (Array.isArray(filenames) && output.content === void 0 && filenames.every((name) => typeof name === "string")) {
    return filenames.join("\n");
  }
  return text2(output.content) ?? text2(output.result) ?? text2(output.llmContent) ?? partsText(output.llmContent);
}
function partsText(value) {
  if (!Array.isArray(value) || value.length === 0) return void 0;
  const texts = value.map((part) => isRecord2(part) ? text2(part.text) : void 0);
  return texts.every((piece) => piece !== void 0) ? texts.join("\n") : void 0;
}
function outputBytes(output) {
  if (typeof output === "string") return utf8ByteLength(output);
  if (Array.isArray(output)) {
    let bytes = 2;
    for (const item of output) bytes += outputBytes(item) + 1;
    return bytes;
  }
  if (isRecord2(output)) {
    let bytes = 2;
    for (const key in output) {
      bytes += utf8ByteLength(key) + 4 + outputBytes(output[key]);
    }
    return bytes;
  }
  return output === void 0 ? 0 : utf8ByteLength(JSON.stringify(output) ?? "");
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

// hooks/engine/_full_output.ts
var FULL_OUTPUT_MAX_BYTES = 64 * 1024 * 1024;
var CANDIDATES = 8;
function readFullOutput(file) {
  try {
    const root2 = Deno.realPathSync(file.within);
    const path = Deno.realPathSync(file.path);
    if (!path.startsWith(`${root2}/`)) return void 0;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (parent.slice(parent.lastIndexOf("/") + 1) !== file.folder) {
      return void 0;
    }
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > FULL_OUTPUT_MAX_BYTES) return void 0;
    return Deno.readTextFileSync(path);
  } catch {
    return void 0;
  }
}
function privateFolder(path, uid) {
  const info = Deno.lstatSync(path);
  return info.isDirectory && !info.isSymlink && info.uid === uid && ((info.mode ?? 511) & 63) === 0;
}
function ownFolder(path, uid) {
  const info = Deno.lstatSync(path);
  return info.isDirectory && !info.isSymlink && info.uid === uid;
}
function startsWith(path, head) {
  using file = Deno.openSync(path, {
    read: true
  });
  const start = new Uint8Array(head.length);
  let filled = 0;
  while (filled < start.length) {
    const read = file.readSync(start.subarray(filled));
    if (read === null || read === 0) return false;
    filled += read;
  }
  return start.every((byte, i) => byte === head[i]);
}
function readFailedOutput(place) {
  try {
    const uid = Deno.uid();
    if (uid === null || !privateFolder(place.root, uid)) return void 0;
    const head = new TextEncoder().encode(place.head);
    const tail = place.tail.trim();
    for (const folder of place.folders) {
      const dir = tryFolder(place.root, folder, uid);
      if (dir === void 0) continue;
      for (const path of newestFiles(dir, uid, head.length)) {
        if (!startsWith(path, head)) continue;
        const text3 = Deno.readTextFileSync(path);
        if (text3.indexOf(tail, place.head.length) !== -1) return text3;
      }
    }
  } catch {
  }
  return void 0;
}
function tryFolder(root2, folder, uid) {
  let dir = root2;
  for (const name of folder.split("/")) {
    if (name === "" || name === "." || name === "..") return void 0;
    dir = `${dir}/${name}`;
    try {
      if (!ownFolder(dir, uid)) return void 0;
    } catch {
      return void 0;
    }
  }
  return dir;
}
function newestFiles(dir, uid, minBytes) {
  const files = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.isFile) continue;
    const path = `${dir}/${entry.name}`;
    const info = Deno.lstatSync(path);
    if (!info.isFile || info.uid !== uid || info.size < minBytes || info.size > FULL_OUTPUT_MAX_BYTES) continue;
    files.push({
      path,
      at: info.mtime?.getTime() ?? 0
    });
  }
  return files.sort((a, b) => b.at - a.at).slice(0, CANDIDATES).map((file) => file.path);
}

// src/store/tool_calls.ts
var SHRINK_TOOL_PREFIX = "shrink/";

// src/shrink/index_shrunk.ts
function indexShrunk(kb, shrunk) {
  return kb.index({
    label: shrunk.source,
    content: shrunk.indexText,
    origin: shrunk.origin,
    kind: shrunk.indexKind
  });
}

// src/statusline/session_totals.ts
function sessionTotalsPath(dataHome2, project, sessionId) {
  return joinPath(dataHome2, "status", `${projectHash(project)}-${projectHash(sessionId)}.json`);
}
function writeSessionTotals(path, totals) {
  const folder = path.slice(0, path.lastIndexOf("/"));
  Deno.mkdirSync(folder, {
    recursive: true,
    mode: 448
  });
  const temp = `${path}.${Deno.pid}.tmp`;
  Deno.writeTextFileSync(temp, JSON.stringify(totals), {
    mode: 384
  });
  Deno.renameSync(temp, path);
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
function canSubagentCallServer(adapter, agentType, projectDir2, facts) {
  return adapter.subagentCanCallServer?.(agentType, {
    home: userHome(facts.env),
    env: facts.env,
    projectDir: projectDir2,
    readText: readTextOrUndefined,
    listNames
  }) ?? true;
}

// hooks/engine/_keep_shrunk.ts
async function keepShrunk(shrunk, options) {
  let kb;
  try {
    const { KnowledgeBase } = await loadEngineModule("knowledgeBase");
    kb = KnowledgeBase.open(options.database, {
      scrubber: options.scrubber
    });
  } catch (error) {
    warn(`${firstLine(error)}; the result is left as it is`);
    return false;
  }
  try {
    indexShrunk(kb, shrunk);
  } catch (error) {
    kb.close();
    warn(`${firstLine(error)}; the result is left as it is`);
    return false;
  }
  try {
    const log = kb.toolCalls();
    log.record({
      sessionId: options.sessionId,
      tool: `${SHRINK_TOOL_PREFIX}${options.toolName}`,
      at: options.at,
      bytesIn: shrunk.originalBytes,
      bytesOut: !options.delivered ? shrunk.originalBytes : options.beside ? shrunk.originalBytes + shrunk.viewBytes : shrunk.viewBytes,
      error: false
    });
    writeSessionTotals(sessionTotalsPath(options.dataHome, options.project, options.sessionId), log.totals(options.sessionId));
  } catch (error) {
    warn(`${firstLine(error)}; the shrink is not counted`);
  } finally {
    kb.close();
  }
  return true;
}

// hooks/engine/_whole_read.ts
var WHOLE_READ_MAX_BYTES = FULL_OUTPUT_MAX_BYTES;
var RANGE_KEYS = [
  "offset",
  "limit",
  "start_line",
  "end_line",
  "startLine",
  "endLine",
  "StartLine",
  "EndLine",
  "line_offset",
  "n_lines",
  "pages"
];
function readWholeFile(call, givenBytes) {
  const path = call.input.path;
  if (call.toolKind !== "read" || typeof path !== "string" || path === "") {
    return void 0;
  }
  const input = call.input;
  if (RANGE_KEYS.some((key) => input[key] !== void 0)) return void 0;
  try {
    const root2 = Deno.realPathSync(call.projectDir);
    const named = /^(?:\/|[A-Za-z]:[\\/])/.test(path) ? path : `${root2}/${path}`;
    const real = Deno.realPathSync(named);
    if (!real.startsWith(`${root2}/`)) return void 0;
    const relative = real.slice(root2.length + 1);
    const info = Deno.statSync(real);
    if (!fits(info, givenBytes) || !shrinkableRead(relative, info.size)) {
      return void 0;
    }
    using file = Deno.openSync(real, {
      read: true
    });
    const opened = file.statSync();
    if (!fits(opened, givenBytes)) return void 0;
    const bytes = new Uint8Array(opened.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = file.readSync(bytes.subarray(filled));
      if (read === null || read === 0) break;
      filled += read;
    }
    const text3 = new TextDecoder("utf-8", {
      fatal: true
    }).decode(bytes.subarray(0, filled));
    return shrinkableRead(relative, filled, text3.slice(0, 65536)) ? text3 : void 0;
  } catch {
    return void 0;
  }
}
function fits(info, givenBytes) {
  return info.isFile && info.size > givenBytes && info.size <= WHOLE_READ_MAX_BYTES;
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

// hooks/engine/decide_post_tool_use.ts
async function decidePostToolUse(adapter, input, facts) {
  const given = withFullOutput(input);
  const session = {
    platform: given.platform,
    sessionId: given.sessionId
  };
  const where = projectPaths(given.projectDir, facts);
  const shrink = canDeliver(adapter, input) && !lostRest(input, given) ? shrinkDeps(adapter, input, where, facts) : void 0;
  const whole = shrink?.settings.enabled ? withFailedOutput(input) ?? withWholeRead(given, input.error) : void 0;
  let kept = false;
  const keep2 = (shrunk) => {
    kept = true;
    return shrink.keep(whole ? {
      ...shrunk,
      originalBytes: whole.givenBytes
    } : shrunk);
  };
  return await postToolUse(whole?.call ?? given, {
    record: (record) => {
      const write = () => withSession(where.database, (store) => store.record(session, record, facts.now), facts.sessions);
      if (!kept || !facts.defer) return write();
      facts.defer(async () => {
        await write();
      });
    },
    shrink: shrink ? {
      ...shrink,
      keep: keep2
    } : void 0
  }, {
    error: input.error
  });
}
function withWholeRead(call, error) {
  if (call.toolKind !== "read") return void 0;
  const output = call.output;
  const given = typeof output === "string" ? output : output === void 0 ? error ?? "" : JSON.stringify(output) ?? "";
  const givenBytes = utf8ByteLength(given);
  const whole = readWholeFile(call, givenBytes);
  return whole === void 0 ? void 0 : {
    call: {
      ...call,
      output: whole
    },
    givenBytes
  };
}
function withFullOutput(input) {
  const { call, fullOutput } = input;
  const output = call.output;
  if (!fullOutput || typeof output !== "object" || output === null) return call;
  const whole = readFullOutput(fullOutput);
  return whole === void 0 ? call : {
    ...call,
    output: {
      ...output,
      stdout: whole
    }
  };
}
function withFailedOutput(input) {
  const { call, failedOutput, error } = input;
  if (!failedOutput || error === void 0 || call.output !== void 0) {
    return void 0;
  }
  const whole = readFailedOutput(failedOutput);
  return whole === void 0 ? void 0 : {
    call: {
      ...call,
      output: {
        stdout: whole
      }
    },
    givenBytes: utf8ByteLength(error)
  };
}
function lostRest(input, call) {
  return input.fullOutput !== void 0 && call === input.call;
}
function canDeliver(adapter, input) {
  return adapter.capabilities.modifyOutput && adapter.formatReplacement !== void 0 && (adapter.canReplaceOutput?.(input) ?? true);
}
function shrinkDeps(adapter, input, where, facts) {
  const { call } = input;
  const settings = readShrinkSettings(where.project, {
    env: facts.env
  });
  for (const note of settings.notes) warn(`shrink settings: ${note}`);
  const scrubber = secretScrubber(facts.env);
  return {
    settings,
    toolsAvailable: (adapter.serverToolsBuiltIn === true || serverIsAlive(where.home, where.project, facts.now)) && (!input.subagent || canSubagentCallServer(adapter, input.agentType, call.projectDir, facts)),
    scrubber,
    searchTool: adapter.serverToolName?.("ctx_search"),
    now: facts.now,
    keep: (shrunk) => {
      const keep2 = () => keepShrunk(shrunk, {
        database: where.database,
        dataHome: where.home,
        project: where.project,
        sessionId: call.sessionId,
        toolName: call.toolName,
        scrubber,
        delivered: adapter.formatReplacement !== void 0,
        beside: adapter.viewBeside?.(input) ?? false,
        at: facts.now
      });
      if (!facts.defer) return keep2();
      facts.defer(async () => {
        await keep2();
      });
      return true;
    }
  };
}
export {
  decidePostToolUse
};
