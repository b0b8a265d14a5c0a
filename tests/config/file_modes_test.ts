import assert from "node:assert/strict";
import { join } from "node:path";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  childDatabase,
  childEnv,
  cliCommand,
  type CliRun,
  runCli,
} from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { heartbeatPath } from "../../src/config/heartbeat.ts";
import { auditLogPath } from "../../src/safety/audit_log.ts";

const POSIX = Deno.build.os !== "windows";

/** The permission bits of a path. */
async function modeOf(path: string): Promise<string> {
  return ((await Deno.stat(path)).mode! & 0o777).toString(8);
}

/** Runs `ctx-mode args…` under `umask 022`, with stdin when given. */
function ctxUnderUmask(
  args: string[],
  home: string,
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  return runCli(args, { home, umask: "022", ...options });
}

/** A Claude Code PreToolUse payload for a shell command. */
function bashPayload(project: string, command: string): string {
  return JSON.stringify({
    "session_id": "modes-session",
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": { command },
    cwd: project,
  });
}

Deno.test({
  name:
    "the data home, databases with -wal and -shm, heartbeats and the audit log are private under umask 022",
  ignore: !POSIX,
  async fn() {
    await using dir = await tempDir();
    const home = join(dir.path, "data");
    const project = dir.path;
    const transport = new StdioClientTransport({
      ...cliCommand(["serve"], "022"),
      cwd: project,
      env: childEnv(home, { CTX_MODE_PROJECT_DIR: project }),
      stderr: "pipe",
    });
    const client = new Client({ name: "modes-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      await client.callTool({
        name: "ctx_execute",
        arguments: { language: "shell", code: "seq 1 20000" },
      });
      const database = childDatabase(home, project);
      // While the server holds the database open, its -wal and -shm exist.
      for (const file of [database, `${database}-wal`, `${database}-shm`]) {
        assert.equal(await modeOf(file), "600", file);
      }
      assert.equal(await modeOf(heartbeatPath(home, project)), "600");
      for (
        const folder of [home, join(home, "projects"), join(home, "heartbeats")]
      ) {
        assert.equal(await modeOf(folder), "700", folder);
      }
    } finally {
      await client.close();
    }

    const denied = await ctxUnderUmask(
      ["hook", "claude-code", "pretooluse"],
      home,
      {
        env: { CLAUDE_PROJECT_DIR: project },
        stdin: bashPayload(project, "rm -rf ~"),
      },
    );
    assert.match(denied.stdout, /deny/, denied.stderr);
    assert.equal(await modeOf(auditLogPath(home)), "600");
  },
});

Deno.test({
  name:
    "a data home left readable by others is tightened by the next CLI and hook run",
  ignore: !POSIX,
  async fn() {
    await using dir = await tempDir();
    const home = join(dir.path, "data");
    const project = dir.path;
    const database = childDatabase(home, project);
    await Deno.mkdir(join(home, "projects"), { recursive: true, mode: 0o755 });
    KnowledgeBase.open(database).close();
    await Deno.writeTextFile(auditLogPath(home), "");
    await Deno.chmod(home, 0o755);
    await Deno.chmod(join(home, "projects"), 0o755);
    await Deno.chmod(database, 0o644);
    await Deno.chmod(auditLogPath(home), 0o644);

    const search = await ctxUnderUmask([
      "search",
      "anything",
      "--project",
      project,
    ], home);
    assert.equal(search.code, 0, search.stderr);
    assert.equal(await modeOf(home), "700");
    assert.equal(await modeOf(join(home, "projects")), "700");
    assert.equal(await modeOf(database), "600");

    await ctxUnderUmask(["hook", "claude-code", "pretooluse"], home, {
      env: { CLAUDE_PROJECT_DIR: project },
      stdin: bashPayload(project, "git reset --hard"),
    });
    assert.equal(await modeOf(auditLogPath(home)), "600");
  },
});
