import assert from "node:assert/strict";
import { join } from "node:path";
import { readAudit } from "../../src/safety/audit_log.ts";
import { resultText, startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("ctx-mode's own tools apply the user's permission rules and guard settings", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  await Deno.mkdir(join(home.path, ".claude"));
  await Deno.writeTextFile(
    join(home.path, ".claude", "settings.json"),
    JSON.stringify({
      permissions: {
        deny: ["Bash(curl:*)", "Read(./private/**)"],
        ask: ["Bash(npm publish:*)"],
      },
    }),
  );
  await Deno.writeTextFile(
    join(home.path, "config.json"),
    JSON.stringify({ guard: { disabledRules: ["git.reset-hard"] } }),
  );
  await Deno.mkdir(join(project.path, "private"));
  await Deno.writeTextFile(join(project.path, "private", "keys.txt"), "k=1\n");
  await Deno.mkdir(join(project.path, "docs"));
  await Deno.writeTextFile(
    join(project.path, "docs", "guide.md"),
    "# Guide\n\nSteps.\n",
  );
  await Deno.writeTextFile(
    join(project.path, "docs", "server.pem"),
    "-----BEGIN-----\n",
  );
  await using server = await startServer({
    project: project.path,
    home: home.path,
  });

  await t.step(
    "ctx_execute refuses shell code a deny rule names, inside $(…) too",
    async () => {
      const result = await server.call("ctx_execute", {
        language: "shell",
        code: "echo start\necho $(curl -s https://example.test)",
      });
      assert.equal(result.isError, true);
      assert.match(
        resultText(result),
        /^Cannot run this shell code: "curl -s https:\/\/example\.test" is denied by the permission rule "Bash\(curl:\*\)" in .*settings\.json.*\[ctx-mode rule permissions\.deny\]$/,
      );
    },
  );
  await t.step("an ask rule is refused, since a tool cannot ask", async () => {
    const result = await server.call("ctx_execute", {
      language: "sh",
      code: "npm publish --dry-run",
    });
    assert.equal(result.isError, true);
    assert.match(
      resultText(result),
      /without the user's confirmation: .*\[ctx-mode rule permissions\.ask\]\. ctx-mode's tools cannot ask/,
    );
  });
  await t.step(
    "a rule switched off in the user's config.json lets its command run",
    async () => {
      const result = await server.call("ctx_execute", {
        language: "shell",
        code: "git reset --hard 2>/dev/null; echo ran",
      });
      assert.equal(result.isError, undefined, resultText(result));
      assert.match(resultText(result), /ran/);
    },
  );
  await t.step(
    "ctx_batch_execute reports a refused command in its place and runs the rest",
    async () => {
      const text = await server.callText("ctx_batch_execute", {
        commands: [
          { label: "hello", command: "echo hello" },
          { label: "fetch", command: "curl -s https://example.test" },
        ],
      });
      assert.match(text, /- hello: exit 0/);
      assert.match(
        text,
        /- fetch: failed to start: Cannot run this shell code: .*permissions\.deny/,
      );
      const all = await server.call("ctx_batch_execute", {
        commands: [{ label: "fetch", command: "curl https://example.test" }],
      });
      assert.equal(all.isError, true);
      assert.match(
        resultText(all),
        /^Cannot run the batch: every command is refused/,
      );
    },
  );
  await t.step(
    "ctx_execute_file and ctx_index refuse denied and secret paths",
    async () => {
      const file = await server.call("ctx_execute_file", {
        path: "private/keys.txt",
        language: "shell",
        code: 'wc -c < "$FILE_PATH"',
      });
      assert.equal(file.isError, true);
      assert.match(
        resultText(file),
        /^Cannot read "private\/keys\.txt": .*\[ctx-mode rule permissions\.deny\]$/,
      );
      const index = await server.call("ctx_index", {
        path: "private/keys.txt",
      });
      assert.equal(index.isError, true, resultText(index));
      assert.match(resultText(index), /\[ctx-mode rule permissions\.deny\]$/);
      const inside = await server.callText("ctx_index", { path: "private" });
      assert.match(
        inside,
        /^Indexed 0 files .*skipped 1 \(keys\.txt: refused by ctx-mode rule permissions\.deny\)/,
      );
      const pem = await server.call("ctx_index", { path: "docs/server.pem" });
      assert.match(resultText(pem), /\[ctx-mode rule secret\.private-key\]$/);
      const folder = await server.callText("ctx_index", { path: "docs" });
      assert.match(folder, /^Indexed 1 file under "docs"/);
      assert.match(
        folder,
        /skipped 1 \(server\.pem: refused by ctx-mode rule secret\.private-key\)/,
      );
    },
  );
  await t.step(
    "each refusal is in the audit log with the tool as its source",
    () => {
      const { entries } = readAudit(home.path);
      assert.deepEqual(entries.map((e) => [e.source, e.rule]), [
        ["ctx_execute", "permissions.deny"],
        ["ctx_execute", "permissions.ask"],
        ["ctx_batch_execute", "permissions.deny"],
        ["ctx_batch_execute", "permissions.deny"],
        ["ctx_execute_file", "permissions.deny"],
        ["ctx_index", "permissions.deny"],
        ["ctx_index", "secret.private-key"],
      ]);
      // The platform as the server detects it (here from the ~/.claude folder).
      assert.equal(entries[0]!.platform, "claude-code");
      assert.equal(entries[4]!.path, "private/keys.txt");
      assert.equal(entries[0]!.cwd, Deno.realPathSync(project.path));
    },
  );
  await t.step("ctx_doctor shows the level and the rule files", async () => {
    const text = await server.callText("ctx_doctor");
    assert.match(
      text,
      /✓ guard: level standard \(default\); rules switched off: git\.reset-hard/,
    );
    assert.match(
      text,
      /permission rules: .*\.claude\/settings\.json \(user\): 2 deny, 1 ask, 0 allow/,
    );
  });
});
