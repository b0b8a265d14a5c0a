// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { copyTree, FIXTURES, snapshot } from "./_fixture.ts";

Deno.test("ctx-mode install --dry-run prints a unified diff per file and changes nothing", async () => {
  await using dir = await tempDir();
  copyTree(join(FIXTURES, "claude-code/realistic"), dir.path);
  const home = join(dir.path, "home");
  const before = snapshot(dir.path);
  const run = await runCli(["install", "claude-code", "codex", "--dry-run"], {
    home,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^--- .*\.claude\.json\n\+\+\+ .*\.claude\.json\n@@ /m,
  );
  assert.match(
    run.stdout,
    /^--- \/dev\/null\n\+\+\+ .*\.codex\/config\.toml$/m,
  );
  assert.match(
    run.stdout,
    /^\+\s+"command": ".*main\.ts hook claude-code PreToolUse"/m,
  );
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install without an agent name and without a terminal asks for --yes in one line, exit 2", async () => {
  await using dir = await tempDir();
  Deno.mkdirSync(join(dir.path, ".codex"));
  const run = await runCli(["install"], { home: dir.path, env: { PATH: "" } });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /^ctx-mode: Cannot ask which agents to install without a terminal: pass --yes or name the agents \(found: codex\)\n/,
  );
  assert.deepEqual([...Deno.readDirSync(join(dir.path, ".codex"))], []);
});

Deno.test("ctx-mode install --yes installs the detected agents; uninstall gives every file back; --repair rewrites a stale path", async () => {
  await using dir = await tempDir();
  copyTree(join(FIXTURES, "codex/realistic"), dir.path);
  const home = join(dir.path, "home");
  Deno.chmodSync(join(home, ".codex/config.toml"), 0o600);
  const before = snapshot(dir.path);
  const env = { PATH: "" };
  const install = await runCli(["install", "--yes"], { home, env });
  assert.equal(install.code, 0, install.stderr);
  assert.match(
    install.stdout,
    /^codex \(user\): wrote ~\/\.codex\/config\.toml, ~\/\.codex\/hooks\.json, ~\/\.codex\/AGENTS\.md$/m,
  );
  assert.match(install.stdout, /^Registered command: .*main\.ts serve$/m);
  const config = Deno.readTextFileSync(join(home, ".codex/config.toml"));
  assert.equal(
    Deno.statSync(join(home, ".codex/config.toml")).mode! & 0o777,
    0o600,
  );

  // The clone "moved": the registered path no longer exists until --repair.
  const mainPath = config.match(/"([^"]*main\.ts)"/)?.[1] ?? "";
  Deno.writeTextFileSync(
    join(home, ".codex/config.toml"),
    config.replaceAll(mainPath, "/moved/away/main.ts"),
  );
  const repair = await runCli(["install", "--repair"], { home, env });
  assert.equal(repair.code, 0, repair.stderr);
  assert.match(
    repair.stdout,
    /^codex \(user\): wrote ~\/\.codex\/config\.toml$/m,
  );
  assert.equal(Deno.readTextFileSync(join(home, ".codex/config.toml")), config);

  const again = await runCli(["install", "codex"], { home, env });
  assert.match(again.stdout, /^codex \(user\): already installed$/m);

  const uninstall = await runCli(["uninstall", "codex"], { home, env });
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install names an unknown agent and a scope the agent lacks as usage errors", async () => {
  await using dir = await tempDir();
  const unknown = await runCli(["install", "emacs"], { home: dir.path });
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /^ctx-mode: Unknown agent "emacs": expected one of claude-code, /,
  );
  const scope = await runCli(["install", "hermes", "--project"], {
    home: dir.path,
  });
  assert.equal(scope.code, 2);
  const repair = await runCli(["uninstall", "--repair"], { home: dir.path });
  assert.equal(repair.code, 2);
  assert.match(repair.stderr, /^ctx-mode: Unknown option '--repair'/);
  assert.match(
    scope.stderr,
    /Cannot install "hermes" in the project scope: it has only user/,
  );
});

