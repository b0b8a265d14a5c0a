/**
 * Shrinking through the plugins: each generated plugin, loaded by the
 * runtime its agent loads it with and fed the agent's own result shapes,
 * puts the compact view of a bulky result where the model reads it; a small
 * result and a read of an editable source reach the model byte for byte; the
 * receipt's source gives the full text back; and when ctx-mode is gone, or
 * its tools are out of the model's reach, nothing changes.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFor } from "../../adapters/registry.ts";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { childEnv, MAIN, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  bigSource,
  bytes,
  FAILURES,
  issues,
  LEFT_OUT,
  testRun,
} from "./_shrink_fixtures.ts";

const HOST = fileURLToPath(new URL("./_plugin_host.mjs", import.meta.url));
const PYTHON_HOST = fileURLToPath(
  new URL("./_hermes_host.py", import.meta.url),
);

/** The plugin agents that shrink, and the file of their generated plugin. */
const PLUGINS: Record<string, string> = {
  opencode: "plugins/ctx-mode.js",
  kilocode: "plugins/ctx-mode.js",
  pi: "extensions/ctx-mode.js",
  omp: "extensions/ctx-mode.js",
  openclaw: "extensions/ctx-mode/index.js",
  "hermes-plugin": "plugins/ctx-mode",
};

