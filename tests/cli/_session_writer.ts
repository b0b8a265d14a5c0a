/**
 * One of the concurrent writers of the session concurrency test: feeds
 * `count` PostToolUse payloads through the real hook engine, one after the
 * other, each opening and closing the project database as a hook process does,
 * or, with `kept`, on a database kept open as the server's hook socket keeps it.
 *
 * Usage: deno run -A _session_writer.ts <data home> <project> <session id> <writer> <count> [kept]
 *
 * @module
 */

import { claudeCode } from "../../adapters/claude_code/adapter.ts";
import { runHook } from "../../hooks/engine/run_hook.ts";
import { SessionStoreCache } from "../../src/session/store_cache.ts";

const [
  home = "",
  project = "",
  sessionId = "",
  writer = "",
  count = "0",
  mode = "",
] = Deno.args;
const sessions = mode === "kept" ? new SessionStoreCache() : undefined;
for (let i = 0; i < Number(count); i++) {
  const payload = {
    "session_id": sessionId,
    cwd: project,
    "hook_event_name": "PostToolUse",
    "tool_name": "Read",
    "tool_input": { "file_path": `${project}/src/w${writer}/file-${i}.ts` },
    "tool_response": { type: "text", file: { content: `// ${i}` } },
  };
  await runHook(claudeCode, "PostToolUse", JSON.stringify(payload), {
    env: { CTX_MODE_HOME: home, HOME: home },
    parentPid: 1,
    now: Date.now(),
    sessions,
  });
}
