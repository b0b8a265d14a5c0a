/**
 * The routing decision for one tool call: send bulky work to ctx-mode's tools
 * (deny with a reason naming the tool), add a short guidance note, append the
 * routing block to subagent prompts, or let the call pass.
 *
 * Pure: it must never read files, the clock, the environment or a database,
 * and must never name a platform. What it needs from the world (are the tools
 * there, which notes were shown, how big is a file) comes in as options.
 * It is not the safety guard and must never be used to allow a dangerous call.
 *
 * @module
 */

import { isAbsolutePath, joinPath } from "../config/path_lite.ts";
import { type ShellCommand, shellCommands } from "./_shell_words.ts";
import { ROUTING_BLOCK, ROUTING_BLOCK_MARKER } from "./routing_block.ts";
import type { Decision, NoteKind, ToolCallEvent } from "./types.ts";

/** A file at least this big is "large" for reads and `cat`, in bytes. */
export const LARGE_FILE_BYTES: number = 100 * 1024;

/** Options for {@linkcode routeToolCall}. */
export interface RouteOptions {
  /**
   * Whether the agent can call ctx-mode's tools now: the server's heartbeat
   * for this project is fresh and the caller is not a subagent without MCP
   * access. Redirects and denies apply only when this is true.
   */
  toolsAvailable: boolean;
  /**
   * Whether a guidance note of this kind was already shown in this session.
   * The caller records a note when it delivers a `context` decision carrying
   * its `noteKind`.
   *
   * @default {() => false}
   */
  alreadyNoted?: (kind: NoteKind) => boolean;
  /**
   * The size of a file in bytes, or `undefined` when unknown. Gets an
   * absolute path.
   *
   * @default {() => undefined}
   */
  fileSize?: (path: string) => number | undefined;
  /**
   * Whether a subagent of this type (undefined: the platform's default) can
   * call ctx-mode's tools; its prompt gets the routing block only then.
   *
   * @default {() => true}
   */
  subagentCanCallTools?: (agentType: string | undefined) => boolean;
}

/** What one simple command would do, as far as routing cares. */
type Finding =
  | { type: "deny"; reason: string; fallback: NoteKind }
  | { type: "note"; kind: NoteKind };

const WRAPPERS = new Set([
  "sudo",
  "env",
  "time",
  "nice",
  "nohup",
  "command",
  "exec",
  "builtin",
]);

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);

/** Programs a download may be piped into without its body reaching the context. */
const BODY_SINKS = new Set([
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
  ...SHELLS,
  "sudo",
]);

/** Programs that bound the output they print. */
const BOUNDED = new Set(["head", "tail", "wc", "less", "more"]);

const BUILD_TOOLS = new Set(["gradle", "gradlew", "mvn", "mvnw", "sbt"]);

/** Interpreter → the flags that take inline code. */
const INLINE_CODE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["node", new Set(["-e", "--eval", "-p", "--print"])],
  ["bun", new Set(["-e", "--eval", "-p", "--print"])],
  ["deno", new Set(["eval"])],
  ["python", new Set(["-c"])],
  ["python3", new Set(["-c"])],
  ["ruby", new Set(["-e"])],
  ["perl", new Set(["-e", "-E"])],
  ["php", new Set(["-r"])],
]);