function runtimeOf(agent: string): string {
  return agent === "hermes-plugin" ? "python3" : "node";
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

interface Seen {
  bulky: string;
  small: string;
  read: string;
  mcp?: string;
}

interface Place {
  home: string;
  project: string;
}

async function place(): Promise<Place & AsyncDisposable> {
  const projectDir = await tempDir();
  const homeDir = await tempDir();
  const project = await Deno.realPath(projectDir.path);
  await Deno.mkdir(join(project, "src"));
  await Deno.writeTextFile(join(project, "run.txt"), testRun());
  await Deno.writeTextFile(join(project, "small.txt"), "On branch main\n");
  await Deno.writeTextFile(join(project, "src", "big.ts"), bigSource());
  await Deno.writeTextFile(join(project, "issues.json"), issues());
  return {
    home: await Deno.realPath(homeDir.path),
    project,
    async [Symbol.asyncDispose]() {
      await projectDir[Symbol.asyncDispose]();
      await homeDir[Symbol.asyncDispose]();
    },
  };
}

/** ctx-mode's server runs for the project: the model can reach ctx_search. */
function serverRuns(where: Place): void {
  writeHeartbeat(where.home, {
    pid: Deno.pid,
    version: "test",
    projectDir: where.project,
    startedAt: Date.now(),
    updatedAt: Date.now(),
  });
}

async function seen<T = Seen>(
  agent: string,
  where: Place,
  command: string[],
  scenario = "shrink",
  env: Record<string, string> = {},
): Promise<T> {
  const adapter = (await agentFor(agent))!;
  const files = await adapter.pluginFiles!(["ctx-mode"]);
  for (const [name, text] of Object.entries(files)) {
    const path = join(where.home, "plugin", name);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  const plugin = join(where.home, "plugin", PLUGINS[agent]!);
  const program = runtimeOf(agent);
  const output = await new Deno.Command(program, {
    args: program === "node"
      ? [HOST, agent, plugin, where.project, scenario]
      : [PYTHON_HOST, plugin, where.project, scenario],
    cwd: where.project,
    clearEnv: true,
    env: childEnv(where.home, {
      CTX_MODE_COMMAND: JSON.stringify(command),
      ...env,
    }),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

/** The text the model reads: Hermes's results are JSON objects around it. */
function body(agent: string, shown: string): string {
  if (agent !== "hermes-plugin") return shown;
  const value = JSON.parse(shown);
  return String(value.output ?? value.content ?? value.result);
}

/** The bulky result as the agent's own tool reports it (Pi's bash adds the status of a failed run). */
function bulkyResult(agent: string): string {
  return agent === "pi" || agent === "omp"
    ? `${testRun()}\n\nCommand exited with code 1`
    : testRun();
}

const CTX_MODE = [Deno.execPath(), "run", "-A", MAIN];

for (const agent of Object.keys(PLUGINS)) {
  Deno.test({
    name:
      `the ${agent} plugin hands the model the shrunk view of a bulky result, and small results and editable reads as they were`,
    ignore: !RUNTIMES[runtimeOf(agent)],
    async fn() {
      await using where = await place();
      // Pi registers ctx-mode's tools itself: no server needed for the way back.
      if (agent !== "pi") serverRuns(where);
      const got = await seen(agent, where, CTX_MODE);
      const run = testRun();
      const bulky = body(agent, got.bulky);
      for (const failure of [700, 1500, 2900]) {
        assert.ok(
          bulky.includes(
            `not ok ${failure} - rejects login attempt ${failure}`,
          ),
          `failure ${failure} in the view:\n${bulky}`,
        );
      }
      assert.match(bulky, /exit 1/);
      const source = /source: "(shrunk\/shell\/npm test #\w+)"/.exec(bulky)
        ?.[1];
      assert.ok(source, `a receipt in the view:\n${bulky}`);
      assert.ok(
        bytes(got.bulky) <= 0.15 * bytes(run),
        `${bytes(got.bulky)} bytes shown of ${bytes(run)}`,
      );
      // Small results and reads of editable sources: byte for byte what the tool gave.
      assert.equal(body(agent, got.small), "On branch main\n");
      assert.equal(body(agent, got.read), bigSource());
      if (got.mcp !== undefined) {
        const view = body(agent, got.mcp);
        assert.ok(view.length < issues().length * 0.15, view);
        assert.match(view, /300/, "the list's length is in the view");
        assert.match(view, /shrunk\//);
      }
      // A line the view left out comes back from one search of the receipt's source.
      const line = LEFT_OUT;
      assert.ok(!bulky.includes(line));
      const search = await runCli(
        ["search", "--source", source, "--", "handles request number 1234"],
        { home: where.home, cwd: where.project },
      );
      assert.equal(search.code, 0, search.stderr);
      assert.ok(search.stdout.includes(line), search.stdout);
    },
  });

  Deno.test({
    name:
      `the ${agent} plugin leaves every result as it was when ctx-mode cannot start`,
    ignore: !RUNTIMES[runtimeOf(agent)],
    async fn() {
      await using where = await place();
      serverRuns(where);
      const got = await seen(agent, where, [
        join(where.home, "no-such-ctx-mode"),
      ]);
      assert.equal(body(agent, got.bulky), bulkyResult(agent));
      assert.equal(body(agent, got.small), "On branch main\n");
      assert.equal(body(agent, got.read), bigSource());
      if (got.mcp !== undefined) assert.equal(body(agent, got.mcp), issues());
    },
  });
}

Deno.test({
  name:
    "the opencode plugin leaves a bulky result whole when the model cannot reach ctx-mode's tools to get the rest back",
  ignore: !RUNTIMES.node,
  async fn() {
    await using where = await place();
    // No server heartbeat: OpenCode's model has no ctx_search.
    const got = await seen("opencode", where, CTX_MODE);
    assert.equal(got.bulky, testRun());
  },
});

Deno.test("each plugin agent's modifyOutput flag says whether its plugin shrinks", async () => {
  for (const agent of Object.keys(PLUGINS)) {
    const adapter = (await agentFor(agent))!;
    assert.equal(adapter.capabilities.modifyOutput, true, agent);
    assert.ok(adapter.formatReplacement, agent);
  }
  // Hermes's shell hooks cannot return a result (transform_tool_result is plugin-only).
  const shell = (await agentFor("hermes"))!;
  assert.equal(shell.capabilities.modifyOutput, false);
});

/** The last lines of a text, as an agent that cuts long output shows them. */
function tail(text: string, lines: number): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

Deno.test({
  name:
    "the pi plugin shrinks the whole output Pi spilled to its own file, and only that file",
  ignore: !RUNTIMES.node,
  async fn() {
    await using where = await place();
    const tmp = join(where.home, "tmp");
    await Deno.mkdir(tmp);
    const spill = (id: string) => join(tmp, `pi-bash-${id}.log`);
    await Deno.writeTextFile(spill("0123456789abcdef"), testRun());
    // A file of Pi's name that does not end with the tail shown: not this output.
    await Deno.writeTextFile(
      spill("fedcba9876543210"),
      `not ok 1 - planted failure\n${"x\n".repeat(5000)}`,
    );
    // The right content, but outside Pi's folder.
    await Deno.writeTextFile(
      join(where.project, "pi-bash-0123456789abcdef.log"),
      testRun(),
    );
    const shown = (path: string) =>
      `${
        tail(testRun(), 1100)
      }\n\n[Showing lines 1901-3003 of 3003 (50.0KB limit). Full output: ${path}]\n\nCommand exited with code 1`;
    const cases = [
      spill("0123456789abcdef"),
      spill("fedcba9876543210"),
      join(where.project, "pi-bash-0123456789abcdef.log"),
    ].map((path) => ({ command: "npm test", text: shown(path) }));
    await Deno.writeTextFile(
      join(where.project, "spill.json"),
      JSON.stringify(cases),
    );
    const [whole, planted, outside] = await seen<string[]>(
      "pi",
      where,
      CTX_MODE,
      "spill",
      { TMPDIR: tmp },
    );
    for (const failure of FAILURES) assert.ok(whole!.includes(failure), whole);
    assert.match(whole!, /exit 1/);
    for (const view of [planted!, outside!]) {
      assert.ok(view.includes(FAILURES[2]!), view);
      assert.ok(!view.includes(FAILURES[0]!), view);
      assert.ok(!view.includes("planted failure"), view);
    }
  },
});

Deno.test({
  name:
    "the opencode plugin shrinks the whole output OpenCode saved when it cut a command's output",
  ignore: !RUNTIMES.node,
  async fn() {
    await using where = await place();
    serverRuns(where);
    const saved = join(where.home, "tool_output_1");
    await Deno.writeTextFile(saved, testRun());
    const cut = `...output truncated...\n\nFull output saved to: ${saved}\n\n${
      tail(testRun(), 1100)
    }`;
    await Deno.writeTextFile(
      join(where.project, "spill.json"),
      JSON.stringify([
        {
          command: "npm test",
          text: cut,
          exitCode: 1,
          extra: { truncated: true, outputPath: saved },
        },
        // A saved file that does not hold what was shown: the cut output stands.
        {
          command: "npm test",
          text: cut,
          exitCode: 1,
          extra: {
            truncated: true,
            outputPath: join(where.project, "small.txt"),
          },
        },
      ]),
    );
    const [whole, other] = await seen<string[]>(
      "opencode",
      where,
      CTX_MODE,
      "spill",
    );
    for (const failure of FAILURES) assert.ok(whole!.includes(failure), whole);
    assert.ok(other!.includes(FAILURES[2]!), other);
    assert.ok(!other!.includes(FAILURES[0]!), other);
  },
});
