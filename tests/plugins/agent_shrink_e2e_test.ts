/**
 * Real agents that load ctx-mode as code — Pi (`@mariozechner/pi-coding-agent`),
 * OpenCode (`opencode-ai`) and KiloCode (`@kilocode/cli`), from the npm
 * registry — with ctx-mode's
 * generated plugin, against the scripted model endpoint. The model runs a
 * 3,000-line test run with 3 failures through the agent's own bash tool: the
 * next request the agent sends the model carries the compact view (all three
 * failures, though the agent itself cuts long output to its tail, and the
 * receipt), not the output; one `ctx_search` of `shrunk/shell` brings back a
 * line the view left out; a small result and a read of an editable source
 * reach the model as they do without ctx-mode. The same run without ctx-mode
 * measures what the model would have got.
 *
 * Heavy, so not in CI: runs when `CTX_MODE_E2E_AGENTS` names the agent (or
 * says `all`, as `deno task test:agents` does); the agents are installed
 * into the agents' cache outside the repository on first use; an agent that
 * does not install is skipped with the reason.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { agentFor } from "../../adapters/registry.ts";
import { homesRoot, installAgent, notChosen } from "../e2e/_agent.ts";
import {
  ModelServer,
  type Recorded,
  type Step,
  type ToolResult,
} from "../e2e/_model_server.ts";
import { denoDir, MAIN } from "../_helpers/run_cli.ts";
import {
  bigSource,
  bytes,
  FAILURES,
  LEFT_OUT,
  testRun,
} from "./_shrink_fixtures.ts";

const CTX_MODE = [Deno.execPath(), "run", "-A", MAIN];
const SMALL = "On branch main, nothing to commit";

interface Where {
  home: string;
  project: string;
  modelUrl: string;
}

/** One agent: its package, and how to point it at the model with or without ctx-mode. */
interface PluginAgent {
  name: string;
  npm: { name: string; version: string; bin: string };
  /** Writes its settings (and ctx-mode's plugin); returns the prompt's arguments. */
  prepare(where: Where, withCtxMode: boolean): Promise<string[]>;
}

async function pluginFile(agent: string, file: string): Promise<string> {
  const files = await (await agentFor(agent))!.pluginFiles!(["ctx-mode"]);
  return files[file]!;
}

