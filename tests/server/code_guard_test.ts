import assert from "node:assert/strict";
import { join } from "node:path";
import { readAudit } from "../../src/safety/audit_log.ts";
import { resultText, startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("ctx_execute refuses Python and JavaScript code that deletes .git or writes a control file, and runs the near misses", async (t) => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await Deno.mkdir(join(project, ".git", "hooks"), { recursive: true });
  await Deno.writeTextFile(
    join(project, ".git", "HEAD"),
    "ref: refs/heads/main\n",
  );
  await Deno.writeTextFile(join(project, ".git", "config"), "[core]\n");
  await using server = await startServer({ project, home: home.path });

  const refused: Array<[string, string, string]> = [
    ["python", 'import shutil\nshutil.rmtree(".git")\nprint("gone")', "rm.git"],
    [
      "javascript",
      'Deno.removeSync(".git", { recursive: true });\nconsole.log("gone");',
      "rm.git",
    ],
    [
      "python",
      'import subprocess\nsubprocess.run(["rm", "-rf", ".git"])',
      "rm.git",
    ],
    [
      "python",
      'with open(".git/config", "a") as f:\n    f.write("[core]\\n\\tfsmonitor = ./x\\n")',
      "policy.write",
    ],
    [
      "typescript",
      'await Deno.writeTextFile(".ctx-mode.json", "{}");',
      "policy.write",
    ],
  ];
  for (const [language, code, rule] of refused) {
    await t.step(
      `refuses ${language}: ${code.split("\n").at(-1)}`,
      async () => {
        const result = await server.call("ctx_execute", { language, code });
        assert.equal(result.isError, true, resultText(result));
        assert.match(
          resultText(result),
          new RegExp(
            `^Cannot run this ${language} code${
              rule === "policy.write" ? " without the user's confirmation" : ""
            }: .*\\[ctx-mode rule ${rule.replace(".", "\\.")}\\]`,
          ),
        );
        assert.ok(
          await exists(join(project, ".git", "HEAD")),
          ".git is still there",
        );
        assert.equal(
          await Deno.readTextFile(join(project, ".git", "config")),
          "[core]\n",
        );
        assert.equal(await exists(join(project, ".ctx-mode.json")), false);
      },
    );
  }
  await t.step("every refusal is in the audit log under the tool", () => {
    const { entries } = readAudit(home.path);
    assert.deepEqual(
      entries.map((e) => [e.source, e.verdict, e.rule]),
      refused.map(([, , rule]) => [
        "ctx_execute",
        rule === "policy.write" ? "ask" : "deny",
        rule,
      ]),
    );
    assert.match(entries[0]!.command ?? "", /shutil\.rmtree\("\.git"\)/);
  });
  await t.step(
    "runs a tree delete inside the project and a read of .git/HEAD",
    async () => {
      await Deno.mkdir(join(project, "build", "x"), { recursive: true });
      const text = await server.callText("ctx_execute", {
        language: "python",
        code:
          'import shutil, os\nshutil.rmtree("build")\nprint(open(".git/HEAD").read().strip(), os.path.exists("build"))',
      });
      assert.match(text, /ref: refs\/heads\/main False/);
      assert.equal(await exists(join(project, "build")), false);
    },
  );
});

Deno.test("ctx_execute applies the user's level and switched-off rules to program code", async () => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await Deno.writeTextFile(
    join(home.path, "config.json"),
    JSON.stringify({
      guard: { level: "paranoid", disabledRules: ["git.push-force"] },
    }),
  );
  await Deno.mkdir(join(project, "build"));
  await using server = await startServer({ project, home: home.path });
  const paranoid = await server.call("ctx_execute", {
    language: "python",
    code: 'import shutil\nshutil.rmtree("build")',
  });
  assert.equal(paranoid.isError, true, resultText(paranoid));
  assert.match(resultText(paranoid), /\[ctx-mode rule rm\.paranoid\]$/);
  assert.ok(await exists(join(project, "build")));
  const push = await server.callText("ctx_execute", {
    language: "python",
    code: 'import os\nos.system("git push --force 2>/dev/null")\nprint("ran")',
  });
  assert.match(push, /ran/);
});
