/**
 * Claude Code's `modifyOutput` as a fact: a real `ctx-mode hook claude-code
 * PostToolUse` process, fed Claude Code's payloads (from the fixtures) with a
 * bulky result in them, answers `updatedToolOutput` in each tool's own shape;
 * a failing command's bulky output gets its view beside the error; a small
 * result, an editable source read, a small failure and ctx-mode's own tool
 * are never changed, and a kept-output file is read only inside Claude
 * Code's folder.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  answer,
  assertFailureIndexed,
  assertView,
  bulkyIssues,
  bulkyListing,
  bulkyLog,
  bulkyTestRun,
  claudeUpdated,
  fixture,
  project,
  reply,
} from "./_shrink_payloads.ts";

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
      /^\$ npm test\nexit 0 /,
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
    "Bash: a kept-output path outside Claude Code's tool-results folders, or a link out of one, is never read",
    async () => {
      const secret = join(where.root, "elsewhere.txt");
      await Deno.writeTextFile(secret, bulkyTestRun());
      // Claude Code's own files, bulky enough to shrink: never read either.
      const own = join(where.home, ".claude", ".credentials.json");
      await Deno.writeTextFile(own, JSON.stringify({ token: bulkyTestRun() }));
      const kept = join(where.home, ".claude", "tool-results");
      await Deno.mkdir(kept, { recursive: true });
      await Deno.symlink(secret, join(kept, "link.txt"));
      await Deno.symlink(own, join(kept, "own.txt"));
      for (
        const path of [
          secret,
          own,
          join(kept, "link.txt"),
          join(kept, "own.txt"),
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
    "a Read refused for its size: the log read back, its view as the failure's additionalContext",
    async () => {
      await Deno.mkdir(join(where.root, "logs"), { recursive: true });
      await Deno.writeTextFile(join(where.root, "logs/app.log"), bulkyLog());
      await Deno.writeTextFile(
        join(where.root, "src_big.ts"),
        bulkyTestRun().replaceAll("ok", "// ok"),
      );
      const failure = await fixture(
        agent,
        "session/PostToolUseFailure.Bash.json",
        where.root,
      );
      failure.tool_name = "Read";
      failure.error =
        "File content (5MB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.";
      failure.tool_input = { file_path: join(where.root, "logs/app.log") };
      const output = answer(
        await reply(agent, "PostToolUseFailure", failure, where),
      );
      assert.deepEqual(Object.keys(output), ["hookSpecificOutput"]);
      const specific = output.hookSpecificOutput as Record<string, unknown>;
      assert.deepEqual(Object.keys(specific).sort(), [
        "additionalContext",
        "hookEventName",
      ]);
      assert.equal(specific.hookEventName, "PostToolUseFailure");
      assertView(
        specific.additionalContext,
        /payment gateway timed out after 30s/,
      );

      // A source file the agent may edit is never read back for it.
      failure.tool_input = { file_path: join(where.root, "src_big.ts") };
      assert.equal(
        (await reply(agent, "PostToolUseFailure", failure, where)).stdout,
        "",
      );
      // Nor a file outside the project.
      failure.tool_input = { file_path: "/etc/passwd" };
      assert.equal(
        (await reply(agent, "PostToolUseFailure", failure, where)).stdout,
        "",
      );
    },
  );

  await t.step(
    "a failing Bash with bulky output: the view of its error as the failure's additionalContext",
    async () => {
      const failure = await fixture(
        agent,
        "session/PostToolUseFailure.Bash.json",
        where.root,
      );
      failure.tool_input = { command: "npm test" };
      failure.error = `Exit code 1\n${bulkyTestRun()}`;
      const output = answer(
        await reply(agent, "PostToolUseFailure", failure, where),
      );
      assert.deepEqual(Object.keys(output), ["hookSpecificOutput"]);
      const specific = output.hookSpecificOutput as Record<string, unknown>;
      assert.deepEqual(Object.keys(specific).sort(), [
        "additionalContext",
        "hookEventName",
      ]);
      assert.equal(specific.hookEventName, "PostToolUseFailure");
      assertView(
        specific.additionalContext,
        /^\$ npm test\nexit 1 /,
        /not ok 700 - rejects login attempt 700/,
        /not ok 1500/,
        /not ok 2900/,
      );
      const view = specific.additionalContext as string;
      assert.ok(view.length < 20_000);

      // The error is indexed under the receipt's source, and counted as what
      // the model got: the error (still delivered) and the view beside it.
      assertFailureIndexed(
        view,
        where,
        failure,
        "rejects login attempt 1500",
        /not ok 1500/,
      );

      // An interrupted or otherwise failing tool that is not a shell or a
      // Read gets nothing added.
      failure.tool_name = "Grep";
      failure.tool_input = { pattern: "x" };
      assert.equal(
        (await reply(agent, "PostToolUseFailure", failure, where)).stdout,
        "",
      );
    },
  );

  await t.step(
    "unchanged: a small result, an editable source read, a small failure, ctx-mode's own tool",
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

      // A failing command whose output is small: its error says it all.
      const failure = await fixture(
        agent,
        "session/PostToolUseFailure.Bash.json",
        where.root,
      );
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
