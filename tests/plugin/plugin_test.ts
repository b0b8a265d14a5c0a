import assert from "node:assert/strict";
import { dirname } from "node:path";
import denoJson from "../../deno.json" with { type: "json" };
import { claudeCode } from "../../adapters/claude_code/adapter.ts";
import { claudeCodeSetup } from "../../adapters/claude_code/setup.ts";
import {
  marketplaceFile,
  PLUGIN_DIR,
  pluginFiles,
} from "../../scripts/write_configs.ts";
import { denoDir, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { claudeCodeAgent } from "../e2e/agents/claude_code.ts";
import { cachedAgents } from "../install/_cached_agents.ts";

const ROOT = new URL("../../", import.meta.url);
const LAUNCHER = new URL(`${PLUGIN_DIR}/scripts/ctx-mode.sh`, ROOT).pathname;

Deno.test("configs/claude-code-plugin and the marketplace manifest hold what write_configs generates", async () => {
  const expected = {
    ...Object.fromEntries(
      Object.entries(await pluginFiles()).map((
        [name, text],
      ) => [`${PLUGIN_DIR}/${name}`, text]),
    ),
    ".claude-plugin/marketplace.json": marketplaceFile(),
  };
  for (const [path, text] of Object.entries(expected)) {
    const stored = await Deno.readTextFile(new URL(path, ROOT));
    assert.equal(stored, text, `${path} is out of date: run deno task configs`);
  }
  const onDisk: string[] = [];
  async function walk(dir: URL, prefix: string) {
    for await (const entry of Deno.readDir(dir)) {
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory) {
        await walk(new URL(`${entry.name}/`, dir), `${name}/`);
      } else onDisk.push(`${PLUGIN_DIR}/${name}`);
    }
  }
  await walk(new URL(`${PLUGIN_DIR}/`, ROOT), "");
  assert.deepEqual(
    onDisk.sort(),
    Object.keys(expected).filter((path) => path.startsWith(PLUGIN_DIR)).sort(),
    "the plugin folder holds a file write_configs does not generate",
  );
});

Deno.test("the plugin registers every event the Claude Code adapter handles, through the launcher", async () => {
  const files = await pluginFiles();
  const hooks = JSON.parse(files["hooks/hooks.json"]!).hooks as Record<
    string,
    Array<{ hooks: Array<{ command: string }> }>
  >;
  const adapterHooks = (claudeCodeSetup.config("x") as { hooks: object }).hooks;
  assert.deepEqual(Object.keys(hooks).sort(), Object.keys(adapterHooks).sort());
  for (const [event, entries] of Object.entries(hooks)) {
    assert.ok(claudeCode.event(event.toLowerCase()), `${event} is handled`);
    assert.equal(
      entries[0]!.hooks[0]!.command,
      `sh "\${CLAUDE_PLUGIN_ROOT}/scripts/ctx-mode.sh" hook claude-code ${event}`,
    );
  }
  const server = JSON.parse(files[".mcp.json"]!).mcpServers["ctx-mode"];
  assert.deepEqual(server, {
    command: "sh",
    args: ["${CLAUDE_PLUGIN_ROOT}/scripts/ctx-mode.sh", "serve"],
  });
  assert.match(
    files["scripts/ctx-mode.sh"]!,
    new RegExp(`deno run -q -A jsr:@ctx/mode@${denoJson.version} "\\$@"`),
  );
  const purge = files["commands/ctx-purge.md"]!;
  assert.match(purge, /^disable-model-invocation: true$/m);
  assert.match(purge, /Only after an explicit yes/);
});

