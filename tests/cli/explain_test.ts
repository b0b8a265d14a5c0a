import assert from "node:assert/strict";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("explain --jsonl answers one verdict line per input line, in order", async () => {
  await using home = await tempDir();
  const input = [
    { command: "rm -rf /", cwd: "/srv/app" },
    { command: "rm -rf node_modules", cwd: "/srv/app" },
    { command: "git push --force-with-lease", cwd: "/srv/app" },
    { command: "git reset --hard", cwd: "/srv/app" },
    { command: "cat .env.example", cwd: "/srv/app" },
  ].map((line) => JSON.stringify(line)).join("\n") + "\n{broken\n";
  const run = await runCli(["explain", "--jsonl"], {
    home: home.path,
    stdin: input,
  });
  assert.equal(run.code, 0, run.stderr);
  const verdicts = run.stdout.trim().split("\n").map((line) =>
    JSON.parse(line)
  );
  assert.deepEqual(verdicts.map((v) => [v.verdict, v.rule]), [
    ["deny", "rm.root"],
    ["allow", undefined],
    ["allow", undefined],
    ["deny", "git.reset-hard"],
    ["allow", undefined],
    ["deny", "input.invalid"],
  ]);
});

Deno.test("explain prints the parse and the verdict, or JSON", async () => {
  await using home = await tempDir();
  const text = await runCli([
    "explain",
    "cd build && rm -rf .git",
    "--cwd",
    "/srv/app",
  ], { home: home.path });
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Command: cd build && rm -rf \.git\n/);
  assert.match(text.stdout, /2\. rm -rf \.git {2}\(in \/srv\/app\/build\)/);
  assert.match(text.stdout, /Verdict: deny \(rm\.git\)/);
  const json = await runCli(["explain", "git status", "--json"], {
    home: home.path,
  });
  const parsed = JSON.parse(json.stdout);
  assert.equal(parsed.verdict, "allow");
  assert.deepEqual(parsed.commands[0].argv, ["git", "status"]);
  const bad = await runCli(["explain", "ls", "--level", "lax"], {
    home: home.path,
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--level "lax"/);
});

Deno.test("explain --shell powershell reads Remove-Item; --jsonl lines may say so too", async () => {
  await using home = await tempDir();
  const text = await runCli([
    "explain",
    "Remove-Item -Recurse -Force $HOME",
    "--shell",
    "powershell",
  ], { home: home.path });
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /Verdict: deny \(rm\.home\)/);
  const lines = [
    { command: "Remove-Item -Recurse -Force ~", shell: "powershell" },
    { command: "Remove-Item -Recurse -Force ~" },
    { command: "Remove-Item -Recurse -Force .\\dist", shell: "powershell" },
  ].map((line) => JSON.stringify({ ...line, cwd: "/srv/app" })).join("\n");
  const jsonl = await runCli(["explain", "--jsonl"], {
    home: home.path,
    stdin: lines,
  });
  assert.deepEqual(
    jsonl.stdout.trim().split("\n").map((line) => JSON.parse(line).verdict),
    ["deny", "allow", "allow"],
  );
  const bad = await runCli(["explain", "ls", "--shell", "cmd"], {
    home: home.path,
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--shell "cmd"/);
});
