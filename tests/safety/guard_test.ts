import assert from "node:assert/strict";
import { checkCommand, checkReadPath } from "../../src/safety/mod.ts";
import { ASK_RULES, CWD, GUARD_CASES, HOME } from "./guard_cases.ts";
import { MORE_CASES } from "./guard_cases_more.ts";
import { ROUND3_CASES } from "./guard_cases_round3.ts";

for (const [family, cases] of Object.entries(GUARD_CASES)) {
  Deno.test(`checkCommand() decides every ${family} case as the table says`, async (t) => {
    for (const [command, rule, extra] of cases) {
      const label = command.length > 60
        ? `${command.slice(0, 57)}...`
        : command;
      await t.step(`${rule ?? "allow"}: ${label}`, () => {
        const verdict = checkCommand(command, {
          cwd: extra?.cwd ?? CWD,
          home: extra?.home ?? HOME,
          ...(extra?.level ? { level: extra.level } : {}),
          ...(extra?.shell ? { shell: extra.shell } : {}),
        });
        if (rule === null) {
          assert.equal(verdict.verdict, "allow", JSON.stringify(verdict));
        } else {
          assert.equal(
            verdict.verdict,
            ASK_RULES.has(rule) ? "ask" : "deny",
            JSON.stringify(verdict),
          );
          assert.equal(verdict.rule, rule, JSON.stringify(verdict));
          assert.ok((verdict.reason ?? "").length > 20);
        }
      });
    }
  });
}

Deno.test("checkCommand() table holds at least 300 cases, at least half of them passes", () => {
  const all = Object.values(GUARD_CASES).flat();
  const passes = all.filter(([, rule]) => rule === null).length;
  assert.ok(all.length >= 300, `${all.length} cases`);
  assert.ok(passes / all.length >= 0.5, `${passes} passes of ${all.length}`);
});

Deno.test("checkCommand() near misses outnumber the denies in every family of the newer cases", () => {
  const newer = { ...MORE_CASES, ...ROUND3_CASES };
  for (const [family, cases] of Object.entries(newer)) {
    const passes = cases.filter(([, rule]) => rule === null).length;
    assert.ok(
      passes >= cases.length - passes,
      `${family}: ${passes} passes of ${cases.length}`,
    );
  }
});

Deno.test("checkCommand() honours trusted temp dirs", () => {
  const options = { cwd: CWD, home: HOME, tmpDirs: ["/scratch"] };
  assert.equal(checkCommand("rm -rf /scratch/x", options).verdict, "allow");
  assert.equal(
    checkCommand("rm -rf /scratch/x", { cwd: CWD, home: HOME }).rule,
    "rm.outside",
  );
});

Deno.test("checkCommand() lets a rule be switched off but never a catastrophic one", () => {
  const options = {
    cwd: CWD,
    home: HOME,
    disabledRules: ["git.push-force", "rm.root"],
  };
  assert.equal(checkCommand("git push --force", options).verdict, "allow");
  assert.equal(checkCommand("rm -rf /", options).rule, "rm.root");
});

Deno.test("checkCommand() denies commands nested deeper than its limit", () => {
  let command = "rm -rf /";
  for (let i = 0; i < 10; i++) command = `eval ${JSON.stringify(command)}`;
  const verdict = checkCommand(command, { cwd: CWD, home: HOME });
  assert.equal(verdict.verdict, "deny");
  assert.equal(verdict.rule, "guard.too-complex");
});

Deno.test("checkReadPath() blocks secret files and passes templates and ordinary files", () => {
  const options = { cwd: CWD, home: HOME };
  const denied: [string, string][] = [
    [".env", "secret.env"],
    ["/home/u/proj/.env.local", "secret.env"],
    ["~/.ssh/id_rsa", "secret.private-key"],
    ["~/.ssh/authorized_keys", "secret.ssh"],
    ["~/.ssh/config.d/work", "secret.ssh"],
    ["~/.aws/credentials", "secret.cloud-credentials"],
    ["../.npmrc", "secret.credentials-file"],
    ["certs/key.pem", "secret.private-key"],
  ];
  for (const [path, rule] of denied) {
    assert.equal(checkReadPath(path, options).rule, rule, path);
  }
  for (
    const path of [
      ".env.example",
      "src/main.ts",
      "~/.ssh/id_rsa.pub",
      "~/.ssh/config",
      "~/.ssh/known_hosts",
      "README.md",
    ]
  ) {
    assert.equal(checkReadPath(path, options).verdict, "allow", path);
  }
});

Deno.test("checkReadPath() follows a symbolic link to the secret it points at", () => {
  const links: Record<string, string> = {
    "/home/u/proj/notes.txt": "/home/u/proj/.env",
  };
  const verdict = checkReadPath("notes.txt", {
    cwd: CWD,
    home: HOME,
    realPath: (p) => links[p] ?? null,
  });
  assert.equal(verdict.rule, "secret.env");
});
