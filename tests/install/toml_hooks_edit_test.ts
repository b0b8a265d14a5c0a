import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { editTomlHooks } from "../../src/install/toml_hooks_edit.ts";
import type { TomlHooksRegistration } from "../../src/install/types.ts";

const REG: TomlHooksRegistration = {
  kind: "toml-hooks",
  path: "/home/ada/.kimi-code/config.toml",
  array: "hooks",
  agent: "kimi",
  hooks: [
    { event: "PreToolUse", matcher: "Bash|mcp__.*", extra: { timeout: 30 } },
    { event: "UserPromptSubmit" },
  ],
  launchLine: "'/opt/ctx mode/ctx-mode'",
};

const TEXTS: Record<string, string> = {
  "empty": "",
  "no final newline": 'default_model = "k2"\n\n[loop_control]\nmax_steps = 9',
  "CRLF with the user's hooks":
    '[[hooks]]\r\nevent = "Stop"\r\ncommand = "notify"\r\n\r\n# after\r\n[x]\r\ny = 1\r\n',
};

for (const [name, text] of Object.entries(TEXTS)) {
  Deno.test(`Kimi [[hooks]] on ${name}: twice equals once, the rest kept, uninstall restores`, () => {
    const once = editTomlHooks(text, REG, "install");
    assert.equal(editTomlHooks(once, REG, "install"), once);
    const hooks = JSON.parse(JSON.stringify(parse(once).hooks ?? [])) as Record<
      string,
      unknown
    >[];
    assert.deepEqual(hooks.slice(-2), [
      {
        event: "PreToolUse",
        matcher: "Bash|mcp__.*",
        command: "'/opt/ctx mode/ctx-mode' hook kimi PreToolUse",
        timeout: 30,
      },
      {
        event: "UserPromptSubmit",
        command: "'/opt/ctx mode/ctx-mode' hook kimi UserPromptSubmit",
      },
    ]);
    assert.ok(once.startsWith(text.replace(/[^\n]*$/, "")), "text before kept");
    assert.equal(editTomlHooks(once, REG, "uninstall"), text);
  });
}

Deno.test("Kimi [[hooks]]: an unmarked table running ctx-mode's hook is replaced once, the user's kept", () => {
  const text = [
    "[[hooks]]",
    'event = "PreToolUse"',
    'command = "/old/ctx-mode hook kimi PreToolUse"',
    "",
    "# mine",
    "[[hooks]]",
    'event = "Stop"',
    'command = "notify"',
    "",
  ].join("\n");
  const once = editTomlHooks(text, REG, "install");
  const commands = (parse(once).hooks as { command: string }[]).map((h) =>
    h.command
  );
  assert.deepEqual(commands, [
    "notify",
    "'/opt/ctx mode/ctx-mode' hook kimi PreToolUse",
    "'/opt/ctx mode/ctx-mode' hook kimi UserPromptSubmit",
  ]);
  assert.ok(once.startsWith('# mine\n[[hooks]]\nevent = "Stop"\n'));
  const removed = editTomlHooks(once, REG, "uninstall");
  assert.equal(
    removed,
    '# mine\n[[hooks]]\nevent = "Stop"\ncommand = "notify"\n',
  );
});
