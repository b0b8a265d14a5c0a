import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adapterFor, agentFor } from "../../adapters/registry.ts";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { childEnv, MAIN, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const HOST = fileURLToPath(new URL("./_plugin_host.mjs", import.meta.url));
const PYTHON_HOST = fileURLToPath(
  new URL("./_hermes_host.py", import.meta.url),
);
/** The plugin agents and the file of their generated plugin. */
const PLUGINS: Record<string, string> = {
  opencode: "plugins/ctx-mode.js",
  kilocode: "plugins/ctx-mode.js",
  pi: "extensions/ctx-mode.js",
  omp: "extensions/ctx-mode.js",
  openclaw: "extensions/ctx-mode/index.js",
  amp: "plugins/ctx-mode.js",
  "hermes-plugin": "plugins/ctx-mode",
};

/** The runtime that loads each plugin, as its agent does. */
function runtimeOf(agent: string): { program: string; host: string } {
  return agent === "hermes-plugin"
    ? { program: "python3", host: PYTHON_HOST }
    : { program: "node", host: HOST };
}

function available(program: string): boolean {
  try {
    return new Deno.Command(program, { args: ["--version"], stdout: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const RUNTIMES: Record<string, boolean> = {
  node: available("node"),
  python3: available("python3"),
};

type Outcome = { blocked: boolean; reason?: string; args?: unknown };

async function runHost(
  agent: string,
  home: string,
  project: string,
  command: string[],
  program?: string,
): Promise<{ results: Record<string, unknown>; stderr: string }> {
  const adapter = (await agentFor(agent))!;
  const files = await adapter.pluginFiles!(["ctx-mode"]);
  const plugin = join(home, "plugin", PLUGINS[agent]!);
  for (const [name, text] of Object.entries(files)) {
    const path = join(home, "plugin", name);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  const runtime = runtimeOf(agent);
  const output = await new Deno.Command(program ?? runtime.program, {
    args: runtime.program === "node"
      ? [runtime.host, agent, plugin, project]
      : [runtime.host, plugin, project],
    cwd: project,
    clearEnv: true,
    env: childEnv(home, { CTX_MODE_COMMAND: JSON.stringify(command) }),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  return {
    results: JSON.parse(new TextDecoder().decode(output.stdout)),
    stderr,
  };
}

Deno.test({
  name:
    "a channel that dies in the middle of a request lets the call proceed, and the plugin says so once",
  ignore: !RUNTIMES.node,
  async fn() {
    await using dir = await tempDir();
    // Reads the first request, then dies without answering.
    const { results, stderr } = await runHost("opencode", dir.path, dir.path, [
      "sh",
      "-c",
      "head -n 1 >/dev/null; exit 1",
    ]);
    assert.equal((results.rmHome as Outcome).blocked, false);
    assert.equal((results.curl as Outcome).blocked, false);
    const lines = stderr.trim().split("\n").filter((line) =>
      line.startsWith("ctx-mode:")
    );
    assert.deepEqual(lines, [
      "ctx-mode: its hook channel ended; tool calls proceed without ctx-mode's checks",
    ]);
  },
});

/** Bun, which OpenCode and KiloCode run their plugins on: `CTX_MODE_BUN`, else `bun` on PATH. */
const BUN = Deno.env.get("CTX_MODE_BUN") ??
  (available("bun") ? "bun" : undefined);

for (const agent of ["opencode", "kilocode"]) {
  Deno.test({
    name:
      `the ${agent} plugin, loaded by Bun as ${agent} does, blocks and records through the channel`,
    ignore: BUN === undefined,
    async fn() {
      await using dir = await tempDir();
      const project = await Deno.realPath(dir.path);
      // The home beside the project: runs refuse a project that is the home.
      await using homeDir = await tempDir();
      const home = await Deno.realPath(homeDir.path);
      await Deno.mkdir(join(project, "src"));
      await Deno.writeTextFile(join(project, "big.log"), "line\n");
      const { results } = await runHost(agent, home, project, [
        Deno.execPath(),
        "run",
        "-A",
        MAIN,
      ], BUN);
      assert.equal((results.rmHome as Outcome).blocked, true);
      assert.match(String((results.rmHome as Outcome).reason), /rm\.home/);
      assert.equal((results.ls as Outcome).blocked, false);
      const show = await runCli(["session", "show", "--project", project], {
        home,
        cwd: project,
      });
      assert.match(show.stdout, /src\/a\.ts/, "the edit is in the session");
    },
  });
}

for (const agent of Object.keys(PLUGINS)) {
  Deno.test({
    name: `the ${agent} plugin, loaded by ${
      runtimeOf(agent).program
    }, blocks, redirects and records through the channel`,
    ignore: !RUNTIMES[runtimeOf(agent).program],
    async fn() {
      const adapter = (await adapterFor(agent))!;
      await using dir = await tempDir();
      const project = await Deno.realPath(dir.path);
      // The home beside the project: runs refuse a project that is the home.
      await using homeDir = await tempDir();
      const home = await Deno.realPath(homeDir.path);
      await Deno.mkdir(join(project, "src"));
      await Deno.writeTextFile(
        join(project, "big.log"),
        "line\n".repeat(200_000),
      );
      // A fresh heartbeat: ctx-mode's server runs for this project, so redirects apply.
      writeHeartbeat(home, {
        pid: Deno.pid,
        version: "test",
        projectDir: project,
        startedAt: Date.now(),
        updatedAt: Date.now(),
      });
      const { results } = await runHost(agent, home, project, [
        Deno.execPath(),
        "run",
        "-A",
        MAIN,
      ]);
      const outcome = (name: string) => results[name] as Outcome;
      assert.equal(outcome("rmHome").blocked, true);
      assert.match(String(outcome("rmHome").reason), /rm\.home/);
      assert.equal(outcome("curl").blocked, true);
      assert.match(String(outcome("curl").reason), /ctx_fetch_and_index/);
      assert.equal(outcome("ls").blocked, false);
      if (
        adapter.capabilities.sessionStart && adapter.capabilities.injectContext
      ) {
        assert.ok(
          (results.system as string[]).some((text) =>
            text.includes("ctx_execute")
          ),
          "the routing block reaches the model at session start",
        );
      }
      if (adapter.capabilities.modifyOutput) {
        const bigRead = results.bigRead as { after: string };
        assert.match(bigRead.after, /\[ctx-mode\] .*ctx_execute_file/);
      }
      const show = await runCli(["session", "show", "--project", project], {
        home,
        cwd: project,
      });
      assert.equal(show.code, 0, show.stderr);
      assert.match(show.stdout, /src\/a\.ts/, "the edit is in the session");
      assert.match(
        show.stdout,
        /make the build green/,
        "the prompt is in the session",
      );
      if (agent === "pi") {
        assert.ok((results.registered as string[]).includes("ctx_search"));
        assert.equal(results.toolRun, "from-pi-tool");
      }
    },
  });

  Deno.test({
    name:
      `the ${agent} plugin lets every call proceed, and says so once, when ctx-mode cannot start`,
    ignore: !RUNTIMES[runtimeOf(agent).program],
    async fn() {
      await using dir = await tempDir();
      const { results, stderr } = await runHost(agent, dir.path, dir.path, [
        join(dir.path, "no-such-ctx-mode"),
      ]);
      assert.equal((results.rmHome as Outcome).blocked, false);
      assert.equal((results.curl as Outcome).blocked, false);
      const lines = stderr.trim().split("\n").filter((line) =>
        line.startsWith("ctx-mode:")
      );
      assert.equal(lines.length, 1, stderr);
      assert.match(lines[0]!, /tool calls proceed without ctx-mode's checks/);
    },
  });
}
