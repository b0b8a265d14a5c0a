// Set-up writes small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { childDatabase, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("doctor reports a rustup proxy without a default toolchain as broken, not as rust available", async () => {
  await using dir = await tempDir();
  const bin = join(dir.path, "bin");
  Deno.mkdirSync(bin);
  Deno.writeTextFileSync(
    join(bin, "rustc"),
    "#!/bin/sh\necho 'error: rustup could not choose a version of rustc to run, because one was not specified explicitly, and no default is configured.' >&2\nexit 1\n",
  );
  Deno.chmodSync(join(bin, "rustc"), 0o755);
  const run = await runCli(["doctor"], {
    home: dir.path,
    env: { PATH: `${bin}:${Deno.env.get("PATH") ?? ""}` },
  });
  assert.match(
    run.stdout,
    /^! language rust: found, but its version command fails \(exited 1: error: rustup could not choose a version of rustc to run.*\): rust code will not run$/m,
  );
  const languages = run.stdout.match(/^. languages: .*$/m)?.[0] ?? "";
  assert.doesNotMatch(languages, /rust/);
  assert.doesNotMatch(run.stdout, /^All checks passed\.$/m);
});

Deno.test("doctor sets a damaged project database aside, says where on stderr, and checks the new one", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  Deno.mkdirSync(project);
  const database = childDatabase(dir.path, await Deno.realPath(project));
  Deno.mkdirSync(dirname(database), { recursive: true });
  Deno.writeTextFileSync(
    database,
    "SQLite format 3\u0000" + "garbage ".repeat(600),
  );
  const run = await runCli(["doctor"], { home: dir.path, cwd: project });
  assert.match(run.stderr, /was damaged .*moved it aside to ".*\.corrupt-/);
  assert.match(run.stdout, /^✓ knowledge base: .*integrity check passed/m);
  const aside = [...Deno.readDirSync(dirname(database))].filter((entry) =>
    entry.name.includes(".corrupt-")
  );
  assert.equal(aside.length, 1);
});
