/**
 * The first-run flows every way of installing ctx-mode must pass: `--help`,
 * `version`, a hook answering a real payload, and the MCP server answering
 * `tools/list` to the SDK's own client. A launcher says how ctx-mode starts
 * (a served tree, a copy outside the clone, a compiled binary).
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { denoDir } from "../_helpers/run_cli.ts";

/** How to start ctx-mode: the executable and the arguments before ctx-mode's own. */
export interface Launcher {
  command: string;
  args: string[];
}

/** What a run printed and returned. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs ctx-mode through `launcher` in `home` (also its working directory and
 * data home) with only the given environment.
 */
export async function launch(
  launcher: Launcher,
  args: string[],
  options: { home: string; env: Record<string, string>; stdin?: string },
): Promise<Run> {
  const child = new Deno.Command(launcher.command, {
    args: [...launcher.args, ...args],
    cwd: options.home,
    clearEnv: true,
    env: baseEnv(options.home, options.env),
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const output = await child.output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

function baseEnv(
  home: string,
  env: Record<string, string>,
): Record<string, string> {
  return {
    PATH: Deno.env.get("PATH") ?? "",
    HOME: home,
    CTX_MODE_HOME: home,
    NO_COLOR: "1",
    ...env,
  };
}

/**
 * A Deno cache of its own for a child, with the test runner's npm packages
 * linked in, so a child downloads its modules afresh but needs no registry
 * for the npm packages already fetched.
 */
export async function seededDenoDir(dir: string): Promise<string> {
  const cache = join(dir, "deno-cache");
  await Deno.mkdir(cache, { recursive: true });
  await Deno.symlink(join(denoDir(), "npm"), join(cache, "npm"));
  return cache;
}

/** A Claude Code PreToolUse payload asking to run `command` in `project`. */
export async function preToolUsePayload(
  project: string,
  command: string,
): Promise<string> {
  const fixture = JSON.parse(
    await Deno.readTextFile(
      new URL(
        "../fixtures/hooks/claude-code/PreToolUse.json",
        import.meta.url,
      ),
    ),
  );
  return JSON.stringify({
    ...fixture.stdin,
    cwd: project,
    "tool_input": { command },
  });
}

/** The light commands: `--help`, `version` and a hook's answer. */
export async function checkLightCommands(
  t: Deno.TestContext,
  launcher: Launcher,
  options: { home: string; env: Record<string, string> },
): Promise<void> {
  await t.step("--help lists the commands", async () => {
    const run = await launch(launcher, ["--help"], options);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Usage: ctx-mode <command>/m);
    assert.match(run.stdout, /^ {2}serve {2,}/m);
  });
  await t.step("version prints the version of deno.json", async () => {
    const run = await launch(launcher, ["version"], options);
    assert.equal(run.code, 0, run.stderr);
    const { version } = JSON.parse(
      await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
    );
    assert.equal(run.stdout.trim(), `ctx-mode ${version}`);
  });
  await t.step(
    "hook claude-code pretooluse denies a destructive command",
    async () => {
      const run = await launch(
        launcher,
        ["hook", "claude-code", "pretooluse"],
        {
          ...options,
          env: { ...options.env, CLAUDE_PROJECT_DIR: options.home },
          stdin: await preToolUsePayload(options.home, "rm -rf ~"),
        },
      );
      assert.equal(run.code, 0, run.stderr);
      const answer = JSON.parse(run.stdout).hookSpecificOutput;
      assert.equal(answer.permissionDecision, "deny", run.stdout);
    },
  );
}

/**
 * The MCP server started through `launcher` answers `tools/list`, runs
 * shell and JavaScript in its sandbox (whose hosts start the way the server
 * did), and converts an HTML page (in a Worker started the same way).
 */
export async function checkServe(
  launcher: Launcher,
  options: { home: string; env: Record<string, string> },
): Promise<void> {
  // A project beside the home, not the home itself: runs refuse a project
  // that is, holds or lies inside the home or the data home.
  const project = await Deno.makeTempDir({ prefix: "ctx-dist-project-" });
  const transport = new StdioClientTransport({
    command: launcher.command,
    args: [...launcher.args, "serve"],
    cwd: project,
    env: baseEnv(options.home, {
      CTX_MODE_PROJECT_DIR: project,
      ...options.env,
    }),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr += new TextDecoder().decode(chunk);
  });
  const client = new Client({ name: "ctx-dist-test", version: "1.0.0" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ["ctx_execute", "ctx_search", "ctx_index"]) {
      assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
    }
    for (
      const [language, code] of [
        ["shell", "echo from-$((6 * 7))"],
        ["javascript", "console.log(`from-${6 * 7}`)"],
      ]
    ) {
      const result = await client.callTool({
        name: "ctx_execute",
        arguments: { language, code },
      });
      const text = JSON.stringify(result.content);
      assert.ok(!result.isError && text.includes("from-42"), text);
    }
    // An HTML page goes through the converter, a Worker started from a module URL.
    await using page = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      () =>
        new Response(
          "<html><body><main><h1>Setup guide</h1><p>Install the kumquat tool.</p></main></body></html>",
          { headers: { "content-type": "text/html; charset=utf-8" } },
        ),
    );
    const fetched = await client.callTool({
      name: "ctx_fetch_and_index",
      arguments: { url: `http://127.0.0.1:${page.addr.port}/guide` },
    });
    const receipt = JSON.stringify(fetched.content);
    assert.ok(
      !fetched.isError && receipt.includes("Setup guide"),
      receipt,
    );
  } catch (error) {
    throw new Error(`serve failed: ${error}\n${stderr}`);
  } finally {
    await client.close();
    await Deno.remove(project, { recursive: true });
  }
}