const INLINE_HTTP =
  /\bfetch\s*\(|\brequests\.(get|post|put|delete|patch|head|request|Session)\b|\burllib\b|\burlopen\s*\(|\bhttpx\.|\bhttps?\.(get|request)\s*\(|\baxios\b|\bhttp\.client\b|Net::HTTP|open-uri|\bLWP::|HTTP::Tiny|file_get_contents\s*\(\s*["']https?:|\bcurl_exec\b|\bURI\.open\b/;

const TEST_RUNNERS = new Set([
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
  "tox",
]);

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);

const MCP_BULK_VERBS = new Set([
  "list",
  "search",
  "get",
  "read",
  "fetch",
  "query",
  "export",
  "download",
  "history",
]);

const MCP_BULK_NOUNS = new Set([
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
  "rows",
]);

const NOTES: Readonly<Record<NoteKind, { tools: string; plain: string }>> = {
  "http": {
    tools:
      "Fetching a URL prints its body into your context: use ctx_fetch_and_index then ctx_search, or process it in ctx_execute.",
    plain:
      "A fetched body lands in your context: save it with -o FILE and read only what you need.",
  },
  "web-fetch": {
    tools:
      "Prefer ctx_fetch_and_index then ctx_search for web pages: the page is indexed, not pasted into context.",
    plain: "Web pages can be long: ask only for what you need from the page.",
  },
  "large-read": {
    tools:
      "This file is large: to analyse it, use ctx_execute_file and print only the answer; read it whole only to edit it.",
    plain:
      "This file is large: read the part you need (offset/limit) rather than all of it.",
  },
  "broad-grep": {
    tools:
      "This search may return many matches: narrow the path or pattern, or run it in ctx_execute and print a summary.",
    plain:
      "This search may return many matches: narrow the path or pattern, or cap the results.",
  },
  "chatty-shell": {
    tools:
      "This command can print a lot: run it in ctx_execute (or ctx_batch_execute) and print only what you need, or cap it (git log -n 20, | head -n 50).",
    plain:
      "This command can print a lot: cap it (git log -n 20, | head -n 50).",
  },
  "test-runner": {
    tools:
      "Test runs can print a lot: run them in ctx_execute and print only failures and the summary.",
    plain:
      "Test runs can print a lot: pipe through | tail -n 50 or filter to failures.",
  },
  "build-output": {
    tools:
      "Builds print thousands of lines: run them in ctx_execute and print only the tail.",
    plain:
      "Builds print thousands of lines: append 2>&1 | tail -n 60 to see only the end.",
  },
  "mcp-bulk": {
    tools:
      "This tool can return bulk data: ask for a small page, or index the result (ctx_index) and query it with ctx_search.",
    plain:
      "This tool can return bulk data: ask for a small page or filter the query.",
  },
};

const ALLOW: Decision = { kind: "allow" };

/**
 * Decides what to do with a tool call before it runs.
 *
 * @param event The neutral tool call.
 * @param options Whether ctx-mode's tools are callable, the note throttle, a file-size probe.
 * @returns The decision: deny (a redirect naming a ctx-mode tool), context (a
 * guidance note), modify (a subagent prompt with the routing block), or allow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { routeToolCall } from "./route.ts";
 *
 * const event = {
 *   platform: "any",
 *   sessionId: "s1",
 *   projectDir: "/p",
 *   toolName: "shell",
 *   toolKind: "shell" as const,
 *   input: { command: "curl https://example.com/api" },
 * };
 * assert.equal(routeToolCall(event, { toolsAvailable: true }).kind, "deny");
 * assert.equal(routeToolCall(event, { toolsAvailable: false }).kind, "context");
 * ```
 */
export function routeToolCall(
  event: ToolCallEvent,
  options: RouteOptions,
): Decision {
  const {
    toolsAvailable,
    alreadyNoted = () => false,
    fileSize = () => undefined,
    subagentCanCallTools = () => true,
  } = options;

  function note(kind: NoteKind): Decision {
    if (alreadyNoted(kind)) return ALLOW;
    const texts = NOTES[kind];
    return {
      kind: "context",
      text: toolsAvailable ? texts.tools : texts.plain,
      noteKind: kind,
    };
  }

  function sizeOf(path: string): number | undefined {
    return fileSize(
      isAbsolutePath(path) ? path : joinPath(event.projectDir, path),
    );
  }

  const input = event.input;
  switch (event.toolKind) {
    case "shell": {
      const command = stringField(input, "command");
      if (command === undefined) return ALLOW;
      const finding = routeShell(command, sizeOf, 0);
      if (!finding) return ALLOW;
      if (finding.type === "deny") {
        return toolsAvailable
          ? { kind: "deny", reason: finding.reason }
          : note(finding.fallback);
      }
      return note(finding.kind);
    }
    case "fetch": {
      if (!toolsAvailable) return note("web-fetch");
      const url = stringField(input, "url");
      return {
        kind: "deny",
        reason: `Use ctx_fetch_and_index${
          url ? ` with url "${url}"` : ""
        } instead, then ctx_search for what you need: the page is indexed in the knowledge base rather than pasted into your context.`,
      };
    }
    case "read": {
      if (input["limit"] !== undefined) return ALLOW;
      const path = stringField(input, "path");
      const size = path === undefined ? undefined : sizeOf(path);
      return size !== undefined && size >= LARGE_FILE_BYTES
        ? note("large-read")
        : ALLOW;
    }
    case "grep":
      return input["limit"] === undefined && isBroadGrep(input)
        ? note("broad-grep")
        : ALLOW;
    case "task": {
      const prompt = stringField(input, "prompt");
      if (
        !toolsAvailable || prompt === undefined ||
        prompt.includes(ROUTING_BLOCK_MARKER) ||
        !subagentCanCallTools(stringField(input, "agentType"))
      ) {
        return ALLOW;
      }
      return {
        kind: "modify",
        input: { ...input, prompt: `${prompt}\n\n${ROUTING_BLOCK}` },
        note: "Added the ctx-mode routing block so the subagent routes too.",
      };
    }
    case "mcp":
      return isBulkMcpTool(event.toolName) ? note("mcp-bulk") : ALLOW;
    default:
      return ALLOW;
  }
}

function stringField(
  input: Readonly<Record<string, unknown>>,
  key: string,
): string | undefined {
  const value = input[key];
  return typeof value === "string" ? value : undefined;
}

/** The most important finding in a command line: a deny beats a note. */
function routeShell(
  line: string,
  sizeOf: (path: string) => number | undefined,
  depth: number,
): Finding | undefined {
  let commands: ShellCommand[];
  try {
    commands = shellCommands(line);
  } catch {
    // Unparsable lines are the safety guard's business, not routing's.
    return undefined;
  }
  let found: Finding | undefined;
  for (const [index, command] of commands.entries()) {
    const downstream = pipedInto(commands, index);
    const finding = routeCommand(command, downstream, sizeOf, depth);
    if (finding?.type === "deny") return finding;
    found ??= finding;
  }
  return found;
}

/** The programs that receive this command's stdout through pipes. */
function pipedInto(commands: ShellCommand[], index: number): string[] {
  const programs: string[] = [];
  for (let i = index; i < commands.length; i++) {
    const command = commands[i];
    if (command?.next !== "|") break;
    const next = commands[i + 1];
    const name = next ? programOf(next.words).name : undefined;
    if (name) programs.push(name);
  }
  return programs;
}

/** Skips assignments and wrappers (`sudo`, `env`, `timeout 30`) to the program. */
function programOf(words: string[]): { name?: string; args: string[] } {
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
    } else if (WRAPPERS.has(word)) {
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
  if (first === undefined) return { args: [] };
  return { name: baseName(first), args: words.slice(i + 1) };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Whether stdout goes to a file (or /dev/null) rather than the context. */
function stdoutRedirected(command: ShellCommand): boolean {
  return command.redirects.some((r) =>
    (r.op === ">" || r.op === ">>" || r.op === ">|" || r.op === "&>" ||
      r.op === "&>>") &&
    (r.fd === undefined || r.fd === 1)
  );
}

function routeCommand(
  command: ShellCommand,
  downstream: string[],
  sizeOf: (path: string) => number | undefined,
  depth: number,
): Finding | undefined {
  const { name, args } = programOf(command.words);
  if (name === undefined) return undefined;
  const quiet = stdoutRedirected(command);
  const bounded = quiet || downstream.some((p) => BOUNDED.has(p));

  if (SHELLS.has(name)) {
    const c = args.indexOf("-c");
    const script = c >= 0 ? args[c + 1] : undefined;
    return script !== undefined && depth < 2
      ? routeShell(script, sizeOf, depth + 1)
      : undefined;
  }
  if (name === "curl") return routeCurl(args, quiet, downstream);
  if (name === "wget") return routeWget(args, quiet, downstream);

  const inline = INLINE_CODE.get(name);
  if (inline) {
    const flag = args.findIndex((a) => inline.has(a));
    const code = flag >= 0 ? args[flag + 1] : undefined;
    if (code !== undefined && INLINE_HTTP.test(code)) {
      return {
        type: "deny",
        reason:
          `Inline HTTP in a ${name} one-liner prints the response into your context. Run the same code with ctx_execute instead and print only what you need (or use ctx_fetch_and_index for a page you will search).`,
        fallback: "http",
      };
    }
  }

  if (BUILD_TOOLS.has(name)) {
    const isQuiet = args.some((a) =>
      a === "-q" || a === "--quiet" || a === "-v" || a === "--version" ||
      a === "-version" || a === "--help" || a === "-h"
    );
    if (bounded || isQuiet) return undefined;
    const line = command.words.join(" ");
    return {
      type: "deny",
      reason:
        `${name} prints thousands of lines. Run it with ctx_execute (shell) and print only the tail, e.g. \`${line} 2>&1 | tail -n 60\`; the full log stays out of your context.`,
      fallback: "build-output",
    };
  }

  if (bounded) return undefined;
  if (isTestRun(name, args)) return { type: "note", kind: "test-runner" };

  switch (name) {
    case "git": {
      let sub = 0;
      while (args[sub]?.startsWith("-")) {
        sub += args[sub] === "-C" || args[sub] === "-c" ? 2 : 1;
      }
      if (args[sub] !== "log") return undefined;
      const rest = args.slice(sub + 1);
      const limited = rest.some((a) =>
        /^-\d+$/.test(a) || /^-n\d*$/.test(a) || a.startsWith("--max-count") ||
        a.startsWith("--since") || a.startsWith("--after") || a === "-L" ||
        /\.\./.test(a)
      );
      return limited ? undefined : { type: "note", kind: "chatty-shell" };
    }
    case "find": {
      const roots = args.filter((a) => !a.startsWith("-")).slice(0, 1);
      return roots.some((r) => r === "/" || r === "~" || r === "/home")
        ? { type: "note", kind: "chatty-shell" }
        : undefined;
    }
    case "cat":
    case "less":
    case "more": {
      const files = args.filter((a) => !a.startsWith("-"));
      return files.some((f) => (sizeOf(f) ?? 0) >= LARGE_FILE_BYTES)
        ? { type: "note", kind: "large-read" }
        : undefined;
    }
    case "grep":
    case "egrep":
    case "rg":
    case "ag": {
      const operands = args.filter((a) => !a.startsWith("-"));
      const broadRoot = operands.slice(1).some((p) => p === "/" || p === "~");
      const pattern = operands[0];
      const tiny = pattern !== undefined && pattern.length < 3;
      return broadRoot || tiny
        ? { type: "note", kind: "broad-grep" }
        : undefined;
    }
    default:
      return undefined;
  }
}

/** curl's short options that take a value (the rest of the cluster, or the next word). */
const CURL_VALUE_FLAGS = new Set("AbCcDdEeFHKmoQrTtUuwXxYyz");

/** wget's short options that take a value. */
const WGET_VALUE_FLAGS = new Set("aABDeIiloOPQRtTUwX");

/**
 * Walks the short-option clusters (`-sSLo FILE`, `-qO-`) of a command's
 * arguments and calls `visit` with each flag and its value, if it takes one.
 */
function eachShortFlag(
  args: string[],
  valueFlags: ReadonlySet<string>,
  visit: (flag: string, value: string | undefined) => void,
): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!/^-[A-Za-z]/.test(arg)) continue;
    for (let j = 1; j < arg.length; j++) {
      const flag = arg[j] as string;
      if (!valueFlags.has(flag)) {
        visit(flag, undefined);
        continue;
      }
      const attached = arg.slice(j + 1);
      if (attached === "") i++;
      visit(flag, attached === "" ? args[i] : attached);
      break;
    }
  }
}

/** The value of a long option given as `--name value` or `--name=value`. */
function longOption(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === name) return args[i + 1] ?? "-";
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

function routeCurl(
  args: string[],
  quiet: boolean,
  downstream: string[],
): Finding | undefined {
  let toFile = args.some((a) =>
    a === "--remote-name" || a === "--remote-name-all" || a === "--output-dir"
  );
  let noBody = args.some((a) =>
    a === "--head" || a === "--version" || a === "--help"
  );
  const output = longOption(args, "--output");
  if (output !== undefined && !isStdout(output)) toFile = true;
  eachShortFlag(args, CURL_VALUE_FLAGS, (flag, value) => {
    if (flag === "O") toFile = true;
    else if (flag === "o" && !isStdout(value)) toFile = true;
    else if (flag === "I" || flag === "V" || flag === "h") noBody = true;
  });
  if (toFile || noBody || quiet || downstream.some((p) => BODY_SINKS.has(p))) {
    return undefined;
  }
  return {
    type: "deny",
    reason:
      "curl would print the response body into your context. Use ctx_fetch_and_index with the URL, then ctx_search for what you need; for an API you must process, fetch and filter it in ctx_execute and print only the result. A silent download to a file (curl -sSL -o FILE URL) is fine.",
    fallback: "http",
  };
}

function routeWget(
  args: string[],
  quiet: boolean,
  downstream: string[],
): Finding | undefined {
  const document = longOption(args, "--output-document");
  let toStdout = document !== undefined && isStdout(document);
  eachShortFlag(args, WGET_VALUE_FLAGS, (flag, value) => {
    if (flag === "O") toStdout = isStdout(value);
  });
  if (!toStdout || quiet || downstream.some((p) => BODY_SINKS.has(p))) {
    return undefined;
  }
  return {
    type: "deny",
    reason:
      "wget -O - would print the response body into your context. Use ctx_fetch_and_index with the URL, then ctx_search; or fetch and filter it in ctx_execute. A download to a file (wget -q -O FILE URL) is fine.",
    fallback: "http",
  };
}

function isStdout(target: string | undefined): boolean {
  return target === undefined || target === "-" || target === "/dev/stdout";
}

function isTestRun(name: string, args: string[]): boolean {
  const [first, second] = args;
  if (TEST_RUNNERS.has(name)) return true;
  if (name === "npx" || name === "bunx" || name === "pnpx") {
    return first !== undefined && TEST_RUNNERS.has(first);
  }
  if (PACKAGE_MANAGERS.has(name)) {
    return first === "test" || first === "t" ||
      (first === "run" && second !== undefined && /^test/.test(second)) ||
      (name !== "npm" && first !== undefined && /^test:/.test(first));
  }
  if (name === "deno" || name === "go" || name === "cargo") {
    return first === "test";
  }
  if (name === "dotnet" || name === "mix" || name === "swift") {
    return first === "test";
  }
  if (name === "make") return first === "test" || first === "check";
  if (name === "python" || name === "python3") {
    return first === "-m" &&
      (second === "pytest" || second === "unittest" || second === "tox");
  }
  return false;
}

function isBroadGrep(input: Readonly<Record<string, unknown>>): boolean {
  const pattern = stringField(input, "pattern");
  const path = stringField(input, "path");
  if (path === "/" || path === "~") return true;
  if (pattern === undefined) return false;
  return pattern.length < 3 || /^(\.\*|\.\+|\\w\+|\\S\+|\.)$/.test(pattern);
}

function isBulkMcpTool(toolName: string): boolean {
  const words = toolName.toLowerCase().split(/[^a-z0-9]+/).filter((w) =>
    w !== ""
  );
  if (words.includes("ctx")) return false;
  const verb = words.some((w) => MCP_BULK_VERBS.has(w));
  const noun = words.some((w) => MCP_BULK_NOUNS.has(w));
  return verb && noun;
}
