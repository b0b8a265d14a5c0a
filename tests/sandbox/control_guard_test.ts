import assert from "node:assert/strict";
import { join } from "node:path";
import { guardControlFiles } from "../../src/sandbox/_control_guard.ts";
import { snapshotControlFiles } from "../../src/sandbox/_control_baseline.ts";
import { restoreControlFiles } from "../../src/sandbox/_control_restore.ts";
import { controlMountArgs } from "../../src/sandbox/_control_mounts.ts";
import { RUN_CONTROL_PATHS } from "../../src/safety/control_files.ts";
import { CONTROL_PATTERNS } from "../../src/safety/mod.ts";
import { tempDir } from "./_helpers.ts";
import { runCode } from "../../src/sandbox/mod.ts";

const linux = Deno.build.os === "linux";

/** The pairs `[flag, path]` of a bwrap argument list. */
function binds(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 3) {
    assert.equal(
      args[i + 1],
      args[i + 2],
      "a control file is bound onto itself",
    );
    out.push(`${args[i]} ${args[i + 1]}`);
  }
  return out;
}

Deno.test("every control pattern of the guard is covered by what runs may not write", () => {
  for (const { pattern } of CONTROL_PATTERNS) {
    assert.ok(
      RUN_CONTROL_PATHS.some((p) =>
        pattern === p.path || pattern.startsWith(`${p.path}/`)
      ),
      pattern,
    );
  }
});

Deno.test({
  name:
    "controlMountArgs() pins .git read-write, binds its settings and the agents' folders read-only, and mounts no link target outside the project",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    await using outside = await tempDir();
    const p = project.path;
    for (
      const dir of [
        ".git/hooks",
        ".git/modules/x",
        ".git/objects",
        ".github/hooks",
        "docs/vscode",
      ]
    ) {
      await Deno.mkdir(join(p, dir), { recursive: true });
    }
    await Deno.writeTextFile(
      join(p, ".git/config"),
      "[core]\n\thooksPath = tools/hooks\n",
    );
    await Deno.mkdir(join(p, "tools/hooks"), { recursive: true });
    await Deno.writeTextFile(join(p, ".envrc"), "");
    await Deno.symlink(outside.path, join(p, ".claude"));
    await Deno.symlink(join(p, "docs/vscode"), join(p, ".vscode"));
    const list = binds(controlMountArgs(p));
    assert.deepEqual(
      list.filter((b) => b.endsWith("/.git") || b.includes("/.git/")),
      [
        `--bind ${p}/.git`,
        `--ro-bind ${p}/.git/config`,
        `--ro-bind ${p}/.git/hooks`,
        `--ro-bind ${p}/.git/modules`,
      ],
    );
    assert.ok(list.includes(`--bind ${p}/.github`));
    assert.ok(list.includes(`--ro-bind ${p}/.github/hooks`));
    assert.ok(list.includes(`--ro-bind ${p}/.envrc`));
    assert.ok(
      list.includes(`--ro-bind ${p}/docs/vscode`),
      "a link's target inside the project",
    );
    assert.ok(
      list.includes(`--bind ${p}/tools`),
      "the folder on the way to core.hooksPath",
    );
    assert.ok(list.includes(`--ro-bind ${p}/tools/hooks`), "core.hooksPath");
    assert.ok(
      list.indexOf(`--bind ${p}/.github`) <
        list.indexOf(`--ro-bind ${p}/.github/hooks`),
    );
    assert.ok(
      !list.some((b) => b.includes(outside.path) || b.endsWith("/.claude")),
    );
  },
});

Deno.test({
  name:
    "overlapping runs of one project share one baseline: the second does not put back what the first wrote",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    const envrc = join(project.path, ".envrc");
    await Deno.writeTextFile(envrc, "USER\n");
    const endFirst = guardControlFiles(project.path);
    await Deno.writeTextFile(envrc, "FIRST\n");
    const endSecond = guardControlFiles(project.path);
    assert.deepEqual(endFirst(), { restored: [".envrc"], failed: [] });
    await Deno.writeTextFile(envrc, "SECOND\n");
    assert.deepEqual(endSecond(), { restored: [".envrc"], failed: [] });
    assert.equal(await Deno.readTextFile(envrc), "USER\n");
    // Both over: the next run takes a fresh baseline, the user's edit included.
    await Deno.writeTextFile(envrc, "EDITED\n");
    const endThird = guardControlFiles(project.path);
    assert.deepEqual(endThird(), { restored: [], failed: [] });
    assert.equal(await Deno.readTextFile(envrc), "EDITED\n");
  },
});

Deno.test({
  name:
    "a baseline larger than the guard keeps is refused loudly, not kept in part",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    const dir = join(project.path, ".vscode");
    await Deno.mkdir(dir);
    const touch = await new Deno.Command("sh", {
      args: ["-c", "seq 0 20000 | sed 's/^/f/' | xargs touch"],
      cwd: dir,
    }).output();
    assert.ok(touch.success);
    assert.throws(
      () => snapshotControlFiles(project.path),
      /Cannot guard the control files of .*over 20000 entries/,
    );
  },
});

Deno.test({
  name:
    "the clean-up removes fifos and a folder made at control paths without blocking, and reports each",
  ignore: !linux,
  fn: async () => {
    await using project = await tempDir();
    const p = project.path;
    await Deno.writeTextFile(join(p, ".envrc"), "USER\n");
    const baseline = snapshotControlFiles(p);
    await Deno.remove(join(p, ".envrc"));
    const mkfifo = await new Deno.Command("mkfifo", {
      args: [join(p, ".envrc"), join(p, ".mcp.json")],
    }).output();
    assert.ok(mkfifo.success);
    await Deno.mkdir(join(p, ".ctx-mode.json/deep"), { recursive: true });
    const report = restoreControlFiles(baseline);
    assert.deepEqual(report, {
      restored: [".ctx-mode.json", ".envrc", ".mcp.json"],
      failed: [],
    });
    assert.equal(await Deno.readTextFile(join(p, ".envrc")), "USER\n");
    assert.equal(
      await Deno.lstat(join(p, ".mcp.json")).catch(() => null),
      null,
    );
  },
});

Deno.test("a JavaScript run may not write where the project's core.hooksPath points, nor anywhere in .git", async () => {
  await using project = await tempDir();
  const p = project.path;
  await Deno.mkdir(join(p, ".git"));
  await Deno.writeTextFile(
    join(p, ".git/config"),
    "[core]\n\thooksPath = githooks\n",
  );
  await Deno.mkdir(join(p, "githooks"));
  const result = await runCode({
    language: "javascript",
    code:
      `for (const path of ["githooks/pre-commit", ".git/commondir", "ok.txt"]) {
      try { Deno.writeTextFileSync(path, "x"); console.log("wrote " + path); }
      catch (error) { console.log("denied " + path + " " + error.name); }
    }`,
    projectDir: p,
  }, { confine: false, guard: false });
  assert.match(result.stdout, /denied githooks\/pre-commit NotCapable/);
  assert.match(result.stdout, /denied \.git\/commondir NotCapable/);
  assert.match(result.stdout, /wrote ok\.txt/);
  assert.equal(
    await Deno.lstat(join(p, "githooks/pre-commit")).catch(() => null),
    null,
  );
});
