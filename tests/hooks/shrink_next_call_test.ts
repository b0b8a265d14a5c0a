import assert from "node:assert/strict";
import { join } from "node:path";
import { socketPath } from "../../src/hook_channel/socket_path.ts";
import { runHook } from "../_helpers/run_cli.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { waitFor } from "../_helpers/wait_for.ts";

const onUnix = Deno.build.os === "linux" || Deno.build.os === "darwin";

/**
 * About `megabytes` MB of log lines with one unique line near the start and
 * one near the end: indexing so much takes the server long enough that a
 * next call which did not wait for it would not find them.
 */
function bigLog(megabytes: number, early: string, late: string): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const line = `2026-03-01T00:00:${
      String(i % 60).padStart(2, "0")
    }Z INFO [http] GET /api/items/${i} 200 ${i % 90}ms req=${
      (i * 2654435761 >>> 0).toString(16)
    }`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.splice(20, 0, `2026-03-01T00:00:20Z INFO ${early}`);
  lines.splice(lines.length - 40, 0, `2026-03-01T00:01:00Z ERROR ${late}`);
  return lines.join("\n") + "\n";
}

function hookPayload(
  project: string,
  event: string,
  fields: Record<string, unknown>,
) {
  return {
    "session_id": "next-call",
    cwd: project,
    "hook_event_name": event,
    ...fields,
  };
}

Deno.test({
  name:
    "a search right after a PostToolUse shrunk through the socket finds the whole result, though the socket indexes it after answering",
  ignore: !onUnix,
  async fn() {
    await using dir = await tempDir();
    const project = join(dir.path, "project");
    await Deno.mkdir(project);
    const real = await Deno.realPath(project);
    await using server = await startServer({ project: real, home: dir.path });
    await waitFor(() => Deno.lstatSync(socketPath(dir.path, real)!).isSocket);
    const options = {
      home: dir.path,
      cwd: real,
      env: { CLAUDE_PROJECT_DIR: real },
    };
    // Several rounds: a guarantee that held by luck once would fail one of them.
    for (let round = 0; round < 3; round++) {
      const early = `wombat${round}gateopened`;
      const late = `quokka${round}vaultjammed`;
      const post = await runHook(
        ["claude-code", "PostToolUse"],
        hookPayload(real, "PostToolUse", {
          "tool_name": "Bash",
          "tool_input": { command: `cat logs/app.${round}.log` },
          "tool_response": {
            stdout: bigLog(4, early, late),
            stderr: "",
            interrupted: false,
            isImage: false,
          },
        }),
        options,
      );
      assert.equal(post.code, 0, post.stderr);
      const view = JSON.parse(post.stdout).hookSpecificOutput
        .updatedToolOutput.stdout as string;
      assert.ok(view.includes(late), "the view keeps the error line");
      const source = /indexed as "([^"]+)"/.exec(view)?.[1];
      assert.ok(source, view);
      // The model's very next call: a search of the source the receipt
      // names, with no hook of its own in between.
      const found = await server.callText("ctx_search", {
        queries: [early, late],
        source,
      });
      for (const word of [early, late]) {
        assert.ok(
          found.includes(`INFO ${word}`) || found.includes(`ERROR ${word}`),
          `round ${round}: "${word}" not found in ${source}: ${
            found.slice(0, 300)
          }`,
        );
      }
    }
  },
});