const AGENTS: PluginAgent[] = [
  {
    name: "pi",
    npm: {
      name: "@mariozechner/pi-coding-agent",
      version: "0.73.1",
      bin: "pi",
    },
    async prepare(where, withCtxMode) {
      await Deno.mkdir(join(where.home, ".pi", "agent"), { recursive: true });
      await Deno.writeTextFile(
        join(where.home, ".pi", "agent", "models.json"),
        JSON.stringify({
          providers: {
            scripted: {
              baseUrl: `${where.modelUrl}/v1`,
              api: "openai-completions",
              apiKey: "scripted",
              compat: {
                supportsDeveloperRole: false,
                supportsReasoningEffort: false,
              },
              models: [{ id: "scripted" }],
            },
          },
        }),
      );
      const extension = join(where.home, "ctx-mode.js");
      await Deno.writeTextFile(
        extension,
        await pluginFile("pi", "extensions/ctx-mode.js"),
      );
      return [
        "-p",
        "--no-session",
        "--provider",
        "scripted",
        "--model",
        "scripted",
        ...(withCtxMode ? ["-e", extension] : []),
        "make the tests pass",
      ];
    },
  },
  openCodeLike("opencode", {
    npm: { name: "opencode-ai", version: "1.18.33", bin: "opencode" },
    folder: ".opencode",
    config: "opencode.json",
    schema: "https://opencode.ai/config.json",
  }),
  // Kilo 7.8.1's platform packages are missing from the registry: 7.7.7 installs.
  openCodeLike("kilocode", {
    npm: { name: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
    folder: ".kilo",
    config: "kilo.json",
    schema: "https://app.kilo.ai/config.json",
  }),
];

/** OpenCode or its fork KiloCode: a project config with the scripted provider (and ctx-mode's server), the plugin in the project's plugin folder. */
function openCodeLike(
  name: string,
  facts: {
    npm: PluginAgent["npm"];
    folder: string;
    config: string;
    schema: string;
  },
): PluginAgent {
  return {
    name,
    npm: facts.npm,
    async prepare(where, withCtxMode) {
      const plugins = join(where.project, facts.folder, "plugins");
      await Deno.mkdir(plugins, { recursive: true });
      if (withCtxMode) {
        await Deno.writeTextFile(
          join(plugins, "ctx-mode.js"),
          await pluginFile(name, "plugins/ctx-mode.js"),
        );
      }
      await Deno.writeTextFile(
        join(where.project, facts.config),
        JSON.stringify({
          $schema: facts.schema,
          provider: {
            scripted: {
              npm: "@ai-sdk/openai-compatible",
              name: "scripted",
              options: { baseURL: `${where.modelUrl}/v1`, apiKey: "scripted" },
              models: { scripted: { name: "scripted" } },
            },
          },
          model: "scripted/scripted",
          permission: { bash: "allow", read: "allow", edit: "allow" },
          // ctx-mode's server: the model's way back to the rest of a result.
          ...(withCtxMode
            ? {
              mcp: {
                "ctx-mode": {
                  type: "local",
                  command: [...CTX_MODE, "serve"],
                  environment: {
                    CTX_MODE_HOME: join(where.home, "ctx"),
                    DENO_DIR: denoDir(),
                  },
                  enabled: true,
                },
              },
            }
            : {}),
        }),
      );
      return ["run", "--model", "scripted/scripted", "make the tests pass"];
    },
  };
}

/** What the model received for each scripted call. */
interface Received {
  bulky?: ToolResult;
  search?: ToolResult;
  small?: ToolResult;
  read?: ToolResult;
  requests: Recorded[];
  failure?: string;
  log: string;
}

async function runAgent(
  agent: PluginAgent,
  bin: string,
  withCtxMode: boolean,
): Promise<Received> {
  await Deno.mkdir(homesRoot(), { recursive: true });
  const home = await Deno.makeTempDir({
    dir: homesRoot(),
    prefix: `${agent.name}-`,
  });
  try {
    const project = join(home, "project");
    await Deno.mkdir(join(project, "src"), { recursive: true });
    // The agent's spilled outputs stay in the throwaway HOME.
    await Deno.mkdir(join(home, "tmp"));
    await Deno.writeTextFile(join(project, "run.txt"), testRun());
    await Deno.writeTextFile(join(project, "small.txt"), `${SMALL}\n`);
    await Deno.writeTextFile(join(project, "src", "big.ts"), bigSource());
    await using server = new ModelServer();
    const args = await agent.prepare(
      { home, project, modelUrl: server.url },
      withCtxMode,
    );
    const received: Omit<Received, "requests" | "log"> = {};
    const keep =
      (key: "bulky" | "search" | "small" | "read") => (result: ToolResult) => {
        // Each run has its own HOME, which some results name (OpenCode's read).
        received[key] = { ...result, text: result.text.replaceAll(home, "~") };
        return undefined;
      };
    const steps: Step[] = [
      {
        call: { role: "shell", command: "cat run.txt; exit 1" },
        expect: keep("bulky"),
      },
      ...(withCtxMode
        ? [{
          call: {
            role: "mcp" as const,
            tool: "ctx_search",
            args: {
              queries: ["handles request number 1234"],
              source: "shrunk/shell",
            },
          },
          expect: keep("search"),
        }]
        : []),
      {
        call: { role: "shell", command: "cat small.txt" },
        expect: keep("small"),
      },
      {
        call: { role: "read", path: join(project, "src", "big.ts") },
        expect: keep("read"),
      },
      { text: "done" },
    ];
    server.play({ steps });
    const run = await new Deno.Command(bin, {
      args,
      cwd: project,
      clearEnv: true,
      env: {
        HOME: home,
        TMPDIR: join(home, "tmp"),
        PATH: Deno.env.get("PATH") ?? "",
        DENO_DIR: denoDir(),
        CTX_MODE_HOME: join(home, "ctx"),
        CTX_MODE_COMMAND: JSON.stringify(CTX_MODE),
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(240_000),
    }).output();
    const failure = server.failure();
    return {
      ...received,
      requests: [...server.requests],
      ...(failure ? { failure } : {}),
      log: `exit ${run.code}\n${new TextDecoder().decode(run.stderr)}`,
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

for (const agent of AGENTS) {
  const skip = notChosen(agent.name);
  const installed = skip ? { skip } : await installAgent(agent);
  const name =
    `the real ${agent.name} sends the model the shrunk view of its own bash's bulky result, and the rest is one ctx_search away`;
  Deno.test({
    name: "skip" in installed ? `${name} (ignored: ${installed.skip})` : name,
    ignore: "skip" in installed,
    async fn() {
      const bin = (installed as { bin: string }).bin;
      const on = await runAgent(agent, bin, true);
      assert.equal(on.failure, undefined, on.log);
      const view = on.bulky?.text ?? "";
      for (const failure of FAILURES) {
        assert.ok(view.includes(failure), `${failure} in:\n${view}`);
      }
      assert.match(view, /ctx-mode shrank this .* indexed as "shrunk\/shell\//);
      assert.ok(!view.includes(LEFT_OUT));
      assert.ok(on.search?.text.includes(LEFT_OUT), on.search?.text);
      // The output itself never reached the model: the line comes only with the search's answer.
      for (const request of on.requests) {
        if (request.body.includes(LEFT_OUT)) {
          assert.ok(request.body.includes("## handles request number 1234"));
        }
      }

      const off = await runAgent(agent, bin, false);
      assert.equal(off.failure, undefined, off.log);
      const whole = off.bulky?.text ?? "";
      assert.ok(
        bytes(view) <= 0.15 * bytes(whole),
        `${bytes(view)} bytes of view against ${bytes(whole)} without ctx-mode`,
      );
      // A small result and an editable read: what the agent gives without
      // ctx-mode (routing may add a note after it, never change it).
      assert.ok(on.small?.text.startsWith(off.small?.text ?? "?"));
      assert.ok(on.read?.text.startsWith(off.read?.text ?? "?"));
      assert.ok(!on.read?.text.includes("ctx-mode shrank"));
      assert.match(off.read?.text ?? "", /step399/);
    },
  });
}
