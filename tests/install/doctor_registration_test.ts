// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("doctor runs the registered server command and fails a moved clone with the exact install --repair to run", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const env = { PATH: "" };
  const install = await runCli(["install", "codex"], {
    home: dir.path,
    cwd: project,
    env,
  });
  assert.equal(install.code, 0, install.stderr);
  const good = await runCli(["doctor"], { home: dir.path, cwd: project, env });
  assert.match(
    good.stdout,
    /^✓ codex \(user\) MCP server: ~\/\.codex\/config\.toml: .*main\.ts \(ctx-mode \d+\.\d+\.\d+\)$/m,
  );
  assert.doesNotMatch(
    good.stdout,
    /^All checks passed\.$/m,
    "the low-confidence platform is a warning",
  );
  assert.match(good.stdout, /^\d+ warnings?\.$/m);

  const config = join(dir.path, ".codex/config.toml");
  const text = Deno.readTextFileSync(config);
  const main = text.match(/"([^"]*main\.ts)"/)?.[1] ?? "";
  Deno.writeTextFileSync(config, text.replaceAll(main, "/moved/clone/main.ts"));
  const moved = await runCli(["doctor"], { home: dir.path, cwd: project, env });
  assert.equal(moved.code, 1);
  assert.match(
    moved.stdout,
    /^✗ codex \(user\) MCP server: .*`.*\/moved\/clone\/main\.ts` does not run \(exited 1: .*\); run: .*deno run -q -A --config \S*deno\.json \S*main\.ts install --repair$/m,
  );
  assert.match(moved.stdout, /^1 check failed, \d+ warnings?\.$/m);
});

Deno.test("doctor fails a project folder that does not exist", async () => {
  await using dir = await tempDir();
  const run = await runCli(["doctor", "--project", join(dir.path, "nowhere")], {
    home: dir.path,
  });
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^✗ project: .*nowhere does not exist$/m);
});

Deno.test("doctor reports what install wrote for Copilot CLI, JetBrains Copilot, Kiro, Antigravity and Zed, from the same files, and nothing once uninstalled", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const env = { PATH: "" };
  const agents = [
    "copilot-cli",
    "jetbrains-copilot",
    "kiro",
    "antigravity-cli",
    "antigravity",
    "zed",
  ];
  const install = await runCli(["install", ...agents], {
    home: dir.path,
    cwd: project,
    env,
  });
  assert.equal(install.code, 0, install.stderr);
  const doctor = await runCli(["doctor"], {
    home: dir.path,
    cwd: project,
    env,
  });
  const lines = doctor.stdout.split("\n");
  const has = (pattern: RegExp) =>
    assert.ok(
      lines.some((l) => pattern.test(l)),
      `${pattern}\n${doctor.stdout}`,
    );
  // The adapters' checks, in the files install wrote.
  for (
    const [agent, file] of [
      ["copilot-cli", "/.copilot/mcp-config.json"],
      ["jetbrains-copilot", "/.config/github-copilot/intellij/mcp.json"],
      ["kiro", "/.kiro/"],
      ["antigravity-cli", "/.gemini/antigravity/mcp_config.json"],
      ["antigravity", "/.gemini/antigravity/mcp_config.json"],
      ["zed", "/.config/zed/settings.json"],
    ]
  ) {
    has(new RegExp(`^✓ ${agent} MCP server: registered in .*${file}`));
  }
  for (
    const agent of [
      "copilot-cli",
      "jetbrains-copilot",
      "kiro",
      "antigravity-cli",
    ]
  ) {
    has(new RegExp(`^✓ ${agent} hooks: all \\d+ hooks call ctx-mode$`));
    has(
      new RegExp(
        `^✓ ${agent} \\((user|project)\\) hooks \\(\\d+\\): .*main\\.ts hook ${agent} `,
      ),
    );
  }
  // The registration checks, each registered command run.
  for (const agent of agents) {
    has(
      new RegExp(
        `^✓ ${agent} \\((user|project)\\) MCP server: .*main\\.ts \\(ctx-mode `,
      ),
    );
  }
  // A shared instructions file is no registration of another agent.
  assert.doesNotMatch(
    doctor.stdout,
    /^[!✗] .*\((user|project)\) MCP server: not registered/m,
  );

  const uninstall = await runCli(["uninstall", ...agents], {
    home: dir.path,
    cwd: project,
    env,
  });
  assert.equal(uninstall.code, 0, uninstall.stderr);
  const after = await runCli(["doctor"], { home: dir.path, cwd: project, env });
  assert.doesNotMatch(after.stdout, /copilot|kiro|antigravity|zed/);
  assert.deepEqual(
    [...Deno.readDirSync(dir.path)].map((e) => e.name).filter((n) =>
      n !== "project" && !n.startsWith(".local")
    ),
    [],
  );
});

Deno.test("install, doctor and uninstall read OpenClaw's JSON5 config (unquoted keys, single quotes, comments) and give its bytes back", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const config = join(dir.path, ".openclaw/openclaw.json");
  Deno.mkdirSync(join(dir.path, ".openclaw"));
  const text = Deno.readTextFileSync(
    new URL(
      "../fixtures/install/openclaw/json5/home/.openclaw/openclaw.json",
      import.meta.url,
    ),
  );
  Deno.writeTextFileSync(config, text);
  const env = { PATH: "" };
  const where = { home: dir.path, cwd: project, env };
  const install = await runCli(["install", "openclaw"], where);
  assert.equal(install.code, 0, install.stderr);
  assert.match(
    Deno.readTextFileSync(config),
    /^ {2}agent: \{ model: 'anthropic/m,
  );
  const doctor = await runCli(["doctor"], where);
  assert.match(
    doctor.stdout,
    /^✓ openclaw \(user\) MCP server: ~\/\.openclaw\/openclaw\.json: .*main\.ts \(ctx-mode \d+\.\d+\.\d+\)$/m,
    doctor.stdout,
  );
  assert.match(doctor.stdout, /^✓ openclaw MCP server: registered in /m);
  const uninstall = await runCli(["uninstall", "openclaw"], where);
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.equal(Deno.readTextFileSync(config), text);
});
