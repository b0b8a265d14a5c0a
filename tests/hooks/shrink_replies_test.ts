/**
 * Each agent's `modifyOutput` flag as a fact: a real `ctx-mode hook <agent>
 * <post event>` process, fed that agent's real post-tool payload (from the
 * fixtures) with a bulky result in it, answers with exactly the replacement
 * shape the agent reads, or with its plain answer where the agent cannot
 * replace a result; a small result and a read of an editable source file
 * are never changed. Claude Code's shapes: `shrink_replies_claude_test.ts`.
 */

import assert from "node:assert/strict";
import { adapterFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  answer,
  assertView,
  bulkyIssues,
  bulkyTestRun,
  fixture,
  project,
  reply,
} from "./_shrink_payloads.ts";

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
    "the real shell payload: out of its envelope, its exit status read, the view wrapped again",
    async () => {
      const payload = await fixture(
        agent,
        "AfterTool.run_shell_command.json",
        where.root,
      );
      const response = payload.tool_response as { llmContent: string };
      // The captured output's middle, cut for the fixture, put back in bulk.
      response.llmContent = response.llmContent.replace(
        "\n\nTest Suites:",
        `\n${bulkyTestRun()}\n\nTest Suites:`,
      );
      const output = answer(await reply(agent, "AfterTool", payload, where));
      const reason = String(output.reason);
      assertView(reason, /\$ node run_tests\.mjs\nexit 1 · /, /not ok 1500/);
      assert.doesNotMatch(
        reason,
        /Output: |Process Group PGID|exit status not reported/,
      );
      const [inside = "", after = ""] = reason.split("\n</untrusted_context>");
      assert.match(inside, /\n\n<untrusted_context>\n\$ node run_tests/);
      assert.match(after, /^\n\n\[ctx-mode shrank this .*ctx_search\(/s);
    },
  );

  await t.step(
    "the real shell payload: git log --stat gets the git log view",
    async () => {
      const payload = await fixture(
        agent,
        "AfterTool.run_shell_command.json",
        where.root,
      );
      payload.tool_input = { command: "git log --stat" };
      const commits = Array.from(
        { length: 600 },
        (_, i) =>
          `commit ${
            i.toString(16).padStart(40, "0")
          }\nAuthor: Dev <dev@example.com>\nDate:   Mon Jan 1 00:00:00 2024 +0000\n\n    Change ${i}\n\n src/file_${i}.ts | 2 ++\n 1 file changed, 2 insertions(+)\n`,
      ).join("\n");
      (payload.tool_response as { llmContent: string }).llmContent =
        `<untrusted_context>\nOutput: ${commits}\nProcess Group PGID: 77\n</untrusted_context>`;
      const output = answer(await reply(agent, "AfterTool", payload, where));
      assertView(output.reason, /\nexit 0 · /, /Change 599/);
      assert.doesNotMatch(String(output.reason), /First lines:/);
    },
  );

  await t.step(
    "the real MCP payload: its JSON out of the envelope gets the JSON view",
    async () => {
      const payload = await fixture(agent, "AfterTool.mcp.json", where.root);
      (payload.tool_response as { llmContent: { text: string }[] })
        .llmContent = [{
          text: `<untrusted_context>\n${bulkyIssues()}\n</untrusted_context>`,
        }];
      const output = answer(await reply(agent, "AfterTool", payload, where));
      assertView(output.reason, /issues/, /9000/);
      assert.doesNotMatch(String(output.reason), /First lines:/);
    },
  );

  await t.step(
    "unchanged: a small result, an editable source read",
    async () => {
      for (
        const file of ["AfterTool.run_shell_command.json", "AfterTool.mcp.json"]
      ) {
        const real = await fixture(agent, file, where.root);
        assert.equal((await reply(agent, "AfterTool", real, where)).stdout, "");
      }
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
