// src/hook_channel/socket_path.ts
var MAX_SOCKET_PATH = 100;
var PROTOCOL_GENERATION = 2;
var ENCODER = new TextEncoder();
var PROJECT_DIR_VARIABLES = [
  "CTX_MODE_PROJECT_DIR",
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "QWEN_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  "KIRO_PROJECT_DIR",
  "VSCODE_CWD"
];
function hookSocketOff(env) {
  const setting = env.CTX_MODE_HOOK_SOCKET?.trim().toLowerCase() ?? "";
  return [
    "off",
    "0",
    "false",
    "no"
  ].includes(setting);
}
function socketFolder(dataHome) {
  return normalize(`${dataHome}/run`);
}
function socketOf(dataHome, project) {
  const path = `${socketFolder(dataHome)}/${projectHash(project)}-${PROTOCOL_GENERATION}.sock`;
  return ENCODER.encode(path).length <= MAX_SOCKET_PATH ? path : void 0;
}
function hookSocketPath(env, cwd) {
  if (!cwd.startsWith("/")) return void 0;
  const explicit = env.CTX_MODE_HOME?.trim();
  const home = env.HOME ?? env.USERPROFILE;
  if (!explicit && !home) return void 0;
  const dataHome = explicit ? resolve(explicit.startsWith("/") ? "/" : Deno.cwd(), explicit) : normalize(`${home}/.ctx-mode`);
  let named;
  for (let i = 0; i < PROJECT_DIR_VARIABLES.length && !named; i++) {
    named = env[PROJECT_DIR_VARIABLES[i]]?.trim();
  }
  return socketOf(dataHome, realPath(resolve(cwd, named || cwd)));
}
function keyPath(socket) {
  return `${socket.replace(/\.sock$/, "")}.key`;
}
function isPrivateFolder(folder) {
  try {
    const info = Deno.lstatSync(folder);
    return info.isDirectory && info.uid === Deno.uid() && ((info.mode ?? 511) & 63) === 0;
  } catch {
    return false;
  }
}
function projectHash(path) {
  let h0 = 8997, h1 = 33826, h2 = 40164, h3 = 52210;
  const bytes = ENCODER.encode(path);
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i];
    const r0 = h0 * 435;
    const r1 = h1 * 435 + (r0 >>> 16);
    const r2 = h2 * 435 + (h0 << 8) + (r1 >>> 16);
    const r3 = h3 * 435 + (h1 << 8) + (r2 >>> 16);
    h0 = r0 & 65535;
    h1 = r1 & 65535;
    h2 = r2 & 65535;
    h3 = r3 & 65535;
  }
  return (h3 * 65536 + h2).toString(16).padStart(8, "0") + (h1 * 65536 + h0).toString(16).padStart(8, "0");
}
function realPath(path) {
  try {
    return Deno.realPathSync(path);
  } catch {
    return path;
  }
}
function resolve(from, path) {
  return normalize(path.startsWith("/") ? path : `${from}/${path}`);
}
function normalize(path) {
  const absolute = path.startsWith("/");
  const parts = [];
  const split = path.split("/");
  for (let i = 0; i < split.length; i++) {
    const part = split[i];
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  return (absolute ? "/" : "") + parts.join("/") || ".";
}

// src/hook_channel/deadline.ts
function deadlineIn(ms) {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const wait = Atomics.waitAsync(cell, 0, 0, ms);
  const reached = wait.async ? wait.value.then((outcome) => outcome === "timed-out" ? void 0 : new Promise(() => {
  })) : Promise.resolve();
  return {
    reached,
    cancel: () => void Atomics.notify(cell, 0)
  };
}

// src/hook_channel/exchange.ts
var SERVER_DEADLINE_MS = 150;
var ANSWER_PATIENCE_MS = 1e4;
var MAX_LINE_BYTES = 16 * 1024 * 1024;
function framedRequest(fields, payload) {
  const head = new TextEncoder().encode(`${JSON.stringify({
    ...fields,
    payloadBytes: payload.length
  })}
`);
  const bytes = new Uint8Array(head.length + payload.length);
  bytes.set(head);
  bytes.set(payload, head.length);
  return bytes;
}
async function writeAllTo(connection, bytes) {
  for (let at = 0; at < bytes.length; ) {
    at += await connection.write(bytes.subarray(at));
  }
}
async function connectTo(path) {
  try {
    return await Deno.connect({
      transport: "unix",
      path
    });
  } catch {
    return void 0;
  }
}
async function exchange(connection, id, request, deadline) {
  let watched = deadline;
  let patience;
  let finished = false;
  let giveUp = () => {
  };
  const gaveUp = new Promise((resolve2) => {
    giveUp = () => {
      if (finished) return;
      closeQuietly(connection);
      resolve2(void 0);
    };
  });
  const watch = (next) => {
    watched = next;
    next.reached.then(() => {
      if (watched === next) giveUp();
    });
  };
  watch(deadline);
  const talk = async () => {
    writeAllTo(connection, request).catch(() => {
    });
    const lines = new LineReader(connection);
    let line = await lines.next();
    if (line !== void 0 && isAccepted(line)) {
      line = lines.ready();
      if (line === void 0) {
        patience = deadlineIn(ANSWER_PATIENCE_MS);
        watch(patience);
        line = await lines.next();
      }
    }
    closeQuietly(connection);
    return line === void 0 ? void 0 : parseAnswer(line, id);
  };
  try {
    return await Promise.race([
      talk().catch(() => void 0),
      gaveUp
    ]);
  } finally {
    finished = true;
    patience?.cancel();
  }
}
function closeQuietly(connection) {
  try {
    connection.close();
  } catch {
  }
}
var LineReader = class {
  #connection;
  #decoder;
  #buffer = new Uint8Array(65536);
  #text = "";
  constructor(connection) {
    this.#connection = connection;
  }
  /** A whole line already read, if any. */
  ready() {
    const end = this.#text.indexOf("\n");
    if (end === -1) return void 0;
    const line = this.#text.slice(0, end);
    this.#text = this.#text.slice(end + 1);
    return line;
  }
  /** The next line. */
  async next() {
    while (this.#text.length <= MAX_LINE_BYTES) {
      const line = this.ready();
      if (line !== void 0) return line;
      const read = await this.#connection.read(this.#buffer);
      if (read === null) return void 0;
      const bytes = this.#buffer.subarray(0, read);
      if (this.#decoder === void 0 && isAscii(bytes)) {
        this.#text += asciiText(bytes);
      } else {
        this.#decoder ??= new TextDecoder();
        this.#text += this.#decoder.decode(bytes, {
          stream: true
        });
      }
    }
    return void 0;
  }
};
function isAscii(bytes) {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] > 127) return false;
  }
  return true;
}
function asciiText(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(at, at + 8192));
  }
  return text;
}
function parseAnswer(line, id) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return void 0;
  }
  if (typeof value !== "object" || value === null) return void 0;
  const { id: got, reply } = value;
  if (got !== id || typeof reply !== "object" || reply === null) {
    return void 0;
  }
  const { stdout, exitCode, stderr } = reply;
  if (typeof stdout !== "string" || !Number.isSafeInteger(exitCode)) {
    return void 0;
  }
  if (stderr !== void 0 && typeof stderr !== "string") return void 0;
  return {
    stdout,
    exitCode,
    ...stderr === void 0 ? {} : {
      stderr
    }
  };
}
function isAccepted(line) {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && value.accepted === true;
  } catch {
    return false;
  }
}

