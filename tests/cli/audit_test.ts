import assert from "node:assert/strict";
import { join } from "node:path";
import {
  appendAudit,
  type AuditEntry,
  auditLogPath,
  readAudit,
} from "../../src/safety/audit_log.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

function entry(
  overrides: { [K in keyof AuditEntry]?: AuditEntry[K] | undefined } = {},
): AuditEntry {
  const made = {
    at: "2025-06-01T10:00:00.000Z",
    platform: "claude-code",
    source: "hook",
    tool: "Bash",
    command: "git reset --hard",
    verdict: "deny",
    rule: "git.reset-hard",
    reason: "It throws away uncommitted work",
    cwd: "/srv/app",
    ...overrides,
  };
  // As stored: fields set to undefined are left out.
  return JSON.parse(JSON.stringify(made));
}

Deno.test("the audit log appends one JSON line per entry and reads them back in order", async () => {
  await using home = await tempDir();
  const data = join(home.path, "not-yet-created");
  assert.equal(appendAudit(data, entry()), true);
  assert.equal(
    appendAudit(data, entry({ rule: "permissions.ask", verdict: "ask" })),
    true,
  );
  const lines = (await Deno.readTextFile(auditLogPath(data))).trim().split(
    "\n",
  );
  assert.equal(lines.length, 2);
  assert.deepEqual(JSON.parse(lines[0]!), entry());
  assert.deepEqual(readAudit(data).entries.map((e) => e.rule), [
    "git.reset-hard",
    "permissions.ask",
  ]);
});

Deno.test("the audit log rotates at its size cap and keeps the newest entries", async () => {
  await using home = await tempDir();
  const options = { maxBytes: 1200, keep: 3 };
  const written = 60;
  for (let i = 0; i < written; i++) {
    assert.ok(appendAudit(home.path, entry({ command: `step ${i}` }), options));
  }
  const log = auditLogPath(home.path);
  for (const file of [log, `${log}.1`, `${log}.2`, `${log}.3`]) {
    const size = (await Deno.stat(file)).size;
    assert.ok(size > 0 && size <= options.maxBytes, `${file}: ${size} bytes`);
  }
  await assert.rejects(Deno.stat(`${log}.4`), Deno.errors.NotFound);
  const { entries, skipped } = readAudit(home.path, options);
  assert.equal(skipped, 0);
  assert.ok(entries.length > 10 && entries.length < written);
  const steps = entries.map((e) => Number(e.command?.split(" ")[1]));
  assert.equal(steps.at(-1), written - 1);
  assert.deepEqual(steps, [...steps].sort((a, b) => a - b));
  assert.equal(steps[steps.length - 1]! - steps[0]! + 1, steps.length);
});

Deno.test("the audit log clips huge commands and never throws when it cannot write", async () => {
  await using home = await tempDir();
  appendAudit(home.path, entry({ command: "x".repeat(50_000) }));
  const [stored] = readAudit(home.path).entries;
  assert.ok(stored!.command!.length <= 4000);
  const blocker = join(home.path, "a-file");
  await Deno.writeTextFile(blocker, "not a directory");
  assert.equal(appendAudit(join(blocker, "home"), entry()), false);
});

Deno.test("ctx-mode audit prints the latest entries as a table, filtered, or as JSON lines", async (t) => {
  await using home = await tempDir();
  const entries = [
    entry({
      at: "2025-06-01T09:00:00.000Z",
      rule: "rm.root",
      command: "rm -rf /",
    }),
    entry({
      at: "2025-06-02T09:00:00.000Z",
      rule: "git.push-force",
      command: "git push -f",
    }),
    entry({
      at: "2025-06-03T09:00:00.000Z",
      source: "ctx_execute_file",
      tool: undefined,
      command: undefined,
      path: "secrets/token.txt",
      rule: "permissions.deny",
    }),
    entry({
      at: "2025-06-04T09:00:00.000Z",
      rule: "permissions.ask",
      verdict: "ask",
      command: "npm publish",
    }),
  ];
  for (const e of entries) appendAudit(home.path, e);
  await Deno.writeTextFile(auditLogPath(home.path), "{not json\n", {
    append: true,
  });
  await t.step("a table of the newest, oldest first", async () => {
    const run = await runCli(["audit", "--limit", "2"], { home: home.path });
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split("\n");
    assert.match(lines[0]!, /^time +verdict +rule +where +command or path$/);
    assert.equal(lines.length, 3);
    assert.match(
      lines[1]!,
      /^2025-06-03 09:00:00Z +deny +permissions\.deny +ctx_execute_file +secrets\/token\.txt$/,
    );
    assert.match(
      lines[2]!,
      /ask +permissions\.ask +claude-code Bash +npm publish$/,
    );
    assert.match(run.stderr, /skipped 1 unreadable line/);
  });
  await t.step("filtered by rule family and by time", async () => {
    const family = await runCli(["audit", "--rule", "permissions", "--json"], {
      home: home.path,
    });
    assert.deepEqual(
      family.stdout.trim().split("\n").map((l) => JSON.parse(l).rule),
      ["permissions.deny", "permissions.ask"],
    );
    const exact = await runCli(
      ["audit", "--rule", "git.push-force", "--json"],
      {
        home: home.path,
      },
    );
    assert.deepEqual(
      exact.stdout.trim().split("\n").map((l) => JSON.parse(l).command),
      ["git push -f"],
    );
    const since = await runCli(["audit", "--since", "2025-06-03", "--json"], {
      home: home.path,
    });
    assert.deepEqual(
      since.stdout.trim().split("\n").map((l) => JSON.parse(l).at),
      ["2025-06-03T09:00:00.000Z", "2025-06-04T09:00:00.000Z"],
    );
    const none = await runCli(["audit", "--since", "1h"], { home: home.path });
    assert.match(none.stdout, /^No matching entries in .*audit\.log\.\n$/);
  });
  await t.step("bad options are usage errors", async () => {
    for (
      const args of [["--since", "last tuesday"], ["--limit", "0"], ["extra"]]
    ) {
      const run = await runCli(["audit", ...args], { home: home.path });
      assert.equal(run.code, 2, args.join(" "));
      assert.match(run.stderr, /ctx-mode audit --help/);
    }
  });
});
