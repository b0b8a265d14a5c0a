import assert from "node:assert/strict";
import { adapterFor } from "../../adapters/registry.ts";
import {
  neutralInput,
  platformInput,
  SERVER_TOOLS,
} from "../../adapters/_kit/command_hooks.ts";
import { SERVER_TOOLS as PLUGIN_SERVER_TOOLS } from "../../adapters/_kit/plugin_hooks.ts";
import { toToml, toYaml } from "../../adapters/_kit/render.ts";
import type {
  Adapter,
  HookInput,
  ToolHookInput,
} from "../../adapters/types.ts";
import { ROUTING_BLOCK_MARKER } from "../../src/routing/routing_block.ts";

const WHERE = { env: {}, parentPid: 1 };

async function adapter(name: string): Promise<Adapter> {
  const found = await adapterFor(name);
  assert.ok(found, name);
  return found;
}

Deno.test("neutralInput() finds the neutral keys in each platform's spelling, and platformInput() hands a rewrite back in them", async (t) => {
  const cases: Array<
    [
      string,
      Parameters<typeof neutralInput>[0],
      Record<string, unknown>,
      Record<string, unknown>,
    ]
  > = [
    ["VS Code read_file", "read", { filePath: "/p/a.ts", endLine: 40 }, {
      path: "/p/a.ts",
      limit: 40,
    }],
    ["Kiro fs_read", "read", { operations: [{ mode: "Line", path: "/p/b" }] }, {
      path: "/p/b",
    }],
    ["Gemini web_fetch", "fetch", {
      prompt: "Summarise https://example.com/x please",
    }, { url: "https://example.com/x" }],
    ["VS Code fetch_webpage", "fetch", { urls: ["https://a.test/"] }, {
      url: "https://a.test/",
    }],
    ["Codex apply_patch", "edit", {
      command: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n",
    }, { path: "src/a.ts" }],
    ["Antigravity run_command", "shell", { CommandLine: "ls", Cwd: "/p" }, {
      command: "ls",
    }],
    ["Codex exec_command", "shell", { cmd: ["git", "status"] }, {
      command: "git status",
    }],
  ];
  for (const [name, kind, input, expected] of cases) {
    await t.step(name, () => {
      const neutral = neutralInput(kind, input, { powershell: false });
      for (const [key, value] of Object.entries(expected)) {
        assert.deepEqual(neutral[key], value, key);
      }
    });
  }
  await t.step(
    "a rewrite goes back under the platform's key, neutral keys dropped",
    () => {
      const neutral = neutralInput("shell", { CommandLine: "ls", Cwd: "/p" }, {
        powershell: false,
      });
      assert.deepEqual(
        platformInput(neutral, { ...neutral, command: "ls -1" }),
        { CommandLine: "ls -1", Cwd: "/p" },
      );
      const task = neutralInput("task", { goal: "look", context: "x" }, {
        powershell: false,
      });
      assert.deepEqual(platformInput(task, { ...task, prompt: "look more" }), {
        goal: "look more",
        context: "x",
      });
    },
  );
});

function preTool(
  name: string,
  toolName: string,
  input: Record<string, unknown>,
  kind: "shell" | "task",
): ToolHookInput {
  return {
    event: "pre_tool_use",
    subagent: false,
    call: {
      platform: name,
      sessionId: "s",
      projectDir: "/p",
      toolName,
      toolKind: kind,
      input: neutralInput(kind, input, { powershell: false }),
    },
  };
}

