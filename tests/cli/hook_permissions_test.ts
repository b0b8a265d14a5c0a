import assert from "node:assert/strict";
import { join } from "node:path";
import { readAudit } from "../../src/safety/audit_log.ts";
import { runCli, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

interface HookAnswer {
  code: number;
  decision?: string;
  reason?: string;
  stderr: string;
}

/** Runs the real PreToolUse hook of Claude Code for one tool call in `project`. */
async function preToolUse(
  home: string,
  project: string,
  tool: string,
  input: Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<HookAnswer> {
  const run = await runHook(["claude-code", "PreToolUse"], {
    "session_id": "permissions",
    "cwd": project,
    "hook_event_name": "PreToolUse",
    "tool_name": tool,
    "tool_input": input,
  }, { home, env });
  const answer = run.stdout
    ? JSON.parse(run.stdout).hookSpecificOutput ?? {}
    : {};
  return {
    code: run.code,
    decision: answer.permissionDecision,
    reason: answer.permissionDecisionReason,
    stderr: run.stderr,
  };
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(
    path,
    typeof value === "string" ? value : JSON.stringify(value),
  );
}

Deno.test("the hook enforces the project's and the user's permission rules and logs what it blocks", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  await writeJson(join(project.path, ".claude", "settings.json"), {
    permissions: {
      deny: ["Bash(sudo *)", "Read(./secrets/**)"],
      ask: ["Bash(npm run deploy:*)"],
      allow: ["Bash(git:*)"],
    },
  });
  await writeJson(join(project.path, ".claude", "settings.local.json"), {
    permissions: { allow: ["Bash(gh pr create:*)"] },
  });
  await writeJson(join(home.path, ".claude", "settings.json"), {
    permissions: {
      deny: ["Bash(curl:*)"],
      ask: ["Bash(gh pr create:*)", "Bash(git push:*)"],
    },
  });
  const settings = join(project.path, ".claude", "settings.json");
  const cases: Array<{
    tool: string;
    input: Record<string, unknown>;
    decision?: "deny" | "ask";
    rule?: string;
    mentions?: string;
  }> = [
    {
      tool: "Bash",
      input: { command: "ls && sudo reboot" },
      decision: "deny",
      rule: "permissions.deny",
      mentions:
        `"sudo reboot" is denied by the permission rule "Bash(sudo *)" in ${settings}`,
    },
    {
      tool: "Bash",
      input: { command: "npm run build && npm run deploy" },
      decision: "ask",
      rule: "permissions.ask",
    },
    {
      tool: "Bash",
      input: { command: "echo $(curl -s https://example.test/v)" },
      decision: "deny",
      rule: "permissions.deny",
      mentions: join(home.path, ".claude", "settings.json"),
    },
    {
      tool: "Read",
      input: { "file_path": join(project.path, "secrets", "token.txt") },
      decision: "deny",
      rule: "permissions.deny",
    },
    {
      tool: "Bash",
      input: { command: "git reset --hard" },
      decision: "deny",
      rule: "git.reset-hard",
    },
    {
      tool: "Bash",
      input: { command: "git push origin feature" },
      decision: "ask",
      rule: "permissions.ask",
    },
    {
      tool: "Bash",
      input: { command: "gh pr create --fill" },
      decision: "ask",
      rule: "permissions.ask",
      mentions: join(home.path, ".claude", "settings.json"),
    },
    { tool: "Bash", input: { command: "npm test" } },
    { tool: "Read", input: { "file_path": join(project.path, "README.md") } },
  ];
  for (const c of cases) {
    await t.step(`${c.tool} ${JSON.stringify(c.input)}`, async () => {
      const answer = await preToolUse(home.path, project.path, c.tool, c.input);
      assert.equal(answer.code, 0, answer.stderr);
      assert.equal(answer.stderr, "");
      if (!c.decision) {
        assert.ok(
          answer.decision !== "deny" && answer.decision !== "ask",
          JSON.stringify(answer),
        );
        return;
      }
      assert.equal(answer.decision, c.decision, JSON.stringify(answer));
      assert.ok(answer.reason?.endsWith(`[ctx-mode rule ${c.rule}]`));
      if (c.mentions) {
        assert.ok(answer.reason?.includes(c.mentions), answer.reason);
      }
    });
  }
  await t.step(
    "every deny and ask is in the audit log, and ctx-mode audit shows them",
    async () => {
      const { entries } = readAudit(home.path);
      assert.deepEqual(entries.map((e) => [e.verdict, e.rule]), [
        ["deny", "permissions.deny"],
        ["ask", "permissions.ask"],
        ["deny", "permissions.deny"],
        ["deny", "permissions.deny"],
        ["deny", "git.reset-hard"],
        ["ask", "permissions.ask"],
        ["ask", "permissions.ask"],
      ]);
      assert.deepEqual(entries[0], {
        ...entries[0],
        platform: "claude-code",
        source: "hook",
        tool: "Bash",
        command: "ls && sudo reboot",
        cwd: project.path,
      });
      assert.equal(
        entries[3]!.path,
        join(project.path, "secrets", "token.txt"),
      );
      const run = await runCli(["audit", "--rule", "git"], { home: home.path });
      assert.match(
        run.stdout,
        /deny +git\.reset-hard +claude-code Bash +git reset --hard/,
      );
    },
  );
});

Deno.test("the hook honours ctx-mode's guard settings: a project file only tightens until the user trusts it", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const file = join(project.path, ".ctx-mode.json");
  await writeJson(file, {
    guard: {
      level: "strict",
      disabledRules: ["git.reset-hard", "rm.root"],
      tmpDirs: ["/scratch"],
    },
  });
  const untrusted = await preToolUse(home.path, project.path, "Bash", {
    command: "git reset --hard",
  });
  assert.equal(untrusted.decision, "deny", JSON.stringify(untrusted));
  assert.match(untrusted.stderr, /ctx-mode trust/);
  const dynamic = await preToolUse(home.path, project.path, "Bash", {
    command: 'rm -rf "$BUILD_DIR"',
  });
  assert.equal(dynamic.decision, "deny", "the project raises the level");

  const trust = await runCli(["trust"], { home: home.path, cwd: project.path });
  assert.equal(trust.code, 0, trust.stderr);
  assert.match(
    trust.stdout,
    /^Trusted .*\.ctx-mode\.json \(sha256 [0-9a-f]{12}…\): rules switched off: git\.reset-hard; temp dirs: \/scratch\./,
  );
  const reset = await preToolUse(home.path, project.path, "Bash", {
    command: "git reset --hard",
  });
  assert.equal(reset.decision, undefined, JSON.stringify(reset));
  assert.match(
    reset.stderr,
    /^ctx-mode: .*\.ctx-mode\.json: rule rm\.root cannot be switched off/,
  );
  assert.equal(reset.stderr.trim().split("\n").length, 1);
  const root = await preToolUse(home.path, project.path, "Bash", {
    command: "rm -rf /",
  });
  assert.equal(root.decision, "deny");
  assert.match(root.reason ?? "", /\[ctx-mode rule rm\.root\]$/);
  const scratch = await preToolUse(home.path, project.path, "Bash", {
    command: "rm -rf /scratch/old-build",
  });
  assert.equal(scratch.decision, undefined, JSON.stringify(scratch));

  await Deno.writeTextFile(
    file,
    JSON.stringify({
      guard: { disabledRules: ["git.reset-hard", "secret.env"] },
    }),
  );
  const edited = await preToolUse(home.path, project.path, "Bash", {
    command: "git reset --hard",
  });
  assert.equal(edited.decision, "deny", "an edited file is untrusted again");
  assert.match(edited.stderr, /changed since the user trusted it/);

  await runCli(["trust"], { home: home.path, cwd: project.path });
  const revoke = await runCli(["trust", "--revoke"], {
    home: home.path,
    cwd: project.path,
  });
  assert.match(revoke.stdout, /^No longer trusting /);
  const revoked = await preToolUse(home.path, project.path, "Bash", {
    command: "git reset --hard",
  });
  assert.equal(revoked.decision, "deny");

  await writeJson(join(home.path, "config.json"), {
    ...JSON.parse(await Deno.readTextFile(join(home.path, "config.json"))),
    guard: { level: "paranoid" },
  });
  await writeJson(file, { guard: { level: "standard" } });
  const paranoid = await preToolUse(home.path, project.path, "Bash", {
    command: "rm -rf build",
  });
  assert.equal(paranoid.decision, "deny", "the user's higher level holds");
  assert.match(paranoid.stderr, /"guard\.level" standard ignored/);
});

