import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openCodePlugin } from "../../adapters/opencode_plugin.ts";
import { configFiles } from "../../scripts/write_configs.ts";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { childEnv, MAIN, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const HOST = fileURLToPath(new URL("./_opencode_host.mjs", import.meta.url));

function nodeAvailable(): boolean {
  try {
    return new Deno.Command("node", { args: ["--version"], stdout: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const hasNode = nodeAvailable();

async function runHost(
  home: string,
  project: string,
  command: string[],
): Promise<{ results: Record<string, unknown>; stderr: string }> {
  const plugin = join(home, "ctx-mode.js");
  await Deno.writeTextFile(plugin, await openCodePlugin(["ctx-mode"]));
  const output = await new Deno.Command("node", {
    args: [HOST, plugin, project],
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

Deno.test("configs/opencode holds exactly what the adapter generates", async () => {
  for (const [name, text] of Object.entries(await configFiles("opencode"))) {
    const stored = await Deno.readTextFile(
      new URL(`../../configs/opencode/${name}`, import.meta.url),
    );
    assert.equal(
      stored,
      text,
      `configs/opencode/${name} is out of date: run deno task configs`,
    );
  }
});

Deno.test({
  name:
    "the OpenCode plugin, loaded by Node, blocks, redirects, notes, records and restores through the channel",
  ignore: !hasNode,
  async fn() {
    await using dir = await tempDir();
    const project = await Deno.realPath(dir.path);
    await Deno.mkdir(join(project, "src"));
    await Deno.writeTextFile(
      join(project, "big.log"),
      "line\n".repeat(200_000),
    );
    // A fresh heartbeat: ctx-mode's server runs for this project, so redirects apply.
    writeHeartbeat(project, {
      pid: Deno.pid,
      version: "test",
      projectDir: project,
      startedAt: Date.now(),
      updatedAt: Date.now(),
    });
    const { results } = await runHost(project, project, [
      Deno.execPath(),
      "run",
      "-A",
      MAIN,
    ]);
    const r = results as Record<string, Record<string, unknown> & unknown[]>;
    assert.ok(
      (r.system as unknown as string[]).some((text) =>
        text.includes("ctx_execute")
      ),
    );
    assert.equal(r.rmHome!.blocked, true);
    assert.match(String(r.rmHome!.reason), /rm\.home/);
    assert.equal(r.curl!.blocked, true);
    assert.match(String(r.curl!.reason), /ctx_fetch_and_index/);
    assert.deepEqual(r.ls, {
      blocked: false,
      args: { command: "ls", description: "list" },
      callID: r.ls!.callID,
    });
    const bigRead = r.bigRead as unknown as {
      before: { blocked: boolean };
      after: string;
    };
    assert.equal(bigRead.before.blocked, false);
    assert.match(bigRead.after, /\[ctx-mode\] .*ctx_execute_file/);
    const show = await runCli(["session", "show", "--project", project], {
      home: project,
      cwd: project,
    });
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /src\/a\.ts/);
    assert.match(show.stdout, /make the build green/);
  },
});

Deno.test({
  name:
    "the OpenCode plugin lets every call proceed, and says so once, when ctx-mode cannot start",
  ignore: !hasNode,
  async fn() {
    await using dir = await tempDir();
    const { results, stderr } = await runHost(dir.path, dir.path, [
      join(dir.path, "no-such-ctx-mode"),
    ]);
    const r = results as Record<string, Record<string, unknown>>;
    assert.equal(r.rmHome!.blocked, false);
    assert.equal(r.curl!.blocked, false);
    assert.equal(stderr.trim().split("\n").length, 1, stderr);
    assert.match(
      stderr,
      /cannot start .*tool calls proceed without ctx-mode's checks/,
    );
  },
});
