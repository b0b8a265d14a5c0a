// Fixture set-up reads and writes small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
/**
 * Trust the agents require: Gemini CLI keeps every MCP server "Disabled" and
 * runs no hooks in a folder the user has not trusted, and Codex runs no hook
 * the user has not reviewed in /hooks. Install and doctor must say what is
 * held back and the exact step, read from where each agent keeps its trust.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { geminiTrust } from "../../adapters/gemini_cli/trust.ts";
import { codexHookHash, codexHookTrust } from "../../adapters/codex/trust.ts";

function reader(files: Record<string, string>) {
  return (path: string) => files[path];
}

Deno.test("Gemini CLI's trust is read as Gemini CLI reads it: env, folderTrust off, the longest rule, TRUST_PARENT, DO_NOT_TRUST", () => {
  const dir = "/home/ada/.gemini";
  const file = `${dir}/trustedFolders.json`;
  const at = (folder: string, files: Record<string, string>, env = {}) =>
    geminiTrust({ env, geminiDir: dir, folder }, reader(files));
  assert.equal(at("/src/app", {}).trusted, false);
  assert.match(at("/src/app", {}).why, /no rule trusts it yet/);
  const rules = {
    [file]: `{
      // written by Gemini CLI
      "/src": "TRUST_FOLDER",
      "/src/app/secret": "DO_NOT_TRUST",
      "/srv/repo/.git": "TRUST_PARENT",
    }`,
  };
  assert.equal(at("/src/app", rules).trusted, true);
  assert.equal(at("/src", rules).trusted, true);
  assert.equal(at("/srcx", rules).trusted, false, "a prefix is not a parent");
  assert.equal(at("/src/app/secret/x", rules).trusted, false);
  assert.match(at("/src/app/secret", rules).why, /DO_NOT_TRUST/);
  assert.equal(at("/srv/repo/sub", rules).trusted, true, "TRUST_PARENT");
  assert.equal(
    at("/elsewhere", {
      [`${dir}/settings.json`]:
        '{ "security": { "folderTrust": { "enabled": false } } }',
    }).trusted,
    true,
  );
  assert.equal(
    at("/elsewhere", {}, { GEMINI_CLI_TRUST_WORKSPACE: "true" }).trusted,
    true,
  );
  assert.equal(
    at("/src/app", rules, { GEMINI_CLI_TRUST_WORKSPACE: "false" }).trusted,
    false,
  );
  assert.equal(
    geminiTrust({
      env: { GEMINI_CLI_TRUSTED_FOLDERS_PATH: "/etc/trust.json" },
      geminiDir: dir,
      folder: "/src/app",
    }, reader({ "/etc/trust.json": '{"/src/app": "TRUST_FOLDER"}' })).file,
    "/etc/trust.json",
  );
});

Deno.test("Codex hook trust is read from [hooks.state] by the keys Codex gives ctx-mode's hooks", () => {
  const hooks = "/h/.codex/hooks.json";
  const config = "/h/.codex/config.toml";
  const files: Record<string, string> = {
    [hooks]: JSON.stringify({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "command", command: "other-tool" }] },
          {
            matcher: "Bash",
            hooks: [{
              type: "command",
              command: "ctx-mode hook codex PreToolUse",
            }],
          },
        ],
        SessionStart: [{
          hooks: [{
            type: "command",
            command: "ctx-mode hook codex SessionStart",
          }],
        }],
      },
    }),
    [config]: "",
  };
  const read = reader(files);
  assert.deepEqual(codexHookTrust(hooks, config, read), {
    keys: [`${hooks}:pre_tool_use:1:0`, `${hooks}:session_start:0:0`],
    untrusted: [`${hooks}:pre_tool_use:1:0`, `${hooks}:session_start:0:0`],
    modified: [],
  });
  const preHash = codexHookHash("pre_tool_use", "Bash", {
    type: "command",
    command: "ctx-mode hook codex PreToolUse",
  });
  const startHash = codexHookHash("session_start", undefined, {
    type: "command",
    command: "ctx-mode hook codex SessionStart",
  });
  files[config] = [
    `[hooks.state."${hooks}:pre_tool_use:1:0"]`,
    `trusted_hash = "${preHash}"`,
    `[hooks.state."${hooks}:session_start:0:0"]`,
    `trusted_hash = "${startHash}"`,
    "enabled = false",
  ].join("\n");
  assert.deepEqual(codexHookTrust(hooks, config, read), {
    keys: [`${hooks}:pre_tool_use:1:0`, `${hooks}:session_start:0:0`],
    untrusted: [`${hooks}:session_start:0:0`],
    modified: [],
  });
  // A hash of the hook as it was (another command, another timeout) is Codex's "modified".
  files[config] = [
    `[hooks.state."${hooks}:pre_tool_use:1:0"]`,
    `trusted_hash = "${
      codexHookHash("pre_tool_use", "Bash", {
        command: "/old/clone/main.ts hook codex PreToolUse",
      })
    }"`,
    `[hooks.state."${hooks}:session_start:0:0"]`,
    `trusted_hash = "${startHash}"`,
  ].join("\n");
  assert.deepEqual(codexHookTrust(hooks, config, read), {
    keys: [`${hooks}:pre_tool_use:1:0`, `${hooks}:session_start:0:0`],
    untrusted: [`${hooks}:pre_tool_use:1:0`],
    modified: [`${hooks}:pre_tool_use:1:0`],
  });
  assert.equal(codexHookTrust("/none.json", config, read), undefined);
});

Deno.test("codexHookHash() gives the currentHash that Codex 0.171's hooks/list reports for the same hook", () => {
  // Captured from the real `codex app-server` (hooks/list) for these hooks.json handlers.
  const cases: [string, unknown, Record<string, unknown>, string][] = [
    [
      "pre_tool_use",
      "Bash",
      {
        type: "command",
        command: "ctx-mode hook codex PreToolUse",
        timeout: 30,
      },
      "3e09ca357197f6d23b77e752bf1a7c146eb9a1f08c8ef14be153f3cedf0b97d6",
    ],
    [
      "user_prompt_submit",
      "ignored",
      { type: "command", command: "ctx-mode hook codex UserPromptSubmit" },
      "41a6485ed91708f67e0b5f1a62ef29484b9e8cefcca47237088ad39da254e20f",
    ],
    [
      "session_start",
      undefined,
      {
        type: "command",
        command: "ctx-mode hook codex SessionStart",
        timeout: 0,
        statusMessage: "ctx-mode ✓",
      },
      "6a2048c3b989d99b92168af59680aec3aed68cb34dc9ff09601968a4d25cc439",
    ],
    [
      "post_tool_use",
      "*",
      {
        type: "command",
        command: `'/opt/ctx mode/ctx-mode' hook codex PostToolUse "\\u00e9"`,
        timeout: 45,
      },
      "d331cd252b33828942a99461e4442ccfabfe4540cdb79b1dab8cf80429325928",
    ],
    [
      "pre_compact",
      "auto",
      {
        type: "command",
        command: "/home/zoë/bin/ctx-mode hook codex PreCompact",
        timeout: 30,
      },
      "f69140a5ed85443be05e507aed38eeefee96492198e0abf9d96f58ed6e83676b",
    ],
  ];
  for (const [event, matcher, handler, hex] of cases) {
    assert.equal(codexHookHash(event, matcher, handler), `sha256:${hex}`);
  }
});

Deno.test("install and doctor say what Gemini CLI and Codex hold back and the step that turns it on; doctor sees it once trusted", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const where = { home: dir.path, cwd: project, env: { PATH: "" } };
  const install = await runCli(["install", "gemini-cli", "codex"], where);
  assert.equal(install.code, 0, install.stderr);
  assert.match(
    install.stdout,
    /^ {2}Gemini CLI keeps ctx-mode's server Disabled and runs no hooks in .*project \(no rule trusts it yet\): start gemini there and choose "Trust folder" \(or \/permissions\), or add \{".*project":"TRUST_FOLDER"\} to .*\.gemini\/trustedFolders\.json$/m,
  );
  assert.match(
    install.stdout,
    /^ {2}Codex runs none of ctx-mode's 5 hooks until you trust them: start codex, type \/hooks and trust the ctx-mode hooks/m,
  );
  const before = await runCli(["doctor"], where);
  assert.match(before.stdout, /^! gemini-cli folder trust: Gemini CLI keeps/m);
  assert.match(before.stdout, /^! codex hook trust: Codex runs none of/m);

  Deno.writeTextFileSync(
    join(dir.path, ".gemini/trustedFolders.json"),
    JSON.stringify({ [project]: "TRUST_FOLDER" }),
  );
  const codexHome = join(dir.path, ".codex");
  const hooksFile = join(codexHome, "hooks.json");
  const configFile = join(codexHome, "config.toml");
  const installed = Deno.readTextFileSync(configFile);
  /** What Codex's /hooks records for each of ctx-mode's hooks as the file now holds them. */
  const trustAll = () => {
    const hooks = JSON.parse(Deno.readTextFileSync(hooksFile)).hooks as Record<
      string,
      { matcher?: string; hooks: Record<string, unknown>[] }[]
    >;
    return Object.entries(hooks).map(([event, groups]) => {
      const snake = event.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase();
      const hash = codexHookHash(
        snake,
        groups[0]!.matcher,
        groups[0]!.hooks[0]!,
      );
      return `[hooks.state."${hooksFile}:${snake}:0:0"]\ntrusted_hash = "${hash}"\n`;
    }).join("");
  };
  Deno.writeTextFileSync(configFile, installed + trustAll());
  const after = await runCli(["doctor"], where);
  assert.match(after.stdout, /^✓ gemini-cli folder trust: Gemini CLI trusts /m);
  assert.match(
    after.stdout,
    /^✓ codex hook trust: all 5 of ctx-mode's hooks are trusted/m,
  );
  const again = await runCli(["install", "gemini-cli", "codex"], where);
  assert.doesNotMatch(again.stdout, /Disabled|until you trust/);

  // A hook trusted as it was before (the command of a clone since moved) is held back again.
  const stale = Deno.readTextFileSync(hooksFile).replace(
    /"command": "([^"]*) hook codex PreToolUse"/,
    '"command": "/old/place/ctx-mode hook codex PreToolUse"',
  );
  const current = Deno.readTextFileSync(hooksFile);
  Deno.writeTextFileSync(hooksFile, stale);
  Deno.writeTextFileSync(configFile, installed + trustAll());
  Deno.writeTextFileSync(hooksFile, current);
  const changed = await runCli(["doctor"], where);
  assert.match(
    changed.stdout,
    /^! codex hook trust: Codex runs not all of ctx-mode's 5 hooks until you trust them \(1 changed since you last trusted them\): start codex, type \/hooks/m,
  );
});