// src/hook_channel/stdin_reader.ts
var StdinReader = class {
  #source;
  #chunks = [];
  #total = 0;
  /** Reads to the end of the source, once started. */
  #reading;
  /** @param source What to read. */
  constructor(source) {
    this.#source = source;
  }
  /**
   * Starts reading without waiting, so that the input arrives while the
   * caller does other work; {@linkcode readUntil} and {@linkcode readAll}
   * take up what came.
   */
  prefetch() {
    if (this.#reading !== void 0) return;
    this.#reading = this.#readToEnd();
    this.#reading.catch(() => {
    });
  }
  /**
   * Reads to the end of the input, or until `deadline` passes; the reading
   * goes on then, for the next call, so no byte is lost.
   *
   * @param deadline When to stop waiting.
   * @returns Every byte of the input, or undefined when it had not ended in time.
   */
  async readUntil(deadline) {
    this.prefetch();
    const outcome = await Promise.race([
      this.#reading.then(() => "ended"),
      deadline.reached.then(() => "late")
    ]);
    return outcome === "ended" ? this.#bytes() : void 0;
  }
  /**
   * Reads to the end, giving up only when a whole window of `idleMs` passes
   * with no byte arriving, and closing the source then: a pending read would
   * otherwise keep the process alive until the writer closes its end. A
   * large payload on a slow machine is read on rather than cut, since the
   * writer would meet a closed pipe.
   *
   * @param idleMs How long the input may stay quiet.
   * @returns Every byte, or undefined when the input went quiet before its end.
   */
  async readAll(idleMs) {
    for (; ; ) {
      const readBefore = this.#total;
      const deadline = deadlineIn(idleMs);
      try {
        const bytes = await this.readUntil(deadline);
        if (bytes !== void 0) return bytes;
      } finally {
        deadline.cancel();
      }
      if (this.#total > readBefore) continue;
      try {
        this.#source.close();
      } catch {
      }
      return void 0;
    }
  }
  async #readToEnd() {
    for (; ; ) {
      const buffer = new Uint8Array(this.#total < 65536 ? 65536 : 1048576);
      const read = await this.#source.read(buffer);
      if (read === null) return;
      this.#chunks.push(buffer.subarray(0, read));
      this.#total += read;
    }
  }
  #bytes() {
    if (this.#chunks.length === 1) return this.#chunks[0];
    const bytes = new Uint8Array(this.#total);
    let at = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.#chunks = [
      bytes
    ];
    return bytes;
  }
};

