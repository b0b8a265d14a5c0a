import assert from "node:assert/strict";
import { join } from "node:path";
import type { PolicySource } from "../../src/config/policy_files.ts";
import {
  DEFAULT_THRESHOLD_BYTES,
  readShrinkSettings,
  shrinkSettingsFrom,
  shrinkVerdict,
} from "../../src/shrink/mod.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

function project(text: string): PolicySource {
  return {
    path: "/p/.ctx-mode.json",
    scope: "project",
    format: "ctx-mode",
    text,
  };
}

function user(text: string): PolicySource {
  return {
    path: "/h/.ctx-mode/config.json",
    scope: "user",
    format: "ctx-mode",
    text,
  };
}

Deno.test("shrinkSettingsFrom() gives the defaults when nothing says anything", () => {
  const settings = shrinkSettingsFrom([], {});
  assert.equal(settings.enabled, true);
  assert.equal(settings.thresholdBytes, DEFAULT_THRESHOLD_BYTES);
  assert.deepEqual(settings.notes, []);
});

Deno.test("shrinkSettingsFrom() switches off from any place, and a project cannot switch on what the user switched off", async (t) => {
  await t.step("the environment", () => {
    for (const value of ["off", "0", "false", "NO"]) {
      const settings = shrinkSettingsFrom([], { CTX_MODE_SHRINK: value });
      assert.equal(settings.enabled, false, value);
      assert.equal(settings.disabledBy, "CTX_MODE_SHRINK");
    }
  });
  await t.step("a file saying false", () => {
    const settings = shrinkSettingsFrom([user('{"shrink": false}')], {});
    assert.equal(settings.enabled, false);
    assert.equal(settings.disabledBy, "/h/.ctx-mode/config.json");
  });
  await t.step("the user's off holds over the project's on", () => {
    const settings = shrinkSettingsFrom([
      project('{"shrink": {"enabled": true}}'),
      user('{"shrink": {"enabled": false}}'),
    ], { CTX_MODE_SHRINK: "on" });
    assert.equal(settings.enabled, false);
  });
});

Deno.test("shrinkSettingsFrom() takes the threshold from the environment, else the project, else the user", () => {
  const files = [
    project('{"shrink": {"thresholdBytes": 20000}}'),
    user('{"shrink": {"thresholdBytes": 30000}}'),
  ];
  assert.equal(shrinkSettingsFrom(files, {}).thresholdBytes, 20000);
  assert.equal(shrinkSettingsFrom(files.slice(1), {}).thresholdBytes, 30000);
  assert.equal(
    shrinkSettingsFrom(files, { CTX_MODE_SHRINK_BYTES: "9000" }).thresholdBytes,
    9000,
  );
});

Deno.test("shrinkSettingsFrom() adds up the agents and tools switched off", () => {
  const settings = shrinkSettingsFrom([
    project('{"shrink": {"disabledTools": ["mcp__github__*"]}}'),
    user(
      '{"shrink": {"disabledAgents": ["codex"], "disabledTools": ["read"]}}',
    ),
  ], {});
  assert.deepEqual(settings.disabledAgents, ["codex"]);
  assert.deepEqual(settings.disabledTools, ["mcp__github__*", "read"]);
  const big = { toolKind: "mcp", bytes: 50_000 };
  const context = { settings, platform: "claude-code" };
  assert.deepEqual(
    shrinkVerdict({ ...big, toolName: "mcp__github__list_issues" }, context),
    { shrink: false, reason: "switched off for mcp__github__*" },
  );
  assert.deepEqual(
    shrinkVerdict({ ...big, toolName: "mcp__jira__search" }, context),
    { shrink: true },
  );
  assert.deepEqual(
    shrinkVerdict({ ...big, toolName: "mcp__jira__search" }, {
      settings,
      platform: "codex",
    }),
    { shrink: false, reason: "switched off for codex" },
  );
  assert.match(
    (shrinkVerdict({
      toolKind: "read",
      toolName: "Read",
      subject: "/p/a.log",
      bytes: 50_000,
    }, context) as { reason: string }).reason,
    /switched off for read/,
  );
});

Deno.test("shrinkSettingsFrom() skips bad values with one note each, and reads only ctx-mode's own files", () => {
  const settings = shrinkSettingsFrom([
    project('{"shrink": {"thresholdBytes": 12, "disabledTools": "Bash"}}'),
    user('{"shrink": "sometimes"}'),
    {
      path: "/p/.claude/settings.json",
      scope: "project",
      format: "claude",
      text: '{"shrink": false}',
    },
    user("{not json"),
  ], { CTX_MODE_SHRINK: "maybe", CTX_MODE_SHRINK_BYTES: "lots" });
  assert.equal(settings.enabled, true);
  assert.equal(settings.thresholdBytes, DEFAULT_THRESHOLD_BYTES);
  assert.deepEqual(settings.disabledTools, []);
  assert.deepEqual(settings.notes, [
    'CTX_MODE_SHRINK "maybe" is neither on nor off; ignored',
    'CTX_MODE_SHRINK_BYTES "lots" is not a whole number of at least 1024; ignored',
    '/p/.ctx-mode.json: "shrink.thresholdBytes" is not a whole number of at least 1024; ignored',
    '/p/.ctx-mode.json: "shrink.disabledTools" is not a list; ignored',
    '/h/.ctx-mode/config.json: "shrink" is neither true, false nor an object; ignored',
  ]);
});

Deno.test("readShrinkSettings() reads the project's .ctx-mode.json and the user's config.json from disk", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  const projectDir = join(dir.path, "project");
  await Deno.mkdir(join(home, ".ctx-mode"), { recursive: true });
  await Deno.mkdir(projectDir);
  const env = { HOME: home };
  assert.equal(readShrinkSettings(projectDir, { env }).enabled, true);
  await Deno.writeTextFile(
    join(projectDir, ".ctx-mode.json"),
    '{"shrink": {"thresholdBytes": 16384}}',
  );
  await Deno.writeTextFile(
    join(home, ".ctx-mode", "config.json"),
    '{"shrink": {"disabledAgents": ["gemini-cli"]}}',
  );
  const settings = readShrinkSettings(projectDir, { env });
  assert.equal(settings.thresholdBytes, 16384);
  assert.deepEqual(settings.disabledAgents, ["gemini-cli"]);
  // An edit counts at once: nothing is cached.
  await Deno.writeTextFile(
    join(home, ".ctx-mode", "config.json"),
    '{"shrink": false}',
  );
  assert.equal(readShrinkSettings(projectDir, { env }).enabled, false);
  assert.equal(
    readShrinkSettings(projectDir, {
      env: { ...env, CTX_MODE_HOME: join(dir.path, "elsewhere") },
    }).enabled,
    true,
  );
});
