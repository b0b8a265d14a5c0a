import assert from "node:assert/strict";
import { join } from "node:path";
import {
  detectLanguages,
  resolveLanguage,
} from "../../src/sandbox/languages.ts";
import { tempDir } from "./_helpers.ts";

/** A PATH holding fake runtimes that print a version. */
async function fakePath(
  dir: string,
  runtimes: Record<string, string>,
): Promise<string> {
  for (const [name, versionOutput] of Object.entries(runtimes)) {
    const path = join(dir, name);
    await Deno.writeTextFile(path, `#!/bin/sh\necho '${versionOutput}'\n`);
    await Deno.chmod(path, 0o755);
  }
  return dir;
}

Deno.test({
  name: "resolveLanguage accepts ids and aliases in any case",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using dir = await tempDir();
    const env = {
      PATH: await fakePath(dir.path, {
        bash: "",
        python3: "",
        rustc: "",
        perl: "",
      }),
    };
    const cases: Array<[string, string]> = [
      ["js", "javascript"],
      ["JavaScript", "javascript"],
      ["ts", "typescript"],
      ["sh", "shell"],
      ["bash", "shell"],
      ["py", "python"],
      ["Python3", "python"],
      ["rs", "rust"],
      ["pl", "perl"],
    ];
    for (const [name, id] of cases) {
      assert.equal(resolveLanguage(name, { env }), id, name);
    }
  },
});

Deno.test({
  name:
    "resolveLanguage rejects unknown and missing languages and lists the available ones",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using dir = await tempDir();
    const env = { PATH: await fakePath(dir.path, { python3: "" }) };
    assert.throws(
      () => resolveLanguage("cobol", { env }),
      (error: unknown) =>
        error instanceof RangeError &&
        error.message ===
          'Cannot run language "cobol": unknown; available: javascript, typescript, python',
    );
    assert.throws(
      () => resolveLanguage("ruby", { env }),
      (error: unknown) =>
        error instanceof RangeError &&
        error.message ===
          'Cannot run language "ruby": ruby not found on PATH; available: javascript, typescript, python',
    );
  },
});

Deno.test({
  name: "detectLanguages finds runtimes on PATH and asks them their versions",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using dir = await tempDir();
    const env = {
      PATH: await fakePath(dir.path, {
        ruby: "ruby 3.3.1p55 (2024-04-23 revision 1234) [x86_64-linux]",
        go: "go version go1.22.3 linux/amd64",
        elixir:
          "Erlang/OTP 26 [erts-14.2]\n\nElixir 1.16.2 (compiled with Erlang/OTP 26)",
      }),
    };
    const languages = await detectLanguages({ env, versions: true });
    const byId = new Map(languages.map((info) => [info.id, info]));
    assert.equal(byId.get("ruby")?.command, join(dir.path, "ruby"));
    assert.equal(byId.get("ruby")?.version, "3.3.1");
    assert.equal(byId.get("go")?.version, "1.22.3");
    assert.equal(byId.get("elixir")?.version, "1.16.2");
    assert.equal(byId.get("typescript")?.version, Deno.version.deno);
    assert.equal(byId.get("python")?.available, false);
    assert.equal(byId.get("python")?.command, undefined);
    assert.equal(byId.get("rust")?.extension, ".rs");
  },
});

Deno.test({
  name: "detectLanguages skips files that are not executable",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using dir = await tempDir();
    await Deno.writeTextFile(join(dir.path, "php"), "not a program");
    await Deno.chmod(join(dir.path, "php"), 0o644);
    const languages = await detectLanguages({ env: { PATH: dir.path } });
    assert.equal(languages.find((info) => info.id === "php")?.available, false);
  },
});