// src/hook_channel/fast_hook.ts
function processHookContext() {
  return {
    env: Deno.env.toObject(),
    cwd: Deno.cwd(),
    stdin: new StdinReader(Deno.stdin),
    out: (text) => writeAll(Deno.stdout, text),
    err: (text) => writeAll(Deno.stderr, text)
  };
}
function writeAll(writer, text) {
  try {
    const bytes = new TextEncoder().encode(text);
    for (let at = 0; at < bytes.length; ) {
      at += writer.writeSync(bytes.subarray(at));
    }
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error);
  }
}
function isFastHook(args) {
  return args.length === 3 && args[0] === "hook" && !args[1].startsWith("-") && !args[2].startsWith("-");
}
async function hookThroughServer(args, context) {
  const [agent, event] = args;
  if (agent === void 0 || event === void 0 || hookSocketOff(context.env)) {
    return FALL_BACK;
  }
  context.stdin.prefetch();
  const path = hookSocketPath(context.env, context.cwd);
  if (path === void 0) return FALL_BACK;
  const connection = await connectTo(path);
  if (connection === void 0) return FALL_BACK;
  const key = keyOf(path);
  if (key === void 0) {
    connection.close();
    return FALL_BACK;
  }
  const deadline = deadlineIn(deadlineFrom(context.env));
  try {
    return await askWithPayload(connection, args, context, key, deadline);
  } finally {
    deadline.cancel();
  }
}
async function askWithPayload(connection, [agent, event], context, key, deadline) {
  const payload = await context.stdin.readUntil(deadline);
  if (payload === void 0) {
    connection.close();
    return FALL_BACK;
  }
  const request = framedRequest({
    id: 1,
    agent,
    event,
    env: context.env,
    ppid: Deno.ppid,
    key
  }, payload);
  const reply = await exchange(connection, 1, request, deadline);
  if (!reply) return FALL_BACK;
  if (reply.stderr) await context.err(reply.stderr);
  if (reply.stdout) await context.out(reply.stdout);
  return {
    exitCode: reply.exitCode
  };
}
var FALL_BACK = {
  fallback: true
};
function deadlineFrom(env) {
  const value = Number(env.CTX_MODE_HOOK_SOCKET_MS);
  return Number.isFinite(value) && value > 0 && value <= 6e4 ? value : SERVER_DEADLINE_MS;
}
function keyOf(socket) {
  if (!isPrivateFolder(socketFolderOf(socket))) return void 0;
  try {
    return Deno.readTextFileSync(keyPath(socket));
  } catch {
    return void 0;
  }
}
function socketFolderOf(socket) {
  return socket.slice(0, socket.lastIndexOf("/")) || "/";
}
export {
  hookThroughServer,
  isFastHook,
  processHookContext
};