async function runLauncher(
  launcher: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const output = await new Deno.Command("/bin/sh", {
    args: [launcher, ...args],
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** A stand-in clone: a deno.json of ctx-mode's and a main.ts that says which it is. */
async function fakeClone(dir: string, name: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/deno.json`,
    JSON.stringify({ name: "@ctx/mode", version: "0.0.0" }, null, 2),
  );
  await Deno.writeTextFile(
    `${dir}/main.ts`,
    `console.log(${JSON.stringify(name)}, Deno.args.join(" "));\n`,
  );
}

/** The launcher written to a path, as a plugin folder holds it. */
async function placeLauncher(path: string): Promise<string> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, (await pluginFiles())["scripts/ctx-mode.sh"]!);
  return path;
}

Deno.test("the launcher runs CTX_MODE_COMMAND, else the clone it came from, else ctx-mode on PATH, else says what is missing", async (t) => {
  await using dir = await tempDir();
  const bin = `${dir.path}/bin`;
  await Deno.mkdir(bin);
  await Deno.symlink(Deno.execPath(), `${bin}/deno`);
  const path = `${bin}:/usr/bin:/bin`;
  await t.step("CTX_MODE_COMMAND wins and gets the arguments", async () => {
    const result = await runLauncher(LAUNCHER, ["version"], {
      PATH: path,
      CTX_MODE_COMMAND: `${Deno.execPath()} run -A ${
        new URL("main.ts", ROOT).pathname
      }`,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      new RegExp(denoJson.version.replaceAll(".", "\\.")),
    );
  });
  await t.step("in place, the clone around the plugin folder", async () => {
    const clone = `${dir.path}/in place clone`;
    await fakeClone(clone, "in-place");
    const launcher = await placeLauncher(
      `${clone}/${PLUGIN_DIR}/scripts/ctx-mode.sh`,
    );
    await Deno.writeTextFile(`${bin}/ctx-mode`, "#!/bin/sh\necho binary\n", {
      mode: 0o755,
    });
    const result = await runLauncher(launcher, ["search", "a b"], {
      PATH: path,
      DENO_DIR: denoDir(),
    });
    assert.equal(result.stdout, "in-place search a b\n", result.stderr);
  });
  await t.step(
    "Claude Code's copy: the clone its marketplace was added from",
    async () => {
      const clone = `${dir.path}/src/ctx mode`;
      await fakeClone(clone, "marketplace");
      const plugins = `${dir.path}/claude/plugins`;
      const launcher = await placeLauncher(
        `${plugins}/cache/ctx-mode/ctx-mode/0.1.0/scripts/ctx-mode.sh`,
      );
      await Deno.writeTextFile(
        `${plugins}/known_marketplaces.json`,
        JSON.stringify(
          {
            other: {
              source: { source: "directory", path: "/elsewhere" },
              installLocation: `${dir.path}/in place clone`,
            },
            "ctx-mode": {
              source: { source: "directory", path: clone },
              installLocation: clone,
              lastUpdated: "2026-01-01T00:00:00.000Z",
            },
          },
          null,
          2,
        ),
      );
      const result = await runLauncher(launcher, ["serve"], {
        PATH: path,
        DENO_DIR: denoDir(),
      });
      assert.equal(result.stdout, "marketplace serve\n", result.stderr);
    },
  );
  // Outside any clone from here on.
  const alone = await placeLauncher(`${dir.path}/alone/scripts/ctx-mode.sh`);
  await t.step("a ctx-mode binary on PATH is next", async () => {
    await Deno.writeTextFile(
      `${bin}/ctx-mode`,
      '#!/bin/sh\necho "binary got: $*"\n',
      { mode: 0o755 },
    );
    const result = await runLauncher(alone, ["search", "--", "a b"], {
      PATH: path,
    });
    assert.equal(result.stdout, "binary got: search -- a b\n");
  });
  await t.step(
    "with neither ctx-mode nor deno it fails with one line",
    async () => {
      await Deno.remove(`${bin}/ctx-mode`);
      await Deno.remove(`${bin}/deno`);
      const result = await runLauncher(alone, ["serve"], { PATH: bin });
      assert.equal(result.code, 127);
      assert.match(
        result.stderr,
        /^ctx-mode: neither the ctx-mode binary nor deno is on PATH/,
      );
    },
  );
});

/**
 * The Claude Code CLI: `$CLAUDE_CLI`, else the pinned one `deno task e2e`
 * installed, else `claude` on PATH.
 */
function findClaude(): string | undefined {
  const explicit = Deno.env.get("CLAUDE_CLI");
  if (explicit) return explicit;
  const cached = cachedAgents([claudeCodeAgent]);
  if ("bins" in cached) return cached.bins["claude-code"];
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/claude`).isFile) return `${dir}/claude`;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

const CLAUDE = findClaude();

/** Copies the repository (without .git) as a user's clone. */
async function copyClone(to: string): Promise<void> {
  const root = ROOT.pathname;
  const output = await new Deno.Command("cp", {
    args: ["-R", root, to],
  }).output();
  assert.ok(output.success, new TextDecoder().decode(output.stderr));
  await Deno.remove(`${to}/.git`, { recursive: true }).catch(() => {});
}

/** The prompt on which the stand-in model calls the plugin's ctx_execute. */
const TOOL_PROMPT = "please call ctx_execute";

/**
 * A loopback stand-in for the model API: records each request and answers as
 * a stream, "ok", or, for {@linkcode TOOL_PROMPT} before any tool result, a
 * call of the plugin's ctx_execute.
 */
function fakeModelApi() {
  const requests: string[] = [];
  const text = [
    {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    },
    {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: "ok" },
    },
  ];
  const toolUse = [
    {
      type: "content_block_start",
      index: 0,
      content_block: {
        type: "tool_use",
        id: "toolu_01",
        name: "mcp__plugin_ctx-mode_ctx-mode__ctx_execute",
        input: {},
      },
    },
    {
      type: "content_block_delta",
      index: 0,
      delta: {
        type: "input_json_delta",
        partial_json: JSON.stringify({
          language: "shell",
          code: "head -c 70000 /dev/zero | tr '\\0' 'y'; echo; echo finished",
          intent: "finished",
        }),
      },
    },
  ];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const body = await request.text();
      requests.push(body);
      const callTool = body.includes(TOOL_PROMPT) &&
        !body.includes("tool_result");
      const events = [
        {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        },
        ...(callTool ? toolUse : text),
        { type: "content_block_stop", index: 0 },
        {
          type: "message_delta",
          delta: {
            stop_reason: callTool ? "tool_use" : "end_turn",
            stop_sequence: null,
          },
          usage: { output_tokens: 1 },
        },
        { type: "message_stop" },
      ];
      return new Response(
        events.map((event) =>
          `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
        ).join(""),
        { headers: { "content-type": "text/event-stream" } },
      );
    },
  );
  return { requests, server, url: `http://127.0.0.1:${server.addr.port}` };
}

Deno.test({
  name:
    "the real Claude Code installs the plugin from the marketplace, connects its server, runs its hooks, /ctx-stats and a ctx_execute call the status line then counts (needs the claude CLI: CLAUDE_CLI or PATH)",
  ignore: CLAUDE === undefined,
  async fn() {
    await using home = await tempDir();
    // The marketplace is a copy of the clone, as a user's clone is: the
    // plugin must run it with nothing set by hand.
    const market = `${home.path}/market`;
    await copyClone(market);
    const project = `${home.path}/project`;
    await Deno.mkdir(project);
    const api = fakeModelApi();
    const env = {
      HOME: home.path,
      // Deno on PATH, as a clone's user has it.
      PATH: `${dirname(Deno.execPath())}:${
        Deno.env.get("PATH") ?? "/usr/bin:/bin"
      }`,
      DENO_DIR: denoDir(),
      CTX_MODE_HOME: `${home.path}/ctx-home`,
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: "sk-test-loopback",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      // Wait for the plugin's server before the first request (it starts in
      // the background otherwise), however slowly a busy machine starts it.
      MCP_CONNECTION_NONBLOCKING: "0",
      MCP_CONNECT_TIMEOUT_MS: "60000",
      MCP_TIMEOUT: "60000",
    };
    const claude = async (...args: string[]) => {
      const output = await new Deno.Command(CLAUDE!, {
        args,
        cwd: project,
        env,
        clearEnv: true,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(output.stdout);
      assert.equal(
        output.code,
        0,
        `claude ${args.join(" ")}: ${stdout}${
          new TextDecoder().decode(output.stderr)
        }`,
      );
      return stdout;
    };
    try {
      await claude("plugin", "marketplace", "add", market);
      await claude("plugin", "install", "ctx-mode@ctx-mode");
      const listed = JSON.parse(await claude("plugin", "list", "--json"));
      const plugin = listed.find((p: { id: string }) =>
        p.id === "ctx-mode@ctx-mode"
      );
      assert.ok(plugin, `installed: ${JSON.stringify(listed)}`);
      assert.equal(plugin.enabled, true);
      assert.equal(plugin.version, denoJson.version);
      assert.match(
        await claude("mcp", "list"),
        new RegExp(
          `plugin:ctx-mode:ctx-mode: sh \\S*(${market}|/plugins/)\\S*/scripts/ctx-mode\\.sh serve - ✔ Connected`,
        ),
      );
      await claude("-p", "/ctx-mode:ctx-stats");
      const sent = api.requests.join("\n");
      // The slash command ran the CLI and handed its report to the model.
      assert.match(
        sent,
        /No MCP server session has recorded tool calls in this project yet/,
      );
      assert.match(sent, /0 sources, 0 chunks, 0 B indexed/);
      // The SessionStart hook gave the routing block; the server's tools were offered.
      assert.match(sent, /ctx_mode_routing/);
      assert.match(sent, /mcp__plugin_ctx-mode_ctx-mode__ctx_execute/);

      // The model calls the plugin's ctx_execute: the server records the call
      // under Claude Code's session id, the one the status line is given.
      const run = JSON.parse(
        await claude(
          "-p",
          TOOL_PROMPT,
          "--allowedTools",
          "mcp__plugin_ctx-mode_ctx-mode__ctx_execute",
          "--output-format",
          "json",
        ),
      );
      assert.equal(run.is_error, false, JSON.stringify(run));
      assert.match(
        api.requests.at(-1)!,
        /finished/,
        "the tool result reached the model",
      );
      const line = await runCli(["statusline"], {
        home: env.CTX_MODE_HOME,
        stdin: JSON.stringify({
          "session_id": run.session_id,
          workspace: { "current_dir": project, "project_dir": project },
        }),
      });
      assert.match(
        line.stdout,
        /^ctx-mode (6\d|7\d)\.\d KB kept out · 99% · index /,
      );
    } finally {
      await api.server.shutdown();
    }
  },
});
