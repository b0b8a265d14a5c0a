import assert from "node:assert/strict";
import { join } from "node:path";
import { findEscapingLinks } from "../../src/sandbox/_symlinks.ts";
import { tempDir } from "./_helpers.ts";

const unix = Deno.build.os !== "windows";

Deno.test({
  name:
    "findEscapingLinks reports links that lead out of the project, dangling ones included",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await using home = await tempDir();
    const secret = join(home.path, "id_rsa");
    await Deno.writeTextFile(secret, "-----BEGIN OPENSSH PRIVATE KEY-----\n");
    await Deno.mkdir(join(project.path, "deep/er"), { recursive: true });
    await Deno.symlink(secret, join(project.path, "deep/er/key"));
    await Deno.symlink(home.path, join(project.path, "home"));
    await Deno.symlink(join(home.path, "not-yet"), join(project.path, "later"));
    const scan = findEscapingLinks(project.path, { allowed: [project.path] });
    assert.equal(scan.complete, true);
    assert.deepEqual(
      scan.links.map((link) => link.path).sort(),
      ["deep/er/key", "home", "later"],
    );
    assert.equal(
      scan.links.find((link) => link.path === "home")?.target,
      home.path,
    );
  },
});

Deno.test({
  name:
    "findEscapingLinks accepts links inside the project, into system dirs, and to programs",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await using elsewhere = await tempDir();
    await Deno.writeTextFile(join(project.path, "real.txt"), "x");
    await Deno.symlink(
      join(project.path, "real.txt"),
      join(project.path, "inner"),
    );
    await Deno.symlink("/usr/bin", join(project.path, "sysbin"));
    const interpreter = join(elsewhere.path, "python3.12");
    await Deno.writeTextFile(interpreter, "#!/bin/sh\necho python\n");
    await Deno.chmod(interpreter, 0o755);
    await Deno.mkdir(join(project.path, ".venv/bin"), { recursive: true });
    await Deno.symlink(interpreter, join(project.path, ".venv/bin/python"));
    assert.deepEqual(
      findEscapingLinks(project.path, { allowed: [project.path] }).links,
      [],
    );
  },
});

Deno.test({
  name:
    "findEscapingLinks finds links inside .git and at any depth of node_modules",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await using outside = await tempDir();
    await Deno.mkdir(join(project.path, ".git/objects"), { recursive: true });
    await Deno.symlink(outside.path, join(project.path, ".git/objects/link"));
    await Deno.mkdir(join(project.path, "node_modules/pkg/lib"), {
      recursive: true,
    });
    await Deno.symlink(
      outside.path,
      join(project.path, "node_modules/pkg/lib/deep-link"),
    );
    await Deno.mkdir(join(project.path, "node_modules/@scope"), {
      recursive: true,
    });
    await Deno.symlink(
      outside.path,
      join(project.path, "node_modules/@scope/linked"),
    );
    await Deno.symlink(outside.path, join(project.path, "node_modules/linked"));
    const links = findEscapingLinks(project.path, { allowed: [project.path] })
      .links.map((link) => link.path).sort();
    assert.deepEqual(links, [
      ".git/objects/link",
      "node_modules/@scope/linked",
      "node_modules/linked",
      "node_modules/pkg/lib/deep-link",
    ]);
  },
});

Deno.test({
  name: "findEscapingLinks says when its entry cap stopped it before the end",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    for (let i = 0; i < 30; i++) {
      await Deno.writeTextFile(join(project.path, `f${i}`), "");
    }
    const capped = findEscapingLinks(project.path, {
      allowed: [project.path],
      maxEntries: 10,
    });
    assert.equal(capped.complete, false);
    assert.equal(capped.entries, 10);
    assert.equal(
      findEscapingLinks(project.path, { allowed: [project.path] }).complete,
      true,
    );
  },
});
