import assert from "node:assert/strict";
import { join } from "node:path";
import { readAudit } from "../../src/safety/audit_log.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value));
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

Deno.test("exec, exec-file and batch honour the project's guard policy and log what they refuse", async (t) => {
  await using home = await tempDir();
  await using dir = await tempDir();
  const project = await Deno.realPath(dir.path);
  await writeJson(join(project, ".claude", "settings.json"), {
    permissions: {
      deny: ["Bash(git push:*)", "Read(./private/**)"],
      ask: ["Bash(npm publish:*)"],
    },
  });
  await writeJson(join(project, ".ctx-mode.json"), {
    guard: { level: "strict" },
  });
  await Deno.mkdir(join(project, "private"));
  await Deno.writeTextFile(join(project, "private", "keys.txt"), "k=secret\n");
  await Deno.writeTextFile(join(project, "notes.txt"), "one\ntwo\n");
  const settings = join(project, ".claude", "settings.json");
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, { home: home.path, cwd: project, env });

  await t.step(
    "exec refuses a denied command, inside a list too, with one line and exit 1",
    async () => {
      const run = await cli([
        "exec",
        "--lang",
        "shell",
        "touch pushed-anyway && git push origin main",
      ]);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, "");
      const [line, ...rest] = run.stderr.split("\n");
      assert.deepEqual(rest, [""], "one line");
      assert.ok(
        line!.startsWith(
          `ctx-mode: Cannot run this shell code: "git push origin main" is denied by the permission rule "Bash(git push:*)" in ${settings}`,
        ),
        line,
      );
      assert.ok(line!.endsWith(" [ctx-mode rule permissions.deny]"), line);
      assert.equal(await exists(join(project, "pushed-anyway")), false);
    },
  );
  await t.step(
    "the project's strict level counts, not the sandbox's standard one",
    async () => {
      const run = await cli(["exec", "--lang", "sh", 'rm -rf "$BUILD_DIR"']);
      assert.equal(run.code, 1, run.stderr);
      assert.match(
        run.stderr,
        /^ctx-mode: Cannot run this shell code: .*\[ctx-mode rule rm\.dynamic\]\n$/,
      );
    },
  );
  await t.step(
    "an ask rule is refused, since the CLI cannot ask",
    async () => {
      const run = await cli([
        "exec",
        "--lang",
        "bash",
        "npm publish --dry-run",
      ]);
      assert.equal(run.code, 1, run.stderr);
      assert.match(
        run.stderr,
        /^ctx-mode: Cannot run this shell code without the user's confirmation: .*\[ctx-mode rule permissions\.ask\]\. ctx-mode's CLI cannot ask; run the command directly if you mean to\n$/,
      );
    },
  );
  await t.step("an allowed command runs as before", async () => {
    const run = await cli([
      "exec",
      "--lang",
      "shell",
      "echo allowed; echo 'git push' is only an argument",
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "allowed\ngit push is only an argument\n");
    const js = await cli(["exec", "console.log('git push is only text here')"]);
    assert.equal(js.code, 0, js.stderr);
    assert.equal(js.stdout, "git push is only text here\n");
  });
  await t.step(
    "exec-file refuses a denied file without printing it; an allowed one is analysed",
    async () => {
      const env = { CLAUDE_PROJECT_DIR: project };
      const denied = await cli(
        [
          "exec-file",
          "private/keys.txt",
          "--lang",
          "js",
          "console.log(FILE_CONTENT)",
        ],
        env,
      );
      assert.equal(denied.code, 1, denied.stderr);
      assert.equal(denied.stdout, "");
      assert.match(
        denied.stderr,
        /^ctx-mode: Cannot read ".*private\/keys\.txt": .*\[ctx-mode rule permissions\.deny\]\n$/,
      );
      const shell = await cli(
        [
          "exec-file",
          "notes.txt",
          "--lang",
          "shell",
          'wc -l < "$FILE_PATH"; git push',
        ],
        env,
      );
      assert.equal(shell.code, 1, shell.stderr);
      assert.match(shell.stderr, /\[ctx-mode rule permissions\.deny\]\n$/);
      const allowed = await cli(
        ["exec-file", "notes.txt", "--lang", "shell", 'wc -l < "$FILE_PATH"'],
        env,
      );
      assert.equal(allowed.code, 0, allowed.stderr);
      assert.equal(allowed.stdout.trim(), "2");
    },
  );
  await t.step(
    "batch reports a refused command in its place and runs the rest",
    async () => {
      const run = await cli([
        "batch",
        "--project",
        project,
        "--cmd",
        "hello=echo hello from the batch",
        "--cmd",
        "push=git push --tags",
        "--query",
        "hello",
        "--json",
      ]);
      assert.equal(run.code, 1, "a refused command makes the batch exit 1");
      const json = JSON.parse(run.stdout);
      assert.deepEqual(
        json.commands.map((c: { label: string; exitCode: number | null }) => [
          c.label,
          c.exitCode,
        ]),
        [["hello", 0], ["push", null]],
      );
      assert.match(
        json.commands[1].error,
        /^Cannot run this shell code: "git push --tags" is denied .*\[ctx-mode rule permissions\.deny\]$/,
      );
      assert.match(json.results[0].hits[0].snippet, /hello from the batch/);
      const text = await cli([
        "batch",
        "--cmd",
        "ok=true",
        "--cmd",
        'wipe=rm -rf "$OUT"',
      ]);
      assert.equal(text.code, 1);
      assert.match(text.stdout, /^ok: exit 0, /m);
      assert.match(
        text.stdout,
        /^wipe: failed to start: Cannot run this shell code: .*\[ctx-mode rule rm\.dynamic\], 0 B, 0 chunks$/m,
      );
    },
  );
  await t.step(
    "a batch whose every command is refused is one error",
    async () => {
      const run = await cli(["batch", "--cmd", "push=git push"]);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(
        run.stderr,
        /^ctx-mode: Cannot run the batch: every command is refused\. Cannot run this shell code: .*\[ctx-mode rule permissions\.deny\]\n$/,
      );
    },
  );
  await t.step(
    "each refusal is in the audit log with the source cli",
    () => {
      const { entries } = readAudit(home.path);
      assert.deepEqual(
        entries.map((e) => [e.source, e.verdict, e.rule, e.command ?? e.path]),
        [
          [
            "cli",
            "deny",
            "permissions.deny",
            "touch pushed-anyway && git push origin main",
          ],
          ["cli", "deny", "rm.dynamic", 'rm -rf "$BUILD_DIR"'],
          ["cli", "ask", "permissions.ask", "npm publish --dry-run"],
          [
            "cli",
            "deny",
            "permissions.deny",
            join(project, "private", "keys.txt"),
          ],
          ["cli", "deny", "permissions.deny", 'wc -l < "$FILE_PATH"; git push'],
          ["cli", "deny", "permissions.deny", "git push --tags"],
          ["cli", "deny", "rm.dynamic", 'rm -rf "$OUT"'],
          ["cli", "deny", "permissions.deny", "git push"],
        ],
      );
      assert.equal(entries[0]!.cwd, project);
      assert.equal(entries[0]!.tool, undefined);
      // No agent's variable: a person at a terminal. Claude Code's names it.
      assert.equal(entries[0]!.platform, "terminal");
      assert.equal(entries[3]!.platform, "claude-code");
      assert.match(entries[0]!.reason, /Bash\(git push:\*\)/);
    },
  );
  await t.step("ctx-mode audit lists them under cli", async () => {
    const run = await runCli(["audit", "--rule", "rm"], { home: home.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /deny +rm\.dynamic +cli +rm -rf "\$BUILD_DIR"/);
  });
});

