import assert from "node:assert/strict";
import { join } from "node:path";
import { resultText, startServer } from "../_helpers/mcp_client.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { exists, tempDir } from "./_helpers.ts";

/** A private HOME holding a secret and a project, and a marker the code would create. */
async function layout(root: string) {
  const home = join(root, "home");
  const project = join(home, "project");
  await Deno.mkdir(join(home, ".ssh"), { recursive: true });
  await Deno.mkdir(project);
  await Deno.writeTextFile(join(home, ".ssh", "id_rsa"), "SECRET-KEY");
  await Deno.writeTextFile(join(home, "notes.txt"), "notes");
  await Deno.writeTextFile(join(home, ".bashrc"), "export SECRET-KEY=1");
  // The data home apart from HOME: a project inside the data home is refused as well.
  const env = { CTX_MODE_HOME: join(root, "data") };
  return { home, project, env, marker: join(project, "ran") };
}

Deno.test("the MCP server refuses ctx_execute, ctx_execute_file and ctx_batch_execute when its project is the home folder", async () => {
  await using root = await tempDir();
  const { home, env } = await layout(root.path);
  const marker = join(home, "ran");
  await using server = await startServer({ project: home, home, env });
  const touch = `touch '${marker}'`;
  const calls: [string, Record<string, unknown>][] = [
    ["ctx_execute", { language: "shell", code: touch }],
    ["ctx_execute", {
      language: "javascript",
      code: `console.log(Deno.readTextFileSync(${
        JSON.stringify(join(home, ".bashrc"))
      }))`,
    }],
    ["ctx_execute_file", { path: "notes.txt", language: "shell", code: touch }],
    ["ctx_batch_execute", {
      commands: [{ label: "touch", command: touch }],
      queries: ["anything"],
    }],
  ];
  for (const [tool, args] of calls) {
    const result = await server.call(tool, args);
    const text = resultText(result);
    // A batch reports each command; the refused one "failed to start" with the reason.
    if (tool !== "ctx_batch_execute") {
      assert.equal(result.isError, true, `${tool}: ${text}`);
    }
    assert.match(
      text,
      new RegExp(`Cannot run code in "${home}": it is the home folder`),
      tool,
    );
    assert.doesNotMatch(text, /SECRET-KEY/);
  }
  assert.equal(await exists(marker), false, "a run happened");
});

Deno.test("the MCP server runs code in a project inside the home folder", async () => {
  await using root = await tempDir();
  const { home, project, env, marker } = await layout(root.path);
  await using server = await startServer({ project, home, env });
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code: `touch '${marker}' && echo touched`,
  });
  assert.match(text, /touched/);
  assert.equal(await exists(marker), true);
});

Deno.test("ctx-mode exec refuses the home folder, a folder above it and a link to it, in one line", async (t) => {
  await using root = await tempDir();
  const { home, project, env, marker } = await layout(root.path);
  const link = join(root.path, "link");
  await Deno.symlink(home, link);
  const cases: [string, string, RegExp][] = [
    ["the home folder", home, /it is the home folder/],
    ["the home folder, spelled with ..", `${project}/..`, /it is the home/],
    ["a link to the home folder", link, /it is the home folder/],
    ["a folder above it", root.path, /it contains the home folder/],
  ];
  for (const [name, dir, expected] of cases) {
    await t.step(name, async () => {
      const run = await runCli(
        ["exec", "--lang", "shell", `touch '${marker}'`],
        { home, cwd: project, env: { ...env, CTX_MODE_PROJECT_DIR: dir } },
      );
      assert.notEqual(run.code, 0);
      assert.match(run.stderr, /Cannot run code in "/);
      assert.match(run.stderr, expected);
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
      assert.equal(await exists(marker), false);
    });
  }

  await t.step("a project inside the home folder runs", async () => {
    const run = await runCli(["exec", "--lang", "shell", "echo fine"], {
      home,
      cwd: project,
      env: { ...env, CTX_MODE_PROJECT_DIR: project },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "fine\n");
  });
});
