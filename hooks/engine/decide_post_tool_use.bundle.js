// src/session/_words.ts
var MAX_CHARS = 4e3;
function simpleCommands(command) {
  const text2 = command.slice(0, MAX_CHARS);
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
  for (let i = 0; i < text2.length; i++) {
    const char = text2[i];
    if (char === "'") {
      const close = text2.indexOf("'", i + 1);
      const end = close === -1 ? text2.length : close;
      word += text2.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      inWord = true;
      for (i++; i < text2.length && text2[i] !== '"'; i++) {
        if (text2[i] === "\\" && i + 1 < text2.length) i++;
        word += text2[i];
      }
    } else if (char === "\\" && i + 1 < text2.length) {
      i++;
      if (text2[i] !== "\n") {
        word += text2[i];
        inWord = true;
      }
    } else if (char === ";" || char === "|" || char === "&" || char === "\n") {
      endCommand();
    } else if (char === " " || char === "	" || char === "\r") {
      endWord();
    } else if (char === "#" && !inWord) {
      const newline = text2.indexOf("\n", i);
      i = newline === -1 ? text2.length : newline - 1;
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
var PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16000}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [^\r\n]*))*)/g;
var TOKEN_SHAPES = /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abeoprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})\b/g;
var URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@]+):([^/\s@]+)@/gi;
var AWS_SECRET_NAME = /aws_secret_access_key/i;
var AWS_SECRET = /(aws_secret_access_key["']?\s*(?:[:=]\s*|\s+)["']?)[A-Za-z0-9/+=]{30,}/gi;
function scrubTokenShapes(text2) {
  let count = 0;
  let result = text2;
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
function clip(text2, max) {
  return text2.length <= max ? text2 : `${text2.slice(0, Math.max(0, max - 1))}\u2026`;
}
function redactText(text2, max = 2e3) {
  let result = text2.length > max + 512 ? text2.slice(0, max + 512) : text2;
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

// src/store/split_oversize.ts
var encoder = new TextEncoder();
function utf8ByteLength(text2) {
  let bytes = 0;
  const length = text2.length;
  for (let i = 0; i < length; i++) {
    const code = text2.charCodeAt(i);
    if (code < 128) {
      bytes += 1;
    } else if (code < 2048) {
      bytes += 2;
    } else if (isHighSurrogate(code) && i + 1 < length && isLowSurrogate(text2.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else {
      bytes += 3;
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
  await deps.record({
    ...capture,
    toolCall: {
      tool: call.toolName,
      kind: call.toolKind,
      outputBytes: outputBytes(call.output)
    }
  });
  return {
    kind: "allow"
  };
}
function outputBytes(output) {
  if (output === void 0) return 0;
  const text2 = typeof output === "string" ? output : JSON.stringify(output) ?? "";
  return utf8ByteLength(text2);
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

// hooks/engine/decide_post_tool_use.ts
async function decidePostToolUse(input, facts) {
  const { call } = input;
  const session = {
    platform: call.platform,
    sessionId: call.sessionId
  };
  const { database } = projectPaths(call.projectDir, facts);
  return await postToolUse(call, {
    record: (record) => withSession(database, (store) => store.record(session, record, facts.now), facts.sessions)
  }, {
    error: input.error
  });
}
export {
  decidePostToolUse
};