Deno.test("exec reports a problem in a policy file on stderr and still applies the rest", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await writeJson(join(home.path, "config.json"), {
    guard: { disabledRules: ["rm.root", "git.reset-hard"] },
  });
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const reset = await runCli(
    ["exec", "--lang", "shell", "git reset --hard 2>/dev/null; echo ran"],
    { home: home.path, env },
  );
  assert.equal(reset.code, 0, reset.stderr);
  assert.equal(
    reset.stdout,
    "ran\n",
    "a switched-off rule lets its command run",
  );
  assert.match(
    reset.stderr,
    /^ctx-mode: .*config\.json: rule rm\.root cannot be switched off[^\n]*\n$/,
  );
  const root = await runCli(["exec", "--lang", "shell", "rm -rf /"], {
    home: home.path,
    env,
  });
  assert.equal(root.code, 1);
  assert.match(root.stderr, /\[ctx-mode rule rm\.root\]\n$/);
});

Deno.test("exec checks Python code call by call and keeps .git", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await Deno.mkdir(join(project.path, ".git"));
  await Deno.writeTextFile(join(project.path, ".git", "HEAD"), "ref\n");
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const run = await runCli(
    ["exec", "--lang", "python", 'import shutil\nshutil.rmtree(".git")'],
    { home: home.path, env },
  );
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /Cannot run this python code: .*\[ctx-mode rule rm\.git\]\n$/,
  );
  assert.equal(
    await Deno.readTextFile(join(project.path, ".git", "HEAD")),
    "ref\n",
  );
  const fine = await runCli(
    ["exec", "--lang", "python", 'print(open(".git/HEAD").read().strip())'],
    { home: home.path, env },
  );
  assert.equal(fine.stdout, "ref\n", fine.stderr);
});
