import assert from "node:assert/strict";
import { detectLanguages } from "../../src/sandbox/languages.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test({
  name:
    "a rustup proxy with no toolchain is unavailable to detectLanguages() and broken to doctor: one answer",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using bin = await tempDir();
    // What rustup's proxy prints and exits with when no default toolchain is set.
    await Deno.writeTextFile(
      `${bin.path}/rustc`,
      "#!/bin/sh\necho 'error: rustup could not choose a version of rustc to run: no default is configured.' >&2\nexit 1\n",
    );
    await Deno.chmod(`${bin.path}/rustc`, 0o755);
    const languages = await detectLanguages({
      env: { PATH: bin.path },
      versions: true,
    });
    const rust = languages.find((language) => language.id === "rust");
    assert.equal(rust?.command, `${bin.path}/rustc`);
    assert.equal(rust?.available, false);
    assert.match(rust?.versionError ?? "", /no default is configured/);
    await using home = await tempDir();
    const doctor = await runCli(["doctor", "--json"], {
      home: home.path,
      env: { PATH: `${bin.path}:${Deno.env.get("PATH") ?? ""}` },
    });
    const checks: { name: string; detail: string }[] =
      JSON.parse(doctor.stdout).checks;
    const check = checks.find((c) => c.name === "language rust");
    assert.match(check?.detail ?? "", /version command fails/, doctor.stdout);
  },
});
