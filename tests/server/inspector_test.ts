import assert from "node:assert/strict";
import { childEnv, MAIN } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

// A second, independent MCP client: the MCP Inspector's CLI mode. The
// standalone `@modelcontextprotocol/inspector-cli` 1.0.3 package fails at
// start ("Cannot find module …/package.json"), so the test drives the same
// CLI through the main package, pinned.
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

async function npmReachable(): Promise<boolean> {
  try {
    const probe = await new Deno.Command("npm", {
      args: ["view", INSPECTOR, "version"],
      stdout: "null",
      stderr: "null",
      signal: AbortSignal.timeout(30_000),
    }).output();
    return probe.success;
  } catch {
    return false;
  }
}

const reachable = await npmReachable();

async function inspect(
  dirs: { project: string; home: string },
  method: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { project, home } = dirs;
  const env = childEnv(home, { CTX_MODE_PROJECT_DIR: project });
  // The inspector starts the server with an environment of its own; -e passes ours on.
  const serverEnv = Object.entries(env).flatMap((
    [key, value],
  ) => ["-e", `${key}=${value}`]);
  const output = await new Deno.Command("npx", {
    args: [
      "-y",
      INSPECTOR,
      "--cli",
      ...serverEnv,
      Deno.execPath(),
      "run",
      "-A",
      MAIN,
      "serve",
      ...method,
    ],
    cwd: project,
    // npx itself keeps the runner's npm cache, so the inspector is downloaded once.
    env: { ...env, npm_config_cache: `${Deno.env.get("HOME") ?? ""}/.npm` },
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(240_000),
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

Deno.test({
  name: reachable
    ? "the MCP Inspector CLI lists the tools and calls one"
    : "the MCP Inspector CLI lists the tools and calls one (SKIPPED: npm registry unreachable)",
  ignore: !reachable,
  sanitizeResources: false,
  fn: async () => {
    await using project = await tempDir();
    // The home beside the project: runs refuse a project that is the home.
    await using home = await tempDir();
    const dirs = { project: project.path, home: home.path };
    const list = await inspect(dirs, ["--method", "tools/list"]);
    assert.equal(list.code, 0, list.stderr);
    const names = (JSON.parse(list.stdout).tools as Array<{ name: string }>)
      .map((tool) => tool.name);
    assert.equal(names.length, 10);
    assert.ok(names.includes("ctx_search"));

    const call = await inspect(dirs, [
      "--method",
      "tools/call",
      "--tool-name",
      "ctx_execute",
      "--tool-arg",
      "language=shell",
      "--tool-arg",
      "code=echo inspected by a second client",
    ]);
    assert.equal(call.code, 0, call.stderr);
    assert.equal(
      JSON.parse(call.stdout).content[0].text,
      "inspected by a second client",
    );
  },
});
