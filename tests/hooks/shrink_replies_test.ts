/**
 * Each agent's `modifyOutput` flag as a fact: a real `ctx-mode hook <agent>
 * <post event>` process, fed that agent's real post-tool payload (from the
 * fixtures) with a bulky result in it, answers with exactly the replacement
 * shape the agent reads, or with its plain allow where the agent cannot
 * replace a result; a small result and a read of an editable source file
 * are never changed.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { type CliRun, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const FIXTURES = new URL("../fixtures/hooks/", import.meta.url);

/** 3,000 lines of a test run with 3 failures among them. */
export function bulkyTestRun(): string {
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) {
    lines.push(
      i === 700 || i === 1500 || i === 2900
        ? `not ok ${i} - rejects login attempt ${i}`
        : `ok ${i} - handles request number ${i} quickly`,
    );
  }
  return `${lines.join("\n")}\n# tests 3000\n# pass 2997\n# fail 3\n`;
}

/** 2,000 lines of an application log with one error among them. */
function bulkyLog(): string {
  const lines: string[] = [];
  for (let i = 0; i < 2000; i++) {
    lines.push(
      i === 1234
        ? `2026-11-30T10:${
          String(i % 60).padStart(2, "0")
        }:00Z ERROR payment gateway timed out after 30s`
        : `2026-11-30T10:${
          String(i % 60).padStart(2, "0")
        }:00Z INFO served request ${i} in 12ms`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** 80 KB of JSON, as another MCP server's tool returns it. */
function bulkyIssues(): string {
  return JSON.stringify({
    issues: Array.from({ length: 400 }, (_, i) => ({
      id: 9000 + i,
      title: `Issue ${i}: the widget ${i} misbehaves`,
      body: "Steps to reproduce: open the page, click the widget. ".repeat(3),
      state: i % 3 === 0 ? "closed" : "open",
    })),
  });
}

/** One listing entry per line: 1,500 paths. */
function bulkyListing(): string[] {
  return Array.from(
    { length: 1500 },
    (_, i) => `src/module_${i % 40}/file_${i}.ts`,
  );
}

/** A fixture's payload, with the project put where the test made it. */
async function fixture(
  agent: string,
  file: string,
  project: string,
): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(new URL(`${agent}/${file}`, FIXTURES));
  const parsed = JSON.parse(text) as { stdin?: Record<string, unknown> };
  const payload = parsed.stdin ?? (parsed as Record<string, unknown>);
  return JSON.parse(
    JSON.stringify(payload).replaceAll("/home/dev/acme-api", project),
  );
}

/** A project with a live server heartbeat, so that the model can search what is shrunk. */
async function project(dir: string): Promise<{ home: string; root: string }> {
  const home = join(dir, "home");
  const root = join(dir, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(root);
  const real = await Deno.realPath(root);
  const now = Date.now();
  writeHeartbeat(home, {
    pid: Deno.pid,
    version: "test",
    projectDir: real,
    startedAt: now,
    updatedAt: now,
  });
  return { home, root: real };
}

async function reply(
  agent: string,
  event: string,
  payload: Record<string, unknown>,
  where: { home: string; root: string },
): Promise<CliRun> {
  const run = await runHook([agent, event], payload, {
    home: where.home,
    cwd: where.root,
  });
  assert.equal(run.code, 0, run.stderr);
  return run;
}

function answer(run: CliRun): Record<string, unknown> {
  assert.notEqual(run.stdout.trim(), "", `no answer; stderr: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function assertView(view: unknown, ...facts: RegExp[]): void {
  assert.equal(typeof view, "string");
  assert.match(view as string, /indexed as "shrunk\//);
  for (const fact of facts) assert.match(view as string, fact);
}

/** The `updatedToolOutput` of a Claude Code answer, checked for its envelope. */
function claudeUpdated(run: CliRun): Record<string, unknown> {
  const specific = answer(run).hookSpecificOutput as Record<string, unknown>;
  assert.equal(specific.hookEventName, "PostToolUse");
  assert.deepEqual(Object.keys(specific).sort(), [
    "hookEventName",
    "updatedToolOutput",
  ]);
  return specific.updatedToolOutput as Record<string, unknown>;
}

Deno.test("claude-code: a bulky PostToolUse result is replaced by updatedToolOutput in the tool's own shape", async (t) => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  const agent = "claude-code";

  await t.step("Bash: stdout, stderr, interrupted, isImage", async () => {
    const payload = await fixture(agent, "PostToolUse.json", where.root);
    payload.tool_input = { command: "npm test" };
    payload.tool_response = {
      stdout: bulkyTestRun(),
      stderr: "",
      interrupted: false,
      isImage: false,
    };
    const output = claudeUpdated(
      await reply(agent, "PostToolUse", payload, where),
    );
    assert.deepEqual(Object.keys(output).sort(), [
      "interrupted",
      "isImage",
      "stderr",
      "stdout",
    ]);
    assert.equal(output.stderr, "");
    assert.equal(output.interrupted, false);
    assert.equal(output.isImage, false);
    assertView(
      output.stdout,
      /^\$ npm test/,
      /not ok 700 - rejects login attempt 700/,
      /not ok 1500/,
      /not ok 2900/,
    );
    assert.ok((output.stdout as string).length < 20_000);
  });

  await t.step(
    "Bash past 30,000 characters: the whole output Claude Code kept in its folder is shrunk",
    async () => {
      const whole = bulkyTestRun();
      const kept = join(
        where.home,
        ".claude",
        "projects",
        "p",
        "s",
        "tool-results",
      );
      await Deno.mkdir(kept, { recursive: true });
      await Deno.writeTextFile(join(kept, "b1.txt"), whole);
      const payload = await fixture(agent, "PostToolUse.json", where.root);
      payload.tool_input = { command: "npm test" };
      payload.tool_response = {
        stdout: whole.slice(0, 30_000),
        stderr: "",
        interrupted: false,
        isImage: false,
        persistedOutputPath: join(kept, "b1.txt"),
        persistedOutputSize: whole.length,
      };
      const output = claudeUpdated(
        await reply(agent, "PostToolUse", payload, where),
      );
      assert.deepEqual(Object.keys(output).sort(), [
        "interrupted",
        "isImage",
        "stderr",
        "stdout",
      ]);
      // Failures past the preview are in the view: the file was read.
      assertView(output.stdout, /not ok 1500/, /not ok 2900/, /3,0\d\d lines/);
    },
  );

  await t.step(
    "Bash: a kept-output path outside Claude Code's folder, or a link out of it, is never read",
    async () => {
      const secret = join(where.root, "elsewhere.txt");
      await Deno.writeTextFile(secret, bulkyTestRun());
      const kept = join(where.home, ".claude", "tool-results");
      await Deno.mkdir(kept, { recursive: true });
      await Deno.symlink(secret, join(kept, "link.txt"));
      for (
        const path of [
          secret,
          join(kept, "link.txt"),
          join(kept, "..", "..", "project", "elsewhere.txt"),
        ]
      ) {
        const payload = await fixture(agent, "PostToolUse.json", where.root);
        payload.tool_input = { command: "npm test" };
        payload.tool_response = {
          stdout: bulkyTestRun().slice(0, 30_000),
          stderr: "",
          interrupted: false,
          isImage: false,
          persistedOutputPath: path,
          persistedOutputSize: 140_000,
        };
        // Only a preview at hand: left as it is, Claude Code's own preview stands.
        const run = await reply(agent, "PostToolUse", payload, where);
        assert.equal(run.stdout, "", path);
      }
    },
  );

  await t.step(
    "Read of a log: type text, file with the view as content",
    async () => {
      const payload = await fixture(
        agent,
        "session/PostToolUse.Read.json",
        where.root,
      );
      const path = join(where.root, "logs", "app.log");
      const log = bulkyLog();
      payload.tool_input = { file_path: path };
      payload.tool_response = {
        type: "text",
        file: {
          filePath: path,
          content: log,
          numLines: 2000,
          startLine: 1,
          totalLines: 2000,
        },
      };
      const output = claudeUpdated(
        await reply(agent, "PostToolUse", payload, where),
      );
      assert.equal(output.type, "text");
      const file = output.file as Record<string, unknown>;
      assert.deepEqual(Object.keys(file).sort(), [
        "content",
        "filePath",
        "numLines",
        "startLine",
        "totalLines",
      ]);
      assert.equal(file.filePath, path);
      assert.equal(file.startLine, 1);
      assert.equal(file.totalLines, 2000);
      assertView(file.content, /payment gateway timed out/);
      assert.equal(file.numLines, (file.content as string).split("\n").length);
    },
  );

  await t.step("Grep in content mode: the view as content", async () => {
    const payload = await fixture(
      agent,
      "session/PostToolUse.Grep.json",
      where.root,
    );
    payload.tool_input = { pattern: "module", output_mode: "content" };
    payload.tool_response = {
      mode: "content",
      numFiles: 1500,
      filenames: [],
      content: bulkyListing().map((path, i) => `${path}:${i}:import x`)
        .join("\n"),
      numLines: 1500,
    };
    const output = claudeUpdated(
      await reply(agent, "PostToolUse", payload, where),
    );
    assert.deepEqual(output.mode, "content");
    assert.deepEqual(output.filenames, []);
    assert.equal(output.numFiles, 1500);
    assertView(output.content, /1,?500/);
  });

  await t.step("Glob: the view as the printed file names", async () => {
    const payload = await fixture(
      agent,
      "session/PostToolUse.Glob.json",
      where.root,
    );
    const names = bulkyListing();
    payload.tool_response = {
      filenames: names,
      durationMs: 4,
      numFiles: names.length,
      truncated: false,
    };
    const output = claudeUpdated(
      await reply(agent, "PostToolUse", payload, where),
    );
    assert.deepEqual(Object.keys(output).sort(), [
      "durationMs",
      "filenames",
      "numFiles",
      "truncated",
    ]);
    assert.equal(output.numFiles, 1500);
    assertView((output.filenames as string[]).join("\n"), /module_/);
  });

  await t.step("another MCP server's tool: one text block", async () => {
    const payload = await fixture(
      agent,
      "session/PostToolUse.Mcp.json",
      where.root,
    );
    payload.tool_name = "mcp__github__list_issues";
    payload.tool_input = { repo: "acme/api" };
    payload.tool_response = [{ type: "text", text: bulkyIssues() }];
    const output = claudeUpdated(
      await reply(agent, "PostToolUse", payload, where),
    ) as unknown as { type: string; text: string }[];
    assert.equal(output.length, 1);
    assert.equal(output[0]!.type, "text");
    assertView(output[0]!.text, /9000/);
  });

  await t.step(
    "unchanged: a small result, an editable source read, a failure, ctx-mode's own tool",
    async () => {
      const small = await fixture(agent, "PostToolUse.json", where.root);
      assert.equal(
        (await reply(agent, "PostToolUse", small, where)).stdout,
        "",
      );

      const read = await fixture(
        agent,
        "session/PostToolUse.Read.json",
        where.root,
      );
      const source = bulkyTestRun().replaceAll("ok", "// ok");
      (read.tool_response as { file: { content: string } }).file.content =
        source;
      assert.equal((await reply(agent, "PostToolUse", read, where)).stdout, "");

      const failure = await fixture(
        agent,
        "session/PostToolUseFailure.Bash.json",
        where.root,
      );
      failure.error = `Exit code 1\n${bulkyTestRun()}`;
      assert.equal(
        (await reply(agent, "PostToolUseFailure", failure, where)).stdout,
        "",
      );

      const own = await fixture(
        agent,
        "session/PostToolUse.Mcp.json",
        where.root,
      );
      own.tool_response = [{ type: "text", text: bulkyIssues() }];
      assert.equal((await reply(agent, "PostToolUse", own, where)).stdout, "");
    },
  );
});

Deno.test("every adapter that says it can replace a result formats replacements", async () => {
  for (const name of PLATFORM_NAMES) {
    const adapter = await adapterFor(name);
    if (!adapter?.capabilities.modifyOutput) continue;
    if (adapter.paradigm !== "json-stdio") continue;
    assert.ok(
      adapter.formatReplacement,
      `${name} says modifyOutput but formats no replacement`,
    );
  }
});

Deno.test("gemini-cli: a bulky AfterTool result is replaced by a deny whose reason is the view", async (t) => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  const agent = "gemini-cli";

  await t.step("run_shell_command", async () => {
    const payload = await fixture(agent, "AfterTool.json", where.root);
    payload.tool_name = "run_shell_command";
    payload.tool_input = { command: "npm test" };
    payload.tool_response = {
      llmContent: `Output: ${bulkyTestRun()}`,
      returnDisplay: "",
    };
    const output = answer(await reply(agent, "AfterTool", payload, where));
    assert.deepEqual(Object.keys(output).sort(), ["decision", "reason"]);
    assert.equal(output.decision, "deny");
    assert.match(String(output.reason), /^The tool ran; ctx-mode replaced/);
    assertView(output.reason, /\$ npm test/, /not ok 1500/, /not ok 2900/);
  });

  await t.step(
    "another MCP server's tool, its text in model parts",
    async () => {
      const payload = await fixture(agent, "AfterTool.json", where.root);
      payload.tool_name = "mcp_github_list_issues";
      payload.tool_input = { repo: "acme/api" };
      payload.tool_response = {
        llmContent: [{ text: bulkyIssues() }],
        returnDisplay: "",
      };
      const output = answer(await reply(agent, "AfterTool", payload, where));
      assert.equal(output.decision, "deny");
      assertView(output.reason, /9000/);
    },
  );

  await t.step(
    "unchanged: a small result, an editable source read",
    async () => {
      const small = await fixture(agent, "AfterTool.json", where.root);
      assert.equal((await reply(agent, "AfterTool", small, where)).stdout, "");
      const read = await fixture(agent, "AfterTool.json", where.root);
      (read.tool_response as { llmContent: string }).llmContent = bulkyTestRun()
        .replaceAll("ok", "// ok");
      assert.equal((await reply(agent, "AfterTool", read, where)).stdout, "");
    },
  );
});

Deno.test("codex: a bulky PostToolUse result is replaced by a block whose reason is the view", async (t) => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  const agent = "codex";

  await t.step("Bash", async () => {
    const payload = await fixture(agent, "PostToolUse.json", where.root);
    payload.tool_input = { command: "npm test" };
    payload.tool_response = bulkyTestRun();
    const output = answer(await reply(agent, "PostToolUse", payload, where));
    assert.deepEqual(Object.keys(output).sort(), ["decision", "reason"]);
    assert.equal(output.decision, "block");
    assertView(output.reason, /^\$ npm test/, /not ok 700/, /not ok 2900/);
  });

  await t.step("unchanged: a small result", async () => {
    const small = await fixture(agent, "PostToolUse.json", where.root);
    assert.equal((await reply(agent, "PostToolUse", small, where)).stdout, "");
  });
});

Deno.test("cursor: only an MCP tool's bulky result is replaced, by updated_mcp_tool_output", async (t) => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  const agent = "cursor";

  await t.step("another MCP server's tool", async () => {
    const payload = await fixture(agent, "postToolUse.json", where.root);
    payload.tool_name = "MCP:list_issues";
    payload.tool_input = { repo: "acme/api" };
    payload.tool_output = JSON.stringify({
      content: [{ type: "text", text: bulkyIssues() }],
    });
    const output = answer(await reply(agent, "postToolUse", payload, where));
    assert.deepEqual(Object.keys(output), ["updated_mcp_tool_output"]);
    const replaced = output["updated_mcp_tool_output"] as {
      content: { type: string; text: string }[];
    };
    assert.equal(replaced.content.length, 1);
    assert.equal(replaced.content[0]!.type, "text");
    assertView(replaced.content[0]!.text, /9000/);
  });

  await t.step(
    "unchanged: a bulky Shell result (Cursor replaces MCP results only)",
    async () => {
      const payload = await fixture(agent, "postToolUse.json", where.root);
      payload.tool_input = { command: "npm test" };
      payload.tool_output = bulkyTestRun();
      const run = await reply(agent, "postToolUse", payload, where);
      assert.deepEqual(JSON.parse(run.stdout), {});
    },
  );
});

/** A payload's result made bulky, in the shape the fixture gives it. */
function withBulkyResult(
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const bulky = bulkyTestRun();
  for (
    const key of ["tool_response", "toolResult", "tool_result", "tool_output"]
  ) {
    const value = payload[key];
    if (typeof value === "string") return { ...payload, [key]: bulky };
    if (typeof value === "object" && value !== null) {
      const fields = Object.entries(value as Record<string, unknown>);
      const [name] = fields.filter(([, v]) => typeof v === "string")
        .sort(([, a], [, b]) => String(b).length - String(a).length)[0] ?? [];
      if (name !== undefined) {
        return { ...payload, [key]: { ...value, [name]: bulky } };
      }
      // Kiro: `{success, result: [text]}`.
      if (Array.isArray((value as { result?: unknown }).result)) {
        return { ...payload, [key]: { ...value, result: [bulky] } };
      }
    }
  }
  throw new Error("the fixture has no result to make bulky");
}

Deno.test("agents whose post-tool answer cannot replace a result answer a bulky one as they answer any", async (t) => {
  const cases: [agent: string, event: string, file: string][] = [
    ["qwen-code", "PostToolUse", "PostToolUse.json"],
    ["vscode-copilot", "PostToolUse", "PostToolUse.json"],
    ["copilot-cli", "postToolUse", "postToolUse.json"],
    ["jetbrains-copilot", "postToolUse", "postToolUse.json"],
    ["kiro", "postToolUse", "postToolUse.json"],
    ["kimi", "PostToolUse", "PostToolUse.json"],
  ];
  for (const [agent, event, file] of cases) {
    await t.step(agent, async () => {
      const adapter = await adapterFor(agent);
      assert.equal(adapter?.capabilities.modifyOutput, false);
      await using dir = await tempDir();
      const where = await project(dir.path);
      const payload = await fixture(agent, file, where.root);
      const plain = await reply(agent, event, payload, where);
      const bulky = await reply(agent, event, withBulkyResult(payload), where);
      assert.equal(bulky.stdout, plain.stdout);
      assert.doesNotMatch(bulky.stdout, /ctx-mode shrank/);
    });
  }
});