Deno.test("format() degrades what a platform cannot express and never blocks on an observe-only event", async (t) => {
  await t.step(
    "an ask where the agent cannot ask is a deny saying how to run the command by hand",
    async () => {
      const jetbrains = await adapter("jetbrains-copilot");
      const out = jetbrains.format(
        preTool("jetbrains-copilot", "bash", { command: "git push" }, "shell"),
        { kind: "ask", reason: "Pushing needs a yes [ctx-mode rule x]" },
      );
      const answer = JSON.parse(out.stdout);
      assert.equal(answer.permissionDecision, "deny");
      assert.match(
        answer.permissionDecisionReason,
        /cannot ask .* by hand in a terminal: git push\.$/,
      );
    },
  );
  await t.step(
    "a rewrite where the agent cannot rewrite is a deny carrying the call; a subagent prompt runs as it is",
    async () => {
      const kiro = await adapter("kiro");
      const shell = kiro.format(
        preTool("kiro", "execute_bash", { command: "make" }, "shell"),
        {
          kind: "modify",
          input: { command: "make 2>&1 | tail" },
          note: "Capped.",
        },
      );
      assert.equal(shell.exitCode, 2);
      assert.match(
        shell.stderr ?? "",
        /cannot rewrite a call, so run it again as: \{"command":"make 2>&1 \| tail"\}/,
      );
      const task = kiro.format(
        preTool("kiro", "use_subagent", { prompt: "go" }, "task"),
        {
          kind: "modify",
          input: { prompt: `go\n${ROUTING_BLOCK_MARKER}` },
          note: "Added.",
        },
      );
      assert.deepEqual(task, { stdout: "", exitCode: 0 });
    },
  );
  await t.step(
    "a rewrite where the agent can rewrite uses its own keys",
    async () => {
      const gemini = await adapter("gemini-cli");
      const out = gemini.format(
        preTool("gemini-cli", "generalist", { prompt: "go", extra: 1 }, "task"),
        { kind: "modify", input: { prompt: "go!", extra: 1 }, note: "Added." },
      );
      assert.deepEqual(JSON.parse(out.stdout).hookSpecificOutput.tool_input, {
        prompt: "go!",
        extra: 1,
      });
    },
  );
  await t.step(
    "observe-only events and events without context answer nothing",
    async () => {
      const kimi = await adapter("kimi");
      const post: HookInput = {
        ...preTool("kimi", "Bash", { command: "ls" }, "shell"),
        event: "post_tool_use",
      };
      assert.deepEqual(
        kimi.format(post, { kind: "deny", reason: "no" }),
        kimi.passThrough(),
      );
      const copilot = await adapter("copilot-cli");
      const start: HookInput = {
        event: "session_start",
        platform: "copilot-cli",
        sessionId: "s",
        projectDir: "/p",
      };
      assert.equal(
        copilot.format(start, { kind: "context", text: "hello" }).stdout,
        "",
      );
      const gemini = await adapter("gemini-cli");
      assert.equal(
        gemini.format(
          preTool(
            "gemini-cli",
            "run_shell_command",
            { command: "ls" },
            "shell",
          ),
          { kind: "context", text: "note" },
        ).stdout,
        "",
      );
    },
  );
});

Deno.test("parse() reads Copilot's toolArgs as an object or as JSON text, event names in any case, and rejects a payload of the wrong shape", async () => {
  const copilot = await adapter("copilot-cli");
  for (const toolArgs of ['{"command":"ls"}', { command: "ls" }]) {
    const input = copilot.parse("pre_tool_use", {
      sessionId: "s",
      cwd: "/p",
      toolName: "bash",
      toolArgs,
    }, WHERE);
    assert.ok(input.event === "pre_tool_use");
    assert.equal(input.call.input.command, "ls");
    assert.equal(input.call.toolKind, "shell");
  }
  assert.throws(
    () =>
      copilot.parse("pre_tool_use", {
        cwd: "/p",
        toolName: "bash",
        toolArgs: "{oops",
      }, WHERE),
    /tool input is not JSON/,
  );
  assert.throws(
    () => copilot.parse("pre_tool_use", { cwd: "/p", toolArgs: "{}" }, WHERE),
    /names no tool/,
  );
  assert.throws(
    () => copilot.parse("pre_tool_use", { toolName: "bash" }, WHERE),
    /no working directory/,
  );
  assert.equal(copilot.event("pretooluse"), "pre_tool_use");
  assert.equal(copilot.event("userpromptsubmitted"), "user_prompt_submit");
  assert.equal(copilot.event("notification"), undefined);
  const kimi = await adapter("kimi");
  const prompt = kimi.parse("user_prompt_submit", {
    "session_id": "k",
    cwd: "/p",
    prompt: [{ type: "text", text: "Explain" }],
  }, WHERE);
  assert.ok(
    prompt.event === "user_prompt_submit" && prompt.prompt === "Explain",
  );
});

Deno.test("toToml() and toYaml() write the shapes the agents' configs use", () => {
  assert.equal(
    toToml({
      features: { hooks: true },
      "mcp_servers": { "ctx-mode": { command: "x", args: ["serve"], env: {} } },
      hooks: [{ event: "A" }, { event: "B" }],
    }),
    '[features]\nhooks = true\n\n[mcp_servers.ctx-mode]\ncommand = "x"\nargs = ["serve"]\nenv = {}\n\n[[hooks]]\nevent = "A"\n\n[[hooks]]\nevent = "B"\n',
  );
  assert.equal(
    toYaml({
      hooks: { "pre_tool_call": [{ command: "x hook", timeout: 30 }] },
      servers: { "ctx-mode": { args: ["serve"], flag: "true" } },
    }),
    'hooks:\n  pre_tool_call:\n    - command: x hook\n      timeout: 30\nservers:\n  ctx-mode:\n    args: [serve]\n    flag: "true"\n',
  );
});

Deno.test("the plugin kit knows ctx-mode's tools as the command-hook kit does", () => {
  // Two copies of one list, so a plugin's hook loads one module fewer.
  assert.equal(PLUGIN_SERVER_TOOLS.source, SERVER_TOOLS.source);
  assert.equal(PLUGIN_SERVER_TOOLS.flags, SERVER_TOOLS.flags);
});
