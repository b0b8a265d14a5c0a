// deno-lint-ignore-file no-unused-vars no-console -- inlined into each generated plugin
// The channel to ctx-mode: `ctx-mode hook --serve <platform>`, started on
// first use, one JSON line per request and answer. When ctx-mode cannot
// start or stops answering, every call proceeds and the plugin says so once.

import { spawn } from "node:child_process";

/** The ctx-mode command, as installed; CTX_MODE_COMMAND (a JSON array) overrides it. */
const CTX_MODE_COMMAND = __CTX_MODE_COMMAND__;
/** How long one answer may take before the call proceeds without it. */
const CTX_MODE_ANSWER_MS = 5000;

function ctxModeCommand() {
  try {
    const fromEnv = JSON.parse(process.env.CTX_MODE_COMMAND ?? "null");
    if (
      Array.isArray(fromEnv) &&
      fromEnv.every((part) => typeof part === "string")
    ) {
      return fromEnv;
    }
  } catch {
    // not JSON: the installed command
  }
  return CTX_MODE_COMMAND;
}

/**
 * The channel for one platform and project directory. `ask(event, payload)`
 * resolves to the decision (`{action, …}`) or null to proceed.
 */
function ctxModeChannel(platform, directory) {
  let child;
  let failed = false;
  let warned = false;
  let nextId = 1;
  let buffered = "";
  const waiting = new Map();
  // The channel keeps the host alive only while an answer is awaited.
  const busy = () => {
    child.ref();
    child.stdout.ref?.();
  };
  const idle = () => {
    child.unref();
    child.stdout.unref?.();
  };
  const fail = (why) => {
    failed = true;
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
    if (!warned) {
      warned = true;
      console.error(
        `ctx-mode: ${why}; tool calls proceed without ctx-mode's checks`,
      );
    }
  };
  const start = () => {
    const [program, ...args] = ctxModeCommand();
    child = spawn(program, [...args, "hook", "--serve", platform], {
      cwd: directory,
      stdio: ["pipe", "pipe", "ignore"],
    });
    child.on(
      "error",
      (error) => fail(`cannot start ${program} (${error.message})`),
    );
    child.on("exit", () => fail("its hook channel ended"));
    child.stdin.on("error", () => {});
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      for (
        let end = buffered.indexOf("\n");
        end !== -1;
        end = buffered.indexOf("\n")
      ) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        try {
          const answer = JSON.parse(line);
          waiting.get(answer.id)?.(answer.reply ?? null);
          waiting.delete(answer.id);
        } catch {
          // not an answer: ignored
        }
      }
    });
    idle();
  };
  const decisionOf = (reply) => {
    if (
      !reply || typeof reply.stdout !== "string" || reply.stdout.trim() === ""
    ) return null;
    try {
      return JSON.parse(reply.stdout);
    } catch {
      return null;
    }
  };
  return {
    ask(event, payload) {
      if (failed) return Promise.resolve(null);
      if (!child) start();
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          if (waiting.size === 0) idle();
          resolve(null);
        }, CTX_MODE_ANSWER_MS);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          if (waiting.size <= 1) idle();
          resolve(decisionOf(reply));
        });
        busy();
        child.stdin.write(
          `${
            JSON.stringify({ id, event, payload: { ...payload, directory } })
          }\n`,
        );
      });
    },
  };
}
