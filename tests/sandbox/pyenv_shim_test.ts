/**
 * A pyenv shim is followed to its interpreter only in the plain case, the
 * way `pyenv exec` would choose it; every other case keeps the shim.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { resolvePyenvShim } from "../../src/sandbox/_pyenv_shim.ts";

/** A pyenv root with two versions installed, the global one `3.11.7`, and a project below a parent folder. */
async function fakePyenv() {
  const base = await Deno.realPath(await Deno.makeTempDir());
  const root = join(base, "pyenv");
  for (const dir of ["libexec", "shims", "pyenv.d/exec"]) {
    await Deno.mkdir(join(root, dir), { recursive: true });
  }
  await Deno.writeTextFile(join(root, "libexec", "pyenv"), "#!/bin/sh\n");
  await Deno.writeTextFile(join(root, "shims", "python3"), "#!/bin/sh\n");
  await Deno.writeTextFile(join(root, "pyenv.d/exec", "pip-rehash.bash"), "");
  for (const version of ["3.11.7", "3.12.1"]) {
    await Deno.mkdir(join(root, "versions", version, "bin"), {
      recursive: true,
    });
    await Deno.writeTextFile(
      join(root, "versions", version, "bin", "python3"),
      "",
    );
  }
  await Deno.writeTextFile(join(root, "version"), "# global\n3.11.7\n");
  const project = join(base, "work", "project");
  await Deno.mkdir(project, { recursive: true });
  return {
    base,
    root,
    project,
    shim: join(root, "shims", "python3"),
    python: (version: string) =>
      join(root, "versions", version, "bin", "python3"),
    [Symbol.asyncDispose]: () => Deno.remove(base, { recursive: true }),
  };
}

Deno.test("a pyenv shim runs the global version, with its bin first on PATH", async () => {
  await using p = await fakePyenv();
  assert.deepEqual(resolvePyenvShim(p.shim, {}, p.project), {
    command: p.python("3.11.7"),
    bin: join(p.root, "versions", "3.11.7", "bin"),
    version: "3.11.7",
  });
});

Deno.test("the nearest .python-version decides, above the project too, and PYENV_VERSION before it", async () => {
  await using p = await fakePyenv();
  await Deno.writeTextFile(join(p.base, "work", ".python-version"), "3.12.1");
  assert.equal(
    resolvePyenvShim(p.shim, {}, p.project)?.command,
    p.python("3.12.1"),
  );
  await Deno.writeTextFile(join(p.project, ".python-version"), "3.11.7\n");
  assert.equal(
    resolvePyenvShim(p.shim, {}, p.project)?.command,
    p.python("3.11.7"),
  );
  assert.equal(
    resolvePyenvShim(p.shim, { PYENV_VERSION: "3.12.1" }, p.project)?.command,
    p.python("3.12.1"),
  );
});

Deno.test("a pyenv shim is kept where pyenv would decide otherwise than the plain case", async (t) => {
  const cases: Array<
    [string, (p: Awaited<ReturnType<typeof fakePyenv>>) => Promise<unknown>]
  > = [
    [
      "the system version",
      (p) => Deno.writeTextFile(join(p.root, "version"), "system"),
    ],
    [
      "an empty local file (pyenv takes system)",
      (p) => Deno.writeTextFile(join(p.project, ".python-version"), ""),
    ],
    [
      "a version not installed",
      (p) => Deno.writeTextFile(join(p.root, "version"), "3.9.1"),
    ],
    [
      "a version prefix",
      (p) => Deno.writeTextFile(join(p.root, "version"), "3.11"),
    ],
    [
      "a path as version",
      (p) => Deno.writeTextFile(join(p.root, "version"), "../../bin"),
    ],
    ["an exec hook of a plugin", async (p) => {
      await Deno.mkdir(join(p.root, "plugins/x/etc/pyenv.d/exec"), {
        recursive: true,
      });
      await Deno.writeTextFile(
        join(p.root, "plugins/x/etc/pyenv.d/exec/x.bash"),
        "",
      );
    }],
    [
      "an exec hook of its own",
      (p) => Deno.writeTextFile(join(p.root, "pyenv.d/exec/mine.bash"), ""),
    ],
  ];
  for (const [name, arrange] of cases) {
    await t.step(name, async () => {
      await using p = await fakePyenv();
      await arrange(p);
      assert.equal(resolvePyenvShim(p.shim, {}, p.project), undefined);
    });
  }
  await t.step(
    "PYENV_DIR, PYENV_HOOK_PATH or another PYENV_ROOT set",
    async () => {
      await using p = await fakePyenv();
      for (
        const env of [
          { PYENV_DIR: p.base },
          { PYENV_HOOK_PATH: p.base },
          { PYENV_ROOT: p.base },
        ]
      ) assert.equal(resolvePyenvShim(p.shim, env, p.project), undefined);
    },
  );
  await t.step("no shim at all", async () => {
    await using p = await fakePyenv();
    assert.equal(
      resolvePyenvShim(p.python("3.11.7"), {}, p.project),
      undefined,
    );
  });
});