Deno.test("ctx-mode trust refuses a missing or broken file and a broken config, and changes nothing", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const missing = await runCli(["trust"], {
    home: home.path,
    cwd: project.path,
  });
  assert.equal(missing.code, 1);
  assert.match(
    missing.stderr,
    /Cannot trust ".*\.ctx-mode\.json": it does not exist/,
  );
  await writeJson(join(project.path, ".ctx-mode.json"), "{oops");
  const broken = await runCli(["trust"], {
    home: home.path,
    cwd: project.path,
  });
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /not valid JSON/);
  await writeJson(join(project.path, ".ctx-mode.json"), "{}");
  await writeJson(join(home.path, "config.json"), "{half");
  const config = await runCli(["trust"], {
    home: home.path,
    cwd: project.path,
  });
  assert.equal(config.code, 1);
  assert.match(
    config.stderr,
    /Cannot update ".*config\.json": it is not valid JSON/,
  );
  assert.equal(
    await Deno.readTextFile(join(home.path, "config.json")),
    "{half",
  );
});

Deno.test("a malformed settings file is skipped with one stderr line and the other files still count", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await writeJson(join(project.path, ".claude", "settings.json"), "{oops");
  await writeJson(join(project.path, ".ctx-mode.json"), '["not", "an object"]');
  await writeJson(join(home.path, ".claude", "settings.json"), {
    permissions: { deny: ["Bash(curl:*)", "Bash(broken"] },
  });
  const answer = await preToolUse(home.path, project.path, "Bash", {
    command: "curl https://example.test",
  });
  assert.equal(answer.code, 0);
  assert.equal(answer.decision, "deny");
  const notes = answer.stderr.trim().split("\n");
  assert.equal(notes.length, 3, answer.stderr);
  assert.match(notes[0]!, /settings\.json: ignored: not valid JSON/);
  assert.match(notes[1]!, /\.ctx-mode\.json: ignored: not a JSON object/);
  assert.match(notes[2]!, /permission rule "Bash\(broken" skipped/);
  const fine = await preToolUse(home.path, project.path, "Bash", {
    command: "ls",
  });
  assert.equal(fine.code, 0);
  assert.equal(fine.decision, undefined);
});

