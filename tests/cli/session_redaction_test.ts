import assert from "node:assert/strict";
import { runCli, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const SECRETS = [
  "Mysq1Pass",
  "sshpassword9",
  "dckr_pat_4Zx",
  "sesame-open",
  "wJalrXUtnFEMIK7MDENGbPxRfiCY",
  "hunter2-prompt",
];

Deno.test("real hook runs keep the passwords of mysql, sshpass, docker login, openssl, aws configure and a prompt out of the session", async () => {
  await using dir = await tempDir();
  const base = {
    "session_id": "redaction-session",
    cwd: dir.path,
    "permission_mode": "default",
  };
  const options = { home: dir.path, env: { CLAUDE_PROJECT_DIR: dir.path } };
  const commands = [
    "mysql -u root -pMysq1Pass shop",
    "sshpass -p sshpassword9 ssh ci@host uptime",
    "docker login -u ci -p dckr_pat_4Zx registry.test",
    "openssl enc -aes-256-cbc -k sesame-open -in a -out b",
    "aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCY",
  ];
  for (const command of commands) {
    const run = await runHook(["claude-code", "PostToolUse"], {
      ...base,
      "hook_event_name": "PostToolUse",
      "tool_name": "Bash",
      "tool_input": { command },
      "tool_response": { stdout: "", stderr: "failed", interrupted: false },
    }, options);
    assert.equal(run.code, 0, run.stderr);
  }
  const prompt = await runHook(["claude-code", "UserPromptSubmit"], {
    ...base,
    "hook_event_name": "UserPromptSubmit",
    prompt: "my password is hunter2-prompt, please log in to staging",
  }, options);
  assert.equal(prompt.code, 0, prompt.stderr);

  const exported = await runCli(
    ["session", "export", "--json", "--project", dir.path],
    { home: dir.path },
  );
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stdout, /mysql -u root -p\[REDACTED\]/);
  assert.match(exported.stdout, /please log in to staging/);
  for (const secret of SECRETS) {
    assert.ok(
      !exported.stdout.includes(secret),
      `${secret} in ${exported.stdout}`,
    );
  }
});