Deno.test("ctx-mode install refuses a config that does not parse in one line naming file and line, and writes nothing at all", async () => {
  await using dir = await tempDir();
  copyTree(join(FIXTURES, "broken/jsonc"), dir.path);
  const home = join(dir.path, "home");
  const before = snapshot(dir.path);
  const run = await runCli(["install", "claude-code", "gemini-cli"], {
    home,
    env: { PATH: "" },
  });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /^ctx-mode: Cannot read ".*\/\.gemini\/settings\.json": a missing comma at line 5\n$/,
  );
  // Claude Code's files, planned first, are not written either.
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install writes through a symlinked config file, keeping the link", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  Deno.mkdirSync(join(dir.path, "dotfiles"), { recursive: true });
  Deno.mkdirSync(home);
  Deno.writeTextFileSync(
    join(dir.path, "dotfiles/claude.json"),
    '{\n  "numStartups": 1\n}\n',
  );
  Deno.symlinkSync(
    join(dir.path, "dotfiles/claude.json"),
    join(home, ".claude.json"),
  );
  const run = await runCli(["install", "claude-code"], {
    home,
    env: { PATH: "" },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(Deno.lstatSync(join(home, ".claude.json")).isSymlink);
  assert.match(
    Deno.readTextFileSync(join(dir.path, "dotfiles/claude.json")),
    /"ctx-mode"/,
  );
  await runCli(["uninstall", "claude-code"], { home, env: { PATH: "" } });
  assert.equal(
    Deno.readTextFileSync(join(dir.path, "dotfiles/claude.json")),
    '{\n  "numStartups": 1\n}\n',
  );
  assert.ok(Deno.lstatSync(join(home, ".claude.json")).isSymlink);
});

Deno.test("ctx-mode install --dry-run for Kiro, Zed, Copilot CLI and Antigravity CLI prints their diffs and changes nothing", async () => {
  await using dir = await tempDir();
  for (
    const fixture of [
      "kiro/realistic",
      "zed/realistic",
      "copilot-cli/realistic",
      "antigravity-cli/realistic",
    ]
  ) copyTree(join(FIXTURES, fixture), dir.path);
  const home = join(dir.path, "home");
  const before = snapshot(dir.path);
  const run = await runCli(
    ["install", "kiro", "zed", "copilot-cli", "antigravity-cli", "--dry-run"],
    { home, env: { PATH: "" } },
  );
  assert.equal(run.code, 0, run.stderr);
  for (
    const file of [
      "\\.kiro/settings/mcp\\.json",
      "\\.config/zed/settings\\.json",
      "\\.copilot/mcp-config\\.json",
      "\\.gemini/config/hooks\\.json",
    ]
  ) {
    assert.match(
      run.stdout,
      new RegExp(`^--- .*${file}\\n\\+\\+\\+ .*${file}\\n@@ `, "m"),
    );
  }
  assert.match(
    run.stdout,
    /^--- \/dev\/null\n\+\+\+ .*\.kiro\/agents\/ctx-mode\.json$/m,
  );
  assert.match(
    run.stdout,
    /^\+\s+"bash": ".*main\.ts'? hook copilot-cli preToolUse \|\| true",/m,
  );
  assert.deepEqual(snapshot(dir.path), before);
});

Deno.test("ctx-mode install plans agents that share a file one after the other: every registration lands, uninstall gives the bytes back", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(join(project, ".github"), { recursive: true });
  // Created by the first install, removed by the first uninstall: the others must see that.
  const before = snapshot(project);
  const options = { home: dir.path, cwd: project, env: { PATH: "" } };
  const agents = ["copilot-cli", "jetbrains-copilot", "vscode-copilot"];
  const install = await runCli(
    ["install", ...agents, "--project"],
    options,
  );
  assert.equal(install.code, 0, install.stderr);
  const instructions = Deno.readTextFileSync(
    join(project, ".github/copilot-instructions.md"),
  );
  assert.equal(instructions.match(/ctx-mode:begin/g)?.length, 1);
  for (const agent of agents) {
    const file = agent === "vscode-copilot" ? "ctx-mode" : `ctx-mode-${agent}`;
    assert.match(
      Deno.readTextFileSync(join(project, `.github/hooks/${file}.json`)),
      new RegExp(`hook ${agent} `),
      agent,
    );
  }
  const again = await runCli(["install", ...agents, "--project"], options);
  assert.equal(
    again.stdout.match(/already installed/g)?.length,
    3,
    again.stdout,
  );
  const uninstall = await runCli(
    ["uninstall", ...agents, "--project"],
    options,
  );
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.deepEqual(snapshot(project), before);
});