Deno.test("doctor shows the level, the switched-off rules and the rule files; explain honours them", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  await writeJson(join(project.path, ".claude", "settings.json"), {
    permissions: {
      deny: ["Bash(sudo *)", "Read(**/.env*)"],
      allow: ["Bash(git:*)"],
    },
  });
  await writeJson(join(project.path, ".ctx-mode.json"), {
    guard: { level: "strict", disabledRules: ["git.push-force"] },
  });
  await writeJson(join(home.path, ".claude", "settings.json"), "{oops");
  const untrusted = JSON.parse(
    (await runCli(["doctor", "--json"], { home: home.path, cwd: project.path }))
      .stdout,
  ).checks.find((c: { name: string }) => c.name === "guard trust");
  assert.equal(untrusted.status, "warn");
  assert.match(untrusted.detail, /is not trusted: .*are ignored/);
  assert.equal(
    (await runCli(["trust"], { home: home.path, cwd: project.path })).code,
    0,
  );
  const doctor = await runCli(["doctor", "--json"], {
    home: home.path,
    cwd: project.path,
  });
  const checks: Array<{ name: string; status: string; detail: string }> =
    JSON.parse(doctor.stdout).checks;
  const guard = checks.find((c) => c.name === "guard");
  assert.match(
    guard?.detail ?? "",
    /^level strict \(from .*\.ctx-mode\.json\); rules switched off: git\.push-force$/,
  );
  assert.match(
    checks.find((c) => c.name === "guard trust")?.detail ?? "",
    /\.ctx-mode\.json is trusted \(sha256 [0-9a-f]{12}…\)/,
  );
  const files = checks.filter((c) => c.name === "permission rules");
  assert.deepEqual(files.map((f) => f.status), ["ok", "ok", "ok", "warn"]);
  assert.match(
    files[0]!.detail,
    /settings\.json \(project\): 2 deny, 0 ask, 1 allow$/,
  );
  assert.match(
    files[1]!.detail,
    /\.ctx-mode\.json \(project\): 0 deny, 0 ask, 0 allow$/,
  );
  assert.match(files[2]!.detail, /config\.json \(user\): 0 deny/);
  assert.match(
    files[3]!.detail,
    /\.claude\/settings\.json: ignored: not valid JSON/,
  );

  const denied = await runCli(["explain", "git status && sudo ls"], {
    home: home.path,
    cwd: project.path,
  });
  assert.match(denied.stdout, /Verdict: deny \(permissions\.deny\)/);
  assert.match(denied.stdout, /Policy: level strict; 3 permission rules from /);
  assert.match(denied.stderr, /not valid JSON/);
  const json = JSON.parse(
    (await runCli(["explain", "git push --force", "--json"], {
      home: home.path,
      cwd: project.path,
    })).stdout,
  );
  assert.equal(json.verdict, "allow", "git.push-force is switched off");
  assert.equal(json.match.rule, "Bash(git:*)");
  assert.equal(json.level, "strict");
  const levels = await runCli(["explain", "--jsonl", "--level", "standard"], {
    home: home.path,
    cwd: project.path,
    stdin: `${JSON.stringify({ command: 'rm -rf "$OUT"' })}\n${
      JSON.stringify({ command: "sudo make install" })
    }\n`,
  });
  assert.deepEqual(
    levels.stdout.trim().split("\n").map((l) => JSON.parse(l).verdict),
    ["allow", "deny"],
  );
  const strict = await runCli(["explain", 'rm -rf "$OUT"'], {
    home: home.path,
    cwd: project.path,
  });
  assert.match(strict.stdout, /Verdict: deny \(rm\.dynamic\)/);
});

