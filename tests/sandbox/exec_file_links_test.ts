import assert from "node:assert/strict";
import { join } from "node:path";
import { runCode, type RunOptions } from "../../src/sandbox/mod.ts";
import { AVAILABLE, BWRAP, LANDLOCK, tempDir } from "./_helpers.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { resultText, startServer } from "../_helpers/mcp_client.ts";

const unix = Deno.build.os !== "windows";

/** A project with a link to a secret outside it, and a link to a file inside it. */
async function linkedProject(project: string, outside: string): Promise<void> {
  await Deno.writeTextFile(join(outside, "secret.txt"), "TOP-SECRET-OUTSIDE");
  await Deno.writeTextFile(join(project, "inside.txt"), "inside text\n");
  await Deno.symlink(join(outside, "secret.txt"), join(project, "leak.txt"));
  await Deno.mkdir(join(project, "sub"));
  await Deno.symlink("../inside.txt", join(project, "sub", "alias.txt"));
}

const CASES: Array<
  {
    label: string;
    language: string;
    code: string;
    options: RunOptions;
    ignore: boolean;
  }
> = [
  {
    label: "JavaScript with permission flags",
    language: "javascript",
    code: "console.log(FILE_CONTENT)",
    options: { confine: false },
    ignore: false,
  },
  {
    label: "JavaScript under Landlock",
    language: "javascript",
    code: "console.log(FILE_CONTENT)",
    options: { confine: "landlock" },
    ignore: !LANDLOCK,
  },
  {
    label: "JavaScript under bubblewrap",
    language: "javascript",
    code: "console.log(FILE_CONTENT)",
    options: {},
    ignore: !BWRAP,
  },
  {
    label: "python under bubblewrap",
    language: "python",
    code: "print(FILE_CONTENT)",
    options: {},
    ignore: !BWRAP || !AVAILABLE.has("python"),
  },
  {
    label: "python without confinement",
    language: "python",
    code: "print(FILE_CONTENT)",
    options: { confine: false },
    ignore: !AVAILABLE.has("python"),
  },
];

for (const item of CASES) {
  Deno.test({
    name:
      `exec-file in ${item.label} refuses a project link to an outside file and follows one that stays inside`,
    ignore: item.ignore || !unix,
    fn: async () => {
      await using project = await tempDir();
      await using outside = await tempDir();
      await linkedProject(project.path, outside.path);
      const run = (path: string) =>
        runCode({
          language: item.language,
          code: item.code,
          projectDir: project.path,
          file: { path },
          timeoutMs: 60_000,
        }, item.options);
      for (
        const path of [
          "leak.txt",
          join(project.path, "leak.txt"),
          join(outside.path, "secret.txt"),
          "../" + outside.path.split("/").at(-1) + "/secret.txt",
        ]
      ) {
        await assert.rejects(
          () => run(path),
          Deno.errors.PermissionDenied,
          `Cannot read file "${path}": its real path "${
            join(outside.path, "secret.txt")
          }" is outside the project`,
        );
      }
      // Without bubblewrap a JavaScript run refuses a project holding a link that leads out.
      await Deno.remove(join(project.path, "leak.txt"));
      const inside = await run("sub/alias.txt");
      assert.equal(inside.exitCode, 0, inside.stderr);
      assert.equal(inside.stdout.trim(), "inside text");
    },
  });
}

Deno.test({
  name:
    "ctx_execute_file and ctx-mode exec-file refuse a project link to an outside file in one line",
  ignore: !unix,
  fn: async () => {
    await using home = await tempDir();
    await using project = await tempDir();
    await using outside = await tempDir();
    await linkedProject(project.path, outside.path);

    const cli = await runCli(
      ["exec-file", "leak.txt", "--lang", "js", "console.log(FILE_CONTENT)"],
      {
        home: home.path,
        cwd: project.path,
        env: { CTX_MODE_PROJECT_DIR: project.path },
      },
    );
    assert.equal(cli.code, 1);
    assert.equal(cli.stdout, "");
    assert.match(
      cli.stderr,
      /^ctx-mode: Cannot read file "[^"]*leak\.txt": its real path "[^"]+" is outside the project\n$/,
    );

    await using server = await startServer({
      project: project.path,
      home: home.path,
    });
    for (const language of ["javascript", "shell"]) {
      const result = await server.call("ctx_execute_file", {
        path: "leak.txt",
        language,
        code: language === "shell"
          ? 'cat "$FILE_PATH"'
          : "console.log(FILE_CONTENT)",
      });
      const text = resultText(result);
      assert.equal(result.isError, true, text);
      assert.match(text, /is outside the project/);
      assert.doesNotMatch(text, /TOP-SECRET-OUTSIDE/);
    }
  },
});