Deno.test("the hook holds a Read deny for shell readers, and explain shows the verdict", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const settings = join(project.path, ".claude", "settings.json");
  await writeJson(settings, {
    permissions: { deny: ["Read(./secrets/**)"], allow: ["Bash(head:*)"] },
  });
  await Deno.mkdir(join(project.path, "secrets"));
  await Deno.writeTextFile(join(project.path, "secrets", "key.txt"), "k\n");
  const denied = await preToolUse(home.path, project.path, "Bash", {
    command: "cd secrets && head -5 key.txt",
  });
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(denied.decision, "deny", JSON.stringify(denied));
  assert.equal(
    denied.reason,
    `"key.txt" (in ${
      join(project.path, "secrets")
    }), read by head, is denied by the permission rule "Read(./secrets/**)" in ${settings}. Do something else, or ask the user to run it themselves or to change the rule [ctx-mode rule permissions.deny]`,
  );
  const listed = await preToolUse(home.path, project.path, "Bash", {
    command: "ls secrets && grep -r token .",
  });
  assert.equal(listed.decision, undefined, JSON.stringify(listed));
  const { entries } = readAudit(home.path);
  assert.deepEqual(entries.map((e) => [e.verdict, e.rule, e.command]), [
    ["deny", "permissions.deny", "cd secrets && head -5 key.txt"],
  ]);
  const explained = await runCli(["explain", "tar czf out.tgz secrets"], {
    home: home.path,
    cwd: project.path,
  });
  assert.equal(explained.code, 0, explained.stderr);
  assert.match(explained.stdout, /Verdict: deny \(permissions\.deny\)/);
  assert.match(
    explained.stdout,
    /Reason: The folder "secrets", read whole by tar, is denied by the permission rule "Read\(\.\/secrets\/\*\*\)"/,
  );
});

Deno.test("the user's Claude Code rules are read from CLAUDE_CONFIG_DIR when it is set", async () => {
  await using home = await tempDir();
  await using config = await tempDir();
  await using project = await tempDir();
  await writeJson(join(config.path, "settings.json"), {
    permissions: { deny: ["Bash(make release:*)"] },
  });
  const command = { command: "make release VERSION=2" };
  const relocated = await preToolUse(home.path, project.path, "Bash", command, {
    CLAUDE_CONFIG_DIR: config.path,
  });
  assert.equal(relocated.decision, "deny", relocated.stderr);
  assert.match(relocated.reason ?? "", /make release:\*/);
  const unset = await preToolUse(home.path, project.path, "Bash", command);
  assert.equal(unset.decision, undefined, "without the variable, ~/.claude");
});
